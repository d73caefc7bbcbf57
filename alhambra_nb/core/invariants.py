"""What must hold after every action of every game, and whole games played to check it.

:func:`broken_invariants` lists what is wrong with a state: a card (money, scoring, diamond,
gate, character) missing, doubled or where it never lies, a tile missing or doubled, a gate
standing without its card, an illegal Alhambra, anything the loader of a saved game would
refuse. :func:`soak_game` plays one seeded game with bots, checking them after every action;
the soak benchmark and the test suite both use it, so they hold the engine to the same rules.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from .bots import GreedyBot, RandomBot
from .city import City
from .new_game import new_state
from .phases import PHASE_OVER
from .plugin import saved_form
from .state import (
    GameState,
    GameStateError,
    card_places,
    check_consistency,
    expected_cards,
    expected_tiles,
    tile_places,
)
from .turns import apply_in_place

MODULE_NAMES = ("gates", "diamonds", "characters", "camps")
"""The four expansion II modules a soak switches on in every combination."""


def conservation_problems(state: GameState) -> list[str]:
    """Every card and every tile of the game in exactly one place, and nothing else; each
    module's part of the game consistent (as its own check finds it: as many gates standing
    as gate cards played, ...)."""
    problems = []
    places, expected = card_places(state), expected_cards(state)
    for card_id, where in places.items():
        if len(where) > 1:
            problems.append(f"the card {card_id!r} lies in {' and '.join(where)}")
    if places.keys() != expected:
        problems += [f"the card {c!r} is nowhere" for c in sorted(expected - places.keys())]
        problems += [f"the card {c!r} is not part of this game" for c in places.keys() - expected]
    tiles, wanted = tile_places(state), expected_tiles(state)
    if tiles != wanted:
        for tile in sorted(tiles.keys() | wanted.keys(), key=lambda t: t.sort_key()):
            if tiles[tile] != wanted[tile]:
                problems.append(
                    f"the tile {tile.code!r} occurs {tiles[tile]} times, not {wanted[tile]}"
                )
    for module in state.module_objects:
        saved = saved_form(state.extra.get(module.key))
        problems += [f"{where}: {problem}" for where, problem in module.check_state(state, saved)]
    return problems


def broken_invariants(state: GameState, *, checked: dict[int, City] | None = None) -> list[str]:
    """What is wrong with ``state`` after an action (``[]`` when nothing is): conservation
    and legal cities. ``checked`` remembers the cities already found legal, by seat: a city
    is replaced whenever it changes, so only changed cities are checked again."""
    problems = conservation_problems(state)
    for seat, player in enumerate(state.players):
        if checked is not None and checked.get(seat) is player.city:
            continue
        wrong = player.city.validate()
        if wrong:
            problems.append(f"the Alhambra of seat {seat} is illegal: {wrong[0].message}")
        elif checked is not None:
            checked[seat] = player.city
    return problems


def load_problems(state: GameState) -> list[str]:
    """What the loader of a saved game would refuse in ``state`` (``[]`` when nothing)."""
    try:
        check_consistency(state)
    except GameStateError as exc:
        return [f"the state would not load: {exc}"]
    return []


@dataclass
class SoakResult:
    """One game of a soak: how many actions it took and what broke (``breaks`` as
    ``(action number, problem)``)."""

    players: int
    modules: tuple[str, ...]
    seed: int
    actions: int = 0
    finished: bool = False
    breaks: list[tuple[int, str]] = field(default_factory=list)


def soak_game(
    players: int,
    modules: Sequence[str],
    seed: int,
    *,
    greedy: bool = False,
    max_actions: int = 20_000,
    on_save: Callable[[dict[str, Any]], None] | None = None,
    save_every: int = 0,
) -> SoakResult:
    """Play one game with bots (seeded RandomBots, or GreedyBots with ``greedy``), checking
    :func:`broken_invariants` after every action and :func:`load_problems` at the end. An
    action the engine lists but refuses, or an error while playing, is a break too, and
    ends the game. With ``save_every``, every so many actions (and at the end) the state is
    saved, read back, and handed to ``on_save`` as the saved data."""
    result = SoakResult(players, tuple(modules), seed)
    state = new_state(players, seed, modules)
    bots = [(GreedyBot if greedy else RandomBot)(seed * 1000 + seat) for seat in range(players)]
    checked: dict[int, City] = {}
    try:
        while state.phase != PHASE_OVER and result.actions < max_actions:
            apply_in_place(state, bots[state.current].choose(state))
            result.actions += 1
            for problem in broken_invariants(state, checked=checked):
                result.breaks.append((result.actions, problem))
            if save_every and result.actions % save_every == 0:
                _save_and_load(state, on_save)
        result.finished = state.phase == PHASE_OVER
        for problem in load_problems(state):
            result.breaks.append((result.actions, problem))
        if save_every:
            _save_and_load(state, on_save)
    except Exception as exc:  # a soak reports every failure as a break, whatever it is
        result.breaks.append((result.actions, f"{type(exc).__name__}: {exc}"))
    if not result.finished and not result.breaks:
        result.breaks.append((result.actions, f"the game did not end in {max_actions} actions"))
    return result


def _save_and_load(state: GameState, on_save: Callable[[dict[str, Any]], None] | None) -> None:
    data = json.loads(json.dumps(state.to_dict(), ensure_ascii=False))
    if on_save is not None:
        on_save(data)
    again = GameState.from_dict(data)
    if again.to_dict() != data:
        raise GameStateError("(top)", "a saved game reads back differently")


def soak_plan(games: int, seed: int = 0) -> list[tuple[int, tuple[str, ...], int]]:
    """``games`` games as ``(players, modules, seed)``: every combination of the four
    modules (16) in turn, with 2 to 6 players, so that every pairing comes round."""
    combos = [
        tuple(name for bit, name in enumerate(MODULE_NAMES) if mask >> bit & 1)
        for mask in range(1 << len(MODULE_NAMES))
    ]
    return [
        (2 + (i // len(combos) + i) % 5, combos[i % len(combos)], seed + i) for i in range(games)
    ]

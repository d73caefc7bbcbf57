"""Copies, pickles and saves behave as Python programmers expect.

For games of every combination of the expansion modules and 2–6 players: a deep copy, a
pickle and a save of each public object (Game, GameState, City, every bot, Variants, the
lab's results) is a twin that plays on exactly like the original, shares nothing mutable with
it, and leaves the original's future unchanged when the twin plays first.
"""

from __future__ import annotations

import copy
import itertools
import pickle
import random
import types
from collections.abc import Callable, Iterator
from enum import Enum
from typing import Any

import pytest

import alhambra_nb as alh
from alhambra_nb.core.search import SearchBot

MODULES = ("gates", "diamonds", "characters", "camps")
COMBINATIONS = [
    combo for size in range(len(MODULES) + 1) for combo in itertools.combinations(MODULES, size)
]
"""The sixteen ways to switch the modules on, each played by a different number of players."""

CASES = [(modules, 2 + index % 5, 100 + index) for index, modules in enumerate(COMBINATIONS)]
IDS = [f"{'+'.join(m) or 'base'}-{n}p" for m, n, _ in CASES]

Twin = Callable[[Any], Any]


def deep_copied(value: Any) -> Any:
    return copy.deepcopy(value)


def pickled(value: Any) -> Any:
    return pickle.loads(pickle.dumps(value))


def saved_game(game: alh.Game) -> alh.Game:
    return alh.Game.from_json(game.to_json())


def saved_state(state: alh.core.GameState) -> alh.core.GameState:
    return alh.core.GameState.from_dict(state.to_dict())


TWINS: dict[str, Twin] = {"deepcopy": deep_copied, "pickle": pickled}


# -- what an object holds that can change ----------------------------------------------------
_ATOMS = (str, bytes, int, float, complex, bool, type(None), range, Enum, type)


def mutable_parts(value: Any) -> set[int]:
    """The ids of every mutable thing reachable from ``value``: lists, dicts, sets, random
    generators and the package's objects with fields, following attributes, slots and the
    owners of bound methods (a bound method kept on an object holds its owner)."""
    seen: set[int] = set()
    found: set[int] = set()
    stack = [value]
    while stack:
        item = stack.pop()
        if id(item) in seen or isinstance(item, _ATOMS) or (callable(item) and _is_static(item)):
            continue
        seen.add(id(item))
        if isinstance(item, (list, dict, set, bytearray, random.Random)):
            found.add(id(item))
        stack.extend(_parts(item))
    return found


def _is_static(item: Any) -> bool:
    """Functions, classes and modules belong to the program, not to one object."""
    return isinstance(item, (types.FunctionType, types.ModuleType, type)) or (
        isinstance(item, (types.MethodType, types.BuiltinMethodType))
        and isinstance(getattr(item, "__self__", None), types.ModuleType)
    )


def _parts(item: Any) -> Iterator[Any]:
    if isinstance(item, dict):
        yield from item.keys()
        yield from item.values()
    elif isinstance(item, (list, tuple, set, frozenset)):
        yield from item
    elif isinstance(item, (types.MethodType, types.BuiltinMethodType)):
        yield item.__self__
    else:
        yield from getattr(item, "__dict__", {}).values()
        for klass in type(item).__mro__:
            for name in getattr(klass, "__slots__", ()):
                if hasattr(item, name) and not name.startswith("__"):
                    yield getattr(item, name)


def assert_shares_nothing(original: Any, twin: Any) -> None:
    shared = mutable_parts(original) & mutable_parts(twin)
    assert not shared, f"{len(shared)} mutable parts shared between the original and its twin"


# -- games -----------------------------------------------------------------------------------
def started(modules: tuple[str, ...], players: int, seed: int, steps: int) -> alh.Game:
    """A game some way in: ``steps`` actions chosen by a seeded random bot."""
    game = alh.Game(players, seed=seed, modules=modules)
    play(game, alh.RandomBot(seed), steps)
    return game


def play(game: alh.Game, bot: Any, steps: int) -> alh.Game:
    for _ in range(steps):
        if game.is_over():
            break
        game.apply(bot.choose(game.state))
    return game


@pytest.mark.parametrize(("modules", "players", "seed"), CASES, ids=IDS)
@pytest.mark.parametrize("how", ["deepcopy", "pickle", "save"])
def test_a_games_twin_plays_on_like_the_original_and_leaves_it_alone(modules, players, seed, how):
    game = started(modules, players, seed, steps=60)
    twin = saved_game(game) if how == "save" else TWINS[how](game)
    assert twin.to_json() == game.to_json()
    if how != "save":  # a save keeps no history; a copy keeps it, to undo
        assert twin.history == game.history
        assert_shares_nothing(game, twin)
    reference = alh.Game.from_json(game.to_json())
    play(twin, alh.RandomBot(seed + 1), 120)  # the twin plays first ...
    play(game, alh.RandomBot(seed + 1), 120)  # ... and the original after it, the same way
    play(reference, alh.RandomBot(seed + 1), 120)
    assert game.to_json() == twin.to_json() == reference.to_json()
    assert [e.to_dict() for e in game.events] == [e.to_dict() for e in twin.events]


@pytest.mark.parametrize(("modules", "players", "seed"), CASES, ids=IDS)
@pytest.mark.parametrize("how", ["deepcopy", "pickle", "save"])
def test_a_states_twin_plays_on_like_the_original_and_leaves_it_alone(modules, players, seed, how):
    state = started(modules, players, seed, steps=40).state
    twin = saved_state(state) if how == "save" else TWINS[how](state)
    assert twin.to_dict() == state.to_dict()
    assert_shares_nothing(state, twin)
    before = state.to_dict()
    bot = alh.RandomBot(seed)
    later = twin
    for _ in range(80):
        if later.phase == "over":
            break
        later = alh.apply_action(later, bot.choose(later))
    assert state.to_dict() == before
    mine = state
    bot = alh.RandomBot(seed)
    for _ in range(80):
        if mine.phase == "over":
            break
        mine = alh.apply_action(mine, bot.choose(mine))
    assert mine.to_dict() == later.to_dict()


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
@pytest.mark.parametrize(
    "make",
    [
        lambda: alh.RandomBot(5),
        lambda: alh.GreedyBot(5),
        lambda: SearchBot(5, time=None, simulations=2),
    ],
    ids=["random", "greedy", "search"],
)
def test_a_bots_twin_plays_like_it_and_does_not_draw_from_its_generator(make, how):
    steps = 12 if isinstance(make(), SearchBot) else 80
    played = make()
    play(started(("characters",), 3, 9, steps=10), played, 5)  # a bot some way into a game
    twin = TWINS[how](played)
    assert_shares_nothing(played, twin)
    game_of_twin = play(started(("characters",), 3, 9, steps=10), twin, steps)
    game_of_original = play(started(("characters",), 3, 9, steps=10), played, steps)
    assert game_of_twin.history == game_of_original.history
    # and a fresh bot that played the same first moves chooses as both did
    replayed = make()
    play(started(("characters",), 3, 9, steps=10), replayed, 5)
    game_of_replayed = play(started(("characters",), 3, 9, steps=10), replayed, steps)
    assert game_of_replayed.history == game_of_original.history


def test_a_copied_random_bot_keeps_its_own_generator():
    bot = alh.RandomBot(seed=5)
    twin = copy.deepcopy(bot)
    state = alh.Game(4, seed=1).state
    first = [twin.choose(state) for _ in range(30)]
    assert [bot.choose(state) for _ in range(30)] == first


@pytest.mark.parametrize("how", ["deepcopy", "pickle", "text"])
def test_a_citys_twin_answers_alike_and_changes_alone(how):
    city = alh.random_city(4, 25)
    twin = alh.City.from_text(city.to_text()) if how == "text" else TWINS[how](city)
    assert twin == city and twin.to_text() == city.to_text()
    if how != "text":
        assert_shares_nothing(city, twin)
    for tile in alh.TILES[:12]:
        assert twin.legal_cells(tile) == city.legal_cells(tile)
    text = city.to_text()
    tile = next(t for t in alh.TILES if twin.legal_cells(t))
    twin.place(tile, min(twin.legal_cells(tile)))
    assert city.to_text() == text and len(twin) == len(city) + 1


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_variants_twins_are_equal_and_play_the_same_game(how):
    variants = alh.Variants(ring="n-1", holes="single")
    twin = TWINS[how](variants)
    assert twin == variants and hash(twin) == hash(variants)
    games = [alh.simulate(3, seed=4, variants=v) for v in (variants, twin)]
    assert games[0].to_json() == games[1].to_json()


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_a_finished_game_with_every_module_copies_and_pickles(how):
    """A long log is flat, not a chain as deep as the game: no recursion limit is reached."""
    game = alh.simulate(4, seed=5, modules=MODULES)
    twin = TWINS[how](game)
    assert twin.to_json() == game.to_json() and twin.history == game.history
    assert twin.undo() == game.history[-1]  # the twin undoes alone
    assert game.to_json() != twin.to_json()


def test_reading_the_state_does_not_copy_the_log():
    game = alh.simulate(4, seed=5)
    first, second = game.state, game.state
    assert len(first.log) > 500
    assert first.log is second.log  # shared: no one can change it
    event = first.log[-1]
    event.params.clear()  # type: ignore[attr-defined]
    assert game.events[-1].params  # what was read was the reader's own
    first.note("event.end", player="Ana")  # a state read and changed grows its own log
    assert len(first.log) == len(second.log) + 1 == len(game.events) + 1
    assert game.state.log == second.log


def test_logs_that_fork_keep_their_own_events():
    game = alh.Game(3, seed=2)
    play(game, alh.RandomBot(2), 30)
    start = game.state
    left, right = start.copy(), start.copy()
    left.note("event.end", player="Left")
    right.note("event.end", player="Right")
    left.note("event.end", player="Left again")
    assert [e.params.get("player") for e in left.log[-2:]] == ["Left", "Left again"]
    assert [e.params.get("player") for e in right.log[-1:]] == ["Right"]
    assert len(start.log) == len(left.log) - 2 == len(right.log) - 1


@pytest.mark.parametrize("how", ["deepcopy", "pickle"])
def test_the_labs_results_copy_and_pickle(how):
    pytest.importorskip("pandas")
    simulation = alh.lab.simulate_games(
        6, players=2, bots="greedy", seed=3, processes=1, progress=False
    )
    twin = TWINS[how](simulation)
    assert twin.players.equals(simulation.players) and twin.games.equals(simulation.games)
    assert twin.second_scoring_turns() == simulation.second_scoring_turns()
    cities = alh.lab.positions(Ana=alh.random_city(1, 12), Ben=alh.random_city(2, 9))
    cell = next(c for c, _ in cities["Ana"].items() if not cities["Ana"].check_removal(c))
    what = alh.lab.what_if(cities, "Ana", f"{cell[0]},{cell[1]} -")
    assert str(TWINS[how](what)) == str(what)


def test_what_a_city_answers_is_the_askers_own():
    """Answers the city remembers for its position are handed out as copies: changing one
    changes no later answer."""
    city = alh.random_city(3, 20)
    tile = next(t for t in alh.TILES if city.gate_openings(t))
    first = city.gate_openings(tile)
    expected = list(first)
    first.clear()
    assert city.gate_openings(tile) == expected
    cells = city.legal_cells(tile)
    with pytest.raises((AttributeError, TypeError)):
        cells.add((99, 99))  # type: ignore[attr-defined]  # a read-only set

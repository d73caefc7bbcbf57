"""Shared checks for games with and without the expansion II modules.

:func:`check_invariants` holds a state to what must always be true: every card (money,
scoring, diamond, gate, character) in exactly one place, every tile once, legal cities, the
gates standing matching the gate cards played, a sane turn marker, a state that saves and
loads. :func:`play_checked` plays a seeded RandomBot game checking them as it goes.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence

import alhambra_nb as alh
from alhambra_nb.core.checks import check_action
from alhambra_nb.core.invariants import broken_invariants
from alhambra_nb.core.listing import legal_actions
from alhambra_nb.core.state import GameState, card_places, check_consistency
from alhambra_nb.core.turns import apply_in_place

ALL_MODULES = ("gates", "diamonds", "characters", "camps")


def check_invariants(state: GameState, *, round_trip: bool = False) -> None:
    """Every card and tile in exactly one place, legal cities (the package's own checks,
    which the soak benchmark runs too), module state consistent."""
    problems = broken_invariants(state)
    assert problems == [], (problems, state.modules)
    assert len(state.display) <= 4
    if "gates" in state.modules:
        assert len(state.extra["gates"].used) <= len(state.players)
    for name in ("characters", "characters-half-hakim"):
        if name in state.modules:
            data = state.extra["characters"]
            auction, choice = data.auction, data.choice
            assert choice is None or "character-fatime" in data.owned[choice]
            if auction is not None and choice is None:
                assert auction.character is not None
    check_consistency(state)
    if round_trip:
        text = json.dumps(state.to_dict(), ensure_ascii=False)
        again = GameState.from_dict(json.loads(text))
        assert json.dumps(again.to_dict(), ensure_ascii=False) == text


def play_checked(
    players: int,
    seed: int,
    modules: Sequence[str] = (),
    *,
    every: int = 1,
    sample_actions: int = 0,
    bot: object | None = None,
) -> alh.Game:
    """A game played by a bot (RandomBot by default) checking the invariants after every
    ``every``-th action; ``sample_actions`` listed actions per step are also checked legal
    and read back from their text."""
    game = alh.Game(players, seed=seed, modules=modules)
    bot = bot or alh.RandomBot(seed)
    scores = [0] * players
    state = game.state.copy()
    for step in range(20_000):
        if state.phase == "over":
            break
        legal = legal_actions(state)
        assert len(legal) > 0, (step, state.modules)
        for index in range(0, len(legal), max(1, len(legal) // max(1, sample_actions)))[
            :sample_actions
        ]:
            listed = legal[index]
            assert check_action(state, listed) == [], listed
            assert alh.parse_action(str(listed)) == listed, listed
        action = bot.choose(state)  # type: ignore[attr-defined]
        apply_in_place(state, action)  # the same checks as Game.apply, without the copy
        game._actions.append(action)
        if step % every == 0:
            check_invariants(state, round_trip=step % (every * 50) == 0)
        now = [p.score for p in state.players]
        assert all(b >= a for a, b in zip(scores, now, strict=True)), "scores only grow"
        scores = now
    assert state.phase == "over", "the game ends"
    game._state = state
    game._before = None
    check_invariants(state, round_trip=True)
    assert [s.round for s in game.scorings][-1] == 3
    totals = dict.fromkeys(game.scores(), 0)
    for breakdown in game.scorings:
        for name in totals:
            totals[name] += breakdown.totals[name]
    assert totals == game.scores(), "the breakdowns explain every point"
    return game


def module_cards(state: GameState) -> Counter[str]:
    """How many cards of each kind a state holds (for quick looks in tests)."""
    kinds: Counter[str] = Counter()
    for card_id in card_places(state):
        kinds[card_id.split("-")[0].split("#")[0]] += 1
    return kinds

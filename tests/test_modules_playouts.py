"""Seeded play-outs with every combination of the expansion II modules (16, none included).

Each game is played by RandomBot (and some by GreedyBot) through the public rules, checking
after every action that every card, tile, gate and character is in exactly one place, that
every city is legal, that scores only grow, that the breakdowns explain every point, and
that the game ends.
"""

from __future__ import annotations

from itertools import combinations

import pytest

import alhambra_nb as alh
from tests.game_checks import ALL_MODULES, check_invariants, play_checked

COMBINATIONS = [combo for k in range(5) for combo in combinations(ALL_MODULES, k)]


def _name(combo: tuple[str, ...]) -> str:
    return "+".join(combo) or "none"


def test_sixteen_combinations():
    assert len(COMBINATIONS) == 16


@pytest.mark.parametrize("combo", COMBINATIONS, ids=_name)
def test_random_playouts_with_modules(combo):
    """Three seeds per combination, 2 to 6 players, invariants after every action."""
    for k, players in enumerate((2 + COMBINATIONS.index(combo) % 5, 3, 6)):
        seed = 10 * len(combo) + k
        play_checked(players, seed, combo, every=1, sample_actions=3)


@pytest.mark.parametrize("players", [2, 4, 5])
def test_greedy_playouts_with_all_modules(players):
    for seed in range(2):
        bots = ["greedy"] * players
        game = alh.simulate(players, bots=bots, seed=seed, modules=ALL_MODULES)
        assert game.is_over()
        check_invariants(game.state, round_trip=True)


@pytest.mark.slow
@pytest.mark.parametrize("combo", COMBINATIONS, ids=_name)
def test_many_playouts_with_modules(combo):
    """Six more games per combination, checked every 5th action."""
    for seed in range(100, 106):
        play_checked(2 + seed % 5, seed, combo, every=5)


@pytest.mark.slow
def test_half_building_hakim_playouts():
    for seed in range(6):
        play_checked(2 + seed % 5, seed, ("characters-half-hakim", "diamonds"), every=3)


@pytest.mark.parametrize("players", [2, 4])
def test_modules_save_and_load_continue_identically(players):
    reference = alh.simulate(players, seed=5, modules=ALL_MODULES)
    final = reference.to_json()
    actions = reference.history
    for cut in (0, len(actions) // 3, len(actions) // 2, len(actions) - 1):
        game = alh.Game(players, seed=5, modules=ALL_MODULES)
        for action in actions[:cut]:
            game.apply(action)
        loaded = alh.Game.from_json(game.to_json())
        assert loaded.to_json() == game.to_json()
        assert loaded.legal_actions() == game.legal_actions()
        for action in actions[cut:]:
            loaded.apply(str(action))
        assert loaded.to_json() == final


def test_same_seed_same_game_with_modules():
    one = alh.simulate(3, seed=4, modules=ALL_MODULES)
    two = alh.simulate(3, seed=4, modules=ALL_MODULES)
    assert one.to_json() == two.to_json()
    assert alh.Game(3, seed=4, modules=ALL_MODULES).to_json() != alh.Game(3, seed=4).to_json()


def test_module_order_does_not_matter_for_the_components():
    a = alh.Game(4, seed=1, modules=ALL_MODULES).state
    b = alh.Game(4, seed=1, modules=tuple(reversed(ALL_MODULES))).state
    for state in (a, b):
        check_invariants(state)
    assert a.extra.keys() == b.extra.keys()
    everything = [
        sorted([*s.deck, *s.display, *(c for p in s.players for c in p.money)]) for s in (a, b)
    ]
    assert everything[0] == everything[1]


def test_undo_with_modules_restores_every_state():
    game = alh.Game(3, seed=8, modules=ALL_MODULES)
    bot = alh.RandomBot(8)
    texts = [game.to_json()]
    for _ in range(150):
        if game.is_over():
            break
        game.apply(bot.choose(game.state))
        texts.append(game.to_json())
    while game.history:
        texts.pop()
        game.undo()
        assert game.to_json() == texts[-1]


def test_game_shows_module_state():
    game = alh.Game(3, seed=2, modules=("gates", "characters"))
    assert game.modules == ("gates", "characters")
    gates = game.module_state("gates")
    assert gates["display"] is None and gates["hands"] == [[], [], []]
    gates["hands"][0].append("gate#1")  # a copy: the game is untouched
    assert game.module_state("gates")["hands"][0] == []
    assert len(game.module_state("characters")["aside"]) == 4
    assert game.module_state("camps") == {}

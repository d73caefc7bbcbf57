"""A small seeded soak: whole games over every module combination, checked after every action.

``benchmarks/soak.py`` runs the same checks over a thousand games and more.
"""

from __future__ import annotations

from alhambra_nb.core.invariants import (
    MODULE_NAMES,
    broken_invariants,
    soak_game,
    soak_plan,
)
from alhambra_nb.core.new_game import new_state


def test_the_plan_covers_every_module_combination_and_player_count():
    plan = soak_plan(80)
    assert {(players, modules) for players, modules, _ in plan} == {
        (players, tuple(m for m in MODULE_NAMES if m in combo))
        for players in range(2, 7)
        for combo in [
            {m for bit, m in enumerate(MODULE_NAMES) if mask >> bit & 1} for mask in range(16)
        ]
    }
    assert len({seed for _, _, seed in plan}) == 80


def test_a_small_soak_breaks_nothing():
    games = [soak_game(players, modules, seed) for players, modules, seed in soak_plan(16, 900)]
    greedy = [soak_game(players, ("gates", "characters"), 7, greedy=True) for players in (2, 5)]
    for result in games + greedy:
        assert result.finished, result
        assert result.breaks == [], result
    assert sum(r.actions for r in games) > 16 * 100


def test_the_checks_see_a_card_twice_a_lost_tile_and_an_illegal_city():
    state = new_state(3, 4, ("gates",))
    assert broken_invariants(state) == []
    card = state.deck[0]
    state.discard.append(card)
    lost, far = state.bag.pop(), state.bag.pop()
    state.players[1].city = state.players[1].city.from_text(f"5,5 {far.code}")
    problems = broken_invariants(state)
    assert any(card in p and "deck and discard" in p for p in problems), problems
    assert any(repr(lost.code) in p and "occurs 0 times" in p for p in problems), problems
    assert not any(repr(far.code) in p for p in problems), problems
    assert any("seat 1 is illegal" in p for p in problems), problems

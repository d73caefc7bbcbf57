"""Expansion II, module "diamonds" in the game (RULES.md §9.2)."""

from __future__ import annotations

from itertools import combinations

import pytest

import alhambra_nb as alh
from alhambra_nb.core.checks import check_action
from alhambra_nb.core.listing import legal_actions
from alhambra_nb.core.money import space_currency
from alhambra_nb.core.new_game import new_state
from alhambra_nb.core.payment import pay_group
from alhambra_nb.core.state import GameState
from alhambra_nb.core.turns import _end_of_game, apply_action
from alhambra_nb.modules.diamonds import DIAMOND_TABLE, load_diamonds
from tests.game_checks import check_invariants
from tests.test_game_support import set_hand, set_market

R = alh.RuleId


def _state(players: int = 3, seed: int = 2) -> GameState:
    return new_state(players, seed, modules=("diamonds",))


def _rules(state, action):
    return [v.rule for v in check_action(state, action)]


def test_the_11_diamonds_the_eleventh_value_reconstructed():
    values = sorted(card.value for card in alh.DIAMONDS)
    assert values == [3, 4, 5, 5, 6, 6, 6, 7, 7, 8, 9]
    assert [row.source for row in DIAMOND_TABLE].count("reconstructed") == 1
    assert len({card.id for card in alh.DIAMONDS}) == 11
    assert alh.card("diamond-6#3").value == 6 and str(alh.card("diamond-6#3")) == "6 Diamonds"
    again = load_diamonds("value,source\n3,published\n3,reconstructed\n")
    assert [row.card.id for row in again] == ["diamond-3#1", "diamond-3#2"]


def test_diamonds_are_shuffled_in_before_starting_money():
    dealt = 0
    for seed in range(30):
        state = new_state(4, seed, modules=("diamonds",))
        check_invariants(state)
        dealt += sum(c.startswith("diamond") for p in state.players for c in p.money)
        assert all(sum(alh.card(c).value for c in p.money) >= 20 for p in state.players)
    assert dealt > 0  # some starting hands hold diamonds


def test_diamonds_buy_on_any_market_space():
    state = _state()
    seat = state.current
    set_market(state, 2, "seraglio-9")
    set_market(state, 4, "tower-13-E")
    set_hand(state, seat, "diamond-5#1", "diamond-4#1")
    # The seed's example: 5 + 4 diamonds pay the seraglio exactly (another action).
    assert alh.Buy(2, ("diamond-5#1", "diamond-4#1")) in list(legal_actions(state))
    after = apply_action(state, "buy 2 with diamond-5#1 diamond-4#1")
    assert after.may_act and after.players[seat].bought == [alh.Tile.parse("seraglio-9")]
    assert "9 Diamonds exactly" in after.log[-1].sentence()
    check_invariants(after)


def _minimal_values(cards, price):
    """Every minimal payment of ``price`` with ``cards`` as its sorted values, found by trying
    every set of cards: it pays, and leaving out any one card falls short."""
    found = set()
    for size in range(1, len(cards) + 1):
        for combo in combinations(cards, size):
            values = [alh.card(c).value for c in combo]
            if sum(values) >= price and all(sum(values) - v < price for v in values):
                found.add(tuple(sorted(values)))
    return found


def test_every_space_lists_each_minimal_diamond_payment_before_its_own_currency():
    state = _state()
    seat = state.current
    for space, code in enumerate(("pavilion-8", "seraglio-9", "arcades-10", "tower-13-E"), 1):
        set_market(state, space, code)
    diamonds = ("diamond-3#1", "diamond-5#1", "diamond-5#2", "diamond-7#1", "diamond-9#1")
    money = ("denar-9#1", "dirham-9#1", "ducat-5#1", "ducat-6#1", "guilder-7#1", "guilder-8#1")
    set_hand(state, seat, *diamonds, *money)
    buys = [a for a in legal_actions(state) if isinstance(a, alh.Buy)]
    for space, tile in enumerate(state.market, 1):
        listed = [buy.cards for buy in buys if buy.space == space]
        currency = space_currency(space).value
        paid_in = [{pay_group(c) for c in cards} for cards in listed]
        count = paid_in.count({"diamond"})
        assert count and paid_in == [{"diamond"}] * count + [{currency}] * (len(listed) - count)
        values = [tuple(sorted(alh.card(c).value for c in cards)) for cards in listed[:count]]
        assert sorted(values) == sorted(_minimal_values(diamonds, tile.price))  # each once
        own = [c for c in money if pay_group(c) == currency]
        assert {tuple(sorted(cards)) for cards in listed[count:]} == {
            tuple(sorted(combo))
            for size in range(1, len(own) + 1)
            for combo in combinations(own, size)
            if tuple(sorted(alh.card(c).value for c in combo)) in _minimal_values(own, tile.price)
        }


def test_overpaying_with_diamonds_ends_the_actions():
    state = _state()
    seat = state.current
    set_market(state, 1, "pavilion-8")
    set_hand(state, seat, "diamond-5#1", "diamond-4#1")
    after = apply_action(state, "buy 1 with diamond-5#1 diamond-4#1")
    assert not after.may_act


def test_diamonds_never_mix_with_other_cards():
    state = _state()
    seat = state.current
    set_market(state, 4, "tower-13-E")
    set_hand(state, seat, "diamond-5#1", "diamond-4#1", "guilder-4#1")
    mixed = alh.Buy(4, ("diamond-5#1", "diamond-4#1", "guilder-4#1"))
    assert _rules(state, mixed) == [R.BUY_MIXED_CURRENCY]
    assert "never combined" in check_action(state, mixed)[0].message
    assert mixed not in list(legal_actions(state))
    short = alh.Buy(4, ("diamond-5#1", "diamond-4#1"))
    assert _rules(state, short) == [R.BUY_INSUFFICIENT]
    assert "the diamonds" in check_action(state, short)[0].message
    assert _rules(state, alh.Buy(4, ("diamond-9#1",))) == [R.BUY_NOT_IN_HAND, R.BUY_INSUFFICIENT]
    game = alh.Game.from_state(state)
    before = game.to_json()
    with pytest.raises(alh.IllegalActionError) as error:
        game.apply(mixed)
    assert error.value.rule == R.BUY_MIXED_CURRENCY and game.to_json() == before


def test_diamonds_can_be_taken_from_the_display():
    state = _state()
    from tests.test_game_support import set_display

    set_display(state, "diamond-3#1", "denar-2#1", "dirham-9#1", "ducat-7#1")
    takes = {a.cards for a in legal_actions(state) if isinstance(a, alh.TakeMoney)}
    assert ("diamond-3#1", "denar-2#1") in takes  # 3 + 2 <= 5
    after = apply_action(state, "take diamond-3#1 denar-2#1")
    assert "3 Diamonds" in after.log[-1].sentence()


def test_diamonds_do_not_count_at_the_end_game_distribution():
    state = _state()
    set_market(state, 1, "pavilion-8")
    for seat in range(3):
        set_hand(state, seat)
    set_hand(state, 0, "diamond-9#1", "diamond-8#1")
    set_hand(state, 1, "denar-1#1")
    for space in (2, 3, 4):
        set_market(state, space, None)
    _end_of_game(state)
    assert state.players[1].bought == [alh.Tile.parse("pavilion-8")]
    assert state.players[0].bought == []
    game = alh.Game.from_state(state)
    assert game.money_in(0, "denar") == 0


def test_without_the_module_diamonds_are_not_part_of_the_game():
    import json

    state = new_state(3, 1)
    data = state.to_dict()
    data["players"][0]["money"].append("diamond-5#1")
    with pytest.raises(alh.GameStateError, match="not part of this game"):
        alh.Game.from_json(json.dumps(data))

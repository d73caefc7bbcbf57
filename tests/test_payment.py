"""Paying (core/payment.py): one place sorts out what cards pay, for buying, diamonds,
auctions and the computer players."""

from __future__ import annotations

from itertools import combinations

import pytest

import alhambra_nb as alh
from alhambra_nb.core.payment import (
    DIAMOND,
    can_pay_exactly,
    in_group,
    pay_group,
    payable,
    purse,
    sort_out,
)
from alhambra_nb.core.violations import RuleId

HAND = ["dirham-4#1", "denar-3#1", "diamond-5#1", "dirham-6#2", "gate#1", "diamond-3#1"]


def test_a_card_pays_with_its_currency_with_the_diamonds_or_not_at_all():
    assert pay_group("dirham-4#1") == "dirham"
    assert pay_group("diamond-5#1") == DIAMOND
    assert pay_group("scoring-1") is None and pay_group("gate#1") is None


def test_a_hand_falls_into_groups_that_pay_together():
    assert purse(HAND) == {
        "denar": ["denar-3#1"],
        "diamond": ["diamond-3#1", "diamond-5#1"],
        "dirham": ["dirham-4#1", "dirham-6#2"],
    }
    assert payable(HAND) == 10  # 4 + 6 Dirham; the diamonds total 8, the Denar 3
    assert payable(["gate#1"]) == 0


@pytest.mark.parametrize("price", range(0, 25))
def test_exact_payments_are_the_sums_of_some_cards(price):
    values = [3, 5, 5, 9]
    sums = {sum(c) for n in range(len(values) + 1) for c in combinations(values, n)}
    assert can_pay_exactly(values, price) == (price in sums)


def test_cards_offered_are_sorted_out_into_not_held_wrong_and_good():
    offered = ["dirham-4#1", "dirham-4#1", "denar-3#1", "ducat-9#1", "dirham-6#2"]
    payment = sort_out(offered, HAND, 12, in_group("dirham"))
    assert payment.foreign == ("dirham-4#1", "ducat-9#1")  # named twice; not held
    assert payment.wrong == ("denar-3#1",)
    assert payment.good == ("dirham-6#2",)  # a card named twice pays nothing at all
    assert (payment.paid, payment.short, payment.mixed) == (6, True, False)
    assert sort_out(["dirham-4#1", "dirham-6#2"], HAND, 10, in_group("dirham")).short is False
    anything = sort_out(["denar-3#1", "diamond-5#1"], HAND, 8)
    assert anything.wrong == () and anything.mixed and not anything.short


def test_buying_with_money_and_with_diamonds_is_refused_by_its_own_rules():
    game = alh.Game(["Ana", "Ben"], seed=4, modules=["diamonds"])
    state = game.state
    seat = state.current
    space = next(s for s, t in enumerate(state.market, start=1) if t is not None)
    hand = state.players[seat].money
    diamond = next(c for c in hand if c.startswith("diamond-"))  # this seed deals one
    other = next(c for c in hand if not c.startswith("diamond-"))
    not_held = next(c for c in ("denar-9#1", "denar-9#2", "denar-9#3") if c not in hand)
    rules = [v.rule for v in game.check(alh.Buy(space, (diamond, other)))]
    assert rules == [RuleId.BUY_MIXED_CURRENCY]
    rules = [v.rule for v in game.check(alh.Buy(space, (not_held,)))]
    assert rules == [RuleId.BUY_NOT_IN_HAND]

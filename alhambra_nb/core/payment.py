"""Paying: whether cards pay a price, and how (RULES.md §3, and §9.2-§9.3 of expansion II).

One place decides what a payment is made of, for every rule that takes money: buying a
building (in the space's currency, or in diamonds when that module is on), bidding for and
paying for a character, and the computer players' plans.

- what a card pays with (:func:`pay_group`: its currency, ``diamond``, or nothing) and how
  a hand falls into groups that pay together (:func:`purse_of`, :func:`purse`);
- the cards offered for a price, sorted out (:func:`sort_out`: not held, of the wrong kind,
  good; what the good ones total, and whether that is short, exact or mixed);
- the most a hand pays in one group (:func:`payable`), whether values pay a price exactly
  (:func:`can_pay_exactly`), and every minimal payment (:func:`minimal_payments`).

Each rule still says in its own words what is wrong with a payment; this module only finds it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from types import MappingProxyType

from .money import CURRENCY, VALUE, Currency, is_diamond, not_among, total

DIAMOND = "diamond"
"""The group of the diamond cards (expansion II): they pay together, never with money."""


def pay_group(card_id: str) -> str | None:
    """What ``card_id`` pays with: its currency's name (``"denar"``), :data:`DIAMOND` for a
    diamond, ``None`` for a card that pays nothing (a scoring card, a module's own card)."""
    group = _GROUPS.get(card_id)
    if group is not None:
        return group
    return DIAMOND if is_diamond(card_id) else None


_GROUPS = {card_id: currency.value for card_id, currency in CURRENCY.items()}
"""Each money card's currency by name (asked for every card of every hand)."""


@lru_cache(maxsize=1024)  # hands recur from turn to turn: 4 % of a RandomBot game, measured
def purse_of(hand: tuple[str, ...]) -> Mapping[str, tuple[tuple[str, ...], tuple[int, ...]]]:
    """A hand's cards by the group they pay with (:func:`pay_group`), each group sorted, with
    its cards' values; groups in the order of the sorted cards. Cards that pay nothing are
    left out. (Read-only: the answer is remembered for the next time the hand is asked.)"""
    groups: dict[str, tuple[list[str], list[int]]] = {}
    for card_id in sorted(hand):
        # A money card in one lookup, pay_group for the others: 0.3 % of a game, which keeps
        # the games figure within 5 % of what it was before the copy-safe bot and log.
        group = _GROUPS.get(card_id) or pay_group(card_id)
        if group is not None:
            cards, values = groups.setdefault(group, ([], []))
            cards.append(card_id)
            values.append(VALUE.get(card_id, 0))
    return MappingProxyType(
        {group: (tuple(cards), tuple(values)) for group, (cards, values) in groups.items()}
    )


def purse(cards: Iterable[str]) -> dict[str, list[str]]:
    """Cards grouped by what may pay together: each currency, and the diamonds."""
    return {group: list(held) for group, (held, _) in purse_of(tuple(cards)).items()}


def payable(cards: Iterable[str]) -> int:
    """The most ``cards`` pay at once: their best total in one currency or in diamonds."""
    return max((sum(values) for _, values in purse_of(tuple(cards)).values()), default=0)


def can_pay_exactly(values: Iterable[int], price: int) -> bool:
    """Whether some of the cards of these ``values`` total exactly ``price``."""
    reachable = 1  # bit n: some cards total n
    for value in values:
        reachable |= reachable << value
    return bool(reachable >> price & 1)


def is_exact_payment(card_ids: Iterable[str], price: int) -> bool:
    """Whether the cards pay ``price`` exactly: the payment that earns another action."""
    return total(card_ids) == price


def paid_in(cards: Sequence[str], currency: Currency) -> str:
    """What a payment of ``cards`` for a space of ``currency`` was made in: the currency's
    name, or ``diamond`` for a payment in diamonds (expansion II)."""
    return DIAMOND if cards and all(is_diamond(c) for c in cards) else currency.value


def in_group(group: str) -> Callable[[str], bool]:
    """Whether a card pays with ``group`` (a currency's name or :data:`DIAMOND`)."""
    return lambda card_id: pay_group(card_id) == group


@dataclass(frozen=True, slots=True)
class Payment:
    """Cards offered for a price, sorted out as every rule of paying reads them."""

    foreign: tuple[str, ...]
    """Cards the payer does not hold, and any card named a second time."""
    wrong: tuple[str, ...]
    """Cards held, but of a kind this payment does not take (another currency, no diamonds)."""
    good: tuple[str, ...]
    """The other cards: held, and of the kind asked for."""
    paid: int
    """What the good cards total."""
    price: int

    @property
    def short(self) -> bool:
        """Whether the good cards total less than the price (no building, no character is
        sold for less)."""
        return self.paid < self.price

    @property
    def mixed(self) -> bool:
        """Whether the good cards pay with more than one group (currencies, or diamonds)."""
        return len({g for g in map(pay_group, self.good) if g is not None}) > 1


def sort_out(
    cards: Sequence[str],
    hand: Sequence[str],
    price: int,
    takes: Callable[[str], bool] | None = None,
) -> Payment:
    """``cards`` offered from ``hand`` for ``price``, sorted out: those not held, those held
    but not taken (``takes`` says which kind of card the payment takes; every kind when
    ``None``) and the good ones, with what they total."""
    foreign = not_among(cards, hand)
    wrong = [c for c in cards if takes is not None and c not in foreign and not takes(c)]
    good = [c for c in cards if c not in foreign and c not in wrong]
    return Payment(tuple(foreign), tuple(wrong), tuple(good), total(good), price)


# -- minimal payments -----------------------------------------------------------------------
def minimal_payments(cards: Sequence[str], price: int) -> Iterator[tuple[str, ...]]:
    """Every *minimal* way to pay at least ``price`` with ``cards`` (one currency).

    A payment is minimal when no card could be left out and the rest still pay; cards of
    equal value are interchangeable, so each multiset of values appears once, paid with the
    first matching cards of ``cards``. An exact payment is always minimal.
    """
    for pattern in minimal_patterns(tuple(VALUE[c] for c in cards), price):
        yield tuple(cards[i] for i in pattern)


@lru_cache(maxsize=8192)
def minimal_patterns(values: tuple[int, ...], price: int) -> tuple[tuple[int, ...], ...]:
    """The minimal payments of ``price`` with cards of these ``values``, as the positions of
    the cards paid (remembered by values: hands differ in their cards far more often)."""
    by_value: dict[int, list[int]] = {}
    for index, value in enumerate(values):
        by_value.setdefault(value, []).append(index)
    stock = tuple(sorted(((v, len(ids)) for v, ids in by_value.items()), reverse=True))
    return tuple(
        tuple(i for (v, _), n in zip(stock, counts, strict=True) for i in by_value[v][:n])
        for counts in _minimal_counts(stock, price)
    )


def _minimal_counts(stock: tuple[tuple[int, int], ...], price: int) -> tuple[tuple[int, ...], ...]:
    """For values with how many cards of each (highest first): how many of each value every
    minimal payment of ``price`` uses (not remembered: :func:`minimal_patterns` is, and
    asks only for what it has not seen)."""
    search = _PaymentSearch(stock, price)
    search.walk(0, 0, 0)
    return tuple(search.found)


class _PaymentSearch:
    """One search of :func:`_minimal_counts` (a class rather than a nested function, which
    would refer to itself and wait for the garbage collector)."""

    __slots__ = ("chosen", "found", "price", "room", "stock", "values")

    def __init__(self, stock: tuple[tuple[int, int], ...], price: int) -> None:
        self.stock, self.price = stock, price
        self.values = [v for v, _ in stock]
        # What the values from each position on could pay at most.
        self.room = [0] * (len(stock) + 1)
        for i in range(len(stock) - 1, -1, -1):
            self.room[i] = self.room[i + 1] + stock[i][0] * stock[i][1]
        self.chosen = [0] * len(stock)
        self.found: list[tuple[int, ...]] = []

    def walk(self, i: int, paid: int, smallest: int) -> None:
        """Choose how many cards of value ``i`` on, having paid ``paid`` so far."""
        price, stock, chosen = self.price, self.stock, self.chosen
        if paid >= price:
            # Minimal: leaving out the smallest card chosen falls short.
            if paid - smallest < price:
                self.found.append(tuple(chosen))
            return
        if i == len(stock) or paid + self.room[i] < price:
            return
        value = self.values[i]
        for n in range(stock[i][1], -1, -1):
            chosen[i] = n
            self.walk(i + 1, paid + n * value, value if n else smallest)
        chosen[i] = 0

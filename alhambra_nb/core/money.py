"""Money: four currencies, the money cards and the scoring cards (paying: :mod:`.payment`).

Every card has a stable id that reads well and survives saving: ``denar-5#2`` is the second
copy of the 5 Denar card, ``scoring-1`` the first scoring card. The game state keeps ids (plain
strings); :func:`card` turns an id back into a :class:`MoneyCard` or :class:`ScoringCard`.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from enum import EnumType, StrEnum
from typing import Any

from .errors import AlhambraError
from .messages import Phrase, join, render, shown


class _CurrencyType(EnumType):
    """Reads ``Currency(value)``: a currency, or its name in any capitals; anything else is
    refused with :class:`CurrencyError` (the enum's own refusal would write out the value,
    which fails for a number of thousands of digits)."""

    def __call__(cls, value: object, *args: Any, **kwargs: Any) -> Any:
        if args or kwargs or isinstance(value, cls):  # the enum's functional form, or a member
            return super().__call__(value, *args, **kwargs)
        members = cls._value2member_map_
        if isinstance(value, str) and value.lower() in members:
            return members[value.lower()]
        raise CurrencyError(render("refusal.currency", {"value": shown(value)}))


class CurrencyError(AlhambraError):
    """Raised when a value given as a currency is not one of denar, dirham, ducat, guilder."""


class Currency(StrEnum, metaclass=_CurrencyType):
    """The four currencies; market space ``n`` takes the ``n``-th (RULES.md ruling R1)."""

    DENAR = "denar"
    """Denar, blue: market space 1."""
    DIRHAM = "dirham"
    """Dirham, green: market space 2."""
    DUCAT = "ducat"
    """Ducat, orange: market space 3."""
    GUILDER = "guilder"
    """Guilder, yellow: market space 4."""

    @property
    def label(self) -> str:
        """The name as printed on the cards: ``Denar``."""
        return self.value.capitalize()

    @property
    def colour(self) -> str:
        """The colour of the cards and of the market space."""
        return _COLOURS[self]

    @property
    def space(self) -> int:
        """The market space (1-4) that sells for this currency (ruling R1)."""
        return CURRENCIES.index(self) + 1


CURRENCIES: tuple[Currency, ...] = tuple(Currency)
"""The currencies in market order: space 1 is Denar, space 4 Guilder (ruling R1)."""

_COLOURS = {
    Currency.DENAR: "blue",
    Currency.DIRHAM: "green",
    Currency.DUCAT: "orange",
    Currency.GUILDER: "yellow",
}

MARKET_SPACES: tuple[int, ...] = (1, 2, 3, 4)
"""The four spaces of the building market."""

TAKE_LIMIT = 5
"""Several money cards may be taken together when their values total at most this."""

STARTING_MONEY = 20
"""Starting money is dealt to each player until their hand totals at least this."""


def space_currency(space: int) -> Currency:
    """The currency that market ``space`` (1-4) takes (ruling R1)."""
    return CURRENCIES[space - 1]


CARD_VALUES = range(1, 10)
"""The values printed on the money cards."""
CARD_COPIES = range(1, 4)
"""The copies of each money card (three; a two-player game plays with the first two)."""


def _is_count(value: object, allowed: range) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value in allowed


class CardError(AlhambraError):
    """Raised when a card id such as ``'denar-5#2'`` names no card."""


@dataclass(frozen=True, slots=True)
class MoneyCard:
    """One money card: a currency, a value 1-9, and which copy it is (1-3)."""

    currency: Currency
    value: int
    copy: int

    def __post_init__(self) -> None:
        if not (
            isinstance(self.currency, Currency)
            and _is_count(self.value, CARD_VALUES)
            and _is_count(self.copy, CARD_COPIES)
        ):
            words = {"value": shown((self.currency, self.value, self.copy))}
            raise CardError(render("refusal.money-card", words))

    @property
    def id(self) -> str:
        """The stable id: ``denar-5#2``."""
        return f"{self.currency.value}-{self.value}#{self.copy}"

    def __str__(self) -> str:
        return _card_words(self)

    def __repr__(self) -> str:
        return f"card({self.id!r})"


@dataclass(frozen=True, slots=True)
class ScoringCard:
    """One of the two scoring cards hidden in the money deck."""

    round: int

    @property
    def id(self) -> str:
        """The stable id: ``scoring-1`` or ``scoring-2``."""
        return f"scoring-{self.round}"

    def __str__(self) -> str:
        return _card_words(self)

    def __repr__(self) -> str:
        return f"card({self.id!r})"


SCORING_CARDS: tuple[str, str] = ("scoring-1", "scoring-2")
"""The ids of the two scoring cards (RULES.md §2.6)."""

_CARD_ID = re.compile(r"(?P<currency>[a-z]+)-(?P<value>[0-9])#(?P<copy>[0-9])")
_CARDS: dict[str, Any] = {
    f"{c.value}-{v}#{k}": MoneyCard(c, v, k)
    for c in CURRENCIES
    for v in CARD_VALUES
    for k in CARD_COPIES
}
_CARDS.update({sid: ScoringCard(int(sid[-1])) for sid in SCORING_CARDS})

VALUE: dict[str, int] = {cid: c.value for cid, c in _CARDS.items() if isinstance(c, MoneyCard)}
"""The value of every money card, by id (the fast lookup the rules use)."""
CURRENCY: dict[str, Currency] = {
    cid: c.currency for cid, c in _CARDS.items() if isinstance(c, MoneyCard)
}
"""The currency of every money card, by id."""


@dataclass(frozen=True, slots=True)
class DiamondCard:
    """Expansion II: a diamond money card (value 3-9), a fifth money that buys a building on
    any market space but is never combined with other cards (RULES.md §9.2)."""

    value: int
    copy: int

    @property
    def currency(self) -> None:
        """Diamonds are no currency of the market: they never count at the end-game
        distribution."""
        return None

    @property
    def id(self) -> str:
        """The stable id: ``diamond-5#2`` (the second diamond worth 5)."""
        return f"diamond-{self.value}#{self.copy}"

    def __str__(self) -> str:
        return _card_words(self)

    def __repr__(self) -> str:
        return f"card({self.id!r})"


def register_cards(cards: Iterable[Any], *, money: bool = False) -> None:
    """Make a rules module's cards known to :func:`card` (each has a stable ``id``); with
    ``money``, also their ``value`` (they can then be taken from the display and paid)."""
    for found in cards:
        _CARDS[found.id] = found
        if money:
            VALUE[found.id] = found.value


def is_diamond(card_id: str) -> bool:
    """Whether ``card_id`` names an expansion II diamond card."""
    return card_id.startswith("diamond-")


def card(card_id: str) -> Any:
    """The card named by ``card_id`` (``'denar-5#2'``, ``'scoring-1'``, and the cards of
    the rules modules: ``'diamond-5#1'``, ``'gate#1'``, ``'character-fatime'``)."""
    found = _CARDS.get(card_id) if isinstance(card_id, str) else None
    if found is None:
        raise CardError(render("refusal.card", {"value": shown(card_id)}))
    return found


def is_money(card_id: str) -> bool:
    """Whether ``card_id`` names a base-game money card."""
    return card_id in VALUE


def money_cards(players: int) -> list[str]:
    """The ids of the money cards in play: 3 copies of each (108), 2 with two players (72)."""
    copies = (1, 2) if players == 2 else (1, 2, 3)
    return [f"{c.value}-{v}#{k}" for c in CURRENCIES for v in CARD_VALUES for k in copies]


def total(cards: Iterable[str]) -> int:
    """The total value of money cards (currencies don't matter; a card without a value, such
    as a module's, counts nothing)."""
    return sum(VALUE.get(c, 0) for c in cards)


def total_in(cards: Iterable[str], currency: Currency) -> int:
    """The total value of the cards of one currency."""
    return sum(VALUE[c] for c in cards if CURRENCY.get(c) is currency)


def not_among(cards: Sequence[str], held: Collection[str]) -> list[str]:
    """The ``cards`` that are not in ``held``, and any card named a second time (a card lies
    in one place only): what a payment or a take may not use."""
    return [c for i, c in enumerate(cards) if c not in held or c in cards[:i]]


def describe(cards: Iterable[str], language: str | None = None, none: str = "cards.none") -> str:
    """'3 Denar, 2 Dirham and 4 Dirham': cards as a learner reads them, in ``language`` (the
    session's by default); no cards at all are the template ``none`` ("nothing")."""
    words = [card_words(c, language) for c in cards]
    return join(words, language) if words else render(none, {}, language)


def card_words(card_id: str, language: str | None = None) -> str:
    """One card as a learner reads it ("3 Denar", "scoring card 1", "Fatime")."""
    return _card_words(card(card_id), language)


def _card_words(found: Any, language: str | None = None) -> str:
    if isinstance(found, (MoneyCard, DiamondCard)):
        currency = "diamond" if isinstance(found, DiamondCard) else found.currency.value
        words = {"value": found.value, "currency": Phrase(f"currency.{currency}")}
        return render("card.money", words, language)
    if isinstance(found, ScoringCard):
        return render("card.scoring", {"round": found.round}, language)
    words_of = getattr(found, "words", None)  # a module's card (a gate card) says its words
    return words_of(language) if callable(words_of) else str(found)


class Cards:
    """Cards named in a sentence, kept as ids and put into words in the sentence's language
    when it is rendered (a violation made in one language reads well after a switch)."""

    __slots__ = ("ids", "none")

    def __init__(self, ids: Iterable[str], none: str = "cards.none") -> None:
        self.ids = tuple(ids)
        self.none = none
        """The template for no cards at all ("nothing", "no cards")."""

    def words(self, language: str | None = None) -> str:
        return describe(self.ids, language, self.none)

    def in_words(self, language: str) -> str:
        """The cards in ``language``'s words, as a sentence names them."""
        return self.words(language)

    def __len__(self) -> int:
        return len(self.ids)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Cards) and (self.ids, self.none) == (other.ids, other.none)

    def __hash__(self) -> int:
        return hash(self.ids)

    def __repr__(self) -> str:
        return f"Cards({list(self.ids)!r})"

    def __str__(self) -> str:
        return self.words()


def sort_cards(cards: Iterable[str]) -> list[str]:
    """Card ids in a stable reading order: by currency, value, then copy."""
    return sorted(cards, key=_sort_key)


def _sort_key(card_id: str) -> tuple[int, int, str]:
    found = _CARDS.get(card_id)
    if isinstance(found, MoneyCard):
        return (CURRENCIES.index(found.currency), found.value, card_id)
    return (len(CURRENCIES), VALUE.get(card_id, 0), card_id)

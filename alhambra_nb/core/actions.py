"""The actions of a turn as small immutable values that print and parse back.

::

    take denar-3#1 dirham-2#1            take money (one card, or several totalling <= 5)
    buy 2 with dirham-5#1 dirham-4#2     buy the tile on market space 2
    redesign build tower-9-NE at 1,0     reserve -> Alhambra
    redesign remove 1,0                  Alhambra -> reserve
    redesign swap 1,0 for tower-9-NE     a reserve tile takes the place of an Alhambra tile
    place tower-9-NE at 1,0              end of turn: a bought tile into the Alhambra
    place tower-9-NE at 1,0 gate W       ... with a gate on its west side (expansion II)
    reserve tower-9-NE                   end of turn: a bought tile onto the reserve board
    give tower-9-NE                      end of turn, two players: a bought tile to the neutral
    end                                  end the turn

Any action may start with ``seat N:`` to say who acts; without it, it is the current player.
The rules modules (expansion II) add their own actions and teach the parser their forms.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar, overload

from .city import as_side, as_tile
from .geometry import Cell, Side, as_cell
from .money import card
from .tiles import Tile, TileError
from .violations import RuleId, RuleViolationError


class IllegalActionError(RuleViolationError):
    """Raised when a game action breaks a rule; the game is left exactly as it was.

    ``rules`` lists the ids of every broken rule (``buy/insufficient-money``,
    ``placement/walking``, ...); ``rule`` is the first of them.
    """

    @property
    def rule(self) -> RuleId | None:
        """The id of the first broken rule."""
        return self.violations[0].rule if self.violations else None


class ActionParseError(ValueError):
    """Raised when a text such as ``'buy 5 with denar-3#1'`` is not an action."""


def seat_prefix(seat: int | None) -> str:
    """What an action's text starts with to say who acts: ``"seat 1: "``, or nothing."""
    return "" if seat is None else f"seat {seat}: "


def _cell_text(cell: Cell) -> str:
    return f"{cell[0]},{cell[1]}"


@dataclass(frozen=True, slots=True, repr=False)
class Action:
    """Base of every action; ``seat`` is who acts (``None``: the current player)."""

    seat: int | None = field(default=None, kw_only=True)

    kind: ClassVar[str] = ""
    """The action family: ``turn/take-money``, ``turn/buy``, ``turn/redesign`` (the three
    actions of RULES.md §3), ``turn/place`` (end-of-turn placing) or ``turn/end``."""
    is_main: ClassVar[bool] = False
    """Whether this is one of the three actions of a turn (take money, buy, redesign)."""

    def __repr__(self) -> str:
        return f"Action.parse({str(self)!r})"

    def for_seat(self, seat: int | None) -> Action:
        """This action, said to be taken by ``seat``."""
        return replace(self, seat=seat)

    @staticmethod
    def parse(text: str) -> Action:
        """The action written as ``text`` (the form ``str(action)`` prints)."""
        return parse_action(text)


@dataclass(frozen=True, slots=True, repr=False)
class TakeMoney(Action):
    """Take money cards from the display: one of any value, or several totalling at most 5."""

    cards: tuple[str, ...]
    kind: ClassVar[str] = RuleId.TAKE_MONEY.value
    is_main: ClassVar[bool] = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _card_tuple(self.cards))

    def __str__(self) -> str:
        return seat_prefix(self.seat) + "take " + " ".join(self.cards)


@dataclass(frozen=True, slots=True, repr=False)
class Buy(Action):
    """Buy the tile on market ``space`` (1-4), paying ``cards`` of that space's currency."""

    space: int
    cards: tuple[str, ...]
    kind: ClassVar[str] = RuleId.BUY.value
    is_main: ClassVar[bool] = True

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", _card_tuple(self.cards))

    def __str__(self) -> str:
        return f"{seat_prefix(self.seat)}buy {self.space} with " + " ".join(self.cards)


@dataclass(frozen=True, slots=True, repr=False)
class BuildFromReserve(Action):
    """Redesign: build ``tile`` from the reserve board at ``cell`` of the Alhambra (with a
    gate on its ``gate`` side, expansion II)."""

    tile: Tile
    cell: Cell
    gate: Side | None = None
    kind: ClassVar[str] = RuleId.REDESIGN.value
    is_main: ClassVar[bool] = True

    def __post_init__(self) -> None:
        _normalise(self)

    def __str__(self) -> str:
        return (
            f"{seat_prefix(self.seat)}redesign build {self.tile} at {_cell_text(self.cell)}"
            + _gate_text(self.gate)
        )


@dataclass(frozen=True, slots=True, repr=False)
class MoveToReserve(Action):
    """Redesign: take the tile at ``cell`` out of the Alhambra onto the reserve board."""

    cell: Cell
    kind: ClassVar[str] = RuleId.REDESIGN.value
    is_main: ClassVar[bool] = True

    def __post_init__(self) -> None:
        _normalise(self)

    def __str__(self) -> str:
        return f"{seat_prefix(self.seat)}redesign remove {_cell_text(self.cell)}"


@dataclass(frozen=True, slots=True, repr=False)
class SwapWithReserve(Action):
    """Redesign: put ``tile`` from the reserve where the tile at ``cell`` stands; the old
    tile goes onto the reserve board."""

    cell: Cell
    tile: Tile
    kind: ClassVar[str] = RuleId.REDESIGN.value
    is_main: ClassVar[bool] = True

    def __post_init__(self) -> None:
        _normalise(self)

    def __str__(self) -> str:
        return f"{seat_prefix(self.seat)}redesign swap {_cell_text(self.cell)} for {self.tile}"


@dataclass(frozen=True, slots=True, repr=False)
class PlaceTile(Action):
    """End of turn: build a bought ``tile`` at ``cell`` of the Alhambra (with a gate on its
    ``gate`` side, expansion II)."""

    tile: Tile
    cell: Cell
    gate: Side | None = None
    kind: ClassVar[str] = "turn/place"

    def __post_init__(self) -> None:
        _normalise(self)

    def __str__(self) -> str:
        return f"{seat_prefix(self.seat)}place {self.tile} at {_cell_text(self.cell)}" + _gate_text(
            self.gate
        )


@dataclass(frozen=True, slots=True, repr=False)
class ReserveTile(Action):
    """End of turn: put a bought ``tile`` onto the reserve board."""

    tile: Tile
    kind: ClassVar[str] = "turn/place"

    def __post_init__(self) -> None:
        _normalise(self)

    def __str__(self) -> str:
        return f"{seat_prefix(self.seat)}reserve {self.tile}"


@dataclass(frozen=True, slots=True, repr=False)
class GiveToNeutral(Action):
    """End of turn, two players: give a just-bought ``tile`` to the neutral player."""

    tile: Tile
    kind: ClassVar[str] = "turn/place"

    def __post_init__(self) -> None:
        _normalise(self)

    def __str__(self) -> str:
        return f"{seat_prefix(self.seat)}give {self.tile}"


@dataclass(frozen=True, slots=True, repr=False)
class EndTurn(Action):
    """End the turn (every bought tile placed); the market and display are refilled."""

    kind: ClassVar[str] = "turn/end"

    def __str__(self) -> str:
        return seat_prefix(self.seat) + "end"


def _card_tuple(cards: object) -> tuple[str, ...]:
    if type(cards) is tuple and set(map(type, cards)) <= {str}:
        return cards  # card ids already: what the rules themselves pass
    if isinstance(cards, str):
        return tuple(cards.replace(",", " ").split())
    return tuple(str(c) if not hasattr(c, "id") else c.id for c in cards)  # type: ignore[attr-defined]


def _gate_text(gate: Side | None) -> str:
    return "" if gate is None else f" gate {gate.name}"


def _normalise(action: Action) -> None:
    """Accept tile codes and lists for cells, so ``PlaceTile("tower-9-NE", [1, 0])`` works."""
    for name, normal in _NORMAL_FORMS:
        value = getattr(action, name, _ABSENT)
        if value is not _ABSENT:
            normalised = normal(value)
            if normalised is not value:
                object.__setattr__(action, name, normalised)


_ABSENT = object()
_NORMAL_FORMS: tuple[tuple[str, Callable[[Any], Any]], ...] = (
    ("tile", as_tile),
    ("cell", as_cell),
    ("gate", as_side),
)


ActionGroup = tuple[Sequence[Any], Callable[[Any], Action]]
"""Legal actions of one kind: the items, and what makes an item into its action."""


class LegalActions(Sequence[Action]):
    """The legal actions of a state, built only when read: ``len`` is cheap, and
    ``actions[i]`` makes just that one action (what a random bot needs)."""

    __slots__ = ("_groups", "_length")

    def __init__(self, groups: list[ActionGroup]) -> None:
        kept, length = [], 0
        for group in groups:
            if group[0]:
                kept.append(group)
                length += len(group[0])
        self._groups, self._length = kept, length

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        if isinstance(index, slice):
            return [self[i] for i in range(*index.indices(self._length))]
        if index < 0:
            index += self._length
        if not 0 <= index < self._length:
            raise IndexError(index)
        for items, make in self._groups:
            if index < len(items):
                return make(items[index])
            index -= len(items)
        raise IndexError(index)  # pragma: no cover

    def __iter__(self) -> Iterator[Action]:
        for items, make in self._groups:
            for item in items:
                yield make(item)


PLACEMENTS: tuple[type[Action], ...] = (PlaceTile, ReserveTile, GiveToNeutral)
"""The end-of-turn actions that put a bought tile somewhere."""

# -- parsing ------------------------------------------------------------------------------
_CELL = r"\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?"
_GATE = r"(?:\s+gate\s+([NESWnesw]))?"
_SEAT = re.compile(r"\s*seat\s+(\d+)\s*:\s*(.*)", re.S)


def _cards(text: str) -> tuple[str, ...]:
    ids = tuple(text.replace(",", " ").split())
    for card_id in ids:
        card(card_id)  # raises CardError (a ValueError) for an unknown id
    return ids


def _tile(text: str) -> Tile:
    return as_tile(text)


def _cell(x: str, y: str) -> Cell:
    return as_cell((int(x), int(y)))


_PARSERS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Action]]] = [
    (re.compile(r"take\s+(.+)"), lambda m: TakeMoney(cards=_cards(m[1]))),
    (
        re.compile(r"buy\s+(-?\d+)\s+with\s+(.+)"),
        lambda m: Buy(space=int(m[1]), cards=_cards(m[2])),
    ),
    (
        re.compile(r"redesign\s+build\s+(\S+)\s+at\s+" + _CELL + _GATE),
        lambda m: BuildFromReserve(tile=_tile(m[1]), cell=_cell(m[2], m[3]), gate=as_side(m[4])),
    ),
    (
        re.compile(r"redesign\s+remove\s+" + _CELL),
        lambda m: MoveToReserve(cell=_cell(m[1], m[2])),
    ),
    (
        re.compile(r"redesign\s+swap\s+" + _CELL + r"\s+for\s+(\S+)"),
        lambda m: SwapWithReserve(cell=_cell(m[1], m[2]), tile=_tile(m[3])),
    ),
    (
        re.compile(r"place\s+(\S+)\s+at\s+" + _CELL + _GATE),
        lambda m: PlaceTile(tile=_tile(m[1]), cell=_cell(m[2], m[3]), gate=as_side(m[4])),
    ),
    (re.compile(r"reserve\s+(\S+)"), lambda m: ReserveTile(tile=_tile(m[1]))),
    (re.compile(r"give\s+(\S+)(?:\s+to\s+neutral)?"), lambda m: GiveToNeutral(tile=_tile(m[1]))),
    (re.compile(r"end(?:\s+turn)?"), lambda m: EndTurn()),
]


def register_parser(pattern: str, build: Callable[[re.Match[str]], Action]) -> None:
    """Teach :func:`parse_action` a module's own action (``pattern`` is a regex). Module
    forms are tried first, so ``take gate`` is not read as taking a card called ``gate``."""
    _PARSERS.insert(0, (re.compile(pattern), build))


def parse_action(text: Action | str) -> Action:
    """The action written as ``text``, e.g. ``'buy 2 with dirham-5#1 dirham-4#2'``."""
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):
        raise ActionParseError(f"an action is written as text such as 'end', not {text!r}")
    seat = None
    body = text.strip()
    prefixed = _SEAT.fullmatch(body)
    if prefixed:
        seat, body = int(prefixed[1]), prefixed[2].strip()
    for pattern, build in _PARSERS:
        found = pattern.fullmatch(body)
        if found:
            try:
                action = build(found)
            except (TileError, ValueError) as exc:
                raise ActionParseError(f"cannot read the action {text!r}: {exc}") from None
            return action if seat is None else action.for_seat(seat)
    raise ActionParseError(
        f"unknown action {text!r}: expected e.g. 'take denar-3#1', 'buy 2 with dirham-9#1', "
        "'redesign build tower-9-NE at 1,0', 'redesign remove 1,0', "
        "'redesign swap 1,0 for tower-9-NE', 'place tower-9-NE at 1,0', 'reserve tower-9-NE', "
        "'give tower-9-NE' or 'end'"
    )

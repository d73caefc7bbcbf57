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
from dataclasses import MISSING, dataclass, field, fields, replace
from typing import Any, ClassVar, TypeVar, overload

from .city import as_side
from .errors import AlhambraError
from .geometry import Cell, Side, as_cell
from .messages import Phrase, render, shown
from .money import card
from .plugin import MODULES, on_registry_change
from .tiles import Tile
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


class ActionParseError(AlhambraError):
    """Raised when a text such as ``'buy 5 with denar-3#1'``, or a field of an action such as
    ``Buy("2", ...)``, is not an action; names the field at fault."""


class UnknownActionError(ActionParseError):
    """Raised when an action is none of this game's: a rules module's action while that module
    is off, or an ``Action`` subclass the rules do not know or cannot write down."""


LARGEST_NUMBER = 10_000
"""The largest whole number (a seat, a market space, a bid, a coordinate) an action may hold:
far beyond any game, small enough that no rule ever works on a number of thousands of digits."""

LONGEST_TEXT = 1_000
"""The longest action text read (the longest real action is a few dozen cards long)."""

MOST_CARDS = 200
"""The most cards an action may name (the whole money deck is 108 cards; a real payment or a
take names a few)."""

LONGEST_CARD_ID = 100
"""The longest card id an action may name (a real one is a dozen characters)."""


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

    def __post_init__(self) -> None:
        check_fields(self)

    def __str__(self) -> str:
        # Every action says how it is written; a subclass that does not is refused by the
        # game (see check_writable), and is still shown without recursing into __repr__.
        return f"<{type(self).__name__} action>"

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
        check_fields(self)

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
        check_fields(self)

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
        check_fields(self)

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
        check_fields(self)

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
        check_fields(self)

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
        check_fields(self)

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
        check_fields(self)

    def __str__(self) -> str:
        return f"{seat_prefix(self.seat)}reserve {self.tile}"


@dataclass(frozen=True, slots=True, repr=False)
class GiveToNeutral(Action):
    """End of turn, two players: give a just-bought ``tile`` to the neutral player."""

    tile: Tile
    kind: ClassVar[str] = "turn/place"

    def __post_init__(self) -> None:
        check_fields(self)

    def __str__(self) -> str:
        return f"{seat_prefix(self.seat)}give {self.tile}"


@dataclass(frozen=True, slots=True, repr=False)
class EndTurn(Action):
    """End the turn (every bought tile placed); the market and display are refilled."""

    kind: ClassVar[str] = "turn/end"

    def __str__(self) -> str:
        return seat_prefix(self.seat) + "end"


def _gate_text(gate: Side | None) -> str:
    return "" if gate is None else f" gate {gate.name}"


# -- the fields of an action ---------------------------------------------------------------
# Each field is checked and brought to its normal form by its annotation, so that an action
# holds only what the rules expect (the compiled rules check types at call time): tile codes
# become tiles, lists become cells and card tuples, and anything else is refused by name.


def _refuse(
    action: Action, name: str, expected: str, value: object, **params: Any
) -> ActionParseError:
    """The refusal of the field ``name``: ``expected`` is the ``expected.…`` template saying
    what the field holds (filled with ``params``)."""
    words = {
        "field": name.replace("_", " "),
        "expected": Phrase(f"expected.{expected}", **params),
        "value": shown(value),
    }
    return ActionParseError(render("refusal.action-field", words))


def _whole(value: object) -> bool:
    return type(value) is int and -LARGEST_NUMBER <= value <= LARGEST_NUMBER


def _as_number(action: Action, name: str, value: object) -> int:
    if not _whole(value):
        raise _refuse(action, name, "number", value, most=LARGEST_NUMBER)
    return value  # type: ignore[return-value]


def _as_seat(action: Action, name: str, value: object) -> int | None:
    if value is not None and not (_whole(value) and value >= 0):  # type: ignore[operator]
        raise _refuse(action, name, "seat", value)
    return value  # type: ignore[return-value]


def _as_flag(action: Action, name: str, value: object) -> bool:
    if type(value) is not bool:
        raise _refuse(action, name, "flag", value)
    return value


def _as_text(action: Action, name: str, value: object) -> str:
    if type(value) is not str or len(value) > LONGEST_TEXT:
        raise _refuse(action, name, "card", value)
    return value


def _as_cards(action: Action, name: str, value: object) -> tuple[str, ...]:
    _check_card_count(action, name, value)
    if type(value) is tuple and all(_is_card_id(c) for c in value):
        return value  # card ids already: what the rules themselves pass
    expected = "cards"
    ids: tuple[object, ...]
    if isinstance(value, str):
        ids = tuple(value.replace(",", " ").split())
    elif isinstance(value, (list, tuple)):
        ids = tuple(getattr(c, "id", c) for c in value)  # money cards stand for their ids
    else:
        raise _refuse(action, name, expected, value)
    if not all(_is_card_id(c) for c in ids):
        raise _refuse(action, name, expected, value)
    return ids  # type: ignore[return-value]


def _is_card_id(value: object) -> bool:
    return type(value) is str and len(value) <= LONGEST_CARD_ID


def _check_card_count(action: Action, name: str, value: object) -> None:
    """Refuse a list of more cards than any hand holds before looking at a single card: the
    rules would otherwise spend time on each one, and the refusal would quote them all."""
    if isinstance(value, str) and len(value) > LONGEST_TEXT:
        words = {"field": name.replace("_", " "), "most": LONGEST_TEXT, "count": len(value)}
        raise ActionParseError(render("refusal.action-field-long", words))
    if isinstance(value, (list, tuple)) and len(value) > MOST_CARDS:
        words = {"field": name.replace("_", " "), "most": MOST_CARDS, "count": len(value)}
        raise ActionParseError(render("refusal.action-field-cards", words))


def _as_tile(action: Action, name: str, value: object) -> Tile:
    if isinstance(value, Tile):
        return value
    if isinstance(value, str):
        try:
            return Tile.parse(value, real=True)  # a code typed for a game names a real tile
        except AlhambraError as exc:
            words = {"field": name.replace("_", " "), "reason": str(exc)}
            raise ActionParseError(render("refusal.action-field-why", words)) from None
    raise _refuse(action, name, "tile", value)


def _as_cell(action: Action, name: str, value: object) -> Cell:
    try:
        cell = as_cell(value)
    except AlhambraError:
        raise _refuse(action, name, "cell", value) from None
    if not (_whole(cell[0]) and _whole(cell[1])):
        raise _refuse(action, name, "cell-near", value, most=LARGEST_NUMBER)
    return cell


def _as_side(action: Action, name: str, value: object) -> Side | None:
    try:
        return as_side(value)
    except AlhambraError:
        raise _refuse(action, name, "side", value) from None


def _as_action(action: Action, name: str, value: object) -> Action:
    if not isinstance(value, Action):
        raise _refuse(action, name, "action", value)
    return value


_FIELD_FORMS: dict[str, Callable[[Action, str, Any], Any]] = {
    "int": _as_number,
    "int | None": _as_seat,
    "bool": _as_flag,
    "str": _as_text,
    "tuple[str, ...]": _as_cards,
    "Tile": _as_tile,
    "Cell": _as_cell,
    "Side | None": _as_side,
    "Action": _as_action,
}
"""What each field annotation of an action asks of its value (by the annotation's text)."""

_FORMS_BY_CLASS: dict[type, tuple[tuple[str, Callable[[Action, str, Any], Any]], ...]] = {}


def _forms(cls: type) -> tuple[tuple[str, Callable[[Action, str, Any], Any]], ...]:
    found = _FORMS_BY_CLASS.get(cls)
    if found is None:
        found = _FORMS_BY_CLASS[cls] = tuple(
            (f.name, _FIELD_FORMS[f.type])
            for f in fields(cls)
            if isinstance(f.type, str) and f.type in _FIELD_FORMS
        )
    return found


A = TypeVar("A", bound=Action)
_PLANS: dict[type, tuple[tuple[str, Any], ...]] = {}


def made(cls: type[A], *values: Any) -> A:
    """An action the engine makes itself from values it holds in their normal form (a tile,
    a cell, card ids, as a listing of legal actions has them): its fields set in order, the
    rest at their defaults, without the checks every action from outside gets (they would
    cost a game a sixth of its time)."""
    plan = _PLANS.get(cls)
    if plan is None:
        ordered = sorted(fields(cls), key=lambda f: f.kw_only is True)  # as __init__ takes them
        plan = _PLANS[cls] = tuple((f.name, f.default) for f in ordered)
    action = object.__new__(cls)
    for index, (name, default) in enumerate(plan):
        value = values[index] if index < len(values) else default
        assert value is not MISSING, name  # the engine gives every field without a default
        object.__setattr__(action, name, value)
    return action


def check_fields(action: Action) -> None:
    """Check every field of ``action`` by its annotation and store its normal form (tile
    codes as tiles, lists as cells); raises :class:`ActionParseError` naming the field."""
    for name, form in _forms(type(action)):
        value = getattr(action, name)
        normal = form(action, name, value)
        if normal is not value:
            object.__setattr__(action, name, normal)


def check_writable(action: object) -> Action:
    """``action`` when it is a well-formed action that says how it is written; raises
    :class:`ActionParseError` (or :class:`UnknownActionError`) otherwise."""
    if not isinstance(action, Action):
        raise ActionParseError(render("refusal.action-kind", {"value": shown(action)}))
    if type(action).__str__ is Action.__str__:
        words = {"value": type(action).__name__}
        raise UnknownActionError(render("refusal.action-unwritten", words))
    check_fields(action)  # again: a subclass may have set its fields its own way
    try:
        written = str(action)
    except Exception:  # a class of someone else's that cannot write itself out: refused
        written = None
    if type(written) is not str:
        raise UnknownActionError(render("refusal.action-text", {}))
    return action


def owning_modules(cls: type) -> tuple[str, ...]:
    """The registered rules modules that bring the action class ``cls`` (those written in
    the same Python module as the action, or in the package the action's module lies in:
    ``alhambra_nb.modules.characters`` owns ``alhambra_nb.modules.characters.actions``);
    ``()`` for the base game's actions."""
    found = _OWNERS.get(cls)
    if found is None:
        found = _OWNERS[cls] = tuple(
            name for name, module in MODULES.items() if _written_in(cls, module.__module__)
        )
    return found


def _written_in(cls: type, where: str) -> bool:
    """Whether ``cls`` is written in the Python module ``where`` or inside that package."""
    return cls.__module__ == where or cls.__module__.startswith(where + ".")


_OWNERS: dict[type, tuple[str, ...]] = {}
"""The modules owning each action class asked about, while the registry stays as it is."""
on_registry_change(_OWNERS.clear)


def check_module_on(action: Action, modules: Sequence[str]) -> None:
    """Refuse ``action`` when it belongs to a rules module a game with ``modules`` does not
    use, whatever the moment (before any rule of the turn is asked)."""
    owners = owning_modules(type(action))
    if owners and not set(owners).intersection(modules):
        words = {
            "action": written(action),
            "module": repr(owners[0]),
            "modules": ", ".join(map(repr, modules)),
        }
        key = "refusal.action-module" if modules else "refusal.action-module-none"
        raise UnknownActionError(render(key, words))


def unknown_action(action: Action, modules: Sequence[str]) -> UnknownActionError:
    """The error for ``action`` when no rule of a game with ``modules`` owns it."""
    try:
        check_module_on(action, modules)
    except UnknownActionError as error:
        return error
    return UnknownActionError(render("refusal.action-unknown", {"action": written(action)}))


def written(action: Action) -> str:
    """``action`` as a refusal quotes it: its text cut short when long (a text that cannot
    be had is described instead, never raised)."""
    try:
        text = str(action)
    except Exception:  # an action class of someone else's: its failure is no rule's
        return render("refusal.action-text", {})
    return shown(text) if type(text) is str else render("refusal.action-text", {})


ActionGroup = tuple[Sequence[Any], Callable[[Any], Action]]
"""Legal actions of one kind: the items, and what makes an item into its action."""


class LegalActions(Sequence[Action]):
    """The legal actions of a state, built only when read: ``len`` is cheap, and
    ``actions[i]`` makes just that one action (what a random bot needs)."""

    __slots__ = ("_groups", "_length")

    def __init__(self, groups: list[ActionGroup]) -> None:
        length = 0
        for items, _ in groups:  # an empty group is passed over when read
            length += len(items)
        self._groups, self._length = groups, length

    def __len__(self) -> int:
        return self._length

    @overload
    def __getitem__(self, index: int) -> Action: ...
    @overload
    def __getitem__(self, index: slice) -> list[Action]: ...
    def __getitem__(self, index: int | slice) -> Action | list[Action]:
        # A bot asks once an action for one index in range: answered here without the
        # general checks (the walk through the groups is the same as below).
        if type(index) is not int or not 0 <= index < self._length:
            return self._other_item(index)
        for items, make in self._groups:
            length = len(items)  # a Python call for cells counted from bits: asked once
            if index < length:
                return make(items[index])
            index -= length
        raise IndexError(index)  # pragma: no cover

    def _other_item(self, index: int | slice) -> Action | list[Action]:
        """``self[index]`` for a slice, a negative index or one out of range."""
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
_CELL = r"\(?\s*(-?[0-9]+)\s*,\s*(-?[0-9]+)\s*\)?"
_GATE = r"(?:\s+gate\s+([NESWnesw]))?"
_SEAT = re.compile(r"\s*seat\s+([0-9]+)\s*:\s*(.*)", re.S)


def _cards(text: str) -> tuple[str, ...]:
    ids = tuple(text.replace(",", " ").split())
    for card_id in ids:
        card(card_id)  # raises CardError for an unknown id
    return ids


def _tile(text: str) -> Tile:
    return Tile.parse(text, real=True)


def _cell(x: str, y: str) -> Cell:
    return as_cell((int(x), int(y)))


_PARSERS: list[tuple[re.Pattern[str], Callable[[re.Match[str]], Action]]] = [
    (re.compile(r"take\s+(.+)"), lambda m: TakeMoney(cards=_cards(m[1]))),
    (
        re.compile(r"buy\s+(-?[0-9]+)\s+with\s+(.+)"),
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
    forms are tried first, so ``take gate`` is not read as taking a card called ``gate``.
    Numbers are read in ASCII digits only (``\\d`` matches no other script's digits)."""
    _PARSERS.insert(0, (re.compile(pattern, re.ASCII), build))


def parse_action(text: Action | str) -> Action:
    """The action written as ``text``, e.g. ``'buy 2 with dirham-5#1 dirham-4#2'``."""
    if isinstance(text, Action):
        return text
    if not isinstance(text, str):
        raise ActionParseError(render("refusal.action-not-text", {"value": shown(text)}))
    if len(text) > LONGEST_TEXT:
        words = {"value": shown(text), "most": LONGEST_TEXT}
        raise ActionParseError(render("refusal.action-long", words))
    seat = None
    body = text.strip()
    prefixed = _SEAT.fullmatch(body)
    if prefixed:
        seat, body = prefixed[1], prefixed[2].strip()
    for pattern, build in _PARSERS:
        found = pattern.fullmatch(body)
        if found:
            try:
                action = build(found)
                return action if seat is None else action.for_seat(int(seat))
            except ValueError as exc:  # the package's errors, and int() of too many digits
                words = {"value": shown(text), "reason": str(exc)}
                raise ActionParseError(render("refusal.action-unreadable", words)) from None
    raise ActionParseError(render("refusal.action-unknown-text", {"value": shown(text)}))

"""The game log: events kept as a template key and plain parameters, read as sentences.

An :class:`Event` stores only JSON-ready values (names, tile codes, card ids, cells as lists),
so a saved game keeps its log; :meth:`Event.sentence` puts them into words with the message
catalogue ("Ana paid 9 Dirham exactly for the tower and takes another action.").
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, overload

from .geometry import Side
from .messages import Phrase, render, resolve
from .money import Cards, Currency
from .tiles import Tile

_TILE_PARAMS = ("tile", "old")
_TILE_LIST_PARAMS = ("tiles",)
_CARD_PARAMS = ("cards", "give")
_COUNTED_PARAMS = ("winners",)
"""Lists whose length chooses the plural form when the event keeps no ``count`` (the log
of a saved game keeps what the event held when it was written)."""


@dataclass(frozen=True, slots=True)
class Event:
    """One thing that happened: a catalogue key (``event.buy-exact``) and its parameters."""

    key: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        # An event owns its parameters: the log hands events out, and changing one must
        # never change the game's log (nor the earlier states kept for undo).
        object.__setattr__(self, "params", plain_copy(dict(self.params)))

    def sentence(self, language: str | None = None) -> str:
        """The event as a sentence in ``language`` (the session's by default)."""
        language = resolve(language)
        return render(self.key, _words(self.params, language), language)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form: ``{"event": key, **params}``."""
        return {"event": self.key, **self.params}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Event:
        params = dict(data)
        key = params.pop("event")
        return cls(key, params)

    def __str__(self) -> str:
        return self.sentence()


class EventLog(Sequence[Event]):
    """A game's log: its events, oldest first. Immutable: :meth:`appended` makes a new log.

    The states of one game follow one another, each with one event more: they share one
    list of entries, and each reads it only up to its own length. So adding an event costs
    the same however long the game, no state copies the log when it is copied or read, and
    the log pickles and deep-copies as one flat list, however long. A state that adds an
    event where a later state already has one (after an undo, or a search's imagined move)
    goes on with its own copy of what it has read.

    Reading an event makes it afresh (:class:`Event` owns its parameters), so changing what
    you read changes no log.
    """

    __slots__ = ("_entries", "_size")

    def __init__(self, events: Iterable[Event] = ()) -> None:
        self._entries: list[tuple[str, dict[str, Any]]] = [
            (event.key, plain_copy(dict(event.params))) for event in events
        ]
        self._size = len(self._entries)

    def appended(self, key: str, params: dict[str, Any]) -> EventLog:
        """This log with one more event, ``key`` with ``params`` (which the log keeps: the
        caller hands them over and does not change them afterwards)."""
        entry = (key, params)
        entries = self._entries
        entries.append(entry)  # one step, so two logs adding at once cannot both win the place
        if entries[self._size] is not entry:  # a later log holds this place: go on alone
            entries = [*entries[: self._size], entry]
        log = EventLog.__new__(EventLog)
        log._entries, log._size = entries, self._size + 1
        return log

    def keys(self, start: int = 0) -> list[str]:
        """The events' keys from ``start`` on, without making the events."""
        return [key for key, _ in self._entries[start : self._size]]

    def entries(self, start: int = 0) -> Iterator[tuple[str, Mapping[str, Any]]]:
        """``(key, params)`` of each event from ``start`` on, for the rules' own reading: the
        parameters are the log's own and must not be changed."""
        for index in range(start, self._size):
            yield self._entries[index]

    def __len__(self) -> int:
        return self._size

    @overload
    def __getitem__(self, index: int) -> Event: ...
    @overload
    def __getitem__(self, index: slice) -> tuple[Event, ...]: ...
    def __getitem__(self, index: int | slice) -> Event | tuple[Event, ...]:
        if isinstance(index, slice):
            return tuple(Event(*self._entries[i]) for i in range(*index.indices(self._size)))
        if index < 0:
            index += self._size
        if not 0 <= index < self._size:
            raise IndexError("log index out of range")
        return Event(*self._entries[index])

    def __iter__(self) -> Iterator[Event]:
        for index in range(self._size):
            yield Event(*self._entries[index])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, EventLog):
            return self._entries[: self._size] == other._entries[: other._size]
        if isinstance(other, (tuple, list)):
            return tuple(self) == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to tuples, but not a value to key by

    def __getstate__(self) -> tuple[list[tuple[str, dict[str, Any]]], int]:
        # The shared list whole: logs pickled or copied together keep sharing one list.
        return self._entries, self._size

    def __setstate__(self, state: tuple[list[tuple[str, dict[str, Any]]], int]) -> None:
        self._entries, self._size = state

    def __repr__(self) -> str:
        return f"<EventLog of {self._size} events>"


def plain_copy(value: Any) -> Any:
    """A copy of plain data (dicts, lists, tuples of plain values) sharing nothing mutable."""
    if isinstance(value, dict):
        return {key: plain_copy(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return type(value)(plain_copy(item) for item in value)
    return value  # str, int, bool, None and the package's immutable values


def _words(params: Mapping[str, Any], language: str) -> dict[str, Any]:
    words: dict[str, Any] = {}
    for name in _COUNTED_PARAMS:
        if isinstance(params.get(name), list) and "count" not in params:
            words["count"] = len(params[name])
    money = _money(params)
    if money is not None:
        words["money"] = money
    for name, value in params.items():
        if name in _TILE_PARAMS and isinstance(value, str):
            words[name] = Tile.parse(value)
        elif name in _TILE_LIST_PARAMS and isinstance(value, list):
            words[name] = [Tile.parse(v) for v in value] or [Phrase("tiles.none")]
        elif name == "side" and isinstance(value, str):
            words[name] = Side[value]  # a gate's side, kept by its letter
        elif name == "cell" and isinstance(value, list):
            words[name] = tuple(value)
        elif name == "currency" and isinstance(value, str):
            # a currency, or "diamond" for a payment in diamonds (expansion II)
            words[name] = Phrase(f"currency.{value if value == 'diamond' else Currency(value)}")
        elif name in _CARD_PARAMS and isinstance(value, list):
            words[name] = Cards(value)
        elif name == "points" and isinstance(value, int):
            words[name] = Phrase("points.count", count=value)
        elif name == "reason" and isinstance(value, Mapping):
            words[name] = Phrase(value["key"], **value.get("params", {}))
        else:
            words[name] = value
    return words


_AMOUNT_PARAMS = ("total", "amount")
"""The numbers an event keeps of an amount of money, the first found being the amount."""


def _money(params: Mapping[str, Any]) -> Phrase | None:
    """The amount of money an event names ("9 Dirham"), as the number and its currency are
    said together (the language bends the currency by the number), or ``None``."""
    currency = params.get("currency")
    amount = next((params[n] for n in _AMOUNT_PARAMS if isinstance(params.get(n), int)), None)
    if not isinstance(currency, str) or amount is None:
        return None
    name = currency if currency == "diamond" else Currency(currency).value
    return Phrase(f"amount.{name}", count=amount)

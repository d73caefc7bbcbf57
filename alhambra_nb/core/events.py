"""The game log: events kept as a template key and plain parameters, read as sentences.

An :class:`Event` stores only JSON-ready values (names, tile codes, card ids, cells as lists),
so a saved game keeps its log; :meth:`Event.sentence` puts them into words with the message
catalogue ("Ana paid 9 Dirham exactly for the tower and takes another action.").
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .geometry import Side
from .i18n import resolve
from .messages import Phrase, render
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

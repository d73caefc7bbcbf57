"""How large a city may grow: far beyond any real game, small enough to answer at once.

A whole game builds at most the 54 buildings and the camps of expansion II, so no real
Alhambra reaches more than a few dozen cells from its fountain. A city written by hand, read
from a saved game or built tile by tile in a lesson is refused once it holds more than
:data:`MAX_TILES` tiles besides the fountain or reaches a cell with ``|x|`` or ``|y|`` above
:data:`MAX_COORDINATE`, before any rule is worked out: the rules keep every cell of the
city's bounding box as bits, so a far-flung cell would cost time and memory for nothing.
"""

from __future__ import annotations

from .errors import AlhambraError
from .geometry import MAX_COORDINATE, Cell
from .messages import render, shown
from .saves import MAX_NUMBER_BITS, MAX_SEED

__all__ = [
    "MAX_COORDINATE",
    "MAX_TILES",
    "CitySizeError",
    "check_bot_seed",
    "check_cell_bounds",
    "check_coordinate_text",
    "check_seed",
    "check_tile_count",
]

MAX_TILES = 200
"""The most tiles a city holds besides the fountain."""

_MAX_DIGITS = len(str(MAX_COORDINATE)) + 1
"""Digits a coordinate written out may have before it is refused unread."""


class CitySizeError(AlhambraError):
    """Raised when a city holds more tiles, or reaches farther from the fountain, than any
    game could (|x|, |y| at most 100; at most 200 tiles besides the fountain)."""


def check_cell_bounds(cell: Cell) -> None:
    """Refuse ``cell`` when it lies beyond the bounds of every city."""
    x, y = cell
    if not (-MAX_COORDINATE <= x <= MAX_COORDINATE and -MAX_COORDINATE <= y <= MAX_COORDINATE):
        words = {"value": shown(cell), "limit": MAX_COORDINATE}
        raise CitySizeError(render("refusal.cell-far", words))


def check_tile_count(count: int) -> None:
    """Refuse a city of ``count`` tiles besides the fountain when it holds too many."""
    if count > MAX_TILES:
        raise CitySizeError(render("refusal.city-size", {"most": MAX_TILES, "count": count}))


def check_coordinate_text(text: str) -> None:
    """Refuse a coordinate written with more digits than any bounded cell needs (before it
    is read as a number: a number of thousands of digits takes long to read)."""
    if len(text.lstrip("+-")) > _MAX_DIGITS:
        quoted = repr(text if len(text) <= 20 else f"{text[:20]}...")
        words = {"value": quoted, "limit": MAX_COORDINATE}
        raise CitySizeError(render("refusal.coordinate-far", words))


def check_seed(seed: object, error: type[AlhambraError]) -> int:
    """``seed`` when it is a whole number a save can hold; otherwise ``error`` says so (a
    list or a text would reach the random generator and fail there in Python's words)."""
    if not isinstance(seed, int) or isinstance(seed, bool) or abs(seed) > MAX_SEED:
        words = {"bits": MAX_NUMBER_BITS, "value": shown(seed)}
        raise error(render("refusal.seed", words))
    return seed


def check_bot_seed(seed: object, error: type[AlhambraError]) -> int:
    """``seed`` when it is a whole number, of any size: a bot's seed is never saved, and
    the bots of a simulated game get seeds far beyond the game's (``seed * 1000 + seat``)."""
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise error(render("refusal.bot-seed", {"value": shown(seed)}))
    return seed

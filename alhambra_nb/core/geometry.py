"""Cells and sides: the grid every Alhambra is built on.

A cell is ``(x, y)``: ``x`` grows east (right), ``y`` grows south (down); the fountain is at
``(0, 0)``. Sides are numbered clockwise from north so that a quarter turn is ``+1 mod 4``.
"""

from __future__ import annotations

from enum import IntEnum

from .errors import AlhambraError
from .messages import Noun, render, shown

Cell = tuple[int, int]
"""A grid position ``(x, y)``; x grows east, y grows south."""

ORIGIN: Cell = (0, 0)


class Side(IntEnum):
    """One side of a square tile, numbered clockwise from north."""

    N = 0
    """North: the top edge."""
    E = 1
    """East: the right edge."""
    S = 2
    """South: the bottom edge."""
    W = 3
    """West: the left edge."""

    def in_words(self, language: str) -> Noun:
        """The side's name in ``language`` ("north")."""
        return Noun(f"side.{self.name}", language)

    @property
    def opposite(self) -> Side:
        """The side facing this one across a shared edge."""
        return SIDES[self ^ 2]

    @property
    def delta(self) -> Cell:
        """The step from a cell to its neighbour across this side."""
        return DELTAS[self]

    @property
    def bit(self) -> int:
        """This side as one bit of a four-bit side mask."""
        return 1 << self

    @property
    def letter(self) -> str:
        return self.name

    def turned(self, quarter_turns: int) -> Side:
        """This side after turning the tile clockwise by ``quarter_turns``."""
        return Side((self + quarter_turns) % 4)

    @classmethod
    def parse(cls, text: str) -> Side:
        """The side named by one letter ``N``, ``E``, ``S`` or ``W`` (any case); raises
        :class:`SideError` for anything else."""
        letter = text.strip().upper() if isinstance(text, str) else None
        if letter not in _LETTERS:
            raise SideError(render("refusal.side", {"value": shown(text)}))
        return cls[letter]


class SideError(AlhambraError):
    """Raised when a value given as a side is not one of the letters N, E, S, W."""


_LETTERS = frozenset("NESW")


SIDES: tuple[Side, ...] = (Side.N, Side.E, Side.S, Side.W)
DELTAS: tuple[Cell, ...] = ((0, -1), (1, 0), (0, 1), (-1, 0))


def neighbour(cell: Cell, side: Side | int) -> Cell:
    """The cell across ``side`` of ``cell``."""
    dx, dy = DELTAS[side]
    return (cell[0] + dx, cell[1] + dy)


def neighbours(cell: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    """The four orthogonal neighbours of ``cell`` in side order N, E, S, W."""
    x, y = cell
    return ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))


def side_between(a: Cell, b: Cell) -> Side | None:
    """The side of ``a`` that faces ``b``, or ``None`` when they do not share a side."""
    delta = (b[0] - a[0], b[1] - a[1])
    try:
        return Side(DELTAS.index(delta))
    except ValueError:
        return None


class CellError(AlhambraError):
    """Raised when a value given as a cell is not a pair of whole numbers ``(x, y)``."""


MAX_COORDINATE = 100
"""The largest ``|x|`` and ``|y|`` of a cell in a city (:mod:`.limits` holds a city to it)."""

FARTHEST = 1_000_000
"""The largest ``|x|`` or ``|y|`` of any cell: far beyond every city (see :mod:`.limits`),
and small enough that every rule, message and picture can work with it."""


def as_cell(value: object) -> Cell:
    """Coerce ``value`` (a pair of integers) to a cell, or raise :class:`CellError` naming it."""
    if (
        type(value) is tuple
        and len(value) == 2
        and type(value[0]) is type(value[1]) is int
        and -FARTHEST <= value[0] <= FARTHEST
        and -FARTHEST <= value[1] <= FARTHEST
    ):
        return value  # already a cell: the rules pass cells around all the time
    if (
        isinstance(value, (tuple, list))
        and len(value) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        if all(-FARTHEST <= v <= FARTHEST for v in value):
            return (int(value[0]), int(value[1]))
        raise CellError(_refusal("refusal.cell-far", value))
    raise CellError(_refusal("refusal.cell", value))


def _refusal(key: str, value: object) -> str:
    return render(key, {"value": shown(value), "limit": MAX_COORDINATE})


def canonical_edge(cell: Cell, side: Side | int) -> tuple[Cell, Side]:
    """The shared side between ``cell`` and its neighbour, named from the west or north tile.

    Both tiles name the same edge differently; gates are stored under this one name.
    """
    if side == Side.N:
        return (neighbour(cell, side), Side.S)
    if side == Side.W:
        return (neighbour(cell, side), Side.E)
    return (cell, Side(side))

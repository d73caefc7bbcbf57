"""What a rule needs to know of a tile tried somewhere: its edges as turned, and how it comes.

A :class:`Shape` is the part of an attempt that does not depend on the cell, so that a rule can
answer for every cell of a city at once (its mask) and remember the answer per shape.
"""

from __future__ import annotations

from typing import NamedTuple

from ..geometry import Side
from ..tiles import Edge, Tile

NO_GATE = -1
"""The tile comes without a gate."""
ANY_GATE = 4
"""The tile may come with a gate on whichever side lets the pedestrian in (expansion II): the
question of ``legal_cells(tile, gate=True)``."""


_EDGES = tuple(sorted(Edge))
"""The edges by value: read by index, where calling ``Edge`` looks the value up each time."""


class Shape(NamedTuple):
    """A tile as tried: its edges (two bits per side, north first), kind, turns and gate."""

    code: int
    camp: bool
    fountain: bool
    turns: int = 0
    gate: int = NO_GATE
    """``NO_GATE``, ``ANY_GATE`` or the side (0-3) that gets a gate."""
    key: int = 0
    """All of the above in one number: what the rules remember their answers by."""

    @classmethod
    def of(cls, tile: Tile, turns: int = 0, gate: Side | bool | None = None) -> Shape:
        """The shape of ``tile`` turned ``turns`` quarter turns, with ``gate`` on a side
        (a :class:`Side`), on any side that helps (``True``) or none."""
        if not turns and (gate is None or gate is False):
            return upright(tile)
        code = tile.edge_bits
        if turns:
            code = sum(int(e) << 2 * i for i, e in enumerate(tile.rotated_edges(turns)))
        if gate is None or gate is False:
            where = NO_GATE
        elif gate is True:
            where = ANY_GATE
        else:
            where = int(gate)
        return cls.made(code, tile.is_camp, tile.is_fountain, turns, where)

    @classmethod
    def made(cls, code: int, camp: bool, fountain: bool, turns: int, gate: int) -> Shape:
        """The shape with these parts and its key."""
        key = code | camp << 8 | fountain << 9 | turns << 10 | (gate + 1) << 12
        return cls(code, camp, fountain, turns, gate, key)

    def with_gate(self, gate: int) -> Shape:
        """This shape with a gate on side ``gate`` (or ``NO_GATE``, ``ANY_GATE``)."""
        return Shape.made(self.code, self.camp, self.fountain, self.turns, gate)

    def edge(self, side: int) -> Edge:
        """The edge the tile shows on ``side``."""
        return _EDGES[self.code >> 2 * side & 3]


_UPRIGHT: dict[str, Shape] = {}


def upright(tile: Tile) -> Shape:
    """The shape of ``tile`` as it is built, upright and without a gate (asked again and
    again by a game's listings: made once per kind of tile)."""
    found = _UPRIGHT.get(tile.code)
    if found is None:
        found = _UPRIGHT[tile.code] = Shape.made(
            tile.edge_bits, tile.is_camp, tile.is_fountain, 0, NO_GATE
        )
    return found


_WALLS_GATED: dict[int, tuple[tuple[int, Shape], ...]] = {}


def walls_gated(shape: Shape) -> tuple[tuple[int, Shape], ...]:
    """Each side (0-3) where ``shape`` shows a wall, with the shape of the tile with a gate on
    that side (made once per shape: a game lists the gated placements of its tiles again and
    again)."""
    found = _WALLS_GATED.get(shape.key)
    if found is None:
        found = _WALLS_GATED[shape.key] = tuple(
            (side, shape.with_gate(side)) for side in range(4) if shape.edge(side) is Edge.WALL
        )
    return found

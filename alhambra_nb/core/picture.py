"""A small text picture of a city, for ``print(city)`` and plain-text outputs.

Each tile is a box with its type's letter (F fountain, P S A C G T, K camp); ``===`` and ``#``
are walls, ``---`` and ``|`` open edges to the outside; shared open sides are left blank.
"""

from __future__ import annotations

from collections.abc import Mapping

from .geometry import Cell
from .tiles import Edge, Tile

_CELL_WIDTH = 4


def _letter(tile: Tile) -> str:
    if tile.building is not None:
        return tile.building.letter
    return "F" if tile.is_fountain else "K"


def _border(first: Tile | None, second: Tile | None, side: int, marks: tuple[str, str, str]) -> str:
    """The mark between two cells, ``second`` across ``side`` of ``first``: ``marks`` are
    those of a wall, of the city's edge and of open ground."""
    wall, edge, gap = marks
    if first is None and second is None:
        return gap
    walled = (first is not None and first.edges[side] is not Edge.OPEN) or (
        second is not None and second.edges[side ^ 2] is not Edge.OPEN
    )
    if walled:
        return wall
    return gap if first is not None and second is not None else edge


def _horizontal(upper: Tile | None, lower: Tile | None) -> str:
    return _border(upper, lower, 2, ("===", "---", "   "))


def _vertical(left: Tile | None, right: Tile | None) -> str:
    return _border(left, right, 1, ("#", "|", " "))


def city_picture(tiles: Mapping[Cell, Tile]) -> str:
    """The picture, with x along the top and y down the left side."""
    xs = range(min(x for x, _ in tiles), max(x for x, _ in tiles) + 1)
    ys = range(min(y for _, y in tiles), max(y for _, y in tiles) + 1)
    header = "    " + "".join(f"{x:^{_CELL_WIDTH}}" for x in xs)
    lines = [header.rstrip()]
    for y in [*ys, ys[-1] + 1]:
        border = "    "
        for x in xs:
            upper, lower = tiles.get((x, y - 1)), tiles.get((x, y))
            corner = (
                "+" if any((x + dx, y + dy) in tiles for dx in (-1, 0) for dy in (-1, 0)) else " "
            )
            border += corner + _horizontal(upper, lower)
        right_corner = any((xs[-1], y + dy) in tiles for dy in (-1, 0))
        lines.append((border + ("+" if right_corner else "")).rstrip())
        if y > ys[-1]:
            break
        row = f"{y:>3} "
        for x in xs:
            tile = tiles.get((x, y))
            row += _vertical(tiles.get((x - 1, y)), tile)
            row += f" {_letter(tile)} " if tile is not None else "   "
        row += _vertical(tiles.get((xs[-1], y)), None)
        lines.append(row.rstrip())
    return "\n".join(lines)

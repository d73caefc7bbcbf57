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


def _horizontal(upper: Tile | None, lower: Tile | None) -> str:
    if upper is None and lower is None:
        return "   "
    walled = (upper is not None and upper.edges[2] is not Edge.OPEN) or (
        lower is not None and lower.edges[0] is not Edge.OPEN
    )
    if walled:
        return "==="
    return "   " if upper is not None and lower is not None else "---"


def _vertical(left: Tile | None, right: Tile | None) -> str:
    if left is None and right is None:
        return " "
    walled = (left is not None and left.edges[1] is not Edge.OPEN) or (
        right is not None and right.edges[3] is not Edge.OPEN
    )
    if walled:
        return "#"
    return " " if left is not None and right is not None else "|"


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

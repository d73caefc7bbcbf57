"""Expansion II camps: the camp tiles and their arrow scoring (RULES.md §9.4).

At every scoring, each bastion's arrow is followed straight into the Alhambra: every tile in
the unbroken straight line of tiles beyond it scores 1 (the fountain counts; inner walls do
not break the line). Ruling: the line ends at the first empty cell or camp, and camps never
score. A camp with two bastions scores both arrows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .geometry import Cell, Side, neighbour
from .tiles import CAMP_TABLE, CAMPS, CampRow, Tile, load_camps

__all__ = [
    "CAMPS",
    "CAMP_TABLE",
    "ArrowLine",
    "CampRow",
    "arrow_lines",
    "camp_points",
    "load_camps",
]


@dataclass(frozen=True)
class ArrowLine:
    """One bastion's arrow and the tiles it scores."""

    camp: Cell
    side: Side
    cells: tuple[Cell, ...]

    @property
    def points(self) -> int:
        return len(self.cells)


def arrow_lines(tiles: Mapping[Cell, Tile]) -> list[ArrowLine]:
    """Every camp arrow of a city with the straight line of tiles it runs over."""
    lines = []
    for cell, tile in sorted(tiles.items()):
        if not tile.is_camp:
            continue
        for side in sorted(tile.bastions):
            run = []
            step = neighbour(cell, side)
            while step in tiles and not tiles[step].is_camp:
                run.append(step)
                step = neighbour(step, side)
            lines.append(ArrowLine(cell, side, tuple(run)))
    return lines


def camp_points(tiles: Mapping[Cell, Tile]) -> int:
    """The camp points of a city at a scoring."""
    return sum(line.points for line in arrow_lines(tiles))

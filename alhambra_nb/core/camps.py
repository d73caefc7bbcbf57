"""Expansion II camps: the camp tiles and their arrow scoring (RULES.md §9.4).

At every scoring, each bastion's arrow is followed straight into the Alhambra: every tile in
the unbroken straight line of tiles beyond it scores 1 (the fountain counts; inner walls do
not break the line). Ruling: the line ends at the first empty cell or camp, and camps never
score. A camp with two bastions scores both arrows.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from .geometry import Cell, Side, as_cell, neighbour
from .messages import render, shown
from .tiles import CAMP_TABLE, CAMPS, CampRow, Tile, TileError, load_camps

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
    _check_tiles(tiles)
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


def _check_tiles(tiles: object) -> None:
    """Refuse anything but cells with tiles, as ``City.tiles()`` gives them (a cell that is
    no pair of whole numbers is refused by :func:`as_cell`)."""
    if not isinstance(tiles, Mapping) or not all(isinstance(t, Tile) for t in tiles.values()):
        raise TileError(render("refusal.city-tiles", {"value": shown(tiles)}))
    for cell in tiles:
        as_cell(cell)


def camp_points(tiles: Mapping[Cell, Tile]) -> int:
    """The camp points of a city at a scoring."""
    return sum(line.points for line in arrow_lines(tiles))

"""Expansion II camps: the camp tiles and their arrow scoring (RULES.md §9.4).

At every scoring, each bastion's arrow is followed straight into the Alhambra: every tile in
the unbroken straight line of tiles beyond it scores 1 (the fountain counts; inner walls do
not break the line). Ruling: the line ends at the first empty cell or camp, and camps never
score. A camp with two bastions scores both arrows.
"""

from __future__ import annotations

import csv
from collections.abc import Mapping
from dataclasses import dataclass
from importlib import resources

from .geometry import Cell, Side, neighbour
from .tiles import Tile


@dataclass(frozen=True)
class CampRow:
    """One line of the camp table: the tile and where its values come from."""

    name: str
    tile: Tile
    source: str
    """``printed`` or ``reconstructed``."""


def load_camps(text: str | None = None) -> tuple[CampRow, ...]:
    """The camps of a ``name,price,bastions,source`` table (default: the shipped one)."""
    if text is None:
        text = resources.files("alhambra_nb.data").joinpath("camps.csv").read_text("utf-8")
    rows = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    return tuple(
        CampRow(row["name"], Tile.camp(int(row["price"]), row["bastions"]), row["source"])
        for row in csv.DictReader(rows)
    )


CAMP_TABLE: tuple[CampRow, ...] = load_camps()
CAMPS: tuple[Tile, ...] = tuple(row.tile for row in CAMP_TABLE)
"""The 8 camp tiles (prices and bastions reconstructed; see ``data/camps.csv``)."""


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

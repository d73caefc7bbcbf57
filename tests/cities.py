"""Cities for the tests: hand-made positions and seeded random growth."""

from __future__ import annotations

import alhambra_nb as alh

# Ten tiles have no wall at all: handy for positions that only test shape.
OPEN_TILES = [t for t in alh.TILES if not t.walls]


def open_city(*cells: tuple[int, int]) -> alh.City:
    """A city of wall-less tiles at ``cells`` (the fountain stands at (0, 0) anyway)."""
    assert len(cells) <= len(OPEN_TILES)
    return alh.City(dict(zip(cells, OPEN_TILES, strict=False)))


def grow(seed: int, size: int = 50) -> alh.City:
    """A legal city grown by placing tiles from a shuffled bag at random legal cells."""
    return alh.random_city(seed, size)

"""Seeded random positions: cities grown by legal moves, for lessons, tests and benchmarks."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .city import City
from .tiles import TILES, Tile


def random_city(seed: int, size: int = 50, tiles: Sequence[Tile] = TILES) -> City:
    """A legal city of up to ``size`` tiles, grown from a shuffled bag of ``tiles``.

    Each tile in turn goes to a random legal cell (or is skipped when it fits nowhere);
    the same seed always grows the same city.
    """
    rng = random.Random(seed)
    bag = list(tiles)
    rng.shuffle(bag)
    city = City()
    for tile in bag:
        if len(city) > size:
            break
        cells = sorted(city.legal_cells(tile))
        if cells:
            city.place(tile, rng.choice(cells))
    return city

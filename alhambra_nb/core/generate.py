"""Seeded random positions: cities grown by legal moves, for lessons, tests and benchmarks."""

from __future__ import annotations

import random

from .city import City
from .tiles import TILES


def random_city(seed: int, size: int = 50) -> City:
    """A legal city of up to ``size`` building tiles, grown from a shuffled bag.

    Each tile in turn goes to a random legal cell (or is skipped when it fits nowhere);
    the same seed always grows the same city.
    """
    rng = random.Random(seed)
    bag = list(TILES)
    rng.shuffle(bag)
    city = City()
    for tile in bag:
        if len(city) > size:
            break
        cells = sorted(city.legal_cells(tile))
        if cells:
            city.place(tile, rng.choice(cells))
    return city

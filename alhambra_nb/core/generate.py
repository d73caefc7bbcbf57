"""Seeded random positions: cities grown by legal moves, for lessons, tests and benchmarks."""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence

from .city import City, CityError, as_tile
from .limits import MAX_TILES, CitySizeError, check_seed
from .messages import render, shown
from .tiles import TILES, Tile, TileError


def random_city(seed: int, size: int = 50, tiles: Sequence[Tile] = TILES) -> City:
    """A legal city of up to ``size`` tiles, grown from a shuffled bag of ``tiles``.

    Each tile in turn goes to a random legal cell (or is skipped when it fits nowhere);
    the same seed always grows the same city.
    """
    check_seed(seed, CityError)
    if not isinstance(size, int) or isinstance(size, bool) or not 0 <= size <= MAX_TILES:
        raise CitySizeError(render("refusal.city-size", {"most": MAX_TILES, "count": shown(size)}))
    if not isinstance(tiles, Iterable) or isinstance(tiles, (str, Mapping)):
        raise TileError(render("refusal.tiles", {"value": shown(tiles)}))
    bag = [as_tile(tile) for tile in tiles]
    rng = random.Random(seed)
    rng.shuffle(bag)
    city = City()
    for tile in bag:
        if len(city) > size:
            break
        cells = sorted(city.legal_cells(tile))
        if cells:
            city.place(tile, rng.choice(cells))
    return city

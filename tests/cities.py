"""Cities for the tests: hand-made positions and seeded random growth."""

from __future__ import annotations

import random

from hypothesis import strategies as st

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


FAR = (40, -40)
"""A cell far from every grown city: the rules must answer there too."""


def gated_city(seed: int, size: int, *, holes: str = "any", gate_share: float = 0.3) -> alh.City:
    """A legal city with camps, grown at random under the rule of ``holes``; a tile that fits
    only thanks to a gate gets one, and now and then (``gate_share``) a tile that fits anyway
    gets one too."""
    rng = random.Random(seed)
    bag = list(alh.TILES + alh.CAMPS)
    rng.shuffle(bag)
    city = alh.City(holes=holes)
    for tile in bag[:size]:
        plain = sorted(city.legal_cells(tile))
        gated = city.gate_openings(tile)
        if gated and (not plain or rng.random() < gate_share):
            cell, side = rng.choice(gated)
            city.place(tile, cell, gate=side)
        elif plain:
            city.place(tile, rng.choice(plain))
    assert city.validate() == []
    return city


def around(city: alh.City) -> list[tuple[int, int]]:
    """Every cell within two of the city, then :data:`FAR`."""
    xs = [x for x, _ in city]
    ys = [y for _, y in city]
    near = [
        (x, y) for x in range(min(xs) - 2, max(xs) + 3) for y in range(min(ys) - 2, max(ys) + 3)
    ]
    return [*near, FAR]


typed_positions = st.dictionaries(
    st.tuples(st.integers(-3, 3), st.integers(-3, 3)),
    st.sampled_from(alh.TILES + alh.CAMPS),
    max_size=30,
)
"""Any position a learner might type in, legal or not (walls that branch, camps wedged in)."""

"""Properties of the building rules on randomly grown cities, against a naive oracle."""

from hypothesis import given, settings
from hypothesis import strategies as st

import alhambra_nb as alh
from tests import oracle
from tests.cities import grow

PATTERNS = sorted({t.wall_mask: t for t in alh.TILES}.values(), key=lambda t: t.wall_mask)
seeds = st.integers(min_value=0, max_value=10**6)
sizes = st.integers(min_value=0, max_value=54)


def neighbourhood(city: alh.City) -> list[tuple[int, int]]:
    xs = [x for x, _ in city]
    ys = [y for _, y in city]
    return [
        (x, y) for x in range(min(xs) - 2, max(xs) + 3) for y in range(min(ys) - 2, max(ys) + 3)
    ]


@settings(max_examples=30, deadline=None)
@given(seeds, sizes)
def test_with_camps_legal_cells_agree_with_check_and_the_oracle(seed, size):
    city = alh.random_city(seed, size, tiles=alh.TILES + alh.CAMPS)
    tiles = dict(city.items())
    assert city.validate() == []
    cells = neighbourhood(city)
    for tile in PATTERNS + list(alh.CAMPS):
        by_check = {cell for cell in cells if city.check(tile, cell) == []}
        assert city.legal_cells(tile) == by_check
        assert by_check == {cell for cell in cells if oracle.legal(tiles, tile, cell)}
    for cell in tiles:
        assert (city.check_removal(cell) == []) == oracle.removable(tiles, cell), cell


def test_there_are_13_wall_patterns():
    assert len(PATTERNS) == 13


@settings(max_examples=40, deadline=None)
@given(seeds, sizes)
def test_legal_cells_are_exactly_the_cells_that_check_finds_no_fault_with(seed, size):
    city = grow(seed, size)
    tiles = dict(city.items())
    cells = neighbourhood(city)
    for tile in PATTERNS:
        by_check = {cell for cell in cells if city.check(tile, cell) == []}
        assert city.legal_cells(tile) == by_check
        assert by_check == {cell for cell in cells if oracle.legal(tiles, tile, cell)}
        assert by_check == {cell for cell in cells if city.is_legal(tile, cell)}


@settings(max_examples=40, deadline=None)
@given(seeds, sizes)
def test_removal_checks_agree_with_the_oracle(seed, size):
    city = grow(seed, size)
    tiles = dict(city.items())
    for cell in tiles:
        assert (city.check_removal(cell) == []) == oracle.removable(tiles, cell), cell


@settings(max_examples=40, deadline=None)
@given(seeds, sizes)
def test_every_city_grown_by_legal_moves_obeys_every_rule(seed, size):
    city = grow(seed, size)
    assert city.validate() == []
    tiles = dict(city.items())
    assert oracle.walkable(tiles) == set(tiles)
    assert not oracle.has_hole(tiles)


@settings(max_examples=40, deadline=None)
@given(seeds, sizes, st.randoms(use_true_random=False))
def test_place_then_remove_restores_the_city(seed, size, rng):
    city = grow(seed, size)
    used = set(dict(city.items()).values())
    spare = [t for t in alh.TILES if t not in used]
    if not spare:
        return
    tile = rng.choice(spare)
    cells = sorted(city.legal_cells(tile))
    if not cells:
        return
    before = city.copy()
    wall_before = city.longest_wall()
    cell = rng.choice(cells)
    city.place(tile, cell)
    assert city.remove(cell) == tile
    assert city == before and city.longest_wall() == wall_before
    assert city.legal_cells(tile) == before.legal_cells(tile)


@settings(max_examples=40, deadline=None)
@given(seeds, sizes)
def test_the_notation_round_trips(seed, size):
    city = grow(seed, size)
    again = alh.City.from_text(city.to_text())
    assert again == city
    assert again.to_text() == city.to_text()
    assert again.longest_wall() == city.longest_wall()


@settings(max_examples=25, deadline=None)
@given(seeds, st.integers(min_value=5, max_value=54), st.randoms(use_true_random=False))
def test_swaps_agree_with_remove_then_place(seed, size, rng):
    city = grow(seed, size)
    cells = [c for c in city if c != (0, 0)]
    if not cells:
        return
    cell = rng.choice(cells)
    tile = rng.choice(alh.TILES)
    tiles = dict(city.items())
    after = dict(tiles)
    after[cell] = tile
    without = {c: t for c, t in tiles.items() if c != cell}
    expected = oracle.legal(without, tile, cell) and oracle.walkable(after) == set(after)
    assert (city.check_swap(cell, tile) == []) == expected


def test_random_growth_is_reproducible():
    assert grow(7).to_text() == grow(7).to_text()
    assert grow(7).to_text() != grow(8).to_text()
    assert len(grow(3, 50)) > 40

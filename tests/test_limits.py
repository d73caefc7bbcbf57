"""A city is bounded: far beyond any real game, refused before any work, answered at once."""

from __future__ import annotations

import random
import re
import time

import pytest

import alhambra_nb as alh
from alhambra_nb.core.limits import MAX_COORDINATE, MAX_TILES
from alhambra_nb.render.svg import city_extent, city_svg

GARDEN = "garden-10"  # open on every side: a street of them is a legal Alhambra


def _street(west: int, east: int) -> str:
    """Gardens in a row from ``west`` to ``east`` (the fountain between), as city text."""
    return "\n".join(f"{x},0 {GARDEN}" for x in range(west, east + 1) if x != 0)


def test_the_largest_city_allowed_is_read_and_is_legal():
    city = alh.City.from_text(_street(-MAX_COORDINATE, MAX_COORDINATE))
    assert len(city) - 1 == MAX_TILES
    assert city.validate() == []
    assert alh.City.from_text(city.to_text()) == city


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (f"{MAX_COORDINATE + 1},0 {GARDEN}", f"({MAX_COORDINATE + 1}, 0)"),
        (f"0,-{MAX_COORDINATE + 1} {GARDEN}", f"at most {MAX_COORDINATE}"),
        (f"{'7' * 5000},0 {GARDEN}", "too far from the fountain"),
        (f"gate {'9' * 5000},0 E", "too far from the fountain"),
        ("\n".join(f"{x},{y} {GARDEN}" for x in range(1, 16) for y in range(15)), "at most 200"),
        ("gate 1,0 E\n" * 100_000, "entries"),
    ],
)
def test_a_city_text_beyond_the_bounds_is_refused_at_once(text, words):
    # This process's CPU time: the suite's other worker and its browsers do not count.
    start = time.process_time()
    with pytest.raises(alh.CitySizeError) as error:
        alh.City.from_text(text)
    assert time.process_time() - start < 0.5
    assert words in str(error.value)
    assert isinstance(error.value, ValueError)


def test_a_city_built_from_cells_is_bounded_too():
    with pytest.raises(alh.CitySizeError, match=r"\(0, 500\)"):
        alh.City({(0, 500): GARDEN})
    with pytest.raises(alh.CitySizeError, match="at most 200 tiles"):
        alh.City({(x, y): GARDEN for x in range(1, 16) for y in range(15)})


def test_building_beyond_the_bounds_is_refused_and_changes_nothing():
    city = alh.City.from_text(_street(1, MAX_COORDINATE))
    before = city.to_text()
    assert city.is_legal(GARDEN, (MAX_COORDINATE + 1, 0))  # the rules alone would allow it
    with pytest.raises(alh.CitySizeError):
        city.place(GARDEN, (MAX_COORDINATE + 1, 0))
    assert city.to_text() == before
    full = alh.City.from_text(_street(-MAX_COORDINATE, MAX_COORDINATE))
    with pytest.raises(alh.CitySizeError, match="at most 200 tiles"):
        full.place(GARDEN, (1, 1))
    assert len(full) - 1 == MAX_TILES


def _fastest_validate(tiles: int) -> float:
    city = alh.City.from_text(_street(1, tiles))
    city.legal_cells(GARDEN)  # the derived facts are built once, outside the timing
    best = float("inf")
    for _ in range(7):
        start = time.perf_counter()
        assert city.validate() == []
        best = min(best, time.perf_counter() - start)
    return best


def test_validate_grows_linearly_with_the_city():
    # Four times the tiles: about four times the time when linear, sixteen when quadratic.
    small, large = _fastest_validate(MAX_COORDINATE // 4), _fastest_validate(MAX_COORDINATE)
    assert large < 8 * small, (small, large)


def _spread_out_city(tiles: int, seed: int) -> alh.City:
    """``tiles`` gardens scattered over the whole bounded plane (each on its own: no rule
    joins them, but a picture must still be drawn)."""
    rng = random.Random(seed)
    cells: set[tuple[int, int]] = set()
    while len(cells) < tiles:
        cell = (rng.randint(-MAX_COORDINATE, MAX_COORDINATE), rng.randint(-MAX_COORDINATE, 0))
        if cell != (0, 0):
            cells.add(cell)
    return alh.City({cell: GARDEN for cell in cells})


def test_a_spread_out_city_is_drawn_at_once_with_only_the_cells_that_matter():
    city = _spread_out_city(MAX_TILES, seed=7)
    start = time.process_time()
    svg = city._repr_svg_()
    assert time.process_time() - start < 1  # every cell of its box took 6-17 s
    assert len(svg) < 2_000_000
    drawn = set(re.findall(r'data-cell="(-?\d+),(-?\d+)"', svg))
    needed = {f"{x},{y}" for x, y in city} | {f"{x},{y}" for x, y in city.candidate_cells()}
    assert {f"{x},{y}" for x, y in drawn} == needed


def test_a_small_city_is_drawn_cell_by_cell_empty_cells_too():
    city = alh.City.from_text(_street(-3, 3))
    svg = city._repr_svg_()
    min_x, min_y, max_x, max_y = city_extent(city)
    assert len(re.findall(r'class="cell ', svg)) == (max_x - min_x + 1) * (max_y - min_y + 1)


@pytest.mark.parametrize(
    "options",
    [
        {"highlight": [(10**4, 0)]},
        {"extent": (-(10**4), 0, 1, 1)},
        {"try_tile": GARDEN, "at": (0, 10**4)},
    ],
)
def test_a_picture_reaching_beyond_every_city_is_refused_at_once(options):
    # A board of 10 000 columns was drawn cell by cell and numbered column by column.
    start = time.process_time()
    with pytest.raises(alh.AlhambraError):
        city_svg(alh.City.from_text(_street(1, 2)), **options)
    assert time.process_time() - start < 1

"""Two readings of the board's rules: holes of single cells only, and rings scored n - 1.

``City(holes="single")`` forbids only a single empty cell built round on all four sides, so a
larger courtyard may be enclosed; ``longest_wall(rings="n-1")`` counts the longest path that
never passes the same corner twice, so a closed ring of n segments scores n - 1. Case by case,
then the masks held to their explanations, to a naive oracle and to layouts built afresh on
random cities grown under the single-cell reading.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections import deque

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import alhambra_nb as alh
from alhambra_nb.core import rules
from alhambra_nb.core.city import CityError
from alhambra_nb.core.rules import placement, redesign
from alhambra_nb.core.rules.shape import Shape
from alhambra_nb.core.walls import longest_path_of, longest_wall_of
from tests import oracle
from tests.cities import OPEN_TILES, around, gated_city, typed_positions

R = alh.RuleId
seeds = st.integers(min_value=0, max_value=10**6)
sizes = st.integers(min_value=0, max_value=50)
PATTERNS = sorted({t.wall_mask: t for t in alh.TILES}.values(), key=lambda t: t.wall_mask)


def rules_of(violations):
    return [v.rule for v in violations]


def open_city(*cells: tuple[int, int], holes: str = "any") -> alh.City:
    """A city of wall-less tiles at ``cells`` (the same kinds again when there are many)."""
    tiles = {cell: OPEN_TILES[i % len(OPEN_TILES)] for i, cell in enumerate(cells)}
    return alh.City(tiles, holes=holes)


def walled(*sides: str) -> alh.Tile:
    """A building walled on exactly ``sides``."""
    wanted = set(sides)
    return next(t for t in alh.TILES if {s.name for s in t.walls} == wanted)


# The courtyard of (0, 1) and (1, 1), closed by a tile at (1, 2).
COURTYARD_RING = [(-1, 0), (1, 0), (2, 0), (-1, 1), (2, 1), (-1, 2), (0, 2), (2, 2)]
CLOSING = (1, 2)
# An empty cell (1, 1) with three built sides: a tile at (1, 2) closes it in.
NOTCH = [(1, 0), (2, 0), (0, 1), (2, 1), (0, 2)]


# -- holes: placing -------------------------------------------------------------------------


def test_closing_a_two_cell_courtyard_is_a_hole_of_any_size_only():
    tile = OPEN_TILES[0]
    strict = open_city(*COURTYARD_RING)
    found = strict.check(tile, CLOSING)
    assert rules_of(found) == [R.NO_HOLES]
    assert found[0].cells == ((0, 1), (1, 1))
    assert "enclose the 2 empty cells (0, 1) and (1, 1)" in found[0].message
    assert CLOSING not in strict.legal_cells(tile)

    single = open_city(*COURTYARD_RING, holes="single")
    assert single.check(tile, CLOSING) == []
    assert CLOSING in single.legal_cells(tile)
    single.place(tile, CLOSING)
    assert single.validate() == []
    assert single.holes == "single"
    # Inside the courtyard, its cells are candidate cells like any other.
    assert {(0, 1), (1, 1)} <= single.candidate_cells()
    assert single.is_legal(tile, (0, 1)) is False  # it would leave (1, 1) built round
    assert open_city(*COURTYARD_RING, CLOSING).validate()[0].rule == R.CITY_NO_HOLES


def test_a_tile_leaving_a_single_empty_cell_built_round_is_refused_under_both_readings():
    for holes in ("any", "single"):
        city = open_city(*NOTCH, holes=holes)
        found = city.check("arcades-10", CLOSING)
        assert rules_of(found) == [R.NO_HOLES], holes
        assert found[0].cells == ((1, 1),)
        assert "enclose the empty cell (1, 1)" in found[0].message
        assert not city.is_legal("arcades-10", CLOSING)
        with pytest.raises(alh.IllegalPlacementError):
            city.place("arcades-10", CLOSING)


def test_under_single_holes_a_tile_is_refused_for_each_cell_it_would_close_in():
    # Two notches, (1, 1) and (1, -1), both closed by a tile at (1, 0).
    cells = [(0, 1), (0, 2), (1, 2), (2, 2), (2, 1), (2, 0), (2, -1), (2, -2), (1, -2), (0, -2)]
    city = open_city(*cells, (0, -1), holes="single")
    found = city.check(OPEN_TILES[0], (1, 0))
    assert rules_of(found) == [R.NO_HOLES]
    assert found[0].cells == ((1, -1), (1, 1))
    assert "enclose the 2 empty cells (1, -1) and (1, 1)" in found[0].message


def test_under_single_holes_validate_names_each_single_hole_and_no_courtyard():
    city = open_city(*NOTCH, CLOSING, (-1, 0), (-1, 1), (-1, 2), holes="single")
    holes = city.validate()
    assert rules_of(holes) == [R.CITY_NO_HOLES] and holes[0].cells == ((1, 1),)
    courtyard = open_city(*COURTYARD_RING, CLOSING, holes="single")
    assert courtyard.validate() == []
    assert rules_of(open_city(*COURTYARD_RING, CLOSING).validate()) == [R.CITY_NO_HOLES]


# -- holes: removing and swapping -----------------------------------------------------------


def test_a_tile_with_four_built_neighbours_is_never_removable():
    block = [(x, y) for y in range(3) for x in range(3) if (x, y) != (0, 0)]
    for holes in ("any", "single"):
        city = open_city(*block, holes=holes)
        found = city.check_removal((1, 1))
        assert rules_of(found) == [R.REDESIGN_HOLE], holes
        assert found[0].cells == ((1, 1),)
        assert "closed in by tiles on every side" in found[0].message
        with pytest.raises(alh.IllegalRedesignError):
            city.remove((1, 1))
        assert city.check_removal((1, 0)) == []


def courtyard_behind_a_tile(holes: str) -> alh.City:
    """The courtyard of (0, 1) and (1, 1) closed, and the tile at (1, 0) built round so that
    its only empty side cell is the courtyard's (1, 1)."""
    return open_city(*COURTYARD_RING, CLOSING, (1, -1), (2, -1), holes=holes)


def test_a_removal_opening_onto_a_courtyard_is_legal_under_single_holes_only():
    assert R.REDESIGN_HOLE in rules_of(courtyard_behind_a_tile("any").check_removal((1, 0)))
    city = courtyard_behind_a_tile("single")
    assert city.validate() == []
    assert city.check_removal((1, 0)) == []
    city.remove((1, 0))
    assert city.validate() == []
    assert {(0, 1), (1, 0), (1, 1)} <= city.candidate_cells()
    # Put back, it would leave neither courtyard cell built round: legal again.
    assert city.is_legal(OPEN_TILES[0], (1, 0))


def test_a_swap_keeps_the_cell_built_under_single_holes():
    city = open_city(*[(x, y) for y in range(3) for x in range(3) if (x, y) != (0, 0)])
    single = alh.City(dict(city.items()), holes="single")
    assert single.check_swap((1, 1), "tower-12") == []
    single.swap((1, 1), "tower-12")
    assert single.validate() == []


# -- holes: the value itself ----------------------------------------------------------------


def test_the_rule_of_holes_is_kept_by_copies_pickles_and_text_and_counts_for_equality():
    city = open_city(*COURTYARD_RING, CLOSING, holes="single")
    for twin in (
        city.copy(),
        city.detached(),
        copy.deepcopy(city),
        pickle.loads(pickle.dumps(city)),
        pickle.loads(pickle.dumps(city.detached())),
        alh.City.from_text(city.to_text(), holes="single"),
        eval(repr(city), {"City": alh.City}),
    ):
        assert twin.holes == "single"
        assert twin == city
        assert twin.validate() == []
    assert city != alh.City(dict(city.items()))
    assert alh.City() != alh.City(holes="single")
    assert alh.City().holes == "any" and alh.City.from_text("1,0 tower-12").holes == "any"
    with pytest.raises(AttributeError):
        city.holes = "any"  # type: ignore[misc]


def test_a_city_pickled_before_the_rule_of_holes_was_kept_reads_with_the_rules_own():
    city = alh.City.__new__(alh.City)
    city.__setstate__(({(0, 0): alh.FOUNTAIN, (1, 0): OPEN_TILES[0]}, frozenset()))
    assert city.holes == "any" and city == open_city((1, 0))


@pytest.mark.parametrize("value", ["none", "Single", None, 1, ("any",)])
def test_a_rule_of_holes_it_does_not_have_is_refused_naming_the_field(value):
    with pytest.raises(CityError, match="holes is one of any, single"):
        alh.City(holes=value)
    with pytest.raises(CityError, match="holes"):
        alh.City.from_text("1,0 tower-12", holes=value)


# -- rings ----------------------------------------------------------------------------------

RING = {
    (0, -1): ("N",),
    (1, -1): ("N", "E"),
    (1, 0): ("E",),
    (1, 1): ("E", "S"),
    (0, 1): ("S",),
    (-1, 1): ("S", "W"),
    (-1, 0): ("W",),
    (-1, -1): ("N", "W"),
}


def walled_ring(leave_out: int = 0) -> alh.City:
    """The fountain walled round by eight tiles (but the last ``leave_out``), built legally."""
    city = alh.City()
    for cell, sides in list(RING.items())[: len(RING) - leave_out]:
        city.place(walled(*sides), cell)
    return city


def test_a_closed_ring_of_twelve_segments_scores_twelve_or_eleven():
    city = walled_ring()
    assert city.validate() == []
    assert city.longest_wall() == city.longest_wall(rings="n") == 12
    assert city.longest_wall(rings="n-1") == 11
    assert len(city.longest_wall_segments()) == 12
    path = city.longest_wall_segments(rings="n-1")
    assert len(path) == 11 and set(path) < set(city.longest_wall_segments())
    assert len(corners_passed(path)) == 12  # eleven segments, no corner passed twice


def test_an_open_wall_scores_the_same_under_both_readings():
    city = walled_ring(leave_out=1)  # the north-west corner left open: ten in a line
    assert city.longest_wall() == city.longest_wall(rings="n-1") == 10
    assert city.longest_wall_segments() == city.longest_wall_segments(rings="n-1")
    lone = alh.City.from_text("1,0 tower-9-NE")
    assert lone.longest_wall() == lone.longest_wall(rings="n-1") == 2
    assert alh.City().longest_wall(rings="n-1") == 0


def test_a_figure_of_eight_is_one_trail_but_its_longest_path_is_shorter():
    # Two walled squares meeting at one corner (a position typed in): one trail of all 16
    # segments, while a path passing no corner twice walks 7 of each square's 8.
    city = alh.City(
        {
            (2, 2): walled("N", "W"),
            (3, 2): walled("N", "E"),
            (2, 3): walled("S", "W"),
            (3, 3): walled("E", "S"),
            (4, 4): walled("N", "W"),
            (5, 4): walled("N", "E"),
            (4, 5): walled("S", "W"),
            (5, 5): walled("E", "S"),
        }
    )
    assert city.longest_wall() == 16
    assert city.longest_wall(rings="n-1") == 14
    path = city.longest_wall_segments(rings="n-1")
    assert len(path) == 14 and len(corners_passed(path)) == 15


@pytest.mark.parametrize("value", ["n-2", "N", None, 1])
def test_a_reading_of_rings_it_does_not_have_is_refused_naming_the_field(value):
    city = walled_ring()
    with pytest.raises(CityError, match="rings is one of n, n-1"):
        city.longest_wall(rings=value)
    with pytest.raises(CityError, match="rings"):
        city.longest_wall_segments(rings=value)


_ENDS = {"N": ((0, 0), (1, 0)), "E": ((1, 0), (1, 1)), "S": ((0, 1), (1, 1)), "W": ((0, 0), (0, 1))}


def corners_passed(segments) -> list[tuple[int, int]]:
    """The corners a wall of ``segments`` passes, in walking order; fails unless the segments
    join end to end into one line."""
    ends = []
    for (x, y), side in segments:
        (ax, ay), (bx, by) = _ENDS[side.name]
        ends.append(((x + ax, y + ay), (x + bx, y + by)))
    degree: dict = {}
    for a, b in ends:
        degree[a] = degree.get(a, 0) + 1
        degree[b] = degree.get(b, 0) + 1
    start = min(p for p, d in degree.items() if d == 1)
    walked, left, point = [start], list(ends), start
    while left:
        nxt = next(e for e in left if point in e)
        left.remove(nxt)
        point = nxt[1] if nxt[0] == point else nxt[0]
        walked.append(point)
    assert len(walked) == len(set(walked)), walked
    return walked


@settings(max_examples=60, deadline=None)
@given(typed_positions)
def test_rings_n_minus_1_is_the_longest_path_through_the_outer_walls(tiles):
    """Any position, walls that branch included: the count found on the bitboards is the
    longest path searched through every outer wall segment, its segments such a path, and
    the rules' own reading is unchanged."""
    tiles.pop((0, 0), None)
    city = alh.City(tiles)
    walls = oracle.outer_walls_by_hand(dict(city.items()))
    expected = longest_path_of(walls)
    assert city.longest_wall(rings="n-1") == len(expected)
    path = city.longest_wall_segments(rings="n-1")
    assert len(path) == len(expected) and set(path) <= set(walls)
    if path:
        assert len(corners_passed(path)) == len(path) + 1
    assert alh.City(tiles).longest_wall() == len(longest_wall_of(walls))
    assert city.longest_wall_segments() == longest_wall_of(walls)


# -- random cities grown under single holes -------------------------------------------------


def holds(rule, layout, shape, cell) -> bool:
    bit = layout.probe_bit(cell)
    return bool(rule.holds(layout, shape, bit) & bit)


@settings(max_examples=25, deadline=None)
@given(seeds, sizes)
def test_under_single_holes_no_holes_and_hole_explain_exactly_where_their_masks_say(seed, size):
    city = gated_city(seed, size, holes="single", gate_share=0.2)
    layout = city._facts()
    shape = Shape.of(OPEN_TILES[0])
    for cell in around(city):
        if cell not in city:
            attempt = placement.Attempt(
                OPEN_TILES[0], cell, OPEN_TILES[0].edges, 0, city.tiles(), layout
            )
            said = list(placement.NO_HOLES.explain(attempt))
            kept = holds(placement.NO_HOLES, layout, shape, cell)
            assert (not said) == kept, (cell, said)
            assert all(v.rule == R.NO_HOLES for v in said)
        elif cell != (0, 0):
            move = rules.Redesign(cell, city.tiles(), city.gates, layout)
            said = list(redesign.HOLE.explain(move))
            assert (not said) == holds(redesign.HOLE, layout, None, cell), (cell, said)
            assert all(v.rule == R.REDESIGN_HOLE for v in said)


def single_holes(tiles: dict) -> set:
    """The empty cells with a tile on each of their four sides."""
    return {
        oracle.step(cell, side)
        for cell in tiles
        for side in oracle.STEPS
        if oracle.step(cell, side) not in tiles
        and all(oracle.step(oracle.step(cell, side), s) in tiles for s in oracle.STEPS)
    }


def legal_by_hand(tiles: dict, tile, cell) -> bool:
    """The naive oracle's building rules, holes read as single cells."""
    if cell in tiles or not any(oracle.step(cell, s) in tiles for s in oracle.STEPS):
        return False
    for side in oracle.STEPS:
        other = tiles.get(oracle.step(cell, side))
        theirs = oracle.edge(other, oracle.OPPOSITE[side]) if other is not None else None
        if theirs is not None and not oracle.sides_match(oracle.edge(tile, side), theirs):
            return False
    after = {**tiles, cell: tile}
    return (tile.is_camp or cell in oracle.walkable(after)) and not single_holes(after)


def removable_by_hand(tiles: dict, cell) -> bool:
    if cell == (0, 0):
        return False
    after = {c: t for c, t in tiles.items() if c != cell}
    walked = oracle.walkable(after) == oracle.buildings(after)
    return walked and oracle.joined(after) == set(after) and not single_holes(after)


@settings(max_examples=25, deadline=None)
@given(seeds, sizes)
def test_under_single_holes_the_rules_agree_with_a_naive_oracle(seed, size):
    rng = random.Random(seed)
    city = alh.City(holes="single")
    bag = list(alh.TILES + alh.CAMPS)
    rng.shuffle(bag)
    for tile in bag[:size]:  # no gates: the oracle walks through open sides only
        cells = sorted(city.legal_cells(tile))
        if cells:
            city.place(tile, rng.choice(cells))
    tiles = dict(city.items())
    cells = around(city)[:-1]
    for tile in [*PATTERNS, alh.CAMPS[0], alh.CAMPS[5]]:
        assert city.legal_cells(tile) == {c for c in cells if legal_by_hand(tiles, tile, c)}
    for cell in tiles:
        assert (city.check_removal(cell) == []) == removable_by_hand(tiles, cell), cell
    assert city.validate() == [] and not single_holes(tiles)


def open_land_by_hand(tiles: dict, cells: list) -> set:
    """The empty ``cells`` (a box round the city) joined to its north-west corner through
    empty cells of the box."""
    start = (min(c[0] for c in cells), min(c[1] for c in cells))
    box = set(cells)
    seen, queue = {start}, deque([start])
    while queue:
        cell = queue.popleft()
        for side in oracle.STEPS:
            nxt = oracle.step(cell, side)
            if nxt in box and nxt not in tiles and nxt not in seen:
                seen.add(nxt)
                queue.append(nxt)
    return seen & set(cells)


def same_facts(city: alh.City) -> None:
    """The city's layout, derived move by move, says what one built afresh says, and its open
    land is the one found by hand."""
    fresh = alh.City(dict(city.items()), holes="single")
    derived, rebuilt = city._facts(), fresh._facts()
    near = around(city)[:-1]
    land = open_land_by_hand(dict(city.items()), near)
    for cell in near:
        if cell not in city:
            assert derived.is_outside(cell) == rebuilt.is_outside(cell) == (cell in land), cell
            assert derived.enclosed_by(cell) == rebuilt.enclosed_by(cell), cell
    assert rules.removable_cells(derived) == rules.removable_cells(rebuilt)
    for tile in PATTERNS[::4]:
        assert city.legal_cells(tile) == fresh.legal_cells(tile)


@settings(max_examples=30, deadline=None)
@given(seeds)
def test_under_single_holes_layouts_derived_move_by_move_equal_layouts_built_afresh(seed):
    """Courtyards closed by a tile and opened by a removal: after every legal move the open
    land and the rules' answers are those of a city built from scratch."""
    rng = random.Random(seed)  # plain draws: courtyards close about once in a hundred moves
    city = alh.City(holes="single")
    spare = list(alh.TILES + alh.CAMPS)
    rng.shuffle(spare)
    for _ in range(60):
        if rng.random() < 0.25:
            removable = [c for c in city if c != (0, 0) and city.check_removal(c) == []]
            if removable:
                spare.insert(0, city.remove(rng.choice(sorted(removable))))
        else:
            tile = spare.pop()
            cells = sorted(city.legal_cells(tile))
            if cells:
                city.place(tile, rng.choice(cells))
            else:
                spare.insert(0, tile)
        same_facts(city)
    assert city.validate() == []

"""Properties of the building rules on randomly grown cities, against a naive oracle."""

from hypothesis import given, settings
from hypothesis import strategies as st

import alhambra_nb as alh
from alhambra_nb.core import rules
from alhambra_nb.core.violations import RuleId
from alhambra_nb.core.walls import longest_wall_of
from tests import oracle
from tests.cities import grow, typed_positions

PATTERNS = sorted({t.wall_mask: t for t in alh.TILES}.values(), key=lambda t: t.wall_mask)
seeds = st.integers(min_value=0, max_value=10**6)
sizes = st.integers(min_value=0, max_value=54)
NO_HOLES = next(rule for rule in rules.RULES if rule.id == RuleId.NO_HOLES)


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


@settings(max_examples=60, deadline=None)
@given(seeds, sizes)
def test_with_camps_removable_cells_are_the_tiles_the_oracle_lets_go(seed, size):
    # Asked of a fresh city, before any removal is explained: the camps that a removal
    # would leave touching nothing are found from the masks alone.
    city = alh.random_city(seed, size, tiles=alh.TILES + alh.CAMPS)
    tiles = dict(city.items())
    fresh = alh.City.from_text(city.to_text())
    assert fresh.removable_cells() == {cell for cell in tiles if oracle.removable(tiles, cell)}


@settings(max_examples=40, deadline=None)
@given(seeds, st.integers(min_value=4, max_value=54))
def test_a_hole_is_explained_with_every_cell_it_would_enclose(seed, size):
    # Cities walled in on purpose: every cell that closes a courtyard, or two at once, is
    # explained with all the cells it would enclose and no others.
    city = grow(seed, size)
    tiles = dict(city.items())
    for cell in neighbourhood(city):
        if cell in tiles:
            continue
        holes = [v for v in city.check(PATTERNS[0], cell) if v.rule == RuleId.NO_HOLES]
        expected = oracle.enclosed_by(tiles, cell)
        assert {c for v in holes for c in v.cells} == expected, cell
        assert len(holes) == (1 if expected else 0), cell


@settings(max_examples=80, deadline=None)
@given(typed_positions)
def test_no_holes_holds_exactly_where_the_oracle_encloses_nothing(position):
    # Any position, legal or not, in one piece or in several: the rule's mask leaves a cell
    # out, and its explanation speaks, exactly where a tile there would newly cut some empty
    # cells off; for the cells a learner points at first (the candidates, asked all at
    # once) and for any other cell.
    city = alh.City({cell: tile for cell, tile in position.items() if cell != (0, 0)})
    tiles, layout, tile = dict(city.items()), city._facts(), PATTERNS[0]
    shape = rules.upright(tile)
    for cell in neighbourhood(city):
        if cell in tiles:
            continue
        bit = layout.probe_bit(cell)
        encloses = bool(oracle.enclosed_by(tiles, cell))
        assert (not NO_HOLES.holds(layout, shape, bit) & bit) == encloses, cell
        explained = [v for v in city.check(tile, cell) if v.rule == RuleId.NO_HOLES]
        assert bool(explained) == encloses, cell


def test_a_long_winding_courtyard_is_enclosed_whole():
    # A courtyard that winds through the city (31 cells, its far end 31 steps from the
    # entrance) takes longer to flood than the open land round the city: the open land is
    # known first, and the courtyard must still be found whole.
    walls = {
        (x, y)
        for y in range(9)
        for x in range(9)
        if (x in (0, 8) if y % 2 else x != {2: 7, 4: 1, 6: 7}.get(y))
    }
    entrance = (0, 1)
    city = alh.City({cell: PATTERNS[0] for cell in walls - {entrance, (0, 0)}})
    (hole,) = [v for v in city.check(PATTERNS[0], entrance) if v.rule == RuleId.NO_HOLES]
    enclosed = set(hole.cells)
    assert len(enclosed) == 31
    assert enclosed == oracle.enclosed_by(dict(city.items()), entrance)


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
def test_removable_cells_are_the_tiles_the_oracle_lets_go(seed, size):
    city = grow(seed, size)
    tiles = dict(city.items())
    fresh = alh.City.from_text(city.to_text())  # asked first, before any removal is checked
    removable = fresh.removable_cells()
    assert removable == {cell for cell in tiles if oracle.removable(tiles, cell)}
    assert removable == {cell for cell in tiles if not city.check_removal(cell)}
    assert list(removable) == sorted(removable, key=lambda c: (c[1], c[0]))


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


def same_facts(city: alh.City) -> None:
    """The city's layout, derived step by step, says what one built afresh says."""
    fresh = alh.City(dict(city.items()), gates=city.gates)
    derived, rebuilt = city._facts(), fresh._facts()
    assert city.candidate_cells() == fresh.candidate_cells()
    assert derived.reach == rebuilt.reach
    assert sorted(derived.camps) == sorted(rebuilt.camps)
    assert derived.hangs == rebuilt.hangs
    assert derived.misfits() == rebuilt.misfits() == 0  # known from the move before, if known
    assert rules.removable_cells(derived) == rules.removable_cells(rebuilt)
    for cell in neighbourhood(city):
        if cell not in city:
            assert derived.is_outside(cell) == rebuilt.is_outside(cell), cell
            assert derived.enclosed_by(cell) == rebuilt.enclosed_by(cell), cell
        else:
            assert set(derived.cut_off_by(cell)) == set(rebuilt.cut_off_by(cell)), cell
    for tile in PATTERNS + list(alh.CAMPS):
        assert city.legal_cells(tile) == fresh.legal_cells(tile)
    assert city.longest_wall() == fresh.longest_wall()


@settings(max_examples=30, deadline=None)
@given(seeds, st.randoms(use_true_random=False))
def test_layouts_derived_move_by_move_equal_layouts_built_afresh(seed, rng):
    """Building, taking away and swapping tiles (camps too) in random legal moves: after
    every move the rules see the same position as in a city built from scratch."""
    city = alh.City()
    spare = list(alh.TILES + alh.CAMPS)
    rng.shuffle(spare)
    for _ in range(60):
        move = rng.random()
        if move < 0.3:
            removable = [c for c in city if c != (0, 0) and city.check_removal(c) == []]
            if removable:
                spare.append(city.remove(rng.choice(sorted(removable))))
        elif move < 0.5:
            swaps = [(c, t) for c in city for t in spare[-6:] if city.check_swap(c, t) == []]
            if swaps:
                cell, tile = rng.choice(sorted(swaps, key=lambda s: (s[0], s[1].code)))
                spare.remove(tile)
                spare.insert(0, city.swap(cell, tile))
        else:
            tile = spare.pop()
            cells = sorted(city.legal_cells(tile))
            if not cells:
                spare.insert(0, tile)
                continue
            city.place(tile, rng.choice(cells))
        same_facts(city)
    assert city.validate() == []


def test_a_copy_keeps_its_position_when_the_original_changes():
    city = alh.City()
    city.candidate_cells()  # the rules' facts about the lone fountain, shared with the copy
    twin = city.copy()
    tile = next(t for t in alh.TILES if t.walls and city.is_legal(t, (1, 0)))
    city.place(tile, (1, 0))
    assert city.longest_wall() > 0
    assert len(twin) == 1 and twin.longest_wall() == 0
    assert twin.legal_cells(tile) == alh.City().legal_cells(tile)


@settings(max_examples=60, deadline=None)
@given(typed_positions)
def test_the_longest_wall_is_the_longest_trail_through_the_outer_walls(tiles):
    """Any position, legal or typed in (walls that branch, camps wedged between tiles): the
    walls found on the layout's bitboards are the trail searched through every outer wall
    segment, and ties go to the wall whose first segment sorts first."""
    tiles.pop((0, 0), None)
    city = alh.City(tiles)
    expected = longest_wall_of(oracle.outer_walls_by_hand(dict(city.items())))
    assert city.longest_wall_segments() == expected
    assert alh.City(tiles).longest_wall() == len(expected)

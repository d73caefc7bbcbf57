"""The building rules (RULES.md §4), redesign, walls (§5) and the notation, case by case."""

import copy
import pickle
from pathlib import Path

import pytest

import alhambra_nb as alh
from tests.cities import OPEN_TILES, open_city

R = alh.RuleId
T = alh.Tile.parse


def rules(violations):
    return [v.rule for v in violations]


# -- each placement rule on its own ------------------------------------------------------


def test_a_garden_beside_the_fountain_is_legal():
    city = alh.City()
    assert city.check("garden-10-N", (1, 0)) == []
    assert city.is_legal("garden-10-N", (1, 0))
    assert city.legal_cells(T("garden-10-N")) == {(1, 0), (-1, 0), (0, -1)}


def test_an_occupied_cell_is_refused():
    city = open_city((1, 0))
    found = city.check("tower-11", (1, 0))
    assert rules(found) == [R.OCCUPIED]
    assert "(1, 0) already holds the" in found[0].message
    assert rules(city.check("tower-11", (0, 0))) == [R.OCCUPIED]


def test_a_turned_tile_breaks_orientation_and_its_turned_walls_are_checked():
    city = alh.City()
    # seraglio-8-S turned a quarter: its wall comes to the west and faces the fountain.
    found = city.check("seraglio-8-S", (1, 0), rotation=1)
    assert rules(found) == [R.ORIENTATION, R.WALLS_MATCH, R.WALKING]
    assert "seraglio tile stands a quarter turn from upright" in found[0].message
    assert found[1].edges == (((1, 0), alh.Side.W), ((0, 0), alh.Side.E))
    assert rules(city.check("seraglio-8-S", (1, 0), rotation=2)) == [R.ORIENTATION]
    assert not city.is_legal("seraglio-8-S", (1, 0), rotation=2)


def test_a_tile_touching_at_a_corner_only_is_touches_city():
    city = alh.City()
    found = city.check("tower-11", (1, 1))
    assert R.TOUCHES_CITY in rules(found)
    corner = found[rules(found).index(R.TOUCHES_CITY)]
    assert "only at a corner" in corner.message
    assert corner.cells == ((1, 1), (0, 0))


def test_a_tile_far_away_touches_nothing_and_cannot_be_walked_to():
    found = alh.City().check("tower-11", (5, 5))
    assert rules(found) == [R.TOUCHES_CITY, R.WALKING]
    assert "shares no side with the Alhambra" in found[1].message


def test_a_wall_against_an_open_side_names_both_tiles_and_sides():
    city = alh.City.from_text("1,0 garden-10")
    found = city.check("tower-10-W", (2, 0))
    assert rules(found) == [R.WALLS_MATCH, R.WALKING]
    assert found[0].message == (
        "The west wall of the tower at (2, 0) would face the open east side of the garden"
        " at (1, 0)."
    )
    assert found[0].edges == (((2, 0), alh.Side.W), ((1, 0), alh.Side.E))
    assert found[0].cells == ((2, 0), (1, 0))


def test_an_open_side_against_a_wall_is_walls_match_too():
    city = alh.City.from_text("1,0 arcades-8-E")
    found = city.check("garden-10", (2, 0))
    assert rules(found) == [R.WALLS_MATCH, R.WALKING]
    assert "open west side of the garden at (2, 0) would face the east wall of the arcades" in (
        found[0].message
    )


def test_a_tile_beside_three_tiles_must_match_all_three():
    # (0, 1) has the fountain north, a wall to the west and a wall to the east.
    city = alh.City.from_text("-1,0 garden-10; 1,0 tower-12; -1,1 tower-13-E; 1,1 seraglio-7-W")
    assert city.validate() == []
    one_wrong = city.check("chambers-9-W", (0, 1))
    assert rules(one_wrong) == [R.WALLS_MATCH]
    assert one_wrong[0].edges[0] == ((0, 1), alh.Side.E)
    two_wrong = city.check("pavilion-8", (0, 1))
    assert rules(two_wrong) == [R.WALLS_MATCH, R.WALLS_MATCH]
    assert {v.edges[0][1] for v in two_wrong} == {alh.Side.E, alh.Side.W}
    north_wrong = city.check(alh.Tile(alh.Building.GARDEN, 6, walls="NEW"), (0, 1))
    assert rules(north_wrong) == [R.WALLS_MATCH, R.WALKING]
    assert city.check(alh.Tile(alh.Building.GARDEN, 6, walls="EW"), (0, 1)) == []


def test_a_tower_not_walkable_from_the_fountain_is_walking():
    # The tower's only neighbour meets it with a double wall: walls match, nobody gets in.
    city = alh.City.from_text("1,0 arcades-8-E")
    found = city.check("seraglio-7-W", (2, 0))
    assert rules(found) == [R.WALKING]
    walking = found[0]
    assert "double wall with the arcades at (1, 0)" in walking.message
    assert walking.cells == ((2, 0),)
    assert set(walking.edges) == {((2, 0), alh.Side.W), ((1, 0), alh.Side.E)}


def test_a_tile_reached_only_through_a_cut_off_tile_is_walking():
    city = alh.City.from_text("1,0 arcades-8-E; 2,0 seraglio-7-W")  # (2, 0) already cut off
    found = city.check("tower-12", (3, 0))
    assert rules(found) == [R.WALKING]
    assert "beyond its open west side cannot itself be reached" in found[0].message
    assert found[0].cells == ((3, 0), (2, 0))


def test_a_gate_makes_a_double_wall_walkable():
    city = alh.City.from_text("1,0 arcades-8-E; 2,0 seraglio-7-W; gate 1,0 E")
    assert city.walkable_cells() == {(0, 0), (1, 0), (2, 0)}
    assert city.check("tower-12", (3, 0)) == []


def test_closing_a_two_cell_courtyard_is_no_holes_and_names_both_cells():
    ring = [(-1, 0), (1, 0), (2, 0), (-1, 1), (2, 1), (-1, 2), (0, 2), (2, 2)]
    city = open_city(*ring)
    assert city.validate() == []
    last = OPEN_TILES[len(ring)]
    found = city.check(last, (1, 2))
    assert rules(found) == [R.NO_HOLES]
    assert found[0].cells == ((0, 1), (1, 1))
    assert "enclose the 2 empty cells (0, 1) and (1, 1)" in found[0].message
    assert (1, 2) not in city.legal_cells(last)
    assert not city.is_legal(last, (1, 2))


def test_arcades_closing_a_one_cell_hole():
    city = open_city((1, 0), (2, 0), (0, 1), (2, 1), (0, 2))
    found = city.check("arcades-10", (1, 2))
    assert rules(found) == [R.NO_HOLES]
    assert found[0].cells == ((1, 1),)
    assert "enclose the empty cell (1, 1)" in found[0].message


def test_a_hole_closed_at_the_edge_of_the_city_is_found_too():
    # A notch open to the north: a tile north of it closes it, even one touching nothing.
    city = open_city((-1, 0), (1, 0), (-1, -1), (1, -1))
    assert rules(city.check("tower-12", (0, -2))) == [R.TOUCHES_CITY, R.WALKING, R.NO_HOLES]
    city = open_city((-1, 0), (1, 0), (-1, -1), (1, -1), (-1, -2))
    found = city.check("tower-12", (0, -2))
    assert rules(found) == [R.NO_HOLES]
    assert found[0].cells == ((0, -1),)


def test_every_broken_rule_is_reported_not_only_the_first():
    city = open_city((1, 0), (2, 0), (0, 1), (2, 1), (0, 2))
    # A wall facing west at (1, 2) meets the open east side of (0, 2), which is also its
    # only way in, and the tile closes the empty cell (1, 1).
    found = city.check("tower-10-W", (1, 2))
    assert rules(found) == [R.WALLS_MATCH, R.WALKING, R.NO_HOLES]
    found = city.check("tower-10-W", (1, 2), rotation=2)  # turned, the wall faces east
    assert rules(found) == [R.ORIENTATION, R.NO_HOLES]


def test_place_refuses_an_illegal_cell_with_every_violation_and_changes_nothing():
    city = alh.City.from_text("1,0 garden-10")
    before = city.copy()
    with pytest.raises(alh.IllegalPlacementError) as raised:
        city.place("tower-10-W", (2, 0))
    assert raised.value.rules == (R.WALLS_MATCH, R.WALKING)
    assert isinstance(raised.value, ValueError)
    assert city == before and city.to_text() == before.to_text()
    assert city.longest_wall() == before.longest_wall()


def test_place_then_the_tile_is_there():
    city = alh.City()
    city.place("garden-10-N", (1, 0))
    assert city[(1, 0)] == T("garden-10-N")
    assert (1, 0) in city and len(city) == 2
    assert dict(city.items()) == {(0, 0): alh.FOUNTAIN, (1, 0): T("garden-10-N")}


def test_bad_input_gets_a_typed_error_naming_the_field():
    city = alh.City()
    with pytest.raises(alh.CellError, match="pair of integers"):
        city.check("tower-12", (1,))
    with pytest.raises(alh.TileError, match="tile code"):
        city.check(12, (1, 0))
    with pytest.raises(alh.TileError, match="rotation"):
        city.check("tower-12", (1, 0), rotation=1.5)
    assert len(city) == 1


# -- redesign --------------------------------------------------------------------------


def test_the_fountain_is_never_removable():
    city = open_city((1, 0))
    assert rules(city.check_removal((0, 0))) == [R.REDESIGN_FOUNTAIN]
    with pytest.raises(alh.IllegalRedesignError):
        city.remove((0, 0))
    assert rules(city.check_swap((0, 0), "tower-12")) == [R.REDESIGN_FOUNTAIN]


def test_an_empty_cell_has_nothing_to_remove():
    assert rules(alh.City().check_removal((3, 3))) == [R.REDESIGN_EMPTY]


def test_a_tile_with_four_neighbours_is_never_removable():
    block = [(x, y) for y in range(3) for x in range(3) if (x, y) != (0, 0)]
    city = open_city(*block)
    found = city.check_removal((1, 1))
    assert rules(found) == [R.REDESIGN_HOLE]
    assert city.check_removal((1, 0)) == []


def test_a_removal_that_cuts_a_tile_off_is_refused_naming_it():
    city = open_city((1, 0), (2, 0), (3, 0))
    found = city.check_removal((1, 0))
    assert rules(found) == [R.REDESIGN_DISCONNECTS]
    assert found[0].cells == ((1, 0), (2, 0), (3, 0))
    assert "would cut the " in found[0].message and "(2, 0)" in found[0].message
    before = city.copy()
    with pytest.raises(alh.IllegalRedesignError):
        city.remove((1, 0))
    assert city == before
    assert city.check_removal((3, 0)) == []


def test_a_removal_in_a_loop_is_allowed():
    city = open_city((1, 0), (0, 1), (1, 1))
    for cell in [(1, 0), (0, 1), (1, 1)]:
        assert city.check_removal(cell) == []


def test_remove_returns_the_tile_and_place_puts_it_back():
    city = open_city((1, 0), (2, 0))
    tile = city.remove((2, 0))
    assert tile == OPEN_TILES[1] and (2, 0) not in city
    city.place(tile, (2, 0))
    assert city == open_city((1, 0), (2, 0))


def test_a_swap_must_obey_the_rules_for_the_new_tile_and_keep_the_rest_walkable():
    city = open_city((1, 0), (2, 0))
    assert city.check_swap((1, 0), "tower-11-N") == []
    found = city.check_swap((1, 0), "arcades-8-E")
    assert rules(found) == [R.WALLS_MATCH, R.REDESIGN_DISCONNECTS]
    assert "Swapping the " in found[1].message
    blocked = city.check_swap((1, 0), "seraglio-7-W")
    assert R.WALKING in rules(blocked)
    old = city.swap((1, 0), "tower-11-N")
    assert old == OPEN_TILES[0] and city[(1, 0)] == T("tower-11-N")
    before = city.copy()
    with pytest.raises(alh.IllegalRedesignError):
        city.swap((1, 0), "arcades-8-E")
    assert city == before


# -- walls -----------------------------------------------------------------------------

RING = """
-1,-1 tower-9-NW
0,-1 tower-11-N
1,-1 tower-9-NE
-1,0 chambers-9-W
1,0 arcades-8-E
-1,1 garden-8-SW
0,1 chambers-9-S
1,1 tower-9-ES
"""


def test_a_fully_walled_3_by_3_ring_scores_12():
    city = alh.City.from_text(RING)
    assert city.validate() == []
    assert city.longest_wall() == 12
    assert len(city.longest_wall_segments()) == 12


def test_a_double_wall_scores_nothing():
    city = alh.City.from_text("1,0 seraglio-8-S; 0,1 garden-10; 1,1 tower-11-N")
    assert city.validate() == []
    assert city.longest_wall() == 0


def test_the_longest_wall_is_the_longest_of_separate_walls():
    city = alh.City.from_text("1,0 garden-8-NE; -1,0 tower-11-N")
    assert city.validate() == []
    assert city.longest_wall() == 2
    assert set(city.longest_wall_segments()) == {((1, 0), alh.Side.N), ((1, 0), alh.Side.E)}


def test_walls_join_across_tiles_into_one_wall():
    city = alh.City.from_text("1,0 tower-11-N; 2,0 garden-8-NE; 2,1 arcades-8-E")
    assert city.validate() == []
    assert city.longest_wall() == 4


def test_branching_walls_count_the_longest_trail():
    # A position the rules forbid (two tiles meeting at a corner) but a learner may type
    # in: four walls meet at the point (2, 0); a trail goes through it only once, so the
    # best is the two-segment arm from the north and one more segment.
    city = alh.City.from_text("0,-1 garden-10; 1,-2 arcades-8-E; 1,-1 tower-9-ES; 2,0 tower-9-NW")
    assert city.longest_wall() == 3
    assert ((1, -2), alh.Side.E) in city.longest_wall_segments()


# -- counts, notation, copies ------------------------------------------------------------


def test_building_counts_count_the_alhambra_only():
    city = alh.City.from_text("1,0 garden-10; 2,0 garden-11; -1,0 tower-12")
    counts = city.building_counts()
    assert counts[alh.Building.GARDEN] == 2 and counts[alh.Building.TOWER] == 1
    assert set(counts) == set(alh.Building) and sum(counts.values()) == 3


def test_the_notation_round_trips_and_reads_well():
    city = alh.City.from_text(RING)
    text = city.to_text()
    assert text.splitlines()[0] == "-1,-1 tower-9-NW"
    assert "0,0 fountain" in text
    assert alh.City.from_text(text) == city
    assert eval(repr(city), {"City": alh.City}) == city


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("1,0 castle-3", "Entry 1 ('1,0 castle-3')"),
        ("1,0", "is not 'x,y tile-code'"),
        ("0,0 tower-12", "holds the fountain"),
        ("1,0 tower-12; 1,0 garden-10", "already holds tower-12"),
        ("2,2 fountain", "the fountain stands at (0, 0)"),
        ("1,0 tower-12; gate 1,0 E", "does not join two tiles"),
    ],
)
def test_bad_notation_is_refused_naming_the_entry(text, fragment):
    with pytest.raises(alh.NotationError) as raised:
        alh.City.from_text(text)
    assert fragment in str(raised.value)


def test_validate_reports_what_is_wrong_with_a_typed_in_position():
    city = alh.City.from_text("1,0 arcades-8-E; 2,0 garden-10; 4,0 tower-12")
    found = city.validate()
    assert rules(found) == [R.WALLS_MATCH, R.CITY_WALKING, R.CITY_TOUCHES]
    holes = open_city((1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)).validate()
    assert rules(holes) == [R.CITY_NO_HOLES] and holes[0].cells == ((1, 1),)


def test_a_copy_is_independent():
    city = open_city((1, 0))
    twin = city.copy()
    twin.place("tower-11-N", (-1, 0))
    assert (-1, 0) not in city and len(twin) == 3


def test_print_shows_a_small_picture():
    picture = str(alh.City.from_text("1,0 garden-10-N"))
    assert picture.splitlines() == [
        "     0   1",
        "    +---+===+",
        "  0 | F   G |",
        "    +---+---+",
    ]


def test_violations_are_put_into_words_from_the_catalogue(monkeypatch):
    found = alh.City.from_text("1,0 garden-10").check("tower-10-W", (2, 0))
    with pytest.raises(alh.LanguageError, match=r"'xx'.*hu \(Magyar\)"):
        found[0].explain("xx")  # an unknown language is refused, never answered in English
    monkeypatch.setitem(alh.core.ENGLISH, "side.W", "WEST")
    assert "WEST wall" in found[0].explain("en")
    assert found[0].to_dict()["edges"] == [[2, 0, "W"], [1, 0, "E"]]


def test_every_placement_rule_has_a_test_here():
    source = Path(__file__).read_text(encoding="utf-8")
    for rule in alh.core.PLACEMENT_RULES:
        assert f"R.{rule.name}" in source


def test_legal_cells_is_a_set_answered_from_the_rules_bits():
    city = alh.random_city(3, 20)
    tile = next(t for t in alh.TILES if len(city.legal_cells(t)) >= 2)
    cells = city.legal_cells(tile)
    plain = {cell for cell in city.candidate_cells() if city.is_legal(tile, cell)}
    assert cells == plain and plain == cells and len(cells) == len(plain)
    assert all(cell in cells for cell in plain)
    assert (0, 0) not in cells and "(1, 0)" not in cells and (1, 0, 0) not in cells
    assert list(cells) == sorted(plain, key=lambda c: (c[1], c[0]))  # reading order
    first = next(iter(cells))
    assert cells - {first} == plain - {first} and type(cells - {first}) is set
    assert {first} | cells == plain and type({(99, 99)} - cells) is set
    assert pickle.loads(pickle.dumps(cells)) == plain
    assert copy.copy(cells) == plain and repr(cells) == repr(plain)
    assert repr(city.legal_cells(alh.FOUNTAIN)) == "set()"

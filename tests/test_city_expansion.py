"""Expansion II in the building rules: gates (§9.1) and camps (§9.4)."""

import pytest

import alhambra_nb as alh
from tests.cities import open_city

R = alh.RuleId


def rules(violations):
    return [v.rule for v in violations]


# -- gates ------------------------------------------------------------------------------

DOUBLE_WALL = "1,0 arcades-8-E"  # a seraglio-7-W at (2, 0) would meet it wall to wall


def test_a_gate_makes_an_otherwise_unwalkable_placement_legal():
    city = alh.City.from_text(DOUBLE_WALL)
    assert rules(city.check("seraglio-7-W", (2, 0))) == [R.WALKING]
    assert city.check("seraglio-7-W", (2, 0), gate="W") == []
    assert (2, 0) not in city.legal_cells("seraglio-7-W")
    assert (2, 0) in city.legal_cells("seraglio-7-W", gate=True)
    city.place("seraglio-7-W", (2, 0), gate=alh.Side.W)
    assert city.gates == {((1, 0), alh.Side.E)}
    assert city.walkable_cells() == {(0, 0), (1, 0), (2, 0)}
    assert city.validate() == []
    assert "gate 1,0 E" in city.to_text()
    assert alh.City.from_text(city.to_text()) == city


def test_a_gate_goes_only_on_a_double_wall_with_the_city():
    city = alh.City.from_text(DOUBLE_WALL)
    found = city.check("seraglio-7-W", (2, 0), gate="N")
    assert rules(found) == [R.WALKING, R.GATE]
    assert "faces no tile" in found[1].message
    found = alh.City().check("garden-10", (1, 0), gate="W")
    assert rules(found) == [R.GATE]
    assert "do not form a double wall" in found[0].message
    with pytest.raises(alh.IllegalPlacementError):
        city.place("seraglio-7-W", (2, 0), gate="N")
    assert (2, 0) not in city and city.gates == frozenset()
    with pytest.raises(alh.TileError, match="gate"):
        city.check("seraglio-7-W", (2, 0), gate="X")


def test_a_double_wall_scores_nothing_even_with_a_gate():
    city = alh.City.from_text(DOUBLE_WALL)
    city.place("seraglio-7-W", (2, 0), gate="W")
    assert city.longest_wall() == 0


def test_a_gate_and_the_tiles_it_joins_are_never_moved():
    city = alh.City.from_text(DOUBLE_WALL + "; 2,0 seraglio-7-W; 3,0 tower-12; gate 1,0 E")
    for cell in [(1, 0), (2, 0)]:
        found = city.check_removal(cell)
        assert R.REDESIGN_GATE_LOCKED in rules(found)
        assert R.REDESIGN_GATE_LOCKED in rules(city.check_swap(cell, "tower-11"))
    assert city.check_removal((3, 0)) == []
    with pytest.raises(alh.IllegalRedesignError):
        city.remove((2, 0))
    assert (2, 0) in city


# -- camps ------------------------------------------------------------------------------


def test_the_8_camps_are_reconstructed_data():
    assert len(alh.CAMPS) == 8
    assert all(row.source == "reconstructed" for row in alh.CAMP_TABLE)
    assert all(t.is_camp and t.building is None for t in alh.CAMPS)
    assert {len(t.bastions) for t in alh.CAMPS} == {1, 2}


def test_a_bastion_faces_a_wall():
    city = alh.City.from_text("1,0 arcades-8-E")
    assert city.check("camp-5-W", (2, 0)) == []
    assert (2, 0) in city.legal_cells("camp-5-W")


def test_a_camps_green_side_against_a_building_is_camp_sides():
    city = alh.City.from_text("1,0 arcades-8-E")
    found = city.check("camp-4-E", (2, 0))
    assert rules(found) == [R.CAMP_SIDES]
    assert "plain west side of the camp at (2, 0) would face the walled east side of the" in (
        found[0].message
    )
    found = alh.City().check("camp-5-W", (1, 0))
    assert rules(found) == [R.CAMP_SIDES]
    assert "bastion on the west side of the camp" in found[0].message


def test_a_building_beside_a_camp_must_turn_a_wall_to_its_bastion():
    city = alh.City.from_text("1,0 arcades-8-E; 2,0 camp-5-W")
    found = city.check("garden-10", (2, 1))
    assert rules(found) == [R.CAMP_SIDES, R.WALKING]  # and its only way in is the camp
    assert "may face only another camp's plain side" in found[0].message
    assert "nobody walks through a camp" in found[1].message


def test_camps_are_exempt_from_walking_and_nobody_walks_through_them():
    city = alh.City.from_text("1,0 arcades-8-E; 2,0 camp-5-W")
    assert city.validate() == []
    assert (2, 0) not in city.walkable_cells()
    found = city.check("seraglio-7-W", (3, 0))
    assert R.WALKING in rules(found) or R.CAMP_SIDES in rules(found)


def test_a_camp_counts_as_a_tile_for_holes():
    city = open_city((1, 0), (2, 0), (0, 1), (2, 1), (0, 2))
    found = city.check("camp-4-N", (1, 2))
    assert rules(found) == [R.CAMP_SIDES, R.NO_HOLES]
    assert found[1].cells == ((1, 1),)


def test_a_wall_backed_by_a_bastion_still_scores():
    city = alh.City.from_text("1,0 arcades-8-E")
    before = city.longest_wall()
    city.place("camp-5-W", (2, 0))
    assert city.longest_wall() == before == 1


SEED_EXAMPLE = """
-3,0 camp-4-E
-2,0 seraglio-7-W
-1,0 garden-10
1,0 seraglio-8-S
2,0 arcades-8-E
3,0 camp-5-W
0,1 garden-9-E
1,1 camp-9-NW
"""


def test_the_seed_example_scores_5_plus_5_plus_2():
    city = alh.City.from_text(SEED_EXAMPLE)
    assert city.validate() == []
    lines = alh.arrow_lines(dict(city.items()))
    assert [(line.camp, line.side.name, line.points) for line in lines] == [
        ((-3, 0), "E", 5),
        ((1, 1), "N", 1),
        ((1, 1), "W", 1),
        ((3, 0), "W", 5),
    ]
    assert alh.camp_points(dict(city.items())) == 12


def test_an_empty_cell_or_a_camp_ends_an_arrow_line():
    city = alh.City.from_text("-1,0 camp-4-E; 1,0 garden-10; 3,0 tower-12")
    assert alh.camp_points(dict(city.items())) == 2


def test_a_removal_that_leaves_a_camp_floating_is_refused():
    city = alh.City.from_text("1,0 arcades-8-E; 2,0 camp-5-W")
    found = city.check_removal((1, 0))
    assert rules(found) == [R.REDESIGN_DISCONNECTS]
    assert found[0].cells == ((1, 0), (2, 0))
    assert city.check_removal((2, 0)) == []

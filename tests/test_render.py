"""The static SVG pictures: deterministic, well-formed, classed, and showing every violation."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest

import alhambra_nb as alh
from alhambra_nb.render import (
    PALETTE,
    city_svg,
    describe_cell,
    describe_tile,
    legend_svg,
    tile_fragment,
    tile_svg,
)
from alhambra_nb.render.svg import MARKER_RADIUS

SVG = "{http://www.w3.org/2000/svg}"

# The fountain with a garden east (walls N, E) and a tower south of the garden.
SMALL = """
0,0 fountain
1,0 garden-10-NE
1,1 tower-9-E
"""

# A U of tiles open to the south: the cell (0, 1) is the mouth of a courtyard.
COURTYARD = """
0,0 fountain
-1,0 pavilion-4
1,0 seraglio-5
-1,1 arcades-6
1,1 chambers-7
"""


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def classes(root: ET.Element) -> set[str]:
    return {word for el in root.iter() for word in el.get("class", "").split()}


def by_class(root: ET.Element, name: str) -> list[ET.Element]:
    return [el for el in root.iter() if name in el.get("class", "").split()]


@pytest.fixture
def small() -> alh.City:
    return alh.City.from_text(SMALL)


def test_same_input_gives_identical_bytes(small):
    tower = alh.Tile.parse("tower-9-NE")
    first = city_svg(small, try_tile=tower, at=(2, 0), rotation=1)
    again = city_svg(alh.City.from_text(SMALL), try_tile="tower-9-NE", at=(2, 0), rotation=1)
    assert first == again
    assert tile_svg(tower) == tile_svg("tower-9-NE")


def test_build_order_does_not_change_the_picture():
    one = alh.City({(1, 0): "garden-10", (2, 0): "tower-9"})
    other = alh.City({(2, 0): "tower-9", (1, 0): "garden-10"})
    assert city_svg(one) == city_svg(other)


def test_pictures_are_well_formed_svg_with_a_description(small):
    root = parse(city_svg(small))
    assert root.tag == f"{SVG}svg"
    desc = root.find(f"{SVG}desc")
    assert desc is not None
    assert "(1, 0): garden, walls north and east." in desc.text
    assert "Longest outer wall" in desc.text
    tile_root = parse(tile_svg("tower-9-NE"))
    assert tile_root.find(f"{SVG}desc").text == "tower (price 9, walls north and east)"


def test_every_element_has_a_css_class(small):
    root = parse(city_svg(small, try_tile="tower-9-NE", at=(0, 1)))
    unclassed = [el.tag for el in root.iter() if not el.get("class") and el.tag != f"{SVG}desc"]
    assert unclassed == []


def test_the_expected_classes_are_present(small):
    found = classes(parse(city_svg(small)))
    for name in ("tile", "garden", "tower", "fountain", "wall", "outer", "longest", "cell"):
        assert name in found, name
    assert {"empty", "candidate", "coord", "pictogram", "tile-price", "paper"} <= found


def test_every_cell_group_carries_data_cell(small):
    root = parse(city_svg(small))
    cells = by_class(root, "cell")
    keys = [el.get("data-cell") for el in cells]
    assert all(keys)
    assert len(keys) == len(set(keys))
    # The extent is the city plus one cell around: x -1..2, y -1..2.
    assert len(keys) == 4 * 4
    assert "1,0" in keys and "-1,-1" in keys


def test_double_walls_are_told_apart_from_outer_walls():
    city = alh.City({(1, 0): "garden-10-E", (2, 0): "tower-9-W"})
    root = parse(city_svg(city))
    assert len(by_class(root, "double")) == 2
    assert by_class(root, "outer") == []


def test_buildings_show_their_pictogram_and_price(small):
    root = parse(city_svg(small))
    garden = next(el for el in by_class(root, "cell") if el.get("data-cell") == "1,0")
    texts = {el.get("class"): el.text for el in garden.iter(f"{SVG}text")}
    assert texts == {"tile-price": "10"}
    [pictogram] = by_class(garden, "pictogram")
    assert pictogram.get("class") == "pictogram garden"
    face = next(el for el in garden.iter() if "tile-face" in el.get("class", ""))
    assert face.get("fill") == PALETTE["garden"]


def test_every_kind_of_tile_has_its_own_pictogram():
    buildings = [next(t for t in alh.TILES if t.building is b) for b in alh.Building]
    tiles = [*buildings, alh.FOUNTAIN, alh.Tile.camp(5, bastions="N")]
    drawings = {}
    for tile in tiles:
        [pictogram] = by_class(parse(tile_svg(tile)), "pictogram")
        shapes = [el for el in pictogram.iter() if el is not pictogram]
        assert len(shapes) >= 2, tile  # a drawing, not a letter
        assert not [el for el in shapes if el.tag == f"{SVG}text"], tile
        drawings[pictogram.get("class")] = ET.tostring(pictogram)
    assert len(drawings) == len(set(drawings.values())) == len(tiles)


def test_the_fountain_is_drawn_distinctly(small):
    root = parse(city_svg(small))
    assert by_class(root, "fountain-basin")


def test_the_longest_wall_is_drawn_over_the_city(small):
    root = parse(city_svg(small))
    [wall] = by_class(root, "longest")
    assert wall.get("data-length") == str(small.longest_wall())
    assert len(by_class(wall, "longest-line")) == small.longest_wall()
    assert by_class(root, "wall-length")[0].text == f"longest wall: {small.longest_wall()}"
    assert "longest" not in classes(parse(city_svg(small, show_wall=False)))


def test_coordinates_can_be_hidden(small):
    assert "coord" in classes(parse(city_svg(small)))
    assert "coord" not in classes(parse(city_svg(small, show_coords=False)))


def violation_groups(svg: str) -> list[ET.Element]:
    return by_class(parse(svg), "violation")


def test_a_legal_try_shows_a_ghost_and_no_violation(small):
    assert small.check("tower-9-NE", (0, -1)) == []
    root = parse(city_svg(small, try_tile="tower-9-NE", at=(0, -1)))
    [attempt] = by_class(root, "try")
    assert "legal" in attempt.get("class").split()
    assert attempt.get("data-try") == "0,-1"
    assert by_class(root, "ghost")
    assert by_class(root, "violation") == []
    [tick] = by_class(attempt, "marker")
    assert "marker-legal" in tick.get("class").split()
    assert [el.text for el in tick.iter(f"{SVG}text")] == ["✓"]


def test_walls_match_outlines_both_mismatched_sides(small):
    # A tower with walls N and E west of the fountain: its east wall faces the open fountain.
    violations = small.check("tower-9-NE", (-1, 0))
    assert alh.RuleId.WALLS_MATCH in [v.rule for v in violations]
    groups = violation_groups(city_svg(small, try_tile="tower-9-NE", at=(-1, 0)))
    [match] = [g for g in groups if g.get("data-rule") == "placement/walls-match"]
    assert "placement-walls-match" in match.get("class").split()
    assert len(by_class(match, "violation-edge")) == 2
    labels = [el.text for el in match.iter(f"{SVG}text")]
    assert labels == ["1"]
    # The key beside the board says what marker 1 means, in words.
    root = parse(city_svg(small, try_tile="tower-9-NE", at=(-1, 0)))
    [entry] = [e for e in by_class(root, "key-entry") if e.get("data-index") == "1"]
    words = " ".join(el.text for el in by_class(entry, "key-text"))
    # The sentence alone: no tag such as "walls:" before it, which would read like a code.
    assert words == " ".join(violations[0].message.split())


def test_walking_marks_the_unreachable_tile_and_the_blocking_walls(small):
    violations = small.check("tower-9-NE", (-1, 0))
    walking = next(v for v in violations if v.rule is alh.RuleId.WALKING)
    groups = violation_groups(city_svg(small, try_tile="tower-9-NE", at=(-1, 0)))
    [group] = [g for g in groups if g.get("data-rule") == "placement/walking"]
    assert len(by_class(group, "unreachable")) == 1
    assert len(by_class(group, "blocking")) == len(walking.edges) > 0


def test_no_holes_shades_every_enclosed_cell():
    # Tiles below the courtyard's sides leave only (0, 2) open; filling it closes (0, 1) in.
    city = alh.City.from_text(COURTYARD + "-1,2 garden-8\n1,2 tower-8\n")
    violations = city.check("pavilion-6", (0, 2))
    assert [v.rule for v in violations] == [alh.RuleId.NO_HOLES]
    root = parse(city_svg(city, try_tile="pavilion-6", at=(0, 2)))
    [group] = by_class(root, "violation")
    assert group.get("data-rule") == "placement/no-holes"
    holes = by_class(group, "hole")
    assert len(holes) == len(violations[0].cells) == 1
    assert holes[0].get("fill") == "url(#alh-hatch)"


def test_touches_city_occupied_and_orientation_outline_cells(small):
    cases = {
        "placement/touches-city": dict(try_tile="tower-9", at=(3, 3)),
        "placement/occupied": dict(try_tile="tower-9", at=(1, 0)),
        "placement/orientation": dict(try_tile="tower-9", at=(0, -1), rotation=1),
    }
    for rule, options in cases.items():
        groups = violation_groups(city_svg(small, **options))
        [group] = [g for g in groups if g.get("data-rule") == rule]
        assert by_class(group, "violation-cell"), rule
        assert by_class(group, "marker"), rule


def test_a_turned_tile_is_drawn_turned(small):
    root = parse(city_svg(small, try_tile="tower-9-NE", at=(0, -1), rotation=1))
    [turned] = by_class(root, "turned")
    assert turned.get("transform") == "rotate(90 50 50)"


def test_redesign_violations_can_be_highlighted(small):
    refused = small.check_removal((0, 0))
    root = parse(city_svg(small, violations=refused))
    [group] = by_class(root, "violation")
    assert group.get("data-rule") == "redesign/fountain"
    assert f"Highlighted: 1. {refused[0].message}" in root.find(f"{SVG}desc").text


def test_highlighted_cells_are_outlined(small):
    root = parse(city_svg(small, highlight=[(2, 0), (1, 0)]))
    assert len(by_class(root, "highlight")) == 2


def test_camps_show_bastions_with_arrows():
    city = alh.City({(1, 0): "garden-10-E", (2, 0): alh.Tile.camp(8, bastions="W")})
    root = parse(city_svg(city))
    assert len(by_class(root, "bastion")) == 1
    assert len(by_class(root, "bastion-arrow")) == 1
    assert "camp" in classes(root)


def test_gates_are_marked_on_double_walls():
    city = alh.City({(1, 0): "garden-10-E", (2, 0): "tower-9-W"}, gates=[((1, 0), alh.Side.E)])
    root = parse(city_svg(city))
    [gate] = by_class(root, "gate")
    assert gate.get("data-gate") == "1,0,E"


def test_tile_fragment_is_one_group_in_cell_units():
    fragment = ET.fromstring(tile_fragment("tower-9-NE", rotation=2))
    assert fragment.tag == "g"
    assert fragment.get("class") == "tile tower"
    assert any(el.get("transform") == "rotate(180 50 50)" for el in fragment.iter())


def test_cell_descriptions(small):
    assert describe_cell(small, (1, 0)) == "(1, 0): garden, walls north and east"
    assert describe_cell(small, (1, 1)) == "(1, 1): tower, wall east"
    assert describe_cell(small, (0, 0)) == "(0, 0): fountain"
    assert describe_cell(small, (2, 0)) == "(2, 0): empty"
    assert describe_tile(alh.Tile.parse("garden-6")) == "garden, no walls"


def test_try_tile_and_at_go_together(small):
    with pytest.raises(ValueError, match="go together"):
        city_svg(small, try_tile="tower-9")


def test_notebook_reprs_use_the_renderer(small):
    assert small._repr_svg_() == city_svg(small)
    assert alh.Tile.parse("garden-6")._repr_svg_() == tile_svg("garden-6")


def test_render_imports_no_widget_code():
    probe = (
        "import sys, alhambra_nb.render; "
        "print(sorted(m for m in sys.modules "
        "if m.split('.')[0] in {'anywidget', 'traitlets', 'IPython', 'ipywidgets'}))"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=60
    )
    assert out.stdout.strip() == "[]"


# -- expansion II: camps and gates ------------------------------------------------------------

SEED_CAMPS = (
    "-3,0 camp-4-E; -2,0 seraglio-7-W; -1,0 garden-10; 1,0 seraglio-8-S; 2,0 arcades-8-E; "
    "3,0 camp-5-W; 0,1 garden-9-E; 1,1 camp-9-NW"
)


def test_a_corner_camp_shows_two_bastions_each_with_an_arrow():
    root = parse(city_svg(alh.City.from_text(SEED_CAMPS)))
    assert len(by_class(root, "bastion")) == 4
    assert len(by_class(root, "bastion-arrow")) == 4
    assert len(by_class(root, "camp-tent")) == 3


def test_camp_lines_are_drawn_only_when_asked():
    city = alh.City.from_text(SEED_CAMPS)
    assert by_class(parse(city_svg(city)), "camp-line") == []
    root = parse(city_svg(city, show_camp_lines=True))
    lines = by_class(root, "camp-line")
    found = {(g.get("data-camp"), g.get("data-side"), g.get("data-points")) for g in lines}
    assert found == {("-3,0", "E", "5"), ("1,1", "N", "1"), ("1,1", "W", "1"), ("3,0", "W", "5")}
    # One "+1" per scored tile: the seed's 5 + 5 + 2 = 12.
    assert len(by_class(root, "camp-point")) == 12
    caption = by_class(root, "caption")[0].text
    assert caption == "longest wall: 2; camps: 5 + 2 + 5 = 12"
    assert "Camp arrows: camps: 5 + 2 + 5 = 12." in root.find(f"{SVG}desc").text


def test_an_arrow_into_empty_land_draws_no_line():
    city = alh.City.from_text("1,0 arcades-8-E; 2,0 camp-5-W")
    root = parse(city_svg(city, show_camp_lines=True))
    assert [g.get("data-points") for g in by_class(root, "camp-line")] == ["2"]
    outward = alh.City.from_text("1,0 camp-4-E")  # illegal, but a lesson may show it
    root = parse(city_svg(outward, show_camp_lines=True))
    assert by_class(root, "camp-line") == []
    assert by_class(root, "caption")[0].text == "longest wall: 0; camps: 0"


def test_a_tried_gate_is_drawn_and_judged_with_the_gate():
    city = alh.City.from_text("1,0 arcades-8-E")
    without = parse(city_svg(city, try_tile="seraglio-7-W", at=(2, 0)))
    assert [g.get("data-rule") for g in violation_groups_of(without)] == ["placement/walking"]
    root = parse(city_svg(city, try_tile="seraglio-7-W", at=(2, 0), gate="W"))
    assert violation_groups_of(root) == []
    [gate] = [g for g in root.iter(f"{SVG}g") if g.get("class") == "gate try"]
    assert gate.get("data-gate") == "1,0,E"
    with pytest.raises(ValueError, match="gate"):
        city_svg(city, gate="W")


def test_a_gate_named_from_either_tile_sits_on_the_shared_side():
    city = alh.City({(1, 0): "garden-10-E", (2, 0): "tower-9-W"}, gates=[((2, 0), alh.Side.W)])
    [gate] = by_class(parse(city_svg(city)), "gate")
    assert gate.get("data-gate") == "1,0,E"


def violation_groups_of(root):
    return [g for g in root.iter(f"{SVG}g") if "violation" in (g.get("class") or "").split()]


# -- the look: markers beside the tiles, readable text, a legend --------------------------------

# Where a tile shows what it is: its pictogram and its price (cell units, from the cell's corner).
TILE_MIDDLE = (27, 21, 73, 83)
PRICE_BOX = (38, 66, 62, 80)


def translation(el: ET.Element) -> tuple[float, float]:
    numbers = el.get("transform").split("(")[1].split(")")[0].replace(",", " ").split()
    return float(numbers[0]), float(numbers[1])


def gap_to_boxes(x: float, y: float, box: tuple[int, int, int, int]) -> float:
    """How far (x, y) is from the nearest copy of ``box`` in any cell."""
    left, top, right, bottom = box
    nearest = float("inf")
    cx, cy = int(x // 100), int(y // 100)
    for gx in (cx - 1, cx, cx + 1):
        for gy in (cy - 1, cy, cy + 1):
            dx = max(gx * 100 + left - x, 0, x - gx * 100 - right)
            dy = max(gy * 100 + top - y, 0, y - gy * 100 - bottom)
            nearest = min(nearest, (dx * dx + dy * dy) ** 0.5)
    return nearest


def marker_centres(root: ET.Element) -> list[tuple[float, float]]:
    return [translation(m) for g in by_class(root, "violations") for m in by_class(g, "marker")]


def test_violation_markers_sit_on_borders_clear_of_every_tile_and_of_each_other(small):
    seen = 0
    for tile in ("tower-9-NE", "pavilion-2-NEW", "garden-8-NE", "tower-9"):
        for rotation in (0, 1):
            for x in range(-2, 4):
                for y in range(-2, 3):
                    root = parse(city_svg(small, try_tile=tile, at=(x, y), rotation=rotation))
                    centres = marker_centres(root)
                    seen += len(centres)
                    for mx, my in centres:
                        assert gap_to_boxes(mx, my, TILE_MIDDLE) >= MARKER_RADIUS, (tile, x, y)
                    for i, (ax, ay) in enumerate(centres):
                        for bx, by in centres[i + 1 :]:
                            assert ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5 >= 2 * MARKER_RADIUS
    assert seen > 100


def test_three_broken_rules_get_three_markers_and_three_key_entries():
    city = alh.City.from_text(SMALL)
    # The tile the markers used to pile up on: "1 walls", "2 walls", "3 no path".
    violations = city.check("pavilion-2-NEW", (0, 1))
    assert [v.rule.value for v in violations] == [
        "placement/walls-match",
        "placement/walls-match",
        "placement/walking",
    ]
    root = parse(city_svg(city, try_tile="pavilion-2-NEW", at=(0, 1)))
    assert len(marker_centres(root)) == len(violations)
    entries = by_class(root, "key-entry")
    assert [e.get("data-index") for e in entries] == [str(i + 1) for i in range(len(violations))]
    # The key is under the board, inside the picture.
    _, y, _, height = (float(n) for n in root.get("viewBox").split())
    board_bottom = max(int(c.get("data-cell").split(",")[1]) for c in by_class(root, "cell"))
    for text in by_class(root, "key-text"):
        assert (board_bottom + 1) * 100 < float(text.get("y")) <= y + height


def scale_of(el: ET.Element) -> float:
    transform = el.get("transform") or ""
    if "scale(" not in transform:
        return 1.0
    return float(transform.split("scale(")[1].split(")")[0].split()[0])


def text_sizes(svg: str) -> list[tuple[str, float]]:
    """Each text's class and its size in pixels as the picture is shown."""
    root = parse(svg)
    pixels_per_unit = float(root.get("width")) / float(root.get("viewBox").split()[2])
    found = []

    def walk(el: ET.Element, scale: float) -> None:
        scale *= scale_of(el)
        if el.tag == f"{SVG}text":
            found.append((el.get("class"), float(el.get("font-size")) * scale * pixels_per_unit))
        for child in el:
            walk(child, scale)

    walk(root, 1.0)
    return found


def test_every_text_of_a_static_picture_is_at_least_11_pixels():
    city = alh.City.from_text(SEED_CAMPS)
    city_gates = alh.City(
        {(1, 0): "garden-10-E", (2, 0): "tower-9-W"}, gates=[((1, 0), alh.Side.E)]
    )
    pictures = [
        # as notebooks show them: a city's own picture, and a chapter's
        city_svg(alh.City.from_text(SMALL), try_tile="tower-9-NE", at=(-1, 0), show_legend=True),
        city_svg(city, show_camp_lines=True),
        city_svg(city_gates, try_tile="seraglio-7-W", at=(3, 0), gate="W"),
        alh.City.from_text(SMALL)._repr_svg_(),
        tile_svg("tower-9-NE"),
        legend_svg(camps=True),
    ]
    for svg in pictures:
        sizes = text_sizes(svg)
        assert sizes
        small_ones = [(cls, round(px, 1)) for cls, px in sizes if px < 11]
        assert small_ones == []


def test_camp_arrows_leave_every_price_readable():
    root = parse(city_svg(alh.City.from_text(SEED_CAMPS), show_camp_lines=True))
    points = by_class(root, "camp-point")
    assert points
    centres = []
    for point in points:
        x, y, r = (float(point.get(k)) for k in ("cx", "cy", "r"))
        assert gap_to_boxes(x, y, PRICE_BOX) >= r
        centres.append((x, y))
    # Two camps scoring one tile from opposite sides show two points, not one on the other.
    for i, (ax, ay) in enumerate(centres):
        for bx, by in centres[i + 1 :]:
            assert ((ax - bx) ** 2 + (ay - by) ** 2) ** 0.5 >= 2 * r
    # No line runs across a "+1": every track is drawn before (under) every point.
    drawn = [
        e.get("class") for e in root.iter() if e.get("class") in ("camp-line-track", "camp-point")
    ]
    assert drawn == sorted(drawn, key=lambda cls: cls != "camp-line-track")
    for track in by_class(root, "camp-line-track"):
        x1, y1, x2 = (float(track.get(k)) for k in ("x1", "y1", "x2"))
        half = float(track.get("stroke-width")) / 2
        if x1 == x2:  # a column: it must pass beside the prices
            local = x1 % 100
            assert local - half > PRICE_BOX[2] or local + half < PRICE_BOX[0]
        else:
            local = y1 % 100
            assert local - half > PRICE_BOX[3] or local + half < PRICE_BOX[1]


def test_walls_are_drawn_thick():
    root = parse(city_svg(alh.City.from_text(SMALL)))
    walls = [el for el in by_class(root, "wall") if el.tag == f"{SVG}rect"]
    assert walls
    assert all(min(float(w.get("width")), float(w.get("height"))) >= 16 for w in walls)


def test_a_picture_has_its_own_paper_under_everything(small):
    for svg in (city_svg(small), tile_svg("tower-9-NE"), legend_svg()):
        root = parse(svg)
        drawn = [el for el in root if el.tag not in (f"{SVG}desc", f"{SVG}defs")]
        paper = drawn[0]
        assert paper.get("class") == "paper"
        assert paper.get("fill") == PALETTE["paper"]
        box = [float(n) for n in root.get("viewBox").split()]
        assert [float(paper.get(k)) for k in ("x", "y", "width", "height")] == box


def test_the_legend_names_every_building_and_every_mark():
    root = parse(legend_svg())
    entries = by_class(root, "legend-entry")
    names = {e.get("data-entry"): e for e in entries}
    for building in alh.Building:
        entry = names[building.value]
        assert by_class(entry, "pictogram")[0].get("class") == f"pictogram {building.value}"
        assert by_class(entry, "legend-label")[0].text == building.value
    assert {"fountain", "wall", "longest", "violation", "blocking", "hole", "legal"} <= set(names)
    assert "camp" not in names
    assert "camp" in {
        e.get("data-entry") for e in by_class(parse(legend_svg(camps=True)), "legend-entry")
    }
    with_legend = parse(city_svg(alh.City.from_text(SMALL), show_legend=True))
    assert len(by_class(with_legend, "legend-entry")) == len(entries)
    assert by_class(parse(city_svg(alh.City.from_text(SMALL))), "legend") == []


def test_markers_are_drawn_over_highlights_and_the_tried_tile(small):
    root = parse(city_svg(small, try_tile="tower-9-NE", at=(-1, 0), highlight=[(-1, 0), (0, 0)]))
    layers = [el.get("class") for el in root]
    assert layers.index("violations") > layers.index("highlights")
    assert layers.index("violations") > layers.index("try illegal")

"""The city widget's Python side: traits, verdicts, actions, bad messages, notebook display."""

from __future__ import annotations

import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
import traitlets

import alhambra_nb as alh
from alhambra_nb.render import city_svg, describe_cell
from alhambra_nb.widgets.board import BadMessageError, extent_cells, parse_cell_key

SVG = "http://www.w3.org/2000/svg"

SMALL = "0,0 fountain\n1,0 garden-10-NE\n1,1 tower-9-E\n"


@pytest.fixture
def widget() -> alh.CityWidget:
    return alh.CityWidget(alh.City.from_text(SMALL), tiles=["tower-9-NE", "garden-6"], selected=0)


def test_importing_the_package_loads_no_widget_code():
    probe = "import sys, alhambra_nb; print('anywidget' in sys.modules, 'traitlets' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "False"]


def test_constructor_defaults():
    w = alh.CityWidget()
    assert w.city == alh.City()
    assert w.tiles == () and w.selected is None and w.selected_tile is None
    assert w._verdicts["cells"] == {}
    assert repr(w) == "CityWidget(tiles=0, selected=None)"


def test_selected_by_index_tile_or_code(widget):
    assert widget.selected_tile == alh.Tile.parse("tower-9-NE")
    widget.selected = "garden-6"
    assert widget.selected == 1
    widget.selected = alh.Tile.parse("tower-9-NE")
    assert widget.selected == 0
    with pytest.raises(traitlets.TraitError):
        widget.selected = 5
    with pytest.raises(traitlets.TraitError):
        widget.selected = "tower-13"


def test_verdict_map_equals_city_check_for_every_cell(widget):
    for rotation in range(4):
        widget.rotation = rotation
        cells = widget._verdicts["cells"]
        extent = tuple(widget._board["extent"])
        assert set(cells) == {f"{x},{y}" for x, y in extent_cells(extent)}
        assert widget.city.candidate_cells() <= {parse_cell_key(k) for k in cells}
        for key, verdict in cells.items():
            expected = widget.city.check(widget.selected_tile, parse_cell_key(key), rotation)
            assert verdict["ok"] == (expected == [])
            assert [v["rule"] for v in verdict["violations"]] == [v.rule.value for v in expected]
            assert [v["message"] for v in verdict["violations"]] == [v.message for v in expected]
            assert [v["edges"] for v in verdict["violations"]] == [
                v.to_dict()["edges"] for v in expected
            ]


def test_board_labels_describe_every_cell(widget):
    labels = widget._board["labels"]
    assert labels["1,0"] == "(1, 0): garden, walls north and east"
    for key, label in labels.items():
        assert label == describe_cell(widget.city, parse_cell_key(key))


def test_an_illegal_try_changes_nothing_and_explains(widget):
    before = widget.city.to_text()
    violations = widget.try_place((-1, 0))
    assert [v.rule for v in violations] == [alh.RuleId.WALLS_MATCH, alh.RuleId.WALKING]
    assert widget.last_verdict == violations
    assert widget.city.to_text() == before
    assert "cannot go at (-1, 0)" in widget.note and violations[0].message in widget.note


def test_a_legal_try_places_calls_back_and_can_be_undone(widget):
    original = widget.city
    seen = []
    widget.on_place(lambda cell, tile: seen.append((cell, tile.code)))
    changes = []
    widget.observe(lambda change: changes.append(change["new"]), "city")
    assert widget.try_place((0, -1)) == []
    assert widget.city[(0, -1)].code == "tower-9-NE"
    assert original.get((0, -1)) is None  # the City passed in is left alone
    assert seen == [((0, -1), "tower-9-NE")]
    assert len(changes) == 1
    assert widget.tiles == (alh.Tile.parse("garden-6"),) and widget.selected is None
    assert widget._board["labels"]["0,-1"] == "(0, -1): tower, walls north and east"
    assert widget.undo() is True
    assert widget.city == original and len(widget.tiles) == 2
    assert widget.undo() is False


def test_assigning_a_city_redraws(widget):
    widget.city = alh.City.from_text("0,0 fountain\n0,1 garden-6\n")
    assert widget._board["svg"].count('data-cell="0,1"') == 1
    assert widget._board["labels"]["0,1"] == "(0, 1): garden, no walls"
    assert "0,2" in widget._verdicts["cells"]


def test_rotation_breaks_the_orientation_rule(widget):
    widget.rotate()
    assert widget.rotation == 1
    assert all(not v["ok"] for v in widget._verdicts["cells"].values())
    rules = [v["rule"] for v in widget._verdicts["cells"]["0,-1"]["violations"]]
    assert "placement/orientation" in rules


def test_redesign_remove_put_back_and_swap(widget):
    widget.mode = "redesign"
    cells = widget._verdicts["cells"]
    assert cells["1,1"]["ok"] and cells["1,1"]["action"] == "remove"
    assert cells["0,0"]["violations"][0]["rule"] == "redesign/fountain"
    assert cells["1,0"]["violations"][0]["rule"] == "redesign/disconnects"
    assert widget.try_remove((1, 0))[0].rule is alh.RuleId.REDESIGN_DISCONNECTS
    assert widget.try_remove((1, 1)) == []
    assert widget.reserve == (alh.Tile.parse("tower-9-E"),)
    widget.reserve_selected = 0
    cells = widget._verdicts["cells"]
    assert cells["1,1"]["action"] == "place" and cells["1,1"]["ok"]
    assert cells["1,0"]["action"] == "swap"
    for key, verdict in cells.items():
        cell = parse_cell_key(key)
        tile = widget.reserve[0]
        expected = (
            widget.city.check_swap(cell, tile)
            if cell in widget.city
            else widget.city.check(tile, cell)
        )
        assert [v["rule"] for v in verdict["violations"]] == [v.rule.value for v in expected]
    assert widget.verdict_at((1, 1)) == []
    widget._handle_message(
        widget,
        {"kind": "act", "cell": "1,1", "tile": "tower-9-E", "version": widget._verdicts["version"]},
        [],
    )
    assert widget.city[(1, 1)].code == "tower-9-E" and widget.reserve == ()


def test_swap_from_the_reserve():
    city = alh.City.from_text("0,0 fountain\n1,0 garden-10\n")
    widget = alh.CityWidget(city, reserve=["tower-9"])
    widget.mode = "redesign"
    widget.reserve_selected = 0
    assert widget.try_swap((1, 0)) == []
    assert widget.city[(1, 0)].code == "tower-9"
    assert widget.reserve == (alh.Tile.parse("garden-10"),)


@pytest.mark.parametrize(
    ("message", "note"),
    [
        ("garbage", "not a widget message"),
        (None, "not a widget message"),
        ({"kind": "explode"}, "unknown message kind"),
        ({"kind": "act", "cell": "a,b"}, "unknown cell"),
        ({"kind": "act", "cell": [1]}, "unknown cell"),
        ({"kind": "act", "cell": "99,99", "tile": "tower-9-NE"}, "not on the board"),
        ({"kind": "select", "index": 7}, "no tile number 7"),
        ({"kind": "select", "index": "x"}, "whole number"),
        ({"kind": "select", "tray": "attic", "index": 0}, "unknown tray"),
        ({"kind": "rotate", "by": "lots"}, "whole number"),
        ({"kind": "mode", "mode": "chaos"}, "unknown mode"),
        ({"kind": "toggle", "what": "lights"}, "nothing called"),
    ],
)
def test_bad_messages_are_ignored_with_a_visible_note(widget, message, note):
    before = (widget.city.to_text(), widget.tiles, widget.selected, widget.rotation)
    widget._handle_message(widget, message, [])
    assert widget.note.startswith("Ignored a message from the page")
    assert note in widget.note
    assert widget._note["kind"] == "ignored"
    assert (widget.city.to_text(), widget.tiles, widget.selected, widget.rotation) == before


def test_page_messages_drive_the_widget(widget):
    version = widget._verdicts["version"]
    widget._handle_message(widget, {"kind": "rotate", "by": 1}, [])
    assert widget.rotation == 1
    assert widget._verdicts["version"] > version
    widget._handle_message(widget, {"kind": "select", "tray": "tiles", "index": 1}, [])
    assert widget.selected == 1
    widget._handle_message(widget, {"kind": "toggle", "what": "wall"}, [])
    widget._handle_message(widget, {"kind": "toggle", "what": "counts"}, [])
    assert widget.show_wall and widget.show_counts
    widget._handle_message(widget, {"kind": "mode", "mode": "redesign"}, [])
    assert widget.mode == "redesign"


def test_set_position_and_point_at(widget):
    widget.try_place((0, -1))
    widget.set_position(SMALL, tiles=["arcades-8-S"], selected="arcades-8-S", rotation=0)
    assert widget.city == alh.City.from_text(SMALL)
    assert widget.selected_tile.code == "arcades-8-S"
    assert widget._can_undo is False
    violations = widget.point_at((-1, 0))
    assert widget._pointed == "-1,0"
    assert violations == widget.city.check("arcades-8-S", (-1, 0))
    widget.point_at(None)
    assert widget._pointed == ""


def test_mime_bundle_has_a_static_picture_and_deterministic_text(widget):
    data, _metadata = widget._repr_mimebundle_()
    assert data["text/plain"] == "CityWidget(tiles=2, selected='tower-9-NE')"
    # For readers without a kernel: the city, then the tray under it, each tile named.
    picture = ET.fromstring(data["image/svg+xml"])
    nested = [n for n in picture.iter(f"{{{SVG}}}svg") if n is not picture]
    assert ET.tostring(nested[0]) == ET.tostring(ET.fromstring(city_svg(widget.city)))
    assert len(nested) == 1 + len(widget.tiles)
    words = [node.text for node in picture.iter(f"{{{SVG}}}text")]
    captions = ["tower, price 9", "garden, price 6"]  # in words, never the tiles' codes
    assert "Tiles to try" in words and [w for w in words if w in captions] == captions
    assert not {t.code for t in widget.tiles} & set(words)
    assert "Reserve" not in words  # an empty reserve is not drawn
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == widget.model_id
    assert repr(widget) == data["text/plain"]


def test_the_page_module_is_one_self_contained_file():
    esm = alh.CityWidget._esm
    assert 'from "./' not in esm
    assert "export default { render }" in esm and "export function render" not in esm
    assert ".alh-city" in alh.CityWidget._css


def test_cell_keys_parse_strictly():
    assert parse_cell_key("2,-1") == (2, -1)
    assert parse_cell_key([2, -1]) == (2, -1)
    for bad in ("2", "a,b", [True, 1], None, 3):
        with pytest.raises(BadMessageError):
            parse_cell_key(bad)


# -- expansion II: gates and camps ------------------------------------------------------------
DOUBLE_WALL = "0,0 fountain\n1,0 arcades-8-E\n"  # a seraglio-7-W at (2, 0) meets it wall to wall


def send(widget: alh.CityWidget, message: object) -> None:
    widget._handle_message(widget, message, [])


def test_a_gate_placement_by_messages():
    w = alh.CityWidget(alh.City.from_text(DOUBLE_WALL), tiles=["seraglio-7-W"], selected=0)
    cells = w._verdicts["cells"]
    assert [v["rule"] for v in cells["2,0"]["violations"]] == ["placement/walking"]
    send(w, {"kind": "gate", "side": "W"})
    assert w.gate == "W" and w._verdicts["gate"] == "W"
    for key, verdict in w._verdicts["cells"].items():
        expected = w.city.check("seraglio-7-W", parse_cell_key(key), gate="W")
        assert [v["rule"] for v in verdict["violations"]] == [v.rule.value for v in expected]
    assert w._verdicts["cells"]["2,0"]["ok"]
    assert "with a gate on its west side" in w._verdicts["cells"]["2,0"]["text"]
    version = w._verdicts["version"]
    send(w, {"kind": "act", "cell": "2,0", "tile": "seraglio-7-W", "version": version})
    assert w._note["kind"] == "done", w.note
    assert w.city.gates == {((1, 0), alh.Side.E)}
    assert w.gate is None  # one placement, one gate
    assert 'class="gate"' in w._board["svg"] and 'class="gate"' in w._static_svg()


def test_a_gate_where_there_is_no_double_wall_is_refused_with_its_rule():
    w = alh.CityWidget(alh.City.from_text(DOUBLE_WALL), tiles=["seraglio-7-W"], selected=0)
    send(w, {"kind": "gate", "side": "N"})
    version = w._verdicts["version"]
    send(w, {"kind": "act", "cell": "2,0", "tile": "seraglio-7-W", "version": version})
    assert w._note["kind"] == "refused"
    assert [v.rule.value for v in w.last_verdict] == ["placement/walking", "placement/gate"]
    assert not w.city.gates
    # The status line reads the clicked cell's rules while it is pointed at: the note names
    # the cell, and has a short form for then, so the rules are read once.
    assert w._note["cell"] == "2,0" and w._note["short"].startswith("✗ Not allowed here")
    assert w._verdicts["cells"]["2,0"]["violations"][0]["message"] in w._note["text"]


@pytest.mark.parametrize("side", ["X", 5, [1]])
def test_a_bad_gate_side_is_ignored_with_a_note(side):
    w = alh.CityWidget(alh.City.from_text(DOUBLE_WALL), tiles=["seraglio-7-W"], selected=0)
    send(w, {"kind": "gate", "side": side})
    assert w.gate is None and w._note["kind"] == "ignored"


def test_camps_in_the_tray_are_drawn_with_their_bastions():
    w = alh.CityWidget(tiles=["camp-8-NE", "camp-4-N"])
    for entry in w._tray:
        assert 'class="bastion"' in entry["svg"] and 'class="bastion-arrow"' in entry["svg"]
        assert 'class="bastion"' in entry["ghost"]
    assert w._tray[0]["svg"].count('class="bastion"') == 2


def test_a_game_gate_needs_a_gate_card_and_a_chosen_tile():
    w = alh.GameWidget(alh.Game(2, seed=1))
    with pytest.raises(traitlets.TraitError, match="needs a gate card and a chosen tile"):
        w.gate = "E"
    assert w.gate is None


def test_a_gate_is_a_side_letter_or_nothing():
    w = alh.CityWidget()
    w.gate = "e"
    assert w.gate == "E"
    w.gate = ""
    assert w.gate is None
    with pytest.raises(traitlets.TraitError, match="side N, E, S or W, not 'X'"):
        w.gate = "X"
    assert w.gate is None


def test_a_click_or_turn_with_no_tile_picked_gets_a_plain_hint_that_picking_clears(widget):
    widget.try_place((0, -1))  # a legal placement: nothing is picked afterwards
    assert widget.selected is None
    version = widget._verdicts["version"]
    send(widget, {"kind": "act", "cell": "2,0", "tile": None, "version": version})
    assert widget.note == "Pick a tile from the tray first." and widget._note["kind"] == "hint"
    send(widget, {"kind": "rotate", "by": 1})
    assert widget.note == "Pick a tile from the tray first, then turn it."
    assert widget.rotation == 0
    send(widget, {"kind": "select", "tray": "tiles", "index": 0})
    assert widget.note == "" and widget.selected_tile == alh.Tile.parse("garden-6")


def test_picking_a_tile_turns_it_upright(widget):
    widget.rotate()
    assert widget.rotation == 1
    widget.select("garden-6")
    assert widget.rotation == 0
    assert widget._verdicts["rotation"] == 0
    assert widget.set_position(SMALL, tiles=["garden-6"], selected=0, rotation=2).rotation == 2


def test_the_widget_words_come_from_the_catalogue(widget, monkeypatch):
    from alhambra_nb.core.messages import ENGLISH

    monkeypatch.setitem(ENGLISH, "widget.placed", "Gebaut: {tile} bei {cell}{gate}.")
    monkeypatch.setitem(ENGLISH, "page.reserve", "Reserve (de)")
    widget.try_place((0, -1))
    assert widget.note == "Gebaut: tower (walls north and east) bei (0, -1)."
    assert alh.CityWidget()._words["reserve"] == "Reserve (de)"


def test_a_click_made_as_the_board_changed_gets_a_plain_hint(widget):
    before = (widget.city.to_text(), widget.tiles, widget.selected)
    send(widget, {"kind": "act", "cell": "0,-1", "tile": "garden-6", "version": 0})
    assert widget.note == "The board changed just then: point at the cell again."
    assert widget._note["kind"] == "hint"
    assert (widget.city.to_text(), widget.tiles, widget.selected) == before

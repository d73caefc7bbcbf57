"""The city widget's page code in real Chromium, driven by a small fake model.

The module loaded is exactly what anywidget loads (``CityWidget._esm``, from a blob URL), and
the model is fed with the state of a real Python ``CityWidget``; what the page sends back is
recorded and, where it matters, handed to the Python widget to close the loop.
"""

from __future__ import annotations

import pytest

import alhambra_nb as alh

from . import widget_page
from .widget_page import push, sent

# The fountain, a garden east (walls N, E) and a tower south of the garden (wall E).
SMALL = "0,0 fountain\n1,0 garden-10-NE\n1,1 tower-9-E\n"


def mount(page, widget: alh.CityWidget, *, dark: bool = False) -> None:
    widget_page.mount(page, widget, root_style="display:inline-block", dark=dark)


def cell(page, key: str):
    return page.locator(f'[role="gridcell"][data-cell="{key}"]')


def status(page) -> str:
    return page.text_content('[role="status"]')


@pytest.fixture
def widget() -> alh.CityWidget:
    return alh.CityWidget(alh.City.from_text(SMALL), tiles=["tower-9-NE", "garden-6"], selected=0)


def test_draws_an_aria_grid_with_every_cell(page, widget):
    mount(page, widget)
    min_x, min_y, max_x, max_y = widget._board["extent"]
    cells = page.locator('[role="grid"] [role="row"] [role="gridcell"]')
    assert cells.count() == (max_x - min_x + 1) * (max_y - min_y + 1)
    assert cell(page, "1,0").get_attribute("aria-label") == "(1, 0): garden, walls north and east"
    assert cell(page, "2,0").get_attribute("aria-label") == "(2, 0): empty"
    tabindexes = cells.evaluate_all("els => els.map(e => e.getAttribute('tabindex'))")
    assert sorted(set(tabindexes)) == ["-1", "0"] and tabindexes.count("0") == 1
    assert page.get_attribute('[role="status"]', "aria-live") == "polite"
    assert "Trying the tower (price 9, walls north and east)" in status(page)
    # every cell where the tile fits carries a check mark
    legal = sum(v["ok"] for v in widget._verdicts["cells"].values())
    assert page.locator(".legal-mark").count() == legal > 0
    chosen = page.locator('.alh-tile[aria-selected="true"]')
    assert chosen.get_attribute("data-code") == "tower-9-NE"  # what the page answers with
    # what the learner reads and hears: the tile in words
    assert chosen.get_attribute("aria-label") == "tower (price 9, walls north and east)"
    assert chosen.locator(".alh-tile-caption").text_content() == "tower, price 9"


def test_hover_shows_the_verdict_without_a_round_trip(page, widget):
    mount(page, widget)
    # West of the fountain the tower's east wall faces the fountain's open west side.
    [walls, walking] = widget.verdict_at((-1, 0))
    assert walls.rule is alh.RuleId.WALLS_MATCH
    cell(page, "-1,0").hover()
    text = status(page)
    assert walls.message in text and walking.message in text
    group = page.locator('.alh-overlay .violation[data-rule="placement/walls-match"]')
    assert group.locator(".violation-edge").count() == 2
    # A numbered marker on the border between the two tiles, not a label over the tile.
    assert group.locator(".marker-label").text_content() == "1"
    [x, y] = widget._verdicts["cells"]["-1,0"]["violations"][0]["marker"]
    assert (x % 100 == 0) or (y % 100 == 0)
    assert group.locator(".marker").get_attribute("transform") == f"translate({x} {y})"
    assert page.locator(".alh-overlay .violation-edge.blocking").count() == len(walking.edges)
    assert page.locator(".alh-overlay .try.illegal").count() == 1
    assert sent(page) == []  # hovering asked Python nothing

    cell(page, "0,-1").hover()
    assert widget.verdict_at((0, -1)) == []
    assert "can place the" in status(page)
    assert page.locator('.alh-overlay .try.legal[data-try="0,-1"]').count() == 1


def test_keyboard_moves_focus_places_and_rotates(page, widget):
    mount(page, widget)
    cell(page, "0,0").focus()
    assert status(page).startswith("(0, 0): 1 rule broken")  # occupied
    page.keyboard.press("ArrowUp")
    focused = page.evaluate("document.activeElement.getAttribute('data-cell')")
    assert focused == "0,-1"
    assert cell(page, "0,-1").get_attribute("tabindex") == "0"
    assert cell(page, "0,0").get_attribute("tabindex") == "-1"
    assert "can place the" in status(page)
    assert page.locator(".alh-overlay .focus-ring").count() == 1
    page.keyboard.press("Enter")
    page.keyboard.press("r")
    version = widget._verdicts["version"]
    assert sent(page) == [
        {"kind": "act", "cell": "0,-1", "tile": "tower-9-NE", "version": version},
        {"kind": "rotate", "by": 1},
    ]
    # Arrow keys stop at the edge of the board.
    for _ in range(10):
        page.keyboard.press("ArrowLeft")
    min_x = widget._board["extent"][0]
    assert page.evaluate("document.activeElement.getAttribute('data-cell')") == f"{min_x},-1"


def test_the_chosen_tray_tile_is_drawn_turned_as_it_is_tried(page, widget):
    mount(page, widget)
    picture = '.alh-tray-tiles [data-index="{}"] svg'
    turned = "(el) => el.style.transform"
    assert page.eval_on_selector(picture.format(0), turned) == ""
    widget.rotate()
    push(page, widget)
    assert page.eval_on_selector(picture.format(0), turned) == "rotate(90deg)"
    assert page.eval_on_selector(picture.format(1), turned) == ""  # only the chosen one
    widget.rotate()
    push(page, widget)
    assert page.eval_on_selector(picture.format(0), turned) == "rotate(180deg)"
    widget.select(1)  # another tile starts upright
    push(page, widget)
    assert page.eval_on_selector(picture.format(0), turned) == ""
    assert page.eval_on_selector(picture.format(1), turned) == ""


def test_clicks_send_messages_that_python_acts_on(page, widget):
    mount(page, widget)
    cell(page, "-1,0").click()
    cell(page, "0,-1").click()
    page.click('.alh-tile[data-code="garden-6"]')
    page.click('[data-do="wall"]')
    page.click('[data-do="redesign"]')
    messages = sent(page)
    assert [m["kind"] for m in messages] == ["act", "act", "select", "toggle", "mode"]
    assert messages[0]["cell"] == "-1,0" and messages[1]["cell"] == "0,-1"
    assert messages[2] == {"kind": "select", "tray": "tiles", "index": 1}

    # Python answers the first click with a refusal and the second with a placement.
    before = widget.city.to_text()
    widget._handle_message(widget, messages[0], [])
    assert widget.city.to_text() == before
    assert "cannot go at (-1, 0)" in widget.note
    widget._handle_message(widget, messages[1], [])
    assert widget.city[(0, -1)].code == "tower-9-NE"
    push(page, widget)
    assert cell(page, "0,-1").get_attribute("aria-label") == "(0, -1): tower, walls north and east"
    assert page.text_content(".alh-note") == "Placed the tower (walls north and east) at (0, -1)."
    assert page.locator(".alh-tile").count() == 1  # the placed tile left the tray


def test_python_can_point_at_a_cell(page, widget):
    mount(page, widget)
    widget.point_at((-1, 0))
    push(page, widget, "_pointed")
    assert "would face the open west side of the fountain" in status(page)


def test_redesign_mode_shows_removal_verdicts(page, widget):
    widget.mode = "redesign"
    mount(page, widget)
    cell(page, "0,0").hover()
    assert "The fountain at (0, 0) is never moved" in status(page)
    cell(page, "1,1").hover()
    assert "may go to the reserve" in status(page)


def test_light_and_dark_screenshots(page, artifacts_dir):
    city = alh.City.from_text(SMALL + "0,-1 pavilion-5-NW\n-1,0 seraglio-7-SW\n")
    widget = alh.CityWidget(city, tiles=["tower-9-NE", "garden-6", "arcades-8-S"], selected=0)
    widget.show_wall = True
    widget.show_counts = True
    for theme, dark in (("light", False), ("dark", True)):
        mount(page, widget, dark=dark)
        cell(page, "2,0").hover()
        page.locator("#root").screenshot(path=str(artifacts_dir / f"city-widget-{theme}.png"))
        assert page.locator(".alh-overlay .violation").count() > 0


def test_a_gate_side_then_a_cell_builds_the_gate(page):
    w = alh.CityWidget(
        alh.City.from_text("0,0 fountain\n1,0 arcades-8-E\n"), tiles=["seraglio-7-W"], gates=True
    )
    w.selected = 0
    mount(page, w)
    assert page.locator(".alh-gates").is_visible()
    assert page.get_attribute('[data-gate=""]', "aria-pressed") == "true"
    page.click('[data-gate="W"]')
    assert sent(page) == [{"kind": "gate", "side": "W"}]
    for message in sent(page):
        w._handle_message(w, message, [])
    page.evaluate("window.__sent.length = 0")
    push(page, w)
    assert page.get_attribute('[data-gate="W"]', "aria-pressed") == "true"
    cell(page, "2,0").hover()
    assert "with a gate on its west side" in status(page)
    assert page.locator('.alh-overlay [data-gate-mark="2,0,W"]').count() == 1
    cell(page, "2,0").click()
    version = w._verdicts["version"]
    assert sent(page) == [
        {"kind": "act", "cell": "2,0", "tile": "seraglio-7-W", "version": version}
    ]
    for message in sent(page):
        w._handle_message(w, message, [])
    push(page, w)
    assert w.city.gates and page.locator(".alh-board .gates .gate").count() == 1
    assert page.get_attribute('[data-gate=""]', "aria-pressed") == "true"


def test_the_base_game_shows_no_gate_controls(page):
    """Gates are expansion II: a base-game board has none to offer, nor in the Tab order."""
    w = alh.CityWidget(alh.City.from_text("0,0 fountain\n1,0 arcades-8-E\n"), tiles=["tower-9"])
    mount(page, w)
    assert page.locator("[data-gate]").count() == 5  # in the page, but not shown
    assert not page.locator(".alh-gates").is_visible()
    w.gate = "N"  # choosing a gate from code puts expansion II in play
    push(page, w, "gates", "gate")
    assert page.locator(".alh-gates").is_visible()


def test_keys_typed_in_the_view_stay_in_it_but_ctrl_keys_reach_the_page(page):
    w = alh.CityWidget(alh.City.from_text("0,0 fountain\n"), tiles=["tower-9"], selected=0)
    mount(page, w)
    page.evaluate(
        "() => { window.__keys = []; "
        "document.addEventListener('keydown', (e) => window.__keys.push(e.key)); }"
    )
    page.focus('[role="gridcell"][data-cell="1,0"]')
    for key in ["m", "a", "d", "d", "Enter", "Escape", "Shift+ArrowDown"]:
        page.keyboard.press(key)
    assert page.evaluate("window.__keys") == []  # none reached the notebook's shortcuts
    page.keyboard.press("Control+s")  # saving the notebook still works from the board
    assert page.evaluate("window.__keys") == ["Control", "s"]


def deliver_new_messages(page, widget: alh.CityWidget, seen: int) -> int:
    """Hand the page's messages since ``seen`` to Python, push the answer back; the new count."""
    messages = sent(page)
    for message in messages[seen:]:
        widget._handle_message(widget, message, [])
    push(page, widget)
    return len(messages)


def test_after_a_placement_enter_and_r_get_a_plain_hint_and_a_new_tile_starts_upright(page):
    w = alh.CityWidget(tiles=["garden-10-NE", "chambers-9-S"], selected=0)
    mount(page, w)
    seen = 0
    cell(page, "1,0").focus()
    page.keyboard.press("Enter")  # places the garden: nothing is picked now
    seen = deliver_new_messages(page, w, seen)
    assert "1,0 garden-10-NE" in w.city.to_text()
    for key in ("Enter", "r"):
        page.keyboard.press(key)
        seen = deliver_new_messages(page, w, seen)
        note = page.locator(".alh-note")
        assert note.text_content() in (
            "Pick a tile from the tray first.",
            "Pick a tile from the tray first, then turn it.",
        )
        assert "Ignored" not in note.text_content()
        assert note.get_attribute("data-kind") == "hint"
    assert w.rotation == 0 and page.text_content(".alh-rotation") == "0°"
    page.click('.alh-tile[data-code="chambers-9-S"]')
    deliver_new_messages(page, w, seen)
    assert page.text_content(".alh-note") == ""
    fits = sum(v["ok"] for v in w._verdicts["cells"].values())
    assert fits > 0 and f"it fits on {fits} cell" in status(page)


def test_a_tile_that_fits_nowhere_is_said_to_fit_nowhere(page):
    # A real tile with no legal cell beside this small city (the engine says which).
    city = alh.City.from_text("0,0 fountain\n1,0 garden-10-NE\n")
    tile = next(t for t in alh.TILES if t is not alh.FOUNTAIN and not city.legal_cells(t))
    w = alh.CityWidget(city, tiles=[tile], selected=0)
    mount(page, w)
    assert "fits nowhere here" in status(page)
    assert "0 cells" not in status(page)


def test_the_page_writes_its_words_from_the_catalogue(page, widget):
    state = widget_page.state_of(widget)
    state["_words"] = {**state["_words"], "tiles": "Kacheln", "undo": "Rückgängig"}
    widget_page.mount(page, widget, state=state)
    assert page.text_content(".alh-tray-title") == "Kacheln"
    assert page.get_attribute(".alh-tray-tiles", "aria-label") == "Kacheln"
    assert page.text_content('[data-do="undo"]') == "Rückgängig"


def test_undo_keeps_the_focus_once_nothing_is_left_to_undo(page):
    w = alh.CityWidget(tiles=["garden-10-NE"], selected=0)
    mount(page, w)
    undo = page.locator('[data-do="undo"]')
    assert undo.get_attribute("aria-disabled") == "true" and undo.get_attribute("tabindex") == "-1"
    cell(page, "1,0").focus()
    page.keyboard.press("Enter")
    seen = deliver_new_messages(page, w, 0)
    assert undo.get_attribute("aria-disabled") == "false"
    undo.focus()
    page.keyboard.press("Enter")
    deliver_new_messages(page, w, seen)
    assert w.note == "Undone." and len(w.city) == 1
    # Nothing is left to undo: Undo is off and out of the Tab order, yet keeps the focus.
    assert undo.get_attribute("aria-disabled") == "true"
    assert page.evaluate("document.activeElement.dataset.do") == "undo"
    page.keyboard.press("Enter")
    assert len(sent(page)) == seen + 1  # an Undo that is off sends nothing


@pytest.mark.parametrize(
    "make",
    [
        lambda: alh.CityWidget(alh.City.from_text(SMALL)),
        lambda: alh.GameWidget(alh.Game(["Ana", "Ben"], seed=3)),
        lambda: alh.ChapterWidget("building"),
    ],
    ids=["city", "game", "chapter"],
)
def test_each_widget_module_exports_one_default_object(page, make):
    """anywidget's current form (a default object with ``render``): a module that also
    exports ``render`` by name makes anywidget print a deprecation notice in the console."""
    page.goto("about:blank")
    page.evaluate(widget_page.LOAD_MODULE, make()._esm)
    exports = page.evaluate(
        "() => [Object.keys(window.__module), typeof window.__module.default?.render]"
    )
    assert "render" not in exports[0] and "default" in exports[0]
    assert exports[1] == "function"

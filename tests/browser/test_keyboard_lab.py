"""The keyboard in real JupyterLab: keys typed on a focused widget are the widget's, never the
notebook's command-mode shortcuts; the focus stays where the learner was after an action; the
game table's refusal is in sight on a 1366×768 laptop.

JupyterLab (see :mod:`.lab`) serves a temporary folder holding one generated notebook.
"""

from __future__ import annotations

import re

import pytest

from .lab import TIMEOUT, open_notebook, run_cell

pytestmark = pytest.mark.slow

SMALL = "0,0 fountain\\n1,0 garden-10-NE\\n1,1 tower-9-E\\n"
CELLS = [
    "import alhambra_nb as alh\n"
    f'w = alh.CityWidget(alh.City.from_text("{SMALL}"), tiles=["tower-9-NE", "garden-6"], '
    "selected=0)\nw",
    'print("CITY>" + w.city.to_text().replace("\\n", "; "))',
    'g = alh.GameWidget(alh.Game(["Ana", "Ben"], seed=3), bots={1: alh.GreedyBot(seed=1)})\ng',
]

NOTEBOOK_SHAPE = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  return panel.content.widgets.map((cell) => [cell.model.type, cell.model.sharedModel.source]);
}"""

FOCUSED = """() => {
  const node = document.activeElement;
  return {
    cell: node?.getAttribute("data-cell") ?? null,
    do: node?.getAttribute("data-do") ?? null,
    inside: !!node?.closest(".alh-view"),
  };
}"""


def command_mode(page) -> str:
    return page.evaluate("() => window.jupyterapp.shell.currentWidget.content.mode")


def test_keys_on_a_focused_board_leave_the_notebook_as_it_was(page, lab):
    open_notebook(page, lab, height=900)
    run_cell(page, 0)
    widget = page.locator(".alh-city")
    cell = widget.locator('[role="gridcell"][data-cell="2,0"]')
    cell.wait_for(state="visible", timeout=TIMEOUT)
    shape = page.evaluate(NOTEBOOK_SHAPE)

    cell.focus()
    assert page.evaluate(FOCUSED)["cell"] == "2,0"
    # m: to Markdown; a, b: insert cells; d d, x: delete or cut; z: undo; y, 1: cell type;
    # c then v: copy and paste a cell; Escape and Shift+Down: select other cells.
    for key in ["m", "a", "b", "d", "d", "x", "z", "y", "1", "c", "v", "Shift+ArrowDown"]:
        page.keyboard.press(key)
    page.wait_for_timeout(300)
    assert page.evaluate(NOTEBOOK_SHAPE) == shape
    assert command_mode(page) == "command"  # no editor was opened either
    assert widget.locator('[role="gridcell"]').count() > 0  # the widget is still shown
    assert page.evaluate(FOCUSED)["inside"]


def test_the_focus_stays_on_the_board_after_enter_places_a_tile(page, lab):
    open_notebook(page, lab, height=900)
    run_cell(page, 0)
    widget = page.locator(".alh-city")
    start = widget.locator('[role="gridcell"][data-cell="0,0"]')
    start.wait_for(state="visible", timeout=TIMEOUT)
    start.focus()
    page.keyboard.press("ArrowUp")  # (0, -1): the tower-9-NE fits there
    assert page.evaluate(FOCUSED)["cell"] == "0,-1"
    page.keyboard.press("Enter")
    placed = "Placed the tower (walls north and east) at (0, -1)"
    widget.locator(".alh-note", has_text=placed).wait_for()
    page.wait_for_timeout(200)
    # The board was drawn anew (it grew a row); the focus is on the same cell of it.
    assert page.evaluate(FOCUSED)["cell"] == "0,-1"
    assert command_mode(page) == "command"
    page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED)["cell"] == "1,-1"


def test_the_game_tables_refusal_is_in_sight_on_a_laptop(page, lab, artifacts_dir):
    open_notebook(page, lab, height=768)
    page.set_viewport_size({"width": 1366, "height": 768})
    run_cell(page, 0)
    run_cell(page, 2)
    table = page.locator(".alh-game")
    take = table.locator('[data-do="take"]')
    take.wait_for(state="attached", timeout=TIMEOUT)
    take.scroll_into_view_if_needed()
    take.focus()
    page.keyboard.press("Enter")  # no display cards picked: refused
    note = table.locator(".alh-note[data-kind='refused']")
    note.wait_for(timeout=TIMEOUT)
    page.wait_for_timeout(200)
    page.screenshot(path=str(artifacts_dir / "lab-game-table-1366.png"))
    box = note.bounding_box()
    assert box is not None and box["height"] > 0
    assert box["y"] >= 0 and box["y"] + box["height"] <= 768, box
    assert note.inner_text().strip()
    assert not re.search(r"\b[a-z]+/[a-z-]+\b", note.inner_text())  # no rule ids
    # The learner is still on the button they pressed.
    assert page.evaluate(FOCUSED)["do"] == "take"

    # The whole widget fits in the window; far down the table (its Alhambras, scrolled to
    # inside the widget), the status and the note are still in sight.
    table.scroll_into_view_if_needed()
    widget_box = table.bounding_box()
    assert widget_box["height"] <= 768 - 120, widget_box  # JupyterLab's bars take the rest
    page.evaluate(
        "() => { const t = document.querySelector('.alh-game .alh-table');"
        " t.scrollTop = t.scrollHeight; }"
    )
    page.wait_for_timeout(300)
    board = table.locator("svg.player-city[data-seat='0']").bounding_box()
    assert board["y"] + board["height"] <= 768, board  # Ana's Alhambra is in sight
    assert table.locator('[data-do="take"]').bounding_box()["y"] < box["y"]  # scrolled away
    page.keyboard.press("Enter")  # Take money again, still focused: refused again
    page.wait_for_timeout(500)
    box = note.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= 768, box
    status = table.locator('[role="status"]').bounding_box()
    assert status["y"] >= 0, status
    page.screenshot(path=str(artifacts_dir / "lab-game-table-1366-scrolled.png"))

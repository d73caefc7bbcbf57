"""End to end in real JupyterLab: a notebook shows a CityWidget, the learner hovers and clicks.

JupyterLab (see :mod:`.lab`) serves a temporary folder holding one generated notebook.
"""

from __future__ import annotations

import pytest

import alhambra_nb as alh

from .lab import TIMEOUT, open_notebook, printed, run_cell

pytestmark = pytest.mark.slow

SMALL = "0,0 fountain\\n1,0 garden-10-NE\\n1,1 tower-9-E\\n"
CELLS = [
    "import alhambra_nb as alh\n"
    f'w = alh.CityWidget(alh.City.from_text("{SMALL}"), tiles=["tower-9-NE", "garden-6"], '
    "selected=0)\nw",
    'print("CITY>" + w.city.to_text().replace("\\n", "; "))',
]


def printed_city(page) -> str:
    return printed(page, 1, "CITY>")


def test_hover_explains_click_refuses_then_places(page, lab, artifacts_dir):
    open_notebook(page, lab, height=900)
    run_cell(page, 0)
    widget = page.locator(".alh-city")
    board_cell = widget.locator('[role="gridcell"][data-cell="-1,0"]')
    board_cell.wait_for(state="visible", timeout=TIMEOUT)

    city = alh.City.from_text(SMALL.replace("\\n", "\n"))
    walls = city.check("tower-9-NE", (-1, 0))[0]
    assert walls.rule is alh.RuleId.WALLS_MATCH
    board_cell.hover()
    status = widget.locator('[role="status"]')
    assert walls.message in status.inner_text()

    before = printed_city(page)
    assert before == city.to_text().replace("\n", "; ")
    board_cell.click()
    # The status line still reads this cell's rules: the note only says the click was refused.
    widget.locator(".alh-note", has_text="Not allowed here").wait_for(timeout=TIMEOUT)
    assert walls.message in status.inner_text()
    assert printed_city(page) == before

    widget.locator('[role="gridcell"][data-cell="0,-1"]').click()
    placed = "Placed the tower (walls north and east) at (0, -1)"
    widget.locator(".alh-note", has_text=placed).wait_for()
    assert "0,-1 tower-9-NE" in printed_city(page)
    assert (
        widget.locator('[data-cell="0,-1"]').get_attribute("aria-label")
        == "(0, -1): tower, walls north and east"
    )

    widget.locator('[role="gridcell"][data-cell="2,0"]').hover()
    page.wait_for_timeout(200)
    widget.screenshot(path=str(artifacts_dir / "lab-city-widget-light.png"))
    page.evaluate(
        "() => window.jupyterapp.commands.execute('apputils:change-theme',"
        " {theme: 'JupyterLab Dark'})"
    )
    page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'", timeout=TIMEOUT)
    page.wait_for_timeout(500)
    widget.locator('[role="gridcell"][data-cell="2,0"]').hover()
    widget.screenshot(path=str(artifacts_dir / "lab-city-widget-dark.png"))


NOTEBOOK_AREA = "() => window.jupyterapp.shell.currentWidget.content.node.getBoundingClientRect()"


def test_hovered_cell_and_its_verdict_are_on_screen_together_on_a_laptop(page, lab):
    # 1366×768: the notebook area is about 650 px high, under JupyterLab's bars.
    open_notebook(page, lab, height=768)
    page.set_viewport_size({"width": 1366, "height": 768})
    run_cell(page, 0)
    widget = page.locator(".alh-city")
    bottom_row = widget.locator('[role="gridcell"][data-cell="-1,2"]')
    bottom_row.wait_for(state="visible", timeout=TIMEOUT)
    # The learner scrolls until the whole board is in view, its last row at the bottom.
    widget.locator(".alh-board svg").evaluate("(svg) => svg.scrollIntoView({block: 'end'})")
    bottom_row.hover()
    status = widget.locator('[role="status"]')
    page.wait_for_function(
        "(el) => el.dataset.cell === '-1,2'", arg=status.element_handle(), timeout=TIMEOUT
    )
    area = page.evaluate(NOTEBOOK_AREA)
    for element in (status, bottom_row):
        box = element.bounding_box()
        assert box is not None
        assert box["y"] >= area["top"] and box["y"] + box["height"] <= area["bottom"], (box, area)
    legend = widget.locator(".alh-legend details")
    assert legend.evaluate("(d) => d.open") is False

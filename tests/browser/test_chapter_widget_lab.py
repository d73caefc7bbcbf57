"""End to end in real JupyterLab: a chapter notebook runs, the learner answers by clicking.

JupyterLab (see :mod:`.lab`) serves a temporary folder holding a copy of the tutorial on the
end of a turn. The test runs the
whole notebook, goes to the step where Ana places the chambers she bought, hovers and clicks
cells of the board, and checks that the feedback in the page is the engine's. The screenshot
is saved for people to look at.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest

import alhambra_nb as alh

from .lab import open_notebook, run_cell, running_lab

pytestmark = pytest.mark.slow

NOTEBOOK = "06_end_of_turn_scoring_cards_and_end_of_game.ipynb"
TUTORIALS = Path(__file__).resolve().parents[2] / "tutorials"


@pytest.fixture(scope="module")
def lab(tmp_path_factory) -> Iterator[str]:
    """A running JupyterLab; yields the chapter notebook's URL (token included)."""
    root = tmp_path_factory.mktemp("lab")
    # The stored outputs stay; the execution counts go, so that running a cell is seen.
    notebook = nbformat.read(TUTORIALS / NOTEBOOK, as_version=4)
    for cell in notebook.cells:
        if cell.cell_type == "code":
            cell.execution_count = None
    nbformat.write(notebook, root / NOTEBOOK)
    with running_lab(root, NOTEBOOK) as url:
        yield url


CODE_CELLS = """() => window.jupyterapp.shell.currentWidget.content.widgets
  .map((c, i) => [c.model.type, i]).filter(([t]) => t === "code").map(([, i]) => i)"""


def run_notebook(page) -> None:
    """Run every code cell in order. (Run All would stop at the notebook's deliberate
    illegal moves, which raise on purpose.)"""
    for index in page.evaluate(CODE_CELLS):
        run_cell(page, index)


def test_run_the_chapter_notebook_and_answer_by_clicking(page, lab, artifacts_dir):
    open_notebook(page, lab, height=1000)
    run_notebook(page)
    # The only errors are the notebook's deliberate illegal moves.
    deliberate = sum(
        "NBVAL_RAISES_EXCEPTION" in c.source
        for c in nbformat.read(TUTORIALS / NOTEBOOK, as_version=4).cells
    )
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert errors.count() == deliberate

    widget = page.locator(".alh-chapter").first
    widget.scroll_into_view_if_needed()
    widget.locator(".alh-ch-chapter", has_text="End of the turn and refilling").wait_for()
    widget.locator('.alh-ch-dot[data-index="1"]').click()
    widget.locator(".alh-ch-title", has_text="Try it: build the new chambers").wait_for()
    bought = alh.word(alh.Tile.parse("chambers-7-SW").described())  # named in words
    assert bought in widget.locator(".alh-ch-table").text_content()

    step = alh.chapters.step("end-of-turn/place/try")
    game = step.staged_game()
    tile = game.players[0].bought[0]
    refused = game.check(alh.PlaceTile(tile, (2, 0)))
    assert [v.rule for v in refused] == [alh.RuleId.WALLS_MATCH, alh.RuleId.WALKING]

    # Hovering explains with the engine's words before any click.
    east = widget.locator('[role="gridcell"][data-cell="2,0"]')
    east.hover()
    assert refused[0].message in widget.locator(".alh-ch-hover").inner_text()

    # A click answers; Python checks it and the feedback shows the engine's violations.
    east.click()
    feedback = widget.locator('.alh-ch-feedback[role="status"]')
    feedback.locator("text=is not legal").wait_for()
    text = feedback.inner_text()
    assert text.startswith("✗ The chambers at (2, 0) is not legal.")
    assert all(v.message in text for v in refused)
    assert widget.locator('.alh-overlay .violation[data-rule="placement/walls-match"]').count()

    widget.locator('[role="gridcell"][data-cell="0,2"]').click()
    feedback.locator("text=Yes").wait_for()
    assert feedback.get_attribute("data-ok") == "true"
    assert widget.locator(".alh-ch-progress li.solved").count() == 1

    # The picture: a wrong answer explained on the board, the table beside it.
    east.click()
    feedback.locator("text=is not legal").wait_for()
    east.hover()
    page.wait_for_timeout(300)
    widget.screenshot(path=str(artifacts_dir / "lab-chapter-widget.png"))

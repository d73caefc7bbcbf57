"""The game table's Hint and bots' level in real JupyterLab, end to end: the page's press
reaches the kernel's search, the hint comes back to the page, the level select seats new bots
in the kernel; on a 1366×768 laptop, with the hint open beside the table, the learner's
Alhambra, the market and the actions are on screen together.

JupyterLab (see :mod:`.lab`) serves a temporary folder holding one generated notebook.
"""

from __future__ import annotations

import pytest

from .lab import (
    TIMEOUT,
    off_screen,
    open_notebook,
    printed,
    run_cell,
)

pytestmark = pytest.mark.slow

CELLS = [
    "import alhambra_nb as alh\n"
    'g = alh.GameWidget(alh.Game(["Ana", "Ben"], seed=3), bots={1: "greedy"})\ng',
    'print("BOTS>", type(g.bots[1]).__name__, g.level, len(g.game.history))',
    'print("HINT>", [str(s.action) for s in alh.core.search.hint(g.game)'
    ".suggestions] == [s['action'] for s in g._hint['suggestions']])",
]


def test_hint_and_level_through_the_kernel_on_a_laptop(page, lab, artifacts_dir):
    open_notebook(page, lab, height=768)
    page.set_viewport_size({"width": 1366, "height": 768})
    run_cell(page, 0)
    table = page.locator(".alh-game")
    button = table.locator('[data-tool="hint"]')
    button.wait_for(state="visible", timeout=TIMEOUT)
    history = printed(page, 1, "BOTS>").split()[-1]

    # No hint, no coach: the table alone is drawn to keep the three in view.
    assert off_screen(table) == []
    table.scroll_into_view_if_needed()
    button.focus()
    page.keyboard.press("Enter")
    items = table.locator(".alh-hint-item")
    items.first.wait_for(state="visible", timeout=TIMEOUT)
    assert 1 <= items.count() <= 3
    assert printed(page, 2, "HINT>") == "True"  # what the page shows is the kernel's hint
    table.scroll_into_view_if_needed()
    page.wait_for_timeout(300)
    page.screenshot(path=str(artifacts_dir / "lab-game-hint-1366.png"))
    box = table.bounding_box()
    assert box["height"] <= 768 - 120, box  # the widget, hint open, fits under the bars
    # The hint stands beside the table: Ana's Alhambra, the market and the actions stay in view.
    assert off_screen(table) == []
    assert table.locator(".alh-hint").bounding_box()["x"] > table.bounding_box()["x"] + 400

    table.locator('[data-tool="level"]').select_option("search")
    note = table.locator(".alh-note")
    page.wait_for_function(
        "() => document.querySelector('.alh-game .alh-note').textContent.includes('Medium')",
        timeout=TIMEOUT,
    )
    assert "Medium (search)" in note.inner_text()
    assert printed(page, 1, "BOTS>") == f"SearchBot search {history}"  # same game, new bot

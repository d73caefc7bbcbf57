"""Take the README's pictures again: the city widget, a rule chapter and the game table, each in
JupyterLab's light and dark themes, as a learner sees them in real JupyterLab in Chromium.

    .venv/bin/python scripts/screenshots.py [--out docs]

JupyterLab runs on 127.0.0.1 with a token, from a temporary folder, and stops afterwards. The
pictures are ``<out>/city-widget-<theme>.png``, ``<out>/chapter-<theme>.png`` and
``<out>/game-table-<theme>.png``. Everything shown is seeded, so the pictures change only when
the look or the game does.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tests.browser.conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: E402
from tests.browser.lab import TIMEOUT, open_notebook, run_cell, running_lab, write_notebook  # noqa: E402

CELLS = [
    "import alhambra_nb as alh\n"
    'city = alh.City.from_text("0,0 fountain; 1,0 garden-10-NE; 1,1 tower-9-E; '
    '0,-1 pavilion-5-NW; -1,0 seraglio-7-SW")\n'
    'board = alh.CityWidget(city, tiles=["tower-9-NE", "garden-6", "arcades-8-S"], selected=0)\n'
    "board.show_wall = True\n"
    "board",
    'alh.ChapterWidget("building", step="building/every-rule/see")',
    'alh.GameWidget(alh.Game(["Ana", "Ben"], seed=3), bots={1: alh.GreedyBot(seed=1)})',
]

THEMES = {"light": "JupyterLab Light", "dark": "JupyterLab Dark"}


def set_theme(page: Page, theme: str) -> None:
    page.evaluate(
        "(theme) => window.jupyterapp.commands.execute('apputils:change-theme', {theme})",
        THEMES[theme],
    )
    light = "true" if theme == "light" else "false"
    page.wait_for_function(f"() => document.body.dataset.jpThemeLight === '{light}'")
    page.wait_for_timeout(800)  # the theme's stylesheet applies after the flag


def shoot(page: Page, selector: str, path: Path, *, hover: str | None = None) -> None:
    """A picture of the first ``selector`` in the notebook, pointing at ``hover`` inside it."""
    widget = page.locator(selector).first
    widget.scroll_into_view_if_needed()
    widget.wait_for(state="visible", timeout=TIMEOUT)
    if hover:
        widget.locator(hover).hover()
    else:
        page.mouse.move(0, 0)
    page.wait_for_timeout(300)
    widget.screenshot(path=str(path))
    print(f"wrote {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs", help="where the PNGs go")
    out = parser.parse_args().out.resolve()
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder, sync_playwright() as playwright:
        root = Path(folder)
        write_notebook(root / "pictures.ipynb", CELLS)
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            with running_lab(root, "pictures.ipynb") as url:
                page = browser.new_page()
                open_notebook(page, url, height=1000)
                for index in range(len(CELLS)):
                    run_cell(page, index)
                for theme in THEMES:
                    set_theme(page, theme)
                    # A tower tried where its west side meets the garden's wall: two rules.
                    shoot(page, ".alh-city", out / f"city-widget-{theme}.png",
                          hover='[data-cell="2,0"]')  # fmt: skip
                    shoot(page, ".alh-chapter", out / f"chapter-{theme}.png")
                    shoot(page, ".alh-game", out / f"game-table-{theme}.png")
        finally:
            browser.close()


if __name__ == "__main__":
    main()

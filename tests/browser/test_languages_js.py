"""The widgets' pages in real Chromium speak the widget's language: the buttons, the status
line and the verdict shown on hover come from the catalogue of that language (small compiled
Hungarian and Japanese catalogues, as in ``tests/test_widget_languages.py``), and the page says
everything again when the language changes. Screenshots go to ``tests/browser/artifacts/``
(``city-hu.png``, ``game-ja.png``, …) to look at the glyphs."""

from __future__ import annotations

import pytest

import alhambra_nb as alh
from alhambra_nb.core.messages import render

from ..test_widget_languages import LANGUAGES, known_catalogues, translated  # noqa: F401
from . import widget_page
from .widget_page import push

# Every test reads the small catalogues instead of the package's own.
pytestmark = pytest.mark.usefixtures("known_catalogues")

SMALL = "0,0 fountain\n1,0 garden-10-NE\n1,1 tower-9-E\n"


def status(page) -> str:
    return page.text_content('[role="status"]') or ""


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_city_page_speaks_its_language(page, artifacts_dir, language):
    w = alh.CityWidget(
        alh.City.from_text(SMALL), tiles=["tower-9-NE", "garden-6"], selected=0, language=language
    )
    widget_page.mount(page, w, root_style="display:inline-block")
    assert page.text_content('[data-do="undo"]') == translated("page.undo", language)
    assert page.text_content('[data-do="redesign"]') == translated("page.redesign", language)
    assert translated("page.turn", language) in page.text_content('[data-do="rotate"]')
    assert status(page) == w._verdicts["status"]
    fits = sum(verdict["ok"] for verdict in w._verdicts["cells"].values())
    tower = alh.Tile.parse("tower-9-NE").described()
    assert status(page) == render("page.fits", {"tile": tower, "count": fits}, language)
    assert status(page) != render("page.fits", {"tile": tower, "count": fits}, "en")
    # Hover: the verdict Python sent for the cell, in the language, with no round trip.
    page.hover('[role="gridcell"][data-cell="-1,0"]')
    verdict = w._verdicts["cells"]["-1,0"]["text"]
    assert status(page) == verdict
    violations = w.verdict_at((-1, 0))
    assert violations[0].explain(language) in verdict
    assert violations[0].explain("en") not in verdict
    label = page.get_attribute('[role="gridcell"][data-cell="2,0"]', "aria-label")
    assert label == translated("render.cell-empty", language).format(cell="(2, 0)")
    page.locator(".alh-city").screenshot(path=str(artifacts_dir / f"city-{language}.png"))
    # Another language: the page says everything again, the markup staying as it was.
    w.language = "en"
    push(page, w)
    assert page.text_content('[data-do="undo"]') == "Undo"
    assert page.text_content('[data-do="redesign"]') == "Redesign"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_game_page_speaks_its_language(page, artifacts_dir, language):
    w = alh.GameWidget(alh.Game(["Ana", "Ben"], seed=3), bots={1: "greedy"}, language=language)
    widget_page.mount(page, w)
    take = page.get_attribute('[data-do="take"]', "aria-label")
    assert take == translated("widget.button-take", language)
    assert page.text_content('[data-do="take"] text') == take
    table = page.get_attribute('svg.game-table[role="group"]', "aria-label")
    assert table == translated("game-page.table", language)
    assert (
        status(page) == w._prompt == render("prompt.act-no-redesign", {"player": "Ana"}, language)
    )
    # Hover a cell of Ana's Alhambra: the page's own sentence, from the catalogue.
    cell = page.locator('svg.player-city[data-seat="0"] [role="gridcell"][data-cell="1,0"]')
    cell.hover()
    label = translated("render.cell-empty", language).format(cell="(1, 0)")
    assert status(page) == translated("game-page.cell-idle-no-redesign", language).format(
        label=label
    )
    assert translated("widget.table-market", language) in page.text_content("svg.game-table")
    page.locator(".alh-game").screenshot(path=str(artifacts_dir / f"game-{language}.png"))

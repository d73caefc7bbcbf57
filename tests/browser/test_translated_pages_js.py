"""A whole game table and a board in real Chromium with the package's own Hungarian and
Japanese catalogues: everything the page shows is in the language, no English word left (the
same search as ``tests/test_i18n.py``). The screenshots (``tests/browser/artifacts/
game-hu-catalogue.png``, …) show what a class sees."""

from __future__ import annotations

import re

import pytest

import alhambra_nb as alh

from ..test_i18n import _CODES, _english_words, _shared_words
from . import widget_page


def english_left(text: str, language: str) -> list[str]:
    english = _english_words() - _shared_words(language)
    words = set(re.findall(r"[a-z]{4,}", _CODES.sub(" ", text).lower()))
    return sorted(words & english)


@pytest.mark.parametrize("language", ["hu", "ja"])
def test_the_search_finds_english(language):
    assert "press" in english_left("Press Take money, then End turn.", language)


@pytest.mark.parametrize("language", ["hu", "ja"])
def test_a_game_table_in_the_learners_language_shows_no_english(page, artifacts_dir, language):
    game = alh.Game(["Ana", "Ben"], seed=3, language=language)
    w = alh.GameWidget(game, bots={1: "greedy"}, language=language)
    widget_page.mount(page, w, root_style="display:inline-block")
    shown = page.inner_text("#root")
    assert alh.word(alh.Building.TOWER, language) in shown or game.neutral.name in shown
    assert english_left(shown, language) == []
    page.locator("#root").screenshot(path=str(artifacts_dir / f"game-{language}-catalogue.png"))


@pytest.mark.parametrize("language", ["hu", "ja"])
def test_a_board_in_the_learners_language_shows_no_english(page, artifacts_dir, language):
    city = alh.City.from_text("1,0 garden-10-NE; 1,1 tower-9-E")
    w = alh.CityWidget(city, tiles=["tower-9-NE", "garden-6"], selected=0, language=language)
    widget_page.mount(page, w, root_style="display:inline-block")
    page.hover('[role="gridcell"][data-cell="-1,0"]')
    shown = page.inner_text("#root")
    assert w.verdict_at((-1, 0))[0].explain(language) in shown
    assert english_left(shown, language) == []
    page.locator("#root").screenshot(path=str(artifacts_dir / f"city-{language}-catalogue.png"))

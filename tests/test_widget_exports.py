"""Widgets in a notebook saved without widget state, as GitHub, nbviewer and nbconvert's HTML
show it: every widget's output is its static picture, with what a reader needs (a chapter
step's words and board, a city's tray, the game table), never an empty output."""

from __future__ import annotations

import base64
import re
from pathlib import Path

import nbformat
import pytest
from nbconvert import HTMLExporter
from nbconvert.preprocessors import ExecutePreprocessor

import alhambra_nb as alh

pytestmark = pytest.mark.slow

CELLS = [
    "import alhambra_nb as alh\n"
    'city = alh.City.from_text("0,0 fountain\\n1,0 garden-10-NE\\n")\n'
    'alh.CityWidget(city, tiles=["tower-9-NE", "garden-6"], reserve=["pavilion-8-N"])',
    'alh.ChapterWidget("building", step=3)',
    'alh.GameWidget(alh.Game(["Ana", "Ben"], seed=3), bots={1: alh.GreedyBot(seed=1)})',
]


@pytest.fixture(scope="module")
def exported(tmp_path_factory) -> str:
    """The notebook run by a kernel, saved without widget state, exported to HTML."""
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in CELLS]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    folder = Path(tmp_path_factory.mktemp("export"))
    ExecutePreprocessor(timeout=120).preprocess(notebook, {"metadata": {"path": str(folder)}})
    notebook.metadata.pop("widgets", None)  # saved without widget state
    body, _ = HTMLExporter().from_notebook_node(notebook)
    return body


def outputs(html: str) -> list[str]:
    """Each cell's output as a reader sees it: the SVG its picture shows, or its HTML."""
    cells = re.split(r'<div[^>]*class="jp-Cell jp-CodeCell', html)[1:]
    shown = []
    for cell in cells:
        output = cell.split('class="jp-Cell-outputWrapper', 1)[1]
        image = re.search(r'src="data:image/svg\+xml;base64,([^"]+)"', output)
        shown.append(base64.b64decode(image.group(1)).decode() if image else output)
    return shown


def test_every_widget_leaves_a_picture_in_the_export(exported):
    shown = outputs(exported)
    assert len(shown) == len(CELLS)
    for svg in shown:
        assert svg.startswith("<svg"), svg[:300]


def test_the_city_shows_its_tray_and_the_chapter_its_words(exported):
    city, chapter, game = outputs(exported)
    for code in ("tower-9-NE", "garden-6", "pavilion-8-N"):
        tile = alh.Tile.parse(code)  # each tray tile captioned in words, never by its code
        assert f">{alh.word(tile.building)}, price {tile.price}</text>" in city
        assert f">{code}</text>" not in city
    assert ">Tiles to try</text>" in city and ">Reserve</text>" in city
    step = alh.ChapterWidget("building", step=3).step
    assert step.title in chapter
    first_words = " ".join(step.text.split()[:5])
    assert first_words in chapter
    assert 'class="alhambra city"' in chapter  # the step's board
    assert "Ana" in game and "Ben" in game

"""A notebook exported to HTML (nbconvert's default template, saved without widget state, as
the tutorials are) gives every picture its own description as ``alt``, in the notebook's
language: a reader with a screen reader hears the board, never nbconvert's "No description
has been provided for this image".

The description is read back from the picture itself (the SVG inside each ``<img>``), so the
check holds for any picture the package draws, and is compared with what the package draws for
the same objects in this process, in the same language.
"""

from __future__ import annotations

import base64
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path

import nbformat
import pytest
from nbconvert import HTMLExporter
from nbconvert.preprocessors import ExecutePreprocessor

import alhambra_nb as alh
from alhambra_nb.chapters import get as get_chapter
from alhambra_nb.core.messages import render
from alhambra_nb.render import city_svg, game_svg, tile_svg
from alhambra_nb.render.mime import description

NBCONVERT_DEFAULT = "No description has been provided for this image"
SVG_DATA = "data:image/svg+xml;base64,"

CITY = "0,0 fountain\\n1,0 garden-10-NE\\n0,-1 tower-9-N\\n"  # as written in a cell
CELLS = [
    # the plain objects, drawn by their own display
    f'city = alh.City.from_text("{CITY}")\ncity',
    'game = alh.Game(["Ana", "Ben"], seed=3)\ngame',
    'alh.Tile.parse("tower-9-NE")',
    'alh.chapters.get("building").steps[3].board()',
    # the widgets, whose static picture is all a saved notebook keeps
    'alh.CityWidget(city, tiles=["tower-9-NE", "garden-6"], reserve=["pavilion-8-N"])',
    'alh.ChapterWidget("building", step=3)',
    'alh.GameWidget(alh.Game(["Ana", "Ben"], seed=3), bots={1: alh.GreedyBot(seed=1)})',
]


class Images(HTMLParser):
    """Every ``<img>`` of a page, as its attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.found: list[dict[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "img":
            self.found.append(dict(attrs))


def images(page: str) -> list[dict[str, str | None]]:
    parser = Images()
    parser.feed(page)
    return parser.found


def own_description(svg: str) -> str:
    """The picture's own ``<desc>`` (its root's, not a nested picture's)."""
    root = ET.fromstring(svg)
    desc = [child for child in root if child.tag.rpartition("}")[2] == "desc"]
    assert desc and desc[0].text, svg[:300]
    return desc[0].text.strip()


def shown_svg(image: dict[str, str | None]) -> str:
    """The SVG an ``<img>`` shows (its ``data:`` address decoded)."""
    src = image.get("src") or ""
    assert src.startswith(SVG_DATA), src[:80]
    return base64.b64decode(src.removeprefix(SVG_DATA)).decode("utf-8")


# -- the bundles, without a kernel ------------------------------------------------------------
def city() -> alh.City:
    return alh.City.from_text(CITY.replace("\\n", "\n"))


def bundles() -> dict[str, dict[str, str]]:
    """Each kind of picture the package shows, as the notebook gets it (its mime bundle)."""
    shown = {
        "city": city(),
        "game": alh.Game(['Ana "<&>"', "Ben"], seed=3),  # a name HTML must escape
        "tile": alh.Tile.parse("tower-9-NE"),
        "board": get_chapter("building").steps[3].board(),
    }
    found = {name: shown_object._repr_mimebundle_() for name, shown_object in shown.items()}
    widgets = {
        "city widget": alh.CityWidget(city(), tiles=["tower-9-NE"], reserve=["garden-6"]),
        "chapter widget": alh.ChapterWidget("building", step=3),
        "game widget": alh.GameWidget(alh.Game(["Ana", "Ben"], seed=3)),
    }
    for name, widget in widgets.items():
        found[name] = widget._repr_mimebundle_()[0]
    return found


def test_every_picture_comes_as_svg_and_as_an_img_with_its_description():
    for name, data in bundles().items():
        svg = data["image/svg+xml"]
        images_ = images(data["text/html"])
        assert len(images_) == 1, name
        assert shown_svg(images_[0]) == svg, name  # the same picture, not another drawing
        assert images_[0]["alt"] == own_description(svg), name


def test_a_composite_picture_is_described_by_all_it_shows():
    chapter = alh.ChapterWidget("building", step=3)
    said = own_description(chapter._repr_mimebundle_()[0]["image/svg+xml"])
    assert said.startswith(repr(chapter))  # the step's words, as the card writes them
    assert said.endswith(own_description(chapter.step.board()._repr_svg_()))  # then its board
    widget = alh.CityWidget(city(), tiles=["tower-9-NE"], reserve=["garden-6"])
    said = own_description(widget._repr_mimebundle_()[0]["image/svg+xml"])
    assert said.splitlines() == [
        own_description(city_svg(widget.city)),
        "Tiles to try: tower (price 9, walls north and east)",
        "Reserve: garden (price 6, no walls)",
    ]


def test_the_description_is_the_pictures_own_name_and_desc():
    svg = "http://www.w3.org/2000/svg"
    nested = f'<svg xmlns="{svg}"><desc>outer</desc><svg><desc>inner</desc></svg></svg>'
    assert description(nested) == "outer"  # a nested picture's words are not the whole's
    titled = f'<svg xmlns="{svg}"><title>A city</title><desc>Three tiles.</desc></svg>'
    assert description(titled) == "A city\nThree tiles."
    labelled = f'<svg xmlns="{svg}" aria-label="A city"><title>x</title><desc>A city</desc></svg>'
    assert description(labelled) == "A city"  # the label names it; said once


# -- the export, run by a kernel ----------------------------------------------------------------
def export(language: str, folder: Path) -> str:
    """The notebook run by a kernel in ``language``, saved without widget state, as HTML."""
    notebook = nbformat.v4.new_notebook()
    setup = f"import alhambra_nb as alh\nalh.set_language({language!r})"
    notebook.cells = [nbformat.v4.new_code_cell(s) for s in [setup, *CELLS]]
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    ExecutePreprocessor(timeout=180).preprocess(notebook, {"metadata": {"path": str(folder)}})
    notebook.metadata.pop("widgets", None)  # saved without widget state, as the tutorials are
    body, _ = HTMLExporter().from_notebook_node(notebook)
    return body


@pytest.fixture(scope="module", params=["en", "de"])
def exported(request, tmp_path_factory) -> tuple[str, str]:
    folder = Path(tmp_path_factory.mktemp(f"alt-{request.param}"))
    return request.param, export(request.param, folder)


@pytest.mark.slow
def test_every_picture_has_its_own_description_as_alt(exported):
    _, page = exported
    shown = images(page)
    assert len(shown) == len(CELLS)  # one picture a cell: none dropped, none doubled
    for image in shown:
        svg, alt = shown_svg(image), image.get("alt")
        assert alt and alt.strip(), svg[:300]
        assert alt != NBCONVERT_DEFAULT
        assert alt == own_description(svg)
    assert NBCONVERT_DEFAULT not in page


@pytest.mark.slow
def test_the_alt_text_is_the_notebooks_language(exported):
    language, page = exported
    alts = [image["alt"] or "" for image in images(page)]
    game = alh.Game(["Ana", "Ben"], seed=3)
    # what the package draws for the same objects, in the notebook's language
    assert alts[0] == own_description(city_svg(city(), language=language))
    assert alts[1] == own_description(game_svg(game, language=language))
    assert alts[2] == own_description(tile_svg(alh.Tile.parse("tower-9-NE"), language=language))
    if language != "en":  # said in the language, not in English
        assert alts[0] != own_description(city_svg(city(), language="en"))
        assert alh.word(alh.Building.GARDEN, language) in alts[0]
    # the widgets' pictures: the tray's title, the chapter step's heading, in the language
    assert render("widget.tray-tiles", {}, language) in alts[4]
    assert get_chapter("building").steps[3].heading(language) in alts[5]

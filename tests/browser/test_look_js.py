"""The look of the widgets in real Chromium: colours that follow the notebook's theme, numbered
markers beside the tiles, and the legend."""

from __future__ import annotations

import pytest

import alhambra_nb as alh
from alhambra_nb.render import THEMES

from . import widget_page

SMALL = "0,0 fountain\n1,0 garden-10-NE\n1,1 tower-9-E\n"


def rgb(colour: str) -> str:
    """'#5b3a21' as the browser writes a computed colour: 'rgb(91, 58, 33)'."""
    r, g, b = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgb({r}, {g}, {b})"


def computed(page, selector: str, prop: str) -> str:
    return page.eval_on_selector(selector, f"e => getComputedStyle(e).{prop}")


@pytest.fixture
def widget() -> alh.CityWidget:
    return alh.CityWidget(alh.City.from_text(SMALL), tiles=["tower-9-NE"], selected=0)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_page_drawn_roles_follow_the_theme_and_tile_faces_do_not(page, widget, theme):
    widget_page.mount(page, widget, dark=theme == "dark")
    colours = THEMES[theme]
    assert computed(page, ".alh-board rect.wall", "fill") == rgb(colours["wall"])
    assert computed(page, ".alh-board .coord", "fill") == rgb(colours["coord"])
    assert computed(page, ".alh-board .cell-outline", "stroke") == rgb(colours["empty"])
    face = ".alh-board .tile-face.garden"
    assert computed(page, face, "fill") == rgb(THEMES["light"]["garden"])
    page.hover('[role="gridcell"][data-cell="-1,0"]')
    marker = ".alh-overlay .violation .marker-dot"
    assert computed(page, marker, "fill") == rgb(colours["violation"])
    assert computed(page, ".alh-overlay .marker-label", "fill") == rgb(colours["marker-text"])


def test_a_theme_switch_recolours_the_board_without_python(page, widget):
    widget_page.mount(page, widget)
    assert computed(page, ".alh-board rect.wall", "fill") == rgb(THEMES["light"]["wall"])
    page.evaluate("document.body.dataset.jpThemeLight = 'false'")
    assert computed(page, ".alh-board rect.wall", "fill") == rgb(THEMES["dark"]["wall"])


def test_markers_of_one_cell_never_pile_up(page):
    # Three rules broken at once: two walls and the walk, once stacked over the tried tile.
    city = alh.City.from_text(SMALL)
    widget = alh.CityWidget(city, tiles=["pavilion-2-NEW"], selected=0)
    widget_page.mount(page, widget)
    page.hover('[role="gridcell"][data-cell="0,1"]')
    boxes = page.eval_on_selector_all(
        ".alh-overlay .marker",
        "els => els.map(e => { const b = e.getBoundingClientRect(); "
        "return [b.x, b.y, b.width, b.height]; })",
    )
    assert len(boxes) == 3
    for i, (ax, ay, aw, ah) in enumerate(boxes):
        for bx, by, bw, bh in boxes[i + 1 :]:
            apart = ax + aw <= bx or bx + bw <= ax or ay + ah <= by or by + bh <= ay
            assert apart, boxes
    labels = page.eval_on_selector_all(
        ".alh-overlay .marker-label", "els => els.map(e => e.textContent)"
    )
    assert labels == ["1", "2", "3"]


def test_the_legend_shows_every_building_beside_the_board(page, widget):
    widget_page.mount(page, widget)
    legend = page.locator(".alh-legend svg")
    assert legend.get_attribute("role") == "img"
    label = legend.get_attribute("aria-label")
    for building in alh.Building:
        assert building.value in label
        assert page.locator(f".alh-legend .legend-{building.value} .pictogram").count() == 1
    # Folded at first, so the board and its status line fit a laptop screen; one click opens it.
    details = page.locator(".alh-legend details")
    assert details.get_attribute("open") is None
    page.click(".alh-legend summary")
    assert details.get_attribute("open") is not None and legend.is_visible()


def test_a_board_with_camps_explains_camps_and_bastions_in_its_legend(page):
    with_camp = alh.City.from_text("0,0 fountain\n1,0 garden-10-NE\n2,0 camp-4-N\n")
    for widget in (
        alh.CityWidget(with_camp),
        alh.CityWidget(tiles=["camp-4-N"]),  # a camp waiting in the tray
    ):
        widget_page.mount(page, widget)
        page.click(".alh-legend summary")
        for entry in ("camp", "bastion"):
            assert page.locator(f".alh-legend .legend-{entry}").is_visible(), entry
        assert page.locator(".alh-legend .legend-bastion .bastion").count() == 1
        label = page.get_attribute(".alh-legend svg", "aria-label")
        assert "camp" in label and "bastion" in label
    widget_page.mount(page, alh.CityWidget())
    assert page.locator(".alh-legend .legend-camp").count() == 0


MARKERS_AND_TRY = """() => {
  const box = (el) => { const b = el.getBoundingClientRect();
    return [b.left, b.top, b.right, b.bottom]; };
  const tried = document.querySelector(".alh-overlay .try-outline");
  return {
    tried: tried ? box(tried) : null,
    board: box(document.querySelector(".alh-board svg")),
    markers: [...document.querySelectorAll(".alh-overlay .violation .marker-dot")].map(box),
  };
}"""


def test_live_markers_sit_beside_the_tried_tile_never_over_it(page):
    city = alh.City.from_text(SMALL)
    widget = alh.CityWidget(city, tiles=["pavilion-2-NEW", "tower-9-NE"], selected=0)
    seen = 0
    for code in ("pavilion-2-NEW", "tower-9-NE"):
        widget.select(code)
        widget_page.mount(page, widget)
        for key, verdict in widget._verdicts["cells"].items():
            if verdict["ok"] or not verdict["violations"] or parse(key) in city:
                continue
            page.hover(f'[role="gridcell"][data-cell="{key}"]')
            found = page.evaluate(MARKERS_AND_TRY)
            assert found["tried"] is not None and found["markers"], key
            tl, tt, tr, tb = found["tried"]
            bl, bt, br, bb = found["board"]
            for left, top, right, bottom in found["markers"]:
                seen += 1
                apart = right <= tl or left >= tr or bottom <= tt or top >= tb
                assert apart, (code, key, found)
                inside = left >= bl - 0.5 and right <= br + 0.5 and top >= bt - 0.5
                assert inside and bottom <= bb + 0.5, (code, key, found)
    assert seen > 10


def parse(key: str) -> tuple[int, int]:
    x, y = key.split(",")
    return int(x), int(y)

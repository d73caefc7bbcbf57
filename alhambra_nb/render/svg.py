"""Deterministic SVG pictures of tiles and cities, built with :mod:`xml.etree.ElementTree`.

Geometry: one cell is ``UNIT`` user units; cell ``(x, y)`` covers ``x*UNIT … (x+1)*UNIT``
horizontally and the same for ``y`` (y grows south, as in the core). ``size`` only scales the
picture (pixels per cell). The layers, bottom to top:

``paper``        the picture's own background, so it reads the same on a light or dark page;
``board``        one ``<g class="row">`` per row, one ``<g class="cell …" data-cell="x,y">`` per
                 cell of the extent (tiles, empty candidate cells, and the empty rest), so a
                 widget can turn them into an ARIA grid as they are;
``gates``        expansion II gates on double walls;
``wall longest`` the longest outer wall, drawn over the tiles;
``camp-lines``   expansion II: each camp arrow's scored tiles, when asked (beside the prices);
``try``          a tile being tried at a cell (turned, if asked);
``highlights``   cells the caller asked to mark;
``violations``   one group per broken rule: outlined sides, hatched holes, outlined cells, and
                 a numbered marker on a cell border, so colour never carries meaning alone;
``coords``       x along the top, y down the left;
``violation-key`` under the board: each marker's number, its rule's tag and its message;
``legend``       on request, right of the board: the tiles' pictograms and the board's marks.

Every element has a CSS class; colours come from :data:`~alhambra_nb.render.palette.PALETTE`.
Same input, same bytes: cells are visited in sorted order and numbers are integers.
"""

from __future__ import annotations

import math
import textwrap
import unicodedata
import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping, Sequence

from ..core.camps import ArrowLine, arrow_lines
from ..core.city import City, as_rotation, as_side, as_tile
from ..core.geometry import SIDES, Cell, Side, canonical_edge, neighbour
from ..core.limits import check_cell_bounds
from ..core.messages import render, resolve, sentences, template, word
from ..core.tiles import BUILDINGS, Edge, Tile
from ..core.violations import RuleId, Violation
from .palette import PALETTE
from .text import LEGEND_MARKS, describe_city, legend_words, tile_noun_of

UNIT = 100
"""User units per cell side."""
INSET = 3
"""Gap between a tile's face and its cell's border, so neighbouring tiles read as separate."""
WALL = 16
"""Thickness of a wall."""
EDGE_MARK = INSET + WALL // 2
"""Distance from a cell border to the centre line of a wall or of an outlined side."""
PRICE_BASELINE = 80
PRICE_FONT = 18
MARKER_RADIUS = 14
"""Numbered violation markers: circles on the cell borders, never over a tile's middle."""
TEXT_FONT = 20
"""Coordinates, captions and the key under a picture; at the default size of 72 pixels per
cell this is 14 pixels, and 11 pixels even at 56."""
FONT = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif"

Extent = tuple[int, int, int, int]
"""The drawn cells: ``(min_x, min_y, max_x, max_y)``, inclusive."""

HOLE_RULES = frozenset({RuleId.NO_HOLES, RuleId.REDESIGN_HOLE, RuleId.CITY_NO_HOLES})
BLOCKING_RULES = frozenset({RuleId.WALKING, RuleId.REDESIGN_DISCONNECTS, RuleId.CITY_WALKING})


# -- small builders ----------------------------------------------------------------------------
def _attrs(cls: str, attrs: Mapping[str, object]) -> dict[str, str]:
    # Keyword names use '_' for '-' (stroke_width -> stroke-width); the class always comes first.
    out = {"class": cls} if cls else {}
    for key, value in attrs.items():
        if value is not None:
            out[key.rstrip("_").replace("_", "-")] = str(value)
    return out


def _el(parent: ET.Element, tag: str, cls: str, **attrs: object) -> ET.Element:
    return ET.SubElement(parent, tag, _attrs(cls, attrs))


def _text(parent: ET.Element, cls: str, text: str, **attrs: object) -> ET.Element:
    element = _el(parent, "text", cls, **attrs)
    element.text = text
    return element


def cell_key(cell: Cell) -> str:
    """The ``data-cell`` value of a cell: ``"x,y"``."""
    return f"{cell[0]},{cell[1]}"


def _side_rect(side: Side, depth: int, inset: int = INSET) -> tuple[int, int, int, int]:
    """x, y, width, height of a band ``depth`` thick along ``side``, inside the tile face."""
    length = UNIT - 2 * inset
    far = UNIT - inset - depth
    return {
        Side.N: (inset, inset, length, depth),
        Side.E: (far, inset, depth, length),
        Side.S: (inset, far, length, depth),
        Side.W: (inset, inset, depth, length),
    }[side]


def side_line(cell: Cell, side: Side, offset: int = EDGE_MARK) -> tuple[int, int, int, int]:
    """x1, y1, x2, y2 of the line ``offset`` inside ``side`` of ``cell``, in board units."""
    left, top = cell[0] * UNIT, cell[1] * UNIT
    right, bottom = left + UNIT, top + UNIT
    return {
        Side.N: (left, top + offset, right, top + offset),
        Side.E: (right - offset, top, right - offset, bottom),
        Side.S: (left, bottom - offset, right, bottom - offset),
        Side.W: (left + offset, top, left + offset, bottom),
    }[side]


# -- tiles ------------------------------------------------------------------------------------
def _role(tile: Tile) -> str:
    return tile.building.value if tile.building is not None else tile.kind.value


def _draw_tile(parent: ET.Element, tile: Tile, wall_class: Mapping[Side, str]) -> None:
    """A tile in local units (0…UNIT): face, pictogram, price, walls or bastions."""
    role = _role(tile)
    size = UNIT - 2 * INSET
    _el(
        parent,
        "rect",
        f"tile-face {role}",
        x=INSET,
        y=INSET,
        width=size,
        height=size,
        rx=6,
        fill=PALETTE[role],
        stroke=PALETTE["tile-edge"],
        stroke_width=2,
    )
    if tile.is_fountain:
        draw_pictogram(parent, "fountain")
    else:
        # A little smaller and higher than in the legend, to leave the price room under it.
        draw_pictogram(parent, role).set("transform", "translate(5 1) scale(0.9)")
        _draw_price(parent, tile)
        if tile.is_camp:
            _draw_bastions(parent, tile)
    for side in SIDES:
        if tile.edges[side] is Edge.WALL:
            _draw_wall(parent, side, wall_class.get(side, "wall"))


def _draw_price(parent: ET.Element, tile: Tile) -> None:
    """The price, under the pictogram of a building and under a camp's tent alike."""
    _text(
        parent,
        "tile-price",
        str(tile.price),
        x=50,
        y=PRICE_BASELINE,
        font_size=PRICE_FONT,
        font_weight="bold",
        text_anchor="middle",
        fill=PALETTE["ink"],
    )


def _draw_bastions(parent: ET.Element, tile: Tile) -> None:
    for side in SIDES:
        if side in tile.bastions:
            x, y, w, h = _side_rect(side, WALL)
            _el(parent, "rect", "bastion", x=x, y=y, width=w, height=h, fill=PALETTE["bastion"])
            _el(parent, "polygon", "bastion-arrow", points=_arrow(side), fill=PALETTE["gate"])


def _arrow(side: Side) -> str:
    """A small triangle on a bastion, pointing out of the camp."""
    tip, base = INSET + 2, INSET + WALL
    points = {
        Side.N: ((41, base), (59, base), (50, tip)),
        Side.S: ((41, UNIT - base), (59, UNIT - base), (50, UNIT - tip)),
        Side.W: ((base, 41), (base, 59), (tip, 50)),
        Side.E: ((UNIT - base, 41), (UNIT - base, 59), (UNIT - tip, 50)),
    }[side]
    return " ".join(f"{x},{y}" for x, y in points)


def _draw_wall(parent: ET.Element, side: Side, cls: str) -> None:
    x, y, w, h = _side_rect(side, WALL)
    _el(
        parent,
        "rect",
        cls,
        x=x,
        y=y,
        width=w,
        height=h,
        fill=PALETTE["wall"],
        stroke=PALETTE["wall-edge"],
        stroke_width=2,
    )
    # A dashed line along the wall reads as masonry, so a wall is told from a plain edge
    # even where its colour is close to the tile's.
    x1, y1, x2, y2 = side_line((0, 0), side, INSET + WALL // 2)
    inset = INSET + 6
    if side in (Side.N, Side.S):
        x1, x2 = inset, UNIT - inset
    else:
        y1, y2 = inset, UNIT - inset
    _el(
        parent,
        "line",
        "wall-top",
        x1=x1,
        y1=y1,
        x2=x2,
        y2=y2,
        stroke=PALETTE["wall-top"],
        stroke_width=3,
        stroke_dasharray="8 5",
    )


# -- pictograms -------------------------------------------------------------------------------
# Each pictogram is drawn in ink inside the box x 30…70, y 24…62 of a tile, clear of the walls
# (which take the outer WALL units of each side) and of the price under it. Cut-outs (windows,
# arches) are filled with the tile's own colour, so a pictogram reads as a silhouette.


def _pavilion(group: ET.Element, face: str) -> None:
    """An open pavilion: a pointed roof on two columns."""
    ink = PALETTE["ink"]
    _el(group, "polygon", "roof", points="28,42 50,24 72,42", fill=ink)
    _el(group, "rect", "column", x=34, y=42, width=6, height=17, fill=ink)
    _el(group, "rect", "column", x=60, y=42, width=6, height=17, fill=ink)
    _el(group, "rect", "step", x=29, y=59, width=42, height=4, fill=ink)
    _el(group, "circle", "finial", cx=50, cy=22, r=3, fill=ink)
    del face


def _seraglio(group: ET.Element, face: str) -> None:
    """A palace: a dome on a hall between two minarets."""
    ink = PALETTE["ink"]
    _el(group, "path", "dome", d="M37 44 A13 13 0 0 1 63 44 Z", fill=ink)
    _el(group, "rect", "hall", x=36, y=44, width=28, height=19, fill=ink)
    _el(group, "path", "door", d="M46 63 V55 A4 4 0 0 1 54 55 V63 Z", fill=face)
    for x in (27, 67):
        _el(group, "rect", "minaret", x=x, y=32, width=6, height=31, fill=ink)
        _el(group, "polygon", "minaret-cap", points=f"{x - 1},32 {x + 3},24 {x + 7},32", fill=ink)


def _arcades(group: ET.Element, face: str) -> None:
    """A colonnade: a long roof on three round arches."""
    ink = PALETTE["ink"]
    _el(group, "rect", "arcade", x=27, y=30, width=46, height=33, fill=ink)
    for x in (31, 45, 59):
        _el(group, "path", "arch", d=f"M{x} 63 V45 A5 5 0 0 1 {x + 10} 45 V63 Z", fill=face)


def _chambers(group: ET.Element, face: str) -> None:
    """A house of rooms: a block under a flat roof with four windows."""
    ink = PALETTE["ink"]
    _el(group, "rect", "roof", x=29, y=26, width=42, height=5, fill=ink)
    _el(group, "rect", "block", x=32, y=31, width=36, height=32, fill=ink)
    for x in (37, 54):
        for y in (36, 50):
            _el(group, "rect", "window", x=x, y=y, width=9, height=9, fill=face)


def _garden(group: ET.Element, face: str) -> None:
    """A tree: a round crown on a trunk."""
    ink = PALETTE["ink"]
    _el(group, "rect", "trunk", x=47, y=44, width=6, height=18, fill=ink)
    for cx, cy, r in ((41, 41, 9), (59, 41, 9), (50, 32, 11)):
        _el(group, "circle", "crown", cx=cx, cy=cy, r=r, fill=ink)
    _el(group, "rect", "ground", x=34, y=61, width=32, height=3, fill=ink)
    del face


def _tower(group: ET.Element, face: str) -> None:
    """A keep: a tall tower with battlements and a slit window."""
    ink = PALETTE["ink"]
    _el(
        group,
        "path",
        "keep",
        d="M40 63 V34 H36 V23 H42 V28 H47 V23 H53 V28 H58 V23 H64 V34 H60 V63 Z",
        fill=ink,
    )
    _el(group, "rect", "slit", x=48, y=38, width=4, height=11, fill=face)
    _el(group, "path", "door", d="M45 63 V57 A5 5 0 0 1 55 57 V63 Z", fill=face)


def _fountain(group: ET.Element, face: str) -> None:
    """A round basin with a jet in the middle."""
    _el(
        group,
        "circle",
        "fountain-basin",
        cx=50,
        cy=50,
        r=30,
        fill=PALETTE["water"],
        stroke=PALETTE["tile-edge"],
        stroke_width=3,
    )
    _el(
        group,
        "circle",
        "fountain-jet",
        cx=50,
        cy=50,
        r=11,
        fill=face,
        stroke=PALETTE["ink"],
        stroke_width=3,
    )


def _camp(group: ET.Element, face: str) -> None:
    """A tent with a pennant."""
    ink = PALETTE["ink"]
    _el(group, "polygon", "camp-tent", points="30,62 50,30 70,62", fill=ink)
    _el(group, "polygon", "tent-door", points="45,62 50,50 55,62", fill=face)
    _el(group, "rect", "pole", x=49, y=21, width=2, height=10, fill=ink)
    _el(group, "polygon", "pennant", points="51,21 60,24 51,27", fill=ink)


PICTOGRAMS = {
    "pavilion": _pavilion,
    "seraglio": _seraglio,
    "arcades": _arcades,
    "chambers": _chambers,
    "garden": _garden,
    "tower": _tower,
    "fountain": _fountain,
    "camp": _camp,
}
"""How each kind of tile is drawn, by role (a building value, ``fountain`` or ``camp``)."""


def draw_pictogram(parent: ET.Element, role: str) -> ET.Element:
    """The pictogram of ``role`` in tile units, as ``<g class="pictogram role">``."""
    group = _el(parent, "g", f"pictogram {role}")
    PICTOGRAMS[role](group, PALETTE[role])
    return group


def _city_wall_classes(city: City, cell: Cell, tile: Tile) -> dict[Side, str]:
    """'wall outer' for a wall facing no wall, 'wall double' for half of a double wall."""
    classes = {}
    for side in SIDES:
        if tile.edges[side] is not Edge.WALL:
            continue
        other = city.get(neighbour(cell, side))
        facing = other is not None and other.edges[side.opposite] is Edge.WALL
        classes[side] = "wall double" if facing else "wall outer"
    return classes


def tile_fragment(tile: Tile | str, *, rotation: int = 0) -> str:
    """One tile as an SVG ``<g>`` in cell units (0…100), turned ``rotation`` quarter turns.

    Widgets clone it to show a ghost of the tile over a cell.
    """
    tile = as_tile(tile)
    group = ET.Element("g", _attrs(f"tile {tile.name}", {}))
    _draw_turned(group, tile, as_rotation(rotation))
    return ET.tostring(group, encoding="unicode")


def _draw_turned(parent: ET.Element, tile: Tile, rotation: int) -> None:
    if rotation:
        parent = _el(parent, "g", "turned", transform=f"rotate({90 * rotation} 50 50)")
    _draw_tile(parent, tile, {})


def tile_svg(
    tile: Tile | str, *, size: int = 64, rotation: int = 0, language: str | None = None
) -> str:
    """A picture of one tile, ``size`` pixels wide; its description in ``language`` (the
    session's by default)."""
    tile = as_tile(tile)
    root = _svg_root("alhambra tile", (0, 0, UNIT, UNIT), size / UNIT)
    desc = word(tile.described(), language)  # "tower (price 9, walls north and east)"
    _text(root, "", desc).tag = "desc"
    _draw_paper(root, (0, 0, UNIT, UNIT))
    group = _el(root, "g", f"tile {tile.name}")
    _draw_turned(group, tile, as_rotation(rotation))
    return _serialise(root)


def _draw_paper(root: ET.Element, box: tuple[int, int, int, int]) -> None:
    # A paper of its own, so the picture reads the same on a light or a dark page.
    x, y, width, height = box
    _el(root, "rect", "paper", x=x, y=y, width=width, height=height, fill=PALETTE["paper"])


# -- cities -----------------------------------------------------------------------------------
def city_extent(city: City, extra: Iterable[Cell] = (), margin: int = 1) -> Extent:
    """The cells a picture of ``city`` covers: its tiles and ``extra`` cells, plus a margin."""
    cells = [*city, *extra]
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    return (min(xs) - margin, min(ys) - margin, max(xs) + margin, max(ys) + margin)


def city_svg(
    city: City,
    *,
    try_tile: Tile | str | None = None,
    at: Cell | None = None,
    rotation: int = 0,
    gate: Side | str | None = None,
    violations: Sequence[Violation] | None = None,
    highlight: Iterable[Cell] = (),
    show_wall: bool = True,
    show_coords: bool = True,
    show_camp_lines: bool = False,
    show_legend: bool = False,
    extent: Extent | None = None,
    size: int = 72,
    language: str | None = None,
) -> str:
    """A picture of ``city``, ``size`` pixels per cell, its words in ``language`` (the
    session's by default).

    With ``try_tile`` and ``at``, the tile is drawn over that cell (turned ``rotation`` quarter
    turns) and ``violations`` — by default ``city.check(try_tile, at, rotation, gate=gate)`` —
    are highlighted; ``gate`` (expansion II) draws a gate on that side of the tried tile.
    ``violations`` alone highlights any list (a refused removal, say). Each violation gets a
    numbered marker on the cell borders and a line of the key under the board. ``highlight``
    outlines cells; ``show_wall`` draws the longest outer wall and its length;
    ``show_camp_lines`` follows every camp arrow and marks the tiles it scores (expansion II);
    ``show_legend`` adds the legend right of the board.
    """
    language = resolve(language)
    attempt = _attempt(city, try_tile, at, rotation)
    gate = as_side(gate)
    if gate is not None and attempt is None:
        raise ValueError(f"a gate is drawn on a tried tile: gate={gate!r} needs try_tile and at")
    if violations is None:
        violations = city.check(*attempt, gate=gate) if attempt is not None else []
    violations = list(violations)
    highlight = sorted(set(highlight))
    if extent is None:
        marked = [c for v in violations for c in v.cells] + [c for c, _ in _edges(violations)]
        extra = [*marked, *highlight, *([attempt[1]] if attempt else [])]
        extent = city_extent(city, extra)
    # Beyond any city's bounds a picture would take long to draw, a row and column at a time.
    check_cell_bounds((extent[0] + 1, extent[1] + 1))
    check_cell_bounds((extent[2] - 1, extent[3] - 1))
    segments = city.longest_wall_segments() if show_wall else ()
    lines = [line for line in arrow_lines(city.tiles()) if line.cells] if show_camp_lines else []
    caption = _caption(
        len(segments) if show_wall else None, lines if show_camp_lines else None, language
    )

    min_x, min_y, max_x, max_y = extent
    board_width = (max_x - min_x + 1) * UNIT
    key_lines = _key_lines(violations, board_width, language)
    left_pad, top_pad = (40, 38) if show_coords else (8, 8)
    bottom = (max_y + 1) * UNIT + 8
    caption_y = bottom + TEXT_FONT + 4 if caption else bottom
    key_top = caption_y + (8 if caption else 0)
    key_bottom = key_top + KEY_LINE * sum(len(rows) for rows in key_lines) + 8 * len(key_lines)
    legend_x = max_x * UNIT + UNIT + 24
    legend_height = _legend_height(camps=bool(lines) or _has_camps(city)) if show_legend else 0
    right = legend_x + LEGEND_WIDTH if show_legend else (max_x + 1) * UNIT + 8
    box_bottom = max(key_bottom + 4, min_y * UNIT + legend_height)
    box = (
        min_x * UNIT - left_pad,
        min_y * UNIT - top_pad,
        right - (min_x * UNIT - left_pad),
        box_bottom - (min_y * UNIT - top_pad),
    )
    root = _svg_root("alhambra city", box, size / UNIT)
    desc = describe_city(
        city,
        wall=len(segments) if show_wall else None,
        attempt=attempt,
        violations=violations,
        language=language,
    )
    if show_camp_lines:
        arrows = _caption(None, lines, language)
        arrows_said = render("render.camp-arrows", {"caption": arrows}, language)
        desc = sentences([desc, arrows_said], language)
    _text(root, "", desc).tag = "desc"
    _draw_defs(root)
    _draw_paper(root, box)
    _draw_board(root, city, extent)
    if city.gates:
        _draw_gates(root, city, language=language)
    if segments:
        _draw_longest_wall(root, segments)
    if lines:
        _draw_camp_lines(root, lines)
    if attempt is not None:
        _draw_attempt(root, attempt, legal=not violations)
        if gate is not None:
            _draw_gates(root, [(attempt[1], gate)], cls="gate try", language=language)
    if highlight:
        group = _el(root, "g", "highlights")
        for cell in highlight:
            _cell_outline(group, cell, "highlight", PALETTE["highlight"], 6)
    if violations:  # over the highlights, so no outline hides a numbered marker
        draw_violations(root, violations)
    if show_coords:
        _draw_coords(root, extent)
    if caption:
        _text(root, "caption wall-length", caption, x=min_x * UNIT, y=caption_y,
              font_size=TEXT_FONT, fill=PALETTE["text"])  # fmt: skip
    if key_lines:
        _draw_key(root, violations, key_lines, (min_x * UNIT, key_top))
    if show_legend:
        group = _el(root, "g", "legend", transform=f"translate({legend_x} {min_y * UNIT})")
        draw_legend(group, camps=bool(lines) or _has_camps(city), language=language)
    return _serialise(root)


def _has_camps(city: City) -> bool:
    return any(tile.is_camp for _, tile in city.items())


def _attempt(
    city: City, try_tile: Tile | str | None, at: Cell | None, rotation: int
) -> tuple[Tile, Cell, int] | None:
    if try_tile is None and at is None:
        return None
    if try_tile is None or at is None:
        raise ValueError(f"try_tile and at go together, got try_tile={try_tile!r}, at={at!r}")
    return as_tile(try_tile), (int(at[0]), int(at[1])), as_rotation(rotation)


def _edges(violations: Iterable[Violation]) -> list[tuple[Cell, Side]]:
    return [edge for v in violations for edge in v.edges]


def _svg_root(cls: str, box: tuple[int, int, int, int], scale: float) -> ET.Element:
    x, y, w, h = box
    return ET.Element(
        "svg",
        _attrs(
            cls,
            {
                "xmlns": "http://www.w3.org/2000/svg",
                "viewBox": f"{x} {y} {w} {h}",
                "width": round(w * scale),
                "height": round(h * scale),
                "font-family": FONT,
            },
        ),
    )


def _draw_defs(root: ET.Element) -> None:
    # Every picture defines the same pattern under the same id, so when a notebook inlines
    # several pictures into one page it does not matter which definition the browser picks.
    defs = _el(root, "defs", "patterns")
    pattern = _el(
        defs,
        "pattern",
        "hatch",
        id="alh-hatch",
        width=14,
        height=14,
        patternUnits="userSpaceOnUse",
        patternTransform="rotate(45)",
    )
    _el(pattern, "rect", "hatch-line", x=0, y=0, width=5, height=14, fill=PALETTE["hatch"])


FULL_BOARD_CELLS = 2_500
"""The most cells of a board drawn cell by cell, empty ones too (a real city spans a few
dozen): a wider board, a few tiles spread far apart, draws only its tiles and the empty cells
next to them, so that no city takes long to draw or makes a picture of megabytes."""


def _draw_board(root: ET.Element, city: City, extent: Extent) -> None:
    board = _el(root, "g", "board")
    candidates = city.candidate_cells()
    min_x, min_y, max_x, max_y = extent
    if (max_x - min_x + 1) * (max_y - min_y + 1) <= FULL_BOARD_CELLS:
        rows = {y: [(x, y) for x in range(min_x, max_x + 1)] for y in range(min_y, max_y + 1)}
    else:
        rows = _rows_of(cell for cell in (*city, *candidates) if _inside(cell, extent))
    for y, cells in rows.items():
        row = _el(board, "g", "row", data_row=y)
        for cell in cells:
            _draw_cell(row, city, cell, candidates)


def _rows_of(cells: Iterable[Cell]) -> dict[int, list[Cell]]:
    """``cells`` by row, top to bottom, each row west to east."""
    rows: dict[int, list[Cell]] = {}
    for cell in sorted(set(cells), key=lambda c: (c[1], c[0])):
        rows.setdefault(cell[1], []).append(cell)
    return rows


def _inside(cell: Cell, extent: Extent) -> bool:
    min_x, min_y, max_x, max_y = extent
    return min_x <= cell[0] <= max_x and min_y <= cell[1] <= max_y


def _draw_cell(row: ET.Element, city: City, cell: Cell, candidates: frozenset[Cell]) -> None:
    tile = city.get(cell)
    if tile is None:
        cls = "cell empty candidate" if cell in candidates else "cell empty"
    else:
        cls = f"cell tile {_role(tile)}"
    group = _el(
        row,
        "g",
        cls,
        data_cell=cell_key(cell),
        transform=f"translate({cell[0] * UNIT} {cell[1] * UNIT})",
    )
    # An invisible square over the whole cell: what a widget hit-tests and focuses.
    _el(group, "rect", "cell-area", x=0, y=0, width=UNIT, height=UNIT, fill="none")
    if tile is not None:
        _draw_tile(group, tile, _city_wall_classes(city, cell, tile))
    elif cell in candidates:
        _el(
            group,
            "rect",
            "cell-outline",
            x=8,
            y=8,
            width=84,
            height=84,
            rx=8,
            fill="none",
            stroke=PALETTE["empty"],
            stroke_width=2,
            stroke_dasharray="8 6",
        )


def _caption(wall: int | None, lines: Sequence[ArrowLine] | None, language: str) -> str:
    parts = [] if wall is None else [render("render.caption-wall", {"count": wall}, language)]
    if lines is not None:
        # Per camp, as the rulebook counts (a corner camp's two arrows make one number).
        per_camp: dict[Cell, int] = {}
        for line in lines:
            per_camp[line.camp] = per_camp.get(line.camp, 0) + line.points
        points = sum(per_camp.values())
        if len(per_camp) > 1:
            detail = " + ".join(str(n) for n in per_camp.values())
            words = {"detail": detail, "points": points}
            parts.append(render("render.caption-camps-sum", words, language))
        else:
            parts.append(render("render.caption-camps", {"points": points}, language))
    return template("render.caption-sep", language).join(parts)


def _draw_gates(
    root: ET.Element,
    gates: City | Iterable[tuple[Cell, Side]],
    cls: str = "gate",
    *,
    language: str | None = None,
) -> None:
    # A gate is named from either of its tiles; drawing it from its west or north tile
    # puts it on the shared side whichever name it came with.
    named = gates.gates if isinstance(gates, City) else gates
    group = _el(root, "g", "gates")
    for cell, side in sorted(canonical_edge(c, s) for c, s in named):
        x, y = cell
        if side == Side.E:
            cx, cy, w, h = (x + 1) * UNIT, y * UNIT + 50, GATE_DEPTH, GATE_LENGTH
        else:
            cx, cy, w, h = x * UNIT + 50, (y + 1) * UNIT, GATE_LENGTH, GATE_DEPTH
        gate = _el(group, "g", cls, data_gate=f"{x},{y},{side.name}")
        _el(
            gate,
            "rect",
            "gate-frame",
            x=cx - w // 2,
            y=cy - h // 2,
            width=w,
            height=h,
            rx=4,
            fill=PALETTE["gate"],
            stroke=PALETTE["wall-edge"],
            stroke_width=4,
        )
        _text(
            gate,
            "gate-label",
            template("render.gate-label", language),
            x=cx,
            y=cy + 6,
            font_size=16,
            font_weight="bold",
            text_anchor="middle",
            fill=PALETTE["ink"],
            transform=f"rotate(90 {cx} {cy})" if side == Side.E else None,
        )


GATE_DEPTH = 2 * (INSET + WALL) + 4
GATE_LENGTH = 52


def camp_line_offset(side: Side) -> tuple[int, int]:
    """Where a camp arrow's line runs through a tile, from the tile's centre: along the east
    edge for arrows pointing north or south, along the north edge for the others. Both stay
    clear of the price at the bottom, and the two arrows of a corner camp stay apart."""
    return (28, 0) if side in (Side.N, Side.S) else (0, -26)


CAMP_POINT_SHIFT = {Side.N: (0, 2), Side.S: (0, 30), Side.E: (17, 0), Side.W: (-17, 0)}
"""Where a "+1" sits along its arrow's line, so that two camps' arrows scoring one tile from
opposite sides show two points side by side, and a row's points stay clear of a column's."""


def _draw_camp_lines(root: ET.Element, lines: Sequence[ArrowLine]) -> None:
    """Each arrow as a line from its bastion over the tiles it scores, a dot and "+1" on each
    tile (the number says it without colour). Every line is drawn before any dot, so that one
    camp's line never runs across another camp's "+1"."""
    layer = _el(root, "g", "camp-lines")
    tracks = _el(layer, "g", "camp-line-tracks")
    for line in lines:
        dx, dy = camp_line_offset(line.side)
        (cx, cy), end = line.camp, line.cells[-1]
        _el(
            tracks,
            "line",
            "camp-line-track",
            x1=cx * UNIT + 50 + dx,
            y1=cy * UNIT + 50 + dy,
            x2=end[0] * UNIT + 50 + dx,
            y2=end[1] * UNIT + 50 + dy,
            stroke=PALETTE["camp-line"],
            stroke_width=5,
            stroke_dasharray="10 6",
            stroke_linecap="round",
        )
    for line in lines:
        _draw_camp_points(layer, line)


def _draw_camp_points(layer: ET.Element, line: ArrowLine) -> None:
    """The "+1" on each tile one arrow scores, grouped with what the arrow is."""
    side = line.side
    group = _el(
        layer,
        "g",
        "camp-line",
        data_camp=cell_key(line.camp),
        data_side=side.name,
        data_points=line.points,
    )
    dx, dy = camp_line_offset(side)
    sx, sy = CAMP_POINT_SHIFT[side]
    for x, y in line.cells:
        px, py = x * UNIT + 50 + dx + sx, y * UNIT + 50 + dy + sy
        _el(group, "circle", "camp-point", cx=px, cy=py, r=13, fill=PALETTE["camp-line"],
            stroke=PALETTE["marker-text"], stroke_width=2)  # fmt: skip
        _text(
            group,
            "camp-point-label",
            "+1",
            x=px,
            y=py + 6,
            font_size=16,
            font_weight="bold",
            text_anchor="middle",
            fill=PALETTE["marker-text"],
        )


def _draw_longest_wall(
    root: ET.Element, segments: Sequence[tuple[Cell, Side]], cls: str = "wall longest"
) -> None:
    group = _el(root, "g", cls, data_length=len(segments))
    for cell, side in segments:
        x1, y1, x2, y2 = side_line(cell, side, EDGE_MARK)
        _el(
            group,
            "line",
            "longest-casing",
            x1=x1,
            y1=y1,
            x2=x2,
            y2=y2,
            stroke=PALETTE["longest-casing"],
            stroke_width=WALL - 2,
            stroke_linecap="square",
        )
        _el(
            group,
            "line",
            "longest-line",
            x1=x1,
            y1=y1,
            x2=x2,
            y2=y2,
            stroke=PALETTE["longest"],
            stroke_width=7,
            stroke_dasharray="16 6",
        )


def _draw_attempt(root: ET.Element, attempt: tuple[Tile, Cell, int], *, legal: bool) -> None:
    tile, cell, rotation = attempt
    verdict = "legal" if legal else "illegal"
    group = _el(
        root,
        "g",
        f"try {verdict}",
        data_try=cell_key(cell),
        transform=f"translate({cell[0] * UNIT} {cell[1] * UNIT})",
    )
    ghost = _el(group, "g", f"ghost tile {tile.name}", opacity="0.6")
    _draw_turned(ghost, tile, rotation)
    colour = PALETTE["legal"] if legal else PALETTE["violation"]
    _el(
        group,
        "rect",
        f"try-outline {verdict}",
        x=2,
        y=2,
        width=96,
        height=96,
        rx=6,
        fill="none",
        stroke=colour,
        stroke_width=5 if legal else 3,
        stroke_dasharray="12 6" if legal else None,
    )
    if legal:
        # On the corner, like the violation markers: a tick the tile's face stays visible under.
        marker(group, (0, 0), "✓", "legal")


# -- violations -------------------------------------------------------------------------------
def violation_look(violation: Violation) -> str:
    """How a violation is drawn: 'hole' (hatched cells), 'blocking' (walls in a pedestrian's
    way, cut-off tiles), 'sides' (outlined mismatched sides) or 'cells' (outlined cells).

    Widgets receive this word with each violation, so the page draws without knowing rules.
    """
    if violation.rule in HOLE_RULES:
        return "hole"
    if violation.rule in BLOCKING_RULES:
        return "blocking"
    return "sides" if violation.edges else "cells"


def violation_tone(violation: Violation) -> str:
    """The palette role a violation is drawn in: ``blocking`` or ``violation``."""
    return "blocking" if violation.rule in BLOCKING_RULES else "violation"


def marker_points(violations: Sequence[Violation]) -> list[tuple[int, int] | None]:
    """Where each violation's numbered marker goes, in board units.

    A marker sits beside the cell it is about (the tried tile, the hole, the tile that cannot
    be reached), never over it: just outside a corner of the cell, on the far side of a border.
    A broken side gets a marker at one end of that side, across the border from the tile; the
    end nearer the fountain comes first, as the board reaches further that way. Markers clear
    the middle of every tile (its pictogram and price) and each other: one that would touch a
    marker already placed takes the next free place around the cell. A violation that names no
    cell (a payment refused, say) gets ``None``.
    """
    points: list[tuple[int, int] | None] = []
    placed: list[tuple[int, int]] = []
    for violation in violations:
        candidates = _marker_candidates(violation)
        if not candidates:
            points.append(None)
            continue
        point = next(
            (p for p in candidates if all(math.dist(p, o) >= MARKER_GAP for o in placed)),
            candidates[-1],
        )
        placed.append(point)
        points.append(point)
    return points


MARKER_GAP = 2 * MARKER_RADIUS + 2
"""How far apart two markers' centres are kept."""
_MARKER_OUT = MARKER_RADIUS + 2
"""How far a marker's centre sits outside the cell it is about."""
_NORMALS = {Side.N: (0, -1), Side.E: (1, 0), Side.S: (0, 1), Side.W: (-1, 0)}


def _marker_candidates(violation: Violation) -> list[tuple[int, int]]:
    """A violation's places for its marker, best first."""
    if violation.edges and violation.rule not in BLOCKING_RULES:
        cell, side = violation.edges[0]
        nx, ny = _NORMALS[side]
        ends = [c for c in _corners(cell) if _on_side(c, cell, side)]
        across = [(x + nx * _MARKER_OUT, y + ny * _MARKER_OUT) for x, y in ends]
        return across + _around(cell)
    if not violation.cells and not violation.edges:
        return []
    return _around(violation.cells[0] if violation.cells else violation.edges[0][0])


def _corners(cell: Cell) -> list[tuple[int, int]]:
    """The cell's corners, the one nearest the fountain first (the board extends furthest
    that way, so a marker there is never cut off at the board's edge)."""
    left, top = cell[0] * UNIT, cell[1] * UNIT
    xs = [left + UNIT, left] if cell[0] < 0 else [left, left + UNIT]
    ys = [top + UNIT, top] if cell[1] < 0 else [top, top + UNIT]
    return [(x, y) for x in xs for y in ys]


def _on_side(corner: tuple[int, int], cell: Cell, side: Side) -> bool:
    left, top = cell[0] * UNIT, cell[1] * UNIT
    x, y = corner
    return {
        Side.N: y == top,
        Side.S: y == top + UNIT,
        Side.W: x == left,
        Side.E: x == left + UNIT,
    }[side]


def _around(cell: Cell) -> list[tuple[int, int]]:
    """Places just outside each corner of ``cell``, above or below it, then left or right."""
    left, top = cell[0] * UNIT, cell[1] * UNIT
    found = []
    for x, y in _corners(cell):
        out_x = -1 if x == left else 1
        out_y = -1 if y == top else 1
        found += [(x, y + out_y * _MARKER_OUT), (x + out_x * _MARKER_OUT, y)]
    return found


def draw_violations(root: ET.Element, violations: Sequence[Violation]) -> ET.Element:
    """One ``<g class="violation …">`` per violation, numbered 1, 2, … like their messages."""
    layer = _el(root, "g", "violations")
    for index, (violation, point) in enumerate(
        zip(violations, marker_points(violations), strict=True), 1
    ):
        rule = violation.rule
        group = _el(
            layer,
            "g",
            f"violation {rule.value.replace('/', '-')}",
            data_rule=rule.value,
            data_index=index,
        )
        _draw_violation_cells(group, violation)
        blocking = rule in BLOCKING_RULES
        for cell, side in violation.edges:
            x1, y1, x2, y2 = side_line(cell, side, EDGE_MARK)
            _el(
                group,
                "line",
                "violation-edge blocking" if blocking else "violation-edge",
                x1=x1,
                y1=y1,
                x2=x2,
                y2=y2,
                stroke=PALETTE["blocking" if blocking else "violation"],
                stroke_width=10 if blocking else 8,
                stroke_dasharray="2 9" if blocking else "14 6",
                stroke_linecap="round" if blocking else None,
            )
        if point is not None:
            marker(group, point, str(index), violation_tone(violation))
    return layer


def _draw_violation_cells(group: ET.Element, violation: Violation) -> None:
    rule = violation.rule
    if violation.edges and rule not in BLOCKING_RULES:
        return  # the outlined sides say it all; outlining both tiles as well only adds noise
    for position, cell in enumerate(violation.cells):
        if rule in HOLE_RULES:
            x, y = cell[0] * UNIT, cell[1] * UNIT
            _el(
                group,
                "rect",
                "hole",
                x=x + 4,
                y=y + 4,
                width=92,
                height=92,
                fill="url(#alh-hatch)",
                fill_opacity="0.55",
            )
            _cell_outline(group, cell, "hole-outline", PALETTE["hole"], 4)
        elif rule in BLOCKING_RULES:
            # The tile that cannot be reached comes first; the others are cut off with it.
            cls = "unreachable" if position == 0 else "cut-off"
            _cell_outline(group, cell, cls, PALETTE["blocking"], 5, dash="10 6")
        else:
            _cell_outline(group, cell, "violation-cell", PALETTE["violation"], 4, dash="10 6")


def _cell_outline(
    parent: ET.Element, cell: Cell, cls: str, colour: str, width: int, dash: str | None = None
) -> None:
    _el(
        parent,
        "rect",
        cls,
        x=cell[0] * UNIT + 5,
        y=cell[1] * UNIT + 5,
        width=90,
        height=90,
        rx=8,
        fill="none",
        stroke=colour,
        stroke_width=width,
        stroke_dasharray=dash,
    )


def marker(parent: ET.Element, at: tuple[int, int], label: str, tone: str) -> ET.Element:
    """A numbered (or ticked) circle centred on ``at``, filled in the ``tone`` role."""
    group = _el(parent, "g", f"marker marker-{tone}", transform=f"translate({at[0]} {at[1]})")
    _el(group, "circle", "marker-dot", r=MARKER_RADIUS, fill=PALETTE[tone],
        stroke=PALETTE["marker-text"], stroke_width=2)  # fmt: skip
    _text(group, "marker-label", label, y=6, font_size=17, font_weight="bold",
          text_anchor="middle", fill=PALETTE["marker-text"])  # fmt: skip
    return group


KEY_LINE = 24
"""Height of a line of the violations' key under a picture."""


def _key_lines(violations: Sequence[Violation], width: int, language: str) -> list[list[str]]:
    """Each violation's key entry, its sentence alone ("The tower's …": a tag before it would
    read like a code), wrapped to the board's width."""
    # DejaVu Sans averages a little over half its size per character.
    chars = max(24, (width - 2 * MARKER_RADIUS - 12) * 10 // (TEXT_FONT * 6))
    return [_wrap(v.explain(language), chars) for v in violations]


def _wrap(text: str, chars: int) -> list[str]:
    """``text`` in lines of at most ``chars`` characters' width: at spaces, or anywhere in a
    text of wide characters (Japanese writes no spaces), each counting twice."""
    if not any(_wide(char) for char in text):
        return textwrap.wrap(text, chars) or [""]
    lines, line, width = [], "", 0
    for char in text:
        size = 2 if _wide(char) else 1
        if width + size > chars and line:
            lines.append(line.strip())
            line, width = "", 0
        line += char
        width += size
    return [*lines, line.strip()] if line.strip() else lines or [""]


def _wide(char: str) -> bool:
    return unicodedata.east_asian_width(char) in ("W", "F")


def _draw_key(
    root: ET.Element,
    violations: Sequence[Violation],
    lines: Sequence[Sequence[str]],
    at: tuple[int, int],
) -> None:
    """Beside the board, never over it: each marker's number with its rule and message."""
    group = _el(root, "g", "violation-key")
    x, y = at
    for index, (violation, rows) in enumerate(zip(violations, lines, strict=True), 1):
        entry = _el(group, "g", "key-entry", data_index=index)
        marker(entry, (x + MARKER_RADIUS, y + MARKER_RADIUS + 2), str(index),
               violation_tone(violation))  # fmt: skip
        for row, text in enumerate(rows):
            _text(entry, "key-text", text, x=x + 2 * MARKER_RADIUS + 10,
                  y=y + 22 + KEY_LINE * row, font_size=TEXT_FONT, fill=PALETTE["text"])  # fmt: skip
        y += KEY_LINE * len(rows) + 8


# -- the legend -------------------------------------------------------------------------------
LEGEND_WIDTH = 330
"""Width of the legend, in board units."""
LEGEND_ROW = 46


def _legend_rows(camps: bool, language: str | None = None) -> list[tuple[str, str]]:
    """(what is drawn, its words) for each row of the legend, buildings first."""
    rows = [(b.value, tile_noun_of(b.value, language)) for b in BUILDINGS]
    rows.append(("fountain", tile_noun_of("fountain", language)))
    if camps:
        rows.append(("camp", tile_noun_of("camp", language)))
        rows.append(("bastion", legend_words("bastion", language)))
    return rows + [(mark, legend_words(mark, language)) for mark in LEGEND_MARKS]


def _legend_height(*, camps: bool) -> int:
    return LEGEND_ROW * len(_legend_rows(camps, "en")) + 8


def draw_legend(
    parent: ET.Element, *, camps: bool = False, language: str | None = None
) -> ET.Element:
    """The legend, in board units from ``parent``'s origin: every building's pictogram and
    name, then each mark of the board (walls, the longest wall, markers, holes)."""
    for row, (what, words) in enumerate(_legend_rows(camps, language)):
        entry = _el(
            parent,
            "g",
            f"legend-entry legend-{what}",
            data_entry=what,
            transform=f"translate(0 {row * LEGEND_ROW})",
        )
        icon = _el(entry, "g", "legend-icon", transform="scale(0.4)")
        _LEGEND_ICONS.get(what, _legend_tile)(icon, what)
        _text(entry, "legend-label", words, x=52, y=27, font_size=TEXT_FONT,
              fill=PALETTE["text"])  # fmt: skip
    return parent


def legend_svg(*, camps: bool = False, size: int = 72, language: str | None = None) -> str:
    """The legend on its own, ``size`` pixels per 100 units (a cell of the board), its words
    in ``language`` (the session's by default)."""
    language = resolve(language)
    height = _legend_height(camps=camps)
    root = _svg_root("alhambra legend", (0, 0, LEGEND_WIDTH, height), size / UNIT)
    rows = _legend_rows(camps, language)
    entries = template("render.legend-sep", language).join(w for _, w in rows)
    _text(root, "", render("render.legend-desc", {"entries": entries}, language)).tag = "desc"
    _draw_defs(root)
    _draw_paper(root, (0, 0, LEGEND_WIDTH, height))
    draw_legend(_el(root, "g", "legend"), camps=camps, language=language)
    return _serialise(root)


def _legend_face(icon: ET.Element, role: str) -> None:
    _el(icon, "rect", f"tile-face {role}", x=INSET, y=INSET, width=UNIT - 2 * INSET,
        height=UNIT - 2 * INSET, rx=6, fill=PALETTE[role], stroke=PALETTE["tile-edge"],
        stroke_width=3)  # fmt: skip


def _legend_tile(icon: ET.Element, role: str) -> None:
    _legend_face(icon, role)
    draw_pictogram(icon, role)


def _legend_wall(icon: ET.Element, _what: str) -> None:
    _legend_face(icon, "chambers")  # a plain face: only the wall matters here
    _draw_wall(icon, Side.N, "wall outer")
    _draw_wall(icon, Side.W, "wall outer")


def _legend_longest(icon: ET.Element, _what: str) -> None:
    # Not "wall longest": a widget hides that when the learner turns the longest wall off.
    _draw_longest_wall(icon, [((0, 0), Side.N)], cls="legend-longest-wall")
    icon.set("transform", "translate(0 14) scale(0.4)")  # down to the middle of the row


def _legend_marker(icon: ET.Element, what: str) -> None:
    tone = "blocking" if what == "blocking" else "violation"
    x1, y1, x2, y2 = side_line((0, 0), Side.S, 30)
    _el(icon, "line", "violation-edge blocking" if tone == "blocking" else "violation-edge",
        x1=x1, y1=y1, x2=x2, y2=y2, stroke=PALETTE[tone], stroke_width=10 if tone == "blocking"
        else 8, stroke_dasharray="2 9" if tone == "blocking" else "14 6",
        stroke_linecap="round" if tone == "blocking" else None)  # fmt: skip
    marker(icon, (50, 36), "1", tone).set("transform", "translate(50 36) scale(2.3)")


def _legend_hole(icon: ET.Element, _what: str) -> None:
    _el(icon, "rect", "hole", x=4, y=4, width=92, height=92, fill="url(#alh-hatch)",
        fill_opacity="0.55")  # fmt: skip
    _cell_outline(icon, (0, 0), "hole-outline", PALETTE["hole"], 6)


def _legend_legal(icon: ET.Element, _what: str) -> None:
    marker(icon, (50, 50), "✓", "legal").set("transform", "translate(50 50) scale(2.4)")


def _legend_bastion(icon: ET.Element, _what: str) -> None:
    _legend_face(icon, "camp")
    _draw_bastions(icon, Tile.camp(4, "N"))  # the bastion and its arrow, as on a camp


_LEGEND_ICONS = {
    "bastion": _legend_bastion,
    "wall": _legend_wall,
    "longest": _legend_longest,
    "violation": _legend_marker,
    "blocking": _legend_marker,
    "hole": _legend_hole,
    "legal": _legend_legal,
}


def _draw_coords(root: ET.Element, extent: Extent) -> None:
    min_x, min_y, max_x, max_y = extent
    group = _el(root, "g", "coords")
    for x in range(min_x, max_x + 1):
        _text(
            group,
            "coord x",
            str(x),
            x=x * UNIT + 50,
            y=min_y * UNIT - 12,
            font_size=TEXT_FONT,
            text_anchor="middle",
            fill=PALETTE["coord"],
        )
    for y in range(min_y, max_y + 1):
        _text(
            group,
            "coord y",
            str(y),
            x=min_x * UNIT - 12,
            y=y * UNIT + 57,
            font_size=TEXT_FONT,
            text_anchor="end",
            fill=PALETTE["coord"],
        )


def _serialise(root: ET.Element) -> str:
    return ET.tostring(root, encoding="unicode")

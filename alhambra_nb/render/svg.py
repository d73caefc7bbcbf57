"""Deterministic SVG pictures of tiles and cities, built with :mod:`xml.etree.ElementTree`.

Geometry: one cell is ``UNIT`` user units; cell ``(x, y)`` covers ``x*UNIT … (x+1)*UNIT``
horizontally and the same for ``y`` (y grows south, as in the core). ``size`` only scales the
picture (pixels per cell). The layers, bottom to top:

``board``        one ``<g class="row">`` per row, one ``<g class="cell …" data-cell="x,y">`` per
                 cell of the extent (tiles, empty candidate cells, and the empty rest), so a
                 widget can turn them into an ARIA grid as they are;
``gates``        expansion II gates on double walls;
``camp-lines``   expansion II: each camp arrow's scored tiles, when asked;
``wall longest`` the longest outer wall, drawn over the tiles;
``try``          a tile being tried at a cell (turned, if asked);
``violations``   one group per broken rule: outlined sides, hatched holes, outlined cells, and
                 a numbered badge with a short tag, so colour never carries meaning alone;
``highlights``   cells the caller asked to mark;
``coords``       x along the top, y down the left.

Every element has a CSS class; colours come from :data:`~alhambra_nb.render.palette.PALETTE`.
Same input, same bytes: cells are visited in sorted order and numbers are integers.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Mapping, Sequence

from ..core.camps import ArrowLine, arrow_lines
from ..core.city import City, as_rotation, as_side, as_tile
from ..core.geometry import SIDES, Cell, Side, canonical_edge, neighbour
from ..core.tiles import Edge, Tile
from ..core.violations import RuleId, Violation
from .palette import PALETTE
from .text import describe_city, describe_tile, rule_tag

UNIT = 100
"""User units per cell side."""
INSET = 3
"""Gap between a tile's face and its cell's border, so neighbouring tiles read as separate."""
WALL = 12
"""Thickness of a wall."""
EDGE_MARK = 9
"""Distance from a cell border to the centre line of a wall or of an outlined side."""
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
def _draw_tile(parent: ET.Element, tile: Tile, wall_class: Mapping[Side, str]) -> None:
    """A tile in local units (0…UNIT): face, picture, walls or bastions."""
    role = tile.building.value if tile.building is not None else tile.kind.value
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
        _draw_fountain(parent)
    elif tile.is_camp:
        _draw_camp(parent, tile)
    else:
        _draw_building(parent, tile)
    for side in SIDES:
        if tile.edges[side] is Edge.WALL:
            _draw_wall(parent, side, wall_class.get(side, "wall"))


def _draw_building(parent: ET.Element, tile: Tile) -> None:
    assert tile.building is not None
    _text(
        parent,
        "tile-letter",
        tile.building.letter,
        x=50,
        y=60,
        font_size=40,
        font_weight="bold",
        text_anchor="middle",
        fill=PALETTE["ink"],
    )
    _draw_price(parent, tile)


def _draw_fountain(parent: ET.Element) -> None:
    _el(
        parent,
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
        parent,
        "circle",
        "fountain-jet",
        cx=50,
        cy=50,
        r=11,
        fill=PALETTE["fountain"],
        stroke=PALETTE["water"],
        stroke_width=3,
    )


def _draw_price(parent: ET.Element, tile: Tile) -> None:
    """The price, under the letter of a building and under a camp's tent alike."""
    _text(
        parent,
        "tile-price",
        str(tile.price),
        x=50,
        y=82,
        font_size=17,
        text_anchor="middle",
        fill=PALETTE["ink"],
    )


def _draw_camp(parent: ET.Element, tile: Tile) -> None:
    _el(parent, "polygon", "camp-tent", points="34,62 50,34 66,62", fill=PALETTE["bastion"])
    _draw_price(parent, tile)
    for side in SIDES:
        if side in tile.bastions:
            x, y, w, h = _side_rect(side, WALL + 4)
            _el(parent, "rect", "bastion", x=x, y=y, width=w, height=h, fill=PALETTE["bastion"])
            _el(parent, "polygon", "bastion-arrow", points=_arrow(side), fill=PALETTE["gate"])


def _arrow(side: Side) -> str:
    """A small triangle on a bastion, pointing out of the camp."""
    tip, base = INSET + 2, INSET + WALL + 1
    points = {
        Side.N: ((42, base), (58, base), (50, tip)),
        Side.S: ((42, UNIT - base), (58, UNIT - base), (50, UNIT - tip)),
        Side.W: ((base, 42), (base, 58), (tip, 50)),
        Side.E: ((UNIT - base, 42), (UNIT - base, 58), (UNIT - tip, 50)),
    }[side]
    return " ".join(f"{x},{y}" for x, y in points)


def _draw_wall(parent: ET.Element, side: Side, cls: str) -> None:
    x, y, w, h = _side_rect(side, WALL)
    _el(parent, "rect", cls, x=x, y=y, width=w, height=h, fill=PALETTE["wall"])
    # A dashed light line along the wall reads as masonry and keeps thin walls visible.
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
        stroke_width=2,
        stroke_dasharray="7 5",
    )


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


def tile_svg(tile: Tile | str, *, size: int = 64, rotation: int = 0) -> str:
    """A picture of one tile, ``size`` pixels wide."""
    tile = as_tile(tile)
    root = _svg_root("alhambra tile", (0, 0, UNIT, UNIT), size / UNIT)
    desc = describe_tile(tile) if tile.is_fountain else f"{tile.code}: {describe_tile(tile)}"
    _text(root, "", desc).tag = "desc"
    group = _el(root, "g", f"tile {tile.name}")
    _draw_turned(group, tile, as_rotation(rotation))
    return _serialise(root)


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
    extent: Extent | None = None,
    size: int = 56,
) -> str:
    """A picture of ``city``, ``size`` pixels per cell.

    With ``try_tile`` and ``at``, the tile is drawn over that cell (turned ``rotation`` quarter
    turns) and ``violations`` — by default ``city.check(try_tile, at, rotation, gate=gate)`` —
    are highlighted; ``gate`` (expansion II) draws a gate on that side of the tried tile.
    ``violations`` alone highlights any list (a refused removal, say). ``highlight`` outlines
    cells; ``show_wall`` draws the longest outer wall and its length; ``show_camp_lines``
    follows every camp arrow and marks the tiles it scores (expansion II).
    """
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
    segments = city.longest_wall_segments() if show_wall else ()
    lines = [line for line in arrow_lines(city.tiles()) if line.cells] if show_camp_lines else []
    caption = _caption(len(segments) if show_wall else None, lines if show_camp_lines else None)

    left_pad, top_pad = (40, 34) if show_coords else (8, 8)
    bottom_pad = 34 if caption else 8
    min_x, min_y, max_x, max_y = extent
    box = (
        min_x * UNIT - left_pad,
        min_y * UNIT - top_pad,
        (max_x - min_x + 1) * UNIT + left_pad + 8,
        (max_y - min_y + 1) * UNIT + top_pad + bottom_pad,
    )
    root = _svg_root("alhambra city", box, size / UNIT)
    desc = describe_city(
        city,
        wall=len(segments) if show_wall else None,
        attempt=attempt,
        violations=violations,
    )
    if show_camp_lines:
        desc += f" Camp arrows: {_caption(None, lines) or 'camps: 0'}."
    _text(root, "", desc).tag = "desc"
    _draw_defs(root)
    _draw_board(root, city, extent)
    if city.gates:
        _draw_gates(root, city)
    if lines:
        _draw_camp_lines(root, lines)
    if segments:
        _draw_longest_wall(root, segments)
    if attempt is not None:
        _draw_attempt(root, attempt, legal=not violations)
        if gate is not None:
            _draw_gates(root, [(attempt[1], gate)], cls="gate try")
    if violations:
        draw_violations(root, violations)
    if highlight:
        group = _el(root, "g", "highlights")
        for cell in highlight:
            _cell_outline(group, cell, "highlight", PALETTE["highlight"], 6)
    if show_coords:
        _draw_coords(root, extent)
    if caption:
        _text(
            root,
            "caption wall-length",
            caption,
            x=min_x * UNIT,
            y=(max_y + 1) * UNIT + 24,
            font_size=18,
            fill=PALETTE["coord"],
        )
    return _serialise(root)


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
    _el(pattern, "rect", "hatch-line", x=0, y=0, width=5, height=14, fill=PALETTE["hole"])


def _draw_board(root: ET.Element, city: City, extent: Extent) -> None:
    board = _el(root, "g", "board")
    candidates = city.candidate_cells()
    min_x, min_y, max_x, max_y = extent
    for y in range(min_y, max_y + 1):
        row = _el(board, "g", "row", data_row=y)
        for x in range(min_x, max_x + 1):
            _draw_cell(row, city, (x, y), candidates)


def _draw_cell(row: ET.Element, city: City, cell: Cell, candidates: frozenset[Cell]) -> None:
    tile = city.get(cell)
    if tile is None:
        cls = "cell empty candidate" if cell in candidates else "cell empty"
    else:
        role = tile.building.value if tile.building is not None else tile.kind.value
        cls = f"cell tile {role}"
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


def _caption(wall: int | None, lines: Sequence[ArrowLine] | None) -> str:
    parts = [] if wall is None else [f"longest wall: {wall}"]
    if lines is not None:
        # Per camp, as the rulebook counts (a corner camp's two arrows make one number).
        per_camp: dict[Cell, int] = {}
        for line in lines:
            per_camp[line.camp] = per_camp.get(line.camp, 0) + line.points
        points = sum(per_camp.values())
        detail = " + ".join(str(n) for n in per_camp.values())
        parts.append(f"camps: {detail} = {points}" if len(per_camp) > 1 else f"camps: {points}")
    return "; ".join(parts)


def _draw_gates(
    root: ET.Element, gates: City | Iterable[tuple[Cell, Side]], cls: str = "gate"
) -> None:
    # A gate is named from either of its tiles; drawing it from its west or north tile
    # puts it on the shared side whichever name it came with.
    named = gates.gates if isinstance(gates, City) else gates
    group = _el(root, "g", "gates")
    for cell, side in sorted(canonical_edge(c, s) for c, s in named):
        x, y = cell
        if side == Side.E:
            cx, cy, w, h = (x + 1) * UNIT, y * UNIT + 50, 2 * (INSET + WALL) + 4, 40
        else:
            cx, cy, w, h = x * UNIT + 50, (y + 1) * UNIT, 40, 2 * (INSET + WALL) + 4
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
            stroke=PALETTE["wall"],
            stroke_width=4,
        )
        _text(
            gate,
            "gate-label",
            "gate",
            x=cx,
            y=cy + 5,
            font_size=12,
            text_anchor="middle",
            fill=PALETTE["ink"],
        )


def _draw_camp_lines(root: ET.Element, lines: Sequence[ArrowLine]) -> None:
    """Each arrow as a line from its bastion over the tiles it scores, a dot and "+1" on each
    tile (the number says it without colour)."""
    layer = _el(root, "g", "camp-lines")
    for line in lines:
        (cx, cy), side = line.camp, line.side
        group = _el(
            layer,
            "g",
            "camp-line",
            data_camp=cell_key(line.camp),
            data_side=side.name,
            data_points=line.points,
        )
        end = line.cells[-1]
        # Along the middle of the row or column, a little off centre so that the two arrows
        # of a corner camp crossing one tile stay apart.
        shift = 22 if side in (Side.N, Side.S) else 20
        if side in (Side.N, Side.S):
            x1 = x2 = cx * UNIT + 50 + shift
            y1, y2 = cy * UNIT + 50, end[1] * UNIT + 50
        else:
            y1 = y2 = cy * UNIT + 50 + shift
            x1, x2 = cx * UNIT + 50, end[0] * UNIT + 50
        _el(
            group,
            "line",
            "camp-line-track",
            x1=x1,
            y1=y1,
            x2=x2,
            y2=y2,
            stroke=PALETTE["camp-line"],
            stroke_width=5,
            stroke_dasharray="10 6",
            stroke_linecap="round",
        )
        for x, y in line.cells:
            dx = x * UNIT + 50 + (shift if side in (Side.N, Side.S) else 0)
            dy = y * UNIT + 50 + (0 if side in (Side.N, Side.S) else shift)
            _el(group, "circle", "camp-point", cx=dx, cy=dy, r=11, fill=PALETTE["camp-line"])
            _text(
                group,
                "camp-point-label",
                "+1",
                x=dx,
                y=dy + 5,
                font_size=12,
                font_weight="bold",
                text_anchor="middle",
                fill=PALETTE["badge-text"],
            )


def _draw_longest_wall(root: ET.Element, segments: Sequence[tuple[Cell, Side]]) -> None:
    group = _el(root, "g", "wall longest", data_length=len(segments))
    for cell, side in segments:
        x1, y1, x2, y2 = side_line(cell, side, INSET + WALL // 2)
        _el(
            group,
            "line",
            "longest-casing",
            x1=x1,
            y1=y1,
            x2=x2,
            y2=y2,
            stroke=PALETTE["longest-casing"],
            stroke_width=11,
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
            stroke_width=6,
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
        _badge(group, (6, 6), "✓ legal", colour)


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


def draw_violations(root: ET.Element, violations: Sequence[Violation]) -> ET.Element:
    """One ``<g class="violation …">`` per violation, numbered 1, 2, … like their messages."""
    layer = _el(root, "g", "violations")
    badges: dict[tuple[int, int], int] = {}
    for index, violation in enumerate(violations, 1):
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
        anchor = _badge_anchor(violation)
        stacked = badges.get(anchor, 0)
        badges[anchor] = stacked + 1
        label = f"{index} {rule_tag(rule.value)}"
        colour = PALETTE["blocking" if blocking else "violation"]
        _badge(group, (anchor[0], anchor[1] + 21 * stacked), label, colour)
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


def _badge_anchor(violation: Violation) -> tuple[int, int]:
    """Where a violation's badge goes: the top left of its first cell (the tried tile, the
    hole, the tile that cannot be reached); badges on one cell stack downwards."""
    cell = violation.cells[0] if violation.cells else violation.edges[0][0]
    return (cell[0] * UNIT + 6, cell[1] * UNIT + 6)


def _badge(parent: ET.Element, at: tuple[int, int], label: str, colour: str) -> None:
    width = 10 + 8 * len(label)
    group = _el(parent, "g", "badge", transform=f"translate({at[0]} {at[1]})")
    _el(
        group,
        "rect",
        "badge-box",
        x=0,
        y=0,
        width=width,
        height=18,
        rx=9,
        fill=colour,
        stroke=PALETTE["badge-text"],
        stroke_width=1.5,
    )
    _text(
        group,
        "badge-label",
        label,
        x=width // 2,
        y=13,
        font_size=12,
        font_weight="bold",
        text_anchor="middle",
        fill=PALETTE["badge-text"],
    )


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
            font_size=18,
            text_anchor="middle",
            fill=PALETTE["coord"],
        )
    for y in range(min_y, max_y + 1):
        _text(
            group,
            "coord y",
            str(y),
            x=min_x * UNIT - 12,
            y=y * UNIT + 56,
            font_size=18,
            text_anchor="end",
            fill=PALETTE["coord"],
        )


def _serialise(root: ET.Element) -> str:
    return ET.tostring(root, encoding="unicode")

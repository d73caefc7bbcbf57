"""Words for what a picture shows: cell labels, short rule tags and a city's description.

The same sentences serve the SVG ``<desc>`` (what nbviewer and screen readers get from a static
picture) and the widgets' ``aria-label`` texts, so a picture and its description never disagree.
Nouns come from the core message catalogue, so a new language is data there, not code here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..core.city import City
from ..core.geometry import SIDES, Cell, Side, canonical_edge
from ..core.messages import Phrase, join, render, resolve, sentences, template
from ..core.tiles import Tile
from ..core.violations import Violation
from . import words as _words  # noqa: F401  (adds the pictures' templates to the catalogue)

RULE_TAGS: dict[str, str] = {
    "placement/occupied": "render.tag.taken",
    "placement/orientation": "render.tag.turned",
    "placement/touches-city": "render.tag.apart",
    "placement/walls-match": "render.tag.walls",
    "placement/camp-sides": "render.tag.camp",
    "placement/walking": "render.tag.no-path",
    "placement/no-holes": "render.tag.hole",
    "redesign/empty": "render.tag.empty",
    "redesign/fountain": "render.tag.fountain",
    "redesign/disconnects": "render.tag.cut-off",
    "redesign/hole": "render.tag.hole",
    "city/fountain": "render.tag.fountain",
    "city/walking": "render.tag.no-path",
    "city/no-holes": "render.tag.hole",
    "city/touches": "render.tag.apart",
}
"""The catalogue key of a word or two per rule id, written beside its highlight so colour
never speaks alone."""


def rule_tag(rule: str, language: str | None = None) -> str:
    """The short tag of a rule id in ``language`` ("rule" for a rule this table does not know
    yet: a learner never reads an id)."""
    return template(RULE_TAGS.get(rule, "render.tag.rule"), language)


def side_names(sides: Iterable[Side], language: str | None = None) -> str:
    """'north and east' for the given sides, in compass order."""
    chosen = set(sides)
    return join([template(f"side.{s.name}", language) for s in SIDES if s in chosen], language)


LEGEND_MARKS = ("wall", "longest", "violation", "blocking", "hole", "legal")
"""The marks the legend explains, in its order (after the tiles)."""


def legend_words(mark: str, language: str | None = None) -> str:
    """The legend's words for a mark of the board: 'wall', 'blocks the walk', …"""
    return template(f"legend.{mark}", language)


def tile_noun_of(role: str, language: str | None = None) -> str:
    """'garden' for the role ``garden``, 'camp' for ``camp``: a tile kind's name."""
    key = f"tile.{role}" if role in ("fountain", "camp") else f"building.{role}"
    return template(key, language)


def tile_noun(tile: Tile, language: str | None = None) -> str:
    """'garden', 'fountain', 'camp'."""
    if tile.building is not None:
        return template(f"building.{tile.building.value}", language)
    return template(f"tile.{tile.kind.value}", language)


def describe_tile(tile: Tile, language: str | None = None) -> str:
    """'garden, walls north and east'; 'tower, no walls'; 'camp, bastion north'; 'fountain'."""
    if tile.is_fountain:
        return tile_noun(tile, language)
    sides = tile.bastions if tile.is_camp else tile.walls
    if not sides:
        key = "render.camp-no-bastions" if tile.is_camp else "render.tile-no-walls"
        return render(key, {"tile": tile}, language)
    key = "render.camp-bastions" if tile.is_camp else "render.tile-walls"
    ordered = [s for s in SIDES if s in set(sides)]
    return render(key, {"tile": tile, "sides": ordered, "count": len(ordered)}, language)


def describe_cell(city: City, cell: Cell, language: str | None = None) -> str:
    """What stands at ``cell``: '(1, 0): garden, walls north and east' or '(2, 0): empty'."""
    tile = city.get(cell)
    if tile is None:
        return render("render.cell-empty", {"cell": cell}, language)
    what = describe_tile(tile, language)
    gates = [side for side in SIDES if canonical_edge(cell, side) in city.gates]
    if gates:  # a gate of expansion II on one of its sides (a gate joins two tiles)
        words = {"what": what, "sides": gates, "count": len(gates)}
        what = render("render.tile-gates", words, language)
    return render("render.cell", {"cell": cell, "what": what}, language)


def describe_violations(violations: Sequence[Violation], language: str | None = None) -> str:
    """'1. The tower's …  2. …' — numbered like the markers, each broken rule in its
    sentence alone (a tag such as 'walls:' before it would read like a code)."""
    language = resolve(language)
    return sentences(
        (
            render("widget.verdict-item", {"number": i, "message": v.explain(language)}, language)
            for i, v in enumerate(violations, 1)
        ),
        language,
    )


def describe_city(
    city: City,
    *,
    wall: int | None = None,
    attempt: tuple[Tile, Cell, int] | None = None,
    violations: Sequence[Violation] = (),
    language: str | None = None,
) -> str:
    """A plain-text account of the picture, for the SVG ``<desc>``."""
    language = resolve(language)
    cells = sorted(city, key=lambda c: (c[1], c[0]))
    parts = [render("render.city", {"count": len(cells)}, language)]
    parts += [
        render("render.city-cell", {"cell": describe_cell(city, c, language)}, language)
        for c in cells
    ]
    if wall is not None:
        parts.append(render("render.city-wall", {"count": wall}, language))
    why = describe_violations(violations, language)
    if attempt is not None:
        tile, cell, rotation = attempt
        verdict = (
            Phrase("render.verdict-broken", count=len(violations), why=why)
            if violations
            else Phrase("render.verdict-legal")
        )
        params = {"tile": tile.described(price=False), "cell": cell, "verdict": verdict}
        if rotation:
            parts.append(render("render.try-turned", {**params, "count": rotation}, language))
        else:
            parts.append(render("render.try", params, language))
    elif violations:
        parts.append(render("render.highlighted", {"why": why}, language))
    return sentences(parts, language)

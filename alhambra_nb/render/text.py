"""Words for what a picture shows: cell labels, short rule tags and a city's description.

The same sentences serve the SVG ``<desc>`` (what nbviewer and screen readers get from a static
picture) and the widgets' ``aria-label`` texts, so a picture and its description never disagree.
Nouns come from the core message catalogue, so a new language is data there, not code here.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..core.city import City
from ..core.geometry import SIDES, Cell, Side, format_cell
from ..core.messages import join, template
from ..core.tiles import Tile
from ..core.violations import Violation

RULE_TAGS: dict[str, str] = {
    "placement/occupied": "taken",
    "placement/orientation": "turned",
    "placement/touches-city": "apart",
    "placement/walls-match": "walls",
    "placement/camp-sides": "camp",
    "placement/walking": "no path",
    "placement/no-holes": "hole",
    "redesign/empty": "empty",
    "redesign/fountain": "fountain",
    "redesign/disconnects": "cut off",
    "redesign/hole": "hole",
    "city/fountain": "fountain",
    "city/walking": "no path",
    "city/no-holes": "hole",
    "city/touches": "apart",
}
"""A word or two per rule id, written beside its highlight so colour never speaks alone."""


def rule_tag(rule: str) -> str:
    """The short tag of a rule id (the id itself for a rule this table does not know yet)."""
    return RULE_TAGS.get(rule, rule.rsplit("/", 1)[-1])


def side_names(sides: Iterable[Side]) -> str:
    """'north and east' for the given sides, in compass order."""
    chosen = set(sides)
    return join([template(f"side.{s.name}") for s in SIDES if s in chosen])


LEGEND_MARKS = ("wall", "longest", "violation", "blocking", "hole", "legal")
"""The marks the legend explains, in its order (after the tiles)."""


def legend_words(mark: str) -> str:
    """The legend's words for a mark of the board: 'wall', 'blocks the walk', …"""
    return template(f"legend.{mark}")


def tile_noun_of(role: str) -> str:
    """'garden' for the role ``garden``, 'camp' for ``camp``: a tile kind's name."""
    key = f"tile.{role}" if role in ("fountain", "camp") else f"building.{role}"
    return template(key)


def tile_noun(tile: Tile) -> str:
    """'garden', 'fountain', 'camp'."""
    if tile.building is not None:
        return template(f"building.{tile.building.value}")
    return template(f"tile.{tile.kind.value}")


def describe_tile(tile: Tile) -> str:
    """'garden, walls north and east'; 'tower, no walls'; 'camp, bastion north'; 'fountain'."""
    noun = tile_noun(tile)
    if tile.is_fountain:
        return noun
    sides = tile.bastions if tile.is_camp else tile.walls
    word = "bastion" if tile.is_camp else "wall"
    if not sides:
        return f"{noun}, no {word}s"
    plural = "s" if len(sides) > 1 else ""
    return f"{noun}, {word}{plural} {side_names(sides)}"


def describe_cell(city: City, cell: Cell) -> str:
    """What stands at ``cell``: '(1, 0): garden, walls north and east' or '(2, 0): empty'."""
    tile = city.get(cell)
    return f"{format_cell(cell)}: {describe_tile(tile) if tile is not None else 'empty'}"


def describe_violations(violations: Sequence[Violation]) -> str:
    """'1. The tower's …  2. …' — numbered like the markers, each broken rule in its
    sentence alone (a tag such as 'walls:' before it would read like a code)."""
    return " ".join(f"{i}. {v.message}" for i, v in enumerate(violations, 1))


def describe_city(
    city: City,
    *,
    wall: int | None = None,
    attempt: tuple[Tile, Cell, int] | None = None,
    violations: Sequence[Violation] = (),
) -> str:
    """A plain-text account of the picture, for the SVG ``<desc>``."""
    cells = sorted(city, key=lambda c: (c[1], c[0]))
    count = len(cells)
    parts = [f"An Alhambra of {count} tile{'s' if count != 1 else ''}."]
    parts += [describe_cell(city, c) + "." for c in cells]
    if wall is not None:
        parts.append(f"Longest outer wall: {wall} side{'s' if wall != 1 else ''}.")
    if attempt is not None:
        tile, cell, rotation = attempt
        turned = (
            f", turned {rotation} quarter turn{'s' if rotation != 1 else ''}" if rotation else ""
        )
        verdict = (
            f"{len(violations)} rule{'s' if len(violations) != 1 else ''} broken: "
            + describe_violations(violations)
            if violations
            else "legal."
        )
        parts.append(f"Trying {tile.code} at {format_cell(cell)}{turned}: {verdict}")
    elif violations:
        parts.append("Highlighted: " + describe_violations(violations))
    return " ".join(parts)

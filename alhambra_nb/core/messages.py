"""Every sentence a learner reads, as templates keyed by id, one catalogue per language.

Violations keep their parameters (tiles, cells, sides, numbers) rather than finished text, so a
new language is a new catalogue entry — data, not code. :func:`render` fills a template, putting
each parameter into words with the same catalogue (``side.W`` → "west", ``building.tower`` →
"tower").
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .geometry import Side, format_cell
from .tiles import Edge, Tile

CATALOGUES: dict[str, dict[str, str]] = {
    "en": {
        # nouns
        "side.N": "north",
        "side.E": "east",
        "side.S": "south",
        "side.W": "west",
        "building.pavilion": "pavilion",
        "building.seraglio": "seraglio",
        "building.arcades": "arcades",
        "building.chambers": "chambers",
        "building.garden": "garden",
        "building.tower": "tower",
        "tile.fountain": "fountain",
        "tile.camp": "camp",
        "edge.0": "open",
        "edge.1": "walled",
        "edge.2": "bastion",
        "edge.3": "plain",
        "list.and": " and ",
        "list.sep": ", ",
        "turns.1": "a quarter turn",
        "turns.2": "half a turn",
        "turns.3": "three quarter turns",
        "tile-at": "the {tile} at {cell}",
        # placement rules (RULES.md §4)
        "placement/occupied": (
            "{cell} already holds the {other}: a tile goes only on an empty cell."
        ),
        "placement/orientation": (
            "Tiles are never turned: the {tile} is {turns} from upright, but every tile must "
            "stand like the fountain, roofs up."
        ),
        "placement/touches-city": (
            "The {tile} at {cell} would not share a whole side with the Alhambra: "
            "a new tile must sit beside a tile, edge to edge."
        ),
        "placement/touches-city:corner": (
            "The {tile} at {cell} would touch the Alhambra only at a corner ({others}): "
            "a new tile must share a whole side with a tile."
        ),
        "placement/walls-match:wall-open": (
            "The {tile}'s {side} wall at {cell} would face the open {opposite} side of the "
            "{other} at {other_cell}."
        ),
        "placement/walls-match:open-wall": (
            "The {tile}'s open {side} side at {cell} would face the {opposite} wall of the "
            "{other} at {other_cell}."
        ),
        "placement/camp-sides:bastion": (
            "The {camp}'s bastion on its {side} side at {cell} would face the {edge} {opposite} "
            "side of the {other} at {other_cell}: a bastion may face only a building's wall."
        ),
        "placement/camp-sides:plain": (
            "The {camp}'s plain {side} side at {cell} would face the {edge} {opposite} side of "
            "the {other} at {other_cell}: a camp's plain side may face only another camp's "
            "plain side."
        ),
        "placement/walking": (
            "A pedestrian cannot walk from the fountain onto the {tile} at {cell}: {reasons}."
        ),
        "walking.no-side": "it shares no side with the Alhambra",
        "walking.double-wall": "its {side} side is a double wall with the {other} at {other_cell}",
        "walking.own-wall": "its {side} wall blocks the way from the {other} at {other_cell}",
        "walking.their-wall": "the {other} at {other_cell} turns its {opposite} wall to it",
        "walking.camp": "the {other} at {other_cell} is a camp, and nobody walks through a camp",
        "walking.cut-off": (
            "the {other} at {other_cell} beyond its open {side} side cannot itself be reached "
            "from the fountain"
        ),
        "placement/no-holes:one": (
            "Placing the {tile} at {cell} would enclose the empty cell {empty}: no tile could "
            "ever be built there."
        ),
        "placement/no-holes:many": (
            "Placing the {tile} at {cell} would enclose the {count} empty cells {empty}: "
            "no tile could ever be built there."
        ),
        # redesign rules (RULES.md §3, §4)
        "redesign/empty": "There is no tile at {cell} to take away.",
        "redesign/fountain": "The fountain at {cell} is never moved: the Alhambra grows from it.",
        "redesign/disconnects": (
            "Taking the {tile} away from {cell} would cut {cut} off from the fountain: "
            "a pedestrian could no longer walk there."
        ),
        "redesign/disconnects:swap": (
            "Swapping the {tile} at {cell} for the {new} would cut {cut} off from the "
            "fountain: a pedestrian could no longer walk there."
        ),
        "redesign/hole": (
            "Taking the {tile} away from {cell} would leave an empty cell closed in by tiles "
            "on every side."
        ),
        # whole-city rules (a position typed in by hand)
        "city/fountain": "The fountain must stand at (0, 0), and only there.",
        "city/walking": (
            "A pedestrian cannot walk from the fountain to the {tile} at {cell} without "
            "crossing a wall or leaving the tiles."
        ),
        "city/no-holes": "The empty cells {empty} are closed in by tiles on every side.",
        "city/touches": "The {tile} at {cell} is not joined to the rest of the Alhambra.",
    }
}
"""The message catalogues. Keys are rule ids, optionally with ``:variant``, and noun ids."""

DEFAULT_LANGUAGE = "en"


def render(key: str, params: Mapping[str, Any], language: str = DEFAULT_LANGUAGE) -> str:
    """Fill the template ``key`` of ``language`` with ``params`` put into words."""
    catalogue = CATALOGUES.get(language) or CATALOGUES[DEFAULT_LANGUAGE]
    template = catalogue.get(key) or CATALOGUES[DEFAULT_LANGUAGE][key]
    words = {name: _words(value, catalogue) for name, value in params.items()}
    return template.format(**words)


def _words(value: Any, catalogue: Mapping[str, str]) -> str:
    if isinstance(value, Phrase):
        return render(value.key, value.params, _language_of(catalogue))
    if isinstance(value, Tile):
        return _noun(value, catalogue)
    if isinstance(value, Side):
        return catalogue[f"side.{value.name}"]
    if isinstance(value, Edge):
        return catalogue[f"edge.{int(value)}"]
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return format_cell(value)  # type: ignore[arg-type]
    if isinstance(value, (list, tuple)):
        return join([_words(v, catalogue) for v in value], catalogue)
    return str(value)


def _noun(tile: Tile, catalogue: Mapping[str, str]) -> str:
    if tile.building is not None:
        return catalogue[f"building.{tile.building.value}"]
    return catalogue[f"tile.{tile.kind.value}"]


def _language_of(catalogue: Mapping[str, str]) -> str:
    return next((lang for lang, cat in CATALOGUES.items() if cat is catalogue), DEFAULT_LANGUAGE)


def join(items: Sequence[str], catalogue: Mapping[str, str] | None = None) -> str:
    """``a``, ``a and b``, ``a, b and c`` in the catalogue's words."""
    catalogue = catalogue or CATALOGUES[DEFAULT_LANGUAGE]
    if len(items) <= 1:
        return "".join(items)
    return catalogue["list.sep"].join(items[:-1]) + catalogue["list.and"] + items[-1]


class Phrase:
    """A sub-sentence kept as a template key and parameters, rendered with its sentence."""

    __slots__ = ("key", "params")

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params

    def __repr__(self) -> str:
        return f"Phrase({self.key!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Phrase) and (self.key, self.params) == (other.key, other.params)

    def __hash__(self) -> int:
        return hash(self.key)

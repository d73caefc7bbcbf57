"""The building rules of RULES.md §4, one small function each, in teaching order.

Each rule looks at an :class:`Attempt` — a tile tried at a cell of a city — and yields a
:class:`Violation` for every way it is broken, with what a view must highlight.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import NamedTuple

from .geometry import Cell, Side, neighbour, neighbours
from .layout import Layout
from .messages import Phrase
from .tiles import MATCHING_EDGES, Edge, Tile
from .violations import RuleId, Violation

_DIAGONALS = ((1, -1), (1, 1), (-1, 1), (-1, -1))
_CAMP_EDGES = (Edge.BASTION, Edge.PLAIN)


class Attempt(NamedTuple):
    """A tile tried at a cell: the tile, its edges as turned, and the position it meets."""

    tile: Tile
    cell: Cell
    edges: tuple[Edge, ...]
    rotation: int
    tiles: Mapping[Cell, Tile]
    layout: Layout
    gate: Side | None = None
    """Expansion II: the side of the new tile that gets a gate, if any."""


def occupied(attempt: Attempt) -> Iterator[Violation]:
    other = attempt.tiles.get(attempt.cell)
    if other is not None:
        yield Violation.of(RuleId.OCCUPIED, cells=(attempt.cell,), cell=attempt.cell, other=other)


def orientation(attempt: Attempt) -> Iterator[Violation]:
    if attempt.rotation:
        yield Violation.of(
            RuleId.ORIENTATION,
            cells=(attempt.cell,),
            tile=attempt.tile,
            turns=Phrase(f"turns.{attempt.rotation}"),
        )


def may_be_built(tile: Tile) -> bool:
    """Whether ``tile`` is of a kind ever built into an Alhambra: the fountain is not (each
    Alhambra starts with its own and never gets another). The mask of ``placement/fountain``
    for the fast answers (``is_legal``, ``legal_cells``, swaps)."""
    return not tile.is_fountain


def fountain(attempt: Attempt) -> Iterator[Violation]:
    """A fountain is never built (see :func:`may_be_built`)."""
    if not may_be_built(attempt.tile):
        yield Violation.of(RuleId.FOUNTAIN, cells=(attempt.cell,), cell=attempt.cell)


def touches_city(attempt: Attempt) -> Iterator[Violation]:
    tiles, cell = attempt.tiles, attempt.cell
    if any(other in tiles for other in neighbours(cell)):
        return
    corners = [(cell[0] + dx, cell[1] + dy) for dx, dy in _DIAGONALS]
    corners = [c for c in corners if c in tiles]
    if corners:
        yield Violation.of(
            RuleId.TOUCHES_CITY,
            "corner",
            cells=(cell, *corners),
            tile=attempt.tile,
            cell=cell,
            others=[(tiles[c], c) for c in corners],
        )
    else:
        yield Violation.of(RuleId.TOUCHES_CITY, cells=(cell,), tile=attempt.tile, cell=cell)


def walls_match(attempt: Attempt) -> Iterator[Violation]:
    """Every shared side matches (and, with camps, the bastion rules of §9.4)."""
    for side, other_cell in enumerate(neighbours(attempt.cell)):
        other = attempt.tiles.get(other_cell)
        if other is None:
            continue
        mine, theirs = attempt.edges[side], other.edges[side ^ 2]
        if (mine, theirs) not in MATCHING_EDGES:
            yield _mismatch(attempt, Side(side), other_cell, other, mine, theirs)


def _mismatch(
    attempt: Attempt, side: Side, other_cell: Cell, other: Tile, mine: Edge, theirs: Edge
) -> Violation:
    cell = attempt.cell
    cells = (cell, other_cell)
    edges = ((cell, side), (other_cell, side.opposite))
    if mine in _CAMP_EDGES or theirs in _CAMP_EDGES:
        # Explain from the camp's side: its bastion or plain side is what the rule is about.
        if mine in _CAMP_EDGES:
            camp, camp_cell, camp_side, camp_edge = attempt.tile, cell, side, mine
            facing, facing_cell, facing_edge = other, other_cell, theirs
        else:
            camp, camp_cell, camp_side, camp_edge = other, other_cell, side.opposite, theirs
            facing, facing_cell, facing_edge = attempt.tile, cell, mine
        return Violation.of(
            RuleId.CAMP_SIDES,
            "bastion" if camp_edge is Edge.BASTION else "plain",
            cells=cells,
            edges=edges,
            camp=camp,
            side=camp_side,
            cell=camp_cell,
            edge=facing_edge,
            opposite=camp_side.opposite,
            other=facing,
            other_cell=facing_cell,
        )
    return Violation.of(
        RuleId.WALLS_MATCH,
        "wall-open" if mine is Edge.WALL else "open-wall",
        cells=cells,
        edges=edges,
        tile=attempt.tile,
        side=side,
        cell=cell,
        opposite=side.opposite,
        other=other,
        other_cell=other_cell,
    )


def walking(attempt: Attempt) -> Iterator[Violation]:
    """A pedestrian reaches the new tile from the fountain (ruling R4); camps are exempt."""
    if attempt.tile.is_camp:
        return
    tiles, cell, reach = attempt.tiles, attempt.cell, attempt.layout.reach
    reasons: list[Phrase] = []
    cut_off: list[Cell] = []
    in_the_way: list[tuple[Cell, Side]] = []
    for index, other_cell in enumerate(neighbours(cell)):
        other = tiles.get(other_cell)
        if other is None:
            continue
        side = Side(index)
        mine, theirs = attempt.edges[side], other.edges[side ^ 2]
        where = {"side": side, "opposite": side.opposite, "other": other, "other_cell": other_cell}
        if other.is_camp:
            reasons.append(Phrase("walking.camp", **where))
        elif mine is Edge.OPEN and theirs is Edge.OPEN:
            if other_cell in reach:
                return
            reasons.append(Phrase("walking.cut-off", **where))
            cut_off.append(other_cell)
        elif mine is Edge.WALL and theirs is Edge.WALL:
            if attempt.gate == side and other_cell in reach:
                return
            reasons.append(Phrase("walking.double-wall", **where))
            in_the_way += [(cell, side), (other_cell, side.opposite)]
        elif mine is Edge.WALL:
            reasons.append(Phrase("walking.own-wall", **where))
            in_the_way.append((cell, side))
        else:
            reasons.append(Phrase("walking.their-wall", **where))
            in_the_way.append((other_cell, side.opposite))
    yield Violation.of(
        RuleId.WALKING,
        cells=(cell, *cut_off),
        edges=in_the_way,
        tile=attempt.tile,
        cell=cell,
        reasons=reasons or [Phrase("walking.no-side")],
    )


def no_holes(attempt: Attempt) -> Iterator[Violation]:
    """No empty area may become enclosed: a courtyard of any size (ruling R3)."""
    enclosed = attempt.layout.enclosed_by(attempt.cell)
    if enclosed:
        yield Violation.of(
            RuleId.NO_HOLES,
            cells=enclosed,
            tile=attempt.tile,
            cell=attempt.cell,
            empty=list(enclosed),
            count=len(enclosed),
        )


def gate_position(attempt: Attempt) -> Iterator[Violation]:
    """Expansion II: a gate goes only on a new double wall between the tile and the city."""
    side = attempt.gate
    if side is None:
        return
    other_cell = neighbour(attempt.cell, side)
    other = attempt.tiles.get(other_cell)
    if other is None:
        what = Phrase("gate.no-tile")
    elif other.is_camp:
        what = Phrase("gate.camp", other_cell=other_cell)
    elif attempt.edges[side] is Edge.WALL and other.edges[side ^ 2] is Edge.WALL:
        return
    else:
        what = Phrase("gate.not-double", other=other, other_cell=other_cell)
    yield Violation.of(
        RuleId.GATE,
        cells=(attempt.cell,),
        edges=((attempt.cell, side),),
        tile=attempt.tile,
        side=side,
        cell=attempt.cell,
        what=what,
    )


Rule = Callable[[Attempt], Iterator[Violation]]

RULES: tuple[tuple[RuleId, Rule], ...] = (
    (RuleId.OCCUPIED, occupied),
    (RuleId.ORIENTATION, orientation),
    (RuleId.FOUNTAIN, fountain),
    (RuleId.TOUCHES_CITY, touches_city),
    (RuleId.WALLS_MATCH, walls_match),
    (RuleId.WALKING, walking),
    (RuleId.NO_HOLES, no_holes),
    (RuleId.GATE, gate_position),
)
"""The building rules in teaching order; ``placement/camp-sides`` is part of walls_match,
``placement/gate`` only speaks when a gate is placed with the tile, ``placement/fountain``
only when a fountain is tried."""


def check_attempt(attempt: Attempt) -> list[Violation]:
    """Every building rule the attempt breaks; on an occupied cell only what still applies.
    A fountain is never built, wherever it is tried: that one reason is the whole answer
    (where it stands, or what it touches, is no reason of its own)."""
    if attempt.tile.is_fountain:
        return list(fountain(attempt))
    if attempt.cell in attempt.tiles:
        return [*occupied(attempt), *orientation(attempt), *fountain(attempt)]
    return [violation for _, rule in RULES for violation in rule(attempt)]

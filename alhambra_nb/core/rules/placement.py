"""The building rules of RULES.md §4 (and the camps' and gates' of §9), one record each, in
teaching order.

Each rule is written once, as a :class:`PlacementRule`: a ``holds`` mask — the cells of a city
where a tile of some :class:`Shape` keeps the rule, worked out for every cell at once on the
bitboards of :class:`~alhambra_nb.core.layout.Layout` — and an ``explain`` that says, for one
:class:`Attempt`, how the rule is broken there and what a view must highlight. The fast answers
(``legal_cells``, the game's listings) AND the masks; ``check`` explains exactly the rules whose
masks leave the cell out. The tests hold every ``explain`` to its mask, cell by cell.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import Any, NamedTuple

from ..geometry import SIDES, Cell, Side, neighbour, neighbours
from ..layout import Layout
from ..messages import Phrase, Template, add_messages
from ..tiles import MATCHING_EDGES, Edge, Tile
from ..violations import RuleId, Violation
from .shape import ANY_GATE, NO_GATE, Shape, walls_gated

_DIAGONALS = ((1, -1), (1, 1), (-1, 1), (-1, -1))
_OPPOSITE = tuple(side.opposite for side in SIDES)
"""Each side's opposite, by side (read in the explanations' inner loops)."""
_AROUND = tuple((side, side.opposite, *side.delta) for side in SIDES)
"""Per side, north first: the side, its opposite and the step (dx, dy) to the cell across
it, flat (read in the explanations' inner loops)."""
_CAMP_EDGES = (Edge.BASTION, Edge.PLAIN)
_WALL_OPEN = f"{RuleId.WALLS_MATCH.value}:wall-open"
_OPEN_WALL = f"{RuleId.WALLS_MATCH.value}:open-wall"
"""The message keys of the explanations a board makes most often."""
_NO_SIDE = Phrase("walking.no-side")


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


def fountain(attempt: Attempt) -> Iterator[Violation]:
    """A fountain is never built: each Alhambra starts with its own and never gets another."""
    if attempt.tile.is_fountain:
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
    tiles, edges, matching = attempt.tiles, attempt.edges, MATCHING_EDGES
    x, y = attempt.cell
    for side, opposite, dx, dy in _AROUND:
        other_cell = (x + dx, y + dy)
        other = tiles.get(other_cell)
        if other is not None:
            mine, theirs = edges[side], other.edges[opposite]
            if (mine, theirs) not in matching:
                yield _mismatch(attempt, side, other_cell, other, mine, theirs)


def _mismatch(
    attempt: Attempt, side: Side, other_cell: Cell, other: Tile, mine: Edge, theirs: Edge
) -> Violation:
    cell = attempt.cell
    cells = (cell, other_cell)
    edges = ((cell, side), (other_cell, _OPPOSITE[side]))
    if mine in _CAMP_EDGES or theirs in _CAMP_EDGES:
        # Explain from the camp's side: its bastion or plain side is what the rule is about.
        if mine in _CAMP_EDGES:
            camp, camp_cell, camp_side, camp_edge = attempt.tile, cell, side, mine
            facing, facing_cell, facing_edge = other, other_cell, theirs
        else:
            camp, camp_cell, camp_side, camp_edge = other, other_cell, _OPPOSITE[side], theirs
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
            opposite=_OPPOSITE[camp_side],
            other=facing,
            other_cell=facing_cell,
        )
    params = {
        "tile": attempt.tile,
        "side": side,
        "cell": cell,
        "opposite": _OPPOSITE[side],
        "other": other,
        "other_cell": other_cell,
    }
    key = _WALL_OPEN if mine is Edge.WALL else _OPEN_WALL
    return Violation.made(RuleId.WALLS_MATCH, key, params, cells, edges)


def walking(attempt: Attempt) -> Iterator[Violation]:
    """A pedestrian reaches the new tile from the fountain (ruling R4); camps are exempt."""
    tile = attempt.tile
    if tile.is_camp:
        return
    tiles, cell, edges, gate = attempt.tiles, attempt.cell, attempt.edges, attempt.gate
    x, y = cell
    reasons: list[Phrase] = []
    cut_off: list[Cell] = []
    in_the_way: list[tuple[Cell, Side]] = []
    for side, opposite, dx, dy in _AROUND:
        other_cell = (x + dx, y + dy)
        other = tiles.get(other_cell)
        if other is None:
            continue
        mine, theirs = edges[side], other.edges[opposite]
        if other.is_camp:
            reason = "walking.camp"
        elif mine is Edge.OPEN and theirs is Edge.OPEN:
            if other_cell in attempt.layout.reach:
                return  # walked to from a reachable neighbour: nothing to explain
            reason = "walking.cut-off"
            cut_off.append(other_cell)
        elif mine is Edge.WALL and theirs is Edge.WALL:
            if gate == side and other_cell in attempt.layout.reach:
                return
            reason = "walking.double-wall"
            in_the_way += [(cell, side), (other_cell, opposite)]
        elif mine is Edge.WALL:
            reason = "walking.own-wall"
            in_the_way.append((cell, side))
        else:
            reason = "walking.their-wall"
            in_the_way.append((other_cell, opposite))
        where = {"side": side, "opposite": opposite, "other": other, "other_cell": other_cell}
        reasons.append(Phrase.of(reason, where))
    params = {"tile": tile, "cell": cell, "reasons": reasons or [_NO_SIDE]}
    cells = (cell, *cut_off) if cut_off else (cell,)
    yield Violation.made(RuleId.WALKING, RuleId.WALKING.value, params, cells, tuple(in_the_way))


def no_holes(attempt: Attempt) -> Iterator[Violation]:
    """No empty area may become enclosed: a courtyard of any size (ruling R3), or with holes
    of single cells only, an empty cell built round on all four sides."""
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


# -- the masks: where each rule holds, for every cell at once ---------------------------------
# Each takes the cells still in question (``within``) and returns, of those, the cells where
# the rule holds; a cheap mask answers for every cell and ignores ``within``.


def empty_cells(layout: Layout, shape: Shape, within: int) -> int:
    return layout.empty_bits


def upright(layout: Layout, shape: Shape, within: int) -> int:
    return 0 if shape.turns else layout.full_bits


def not_a_fountain(layout: Layout, shape: Shape, within: int) -> int:
    return 0 if shape.fountain else layout.full_bits


def beside_city(layout: Layout, shape: Shape, within: int) -> int:
    return layout.touching_bits()


def matching_sides(layout: Layout, shape: Shape, within: int) -> int:
    return layout.fitting(shape.code)


def walked_to(layout: Layout, shape: Shape, within: int) -> int:
    if shape.camp:
        return layout.full_bits
    if shape.gate == ANY_GATE:
        return layout.ways_in(shape.code, True)
    found = layout.ways_in(shape.code, False)
    if shape.gate != NO_GATE and shape.edge(shape.gate) is Edge.WALL:
        found |= layout.through_gate(shape.gate)
    return found


def enclosing_nothing(layout: Layout, shape: Shape, within: int) -> int:
    # Only an empty cell of the open land whose side cells fall apart round it can enclose
    # anything, and in a city in one piece each such cell does (see Layout.enclosing); the
    # candidate cells are asked once for every tile. Holes of single cells only are found
    # for every cell at once.
    memo, candidates = layout.memo, layout.candidate_bits()
    holds = memo.get("enclosing nothing")
    if holds is None:
        holds = memo["enclosing nothing"] = layout.full_bits & ~_enclosing(layout, candidates)
    rest = within & ~candidates
    if rest:
        holds &= ~_enclosing(layout, rest)
    return holds


def _enclosing(layout: Layout, cells: int) -> int:
    if layout.holes == "single":
        return cells & layout.single_hole_closers()
    return layout.enclosing(cells & layout.outside_bits)


def on_double_wall(layout: Layout, shape: Shape, within: int) -> int:
    side = shape.gate
    if side in (NO_GATE, ANY_GATE):
        return layout.full_bits
    if shape.edge(side) is not Edge.WALL:
        return 0
    # A camp shows no wall, so a wall across the side is a building's.
    return layout.shows(side, Edge.WALL)


# -- the records ----------------------------------------------------------------------------
class PlacementRule(NamedTuple):
    """One building rule: its id, where it holds, and how it is broken at one cell."""

    id: RuleId
    holds: Callable[[Layout, Shape, int], int]
    """Of the cells ``within`` (bits of the layout's grid), those where a tile of the shape
    keeps the rule; a cell beyond the grid is answered by :meth:`Layout.probe_bit`'s cell."""
    explain: Callable[[Attempt], Iterator[Violation]]
    """The violations of the rule by one attempt (none where ``holds`` keeps its cell)."""
    messages: Mapping[str, Template]
    """The sentences ``explain`` says, in English by key (the catalogue translates them)."""
    on_taken_cell: bool = False
    """Whether the rule still speaks when the cell already holds a tile."""
    whole_answer: bool = False
    """Whether, once broken, the rule is all there is to say."""
    any_tile: bool = False
    """Whether the mask is the same for every tile (it depends on the position alone)."""
    any_position: bool = False
    """Whether the mask is the same in every position (it depends on the tile alone): every
    cell or none."""
    searched: bool = False
    """Whether the mask is searched out for the cells asked about only (the rest of it is
    not worth knowing); any other mask is worked out for every cell once and remembered."""


OCCUPIED = PlacementRule(
    RuleId.OCCUPIED,
    empty_cells,
    occupied,
    {
        "placement/occupied": (
            "{cell} already holds the {other}: a tile goes only on an empty cell."
        ),
    },
    on_taken_cell=True,
    any_tile=True,
)
ORIENTATION = PlacementRule(
    RuleId.ORIENTATION,
    upright,
    orientation,
    {
        "placement/orientation": (
            "Tiles are never turned: this {tile} tile stands {turns} from upright, but every "
            "tile must stand like the fountain, roofs up."
        ),
    },
    on_taken_cell=True,
    any_position=True,
)
FOUNTAIN = PlacementRule(
    RuleId.FOUNTAIN,
    not_a_fountain,
    fountain,
    {
        "placement/fountain": (
            "A fountain cannot be built at {cell}: every Alhambra has exactly one fountain, "
            "the one at (0, 0) that it grows from."
        ),
    },
    on_taken_cell=True,
    whole_answer=True,
    any_position=True,
)
TOUCHES_CITY = PlacementRule(
    RuleId.TOUCHES_CITY,
    beside_city,
    touches_city,
    {
        "placement/touches-city": (
            "The {tile} at {cell} would not share a whole side with the Alhambra: "
            "a new tile must sit beside a tile, edge to edge."
        ),
        "placement/touches-city:corner": (
            "The {tile} at {cell} would touch the Alhambra only at a corner ({others}): "
            "a new tile must share a whole side with a tile."
        ),
    },
    any_tile=True,
)
WALLS_MATCH = PlacementRule(
    RuleId.WALLS_MATCH,
    matching_sides,
    walls_match,
    {
        "placement/walls-match:wall-open": (
            "The {side} wall of the {tile} at {cell} would face the open {opposite} side of the "
            "{other} at {other_cell}."
        ),
        "placement/walls-match:open-wall": (
            "The open {side} side of the {tile} at {cell} would face the {opposite} wall of the "
            "{other} at {other_cell}."
        ),
        "placement/camp-sides:bastion": (
            "The bastion on the {side} side of the {camp} at {cell} would face the {edge} "
            "{opposite} side of the {other} at {other_cell}: a bastion may face only a "
            "building's wall."
        ),
        "placement/camp-sides:plain": (
            "The plain {side} side of the {camp} at {cell} would face the {edge} {opposite} "
            "side of the {other} at {other_cell}: a camp's plain side may face only another "
            "camp's plain side."
        ),
    },
)
"""Also the camps' sides (``placement/camp-sides``): a side matches or it does not."""
WALKING = PlacementRule(
    RuleId.WALKING,
    walked_to,
    walking,
    {
        "placement/walking": (
            "A pedestrian cannot walk from the fountain onto the {tile} at {cell}: {reasons}."
        ),
        "walking.no-side": "it shares no side with the Alhambra",
        "walking.double-wall": "its {side} side is a double wall with the {other} at {other_cell}",
        "walking.own-wall": "its {side} wall blocks the way from the {other} at {other_cell}",
        "walking.their-wall": "the {opposite} wall of the {other} at {other_cell} is in the way",
        "walking.camp": "the {other} at {other_cell} is a camp, and nobody walks through a camp",
        "walking.cut-off": (
            "the {other} at {other_cell} beyond its open {side} side cannot itself be reached "
            "from the fountain"
        ),
    },
)
NO_HOLES = PlacementRule(
    RuleId.NO_HOLES,
    enclosing_nothing,
    no_holes,
    {
        "placement/no-holes": (
            "Placing the {tile} at {cell} would enclose the empty cell {empty}: no tile could "
            "ever be built there.",
            "Placing the {tile} at {cell} would enclose the {count} empty cells {empty}: "
            "no tile could ever be built there.",
        ),
    },
    any_tile=True,
    searched=True,
)
GATE = PlacementRule(
    RuleId.GATE,
    on_double_wall,
    gate_position,
    {
        "placement/gate": (
            "A gate goes on a double wall between the new tile and the Alhambra, but the "
            "{side} side of the {tile} at {cell} {what}."
        ),
        "gate.no-tile": "faces no tile",
        "gate.not-double": "and the {other} at {other_cell} do not form a double wall",
        "gate.camp": "faces the camp at {other_cell}, and camps take no gates",
    },
)

RULES: tuple[PlacementRule, ...] = (
    OCCUPIED,
    ORIENTATION,
    FOUNTAIN,
    TOUCHES_CITY,
    WALLS_MATCH,
    WALKING,
    NO_HOLES,
    GATE,
)
"""The building rules in teaching order (the order of their explanations)."""

add_messages({key: text for rule in RULES for key, text in rule.messages.items()})

_FOR_ANY_TILE = tuple(rule for rule in RULES if rule.any_tile)
NO_SHAPE = Shape.made(0, False, False, 0, NO_GATE)
"""What a mask for every tile is asked with (it does not look)."""
_FOR_THE_TILE = tuple(rule for rule in RULES if not rule.any_tile)


def legal_bits(layout: Layout, shape: Shape) -> int:
    """The cells where a tile of ``shape`` keeps every building rule: the AND of the masks
    (remembered with the layout, which a game asks about the same tiles again and again)."""
    memo = layout.memo
    found = memo.get(shape.key)
    if found is None:
        found = memo[shape.key] = open_to_any_tile(layout) & fits_the_tile(layout, shape)
    return found


def open_to_any_tile(layout: Layout) -> int:
    """The AND of the masks that are the same for every tile, once per position (in teaching
    order, so the costly search sees only the cells left)."""
    return anded(layout, "open to any tile", _FOR_ANY_TILE, NO_SHAPE)


def anded(layout: Layout, key: str, rules: Iterable[Any], shape: Shape | None) -> int:
    """The AND of ``rules``' masks for ``shape``, each asked only of the cells the ones
    before it left, remembered with the layout under ``key``."""
    found = layout.memo.get(key)
    if found is None:
        found = layout.full_bits
        for rule in rules:
            found &= rule.holds(layout, shape, found)
        layout.memo[key] = found
    return found


def fits_the_tile(layout: Layout, shape: Shape) -> int:
    """The AND of the masks that depend on the tile, once per kind of tile and position."""
    key = -1 - shape.key
    found = layout.memo.get(key)
    if found is None:
        found = layout.full_bits
        for rule in _asked_of(layout, shape):
            found &= rule.holds(layout, shape, found)
            if not found:
                break
        layout.memo[key] = found
    return found


_ASKED: dict[int, tuple[PlacementRule, ...]] = {}


def _asked_of(layout: Layout, shape: Shape) -> tuple[PlacementRule, ...]:
    """The rules that depend on the tile, less those that hold everywhere for ``shape`` in
    every position (an upright tile, a building): each is asked once per shape, not once
    per position, of the first layout that needs it."""
    found = _ASKED.get(shape.key)
    if found is None:
        full = layout.full_bits
        found = _ASKED[shape.key] = tuple(
            rule
            for rule in _FOR_THE_TILE
            if not (rule.any_position and rule.holds(layout, shape, full) == full)
        )
    return found


def legal_cells(layout: Layout, shape: Shape) -> Sequence[Cell]:
    """:func:`legal_bits` as cells, in reading order (north to south, west to east), counted
    at once and made into cells only when read."""
    return layout.cell_bits(legal_bits(layout, shape))


def gate_openings(layout: Layout, shape: Shape) -> list[tuple[Cell, Side]]:
    """The (cell, side) pairs where a tile of ``shape`` may go only with a gate on that side,
    in reading order (expansion II); cells legal without a gate are left out. Remembered
    with the layout; each asker gets a list of its own."""
    key = ("gate openings", shape.key)
    known = layout.memo.get(key)
    if known is not None:
        return list(known)
    plain = legal_bits(layout, shape)
    # A gate stands only on a wall of the tile (on_double_wall holds nowhere else): the
    # other sides are not asked.
    by_side, anywhere = [], 0
    for side, gated in walls_gated(shape):
        opened = legal_bits(layout, gated) & ~plain
        if opened:
            by_side.append((SIDES[side], opened))
            anywhere |= opened
    found = []
    for cell, bit in layout.cells_and_bits(anywhere):
        found += [(cell, side) for side, opened in by_side if opened & bit]
    layout.memo[key] = tuple(found)
    return found


def masks_for(layout: Layout, shape: Shape) -> tuple[int, ...]:
    """The mask of every rule for a tile of ``shape``, in the order of :data:`RULES`, each
    for every cell (a searched rule's for none: ask it cell by cell), remembered."""
    key = ("masks", shape.key)
    found = layout.memo.get(key)
    if found is None:
        full = layout.full_bits
        found = layout.memo[key] = tuple(
            0 if rule.searched else rule.holds(layout, shape, full) for rule in RULES
        )
    return found


_Speaking = tuple[tuple[PlacementRule, int, int], ...]
"""Rules that may be broken, each with its mask and the cells the mask answers for."""


def _speaking(layout: Layout, shape: Shape) -> tuple[_Speaking, _Speaking]:
    """The rules that may be broken somewhere by a tile of ``shape``, in teaching order,
    each with its mask and the cells that mask answers for (a searched rule's, the
    candidate cells; every other's, all): a rule that holds on every cell (an upright tile,
    one without a gate, not a fountain) is left out. Two lists: for an empty cell, and for
    one that holds a tile (the rules that still speak there). Once per position and shape."""
    key = ("speaking", shape.key)
    found = layout.memo.get(key)
    if found is None:
        full, candidates = layout.full_bits, layout.candidate_bits()
        speaking = []
        for rule, mask in zip(RULES, masks_for(layout, shape), strict=True):
            if rule.searched:
                speaking.append((rule, rule.holds(layout, shape, candidates), candidates))
            elif mask != full:
                speaking.append((rule, mask, full))
        on_taken = tuple(entry for entry in speaking if entry[0].on_taken_cell)
        found = layout.memo[key] = (tuple(speaking), on_taken)
    return found


def broken_rules(attempt: Attempt, shape: Shape, bit: int = 0) -> list[PlacementRule]:
    """The rules whose masks leave the attempt's cell out, in teaching order; on a cell
    that holds a tile only those that still speak there, and a rule that is the whole
    answer alone (``bit``: the cell's bit in the layout, when the caller has it)."""
    layout = attempt.layout
    bit = bit or layout.probe_bit(attempt.cell)
    broken = []
    for rule, mask, known in _speaking(layout, shape)[attempt.cell in attempt.tiles]:
        if not known & bit:  # a searched rule, at a cell it has not been asked about
            mask = rule.holds(layout, shape, bit)
        if not mask & bit:
            if rule.whole_answer:
                return [rule]
            broken.append(rule)
    return broken


def check_attempt(attempt: Attempt, shape: Shape, bit: int = 0) -> list[Violation]:
    """Every building rule the attempt breaks, each explained by its own record (``bit``:
    the cell's bit in the layout, when the caller has it)."""
    return [v for rule in broken_rules(attempt, shape, bit) for v in rule.explain(attempt)]

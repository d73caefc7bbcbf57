"""The redesign rules of RULES.md §3 and §4 (and the gates' of §9.1), one record each: taking a tile
out of the Alhambra, and swapping a reserve tile for one of its tiles.

As with the building rules, each record has a ``holds`` mask over every tile of the city at
once and an ``explain`` for one cell; ``removable_bits`` and ``swap_bits`` AND the masks,
``check_removal`` and ``check_swap`` explain exactly the rules whose masks leave the cell out.
A swap puts a tile where another stands: the building rules speak for the new tile (asked of
the city without the old one), the redesign rules for what the exchange does to the rest.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import NamedTuple

from ..geometry import ORIGIN, SIDES, Cell, Side
from ..layout import Layout
from ..messages import Template, add_messages
from ..tiles import FOUNTAIN as FOUNTAIN_TILE
from ..tiles import Building, Edge, Tile
from ..violations import RuleId, Violation
from .placement import (
    NO_SHAPE,
    TOUCHES_CITY,
    WALKING,
    Attempt,
    PlacementRule,
    anded,
    broken_rules,
    fits_the_tile,
)
from .placement import RULES as PLACEMENT_RULES
from .shape import Shape

Gate = tuple[Cell, int]
"""A gate, named from its west or north tile: the cell and its east or south side."""


class Redesign(NamedTuple):
    """A tile taken out at ``cell`` (``new`` is ``None``) or exchanged for ``new``."""

    cell: Cell
    tiles: Mapping[Cell, Tile]
    gates: frozenset[Gate]
    layout: Layout
    new: Tile | None = None
    shape: Shape | None = None
    """The shape of ``new``, upright or turned as tried."""


# -- explanations ---------------------------------------------------------------------------
def nothing_there(move: Redesign) -> Iterator[Violation]:
    if move.cell not in move.tiles:
        yield Violation.of(RuleId.REDESIGN_EMPTY, cells=(move.cell,), cell=move.cell)


def fountain_stays(move: Redesign) -> Iterator[Violation]:
    tile = move.tiles.get(move.cell)
    if move.cell == ORIGIN or (tile is not None and tile.is_fountain):
        yield Violation.of(RuleId.REDESIGN_FOUNTAIN, cells=(move.cell,), cell=move.cell)


def gate_holds(move: Redesign) -> Iterator[Violation]:
    cell, tiles = move.cell, move.tiles
    for gate in sorted(move.gates):
        joined = gate_cells(gate)
        if cell in joined:
            other = joined[1] if joined[0] == cell else joined[0]
            yield Violation.of(
                RuleId.REDESIGN_GATE_LOCKED,
                cells=(cell, other),
                edges=((gate[0], Side(gate[1])),),
                tile=tiles[cell],
                cell=cell,
                other=tiles[other],
                other_cell=other,
            )


def cuts_off(move: Redesign) -> Iterator[Violation]:
    """Who could no longer be walked to, and which camps would touch nothing."""
    layout, cell = move.layout, move.cell
    cut = layout.cut_off_by(cell)
    if cut:
        yield _disconnects(move, cut, layout.tiles_cut_off_by(cell))
    if layout.camps:  # nobody walks to a camp: it only has to keep touching the Alhambra
        detached = layout.detached_by(cell)
        if detached:
            yield _disconnects(move, detached, camps=True)


def leaves_hole(move: Redesign) -> Iterator[Violation]:
    if move.layout.removal_encloses(move.cell):
        tile = move.tiles[move.cell]
        yield Violation.of(RuleId.REDESIGN_HOLE, cells=(move.cell,), tile=tile, cell=move.cell)


def swap_cuts_off(move: Redesign) -> Iterator[Violation]:
    assert move.shape is not None
    cut = _cut_by_swap(move.layout, move.cell, move.shape)
    if cut:
        yield _disconnects(move, cut)


def _disconnects(
    move: Redesign,
    cut: list[Cell],
    named: list[tuple[Tile, Cell]] | None = None,
    *,
    camps: bool = False,
) -> Violation:
    """The violation of cutting off the tiles at ``cut`` (``named``: the same with their
    tiles, when known)."""
    tiles = move.tiles
    return Violation.of(
        RuleId.REDESIGN_DISCONNECTS,
        "camp" if camps else "swap" if move.new is not None else None,
        cells=(move.cell, *cut),
        tile=tiles[move.cell],
        cell=move.cell,
        new=move.new,
        cut=named if named is not None else [(tiles[c], c) for c in cut],
    )


def _cut_by_swap(layout: Layout, cell: Cell, shape: Shape) -> list[Cell]:
    """The tiles walked to before a tile of ``shape`` takes the place of the one at ``cell``
    and not after it, in the order they were found."""
    after = Layout({**layout.tiles, cell: _shaped(shape)}, layout.gates, holes=layout.holes)
    return [c for c in layout.order if c != cell and c not in after.reach]


# -- masks ----------------------------------------------------------------------------------
def built(layout: Layout, shape: Shape | None, within: int) -> int:
    return layout.tile_bits()


def not_the_fountain(layout: Layout, shape: Shape | None, within: int) -> int:
    return layout.full_bits & ~layout.bits_named("fountains")


def not_gated(layout: Layout, shape: Shape | None, within: int) -> int:
    return layout.full_bits & ~layout.bits_named("locked")


def nobody_hangs_on(layout: Layout, shape: Shape | None, within: int) -> int:
    free = layout.full_bits & ~layout.bits_named("hangs")
    if layout.camps:
        free &= ~layout.detaching_camps(within & free & layout.tile_bits())
    return free


def open_land_beside(layout: Layout, shape: Shape | None, within: int) -> int:
    # A tile with no open land beside it would leave a hole behind: with holes of single
    # cells only, a tile whose four side cells are built would leave one.
    found = layout.memo.get("beside open land")
    if found is None:
        found = layout.memo["beside open land"] = layout.beside(layout.open_land())
    return found


def nobody_cut_by_swap(layout: Layout, shape: Shape | None, within: int) -> int:
    """Where exchanging the tile for one of ``shape`` leaves everyone walkable: a camp's cell
    (nobody walks through a camp, and the cell stays built), a building's where the new
    building shows every neighbour what the old one showed (so nobody crosses another side),
    a building's that nobody hangs on alone for a camp; the rest is searched one by one."""
    assert shape is not None
    camps = layout.bits_named("camps") if layout.camps else 0
    if shape.camp:
        holds = camps | (layout.full_bits & ~layout.bits_named("hangs"))
    else:
        holds = camps | _same_sides(layout, shape, within & ~camps)
    rest = within & ~holds & layout.tile_bits()
    if rest:  # only where the quick answers above do not hold (a misfit, a lone link)
        for cell in layout.cells_of(rest):
            if not _cut_by_swap(layout, cell, shape):
                holds |= layout.bit(cell)
    return holds


def _same_sides(layout: Layout, shape: Shape, within: int) -> int:
    """Of the buildings ``within``, those where a building of ``shape`` shows every neighbour
    the edge the old one shows: both fit, and a building fits a side with one edge only."""
    return within & layout.fitting(shape.code) & layout.tile_bits() & ~layout.misfits()


def _shaped(shape: Shape) -> Tile:
    """A tile with the edges of ``shape``, to search walking with (only its edges count)."""
    if shape.fountain:
        return FOUNTAIN_TILE
    if shape.camp:
        return Tile.camp(0, [s for s in SIDES if shape.edge(s) is Edge.BASTION])
    return Tile(Building.GARDEN, 0, [s for s in SIDES if shape.edge(s) is Edge.WALL])


# -- the records ----------------------------------------------------------------------------
Mask = Callable[[Layout, "Shape | None", int], int]


class RedesignRule(NamedTuple):
    """One redesign rule: its id, where it holds, and how it is broken at one cell."""

    id: RuleId
    holds: Mask
    """Of the cells ``within``, those where the move keeps the rule."""
    explain: Callable[[Redesign], Iterator[Violation]]
    messages: Mapping[str, Template]
    """The sentences ``explain`` says, in English by key (the catalogue translates them)."""
    whole_answer: bool = False
    """Whether, once broken, the rule is all there is to say."""


EMPTY = RedesignRule(
    RuleId.REDESIGN_EMPTY,
    built,
    nothing_there,
    {
        "redesign/empty": "There is no tile at {cell} to take away.",
    },
    whole_answer=True,
)
FOUNTAIN_STAYS = RedesignRule(
    RuleId.REDESIGN_FOUNTAIN,
    not_the_fountain,
    fountain_stays,
    {
        "redesign/fountain": "The fountain at {cell} is never moved: the Alhambra grows from it.",
    },
    whole_answer=True,
)
GATE_LOCKED = RedesignRule(
    RuleId.REDESIGN_GATE_LOCKED,
    not_gated,
    gate_holds,
    {
        "redesign/gate-locked": (
            "The {tile} at {cell} is joined to the {other} at {other_cell} by a gate: a gate "
            "and the tiles it joins are never moved."
        ),
    },
)
DISCONNECTS = RedesignRule(
    RuleId.REDESIGN_DISCONNECTS,
    nobody_hangs_on,
    cuts_off,
    {
        "redesign/disconnects": (
            "Taking the {tile} away from {cell} would cut {cut} off from the fountain: "
            "a pedestrian could no longer walk there."
        ),
        "redesign/disconnects:camp": (
            "Taking the {tile} away from {cell} would leave {cut} no longer touching the "
            "Alhambra: a camp must stay joined to it side to side."
        ),
    },
)
HOLE = RedesignRule(
    RuleId.REDESIGN_HOLE,
    open_land_beside,
    leaves_hole,
    {
        "redesign/hole": (
            "Taking the {tile} away from {cell} would leave an empty cell closed in by tiles "
            "on every side."
        ),
    },
)
SWAP_DISCONNECTS = RedesignRule(
    RuleId.REDESIGN_DISCONNECTS,
    nobody_cut_by_swap,
    swap_cuts_off,
    {
        "redesign/disconnects:swap": (
            "Swapping the {tile} at {cell} for the {new} would cut {cut} off from the "
            "fountain: a pedestrian could no longer walk there."
        ),
    },
)

REMOVAL_RULES: tuple[RedesignRule, ...] = (EMPTY, FOUNTAIN_STAYS, GATE_LOCKED, DISCONNECTS, HOLE)
"""The rules of taking a tile out, in the order of their explanations."""

SWAP_RULES: tuple[RedesignRule, ...] = (EMPTY, FOUNTAIN_STAYS, GATE_LOCKED, SWAP_DISCONNECTS)
"""The redesign rules of a swap; the building rules of the new tile come between the gate's
and the walking (see :func:`check_swap`)."""

add_messages(
    {key: text for rule in REMOVAL_RULES + SWAP_RULES for key, text in rule.messages.items()}
)

SWAP_PLACEMENT: tuple[PlacementRule, ...] = tuple(
    rule for rule in PLACEMENT_RULES if rule.id not in (RuleId.OCCUPIED, RuleId.NO_HOLES)
)
"""The building rules a swapped-in tile keeps: the cell stays built, so it encloses nothing
new, and it is free once the old tile is out."""


# -- removal --------------------------------------------------------------------------------
def removable_bits(layout: Layout) -> int:
    """The tiles that may be taken out of the Alhambra: the AND of the removal masks."""
    found = layout.memo.get("removable")  # asked once per tile of a position: kept at hand
    if found is None:
        found = anded(layout, "removable", REMOVAL_RULES, None)
    return found


def removable_cells(layout: Layout) -> Sequence[Cell]:
    """:func:`removable_bits` as cells, in reading order, made only when read."""
    return layout.cell_bits(removable_bits(layout))


def check_removal(move: Redesign) -> list[Violation]:
    """Every rule broken by taking the tile at ``move.cell`` away (``[]`` when allowed):
    the rules whose masks leave the cell out, each explained by its own record."""
    bit = move.layout.probe_bit(move.cell)
    found: list[Violation] = []
    for rule, mask in zip(REMOVAL_RULES, removal_masks(move.layout), strict=True):
        if not mask & bit:
            if rule.whole_answer:  # these come first in REMOVAL_RULES: nothing said before
                return list(rule.explain(move))
            found += rule.explain(move)
    return found


def removal_masks(layout: Layout) -> tuple[int, ...]:
    """The mask of every removal rule for every tile, in the order of
    :data:`REMOVAL_RULES`: what explaining the removals of a position reads, once per
    position rather than once per tile asked about."""
    found = layout.memo.get("removal masks")
    if found is None:
        full = layout.full_bits
        found = layout.memo["removal masks"] = tuple(
            rule.holds(layout, None, full) for rule in REMOVAL_RULES
        )
    return found


# -- swaps ----------------------------------------------------------------------------------
def swap_bits(layout: Layout, shape: Shape) -> int:
    """The tiles for which a tile of ``shape`` may be swapped in: the AND of the masks."""
    key = ("swap", shape.key)
    found = layout.memo.get(key)
    if found is None:
        # The building rules, asked of this city: the slots are no gate's tiles, and where the
        # new tile fits, walking asked of this city is walking asked without the old tile
        # (see _walking_asked_without), so the two cities agree on every slot left.
        found = _slot_bits(layout) & fits_the_tile(layout, shape)
        if found:
            found &= SWAP_DISCONNECTS.holds(layout, shape, found)
        layout.memo[key] = found
    return found


def _slot_bits(layout: Layout) -> int:
    """The tiles a swap may replace at all (a tile, not the fountain, none a gate holds) that
    are beside another tile: the rules that are the same for every new tile."""
    slot_rules = (EMPTY, FOUNTAIN_STAYS, GATE_LOCKED, TOUCHES_CITY)
    return anded(layout, "slot bits", slot_rules, NO_SHAPE)


def swap_placement_holds(rule: PlacementRule, layout: Layout, shape: Shape, within: int) -> int:
    """Where a building rule holds for the new tile, asked of the city without the old one.

    The masks of this city answer for it, as a tile's own cell sees only its neighbours:
    except walking at a tile others hang on alone, whose neighbours may be walked to only
    through it (see :func:`_walking_asked_without`).
    """
    holds = rule.holds(layout, shape, within)
    if rule is not WALKING:
        return holds
    return _walking_asked_without(layout, shape, holds, within)


def _walking_asked_without(layout: Layout, shape: Shape, holds: int, within: int) -> int:
    """``holds``, the walking mask of this city, corrected for the city without the old tile
    at the tiles ``within`` that others hang on alone. Where the new building fits, it shows
    the old one's way in the edge it came by, so this city's answer stands; a gate's tiles
    and misfits are asked one by one."""
    doubtful = within & layout.bits_named("hangs") if not shape.camp else 0
    if not doubtful:
        return holds
    doubtful &= ~(layout.fitting(shape.code) & ~layout.bits_named("locked"))
    for cell in layout.cells_of(doubtful):
        without = _without(layout, cell)
        bit = without.bit(cell)
        if WALKING.holds(without, shape, bit) & bit:
            holds |= layout.bit(cell)
        else:
            holds &= ~layout.bit(cell)
    return holds


def _without(layout: Layout, cell: Cell) -> Layout:
    tiles = {c: t for c, t in layout.tiles.items() if c != cell}
    gates = frozenset(g for g in layout.gates if cell not in gate_cells(g))
    return Layout(tiles, gates, holes=layout.holes)


def check_swap(move: Redesign, attempt: Attempt) -> list[Violation]:
    """Every rule broken by putting ``move.new`` in place of the tile at ``move.cell``:
    ``attempt`` is the new tile tried at the cell of the city without the old one."""
    assert move.shape is not None
    bit = move.layout.probe_bit(move.cell)
    first = [
        rule
        for rule in (EMPTY, FOUNTAIN_STAYS, GATE_LOCKED)
        if not rule.holds(move.layout, move.shape, bit) & bit
    ]
    if first and first[0].whole_answer:
        return list(first[0].explain(move))
    found = [v for rule in first for v in rule.explain(move)]
    found += [
        v
        for rule in broken_rules(attempt, move.shape)
        if rule in SWAP_PLACEMENT
        for v in rule.explain(attempt)
    ]
    if not SWAP_DISCONNECTS.holds(move.layout, move.shape, bit) & bit:
        found += SWAP_DISCONNECTS.explain(move)
    return found


def gate_cells(gate: Gate) -> tuple[Cell, Cell]:
    """The two cells a gate joins, from its west or north tile."""
    (x, y), side = gate
    return (x, y), ((x + 1, y) if side == Side.E else (x, y + 1))

"""One player's Alhambra: tiles on a grid around the fountain, and the rules that bind them."""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping
from collections.abc import Set as AbstractSet
from types import MappingProxyType
from typing import Any

from . import rules
from .errors import AlhambraError
from .geometry import ORIGIN, Cell, Side, as_cell, canonical_edge, neighbours
from .layout import HOLE_RULES, RING_RULES, Layout
from .limits import MAX_TILES, check_cell_bounds, check_tile_count
from .messages import Phrase, render, shown
from .notation import format_city, parse_city
from .picture import city_picture
from .rules.placement import Attempt, walls_match
from .rules.redesign import Redesign, gate_cells
from .tiles import FOUNTAIN, Building, Tile, TileError, building_counts
from .violations import (
    IllegalPlacementError,
    IllegalRedesignError,
    RuleId,
    Violation,
)
from .walls import Segment

Gate = tuple[Cell, Side]


class City:
    """One Alhambra: the fountain at (0, 0) and the tiles built around it.

    ``City()`` is a fountain alone. ``City(tiles)`` and :meth:`from_text` take any position,
    even one the rules forbid, so that a lesson can show it; :meth:`validate` says what is
    wrong with it. :meth:`place`, :meth:`remove` and :meth:`swap` only ever make legal moves.

    ``holes`` says what a hole is: an enclosed empty area of ``"any"`` size (ruling R3, the
    default), or only a ``"single"`` empty cell with a tile on each of its four sides, so that
    a larger courtyard may be enclosed (the literal reading of some rulebooks).
    """

    __slots__ = ("_gates", "_holes", "_layout", "_tiles")

    def __init__(
        self,
        tiles: Mapping[Cell, Tile | str] | Iterable[tuple[Cell, Tile | str]] | None = None,
        *,
        gates: Iterable[Gate] = (),
        holes: str = "any",
    ) -> None:
        self._holes = _checked_choice("holes", holes, HOLE_RULES)
        placed: dict[Cell, Tile] = {ORIGIN: FOUNTAIN}
        for cell, tile in _pairs(tiles, "refusal.city-tiles"):
            cell = as_cell(cell)
            check_cell_bounds(cell)
            placed[cell] = as_tile(tile)
            check_tile_count(len(placed) - 1)
        self._tiles: Mapping[Cell, Tile] = placed
        self._gates = _checked_gates(gates, placed)
        self._layout: Layout | None = None

    # -- container protocol ---------------------------------------------------------------
    def __len__(self) -> int:
        return len(self._tiles)

    def __contains__(self, cell: object) -> bool:
        return cell in self._tiles

    def __getitem__(self, cell: Cell) -> Tile:
        return self._tiles[as_cell(cell)]

    def __iter__(self) -> Iterator[Cell]:
        return iter(self._tiles)

    def get(self, cell: Cell) -> Tile | None:
        return self._tiles.get(cell)

    def items(self) -> Iterator[tuple[Cell, Tile]]:
        """The (cell, tile) pairs, fountain first, then in the order they were built."""
        return iter(self._tiles.items())

    def tiles(self) -> Mapping[Cell, Tile]:
        """A read-only view of the position."""
        return MappingProxyType(self._tiles)

    @property
    def gates(self) -> frozenset[Gate]:
        """The gated double walls, each named from its west or north tile (expansion II)."""
        return self._gates

    @property
    def holes(self) -> str:
        """What a hole is here: ``"any"`` enclosed empty area (ruling R3) or only a
        ``"single"`` empty cell built round on four sides."""
        return self._holes

    def copy(self) -> City:
        twin = City.__new__(City)
        twin._tiles = self._tiles  # never changed in place (see _replace_tiles): shared
        twin._gates = self._gates
        twin._holes = self._holes
        twin._layout = self._layout  # a layout never changes, so twins may share it
        return twin

    def detached(self) -> City:
        """A copy to hand out: it reads the position through a read-only view, so that
        nothing done to it (not even to its private fields) reaches this city, its other
        copies or a game's undo history. Placing on it gives it a position of its own."""
        twin = self.copy()
        if not isinstance(self._tiles, MappingProxyType):
            twin._tiles = MappingProxyType(self._tiles)
        return twin

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, City):
            return NotImplemented
        return (
            self._tiles == other._tiles
            and self._gates == other._gates
            and self._holes == other._holes
        )

    __hash__ = None  # type: ignore[assignment]

    def __getstate__(self) -> tuple[dict[Cell, Tile], frozenset[Gate], str]:
        # A handed-out city reads through a view that cannot be pickled: send a plain dict.
        return dict(self._tiles), self._gates, self._holes

    def __setstate__(self, state: tuple[Any, ...]) -> None:
        # A city pickled before the rule of holes was kept reads with the rules' own.
        self._tiles, self._gates = state[0], state[1]
        self._holes = state[2] if len(state) > 2 else "any"
        self._layout = None

    def _facts(self) -> Layout:
        if self._layout is None:
            self._layout = Layout(self._tiles, self._gates, holes=self._holes)
        return self._layout

    def _replace_tiles(self, tiles: dict[Cell, Tile], layout: Layout | None = None) -> None:
        """Take ``tiles`` as the new position. The old mapping is left as it was: copies of
        this city and its old layout still read it."""
        self._tiles = tiles
        self._layout = layout

    # -- placing --------------------------------------------------------------------------
    def check(
        self, tile: Tile | str, cell: Cell, rotation: int = 0, *, gate: Side | str | None = None
    ) -> list[Violation]:
        """Every building rule broken by ``tile`` at ``cell`` (``[]`` when it is legal).

        ``rotation`` turns the tile clockwise by quarter turns, so a learner can see why
        tiles stay upright: it breaks ``placement/orientation`` and moves the walls.
        ``gate`` (expansion II) puts a gate on that side of the new tile.
        """
        tile, cell, turns = as_tile(tile), as_cell(cell), as_rotation(rotation)
        side = as_side(gate)
        shape = rules.Shape.of(tile, turns, side)
        edges = tile.rotated_edges(turns) if turns else tile.edges
        layout = self._facts()
        bit = layout.bit(cell)
        if rules.legal_bits(layout, shape) & bit:
            return []  # the usual answer where a learner points: found without an attempt
        attempt = Attempt(tile, cell, edges, turns, self._tiles, layout, side)
        return rules.check_attempt(attempt, shape, bit)

    def _attempt(
        self, tile: Tile | str, cell: Cell, rotation: int, gate: Side | str | None = None
    ) -> Attempt:
        tile, cell, turns = as_tile(tile), as_cell(cell), as_rotation(rotation)
        edges = tile.rotated_edges(turns) if turns else tile.edges
        return Attempt(tile, cell, edges, turns, self._tiles, self._facts(), as_side(gate))

    def is_legal(
        self, tile: Tile | str, cell: Cell, rotation: int = 0, *, gate: Side | str | None = None
    ) -> bool:
        """Whether ``tile`` may be built at ``cell``; fast, with no explanations."""
        tile, cell = as_tile(tile), as_cell(cell)
        shape = rules.Shape.of(tile, as_rotation(rotation), as_side(gate))
        layout = self._facts()
        return bool(rules.legal_bits(layout, shape) & layout.bit(cell))

    def legal_cells(self, tile: Tile | str, *, gate: bool = False) -> AbstractSet[Cell]:
        """Every cell where ``tile`` may be built; with ``gate``, also those where a gate
        on a new double wall would let the pedestrian in (expansion II). A set counted and
        asked from the rules' bits; read through, it gives the cells in reading order."""
        shape = rules.Shape.of(as_tile(tile), gate=bool(gate))
        layout = self._facts()
        return layout.cell_set(rules.legal_bits(layout, shape))

    def gate_openings(self, tile: Tile | str) -> list[tuple[Cell, Side]]:
        """The (cell, side) pairs where ``tile`` may be built only with a gate on that side
        (expansion II), in reading order; cells where it may go without one are left out."""
        shape = rules.Shape.of(as_tile(tile))
        return rules.placement.gate_openings(self._facts(), shape)

    def candidate_cells(self) -> AbstractSet[Cell]:
        """The empty cells that share a side with the city: where a new tile could go (a set
        as :meth:`legal_cells` gives it)."""
        layout = self._facts()
        return layout.cell_set(layout.candidate_bits())

    def place(self, tile: Tile | str, cell: Cell, *, gate: Side | str | None = None) -> None:
        """Build ``tile`` at ``cell`` (with a gate on its ``gate`` side, expansion II);
        raises :class:`IllegalPlacementError` and changes nothing when a rule forbids it."""
        tile, cell, side = as_tile(tile), as_cell(cell), as_side(gate)
        if not self.is_legal(tile, cell, gate=side):
            raise IllegalPlacementError(self.check(tile, cell, gate=side))
        check_cell_bounds(cell)
        check_tile_count(len(self._tiles))
        self._place_checked(tile, cell, side)

    def _place_checked(self, tile: Tile, cell: Cell, side: Side | None = None) -> None:
        """:meth:`place` for a placement the caller has already found legal."""
        tiles = {**self._tiles, cell: tile}
        gates = None if side is None else self._gates | {canonical_edge(cell, side)}
        # is_legal built the layout that the new one grows from
        self._replace_tiles(tiles, self._facts().placed(cell, tile, tiles, gates))
        if gates is not None:
            self._gates = gates

    # -- redesigning ----------------------------------------------------------------------
    def removable_cells(self) -> AbstractSet[Cell]:
        """Every cell whose tile may be taken out of the Alhambra (where :meth:`check_removal`
        finds nothing), as :meth:`legal_cells` gives its cells."""
        layout = self._facts()
        return layout.cell_set(rules.removable_bits(layout))

    def check_removal(self, cell: Cell) -> list[Violation]:
        """Every rule broken by taking the tile at ``cell`` away (``[]`` when allowed)."""
        cell, layout = as_cell(cell), self._facts()
        if rules.removable_bits(layout) & layout.bit(cell):
            return []
        return rules.check_removal(Redesign(cell, self._tiles, self._gates, layout))

    def remove(self, cell: Cell) -> Tile:
        """Take the tile at ``cell`` away and return it; raises
        :class:`IllegalRedesignError` and changes nothing when the rules forbid it."""
        cell = as_cell(cell)
        violations = self.check_removal(cell)
        if violations:
            raise IllegalRedesignError(violations)
        return self._remove_checked(cell)

    def _remove_checked(self, cell: Cell) -> Tile:
        """:meth:`remove` for a removal the caller has already found legal."""
        tiles = dict(self._tiles)
        tile = tiles.pop(cell)
        self._replace_tiles(tiles, self._facts().removed(cell, tiles))
        return tile

    def check_swap(self, cell: Cell, tile: Tile | str, rotation: int = 0) -> list[Violation]:
        """Every rule broken by putting ``tile`` in place of the tile at ``cell``."""
        cell, tile, turns = as_cell(cell), as_tile(tile), as_rotation(rotation)
        layout, shape = self._facts(), rules.Shape.of(tile, turns)
        if rules.swap_bits(layout, shape) & layout.bit(cell):
            return []
        move = Redesign(cell, self._tiles, self._gates, layout, tile, shape)
        # The building rules speak for the new tile in the city without the old one.
        without = self.copy()
        without._replace_tiles({c: t for c, t in self._tiles.items() if c != cell})
        without._gates = frozenset(g for g in self._gates if cell not in gate_cells(g))
        return rules.check_swap(move, without._attempt(tile, cell, turns))

    def swap(self, cell: Cell, tile: Tile | str) -> Tile:
        """Put ``tile`` where the tile at ``cell`` stands and return the old one; raises
        :class:`IllegalRedesignError` and changes nothing when the rules forbid it."""
        cell, tile = as_cell(cell), as_tile(tile)
        violations = self.check_swap(cell, tile)
        if violations:
            raise IllegalRedesignError(violations)
        return self._swap_checked(cell, tile)

    def _swap_checked(self, cell: Cell, tile: Tile) -> Tile:
        """:meth:`swap` for a swap the caller has already found legal (no second check)."""
        old = self._tiles[cell]
        tiles = {**self._tiles, cell: tile}
        self._replace_tiles(tiles, self._facts().swapped(cell, tile, tiles))
        return old

    # -- the whole position ---------------------------------------------------------------
    def validate(self) -> list[Violation]:
        """Everything wrong with this position as a whole (``[]`` for a legal Alhambra)."""
        tiles, layout = self._tiles, self._facts()
        found = []
        fountains = [c for c, t in tiles.items() if t.is_fountain]
        if fountains != [ORIGIN] or not tiles[ORIGIN].is_fountain:
            found.append(Violation.of(RuleId.CITY_FOUNTAIN, cells=tuple(fountains)))
        for cell, tile in tiles.items():
            # Each shared side is judged once, from its west or north tile: a lookup of the
            # two cells east and south keeps the whole check linear in the number of tiles.
            east_and_south = {c: tiles[c] for c in neighbours(cell)[1:3] if c in tiles}
            attempt = Attempt(tile, cell, tile.edges, 0, east_and_south, layout)
            found += walls_match(attempt)
        found += self._misplaced_gates()
        joined = _joined_to_fountain(tiles)
        for cell, tile in tiles.items():
            if cell not in joined:
                found.append(Violation.of(RuleId.CITY_TOUCHES, cells=(cell,), tile=tile, cell=cell))
            elif not tile.is_camp and cell not in layout.reach:
                found.append(Violation.of(RuleId.CITY_WALKING, cells=(cell,), tile=tile, cell=cell))
        found += self._holes_in(layout)
        return found

    def _misplaced_gates(self) -> list[Violation]:
        found = []
        for cell, side in sorted(self._gates):
            other_cell = gate_cells((cell, side))[1]
            tile, other = self._tiles[cell], self._tiles[other_cell]
            if not (tile.has_wall(side) and other.has_wall(side.opposite)):
                found.append(
                    Violation.of(
                        RuleId.GATE,
                        cells=(cell,),
                        edges=((cell, side),),
                        tile=tile,
                        side=side,
                        cell=cell,
                        what=Phrase("gate.not-double", other=other, other_cell=other_cell),
                    )
                )
        return found

    @staticmethod
    def _holes_in(layout: Layout) -> Iterator[Violation]:
        """Each hole: an enclosed area (ruling R3), or each single cell built round."""
        enclosed = layout.holes_bits()
        if layout.holes == "single":
            for cell in layout.cells_of(enclosed):
                yield Violation.of(RuleId.CITY_NO_HOLES, cells=(cell,), empty=(cell,))
            return
        while enclosed:
            region = layout.flood(enclosed & -enclosed, enclosed)
            cells = layout.cells_of(region)
            yield Violation.of(RuleId.CITY_NO_HOLES, cells=cells, empty=cells)
            enclosed &= ~region

    def is_valid(self) -> bool:
        """Whether this position obeys every building rule."""
        return not self.validate()

    # -- walls and counts -----------------------------------------------------------------
    def longest_wall(self, rings: str = "n") -> int:
        """Points for the longest continuous outer wall (RULES.md §5): the longest trail of
        outer wall segments, so that a closed ring of n segments scores n (``rings="n"``,
        ruling R5), or the longest path that never passes the same corner twice, so that it
        scores n - 1 (``"n-1"``, Board Game Arena's reading). An open wall scores all its
        segments either way."""
        if rings == "n":  # the rules' own reading, asked at every scoring: no more checks
            return self._facts().longest_wall_length()
        return self._facts().longest_wall_length(_checked_choice("rings", rings, RING_RULES))

    def longest_wall_segments(self, rings: str = "n") -> tuple[Segment, ...]:
        """The tile sides that make up the longest outer wall (read as :meth:`longest_wall`
        reads ``rings``), to draw it; of a closed ring counted n - 1, all but its last."""
        return self._facts().longest_wall(_checked_choice("rings", rings, RING_RULES))

    def walkable_cells(self) -> frozenset[Cell]:
        """The tiles a pedestrian can reach from the fountain."""
        return self._facts().reach

    def building_counts(self) -> dict[Building, int]:
        """How many tiles of each type stand in this Alhambra (the reserve never counts)."""
        return building_counts(self._tiles.values())

    # -- text -----------------------------------------------------------------------------
    @classmethod
    def from_text(cls, text: str, *, holes: str = "any") -> City:
        """The city written in the notation of :meth:`to_text` (not checked: see
        :meth:`validate`), with ``holes`` as in :class:`City`."""
        tiles, gates = parse_city(text)
        city = cls(holes=holes)
        city._tiles = tiles
        city._gates = gates
        return city

    def to_text(self) -> str:
        """This city in the notation that :meth:`from_text` reads back."""
        return format_city(self._tiles, self._gates)

    def __repr__(self) -> str:
        text = format_city(self._tiles, self._gates, "; ")
        if self._holes != "any":
            return f"City.from_text({text!r}, holes={self._holes!r})"
        return f"City.from_text({text!r})"

    def __str__(self) -> str:
        return city_picture(self._tiles)

    def _repr_svg_(self) -> str:
        from ..render import city_svg

        return city_svg(self)

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, str]:
        # The picture also as HTML, whose <img> carries the picture's description as alt text
        # for nbconvert's HTML export (see render.mime); IPython applies include/exclude.
        from ..render.mime import picture_bundle

        return picture_bundle(self._repr_svg_())


def as_tile(value: object) -> Tile:
    """A tile, or a tile code such as ``'tower-9-NE'`` read as one."""
    if isinstance(value, Tile):
        return value
    if isinstance(value, str):
        return Tile.parse(value)
    raise TileError(render("refusal.tile-kind", {"value": shown(value)}))


def as_side(value: object) -> Side | None:
    """A side, a side letter read as one, or ``None``."""
    if value is None or isinstance(value, Side):
        return value
    if isinstance(value, str):
        try:
            return Side.parse(value)
        except ValueError:
            raise TileError(render("refusal.gate-side", {"value": shown(value)})) from None
    raise TileError(render("refusal.gate-side", {"value": shown(value)}))


def as_rotation(value: int) -> int:
    """Quarter turns clockwise, 0-3."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise TileError(render("refusal.rotation", {"value": shown(value)}))
    return value % 4


class CityError(AlhambraError):
    """Raised when the tiles or gates given for a city are not cells with tiles and
    (cell, side) pairs joining two of its tiles, or a reading of a rule (``holes``,
    ``rings``) is not one it has."""


def _checked_choice(field: str, value: object, allowed: tuple[str, ...]) -> str:
    """``value`` if it is one of the readings ``allowed`` of the rule ``field``."""
    if not isinstance(value, str) or value not in allowed:
        words = {"field": field, "value": shown(value), "allowed": ", ".join(allowed)}
        raise CityError(render("refusal.variant", words))
    return value


def _pairs(value: object, refusal: str) -> Iterator[tuple[object, object]]:
    """The two-item entries of a mapping or of an iterable of pairs; ``None`` is none."""
    if value is None:
        return
    if isinstance(value, Mapping):
        yield from value.items()
        return
    if not isinstance(value, Iterable) or isinstance(value, (str, bytes)):
        raise CityError(render(refusal, {"value": shown(value)}))
    for entry in itertools.islice(value, MAX_TILES + 2):  # more is refused by the count
        if not isinstance(entry, (tuple, list)) or len(entry) != 2:
            raise CityError(render(refusal, {"value": shown(entry)}))
        yield entry[0], entry[1]


def _checked_gates(gates: object, tiles: Mapping[Cell, Tile]) -> frozenset[Gate]:
    """The gates named by ``gates``, each by its west or north tile; a gate that does not
    join two of ``tiles`` is refused (it would stand on no double wall at all)."""
    found = set()
    for cell, side in _pairs(gates, "refusal.city-gates"):
        gate = canonical_edge(as_cell(cell), _gate_side(side))
        joined = gate_cells(gate)
        if joined[0] not in tiles or joined[1] not in tiles:
            raise CityError(render("refusal.gate-dangling", {"cell": gate[0], "side": gate[1]}))
        found.add(gate)
    return frozenset(found)


def _gate_side(value: object) -> Side:
    side = as_side(value)
    if side is None:
        raise CityError(render("refusal.city-gates", {"value": shown(value)}))
    return side


def _joined_to_fountain(tiles: Mapping[Cell, Tile]) -> set[Cell]:
    joined = {ORIGIN} if ORIGIN in tiles else set()
    stack = list(joined)
    while stack:
        for other in neighbours(stack.pop()):
            if other in tiles and other not in joined:
                joined.add(other)
                stack.append(other)
    return joined

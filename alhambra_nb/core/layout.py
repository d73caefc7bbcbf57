"""What the building rules need to know about one position, computed once and shared.

A :class:`Layout` is derived from a city's tiles and gates and never changes; when the city
changes it gets a new one, derived from the old one when a single tile was built, taken away
or swapped. It holds the walking graph search (who is reachable from the fountain, and whom
each tile's removal would cut off), the empty cells that reach the outside, and for every
empty cell beside the city what its neighbours demand of a new tile there.

Empty space is kept as bits of one integer over the city's bounding box plus a margin of two
cells, so a flood fill over it is a handful of big-integer operations per step.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from .geometry import ORIGIN, Cell, Side, neighbour, neighbours
from .tiles import MATCHING_EDGES, Edge, Tile
from .walls import longest_wall

NO_TILE = 4
"""The code of a missing neighbour in a side signature."""

OPEN, WALL = int(Edge.OPEN), int(Edge.WALL)

_MATCH = [[(a, b) in MATCHING_EDGES or b == NO_TILE for b in range(5)] for a in range(4)]


def walk_neighbours(
    tiles: Mapping[Cell, Tile], gates: frozenset[tuple[Cell, int]]
) -> dict[Cell, list[Cell]]:
    """The walking graph: tiles joined where a pedestrian can cross their shared side.

    Open against open, or a gated double wall (expansion II); nobody walks through a camp.
    """
    return {
        cell: _walk_links(tiles, gates, cell, tile)
        for cell, tile in tiles.items()
        if not tile.is_camp
    }


def _walk_links(
    tiles: Mapping[Cell, Tile], gates: frozenset[tuple[Cell, int]], cell: Cell, tile: Tile
) -> list[Cell]:
    """The neighbours a pedestrian can step to from the building ``tile`` at ``cell``."""
    joined = []
    edges = tile.edges
    for side, other_cell in enumerate(neighbours(cell)):
        other = tiles.get(other_cell)
        if other is None or other.is_camp:
            continue
        mine, theirs = edges[side], other.edges[side ^ 2]
        if (mine is Edge.OPEN and theirs is Edge.OPEN) or (
            mine is Edge.WALL and theirs is Edge.WALL and _gated(cell, side, gates)
        ):
            joined.append(other_cell)
    return joined


def _gated(cell: Cell, side: int, gates: frozenset[tuple[Cell, int]]) -> bool:
    if not gates:
        return False
    if side in (1, 2):
        return (cell, side) in gates
    x, y = cell
    return ((x, y - 1), 2) in gates if side == 0 else ((x - 1, y), 1) in gates


def _side_parts(edge_bits: int, is_camp: bool) -> tuple[tuple[int, int], ...]:
    """What a tile adds to the signature of the empty cell on each side of it.

    Per side of the empty cell, a pair: the bits that turn that side's ``NO_TILE`` code into
    the tile's facing edge, and the walk or gate bit it adds when the tile is reachable.
    """
    parts = []
    for side in range(4):
        facing = (edge_bits >> 2 * (side ^ 2)) & 3
        reachable = 0
        if not is_camp and facing in (OPEN, WALL):
            reachable = 1 << side << (12 if facing == OPEN else 16)
        parts.append(((NO_TILE ^ facing) << 3 * side, reachable))
    return tuple(parts)


_SIDE_PARTS = {
    bits | camp << 8: _side_parts(bits, bool(camp)) for bits in range(256) for camp in (0, 1)
}
_ALL_EMPTY = NO_TILE | NO_TILE << 3 | NO_TILE << 6 | NO_TILE << 9


def _signature(tiles: Mapping[Cell, Tile], reach: frozenset[Cell], cell: Cell) -> int:
    """What the neighbours of the empty ``cell`` ask of a new tile there (see ``frontier``)."""
    x, y = cell
    code = _ALL_EMPTY
    for side, other_cell in enumerate(((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y))):
        other = tiles.get(other_cell)
        if other is not None:
            facing, reachable = _SIDE_PARTS[other.edge_bits | other.is_camp << 8][side]
            code ^= facing
            if other_cell in reach:
                code |= reachable
    return code


def _stays_joined(window: int) -> bool:
    """Whether the empty side cells of the middle of a 3 x 3 ``window`` (bit ``3 * row +
    column`` set where a tile stands) stay joined round it once it is built on.

    Walk round the eight cells about the middle: empty side cells next to each other through
    an empty corner cell form one run. One run or none means nothing can be cut off.
    """
    ring = (1, 2, 5, 8, 7, 6, 3, 0)  # N, NE, E, SE, S, SW, W, NW as window bits
    filled = [bool(window >> bit & 1) for bit in ring]
    runs = 0
    for index in (0, 2, 4, 6):
        if filled[index]:
            continue
        if filled[(index - 2) % 8] or filled[index - 1]:
            runs += 1
    if runs == 0 and not all(filled[i] for i in (0, 2, 4, 6)):
        runs = 1  # every empty side cell is joined to the next one, all the way round
    return runs <= 1


_STAYS_JOINED = tuple(_stays_joined(window) for window in range(512))


class Layout:
    """The derived facts about one position that every rule check reads.

    Built whole from a position, or derived from the layout before one tile was built, taken
    away or swapped (:meth:`placed`, :meth:`removed`, :meth:`swapped`): only what lies next
    to that tile changes.
    """

    __slots__ = (
        "_cuts",
        "_enclosures",
        "_full",
        "_gates",
        "_graph",
        "_groups",
        "_height",
        "_legal",
        "_locked",
        "_not_first_col",
        "_not_last_col",
        "_order",
        "_origin",
        "_removable",
        "_swap_slots",
        "_wall",
        "_width",
        "camps",
        "empty_bits",
        "frontier",
        "outside_bits",
        "reach",
        "ring_bits",
        "tiles",
    )

    def __init__(self, tiles: Mapping[Cell, Tile], gates: frozenset[tuple[Cell, int]]) -> None:
        # ``tiles`` is never changed afterwards: a city replaces its mapping when it changes.
        self.tiles = tiles
        self._gates = gates
        self._graph = walk_neighbours(tiles, gates)
        self.reach, self._order, self._cuts = _search_from_fountain(self._graph)
        self._setup_grid()
        self.camps = [cell for cell, tile in tiles.items() if tile.is_camp]
        self.frontier = self._frontier_signatures()
        self._forget_derived()

    def _forget_derived(self) -> None:
        self._groups: dict[int, int] | None = None
        self._legal: dict[int, tuple[Cell, ...]] = {}
        self._enclosures: dict[Cell, tuple[Cell, ...]] = {}
        self._wall: tuple[tuple[Cell, Side], ...] | None = None
        self._locked: frozenset[Cell] | None = None
        self._removable: tuple[Cell, ...] | None = None
        self._swap_slots: tuple[SwapSlot, ...] | None = None

    # -- one tile more or less ------------------------------------------------------------
    def placed(self, cell: Cell, tile: Tile, tiles: Mapping[Cell, Tile]) -> Layout:
        """The layout of ``tiles``: this position with ``tile`` legally built at ``cell``."""
        graph, reach = self._graph, self.reach
        if not tile.is_camp:
            links = _walk_links(tiles, self._gates, cell, tile)
            if not links or any(other not in reach for other in links):
                return Layout(tiles, self._gates)  # walking changes beyond the new tile
            graph = dict(graph)
            graph[cell] = links
            for other in links:
                graph[other] = [*graph[other], cell]
            reach = reach | {cell}
        after = self._derived(tiles, graph, reach)
        if tile.is_camp:
            after.camps = [*self.camps, cell]
        if not after._inside_margin(cell):
            after._setup_grid()
        else:
            bit = after.bit(cell)
            # A legal tile encloses nothing, so only its own cell leaves the open land.
            after.empty_bits = self.empty_bits & ~bit
            after.outside_bits = self.outside_bits & ~bit
        frontier = after.frontier = dict(self.frontier)
        del frontier[cell]
        for other in neighbours(cell):
            if other not in tiles:
                frontier[other] = _signature(tiles, reach, other)
        return after

    def removed(self, cell: Cell, tiles: Mapping[Cell, Tile]) -> Layout:
        """The layout of ``tiles``: this position with the tile at ``cell`` legally taken
        away (nothing else cut off)."""
        graph, reach = self._graph, self.reach
        if cell in graph:
            graph = dict(graph)
            for other in graph.pop(cell):
                graph[other] = [c for c in graph[other] if c != cell]
            reach = reach - {cell}
        after = self._derived(tiles, graph, reach)
        if cell in self.camps:
            after.camps = [c for c in self.camps if c != cell]
        bit = after.bit(cell)
        after.empty_bits = self.empty_bits | bit
        after.outside_bits = self.outside_bits
        if any(self.outside_bits & after.bit(other) for other in neighbours(cell)):
            after.outside_bits = after.flood(self.outside_bits | bit, after.empty_bits)
        frontier = after.frontier = dict(self.frontier)
        frontier[cell] = _signature(tiles, reach, cell)
        for other in neighbours(cell):
            if other in tiles:
                continue
            if any(n in tiles for n in neighbours(other)):
                frontier[other] = _signature(tiles, reach, other)
            else:
                frontier.pop(other, None)
        return after

    def swapped(self, cell: Cell, tile: Tile, tiles: Mapping[Cell, Tile]) -> Layout:
        """The layout of ``tiles``: this position with ``tile`` legally swapped in for the
        tile at ``cell``. A building legally replacing a building matches the same neighbours,
        so the pedestrian crosses the same sides: walking and empty space stay as they were,
        and only the empty cells beside it see new edges. A camp changes walking: rebuilt."""
        if tile.is_camp or self.tiles[cell].is_camp:
            return Layout(tiles, self._gates)
        after = self._derived(tiles, self._graph, self.reach)
        after._order, after._cuts = self._order, self._cuts
        after.empty_bits, after.outside_bits = self.empty_bits, self.outside_bits
        frontier = after.frontier = dict(self.frontier)
        for other in neighbours(cell):
            if other not in tiles:
                frontier[other] = _signature(tiles, self.reach, other)
        return after

    def _derived(
        self, tiles: Mapping[Cell, Tile], graph: dict[Cell, list[Cell]], reach: frozenset[Cell]
    ) -> Layout:
        """A layout for ``tiles`` sharing this one's grid; the caller fixes what changed."""
        after = Layout.__new__(Layout)
        after.tiles, after._gates, after._graph, after.reach = tiles, self._gates, graph, reach
        after._order = after._cuts = None
        after.camps = self.camps
        after._origin, after._width, after._height = self._origin, self._width, self._height
        after._full, after.ring_bits = self._full, self.ring_bits
        after._not_first_col, after._not_last_col = self._not_first_col, self._not_last_col
        after._forget_derived()
        return after

    def _inside_margin(self, cell: Cell) -> bool:
        """Whether ``cell`` keeps two empty cells between it and the grid's edge (so that
        every candidate cell beside it lies inside the ring of open land)."""
        x, y = cell[0] - self._origin[0], cell[1] - self._origin[1]
        return 2 <= x < self._width - 2 and 2 <= y < self._height - 2

    def longest_wall(self) -> tuple[tuple[Cell, Side], ...]:
        """The segments of the longest outer wall (ruling R5), computed once."""
        if self._wall is None:
            self._wall = longest_wall(self.tiles)
        return self._wall

    # -- the grid of empty space ----------------------------------------------------------
    def _setup_grid(self) -> None:
        xs = [x for x, _ in self.tiles] or [0]
        ys = [y for _, y in self.tiles] or [0]
        left, top = min(xs) - 2, min(ys) - 2
        width, height = max(xs) + 3 - left, max(ys) + 3 - top
        self._origin = (left, top)
        self._width, self._height = width, height
        full = (1 << width * height) - 1
        row = (1 << width) - 1
        first_col = sum(1 << (r * width) for r in range(height))
        self.ring_bits = (
            row | (row << (height - 1) * width) | first_col | (first_col << (width - 1))
        )
        self._not_first_col = full & ~first_col
        self._not_last_col = full & ~(first_col << (width - 1))
        self._full = full
        tile_bits = 0
        for cell in self.tiles:
            tile_bits |= self.bit(cell)
        self.empty_bits = full & ~tile_bits
        self.outside_bits = self.flood(self.ring_bits, self.empty_bits)

    def bit(self, cell: Cell) -> int:
        """The bit of ``cell`` in the grid (0 for a cell beyond it)."""
        x, y = cell[0] - self._origin[0], cell[1] - self._origin[1]
        if 0 <= x < self._width and 0 <= y < self._height:
            return 1 << (y * self._width + x)
        return 0

    def cells_of(self, bits: int) -> list[Cell]:
        """The cells whose bits are set, in reading order (north to south, west to east):
        the order of the bits, as a cell's bit is its row times the width plus its column."""
        cells = []
        (left, top), width = self._origin, self._width
        while bits:
            low = bits & -bits
            index = low.bit_length() - 1
            cells.append((left + index % width, top + index // width))
            bits ^= low
        return cells

    def tile_bits(self) -> int:
        """The cells with a tile on them."""
        return self._full & ~self.empty_bits

    def beside(self, bits: int) -> int:
        """The cells that share a side with one of ``bits``."""
        return (
            ((bits << 1) & self._not_first_col)
            | ((bits >> 1) & self._not_last_col)
            | (bits << self._width)
            | (bits >> self._width)
        ) & self._full

    def flood(self, seed: int, space: int) -> int:
        """Every bit of ``space`` reachable from ``seed`` by orthogonal steps within ``space``."""
        width, keep_left, keep_right = self._width, self._not_first_col, self._not_last_col
        current = seed & space
        while True:
            grown = (
                current
                | ((current << 1) & keep_left)
                | ((current >> 1) & keep_right)
                | (current << width)
                | (current >> width)
            ) & space
            if grown == current:
                return current
            current = grown

    def is_outside(self, cell: Cell) -> bool:
        """Whether an empty ``cell`` is connected to the open land around the Alhambra."""
        bit = self.bit(cell)
        return not bit or bool(self.outside_bits & bit)

    # -- holes ----------------------------------------------------------------------------
    def enclosed_by(self, cell: Cell) -> tuple[Cell, ...]:
        """The empty cells a tile at the empty ``cell`` would newly enclose (ruling R3)."""
        found = self._enclosures.get(cell)
        if found is None:
            found = self._enclosures[cell] = self._enclosed_by(cell)
        return found

    def _enclosed_by(self, cell: Cell) -> tuple[Cell, ...]:
        if not self.is_outside(cell) or self._empty_sides_stay_joined(cell):
            return ()
        space = self.empty_bits & ~self.bit(cell)
        still_outside = self.flood(self.ring_bits, space)
        return tuple(self.cells_of(space & self.outside_bits & ~still_outside))

    def _empty_sides_stay_joined(self, cell: Cell) -> bool:
        """Whether the empty cells beside the empty ``cell`` stay joined around it once it is
        built on. The grid keeps two empty cells round every tile, so a cell on its edge has
        nothing but open land about it."""
        x, y = cell[0] - self._origin[0], cell[1] - self._origin[1]
        if not (0 < x < self._width - 1 and 0 < y < self._height - 1):
            return True
        width, tile_bits = self._width, self._full & ~self.empty_bits
        corner = (y - 1) * width + x - 1
        window = (
            (tile_bits >> corner & 7)
            | (tile_bits >> (corner + width) & 7) << 3
            | (tile_bits >> (corner + 2 * width) & 7) << 6
        )
        return _STAYS_JOINED[window]

    def removal_encloses(self, cell: Cell) -> bool:
        """Whether taking the tile at ``cell`` away would leave an enclosed empty cell."""
        return not any(
            other not in self.tiles and self.is_outside(other) for other in neighbours(cell)
        )

    # -- walking --------------------------------------------------------------------------
    @property
    def order(self) -> list[Cell]:
        """The reachable tiles in the order a depth-first walk from the fountain finds them."""
        if self._order is None:
            self._walk()
        assert self._order is not None
        return self._order

    @property
    def cut_ranges(self) -> dict[Cell, list[tuple[int, int]]]:
        """For each tile, the ranges of :attr:`order` cut off without it."""
        if self._cuts is None:
            self._walk()
        assert self._cuts is not None
        return self._cuts

    def _walk(self) -> None:
        _, self._order, self._cuts = _search_from_fountain(self._graph)

    def cut_off_by(self, cell: Cell) -> list[Cell]:
        """The tiles that could no longer be walked to if the tile at ``cell`` were gone."""
        cut: list[Cell] = []
        order = self.order
        for start, stop in self.cut_ranges.get(cell, ()):
            cut.extend(order[start:stop])
        return cut

    def detached_by(self, cell: Cell) -> list[Cell]:
        """The camps that would no longer touch the Alhambra without the tile at ``cell``.

        Camps are exempt from walking but must stay joined side to side to the city.
        """
        tiles = self.tiles
        camps = [c for c in self.camps if c != cell]
        if not camps:
            return []
        joined = {ORIGIN, cell}
        stack = [ORIGIN]
        while stack:
            for other in neighbours(stack.pop()):
                if other in tiles and other not in joined:
                    joined.add(other)
                    stack.append(other)
        return [c for c in camps if c not in joined]

    # -- redesigning ----------------------------------------------------------------------
    def gate_locked(self) -> frozenset[Cell]:
        """The cells joined by a gate: never moved by a redesign (expansion II)."""
        if self._locked is None:
            self._locked = frozenset(
                c for cell, side in self._gates for c in (cell, neighbour(cell, side))
            )
        return self._locked

    def removable(self) -> tuple[Cell, ...]:
        """The tiles that may be taken out of the Alhambra, in reading order: none that
        others hang on alone, that would leave a hole, that a gate holds, or that a camp
        needs to touch the city (every building stays walkable, so a camp can only lose its
        hold through a neighbour)."""
        if self._removable is None:
            kept = self.bit(ORIGIN)
            for cell, ranges in self.cut_ranges.items():
                if ranges:
                    kept |= self.bit(cell)
            for cell in self.gate_locked():
                kept |= self.bit(cell)
            # A tile with no open land beside it would leave a hole behind.
            cells = self.cells_of(self.tile_bits() & self.beside(self.outside_bits) & ~kept)
            if self.camps:
                near_camps = {n for camp in self.camps for n in neighbours(camp)}
                cells = [c for c in cells if c not in near_camps or not self.detached_by(c)]
            self._removable = tuple(cells)
        return self._removable

    def swap_slots(self) -> tuple[SwapSlot, ...]:
        """The tiles a swap may replace (not the fountain, none a gate holds), in reading
        order, each with the mask of its sides that face a neighbour and its edges there: a
        building may replace a building exactly when its edges under that mask are the
        same (the walking graph and the holes then stay as they are)."""
        if self._swap_slots is None:
            tiles, slots = self.tiles, []
            kept = self.bit(ORIGIN)
            for cell in self.gate_locked():
                kept |= self.bit(cell)
            for cell in self.cells_of(self.tile_bits() & ~kept):
                mask = 0
                for side, other in enumerate(neighbours(cell)):
                    if other in tiles:
                        mask |= 3 << 2 * side
                old = tiles[cell]
                slots.append((cell, old, mask, old.edge_bits & mask))
            self._swap_slots = tuple(slots)
        return self._swap_slots

    # -- candidate cells ------------------------------------------------------------------
    def _frontier_signatures(self) -> dict[Cell, int]:
        """For every empty cell beside the city, what its neighbours ask of a new tile.

        The signature packs, per side: the neighbour's facing edge (3 bits, ``NO_TILE`` when
        empty), whether a pedestrian could step over from it through an open side, and
        whether it is a reachable wall that a gate could open.
        """
        tiles, reach = self.tiles, self.reach
        frontier: dict[Cell, int] = {}
        for x, y in tiles:
            for candidate in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
                if candidate not in tiles and candidate not in frontier:
                    frontier[candidate] = _signature(tiles, reach, candidate)
        return frontier

    def legal_cells(self, code: int, is_camp: bool, gate: bool) -> tuple[Cell, ...]:
        """The cells where a tile with edges ``code`` may go, in reading order, remembered
        per kind of tile: a game asks the same position about the same tiles again and
        again."""
        key = code | is_camp << 8 | gate << 9
        found = self._legal.get(key)
        if found is None:
            bits = 0
            for signature, cells in self.groups().items():
                if fits(code, is_camp, signature, gate):
                    bits |= cells
            found = self._legal[key] = tuple(self.cells_of(bits))
        return found

    def groups(self) -> dict[int, int]:
        """Candidate cells that enclose nothing, as grid bits grouped by signature."""
        if self._groups is None:
            groups: dict[int, int] = {}
            (left, top), width = self._origin, self._width
            tile_bits, outside = self.tile_bits(), self.outside_bits
            for cell, signature in self.frontier.items():
                # _empty_sides_stay_joined inlined: most candidates pass this local test.
                index = (cell[1] - top) * width + cell[0] - left
                if outside >> index & 1:
                    corner = index - width - 1
                    window = (
                        (tile_bits >> corner & 7)
                        | (tile_bits >> (corner + width) & 7) << 3
                        | (tile_bits >> (corner + 2 * width) & 7) << 6
                    )
                    if not _STAYS_JOINED[window] and self.enclosed_by(cell):
                        continue
                groups[signature] = groups.get(signature, 0) | 1 << index
            self._groups = groups
        return self._groups


SwapSlot = tuple[Cell, Tile, int, int]
"""A tile a swap may replace: its cell, the tile, its neighbour-facing mask and edges."""


def edge_code(edges: tuple[Edge, ...]) -> int:
    """Four edges packed in one small integer (2 bits each, north first)."""
    return edges[0] | edges[1] << 2 | edges[2] << 4 | edges[3] << 6


def fits(code: int, is_camp: bool, signature: int, gate: bool = False) -> bool:
    """Whether a tile with edges ``code`` suits a candidate cell of ``signature``.

    Every shared side must match; a building must also be walkable from a reachable neighbour
    (through an open side, or through a double wall that a gate opens when ``gate``).
    """
    key = code | is_camp << 8 | gate << 9 | signature << 10
    known = _FITS.get(key)
    if known is None:
        known = _FITS[key] = _fits(code, is_camp, signature, gate)
    return known


_FITS: dict[int, bool] = {}


def _fits(code: int, is_camp: bool, signature: int, gate: bool) -> bool:
    edges = [(code >> 2 * side) & 3 for side in range(4)]
    for side in range(4):
        if not _MATCH[edges[side]][(signature >> 3 * side) & 7]:
            return False
    if is_camp:
        return True
    walk, gateable = (signature >> 12) & 15, (signature >> 16) & 15
    for side in range(4):
        if walk >> side & 1 and edges[side] == OPEN:
            return True
        if gate and gateable >> side & 1 and edges[side] == WALL:
            return True
    return False


def _search_from_fountain(
    graph: dict[Cell, list[Cell]],
) -> tuple[frozenset[Cell], list[Cell], dict[Cell, list[tuple[int, int]]]]:
    """Depth-first search of the walking graph from the fountain (ruling R4).

    Returns the reachable tiles, their discovery order, and for each tile the ranges of that
    order which would be cut off without it (Tarjan's articulation points: a child subtree
    whose lowest back-link does not climb above the tile hangs on it alone).
    """
    if ORIGIN not in graph:
        return frozenset(), [], {}
    disc = {ORIGIN: 0}
    low = {ORIGIN: 0}
    order = [ORIGIN]
    cut_ranges: dict[Cell, list[tuple[int, int]]] = {}
    stack: list[tuple[Cell, Cell | None, Iterator[Cell]]] = [(ORIGIN, None, iter(graph[ORIGIN]))]
    while stack:
        cell, parent, pending = stack[-1]
        for other in pending:
            if other not in disc:
                disc[other] = low[other] = len(order)
                order.append(other)
                stack.append((other, cell, iter(graph[other])))
                break
            if other != parent and disc[other] < low[cell]:
                low[cell] = disc[other]
        else:
            stack.pop()
            if stack:
                above = stack[-1][0]
                if low[cell] < low[above]:
                    low[above] = low[cell]
                if low[cell] >= disc[above]:
                    cut_ranges.setdefault(above, []).append((disc[cell], len(order)))
    return frozenset(disc), order, cut_ranges

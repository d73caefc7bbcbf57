"""What the building rules need to know about one position, computed once and shared.

A :class:`Layout` is derived from a city's tiles and gates and never changes; the city drops it
when it changes. It holds the walking graph search (who is reachable from the fountain, and
whom each tile's removal would cut off), the empty cells that reach the outside, and for every
empty cell beside the city what its neighbours demand of a new tile there.

Empty space is kept as bits of one integer over the city's bounding box plus a margin of two
cells, so a flood fill over it is a handful of big-integer operations per step.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from .geometry import ORIGIN, Cell, Side, neighbours
from .tiles import MATCHING_EDGES, Edge, Tile
from .walls import longest_wall

NO_TILE = 4
"""The code of a missing neighbour in a side signature."""

OPEN, WALL = int(Edge.OPEN), int(Edge.WALL)

_MATCH = [[(a, b) in MATCHING_EDGES or b == NO_TILE for b in range(5)] for a in range(4)]

_RING_OFFSETS = ((0, -1), (1, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1))


def walk_neighbours(
    tiles: Mapping[Cell, Tile], gates: frozenset[tuple[Cell, int]]
) -> dict[Cell, list[Cell]]:
    """The walking graph: tiles joined where a pedestrian can cross their shared side.

    Open against open, or a gated double wall (expansion II); nobody walks through a camp.
    """
    graph: dict[Cell, list[Cell]] = {}
    for cell, tile in tiles.items():
        if tile.is_camp:
            continue
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
        graph[cell] = joined
    return graph


def _gated(cell: Cell, side: int, gates: frozenset[tuple[Cell, int]]) -> bool:
    if not gates:
        return False
    if side in (1, 2):
        return (cell, side) in gates
    x, y = cell
    return ((x, y - 1), 2) in gates if side == 0 else ((x - 1, y), 1) in gates


class Layout:
    """The derived facts about one position that every rule check reads."""

    __slots__ = (
        "_enclosures",
        "_full",
        "_groups",
        "_height",
        "_legal",
        "_not_first_col",
        "_not_last_col",
        "_origin",
        "_wall",
        "_width",
        "camps",
        "cut_ranges",
        "empty_bits",
        "frontier",
        "order",
        "outside_bits",
        "reach",
        "ring_bits",
        "tiles",
    )

    def __init__(self, tiles: Mapping[Cell, Tile], gates: frozenset[tuple[Cell, int]]) -> None:
        self.tiles = tiles
        self.reach, self.order, self.cut_ranges = _search_from_fountain(
            walk_neighbours(tiles, gates)
        )
        self._setup_grid()
        self.camps = [cell for cell, tile in tiles.items() if tile.is_camp]
        self.frontier = self._frontier_signatures()
        self._groups: dict[int, list[Cell]] | None = None
        self._legal: dict[int, frozenset[Cell]] = {}
        self._enclosures: dict[Cell, tuple[Cell, ...]] = {}
        self._wall: tuple[tuple[Cell, Side], ...] | None = None

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
        """The cells whose bits are set, in reading order (north to south, west to east)."""
        cells = []
        left, top = self._origin
        while bits:
            low = bits & -bits
            index = low.bit_length() - 1
            cells.append((left + index % self._width, top + index // self._width))
            bits ^= low
        return sorted(cells, key=lambda c: (c[1], c[0]))

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
        """Whether the empty cells beside ``cell`` stay joined around it once it is built on.

        Walk round the eight cells about ``cell``: empty side cells next to each other through
        an empty corner cell form one run. One run or none means nothing can be cut off.
        """
        x, y = cell
        tiles = self.tiles
        filled = [(x + dx, y + dy) in tiles for dx, dy in _RING_OFFSETS]
        runs = 0
        for index in (0, 2, 4, 6):
            if filled[index]:
                continue
            previous_side = (index - 2) % 8
            if filled[previous_side] or filled[index - 1]:
                runs += 1
        if runs == 0 and not all(filled[i] for i in (0, 2, 4, 6)):
            runs = 1  # every empty side cell is joined to the next one, all the way round
        return runs <= 1

    def removal_encloses(self, cell: Cell) -> bool:
        """Whether taking the tile at ``cell`` away would leave an enclosed empty cell."""
        return not any(
            other not in self.tiles and self.is_outside(other) for other in neighbours(cell)
        )

    # -- walking --------------------------------------------------------------------------
    def cut_off_by(self, cell: Cell) -> list[Cell]:
        """The tiles that could no longer be walked to if the tile at ``cell`` were gone."""
        cut: list[Cell] = []
        for start, stop in self.cut_ranges.get(cell, ()):
            cut.extend(self.order[start:stop])
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

    # -- candidate cells ------------------------------------------------------------------
    def _frontier_signatures(self) -> dict[Cell, int]:
        """For every empty cell beside the city, what its neighbours ask of a new tile.

        The signature packs, per side: the neighbour's facing edge (3 bits, ``NO_TILE`` when
        empty), whether a pedestrian could step over from it through an open side, and
        whether it is a reachable wall that a gate could open.
        """
        tiles, reach = self.tiles, self.reach
        frontier: dict[Cell, int] = {}
        for cell in tiles:
            for candidate in neighbours(cell):
                if candidate in tiles or candidate in frontier:
                    continue
                code = walk = gate = 0
                for side, other_cell in enumerate(neighbours(candidate)):
                    other = tiles.get(other_cell)
                    if other is None:
                        code |= NO_TILE << 3 * side
                        continue
                    facing = other.edges[side ^ 2]
                    code |= facing << 3 * side
                    if other_cell in reach and not other.is_camp:
                        if facing is Edge.OPEN:
                            walk |= 1 << side
                        elif facing is Edge.WALL:
                            gate |= 1 << side
                frontier[candidate] = code | walk << 12 | gate << 16
        return frontier

    def legal_cells(self, code: int, is_camp: bool, gate: bool) -> frozenset[Cell]:
        """The cells where a tile with edges ``code`` may go, remembered per kind of tile:
        a game asks the same position about the same tiles again and again."""
        key = code | is_camp << 8 | gate << 9
        found = self._legal.get(key)
        if found is None:
            found = self._legal[key] = frozenset(
                cell
                for signature, cells in self.groups().items()
                if fits(code, is_camp, signature, gate)
                for cell in cells
            )
        return found

    def groups(self) -> dict[int, list[Cell]]:
        """Candidate cells that enclose nothing, grouped by signature."""
        if self._groups is None:
            groups: dict[int, list[Cell]] = {}
            for cell, signature in self.frontier.items():
                if not self.enclosed_by(cell):
                    groups.setdefault(signature, []).append(cell)
            self._groups = groups
        return self._groups


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

"""What the building rules need to know about one position, computed once and shared.

A :class:`Layout` is derived from a city's tiles and gates and never changes; when the city
changes it gets a new one, derived from the old one when a single tile was built, taken away
or swapped. It holds which edge every tile shows on each side, what every cell's neighbours
show it, where a pedestrian crosses from tile to tile and who is reachable from the fountain
(and, when asked, whom each tile's removal would cut off), and the empty cells that reach the
outside.

Cells are kept as bits of integers over the city's bounding box plus a margin (a
cell's bit is its row times the grid's width plus its column), so a question about every
cell at once — where may this tile go, which empty cells reach the open land — is a handful
of big-integer operations.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence, Set
from functools import lru_cache
from typing import Any, overload

from .geometry import ORIGIN, SIDES, Cell, Side, neighbour
from .tiles import MATCHING_EDGES, Edge, Tile
from .walls import longest_path_of, longest_wall_of

OPEN, WALL = int(Edge.OPEN), int(Edge.WALL)

_MATCHES = tuple(tuple(int(b) for b in Edge if (a, b) in MATCHING_EDGES) for a in Edge)
"""For each edge, the edges that may face it."""

_SHOWN, _WALK_IN, _GATE_IN, _OWN, _CAMPS, _FOUNTAINS = 0, 16, 20, 24, 40, 41
"""Where the kinds of ``Layout._facing`` entries start: per side and edge (16), per side for
a reachable open side (4) and a reachable wall (4); then per side and edge the tiles that
show that edge on that side themselves (16); then the camps and the fountains."""


def _clashing(code: int) -> tuple[int, ...]:
    """The ``_facing`` entries of the cells where a tile with edges ``code`` (two bits per
    side, north first) would face a neighbour's edge that one of its sides does not match."""
    return tuple(
        _SHOWN + 4 * side + shown
        for side in range(4)
        for shown in range(4)
        if shown not in _MATCHES[code >> 2 * side & 3]
    )


def _ways_in(code: int, gate: bool) -> tuple[int, ...]:
    """The ``_facing`` entries of the cells a tile with edges ``code`` could be walked to:
    an open side facing a reachable open side, or with ``gate`` a wall facing a wall."""
    entries = []
    for side in range(4):
        edge = code >> 2 * side & 3
        if edge == OPEN:
            entries.append(_WALK_IN + side)
        elif edge == WALL and gate:
            entries.append(_GATE_IN + side)
    return tuple(entries)


def _shows(code: int, walks: bool) -> tuple[tuple[int, int, int, int], ...]:
    """Per side of a tile with edges ``code``: the side, the ``_facing`` entry of the cell
    across it (from there the tile is on the opposite side), for a building the pedestrian
    walks to (``walks``) the entry of the way in that side offers, or 0, and the tile's own
    entry for the edge it shows there."""
    found = []
    for side in range(4):
        edge, seen_from = code >> 2 * side & 3, side ^ 2
        way_in = 0
        if walks and edge <= WALL:
            way_in = (_WALK_IN if edge == OPEN else _GATE_IN) + seen_from
        found.append((side, _SHOWN + 4 * seen_from + edge, way_in, _OWN + 4 * side + edge))
    return tuple(found)


_OWN_ENTRIES = tuple(
    tuple(_OWN + 4 * side + (code >> 2 * side & 3) for side in range(4)) for code in range(256)
)
"""Per kind of edges, the ``_facing`` entries of the tiles that show them, side by side."""
_CAMP_EDGE_BITS = 0b10101010
"""The high bit of each side's edge: set only for a bastion or a plain side (a camp's)."""
_SHOWS = tuple((_shows(code, False), _shows(code, True)) for code in range(256))
_MISFITS = tuple(
    (
        _OWN + 4 * side + mine,
        tuple(_SHOWN + 4 * side + theirs for theirs in range(4) if theirs not in _MATCHES[mine]),
    )
    for side in range(4)
    for mine in range(4)
)
"""Per side and edge, the ``_facing`` entry of the tiles showing that edge there and those of
the cells facing an edge that does not match it: their common cells hold a misfit."""
_CLASHING = tuple(_clashing(code) for code in range(256))
_WAYS_IN = tuple(tuple(_ways_in(code, gate) for code in range(256)) for gate in (False, True))

HOLE_RULES = ("any", "single")
"""What a hole is: an enclosed empty area of ``"any"`` size (ruling R3), or only a ``"single"``
empty cell built round on all four sides (the literal reading of some rulebooks)."""
RING_RULES = ("n", "n-1")
"""What a closed ring of n wall segments scores: ``"n"`` (ruling R5, the longest trail) or
``"n-1"`` (Board Game Arena's reading: the longest wall never passes the same corner twice)."""

_GRID_MARGIN = 4
"""Empty cells round the city in a new grid. The rules need two (a candidate cell and open
land beyond it); the rest lets the city grow a while before the grid is laid out again."""


class Layout:
    """The derived facts about one position that every rule check reads.

    Built whole from a position, or derived from the layout before one tile was built, taken
    away or swapped (:meth:`placed`, :meth:`removed`, :meth:`swapped`): only what lies next
    to that tile changes.
    """

    __slots__ = (
        "_cells",
        "_cuts",
        "_enclosures",
        "_facing",
        "_gates",
        "_hangs",
        "_height",
        "_legal",
        "_links",
        "_locked",
        "_not_first_col",
        "_not_last_col",
        "_order",
        "_origin",
        "_reach",
        "_split",
        "_touching",
        "_wall",
        "_width",
        "camps",
        "empty_bits",
        "full_bits",
        "holes",
        "memo",
        "outside_bits",
        "reach_bits",
        "ring_bits",
        "tiles",
    )

    def __init__(
        self,
        tiles: Mapping[Cell, Tile],
        gates: frozenset[tuple[Cell, int]],
        *,
        bare: bool = False,
        holes: str = "any",
    ) -> None:
        # ``tiles`` is never changed afterwards: a city replaces its mapping when it changes.
        self.tiles = tiles
        self._gates = gates
        self.holes = holes  # one of HOLE_RULES, checked by the city
        self._order: list[Cell] | None = None
        self._cuts: list[int] | None = None
        """The cut ranges of the search from the fountain, flat: a tile's bit index, the start
        and the stop of a range of the order cut off without it, and so on."""
        self._hangs: dict[Cell, int] | None = None
        self._reach: frozenset[Cell] | None = None
        if bare:  # for _derived, which fills in the rest from the layout before
            return
        self._setup_grid()
        # In the order they were built (what explanations name them in); most cities have none.
        has_camps = self._facing[_CAMPS]
        self.camps = [cell for cell, tile in tiles.items() if tile.is_camp] if has_camps else []
        self._forget_derived()

    def _forget_derived(self) -> None:
        # What the rules above derive from this position and keep as long as it lasts (a
        # player's redesign options, the places a gate would open).
        self.memo: dict[Any, Any] = {}
        self._touching: int | None = None
        self._split: int | None = None
        self._legal: dict[int, int] = {}
        self._enclosures: dict[int, int] = {}
        self._wall: tuple[tuple[Cell, Side], ...] | None = None
        self._locked: int | None = None
        """The bits of the cells joined by a gate (see :meth:`_locked_bits`)."""

    # -- one tile more or less ------------------------------------------------------------
    def placed(
        self,
        cell: Cell,
        tile: Tile,
        tiles: Mapping[Cell, Tile],
        gates: frozenset[tuple[Cell, int]] | None = None,
    ) -> Layout:
        """The layout of ``tiles``: this position with ``tile`` legally built at ``cell``
        (``gates``: the gates after it, when it comes with one; it is walked to through it)."""
        if gates is None:
            gates = self._gates
        if not self._inside_margin(cell):
            # A grid with room round the new tile.
            return self._still_fitting(Layout(tiles, gates, holes=self.holes))
        after, bit = self._derived(tiles, gates), self.bit(cell)
        after._show(bit, tile, not tile.is_camp)
        after._links = after._walk_links()
        if tile.is_camp:  # nobody walks through a camp: walking stays as it was
            after.camps = [*self.camps, cell]
            after.reach_bits, after._reach = self.reach_bits, self._reach
            after._order, after._cuts, after._hangs = self._order, self._cuts, self._hangs
        else:
            joined = after._joined(bit)
            if not joined or joined & ~self.reach_bits:
                # Walking changes beyond the new tile.
                return self._still_fitting(Layout(tiles, gates, holes=self.holes))
            after.reach_bits = self.reach_bits | bit
            # A tile joined by one side hangs on that neighbour alone; joined by more, it
            # closes a loop, and who hangs on whom is searched again when asked.
            if joined & (joined - 1) == 0:
                after._hangs = _one_more(self._known_hangs(), self.cells_of(joined)[0])
        # A legal tile encloses no area (ruling R3), so only its own cell leaves the open land;
        # with holes of single cells only, it may close a courtyard off from it.
        after.empty_bits = self.empty_bits & ~bit
        after.outside_bits = self.outside_bits & ~bit
        if self.holes != "any":
            after.outside_bits &= ~self._cut_off_by_building(bit)
        return self._still_fitting(after)

    def removed(self, cell: Cell, tiles: Mapping[Cell, Tile]) -> Layout:
        """The layout of ``tiles``: this position with the tile at ``cell`` legally taken
        away (nothing else cut off)."""
        after, bit, old = self._derived(tiles, self._gates), self.bit(cell), self.tiles[cell]
        reachable = bool(self.reach_bits & bit)
        joined = self._joined(bit)
        after._show(bit, old, reachable, shown=False)
        after._links = after._walk_links()
        after.reach_bits = self.reach_bits & ~bit
        if old.is_camp:
            after.camps = [c for c in self.camps if c != cell]
            after._reach = self._reach
            after._order, after._cuts, after._hangs = self._order, self._cuts, self._hangs
        elif joined and joined & (joined - 1) == 0:
            # A tile joined by one side was one piece hanging on that neighbour.
            after._hangs = _one_less(self._known_hangs(), self.cells_of(joined)[0])
        after.empty_bits = self.empty_bits | bit
        after.outside_bits = self.outside_bits
        if self.outside_bits & self.beside(bit):
            after.outside_bits = after.flood(self.outside_bits | bit, after.empty_bits)
        return self._still_fitting(after)

    def swapped(self, cell: Cell, tile: Tile, tiles: Mapping[Cell, Tile]) -> Layout:
        """The layout of ``tiles``: this position with ``tile`` legally swapped in for the
        tile at ``cell``. A building legally replacing a building matches the same neighbours,
        so the pedestrian crosses the same sides, and nobody crosses a camp, before or after:
        a swap of a building for a building or of a camp for a camp leaves walking and empty
        space as they were, and only the empty cells beside the tile see new edges. (A legal
        city never swaps a camp for a building or back: a building is walked to through a gate
        or a neighbour's open side, and a camp faces neither. Should it, the layout is built
        afresh.)"""
        if tile.is_camp != self.tiles[cell].is_camp:
            return self._still_fitting(Layout(tiles, self._gates, holes=self.holes))
        after, bit = self._derived(tiles, self._gates), self.bit(cell)
        after._links, after.reach_bits, after._reach = self._links, self.reach_bits, self._reach
        after._order, after._cuts, after._hangs = self._order, self._cuts, self._hangs
        after.empty_bits, after.outside_bits = self.empty_bits, self.outside_bits
        reachable = bool(self.reach_bits & bit)
        after._show(bit, self.tiles[cell], reachable, shown=False)
        after._show(bit, tile, reachable)
        return self._still_fitting(after)

    def _still_fitting(self, after: Layout) -> Layout:
        """``after``, a legal change of this position, knowing its misfits when these are
        known to be none: a legal tile matches every neighbour, and a tile taken away leaves
        only sides that matched before; and what was found of its camps, if it still holds."""
        if self.memo.get("misfits") == 0:
            after.memo["misfits"] = 0
        if self.camps:
            self._keep_camp_facts(after)
        return after

    def _derived(self, tiles: Mapping[Cell, Tile], gates: frozenset[tuple[Cell, int]]) -> Layout:
        """A layout for ``tiles`` and ``gates`` sharing this one's grid and, to be changed by
        the caller, a copy of its edges; the caller fixes what else changed."""
        after = Layout(tiles, gates, bare=True, holes=self.holes)
        after.camps = self.camps
        after._origin, after._width, after._height = self._origin, self._width, self._height
        after._cells = self._cells
        after.full_bits, after.ring_bits = self.full_bits, self.ring_bits
        after._not_first_col, after._not_last_col = self._not_first_col, self._not_last_col
        after._facing = list(self._facing)
        after._forget_derived()
        if gates is self._gates:
            after._locked = self._locked
        return after

    def _inside_margin(self, cell: Cell) -> bool:
        """Whether ``cell`` keeps two empty cells between it and the grid's edge (so that
        every candidate cell beside it lies inside the ring of open land)."""
        x, y = cell[0] - self._origin[0], cell[1] - self._origin[1]
        return 2 <= x < self._width - 2 and 2 <= y < self._height - 2

    # -- the outer walls -------------------------------------------------------------------
    # A wall segment runs between two corners of cells; a corner is numbered by the bit of
    # the cell whose north-west corner it is. The segments are two bitboards: ``across``, the
    # north side of the cell at a bit (from its corner east), and ``down``, the west side
    # (from its corner south). A connected wall is then a flood over the corners.

    def longest_wall(self, rings: str = "n") -> tuple[tuple[Cell, Side], ...]:
        """The segments of the longest outer wall, sorted, computed once; of walls as long,
        the one with the first segment in sorted order. ``rings`` (one of
        :data:`RING_RULES`): the longest trail (ruling R5), or ``"n-1"`` the longest path
        that never passes the same corner twice."""
        if rings != "n":
            found = self.memo.get("longest path")
            if found is None:
                found = self.memo["longest path"] = self._best_wall(
                    self._path_pieces(), self._longest_path
                )
            return found
        if self._wall is None:
            self._wall = self._best_wall(self._wall_pieces(), self._longest_trail)
        return self._wall

    def _best_wall(
        self,
        pieces: list[tuple[int, int]],
        walk: Callable[[int, list[tuple[Cell, Side]]], tuple[tuple[Cell, Side], ...]],
    ) -> tuple[tuple[Cell, Side], ...]:
        """The wall ``walk`` finds through the longest of ``pieces`` (length, corners); of
        pieces as long, the one with the first segment in sorted order."""
        best: tuple[tuple[Cell, Side], ...] = ()
        first = None
        for length, piece in pieces:
            if length < len(best):
                continue
            segments = sorted(self._piece_segments(piece))
            if length == len(best) and first is not None and segments[0] > first:
                continue
            best, first = walk(piece, segments), segments[0]
        return best

    def longest_wall_length(self, rings: str = "n") -> int:
        """The length of :meth:`longest_wall` (a count: no segment is named)."""
        if rings != "n":
            return max((length for length, _ in self._path_pieces()), default=0)
        if self._wall is not None:
            return len(self._wall)
        if "wall pieces" in self.memo:
            return max((length for length, _ in self._wall_pieces()), default=0)
        return self._longest_trail_length()

    def _longest_trail_length(self) -> int:
        """:meth:`longest_wall_length` found piece by piece, stopping once the segments in no
        piece yet are too few to beat the longest so far (a scoring asks only this; the
        small walls round courtyards and corners are never spread)."""
        across, down, odd = self._wall_bits()
        left, best = across.bit_count() + down.bit_count(), 0
        for length, piece in self._each_wall(across, down):
            if left <= best:
                break
            left -= length
            if length > best:
                best = max(best, self._trail_length(length, piece, odd))
        return best

    def outer_walls(self) -> list[tuple[Cell, Side]]:
        """Every walled tile side that does not face another wall (a double wall is inner)."""
        return self._segments_of(*self._wall_bits()[:2])

    def _wall_bits(self) -> tuple[int, int, int]:
        """The outer walls as segments ``across`` and ``down``, and the corners where an odd
        number of them meet."""
        facing, width = self._facing, self._width
        north, east, south, west = (
            facing[_OWN + 4 * side + WALL] & ~facing[_SHOWN + 4 * side + WALL] for side in SIDES
        )
        # A tile's south side is the north side of the cell below; its east side the west
        # side of the cell to the right. Both halves of one side walled make a double wall,
        # which is inner: so no segment comes from two tiles.
        across, down = north | south << width, west | east << 1
        odd = across ^ across << 1 ^ down ^ down << width
        return across, down, odd

    def _wall_pieces(self) -> list[tuple[int, int]]:
        """Each connected outer wall: the length of its longest trail and its corners
        (computed once). A wall with at most two corners where an odd number of segments meet
        is walked end to end in one trail (Euler); others are searched (see :mod:`.walls`)."""
        found = self.memo.get("wall pieces")
        if found is not None:
            return found
        across, down, odd = self._wall_bits()
        found = [
            (self._trail_length(length, piece, odd), piece)
            for length, piece in self._each_wall(across, down)
        ]
        self.memo["wall pieces"] = found
        return found

    def _trail_length(self, length: int, piece: int, odd: int) -> int:
        """The longest trail through the wall of ``length`` segments with the corners
        ``piece``: all of them (Euler) unless more than two of its corners are ``odd``."""
        if (odd & piece).bit_count() <= 2:
            return length
        return len(self._longest_trail(piece, sorted(self._piece_segments(piece))))

    def _each_wall(self, across: int, down: int) -> Iterator[tuple[int, int]]:
        """Each connected wall of the segments ``across`` and ``down``: its number of segments
        and its corners, the wall through the first corner first."""
        width = self._width
        corners = across | across << 1 | down | down << width
        while corners:
            piece = self._spread(corners & -corners, across, down)
            corners &= ~piece
            yield (across & piece).bit_count() + (down & piece).bit_count(), piece

    def _path_pieces(self) -> list[tuple[int, int]]:
        """Each connected outer wall: the length of its longest path that never passes the
        same corner twice, and its corners (computed once). Where no corner joins three
        segments or more, a wall is an open line, walked end to end, or a closed ring of n
        segments, n - 1 of them walked; a wall that branches is searched (see :mod:`.walls`)."""
        found = self.memo.get("path pieces")
        if found is not None:
            return found
        across, down, odd = self._wall_bits()
        branching = self._branching_corners(across, down)
        found = []
        for _, piece in self._wall_pieces():
            if branching & piece:
                length = len(longest_path_of(self._piece_segments(piece)))
            else:
                length = (across & piece).bit_count() + (down & piece).bit_count()
                if not odd & piece:  # a ring: every corner joins two segments
                    length -= 1
            found.append((length, piece))
        self.memo["path pieces"] = found
        return found

    def _branching_corners(self, across: int, down: int) -> int:
        """The corners where three or four of the segments ``across`` and ``down`` meet."""
        east, west, south, north = across, across << 1, down, down << self._width
        return (east & west & (south | north)) | (south & north & (east | west))

    def _longest_path(
        self, piece: int, segments: list[tuple[Cell, Side]]
    ) -> tuple[tuple[Cell, Side], ...]:
        """The longest path through the outer wall with the corners ``piece`` and the sorted
        ``segments`` that never passes the same corner twice: an open line whole, a ring
        without its last segment, a branching wall searched."""
        across, down, odd = self._wall_bits()
        if self._branching_corners(across, down) & piece:
            return longest_path_of(segments)
        if odd & piece:
            return tuple(segments)
        return tuple(segments[:-1])

    def _spread(self, start: int, east: int, south: int) -> int:
        """Everything joined to ``start`` by links: ``east`` holds the bits linked to the one
        east of them, ``south`` those linked to the one south of them."""
        width, current = self._width, start
        while True:
            grown = (
                current
                | (current & east) << 1
                | (current >> 1 & east)
                | (current & south) << width
                | (current >> width & south)
            )
            if grown == current:
                return current
            current = grown

    def _piece_segments(self, piece: int) -> list[tuple[Cell, Side]]:
        """The segments of the outer wall with the corners ``piece``."""
        across, down, _ = self._wall_bits()
        return self._segments_of(across & piece, down & piece)

    def _longest_trail(
        self, piece: int, segments: list[tuple[Cell, Side]]
    ) -> tuple[tuple[Cell, Side], ...]:
        """The longest trail through the outer wall with the corners ``piece`` and the
        sorted ``segments``: all of them when one trail covers them, else searched."""
        if (self._wall_bits()[2] & piece).bit_count() <= 2:
            return tuple(segments)
        return longest_wall_of(segments)

    def _segments_of(self, across: int, down: int) -> list[tuple[Cell, Side]]:
        """The tile sides of the wall segments ``across`` and ``down``: each is the north or
        west side of the tile at its bit, or else the south or east side of the tile before."""
        facing, width = self._facing, self._width
        cells_of = self.cells_of
        north, west = facing[_OWN + WALL] & across, facing[_OWN + 12 + WALL] & down
        return (
            [(cell, Side.N) for cell in cells_of(north)]
            + [(cell, Side.E) for cell in cells_of((down & ~west) >> 1)]
            + [(cell, Side.S) for cell in cells_of((across & ~north) >> width)]
            + [(cell, Side.W) for cell in cells_of(west)]
        )

    # -- the grid of empty space ----------------------------------------------------------
    def _setup_grid(self) -> None:
        tiles = self.tiles
        # Two passes over the cells: zip(*tiles, strict=True) takes CPython's slow path.
        xs, ys = ([x for x, _ in tiles], [y for _, y in tiles]) if tiles else ((0,), (0,))
        left, top = min(xs) - _GRID_MARGIN, min(ys) - _GRID_MARGIN
        width, height = max(xs) + _GRID_MARGIN + 1 - left, max(ys) + _GRID_MARGIN + 1 - top
        self._origin = (left, top)
        self._cells = _grid_cells(left, top, width, height)
        self._width, self._height = width, height
        full = (1 << width * height) - 1
        row = (1 << width) - 1
        first_col = full // row  # one bit at the start of every row
        self.ring_bits = (
            row | (row << (height - 1) * width) | first_col | (first_col << (width - 1))
        )
        self._not_first_col = full & ~first_col
        self._not_last_col = full & ~(first_col << (width - 1))
        self.full_bits = full
        # Tiles of one kind of edges are recorded together: a handful of kinds, not each tile.
        by_code: dict[int, int] = {}
        known = by_code.get
        start, fountains = -top * width - left, 0  # a cell's bit: y * width + x + start
        for (x, y), tile in tiles.items():
            code = tile.edge_bits
            by_code[code] = known(code, 0) | 1 << y * width + x + start
            if tile.is_fountain:
                fountains |= 1 << y * width + x + start
        facing = self._facing = [0] * 42
        for code, bits in by_code.items():
            for entry in _OWN_ENTRIES[code]:
                facing[entry] |= bits
        # A camp shows a bastion or a plain side, the only edges above a wall.
        facing[_CAMPS] = sum(bits for code, bits in by_code.items() if code & _CAMP_EDGE_BITS)
        facing[_FOUNTAINS] = fountains
        built = sum(by_code.values())
        self.empty_bits = full & ~built
        self.outside_bits = self.flood(self.ring_bits, self.empty_bits)
        self._links = self._walk_links()
        self.reach_bits = self._walked_from_fountain(built & ~facing[_CAMPS])
        self._show_all()

    def _show_all(self) -> None:
        """Fill in what every cell's neighbours show it, from the tiles' own edges: the edge
        a tile shows on one side is what the cell beyond that side sees."""
        facing, reach, width = self._facing, self.reach_bits, self._width
        # Per side of a cell, the shifts (left, then right) that move a tile's bit onto the
        # cell whose side that is: a tile's south side is seen by the cell south of it, and
        # that cell's north side faces it.
        for side, left, right in ((0, width, 0), (1, 0, 1), (2, 0, width), (3, 1, 0)):
            own, shown = _OWN + 4 * (side ^ 2), _SHOWN + 4 * side
            for edge in range(4):
                facing[shown + edge] = facing[own + edge] << left >> right
            facing[_WALK_IN + side] = (facing[own + OPEN] & reach) << left >> right
            facing[_GATE_IN + side] = (facing[own + WALL] & reach) << left >> right

    # -- walking --------------------------------------------------------------------------
    def _walk_links(self) -> tuple[int, int]:
        """Where a pedestrian crosses from a tile to its east and to its south neighbour:
        open side against open side (a camp has none), or a gated double wall."""
        facing, width = self._facing, self._width
        east = facing[_OWN + 4 + OPEN] & facing[_OWN + 12 + OPEN] >> 1
        south = facing[_OWN + 8 + OPEN] & facing[_OWN + OPEN] >> width
        for cell, side in self._gates:
            bit = self.bit(cell)
            if side == 1 and facing[_OWN + 4 + WALL] & bit and facing[_OWN + 12 + WALL] & bit << 1:
                east |= bit
            elif side == 2 and facing[_OWN + 8 + WALL] & bit and facing[_OWN + WALL] & bit << width:
                south |= bit
        return east, south

    def _joined(self, bit: int) -> int:
        """The tiles a pedestrian crosses to from the tile at ``bit``."""
        east, south = self._links
        width = self._width
        return (
            (south & bit >> width) | (east & bit) << 1 | (south & bit) << width | (east & bit >> 1)
        )

    def _walked_from_fountain(self, buildings: int) -> int:
        """The tiles reachable from the fountain, spread side by side over the links."""
        east, south = self._links
        return self._spread(self.bit(ORIGIN) & buildings, east, south)

    @property
    def reach(self) -> frozenset[Cell]:
        """The tiles a pedestrian can reach from the fountain."""
        if self._reach is None:
            self._reach = frozenset(self.cells_of(self.reach_bits))
        return self._reach

    def _show(self, bit: int, tile: Tile, reachable: bool, shown: bool = True) -> None:
        """Record (or with ``shown=False`` forget) what ``tile`` at ``bit`` shows the four
        cells beside it: ``_facing[4 * side + edge]`` holds the cells whose ``side`` faces
        a tile showing ``edge``; then per side the cells facing a reachable building's open
        side (a way in) and its wall (a way in through a gate)."""
        facing, width = self._facing, self._width
        # The cell across each side of the tile, north, east, south, west.
        beside = (bit >> width, bit << 1, bit << width, bit >> 1)
        for side, entry, way_in, own in _SHOWS[tile.edge_bits][reachable and not tile.is_camp]:
            if shown:
                facing[entry] |= beside[side]
                facing[own] |= bit
                if way_in:
                    facing[way_in] |= beside[side]
            else:
                facing[entry] &= ~beside[side]
                facing[own] &= ~bit
                if way_in:
                    facing[way_in] &= ~beside[side]
        if tile.is_camp or tile.is_fountain:
            kind = _CAMPS if tile.is_camp else _FOUNTAINS
            facing[kind] = facing[kind] | bit if shown else facing[kind] & ~bit

    def probe_bit(self, cell: Cell) -> int:
        """The bit of ``cell``; for a cell beyond the grid, the bit of the grid's first cell,
        which like it has no tile within two steps (the grid keeps that margin) and so keeps
        and breaks the same building rules."""
        return self.bit(cell) or 1

    def bit(self, cell: Cell) -> int:
        """The bit of ``cell`` in the grid (0 for a cell beyond it)."""
        x, y = cell[0] - self._origin[0], cell[1] - self._origin[1]
        if 0 <= x < self._width and 0 <= y < self._height:
            return 1 << (y * self._width + x)
        return 0

    def bits_of(self, cells: Iterable[Cell]) -> int:
        """The bits of ``cells``, all inside the grid."""
        (left, top), width, bits = self._origin, self._width, 0
        for x, y in cells:
            bits |= 1 << (y - top) * width + x - left
        return bits

    def cells_of(self, bits: int) -> list[Cell]:
        """The cells whose bits are set, in reading order (north to south, west to east):
        the order of the bits, as a cell's bit is its row times the width plus its column."""
        cells, grid = [], self._cells
        while bits:
            low = bits & -bits
            cells.append(grid[low.bit_length() - 1])
            bits ^= low
        return cells

    def cell_bits(self, bits: int) -> CellBits:
        """``bits`` as a sequence of cells in reading order, made only when read."""
        return CellBits(bits, self._cells)

    def cell_set(self, bits: int) -> CellSet:
        """``bits`` as a set of cells, answered from the bits and made only when read."""
        return CellSet(bits, self)

    def cells_and_bits(self, bits: int) -> list[tuple[Cell, int]]:
        """:meth:`cells_of` with each cell's bit."""
        found, grid = [], self._cells
        while bits:
            low = bits & -bits
            found.append((grid[low.bit_length() - 1], low))
            bits ^= low
        return found

    def tile_bits(self) -> int:
        """The cells with a tile on them."""
        return self.full_bits & ~self.empty_bits

    def beside(self, bits: int) -> int:
        """The cells that share a side with one of ``bits``."""
        return (
            ((bits << 1) & self._not_first_col)
            | ((bits >> 1) & self._not_last_col)
            | (bits << self._width)
            | (bits >> self._width)
        ) & self.full_bits

    def flood(self, seed: int, space: int) -> int:
        """Every bit of ``space`` reachable from ``seed`` by orthogonal steps within ``space``."""
        current = seed & space
        while True:
            grown = self._grown(current, space)
            if grown == current:
                return current
            current = grown

    def _grown(self, bits: int, space: int) -> int:
        """``bits`` and every cell of ``space`` beside them: one step of a flood."""
        return (
            bits
            | ((bits << 1) & self._not_first_col)
            | ((bits >> 1) & self._not_last_col)
            | (bits << self._width)
            | (bits >> self._width)
        ) & space

    def is_outside(self, cell: Cell) -> bool:
        """Whether an empty ``cell`` is connected to the open land around the Alhambra."""
        bit = self.bit(cell)
        return not bit or bool(self.outside_bits & bit)

    # -- holes ----------------------------------------------------------------------------
    def enclosed_by(self, cell: Cell) -> tuple[Cell, ...]:
        """The empty cells a tile at the empty ``cell`` would make a hole of: those it would
        newly enclose (ruling R3), or with holes of single cells only, the empty side cells
        it would leave built round on all four sides."""
        if self.holes != "any":
            return self._closed_in_by(cell)
        bit = self.bit(cell)
        if not bit & self.outside_bits & self.splitting():
            return ()
        return tuple(self.cells_of(self._cut_off_by_building(bit)))

    def enclosing(self, cells: int) -> int:
        """Of ``cells`` (empty cells of the open land), those where a tile would cut some
        of the open land off from it (ruling R3).

        Only a cell whose empty side cells fall apart round it (:meth:`splitting`) can. When
        the tiles are one piece, as in every legal city, each such cell does: the tiles
        between two of its runs of empty cells are joined through the city, so a tile there
        closes a ring through them, and the run on its inner side is cut off. Other
        positions are flooded cell by cell."""
        cells &= self.splitting()
        if not cells or self._in_one_piece():
            return cells
        found = 0
        while cells:
            bit = cells & -cells
            cells ^= bit
            if self._cut_off_by_building(bit):
                found |= bit
        return found

    def _in_one_piece(self) -> bool:
        """Whether the tiles are joined side to side in one piece (every tile walked to
        from the fountain is, and camps touch them)."""
        tiles, reach = self.tile_bits(), self.reach_bits
        return reach == tiles or self.flood(reach or tiles & -tiles, tiles) == tiles

    def _cut_off_by_building(self, bit: int) -> int:
        """The cells of the open land a tile at ``bit``, a cell of it, would cut off from it
        (remembered: a board asks the mask of every cell, then explains some of them)."""
        found = self._enclosures.get(bit)
        if found is None:
            found = self._enclosures[bit] = self._pockets(bit, self.outside_bits & ~bit)
        return found

    def _pockets(self, bit: int, space: int) -> int:
        """The cells of ``space`` (the open land without ``bit``) no longer joined to the
        grid's ring: the pieces round ``bit`` that do not reach it.

        Every piece of the open land left holds one of the empty cells beside ``bit``, so
        those are flooded side by side, a step at a time, pieces that meet made one. A
        courtyard is a few cells: its flood stops after a few steps, and once one piece
        alone is still growing while every other has stopped without the ring, that piece
        is the open land's (some piece reaches the ring), so the far side is never flooded.
        """
        ring, pockets, open_found, grown_from = self.ring_bits, 0, False, self._grown
        growing, seeds = [], self.beside(bit) & space
        while seeds:
            low = seeds & -seeds
            growing.append(low)
            seeds ^= low
        while growing and (open_found or len(growing) > 1):
            still: list[int] = []
            for current in growing:
                grown = grown_from(current, space)
                if grown != current:
                    still = _joined_to(still, grown)
                elif current & ring:
                    open_found = True
                else:
                    pockets |= current
            growing = still
        return pockets

    def _closed_in_by(self, cell: Cell) -> tuple[Cell, ...]:
        """The empty side cells of the empty ``cell`` whose three other sides are built."""
        bit = self.bit(cell) & self.empty_bits
        if not bit:
            return ()
        return tuple(self.cells_of(self.beside(bit) & self._three_sides_built()))

    def single_hole_closers(self) -> int:
        """The empty cells where a tile would leave an empty side cell built round on all four
        sides (holes of single cells only): those beside an empty cell built round on three."""
        found = self.memo.get("single hole closers")
        if found is None:
            found = self.memo["single hole closers"] = (
                self.beside(self._three_sides_built()) & self.empty_bits
            )
        return found

    def _three_sides_built(self) -> int:
        """The empty cells with a tile (a building, a camp or the fountain) on at least three
        of their four sides (the grid's margin keeps the shifts from wrapping)."""
        tiles, width = self.tile_bits(), self._width
        north, south, east, west = tiles << width, tiles >> width, tiles >> 1, tiles << 1
        return self.empty_bits & ((north & south & (east | west)) | (east & west & (north | south)))

    def holes_bits(self) -> int:
        """The empty cells that are holes: cut off from the open land (ruling R3), or with
        holes of single cells only, built round on all four sides."""
        if self.holes == "any":
            return self.empty_bits & ~self.outside_bits
        tiles, width = self.tile_bits(), self._width
        return self.empty_bits & tiles << width & tiles >> width & tiles >> 1 & tiles << 1

    def open_land(self) -> int:
        """The empty cells a tile taken away beside them would open onto without leaving a
        hole: the open land round the Alhambra (ruling R3) or, with holes of single cells
        only, every empty cell (the cell taken out joins it, so neither is a single hole)."""
        return self.empty_bits if self.holes == "single" else self.outside_bits

    def removal_encloses(self, cell: Cell) -> bool:
        """Whether taking the tile at ``cell`` away would leave a hole behind."""
        # Tiles keep two cells from the grid's edge, so all their side cells are on the grid.
        bit = self.bit(cell)
        return bool(bit) and not self.beside(bit) & self.open_land()

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
        """For each tile, the ranges of :attr:`order` cut off without it (read from the
        search's flat record when first asked: most positions are never explained)."""
        found = self.memo.get("cut ranges")
        if found is None:
            found = {}
            for cell, start, stop in self._cut_record():
                found.setdefault(cell, []).append((start, stop))
            self.memo["cut ranges"] = found
        return found

    @property
    def hangs(self) -> dict[Cell, int]:
        """For each tile that others hang on alone, how many separate pieces of the city
        would be cut off without it (the cut vertices of the walking graph)."""
        if self._hangs is None:
            counts: dict[Cell, int] = {}
            for cell, _, _ in self._cut_record():  # counted without making the ranges
                counts[cell] = counts.get(cell, 0) + 1
            self._hangs = counts
        return self._hangs

    def _cut_record(self) -> Iterator[tuple[Cell, int, int]]:
        """The search's cut ranges, each as the tile and the start and stop in :attr:`order`
        of what would be cut off without it, in the order the search found them."""
        if self._cuts is None:
            self._walk()
        assert self._cuts is not None
        cells, record = self._cells, self._cuts
        for at in range(0, len(record), 3):
            yield cells[record[at]], record[at + 1], record[at + 2]

    def _known_hangs(self) -> dict[Cell, int] | None:
        """:attr:`hangs` if known or cheap to know (the search has been made)."""
        if self._hangs is None and self._cuts is not None:
            return self.hangs
        return self._hangs

    def _walk(self) -> None:
        origin = self.bit(ORIGIN) & self.reach_bits
        if not origin:
            self._order, self._cuts, self.memo["hangs"] = [], [], 0
            return
        start = origin.bit_length() - 1
        walk = _depth_first(self._links, self._width, self._cells, start)
        self._order, self._cuts, self.memo["hangs"] = walk  # the bits of bits_named("hangs")

    def cut_off_by(self, cell: Cell) -> list[Cell]:
        """The tiles that could no longer be walked to if the tile at ``cell`` were gone."""
        cut: list[Cell] = []
        order = self.order
        for start, stop in self.cut_ranges.get(cell, ()):
            cut.extend(order[start:stop])
        return cut

    def tiles_cut_off_by(self, cell: Cell) -> list[tuple[Tile, Cell]]:
        """:meth:`cut_off_by` as (tile, cell) pairs, what a learner is told of."""
        walked = self.memo.get("walked tiles")
        if walked is None:  # once per position, then sliced like the order of cells
            tiles = self.tiles
            walked = self.memo["walked tiles"] = [(tiles[c], c) for c in self.order]
        cut: list[tuple[Tile, Cell]] = []
        for start, stop in self.cut_ranges.get(cell, ()):
            cut.extend(walked[start:stop])
        return cut

    def detached_by(self, cell: Cell) -> list[Cell]:
        """The camps that would no longer touch the Alhambra without the tile at ``cell``.

        Camps are exempt from walking but must stay joined side to side to the city.
        """
        if not self.camps:
            return []
        camps = [c for c in self.camps if c != cell]
        if not camps:
            return []
        joined = self.flood(self.bit(ORIGIN), self.tile_bits() & ~self.bit(cell))
        return [c for c in camps if not joined & self.bit(c)]

    # -- redesigning ----------------------------------------------------------------------
    @property
    def gates(self) -> frozenset[tuple[Cell, int]]:
        """The gated double walls (expansion II), each named from its west or north tile."""
        return self._gates

    def bits_named(self, name: str) -> int:
        """The bits of the cells a fact of this position names: ``"hangs"`` (tiles others
        hang on alone), ``"locked"`` (held by a gate), ``"fountains"``, ``"camps"``."""
        if name == "camps":
            return self._facing[_CAMPS]
        if name == "locked":
            return self._locked_bits()
        found = self.memo.get(name)
        if found is None:
            if name == "fountains":
                found = self._facing[_FOUNTAINS] | self.bit(ORIGIN)
            elif self._hangs is None and self._cuts is None:
                self._walk()  # the walk notes the bits of the tiles others hang on
                found = self.memo["hangs"]
            else:  # known from the position before (see placed and removed)
                found = self.bits_of(self.hangs)
            self.memo[name] = found
        return found

    def _locked_bits(self) -> int:
        """The cells joined by a gate, never moved by a redesign (expansion II): found once
        and kept by the layouts derived from this one with the same gates (a redesign asks
        them of every position)."""
        if self._locked is None:
            found, bit = 0, self.bit
            for cell, side in self._gates:
                found |= bit(cell) | bit(neighbour(cell, side))
            self._locked = found
        return self._locked

    def detaching_camps(self, bits: int) -> int:
        """Which of ``bits`` (tiles that nobody walks through alone) a camp needs to touch
        the city. Without such a tile every building is still walked to, so still joined:
        only the camps beside it need to be flooded from the buildings. Each tile is flooded
        once while the tiles round the camps stay as they are (see :meth:`_keep_camp_facts`):
        most changes of a city are away from its camps."""
        camp_bits = self._facing[_CAMPS]
        known = self.memo.get("detaching camps")
        if known is None:
            known = (self.beside(camp_bits), 0, 0)
        beside_camps, asked, found = known
        new = bits & beside_camps & ~asked
        if not new:
            return found & bits
        all_tiles = self.tile_bits()
        asked |= new
        while new:
            bit = new & -new
            new ^= bit
            tiles = all_tiles & ~bit
            if camp_bits & ~bit & ~self.flood(tiles & ~camp_bits, tiles):
                found |= bit
        self.memo["detaching camps"] = beside_camps, asked, found
        return found & bits

    def _keep_camp_facts(self, after: Layout) -> None:
        """Give ``after``, a change of this position on the same grid, what
        :meth:`detaching_camps` found here, when no camp changed and no tile beside one: a
        camp needs only the tiles beside its group of camps (a swap of a building for a
        building changes no tile at all)."""
        known = self.memo.get("detaching camps")
        if known is None or after._cells is not self._cells:
            return
        camps, camps_after = self._facing[_CAMPS], after._facing[_CAMPS]
        changed = self.empty_bits ^ after.empty_bits | camps ^ camps_after
        if not changed & (known[0] | camps | camps_after):
            after.memo["detaching camps"] = known

    # -- candidate cells ------------------------------------------------------------------
    def candidate_bits(self) -> int:
        """The empty cells that share a side with the city: where a new tile could go."""
        return self.touching_bits() & self.empty_bits

    def touching_bits(self) -> int:
        """The cells, built on or not, that share a side with a tile (computed once)."""
        if self._touching is None:
            self._touching = self.beside(self.tile_bits())
        return self._touching

    def shows(self, side: int, edge: int) -> int:
        """The cells whose ``side`` faces a tile showing ``edge`` there."""
        return self._facing[_SHOWN + 4 * side + edge]

    def misfits(self) -> int:
        """The tiles with a side that does not match what the neighbour there shows (none in
        a legal city; computed once)."""
        found = self.memo.get("misfits")
        if found is None:
            facing, found = self._facing, 0
            for own, theirs in _MISFITS:
                mine = facing[own]
                if mine:  # most kinds of edges are missing on some side (camps' in most games)
                    for entry in theirs:
                        found |= mine & facing[entry]
            self.memo["misfits"] = found
        return found

    def splitting(self) -> int:
        """The cells whose empty side cells would fall apart round them once built on.

        Walk round the eight cells about a cell: empty side cells next to each other
        through an empty corner cell form one run, and a run starts at an empty side cell
        after a built side cell or a built corner, going round clockwise. Two runs or more
        may cut something off; one run or none cannot. Worked out for every cell at once
        (the grid's margin keeps the shifts from wrapping a tile round a row's end).
        """
        if self._split is not None:
            return self._split
        tiles, width = self.tile_bits(), self._width
        north, south = tiles << width, tiles >> width
        east, west = tiles >> 1, tiles << 1
        runs = (
            ~north & (west | west << width),  # north side: after the west side, NW corner
            ~east & (north | north >> 1),  # east: after north, NE corner
            ~south & (east | east >> width),  # south: after east, SE corner
            ~west & (south | south << 1),  # west: after south, SW corner
        )
        a, b, c, d = runs
        self._split = (a & (b | c | d)) | (b & (c | d)) | (c & d)
        return self._split

    def fitting(self, code: int) -> int:
        """The cells, built on or not, where every side of a tile with edges ``code``
        matches what the neighbour there shows (remembered per kind of tile)."""
        key = code | 1 << 10
        found = self._legal.get(key)
        if found is None:
            facing, clashes = self._facing, 0
            for entry in _CLASHING[code]:
                clashes |= facing[entry]
            found = self._legal[key] = self.full_bits & ~clashes
        return found

    def ways_in(self, code: int, gate: bool) -> int:
        """The cells where a building with edges ``code`` would be walked to from a
        reachable neighbour: through an open side, or with ``gate`` through a gated wall."""
        facing, found = self._facing, 0
        for entry in _WAYS_IN[gate][code]:
            found |= facing[entry]
        return found

    def through_gate(self, side: int) -> int:
        """The cells whose ``side`` faces the wall of a reachable building: a tile with a
        wall there is walked to through a gate on that side."""
        return self._facing[_GATE_IN + side]


def _joined_to(pieces: list[int], piece: int) -> list[int]:
    """``pieces`` (cells apart from each other) with ``piece`` added: made one with every
    piece it meets."""
    kept = []
    for other in pieces:
        if other & piece:
            piece |= other
        else:
            kept.append(other)
    kept.append(piece)
    return kept


def _one_more(hangs: dict[Cell, int] | None, cell: Cell) -> dict[Cell, int] | None:
    """``hangs`` with one more piece hanging on ``cell`` alone."""
    if hangs is None:
        return None
    return {**hangs, cell: hangs.get(cell, 0) + 1}


def _one_less(hangs: dict[Cell, int] | None, cell: Cell) -> dict[Cell, int] | None:
    """``hangs`` with one piece fewer hanging on ``cell`` alone."""
    if hangs is None:
        return None
    after = dict(hangs)
    if after[cell] == 1:
        del after[cell]
    else:
        after[cell] -= 1
    return after


class CellBits(Sequence[Cell]):
    """Cells given as bits of a layout's grid, in reading order: counted at once (what a
    listing of legal actions needs), made into cells only when read."""

    __slots__ = ("_cells", "_grid", "bits")

    def __init__(self, bits: int, grid: tuple[Cell, ...]) -> None:
        self.bits, self._grid = bits, grid
        self._cells: list[Cell] | None = None

    def __len__(self) -> int:
        return self.bits.bit_count()

    def _listed(self) -> list[Cell]:
        if self._cells is None:
            cells, grid, bits = [], self._grid, self.bits
            while bits:
                low = bits & -bits
                cells.append(grid[low.bit_length() - 1])
                bits ^= low
            self._cells = cells
        return self._cells

    @overload
    def __getitem__(self, index: int) -> Cell: ...
    @overload
    def __getitem__(self, index: slice) -> list[Cell]: ...
    def __getitem__(self, index: int | slice) -> Cell | list[Cell]:
        if self._cells is None and type(index) is int and index >= 0:
            # One cell read (a bot's pick) is found among the bits: no list is made.
            bits = self.bits
            for _ in range(index):
                bits &= bits - 1  # the lowest cell left out
            if bits:
                return self._grid[(bits & -bits).bit_length() - 1]
        return self._listed()[index]

    def __iter__(self) -> Iterator[Cell]:
        return iter(self._listed())

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Sequence):
            return self._listed() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"CellBits({self._listed()!r})"


class CellSet(Set[Cell]):
    """Cells given as bits of a layout's grid, as a set: its size and whether it holds a cell
    are answered from the bits (what most askers want to know), and the cells are made only
    when it is read through, in reading order. Set operations give plain sets."""

    __slots__ = ("_layout", "bits")

    def __init__(self, bits: int, layout: Layout) -> None:
        self.bits, self._layout = bits, layout

    def __len__(self) -> int:
        return self.bits.bit_count()

    def __contains__(self, cell: object) -> bool:
        if type(cell) is not tuple or len(cell) != 2 or not all(type(v) is int for v in cell):
            return False
        return bool(self._layout.bit(cell) & self.bits)

    def __iter__(self) -> Iterator[Cell]:
        return iter(self._layout.cells_of(self.bits))

    @classmethod
    def _from_iterable(cls, cells: Iterable[Cell]) -> set[Cell]:  # type: ignore[override]
        return set(cells)

    def __reduce__(self) -> tuple[type[set[Cell]], tuple[list[Cell]]]:
        return set, (list(self),)  # a copy or a pickle is a plain set

    def __repr__(self) -> str:
        return repr(set(self)) if self.bits else "set()"


@lru_cache(maxsize=256)
def _grid_cells(left: int, top: int, width: int, height: int) -> tuple[Cell, ...]:
    """The cells of a grid by bit index (grids of the same shape recur from game to game)."""
    xs = range(left, left + width)
    rows = (zip(xs, itertools.repeat(y, width), strict=True) for y in range(top, top + height))
    return tuple(itertools.chain.from_iterable(rows))


def _depth_first(
    links: tuple[int, int], width: int, cells: tuple[Cell, ...], start: int
) -> tuple[list[Cell], list[int], int]:
    """A depth-first search of the walking links from the tile at bit ``start`` (ruling R4):
    the tiles in the order it finds them, the ranges of that order which would be cut off
    without a tile (Tarjan's articulation points: a child subtree whose lowest back-link
    does not climb above the tile hangs on it alone), and the bits of those tiles.
    Neighbours are tried north, east, south, west. The ranges come flat, three numbers each
    (the tile's bit index, start, stop): a list of numbers is one object for the garbage
    collector to follow, where a list of pairs per tile is dozens."""
    # Each tile's links as one hex digit of a string read by bit index (north 1, east 2,
    # south 4, west 8): a character is read in a few nanoseconds, where shifting a big
    # integer to read one bit makes a new integer. A link read as "0"/"1" in base 16 puts
    # each bit in a digit of its own; a north or west link is the neighbour's south or east.
    size = len(cells)
    east, south = (int(format(bits, f"0{size}b"), 16) for bits in links)
    digits = south << 4 * width | east << 1 | south << 2 | east << 7
    codes = format(digits & (1 << 4 * size) - 1, f"0{size}x")[::-1]
    ways = _ways(width)
    found = [-1] * size
    order: list[Cell] = []
    cuts: list[int] = []
    hanging = [0]  # the bits of the tiles others hang on

    def visit(index: int, parent: int) -> int:
        """Number the tile at bit ``index``, walk on from it; the lowest number its
        subtree links back to."""
        mine = found[index] = len(order)
        order.append(cells[index])
        low = mine
        for step in ways[codes[index]]:
            other = index + step
            seen = found[other]
            if seen < 0:
                if codes[other] in _ONE_LINK:  # a tile linked to this one alone hangs on it
                    below = found[other] = len(order)
                    order.append(cells[other])
                else:
                    below = visit(other, index)
                    if below < low:
                        low = below
                if below >= mine:
                    cuts.extend((index, found[other], len(order)))
                    hanging[0] |= 1 << index
            elif seen < low and other != parent:
                low = seen
        return low

    visit(start, -1)
    visit = None  # type: ignore[assignment]  # it names itself: free it without the collector
    return order, cuts, hanging[0]


_ONE_LINK = "1248"
"""The hex digits of a tile with a single link (see :func:`_depth_first`)."""


@lru_cache(maxsize=64)
def _ways(width: int) -> dict[str, tuple[int, ...]]:
    """For each hex digit of links (see :func:`_depth_first`), the steps to the tiles linked,
    north, east, south, west, on a grid ``width`` cells wide."""
    steps = ((1, -width), (2, 1), (4, width), (8, -1))
    return {
        format(code, "x"): tuple(step for bit, step in steps if code & bit) for code in range(16)
    }

"""The longest continuous outer wall (RULES.md §5, ruling R5).

A wall segment is one walled tile side that is not half of a double wall. Segments join at the
corners of cells; the longest wall is the longest trail — no segment used twice — through them,
so a closed ring of n segments scores n.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .geometry import SIDES, Cell, Side, neighbours
from .tiles import Edge, Tile

Segment = tuple[Cell, Side]
Point = tuple[int, int]


def outer_segments(tiles: Mapping[Cell, Tile]) -> list[Segment]:
    """Every walled side that does not face another wall (a double wall is inner)."""
    segments = []
    for cell, tile in tiles.items():
        if not tile.wall_mask:
            continue
        around = neighbours(cell)
        for side in SIDES:
            if tile.edges[side] is not Edge.WALL:
                continue
            other = tiles.get(around[side])
            if other is not None and other.edges[side ^ 2] is Edge.WALL:
                continue
            segments.append((cell, side))
    return segments


_ENDS = ((0, 0, 1, 0), (1, 0, 1, 1), (0, 1, 1, 1), (0, 0, 0, 1))
"""Per side N, E, S, W: where its wall segment starts and ends, from the cell's corner."""


def longest_wall(tiles: Mapping[Cell, Tile]) -> tuple[Segment, ...]:
    """The segments of the longest outer wall, sorted; ties go to the wall met first."""
    return longest_wall_of(outer_segments(tiles))


def longest_wall_of(segments: Sequence[Segment]) -> tuple[Segment, ...]:
    """:func:`longest_wall` of the outer wall ``segments`` (in any order)."""
    segments = sorted(segments)
    at_point: dict[Point, list[int]] = {}
    ends = []
    for index, ((x, y), side) in enumerate(segments):
        ax, ay, bx, by = _ENDS[side]
        a, b = (x + ax, y + ay), (x + bx, y + by)
        ends.append((a, b))
        at_point.setdefault(a, []).append(index)
        at_point.setdefault(b, []).append(index)
    best: list[int] = []
    seen: set[int] = set()
    for start in range(len(segments)):
        if start in seen:
            continue
        component = _component(start, ends, at_point)
        seen.update(component)
        trail = _longest_trail(component, ends, at_point)
        if len(trail) > len(best):
            best = trail
    return tuple(sorted(segments[i] for i in best))


def _component(start: int, ends: Sequence[tuple[Point, Point]], at_point) -> list[int]:
    found = {start}
    stack = [start]
    while stack:
        for point in ends[stack.pop()]:
            for other in at_point[point]:
                if other not in found:
                    found.add(other)
                    stack.append(other)
    return sorted(found)


def _longest_trail(component: list[int], ends, at_point) -> list[int]:
    """All of a component when one trail can cover it (Euler), else an exhaustive search."""
    points = {p for i in component for p in ends[i]}
    odd = sum(1 for p in points if len(at_point[p]) % 2)
    if odd <= 2:
        return component
    # Only possible where walls branch (a camp wedged between tiles, or a position typed in
    # by hand): small components, so trying every trail is affordable.
    best: list[int] = []
    for point in sorted(points):
        trail = _search(point, [], set(), ends, at_point)
        if len(trail) > len(best):
            best = trail
    return best


def _search(point: Point, trail: list[int], used: set[int], ends, at_point) -> list[int]:
    best = list(trail)
    for index in at_point[point]:
        if index in used:
            continue
        a, b = ends[index]
        used.add(index)
        trail.append(index)
        found = _search(b if a == point else a, trail, used, ends, at_point)
        if len(found) > len(best):
            best = found
        trail.pop()
        used.discard(index)
    return best

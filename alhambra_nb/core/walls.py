"""The longest continuous outer wall (RULES.md §5, ruling R5).

A wall segment is one walled tile side that is not half of a double wall. Segments join at the
corners of cells; the longest wall is the longest trail — no segment used twice — through them,
so a closed ring of n segments scores n. In Board Game Arena's reading it is the longest path
that never passes the same corner twice, so a closed ring of n segments scores n - 1.
"""

from __future__ import annotations

from collections.abc import Sequence

from .geometry import Cell, Side

Segment = tuple[Cell, Side]
Point = tuple[int, int]


_ENDS = ((0, 0, 1, 0), (1, 0, 1, 1), (0, 1, 1, 1), (0, 0, 0, 1))
"""Per side N, E, S, W: where its wall segment starts and ends, from the cell's corner."""


def longest_wall_of(segments: Sequence[Segment]) -> tuple[Segment, ...]:
    """The longest wall through the outer wall ``segments`` (in any order; the layout finds
    them), its segments sorted; ties go to the wall met first."""
    return _longest_of(segments, _longest_trail)


def longest_path_of(segments: Sequence[Segment]) -> tuple[Segment, ...]:
    """The longest wall through the outer wall ``segments`` that never passes the same
    corner twice (Board Game Arena's reading), its segments sorted; ties go to the wall met
    first."""
    return _longest_of(segments, _longest_path)


def _longest_of(segments: Sequence[Segment], longest) -> tuple[Segment, ...]:
    """The longest of the walls that ``longest`` finds in each connected wall."""
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
        wall = longest(component, ends, at_point)
        if len(wall) > len(best):
            best = wall
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


def _longest_path(component: list[int], ends, at_point) -> list[int]:
    """The longest path through a component that never passes a corner twice, searched from
    every corner (walls are short: a few dozen segments at most)."""
    best: list[int] = []
    for point in sorted({p for i in component for p in ends[i]}):
        path = _search_path(point, [], {point}, ends, at_point)
        if len(path) > len(best):
            best = path
    return best


def _search_path(point: Point, path: list[int], passed: set[Point], ends, at_point) -> list[int]:
    best = list(path)
    for index in at_point[point]:
        a, b = ends[index]
        other = b if a == point else a
        if other in passed:
            continue
        passed.add(other)
        path.append(index)
        found = _search_path(other, path, passed, ends, at_point)
        if len(found) > len(best):
            best = found
        path.pop()
        passed.discard(other)
    return best

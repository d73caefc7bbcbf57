"""A deliberately naive second implementation of the building rules, to test the fast one.

Nothing here is shared with the engine: plain breadth-first searches over dictionaries.
"""

from __future__ import annotations

from collections import deque

STEPS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}


def walls_of(tile) -> set[str]:
    return {side.name for side in tile.walls}


def step(cell, side):
    dx, dy = STEPS[side]
    return (cell[0] + dx, cell[1] + dy)


def walkable(tiles: dict) -> set:
    """Cells a pedestrian reaches from (0, 0) through open shared sides."""
    seen = {(0, 0)}
    queue = deque(seen)
    while queue:
        cell = queue.popleft()
        for side in STEPS:
            other = step(cell, side)
            if (
                other in tiles
                and other not in seen
                and side not in walls_of(tiles[cell])
                and OPPOSITE[side] not in walls_of(tiles[other])
            ):
                seen.add(other)
                queue.append(other)
    return seen


def has_hole(tiles: dict) -> bool:
    xs = [x for x, _ in tiles]
    ys = [y for _, y in tiles]
    left, right, top, bottom = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    start = (left, top)
    seen = {start}
    queue = deque([start])
    while queue:
        cell = queue.popleft()
        for side in STEPS:
            x, y = step(cell, side)
            inside = left <= x <= right and top <= y <= bottom
            if inside and (x, y) not in tiles and (x, y) not in seen:
                seen.add((x, y))
                queue.append((x, y))
    empty = (right - left + 1) * (bottom - top + 1) - len(tiles)
    return len(seen) != empty


def legal(tiles: dict, tile, cell) -> bool:
    if cell in tiles:
        return False
    touching = False
    for side in STEPS:
        other = tiles.get(step(cell, side))
        if other is None:
            continue
        touching = True
        if (side in walls_of(tile)) != (OPPOSITE[side] in walls_of(other)):
            return False
    if not touching:
        return False
    after = dict(tiles)
    after[cell] = tile
    return cell in walkable(after) and not has_hole(after)


def removable(tiles: dict, cell) -> bool:
    if cell == (0, 0) or cell not in tiles:
        return False
    after = {c: t for c, t in tiles.items() if c != cell}
    return walkable(after) == set(after) and not has_hole(after)

"""A deliberately naive second implementation of the building rules, to test the fast one.

Nothing here is shared with the engine: plain breadth-first searches over dictionaries.
"""

from __future__ import annotations

from collections import deque

STEPS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}


def walls_of(tile) -> set[str]:
    return {side.name for side in tile.walls}


def edge(tile, side: str) -> str:
    """'wall', 'open', 'bastion' or 'plain': what this side of the tile is made of."""
    if tile.is_camp:
        return "bastion" if side in {s.name for s in tile.bastions} else "plain"
    return "wall" if side in walls_of(tile) else "open"


def sides_match(mine: str, theirs: str) -> bool:
    pair = {mine, theirs}
    return mine == theirs != "bastion" or pair == {"wall", "bastion"}


def gated(gates, cell, side) -> bool:
    other = step(cell, side)
    return any({cell, other} == {g, step(g, s.name)} for g, s in gates)


def step(cell, side):
    dx, dy = STEPS[side]
    return (cell[0] + dx, cell[1] + dy)


def crossable(tiles: dict, cell, side: str, gates=()) -> bool:
    other = tiles.get(step(cell, side))
    if other is None or other.is_camp or tiles[cell].is_camp:
        return False
    mine, theirs = edge(tiles[cell], side), edge(other, OPPOSITE[side])
    return mine == theirs == "open" or (mine == theirs == "wall" and gated(gates, cell, side))


def walkable(tiles: dict, gates=()) -> set:
    """Cells a pedestrian reaches from (0, 0) through open shared sides (or gates)."""
    return spread(lambda cell, side: crossable(tiles, cell, side, gates))


def spread(may_step) -> set:
    """Cells reached from (0, 0) by steps that ``may_step(cell, side)`` allows."""
    seen = {(0, 0)}
    queue = deque(seen)
    while queue:
        cell = queue.popleft()
        for side in STEPS:
            other = step(cell, side)
            if other not in seen and may_step(cell, side):
                seen.add(other)
                queue.append(other)
    return seen


def buildings(tiles: dict) -> set:
    return {c for c, t in tiles.items() if not t.is_camp}


def has_hole(tiles: dict) -> bool:
    return bool(_cut_off(tiles))


def enclosed_by(tiles: dict, cell) -> set:
    """The empty cells a tile at ``cell`` would newly cut off from the land round the city,
    found by flooding the bounding box (plus a ring) before and after."""
    after = {**tiles, cell: None}
    return _cut_off(after) - _cut_off(tiles) - {cell}


def _cut_off(tiles: dict) -> set:
    """The empty cells of the bounding box (plus a ring) the ring's corner cannot reach."""
    xs = [x for x, _ in tiles]
    ys = [y for _, y in tiles]
    left, right, top, bottom = min(xs) - 1, max(xs) + 1, min(ys) - 1, max(ys) + 1
    seen = {(left, top)}
    queue = deque(seen)
    while queue:
        cell = queue.popleft()
        for side in STEPS:
            x, y = step(cell, side)
            inside = left <= x <= right and top <= y <= bottom
            if inside and (x, y) not in tiles and (x, y) not in seen:
                seen.add((x, y))
                queue.append((x, y))
    box = {(x, y) for x in range(left, right + 1) for y in range(top, bottom + 1)}
    return box - seen - set(tiles)


def legal(tiles: dict, tile, cell) -> bool:
    if cell in tiles:
        return False
    touching = False
    for side in STEPS:
        other = tiles.get(step(cell, side))
        if other is None:
            continue
        touching = True
        if not sides_match(edge(tile, side), edge(other, OPPOSITE[side])):
            return False
    if not touching:
        return False
    after = dict(tiles)
    after[cell] = tile
    return (tile.is_camp or cell in walkable(after)) and not has_hole(after)


def removable(tiles: dict, cell) -> bool:
    if cell == (0, 0) or cell not in tiles:
        return False
    after = {c: t for c, t in tiles.items() if c != cell}
    return (
        walkable(after) == buildings(after) and joined(after) == set(after) and not has_hole(after)
    )


def joined(tiles: dict) -> set:
    """Cells joined side to side to the fountain, whatever their walls."""
    return spread(lambda cell, side: step(cell, side) in tiles)


def outer_walls_by_hand(tiles: dict) -> list:
    """Every walled side whose neighbour there shows no wall back, tile by tile."""
    found = []
    for (x, y), tile in tiles.items():
        for side in tile.walls:
            dx, dy = STEPS[side.name]
            other = tiles.get((x + dx, y + dy))
            if other is None or not other.has_wall(side.opposite):
                found.append(((x, y), side))
    return found

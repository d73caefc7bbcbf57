"""A readable text notation for a city, one tile per line: ``x,y code``.

::

    0,0 fountain
    1,0 garden-10-N
    1,1 tower-9-NE
    gate 1,0 E

Lines may also be separated by ``;``; ``#`` starts a comment; a cell may be written ``(1, 0)``.
The fountain line may be left out: every city has its fountain at (0, 0).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping

from .errors import AlhambraError
from .geometry import ORIGIN, Cell, Side, canonical_edge, neighbour
from .limits import (
    MAX_TILES,
    CitySizeError,
    check_cell_bounds,
    check_coordinate_text,
    check_tile_count,
)
from .messages import render, shown
from .tiles import FOUNTAIN, Tile, TileError


class NotationError(AlhambraError):
    """Raised when a text is not a valid city notation; names the entry at fault."""


_CELL = r"\(?\s*(?P<x>-?[0-9]+)\s*,\s*(?P<y>-?[0-9]+)\s*\)?"
_TILE_ENTRY = re.compile(_CELL + r"\s+(?P<code>\S+)")
_GATE_ENTRY = re.compile(r"gate\s+" + _CELL + r"\s+(?P<side>[NESWnesw])")


def parse_city(text: str) -> tuple[dict[Cell, Tile], frozenset[tuple[Cell, Side]]]:
    """The tiles and gates written in ``text``."""
    if not isinstance(text, str):
        raise NotationError(render("refusal.notation-kind", {"value": shown(text)}))
    tiles: dict[Cell, Tile] = {ORIGIN: FOUNTAIN}
    gates: set[tuple[Cell, Side]] = set()
    for number, entry in _entries(text):
        if number > _MAX_ENTRIES:  # refused before reading on (see limits.py)
            raise CitySizeError(render("refusal.notation-entries", {"most": _MAX_ENTRIES}))
        gate = _GATE_ENTRY.fullmatch(entry)
        if gate:
            cell = _bounded_cell(gate["x"], gate["y"])
            gates.add(canonical_edge(cell, Side.parse(gate["side"])))
            continue
        found = _TILE_ENTRY.fullmatch(entry)
        if found is None:
            raise NotationError(render("refusal.notation-entry", _said(number, entry)))
        cell = _bounded_cell(found["x"], found["y"])
        try:
            tile = Tile.parse(found["code"])
        except TileError as exc:
            words = {**_said(number, entry), "reason": str(exc)}
            raise NotationError(render("refusal.notation-tile", words)) from None
        _add(tiles, cell, tile, number, entry)
        check_tile_count(len(tiles) - 1)
    for cell, side in gates:
        if cell not in tiles or neighbour(cell, side) not in tiles:
            raise NotationError(render("refusal.gate-dangling", {"cell": cell, "side": side}))
    return tiles, frozenset(gates)


# Every tile and at most two gates per tile (a gate joins a tile to its east or south one).
_MAX_ENTRIES = 3 * MAX_TILES + 1


def _said(number: int, entry: str) -> dict[str, object]:
    """An entry as a refusal quotes it: its number, and its text cut short when long."""
    return {"number": number, "entry": shown(entry)}


def _bounded_cell(x: str, y: str) -> Cell:
    check_coordinate_text(x)
    check_coordinate_text(y)
    cell = (int(x), int(y))
    check_cell_bounds(cell)
    return cell


def _entries(text: str) -> Iterable[tuple[int, str]]:
    number = 0
    for line in text.splitlines():
        for entry in line.split("#", 1)[0].split(";"):
            entry = entry.strip()
            if entry:
                number += 1
                yield number, entry


def _add(tiles: dict[Cell, Tile], cell: Cell, tile: Tile, number: int, entry: str) -> None:
    if tile.is_fountain:
        if cell != ORIGIN:
            raise NotationError(render("refusal.notation-fountain", _said(number, entry)))
        return
    if cell == ORIGIN:
        raise NotationError(render("refusal.notation-origin", _said(number, entry)))
    if cell in tiles:
        words = {**_said(number, entry), "cell": cell, "code": tiles[cell].code}
        raise NotationError(render("refusal.notation-taken", words))
    tiles[cell] = tile


def format_city(
    tiles: Mapping[Cell, Tile], gates: Iterable[tuple[Cell, Side]], separator: str = "\n"
) -> str:
    """The notation of a city, tiles in reading order (north to south, west to east)."""
    lines = [f"{x},{y} {tiles[(x, y)].code}" for x, y in sorted(tiles, key=lambda c: (c[1], c[0]))]
    lines += [f"gate {x},{y} {side.name}" for (x, y), side in sorted(gates)]
    return separator.join(lines)

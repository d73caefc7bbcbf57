"""``CityWidget``: try tiles on an Alhambra, see every rule a placement breaks, redesign it.

Python computes, the page draws. For the selected tile the widget sends a verdict for every cell
of the board, so hovering and focusing show explanations with no round trip; a click or Enter
sends one message back, and Python checks again before it changes anything. The page never
writes a trait: every learner action arrives as a message, and a message that makes no sense
(unknown cell, stale tile, garbage) is ignored with a visible note instead of an exception.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import traitlets
from ipywidgets import CallbackDispatcher

from ..core.city import City, as_rotation, as_tile
from ..core.errors import AlhambraError
from ..core.geometry import Cell
from ..core.messages import render, shown, words
from ..core.tiles import Tile
from ..core.violations import Violation
from ..render import city_svg
from ..render.mime import description
from ..render.svg import cell_key
from ..render.text import describe_violations
from . import fallback
from .board import (
    BadMessageError,
    BoardWidget,
    NothingToDoError,
    WidgetValueError,
    board_payload,
    bundle,
    extent_cells,
    gate_trait,
    gate_words,
    message_kind,
    parse_cell_key,
    placement_verdicts,
    removal_verdicts,
    reserve_verdicts,
    short,
    tray_payload,
    whole_number,
)

MODES = ("build", "redesign")


@dataclass(frozen=True)
class _Snapshot:
    """Everything undo restores."""

    city: City
    tiles: tuple[Tile, ...]
    reserve: tuple[Tile, ...]


class CityWidget(BoardWidget):
    """An Alhambra to try tiles on: ``CityWidget(city=None, tiles=(), selected=None,
    language=None)``.

    ``tiles`` fill the tray; ``selected`` picks one of them by index (or by tile/code). Hover or
    focus a cell to read the verdict, click or press Enter to place, ``r`` turns the tile.
    ``w.city`` is the position; the widget never changes a City in place but assigns a new one,
    so ``w.observe(f, "city")`` sees every change and the City you passed in stays as it was.
    ``language`` (the session's by default) is what the widget speaks; changing it redraws.
    """

    _esm = bundle("board.js", "city.js")
    _css = bundle("board.css", "city.css")
    _page_writable = frozenset(
        {"selected", "reserve_selected", "rotation", "mode", "gate", "show_wall", "show_counts"}
    )

    city = traitlets.Instance(City)
    tiles = traitlets.Tuple()
    reserve = traitlets.Tuple()
    # Any, not Int: a tile or its code is accepted too, and the validators turn it into an index.
    selected = traitlets.Any(None).tag(sync=True)
    reserve_selected = traitlets.Any(None).tag(sync=True)
    rotation = traitlets.Int(0).tag(sync=True)
    mode = traitlets.Unicode("build").tag(sync=True)
    gate = traitlets.Any(None).tag(sync=True)
    """Expansion II: the side of the new tile that gets a gate (``None``, ``"N"``, ``"E"``,
    ``"S"`` or ``"W"``); verdicts and placements are made with it."""
    gates = traitlets.Bool(False).tag(sync=True)
    """Expansion II in play: the page shows the gate controls. Off by default (the base game
    has no gates); on by itself for a city that holds a gate and when ``gate`` is set."""
    show_wall = traitlets.Bool(False).tag(sync=True)
    show_counts = traitlets.Bool(False).tag(sync=True)

    _board = traitlets.Dict().tag(sync=True)
    _tray = traitlets.List().tag(sync=True)
    _reserve_tray = traitlets.List().tag(sync=True)
    _pointed = traitlets.Unicode("").tag(sync=True)
    _can_undo = traitlets.Bool(False).tag(sync=True)
    _words = traitlets.Dict().tag(sync=True)
    """What the page writes itself (buttons, tray titles, status templates), from the
    catalogue: a translated catalogue translates the page too."""

    def __init__(
        self,
        city: City | None = None,
        tiles: Iterable[Tile | str] = (),
        selected: int | Tile | str | None = None,
        *,
        language: str | None = None,
        **kwargs: Any,
    ) -> None:
        self._version = 0
        self._history: list[_Snapshot] = []
        self._place_handlers = CallbackDispatcher()
        self._ready = False
        city = city if city is not None else City()
        if not isinstance(city, City):
            raise WidgetValueError(render("widget.refusal-city", {"value": shown(city)}, language))
        tray = _tray(tiles, language)
        kwargs.setdefault("gates", bool(city.gates) or kwargs.get("gate") is not None)
        super().__init__(city=city, tiles=tray, language=language, **kwargs)
        with self.hold_sync():
            self._words = words("page.", self.language)
            self.selected = selected  # validated against the tray, so after it
            self._draw_board()
            self._draw_trays()
            self._compute_verdicts()
        self._ready = True

    # -- validation -----------------------------------------------------------------------
    @traitlets.validate("tiles", "reserve")
    def _valid_tiles(self, proposal: dict[str, Any]) -> tuple[Tile, ...]:
        return tuple(as_tile(t) for t in proposal["value"])

    @traitlets.validate("selected")
    def _valid_selected(self, proposal: dict[str, Any]) -> int | None:
        return _index(proposal["value"], self.tiles, "widget.bad-tray-index", self.language)

    @traitlets.validate("reserve_selected")
    def _valid_reserve_selected(self, proposal: dict[str, Any]) -> int | None:
        return _index(proposal["value"], self.reserve, "widget.bad-reserve-index", self.language)

    @traitlets.validate("rotation")
    def _valid_rotation(self, proposal: dict[str, Any]) -> int:
        try:
            return as_rotation(proposal["value"])
        except ValueError as error:  # a TraitError, so that a write is undone whole
            raise WidgetValueError(str(error)) from None

    @traitlets.validate("gate")
    def _valid_gate(self, proposal: dict[str, Any]) -> str | None:
        return gate_trait(proposal["value"], self.language)

    @traitlets.validate("mode")
    def _valid_mode(self, proposal: dict[str, Any]) -> str:
        if proposal["value"] not in MODES:
            value = short(proposal["value"], self.language)
            raise WidgetValueError(self._render("widget.bad-mode", value=value))
        return proposal["value"]

    # -- keeping the page in step ---------------------------------------------------------
    @traitlets.observe("language")
    def _language_changed(self, _change: dict[str, Any]) -> None:
        # Everything the page shows in words is said again, the note left as it was said.
        if self._ready:
            with self.hold_sync():
                self._words = words("page.", self.language)
                self._draw_board()
                self._draw_trays()
                self._compute_verdicts()

    @traitlets.observe("city")
    def _city_changed(self, _change: dict[str, Any]) -> None:
        if self._ready:
            with self.hold_sync():
                self._draw_board()
                self._compute_verdicts()

    @traitlets.observe("tiles", "reserve")
    def _trays_changed(self, change: dict[str, Any]) -> None:
        if not self._ready:
            return
        with self.hold_sync():
            # A tray that shrank may no longer hold the selected index.
            if change["name"] == "tiles" and (self.selected or 0) >= len(self.tiles):
                self.selected = None
            if change["name"] == "reserve" and (self.reserve_selected or 0) >= len(self.reserve):
                self.reserve_selected = None
            self._draw_trays()
            if any(t.is_camp for t in change["new"]) and "legend-camp" not in self._board["legend"]:
                self._draw_board()  # a camp came to a tray: the legend explains camps now
            self._compute_verdicts()

    @traitlets.observe("selected", "reserve_selected", "rotation", "mode", "gate")
    def _choice_changed(self, _change: dict[str, Any]) -> None:
        if self._ready:
            self._compute_verdicts()

    @traitlets.observe("selected", "reserve_selected")
    def _tile_picked(self, change: dict[str, Any]) -> None:
        # A newly picked tile starts upright (a turn made before belongs to no tile), and a
        # hint or refusal about the last tile is no longer about anything shown.
        if self._ready and change["new"] is not None:
            self.rotation = 0
            if self._note.get("kind") in ("hint", "refused", "ignored"):
                self._say("", "")

    @traitlets.observe("gate", "city")
    def _gates_in_play(self, change: dict[str, Any]) -> None:
        # A gate chosen or standing in the city means expansion II is on: show its controls.
        if self.gate is not None or self.city.gates:
            self.gates = True

    def _draw_board(self) -> None:
        waiting = any(t.is_camp for t in (*self.tiles, *self.reserve))
        self._board = board_payload(self.city, camps=waiting, language=self.language)

    def _draw_trays(self) -> None:
        self._tray = tray_payload(self.tiles, self.language)
        self._reserve_tray = tray_payload(self.reserve, self.language)

    def _compute_verdicts(self) -> None:
        self._version += 1
        tile = self.active_tile
        cells = extent_cells(tuple(self._board["extent"]))
        language = self.language
        if self.mode == "redesign":
            reserve_tile = self._reserve_tile
            cells_map = (
                reserve_verdicts(self.city, reserve_tile, cells, gate=self.gate, language=language)
                if reserve_tile is not None
                else removal_verdicts(self.city, cells, language)
            )
        elif tile is not None:
            cells_map = placement_verdicts(
                self.city, tile, cells, self.rotation, gate=self.gate, language=language
            )
        else:
            cells_map = {}
        self._verdicts = {
            "version": self._version,
            "mode": self.mode,
            "tile": tile.code if tile is not None else None,
            "rotation": self.rotation,
            "gate": self.gate,
            "cells": cells_map,
            "status": self._status(tile, cells_map),
        }

    def _status(self, tile: Tile | None, cells: dict[str, Any]) -> str:
        """What the status line says while no cell is pointed at: on how many cells the tile
        fits (a count-dependent sentence, so said here in the language's plural)."""
        if tile is None:
            return ""
        count = sum(1 for found in cells.values() if found["ok"])
        if count == 0:
            return self._render("page.fits-none", tile=tile.described())
        return self._render("page.fits", tile=tile.described(), count=count)

    # -- what is selected -----------------------------------------------------------------
    @property
    def selected_tile(self) -> Tile | None:
        """The tray tile being tried, if any."""
        return self.tiles[self.selected] if self.selected is not None else None

    @property
    def _reserve_tile(self) -> Tile | None:
        if self.reserve_selected is None:
            return None
        return self.reserve[self.reserve_selected]

    @property
    def active_tile(self) -> Tile | None:
        """The tile a click would use: the reserve tile in redesign mode, else the tray's."""
        return self._reserve_tile if self.mode == "redesign" else self.selected_tile

    # -- staging a position from code -----------------------------------------------------
    def set_position(
        self,
        city: City | str | None = None,
        *,
        tiles: Iterable[Tile | str] | None = None,
        reserve: Iterable[Tile | str] | None = None,
        selected: int | Tile | str | None = None,
        rotation: int = 0,
        mode: str = "build",
    ) -> CityWidget:
        """Show exactly this situation (a City or its text), forgetting the undo history."""
        if isinstance(city, str):
            city = City.from_text(city)
        with self.hold_sync():
            self.selected = None
            self.reserve_selected = None
            self.city = city.copy() if city is not None else City()
            if tiles is not None:
                self.tiles = tuple(tiles)
            if reserve is not None:
                self.reserve = tuple(reserve)
            self.mode = mode
            self.selected = selected
            self.rotation = rotation  # after the tile: picking a tile turns it upright
            self._history.clear()
            self._can_undo = False
            self._pointed = ""
        return self

    def select(self, tile: int | Tile | str | None) -> None:
        """Pick a tray tile (by index, tile or code) to try, and go back to building."""
        with self.hold_sync():
            self.selected = tile
            self.mode = "build"

    def rotate(self, turns: int = 1) -> None:
        """Turn the tile being tried clockwise by quarter turns."""
        self.rotation = (self.rotation + turns) % 4

    def point_at(self, cell: Cell | None) -> list[Violation]:
        """Show the verdict at ``cell`` as if the learner pointed at it; returns its violations."""
        if cell is None:
            self._pointed = ""
            return []
        self._pointed = cell_key(parse_cell_key(cell))
        return self.verdict_at(cell)

    def verdict_at(self, cell: Cell) -> list[Violation]:
        """The violations a click on ``cell`` would meet now."""
        cell = parse_cell_key(cell)
        action, tile = self._action_at(cell)
        return self._check(action, cell, tile)

    # -- actions (from the page or from code) ---------------------------------------------
    def try_place(self, cell: Cell) -> list[Violation]:
        """Build the selected tile at ``cell`` if the rules allow; returns what they forbid."""
        return self._act(parse_cell_key(cell), "place")

    def try_remove(self, cell: Cell) -> list[Violation]:
        """Move the tile at ``cell`` to the reserve if the redesign rules allow."""
        return self._act(parse_cell_key(cell), "remove")

    def try_swap(self, cell: Cell) -> list[Violation]:
        """Swap the selected reserve tile with the tile at ``cell`` if the rules allow."""
        return self._act(parse_cell_key(cell), "swap")

    def undo(self) -> bool:
        """Take back the last change; ``False`` when there is nothing to undo."""
        if not self._history:
            self._say(self._render("widget.nothing-to-undo"), "info")
            return False
        snapshot = self._history.pop()
        with self.hold_sync():
            self.selected = None
            self.reserve_selected = None
            self.city = snapshot.city
            self.tiles = snapshot.tiles
            self.reserve = snapshot.reserve
            self._can_undo = bool(self._history)
            self._say(self._render("widget.undone"), "info")
        return True

    def on_place(self, callback: Callable[[Cell, Tile], Any], remove: bool = False) -> None:
        """Call ``callback(cell, tile)`` after every successful placement (``remove`` unhooks)."""
        self._place_handlers.register_callback(callback, remove=remove)

    def _action_at(self, cell: Cell) -> tuple[str, Tile | None]:
        """What a click on ``cell`` means now, and with which tile."""
        if self.mode == "redesign":
            tile = self._reserve_tile
            if tile is None:
                return "remove", None
            return ("swap" if cell in self.city else "place"), tile
        return "place", self.selected_tile

    def _check(self, action: str, cell: Cell, tile: Tile | None) -> list[Violation]:
        if action == "remove":
            return self.city.check_removal(cell)
        if tile is None:
            raise NothingToDoError("widget.pick-tile-first")
        if action == "swap":
            return self.city.check_swap(cell, tile)
        rotation = self.rotation if self.mode == "build" else 0
        return self.city.check(tile, cell, rotation, gate=self.gate)

    def _act(self, cell: Cell, wanted: str | None) -> list[Violation]:
        action, tile = self._action_at(cell)
        if wanted is not None and wanted != action:
            raise BadMessageError("widget.bad-click", cell=cell, action=action, wanted=wanted)
        violations = self._check(action, cell, tile)
        self.last_verdict = violations
        if violations:
            self._say(self._refusal(action, cell, tile, violations), "refused", cell=cell)
            return violations
        self._apply(action, cell, tile)
        return []

    def _refusal(
        self, action: str, cell: Cell, tile: Tile | None, violations: Sequence[Violation]
    ) -> str:
        """Why ``action`` at ``cell`` is refused: which tile, where, and every broken rule."""
        # The tile in hand by its walls (several of a type may be in hand); one standing at
        # the cell is known by the cell.
        moved = tile.described(price=False) if tile is not None else self.city.get(cell)
        why = describe_violations(violations, self.language)
        if moved is None:  # a removal where nothing stands: the rule's sentence says so
            return why
        return self._render(f"widget.refused-{action}", tile=moved, cell=cell, why=why)

    def _apply(self, action: str, cell: Cell, tile: Tile | None) -> None:
        city = self.city.copy()
        tiles, reserve = list(self.tiles), list(self.reserve)
        snapshot = _Snapshot(self.city, self.tiles, self.reserve)
        if action == "remove":
            removed = city.remove(cell)
            reserve.append(removed)
            message = self._render("widget.moved", tile=removed, cell=cell)
        elif action == "swap":
            assert tile is not None and self.reserve_selected is not None
            old = city.swap(cell, tile)
            reserve[self.reserve_selected] = old
            message = self._render(
                "widget.swapped", old=old, cell=cell, tile=tile.described(price=False)
            )
        else:
            assert tile is not None
            city.place(tile, cell, gate=self.gate)
            if self.mode == "redesign":
                assert self.reserve_selected is not None
                del reserve[self.reserve_selected]
            else:
                assert self.selected is not None
                del tiles[self.selected]
            gate = gate_words(self.gate, self.language)
            message = self._render(
                "widget.placed", tile=tile.described(price=False), cell=cell, gate=gate
            )
        self._history.append(snapshot)
        with self.hold_sync():
            self.selected = None
            self.reserve_selected = None
            self.gate = None  # a gate goes with one placement
            self.city = city
            self.tiles = tuple(tiles)
            self.reserve = tuple(reserve)
            self._can_undo = True
            self._say(message, "done")
        if action == "place" and tile is not None:
            self._place_handlers(cell, tile)

    # -- messages from the page -----------------------------------------------------------
    def _dispatch(self, content: object) -> None:
        kind = message_kind(content)
        if kind == "act":
            self._act_from_page(content)
        elif kind == "select":
            self._select_from_page(content)
        elif kind == "rotate":
            by = whole_number(content.get("by", 1), "by")
            if self.active_tile is None:  # nothing to turn: say so rather than turn nothing
                raise NothingToDoError("widget.pick-tile-to-turn")
            self.rotate(by)
        elif kind == "mode":
            self._set_mode(content.get("mode"))
        elif kind == "toggle":
            self._toggle(content.get("what"))
        elif kind == "undo":
            self.undo()
        elif kind == "gate":
            self.gate = content.get("side")  # validated: a bad side is ignored with a note
        else:
            raise BadMessageError("widget.bad-message-kind", value=short(kind))

    def _act_from_page(self, content: dict[str, Any]) -> None:
        cell = parse_cell_key(content.get("cell"))
        min_x, min_y, max_x, max_y = self._board["extent"]
        if not (min_x <= cell[0] <= max_x and min_y <= cell[1] <= max_y):
            raise BadMessageError("widget.bad-cell-off-board", cell=cell)
        tile = self.active_tile
        if content.get("version") != self._version or content.get("tile") != (
            tile.code if tile is not None else None
        ):
            # A click made just before the board changed (a quick second click, say).
            raise NothingToDoError("widget.board-changed")
        self._act(cell, None)

    def _select_from_page(self, content: dict[str, Any]) -> None:
        tray = content.get("tray", "tiles")
        index = content.get("index")
        if index is not None:
            index = whole_number(index, "index")
        if tray == "tiles":
            self.select(index)
        elif tray == "reserve":
            with self.hold_sync():
                self.reserve_selected = index
                self.mode = "redesign"
        else:
            raise BadMessageError("widget.bad-tray", value=short(tray))

    def _set_mode(self, mode: object) -> None:
        if mode not in MODES:
            raise BadMessageError("widget.bad-mode-message", value=short(mode))
        self.mode = mode

    def _toggle(self, what: object) -> None:
        if what == "wall":
            self.show_wall = not self.show_wall
        elif what == "counts":
            self.show_counts = not self.show_counts
        else:
            raise BadMessageError("widget.bad-toggle", value=short(what))

    # -- notebook display -----------------------------------------------------------------
    def __repr__(self) -> str:
        tile = self.selected_tile
        return f"CityWidget(tiles={len(self.tiles)}, selected={tile.code if tile else None!r})"

    def _static_svg(self) -> str:
        """The city, then the tiles to try and the reserve, as the live widget shows them."""
        language = self.language
        board = city_svg(self.city, language=language)
        parts = [fallback.picture(board)]
        said = [description(board)]
        for key, tiles in (
            ("widget.tray-tiles", self.tiles),
            ("widget.tray-reserve", self.reserve),
        ):
            title = render(key, {}, language)
            if tiles:
                entries = tray_payload(tiles, language)
                pictures = [(entry["caption"], entry["svg"]) for entry in entries]
                parts.append(fallback.tray(title, pictures))
                # each tray tile said as the game table's picture says one, walls and all
                said += [
                    render(
                        "widget.table-row-tile", {"title": title, "tile": t.described()}, language
                    )
                    for t in tiles
                ]
        # Described by all it shows, as an export's alt text is all a screen reader gets of it.
        return fallback.stacked(parts, "\n".join(said))


def _tray(tiles: object, language: str | None) -> tuple[Tile, ...]:
    """The tiles of the tray, each a tile or a tile code."""
    if not isinstance(tiles, Iterable) or isinstance(tiles, str | Mapping):
        raise WidgetValueError(render("widget.refusal-tiles", {"value": shown(tiles)}, language))
    try:
        return tuple(as_tile(tile) for tile in tiles)
    except AlhambraError as error:
        raise WidgetValueError(str(error)) from None


def _index(value: object, tray: Sequence[Tile], key: str, language: str) -> int | None:
    """An index into ``tray`` from an index, a tile or a tile code; ``key`` says why a number
    is refused."""
    if value is None:
        return None
    if isinstance(value, Tile | str):
        try:
            tile = as_tile(value)
        except ValueError as error:  # a TraitError, so that a write is undone whole
            raise WidgetValueError(str(error)) from None
        if tile not in tray:
            raise WidgetValueError(
                render("widget.bad-not-in-tray", {"code": repr(tile.code)}, language)
            )
        return tray.index(tile)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < len(tray):
        words = {"value": short(value, language), "count": len(tray)}
        raise WidgetValueError(render(key, words, language))
    return value

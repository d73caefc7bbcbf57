"""What the tables show of the city gates (:meth:`Gates.view <.Gates.view>`): the gate card
beside the market, how many gate cards each player holds, *Take the gate card* for the player
to act, and the gate chooser with where a gate would let each of the player's tiles in.

The words were the game table's (their keys, ``widget.…``, are kept, so the translations
stay valid); importing this module adds them to the catalogue.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import check_action
from ...core.messages import add_messages, render, template
from ...core.phases import PHASE_PLAY
from ...core.views import CardFace, GateChoice, Holding, ModuleView, Offer, TableCard
from .state import GatesState, read_gates

if TYPE_CHECKING:
    from ...core.city import City
    from ...core.state import GameState
    from ...core.tiles import Tile

add_messages(
    {
        "widget.module.gates": "city gates",
        "widget.gate-card": "a gate card beside the market",
        "widget.gate-card-name": "Gate",
        "widget.gate-display": (
            "A gate card lies beside the market: taking it is a whole take-money action."
        ),
        "widget.gate-display-none": "No gate card beside the market.",
        "widget.gate-cards": "Gate cards: {count}",
        "widget.offer-take-gate": "Take the gate card (a whole take-money action)",
        "widget.gate-title": ("Gate ({count} gate card):", "Gate ({count} gate cards):"),
        "widget.game-gate-cell": "{cell} gate {side}",
        "widget.game-gate-cells-sep": "; ",
        "widget.game-gate-more": "{cells} and {count} more",
    }
)

NAME = "gates"
TAKE_GATE = "take gate"
"""The text of taking the gate card beside the market."""
HINT_CELLS = 3
"""How many cells a gate would open the chooser names; the rest are counted."""


def gates_view(state: GameState, seat: int | None, language: str | None = None) -> ModuleView:
    """The gates module as the tables show it, for ``seat`` (``None``: a picture)."""
    data = read_gates(state)
    holdings = tuple(
        Holding("gate-cards", render("widget.gate-cards", {"count": len(hand)}, language))
        for hand in data.hands
    )
    acting = seat is not None and seat == state.current
    return ModuleView(
        NAME,
        template("widget.module.gates", language),
        table=(_beside_market(data.display, language),),
        seats=holdings,
        offers=_take_gate(state, data, language) if acting else (),
        gate=_chooser(state, seat, data, language) if acting else None,
    )


def _beside_market(card: str | None, language: str | None) -> TableCard:
    """The gate card beside the market, or its empty place."""
    if card is None:
        return TableCard("gate-display", template("widget.gate-display-none", language))
    name = template("widget.gate-card-name", language)
    face = CardFace("gate-card", name, template("widget.gate-card", language))
    return TableCard("gate-display", template("widget.gate-display", language), face)


def _take_gate(state: GameState, data: GatesState, language: str | None) -> tuple[Offer, ...]:
    """*Take the gate card* while one lies beside the market in the turn's play (refused with
    its reasons once the player has acted), unless another module holds play."""
    if data.display is None or state.phase != PHASE_PLAY or _held(state):
        return ()
    refused = check_action(state, TAKE_GATE)
    reasons = tuple(v.explain(language) for v in refused)
    label = template("widget.offer-take-gate", language)
    return (Offer(label, TAKE_GATE, enabled=not refused, reasons=reasons),)


def _held(state: GameState) -> bool:
    """Whether a module holds play (an auction, a choice): only its own actions count then."""
    return any(interrupt(state) is not None for interrupt in state.hooks("interrupt"))


def _chooser(
    state: GameState, seat: int | None, data: GatesState, language: str | None
) -> GateChoice | None:
    """The gate chooser while the player holds a gate card: for each tile they may place or
    build, where only a gate lets it in."""
    if seat is None or not data.hands[seat]:
        return None
    player = state.players[seat]
    title = render("widget.gate-title", {"count": len(data.hands[seat])}, language)
    hints = tuple(
        (tile.code, gate_hint(player.city, tile, language))
        for tile in (*player.bought, *player.reserve)
    )
    return GateChoice(title, hints)


def gate_hint(city: City, tile: Tile, language: str | None = None) -> str:
    """Where a gate would let ``tile`` into ``city`` (cells the building rules refuse it
    without one), the first few named."""
    found = city.gate_openings(tile)
    if not found:
        return render("widget.game-gate-opens-none", {"tile": tile.described()}, language)
    where = template("widget.game-gate-cells-sep", language).join(
        render("widget.game-gate-cell", {"cell": cell, "side": side}, language)
        for cell, side in found[:HINT_CELLS]
    )
    if len(found) > HINT_CELLS:
        words = {"cells": where, "count": len(found) - HINT_CELLS}
        where = render("widget.game-gate-more", words, language)
    return render("widget.game-gate-opens", {"tile": tile.described(), "cells": where}, language)

"""The game table's expansion II controls: the module actions a player may take, each with a
label a learner reads, and the gate chooser.

Nothing here decides what is legal. The actions offered are those ``game.legal_actions()``
lists; this module only sorts out which of them get a button of their own (the gated
placements are made on the board, like every placement) and says them in words. What the
modules keep on the table is drawn with the rest of the table's picture, by ``render``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.actions import (
    Action,
    BuildFromReserve,
    Buy,
    EndTurn,
    GiveToNeutral,
    MoveToReserve,
    PlaceTile,
    ReserveTile,
    SwapWithReserve,
    TakeMoney,
)
from ..core.game import Game
from ..core.messages import render, template
from ..core.money import describe, total
from ..core.state import GameState
from ..modules.characters import (
    FATIME_POINTS,
    Bid,
    ElSchaufRedesign,
    FatimeChoice,
    KarimBuy,
    KnihstigTake,
    LailaSwap,
    MachmaSwap,
    Pass,
    PayBid,
    YammeradDraw,
)
from ..modules.gates import TakeGate
from ..render.expansion import CHARACTERS, play_held
from ..render.parts import MUTED, label
from .table_parts import BUTTON_HEIGHT, button, button_width

BOARD_ACTIONS = (
    TakeMoney,
    Buy,
    BuildFromReserve,
    MoveToReserve,
    SwapWithReserve,
    PlaceTile,
    ReserveTile,
    GiveToNeutral,
    EndTurn,
)
"""Actions the table's cards, spaces, board and buttons already make (gated placements too:
a gate is chosen beside the board, then the cell clicked)."""

EL_SCHAUF = "el-schauf"
"""What the page sends for Abdul El'Schauf: his redesign is then made on the board."""


@dataclass(frozen=True)
class Offer:
    """A module action offered as a button: what the page sends back and what it says."""

    action: str
    """The action's text (``'bid 3'``), or :data:`EL_SCHAUF`."""
    label: str


def module_offers(
    actions: Iterable[Action], state: GameState, language: str | None = None
) -> list[Offer]:
    """The buttons for the module actions among the legal ``actions``, in their order, their
    labels in ``language``.

    Abdul El'Schauf's many possible redesigns become one button: the redesign itself is chosen
    on the board, where every cell has its verdict."""
    offers: list[Offer] = []
    el_schauf = False
    for action in actions:
        if isinstance(action, BOARD_ACTIONS):
            continue
        if isinstance(action, ElSchaufRedesign):
            el_schauf = True
            continue
        offers.append(Offer(str(action), action_label(action, state, language)))
    if el_schauf:
        offers.append(Offer(EL_SCHAUF, render("widget.offer-el-schauf", {}, language)))
    return offers


def _cards_words(cards: Sequence[str], language: str | None) -> str:
    words = {"cards": describe(cards, language), "total": total(cards)}
    return render("widget.cards-total", words, language)


def _space_tile(state: GameState, space: int, language: str | None) -> str:
    tile = state.market[space - 1] if 1 <= space <= len(state.market) else None
    if tile is None:
        return render("widget.space-only", {"space": space}, language)
    return render("widget.space-tile", {"tile": tile.code, "space": space}, language)


def action_label(action: Action, state: GameState, language: str | None = None) -> str:
    """A module action in a learner's words (the button's text), in ``language``."""
    key, words = _label_words(action, state, language)
    return render(key, words, language) if key else str(action)


def _label_words(
    action: Action, state: GameState, language: str | None
) -> tuple[str | None, dict[str, Any]]:
    """The template of a module action's label and its words (``None``: no template)."""
    if isinstance(action, TakeGate):
        return "widget.offer-take-gate", {}
    if isinstance(action, Bid):
        return "widget.offer-bid", {"amount": action.amount}
    if isinstance(action, Pass):
        return "widget.offer-pass", {}
    if isinstance(action, PayBid):
        return "widget.offer-pay", {"cards": _cards_words(action.cards, language)}
    if isinstance(action, FatimeChoice):
        if action.keep:
            return "widget.offer-fatime-keep", {"points": FATIME_POINTS}
        return "widget.offer-fatime-swap", {}
    if isinstance(action, KarimBuy):
        return "widget.offer-karim", {"what": _space_tile(state, action.space, language)}
    if isinstance(action, KnihstigTake):
        return "widget.offer-knihstig", {"cards": _cards_words([action.card], language)}
    if isinstance(action, LailaSwap):
        return "widget.offer-laila", {"what": _space_tile(state, action.space, language)}
    if isinstance(action, MachmaSwap):
        give, take = describe([action.give], language), describe([action.take], language)
        return "widget.offer-machma", {"give": give, "take": take}
    if isinstance(action, YammeradDraw):
        return "widget.offer-yammerad", {}
    return None, {}


def parse_offer(text: str) -> Action:
    """The module action a button's text names (raises ``ValueError`` for anything else)."""
    action = Action.parse(text)
    if isinstance(action, BOARD_ACTIONS):
        raise ValueError(f"{text!r} is made with the table's cards and board, not a button")
    return action


def paying_seat(game: Game) -> int | None:
    """The seat paying for a won character now, or ``None``."""
    if not play_held(game):
        return None
    auction = game.state.extra[CHARACTERS]["auction"]
    return game.state.current if auction is not None and auction["paying"] else None


# -- drawing --------------------------------------------------------------------------------
@dataclass(frozen=True)
class GateControl:
    """The gate chooser shown while the player holds a gate card and has a tile in hand."""

    cards: int
    chosen: str | None
    hint: str


def draw_module_controls(
    group: ET.Element,
    top: float,
    width: float,
    *,
    offers: Sequence[Offer] = (),
    gate: GateControl | None = None,
    paying: bool = False,
    language: str | None = None,
) -> float:
    """What a live table adds to the expansion II panel, from ``top``: the module actions,
    Pay for a won character, the gate chooser, in ``language``. Returns the y below them."""
    if offers or paying:
        top = _draw_offers(group, offers, paying, top + 4, width, language)
    if gate is not None:
        top = _draw_gate_control(group, gate, top + 4, language)
    return top


def _draw_offers(
    group: ET.Element,
    offers: Sequence[Offer],
    paying: bool,
    top: float,
    width: float,
    language: str | None,
) -> float:
    label(group, "offers-title", template("widget.offers-title", language), 10, top + 20,
          font_size=13, font_weight="bold")  # fmt: skip
    x, row = 80.0, top
    buttons = [(o.label, {"module": o.action}) for o in offers]
    if paying:
        buttons.append((template("widget.offer-pay-picked", language), {"do": "pay"}))
    for text, data in buttons:
        w = button_width(text)
        if x + w > width - 10 and x > 80:
            x, row = 80.0, row + BUTTON_HEIGHT + 8
        button(group, text, x, row, width=w, **data)
        x += w + 8
    return row + BUTTON_HEIGHT + 4


def _draw_gate_control(
    group: ET.Element, gate: GateControl, top: float, language: str | None
) -> float:
    title = render("widget.gate-title", {"count": gate.cards}, language)
    label(group, "gate-title", title, 10, top + 20, font_size=13, font_weight="bold")
    x = 150.0
    choices = [("", template("widget.gate-none", language))]
    choices += [(side, template(f"side.{side}", language)) for side in ("N", "E", "S", "W")]
    for side, text in choices:
        w = button_width(text)
        button(group, text, x, top, width=w, pressed=(gate.chosen or "") == side, gate=side)
        x += w + 8
    label(group, "gate-hint", gate.hint, x + 8, top + 20, font_size=12, fill=MUTED)
    return top + BUTTON_HEIGHT + 4

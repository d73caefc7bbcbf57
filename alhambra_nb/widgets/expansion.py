"""The game table's expansion II parts: what the modules put on the table, and the module
actions a player may take, each with a label a learner reads.

Nothing here decides what is legal. The actions offered are those ``game.legal_actions()``
lists; this module only sorts out which of them get a button of their own (the gated
placements are made on the board, like every placement), says them in words, and draws what
the modules keep on the table (``game.module_state``): the gate card beside the market, the
gate cards and characters each player holds, a running auction or Fatime's choice.
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
from ..core.messages import ENGLISH, Phrase, join, render, template
from ..core.modules.characters import (
    BY_ID,
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
    Symbol,
    YammeradDraw,
)
from ..core.modules.gates import TakeGate
from ..core.money import CURRENCIES, describe, is_diamond, total, total_in
from ..core.state import GameState
from .table_parts import BUTTON_HEIGHT, MUTED, button, button_width, label, node, panel

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

CHARACTERS = "characters"
"""Where both characters modules keep their state (``game.module_state("characters")``)."""

EL_SCHAUF = "el-schauf"
"""What the page sends for Abdul El'Schauf: his redesign is then made on the board."""

SYMBOL_WORDS = {
    Symbol.TURN: "widget.symbol-turn",
    Symbol.SCORING: "widget.symbol-scoring",
    Symbol.ONCE: "widget.symbol-once",
}
"""The catalogue key of what each character symbol means."""

GATE_FILL = "#f4e4c1"
CHIP_FILL = "#efe6fa"


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


# -- words about the table ------------------------------------------------------------------
def money_totals(money: Sequence[str], *, diamonds: bool, language: str | None = None) -> str:
    """'Money: Denar 5 · … · Diamonds 7' (diamonds only when the module is on)."""
    amounts = [(c.value, total_in(money, c)) for c in CURRENCIES]
    if diamonds:
        amounts.append(("diamond", total(m for m in money if is_diamond(m))))
    parts = []
    for kind, amount in amounts:
        words = {"currency": Phrase(f"currency.{kind}"), "total": amount}
        parts.append(render("widget.money-total", words, language))
    totals = template("widget.table-sep", language).join(parts)
    return render("widget.money-totals", {"totals": totals}, language)


def character_text(card_id: str, language: str | None = None) -> str:
    """'Fatime (1×)'."""
    character = BY_ID[card_id]
    words = {"name": character.name, "symbol": character.symbol.value}
    return render("widget.character", words, language)


def auction_text(game: Game, language: str | None = None) -> str:
    """The state of the characters' auction, or what lies aside when none runs."""
    data = game.module_state(CHARACTERS)
    names = game.state.names
    if data["choice"] is not None:
        words = {"player": names[data["choice"]], "points": FATIME_POINTS}
        return render("widget.auction-fatime", words, language)
    auction = data["auction"]
    if auction is None:
        words = {"aside": len(data["aside"]), "removed": len(data["removed"])}
        return render("widget.auction-none", words, language)
    character = character_text(auction["character"], language)
    high, leader = auction["high"], auction["leader"]
    if auction["paying"]:
        words = {"character": character, "player": names[leader], "high": high}
        return render("widget.auction-paying", words, language)
    current = names[game.state.current]
    if leader is None:
        return render("widget.auction-no-bid", {"character": character, "current": current},
                      language)  # fmt: skip
    words = {"character": character, "high": high, "leader": names[leader], "current": current}
    return render("widget.auction-bid", words, language)


def has_characters(game: Game) -> bool:
    """Whether a characters module (either reading of Hakim Wahid) is on."""
    return any(m.startswith(CHARACTERS) for m in game.modules)


def play_held(game: Game) -> bool:
    """Whether the characters module holds play (an auction or Fatime's choice)."""
    if not has_characters(game):
        return False
    data = game.state.extra[CHARACTERS]
    return data["auction"] is not None or data["choice"] is not None


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


def draw_modules_panel(
    root: ET.Element,
    game: Game,
    y: float,
    width: float,
    *,
    offers: Sequence[Offer] = (),
    gate: GateControl | None = None,
    paying: bool = False,
    language: str | None = None,
) -> float:
    """The expansion II panel: the gate card beside the market, the auction, and (on a live
    table) the module actions and the gate chooser, in ``language``. Returns the y below it."""
    modules = game.modules
    title = render("widget.modules-title", {"modules": module_names(modules, language)}, language)
    group = panel(root, "modules", 0, y, width, 100, title)
    top = 30.0
    if "gates" in modules:
        top = _draw_gate_display(group, game, top, language)
    if has_characters(game):
        label(group, "auction", auction_text(game, language), 10, top + 16, font_size=13,
              font_weight="bold" if play_held(game) else None)  # fmt: skip
        top += 24
    if offers or paying:
        top = _draw_offers(group, offers, paying, top + 4, width, language)
    if gate is not None:
        top = _draw_gate_control(group, gate, top + 4, language)
    height = top + 8
    group[0].set("height", f"{height:.0f}")
    return y + height


def _draw_gate_display(group: ET.Element, game: Game, top: float, language: str | None) -> float:
    shown = game.module_state("gates")["display"]
    if shown is not None:
        card = node(group, "g", "gate-card", transform=f"translate(10 {top})",
                    aria_label=template("widget.gate-card", language))  # fmt: skip
        node(card, "rect", "card-face", width=44, height=30, rx=4, fill=GATE_FILL,
             stroke="#8a6d3b", stroke_width=1.5)  # fmt: skip
        label(card, "card-currency", template("widget.gate-card-name", language), 22, 20,
              font_size=12, text_anchor="middle")  # fmt: skip
        text = template("widget.gate-display", language)
    else:
        text = template("widget.gate-display-none", language)
    label(group, "gate-display", text, 62 if shown else 10, top + 20, font_size=13)
    return top + 34


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


def draw_player_extras(
    group: ET.Element, game: Game, seat: int, top: float, width: float, language: str | None = None
) -> float:
    """A player's gate cards and characters (name, symbol, used this turn or not), wrapped
    within ``width``; returns the y below them."""
    x, row = 10.0, top
    if "gates" in game.modules:
        count = len(game.module_state("gates")["hands"][seat])
        text = render("widget.gate-cards", {"count": count}, language)
        label(group, "gate-cards", text, x, row + 17, font_size=13)
        x += 7.4 * len(text) + 16
    if has_characters(game):
        data = game.module_state(CHARACTERS)
        owned = data["owned"][seat]
        title = template("widget.characters-title" if owned else "widget.characters-none", language)
        label(group, "characters-title", title, x, row + 17, font_size=13)
        x += 7.4 * len(title) + 10
        for card_id in owned:
            chip = _character_chip(game, data, seat, card_id, language)
            if x + chip[1] > width - 10:
                x, row = 10.0, row + 26
            _draw_character(group, chip, card_id, x, row, language)
            x += chip[1] + 6
    return row + 26 if x > 10 else row


def _character_chip(
    game: Game, data: dict[str, Any], seat: int, card_id: str, language: str | None = None
) -> tuple[str, float, bool]:
    """A character chip's text, width and whether its ♦ was used this turn."""
    state = game.state
    used = (
        BY_ID[card_id].symbol is Symbol.TURN
        and seat == state.current
        and data["used"] == state.turn
    )
    text = character_text(card_id, language)
    if used:
        text = render("widget.character-used", {"character": text}, language)
    return text, 7.0 * len(text) + 14, used


def module_names(modules: Iterable[str], language: str | None = None) -> str:
    """The modules in play in the learner's words ("city gates and camps"); a module this
    table has no name for is named as the code names it."""
    names = [
        template(f"widget.module.{m}", language) if f"widget.module.{m}" in ENGLISH else m
        for m in modules
    ]
    return join(names, language)


def _draw_character(
    group: ET.Element,
    chip: tuple[str, float, bool],
    card_id: str,
    x: float,
    y: float,
    language: str | None = None,
) -> None:
    text, w, used = chip
    character = BY_ID[card_id]
    symbol = template(SYMBOL_WORDS[character.symbol], language)
    key = "widget.character-about-used" if used else "widget.character-about"
    about = {"name": character.name, "symbol": symbol, "effect": character.describe(language)}
    item = node(group, "g", "character" + (" used" if used else ""),
                transform=f"translate({x:.0f} {y + 2:.0f})", data_character=card_id,
                aria_label=render(key, about, language))  # fmt: skip
    node(item, "rect", "character-face", width=f"{w:.0f}", height=20, rx=10,
         fill="#e4e4e4" if used else CHIP_FILL, stroke="#7b68a6")  # fmt: skip
    label(item, "character-name", text, 7, 14, font_size=12, **({"fill": MUTED} if used else {}))

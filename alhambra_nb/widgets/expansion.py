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
    Symbol.TURN: "on your turns, one ♦ character per turn",
    Symbol.SCORING: "at every scoring",
    Symbol.ONCE: "once, then it leaves the game",
}

GATE_FILL = "#f4e4c1"
CHIP_FILL = "#efe6fa"


@dataclass(frozen=True)
class Offer:
    """A module action offered as a button: what the page sends back and what it says."""

    action: str
    """The action's text (``'bid 3'``), or :data:`EL_SCHAUF`."""
    label: str


def module_offers(actions: Iterable[Action], state: GameState) -> list[Offer]:
    """The buttons for the module actions among the legal ``actions``, in their order.

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
        offers.append(Offer(str(action), action_label(action, state)))
    if el_schauf:
        offers.append(Offer(EL_SCHAUF, "Abdul El'Schauf: one more redesign on your Alhambra"))
    return offers


def _cards_words(cards: Sequence[str]) -> str:
    return f"{describe(cards)} ({total(cards)})"


def _space_tile(state: GameState, space: int) -> str:
    tile = state.market[space - 1] if 1 <= space <= len(state.market) else None
    return f"the {tile.code} on space {space}" if tile is not None else f"space {space}"


def action_label(action: Action, state: GameState) -> str:
    """A module action in a learner's words (the button's text)."""
    if isinstance(action, TakeGate):
        return "Take the gate card (a whole take-money action, R7)"
    if isinstance(action, Bid):
        return f"Bid {action.amount}"
    if isinstance(action, Pass):
        return "Pass"
    if isinstance(action, PayBid):
        return f"Pay {_cards_words(action.cards)}"
    if isinstance(action, FatimeChoice):
        if action.keep:
            return f"Keep Fatime ({FATIME_POINTS} points at the end)"
        return "Swap Fatime for the top face-down character"
    if isinstance(action, KarimBuy):
        return f"Abdul Karim: {_space_tile(state, action.space)} for nothing"
    if isinstance(action, KnihstigTake):
        return f"Abdul Knihstig: take {_cards_words([action.card])}"
    if isinstance(action, LailaSwap):
        return f"Laila Wundabah: a new tile for {_space_tile(state, action.space)}"
    if isinstance(action, MachmaSwap):
        return f"Machma Klain: your {describe([action.give])} for {describe([action.take])}"
    if isinstance(action, YammeradDraw):
        return "Yammerad: draw the top money card"
    return str(action)


def parse_offer(text: str) -> Action:
    """The module action a button's text names (raises ``ValueError`` for anything else)."""
    action = Action.parse(text)
    if isinstance(action, BOARD_ACTIONS):
        raise ValueError(f"{text!r} is made with the table's cards and board, not a button")
    return action


# -- words about the table ------------------------------------------------------------------
def money_totals(money: Sequence[str], *, diamonds: bool) -> str:
    """'Money: Denar 5 · … · Diamonds 7' (diamonds only when the module is on)."""
    parts = [f"{c.label} {total_in(money, c)}" for c in CURRENCIES]
    if diamonds:
        parts.append(f"Diamonds {total(m for m in money if is_diamond(m))}")
    return "Money: " + " · ".join(parts)


def character_text(card_id: str) -> str:
    """'Fatime (1×)'."""
    character = BY_ID[card_id]
    return f"{character.name} ({character.symbol.value})"


def auction_text(game: Game) -> str:
    """The state of the characters' auction, or what lies aside when none runs."""
    data = game.module_state(CHARACTERS)
    names = game.state.names
    if data["choice"] is not None:
        return (
            f"{names[data['choice']]} won Fatime: keep her ({FATIME_POINTS} points at the end) "
            "or swap her for the top face-down character, who acts at once."
        )
    auction = data["auction"]
    if auction is None:
        return (
            f"No auction running. Characters face down aside: {len(data['aside'])}; "
            f"out of the game: {len(data['removed'])}."
        )
    what = f"Auction of {character_text(auction['character'])}"
    high, leader = auction["high"], auction["leader"]
    if auction["paying"]:
        return (
            f"{what}: {names[leader]} won with {high} and pays cards of one currency "
            f"(or diamonds) totalling at least {high}, no change."
        )
    best = "no bid yet" if leader is None else f"highest bid {high} by {names[leader]}"
    return f"{what}: {best}; {names[game.state.current]} to bid more or pass."


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
) -> float:
    """The expansion II panel: the gate card beside the market, the auction, and (on a live
    table) the module actions and the gate chooser. Returns the y below it."""
    modules = game.modules
    group = panel(root, "modules", 0, y, width, 100, "Expansion II: " + ", ".join(modules))
    top = 30.0
    if "gates" in modules:
        top = _draw_gate_display(group, game, top)
    if has_characters(game):
        label(group, "auction", auction_text(game), 10, top + 16, font_size=13,
              font_weight="bold" if play_held(game) else None)  # fmt: skip
        top += 24
    if offers or paying:
        top = _draw_offers(group, offers, paying, top + 4, width)
    if gate is not None:
        top = _draw_gate_control(group, gate, top + 4)
    height = top + 8
    group[0].set("height", f"{height:.0f}")
    return y + height


def _draw_gate_display(group: ET.Element, game: Game, top: float) -> float:
    shown = game.module_state("gates")["display"]
    if shown is not None:
        card = node(group, "g", "gate-card", transform=f"translate(10 {top})",
                    aria_label="a gate card beside the market")  # fmt: skip
        node(card, "rect", "card-face", width=44, height=30, rx=4, fill=GATE_FILL,
             stroke="#8a6d3b", stroke_width=1.5)  # fmt: skip
        label(card, "card-currency", "Gate", 22, 20, font_size=12, text_anchor="middle")
        text = "A gate card lies beside the market: taking it is a whole take-money action."
    else:
        text = "No gate card beside the market."
    label(group, "gate-display", text, 62 if shown else 10, top + 20, font_size=13)
    return top + 34


def _draw_offers(
    group: ET.Element, offers: Sequence[Offer], paying: bool, top: float, width: float
) -> float:
    label(group, "offers-title", "You may:", 10, top + 20, font_size=13, font_weight="bold")
    x, row = 80.0, top
    buttons = [(o.label, {"module": o.action}) for o in offers]
    if paying:
        buttons.append(("Pay with the cards picked in your hand", {"do": "pay"}))
    for text, data in buttons:
        w = button_width(text)
        if x + w > width - 10 and x > 80:
            x, row = 80.0, row + BUTTON_HEIGHT + 8
        button(group, text, x, row, width=w, **data)
        x += w + 8
    return row + BUTTON_HEIGHT + 4


def _draw_gate_control(group: ET.Element, gate: GateControl, top: float) -> float:
    cards = f"{gate.cards} gate card" + ("s" if gate.cards != 1 else "")
    label(group, "gate-title", f"Gate ({cards}):", 10, top + 20, font_size=13, font_weight="bold")
    x = 150.0
    for side, text in (("", "No gate"), ("N", "north"), ("E", "east"), ("S", "south"),
                       ("W", "west")):  # fmt: skip
        w = button_width(text)
        button(group, text, x, top, width=w, pressed=(gate.chosen or "") == side, gate=side)
        x += w + 8
    label(group, "gate-hint", gate.hint, x + 8, top + 20, font_size=12, fill=MUTED)
    return top + BUTTON_HEIGHT + 4


def draw_player_extras(group: ET.Element, game: Game, seat: int, top: float, width: float) -> float:
    """A player's gate cards and characters (name, symbol, used this turn or not), wrapped
    within ``width``; returns the y below them."""
    x, row = 10.0, top
    if "gates" in game.modules:
        text = f"Gate cards: {len(game.module_state('gates')['hands'][seat])}"
        label(group, "gate-cards", text, x, row + 17, font_size=13)
        x += 7.4 * len(text) + 16
    if has_characters(game):
        data = game.module_state(CHARACTERS)
        owned = data["owned"][seat]
        title = "Characters:" + ("" if owned else " none")
        label(group, "characters-title", title, x, row + 17, font_size=13)
        x += 7.4 * len(title) + 10
        for card_id in owned:
            chip = _character_chip(game, data, seat, card_id)
            if x + chip[1] > width - 10:
                x, row = 10.0, row + 26
            _draw_character(group, chip, card_id, x, row)
            x += chip[1] + 6
    return row + 26 if x > 10 else row


def _character_chip(
    game: Game, data: dict[str, Any], seat: int, card_id: str
) -> tuple[str, float, bool]:
    """A character chip's text, width and whether its ♦ was used this turn."""
    state = game.state
    used = (
        BY_ID[card_id].symbol is Symbol.TURN
        and seat == state.current
        and data["used"] == state.turn
    )
    text = character_text(card_id) + (" · used this turn" if used else "")
    return text, 7.0 * len(text) + 14, used


def _draw_character(
    group: ET.Element, chip: tuple[str, float, bool], card_id: str, x: float, y: float
) -> None:
    text, w, used = chip
    character = BY_ID[card_id]
    words = f"{character.name}: {SYMBOL_WORDS[character.symbol]}. {character.effect}"
    item = node(group, "g", "character" + (" used" if used else ""),
                transform=f"translate({x:.0f} {y + 2:.0f})", data_character=card_id,
                aria_label=words + (" Used this turn." if used else ""))  # fmt: skip
    node(item, "rect", "character-face", width=f"{w:.0f}", height=20, rx=10,
         fill="#e4e4e4" if used else CHIP_FILL, stroke="#7b68a6")  # fmt: skip
    label(item, "character-name", text, 7, 14, font_size=12, **({"fill": MUTED} if used else {}))

"""The game table's expansion II parts: what the modules keep on the table
(``game.module_state``), drawn and said in words: the gate card beside the market, the gate
cards and characters each player holds, a running auction or Fatime's choice.

Nothing here decides what is legal, and nothing here is pressed: a live table adds its
module buttons below the panel through ``controls`` (see ``draw_modules_panel``).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from ..core.game import Game
from ..core.messages import ENGLISH, Phrase, join, render, template
from ..core.money import CURRENCIES, is_diamond, total, total_in
from ..modules.characters import BY_ID, FATIME_POINTS, Symbol
from .parts import MUTED, label, node, panel

CHARACTERS = "characters"
"""Where both characters modules keep their state (``game.module_state("characters")``)."""

SYMBOL_WORDS = {
    Symbol.TURN: "widget.symbol-turn",
    Symbol.SCORING: "widget.symbol-scoring",
    Symbol.ONCE: "widget.symbol-once",
}
"""The catalogue key of what each character symbol means."""

GATE_FILL = "#f4e4c1"
CHIP_FILL = "#efe6fa"

ModuleControls = Callable[[ET.Element, float, float], float]
"""What a live table draws into the modules panel below what the modules show: called with
the panel's group, the y to start at and the panel's width, it returns the y below."""


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


def module_names(modules: Iterable[str], language: str | None = None) -> str:
    """The modules in play in the learner's words ("city gates and camps"); a module this
    table has no name for is named as the code names it."""
    names = [
        template(f"widget.module.{m}", language) if f"widget.module.{m}" in ENGLISH else m
        for m in modules
    ]
    return join(names, language)


# -- drawing --------------------------------------------------------------------------------
def draw_modules_panel(
    root: ET.Element,
    game: Game,
    y: float,
    width: float,
    *,
    controls: ModuleControls | None = None,
    language: str | None = None,
) -> float:
    """The expansion II panel: the gate card beside the market, the auction, and what a live
    table's ``controls`` add (the module actions, the gate chooser), in ``language``. Returns
    the y below it."""
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
    if controls is not None:
        top = controls(group, top, width)
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

"""What the tables show of the character cards (:meth:`Characters.view <.Characters.view>`):
the auction or Fatime's choice, the characters each player holds (used this turn or not), and
for the player to act the actions the module allows now, each with its label: bids, a pass,
payments, Fatime's choice and the characters' uses (Abdul El'Schauf's many possible redesigns
are one offer, made on the board), the debt of a won auction, and the auction's numbers.

Nothing here decides what is legal: the offers are the module's own legal actions. The words
were the game table's (their keys, ``widget.…``, are kept, so the translations stay valid);
importing this module adds them to the catalogue.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core.messages import ENGLISH, add_messages, render, template
from ...core.money import describe, total
from ...core.phases import PHASE_OVER
from ...core.views import (
    Auction,
    BoardMode,
    Chip,
    Holding,
    Line,
    ModuleView,
    Offer,
    PaymentDue,
)
from . import (
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
    payable,
    purse,
)
from .state import CharactersState, characters_of

if TYPE_CHECKING:
    from ...core.actions import Action
    from ...core.socket import Module
    from ...core.state import GameState

add_messages(
    {
        "widget.module.characters": "character cards",
        "widget.module.characters-half-hakim": (
            "character cards, Hakim Wahid counting half a building"
        ),
        "widget.symbol-turn": "on your turns, one ♦ character per turn",
        "widget.symbol-scoring": "at every scoring",
        "widget.symbol-once": "once, then it leaves the game",
        "widget.character": "{name} ({symbol})",
        "widget.auction-fatime": (
            "{player} won Fatime: keep her ({points} points at the end) or swap her for the "
            "top face-down character, who acts at once."
        ),
        "widget.auction-none": (
            "No auction running. Characters face down aside: {aside}; out of the game: {removed}."
        ),
        "widget.auction-paying": (
            "Auction of {character}: {player} won with {high} and pays cards of one currency "
            "(or diamonds) totalling at least {high}, no change."
        ),
        "widget.auction-no-bid": (
            "Auction of {character}: no bid yet; {current} to bid more or pass."
        ),
        "widget.auction-bid": (
            "Auction of {character}: highest bid {high} by {leader}; {current} to bid more or pass."
        ),
        "widget.characters-title": "Characters:",
        "widget.characters-none": "Characters: none",
        "widget.character-used": "{character} · used this turn",
        "widget.character-about": "{name}: {symbol}. {effect}",
        "widget.character-about-used": "{name}: {symbol}. {effect} Used this turn.",
        # the offers of the player to act
        "widget.offer-el-schauf": "Abdul El'Schauf: one more redesign on your Alhambra",
        "widget.cards-total": "{cards} ({total})",
        "widget.space-tile": "the {tile} on space {space}",
        "widget.space-only": "space {space}",
        "widget.offer-bid": "Bid {amount}",
        "widget.offer-pass": "Pass",
        "widget.offer-pay": "Pay {cards}",
        "widget.offer-fatime-keep": "Keep Fatime ({points} points at the end)",
        "widget.offer-fatime-swap": "Swap Fatime for the top face-down character",
        "widget.offer-karim": "Abdul Karim: {what} for nothing",
        "widget.offer-knihstig": "Abdul Knihstig: take {cards}",
        "widget.offer-laila": "Laila Wundabah: a new tile for {what}",
        "widget.offer-machma": "Machma Klain: your {give} for {take}",
        "widget.offer-yammerad": "Yammerad: draw the top money card",
    }
)

SYMBOL_WORDS = {
    Symbol.TURN: "widget.symbol-turn",
    Symbol.SCORING: "widget.symbol-scoring",
    Symbol.ONCE: "widget.symbol-once",
}
"""The catalogue key of what each character symbol means."""

EL_SCHAUF_OFFER = "el-schauf"
"""What the page sends back for Abdul El'Schauf: his redesign is then made on the board."""
PAY = "pay {cards}"
"""The text of paying a won auction, ``{cards}`` the card ids."""


def characters_view(
    module: Module, state: GameState, seat: int | None, language: str | None = None
) -> ModuleView:
    """The characters module (either reading of Hakim Wahid) as the tables show it, for
    ``seat`` (``None``: a picture)."""
    data = characters_of(state)
    held = data.auction is not None or data.choice is not None
    said = auction_text(state, data, language)
    acting = seat is not None and seat == state.current and state.phase != PHASE_OVER
    title = f"widget.module.{module.name}"  # a variant registered elsewhere: its code name
    return ModuleView(
        module.name,
        template(title, language) if title in ENGLISH else module.name,
        table=(Line("auction", said, strong=held),),
        seats=tuple(_holding(state, data, s, language) for s in range(len(state.players))),
        offers=_offers(module, state, language) if acting else (),
        held=said if held else "",
        payment=_due(state, data) if acting else None,
        auction=_auction(state, data, language),
    )


# -- the table ------------------------------------------------------------------------------
def character_text(card_id: str, language: str | None = None) -> str:
    """'Fatime (1×)'."""
    character = BY_ID[card_id]
    words = {"name": character.name, "symbol": character.symbol.value}
    return render("widget.character", words, language)


def auction_text(state: GameState, data: CharactersState, language: str | None = None) -> str:
    """The state of the auction, Fatime's choice, or what lies aside when neither runs."""
    names = state.names
    if data.choice is not None:
        words = {"player": names[data.choice], "points": FATIME_POINTS}
        return render("widget.auction-fatime", words, language)
    auction = data.auction
    if auction is None:
        words = {"aside": len(data.aside), "removed": len(data.removed)}
        return render("widget.auction-none", words, language)
    character = character_text(auction.character, language)
    high, leader = auction.high, auction.leader
    if auction.paying:
        words = {"character": character, "player": names[leader], "high": high}
        return render("widget.auction-paying", words, language)
    current = names[state.current]
    if leader is None:
        words = {"character": character, "current": current}
        return render("widget.auction-no-bid", words, language)
    words = {"character": character, "high": high, "leader": names[leader], "current": current}
    return render("widget.auction-bid", words, language)


def _holding(state: GameState, data: CharactersState, seat: int, language: str | None) -> Holding:
    owned = data.owned[seat]
    title = template("widget.characters-title" if owned else "widget.characters-none", language)
    chips = tuple(_chip(state, data, seat, card_id, language) for card_id in owned)
    return Holding("characters-title", title, chips, chip_kind="character")


def _chip(
    state: GameState, data: CharactersState, seat: int, card_id: str, language: str | None
) -> Chip:
    """A character a player holds: its name and symbol, what it does, and whether its ♦ was
    used this turn."""
    character = BY_ID[card_id]
    used = character.symbol is Symbol.TURN and seat == state.current and data.used == state.turn
    text = character_text(card_id, language)
    if used:
        text = render("widget.character-used", {"character": text}, language)
    symbol = template(SYMBOL_WORDS[character.symbol], language)
    key = "widget.character-about-used" if used else "widget.character-about"
    about = {"name": character.name, "symbol": symbol, "effect": character.describe(language)}
    return Chip(card_id, text, render(key, about, language), spent=used)


def _auction(state: GameState, data: CharactersState, language: str | None) -> Auction | None:
    """The running auction's numbers (none while Fatime's new owner chooses)."""
    auction = data.auction
    if auction is None or auction.character is None or data.choice is not None:
        return None
    high = auction.high
    most = tuple(payable(player.money) for player in state.players)
    bids = () if auction.paying else tuple(range(high + 1, most[state.current] + 1))
    lot = character_text(auction.character, language)
    return Auction(lot, high, auction.leader, auction.paying, bids, most)


def _due(state: GameState, data: CharactersState) -> PaymentDue | None:
    """What the winner of the auction owes, while they pay."""
    auction = data.auction
    if auction is None or not auction.paying or data.choice is not None:
        return None
    groups = purse(state.players[state.current].money).values()
    return PaymentDue(PAY, tuple(tuple(group) for group in groups))


# -- the offers -----------------------------------------------------------------------------
def _offers(module: Module, state: GameState, language: str | None) -> tuple[Offer, ...]:
    """The module's legal actions now, each an offer; Abdul El'Schauf's redesigns are one,
    made on the board (they come last: the listing is read no further)."""
    offers = []
    for action in module.legal_actions(state):
        if isinstance(action, ElSchaufRedesign):
            offers.append(_el_schauf(state, language))
            break
        offers.append(Offer(action_label(action, state, language), str(action)))
    return tuple(offers)


def _el_schauf(state: GameState, language: str | None) -> Offer:
    player = state.players[state.current].name
    board = BoardMode(
        "el-schauf {action}",
        render("widget.game-el-schauf", {}, language),
        render("prompt.el-schauf", {"player": player}, language),
    )
    label = template("widget.offer-el-schauf", language)
    return Offer(label, EL_SCHAUF_OFFER, board=board)


def action_label(action: Action, state: GameState, language: str | None = None) -> str:
    """A character action in a learner's words (its offer's label), in ``language``."""
    key, words = _label_words(action, state, language)
    return render(key, words, language) if key else str(action)


def _cards_words(cards: Sequence[str], language: str | None) -> str:
    words = {"cards": describe(cards, language), "total": total(cards)}
    return render("widget.cards-total", words, language)


def _space_tile(state: GameState, space: int, language: str | None) -> str:
    tile = state.market[space - 1] if 1 <= space <= len(state.market) else None
    if tile is None:
        return render("widget.space-only", {"space": space}, language)
    return render("widget.space-tile", {"tile": tile.described(), "space": space}, language)


def _label_words(
    action: Action, state: GameState, language: str | None
) -> tuple[str | None, CharactersState]:
    """The template of an action's label and its words (``None``: no template)."""
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

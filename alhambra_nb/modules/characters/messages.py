"""The English templates of the characters module: auctions, the characters' conditions,
their log events and their saved state."""

from __future__ import annotations

from ...core.messages import Template, add_messages

MESSAGES: dict[str, Template] = {
    "save.characters": "the characters module keeps its cards and auction here",
    "save.characters-owned": "one list of characters per player",
    "save.characters-fields": "needs the turn number 'used' and the flag 'knihstig'",
    "save.auction": "not an auction: {value}",
    "save.auction-seat": "no such seat in {value}",
    "save.choice": "seat {value} has no Fatime to choose for",
    "save.choice-seat": "seat {seat} chooses for Fatime, not seat {current}",
    "save.queue": "characters wait for an auction, but none is running",
    "save.auction-character": "not a character: {value}",
    "save.auction-leader": "the highest bid {high} and its bidder {leader}",
    "save.auction-high": "seat {seat} cannot pay the highest bid {high}",
    "save.auction-paying": "the highest bidder pays, and is the one to act",
    "save.auction-order": "the next bidder in {value} is the one to act",
    "save.auction-top": "seat {seat} cannot top the highest bid {high}",
    "character/auction": (
        "Play stops for the auction of {character}: {player} bids or passes first."
    ),
    "character/auction:paying": (
        "{player} won the auction of {character} and pays for it before play goes on."
    ),
    "character/choice": (
        "{player} first decides about Fatime: keep her (8 points at the end) or swap her "
        "for the top face-down character."
    ),
    "auction/bid-too-low": (
        "A bid of {amount} does not top the highest bid so far ({high}): bid more or pass."
    ),
    "auction/unaffordable": (
        "{player} can pay at most {most} in one currency or in diamonds, so cannot bid {amount}."
    ),
    "auction/not-now": "No character is being auctioned now.",
    "auction/not-now:bidding": "The bidding is not over: nobody pays yet.",
    "auction/not-now:paying": (
        "The bidding is over: {player} now pays the highest bid for the character."
    ),
    "auction/payment": (
        "{cards} total {total}, less than the bid of {bid}: the character is paid in full, "
        "no change given."
    ),
    "auction/payment:mixed": (
        "{cards} mix currencies: a character is paid in one currency or in diamonds."
    ),
    "character/not-owned": "{player} does not have {character}.",
    "character/one-per-turn": (
        "A ♦ character has already been used this turn: {character} must wait for the next one."
    ),
    "character/before-turn": (
        "{character} acts before the turn, and {player} has already begun it."
    ),
    "character/condition:knihstig": (
        "Abdul Knihstig acts only right after a purchase paid with cards totalling {least} or more."
    ),
    "character/condition:el-schauf": (
        "Abdul El'Schauf's extra redesign comes at the end of {player}'s turn: after an "
        "action, once every bought tile is placed."
    ),
    "character/condition:laila": "The bag is empty: Laila Wundabah has no tile to draw.",
    "character/condition:machma": (
        "Machma Klain swaps a card for a display card of at most equal value, and {take} "
        "is worth more than {give}."
    ),
    "character/condition:yammerad": (
        "Yammerad draws only for a player holding fewer than {limit} money cards; "
        "{player} holds {count}."
    ),
    "character/condition:yammerad-empty": (
        "Deck and discard pile are empty: Yammerad has nothing to draw."
    ),
    "character/condition:fatime": "Nobody is choosing about Fatime now.",
    "character/condition:fatime-empty": (
        "No face-down character is left to swap Fatime for: she is kept."
    ),
    "event.character-revealed": "{character} comes up: play stops for an auction.",
    # no longer happens (ruling R11 auctions such a character), but older logs hold it
    "event.character-late": (
        "{character} came up as the game ended: nobody can use the card, it leaves the game."
    ),
    "event.auction-start": "The auction of {character} begins; {player} bids first.",
    "event.auction-bid": "{player} bids {amount}.",
    "event.auction-pass": "{player} passes.",
    "event.auction-cannot": "{player} cannot top the highest bid of {high} and passes.",
    "event.auction-none": "Nobody bids for {character}: the card leaves the game.",
    "event.auction-won": "{player} wins {character} for {bid}, paying {cards}.",
    "event.fatime-keep": "{player} keeps Fatime: {points} at the final scoring.",
    "event.fatime-swap": ("{player} swaps Fatime for the top face-down character: {character}."),
    "event.karim": (
        "Abdul Karim pays exactly for {player}: the {tile} from space {space} costs "
        "nothing, and {player} takes another action."
    ),
    "event.knihstig": "Abdul Knihstig lets {player} take {cards} from the money display.",
    "event.el-schauf": "Abdul El'Schauf grants {player} one more redesign.",
    "event.character-faruk": "Faruk Will'haben lets {player} take {total} (up to 7).",
    "event.laila": (
        "Laila Wundabah puts the {old} from space {space} back into the bag; the {tile} "
        "takes its place."
    ),
    "event.machma": "Machma Klain swaps {player}'s {give} for {cards} from the display.",
    "event.yammerad": "Yammerad lets {player} draw {cards} from the money deck.",
}
"""Keys and English as the catalogues know them (``msgctxt`` is the key)."""

add_messages(MESSAGES)

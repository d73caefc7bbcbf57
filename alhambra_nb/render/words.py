"""The English templates of the pictures' words: descriptions (the SVG ``<desc>`` and the
widgets' ``aria-label`` texts), captions, the gate's label, the legend's description, the
short tags written beside a rule's highlight, and the game table's words (their keys,
``widget.…``, are kept from when the table was the widget's, so translations stay valid).
Translations live in the gettext catalogues beside the core's; importing this module adds
the templates to the catalogue."""

from __future__ import annotations

from ..core.messages import add_messages

add_messages(
    {
        # a tile, a cell and a city in words
        "render.tile-walls": ("{tile}, wall {sides}", "{tile}, walls {sides}"),
        "render.tile-no-walls": "{tile}, no walls",
        "render.camp-bastions": ("{tile}, bastion {sides}", "{tile}, bastions {sides}"),
        "render.camp-no-bastions": "{tile}, no bastions",
        "render.tile-gates": (
            "{what}, a gate on its {sides} side",
            "{what}, gates on its {sides} sides",
        ),
        "render.cell": "{cell}: {what}",
        "render.cell-empty": "{cell}: empty",
        "render.city": ("An Alhambra of {count} tile.", "An Alhambra of {count} tiles."),
        "render.city-cell": "{cell}.",
        "render.city-wall": (
            "Longest outer wall: {count} side.",
            "Longest outer wall: {count} sides.",
        ),
        "render.try": "Trying the {tile} at {cell}: {verdict}",
        "render.try-turned": (
            "Trying the {tile} at {cell}, turned {count} quarter turn: {verdict}",
            "Trying the {tile} at {cell}, turned {count} quarter turns: {verdict}",
        ),
        "render.verdict-legal": "legal.",
        "render.verdict-broken": ("{count} rule broken: {why}", "{count} rules broken: {why}"),
        "render.highlighted": "Highlighted: {why}",
        # captions under a city
        "render.caption-wall": "longest wall: {count}",
        "render.caption-camps": "camps: {points}",
        "render.caption-camps-sum": "camps: {detail} = {points}",
        "render.caption-sep": "; ",
        "render.camp-arrows": "Camp arrows: {caption}.",
        "render.gate-label": "gate",
        "render.legend-desc": "Legend: {entries}.",
        "render.legend-sep": "; ",
        # a word or two per rule, written beside its highlight so colour never speaks alone
        "render.tag.taken": "taken",
        "render.tag.turned": "turned",
        "render.tag.apart": "apart",
        "render.tag.walls": "walls",
        "render.tag.camp": "camp",
        "render.tag.no-path": "no path",
        "render.tag.hole": "hole",
        "render.tag.empty": "empty",
        "render.tag.fountain": "fountain",
        "render.tag.cut-off": "cut off",
        "render.tag.rule": "rule",
        # -- the game table (its picture; a live table adds buttons) --------------------------
        "widget.table-over": (
            "Game over after {count} turn: won by {winners}",
            "Game over after {count} turns: won by {winners}",
        ),
        "widget.table-turn": "Turn {turn}: {player} ({role}) to play",
        "widget.table-turn-final": (
            "Turn {turn}: {player} ({role}) to play (placing the last market tiles)"
        ),
        "widget.role-bot": "bot",
        "widget.role-you": "you",
        "widget.role-player": "player",
        "widget.table-points": "Points: {scores}",
        "widget.table-score": "{player} {points}",
        "widget.table-score-neutral": "{player} (neutral) {points}",
        "widget.table-sep": " · ",
        "widget.table-market": "Building market",
        "widget.table-space": "space {space}, {currency}: {tile}, price {price}",
        "widget.table-space-empty": "space {space}, {currency}: empty",
        "widget.table-space-name": "{space} · {currency}",
        "widget.table-price": "{price} {currency}",
        "widget.table-empty": "(empty)",
        "widget.table-display": "Money display",
        "widget.card-on-display": "{card} in the money display",
        "widget.card-in-hand": "{card} in {player}'s hand",
        "widget.table-deck": ("deck {count} card", "deck {count} cards"),
        "widget.table-discard": "discard {count}",
        "widget.table-bag": ("bag {count} tile", "bag {count} tiles"),
        "widget.table-this-turn": "This turn",
        "widget.table-actions-taken": ("{count} action taken", "{count} actions taken"),
        "widget.table-may-act": "may act: yes",
        "widget.table-may-not-act": "may act: no",
        "widget.table-player": "{player} ({role})",
        "widget.table-player-current": "▶ {player} ({role})",
        "widget.table-player-points": ("{count} point", "{count} points"),
        "widget.table-built": "{built} built · longest wall {wall}",
        "widget.table-reserve": "Reserve",
        "widget.table-to-place": "To place",
        "widget.table-row-title": "{title}:",
        "widget.table-none": "(none)",
        "widget.table-row-tile": "{title}: {tile}",
        "widget.table-neutral": (
            "{player}, the neutral player: {count} point; holds {held}.",
            "{player}, the neutral player: {count} points; holds {held}.",
        ),
        "widget.table-held": "{count} × {building}",
        "widget.table-held-none": "nothing",
        "widget.table-log": (
            "Log (newest last; {count} entry)",
            "Log (newest last; {count} entries)",
        ),
        # the currency on a small money card: a short form each language chooses
        "widget.currency-short.denar": "De",
        "widget.currency-short.dirham": "Di",
        "widget.currency-short.ducat": "Du",
        "widget.currency-short.guilder": "Gu",
        "widget.currency-short.diamond": "♦",
        # -- the game table's expansion II panel and each player's module parts --------------
        "widget.money-totals": "Money: {totals}",
        "widget.money-total": "{currency} {total}",
        "widget.modules-title": "Expansion II: {modules}",
    }
)

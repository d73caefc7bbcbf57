"""The English templates of the widgets' own words, beyond the core's ``widget.*``, ``page.*``
and ``game-page.*``: the live game table's buttons and module actions, the chapter page's
words, and the notes about a message from the page that makes no sense (the words of the game
table's picture are ``render``'s, under their ``widget.…`` keys still). Translations live in
the gettext catalogues; importing this module adds the templates to the catalogue.

Keys ``page.…``, ``game-page.…`` and ``chapter-page.…`` are sent to the page, which fills their
``{…}`` itself; every other key is rendered here.
"""

from __future__ import annotations

from ..core.messages import add_messages

add_messages(
    {
        # -- notes about what a page (or code) asked that makes no sense -----------------------
        "widget.bad-number": "{name} must be a whole number, not {value}",
        "widget.bad-message": "not a widget message: {value}",
        "widget.bad-message-kind": "unknown message kind {value}",
        "widget.bad-too-large": "{value}: no value the page sends is that large",
        "widget.bad-too-deep": "a message nested more than {limit} deep",
        "widget.bad-too-many": "a message of more than {limit} values",
        "widget.bad-change": "not a change of traits: {value}",
        "widget.bad-writes": "the page may not change {names}",
        "widget.bad-cell": "unknown cell {value}: expected 'x,y'",
        "widget.bad-cell-off-board": "unknown cell {cell}: it is not on the board",
        "widget.bad-gate": "a gate goes on side N, E, S or W, not {value}",
        "widget.bad-mode": "mode is 'build' or 'redesign', not {value}",
        "widget.bad-mode-message": "unknown mode {value}",
        "widget.bad-tray": "unknown tray {value}",
        "widget.bad-toggle": "nothing called {value} to show or hide",
        "widget.bad-click": "a click at {cell} would {action}, not {wanted}",
        "widget.bad-not-in-tray": "{code} is not in the tray",
        "widget.bad-tray-index": "no tile number {value} (the tray holds {count})",
        "widget.bad-reserve-index": "no reserve tile number {value} (the tray holds {count})",
        "widget.bad-choice": "a choice is ('bought', i) or ('reserve', i), not {value}",
        "widget.bad-choice-index": "no {kind} tile number {value} (there are {count})",
        "widget.bad-gate-none": "no gate to put up: it needs a gate card and a chosen tile",
        "widget.bad-gate-side": (
            "no gate to put up on side {side}: it needs a gate card and a chosen tile"
        ),
        "widget.bad-no-bought": "no bought tile is chosen",
        "widget.bad-module-kind": "a module action is its text, not {value}",
        "widget.bad-module": "no module action {value}",
        "widget.bad-no-bot": "no bot is to play now",
        "widget.bad-cards": "cards are a list of card ids, not {value}",
        "widget.bad-cards-twice": "cards are named once each, of the {count} there are",
        "widget.bad-card": "unknown card {value}",
        "widget.bad-step": "no step {value}: the chapter has steps 0 to {last}",
        "widget.bad-step-kind": "a step is a number or an id, not {value}",
        "widget.bad-answer-step": "an answer for {value}, not this step",
        "widget.bad-no-task": "the step {step} sets no task",
        "widget.bad-cell-list": "expected a list of cells, not {value}",
        "widget.bad-spaces": "market spaces are numbers, not {value}",
        "widget.short-number": (
            "a number of about {count} digit",
            "a number of about {count} digits",
        ),
        "widget.short-text": ("a text of {count} character", "a text of {count} characters"),
        "widget.short-items": ("a list of {count} item", "a list of {count} items"),
        "widget.short-unshown": "a value too large to show",
        "widget.refusal-bot-seat": "no seat {value} for a bot: seats are 0 to {last}",
        "widget.refusal-game": (
            "A game table shows a game, such as alh.Game(['Ana', 'Ben'], seed=1), not {value}."
        ),
        "widget.refusal-bots": "The bots are given by seat, such as {{1: 'greedy'}}, not {value}.",
        "widget.refusal-autoplay": "autoplay is True or False, not {value}.",
        "widget.refusal-coach": "coach is True or False, not {value}.",
        "widget.game-pay-so-far": (
            "So far {money} for the {tile} (price {price}): pick more cards of this "
            "currency, then press Buy."
        ),
        "widget.refusal-city": "A city board shows a city, such as alh.City(), not {value}.",
        "widget.refusal-tiles": (
            "The tiles to try are tiles or tile codes, such as ['tower-9-N'], not {value}."
        ),
        "widget.refusal-chapter": (
            "A chapter is named by its id, such as 'components' (alh.chapters.ids() lists "
            "them), not {value}."
        ),
        "widget.refusal-bot": "a bot is one of {levels} or has choose(), not {value}",
        "widget.game-bot-failed": (
            "The bot of {player} failed ({error}); that seat is now played by hand."
        ),
        # -- what the city page writes besides the core's page.* -------------------------------
        "page.gate-mark": "gate",
        "page.fits": (
            "Trying the {tile}: it fits on {count} cell (marked ✓). Point at it to see why.",
            "Trying the {tile}: it fits on {count} cells (marked ✓). Point at a cell to see why.",
        ),
        "game-page.gate-mark": "gate",
        "game-page.coach": "Coach",
        "game-page.coach-title": "Your coach",
        "game-page.coach-hide": "Hide the coach",
        "game-page.coach-show": "Show the coach",
        "game-page.coach-met": "Rules you have met",
        "game-page.coach-to-come": "Still to come",
        "game-page.coach-quiet": "The coach speaks up when a rule first matters.",
        "widget.refused-here": "✗ Not allowed here: the line above says why.",
        "prompt.coach-asks": "Answer the coach's question first; then {player} (bot) plays on.",
        # -- the replay of the bots' moves --------------------------------------------------
        "widget.replay-button": ("Show what the bot did", "Show what the bots did"),
        "widget.replay-none": "No bot has moved since your last move.",
        "widget.replay-step": "{player}, move {number} of {count}",
        "game-page.replay-previous": "◀ Previous move",
        "game-page.replay-next": "Next move ▶",
        "game-page.replay-back": "Back to the game",
        "game-page.replay-picture": "The table as it was: {step}. {text}",
        # under a tile of a tray: its type and price (its walls are in the picture)
        "widget.tray-caption": "{tile}, price {price}",
        # -- the live game table: its buttons (the picture's words are render's) ------------
        "widget.table-actions": "Actions",
        "widget.button-take": "Take money",
        "widget.button-buy": "Buy",
        "widget.button-redesign": "Redesign",
        "widget.button-end": "End turn",
        "widget.button-reserve": "To reserve",
        "widget.button-give": "Give away",
        "widget.button-undo": "Undo",
        "widget.button-bot": "Bot plays",
        "widget.table-city": "Alhambra of {player}",
        # -- the live game table's expansion II controls (the modules' own words are theirs)
        "widget.offers-title": "You may:",
        "widget.offer-pay-picked": "Pay with the cards picked in your hand",
        "widget.gate-none": "No gate",
        # -- the chapter widget --------------------------------------------------------------
        "widget.chapter-heading": "{chapter} — step {number} of {count}: {step}",
        "widget.cell-empty": "{cell}: empty",
        "widget.may-go-here": "the {tile} may go here",
        "chapter-page.steps": "Steps of this chapter",
        "chapter-page.previous": "◀ Previous",
        "chapter-page.next": "Next ▶",
        "chapter-page.check": "Check",
        "chapter-page.choose-all": " (choose every right option)",
        "chapter-page.your-answer": "Your answer:",
        "chapter-page.player-field": "{player}:",
        "chapter-page.display": "Display: ",
        "chapter-page.add-take": "Add this take",
        "chapter-page.remove-take": "remove the take {take}",
        "chapter-page.money-of": "{player}'s money: ",
        "chapter-page.space": "Space {space} ({currency}), {tile}: ",
        "chapter-page.nobody": "nobody",
        "chapter-page.chosen": "Chosen: {cells} ",
        "chapter-page.choose-cells": "Click cells on the board to choose them. ",
        "chapter-page.point-cell": (
            "Point at a cell to see what the rules say; click it to answer."
        ),
        "chapter-page.in-notebook": "Answer this task in the notebook with step.check(...).",
        "chapter-page.market": "Market",
        "chapter-page.money-display": "Money display",
        "chapter-page.players": "Players",
        "chapter-page.empty": "empty",
        "chapter-page.no-money": "no money",
        "chapter-page.bought": "; bought: {tiles}",
        "chapter-page.to-play": " (to play)",
        "chapter-page.neutral": "{player} (neutral): {tiles}",
        "chapter-page.log": "Game log ({count})",
        "chapter-page.count": "Step {number} of {count}",
        "chapter-page.board": "{title}: the Alhambra, one cell per square",
        "chapter-page.legend": "Legend",
        "chapter-page.dot-title": "{title}",
        "chapter-page.dot-title-task": "{title} (task)",
        "chapter-page.dot": "Step {number}: {title}",
        "chapter-page.dot-solved": "Step {number}: {title}, solved",
        "chapter-page.card": "{value} {currency}",
        "chapter-page.list-sep": ", ",
        "chapter-page.market-line": "{space} {currency}: {tile}",
    }
)

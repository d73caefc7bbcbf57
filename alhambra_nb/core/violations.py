"""Rule ids, violations and the errors that carry them.

Every broken rule is reported as a :class:`Violation` with a stable id (``placement/walking``),
a sentence for the learner, and exactly what a view must highlight: cells and tile sides.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .errors import AlhambraError
from .geometry import Cell, Side
from .messages import render


class RuleId(StrEnum):
    """The stable ids of the rules; the values are the ids of RULES.md."""

    OCCUPIED = "placement/occupied"
    """The cell already holds a tile."""
    ORIENTATION = "placement/orientation"
    """Tiles stand upright like the fountain; they are never turned."""
    TOUCHES_CITY = "placement/touches-city"
    """A new tile shares at least one whole side with the Alhambra."""
    WALLS_MATCH = "placement/walls-match"
    """Shared sides match: wall against wall, open against open."""
    WALKING = "placement/walking"
    """A pedestrian can walk from the fountain onto the new tile."""
    NO_HOLES = "placement/no-holes"
    """No empty area becomes completely enclosed."""
    FOUNTAIN = "placement/fountain"
    """Each Alhambra has its one fountain from the start: a fountain is never built."""
    CAMP_SIDES = "placement/camp-sides"
    """Expansion II: bastions face only walls; plain camp sides face only plain camp sides."""
    GATE = "placement/gate"
    """Expansion II: a gate goes on a new double wall between the new tile and the city."""
    REDESIGN_GATE_LOCKED = "redesign/gate-locked"
    """Expansion II: a gate and the two tiles it joins are never moved."""
    REDESIGN_EMPTY = "redesign/empty"
    """There is no tile at the cell to take away or swap."""
    REDESIGN_FOUNTAIN = "redesign/fountain"
    """The fountain is never moved."""
    REDESIGN_DISCONNECTS = "redesign/disconnects"
    """Every remaining tile stays walkable from the fountain; a camp, joined to the city."""
    REDESIGN_HOLE = "redesign/hole"
    """Taking a tile away must not leave an enclosed empty cell."""
    CITY_FOUNTAIN = "city/fountain"
    """A city has its fountain at (0, 0) and nowhere else."""
    CITY_WALKING = "city/walking"
    """Every tile of a city is walkable from the fountain."""
    CITY_NO_HOLES = "city/no-holes"
    """A city has no enclosed empty area."""
    CITY_TOUCHES = "city/touches"
    """Every tile of a city is joined side to side to the rest of it."""
    # -- game rules (RULES.md §2-§7) --------------------------------------------------------
    TAKE_MONEY = "turn/take-money"
    """The take-money action: one card, or several totalling at most 5."""
    BUY = "turn/buy"
    """The buy action: pay at least the price in the market space's currency."""
    REDESIGN = "turn/redesign"
    """The redesign action: reserve to Alhambra, Alhambra to reserve, or a swap."""
    GAME_OVER = "turn/game-over"
    """The game has ended: nobody acts any more."""
    NOT_YOUR_TURN = "turn/not-your-turn"
    """Only the player whose turn it is may act."""
    NO_ACTION_LEFT = "turn/no-action-left"
    """Another action needs an exact payment, and none once placing has begun."""
    PLACE_FIRST = "turn/place-first"
    """A turn ends only once every bought tile is placed, reserved or given away."""
    ACT_FIRST = "turn/act-first"
    """A turn is exactly one action (or more after exact payments), never none."""
    MONEY_NOT_DISPLAYED = "money/not-displayed"
    """Money is taken only from the four cards of the money display."""
    MONEY_NONE = "money/none"
    """Taking money takes at least one card."""
    MONEY_OVER_LIMIT = "money/over-limit"
    """Several cards may be taken together only when they total at most 5."""
    BUY_NO_TILE = "buy/no-tile"
    """Only a tile lying on one of the four market spaces can be bought."""
    BUY_NOT_IN_HAND = "buy/not-in-hand"
    """A player pays only with cards from their own hand."""
    BUY_WRONG_CURRENCY = "buy/wrong-currency"
    """Every card paid is in the currency of the tile's market space."""
    BUY_INSUFFICIENT = "buy/insufficient-money"
    """The cards paid total at least the tile's price (no change is given)."""
    PLACE_NOT_BOUGHT = "place/not-bought"
    """Only a tile bought this turn (or received at the end) waits to be placed."""
    PLACE_NO_NEUTRAL = "place/no-neutral"
    """Only a just-bought tile of a two-player game may go to the neutral player."""
    REDESIGN_NOT_IN_RESERVE = "redesign/not-in-reserve"
    """A redesign builds or swaps in a tile from the player's own reserve."""
    REDESIGN_SAME_TILE = "redesign/same-tile"
    """A swap exchanges two different tiles; swapping a tile for its twin changes nothing."""
    SCORING_1 = "scoring/round-1"
    """The first scoring, when scoring card 1 is revealed."""
    SCORING_2 = "scoring/round-2"
    """The second scoring, when scoring card 2 is revealed."""
    SCORING_3 = "scoring/round-3"
    """The final scoring, at the end of the game."""
    # -- expansion II (RULES.md §9) ---------------------------------------------------------
    GATE_NO_CARD = "gate/no-card"
    """Expansion II: putting up a gate takes a gate card from the player's hand."""
    GATE_NOT_DISPLAYED = "gate/not-displayed"
    """Expansion II: a gate card is taken only when one lies beside the market."""
    BUY_MIXED_CURRENCY = "buy/mixed-currency"
    """Expansion II: diamonds pay for a building on any space, but never with other cards."""
    CHARACTER_AUCTION = "character/auction"
    """Expansion II: a revealed character stops play until its auction is over."""
    CHARACTER_CHOICE = "character/choice"
    """Expansion II: Fatime's new owner first keeps her or swaps her (ruling R9)."""
    AUCTION_BID_TOO_LOW = "auction/bid-too-low"
    """Expansion II: a bid is higher than the highest bid so far (ruling R8)."""
    AUCTION_UNAFFORDABLE = "auction/unaffordable"
    """Expansion II: a player bids only what they can pay in one currency or in diamonds."""
    AUCTION_NOT_NOW = "auction/not-now"
    """Expansion II: bids, passes and the winner's payment belong to a running auction."""
    AUCTION_PAYMENT = "auction/payment"
    """Expansion II: the winner pays at least the bid in one currency (or diamonds), no change."""
    CHARACTER_NOT_OWNED = "character/not-owned"
    """Expansion II: only a character's owner uses it."""
    CHARACTER_ONE_PER_TURN = "character/one-per-turn"
    """Expansion II: at most one ♦ character is used per turn."""
    CHARACTER_BEFORE_TURN = "character/before-turn"
    """Expansion II: Laila, Machma Klain and Yammerad act before the turn's first action."""
    CHARACTER_CONDITION = "character/condition"
    """Expansion II: what a character's effect needs (a purchase of 10, fewer than 3 cards...)."""


_KEYS = {rule: rule.value for rule in RuleId}
"""Each rule's id as a plain string: its message key (read at every violation made)."""

PLACEMENT_RULES: tuple[RuleId, ...] = (
    RuleId.OCCUPIED,
    RuleId.ORIENTATION,
    RuleId.TOUCHES_CITY,
    RuleId.WALLS_MATCH,
    RuleId.WALKING,
    RuleId.NO_HOLES,
)
"""The building rules of RULES.md §4 in teaching order."""

Edge = tuple[Cell, Side]
"""One side of the tile at a cell: what a view outlines."""


@dataclass(frozen=True)
class Violation:
    """One broken rule: its id, a sentence for the learner, and what to highlight.

    ``cells`` are the cells to mark (the new tile, a cut-off tile, enclosed empty cells);
    ``edges`` the tile sides to outline (mismatched sides, the walls in a pedestrian's way).
    """

    rule: RuleId
    key: str
    params: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    cells: tuple[Cell, ...] = ()
    edges: tuple[Edge, ...] = ()

    @classmethod
    def of(
        cls,
        rule: RuleId,
        variant: str | None = None,
        *,
        cells: Iterable[Cell] = (),
        edges: Iterable[Edge] = (),
        **params: Any,
    ) -> Violation:
        """A violation of ``rule`` whose message is the catalogue's ``rule:variant`` template."""
        key = _KEYS[rule] if not variant else f"{_KEYS[rule]}:{variant}"
        return cls.made(rule, key, params, tuple(cells), tuple(edges))

    @classmethod
    def made(
        cls,
        rule: RuleId,
        key: str,
        params: dict[str, Any],
        cells: tuple[Cell, ...],
        edges: tuple[Edge, ...],
    ) -> Violation:
        """:meth:`of` with the key worked out and the parts taken as they are: for the
        explanations a board makes by the thousand."""
        # Made without the frozen dataclass's __init__ (a guarded setattr per field).
        violation = object.__new__(cls)
        fields = violation.__dict__
        fields["rule"], fields["key"], fields["params"] = rule, key, params
        fields["cells"], fields["edges"] = cells, edges
        return violation

    @property
    def message(self) -> str:
        """The explanation in the session's language (see :func:`.messages.set_language`)."""
        return self.explain()

    def explain(self, language: str | None = None) -> str:
        """The explanation in ``language`` (the session's by default)."""
        return render(self.key, self.params, language)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form: id, message, cells and edges (as ``[x, y, "N"]``)."""
        return {
            "rule": self.rule.value,
            "message": self.message,
            "cells": [list(c) for c in self.cells],
            "edges": [[c[0], c[1], s.name] for c, s in self.edges],
        }

    def __str__(self) -> str:
        """The sentence alone, as a learner reads it (the id stays on :attr:`rule`)."""
        return self.message

    # A learner prints the list ``check`` returns, or leaves it as a cell's last line: the
    # sentences, not the fields, are what they should read there.
    __repr__ = __str__


class RuleViolationError(AlhambraError):
    """Raised when an action breaks one or more rules; ``violations`` lists every one.

    ``str()`` reads as the sentences, one a line; code reads the ids from ``violations``
    (or :attr:`rules`)."""

    def __init__(self, violations: Iterable[Violation]) -> None:
        self.violations: tuple[Violation, ...] = tuple(violations)
        sentences = [v.message for v in self.violations] or [render("refusal.rule-broken", {})]
        super().__init__("\n".join(sentences))

    @property
    def rules(self) -> tuple[RuleId, ...]:
        """The ids of the broken rules, in the order they were found."""
        return tuple(v.rule for v in self.violations)


class IllegalPlacementError(RuleViolationError):
    """Raised when a tile is placed where a building rule forbids it."""


class IllegalRedesignError(RuleViolationError):
    """Raised when a tile is taken away or swapped against the redesign rules."""

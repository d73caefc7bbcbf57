"""Expansion II, module "diamonds": a fifth money that buys on any market space (RULES.md §9.2).

- The 11 diamond cards (``data/diamonds.csv``: values 3-9, the eleventh value is
  *reconstructed*) are shuffled into the money before starting money is dealt, and come and
  go like money cards: dealt, displayed, taken, paid, discarded, reshuffled.
- Diamonds buy the building on **any** market space, but a payment is all diamonds or no
  diamonds (``buy/mixed-currency``). An exact diamond payment gives another action.
- Diamonds are no currency of the market, so they never count at the end-game distribution;
  they may pay for a character (module "characters").
"""

from __future__ import annotations

import csv
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from typing import TYPE_CHECKING, Any

from ...core.money import Cards, DiamondCard, is_diamond, register_cards
from ...core.payment import DIAMOND, sort_out
from ...core.socket import Components, Module, register
from ...core.violations import RuleId, Violation
from . import messages  # noqa: F401  (the module's templates join the catalogue)
from .view import diamonds_view

if TYPE_CHECKING:
    from ...core.state import GameState
    from ...core.tiles import Tile
    from ...core.views import ModuleView

NAME = "diamonds"


@dataclass(frozen=True)
class DiamondRow:
    """One line of the diamond table: the card and where its value comes from."""

    card: DiamondCard
    source: str
    """``published`` (a published list of the cards) or ``reconstructed`` (our choice)."""


def load_diamonds(text: str | None = None) -> tuple[DiamondRow, ...]:
    """The diamond cards of a ``value,source`` table (default: the shipped one); copies of
    one value are numbered in the order of the rows."""
    if text is None:
        text = resources.files("alhambra_nb.data").joinpath("diamonds.csv").read_text("utf-8")
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    copies: dict[int, int] = {}
    rows = []
    for row in csv.DictReader(lines):
        value = int(row["value"])
        copies[value] = copies.get(value, 0) + 1
        rows.append(DiamondRow(DiamondCard(value, copies[value]), row["source"].strip()))
    return tuple(rows)


DIAMOND_TABLE: tuple[DiamondRow, ...] = load_diamonds()
DIAMONDS: tuple[DiamondCard, ...] = tuple(row.card for row in DIAMOND_TABLE)
"""The 11 diamond cards (values 3-9; one value reconstructed, see ``data/diamonds.csv``)."""
DIAMOND_IDS: frozenset[str] = frozenset(card.id for card in DIAMONDS)
_DIAMONDS_PAY = (DIAMOND,)
register_cards(DIAMONDS, money=True)


@register
class Diamonds(Module):
    """Diamonds (RULES.md §9.2)."""

    name = NAME

    def components(self, players: int, rng: Any = None) -> Components:
        return Components(money=tuple(card.id for card in DIAMONDS))

    def payment_groups(self, state: GameState, seat: int) -> Sequence[str]:
        return _DIAMONDS_PAY  # on every space: the listing finds whether the hand holds any

    def check_payment(
        self, state: GameState, seat: int, space: int, tile: Tile, cards: Sequence[str]
    ) -> list[Violation] | None:
        if not any(is_diamond(c) for c in cards):
            return None  # no diamonds: the base rules judge the payment
        player = state.players[seat]
        payment = sort_out(cards, player.money, tile.price, is_diamond)
        found = []
        if payment.foreign:
            found.append(
                Violation.of(
                    RuleId.BUY_NOT_IN_HAND, player=player.name, cards=Cards(payment.foreign)
                )
            )
        if payment.wrong:  # other cards beside diamonds
            found.append(
                Violation.of(
                    RuleId.BUY_MIXED_CURRENCY,
                    tile=tile,
                    space=space,
                    cards=Cards(payment.wrong),
                    count=len(payment.wrong),
                )
            )
        if not payment.wrong and payment.short:
            found.append(
                Violation.of(
                    RuleId.BUY_INSUFFICIENT,
                    DIAMOND,
                    tile=tile,
                    space=space,
                    price=tile.price,
                    cards=Cards(payment.good, none="cards.no-cards"),
                    total=payment.paid,
                )
            )
        return found

    # -- the tables -----------------------------------------------------------------------
    def view(self, state: GameState, seat: int | None, language: str | None = None) -> ModuleView:
        return diamonds_view(state, seat, language)

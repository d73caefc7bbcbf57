"""The game table's expansion II controls: the module actions a player may take, Pay for a
won character, and the gate chooser.

Nothing here decides what is legal or knows a module: what is offered is what each module's
``view()`` offers (:mod:`alhambra_nb.core.views`), its labels already in the table's language,
each with the action's text the page sends back. What the modules keep on the table is drawn
with the rest of the table's picture, by ``render``.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass

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
from ..core.messages import template
from ..core.state import GameState
from ..core.views import BoardMode, GateChoice, ModuleView, Offer, PaymentDue, module_views
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
a gate is chosen beside the board, then the cell clicked): no module button sends one."""


@dataclass(frozen=True)
class TableModules:
    """What the switched-on modules show a live table now, for the seat to act (``None``:
    nobody at this table acts now)."""

    views: tuple[ModuleView, ...] = ()

    @classmethod
    def of(cls, state: GameState, seat: int | None, language: str | None) -> TableModules:
        """The modules' views of ``state`` for ``seat``, in ``language``."""
        return cls(module_views(state, seat, language) if state.modules else ())

    @property
    def offers(self) -> tuple[Offer, ...]:
        """Every module's offers, module by module."""
        return tuple(offer for view in self.views for offer in view.offers)

    @property
    def held(self) -> str:
        """What holds play (an auction, a choice), in words; empty while play goes on."""
        return next((view.held for view in self.views if view.held), "")

    @property
    def payment(self) -> PaymentDue | None:
        """What the seat owes (a won auction), if anything."""
        return next((view.payment for view in self.views if view.payment), None)

    @property
    def gate(self) -> GateChoice | None:
        """The gate chooser, when the seat may put up a gate."""
        return next((view.gate for view in self.views if view.gate), None)

    def offer(self, action: str) -> Offer | None:
        """The offer that sends ``action`` back, if one does."""
        return next((offer for offer in self.offers if offer.action == action), None)

    def board_mode(self) -> BoardMode | None:
        """The first offer made on the board (Abdul El'Schauf's redesign), if one is offered."""
        return next((offer.board for offer in self.offers if offer.board), None)


def parse_offer(text: str) -> Action:
    """The module action a button's text names (raises ``ValueError`` for anything else)."""
    action = Action.parse(text)
    if isinstance(action, BOARD_ACTIONS):
        raise ValueError(f"{text!r} is made with the table's cards and board, not a button")
    return action


# -- drawing --------------------------------------------------------------------------------
@dataclass(frozen=True)
class GateControl:
    """The gate chooser shown while the player holds a gate card and has a tile in hand."""

    title: str
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
    """What a live table adds to the expansion II panel, from ``top``: the module actions
    (those the rules refuse now drawn off: pressed, they say why), Pay for a won character,
    the gate chooser, in ``language``. Returns the y below them."""
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
    buttons = [(o.label, not o.enabled, {"module": o.action}) for o in offers]
    if paying:
        buttons.append((template("widget.offer-pay-picked", language), False, {"do": "pay"}))
    for text, off, data in buttons:
        w = button_width(text)
        if x + w > width - 10 and x > 80:
            x, row = 80.0, row + BUTTON_HEIGHT + 8
        button(group, text, x, row, width=w, off=off, **data)
        x += w + 8
    return row + BUTTON_HEIGHT + 4


def _draw_gate_control(
    group: ET.Element, gate: GateControl, top: float, language: str | None
) -> float:
    label(group, "gate-title", gate.title, 10, top + 20, font_size=13, font_weight="bold")
    x = 150.0
    choices = [("", template("widget.gate-none", language))]
    choices += [(side, template(f"side.{side}", language)) for side in ("N", "E", "S", "W")]
    for side, text in choices:
        w = button_width(text)
        button(group, text, x, top, width=w, pressed=(gate.chosen or "") == side, gate=side)
        x += w + 8
    label(group, "gate-hint", gate.hint, x + 8, top + 20, font_size=12, fill=MUTED)
    return top + BUTTON_HEIGHT + 4

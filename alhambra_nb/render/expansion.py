"""The game table's expansion II parts: what the modules show of themselves (each module's
``view()``, :mod:`alhambra_nb.core.views`), drawn: the modules' panel with what they keep on
the table (the gate card beside the market, the auction), and in each player's panel what
they hold (gate cards, characters as chips).

Nothing here decides what is legal, knows a module or reads its state, and nothing here is
pressed: a live table adds its module buttons below the panel through ``controls`` (see
``draw_modules_panel``).
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Sequence

from ..core.game import Game
from ..core.messages import Phrase, join, render, template
from ..core.money import CURRENCIES, is_diamond, total, total_in
from ..core.views import Chip, Holding, Line, TableCard, module_views
from .parts import MUTED, label, node, panel

CARD_FILL = "#f4e4c1"
"""The face of a module's card on the table (the gate card)."""
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
    """The expansion II panel: what each module keeps on the table (the gate card beside the
    market, the auction), and what a live table's ``controls`` add (the module actions, the
    gate chooser), in ``language``. Returns the y below it."""
    views = module_views(game.state, None, language)
    names = join([view.title for view in views], language)
    title = render("widget.modules-title", {"modules": names}, language)
    group = panel(root, "modules", 0, y, width, 100, title)
    top = 30.0
    for view in views:
        for item in view.table:
            top = _draw_on_table(group, item, top)
    if controls is not None:
        top = controls(group, top, width)
    height = top + 8
    group[0].set("height", f"{height:.0f}")
    return y + height


def _draw_on_table(group: ET.Element, item: Line | TableCard, top: float) -> float:
    """A line of the modules' panel, or a card beside the market with its words; returns the
    y below it."""
    if isinstance(item, Line):
        label(group, item.kind, item.text, 10, top + 16, font_size=13,
              font_weight="bold" if item.strong else None)  # fmt: skip
        return top + 24
    face = item.card
    if face is not None:
        card = node(group, "g", face.kind, transform=f"translate(10 {top})",
                    aria_label=face.about)  # fmt: skip
        node(card, "rect", "card-face", width=44, height=30, rx=4, fill=CARD_FILL,
             stroke="#8a6d3b", stroke_width=1.5)  # fmt: skip
        label(card, "card-currency", face.name, 22, 20, font_size=12, text_anchor="middle")
    label(group, item.kind, item.text, 62 if face is not None else 10, top + 20, font_size=13)
    return top + 34


def draw_player_extras(
    group: ET.Element, game: Game, seat: int, top: float, width: float, language: str | None = None
) -> float:
    """What a player holds of each module (gate cards; characters, used this turn or not),
    wrapped within ``width``; returns the y below them."""
    x, row = 10.0, top
    holdings = [view.holding(seat) for view in module_views(game.state, None, language)]
    for index, holding in enumerate(h for h in holdings if h is not None):
        if index:
            x += 6  # a little more room between two modules' parts than after a title
        x, row = _draw_holding(group, holding, x, row, width)
    return row + 26 if x > 10 else row


def _draw_holding(
    group: ET.Element, holding: Holding, x: float, row: float, width: float
) -> tuple[float, float]:
    """A title and its chips from (x, row), wrapped within ``width``; returns where the next
    part starts."""
    label(group, holding.kind, holding.title, x, row + 17, font_size=13)
    x += 7.4 * len(holding.title) + 10
    for chip in holding.chips:
        w = 7.0 * len(chip.text) + 14
        if x + w > width - 10:
            x, row = 10.0, row + 26
        _draw_chip(group, chip, holding.chip_kind, w, x, row)
        x += w + 6
    return x, row


def _draw_chip(group: ET.Element, chip: Chip, kind: str, w: float, x: float, y: float) -> None:
    """A held card as a chip (``kind`` its CSS class and the data attribute of its id),
    greyed when used this turn."""
    item = node(group, "g", kind + (" used" if chip.spent else ""),
                transform=f"translate({x:.0f} {y + 2:.0f})", **{f"data_{kind}": chip.id},
                aria_label=chip.about)  # fmt: skip
    node(item, "rect", f"{kind}-face", width=f"{w:.0f}", height=20, rx=10,
         fill="#e4e4e4" if chip.spent else CHIP_FILL, stroke="#7b68a6")  # fmt: skip
    label(item, f"{kind}-name", chip.text, 7, 14, font_size=12,
          **({"fill": MUTED} if chip.spent else {}))  # fmt: skip

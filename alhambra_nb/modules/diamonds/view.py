"""What the tables show of the diamonds (:meth:`Diamonds.view <.Diamonds.view>`): their name.
Diamond cards are money, drawn with the money display and each player's hand."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.messages import add_messages, template
from ...core.views import ModuleView

if TYPE_CHECKING:
    from ...core.state import GameState

add_messages({"widget.module.diamonds": "diamonds"})


def diamonds_view(state: GameState, seat: int | None, language: str | None = None) -> ModuleView:
    """The diamonds module as the tables show it: by its name."""
    return ModuleView("diamonds", template("widget.module.diamonds", language))

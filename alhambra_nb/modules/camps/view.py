"""What the tables show of the camps (:meth:`Camps.view <.Camps.view>`): their name. The
camps themselves are tiles, drawn with the market and the Alhambras; their points are in the
scoring."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.messages import add_messages, template
from ...core.views import ModuleView

if TYPE_CHECKING:
    from ...core.state import GameState

add_messages({"widget.module.camps": "camps"})


def camps_view(state: GameState, seat: int | None, language: str | None = None) -> ModuleView:
    """The camps module as the tables show it: by its name."""
    return ModuleView("camps", template("widget.module.camps", language))

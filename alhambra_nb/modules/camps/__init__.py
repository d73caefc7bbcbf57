"""Expansion II, module "camps": camps outside the walls score along their arrows (RULES.md §9.4).

- The 8 camps (``data/camps.csv``; prices and bastions *reconstructed*) go into the bag and
  are bought like buildings: their price, in the currency of their market space.
- The city's building rules place them (``placement/camp-sides``: bastions face only walls,
  plain sides only plain sides; no walking rule for camps). They have no building type, so
  they never count for majorities; in the reserve or with the neutral player they are idle.
- At every scoring each bastion's arrow scores 1 per tile in the unbroken straight line
  beyond it (:func:`~alhambra_nb.core.camps.arrow_lines`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.camps import CAMPS, arrow_lines
from ...core.messages import SOURCE_LANGUAGE, render
from ...core.socket import Bonus, Components, Module, register
from .view import camps_view

if TYPE_CHECKING:
    from ...core.scoring import ScoreBreakdown
    from ...core.state import GameState
    from ...core.tiles import Tile
    from ...core.views import ModuleView

NAME = "camps"


@register
class Camps(Module):
    """Camps (RULES.md §9.4)."""

    name = NAME

    def components(self, players: int, rng: Any = None) -> Components:
        return Components(tiles=tuple(CAMPS))

    def bonuses(self, state: GameState, round: int, breakdown: ScoreBreakdown) -> list[Bonus]:
        found = []
        for seat, player in enumerate(state.players):
            lines = [line for line in arrow_lines(player.city.tiles()) if line.points]
            if lines:
                points = sum(line.points for line in lines)
                added = " + ".join(str(line.points) for line in lines)
                # a scoring record keeps the detail in English; a reader sees it translated
                words = {"count": len(lines), "points": added}
                detail = render("bonus.detail.camps", words, SOURCE_LANGUAGE)
                found.append(Bonus(seat, "camps", points, detail))
        return found

    def tile_value(self, state: GameState, seat: int, tile: Tile) -> float | None:
        """A camp is worth the arrow points of its best cell, for each scoring to come."""
        if not tile.is_camp:
            return None
        city = state.players[seat].city
        best = 0
        for cell in city.legal_cells(tile):
            tiles = dict(city.tiles())
            tiles[cell] = tile
            best = max(best, sum(line.points for line in arrow_lines(tiles)))
        return float(best * (3 - len(state.scorings)))

    # -- the tables -----------------------------------------------------------------------
    def view(self, state: GameState, seat: int | None, language: str | None = None) -> ModuleView:
        return camps_view(state, seat, language)

"""The building rules (RULES.md §4), each on its own: one step to see it, one to try it."""

from __future__ import annotations

from ..core import RuleId
from .model import Chapter, Step
from .tasks import LegalCellsTask, PlaceTask

# A small Alhambra with walls on several sides: every building rule can be seen on it.
SQUARE = "0,-1 tower-11-N; -1,0 seraglio-7-W; 1,0 garden-10-N; 0,1 arcades-9; 1,1 chambers-9-S"

# Tiles with no walls around two empty courtyards (see the holes rule).
COURTYARD = (
    "1,0 arcades-10; 2,0 garden-11; 3,0 chambers-11; 0,1 tower-12; 3,1 seraglio-9; "
    "0,2 pavilion-8; 1,2 tower-11"
)
BIG_COURTYARD = (
    "0,-1 garden-11; 1,-1 seraglio-9; 2,-1 arcades-10; 3,-1 chambers-10; 3,0 tower-12; "
    "3,1 pavilion-8; 3,2 chambers-11; 0,1 garden-10; 1,1 tower-11"
)

TOWER = "tower-9-NE"

CHAPTER = Chapter(
    id="building",
    title="Building rules",
    summary="Where a new tile may go: six rules, every one of which must hold.",
    steps=(
        Step(
            id="building/intro/see",
            title="A legal placement",
            text=(
                "This is an Alhambra: the fountain at (0, 0) and five buildings. A cell is "
                "written (x, y): x grows to the east (right), y grows to the south (down). "
                "Thick lines are city walls. The tower with walls on its north and east sides "
                "may be built at (2, 0): it shares a whole side with the garden, the sides "
                "that meet are both open, and a pedestrian can walk to it from the fountain."
            ),
            position=SQUARE,
            tile=TOWER,
            at=(2, 0),
        ),
        Step(
            id="building/occupied/see",
            title="One tile per cell",
            text="A tile goes only on an empty cell: (1, 0) already holds the garden.",
            position=SQUARE,
            tile=TOWER,
            at=(1, 0),
            teaches=(RuleId.OCCUPIED,),
        ),
        Step(
            id="building/orientation/see",
            title="Tiles stay upright",
            text=(
                "Every tile stands upright like the fountain, roofs up: a tile is never "
                "turned. Here the tower has been given a quarter turn, so its walls would be "
                "on the east and south. Even though those walls would fit at (2, 0), the "
                "turned tile may not be built."
            ),
            position=SQUARE,
            tile=TOWER,
            at=(2, 0),
            rotation=1,
            teaches=(RuleId.ORIENTATION,),
        ),
        Step(
            id="building/orientation/try",
            title="Try it: a turned tile",
            text=(
                "This arcades tile (walls south and west) has been given a quarter turn: its "
                "walls now point west and north. Find the cell where the turned tile would "
                "fit perfectly — and still may not be built, because it is turned."
            ),
            position=SQUARE,
            tile="arcades-6-SW",
            rotation=1,
            task=PlaceTask(
                tile="arcades-6-SW",
                rotation=1,
                breaks=frozenset({RuleId.ORIENTATION}),
                prompt=(
                    "Find the cell where the turned arcades breaks the upright rule and no other."
                ),
            ),
            teaches=(RuleId.ORIENTATION,),
        ),
        Step(
            id="building/touches/see",
            title="A whole side, not a corner",
            text=(
                "A new tile must share at least one whole side with the Alhambra. At (2, -1) "
                "the tower would touch the garden only at a corner, which is not enough. "
                "Because it shares no side at all, a pedestrian could not walk onto it "
                "either: the walking rule is broken too."
            ),
            position=SQUARE,
            tile=TOWER,
            at=(2, -1),
            teaches=(RuleId.TOUCHES_CITY,),
        ),
        Step(
            id="building/touches/try",
            title="Try it: touching at a corner",
            text="Find a cell where the tower would touch the Alhambra only at a corner.",
            position=SQUARE,
            tile=TOWER,
            task=PlaceTask(
                tile=TOWER,
                breaks=frozenset({RuleId.TOUCHES_CITY, RuleId.WALKING}),
                variant="placement/touches-city:corner",
                prompt="Name a cell where the tower touches the Alhambra only at a corner.",
            ),
            teaches=(RuleId.TOUCHES_CITY,),
        ),
        Step(
            id="building/walls-match/see",
            title="Walls must match",
            text=(
                "Every side a new tile shares with a neighbour must match: wall against wall, "
                "or open against open. At (1, -1) the tower's west side meets the open east "
                "side of the tower at (0, -1) — fine — but its open south side would face the "
                "garden's north wall."
            ),
            position=SQUARE,
            tile=TOWER,
            at=(1, -1),
            teaches=(RuleId.WALLS_MATCH,),
        ),
        Step(
            id="building/walls-match/try",
            title="Try it: walls that do not match",
            text=(
                "The pavilion has walls on its north and west sides. Find the cell where it "
                "would break only the matching-walls rule: a pedestrian could still walk onto "
                "it, but one of its sides meets the wrong kind of side."
            ),
            position=SQUARE,
            tile="pavilion-5-NW",
            task=PlaceTask(
                tile="pavilion-5-NW",
                breaks=frozenset({RuleId.WALLS_MATCH}),
                prompt=(
                    "Find the cell where the pavilion breaks the matching-walls rule and no other."
                ),
            ),
            teaches=(RuleId.WALLS_MATCH,),
        ),
        Step(
            id="building/walking/see",
            title="A pedestrian must get there",
            text=(
                "A pedestrian must be able to walk from the fountain onto the new tile "
                "without crossing a wall or leaving the tiles. At (1, 2) the tower's north "
                "wall meets the south wall of the chambers: the walls match (a double wall), "
                "but nobody can walk through it, and the tower touches nothing else.\n\n"
                "In this game the way is searched through the whole Alhambra, from the "
                "fountain over every open side, not only between neighbours, so the rule "
                "holds for any position."
            ),
            position=SQUARE,
            tile=TOWER,
            at=(1, 2),
            teaches=(RuleId.WALKING,),
            rulings=("R4",),
        ),
        Step(
            id="building/walking/try",
            title="Try it: cut off by a wall",
            text=(
                "This pavilion has walls on its south and west sides. Find the cell where "
                "every side it shares matches, yet a pedestrian still cannot walk onto it."
            ),
            position=SQUARE,
            tile="pavilion-3-SW",
            task=PlaceTask(
                tile="pavilion-3-SW",
                breaks=frozenset({RuleId.WALKING}),
                prompt="Find the cell where the pavilion breaks the walking rule and no other.",
            ),
            teaches=(RuleId.WALKING,),
            rulings=("R4",),
        ),
        Step(
            id="building/holes/see",
            title="No holes",
            text=(
                "No empty area may become completely enclosed by tiles: nothing could ever be "
                "built there. Arcades at (2, 2) would close in the two empty cells (1, 1) and "
                "(2, 1).\n\n"
                "Some rulebooks are not clear here; in this game, a hole is any group of empty "
                "cells that can no longer reach "
                "the outside by steps through empty cells — a courtyard of any size, not only "
                "a single cell with four neighbours. Empty cells do not escape through a "
                "diagonal gap between two corners."
            ),
            position=COURTYARD,
            tile="arcades-9",
            at=(2, 2),
            teaches=(RuleId.NO_HOLES,),
            rulings=("R3",),
        ),
        Step(
            id="building/holes/try",
            title="Try it: closing a courtyard",
            text=(
                "Three empty cells form a courtyard that is still open to the outside. Find a "
                "cell where the arcades would close a courtyard in. In this game a courtyard of "
                "any size counts, not only a single empty cell."
            ),
            position=BIG_COURTYARD,
            tile="arcades-9",
            task=PlaceTask(
                tile="arcades-9",
                breaks=frozenset({RuleId.NO_HOLES}),
                prompt="Name a cell where the arcades breaks the no-holes rule and no other.",
            ),
            teaches=(RuleId.NO_HOLES,),
            rulings=("R3",),
        ),
        Step(
            id="building/every-rule/see",
            title="Every broken rule, not just the first",
            text=(
                "A placement is legal only if all the rules hold, and the explanation names "
                "every rule that is broken. At (-1, 1) the tower's north and east walls would "
                "face open sides, and so no pedestrian could walk onto it."
            ),
            position=SQUARE,
            tile=TOWER,
            at=(-1, 1),
            teaches=(RuleId.WALLS_MATCH, RuleId.WALKING),
        ),
        Step(
            id="building/legal-cells/try",
            title="Try it: every legal cell",
            text=(
                "The pavilion has walls on its east and south sides. Find every cell where it "
                "may be built."
            ),
            position=SQUARE,
            tile="pavilion-4-ES",
            task=LegalCellsTask(
                tile="pavilion-4-ES",
                prompt="Name every cell where the pavilion may be built.",
            ),
        ),
    ),
)

"""Components and tiles (RULES.md §1)."""

from __future__ import annotations

from .model import Chapter, Step
from .tasks import QuizTask

# One tile of each wall pattern that matters for a first look: none, one, a corner, a U.
SAMPLER = "1,0 garden-10; 2,0 tower-13-E; 0,1 chambers-9-S; 1,1 arcades-7-ES; 0,-1 pavilion-2-NEW"

CHAPTER = Chapter(
    id="components",
    title="Components and tiles",
    summary="What is in the box: fountains, 54 buildings, money in four currencies.",
    steps=(
        Step(
            id="components/box/see",
            title="What is in the box",
            text=(
                "Each player has a fountain, the start tile of their Alhambra. The 54 building "
                "tiles come in six types: 7 pavilions (prices 2–8), 7 seraglios (3–9), "
                "9 arcades (4–10), 9 chambers (5–11), 11 gardens (6–12) and 11 towers "
                "(7–13). There are 108 money cards — four currencies, values 1 to 9, three "
                "copies of each — plus 2 scoring cards, a building market with four spaces, "
                "and a reserve board per player for tiles kept out of the Alhambra."
            ),
        ),
        Step(
            id="components/walls/see",
            title="Walls",
            text=(
                "Many tiles carry city walls on some sides (thick lines). Of the 54 buildings, "
                "10 have no wall, 16 one wall, 20 two walls that always meet at a corner, and "
                "8 three walls in a U. No tile has four walls, and none has just two opposite "
                "walls. Here: a garden with no wall, a tower with one, arcades with a corner "
                "and a pavilion with three."
            ),
            position=SAMPLER,
        ),
        Step(
            id="components/walls/try",
            title="Try it: which tiles exist?",
            text="Look at the wall patterns of the 54 building tiles.",
            task=QuizTask(
                prompt="Which of these tiles can you find among the 54 buildings?",
                options=(
                    "a tile with walls on its north and south sides only",
                    "a tile with walls on its east and south sides",
                    "a tile with walls on all four sides",
                    "a tile with walls on its north, east and west sides",
                ),
                correct=frozenset({"b", "d"}),
                notes=(
                    "No tile has just two opposite walls.",
                    "Two walls always meet at a corner, like east and south.",
                    "No tile has four walls: it could never be reached.",
                    "Three walls form a U, open on one side.",
                ),
            ),
        ),
        Step(
            id="components/currencies/see",
            title="Money and the market",
            text=(
                "Money comes in four currencies: Denar, Dirham, Ducat and Guilder. Each space "
                "of the building market is tied to one currency, and a building there is paid "
                "for in that currency only.\n\n"
                "The rulebooks do not say which currency goes with which space; in this game, "
                "space 1 takes Denar (blue), space 2 Dirham (green), space 3 Ducat (orange) and "
                "space 4 Guilder (yellow). Printed boards may differ: what matters is that each "
                "space has its own currency."
            ),
            rulings=("R1",),
        ),
        Step(
            id="components/cells/see",
            title="Reading a position",
            text=(
                "In these notebooks a cell is written (x, y): the fountain is at (0, 0), x "
                "grows to the east (right) and y to the south (down), so (1, 0) is east of "
                "the fountain and (0, -1) north of it. A tile is written by type, price and "
                "walled sides: 'tower-13-E' is the tower costing 13 with a wall on its east "
                "side, 'garden-10' the garden costing 10 with no wall."
            ),
            position=SAMPLER,
        ),
        Step(
            id="components/cells/try",
            title="Try it: find the tile",
            text="Look at the Alhambra on the board.",
            position=SAMPLER,
            task=QuizTask(
                prompt="Which tile stands at (1, 1)?",
                options=(
                    "the garden with no wall",
                    "the arcades with walls east and south",
                    "the chambers with a wall on its south side",
                    "the pavilion with three walls",
                ),
                correct=frozenset({"b"}),
                notes=(
                    "The garden is at (1, 0), east of the fountain.",
                    "(1, 1) is one step east and one step south of the fountain.",
                    "The chambers are at (0, 1), south of the fountain.",
                    "The pavilion is at (0, -1), north of the fountain.",
                ),
            ),
        ),
    ),
)

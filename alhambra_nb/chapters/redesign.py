"""Redesigning the Alhambra (RULES.md §3 and the redesign checks of §4)."""

from __future__ import annotations

from .model import Chapter, Step
from .tasks import RemovalTask, SwapTask

# Nine tiles in a block: the garden in the middle has four neighbours, the chambers and the
# tower at (2, 1) are the only way to the tower at (2, 0).
BLOCK = (
    "0,-1 pavilion-6-N; 1,-1 seraglio-4-NE; 1,0 garden-9-E; 2,0 tower-10-W; "
    "0,1 arcades-9; 1,1 chambers-10; 2,1 tower-11-S"
)

CHAPTER = Chapter(
    id="redesign",
    title="Redesigning the Alhambra",
    summary="Moving tiles between the Alhambra and the reserve, and what must still hold.",
    steps=(
        Step(
            id="redesign/what/see",
            title="Three ways to redesign",
            text=(
                "Instead of taking money or buying, a player may redesign the Alhambra as "
                "their action: move a tile from the reserve board into the Alhambra, take a "
                "tile from the Alhambra onto the reserve board, or swap a reserve tile with a "
                "tile of the Alhambra — the new tile takes exactly the old one's cell. The "
                "building rules must hold afterwards, and the fountain is never moved."
            ),
            position=BLOCK,
        ),
        Step(
            id="redesign/fountain/see",
            title="The fountain stays",
            text="The Alhambra grows from the fountain: it can never be taken away or swapped.",
            position=BLOCK,
            at=(0, 0),
            action="remove",
        ),
        Step(
            id="redesign/disconnects/see",
            title="Nobody may be cut off",
            text=(
                "Taking a tile away must leave every other tile walkable from the fountain. "
                "Without the chambers at (1, 1) the two towers on the east could no longer "
                "be reached: the double wall between the garden and the tower at (2, 0) is "
                "in the way."
            ),
            position=BLOCK,
            at=(1, 1),
            action="remove",
        ),
        Step(
            id="redesign/hole/see",
            title="No hole may be left behind",
            text=(
                "Taking a tile away must not leave a hole either. The garden at (1, 0) has "
                "four neighbours: its empty cell would be closed in on every side, so a tile "
                "with four neighbours can never be taken away."
            ),
            position=BLOCK,
            at=(1, 0),
            action="remove",
        ),
        Step(
            id="redesign/remove/try",
            title="Try it: which tiles may go?",
            text="Find every tile that may be taken from this Alhambra onto the reserve board.",
            position=BLOCK,
            task=RemovalTask(prompt="Name every cell whose tile may be taken away."),
        ),
        Step(
            id="redesign/swap/see",
            title="A swap must fit and keep everyone connected",
            text=(
                "In a swap the new tile must obey every building rule at the old tile's cell, "
                "and every other tile must stay walkable. Chambers with a west wall in place "
                "of the tower at (2, 1) would fail both: its wall would face the open east "
                "side of the chambers at (1, 1), and the tower at (2, 0) would be cut off."
            ),
            position=BLOCK,
            tile="chambers-9-W",
            at=(2, 1),
            action="swap",
        ),
        Step(
            id="redesign/swap/try",
            title="Try it: a swap that works",
            text="The reserve board holds a garden with a wall on its south side.",
            position=BLOCK,
            tile="garden-12-S",
            task=SwapTask(
                tile="garden-12-S",
                prompt="Name a cell whose tile may be swapped for the garden.",
            ),
        ),
    ),
)

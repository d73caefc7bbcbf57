"""Scoring (RULES.md §5 and the examples of §8): majorities with ties, the longest wall."""

from __future__ import annotations

from ..core import Building
from .model import Chapter, Step, marks
from .tasks import LongestWallTask, MajorityTask, counts

RING = (
    "-1,-1 garden-8-NW; 0,-1 arcades-8-N; 1,-1 chambers-7-NE; -1,0 tower-10-W; "
    "1,0 pavilion-7-E; -1,1 seraglio-5-SW; 0,1 tower-11-S; 1,1 arcades-7-ES"
)
DOUBLE = "1,0 tower-13-E; 2,0 chambers-9-W; 0,1 garden-12-S; 1,1 seraglio-8-S; 2,1 tower-9-ES"
BROKEN_RING = (
    "0,-1 tower-11-N; 1,-1 tower-9-NE; -1,0 seraglio-7-W; 1,0 garden-9-E; "
    "-1,1 arcades-6-SW; 0,1 chambers-9-S; 1,1 tower-9-ES"
)

TABLE = (
    "| scoring | pavilion | seraglio | arcades | chambers | garden | tower |\n"
    "| --- | --- | --- | --- | --- | --- | --- |\n"
    "| 1st (1st place) | 1 | 2 | 3 | 4 | 5 | 6 |\n"
    "| 2nd (1st / 2nd) | 8 / 1 | 9 / 2 | 10 / 3 | 11 / 4 | 12 / 5 | 13 / 6 |\n"
    "| 3rd (1st / 2nd / 3rd) | 16 / 8 / 1 | 17 / 9 / 2 | 18 / 10 / 3 | 19 / 11 / 4 "
    "| 20 / 12 / 5 | 21 / 13 / 6 |"
)

CHAPTER = Chapter(
    id="scoring",
    title="Scoring: majorities and the longest wall",
    summary="Who scores for each building type, how ties split, and what a wall is worth.",
    steps=(
        Step(
            id="scoring/majorities/table",
            title="Majorities",
            text=(
                "At each scoring, count every player's buildings of each type — only those in "
                "the Alhambra; the reserve board never counts, and a tile's price never "
                "matters. The player with the most of a type scores for it; at the second "
                "scoring the runner-up scores too, at the third also the player in third "
                "place. A player with none of a type never scores for it.\n\n" + TABLE
            ),
        ),
        Step(
            id="scoring/majorities/round-1",
            title="The first scoring",
            text=(
                "At the first scoring only first place scores. Ana has 3 chambers, Ben 2 and "
                "Cem 1: Ana, with the most chambers, gets 4 points."
            ),
            task=MajorityTask(
                counts=counts(Ana={"chambers": 3}, Ben={"chambers": 2}, Cem={"chambers": 1}),
                round=1,
                building=Building.CHAMBERS,
                prompt="How many points does each player get for chambers at the first scoring?",
            ),
        ),
        Step(
            id="scoring/majorities/tie",
            title="Ties share",
            text=(
                "Players level on a count add up the points of all the places they cover and "
                "share them evenly, rounded down; the next player takes the place after them. "
                "At the second scoring the most towers score 13 and the second most 6: Ana "
                "and Ben have 4 towers each, so they share 13 + 6 = 19 and get 9 each. Cem, "
                "with 2 towers, would be third — which scores nothing at the second scoring."
            ),
            task=MajorityTask(
                counts=counts(Ana={"tower": 4}, Ben={"tower": 4}, Cem={"tower": 2}),
                round=2,
                building=Building.TOWER,
                prompt="How many points does each player get for towers at the second scoring?",
            ),
        ),
        Step(
            id="scoring/majorities/round-3",
            title="The third scoring",
            text=(
                "At the third scoring three places score. For pavilions: the most 16, the "
                "second most 8, the third most 1."
            ),
            task=MajorityTask(
                counts=counts(Ana={"pavilion": 3}, Ben={"pavilion": 2}, Cem={"pavilion": 1}),
                round=3,
                building=Building.PAVILION,
                prompt="How many points does each player get for pavilions at the third scoring?",
            ),
        ),
        Step(
            id="scoring/majorities/tie-try",
            title="Try it: a tie at the top",
            text="Ana and Ben have 3 pavilions each, Cem has 1. This is the third scoring.",
            task=MajorityTask(
                counts=counts(Ana={"pavilion": 3}, Ben={"pavilion": 3}, Cem={"pavilion": 1}),
                round=3,
                building=Building.PAVILION,
                prompt="How many points does each player get for pavilions?",
            ),
        ),
        Step(
            id="scoring/majorities/three-way-try",
            title="Try it: three-way tie",
            text=(
                "Ana, Ben and Cem have 2 pavilions each, Dana has 1. This is the second "
                "scoring. Remember: points are shared rounded down, and the places the tied "
                "players cover are used up."
            ),
            task=MajorityTask(
                counts=counts(
                    Ana={"pavilion": 2},
                    Ben={"pavilion": 2},
                    Cem={"pavilion": 2},
                    Dana={"pavilion": 1},
                ),
                round=2,
                building=Building.PAVILION,
                prompt="How many points does each player get for pavilions?",
            ),
        ),
        Step(
            id="scoring/majorities/all-types-try",
            title="Try it: a whole scoring",
            text=(
                "The second scoring. Ana: 2 towers, 1 garden, 3 pavilions. Ben: 2 towers, "
                "3 gardens. Cem: 1 tower, 1 garden, 1 chambers. Add up every type."
            ),
            task=MajorityTask(
                counts=counts(
                    Ana={"tower": 2, "garden": 1, "pavilion": 3},
                    Ben={"tower": 2, "garden": 3},
                    Cem={"tower": 1, "garden": 1, "chambers": 1},
                ),
                round=2,
                prompt="How many majority points does each player get in total?",
            ),
        ),
        Step(
            id="scoring/walls/see",
            title="The longest wall",
            text=(
                "At every scoring each player also scores 1 point per tile side in their "
                "longest continuous outer wall. A wall goes on around corners from tile to "
                "tile; an open side or a gap ends it.\n\n"
                "Some rulebooks are not clear about a ring; in this game, the longest wall is the "
                "longest run of outer wall sides "
                "that never uses a side twice, so a wall that closes into a ring of n sides "
                "scores n. This ring around the fountain scores 12."
            ),
            position=RING,
            rulings=("R5",),
        ),
        Step(
            id="scoring/walls/double",
            title="Double walls score nothing",
            text=(
                "Where two tiles are walled on their shared side, the double wall is an inner "
                "wall: it scores nothing and does not join the outer walls. Here the tower at "
                "(1, 0) and the chambers at (2, 0) meet with a double wall, and the longest "
                "outer wall is the 4 sides along the south and the south-east corner."
            ),
            position=DOUBLE,
            marks=marks(edges=[((1, 0), "E"), ((2, 0), "W")]),
        ),
        Step(
            id="scoring/walls/try",
            title="Try it: measure the wall",
            text=(
                "This Alhambra's wall has gaps. At a scoring, each tile side of the longest "
                "continuous outer wall is worth 1 point."
            ),
            position=BROKEN_RING,
            task=LongestWallTask(
                prompt="How many points does the longest continuous outer wall score?"
            ),
        ),
        Step(
            id="scoring/walls/double-try",
            title="Try it: with a double wall",
            text="Now an Alhambra with a double wall between the tower and the chambers.",
            position=DOUBLE,
            task=LongestWallTask(
                prompt="How many points does the longest continuous outer wall score?"
            ),
        ),
    ),
)

"""Expansion II (RULES.md §9): one chapter per module — city gates, diamonds, characters, camps.

Every staged position is a city the engine reads or a game set up with the module switched on
(:class:`~.stage.GameStage` with ``modules``), and every task is checked by the engine. Values
the rulebook does not print are *reconstructed* (the 11th diamond, the camps' prices and
bastions, our readings of some characters); the steps say so where they use them.
"""

from __future__ import annotations

from ..core import RuleId
from .expansion_tasks import (
    AllowedActionsTask,
    AuctionWinnerTask,
    CampPointsTask,
    GatePlaceTask,
    HighestBidTask,
)
from .game_tasks import ActionCountTask, FinalTilesTask, PaymentTask, ScoringTask
from .model import Chapter, Step
from .play import ANA, BEN, CEM
from .stage import GameStage
from .tasks import LegalCellsTask, LongestWallTask, PlaceTask, RemovalTask

# -- city gates -------------------------------------------------------------------------------
# The arcades' east wall at (1, 0): a seraglio with a west wall at (2, 0) meets it wall to wall.
DOUBLE_WALL = "1,0 arcades-8-E; 0,1 garden-9-E; -1,0 tower-11-N"
GATED = "1,0 arcades-8-E; 2,0 seraglio-7-W; 3,0 tower-12; 0,1 garden-9-E; gate 1,0 E"
# For the exercise, another corner: at (1, 1) a tower walled north and west would meet the
# chambers' south wall and the garden's east wall, wall to wall on both sides.
GATE_PRACTICE = "1,0 chambers-9-S; 0,1 garden-9-E; -1,0 tower-11-N"

GATE_TURN = GameStage(
    players=("Ana", "Ben"),
    modules=("gates",),
    current="Ana",
    hands={"Ana": ("denar-7#1", "dirham-2#1")},
    display=("ducat-3#1", "dirham-4#1", "guilder-6#1", "denar-9#1"),
    market=("seraglio-7-W", "tower-9-NE", "garden-10", "pavilion-5-NW"),
    cities={"Ana": "1,0 arcades-8-E"},
    extra={"gates": {"display": "gate#1", "hands": [["gate#2"], []]}},
)
GATE_BOUGHT = GameStage(**{**GATE_TURN.__dict__, "actions": ("buy 1 with denar-7#1",)})

GATES = Chapter(
    id="gates",
    title="Expansion II: city gates",
    summary="A gate opens a double wall for the pedestrian, and locks the two tiles it joins.",
    steps=(
        Step(
            id="gates/double-wall/see",
            title="A double wall keeps the pedestrian out",
            text=(
                "The seraglio has a wall on its west side. At (2, 0) it would meet the east "
                "wall of the arcades: the walls match, but they make a double wall, and the "
                "seraglio touches nothing else. No pedestrian can walk onto it."
            ),
            position=DOUBLE_WALL,
            tile="seraglio-7-W",
            at=(2, 0),
            teaches=(RuleId.WALKING,),
        ),
        Step(
            id="gates/gate/see",
            title="A gate opens the double wall",
            text=(
                "With city gates, a player who holds a gate card may put a gate on a new "
                "double wall between the tile being placed and the Alhambra. The walking "
                "rule treats a gated double wall as open: the same seraglio may now be "
                "built at (2, 0). Playing a gate is not an action; it happens while placing "
                "(at the end of the turn or in a redesign), and the card then leaves the "
                "game. A gate goes only on a double wall between the new tile and the city "
                "(the gate rule)."
            ),
            position=DOUBLE_WALL,
            tile="seraglio-7-W",
            at=(2, 0),
            gate="W",
            teaches=(RuleId.GATE,),
        ),
        Step(
            id="gates/gate/try",
            title="Try it: a gate lets the tower in",
            text=(
                "Another Alhambra, and a tower with walls on its north and west sides. Find "
                "the cell where the tower may go only thanks to a gate. You may name the "
                "gate's side too, e.g. '2,0 W'."
            ),
            position=GATE_PRACTICE,
            tile="tower-9-NW",
            task=GatePlaceTask(
                tile="tower-9-NW",
                prompt="Name a cell where the tower is legal only with a gate.",
            ),
            teaches=(RuleId.WALKING, RuleId.GATE),
        ),
        Step(
            id="gates/locked/see",
            title="Gated tiles stay where they are",
            text=(
                "A gate and the two tiles it joins are never moved again: a redesign may "
                "not take the arcades at (1, 0) or the seraglio at (2, 0) away, nor swap "
                "them. Here a redesign tries to take the seraglio away."
            ),
            position=GATED,
            tile=None,
            at=(2, 0),
            action="remove",
            teaches=(RuleId.REDESIGN_GATE_LOCKED,),
        ),
        Step(
            id="gates/locked/try",
            title="Try it: which tiles may a redesign take away?",
            text=(
                "Every redesign rule still holds (nobody cut off, no hole), and gated tiles "
                "are locked."
            ),
            position=GATED,
            task=RemovalTask(prompt="Give the set of every tile a redesign may take away."),
            teaches=(RuleId.REDESIGN_GATE_LOCKED,),
        ),
        Step(
            id="gates/card/see",
            title="Taking the gate card is a whole action",
            text=(
                "Gate cards (one per player) are shuffled into money piles 3, 4 and 5. When "
                "one turns up while the money display is refilled, it is laid beside the "
                "market (a second one is discarded) and another money card is drawn.\n\n"
                "The rulebook lets the player on turn take the gate card instead of a money "
                "card; in this game, taking it is a whole take-money action: no money comes "
                "with it. Ana holds a gate card already, and another lies beside the market."
            ),
            game=GATE_TURN,
            rulings=("R7",),
            task=ActionCountTask(
                prompt="Ana takes the gate card. How many actions does her turn have in all?",
                then=("take gate",),
            ),
        ),
        Step(
            id="gates/card/try",
            title="Try it: a gate at the end of the turn",
            text=(
                "Ana bought the seraglio (wall west) with Denar 7, exactly, and may act "
                "again; at the end of her turn she places it. She holds a gate card."
            ),
            game=GATE_BOUGHT,
            task=AllowedActionsTask(
                prompt="Which of these placements does the engine allow?",
                options=(
                    ("place seraglio-7-W at 2,0", "the seraglio at (2, 0) without a gate"),
                    ("place seraglio-7-W at 2,0 gate W", "the seraglio at (2, 0), gate west"),
                    ("place seraglio-7-W at 2,0 gate N", "the seraglio at (2, 0), gate north"),
                    ("place seraglio-7-W at 0,1", "the seraglio at (0, 1) without a gate"),
                ),
            ),
            teaches=(RuleId.GATE,),
        ),
    ),
)

# -- diamonds ---------------------------------------------------------------------------------
# For the lesson: Ana holds Diamonds 4 and 6, Ducat 2 and Dirham 5.
DIAMOND_SHOW = GameStage(
    players=("Ana", "Ben"),
    modules=("diamonds",),
    current="Ana",
    hands={"Ana": ("diamond-4#1", "diamond-6#1", "ducat-2#1", "dirham-5#1")},
    market=("pavilion-4-ES", "chambers-8-NW", "garden-8-SW", "arcades-6-NE"),
    cities={"Ana": "1,0 arcades-8-E"},
)
# For the exercises: Ana holds Diamonds 5 and 3, Denar 2 and Guilder 8.
DIAMOND_HAND = GameStage(
    players=("Ana", "Ben"),
    modules=("diamonds",),
    current="Ana",
    hands={"Ana": ("diamond-5#1", "diamond-3#1", "denar-2#1", "guilder-8#1")},
    market=("seraglio-7-W", "tower-8-NES", "garden-10", "pavilion-5-NW"),
    cities={"Ana": "1,0 arcades-8-E"},
)
DIAMOND_END = GameStage(
    modules=("diamonds",),
    market=("tower-13-E", "garden-12-S", "arcades-10", "pavilion-8"),
    hands={
        "Ana": ("guilder-8#1", "dirham-5#1", "diamond-9#1", "diamond-8#1"),
        "Ben": ("dirham-7#1", "ducat-3#1"),
        "Cem": ("denar-6#1", "denar-4#1", "diamond-7#1"),
    },
    bag=(),
    cities={"Ana": ANA, "Ben": BEN, "Cem": CEM},
    current="Ana",
    actions=("buy 4 with guilder-8#1", "reserve pavilion-8"),
)

DIAMONDS = Chapter(
    id="diamonds",
    title="Expansion II: diamonds",
    summary="A fifth money that buys on any market space, but never mixed with other cards.",
    steps=(
        Step(
            id="diamonds/cards/see",
            title="Diamonds buy on any space",
            text=(
                "Eleven diamond cards, values 3 to 9, are shuffled into the money before the "
                "starting money is dealt. Diamonds buy the building on any market space, "
                "whatever its currency. Ana holds Diamonds 4 and 6, Ducat 2 and Dirham 5."
            ),
            game=DIAMOND_SHOW,
        ),
        Step(
            id="diamonds/pay/try",
            title="Try it: an exact diamond payment",
            text=(
                "An exact payment in diamonds gives another action, like any exact payment. "
                "Ana holds Diamonds 5 and 3, Denar 2 and Guilder 8. Pay for the tower on "
                "space 2 (a Dirham space, price 8) so that Ana may act again. Write diamonds "
                "like 'diamond 4'."
            ),
            game=DIAMOND_HAND,
            task=PaymentTask(
                space=2, prompt="Which cards pay for the tower so that Ana may act again?"
            ),
        ),
        Step(
            id="diamonds/mixed/try",
            title="Try it: never mixed",
            text=(
                "Diamonds may never be combined with other cards in one payment, not even with "
                "cards of the space's own currency. Ana holds Diamonds 5 and 3, Denar 2 and "
                "Guilder 8; the market offers a seraglio (7, Denar), a tower (8, Dirham), a "
                "garden (10, Ducat) and a pavilion (5, Guilder)."
            ),
            game=DIAMOND_HAND,
            task=AllowedActionsTask(
                prompt="Which of these purchases does the engine allow?",
                options=(
                    (
                        "buy 1 with diamond-5#1 denar-2#1",
                        "the seraglio (7) with Diamonds 5 + Denar 2",
                    ),
                    ("buy 1 with diamond-5#1 diamond-3#1", "the seraglio (7) with Diamonds 5 + 3"),
                    ("buy 4 with diamond-5#1", "the pavilion (5, Guilder) with Diamonds 5"),
                    ("buy 3 with diamond-5#1 diamond-3#1", "the garden (10) with Diamonds 5 + 3"),
                ),
            ),
            teaches=(RuleId.BUY_MIXED_CURRENCY,),
        ),
        Step(
            id="diamonds/end/try",
            title="Try it: diamonds at the end of the game",
            text=(
                "Diamonds are no currency of the market: at the end of the game, when the "
                "buildings left in the market go to whoever holds the most money of each "
                "space's currency, diamonds do not count. The bag is empty and Ana ends the "
                "game. Left: a tower on space 1 (Denar), a garden on space 2 (Dirham), "
                "arcades on space 3 (Ducat). Ana holds Dirham 5 and Diamonds 9 and 8; Ben "
                "Dirham 7 and Ducat 3; Cem Denar 6 and 4 and Diamonds 7."
            ),
            game=DIAMOND_END,
            task=FinalTilesTask(
                prompt="Who receives the building on each space? e.g. {1: 'Ana', 2: 'nobody'}"
            ),
        ),
    ),
)

# -- characters -------------------------------------------------------------------------------
HAKIM = "character-hakim-wahid"
FATIME = "character-fatime"
AUCTION = GameStage(
    players=("Ana", "Ben", "Cem"),
    modules=("characters", "diamonds"),
    current="Ben",
    hands={
        "Ana": ("denar-5#1", "denar-4#1", "guilder-8#1"),
        "Ben": ("ducat-6#1", "ducat-2#1", "diamond-7#1"),
        "Cem": ("dirham-9#1", "dirham-3#1", "denar-2#1"),
    },
    extra={
        "characters": {
            "auction": {
                "character": HAKIM,
                "order": [1, 2, 0],
                "high": 0,
                "leader": None,
                "resume": 2,
                "paying": False,
            }
        }
    },
)
# For the lesson: Ben's refill turned up Abdul Karim; Ben bids first, Cem plays next.
AUCTION_SHOW = GameStage(
    players=("Ana", "Ben", "Cem"),
    modules=("characters", "diamonds"),
    current="Ben",
    hands={
        "Ana": ("dirham-6#1", "dirham-5#1", "ducat-9#1"),
        "Ben": ("guilder-4#1", "guilder-3#1", "diamond-9#1"),
        "Cem": ("denar-7#1", "denar-6#1", "ducat-2#1"),
    },
    extra={
        "characters": {
            "auction": {
                "character": "character-abdul-karim",
                "order": [1, 2, 0],
                "high": 0,
                "leader": None,
                "resume": 2,
                "paying": False,
            }
        }
    },
)
TURN_CHARACTERS = GameStage(
    players=("Ana", "Ben"),
    modules=("characters",),
    current="Ana",
    hands={"Ana": ("denar-5#1", "guilder-3#1")},
    display=("dirham-3#1", "dirham-4#1", "ducat-6#1", "guilder-9#1"),
    extra={
        "characters": {
            "owned": [["character-faruk-will-haben", "character-yammerad"], []],
        }
    },
)
AFTER_YAMMERAD = GameStage(**{**TURN_CHARACTERS.__dict__, "actions": ("yammerad draw",)})
FATIME_WON = GameStage(
    players=("Ana", "Ben"),
    modules=("characters",),
    current="Ana",
    hands={"Ana": ("denar-5#1", "denar-4#1"), "Ben": ("ducat-2#1",)},
    extra={
        "characters": {
            "auction": {
                "character": FATIME,
                "order": [],
                "high": 6,
                "leader": 0,
                "resume": 0,
                "paying": True,
            }
        }
    },
    actions=("pay denar-5#1 denar-4#1",),
)
# Cem's Alhambra has a long outer wall (5), for Yusuf E'Passuff.
WALLED = "-1,0 seraglio-7-W; -1,-1 chambers-8-NW; 0,-1 tower-9-NE"
SCORING_WITH_CHARACTERS = GameStage(
    modules=("characters",),
    current="Ana",
    display=("denar-2#1", "dirham-3#1", "ducat-7#1", "guilder-9#1"),
    deck_top=("scoring-1",),
    cities={"Ana": ANA, "Ben": BEN, "Cem": WALLED},
    extra={"characters": {"owned": [[], [HAKIM], ["character-yusuf-e-passuff"]]}},
    actions=("take ducat-7#1",),
)

CHARACTERS = Chapter(
    id="characters",
    title="Expansion II: character cards",
    summary="Ten characters, won at auction, each bending one rule for its owner.",
    steps=(
        Step(
            id="characters/auction/see",
            title="A character is auctioned",
            text=(
                "Ten characters: two each are shuffled into money piles 2, 3 and 4; the other "
                "four lie face down aside. A character turned up stops play for an auction.\n\n"
                "The rulebook says how the auction goes: the player on turn bids first or "
                "passes; then, in seat order, each player bids more than the highest bid so "
                "far or passes. Once everyone has had a turn, the highest bidder takes the "
                "character. A player bids only what they can pay in ONE currency (or in "
                "diamonds). With no bid the character leaves the game. In this game, the "
                "player on turn is the one whose refill turned the character up, and the "
                "highest bidder pays cards totalling at least the bid, with no change.\n\n"
                "Ben has ended his turn, and his refill turned up Abdul Karim: Ben bids "
                "first; he holds Guilder 4 and 3 and Diamonds 9. Then Cem (Denar 7 and 6, "
                "Ducat 2), then Ana (Dirham 6 and 5, Ducat 9)."
            ),
            game=AUCTION_SHOW,
            rulings=("R8",),
        ),
        Step(
            id="characters/auction/try",
            title="Try it: the highest bid",
            text=(
                "Another auction: Ben's refill turned up Hakim Wahid, so Ben bids first; he "
                "holds Ducat 6 and 2 and Diamonds 7. He may bid only what he can pay in one "
                "currency or in diamonds."
            ),
            game=AUCTION,
            rulings=("R8",),
            task=HighestBidTask(prompt="What is the highest bid Ben may make?"),
            teaches=(RuleId.AUCTION_UNAFFORDABLE,),
        ),
        Step(
            id="characters/winner/try",
            title="Try it: who wins the auction?",
            text=(
                "The same auction for Hakim Wahid: Ben bids 8, Cem bids 12. Ana holds Denar 5 "
                "and 4 and Guilder 8: 17 in all. A player who cannot top the highest bid "
                "passes without being asked."
            ),
            game=AUCTION,
            rulings=("R8",),
            task=AuctionWinnerTask(
                prompt="Who wins Hakim Wahid? (Ana, Ben or Cem)", then=("bid 8", "bid 12")
            ),
        ),
        Step(
            id="characters/symbols/see",
            title="When a character acts: ♦, W and 1×",
            text=(
                "♦ characters act on their owner's turns, at most ONE ♦ character per turn; "
                "W characters act at every scoring; 1× characters are used once, then leave "
                "the game. Ana owns Faruk Will'haben (♦: take money up to 7 instead of 5) and "
                "Yammerad (♦: before the turn, with fewer than 3 money cards, draw the top "
                "card of the money deck). Ana holds Denar 5 and Guilder 3; the money display "
                "shows Dirham 3 "
                "and 4, Ducat 6 and Guilder 9."
            ),
            game=TURN_CHARACTERS,
            task=AllowedActionsTask(
                prompt="At the start of her turn, which of these may Ana do?",
                options=(
                    ("take dirham-3#1 dirham-4#1", "take Dirham 3 and 4 (7) with Faruk"),
                    ("yammerad draw", "let Yammerad draw a card"),
                    ("take dirham-3#1 dirham-4#1 ducat-6#1", "take 3 + 4 + 6 (13)"),
                ),
            ),
        ),
        Step(
            id="characters/symbols/try",
            title="Try it: one ♦ character per turn",
            text=(
                "Ana has let Yammerad draw (a ♦ character): she now holds three money cards. "
                "The money display still shows Dirham 3 and 4, Ducat 6 and Guilder 9. The game "
                "log says what she drew."
            ),
            game=AFTER_YAMMERAD,
            task=AllowedActionsTask(
                prompt="Which of these may Ana do now?",
                options=(
                    ("take dirham-3#1 dirham-4#1", "take Dirham 3 and 4 (7) with Faruk"),
                    ("take guilder-9#1", "take Guilder 9 alone"),
                    ("yammerad draw", "let Yammerad draw again"),
                ),
            ),
            teaches=(RuleId.MONEY_OVER_LIMIT,),
        ),
        Step(
            id="characters/fatime/try",
            title="Try it: Fatime's choice",
            text=(
                "Fatime (1×). The rulebook does not say when she is used; in this game, on "
                "acquiring her, the owner chooses at once: "
                "keep her (8 points at the final scoring) or swap her for the top face-down "
                "character, which is then used. Ana has just won her at auction and paid "
                "Denar 5 and 4 for a bid of 6 (no change is given)."
            ),
            game=FATIME_WON,
            rulings=("R9",),
            task=AllowedActionsTask(
                prompt="What may Ana do now?",
                options=(
                    ("fatime keep", "keep Fatime"),
                    ("fatime swap", "swap her for the top face-down character"),
                    ("take denar-2#1", "first take a card, and choose later"),
                ),
            ),
            teaches=(RuleId.CHARACTER_CHOICE,),
        ),
        Step(
            id="characters/scoring/try",
            title="Try it: Hakim Wahid and Yusuf E'Passuff at a scoring",
            text=(
                'W characters act at every scoring. The rulebook says only "one and a half '
                "times the value\"; in this game, Hakim Wahid's owner names one building type "
                "and receives 1.5 times the majority points he scores for it, rounded down "
                "(the game names the best type for him). Yusuf E'Passuff gives 1 point per 3 "
                "wall points. A character that turns up in the same refill as a scoring card "
                "is auctioned first, so its powers already count at that scoring.\n\n"
                "Ben owns Hakim Wahid, Cem owns Yusuf E'Passuff. Ana takes a card and ends "
                "her turn: the first scoring card turns up."
            ),
            game=SCORING_WITH_CHARACTERS,
            rulings=("R10", "R11"),
            task=ScoringTask(
                prompt=(
                    "How many points do Ana, Ben and Cem score? e.g. {'Ana': 1, 'Ben': 2, 'Cem': 3}"
                )
            ),
        ),
    ),
)

# -- camps ------------------------------------------------------------------------------------
SQUARE = "0,-1 tower-11-N; -1,0 seraglio-7-W; 1,0 garden-10-N; 0,1 arcades-9; 1,1 chambers-9-S"
HOLE = "1,0 arcades-10; 2,0 seraglio-8-S; 0,1 tower-12; 0,2 pavilion-8; 1,2 tower-11"
SEED_EXAMPLE = (
    "-3,0 camp-4-E; -2,0 seraglio-7-W; -1,0 garden-10; 1,0 seraglio-8-S; 2,0 arcades-8-E; "
    "3,0 camp-5-W; 0,1 garden-9-E; 1,1 camp-9-NW"
)
CAMP_PRACTICE = (
    "-2,0 seraglio-7-W; -1,0 garden-10; 1,0 arcades-8-E; 2,0 camp-9-SW; 0,1 garden-11; "
    "0,2 tower-11-S; 0,3 camp-4-N; -1,1 pavilion-8; -3,0 camp-8-ES"
)

CAMPS = Chapter(
    id="camps",
    title="Expansion II: camps",
    summary="Camps stand outside the walls, bastions to the walls, and score along their arrows.",
    steps=(
        Step(
            id="camps/bastions/see",
            title="A bastion faces a wall",
            text=(
                "Eight camps are mixed into the bag and bought like buildings. A camp shows a "
                "price, one or two bastions (the dark bars) and an arrow through each bastion "
                "into the Alhambra.\n\n"
                "Camps stand upright. A bastion may touch only a building's wall; a camp's "
                "plain (green) sides may touch only another camp's plain side. This camp "
                "(bastions north and east) may go at (-2, 0): its east bastion meets the "
                "seraglio's west wall."
            ),
            position=SQUARE,
            tile="camp-8-NE",
            at=(-2, 0),
            teaches=(RuleId.CAMP_SIDES,),
        ),
        Step(
            id="camps/plain/see",
            title="A plain side never touches a building",
            text=(
                "This camp (bastion east) at (1, -1) would turn its plain south side to the "
                "garden's north wall and its plain west side to the tower's open east side: "
                "the camp-sides rule is broken twice over."
            ),
            position=SQUARE,
            tile="camp-4-E",
            at=(1, -1),
            teaches=(RuleId.CAMP_SIDES,),
        ),
        Step(
            id="camps/sides/try",
            title="Try it: the camp-sides rule",
            text=("Find a cell where this camp (bastion north) breaks only the camp-sides rule."),
            position=SQUARE,
            tile="camp-4-N",
            task=PlaceTask(
                tile="camp-4-N",
                breaks=frozenset({RuleId.CAMP_SIDES}),
                prompt="Name a cell where the camp breaks ONLY the camp-sides rule.",
            ),
            teaches=(RuleId.CAMP_SIDES,),
        ),
        Step(
            id="camps/legal/try",
            title="Try it: every legal cell for a camp",
            text=(
                "This camp has bastions east and south. The walking rule does not apply to "
                "camps: nobody needs to walk onto one (and nobody walks through one)."
            ),
            position=SQUARE,
            tile="camp-8-ES",
            task=LegalCellsTask(
                tile="camp-8-ES", prompt="Give the set of every cell where the camp may go."
            ),
        ),
        Step(
            id="camps/holes/see",
            title="A camp counts for holes",
            text=(
                "Every other building rule applies to camps: a camp must touch the Alhambra, "
                "and it counts as a tile for holes. Here its bastion meets the seraglio's "
                "south wall, but the camp would enclose the empty cell (1, 1)."
            ),
            position=HOLE,
            tile="camp-4-N",
            at=(2, 1),
            teaches=(RuleId.NO_HOLES,),
        ),
        Step(
            id="camps/wall/try",
            title="Try it: a wall behind a bastion",
            text=(
                "A wall backed by a bastion is still an outer wall: it counts for the longest wall."
            ),
            position="1,0 arcades-8-E; 2,0 camp-5-W; 1,-1 chambers-7-NE",
            task=LongestWallTask(prompt="How long is the longest outer wall?"),
        ),
        Step(
            id="camps/scoring/see",
            title="Arrows score at every scoring",
            text=(
                "At every scoring each bastion's arrow is followed straight into the "
                "Alhambra: each tile of the unbroken straight line scores 1 (the fountain "
                "counts, camps do not; inner walls do not break the line, an empty cell or "
                "a camp ends it). A camp with two arrows scores both. Camps have no building "
                "type: no majority. The rulebook's example: 5 + 5 + 2 = 12. The rulebook "
                "counts the tiles that border one another without a break along the arrow, "
                "so an empty cell ends a line; that a camp ends it too is this game's reading."
            ),
            position=SEED_EXAMPLE,
            camp_lines=True,
        ),
        Step(
            id="camps/scoring/try",
            title="Try it: how many camp points?",
            text="Follow each arrow until the line of tiles breaks.",
            position=CAMP_PRACTICE,
            task=CampPointsTask(prompt="How many points do these camps score at a scoring?"),
        ),
    ),
)

EXPANSION_CHAPTERS: tuple[Chapter, ...] = (GATES, DIAMONDS, CHARACTERS, CAMPS)
"""The expansion II chapters, in the order of RULES.md §9."""

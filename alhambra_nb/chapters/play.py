"""How a game runs (RULES.md §2, §3, §5, §6, §7).

Every step stages a game (:class:`~.stage.GameStage`: a seeded game, arranged with the game's
own API, advanced by listed actions), and its task is checked in that game by the engine:
who starts, which takes the money display allows, which payment buys with another action,
where a bought tile may go, what a scoring gives, who receives the last buildings. A few
questions about timing stay multiple choice; the tests hold their answer keys to the engine.
"""

from __future__ import annotations

from dataclasses import replace

from .game_tasks import (
    ActionCountTask,
    FinalTilesTask,
    PaymentTask,
    PlaceBoughtTask,
    ScoringTask,
    StartPlayerTask,
    TakeMoneyTask,
)
from .model import Chapter, Step
from .stage import GameStage
from .tasks import QuizTask

# -- the staged games -----------------------------------------------------------------------
# Seed 11 deals Ana and Cem 4 cards worth 21 each: the tie that ruling R2 breaks.
DEALT = GameStage(seed=11)

# A money display of 2, 3, 7 and 9 (RULES.md §8), Ana to play.
DISPLAY = ("denar-2#1", "dirham-3#1", "ducat-7#1", "guilder-9#1")
TAKING = GameStage(display=DISPLAY, current="Ana")

# Ana's Alhambra in several steps: a garden, a tower and arcades around the fountain.
ANA = "1,0 garden-10-N; 0,1 tower-10-W; 0,-1 arcades-9"
BEN = "1,0 tower-11-N; -1,0 tower-12; 0,1 chambers-10"
CEM = "1,0 tower-9-NE; 0,1 chambers-11; 0,-1 garden-11"

# A garden costing 10 on space 1 (Denar); Ana holds Denar 4, 6, 3 and 8 and Dirham 5.
PAYING = GameStage(
    display=DISPLAY,
    market=("garden-10", "arcades-7-ES", "chambers-9-W", "pavilion-8"),
    hands={"Ana": ("denar-4#1", "denar-6#1", "denar-3#1", "denar-8#1", "dirham-5#1")},
    cities={"Ana": ANA},
    current="Ana",
)

# Ana holds the exact price of all four market buildings.
FOUR_EXACT = GameStage(
    display=DISPLAY,
    market=("garden-10-W", "arcades-7-ES", "chambers-9-W", "pavilion-8"),
    hands={
        "Ana": ("denar-4#1", "denar-6#1", "dirham-7#1", "ducat-9#1", "guilder-8#1"),
    },
    current="Ana",
)
FIVE_ACTIONS = (
    "buy 1 with denar-4#1 denar-6#1",
    "buy 2 with dirham-7#1",
    "buy 3 with ducat-9#1",
    "buy 4 with guilder-8#1",
    "take ducat-7#1",
)

# Ana has just bought chambers costing 7 with Ducat 4 and 3: exact, but she places it now.
BOUGHT = GameStage(
    display=DISPLAY,
    market=("garden-10", "arcades-7-ES", "chambers-7-SW", "pavilion-8"),
    hands={"Ana": ("ducat-4#1", "ducat-3#1", "denar-5#1")},
    cities={"Ana": ANA},
    current="Ana",
    actions=("buy 3 with ducat-4#1 ducat-3#1",),
)
# The same table once Ana has built the chambers and ended her turn (the refill follows).
REFILLED = replace(BOUGHT, actions=(*BOUGHT.actions, "place chambers-7-SW at 0,2", "end"))

# The first scoring card lies on top of the money deck: Ana takes a card, the display is
# refilled, and the card turns up.
SCORING_NEXT = GameStage(
    display=DISPLAY,
    deck_top=("scoring-1",),
    cities={"Ana": ANA, "Ben": BEN, "Cem": CEM},
    current="Ana",
    actions=("take ducat-7#1",),
)

# The bag is empty; Ana buys the pavilion on space 4 and reserves it; the market cannot be
# refilled, so the game ends and the three buildings left go to the most money.
LAST_TURN = GameStage(
    market=("tower-13-E", "garden-12-S", "arcades-10", "pavilion-8"),
    hands={
        "Ana": ("guilder-8#1", "dirham-5#1", "dirham-4#1", "denar-2#1"),
        "Ben": ("dirham-9#1", "ducat-3#1"),
        "Cem": ("dirham-8#1", "denar-9#1"),
    },
    bag=(),
    cities={"Ana": ANA, "Ben": BEN, "Cem": CEM},
    current="Ana",
    actions=("buy 4 with guilder-8#1", "reserve pavilion-8"),
)

# Two players; Dirk, the neutral player, holds three towers, a garden, a pavilion and a
# seraglio; the first scoring card is next.
NEUTRAL_SCORING = GameStage(
    players=("Ana", "Ben"),
    seed=5,
    display=("denar-2#1", "dirham-3#1", "ducat-7#1", "guilder-9#1"),
    deck_top=("scoring-1",),
    cities={"Ana": BEN, "Ben": ANA},
    neutral=(
        "tower-13-E",
        "tower-9-NW",
        "tower-8-NES",
        "garden-12-S",
        "pavilion-2-NEW",
        "seraglio-3-ESW",
    ),
    current="Ana",
    actions=("take ducat-7#1",),
)
TWO_PLAYERS_SETUP = GameStage(players=("Ana", "Ben"), seed=5)

SETUP = Chapter(
    id="setup",
    title="Setup and starting money",
    summary="Getting the tiles, the money and the players ready.",
    steps=(
        Step(
            id="setup/table/see",
            title="Setting up",
            text=(
                "Each player takes a fountain and places it in front of them: it is the first "
                "tile of their Alhambra. All 54 building tiles go into the bag; draw 4 and place "
                "them on market spaces 1 to 4. Take the 2 scoring cards out of the money cards "
                "and shuffle the money. The board shows Ana's Alhambra at the start: just the "
                "fountain."
            ),
            game=DEALT,
            board_player="Ana",
        ),
        Step(
            id="setup/starting-money/see",
            title="Starting money",
            text=(
                "Deal money cards face up to the first player until their total is at least "
                "20 (the currencies do not matter), then do the same for the next player, and "
                "so on. Everyone therefore starts with 20 to 28.\n\n"
                "In this game Ana is dealt 4 Ducat, 1 Denar, 9 Guilder and 7 Denar (21 in 4 "
                "cards); Ben 5 Dirham, 6 Denar, 2 Guilder, 1 Dirham and 8 Denar (22 in 5 "
                "cards); Cem 7 Ducat, 6 Dirham, 3 Dirham and 5 Denar (21 in 4 cards)."
            ),
            game=DEALT,
            board_player="Ana",
            task=QuizTask(
                prompt="A player has been dealt 9, 4 and 5 so far. What happens next?",
                options=(
                    "They stop: 18 is close enough.",
                    "They get another card, and keep getting cards until the total is 20 or more.",
                    "They give back the 9 and take a new card.",
                ),
                correct=frozenset({"b"}),
                notes=(
                    "18 is less than 20, so the dealing goes on.",
                    "Cards are dealt until the total reaches at least 20.",
                    "Cards dealt are kept; nothing is given back.",
                ),
            ),
        ),
        Step(
            id="setup/first-player/see",
            title="Who starts",
            text=(
                "The player with the fewest cards starts. If that is a tie, the lowest total "
                "among them; if still a tie, the youngest.\n\n"
                "In this game the last tie is not settled by age: it goes to the player who "
                "sits first in seat order, so that a game played again from the same shuffle "
                "is the same game."
            ),
            rulings=("R2",),
            game=DEALT,
            board_player="Ana",
            task=QuizTask(
                prompt=(
                    "Ana has 3 cards worth 22, Ben 3 cards worth 21, Cem 4 cards worth 20. "
                    "Who starts?"
                ),
                options=("Ana", "Ben", "Cem"),
                correct=frozenset({"b"}),
                notes=(
                    "Ana has as few cards as Ben, but a higher total.",
                    "Fewest cards (3, like Ana), and the lower total of the two.",
                    "Cem has the lowest total but more cards, and cards come first.",
                ),
            ),
        ),
        Step(
            id="setup/first-player/try",
            title="Try it: who starts this game?",
            text=(
                "The same game as before: Ana holds 4 cards worth 21, Ben 5 cards worth 22, "
                "Cem 4 cards worth 21. Seats go Ana, Ben, Cem. Remember: in this game, when the "
                "number of cards and the total are both tied, the first seat among the tied "
                "players starts."
            ),
            rulings=("R2",),
            game=DEALT,
            board_player="Ana",
            task=StartPlayerTask(prompt="Who starts the game? Answer with a name."),
        ),
        Step(
            id="setup/piles/see",
            title="The money display and the scoring cards",
            text=(
                "Turn 4 money cards face up beside the market: this is the money display. "
                "Split the rest into 5 roughly equal piles; shuffle the first scoring card into "
                "pile 2 and the second into pile 4; stack the piles with pile 1 on top and "
                "pile 5 at the bottom. In 2,000 games set up with 2 to 6 players, the first "
                "scoring card came up once 20 to 42 percent of the money cards in the piles had "
                "been drawn, the second once 60 to 81 percent had."
            ),
            game=DEALT,
            board_player="Ana",
        ),
    ),
)

TURN = Chapter(
    id="turn",
    title="A turn and taking money",
    summary="One action per turn; taking money from the display.",
    steps=(
        Step(
            id="turn/actions/see",
            title="One action",
            text=(
                "On your turn you take exactly one of three actions: take money, buy a "
                "building, or redesign your Alhambra. It is Ana's turn, and her Alhambra is "
                "still only the fountain."
            ),
            game=TAKING,
        ),
        Step(
            id="turn/take-money/see",
            title="Taking money",
            text=(
                "To take money, take one card of any value from the money display — or "
                "several cards whose values add up to at most 5. Currencies do not matter. "
                "The display here shows 2 Denar, 3 Dirham, 7 Ducat and 9 Guilder."
            ),
            game=TAKING,
        ),
        Step(
            id="turn/take-money/try",
            title="Try it: a display of 2, 3, 7 and 9",
            text=(
                "The money display shows a 2, a 3, a 7 and a 9. Some takes leave room for "
                "more: taking the 2 alone is allowed, but the 3 could have come with it."
            ),
            game=TAKING,
            task=TakeMoneyTask(
                prompt=(
                    "List every take to which no other card could be added, each as a set of "
                    "values, e.g. [{1, 4}, {8}]."
                ),
            ),
        ),
    ),
)

BUYING = Chapter(
    id="buying",
    title="Buying and exact payment",
    summary="Paying in the market space's currency, no change, and the extra action.",
    steps=(
        Step(
            id="buying/pay/see",
            title="Paying for a building",
            text=(
                "To buy a building, pay at least its price using only cards of the currency of "
                "its market space (in this game space 1 takes Denar, 2 Dirham, 3 Ducat, "
                "4 Guilder). "
                "No change is given. The cards go to the discard pile. Here a garden costing "
                "10 lies on space 1, so it is paid in Denar only."
            ),
            rulings=("R1",),
            game=PAYING,
        ),
        Step(
            id="buying/exact/see",
            title="Exact payment: another action",
            text=(
                "Pay the price exactly and you take another action at once — any of the three. "
                "The market is not refilled during a turn, so a turn has at most five actions: "
                "four exact buys and one more. A garden costs 10 Denar: paying 11 Denar buys "
                "it, but the turn ends there — no change, no extra action."
            ),
            game=PAYING,
        ),
        Step(
            id="buying/exact/try",
            title="Try it: paying for a garden",
            text=(
                "A garden costing 10 lies on market space 1, which takes Denar. Ana holds "
                "Denar 4, 6, 3 and 8, and Dirham 5."
            ),
            rulings=("R1",),
            game=PAYING,
            task=PaymentTask(
                space=1,
                prompt=(
                    "Which cards should Ana pay with, to buy the garden AND take another "
                    "action? Write them like ['denar 4', 'denar 3']."
                ),
            ),
        ),
        Step(
            id="buying/five-actions/try",
            title="Try it: the longest turn",
            text=(
                "The market holds a garden for 10 (Denar), arcades for 7 (Dirham), chambers "
                "for 9 (Ducat) and a pavilion for 8 (Guilder). Ana holds Denar 4 and 6, "
                "Dirham 7, Ducat 9 and Guilder 8: the exact price of every building. The "
                "money display shows 2, 3, 7 and 9."
            ),
            rulings=("R1",),
            game=FOUR_EXACT,
            task=ActionCountTask(
                prompt="How many actions can Ana take this turn at most?",
                then=FIVE_ACTIONS,
            ),
        ),
    ),
)

END_OF_TURN = Chapter(
    id="end-of-turn",
    title="End of the turn and refilling",
    summary="Placing what you bought, then refilling the market and the money display.",
    steps=(
        Step(
            id="end-of-turn/place/see",
            title="Placing the new buildings",
            text=(
                "Bought buildings are placed only at the very end of the turn, after any "
                "redesign, in any order: each one either into the Alhambra (every building "
                "rule applies) or onto the reserve board. Ana has just bought chambers "
                "costing 7 with Ducat 4 and 3."
            ),
            game=BOUGHT,
        ),
        Step(
            id="end-of-turn/place/try",
            title="Try it: build the new chambers",
            text=(
                "Ana places the chambers she bought (walls south and west) into her Alhambra. "
                "Every building rule applies, just as in the building chapter."
            ),
            game=BOUGHT,
            task=PlaceBoughtTask(prompt="Click (or name) a cell where the chambers may go."),
        ),
        Step(
            id="end-of-turn/refill/see",
            title="Refilling",
            text=(
                "Then the market is refilled to 4 buildings from the bag, space 1 first, and "
                "the money display to 4 cards. When the money deck runs out, the discard pile "
                "is shuffled into a new deck. Here Ana has built the chambers at (0, 2) and "
                "ended her turn; the game log says what came onto the market."
            ),
            game=REFILLED,
            board_player="Ana",
            task=QuizTask(
                prompt="You bought a building with your first action. When may you place it?",
                options=(
                    "At once, before your next action.",
                    "At the end of your turn, after any redesign.",
                    "At the start of your next turn.",
                ),
                correct=frozenset({"b"}),
                notes=(
                    "New buildings wait until the very end of the turn.",
                    "Bought buildings are placed at the very end of the turn.",
                    "They are placed in the same turn, at its end.",
                ),
            ),
        ),
    ),
)

SCORING_CARDS = Chapter(
    id="scoring-cards",
    title="The scoring cards",
    summary="When the three scorings happen.",
    steps=(
        Step(
            id="scoring-cards/when/see",
            title="When scoring happens",
            text=(
                "There are three scorings: when the first scoring card is turned up while "
                "refilling the money display, when the second one is, and at the end of the "
                "game. A scoring card is set aside, a money card is drawn in its place, and "
                "the scoring happens before the next player's turn."
            ),
            game=SCORING_NEXT,
            task=QuizTask(
                prompt="The first scoring card turns up while the display is refilled. What next?",
                options=(
                    "Score now, then the next player plays.",
                    "The next player plays, then score.",
                    "Shuffle the card back into the money.",
                ),
                correct=frozenset({"a"}),
                notes=(
                    "The scoring happens before the next player's turn.",
                    "The scoring comes first.",
                    "The card is set aside and replaced by a money card.",
                ),
            ),
        ),
        Step(
            id="scoring-cards/first/try",
            title="Try it: the first scoring",
            text=(
                "Ana has taken a card; when she ends her turn, the first scoring card turns "
                "up. Ana has a garden, a tower and arcades (longest wall 1); Ben two towers and "
                "chambers (wall 1); Cem a tower, chambers and a garden (wall 2). At the first "
                "scoring only the most of each type scores: pavilion 1, seraglio 2, arcades 3, "
                "chambers 4, garden 5, tower 6; tied players share, rounded down. Each player "
                "also scores their longest wall."
            ),
            game=SCORING_NEXT,
            task=ScoringTask(
                prompt="How many points does each player score? e.g. {'Ana': 3, 'Ben': 0, 'Cem': 4}"
            ),
        ),
    ),
)

END_OF_GAME = Chapter(
    id="end-of-game",
    title="The end of the game",
    summary="When the bag runs out: the last buildings, the third scoring, the winner.",
    steps=(
        Step(
            id="end-of-game/end/see",
            title="The last buildings",
            text=(
                "The game ends when, after a turn, the bag cannot refill the market to 4 "
                "(fill it as far as the bag allows). Each building still in the market goes "
                "to the player holding the most money, by total value, in that space's "
                "currency; on a tie nobody gets it. The receivers may place these buildings "
                "(building rules apply) or put them on the reserve. Then comes the third "
                "scoring, and the most points wins; a tie is a shared win.\n\n"
                "Some rulebooks are not clear here; in this game, the money display is still "
                "refilled at the end of that last turn, and whatever turns up is dealt with "
                "first, as after any turn: a scoring card turning up then is scored before the "
                "last buildings are given out."
            ),
            game=LAST_TURN,
            rulings=("R11",),
            task=QuizTask(
                prompt=(
                    "At the end a tower lies on the Dirham space. Ana holds Dirham 5 and 4, "
                    "Ben Dirham 9, Cem Dirham 8 and Denar 9. Who gets the tower?"
                ),
                options=("Ana", "Ben", "Cem", "nobody"),
                correct=frozenset({"d"}),
                notes=(
                    "Ana holds 9 Dirham — the same as Ben.",
                    "Ben holds 9 Dirham — the same as Ana.",
                    "Cem holds only 8 Dirham; his Denar do not count for this space.",
                    "Ana and Ben tie with 9 Dirham each, so nobody gets it.",
                ),
            ),
        ),
        Step(
            id="end-of-game/last/try",
            title="Try it: the buildings left in the market",
            text=(
                "The bag is empty. Ana has bought the pavilion on space 4 and put it on her "
                "reserve board; when she ends her turn the market cannot be refilled, and the "
                "game ends. Left in the market: a tower on space 1 (Denar), a garden on "
                "space 2 (Dirham), arcades on space 3 (Ducat). Ana holds Dirham 5 and 4 "
                "and Denar 2; Ben Dirham 9 and Ducat 3; Cem Dirham 8 and Denar 9."
            ),
            game=LAST_TURN,
            task=FinalTilesTask(
                prompt=(
                    "Who receives the building on each space? e.g. {1: 'Ana', 2: 'nobody', "
                    "3: 'Cem'}"
                )
            ),
        ),
    ),
)

TWO_PLAYERS = Chapter(
    id="two-players",
    title="Two players and the neutral player",
    summary="The changes for two: fewer cards, and a third player who only collects.",
    steps=(
        Step(
            id="two-players/rules/see",
            title="The neutral player",
            text=(
                "With two players, use 2 copies of each money card (72 cards). A neutral third "
                "player builds no Alhambra but collects buildings: 6 from the bag at setup, 6 "
                "more right after the first scoring, and a third of what is left in the bag "
                "(rounded down) right after the second. The neutral player takes part in the "
                "majorities, scores no wall points and cannot win. A player may give a "
                "building they have just bought to the neutral player instead of placing or "
                "reserving it.\n\n"
                "The rulebooks do not say which comes first; in this game, at setup the neutral "
                "player's 6 buildings are drawn before the market is filled."
            ),
            rulings=("R6",),
            game=TWO_PLAYERS_SETUP,
            task=QuizTask(
                prompt="Which of these are true in a two-player game?",
                options=(
                    "The neutral player draws 6 buildings before the market is filled.",
                    "The neutral player scores points for the longest wall.",
                    "The neutral player's buildings count in the majorities.",
                    "The neutral player can win the game.",
                ),
                correct=frozenset({"a", "c"}),
                notes=(
                    "In this game they are drawn first, at setup.",
                    "The neutral player builds no Alhambra and scores no wall points.",
                    "A player may lose a majority to the neutral player.",
                    "The neutral player takes part in the majorities but cannot win.",
                ),
            ),
        ),
        Step(
            id="two-players/neutral/try",
            title="Try it: scoring with the neutral player",
            text=(
                "Ana and Ben play; Dirk is the neutral player. Ana has two towers and "
                "chambers (longest wall 1); Ben a garden, a tower and arcades (wall 1); Dirk "
                "holds three towers, a garden, a pavilion and a seraglio. Ana takes a card "
                "and ends her turn: the first scoring card turns up. Dirk takes part in the "
                "majorities but scores no wall points."
            ),
            rulings=("R6",),
            game=NEUTRAL_SCORING,
            task=ScoringTask(
                prompt=(
                    "How many points do Ana, Ben and Dirk score? "
                    "e.g. {'Ana': 1, 'Ben': 2, 'Dirk': 3}"
                )
            ),
        ),
    ),
)

"""How a game runs (RULES.md §2, §3, §5, §6, §7): the chapters' text.

These steps need a game state (a market, money in hand, a money display) to be staged, and the
game engine to check moves in it; they are marked ``needs="game"`` and will gain a staged
position when the engine lands. Until then each one is text, and some ask a question whose
answer key is written here, beside the rule it teaches.
"""

from __future__ import annotations

from .model import Chapter, Step
from .tasks import QuizTask

SETUP = Chapter(
    id="setup",
    title="Setup and starting money",
    summary="Getting the tiles, the money and the players ready.",
    steps=(
        Step(
            id="setup/table/see",
            title="Setting up",
            text=(
                "Each player takes a fountain and places it in front of them. All 54 building "
                "tiles go into the bag; draw 4 and place them on market spaces 1 to 4. Take the "
                "2 scoring cards out of the money cards and shuffle the money."
            ),
            needs="game",
        ),
        Step(
            id="setup/starting-money/see",
            title="Starting money",
            text=(
                "Deal money cards face up to the first player until their total is at least "
                "20 (the currencies do not matter), then do the same for the next player, and "
                "so on. Everyone therefore starts with 20 to 28."
            ),
            needs="game",
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
                "Our ruling (R2): instead of age, the last tie goes to the player who sits "
                "first in seat order, so that a game played again from the same shuffle is "
                "the same game."
            ),
            rulings=("R2",),
            needs="game",
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
            id="setup/piles/see",
            title="The money display and the scoring cards",
            text=(
                "Turn 4 money cards face up beside the market: this is the money display. "
                "Split the rest into 5 roughly equal piles; shuffle the first scoring card into "
                "pile 2 and the second into pile 4; stack the piles with pile 1 on top and "
                "pile 5 at the bottom. So the scorings come about a third and two thirds of "
                "the way through the money."
            ),
            needs="game",
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
                "building, or redesign your Alhambra."
            ),
            needs="game",
        ),
        Step(
            id="turn/take-money/see",
            title="Taking money",
            text=(
                "To take money, take one card of any value from the money display — or "
                "several cards whose values add up to at most 5. Currencies do not matter."
            ),
            needs="game",
        ),
        Step(
            id="turn/take-money/try",
            title="Try it: a display of 2, 3, 7 and 9",
            text="The money display shows a 2, a 3, a 7 and a 9.",
            needs="game",
            task=QuizTask(
                prompt="Which of these takes are allowed?",
                options=(
                    "the 2 and the 3 together",
                    "the 7 alone",
                    "the 9 alone",
                    "the 2 and the 7 together",
                    "the 2, the 3 and the 7 together",
                ),
                correct=frozenset({"a", "b", "c"}),
                notes=(
                    "2 + 3 = 5: several cards may be taken while they add up to at most 5.",
                    "A single card may be taken whatever its value.",
                    "A single card may be taken whatever its value.",
                    "2 + 7 = 9 is more than 5.",
                    "2 + 3 + 7 = 12 is more than 5.",
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
                "its market space (ruling R1: space 1 Denar, 2 Dirham, 3 Ducat, 4 Guilder). "
                "No change is given. The cards go to the discard pile."
            ),
            rulings=("R1",),
            needs="game",
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
            needs="game",
        ),
        Step(
            id="buying/exact/try",
            title="Try it: paying for a garden",
            text=(
                "A garden costing 10 lies on market space 1 (Denar). You hold Denar 4, 6 and 3, "
                "and Dirham 5."
            ),
            rulings=("R1",),
            needs="game",
            task=QuizTask(
                prompt="Which payments buy the garden AND give you another action?",
                options=(
                    "Denar 4 and Denar 6",
                    "Denar 4, Denar 6 and Denar 3",
                    "Denar 6 and Dirham 5",
                    "Denar 3, Denar 4 and Dirham 5",
                ),
                correct=frozenset({"a"}),
                notes=(
                    "4 + 6 = 10 Denar, the exact price.",
                    "13 Denar buys the garden, but overpaying ends the turn (no change).",
                    "Only Denar may pay for space 1.",
                    "Only Denar may pay for space 1.",
                ),
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
                "rule applies) or onto the reserve board."
            ),
            needs="game",
        ),
        Step(
            id="end-of-turn/refill/see",
            title="Refilling",
            text=(
                "Then the market is refilled to 4 buildings from the bag, space 1 first, and "
                "the money display to 4 cards. When the money deck runs out, the discard pile "
                "is shuffled into a new deck."
            ),
            needs="game",
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
            needs="game",
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
                "scoring, and the most points wins; a tie is a shared win."
            ),
            needs="game",
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
                "Our ruling (R6): at setup the neutral player's 6 buildings are drawn before "
                "the market is filled."
            ),
            rulings=("R6",),
            needs="game",
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
                    "That is our ruling R6 for setup.",
                    "The neutral player builds no Alhambra and scores no wall points.",
                    "A player may lose a majority to the neutral player.",
                    "The neutral player takes part in the majorities but cannot win.",
                ),
            ),
        ),
    ),
)

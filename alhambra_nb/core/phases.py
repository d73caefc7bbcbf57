"""The phases of a game (kept apart so that the rules modules can name them at import)."""

PHASE_PLAY = "play"
"""Players take turns."""
PHASE_ENDING = "ending"
"""The bag could not refill the market: the game is over once what the last refill turned up
is resolved (a character's auction, then a scoring; ruling R11)."""
PHASE_FINAL = "final"
"""The game has ended; players who received the last market tiles place them."""
PHASE_OVER = "over"
"""The final scoring is done."""
PHASES = (PHASE_PLAY, PHASE_ENDING, PHASE_FINAL, PHASE_OVER)

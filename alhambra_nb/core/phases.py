"""The phases of a game (kept apart so that the rules modules can name them at import)."""

PHASE_PLAY = "play"
"""Players take turns."""
PHASE_FINAL = "final"
"""The game has ended; players who received the last market tiles place them."""
PHASE_OVER = "over"
"""The final scoring is done."""
PHASES = (PHASE_PLAY, PHASE_FINAL, PHASE_OVER)

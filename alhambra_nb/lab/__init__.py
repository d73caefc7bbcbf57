"""The scoring lab: ask "what if" about scoring, and look at many simulated games.

::

    import alhambra_nb as alh

    cities = alh.lab.positions(Ana="1,0 garden-10-N; 0,1 tower-10-W", Ben="1,0 tower-11-N")
    print(alh.lab.score_rounds(cities))            # every round, with the full breakdown
    print(alh.lab.what_if(cities, "Ben", "0,1 chambers-10"))

    sim = alh.lab.simulate_games(1000, players=4, seed=1)   # every core, a progress bar
    sim.players.groupby("start").win.mean()        # pandas: slice the rows any way
    ring = alh.lab.compare(variants={"n": {}, "n - 1": {"ring": "n-1"}}, n=500)
    print(ring.summary())                          # differences with confidence intervals

Positions are scored by the engine; simulations are whole games played by the engine's bots,
one seed per game, so they are reproducible whatever runs them. pandas, tqdm, SciPy and
matplotlib (the ``lab`` extra) are imported only when a simulation or a plot asks for them.
"""

from .experiments import (
    Comparison,
    Interval,
    compare,
    confidence_interval,
    metric_word,
    paired_difference,
)
from .games import (
    GAME_COLUMNS,
    PLAYER_COLUMNS,
    ROUNDS,
    SOURCES,
    LabError,
    Setup,
    by_source,
    game_rows,
    source_word,
)
from .positions import WhatIf, positions, score, score_rounds, what_if
from .simulation import Simulation, simulate_games

__all__ = [
    "GAME_COLUMNS",
    "PLAYER_COLUMNS",
    "ROUNDS",
    "SOURCES",
    "Comparison",
    "Interval",
    "LabError",
    "Setup",
    "Simulation",
    "WhatIf",
    "by_source",
    "compare",
    "confidence_interval",
    "game_rows",
    "metric_word",
    "paired_difference",
    "positions",
    "score",
    "score_rounds",
    "simulate_games",
    "source_word",
    "what_if",
]

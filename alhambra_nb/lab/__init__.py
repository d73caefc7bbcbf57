"""The scoring lab: ask "what if" about scoring, and look at many simulated games.

::

    import alhambra_nb as alh

    cities = alh.lab.positions(Ana="1,0 garden-10-N; 0,1 tower-10-W", Ben="1,0 tower-11-N")
    print(alh.lab.score_rounds(cities))            # every round, with the full breakdown
    print(alh.lab.what_if(cities, "Ben", "0,1 chambers-10"))

    sim = alh.lab.simulate_games(1000, players=4, seed=1)   # every core, a progress bar
    sim.players.groupby("start").win.mean()        # with pandas: slice the rows any way
    starters = [row["win"] for row in alh.lab.rows(sim.players) if row["start"]]
    print(alh.lab.confidence_interval(starters))   # plain Python: the same everywhere
    ring = alh.lab.compare(variants={"n": {}, "n - 1": {"ring": "n-1"}}, n=500)
    print(ring.summary())                          # differences with confidence intervals

Positions are scored by the engine; simulations are whole games played by the engine's bots,
one seed per game, so they are reproducible whatever runs them. pandas, SciPy and tqdm (the
``lab`` extra) are used where they are installed and never required: without pandas the
tables are plain :class:`Table` objects, without SciPy the intervals are drawn in plain
Python, without tqdm no bar shows. So the lab works in the classroom site too, whose
browser Python has none of the compiled ones. Charts are SVG, drawn by pygal.
"""

from .charts import Chart
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
from .tables import Table, rows

__all__ = [
    "GAME_COLUMNS",
    "PLAYER_COLUMNS",
    "ROUNDS",
    "SOURCES",
    "Chart",
    "Comparison",
    "Interval",
    "LabError",
    "Setup",
    "Simulation",
    "Table",
    "WhatIf",
    "by_source",
    "compare",
    "confidence_interval",
    "game_rows",
    "metric_word",
    "paired_difference",
    "positions",
    "rows",
    "score",
    "score_rounds",
    "simulate_games",
    "source_word",
    "what_if",
]

"""Many seeded bot games, kept as two tables, and the charts the lab draws of them.

::

    sim = alh.lab.simulate_games(1000, players=4, seed=1)   # every core; a progress bar
    sim.players                    # one row per player per game (a DataFrame with pandas)
    sim.games                      # one row per game
    print(sim.summary())
    sim.plot_points_by_source()    # an SVG chart
"""

from __future__ import annotations

import statistics
import sys
from collections.abc import Sequence
from concurrent.futures import Executor
from contextlib import AbstractContextManager
from dataclasses import dataclass
from typing import Any

from ..core.limits import check_seed
from ..core.messages import render, shown, template
from . import charts
from .charts import Chart
from .games import (
    EXTRA,
    SOURCES,
    LabError,
    WorkerLostError,
    collect,
    frames,
    run_batches,
    setup_of,
    source_word,
)
from .tables import as_columns, column


@dataclass(frozen=True, eq=False)
class Simulation:
    """Many seeded bot games: :attr:`players` (one row per player per game) and
    :attr:`games` (one row per game): pandas DataFrames where pandas is installed, plain
    :class:`~.tables.Table` objects elsewhere; :func:`~.tables.rows` reads either."""

    players: Any
    """One row per player per game; its columns are :data:`~.games.PLAYER_COLUMNS`."""
    games: Any
    """One row per game; its columns are :data:`~.games.GAME_COLUMNS`."""
    bots: str
    seed: int

    # -- numbers --------------------------------------------------------------------------
    def points_by_source(self) -> Any:
        """Every player's points of all three scorings, one column per source (and
        ``bonus`` when an expansion module gave any)."""
        return as_columns(self._points())

    def _points(self) -> dict[str, list[int]]:
        points = {s: column(self.players, f"points_{s}") for s in (*SOURCES, EXTRA)}
        if not any(points[EXTRA]):
            del points[EXTRA]
        return points

    def second_scoring_turns(self) -> list[int]:
        """The turn of the second scoring in each game (games without one are left out)."""
        return [t for t in column(self.games, "second_scoring_turn") if t is not None]

    def share_second_scoring_before(self, turn: int) -> float:
        """The share of games whose second scoring came before ``turn``."""
        turns = self.second_scoring_turns()
        return sum(t < turn for t in turns) / len(turns) if turns else 0.0

    def summary(self, language: str | None = None) -> str:
        """The distributions in a few lines of text, in ``language`` (the session's by
        default)."""
        seeds = column(self.games, "seed")
        words: dict[str, Any] = {
            "count": len(seeds),
            "bots": self.bots,
            "first": min(seeds),
            "last": max(seeds),
        }
        lines = [render("lab.summary", words, language)]
        lines.append("  " + template("lab.summary-points", language))
        points = self._points()
        names = {s: source_word(s, language) for s in points}
        width = max(len(name) for name in names.values())  # the numbers stand in columns
        for source, values in points.items():
            words = {
                "source": names[source].ljust(width),
                "mean": f"{statistics.fmean(values):5.1f}",
                "most": max(values),
            }
            lines.append("    " + render("lab.summary-source", words, language))
        turns = self.second_scoring_turns()
        if turns:
            words = {
                "first": min(turns),
                "last": max(turns),
                "median": _number(statistics.median(turns)),
            }
            lines.append("  " + render("lab.summary-second", words, language))
        walls = column(self.players, "longest_wall")
        words = {"mean": f"{statistics.fmean(walls):.1f}", "most": max(walls)}
        lines.append("  " + render("lab.summary-walls", words, language))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    def __repr__(self) -> str:
        return f"<Simulation: {len(self.games)} games, {len(self.players)} player rows>"

    # -- charts ---------------------------------------------------------------------------
    def plot_points_by_source(self, language: str | None = None) -> Chart:
        """Box plots: how many points a player makes from each type and from walls (labels
        in ``language``, the session's by default)."""
        title = render("lab.plot.points-title", {"count": len(self.games)}, language)
        groups = {source_word(s, language): v for s, v in self._points().items()}
        return charts.boxes(title, template("lab.plot.points-label", language), groups)

    def plot_second_scoring(self, language: str | None = None) -> Chart:
        """When the second scoring comes: how many games at each turn, and the share before
        each turn (labels in ``language``, the session's by default)."""
        turns = self.second_scoring_turns()
        every = range(min(turns), max(turns) + 1) if turns else range(0)
        counted = {turn: turns.count(turn) for turn in every}
        return charts.counts_and_share(
            template("lab.plot.second-title", language),
            template("lab.plot.second-label", language),
            (template("lab.plot.games", language), template("lab.plot.share", language)),
            counted,
            [self.share_second_scoring_before(turn) for turn in every],
        )

    def plot_longest_wall(self, language: str | None = None) -> Chart:
        """How long the longest wall gets by the end of a game (labels in ``language``, the
        session's by default)."""
        walls = column(self.players, "longest_wall")
        counted = {length: walls.count(length) for length in range(max(walls) + 1)}
        return charts.counts(
            template("lab.plot.wall-title", language),
            template("lab.plot.wall-label", language),
            template("lab.plot.players", language),
            counted,
            charts.GREEN,
        )


def _number(value: float) -> int | float:
    """A median as a learner reads it: 57, or 57.5."""
    return int(value) if float(value).is_integer() else float(value)


MAX_GAMES = 10_000_000
"""The most games one call plays (days of work on a laptop): more is surely a slip."""


def check_count(n: object) -> int:
    """``n``, the number of games, when it is a whole number from 1 to :data:`MAX_GAMES`."""
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise LabError(render("lab.games-count", {"value": shown(n)}))
    if n > MAX_GAMES:
        raise LabError(render("lab.games-many", {"most": MAX_GAMES, "value": shown(n)}))
    return n


def check_seeds(seed: object, n: int) -> range:
    """The seeds ``seed`` … ``seed + n - 1``, each one a game accepts."""
    first = check_seed(seed, LabError)
    check_seed(first + n - 1, LabError)
    return range(first, first + n)


def progress_bar(total: int, shown_: bool, label: str = "lab.games") -> Any:
    """tqdm's bar: a widget in a notebook, a line of text in a terminal (``shown_=False``:
    none, but it still counts); ``label`` is the catalogue's key of what it counts. Where
    tqdm is not installed, the games are played without a bar."""
    try:
        if sys.platform == "emscripten":
            # tqdm.auto takes the browser's kernel for a terminal and writes the bar on
            # stderr, in red; and the browser's Python starts no thread to watch the bar.
            from tqdm.notebook import tqdm

            tqdm.monitor_interval = 0
        else:
            from tqdm.auto import tqdm
    except ImportError:
        return NoBar()

    games = template("lab.games")
    return tqdm(total=total, disable=not shown_, desc=template(label), unit=f" {games}")


class NoBar(AbstractContextManager["NoBar"]):
    """What stands for tqdm's bar where tqdm is missing: it is told of progress, and shows
    none."""

    def update(self, count: int = 1) -> None:
        pass

    def __exit__(self, *exc: object) -> None:
        return None


def simulate_games(
    n: int = 40,
    *,
    players: int | Sequence[str] = 2,
    bots: Sequence[Any] | str = "greedy",
    seed: int = 0,
    modules: Sequence[str] | str = (),
    variants: Any = None,
    name: str = "",
    executor: Executor | None = None,
    processes: int | None = None,
    progress: bool = True,
) -> Simulation:
    """Play ``n`` whole games with bots, seeds ``seed`` … ``seed + n - 1``, and keep their
    rows.

    The games run on every core of this machine (a process pool), or in ``processes``
    processes (1: in this one), or on ``executor``, any :class:`concurrent.futures.Executor`
    — ``distributed.Client(...).get_executor()`` runs them on a Dask cluster. The same
    arguments always give the same frames, whatever runs them. ``variants`` reads the
    disputed rules another way (``{"ring": "n-1"}``); ``name`` is what the ``variant``
    column says (the variants' own name by default). A progress bar shows unless
    ``progress=False``.
    """
    check_count(n)
    seeds = check_seeds(seed, n)
    setup = setup_of(players, bots, modules, variants, name)
    with progress_bar(n, progress) as bar:
        try:
            played = collect(run_batches([setup], seeds, executor, processes, bar), n)
        except WorkerLostError as lost:
            lost.simulation = Simulation(*frames(lost.batches, [setup.label]), setup.lineup, seed)
            raise
    return Simulation(*frames(played, [setup.label]), setup.lineup, seed)

"""Experiments: rule variants or bot line-ups played on the same seeds, and how sure we are.

::

    ring = alh.lab.compare(variants={"n (R5)": {}, "n - 1": {"ring": "n-1"}}, n=500)
    print(ring.summary())          # each difference with its 95 % bootstrap interval
    ring.plot()
    starters = [row["win"] for row in alh.lab.rows(sim.players) if row["start"]]
    alh.lab.confidence_interval(starters)

Each game is paired with the game of the same seed under the other variant, so a difference is
measured game by game (a paired percentile bootstrap: SciPy's where it is installed, else one
drawn in plain Python); a statistic of one sample gets its interval the same way.
"""

from __future__ import annotations

import math
import random
import statistics
from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from ..core.messages import ENGLISH, render, shown, template
from . import charts
from .charts import Chart
from .games import (
    PLAYER_COLUMNS,
    LabError,
    Setup,
    collect,
    frames,
    run_batches,
    setup_of,
)
from .simulation import check_count, check_seeds, progress_bar
from .tables import column, rows, table_of

CONFIDENCE = 0.95
RESAMPLES = 2000


@dataclass(frozen=True)
class Interval:
    """An estimate and its bootstrap confidence interval."""

    estimate: float
    low: float
    high: float
    confidence: float = CONFIDENCE

    def covers(self, value: float) -> bool:
        """Whether ``value`` lies inside the interval."""
        return self.low <= value <= self.high

    def describe(self, language: str | None = None) -> str:
        words = {
            "estimate": _shown(self.estimate),
            "low": _shown(self.low),
            "high": _shown(self.high),
            "percent": round(100 * self.confidence),
        }
        return render("lab.interval", words, language)

    def __str__(self) -> str:
        return self.describe()


def _shown(value: float) -> str:
    """A mean or a share as a learner reads it: two decimals, ``-0`` written ``0``."""
    return f"{value + 0.0:.2f}".replace("-0.00", "0.00")


def confidence_interval(
    values: Any,
    *,
    confidence: float = CONFIDENCE,
    resamples: int = RESAMPLES,
    seed: int = 0,
) -> Interval:
    """The mean of ``values`` (one number per game or player: a list, a column) with its
    bootstrap interval."""
    sample = _sample(values)
    low, high = _bootstrap(sample, confidence, resamples, seed)
    return Interval(math.fsum(sample) / len(sample), low, high, confidence)


def paired_difference(
    before: Any,
    after: Any,
    *,
    confidence: float = CONFIDENCE,
    resamples: int = RESAMPLES,
    seed: int = 0,
) -> Interval:
    """The mean of ``after - before``, measured pair by pair (the same game under two rules),
    with its paired bootstrap interval."""
    first, second = _sample(before), _sample(after)
    if len(first) != len(second):
        words = {"before": len(first), "after": len(second)}
        raise LabError(render("lab.pairs", words))
    # Resampling the pairs together is resampling their differences: the mean of a resample
    # of pairs is the mean of the same resample of differences.
    differences = [b - a for a, b in zip(first, second, strict=True)]
    low, high = _bootstrap(differences, confidence, resamples, seed)
    return Interval(math.fsum(differences) / len(differences), low, high, confidence)


def _sample(values: Any) -> list[float]:
    """``values`` as finite floats (booleans count 1 and 0), at least two of them."""
    refused = LabError(render("lab.sample", {"value": shown(values)}))
    if isinstance(values, str | bytes | Mapping):
        raise refused
    try:
        given = list(values)
        if any(isinstance(value, str | bytes) for value in given):
            raise refused
        sample = [float(value) for value in given]
    except (TypeError, ValueError):
        raise refused from None
    if len(sample) < 2 or not all(map(math.isfinite, sample)):
        raise refused
    return sample


def _bootstrap(
    sample: list[float], confidence: float, resamples: int, seed: int
) -> tuple[float, float]:
    """The percentile bootstrap interval of the mean of ``sample``: with SciPy where it is
    installed, else drawn here in plain Python (the same method; the resamples differ, so
    the ends may differ in the second decimal)."""
    if not 0 < confidence < 1:
        raise LabError(render("lab.confidence", {"value": shown(confidence)}))
    if not isinstance(resamples, int) or isinstance(resamples, bool) or resamples < 100:
        raise LabError(render("lab.resamples", {"value": shown(resamples)}))
    if max(sample) == min(sample):  # every value the same: so is every resample
        return sample[0], sample[0]
    try:
        from scipy.stats import bootstrap
    except ImportError:
        return _plain_bootstrap(sample, confidence, resamples, seed)
    import numpy as np

    result = bootstrap(
        (np.asarray(sample),),
        np.mean,
        vectorized=True,
        n_resamples=resamples,
        confidence_level=confidence,
        method="percentile",  # sound with hundreds of games, and never undefined
        rng=np.random.default_rng(seed),
    )
    return float(result.confidence_interval.low), float(result.confidence_interval.high)


def _plain_bootstrap(
    sample: list[float], confidence: float, resamples: int, seed: int
) -> tuple[float, float]:
    rng = random.Random(seed)
    n = len(sample)
    means = sorted(math.fsum(rng.choices(sample, k=n)) / n for _ in range(resamples))
    tail = (1 - confidence) / 2
    return _quantile(means, tail), _quantile(means, 1 - tail)


def _quantile(ordered: list[float], share: float) -> float:
    """The ``share`` quantile of sorted values, between neighbours as numpy's percentile."""
    position = share * (len(ordered) - 1)
    below = math.floor(position)
    above = min(below + 1, len(ordered) - 1)
    return ordered[below] + (ordered[above] - ordered[below]) * (position - below)


# -- comparing -------------------------------------------------------------------------------
METRICS = ("score", "points_wall", "longest_wall")
"""What :func:`compare` measures unless told: the final score, the wall points, the longest
wall (per player; a share of wins needs one ``seat``: over all players it is always the same)."""


@dataclass(frozen=True, eq=False)
class Comparison:
    """Two or more ways of playing the same seeds: every row, and each difference from the
    first way (the baseline) with its confidence interval."""

    players: Any
    """One row per player per game of every way; ``variant`` names the way."""
    games: Any
    table: Any
    """Per metric and way: the means, the difference from the baseline, and its interval."""
    baseline: str
    seat: int | None

    def summary(self, language: str | None = None) -> str:
        """Each difference from the baseline in words, with its interval."""
        lines_ = rows(self.table)
        words = {"count": lines_[0]["games"], "baseline": self.baseline}
        lines = [render("lab.compare", words, language)]
        for row in lines_:
            interval = Interval(row["difference"], row["low"], row["high"], row["confidence"])
            words = {
                "way": row["way"],
                "metric": metric_word(row["metric"], language),
                "before": _shown(row["baseline_mean"]),
                "after": _shown(row["way_mean"]),
                "interval": interval.describe(language),
            }
            lines.append("  " + render("lab.compare-line", words, language))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    def __repr__(self) -> str:
        ways = ", ".join(dict.fromkeys(column(self.table, "way")))
        return f"<Comparison of {ways} against {self.baseline}>"

    def plot(self, language: str | None = None) -> Chart:
        """Each difference from the baseline with its interval, one bar per way and
        metric."""
        bars = [
            (
                f"{metric_word(row['metric'], language)}: {row['way']}",
                row["difference"],
                row["low"],
                row["high"],
            )
            for row in rows(self.table)
        ]
        title = render("lab.plot.compare-title", {"baseline": self.baseline}, language)
        return charts.intervals(title, template("lab.plot.difference", language), bars)


def metric_word(metric: str, language: str | None = None) -> str:
    """A column the lab measures, in the learner's words (a column of the user's own choice
    as it is called)."""
    key = f"lab.metric.{metric}"
    return template(key, language) if key in ENGLISH else metric


def compare(
    *,
    variants: Mapping[str, Any] | None = None,
    lineups: Mapping[str, Sequence[Any]] | None = None,
    n: int = 200,
    players: int | Sequence[str] = 4,
    bots: Sequence[Any] | str = "greedy",
    seed: int = 0,
    modules: Sequence[str] | str = (),
    metrics: Sequence[str] = METRICS,
    seat: int | None = None,
    executor: Executor | None = None,
    processes: int | None = None,
    progress: bool = True,
    confidence: float = CONFIDENCE,
    resamples: int = RESAMPLES,
) -> Comparison:
    """Play the same ``n`` seeds two or more ways and measure each way against the first.

    The ways are ``variants`` (name → :class:`~alhambra_nb.core.variants.Variants` or a
    mapping such as ``{"ring": "n-1"}``) or bot ``lineups`` (name → one bot per seat). Each
    of ``metrics`` (columns of the player rows) is averaged over the players of a game, or
    taken for ``seat`` alone, and compared game by game with the same seed's game the first
    way: the mean difference and its paired bootstrap interval at ``confidence``.
    """
    check_count(n)
    seeds = check_seeds(seed, n)
    setups = _ways(variants, lineups, players, bots, modules)
    metrics = [metrics] if isinstance(metrics, str) else list(metrics)
    with progress_bar(n * len(setups), progress, "lab.games-all-ways") as bar:
        played = collect(run_batches(setups, seeds, executor, processes, bar), n * len(setups))
        player_frame, game_frame = frames(played, [s.label for s in setups])
    _check_metrics(player_frame, metrics, seat)
    table = _differences(player_frame, setups, metrics, seat, confidence, resamples, seed)
    return Comparison(player_frame, game_frame, table, setups[0].label, seat)


def _ways(
    variants: Mapping[str, Any] | None,
    lineups: Mapping[str, Sequence[Any]] | None,
    players: int | Sequence[str],
    bots: Sequence[Any] | str,
    modules: Sequence[str] | str,
) -> list[Setup]:
    given = variants if lineups is None else lineups
    if (variants is None) == (lineups is None) or not isinstance(given, Mapping) or len(given) < 2:
        raise LabError(template("lab.ways"))
    if lineups is None:
        return [setup_of(players, bots, modules, v, str(name)) for name, v in given.items()]
    return [setup_of(players, b, modules, None, str(name)) for name, b in given.items()]


def _check_metrics(players: Any, metrics: Sequence[str], seat: int | None) -> None:
    numeric = [name for name in PLAYER_COLUMNS if _numbers(column(players, name))]
    for metric in metrics:
        if metric not in numeric:
            words = {"value": shown(metric), "columns": ", ".join(numeric)}
            raise LabError(render("lab.metric", words))
    if seat is not None and seat not in set(column(players, "seat")):
        raise LabError(render("lab.seat", {"value": shown(seat)}))


def _numbers(values: list[Any]) -> bool:
    """Whether a column holds numbers (booleans too) with none missing."""
    return all(isinstance(value, int | float) for value in values)


def _differences(
    players: Any,
    setups: Sequence[Setup],
    metrics: Sequence[str],
    seat: int | None,
    confidence: float,
    resamples: int,
    seed: int,
) -> Any:
    chosen = [row for row in rows(players) if seat is None or row["seat"] == seat]
    baseline = setups[0].label
    found = []
    for setup in setups[1:]:
        for metric in metrics:
            before = _per_game(chosen, baseline, metric)
            after = _per_game(chosen, setup.label, metric)
            interval = paired_difference(
                list(before.values()),
                [after[game] for game in before],
                confidence=confidence,
                resamples=resamples,
                seed=seed,
            )
            found.append(
                (
                    metric,
                    setup.label,
                    statistics.fmean(before.values()),
                    statistics.fmean(after.values()),
                    interval.estimate,
                    interval.low,
                    interval.high,
                    confidence,
                    len(before),
                )
            )
    return table_of(DIFFERENCE_COLUMNS, found)


DIFFERENCE_COLUMNS = (
    "metric",
    "way",
    "baseline_mean",
    "way_mean",
    "difference",
    "low",
    "high",
    "confidence",
    "games",
)
"""The columns of :attr:`Comparison.table`."""


def _per_game(chosen: list[dict[str, Any]], way: str, metric: str) -> dict[int, float]:
    """Per seed, the mean of ``metric`` over the chosen players of the game played ``way``."""
    values: dict[int, list[float]] = {}
    for row in chosen:
        if row["variant"] == way:
            values.setdefault(row["seed"], []).append(float(row[metric]))
    return {game: statistics.fmean(found) for game, found in values.items()}

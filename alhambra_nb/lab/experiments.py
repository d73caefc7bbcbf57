"""Experiments: rule variants or bot line-ups played on the same seeds, and how sure we are.

::

    ring = alh.lab.compare(variants={"n (R5)": {}, "n - 1": {"ring": "n-1"}}, n=500)
    print(ring.summary())          # each difference with its 95 % bootstrap interval
    ring.plot()
    alh.lab.confidence_interval(sim.players.query("start").win)

Each game is paired with the game of the same seed under the other variant, so a difference is
measured game by game (paired bootstrap, with SciPy); a statistic of one sample gets its
interval the same way.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from ..core.messages import ENGLISH, render, shown, template
from .games import (
    LabError,
    Setup,
    collect,
    frames,
    pandas_or_refusal,
    run_batches,
    setup_of,
)
from .simulation import check_count, check_seeds, progress_bar, pyplot

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
    """The mean of ``values`` (one number per game or player) with its bootstrap interval."""
    import numpy as np

    sample = _sample(values)
    result = _bootstrap(
        (sample,), lambda x, axis: np.mean(x, axis=axis), confidence, resamples, seed
    )
    return Interval(float(np.mean(sample)), *result, confidence)


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
    import numpy as np

    first, second = _sample(before), _sample(after)
    if len(first) != len(second):
        words = {"before": len(first), "after": len(second)}
        raise LabError(render("lab.pairs", words))

    def mean_difference(a: Any, b: Any, axis: int) -> Any:
        return np.mean(b - a, axis=axis)

    result = _bootstrap((first, second), mean_difference, confidence, resamples, seed, paired=True)
    return Interval(float(np.mean(second - first)), *result, confidence)


def _sample(values: Any) -> Any:
    import numpy as np

    try:
        sample = np.asarray(values, dtype=float)
    except (TypeError, ValueError):
        raise LabError(render("lab.sample", {"value": shown(values)})) from None
    if sample.ndim != 1 or len(sample) < 2 or not np.isfinite(sample).all():
        raise LabError(render("lab.sample", {"value": shown(values)}))
    return sample


def _bootstrap(
    data: tuple[Any, ...],
    statistic: Any,
    confidence: float,
    resamples: int,
    seed: int,
    *,
    paired: bool = False,
) -> tuple[float, float]:
    import numpy as np
    from scipy.stats import bootstrap

    if not 0 < confidence < 1:
        raise LabError(render("lab.confidence", {"value": shown(confidence)}))
    if not isinstance(resamples, int) or resamples < 100:
        raise LabError(render("lab.resamples", {"value": shown(resamples)}))
    spread = data[1] - data[0] if paired else data[0]
    if np.ptp(spread) == 0:  # every value (every difference) the same: so is every resample
        value = float(spread[0])
        return value, value
    result = bootstrap(
        data,
        statistic,
        paired=paired,
        vectorized=True,
        n_resamples=resamples,
        confidence_level=confidence,
        method="percentile",  # sound with hundreds of games, and never undefined
        rng=np.random.default_rng(seed),
    )
    return float(result.confidence_interval.low), float(result.confidence_interval.high)


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
        first = self.table.iloc[0]
        words = {"count": int(first["games"]), "baseline": self.baseline}
        lines = [render("lab.compare", words, language)]
        for row in self.table.itertuples():
            interval = Interval(row.difference, row.low, row.high, row.confidence)
            words = {
                "way": row.way,
                "metric": metric_word(row.metric, language),
                "before": _shown(row.baseline_mean),
                "after": _shown(row.way_mean),
                "interval": interval.describe(language),
            }
            lines.append("  " + render("lab.compare-line", words, language))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    def __repr__(self) -> str:
        ways = ", ".join(dict.fromkeys(self.table["way"]))
        return f"<Comparison of {ways} against {self.baseline}>"

    def plot(self, language: str | None = None) -> Any:
        """Each difference from the baseline with its interval, one panel per metric."""
        plt = pyplot(language)
        if plt is None:
            return None
        metrics = list(dict.fromkeys(self.table["metric"]))
        fig, axes = plt.subplots(1, len(metrics), figsize=(3.2 * len(metrics) + 1, 2.8))
        for ax, metric in zip(getattr(axes, "flat", [axes]), metrics, strict=True):
            rows = self.table[self.table["metric"] == metric]
            ys = range(len(rows))
            errors = [rows["difference"] - rows["low"], rows["high"] - rows["difference"]]
            ax.errorbar(rows["difference"], ys, xerr=errors, fmt="o", color="#4c72b0", capsize=4)
            ax.axvline(0, color="0.5", linewidth=1)
            ax.set_yticks(list(ys), list(rows["way"]))
            ax.set_title(metric_word(metric, language))
            ax.set_xlabel(template("lab.plot.difference", language))
        words = {"baseline": self.baseline}
        fig.suptitle(render("lab.plot.compare-title", words, language))
        fig.tight_layout()
        return fig


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
    pandas_or_refusal()
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


def _check_metrics(frame: Any, metrics: Sequence[str], seat: int | None) -> None:
    numeric = [c for c in frame.columns if frame[c].dtype.kind in "biuf"]
    for metric in metrics:
        if metric not in numeric:
            words = {"value": shown(metric), "columns": ", ".join(numeric)}
            raise LabError(render("lab.metric", words))
    if seat is not None and seat not in set(frame["seat"]):
        raise LabError(render("lab.seat", {"value": shown(seat)}))


def _differences(
    frame: Any,
    setups: Sequence[Setup],
    metrics: Sequence[str],
    seat: int | None,
    confidence: float,
    resamples: int,
    seed: int,
) -> Any:
    import pandas as pd

    chosen = frame if seat is None else frame[frame["seat"] == seat]
    per_game = chosen.groupby(["variant", "seed"], sort=False)[metrics].mean()
    baseline = setups[0].label
    rows = []
    for setup in setups[1:]:
        for metric in metrics:
            before = per_game.loc[baseline][metric]
            after = per_game.loc[setup.label][metric].reindex(before.index)
            interval = paired_difference(
                before, after, confidence=confidence, resamples=resamples, seed=seed
            )
            rows.append(
                {
                    "metric": metric,
                    "way": setup.label,
                    "baseline_mean": float(before.mean()),
                    "way_mean": float(after.mean()),
                    "difference": interval.estimate,
                    "low": interval.low,
                    "high": interval.high,
                    "confidence": confidence,
                    "games": len(before),
                }
            )
    return pd.DataFrame(rows)

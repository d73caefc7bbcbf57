"""Many seeded bot games, kept as two pandas frames, and the pictures the lab draws of them.

::

    sim = alh.lab.simulate_games(1000, players=4, seed=1)   # every core; a progress bar
    sim.players                    # one row per player per game: slice it with pandas
    sim.games                      # one row per game
    print(sim.summary())
    sim.plot_points_by_source()    # matplotlib, imported only here
"""

from __future__ import annotations

from collections.abc import Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from ..core.limits import check_seed
from ..core.messages import render, shown, template
from .games import (
    EXTRA,
    SOURCES,
    LabError,
    WorkerLostError,
    collect,
    frames,
    pandas_or_refusal,
    run_batches,
    setup_of,
    source_word,
)


@dataclass(frozen=True, eq=False)
class Simulation:
    """Many seeded bot games: :attr:`players` (one row per player per game) and
    :attr:`games` (one row per game), pandas frames to slice and plot any way."""

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
        sources = [*SOURCES, *([EXTRA] if self.players[f"points_{EXTRA}"].any() else [])]
        table = self.players[[f"points_{s}" for s in sources]]
        return table.set_axis(sources, axis=1)

    def second_scoring_turns(self) -> list[int]:
        """The turn of the second scoring in each game (games without one are left out)."""
        return [int(t) for t in self.games["second_scoring_turn"].dropna()]

    def share_second_scoring_before(self, turn: int) -> float:
        """The share of games whose second scoring came before ``turn``."""
        turns = self.games["second_scoring_turn"].dropna()
        return float((turns < turn).mean()) if len(turns) else 0.0

    def summary(self, language: str | None = None) -> str:
        """The distributions in a few lines of text, in ``language`` (the session's by
        default)."""
        n = len(self.games)
        seeds = self.games["seed"]
        words: dict[str, Any] = {
            "count": n,
            "bots": self.bots,
            "first": int(seeds.min()),
            "last": int(seeds.max()),
        }
        lines = [render("lab.summary", words, language)]
        lines.append("  " + template("lab.summary-points", language))
        points = self.points_by_source()
        names = {s: source_word(s, language) for s in points.columns}
        width = max(len(name) for name in names.values())  # the numbers stand in columns
        for source in points.columns:
            words = {
                "source": names[source].ljust(width),
                "mean": f"{points[source].mean():5.1f}",
                "most": int(points[source].max()),
            }
            lines.append("    " + render("lab.summary-source", words, language))
        turns = self.games["second_scoring_turn"].dropna()
        if len(turns):
            words = {
                "first": int(turns.min()),
                "last": int(turns.max()),
                "median": _number(turns.median()),
            }
            lines.append("  " + render("lab.summary-second", words, language))
        walls = self.players["longest_wall"]
        words = {"mean": f"{walls.mean():.1f}", "most": int(walls.max())}
        lines.append("  " + render("lab.summary-walls", words, language))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    def __repr__(self) -> str:
        return f"<Simulation: {len(self.games)} games, {len(self.players)} player rows>"

    # -- plots: each returns its matplotlib figure (None where matplotlib is missing) ------
    def plot_points_by_source(self, language: str | None = None) -> Any:
        """Box plots: how many points a player makes from each type and from walls (labels
        in ``language``, the session's by default)."""
        drawn = new_figure(language)
        if drawn is None:
            return None
        fig, ax = drawn
        points = self.points_by_source()
        labels = [source_word(s, language) for s in points.columns]
        ax.boxplot([points[s] for s in points.columns], tick_labels=labels)
        ax.set_ylabel(template("lab.plot.points-label", language))
        title = render("lab.plot.points-title", {"count": len(self.games)}, language)
        ax.set_title(title)
        fig.tight_layout()
        return fig

    def plot_second_scoring(self, language: str | None = None) -> Any:
        """When the second scoring comes: a histogram, and the share before each turn (labels
        in ``language``, the session's by default)."""
        drawn = new_figure(language)
        if drawn is None:
            return None
        fig, ax = drawn
        turns = self.second_scoring_turns()
        ax.hist(turns, bins=range(min(turns), max(turns) + 2), color="#4c72b0", edgecolor="white")
        whole_numbers(ax)
        ax.set_xlabel(template("lab.plot.second-label", language))
        ax.set_ylabel(template("lab.plot.games", language))
        share = ax.twinx()
        xs = list(range(min(turns), max(turns) + 2))
        share.step(xs, [self.share_second_scoring_before(x) for x in xs], where="post", color="k")
        share.set_ylabel(template("lab.plot.share", language))
        share.set_ylim(0, 1.05)
        ax.set_title(template("lab.plot.second-title", language))
        fig.tight_layout()
        return fig

    def plot_longest_wall(self, language: str | None = None) -> Any:
        """How long the longest wall gets by the end of a game (labels in ``language``, the
        session's by default)."""
        drawn = new_figure(language)
        if drawn is None:
            return None
        fig, ax = drawn
        walls = self.players["longest_wall"]
        ax.hist(walls, bins=range(0, int(walls.max()) + 2), color="#55a868", edgecolor="white")
        whole_numbers(ax)
        ax.set_xlabel(template("lab.plot.wall-label", language))
        ax.set_ylabel(template("lab.plot.players", language))
        ax.set_title(template("lab.plot.wall-title", language))
        fig.tight_layout()
        return fig


def _number(value: float) -> int | float:
    """A median as a learner reads it: 57, or 57.5."""
    return int(value) if float(value).is_integer() else float(value)


def pyplot(language: str | None) -> Any:
    """matplotlib's pyplot, or ``None`` where it is not installed (the classroom site in the
    browser leaves it out): the learner is then told so, and the notebook runs on."""
    # Imported here so that `import alhambra_nb` (and alh.lab without plots) never loads it.
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        print(template("lab.plot.unavailable", language))
        return None
    _fall_back_on_cjk_fonts(plt.rcParams)
    return plt


JAPANESE_FONTS = (
    "Noto Sans CJK JP", "Noto Sans JP", "IPAexGothic", "IPAGothic", "TakaoGothic",
    "Yu Gothic", "Hiragino Sans", "MS Gothic",
)  # fmt: skip
"""Fonts with Japanese glyphs, in order of preference, that charts fall back on."""


def _fall_back_on_cjk_fonts(rc: Any) -> None:
    """Put the installed fonts with Japanese glyphs after the usual font family, so a
    Japanese label is drawn in one of them (matplotlib falls back glyph by glyph along the
    family list) rather than as boxes; the other languages' labels keep the usual font."""
    from matplotlib import font_manager

    if set(JAPANESE_FONTS) & set(rc["font.family"]):
        return  # added by an earlier chart: the font list is not scanned again
    installed = {font.name for font in font_manager.fontManager.ttflist}
    found = [font for font in JAPANESE_FONTS if font in installed]
    if found:
        rc["font.family"] = [*rc["font.family"], found[0]]


def new_figure(language: str | None) -> tuple[Any, Any] | None:
    """A figure with one chart the size of the lab's, or ``None`` without matplotlib (see
    :func:`pyplot`)."""
    plt = pyplot(language)
    return None if plt is None else plt.subplots(figsize=(8, 3.6))


def whole_numbers(ax: Any) -> None:
    """Counts of games and players are whole numbers: no 2.5 on the axis."""
    from matplotlib.ticker import MaxNLocator

    ax.yaxis.set_major_locator(MaxNLocator(integer=True))


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
    none, but it still counts); ``label`` is the catalogue's key of what it counts."""
    from tqdm.auto import tqdm

    games = template("lab.games")
    return tqdm(total=total, disable=not shown_, desc=template(label), unit=f" {games}")


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
    pandas_or_refusal()
    setup = setup_of(players, bots, modules, variants, name)
    with progress_bar(n, progress) as bar:
        try:
            played = collect(run_batches([setup], seeds, executor, processes, bar), n)
        except WorkerLostError as lost:
            lost.simulation = Simulation(*frames(lost.batches, [setup.label]), setup.lineup, seed)
            raise
    return Simulation(*frames(played, [setup.label]), setup.lineup, seed)

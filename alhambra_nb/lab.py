"""The scoring lab: ask "what if" about scoring, and look at many simulated games.

::

    import alhambra_nb as alh

    cities = alh.lab.positions(Ana="1,0 garden-10-N; 0,1 tower-10-W", Ben="1,0 tower-11-N")
    print(alh.lab.score_rounds(cities))            # every round, with the full breakdown
    change = alh.lab.what_if(cities, "Ben", "0,1 chambers-10")
    print(change)                                  # before, after and the difference
    sim = alh.lab.simulate_games(40, seed=1)       # a text progress bar while it runs
    print(sim.summary())
    sim.plot_points_by_source()                    # matplotlib, imported only here

Everything is scored by the engine (``score_round``, ``City.longest_wall``); simulations are
whole games played by the engine's bots (``alh.simulate``), so they are reproducible from the
seed. matplotlib is imported only when a plot is asked for.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import IO, Any

from .core import BUILDINGS, City, Game, ScoreBreakdown, Violation, score_round, simulate
from .core.errors import AlhambraError, shown
from .core.geometry import Cell
from .core.messages import join, render, template, word
from .core.tiles import Building, Tile

ROUNDS = (1, 2, 3)
SOURCES: tuple[str, ...] = (*(b.value for b in BUILDINGS), "wall")
"""Where points come from: the majority of each building type, and the longest wall."""


class LabError(AlhambraError):
    """Raised when a lab position or change cannot be read or breaks a building rule."""


# -- positions and their scores --------------------------------------------------------------
def positions(**cities: City | str) -> dict[str, City]:
    """Players' Alhambras from the text notation (or cities): ``positions(Ana="1,0 …")``.

    Each Alhambra must be legal; an illegal one is refused with every broken rule."""
    found = {}
    for name, city in cities.items():
        city = City.from_text(city) if isinstance(city, str) else city.copy()
        problems = city.validate()
        if problems:
            raise LabError(render("lab.illegal", {"player": name, "why": _messages(problems)}))
        found[name] = city
    return found


def _messages(violations: Iterable[Violation]) -> str:
    return " ".join(v.message for v in violations)


def score(cities: Mapping[str, City], round: int = 2) -> ScoreBreakdown:
    """One scoring of these Alhambras with its reasons (majorities per type, walls)."""
    counts = {name: city.building_counts() for name, city in cities.items()}
    walls = {name: city.longest_wall() for name, city in cities.items()}
    return score_round(counts, walls, round=round)


def score_rounds(cities: Mapping[str, City], language: str | None = None) -> str:
    """The three scorings of these Alhambras as they stand, each explained in ``language``
    (the session's by default)."""
    return "\n".join(score(cities, r).explain(language=language) for r in ROUNDS)


def source_word(source: str, language: str | None = None) -> str:
    """A source of points (a building type, or ``wall``) in the learner's words."""
    if source in {b.value for b in BUILDINGS}:
        return word(Building(source), language)
    return template(f"lab.source.{source}", language)


# -- what if ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class WhatIf:
    """One tile changed in one player's Alhambra, and what it does to every scoring."""

    player: str
    change: str
    before: dict[int, ScoreBreakdown]
    after: dict[int, ScoreBreakdown]
    cities: dict[str, City]

    def diff(self) -> dict[int, dict[str, int]]:
        """Per round, each player's points after minus before."""
        return {
            r: {p: self.after[r].totals[p] - self.before[r].totals[p] for p in self.cities}
            for r in ROUNDS
        }

    def changed_sources(self, round: int) -> dict[str, dict[str, tuple[int, int]]]:
        """Per player, the sources whose points changed in ``round``: ``(before, after)``."""
        old, new = by_source(self.before[round]), by_source(self.after[round])
        return {
            p: {s: (old[p][s], new[p][s]) for s in SOURCES if old[p][s] != new[p][s]}
            for p in self.cities
            if old[p] != new[p]
        }

    def explain(self, language: str | None = None) -> str:
        """Every scoring before and after, in ``language`` (the session's by default)."""
        lines = [render("lab.what-if", {"player": self.player, "change": self.change}, language)]
        separator = template("list.sep", language)
        for r in ROUNDS:
            totals = separator.join(self._player_change(r, p, language) for p in self.cities)
            lines.append(
                "  " + render("lab.what-if-round", {"round": r, "totals": totals}, language)
            )
            for p, sources in self.changed_sources(r).items():
                what = separator.join(
                    render(
                        "lab.what-if-source",
                        {"source": source_word(s, language), "before": a, "after": b},
                        language,
                    )
                    for s, (a, b) in sources.items()
                )
                words = {"player": p, "changes": what}
                lines.append("    " + render("lab.what-if-sources", words, language))
        return "\n".join(lines)

    def _player_change(self, round: int, player: str, language: str | None) -> str:
        words = {
            "player": player,
            "before": self.before[round].totals[player],
            "after": self.after[round].totals[player],
            "difference": f"{self.diff()[round][player]:+d}",
        }
        return render("lab.what-if-player", words, language)

    def __str__(self) -> str:
        return self.explain()


def what_if(cities: Mapping[str, City], player: str, change: str) -> WhatIf:
    """Score every round before and after one change to ``player``'s Alhambra.

    ``change`` is ``"x,y code"`` to build a tile at an empty cell or swap it for the tile
    there, or ``"x,y -"`` to take the tile there away. The engine checks the change (the
    building and redesign rules); an illegal one raises :class:`LabError` with its reasons.
    """
    if player not in cities:
        words = {"value": repr(player), "players": join(list(cities))}
        raise LabError(render("lab.no-player", words))
    cell, tile = _read_change(change)
    changed = cities[player].copy()
    problems = _apply_change(changed, cell, tile)
    if problems:
        words = {"player": player, "change": repr(change), "why": _messages(problems)}
        raise LabError(render("lab.change-refused", words))
    after_cities = {**cities, player: changed}
    return WhatIf(
        player,
        change,
        {r: score(cities, r) for r in ROUNDS},
        {r: score(after_cities, r) for r in ROUNDS},
        dict(after_cities),
    )


def _read_change(change: str) -> tuple[Cell, Tile | None]:
    try:
        where, code = change.strip().rsplit(maxsplit=1)
        x, y = (int(v) for v in where.strip("() ").split(","))
    except ValueError:
        raise LabError(render("lab.change-form", {"value": shown(change)})) from None
    return (x, y), None if code == "-" else Tile.parse(code)


def _apply_change(city: City, cell: Cell, tile: Tile | None) -> list[Violation]:
    if tile is None:
        problems = city.check_removal(cell)
        if not problems:
            city.remove(cell)
        return problems
    if cell in city:
        problems = city.check_swap(cell, tile)
        if not problems:
            city.swap(cell, tile)
        return problems
    problems = city.check(tile, cell)
    if not problems:
        city.place(tile, cell)
    return problems


def by_source(breakdown: ScoreBreakdown) -> dict[str, dict[str, int]]:
    """Each player's points in one scoring, by source (every type, and ``wall``)."""
    found = {p: dict.fromkeys(SOURCES, 0) for p in breakdown.players}
    for result in breakdown.types:
        for player, points in result.points.items():
            found[player][result.building.value] += points
    for player, points in breakdown.walls.items():
        found[player]["wall"] += points
    return found


# -- many games ------------------------------------------------------------------------------
class ProgressBar:
    """A text progress bar that works in notebooks and terminals: one line, redrawn with a
    carriage return, finished with a newline (``out=None`` keeps quiet)."""

    def __init__(self, total: int, label: str | None = None, out: IO[str] | None = None) -> None:
        label = template("lab.games") if label is None else label
        self.total, self.label, self.out, self.done = total, label, out, 0
        self._tenth = -1

    def advance(self) -> None:
        self.done += 1
        width = 30
        filled = width * self.done // max(self.total, 1)
        # Redraw at most every tenth of the way, so a long run writes a short output.
        tenth = 10 * self.done // max(self.total, 1)
        if self.out is None or (tenth == self._tenth and self.done < self.total):
            return
        self._tenth = tenth
        bar = "#" * filled + "-" * (width - filled)
        end = "\n" if self.done >= self.total else ""
        self.out.write(f"\r[{bar}] {self.done}/{self.total} {self.label}{end}")
        self.out.flush()


@dataclass(frozen=True)
class GameRecord:
    """What one simulated game says about scoring."""

    seed: int
    players: tuple[str, ...]
    points: dict[str, dict[str, int]]
    """Per player (the neutral player included), the points of all scorings by source."""
    scores: dict[str, int]
    """The game's own final scores (players only)."""
    scoring_turns: dict[int, int]
    """The turn during which each scoring happened (1 and 2: when its card came up)."""
    longest_walls: dict[str, int]
    """Each player's longest wall at the end."""
    turns: int


def record_game(game: Game, seed: int) -> GameRecord:
    """The scoring facts of a finished game, read from its scorings and its log."""
    players = tuple(p.name for p in game.players)
    points: dict[str, dict[str, int]] = {}
    for breakdown in game.scorings:
        for player, sources in by_source(breakdown).items():
            mine = points.setdefault(player, dict.fromkeys(SOURCES, 0))
            for source, n in sources.items():
                mine[source] += n
    return GameRecord(
        seed=seed,
        players=players,
        points=points,
        scores=game.scores(),
        scoring_turns=_scoring_turns(game),
        longest_walls={p.name: p.city.longest_wall() for p in game.players},
        turns=game.turn,
    )


def _scoring_turns(game: Game) -> dict[int, int]:
    """A turn ends with an ``event.end``; a scoring card comes up while that turn's display
    is refilled, so its turn is the number of ends logged so far."""
    ends, found = 0, {}
    for event in game.events:
        if event.key == "event.end":
            ends += 1
        elif event.key == "event.scoring":
            found[event.params["round"]] = max(ends, 1)
    return found


@dataclass(frozen=True)
class Simulation:
    """Many seeded bot games, and the distributions players ask about."""

    games: tuple[GameRecord, ...]
    bots: tuple[str, ...]
    seed: int

    # -- numbers ------------------------------------------------------------------------------
    def points_by_source(self) -> dict[str, list[int]]:
        """For each source, the points every (non-neutral) player made from it, game by game."""
        return {s: [g.points[p][s] for g in self.games for p in g.players] for s in SOURCES}

    def second_scoring_turns(self) -> list[int]:
        """The turn of the second scoring in each game (games without one are left out)."""
        return [g.scoring_turns[2] for g in self.games if 2 in g.scoring_turns]

    def share_second_scoring_before(self, turn: int) -> float:
        """The share of games whose second scoring came before ``turn``."""
        turns = self.second_scoring_turns()
        return sum(t < turn for t in turns) / len(turns) if turns else 0.0

    def longest_walls(self) -> list[int]:
        """Every player's longest wall at the end of each game."""
        return [g.longest_walls[p] for g in self.games for p in g.players]

    def summary(self, language: str | None = None) -> str:
        """The distributions in a few lines of text, in ``language`` (the session's by
        default)."""
        n = len(self.games)
        words: dict[str, Any] = {
            "count": n,
            "bots": ", ".join(self.bots),
            "first": self.seed,
            "last": self.seed + n - 1,
        }
        lines = [render("lab.summary", words, language)]
        names = {s: source_word(s, language) for s in SOURCES}
        width = max(len(name) for name in names.values())  # the numbers stand in columns
        for source, values in self.points_by_source().items():
            words = {
                "source": names[source].ljust(width),
                "mean": f"{_mean(values):5.1f}",
                "most": max(values, default=0),
            }
            lines.append("  " + render("lab.summary-source", words, language))
        turns = self.second_scoring_turns()
        if turns:
            words = {"first": min(turns), "last": max(turns), "median": _median(turns)}
            lines.append("  " + render("lab.summary-second", words, language))
        walls = self.longest_walls()
        words = {"mean": f"{_mean(walls):.1f}", "most": max(walls)}
        lines.append("  " + render("lab.summary-walls", words, language))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.summary()

    # -- plots: each returns its matplotlib figure (None where matplotlib is missing) ------
    def plot_points_by_source(self, language: str | None = None) -> Any:
        """Box plots: how many points a player makes from each type and from walls (labels
        in ``language``, the session's by default)."""
        plt = _pyplot(language)
        if plt is None:
            return None
        data = self.points_by_source()
        fig, ax = plt.subplots(figsize=(8, 3.6))
        labels = [source_word(s, language) for s in SOURCES]
        ax.boxplot([data[s] for s in SOURCES], tick_labels=labels)
        ax.set_ylabel(template("lab.plot.points-label", language))
        title = render("lab.plot.points-title", {"count": len(self.games)}, language)
        ax.set_title(title)
        fig.tight_layout()
        return fig

    def plot_second_scoring(self, language: str | None = None) -> Any:
        """When the second scoring comes: a histogram, and the share before each turn (labels
        in ``language``, the session's by default)."""
        plt = _pyplot(language)
        if plt is None:
            return None
        turns = self.second_scoring_turns()
        fig, ax = plt.subplots(figsize=(8, 3.6))
        ax.hist(turns, bins=range(min(turns), max(turns) + 2), color="#4c72b0", edgecolor="white")
        _whole_numbers(ax)
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
        plt = _pyplot(language)
        if plt is None:
            return None
        walls = self.longest_walls()
        fig, ax = plt.subplots(figsize=(8, 3.6))
        ax.hist(walls, bins=range(0, max(walls) + 2), color="#55a868", edgecolor="white")
        _whole_numbers(ax)
        ax.set_xlabel(template("lab.plot.wall-label", language))
        ax.set_ylabel(template("lab.plot.players", language))
        ax.set_title(template("lab.plot.wall-title", language))
        fig.tight_layout()
        return fig


def _pyplot(language: str | None) -> Any:
    """matplotlib's pyplot, or ``None`` where it is not installed (the classroom site in the
    browser leaves it out): the learner is then told so, and the notebook runs on."""
    # Imported here so that `import alhambra_nb` (and alh.lab without plots) never loads it.
    try:
        import matplotlib.pyplot as plt
    except ImportError:
        print(template("lab.plot.unavailable", language))
        return None
    return plt


def _whole_numbers(ax: Any) -> None:
    """Counts of games and players are whole numbers: no 2.5 on the axis."""
    from matplotlib.ticker import MaxNLocator

    ax.yaxis.set_major_locator(MaxNLocator(integer=True))


def _mean(values: Sequence[int]) -> float:
    return sum(values) / len(values) if values else 0.0


def _median(values: Sequence[int]) -> float:
    ordered = sorted(values)
    mid = len(ordered) // 2
    return ordered[mid] if len(ordered) % 2 else (ordered[mid - 1] + ordered[mid]) / 2


def simulate_games(
    n: int = 40,
    *,
    players: int | Sequence[str] = 2,
    bots: Sequence[str] | str = "greedy",
    seed: int = 0,
    progress: bool | IO[str] = True,
    play: Callable[..., Game] = simulate,
) -> Simulation:
    """Play ``n`` whole games with bots, seeds ``seed`` … ``seed + n - 1``, and record them.

    A text progress bar goes to standard output (or to ``progress``, a stream; ``False`` for
    none). The same arguments always give the same games.
    """
    if not isinstance(n, int) or n < 1:
        raise LabError(render("lab.games-count", {"value": shown(n)}))
    out = sys.stdout if progress is True else (progress or None)
    bar = ProgressBar(n, out=out)  # type: ignore[arg-type]
    records = []
    for i in range(n):
        game = play(players, bots, seed=seed + i)
        records.append(record_game(game, seed + i))
        bar.advance()
    names = (bots,) if isinstance(bots, str) else tuple(bots)
    return Simulation(tuple(records), names, seed)


__all__ = [
    "ROUNDS",
    "SOURCES",
    "GameRecord",
    "LabError",
    "ProgressBar",
    "Simulation",
    "WhatIf",
    "by_source",
    "positions",
    "record_game",
    "score",
    "score_rounds",
    "simulate_games",
    "source_word",
    "what_if",
]

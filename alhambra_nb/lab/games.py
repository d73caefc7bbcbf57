"""Many simulated games as tidy data: one row per player per game, and one row per game.

:func:`simulate_games` plays whole games with the engine's bots, one seed per game, on every
core of this machine by default or on any :class:`concurrent.futures.Executor` (a Dask
cluster's ``Client.get_executor()``). Workers send back rows, never games, so memory stays
flat however many games are played; the rows are put in seed order at the end, so the same
arguments give the same frames whatever ran them.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Sequence
from concurrent.futures import (
    FIRST_COMPLETED,
    BrokenExecutor,
    Executor,
    Future,
    ProcessPoolExecutor,
    wait,
)
from dataclasses import dataclass, field
from typing import Any

from ..core import BUILDINGS, Game, ScoreBreakdown, Variants, simulate
from ..core.bots import BotError
from ..core.messages import render, shown, template, word
from ..core.tiles import Building
from ..core.variants import as_variants
from .errors import LabError
from .tables import Table, table_of

ROUNDS = (1, 2, 3)
SOURCES: tuple[str, ...] = (*(b.value for b in BUILDINGS), "wall")
"""Where points come from: the majority of each building type, and the longest wall."""
EXTRA = "bonus"
"""Points the expansion modules give at a scoring (camps, characters), as one more source."""


class WorkerLostError(LabError):
    """Raised when a worker process dies mid-run. ``batches`` holds the rows of the games
    that finished; :func:`~.simulation.simulate_games` adds them as ``simulation``."""

    def __init__(self, message: str, batches: list[Batch]) -> None:
        super().__init__(message)
        self.batches = batches
        self.simulation: Any = None


Batch = tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]
"""The rows of a batch of games: one per player, one per game."""


def collect(batches: Iterator[Batch], count: int) -> list[Batch]:
    """Every batch as it comes in. A worker that dies (killed, out of memory) breaks its
    pool: the batches that came in before are kept on the :class:`WorkerLostError`."""
    done: list[Batch] = []
    try:
        for batch in batches:
            done.append(batch)
    except BrokenExecutor as lost:
        finished = sum(len(game_rows) for _, game_rows in done)
        words = {"count": finished, "total": count}
        raise WorkerLostError(render("lab.worker-lost", words), done) from lost
    return done


def source_word(source: str, language: str | None = None) -> str:
    """A source of points (a building type, ``wall`` or ``bonus``) in the learner's words."""
    if source in {b.value for b in BUILDINGS}:
        return word(Building(source), language)
    return template(f"lab.source.{source}", language)


def by_source(breakdown: ScoreBreakdown) -> dict[str, dict[str, int]]:
    """Each player's points in one scoring, by source (every type, and ``wall``)."""
    found = {p: dict.fromkeys(SOURCES, 0) for p in breakdown.players}
    for result in breakdown.types:
        for player, points in result.points.items():
            found[player][result.building.value] += points
    for player, points in breakdown.walls.items():
        found[player]["wall"] += points
    return found


# -- what is played ----------------------------------------------------------------------------
@dataclass(frozen=True)
class Setup:
    """What every game of an experiment is played with: players, bots, modules, variants,
    and the name its rows carry in the ``variant`` column."""

    players: int | tuple[str, ...] = 2
    bots: tuple[Any, ...] = ("greedy", "greedy")
    """One bot per seat: ``"random"``, ``"greedy"``, a bot class or a bot."""
    modules: tuple[str, ...] = ()
    variants: Variants = field(default_factory=Variants)
    name: str = ""

    @property
    def label(self) -> str:
        """The name in the rows: the one given, or the variants' own."""
        return self.name or self.variants.name

    @property
    def lineup(self) -> str:
        """The bots as one text: ``"greedy"`` when all play alike, else seat by seat
        (``"greedy, random"``)."""
        names = [bot_name(b) for b in self.bots]
        return names[0] if len(set(names)) == 1 else ", ".join(names)

    def play(self, seed: int) -> Game:
        players = self.players if isinstance(self.players, int) else list(self.players)
        return simulate(
            players, list(self.bots), seed=seed, modules=self.modules, variants=self.variants
        )


def bot_name(spec: Any) -> str:
    """A bot as the rows name it: ``"greedy"``, or its class's name."""
    if isinstance(spec, str):
        return spec
    return getattr(spec, "__name__", type(spec).__name__)


def setup_of(
    players: int | Sequence[str],
    bots: Sequence[Any] | str,
    modules: Sequence[str] | str,
    variants: object,
    name: str = "",
) -> Setup:
    """A checked :class:`Setup`: bad players, modules or variants are refused by the game
    now, with their own sentence (a bot that is no bot by the first game that meets it)."""
    chosen = as_variants(variants)
    modules = (modules,) if isinstance(modules, str) else tuple(modules)
    seats = len(Game(players, 0, modules, variants=chosen).players)
    one_each = isinstance(bots, Sequence) and not isinstance(bots, str)
    lineup = tuple(bots) if one_each else (bots,) * seats
    if len(lineup) != seats:
        raise BotError(render("refusal.bots", {"count": seats, "given": len(lineup)}))
    return Setup(
        players if isinstance(players, int) else tuple(players), lineup, modules, chosen, name
    )


# -- rows --------------------------------------------------------------------------------------
PLAYER_COLUMNS: tuple[str, ...] = (
    "variant",
    "seed",
    "seat",
    "player",
    "bot",
    "start",
    "starting_money",
    "score",
    "rank",
    "win",
    "win_share",
    *(f"points_{s}" for s in (*SOURCES, EXTRA)),
    *(f"r{r}_{s}" for r in ROUNDS for s in (*SOURCES, EXTRA)),
    "longest_wall",
    "tiles",
    "reserve",
    "turns",
    "first_scoring_turn",
    "second_scoring_turn",
    "players",
    "bots",
    "modules",
)
"""The columns of :attr:`Simulation.players`, in order."""

GAME_COLUMNS: tuple[str, ...] = (
    "variant",
    "seed",
    "players",
    "bots",
    "modules",
    "turns",
    "actions",
    "first_scoring_turn",
    "second_scoring_turn",
    "start_seat",
    "winners",
    "top_score",
    "margin",
    "neutral_score",
)
"""The columns of :attr:`Simulation.games`, in order."""


def game_rows(setup: Setup, seed: int) -> tuple[list[tuple[Any, ...]], tuple[Any, ...]]:
    """Play the game of ``seed`` and return its rows: one per player (in the order of
    :data:`PLAYER_COLUMNS`) and the game's own (:data:`GAME_COLUMNS`)."""
    game = setup.play(seed)
    scores = game.scores()
    names = list(scores)
    facts = _log_facts(game)
    turns = facts.scoring_turns
    by_round = [_points(b) for b in game.scorings]
    ordered = sorted(scores.values(), reverse=True)
    winners = [n for n in names if scores[n] == ordered[0]]
    shared = {"players": len(names), "bots": setup.lineup, "modules": "+".join(game.modules)}
    bots = [bot_name(b) for b in setup.bots]
    rows = []
    for seat, view in enumerate(game.players):
        name = view.name
        rounds = [points.get(name, {}) for points in by_round]
        per_round = [
            rounds[r - 1].get(s, 0) if r <= len(rounds) else 0
            for r in ROUNDS
            for s in (*SOURCES, EXTRA)
        ]
        totals = [sum(points.get(s, 0) for points in rounds) for s in (*SOURCES, EXTRA)]
        rows.append(
            (
                setup.label,
                seed,
                seat,
                name,
                bots[seat],
                facts.start == name,
                facts.money.get(name, 0),
                scores[name],
                1 + sum(1 for s in scores.values() if s > scores[name]),
                name in winners,
                1 / len(winners) if name in winners else 0.0,
                *totals,
                *per_round,
                view.city.longest_wall(),
                len(view.city) - 1,
                len(view.reserve),
                game.turn,
                turns.get(1),
                turns.get(2),
                *shared.values(),
            )
        )
    neutral = game.neutral
    game_row = (
        setup.label,
        seed,
        *shared.values(),
        game.turn,
        len(game.history),
        turns.get(1),
        turns.get(2),
        names.index(facts.start) if facts.start in names else None,
        ", ".join(winners),
        ordered[0],
        ordered[0] - ordered[1] if len(ordered) > 1 else 0,
        neutral.score if neutral is not None else None,
    )
    return rows, game_row


def _points(breakdown: ScoreBreakdown) -> dict[str, dict[str, int]]:
    """Per player, one scoring's points by source, the modules' bonuses as ``bonus``."""
    found = by_source(breakdown)
    for player, bonuses in breakdown.bonuses.items():
        found.setdefault(player, dict.fromkeys(SOURCES, 0))[EXTRA] = sum(p for _, p, _ in bonuses)
    return found


@dataclass
class LogFacts:
    """What a game's log tells the rows: who started, each player's starting money, and the
    turn of each scoring."""

    start: str | None = None
    money: dict[str, int] = field(default_factory=dict)
    scoring_turns: dict[int, int] = field(default_factory=dict)


def _log_facts(game: Game) -> LogFacts:
    """:class:`LogFacts` in one reading of the log (a game's log is made into events when
    read). A turn ends with an ``event.end``; a scoring card comes up while that turn's
    display is refilled, so its turn is the number of ends logged so far."""
    facts, ends = LogFacts(), 0
    for event in game.events:
        key = event.key
        if key == "event.end":
            ends += 1
        elif key == "event.scoring":
            facts.scoring_turns[event.params["round"]] = max(ends, 1)
        elif key == "event.money":
            facts.money[event.params["player"]] = event.params["total"]
        elif key == "event.start":
            facts.start = event.params["player"]
    return facts


def play_seeds(
    setup: Setup, seeds: Sequence[int]
) -> tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]:
    """The rows of the games of ``seeds``: what one worker does with one batch."""
    players: list[tuple[Any, ...]] = []
    games: list[tuple[Any, ...]] = []
    for seed in seeds:
        rows, game = game_rows(setup, seed)
        players += rows
        games.append(game)
    return players, games


# -- running many --------------------------------------------------------------------------
def batches(seeds: Sequence[int], workers: int) -> list[Sequence[int]]:
    """``seeds`` cut into batches: a few per worker, so the work spreads evenly and progress
    moves, but not so small that sending them costs more than playing them."""
    size = max(1, min(50, len(seeds) // (4 * max(workers, 1))))
    return [seeds[i : i + size] for i in range(0, len(seeds), size)]


def run_batches(
    setups: Sequence[Setup],
    seeds: Sequence[int],
    executor: Executor | None,
    processes: int | None,
    progress: Any,
) -> Iterator[tuple[list[tuple[Any, ...]], list[tuple[Any, ...]]]]:
    """The rows of every game of every setup, batch by batch as they come in (in any order:
    the caller sorts them). With neither ``executor`` nor more than one process, in this
    process; otherwise at most a few batches per worker are in flight at a time."""
    workers = _workers(executor, processes)
    work = [(setup, batch) for setup in setups for batch in batches(seeds, workers)]
    if executor is None and workers == 1:
        for setup, batch in work:
            yield play_seeds(setup, batch)
            progress.update(len(batch))
        return
    own = executor is None
    pool = ProcessPoolExecutor(workers) if own else executor
    try:
        yield from _in_flight(pool, work, 4 * workers, progress)
    finally:
        if own:
            pool.shutdown(cancel_futures=True)


def _in_flight(pool: Executor, work: list[Any], window: int, progress: Any) -> Iterator[Any]:
    """Each batch's rows as it finishes, with at most ``window`` batches sent at a time."""
    pending: dict[Future[Any], int] = {}
    queue = iter(work)
    while True:
        for setup, batch in queue:
            pending[pool.submit(play_seeds, setup, batch)] = len(batch)
            if len(pending) >= window:
                break
        if not pending:
            return
        done, _ = wait(pending, return_when=FIRST_COMPLETED)
        for future in done:
            count = pending.pop(future)
            yield future.result()
            progress.update(count)


MAX_PROCESSES = 256
"""More processes than any machine this runs on has cores: asking for more starts no more."""


def _workers(executor: Executor | None, processes: int | None) -> int:
    """How many batches run at once: the processes asked for, else every core of this
    machine (one where there are no processes to start, as in a browser)."""
    if executor is not None and not isinstance(executor, Executor):
        raise LabError(render("lab.executor", {"value": shown(executor)}))
    if processes is not None:
        if not isinstance(processes, int) or isinstance(processes, bool) or processes < 1:
            raise LabError(render("lab.processes", {"value": shown(processes)}))
        return min(processes, MAX_PROCESSES)
    if executor is None and sys.platform == "emscripten":
        return 1
    return os.cpu_count() or 1


# -- the frames ----------------------------------------------------------------------------
MAYBE_MISSING = ("first_scoring_turn", "second_scoring_turn", "start_seat", "neutral_score")
"""Columns that may have no value (a game with no second scoring): pandas' ``Int64`` keeps
them whole numbers, where a plain float column would show 57.0."""


def frames(chunks: Iterator[Batch], labels: Sequence[str]) -> tuple[Any, Any]:
    """The player table and the game table of every batch, in order of variant (``labels``,
    as the setups came) and seed, seat: DataFrames where pandas is installed, else
    plain :class:`~.tables.Table` objects."""
    players: list[tuple[Any, ...]] = []
    games: list[tuple[Any, ...]] = []
    for player_rows, game_rows_ in chunks:
        players += player_rows
        games += game_rows_
    order = {label: i for i, label in enumerate(labels)}
    # Both kinds of row begin with variant, seed (and a player's with the seat).
    players.sort(key=lambda row: (order[row[0]], row[1], row[2]))
    games.sort(key=lambda row: (order[row[0]], row[1]))
    return _table(PLAYER_COLUMNS, players), _table(GAME_COLUMNS, games)


def _table(columns: Sequence[str], records: list[tuple[Any, ...]]) -> Any:
    table = table_of(columns, records)
    if not isinstance(table, Table):
        for name in MAYBE_MISSING:
            if name in columns:
                table[name] = table[name].astype("Int64")
    return table

"""How well SearchBot plays: its share of wins against GreedyBots, and its time per move.

Targets: in 200 two-player games against one GreedyBot, SearchBot wins at least 75 %; in
four-player games against three GreedyBots it takes at least 40 % of the wins (an equal
share is 25 %); at most 1 s per move on this machine.

Each game is seeded (seeds 0, 1, ...) and SearchBot takes each seat in turn, so no seat's
advantage counts for it. A tie counts as a shared win (half a win between two). The time
per move is the wall-clock time of SearchBot's own moves: the main actions it searches, and
the placements and module answers it leaves to its greedy judgement. Games run on every core.
Run: python benchmarks/bots.py [--two 200] [--four 100] [--level search-strong]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import alhambra_nb as alh
from alhambra_nb.core.search import SearchBot, is_decision


class TimedSearch(SearchBot):
    """SearchBot that keeps the time of each of its moves (searched or not)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.searched: list[float] = []
        self.other: list[float] = []

    def choose(self, state):  # type: ignore[no-untyped-def]
        start = time.perf_counter()
        searched = is_decision(state)
        action = super().choose(state)
        (self.searched if searched else self.other).append(time.perf_counter() - start)
        return action


@dataclass
class Result:
    share: float
    searched: list[float]
    other: list[float]


def one_game(players: int, seed: int, level: str) -> Result:
    made = alh.bots.bot_for(level, seed)
    assert isinstance(made, SearchBot)
    bot = TimedSearch(seed, time=made.time, simulations=made.simulations)
    seat = seed % players
    bots: list[object] = ["greedy"] * players
    bots[seat] = bot
    game = alh.simulate(players, bots, seed=seed)
    winners = game.winners()
    name = game.players[seat].name
    share = 1 / len(winners) if name in winners else 0.0
    return Result(share, bot.searched, bot.other)


def report(players: int, games: int, level: str) -> None:
    start = time.perf_counter()
    with ProcessPoolExecutor() as pool:
        results = list(pool.map(one_game, [players] * games, range(games), [level] * games))
    wins = sum(r.share for r in results)
    searched = [t for r in results for t in r.searched]
    every = searched + [t for r in results for t in r.other]
    print(f"{players} players, SearchBot ({level}) against {players - 1} GreedyBot:")
    print(f"  wins                {wins:.1f} of {games} games = {100 * wins / games:.1f} %")
    print(f"  searched moves      {len(searched) / games:.1f} per game")
    print(
        f"  time per move       mean {statistics.mean(every):.3f} s, "
        f"searched mean {statistics.mean(searched):.3f} s, "
        f"95th percentile {statistics.quantiles(searched, n=20)[-1]:.3f} s, "
        f"longest {max(every):.3f} s"
    )
    print(f"  wall clock          {time.perf_counter() - start:.0f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--two", type=int, default=200, help="two-player games")
    parser.add_argument("--four", type=int, default=100, help="four-player games")
    parser.add_argument("--level", default="search-strong", choices=("search", "search-strong"))
    arguments = parser.parse_args()
    report(2, arguments.two, arguments.level)
    report(4, arguments.four, arguments.level)


if __name__ == "__main__":
    main()

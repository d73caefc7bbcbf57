"""The scoring lab at scale: games per second in one process and on every core, and the
memory a long simulation takes.

Targets: with every core of this machine at least 1.7 times the games per second of one
process (2 cores); the memory of 10 000 games stays flat (the workers send back rows, not
games): the main process's peak after 10 000 games is about its peak after 1 000.

Times are wall-clock seconds (the work runs in other processes, so this process's CPU time
would not see it), each figure the best of ``--repeats`` runs; memory is the peak resident
size of the main process, read by ``resource``, in a fresh process per size.
Run: python benchmarks/lab.py [--games 400] [--memory-games 10000]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import alhambra_nb as alh

MEMORY_PROBE = """
import resource, sys
import alhambra_nb as alh
sim = alh.lab.simulate_games(int(sys.argv[1]), players=2, seed=0, progress=False)
assert len(sim.games) == int(sys.argv[1])
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)
"""


def games_per_second(games: int, processes: int | None, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        alh.lab.simulate_games(games, players=2, seed=0, processes=processes, progress=False)
        best = min(best, time.perf_counter() - start)
    return games / best


def peak_memory_mb(games: int) -> float:
    """The main process's peak resident memory, in MB, for a simulation of ``games``."""
    out = subprocess.run(
        [sys.executable, "-c", MEMORY_PROBE, str(games)],
        capture_output=True,
        text=True,
        check=True,
        cwd=Path(__file__).resolve().parent.parent,
    ).stdout
    return int(out.split()[-1]) / 1024


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=400, help="games per speed run")
    parser.add_argument("--repeats", type=int, default=3, help="speed runs, the best counts")
    parser.add_argument("--memory-games", type=int, default=10_000, help="games of the memory run")
    args = parser.parse_args()
    cores = os.cpu_count() or 1
    serial = games_per_second(args.games, 1, args.repeats)
    pooled = games_per_second(args.games, None, args.repeats)
    print(f"2-player GreedyBot games, one process: {serial:.1f} games/s ({args.games} games)")
    print(f"the same on every core ({cores}): {pooled:.1f} games/s")
    print(f"speed-up: {pooled / serial:.2f}x (target >= 1.7 on 2 cores)")
    small = peak_memory_mb(args.memory_games // 10)
    large = peak_memory_mb(args.memory_games)
    print(
        f"peak memory of the main process: {small:.0f} MB for {args.memory_games // 10} games, "
        f"{large:.0f} MB for {args.memory_games} games ({large - small:+.0f} MB)"
    )


if __name__ == "__main__":
    main()

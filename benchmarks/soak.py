"""Soak: whole games over every combination of the expansion II modules, 2 to 6 players.

After every action of every game it checks that every card (money, scoring, diamond, gate,
character) and every tile lies in exactly one place, that the gates standing match the gate
cards played and that every Alhambra is legal; at the end of each game, that the state
would load as a saved game. The games cycle through the 16 combinations of gates, diamonds,
characters and camps with 2 to 6 players (every pairing comes round in 80 games); every
``--greedy-every``-th round of 16 games is played by GreedyBots, the others by RandomBots,
all seeded.

Prints progress as it goes, then the games, actions and breaks (a break is a broken
invariant, or an action the engine listed but refused, or an error). Exits with status 1
when anything broke. Run: python benchmarks/soak.py [--games 1000] [--seed 0]
"""

from __future__ import annotations

import argparse
import sys
import time

from alhambra_nb.core.invariants import SoakResult, soak_game, soak_plan


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=1000, help="how many games (default 1000)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument(
        "--greedy-every", type=int, default=4, help="every n-th round of 16 games: GreedyBots"
    )
    parser.add_argument("--progress", type=int, default=100, help="print a line every n games")
    args = parser.parse_args()

    broken: list[SoakResult] = []
    actions = breaks = 0
    start = time.perf_counter()
    for number, (players, modules, seed) in enumerate(soak_plan(args.games, args.seed), 1):
        # whole rounds of the 16 combinations: every combination meets both bots
        greedy = args.greedy_every > 0 and (number - 1) // 16 % args.greedy_every == (
            args.greedy_every - 1
        )
        result = soak_game(players, modules, seed, greedy=greedy)
        actions += result.actions
        breaks += len(result.breaks)
        if result.breaks:
            broken.append(result)
        if number % args.progress == 0 or number == args.games:
            elapsed = time.perf_counter() - start
            print(
                f"{number} games, {actions} actions, {breaks} breaks "
                f"({number / elapsed:.1f} games/s, {actions / elapsed:.0f} actions/s)",
                flush=True,
            )
    for result in broken[:20]:
        first_action, problem = result.breaks[0]
        print(
            f"BREAK: {result.players} players, modules {'+'.join(result.modules) or 'none'}, "
            f"seed {result.seed}, action {first_action}: {problem}"
        )
    print(f"games: {args.games}  actions: {actions}  breaks: {breaks}")
    return 1 if breaks else 0


if __name__ == "__main__":
    sys.exit(main())

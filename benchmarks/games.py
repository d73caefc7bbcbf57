"""Whole games: 4-player RandomBot games per second, and GreedyBot's win rate against RandomBot.

Figures to keep: the 4-player rate of today (about 70 complete games per second of CPU time
in one process, plain Python, on a 2-core machine of the project's kind) is a floor, not a
target to chase: a change may not make it more than 5 % slower; with all four expansion II
modules on, at least 60 % of the base game's rate (measured game for game in the same run, so
a busy machine slows both alike); GreedyBot wins at least 80 % of two-player games against
RandomBot (seats alternate). Times are CPU time of this process (time.process_time), so other
work on the machine does not count.
With ``--parts``, a whole game's time is also split into carrying its actions out (the same
actions replayed on the same start, nothing listed or chosen) and the rest (listing the legal
actions and choosing one): what carrying out alone costs bounds the rate from above.
Run: python benchmarks/games.py
"""

from __future__ import annotations

import argparse
import gc
import statistics
import time

import alhambra_nb as alh
from alhambra_nb.core.turns import carry_out

ALL_MODULES = ("gates", "diamonds", "characters", "camps")


def random_games_per_second(
    games: int, players: int = 4, modules: tuple[str, ...] = ()
) -> tuple[float, float]:
    """Games per second of full RandomBot games, and the mean number of actions per game."""
    actions = []
    start = time.process_time()
    for seed in range(games):
        actions.append(len(alh.simulate(players, seed=seed, modules=modules).history))
    elapsed = time.process_time() - start
    return games / elapsed, statistics.mean(actions)


def expansion_rates(games: int, first_seed: int, players: int = 4) -> tuple[float, float, float]:
    """Games per second without and with all four modules, one game of each in turn (so a
    change in the machine's load hits both alike), and the mean actions of a module game.
    The seeds start at ``first_seed``: a base game played before with the same seed would
    find the engine's remembered answers (money takes, payments) ready, and look faster.
    Python's collector is run before each game, untimed, so that a full pass over everything
    the process holds falls in neither kind of game by the luck of the count."""
    spent = {(): 0.0, ALL_MODULES: 0.0}
    actions = []
    for seed in range(first_seed, first_seed + games):
        for modules in spent:
            gc.collect()
            start = time.process_time()
            game = alh.simulate(players, seed=seed, modules=modules)
            spent[modules] += time.process_time() - start
            if modules:
                actions.append(len(game.history))
    return games / spent[()], games / spent[ALL_MODULES], statistics.mean(actions)


def game_parts(games: int, first_seed: int, players: int = 4) -> tuple[float, float]:
    """Milliseconds per game of whole RandomBot games, and of carrying out the same actions
    alone from the same start (each game played first, untimed, for its actions)."""
    played = []
    for seed in range(first_seed, first_seed + games):
        actions = list(alh.simulate(players, seed=seed).history)
        played.append((seed, alh.Game(players, seed=seed).state, actions))
    start = time.process_time()
    for seed, _, _ in played:
        alh.simulate(players, seed=seed)
    whole = time.process_time() - start
    start = time.process_time()
    for _, state, actions in played:
        state = state.copy()
        for action in actions:
            carry_out(state, action)
    alone = time.process_time() - start
    return whole / games * 1000, alone / games * 1000


def greedy_win_rate(games: int) -> tuple[float, float, float]:
    """GreedyBot's share of wins (a shared win counts half) against RandomBot, two players."""
    wins = 0.0
    margins = []
    start = time.process_time()
    for seed in range(games):
        greedy_first = seed % 2 == 0
        bots = ["greedy", "random"] if greedy_first else ["random", "greedy"]
        scores = alh.simulate(["A", "B"], bots=bots, seed=seed).scores()
        mine, theirs = (scores["A"], scores["B"]) if greedy_first else (scores["B"], scores["A"])
        wins += 1.0 if mine > theirs else 0.5 if mine == theirs else 0.0
        margins.append(mine - theirs)
    return wins / games, statistics.mean(margins), games / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=200, help="4-player RandomBot games")
    parser.add_argument("--duels", type=int, default=400, help="2-player GreedyBot duels")
    parser.add_argument(
        "--module-games", type=int, default=100, help="4-player games with all modules on"
    )
    parser.add_argument(
        "--parts", action="store_true", help="split a game's time: carrying out, the rest"
    )
    args = parser.parse_args()
    if args.games > 0:
        rate, actions = random_games_per_second(args.games)
        print(
            f"4-player RandomBot games: {rate:.1f} games/s "
            f"({args.games} games, {actions:.0f} actions per game on average; floor: about 70)"
        )
    if args.parts:
        whole, alone = game_parts(max(args.games // 2, 1), 10_000)
        print(
            f"  per 4-player RandomBot game: {whole:.2f} ms in all, of which carrying out the "
            f"actions {alone:.2f} ms ({1000 / alone:.0f} games/s if listing and choosing cost "
            f"nothing) and listing and choosing {whole - alone:.2f} ms"
        )
    if args.module_games > 0:
        base, expanded, module_actions = expansion_rates(args.module_games, max(args.games, 0))
        print(
            f"4-player RandomBot games with {'+'.join(ALL_MODULES)}: {expanded:.1f} games/s "
            f"({module_actions:.0f} actions per game on average) against {base:.1f} games/s "
            f"for the base game, game for game in the same run: {expanded / base:.0%} of the "
            "base rate (target >= 60 %)"
        )
    if args.duels <= 0:
        return
    share, margin, duel_rate = greedy_win_rate(args.duels)
    print(
        f"GreedyBot vs RandomBot, 2 players: GreedyBot wins {share:.1%} of {args.duels} games "
        f"(mean margin {margin:+.1f} points, {duel_rate:.1f} games/s; target >= 80 %)"
    )


if __name__ == "__main__":
    main()

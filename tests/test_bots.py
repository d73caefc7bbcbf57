"""The bots: seeded and reproducible, always legal, and GreedyBot plays better than chance."""

from __future__ import annotations

import gc
import random
from typing import ClassVar

import pytest

import alhambra_nb as alh
from alhambra_nb.core.checks import check_action


def test_bots_are_reachable_as_alh_bots():
    assert alh.bots.RandomBot is alh.RandomBot
    assert alh.bots.GreedyBot is alh.GreedyBot
    assert alh.bots.simulate is alh.simulate


def test_random_bot_is_seeded():
    a, b = alh.simulate(4, seed=3), alh.simulate(4, seed=3)
    assert a.history == b.history and a.scores() == b.scores()
    assert alh.simulate(4, seed=4).history != a.history


def test_random_bot_is_uniform_over_the_legal_actions():
    game = alh.Game(3, seed=1)
    legal = game.legal_actions()
    bot = alh.RandomBot(0)
    seen = {bot.choose(game.state) for _ in range(40 * len(legal))}
    assert seen == set(legal)


def test_random_bot_draws_its_index_as_randrange_does():
    # Seeded games stay as they were: the bot's own draw gives randrange's index.
    game = alh.Game(3, seed=1)
    legal = game.legal_actions()
    bot, twin = alh.RandomBot(7), random.Random(7)
    for _ in range(60):
        assert bot.choose(game.state) == legal[twin.randrange(len(legal))]


def test_random_bot_refuses_to_act_in_a_finished_game():
    game = alh.simulate(2, seed=1)
    with pytest.raises(alh.IllegalActionError) as refused:
        alh.RandomBot(0).choose(game.state)
    assert refused.value.rule == alh.RuleId.GAME_OVER


@pytest.mark.parametrize("players", [2, 3, 5])
def test_greedy_bot_only_plays_legal_actions(players):
    game = alh.Game(players, seed=players)
    bots = [alh.GreedyBot(seat) for seat in range(players)]
    while not game.is_over():
        action = bots[game.current_player].choose(game.state)
        assert check_action(game.state, action) == [], action
        game.apply(action)
    assert game.is_over()


def test_greedy_bot_beats_random_bot():
    wins = 0
    games = 16
    for seed in range(games):
        greedy_first = seed % 2 == 0
        bots = ["greedy", "random"] if greedy_first else ["random", "greedy"]
        game = alh.simulate(["A", "B"], bots=bots, seed=seed)
        greedy, other = ("A", "B") if greedy_first else ("B", "A")
        wins += game.scores()[greedy] > game.scores()[other]
    assert wins >= 13, f"GreedyBot won only {wins} of {games}"


def test_simulate_accepts_bot_specs():
    game = alh.simulate(3, bots=[alh.GreedyBot, "random", alh.RandomBot(5)], seed=1)
    assert game.is_over()
    with pytest.raises(alh.bots.BotError, match="'clever'"):
        alh.simulate(2, bots="clever")
    with pytest.raises(alh.bots.BotError, match="2 players need 2 bots"):
        alh.simulate(2, bots=["random"])


class _Watching(alh.bots.RandomBot):
    """A random bot that notes whether the garbage collector runs while it chooses."""

    seen: ClassVar[list[bool]] = []

    def choose(self, state):
        self.seen.append(gc.isenabled())
        return super().choose(state)


def test_simulate_leaves_the_garbage_collector_as_the_caller_has_it():
    # No pause and no collection pass of its own: a game makes no cycles worth one.
    assert gc.isenabled()
    alh.simulate(2, bots=_Watching, seed=1)
    assert _Watching.seen and all(_Watching.seen)
    gc.disable()
    try:
        _Watching.seen.clear()
        alh.simulate(2, bots=_Watching, seed=1)
        assert _Watching.seen and not any(_Watching.seen)
        assert not gc.isenabled()
    finally:
        gc.enable()


def test_a_whole_game_makes_no_reference_cycles_for_the_collector_to_find():
    # Everything a game throws away is freed as it goes: the collector's passes find
    # nothing, and no memory waits for them (searched play-outs and modules included).
    alh.simulate(2, ["search", "greedy"], seed=2, modules=["camps"])  # caches filled first
    gc.collect()
    gc.disable()
    try:
        alh.simulate(4, seed=7, modules=["gates", "diamonds", "characters", "camps"])
        alh.simulate(2, ["search", "greedy"], seed=3)
        assert gc.collect() == 0
    finally:
        gc.enable()


def test_a_simulated_game_is_a_game_with_its_history_to_undo():
    game = alh.simulate(2, seed=5, modules=["gates"])
    replay = alh.Game(2, seed=5, modules=["gates"])
    for action in game.history:
        replay.apply(action)
    assert game.is_over and game.to_json() == replay.to_json()
    last = game.history[-1]
    assert game.undo() == last  # replayed from the start: no state was kept per action
    replay.undo()
    assert game.to_json() == replay.to_json() and len(game.history) == len(replay.history)


def test_a_game_adopts_a_playout_only_between_states():
    start = alh.Game(2, seed=1).state
    with pytest.raises(alh.GameStateError, match=r"\(state\)"):
        alh.Game.from_playout(start, [], "not a state")
    game = alh.Game.from_playout(start, [], start.copy())
    assert game.history == () and game.state.to_dict() == start.to_dict()

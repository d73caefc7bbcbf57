"""Seeded random play-outs: invariants after every action, save/load, and a golden game.

Every game here is played by :class:`RandomBot` through the public rules, so anything the
rules allow a learner to do gets done, thousands of times.
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path

import pytest

import alhambra_nb as alh
from alhambra_nb.core.checks import check_action
from alhambra_nb.core.listing import legal_actions
from tests.test_game_support import check_invariants

GOLDEN = Path(__file__).parent / "golden" / "game_3p_seed_2024.json"


def play_checked(players: int, seed: int, *, every: int = 1) -> alh.Game:
    """A RandomBot game checking the invariants after every ``every``-th action."""
    game = alh.Game(players, seed=seed)
    bot = alh.RandomBot(seed)
    scores = [0] * players
    scorings = 0
    for step in range(20_000):
        if game.is_over():
            break
        state = game.state
        legal = legal_actions(state)
        assert len(legal) > 0
        action = bot.choose(state)
        game.apply(action)
        if step % every == 0:
            check_invariants(game.state)
        now = [p.score for p in game.state.players]
        assert all(b >= a for a, b in zip(scores, now, strict=True)), "scores only grow"
        assert len(game.state.scorings) >= scorings
        scores, scorings = now, len(game.state.scorings)
    assert game.is_over(), "the game ends"
    check_invariants(game.state)
    assert [s.round for s in game.scorings][-1] == 3
    assert game.winners() and game.legal_actions() == []
    return game


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_random_playouts_every_action(players):
    for seed in range(4):
        play_checked(players, seed)


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_many_random_playouts(players):
    """Forty games per player count (200 in all), invariants checked every 7th action."""
    for seed in range(100, 140):
        play_checked(players, seed, every=7)


@pytest.mark.slow
def test_many_simulated_games_end_consistently():
    """The fast simulation path: 150 more games, checked at the end."""
    for seed in range(150):
        game = alh.simulate(2 + seed % 5, seed=1000 + seed)
        assert game.is_over()
        check_invariants(game.state)
        assert [s.round for s in game.scorings] == sorted(s.round for s in game.scorings)
        totals = dict.fromkeys(game.scores(), 0)
        for breakdown in game.scorings:
            for name in totals:
                totals[name] += breakdown.totals[name]
        assert totals == game.scores()


def test_every_listed_action_is_legal_and_prints_back():
    rng = random.Random(5)
    for seed in range(6):
        game = alh.Game(2 + seed % 5, seed=seed)
        bot = alh.RandomBot(seed)
        while not game.is_over():
            legal = legal_actions(game.state)
            for index in rng.sample(range(len(legal)), min(6, len(legal))):
                action = legal[index]
                assert check_action(game.state, action) == [], action
                assert alh.parse_action(str(action)) == action
            assert list(legal) == [legal[i] for i in range(len(legal))]
            game.apply(bot.choose(game.state))


@pytest.mark.parametrize("modules", [(), ("gates", "diamonds", "characters", "camps")])
def test_remembered_facts_never_change_the_legal_actions(modules):
    """The rules remember what they work out (layouts derived move by move, options kept
    while a hand, a reserve or a city stays the same). At every step of random games, the
    legal actions equal those of the same position loaded afresh, with nothing remembered."""
    for seed in range(2):
        game = alh.simulate(4, seed=300 + seed, modules=modules)
        replay = alh.Game(4, seed=300 + seed, modules=modules)
        for action in game.history:
            fresh = alh.Game.from_json(replay.to_json())
            assert [str(a) for a in replay.legal_actions()] == [
                str(a) for a in fresh.legal_actions()
            ]
            replay.apply(action)


def test_simulate_matches_a_game_played_step_by_step():
    fast = alh.simulate(4, seed=9)
    slow = alh.Game(4, seed=9)
    bots = [alh.RandomBot(9 * 1000 + seat) for seat in range(4)]
    while not slow.is_over():
        slow.apply(bots[slow.current_player].choose(slow.state))
    assert slow.to_json() == fast.to_json()
    assert slow.history == fast.history


@pytest.mark.parametrize("players", [2, 4, 6])
def test_save_and_load_at_any_point_continues_identically(players):
    """Save at random points; the loaded game, fed the same actions, ends identically."""
    reference = alh.simulate(players, seed=77)
    actions = reference.history
    final = reference.to_json()
    rng = random.Random(players)
    for cut in [*sorted(rng.sample(range(len(actions)), 5)), 0, len(actions) - 1]:
        game = alh.Game(players, seed=77)
        for action in actions[:cut]:
            game.apply(action)
        text = game.to_json()
        loaded = alh.Game.from_json(text)
        assert loaded.to_json() == text
        assert loaded.legal_actions() == game.legal_actions()
        for action in actions[cut:]:
            loaded.apply(str(action))  # through the text form as well
        assert loaded.to_json() == final


def test_loaded_game_keeps_its_randomness():
    """The RNG lives in the state: after loading, refills draw the same tiles and cards."""
    game = alh.Game(3, seed=31)
    bot = alh.RandomBot(3)
    for _ in range(40):
        game.apply(bot.choose(game.state))
    twin = alh.Game.from_json(game.to_json())
    bot_a, bot_b = alh.RandomBot(8), alh.RandomBot(8)
    while not game.is_over():
        game.apply(bot_a.choose(game.state))
        twin.apply(bot_b.choose(twin.state))
    assert game.to_json() == twin.to_json()
    assert game.log == twin.log


# -- loading refuses broken files -----------------------------------------------------------
def _saved(players: int = 3, steps: int = 60) -> dict:
    game = alh.Game(players, seed=21)
    bot = alh.RandomBot(21)
    for _ in range(steps):
        game.apply(bot.choose(game.state))
    return json.loads(game.to_json())


def _refused(data: dict, field: str, words: str) -> None:
    with pytest.raises(alh.GameStateError) as error:
        alh.Game.from_json(json.dumps(data))
    assert error.value.field == field, error.value
    assert words in str(error.value)
    assert isinstance(error.value, ValueError)


def test_loading_refuses_a_card_in_two_places():
    data = _saved()
    data["display"].append(data["players"][0]["money"][0])
    _refused(data, "display", "is also in players[0].money")


def test_loading_refuses_a_missing_card_or_tile():
    data = _saved()
    lost = data["deck"].pop()
    _refused(data, "cards", repr(lost))
    data = _saved()
    tile = data["bag"].pop()
    _refused(data, "tiles", f"{tile!r} is missing")
    data = _saved()
    data["bag"].append(data["bag"][0])
    _refused(data, "tiles", "occurs 2 times")


def test_loading_refuses_an_illegal_city():
    data = _saved()
    tile = data["bag"].pop()
    data["players"][1]["city"] += f"\n9,9 {tile}"
    _refused(data, "players[1].city", "an illegal Alhambra")


def test_loading_refuses_malformed_fields():
    for change, field, words in [
        (lambda d: d.update(format="chess"), "format", "'chess'"),
        (lambda d: d.update(rng=-1), "rng", "at least 0"),
        (lambda d: d["players"][0].update(money="lots"), "players[0].money", "list"),
        (lambda d: d["players"][2].update(money=["denar-10#1"]), "players[2].money[0]", "unknown"),
        (lambda d: d["players"][0].pop("city"), "players[0].city", "missing"),
        (lambda d: d["players"][0].update(city="1,0 castle-3"), "players[0].city", "castle"),
        (lambda d: d.update(market=[None]), "market", "4 spaces"),
        (lambda d: d.update(phase="lunch"), "phase", "'lunch'"),
        (lambda d: d.update(current=3), "current", "no seat 3"),
        (lambda d: d.update(current=7), "current", "at most 5"),
        (lambda d: d.update(modules=["gate"]), "modules", "'gate'"),
        (lambda d: d["bag"].append("garden-10-NE"), "tiles", "not part of this game"),
        (lambda d: d.update(neutral={"name": "Dirk", "tiles": [], "score": 0}), "neutral", "two"),
        (lambda d: d["players"][1].update(name=d["players"][0]["name"]), "players", "differ"),
    ]:
        data = _saved()
        change(data)
        with pytest.raises(alh.GameStateError) as error:
            alh.Game.from_json(json.dumps(data))
        assert error.value.field.startswith(field), (field, error.value)
        assert words in str(error.value), (words, error.value)
    with pytest.raises(alh.GameStateError, match="not JSON"):
        alh.Game.from_json("{not json")
    data = _saved(players=2)
    data["players"][0]["money"].append("denar-1#3")  # a third copy: not in a 2-player game
    _refused(
        data, "players[0].money[" + str(len(data["players"][0]["money"]) - 1) + "]", "not part"
    )


# -- the golden playthrough -----------------------------------------------------------------
def _golden_game() -> alh.Game:
    return alh.simulate(["Ana", "Ben", "Cem"], bots=["greedy", "random", "greedy"], seed=2024)


def _golden_record(game: alh.Game) -> dict:
    return {
        "source": "alh.simulate(['Ana', 'Ben', 'Cem'], bots=['greedy', 'random', 'greedy'], "
        "seed=2024); regenerate with ALHAMBRA_GOLDEN=write and review the differences",
        "players": ["Ana", "Ben", "Cem"],
        "seed": 2024,
        "actions": [str(a) for a in game.history],
        "scorings": [
            {"round": s.round, "points": s.totals, "walls": s.walls} for s in game.scorings
        ],
        "scores": game.scores(),
        "winners": game.winners(),
        "log_tail": game.log[-8:],
    }


def test_golden_playthrough():
    """A seeded game replayed action by action from its text gives the recorded scores."""
    if os.environ.get("ALHAMBRA_GOLDEN") == "write":
        GOLDEN.parent.mkdir(exist_ok=True)
        text = json.dumps(_golden_record(_golden_game()), indent=1, ensure_ascii=False)
        GOLDEN.write_text(text + "\n", encoding="utf-8")
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    game = alh.Game(golden["players"], seed=golden["seed"])
    for text in golden["actions"]:
        game.apply(text)
    assert game.is_over()
    assert _golden_record(game) == golden

"""The scoring lab at scale: tidy frames, the same rows whatever runs the games (this process,
a process pool, a Dask cluster), rule variants on staged positions, and confidence intervals
that cover what they should."""

from __future__ import annotations

import os
import random
from concurrent.futures import ThreadPoolExecutor

import pytest

import alhambra_nb as alh
from alhambra_nb import lab

RING = (
    "-1,-1 pavilion-5-NW; 0,-1 pavilion-6-N; 1,-1 seraglio-4-NE; 1,0 pavilion-7-E; "
    "1,1 pavilion-4-ES; 0,1 seraglio-8-S; -1,1 pavilion-3-SW; -1,0 seraglio-7-W"
)
"""The fountain walled all round: one closed ring of 12 wall segments."""


@pytest.fixture(scope="module")
def serial():
    return lab.simulate_games(8, players=3, bots="random", seed=11, processes=1, progress=False)


def _same(one: lab.Simulation, other: lab.Simulation) -> None:
    assert one.players.equals(other.players)
    assert one.games.equals(other.games)


# -- the frames --------------------------------------------------------------------------------
def test_one_row_per_player_per_game_and_one_per_game(serial):
    assert list(serial.players.columns) == list(lab.PLAYER_COLUMNS)
    assert list(serial.games.columns) == list(lab.GAME_COLUMNS)
    assert len(serial.players) == 8 * 3 and len(serial.games) == 8
    assert set(serial.players["variant"]) == {"standard"}
    assert list(serial.games["seed"]) == list(range(11, 19))
    assert (serial.players.groupby("seed")["seat"].apply(list) == [[0, 1, 2]] * 8).all()
    game = alh.simulate(3, "random", seed=11)
    first = serial.games.iloc[0]
    assert first["turns"] == game.turn and first["actions"] == len(game.history)
    assert first["top_score"] == max(game.scores().values())
    assert first["winners"] == ", ".join(game.winners())


def test_ranks_and_wins_follow_the_scores(serial):
    for _, rows in serial.players.groupby("seed"):
        best = rows["score"].max()
        assert list(rows["win"]) == list(rows["score"] == best)
        for row in rows.itertuples():
            assert row.rank == 1 + (rows["score"] > row.score).sum()


# -- whatever runs them ------------------------------------------------------------------------
def test_a_process_pool_gives_the_same_frames(serial):
    pooled = lab.simulate_games(8, players=3, bots="random", seed=11, processes=2, progress=False)
    _same(pooled, serial)


def test_any_executor_gives_the_same_frames(serial):
    with ThreadPoolExecutor(3) as executor:
        threaded = lab.simulate_games(
            8, players=3, bots="random", seed=11, executor=executor, progress=False
        )
    _same(threaded, serial)


@pytest.mark.slow
def test_a_dask_cluster_gives_the_same_frames(serial):
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2,
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=None,
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        assert cluster.scheduler_address.startswith("tcp://127.0.0.1:")
        on_cluster = lab.simulate_games(
            8, players=3, bots="random", seed=11, executor=client.get_executor(), progress=False
        )
    _same(on_cluster, serial)


def test_progress_counts_every_game(capsys):
    lab.simulate_games(3, seed=1, processes=1, progress=True)
    bar = capsys.readouterr().err
    assert "3/3" in bar


def test_bad_settings_are_refused_with_their_reason():
    with pytest.raises(lab.LabError, match="number of processes"):
        lab.simulate_games(2, processes=0)
    with pytest.raises(alh.core.bots.BotError, match="2 players"):
        lab.simulate_games(2, bots=["greedy"])
    with pytest.raises(alh.VariantError, match="ring is one of n, n-1, not 'n-2'"):
        lab.simulate_games(2, variants={"ring": "n-2"})
    with pytest.raises(alh.VariantError, match="no rule variant 'rings'"):
        lab.simulate_games(2, variants={"rings": "n-1"})
    with pytest.raises(lab.LabError, match="two or more ways"):
        lab.compare(variants={"only": {}})
    with pytest.raises(lab.LabError, match="two or more ways"):
        lab.compare(variants={"a": {}, "b": {}}, lineups={"c": ["greedy"] * 4, "d": ["random"] * 4})
    with pytest.raises(lab.LabError, match="no number column 'player'"):
        lab.compare(variants={"a": {}, "b": {}}, n=2, players=2, metrics=["player"], processes=1)


# -- rule variants on staged positions ---------------------------------------------------------
def test_a_closed_ring_scores_n_or_n_minus_one():
    cities = lab.positions(Ana=RING, Ben="1,0 tower-11-N")
    assert lab.score(cities, 2).walls == {"Ana": 12, "Ben": 1}
    assert lab.score(cities, 2, variants={"ring": "n-1"}).walls == {"Ana": 11, "Ben": 1}
    change = lab.what_if(cities, "Ben", "-1,0 tower-12", variants={"ring": "n-1"})
    assert change.before[3].walls["Ana"] == 11  # an open wall counts all its segments


def test_a_custom_majority_table_scores_by_it():
    table = {r: {b: (7, 3) for b in alh.BUILDINGS} for r in (1, 2, 3)}
    cities = lab.positions(Ana="1,0 garden-10-N; 0,1 tower-10-W", Ben="1,0 tower-11-N")
    breakdown = lab.score(cities, 1, variants={"majorities": table})
    # Ana alone holds a garden (7); towers: tied first and second, (7 + 3) // 2 each.
    assert breakdown.majorities == {"Ana": 7 + 5, "Ben": 5}
    assert lab.score(cities, 1).majorities == {"Ana": 5 + 3, "Ben": 3}
    game = alh.simulate(2, seed=5, variants={"majorities": table})
    assert game.scorings[0].types[0].places[0].pool[0] == 7  # read back from the game
    loaded = alh.Game.from_json(game.to_json())  # the save keeps the table
    assert loaded.variants == game.variants
    assert [s.totals for s in loaded.scorings] == [s.totals for s in game.scorings]


def test_starting_money_at_least_or_more_than_20():
    hands = {}
    for reading in ("at-least-20", "more-than-20"):
        hands[reading] = [
            p.money_total
            for seed in range(30)
            for p in alh.Game(4, seed=seed, variants={"start_money": reading}).players
        ]
    assert min(hands["more-than-20"]) > 20
    assert min(hands["at-least-20"]) == 20  # the rules' own reading stops at exactly 20


def test_holes_variant_reaches_every_city_of_a_game_and_its_save():
    game = alh.Game(2, seed=3, variants={"holes": "single"})
    assert {p.city.holes for p in game.players} == {"single"}
    loaded = alh.Game.from_json(game.to_json())
    assert loaded.variants == game.variants
    assert {p.city.holes for p in loaded.players} == {"single"}
    assert {p.city.holes for p in alh.Game(2, seed=3).players} == {"any"}


def test_hakim_variant_switches_on_the_half_building_module():
    game = alh.Game(3, seed=1, modules=["characters"], variants={"hakim": "half-building"})
    assert game.modules == ("characters-half-hakim",)
    assert alh.Game(3, seed=1, modules=["characters"]).modules == ("characters",)


def test_a_bot_class_plays_and_is_named_by_its_class():
    sim = lab.simulate_games(2, bots=[alh.GreedyBot, "random"], seed=1, processes=1, progress=False)
    assert list(sim.players["bot"]) == ["GreedyBot", "random"] * 2
    assert set(sim.games["bots"]) == {"GreedyBot, random"}


def test_a_variant_is_named_in_every_row():
    sim = lab.simulate_games(2, seed=1, variants={"ring": "n-1"}, processes=1, progress=False)
    assert set(sim.players["variant"]) == set(sim.games["variant"]) == {"ring=n-1"}
    named = lab.simulate_games(2, seed=1, name="BGA", processes=1, progress=False)
    assert set(named.players["variant"]) == {"BGA"}


# -- experiments -----------------------------------------------------------------------------
def test_compare_plays_the_same_seeds_every_way():
    ring = lab.compare(
        variants={"n": {}, "n - 1": {"ring": "n-1"}},
        n=6,
        players=2,
        bots="random",  # blind to walls: the same moves under either reading
        metrics=["points_wall", "score"],
        processes=1,
        progress=False,
    )
    rows = ring.players.set_index(["variant", "seed", "seat"])
    base, other = rows.loc["n"], rows.loc["n - 1"]
    # The same games (the ring counts only at scorings): the same tiles, never more wall.
    assert (base["tiles"] == other["tiles"]).all()
    assert (other["points_wall"] <= base["points_wall"]).all()
    assert list(ring.table["metric"]) == ["points_wall", "score"]
    assert set(ring.table["way"]) == {"n - 1"} and ring.baseline == "n"
    wall = ring.table.iloc[0]
    assert wall["difference"] == pytest.approx((other["points_wall"] - base["points_wall"]).mean())
    assert wall["low"] <= wall["difference"] <= wall["high"] <= 0
    assert ring.summary().startswith("6 games played each way, compared with n (averages")


def test_compare_bot_lineups_for_one_seat():
    seats = lab.compare(
        lineups={"random": ["random", "random"], "greedy": ["greedy", "random"]},
        n=8,
        players=2,
        metrics=["win"],
        seat=0,
        processes=1,
        progress=False,
    )
    row = seats.table.iloc[0]
    assert row["baseline_mean"] < row["way_mean"] == 1.0  # the greedy bot wins every game
    assert row["low"] > 0


def test_an_interval_covers_a_known_difference():
    rng = random.Random(7)
    before = [rng.gauss(50, 10) for _ in range(400)]
    after = [b + 2 + rng.gauss(0, 3) for b in before]  # each pair differs by 2 on average
    interval = lab.paired_difference(before, after, seed=1)
    assert interval.covers(2.0) and not interval.covers(0.0)
    assert interval.high - interval.low < 1.5


def test_intervals_cover_the_true_mean_about_as_often_as_they_say():
    rng = random.Random(3)
    covered = 0
    for trial in range(60):
        sample = [1.0 if rng.random() < 0.3 else 0.0 for _ in range(300)]
        covered += lab.confidence_interval(sample, seed=trial, resamples=500).covers(0.3)
    assert 50 <= covered <= 60  # 95 % of 60 is 57


def test_intervals_refuse_what_is_no_sample():
    with pytest.raises(lab.LabError, match="at least two numbers"):
        lab.confidence_interval([1.0])
    with pytest.raises(lab.LabError, match="come in pairs"):
        lab.paired_difference([1, 2, 3], [1, 2])
    with pytest.raises(lab.LabError, match="between 0 and 1"):
        lab.confidence_interval([1, 2, 3], confidence=95)


# -- the lab's arguments, checked before any game is played ---------------------------------
@pytest.mark.parametrize("seed", ["1", None, 1.5, float("nan"), 2**64, [1]])
def test_a_seed_that_is_no_whole_number_is_refused_before_any_game(seed):
    with pytest.raises(lab.LabError, match="seed"):
        lab.simulate_games(2, seed=seed, progress=False)
    with pytest.raises(lab.LabError, match="seed"):
        lab.compare(variants={"a": {}, "b": {"ring": "n-1"}}, n=2, seed=seed, progress=False)


@pytest.mark.parametrize("n", [0, -1, 10**100, 2.5, "40", None])
def test_a_game_count_out_of_reason_is_refused(n):
    with pytest.raises(lab.LabError):
        lab.simulate_games(n, progress=False)


@pytest.mark.parametrize("executor", ["dask", 4, object()])
def test_an_executor_that_is_no_executor_is_refused(executor):
    with pytest.raises(lab.LabError, match="executor"):
        lab.simulate_games(2, executor=executor, progress=False)


def test_a_position_that_is_no_city_is_refused_with_the_players_name():
    with pytest.raises(lab.LabError, match="The Alhambra of Ana"):
        lab.positions(Ana=None)


class DiesInTheGameOfSeed7:
    """A greedy player whose worker process dies in the game of seed 7 (as one killed by the
    machine, out of memory, would)."""

    def __init__(self, seed: int = 0) -> None:
        self.greedy = alh.GreedyBot(seed)

    def choose(self, state):
        if state.seed == 7:
            os._exit(3)
        return self.greedy.choose(state)


def test_a_worker_that_dies_is_a_lab_error_that_keeps_the_finished_games():
    with pytest.raises(lab.LabError, match="worker process stopped") as refused:
        lab.simulate_games(24, bots=[DiesInTheGameOfSeed7, "greedy"], processes=2, progress=False)
    kept = refused.value.simulation
    assert kept is not None and 7 not in set(kept.games["seed"])
    assert f"{len(kept.games)} of 24 games had finished" in str(refused.value)
    if len(kept.games):  # the games that finished are those a run without the death plays
        again = lab.simulate_games(
            24, bots=["greedy", "greedy"], processes=1, progress=False
        ).players
        again = again[again["seed"].isin(kept.games["seed"])].reset_index(drop=True)
        mine = kept.players.reset_index(drop=True)
        assert list(mine["score"]) == list(again["score"])

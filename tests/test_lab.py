"""The scoring lab: positions from text, scores per round, what-if, and simulated games.

The expected scores are worked out by hand from the scoring table (RULES.md §5); the
simulation is checked against the games' own final scores and against itself (the seed).
"""

from __future__ import annotations

import subprocess
import sys
from xml.etree import ElementTree

import pytest

import alhambra_nb as alh
from alhambra_nb import lab

SVG_NS = "http://www.w3.org/2000/svg"
SVG = "{" + SVG_NS + "}"
ANA = "1,0 garden-10-N; 0,1 tower-10-W; 0,-1 arcades-9"  # garden, tower, arcades; wall 1
BEN = "1,0 tower-11-N; -1,0 tower-12; 0,1 chambers-10"  # two towers, chambers; wall 1


@pytest.fixture
def cities():
    return lab.positions(Ana=ANA, Ben=BEN)


def test_alh_lab_is_lazy_and_loads_no_chart_library_until_a_chart():
    probe = (
        "import sys, alhambra_nb as alh\n"
        "print('alhambra_nb.lab' in sys.modules, 'pygal' in sys.modules)\n"
        "alh.lab.simulate_games(2, processes=1, progress=False)\n"
        "print('pygal' in sys.modules)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120
    ).stdout.split()
    assert out == ["False", "False", "False"]


def test_positions_refuse_an_illegal_alhambra():
    with pytest.raises(lab.LabError, match="Ben's Alhambra is not legal: The open south side"):
        lab.positions(Ben="1,1 tower-9-NE; 1,0 garden-10-N")


def test_scores_for_each_round_by_hand(cities):
    # Round 1: arcades Ana 3, garden Ana 5, chambers Ben 4, towers Ben 6 (2 > 1); walls 1.
    assert lab.score(cities, 1).totals == {"Ana": 3 + 5 + 1, "Ben": 4 + 6 + 1}
    # Round 2: Ana 10 + 12 + tower 2nd 6 + 1; Ben 11 + 13 + 1.
    assert lab.score(cities, 2).totals == {"Ana": 29, "Ben": 25}
    # Round 3: Ana 18 + 20 + 13 + 1; Ben 19 + 21 + 1.
    assert lab.score(cities, 3).totals == {"Ana": 52, "Ben": 41}
    text = lab.score_rounds(cities)
    assert text.count("Scoring ") == 3 and "tower: Ben 2: 1st, 13; Ana 1: 2nd, 6" in text


def test_what_if_one_more_tower_matches_hand_computed_scores(cities):
    # Ana builds the tower-9-NE at (2, 0): towers 2 : 2 tie, and her wall N-E-... grows to 3.
    change = lab.what_if(cities, "Ana", "2,0 tower-9-NE")
    assert change.cities["Ana"].longest_wall() == 3
    # Round 1: the tie shares 6 -> 3 each. Ana 3 + 5 + 3 + 3 = 14; Ben 4 + 3 + 1 = 8.
    # Round 2: (13 + 6) // 2 = 9 each. Ana 10 + 12 + 9 + 3 = 34; Ben 11 + 9 + 1 = 21.
    # Round 3: (21 + 13) // 2 = 17 each. Ana 18 + 20 + 17 + 3 = 58; Ben 19 + 17 + 1 = 37.
    assert {r: change.after[r].totals for r in lab.ROUNDS} == {
        1: {"Ana": 14, "Ben": 8},
        2: {"Ana": 34, "Ben": 21},
        3: {"Ana": 58, "Ben": 37},
    }
    assert change.diff() == {
        1: {"Ana": 5, "Ben": -3},
        2: {"Ana": 5, "Ben": -4},
        3: {"Ana": 6, "Ben": -4},
    }
    assert change.changed_sources(2) == {
        "Ana": {"tower": (6, 9), "wall": (1, 3)},
        "Ben": {"tower": (13, 9)},
    }
    assert "scoring 2: Ana 29 → 34 (+5), Ben 25 → 21 (-4)" in str(change)
    assert cities["Ana"].to_text() == alh.City.from_text(ANA).to_text()  # unchanged


def test_what_if_removing_and_illegal_changes(cities):
    removed = lab.what_if(cities, "Ben", "0,1 -")
    assert removed.diff()[3] == {"Ana": 0, "Ben": -19}  # the chambers majority is gone
    with pytest.raises(lab.LabError, match="would face the open south side of the garden"):
        lab.what_if(cities, "Ana", "1,1 tower-9-NE")
    with pytest.raises(lab.LabError, match="no player 'Cem'"):
        lab.what_if(cities, "Cem", "2,0 tower-9-NE")
    with pytest.raises(lab.LabError, match="a change is written"):
        lab.what_if(cities, "Ana", "somewhere")


@pytest.mark.parametrize("change", [(2, 0), None, 3, ["2,0", "tower-9-NE"]])
def test_what_if_refuses_a_change_that_is_no_text(cities, change):
    with pytest.raises(lab.LabError, match="a change is written"):
        lab.what_if(cities, "Ana", change)


@pytest.mark.parametrize("player", [["Ana"], {"Ana"}, 0, None])
def test_what_if_refuses_a_player_that_is_no_name(cities, player):
    with pytest.raises(lab.LabError, match="no player"):
        lab.what_if(cities, player, "2,0 tower-9-NE")


@pytest.fixture(scope="module")
def sim():
    return lab.simulate_games(6, seed=3, processes=1, progress=False)


def test_simulation_rows_agree_with_the_games_own_scores(sim):
    assert list(sim.games["seed"]) == [3, 4, 5, 6, 7, 8]
    assert list(sim.players["seed"]) == [3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8]
    for seed, rows in sim.players.groupby("seed"):
        game = alh.simulate(2, "greedy", seed=seed)
        assert dict(zip(rows["player"], rows["score"], strict=True)) == game.scores()
        for row, view in zip(rows.itertuples(), game.players, strict=True):
            # Every point of the final score comes from a majority or a wall ...
            sources = [getattr(row, f"points_{s}") for s in lab.SOURCES]
            assert sum(sources) == row.score
            # ... and each source's total is the sum of its three scorings.
            for source in lab.SOURCES:
                per_round = [getattr(row, f"r{r}_{source}") for r in lab.ROUNDS]
                assert sum(per_round) == getattr(row, f"points_{source}")
            assert row.longest_wall == view.city.longest_wall()
            # The last scoring's wall points are the final longest wall.
            assert game.scorings[-1].walls[row.player] == row.longest_wall == row.r3_wall
            assert row.tiles == len(view.city) - 1
            dealt = next(
                e.params["total"]
                for e in game.events
                if e.key == "event.money" and e.params["player"] == row.player
            )
            assert row.starting_money == dealt >= 20
        assert rows["win"].sum() >= 1 and rows["win_share"].sum() == pytest.approx(1.0)
        assert rows["start"].sum() == 1
    games = sim.games.set_index("seed")
    assert (games["first_scoring_turn"] < games["second_scoring_turn"]).all()
    assert (games["second_scoring_turn"] <= games["turns"]).all()


def test_simulation_is_reproducible_from_the_seed(sim):
    again = lab.simulate_games(6, seed=3, processes=1, progress=False)
    assert again.players.equals(sim.players) and again.games.equals(sim.games)
    assert again.summary() == sim.summary()
    other = lab.simulate_games(6, seed=4, processes=1, progress=False)
    assert not other.players.equals(sim.players)


def test_distributions(sim):
    by_source = sim.points_by_source()
    assert list(by_source.columns) == [*(b.value for b in alh.BUILDINGS), "wall"]
    assert len(by_source) == 12  # 6 games x 2 players
    turns = sim.second_scoring_turns()
    assert len(turns) == 6
    assert sim.share_second_scoring_before(max(turns) + 1) == 1.0
    assert sim.share_second_scoring_before(min(turns)) == 0.0
    assert sim.summary().startswith("6 games, bots greedy, seeds 3…8")


def test_charts_are_svg_pictures_with_their_title_as_text(sim):
    for chart, title in (
        (sim.plot_points_by_source(), "Points by source over 6 games (all three scorings)"),
        (sim.plot_second_scoring(), "How often the second scoring comes before turn N"),
        (sim.plot_longest_wall(), "How long the longest wall gets"),
    ):
        assert isinstance(chart, lab.Chart) and chart.title == title
        root = ElementTree.fromstring(chart._repr_svg_())
        assert root.get("role") == "img" and root.get("aria-label") == title
        assert root.find(f"{SVG}title").text == title
        assert "<script" not in chart.svg and "http://" not in chart.svg.replace(SVG_NS, "")
        # Drawn again from the same games, the picture is the same, to the byte.
        assert chart == getattr(sim, _plot_of(title))()
    boxes = ElementTree.fromstring(sim.plot_points_by_source().svg)
    labels = [t.text for t in boxes.iter(f"{SVG}text")]
    assert all(source in labels for source in lab.SOURCES)


def _plot_of(title: str) -> str:
    if title.startswith("Points"):
        return "plot_points_by_source"
    return "plot_second_scoring" if "second" in title else "plot_longest_wall"


def test_charts_are_labelled_in_the_language_asked_for(sim, tmp_path):
    chart = sim.plot_longest_wall(language="ja")
    expected = alh.core.messages.template("lab.plot.wall-title", "ja")
    assert chart.title == expected and expected in chart.svg
    assert alh.core.messages.template("lab.plot.players", "ja") in chart.svg
    saved = chart.save(tmp_path / "wall.svg")
    assert saved.read_text("utf-8") == chart.svg


def test_bad_game_count():
    with pytest.raises(lab.LabError):
        lab.simulate_games(0)


WITHOUT_COMPILED = ("pandas", "numpy", "scipy", "scipy.stats", "tqdm", "tqdm.auto")
"""What the classroom site's browser Python does not have (tqdm it has, but not needed)."""


@pytest.fixture
def browser_python(monkeypatch):
    """This interpreter as the classroom site's: importing pandas, numpy, SciPy or tqdm
    fails, as it does there."""
    for name in WITHOUT_COMPILED:
        monkeypatch.setitem(sys.modules, name, None)  # import raises ImportError


def test_without_pandas_scipy_or_tqdm_the_lab_gives_the_same_games(sim, browser_python):
    """The classroom site has none of them: a simulation gives plain tables holding the very
    rows of the DataFrames, and the summaries, shares and charts read the same."""
    plain = lab.simulate_games(6, seed=3, processes=1, progress=True)
    assert isinstance(plain.players, lab.Table) and isinstance(plain.games, lab.Table)
    assert lab.rows(plain.players) == lab.rows(sim.players)
    assert lab.rows(plain.games) == lab.rows(sim.games)
    assert plain.players.columns == lab.PLAYER_COLUMNS
    assert plain.summary() == sim.summary() and plain.summary(language="pl")
    assert plain.second_scoring_turns() == sim.second_scoring_turns()
    assert plain.plot_points_by_source() == sim.plot_points_by_source()
    assert plain.plot_second_scoring() == sim.plot_second_scoring()
    assert lab.rows(plain.points_by_source()) == lab.rows(sim.points_by_source())


def test_a_plain_table_reads_as_the_tutorial_reads_it(sim, browser_python):
    plain = lab.simulate_games(6, seed=3, processes=1, progress=False)
    first = plain.players[["seed", "seat", "score"]].head(2)
    assert first.columns == ("seed", "seat", "score") and len(first) == 2
    assert first[1] == {"seed": 3, "seat": 1, "score": sim.players["score"][1]}
    assert plain.players["score"] == list(sim.players["score"])
    assert first.to_text().splitlines()[0].split() == ["seed", "seat", "score"]
    assert "<th>seed</th>" in first._repr_html_()
    with pytest.raises(lab.LabError, match=r"no column 'points'.*the columns are: seed"):
        first["points"]
    with pytest.raises(lab.LabError, match="a row number, a column name"):
        first[1.5]


def test_without_scipy_intervals_are_drawn_in_plain_python(browser_python):
    """The same percentile bootstrap, drawn with Python's own random numbers: reproducible,
    and within sampling noise of SciPy's (checked against it in the next test)."""
    wins = [True] * 55 + [False] * 45
    interval = lab.confidence_interval(wins)
    assert interval == lab.confidence_interval(wins)  # the seed fixes the resamples
    assert interval.estimate == 0.55 and interval.low < 0.55 < interval.high
    # The normal approximation's 95 % interval is 0.55 ± 1.96 * sqrt(.55 * .45 / 100).
    assert interval.low == pytest.approx(0.452, abs=0.02)
    assert interval.high == pytest.approx(0.648, abs=0.02)
    assert lab.confidence_interval(wins, seed=1) != interval
    same = lab.paired_difference([1, 2, 3], [2, 3, 4])
    assert (same.estimate, same.low, same.high) == (1, 1, 1)


def test_plain_and_scipy_intervals_agree(browser_python, monkeypatch):
    values = [(seed * 7919) % 23 for seed in range(200)]
    plain = lab.confidence_interval(values, resamples=4000)
    monkeypatch.undo()
    with_scipy = lab.confidence_interval(values, resamples=4000)
    assert plain.estimate == with_scipy.estimate
    assert plain.low == pytest.approx(with_scipy.low, abs=0.15)
    assert plain.high == pytest.approx(with_scipy.high, abs=0.15)


def test_a_comparison_without_pandas_measures_the_same_differences(browser_python):
    ways = {"n": {}, "n - 1": {"ring": "n-1"}}
    plain = lab.compare(
        variants=ways, n=4, players=2, seed=1, processes=1, progress=False, metrics=["score"]
    )
    assert isinstance(plain.table, lab.Table)
    row = lab.rows(plain.table)[0]
    scores = {way: column_means(plain, way) for way in ways}
    assert row["baseline_mean"] == pytest.approx(scores["n"])
    assert row["way_mean"] == pytest.approx(scores["n - 1"])
    assert plain.summary().startswith("4 games played each way, compared with n")
    assert isinstance(plain.plot(), lab.Chart)


def column_means(comparison, way: str) -> float:
    scores = [r["score"] for r in lab.rows(comparison.players) if r["variant"] == way]
    return sum(scores) / len(scores)


@pytest.mark.parametrize("junk", [None, "", 0, [1, 2, 3], {"seed": [1]}, "players"])
def test_rows_and_tables_refuse_what_is_no_table_in_words(junk):
    with pytest.raises(lab.LabError, match="reads its own tables"):
        lab.rows(junk)
    with pytest.raises(lab.LabError, match="columns are given as a list of different names"):
        lab.Table(junk)
    with pytest.raises(lab.LabError, match="columns are given as a list of different names"):
        lab.Table(["a", "a"])
    with pytest.raises(lab.LabError, match="Each row of a table is a list of 2 values"):
        lab.Table(["a", "b"], [[1, 2], junk])

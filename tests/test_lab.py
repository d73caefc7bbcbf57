"""The scoring lab: positions from text, scores per round, what-if, and simulated games.

The expected scores are worked out by hand from the scoring table (RULES.md §5); the
simulation is checked against the games' own final scores and against itself (the seed).
"""

from __future__ import annotations

import subprocess
import sys

import pytest

import alhambra_nb as alh
from alhambra_nb import lab

ANA = "1,0 garden-10-N; 0,1 tower-10-W; 0,-1 arcades-9"  # garden, tower, arcades; wall 1
BEN = "1,0 tower-11-N; -1,0 tower-12; 0,1 chambers-10"  # two towers, chambers; wall 1


@pytest.fixture
def cities():
    return lab.positions(Ana=ANA, Ben=BEN)


def test_alh_lab_is_lazy_and_loads_no_matplotlib_until_a_plot():
    probe = (
        "import sys, alhambra_nb as alh\n"
        "print('alhambra_nb.lab' in sys.modules, 'matplotlib' in sys.modules)\n"
        "alh.lab.simulate_games(2, processes=1, progress=False)\n"
        "print('matplotlib' in sys.modules)\n"
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


def test_plots_are_real_matplotlib_figures(sim):
    import matplotlib

    matplotlib.use("Agg")
    for fig, title in (
        (sim.plot_points_by_source(), "Points by source over 6 games"),
        (sim.plot_second_scoring(), "second scoring comes before turn N"),
        (sim.plot_longest_wall(), "How long the longest wall gets"),
    ):
        assert isinstance(fig, matplotlib.figure.Figure)
        assert title in fig.axes[0].get_title()
        fig.canvas.draw()
    boxes = sim.plot_points_by_source().axes[0]
    assert [t.get_text() for t in boxes.get_xticklabels()] == list(lab.SOURCES)


def test_japanese_charts_draw_every_glyph_where_a_japanese_font_is_installed(sim):
    """`make test` installs a font with Japanese glyphs (and Binder's apt.txt does): the
    charts must use it, or their Japanese labels are drawn as boxes."""
    import warnings

    import matplotlib
    from matplotlib import font_manager

    from alhambra_nb.lab.simulation import JAPANESE_FONTS

    matplotlib.use("Agg")
    if not {f.name for f in font_manager.fontManager.ttflist} & set(JAPANESE_FONTS):
        pytest.skip("no font with Japanese glyphs on this machine")
    with warnings.catch_warnings():
        warnings.filterwarnings("error", message="Glyph .* missing")
        for plot in (sim.plot_points_by_source, sim.plot_second_scoring, sim.plot_longest_wall):
            fig = plot(language="ja")
            fig.canvas.draw()
            matplotlib.pyplot.close(fig)


@pytest.mark.parametrize("language", ["en", "de"])
def test_without_matplotlib_each_plot_says_so_and_the_notebook_runs_on(
    sim, monkeypatch, capsys, language
):
    """The classroom site in the browser has no matplotlib: a plot tells the learner why there
    is no chart, in their language, instead of failing the cell."""
    for name in ("matplotlib", "matplotlib.pyplot"):
        monkeypatch.setitem(sys.modules, name, None)  # import raises ImportError
    for plot in (sim.plot_points_by_source, sim.plot_second_scoring, sim.plot_longest_wall):
        assert plot(language=language) is None
        said = capsys.readouterr().out
        assert said == alh.core.messages.template("lab.plot.unavailable", language) + "\n"
        assert "matplotlib" in said and "Traceback" not in said


def test_bad_game_count():
    with pytest.raises(lab.LabError):
        lab.simulate_games(0)


@pytest.mark.parametrize("language", ["en", "de"])
def test_without_pandas_a_simulation_says_what_it_needs(monkeypatch, language):
    """The classroom site in the browser has no pandas: a simulation is refused with a
    sentence in the learner's language, before any game is played."""
    monkeypatch.setitem(sys.modules, "pandas", None)  # import raises ImportError
    before = alh.get_language()
    alh.set_language(language)
    try:
        with pytest.raises(lab.LabError) as refusal:
            lab.simulate_games(2, processes=1, progress=False)
    finally:
        alh.set_language(before)
    assert str(refusal.value) == alh.core.messages.template("lab.needs-pandas", language)
    assert "pandas" in str(refusal.value)

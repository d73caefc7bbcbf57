"""The picture of a whole game table, drawn by render: a ``Game`` shows itself in a notebook
without any widget code, the same way every time, with its words and every player's parts."""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET

import pytest

import alhambra_nb as alh
from alhambra_nb.core.messages import render, template
from alhambra_nb.render import game_svg
from alhambra_nb.render.table import TableView, table_picture
from tests.fresh import printed_by

SVG = "{http://www.w3.org/2000/svg}"
MODULES = ("gates", "diamonds", "characters", "camps")


def played(players: list[str], seed: int, actions: int, modules: tuple[str, ...] = ()) -> alh.Game:
    """A game after ``actions`` actions of a random bot (the same game for the same seed)."""
    game = alh.Game(players, seed=seed, modules=modules)
    bot = alh.RandomBot(seed=seed)
    for _ in range(actions):
        game.apply(bot.choose(game.state))
    return game


def classed(root: ET.Element, cls: str) -> list[ET.Element]:
    """The elements whose class list holds ``cls``."""
    return [e for e in root.iter() if cls in e.get("class", "").split()]


def texts(root: ET.Element, cls: str) -> list[str]:
    return [e.text or "" for e in classed(root, cls)]


def test_a_game_is_drawn_without_any_widget_code():
    script = """
import sys
import alhambra_nb as alh
from alhambra_nb.render import game_svg
game = alh.Game(["Ann", "Bob", "Cy"], seed=5, modules=("gates", "diamonds", "characters"))
bot = alh.RandomBot(seed=5)
for _ in range(40):
    game.apply(bot.choose(game.state))
svg = game._repr_svg_()
assert svg == game_svg(game) and svg.startswith("<svg")
widgets = ("anywidget", "traitlets", "ipywidgets", "IPython", "alhambra_nb.widgets")
print(sorted(m for m in sys.modules if m.startswith(widgets)))
"""
    assert printed_by(script).strip() == "[]"


def test_the_picture_is_the_same_every_time():
    first = game_svg(played(["Ann", "Bob", "Cy"], 11, 30, MODULES))
    again = game_svg(played(["Ann", "Bob", "Cy"], 11, 30, MODULES))
    assert first == again
    assert first != game_svg(played(["Ann", "Bob", "Cy"], 11, 31, MODULES))


def test_a_game_shows_itself_as_its_table():
    game = played(["Ann", "Bob"], 2, 12)
    assert game._repr_svg_() == game_svg(game)
    assert repr(game).startswith("<Game Ann, Bob (seed 2)")  # the text stays as it was


@pytest.mark.parametrize("language", ["en", "hu"])
def test_its_words_without_the_picture_are_the_game_described(language):
    game = played(["Ann", "Bob"], 4, 10)
    root = ET.fromstring(game_svg(game, language=language))
    # the game as print(game) says it, its tiles and cards in words rather than codes
    assert root.find(f"{SVG}desc").text == game.describe(language, notation=False)
    market = template("widget.table-market", language)
    assert texts(root, "panel-title")[0] == market


def test_every_player_the_market_and_the_display_are_on_the_table():
    game = played(["Ann", "Bob", "Cy", "Dee"], 7, 25)
    state = game.state
    root = ET.fromstring(game_svg(game))
    names = texts(root, "player-name")
    assert [n.split(" (")[0].lstrip("▶ ") for n in names] == ["Ann", "Bob", "Cy", "Dee"]
    seats = [e.get("data-seat") for e in classed(root, "player-city")]
    assert seats == ["0", "1", "2", "3"]
    spaces = classed(root, "space")
    assert [s.get("data-space") for s in spaces] == ["1", "2", "3", "4"]
    for space, tile in zip(spaces, state.market, strict=True):
        assert (tile is None) == (not classed(space, "tile-picture"))
    assert [c.get("data-card") for c in classed(root, "money-card") if c.get("data-card")] == [
        *state.display
    ]
    hands = [c.get("data-hand") for c in classed(root, "money-card") if c.get("data-hand")]
    assert sorted(hands) == sorted(card for p in state.players for card in p.money)
    # A picture: nothing on it to press, and no line of the log marked as just done.
    assert not classed(root, "button") and not classed(root, "fresh")
    newest = textwrap.wrap(state.log[-1].sentence("en"), 128)
    assert texts(root, "log-text")[-len(newest) :] == newest


def test_with_modules_on_their_parts_are_on_the_table():
    game = played(["Ann", "Bob", "Cy"], 5, 60, MODULES)
    root = ET.fromstring(game_svg(game))
    (panel,) = classed(root, "modules")
    title = texts(panel, "panel-title")[0]
    assert title == render(
        "widget.modules-title",
        {"modules": "city gates, diamonds, character cards and camps"},
        "en",
    )
    assert texts(root, "gate-display")  # the gate card beside the market, or that none lies
    assert len(texts(root, "gate-cards")) == 3  # each player's gate cards
    assert texts(root, "auction")[0].startswith(("Auction of", "No auction", "Ann", "Bob", "Cy"))
    assert len(classed(root, "characters-title")) == 3
    diamonds = template("currency.diamond", "en")
    assert all(diamonds in t for t in texts(root, "money-totals"))
    plain = ET.fromstring(game_svg(played(["Ann", "Bob", "Cy"], 5, 60)))
    assert not classed(plain, "modules") and not classed(plain, "gate-cards")


def test_a_view_marks_bots_the_chosen_tile_and_fresh_lines():
    game = played(["Ann", "Bob"], 3, 0)
    game.apply(next(a for a in game.legal_actions() if isinstance(a, alh.Buy)))
    you, bot = game.state.current, 1 - game.state.current
    newest = len(game.state.log) - 1
    marks = [""] * newest + ["bot"]
    view = TableView(bots={bot}, choice=("bought", 0), log_marks=marks, fresh_from=newest)
    root = ET.fromstring(table_picture(game, view).svg)
    names = texts(root, "player-name")
    assert names[you] == f"▶ {game.state.names[you]} (you)"
    assert names[bot] == f"{game.state.names[bot]} (bot)"
    (chosen,) = classed(root, "chosen")
    assert chosen.get("data-bought") == "0"
    fresh = classed(root, "fresh")
    assert fresh and classed(fresh[0], "bot-tag")
    assert len(classed(root, "log-line")) > len(fresh)
    # Without a view: no bots, nothing chosen, nothing fresh.
    root = ET.fromstring(game_svg(game))
    assert "(player)" in texts(root, "player-name")[bot]
    assert not classed(root, "chosen") and not classed(root, "fresh")

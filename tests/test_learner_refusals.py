"""Every public call refuses bad input with the package's error, in words a learner reads.

A refusal is an :class:`alh.AlhambraError` that names the field or rule and quotes the bad
value cut short; nothing changes. What a learner reads holds no Python repr, class name,
exception name or rule id: the ids stay on ``violations[i].rule`` for code.
"""

from __future__ import annotations

import json
import random
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import alhambra_nb as alh
from alhambra_nb.core.actions import EndTurn
from alhambra_nb.core.checks import check_action
from alhambra_nb.core.state import GameState
from alhambra_nb.core.turns import apply_action

from .test_bad_input import HUGE, ODD_VALUES, play, refused_unchanged

PYTHON_WORDS = re.compile(
    r"Error\b|Exception|NoneType|\bdict\b|\bint\b|\bstr\b|Traceback|sys\.|__\w+__"
    r"|\b[A-Z][a-z]+[A-Z]\w*\.\w+"  # Class.field
)
"""What only a programmer reads: exception and type names, dunders, ``Class.field``."""

RULE_ID = re.compile(
    r"\b(placement|turn|buy|place|redesign|money|city|scoring|gate|auction|character)/[a-z0-9-]+"
)


def learner_words(message: str) -> bool:
    return not PYTHON_WORDS.search(message) and not RULE_ID.search(message)


def refused(call, *args, **kwargs) -> alh.AlhambraError:
    with pytest.raises(alh.AlhambraError) as raised:
        call(*args, **kwargs)
    return raised.value


# -- cities and tiles -----------------------------------------------------------------------
def test_a_city_reads_gates_given_as_side_letters_or_none():
    tiles = {(1, 0): "garden-10", (2, 0): "garden-10"}
    city = alh.City(tiles, gates=[((1, 0), "E")])
    assert city.gates == alh.City(tiles, gates=[((1, 0), alh.Side.E)]).gates
    assert city.gates == {((1, 0), alh.Side.E)}
    assert alh.City(gates=None) == alh.City()


@pytest.mark.parametrize(
    "make",
    [
        lambda: alh.City(5),
        lambda: alh.City("1,0 garden-10"),
        lambda: alh.City([(1, 0, "garden-10")]),
        lambda: alh.City(gates=5),
        lambda: alh.City({(1, 0): "garden-10", (2, 0): "garden-10"}, gates=[((1, 0), "Q")]),
        lambda: alh.City({(1, 0): "garden-10", (2, 0): "garden-10"}, gates=[((1, 0), 7)]),
        lambda: alh.Tile(alh.Building.GARDEN, 10, walls=5),
        lambda: alh.Tile(alh.Building.GARDEN, HUGE),
        lambda: alh.Tile(HUGE, 10),
        lambda: alh.Tile.parse(HUGE),
        lambda: alh.Tile(alh.Building.TOWER, 9, bastions=["N"] * 10**6),
        lambda: alh.City().check("garden-10", (1, 0), rotation="1"),
        lambda: alh.City().place("garden-10-W", (1, 0), gate="Q"),
    ],
)
def test_a_city_or_tile_of_the_wrong_kind_is_refused_in_words(make):
    error = refused(make)
    assert learner_words(str(error)), str(error)


def test_a_gate_that_joins_no_two_tiles_is_refused_when_the_city_is_made():
    error = refused(alh.City, {(1, 0): "garden-10"}, gates=[((1, 0), alh.Side.E)])
    assert "does not join two tiles" in str(error) and "(1, 0)" in str(error)
    # named from the other tile, the same gate is just as dangling
    refused(alh.City, {(2, 0): "garden-10"}, gates=[((2, 0), "W")])


@pytest.mark.parametrize("walls", ["NENE", "NN", "NESWN", ["S", alh.Side.S]])
def test_a_wall_string_that_names_a_side_twice_is_refused(walls):
    error = refused(alh.Tile, alh.Building.TOWER, 9, walls)
    assert isinstance(error, alh.TileError) and "twice" in str(error)


@pytest.mark.parametrize("code", ["tower-9-NENE", "garden-10-NN", "camp-8-NN"])
def test_a_tile_code_that_names_a_side_twice_is_refused(code):
    assert isinstance(refused(alh.Tile.parse, code), alh.TileError)


@pytest.mark.parametrize("code", ["garden-１٠", "garden-١٠", "tower-٩-NE"])
def test_a_tile_code_is_read_in_ascii_digits_only(code):
    assert isinstance(refused(alh.Tile.parse, code), alh.TileError)


@pytest.mark.parametrize("text", ["١,٠ garden-10", "1,٠ garden-10", "(１, 0) garden-10"])
def test_a_city_text_is_read_in_ascii_digits_only(text):
    assert isinstance(refused(alh.City.from_text, text), alh.NotationError)


def test_a_bad_city_text_is_quoted_cut_short():
    for text in ["1,0 garden-10\n" + "x" * 1_000_000, "1,0 " + "garden-10" * 100_000]:
        error = refused(alh.City.from_text, text)
        assert len(str(error)) < 400 and learner_words(str(error))


def test_a_cell_too_far_names_the_bound_of_a_city():
    error = refused(alh.City().check, "garden-10", (10**7, 0))
    assert str(error).endswith("at most 100.")


def test_the_new_refusals_are_the_package_errors():
    for error in (alh.CityError, alh.SideError, alh.CurrencyError, alh.SeatError):
        assert issubclass(error, alh.AlhambraError) and error.__doc__.startswith("Raised when")


# -- other public calls ---------------------------------------------------------------------
@pytest.mark.parametrize("value", ["x", "", "NE", None, 3, pytest.param(HUGE, id="huge")])
def test_a_side_that_is_none_is_refused_by_the_package(value):
    error = refused(alh.Side.parse, value)
    assert learner_words(str(error)), str(error)


@pytest.mark.parametrize("value", ["x", "", None, 3, "denar-3#1"])
def test_a_currency_that_is_none_is_refused_by_the_package(value):
    error = refused(alh.Currency, value)
    assert learner_words(str(error)) and "denar" in str(error)


def test_a_currency_is_read_whatever_its_capitals():
    assert alh.Currency("Denar") is alh.Currency.DENAR


@pytest.mark.parametrize("seat", [2, 99, -1, True, "0", None, pytest.param(HUGE, id="huge")])
def test_money_in_refuses_a_seat_the_game_has_not(seat):
    game = alh.Game(2, seed=1)
    assert "seat" in str(refused(game.money_in, seat, "denar"))


def test_money_in_reads_each_seat_and_refuses_an_unknown_currency():
    game = alh.Game(3, seed=4)
    for seat, player in enumerate(game.players):
        assert game.money_in(seat, "denar") == player.money_in("denar")
    refused(game.money_in, 0, "x")
    refused(game.players[0].money_in, "x")


def test_modules_are_a_list_a_single_name_or_none():
    assert alh.Game(2, seed=1, modules=None).modules == ()
    assert alh.Game(2, seed=1, modules="gates").modules == ("gates",)
    for modules in (5, {"gates": 1}, ["chess"]):
        assert isinstance(refused(alh.Game, 2, seed=1, modules=modules), alh.UnknownModuleError)


def test_module_state_refuses_a_module_that_does_not_exist():
    game = alh.Game(2, seed=1, modules=["gates"])
    assert game.module_state("gates") == json.loads(game.to_json())["extra"]["gates"]
    assert game.module_state("diamonds") == {}  # a real module, switched off
    for name in ("chess", None, 5):
        assert isinstance(refused(game.module_state, name), alh.UnknownModuleError)


@pytest.mark.parametrize("value", [None, {}, "state", alh.Game(2, seed=1)])
def test_from_state_refuses_what_is_no_state(value):
    assert isinstance(refused(alh.Game.from_state, value), alh.GameStateError)


def test_from_state_takes_a_copy():
    game = play(alh.Game(3, seed=3), 40, random.Random(3))
    state = game.state
    continued = alh.Game.from_state(state)
    saved = continued.to_json()
    state.players[0].money.clear()
    state.players[0].city.place(*_any_fit(state.players[0].city))
    state.note("event.end", player=state.players[0].name)  # the copy's log grows alone
    assert continued.to_json() == saved


def _any_fit(city: alh.City) -> tuple[alh.Tile, tuple[int, int]]:
    return next((tile, min(cells)) for tile in alh.TILES if (cells := city.legal_cells(tile)))


@pytest.mark.parametrize("counts", [None, 5, {"a": None}, {"a": 5}, {"a": {"tower": 1}}])
def test_majority_points_refuses_counts_of_the_wrong_kind(counts):
    error = refused(alh.majority_points, counts, round=1)
    assert isinstance(error, alh.ScoringError) and learner_words(str(error)), str(error)


class Sulky(EndTurn):
    """An action whose text cannot be had."""

    def __str__(self) -> str:
        raise RuntimeError("no text")


def test_an_action_that_cannot_write_itself_out_is_refused():
    game = alh.Game(2, seed=1)
    error = refused_unchanged(game, Sulky())
    assert isinstance(error, alh.UnknownActionError) and learner_words(str(error))


@settings(max_examples=200, deadline=None)
@given(a=ODD_VALUES, b=ODD_VALUES, which=st.integers(0, 6))
def test_public_calls_with_odd_values_get_the_package_error(a, b, which):
    game = alh.Game(2, seed=1)
    calls = [
        lambda: alh.City(a, gates=b),
        lambda: alh.Tile(alh.Building.GARDEN, 10, walls=a),
        lambda: alh.Side.parse(a),
        lambda: alh.Currency(a),
        lambda: game.money_in(a, b),
        lambda: alh.majority_points(a, round=1),
        lambda: alh.Game(2, seed=1, modules=a),
    ]
    try:
        calls[which]()
    except alh.AlhambraError as error:
        assert len(str(error)) < 500
    assert game.to_json() == alh.Game(2, seed=1).to_json()


# -- what a learner reads ---------------------------------------------------------------------
def test_a_broken_rule_reads_as_its_sentence_and_keeps_its_id_for_code():
    game = alh.Game(3, seed=5)
    other = (game.current_player + 1) % 3
    error = refused_unchanged(game, EndTurn(seat=other))
    assert isinstance(error, alh.IllegalActionError)
    assert str(error) == "\n".join(v.message for v in error.violations)
    assert error.rules and not RULE_ID.search(str(error))
    city = alh.City.from_text("1,0 garden-10")
    with pytest.raises(alh.IllegalPlacementError) as raised:
        city.place("tower-9-NE", (-1, 1))
    assert raised.value.rules and not RULE_ID.search(str(raised.value))
    assert all(str(v) == v.message for v in raised.value.violations)


def test_a_list_of_broken_rules_prints_as_its_sentences():
    city = alh.City.from_text("1,0 garden-10")
    violations = city.check("tower-9-NE", (-1, 1))
    printed = str(violations)  # what print() and a cell's last line show of the list
    assert len(violations) == 2
    assert all(v.message in printed for v in violations)
    assert learner_words(printed)


def test_a_refusal_left_uncaught_in_a_notebook_shows_its_sentences_alone(capsys):
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    shell.run_cell("import alhambra_nb as alh")
    result = shell.run_cell('alh.City.from_text("1,0 garden-10").place("tower-9-NE", (-1, 1))')
    shown = capsys.readouterr().out
    assert isinstance(result.error_in_exec, alh.IllegalPlacementError)
    assert str(result.error_in_exec) in shown
    assert learner_words(shown), shown
    shell.run_cell("raise KeyError('a fault of the package')")  # a fault keeps its traceback
    assert "Traceback" in capsys.readouterr().out


def _save() -> dict:
    return json.loads(play(alh.Game(2, seed=1, modules=["gates"]), 30, random.Random(1)).to_json())


def _mutations() -> list[tuple[str, dict]]:
    """Saves broken in the ways that used to come back as Python reprs."""
    found = []
    save = _save()
    no_param = json.loads(json.dumps(save))
    del no_param["log"][0]["neutral"]
    found.append(("an event missing a parameter", no_param))
    bad_tile = json.loads(json.dumps(save))
    bad_tile["log"][0]["tiles"] = ["garden-99"]
    found.append(("an event naming no tile", bad_tile))
    no_gates = json.loads(json.dumps(save))
    no_gates["extra"]["gates"] = {}
    found.append(("a module state missing its parts", no_gates))
    return found


@pytest.mark.parametrize("case", range(3))
def test_a_broken_save_is_refused_in_words(case):
    _, data = _mutations()[case]
    error = refused(GameState.from_dict, data)
    assert learner_words(str(error)), str(error)


@pytest.mark.parametrize(
    "text", ["null", "[1]", "5", '"x"', "{x", "1" + "0" * 5000, b"\xff\xfe", '{"a": ' + "9" * 5000]
)
def test_a_text_that_is_no_save_is_refused_in_words(text):
    error = refused(alh.Game.from_json, text)
    assert learner_words(str(error)), str(error)


def test_the_kind_of_a_value_is_named_in_words():
    for value in (None, 5, [1]):
        error = refused(GameState.from_dict, value)
        assert learner_words(str(error)), str(error)
    assert "NoneType" not in str(refused(alh.Game.from_json, None))


def test_an_action_field_is_named_without_its_class():
    error = refused(alh.parse_action, "seat 999999999999999999999999: pass")
    assert learner_words(str(error)), str(error)


def test_buying_with_only_wrong_cards_gives_only_the_true_reasons():
    game = alh.Game(3, seed=5)
    seat = game.current_player
    hand = game.players[seat].money
    space = next(s for s in game.market if s.tile is not None)
    wrong = next((c for c in hand if c.currency is not space.currency), None)
    if wrong is None:
        pytest.skip("the hand holds only the space's currency")
    error = refused_unchanged(game, alh.Buy(space.space, (wrong.id,)))
    assert error.rules == (alh.RuleId.BUY_WRONG_CURRENCY,)
    foreign = next(c for c in game.players[(seat + 1) % 3].money)
    error = refused_unchanged(game, alh.Buy(space.space, (foreign.id,)))
    assert error.rules == (alh.RuleId.BUY_NOT_IN_HAND,)


def test_paying_a_bid_with_a_card_not_held_gives_only_that_reason():
    from .test_modules_characters import _auction

    state = apply_action(_auction(), "bid 5")
    state = apply_action(state, "bid 7")  # seat 2 cannot top it: seat 1 pays
    found = check_action(state, alh.modules.characters.PayBid(("denar-9#1",)))
    assert [v.rule for v in found] == [alh.RuleId.BUY_NOT_IN_HAND]
    found = check_action(state, alh.modules.characters.PayBid(("dirham-6#1",)))
    assert [v.rule for v in found] == [alh.RuleId.AUCTION_PAYMENT]  # 6 is truly too little


def test_a_first_round_tie_splits_only_the_first_place():
    breakdown = alh.score_round(
        {"Ana": {alh.Building.PAVILION: 2}, "Ben": {alh.Building.PAVILION: 2}}, round=1
    )
    text = breakdown.explain()
    assert "tie for 1st:" in text and "2nd" not in text
    two = alh.score_round(
        {"Ana": {alh.Building.PAVILION: 2}, "Ben": {alh.Building.PAVILION: 2}}, round=2
    )
    assert "tie for 1st and 2nd" in two.explain()


# -- what the game hands out -----------------------------------------------------------------
def test_a_handed_out_city_cannot_change_the_game_even_through_its_private_mapping():
    game = play(alh.Game(2, seed=2), 30, random.Random(2))
    saved, history = game.to_json(), game.history
    for city in (game.state.players[0].city, game.players[0].city):
        with pytest.raises(TypeError):
            city._tiles[(70, 70)] = alh.TILES[0]  # type: ignore[index]
        city.place(*_any_fit(city))  # a copy may still be played on: it takes its own
    assert game.to_json() == saved
    game.undo()
    assert alh.Game.from_json(saved).to_json() == saved and game.history == history[:-1]


# -- digits of other scripts ------------------------------------------------------------------
@pytest.mark.parametrize("text", ["place garden-10 at ١,٠", "seat ١: end", "buy ٢ with denar-3#1"])
def test_action_texts_are_read_in_ascii_digits_only(text):
    game = alh.Game(2, seed=1)
    assert isinstance(refused_unchanged(game, text), alh.ActionParseError)


def test_a_modules_action_is_read_in_ascii_digits_only():
    assert alh.parse_action("bid 3") == alh.modules.characters.Bid(3)
    assert isinstance(refused(alh.parse_action, "bid ٣"), alh.ActionParseError)

"""The engine speaks the session's language: violations, the log, scorings, a printed game,
the neutral player's name and every refusal of bad input.

These tests do not wait for the translators: they compile a catalogue of their own, a
pseudo-translation of every English template into capitals (placeholders left as they are),
so a lower-case English word in what the engine says is a sentence that bypassed the
catalogue. Names (players, characters), tile codes, card ids and quoted values are the same
in every language and are taken out before looking.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import alhambra_nb as alh
from alhambra_nb import lab
from alhambra_nb.modules.characters import CHARACTERS
from tests.catalogues import every_template, reading, write_catalogue

LANGUAGE = "hu"
"""The language the test catalogue stands in for (any of the five but English)."""

NEUTRAL = "Géza"
"""What the test catalogue calls the neutral player, as the Hungarian rulebook does."""

ALL_MODULES = ("gates", "diamonds", "characters", "camps")

_PLACEHOLDER = re.compile(r"(\{\{|\}\}|\{[^{}]*\})")


def _capitals(english: str) -> str:
    """The English template in capitals, its placeholders (``{tile:acc}``) untouched."""
    return "".join(
        p if _PLACEHOLDER.fullmatch(p) else p.upper() for p in _PLACEHOLDER.split(english)
    )


def _write_catalogue(directory: Path) -> None:
    translations = every_template(_capitals)
    translations["neutral.name"] = NEUTRAL
    write_catalogue(directory, LANGUAGE, translations)


@pytest.fixture(scope="module")
def catalogue_dir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The test catalogue, compiled once for the module."""
    import alhambra_nb.chapters
    import alhambra_nb.widgets  # noqa: F401

    directory = tmp_path_factory.mktemp("locale")
    _write_catalogue(directory)
    return directory


@pytest.fixture
def capitals(catalogue_dir: Path) -> Iterator[None]:
    """The session speaks the test catalogue's language; as before afterwards."""
    with reading(catalogue_dir):
        alh.set_language(LANGUAGE)
        yield


_NOTATION = re.compile(
    r"'[^']*(?:'|\.\.\.)|\"[^\"]*\"|\b[a-z]+-\d+(?:-[NESW]+)?\b|\b[a-z]+-\d+#\d+\b|\bgate#\d+\b"
    r"|\b(?:character|scoring)-[a-z-]+\b|\b[a-z_]+\[\d+\](?:\.[a-z_]+)*"
)
"""Tile codes, card ids, quoted values (cut short when long) and a saved game's fields
(``players[0].money``): notation, the same in every language."""

_NAMES = {"Ana", "Ben", "Cem", NEUTRAL, "greedy", "random", *(c.name for c in CHARACTERS)}
"""Players', characters' and bots' names: names in every language."""


def _english_left(text: str) -> list[str]:
    """The lower-case words of four letters or more left in ``text`` once names and notation
    are taken out: English that did not come through the catalogue."""
    for name in sorted(_NAMES, key=len, reverse=True):
        text = text.replace(name, " ")
    return re.findall(r"\b[a-z]{4,}\b", _NOTATION.sub(" ", text))


def _assert_translated(texts: list[str]) -> None:
    left = [(text[:100], _english_left(text)) for text in texts if _english_left(text)]
    assert left[:5] == []


# -- violations -------------------------------------------------------------------------------
def test_a_violation_speaks_the_session_language_and_follows_set_language(capitals):
    city = alh.City.from_text("1,0 garden-10")
    violation = city.check("tower-10-W", (2, 1))[0]
    translated = violation.message
    assert translated == _capitals(violation.explain("en")) or translated.isupper()
    _assert_translated([translated])
    alh.set_language("en")
    assert violation.message == violation.explain("en") != translated
    assert violation.explain(LANGUAGE) == translated


def test_a_refused_action_names_its_rules_in_the_session_language(capitals):
    game = alh.Game(["Ana", "Ben"], seed=1)
    display = game.money_display
    taken = " ".join(c.id for c in display)
    with pytest.raises(alh.RuleViolationError) as refusal:
        game.apply(f"take {taken}")
    _assert_translated([str(refusal.value), *(v.message for v in refusal.value.violations)])


# -- the game: its log, scorings and printed table -------------------------------------------
@pytest.mark.parametrize("modules", [(), ALL_MODULES])
def test_a_whole_game_is_told_in_the_session_language(capitals, modules):
    game = alh.simulate(["Ana", "Ben"], seed=11, modules=modules)
    assert game.log and game.scorings
    _assert_translated(game.log)
    _assert_translated([scoring.explain() for scoring in game.scorings])
    _assert_translated([str(game), str(game.neutral), *map(str, game.players)])
    _assert_translated([str(space) for space in game.market])
    assert game.log_in("en") != game.log
    assert game.log_in("en")[0] == game.events[0].sentence("en")


def test_a_scoring_with_ties_and_bonuses_is_explained_in_the_session_language(capitals):
    game = alh.simulate(["Ana", "Ben", "Cem"], seed=5, modules=ALL_MODULES)
    bonuses = [s for s in game.scorings if s.bonuses]
    explained = [s.explain() for s in game.scorings]
    _assert_translated(explained)
    assert all(s.explain(language="en") != s.explain() for s in bonuses)
    towers = {"Ana": {alh.Building.TOWER: 4}, "Ben": {alh.Building.TOWER: 4}}
    _assert_translated([alh.score_round(towers, round=2).explain()])


def test_a_game_printed_mid_play_is_in_the_session_language(capitals):
    game = alh.Game(["Ana", "Ben", "Cem"], seed=3)
    for _ in range(12):
        game.apply(game.legal_actions()[0])
    _assert_translated([str(game), *map(str, game.players), *map(str, game.market)])
    assert "DENAR" in str(game)


def test_the_lab_speaks_the_session_language(capitals):
    cities = lab.positions(Ana="1,0 garden-10-N; 0,1 tower-10-W", Ben="1,0 tower-11-N")
    change = lab.what_if(cities, "Ben", "0,1 chambers-10")
    summary = lab.simulate_games(2, processes=1, progress=False).summary()
    _assert_translated([lab.score_rounds(cities), str(change), summary])


# -- the neutral player's name ----------------------------------------------------------------
def test_a_game_made_in_a_session_names_the_neutral_player_from_its_catalogue(capitals):
    game = alh.Game(["Ana", "Ben"], seed=1)
    assert game.neutral is not None and game.neutral.name == NEUTRAL
    assert any(NEUTRAL in line for line in game.log)
    alh.set_language("en")
    english = alh.Game(["Ana", "Ben"], seed=1)
    assert english.neutral is not None and english.neutral.name == "Dirk"
    # the name is part of the game: a save keeps it, whatever the session speaks later
    again = alh.Game.from_json(game.to_json())
    assert again.neutral is not None and again.neutral.name == NEUTRAL
    assert json.loads(game.to_json())["neutral"]["name"] == NEUTRAL
    assert any(NEUTRAL in line for line in again.log)


def test_a_player_bearing_the_neutral_players_name_leaves_him_another(capitals):
    game = alh.Game([NEUTRAL, "Ben"], seed=1)
    assert game.neutral is not None and game.neutral.name == "Dirk"
    assert alh.Game(["Ana", "Ben"], seed=1, language="en").neutral.name == "Dirk"  # type: ignore[union-attr]


def test_players_given_as_a_count_are_named_in_the_session_language(capitals):
    game = alh.Game(3, seed=1)
    names = [p.name for p in game.players]
    assert names == ["PLAYER 1", "PLAYER 2", "PLAYER 3"]
    assert alh.Game(3, seed=1, language="en").players[0].name == "Player 1"


# -- refusals of bad input --------------------------------------------------------------------
_BAD_INPUT = [
    lambda: alh.Game(7),
    lambda: alh.Game(["Ana", "Ana"]),
    lambda: alh.Game("Ana"),
    lambda: alh.Game(2, seed=10**30),
    lambda: alh.Game(2, modules=["chess"]),
    lambda: alh.Game(2, modules=["characters", "characters"]),
    lambda: alh.Game(2, seed=1).apply("dance"),
    lambda: alh.Game(2, seed=1).apply(3),
    lambda: alh.Game(2, seed=1).apply("take gate"),
    lambda: alh.Game(2, seed=1).apply("x" * 2000),
    lambda: alh.Game(2, seed=1).undo(),
    lambda: alh.Game.from_json("{"),
    lambda: alh.Game.from_json("[]"),
    lambda: alh.Game.from_json(json.dumps({"format": "chess"})),
    lambda: alh.simulate(2, bots=["random"]),
    lambda: alh.simulate(2, bots="clever"),
    lambda: alh.City.from_text("1,0 castle-3"),
    lambda: alh.City.from_text("500,0 garden-10"),
    lambda: lab.what_if(lab.positions(Ana="1,0 garden-10"), "Cem", "2,0 tower-9-NE"),
    lambda: lab.what_if(lab.positions(Ana="1,0 garden-10"), "Ana", "somewhere"),
    lambda: lab.simulate_games(0),
]


@pytest.mark.parametrize("refused", _BAD_INPUT)
def test_a_refusal_of_bad_input_is_the_package_error_in_the_session_language(capitals, refused):
    with pytest.raises(alh.AlhambraError) as refusal:
        refused()
    error = refusal.value
    # a saved game's field is named as the file writes it ("players[0].money")
    _assert_translated([error.problem if isinstance(error, alh.GameStateError) else str(error)])


def _saved_game() -> dict:
    game = alh.Game(["Ana", "Ben", "Cem"], seed=2)
    for _ in range(6):
        game.apply(game.legal_actions()[0])
    return json.loads(game.to_json())


_SAVE_CHANGES = [
    lambda d: d.pop("seed"),
    lambda d: d.update(turn=10**30),
    lambda d: d.update(may_act="yes"),
    lambda d: d["players"][0].update(money={}),
    lambda d: d["players"][1].update(colour="red"),
    lambda d: d["log"][0].update(event="event.party"),
    lambda d: d["players"][0].update(name="  "),
    lambda d: d.update(phase="lunch"),
    lambda d: d.update(current=2, receivers=[9]),
    lambda d: d["display"].append(d["players"][0]["money"][0]),
    lambda d: d["bag"].pop(),
    lambda d: d["bag"].append(d["bag"][0]),
    lambda d: d["players"][1].update(name=d["players"][0]["name"]),
]


@pytest.mark.parametrize("change", _SAVE_CHANGES)
def test_a_refused_save_names_its_field_in_the_session_language(capitals, change):
    data = _saved_game()
    change(data)
    with pytest.raises(alh.GameStateError) as refusal:
        alh.Game.from_json(json.dumps(data))
    assert refusal.value.field in str(refusal.value)
    _assert_translated([refusal.value.problem])


_ODD = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.text(max_size=12),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
)


@settings(max_examples=60, deadline=None)
@given(players=_ODD, seed=_ODD, modules=_ODD, action=_ODD)
def test_odd_input_is_refused_with_the_package_error_in_any_language(
    catalogue_dir, players, seed, modules, action
):
    """As tests/test_bad_input.py asks in English: whatever a notebook passes, a refusal is
    the package's error, in the test catalogue's language too."""
    with reading(catalogue_dir):
        for language in ("en", LANGUAGE):
            alh.set_language(language)
            _make_and_act(players, seed, modules, action)


def _make_and_act(players: object, seed: object, modules: object, action: object) -> None:
    english = alh.get_language() == "en"
    try:
        game = alh.Game(players, seed=seed, modules=modules)  # type: ignore[arg-type]
    except alh.AlhambraError as refusal:
        assert english or not _english_left(str(refusal)), str(refusal)
        return
    with contextlib.suppress(alh.AlhambraError):
        game.apply(action)  # type: ignore[arg-type]

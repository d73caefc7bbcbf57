"""Saved games: the published schema, and no save — however corrupted — harms the kernel.

Every refusal is a GameStateError naming the field; a save that loads can be read, played on
and saved again. The saves mutated here come from real games of every combination of the
expansion II modules, with 2 to 6 players.
"""

from __future__ import annotations

import copy
import json
import time
from functools import lru_cache
from importlib import resources
from typing import Any

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import alhambra_nb as alh
from alhambra_nb.core.invariants import soak_game, soak_plan
from alhambra_nb.core.phases import PHASES
from alhambra_nb.core.saves import (
    MAX_DEPTH,
    MAX_SEED,
    MAX_VALUES,
    SCHEMA_VERSION,
    save_schema,
    text_problem,
)
from alhambra_nb.core.state import VERSION, GameState
from tests.fresh import printed_by


@lru_cache(maxsize=1)
def real_saves() -> tuple[str, ...]:
    """Saves taken along 16 seeded games: every module combination, 2 to 6 players."""
    saves: list[dict[str, Any]] = []
    for players, modules, seed in soak_plan(16, seed=500):
        soak_game(players, modules, seed, save_every=300, on_save=saves.append)
    return tuple(json.dumps(s, ensure_ascii=False) for s in saves)


def _schema_from_file() -> dict[str, Any]:
    text = resources.files("alhambra_nb.data").joinpath("save.schema.json").read_text("utf-8")
    return json.loads(text)


# -- the schema --------------------------------------------------------------------------------
def test_the_schema_is_a_valid_draft_2020_12_schema_of_this_version():
    schema = _schema_from_file()
    jsonschema.Draft202012Validator.check_schema(schema)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    assert schema["properties"]["version"]["const"] == SCHEMA_VERSION == VERSION
    assert schema["properties"]["phase"]["enum"] == list(PHASES)
    assert save_schema() == schema


def test_the_schema_is_shipped_with_the_package():
    import tomllib
    from pathlib import Path

    pyproject = tomllib.loads((Path(__file__).parents[1] / "pyproject.toml").read_text())
    assert "data/*" in pyproject["tool"]["setuptools"]["package-data"]["alhambra_nb"]
    assert any(d.startswith("jsonschema") for d in pyproject["project"]["dependencies"])
    binder = (Path(__file__).parents[1] / "binder" / "requirements.txt").read_text()
    assert any(line.startswith("jsonschema==") for line in binder.splitlines())


def test_every_real_save_validates_against_the_schema_file():
    validator = jsonschema.Draft202012Validator(_schema_from_file())
    saves = real_saves()
    modules = {tuple(json.loads(s)["modules"]) for s in saves}
    assert len(modules) == 16
    for text in saves:
        validator.validate(json.loads(text))


def test_a_save_of_another_version_is_refused_by_its_version():
    data = json.loads(real_saves()[0])
    data["version"] = VERSION + 1
    with pytest.raises(alh.GameStateError) as error:
        alh.Game.from_json(json.dumps(data))
    assert error.value.field == "version"
    assert repr(VERSION + 1) in str(error.value)


# -- fields named, in plain words ------------------------------------------------------------
def _refusal(data: Any) -> alh.GameStateError:
    with pytest.raises(alh.GameStateError) as error:
        alh.Game.from_json(json.dumps(data))
    return error.value


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        (lambda d: d.pop("seed"), "seed", "is missing"),
        (lambda d: d.update(turn=10**30), "turn", "at most"),
        (lambda d: d.update(may_act="yes"), "may_act", "true or false"),
        (lambda d: d["players"][0].update(score=None), "players[0].score", "whole number"),
        (lambda d: d["players"][0].update(money={}), "players[0].money", "a list"),
        (lambda d: d["players"][1].update(colour="red"), "players[1].colour", "not a field"),
        (lambda d: d["market"].__setitem__(0, {}), "market[0]", "a text"),
        (lambda d: d["bag"].insert(0, "castle-3"), "bag[0]", "castle"),
        (lambda d: d["log"][0].update(event="event.party"), "log[0].event", "unknown event"),
        (lambda d: d["log"][0].update(cards=["lollipop"]), "log[0]", "sentence"),
        (lambda d: d["log"][0].update(event=["event.money"]), "log[0].event", "a text"),
        (lambda d: d["extra"].update(chess={}), "extra.chess", "no rules module"),
        (lambda d: d["players"][0].update(name="  "), "players[0].name", "blank"),
        (lambda d: d["players"][0].update(city="1,0 castle-3"), "players[0].city", "castle"),
        (lambda d: d["players"][0].update(city="500,0 garden-10"), "players[0].city", "100"),
        (
            lambda d: (d["deck"].extend(d["revealed"]), d.update(revealed=[])),
            "scorings",
            "scorings after 0 scoring cards, the game not over",
        ),
    ],
)
def test_a_refusal_names_the_field(change, field, words):
    data = json.loads(real_saves()[3])
    change(data)
    error = _refusal(data)
    assert error.field == field, error
    assert words in error.problem, error


def test_cards_lie_only_where_the_modules_allow_them():
    saves = [json.loads(s) for s in real_saves()]
    with_all = next(s for s in saves if len(s["modules"]) == 4 and s["phase"] == "play")
    # a character card is no money, a gate card is no scoring card
    data = copy.deepcopy(with_all)
    character = data["extra"]["characters"]["aside"].pop()
    data["players"][0]["money"].append(character)
    error = _refusal(data)
    assert error.field.startswith("players[0].money[") and character in error.problem
    data = copy.deepcopy(with_all)
    money = data["players"][1]["money"].pop()
    data["extra"]["characters"]["aside"].append(money)
    error = _refusal(data)
    assert error.field.startswith("extra.characters.aside[") and money in error.problem
    # a module's card in a game without that module
    without = next(s for s in saves if "gates" not in s["modules"])
    without["deck"].append("gate#1")
    assert "not part of this game" in _refusal(without).problem


def test_deep_nesting_is_refused_before_parsing():
    # This process's CPU time: the suite's other worker and its browsers do not count.
    start = time.process_time()
    for text in ("[" * 900_000, '{"a":' * 90_000 + "1" + "}" * 90_000):
        error = _refusal_of_text(text)
        assert error.field == "(text)" and f"at most {MAX_DEPTH} deep" in error.problem
    data = json.loads(real_saves()[0])
    data["log"][0]["event"] = "NESTED"
    nested = "[" * 50_000 + '"event.money"' + "]" * 50_000
    assert "deep" in _refusal_of_text(json.dumps(data).replace('"NESTED"', nested)).problem
    assert time.process_time() - start < 5


def test_a_state_that_contains_itself_is_refused():
    data = json.loads(real_saves()[0])
    loop: list[Any] = []
    loop.append(loop)
    data["extra"]["camps"] = loop
    with pytest.raises(alh.GameStateError, match="deep"):
        GameState.from_dict(data)


def _refusal_of_text(text: str) -> alh.GameStateError:
    with pytest.raises(alh.GameStateError) as error:
        alh.Game.from_json(text)
    return error.value


def test_huge_numbers_and_texts_are_refused_quickly():
    start = time.process_time()
    data = json.loads(real_saves()[1])
    data["rng"] = 10**4000
    assert _refusal(data).field == "rng"
    assert _refusal_of_text('{"seed": ' + "9" * 100_000 + "}").field == "(text)"
    assert _refusal_of_text(" " * 5_000_000).field == "(text)"
    data = json.loads(real_saves()[1])
    data["players"][0]["name"] = "A" * 100_000
    assert _refusal(data).field == "players[0].name"
    data = json.loads(real_saves()[1])
    data["log"] += [{"event": "event.reshuffle", "count": i} for i in range(MAX_VALUES // 2)]
    assert f"at most {MAX_VALUES} values" in _refusal(data).problem
    assert "values" in _refusal_of_text(json.dumps([0] * (MAX_VALUES + 1))).problem
    assert time.process_time() - start < 3


# -- fuzzing real saves ------------------------------------------------------------------------
DEEP_LIST: Any = 0
for _ in range(20):
    DEEP_LIST = [DEEP_LIST]

ODD_VALUES = (
    None,
    {},
    [],
    "",
    "x",
    0,
    -1,
    1.5,
    True,
    10**30,
    "tower-99",
    "castle-3",
    "denar-10#1",
    "diamond-5#1",
    "gate#1",
    "character-fatime",
    "scoring-3",
    "event.party",
    DEEP_LIST,
)


def _walk(data: st.DataObject, value: Any) -> tuple[Any, Any] | None:
    """A container inside ``value`` and a key in it, chosen by hypothesis."""
    parent, key = None, None
    while isinstance(value, (dict, list)) and value:
        keys = list(value) if isinstance(value, dict) else list(range(len(value)))
        if parent is not None and data.draw(st.booleans(), label="stop here"):
            break
        parent, key = value, data.draw(st.sampled_from(keys), label="key")
        value = parent[key]
    return None if parent is None else (parent, key)


def _mutate(data: st.DataObject, save: dict[str, Any]) -> None:
    spot = _walk(data, save)
    if spot is None:
        return
    parent, key = spot
    kind = data.draw(
        st.sampled_from(["delete", "odd", "wrap", "copy", "swap", "nest", "transplant"]),
        label="mutation",
    )
    if kind == "transplant":  # the same field from another real save: plausible, not consistent
        saves = real_saves()
        donor = json.loads(saves[data.draw(st.integers(0, len(saves) - 1), label="donor")])
        _transplant(save, donor, data)
    elif kind == "delete":
        del parent[key]
    elif kind == "odd":
        parent[key] = copy.deepcopy(data.draw(st.sampled_from(ODD_VALUES), label="value"))
    elif kind == "wrap":
        parent[key] = [parent[key]]
    elif kind == "copy" and isinstance(parent, list):
        parent.append(copy.deepcopy(parent[key]))
    elif kind == "swap":
        other = _walk(data, save)
        if other is not None:
            there, at = other
            parent[key], there[at] = copy.deepcopy(there[at]), copy.deepcopy(parent[key])
    elif kind == "nest":
        value: Any = parent[key]
        for _ in range(data.draw(st.integers(1, 40), label="depth")):
            value = {"a": value}
        parent[key] = value


def _transplant(save: dict[str, Any], donor: dict[str, Any], data: st.DataObject) -> None:
    """Put a field of ``donor``, chosen by hypothesis, in its place in ``save``."""
    spot = _walk(data, donor)
    if spot is None:
        return
    path = _path_to(donor, spot)
    target: Any = save
    for key in path[:-1]:
        if not _holds(target, key):
            return
        target = target[key]
    if isinstance(target, dict) or _holds(target, path[-1]):
        target[path[-1]] = copy.deepcopy(spot[0][spot[1]])


def _holds(container: Any, key: Any) -> bool:
    if isinstance(container, dict):
        return key in container
    return isinstance(container, list) and isinstance(key, int) and key < len(container)


def _path_to(root: Any, spot: tuple[Any, Any]) -> list[Any]:
    """The keys that lead from ``root`` to ``spot`` (a container and a key in it)."""
    stack: list[tuple[Any, list[Any]]] = [(root, [])]
    while stack:
        value, path = stack.pop()
        if value is spot[0]:
            return [*path, spot[1]]
        if isinstance(value, dict):
            stack.extend((v, [*path, k]) for k, v in value.items())
        elif isinstance(value, list):
            stack.extend((v, [*path, i]) for i, v in enumerate(value))
    return []


def _played_on(game: alh.Game) -> None:
    """What a learner does with a loaded game: read it, play on, save it again."""
    assert all(isinstance(line, str) for line in game.log)
    for breakdown in game.scorings:
        breakdown.explain()
    str(game), repr(game), game.players, game.market, game.money_display, game.neutral
    if not game.is_over():
        legal = game.legal_actions()
        assert legal, "a game that is not over has something to do"
        game.apply(legal[0])
    again = alh.Game.from_json(game.to_json())
    assert again.to_json() == game.to_json()


@settings(
    max_examples=250,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(st.data())
def test_a_mutated_save_is_refused_by_field_or_plays_on(data):
    saves = real_saves()
    save = json.loads(saves[data.draw(st.integers(0, len(saves) - 1), label="save")])
    for _ in range(data.draw(st.integers(1, 3), label="mutations")):
        _mutate(data, save)
    text = json.dumps(save, ensure_ascii=False)
    try:
        game = alh.Game.from_json(text)
    except alh.GameStateError as error:
        assert isinstance(error.field, str) and error.field
        assert isinstance(error.problem, str) and error.problem
        return
    _played_on(game)


# -- no save takes long to refuse ------------------------------------------------------------
def _refusal_in_a_fresh_kernel(code: str) -> str:
    """The refusal of the save ``code`` builds as ``text``, in a fresh interpreter stopped
    if it hangs, with the seconds the refusal took."""
    script = (
        "import time\nimport alhambra_nb as alh\n"
        f"text = {code}\n"
        "start = time.perf_counter()\n"
        "try:\n    alh.Game.from_json(text)\n"
        "except alh.GameStateError as error:\n"
        "    print(round(time.perf_counter() - start, 3), error.field, error.problem[:200])\n"
    )
    return printed_by(script)


@pytest.mark.parametrize(
    "code",
    [
        "'\"' + '\\\\\"' * 499_000",  # an unclosed string of escaped quotes: 1 MB
        "'[\"' + '\\\\\\\\\\\\\"' * 300_000 + ']'",  # escaped backslashes, then quotes
        "'[' + '\"a\\\\\\\\\",' * 100_000 + ']'",  # many strings ending in a backslash
    ],
)
def test_a_corrupted_text_of_escapes_is_refused_in_linear_time(code):
    seconds, field, _ = _refusal_in_a_fresh_kernel(code).split(" ", 2)
    assert field == "(text)"
    assert float(seconds) < 1  # the old scan took about an hour on 1 MB


def test_strings_are_told_from_brackets_however_they_are_escaped():
    assert text_problem('["\\\\", "[[[[[[[[[[[[[[[[[[[["]') is None  # brackets inside a string
    assert text_problem('"\\"' + "[" * 20) is None  # an unclosed string swallows the rest
    assert "deep" in text_problem('["\\\\"' + "[" * 20)[1]  # the string closed: brackets count


def test_deep_nesting_handed_over_as_data_stops_at_the_nesting_check():
    data = json.loads(real_saves()[0])
    deep: list[Any] = []
    inner = deep
    for _ in range(100_000):
        inner.append([])
        inner = inner[0]
    data["discard"] = deep
    with pytest.raises(alh.GameStateError, match=f"at most {MAX_DEPTH} deep") as error:
        GameState.from_dict(data)
    assert error.value.field.startswith("discard[0]")


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d["players"][0].update(score=10**5000), "players[0].score"),
        (lambda d: d["players"][0].update(score=-(10**300)), "players[0].score"),
        (lambda d: d.update(seed=10**5000), "seed"),
        (lambda d: d.update(seed=MAX_SEED + 1), "seed"),
        (lambda d: d["log"][0].update(total=10**5000), "log[0].total"),
        (lambda d: d["log"][0].update(total=[10**5000]), "log[0].total[0]"),
    ],
)
def test_a_number_too_large_for_any_save_is_refused_by_its_field(change, field):
    data = json.loads(real_saves()[0])
    change(data)
    start = time.process_time()
    with pytest.raises(alh.GameStateError) as error:
        GameState.from_dict(data)
    assert time.process_time() - start < 1
    assert error.value.field == field, error.value
    assert len(str(error.value)) < 200


def test_the_schema_bounds_the_seed_as_a_game_does():
    seed = save_schema()["properties"]["seed"]
    assert (seed["minimum"], seed["maximum"]) == (-MAX_SEED, MAX_SEED)
    data = json.loads(real_saves()[0])
    data["seed"] = -MAX_SEED
    jsonschema.validate(data, save_schema())
    data["seed"] = MAX_SEED + 1
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(data, save_schema())


def test_the_schema_checker_is_loaded_only_when_a_save_is_read():
    # Loaded with the package it would slow every import and every long run's collections.
    script = (
        "import sys, alhambra_nb as alh\n"
        "game = alh.simulate(2, seed=1)\n"
        "print('jsonschema' in sys.modules)\n"
        "alh.Game.from_json(game.to_json())\n"
        "print('jsonschema' in sys.modules)\n"
    )
    assert printed_by(script).split() == ["False", "True"]


# -- saves of games that cannot have happened ---------------------------------------------
def _finished_save() -> dict[str, Any]:
    game = alh.simulate(3, seed=2)
    return json.loads(game.to_json())


def _refused(data: dict[str, Any], field: str) -> str:
    with pytest.raises(alh.GameStateError) as refused:
        alh.Game.from_json(json.dumps(data))
    assert refused.value.field == field
    return str(refused.value)


def test_a_real_finished_game_loads():
    alh.Game.from_json(json.dumps(_finished_save()))


def test_a_finished_game_with_tiles_in_the_bag_is_refused():
    data = _finished_save()
    state = data.get("state", data)
    holder = next(p for p in state["players"] if p["reserve"])
    state["bag"].append(holder["reserve"].pop())
    assert "still in the bag" in _refused(data, "bag")


def test_a_finished_game_without_its_three_scorings_is_refused():
    data = _finished_save()
    state = data.get("state", data)
    last = state["scorings"].pop()
    for player in state["players"]:
        player["score"] -= last["points"][player["name"]]
    assert "after 2 scorings" in _refused(data, "scorings")


def test_a_score_no_scoring_gave_is_refused():
    data = _finished_save()
    state = data.get("state", data)
    state["players"][1]["score"] += 5
    assert "the recorded scorings give" in _refused(data, "players[1].score")


def test_more_actions_in_a_turn_than_the_rules_permit_are_refused():
    game = alh.Game(3, seed=4)
    data = json.loads(game.to_json())
    state = data.get("state", data)
    state["actions"] = 99
    assert "99 actions in one turn" in _refused(data, "actions")
    state["actions"] = 5  # four exact buys and one more action: the most a turn holds
    alh.Game.from_json(json.dumps(data))

"""Every name of the public API refuses junk in words.

``alh.__all__`` names what learners, teachers and lab users call. Each callable there (and
each widget, which ``alh`` loads on first use) is
called with a valid example and then with junk in each of its arguments in turn — None, '', 0, -1,
10**100, nan, a list, a dict, a 1 MB string — in a child interpreter (so that a hang or a
dead interpreter is seen, not suffered). It may accept the junk or refuse it with the
package's error (an ``AlhambraError``; an enum may keep Python's ``ValueError`` for a value it
does not know); what it returns must print. Anything else, or more than 5 s, is a finding.
"""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap

import pytest

import alhambra_nb as alh

CHILD = textwrap.dedent(
    r"""
    import enum, inspect, json, math, signal, sys, traceback

    import alhambra_nb as alh

    class Hang(Exception):
        pass

    def on_alarm(signum, frame):
        raise Hang()

    signal.signal(signal.SIGALRM, on_alarm)

    game = alh.Game(["Ana", "Ben"], seed=1)
    tile = alh.TILES[0]
    tiles = alh.random_city(1, 5).tiles()
    counts = {"Ana": {alh.Building.TOWER: 2}, "Ben": {alh.Building.TOWER: 1}}
    EXAMPLES = {
        "Game": ((["Ana", "Ben"], 1, (), "en"), {"variants": None}),
        "City": (({(1, 0): "tower-9-N"},), {"gates": (), "holes": "any"}),
        "Tile": (("tower", 9, "N"), {"bastions": None}),
        "Building": (("tower",), {}),
        "Side": (("N",), {}),
        "Currency": (("denar",), {}),
        "RuleId": (("placement/occupied",), {}),
        "MoneyCard": ((alh.Currency.DENAR, 5, 1), {}),
        "Variants": (("n", "any", "at-least-20", "one-and-a-half", None), {}),
        "Action": ((), {"seat": None}),
        "TakeMoney": ((("denar-5#1",),), {"seat": 0}),
        "Buy": ((1, ("denar-5#1",)), {"seat": 0}),
        "PlaceTile": ((tile, (1, 0), None), {"seat": 0}),
        "ReserveTile": ((tile,), {"seat": 0}),
        "MoveToReserve": (((1, 0),), {"seat": 0}),
        "BuildFromReserve": ((tile, (1, 0), None), {"seat": 0}),
        "SwapWithReserve": (((1, 0), tile), {"seat": 0}),
        "EndTurn": ((), {"seat": 0}),
        "GiveToNeutral": ((tile,), {"seat": 0}),
        "parse_action": (("take denar-5#1",), {}),
        "apply_action": ((game.state, str(game.legal_actions()[0])), {}),
        "RandomBot": ((1,), {}),
        "GreedyBot": ((1,), {}),
        "SearchBot": ((1,), {"time": None, "simulations": 4}),
        "simulate": ((2, None, 1), {"max_actions": 20000, "modules": (), "variants": None}),
        "hint": ((game,), {"seed": 0, "simulations": 4, "time": None}),
        "majority_points": ((counts, 2), {"variants": alh.Variants()}),
        "score_round": ((counts, {"Ana": 1, "Ben": 0}), {"round": 2, "variants": alh.Variants()}),
        "arrow_lines": ((tiles,), {}),
        "camp_points": ((tiles,), {}),
        "random_city": ((1, 5, alh.TILES), {}),
        "set_language": (("en",), {}),
        "get_language": ((), {}),
        "languages": ((), {}),
        "word": ((alh.Side.N, "en"), {}),
        "card": (("denar-5#1",), {}),
        # The widgets, loaded on first use, are named in every lesson.
        "CityWidget": ((alh.City(), ["tower-9-N"], 0), {"language": "en"}),
        "GameWidget": (
            (alh.Game(["Ana", "Ben"], seed=1), {1: "greedy"}),
            {"autoplay": False, "language": "en", "level": None},
        ),
        "ChapterWidget": (("components", 0), {"language": "en"}),
    }
    WIDGETS = ("CityWidget", "GameWidget", "ChapterWidget")
    JUNK = {
        "None": None, "''": "", "0": 0, "-1": -1, "10**100": 10**100, "nan": math.nan,
        "a list": [1, 0], "a dict": {"a": 1}, "1 MB": "x" * 1_000_000,
    }

    def allowed(obj, exc):
        if isinstance(exc, alh.AlhambraError):
            return True
        return isinstance(obj, enum.EnumMeta) and type(exc) is ValueError

    def attempt(name, obj, args, kwargs, what):
        signal.alarm(5)
        try:
            result = obj(*args, **kwargs)
            repr(result), str(result)
        except Hang:
            return f"{name}: {what}: more than 5 s"
        except BaseException as exc:  # noqa: BLE001  (every escape is what is looked for)
            if not allowed(obj, exc):
                where = traceback.extract_tb(exc.__traceback__)[-1]
                return (
                    f"{name}: {what}: {type(exc).__name__}: {str(exc)[:120]}"
                    f" ({where.filename.rsplit('/', 1)[-1]}:{where.lineno})"
                )
        finally:
            signal.alarm(0)
            alh.set_language("en")
        return None

    findings, unchecked = [], []
    for name in (*alh.__all__, *WIDGETS):
        obj = getattr(alh, name)
        if inspect.ismodule(obj) or not callable(obj):
            continue
        if isinstance(obj, type) and issubclass(obj, BaseException):
            continue  # the package raises them; nobody calls them with a learner's values
        if name not in EXAMPLES:
            unchecked.append(name)
            continue
        args, kwargs = EXAMPLES[name]
        problem = attempt(name, obj, args, kwargs, "the valid example")
        if problem:
            findings.append(problem)
            continue
        slots = [("arg", i) for i in range(len(args))] + [("kw", k) for k in kwargs]
        for kind, key in slots:
            for label, junk in JUNK.items():
                if kind == "arg":
                    new_args = list(args)
                    new_args[key] = junk
                    call, what = (tuple(new_args), kwargs), f"argument {key + 1} = {label}"
                else:
                    call, what = (args, {**kwargs, key: junk}), f"{key}= {label}"
                problem = attempt(name, obj, *call, what)
                if problem:
                    findings.append(problem)
    print(json.dumps({"findings": findings, "unchecked": unchecked}))
    """
)


def run_child() -> dict:
    result = subprocess.run(
        [sys.executable, "-c", CHILD], capture_output=True, text=True, timeout=900, check=False
    )
    assert result.returncode == 0, f"the interpreter died:\n{result.stderr[-3000:]}"
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_every_public_callable_refuses_junk_with_the_packages_error():
    report = run_child()
    assert report["unchecked"] == []
    assert report["findings"] == []


def test_the_public_api_is_what_learners_teachers_and_lab_users_call():
    public = set(alh.__all__)
    assert len(public) == len(alh.__all__) < 80
    assert {"Game", "City", "Tile", "set_language", "hint", "majority_points"} <= public
    for helper in ("load_tiles", "load_camps", "neighbours", "format_cell", "new_state"):
        assert helper not in public and not hasattr(alh, helper)
        assert hasattr(alh.core, helper)  # still there, in its module's namespace


def test_a_game_table_given_a_count_instead_of_a_game_says_so():
    with pytest.raises(alh.AlhambraError, match=r"alh\.Game\(\['Ana', 'Ben'\], seed=1\)"):
        alh.GameWidget(2, seed=1)


def test_a_simulated_game_of_the_largest_seed_seats_its_bots():
    """The bots of a simulated game get seeds beyond the game's (seed * 1000 + seat)."""
    game = alh.simulate(2, seed=2**63)
    assert game.state.seed == 2**63 and game.winners()

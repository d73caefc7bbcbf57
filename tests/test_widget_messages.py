"""What the page may send a widget, and what it may write: every message and every trait write
is checked; one that makes no sense is ignored with a note naming what was wrong and changes
nothing; none ever ends in an internal error ("Ignored a message from the page (KeyError)")."""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import alhambra_nb as alh

INTERNAL = re.compile(r"from the page \(\w+\)|sys\.set_int_max_str_digits")
"""How a note reads when the widget itself failed (the exception's class in brackets), or
when Python's own refusal to write out a huge number leaked into it."""

HUGE = 10**5000

SMALL = "0,0 fountain\n1,0 garden-10-NE\n1,1 tower-9-E\n"

# Values a page could put in a field: the meaningful ones (cells, sides, modes, trays, card
# ids) and garbage of every JSON type, with numbers far out of range.
MEANINGFUL = st.sampled_from(
    [
        "0,0", "1,0", "2,0", "-1,0", "0,-1", "5,5", "N", "E", "W", "build", "redesign",
        "tiles", "reserve", "bought", "wall", "counts", "denar-3#1", "dirham-9#2",
        "tower-9-NE", "pass", "bid 3", "",
    ]
)  # fmt: skip
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(10**30), max_value=10**30)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
    | MEANINGFUL,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=8,
)
FIELD = MEANINGFUL | st.integers(min_value=-3, max_value=12) | st.just(HUGE) | JSON


def messages(kinds: list[str], fields: list[str]) -> st.SearchStrategy[dict[str, Any]]:
    """Messages of the page's kinds (and a few unknown ones) with fields good and bad."""
    return st.fixed_dictionaries(
        {"kind": st.sampled_from([*kinds, "nonsense", ""])},
        optional={name: FIELD for name in fields},
    )


CITY_MESSAGES = messages(
    ["act", "select", "rotate", "mode", "toggle", "undo", "gate"],
    ["cell", "tile", "tray", "index", "by", "mode", "what", "side", "version"],
)
GAME_MESSAGES = messages(
    ["take", "buy", "act", "reserve", "give", "end", "select", "redesign", "undo", "bot",
     "module", "gate", "pay"],
    ["cards", "space", "cell", "tile", "from", "index", "action", "side"],
)  # fmt: skip
CHAPTER_MESSAGES = messages(["next", "previous", "go", "answer"], ["index", "step", "answer"])


def send(widget: Any, message: object) -> None:
    widget._handle_message(widget, message, [])


def synced(widget: Any) -> dict[str, Any]:
    """Everything the page is shown."""
    return widget.get_state()


def a_city_widget(**kwargs: Any) -> alh.CityWidget:
    return alh.CityWidget(
        alh.City.from_text(SMALL), tiles=["tower-9-NE", "garden-6"], reserve=["pavilion-8-N"],
        **kwargs,
    )  # fmt: skip


def a_game_widget(modules: tuple[str, ...] = ()) -> alh.GameWidget:
    game = alh.Game(["Ana", "Ben"], seed=3, modules=modules)
    return alh.GameWidget(game, bots={1: alh.GreedyBot(seed=1)})


# -- messages ----------------------------------------------------------------------------------
def test_a_click_on_an_empty_cell_in_redesign_without_a_reserve_tile_is_explained():
    w = a_city_widget(selected=None)
    send(w, {"kind": "mode", "mode": "redesign"})
    before = synced(w)["_board"]
    verdict = w._verdicts
    assert verdict["cells"]["2,0"]["action"] is None  # nothing stands there, nothing chosen
    send(w, {"kind": "act", "cell": "2,0", "tile": None, "version": verdict["version"]})
    assert w._note["kind"] == "refused", w.note
    [broken] = w.last_verdict
    assert broken.rule is alh.RuleId.REDESIGN_EMPTY and broken.message in w.note
    assert synced(w)["_board"] == before


def test_a_module_message_in_a_game_without_the_module_is_ignored_with_its_reason():
    w = a_game_widget()
    before = w.game.to_json()
    send(w, {"kind": "pay", "cards": ["denar-3#1"], "version": w._version})
    assert w._note["kind"] == "ignored"
    assert not INTERNAL.search(w.note) and w.note.startswith("Ignored a message from the page: ")
    assert w.game.to_json() == before


@settings(max_examples=250, deadline=None)
@given(CITY_MESSAGES, st.booleans(), st.booleans())
def test_no_city_message_ends_in_an_internal_error(message, fresh, redesign):
    w = a_city_widget(selected=0, mode="redesign" if redesign else "build")
    if fresh and message["kind"] == "act":  # a click the page could really send now
        message = {**message, "tile": w._verdicts["tile"], "version": w._verdicts["version"]}
    before = synced(w)
    send(w, message)
    assert not INTERNAL.search(w.note), (message, w.note)
    if w._note.get("kind") in ("ignored", "refused"):
        after = synced(w)
        for name in ("_board", "_tray", "_reserve_tray", "selected", "rotation", "mode"):
            assert after[name] == before[name], name


@pytest.fixture(scope="module")
def game_widgets() -> dict[str, alh.GameWidget]:
    """One table of the base game and one with every module, played on by the examples."""
    return {"base": a_game_widget(), "all": a_game_widget(("gates", "characters", "camps"))}


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(GAME_MESSAGES, st.sampled_from(["base", "all"]), st.booleans())
def test_no_game_message_ends_in_an_internal_error(game_widgets, message, which, fresh):
    w = game_widgets[which]
    if fresh:  # of the current table, as the page sends them
        message = {**message, "version": w._version}
    before = w.game.to_json()
    send(w, message)
    assert not INTERNAL.search(w.note), (message, w.note)
    if w._note.get("kind") in ("ignored", "refused"):
        assert w.game.to_json() == before


@settings(max_examples=200, deadline=None)
@given(CHAPTER_MESSAGES, st.sampled_from(alh.chapters.ids()), st.integers(0, 20), st.booleans())
def test_no_chapter_message_ends_in_an_internal_error(message, chapter, index, this_step):
    w = alh.ChapterWidget(chapter, step=min(index, len(alh.chapters.get(chapter)) - 1))
    if this_step and message["kind"] == "answer":
        message = {**message, "step": w.step.id}
    send(w, message)
    assert not INTERNAL.search(w._note.get("text", "")), (message, w._note)


def nested(depth: int) -> list[Any]:
    value: list[Any] = []
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize(
    ("message", "reason"),
    [
        ({"kind": "take", "cards": ["denar-3#1"] * 1_000_000}, "more than 2000 values"),
        ({"kind": "take", "cards": ["denar-3#1", "denar-3#1"]}, "named once each"),
        ({"kind": "take", "cards": nested(100_000)}, "nested more than 8 deep"),
        ({"kind": "select", "from": "bought", "index": HUGE}, "a number of about 5000 digits"),
        ({"kind": "x" * 1_000_000}, "a text of 1000000 characters"),
    ],
)
def test_a_flood_or_a_monster_from_the_page_is_refused_at_once(message, reason):
    w = a_game_widget()
    before = w.game.to_json()
    # This process's CPU time: the suite's other worker and its browsers do not count.
    started = time.process_time()
    send(w, {**message, "version": w._version})
    assert time.process_time() - started < 0.5
    assert w._note["kind"] == "ignored" and reason in w.note, w.note
    assert len(w.note) < 200 and w.game.to_json() == before


def test_a_monster_answer_to_a_chapter_is_refused_at_once():
    w = alh.ChapterWidget("turn", step="take-money/try")
    for answer, reason in ((nested(100_000), "nested"), ([[2, 7]] * 100_000, "2000 values")):
        started = time.process_time()
        send(w, {"kind": "answer", "step": w.step.id, "answer": answer})
        assert time.process_time() - started < 0.5
        assert reason in w._note["text"] and w.last_verdict is None


# -- trait writes from the page ---------------------------------------------------------------
def test_a_good_write_from_the_page_counts_like_a_message():
    w = a_city_widget(selected=0)
    w.set_state({"rotation": 1})
    assert w.rotation == 1 and w._verdicts["rotation"] == 1
    assert (
        w._verdicts["cells"]["0,-1"]
        == alh.widgets.board.placement_verdicts(w.city, w.tiles[0], [(0, -1)], 1)["0,-1"]
    )


def test_a_bad_write_changes_nothing_not_even_its_good_part():
    w = a_city_widget(selected=0)
    before = synced(w)
    w.set_state({"rotation": 2, "mode": "sideways"})
    assert synced(w) == {**before, "_note": w._note}
    assert w._note["kind"] == "ignored" and "'sideways'" in w.note


@pytest.mark.parametrize(
    "write",
    [{"_board": {}}, {"_verdicts": {"cells": 5}}, {"_note": {"text": "hi"}}, {"city": "x"}],
)
def test_the_page_may_not_write_what_python_draws(write):
    w = a_city_widget(selected=0)
    before = synced(w)
    w.set_state(write)
    assert w._note["kind"] == "ignored"
    name = next(iter(write))
    assert f"may not change {name!r}" in w.note
    assert synced(w) == {**before, "_note": w._note}


def test_a_chapter_step_written_by_the_page_is_shown_and_a_bad_one_refused():
    w = alh.ChapterWidget("building")
    w.set_state({"index": 2})
    assert w.step is w.chapter.steps[2] and w._view["step"]["id"] == w.step.id
    w.set_state({"index": 99})
    assert w.index == 2 and "no step 99" in w._note["text"]


def test_a_write_of_a_huge_number_is_quoted_in_words():
    w = alh.ChapterWidget("building")
    w.set_state({"index": HUGE})
    assert w.index == 0 and "a number of about 5000 digits" in w._note["text"]


def test_a_game_gate_needs_a_gate_card_and_a_chosen_tile():
    w = a_game_widget()
    w.set_state({"gate": "N"})
    assert w.gate is None and w._note["kind"] == "ignored" and "gate card" in w.note


TRAIT_NAMES = st.sampled_from(
    ["selected", "reserve_selected", "rotation", "mode", "gate", "show_wall", "show_counts",
     "_board", "_tray", "_note", "tiles", "nonsense"]
)  # fmt: skip


@settings(max_examples=200, deadline=None)
@given(st.dictionaries(TRAIT_NAMES, FIELD, min_size=1, max_size=3))
def test_every_write_from_the_page_is_applied_whole_or_refused_whole(write):
    w = a_city_widget(selected=0)
    before = synced(w)
    w.set_state(write)
    after = synced(w)
    if w._note.get("kind") == "ignored":
        assert after == {**before, "_note": w._note}, write
    else:  # applied: every trait took a valid value, and the verdicts follow them
        assert w._verdicts["rotation"] == w.rotation and w._verdicts["mode"] == w.mode
        assert w.mode in ("build", "redesign") and w.rotation in range(4)


def test_a_game_write_naming_a_gate_and_a_bad_choice_is_refused_whole():
    """The gate's check reads the chosen tile: a choice not yet checked must not break it."""
    w = a_game_widget(modules=("gates",))
    before = synced(w)
    w.set_state({"gate": "N", "choice": 3})
    assert w.choice is None and w.gate is None
    assert w._note["kind"] == "ignored"
    assert synced(w) == {**before, "_note": w._note}


GAME_TRAITS = st.sampled_from(["choice", "redesign", "gate", "el_schauf", "_board", "nonsense"])
CHOICES = st.sampled_from([["bought", 0], ["reserve", 0], ["bought", 9], ("reserve", -1)])


@settings(max_examples=150, deadline=None)
@given(st.dictionaries(GAME_TRAITS, FIELD | CHOICES, min_size=1, max_size=3))
def test_every_write_to_the_game_table_is_applied_whole_or_refused_whole(write):
    w = a_game_widget(modules=("gates",))
    before = synced(w)
    w.set_state(write)
    if w._note.get("kind") == "ignored":
        assert synced(w) == {**before, "_note": w._note}, write
    else:
        assert set(write) <= {"choice", "redesign", "gate"}


# -- the browser's Python: values as Pyodide hands them over -------------------------------
class JsNull:
    """What the browser's Python (Pyodide) hands over for JavaScript's null: an object of this
    type (``pyodide.ffi.JsNull``), not None."""

    def __repr__(self) -> str:
        return "jsnull"


class JsProxy:
    """A JavaScript object or array as the browser's Python hands it over: read with to_py()."""

    def __init__(self, value: object) -> None:
        self._value = value

    def to_py(self) -> object:
        return self._value


def test_from_page_reads_what_the_browsers_python_hands_over_as_the_server_would():
    from alhambra_nb.widgets.board import from_page

    sent = JsProxy(
        {"kind": "select", "tray": "tiles", "index": JsNull(), "cell": JsProxy([1.0, -2.0])}
    )
    assert from_page(sent) == {"kind": "select", "tray": "tiles", "index": None, "cell": [1, -2]}
    assert from_page({"x": 0.5, "y": float("nan")})["x"] == 0.5  # not whole: left for a check
    plain = {"kind": "act", "cell": "1,0", "index": 2, "flag": True}
    assert from_page(plain) == plain


def test_clicking_the_chosen_tray_tile_in_the_browsers_python_puts_it_down():
    """The classroom site sends null for "none chosen": it must read as in JupyterLab."""
    w = a_city_widget(selected=0)
    send(w, JsProxy({"kind": "select", "tray": "tiles", "index": JsNull()}))
    assert w.selected is None and "ignored" not in w._note.get("kind", "")
    send(w, JsProxy({"kind": "select", "tray": "tiles", "index": 1.0}))
    assert w.selected == 1


def test_a_game_and_a_chapter_take_the_browsers_values_too():
    game = a_game_widget()
    send(game, JsProxy({"kind": "select", "from": "bought", "index": JsNull()}))
    assert "jsnull" not in game.note
    chapter = alh.ChapterWidget("building", 0)
    send(chapter, JsProxy({"kind": "go", "index": 2.0}))
    assert chapter.index == 2


def test_a_page_write_from_the_browsers_python_is_read_as_plain_values():
    w = a_city_widget(selected=0)
    w.set_state(JsProxy({"selected": JsNull()}))
    assert w.selected is None and "jsnull" not in w.note


def test_none_goes_to_the_browsers_page_as_javascripts_null(monkeypatch):
    """The browser's Python hands None over as undefined, which is dropped on the way: a tile
    put down would stay chosen on the page. There, to_page sends JavaScript's null."""
    from alhambra_nb.widgets import board

    null = object()  # stands for pyodide.ffi.jsnull
    monkeypatch.setattr(board, "JS_NULL", null)
    message = {"method": "update", "state": {"selected": None, "tray": [None, 1]}}
    assert board.to_page(message) == {
        "method": "update", "state": {"selected": null, "tray": [null, 1]}
    }  # fmt: skip
    w = a_city_widget(selected=0)
    sent: list[Any] = []
    monkeypatch.setattr("ipywidgets.Widget._send", lambda self, msg, buffers=None: sent.append(msg))
    w.selected = None
    assert [m["state"]["selected"] for m in sent if "selected" in m.get("state", {})] == [null]


def test_elsewhere_a_message_goes_to_the_page_as_it_is():
    from alhambra_nb.widgets import board

    message = {"method": "update", "state": {"selected": None}}
    assert board.JS_NULL is None and board.to_page(message) is message

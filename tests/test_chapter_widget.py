"""The chapter widget's Python side: moving through steps, answers from the page judged by the
steps' checks (the engine's violations included), hover verdicts equal to the engine's, bad
messages ignored, and a deterministic text and picture for places without a kernel."""

from __future__ import annotations

import json
import subprocess
import sys
import xml.etree.ElementTree as ET

import pytest
import traitlets

import alhambra_nb as alh
from alhambra_nb import chapters
from alhambra_nb.widgets.board import parse_cell_key
from alhambra_nb.widgets.chapter import answer_from_page, describe, step_view

SVG = "http://www.w3.org/2000/svg"


def send(widget, message: dict) -> None:
    widget._handle_message(widget, message, [])


def answer(widget, value) -> None:
    send(widget, {"kind": "answer", "step": widget.step.id, "answer": value})


def test_alh_chapter_widget_is_lazy():
    probe = "import sys, alhambra_nb; print('anywidget' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
    assert alh.ChapterWidget.__name__ == "ChapterWidget"


def test_walks_through_the_chapter_by_messages_and_from_code():
    w = alh.ChapterWidget("turn")
    assert w.index == 0 and w.step.id == "turn/actions/see"
    send(w, {"kind": "next"})
    assert w.step.id == "turn/take-money/see" and w._view["index"] == 1
    send(w, {"kind": "next"})
    send(w, {"kind": "next"})  # stays on the last step
    assert w.index == 2
    send(w, {"kind": "previous"})
    assert w.index == 1
    send(w, {"kind": "go", "index": 0})
    assert w.index == 0
    w.previous()
    assert w.index == 0
    assert w.go("take-money/try").id == "turn/take-money/try"
    with pytest.raises(traitlets.TraitError):
        w.go(7)
    with pytest.raises(ValueError):
        w.go("nope")


@pytest.mark.parametrize("chapter", chapters.all(), ids=chapters.ids())
def test_every_step_view_is_json_and_answerable_by_its_mode(chapter):
    for index, step in enumerate(chapter):
        view = json.loads(json.dumps(step_view(chapter, index)))
        assert view["step"]["id"] == step.id
        assert view["chapter"] == {"id": chapter.id, "title": chapter.title, "count": len(chapter)}
        if step.task is None:
            assert view["answer"] is None
            continue
        assert view["answer"] in {
            "cell", "cells", "quiz", "longest-wall", "number", "majority", "points",
            "player", "takes", "payment", "receivers",
        }  # fmt: skip
        # Every right answer, sent as the page would send it (JSON), is accepted.
        for solution in step.solutions():
            page = json.loads(json.dumps(_as_page_answer(view["answer"], solution)))
            assert step.check(answer_from_page(step, page)).ok, (step.id, page)


def _as_page_answer(mode, solution):
    if mode == "cell":
        return f"{solution[0]},{solution[1]}"
    if mode == "cells":
        return [f"{x},{y}" for x, y in sorted(solution)]
    if mode == "quiz":
        return sorted(solution)
    if mode == "takes":
        return [sorted(t) for t in solution]
    return solution


def test_a_wrong_click_is_explained_with_the_engines_violations():
    w = alh.ChapterWidget("building", step="walking/try")
    answer(w, "1,2")
    feedback = w._feedback
    assert feedback["ok"] is False and feedback["step"] == "building/walking/try"
    expected = w.step.city.check(w.step.task.tile, (1, 2))
    assert [v["rule"] for v in feedback["violations"]] == [v.rule.value for v in expected]
    for violation in expected:
        assert violation.message in feedback["message"]
    assert all("tag" in v and "look" in v for v in feedback["violations"])
    assert w.feedback.startswith("✗ ")
    assert w._progress["solved"] == []
    answer(w, "0,-2")
    assert w._feedback["ok"] is True and w.solved == {"building/walking/try"}
    assert w._progress["solved"] == ["building/walking/try"]


def test_hover_verdicts_are_the_engines_for_every_cell():
    w = alh.ChapterWidget("building", step="walls-match/try")
    step = w.step
    cells = w._view["verdicts"]
    assert cells, "a placement task sends a verdict for every cell"
    for key, verdict in cells.items():
        found = step.city.check(step.task.tile, parse_cell_key(key), step.task.rotation)
        assert verdict["ok"] == (not found)
        assert [v["rule"] for v in verdict["violations"]] == [v.rule.value for v in found]
    assert w._view["ghost"]["svg"].startswith("<g")


def test_hover_verdicts_in_a_staged_game_come_from_the_game():
    w = alh.ChapterWidget("end-of-turn", step="place/try")
    game = w.step.staged_game()
    tile = game.players[game.state.current].bought[0]
    for key, verdict in w._view["verdicts"].items():
        found = game.check(alh.PlaceTile(tile, parse_cell_key(key)))
        assert verdict["ok"] == (not found), key
    legal = sorted(k for k, v in w._view["verdicts"].items() if v["ok"])
    assert legal == ["-1,-1", "-1,0", "0,2"]
    answer(w, "2,0")
    assert "would face the open east side of the garden at (1, 0)" in w.feedback
    answer(w, "0,2")
    assert w.feedback.startswith("✓ Yes: the chambers at (0, 2) is legal.")


def test_set_tasks_give_no_hover_verdicts_away():
    w = alh.ChapterWidget("building", step="legal-cells/try")
    assert w._view["answer"] == "cells" and w._view["verdicts"] == {}
    answer(w, ["2,0", "-1,-1"])
    assert "There are 3 more legal cells that you have not named" in w.feedback


@pytest.mark.parametrize(
    ("step_id", "page_answer", "ok", "words"),
    [
        ("turn/take-money/try", [[2, 3], [7], [9]], True, "the 7 alone"),
        ("turn/take-money/try", [[2, 7], [9]], False, "at most 5"),
        ("buying/exact/try", ["denar-4#1", "denar-6#1"], True, "takes another action"),
        ("buying/exact/try", ["denar-8#1", "denar-3#1"], False, "no change is given"),
        ("buying/five-actions/try", 5, True, "no action left"),
        ("setup/first-player/try", "Cem", False, "first in seat order"),
        ("scoring-cards/first/try", {"Ana": 6, "Ben": 9, "Cem": 6}, True, "Scoring 1"),
        ("end-of-game/last/try", {"1": "Cem", "2": "nobody", "3": "Ben"}, True, "tie with 9"),
        ("end-of-game/last/try", {"1": "Cem", "2": "Ana"}, False, "on a tie nobody"),
        ("two-players/neutral/try", {"Ana": 5, "Ben": 6, "Dirk": 11}, True, "Dirk"),
        ("end-of-turn/refill/see", ["a"], False, "wait until the very end"),
        ("scoring/walls/try", 10, True, "10 tile sides"),
    ],
)
def test_answers_from_the_controls(step_id, page_answer, ok, words):
    chapter_id = step_id.split("/")[0]
    w = alh.ChapterWidget(chapter_id, step=step_id)
    answer(w, page_answer)
    assert w._feedback["ok"] is ok, w.feedback
    assert words in w.feedback


def test_bad_messages_are_ignored_with_a_note():
    w = alh.ChapterWidget("turn", step=2)
    for message in (
        "junk",
        {"kind": "fly"},
        {"kind": "go", "index": 99},
        {"kind": "answer", "step": "turn/actions/see", "answer": []},
        {"kind": "go", "index": "x"},
    ):
        send(w, message)
        assert w._note["text"].startswith("Ignored a message from the page")
    assert w.index == 2 and w._feedback == {}
    send(w, {"kind": "answer", "step": "turn/take-money/try", "answer": "zz"})
    assert "cannot read" in w.feedback


def test_moving_on_clears_the_feedback():
    w = alh.ChapterWidget("turn", step=2)
    answer(w, [[9]])
    assert w._feedback
    w.next()
    assert w._feedback == {} and w.last_verdict is None and w.feedback == ""


def test_text_and_picture_for_places_without_a_kernel():
    w = alh.ChapterWidget("turn", step="take-money/try")
    text = repr(w)
    assert text == describe(chapters.get("turn"), 2)
    assert text.startswith("A turn and taking money — step 3 of 3: Try it: a display of 2, 3, 7")
    assert "Try it: List every take" in text
    assert repr(alh.ChapterWidget("turn", step="take-money/try")) == text  # deterministic
    data, _ = w._repr_mimebundle_()
    assert data["text/plain"] == text
    # The picture for readers without a kernel holds the step's words, then its board.
    picture = ET.fromstring(data["image/svg+xml"])
    words = " ".join(node.text or "" for node in picture.iter(f"{{{SVG}}}text"))
    assert " ".join(words.split()).startswith(" ".join(text.split()))
    board = ET.fromstring(w.step.board()._repr_svg_())
    nested = [n for n in picture.iter(f"{{{SVG}}}svg") if n is not picture]
    assert [ET.tostring(n) for n in nested] == [ET.tostring(board)]
    assert "application/vnd.jupyter.widget-view+json" in data
    quiz = repr(alh.ChapterWidget("end-of-turn", step="refill/see"))
    assert "a) At once, before your next action." in quiz


def test_widget_keeps_the_chapter_as_given():
    chapter = chapters.get("scoring")
    w = alh.ChapterWidget(chapter)
    assert w.chapter is chapter and len(w._view["steps"]) == len(chapter)


def test_expansion_steps_draw_their_gate_and_camp_lines():
    gates = alh.ChapterWidget("gates")
    gates.go("gates/gate/see")
    assert 'class="gate try"' in gates._view["board"]["svg"]
    camps = alh.ChapterWidget("camps")
    camps.go("camps/scoring/see")
    assert "camps: 5 + 2 + 5 = 12" in camps._view["board"]["svg"]

"""The rule chapters: staged positions, task checks, coverage of the rules and rulings.

The right and wrong answers below are written out by hand from the rules (RULES.md §4, §5, §8),
not computed by the code under test, so a wrong engine or a wrong chapter fails here.
"""

from __future__ import annotations

import ast
import json
import re
import subprocess
import sys
from collections import Counter

import pytest

import alhambra_nb as alh
from alhambra_nb import chapters
from alhambra_nb.chapters import ChapterError, PlaceTask, QuizTask, Step
from alhambra_nb.chapters.tasks import read_cell, read_cells
from tests.test_chapters_expansion import EXPANSION_ANSWERS

ALL_STEPS = chapters.steps()
STAGED = [s for s in ALL_STEPS if s.city is not None]
TASKS = [s for s in ALL_STEPS if s.task is not None]


def ids(steps):
    return [s.id for s in steps]


# step id -> (right answers, wrong answers), worked out by hand.
ANSWERS: dict[str, tuple[list, list]] = {
    "components/walls/try": (["bd", {"b", "d"}, "d, b"], ["b", "a", "abcd", "bc"]),
    "components/cells/try": (["b", "B"], ["a", "c", "ab"]),
    "setup/starting-money/see": (["b"], ["a", "c"]),
    "setup/first-player/see": (["b"], ["a", "c", "bc"]),
    # Seed 11: Ana and Cem both hold 4 cards worth 21; ruling R2 gives it to the first seat.
    "setup/first-player/try": (["Ana", "ana", " Ana "], ["Cem", "Ben"]),
    # RULES.md §8: a display of 2, 3, 7, 9 -> the 2 and 3 together, the 7 alone, the 9 alone.
    "turn/take-money/try": (
        [[{2, 3}, {7}, {9}], [[9], [7], [3, 2]], [["denar-2#1", "dirham-3#1"], [7], [9]]],
        [[{2}, {7}, {9}], [{2, 7}, {9}], [{2, 3}, {7}], [{2, 3}, {7}, {9}, {2}], [{2, 3, 7}]],
    ),
    # A garden for 10 Denar: 4 + 6 is exact; 8 + 3 = 11 buys it but ends the turn.
    "buying/exact/try": (
        [["denar 4", "denar 6"], "denar 6, denar 4", ["denar-4#1", "6 denar"]],
        [["denar 8", "denar 3"], ["denar 6", "dirham 5"], ["denar 4", "denar 3"], ["denar 8"]],
    ),
    # Four exact buys, then one more action.
    "buying/five-actions/try": ([5], [4, 1, 6, 8]),
    # Ana's chambers (walls S, W) beside her garden, tower and arcades.
    "end-of-turn/place/try": ([(-1, -1), (-1, 0), (0, 2)], [(2, 0), (1, 1), (0, -1), (3, 3)]),
    # Round 1: arcades Ana 3; chambers Ben/Cem tie 4 -> 2 each; garden Ana/Cem 5 -> 2 each;
    # towers Ben 6; walls Ana 1, Ben 1, Cem 2 -> Ana 6, Ben 9, Cem 6.
    "scoring-cards/first/try": (
        [{"Ana": 6, "Ben": 9, "Cem": 6}],
        [{"Ana": 5, "Ben": 8, "Cem": 4}, {"Ana": 6, "Ben": 9}, {"Ana": 7, "Ben": 9, "Cem": 6}],
    ),
    # Denar: Cem 9 > Ana 2; Dirham: Ana 5 + 4 = Ben 9 -> nobody; Ducat: only Ben.
    "end-of-game/last/try": (
        [{1: "Cem", 2: "nobody", 3: "Ben"}, {1: "cem", 2: None, 3: "Ben"}],
        [{1: "Cem", 2: "Ana", 3: "Ben"}, {1: "Ana", 2: "nobody", 3: "Ben"}, {}],
    ),
    # Round 1 with Dirk: pavilion 1, seraglio 2, towers 6 and half the garden (2) to Dirk;
    # Ana chambers 4 + wall 1; Ben arcades 3 + garden 2 + wall 1; Dirk scores no wall.
    "two-players/neutral/try": (
        [{"Ana": 5, "Ben": 6, "Dirk": 11}],
        [{"Ana": 5, "Ben": 6}, {"Ana": 11, "Ben": 6, "Dirk": 6}, {"Ana": 5, "Ben": 6, "Dirk": 12}],
    ),
    "building/orientation/try": ([(-1, -1), [-1, -1], "-1,-1"], [(2, 0), (1, 0), (-1, 1)]),
    "building/touches/try": ([(2, -1), (-1, 2), (2, 2)], [(3, 3), (2, 0), (1, 2), (1, 0)]),
    "building/walls-match/try": ([(-1, 1)], [(-1, -1), (1, 2), (2, 0), (0, -1)]),
    "building/walking/try": ([(0, -2), "(0, -2)"], [(1, 2), (-1, 1), (2, 0), (5, 5)]),
    "building/holes/try": ([(2, 0), (2, 1), (2, 2)], [(1, 0), (4, 0), (0, 2), (3, 1)]),
    "building/legal-cells/try": (
        [{(1, -1), (2, 0), (2, 1), (0, 2)}, [(0, 2), (2, 1), (2, 0), (1, -1)]],
        [{(2, 0)}, {(1, -1), (2, 0), (2, 1), (0, 2), (-1, 1)}, set()],
    ),
    "redesign/remove/try": (
        [{(0, -1), (1, -1), (0, 1), (2, 0)}],
        [{(0, -1), (1, -1), (0, 1), (2, 0), (1, 1)}, {(0, 0)}, {(0, -1), (1, -1)}],
    ),
    "redesign/swap/try": ([(0, 1), (1, 1), (2, 1)], [(0, 0), (1, 0), (0, -1), (2, 0), (3, 3)]),
    "end-of-turn/refill/see": (["b"], ["a", "c"]),
    "scoring-cards/when/see": (["a"], ["b", "c"]),
    "scoring/majorities/round-1": (
        [{"Ana": 4}, {"Ana": 4, "Ben": 0, "Cem": 0}],
        [{"Ana": 4, "Ben": 1}, {"Ana": 16}, {}],
    ),
    "scoring/majorities/tie": (
        [{"Ana": 9, "Ben": 9}, {"Ana": 9, "Ben": 9, "Cem": 0}],
        [{"Ana": 13, "Ben": 6}, {"Ana": 9, "Ben": 9, "Cem": 6}, {"Ana": 10, "Ben": 9}],
    ),
    "scoring/majorities/round-3": (
        [{"Ana": 16, "Ben": 8, "Cem": 1}],
        [{"Ana": 16, "Ben": 8}, {"Ana": 21, "Ben": 13, "Cem": 6}],
    ),
    "scoring/majorities/tie-try": (
        [{"Ana": 12, "Ben": 12, "Cem": 1}],
        [{"Ana": 16, "Ben": 16, "Cem": 1}, {"Ana": 12, "Ben": 12, "Cem": 8}],
    ),
    "scoring/majorities/three-way-try": (
        [{"Ana": 3, "Ben": 3, "Cem": 3}, {"Ana": 3, "Ben": 3, "Cem": 3, "Dana": 0}],
        [{"Ana": 3, "Ben": 3, "Cem": 3, "Dana": 1}, {"Ana": 2, "Ben": 2, "Cem": 2}],
    ),
    "scoring/majorities/all-types-try": (
        [{"Ana": 19, "Ben": 21, "Cem": 13}],
        [{"Ana": 19, "Ben": 21, "Cem": 11}, {"Ana": 21, "Ben": 21, "Cem": 13}],
    ),
    "scoring/walls/try": ([10], [9, 11, 12, 0]),
    "scoring/walls/double-try": ([4], [5, 6, 3]),
    "end-of-game/end/see": (["d"], ["a", "b", "c", "ab"]),
    "two-players/rules/see": (["ac", "ca"], ["a", "abc", "b", "d"]),
}
ANSWERS.update(EXPANSION_ANSWERS)
ANSWERS = {k: v for k, v in ANSWERS.items() if v != ([], [])}


# -- the registry ---------------------------------------------------------------------------
def test_chapters_cover_the_rules_in_teaching_order():
    assert chapters.ids() == (
        "components",
        "setup",
        "turn",
        "buying",
        "building",
        "redesign",
        "end-of-turn",
        "scoring-cards",
        "scoring",
        "end-of-game",
        "two-players",
        "gates",
        "diamonds",
        "characters",
        "camps",
    )
    assert chapters.all() == chapters.CHAPTERS
    assert all(len(c) >= 1 for c in chapters.all())


def test_lookup_by_id_and_unknown_ids():
    assert chapters.get("building").step("walking/try") is chapters.step("building/walking/try")
    with pytest.raises(ChapterError, match="no chapter 'nope'"):
        chapters.get("nope")
    with pytest.raises(ValueError, match="no step"):
        chapters.step("building/nope")
    with pytest.raises(ChapterError):
        chapters.get("building").step("nope")


def test_step_ids_are_unique_stable_and_namespaced():
    all_ids = ids(ALL_STEPS)
    assert len(all_ids) == len(set(all_ids))
    for chapter in chapters.all():
        for step in chapter:
            assert re.fullmatch(r"[a-z-]+(/[a-z0-9-]+)+", step.id), step.id
            assert step.id.startswith(chapter.id + "/")


def test_a_chapter_rejects_steps_of_another_or_twice_the_same():
    step = Step(id="a/one", title="t", text="x")
    with pytest.raises(ChapterError, match="another chapter"):
        chapters.Chapter(id="b", title="B", summary="", steps=(step,))
    with pytest.raises(ChapterError, match="repeats"):
        chapters.Chapter(id="a", title="A", summary="", steps=(step, step))


def test_alh_chapters_is_lazy_and_loads_no_widget_code():
    probe = (
        "import sys, alhambra_nb as alh\n"
        "before = 'alhambra_nb.chapters' in sys.modules\n"
        "n = len(alh.chapters.all())\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in "
        "('anywidget', 'traitlets', 'IPython', 'ipywidgets'))\n"
        "print(before, n, bad)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120
    ).stdout.split(maxsplit=2)
    assert out[0] == "False"
    assert int(out[1]) == len(chapters.CHAPTERS)
    assert out[2].strip() == "[]"
    with pytest.raises(AttributeError):
        _ = alh.no_such_thing


# -- staged positions -----------------------------------------------------------------------
@pytest.mark.parametrize("step", STAGED, ids=ids(STAGED))
def test_staged_positions_are_legal_unless_marked_illegal(step):
    problems = step.city.validate()
    if step.illegal:
        assert problems, f"{step.id} is marked illegal but breaks no rule"
    else:
        assert problems == [], [str(v) for v in problems]


@pytest.mark.parametrize("step", STAGED, ids=ids(STAGED))
def test_staged_cities_use_real_tiles_each_once(step):
    real = Counter(t.code for t in (*alh.TILES, *alh.CAMPS))
    used = Counter(t.code for _, t in step.city.items() if not t.is_fountain)
    assert not used - real, f"{step.id} uses tiles not in the box: {used - real}"
    if step.tile is not None:
        assert step.tile.code in real


def test_city_is_a_fresh_copy_each_time():
    step = chapters.step("building/intro/see")
    city = step.city
    city.place("pavilion-8", (2, 0))
    assert (2, 0) not in step.city


def test_every_game_chapter_step_stages_a_game_the_engine_accepts():
    staged = [s for s in ALL_STEPS if s.game is not None]
    assert not [s.id for s in ALL_STEPS if s.needs == "game"], "no step waits any more"
    for step in staged:
        game = step.staged_game()
        assert isinstance(game, alh.Game)
        # The saved form reloads: every card and tile once, every Alhambra legal.
        alh.Game.from_json(game.to_json())
        assert step.city is not None and step.city.validate() == []
    assert {s.id.split("/")[0] for s in staged} == {
        "setup",
        "turn",
        "buying",
        "end-of-turn",
        "scoring-cards",
        "end-of-game",
        "two-players",
        "gates",
        "diamonds",
        "characters",
    }
    chapter_steps = [s for c in ("setup", "turn", "buying") for s in chapters.get(c)]
    assert all(s.game is not None for s in chapter_steps)


# -- what the "see" steps show --------------------------------------------------------------
SHOWN = {
    "building/intro/see": [],
    "building/occupied/see": ["placement/occupied"],
    "building/orientation/see": ["placement/orientation"],
    "building/touches/see": ["placement/touches-city", "placement/walking"],
    "building/walls-match/see": ["placement/walls-match"],
    "building/walking/see": ["placement/walking"],
    "building/holes/see": ["placement/no-holes"],
    "building/every-rule/see": [
        "placement/walls-match",
        "placement/walls-match",
        "placement/walking",
    ],
    "redesign/fountain/see": ["redesign/fountain"],
    "redesign/disconnects/see": ["redesign/disconnects"],
    "redesign/hole/see": ["redesign/hole"],
    "redesign/swap/see": ["placement/walls-match", "placement/walking", "redesign/disconnects"],
}


@pytest.mark.parametrize("step_id", sorted(SHOWN))
def test_see_steps_show_what_their_text_says(step_id):
    step = chapters.step(step_id)
    assert [v.rule.value for v in step.violations()] == SHOWN[step_id]
    for violation in step.violations():
        assert set(violation.cells) <= set(step.highlight().cells)
        assert set(violation.edges) <= set(step.highlight().edges)


def test_the_touching_step_touches_at_a_corner_and_holes_name_both_cells():
    corner = chapters.step("building/touches/see").violations()[0]
    assert corner.key == "placement/touches-city:corner"
    holes = chapters.step("building/holes/see").violations()[0]
    assert set(holes.cells) == {(1, 1), (2, 1)}


def test_every_placement_rule_is_shown_and_tried():
    for rule in alh.core.PLACEMENT_RULES:
        shown = [
            s.id
            for s in ALL_STEPS
            if rule in s.teaches and rule in {v.rule for v in s.violations()}
        ]
        assert shown, f"no step shows {rule.value}"
        if rule is alh.RuleId.OCCUPIED:
            continue  # one look is enough: there is nothing to find
        tried = [
            s.id
            for s in TASKS
            if rule in s.teaches and isinstance(s.task, PlaceTask) and rule in s.task.breaks
        ]
        assert tried, f"no step lets a learner try {rule.value}"


@pytest.mark.parametrize("ruling", chapters.RULINGS)
def test_every_ruling_is_stated_where_it_applies(ruling):
    # Stated in plain words as this game's choice, so a learner holding a printed rulebook
    # is not surprised; the ruling's id is for the rules text, never for the learner.
    stating = [s for s in ALL_STEPS if ruling in s.rulings]
    assert stating, f"no step states ruling {ruling}"
    assert any("in this game" in s.text.lower() for s in stating)


RULING_ID = re.compile(r"\bR\d+\b")
MODULE_IDS = sorted(name for name in alh.MODULES if "-" in name)
"""The modules' ids that are no word of the game (a variant's id such as a character
module's option): a learner is never asked to read them."""


def names_an_id(text: str) -> list[str]:
    """The ruling ids and module ids that ``text`` names."""
    return RULING_ID.findall(text) + [name for name in MODULE_IDS if name in text]


def learner_texts() -> list[tuple[str, str]]:
    """Every text a chapter shows a learner: titles, summaries, each step with its question
    and options, and the verdicts on the hand-written right and wrong answers."""
    texts = [(c.id, f"{c.title} {c.summary}") for c in chapters.all()]
    texts += [(s.id, s.describe()) for s in ALL_STEPS]
    for step_id, (right, wrong) in ANSWERS.items():
        step = chapters.step(step_id)
        texts += [(step_id, step.check(answer).message) for answer in [*right, *wrong, ...]]
    return texts


def test_no_chapter_text_names_a_ruling_or_a_module_id():
    assert MODULE_IDS, "the engine registers a variant module"
    named = [(where, names_an_id(text)) for where, text in learner_texts() if names_an_id(text)]
    assert named == []


def test_the_id_check_catches_ids_in_a_sentence():
    assert names_an_id("Our ruling (R3): a courtyard of any size counts.") == ["R3"]
    assert names_an_id(f"offered as the module '{MODULE_IDS[0]}'") == [MODULE_IDS[0]]
    assert names_an_id("In this game a courtyard of any size counts (rounds 1-3).") == []


# -- tasks ----------------------------------------------------------------------------------
def test_every_task_has_hand_written_answers():
    assert sorted(ANSWERS) == sorted(ids(TASKS))


@pytest.mark.parametrize("step_id", sorted(ANSWERS))
def test_right_answers_are_accepted(step_id):
    step = chapters.step(step_id)
    for answer in ANSWERS[step_id][0]:
        verdict = step.check(answer)
        assert verdict.ok, f"{answer!r}: {verdict.message}"
        assert str(verdict).startswith("✓ ")


@pytest.mark.parametrize("step_id", sorted(ANSWERS))
def test_wrong_answers_are_rejected_with_an_explanation(step_id):
    step = chapters.step(step_id)
    for answer in ANSWERS[step_id][1]:
        verdict = step.check(answer)
        assert not verdict.ok, f"{answer!r} was accepted"
        assert str(verdict).startswith("✗ ")
        assert len(verdict.message) > 20
        # Where the engine found broken rules, the explanation is the engine's own words.
        for violation in verdict.violations:
            assert violation.message in verdict.message


@pytest.mark.parametrize("step", TASKS, ids=ids(TASKS))
def test_solutions_are_the_hand_written_right_answers(step):
    solutions = step.solutions()
    assert solutions and all(step.check(s).ok for s in solutions)
    right = ANSWERS[step.id][0]
    kind = step.task.kind
    if kind in ("place", "swap"):
        if step.id != "building/touches/try":  # every corner cell is right: some listed
            assert set(solutions) == {read_cell(a) for a in right}
    elif kind in ("legal-cells", "removable"):
        assert solutions == [read_cells(right[0])]
    elif kind == "majority":
        assert {p: n for p, n in solutions[0].items() if n} == right[0]
    elif kind == "quiz":
        assert solutions == ["".join(sorted(set(right[0])))]
    elif kind == "payment":
        assert [sorted(s) for s in solutions] == [sorted(right[0])]
    else:
        assert solutions == right[:1]


def test_place_task_explains_with_the_engines_violations():
    step = chapters.step("building/walking/try")
    verdict = step.check((1, 2))
    assert [v.rule.value for v in verdict.violations] == [
        "placement/walls-match",
        "placement/walking",
    ]
    assert "does not break the matching-walls rule" in verdict.message
    legal = step.check((-1, 1))
    assert not legal.ok and "legal placement" in legal.message
    assert legal.highlight.cells == ((-1, 1),)


def test_legal_cells_task_explains_wrong_cells_and_counts_missing_ones_without_naming_them():
    verdict = chapters.step("building/legal-cells/try").check({(2, 0), (-1, -1)})
    assert "(-1, -1) is not legal" in verdict.message
    assert "There are 3 more legal cells that you have not named." in verdict.message
    for missing in ("(1, -1)", "(2, 1)", "(0, 2)"):
        assert missing not in verdict.message
    assert not {(1, -1), (2, 1), (0, 2)} & set(verdict.highlight.cells)
    assert {v.rule.value for v in verdict.violations} == {
        "placement/walls-match",
        "placement/walking",
    }


def test_majority_task_says_who_is_off_and_which_way_with_a_hint_about_ties():
    verdict = chapters.step("scoring/majorities/tie").check({"Ana": 13, "Ben": 6})
    assert "Ana gets fewer points than that; Ben gets more points than that." in verdict.message
    assert "share them, rounded down" in verdict.message
    assert "9" not in verdict.message
    assert (
        "13 + 6 = 19 → 9 each"
        in chapters.step("scoring/majorities/tie").check({"Ana": 9, "Ben": 9}).message
    )


def test_majority_task_refuses_points_that_are_not_whole_numbers():
    verdict = chapters.step("scoring/majorities/tie").check({"Ana": "nine", "Ben": 9})
    assert not verdict.ok
    assert verdict.message == (
        "Sorry, I cannot read that: points are whole numbers such as 4, not 'nine'."
    )
    assert not chapters.step("scoring/majorities/tie").check({"Ana": 9.0, "Ben": 9}).ok


def test_a_number_in_quotes_is_read_like_a_cell_in_quotes():
    assert chapters.step("scoring/walls/try").check("10").ok  # the wall is 10 sides long
    assert chapters.step("scoring/walls/try").check(" 10 ").ok
    assert not chapters.step("scoring/walls/try").check("9").ok
    assert "shorter than that" in chapters.step("scoring/walls/try").check("12").message
    assert chapters.step("scoring/majorities/tie").check({"Ana": "9", "Ben": "9"}).ok
    assert chapters.step("building/walking/try").check("(0,-2)").ok  # as cells always were
    assert "cannot read" in chapters.step("scoring/walls/try").check("ten").message


def test_majority_task_says_a_player_left_out_is_missing_not_short_of_points():
    step = chapters.step("scoring/majorities/tie-try")  # Ana 12, Ben 12, Cem 1
    verdict = step.check({"Ana": 12, "Ben": 12})
    assert not verdict.ok
    assert "Cem is missing from your answer" in verdict.message
    assert "more points than that" not in verdict.message and "1" not in verdict.message
    assert "Cem gets more points than that" in step.check({"Ana": 12, "Ben": 12, "Cem": 0}).message
    # A player who scores nothing may still be left out.
    assert chapters.step("scoring/majorities/tie").check({"Ana": 9, "Ben": 9}).ok


def test_a_task_asks_one_question():
    # The step's text sets the scene; its task asks the one question.
    asking_twice = [s.id for s in TASKS if "?" in s.text]
    assert asking_twice == []
    walls = chapters.step("scoring/walls/try")
    assert walls.task.prompt == "How many points does the longest continuous outer wall score?"


def test_a_question_with_several_right_options_says_so_with_a_neutral_example():
    several = [s for s in TASKS if getattr(s.task, "multiple", False)]
    assert "characters/symbols/see" in ids(several)
    for step in several:
        assert "there may be one or several" in step.describe()
        assert "there may be one or several" in step._repr_markdown_()
        found = re.search(r"for example '([a-z]+)' or '([a-z]+)'", step.check(...).message)
        assert found, step.check(...).message
        one, many = found.groups()
        assert (len(one), len(many)) == (1, 2)
        assert not step.check(one).ok and not step.check(many).ok
    single = chapters.step("setup/first-player/see")  # one right option: a plain question
    assert "one or several" not in single.describe()
    assert re.search(r"for example '[a-z]',", single.check(...).message)


def test_wall_task_explains_double_walls_and_marks_the_wall_only_once_found():
    step = chapters.step("scoring/walls/double-try")
    verdict = step.check(6)
    assert "double walls" in verdict.message
    assert str(step.solutions()[0]) not in verdict.message
    assert verdict.highlight.edges == ()
    assert len(step.check(step.solutions()[0]).highlight.edges) == 4


def test_quiz_wrong_choice_is_told_why():
    verdict = chapters.step("end-of-turn/refill/see").check("a")
    assert "(a) New buildings wait until the very end of the turn." in verdict.message


def test_quiz_never_explains_the_right_options_a_learner_missed():
    step = chapters.step("components/walls/try")
    task = step.task
    verdict = step.check("b")
    right_but_missed = sorted(task.correct - {"b"})
    assert right_but_missed
    for letter in right_but_missed:
        assert task.notes["abcd".index(letter)] not in verdict.message
    assert "2 options are right and you have found 1 of them" in verdict.message


def test_take_money_task_explains_with_the_engines_violation():
    verdict = chapters.step("turn/take-money/try").check([{2, 7}, {9}])
    assert [v.rule.value for v in verdict.violations] == ["money/over-limit"]
    assert "Two takes to which no card could be added are missing" in verdict.message
    assert "(2 + 3 = 5)" not in verdict.message  # the missed takes are not listed


def test_a_single_set_of_values_is_one_take_and_a_list_of_values_several():
    step = chapters.step("turn/take-money/try")
    together = step.check({2, 3}).message  # one of the right takes: two more are missing
    assert together.startswith("Two takes to which no card could be added are missing")
    apart = step.check([2, 3]).message
    assert "The 2 alone" in apart and "The 3 alone" in apart


@pytest.mark.parametrize("step", TASKS, ids=ids(TASKS))
def test_no_answer_and_unreadable_answers_give_a_verdict_not_an_error(step):
    for blank in (None, ...):
        assert step.check(blank).message.startswith("Nothing to check yet.")
    for junk in ("zz", 3.5, object(), "x,y,z", ["a", 1, None]):
        verdict = step.check(junk)
        assert not verdict.ok
        assert verdict.message


def test_a_step_without_a_task_says_so():
    verdict = chapters.step("building/intro/see").check((2, 0))
    assert not verdict.ok and "sets no task" in verdict.message


def test_quiz_answer_keys_must_be_options():
    with pytest.raises(ValueError):
        QuizTask(prompt="?", options=("x", "y"), correct=frozenset({"c"}), notes=("", ""))


# -- texts agree with the components and the engine ------------------------------------------
def test_component_text_matches_the_tiles():
    text = chapters.step("components/box/see").text
    by_type = Counter(t.building.value for t in alh.TILES)
    for building in alh.BUILDINGS:
        prices = [t.price for t in alh.TILES if t.building is building]
        plural = {"arcades": "arcades", "chambers": "chambers"}.get(building.value)
        name = plural or building.value + "s"
        assert f"{by_type[building.value]} {name} (prices {min(prices)}–{max(prices)})" in text or (
            f"{by_type[building.value]} {name} ({min(prices)}–{max(prices)})" in text
        ), building
    walls = Counter(len(t.walls) for t in alh.TILES)
    wall_text = chapters.step("components/walls/see").text
    assert (walls[0], walls[1], walls[2], walls[3], walls[4]) == (10, 16, 20, 8, 0)
    assert (
        "10 have no wall, 16 one wall, 20 two walls" in wall_text and "8 three walls" in wall_text
    )


def test_wall_pattern_quiz_matches_the_tiles():
    patterns = {frozenset(s.name for s in t.walls) for t in alh.TILES}
    options = {"a": {"N", "S"}, "b": {"E", "S"}, "c": {"N", "E", "S", "W"}, "d": {"N", "E", "W"}}
    exists = {letter for letter, walls in options.items() if frozenset(walls) in patterns}
    assert exists == chapters.step("components/walls/try").task.correct


def test_cell_quiz_matches_the_position():
    step = chapters.step("components/cells/try")
    assert step.city[(1, 1)].code == "arcades-7-ES"
    assert step.city[(1, 0)].code == "garden-10"
    assert step.city[(0, 1)].code.startswith("chambers") and step.city[(0, -1)].code.startswith(
        "pavilion"
    )


def test_rulebook_scoring_examples():
    # RULES.md §8: round 1 chambers 4; round 2 towers 4 and 4 -> 9 each; round 3 16/8/1.
    assert chapters.step("scoring/majorities/round-1").solutions() == [
        {"Ana": 4, "Ben": 0, "Cem": 0}
    ]
    assert chapters.step("scoring/majorities/tie").solutions()[0]["Ana"] == 9
    assert chapters.step("scoring/majorities/round-3").solutions() == [
        {"Ana": 16, "Ben": 8, "Cem": 1}
    ]


def test_wall_steps_show_what_they_say():
    assert chapters.step("scoring/walls/see").city.longest_wall() == 12
    assert "scores 12" in chapters.step("scoring/walls/see").text
    assert chapters.step("scoring/walls/double").city.longest_wall() == 4


# -- views ----------------------------------------------------------------------------------
@pytest.mark.parametrize("step", ALL_STEPS, ids=ids(ALL_STEPS))
def test_to_dict_is_json_ready_and_complete(step):
    data = json.loads(json.dumps(step.to_dict()))
    assert data["id"] == step.id and data["text"] == step.text
    assert data["violations"] == [v.to_dict() for v in step.violations()]
    if step.city is not None:
        assert alh.City.from_text(data["position"]) == step.city
    if step.task is not None:
        assert data["task"]["kind"] == step.task.kind and data["task"]["prompt"]
        assert "correct" not in data["task"]  # the check stays in Python
    for answer in ANSWERS.get(step.id, ([], []))[1][:1]:
        json.dumps(step.check(answer).to_dict())


def test_chapter_to_dict():
    data = json.loads(json.dumps(chapters.get("scoring").to_dict()))
    assert [s["id"] for s in data["steps"]] == ids(chapters.get("scoring"))


@pytest.mark.parametrize("step", STAGED, ids=ids(STAGED))
def test_board_draws_the_step(step):
    board = step.board()
    svg = board._repr_svg_()
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert repr(board) == str(step.city)


def test_text_views():
    step = chapters.step("building/walking/try")
    assert repr(step) == "<Step 'building/walking/try': Try it: cut off by a wall>"
    assert "Try it: Find the cell where the pavilion breaks the walking rule and no other." in (
        step.describe()
    )
    assert step._repr_markdown_().startswith("**Try it: cut off by a wall**")
    assert repr(chapters.step("setup/table/see").board()).count("F") == 1  # just the fountain
    assert Step(id="x/text", title="t", text="words only").board() is None


# -- the game chapters agree with the game engine --------------------------------------------
def _log(step_id):
    return chapters.step(step_id).staged_game().log


def test_setup_text_tells_the_dealing_the_engine_did():
    game = chapters.step("setup/starting-money/see").staged_game()
    text = chapters.step("setup/starting-money/see").text
    for event in game.events:
        if event.key == "event.money":
            cards = event.sentence().split(" is dealt ", 1)[1].split(":")[0]
            assert cards in text, cards
            assert 20 <= event.params["total"] <= 28
            # Dealing stops at the first card that reaches 20 (the quiz's answer b).
            last = alh.card(event.params["cards"][-1]).value
            assert event.params["total"] - last < 20
    # Ruling R2 decides this game: equal cards and totals, the first seat starts.
    assert game.events[-1].params["reason"]["key"] == "event.start:seat"
    assert game.players[game.state.current].name == "Ana"


def test_the_scoring_cards_lie_in_piles_two_and_four():
    game = chapters.step("setup/piles/see").staged_game()
    deck = [c.id for c in game.money_deck]
    fifth = len(deck) / 5
    assert fifth <= deck.index("scoring-1") < 2 * fifth + 1
    assert 3 * fifth - 1 <= deck.index("scoring-2") < 4 * fifth + 1


def test_the_longest_turn_has_five_actions_and_the_sixth_is_refused():
    step = chapters.step("buying/five-actions/try")
    game = step.staged_game()
    for action in step.task.then:
        game.apply(action)
    assert game.current_player == 0 and game.state.actions == 5
    with pytest.raises(alh.IllegalActionError) as refused:
        game.apply(f"take {game.money_display[0].id}")
    assert refused.value.rule is alh.RuleId.NO_ACTION_LEFT


def test_overpaying_the_garden_ends_the_actions():
    # RULES.md §8: a garden costing 10 paid with 11 Denar buys it, without an extra action.
    game = chapters.step("buying/exact/try").staged_game()
    assert game.market[0].tile.code == "garden-10"
    game.apply("buy 1 with denar-8#1 denar-3#1")
    assert not game.state.may_act
    assert "no change is given" in game.log[-1]


def test_bought_tiles_wait_and_the_market_is_refilled_at_the_end():
    log = _log("end-of-turn/refill/see")
    assert log[-1] == "Market space 3 (Ducat) gets the tower."
    game = chapters.step("end-of-turn/place/see").staged_game()
    assert [t.code for t in game.players[0].bought] == ["chambers-7-SW"]
    assert game.market[2].tile is None  # not refilled during the turn


def test_a_scoring_card_scores_before_the_next_turn():
    step = chapters.step("scoring-cards/when/see")
    game = step.staged_game()
    game.apply("end")
    keys = [e.key for e in game.events]
    revealed, scored = keys.index("event.scoring-card"), keys.index("event.scoring")
    assert revealed < scored and game.current_player == 1 and game.turn == 2
    assert len(game.money_display) == 4  # a money card replaced the scoring card
    assert step.task.correct == {"a"}


def test_the_end_of_game_quiz_is_what_the_engine_does():
    game = chapters.step("end-of-game/end/see").staged_game()
    assert game.money_in(0, "dirham") == game.money_in(1, "dirham") == 9
    game.apply("end")
    assert any("tie with 9 Dirham" in line for line in game.log)
    assert game.phase == "final"


def test_two_player_setup_follows_ruling_r6():
    game = chapters.step("two-players/rules/see").staged_game()
    assert game.neutral is not None and len(game.neutral.tiles) == 6
    assert game.log[0].startswith(f"{game.neutral.name}, the neutral player, takes 6 tiles")
    assert (
        len(game.state.deck) + len(game.money_display) + sum(len(p.money) for p in game.players)
        == 72 + 2
    )
    scored = chapters.step("two-players/neutral/try").solutions()[0]
    assert scored["Dirk"] == 11  # majorities only: the neutral player has no wall


@pytest.mark.parametrize(
    "step_id", ["scoring-cards/first/try", "two-players/neutral/try", "characters/scoring/try"]
)
def test_a_scoring_answer_is_shown_and_judged_with_every_player_named(step_id):
    step = chapters.step(step_id)
    scored = step.solutions()[0]
    prompt = step.check(...).message  # "… for example {'Ana': 8, …}, then run this cell …"
    example = ast.literal_eval(prompt[prompt.index("{") : prompt.index("}") + 1])
    assert list(example) == list(scored) and not step.check(example).ok
    assert all(f"'{name}'" in step.task.prompt for name in scored)  # the question's example
    left_out = next(name for name, points in scored.items() if points)
    answer = {name: points for name, points in scored.items() if name != left_out}
    said = step.check(answer).message
    assert not step.check(answer).ok
    assert f"{left_out} is missing from your answer" in said and f"{left_out}'s 0" not in said


def test_game_steps_describe_the_staged_game_for_a_view():
    data = chapters.step("turn/take-money/try").to_dict()
    assert [c["value"] for c in data["game"]["display"]] == [2, 3, 7, 9]
    assert data["game"]["to_play"] == "Ana"
    assert data["task"]["kind"] == "takes"


def test_option_letters_are_read_from_text_or_a_collection():
    from alhambra_nb.chapters.tasks import AnswerError, read_letters

    assert read_letters("A, c", 3) == {"a", "c"}
    assert read_letters(["b "], 3) == {"b"}
    assert read_letters([], 3, none_allowed=True) == set()
    with pytest.raises(AnswerError, match="one or more of the letters a, b, c"):
        read_letters([], 3)
    with pytest.raises(AnswerError, match="some of the letters a, b"):
        read_letters("d", 2, none_allowed=True)
    with pytest.raises(AnswerError):
        read_letters(7, 3, none_allowed=True)


@pytest.mark.parametrize("step_id", ["scoring/walls/try", "scoring/walls/double-try"])
def test_a_wall_task_board_never_shows_the_length_it_asks_for(step_id):
    step = chapters.step(step_id)
    length = step.solutions()[0]
    svg = step.board()._repr_svg_()
    assert f"longest wall: {length}" not in svg
    assert "longest wall" in chapters.step("scoring/walls/see").board()._repr_svg_()


@pytest.mark.parametrize("step", TASKS, ids=ids(TASKS))
def test_the_blank_answers_prompt_never_offers_a_right_answer_as_its_example(step):
    prompt = step.check(...).message
    example = prompt.partition("for example ")[2].rpartition(", then run")[0]
    # A choose-every-right-option question shows two forms: "'a' or 'bc'".
    forms = example.split(" or ") if getattr(step.task, "multiple", False) else [example]
    for form in filter(None, forms):
        assert not step.check(ast.literal_eval(form)).ok, prompt


@pytest.mark.parametrize("step_id", ["end-of-game/last/try", "diamonds/end/try"])
def test_market_spaces_are_read_by_number_or_by_the_currency_they_sell_for(step_id):
    step = chapters.step(step_id)
    receivers = step.solutions()[0]
    english = {space: currency.value.title() for space, currency in enumerate(alh.Currency, 1)}
    assert step.check({english[s]: who for s, who in receivers.items()}).ok
    assert step.check({str(s): who for s, who in receivers.items()}).ok
    german = {space: alh.word(c, "de") for space, c in enumerate(alh.Currency, 1)}
    assert step.check({german[s]: who for s, who in receivers.items()}, language="de").ok
    for key in ("Florin", 9, 2.5):
        assert "a market space is written as its number, 1 to 4" in step.check({key: "Ana"}).message
    empty = next(space for space in (1, 2, 3, 4) if space not in receivers)
    assert "no building is left on space" in step.check({english[empty]: "Ana"}).message
    # An empty space that the answer gives to nobody is true, and the answer is read as it is.
    for nobody in ("nobody", None):
        assert step.check({**receivers, empty: nobody}).ok

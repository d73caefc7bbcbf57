"""The expansion II chapters (RULES.md §9): staged positions, right and wrong answers.

The answers are worked out by hand from the rules and the staged positions, not computed by
the code under test; ``tests/test_chapters.py`` also runs its general checks (legal positions,
solutions, wrong answers) over these chapters with :data:`EXPANSION_ANSWERS`.
"""

from __future__ import annotations

import ast

import pytest

import alhambra_nb as alh
from alhambra_nb import chapters
from alhambra_nb.chapters import expansion

EXPANSION_ANSWERS = {
    # (1, 1): the tower's north and west walls meet the chambers' south wall and the
    # garden's east wall; (0, -1) and (1, -1) are legal already, at (2, 0) its west wall
    # faces the chambers' open east side (no gate helps), (0, -2) touches nothing.
    "gates/gate/try": ([(1, 1)], [(0, -1), (1, -1), (2, 0), (0, -2)]),
    # The gated arcades and seraglio are locked; the garden (0, 1) and the tower (3, 0) not.
    "gates/locked/try": ([{(0, 1), (3, 0)}], [{(0, 1), (3, 0), (2, 0)}, {(0, 1)}]),
    "gates/card/see": ([1], [2, 0]),
    "gates/card/try": (["bd"], ["b", "ab", "bcd"]),
    "diamonds/pay/try": (
        [["diamond 5", "diamond 3"]],
        [["diamond 5"], ["diamond 5", "denar 2"]],
    ),
    "diamonds/mixed/try": (["bc"], ["abc", "b", "bcd"]),
    # Diamonds never count: Cem's Denar 10 beats nothing, Ben's Dirham 7 beats Ana's 5,
    # Ben's Ducat 3 is the only Ducat.
    "diamonds/end/try": (
        [{1: "Cem", 2: "Ben", 3: "Ben"}],
        [{1: "Cem", 2: "Ana", 3: "Ben"}, {1: "Ana", 2: "Ben", 3: "Ben"}],
    ),
    # Ben: Ducat 6 + 2 = 8, Diamonds 7: at most 8.
    "characters/auction/try": ([8], [15, 7, 9]),
    # Ana's best in one currency is Denar 5 + 4 = 9 < 12: she cannot top Cem.
    "characters/winner/try": (["Cem"], ["Ana", "Ben"]),
    "characters/symbols/see": (["ab"], ["abc", "a", "c"]),
    "characters/symbols/try": (["b"], ["ab", "bc", "a"]),
    "characters/fatime/try": (["ab"], ["a", "abc", "c"]),
    # Ben's towers: 6 for the first place, × 1.5 = 9 (+3); Cem's wall of 5 gives +1.
    "characters/scoring/try": (
        [{"Ana": 9, "Ben": 12, "Cem": 10}],
        [{"Ana": 9, "Ben": 9, "Cem": 9}, {"Ana": 9, "Ben": 15, "Cem": 10}],
    ),
    "camps/sides/try": (
        [(0, -2), (-1, -1), (1, -1), (-2, 0), (2, 0), (-1, 1), (2, 1), (0, 2)],
        [(1, 2), (5, 5), (0, 0)],
    ),
    "camps/legal/try": ([{(-2, 0), (0, -2)}], [{(-2, 0)}, {(-2, 0), (0, -2), (1, 2)}]),
    # The bastion-backed east wall of the arcades joins the chambers' north and east walls.
    "camps/wall/try": ([3], [2, 1]),
    # 4 (camp (-3, 0) east, up to the camp at (2, 0)) + 4 (camp (2, 0) west) + 3 (camp (0, 3)
    # north, up to the empty (0, -1)); the south arrows point at nothing.
    "camps/scoring/try": ([11], [12, 8, 10]),
}

R = alh.RuleId


def rules(found):
    return [v.rule for v in found]


def test_one_chapter_per_module_after_the_base_game():
    assert chapters.ids()[-4:] == ("gates", "diamonds", "characters", "camps")
    for chapter in expansion.EXPANSION_CHAPTERS:
        assert chapter.tasks, f"{chapter.id} sets no task"


@pytest.mark.parametrize("step_id", sorted(EXPANSION_ANSWERS))
def test_right_answers_are_accepted_and_wrong_ones_explained(step_id):
    step = chapters.step(step_id)
    right, wrong = EXPANSION_ANSWERS[step_id]
    for answer in right:
        verdict = step.check(answer)
        assert verdict.ok, (answer, verdict.message)
    for answer in wrong:
        verdict = step.check(answer)
        assert not verdict.ok, answer
        assert verdict.message


def test_staged_games_reload_with_their_modules():
    for chapter in expansion.EXPANSION_CHAPTERS:
        for step in chapter:
            if step.game is None:
                continue
            game = step.staged_game()
            assert set(game.state.modules) == set(step.game.modules)
            again = alh.Game.from_json(game.to_json())  # every card, tile, gate once
            assert again.state.to_dict() == game.state.to_dict()
            assert step.city is not None and step.city.validate() == []


# -- gates ------------------------------------------------------------------------------------
def test_the_gate_step_shows_the_walking_rule_lifted():
    assert rules(chapters.step("gates/double-wall/see").violations()) == [R.WALKING]
    step = chapters.step("gates/gate/see")
    assert step.gate is alh.Side.W and step.violations() == []
    assert step.to_dict()["gate"] == "W"
    svg = step.board()._repr_svg_()
    assert 'class="gate try"' in svg


def test_a_wrong_gate_cell_is_explained_by_the_engine():
    step = chapters.step("gates/gate/try")
    assert step.check("1,1 W").ok and step.check(((1, 1), "N")).ok
    verdict = step.check((0, -1))
    assert "legal without a gate" in verdict.message
    verdict = step.check("1,1 E")
    assert not verdict.ok
    assert R.GATE in rules(verdict.violations)
    verdict = step.check((0, -2))
    assert "No gate helps" in verdict.message
    assert R.TOUCHES_CITY in rules(verdict.violations)
    assert step.check("somewhere").message.startswith("Sorry, I cannot read that")


def test_gated_tiles_are_locked():
    step = chapters.step("gates/locked/see")
    assert R.REDESIGN_GATE_LOCKED in rules(step.violations())
    verdict = chapters.step("gates/locked/try").check({(0, 1), (3, 0), (2, 0)})
    assert "(2, 0) cannot be taken away: The seraglio at (2, 0) is joined" in verdict.message
    assert R.REDESIGN_GATE_LOCKED in rules(verdict.violations)


def test_taking_the_gate_card_ends_the_turn_ruling_r7():
    step = chapters.step("gates/card/see")
    assert "R7" in step.rulings
    verdict = step.check(1)
    assert "no action left" in verdict.message
    assert "takes the gate card" in verdict.message
    verdict = step.check(2)
    assert not verdict.ok and "too many" in verdict.message
    assert "exact payment" in verdict.message and "1" not in verdict.message


# -- diamonds ---------------------------------------------------------------------------------
def test_mixing_diamonds_is_refused_with_the_rule():
    verdict = chapters.step("diamonds/mixed/try").check("abc")
    assert not verdict.ok
    assert R.BUY_MIXED_CURRENCY in rules(verdict.violations)
    assert "never combined with other cards" in verdict.message


def test_a_diamond_payment_is_read_and_checked():
    verdict = chapters.step("diamonds/pay/try").check(["diamond 5", "denar 2"])
    assert R.BUY_MIXED_CURRENCY in rules(verdict.violations)
    assert (
        "takes another action"
        in chapters.step("diamonds/pay/try").check("diamond 5, diamond 3").message
    )


def test_the_expansion_chapters_leave_notes_on_sources_to_the_teacher():
    # Which values are reconstructed is a note for teachers (in the tutorials), not a
    # sentence a learner must get past to read the rule.
    diamonds = chapters.step("diamonds/cards/see").text
    assert "Eleven diamond cards, values 3 to 9" in diamonds
    for step in chapters.steps():
        for note in ("reconstructed", "public source", "score calculator", "our reading"):
            assert note not in step.text.lower(), (step.id, note)


# -- characters -------------------------------------------------------------------------------
def test_an_unaffordable_bid_is_explained_without_giving_the_highest_bid():
    step = chapters.step("characters/auction/try")
    verdict = step.check(15)
    assert not verdict.ok and "Ben cannot pay 15" in verdict.message
    assert "one currency alone" in verdict.message and "8" not in verdict.message
    assert "may bid more than 7" in step.check(7).message
    right = step.check(8)
    assert R.AUCTION_UNAFFORDABLE in rules(right.violations)
    assert "at most 8 in one currency" in right.message


def test_the_auction_is_played_by_the_engine():
    step = chapters.step("characters/winner/try")
    # Ana holds Denar 5 and 4 and Guilder 8: at most 9 in one currency, short of Cem's 12.
    passes = (
        "Ana can pay at most 9 in one currency (or in diamonds), which does not top the "
        "highest bid of 12, so Ana passes."
    )
    verdict = step.check("Cem")
    assert f"Ben bids 8. Cem bids 12. {passes}" in verdict.message
    wrong = step.check("Ana")
    # Only what the auction says about Ana, never who won it.
    assert passes in wrong.message
    assert "Cem" not in wrong.message and "more than 12" not in wrong.message
    assert "Ben bids 8." in step.check("Ben").message


def test_one_diamond_character_per_turn():
    verdict = chapters.step("characters/symbols/try").check("abc")
    assert R.CHARACTER_ONE_PER_TURN in rules(verdict.violations)


def test_fatime_is_chosen_at_once_ruling_r9():
    step = chapters.step("characters/fatime/try")
    assert "R9" in step.rulings
    verdict = step.check("abc")
    assert R.CHARACTER_CHOICE in rules(verdict.violations)


def test_hakim_wahid_scores_one_and_a_half_times_ruling_r10():
    step = chapters.step("characters/scoring/try")
    assert "R10" in step.rulings and "1.5 times" in step.text
    verdict = step.check({"Ana": 9, "Ben": 12, "Cem": 10})
    assert "Hakim Wahid: Ben +3 (tower: 6 × 1.5 = 9)" in verdict.message
    assert "Yusuf E'Passuff: Cem +1" in verdict.message
    wrong = step.check({"Ana": 9, "Ben": 9, "Cem": 11})
    assert "Ben's 9 is too low; Cem's 11 is too high" in wrong.message
    assert "character cards" in wrong.message and "12" not in wrong.message
    assert "Sorry" in step.check({"Ana": "nine"}).message


# -- camps ------------------------------------------------------------------------------------
def test_camp_sides_are_the_engines_rule():
    assert rules(chapters.step("camps/plain/see").violations()) == [R.CAMP_SIDES, R.CAMP_SIDES]
    verdict = chapters.step("camps/sides/try").check((1, 2))
    assert not verdict.ok and "legal placement" in verdict.message
    verdict = chapters.step("camps/legal/try").check({(-2, 0), (0, -2), (1, 2)})
    assert R.CAMP_SIDES in rules(verdict.violations)


def test_a_camp_closing_a_courtyard_breaks_no_holes():
    assert rules(chapters.step("camps/holes/see").violations()) == [R.NO_HOLES]


def test_the_seed_example_is_shown_with_its_arrow_lines():
    step = chapters.step("camps/scoring/see")
    assert step.camp_lines and "5 + 5 + 2 = 12" in step.text
    assert alh.camp_points(step.city.tiles()) == 12
    svg = step.board()._repr_svg_()
    assert "camps: 5 + 2 + 5 = 12" in svg


def test_camp_points_explain_every_arrow():
    verdict = chapters.step("camps/scoring/try").check(11)
    assert "up to a camp at (2, 0): 4 points" in verdict.message
    assert "points at no tile" in verdict.message
    assert "runs over 3 tiles up to an empty cell at (0, -1): 3 points" in verdict.message
    wrong = chapters.step("camps/scoring/try").check(12)
    assert "too many" in wrong.message and "11" not in wrong.message
    # The camps are marked, not the tiles they score.
    assert set(wrong.highlight.cells) == {(-3, 0), (2, 0), (0, 3)}
    assert chapters.step("camps/scoring/try").check("eleven").message.startswith("Sorry")


# -- what a learner reads ---------------------------------------------------------------------
def test_a_multiple_choice_step_shows_its_options_but_not_which_are_right():
    step = chapters.step("gates/card/try")
    shown = step._repr_markdown_()
    assert "a) the seraglio at (2, 0) without a gate" in shown
    assert "d) the seraglio at (0, 1) without a gate" in shown
    assert "allowed" not in shown and "refused" not in shown
    options = step.describe().splitlines()[-2:]
    assert options[0] == "d) the seraglio at (0, 1) without a gate"
    assert options[1].startswith("Choose every option that is right")


def test_a_wrong_choice_is_explained_and_the_missed_options_are_only_counted():
    step = chapters.step("gates/card/try")  # (b) and (d) are allowed
    verdict = step.check("ab")
    assert "(a) the seraglio at (2, 0) without a gate: refused." in verdict.message
    assert "One option the engine allows is not among your choices." in verdict.message
    assert "(d)" not in verdict.message and "allowed." not in verdict.message
    assert R.WALKING in rules(verdict.violations)


def test_points_that_are_not_whole_numbers_are_not_read():
    verdict = chapters.step("characters/scoring/try").check({"Ana": "9.5"})
    assert not verdict.ok and "whole numbers" in verdict.message


@pytest.mark.parametrize("step_id", sorted(EXPANSION_ANSWERS))
def test_the_example_in_the_not_yet_answered_prompt_is_never_a_right_answer(step_id):
    step = chapters.step(step_id)
    example = step.task.answer_example()
    prompt = step.check(...).message
    assert "Nothing to check yet" in prompt
    if example is not None and example in prompt:
        assert not step.check(ast.literal_eval(example)).ok

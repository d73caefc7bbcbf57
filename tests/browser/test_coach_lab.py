"""End to end in real JupyterLab: a coached game played by clicks and keys to past the first
scoring. The coach's panel teaches as the game goes, asks its question at the scoring (the
focus moves to the answers), takes the answer from the keyboard and explains; hidden and
shown again it keeps what it said. The bot's moves are replayed one by one by keys. axe-core
finds nothing serious in the coach and in the replay, light and dark.
"""

from __future__ import annotations

import json

import pytest

from .lab import (
    BUTTON_ON,
    TIMEOUT,
    off_screen,
    open_notebook,
    printed,
    run_cell,
)
from .test_accessibility import AUDIT, _axe_script, blocking, set_theme

pytestmark = pytest.mark.slow

CELLS = [
    "import json\n"
    "import alhambra_nb as alh\n"
    'w = alh.GameWidget(alh.Game(["Ana", "Ben"], seed=7), bots={1: "greedy"}, coach=True)\n'
    "w",
    "print('STATE>' + json.dumps({'topics': w.coach.topics, 'turn': w.game.turn,\n"
    "    'question': None if w.coach.question is None else w.coach.question.round}))",
]
# Taking one card a turn, Ana meets the first scoring well before this many turns.
MOST_TURNS = 40

FOCUSED_CLASS = "() => document.activeElement?.className || ''"


# Ana's turn is back (Take money on), or the coach asks its question.
TURN_OR_QUESTION = f"""(root) => !!root.querySelector(".alh-coach-question")
  || ({BUTTON_ON})([root, "take"])"""


def take_and_end_by_keys(page, table) -> None:
    """Take the first display card and end the turn: a click picks the card, the keys press
    the buttons (Enter on Take money, Space on End turn)."""
    root = table.element_handle()
    page.wait_for_function(BUTTON_ON, arg=[root, "take"], timeout=TIMEOUT)
    table.locator('[data-card][role="button"]').first.click()
    table.locator('[data-do="take"]').focus()
    page.keyboard.press("Enter")
    page.wait_for_function(BUTTON_ON, arg=[root, "end"], timeout=TIMEOUT)
    table.locator('[data-do="end"]').focus()
    page.keyboard.press("Space")
    page.wait_for_function(f"(root) => !({BUTTON_ON})([root, 'end'])", arg=root, timeout=TIMEOUT)


def watch_the_bots_turn(page, table) -> None:
    """The bot's moves, replayed one by one in place of the live table: by keys, from the
    first to the last, then Escape back to the live table, the focus on the replay button."""
    table.locator('[data-tool="replay"]').click()
    replay = table.locator(".alh-replay")
    replay.wait_for(state="visible", timeout=TIMEOUT)
    assert not table.locator(".alh-table").is_visible()
    title = replay.locator(".alh-replay-title")
    count = int(title.inner_text().split(" of ")[1])
    assert title.inner_text() == f"Ben, move 1 of {count}"
    assert replay.locator(".spotlit").count() >= 1
    for number in range(2, count + 1):
        page.keyboard.press("Enter")  # the focus stays on Next move
        assert title.inner_text() == f"Ben, move {number} of {count}"
    page.keyboard.press("Escape")
    replay.wait_for(state="hidden", timeout=TIMEOUT)
    table.locator(".alh-table").wait_for(state="visible", timeout=TIMEOUT)
    assert page.evaluate("document.activeElement?.dataset?.tool") == "replay"


def test_a_coached_game_by_clicks_and_keys_to_past_the_first_scoring(page, lab, artifacts_dir):
    open_notebook(page, lab, height=900)
    run_cell(page, 0)
    table = page.locator(".alh-game")
    coach = table.locator(".alh-coach")
    coach.wait_for(state="visible", timeout=TIMEOUT)
    first = coach.locator('.alh-coach-note[data-topic="turn/actions"]')
    assert "one of three things" in first.inner_text(timeout=TIMEOUT)
    assert coach.locator('.alh-coach-met li[data-chapter="turn"]').count() == 1

    take_and_end_by_keys(page, table)
    page.wait_for_function(TURN_OR_QUESTION, arg=table.element_handle(), timeout=TIMEOUT)
    watch_the_bots_turn(page, table)

    question = coach.locator(".alh-coach-question")
    for _ in range(MOST_TURNS):
        take_and_end_by_keys(page, table)
        page.wait_for_function(TURN_OR_QUESTION, arg=table.element_handle(), timeout=TIMEOUT)
        if question.count():
            break
    question.wait_for(timeout=TIMEOUT)
    assert "Guess first" in question.inner_text()
    # The question takes the focus: the learner answers with the keyboard.
    assert "alh-coach-answer" in page.evaluate(FOCUSED_CLASS)
    # On a laptop's screen the learner's Alhambra, the market and the coach are in view at once.
    page.set_viewport_size({"width": 1366, "height": 768})
    question.scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / "coach-question.png"))
    assert table.locator(".alh-coach").bounding_box()["x"] > table.bounding_box()["x"] + 400
    assert off_screen(table) == []
    question.scroll_into_view_if_needed()
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    explained = coach.locator('.alh-coach-note[data-topic="scoring/majorities"]')
    explained.wait_for(timeout=TIMEOUT)
    verdict = coach.locator(".alh-coach-note").first.inner_text()
    assert verdict.startswith(("Right!", "Not quite."))
    assert question.count() == 0
    # After the answer, the focus is on the coach's words, not lost.
    assert "alh-coach-title" in page.evaluate(FOCUSED_CLASS)
    met = coach.locator(".alh-coach-met li")
    chapters = [met.nth(i).get_attribute("data-chapter") for i in range(met.count())]
    assert {"turn", "end-of-turn", "scoring-cards", "scoring"} <= set(chapters)

    run_cell(page, 1)
    state = json.loads(printed(page, 1, "STATE>"))
    assert state["question"] is None
    assert "scoring/majorities" in state["topics"] and "scoring/answer-1" in state["topics"]
    assert len(state["topics"]) == len(set(state["topics"]))

    # Hidden, then shown again: what the coach said is still there.
    toggle = table.locator('[data-tool="coach"]')
    assert toggle.get_attribute("aria-expanded") == "true"
    toggle.click()
    coach.wait_for(state="hidden", timeout=TIMEOUT)
    assert toggle.get_attribute("aria-expanded") == "false"
    page.set_viewport_size({"width": 1366, "height": 768})
    assert off_screen(table) == []  # the wider table still keeps the three in view
    toggle.click()
    coach.wait_for(state="visible", timeout=TIMEOUT)
    assert coach.locator(".alh-coach-met li").count() == len(chapters)


@pytest.mark.parametrize("theme", ["light", "dark"])
def test_the_coach_has_no_serious_accessibility_violation(page, lab, theme, artifacts_dir):
    script = _axe_script()
    open_notebook(page, lab, height=900)
    run_cell(page, 0)
    table = page.locator(".alh-game")
    table.locator(".alh-coach").wait_for(state="visible", timeout=TIMEOUT)
    set_theme(page, theme)
    page.add_script_tag(path=str(script))
    page.set_viewport_size({"width": 1366, "height": 768})
    table.locator(".alh-coach").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / f"coach-{theme}.png"))
    audit = page.evaluate(AUDIT, ".alh-game")
    assert not blocking(audit["violations"]), json.dumps(audit["violations"], indent=1)
    # And the replay of the bot's moves, in place of the table.
    take_and_end_by_keys(page, table)
    page.wait_for_function(TURN_OR_QUESTION, arg=table.element_handle(), timeout=TIMEOUT)
    table.locator('[data-tool="replay"]').click()
    table.locator(".alh-replay").wait_for(state="visible", timeout=TIMEOUT)
    table.locator(".alh-replay").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir / f"replay-{theme}.png"))
    audit = page.evaluate(AUDIT, ".alh-game")
    assert not blocking(audit["violations"]), json.dumps(audit["violations"], indent=1)

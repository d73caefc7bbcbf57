"""The chapter widget's page code in real Chromium, driven by a small fake model.

The module loaded is exactly what anywidget loads (``ChapterWidget._esm``, from a blob URL);
the fake model is fed with the state of a real Python ``ChapterWidget``, and every message the
page sends is handed to that widget, whose changed traits go back to the page — the loop a
kernel would close.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import alhambra_nb as alh

from .widget_page import mount, sent

SYNCED = ("index", "_view", "_feedback", "_progress", "_note", "_words", "language")


def state_of(widget: alh.ChapterWidget) -> dict[str, Any]:
    return json.loads(json.dumps({k: getattr(widget, k) for k in SYNCED}))


class Loop:
    """A page showing ``widget``, with the page's messages delivered to the widget."""

    def __init__(self, page, widget: alh.ChapterWidget) -> None:
        self.page, self.widget, self.delivered = page, widget, 0
        self.state = state_of(widget)
        mount(page, widget, state=self.state)

    def deliver(self) -> list[dict[str, Any]]:
        """Hand the page's new messages to Python and push the changed traits back."""
        messages = sent(self.page)[self.delivered :]
        self.delivered += len(messages)
        for message in messages:
            self.widget._handle_message(self.widget, message, [])
        state = state_of(self.widget)
        for name in SYNCED:
            if state[name] != self.state[name]:
                self.page.evaluate("([k, v]) => window.__model.set(k, v)", [name, state[name]])
        self.state = state
        return messages


def text(page, selector: str) -> str:
    return page.locator(selector).text_content() or ""


def test_next_and_previous_walk_through_the_steps(page):
    loop = Loop(page, alh.ChapterWidget("turn"))
    assert text(page, ".alh-ch-count") == "Step 1 of 3"
    assert text(page, ".alh-ch-title") == "One action"
    assert page.locator(".alh-ch-progress li").count() == 3
    assert page.locator('[data-do="previous"]').is_disabled()
    page.click('[data-do="next"]')
    assert loop.deliver() == [{"kind": "next"}]
    assert text(page, ".alh-ch-count") == "Step 2 of 3"
    assert text(page, ".alh-ch-title") == "Taking money"
    assert page.locator('[aria-current="step"]').text_content() == "2"
    page.click('.alh-ch-dot[data-index="2"]')
    loop.deliver()
    assert loop.widget.step.id == "turn/take-money/try"
    assert page.locator('[data-do="next"]').is_disabled()
    page.click('[data-do="previous"]')
    loop.deliver()
    assert text(page, ".alh-ch-count") == "Step 2 of 3"
    # The staged game is shown beside the board.
    assert "2 Denar, 3 Dirham, 7 Ducat, 9 Guilder" in text(page, ".alh-ch-table")


def test_a_click_answers_and_the_feedback_explains_it(page):
    loop = Loop(page, alh.ChapterWidget("building", step="walking/try"))
    assert not page.locator(".alh-ch-task").is_hidden()
    assert "the walking rule and no other" in text(page, ".alh-ch-prompt")
    cell = page.locator('[role="gridcell"][data-cell="1,2"]')
    cell.hover()
    # Hovering shows the engine's verdict with no round trip.
    hover = text(page, ".alh-ch-hover")
    expected = loop.widget.step.city.check(loop.widget.step.task.tile, (1, 2))
    assert all(v.message in hover for v in expected)
    assert page.evaluate("window.__sent") == []
    assert page.locator(".alh-overlay .try.illegal").count() == 1
    cell.click()
    [message] = loop.deliver()
    assert message == {"kind": "answer", "step": "building/walking/try", "answer": "1,2"}
    feedback = page.locator('.alh-ch-feedback[role="status"]')
    assert feedback.get_attribute("data-ok") == "false"
    assert feedback.text_content().startswith("✗ Not quite.")
    assert expected[0].message in feedback.text_content()
    assert page.locator('.alh-overlay .violation[data-rule="placement/walls-match"]').count() == 1

    page.locator('[role="gridcell"][data-cell="0,-2"]').click()
    loop.deliver()
    assert feedback.get_attribute("data-ok") == "true"
    assert feedback.text_content().startswith("✓ Yes")
    assert page.locator(".alh-ch-progress li.solved").count() == 1


def test_quiz_options_and_check(page):
    loop = Loop(page, alh.ChapterWidget("end-of-turn", step="refill/see"))
    options = page.locator(".alh-ch-option")
    assert options.count() == 3
    options.nth(0).click()
    assert options.nth(0).get_attribute("aria-pressed") == "true"
    options.nth(1).click()  # one right option: choosing another replaces the first
    assert options.nth(0).get_attribute("aria-pressed") == "false"
    page.click(".alh-ch-check")
    [message] = loop.deliver()
    assert message["answer"] == ["b"]
    assert text(page, ".alh-ch-feedback").startswith("✓ Yes.")
    # The game log of the staged game is on the page.
    assert "Market space 3 (Ducat) gets the" in page.locator(".alh-ch-table details").inner_text()


def test_takes_are_put_together_from_the_display(page):
    loop = Loop(page, alh.ChapterWidget("turn", step="take-money/try"))
    chips = page.locator(".alh-ch-card")
    assert chips.count() == 4
    chips.nth(0).click()
    chips.nth(2).click()
    page.click('[data-do="add-take"]')
    page.click(".alh-ch-check")
    loop.deliver()
    feedback = text(page, ".alh-ch-feedback")
    assert feedback.startswith("✗ The 2 and 7 together (2 + 7 = 9) is not allowed")
    assert "at most 5" in feedback
    page.click('[data-do="drop-take"]')
    for picks in ((0, 1), (2,), (3,)):
        for i in picks:
            chips.nth(i).click()
        page.click('[data-do="add-take"]')
    assert page.locator(".alh-ch-takes li").count() == 3
    page.click(".alh-ch-check")
    loop.deliver()
    assert text(page, ".alh-ch-feedback").startswith("✓ Yes")


def test_payment_and_points_controls(page):
    loop = Loop(page, alh.ChapterWidget("buying", step="exact/try"))
    page.click('.alh-ch-card[data-id="denar-8#1"]')
    page.click('.alh-ch-card[data-id="denar-3#1"]')
    page.click(".alh-ch-check")
    loop.deliver()
    assert "no change is given" in text(page, ".alh-ch-feedback")

    loop = Loop(page, alh.ChapterWidget("scoring-cards", step="first/try"))
    for name, points in (("Ana", 6), ("Ben", 9), ("Cem", 6)):
        page.fill(f'input[data-name="{name}"]', str(points))
    page.click(".alh-ch-check")
    [message] = loop.deliver()
    assert message["answer"] == {"Ana": 6, "Ben": 9, "Cem": 6}
    assert text(page, ".alh-ch-feedback").startswith("✓ Yes. Scoring 1:")


def test_receivers_are_chosen_per_market_space(page):
    loop = Loop(page, alh.ChapterWidget("end-of-game", step="last/try"))
    selects = page.locator(".alh-ch-controls select")
    assert selects.count() == 3
    page.select_option('select[data-space="1"]', "Cem")
    page.select_option('select[data-space="2"]', "Ana")
    page.select_option('select[data-space="3"]', "Ben")
    page.click(".alh-ch-check")
    loop.deliver()
    feedback = text(page, ".alh-ch-feedback")
    # Wrong at space 2 (a tie: nobody receives it); the hint says where, not the answer.
    assert feedback.startswith("✗") and "space 2" in feedback


@pytest.mark.parametrize("chapter", alh.chapters.ids())
def test_every_step_of_every_chapter_draws(page, chapter):
    loop = Loop(page, alh.ChapterWidget(chapter))
    last = len(loop.widget.chapter) - 1
    for index in range(last + 1):
        assert page.locator(".alh-ch-title").text_content() == loop.widget.step.title
        if loop.widget.step.city is not None:
            assert page.locator('.alh-ch-board [role="grid"]').count() == 1
        assert page.locator('[data-do="next"]').is_disabled() == (index == last)
        if index < last:
            page.click('[data-do="next"]')
            loop.deliver()
            assert loop.widget.index == index + 1


def test_the_focus_stays_in_the_chapter_as_its_steps_change(page):
    w = alh.ChapterWidget("turn")
    loop = Loop(page, w)
    last = len(w.chapter) - 1
    page.focus('[data-do="next"]')
    for _ in range(last):
        page.keyboard.press("Enter")
        loop.deliver()
    assert w.index == last
    # Next is disabled on the last step: the focus went to an enabled neighbour, not the page.
    focused = page.evaluate(
        "() => [document.activeElement.dataset.do ?? null, "
        "!!document.activeElement.closest('.alh-chapter'), document.activeElement.disabled]"
    )
    assert focused == ["previous", True, False]
    # A step's dot, redrawn with every step, keeps the focus too.
    page.focus('.alh-ch-dot[data-index="1"]')
    page.keyboard.press("Enter")
    loop.deliver()
    assert w.index == 1
    assert page.evaluate("() => document.activeElement.dataset.index") == "1"


def test_the_feedback_mark_comes_from_the_catalogue(page, monkeypatch):
    from alhambra_nb.core.messages import ENGLISH

    monkeypatch.setitem(ENGLISH, "widget.failed-mark", "Nein: {text}")
    w = alh.ChapterWidget("building", step="walking/try")
    w.answer((1, 2))  # a cell where the tile breaks the walking rule and more
    mount(page, w)
    shown = page.text_content(".alh-ch-feedback")
    assert shown == "Nein: " + w.last_verdict.message and "✗" not in shown

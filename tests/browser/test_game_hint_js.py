"""The game table's Hint button and bots' level select in real Chromium, driven by a small fake
model fed with a real Python ``GameWidget`` (as in ``test_game_widget_js.py``): what the page
sends is handed to Python, and Python's answer is pushed back to the page."""

from __future__ import annotations

import alhambra_nb as alh
from alhambra_nb.core.search import SearchBot
from tests.test_game_widget import table

from .test_game_widget_js import deliver, mount
from .widget_page import JP_DARK, sent

HINT = '[data-tool="hint"]'
LEVEL = '[data-tool="level"]'


def hint_items(page) -> list[dict[str, str]]:
    return page.eval_on_selector_all(
        ".alh-hint-live .alh-hint-item",
        "els => els.map(e => ({action: e.dataset.action, text: e.innerText}))",
    )


def test_pressing_hint_shows_the_suggestions_in_words(page):
    w = table()
    mount(page, w)
    button = page.locator(HINT)
    assert button.text_content() == "Hint" and button.is_enabled()
    assert page.get_attribute(".alh-hint-live", "aria-live") == "polite"
    assert page.locator(".alh-hint").count() == 0
    button.click()
    assert sent(page) == [{"kind": "hint"}]
    # While Python searches the live region says so, and the button is marked busy.
    assert page.text_content(".alh-hint-live") == "Looking for good moves…"
    assert button.get_attribute("aria-busy") == "true"
    deliver(page, w)
    assert button.get_attribute("aria-busy") == "false"
    assert page.text_content(".alh-hint-title") == w._hint["title"]
    items = hint_items(page)
    shown = w._hint["suggestions"]
    assert 1 <= len(items) <= 3 and [i["action"] for i in items] == [s["action"] for s in shown]
    for item, suggestion in zip(items, shown, strict=True):
        assert w.game.check(item["action"]) == []  # a legal move for Ana
        assert item["text"].splitlines()[0] == suggestion["move"]
        for effect in suggestion["effects"]:
            assert effect in item["text"]
        assert item["action"] not in item["text"]  # the notation stays data, never shown
    # Hiding it: Python takes it off, and the focus goes back to Hint.
    page.click('[data-tool="hint-hide"]')
    assert sent(page) == [{"kind": "hint-hide"}]
    deliver(page, w)
    assert page.locator(".alh-hint").count() == 0
    assert page.evaluate("document.activeElement.dataset.tool") == "hint"


def test_the_hint_goes_when_the_position_changes(page):
    w = table()
    mount(page, w)
    page.click(HINT)
    deliver(page, w)
    assert page.locator(".alh-hint-item").count() >= 1
    card = w.game.state.display[0]
    page.click(f'[data-card="{card}"]')
    page.click('[data-do="take"]')
    deliver(page, w)
    assert page.locator(".alh-hint").count() == 0


def test_hint_and_level_are_reached_by_keyboard_with_a_visible_focus(page):
    w = table()
    mount(page, w)
    page.focus(".alh-game")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.tool") == "hint"
    outline = page.eval_on_selector(HINT, "e => getComputedStyle(e).outlineStyle")
    assert outline == "solid"
    page.keyboard.press("Enter")
    assert sent(page) == [{"kind": "hint"}]
    deliver(page, w)
    assert page.locator(".alh-hint-item").count() >= 1
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.tool") == "level"


def test_the_hint_button_is_off_while_no_player_of_the_table_is_to_play(page):
    w = table(autoplay=False)  # Ben, the bot, is to play and waits for Bot plays
    mount(page, w)
    assert page.locator(HINT).is_disabled()


def test_changing_the_difficulty_seats_new_bots_and_keeps_the_game(page):
    w = table()
    history = w.game.history
    mount(page, w)
    labels = page.eval_on_selector_all(f"{LEVEL} option", "els => els.map(e => e.textContent)")
    assert labels == [
        "Your own bots",
        "Beginner (random)",
        "Easy (greedy)",
        "Medium (search)",
        "Hard (deeper search)",
    ]
    assert page.get_attribute(".alh-level", "hidden") is None
    assert page.text_content(".alh-level-label") == "Bots play:"
    page.select_option(LEVEL, "search")
    assert sent(page) == [{"kind": "level", "level": "search"}]
    deliver(page, w)
    assert isinstance(w.bots[1], SearchBot) and w.game.history == history
    assert page.input_value(LEVEL) == "search"
    assert "Medium (search)" in page.text_content(".alh-note")
    # The learner's own choice is gone from the list once a level is set.
    assert page.locator(f'{LEVEL} option[value=""]').count() == 0


def test_no_level_select_at_a_table_without_bots(page):
    mount(page, alh.GameWidget(alh.Game(2, seed=1)))
    assert page.locator(".alh-level").is_hidden()


def test_screenshots_with_the_hint_open_light_and_dark(page, artifacts_dir):
    w = table()
    w.show_hint()
    for theme, dark in (("light", False), ("dark", True)):
        mount(page, w, dark=dark)
        assert page.locator(".alh-hint-item").count() >= 1
        colour = page.eval_on_selector(".alh-hint-move", "e => getComputedStyle(e).color")
        if dark:  # the theme's text colour, not the light fallback's
            assert colour == "rgba(255, 255, 255, 0.87)", JP_DARK
        else:
            assert colour == "rgb(31, 31, 31)"
        page.locator("#root").screenshot(path=str(artifacts_dir / f"game-hint-{theme}.png"))


def test_the_table_with_the_hint_open_passes_an_accessibility_audit(page):
    from .test_accessibility import AUDIT, _axe_script, blocking

    script = _axe_script()
    w = table()
    w.show_hint()
    for dark in (False, True):
        mount(page, w, dark=dark)
        page.add_script_tag(path=str(script))
        # What this feature adds (the table picture itself is audited in JupyterLab by
        # test_accessibility.py): the tools and the hint, text contrast included.
        for part in (".alh-tools", ".alh-hint-live"):
            audit = page.evaluate(AUDIT, part)
            assert blocking(audit["violations"]) == [], (part, audit["violations"])
            assert "color-contrast" in audit["passed"], part

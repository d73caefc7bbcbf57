"""The game table's page code in real Chromium, driven by a small fake model.

The module loaded is exactly what anywidget loads (``GameWidget._esm``, from a blob URL), and
the model is fed with the state of a real Python ``GameWidget``; what the page sends back is
recorded and handed to the Python widget to close the loop.
"""

from __future__ import annotations

import random

import alhambra_nb as alh
from alhambra_nb.core.money import space_currency
from alhambra_nb.modules.characters import Bid
from alhambra_nb.widgets.board import parse_cell_key
from tests.test_game_widget import (
    a_gate,
    a_module_table_where,
    a_table_where_ana_can_buy,
    ana_bids,
    ana_may_gate,
    buy_something,
    messages_for,
    module_table,
    table,
)

from . import widget_page
from .widget_page import push, sent


def mount(page, widget: alh.GameWidget, *, dark: bool = False) -> None:
    page.set_viewport_size({"width": 1180, "height": 1000})
    widget_page.mount(
        page, widget, root_style="width:1120px", dark=dark, dark_background="--jp-layout-color1"
    )


def deliver(page, widget: alh.GameWidget) -> None:
    """Hand every message the page sent to Python, then show Python's answer in the page."""
    for message in sent(page):
        widget._handle_message(widget, message, [])
    page.evaluate("window.__sent.length = 0")
    push(page, widget)


def status(page) -> str:
    return page.text_content('[role="status"]')


def board_cell(page, seat: int, key: str):
    return page.locator(f'svg.player-city[data-seat="{seat}"] [role="gridcell"][data-cell="{key}"]')


def test_draws_the_whole_table_with_named_controls(page):
    w = table()
    mount(page, w)
    spaces = page.locator('[data-space][role="button"]')
    assert spaces.count() == 4
    labels = spaces.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    for label, name in zip(labels, ("Denar", "Dirham", "Ducat", "Guilder"), strict=True):
        assert label.startswith(f"space {labels.index(label) + 1}, {name}")
    cards = page.locator('[data-card][role="button"]')
    assert cards.count() == len(w.game.state.display)
    first = str(alh.card(w.game.state.display[0]))
    assert cards.first.get_attribute("aria-label") == f"{first} in the money display"
    buttons = page.locator('[data-do][role="button"]')
    assert buttons.count() == 8
    assert page.get_attribute('[data-do="take"]', "aria-label") == "Take money"
    assert page.get_attribute('[data-do="undo"]', "aria-disabled") == "true"
    for node in (cards.first, buttons.first, spaces.first):
        assert node.get_attribute("tabindex") == "0"
    # Ana's hand is hers to pick from; Ben's cards are pictures only.
    assert page.locator('g.player[data-seat="0"] [data-hand][role="button"]').count() == len(
        w.game.state.players[0].money
    )
    assert page.locator('g.player[data-seat="1"] [data-hand][role="button"]').count() == 0
    # A card says where it lies: taking from the display is not paying from a hand.
    held = w.game.state.players[0].money[0]
    said = page.get_attribute(f'g.player[data-seat="0"] [data-hand="{held}"]', "aria-label")
    assert said == f"{alh.card(held)} in Ana's hand"
    # Every Alhambra is an ARIA grid with labelled cells.
    assert page.locator('[role="grid"]').count() == 2
    assert board_cell(page, 0, "0,0").get_attribute("aria-label") == "(0, 0): fountain"
    assert page.get_attribute('[role="status"]', "aria-live") == "polite"
    assert status(page) == w._prompt


def test_a_display_card_then_take_sends_the_take_message(page):
    w = table()
    mount(page, w)
    card = w.game.state.display[0]
    page.click(f'[data-card="{card}"]')
    assert page.get_attribute(f'[data-card="{card}"]', "aria-pressed") == "true"
    assert page.locator(f'[data-card="{card}"] .pick-tick').count() == 1
    assert status(page) == w._options["take"][card]["text"]
    assert status(page).startswith(f"Take {alh.card(card)}")
    assert sent(page) == []  # picking asks Python nothing
    page.click('[data-do="take"]')
    assert sent(page) == [{"kind": "take", "cards": [card], "version": w._table["version"]}]
    deliver(page, w)
    assert page.text_content(".alh-note").startswith("Ana takes")
    assert page.locator(f'[data-card="{card}"]').count() == 0
    assert page.locator(f'g.player[data-seat="0"] [data-hand="{card}"]').count() == 1
    assert status(page) == w._prompt and "End turn" in status(page)


def test_picking_too_much_money_explains_the_limit_before_any_click(page):
    w = table()
    mount(page, w)
    for card in w.game.state.display:
        page.click(f'[data-card="{card}"]')
    over = w.game.check(alh.TakeMoney(tuple(sorted(w.game.state.display))))  # as the page
    assert [v.rule.value for v in over] == ["money/over-limit"]
    assert status(page) == "✗ " + over[0].message  # the sentence, no rule id
    page.click('[data-do="take"]')
    deliver(page, w)
    assert page.get_attribute(".alh-note", "data-kind") == "refused"
    assert w.note == "✗ " + over[0].message
    # The status line already reads the refusal (the cards are still picked): said once.
    assert status(page) == w.note and page.text_content(".alh-note") == ""
    assert w.game.state.actions == 0


def test_a_refusal_is_put_away_once_the_learner_changes_the_picks(page):
    w = table()
    mount(page, w)
    display = w.game.state.display
    for card in display:
        page.click(f'[data-card="{card}"]')
    page.click('[data-do="take"]')
    deliver(page, w)
    refusal = w.note
    assert w._note["kind"] == "refused" and refusal.startswith("✗")
    # Other picks: the status line judges them, and the refusal of the old ones is gone.
    page.click(f'[data-card="{display[0]}"]')
    assert status(page) != refusal and page.text_content(".alh-note") == ""
    # The same picks as the refused take: its refusal holds again, read once (by the status).
    page.click(f'[data-card="{display[0]}"]')
    assert status(page) == refusal and page.text_content(".alh-note") == ""
    # A refusal that the status line does not repeat stays while the picks stay as they were.
    page.click('[data-do="buy"]')  # no market space picked: Python says to pick one first
    deliver(page, w)
    assert w._note["kind"] == "refused" and page.text_content(".alh-note") == w.note
    page.click(f'[data-card="{display[0]}"]')
    assert page.text_content(".alh-note") == ""


def test_pointing_at_an_empty_cell_names_redesign_only_while_its_button_is_on(page):
    w, pick = table(), random.Random(1)
    mount(page, w)
    empty = 'svg.player-city[data-seat="0"] [role="gridcell"][data-cell="0,-1"]'
    page.hover(empty)
    assert status(page).endswith("Choose a bought or reserve tile to act here.")
    while "press Redesign" not in w._prompt:  # play on until a tile of Ana's may be moved
        w.act(pick.choice(list(w.game.legal_actions())))
    assert w.human_to_play and "0,-1" not in w.game.players[0].city
    push(page, w)
    page.hover('[data-do="take"]')
    page.hover(empty)
    assert status(page).endswith("Choose a bought or reserve tile, or press Redesign, to act here.")


def test_buying_shows_the_consequence_and_sends_space_and_cards(page):
    w = a_table_where_ana_can_buy()
    buy = next(a for a in w.game.legal_actions() if isinstance(a, alh.Buy))
    mount(page, w)
    page.click(f'[data-space="{buy.space}"]')
    assert status(page).startswith(f"Buying from space {buy.space}")
    for card in buy.cards:
        page.click(f'g.player[data-seat="0"] [data-hand="{card}"]')
    assert status(page).startswith("Pay ") and ("exact" in status(page) or "change" in status(page))
    page.click('[data-do="buy"]')
    message = sent(page)[-1]
    assert message == {
        "kind": "buy",
        "space": buy.space,
        "cards": sorted(buy.cards),
        "version": w._table["version"],
    }
    deliver(page, w)
    assert w.game.state.players[0].bought
    assert page.locator('[data-bought="0"][aria-pressed="true"]').count() == 1


def test_hover_verdicts_while_placing_need_no_round_trip(page):
    w = a_table_where_ana_can_buy()
    buy_something(w)
    tile = w.game.state.players[0].bought[0]
    cells = w._verdicts["cells"]
    bad = next(k for k, v in cells.items() if v["violations"] and k != "0,0")
    good = next(k for k, v in cells.items() if v["ok"])
    mount(page, w)
    assert page.locator(".alh-overlay .legal-mark").count() == sum(v["ok"] for v in cells.values())
    board_cell(page, 0, bad).hover()
    assert status(page) == cells[bad]["text"]
    first = cells[bad]["violations"][0]
    assert first["message"] in status(page)
    assert page.locator(f'.alh-overlay .violation[data-rule="{first["rule"]}"]').count() == 1
    assert page.locator(".alh-overlay .try.illegal").count() == 1
    board_cell(page, 0, good).hover()
    assert "can build the" in status(page)
    assert page.locator(f'.alh-overlay .try.legal[data-try="{good}"]').count() == 1
    assert sent(page) == []
    board_cell(page, 0, good).click()
    assert sent(page) == [
        {"kind": "act", "cell": good, "tile": tile.code, "version": w._table["version"]}
    ]
    deliver(page, w)
    assert (
        board_cell(page, 0, good)
        .get_attribute("aria-label")
        .endswith(alh.render.describe_tile(tile))
    )


def test_keyboard_reaches_cards_buttons_and_cells(page):
    w = a_table_where_ana_can_buy()
    buy_something(w)
    mount(page, w)
    card = w.game.state.display[0]
    page.focus(f'[data-card="{card}"]')
    page.keyboard.press("Enter")
    assert page.get_attribute(f'[data-card="{card}"]', "aria-pressed") == "true"
    page.keyboard.press(" ")
    assert page.get_attribute(f'[data-card="{card}"]', "aria-pressed") == "false"
    board_cell(page, 0, "0,0").focus()
    assert "(0, 0)" in status(page)
    page.keyboard.press("ArrowUp")
    assert page.evaluate("document.activeElement.getAttribute('data-cell')") == "0,-1"
    assert status(page) == w._verdicts["cells"]["0,-1"]["text"]
    page.focus('[data-do="reserve"]')
    page.keyboard.press("Enter")
    assert sent(page) == [{"kind": "reserve", "version": w._table["version"]}]


def a_game_in_full_swing() -> alh.GameWidget:
    """Ana plays like a GreedyBot through the page's messages for some turns, then buys and
    stops with the bought tile in hand: the table a learner sees mid-game."""
    w = table()
    adviser = alh.GreedyBot(seed=7)
    while not w.game.is_over():
        action = adviser.choose(w.game.state)
        messages_for(w, action)
        if isinstance(action, alh.Buy) and w.game.state.turn >= 20:
            break
    return w


def test_screenshots_light_and_dark(page, artifacts_dir):
    w = a_game_in_full_swing()
    assert w._verdicts["mode"] == "place"
    cells = w._verdicts["cells"]
    broken = {k: {x["rule"] for x in v["violations"]} for k, v in cells.items()}
    shown = next(k for k, r in broken.items() if "placement/walls-match" in r)
    for theme, dark in (("light", False), ("dark", True)):
        mount(page, w, dark=dark)
        board_cell(page, 0, shown).hover()
        assert page.locator(".alh-overlay .violation").count() > 0
        page.locator("#root").screenshot(path=str(artifacts_dir / f"game-table-{theme}.png"))


# -- expansion II -------------------------------------------------------------------------------
def test_clicking_a_bid_sends_it_and_the_auction_goes_on(page):
    w = a_module_table_where(ana_bids)
    bid = next(a for a in w.game.legal_actions() if isinstance(a, Bid))
    mount(page, w)
    button = page.locator(f'[data-module="{bid}"]')
    assert button.get_attribute("role") == "button"
    assert button.get_attribute("aria-label") == f"Bid {bid.amount}"
    assert page.get_attribute('[data-do="take"]', "aria-disabled") == "true"  # play is held
    assert "Auction of" in status(page)
    button.click()
    assert sent(page) == [{"kind": "module", "action": str(bid), "version": w._table["version"]}]
    deliver(page, w)
    assert f"Ana bids {bid.amount}." in w.game.log
    assert page.get_attribute(".alh-note", "data-kind") == "done"


def test_an_offer_the_rules_refuse_now_is_off_and_a_click_on_it_says_why(page):
    """Taking the gate card after acting: drawn off (out of the Tab order), but a click still
    asks, and the refusal names the rule (from the gates module's view, not from the page)."""
    from tests.test_module_views import GATE_SHOWN

    game = GATE_SHOWN.game()
    game.apply("take denar-2#1")
    w = alh.GameWidget(game, bots={}, autoplay=False)
    mount(page, w)
    button = page.locator('[data-module="take gate"]')
    assert button.get_attribute("aria-disabled") == "true"
    assert button.get_attribute("tabindex") == "-1"
    before = w.game.to_json()
    button.click(force=True)
    assert sent(page) == [{"kind": "module", "action": "take gate", "version": w._table["version"]}]
    deliver(page, w)
    assert page.get_attribute(".alh-note", "data-kind") == "refused"
    assert "no action left" in page.text_content(".alh-note")
    assert w.game.to_json() == before


def test_choosing_a_gate_then_a_cell_sends_both_and_builds_the_gate(page):
    w = a_module_table_where(ana_may_gate)
    gated = next(a for a in w.game.legal_actions() if isinstance(a, alh.PlaceTile) and a_gate(a))
    index = w.game.state.players[0].bought.index(gated.tile)
    w._handle_message(w, {"kind": "select", "from": "bought", "index": index}, [])
    key = f"{gated.cell[0]},{gated.cell[1]}"
    mount(page, w)
    page.click(f'[data-gate="{gated.gate.name}"]')
    assert sent(page) == [{"kind": "gate", "side": gated.gate.name}]
    deliver(page, w)
    assert page.get_attribute(f'[data-gate="{gated.gate.name}"]', "aria-pressed") == "true"
    board_cell(page, 0, key).hover()
    assert "with a gate on its" in status(page)
    assert page.locator(f'.alh-overlay [data-gate-mark="{key},{gated.gate.name}"]').count() == 1
    board_cell(page, 0, key).click()
    assert sent(page) == [
        {"kind": "act", "cell": key, "tile": gated.tile.code, "version": w._table["version"]}
    ]
    deliver(page, w)
    assert w.game.state.players[0].city.gates
    built = page.locator('svg.player-city[data-seat="0"] .gates .gate')
    assert built.count() >= 1
    assert built.first.get_attribute("role") is None  # a picture, not a gate button


def an_auction_in_full_swing() -> alh.GameWidget:
    """Every module on, Ana playing like a GreedyBot through the page's messages until, some
    turns in, she is to bid for a character while characters are already held."""
    for seed in range(3, 20):
        w = module_table(seed)
        adviser = alh.GreedyBot(seed=7)
        for _ in range(3000):
            if w.game.is_over():
                break
            owned = w.game.module_state("characters")["owned"]
            if ana_bids(w) and w.game.state.turn >= 12 and any(owned):
                return w
            messages_for(w, adviser.choose(w.game.state))
    raise AssertionError("no seeded game reaches an auction in full swing")


def test_screenshot_of_the_table_with_every_module(page, artifacts_dir):
    w = an_auction_in_full_swing()
    mount(page, w)
    assert page.locator('[data-module^="bid "]').count() >= 1
    assert page.locator("[data-character]").count() >= 1
    page.locator("#root").screenshot(path=str(artifacts_dir / "game-table-expansion.png"))


FOCUSED = """() => {
  const node = document.activeElement;
  const seat = node?.closest("[data-seat]")?.getAttribute("data-seat") ?? null;
  const data = (name) => node?.getAttribute(name) ?? null;
  return {card: data("data-card"), do: data("data-do"), cell: data("data-cell"), seat};
}"""


def test_the_focus_stays_on_what_the_learner_used_across_redraws(page):
    w = table()
    mount(page, w)
    # Nothing to undo yet: Undo is off, and out of the Tab order like every control that is.
    assert page.get_attribute('[data-do="undo"]', "aria-disabled") == "true"
    off = page.locator('[data-off="true"]')
    assert off.count() > 0
    assert all(node.get_attribute("tabindex") == "-1" for node in off.all())
    card = page.locator('[data-card][role="button"]').first
    card_id = card.get_attribute("data-card")
    card.focus()
    page.keyboard.press("Enter")  # picked: the page redraws its picks
    assert page.evaluate(FOCUSED)["card"] == card_id
    take = page.locator('[data-do="take"]')
    take.focus()
    page.keyboard.press("Enter")
    deliver(page, w)  # Python took the money and sent a whole new table
    assert w._note["kind"] == "done", w.note
    assert page.evaluate(FOCUSED)["do"] == "take"
    # There is something to undo now: Undo is on, back in the Tab order.
    assert page.get_attribute('[data-do="undo"]', "tabindex") == "0"
    # A cell of the learner's Alhambra keeps the focus through a table redrawn by Python.
    cell = board_cell(page, 0, "0,0")
    cell.focus()
    w._refresh()
    push(page, w, "_table")
    focused = page.evaluate(FOCUSED)
    assert focused["cell"] == "0,0" and focused["seat"] == "0"


def test_a_part_gone_with_the_redraw_hands_the_focus_to_one_of_its_kind(page):
    w = table()
    mount(page, w)
    card = page.locator('[data-card][role="button"]').first
    card.focus()
    page.keyboard.press("Enter")
    page.locator('[data-do="take"]').click()
    card.focus()  # back on the card being taken
    deliver(page, w)
    focused = page.evaluate(FOCUSED)
    assert focused["card"] is not None and focused["card"] in w.game.state.display


def test_undo_keeps_the_focus_on_undo(page):
    w = table()
    mount(page, w)
    page.click(f'[data-card="{w.game.state.display[0]}"]')
    page.click('[data-do="take"]')
    deliver(page, w)
    undo = page.locator('[data-do="undo"]')
    undo.focus()
    page.keyboard.press("Enter")
    deliver(page, w)
    assert w._note["kind"] == "info" and w.note.startswith("Taken back: Ana takes ")
    assert page.evaluate(FOCUSED)["do"] == "undo"


def test_a_refusal_is_said_once_and_picks_end_with_the_turn(page):
    w = a_table_where_ana_can_buy()
    mount(page, w)
    state = w.game.state
    turn = (state.turn, state.current)
    # A card of another currency than the space's: the Buy is refused.
    space, wrong = next(
        (space, money)
        for space in range(1, 5)
        for money in state.players[0].money
        if not money.startswith(space_currency(space).value)
    )
    page.click(f'[data-space="{space}"]')
    page.click(f'g.player[data-seat="0"] [data-hand="{wrong}"]')
    page.click('[data-do="buy"]')
    deliver(page, w)
    assert w._note["kind"] == "refused" and w.note
    assert page.locator(".alh-table svg .prompt").count() == 0
    assert page.text_content(".alh-feedback").count(w.note) == 1
    # Take money instead: the one action of the turn is used, so Take money and Buy go off.
    page.click(f'[data-card="{state.display[0]}"]')
    page.click('[data-do="take"]')
    deliver(page, w)
    assert w._note["kind"] == "done", w.note
    for do in ("take", "buy"):
        assert page.get_attribute(f'[data-do="{do}"]', "aria-disabled") == "true"
    # Picks made now (a purchase the turn no longer allows) do not outlive the turn.
    page.click(f'[data-space="{space}"]')
    page.click(f'g.player[data-seat="0"] [data-hand="{wrong}"]')
    picked = '[aria-pressed="true"]:is([data-hand], [data-space], [data-card])'
    assert page.locator(picked).count() > 0
    page.click('[data-do="end"]')
    deliver(page, w)
    assert (w.game.state.turn, w.game.state.current) != turn
    assert page.locator(picked).count() == 0


def test_the_table_page_writes_its_words_from_the_catalogue(page):
    w = table()
    state = widget_page.state_of(w)
    state["_words"] = {**state["_words"], "press-take": "Geld nehmen drücken.", "table": "Tisch"}
    page.set_viewport_size({"width": 1180, "height": 1000})
    widget_page.mount(page, w, state=state, root_style="width:1120px")
    assert page.get_attribute(".alh-table svg", "aria-label") == "Tisch"
    card = w.game.state.display[0]
    state_take = dict(w._options["take"])
    del state_take[card]  # no verdict sent for this pick: the page's own words show
    page.evaluate(
        "(t) => window.__model.set('_options', {...window.__model.get('_options'), take: t})",
        state_take,
    )
    page.click(f'[data-card="{card}"]')
    assert status(page) == "Geld nehmen drücken."


def test_the_bots_moves_are_replayed_one_by_one_by_mouse_and_keys(page):
    """*Show what the bot did* puts the table as it was in place of the live one, one bot move
    at a time with its words and what it took ringed; Next, Previous (arrows too) step through
    it with the focus kept on the buttons, and Back (or Escape) returns to the live table."""
    w = alh.GameWidget(alh.Game(["Ana", "Ben"], seed=7), {1: "greedy"})
    w.act(next(a for a in w.game.legal_actions() if isinstance(a, alh.TakeMoney)))
    w.act(alh.EndTurn())
    history = w.game.history
    mount(page, w)
    live = page.locator(".alh-table")
    button = page.locator(".alh-replay-button")
    assert button.text_content() == "Show what the bot did" and button.is_enabled()
    button.click()
    deliver(page, w)
    steps = w._replay["steps"]
    assert len(steps) >= 2
    box = page.locator(".alh-replay")
    assert box.is_visible() and not live.is_visible()

    def shown() -> tuple[str, str, int]:
        title = page.text_content(".alh-replay-title")
        return title, page.text_content(".alh-replay-text"), page.locator(
            ".alh-replay-picture .spotlit").count()  # fmt: skip

    assert shown()[:2] == (steps[0]["title"], steps[0]["text"])
    assert shown()[2] >= 1  # what the first move took is ringed
    focused = "document.activeElement?.dataset?.replay"
    assert page.evaluate(focused) == "next"
    assert page.locator(".alh-replay-previous").is_disabled()
    page.keyboard.press("Enter")
    assert shown()[:2] == (steps[1]["title"], steps[1]["text"])
    assert page.evaluate(focused) == ("next" if len(steps) > 2 else "back")
    page.keyboard.press("ArrowLeft")
    assert shown()[0] == steps[0]["title"]
    for _ in steps:
        page.keyboard.press("ArrowRight")
    assert shown()[0] == steps[-1]["title"]
    assert page.locator(".alh-replay-next").is_disabled()
    assert page.evaluate(focused) == "back"
    assert (
        page.locator(".alh-replay-picture")
        .get_attribute("aria-label")
        .startswith("The table as it was: " + steps[-1]["title"])
    )
    page.keyboard.press("Escape")
    deliver(page, w)
    assert not box.is_visible() and live.is_visible()
    assert page.evaluate("document.activeElement?.dataset?.tool") == "replay"
    assert w.game.history == history  # watching changed nothing


def test_resting_on_a_refused_cell_lets_the_coach_name_the_rule_and_sweeping_does_not(page):
    """With the coach on and a bought tile chosen, the pointer resting on a cell where the tile
    may not go asks the coach once; passing over cells asks nothing."""
    from tests.test_coach import a_bought_tile_in_hand

    w = a_bought_tile_in_hand()
    mount(page, w)
    cells = w._verdicts["cells"]
    seat = w.game.state.current
    refused = [key for key, v in cells.items() if v["violations"]]
    assert len(refused) >= 2
    for key in refused[:2]:  # a sweep: no rest on either
        board_cell(page, seat, key).hover()
    page.mouse.move(0, 0)
    page.wait_for_timeout(900)
    assert not sent(page)
    board_cell(page, seat, refused[0]).hover()
    page.wait_for_timeout(900)
    assert sent(page) == [{"kind": "coach", "do": "point", "cell": refused[0],
                           "version": w._table["version"]}]  # fmt: skip
    deliver(page, w)
    note = page.locator(".alh-coach-note").last  # after the purchase's notes, which stay
    assert note.get_attribute("data-topic") == cells[refused[0]]["violations"][0]["rule"]
    assert note.text_content().startswith("Not there: ")
    page.wait_for_timeout(900)
    assert not sent(page)  # still resting there: asked once


def test_a_refused_click_on_a_cell_reads_its_rules_once(page):
    """Clicking a cell where the tile may not go: the status line reads that cell's rules and
    the note only says the move was refused; pointing elsewhere, the note gives the rules."""
    w = a_table_where_ana_can_buy()
    buy_something(w)
    cells = w._verdicts["cells"]
    bad = next(k for k, v in cells.items() if v["violations"] and k != "0,0")
    mount(page, w)
    board_cell(page, 0, bad).click()
    deliver(page, w)
    assert w.note.startswith("✗ ") and cells[bad]["violations"][0]["message"] in w.note
    assert status(page) == w._verdicts["cells"][bad]["text"]
    assert page.text_content(".alh-note") == "✗ Not allowed here: the line above says why."
    page.hover('[data-do="take"]')  # the focus stays on the cell: its rules stay above
    assert page.text_content(".alh-note").startswith("✗ Not allowed here")
    page.locator(".alh-hint-button").focus()
    assert status(page) != w._verdicts["cells"][bad]["text"]
    assert page.text_content(".alh-note") == w.note
    good = next(k for k, v in w._verdicts["cells"].items() if v["ok"])
    board_cell(page, 0, good).hover()  # another cell: the status reads it, the old refusal goes
    assert status(page) == w._verdicts["cells"][good]["text"]
    assert page.text_content(".alh-note") == ""


def test_after_building_the_status_says_what_to_do_next_not_the_cell_under_the_pointer(page):
    """The board is drawn anew after a move: the still pointer points at nothing until it
    moves, so the status line gives the prompt (e.g. End turn), not an old cell's words."""
    w = a_table_where_ana_can_buy()
    buy_something(w)
    good = next(k for k, v in w._verdicts["cells"].items() if v["ok"])
    mount(page, w)
    board_cell(page, 0, good).click()
    deliver(page, w)
    assert w.game.state.players[0].city.get(parse_cell_key(good)) is not None
    assert status(page) == w._prompt


def test_a_card_of_another_currency_is_said_at_once_before_buy_is_pressed(page):
    w = a_table_where_ana_can_buy()
    hand = w.game.state.players[0].money
    found = next(
        ((space, card) for space in range(1, 5) if w.game.state.market[space - 1] is not None
         for card in hand if alh.card(card).currency is not space_currency(space)),
        None,
    )  # fmt: skip
    assert found, "Ana holds only one currency"
    space, card = found
    mount(page, w)
    page.click(f'[data-space="{space}"]')
    page.click(f'g.player[data-seat="0"] [data-hand="{card}"]')
    name = space_currency(space).value.capitalize()
    assert status(page) == f"Only {name} cards pay at this space: pick cards of that currency."
    assert not sent(page)  # said by the page alone

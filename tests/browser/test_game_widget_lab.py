"""End to end in real JupyterLab: a notebook shows a GameWidget against a GreedyBot, and the
learner plays a few turns by clicking (take money, buy, place); a cell that prints the game
from the kernel checks what happened.

JupyterLab (see :mod:`.lab`) serves a temporary folder holding one generated notebook.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from .lab import TIMEOUT, open_notebook, printed, run_cell

pytestmark = pytest.mark.slow

CELLS = [
    "import json\n"
    "import alhambra_nb as alh\n"
    'game = alh.Game(["Ana", "Ben"], seed=3)\n'
    "w = alh.GameWidget(game, bots={1: alh.GreedyBot(seed=1)})\n"
    "w",
    # What Python sees, as one line of JSON.
    "player = game.players[0]\n"
    "print('STATE>' + json.dumps({\n"
    "    'turn': game.turn, 'current': game.current_player, 'actions': game.state.actions,\n"
    "    'log': game.log[-8:], 'note': w.note, 'money': [c.id for c in player.money],\n"
    "    'bought': [t.code for t in player.bought], 'city': player.city.to_text(),\n"
    "    'buys': [[a.space, list(a.cards)] for a in game.legal_actions()\n"
    "             if isinstance(a, alh.Buy)],\n"
    "}))",
]


def python_state(page) -> dict[str, Any]:
    """Run the printing cell and read what the kernel says about the game."""
    return json.loads(printed(page, 1, "STATE>"))


def wait_for_note(table, text: str) -> None:
    table.locator(".alh-note", has_text=text).wait_for(timeout=TIMEOUT)


def take_and_end(page, table) -> None:
    """Take the first display card, end the turn, and wait for the bot to hand back."""
    card = table.locator('[data-card][role="button"]').first
    card_id = card.get_attribute("data-card")
    card.click()
    table.locator('[data-do="take"]').click()
    wait_for_note(table, "Ana takes")
    # The card comes into the hand with the table's redraw, which may follow the note.
    hand = table.locator(f'g.player[data-seat="0"] [data-hand="{card_id}"]')
    hand.wait_for(timeout=TIMEOUT)
    assert hand.count() == 1
    table.locator('[data-do="end"]').click()
    wait_for_note(table, "Ana ends the turn")


def test_play_a_few_turns_by_clicking(page, lab, artifacts_dir):
    open_notebook(page, lab, height=1000)
    run_cell(page, 0)
    table = page.locator(".alh-game")
    table.locator('[data-do="take"]').wait_for(state="visible", timeout=TIMEOUT)
    status = table.locator('[role="status"]')
    assert "pick display cards" in status.inner_text()

    # Turn 2 (the bot played turn 1): take money, end the turn; the bot plays turn 3.
    take_and_end(page, table)
    state = python_state(page)
    assert state["turn"] == 4 and state["current"] == 0
    assert any(line.startswith("Ana takes") for line in state["log"])
    assert any(line.startswith("Ben ends the turn") for line in state["log"])
    assert table.locator('.log-line[data-mark="bot"]').count() > 0  # the bot's lines, marked

    # Take money until a building can be bought, then buy it by clicking space and cards.
    for _ in range(6):
        if state["buys"]:
            break
        take_and_end(page, table)
        state = python_state(page)
    assert state["buys"], "Ana could not buy within a few turns"
    space, cards = state["buys"][0]
    table.locator(f'[data-space="{space}"]').click()
    for card_id in cards:
        table.locator(f'g.player[data-seat="0"] [data-hand="{card_id}"]').click()
    assert status.inner_text().startswith("Pay ")
    table.locator('[data-do="buy"]').click()
    wait_for_note(table, "Ana paid")
    state = python_state(page)
    assert len(state["bought"]) == 1
    tile = state["bought"][0]

    # Place it: hover shows the verdict with no round trip, a click builds it.
    board = table.locator("svg.player-city[data-seat='0']")
    occupied = board.locator('[role="gridcell"][data-cell="0,0"]')
    occupied.hover()
    assert "placement/occupied" not in status.inner_text()  # tags, not ids, as in the city
    assert "1 rule broken" in status.inner_text() or "rules broken" in status.inner_text()
    cell = _first_legal_cell(page)
    if cell is None:
        table.locator('[data-do="reserve"]').click()
        wait_for_note(table, "reserve board")
        assert tile in python_state(page)["log"][-1]
    else:
        board.locator(f'[role="gridcell"][data-cell="{cell}"]').hover()
        assert "can build the" in status.inner_text()
        table.screenshot(path=str(artifacts_dir / "lab-game-table.png"))
        board.locator(f'[role="gridcell"][data-cell="{cell}"]').click()
        wait_for_note(table, f"Ana builds the {tile.split('-')[0]}")
        state = python_state(page)
        assert f"{cell} {tile}" in state["city"]
        assert (
            board.locator(f'[data-cell="{cell}"]').get_attribute("aria-label").split(": ")[1]
            .startswith(tile.split("-")[0])
        )  # fmt: skip
    table.locator('[data-do="end"]').click()
    wait_for_note(table, "Ana ends the turn")
    state = python_state(page)
    assert state["current"] == 0 and not state["bought"]


def _first_legal_cell(page) -> str | None:
    """A cell the page marks as legal for the bought tile (from Python's verdicts)."""
    return page.evaluate(
        """() => {
          const mark = document.querySelector("svg.player-city[data-seat='0'] .legal-mark");
          if (!mark) return null;
          const m = /translate\\(([-\\d.]+) ([-\\d.]+)\\)/.exec(mark.getAttribute("transform"));
          const x = Math.floor(Number(m[1]) / 100), y = Math.floor(Number(m[2]) / 100);
          return `${x},${y}`;
        }"""
    )

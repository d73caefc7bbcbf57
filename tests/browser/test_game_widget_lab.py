"""End to end in real JupyterLab: a notebook shows a GameWidget against a GreedyBot, and the
learner plays a few turns by clicking (take money, buy, place); a cell that prints the game
from the kernel checks what happened.

A JupyterLab server is started on 127.0.0.1 with a token, in a temporary folder holding one
generated notebook; the kernel is this environment's Python. The page reaches the app through
``expose_app_in_browser`` to run cells without hunting through menus.
"""

from __future__ import annotations

import json
import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import nbformat
import pytest

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
TIMEOUT = 60_000  # ms; the first kernel start on a busy machine can be slow


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def lab(tmp_path_factory) -> Iterator[str]:
    """A running JupyterLab; yields the notebook's URL (token included)."""
    root = tmp_path_factory.mktemp("lab")
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in CELLS]
    # Name the kernel, or JupyterLab stops at its "Select Kernel" dialog.
    notebook.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(notebook, root / "game.ipynb")
    port, token = free_port(), secrets.token_hex(16)
    jupyter = Path(sys.executable).with_name("jupyter")
    command = [
        str(jupyter), "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
        f"--ServerApp.token={token}", f"--ServerApp.root_dir={root}", "--allow-root",
        "--LabApp.expose_app_in_browser=True", "--ServerApp.open_browser=False",
    ]  # fmt: skip
    env = {**os.environ, "JUPYTER_CONFIG_DIR": str(root / ".jupyter-config")}
    log = (root / "lab.log").open("w")
    server = subprocess.Popen(command, cwd=root, stdout=log, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for_server(f"{base}/api/status?token={token}", server, root / "lab.log")
        yield f"{base}/lab/tree/game.ipynb?token={token}"
    finally:
        server.terminate()
        try:
            server.wait(timeout=20)
        except subprocess.TimeoutExpired:
            server.kill()
        log.close()


def _wait_for_server(url: str, server: subprocess.Popen, log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if server.poll() is not None:
            pytest.fail(f"JupyterLab exited early:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.3)
    pytest.fail(f"JupyterLab did not answer within 60 s:\n{log.read_text()[-3000:]}")


KERNEL_IDLE = """() => {
  const panel = window.jupyterapp?.shell?.currentWidget;
  const kernel = panel?.sessionContext?.session?.kernel;
  return !!kernel && kernel.status === "idle" && panel.content.widgets.length > 0;
}"""

RUN_CELL = """async (index) => {
  const panel = window.jupyterapp.shell.currentWidget;
  panel.content.activeCellIndex = index;
  await window.jupyterapp.commands.execute("notebook:run-cell");
}"""

EXECUTION_COUNT = (
    "(i) => window.jupyterapp.shell.currentWidget.content.widgets[i].model.executionCount"
)


def run_cell(page, index: int) -> None:
    before = page.evaluate(EXECUTION_COUNT, index)
    page.evaluate(RUN_CELL, index)
    page.wait_for_function(
        "([i, before]) => { const n = window.jupyterapp.shell.currentWidget.content.widgets[i]"
        ".model.executionCount; return n !== null && n !== before; }",
        arg=[index, before],
        timeout=TIMEOUT,
    )
    page.wait_for_function(KERNEL_IDLE, timeout=TIMEOUT)


def python_state(page) -> dict[str, Any]:
    """Run the printing cell and read what the kernel says about the game."""
    run_cell(page, 1)
    output = page.locator(".jp-Cell").nth(1).locator(".jp-OutputArea-output")
    text = output.inner_text(timeout=TIMEOUT)
    assert "STATE>" in text, text
    return json.loads(text.split("STATE>", 1)[1].strip())


def wait_for_note(table, text: str) -> None:
    table.locator(".alh-note", has_text=text).wait_for(timeout=TIMEOUT)


def take_and_end(page, table) -> None:
    """Take the first display card, end the turn, and wait for the bot to hand back."""
    card = table.locator('[data-card][role="button"]').first
    card_id = card.get_attribute("data-card")
    card.click()
    table.locator('[data-do="take"]').click()
    wait_for_note(table, "Ana takes")
    assert table.locator(f'g.player[data-seat="0"] [data-hand="{card_id}"]').count() == 1
    table.locator('[data-do="end"]').click()
    wait_for_note(table, "Ana ends the turn")


def test_play_a_few_turns_by_clicking(page, lab, artifacts_dir):
    page.set_default_timeout(TIMEOUT)
    page.set_viewport_size({"width": 1280, "height": 1000})
    page.goto(lab)
    page.wait_for_function(KERNEL_IDLE, timeout=TIMEOUT * 2)
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
        assert "fits here" in status.inner_text()
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

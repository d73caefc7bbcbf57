"""End to end in real JupyterLab: a notebook shows a CityWidget, the learner hovers and clicks.

A JupyterLab server is started on 127.0.0.1 with a token, in a temporary folder holding one
generated notebook; the kernel is this environment's Python, so the package under test is the
one the kernel imports. The page reaches the app through ``expose_app_in_browser`` to run cells
and switch themes without hunting through menus.
"""

from __future__ import annotations

import os
import secrets
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest

import alhambra_nb as alh

pytestmark = pytest.mark.slow

SMALL = "0,0 fountain\\n1,0 garden-10-NE\\n1,1 tower-9-E\\n"
CELLS = [
    "import alhambra_nb as alh\n"
    f'w = alh.CityWidget(alh.City.from_text("{SMALL}"), tiles=["tower-9-NE", "garden-6"], '
    "selected=0)\nw",
    'print("CITY>" + w.city.to_text().replace("\\n", "; "))',
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
    # Naming the kernel spares the "Select Kernel" dialog.
    notebook.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
    }
    nbformat.write(notebook, root / "city.ipynb")
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
        yield f"{base}/lab/tree/city.ipynb?token={token}"
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


def printed_city(page) -> str:
    run_cell(page, 1)
    output = page.locator(".jp-Cell").nth(1).locator(".jp-OutputArea-output")
    text = output.inner_text(timeout=TIMEOUT)
    assert "CITY>" in text, text
    return text.split("CITY>", 1)[1].strip()


def test_hover_explains_click_refuses_then_places(page, lab, artifacts_dir):
    page.set_default_timeout(TIMEOUT)
    page.set_viewport_size({"width": 1280, "height": 900})
    page.goto(lab)
    page.wait_for_function(KERNEL_IDLE, timeout=TIMEOUT * 2)
    news = page.get_by_role("button", name="No", exact=True)
    if news.count():
        news.first.click()  # the "official Jupyter news?" toast would sit over the page
    run_cell(page, 0)
    widget = page.locator(".alh-city")
    board_cell = widget.locator('[role="gridcell"][data-cell="-1,0"]')
    board_cell.wait_for(state="visible", timeout=TIMEOUT)

    city = alh.City.from_text(SMALL.replace("\\n", "\n"))
    walls = city.check("tower-9-NE", (-1, 0))[0]
    assert walls.rule is alh.RuleId.WALLS_MATCH
    board_cell.hover()
    status = widget.locator('[role="status"]')
    assert walls.message in status.inner_text()

    before = printed_city(page)
    assert before == city.to_text().replace("\n", "; ")
    board_cell.click()
    widget.locator(".alh-note", has_text="cannot go at (-1, 0)").wait_for(timeout=TIMEOUT)
    assert printed_city(page) == before

    widget.locator('[role="gridcell"][data-cell="0,-1"]').click()
    widget.locator(".alh-note", has_text="Placed the tower-9-NE at (0, -1)").wait_for()
    assert "0,-1 tower-9-NE" in printed_city(page)
    assert (
        widget.locator('[data-cell="0,-1"]').get_attribute("aria-label")
        == "(0, -1): tower, walls north and east"
    )

    widget.locator('[role="gridcell"][data-cell="2,0"]').hover()
    page.wait_for_timeout(200)
    widget.screenshot(path=str(artifacts_dir / "lab-city-widget-light.png"))
    page.evaluate(
        "() => window.jupyterapp.commands.execute('apputils:change-theme',"
        " {theme: 'JupyterLab Dark'})"
    )
    page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'", timeout=TIMEOUT)
    page.wait_for_timeout(500)
    widget.locator('[role="gridcell"][data-cell="2,0"]').hover()
    widget.screenshot(path=str(artifacts_dir / "lab-city-widget-dark.png"))

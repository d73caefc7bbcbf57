"""Real JupyterLab for end-to-end tests: a server on 127.0.0.1 with a token, and the page
driven through the app object (``expose_app_in_browser``), so cells run and themes change
without hunting through menus.

The kernel is this environment's Python, so the package under test is the one it imports.

The classroom site's tests and ``benchmarks/lite.py`` serve the site from here too, with a
proxy that refuses every other address Chromium asks for.
"""

from __future__ import annotations

import io
import json
import os
import secrets
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import nbformat
import pytest

TIMEOUT = 60_000  # ms; the first kernel start on a busy machine can be slow

# --no-sandbox: the tests run as root. The background-networking, component-update and sync
# flags stop Chromium from calling out to a network that is closed here; --disable-quic is
# one more of those.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-dev-shm-usage",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--disable-quic",
    "--no-first-run",
]

# Whether the game table's button ``what`` may be pressed now. The table is one SVG, redrawn
# whole when Python answers, so the button is looked up afresh inside ``root`` each time.
BUTTON_ON = """([root, what]) => {
  const button = root.querySelector(`[data-do="${what}"]`);
  return !!button && button.getAttribute("data-off") === "false";
}"""

# The parts of the game table (``selectors``, looked up in ``root``) that are not on screen:
# each must show whole inside both the window and the table's scrolling box.
OFF_SCREEN = """(root, selectors) => {
  const box = root.querySelector(".alh-table").getBoundingClientRect();
  const top = Math.max(box.top, 0), bottom = Math.min(box.bottom, innerHeight);
  const left = Math.max(box.left, 0), right = Math.min(box.right, innerWidth);
  return selectors.filter((selector) => {
    const part = root.querySelector(selector);
    if (!part) return true;
    const r = part.getBoundingClientRect();
    return r.top < top - 1 || r.bottom > bottom + 1 || r.left < left - 1 || r.right > right + 1;
  });
}"""

LEARNERS_VIEW = [
    '[data-space="1"]',
    '[data-space="4"]',
    '[data-do="take"]',
    '[data-do="end"]',
    'svg.player-city[data-seat="0"]',
]
"""What a learner at seat 0 needs in view together: the market, the actions, their Alhambra."""


def off_screen(table, selectors: Sequence[str] = tuple(LEARNERS_VIEW)) -> list[str]:
    """The ``selectors`` of the game table ``table`` (a locator) not shown whole on screen,
    once the widget's top is scrolled to the window's top."""
    table.evaluate(
        "(root) => { root.scrollIntoView({block: 'start'});"
        " root.querySelector('.alh-table').scrollTop = 0; }"
    )
    return table.evaluate(OFF_SCREEN, list(selectors))


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


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def write_notebook(path: Path, cells: Sequence[str]) -> None:
    """A notebook of code cells, its kernel named (or JupyterLab stops at "Select Kernel")."""
    notebook = nbformat.v4.new_notebook()
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in cells]
    notebook.metadata["kernelspec"] = {
        "name": "python3",
        "display_name": "Python 3 (ipykernel)",
        "language": "python",
    }
    nbformat.write(notebook, path)


@contextmanager
def running_lab(root: Path, notebook: str) -> Iterator[str]:
    """JupyterLab serving ``root``; yields the URL of ``notebook`` there (token included)."""
    # No news toast over the page and its pictures.
    settings = root / ".jupyter-config/lab/user-settings/@jupyterlab/apputils-extension"
    settings.mkdir(parents=True)
    (settings / "notification.jupyterlab-settings").write_text(
        '{"fetchNews": "false", "checkForUpdates": false}'
    )
    # Every cell stays in the page, as a learner scrolling would find it, so tests can reach
    # any widget of the notebook (JupyterLab otherwise drops cells out of the window).
    notebook_settings = root / ".jupyter-config/lab/user-settings/@jupyterlab/notebook-extension"
    notebook_settings.mkdir(parents=True)
    (notebook_settings / "tracker.jupyterlab-settings").write_text('{"windowingMode": "none"}')
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
        yield f"{base}/lab/tree/{notebook}?token={token}"
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


def open_notebook(page, url: str, *, height: int) -> None:
    """Open the notebook in a 1280-pixel-wide window and wait until its kernel is idle."""
    page.set_default_timeout(TIMEOUT)
    page.set_viewport_size({"width": 1280, "height": height})
    page.goto(url)
    page.wait_for_function(KERNEL_IDLE, timeout=TIMEOUT * 2)


def run_cell(page, index: int) -> None:
    """Run the cell ``index`` and wait until it has run and the kernel is idle again."""
    before = page.evaluate(EXECUTION_COUNT, index)
    page.evaluate(RUN_CELL, index)
    page.wait_for_function(
        "([i, before]) => { const n = window.jupyterapp.shell.currentWidget.content.widgets[i]"
        ".model.executionCount; return n !== null && n !== before; }",
        arg=[index, before],
        timeout=TIMEOUT,
    )
    page.wait_for_function(KERNEL_IDLE, timeout=TIMEOUT)


def printed(page, index: int, marker: str) -> str:
    """Run the cell ``index`` and return what it printed after ``marker`` (the kernel's word
    on what happened, as opposed to what the page shows)."""
    run_cell(page, index)
    output = page.locator(".jp-Cell").nth(index).locator(".jp-OutputArea-output")
    text = output.inner_text(timeout=TIMEOUT)
    assert marker in text, text
    return text.split(marker, 1)[1].strip()


# -- the site and the refusing proxy ----------------------------------------------------------
class SiteHandler(SimpleHTTPRequestHandler):
    """``python -m http.server`` as the README tells teachers to run it, quiet, with the
    JupyterLab app exposed as ``window.jupyterapp`` (the site's settings, changed on the way
    out, never on disk) so the script drives JupyterLab's commands."""

    def send_head(self) -> io.BufferedIOBase | None:
        file = Path(self.translate_path(self.path))
        if urlsplit(self.path).path.endswith("/jupyter-lite.json") and file.is_file():
            return self.send_exposing_settings(file)
        return super().send_head()

    def send_exposing_settings(self, file: Path) -> io.BytesIO:
        settings = json.loads(file.read_text("utf-8"))
        settings.setdefault("jupyter-config-data", {})["exposeAppInBrowser"] = True
        body = json.dumps(settings).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        return io.BytesIO(body)

    def log_message(self, format: str, *args: object) -> None:
        pass


class RefusingProxy(BaseHTTPRequestHandler):
    """Chromium's proxy for every address but the site's: refuses each request, and notes it."""

    def refuse(self) -> None:
        self.server.refused.append(f"{self.command} {self.path}")
        self.send_error(403, "offline")

    do_GET = do_HEAD = do_POST = do_PUT = do_PATCH = do_DELETE = do_OPTIONS = refuse
    do_CONNECT = refuse

    def log_message(self, format: str, *args: object) -> None:
        pass


@contextmanager
def serving(handler: Callable[..., BaseHTTPRequestHandler]) -> Iterator[ThreadingHTTPServer]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    server.refused = []  # what a RefusingProxy refused
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


def address(server: ThreadingHTTPServer) -> str:
    return f"127.0.0.1:{server.server_address[1]}"


def offline_bypass(site: ThreadingHTTPServer) -> str:
    """The one address Chromium reaches without the proxy: the site's. ``<-loopback>`` sends
    the other loopback addresses (other ports, ``localhost``), which Chromium would reach
    directly, to the proxy too; it must come first: with the site's address before it,
    Chromium sent the site to the proxy as well."""
    return f"<-loopback>,{address(site)}"


def requests_elsewhere(context, site: str) -> list[str]:
    """The addresses other than the site's that its pages (and their workers) ask for."""
    served = urlsplit(site).netloc
    asked: list[str] = []

    def note(request) -> None:
        parts = urlsplit(request.url)
        if parts.scheme not in ("data", "blob") and parts.netloc != served:
            asked.append(request.url)

    context.on("request", note)
    return asked

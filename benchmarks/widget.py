"""How fast the city widget answers, measured in real Chromium (and real JupyterLab).

Prints three figures, with the targets of the widget's design:

1. first render of a 54-tile city in the page (the page code drawing the board Python sent),
   plus the time Python needs to build that board;                         target <= 50 ms
2. from clicking a tray tile to every cell's verdict shown in the page, through a local
   JupyterLab kernel;                                                       target <= 50 ms
3. from clicking a legal cell to the board showing the new tile, same kernel;  target <= 150 ms

Run: ``.venv/bin/python benchmarks/widget.py`` (needs Chromium at /usr/bin/chromium).
"""

from __future__ import annotations

import json
import os
import random
import secrets
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import nbformat
from playwright.sync_api import sync_playwright

import alhambra_nb as alh

CHROMIUM = os.environ.get("ALHAMBRA_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"]
SEED = 7


def grown_city(size: int = 54, seed: int = SEED) -> tuple[alh.City, list[alh.Tile]]:
    """A city grown by legal random moves to ``size`` tiles, and the tiles left over."""
    rng = random.Random(seed)
    while True:
        city, left = alh.City(), list(alh.TILES)
        rng.shuffle(left)
        for tile in list(left):
            cells = sorted(city.legal_cells(tile))
            if cells and len(city) < size:
                city.place(tile, rng.choice(cells))
                left.remove(tile)
        if len(city) >= size:
            return city, left


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def summary(samples: list[float]) -> str:
    return f"median {ms(statistics.median(samples))}, max {ms(max(samples))} ({len(samples)} runs)"


FAKE_RENDER = """
async ([source, state]) => {
  const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
  const module = await import(url);
  const model = { get: (k) => state[k], on() {}, off() {}, set() {}, save_changes() {}, send() {} };
  const times = [];
  for (let i = 0; i < 7; i++) {
    const el = document.createElement("div");
    document.body.replaceChildren(el);
    const t0 = performance.now();
    (module.default ?? module).render({ model, el });
    el.getBoundingClientRect();  // include layout
    times.push(performance.now() - t0);
  }
  return times;
}
"""


def first_render(browser) -> None:
    city, _left = grown_city()
    started = time.perf_counter()
    widget = alh.CityWidget(city, tiles=alh.TILES[:5], selected=0)
    python = time.perf_counter() - started
    state = json.loads(json.dumps(widget.get_state()))
    page = browser.new_page()
    page.goto("about:blank")
    page.add_style_tag(content=widget._css)
    times = [t / 1000 for t in page.evaluate(FAKE_RENDER, [widget._esm, state])[1:]]
    page.close()
    cells = len(widget._verdicts["cells"])
    print(f"1. first render of a {len(city)}-tile city ({cells} cells with verdicts)")
    print(f"   page: {summary(times)}   [target <= 50 ms]")
    print(f"   Python, building the widget (board picture + all verdicts): {ms(python)}")


SELECT_AND_WAIT = """
async (code) => {
  const root = document.querySelector(".alh-city");
  const t0 = performance.now();
  root.querySelector(`.alh-tile[data-code="${code}"]`).click();
  // The selection and its verdicts arrive in one update; the tray shows it once drawn.
  const shown = () => root.querySelector('.alh-tile[aria-selected="true"]')?.dataset.code;
  while (shown() !== code) {
    await new Promise((r) => setTimeout(r, 0));
  }
  return performance.now() - t0;
}
"""

PLACE_AND_WAIT = """
async () => {
  const root = document.querySelector(".alh-city");
  const key = root.querySelector("[data-legal]").getAttribute("data-legal");
  const cell = () => root.querySelector(`[role="gridcell"][data-cell="${key}"]`);
  const before = cell().getAttribute("aria-label");
  const t0 = performance.now();
  cell().dispatchEvent(new MouseEvent("click", { bubbles: true }));
  while (cell()?.getAttribute("aria-label") === before) {
    await new Promise((r) => setTimeout(r, 0));
  }
  return performance.now() - t0;
}
"""

KERNEL_IDLE = """() => {
  const panel = window.jupyterapp?.shell?.currentWidget;
  const kernel = panel?.sessionContext?.session?.kernel;
  return !!kernel && kernel.status === "idle" && panel.content.widgets.length > 0;
}"""


def with_lab(browser) -> None:
    city, _left = grown_city()
    rounds = 8
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        source = (
            "import alhambra_nb as alh\n"
            f"city = alh.City.from_text({city.to_text()!r})\n"
            f"w = alh.CityWidget(city, tiles={[t.code for t in alh.TILES[: rounds * 2]]!r})\nw"
        )
        notebook = nbformat.v4.new_notebook()
        notebook.cells = [nbformat.v4.new_code_cell(source)]
        notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
        nbformat.write(notebook, root / "bench.ipynb")
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        token = secrets.token_hex(16)
        command = [
            str(Path(sys.executable).with_name("jupyter")), "lab", "--no-browser",
            "--ip=127.0.0.1", f"--port={port}", f"--ServerApp.token={token}",
            f"--ServerApp.root_dir={root}", "--allow-root", "--LabApp.expose_app_in_browser=True",
        ]  # fmt: skip
        env = {**os.environ, "JUPYTER_CONFIG_DIR": str(root / ".jupyter-config")}
        server = subprocess.Popen(
            command, cwd=root, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env
        )
        try:
            base = f"http://127.0.0.1:{port}"
            for _ in range(200):
                try:
                    urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2)
                    break
                except OSError:
                    time.sleep(0.3)
            page = browser.new_page(viewport={"width": 1400, "height": 1000})
            page.set_default_timeout(120_000)
            page.goto(f"{base}/lab/tree/bench.ipynb?token={token}")
            page.wait_for_function(KERNEL_IDLE, timeout=120_000)
            page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
            page.locator(".alh-city .alh-tile").first.wait_for()
            selects, places = [], []
            for _ in range(rounds):
                code = page.locator(".alh-city .alh-tile").first.get_attribute("data-code")
                selects.append(page.evaluate(SELECT_AND_WAIT, code) / 1000)
                if page.locator(".alh-city [data-legal]").count():
                    places.append(page.evaluate(PLACE_AND_WAIT) / 1000)
                else:
                    page.locator(".alh-city .alh-tile").first.click()  # deselect, try the next
            print("2. select a tile -> all verdicts in the page (local JupyterLab kernel)")
            print(f"   {summary(selects)}   [target <= 50 ms]")
            print("3. click a legal cell -> board updated (local JupyterLab kernel)")
            print(f"   {summary(places) if places else 'no legal cell met'}   [target <= 150 ms]")
        finally:
            server.terminate()
            server.wait(timeout=20)


def main() -> None:
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            first_render(browser)
            with_lab(browser)
        finally:
            browser.close()


if __name__ == "__main__":
    main()

"""The classroom site (``make lite``, JupyterLite) measured in Chromium, offline.

``build/lite`` is served from 127.0.0.1 as a teacher's laptop would serve it; every request to
any other address (another port, ``localhost``, the internet) goes to a proxy of this script
that refuses it and counts it. A proxy rather than Playwright's routing, which the browser
tests use: routing turns Chromium's HTTP cache off, and the warm load is about that cache.
Chromium runs with a new, empty profile of its own (a temporary folder), so its cache is the
disk cache a learner's browser has; Playwright's usual in-memory context would not keep the
9.6 MB ``pyodide.asm.wasm`` and would fetch it again on every reload. Prints five figures,
with their targets:

1. kernel ready after a cold load: the new profile (empty cache), seconds from opening the
   site to the welcome notebook's kernel idle (the kernel answers a cell at once then);
                                                                              target <= 15 s
2. kernel ready after a warm load: the same profile reloaded (cache warm), the median of
   ``--reloads`` reloads;                                                     target <= 8 s
3. the hover verdict on a city of ``random_city(1, 50)`` (43 tiles: the generator skips the
   tiles that fit nowhere) with a garden chosen, shown by a cell added to the open notebook:
   for each of ``--hovers`` empty candidate cells, from the pointer event (its timestamp in
   the page) to the status line reading that cell's verdict; the median.     target <= 100 ms
   No Python takes part in this: the widget sends every cell's verdict with the board and
   city.js shows the pointed cell's at once (``followPointer`` in board.js). So a round trip
   through the browser's Python is printed under it, for comparison and with no target:
   putting the tray's tile down and choosing it again, timed from the click that chooses it
   until the tray shows it chosen (Python checks every cell again and sends the verdicts).
4. a bot's turn at the game table, measured in the page: ``GameWidget(Game(["You", "Bot"],
   seed=1), {1: "greedy"})``; each turn the human takes one display card, then the timer runs
   from the click on End turn to the table showing the human's turn again (Take money on, End
   turn off): the human's end of turn, the greedy bot's whole turn and the table sent and
   redrawn, all through the browser's Python; the median of ``--turns`` turns. target <= 1 s
5. 100 two-player greedy games (``alh.simulate(2, bots="greedy", seed=s)``) in the browser's
   Python: the seconds the cell prints.                                       target <= 60 s

Times are wall-clock: another program busy on the machine's cores makes them longer. A figure
that could not be taken is printed as "not measured", with the reason; targets missed are
listed at the end, and the exit code is 0 either way (benchmarks report, tests judge).
Run: ``.venv/bin/python benchmarks/lite.py`` (needs the site, ``make lite``, and Chromium,
``make browser``).
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import shutil
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from urllib.parse import urlsplit

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

# Chromium's flags and the kernel's readiness as the browser tests have them. Chromium still
# calls a few of its own services (updates, accounts, autofill) past the flags: the proxy
# refuses those too, and the report tells them apart from what the site's pages asked for.
from tests.browser.lab import (  # noqa: E402
    BUTTON_ON,
    CHROMIUM_ARGS,
    KERNEL_IDLE,
    RefusingProxy,
    SiteHandler,
    address,
    offline_bypass,
    requests_elsewhere,
    serving,
)

WELCOME = "00_welcome.ipynb"
KERNEL_START = 240_000  # ms, as the browser tests allow Pyodide to start
TIMEOUT = 60_000  # ms
GAMES_TIMEOUT = 900_000  # ms: 100 games in WebAssembly on a busy machine

CITY_CELL = """import json
import alhambra_nb as alh

city_widget = alh.CityWidget(alh.random_city(1, 50), tiles=["garden-10"], selected=0)
city_widget"""
# Asked of the browser's Python, so the verdicts waited for are the ones the page was sent.
CANDIDATES_CELL = """_city = city_widget.city
_verdicts = city_widget._verdicts["cells"]
print(json.dumps({"tiles": len(_city), "cells": {
    f"{x},{y}": _verdicts[f"{x},{y}"]["text"] for x, y in sorted(_city.candidate_cells())}}))"""
GAME_CELL = """alh.GameWidget(alh.Game(["You", "Bot"], seed=1), {1: "greedy"})"""
GAMES_CELL = """import time, alhambra_nb as alh
t = time.perf_counter(); [alh.simulate(2, bots="greedy", seed=s) for s in range(100)]
print(time.perf_counter() - t)"""


@dataclass(frozen=True)
class Figure:
    """The median of ``samples`` against its target, or why it was not measured."""

    name: str
    unit: str
    target: float | None  # None: shown for comparison only
    samples: tuple[float, ...] = ()
    why_not: str = ""
    digits: int = 1

    @property
    def value(self) -> float | None:
        return statistics.median(self.samples) if self.samples else None

    def missed(self) -> bool:
        return None not in (self.value, self.target) and self.value > self.target

    def line(self) -> str:
        aim = f"target ≤ {self.target:g} {self.unit}" if self.target is not None else "no target"
        if self.value is None:
            return f"{self.name}: not measured ({self.why_not}) ({aim})"
        shown = self.shown(self.value)
        if len(self.samples) > 1:
            shown += f", median of {len(self.samples)}, longest {self.shown(max(self.samples))}"
        return f"{self.name}: {shown} ({aim})"

    def shown(self, value: float) -> str:
        return f"{value:.{self.digits}f} {self.unit}"


# -- JupyterLab, driven through its app object -------------------------------------------------
WELCOME_OPEN = """(path) => window.jupyterapp?.shell?.currentWidget?.context?.path === path"""

# The cell goes at the end of the open notebook and is run without waiting here: a long cell
# would hold this call past any timeout, so CELL_DONE is waited for instead.
ADD_AND_RUN = """(source) => {
  const app = window.jupyterapp;
  const notebook = app.shell.currentWidget.content;
  const index = notebook.model.cells.length;
  notebook.model.sharedModel.insertCell(index, { cell_type: "code", source });
  notebook.activeCellIndex = index;
  void app.commands.execute("notebook:run-cell");
  return index;
}"""

CELL_DONE = """(index) => {
  const panel = window.jupyterapp.shell.currentWidget;
  const ran = panel.content.widgets[index].model.executionCount !== null;
  return ran && panel.sessionContext.session?.kernel?.status === "idle";
}"""

CELL_OUTPUTS = """(index) =>
  window.jupyterapp.shell.currentWidget.content.widgets[index].model.outputs.toJSON()"""

# JupyterLab keeps only the cells in view in the page: the cell is scrolled to and named.
SHOW_CELL = """async ([index, id]) => {
  const notebook = window.jupyterapp.shell.currentWidget.content;
  await notebook.scrollToItem(index, "start");
  notebook.widgets[index].node.id = id;
}"""


def wait_for_kernel(page) -> None:
    page.wait_for_function(WELCOME_OPEN, arg=WELCOME, timeout=KERNEL_START)
    page.wait_for_function(KERNEL_IDLE, timeout=KERNEL_START, polling=100)


def run_cell(page, source: str, timeout: float = TIMEOUT) -> tuple[int, str]:
    """Add ``source`` as a cell of the open notebook and run it; its index and printed text."""
    index = page.evaluate(ADD_AND_RUN, source)
    page.wait_for_function(CELL_DONE, arg=index, timeout=timeout, polling=100)
    outputs = page.evaluate(CELL_OUTPUTS, index)
    for output in outputs:
        if output["output_type"] == "error":
            raise RuntimeError(f"the cell failed: {output['ename']}: {output['evalue']}")
    return index, "".join(joined(o["text"]) for o in outputs if o["output_type"] == "stream")


def joined(text: str | list[str]) -> str:
    return text if isinstance(text, str) else "".join(text)


def show_cell(page, index: int, name: str):
    page.evaluate(SHOW_CELL, [index, name])
    return page.locator(f"#{name}")


# -- 1, 2: the kernel ready -------------------------------------------------------------------
def cold_load(page, site: str) -> list[float]:
    started = time.perf_counter()
    page.goto(site)  # the landing page opens the welcome notebook
    wait_for_kernel(page)
    return [time.perf_counter() - started]


def warm_loads(page, reloads: int) -> list[float]:
    """Seconds from each of ``reloads`` reloads to the kernel idle."""
    times = []
    for _ in range(reloads):
        started = time.perf_counter()
        page.reload()
        wait_for_kernel(page)
        times.append(time.perf_counter() - started)
    return times


# -- 3: the hover verdict, and a round trip through Python for comparison ----------------------
# Times are taken in the page: the pointer event's own timestamp (when Chromium got the move)
# to the status line's new text, so Playwright's messaging is not counted.
WATCH_STATUS = """(root) => {
  const status = root.querySelector('[role="status"]');
  const seen = { over: null, changed: null, text: status.textContent };
  root.addEventListener("pointerover", (event) => { seen.over = event.timeStamp; }, true);
  new MutationObserver(() => {
    if (status.textContent === seen.text) return;
    seen.text = status.textContent;
    seen.changed = performance.now();
  }).observe(status, { childList: true, characterData: true, subtree: true });
  window.benchStatus = seen;
}"""

STATUS_READS = """(text) => window.benchStatus.text === text"""

HOVER_TIME = """() => window.benchStatus.changed - window.benchStatus.over"""

NOTHING_POINTED = """(root) => root.querySelector('[role="status"]').dataset.cell === \"\""""

# A promise kept once test() holds, checked whenever anything in root changes; broken after
# TIMEOUT, since Playwright puts no limit on waiting for a page's promise.
UNTIL = f"""const until = (root, test) => new Promise((resolve, reject) => {{
  if (test()) return resolve();
  const late = setTimeout(() => reject(new Error("no answer in {TIMEOUT} ms")), {TIMEOUT});
  const watch = new MutationObserver(
    () => test() && (watch.disconnect(), clearTimeout(late), resolve()));
  watch.observe(root, {{ attributes: true, childList: true, subtree: true }});
}});"""

CHOOSE_AND_WAIT = f"""async (root) => {{
  {UNTIL}
  const tile = () => root.querySelector('button[data-tray="tiles"][data-index="0"]');
  const chosen = (want) => () => tile().getAttribute("aria-selected") === String(want);
  tile().click();
  await until(root, chosen(false));
  const started = performance.now();
  tile().click();
  await until(root, chosen(true));
  return performance.now() - started;
}}"""


def city_widget(page):
    """The city widget shown in a new cell, and the verdict text of each empty candidate cell
    as the browser's Python sent it."""
    index, _ = run_cell(page, CITY_CELL)
    _, printed = run_cell(page, CANDIDATES_CELL)
    widget = show_cell(page, index, "bench-city").locator(".alh-city")
    widget.locator('[role="gridcell"]').first.wait_for(timeout=TIMEOUT)
    return widget, json.loads(printed)


def hover_times(page, widget, verdicts: dict[str, str], count: int) -> list[float]:
    """Milliseconds from pointing at each of ``count`` cells to its verdict in the status."""
    root = widget.element_handle()
    page.evaluate(WATCH_STATUS, root)
    times = []
    for key in spread(sorted(verdicts, key=cell_order), count):
        # Off the widget first (its status then says what the tile does): each hover changes it.
        page.mouse.move(1, 1)
        page.wait_for_function(NOTHING_POINTED, arg=root, timeout=TIMEOUT)
        cell = widget.locator(f'[role="gridcell"][data-cell="{key}"]')
        cell.scroll_into_view_if_needed(timeout=TIMEOUT)
        box = cell.bounding_box()
        page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        page.wait_for_function(STATUS_READS, arg=verdicts[key], timeout=TIMEOUT)
        times.append(page.evaluate(HOVER_TIME))
    return times


def cell_order(key: str) -> tuple[int, int]:
    x, y = key.split(",")
    return int(y), int(x)


def spread(items: list[str], count: int) -> list[str]:
    """``count`` of ``items`` taken evenly along them (all of them when there are fewer)."""
    if len(items) <= count:
        return items
    return [items[i * len(items) // count] for i in range(count)]


def choose_times(page, widget, rounds: int) -> list[float]:
    root = widget.element_handle()
    return [page.evaluate(CHOOSE_AND_WAIT, root) for _ in range(rounds)]


# The table is one SVG, redrawn whole when Python answers: the human's turn is back when Take
# money is on and End turn off (it stays the other way round until the answer comes).
END_TURN_AND_WAIT = f"""async (root) => {{
  {UNTIL}
  const on = (what) =>
    root.querySelector(`[data-do="${{what}}"]`)?.getAttribute("data-off") === "false";
  const started = performance.now();
  root.querySelector('[data-do="end"]').dispatchEvent(new MouseEvent("click", {{ bubbles: true }}));
  await until(root, () => on("take") && !on("end"));
  return performance.now() - started;
}}"""


def game_table(page):
    index, _ = run_cell(page, GAME_CELL)
    table = show_cell(page, index, "bench-game").locator(".alh-game")
    table.locator('[data-do="take"]').wait_for(state="attached", timeout=TIMEOUT)
    return table


def bot_turn_times(page, table, turns: int) -> list[float]:
    """Seconds from End turn to the human's turn again, each turn after taking one card."""
    root = table.element_handle()
    times = []
    for _ in range(turns):
        page.wait_for_function(BUTTON_ON, arg=[root, "take"], timeout=TIMEOUT)
        table.locator('[data-card][role="button"]').first.click()
        table.locator('[data-do="take"]').click()
        page.wait_for_function(BUTTON_ON, arg=[root, "end"], timeout=TIMEOUT)
        times.append(page.evaluate(END_TURN_AND_WAIT, root) / 1000)
    return times


# -- 5: whole games in the browser's Python ----------------------------------------------------
def greedy_games(page) -> list[float]:
    _, printed = run_cell(page, GAMES_CELL, timeout=GAMES_TIMEOUT)
    return [float(printed.split()[-1])]


# -- putting it together -----------------------------------------------------------------------
def measured(
    name: str,
    unit: str,
    target: float | None,
    measure: Callable[[], list[float]],
    digits: int = 1,
) -> Figure:
    """The samples ``measure()`` takes as a figure, or "not measured" with the reason when the
    page did not answer as expected."""
    try:
        return Figure(name, unit, target, tuple(measure()), digits=digits)
    except (PlaywrightError, RuntimeError, ValueError, KeyError, TypeError) as error:
        reason = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
        return Figure(name, unit, target, why_not=reason[:160], digits=digits)


def figures(context, site: str, args: argparse.Namespace) -> list[Figure]:
    page = context.pages[0] if context.pages else context.new_page()
    page.set_default_timeout(TIMEOUT)
    results = []
    try:
        # Printed as they come: the last figures take minutes.
        for figure in each_figure(page, site, args):
            print(figure.line(), flush=True)
            results.append(figure)
    finally:
        page.close()
    return results


def each_figure(page, site: str, args: argparse.Namespace) -> Iterator[Figure]:
    yield measured("kernel ready, cold load", "s", 15, lambda: cold_load(page, site))
    warm = measured("kernel ready, warm load", "s", 8, lambda: warm_loads(page, args.reloads))
    yield warm
    ready = warm.value is not None
    yield from city_figures(page, args.hovers, args.rounds, ready)
    yield measured(
        "greedy bot's turn at the table",
        "s",
        1,
        with_kernel(ready, lambda: bot_turn_times(page, game_table(page), args.turns)),
        digits=3,
    )
    yield measured(
        "100 two-player greedy games in the browser",
        "s",
        60,
        with_kernel(ready, lambda: greedy_games(page)),
    )


def with_kernel(ready: bool, measure: Callable[[], list[float]]) -> Callable[[], list[float]]:
    """``measure``, or, with no kernel to run cells in, a measure that says so at once (rather
    than wait out every cell's timeout)."""

    def no_kernel() -> list[float]:
        raise RuntimeError("the kernel did not become ready")

    return measure if ready else no_kernel


def city_figures(page, hovers: int, rounds: int, ready: bool) -> Iterator[Figure]:
    shown = {}

    def hover() -> list[float]:
        shown["widget"], candidates = city_widget(page)
        shown["tiles"] = candidates["tiles"]
        return hover_times(page, shown["widget"], candidates["cells"], hovers)

    figure = measured("hover verdict", "ms", 100, with_kernel(ready, hover))
    if "tiles" in shown:
        figure = replace(figure, name=f"hover verdict, {shown['tiles']}-tile city")
    yield figure
    if "widget" in shown:
        yield measured(
            "  for comparison, through the browser's Python: tile chosen to all verdicts shown",
            "ms",
            None,
            lambda: choose_times(page, shown["widget"], rounds),
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--site", type=Path, default=ROOT / "build" / "lite",
                        help="the built site (default: build/lite)")  # fmt: skip
    parser.add_argument(
        "--chromium",
        default=os.environ.get("ALHAMBRA_CHROMIUM") or shutil.which("chromium"),
        help="Chromium to drive (default: $ALHAMBRA_CHROMIUM, else chromium on the PATH)",
    )
    parser.add_argument("--reloads", type=int, default=3, help="warm loads timed")
    parser.add_argument("--hovers", type=int, default=20, help="cells hovered (at least 15)")
    parser.add_argument("--rounds", type=int, default=7, help="tile choices timed (for comparison)")
    parser.add_argument("--turns", type=int, default=10, help="bot turns timed")
    args = parser.parse_args()
    if args.hovers < 15 or min(args.reloads, args.rounds, args.turns) < 1:
        parser.error("hover at least 15 cells, and time at least one of everything else")
    if not (args.site / "index.html").is_file():
        print(f"not measured: no classroom site at {args.site} (run `make lite`)")
        return
    if not args.chromium:
        print("not measured: no Chromium (run `make browser`, or pass --chromium)")
        return
    site_handler = functools.partial(SiteHandler, directory=str(args.site))
    with serving(site_handler) as site, serving(RefusingProxy) as proxy:
        with sync_playwright() as pw, tempfile.TemporaryDirectory() as profile:
            context = pw.chromium.launch_persistent_context(
                profile,
                executable_path=args.chromium,
                headless=True,
                args=CHROMIUM_ARGS,
                proxy={"server": f"http://{address(proxy)}", "bypass": offline_bypass(site)},
                # Kept out as in the browser tests: the site's own service worker would answer
                # from its own cache, past Chromium's.
                service_workers="block",
                viewport={"width": 1280, "height": 900},
            )
            asked = requests_elsewhere(context, f"http://{address(site)}")
            try:
                results = figures(context, f"http://{address(site)}", args)
            finally:
                context.close()
        report(results, proxy.refused, asked)


def report(results: list[Figure], refused: list[str], asked: list[str]) -> None:
    hosts = sorted({host_of(request) for request in refused})
    print(
        f"requests to other addresses, all refused: {len(refused)}"
        + (f" (to {', '.join(hosts)})" if hosts else "")
        + f"; asked for by the site's pages: {len(asked)}"
    )
    for url in asked[:5]:
        print(f"  {url}")
    missed = [figure.name for figure in results if figure.missed()]
    unmeasured = [figure.name.strip() for figure in results if figure.value is None]
    print("targets missed: " + ("; ".join(missed) if missed else "none"), end="")
    print(f" (not measured: {'; '.join(unmeasured)})" if unmeasured else "")


def host_of(request: str) -> str:
    """The host a refused request was for: a URL's, or a CONNECT's ``host:port``."""
    target = request.split()[-1]
    return urlsplit(target).hostname if "://" in target else target.rsplit(":", 1)[0]


if __name__ == "__main__":
    main()

"""The classroom site (``make lite``, JupyterLite) works in Chromium with no network at all.

``build/lite/`` is served from 127.0.0.1 by a thread of ``http.server``, as a teacher's laptop
would serve it; Chromium sends every request to any other address to a proxy that refuses it
and records it. Every English
tutorial and one translated tutorial per language run top to bottom in the browser's own
Python (Pyodide), the scoring lab's included; a CityWidget there answers a hover and a click
as in JupyterLab, and the game table plays a turn against its bot.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import time
from collections.abc import Iterator
from http.server import ThreadingHTTPServer
from pathlib import Path
from urllib.parse import quote

import pytest

import alhambra_nb as alh

from .lab import (
    BUTTON_ON,
    KERNEL_IDLE,
    RefusingProxy,
    SiteHandler,
    address,
    offline_bypass,
    requests_elsewhere,
    serving,
)

pytestmark = pytest.mark.slow

SITE = Path(os.environ.get("ALHAMBRA_LITE_DIR", Path(__file__).parents[2] / "build" / "lite"))
# Pyodide starts and loads every wheel of the site before the first cell runs.
KERNEL_START = 240_000  # ms
RUN_ALL = 300_000  # ms
TIMEOUT = 60_000  # ms

# Every code cell has run (an execution count), or one failed (Run All stops there), and the
# kernel is idle again.
ALL_RAN = """(path) => {
  const panel = window.jupyterapp.shell.currentWidget;
  if (!panel || panel.context.path !== path) return false;
  const kernel = panel.sessionContext.session?.kernel;
  const cells = panel.content.widgets.filter((cell) => cell.model.type === "code");
  const failed = cells.some((cell) =>
    cell.model.outputs.toJSON().some((output) => output.output_type === "error"));
  const ran = cells.every((cell) => cell.model.executionCount !== null);
  return kernel?.status === "idle" && (ran || failed);
}"""

# The errors of the notebook shown: each error output (cell index, error name and value) and
# each text printed on stderr (cell index, "stderr", the text).
ERRORS = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const errors = [];
  const text = (value) => (Array.isArray(value) ? value.join("") : value);
  panel.content.widgets.forEach((cell, index) => {
    if (cell.model.type !== "code") return;
    for (const output of cell.model.outputs.toJSON()) {
      if (output.output_type === "error") errors.push([index, output.ename, output.evalue]);
      if (output.output_type === "stream" && output.name === "stderr") {
        errors.push([index, "stderr", text(output.text)]);
      }
    }
  });
  return errors;
}"""

# How many code cells the notebook shown has, and how many of them ran.
RAN = """() => {
  const cells = window.jupyterapp.shell.currentWidget.content.widgets.filter(
    (cell) => cell.model.type === "code");
  return [cells.length, cells.filter((cell) => cell.model.executionCount !== null).length];
}"""

GAME_WIDGET_CELL = """() => window.jupyterapp.shell.currentWidget.content.widgets.findIndex(
  (cell) => cell.model.sharedModel.getSource().includes("alh.GameWidget(game,"))"""

TUTORIALS = Path(__file__).parents[2] / "tutorials"
ENGLISH = sorted(path.name for path in TUTORIALS.glob("*.ipynb"))
# One per language, chosen to cover what differs by language: the welcome page a class opens
# first, the scoring lab's tables and charts, the game table, and the scoring tables.
TRANSLATED = [
    "hu/00_welcome.ipynb",
    "de/08_scoring_lab.ipynb",
    "pl/09_play_against_the_computer.ipynb",
    "ja/03_scoring_majorities_and_walls.ipynb",
]

CITY_WIDGET_CELL = """() => window.jupyterapp.shell.currentWidget.content.widgets.findIndex(
  (cell) => cell.model.sharedModel.getSource().startsWith("alh.CityWidget(city,"))"""


# The cell in view and named, so the page can be searched for it (JupyterLab keeps only the
# cells in view in the page).
SHOW_CELL = """async (index) => {
  const notebook = window.jupyterapp.shell.currentWidget.content;
  await notebook.scrollToItem(index, "start");
  notebook.widgets[index].node.id = "lite-city-cell";
}"""


def need_the_site() -> None:
    if not (SITE / "index.html").is_file():
        reason = f"no classroom site at {SITE}: run `make lite`"
        if os.environ.get("CI", "").strip().lower() in {"true", "1", "yes"}:
            pytest.fail(reason + " (make test builds it)", pytrace=False)
        pytest.skip(reason)


@pytest.fixture(scope="module")
def servers() -> Iterator[tuple[ThreadingHTTPServer, ThreadingHTTPServer]]:
    """``build/lite`` served on 127.0.0.1 (with the JupyterLab app exposed as
    ``window.jupyterapp``, so the tests drive its commands), and the proxy that refuses every
    other address and records it."""
    need_the_site()
    handler = functools.partial(SiteHandler, directory=str(SITE))
    with serving(handler) as site_server, serving(RefusingProxy) as proxy:
        yield site_server, proxy


@pytest.fixture(scope="module")
def site(servers) -> str:
    """The site's address."""
    return f"http://{address(servers[0])}"


@pytest.fixture
def offline_page(browser, servers) -> Iterator[tuple[object, list[str]]]:
    """A page that reaches 127.0.0.1 only; yields it and the list of other addresses the
    site's pages and workers asked for.

    Chromium sends every request but the site's to the refusing proxy, the site's service
    worker's too, so the site runs as in a browser, service worker and all (a notebook in a
    folder needs it to start its kernel). The proxy also refuses what Chromium asks for its
    own services (autofill, updates); those are not the site's, and not counted."""
    site_server, proxy = servers
    context = browser.new_context(
        proxy={"server": f"http://{address(proxy)}", "bypass": offline_bypass(site_server)},
        viewport={"width": 1280, "height": 900},
    )
    asked = requests_elsewhere(context, f"http://{address(site_server)}")
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    try:
        yield page, asked
    finally:
        context.close()


def run_all(page, path: str) -> None:
    """Run every cell of the open notebook, wait until the last has run, and require that
    every code cell ran and none failed or printed on stderr."""
    page.wait_for_function(KERNEL_IDLE, timeout=KERNEL_START)
    page.evaluate(
        "async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }"
    )
    page.wait_for_function(ALL_RAN, arg=path, timeout=RUN_ALL, polling=500)
    assert page.evaluate(ERRORS) == [], path
    cells, ran = page.evaluate(RAN)
    assert cells > 0 and ran == cells, f"{path}: {ran} of {cells} code cells ran"


def open_notebook(page, path: str) -> None:
    page.evaluate(
        "async (path) => { await window.jupyterapp.commands.execute('docmanager:open', {path}); }",
        path,
    )
    page.wait_for_function(
        "(path) => window.jupyterapp.shell.currentWidget?.context?.path === path", arg=path
    )


def open_directly(page, site: str, path: str) -> None:
    """The site opened at ``path``, as a link to one notebook opens it."""
    page.goto(f"{site}/lab/index.html?path={quote(path)}")
    page.wait_for_function(
        "(path) => window.jupyterapp?.shell?.currentWidget?.context?.path === path",
        arg=path,
        timeout=KERNEL_START,
    )


@pytest.mark.parametrize("path", [*ENGLISH, *TRANSLATED])
def test_every_tutorial_runs_top_to_bottom_offline(offline_page, site, path):
    page, refused = offline_page
    open_directly(page, site, path)
    run_all(page, path)
    if path.endswith("09_play_against_the_computer.ipynb"):
        play_a_turn_at_the_table(page)
    assert refused == []


def play_a_turn_at_the_table(page) -> None:
    """Take a money card and end the turn: the bot plays its turn in the browser's Python,
    and the table gives the turn back, with the bot's move in its log and in its replay."""
    index = page.evaluate(GAME_WIDGET_CELL)
    assert index >= 0
    page.evaluate(SHOW_CELL, index)
    table = page.locator("#lite-city-cell .alh-game")
    table.locator('[data-do="take"]').wait_for(state="attached", timeout=TIMEOUT)
    root = table.element_handle()
    page.wait_for_function(BUTTON_ON, arg=[root, "take"], timeout=TIMEOUT)
    table.locator('[data-card][role="button"]').first.click()
    table.locator('[data-do="take"]').click()
    page.wait_for_function(BUTTON_ON, arg=[root, "end"], timeout=TIMEOUT)
    bot_lines = table.locator('.log-line[data-mark="bot"]')
    before = bot_lines.count()
    table.locator('[data-do="end"]').click()
    # The bot's turn is over when the human may take money again and may not end the turn.
    page.wait_for_function(
        f"([root]) => ({BUTTON_ON})([root, 'take']) && !({BUTTON_ON})([root, 'end'])",
        arg=[root],
        timeout=TIMEOUT,
    )
    assert bot_lines.count() > before
    # The bot's moves, replayed one at a time on the table as it was, then back by Escape.
    table.locator('[data-tool="replay"]').click()
    replay = table.locator(".alh-replay")
    replay.wait_for(state="visible", timeout=TIMEOUT)
    assert "1" in replay.locator(".alh-replay-title").inner_text()  # its first move
    assert replay.locator(".alh-replay-picture svg.game-table").count() == 1
    assert replay.locator(".spotlit").count() >= 1  # what that move took, ringed
    page.keyboard.press("Escape")
    replay.wait_for(state="hidden", timeout=TIMEOUT)
    assert page.evaluate(ERRORS) == []


# -- notebooks of one file name in different folders -----------------------------------------
# Every translated tutorial has its English one's file name (hu/00_welcome.ipynb beside
# 00_welcome.ipynb), and the English welcome page links to the translations: a class opens its
# welcome page from there, the English one still open. Each must start its own kernel at once,
# run every cell and keep its own path; and a notebook is unchanged until the learner changes
# it, so closing it asks nothing.

WELCOME = "00_welcome.ipynb"
# Opened one after the other while the English one stays open.
LANGUAGES = ["hu", "ja"]
# A second kernel starts in some 10 s; a class would not wait as long as this.
SECOND_KERNEL = 120_000  # ms

# The notebook shown is at ``path`` and its own session, of that path, has an idle kernel (a
# session handed over from another notebook would have the other's path).
OWN_KERNEL_IDLE = """(path) => {
  const panel = window.jupyterapp?.shell?.currentWidget;
  const session = panel?.sessionContext?.session;
  return panel?.context?.path === path && session?.path === path
    && session.kernel?.status === "idle";
}"""

# Whether the notebook shown is as it was opened (the site names its own kernel in it).
UNCHANGED = "() => window.jupyterapp.shell.currentWidget.context.model.dirty === false"

# Each open document: its path, tab title and tooltip, its session's path, and its kernel.
OPEN_DOCUMENTS = """() => [...window.jupyterapp.shell.widgets("main")].map((widget) => ({
  path: widget.context?.path ?? null,
  title: widget.title.label,
  caption: widget.title.caption,
  session: widget.sessionContext?.session?.path ?? null,
  kernel: widget.sessionContext?.session?.kernel?.id ?? null,
  status: widget.sessionContext?.session?.kernel?.status ?? null,
}))"""


def test_translated_welcome_pages_start_their_kernels_beside_the_english_one(
    offline_page, site
) -> None:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    page, asked_elsewhere = offline_page
    page.goto(f"{site}/lab/index.html?path={WELCOME}")
    page.wait_for_function(OWN_KERNEL_IDLE, arg=WELCOME, timeout=KERNEL_START)
    # The kernel's start changes nothing in the notebook: closing it asks nothing.
    assert page.evaluate(UNCHANGED) is True

    paths = [WELCOME]
    for language in LANGUAGES:
        path = f"{language}/{WELCOME}"
        start = time.monotonic()
        open_notebook(page, path)
        try:
            page.wait_for_function(OWN_KERNEL_IDLE, arg=path, timeout=SECOND_KERNEL)
        except PlaywrightTimeout:
            pytest.fail(
                f"{path}: no idle kernel of its own {SECOND_KERNEL // 1000} s after opening it "
                f"beside {', '.join(paths)}; open: {page.evaluate(OPEN_DOCUMENTS)}"
            )
        print(f"{path}: kernel idle {time.monotonic() - start:.1f} s after opening")
        run_all(page, path)
        paths.append(path)

    documents = page.evaluate(OPEN_DOCUMENTS)
    assert [document["path"] for document in documents] == paths, documents
    assert [document["session"] for document in documents] == paths, documents
    for document in documents:
        assert document["title"] == WELCOME, document
        assert document["path"] in document["caption"], document
        assert document["status"] == "idle", document
    kernels = {document["kernel"] for document in documents}
    assert None not in kernels and len(kernels) == len(paths), documents
    assert asked_elsewhere == []


def tutorial_city() -> alh.City:
    """The city of the building-rules tutorial's first CityWidget (its tower placed)."""
    city = alh.chapters.step("building/intro/see").city
    city.place(alh.Tile.parse("tower-9-NE"), (2, 0))
    return city


def test_tutorials_run_offline_and_the_city_widget_answers(offline_page, site, artifacts_dir):
    page, refused = offline_page
    page.goto(site)  # the landing page opens the welcome notebook
    page.wait_for_function(
        "() => window.jupyterapp?.shell?.currentWidget?.context?.path === '00_welcome.ipynb'",
        timeout=KERNEL_START,
    )
    run_all(page, "00_welcome.ipynb")
    page.screenshot(path=str(artifacts_dir / "lite-welcome.png"))

    open_notebook(page, "01_tiles_and_building_rules.ipynb")
    run_all(page, "01_tiles_and_building_rules.ipynb")

    index = page.evaluate(CITY_WIDGET_CELL)
    assert index > 0
    page.evaluate(SHOW_CELL, index)
    widget = page.locator("#lite-city-cell .alh-city")
    garden = alh.Tile.parse("garden-10")
    city = tutorial_city()
    legal = sorted(city.legal_cells(garden))[0]
    illegal = next(cell for cell in sorted(city.candidate_cells()) if city.check(garden, cell))
    verdict = city.check(garden, illegal)[0].message

    # The chosen tile, clicked, is put down (the page sends null), and clicked again, chosen:
    # the browser's Python reads null as the server kernel does, with no note of a refusal.
    chosen = widget.locator('button[data-tray="tiles"][data-index="0"]')
    chosen.click()
    widget.locator('button[data-tray="tiles"][data-index="0"][aria-selected="false"]').wait_for(
        timeout=TIMEOUT
    )
    chosen.click()
    widget.locator('button[data-tray="tiles"][data-index="0"][aria-selected="true"]').wait_for(
        timeout=TIMEOUT
    )
    assert widget.locator(".alh-note", has_text="Ignored").count() == 0

    illegal_cell = widget.locator(f'[role="gridcell"][data-cell="{illegal[0]},{illegal[1]}"]')
    illegal_cell.wait_for(state="visible", timeout=TIMEOUT)
    illegal_cell.hover()
    status = widget.locator('[role="status"]')
    page.wait_for_function(
        "([el, text]) => el.innerText.includes(text)",
        arg=[status.element_handle(), verdict],
        timeout=TIMEOUT,
    )

    legal_cell = widget.locator(f'[role="gridcell"][data-cell="{legal[0]},{legal[1]}"]')
    legal_cell.click()
    widget.locator(
        ".alh-note", has_text=f"Placed the garden (no walls) at ({legal[0]}, {legal[1]})"
    ).wait_for(timeout=TIMEOUT)
    assert legal_cell.get_attribute("aria-label", timeout=TIMEOUT).startswith(
        f"({legal[0]}, {legal[1]}): garden"
    )
    # Built: no tile is chosen any more, in Python (None) nor on the page.
    widget.locator('button[data-tray="tiles"]').first.wait_for(timeout=TIMEOUT)
    assert widget.locator('button[data-tray="tiles"][aria-selected="true"]').count() == 0
    widget.screenshot(path=str(artifacts_dir / "lite-city-widget.png"))
    (artifacts_dir / "lite-refused.json").write_text(json.dumps(refused, indent=1))
    assert refused == []


def test_the_kernel_loads_every_wheel_of_the_site_and_only_those():
    need_the_site()
    config = json.loads((SITE / "jupyter-lite.json").read_text("utf-8"))["jupyter-config-data"]
    kernel = config["litePluginSettings"]["@jupyterlite/pyodide-kernel-extension:kernel"]
    assert kernel["pyodideUrl"] == "./static/pyodide/pyodide.mjs"
    pyodide = SITE / "static" / "pyodide"
    lock = json.loads((pyodide / "pyodide-lock.json").read_text("utf-8"))["packages"]
    assert sorted(kernel["loadPyodideOptions"]["packages"]) == sorted(lock)
    assert {"alhambra-nb", "anywidget", "ipywidgets", "jsonschema", "pyodide-kernel"} <= set(lock)
    for name, entry in lock.items():
        wheel = pyodide / entry["file_name"]
        assert hashlib.sha256(wheel.read_bytes()).hexdigest() == entry["sha256"], name
        assert set(entry["depends"]) <= set(lock), name
    assert sorted(path.name for path in pyodide.glob("*.whl")) == sorted(
        entry["file_name"] for entry in lock.values()
    )

"""The classroom site (``make lite``, JupyterLite) works in Chromium with no network at all.

``build/lite/`` is served from 127.0.0.1 by a thread of ``http.server``, as a teacher's laptop
would serve it; every request to any other host is refused and recorded. The welcome notebook
and the building-rules tutorial run in the browser's own Python (Pyodide), and a CityWidget
there answers a hover and a click as in JupyterLab.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import threading
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import urlsplit

import pytest

import alhambra_nb as alh

from .lab import KERNEL_IDLE

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

# The error outputs of the notebook shown (cell index, error name and value).
ERRORS = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const errors = [];
  panel.content.widgets.forEach((cell, index) => {
    if (cell.model.type !== "code") return;
    for (const output of cell.model.outputs.toJSON()) {
      if (output.output_type === "error") errors.push([index, output.ename, output.evalue]);
    }
  });
  return errors;
}"""

CITY_WIDGET_CELL = """() => window.jupyterapp.shell.currentWidget.content.widgets.findIndex(
  (cell) => cell.model.sharedModel.getSource().startsWith("alh.CityWidget(city,"))"""


# The cell in view and named, so the page can be searched for it (JupyterLab keeps only the
# cells in view in the page).
SHOW_CELL = """async (index) => {
  const notebook = window.jupyterapp.shell.currentWidget.content;
  await notebook.scrollToItem(index, "start");
  notebook.widgets[index].node.id = "lite-city-cell";
}"""


class _QuietHandler(SimpleHTTPRequestHandler):
    """``python -m http.server`` as the README tells teachers to run it, without its log."""

    def log_message(self, format: str, *args: object) -> None:
        pass


def need_the_site() -> None:
    if not (SITE / "index.html").is_file():
        reason = f"no classroom site at {SITE}: run `make lite`"
        if os.environ.get("CI", "").strip().lower() in {"true", "1", "yes"}:
            pytest.fail(reason + " (make test builds it)", pytrace=False)
        pytest.skip(reason)


@pytest.fixture(scope="module")
def site() -> Iterator[str]:
    """``build/lite`` served on 127.0.0.1; yields its address."""
    need_the_site()
    handler = functools.partial(_QuietHandler, directory=str(SITE))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()


def exposing_app(config: dict) -> dict:
    """The site's settings with ``window.jupyterapp`` on, so the test drives JupyterLab's
    commands rather than hunting through menus (as ``--LabApp.expose_app_in_browser`` does
    for the lab tests)."""
    config.setdefault("jupyter-config-data", {})["exposeAppInBrowser"] = True
    return config


@pytest.fixture
def offline_page(browser, site) -> Iterator[tuple[object, list[str]]]:
    """A page that reaches 127.0.0.1 only; yields it and the list of refused addresses.

    Service workers are kept out: requests they made would pass by the routing."""
    context = browser.new_context(service_workers="block", viewport={"width": 1280, "height": 900})
    refused: list[str] = []
    served = urlsplit(site).netloc

    def only_the_site(route) -> None:
        url = route.request.url
        if url.startswith(("data:", "blob:")):
            route.continue_()
        elif urlsplit(url).netloc != served:
            refused.append(url)
            route.abort("internetdisconnected")
        elif urlsplit(url).path.endswith("/jupyter-lite.json"):
            route.fulfill(response=(response := route.fetch()), json=exposing_app(response.json()))
        else:
            route.continue_()

    context.route("**/*", only_the_site)
    page = context.new_page()
    page.set_default_timeout(TIMEOUT)
    try:
        yield page, refused
    finally:
        context.close()


def run_all(page, path: str) -> None:
    """Run every cell of the open notebook and wait until the last has run."""
    page.wait_for_function(KERNEL_IDLE, timeout=KERNEL_START)
    page.evaluate(
        "async () => { await window.jupyterapp.commands.execute('notebook:run-all-cells'); }"
    )
    page.wait_for_function(ALL_RAN, arg=path, timeout=RUN_ALL, polling=500)
    assert page.evaluate(ERRORS) == []


def open_notebook(page, path: str) -> None:
    page.evaluate(
        "async (path) => { await window.jupyterapp.commands.execute('docmanager:open', {path}); }",
        path,
    )
    page.wait_for_function(
        "(path) => window.jupyterapp.shell.currentWidget?.context?.path === path", arg=path
    )


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

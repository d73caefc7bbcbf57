"""Every tutorial in real JupyterLab: Run All reaches the last cell, nothing raises, and the
solution cells are folded.

JupyterLab (see :mod:`.lab`) serves a copy of the tutorials with their execution counts
cleared, so that a cell which ran is told from one which did not. Each notebook is opened,
run with JupyterLab's own *Run All* command and closed with its kernel before the next. The
waits are long: on a busy machine a whole tutorial takes minutes, and a cell that raises ends
the wait at once.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import nbformat
import pytest

from .lab import KERNEL_IDLE, TIMEOUT, running_lab

pytestmark = pytest.mark.slow

HERE = Path(__file__).resolve().parents[2] / "tutorials"
TUTORIALS = [
    *sorted(HERE.glob("*.ipynb")),
    # Two translations, in the languages farthest apart (the others run under nbval).
    HERE / "hu" / "01_tiles_and_building_rules.ipynb",
    HERE / "ja" / "00_welcome.ipynb",
]


def name(path: Path) -> str:
    """The notebook's path as JupyterLab names it: relative to the tutorials folder."""
    return path.relative_to(HERE).as_posix()


CELLS = """() => window.jupyterapp.shell.currentWidget.content.widgets.map((cell) => ({
  type: cell.model.type,
  count: cell.model.type === "code" ? cell.model.executionCount : null,
  errors: cell.model.type === "code"
    ? cell.model.outputs.toJSON().filter((o) => o.output_type === "error").length : 0,
  tags: cell.model.getMetadata("tags") || [],
  inputHidden: cell.inputHidden,
  outputHidden: cell.model.type === "code" ? cell.outputHidden : null,
}))"""

# Started, not awaited: the command settles only when every cell has run, and the waits
# below have time limits where an evaluation has none (a stuck cell would hang the test).
RUN_ALL = """() => {
  window.jupyterapp.commands.execute("notebook:run-all-cells");
}"""

# JupyterLab reopens the notebooks of its last session: the one asked for must be in front.
# Asked while the page still loads, so the application may not exist yet.
SHOWN = """(name) => {
  const panel = window.jupyterapp?.shell?.currentWidget;
  return !!panel && panel.context?.path === name;
}"""

# Run All is over when the last code cell has run, or when a cell raised (it stops there).
RUN_ALL_OVER = """() => {
  const panel = window.jupyterapp.shell.currentWidget;
  const cells = panel.content.widgets.filter((c) => c.model.type === "code");
  const raised = cells.some((c) => c.model.outputs.toJSON().some((o) => o.output_type === "error"));
  const idle = panel.sessionContext.session?.kernel?.status === "idle";
  return (cells.length > 0 && cells[cells.length - 1].model.executionCount !== null) ||
    (raised && idle);
}"""

CLOSE = """async () => {
  const panel = window.jupyterapp.shell.currentWidget;
  await panel.sessionContext.shutdown();
  panel.dispose();
}"""


@pytest.fixture(scope="module")
def lab(tmp_path_factory) -> Iterator[str]:
    """A running JupyterLab over a copy of the tutorials; yields the URL of the first one."""
    root = tmp_path_factory.mktemp("tutorials")
    for path in TUTORIALS:
        notebook = nbformat.read(path, as_version=4)
        for cell in notebook.cells:
            if cell.cell_type == "code":
                cell.execution_count = None
        (root / name(path)).parent.mkdir(exist_ok=True)
        nbformat.write(notebook, root / name(path))
    with running_lab(root, name(TUTORIALS[0])) as url:
        yield url


@pytest.mark.parametrize("path", TUTORIALS, ids=[name(p) for p in TUTORIALS])
def test_run_all_reaches_the_last_cell_without_an_error(page, lab, path):
    page.set_default_timeout(TIMEOUT)
    page.set_viewport_size({"width": 1280, "height": 900})
    # ?reset: a fresh workspace, without the notebooks the tests before opened.
    page.goto(lab.replace(name(TUTORIALS[0]), name(path)).replace("?token=", "?reset&token="))
    page.wait_for_function(SHOWN, arg=name(path), timeout=TIMEOUT * 4)
    page.wait_for_function(KERNEL_IDLE, timeout=TIMEOUT * 4)

    before = page.evaluate(CELLS)
    solutions = [c for c in before if "solution" in c["tags"] and c["type"] == "code"]
    assert all(c["inputHidden"] and c["outputHidden"] for c in solutions), name(path)

    page.evaluate(RUN_ALL)
    page.wait_for_function(RUN_ALL_OVER, timeout=TIMEOUT * 10)
    page.wait_for_function(KERNEL_IDLE, timeout=TIMEOUT * 4)

    after = page.evaluate(CELLS)
    code = [(i, c) for i, c in enumerate(after) if c["type"] == "code"]
    raised = [i for i, c in code if c["errors"]]
    assert not raised, f"{name(path)}: cell {raised[0]} raised, so Run All stopped there"
    not_run = [i for i, c in code if c["count"] is None]
    assert not not_run, f"{name(path)}: cells {not_run} never ran"
    page.evaluate(CLOSE)

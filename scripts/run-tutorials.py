"""Execute the tutorial notebooks in place, so their stored outputs match the code.

nbval compares the stored outputs of the cells tagged ``nbval-check-output``; run this after
changing a message, a chapter or a tutorial. No tutorial cell may raise (a refused move is
shown by printing its explanation): a cell that raises stops the run with the notebook, the
cell and the error, and leaves that notebook as it was.

Notebooks are saved without widget state, so that GitHub, nbviewer and HTML exports show each
widget's static picture, and without per-cell timings, so that a re-run changes only what the
code prints.

    .venv/bin/python scripts/run-tutorials.py [tutorials/01_….ipynb …]
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError

ROOT = Path(__file__).resolve().parent.parent
KERNEL = "python3"
CELL_TIMEOUT = 600


class TutorialError(Exception):
    """Raised when a tutorial cell raises while the tutorials are re-executed."""


def execute(notebook: nbformat.NotebookNode, folder: Path) -> None:
    """Run every cell of ``notebook`` in a fresh kernel started in ``folder``."""
    client = NotebookClient(
        notebook,
        timeout=CELL_TIMEOUT,
        kernel_name=KERNEL,
        allow_errors=False,
        record_timing=False,
        resources={"metadata": {"path": str(folder)}},
    )
    client.execute()


def without_widget_state(notebook: nbformat.NotebookNode) -> nbformat.NotebookNode:
    """The notebook with no saved widget state and no cell timings, each cell's printed text
    in one piece (the kernel sends it in chunks that differ from run to run)."""
    notebook.metadata.pop("widgets", None)
    for cell in notebook.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type == "code":
            cell.outputs = joined_streams(cell.outputs)
    return notebook


def joined_streams(outputs: list[nbformat.NotebookNode]) -> list[nbformat.NotebookNode]:
    """Consecutive outputs of the same stream joined into one."""
    joined: list[nbformat.NotebookNode] = []
    for output in outputs:
        last = joined[-1] if joined else None
        if (
            output.output_type == "stream"
            and last is not None
            and last.output_type == "stream"
            and last.name == output.name
        ):
            last.text += output.text
        else:
            joined.append(output)
    return joined


def error_outputs(notebook: nbformat.NotebookNode) -> list[int]:
    """The indices of the code cells that hold an error output."""
    return [
        index
        for index, cell in enumerate(notebook.cells)
        if cell.cell_type == "code"
        and any(output.output_type == "error" for output in cell.get("outputs", []))
    ]


def run(path: Path) -> None:
    """Execute the notebook at ``path`` and save it, or raise :class:`TutorialError`."""
    notebook = nbformat.read(path, as_version=4)
    try:
        execute(notebook, path.parent)
    except CellExecutionError as error:
        raise TutorialError(
            f"{path.name}: a cell raised; the notebook is left as it was.\n{error}"
        ) from error
    failed = error_outputs(notebook)
    if failed:
        raise TutorialError(f"{path.name}: cells {failed} hold an error output")
    nbformat.write(without_widget_state(notebook), path)


def main(args: list[str]) -> int:
    paths = [Path(a).resolve() for a in args] or sorted((ROOT / "tutorials").glob("*.ipynb"))
    for path in paths:
        try:
            run(path)
        except TutorialError as error:
            print(error, file=sys.stderr)
            return 1
        print(f"ran {path.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

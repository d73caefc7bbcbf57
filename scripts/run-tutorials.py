"""Execute the tutorial notebooks in place, so their stored outputs match the code.

nbval compares the stored outputs of the cells marked ``# NBVAL_CHECK_OUTPUT``; run this after
changing a message, a repr or a tutorial. Cells marked ``# NBVAL_RAISES_EXCEPTION`` are
expected to fail; their stored error keeps only the last traceback line, which is what a
learner needs to read.

    .venv/bin/python scripts/run-tutorials.py [tutorials/01_….ipynb …]
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent


def run(path: Path) -> None:
    notebook = nbformat.read(path, as_version=4)
    client = NotebookClient(
        notebook,
        timeout=600,
        kernel_name="python3",
        allow_errors=True,
        resources={"metadata": {"path": str(path.parent)}},
    )
    client.execute()
    for cell in notebook.cells:
        if cell.cell_type != "code":
            continue
        expected = "NBVAL_RAISES_EXCEPTION" in cell.source
        for output in cell.get("outputs", []):
            if output.output_type != "error":
                continue
            if not expected:
                raise SystemExit(f"{path.name}: unexpected error in a cell:\n{cell.source}")
            output.traceback = [f"{output.ename}: {output.evalue}"]
    nbformat.write(notebook, path)
    print(f"ran {path.relative_to(ROOT)}")


def main(args: list[str]) -> None:
    paths = [Path(a).resolve() for a in args] or sorted((ROOT / "tutorials").glob("*.ipynb"))
    for path in paths:
        run(path)


if __name__ == "__main__":
    main(sys.argv[1:])

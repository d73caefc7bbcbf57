"""Imports go one way: widgets -> render -> core.

Importing ``alhambra_nb.core`` and ``alhambra_nb.render`` (and every module inside them)
must load no widget or notebook machinery. Run in a fresh interpreter so that what the
test session itself imported does not count.
"""

from __future__ import annotations

import json
import subprocess
import sys

FORBIDDEN = ("anywidget", "traitlets", "IPython", "ipywidgets")

PROBE = """
import importlib, json, pkgutil, sys
import alhambra_nb.core, alhambra_nb.render
for pkg in (alhambra_nb.core, alhambra_nb.render):
    for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
        importlib.import_module(info.name)
forbidden = set(json.loads(sys.argv[1]))
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in forbidden)))
"""


def test_core_and_render_import_no_widget_code():
    result = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(FORBIDDEN)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert result.returncode == 0, f"importing core/render failed:\n{result.stderr}"
    loaded = json.loads(result.stdout.strip().splitlines()[-1])
    assert loaded == [], f"alhambra_nb.core / alhambra_nb.render loaded {loaded}"

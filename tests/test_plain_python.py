"""The package is plain Python: what a learner reads (``alh.apply_action??``, the debugger) is
what runs, and an edit to the rules takes effect without building anything."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import alhambra_nb as alh


def test_no_module_of_the_package_is_compiled():
    root = Path(alh.__file__).parent
    compiled = [p for p in root.rglob("*") if any(p.name.endswith(s) for s in EXTENSION_SUFFIXES)]
    assert compiled == []
    for info in pkgutil.walk_packages([str(root)], "alhambra_nb."):
        if ".widgets" in info.name:
            continue  # loads anywidget; plain files all the same (checked above)
        module = importlib.import_module(info.name)
        assert module.__file__ is not None and module.__file__.endswith(".py"), info.name


def test_a_learner_can_read_the_rules_that_run():
    source = inspect.getsource(alh.apply_action)
    assert "def apply_action" in source
    assert "def legal_cells" in inspect.getsource(alh.City)

"""Builds alhambra_nb. The rules core (the modules in COMPILED) is compiled with mypyc.

The compiled modules are built from the very same source as the plain ones and play the
same games, faster (about a third more whole games per second): whole-game simulation is
what the scoring lab runs by the thousand. Without a C compiler, or with ALHAMBRA_NB_PURE=1
set, the package installs as plain Python.
"""

from __future__ import annotations

import os

from setuptools import Extension, setup

COMPILED = [
    "alhambra_nb/core/layout.py",
    "alhambra_nb/core/state.py",
    "alhambra_nb/core/turns.py",
    "alhambra_nb/core/walls.py",
]


def compiled_core() -> list[Extension]:
    if os.environ.get("ALHAMBRA_NB_PURE"):
        return []
    from mypyc.build import mypycify

    extensions = mypycify(COMPILED, opt_level="3", group_name="alhambra_nb.core.compiled")
    for extension in extensions:
        extension.optional = True  # no C compiler: install the plain modules instead
    return extensions


setup(ext_modules=compiled_core())

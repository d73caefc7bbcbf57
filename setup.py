"""Builds alhambra_nb: compiles the message catalogues and, with mypyc, the rules core.

The gettext catalogues (alhambra_nb/locale/<language>/LC_MESSAGES/alhambra_nb.po) are compiled
to .mo files with Babel: into the wheel, or beside their sources for an editable install.

The rules core (the modules in COMPILED) is compiled with mypyc.

The compiled modules are built from the very same source as the plain ones and play the
same games, faster (about a third more whole games per second): whole-game simulation is
what the scoring lab runs by the thousand. Without a C compiler, or with ALHAMBRA_NB_PURE=1
set, the package installs as plain Python.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import ClassVar

from setuptools import Command, Extension, setup
from setuptools.command.build import build

CATALOGUES = "alhambra_nb/locale/*/LC_MESSAGES/*.po"

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


class compile_catalogs(Command):
    """Compile every .po catalogue to the .mo file gettext reads."""

    description = "compile the gettext message catalogues"
    user_options: ClassVar[list[tuple[str, str | None, str]]] = []

    def initialize_options(self) -> None:
        self.build_lib: str | None = None
        self.editable_mode = False

    def finalize_options(self) -> None:
        self.set_undefined_options("build_py", ("build_lib", "build_lib"))

    def run(self) -> None:
        from babel.messages.mofile import write_mo
        from babel.messages.pofile import read_po

        for source, target in self.get_output_mapping().items():
            Path(target).parent.mkdir(parents=True, exist_ok=True)
            with open(source, "rb") as po, open(target, "wb") as mo:
                write_mo(mo, read_po(po), use_fuzzy=False)

    def get_source_files(self) -> list[str]:
        return sorted(str(path) for path in Path().glob(CATALOGUES))

    def get_output_mapping(self) -> dict[str, str]:
        # An editable install reads the package from the sources: the .mo goes beside its .po.
        root = Path() if self.editable_mode else Path(self.build_lib or "build/lib")
        return {
            source: str(root / Path(source).with_suffix(".mo"))
            for source in self.get_source_files()
        }

    def get_outputs(self) -> list[str]:
        return list(self.get_output_mapping().values())


build.sub_commands.append(("compile_catalogs", None))

setup(ext_modules=compiled_core(), cmdclass={"compile_catalogs": compile_catalogs})

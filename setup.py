"""Builds alhambra_nb, a plain Python package: this only adds the compiling of its message
catalogues (alhambra_nb/locale/<language>/LC_MESSAGES/alhambra_nb.po) to .mo files with Babel,
into the wheel, or beside their sources for an editable install.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from setuptools import Command, setup
from setuptools.command.build import build

CATALOGUES = "alhambra_nb/locale/*/LC_MESSAGES/*.po"


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

setup(cmdclass={"compile_catalogs": compile_catalogs})

"""Build the classroom site: JupyterLite with the tutorials, Pyodide and every wheel in one folder.

``make lite`` runs this with the Python of ``build/lite-venv`` (made from ``lite/build.txt``).
The site needs no network at all once built: Pyodide's core files come from the ``pyodide``
npm package, the wheels from PyPI (pure Python only) and this repository, and a lock file
written here tells Pyodide to load all of them when the kernel starts, so a notebook's
``import alhambra_nb`` just works.

Pyodide's own compiled packages (numpy, rpds-py, ...) are published only on its CDN and
GitHub releases, not on npm or PyPI. Everything the site needs is pure Python but rpds-py
(jsonschema needs it through referencing): the site gets the pure one of
``pyrsistent-as-rpds-py`` instead, unless ``--pyodide`` names a full Pyodide distribution
(a folder or archive holding its wheels), whose wheels are then taken as they are.

Usage: python scripts/build_lite.py [--output build/lite] [--pyodide PATH]
"""

from __future__ import annotations

import argparse
import email.parser
import hashlib
import json
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import nbformat
from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
# The version jupyterlite-pyodide-kernel (pinned in lite/build.txt) is made for.
PYODIDE_VERSION = "314.0.6"
PYODIDE_PYTHON = "3.14"
KERNEL_REQUIREMENTS = ROOT / "lite" / "kernel.txt"
CACHE = ROOT / "build" / "lite-cache"
WELCOME = "00_welcome.ipynb"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
# JupyterLite's session client (jupyterlite-core, lite/build.txt) starts a notebook's session by
# handing back any running session of the same name, and JupyterLab names a session after the
# notebook's file name: hu/00_welcome.ipynb opened beside 00_welcome.ipynb got the English
# session, never a kernel of its own, and both tabs took the English path. A Jupyter server
# hands back a running session only for the same path; the site's client is made to do so.
SESSION_BY_NAME = re.compile(
    r"(?P<head>let\{path:(?P<path>[\w$]+),name:(?P<name>[\w$]+)\}=[\w$]+,"
    r"[\w$]+=this\._sessions\.find\()(?P<s>[\w$]+)=>(?P=s)\.name===(?P=name)\)"
)
SESSION_BY_PATH = r"\g<head>\g<s>=>\g<s>.path===\g<path>)"
# What Pyodide's core needs at run time (the npm package also has typings, maps, demo pages).
PYODIDE_CORE = [
    "pyodide.mjs",
    "pyodide.js",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
    "package.json",
]
# Taken from Pyodide's lock at the versions it names: what the kernel itself imports,
# jsonschema, with which the package checks saved games and the chapters' positions, and the
# scoring lab's progress bar.
FROM_PYODIDE = [
    "micropip", "ipython", "jedi", "traitlets", "typing-extensions", "jsonschema", "tqdm",
]  # fmt: skip
# Compiled, so in the site only when the Pyodide given has them (--pyodide, a full one): the
# scoring lab then makes DataFrames (pandas) and draws its intervals with SciPy, as in
# JupyterLab; without them it uses plain tables and plain Python, and works all the same.
WITH_A_FULL_PYODIDE = ["numpy", "pandas", "scipy"]
# Compiled, published for Pyodide only on its CDN: replaced by a pure stand-in.
RPDS = "rpds-py"
PYRSISTENT_AS_RPDS = "pyrsistent-as-rpds-py"
# The kernel's own wheels, shipped inside its front-end extension.
KERNEL_WHEELS = ["piplite", "pyodide_kernel", "ipykernel", "widgetsnbextension-4"]
# Requirement markers as Pyodide evaluates them.
PYODIDE_ENVIRONMENT = {
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "platform_machine": "wasm32",
    "os_name": "posix",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "python_version": PYODIDE_PYTHON,
    "python_full_version": f"{PYODIDE_PYTHON}.0",
    "extra": "",
}


@dataclass
class Wheel:
    """One wheel of the site and what Pyodide's lock says of it."""

    path: Path
    entry: dict

    @property
    def name(self) -> str:
        return canonicalize_name(self.entry["name"])


def run(command: list[str], **kwargs) -> None:
    print("+", " ".join(command), flush=True)
    subprocess.run(command, check=True, **kwargs)


def sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


# -- Pyodide's core -------------------------------------------------------------------------
def pyodide_source(given: str | None) -> Path:
    """A folder holding Pyodide's core files: the given distribution, or the npm package."""
    if given:
        path = Path(given).resolve()
        if path.is_dir():
            return path
        return _unpacked(path, CACHE / f"pyodide-dist-{path.name}")
    package = CACHE / f"pyodide-{PYODIDE_VERSION}.tgz"
    if not package.exists():
        CACHE.mkdir(parents=True, exist_ok=True)
        run(["npm", "pack", "--silent", f"pyodide@{PYODIDE_VERSION}"], cwd=CACHE)
    return _unpacked(package, CACHE / f"pyodide-{PYODIDE_VERSION}")


def _unpacked(archive: Path, target: Path) -> Path:
    """The folder of ``archive`` holding ``pyodide.mjs`` (unpacked once into ``target``)."""
    if not any(target.rglob("pyodide.mjs")):
        shutil.rmtree(target, ignore_errors=True)
        target.mkdir(parents=True)
        with tarfile.open(archive) as tar:
            tar.extractall(target, filter="data")
    found = next(target.rglob("pyodide.mjs"), None)
    if found is None:
        sys.exit(f"{archive}: no pyodide.mjs inside, not a Pyodide distribution")
    return found.parent


# -- the wheels -----------------------------------------------------------------------------
def closure(lock: dict, names: Iterable[str]) -> list[str]:
    """``names`` and everything they depend on in Pyodide's lock, dependencies first."""
    packages = lock["packages"]
    seen: list[str] = []

    def visit(name: str) -> None:
        key = canonicalize_name(name)
        if key in seen:
            return
        for dependency in packages[key]["depends"]:
            visit(dependency)
        seen.append(key)

    for name in names:
        visit(name)
    return seen


def pyodide_wheels(lock: dict, source: Path, folder: Path) -> list[Wheel]:
    """The packages of Pyodide's lock the site needs: copied from the distribution when it has
    them, else downloaded from PyPI (pip refuses a package with no pure wheel there); rpds-py,
    compiled only, becomes the stand-in of :func:`rpds_stand_in`."""
    packages = lock["packages"]
    wanted = closure(lock, FROM_PYODIDE)
    present = {name for name in packages if (source / packages[name]["file_name"]).exists()}
    extras = [name for name in closure(lock, WITH_A_FULL_PYODIDE) if name not in wanted]
    if all(name in present for name in extras):
        wanted += extras
    else:
        print(f"left out (a full Pyodide has them): {', '.join(WITH_A_FULL_PYODIDE)}")
    from_pypi = [name for name in wanted if name not in present and name != RPDS]
    download(
        [f"{packages[name]['name']}=={packages[name]['version']}" for name in from_pypi], folder
    )
    wheels: list[Wheel] = []
    for name in wanted:
        entry = dict(packages[name])
        if name in present:
            path = source / entry["file_name"]
        elif name == RPDS:
            path = rpds_stand_in(folder, entry["version"])
            entry.update(imports=["rpds"], depends=[PYRSISTENT_AS_RPDS, "pyrsistent"])
        else:
            path = _downloaded(folder, entry["name"], entry["version"])
        wheels.append(Wheel(path, entry))
    return wheels


def rpds_stand_in(folder: Path, version: str) -> Path:
    """A wheel of the module ``rpds`` made of the pure rpds-py of ``pyrsistent-as-rpds-py``
    (its authors' "fake rpds" package): referencing, and so jsonschema, import ``rpds``."""
    path = folder / f"rpds_py-{version}+pyrsistent-py3-none-any.whl"
    dist_info = f"rpds_py-{version}+pyrsistent.dist-info"
    files = {
        "rpds/__init__.py": "from pyrsistent_as_rpds.pure import *  # noqa: F403\n"
        "from pyrsistent_as_rpds.pure import __all__  # noqa: F401\n",
        f"{dist_info}/METADATA": f"Metadata-Version: 2.1\nName: rpds-py\n"
        f"Version: {version}+pyrsistent\nRequires-Dist: {PYRSISTENT_AS_RPDS}[pyrsistent]\n",
        f"{dist_info}/WHEEL": "Wheel-Version: 1.0\nGenerator: build_lite\n"
        "Root-Is-Purelib: true\nTag: py3-none-any\n",
    }
    with zipfile.ZipFile(path, "w") as wheel:
        for name, text in files.items():
            wheel.writestr(name, text)
        wheel.writestr(f"{dist_info}/RECORD", "".join(f"{name},,\n" for name in files))
    return path


def download(pins: list[str], folder: Path, requirements: Path | None = None) -> None:
    """Pure-Python wheels from PyPI (pip refuses anything compiled with these tags)."""
    if not pins and requirements is None:
        return
    command = [
        sys.executable, "-m", "pip", "download", "--quiet", "--disable-pip-version-check",
        "--no-deps", "--only-binary=:all:", "--platform", "any", "--implementation", "py",
        "--abi", "none", "--python-version", PYODIDE_PYTHON, "--dest", str(folder), *pins,
    ]  # fmt: skip
    if requirements is not None:
        command += ["--requirement", str(requirements)]
    run(command)


def _downloaded(folder: Path, name: str, version: str) -> Path:
    stem = canonicalize_name(name).replace("-", "_")
    for path in folder.glob("*.whl"):
        wheel_name, wheel_version = path.name.split("-")[:2]
        if canonicalize_name(wheel_name).replace("-", "_") == stem and wheel_version == version:
            return path
    sys.exit(f"pip did not download {name}=={version} into {folder}")


def source_files(folder: str) -> list[str]:
    """The files under ``folder`` that git tracks; outside a git checkout (a source archive),
    every file but caches, builds and the virtual environment."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z", folder], cwd=ROOT, check=True, capture_output=True
        ).stdout.decode()
        return [name for name in listed.split("\0") if name]
    except (OSError, subprocess.CalledProcessError):
        skipped = {".git", ".venv", "build", "dist", "__pycache__", ".pytest_cache"}
        return [
            path.relative_to(ROOT).as_posix()
            for path in sorted((ROOT / folder).rglob("*"))
            if path.is_file() and not skipped & set(path.relative_to(ROOT).parts)
        ]


def package_wheel(folder: Path) -> Path:
    """This package's pure wheel, built from a copy of the tracked files (a build in place
    would reuse whatever an older build left in ``build/lib``)."""
    with tempfile.TemporaryDirectory() as tmp:
        for relative in source_files("."):
            source = ROOT / relative
            if source.is_file():
                (Path(tmp) / relative).parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(source, Path(tmp) / relative)
        for old in folder.glob("alhambra_nb-*.whl"):
            old.unlink()
        run([sys.executable, "-m", "pip", "wheel", "--quiet", "--disable-pip-version-check",
             "--no-deps", "--wheel-dir", str(folder), tmp])  # fmt: skip
    return next(folder.glob("alhambra_nb-*-py3-none-any.whl"))


def kernel_extension_wheels() -> list[Path]:
    """The wheels jupyterlite-pyodide-kernel ships in its front-end extension."""
    pypi = (
        Path(sys.prefix)
        / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
    )
    wheels = [next(pypi.glob(f"{stem}*-py3-none-any.whl")) for stem in KERNEL_WHEELS]
    return wheels


def lock_entry(path: Path, known: set[str]) -> dict:
    """Pyodide's lock entry for a wheel it does not know: its name, version, top-level
    modules, and the requirements that the site holds (Pyodide loads those with it)."""
    with zipfile.ZipFile(path) as wheel:
        names = wheel.namelist()
        metadata_file = next(n for n in names if n.endswith(".dist-info/METADATA"))
        metadata = email.parser.Parser().parsestr(wheel.read(metadata_file).decode("utf-8"))
    depends = sorted(
        {
            canonicalize_name(requirement.name)
            for requirement in map(Requirement, metadata.get_all("Requires-Dist") or [])
            if _applies(requirement.marker)
        }
        & known
    )
    return {
        "name": canonicalize_name(metadata["Name"]),
        "version": metadata["Version"],
        "file_name": path.name,
        "install_dir": "site",
        "package_type": "package",
        "imports": sorted(_top_level_modules(names)),
        "depends": depends,
        "unvendored_tests": False,
    }


def _applies(marker: Marker | None) -> bool:
    return marker is None or marker.evaluate(PYODIDE_ENVIRONMENT)


def _top_level_modules(names: list[str]) -> Iterator[str]:
    for top in {name.split("/")[0] for name in names}:
        if top.endswith((".dist-info", ".data")):
            continue
        if top.endswith(".py"):
            yield top.removesuffix(".py")
        elif f"{top}/__init__.py" in names:
            yield top


# -- the site -------------------------------------------------------------------------------
def stage_pyodide(source: Path, stage: Path) -> list[str]:
    """Pyodide's core and every wheel in ``stage/static/pyodide`` with a lock naming exactly
    those wheels; returns the package names to load when the kernel starts."""
    target = stage / "static" / "pyodide"
    target.mkdir(parents=True)
    for name in PYODIDE_CORE:
        shutil.copy2(source / name, target / name)
    lock = json.loads((source / "pyodide-lock.json").read_text("utf-8"))
    wheels_folder = CACHE / "wheels"
    wheels_folder.mkdir(parents=True, exist_ok=True)
    wheels = pyodide_wheels(lock, source, wheels_folder)
    download([], wheels_folder, KERNEL_REQUIREMENTS)
    extra = [
        *(_downloaded_requirement(wheels_folder, line) for line in _pins(KERNEL_REQUIREMENTS)),
        *kernel_extension_wheels(),
        package_wheel(wheels_folder),
    ]
    known = {wheel.name for wheel in wheels} | {_wheel_name(path) for path in extra}
    wheels += [Wheel(path, lock_entry(path, known)) for path in extra]
    packages = {}
    for wheel in wheels:
        shutil.copy2(wheel.path, target / wheel.path.name)
        packages[wheel.name] = {
            **wheel.entry,
            "name": wheel.name,
            "depends": sorted(canonicalize_name(name) for name in wheel.entry["depends"]),
            "file_name": wheel.path.name,
            "sha256": sha256(wheel.path),
        }
    lock["packages"] = packages
    (target / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    return sorted(packages)


def _pins(requirements: Path) -> list[Requirement]:
    lines = requirements.read_text("utf-8").splitlines()
    return [Requirement(line.split("#")[0]) for line in lines if line.split("#")[0].strip()]


def _downloaded_requirement(folder: Path, requirement: Requirement) -> Path:
    (version,) = (spec.version for spec in requirement.specifier)
    return _downloaded(folder, requirement.name, version)


def _wheel_name(path: Path) -> str:
    return canonicalize_name(path.name.split("-")[0])


def write_config(stage: Path, packages: list[str]) -> None:
    """The site's settings: the kernel loads every package of the lock when it starts."""
    config = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "Alhambra classroom",
            "litePluginSettings": {
                KERNEL_PLUGIN: {"loadPyodideOptions": {"packages": packages}},
            },
        },
    }
    (stage / "jupyter-lite.json").write_text(json.dumps(config, indent=2))


def stage_contents(stage: Path) -> Path:
    """The tutorials (English at the top, each translation in its folder), tracked files only."""
    contents = stage / "contents"
    for relative in source_files("tutorials"):
        path = Path(relative).relative_to("tutorials")
        (contents / path).parent.mkdir(parents=True, exist_ok=True)
        if path.suffix == ".ipynb":
            write_joined(ROOT / relative, contents / path)
        else:
            shutil.copy2(ROOT / relative, contents / path)
    return contents


# What the site's kernel (jupyterlite-pyodide-kernel, lite/build.txt) writes into a notebook's
# metadata when it starts. A notebook that says otherwise (the tutorials name the server's
# python3 kernel) is changed by the start alone, and closing it asks to save unchanged work.
SITE_KERNELSPEC = {"name": "python", "display_name": "Python (Pyodide)", "language": "python"}
SITE_LANGUAGE_INFO = {
    "codemirror_mode": {"name": "python", "version": 3},
    "file_extension": ".py",
    "mimetype": "text/x-python",
    "name": "python",
    "nbconvert_exporter": "python",
    "pygments_lexer": "ipython3",
    "version": "3.8",
}


def write_joined(source: Path, target: Path) -> None:
    """The notebook at ``source``, with each multi-line text (a cell's source, a stored
    output) as one string, and the site's kernel named in its metadata (see
    ``SITE_KERNELSPEC``). A notebook file may keep texts as lists of lines, and JupyterLab's
    server joins them before the page sees them; the site has no server, and its page shows a
    list as text with stray commas (", 7 pavilion 2–8") until the cell runs again."""
    notebook = nbformat.read(source, as_version=4)  # reading joins the lines
    notebook.metadata["kernelspec"] = SITE_KERNELSPEC
    notebook.metadata["language_info"] = SITE_LANGUAGE_INFO
    target.write_text(json.dumps(notebook, ensure_ascii=False, indent=1) + "\n", "utf-8")


def write_landing_page(output: Path) -> None:
    """The site's address opens the welcome notebook. JupyterLite's root page sends a visitor
    to the app's start page, and the app reads the page's settings block (kept here)."""
    page = output / "index.html"
    text = page.read_text("utf-8")
    redirect = "await import('./config-utils.js');"
    if redirect not in text:
        sys.exit(f"{page}: JupyterLite's start page changed; update write_landing_page")
    welcome = f"window.location.replace('./lab/index.html?path={WELCOME}');"
    page.write_text(text.replace(redirect, welcome), "utf-8")


def find_sessions_by_path(output: Path) -> None:
    """The site's session client reuses a running session for the same path only (see
    ``SESSION_BY_NAME``), so two notebooks of one file name in different folders each get a
    kernel."""
    patched = 0
    for script in sorted((output / "build").glob("*.js")):
        text = script.read_text("utf-8")
        if "this._sessions.find(" not in text:
            continue
        text, count = SESSION_BY_NAME.subn(SESSION_BY_PATH, text)
        if count:
            script.write_text(text, "utf-8")
            patched += count
    if patched != 1:
        sys.exit(
            f"{output}: found {patched} session look-ups by name, not 1; JupyterLite's session "
            "client changed: update find_sessions_by_path (or drop it if sessions are now "
            "looked up by path)"
        )


def build(output: Path, pyodide: str | None) -> None:
    stage = CACHE / "stage"
    shutil.rmtree(stage, ignore_errors=True)
    stage.mkdir(parents=True)
    packages = stage_pyodide(pyodide_source(pyodide), stage)
    write_config(stage, packages)
    contents = stage_contents(stage)
    shutil.rmtree(output, ignore_errors=True)
    jupyter = Path(sys.executable).with_name("jupyter")
    run(
        [str(jupyter), "lite", "build", "--lite-dir", str(stage), "--output-dir", str(output),
         "--contents", str(contents), "--no-sourcemaps"],
        cwd=stage,
    )  # fmt: skip
    write_landing_page(output)
    find_sessions_by_path(output)
    print(f"built {output} ({len(packages)} packages); serve it: python -m http.server -d {output}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, default=ROOT / "build" / "lite")
    parser.add_argument(
        "--pyodide",
        help="a Pyodide distribution (folder, or .tar.bz2 / .tgz archive) instead of the npm "
        f"package pyodide@{PYODIDE_VERSION}",
    )
    arguments = parser.parse_args()
    build(arguments.output.resolve(), arguments.pyodide)


if __name__ == "__main__":
    main()

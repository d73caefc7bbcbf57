"""Imports go one way: widgets -> chapters/render -> modules -> core, and the views (widgets,
render, chapters) never import a module: they draw what each module's ``view()`` shows.

Read from the source (every import of the package's own modules, by AST): no part imports a
part above it — but for a core object drawing itself inside its display hooks — and no file takes
another file's private names. And at run time: importing ``alhambra_nb.core`` and
``alhambra_nb.render`` (and every module inside them) must load no widget or notebook
machinery, and no more may the expansion modules (``alhambra_nb.modules``). Run in a fresh
interpreter so that what the test session itself imported does not count.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

FORBIDDEN = ("anywidget", "traitlets", "IPython", "ipywidgets")

PROBE = """
import importlib, json, pkgutil, sys
import alhambra_nb.core, alhambra_nb.modules, alhambra_nb.render
for pkg in (alhambra_nb.core, alhambra_nb.modules, alhambra_nb.render):
    for info in pkgutil.walk_packages(pkg.__path__, pkg.__name__ + "."):
        importlib.import_module(info.name)
forbidden = set(json.loads(sys.argv[1]))
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in forbidden)))
"""


def test_core_modules_and_render_import_no_widget_code():
    result = subprocess.run(
        [sys.executable, "-c", PROBE, json.dumps(FORBIDDEN)],
        capture_output=True,
        text=True,
        check=False,
        timeout=120,
    )
    assert result.returncode == 0, f"importing core/modules/render failed:\n{result.stderr}"
    loaded = json.loads(result.stdout.strip().splitlines()[-1])
    assert loaded == [], f"alhambra_nb.core / .modules / .render loaded {loaded}"


# -- the directions, read from the source ----------------------------------------------------
PACKAGE = Path(__file__).resolve().parent.parent / "alhambra_nb"

ALLOWED: dict[str, set[str]] = {
    # a part of the package -> the parts it may import (besides itself)
    "core": set(),
    "modules": {"core"},
    # the views reach the modules only through the core's socket (each module's view())
    "render": {"core"},
    "chapters": {"core", "render"},
    "widgets": {"core", "render", "chapters"},
    "lab": {"core", "modules", "render"},
    "": {"core", "modules", "render", "chapters", "widgets", "lab"},  # alhambra_nb/__init__
}
"""Imports go one way: widgets -> chapters/render -> modules -> core (the views skip the
modules: they import none)."""

LAZY_PICTURES = frozenset({"_repr_svg_", "_repr_mimebundle_"})
"""The one upward import allowed: a core object draws itself with render, imported inside
its display hooks (the SVG, and the bundle that adds the picture as HTML with alt text)."""


@dataclass(frozen=True)
class Import:
    module: str  # the importing module, e.g. alhambra_nb.core.bots
    target: str  # the imported module, e.g. alhambra_nb.core.turns
    names: tuple[str, ...]
    function: str | None  # the function the import stands in, if any


def part(module: str) -> str:
    """The part of the package a module belongs to: ``alhambra_nb.core.city`` -> ``core``."""
    pieces = module.split(".")
    return pieces[1] if len(pieces) > 1 else ""


def imports(source: str, module: str, is_package: bool = False) -> list[Import]:
    """Every import of the package's own modules in ``source`` (the text of ``module``)."""
    tree = ast.parse(source)
    inside: dict[int, str] = {}
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            for child in ast.walk(node):
                inside.setdefault(id(child), node.name)
    package = module if is_package else module.rpartition(".")[0]
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - (node.level - 1)]
                target = ".".join([*base, *([node.module] if node.module else [])])
            else:
                target = node.module or ""
            names = tuple(alias.name for alias in node.names)
        elif isinstance(node, ast.Import):
            target, names = "", ()
            for alias in node.names:
                if alias.name.startswith("alhambra_nb"):
                    target = alias.name
        else:
            continue
        if target.split(".")[0] == "alhambra_nb":
            found.append(Import(module, target, names, inside.get(id(node))))
    return found


def package_imports() -> list[Import]:
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        is_package = parts[-1] == "__init__"
        module = ".".join(parts[:-1] if is_package else parts)
        found += imports(path.read_text(encoding="utf-8"), module, is_package)
    return found


def wrong_way(found: list[Import]) -> list[str]:
    """The imports that go against :data:`ALLOWED`, or take another file's private names."""
    problems = []
    for item in found:
        source, target = part(item.module), part(item.target)
        upward = source != target and target not in ALLOWED.get(source, set())
        if upward and not (source == "core" and item.function in LAZY_PICTURES):
            problems.append(f"{item.module} imports {item.target}")
        private = [n for n in item.names if n.startswith("_") and not n.startswith("__")]
        if private and item.target != item.module:
            problems.append(f"{item.module} imports the private {private} of {item.target}")
    return problems


def test_imports_go_one_way_and_take_no_private_names():
    found = package_imports()
    assert len(found) > 100  # the package's own imports were read
    assert wrong_way(found) == []


def test_the_direction_check_finds_a_wrong_import():
    core = "from ..widgets import CityWidget\nfrom .turns import _secret\n"
    assert wrong_way(imports(core, "alhambra_nb.core.bots")) == [
        "alhambra_nb.core.bots imports alhambra_nb.widgets",
        "alhambra_nb.core.bots imports the private ['_secret'] of alhambra_nb.core.turns",
    ]
    picture = "def _repr_svg_(self):\n    from ..render import city_svg\n"
    assert wrong_way(imports(picture, "alhambra_nb.core.city")) == []
    elsewhere = "def draw(self):\n    from ..render import city_svg\n"
    assert wrong_way(imports(elsewhere, "alhambra_nb.core.city")) == [
        "alhambra_nb.core.city imports alhambra_nb.render"
    ]
    assert wrong_way(imports("import alhambra_nb.modules\n", "alhambra_nb.core.state")) == [
        "alhambra_nb.core.state imports alhambra_nb.modules"
    ]


def test_the_expansion_modules_are_a_layer_between_core_and_the_views():
    found = package_imports()
    by_part: dict[str, set[str]] = {}
    for item in found:
        by_part.setdefault(part(item.module), set()).add(part(item.target))
    # the four modules live in their own part, build on the core alone, and are used above it
    modules = {
        item.module.split(".")[2]
        for item in found
        if part(item.module) == "modules" and item.module != "alhambra_nb.modules"
    }
    assert {"gates", "diamonds", "characters", "camps"} <= modules
    assert by_part["modules"] == {"core", "modules"}
    assert "modules" not in by_part["core"]
    assert "modules" in by_part[""]  # the package registers them on import
    # a module reaching up to a view, and the core reaching for a module, are both caught
    gates = "from ...render import city_svg\nfrom ...widgets import GameWidget\n"
    assert wrong_way(imports(gates, "alhambra_nb.modules.gates", is_package=True)) == [
        "alhambra_nb.modules.gates imports alhambra_nb.render",
        "alhambra_nb.modules.gates imports alhambra_nb.widgets",
    ]
    core = "from ..modules.gates import TakeGate\n"
    assert wrong_way(imports(core, "alhambra_nb.core.turns")) == [
        "alhambra_nb.core.turns imports alhambra_nb.modules.gates"
    ]


def test_the_views_import_no_module_and_draw_what_its_view_shows():
    """Widgets, pictures and chapters know a module only by its view() (core/views.py): none
    of them imports ``alhambra_nb.modules``, and the check catches one that would."""
    found = package_imports()
    views = {"widgets", "render", "chapters"}
    reaching = [i for i in found if part(i.module) in views and part(i.target) == "modules"]
    assert reaching == []
    assert all("core" in {part(i.target) for i in found if part(i.module) == v} for v in views)
    wrong = (
        ("alhambra_nb.chapters.expansion_tasks", "from ..modules.characters import Bid\n"),
        ("alhambra_nb.widgets.game", "from ..modules.gates import gated_placements\n"),
        ("alhambra_nb.render.expansion", "import alhambra_nb.modules.characters\n"),
    )
    assert [problem for module, text in wrong for problem in wrong_way(imports(text, module))] == [
        "alhambra_nb.chapters.expansion_tasks imports alhambra_nb.modules.characters",
        "alhambra_nb.widgets.game imports alhambra_nb.modules.gates",
        "alhambra_nb.render.expansion imports alhambra_nb.modules.characters",
    ]


def test_the_core_plays_only_the_modules_registered_with_its_socket():
    """The core names no module: a game asks the socket's registry, and a name nobody
    registered is refused as unknown (here, one taken out of the registry for a moment)."""
    import alhambra_nb as alh
    from alhambra_nb.core.socket import MODULES

    assert alh.Game(2, seed=1, modules=["gates"]).modules == ("gates",)
    gates = MODULES.pop("gates")
    try:
        try:
            alh.Game(2, seed=1, modules=["gates"])
        except alh.UnknownModuleError as exc:
            assert "'gates'" in str(exc)
        else:
            raise AssertionError("a game was made with a module nobody registered")
    finally:
        MODULES["gates"] = gates
    assert alh.Game(2, seed=1, modules=["gates"]).modules == ("gates",)


# -- inside core: floors a reader climbs from the bottom -------------------------------------
CORE_FLOORS: tuple[tuple[str, ...], ...] = (
    ("errors", "templates"),
    ("messages",),
    ("geometry", "money", "tiles", "phases", "walls", "saves"),
    ("limits", "notation", "violations", "picture", "camps", "payment"),
    ("layout", "rules.shape", "rules.placement", "rules.redesign", "rules"),
    ("variants", "scoring", "city", "generate"),
    ("plugin", "ruleset", "actions", "events", "views", "state"),
    ("listing", "checks", "turns", "new_game"),
    ("game", "socket"),
    ("simple_bots", "search", "bots", "invariants"),
)
"""The floors of ``alhambra_nb.core``, bottom first, as its ``__init__`` docstring states them:
a file imports, at module level, only files on its own floor or below (and no circle)."""


def core_name(module: str) -> str:
    return module.removeprefix("alhambra_nb.core").removeprefix(".") or "(core)"


def without_type_only_imports(source: str) -> str:
    """``source`` with the imports under ``if TYPE_CHECKING:`` blanked (names for annotations,
    never run): each becomes ``pass``."""
    lines = source.splitlines()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.If) and ast.unparse(node.test).endswith("TYPE_CHECKING"):
            for child in node.body:
                first, last = child.lineno, child.end_lineno or child.lineno
                indent = lines[first - 1][: len(lines[first - 1]) - len(lines[first - 1].lstrip())]
                lines[first - 1] = indent + "pass"
                for number in range(first + 1, last + 1):
                    lines[number - 1] = ""
    return "\n".join(lines) + "\n"


def core_imports(sources: dict[str, str]) -> list[Import]:
    """The imports of core's files by core's files, from ``{module: source}`` (a package's
    ``__init__`` named as such), leaving out those made for annotations only."""
    found = []
    for module, source in sources.items():
        is_package = module.endswith(".__init__")
        name = module.removesuffix(".__init__")
        for item in imports(without_type_only_imports(source), name, is_package):
            if item.target.startswith("alhambra_nb.core"):
                found.append(item)
    return found


def floor_problems(found: list[Import]) -> list[str]:
    """Module-level imports that reach a higher floor, circles, and imports inside functions
    (but for a picture drawn in ``_repr_svg_``, which reaches up out of core by design)."""
    floor = {name: level for level, names in enumerate(CORE_FLOORS) for name in names}
    problems, graph = [], {}
    for item in found:
        source, target = core_name(item.module), core_name(item.target)
        if source == "(core)" or target == "(core)" or source == target:
            continue
        if source not in floor or target not in floor:
            problems.append(f"{source} or {target} is on no floor")
            continue
        if item.function is not None:
            if item.function != LAZY_PICTURES:
                problems.append(f"{source} imports {target} inside {item.function}()")
            continue
        graph.setdefault(source, set()).add(target)
        if floor[target] > floor[source]:
            problems.append(f"{source} imports {target}, a floor above it")
    problems += [f"circle: {' -> '.join(c)}" for c in circles(graph)]
    return problems


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """One path round each circle of imports found by a depth-first walk."""
    found, done, path = [], set(), []

    def walk(node: str) -> None:
        if node in path:
            found.append([*path[path.index(node) :], node])
            return
        if node in done:
            return
        path.append(node)
        for target in sorted(graph.get(node, ())):
            walk(target)
        path.pop()
        done.add(node)

    for node in sorted(graph):
        walk(node)
    return found


def core_sources() -> dict[str, str]:
    core = PACKAGE / "core"
    return {
        ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts): (
            path.read_text(encoding="utf-8")
        )
        for path in sorted(core.rglob("*.py"))
    }


def test_core_is_built_in_floors_with_no_circle():
    sources = core_sources()
    found = core_imports(sources)
    assert len(found) > 100
    named = {core_name(m.removesuffix(".__init__")) for m in sources}
    assert named - {"(core)"} == {n for names in CORE_FLOORS for n in names}
    assert floor_problems(found) == []


def test_core_floors_are_stated_in_its_docstring():
    import alhambra_nb.core

    doc = alhambra_nb.core.__doc__ or ""
    stated = [line for line in doc.splitlines() if line.strip().startswith(tuple("0123456789"))]
    assert len(stated) == len(CORE_FLOORS)
    for line, names in zip(stated, CORE_FLOORS, strict=True):
        assert all(name in line for name in names), line


def test_the_floor_check_finds_a_circle_an_upward_import_and_a_dodge():
    sources = {
        "alhambra_nb.core.city": "from .turns import carry_out\n",
        "alhambra_nb.core.turns": "from .city import City\n",
        "alhambra_nb.core.tiles": "from .city import City\n",
        "alhambra_nb.core.geometry": "def f():\n    from .walls import longest\n",
        "alhambra_nb.core.walls": (
            "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .game import Game\n"
        ),
    }
    assert floor_problems(core_imports(sources)) == [
        "city imports turns, a floor above it",
        "tiles imports city, a floor above it",
        "geometry imports walls inside f()",
        "circle: city -> turns -> city",
    ]

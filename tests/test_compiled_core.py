"""The compiled rules core: built, up to date, and playing the very games of the source.

``setup.py`` compiles a few modules of ``alhambra_nb.core`` (its ``COMPILED`` list) from the
same source that runs as plain Python where no C compiler is at hand. These tests check that
the build worked (unless ``ALHAMBRA_NB_PURE`` asks for plain Python), that no compiled module
is older than its source (the interpreter would run the old rules and ignore the edit), and
that the plain source, imported from a copy without the compiled files, plays seeded games
action for action as the compiled core does.
"""

from __future__ import annotations

import ast
import importlib
import json
import os
import shutil
import subprocess
import sys
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

GAMES = """
import hashlib, json, sys
import alhambra_nb as alh
from alhambra_nb.core import layout
found = {"compiled": not layout.__file__.endswith(".py"), "games": {}}
for players, bots, seed, modules in json.loads(sys.argv[1]):
    game = alh.simulate(players, bots=bots, seed=seed, modules=modules)
    text = "\\n".join(map(str, game.history)) + json.dumps(game.scores(), sort_keys=True)
    found["games"][f"{players}/{bots}/{seed}/{modules}"] = hashlib.sha1(text.encode()).hexdigest()
print(json.dumps(found))
"""

CASES = [
    [2, "random", 3, []],
    [4, "random", 7, []],
    [6, "random", 1, []],
    [4, "random", 5, ["gates", "diamonds", "characters", "camps"]],
    [3, "greedy", 2, ["camps"]],
    [["A", "B"], ["greedy", "random"], 4, ["characters"]],
]


def compiled_sources() -> list[Path]:
    """The modules ``setup.py`` compiles, read from its ``COMPILED`` list."""
    tree = ast.parse((ROOT / "setup.py").read_text())
    for node in tree.body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "COMPILED":
            return [ROOT / path for path in ast.literal_eval(node.value)]
    raise AssertionError("setup.py has no COMPILED list")


def compiled_files(source: Path) -> list[Path]:
    return [
        source.with_suffix(suffix)
        for suffix in EXTENSION_SUFFIXES
        if source.with_suffix(suffix).exists()
    ]


def module_name(source: Path) -> str:
    return ".".join(source.relative_to(ROOT).with_suffix("").parts)


def play(cwd: Path, env: dict[str, str]) -> dict:
    result = subprocess.run(
        [sys.executable, "-c", GAMES, json.dumps(CASES)],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr[-4000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_the_compiled_list_names_core_modules():
    sources = compiled_sources()
    assert sources
    for source in sources:
        assert source.is_file(), source
        assert module_name(source).startswith("alhambra_nb.core.")


@pytest.mark.skipif(bool(os.environ.get("ALHAMBRA_NB_PURE")), reason="plain Python asked for")
def test_the_rules_core_is_compiled():
    for source in compiled_sources():
        module = importlib.import_module(module_name(source))
        assert module.__file__ is not None
        assert not module.__file__.endswith(".py"), f"{module.__name__} runs as plain Python"


def test_no_compiled_module_is_older_than_its_source():
    for source in compiled_sources():
        for built in compiled_files(source):
            assert built.stat().st_mtime >= source.stat().st_mtime, (
                f"{built.name} is older than {source.name}: build it again (make venv)"
            )


@pytest.mark.slow
def test_the_plain_source_plays_the_very_same_games(tmp_path):
    # A copy of the package without its compiled files imports as plain Python.
    shutil.copytree(
        ROOT / "alhambra_nb",
        tmp_path / "alhambra_nb",
        ignore=shutil.ignore_patterns("*.so", "*.pyd", "__pycache__"),
    )
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    plain = play(tmp_path, env)
    installed = play(ROOT, {**os.environ, "PYTHONPATH": str(ROOT)})
    assert plain["compiled"] is False
    assert plain["games"] == installed["games"]
    assert len(set(plain["games"].values())) == len(CASES)

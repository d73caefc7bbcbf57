"""The classroom launch: a fresh environment built from ``binder/`` alone runs the tutorials.

Binder builds its image from ``binder/requirements.txt`` and then runs ``binder/postBuild`` in
the repository. This test does the same in a new virtual environment — those two files and
nothing else, plus pytest and nbval to run the notebooks — and then runs every English
tutorial and one translation per language with nbval from a folder outside the repository, so
that only the installed package is used.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import venv
from importlib.metadata import version
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
BINDER = ROOT / "binder"
TUTORIALS = ROOT / "tutorials"

pytestmark = pytest.mark.slow

ONE_TRANSLATION_EACH = (
    "hu/06_end_of_turn_scoring_cards_and_end_of_game.ipynb",
    "de/12_character_cards.ipynb",
    "pl/10_city_gates.ipynb",
    "ja/08_scoring_lab.ipynb",
)
"""A translated tutorial per language: the installed package's catalogues at work. (Every
translation runs the English code, which the suite's own nbval run covers in full.)"""


def run(cmd: list[str], cwd: Path, env: dict[str, str], timeout: int = 900) -> str:
    result = subprocess.run(
        cmd, cwd=cwd, env=env, capture_output=True, text=True, timeout=timeout, check=False
    )
    assert result.returncode == 0, (
        f"{' '.join(cmd)} failed ({result.returncode}):\n{result.stdout[-4000:]}\n"
        f"{result.stderr[-4000:]}"
    )
    return result.stdout


def test_requirements_are_fully_pinned_third_party_packages():
    lines = [
        line.strip()
        for line in (BINDER / "requirements.txt").read_text().splitlines()
        if line.strip() and not line.startswith("#")
    ]
    assert lines
    for line in lines:
        assert re.fullmatch(r"[A-Za-z0-9_.\-]+==[A-Za-z0-9_.\-+]+", line), line
    names = {re.split("==", line)[0].lower().replace("_", "-") for line in lines}
    assert {"numpy", "ipywidgets", "anywidget", "jupyterlab", "pandas", "pygal"} <= names
    assert "alhambra-nb" not in names  # the package comes from postBuild, not the index
    assert not names & {"pytest", "nbval", "playwright", "hypothesis", "ruff"}


def test_post_build_installs_the_package_without_dependencies():
    script = BINDER / "postBuild"
    text = script.read_text()
    assert text.startswith("#!/bin/bash")
    assert os.access(script, os.X_OK)
    assert "set -e" in text
    assert "pip install --no-deps" in text and text.rstrip().endswith(".")


def test_a_fresh_environment_from_binder_runs_every_tutorial(tmp_path):
    notebooks = sorted(TUTORIALS.glob("*.ipynb"))
    assert notebooks, "no tutorials to run"
    env_dir = tmp_path / "env"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    bin_dir = env_dir / ("Scripts" if os.name == "nt" else "bin")
    python = bin_dir / "python"
    env = {
        **os.environ,
        "PATH": f"{bin_dir}{os.pathsep}{os.environ.get('PATH', '')}",
        "VIRTUAL_ENV": str(env_dir),
        "PIP_DISABLE_PIP_VERSION_CHECK": "1",
        "PYTHONNOUSERSITE": "1",
    }
    env.pop("PYTHONPATH", None)
    pip = [str(python), "-m", "pip", "install", "-q", "--prefer-binary"]

    # 1. What Binder does: the pinned requirements, then postBuild in the repository.
    run([*pip, "-r", str(BINDER / "requirements.txt")], ROOT, env)
    run(["bash", str(BINDER / "postBuild")], ROOT, env)
    # 2. Only what running the notebooks as tests needs, at the versions used here.
    run([*pip, f"pytest=={version('pytest')}", f"nbval=={version('nbval')}"], ROOT, env)

    # The package must come from the environment, not from the source tree.
    where = run(
        [str(python), "-c", "import alhambra_nb, sys; print(alhambra_nb.__file__)"],
        tmp_path,
        env,
    )
    assert str(env_dir) in where, where

    work = tmp_path / "tutorials"
    for notebook in (*notebooks, *(TUTORIALS / name for name in ONE_TRANSLATION_EACH)):
        (work / notebook.relative_to(TUTORIALS)).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy2(notebook, work / notebook.relative_to(TUTORIALS))
    out = run(
        [
            str(python),
            "-m",
            "pytest",
            "-q",
            "-p",
            "no:cacheprovider",
            "--nbval-lax",
            "--nbval-current-env",
            str(work),
        ],
        tmp_path,
        env,
        timeout=1200,
    )
    assert re.search(r"\d+ passed", out) and "failed" not in out, out

"""A learner's typing slip in a notebook (an answer without its quotes) is said in plain
words, in the learner's language, before Python's own report; run in a child IPython."""

from __future__ import annotations

import subprocess
import sys
import textwrap

import pytest

CHILD = textwrap.dedent(
    """
    import sys
    from IPython.core.interactiveshell import InteractiveShell

    shell = InteractiveShell.instance()
    shell.run_cell("import alhambra_nb as alh")
    shell.run_cell(sys.argv[1])
    shell.run_cell("x = alh.chapters.step('components/cells/try')")
    result = shell.run_cell(sys.argv[2])
    print("RAISED", type(result.error_in_exec).__name__)
    """
)


def run(language_cell: str, slip: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", CHILD, language_cell, slip],
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout


@pytest.mark.parametrize(
    ("slip", "name"), [("cells_answer = b", "b"), ("points_answer = {Ana: 12}", "Ana")]
)
def test_an_answer_without_quotes_is_explained_before_pythons_report(slip, name):
    said = run("alh.set_language('en')", slip)
    plain = f"Python does not know the name {name}. "
    assert plain in said and f"put it in quotes: '{name}'" in said
    assert said.index(plain) < said.index("NameError")  # the words first, then Python's
    assert "RAISED NameError" in said  # the cell still fails, as Python's cells do


def test_the_slip_is_said_in_the_learners_language():
    from alhambra_nb.core.messages import render

    said = run("alh.set_language('pl')", "cells_answer = c")
    assert render("slip.name", {"name": "c"}, "pl") in said
    assert "Python does not know" not in said


def test_other_errors_are_left_as_python_reports_them():
    said = run("alh.set_language('en')", "1 / 0")
    assert "does not know the name" not in said and "ZeroDivisionError" in said

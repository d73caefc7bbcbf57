"""The tutorials as a class meets them (tutorials/README.md states the conventions).

No test marker a learner can read, no saved widget state, no error output; every exercise has
its own names, its solution is right, folded and tagged, and nothing a learner sees above the
solution gives its answer away. The slow tests run every tutorial with ``nbconvert --execute``
(without ``--allow-errors``) and check that ``make student-notebooks`` strips the solutions.
"""

from __future__ import annotations

import ast
import importlib.util
import json
import re
import shutil
import subprocess
import sys
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from collections.abc import Set as AbstractSet
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import nbformat
import pytest

import alhambra_nb as alh
from alhambra_nb import chapters
from alhambra_nb.core.messages import format_cell

ROOT = Path(__file__).resolve().parent.parent
ENGLISH_TUTORIALS = sorted((ROOT / "tutorials").glob("*.ipynb"))
TRANSLATED_TUTORIALS = sorted((ROOT / "tutorials").glob("*/*.ipynb"))
"""The translations, one folder a language (tutorials/hu/…)."""
TUTORIALS = ENGLISH_TUTORIALS + TRANSLATED_TUTORIALS
NBVAL_TAGS = {"nbval-check-output", "nbval-ignore-output", "nbval-skip"}
FOLDED = {"source_hidden": True, "outputs_hidden": True}

QUESTION = re.compile(r'^(\w+)_task = alh\.chapters\.step\("([^"]+)"\)', re.M)
# `<name>_solution = <value>`, then (after comments) the check of it by `<name>_task`.
SOLUTION = re.compile(
    r"^(\w+)_solution = (.+?)\n(?=(?:#.*\n)*(?:print\()?\1_task\.check\(\1_solution\))", re.M | re.S
)


def notebook(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


def tags(cell: nbformat.NotebookNode) -> set[str]:
    return set(cell.metadata.get("tags", []))


def ids(paths: list[Path]) -> list[str]:
    return ["/".join(p.relative_to(ROOT / "tutorials").with_suffix("").parts) for p in paths]


def language_of(path: Path) -> str:
    """The language a tutorial is written in: its folder's, English at the top."""
    return path.parent.name if path.parent.name in alh.languages() else "en"


@dataclass(frozen=True)
class Exercise:
    """One exercise of a notebook: its name, its step, its solution, the cells above it."""

    name: str
    step: chapters.Step
    solution: Any
    question_cells: tuple[nbformat.NotebookNode, ...]


def exercises(nb: nbformat.NotebookNode) -> Iterator[Exercise]:
    """Every exercise: the cells that name ``<name>_task`` outside its solution are the ones a
    learner sees before opening the solution."""
    asked = {m[1]: m[2] for c in nb.cells for m in QUESTION.finditer(c.source)}
    solved = {
        m[1]: m[2] for c in nb.cells if "solution" in tags(c) for m in SOLUTION.finditer(c.source)
    }
    for name, step_id in asked.items():
        assert name in solved, f"exercise {name!r} has no solution cell"
        seen = tuple(
            c
            for c in nb.cells
            if c.cell_type == "code" and "solution" not in tags(c) and f"{name}_task" in c.source
        )
        yield Exercise(name, chapters.step(step_id), ast.literal_eval(solved[name]), seen)


def visible_text(cell: nbformat.NotebookNode) -> str:
    """What a learner reads in a cell's outputs: printed text, text and Markdown results, and
    the words drawn in pictures (an SVG's text, not its coordinates)."""
    parts = []
    for output in cell.get("outputs", []):
        if output.output_type == "stream":
            parts.append(output.text)
        data = output.get("data", {})
        parts += [data[kind] for kind in ("text/plain", "text/markdown") if kind in data]
        if "image/svg+xml" in data:
            parts.append(svg_words(data["image/svg+xml"]))
    return "\n".join(parts)


def svg_words(svg: str) -> str:
    # Row and column numbers and tile prices are no words of the picture's message.
    words = []
    for element in ET.fromstring(svg).iter():
        if {"coord", "tile-price"} & set(element.get("class", "").split()):
            continue
        if element.text and element.text.strip():
            words.append(element.text.strip())
    return " ".join(words)


def leaks(step: chapters.Step, answer: Any, text: str, language: str = "en") -> list[str]:
    """The ways ``text`` gives ``answer`` away, worked out from the task and its answer."""
    found = []
    right = step.check(answer, language=language).message
    if right in text:
        found.append(f"the right answer's verdict: {right!r}")
    task = step.task
    kind = task.kind
    if kind == "quiz" and hasattr(task, "correct"):
        found += [
            f"the note of right option {letter!r}"
            for letter in sorted(task.correct)
            if task.notes["abcdefgh".index(letter)] in text
        ]
    elif isinstance(answer, int) and not isinstance(answer, bool):
        # A number as a word of its own, not a digit of a coordinate or a price.
        if re.search(rf"(?<![\w.-]){answer}(?![\w.])", strip_coordinates(text)):
            found.append(f"the number {answer}")
    elif isinstance(answer, tuple) and len(step.solutions()) == 1:
        if format_cell(answer) in text:
            found.append(f"the only right cell {format_cell(answer)}")
    elif isinstance(answer, AbstractSet) and answer and all(isinstance(c, tuple) for c in answer):
        # Listed together, in any order (a picture names every tile's cell on its own).
        if any(answer <= listed for listed in cell_lists(text)):
            found.append("the answer's cells, listed")
    elif kind == "majority" and task.explanation() in text:
        found.append("the scoring's explanation")
    return found


CELL = r"\((-?\d+), (-?\d+)\)"
CELL_LIST = re.compile(rf"{CELL}(?:(?:, | and |, and ){CELL})+")


def cell_lists(text: str) -> list[set[tuple[int, int]]]:
    """Every run of cells written one after another: ``(1, 0), (2, 1) and (0, 2)``."""
    return [
        {(int(x), int(y)) for x, y in re.findall(CELL, run.group(0))}
        for run in CELL_LIST.finditer(text)
    ]


def strip_coordinates(text: str) -> str:
    # Text pictures number their rows and columns; a cell (x, y) is no answer to a count.
    text = re.sub(r"\(-?\d+, -?\d+\)", " ", text)
    lines = [line for line in text.splitlines() if not re.fullmatch(r"[\s\d-]*", line)]
    return "\n".join(re.sub(r"^\s*-?\d+ ", "", line) for line in lines)


# -- every notebook ------------------------------------------------------------------------
@pytest.mark.parametrize("path", TUTORIALS, ids=ids(TUTORIALS))
def test_no_cell_shows_a_test_marker(path):
    for index, cell in enumerate(notebook(path).cells):
        assert "NBVAL" not in cell.source, f"cell {index}: {cell.source[:80]!r}"


@pytest.mark.parametrize("path", TUTORIALS, ids=ids(TUTORIALS))
def test_test_directives_are_known_cell_tags(path):
    for index, cell in enumerate(notebook(path).cells):
        directives = {t for t in tags(cell) if t.startswith("nbval")}
        assert directives <= NBVAL_TAGS, f"cell {index}: {sorted(directives - NBVAL_TAGS)}"


@pytest.mark.parametrize("path", TUTORIALS, ids=ids(TUTORIALS))
def test_saved_without_widget_state_and_without_errors(path):
    nb = notebook(path)
    assert "widgets" not in nb.metadata
    for index, cell in enumerate(nb.cells):
        errors = [o for o in cell.get("outputs", []) if o.output_type == "error"]
        assert not errors, f"cell {index} holds an error output"


@pytest.mark.parametrize("path", TUTORIALS, ids=ids(TUTORIALS))
def test_a_refusal_is_printed_in_words_never_as_a_rule_id_or_a_repr(path):
    for index, cell in enumerate(notebook(path).cells):
        text = visible_text(cell)
        assert not re.search(r"\b(placement|redesign|money|turn)/[a-z-]+:", text), index
        assert "Violation(" not in text and "<RuleId." not in text, index


RULING_ID = re.compile(r"\bR\d+\b")
MODULE_IDS = sorted(name for name in alh.MODULES if "-" in name)
TEACHER_NOTE = "> **For teachers:**"
TEACHER_NOTES = (
    TEACHER_NOTE,
    "> **Für Lehrkräfte:**",
    "> **Tanároknak:**",
    "> **Dla nauczycieli:**",
    "> **先生方へ：**",
)
"""How a note for teachers opens, in each language's tutorials."""


def learner_words(cell: nbformat.NotebookNode) -> str:
    """What a learner reads in a cell's source: all of a Markdown cell but its notes for
    teachers (a quoted paragraph opening with "For teachers:"), a code cell's comments."""
    if cell.cell_type == "code":
        return "\n".join(line.partition("#")[2] for line in cell.source.splitlines())
    paragraphs = re.split(r"\n\s*\n", cell.source)
    return "\n\n".join(p for p in paragraphs if not p.lstrip().startswith(TEACHER_NOTES))


@pytest.mark.parametrize("path", TUTORIALS, ids=ids(TUTORIALS))
def test_no_ruling_id_anywhere_and_module_ids_only_in_notes_for_teachers(path):
    cells = notebook(path).cells
    assert [i for i, c in enumerate(cells) if RULING_ID.search(c.source)] == []
    named = [(i, m) for i, c in enumerate(cells) for m in MODULE_IDS if m in learner_words(c)]
    assert named == []


def test_the_id_check_reads_notes_for_teachers_apart():
    note = f'Hakim Wahid.\n\n{TEACHER_NOTE} the module "{MODULE_IDS[0]}" counts him as half.'
    assert MODULE_IDS[0] not in learner_words(nbformat.v4.new_markdown_cell(note))
    told = nbformat.v4.new_markdown_cell(f'Hakim Wahid, as the module "{MODULE_IDS[0]}".')
    assert MODULE_IDS[0] in learner_words(told)
    assert "R3" in learner_words(nbformat.v4.new_code_cell("x = 1  # ruling R3"))
    german = f'Hakim Wahid.\n\n> **Für Lehrkräfte:** das Modul "{MODULE_IDS[0]}" zählt ihn halb.'
    assert MODULE_IDS[0] not in learner_words(nbformat.v4.new_markdown_cell(german))


TILE_CODE = re.compile(r"\b(?:pavilion|seraglio|arcades|chambers|garden|tower)-\d+(?:-[NESW]+)?\b")


@pytest.mark.parametrize("path", TUTORIALS, ids=ids(TUTORIALS))
def test_every_building_tile_a_cell_names_is_a_real_tile(path):
    real = {tile.code for tile in alh.TILES}
    for index, cell in enumerate(notebook(path).cells):
        if cell.cell_type == "code":
            invented = set(TILE_CODE.findall(cell.source)) - real
            assert not invented, f"cell {index} names tiles the game does not have: {invented}"


# -- exercises -----------------------------------------------------------------------------
@pytest.mark.parametrize("path", TUTORIALS, ids=ids(TUTORIALS))
def test_each_exercise_has_its_own_names(path):
    nb = notebook(path)
    asked = [m[1] for c in nb.cells for m in QUESTION.finditer(c.source)]
    assert len(asked) == len(set(asked)), f"two exercises share a name: {asked}"
    for index, cell in enumerate(nb.cells):
        shared = re.findall(r"^(step|answer) = ", cell.source, re.M)
        assert not shared, f"cell {index} assigns the shared name {shared[0]!r}"


@pytest.mark.parametrize("path", TUTORIALS, ids=ids(TUTORIALS))
def test_every_solution_is_right_tagged_checked_and_folded(path):
    nb = notebook(path)
    found = list(exercises(nb))
    for exercise in found:
        assert exercise.step.check(exercise.solution).ok, exercise.name
    for index, cell in enumerate(nb.cells):
        if cell.cell_type == "code" and "solution" in tags(cell):
            assert "nbval-check-output" in tags(cell), f"cell {index} is not checked"
            assert cell.metadata.get("jupyter") == FOLDED, f"cell {index} is not folded"
        if re.search(r"^\w+_solution = ", cell.source, re.M):
            assert "solution" in tags(cell), f"cell {index} holds a solution but no tag"


@pytest.mark.parametrize("path", TUTORIALS, ids=ids(TUTORIALS))
def test_no_question_shows_its_answer(path):
    for exercise in exercises(notebook(path)):
        for cell in exercise.question_cells:
            text = visible_text(cell)
            given_away = leaks(exercise.step, exercise.solution, text, language_of(path))
            assert not given_away, f"{exercise.name}: {given_away} in {cell.source[:60]!r}"


@pytest.mark.parametrize("path", TUTORIALS, ids=ids(TUTORIALS))
def test_no_lesson_cell_shows_an_exercises_answer(path):
    # The lesson above an exercise must not have printed what the right answer's verdict says
    # (its "Yes" taken off): "Ana starts the game: …" right above "who starts this game?".
    nb = notebook(path)
    lesson = [c for c in nb.cells if c.cell_type == "code" and "solution" not in tags(c)]
    for exercise in exercises(nb):
        verdict = exercise.step.check(exercise.solution, language=language_of(path)).message
        said = re.sub(r"^Yes[.:]\s*", "", verdict).rstrip(".")
        for cell in lesson:
            assert said not in visible_text(cell), f"{exercise.name}: {cell.source[:60]!r}"


@pytest.mark.parametrize("path", TUTORIALS, ids=ids(TUTORIALS))
def test_a_solution_cell_prints_nothing_that_gives_the_answer_away(path):
    # JupyterLab unfolds a folded cell's output when it runs: Run All must not print answers.
    nb = notebook(path)
    for exercise in exercises(nb):
        for cell in nb.cells:
            if "solution" in tags(cell) and f"{exercise.name}_task" in cell.source:
                text = visible_text(cell)
                given_away = leaks(exercise.step, exercise.solution, text, language_of(path))
                assert not given_away, f"{exercise.name}: {given_away}"


@pytest.mark.parametrize("path", TUTORIALS, ids=ids(TUTORIALS))
def test_an_unanswered_exercise_prompts_in_plain_words(path):
    for exercise in exercises(notebook(path)):
        blank = re.compile(rf"^{exercise.name}_answer = \.\.\.", re.M)
        answer_cells = [c for c in exercise.question_cells if blank.search(c.source)]
        assert len(answer_cells) == 1, exercise.name
        printed = visible_text(answer_cells[0])
        # The notebook's session speaks its language: a staged game names its neutral
        # player in it (Géza, Marek, ディルク), as the notebook did.
        alh.set_language(language_of(path))
        try:
            unanswered = exercise.step.check(..., language=language_of(path))
        finally:
            alh.set_language("en")
        assert printed.strip() == str(unanswered).strip(), printed
        assert "None" not in printed


def test_the_leak_check_catches_a_printed_answer():
    # The check above is only worth something if it fails on a question that tells.
    step = chapters.step("scoring/walls/try")
    length = step.solutions()[0]
    assert leaks(step, length, f"longest wall: {length}")
    assert not leaks(step, length, "How many points does the longest wall score?")
    legal = chapters.step("building/legal-cells/try")
    cells = legal.solutions()[0]
    assert leaks(legal, cells, ", ".join(format_cell(c) for c in cells))
    quiz = chapters.step("components/cells/try")
    assert leaks(quiz, "b", quiz.check("b").message)


# -- running them --------------------------------------------------------------------------
NO_WIDGET_STATE = "--ExecutePreprocessor.store_widget_state=False"
"""nbconvert stores widget state when it executes a notebook unless told not to, and an export
with widget state shows every live board as an empty output."""
DOCUMENTED = [ROOT / "README.md", ROOT / "tutorials" / "README.md", ROOT / "Makefile"]


def nbconvert_commands(text: str) -> list[str]:
    """Each ``nbconvert`` command of a document or Makefile, its continued lines joined."""
    joined = re.sub(r"\s*\\\n\s*", " ", text)
    lines = (line.strip() for line in joined.splitlines())
    return [line for line in lines if re.match(r"(\S*/)?jupyter nbconvert ", line)]


def test_every_documented_nbconvert_run_stores_no_widget_state():
    commands = [c for path in DOCUMENTED for c in nbconvert_commands(path.read_text())]
    executing = [c for c in commands if "--execute" in c]
    assert len(executing) >= 3, commands  # a page export in each README, a run in tutorials/
    assert [c for c in executing if NO_WIDGET_STATE not in c] == []


def test_the_command_check_reads_continued_lines():
    text = (
        "Run `nbconvert --execute`:\n"
        "  jupyter nbconvert --to html --execute \\\n    --output-dir x a.ipynb\n"
    )
    assert nbconvert_commands(text) == [
        "jupyter nbconvert --to html --execute --output-dir x a.ipynb"
    ]


@pytest.mark.slow
def test_the_readmes_html_export_shows_a_boards_picture_not_an_empty_output(tmp_path):
    readme = next(
        c for c in nbconvert_commands((ROOT / "README.md").read_text()) if "--to html" in c
    )
    small = tmp_path / "board.ipynb"
    board = nbformat.v4.new_code_cell("import alhambra_nb as alh\nalh.CityWidget(alh.City())")
    saved = nbformat.v4.new_notebook(cells=[board])  # saved as a tutorial is: no widget state
    saved.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    nbformat.write(saved, small)
    words = readme.replace("build/html", str(tmp_path)).replace("tutorials/*.ipynb", str(small))
    command = [sys.executable, "-m", *words.split()[1:]]  # the README's command, this Python
    result = run(*command)
    assert result.returncode == 0, result.stderr[-3000:]
    page = (tmp_path / "board.html").read_text()
    assert "data:image/svg+xml;base64" in page
    assert "widget-state+json" not in page
    # Without the option the same export carries widget state, which no static page can draw.
    result = run(*[w for w in command if w != NO_WIDGET_STATE])
    assert result.returncode == 0, result.stderr[-3000:]
    assert "widget-state+json" in (tmp_path / "board.html").read_text()


def run(*command: str, cwd: Path = ROOT) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=1800)


@pytest.mark.slow
@pytest.mark.parametrize("path", ENGLISH_TUTORIALS, ids=ids(ENGLISH_TUTORIALS))
def test_every_tutorial_runs_to_its_last_cell_with_nbconvert(path, tmp_path):
    # The translations run top to bottom under nbval, in the same pytest run.
    result = run(
        sys.executable, "-m", "nbconvert", "--to", "notebook", "--execute", NO_WIDGET_STATE,
        "--ExecutePreprocessor.timeout=600", "--output-dir", str(tmp_path), str(path),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-3000:]
    ran = notebook(tmp_path / path.name)
    assert "widgets" not in ran.metadata
    last = [c for c in ran.cells if c.cell_type == "code"][-1]
    assert last.execution_count is not None


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("make") is None, reason="needs make")
def test_student_notebooks_have_no_solution_cells(tmp_path):
    # -o: the lab install counts as done, so the target never installs anything here.
    out = tmp_path / "students"
    result = run("make", "-s", "-o", ".venv/.stamp-lab", "student-notebooks", f"STUDENT_DIR={out}")
    assert result.returncode == 0, result.stderr[-3000:]
    written = sorted(out.glob("*.ipynb")) + sorted(out.glob("*/*.ipynb"))
    assert [p.relative_to(out) for p in written] == [
        p.relative_to(ROOT / "tutorials") for p in TUTORIALS
    ]
    for path in written:
        nb = notebook(path)
        assert not [c for c in nb.cells if "solution" in tags(c)], path.name
        assert not [c for c in nb.cells if re.search(r"^\w+_solution = ", c.source, re.M)]
        original = notebook(ROOT / "tutorials" / path.relative_to(out))
        kept = [c.source for c in original.cells if "solution" not in tags(c)]
        assert [c.source for c in nb.cells] == kept, path.name


@pytest.mark.slow
def test_nbval_lax_compares_exactly_the_cells_tagged_check_output(tmp_path):
    # `make test` runs nbval with --nbval-lax: a tagged cell whose stored output is wrong must
    # fail, an untagged one is only run. A copy of a tutorial with one stored verdict changed
    # must fail too.
    def printing(stored: str, tagged: bool) -> nbformat.NotebookNode:
        cell = nbformat.v4.new_code_cell('print("right")', execution_count=1)
        cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=stored)]
        if tagged:
            cell.metadata["tags"] = ["nbval-check-output"]
        return cell

    probe = nbformat.v4.new_notebook(
        cells=[printing("wrong\n", True), printing("wrong\n", False), printing("right\n", True)]
    )
    nbformat.write(probe, tmp_path / "probe.ipynb")
    welcome = notebook(ROOT / "tutorials" / "00_welcome.ipynb")
    checked = [c for c in welcome.cells if "nbval-check-output" in tags(c) and c.outputs]
    checked[-1].outputs[0].text = "✓ Yes. A verdict the engine never gave.\n"
    nbformat.write(welcome, tmp_path / "welcome.ipynb")

    result = run(
        sys.executable, "-m", "pytest", "-q", "-rf", "-p", "no:cacheprovider", "--nbval-lax",
        "--nbval-current-env", "probe.ipynb", "welcome.ipynb", cwd=tmp_path,
    )  # fmt: skip
    failed = sorted(re.findall(r"^FAILED (\S+::Cell \d+)", result.stdout, re.M))
    last = [c for c in welcome.cells if c.cell_type == "code"].index(checked[-1])
    assert failed == ["probe.ipynb::Cell 0", f"welcome.ipynb::Cell {last}"], result.stdout[-3000:]


def load_runner() -> Any:
    spec = importlib.util.spec_from_file_location(
        "run_tutorials", ROOT / "scripts/run-tutorials.py"
    )
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def small_notebook(path: Path, *sources: str) -> None:
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(s) for s in sources])
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3"}
    notebook.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}}}
    nbformat.write(notebook, path)


@pytest.mark.slow
def test_the_runner_saves_without_widget_state_and_refuses_a_cell_that_raises(tmp_path):
    runner = load_runner()
    good, bad = tmp_path / "good.ipynb", tmp_path / "bad.ipynb"
    small_notebook(good, 'import sys\nprint("ran")\nsys.stdout.flush()\nprint("twice")')
    small_notebook(bad, 'print("ran")', "1 / 0", 'print("never")')
    before = bad.read_text()

    runner.run(good)
    saved = notebook(good)
    assert "widgets" not in saved.metadata
    assert [o.text for o in saved.cells[0].outputs] == ["ran\ntwice\n"]
    assert "execution" not in saved.cells[0].metadata

    with pytest.raises(runner.TutorialError, match=r"bad\.ipynb: a cell raised"):
        runner.run(bad)
    assert bad.read_text() == before
    assert runner.main([str(bad)]) == 1


CLOCK_BOUND = re.compile(r"""["']search(?:-strong)?["']|SearchBot\((?![^)]*time=None)""")
"""A searching bot that stops at a time limit: what it plays depends on how busy the machine is."""


@pytest.mark.parametrize("path", TUTORIALS, ids=ids(TUTORIALS))
def test_no_checked_cell_depends_on_the_clock(path):
    checked = [
        c.source
        for c in notebook(path).cells
        if c.cell_type == "code" and "nbval-check-output" in c.metadata.get("tags", [])
    ]
    assert [s for s in checked if CLOCK_BOUND.search(s)] == []


def test_the_clock_check_finds_a_timed_search():
    assert CLOCK_BOUND.search('alh.simulate(2, ["search", "greedy"], seed=7)')
    assert CLOCK_BOUND.search("alh.bots.SearchBot(seed=7, simulations=24)")
    assert not CLOCK_BOUND.search("alh.bots.SearchBot(seed=7, time=None, simulations=24)")


def test_the_classroom_site_gets_each_notebook_with_its_texts_joined(tmp_path):
    """The site's page reads a notebook file itself, with no server to join the lines of a
    multi-line text: a list of lines would show as text with stray commas."""
    spec = importlib.util.spec_from_file_location("build_lite", ROOT / "scripts/build_lite.py")
    build_lite = importlib.util.module_from_spec(spec)
    sys.modules["build_lite"] = build_lite  # its dataclasses look their module up
    spec.loader.exec_module(build_lite)
    source = ROOT / "tutorials" / "03_scoring_majorities_and_walls.ipynb"
    assert any(isinstance(c["source"], list) for c in json.loads(source.read_text())["cells"])
    target = tmp_path / "03.ipynb"
    build_lite.write_joined(source, target)
    written = json.loads(target.read_text())
    texts = [c["source"] for c in written["cells"]]
    for cell in written["cells"]:
        for output in cell.get("outputs", []):
            texts.append(output.get("text", ""))
            texts += [v for k, v in output.get("data", {}).items() if not k.endswith("json")]
    assert texts and all(isinstance(text, str) for text in texts)
    site, original = (
        nbformat.reads(target.read_text(), as_version=4),
        nbformat.read(source, as_version=4),
    )
    assert site.cells == original.cells
    # The site's own kernel is named, as it names itself when it starts: a notebook that
    # named another one would be changed by the start alone (closing it would ask to save).
    assert site.metadata.kernelspec == build_lite.SITE_KERNELSPEC
    assert site.metadata.language_info == build_lite.SITE_LANGUAGE_INFO

"""The translated tutorials stay in step with the English ones.

A translation (``tutorials/<language>/``) has the English notebook's cells in the same order,
with the same ids and tags and the same code: only Markdown, comments and the language asked
for in ``alh.set_language(...)`` differ. Every link between the notebooks leads somewhere.
"""

from __future__ import annotations

import io
import re
import tokenize
from pathlib import Path

import nbformat
import pytest

import alhambra_nb as alh

ROOT = Path(__file__).resolve().parent.parent
TUTORIALS = ROOT / "tutorials"
TRANSLATED = ("hu", "de", "pl", "ja")
NOTEBOOKS = tuple(sorted(path.name for path in TUTORIALS.glob("*.ipynb")))
"""Every English tutorial: each exists in every language."""
SET_LANGUAGE = re.compile(r'alh\.set_language\("([a-z]+)"\)')
LINK = re.compile(r"\]\(([^)#\s]+\.ipynb)\)")


def code_without_comments(source: str) -> str:
    """The code of a cell as Python reads it: comments dropped, the chosen language blanked."""
    tokens = tokenize.generate_tokens(io.StringIO(source).readline)
    kept = [t for t in tokens if t.type != tokenize.COMMENT]
    code = tokenize.untokenize(kept)
    lines = [line.rstrip() for line in SET_LANGUAGE.sub("alh.set_language(…)", code).splitlines()]
    return "\n".join(line for line in lines if line)


def read(path: Path) -> nbformat.NotebookNode:
    return nbformat.read(path, as_version=4)


PAIRS = [(lang, name) for lang in TRANSLATED for name in NOTEBOOKS]


def parity_problems(english: nbformat.NotebookNode, translated: nbformat.NotebookNode) -> list:
    """How ``translated`` drifts from ``english``: its cells' kinds, ids and tags, and every
    code cell whose code (comments and the language asked for aside) differs."""
    problems = []
    for what, read_cell in (
        ("kinds", lambda c: c.cell_type),
        ("ids", lambda c: c.get("id")),
        ("tags", lambda c: c.metadata.get("tags", [])),
    ):
        if [read_cell(c) for c in translated.cells] != [read_cell(c) for c in english.cells]:
            problems.append(f"the cells' {what} differ")
    if len(translated.cells) == len(english.cells):
        for index, (mine, theirs) in enumerate(zip(translated.cells, english.cells, strict=True)):
            if theirs.cell_type == "code" and code_without_comments(
                mine.source
            ) != code_without_comments(theirs.source):
                problems.append(f"cell {index}: the code differs")
    return problems


@pytest.mark.parametrize(("language", "name"), PAIRS, ids=[f"{a}/{b[:2]}" for a, b in PAIRS])
def test_a_translation_has_the_english_cells_and_code(language, name):
    english, translated = read(TUTORIALS / name), read(TUTORIALS / language / name)
    assert parity_problems(english, translated) == []


def test_the_parity_check_finds_a_translation_that_drifted():
    english = read(TUTORIALS / "05_a_turn_and_buying.ipynb")
    broken = read(TUTORIALS / "de" / "05_a_turn_and_buying.ipynb")
    code = [i for i, c in enumerate(broken.cells) if c.cell_type == "code"]
    broken.cells[code[3]].source += "\nprint('one line more')"
    broken.cells[code[4]].metadata["tags"] = ["nbval-skip"]
    assert parity_problems(english, broken) == [
        "the cells' tags differ",
        f"cell {code[3]}: the code differs",
    ]
    broken.cells.pop(code[5])
    assert parity_problems(english, broken) == [
        "the cells' kinds differ",
        "the cells' ids differ",
        "the cells' tags differ",
    ]


@pytest.mark.parametrize(("language", "name"), PAIRS, ids=[f"{a}/{b[:2]}" for a, b in PAIRS])
def test_a_translation_asks_for_its_language_and_is_translated(language, name):
    english, translated = read(TUTORIALS / name), read(TUTORIALS / language / name)
    asked = [m for c in translated.cells for m in SET_LANGUAGE.findall(c.source)]
    assert asked == [language]
    assert SET_LANGUAGE.findall(
        english.cells[[c.cell_type for c in english.cells].index("code")].source
    ) == ["en"]
    prose = [
        (mine.source, theirs.source)
        for mine, theirs in zip(translated.cells, english.cells, strict=True)
        if theirs.cell_type == "markdown" and re.search(r"[a-z]{4,} [a-z]{4,}", theirs.source)
    ]
    same = [theirs[:60] for mine, theirs in prose if mine == theirs]
    assert same == []


def test_the_code_comparison_ignores_only_comments_and_the_language():
    a = 'import alhambra_nb as alh\n\nalh.set_language("en")\n# Put your answer here\nx = ...'
    b = 'import alhambra_nb as alh\n\nalh.set_language("hu")\n# Írd ide a válaszod\nx = ...'
    assert code_without_comments(a) == code_without_comments(b)
    assert code_without_comments(a) != code_without_comments(a.replace("x = ...", "x = 1"))
    assert code_without_comments('print("a")  # note') != code_without_comments('print("b")')


def test_the_english_welcome_links_every_languages_welcome():
    welcome = "\n".join(c.source for c in read(TUTORIALS / "00_welcome.ipynb").cells)
    links = set(LINK.findall(welcome))
    assert {f"{lang}/00_welcome.ipynb" for lang in TRANSLATED} <= links
    assert set(alh.languages()) == {"en", *TRANSLATED}


@pytest.mark.parametrize(
    "path", sorted(TUTORIALS.glob("**/*.ipynb")), ids=lambda p: str(p.relative_to(TUTORIALS))
)
def test_every_link_to_a_notebook_leads_to_one(path):
    text = "\n".join(c.source for c in read(path).cells if c.cell_type == "markdown")
    missing = [link for link in LINK.findall(text) if not (path.parent / link).exists()]
    assert missing == []


# -- What a translated tutorial prints ------------------------------------------------------
# The stored outputs are those of the last run (scripts/run-tutorials.py re-runs every notebook;
# nbval runs them again in `make test`), so this reads what a learner of the language sees.

NAMES = {"ana", "ben", "cem", "dirk", "eva"}
"""The tutorials' player names, the same in every language."""
CODE_SPAN = re.compile(r"`[^`]*`")
NOTATION = re.compile(
    r"[a-z]+-\d+(?:-[NESWnesw]{1,4})?(?:#\d+)?"  # tiles and cards: tower-9-NE, denar-5#2
    r"|[a-z0-9]+(?:[-/_][a-z0-9]+)+"  # ids: end-of-turn, turn/take-money/see, r1_pavilion
    r"|^gate -?\d+,-?\d+ [NESW]$"  # a gate in a city's text notation
)
WORD = re.compile(r"[A-Za-z]{3,}")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")


def words_of(text: str) -> set[str]:
    """The words of a catalogue text, lower-cased: its placeholders and quoted code left out."""
    return {w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", CODE_SPAN.sub(" ", text)))}


def english_words() -> set[str]:
    """Every word of three letters or more in the English texts of the engine, the chapters,
    the widgets and the lab, lower-cased."""
    from alhambra_nb import chapters, lab, widgets  # noqa: F401  (their texts join ENGLISH)
    from alhambra_nb.core.messages import ENGLISH

    texts = [
        t for value in ENGLISH.values() for t in ((value,) if isinstance(value, str) else value)
    ]
    return {w.lower() for text in texts for w in WORD.findall(CODE_SPAN.sub(" ", text))}


def own_words(language: str) -> set[str]:
    """The words the language's catalogue itself uses (names, currencies and loan words that
    English shares with it), lower-cased."""
    from alhambra_nb.core.messages import ENGLISH, template

    texts = [template(key, language, count) for key in ENGLISH for count in (1, 2, 5)]
    return set().union(*map(words_of, texts))


def code_words() -> set[str]:
    """Names that code reads and writes, printed as they are: the lab's columns and the
    chapters' ids."""
    return {
        c.lower() for c in (*alh.lab.GAME_COLUMNS, *alh.lab.PLAYER_COLUMNS, *alh.chapters.ids())
    }


def printed_lines(notebook: nbformat.NotebookNode) -> list[tuple[int, str]]:
    """(cell number, line) for every line the code cells print or show as text: their
    streams, errors, Markdown, and plain text where nothing richer is shown."""
    lines = []
    for index, cell in enumerate(notebook.cells):
        for output in cell.get("outputs", []):
            if output.output_type == "stream":
                text = output.text
            elif output.output_type == "error":
                text = f"{output.ename}: {output.evalue}"
            else:
                data = output.get("data", {})
                text = data.get("text/markdown") or (
                    data.get("text/plain", "") if set(data) == {"text/plain"} else ""
                )
            lines += [(index, line) for line in text.splitlines() if line.strip()]
    return lines


def is_notation(line: str) -> bool:
    """A line of actions as code writes them (``bid 1, bid 2, pass``)."""
    try:
        for part in line.split(", "):
            alh.Action.parse(part.strip())
    except alh.AlhambraError:
        return False
    return True


def english_in(lines: list[tuple[int, str]], english: set[str], own: set[str]) -> list[str]:
    """The printed lines that hold a word of the engine's English the language does not use."""
    foreign = english - own - NAMES - code_words() - {"true", "false", "none"}
    found = []
    for index, line in lines:
        if is_notation(line):
            continue
        words = WORD.findall(NOTATION.sub(" ", CODE_SPAN.sub(" ", line.strip())))
        if any(w.lower() in foreign for w in words):
            found.append(f"cell {index}: {line.strip()[:100]}")
    return found


@pytest.fixture(scope="module")
def english() -> set[str]:
    return english_words()


@pytest.mark.parametrize(("language", "name"), PAIRS, ids=[f"{a}/{b[:2]}" for a, b in PAIRS])
def test_a_translation_prints_no_english(language, name, english):
    notebook = read(TUTORIALS / language / name)
    assert english_in(printed_lines(notebook), english, own_words(language)) == []


def test_the_output_check_finds_english_printed_in_a_translation(english):
    notebook = read(TUTORIALS / "de" / "07_two_players.ipynb")
    code = next(c for c in notebook.cells if c.cell_type == "code" and c.get("outputs"))
    code.outputs.append(nbformat.v4.new_output("stream", text="Ana: 13 points\nbid 1, pass\n"))
    found = english_in(printed_lines(notebook), english, own_words("de"))
    assert found == [f"cell {notebook.cells.index(code)}: Ana: 13 points"]

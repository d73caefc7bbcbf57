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

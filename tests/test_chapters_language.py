"""The rule chapters in every language: each text a learner reads comes from the catalogue.

Two kinds of check. With the catalogues as they are, every step's description, its data for
a view and the verdicts on right, wrong and unreadable answers are the catalogue's texts of
the language asked for, and nothing raises. With a made-up catalogue compiled for the test
(every template written in full-width letters), a text left in English while a translation
exists shows up as plain letters: the test does not wait for the translators.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from string import ascii_lowercase
from typing import Any

import pytest

import alhambra_nb as alh
from alhambra_nb import chapters
from alhambra_nb.chapters import AnswerError, Chapter, ChapterError, Step
from alhambra_nb.core.messages import ENGLISH, LANGUAGES, render, sentences, template
from tests.catalogues import every_template, reading, write_catalogue
from tests.test_chapters import ANSWERS

ALL_STEPS = chapters.steps()
TASKS = [s for s in ALL_STEPS if s.task is not None]
LANGUAGE_CODES = list(LANGUAGES)
UNREADABLE = 3.5
"""An answer no task can read (no cell, no whole number, no letters, no names)."""


def ids(steps: list[Step] | tuple[Step, ...]) -> list[str]:
    return [s.id for s in steps]


def own(step: Step, part: str, language: str) -> str:
    """The step's text ``part`` as the catalogue has it in ``language``."""
    return template(f"{step.id}#{part}", language)


def letters(step: Step) -> str:
    return ascii_lowercase[: len(getattr(step.task, "options", ()))]


# -- templates as patterns: a sentence "is" a template when it fills its placeholders -------
PLACEHOLDER = re.compile(r"\{\{|\}\}|\{[a-z_]+(?::[a-z]+)?\}")


def _pattern(text: str) -> str:
    parts, at = [], 0
    for found in PLACEHOLDER.finditer(text):
        parts.append(re.escape(text[at : found.start()]))
        token = found.group()
        parts.append(re.escape(token[0]) if token in ("{{", "}}") else "(.*?)")
        at = found.end()
    parts.append(re.escape(text[at:]))
    return "".join(parts)


@cache
def template_pattern(key: str, language: str) -> re.Pattern[str]:
    """What a sentence of the template ``key`` in ``language`` looks like, any plural form."""
    forms = {template(key, language, count) for count in (0, 1, 2, 3, 5, 11, 22)}
    # A verdict may trim the space a template ends with when its last part is empty.
    return re.compile("|".join(f"(?:{_pattern(f.rstrip())})" for f in forms), re.DOTALL)


VERDICT_KEYS = sorted(k for k in ENGLISH if k.startswith("task."))


@cache
def task_sentences(language: str) -> re.Pattern[str]:
    """One task sentence of the catalogue in ``language``, or several one after another (a
    verdict may give a note per part of the answer, each begun with a capital), joined as the
    language joins sentences (a space, or none in Japanese)."""
    one = "|".join(f"(?:{template_pattern(key, language).pattern})" for key in VERDICT_KEYS)
    between = re.escape(sentences(["", ""], language))
    return re.compile(f"(?:{one})(?:{between}(?:{one}))*", re.DOTALL | re.IGNORECASE)


def is_a_task_sentence(message: str, language: str) -> bool:
    """Whether ``message`` is made of the tasks' sentences of the catalogue in ``language``."""
    return task_sentences(language).fullmatch(message) is not None


# -- every step, every language, the catalogues as they are ---------------------------------
@pytest.mark.parametrize("language", LANGUAGE_CODES)
@pytest.mark.parametrize("step", ALL_STEPS, ids=ids(ALL_STEPS))
def test_describe_is_the_catalogues_text(step: Step, language: str) -> None:
    expected = [own(step, "title", language), "", own(step, "text", language)]
    if step.task is not None:
        prompt = render("chapter.try-it", {"prompt": own(step, "prompt", language)}, language)
        expected += ["", prompt]
        expected += [f"{ch}) {own(step, f'option.{ch}', language)}" for ch in letters(step)]
        if getattr(step.task, "multiple", False):
            expected.append(template("task.choose-all", language))
    assert step.describe(language=language) == "\n".join(expected)
    assert step.heading(language) == own(step, "title", language)


@pytest.mark.parametrize("language", LANGUAGE_CODES)
@pytest.mark.parametrize("step", ALL_STEPS, ids=ids(ALL_STEPS))
def test_to_dict_is_the_catalogues_text(step: Step, language: str) -> None:
    data = json.loads(json.dumps(step.to_dict(language=language)))
    assert data["title"] == own(step, "title", language)
    assert data["text"] == own(step, "text", language)
    assert [v["message"] for v in data["violations"]] == [
        v.explain(language) for v in step.violations()
    ]
    if step.task is not None:
        assert data["task"]["prompt"] == own(step, "prompt", language)
        options = [own(step, f"option.{ch}", language) for ch in letters(step)]
        assert data["task"].get("options", []) == options
    if step.game is not None:
        events = step.staged_game().events
        assert data["game"]["log"] == [e.sentence(language) for e in events]


def assert_said_in(verdict: Any, language: str, step: Step) -> None:
    """The verdict is a task sentence of ``language``, the engine's reasons in it too."""
    assert verdict.language == language
    assert is_a_task_sentence(verdict.message, language), verdict.message
    data = json.loads(json.dumps(verdict.to_dict()))
    assert [v["message"] for v in data["violations"]] == [
        v.explain(language) for v in verdict.violations
    ]
    for ch in letters(step):
        note_key = f"{step.id}#note.{ch}"
        if note_key in ENGLISH and f"({ch}) " in verdict.message:
            assert template(note_key, language) in verdict.message


@pytest.mark.parametrize("language", LANGUAGE_CODES)
@pytest.mark.parametrize("step", TASKS, ids=ids(TASKS))
def test_verdicts_are_the_catalogues_sentences(step: Step, language: str) -> None:
    solutions = step.solutions()
    assert solutions
    for answer in solutions:
        verdict = step.check(answer, language=language)
        assert verdict.ok, verdict.message
        assert_said_in(verdict, language, step)
    wrong = ANSWERS.get(step.id, ([], []))[1][:2]
    for answer in [*wrong, UNREADABLE, ...]:
        verdict = step.check(answer, language=language)
        assert not verdict.ok
        assert_said_in(verdict, language, step)
        for violation in verdict.violations:
            if violation.explain("en") in step.check(answer, language="en").message:
                assert violation.explain(language) in verdict.message


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_an_unreadable_answer_says_what_it_expected_in_the_language(language: str) -> None:
    verdict = chapters.step("scoring/walls/try").check("ten", language=language)
    error = render("task.answer.number", {"value": "'ten'"}, language)
    assert verdict.message == render("task.unreadable", {"error": error}, language)


@pytest.mark.parametrize("language", LANGUAGE_CODES)
def test_a_chapter_speaks_the_language(language: str) -> None:
    chapter = chapters.get("building")
    title = template("chapter.building#title", language)
    assert chapter.heading(language) == render(
        "chapter.heading", {"title": title, "count": len(chapter)}, language
    )
    data = json.loads(json.dumps(chapter.to_dict(language=language)))
    assert data["title"] == title
    assert data["summary"] == template("chapter.building#summary", language)
    assert [s["title"] for s in data["steps"]] == [own(s, "title", language) for s in chapter]


def test_a_chapter_heading_counts_its_steps_in_a_plural_template() -> None:
    one = Chapter("solo", "Solo", "One step.", (Step(id="solo/only", title="t", text="x"),))
    assert one.heading("en") == "Solo (1 step)"
    assert chapters.get("building").heading("en") == (
        f"Building rules ({len(chapters.get('building'))} steps)"
    )


def test_a_step_made_up_on_the_spot_keeps_its_own_words() -> None:
    step = Step(id="building/intro/see", title="Another title", text="Other words.")
    assert step.describe(language="ja") == "Another title\n\nOther words."


def test_an_answer_error_keeps_its_sentence_for_any_language() -> None:
    from alhambra_nb.chapters.tasks import read_cell

    with pytest.raises(AnswerError) as refused:
        read_cell("nowhere")
    assert isinstance(refused.value, alh.AlhambraError)
    assert str(refused.value) == "an answer here is one cell such as (2, 1), not 'nowhere'"
    assert refused.value.explain("ja") == render("task.answer.cell", {"value": "'nowhere'"}, "ja")


# -- a made-up translation: what is left in English shows ----------------------------------
FULL_WIDTH = {c: chr(ord(c) + 0xFEE0) for c in ascii_lowercase + ascii_lowercase.upper()}


def pseudo(text: str) -> str:
    """``text`` in full-width letters, its placeholders untouched: English no longer."""
    parts, at = [], 0
    for found in PLACEHOLDER.finditer(text):
        parts.append("".join(FULL_WIDTH.get(c, c) for c in text[at : found.start()]))
        parts.append(found.group())
        at = found.end()
    parts.append("".join(FULL_WIDTH.get(c, c) for c in text[at:]))
    return "".join(parts)


PSEUDO_LANGUAGE = "de"


@pytest.fixture
def made_up(tmp_path: Path) -> Iterator[str]:
    """A catalogue of :data:`PSEUDO_LANGUAGE` in which every template is translated; the
    real catalogues again afterwards, and the session in its language."""
    write_catalogue(tmp_path, PSEUDO_LANGUAGE, every_template(pseudo))
    with reading(tmp_path):
        yield PSEUDO_LANGUAGE


PLAIN_WORD = re.compile(r"[A-Za-z]{3,}")
QUOTED = re.compile(r"'[^']*'")
NAMES = {"Ana", "Ben", "Cem", "Dana", "Ella", "Dirk"}
NAMES |= {"Hakim", "Wahid", "Yusuf", "Passuff", "Yammerad", "Fatime", "Faruk", "Ali"}
"""The staged players' names and the characters' (expansion II): a name is no English."""


def english_left(text: str) -> list[str]:
    """The words of plain letters in ``text`` that are no player's name, outside quotes (an
    answer quoted, or the form of one, is written as a learner types it: ``'denar 4'``)."""
    return [w for w in PLAIN_WORD.findall(QUOTED.sub("", text)) if w not in NAMES]


def step_english(step: Step) -> list[str]:
    """The step's English texts long enough not to be found by chance."""
    texts = [step.title, step.text, getattr(step.task, "prompt", "")]
    for option in getattr(step.task, "options", ()):
        texts.append(option[1] if isinstance(option, tuple) else option)
    texts += list(getattr(step.task, "notes", ()))
    return [t for t in texts if len(t) >= 12]


def test_the_made_up_catalogue_is_read(made_up: str) -> None:
    step = chapters.step("building/walking/try")
    assert step.heading(made_up) == pseudo(step.title)
    assert step.heading("en") == step.title


@pytest.mark.parametrize("step", ALL_STEPS, ids=ids(ALL_STEPS))
def test_no_step_text_is_left_in_english_where_a_translation_exists(
    made_up: str, step: Step
) -> None:
    said = [step.describe(language=made_up), json.dumps(step.to_dict(language=made_up))]
    if step.task is not None:
        answers = [*step.solutions(), *ANSWERS.get(step.id, ([], []))[1][:2], UNREADABLE, ...]
        verdicts = [step.check(answer, language=made_up) for answer in answers]
        said += [v.message for v in verdicts]
        said += [json.dumps(v.to_dict()) for v in verdicts]
    for text in said:
        for english in step_english(step):
            assert english not in text
    for text in said[:1] + said[2:]:  # the data for a view holds codes and ids, not words
        if not text.startswith("{"):
            assert english_left(text) == [], text


def test_the_session_language_is_what_a_notebook_shows(made_up: str) -> None:
    step = chapters.step("components/walls/try")
    chapter = chapters.get("components")
    alh.set_language(made_up)
    assert step.describe() == step.describe(language=made_up)
    assert step.to_dict() == step.to_dict(language=made_up)
    assert step.check("a").message == step.check("a", language=made_up).message
    assert pseudo(step.title) in repr(step)
    assert english_left(step._repr_markdown_()) == []
    assert chapter.heading() in repr(chapter)
    assert english_left(without_ids(chapter._repr_markdown_())) == []
    for unknown in (lambda: chapters.get("nope"), lambda: chapters.step("nope/x")):
        with pytest.raises(ChapterError) as refused:
            unknown()
        assert english_left(without_ids(str(refused.value))) == [], str(refused.value)
    with pytest.raises(ChapterError) as refused:
        chapter.step("nope")
    assert english_left(without_ids(str(refused.value))) == [], str(refused.value)


def without_ids(text: str) -> str:
    """``text`` without the chapters' and steps' ids it names (ids are no words)."""
    for name in sorted([*chapters.ids(), *ids(ALL_STEPS)], key=len, reverse=True):
        text = text.replace(name, "")
    return text


def test_a_verdict_keeps_its_language_when_the_session_changes(made_up: str) -> None:
    step = chapters.step("building/walking/try")
    verdict = step.check((1, 2), language=made_up)
    alh.set_language("en")
    assert verdict.violations
    assert [v["message"] for v in verdict.to_dict()["violations"]] == [
        v.explain(made_up) for v in verdict.violations
    ]
    assert english_left(str(verdict)) == []


def test_counts_are_said_with_the_languages_words_and_plurals(made_up: str) -> None:
    verdict = chapters.step("turn/take-money/try").check([{2, 7}, {9}], language=made_up)
    # The sentence begins with the number: its first letter a capital.
    assert template("task.number.2", made_up) in verdict.message.lower()
    missed = chapters.step("building/legal-cells/try").check({(2, 0)}, language=made_up)
    assert template("task.cells.missed", made_up, count=3).split("{")[0] in missed.message


@pytest.mark.parametrize("language", ["en", "hu", "de", "pl", "ja"])
def test_the_neutral_player_may_be_named_as_the_english_tutorials_name_them(language):
    """Every translated tutorial runs the English code, whose solutions call the neutral
    player "Dirk": the answer is read as naming this game's neutral player."""
    alh.set_language(language)
    try:
        step = alh.chapters.step("two-players/neutral/try")
        assert step.check({"Ana": 5, "Ben": 6, "Dirk": 11}).ok
        wrong = step.check({"Ana": 5, "Ben": 6, "Dirk": 10})
        assert not wrong.ok
        neutral = {"en": "Dirk", "hu": "Géza", "de": "Dirk", "pl": "Marek", "ja": "ディルク"}
        assert neutral[language] in str(wrong)
    finally:
        alh.set_language("en")

"""The learner's language: five languages, complete catalogues, the rulebooks' words.

Every template of the English catalogue is translated in every language with the same
placeholders, the compiled catalogues are those of the sources, the session's language follows
``set_language`` (or the locale), and a violation, a log line, a scoring and a chapter step
name the tower with the word of that language's rulebook. The last tests play every chapter,
the engine's refusals and whole games in each language and look for English left behind.
"""

from __future__ import annotations

import importlib.util
import io
import os
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

import alhambra_nb as alh
from alhambra_nb import chapters
from alhambra_nb.core import messages as i18n
from alhambra_nb.core.messages import ENGLISH, render, template

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = ("hu", "de", "pl", "ja")


def _load_messages_script():
    spec = importlib.util.spec_from_file_location("messages_script", ROOT / "scripts/messages.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


MESSAGES = _load_messages_script()

SEED_WORDS = {
    # the tower, and the neutral player of the two-player game, as each rulebook writes them
    "hu": {"tower": re.compile(r"toron|torny", re.I), "neutral": "Géza"},
    "de": {"tower": re.compile(r"Turm|Türm"), "neutral": "Dirk"},
    "pl": {"tower": re.compile(r"wież", re.I), "neutral": "Marek"},
    "ja": {"tower": re.compile(r"塔"), "neutral": "ディルク"},
}


@pytest.fixture
def session_language() -> Iterator[None]:
    """Whatever a test sets, the session speaks English again afterwards."""
    before = alh.get_language()
    yield
    alh.set_language(before)


# -- choosing a language --------------------------------------------------------------------
def test_the_five_languages_are_listed_with_their_own_names():
    assert alh.languages() == {
        "en": "English",
        "hu": "Magyar",
        "de": "Deutsch",
        "pl": "Polski",
        "ja": "日本語",
    }


def test_set_language_changes_what_the_engine_says(session_language):
    city = alh.City.from_text("1,0 garden-10")
    alh.set_language("hu")
    hungarian = city.check("tower-10-W", (2, 1))[0].message
    alh.set_language("en")
    english = city.check("tower-10-W", (2, 1))[0].message
    assert alh.get_language() == "en"
    assert hungarian != english
    assert hungarian == city.check("tower-10-W", (2, 1))[0].explain("hu")


@pytest.mark.parametrize("bad", ["fr", "", "english", None, 3, ["hu"]])
def test_an_unknown_language_is_refused_naming_the_five(session_language, bad):
    before = alh.get_language()
    with pytest.raises(alh.LanguageError) as refusal:
        alh.set_language(bad)
    assert all(code in str(refusal.value) for code in alh.languages())
    assert alh.get_language() == before
    if bad is not None:  # explain(None) speaks the session's language
        with pytest.raises(alh.LanguageError):
            alh.City().check("tower-10-W", (5, 5))[0].explain(bad)


def test_a_language_code_may_be_written_in_capitals(session_language):
    alh.set_language(" HU ")
    assert alh.get_language() == "hu"


@pytest.mark.parametrize(
    ("environ", "expected"),
    [
        ({}, "en"),
        ({"LANG": "hu_HU.UTF-8"}, "hu"),
        ({"LANG": "de_AT.UTF-8"}, "de"),
        ({"LC_ALL": "ja_JP.UTF-8", "LANG": "de_DE.UTF-8"}, "ja"),
        ({"LANGUAGE": "fr:pl", "LANG": "en_US.UTF-8"}, "pl"),
        ({"LANGUAGE": "fr", "LANG": "hu_HU.UTF-8"}, "en"),
        ({"LANGUAGE": "", "LANG": "hu_HU.UTF-8"}, "hu"),
        ({"LANG": "fr_FR.UTF-8"}, "en"),
        ({"LANG": "C.UTF-8"}, "en"),
        ({"ALHAMBRA_NB_LANGUAGE": "de", "LANG": "hu_HU.UTF-8"}, "de"),
    ],
)
def test_the_default_follows_the_locale_when_it_is_one_of_the_five(environ, expected):
    assert i18n.default_language(environ) == expected


def test_a_new_session_starts_in_the_locales_language():
    environ = {k: v for k, v in os.environ.items() if k not in ("LANGUAGE", "LC_ALL")}
    environ.pop(i18n.ENVIRONMENT_VARIABLE, None)
    environ["LANG"] = "pl_PL.UTF-8"
    script = "import alhambra_nb as alh; print(alh.get_language())"
    out = subprocess.run(
        [sys.executable, "-c", script], env=environ, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == "pl"


# -- the catalogues -------------------------------------------------------------------------
@pytest.mark.parametrize("language", TRANSLATED)
def test_every_template_is_translated_with_the_same_placeholders(language):
    assert MESSAGES.problems(language) == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_catalogue_holds_exactly_the_english_templates(language):
    """`make messages` was run after the English changed: no template missing, none left over,
    each with today's English."""
    english = MESSAGES.english()
    with i18n.catalogue_path(language, ".po").open("rb") as stream:
        catalogue = read_po(stream, locale=language)
    found = {m.context: m.id for m in catalogue if m.id}
    assert set(found) == set(english)
    changed = [key for key, text in english.items() if found[key] != text]
    assert changed == []


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_compiled_catalogue_is_that_of_its_source(language):
    """The build compiles each .po; a .po changed since (`make venv` not run) is found here."""
    with i18n.catalogue_path(language, ".po").open("rb") as stream:
        compiled = io.BytesIO()
        write_mo(compiled, read_po(stream, locale=language), use_fuzzy=False)
    assert i18n.catalogue_path(language).read_bytes() == compiled.getvalue(), (
        "the compiled catalogue is older than its .po: run `make venv`"
    )


@pytest.mark.parametrize("language", TRANSLATED)
def test_plural_templates_follow_the_languages_rule(language):
    one, five, twenty_two = (
        render(
            "placement/no-holes",
            {"tile": alh.TILES[0], "cell": (1, 1), "empty": [], "count": n},
            language,
        )
        for n in (1, 5, 22)
    )
    assert "5" in five and "22" in twenty_two and one != five
    if language == "pl":  # 2-4 (not 12-14) take another form than 5-21 in Polish
        assert twenty_two.replace("22", "5") != five


# -- the rulebooks' words -------------------------------------------------------------------
def _tower_violation(language: str) -> str:
    city = alh.City.from_text("1,0 garden-10")
    return " ".join(v.explain(language) for v in city.check("tower-10-W", (2, 1)))


def _tower_log_lines(language: str) -> list[str]:
    game = alh.simulate(["Ana", "Ben"], seed=3)
    english = [e.sentence("en") for e in game.events]
    return [
        e.sentence(language)
        for e, text in zip(game.events, english, strict=True)
        if "tower" in text
    ]


def _tower_scoring(language: str) -> str:
    towers = {"Ana": {alh.Building.TOWER: 4}, "Ben": {alh.Building.TOWER: 2}}
    return alh.score_round(towers, round=2).explain(language=language)


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_tower_has_its_rulebooks_name_everywhere(language):
    tower = SEED_WORDS[language]["tower"]
    assert tower.search(alh.word(alh.Building.TOWER, language))
    assert tower.search(_tower_violation(language))
    lines = _tower_log_lines(language)
    assert lines and all(tower.search(line) for line in lines)
    assert tower.search(_tower_scoring(language))
    step = chapters.step("building/intro/see")
    assert tower.search(step.describe(language=language))


@pytest.mark.parametrize("language", TRANSLATED)
def test_the_neutral_player_has_its_rulebooks_name(session_language, language):
    alh.set_language(language)
    game = alh.Game(["Ana", "Ben"], seed=1)
    assert game.neutral is not None
    assert game.neutral.name == SEED_WORDS[language]["neutral"]
    assert any(SEED_WORDS[language]["neutral"] in line for line in game.log)


# -- nothing left in English ----------------------------------------------------------------
_CODES = re.compile(
    r"`[^`]*`|'[^']*'|\"[^\"]*\"|\b(?:pavilion|seraglio|arcades|chambers|garden|tower|camp)"
    r"-\d+(?:-[NESW]+)?\b|\b[a-z]+-\d+#\d+\b"
)
"""Tile codes, card ids and quoted action texts: notation, the same in every language."""


def _english_words() -> set[str]:
    words: set[str] = set()
    for text in ENGLISH.values():
        for piece in text if isinstance(text, tuple) else (text,):
            words |= set(re.findall(r"(?<![{\w])[a-z]{4,}(?![\w}])", _CODES.sub(" ", piece)))
    return words


def _shared_words(language: str) -> set[str]:
    """English-looking words a translation uses itself (names, loanwords): not leftovers."""
    with i18n.catalogue_path(language, ".po").open("rb") as stream:
        catalogue = read_po(stream, locale=language)
    found: set[str] = set()
    for message in catalogue:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            found |= {w.lower() for w in re.findall(r"[A-Za-z]{4,}", _CODES.sub(" ", text or ""))}
    return found


def _everything_a_learner_reads(language: str) -> Iterator[tuple[str, str]]:
    """(where, text) for every chapter step, its verdicts, every violation it stages, whole
    games' logs with every module and their scorings."""
    for step in chapters.steps():
        yield step.id, step.describe(language=language)
        for answer in [*step.solutions()[:1], "zzz", ...]:
            yield f"{step.id} check", step.check(answer, language=language).message
        for violation in step.violations():
            yield f"{step.id} violation", violation.explain(language)
    for modules in [(), ("gates", "diamonds", "characters", "camps")]:
        for players in (2, 4):
            game = alh.simulate(players, seed=11, modules=modules)
            for event in game.events:
                yield f"log {modules}", event.sentence(language)
            for scoring in game.scorings:
                yield f"scoring {modules}", scoring.explain(language=language)


@pytest.mark.slow
@pytest.mark.parametrize("language", TRANSLATED)
def test_no_english_is_left_in_what_a_learner_reads(language):
    english = _english_words() - _shared_words(language) - {"alhambra", "https", "ipynb"}
    left = []
    for where, text in _everything_a_learner_reads(language):
        words = set(re.findall(r"[a-z]{4,}", _CODES.sub(" ", text).lower()))
        if words & english:
            left.append((where, sorted(words & english)[:5], text[:120]))
    assert left[:10] == []


def test_the_english_catalogue_renders_without_a_catalogue_file(tmp_path, monkeypatch):
    """English is the source: it needs no compiled catalogue; another language without its
    compiled catalogue is a clear error, not English in disguise."""
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.translations.cache_clear()
    try:
        assert template("side.N", "en") == "north"
        with pytest.raises(alh.LanguageError, match="pip install"):
            template("side.N", "hu")
    finally:
        i18n.translations.cache_clear()


@pytest.mark.parametrize("bad", [3, "xx", ["hu"], b"hu"])
def test_a_game_in_an_unknown_language_is_refused(bad):
    # A wrong type is refused with its sentence before anything else meets it.
    from alhambra_nb.core.new_game import new_state

    with pytest.raises(alh.LanguageError):
        alh.Game(2, seed=1, language=bad)
    with pytest.raises(alh.LanguageError):
        new_state(2, 1, (), bad)


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_game_may_be_made_in_another_language_than_the_sessions(language):
    game = alh.Game(["Ana", "Ben"], seed=1, language=language)
    assert game.neutral is not None
    assert game.neutral.name == SEED_WORDS[language]["neutral"]
    assert alh.get_language() == "en"

"""The glossary holds: every catalogue names the game's things with its rulebook's words.

``docs/glossary.md`` lists each thing of the game (a building, a currency, the reserve, a
character...) with its English words and, for every language, the rulebook's term with the forms
a sentence may bend it into, and the words not to use. A catalogue entry whose English names a
thing must name it with the language's term (in one of its forms), in every plural form; and no
entry may use a word the glossary rules out, unless that word is the language's own term for
something else the English names (Hungarian *palota* is the chambers, never the Alhambra).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parent.parent
GLOSSARY = ROOT / "docs" / "glossary.md"
LOCALE = ROOT / "alhambra_nb" / "locale"
TRANSLATED = ("hu", "de", "pl", "ja")
SOURCES = ("000", "001", "002", "003", "004", "catalogue")
"""Where a term may come from: a rulebook by its number (see the glossary), or the catalogue."""

NOTHING = "—"
"""A glossary cell that lists no word."""

PLACEHOLDER = re.compile(r"\{[^{}]*\}")
CODE = re.compile(r"(?<![A-Za-z])'[^'\n]*'(?![A-Za-z])|`[^`\n]*`")
"""Quoted notation (``'denar 4'``, ``'tower-9-NE'``): what a learner types as code, the same in
every language, so never a translated word. An apostrophe inside a name (El'Schauf) is no
quote: a letter stands before it."""

TEXT_LENGTH = "the characters (letters) of a text, not character cards"

ALLOWED: dict[tuple[str, str], str] = {
    # (key, English word of the glossary row): why the translation may go without the term.
    ("refusal.player-name-long", "character card"): TEXT_LENGTH,
    ("refusal.action-field-long", "character card"): TEXT_LENGTH,
    ("refusal.action-long", "character card"): TEXT_LENGTH,
    ("save.text-long", "character card"): TEXT_LENGTH,
    ("save.minLength", "character card"): TEXT_LENGTH,
    ("save.maxLength", "character card"): TEXT_LENGTH,
    ("widget.short-text", "character card"): TEXT_LENGTH,
}
"""Entries whose English uses a glossary word in another sense, so the term may be missing."""


@dataclass(frozen=True)
class Term:
    """One row of the glossary: a thing's English words, and each language's words for it."""

    english: tuple[str, ...]
    words: dict[str, tuple[str, ...]]
    """language → the term first, then the forms and stems a sentence may use instead."""
    sources: dict[str, str]
    avoid: dict[str, tuple[str, ...]]
    """language → words not to use for this thing."""

    @property
    def name(self) -> str:
        return self.english[0]

    def named_in_english(self, text: str) -> bool:
        """Whether the English ``text`` uses one of this thing's English words, as a word."""
        words = "|".join(re.escape(w) for w in sorted(self.english, key=len, reverse=True))
        return re.search(rf"(?<![A-Za-z])(?:{words})(?![A-Za-z])", text, re.I) is not None

    def named_in(self, language: str, text: str) -> bool:
        """Whether ``text`` uses the language's term in one of its forms (inflected words
        contain the form or stem the glossary lists, so a substring is enough)."""
        folded = text.casefold()
        return any(form.casefold() in folded for form in self.words[language])


@dataclass(frozen=True)
class Fault:
    """What the glossary check found wrong in one catalogue entry."""

    key: str
    term: str
    problem: str

    def __str__(self) -> str:
        return f"{self.key}: {self.problem} ({self.term})"


def catalogue(language: str) -> Path:
    """The message catalogue (.po) of ``language``, the source the build compiles."""
    return LOCALE / language / "LC_MESSAGES" / "alhambra_nb.po"


# -- reading the glossary ---------------------------------------------------------------------
def _cells(line: str) -> list[str]:
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def _words(cell: str) -> tuple[str, ...]:
    if cell == NOTHING:
        return ()
    return tuple(word.strip() for word in cell.split(";") if word.strip())


def read_glossary(text: str) -> list[Term]:
    """The rows of the glossary's one table (the lines that start with ``|``)."""
    lines = [line for line in text.splitlines() if line.startswith("|")]
    header, rows = _cells(lines[0]), lines[2:]  # lines[1] is the |---| row
    terms = []
    for line in rows:
        row = dict(zip(header, _cells(line), strict=True))
        terms.append(
            Term(
                english=_words(row["English"]),
                words={lang: _words(row[lang]) for lang in TRANSLATED},
                sources={lang: row[f"{lang} source"] for lang in TRANSLATED},
                avoid={lang: _words(row[f"{lang} not to use"]) for lang in TRANSLATED},
            )
        )
    return terms


TERMS = read_glossary(GLOSSARY.read_text(encoding="utf-8"))


# -- checking a catalogue ---------------------------------------------------------------------
def _plain(text: str) -> str:
    """``text`` without its placeholders and quoted notation: only the words a learner reads
    as written (a placeholder's value is checked where it is written, in its own entry)."""
    return CODE.sub(" ", PLACEHOLDER.sub(" ", text))


def _forms(value: str | tuple[str, ...] | list[str]) -> tuple[str, ...]:
    return tuple(value) if isinstance(value, (tuple, list)) else (value,)


def _excused(word: str, english: str, terms: Iterable[Term], language: str) -> bool:
    """A word ruled out for one thing is right where it is the term of another thing that the
    English names (Hungarian *palota* where the English says chambers)."""
    return any(
        t.named_in_english(english)
        and any(f.casefold() in word.casefold() for f in t.words[language])
        for t in terms
    )


def check_entry(
    language: str, key: str, english: str, translations: Iterable[str], terms: Iterable[Term]
) -> Iterator[Fault]:
    """The faults of one entry: ``english`` is its English (plural forms joined), and every
    translation (each plural form) is held to the glossary."""
    terms = list(terms)
    english = _plain(english)
    for text in map(_plain, translations):
        for term in terms:
            if (
                term.named_in_english(english)
                and not term.named_in(language, text)
                and (key, term.name) not in ALLOWED
            ):
                wanted = term.words[language][0]
                yield Fault(key, term.name, f"the English names it, but not with {wanted!r}")
            for word in term.avoid[language]:
                if word.casefold() in text.casefold() and not _excused(
                    word, english, terms, language
                ):
                    yield Fault(key, term.name, f"uses {word!r}, which the glossary rules out")


def check_catalogue(path: Path, language: str, terms: Iterable[Term] = TERMS) -> list[Fault]:
    """Every fault of the catalogue at ``path`` (a .po file of ``language``). Entries not yet
    translated are left to the completeness tests of ``test_i18n``."""
    terms = list(terms)
    with path.open("rb") as stream:
        catalogue = read_po(stream, locale=language)
    faults = []
    for message in catalogue:
        translations = [t for t in _forms(message.string) if t]
        if not message.id or not translations:
            continue
        english = " ".join(_forms(message.id))
        faults += check_entry(language, message.context, english, translations, terms)
    return faults


# -- the tests --------------------------------------------------------------------------------
def test_the_glossary_has_a_row_for_every_thing_the_translations_name():
    names = {term.name for term in TERMS}
    wanted = {
        "pavilion", "seraglio", "arcades", "chambers", "garden", "tower",
        "Denar", "Dirham", "Ducat", "Guilder", "fountain", "wall", "reserve", "redesign",
        "market", "money display", "scoring card", "neutral player", "gate", "diamond",
        "character card", "camp", "bastion", "Alhambra",
        "Abdul Karim", "Abdul Knihstig", "Abdul El'Schauf", "Faruk Will'haben", "Fatime",
        "Hakim Wahid", "Laila Wundabah", "Machma Klain", "Yammerad", "Yusuf E'Passuff",
    }  # fmt: skip
    assert wanted <= names


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_row_gives_a_term_and_its_source_in_every_language(language):
    for term in TERMS:
        assert term.english, term
        assert term.words[language], f"{term.name}: no {language} term"
        assert term.sources[language].split()[0] in SOURCES, f"{term.name}: {language} source"
        # a word ruled out must not be one of the term's own forms, or no text could pass
        for word in term.avoid[language]:
            assert not term.named_in(language, word), f"{term.name}: {word!r} is its own term"


def test_the_terms_of_expansion_ii_come_from_the_one_rulebook_that_covers_it():
    """Only the Hungarian rulebook (001) covers expansion II; the others say *catalogue*."""
    expansion = [t for t in TERMS if t.name in ("gate", "diamond", "character card", "camp")]
    assert {t.sources["hu"] for t in expansion} == {"001"}
    assert {t.sources[lang] for t in expansion for lang in ("de", "pl", "ja")} == {"catalogue"}


@pytest.mark.parametrize("language", TRANSLATED)
def test_every_catalogue_entry_uses_the_glossarys_terms(language):
    faults = check_catalogue(catalogue(language), language)
    assert [str(fault) for fault in faults] == []


def _broken_copy(tmp_path: Path, language: str, key: str, right: str, wrong: str) -> Path:
    """The language's real catalogue, with ``right`` swapped for ``wrong`` in entry ``key``."""
    text = catalogue(language).read_text(encoding="utf-8")
    start = text.index(f'msgctxt "{key}"\n')
    end = text.find("\n\n", start)
    entry = text[start:end]
    assert right in entry, f"{key} no longer says {right!r}: pick another entry for this test"
    path = tmp_path / f"{language}.po"
    path.write_text(text[:start] + entry.replace(right, wrong) + text[end:], encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("language", "key", "right", "wrong", "term"),
    [
        # the whole Alhambra called by the word of one building type
        ("hu", "turn/act-first", "Alhambra átépítéséből", "palota átépítéséből", "Alhambra"),
        ("ja", "turn/act-first", "アルハンブラ", "宮殿", "Alhambra"),
        # a currency by a name the Polish rulebook does not use
        ("pl", "currency.denar", "niebieska", "Denar", "Denar"),
        # the neutral player by a word other than the rulebook's
        ("hu", "place/no-neutral", "képzeletbeli", "semleges", "neutral player"),
    ],
)
def test_the_check_finds_a_term_swapped_for_a_word_it_rules_out(
    tmp_path, language, key, right, wrong, term
):
    assert check_catalogue(catalogue(language), language) == []
    broken = _broken_copy(tmp_path, language, key, right, wrong)
    found = {(f.key, f.term) for f in check_catalogue(broken, language)}
    assert found == {(key, term)}
    problems = [f.problem for f in check_catalogue(broken, language)]
    assert any("not with" in p for p in problems) and any("rules out" in p for p in problems)


def test_a_building_word_is_right_where_the_english_names_that_building():
    """Hungarian *palota* is ruled out for the Alhambra, but it is the chambers' own term."""
    faults = check_entry(
        "hu",
        "x",
        "Ana builds chambers in her Alhambra.",
        ["Ana palotát épít az Alhambrájába."],
        TERMS,
    )
    assert list(faults) == []
    faults = check_entry(
        "hu", "x", "Ana builds in her Alhambra.", ["Ana a palotájába épít."], TERMS
    )
    assert {f.term for f in faults} == {"Alhambra"}


def test_an_inflected_form_counts_and_quoted_code_does_not():
    """Polish and Hungarian bend nouns; code a learner types is notation, not the term."""
    assert list(check_entry("pl", "x", "two towers", ["dwie wieże"], TERMS)) == []
    assert list(check_entry("hu", "x", "the tower", ["a tornyot"], TERMS)) == []
    faults = check_entry("pl", "x", "Denar 4", ["karta 'denar 4'"], TERMS)
    assert {f.term for f in faults} == {"Denar"}

"""The catalogue: the learner's language, and every sentence put into it.

- the languages a learner may choose, the session's language and the gettext catalogues that
  translate the English templates of :mod:`.templates` (compiled to ``.mo`` when the package is
  built; each template's stable key is the message context and its English the message id, so
  a changed English sentence asks for a new translation);
- :func:`render` fills a template with its parameters, each put into words in the same
  language: a value that has words of its own says them (``in_words``: a tile, a building, a
  side, cards), a cell is written ``(2, -1)``, a :class:`Phrase` is a sub-sentence rendered
  with its sentence;
- :func:`shown` quotes a refused value, :func:`kind_of` names its kind.

Violations keep their parameters (tiles, cells, sides, numbers) rather than finished text, so a
new language is a catalogue, not code. This file is the catalogue's floor: it imports nothing
of the package but the error and the templates.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterable, Mapping, Sequence
from enum import Enum
from functools import cache
from pathlib import Path
from typing import Any

from .errors import AlhambraError
from .templates import ENGLISH, NOUN_FORMS, Template, add_messages

__all__ = [
    "DEFAULT_LANGUAGE",
    "ENGLISH",
    "LANGUAGES",
    "NOUN_FORMS",
    "SOURCE_LANGUAGE",
    "LanguageError",
    "Noun",
    "Phrase",
    "Template",
    "add_messages",
    "check_language",
    "format_cell",
    "get_language",
    "join",
    "kind_of",
    "languages",
    "render",
    "resolve",
    "sentences",
    "set_language",
    "shown",
    "template",
    "translate",
    "word",
    "words",
]

# -- the languages ---------------------------------------------------------------------------
DOMAIN = "alhambra_nb"
"""The gettext domain: the catalogues' file name."""

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
"""Where the catalogues are: ``<language>/LC_MESSAGES/alhambra_nb.po`` and its ``.mo``."""

SOURCE_LANGUAGE = "en"
"""The language the templates are written in."""

LANGUAGES: dict[str, str] = {
    "en": "English",
    "hu": "Magyar",
    "de": "Deutsch",
    "pl": "Polski",
    "ja": "日本語",
}
"""Every language a learner may choose, by code, each with its name in its own words."""

ENVIRONMENT_VARIABLE = "ALHAMBRA_NB_LANGUAGE"
"""Names the session's default language, before the locale is asked."""

_LOCALE_VARIABLES = ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG")
"""Where the locale is read, in gettext's own order."""


class LanguageError(AlhambraError):
    """Raised when a language is asked for that has no catalogue, e.g. ``'fr'``."""


def languages() -> dict[str, str]:
    """The languages a learner may choose: code → the language's name in its own words."""
    return dict(LANGUAGES)


def check_language(language: object) -> str:
    """``language`` as one of :data:`LANGUAGES`' codes; a clear error naming them otherwise."""
    if isinstance(language, str) and language.strip().lower() in LANGUAGES:
        return language.strip().lower()
    known = ", ".join(f"{code} ({name})" for code, name in LANGUAGES.items())
    raise LanguageError(render("refusal.language", {"value": shown(language), "known": known}))


def locale_language(environ: dict[str, str] | None = None) -> str | None:
    """The language of the locale (``hu_HU.UTF-8`` → ``hu``) when it is one of ours.

    As gettext reads it: the first of ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES`` and ``LANG``
    that is set decides; ``LANGUAGE`` may list several in order of preference (``fr:pl``)."""
    environ = dict(os.environ) if environ is None else environ
    for variable in _LOCALE_VARIABLES:
        value = environ.get(variable, "")
        if not value:
            continue
        for choice in value.split(":"):
            code = choice.split(".")[0].split("@")[0].split("_")[0].lower()
            if code in LANGUAGES:
                return code
        return None
    return None


def default_language(environ: dict[str, str] | None = None) -> str:
    """The session's starting language: ``ALHAMBRA_NB_LANGUAGE`` if set, else the locale's
    language if it is one of ours, else English."""
    environ = dict(os.environ) if environ is None else environ
    chosen = environ.get(ENVIRONMENT_VARIABLE)
    if chosen:
        return check_language(chosen)
    return locale_language(environ) or SOURCE_LANGUAGE


class _Session:
    language: str | None = None


def set_language(language: str) -> None:
    """Speak ``language`` (``"hu"``, ``"de"``, ``"pl"``, ``"ja"`` or ``"en"``) from now on:
    rule explanations, the game log, scoring, chapters and new widgets."""
    _Session.language = check_language(language)


def get_language() -> str:
    """The session's language (see :func:`set_language` and :func:`default_language`)."""
    if _Session.language is None:
        _Session.language = default_language()
    return _Session.language


def resolve(language: str | None) -> str:
    """``language`` checked, or the session's language for ``None``."""
    return get_language() if language is None else check_language(language)


def catalogue_path(language: str, suffix: str = ".mo") -> Path:
    """The file of ``language``'s catalogue, compiled (``.mo``) or its source (``.po``)."""
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}{suffix}"


@cache
def translations(language: str) -> gettext.NullTranslations:
    """The compiled catalogue of ``language`` (English needs none)."""
    if language == SOURCE_LANGUAGE:
        return gettext.NullTranslations()
    path = catalogue_path(language)
    if not path.exists():
        params = {"language": LANGUAGES[language], "file": path.name}
        raise LanguageError(render("refusal.catalogue-missing", params, SOURCE_LANGUAGE))
    with path.open("rb") as stream:
        return gettext.GNUTranslations(stream)


def translate(key: str, english: str | tuple[str, str], language: str, count: int = 1) -> str:
    """The template ``key`` in ``language``: ``english`` is the text, or its singular and
    plural forms (chosen by ``count`` with the language's plural rule)."""
    catalogue = translations(language)
    if isinstance(english, tuple):
        return catalogue.npgettext(key, english[0], english[1], count)
    return catalogue.pgettext(key, english)


# -- quoting what was given ------------------------------------------------------------------
def shown(value: object) -> str:
    """``repr(value)`` as an error message quotes it: cut short when long, and a number of
    thousands of digits described (Python refuses to write one out)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return render("shown.digits", {"count": int(value.bit_length() * 0.30103)})
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # a container holding such a number, or itself
        return render("shown.too-large", {"kind": kind_of(value)})
    return text if len(text) <= 60 else text[:57] + "..."


def format_cell(cell: tuple[int, int]) -> str:
    """A cell as learners read it: ``(2, -1)``."""
    return f"({cell[0]}, {cell[1]})"


# -- sentences -------------------------------------------------------------------------------
DEFAULT_LANGUAGE = SOURCE_LANGUAGE
"""The language the templates are written in (the session may speak another)."""


def template(key: str, language: str | None = None, count: int = 1) -> str:
    """The template ``key`` in ``language`` (the session's by default); a plural template
    takes the form for ``count``."""
    return translate(key, ENGLISH[key], resolve(language), count)


def render(key: str, params: Mapping[str, Any], language: str | None = None) -> str:
    """Fill the template ``key`` of ``language`` (the session's by default) with ``params``
    put into words. A plural template is chosen by the parameter ``count``."""
    language = resolve(language)
    count = params.get("count", 1)
    text = template(key, language, count if isinstance(count, int) else 1)
    words = {name: _words(value, language) for name, value in params.items()}
    try:
        return text.format(**words)
    except (KeyError, IndexError, ValueError):
        if language == SOURCE_LANGUAGE:
            raise  # a fault of the package's own English, found by its tests
        # A translation that asks for a form a value does not have must not cost the
        # learner the sentence: say it in English (the catalogue checks find the fault).
        english = {name: _words(value, SOURCE_LANGUAGE) for name, value in params.items()}
        return template(key, SOURCE_LANGUAGE, count if isinstance(count, int) else 1).format(
            **english
        )


class Noun:
    """A noun put into words: its name in the language, and on request (``{tile:acc}``) one
    of its grammatical forms (see :data:`NOUN_FORMS`)."""

    __slots__ = ("key", "language", "text")

    def __init__(self, key: str, language: str) -> None:
        self.key = key
        self.language = language
        self.text = template(key, language)

    def __format__(self, form: str) -> str:
        if not form:
            return self.text
        if form not in NOUN_FORMS:
            raise ValueError(f"no noun form {form!r}: the forms are {NOUN_FORMS}")
        return template(f"{self.key}@{form}", self.language)

    def __str__(self) -> str:
        return self.text


def _words(value: Any, language: str) -> Any:
    if isinstance(value, Phrase):
        return render(value.key, value.params, language)
    if isinstance(value, tuple) and len(value) == 2:
        if hasattr(value[0], "in_words") and isinstance(value[1], tuple):
            # (tile, cell): "the garden at (2, 0)"
            return render("tile-at", {"tile": value[0], "cell": value[1]}, language)
        if all(isinstance(v, int) and not hasattr(v, "in_words") for v in value):
            return format_cell(value)  # a cell
    if hasattr(value, "in_words"):
        return value.in_words(language)
    if isinstance(value, (list, tuple)):
        return join([str(_words(v, language)) for v in value], language)
    return value


def word(value: object, language: str | None = None) -> str:
    """The learner's word for a building type, a tile, a side or a currency: ``"torony"`` for
    ``Building.TOWER`` in Hungarian."""
    language = resolve(language)
    if hasattr(value, "in_words"):
        return str(value.in_words(language))
    key = f"currency.{value.value}" if isinstance(value, Enum) else None
    if key is None or key not in ENGLISH:
        raise AlhambraError(render("refusal.word", {"value": shown(value)}, language))
    return template(key, language)


def join(items: Sequence[str], language: str | None = None) -> str:
    """``a``, ``a and b``, ``a, b and c`` in the language's words."""
    if len(items) <= 1:
        return "".join(items)
    language = resolve(language)
    return (
        template("list.sep", language).join(items[:-1]) + template("list.and", language) + items[-1]
    )


def sentences(items: Iterable[str], language: str | None = None) -> str:
    """Sentences said one after the other, as ``language`` writes them: a space between two
    sentences in the European languages, none in Japanese (the catalogue's ``sentence.join``:
    a template, as gettext cannot translate a text into an empty one)."""
    joined = template("sentence.join", language)
    said = ""
    for number, sentence in enumerate(items):
        said = sentence if number == 0 else joined.format(before=said, after=sentence)
    return said


def kind_of(value: object, language: str | None = None) -> str:
    """What kind of value ``value`` is, in the catalogue's words ("a list", "a text"): how a
    refusal names what it got instead, without a Python type name."""
    if value is None:
        kind = "none"
    elif isinstance(value, bool):
        kind = "bool"
    elif isinstance(value, (int, float)):
        kind = "number"
    elif isinstance(value, str):
        kind = "text"
    elif isinstance(value, (bytes, bytearray)):
        kind = "bytes"
    elif isinstance(value, (list, tuple)):
        kind = "list"
    elif isinstance(value, Mapping):
        kind = "object"
    else:
        kind = "other"
    return render(f"kind.{kind}", {}, language)


class Phrase:
    """A sub-sentence kept as a template key and parameters, rendered with its sentence."""

    __slots__ = ("key", "params")

    def __init__(self, key: str, **params: Any) -> None:
        self.key = key
        self.params = params

    @classmethod
    def of(cls, key: str, params: dict[str, Any]) -> Phrase:
        """The phrase of ``key`` with ``params`` taken as they are (the rules make a phrase
        for every side of a tile they explain: no keywords to gather)."""
        phrase = object.__new__(cls)
        phrase.key, phrase.params = key, params
        return phrase

    def __repr__(self) -> str:
        return f"Phrase({self.key!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Phrase) and (self.key, self.params) == (other.key, other.params)

    def __hash__(self) -> int:
        return hash(self.key)


def words(prefix: str, language: str | None = None) -> dict[str, str]:
    """Every template whose key starts with ``prefix``, keyed without it, in ``language``
    (the session's by default): what a view sends to a page that writes its own words."""
    language = resolve(language)
    return {
        key.removeprefix(prefix): template(key, language)
        for key in ENGLISH
        if key.startswith(prefix)
    }

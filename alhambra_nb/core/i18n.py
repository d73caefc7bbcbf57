"""The learner's language: the languages there are, the session's language, and the gettext
catalogues that translate the English templates of :mod:`.messages`.

Every template has a stable key (``placement/walls-match:wall-open``) and an English text. In
the gettext catalogues (``alhambra_nb/locale/<language>/LC_MESSAGES/alhambra_nb.po``, compiled to
``.mo`` when the package is built) the key is the message context and the English text the
message id, so a translator sees the English sentence and a changed English sentence asks for
a new translation. English itself needs no catalogue.
"""

from __future__ import annotations

import gettext
import os
from functools import cache
from pathlib import Path

from .errors import AlhambraError, shown

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
    from .messages import render  # the catalogue speaks of languages: imported when needed

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
        from .messages import render

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

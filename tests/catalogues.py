"""Catalogues made for a test: compiled gettext catalogues the package reads instead of its own.

A test that must show a text comes from the catalogue, whatever the translators have done so
far, writes a catalogue whose translations it knows (every template in capitals, a few known
Hungarian words) and reads the package's words through it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo

from alhambra_nb.core import messages as i18n
from alhambra_nb.core.messages import ENGLISH, Template


def write_catalogue(folder: Path, language: str, translations: Mapping[str, Template]) -> None:
    """Compile ``translations`` (key → text, or the plural forms) as ``language``'s catalogue
    in ``folder``, laid out as ``alhambra_nb/locale``. A plural template given fewer forms than
    the language has repeats its last one."""
    catalogue = Catalog(locale=language, domain=i18n.DOMAIN)
    for key, text in translations.items():
        english = ENGLISH[key]
        if isinstance(english, tuple):
            forms = text if isinstance(text, tuple) else (text,)
            missing = catalogue.num_plurals - len(forms)
            catalogue.add(english, (*forms, *[forms[-1]] * missing), context=key)
        else:
            catalogue.add(english, text, context=key)
    path = folder / language / "LC_MESSAGES" / f"{i18n.DOMAIN}.mo"
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as stream:
        write_mo(stream, catalogue, use_fuzzy=True)


def every_template(translate: Callable[[str], str]) -> dict[str, Template]:
    """Every English template of the package put through ``translate`` (each plural form)."""
    return {
        key: tuple(translate(form) for form in english)  # type: ignore[misc]
        if isinstance(english, tuple)
        else translate(english)
        for key, english in ENGLISH.items()
    }


@contextmanager
def reading(folder: Path) -> Iterator[None]:
    """The package reads the catalogues in ``folder``; its own again afterwards, and the
    session in the language it spoke before."""
    before = i18n.LOCALE_DIR, i18n.get_language()
    i18n.LOCALE_DIR = folder
    i18n.translations.cache_clear()
    try:
        yield
    finally:
        i18n.LOCALE_DIR = before[0]
        i18n.translations.cache_clear()
        i18n.set_language(before[1])

"""Keep the gettext catalogues in step with the English templates (``make messages``).

    python scripts/messages.py extract   # write alhambra_nb/locale/alhambra_nb.pot
    python scripts/messages.py update    # merge it into every language's .po (or: update hu)
    python scripts/messages.py status    # how many templates each language still lacks
    python scripts/messages.py check hu  # what is wrong with a catalogue (all: no language)

The English templates are data in the package (``alhambra_nb.core.messages.ENGLISH``, with the
chapters' and widgets' texts added when they are imported), so they are read from the package
rather than searched for in the source; Babel writes and merges the catalogues. Each entry's
message context is the template's key, its message id the English text.
"""

from __future__ import annotations

import argparse
import importlib
import re
import sys

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from alhambra_nb.core.messages import (
    DOMAIN,
    ENGLISH,
    LANGUAGES,
    LOCALE_DIR,
    NOUN_FORMS,
    SOURCE_LANGUAGE,
    catalogue_path,
)

PARTS = (
    "alhambra_nb.render",
    "alhambra_nb.chapters",
    "alhambra_nb.widgets",
    "alhambra_nb.widgets.game",
    "alhambra_nb.widgets.chapter",
    "alhambra_nb.lab",
)
"""The parts of the package that add their texts to the catalogue when imported."""

TEMPLATE = LOCALE_DIR / f"{DOMAIN}.pot"
WIDTH = 100
PLACEHOLDER = re.compile(r"(?<!\{)\{([a-z_]+)(?::[a-z]+)?\}")


def english() -> dict[str, str | tuple[str, str]]:
    """Every English template of the package, by key."""
    for part in PARTS:
        importlib.import_module(part)
    return dict(ENGLISH)


KEY_NOTES = {
    "answer.": (
        "Words a learner may type as this answer; the English is always read too. Separate "
        "several forms of the word with | (the code splits them); the first form is how "
        "feedback and examples write it."
    ),
    "tile-words.": (
        "A tile named with what tells it from the others of its type. {name} is the tile's "
        "noun, already in the form the sentence asks for; the details follow it."
    ),
    "amount.": (
        "An amount of money: the number and the currency written together, one text per "
        "plural form of your language."
    ),
    "sentence.join": (
        "Two sentences said one after the other: with a space between them, or none where "
        "the language writes none (Japanese: {before}{after})."
    ),
}
"""Notes for the translators of whole families of entries, by the start of their keys."""


def translator_note(key: str, text: str | tuple[str, str]) -> list[str]:
    """What a translator needs beside the English: the placeholders and how nouns bend."""
    notes = []
    if "@" in key:
        form = key.rsplit("@", 1)[1]
        notes.append(
            f"The '{form}' form of this noun, for templates that write {{tile:{form}}} or "
            "{side:" + form + "}. Put here what that form is in your language (a case "
            "ending, the article); English has one form for all."
        )
    notes += [note for prefix, note in KEY_NOTES.items() if key.startswith(prefix)]
    texts = text if isinstance(text, tuple) else (text,)
    names = sorted({name for t in texts for name in PLACEHOLDER.findall(t)})
    if names:
        notes.append(
            "Placeholders: "
            + ", ".join("{" + n + "}" for n in names)
            + f". Nouns may take a form: {{tile:acc}} (forms: {', '.join(NOUN_FORMS)})."
        )
    if isinstance(text, tuple):
        notes.append("Chosen by {count}.")
    return notes


def template_catalogue() -> Catalog:
    catalogue = Catalog(project="alhambra_nb", domain=DOMAIN, fuzzy=False)
    for key, text in english().items():
        catalogue.add(text, context=key, auto_comments=translator_note(key, text))
    return catalogue


def extract() -> None:
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    with TEMPLATE.open("wb") as stream:
        write_po(stream, template_catalogue(), width=WIDTH, omit_header=False)
    print(f"{TEMPLATE}: {len(english())} templates")


def update(languages: list[str]) -> None:
    with TEMPLATE.open("rb") as stream:
        template = read_po(stream)
    for language in languages or LANGUAGES:
        if language == SOURCE_LANGUAGE:
            continue
        path = catalogue_path(language, ".po")
        if path.exists():
            with path.open("rb") as stream:
                catalogue = read_po(stream, locale=language)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            catalogue = Catalog(locale=language, project="alhambra_nb", domain=DOMAIN)
        catalogue.update(template, no_fuzzy_matching=True)
        _set_header(catalogue, language)
        with path.open("wb") as stream:
            write_po(stream, catalogue, width=WIDTH, ignore_obsolete=True)
        print(f"{path}: {missing(catalogue)} of {len(template)} templates to translate")


def _set_header(catalogue: Catalog, language: str) -> None:
    catalogue.fuzzy = False  # the header is no guess: gettext must read its plural rule
    catalogue.project, catalogue.version = "alhambra_nb", "0.1"
    catalogue.copyright_holder = "the alhambra_nb authors"
    catalogue.msgid_bugs_address = ""
    catalogue.language_team = f"{LANGUAGES[language]} <{language}>"
    catalogue.header_comment = (
        f"# {LANGUAGES[language]} texts of alhambra_nb, translated from the English templates.\n"
        "# Each entry's context is the template's key; keep its {placeholders}.\n"
        "# Update with `make messages`; the build compiles it."
    )


def missing(catalogue: Catalog) -> int:
    return sum(1 for message in catalogue if message.id and not _translated(message))


def _translated(message) -> bool:
    strings = message.string if isinstance(message.string, tuple) else (message.string,)
    return all(strings) and not message.fuzzy


def placeholders(text: str) -> set[str]:
    """The names of the placeholders of ``text`` (``{tile:acc}`` counts as ``tile``)."""
    return set(PLACEHOLDER.findall(text))


def problems(language: str) -> list[str]:
    """What is wrong with ``language``'s catalogue: texts missing, placeholders that differ
    from the English, noun forms that do not exist, templates that do not fill."""
    with catalogue_path(language, ".po").open("rb") as stream:
        catalogue = read_po(stream, locale=language)
    found = []
    for message in catalogue:
        if not message.id:
            continue
        key = message.context
        if not _translated(message):
            found.append(f"{key}: not translated")
            continue
        english = message.id if isinstance(message.id, tuple) else (message.id,)
        wanted = set().union(*(placeholders(t) for t in english))
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        for text in strings:
            if placeholders(text) != wanted:
                found.append(
                    f"{key}: placeholders {sorted(placeholders(text))} but the English has "
                    f"{sorted(wanted)}"
                )
            forms = set(re.findall(r"\{[a-z_]+:([a-z]+)\}", text)) - set(NOUN_FORMS)
            if forms:
                found.append(f"{key}: no noun forms {sorted(forms)}; the forms are {NOUN_FORMS}")
            if _fills(english[0], wanted) and not _fills(text, wanted):
                found.append(f"{key}: does not fill in as the English does")
    return found


def _fills(text: str, names: set[str]) -> bool:
    """Whether ``text`` is a template that fills in (a lesson's text with literal braces, such
    as ``{'Ana': 8}``, is no template and is never filled)."""
    try:
        text.format(**{name: _Sample() for name in names})
    except (ValueError, KeyError, IndexError):
        return False
    return True


class _Sample:
    def __format__(self, form: str) -> str:
        return "x"


def check(languages: list[str]) -> int:
    failed = 0
    for language in languages or [code for code in LANGUAGES if code != SOURCE_LANGUAGE]:
        found = problems(language)
        failed += len(found)
        print(f"{language}: {len(found)} problems")
        for line in found:
            print(f"  {line}")
    return 1 if failed else 0


def status() -> int:
    lacking = 0
    for language in LANGUAGES:
        if language == SOURCE_LANGUAGE:
            continue
        with catalogue_path(language, ".po").open("rb") as stream:
            count = missing(read_po(stream, locale=language))
        lacking += count
        print(f"{language}: {count} templates to translate")
    return 1 if lacking else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("extract", "update", "status", "check"))
    parser.add_argument("languages", nargs="*", help="update, check: the languages (default: all)")
    arguments = parser.parse_args(argv)
    command = arguments.command
    if command == "check":
        return check(arguments.languages)
    if command == "extract":
        extract()
    elif command == "update":
        update(arguments.languages)
    else:
        return status()
    return 0


if __name__ == "__main__":
    sys.exit(main())

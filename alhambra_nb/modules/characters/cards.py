"""The character cards of expansion II (RULES.md §9.3): the ten of ``data/characters.csv``,
their symbols, and what each does in the catalogue's words."""

from __future__ import annotations

import csv
from dataclasses import dataclass
from enum import StrEnum
from importlib import resources

from ...core.messages import add_messages, template
from ...core.money import register_cards


class Symbol(StrEnum):
    """When a character acts (the symbols in the card's corners)."""

    TURN = "♦"
    """On the owner's turns; at most one ♦ character per turn."""
    SCORING = "W"
    """At every scoring (German *Wertung*)."""
    ONCE = "1×"
    """Used once, then the card leaves the game."""


@dataclass(frozen=True, slots=True)
class Character:
    """One character card: its slug, name, symbol, what it does and how we read it."""

    slug: str
    name: str
    symbol: Symbol
    effect: str
    reading: str
    """``rulebook``, a ruling of RULES.md, or the choice the engine makes where the
    rulebook is silent ("our reading: ...")."""

    @property
    def id(self) -> str:
        """The stable card id: ``character-fatime``."""
        return f"character-{self.slug}"

    def describe(self, language: str | None = None) -> str:
        """What the character does, in ``language`` (the session's by default); a character
        added from another table has no translation and says its effect as written."""
        key = f"character.effect.{self.slug}"
        known = key in _EFFECTS and _EFFECTS[key] == self.effect
        return template(key, language) if known else self.effect

    def __str__(self) -> str:
        return self.name

    def __repr__(self) -> str:
        return f"card({self.id!r})"


def load_characters(text: str | None = None) -> tuple[Character, ...]:
    """The characters of an ``id,name,symbol,effect,reading`` table (default: the shipped
    one, ``data/characters.csv``)."""
    if text is None:
        text = resources.files("alhambra_nb.data").joinpath("characters.csv").read_text("utf-8")
    lines = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    return tuple(
        Character(row["id"], row["name"], Symbol(row["symbol"]), row["effect"], row["reading"])
        for row in csv.DictReader(lines)
    )


CHARACTERS: tuple[Character, ...] = load_characters()
"""The ten characters (names and effects from the rulebook; see ``data/characters.csv``)."""
# The effects a learner reads are catalogue templates (a character's name stays its name).
_EFFECTS = {f"character.effect.{c.slug}": c.effect for c in CHARACTERS}
add_messages(_EFFECTS)
register_cards(CHARACTERS)
BY_ID: dict[str, Character] = {c.id: c for c in CHARACTERS}

KARIM = "character-abdul-karim"
KNIHSTIG = "character-abdul-knihstig"
EL_SCHAUF = "character-abdul-el-schauf"
FARUK = "character-faruk-will-haben"
FATIME = "character-fatime"
HAKIM = "character-hakim-wahid"
LAILA = "character-laila-wundabah"
MACHMA = "character-machma-klain"
YAMMERAD = "character-yammerad"
YUSUF = "character-yusuf-e-passuff"

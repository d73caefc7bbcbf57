"""Rule variants: the readings of the rules that players argue about, as data on a game.

A :class:`Variants` value names one reading of each disputed rule; the default is the one
RULES.md rules on. A game keeps its variants (they are saved with it) and its ruleset carries
them, so the scoring lab can play the same seeds under two readings and compare.

- ``ring``: a closed ring of n wall segments scores ``"n"`` (ruling R5) or ``"n-1"`` (Board
  Game Arena's reading: the longest wall never passes the same corner twice);
- ``holes``: a hole is an enclosed empty area of ``"any"`` size (ruling R3) or only a
  ``"single"`` empty cell built round on four sides (the literal reading of some rulebooks);
- ``start_money``: starting money is dealt until a hand totals ``"at-least-20"`` (the
  rulebooks) or ``"more-than-20"``;
- ``hakim``: Hakim Wahid gives ``"one-and-a-half"`` times the majority points of the type
  named for him (ruling R10) or counts as ``"half-building"`` of it (a published calculator);
- ``majorities``: the points of each place per scoring and building type, ``None`` for the
  rulebooks' table; given as ``{round: {building: (1st, 2nd, 3rd)}}`` with every round and
  every type.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields, replace
from typing import Any

from .errors import AlhambraError
from .layout import HOLE_RULES, RING_RULES
from .messages import render, shown
from .tiles import BUILDINGS, Building

Table = tuple[tuple[tuple[int, ...], ...], ...]
"""A table of majority points: per scoring round (1-3), per type in :data:`BUILDINGS` order,
the points of 1st, 2nd, ... place."""

CHOICES: dict[str, tuple[str, ...]] = {
    "ring": RING_RULES,
    "holes": HOLE_RULES,
    "start_money": ("at-least-20", "more-than-20"),
    "hakim": ("one-and-a-half", "half-building"),
}
"""The readings of each variant that is a choice, the rules' own first."""

ROUNDS = (1, 2, 3)
MOST_POINTS = 1000
"""The most points one place may be given in a custom table."""


class VariantError(AlhambraError):
    """Raised when a rule variant is given a value it does not have, e.g. ``ring="n-2"``."""


@dataclass(frozen=True)
class Variants:
    """One reading of each disputed rule; ``Variants()`` is the rules as RULES.md rules."""

    ring: str = "n"
    holes: str = "any"
    start_money: str = "at-least-20"
    hakim: str = "one-and-a-half"
    majorities: Table | None = field(default=None)

    def __post_init__(self) -> None:
        for name, allowed in CHOICES.items():
            value = getattr(self, name)
            if not isinstance(value, str) or value not in allowed:
                words = {"field": name, "value": shown(value), "allowed": ", ".join(allowed)}
                raise VariantError(render("refusal.variant", words))
        if self.majorities is not None:
            object.__setattr__(self, "majorities", majority_table(self.majorities))

    @property
    def is_standard(self) -> bool:
        """Whether every rule is read as RULES.md rules."""
        return self == STANDARD

    @property
    def name(self) -> str:
        """A short name: ``"standard"``, or the readings that differ, e.g. ``"ring=n-1"``."""
        changed = [
            f"{f.name}={'custom' if f.name == 'majorities' else getattr(self, f.name)}"
            for f in fields(self)
            if getattr(self, f.name) != getattr(STANDARD, f.name)
        ]
        return ", ".join(changed) or "standard"

    def changed(self) -> dict[str, Any]:
        """The readings that differ from the rules' own, as JSON-ready data (what a save
        keeps)."""
        return {
            f.name: _json(getattr(self, f.name))
            for f in fields(self)
            if getattr(self, f.name) != getattr(STANDARD, f.name)
        }

    def points(self, round: int, building: Building) -> tuple[int, ...]:
        """The points of 1st, 2nd, ... place for ``building`` in scoring ``round``."""
        table = self.majorities if self.majorities is not None else STANDARD_TABLE
        return table[round - 1][BUILDINGS.index(building)]


def _json(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_json(v) for v in value]
    return value


STANDARD_TABLE: Table = (
    ((1,), (2,), (3,), (4,), (5,), (6,)),
    ((8, 1), (9, 2), (10, 3), (11, 4), (12, 5), (13, 6)),
    ((16, 8, 1), (17, 9, 2), (18, 10, 3), (19, 11, 4), (20, 12, 5), (21, 13, 6)),
)
"""The rulebooks' majority points (RULES.md §5), in :data:`Table` form."""


def majority_table(given: object) -> Table:
    """A custom majority table in :data:`Table` form: from a mapping ``{round: {building:
    points}}`` (buildings as :class:`Building` or by name) or a table already in that form;
    raises :class:`VariantError` naming what is wrong."""
    if isinstance(given, Mapping):
        rounds = [_round_of(given, r) for r in ROUNDS]
    elif isinstance(given, (tuple, list)) and len(given) == len(ROUNDS):
        rounds = [_row_by_building(r, row) for r, row in zip(ROUNDS, given, strict=True)]
    else:
        raise VariantError(render("refusal.variant-table", {"value": shown(given)}))
    return tuple(tuple(_places(r, b, row[b]) for b in BUILDINGS) for r, row in enumerate(rounds, 1))


def _round_of(given: Mapping[Any, Any], round: int) -> dict[Building, Any]:
    row = given.get(round, given.get(str(round)))
    if not isinstance(row, Mapping):
        words = {"round": round, "value": shown(row)}
        raise VariantError(render("refusal.variant-round", words))
    found: dict[Building, Any] = {}
    for key, points in row.items():
        building = _building(key)
        if building is None:
            words = {"round": round, "value": shown(key)}
            raise VariantError(render("refusal.variant-building", words))
        found[building] = points
    missing = [b.value for b in BUILDINGS if b not in found]
    if missing:
        words = {"round": round, "value": ", ".join(missing)}
        raise VariantError(render("refusal.variant-missing", words))
    return found


def _row_by_building(round: int, row: object) -> dict[Building, Any]:
    if not isinstance(row, (tuple, list)) or len(row) != len(BUILDINGS):
        raise VariantError(render("refusal.variant-round", {"round": round, "value": shown(row)}))
    return dict(zip(BUILDINGS, row, strict=True))


def _building(key: object) -> Building | None:
    if isinstance(key, Building):
        return key
    return next((b for b in BUILDINGS if b.value == key), None)


def _places(round: int, building: Building, points: object) -> tuple[int, ...]:
    if (
        not isinstance(points, (tuple, list))
        or not 1 <= len(points) <= 6
        or not all(
            isinstance(p, int) and not isinstance(p, bool) and 0 <= p <= MOST_POINTS for p in points
        )
    ):
        words = {"round": round, "building": building.value, "value": shown(points)}
        raise VariantError(render("refusal.variant-points", words))
    return tuple(points)


STANDARD = Variants()
"""The rules as RULES.md rules on them."""


def as_variants(given: object) -> Variants:
    """``given`` as :class:`Variants`: a value, ``None`` (the standard rules) or a mapping of
    field to reading (``{"ring": "n-1"}``); raises :class:`VariantError` naming the field."""
    if given is None:
        return STANDARD
    if isinstance(given, Variants):
        return given
    if isinstance(given, Mapping):
        names = {f.name for f in fields(Variants)}
        unknown = [k for k in given if k not in names]
        if unknown:
            words = {"value": shown(unknown[0]), "allowed": ", ".join(sorted(names))}
            raise VariantError(render("refusal.variant-name", words))
        return replace(STANDARD, **given)
    raise VariantError(render("refusal.variant-kind", {"value": shown(given)}))

"""Rule ids, violations and the errors that carry them.

Every broken rule is reported as a :class:`Violation` with a stable id (``placement/walking``),
a sentence for the learner, and exactly what a view must highlight: cells and tile sides.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .geometry import Cell, Side
from .messages import DEFAULT_LANGUAGE, render


class RuleId(StrEnum):
    """The stable ids of the rules; the values are the ids of RULES.md."""

    OCCUPIED = "placement/occupied"
    """The cell already holds a tile."""
    ORIENTATION = "placement/orientation"
    """Tiles stand upright like the fountain; they are never turned."""
    TOUCHES_CITY = "placement/touches-city"
    """A new tile shares at least one whole side with the Alhambra."""
    WALLS_MATCH = "placement/walls-match"
    """Shared sides match: wall against wall, open against open."""
    WALKING = "placement/walking"
    """A pedestrian can walk from the fountain onto the new tile."""
    NO_HOLES = "placement/no-holes"
    """No empty area becomes completely enclosed."""
    CAMP_SIDES = "placement/camp-sides"
    """Expansion II: bastions face only walls; plain camp sides face only plain camp sides."""
    REDESIGN_EMPTY = "redesign/empty"
    """There is no tile at the cell to take away or swap."""
    REDESIGN_FOUNTAIN = "redesign/fountain"
    """The fountain is never moved."""
    REDESIGN_DISCONNECTS = "redesign/disconnects"
    """Every remaining tile stays walkable from the fountain."""
    REDESIGN_HOLE = "redesign/hole"
    """Taking a tile away must not leave an enclosed empty cell."""
    CITY_FOUNTAIN = "city/fountain"
    """A city has its fountain at (0, 0) and nowhere else."""
    CITY_WALKING = "city/walking"
    """Every tile of a city is walkable from the fountain."""
    CITY_NO_HOLES = "city/no-holes"
    """A city has no enclosed empty area."""
    CITY_TOUCHES = "city/touches"
    """Every tile of a city is joined side to side to the rest of it."""


PLACEMENT_RULES: tuple[RuleId, ...] = (
    RuleId.OCCUPIED,
    RuleId.ORIENTATION,
    RuleId.TOUCHES_CITY,
    RuleId.WALLS_MATCH,
    RuleId.WALKING,
    RuleId.NO_HOLES,
)
"""The building rules of RULES.md §4 in teaching order."""

Edge = tuple[Cell, Side]
"""One side of the tile at a cell: what a view outlines."""


@dataclass(frozen=True)
class Violation:
    """One broken rule: its id, a sentence for the learner, and what to highlight.

    ``cells`` are the cells to mark (the new tile, a cut-off tile, enclosed empty cells);
    ``edges`` the tile sides to outline (mismatched sides, the walls in a pedestrian's way).
    """

    rule: RuleId
    key: str
    params: Mapping[str, Any] = field(default_factory=dict, compare=False, repr=False)
    cells: tuple[Cell, ...] = ()
    edges: tuple[Edge, ...] = ()

    @classmethod
    def of(
        cls,
        rule: RuleId,
        variant: str | None = None,
        *,
        cells: Iterable[Cell] = (),
        edges: Iterable[Edge] = (),
        **params: Any,
    ) -> Violation:
        """A violation of ``rule`` whose message is the catalogue's ``rule:variant`` template."""
        key = f"{rule.value}:{variant}" if variant else rule.value
        return cls(rule, key, params, tuple(cells), tuple(edges))

    @property
    def message(self) -> str:
        """The explanation in English."""
        return self.explain(DEFAULT_LANGUAGE)

    def explain(self, language: str = DEFAULT_LANGUAGE) -> str:
        """The explanation in ``language`` (falling back to English)."""
        return render(self.key, self.params, language)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready form: id, message, cells and edges (as ``[x, y, "N"]``)."""
        return {
            "rule": self.rule.value,
            "message": self.message,
            "cells": [list(c) for c in self.cells],
            "edges": [[c[0], c[1], s.name] for c, s in self.edges],
        }

    def __str__(self) -> str:
        return f"{self.rule.value}: {self.message}"


class RuleViolationError(ValueError):
    """Raised when an action breaks one or more rules; ``violations`` lists every one."""

    def __init__(self, violations: Iterable[Violation]) -> None:
        self.violations: tuple[Violation, ...] = tuple(violations)
        super().__init__("\n".join(str(v) for v in self.violations) or "rule broken")

    @property
    def rules(self) -> tuple[RuleId, ...]:
        """The ids of the broken rules, in the order they were found."""
        return tuple(v.rule for v in self.violations)


class IllegalPlacementError(RuleViolationError):
    """Raised when a tile is placed where a building rule forbids it."""


class IllegalRedesignError(RuleViolationError):
    """Raised when a tile is taken away or swapped against the redesign rules."""

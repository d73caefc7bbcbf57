"""What a task says about an answer, and what a view should highlight."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ..core import Violation
from ..core.geometry import Cell, Side
from ..core.messages import add_messages, render

add_messages(
    {
        "task.no-answer": (
            "Nothing to check yet. Type your answer in place of the three dots ..., "
            "then run this cell again (Shift + Enter)."
        ),
        "task.no-answer.example": (
            "Nothing to check yet. Type your answer in place of the three dots ..., "
            "for example {example}, then run this cell again (Shift + Enter)."
        ),
        "task.none": "This step sets no task, so there is nothing to check.",
        "task.choose-all": (
            "Choose every option that is right: there may be one or several. Type all "
            "their letters together."
        ),
        "task.example.letters": "{one} or {several}",
    }
)

Edge = tuple[Cell, Side]


def _unique(items: Iterable[Any]) -> tuple[Any, ...]:
    return tuple(dict.fromkeys(items))


@dataclass(frozen=True)
class Highlight:
    """Cells and tile sides a view should mark."""

    cells: tuple[Cell, ...] = ()
    edges: tuple[Edge, ...] = ()

    @classmethod
    def of(cls, violations: Iterable[Violation]) -> Highlight:
        """Everything the given violations point at, each cell and side once."""
        violations = list(violations)
        return cls(
            _unique(c for v in violations for c in v.cells),
            _unique(e for v in violations for e in v.edges),
        )

    def merged(self, other: Highlight) -> Highlight:
        return Highlight(_unique((*self.cells, *other.cells)), _unique((*self.edges, *other.edges)))

    def __bool__(self) -> bool:
        return bool(self.cells or self.edges)

    def to_dict(self) -> dict[str, list[list[Any]]]:
        return {
            "cells": [list(c) for c in self.cells],
            "edges": [[c[0], c[1], s.name] for c, s in self.edges],
        }


@dataclass(frozen=True)
class Verdict:
    """The answer to "is this right?": ``ok``, a message, and the engine's reasons.

    For a wrong answer the message explains why, built from the engine's violations where a
    building rule is involved; ``violations`` keeps them and ``highlight`` says what to mark.
    """

    ok: bool
    message: str
    violations: tuple[Violation, ...] = ()
    highlight: Highlight = Highlight()

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        return ("✓ " if self.ok else "✗ ") + self.message

    def to_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "message": self.message,
            "violations": [v.to_dict() for v in self.violations],
            "highlight": self.highlight.to_dict(),
        }


def right(message: str, violations: Iterable[Violation] = (), **marks: Any) -> Verdict:
    violations = tuple(violations)
    return Verdict(True, message, violations, _highlight(violations, **marks))


def wrong(message: str, violations: Iterable[Violation] = (), **marks: Any) -> Verdict:
    violations = tuple(violations)
    return Verdict(False, message, violations, _highlight(violations, **marks))


def _highlight(
    violations: tuple[Violation, ...], cells: Iterable[Cell] = (), edges: Iterable[Edge] = ()
) -> Highlight:
    return Highlight(tuple(cells), tuple(edges)).merged(Highlight.of(violations))


def no_answer(example: str | None = None) -> Verdict:
    """The verdict while the learner has not answered yet (the blank ``...`` or ``None``);
    ``example``, if given, shows the form of an answer."""
    if example is None:
        return Verdict(False, render("task.no-answer", {}))
    return Verdict(False, render("task.no-answer.example", {"example": example}))


def no_task(step_id: str) -> Verdict:
    return Verdict(False, render("task.none", {"step": step_id}))

"""What a task says about an answer, and what a view should highlight, in the learner's
language."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core import Violation
from ..core.geometry import Cell, Side
from ..core.messages import ENGLISH, add_messages, render, resolve, sentences, template

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
        "task.list.or": " or ",
        # between the clauses of a list whose items hold commas ("Ana 4; Ben 2")
        "task.separator": "; ",
    }
)

Edge = tuple[Cell, Side]


@dataclass(frozen=True)
class Voice:
    """How a task speaks: the learner's ``language``, and the ``step`` whose own texts (a
    quiz's options and notes, the prompt) it quotes from the catalogue.

    Every sentence of a verdict is rendered with one voice, so a whole verdict is in one
    language whatever the session speaks meanwhile."""

    language: str
    step: str | None = None

    @classmethod
    def of(cls, language: str | None = None, step: str | None = None) -> Voice:
        """The voice of ``language`` (the session's for ``None``) for the step ``step``."""
        return cls(resolve(language), step)

    def say(self, key: str, **params: Any) -> str:
        """The catalogue's sentence ``key``, filled with ``params``."""
        return render(key, params, self.language)

    def own(self, part: str, english: str) -> str:
        """The step's own text ``part`` (``"note.a"``, ``"prompt"``) in the language.

        A task asked outside its step, or a step made up on the spot whose text is not the
        catalogue's, keeps the ``english`` it was written with."""
        key = f"{self.step}#{part}"
        if self.step is None or ENGLISH.get(key) != english:
            return english
        return template(key, self.language)

    def reasons(self, violations: Iterable[Violation]) -> str:
        """The engine's explanations of ``violations``, one sentence after the other."""
        return self.sentences(v.explain(self.language) for v in violations)

    def sentences(self, items: Iterable[str]) -> str:
        """Sentences one after the other, as the language writes them (a space between
        them, or none in Japanese)."""
        return sentences(items, self.language)

    def listed(self, items: Sequence[str]) -> str:
        """Items one after the other, separated as the language separates a list."""
        return template("list.sep", self.language).join(items)

    def either(self, items: Sequence[str]) -> str:
        """``a``, ``a or b``, ``a, b or c`` in the language's words."""
        if len(items) <= 1:
            return "".join(items)
        return self.listed(items[:-1]) + template("task.list.or", self.language) + items[-1]


def violation_dict(violation: Violation, language: str | None = None) -> dict[str, Any]:
    """A violation as JSON-ready data, its message in ``language`` (the session's for
    ``None``)."""
    return {**violation.to_dict(), "message": violation.explain(language)}


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
    ``language`` is the language the message was said in: :meth:`to_dict` gives the
    violations' explanations in it too (``None``: the session's language).
    """

    ok: bool
    message: str
    violations: tuple[Violation, ...] = ()
    highlight: Highlight = Highlight()
    language: str | None = None

    def __bool__(self) -> bool:
        return self.ok

    def __str__(self) -> str:
        return ("✓ " if self.ok else "✗ ") + self.message

    def to_dict(self) -> dict[str, Any]:
        return {
            "ok": self.ok,
            "message": self.message,
            "violations": [violation_dict(v, self.language) for v in self.violations],
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


def no_answer(example: str | None = None, language: str | None = None) -> Verdict:
    """The verdict while the learner has not answered yet (the blank ``...`` or ``None``);
    ``example``, if given, shows the form of an answer."""
    language = resolve(language)
    if example is None:
        return Verdict(False, render("task.no-answer", {}, language), language=language)
    message = render("task.no-answer.example", {"example": example}, language)
    return Verdict(False, message, language=language)


def no_task(step_id: str, language: str | None = None) -> Verdict:
    """The verdict on an answer to a step that sets no task."""
    language = resolve(language)
    return Verdict(False, render("task.none", {"step": step_id}, language), language=language)

"""The rule chapters: every part of the rules as steps of data, with checks built on the engine.

::

    import alhambra_nb as alh

    alh.chapters.all()                            # the chapters, in teaching order
    chapter = alh.chapters.get("building")
    step = alh.chapters.step("building/walking/try")
    step.city, step.tile, step.highlight()        # what to show
    print(step.check((0, -2)))                    # ✓ or ✗ with the engine's explanation
    step.to_dict()                                # the same, as JSON-ready data for a view
    step.check((0, -2), language="hu")            # … and in another language
"""

from __future__ import annotations

from string import ascii_lowercase

from ..core.messages import add_messages, render, shown
from . import building, components, expansion, play, redesign, scoring, slips
from .coach import Coach, CoachError, Note, Question
from .expansion_tasks import (
    AllowedActionsTask,
    AuctionWinnerTask,
    CampPointsTask,
    GatePlaceTask,
    HighestBidTask,
)
from .model import ACTIONS, RULINGS, Chapter, ChapterError, Step
from .tasks import (
    RULE_NAMES,
    AnswerError,
    LegalCellsTask,
    LongestWallTask,
    MajorityTask,
    PlaceTask,
    QuizTask,
    RemovalTask,
    SwapTask,
    Task,
)
from .verdict import Highlight, Verdict

CHAPTERS: tuple[Chapter, ...] = (
    components.CHAPTER,
    play.SETUP,
    play.TURN,
    play.BUYING,
    building.CHAPTER,
    redesign.CHAPTER,
    play.END_OF_TURN,
    play.SCORING_CARDS,
    scoring.CHAPTER,
    play.END_OF_GAME,
    play.TWO_PLAYERS,
    *expansion.EXPANSION_CHAPTERS,
)
"""Every chapter, in the order a learner meets them (RULES.md §1–§8, then expansion II §9)."""


def chapter_texts(chapters: tuple[Chapter, ...]) -> dict[str, str]:
    """Every text a learner reads in ``chapters``, keyed for the message catalogue: a
    chapter's ``chapter.<id>#title`` and ``#summary``, a step's ``<step id>#title``,
    ``#text``, ``#prompt`` and ``#then``, and a quiz's ``#option.a`` and ``#note.a``."""
    found: dict[str, str] = {}
    for chapter in chapters:
        found[f"chapter.{chapter.id}#title"] = chapter.title
        found[f"chapter.{chapter.id}#summary"] = chapter.summary
        for step in chapter.steps:
            found[f"{step.id}#title"] = step.title
            found[f"{step.id}#text"] = step.text
            if step.task is not None:
                found[f"{step.id}#prompt"] = step.task.prompt
            if isinstance(getattr(step.task, "then", None), str):
                found[f"{step.id}#then"] = step.task.then
            for letter, option in zip(
                ascii_lowercase, getattr(step.task, "options", ()), strict=False
            ):
                # a quiz's option is its text; an allowed-actions option is (action, label)
                label = option[1] if isinstance(option, tuple) else option
                found[f"{step.id}#option.{letter}"] = label
            for letter, note in zip(ascii_lowercase, getattr(step.task, "notes", ()), strict=False):
                found[f"{step.id}#note.{letter}"] = note
    return found


add_messages(chapter_texts(CHAPTERS))

_BY_ID: dict[str, Chapter] = {c.id: c for c in CHAPTERS}
_STEPS: dict[str, Step] = {s.id: s for c in CHAPTERS for s in c.steps}


def all() -> tuple[Chapter, ...]:  # shadows the builtin on purpose: alh.chapters.all()
    """Every chapter, in teaching order."""
    return CHAPTERS


def ids() -> tuple[str, ...]:
    """The chapter ids, in teaching order."""
    return tuple(_BY_ID)


def get(chapter_id: str) -> Chapter:
    """The chapter with id ``chapter_id`` (e.g. ``"building"``)."""
    try:
        return _BY_ID[chapter_id]
    except (KeyError, TypeError):
        params = {"value": shown(chapter_id), "known": list(_BY_ID)}
        raise ChapterError(render("refusal.chapter-unknown", params)) from None


def step(step_id: str) -> Step:
    """The step with id ``step_id`` (e.g. ``"building/walking/try"``), in any chapter."""
    try:
        return _STEPS[step_id]
    except (KeyError, TypeError):
        raise ChapterError(render("refusal.step-unknown", {"value": shown(step_id)})) from None


def steps() -> tuple[Step, ...]:
    """Every step of every chapter, in teaching order."""
    return tuple(_STEPS.values())


__all__ = [
    "ACTIONS",
    "CHAPTERS",
    "RULE_NAMES",
    "RULINGS",
    "AllowedActionsTask",
    "AnswerError",
    "AuctionWinnerTask",
    "CampPointsTask",
    "Chapter",
    "ChapterError",
    "Coach",
    "CoachError",
    "GatePlaceTask",
    "HighestBidTask",
    "Highlight",
    "LegalCellsTask",
    "LongestWallTask",
    "MajorityTask",
    "Note",
    "PlaceTask",
    "Question",
    "QuizTask",
    "RemovalTask",
    "Step",
    "SwapTask",
    "Task",
    "Verdict",
    "all",
    "get",
    "ids",
    "step",
    "steps",
]

slips.install()  # an exercise's typing slip is said in plain words (see slips)

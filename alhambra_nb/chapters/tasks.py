"""The kinds of task a step can set, each with a success check built on the engine.

A task never re-implements a rule: every check asks the core (``City.check``,
``City.legal_cells``, ``City.check_removal``, ``City.check_swap``, ``City.longest_wall``,
``score_round``) and explains a wrong answer with what the core says. A wrong or malformed
answer gives a verdict, never an exception, so a learner can simply try again.
"""

from __future__ import annotations

import ast
import re
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from string import ascii_lowercase
from typing import Any, ClassVar

from ..core import Building, City, RuleId, Tile, Violation, as_tile, score_round
from ..core.errors import AlhambraError
from ..core.geometry import Cell
from ..core.messages import (
    SOURCE_LANGUAGE,
    Phrase,
    add_messages,
    format_cell,
    join,
    render,
    shown,
    template,
)
from .verdict import Verdict, Voice, no_answer, right, wrong

add_messages(
    {
        "task.unreadable": "Sorry, I cannot read that: {error}.",
        "task.place.legal": "Yes: {where} breaks no building rule.",
        "task.place.right": "Yes: {where} breaks {goal} and nothing else. {reasons}",
        "task.place.too-legal": (
            "{where} would break no rule at all: it is a legal placement. "
            "Look for a cell where it breaks {goal}."
        ),
        "task.place.not-legal": (
            "{where} may not be built there. {reasons} "
            "Hint: look for a cell where it breaks none of the building rules."
        ),
        "task.place.not-quite": "Not quite. {reasons} {difference}",
        "task.place.not-broken": "It does not break {rules}.",
        "task.place.extra": "You want a cell where it does not break {rules}.",
        "task.place.corner": "Look for a cell where it touches the Alhambra only at a corner.",
        "task.place.no-rule": "no rule",
        "task.cells.right": (
            "Yes: the {tile} may go at exactly this cell: {cells}.",
            "Yes: the {tile} may go at exactly these {count} cells: {cells}.",
        ),
        "task.cells.not-legal": "{cell} is not legal: {reasons}",
        "task.cells.missed": (
            "There is {count} more legal cell that you have not named. Hint: try the {tile} on "
            "every empty cell that shares a whole side with the Alhambra, and check its walls "
            "against the neighbours there.",
            "There are {count} more legal cells that you have not named. Hint: try the {tile} "
            "on every empty cell that shares a whole side with the Alhambra, and check its "
            "walls against the neighbours there.",
        ),
        "task.removal.right": "Yes: exactly these tiles may be taken away: {cells}.",
        "task.removal.not-removable": "{cell} cannot be taken away: {reasons}",
        "task.removal.missed": (
            "{count} more tile could be taken away too. Hint: a tile may go when every other "
            "tile can still be walked to from the fountain and no hole is left.",
            "{count} more tiles could be taken away too. Hint: a tile may go when every other "
            "tile can still be walked to from the fountain and no hole is left.",
        ),
        "task.swap.right": (
            "Yes: the {tile} may take the place of the {old} at {cell}; every rule still holds."
        ),
        "task.swap.wrong": "Not there. {reasons}",
        "task.wall.right": (
            "Yes: the longest outer wall is {count} tile side long.",
            "Yes: the longest outer wall is {count} tile sides long.",
        ),
        "task.wall.too-long": (
            "Not {answer}: the longest wall is shorter than that. Walls between two tiles "
            "(double walls) are inner walls and do not count, and a wall broken by an open "
            "side or a gap ends there."
        ),
        "task.wall.too-short": (
            "Not {answer}: there is a longer wall. Follow the wall around corners, from tile "
            "to tile, as long as it goes on, and count the tile sides it runs along."
        ),
        "task.majority.right": "Yes. {explanation}.",
        "task.majority.wrong": "Not quite: {players}. {hint}",
        "task.majority.too-many": "{player} gets fewer points than that",
        "task.majority.too-few": "{player} gets more points than that",
        "task.majority.missing": "{player} is missing from your answer, yet scores points",
        "task.majority.hint.1": (
            "Hint: in the first scoring only the player with the most tiles of a type scores; "
            "players who tie share those points, rounded down."
        ),
        "task.majority.hint.2": (
            "Hint: in the second scoring the players with the most and the second most tiles "
            "of a type score; players who tie add up the points of their places and share "
            "them, rounded down."
        ),
        "task.majority.hint.3": (
            "Hint: in the third scoring the players with the most, the second and the third "
            "most tiles of a type score; players who tie add up the points of their places "
            "and share them, rounded down."
        ),
        "task.quiz.right": "Yes. {notes}",
        "task.quiz.wrong": "Not quite. {notes}",
        "task.quiz.one-right": "Hint: exactly one option is right. Read the others again.",
        "task.quiz.missed": (
            "Hint: {count} option is right and you have found {found} of them. Read the "
            "others again.",
            "Hint: {count} options are right and you have found {found} of them. Read the "
            "others again.",
        ),
        "task.quiz.note": "({letter}) {note}",
        "task.rule.other": "another building rule",
        # what an answer that cannot be read is told: the end of "Sorry, I cannot read that: …"
        "task.answer.cell": "an answer here is one cell such as (2, 1), not {value}",
        "task.answer.number": "an answer here is a whole number such as 4, not {value}",
        "task.answer.points": (
            "an answer here maps players to points, such as {{'Ana': 4}}, not {value}"
        ),
        "task.answer.player": "there is no player {value} here (players: {names})",
        "task.answer.points-number": "points are whole numbers such as 4, not {value}",
        "task.answer.cells": (
            "an answer here is a set of cells such as {{(1, 0), (2, 1)}}, not {value}"
        ),
        "task.answer.letters": (
            "an answer here is one or more of the letters {letters}, not {value}"
        ),
        "task.answer.letters-some": (
            "an answer here is some of the letters {letters}, not {value}"
        ),
        "task.answer.no-city": "this question needs a staged Alhambra, and none is staged here",
    }
)
"""The words of the tasks' feedback (every sentence a learner reads is in the catalogue)."""


RULE_NAMES: dict[RuleId, str] = {
    RuleId.OCCUPIED: "the empty-cell rule",
    RuleId.ORIENTATION: "the upright rule",
    RuleId.TOUCHES_CITY: "the touching rule",
    RuleId.WALLS_MATCH: "the matching-walls rule",
    RuleId.WALKING: "the walking rule",
    RuleId.NO_HOLES: "the no-holes rule",
    RuleId.CAMP_SIDES: "the camp-sides rule",
    RuleId.GATE: "the gate rule",
}
"""How the chapters name the building rules of RULES.md §4 (and §9) for a learner, in
English (:func:`rule_name` says it in the learner's language)."""

add_messages({f"task.rule.{rule.value}": name for rule, name in RULE_NAMES.items()})


def rule_name(rule: RuleId, language: str | None = None) -> str:
    """How the chapters name ``rule`` for a learner, in ``language`` (the session's for
    ``None``): "the walking rule"."""
    key = f"task.rule.{rule.value}" if rule in RULE_NAMES else "task.rule.other"
    return template(key, language)


_CELL_TEXT = re.compile(r"\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?")
_WHOLE_NUMBER = re.compile(r"[-+]?\d+")


class AnswerError(AlhambraError):
    """Raised when an answer cannot be read as the kind of answer a task asks for.

    It keeps the catalogue's key and parameters, so a verdict says it in the learner's
    language (:meth:`explain`); ``str()`` is the session's language."""

    def __init__(self, key: str, **params: Any) -> None:
        self.phrase = Phrase(key, **params)
        super().__init__(render(key, params))

    def explain(self, language: str | None = None) -> str:
        """What cannot be read, in ``language`` (the session's for ``None``)."""
        return render(self.phrase.key, self.phrase.params, language)


ANSWER_FORMS_SEPARATOR = "|"
"""Between the forms of one answer word in its catalogue entry (``"nikt|nikogo"``)."""


def accepted(key: str, language: str | None = None) -> tuple[str, ...]:
    """The words a learner may answer with for the catalogue entry ``key``
    (``"answer.nobody"``): its forms in ``language`` (the session's for ``None``) first, the
    first being how feedback writes it, then the English (every language reads the English
    notation too)."""
    forms = [
        form.strip()
        for text in (template(key, language), template(key, SOURCE_LANGUAGE))
        for form in text.split(ANSWER_FORMS_SEPARATOR)
    ]
    return tuple(dict.fromkeys(form for form in forms if form))


def answer_word(key: str, language: str | None = None) -> str:
    """How feedback and examples write the answer word ``key`` in ``language``: its first
    form (``"senki"`` for ``"answer.nobody"`` in Hungarian)."""
    return accepted(key, language)[0]


def answers_as(answer: object, key: str, language: str | None = None) -> bool:
    """Whether ``answer`` is one of the words :func:`accepted` for ``key``, in any case."""
    if not isinstance(answer, str):
        return False
    given = answer.strip().casefold()
    return any(given == form.casefold() for form in accepted(key, language))


def read_cell(answer: object) -> Cell:
    """A cell from ``(2, 1)``, ``[2, 1]`` or ``"2,1"``."""
    if isinstance(answer, str):
        found = _CELL_TEXT.fullmatch(answer.strip())
        if found:
            return (int(found[1]), int(found[2]))
    elif (
        isinstance(answer, (tuple, list))
        and len(answer) == 2
        and all(isinstance(v, int) and not isinstance(v, bool) for v in answer)
    ):
        return (answer[0], answer[1])
    raise AnswerError("task.answer.cell", value=shown(answer))


def read_number(answer: object) -> int:
    """A whole number from ``10`` or from ``"10"`` (an answer in quotes, read like a cell in
    quotes)."""
    if isinstance(answer, str) and _WHOLE_NUMBER.fullmatch(answer.strip()):
        return int(answer.strip())
    if not isinstance(answer, int) or isinstance(answer, bool):
        raise AnswerError("task.answer.number", value=shown(answer))
    return answer


def read_points(answer: object, players: Iterable[str]) -> dict[str, int]:
    """Points per player from ``{'Ana': 4, 'Ben': '0'}``; a player left out is not named."""
    names = list(players)
    if not isinstance(answer, Mapping):
        raise AnswerError("task.answer.points", value=shown(answer))
    unknown = [p for p in answer if p not in names]
    if unknown:
        raise AnswerError("task.answer.player", value=shown(unknown[0]), names=names)
    try:
        return {player: read_number(points) for player, points in answer.items()}
    except AnswerError:
        bad = next(v for v in answer.values() if not _reads_as_number(v))
        raise AnswerError("task.answer.points-number", value=shown(bad)) from None


def _reads_as_number(value: object) -> bool:
    try:
        read_number(value)
    except AnswerError:
        return False
    return True


def read_cells(answer: object) -> set[Cell]:
    """A set of cells from any collection of cells (a single cell counts as one)."""
    if isinstance(answer, (str, bytes)) or not isinstance(answer, Iterable):
        raise AnswerError("task.answer.cells", value=shown(answer))
    items = list(answer)
    try:
        return {read_cell(item) for item in items}
    except AnswerError:
        if len(items) == 2 and all(isinstance(v, int) for v in items):
            return {read_cell(items)}
        raise AnswerError("task.answer.cells", value=shown(answer)) from None


def read_letters(answer: object, count: int, *, none_allowed: bool = False) -> set[str]:
    """The option letters picked, from ``"a, c"`` or ``["a", "c"]``, among the first ``count``
    letters. With ``none_allowed`` an empty answer (``[]`` or ``""``) says "none of them"."""
    letters = ascii_lowercase[:count]
    if isinstance(answer, str):
        picked = {ch for ch in answer.lower() if ch.isalpha()}
    elif isinstance(answer, Iterable):
        picked = {str(a).strip().lower() for a in answer}
    else:
        picked = set()
    if not picked <= set(letters) or (
        not picked and not (none_allowed and isinstance(answer, Iterable))
    ):
        key = "task.answer.letters-some" if none_allowed else "task.answer.letters"
        # The letters are symbols to type, listed as such rather than as words of a sentence.
        raise AnswerError(key, letters=", ".join(letters), value=shown(answer))
    return picked


def cells_text(cells: Iterable[Cell], language: str | None = None) -> str:
    """Cells in reading order (north to south, west to east), e.g. ``(1, 0), (0, 1)``,
    separated as ``language`` separates a list."""
    return template("list.sep", language).join(format_cell(c) for c in reading_order(cells))


def reading_order(cells: Iterable[Cell]) -> list[Cell]:
    return sorted(cells, key=lambda c: (c[1], c[0]))


def around(city: City) -> list[Cell]:
    """Every cell of the city's bounding box grown by one, in reading order: where a
    learner might put a tile (built cells and corners included)."""
    xs = [x for x, _ in city]
    ys = [y for _, y in city]
    return [
        (x, y) for y in range(min(ys) - 1, max(ys) + 2) for x in range(min(xs) - 1, max(xs) + 2)
    ]


def _coerce_tile(task: Any) -> None:
    # Chapters name tiles by their codes ("tower-9-NE"); tasks keep Tile values.
    object.__setattr__(task, "tile", as_tile(task.tile))


def _need_city(city: City | None, kind: str) -> City:
    if city is None:
        raise AnswerError("task.answer.no-city", kind=kind)
    return city


def letters_example(count: int, right: Iterable[str], language: str | None = None) -> str:
    """The form of a choose-every-right-option answer, one letter or several and neither of
    them right (\"'a' or 'bc'\"): an example of one form alone would suggest how many to
    choose."""
    letters = ascii_lowercase[:count]
    answers = {"".join(sorted(answer)) for answer in right}
    one = next((ch for ch in letters if ch not in answers), letters[0])
    pairs = (a + b for i, a in enumerate(letters) for b in letters[i + 1 :])
    several = next((pair for pair in pairs if pair not in answers), letters[:2])
    return render("task.example.letters", {"one": repr(one), "several": repr(several)}, language)


class Task(ABC):
    """A question with a success check; subclasses are small frozen dataclasses."""

    kind: ClassVar[str]
    example: ClassVar[str | None] = None
    """What an answer looks like (its form, never the answer), for the not-yet-answered
    prompt."""
    shows_wall: ClassVar[bool] = True
    """Whether a board of the task's step may draw the longest wall (not when it is the
    answer)."""
    prompt: str
    step_id: ClassVar[str | None] = None
    """The step that sets the task (its step sets it on the task): whose catalogue texts
    (prompt, options, notes) the task quotes when no other step is named."""

    def voice(self, language: str | None = None, step: str | None = None) -> Voice:
        """How the task speaks ``language`` (the session's for ``None``), quoting the texts
        of the step ``step`` (its own step's by default)."""
        return Voice.of(language, step if step is not None else self.step_id)

    def check(
        self,
        city: City | None,
        answer: object,
        *,
        language: str | None = None,
        step: str | None = None,
    ) -> Verdict:
        """The verdict on ``answer`` in the staged ``city``; never raises for a bad answer.

        ``...`` (the blank an exercise starts with) and ``None`` are "not answered yet". The
        verdict speaks ``language`` (the session's for ``None``) and quotes the texts of the
        step ``step`` (its options and notes) in it.
        """
        voice = self.voice(language, step)
        if answer is None or answer is Ellipsis:
            return no_answer(self._harmless_example(city, voice.language), voice.language)
        try:
            verdict = self._check(city, answer, voice)
        except AnswerError as error:
            verdict = wrong(voice.say("task.unreadable", error=error.explain(voice.language)))
        return replace(verdict, language=voice.language)

    def answer_example(self, city: Any = None, language: str | None = None) -> str | None:
        """The form of an answer, as Python text (``"(3, -2)"``), or ``None`` (``city``: what
        the task is asked of, for an example in its own names; ``language``: the learner's,
        for an example in their words)."""
        return self.example

    def _harmless_example(self, city: City | None, language: str) -> str | None:
        # An example that happens to be a right answer would give the exercise away.
        if getattr(self, "multiple", False):
            count = len(getattr(self, "options", ()))
            return letters_example(count, self.solutions(city), language)
        example = self.answer_example(city, language)
        if example is None:
            return None
        try:
            # Judged in the example's language: its words are read in that language.
            gives_it_away = self._check(city, ast.literal_eval(example), Voice(language)).ok
        except (AnswerError, ValueError, SyntaxError):
            gives_it_away = False
        return None if gives_it_away else example

    @abstractmethod
    def _check(self, city: City | None, answer: object, voice: Voice) -> Verdict: ...

    @abstractmethod
    def solutions(self, city: City | None) -> list[Any]:
        """The right answers (all of them when there are several, in a stable order)."""

    def to_dict(self, *, language: str | None = None, step: str | None = None) -> dict[str, Any]:
        """The task as JSON-ready data for a view, its words in ``language`` (the session's
        for ``None``): the texts of the step ``step`` come from the catalogue."""
        voice = self.voice(language, step)
        prompt = voice.own("prompt", self.prompt)
        return {"kind": self.kind, "prompt": prompt, **self._fields(), **self._said(voice)}

    def _fields(self) -> dict[str, Any]:
        return {}

    def _said(self, voice: Voice) -> dict[str, Any]:
        """The fields of :meth:`to_dict` that a learner reads, in the voice's language."""
        return {}


UNHEARD = Voice(SOURCE_LANGUAGE)
"""The voice of a check whose verdict only decides (is it right?) and is never read."""


@dataclass(frozen=True)
class PlaceTask(Task):
    """Put ``tile`` at a cell where it breaks exactly the rules ``breaks`` (none: a legal cell).

    ``variant`` asks for one way of breaking a rule, e.g. ``placement/touches-city:corner``
    (touching at a corner only). ``rotation`` is how far the tile is turned.
    """

    kind: ClassVar[str] = "place"
    example: ClassVar[str | None] = "(3, -2)"
    tile: Tile
    breaks: frozenset[RuleId]
    prompt: str
    rotation: int = 0
    variant: str | None = None

    def __post_init__(self) -> None:
        _coerce_tile(self)
        object.__setattr__(self, "breaks", frozenset(RuleId(r) for r in self.breaks))

    def _check(self, city: City | None, answer: object, voice: Voice) -> Verdict:
        city = _need_city(city, self.kind)
        cell = read_cell(answer)
        found = city.check(self.tile, cell, self.rotation)
        broken = {v.rule for v in found}
        where = voice.say("tile-at", tile=self.tile, cell=cell)
        reasons = voice.reasons(found)
        if broken == self.breaks and self._has_variant(found):
            if not found:
                return right(voice.say("task.place.legal", where=where), cells=[cell])
            goal = self._goal(voice)
            return right(
                voice.say("task.place.right", where=where, goal=goal, reasons=reasons), found
            )
        if not found:
            said = voice.say(
                "task.place.too-legal", where=capitalised(where), goal=self._goal(voice)
            )
            return wrong(said, cells=[cell])
        if not self.breaks:
            said = voice.say("task.place.not-legal", where=capitalised(where), reasons=reasons)
            return wrong(said, found)
        difference = self._difference(broken, voice)
        said = voice.say("task.place.not-quite", reasons=reasons, difference=difference)
        return wrong(said.rstrip(), found)

    def _has_variant(self, found: list[Violation]) -> bool:
        return self.variant is None or any(v.key == self.variant for v in found)

    def _goal(self, voice: Voice) -> str:
        if not self.breaks:
            return voice.say("task.place.no-rule")
        names = [rule_name(r, voice.language) for r in sorted(self.breaks, key=_rule_order)]
        return join(names, voice.language)

    def _difference(self, broken: set[RuleId], voice: Voice) -> str:
        extra = sorted(broken - self.breaks, key=_rule_order)
        missing = sorted(self.breaks - broken, key=_rule_order)
        notes = []
        if missing:
            rules = voice.either([rule_name(r, voice.language) for r in missing])
            notes.append(voice.say("task.place.not-broken", rules=rules))
        if extra:
            rules = voice.either([rule_name(r, voice.language) for r in extra])
            notes.append(voice.say("task.place.extra", rules=rules))
        if not missing and not extra:
            notes.append(voice.say("task.place.corner"))
        return voice.sentences(notes)

    def solutions(self, city: City | None) -> list[Cell]:
        city = _need_city(city, self.kind)
        return [c for c in around(city) if self._check(city, c, UNHEARD).ok]

    def _fields(self) -> dict[str, Any]:
        return {
            "tile": self.tile.code,
            "rotation": self.rotation,
            "breaks": sorted(r.value for r in self.breaks),
            "variant": self.variant,
        }


def _rule_order(rule: RuleId) -> int:
    return list(RuleId).index(rule)


@dataclass(frozen=True)
class LegalCellsTask(Task):
    """Name every cell where ``tile`` may be built (the answer is a set of cells)."""

    kind: ClassVar[str] = "legal-cells"
    example: ClassVar[str | None] = "{(3, -2), (4, -2)}"
    tile: Tile
    prompt: str

    def __post_init__(self) -> None:
        _coerce_tile(self)

    def _check(self, city: City | None, answer: object, voice: Voice) -> Verdict:
        city = _need_city(city, self.kind)
        given = read_cells(answer)
        legal = city.legal_cells(self.tile)
        if given == legal:
            cells = cells_text(legal, voice.language)
            said = voice.say("task.cells.right", tile=self.tile, count=len(legal), cells=cells)
            return right(said, cells=reading_order(legal))
        notes, found = [], []
        for cell in reading_order(given - legal):
            reasons = city.check(self.tile, cell)
            found += reasons
            notes.append(
                voice.say("task.cells.not-legal", cell=cell, reasons=voice.reasons(reasons))
            )
        missing = len(legal - given)
        if missing:
            # How many, never which: finding them is the exercise.
            notes.append(voice.say("task.cells.missed", count=missing, tile=self.tile))
        return wrong(voice.sentences(notes), found)

    def solutions(self, city: City | None) -> list[set[Cell]]:
        return [set(_need_city(city, self.kind).legal_cells(self.tile))]

    def _fields(self) -> dict[str, Any]:
        return {"tile": self.tile.code}


@dataclass(frozen=True)
class RemovalTask(Task):
    """Name every tile that may be taken out of the Alhambra (a set of cells)."""

    kind: ClassVar[str] = "removable"
    example: ClassVar[str | None] = "{(3, -2), (4, -2)}"
    prompt: str

    def _check(self, city: City | None, answer: object, voice: Voice) -> Verdict:
        city = _need_city(city, self.kind)
        given = read_cells(answer)
        removable = self._removable(city)
        if given == removable:
            said = voice.say("task.removal.right", cells=cells_text(removable, voice.language))
            return right(said, cells=reading_order(removable))
        notes, found = [], []
        for cell in reading_order(given - removable):
            reasons = city.check_removal(cell)
            found += reasons
            said = voice.say(
                "task.removal.not-removable", cell=cell, reasons=voice.reasons(reasons)
            )
            notes.append(said)
        missing = len(removable - given)
        if missing:
            notes.append(voice.say("task.removal.missed", count=missing))
        return wrong(voice.sentences(notes), found)

    @staticmethod
    def _removable(city: City) -> set[Cell]:
        return set(city.removable_cells())

    def solutions(self, city: City | None) -> list[set[Cell]]:
        return [self._removable(_need_city(city, self.kind))]


@dataclass(frozen=True)
class SwapTask(Task):
    """Name a cell whose tile may be swapped for ``tile`` (the new one takes its cell)."""

    kind: ClassVar[str] = "swap"
    example: ClassVar[str | None] = "(3, -2)"
    tile: Tile
    prompt: str

    def __post_init__(self) -> None:
        _coerce_tile(self)

    def _check(self, city: City | None, answer: object, voice: Voice) -> Verdict:
        city = _need_city(city, self.kind)
        cell = read_cell(answer)
        reasons = city.check_swap(cell, self.tile)
        if not reasons:
            said = voice.say("task.swap.right", tile=self.tile, old=city[cell], cell=cell)
            return right(said, cells=[cell])
        return wrong(voice.say("task.swap.wrong", reasons=voice.reasons(reasons)), reasons)

    def solutions(self, city: City | None) -> list[Cell]:
        city = _need_city(city, self.kind)
        return [c for c in reading_order(city) if not city.check_swap(c, self.tile)]

    def _fields(self) -> dict[str, Any]:
        return {"tile": self.tile.code}


@dataclass(frozen=True)
class LongestWallTask(Task):
    """Say how many points the longest continuous outer wall scores (ruling R5)."""

    kind: ClassVar[str] = "longest-wall"
    shows_wall: ClassVar[bool] = False
    example: ClassVar[str | None] = "7"
    prompt: str

    def _check(self, city: City | None, answer: object, voice: Voice) -> Verdict:
        city = _need_city(city, self.kind)
        answer = read_number(answer)
        length = city.longest_wall()
        edges = city.longest_wall_segments() if answer == length else ()
        if answer == length:
            return right(voice.say("task.wall.right", count=length), edges=edges)
        # Neither the length nor the wall: counting it is the exercise.
        key = "task.wall.too-long" if answer > length else "task.wall.too-short"
        return wrong(voice.say(key, answer=answer))

    def solutions(self, city: City | None) -> list[int]:
        return [_need_city(city, self.kind).longest_wall()]


def _counts_dict(counts: Mapping[str, Mapping[Building, int]]) -> dict[str, dict[Building, int]]:
    return {p: {Building(b): n for b, n in per.items()} for p, per in counts.items()}


@dataclass(frozen=True)
class MajorityTask(Task):
    """Say how many majority points each player gets in a scoring round.

    ``counts`` maps each player to their buildings per type; ``building`` narrows the question
    to one type. The answer maps players to points (players who get nothing may be left out).
    """

    kind: ClassVar[str] = "majority"
    example: ClassVar[str | None] = "{'Ana': 8, 'Ben': 4}"
    counts: Mapping[str, Mapping[Building, int]]
    round: int
    prompt: str
    building: Building | None = None
    _frozen: dict[str, dict[Building, int]] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_frozen", _counts_dict(self.counts))

    def expected(self) -> dict[str, int]:
        """The points per player, from the engine's scoring."""
        breakdown = score_round(self._frozen, round=self.round)
        if self.building is None:
            return dict(breakdown.majorities)
        result = self._result(breakdown)
        return {p: result.points.get(p, 0) for p in self._frozen}

    def _result(self, breakdown: Any) -> Any:
        return next(r for r in breakdown.types if r.building is self.building)

    def explanation(self, language: str | None = None) -> str:
        """The engine's explanation of the scoring, one line per building type, in
        ``language`` (the session's for ``None``)."""
        breakdown = score_round(self._frozen, round=self.round)
        if self.building is not None:
            return self._result(breakdown).explain(language=language)
        lines = [r.explain(language=language) for r in breakdown.types if r.places]
        return template("task.separator", language).join(lines)

    def _check(self, city: City | None, answer: object, voice: Voice) -> Verdict:
        answer = read_points(answer, self._frozen)
        expected = self.expected()
        off = [p for p in self._frozen if answer.get(p, 0) != expected[p]]
        if not off:
            explanation = self.explanation(voice.language)
            return right(voice.say("task.majority.right", explanation=explanation))
        # Who is off and which way, never the points themselves.
        players = [voice.say(_how_far_off(answer, p, expected[p]), player=p) for p in off]
        hint = voice.say(f"task.majority.hint.{min(max(self.round, 1), 3)}")
        separator = template("task.separator", voice.language)
        return wrong(voice.say("task.majority.wrong", players=separator.join(players), hint=hint))

    def solutions(self, city: City | None) -> list[dict[str, int]]:
        return [self.expected()]

    def _fields(self) -> dict[str, Any]:
        return {
            "round": self.round,
            "building": self.building.value if self.building is not None else None,
            "counts": {
                p: {b.value: n for b, n in per.items() if n} for p, per in self._frozen.items()
            },
        }


@dataclass(frozen=True)
class QuizTask(Task):
    """A question with lettered options, for the parts of the rules a city cannot show.

    ``correct`` holds the letters of the right options; ``notes`` explains each option, so a
    wrong choice is told why it is wrong. The answer is a letter (``"b"``) or, when several
    are right, all of them (``"ac"`` or ``{"a", "c"}``).
    """

    kind: ClassVar[str] = "quiz"
    prompt: str
    options: tuple[str, ...]
    correct: frozenset[str]
    notes: tuple[str, ...]

    def __post_init__(self) -> None:
        letters = set(ascii_lowercase[: len(self.options)])
        if len(self.notes) != len(self.options) or not self.correct <= letters or not self.correct:
            raise ValueError(
                f"quiz {self.prompt!r}: one note per option, correct among {sorted(letters)}"
            )

    @property
    def multiple(self) -> bool:
        return len(self.correct) > 1

    def answer_example(self, city: Any = None, language: str | None = None) -> str:
        """A letter in quotes, one of the wrong options' (the form, not the answer)."""
        wrong_letters = [
            ch for ch in ascii_lowercase[: len(self.options)] if ch not in self.correct
        ]
        return repr(wrong_letters[0] if wrong_letters else "a")

    def option_texts(self, voice: Voice) -> list[str]:
        """The options' words in the voice's language."""
        letters = ascii_lowercase[: len(self.options)]
        return [voice.own(f"option.{ch}", o) for ch, o in zip(letters, self.options, strict=True)]

    def choices(self, language: str | None = None, step: str | None = None) -> str:
        """The options as lines ``a) …``, in ``language`` (the session's for ``None``)."""
        return lettered(self.option_texts(self.voice(language, step)))

    def _check(self, city: City | None, answer: object, voice: Voice) -> Verdict:
        picked = read_letters(answer, len(self.options))
        if picked == self.correct:
            said = voice.sentences(self._note(ch, voice) for ch in sorted(picked))
            return right(voice.say("task.quiz.right", notes=said))
        # Why each wrong pick is wrong; of the right options missed, only how many.
        notes = [self._note(ch, voice) for ch in sorted(picked - self.correct)]
        if self.correct - picked:
            total, found = len(self.correct), len(self.correct & picked)
            key = "task.quiz.one-right" if total == 1 else "task.quiz.missed"
            notes.append(voice.say(key, count=total, found=found))
        return wrong(voice.say("task.quiz.wrong", notes=voice.sentences(notes)))

    def _note(self, letter: str, voice: Voice) -> str:
        note = voice.own(f"note.{letter}", self.notes[ascii_lowercase.index(letter)])
        return voice.say("task.quiz.note", letter=letter, note=note)

    def solutions(self, city: City | None) -> list[str]:
        return ["".join(sorted(self.correct))]

    def _fields(self) -> dict[str, Any]:
        return {"multiple": self.multiple}

    def _said(self, voice: Voice) -> dict[str, Any]:
        return {"options": self.option_texts(voice)}


def lettered(options: Iterable[str]) -> str:
    """Options as lines ``a) …``: the letters a learner answers with."""
    # There are never more options than letters.
    pairs = zip(ascii_lowercase, options, strict=False)
    return "\n".join(f"{letter}) {text}" for letter, text in pairs)


def capitalised(text: str) -> str:
    """``text`` with its first letter a capital, to begin a sentence with a phrase."""
    return text[:1].upper() + text[1:]


def _how_far_off(answer: Mapping[str, int], player: str, expected: int) -> str:
    """The catalogue key saying how a player's points are off: left out (though they score),
    too many or too few."""
    if player not in answer:
        return "task.majority.missing"
    return "task.majority.too-many" if answer[player] > expected else "task.majority.too-few"


def counts(**per_player: Mapping[str, int]) -> dict[str, dict[Building, int]]:
    """Tile counts written briefly: ``counts(Ana={"tower": 4}, Ben={"tower": 4})``."""
    return {p: {Building(b): n for b, n in per.items()} for p, per in per_player.items()}


__all__ = [
    "ANSWER_FORMS_SEPARATOR",
    "RULE_NAMES",
    "UNHEARD",
    "AnswerError",
    "LegalCellsTask",
    "LongestWallTask",
    "MajorityTask",
    "PlaceTask",
    "QuizTask",
    "RemovalTask",
    "SwapTask",
    "Task",
    "accepted",
    "answer_word",
    "answers_as",
    "capitalised",
    "counts",
    "lettered",
    "read_cell",
    "read_cells",
    "rule_name",
]

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
from dataclasses import dataclass, field
from string import ascii_lowercase
from typing import Any, ClassVar

from ..core import Building, City, RuleId, Tile, Violation, as_tile, score_round
from ..core.geometry import Cell, format_cell
from ..core.messages import add_messages, render
from .verdict import Verdict, no_answer, right, wrong

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
        "task.cells.right": "Yes: the {tile} may go at exactly these {count} cells: {cells}.",
        "task.cells.not-legal": "{cell} is not legal: {reasons}",
        "task.cells.missed": (
            "There {are} {count} more legal {cells} that you have not named. Hint: try the "
            "{tile} on every empty cell that shares a whole side with the Alhambra, and check "
            "its walls against the neighbours there."
        ),
        "task.removal.right": "Yes: exactly these tiles may be taken away: {cells}.",
        "task.removal.not-removable": "{cell} cannot be taken away: {reasons}",
        "task.removal.missed": (
            "{count} more {tiles} could be taken away too. Hint: a tile may go when every "
            "other tile can still be walked to from the fountain and no hole is left."
        ),
        "task.swap.right": (
            "Yes: the {tile} may take the place of the {old} at {cell}; every rule still holds."
        ),
        "task.swap.wrong": "Not there. {reasons}",
        "task.wall.right": "Yes: the longest outer wall is {length} tile sides long.",
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
            "Hint: {total} options are right and you have found {found} of them. Read the "
            "others again."
        ),
    }
)
"""The words of the tasks' feedback (every sentence a learner reads is in the catalogue)."""


def _say(key: str, **params: Any) -> str:
    return render(key, params)


def _plural(count: int, one: str, many: str) -> str:
    return one if count == 1 else many


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
"""How the chapters name the building rules of RULES.md §4 (and §9) for a learner."""

_CELL_TEXT = re.compile(r"\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?")
_WHOLE_NUMBER = re.compile(r"[-+]?\d+")


class AnswerError(ValueError):
    """Raised when an answer cannot be read as the kind of answer a task asks for."""


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
    raise AnswerError(f"an answer here is one cell such as (2, 1), not {answer!r}")


def read_number(answer: object) -> int:
    """A whole number from ``10`` or from ``"10"`` (an answer in quotes, read like a cell in
    quotes)."""
    if isinstance(answer, str) and _WHOLE_NUMBER.fullmatch(answer.strip()):
        return int(answer.strip())
    if not isinstance(answer, int) or isinstance(answer, bool):
        raise AnswerError(f"an answer here is a whole number such as 4, not {answer!r}")
    return answer


def read_points(answer: object, players: Iterable[str]) -> dict[str, int]:
    """Points per player from ``{'Ana': 4, 'Ben': '0'}``; a player left out is not named."""
    names = list(players)
    if not isinstance(answer, Mapping):
        raise AnswerError(
            f"an answer here maps players to points, such as {{'Ana': 4}}, not {answer!r}"
        )
    unknown = [p for p in answer if p not in names]
    if unknown:
        raise AnswerError(f"there is no player {unknown[0]!r} here (players: {', '.join(names)})")
    try:
        return {player: read_number(points) for player, points in answer.items()}
    except AnswerError:
        bad = next(v for v in answer.values() if not _reads_as_number(v))
        raise AnswerError(f"points are whole numbers such as 4, not {bad!r}") from None


def _reads_as_number(value: object) -> bool:
    try:
        read_number(value)
    except AnswerError:
        return False
    return True


def read_cells(answer: object) -> set[Cell]:
    """A set of cells from any collection of cells (a single cell counts as one)."""
    if isinstance(answer, (str, bytes)) or not isinstance(answer, Iterable):
        raise AnswerError(
            f"an answer here is a set of cells such as {{(1, 0), (2, 1)}}, not {answer!r}"
        )
    items = list(answer)
    try:
        return {read_cell(item) for item in items}
    except AnswerError:
        if len(items) == 2 and all(isinstance(v, int) for v in items):
            return {read_cell(items)}
        raise AnswerError(
            f"an answer here is a set of cells such as {{(1, 0), (2, 1)}}, not {answer!r}"
        ) from None


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
        some = "some" if none_allowed else "one or more"
        raise AnswerError(
            f"an answer here is {some} of the letters {', '.join(letters)}, not {answer!r}"
        )
    return picked


def cells_text(cells: Iterable[Cell]) -> str:
    """Cells in reading order (north to south, west to east), e.g. ``(1, 0), (0, 1)``."""
    return ", ".join(format_cell(c) for c in sorted(cells, key=lambda c: (c[1], c[0])))


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


def _messages(violations: Iterable[Violation]) -> str:
    return " ".join(v.message for v in violations)


def _need_city(city: City | None, kind: str) -> City:
    if city is None:
        raise AnswerError(f"a {kind} task needs a staged city")
    return city


def letters_example(count: int, right: Iterable[str]) -> str:
    """The form of a choose-every-right-option answer, one letter or several and neither of
    them right (\"'a' or 'bc'\"): an example of one form alone would suggest how many to
    choose."""
    letters = ascii_lowercase[:count]
    answers = {"".join(sorted(answer)) for answer in right}
    one = next((ch for ch in letters if ch not in answers), letters[0])
    pairs = (a + b for i, a in enumerate(letters) for b in letters[i + 1 :])
    several = next((pair for pair in pairs if pair not in answers), letters[:2])
    return _say("task.example.letters", one=repr(one), several=repr(several))


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

    def check(self, city: City | None, answer: object) -> Verdict:
        """The verdict on ``answer`` in the staged ``city``; never raises for a bad answer.

        ``...`` (the blank an exercise starts with) and ``None`` are "not answered yet".
        """
        if answer is None or answer is Ellipsis:
            return no_answer(self._harmless_example(city))
        try:
            return self._check(city, answer)
        except AnswerError as error:
            return wrong(_say("task.unreadable", error=error))

    def answer_example(self) -> str | None:
        """The form of an answer, as Python text (``"(3, -2)"``), or ``None``."""
        return self.example

    def _harmless_example(self, city: City | None) -> str | None:
        # An example that happens to be a right answer would give the exercise away.
        if getattr(self, "multiple", False):
            return letters_example(len(getattr(self, "options", ())), self.solutions(city))
        example = self.answer_example()
        if example is None:
            return None
        try:
            gives_it_away = self._check(city, ast.literal_eval(example)).ok
        except (AnswerError, ValueError, SyntaxError):
            gives_it_away = False
        return None if gives_it_away else example

    @abstractmethod
    def _check(self, city: City | None, answer: object) -> Verdict: ...

    @abstractmethod
    def solutions(self, city: City | None) -> list[Any]:
        """The right answers (all of them when there are several, in a stable order)."""

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "prompt": self.prompt, **self._fields()}

    def _fields(self) -> dict[str, Any]:
        return {}


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

    def _check(self, city: City | None, answer: object) -> Verdict:
        city = _need_city(city, self.kind)
        cell = read_cell(answer)
        found = city.check(self.tile, cell, self.rotation)
        broken = {v.rule for v in found}
        where = f"the {self.tile.name} at {format_cell(cell)}"
        if broken == self.breaks and self._has_variant(found):
            if not found:
                return right(_say("task.place.legal", where=where), cells=[cell])
            return right(
                _say("task.place.right", where=where, goal=self._goal(), reasons=_messages(found)),
                found,
            )
        if not found:
            return wrong(
                _say("task.place.too-legal", where=where.capitalize(), goal=self._goal()),
                cells=[cell],
            )
        if not self.breaks:
            return wrong(
                _say("task.place.not-legal", where=where.capitalize(), reasons=_messages(found)),
                found,
            )
        difference = self._difference(broken)
        return wrong(
            _say("task.place.not-quite", reasons=_messages(found), difference=difference).rstrip(),
            found,
        )

    def _has_variant(self, found: list[Violation]) -> bool:
        return self.variant is None or any(v.key == self.variant for v in found)

    def _goal(self) -> str:
        if not self.breaks:
            return "no rule"
        return " and ".join(RULE_NAMES[r] for r in sorted(self.breaks, key=_rule_order))

    def _difference(self, broken: set[RuleId]) -> str:
        extra = sorted(broken - self.breaks, key=_rule_order)
        missing = sorted(self.breaks - broken, key=_rule_order)
        notes = []
        if missing:
            notes.append(
                _say("task.place.not-broken", rules=" or ".join(RULE_NAMES[r] for r in missing))
            )
        if extra:
            rules = " or ".join(RULE_NAMES.get(r, r.value) for r in extra)
            notes.append(_say("task.place.extra", rules=rules))
        if not missing and not extra:
            notes.append(_say("task.place.corner"))
        return " ".join(notes)

    def solutions(self, city: City | None) -> list[Cell]:
        city = _need_city(city, self.kind)
        return [c for c in around(city) if self._check(city, c).ok]

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

    def _check(self, city: City | None, answer: object) -> Verdict:
        city = _need_city(city, self.kind)
        given = read_cells(answer)
        legal = city.legal_cells(self.tile)
        if given == legal:
            return right(
                _say(
                    "task.cells.right",
                    tile=self.tile.name,
                    count=len(legal),
                    cells=cells_text(legal),
                ),
                cells=reading_order(legal),
            )
        notes, found = [], []
        for cell in reading_order(given - legal):
            reasons = city.check(self.tile, cell)
            found += reasons
            notes.append(
                _say("task.cells.not-legal", cell=format_cell(cell), reasons=_messages(reasons))
            )
        missing = len(legal - given)
        if missing:
            # How many, never which: finding them is the exercise.
            notes.append(
                _say(
                    "task.cells.missed",
                    are=_plural(missing, "is", "are"),
                    count=missing,
                    cells=_plural(missing, "cell", "cells"),
                    tile=self.tile.name,
                )
            )
        return wrong(" ".join(notes), found)

    def solutions(self, city: City | None) -> list[set[Cell]]:
        return [_need_city(city, self.kind).legal_cells(self.tile)]

    def _fields(self) -> dict[str, Any]:
        return {"tile": self.tile.code}


@dataclass(frozen=True)
class RemovalTask(Task):
    """Name every tile that may be taken out of the Alhambra (a set of cells)."""

    kind: ClassVar[str] = "removable"
    example: ClassVar[str | None] = "{(3, -2), (4, -2)}"
    prompt: str

    def _check(self, city: City | None, answer: object) -> Verdict:
        city = _need_city(city, self.kind)
        given = read_cells(answer)
        removable = self._removable(city)
        if given == removable:
            return right(
                _say("task.removal.right", cells=cells_text(removable)),
                cells=reading_order(removable),
            )
        notes, found = [], []
        for cell in reading_order(given - removable):
            reasons = city.check_removal(cell)
            found += reasons
            notes.append(
                _say(
                    "task.removal.not-removable",
                    cell=format_cell(cell),
                    reasons=_messages(reasons),
                )
            )
        missing = len(removable - given)
        if missing:
            notes.append(
                _say("task.removal.missed", count=missing, tiles=_plural(missing, "tile", "tiles"))
            )
        return wrong(" ".join(notes), found)

    @staticmethod
    def _removable(city: City) -> set[Cell]:
        return {cell for cell, _ in city.items() if not city.check_removal(cell)}

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

    def _check(self, city: City | None, answer: object) -> Verdict:
        city = _need_city(city, self.kind)
        cell = read_cell(answer)
        reasons = city.check_swap(cell, self.tile)
        if not reasons:
            return right(
                _say(
                    "task.swap.right",
                    tile=self.tile.name,
                    old=city[cell].name,
                    cell=format_cell(cell),
                ),
                cells=[cell],
            )
        return wrong(_say("task.swap.wrong", reasons=_messages(reasons)), reasons)

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

    def _check(self, city: City | None, answer: object) -> Verdict:
        city = _need_city(city, self.kind)
        answer = read_number(answer)
        length = city.longest_wall()
        edges = city.longest_wall_segments() if answer == length else ()
        if answer == length:
            return right(_say("task.wall.right", length=length), edges=edges)
        # Neither the length nor the wall: counting it is the exercise.
        key = "task.wall.too-long" if answer > length else "task.wall.too-short"
        return wrong(_say(key, answer=answer))

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

    def explanation(self) -> str:
        """The engine's explanation of the scoring, one line per building type."""
        breakdown = score_round(self._frozen, round=self.round)
        if self.building is not None:
            return self._result(breakdown).explain()
        return "; ".join(r.explain() for r in breakdown.types if r.places)

    def _check(self, city: City | None, answer: object) -> Verdict:
        answer = read_points(answer, self._frozen)
        expected = self.expected()
        off = [p for p in self._frozen if answer.get(p, 0) != expected[p]]
        if not off:
            return right(_say("task.majority.right", explanation=self.explanation()))
        # Who is off and which way, never the points themselves.
        players = [_say(_how_far_off(answer, p, expected[p]), player=p) for p in off]
        hint = _say(f"task.majority.hint.{min(max(self.round, 1), 3)}")
        return wrong(_say("task.majority.wrong", players="; ".join(players), hint=hint))

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

    def answer_example(self) -> str:
        """A letter in quotes, one of the wrong options' (the form, not the answer)."""
        wrong_letters = [
            ch for ch in ascii_lowercase[: len(self.options)] if ch not in self.correct
        ]
        return repr(wrong_letters[0] if wrong_letters else "a")

    def choices(self) -> str:
        """The options as lines ``a) …``."""
        return "\n".join(f"{ascii_lowercase[i]}) {o}" for i, o in enumerate(self.options))

    def _check(self, city: City | None, answer: object) -> Verdict:
        picked = read_letters(answer, len(self.options))
        if picked == self.correct:
            return right(
                _say("task.quiz.right", notes=" ".join(self._note(ch) for ch in sorted(picked)))
            )
        # Why each wrong pick is wrong; of the right options missed, only how many.
        notes = [self._note(ch) for ch in sorted(picked - self.correct)]
        if self.correct - picked:
            total, found = len(self.correct), len(self.correct & picked)
            key = "task.quiz.one-right" if total == 1 else "task.quiz.missed"
            notes.append(_say(key, total=total, found=found))
        return wrong(_say("task.quiz.wrong", notes=" ".join(notes)))

    def _note(self, letter: str) -> str:
        return f"({letter}) {self.notes[ascii_lowercase.index(letter)]}"

    def solutions(self, city: City | None) -> list[str]:
        return ["".join(sorted(self.correct))]

    def _fields(self) -> dict[str, Any]:
        return {"options": list(self.options), "multiple": self.multiple}


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
    "RULE_NAMES",
    "AnswerError",
    "LegalCellsTask",
    "LongestWallTask",
    "MajorityTask",
    "PlaceTask",
    "QuizTask",
    "RemovalTask",
    "SwapTask",
    "Task",
    "counts",
    "read_cell",
    "read_cells",
]

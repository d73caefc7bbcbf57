"""Chapters and steps as plain data: what a lesson shows, and the task it sets.

A :class:`Step` is everything a view needs to show one moment of a lesson — its text, a staged
position (a city written in the text notation), a tile being tried, what to highlight and a
task — and nothing that draws. :meth:`Step.to_dict` gives all of it as JSON-ready data, so a
notebook, a static page or a widget can show the same step.

Every text a learner reads comes from the message catalogue, in the language asked for (the
session's by default): the dataclass fields (``title``, ``text``, a task's ``prompt``) are the
English the catalogue is built from, and :meth:`Step.heading`, :meth:`Step.describe`,
:meth:`Step.to_dict` and :meth:`Step.check` say them in the learner's language.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from ..core import City, RuleId, Tile, Violation, as_tile
from ..core.errors import AlhambraError
from ..core.geometry import Cell, Side, as_cell
from ..core.messages import add_messages, render, resolve, shown, template, word
from .stage import GameStage
from .verdict import Highlight, Verdict, Voice, no_task, violation_dict

add_messages(
    {
        "chapter.try-it": "Try it: {prompt}",
        "chapter.try-it.markdown": "*Try it:* {prompt}",
        "chapter.heading": ("{title} ({count} step)", "{title} ({count} steps)"),
        "chapter.markdown-heading": "**{title}** — {summary}",
        "refusal.chapter-unknown": "There is no chapter {value}: the chapters are {known}.",
        "refusal.chapter-step-unknown": "The chapter {chapter} has no step {value}.",
        "refusal.step-unknown": "There is no step {value} in any chapter.",
    }
)

Needs = str
"""What a step waits for before it can stage its position (no step waits any more: the game
chapters stage a :class:`GameStage`)."""

ACTIONS: tuple[str, ...] = ("place", "remove", "swap")
"""What a step can show being done at its cell ``at``."""

RULINGS: tuple[str, ...] = ("R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R10", "R11")
"""The rulings of the rules text that the chapters state where they apply."""


class ChapterError(AlhambraError):
    """Raised when a chapter or step is asked for by an id that does not exist, or is
    defined inconsistently."""


@dataclass(frozen=True, eq=False)
class Step:
    """One moment of a chapter: text, a staged position, highlights and maybe a task.

    ``position`` is a city in the text notation (``"1,0 garden-10-N; 0,1 tower-9-W"``); a step
    that shows a tile being tried names it with ``tile``, ``at`` and ``rotation``, and then its
    :meth:`violations` are the engine's verdict on that placement. ``illegal`` marks a staged
    position that deliberately breaks the rules (to show what is wrong with it). ``action`` says
    what is shown at ``at``: ``"place"`` the tile, ``"remove"`` the tile there, or ``"swap"`` it
    for ``tile`` (the redesign checks). ``gate`` (expansion II) puts a gate on that side of
    the tile being placed; ``camp_lines`` draws every camp arrow and the tiles it scores.
    ``needs`` marks
    a step whose staged game state (market, money) comes with the game engine; until then it
    is text, and maybe a question. ``game`` stages a game (a market, money, several players);
    the board then shows the Alhambra of ``board_player`` (default: the player to move), and
    a task that needs the game is checked in a fresh copy of it.
    """

    id: str
    title: str
    text: str
    position: str | None = None
    tile: Tile | None = None
    at: Cell | None = None
    rotation: int = 0
    action: str = "place"
    gate: Side | None = None
    camp_lines: bool = False
    marks: Highlight = field(default_factory=Highlight)
    task: Any = None  # a Task from .tasks; typed loosely to keep the modules acyclic
    teaches: tuple[RuleId, ...] = ()
    rulings: tuple[str, ...] = ()
    illegal: bool = False
    needs: Needs | None = None
    game: GameStage | None = None
    board_player: str | None = None
    _city: City | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        set_ = object.__setattr__
        if isinstance(self.tile, str):
            set_(self, "tile", as_tile(self.tile))
        if self.at is not None:
            set_(self, "at", as_cell(self.at))
        if isinstance(self.gate, str):
            set_(self, "gate", Side.parse(self.gate))
        set_(self, "teaches", tuple(RuleId(r) for r in self.teaches))
        unknown = [r for r in self.rulings if r not in RULINGS]
        if unknown:
            raise ChapterError(f"step {self.id!r} names unknown rulings {unknown!r}")
        if self.position is not None:
            set_(self, "_city", City.from_text(self.position))
        elif self.game is not None:
            set_(self, "_city", self._player_city())
        if self.action not in ACTIONS:
            raise ChapterError(f"step {self.id!r}: action {self.action!r} is not one of {ACTIONS}")
        if self.at is not None and self.tile is None and self.action != "remove":
            raise ChapterError(f"step {self.id!r} tries a tile at {self.at!r} but names no tile")
        if self.at is not None and self._city is None:
            raise ChapterError(f"step {self.id!r} shows a move at {self.at!r} but stages no city")
        if self.task is not None and getattr(self.task, "step_id", None) is None:
            # The task quotes this step's texts in the learner's language, even when it is
            # asked directly (``step.task.choices(language="hu")``).
            object.__setattr__(self.task, "step_id", self.id)

    # -- the staged position --------------------------------------------------------------
    def _player_city(self) -> City:
        assert self.game is not None
        game = self.game.game()
        names = [p.name for p in game.players]
        if self.board_player is not None and self.board_player not in names:
            raise ChapterError(f"step {self.id!r}: no player {self.board_player!r} in {names}")
        seat = names.index(self.board_player) if self.board_player else game.state.current
        return game.players[seat].city

    def staged_game(self) -> Any:
        """A fresh copy of the staged game (an ``alh.Game``), or ``None``."""
        return self.game.game() if self.game is not None else None

    @property
    def city(self) -> City | None:
        """A fresh copy of the staged city (a learner may change it freely)."""
        return self._city.copy() if self._city is not None else None

    def violations(self) -> list[Violation]:
        """What the engine says about what this step shows.

        For a tile tried at a cell: every building rule it breaks; for a removal or a swap:
        every redesign rule it breaks. For a position marked ``illegal``: everything wrong
        with it. Otherwise nothing.
        """
        if self._city is None:
            return []
        if self.at is not None:
            if self.action == "remove":
                return self._city.check_removal(self.at)
            if self.action == "swap":
                return self._city.check_swap(self.at, self.tile, self.rotation)
            return self._city.check(self.tile, self.at, self.rotation, gate=self.gate)
        if self.illegal:
            return self._city.validate()
        return []

    @property
    def shows_wall(self) -> bool:
        """Whether a picture of the step may mark the longest wall: not when measuring it is
        the step's task."""
        return self.task is None or getattr(self.task, "shows_wall", True)

    def highlight(self) -> Highlight:
        """The cells and tile sides to mark: the step's own marks plus its violations'."""
        return self.marks.merged(Highlight.of(self.violations()))

    # -- the task -------------------------------------------------------------------------
    def check(self, answer: object, *, language: str | None = None) -> Verdict:
        """The verdict on a learner's answer to this step's task, in ``language`` (the
        session's for ``None``): its message and the engine's explanations inside it."""
        if self.task is None:
            return no_task(self.id, language)
        return self.task.check(self._context(), answer, language=language, step=self.id)

    def _context(self) -> Any:
        """What the task is asked in: the staged game for a game task, else the city."""
        if getattr(self.task, "needs_game", False):
            return self.game
        return self.city

    def solutions(self) -> list[Any]:
        """Right answers to the task (every one, where there are several)."""
        return [] if self.task is None else self.task.solutions(self._context())

    # -- views ----------------------------------------------------------------------------
    def board(self) -> Board | None:
        """The staged position as a picture (SVG in a notebook, a text picture elsewhere),
        with the tile being tried, the violations and the marks drawn in."""
        if self._city is None:
            return None
        return Board(self)

    def _voice(self, language: str | None) -> Voice:
        return Voice.of(language, self.id)

    def heading(self, language: str | None = None) -> str:
        """The step's title in ``language`` (the session's for ``None``)."""
        return self._voice(language).own("title", self.title)

    def words(self, language: str | None = None) -> str:
        """The step's text in ``language`` (the session's for ``None``)."""
        return self._voice(language).own("text", self.text)

    def prompt(self, language: str | None = None) -> str | None:
        """The task's question in ``language`` (the session's for ``None``); ``None`` for a
        step without a task."""
        if self.task is None:
            return None
        return self._voice(language).own("prompt", self.task.prompt)

    def describe(self, language: str | None = None) -> str:
        """The step as plain text: title, text, and the task's question with its options, in
        ``language`` (the session's for ``None``)."""
        language = resolve(language)
        parts = [self.heading(language), "", self.words(language)]
        if self.task is not None:
            parts += [
                "",
                render("chapter.try-it", {"prompt": self.prompt(language)}, language),
                *self.options(language),
                *self.choose_all(language),
            ]
        return "\n".join(parts)

    def choose_all(self, language: str | None = None) -> list[str]:
        """The line that says a question may have several right options, else nothing."""
        if not getattr(self.task, "multiple", False):
            return []
        return [render("task.choose-all", {}, language)]

    def options(self, language: str | None = None) -> list[str]:
        """The lettered options of a multiple-choice task (``a) …``), else nothing: a question
        shows what may be picked, never which of them is right."""
        choices = getattr(self.task, "choices", None)
        if not callable(choices):
            return []
        return choices(language=language, step=self.id).splitlines()

    def to_dict(self, language: str | None = None) -> dict[str, Any]:
        """Everything a view needs, as JSON-ready data, its words in ``language`` (the
        session's for ``None``)."""
        language = resolve(language)
        return {
            "id": self.id,
            "title": self.heading(language),
            "text": self.words(language),
            "position": self._city.to_text() if self._city is not None else None,
            "tile": self.tile.code if self.tile is not None else None,
            "at": list(self.at) if self.at is not None else None,
            "rotation": self.rotation,
            "action": self.action,
            "gate": self.gate.name if self.gate is not None else None,
            "camp_lines": self.camp_lines,
            "highlight": self.highlight().to_dict(),
            "violations": [violation_dict(v, language) for v in self.violations()],
            "task": self._task_dict(language),
            "teaches": [r.value for r in self.teaches],
            "rulings": list(self.rulings),
            "illegal": self.illegal,
            "needs": self.needs,
            "game": (game_summary(self.staged_game(), language) if self.game is not None else None),
        }

    def _task_dict(self, language: str) -> dict[str, Any] | None:
        if self.task is None:
            return None
        return self.task.to_dict(language=language, step=self.id)

    def __repr__(self) -> str:
        return f"<Step {self.id!r}: {self.heading()}>"

    def _repr_markdown_(self) -> str:
        language = resolve(None)
        text = f"**{self.heading(language)}**\n\n{self.words(language)}"
        if self.task is not None:
            prompt = self.prompt(language)
            text += "\n\n" + render("chapter.try-it.markdown", {"prompt": prompt}, language)
            # A blank line before the options and two spaces after each keep them on lines.
            options = self.options(language)
            text += "".join(
                f"\n\n{line}" if i == 0 else f"  \n{line}" for i, line in enumerate(options)
            )
            text += "".join(f"\n\n*{line}*" for line in self.choose_all(language))
        return text


@dataclass(frozen=True, eq=False)
class Chapter:
    """A sequence of steps that teaches one part of the rules."""

    id: str
    title: str
    summary: str
    steps: tuple[Step, ...]

    def __post_init__(self) -> None:
        ids = [s.id for s in self.steps]
        duplicates = sorted({i for i in ids if ids.count(i) > 1})
        if duplicates:
            raise ChapterError(f"chapter {self.id!r} repeats step ids {duplicates!r}")
        strays = [i for i in ids if not i.startswith(self.id + "/")]
        if strays:
            raise ChapterError(f"chapter {self.id!r} holds steps of another chapter: {strays!r}")

    def step(self, step_id: str) -> Step:
        """The step with id ``step_id`` (the chapter's prefix may be left out)."""
        wanted = step_id if step_id.startswith(self.id + "/") else f"{self.id}/{step_id}"
        for step in self.steps:
            if step.id == wanted:
                return step
        params = {"chapter": repr(self.id), "value": shown(step_id)}
        raise ChapterError(render("refusal.chapter-step-unknown", params))

    def __iter__(self) -> Iterator[Step]:
        return iter(self.steps)

    def __len__(self) -> int:
        return len(self.steps)

    @property
    def tasks(self) -> tuple[Step, ...]:
        """The steps that set a task."""
        return tuple(s for s in self.steps if s.task is not None)

    def _voice(self, language: str | None) -> Voice:
        return Voice.of(language, f"chapter.{self.id}")

    def title_in(self, language: str | None = None) -> str:
        """The chapter's title in ``language`` (the session's for ``None``)."""
        return self._voice(language).own("title", self.title)

    def summary_in(self, language: str | None = None) -> str:
        """The chapter's summary in ``language`` (the session's for ``None``)."""
        return self._voice(language).own("summary", self.summary)

    def heading(self, language: str | None = None) -> str:
        """The title and how many steps, in ``language`` (the session's for ``None``):
        "Building rules (12 steps)"."""
        params = {"title": self.title_in(language), "count": len(self.steps)}
        return render("chapter.heading", params, language)

    def to_dict(self, language: str | None = None) -> dict[str, Any]:
        """The chapter and its steps as JSON-ready data, in ``language`` (the session's for
        ``None``)."""
        language = resolve(language)
        return {
            "id": self.id,
            "title": self.title_in(language),
            "summary": self.summary_in(language),
            "steps": [s.to_dict(language) for s in self.steps],
        }

    def __repr__(self) -> str:
        return f"<Chapter {self.id!r}: {self.heading()}>"

    def _repr_markdown_(self) -> str:
        language = resolve(None)
        params = {"title": self.title_in(language), "summary": self.summary_in(language)}
        lines = [render("chapter.markdown-heading", params, language), ""]
        lines += [f"{n}. {s.heading(language)} (`{s.id}`)" for n, s in enumerate(self.steps, 1)]
        return "\n".join(lines)


class Board:
    """A step's position for display: ``_repr_svg_`` draws it, ``repr`` is a text picture."""

    __slots__ = ("_step",)

    def __init__(self, step: Step) -> None:
        self._step = step

    def _repr_svg_(self) -> str:
        # Drawing is the render layer's job; imported here so that chapters stay usable
        # (and importable) as plain data.
        from ..render import city_svg

        step, city = self._step, self._step.city
        assert city is not None
        options: dict[str, Any] = {"highlight": step.highlight().cells}
        if step.at is not None and step.action != "remove":
            options.update(try_tile=step.tile, at=step.at, rotation=step.rotation, gate=step.gate)
        options["violations"] = step.violations()
        return city_svg(city, show_camp_lines=step.camp_lines, show_wall=step.shows_wall, **options)

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, str]:
        # The picture also as HTML, whose <img> carries the picture's description as alt text
        # for nbconvert's HTML export (see render.mime); IPython applies include/exclude.
        from ..render.mime import picture_bundle

        return picture_bundle(self._repr_svg_())

    def __repr__(self) -> str:
        return str(self._step.city)


def game_summary(game: Any, language: str | None = None) -> dict[str, Any]:
    """A staged game as plain data for a view: market, display, players, the log (in
    ``language``, the session's for ``None``). A currency is given by its label
    (``"Denar"``, what a view may style by) and by its name in the language
    (``currency_name``); a tile by its words ("tower (price 9, walls north and east)")."""
    language = resolve(language)
    return {
        "to_play": game.players[game.state.current].name if not game.is_over() else None,
        "market": [
            {
                "space": m.space,
                "currency": m.currency.label,
                "currency_name": word(m.currency, language),
                "tile": word(m.tile.described(), language) if m.tile else None,
            }
            for m in game.market
        ],
        "display": [_card_summary(c, language) for c in game.money_display],
        "players": [
            {
                "name": p.name,
                "money": [_card_summary(c, language) for c in sorted(p.money, key=_hand_order)],
                "reserve": [word(t.described(), language) for t in p.reserve],
                "bought": [word(t.described(), language) for t in p.bought],
                "built": len(p.city) - 1,
                "score": p.score,
            }
            for p in game.players
        ],
        "neutral": (
            None
            if game.neutral is None
            else {
                "name": game.neutral.name,
                "tiles": [word(t.described(), language) for t in game.neutral.tiles],
            }
        ),
        "log": [event.sentence(language) for event in game.events],
    }


def _card_summary(card: Any, language: str) -> dict[str, Any]:
    # Diamonds (expansion II) are no currency of the market: they have no label of their own.
    label = card.currency.label if card.currency is not None else "diamonds"
    if card.currency is not None:
        name = word(card.currency, language)
    else:
        name = template("currency.diamond", language)
    return {"id": card.id, "value": card.value, "currency": label, "currency_name": name}


def _hand_order(card: Any) -> tuple[int, int, str]:
    space = card.currency.space if card.currency is not None else 5
    return (space, card.value, card.id)


def marks(cells: Iterable[Cell] = (), edges: Iterable[tuple[Cell, str]] = ()) -> Highlight:
    """A highlight written briefly: ``marks([(1, 0)], [((1, 0), "N")])``."""
    return Highlight(
        tuple(as_cell(c) for c in cells),
        tuple((as_cell(c), Side.parse(s) if isinstance(s, str) else Side(s)) for c, s in edges),
    )

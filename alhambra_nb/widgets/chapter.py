"""``ChapterWidget``: walk through a rule chapter — text, board, task, feedback, progress.

Python computes, the page draws (as in :mod:`.city`). For the current step the widget sends the
step as data, the board picture with its highlights and, for a task answered by clicking a cell,
the engine's verdict on every cell, so hovering explains with no round trip. Answers arrive as
messages; the step's own check (built on the engine) judges them, and the feedback — the
engine's violations included — comes back as a trait. The page never writes a trait, and a
message that makes no sense is ignored with a visible note instead of an exception.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

import anywidget
import traitlets

from ..chapters import Chapter, Step, Verdict
from ..chapters import get as get_chapter
from ..chapters.game_tasks import PlaceBoughtTask
from ..chapters.tasks import LegalCellsTask, PlaceTask, RemovalTask, SwapTask
from ..core.actions import PlaceTile
from ..core.geometry import Cell
from ..core.messages import render, resolve, shown, words
from ..render import city_extent, city_svg
from ..render.mime import description
from ..render.svg import cell_key, tile_fragment
from ..render.text import describe_cell
from . import fallback
from .board import (
    BadMessageError,
    PageWrites,
    Speaking,
    ToPage,
    WidgetValueError,
    board_payload,
    bundle,
    explain,
    extent_cells,
    from_page,
    language_trait,
    message_kind,
    parse_cell_key,
    placement_verdicts,
    short,
    verdict,
    violations_payload,
    with_fallback,
)

log = logging.getLogger(__name__)

CLICK_TASKS = ("place", "swap")
"""Task kinds answered by clicking one cell (hover shows the engine's verdict there)."""
TOGGLE_TASKS = ("legal-cells", "removable")
"""Task kinds answered by choosing several cells and then checking."""


TEXT_WIDTH = 640
"""How wide the words of a step are set in the static picture, in pixels."""


def title_of(item: Chapter | Step, language: str) -> str:
    """A chapter's or a step's title in ``language``."""
    return item.title_in(language) if isinstance(item, Chapter) else item.heading(language)


class ChapterWidget(ToPage, PageWrites, Speaking, anywidget.AnyWidget):
    """A chapter to walk through: ``ChapterWidget("building")`` or ``ChapterWidget(chapter)``,
    with ``language=None`` (the session's) or a language code.

    ``next()``, ``previous()`` and ``go(step)`` move between steps; ``answer(value)`` checks an
    answer to the current step's task as the page does and returns the verdict. ``solved``
    holds the ids of the steps whose task was answered right. Changing ``language`` shows the
    step, its board and the last feedback again in the new language.
    """

    _esm = bundle("board.js", "chapter.js")
    _css = bundle("board.css", "chapter.css")
    _page_writable = frozenset({"index"})

    index = traitlets.Int(0).tag(sync=True)
    _view = traitlets.Dict().tag(sync=True)
    _feedback = traitlets.Dict().tag(sync=True)
    _progress = traitlets.Dict().tag(sync=True)
    _note = traitlets.Dict().tag(sync=True)
    _words = traitlets.Dict().tag(sync=True)
    """What the page writes itself (buttons, field labels), from the catalogue."""

    def __init__(
        self,
        chapter: Chapter | str,
        step: int | str = 0,
        *,
        language: str | None = None,
        **kwargs: Any,
    ) -> None:
        if not isinstance(chapter, Chapter | str):
            value = {"value": shown(chapter)}
            raise WidgetValueError(render("widget.refusal-chapter", value, language))
        self.chapter = get_chapter(chapter) if isinstance(chapter, str) else chapter
        self.solved: set[str] = set()
        self.last_verdict: Verdict | None = None
        self._answer: object = None
        self._serial = 0
        self._ready = False
        super().__init__(language=language_trait(language), **kwargs)
        self._words = words("chapter-page.", self.language)
        self.on_msg(self._handle_message)
        self._ready = True
        self.go(step)

    # -- moving between steps -------------------------------------------------------------
    @property
    def step(self) -> Step:
        """The step being shown."""
        return self.chapter.steps[self.index]

    @traitlets.validate("index")
    def _valid_index(self, proposal: dict[str, Any]) -> int:
        value = proposal["value"]
        if not 0 <= value < len(self.chapter):
            words = {"value": short(value, self.language), "last": len(self.chapter) - 1}
            raise WidgetValueError(self._render("widget.bad-step", **words))
        return value

    def go(self, step: int | str) -> Step:
        """Show the step numbered ``step`` (from 0) or with the id ``step``."""
        index = self._index_of(step)
        with self.hold_sync():
            if index == self.index:
                self._show_step()  # the same step again: shown afresh, without feedback
            self.index = index
        return self.step

    @traitlets.observe("index")
    def _index_changed(self, _change: dict[str, Any]) -> None:
        # Whoever sets the index (go, code, the page), the step shown follows it.
        self._show_step()

    @traitlets.observe("language")
    def _language_changed(self, _change: dict[str, Any]) -> None:
        # The step and its board said again; the last answer judged again in the new words.
        if not self._ready:
            return
        with self.hold_sync():
            self._words = words("chapter-page.", self.language)
            self._view = step_view(self.chapter, self.index, self.language)
            if self.last_verdict is not None:
                self._judge(self._answer)

    def _show_step(self) -> None:
        with self.hold_sync():
            self.last_verdict = None
            self._answer = None
            self._feedback = {}
            self._view = step_view(self.chapter, self.index, self.language)
            self._show_progress()

    def next(self) -> Step:
        """The next step (stays on the last one)."""
        return self.go(min(self.index + 1, len(self.chapter) - 1))

    def previous(self) -> Step:
        """The previous step (stays on the first one)."""
        return self.go(max(self.index - 1, 0))

    def _index_of(self, step: int | str) -> int:
        if isinstance(step, str):
            return self.chapter.steps.index(self.chapter.step(step))
        if isinstance(step, bool) or not isinstance(step, int):
            value = short(step, self.language)
            raise WidgetValueError(self._render("widget.bad-step-kind", value=value))
        return step

    def _show_progress(self) -> None:
        self._progress = {
            "solved": [s.id for s in self.chapter.steps if s.id in self.solved],
            "tasks": [s.id for s in self.chapter.tasks],
        }

    # -- answering ------------------------------------------------------------------------
    def answer(self, value: object) -> Verdict:
        """Check ``value`` as the answer to the current step's task and show the feedback."""
        found = self._judge(value)
        if found.ok:
            self.solved.add(self.step.id)
        with self.hold_sync():
            self._show_progress()
        return found

    def _judge(self, value: object) -> Verdict:
        """The verdict on ``value`` in the widget's language, shown as the feedback."""
        found = self.step.check(value, language=self.language)
        self.last_verdict = found
        self._answer = value
        self._serial += 1
        self._feedback = {
            **found.to_dict(),
            "violations": violations_payload(found.violations, self.language),
            "step": self.step.id,
            "serial": self._serial,
            # the sentence as shown, its mark included, in the catalogue's words
            "shown": self._render(
                "widget.done-mark" if found.ok else "widget.failed-mark", text=found.message
            ),
        }
        return found

    @property
    def feedback(self) -> str:
        """The feedback shown for the last answer ('' before any)."""
        return str(self.last_verdict) if self.last_verdict is not None else ""

    # -- messages from the page -----------------------------------------------------------
    def _handle_message(self, _widget: object, content: object, _buffers: object) -> None:
        try:
            self._dispatch(from_page(content))
        except (BadMessageError, traitlets.TraitError, ValueError) as error:
            reason = explain(error, self.language)
            self._say(self._render("widget.ignored-message", reason=reason))
        except Exception as error:  # a page must never raise in the kernel
            log.exception("ChapterWidget could not handle %r", content)
            self._say(self._render("widget.ignored-message-failed", error=type(error).__name__))

    def _dispatch(self, content: object) -> None:
        kind = message_kind(content)
        if kind == "next":
            self.next()
        elif kind == "previous":
            self.previous()
        elif kind == "go":
            self.go(content.get("index"))  # type: ignore[arg-type]
        elif kind == "answer":
            if content.get("step") != self.step.id:
                raise BadMessageError("widget.bad-answer-step", value=short(content.get("step")))
            self.answer(answer_from_page(self.step, content.get("answer")))
        else:
            raise BadMessageError("widget.bad-message-kind", value=short(kind))

    def _say(self, text: str) -> None:
        self._serial += 1
        self._note = {"text": text, "serial": self._serial}

    def _page_write_refused(self, text: str) -> None:
        self._say(text)

    # -- notebook display -----------------------------------------------------------------
    def __repr__(self) -> str:
        return describe(self.chapter, self.index, self.language)

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        """The live widget, plus the step as text and its board as a picture, for places
        without a kernel."""
        return with_fallback(super()._repr_mimebundle_(**kwargs), repr(self), self._static_svg())

    def _static_svg(self) -> str:
        """The step as a reader without a kernel needs it: its words, then its board."""
        text = describe(self.chapter, self.index, self.language)
        title, _, body = text.partition("\n\n")
        parts = [fallback.text(title, TEXT_WIDTH, size=16, bold=True)]
        parts.append(fallback.text(body, TEXT_WIDTH))
        said = [text]
        if self.step.city is not None:
            extent = city_extent(self.step.city, extra=[self.step.at] if self.step.at else [])
            board = _step_svg(self.step, extent, self.language)
            parts.append(fallback.picture(board))
            said.append(description(board))
        # Described by all it shows, as an export's alt text is all a screen reader gets of it.
        return fallback.stacked(parts, "\n\n".join(said))


# -- what the page is sent ------------------------------------------------------------------
def describe(chapter: Chapter, index: int, language: str | None = None) -> str:
    """A chapter's step as plain text (the widget's text form; deterministic), in ``language``
    (the session's by default)."""
    language = resolve(language)
    step = chapter.steps[index]
    data = step.to_dict(language=language)
    words = {"chapter": title_of(chapter, language), "number": index + 1,
             "count": len(chapter), "step": title_of(step, language)}  # fmt: skip
    lines = [render("widget.chapter-heading", words, language), "", data["text"]]
    if step.task is not None:
        lines += ["", _prompt(step, data, language) or ""]
        lines += step.options(language)
    return "\n".join(lines)


def step_view(chapter: Chapter, index: int, language: str | None = None) -> dict[str, Any]:
    """Everything the page draws for one step, as JSON-ready data, in ``language``."""
    language = resolve(language)
    step = chapter.steps[index]
    data = step.to_dict(language=language)
    steps = [
        {"id": s.id, "title": title_of(s, language), "task": s.task is not None} for s in chapter
    ]
    view: dict[str, Any] = {
        "chapter": {"id": chapter.id, "title": title_of(chapter, language), "count": len(chapter)},
        "index": index,
        "steps": steps,
        "step": data,
        "board": None,
        "verdicts": {},
        "answer": answer_mode(step),
        "ghost": None,
        "players": _players(step),
        "prompt": _prompt(step, data, language),
    }
    city = step.city
    if city is not None:
        extra = [step.at] if step.at is not None else []
        extent = city_extent(city, extra=extra)
        task_tile = getattr(step.task, "tile", None) or _bought_tile(step)
        camps = task_tile is not None and task_tile.is_camp
        board = board_payload(city, camps=camps, language=language)
        board["extent"] = list(extent)
        board["svg"] = _step_svg(step, extent, language)
        board["labels"] = {
            cell_key(c): describe_cell(city, c, language) for c in extent_cells(extent)
        }
        view["board"] = board
        view["verdicts"] = cell_verdicts(step, extent_cells(extent), language)
        if task_tile is not None and view["answer"] == "cell":
            view["ghost"] = {
                "svg": tile_fragment(task_tile),
                "rotation": step.task.to_dict().get("rotation", 0),
            }
    return view


def _step_svg(step: Step, extent: tuple[int, int, int, int], language: str) -> str:
    city = step.city
    assert city is not None
    options: dict[str, Any] = {"highlight": step.highlight().cells, "extent": extent, "size": 72}
    if step.at is not None and step.action != "remove":
        options.update(try_tile=step.tile, at=step.at, rotation=step.rotation, gate=step.gate)
    options["violations"] = step.violations()
    return city_svg(
        city,
        show_camp_lines=step.camp_lines,
        show_wall=step.shows_wall,
        language=language,
        **options,
    )


def _prompt(step: Step, data: dict[str, Any], language: str) -> str | None:
    """ "Try it: …" for a step with a task, in ``language``."""
    if step.task is None:
        return None
    prompt = (data.get("task") or {}).get("prompt", step.task.prompt)
    return render("chapter.try-it", {"prompt": prompt}, language)


def answer_mode(step: Step) -> str | None:
    """How the page takes an answer: ``cell`` (one click), ``cells`` (choose, then check),
    or the task's own kind (drawn as simple controls); ``None`` without a task."""
    if step.task is None:
        return None
    kind = step.task.kind
    if kind in CLICK_TASKS:
        return "cell"
    if kind in TOGGLE_TASKS:
        return "cells"
    return kind


def _players(step: Step) -> list[str]:
    counts = getattr(step.task, "counts", None)
    if counts is not None:
        return list(counts)
    game = step.staged_game()
    if game is None:
        return []
    names = [p.name for p in game.players]
    if game.neutral is not None and step.task is not None and step.task.kind == "points":
        names.append(game.neutral.name)
    return names


def _bought_tile(step: Step) -> Any:
    if isinstance(step.task, PlaceBoughtTask):
        game = step.staged_game()
        return game.players[game.state.current].bought[0]
    return None


def cell_verdicts(step: Step, cells: Iterable[Cell], language: str | None = None) -> dict[str, Any]:
    """For a task answered by clicking a cell: the engine's verdict on each cell, so that
    hovering explains; for other tasks nothing (a hover must not give a set away)."""
    task, city = step.task, step.city
    if city is None:
        return {}
    if isinstance(task, PlaceTask):
        return placement_verdicts(city, task.tile, cells, task.rotation, language=language)
    if isinstance(task, SwapTask):
        doing = render("widget.may-go-here", {"tile": task.tile.described(price=False)}, language)
        return {
            cell_key(c): verdict(c, "swap", city.check_swap(c, task.tile), doing, language)
            for c in cells
            if c in city
        }
    if isinstance(task, PlaceBoughtTask):
        game = step.staged_game()
        tile = game.players[game.state.current].bought[0]
        doing = render("widget.may-go-here", {"tile": tile.described(price=False)}, language)
        return {
            cell_key(c): verdict(c, "place", game.check(PlaceTile(tile, c)), doing, language)
            for c in cells
        }
    return {}


def answer_from_page(step: Step, value: object) -> object:
    """The page's JSON answer in the form the step's check reads (cells as tuples, market
    spaces as numbers, chosen letters as a string)."""
    if step.task is None:
        raise BadMessageError("widget.bad-no-task", step=repr(step.id))
    kind = step.task.kind
    if kind in CLICK_TASKS:
        return parse_cell_key(value)
    if isinstance(step.task, (LegalCellsTask, RemovalTask)):
        if not isinstance(value, list):
            raise BadMessageError("widget.bad-cell-list", value=short(value))
        return {parse_cell_key(v) for v in value}
    if kind == "quiz" and isinstance(value, list):
        return "".join(str(v) for v in value)
    if kind == "receivers" and isinstance(value, dict):
        try:
            return {int(space): who for space, who in value.items()}
        except ValueError:
            raise BadMessageError("widget.bad-spaces", value=short(value)) from None
    return value


__all__ = ["ChapterWidget", "answer_from_page", "cell_verdicts", "describe", "step_view"]

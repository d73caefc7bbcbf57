"""What any board view sends to the page: the picture, the cell labels and the verdicts.

Pure functions over core objects, shared by every widget that shows a city (the city widget,
the game table, the chapters). The page never decides anything: for each cell it receives a
verdict computed here — legal, or every broken rule with what to highlight — and only draws it.
The page code itself is put together here too: each view's module and stylesheet are joined
with the board's shared ones. :class:`BoardWidget` holds what the city widget and the game
table do alike with the page's messages and in the notebook's mime bundle.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any, ClassVar, cast

import anywidget
import traitlets

from ..core.city import City, as_side
from ..core.errors import AlhambraError
from ..core.geometry import Cell, Side
from ..core.messages import check_language, get_language, render, word
from ..core.tiles import BUILDINGS, Tile
from ..core.violations import Violation
from ..render import THEMES, UNIT, city_extent, city_svg, describe_cell, rule_tag, tile_svg
from ..render.mime import picture_bundle
from ..render.svg import (
    Extent,
    cell_key,
    legend_svg,
    marker_points,
    tile_fragment,
    violation_look,
    violation_tone,
)
from ..render.text import describe_violations
from . import words as _words  # noqa: F401  (adds the widgets' templates to the catalogue)

Verdict = dict[str, Any]

STATIC = Path(__file__).parent / "static"


def bundle(*names: str) -> str:
    """Join files of ``static/`` into one, as anywidget loads a single module and a single
    stylesheet per widget: ``bundle("board.js", "city.js")``, ``bundle("board.css", "city.css")``.

    The modules import each other with ``import … from "./x.js"`` so that browsers and tests can
    load them separately; joined, those imports are dropped and one module defines everything.
    Stylesheets are joined as they are, the board's first, so a view's own rules come later and
    win over shared ones of the same weight.
    """
    parts = [_LOCAL_IMPORT.sub("", (STATIC / name).read_text("utf-8")) for name in names]
    return "\n".join(parts)


_LOCAL_IMPORT = re.compile(r'^import\s*\{[^}]*\}\s*from\s*"\./[^"]+";\n', re.MULTILINE)


class WidgetValueError(AlhambraError, traitlets.TraitError):
    """Raised when a widget is given a value it cannot show, in the learner's words. Also a
    ``TraitError``, so a refused write leaves every trait as it was."""


class BadMessageError(ValueError):
    """Raised when a message from the page does not make sense for the widget's state: a
    template of the catalogue and its parameters, so the note is said in the widget's
    language (``str()`` is the session's)."""

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(render(key, params))

    def explain(self, language: str | None = None) -> str:
        """The reason in ``language`` (the session's by default)."""
        return render(self.key, self.params, language)


class NothingToDoError(BadMessageError):
    """Raised when a learner's click or key does nothing useful now (no tile picked, nothing
    at the cell); its message is a plain sentence from the catalogue, shown to the learner."""


def explain(error: BaseException, language: str | None = None) -> str:
    """An error's sentence in ``language`` when it keeps its template, else as it was said."""
    if isinstance(error, BadMessageError):
        return error.explain(language)
    return str(error)


def language_trait(value: object) -> str:
    """A widget's ``language`` checked: one of the package's languages, or the session's for
    ``None``; a :class:`~alhambra_nb.core.messages.LanguageError` otherwise."""
    return get_language() if value is None else check_language(value)


def short(value: object, language: str | None = None) -> str:
    """The ``repr`` of a value from the page, cut to fit in a one-line note (a number of
    thousands of digits, or a list nested too deep to write out, described instead)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        digits = int(value.bit_length() * 0.30103)
        return render("widget.short-number", {"count": digits}, language)
    if isinstance(value, str) and len(value) > 10_000:
        return render("widget.short-text", {"count": len(value)}, language)
    if isinstance(value, list | dict) and len(value) > 10_000:
        return render("widget.short-items", {"count": len(value)}, language)
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # Python refuses to write it out
        return render("widget.short-unshown", {}, language)
    return text if len(text) <= 60 else text[:57] + "..."


def whole_number(value: object, name: str) -> int:
    """A page's whole number (not a bool); raises :class:`BadMessageError`."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise BadMessageError("widget.bad-number", name=name, value=short(value))
    return value


MAX_MESSAGE_ITEMS = 2_000
"""The most values (list items, dict entries) a message from the page may hold: far more than
any answer or payment, and few enough to refuse a flood before any work."""
MAX_MESSAGE_DEPTH = 8
"""How deep lists and dicts in a message from the page may nest."""


def message_kind(content: object) -> str:
    """The ``kind`` of a message from the page; raises :class:`BadMessageError` for garbage,
    and for a message too large or too deeply nested to be one the page sends."""
    if not isinstance(content, dict) or not isinstance(content.get("kind"), str):
        raise BadMessageError("widget.bad-message", value=short(content))
    check_size(content)
    return content["kind"]


JS_NOTHING = frozenset({"JsNull", "JsUndefined"})
"""The types the browser's Python (Pyodide) gives JavaScript's ``null`` and ``undefined``."""
EXACT_FLOATS = 2**53
"""Below this, a float that is a whole number is one exactly (JavaScript's safe integers)."""


def from_page(content: object) -> object:
    """What the page sent, as the plain values of JSON, read once before any handler sees it.

    The server kernel hands a message over as plain values already. The browser's Python
    (Pyodide, in the classroom site) hands JavaScript's ``null`` over as a ``JsNull`` object,
    objects and arrays as proxies (read with ``to_py()``), and whole numbers may come as
    floats (``3.0``). Each becomes what the server kernel would have: ``None``, a dict or a
    list, an int. Refuses (with :class:`BadMessageError`) a value too large or too deeply
    nested, as :func:`check_size` does, before reading all of it."""
    left = [MAX_MESSAGE_ITEMS]

    def plain(value: object, depth: int) -> object:
        if type(value).__name__ in JS_NOTHING:
            return None
        to_py = getattr(value, "to_py", None)
        if callable(to_py) and not isinstance(value, str | int | float | list | dict):
            value = to_py()
        if isinstance(value, float) and value.is_integer() and abs(value) < EXACT_FLOATS:
            return int(value)
        if not isinstance(value, list | tuple | dict):
            return value
        if depth >= MAX_MESSAGE_DEPTH:
            raise BadMessageError("widget.bad-too-deep", limit=MAX_MESSAGE_DEPTH)
        left[0] -= len(value)
        if left[0] < 0:
            raise BadMessageError("widget.bad-too-many", limit=MAX_MESSAGE_ITEMS)
        if isinstance(value, dict):
            return {key: plain(item, depth + 1) for key, item in value.items()}
        return [plain(item, depth + 1) for item in value]

    return plain(content, 0)


try:  # the browser's Python (the classroom site) only
    from pyodide.ffi import jsnull as JS_NULL
except ImportError:
    JS_NULL = None


def to_page(message: object) -> object:
    """``message`` as the page must get it. The browser's Python hands ``None`` to JavaScript
    as ``undefined``, and a value ``undefined`` is dropped on its way to the page: a trait set
    to ``None`` (no tile chosen any more) would never reach it, and the page would go on
    showing the old value. There, JavaScript's ``null`` is sent instead; elsewhere the message
    goes as it is."""
    if JS_NULL is None:
        return message
    return _nulls_for_nones(message)


def _nulls_for_nones(value: object) -> object:
    if value is None:
        return JS_NULL
    if isinstance(value, dict):
        return {key: _nulls_for_nones(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_nulls_for_nones(item) for item in value]
    return value


class ToPage:
    """Mixed into every widget before anywidget's class: each message to the page (a trait's
    new value, a custom message) goes through :func:`to_page`."""

    def _send(self, msg: dict[str, Any], buffers: Any = None) -> None:
        super()._send(to_page(msg), buffers)  # type: ignore[misc]


def check_size(content: object) -> None:
    """Refuse (with :class:`BadMessageError`) a value holding more than
    :data:`MAX_MESSAGE_ITEMS` values, nested deeper than :data:`MAX_MESSAGE_DEPTH`, or holding
    a number beyond 64 bits; it stops counting at the limit, so a flood costs no more than a
    message at the limit."""
    count = 0
    stack: list[tuple[object, int]] = [(content, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, int) and value.bit_length() > 64:
            raise BadMessageError("widget.bad-too-large", value=short(value))
        if not isinstance(value, list | dict):
            continue
        if depth >= MAX_MESSAGE_DEPTH:
            raise BadMessageError("widget.bad-too-deep", limit=MAX_MESSAGE_DEPTH)
        count += len(value)
        if count > MAX_MESSAGE_ITEMS:
            raise BadMessageError("widget.bad-too-many", limit=MAX_MESSAGE_ITEMS)
        items = value.values() if isinstance(value, dict) else value
        stack.extend((item, depth + 1) for item in items)


def with_fallback(
    bundle_: object, text: str, svg: str | None
) -> tuple[dict[str, Any], dict[str, Any]]:
    """A widget's mime bundle plus a text and a static picture, for places without a kernel
    (GitHub, nbviewer, nbconvert) and for nbval, which compares the text. The picture comes
    as SVG and as HTML, whose ``<img>`` carries the picture's description as its alt text
    (see :mod:`alhambra_nb.render.mime`); a live view still ranks above both."""
    data, metadata = bundle_ if isinstance(bundle_, tuple) else (bundle_ or {}, {})
    data = {**data, "text/plain": text}
    if svg is not None:
        data.update(picture_bundle(svg))
    return data, metadata


class PageWrites:
    """How a widget takes trait writes from the page (a comm ``update``), mixed into an
    anywidget: like a message, a write is checked before it counts.

    Only the traits named in ``_page_writable`` may be written (the view's own, such as
    ``_board`` or ``_note``, never); each value goes through the trait's type and its
    ``@traitlets.validate``. A bad write changes nothing (every trait of it is put back), is
    noted with ``_page_write_refused``, and the page is sent the values it should show.
    """

    _page_writable: ClassVar[frozenset[str]] = frozenset()

    def set_state(self, sync_data: dict[str, Any]) -> None:
        """Apply a write from the page, or refuse all of it with a note."""
        widget = cast("anywidget.AnyWidget", self)
        try:
            sync_data = cast("dict[str, Any]", from_page(sync_data))
            names = _page_write_names(sync_data, self._page_writable)
            for name in names:  # each value checked before any trait changes
                widget.traits()[name]._validate(widget, sync_data[name])
            before = {name: getattr(widget, name) for name in names}
            try:
                super().set_state(sync_data)  # type: ignore[misc]
            except Exception:
                # Values that pass alone may still clash (a gate for no chosen tile): put
                # every trait back as it was, with no check or observer seeing the clash.
                with widget.hold_sync(), widget.cross_validation_lock:
                    for name, value in before.items():
                        widget.set_trait(name, value)
                raise
        except (traitlets.TraitError, ValueError, TypeError, LookupError) as error:
            language = getattr(self, "language", None)
            reason = explain(error, language)
            self._page_write_refused(render("widget.ignored-change", {"reason": reason}, language))
            keys = (
                [name for name in sync_data if name in widget.keys]
                if isinstance(sync_data, dict)
                else []
            )
            if keys:
                widget.send_state(keys)

    def _page_write_refused(self, text: str) -> None:
        raise NotImplementedError


def _page_write_names(sync_data: object, writable: frozenset[str]) -> list[str]:
    """The traits a page write names, all of them writable; raises :class:`BadMessageError`."""
    if not isinstance(sync_data, dict):
        raise BadMessageError("widget.bad-change", value=short(sync_data))
    check_size(sync_data)
    refused = sorted(str(name) for name in sync_data if name not in writable)
    if refused:
        raise BadMessageError("widget.bad-writes", names=", ".join(map(repr, refused)))
    return list(sync_data)


class Speaking(traitlets.HasTraits):
    """A widget's language, mixed into every widget: a synced trait, checked, the session's
    language when none is given."""

    language = traitlets.Any().tag(sync=True)
    """The language the widget speaks (``"en"``, ``"hu"``, ``"de"``, ``"pl"``, ``"ja"``): its
    notes, verdicts, pictures and the page's own words. ``None`` at creation means the
    session's language; a change redraws everything in the new one."""

    @traitlets.validate("language")
    def _valid_language(self, proposal: dict[str, Any]) -> str:
        return language_trait(proposal["value"])

    @traitlets.default("language")
    def _session_language(self) -> str:
        return get_language()

    def _render(self, key: str, **params: object) -> str:
        """The template ``key`` filled, in the widget's language."""
        return render(key, params, self.language)


class BoardWidget(ToPage, PageWrites, Speaking, anywidget.AnyWidget):
    """What the city widget and the game table share: the verdicts and the note they send, and
    how they take messages from the page.

    A subclass handles a message in ``_dispatch`` and draws its static picture in
    ``_static_svg``. A message that makes no sense raises :class:`BadMessageError` there and
    becomes a note; whatever else goes wrong is logged and noted too, for a page must never
    raise in the kernel.
    """

    last_verdict = traitlets.List()
    """The violations of the last try (``[]`` when it succeeded)."""
    _verdicts = traitlets.Dict().tag(sync=True)
    _note = traitlets.Dict().tag(sync=True)

    def __init__(self, *, language: str | None = None, **kwargs: Any) -> None:
        self._notes = 0
        super().__init__(language=language_trait(language), **kwargs)
        self.on_msg(self._handle_message)

    @property
    def note(self) -> str:
        """The last note under the view (what happened, or what was refused or ignored)."""
        return self._note.get("text", "")

    def _say(self, text: str, kind: str, *, cell: Cell | None = None) -> None:
        """Put ``text`` in the note; ``cell``: a refused click on that cell. While the pointer
        or the focus is on it, the status line reads that cell's verdict, the same rules: the
        note then says only that the move was refused (``short``), so each rule is read once."""
        # The serial makes a repeated note a change the page sees.
        self._notes += 1
        note: dict[str, Any] = {"text": text, "kind": kind, "serial": self._notes}
        if cell is not None:
            note.update(cell=cell_key(cell), short=self._render("widget.refused-here"))
        self._note = note

    def _page_write_refused(self, text: str) -> None:
        self._say(text, "ignored")

    def _handle_message(self, _widget: object, content: object, _buffers: object) -> None:
        try:
            self._dispatch(from_page(content))
        except NothingToDoError as error:
            # An ordinary click or key that does nothing now: a plain hint, not a fault.
            self._say(error.explain(self.language), "hint")
            self._ignored()
        except (ValueError, traitlets.TraitError) as error:
            # BadMessageError, and the package's own errors for bad input (all ValueErrors):
            # what the page asked makes no sense now, and nothing has changed.
            reason = explain(error, self.language)
            self._say(self._render("widget.ignored-message", reason=reason), "ignored")
            self._ignored()
        except Exception as error:  # a page must never raise in the kernel
            logging.getLogger(type(self).__module__).exception(
                "%s could not handle %r", type(self).__name__, content
            )
            failed = type(error).__name__
            self._say(self._render("widget.ignored-message-failed", error=failed), "ignored")
            self._ignored()

    def _dispatch(self, content: object) -> None:
        raise NotImplementedError

    def _ignored(self) -> None:
        """What follows an ignored message besides the note (nothing, unless a view redraws)."""

    def _static_svg(self) -> str:
        raise NotImplementedError

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]]:
        """The live widget, plus a static picture and a text for places without a kernel."""
        return with_fallback(super()._repr_mimebundle_(**kwargs), repr(self), self._static_svg())


def parse_cell_key(value: object) -> Cell:
    """The cell named by a page's ``"x,y"`` (or ``[x, y]``); raises :class:`BadMessageError`."""
    try:
        if isinstance(value, str):
            x, y = value.split(",")
            return (int(x), int(y))
        if (
            isinstance(value, list | tuple)
            and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value)
        ):
            return (value[0], value[1])
    except ValueError:
        pass
    raise BadMessageError("widget.bad-cell", value=short(value))


def extent_cells(extent: Extent) -> list[Cell]:
    """Every cell of an extent, row by row."""
    min_x, min_y, max_x, max_y = extent
    return [(x, y) for y in range(min_y, max_y + 1) for x in range(min_x, max_x + 1)]


def board_payload(
    city: City, *, size: int = 72, camps: bool = False, language: str | None = None
) -> dict[str, Any]:
    """The board as the page draws it: static SVG, grid extent, cell labels, wall, counts,
    its words in ``language``. The legend explains camps and bastions when the city holds a
    camp, or when ``camps`` (a camp waits to be placed)."""
    extent = city_extent(city)
    labels = {cell_key(c): describe_cell(city, c, language) for c in extent_cells(extent)}
    camps = camps or any(t.is_camp for _, t in city.items())
    return {
        "svg": city_svg(city, extent=extent, size=size, language=language),
        "unit": UNIT,
        "size": size,
        "extent": list(extent),
        "labels": labels,
        "wall": city.longest_wall(),
        "counts": {b.value: n for b, n in city.building_counts().items()},
        "buildings": [b.value for b in BUILDINGS],
        "names": {b.value: word(b, language) for b in BUILDINGS},
        "palette": palette_payload(),
        "legend": legend_svg(camps=camps, language=language),
    }


def palette_payload() -> dict[str, dict[str, str]]:
    """The palette for the page, per theme: the page follows the notebook's light or dark."""
    return {name: dict(colours) for name, colours in THEMES.items()}


def tray_payload(tiles: Sequence[Tile], language: str | None = None) -> list[dict[str, str]]:
    """The tiles of a tray: the code the page answers with, the tile in words (its caption,
    and its full name for the title and screen readers), a small picture and a ghost to lay
    over a cell."""
    return [
        {
            "code": t.code,
            "label": str(word(t.described(), language)),
            "caption": tile_caption(t, language),
            "svg": tile_svg(t, size=64, language=language),
            "ghost": tile_fragment(t),
        }
        for t in tiles
    ]


def tile_caption(tile: Tile, language: str | None = None) -> str:
    """The few words under a tile of a tray: its type and price ("tower, price 9"); its
    walls are in the picture above them."""
    if tile.is_fountain:
        return word(tile, language)
    return render("widget.tray-caption", {"tile": tile, "price": tile.price}, language)


def violations_payload(
    violations: Iterable[Violation], language: str | None = None
) -> list[dict[str, Any]]:
    """Violations as the page draws them: id, message (in ``language``), cells, edges, a tag,
    a look, the colour role and where the numbered marker goes."""
    violations = list(violations)
    return [
        {
            **v.to_dict(),
            "message": v.explain(language),
            "tag": rule_tag(v.rule.value, language),
            "look": violation_look(v),
            "tone": violation_tone(v),
            "marker": list(point) if point is not None else None,
        }
        for v, point in zip(violations, marker_points(violations), strict=True)
    ]


def verdict(
    cell: Cell,
    action: str,
    violations: Sequence[Violation],
    doing: str,
    language: str | None = None,
) -> Verdict:
    """One cell's verdict in ``language``. ``doing`` says what a click does when the action
    is allowed."""
    if not violations:
        text = render("widget.verdict-ok", {"cell": cell, "doing": doing}, language)
        return {"ok": True, "action": action, "text": text, "violations": []}
    count = len(violations)
    numbered = describe_violations(violations, language)
    words = {"cell": cell, "count": count, "why": numbered}
    return {
        "ok": False,
        "action": action,
        "text": render("widget.verdict-broken", words, language),
        "violations": violations_payload(violations, language),
    }


def gate_trait(value: object, language: str | None = None) -> str | None:
    """A ``gate`` trait's value checked: a side letter, or ``None`` (also for ``""``)."""
    if value is None or value == "":
        return None
    try:
        side = as_side(value)  # type: ignore[arg-type]
    except ValueError:
        raise WidgetValueError(
            render("widget.bad-gate", {"value": short(value, language)}, language)
        ) from None
    return side.name if side is not None else None


def gate_words(side: Side | str | None, language: str | None = None) -> str:
    """' with a gate on its west side', or nothing without a gate."""
    if side is None:
        return ""
    return render("widget.with-gate", {"side": as_side(side)}, language)


def placement_verdicts(
    city: City,
    tile: Tile,
    cells: Iterable[Cell],
    rotation: int = 0,
    *,
    gate: str | None = None,
    language: str | None = None,
) -> dict[str, Verdict]:
    """For each cell, whether ``tile`` (turned ``rotation``, with a gate on its ``gate`` side,
    expansion II) may be built there, and why not, in ``language``."""
    words = {"tile": tile.described(price=False), "gate": gate_words(gate, language)}
    doing = render("widget.doing-place", words, language)
    return {
        cell_key(c): verdict(c, "place", city.check(tile, c, rotation, gate=gate), doing, language)
        for c in cells
    }


def removal_verdicts(
    city: City, cells: Iterable[Cell], language: str | None = None
) -> dict[str, Verdict]:
    """For each tile of ``cells``, whether it may be moved to the reserve, and why not."""
    found = {}
    for cell in cells:
        tile = city.get(cell)
        if tile is None:
            found[cell_key(cell)] = empty_verdict(cell, language)
        else:
            doing = render("widget.doing-remove", {"tile": tile}, language)
            checked = city.check_removal(cell)
            found[cell_key(cell)] = verdict(cell, "remove", checked, doing, language)
    return found


def empty_verdict(cell: Cell, language: str | None = None) -> Verdict:
    """An empty cell while redesigning with no reserve tile chosen: a click does nothing."""
    return {
        "ok": False,
        "action": None,
        "text": render("widget.empty-pick-reserve", {"cell": cell}, language),
        "violations": [],
    }


def reserve_verdicts(
    city: City,
    tile: Tile,
    cells: Iterable[Cell],
    *,
    gate: str | None = None,
    language: str | None = None,
) -> dict[str, Verdict]:
    """For a reserve tile: swap it with a city tile, or put it back on an empty cell (with a
    gate on its ``gate`` side, expansion II)."""
    found = {}
    for cell in cells:
        old = city.get(cell)
        if old is None:
            words = {"tile": tile.described(price=False), "gate": gate_words(gate, language)}
            doing = render("widget.doing-return", words, language)
            checked = city.check(tile, cell, gate=gate)
            found[cell_key(cell)] = verdict(cell, "place", checked, doing, language)
        else:
            words = {"tile": tile.described(price=False), "old": old}
            doing = render("widget.doing-swap", words, language)
            checked = city.check_swap(cell, tile)
            found[cell_key(cell)] = verdict(cell, "swap", checked, doing, language)
    return found

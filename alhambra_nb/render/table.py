"""The picture of a whole game table: market, money display, every player's money, reserve
and Alhambra, scores and the log, as one deterministic SVG (stdlib + core only).

``game_svg(game)`` is how a :class:`~alhambra_nb.core.game.Game` shows itself in a notebook.
The live table of the widgets draws the same picture through :func:`table_picture`, with a
:class:`TableView` saying who is a bot, what is chosen, and which buttons it adds
(:class:`TableControls`); nothing here is pressed or decides what is legal.
"""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol
from unicodedata import east_asian_width

from ..core.game import Game
from ..core.messages import join, render, resolve, template, word
from ..core.money import CURRENCIES, CURRENCY, VALUE, Currency, card, card_words, space_currency
from ..core.phases import PHASE_FINAL, PHASE_OVER
from ..core.state import PlayerState
from ..core.tiles import Tile
from . import words as _words  # noqa: F401  (adds the pictures' templates to the catalogue)
from .expansion import ModuleControls, draw_modules_panel, draw_player_extras, money_totals
from .palette import PALETTE
from .parts import MUTED, label, node, panel, plain
from .svg import Extent, city_extent, city_svg, tile_fragment
from .text import describe_tile

CURRENCY_FILL: Mapping[Currency, str] = {
    Currency.DENAR: "#5b9bd5",
    Currency.DIRHAM: "#6cc070",
    Currency.DUCAT: "#f0a04b",
    Currency.GUILDER: "#f2d04b",
}
"""Card colours (ruling R1: blue, green, orange, yellow); the name is always written too."""

DIAMOND_FILL = "#bfe6f0"
"""The face of a diamond card (expansion II): pale blue-white, told apart by its name too."""

LOG_LINES = 12
"""How many of the newest log lines the table shows."""

WIDTH = 1100
PANEL_WIDTH = 545
ACTIONS_PANEL = (856, 244)
"""Where the panel beside the money display starts, and how wide it is: this turn's summary,
or a live table's buttons."""


class TableControls(Protocol):
    """What a live table adds to the picture: its buttons."""

    def draw_actions(
        self, root: ET.Element, x: float, y: float, width: float, height: float
    ) -> None:
        """The panel beside the money display (in place of this turn's summary)."""

    def draw_module_controls(self, group: ET.Element, top: float, width: float) -> float:
        """The module actions below what the modules show; returns the y below them."""


@dataclass(frozen=True)
class Spotlight:
    """What a table picture rings as just done, so it is seen where it happened and not only in
    the log: display cards taken (by id), market spaces bought from, cells built on (by seat)."""

    cards: frozenset[str] = frozenset()
    spaces: frozenset[int] = frozenset()
    cells: Mapping[int, frozenset[str]] = field(default_factory=dict)


@dataclass(frozen=True)
class TableView:
    """How a table is shown, besides the game itself."""

    bots: Collection[int] = frozenset()
    """The seats bots play (their players are called bots, the others 'you' or players)."""
    choice: tuple[str, int] | None = None
    """The tile the player to play has chosen: ``("bought", i)`` or ``("reserve", i)``."""
    log_marks: Sequence[str] = ()
    """Who took each log line's action (``"bot"`` lines get a tag), by index."""
    fresh_from: int | None = None
    """The first log line of what just happened, drawn bold (``None``: no line is)."""
    prompt: str = ""
    """A line under the title, saying what to do."""
    controls: TableControls | None = None
    """A live table's buttons (``None``: a picture, with this turn's summary)."""
    spotlight: Spotlight = field(default_factory=Spotlight)
    """What the picture rings as just done."""


@dataclass(frozen=True)
class TablePicture:
    """The table's SVG, its height, and the cells shown of each seat's Alhambra."""

    svg: str
    height: float
    extents: dict[int, Extent]
    bottoms: dict[int, float] = field(default_factory=dict)
    """Where each seat's panel ends, from the picture's top (a page keeps a player's panel,
    with their Alhambra, in view by it)."""


def game_svg(game: Game, *, language: str | None = None) -> str:
    """A picture of ``game``'s table, its words in ``language`` (the session's by default)."""
    return table_picture(game, language=language).svg


def table_picture(
    game: Game, view: TableView | None = None, *, language: str | None = None
) -> TablePicture:
    """The table as one SVG, as ``view`` shows it, its words in ``language`` (the session's by
    default); with where each player's Alhambra is (for a live table's grid)."""
    table = _Table(game, view or TableView(), resolve(language))
    root = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "class": "alhambra game-table",
            "font-family": "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif",
        },
    )
    node(root, "desc", "").text = game.describe(table.language, notation=False)  # in words
    background = node(root, "rect", "table-bg", x=0, y=0, width=WIDTH, fill="#fdfaf3")
    y = _draw_header(root, table, 0)
    y = _draw_market_row(root, table, y + 8)
    if game.modules:
        y = draw_modules_panel(root, game, y + 8, WIDTH, controls=table.module_controls(),
                               language=table.language)  # fmt: skip
    y, extents, bottoms = _draw_players(root, table, y + 12)
    y = _draw_neutral(root, table, y)
    y = _draw_log(root, table, y + 8)
    height = y + 8
    background.set("height", str(height))
    root.set("viewBox", f"0 0 {WIDTH} {height}")
    root.set("width", str(WIDTH))
    root.set("height", str(height))
    return TablePicture(ET.tostring(root, encoding="unicode"), height, extents, bottoms)


@dataclass(frozen=True)
class _Table:
    """What the drawing needs: the game, how it is shown, and in which language."""

    game: Game
    view: TableView
    language: str

    def module_controls(self) -> ModuleControls | None:
        controls = self.view.controls
        return None if controls is None else controls.draw_module_controls


# -- cards and tiles ------------------------------------------------------------------------
def tile_picture(parent: ET.Element, tile: Tile, x: float, y: float, size: float) -> None:
    """A tile's picture, ``size`` units wide, its top left corner at (x, y)."""
    group = node(parent, "g", "tile-picture", transform=f"translate({x} {y}) scale({size / 100})")
    group.append(ET.fromstring(tile_fragment(tile)))


def hand_order(card_id: str) -> tuple[int, int, str]:
    """Currencies in market order, diamonds (expansion II, no currency) last."""
    currency = CURRENCY.get(card_id)
    place = CURRENCIES.index(currency) if currency is not None else len(CURRENCIES)
    return (place, VALUE[card_id], card_id)


def money_card(
    parent: ET.Element,
    card_id: str,
    x: float,
    y: float,
    w: float,
    h: float,
    *,
    data: str,
    about: str,
    language: str,
) -> ET.Element:
    """A money card: its colour, its value and its currency's name (colour never speaks
    alone); ``data`` names the attribute that carries its id (``data-card``, ``data-hand``),
    ``about`` what a screen reader says of it (the card and where it lies)."""
    money = card(card_id)
    currency = money.currency  # type: ignore[union-attr]
    # Diamonds (expansion II) are no currency of the market: a colour and a name of their own.
    kind = currency.value if currency is not None else "diamond"
    fill = CURRENCY_FILL[currency] if currency is not None else DIAMOND_FILL
    name = template(f"currency.{kind}", language)
    group = node(
        parent,
        "g",
        f"money-card {kind}",
        transform=f"translate({x} {y})",
        aria_label=about,
        **{f"data_{data}": card_id},
    )
    node(group, "rect", "card-face", width=w, height=h, rx=5, fill=fill,
         stroke=PALETTE["tile-edge"], stroke_width=1.5)  # fmt: skip
    big = h >= 70
    label(group, "card-value", str(money.value), w / 2, h * (0.55 if big else 0.5),
          font_size=30 if big else 18, font_weight="bold", text_anchor="middle")  # fmt: skip
    # A small card shows its currency's abbreviation; a diamond shows its sign.
    if not big:
        name = template(f"widget.currency-short.{kind}", language)
    label(group, "card-currency", name, w / 2, h - (10 if big else 6),
          font_size=13 if big else 10, text_anchor="middle")  # fmt: skip
    return group


def text_width(text: str, font_size: float) -> float:
    """About how wide ``text`` is drawn: a wide (East Asian) character takes a whole em, any
    other about six tenths of one (no fonts are measured here)."""
    ems = sum(1.0 if east_asian_width(ch) in "WF" else 0.6 for ch in text)
    return ems * font_size


def _say(language: str) -> Callable[..., str]:
    """``say(key, **params)``: a template of the catalogue filled, in ``language``."""
    return lambda key, **params: render(key, params, language)


# -- the rows of the table ------------------------------------------------------------------
def _player_tag(table: _Table, seat: int) -> str:
    bots = table.view.bots
    if seat in bots:
        return template("widget.role-bot", table.language)
    humans = [s for s in range(len(table.game.state.players)) if s not in bots]
    role = "you" if len(humans) == 1 and bots else "player"
    return template(f"widget.role-{role}", table.language)


def _draw_header(root: ET.Element, table: _Table, y: float) -> float:
    game, state, language = table.game, table.game.state, table.language
    group = node(root, "g", "header")
    if state.phase == PHASE_OVER:
        words = {"count": state.turn, "winners": game.winners()}
        title = render("widget.table-over", words, language)
    else:
        key = "widget.table-turn-final" if state.phase == PHASE_FINAL else "widget.table-turn"
        words = {"turn": state.turn, "player": state.players[state.current].name,
                 "role": _player_tag(table, state.current)}  # fmt: skip
        title = render(key, words, language)
    label(group, "title", title, 10, y + 24, font_size=18, font_weight="bold")
    scores = [
        render("widget.table-score", {"player": p.name, "points": p.score}, language)
        for p in state.players
    ]
    if state.neutral is not None:
        words = {"player": state.neutral.name, "points": state.neutral.score}
        scores.append(render("widget.table-score-neutral", words, language))
    points = template("widget.table-sep", language).join(scores)
    label(group, "scores", render("widget.table-points", {"scores": points}, language),
          WIDTH - 10, y + 24, text_anchor="end", font_size=14)  # fmt: skip
    if table.view.prompt:
        label(group, "prompt", table.view.prompt, 10, y + 46, font_size=13, fill=MUTED)
        return y + 54
    return y + 34


def _draw_market_row(root: ET.Element, table: _Table, y: float) -> float:
    state, language = table.game.state, table.language
    height = 186
    say = _say(language)
    market = panel(root, "market", 0, y, 500, height, say("widget.table-market"))
    spot = table.view.spotlight
    for index, tile in enumerate(state.market):
        space = _draw_space(market, index + 1, tile, language)
        if index + 1 in spot.spaces:
            ring(space, 112, 150)
    display = panel(root, "display", 508, y, 340, height, say("widget.table-display"))
    for index, card_id in enumerate(state.display):
        about = say("widget.card-on-display", card=card_words(card_id, language))
        drawn = money_card(display, card_id, 12 + index * 80, 32, 70, 104, data="card",
                           about=about, language=language)  # fmt: skip
        if card_id in spot.cards:
            ring(drawn, 70, 104)
    if not state.display:
        label(display, "display-empty", say("widget.table-empty"), 20, 80, fill=MUTED)
    # Each count with its own noun, so each takes the plural its number asks for.
    counts = (("widget.table-deck", state.deck), ("widget.table-discard", state.discard),
              ("widget.table-bag", state.bag))  # fmt: skip
    deck = say("widget.table-sep").join(say(key, count=len(pile)) for key, pile in counts)
    label(display, "deck", deck, 12, 170, font_size=12, fill=MUTED)
    x, width = ACTIONS_PANEL
    if table.view.controls is not None:
        table.view.controls.draw_actions(root, x, y, width, height)
    else:
        _draw_turn_summary(root, table, y, height)
    return y + height


def _draw_space(market: ET.Element, space: int, tile: Tile | None, language: str) -> ET.Element:
    """A market space: its currency's band, its tile and price (or that it is empty)."""
    say = _say(language)
    currency = space_currency(space)
    name = template(f"currency.{currency.value}", language)
    x = 10 + (space - 1) * 122
    if tile is not None:
        about = say("widget.table-space", space=space, currency=name,
                    tile=describe_tile(tile, language), price=tile.price)  # fmt: skip
    else:
        about = say("widget.table-space-empty", space=space, currency=name)
    group = node(market, "g", f"space {currency.value}", transform=f"translate({x} 28)",
                 data_space=space, aria_label=about)  # fmt: skip
    node(group, "rect", "space-area", width=112, height=150, rx=6, fill="#f6f1e4",
         stroke="#d6cdb8")  # fmt: skip
    node(group, "rect", "space-band", width=112, height=24, rx=5,
         fill=CURRENCY_FILL[currency])  # fmt: skip
    label(group, "space-name", say("widget.table-space-name", space=space, currency=name),
          56, 17, text_anchor="middle", font_weight="bold")  # fmt: skip
    if tile is not None:
        tile_picture(group, tile, 16, 30, 80)
        label(group, "space-price", say("widget.table-price", price=tile.price,
              currency=name), 56, 140, text_anchor="middle", font_size=13)  # fmt: skip
    else:
        label(group, "space-empty", say("widget.table-empty"), 56, 80,
              text_anchor="middle", fill=MUTED)  # fmt: skip
    return group


def _draw_turn_summary(root: ET.Element, table: _Table, y: float, height: float) -> None:
    say = _say(table.language)
    x, width = ACTIONS_PANEL
    group = panel(root, "controls", x, y, width, height, say("widget.table-this-turn"))
    state = table.game.state
    may = "widget.table-may-act" if state.may_act else "widget.table-may-not-act"
    lines = [say("widget.table-actions-taken", count=state.actions), say(may)]
    for index, line in enumerate(lines):
        label(group, "summary", line, 10, 44 + 20 * index, font_size=13)


def _draw_players(
    root: ET.Element, table: _Table, y: float
) -> tuple[float, dict[int, Extent], dict[int, float]]:
    state = table.game.state
    extents: dict[int, Extent] = {}
    bottoms: dict[int, float] = {}
    row_top, row_height = y, 0.0
    for seat, player in enumerate(state.players):
        column = seat % 2
        if column == 0 and seat:
            row_top += row_height + 10
            row_height = 0.0
        x = column * (PANEL_WIDTH + 10)
        height, extents[seat] = _draw_player(root, table, seat, player, x, row_top)
        bottoms[seat] = row_top + height
        row_height = max(row_height, height)
    return row_top + row_height, extents, bottoms


def _draw_player(
    root: ET.Element, table: _Table, seat: int, player: PlayerState, x: float, y: float
) -> tuple[float, Extent]:
    state, language = table.game.state, table.language
    say = _say(language)
    current = state.phase != PHASE_OVER and state.current == seat
    group = node(root, "g", "player" + (" current" if current else ""),
                 transform=f"translate({x} {y})", data_seat=seat)  # fmt: skip
    bg = node(group, "rect", "panel-bg", width=PANEL_WIDTH, rx=8, fill="#ffffff",
              stroke=PALETTE["highlight"] if current else "#d6cdb8",
              stroke_width=4 if current else 1.5)  # fmt: skip
    key = "widget.table-player-current" if current else "widget.table-player"
    label(group, "player-name", say(key, player=player.name, role=_player_tag(table, seat)),
          10, 22, font_size=16, font_weight="bold")  # fmt: skip
    label(group, "player-score", say("widget.table-player-points", count=player.score),
          PANEL_WIDTH - 10, 22, font_size=16, font_weight="bold", text_anchor="end")  # fmt: skip
    totals = money_totals(player.money, diamonds="diamonds" in state.modules, language=language)
    label(group, "money-totals", totals, 10, 42, font_size=13)
    built = len(player.city) - 1
    # Beside the points, not the money: the money line is long once diamonds join it.
    label(group, "wall", say("widget.table-built", built=built,
          wall=player.city.longest_wall()), PANEL_WIDTH - 120, 22, text_anchor="end",
          font_size=13, fill=MUTED)  # fmt: skip
    top = _draw_hand(group, player, 50.0, language)
    if state.modules:
        top = draw_player_extras(group, table.game, seat, top, PANEL_WIDTH, language)
    top = _draw_tile_row(group, "reserve", say("widget.table-reserve"), player.reserve, table,
                         seat, top)  # fmt: skip
    if player.bought:
        top = _draw_tile_row(group, "bought", say("widget.table-to-place"), player.bought,
                             table, seat, top)  # fmt: skip
    extent = city_extent(player.city)
    picture = city_svg(player.city, extent=extent, show_wall=False, language=language)
    board = plain(ET.fromstring(picture))
    _ring_cells(board, table.view.spotlight.cells.get(seat, frozenset()))
    _, _, box_w, box_h = (float(v) for v in board.get("viewBox", "0 0 100 100").split())
    scale = min(0.64, (PANEL_WIDTH - 20) / box_w, 420 / box_h)
    board.set("x", "10")
    board.set("y", f"{top:.0f}")
    board.set("width", f"{box_w * scale:.0f}")
    board.set("height", f"{box_h * scale:.0f}")
    board.set("class", board.get("class", "") + " player-city")
    board.set("data-seat", str(seat))
    group.append(board)
    height = top + box_h * scale + 10
    bg.set("height", f"{height:.0f}")
    return height, extent


def _ring_cells(board: ET.Element, cells: frozenset[str]) -> None:
    for cell in board.iter():
        if cell.get("data-cell") in cells and "tile" in cell.get("class", "").split():
            ring(cell, 100, 100)


def ring(group: ET.Element, width: float, height: float) -> None:
    """A dashed ring, in the highlight colour, round a part the spotlight is on."""
    group.set("class", group.get("class", "") + " spotlit")
    node(group, "rect", "spot-ring", x=1, y=1, width=width - 2, height=height - 2, rx=8,
         fill="none", stroke=PALETTE["highlight"], stroke_width=6,
         stroke_dasharray="14 6")  # fmt: skip


def _draw_hand(group: ET.Element, player: PlayerState, top: float, language: str) -> float:
    """A player's money cards, small, in rows; returns the y below them."""
    per_row = 14
    cards = sorted(player.money, key=hand_order)
    for index, card_id in enumerate(cards):
        row, column = divmod(index, per_row)
        words = {"card": card_words(card_id, language), "player": player.name}
        about = render("widget.card-in-hand", words, language)
        money_card(group, card_id, 10 + column * 37, top + row * 50, 34, 46, data="hand",
                   about=about, language=language)  # fmt: skip
    return top + 50 * max(1, -(-len(cards) // per_row)) + 6


def _draw_tile_row(
    group: ET.Element,
    kind: str,
    title: str,
    tiles: Sequence[Tile],
    table: _Table,
    seat: int,
    top: float,
) -> float:
    say = _say(table.language)
    heading = say("widget.table-row-title", title=title)
    label(group, f"{kind}-title", heading, 10, top + 28, font_size=13)
    # The row starts after its title, however long the title is in the language.
    start = max(84.0, 10 + text_width(heading, 13) + 10)
    if not tiles:
        label(group, f"{kind}-empty", say("widget.table-none"), start, top + 28, font_size=13,
              fill=MUTED)  # fmt: skip
        return top + 40
    chosen = table.view.choice if table.game.state.current == seat else None
    for index, tile in enumerate(tiles):
        x = start + index * 50
        picked = chosen == (kind, index)
        item = node(group, "g", f"tray-tile {kind}" + (" chosen" if picked else ""),
                    transform=f"translate({x} {top})",
                    aria_label=say("widget.table-row-tile", title=title, tile=tile.described()),
                    aria_pressed=str(picked).lower(), **{f"data_{kind}": index},
                    data_code=tile.code)  # fmt: skip
        if picked:
            node(item, "rect", "chosen-ring", x=-3, y=-3, width=50, height=50, rx=6,
                 fill="none", stroke=PALETTE["highlight"], stroke_width=4)  # fmt: skip
        tile_picture(item, tile, 0, 0, 44)
    return top + 50


def _draw_neutral(root: ET.Element, table: _Table, y: float) -> float:
    neutral = table.game.state.neutral
    if neutral is None:
        return y
    say = _say(table.language)
    counts = neutral.building_counts()
    held = [
        say("widget.table-held", count=n, building=word(b, table.language))
        for b, n in counts.items()
        if n
    ]
    holds = join(held, table.language) if held else say("widget.table-held-none")
    text = say("widget.table-neutral", player=neutral.name, count=neutral.score, held=holds)
    label(root, "neutral", text, 10, y + 22, font_size=13)
    return y + 30


def _draw_log(root: ET.Element, table: _Table, y: float) -> float:
    events = table.game.state.log
    marks = table.view.log_marks
    fresh_from = len(events) if table.view.fresh_from is None else table.view.fresh_from
    first = max(0, len(events) - LOG_LINES)
    lines: list[tuple[str, str, bool, bool]] = []
    for index in range(first, len(events)):
        mark = marks[index] if index < len(marks) else ""
        sentence = events[index].sentence(table.language)
        for part, piece in enumerate(textwrap.wrap(sentence, 128) or [sentence]):
            lines.append((piece, mark, index >= fresh_from, part == 0))
    height = 30 + 18 * len(lines) + 6
    title = render("widget.table-log", {"count": len(events)}, table.language)
    group = panel(root, "log", 0, y, WIDTH, height, title)
    for row, (text, mark, fresh, first_line) in enumerate(lines):
        _draw_log_line(group, 44 + 18 * row, text, mark, fresh, first_line, table.language)
    return y + height


def _draw_log_line(
    group: ET.Element, y: float, text: str, mark: str, fresh: bool, first: bool, language: str
) -> None:
    """A line of the log: a bar when it is fresh, a tag on the first line of a bot's action."""
    cls = "log-line" + (" fresh" if fresh else "") + (f" by-{mark}" if mark else "")
    line = node(group, "g", cls, data_mark=mark or None)
    if fresh:
        node(line, "rect", "fresh-bar", x=6, y=y - 13, width=4, height=17,
             fill=PALETTE["highlight"])  # fmt: skip
    if mark == "bot" and first:
        node(line, "rect", "bot-tag", x=16, y=y - 13, width=34, height=17, rx=8,
             fill="#6b6b6b")  # fmt: skip
        label(line, "bot-tag-label", template("widget.role-bot", language), 33,
              y, font_size=11, fill="#ffffff", text_anchor="middle")  # fmt: skip
    label(line, "log-text", text, 58, y, font_size=13,
          font_weight="bold" if fresh else None)  # fmt: skip

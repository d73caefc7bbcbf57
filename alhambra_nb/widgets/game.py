"""``GameWidget``: a game table to play Alhambra in a notebook, against bots or hot seat.

Python computes, the page draws. The whole table (market, money display, every player's money,
reserve and Alhambra, scores, the log) is one SVG, the picture ``render`` draws of a game,
with this table's buttons added (:class:`LiveControls`); the same picture, without buttons, is
the static fallback of the mime bundle. For the player to act the widget also sends verdicts:
for every set of display cards the take-money verdict, for every payment from the hand the buy
verdict with its consequence (exact: another action; overpaid: no change), and for the chosen
tile a verdict per cell of the Alhambra. The page shows them with no round trip; a click sends
one message, and Python checks again with the game's own rules before anything changes. Bots
play their turns right after the player's, and their lines in the log are marked so the
learner sees what they did.
"""

from __future__ import annotations

import logging
import xml.etree.ElementTree as ET
from collections import deque
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import traitlets

from ..chapters import get as chapter
from ..chapters.coach import Coach, CoachError
from ..core.actions import (
    Action,
    BuildFromReserve,
    Buy,
    EndTurn,
    GiveToNeutral,
    MoveToReserve,
    PlaceTile,
    ReserveTile,
    SwapWithReserve,
    TakeMoney,
)
from ..core.bots import LEVELS, Bot, BotError, bot_for
from ..core.city import City
from ..core.errors import AlhambraError
from ..core.events import Event
from ..core.game import Game
from ..core.geometry import Cell
from ..core.messages import Phrase, render, sentences, shown, template, words
from ..core.money import CURRENCY, VALUE, describe, space_currency, total
from ..core.payment import is_exact_payment
from ..core.phases import PHASE_FINAL, PHASE_OVER, PHASE_PLAY
from ..core.search import Hint, hint
from ..core.state import GameState, PlayerState
from ..core.tiles import Tile
from ..core.views import BoardMode, Offer, PaymentDue
from ..core.violations import RuleId, Violation
from ..render import city_extent, describe_cell, tile_fragment
from ..render.parts import panel
from ..render.svg import cell_key
from ..render.table import Spotlight, TableView, table_picture
from .board import (
    BadMessageError,
    BoardWidget,
    NothingToDoError,
    Verdict,
    WidgetValueError,
    bundle,
    empty_verdict,
    extent_cells,
    gate_trait,
    gate_words,
    message_kind,
    palette_payload,
    parse_cell_key,
    short,
    verdict,
    violations_payload,
    whole_number,
)
from .expansion import GateControl, TableModules, draw_module_controls, parse_offer
from .table_parts import button

log = logging.getLogger(__name__)

BUY_PREVIEW_LIMIT = 8
"""Buy verdicts are sent for every payment when a hand holds at most this many cards of the
space's currency (2**8 payments per space); a bigger hand is checked when Buy is pressed."""

BOT_MOVES_SAID = 4
"""The most of the bots' moves the note after a learner's move repeats (the log has them all)."""

REPLAY_MOVES = 24
"""The most of the bots' latest moves kept to replay (three bots' turns, or the end of a game
the bots play out alone)."""

MAX_BOT_ACTIONS = 5000
"""A guard: bots that do not finish within this many actions are stopped with a note."""

MAX_CARDS = len(VALUE)
"""No message from the page names more cards than the game has (checked before any work)."""

CONTROLS = ("take", "buy", "redesign", "end", "reserve", "give", "undo", "bot")
"""The table's buttons (``data-do``; the label is ``widget.button-…``), two per row."""


# -- the picture, and what a live table adds to it ------------------------------------------
@dataclass(frozen=True)
class LiveControls:
    """The buttons a live table adds to the picture: the actions (each on or off), and with
    expansion II the module actions, Pay and the gate chooser."""

    buttons_off: Mapping[str, bool]
    offers: Sequence[Offer] = ()
    gate: GateControl | None = None
    paying: bool = False
    language: str | None = None

    def draw_actions(
        self, root: ET.Element, x: float, y: float, width: float, height: float
    ) -> None:
        """The actions panel beside the money display, two buttons per row."""
        title = render("widget.table-actions", {}, self.language)
        group = panel(root, "controls", x, y, width, height, title)
        for index, do in enumerate(CONTROLS):
            row, column = divmod(index, 2)
            button(group, render(f"widget.button-{do}", {}, self.language),
                   8 + column * 120, 30 + row * 38, off=self.buttons_off.get(do, False),
                   do=do)  # fmt: skip

    def draw_module_controls(self, group: ET.Element, top: float, width: float) -> float:
        """The module actions, Pay and the gate chooser, in the expansion II panel."""
        return draw_module_controls(group, top, width, offers=self.offers, gate=self.gate,
                                    paying=self.paying, language=self.language)  # fmt: skip


@dataclass(frozen=True)
class BotMove:
    """An action a bot took, kept to show it on the table: the bot's seat, the states before
    and after it, and the log lines it wrote (``lines``: from, to)."""

    seat: int
    before: GameState
    after: GameState
    lines: tuple[int, int]

    def events(self) -> Sequence[Event]:
        return self.after.log[self.lines[0] : self.lines[1]]

    def took(self) -> bool:
        """Whether it took from the money display or the market (shown before it happened,
        with what it took ringed; anything else is shown after it happened)."""
        return any(e.key in _TAKES for e in self.events())


_TAKES = frozenset({"event.take", "event.buy-exact", "event.buy-over"})
_BUILDS = frozenset({"event.place", "event.build", "event.swap"})


def spotlight(moves: Iterable[BotMove], *, taken: bool = False) -> Spotlight:
    """The cells the ``moves`` built on, by seat; with ``taken``, also the display cards and
    market spaces they took from (which are gone from the table afterwards)."""
    cards: set[str] = set()
    spaces: set[int] = set()
    cells: dict[int, set[str]] = {}
    for move in moves:
        for event in move.events():
            params = event.params
            if event.key in _BUILDS:
                cells.setdefault(move.seat, set()).add(cell_key(tuple(params["cell"])))
            elif taken and event.key == "event.take":
                cards.update(params["cards"])
            elif taken and event.key in _TAKES:
                tile = Tile.parse(params["tile"])
                spaces.update(i for i, t in enumerate(move.before.market, 1) if t == tile)
    frozen = {seat: frozenset(keys) for seat, keys in cells.items()}
    return Spotlight(frozenset(cards), frozenset(spaces), frozen)


def table_payload(game: Game, view: TableView, language: str) -> tuple[str, dict[str, Any]]:
    """The table as the page draws it: the picture, and where each player's Alhambra is with
    its cells in words (for the page's grid), its words in ``language``."""
    picture = table_picture(game, view, language=language)
    cities = {
        str(seat): {
            "extent": list(extent),
            "name": render("widget.table-city", {"player": player.name}, language),
            "labels": {
                cell_key(c): describe_cell(player.city, c, language) for c in extent_cells(extent)
            },
        }
        for (seat, extent), player in zip(picture.extents.items(), game.state.players, strict=True)
    }
    meta = {"cities": cities, "height": picture.height, "palette": palette_payload(),
            "bottoms": {str(seat): bottom for seat, bottom in picture.bottoms.items()}}  # fmt: skip
    return picture.svg, meta


# -- the widget -----------------------------------------------------------------------------
BotSpec = Bot | str


class GameWidgetError(AlhambraError):
    """Raised when a game table is set up wrongly, e.g. a bot for seat 5 of a 2-player game."""


class LevelError(GameWidgetError, traitlets.TraitError):
    """Raised when a table's bots are given a level that is none of
    :data:`~alhambra_nb.core.bots.LEVELS`; ``field`` is ``"level"``. (Also a
    ``TraitError``, so a refused ``w.level = …`` leaves every trait as it was.)"""

    field = "level"


def _level_names() -> str:
    return ", ".join(map(repr, LEVELS))


def check_level(value: object, language: str | None = None) -> str | None:
    """A bots' level checked: one of :data:`~alhambra_nb.core.bots.LEVELS`, or ``None`` (the
    bots as given); a :class:`LevelError` naming the field otherwise."""
    if value is None or (isinstance(value, str) and value in LEVELS):
        return value
    words = {"levels": _level_names(), "value": short(value, language)}
    raise LevelError(render("widget.bad-level", words, language))


def _make_bots(
    bots: Mapping[int, BotSpec] | None, players: int, language: str | None = None
) -> dict[int, Bot]:
    """The bots by seat, each made by :func:`~alhambra_nb.core.bots.bot_for` (a level's name,
    a bot class or a bot) with its seat as the seed."""
    found: dict[int, Bot] = {}
    for seat, spec in (bots or {}).items():
        if not isinstance(seat, int) or not 0 <= seat < players:
            words = {"value": shown(seat), "last": players - 1}
            raise GameWidgetError(render("widget.refusal-bot-seat", words, language))
        try:
            # bot_for reads None as "random"; a table's bots are named.
            bot = None if spec is None else bot_for(spec, seat)
        except BotError:
            bot = None
        if bot is None:
            words = {"levels": _level_names(), "value": shown(spec)}
            raise GameWidgetError(render("widget.refusal-bot", words, language))
        found[seat] = bot
    return found


def _level_given(bots: Mapping[int, BotSpec] | None) -> str | None:
    """The level every bot was asked for by name, or ``None`` (no bots, other bots, or
    levels that differ)."""
    specs = set((bots or {}).values())
    if len(specs) == 1:
        (spec,) = specs
        if isinstance(spec, str) and spec in LEVELS:
            return spec
    return None


def hint_payload(found: Hint, language: str | None = None) -> dict[str, Any]:
    """A hint as the page shows it: a title naming the player, and per suggestion (best
    first) the move in words and its effects, all in ``language``. The action's text goes
    along only as data, for tests and for the page to key on; it is not shown."""
    return {
        "title": render("widget.hint-title", {"player": found.player}, language),
        "suggestions": [
            {
                "action": str(s.action),
                "move": s.move(language),
                "effects": list(s.effects(language)),
            }
            for s in found.suggestions
        ],
    }


class GameWidget(BoardWidget):
    """A game table: ``GameWidget(game, bots={1: alh.GreedyBot(seed=1)}, language=None)``.

    Seats without a bot are played by clicking: pick display cards and press *Take money*;
    pick a market space and the cards to pay and press *Buy*; choose a bought tile and click a
    cell of your Alhambra (hover first: a ghost where it fits, otherwise every broken rule), or
    press *To reserve*; *Redesign* moves tiles between the Alhambra and the reserve; *End
    turn*; *Undo* takes back your last action (and what the bots did after it). Bots play as
    soon as it is their turn (``autoplay=False``: one turn per *Bot plays*); the cells they
    just built on are ringed, and *Show what the bot did* (:meth:`show_replay`) replays their
    moves one at a time on the table as it was.

    *Hint* (or :meth:`show_hint`) asks the search for the best moves of the player to play
    and shows them, best first, in words, until the position changes. ``level`` (the table's
    *Bots* select) sets how well every bot seat plays: one of
    :data:`~alhambra_nb.core.bots.LEVELS`; a change keeps the game and seats new bots.

    From code: :meth:`act` takes an action (or its text) as a click would, :meth:`undo`,
    :meth:`play_bots`, :meth:`show_hint`; ``w.game`` is the game itself. ``language`` (the
    session's by default) is what the table speaks; changing it redraws the table in the new
    one.
    """

    _esm = bundle("board.js", "coach.js", "replay.js", "game.js")
    _css = bundle("board.css", "game.css")
    _page_writable = frozenset({"choice", "redesign", "gate"})

    autoplay = traitlets.Bool(True).tag(sync=True)
    redesign = traitlets.Bool(False).tag(sync=True)
    choice = traitlets.Any(None).tag(sync=True)
    """The tile the board's verdicts are for: ``None``, ``("bought", i)`` or ``("reserve", i)``."""
    gate = traitlets.Any(None).tag(sync=True)
    """Expansion II: the side of the chosen tile that gets a gate when it is built (``None``,
    ``"N"``, ``"E"``, ``"S"`` or ``"W"``); the board's verdicts are for a placement with it."""
    el_schauf = traitlets.Bool(False).tag(sync=True)
    """Expansion II: whether the board's redesign is Abdul El'Schauf's extra one."""
    level = traitlets.Any(None).tag(sync=True)
    """How well every bot seat plays: ``"random"``, ``"greedy"``, ``"search"`` or
    ``"search-strong"`` (:data:`~alhambra_nb.core.bots.LEVELS`), or ``None`` for the bots as
    given (objects, or levels that differ). Setting it seats new bots; the game goes on."""

    _table = traitlets.Dict().tag(sync=True)
    _options = traitlets.Dict().tag(sync=True)
    _prompt = traitlets.Unicode("").tag(sync=True)
    _words = traitlets.Dict().tag(sync=True)
    """What the page writes itself (status templates), from the catalogue."""
    _hint = traitlets.Dict().tag(sync=True)
    """The hint shown (empty: none): its title and suggestions in words, and a serial."""
    coaching = traitlets.Bool(False).tag(sync=True)
    """Whether the coach's panel shows (the table's *Coach* switch). Once started, the coach
    follows the game hidden or not, and keeps what it said."""
    _coach = traitlets.Dict().tag(sync=True)
    """The coach's panel: its fresh notes, the open question, the chapters met and to come."""
    _replay = traitlets.Dict().tag(sync=True)
    """The bots' last moves shown step by step (empty steps: none shown), and a serial."""

    def __init__(
        self,
        game: Game | None = None,
        bots: Mapping[int, BotSpec] | None = None,
        *,
        autoplay: bool = True,
        language: str | None = None,
        level: str | None = None,
        coach: bool = False,
        **kwargs: Any,
    ) -> None:
        if game is None:  # a quick game: you against a greedy bot
            game = Game(["You", "Bot"], seed=0)
            bots = {1: "greedy"} if bots is None else bots
        if not isinstance(autoplay, bool):
            words_ = {"value": shown(autoplay)}
            raise GameWidgetError(render("widget.refusal-autoplay", words_, language))
        if not isinstance(coach, bool):
            raise GameWidgetError(render("widget.refusal-coach", {"value": shown(coach)}, language))
        if not isinstance(game, Game):  # alh.GameWidget(2, seed=1): a count is no game
            raise GameWidgetError(render("widget.refusal-game", {"value": shown(game)}, language))
        if bots is not None and not isinstance(bots, Mapping):
            raise GameWidgetError(render("widget.refusal-bots", {"value": shown(bots)}, language))
        level = check_level(level, language)
        self._game = game
        self._bots = _make_bots(bots, len(game.state.players), language)
        self._bot_seats = tuple(sorted(self._bots))
        """The seats played by bots: a level sets all of them (also one whose bot failed)."""
        if level is not None:
            self._seat_bots(level)
        else:
            level = _level_given(bots)
        self._moves = 0
        """Counts actions and undos: a hint belongs to the position it was asked in."""
        self._hint_found: Hint | None = None
        self._hint_shown: tuple[str, dict[str, Any]] | None = None
        """The hint's words, and their language."""
        self._hint_at = -1
        self._hints = 0
        self._marks: list[str] = [""] * len(self._game.state.log)
        self._actors: list[str] = []
        self._fresh_from = len(self._marks)
        self._bot_turn: deque[BotMove] = deque(maxlen=REPLAY_MOVES)
        """The bots' moves since the learner's last one: ringed on the table, and replayed."""
        self._replaying: tuple[str, dict[str, Any]] | None = None
        """The replay shown (its language and payload), or ``None``."""
        self._replays = 0
        self._version = 0
        self._ready = False
        self._board: BoardMode | None = None
        """The module offer being made on the board while ``el_schauf`` is on."""
        self._coach_of: Coach | None = None
        self._coach_said = 0
        """How many of the coach's notes came before the learner's last move (or answer): the
        panel shows those after it, so a note stays until the learner moves on."""
        self._questions = 0
        super().__init__(autoplay=autoplay, language=language, level=level, **kwargs)
        if coach:
            self.coaching = True
        self._words = words("game-page.", self.language)
        if autoplay:
            self._run_bots(None)
        self._settle_choice()
        self._refresh()
        self._ready = True

    # -- reading the table ----------------------------------------------------------------
    @property
    def game(self) -> Game:
        """The game being played (act through the widget, so the table stays in step)."""
        return self._game

    @property
    def bots(self) -> dict[int, Bot]:
        """The bots, by seat."""
        return dict(self._bots)

    @property
    def coach(self) -> Coach | None:
        """The coach (``None`` until ``coach=True`` or the *Coach* switch starts it): its
        ``notes`` so far, each with ``.topic`` and ``.text``, and its open ``question``."""
        return self._coach_of

    @traitlets.observe("coaching")
    def _coaching_changed(self, change: dict[str, Any]) -> None:
        if change["new"] and self._coach_of is None:
            self._coach_of = Coach(self._game, self._learner_seat(), self.language)
        if self._ready:
            self._resume_bots()
            self._refresh()

    def _resume_bots(self) -> None:
        """Let bots that waited for the coach's question play on (once it is answered, or the
        coach is hidden), and say what they did."""
        if self.autoplay and self._bot_to_play() and not self._coach_asks():
            self._run_bots(None)
            self._settle_choice(reset=True)
            said = self._bot_moves()
            if said:
                self._say(sentences(said, self.language), "done")

    def answer(self, choice: str | int) -> None:
        """Answer the coach's question with a player's name (or its place among the
        options), as the buttons under the question do."""
        if self._coach_of is None:
            raise CoachError(self._render("coach.no-question"))
        said = len(self._coach_of.notes)
        self._coach_of.answer(choice)  # refused: nothing said, nothing put away
        self._coach_said = said
        self._resume_bots()
        self._refresh()

    @property
    def human_to_play(self) -> bool:
        """Whether a seat without a bot is to play now."""
        return not self._game.is_over() and self._game.state.current not in self._bots

    def _player(self) -> PlayerState:
        return self._game.state.players[self._game.state.current]

    @property
    def chosen_tile(self) -> Tile | None:
        """The bought or reserve tile the board's verdicts are for."""
        if self.choice is None:
            return None
        kind, index = self.choice
        player = self._player()
        tiles = player.bought if kind == "bought" else player.reserve
        return tiles[index] if index < len(tiles) else None

    @traitlets.validate("choice")
    def _valid_choice(self, proposal: dict[str, Any]) -> tuple[str, int] | None:
        value = proposal["value"]
        if value is None:
            return None
        if (
            not isinstance(value, list | tuple)
            or len(value) != 2
            or value[0] not in ("bought", "reserve")
            or isinstance(value[1], bool)
            or not isinstance(value[1], int)
        ):
            value = short(value, self.language)
            raise WidgetValueError(self._render("widget.bad-choice", value=value))
        kind, index = value
        held = self._player().bought if kind == "bought" else self._player().reserve
        if not 0 <= index < len(held):
            words = {"kind": kind, "value": short(index, self.language), "count": len(held)}
            raise WidgetValueError(self._render("widget.bad-choice-index", **words))
        return (kind, index)

    @traitlets.validate("gate")
    def _valid_gate(self, proposal: dict[str, Any]) -> str | None:
        side = gate_trait(proposal["value"], self.language)
        if side is not None and self._ready and self._gate_control(self._modules()) is None:
            raise WidgetValueError(self._render("widget.bad-gate-side", side=repr(side)))
        return side

    @traitlets.validate("redesign")
    def _valid_redesign(self, proposal: dict[str, Any]) -> bool:
        if proposal["value"] and self._ready and not self.human_to_play:
            raise WidgetValueError(self._not_human().explain(self.language))
        return proposal["value"]

    @traitlets.validate("level")
    def _valid_level(self, proposal: dict[str, Any]) -> str | None:
        return check_level(proposal["value"], self.language)

    @traitlets.observe("level")
    def _level_changed(self, change: dict[str, Any]) -> None:
        # The same game, new bots; whoever is to play now plays at the new level.
        if not self._ready or change["new"] is None or not self._bot_seats:
            return
        self._seat_bots(change["new"])
        label = self._render(f"widget.level-{change['new']}")
        self._say(self._render("widget.level-set", level=label), "info")
        if self.autoplay and self._bot_to_play():  # a seat played by hand since its bot failed
            self._start_fresh()
            self._run_bots(None)
            self._settle_choice(reset=True)
        self._refresh()

    def _seat_bots(self, level: str) -> None:
        """A bot of ``level`` on every bot seat, seeded with its seat as at the start."""
        self._bots = {seat: bot_for(level, seat) for seat in self._bot_seats}

    @traitlets.observe("choice", "redesign", "gate", "el_schauf")
    def _choice_changed(self, _change: dict[str, Any]) -> None:
        if self._ready:
            self._refresh()

    @traitlets.observe("language")
    def _language_changed(self, _change: dict[str, Any]) -> None:
        # The table, its verdicts, the prompt and the page's words, said again.
        if self._ready:
            with self.hold_sync():
                self._words = words("game-page.", self.language)
                self._refresh()

    # -- acting ---------------------------------------------------------------------------
    def act(self, action: Action | str) -> list[Violation]:
        """Take ``action`` for the player to play, as a click would; returns the broken rules
        (``[]`` when it was taken). Illegal actions change nothing and are explained."""
        return self._act(action)

    def _act(self, action: Action | str, cell: Cell | None = None) -> list[Violation]:
        """:meth:`act`; ``cell``: the board's cell clicked for it (its refusal is then read
        by the status line while the cell is pointed at)."""
        if not self.human_to_play:
            raise self._not_human()
        action = Action.parse(action) if isinstance(action, str) else action
        violations = self._game.check(action)
        self.last_verdict = violations
        if violations:
            self._say(refusal(violations, self.language), "refused", cell=cell)
            if self._coach_of is not None:
                self._coach_of.mistake(violations)
            self._refresh()
            return violations
        self._start_fresh()
        if self._coach_of is not None:
            self._coach_of.observe()  # what came before this move is no longer fresh
            self._coach_said = len(self._coach_of.notes)
        self._apply(action, "human")
        done = [e.sentence(self.language) for e in self._game.state.log[self._fresh_from :]]
        self._settle_choice(reset=True)
        if self.autoplay:
            self._run_bots(None)
        # What the bots did is said where the learner looks, after their own move: the log at
        # the table's foot is out of view, and a bot plays its turn in a blink.
        said = done[:2] + self._bot_moves()
        self._say(sentences(said, self.language) or self._render("widget.game-done"), "done")
        self._settle_choice()
        self._refresh()
        return []

    def undo(self) -> bool:
        """Take back the last action of a player (and the bots' actions after it)."""
        if "human" not in self._actors:
            self._say(self._render("widget.nothing-to-undo"), "info")
            self._refresh()
            return False
        log = self._game.state.log
        taken: list[str] = []
        while self._actors:
            actor = self._actors.pop()
            taken.append(str(self._game.undo()))
            self._moves += 1
            if actor == "human":
                break
        # The move taken back as the log told it (its first line), not in the game's notation.
        gone = log[len(self._game.state.log) :]
        action = gone[0].sentence(self.language) if gone else taken[-1]
        del self._marks[len(self._game.state.log) :]
        self._fresh_from = min(self._fresh_from, len(self._marks))
        kept = [move for move in self._bot_turn if move.lines[1] <= len(self._marks)]
        self._bot_turn = deque(kept, maxlen=REPLAY_MOVES)
        self._replaying = None
        self._settle_choice(reset=True)
        key = "widget.game-undone-with-bots" if len(taken) > 1 else "widget.game-undone"
        self._say(self._render(key, action=action, count=len(taken) - 1), "info")
        self._refresh()
        return True

    def play_bots(self, turns: int | None = 1) -> int:
        """Let the bots play ``turns`` turns (``None``: until a player without a bot is to
        play); returns how many actions they took."""
        self._start_fresh()
        count = self._run_bots(turns)
        self._settle_choice(reset=True)
        self._refresh()
        return count

    def show_hint(self) -> Hint | None:
        """Ask the search for the best moves of the player to play (as *Hint* does) and show
        them on the table, best first, until the position changes; returns the
        :class:`~alhambra_nb.core.search.Hint`. When there is none to give (the game is over,
        a bot is to play) the table says why and ``None`` is returned: nothing is raised."""
        found = shown = None
        try:
            if not self._game.is_over() and not self.human_to_play:
                raise self._not_human()
            # The same search as alh.hint(game): the button and the code agree.
            found = hint(self._game)
            shown = (self.language, hint_payload(found, self.language))
        except NothingToDoError as error:
            self._say(error.explain(self.language), "hint")
        except AlhambraError as error:  # the engine's HintError: no hint in this position
            self._say(_explained(error, self.language), "hint")
        except Exception:  # a search that fails must never break the table
            log.exception("no hint for %r", self)
            self._say(self._render("widget.hint-failed"), "refused")
            found = None
        self._hint_found, self._hint_shown, self._hint_at = found, shown, self._moves
        self._hints += 1
        self._refresh()
        return found

    def hide_hint(self) -> None:
        """Take the hint off the table (the next action does too)."""
        self._hint_found = None
        self._refresh()

    def _bot_to_play(self) -> bool:
        return not self._game.is_over() and self._game.state.current in self._bots

    def _coach_asks(self) -> bool:
        """Whether the coach, shown, waits for the answer to its scoring question: the bots
        wait too, so the table stays as it was at the scoring while the learner guesses."""
        coach = self._coach_of
        if coach is None or not self.coaching:
            return False
        coach.observe()  # reads only the log's new lines
        return coach.question is not None

    def _start_fresh(self) -> None:
        """What just happened starts now: the log's bold lines, the bots' moves, no replay."""
        self._fresh_from = len(self._marks)
        self._bot_turn.clear()
        self._replaying = None

    def _bot_moves(self) -> list[str]:
        """The sentences that tell what the bots just did (their takes, purchases, buildings
        and redesigns; not the ends of turns and the refills that follow)."""
        names = [player.name for player in self._game.state.players]
        return [
            event.sentence(self.language)
            for move in self._bot_turn
            for event in move.events()
            if event.params.get("player") == names[move.seat] and event.key != "event.end"
        ][:BOT_MOVES_SAID]

    def show_replay(self) -> list[str]:
        """Show the bots' moves since the learner's last one step by step, on the table as it
        was (as *Show what the bot did* does): what each took ringed before it took it, what it
        built ringed where it stands. Returns each step's words; ``[]`` (and a note) when the
        bots have not moved since."""
        if not self._bot_turn:
            self._say(self._render("widget.replay-none"), "info")
            self._refresh()
            return []
        self._replaying = (self.language, self._replay_steps())
        self._replays += 1
        self._refresh()
        return [step["text"] for step in self._replaying[1]["steps"]]

    def hide_replay(self) -> None:
        """Back from the replay to the table as it is now."""
        self._replaying = None
        self._refresh()

    def _replay_steps(self) -> dict[str, Any]:
        """Each bot move as the replay shows it: its title, its words (the log's), and the
        table as it was, with what the move took or built ringed."""
        moves = list(self._bot_turn)
        names = [player.name for player in self._game.state.players]
        steps = []
        for number, move in enumerate(moves, 1):
            state = move.before if move.took() else move.after
            seen = len(state.log)
            view = TableView(bots=frozenset(self._bots), log_marks=self._marks[:seen],
                             fresh_from=move.lines[0] if seen > move.lines[0] else None,
                             spotlight=spotlight([move], taken=True))  # fmt: skip
            picture = table_picture(Game.from_state(state), view, language=self.language)
            title = self._render("widget.replay-step", player=names[move.seat],
                                 number=number, count=len(moves))  # fmt: skip
            text = sentences((e.sentence(self.language) for e in move.events()), self.language)
            steps.append({"title": title, "text": text, "svg": picture.svg})
        return {"steps": steps}

    def _run_bots(self, turns: int | None) -> int:
        """Bots act until a player without one is to play, ``turns`` turns have passed, or the
        game ends. A bot that fails is taken off its seat, so the game can go on by hand."""
        actions = ended = 0
        while self._bot_to_play() and not self._coach_asks() and actions < MAX_BOT_ACTIONS:
            seat = self._game.state.current
            bot = self._bots[seat]
            try:
                before = self._game.state  # kept for the replay; the bot gets its own copy
                action = bot.choose(self._game.state)
                self._apply(action, "bot")
                after = self._game.state
                lines = (len(before.log), len(after.log))
                self._bot_turn.append(BotMove(seat, before, after, lines))
            except Exception as error:  # a bot must never break the table
                log.exception("the bot of seat %s failed", seat)
                del self._bots[seat]
                name = self._game.state.players[seat].name
                failed = self._render("widget.game-bot-failed", player=name,
                                      error=type(error).__name__)  # fmt: skip
                self._say(failed, "refused")
                break
            actions += 1
            if isinstance(action, EndTurn):
                ended += 1
                if turns is not None and ended >= turns:
                    break
        return actions

    def _apply(self, action: Action, actor: str) -> None:
        self._game.apply(action)
        self._moves += 1
        self._actors.append(actor)
        grown = len(self._game.state.log) - len(self._marks)
        self._marks.extend([actor] * grown)

    def _settle_choice(self, reset: bool = False) -> None:
        """After an action: forget stale choices; offer the first bought tile to place."""
        ready = self._ready
        self._ready = False  # one refresh at the end, not one per trait
        try:
            if reset:
                self.redesign = False
                self.choice = None
                self.gate = None
                self.el_schauf = False
                self._board = None
            elif self.choice is not None and self.chosen_tile is None:
                self.choice = None
            if self.choice is None and self.human_to_play and self._player().bought:
                self.choice = ("bought", 0)
        finally:
            self._ready = ready

    # -- what the page is sent ------------------------------------------------------------
    def _buttons_off(self, modules: TableModules | None = None) -> dict[str, bool]:
        # While a module holds play (an auction, a choice), only the module's buttons act.
        held = (modules or self._modules()).held
        human = self.human_to_play and not held
        tile_waiting = self.choice is not None and self.choice[0] == "bought"
        state = self._game.state
        # What the engine lists as legal turns a button on: the widget restates no rule.
        legal = self._legal_kinds() if human else set()
        return {
            "take": TakeMoney not in legal,
            "buy": Buy not in legal,
            # On while redesigning, so the learner can leave the mode again.
            "redesign": not (human and (self.redesign or legal & _REDESIGNS)),
            "end": EndTurn not in legal,
            "reserve": not (human and tile_waiting),
            "give": not (human and tile_waiting and state.neutral is not None),
            "undo": "human" not in self._actors,
            "bot": self.autoplay or not self._bot_to_play(),
        }

    def _legal_kinds(self) -> set[type[Action]]:
        """The kinds of action the engine lists as legal now."""
        return {type(action) for action in self._game.legal_actions()}

    def _modules(self) -> TableModules:
        """What the modules show now, for the seat to act when a player of this table is."""
        seat = self._game.state.current if self.human_to_play else None
        return TableModules.of(self._game.state, seat, self.language)

    def _refresh(self) -> None:
        self._version += 1
        modules = self._modules()
        off = self._buttons_off(modules)
        prompt = self._prompt_text(modules, redesign=not off["redesign"])
        seat = self._game.state.current if self.human_to_play else None
        payment = modules.payment
        controls = LiveControls(off, modules.offers,
                                self._gate_control(modules), payment is not None,
                                self.language)  # fmt: skip
        # No prompt in the picture: the status line above the table says it, once.
        view = TableView(bots=frozenset(self._bots), choice=self.choice, log_marks=self._marks,
                         fresh_from=self._fresh_from, controls=controls,
                         spotlight=spotlight(self._bot_turn))  # fmt: skip
        svg, meta = table_payload(self._game, view, self.language)
        meta["tools"] = self._tools_payload()
        if self._hint_at != self._moves:
            self._hint_found = None  # a hint is for the position it was asked in
        with self.hold_sync():
            self._hint = self._hint_payload()
            state = self._game.state
            turn = f"{state.turn}:{state.current}"  # what the page's picks belong to
            self._table = {"svg": svg, "version": self._version, "seat": seat, "turn": turn,
                           "moves": self._moves, "keep": self._seat_in_view(),
                           **meta}  # fmt: skip
            self._verdicts = self._compute_verdicts(seat, meta)
            self._options = self._compute_options(seat, payment)
            self._prompt = prompt
            self._coach = self._coach_payload()
            self._replay = self._replay_payload()

    def _replay_payload(self) -> dict[str, Any]:
        """The replay shown, in the table's language (drawn again when the language changes);
        the serial makes a replay asked for again a change the page sees."""
        if self._replaying is None:
            return {"serial": self._replays}
        if self._replaying[0] != self.language:
            self._replaying = (self.language, self._replay_steps())
        return {**self._replaying[1], "serial": self._replays}

    def _learner_seat(self) -> int:
        """The first seat no bot plays (the first seat when bots play them all)."""
        return next((s for s in range(len(self._game.players)) if s not in self._bots), 0)

    def _seat_in_view(self) -> int:
        """The seat whose panel the page keeps in view: the player of this table to play, else
        the learner's (while the bots play)."""
        return self._game.state.current if self.human_to_play else self._learner_seat()

    def _coach_payload(self) -> dict[str, Any]:
        """What the coach says now: the notes since the learner's last move (fresh), the open
        question, and the chapters met and still to come, in the table's language."""
        coach = self._coach_of
        if coach is None:
            return {"on": False}
        coach.set_language(self.language)
        coach.observe()
        notes = coach.notes
        fresh = notes[self._coach_said :]
        question = coach.question
        payload: dict[str, Any] = {
            "on": True,
            "shown": self.coaching,
            "fresh": [{"topic": n.topic, "text": n.text} for n in fresh],
            "count": len(notes),
            "taught": coach.topics,
            "met": [self._chapter_entry(c) for c in coach.met()],
            "to_come": [self._chapter_entry(c) for c in coach.to_come()],
            "question": None,
        }
        if question is not None:
            key = f"{question.round}"
            payload["question"] = {"text": question.text, "options": list(question.options),
                                   "key": key}  # fmt: skip
        return payload

    def _chapter_entry(self, chapter_id: str) -> dict[str, str]:
        found = chapter(chapter_id)
        return {"id": chapter_id, "title": found.title_in(self.language),
                "summary": found.summary_in(self.language)}  # fmt: skip

    def _tools_payload(self) -> dict[str, Any]:
        """The hint button (on while a player of this table is to play) and the bots' level
        select (with its options in words; none without bot seats)."""
        levels = [{"value": name, "label": self._render(f"widget.level-{name}")}
                  for name in LEVELS]  # fmt: skip
        if self.level is None and self._bot_seats:
            levels.insert(0, {"value": "", "label": self._render("widget.level-custom")})
        replay = self._render("widget.replay-button", count=len(self._bot_seats))
        return {"hint": self.human_to_play, "replay": bool(self._bot_turn), "replay_label": replay,
                "levels": levels if self._bot_seats else []}  # fmt: skip

    def _hint_payload(self) -> dict[str, Any]:
        """The hint shown, in the table's language (said again when the language changes);
        the serial makes a repeated hint a change the page sees."""
        if self._hint_found is None:
            return {"serial": self._hints}
        if self._hint_shown is None or self._hint_shown[0] != self.language:
            try:
                self._hint_shown = (self.language, hint_payload(self._hint_found, self.language))
            except Exception:  # words that fail must never break the table: no hint then
                log.exception("the hint of %r could not be said", self)
                self._hint_found = None
                return {"serial": self._hints}
        return {**self._hint_shown[1], "serial": self._hints}

    def _compute_verdicts(self, seat: int | None, meta: dict[str, Any]) -> dict[str, Any]:
        base = {"version": self._version, "seat": seat, "mode": None, "tile": None,
                "gate": self.gate, "cells": {}}  # fmt: skip
        if seat is None:
            return base
        cells = extent_cells(tuple(meta["cities"][str(seat)]["extent"]))
        tile = self.chosen_tile
        city = self._player().city
        if tile is not None:
            mode = "place" if self.choice[0] == "bought" else "reserve"
            found = {cell_key(c): self._cell_verdict(c, city, tile, mode) for c in cells}
            return {**base, "mode": mode, "tile": tile.code, "ghost": tile_fragment(tile),
                    "cells": found}  # fmt: skip
        if self.redesign:
            found = {cell_key(c): self._cell_verdict(c, city, None, "remove") for c in cells}
            return {**base, "mode": "remove", "cells": found}
        return base

    def _action_at(self, cell: Cell, city: City, tile: Tile | None, mode: str) -> Action | None:
        """The action a click on ``cell`` means now (``None``: nothing to do there), with the
        chosen gate when a tile is built (played through :meth:`_to_play`)."""
        if mode == "place":
            return PlaceTile(tile, cell, gate=self.gate)
        if mode == "reserve":
            inner: Action = (
                SwapWithReserve(cell, tile)
                if cell in city
                else BuildFromReserve(tile, cell, gate=self.gate)
            )
        elif cell in city:
            inner = MoveToReserve(cell)
        else:
            return None
        return inner

    def _board_mode(self) -> BoardMode | None:
        """The module offer whose redesign the board makes now (Abdul El'Schauf's), or
        ``None`` for the board's own actions."""
        if not self.el_schauf:
            return None
        if self._board is None:  # switched on from code: the offer the modules make now
            self._board = self._modules().board_mode()
        return self._board

    def _to_play(self, action: Action) -> Action:
        """The action a board click plays: ``action`` itself, or wrapped as the module
        offer being made on the board says (its text, read as every action's)."""
        board = self._board_mode()
        return action if board is None else Action.parse(board.action(str(action)))

    def _cell_verdict(self, cell: Cell, city: City, tile: Tile | None, mode: str) -> Verdict:
        action = self._action_at(cell, city, tile, mode)
        language = self.language
        if action is None:
            return empty_verdict(cell, language)
        # Judged as played (wrapped by a module's board offer); said as the redesign itself.
        violations = self._game.check(self._to_play(action))
        gated = gate_words(getattr(action, "gate", None), language)
        if isinstance(action, PlaceTile):
            doing = self._render("widget.doing-build", tile=tile.described(price=False), gate=gated)
            return verdict(cell, "place", violations, doing, language)
        if isinstance(action, BuildFromReserve):
            doing = self._render(
                "widget.doing-return", tile=tile.described(price=False), gate=gated
            )
            return verdict(cell, "place", violations, doing, language)
        old = city[cell]
        if isinstance(action, SwapWithReserve):
            doing = self._render("widget.doing-swap", tile=tile.described(price=False), old=old)
            return verdict(cell, "swap", violations, doing, language)
        doing = self._render("widget.doing-remove", tile=old)
        return verdict(cell, "remove", violations, doing, language)

    def _compute_options(
        self, seat: int | None, payment: PaymentDue | None = None
    ) -> dict[str, Any]:
        """Verdicts for take-money and buy choices, for the bought tile's other homes, and for
        paying a won character with the cards picked in the hand (expansion II)."""
        options: dict[str, Any] = {"version": self._version, "take": {}, "buy": {}, "tile": {},
                                   "currency": {}}  # fmt: skip
        if seat is None:
            return options
        if payment is not None:
            options["pay"] = self._pay_verdicts(payment)
        state = self._game.state
        for size in range(1, len(state.display) + 1):
            for cards in combinations(state.display, size):
                # Checked in the order the page sends them (sorted ids), so messages agree.
                options["take"][_key(cards)] = self._take_verdict(sorted(cards))
        player = state.players[seat]
        for space, tile in enumerate(state.market, 1):
            if tile is None:
                continue
            currency = space_currency(space)
            own = [c for c in player.money if CURRENCY.get(c) is currency]
            # The cards the rules refuse here as of another currency (the game's own check, so
            # a module's way of paying counts), for the page to say so as soon as one is picked.
            others = [c for c in player.money if self._wrong_currency(Buy(space, (c,)))]
            options["currency"][str(space)] = {
                "name": template(f"currency.{currency.value}", self.language),
                "others": others,
            }
            if len(own) > BUY_PREVIEW_LIMIT:
                continue
            options["buy"][str(space)] = {
                _key(pay): self._buy_verdict(space, tile, sorted(pay))
                for size in range(1, len(own) + 1)
                for pay in combinations(own, size)
            }
        tile = self.chosen_tile
        if tile is not None and self.choice[0] == "bought":
            for kind, action in (("reserve", ReserveTile(tile)), ("give", GiveToNeutral(tile))):
                checked = self._game.check(action)
                options["tile"][kind] = _action_verdict(action, checked, "", self.language)
        checked = self._game.check(EndTurn())
        options["tile"]["end"] = _action_verdict(EndTurn(), checked, "", self.language)
        return options

    def _pay_verdicts(self, payment: PaymentDue) -> dict[str, Verdict]:
        """For every set of cards of one currency (or of diamonds) in the hand, the verdict
        of paying what is owed with it; mixed sets are checked when Pay is pressed."""
        found = {}
        for group in payment.groups:
            if len(group) > BUY_PREVIEW_LIMIT:
                continue
            for size in range(1, len(group) + 1):
                for cards in combinations(group, size):
                    action = payment.action_for(cards)
                    paid = describe(cards, self.language)
                    doing = self._render("widget.game-pay-bid", cards=paid, total=total(cards))
                    checked = self._game.check(action)
                    found[_key(cards)] = _action_verdict(action, checked, doing, self.language)
        return found

    def _wrong_currency(self, action: Buy) -> bool:
        return any(v.rule is RuleId.BUY_WRONG_CURRENCY for v in self._game.check(action))

    def _gate_control(self, modules: TableModules) -> GateControl | None:
        """The gate chooser, while a player holding a gate card has a tile chosen."""
        choice, tile = modules.gate, self.chosen_tile
        if choice is None or tile is None:
            return None
        return GateControl(choice.title, self.gate, choice.hint(tile.code))

    def _take_verdict(self, cards: Sequence[str]) -> Verdict:
        action = TakeMoney(tuple(cards))
        paid = describe(cards, self.language)
        doing = self._render("widget.game-take", cards=paid, total=total(cards))
        return _action_verdict(action, self._game.check(action), doing, self.language)

    def _buy_verdict(self, space: int, tile: Tile, cards: Sequence[str]) -> Verdict:
        action = Buy(space, tuple(cards))
        violations = self._game.check(action)
        paid = total(cards)
        money = Phrase(f"amount.{space_currency(space).value}", count=paid)
        words = {"cards": describe(cards, self.language), "money": money, "tile": tile,
                 "price": tile.price, "over": paid - tile.price}  # fmt: skip
        exact = is_exact_payment(cards, tile.price)  # the rule that earns another action
        key = "widget.game-buy-exact" if exact else "widget.game-buy-over"
        verdict = _action_verdict(action, violations, self._render(key, **words), self.language)
        if violations and all(v.rule is RuleId.BUY_INSUFFICIENT for v in violations):
            # Cards still being picked: the total so far, not a ✗ for a payment not yet made
            # (pressing Buy now is still refused, with the rule, in the note).
            verdict["text"] = self._render("widget.game-pay-so-far", **words)
        return verdict

    def _prompt_text(self, modules: TableModules, *, redesign: bool) -> str:
        """What the player to play is asked to do (``redesign``: whether that button is on,
        so the prompt names only buttons the learner can press)."""
        state = self._game.state
        if state.phase == PHASE_OVER:
            return state.log[-1].sentence(self.language)
        name = state.players[state.current].name
        if state.current in self._bots:
            key = "prompt.bot-playing" if self.autoplay else "prompt.bot-waits"
            key = "prompt.coach-asks" if self._coach_asks() else key
            return self._render(key, player=name)
        if modules.held:
            return self._render("prompt.held", player=name, what=modules.held)
        board = self._board_mode()
        if board is not None:
            return board.prompt
        if self.redesign:  # the board now moves tiles: say how, and how to stop
            return self._render("prompt.redesign", player=name)
        return self._render(self._prompt_key(redesign), player=name)

    def _prompt_key(self, redesign: bool) -> str:
        """Which prompt the player to play (not a bot, play not held) gets."""
        state = self._game.state
        player = state.players[state.current]
        if state.phase == PHASE_FINAL and player.bought:
            return "prompt.final-tiles"
        if state.may_act and state.phase == PHASE_PLAY:
            if state.actions:
                return "prompt.again"
            return "prompt.act" if redesign else "prompt.act-no-redesign"
        if player.bought:
            return "prompt.place"
        return "prompt.end"

    def _not_human(self) -> NothingToDoError:
        """What a click or key gets while no player of this table is to play."""
        if self._game.is_over():
            return NothingToDoError("widget.game-over")
        name = self._game.state.players[self._game.state.current].name
        return NothingToDoError("widget.game-bot-turn", player=name)

    # -- messages from the page -----------------------------------------------------------
    def _ignored(self) -> None:
        """An ignored message redraws the table too, as every other message does."""
        self._refresh()

    def _dispatch(self, content: object) -> None:
        kind = message_kind(content)
        handler = _HANDLERS.get(kind)
        if handler is None:
            raise BadMessageError("widget.bad-message-kind", value=short(kind))
        handler(self, content)

    def _check_version(self, content: dict[str, Any]) -> None:
        if content.get("version") != self._version:
            raise NothingToDoError("widget.game-table-changed")  # clicked as it was redrawn

    def _on_take(self, content: dict[str, Any]) -> None:
        self._check_version(content)
        self.act(TakeMoney(_card_list(content.get("cards"))))

    def _on_buy(self, content: dict[str, Any]) -> None:
        self._check_version(content)
        space = content.get("space")
        cards = _card_list(content.get("cards"))
        if space is not None:
            space = whole_number(space, "space")
        if space is None or not cards:  # nothing to check yet: say what to pick
            key = "widget.game-pick-space" if space is None else "widget.game-pick-cards"
            self._say(self._render(key), "refused")
            self._refresh()
            return
        self.act(Buy(space, cards))

    def _on_cell(self, content: dict[str, Any]) -> None:
        self._check_version(content)
        if not self.human_to_play:
            raise self._not_human()
        cell = parse_cell_key(content.get("cell"))
        cells = self._verdicts.get("cells", {})
        if cell_key(cell) not in cells:
            if cell not in extent_cells(city_extent(self._player().city)):
                raise BadMessageError("widget.bad-cell-off-board", cell=cell)
            # On the board, with no tile chosen and no redesign: the click does nothing.
            raise NothingToDoError("widget.game-pick-tile")
        tile = self.chosen_tile
        mode = self._verdicts["mode"]
        if content.get("tile") != (tile.code if tile is not None else None):
            raise NothingToDoError("widget.game-table-changed")
        action = self._action_at(cell, self._player().city, tile, mode)
        if action is None:
            self._say(cells[cell_key(cell)]["text"], "info")
            self._refresh()
            return
        self._act(self._to_play(action), cell)

    def _on_tile_home(self, content: dict[str, Any]) -> None:
        self._check_version(content)
        tile = self.chosen_tile
        if tile is None or self.choice[0] != "bought":
            raise BadMessageError("widget.bad-no-bought")
        self.act(ReserveTile(tile) if content["kind"] == "reserve" else GiveToNeutral(tile))

    def _on_end(self, content: dict[str, Any]) -> None:
        self._check_version(content)
        self.act(EndTurn())

    def _on_select(self, content: dict[str, Any]) -> None:
        if not self.human_to_play:
            raise self._not_human()
        source, index = content.get("from"), content.get("index")
        self.choice = None if index is None else (source, whole_number(index, "index"))
        if self._note.get("kind") == "done":  # what was done before is no news for this tile
            self._say("", "done")
        self._refresh()

    def _on_redesign(self, _content: dict[str, Any]) -> None:
        if not self.human_to_play:
            raise self._not_human()
        self._ready = False  # one refresh for all traits
        try:
            if not self.redesign:
                self.choice = None  # redesigning starts from the Alhambra, no tile in hand
            self.redesign = not self.redesign
            self.el_schauf = False
        finally:
            self._ready = True
        self._refresh()

    def _on_module(self, content: dict[str, Any]) -> None:
        """A module action's button (expansion II): its text, checked by the game."""
        self._check_version(content)
        if not self.human_to_play:
            raise self._not_human()
        text = content.get("action")
        if not isinstance(text, str):
            raise BadMessageError("widget.bad-module-kind", value=short(text))
        offer = self._modules().offer(text)
        if offer is not None and offer.board is not None:
            self._start_board(offer.board)
            return
        try:
            action = parse_offer(text)
        except ValueError:
            raise BadMessageError("widget.bad-module", value=short(text)) from None
        self.act(action)

    def _start_board(self, board: BoardMode) -> None:
        """A module's redesign made on the board (Abdul El'Schauf's): the board's verdicts
        are for it now."""
        self._ready = False
        try:
            self.choice = None
            self.redesign = True
            self.el_schauf = True
            self._board = board
        finally:
            self._ready = True
        self._say(board.note, "info")
        self._refresh()

    def _on_gate(self, content: dict[str, Any]) -> None:
        """Choose the side of the chosen tile that gets a gate (``None``: no gate)."""
        if not self.human_to_play:
            raise self._not_human()
        if self._gate_control(self._modules()) is None:
            raise BadMessageError("widget.bad-gate-none")
        self.gate = content.get("side")  # validated: a bad side is ignored with a note

    def _on_pay(self, content: dict[str, Any]) -> None:
        """Pay what a module says is owed (a won character) with the cards picked in the
        hand."""
        self._check_version(content)
        cards = _card_list(content.get("cards"))
        if not self.human_to_play:
            raise self._not_human()
        payment = self._modules().payment
        if payment is None:
            raise BadMessageError("widget.bad-module", value=short("pay"))
        self.act(payment.action_for(cards))

    def _on_undo(self, _content: dict[str, Any]) -> None:
        self.undo()

    def _on_hint(self, _content: dict[str, Any]) -> None:
        self.show_hint()

    def _on_hint_hide(self, _content: dict[str, Any]) -> None:
        self.hide_hint()

    def _on_replay(self, content: dict[str, Any]) -> None:
        if content.get("do") == "hide":
            self.hide_replay()
        else:
            self.show_replay()

    def _on_coach(self, content: dict[str, Any]) -> None:
        what = content.get("do")
        if what in ("show", "hide"):
            self.coaching = what == "show"
        elif what == "answer":
            question = None if self._coach_of is None else self._coach_of.question
            if question is None or content.get("key") != str(question.round):
                raise NothingToDoError("widget.game-table-changed")  # answered twice
            self.answer(whole_number(content.get("choice"), "choice"))
        elif what == "point":
            self._on_pointed(content)
        else:
            raise BadMessageError("widget.bad-message-kind", value=short(what))

    def _on_pointed(self, content: dict[str, Any]) -> None:
        """The learner rested the pointer (or the focus) on a cell where the chosen tile may
        not go: the coach says the rule that decides there, the first time. Only the coach's
        panel is sent again: the board stays as the learner is pointing at it. Pointing at a
        table redrawn since changes nothing, and says nothing (it was no click)."""
        cell = parse_cell_key(content.get("cell"))
        coach, tile = self._coach_of, self.chosen_tile
        mode = self._verdicts.get("mode")
        stale = content.get("version") != self._version
        if coach is None or stale or not self.human_to_play or mode is None:
            return
        if cell_key(cell) not in self._verdicts["cells"]:
            raise BadMessageError("widget.bad-cell-off-board", cell=cell)
        action = self._action_at(cell, self._player().city, tile, mode)
        if action is None:
            return
        if coach.mistake(self._game.check(self._to_play(action)), pointed=True) is not None:
            self._coach = self._coach_payload()

    def _on_level(self, content: dict[str, Any]) -> None:
        """The bots' level chosen in the select (checked: a bad one is ignored with a note)."""
        if not self._bot_seats:
            raise BadMessageError("widget.bad-no-bot-seats")
        self.level = content.get("level")

    def _on_bot(self, _content: dict[str, Any]) -> None:
        if not self._bot_to_play():
            raise BadMessageError("widget.bad-no-bot")
        self.play_bots(1)
        self._say(self._render("widget.game-bot-played"), "done")

    # -- notebook display -----------------------------------------------------------------
    def __repr__(self) -> str:
        state = self._game.state
        current = None if state.phase == PHASE_OVER else state.players[state.current].name
        return f"GameWidget(players={len(state.players)}, turn={state.turn}, current={current!r})"

    def _static_svg(self) -> str:
        view = TableView(bots=frozenset(self._bots), log_marks=self._marks,
                         fresh_from=len(self._marks))  # fmt: skip
        return table_picture(self._game, view, language=self.language).svg


_REDESIGNS = frozenset({MoveToReserve, SwapWithReserve, BuildFromReserve})
"""The actions of a redesign: the Redesign button is on when the engine lists one of them."""

_HANDLERS = {
    "coach": GameWidget._on_coach,
    "take": GameWidget._on_take,
    "buy": GameWidget._on_buy,
    "act": GameWidget._on_cell,
    "reserve": GameWidget._on_tile_home,
    "give": GameWidget._on_tile_home,
    "end": GameWidget._on_end,
    "select": GameWidget._on_select,
    "redesign": GameWidget._on_redesign,
    "undo": GameWidget._on_undo,
    "bot": GameWidget._on_bot,
    "module": GameWidget._on_module,
    "gate": GameWidget._on_gate,
    "pay": GameWidget._on_pay,
    "hint": GameWidget._on_hint,
    "hint-hide": GameWidget._on_hint_hide,
    "replay": GameWidget._on_replay,
    "level": GameWidget._on_level,
}
"""Message kinds the page sends, and who handles them."""


def _explained(error: Exception, language: str | None) -> str:
    """An engine error's sentence in ``language`` when it can say it in another language
    than the session's, else as it was raised."""
    explain = getattr(error, "explain", None)
    return explain(language) if callable(explain) else str(error)


def _key(cards: Iterable[str]) -> str:
    """The page's key for a set of cards: their ids, sorted, space-separated."""
    return " ".join(sorted(cards))


def refusal(violations: Sequence[Violation], language: str | None = None) -> str:
    """'✗ Taking money means …' — the catalogue's sentence for every broken rule, in plain
    words: no rule ids and no numbers (no picture here has numbered markers to match)."""
    text = sentences((v.explain(language) for v in violations), language)
    return render("widget.failed-mark", {"text": text}, language)


def _action_verdict(
    action: Action, violations: Sequence[Violation], doing: str, language: str
) -> Verdict:
    if not violations:
        return {"ok": True, "action": str(action), "text": doing, "violations": []}
    return {
        "ok": False,
        "action": str(action),
        "text": refusal(violations, language),
        "violations": violations_payload(violations, language),
    }


def _card_list(value: object) -> tuple[str, ...]:
    if not isinstance(value, list) or not all(isinstance(c, str) for c in value[:MAX_CARDS]):
        raise BadMessageError("widget.bad-cards", value=short(value))
    if len(value) > MAX_CARDS or len(set(value)) != len(value):
        raise BadMessageError("widget.bad-cards-twice", count=MAX_CARDS)
    for card_id in value:
        if card_id not in VALUE:
            raise BadMessageError("widget.bad-card", value=short(card_id))
    return tuple(value)

"""A game of Alhambra you can play from Python: ``Game`` keeps the state, history and log.

::

    game = Game(["Ana", "Ben"], seed=1)
    game.legal_actions()[:3]
    game.apply("take denar-3#1 dirham-2#1")
    game.undo()
    game.log[-1]            # 'Ana takes 3 Denar and 2 Dirham from the money display.'

The rules themselves are the pure functions of :mod:`.new_game`, :mod:`.listing`,
:mod:`.checks` and :mod:`.turns`; ``Game`` adds history (undo),
read-only views for notebooks and widgets, and saving to JSON.
"""

from __future__ import annotations

import json
import random
import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .actions import Action, check_writable, parse_action
from .checks import check_action
from .city import City
from .errors import AlhambraError
from .events import EventLog, plain_copy
from .listing import legal_actions
from .messages import Phrase, join, kind_of, render, resolve, shown, word
from .money import (
    CURRENCIES,
    MARKET_SPACES,
    Cards,
    Currency,
    MoneyCard,
    ScoringCard,
    card,
    space_currency,
    total_in,
)
from .new_game import new_state
from .phases import PHASE_OVER
from .plugin import MODULES, UnknownModuleError, module_names, saved_form
from .saves import text_problem
from .scoring import ScoreBreakdown
from .state import GameState, GameStateError, check_scorings
from .tiles import Building, Tile, building_counts
from .turns import apply_action, breakdown_of, winners
from .variants import Variants
from .violations import Violation


class SeatError(AlhambraError):
    """Raised when a seat number names no player of the game."""


class UndoError(AlhambraError):
    """Raised when undo is asked for but no action has been taken since the game began
    (or was loaded)."""


@dataclass(frozen=True)
class PlayerView:
    """What one player has, as read-only values (the city is a copy)."""

    seat: int
    name: str
    city: City
    reserve: tuple[Tile, ...]
    money: tuple[MoneyCard, ...]
    bought: tuple[Tile, ...]
    """Tiles waiting to be placed at the end of the turn (or received at the end)."""
    score: int

    def money_in(self, currency: Currency | str) -> int:
        """The total value of this player's cards of ``currency``."""
        currency = Currency(currency)
        return sum(c.value for c in self.money if c.currency is currency)

    @property
    def money_total(self) -> int:
        return sum(c.value for c in self.money)

    def __repr__(self) -> str:
        return (
            f"<player {self.seat} {self.name}: {self.score} points, {len(self.city) - 1} tiles "
            f"built, {len(self.reserve)} in reserve, {len(self.money)} cards ({self.money_total})>"
        )

    def describe(self, language: str | None = None) -> str:
        """The player's points, money and reserve in ``language`` (the session's by default)."""
        return "\n".join(_player_lines(self, language))

    def __str__(self) -> str:
        return self.describe()


@dataclass(frozen=True)
class NeutralView:
    """The neutral player of a two-player game: the tiles it holds and its points."""

    name: str
    tiles: tuple[Tile, ...]
    score: int

    def building_counts(self) -> dict[Building, int]:
        return building_counts(self.tiles)

    def describe(self, language: str | None = None) -> str:
        """The neutral player's points and tiles in ``language`` (the session's by default)."""
        words = {
            "player": self.name,
            "count": self.score,
            "tiles": " ".join(t.code for t in self.tiles),
        }
        key = "game.neutral-tiles" if self.tiles else "game.neutral"
        return render(key, words, language)

    def __str__(self) -> str:
        return self.describe()


@dataclass(frozen=True)
class MarketSpace:
    """One space of the building market: its number, its currency (ruling R1), its tile."""

    space: int
    currency: Currency
    tile: Tile | None

    def __repr__(self) -> str:
        return f"<space {self.space} ({self.currency.label}): {self.tile or 'empty'}>"

    def describe(self, language: str | None = None, *, notation: bool = True) -> str:
        """The space, its currency and its tile in ``language`` (the session's by default):
        the tile's code (``notation``), or the tile in words."""
        words: dict[str, Any] = {"space": self.space, "currency": _currency(self.currency)}
        if self.tile is None:
            return render("game.market-empty", words, language)
        if not notation:
            return render("game.market-tile", {**words, "tile": self.tile.described()}, language)
        return render("game.market", {**words, "code": self.tile.code}, language)

    def __str__(self) -> str:
        return self.describe()


class Game:
    """A game of Alhambra for 2-6 players (RULES.md §2-§7).

    ``players`` is a count or a list of names; ``seed`` makes the game reproducible (a seed
    is chosen and kept when none is given); ``modules`` names expansion rules modules.
    The names the game gives (the neutral player of a two-player game, players given as a
    count) are those of ``language``, the session's by default: they belong to the game
    from then on, and its save keeps them. ``variants`` says how the disputed rules are read
    (:class:`Variants`, or a mapping such as ``{"ring": "n-1"}``; the rules' own by default).
    """

    def __init__(
        self,
        players: int | Sequence[str] = 2,
        seed: int | None = None,
        modules: Sequence[str] | str | None = (),
        language: str | None = None,
        *,
        variants: Variants | Mapping[str, Any] | None = None,
    ) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(2**32)
        language = resolve(language)  # refused here, with its sentence, before the game is made
        self._start(new_state(players, seed, module_names(modules), language, variants))

    def _start(self, state: GameState) -> None:
        self._initial = state
        self._state = state
        self._actions: list[Action] = []
        # The state before each action, for a quick undo; None when a simulation kept none
        # (undo then replays the actions from the start: the rules are deterministic).
        self._before: list[GameState] | None = []
        # One action at a time: a widget's thread and the notebook's may both act, and the
        # state, the history and the undo stack change together or not at all.
        self._lock = threading.RLock()

    def __getstate__(self) -> dict[str, Any]:
        fields = dict(self.__dict__)
        del fields["_lock"]  # a lock is never copied or pickled: each game makes its own
        return fields

    def __setstate__(self, fields: dict[str, Any]) -> None:
        self.__dict__.update(fields)
        self._lock = threading.RLock()

    @classmethod
    def from_state(cls, state: GameState) -> Game:
        """A game continuing from a copy of ``state`` (with no history to undo): changing
        ``state`` afterwards changes nothing in the game."""
        if not isinstance(state, GameState):
            raise GameStateError("(state)", render("refusal.game-state", {"value": shown(state)}))
        game = cls.__new__(cls)
        game._start(_detached(state))
        return game

    @classmethod
    def from_playout(cls, start: GameState, actions: Sequence[Action], final: GameState) -> Game:
        """The game that began at ``start`` and reached ``final`` by ``actions``, carried out
        by the rules elsewhere (as :func:`.bots.simulate` does on one state changed in place):
        its history is ``actions``, and undo replays them from ``start``, for no state was
        kept per action. Nothing is checked again; the game takes over both states, so the
        caller must not change them afterwards."""
        for state in (start, final):
            if not isinstance(state, GameState):
                words = {"value": shown(state)}
                raise GameStateError("(state)", render("refusal.game-state", words))
        game = cls.__new__(cls)
        game._start(start)
        game._actions = list(actions)
        game._state = final
        game._before = None
        return game

    # -- playing --------------------------------------------------------------------------
    @property
    def state(self) -> GameState:
        """A copy of the current state: changing it changes neither the game nor its history
        (:meth:`from_state` plays on from a changed copy)."""
        with self._lock:
            return _detached(self._state)

    def legal_actions(self) -> list[Action]:
        """Every action the current player may take now (see :func:`.listing.legal_actions`
        for which payments are listed)."""
        return list(legal_actions(self._state))

    def check(self, action: Action | str) -> list[Violation]:
        """Every rule ``action`` would break (``[]`` when it is legal); changes nothing.
        Raises :class:`.ActionParseError` when ``action`` is no action of this game."""
        with self._lock:
            return check_action(self._state, self._readable(action))

    def is_legal(self, action: Action | str) -> bool:
        return not self.check(action)

    def apply(self, action: Action | str) -> None:
        """Take ``action`` (an action or its text). Raises :class:`IllegalActionError` with
        every broken rule and leaves the game exactly as it was when it is not legal."""
        with self._lock:
            action = self._readable(action)
            after = apply_action(self._state, action)
            if self._before is not None:
                self._before.append(self._state)
            self._actions.append(action)
            self._state = after

    def _readable(self, action: object) -> Action:
        """``action`` read and checked as an input before any rule looks at it: a text that
        parses, or an action that says how it is written and holds fields of the right types
        (a seat not at the table is then refused by the rules: it is not that seat's turn)."""
        return check_writable(parse_action(action))  # type: ignore[arg-type]

    def undo(self) -> Action:
        """Take back the last action and return it."""
        with self._lock:
            if not self._actions:
                raise UndoError(render("refusal.undo", {}))
            action = self._actions.pop()
            if self._before is not None:
                self._state = self._before.pop()
            else:
                state = self._initial
                for earlier in self._actions:
                    state = apply_action(state, earlier)
                self._state = state
            return action

    @property
    def history(self) -> tuple[Action, ...]:
        """The actions taken so far (since the game began or was loaded)."""
        return tuple(self._actions)

    # -- who and when ---------------------------------------------------------------------
    @property
    def current_player(self) -> int | None:
        """The seat whose turn it is (``None`` once the game is over)."""
        return None if self._state.phase == PHASE_OVER else self._state.current

    @property
    def phase(self) -> str:
        """``'play'``, ``'ending'`` (the game is over once what the last refill turned up is
        auctioned and scored, ruling R11), ``'final'`` (placing the last market tiles) or
        ``'over'``."""
        return self._state.phase

    @property
    def turn(self) -> int:
        return self._state.turn

    def is_over(self) -> bool:
        return self._state.phase == PHASE_OVER

    def scores(self) -> dict[str, int]:
        """Points so far per player, in seat order (the neutral player: :attr:`neutral`)."""
        return {p.name: p.score for p in self._state.players}

    def winners(self) -> list[str]:
        """The players with the most points (a tie is a shared win)."""
        return winners(self._state)

    # -- the table ------------------------------------------------------------------------
    @property
    def players(self) -> tuple[PlayerView, ...]:
        return tuple(
            PlayerView(
                seat,
                p.name,
                p.city.detached(),
                tuple(p.reserve),
                tuple(card(c) for c in p.money),
                tuple(p.bought),
                p.score,
            )
            for seat, p in enumerate(self._state.players)
        )

    @property
    def market(self) -> tuple[MarketSpace, ...]:
        """The four market spaces, space 1 (Denar) first."""
        return tuple(
            MarketSpace(space, space_currency(space), tile)
            for space, tile in zip(MARKET_SPACES, self._state.market, strict=True)
        )

    @property
    def money_display(self) -> tuple[MoneyCard, ...]:
        return tuple(card(c) for c in self._state.display)

    @property
    def money_deck(self) -> tuple[MoneyCard | ScoringCard, ...]:
        """The money deck, top card first (scoring cards included)."""
        return tuple(card(c) for c in self._state.deck)

    @property
    def discard(self) -> tuple[MoneyCard, ...]:
        return tuple(card(c) for c in self._state.discard)

    @property
    def bag(self) -> tuple[Tile, ...]:
        """The tiles still in the bag, in a fixed order that tells nothing of the draws."""
        return tuple(self._state.bag)

    @property
    def neutral(self) -> NeutralView | None:
        """The neutral player of a two-player game (``None`` otherwise)."""
        n = self._state.neutral
        return None if n is None else NeutralView(n.name, tuple(n.tiles), n.score)

    @property
    def modules(self) -> tuple[str, ...]:
        """The expansion II rules modules switched on, by name."""
        return self._state.modules

    @property
    def variants(self) -> Variants:
        """How this game reads the disputed rules (``Variants()``: as RULES.md rules)."""
        return self._state.variants

    def module_state(self, name: str) -> dict:
        """A copy of what module ``name`` keeps on the table (plain JSON): the gate cards
        beside the market and in hands, the characters owned and aside, a running auction.
        Variants of a module keep their state under their family's name."""
        module = MODULES.get(name) if isinstance(name, str) else None
        if module is None:
            known = ", ".join(map(repr, sorted(MODULES)))
            words = {"value": shown(name), "known": known}
            raise UnknownModuleError(render("refusal.module", words))
        key = module.family or module.name
        return json.loads(json.dumps(saved_form(self._state.extra.get(key, {}))))

    def money_in(self, seat: int, currency: Currency | str) -> int:
        """What ``seat`` holds in ``currency`` (the end-of-game distribution compares it)."""
        players = self._state.players
        if type(seat) is not int or not 0 <= seat < len(players):
            words = {"value": shown(seat), "last": len(players) - 1}
            raise SeatError(render("refusal.seat", words))
        return total_in(players[seat].money, Currency(currency))

    # -- the log --------------------------------------------------------------------------
    @property
    def events(self) -> EventLog:
        """Every event so far, oldest first (a read-only sequence of :class:`Event`)."""
        return self._state.log

    @property
    def log(self) -> list[str]:
        """Everything that happened, as sentences in the session's language."""
        return self.log_in()

    def log_in(self, language: str | None = None) -> list[str]:
        """Everything that happened, as sentences in ``language`` (the session's by
        default)."""
        language = resolve(language)
        return [e.sentence(language) for e in self._state.log]

    @property
    def scorings(self) -> list[ScoreBreakdown]:
        """Every scoring so far, explained (``.explain()``: types, places, ties, walls)."""
        variants = self._state.variants
        return [breakdown_of(record, variants) for record in self._state.scorings]

    # -- saving ---------------------------------------------------------------------------
    def to_json(self, indent: int | None = None) -> str:
        """The game as JSON text; :meth:`from_json` reads it back."""
        return json.dumps(self._state.to_dict(), indent=indent, ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str | bytes) -> Game:
        """The game saved by :meth:`to_json`. Raises :class:`GameStateError` naming the field
        when the text is not a saved game or is inconsistent (a card in two places, a tile
        missing, an illegal city, ...). The loaded game has no history to undo.

        The save format is published as a JSON Schema (:func:`.saves.save_schema`); a text
        too long or nested too deep is refused before it is parsed."""
        if not isinstance(text, (str, bytes)):
            raise GameStateError("(text)", render("refusal.save-text", {"kind": kind_of(text)}))
        problem = text_problem(text)
        if problem is not None:
            raise GameStateError(*problem)
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            words = {"line": exc.lineno, "column": exc.colno}
            raise GameStateError("(text)", render("refusal.save-json", words)) from None
        except (TypeError, ValueError):  # not UTF-8, or a number Python refuses to read
            raise GameStateError("(text)", render("refusal.save-unreadable", {})) from None
        state = GameState.from_dict(data)
        check_scorings(state)
        return cls.from_state(state)

    # -- display --------------------------------------------------------------------------
    def __repr__(self) -> str:
        state = self._state
        names = ", ".join(state.names)
        if state.phase == PHASE_OVER:
            return f"<Game {names} (seed {state.seed}): over, won by {', '.join(self.winners())}>"
        return (
            f"<Game {names} (seed {state.seed}): turn {state.turn}, "
            f"{state.players[state.current].name} to play>"
        )

    def __str__(self) -> str:
        return self.describe()

    def _repr_svg_(self) -> str:
        # The picture is render's: imported here, so the rules load no drawing code.
        from ..render import game_svg

        return game_svg(self)

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, str]:
        # The picture also as HTML, whose <img> carries the picture's description as alt text
        # for nbconvert's HTML export (see render.mime); IPython applies include/exclude.
        from ..render.mime import picture_bundle

        return picture_bundle(self._repr_svg_())

    def describe(self, language: str | None = None, *, notation: bool = True) -> str:
        """The table as a learner prints it, in ``language`` (the session's by default): who
        is to play, the market, the money display, each player's points, money and reserve.
        Tiles and cards are written as the codes an action names them by; with
        ``notation=False`` in words, as a picture's description says them."""
        state = self._state
        lines = [self._heading(language)]
        lines += [f"  {space.describe(language, notation=notation)}" for space in self.market]
        display = " ".join(state.display) if notation else Cards(state.display).words(language)
        key = "game.display" if state.display else "game.display-empty"
        lines.append("  " + render(key, {"cards": display}, language))
        for view in self.players:
            lines += [f"  {line}" for line in _player_lines(view, language, notation)]
        neutral = self.neutral
        if neutral is not None:
            words = {"player": neutral.name, "count": neutral.score}
            lines.append("  " + render("game.neutral", words, language))
        return "\n".join(lines)

    def _heading(self, language: str | None) -> str:
        state = self._state
        words: dict[str, Any] = {"players": join(list(state.names), language), "seed": state.seed}
        if state.phase == PHASE_OVER:
            winners = self.winners()
            words.update(winners=join(winners, language), count=len(winners))
            return render("game.heading-over", words, language)
        words.update(turn=state.turn, player=state.players[state.current].name)
        return render("game.heading", words, language)


def _currency(currency: Currency) -> Phrase:
    return Phrase(f"currency.{currency.value}")


def _player_lines(view: PlayerView, language: str | None, notation: bool = True) -> list[str]:
    """A player's points and money, and their reserve (tile codes, or with ``notation=False``
    the tiles in words), as two lines; the second indented under the first."""
    money = [
        render("game.money", {"amount": view.money_in(c), "currency": _currency(c)}, language)
        for c in CURRENCIES
    ]
    words = {"player": view.name, "count": view.score, "money": join(money, language)}
    if notation:
        reserve = " ".join(t.code for t in view.reserve)
    else:
        reserve = join([word(t.described(), language) for t in view.reserve], language)
    key = "game.reserve" if view.reserve else "game.reserve-empty"
    return [
        render("game.player", words, language),
        "  " + render(key, {"tiles": reserve}, language),
    ]


def _detached(state: GameState) -> GameState:
    """A copy of ``state`` sharing nothing that can be changed: its own cities and scoring
    records (a state's copy otherwise shares them with the states it came from). The log is
    shared: no one can change it (see :class:`~.events.EventLog`)."""
    detached = state.copy()
    for player in detached.players:
        player.city = player.city.detached()
    detached.scorings = plain_copy(state.scorings)
    return detached

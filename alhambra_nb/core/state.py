"""The game state: everything on the table, as plain data that saves to JSON and back.

A :class:`GameState` holds the players (Alhambra, reserve board, money, tiles waiting to be
placed, points), the neutral player of a two-player game, the building market, the money
display, deck and discard pile, the bag, the scoring cards set aside, whose turn it is, the
scorings so far and the log. Randomness comes only from ``seed`` and the counter ``rng``
(see :func:`random_for`), so a saved game continues exactly as the original would.

:meth:`GameState.to_dict` gives a JSON-ready dict; :meth:`GameState.from_dict` reads one back
and refuses anything corrupted or inconsistent with a :class:`GameStateError` naming the field.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from .city import City
from .errors import AlhambraError
from .events import Event, EventLog
from .geometry import ORIGIN
from .limits import CitySizeError
from .messages import DEFAULT_LANGUAGE, ENGLISH, join, kind_of, render, shown
from .money import MARKET_SPACES, SCORING_CARDS, CardError, card, money_cards
from .notation import NotationError
from .phases import PHASE_ENDING, PHASE_FINAL, PHASE_OVER, PHASE_PLAY, PHASES
from .plugin import Module, ModuleState, UnknownModuleError, saved_form
from .ruleset import Ruleset, ruleset_for
from .saves import SCHEMA_VERSION, nesting_problem, schema_problem
from .scoring import POINTS
from .tiles import TILES, Building, Tile, TileError, building_counts
from .variants import STANDARD, VariantError, Variants, as_variants

FORMAT = "alhambra_nb/game"
VERSION = SCHEMA_VERSION


NEUTRAL_NAMES = ("Dirk", "Géza", "Marek")
"""The neutral player's names in the seed rulebooks (ja, hu, pl)."""


class GameStateError(AlhambraError):
    """Raised when a saved game is corrupted or inconsistent; ``field`` names the culprit,
    e.g. ``'players[1].money'``."""

    def __init__(self, field: str, problem: str) -> None:
        self.field = field
        self.problem = problem
        super().__init__(render("save.field", {"field": field, "problem": problem}))


def _problem(key: str, **params: Any) -> str:
    """What is wrong with a field of a saved game: the template ``save.<key>``."""
    return render(f"save.{key}", params)


_KINDS: dict[type, str] = {int: "number", str: "text", list: "list", dict: "object", bool: "bool"}
"""The words (``kind.…``) for the kinds of value a saved game's fields hold."""


@dataclass(slots=True)
class PlayerState:
    """One player's things. ``bought`` holds tiles waiting to be placed at the end of a turn
    (or received at the end of the game)."""

    name: str
    city: City = field(default_factory=City)
    reserve: list[Tile] = field(default_factory=list)
    money: list[str] = field(default_factory=list)
    bought: list[Tile] = field(default_factory=list)
    score: int = 0

    def copy(self) -> PlayerState:
        """A copy sharing the city: the rules copy a city before they change it."""
        return PlayerState(
            self.name,
            self.city,
            list(self.reserve),
            list(self.money),
            list(self.bought),
            self.score,
        )


@dataclass(slots=True)
class NeutralState:
    """The neutral player of a two-player game: collects tiles, builds nothing (RULES.md §7)."""

    name: str
    tiles: list[Tile] = field(default_factory=list)
    score: int = 0

    def copy(self) -> NeutralState:
        return NeutralState(self.name, list(self.tiles), self.score)

    def building_counts(self) -> dict[Building, int]:
        """How many tiles of each type the neutral player holds (all of them count)."""
        return building_counts(self.tiles)


@dataclass(slots=True, eq=False)
class GameState:
    """Everything on the table. Lists are owned by one state: :meth:`copy` copies them."""

    seed: int
    players: list[PlayerState]
    neutral: NeutralState | None = None
    modules: tuple[str, ...] = ()
    variants: Variants = STANDARD
    """How the disputed rules are read (the rules' own by default)."""
    rng: int = 0
    market: list[Tile | None] = field(default_factory=lambda: [None] * 4)
    display: list[str] = field(default_factory=list)
    deck: list[str] = field(default_factory=list)
    """The money deck, top card first."""
    discard: list[str] = field(default_factory=list)
    bag: list[Tile] = field(default_factory=list)
    """The tiles in the bag, in a fixed order (draws pick at random with the state's RNG)."""
    revealed: list[str] = field(default_factory=list)
    """Scoring cards (and module cards) revealed and set aside."""
    phase: str = PHASE_PLAY
    current: int = 0
    turn: int = 1
    actions: int = 0
    """Main actions taken so far this turn."""
    may_act: bool = True
    """Whether the current player may still take a main action this turn."""
    placing: bool = False
    """Whether the current player has begun placing bought tiles (which ends the turn)."""
    receivers: list[int] = field(default_factory=list)
    """At the end of the game: the seats still placing the tiles they received."""
    scorings: tuple[dict[str, Any], ...] = ()
    log: EventLog = field(default_factory=EventLog)
    """Every event so far, oldest first (shared with the states before this one: see
    :class:`~.events.EventLog`)."""
    extra: dict[str, Any] = field(default_factory=dict)
    """Module state, by module name (plain JSON)."""

    def copy(self) -> GameState:
        """A copy that owns its lists; cities are shared until the rules change one."""
        return GameState(
            self.seed,
            [p.copy() for p in self.players],
            self.neutral.copy() if self.neutral is not None else None,
            self.modules,
            self.variants,
            self.rng,
            list(self.market),
            list(self.display),
            list(self.deck),
            list(self.discard),
            list(self.bag),
            list(self.revealed),
            self.phase,
            self.current,
            self.turn,
            self.actions,
            self.may_act,
            self.placing,
            list(self.receivers),
            self.scorings,
            self.log,
            _copy_extra(self.extra) if self.extra else {},
        )

    @property
    def ruleset(self) -> Ruleset:
        """The rules this game is played by: its modules and variants (shared by every game
        with the same; the state itself keeps only the modules' names)."""
        return ruleset_for(self.modules, self.variants)

    @property
    def module_objects(self) -> tuple[Module, ...]:
        """The switched-on rules modules (instances are shared: modules keep no state)."""
        return ruleset_for(self.modules).modules  # the same whatever the variants

    def hooks(self, name: str) -> tuple[Any, ...]:
        """The switched-on modules' ``name`` hook as bound methods, only from the modules
        that override it: :meth:`Ruleset.hooks` of :attr:`ruleset`, in short."""
        return ruleset_for(self.modules).hooks(name)

    def hook_table(self) -> Mapping[str, tuple[Any, ...]]:
        """Every hook of :data:`~.socket.HOOKS` by name, as :meth:`hooks` answers each: for
        code that asks several hooks in one step, one lookup for all."""
        return ruleset_for(self.modules).hook_table

    @property
    def names(self) -> list[str]:
        """The players' names, in seat order."""
        return [p.name for p in self.players]

    def own_city(self, seat: int) -> City:
        """The city of ``seat``, copied first so that earlier states keep theirs."""
        player = self.players[seat]
        player.city = player.city.copy()
        return player.city

    def random(self) -> random.Random:
        """A random generator for the next random step; advances the state's counter."""
        generator = random_for(self.seed, self.rng)
        self.rng += 1
        return generator

    def note(self, key: str, **params: Any) -> None:
        """Add an event to the log."""
        self.log = self.log.appended(key, params)

    # -- saving ---------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """Everything as plain JSON-ready data."""
        return {
            "format": FORMAT,
            "version": VERSION,
            "seed": self.seed,
            "rng": self.rng,
            "modules": list(self.modules),
            **({"variants": self.variants.changed()} if not self.variants.is_standard else {}),
            "players": [
                {
                    "name": p.name,
                    "city": p.city.to_text(),
                    "reserve": [t.code for t in p.reserve],
                    "money": list(p.money),
                    "bought": [t.code for t in p.bought],
                    "score": p.score,
                }
                for p in self.players
            ],
            "neutral": (
                None
                if self.neutral is None
                else {
                    "name": self.neutral.name,
                    "tiles": [t.code for t in self.neutral.tiles],
                    "score": self.neutral.score,
                }
            ),
            "market": [t.code if t is not None else None for t in self.market],
            "display": list(self.display),
            "deck": list(self.deck),
            "discard": list(self.discard),
            "bag": [t.code for t in self.bag],
            "revealed": list(self.revealed),
            "phase": self.phase,
            "current": self.current,
            "turn": self.turn,
            "actions": self.actions,
            "may_act": self.may_act,
            "placing": self.placing,
            "receivers": list(self.receivers),
            "scorings": [_copy_json(s) for s in self.scorings],
            "log": [e.to_dict() for e in self.log],
            "extra": {key: _copy_json(saved_form(value)) for key, value in self.extra.items()},
        }

    @classmethod
    def from_dict(cls, data: Any) -> GameState:
        """The state saved by :meth:`to_dict`; raises :class:`GameStateError` naming the
        first field that is malformed or inconsistent (a card in two places, a tile missing,
        an illegal city, ...)."""
        state = _read(data)
        check_consistency(state)
        return state


def random_for(seed: int, counter: int) -> random.Random:
    """The random generator of step ``counter`` of the game with ``seed``."""
    return random.Random(f"alhambra_nb:{seed}:{counter}")


def _copy_extra(extra: dict[str, Any]) -> dict[str, Any]:
    """The modules' parts of a state, copied: typed ones copy themselves."""
    return {
        key: value.copy() if isinstance(value, ModuleState) else _copy_json(value)
        for key, value in extra.items()
    }


def _copy_json(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy_json(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_copy_json(v) for v in value]
    return value


# -- reading a saved state ------------------------------------------------------------------
def _need(data: Mapping[str, Any], key: str, kind: type | tuple[type, ...], where: str) -> Any:
    if key not in data:
        raise GameStateError(f"{where}{key}", _problem("missing"))
    value = data[key]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        kinds = [kind] if isinstance(kind, type) else list(kind)
        expected = join([render(f"kind.{_KINDS.get(k, 'other')}", {}) for k in kinds])
        raise GameStateError(
            f"{where}{key}", _problem("expected", expected=expected, value=shown(value))
        )
    return value


def _int(data: Mapping[str, Any], key: str, where: str = "", minimum: int = 0) -> int:
    value = _need(data, key, int, where)
    if value < minimum:
        raise GameStateError(
            f"{where}{key}", _problem("at-least", least=minimum, value=shown(value))
        )
    return value


def _tiles(values: Any, where: str) -> list[Tile]:
    if not isinstance(values, list):
        raise GameStateError(where, _problem("tile-codes", value=shown(values)))
    tiles = []
    for i, code in enumerate(values):
        try:
            tiles.append(Tile.parse(code))
        except TileError as exc:
            raise GameStateError(f"{where}[{i}]", str(exc)) from None
    return tiles


def _card_ids(values: Any, where: str, known: set[str]) -> list[str]:
    if not isinstance(values, list):
        raise GameStateError(where, _problem("card-ids", value=shown(values)))
    for i, card_id in enumerate(values):
        if card_id not in known:
            try:
                card(card_id)
                problem = _problem("card-foreign", value=shown(card_id))
            except CardError as exc:
                problem = str(exc)
            raise GameStateError(f"{where}[{i}]", problem)
    return list(values)


def _read_variants(saved: Any) -> Variants:
    """The variants a save keeps (the schema has checked their shape)."""
    try:
        return as_variants(saved)
    except VariantError as exc:
        raise GameStateError("variants", str(exc)) from None


def _read(data: Any) -> GameState:
    if not isinstance(data, Mapping):
        raise GameStateError("(top)", render("refusal.save-object", {"kind": kind_of(data)}))
    # In order, each only once the one before passed: the schema's validator recurses, so
    # it may only see data whose nesting is known to be bounded.
    for check in (nesting_problem, _format_problem, schema_problem):
        problem = check(data)
        if problem is not None:
            raise GameStateError(*problem)
    seed = _need(data, "seed", int, "")
    rng = _int(data, "rng")
    module_names = _need(data, "modules", list, "")
    try:
        modules = ruleset_for(tuple(module_names)).modules
    except UnknownModuleError as exc:
        raise GameStateError("modules", str(exc)) from None
    variants = _read_variants(data.get("variants"))
    raw_players = _need(data, "players", list, "")
    if not 2 <= len(raw_players) <= 6:
        raise GameStateError("players", _problem("players", count=len(raw_players)))
    known = set(money_cards(len(raw_players))) | set(SCORING_CARDS)
    for module in modules:
        known |= set(module.components(len(raw_players)).cards)
    players = [
        _read_player(p, f"players[{i}].", known, variants.holes) for i, p in enumerate(raw_players)
    ]
    raw_neutral = data.get("neutral")
    neutral = None
    if raw_neutral is not None:
        if not isinstance(raw_neutral, Mapping):
            raise GameStateError("neutral", _problem("neutral-kind", value=shown(raw_neutral)))
        neutral = NeutralState(
            _need(raw_neutral, "name", str, "neutral."),
            _tiles(_need(raw_neutral, "tiles", list, "neutral."), "neutral.tiles"),
            _int(raw_neutral, "score", "neutral."),
        )
    market_raw = _need(data, "market", list, "")
    if len(market_raw) != 4:
        raise GameStateError("market", _problem("market", count=len(market_raw)))
    market: list[Tile | None] = [
        None if code is None else _tiles([code], f"market[{i}]")[0]
        for i, code in enumerate(market_raw)
    ]
    phase = _need(data, "phase", str, "")
    if phase not in PHASES:
        raise GameStateError(
            "phase", _problem("one-of", known=", ".join(map(repr, PHASES)), value=shown(phase))
        )
    log = EventLog(
        _read_event(entry, f"log[{i}]") for i, entry in enumerate(_need(data, "log", list, ""))
    )
    scorings = _need(data, "scorings", list, "")
    names = [p.name for p in players] + ([neutral.name] if neutral is not None else [])
    for i, record in enumerate(scorings):
        _check_scoring(record, f"scorings[{i}]", names)
    extra = _need(data, "extra", dict, "")
    families = {m.family or m.name for m in modules}
    for key in extra:
        if key not in families:
            raise GameStateError(f"extra.{key}", _problem("extra"))
    return GameState(
        seed=seed,
        players=players,
        neutral=neutral,
        modules=tuple(module_names),
        variants=variants,
        rng=rng,
        market=market,
        display=_card_ids(_need(data, "display", list, ""), "display", known),
        deck=_card_ids(_need(data, "deck", list, ""), "deck", known),
        discard=_card_ids(_need(data, "discard", list, ""), "discard", known),
        bag=_tiles(_need(data, "bag", list, ""), "bag"),
        revealed=_card_ids(_need(data, "revealed", list, ""), "revealed", known),
        phase=phase,
        current=_int(data, "current"),
        turn=_int(data, "turn", minimum=1),
        actions=_int(data, "actions"),
        may_act=_need(data, "may_act", bool, ""),
        placing=_need(data, "placing", bool, ""),
        receivers=list(_need(data, "receivers", list, "")),
        scorings=tuple(_copy_json(s) for s in scorings),
        log=log,
        extra=_copy_json(extra),
    )


def _format_problem(data: Mapping[str, Any]) -> tuple[str, str] | None:
    """A save of another format or version is named as such before its fields are read."""
    if data.get("format") != FORMAT:
        return "format", _problem(
            "expected", expected=repr(FORMAT), value=shown(data.get("format"))
        )
    if data.get("version") != VERSION:
        return "version", _problem("expected", expected=VERSION, value=shown(data.get("version")))
    return None


def _read_event(entry: Mapping[str, Any], where: str) -> Event:
    """A log entry that names a known event and reads as a sentence."""
    event = Event.from_dict(entry)
    if not event.key.startswith("event.") or event.key not in ENGLISH:
        raise GameStateError(f"{where}.event", _problem("event-unknown", value=shown(event.key)))
    try:
        event.sentence(DEFAULT_LANGUAGE)
    except (KeyError, IndexError, TypeError, ValueError):
        # a parameter missing from the sentence, a tile code or card id that is no such thing
        raise GameStateError(where, render("refusal.save-event", {})) from None
    return event


def _read_player(data: Any, where: str, known: set[str], holes: str) -> PlayerState:
    if not isinstance(data, Mapping):
        raise GameStateError(where.rstrip("."), _problem("object", value=shown(data)))
    name = _need(data, "name", str, where)
    text = _need(data, "city", str, where)
    try:
        city = City.from_text(text, holes=holes)
    except (NotationError, TileError, CitySizeError) as exc:
        raise GameStateError(f"{where}city", str(exc)) from None
    if not name.strip():
        raise GameStateError(f"{where}name", _problem("name-blank", value=shown(name)))
    return PlayerState(
        name=name,
        city=city,
        reserve=_tiles(_need(data, "reserve", list, where), f"{where}reserve"),
        money=_card_ids(_need(data, "money", list, where), f"{where}money", known),
        bought=_tiles(_need(data, "bought", list, where), f"{where}bought"),
        score=_int(data, "score", where),
    )


def _check_scoring(record: Any, where: str, names: list[str]) -> None:
    if not isinstance(record, Mapping):
        raise GameStateError(where, _problem("object", value=shown(record)))
    round_ = _int(record, "round", f"{where}.", minimum=1)
    if round_ > 3:
        raise GameStateError(f"{where}.round", _problem("round", value=round_))
    scored = list(_need(record, "counts", dict, f"{where}."))
    for name in scored:
        if name not in names:
            raise GameStateError(f"{where}.counts", _problem("not-playing", value=shown(name)))
    # Wall points and bonuses go to players who were scored (the neutral player has no walls).
    for key in ("walls", "points", "bonuses"):
        for name in record.get(key) or {}:
            if name not in scored:
                raise GameStateError(f"{where}.{key}", _problem("not-scored", value=shown(name)))
    if set(record["points"]) != set(scored):
        raise GameStateError(f"{where}.points", _problem("points-all"))


# -- consistency ----------------------------------------------------------------------------
def card_places(state: GameState) -> dict[str, list[str]]:
    """Where each card id lies: ``{"denar-5#2": ["players[0].money"], ...}``."""
    places: dict[str, list[str]] = {}
    spots: list[tuple[str, Sequence[str]]] = [
        *((f"players[{i}].money", p.money) for i, p in enumerate(state.players)),
        ("display", state.display),
        ("deck", state.deck),
        ("discard", state.discard),
        ("revealed", state.revealed),
    ]
    for module in state.module_objects:
        spots += module.card_places(state)
    for where, cards in spots:
        for card_id in cards:
            places.setdefault(card_id, []).append(where)
    return places


def tile_places(state: GameState) -> Counter[Tile]:
    """How many times each building tile occurs anywhere (cities, reserves, market, ...)."""
    found: Counter[Tile] = Counter()
    for player in state.players:
        found.update(t for c, t in player.city.items() if c != ORIGIN)
        found.update(player.reserve)
        found.update(player.bought)
    if state.neutral is not None:
        found.update(state.neutral.tiles)
    found.update(t for t in state.market if t is not None)
    found.update(state.bag)
    return found


def expected_cards(state: GameState) -> set[str]:
    """Every card id in this game: money, scoring cards and the modules' cards."""
    players = len(state.players)
    expected = set(money_cards(players)) | set(SCORING_CARDS)
    for module in state.module_objects:
        expected |= set(module.components(players).cards)
    return expected


def expected_tiles(state: GameState) -> Counter[Tile]:
    """Every tile in this game: the 54 buildings and the modules' tiles."""
    expected = Counter(TILES)
    for module in state.module_objects:
        expected.update(module.components(len(state.players)).tiles)
    return expected


def check_consistency(state: GameState) -> None:
    """Raise :class:`GameStateError` for the first inconsistency: a card in two places or
    missing, a tile missing or doubled, an illegal city, a bad turn marker."""
    names = state.names
    if len(set(names)) != len(names):
        raise GameStateError("players", _problem("names-differ", value=shown(list(names))))
    two = len(state.players) == 2
    if two != (state.neutral is not None):
        raise GameStateError("neutral", _problem("neutral-two"))
    if state.neutral is not None and state.neutral.name in names:
        raise GameStateError(
            "neutral.name", _problem("neutral-name", value=shown(state.neutral.name))
        )
    _check_modules(state)
    _check_cards(state)
    _check_card_kinds(state)
    _check_tiles(state)
    gated = bool(state.hooks("gate_cards"))
    for i, player in enumerate(state.players):
        if player.city.gates and not gated:
            raise GameStateError(f"players[{i}].city", _problem("gate-no-module"))
        problems = player.city.validate()
        if problems:
            raise GameStateError(f"players[{i}].city", _problem("city-illegal", why=problems[0]))
    if len(state.display) > 4:
        raise GameStateError("display", _problem("display", count=len(state.display)))
    # A scoring, and the end of the game, wait only for an auction of what came up with them.
    held = any(interrupt(state) is not None for interrupt in state.hooks("interrupt"))
    for card_id in state.revealed:
        if card_id in SCORING_CARDS and int(card_id[-1]) > len(state.scorings) and not held:
            raise GameStateError("revealed", _problem("revealed", value=shown(card_id)))
    if state.phase == PHASE_ENDING and not held:
        raise GameStateError("phase", _problem("ending"))
    if not 0 <= state.current < len(state.players):
        words = {"seat": state.current, "count": len(state.players)}
        raise GameStateError("current", _problem("current", **words))
    for i, seat in enumerate(state.receivers):
        if not isinstance(seat, int) or not 0 <= seat < len(state.players):
            raise GameStateError(f"receivers[{i}]", _problem("receiver", value=shown(seat)))
    if state.phase == PHASE_FINAL and (not state.receivers or state.receivers[0] != state.current):
        raise GameStateError("receivers", _problem("receivers"))


def check_scorings(state: GameState) -> None:
    """What a saved game must have lived through (a position staged for a lesson may score
    out of turn, and start with any score):

    - while the game goes on, at most one scoring per scoring card revealed: a loaded game
      that played on would otherwise score more than three times, and could not be saved;
    - a finished game ended as the rules end one: the bag empty and three scorings made;
    - every score is what the recorded scorings gave;
    - no more actions in the turn than a turn can hold."""
    scored = len(state.scorings)
    revealed = sum(1 for card_id in state.revealed if card_id in SCORING_CARDS)
    if state.phase != PHASE_OVER and scored > revealed:
        raise GameStateError("scorings", _problem("scorings", count=scored, revealed=revealed))
    if state.phase == PHASE_OVER and state.bag:
        raise GameStateError("bag", _problem("over-bag", count=len(state.bag)))
    if state.phase == PHASE_OVER and scored != len(POINTS):
        raise GameStateError("scorings", _problem("over-scorings", count=scored))
    _check_scores(state)
    if state.actions > MAX_ACTIONS_PER_TURN:
        words = {"value": state.actions, "most": MAX_ACTIONS_PER_TURN}
        raise GameStateError("actions", _problem("actions-many", **words))


MAX_ACTIONS_PER_TURN = len(MARKET_SPACES) + 1
"""A turn goes on only after an exact payment, and each buys a tile off one of the market's
spaces, which are refilled only when the turn ends: four buys, then one more action."""


def _check_scores(state: GameState) -> None:
    """Each score is the sum of the points the recorded scorings gave its holder."""
    holders: list[tuple[str, PlayerState | NeutralState]] = [
        (f"players[{i}]", p) for i, p in enumerate(state.players)
    ]
    if state.neutral is not None:
        holders.append(("neutral", state.neutral))
    for where, holder in holders:
        total = sum(record["points"].get(holder.name, 0) for record in state.scorings)
        if holder.score != total:
            words = {"value": holder.score, "total": total}
            raise GameStateError(f"{where}.score", _problem("score-sum", **words))


def _check_modules(state: GameState) -> None:
    """Each switched-on module's own state: present, well formed, consistent; a loaded one
    is read into its typed form once found so."""
    for module in state.module_objects:
        kept = state.extra.get(module.key)
        try:
            problems = module.check_state(state, saved_form(kept))
            if not problems:
                typed = module.state_type
                if typed is not None and not isinstance(kept, typed):
                    # as loaded: read it typed (a malformed part raises, and is refused below)
                    state.extra[module.key] = typed.from_json(cast(dict[str, Any], kept))
                list(module.card_places(state))
        except (KeyError, TypeError, IndexError, AttributeError, ValueError):
            problem = render("refusal.save-module", {})
            raise GameStateError(f"extra.{module.name}", problem) from None
        if problems:
            raise GameStateError(*problems[0])


def _check_cards(state: GameState) -> None:
    places = card_places(state)
    for card_id, where in places.items():
        if len(where) > 1:
            words = {"value": shown(card_id), "where": where[0]}
            raise GameStateError(where[1], _problem("card-twice", **words))
    missing = sorted(expected_cards(state) - set(places))
    if missing:
        problem = _problem("card-nowhere", value=shown(missing[0]), count=len(missing))
        raise GameStateError("cards", problem)


def _check_card_kinds(state: GameState) -> None:
    """Cards lie only where the game's modules allow them: money (and the money a module
    adds, such as diamonds) in hands and on the display, scoring cards set aside once
    revealed, a module's own cards only in its own places (and the discard pile, where the
    module allows it)."""
    n, modules = len(state.players), state.module_objects
    brought = [m.components(n) for m in modules]
    money = set(money_cards(n)).union(*(c.money for c in brought))
    discardable = money.union(*(c.cards for c in brought if c.discardable))
    spots: list[tuple[str, Sequence[str], set[str]]] = [
        *((f"players[{i}].money", p.money, money) for i, p in enumerate(state.players)),
        ("display", state.display, money),
        ("discard", state.discard, discardable),
        ("revealed", state.revealed, set(SCORING_CARDS)),
    ]
    for module, components in zip(modules, brought, strict=True):
        own = set(components.cards)
        spots += ((where, cards, own) for where, cards in module.card_places(state))
    for where, cards, allowed in spots:
        for i, card_id in enumerate(cards):
            if card_id not in allowed:
                raise GameStateError(f"{where}[{i}]", _problem("card-place", value=shown(card_id)))


def _check_tiles(state: GameState) -> None:
    found, expected = tile_places(state), expected_tiles(state)
    for tile, count in sorted(expected.items(), key=lambda item: item[0].sort_key()):
        if found[tile] < count:
            raise GameStateError("tiles", _problem("tile-missing", tile=tile, code=repr(tile.code)))
        if found[tile] > count:
            words = {"tile": tile, "code": repr(tile.code), "count": found[tile]}
            raise GameStateError("tiles", _problem("tile-many", **words))
    for tile in found:
        if tile not in expected:
            raise GameStateError("tiles", _problem("tile-foreign", code=repr(tile.code)))

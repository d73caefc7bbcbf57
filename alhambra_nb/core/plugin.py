"""What a rules module is, and the registry of them: the plug-ins that change the game
(expansion II, RULES.md §9). Modules import all of this through :mod:`.socket`.

The core turn flow never asks *which* module is on; it calls every switched-on module at a
few explicit hooks, in the order the modules were given. A module subclasses :class:`Module`,
overrides only the hooks it needs (the defaults change nothing) and registers itself with
:func:`register`. ``Game(modules=("gates",))`` then switches it on by name. The core holds
only this socket: the four modules of expansion II live in ``alhambra_nb.modules`` and
register themselves when the package ``alhambra_nb`` is imported (the core never imports
them; a game asking for a name nobody registered is refused with
:class:`UnknownModuleError`).

The hooks (:data:`HOOKS`), and when the core calls them:

- setup: :meth:`Module.components` (the cards and tiles it brings: :class:`Components`),
  :meth:`Module.setup`;
- turn flow: :meth:`Module.reveal` (a card that is no money card is drawn for the display),
  :meth:`Module.take_limit`, :meth:`Module.legal_actions`, :meth:`Module.check` and
  :meth:`Module.apply` (the module's own actions), :meth:`Module.after` (reacting to an
  action once carried out: any, or those of the classes :attr:`Module.reacts_to` names),
  :meth:`Module.interrupt` (holding play, e.g. for an auction),
  :meth:`Module.check_placement` and :meth:`Module.gate_cards` (building rules),
  :meth:`Module.payment_groups` and :meth:`Module.check_payment` (other ways to pay a
  building);
- scoring: :meth:`Module.bonuses` (points beyond majorities and walls, with their reasons;
  the simpler :meth:`Module.score` is read by its default);
- saving: :meth:`Module.card_places` where the module keeps cards,
  :meth:`Module.check_state` what else must hold; a
  module's own state lives in ``state.extra[module.key]``, typed (a :class:`ModuleState`
  of its :attr:`Module.state_type`, saved as its JSON) or as plain JSON;
- computer players: :meth:`Module.advise` and :meth:`Module.tile_value` for ``GreedyBot``,
  :meth:`Module.conceal` for ``SearchBot`` (what the module keeps hidden, dealt anew);
- the tables: :meth:`Module.view` (plain data of :mod:`.views`), all that the pictures,
  widgets and chapters know of a module: they import none.

A module changes the game only through the :class:`~.turns.Turn` handed to the hooks that
act (``setup``, ``reveal``, ``apply``, ``after``, ``conceal``): its steps move cards and tiles,
hand play to a player, count a main action, carry out an extra action, note events and keep
the module's own part. The other hooks read the state they are given, and may ask the rules
(:func:`.checks.check_rules`, :func:`.listing.redesign_groups`); no module reaches into the turn
machinery. The socket sits below the turn machinery (which calls the hooks), so the turn, which
carries out actions, lives there, and :mod:`.socket` hands both to the modules.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar, Self

from .errors import AlhambraError
from .messages import render, shown

if TYPE_CHECKING:
    from .actions import Action
    from .geometry import Cell, Side
    from .scoring import ScoreBreakdown
    from .state import GameState
    from .tiles import Tile
    from .turns import Turn
    from .views import ModuleView
    from .violations import Violation


@dataclass(frozen=True)
class Bonus:
    """Points a module awards at a scoring, with where they come from.

    ``source`` is a short label a learner reads in the breakdown ("camps", "Hakim Wahid");
    ``detail`` says how the points were counted ("2 arrows: 5 + 2"). ``seat`` is ``None``
    for the neutral player of a two-player game, whose majority points a module may change
    (Hakim Wahid as half a building breaking a tie with him).
    """

    seat: int | None
    source: str
    points: int
    detail: str = ""


class ModuleState:
    """A module's part of a game, typed, kept in ``state.extra`` under the module's family
    name. A saved game holds its JSON (:meth:`to_json`), read back with :meth:`from_json`
    once the module's :meth:`Module.check_state` has found that JSON well formed."""

    __slots__ = ()

    def copy(self) -> Self:
        """A copy that shares nothing that changes (an immutable state returns itself)."""
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        """Plain JSON, as a saved game keeps it."""
        raise NotImplementedError

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Self:
        """The state saved as ``data`` (already checked)."""
        raise NotImplementedError


def saved_form(value: Any) -> Any:
    """A module's part of a state as a saved game keeps it: its JSON."""
    return value.to_json() if isinstance(value, ModuleState) else value


@dataclass(frozen=True)
class Components:
    """What a module brings to the table: cards and tiles."""

    money: tuple[str, ...] = ()
    """Cards shuffled into the money before starting money is dealt (the diamonds)."""
    piles: Mapping[int, tuple[str, ...]] = field(default_factory=dict)
    """Cards shuffled into money piles 1-5, by pile number."""
    aside: tuple[str, ...] = ()
    """Its other cards, kept out of the money (the characters lying face down)."""
    tiles: tuple[Tile, ...] = ()
    """Tiles that go into the bag."""
    discardable: bool = False
    """Whether its cards may lie on the money discard pile (a gate card turned up while
    another lies beside the market); otherwise they lie only where the module says
    (:meth:`Module.card_places`) or among the money."""

    @property
    def cards(self) -> tuple[str, ...]:
        """Every card the module brings (for checking saved games)."""
        return (*self.money, *(c for cards in self.piles.values() for c in cards), *self.aside)


class UnknownModuleError(AlhambraError):
    """Raised when a game is asked for a rules module that does not exist, e.g. ``'gate'``,
    or the rules for a hook no module has."""


class Module:
    """A rules module. Every hook's default leaves the base game unchanged."""

    name: ClassVar[str] = ""
    """The stable name used in ``Game(modules=...)`` and in saved games."""
    family: ClassVar[str] = ""
    """Variants of one module share a family (their name when empty); a game switches on at
    most one module of each family."""
    state_type: ClassVar[type[ModuleState] | None] = None
    """The type of the module's part of a game (``None``: it keeps plain JSON, or nothing)."""
    reacts_to: ClassVar[tuple[type[Action], ...] | None] = None
    """The classes of the actions :meth:`after` reacts to (their subclasses too); ``None``:
    every action. The core calls ``after`` for these alone, so a module that reacts to few
    actions costs the others nothing."""

    @property
    def key(self) -> str:
        """Where the module keeps its part of a game in ``state.extra``: its family's name."""
        return self.family or self.name

    # -- setup ----------------------------------------------------------------------------
    def components(self, players: int, rng: random.Random | None = None) -> Components:
        """What the module brings to a game of ``players`` (``rng``: the setup's generator,
        for a module that chooses at random which cards go into the piles)."""
        return Components()

    def setup(self, turn: Turn) -> None:
        """Last step of setup: keep the module's own part of the game (``turn.keep``)."""

    def card_places(self, state: GameState) -> Iterable[tuple[str, Sequence[str]]]:
        """Where this module keeps cards outside hands, display, deck and discard pile, as
        ``(field, card ids)`` pairs (``"extra.gates.display"``)."""
        return ()

    def check_state(self, state: GameState, saved: Any) -> list[tuple[str, str]]:
        """What is wrong with this module's part of a state, given as a saved game keeps it
        (``saved``: the JSON, or ``None`` when missing), as ``(field, problem)`` pairs; ``[]``
        when it is consistent (asked of loaded games, before the part is read)."""
        return []

    # -- the turn -------------------------------------------------------------------------
    def reveal(self, turn: Turn, card_id: str) -> bool:
        """A card that is not money came up while refilling the display; return ``True`` when
        this module dealt with it (the core then draws a replacement)."""
        return False

    def take_limit(self, state: GameState, seat: int, limit: int) -> int:
        """The take-money limit for ``seat`` this turn, given the limit so far."""
        return limit

    def legal_actions(self, state: GameState) -> Iterable[Action]:
        """Extra actions the current player may take now (asked in every phase of a turn:
        the module decides when its actions apply)."""
        return ()

    def interrupt(self, state: GameState) -> Violation | None:
        """While this module holds play (an auction, a choice to make), the violation that
        refuses every action it does not own; ``None`` when play goes on normally. While
        play is held, only this module's :meth:`legal_actions` are listed."""
        return None

    def check(self, state: GameState, action: Action) -> list[Violation] | None:
        """Every rule ``action`` breaks, for an action this module owns; ``None`` otherwise."""
        return None

    def apply(self, turn: Turn, action: Action) -> bool:
        """Carry out an action this module owns (already checked); return ``True`` when it
        did."""
        return False

    def after(self, turn: Turn, action: Action) -> None:
        """React to ``action`` once it has been carried out (any action of the classes of
        :attr:`reacts_to`, the core's and the modules' own)."""

    def check_placement(
        self, state: GameState, seat: int, tile: Tile, cell: Cell, gate: Side | None = None
    ) -> Sequence[Violation]:
        """Extra building rules for ``tile`` at ``cell`` (with a gate on side ``gate``) in the
        city of ``seat``."""
        return ()

    def gate_cards(self, state: GameState, seat: int) -> int:
        """How many gates ``seat`` may still put up (a gate needs one, RULES.md §9.1)."""
        return 0

    def payment_groups(self, state: GameState, seat: int) -> Sequence[str]:
        """The groups of cards (:func:`~.payment.pay_group`, e.g. ``"diamond"``) that pay
        for a building on any market space, beside the space's own currency: the listing
        offers their minimal payments too, first (asked once a listing, not once a space).
        The module judges those payments (:meth:`check_payment`)."""
        return ()

    def check_payment(
        self, state: GameState, seat: int, space: int, tile: Tile, cards: Sequence[str]
    ) -> list[Violation] | None:
        """Every rule a payment of ``cards`` breaks, when this module judges it (it holds
        the module's cards); ``None`` leaves the payment to the base rules."""
        return None

    # -- scoring --------------------------------------------------------------------------
    def score(self, state: GameState, round: int) -> dict[int, int]:
        """Extra points per seat at scoring ``round`` (1-3)."""
        return {}

    def bonuses(self, state: GameState, round: int, breakdown: ScoreBreakdown) -> list[Bonus]:
        """The points this module awards at scoring ``round``, with their reasons;
        ``breakdown`` is the scoring of majorities and walls (keyed by player name)."""
        return [Bonus(seat, self.name, points) for seat, points in self.score(state, round).items()]

    # -- computer players -----------------------------------------------------------------
    def advise(self, state: GameState, bot: Any) -> Action | None:
        """The action a sensible player takes now for this module's sake (an auction bid, a
        character used), or ``None`` to let the bot play as usual. ``bot`` is the asking bot;
        a ``GreedyBot`` also says what it would buy or build now (``best_buy(state)``,
        ``best_build(state)``)."""
        return None

    def tile_value(self, state: GameState, seat: int, tile: Tile) -> float | None:
        """How much ``tile`` is worth to ``seat`` when this module knows better than the
        majorities (a camp's arrows); ``None`` otherwise."""
        return None

    def conceal(self, turn: Turn, rng: random.Random) -> None:
        """Deal anew what this module keeps hidden from every player (face-down cards), as a
        searching player imagines it: each hidden card goes to a place where it may lie.
        Called only on a copy of the game, with the search's own ``rng``."""

    # -- the tables -----------------------------------------------------------------------
    def view(
        self, state: GameState, seat: int | None, language: str | None = None
    ) -> ModuleView | None:
        """What the tables draw of this module (:mod:`.views`), its words in ``language``:
        what it keeps on the table and each player holds, and for ``seat`` when it is to act
        its actions as offers (``seat`` ``None``: a picture, no offers). ``None`` shows the
        module by its name alone. The pictures and widgets read a module only through this."""
        return None

    def describe(self) -> dict[str, Any]:
        """What a saved game records about this module (its name)."""
        return {"name": self.name}


HOOKS: tuple[str, ...] = (
    # setup
    "components",
    "setup",
    # the turn
    "reveal",
    "take_limit",
    "legal_actions",
    "interrupt",
    "check",
    "apply",
    "after",
    "check_placement",
    "gate_cards",
    "payment_groups",
    "check_payment",
    # scoring
    "bonuses",
    # saving
    "card_places",
    "check_state",
    # computer players
    "advise",
    "tile_value",
    "conceal",
    # the tables
    "view",
)
"""The hooks of :class:`Module` the core calls, in the order of the module docstring."""


class _Registry(dict[str, type[Module]]):
    """A dict that tells of its changes, so caches of loaded modules forget what they hold:
    every way a dict is changed tells (the built-in ones do not go through ``__setitem__``)."""

    def __setitem__(self, key: str, value: type[Module]) -> None:
        _changed()
        super().__setitem__(key, value)

    def __delitem__(self, key: str) -> None:
        _changed()
        super().__delitem__(key)

    def pop(self, *args: Any) -> Any:
        _changed()
        return super().pop(*args)

    def popitem(self) -> tuple[str, type[Module]]:
        _changed()
        return super().popitem()

    def setdefault(self, key: str, default: Any = None) -> Any:
        _changed()
        return super().setdefault(key, default)

    def update(self, *args: Any, **kwargs: Any) -> None:
        _changed()
        super().update(*args, **kwargs)

    def clear(self) -> None:
        _changed()
        super().clear()

    def __ior__(self, other: Any) -> _Registry:  # type: ignore[override,misc]
        _changed()
        return super().__ior__(other)


_FORGETTERS: list[Callable[[], None]] = []


def _changed() -> None:
    for forget in _FORGETTERS:
        forget()


def on_registry_change(forget: Callable[[], None]) -> None:
    """Call ``forget`` whenever a module is registered or removed: a cache of what the
    modules bring (rulesets, the owners of action classes) empties itself then, so nothing
    is read from an older registry, and a cache read on every action asks nothing first."""
    _FORGETTERS.append(forget)


MODULES = _Registry()
"""The registered rules modules by name."""


def register(module: type[Module]) -> type[Module]:
    """Make ``module`` available to ``Game(modules=...)`` under ``module.name``."""
    if not module.name:
        raise UnknownModuleError(render("refusal.module-name", {"value": repr(module.__name__)}))
    MODULES[module.name] = module
    return module


def module_names(names: object) -> tuple[str, ...]:
    """The module names given to a new game: a list of names, one name alone, or ``None``
    for none. Anything else is refused (a text is never read letter by letter)."""
    if names is None:
        return ()
    if isinstance(names, str):
        return (names,)
    if not isinstance(names, (list, tuple)) or len(names) > _MOST_MODULES:
        raise UnknownModuleError(render("refusal.modules", {"value": shown(names)}))
    return tuple(names)


_MOST_MODULES = 16
"""More names than any game switches on: refused before any is looked up."""


def load_modules(names: Iterable[str] | str) -> tuple[Module, ...]:
    """Instances of the named modules, in order; unknown or repeated names are refused."""
    if isinstance(names, str):
        names = (names,)
    found: list[Module] = []
    seen: dict[str, str] = {}
    for name in names:
        if not isinstance(name, str) or name not in MODULES:
            known = ", ".join(map(repr, sorted(MODULES)))  # names as a game is given them
            words = {"value": shown(name), "known": known}
            raise UnknownModuleError(render("refusal.module", words))
        family = MODULES[name].family or name
        if family in seen:
            if seen[family] == name:
                raise UnknownModuleError(render("refusal.module-twice", {"value": repr(name)}))
            words = {"value": repr(name), "other": repr(seen[family])}
            raise UnknownModuleError(render("refusal.module-with", words))
        seen[family] = name
        found.append(MODULES[name]())
    return tuple(found)

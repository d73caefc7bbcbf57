"""Rules modules: self-contained plug-ins that change the game (expansion II, RULES.md §9).

The core turn flow never asks *which* module is on; it calls every switched-on module at a
few explicit hooks, in the order the modules were given. A module subclasses :class:`Module`,
overrides only the hooks it needs (the defaults change nothing) and registers itself with
:func:`register`. ``Game(modules=("gates",))`` then switches it on by name.

The hooks, and when the core calls them:

- setup: :meth:`Module.money_cards` (shuffled in before starting money is dealt),
  :meth:`Module.pile_cards` (shuffled into the five money piles), :meth:`Module.bag_tiles`;
- turn flow: :meth:`Module.reveal` (a card that is no money card is drawn for the display),
  :meth:`Module.take_limit`, :meth:`Module.legal_actions` and :meth:`Module.apply` (extra
  actions), :meth:`Module.check_placement` (extra building rules);
- scoring: :meth:`Module.score` (points beyond majorities and walls);
- saving: :meth:`Module.card_ids` tells the loader which extra card ids exist, and a module's
  own state lives in ``state.extra[module.name]`` (plain JSON).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

if TYPE_CHECKING:
    from ..actions import Action
    from ..geometry import Cell
    from ..state import GameState
    from ..tiles import Tile
    from ..violations import Violation


class UnknownModuleError(ValueError):
    """Raised when a game is asked for a rules module that does not exist, e.g. ``'gate'``."""


class Module:
    """A rules module. Every hook's default leaves the base game unchanged."""

    name: ClassVar[str] = ""
    """The stable name used in ``Game(modules=...)`` and in saved games."""

    # -- setup ----------------------------------------------------------------------------
    def money_cards(self, players: int) -> list[str]:
        """Extra card ids shuffled into the money before starting money is dealt."""
        return []

    def pile_cards(self, players: int) -> dict[int, list[str]]:
        """Extra card ids to shuffle into money piles 1-5, by pile number."""
        return {}

    def bag_tiles(self, players: int) -> list[Tile]:
        """Extra tiles that go into the bag."""
        return []

    def card_ids(self, players: int) -> list[str]:
        """Every card id this module brings into the game (for checking saved games)."""
        extra = list(self.money_cards(players))
        for cards in self.pile_cards(players).values():
            extra += cards
        return extra

    def setup(self, state: GameState) -> None:
        """Last step of setup: put the module's own state into ``state.extra[self.name]``."""

    # -- the turn -------------------------------------------------------------------------
    def reveal(self, state: GameState, card_id: str) -> bool:
        """A card that is not money came up while refilling the display; return ``True`` when
        this module dealt with it (the core then draws a replacement)."""
        return False

    def take_limit(self, state: GameState, seat: int, limit: int) -> int:
        """The take-money limit for ``seat`` this turn, given the limit so far."""
        return limit

    def legal_actions(self, state: GameState) -> Iterable[Action]:
        """Extra actions the current player may take now."""
        return ()

    def check(self, state: GameState, action: Action) -> list[Violation] | None:
        """Every rule ``action`` breaks, for an action this module owns; ``None`` otherwise."""
        return None

    def apply(self, state: GameState, action: Action) -> bool:
        """Carry out an action this module owns on ``state`` (already a copy); return
        ``True`` when it did."""
        return False

    def check_placement(
        self, state: GameState, seat: int, tile: Tile, cell: Cell
    ) -> Sequence[Violation]:
        """Extra building rules for ``tile`` at ``cell`` in the city of ``seat``."""
        return ()

    # -- scoring --------------------------------------------------------------------------
    def score(self, state: GameState, round: int) -> dict[int, int]:
        """Extra points per seat at scoring ``round`` (1-3)."""
        return {}

    def describe(self) -> dict[str, Any]:
        """What a saved game records about this module (its name)."""
        return {"name": self.name}


MODULES: dict[str, type[Module]] = {}
"""The registered rules modules by name."""


def register(module: type[Module]) -> type[Module]:
    """Make ``module`` available to ``Game(modules=...)`` under ``module.name``."""
    if not module.name:
        raise UnknownModuleError(f"a module needs a name, {module.__name__!r} has none")
    MODULES[module.name] = module
    return module


def load_modules(names: Iterable[str] | str) -> tuple[Module, ...]:
    """Instances of the named modules, in order; unknown or repeated names are refused."""
    if isinstance(names, str):
        names = (names,)
    found: list[Module] = []
    seen: set[str] = set()
    for name in names:
        if not isinstance(name, str) or name not in MODULES:
            known = ", ".join(sorted(MODULES)) or "none yet"
            raise UnknownModuleError(f"unknown rules module {name!r}: available modules: {known}")
        if name in seen:
            raise UnknownModuleError(f"rules module {name!r} is switched on twice")
        seen.add(name)
        found.append(MODULES[name]())
    return tuple(found)

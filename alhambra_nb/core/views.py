"""What a rules module shows of itself: plain data the pictures and the widgets draw.

A module's :meth:`~alhambra_nb.core.socket.Module.view` answers with a :class:`ModuleView`:
its name in the learner's words, what it keeps on the table (:class:`Line`,
:class:`TableCard`), what each player holds of it (:class:`Holding` with its
:class:`Chip` s), and for the player to act the module's actions (:class:`Offer`), a debt to
pay (:class:`PaymentDue`), the gate chooser (:class:`GateChoice`) and a running auction
(:class:`Auction`). Every text in it is already said, in the language asked, from the message
catalogue; every action is its text notation, as :func:`~alhambra_nb.core.actions.parse_action`
and ``Game.apply`` read it. So the views hold no module class and read no module state: they
draw these records and send an offer's action back.

Everything here is frozen and JSON-able (``dataclasses.asdict``): texts, numbers, tuples.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import GameState


@dataclass(frozen=True)
class BoardMode:
    """An offer made on the board rather than by its button alone: pressing it starts a
    redesign on the player's Alhambra, and the redesign chosen there is played wrapped in
    :attr:`wrap` (Abdul El'Schauf's ``el-schauf {action}``)."""

    wrap: str
    """The action's text with ``{action}`` where the redesign's text goes."""
    note: str
    """What the table says when the mode starts."""
    prompt: str
    """What the player is asked to do while it lasts."""

    def action(self, inner: str) -> str:
        """The text of the action that makes the redesign ``inner`` (its text) this way."""
        return self.wrap.format(action=inner)


@dataclass(frozen=True)
class Offer:
    """An action a module offers the player to act: a button and what it sends back."""

    label: str
    """What the button says."""
    action: str
    """The action's text (``"bid 3"``); for an offer with a :attr:`board` mode, the name the
    page sends back to start it (``"el-schauf"``)."""
    enabled: bool = True
    """Whether the rules allow it now."""
    reasons: tuple[str, ...] = ()
    """Why the rules refuse it now, a sentence per broken rule, when not :attr:`enabled`."""
    board: BoardMode | None = None
    """Set when the action is chosen on the board (see :class:`BoardMode`)."""


@dataclass(frozen=True)
class PaymentDue:
    """What the player to act owes (a won auction): cards picked in the hand pay it."""

    action: str
    """The paying action's text with ``{cards}`` where the card ids go (``"pay {cards}"``)."""
    groups: tuple[tuple[str, ...], ...]
    """The player's cards by what may pay together: each currency's, and the diamonds."""

    def action_for(self, cards: Iterable[str]) -> str:
        """The text of paying with ``cards`` (their ids, sorted)."""
        return self.action.format(cards=" ".join(sorted(cards)))


@dataclass(frozen=True)
class GateChoice:
    """The gate chooser: the player to act holds gate cards and may add a gate to the
    placement of a tile."""

    title: str
    """The chooser's title ("Gate (1 gate card):")."""
    hints: tuple[tuple[str, str], ...]
    """For each tile the player may place or build (by code), where a gate would let it in."""

    def hint(self, code: str) -> str:
        """What a gate would do for the tile ``code`` ("" when it is not the player's)."""
        return dict(self.hints).get(code, "")


@dataclass(frozen=True)
class Auction:
    """A running auction, as numbers (its words are the module's :class:`Line`)."""

    lot: str
    """What is auctioned, in words ("Fatime (1×)")."""
    high: int
    """The highest bid so far (0: none)."""
    leader: int | None
    """The seat that made it."""
    paying: bool
    """Whether bidding is over and :attr:`leader` pays (and is the one to act)."""
    bids: tuple[int, ...]
    """The bids the player to act may make now."""
    most: tuple[int, ...]
    """For each seat, the highest bid its hand could pay."""


@dataclass(frozen=True)
class Line:
    """A line of words in the modules' panel of the table."""

    kind: str
    """What it is about, a CSS class of the picture (``"auction"``)."""
    text: str
    strong: bool = False
    """Drawn bold: it holds play."""


@dataclass(frozen=True)
class CardFace:
    """A module's card drawn on the table: the word written on it and what it is."""

    kind: str
    """A CSS class of the picture (``"gate-card"``)."""
    name: str
    about: str


@dataclass(frozen=True)
class TableCard:
    """A card lying on the table beside the market (or its empty place), with its words."""

    kind: str
    """A CSS class of the picture (``"gate-display"``)."""
    text: str
    card: CardFace | None = None
    """The card lying there (``None``: none does, only the words are drawn)."""


@dataclass(frozen=True)
class Chip:
    """A card a player holds, drawn as a chip in the player's panel."""

    id: str
    """The card's id (``"character-fatime"``)."""
    text: str
    about: str
    """What it is and does, for a screen reader."""
    spent: bool = False
    """Used this turn: drawn greyed."""


@dataclass(frozen=True)
class Holding:
    """What one player holds of a module: a title and the cards, as chips."""

    kind: str
    """A CSS class of the title (``"gate-cards"``)."""
    title: str
    chips: tuple[Chip, ...] = ()
    chip_kind: str = "chip"
    """A CSS class of the chips, and the ``data-`` attribute carrying each one's id."""


@dataclass(frozen=True)
class ModuleView:
    """What a module shows of a game, for one seat (``None``: for every reader)."""

    name: str
    """The module's name, as ``Game(modules=...)`` knows it."""
    title: str
    """Its name in the learner's words ("city gates")."""
    table: tuple[Line | TableCard, ...] = ()
    """What it keeps on the table, in the modules' panel."""
    seats: tuple[Holding | None, ...] = ()
    """What each player holds of it, by seat (empty: nothing to show)."""
    offers: tuple[Offer, ...] = ()
    """Its actions for the seat, when that seat is to act."""
    held: str = ""
    """What holds play (an auction, a choice), in words; empty while play goes on."""
    payment: PaymentDue | None = None
    """What the seat owes now, when it is to pay."""
    gate: GateChoice | None = None
    """The gate chooser, when the seat may put up a gate."""
    auction: Auction | None = None
    """The running auction."""

    def holding(self, seat: int) -> Holding | None:
        """What ``seat`` holds of the module (``None``: nothing shown)."""
        return self.seats[seat] if seat < len(self.seats) else None


def module_views(
    state: GameState, seat: int | None = None, language: str | None = None
) -> tuple[ModuleView, ...]:
    """The view of every switched-on module, in the order they were switched on, for
    ``seat`` (``None``: a picture, no offers). A module without a view of its own is shown
    by its name as the code knows it."""
    found = []
    for module in state.ruleset.modules:
        view = module.view(state, seat, language)
        found.append(view if view is not None else ModuleView(module.name, module.name))
    return tuple(found)

"""Expansion II, module "gates": city gates open a double wall for the pedestrian (RULES.md §9.1).

- One gate card (and one wooden gate) per player, spread as evenly as possible over money
  piles 3, 4 and 5.
- A revealed gate card is laid beside the market; when one already lies there, the new one
  goes onto the discard pile (and may come back when the deck is rebuilt). A replacement
  money card is drawn either way.
- Ruling R7: taking the displayed gate card (``take gate``) is a whole *take money* action.
- Playing a gate is not an action: while placing a tile (at the end of the turn or in a
  redesign) the player adds ``gate W`` to the placement, and a gate goes up on that new
  double wall between the tile and the Alhambra. The card then leaves the game. Gated tiles
  are never moved again (``redesign/gate-locked``, enforced by the city).

State in ``state.extra["gates"]``: a :class:`~.state.GatesState`, the card beside the
market, the gate cards of each seat and the cards played (one per gate standing).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.actions import (
    Action,
    BuildFromReserve,
    LegalActions,
    PlaceTile,
    made,
    register_parser,
    seat_prefix,
)
from ...core.messages import render
from ...core.money import register_cards
from ...core.phases import PHASE_PLAY
from ...core.socket import Components, Module, Turn, register
from ...core.violations import RuleId, Violation
from . import messages  # noqa: F401  (the module's templates join the catalogue)
from .state import (
    NAME,
    GatesState,
    gates_problems,
    read_gates,
    write_gates,
)
from .view import gates_view

if TYPE_CHECKING:
    from ...core.city import City
    from ...core.state import GameState
    from ...core.tiles import Tile
    from ...core.views import ModuleView

GATE_PILES = (3, 4, 5)
"""The money piles the gate cards are spread over."""


@dataclass(frozen=True, slots=True)
class GateCard:
    """One gate card; ``number`` 1-6 (a game uses one per player)."""

    number: int

    @property
    def id(self) -> str:
        """The stable id: ``gate#2``."""
        return f"gate#{self.number}"

    def words(self, language: str | None = None) -> str:
        """The card as a learner reads it ("a gate card")."""
        return render("card.gate", {}, language)

    def __str__(self) -> str:
        return self.words()

    def __repr__(self) -> str:
        return f"card({self.id!r})"


GATE_CARDS: tuple[GateCard, ...] = tuple(GateCard(n) for n in range(1, 7))
"""The six gate cards of the box."""
register_cards(GATE_CARDS)


def gate_cards(players: int) -> list[str]:
    """The ids of the gate cards in a game of ``players``: one per player."""
    return [card.id for card in GATE_CARDS[:players]]


@dataclass(frozen=True, slots=True, repr=False)
class TakeGate(Action):
    """Take the gate card lying beside the market: a whole take-money action (ruling R7)."""

    kind: ClassVar[str] = RuleId.TAKE_MONEY.value
    is_main: ClassVar[bool] = True

    def __str__(self) -> str:
        return seat_prefix(self.seat) + "take gate"


register_parser(r"take\s+(?:the\s+)?gate(?:\s+card)?", lambda m: TakeGate())


def gated_placements(city: City, tile: Tile) -> list[tuple[tuple[int, int], Any]]:
    """The (cell, side) pairs where ``tile`` may go only thanks to a gate on ``side``.

    Cells legal without a gate are left out: a gate there would spend a card for nothing
    but a lock on the two tiles (a learner may still do it; the listing only skips it).
    The building rules answer (``City.gate_openings``), remembered with the city's position.
    """
    return city.gate_openings(tile)


def _same(action: Action) -> Action:
    return action


_TAKE_GATE = ([TakeGate()], _same)


def _gated(kind: Any, tile: Tile, place: tuple[tuple[int, int], Any]) -> Action:
    """``kind`` (PlaceTile or BuildFromReserve) of ``tile`` at a (cell, gate side)."""
    cell, side = place
    return made(kind, tile, cell, side)  # the rules' own tile, cell and side


@register
class Gates(Module):
    """City gates (RULES.md §9.1)."""

    name = NAME
    state_type = GatesState
    reacts_to = (PlaceTile, BuildFromReserve)  # the placements that may put up a gate

    # -- setup ----------------------------------------------------------------------------
    def components(self, players: int, rng: Any = None) -> Components:
        piles: dict[int, tuple[str, ...]] = {}
        for index, card_id in enumerate(gate_cards(players)):
            pile = GATE_PILES[index % len(GATE_PILES)]
            piles[pile] = (*piles.get(pile, ()), card_id)
        # A gate card that comes up while another lies beside the market is discarded.
        return Components(piles=piles, discardable=True)

    def setup(self, turn: Turn) -> None:
        write_gates(turn, GatesState.new(len(turn.state.players)))

    def card_places(self, state: GameState) -> Iterable[tuple[str, Sequence[str]]]:
        gates = read_gates(state)
        if gates.display is not None:
            yield "extra.gates.display", [gates.display]
        for seat, hand in enumerate(gates.hands):
            yield f"extra.gates.hands[{seat}]", hand
        yield "extra.gates.used", gates.used

    def check_state(self, state: GameState, saved: Any) -> list[tuple[str, str]]:
        return gates_problems(state, saved)

    # -- the turn -------------------------------------------------------------------------
    def reveal(self, turn: Turn, card_id: str) -> bool:
        if not card_id.startswith("gate#"):
            return False
        gates = read_gates(turn.state)
        if gates.display is None:
            write_gates(turn, gates.laid_out(card_id))
            turn.note("event.gate-revealed")
        else:
            turn.discard(card_id)
            turn.note("event.gate-discarded")
        return True

    def gate_cards(self, state: GameState, seat: int) -> int:
        return len(read_gates(state).hands[seat])

    def legal_actions(self, state: GameState) -> Iterable[Action]:
        gates: GatesState = state.extra[NAME]  # asked on every action: no call
        seat = state.current
        if gates.display is None and not gates.hands[seat]:
            return ()  # the usual case: no gate card to take or to play
        player = state.players[seat]
        acting = state.phase == PHASE_PLAY and state.may_act
        # Groups of (items, make), each action made only when read (see LegalActions).
        groups: list[tuple[Sequence[Any], Any]] = []
        if acting and gates.display is not None:
            groups.append(_TAKE_GATE)
        if gates.hands[seat]:
            for tile in player.bought:
                groups.append(
                    (gated_placements(player.city, tile), partial(_gated, PlaceTile, tile))
                )
            if acting:
                for tile in player.reserve:
                    places = gated_placements(player.city, tile)
                    groups.append((places, partial(_gated, BuildFromReserve, tile)))
        return LegalActions(groups) if groups else ()

    def check(self, state: GameState, action: Action) -> list[Violation] | None:
        if not isinstance(action, TakeGate):
            return None
        if read_gates(state).display is None:
            return [Violation.of(RuleId.GATE_NOT_DISPLAYED)]
        return []

    def apply(self, turn: Turn, action: Action) -> bool:
        if not isinstance(action, TakeGate):
            return False
        state = turn.state
        write_gates(turn, read_gates(state).taken_by(state.current))
        turn.note("event.gate-taken", player=state.players[state.current].name)
        turn.main_action_done()
        return True

    def after(self, turn: Turn, action: Action) -> None:
        if isinstance(action, (PlaceTile, BuildFromReserve)) and action.gate is not None:
            state = turn.state
            write_gates(turn, read_gates(state).played_by(state.current))
            turn.note(
                "event.gate-built",
                player=state.players[state.current].name,
                tile=action.tile.code,
                cell=list(action.cell),
                side=action.gate.name,
            )

    # -- computer players -----------------------------------------------------------------
    def advise(self, state: GameState, bot: Any) -> Action | None:
        """Use a gate for a tile that fits nowhere else (bought, or waiting in the reserve);
        take the gate card (one is enough) when nothing is worth buying."""
        gates = read_gates(state)
        seat = state.current
        player = state.players[seat]
        city = player.city
        if gates.hands[seat]:
            if player.bought:
                tile = player.bought[0]
                if not city.legal_cells(tile):
                    gated = gated_placements(city, tile)
                    if gated:
                        return PlaceTile(tile, gated[0][0], gate=gated[0][1])
                return None
            if state.phase == PHASE_PLAY and state.may_act:
                for tile in player.reserve:
                    if not city.legal_cells(tile):
                        gated = gated_placements(city, tile)
                        if gated:
                            return BuildFromReserve(tile, gated[0][0], gate=gated[0][1])
        elif (
            gates.display is not None
            and state.phase == PHASE_PLAY
            and state.may_act
            and not state.actions
            and not player.bought
            and getattr(bot, "best_buy", lambda s: None)(state) is None
        ):
            return TakeGate()
        return None

    # -- the tables -----------------------------------------------------------------------
    def view(self, state: GameState, seat: int | None, language: str | None = None) -> ModuleView:
        return gates_view(state, seat, language)

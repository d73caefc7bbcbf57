"""The gates module's part of a game, typed: the gate card beside the market, the gate cards
each player holds, and those played (one per gate standing).

The game keeps it in ``state.extra["gates"]`` as a :class:`GatesState` (:func:`read_gates`,
:func:`write_gates`); a saved game keeps its JSON (``{"display": "gate#2" or null, "hands":
[[...], ...], "used": [...]}``), which :func:`gates_problems` checks before it is read back.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ...core.messages import render, shown
from ...core.socket import ModuleState, Turn

if TYPE_CHECKING:
    from ...core.state import GameState

NAME = "gates"


@dataclass(frozen=True, slots=True)
class GatesState(ModuleState):
    """What the gates module keeps of a game."""

    display: str | None
    """The gate card lying beside the market, if any."""
    hands: tuple[tuple[str, ...], ...]
    """The gate cards each seat holds, in the order they were taken."""
    used: tuple[str, ...] = ()
    """The gate cards played, which left the game: one per gate standing."""

    @classmethod
    def new(cls, players: int) -> GatesState:
        """No gate card anywhere yet."""
        return cls(None, ((),) * players)

    def copy(self) -> GatesState:
        return self  # immutable: every change makes a new one

    def to_json(self) -> dict[str, Any]:
        return {
            "display": self.display,
            "hands": [list(hand) for hand in self.hands],
            "used": list(self.used),
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> GatesState:
        return cls(data["display"], tuple(map(tuple, data["hands"])), tuple(data["used"]))

    def laid_out(self, card_id: str) -> GatesState:
        """``card_id`` laid beside the market."""
        return replace(self, display=card_id)

    def taken_by(self, seat: int) -> GatesState:
        """The card beside the market taken into the hand of ``seat``."""
        assert self.display is not None
        hands = list(self.hands)
        hands[seat] = (*hands[seat], self.display)
        return replace(self, display=None, hands=tuple(hands))

    def played_by(self, seat: int) -> GatesState:
        """The first gate card of ``seat`` played for a gate (it leaves the game)."""
        hands = list(self.hands)
        card_id, *rest = hands[seat]
        hands[seat] = tuple(rest)
        return replace(self, hands=tuple(hands), used=(*self.used, card_id))


def read_gates(state: GameState) -> GatesState:
    """The gates module's part of ``state``."""
    found: GatesState = state.extra[NAME]
    return found


def write_gates(turn: Turn, gates: GatesState) -> None:
    """Keep ``gates`` as the gates module's part of the game."""
    turn.keep(NAME, gates)


def gates_problems(state: GameState, data: Any) -> list[tuple[str, str]]:
    """What is wrong with the gates module's part of a loaded ``state``, as ``(field,
    problem)`` pairs: its shape, and one card played per gate standing."""
    if not isinstance(data, dict):
        return [("extra.gates", render("save.gates", {}))]
    hands = data.get("hands")
    if not isinstance(hands, list) or len(hands) != len(state.players):
        return [("extra.gates.hands", render("save.gates-hands", {"value": shown(hands)}))]
    if not isinstance(data.get("used"), list) or "display" not in data:
        return [("extra.gates", render("save.gates-fields", {}))]
    standing = sum(len(p.city.gates) for p in state.players)
    if standing != len(data["used"]):
        words = {"count": standing, "played": len(data["used"])}
        return [("extra.gates.used", render("save.gates-used", words))]
    return []

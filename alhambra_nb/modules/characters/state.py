"""The characters module's part of a game, typed: the cards aside, owned and out of the game,
the characters waiting for their auction and the seat that bids first for them, the running
auction, Fatime's choice and the turn's use of a ♦ character.

The game keeps it in ``state.extra["characters"]`` as a :class:`CharactersState`; a saved game
keeps its JSON (:meth:`CharactersState.to_json`), which :meth:`CharactersState.from_json` reads
back once the module's ``check_state`` has found it well formed.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...core.socket import ModuleState

if TYPE_CHECKING:
    from ...core.state import GameState

NAME = "characters"


@dataclass(slots=True)
class AuctionState:
    """A running auction (ruling R8)."""

    character: str | None
    """The card auctioned; ``None`` once Fatime is handed over and her new owner chooses."""
    order: list[int]
    """The seats still to bid, the next one first."""
    resume: int
    """The seat whose turn goes on once the auction is over."""
    high: int = 0
    """The highest bid so far (0: none)."""
    leader: int | None = None
    """The seat of the highest bid."""
    paying: bool = False
    """Whether the bidding is over and the leader is to pay."""

    def copy(self) -> AuctionState:
        return AuctionState(
            self.character, list(self.order), self.resume, self.high, self.leader, self.paying
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "character": self.character,
            "order": list(self.order),
            "high": self.high,
            "leader": self.leader,
            "resume": self.resume,
            "paying": self.paying,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> AuctionState:
        return cls(
            data["character"],
            list(data["order"]),
            data["resume"],
            data["high"],
            data["leader"],
            data["paying"],
        )


@dataclass(slots=True)
class CharactersState(ModuleState):
    """What the characters module keeps of a game."""

    owned: list[list[str]]
    """The characters each seat owns."""
    aside: list[str] = field(default_factory=list)
    """The characters lying face down aside, top first (Fatime's swap takes the top one)."""
    removed: list[str] = field(default_factory=list)
    """The characters out of the game."""
    queue: list[str] = field(default_factory=list)
    """Characters revealed and waiting for their auction, in the order they came up."""
    auction: AuctionState | None = None
    choice: int | None = None
    """The seat choosing whether to keep Fatime (ruling R9), while it chooses."""
    used: int = 0
    """The turn whose ♦ character has been used."""
    knihstig: bool = False
    """Abdul Knihstig's owner has just paid 10 or more: he may act (unless a ♦ character was
    used this turn)."""
    first_bidder: int | None = None
    """The seat that bids first for the characters waiting in ``queue`` (ruling R8): the
    player on turn when they came up, whose refill (or Yammerad's draw) turned them up.
    ``None`` when none waits."""

    @classmethod
    def new(cls, players: int, aside: list[str]) -> CharactersState:
        """Nobody owns a character yet; ``aside`` lie face down."""
        return cls([[] for _ in range(players)], aside)

    def copy(self) -> CharactersState:
        return CharactersState(
            [list(cards) for cards in self.owned],
            list(self.aside),
            list(self.removed),
            list(self.queue),
            None if self.auction is None else self.auction.copy(),
            self.choice,
            self.used,
            self.knihstig,
            self.first_bidder,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "aside": list(self.aside),
            "owned": [list(cards) for cards in self.owned],
            "removed": list(self.removed),
            "queue": list(self.queue),
            "auction": None if self.auction is None else self.auction.to_json(),
            "choice": self.choice,
            "used": self.used,
            "knihstig": self.knihstig,
            "first_bidder": self.first_bidder,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> CharactersState:
        auction = data["auction"]
        return cls(
            [list(cards) for cards in data["owned"]],
            list(data["aside"]),
            list(data["removed"]),
            list(data["queue"]),
            None if auction is None else AuctionState.from_json(auction),
            data["choice"],
            data["used"],
            data["knihstig"],
            # Saves from before the first bidder was kept have none (see _first_bidder).
            data.get("first_bidder"),
        )


def characters_of(state: GameState) -> CharactersState:
    """The characters module's part of ``state``."""
    found: CharactersState = state.extra[NAME]
    return found

"""The actions of the characters module: the auction's (bid, pass, pay), Fatime's choice and
the characters' uses, each written as a learner types it (``bid 7``, ``karim buy 2``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ...core.actions import (
    Action,
    ActionParseError,
    BuildFromReserve,
    MoveToReserve,
    SwapWithReserve,
    check_fields,
    parse_action,
    register_parser,
    seat_prefix,
)
from ...core.messages import render, shown
from ...core.violations import RuleId
from .cards import EL_SCHAUF, KARIM, KNIHSTIG, LAILA, MACHMA, YAMMERAD


@dataclass(frozen=True, slots=True, repr=False)
class Bid(Action):
    """Auction: bid ``amount`` for the character (more than the highest bid so far)."""

    amount: int
    kind: ClassVar[str] = "character/auction"

    def __str__(self) -> str:
        return f"{seat_prefix(self.seat)}bid {self.amount}"


@dataclass(frozen=True, slots=True, repr=False)
class Pass(Action):
    """Auction: no bid."""

    kind: ClassVar[str] = "character/auction"

    def __str__(self) -> str:
        return f"{seat_prefix(self.seat)}pass"


@dataclass(frozen=True, slots=True, repr=False)
class PayBid(Action):
    """Auction: the winner pays ``cards`` of one currency (or diamonds) for the character."""

    cards: tuple[str, ...]
    kind: ClassVar[str] = "character/auction"

    def __post_init__(self) -> None:
        check_fields(self)

    def __str__(self) -> str:
        return f"{seat_prefix(self.seat)}pay " + " ".join(self.cards)


@dataclass(frozen=True, slots=True, repr=False)
class FatimeChoice(Action):
    """Fatime's new owner keeps her (8 points at the end) or swaps her (ruling R9)."""

    keep: bool
    kind: ClassVar[str] = "character/use"

    def __str__(self) -> str:
        return f"{seat_prefix(self.seat)}fatime {'keep' if self.keep else 'swap'}"


@dataclass(frozen=True, slots=True, repr=False)
class KarimBuy(Action):
    """Abdul Karim (1×): buy the tile on market ``space`` for nothing, as if paid exactly."""

    space: int
    kind: ClassVar[str] = RuleId.BUY.value
    is_main: ClassVar[bool] = True

    def __str__(self) -> str:
        return f"{seat_prefix(self.seat)}karim buy {self.space}"


@dataclass(frozen=True, slots=True, repr=False)
class KnihstigTake(Action):
    """Abdul Knihstig (♦): right after a purchase paid with 10 or more, take ``card`` from
    the money display."""

    card: str
    kind: ClassVar[str] = "character/use"

    def __str__(self) -> str:
        return f"{seat_prefix(self.seat)}knihstig take {self.card}"


@dataclass(frozen=True, slots=True, repr=False)
class ElSchaufRedesign(Action):
    """Abdul El'Schauf (♦): one more redesign at the end of the turn, once tiles are placed."""

    redesign: Action
    kind: ClassVar[str] = "character/use"

    def __post_init__(self) -> None:
        check_fields(self)
        if not isinstance(self.redesign, (BuildFromReserve, MoveToReserve, SwapWithReserve)):
            words = {"value": shown(str(self.redesign))}
            raise ActionParseError(render("refusal.el-schauf", words))

    def __str__(self) -> str:
        return f"{seat_prefix(self.seat)}el-schauf {self.redesign}"


@dataclass(frozen=True, slots=True, repr=False)
class LailaSwap(Action):
    """Laila Wundabah (♦): before the turn, the tile on ``space`` goes back into the bag and
    a new one is drawn for it."""

    space: int
    kind: ClassVar[str] = "character/use"

    def __str__(self) -> str:
        return f"{seat_prefix(self.seat)}laila swap {self.space}"


@dataclass(frozen=True, slots=True, repr=False)
class MachmaSwap(Action):
    """Machma Klain (♦): before the turn, discard ``give`` and take ``take`` (a display card
    of at most equal value)."""

    give: str
    take: str
    kind: ClassVar[str] = "character/use"

    def __str__(self) -> str:
        return f"{seat_prefix(self.seat)}machma swap {self.give} for {self.take}"


@dataclass(frozen=True, slots=True, repr=False)
class YammeradDraw(Action):
    """Yammerad (♦): before the turn, with fewer than 3 money cards, draw the deck's top card."""

    kind: ClassVar[str] = "character/use"

    def __str__(self) -> str:
        return f"{seat_prefix(self.seat)}yammerad draw"


_CARD = r"([a-z]+-\d#\d)"
for _pattern, _build in (
    (r"bid\s+(\d+)", lambda m: Bid(int(m[1]))),
    (r"pass", lambda m: Pass()),
    (r"pay\s+(.+)", lambda m: PayBid(tuple(m[1].replace(",", " ").split()))),
    (r"fatime\s+(keep|swap)", lambda m: FatimeChoice(m[1] == "keep")),
    (r"karim\s+buy\s+(-?\d+)", lambda m: KarimBuy(int(m[1]))),
    (r"knihstig\s+take\s+" + _CARD, lambda m: KnihstigTake(m[1])),
    (r"el-schauf\s+(redesign\s+.+)", lambda m: ElSchaufRedesign(parse_action(m[1]))),
    (r"laila\s+swap\s+(-?\d+)", lambda m: LailaSwap(int(m[1]))),
    (r"machma\s+swap\s+" + _CARD + r"\s+for\s+" + _CARD, lambda m: MachmaSwap(m[1], m[2])),
    (r"yammerad(?:\s+draw)?", lambda m: YammeradDraw()),
):
    register_parser(_pattern, _build)

OWNED_ACTIONS: tuple[type[Action], ...] = (
    Bid,
    Pass,
    PayBid,
    FatimeChoice,
    KarimBuy,
    KnihstigTake,
    ElSchaufRedesign,
    LailaSwap,
    MachmaSwap,
    YammeradDraw,
)
"""Every action of the module."""
USES: dict[type, str] = {
    KarimBuy: KARIM,
    KnihstigTake: KNIHSTIG,
    ElSchaufRedesign: EL_SCHAUF,
    LailaSwap: LAILA,
    MachmaSwap: MACHMA,
    YammeradDraw: YAMMERAD,
}
"""The character each action uses."""
BEFORE_TURN = (LailaSwap, MachmaSwap, YammeradDraw)
"""The uses that come before the turn's first action."""

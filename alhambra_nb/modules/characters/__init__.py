"""Expansion II, module "characters": ten character cards, won at auction (RULES.md §9.3).

Setup: the 10 characters (``data/characters.csv``) are shuffled; 2 each go into money piles
2, 3 and 4, the other 4 lie face down aside.

The auction (ruling R8). A character revealed while money cards are turned up stops play: the
player on turn, whose refill turned it up, bids first, then the others once each in seat order;
a bid is more than the highest so far (``bid 7``) or a pass (``pass``). A player bids only what
they can pay in one currency or in diamonds; a player who cannot top the highest bid passes
without being asked. The highest bidder pays cards of one currency (or diamonds) totalling at
least the bid, no change (``pay denar-5#1 denar-3#2``), and takes the card; with no bid the
character leaves the game. Then play goes on where it stopped (the replacement money card was
drawn when the character came up: nothing in the auction depends on the display). A character
drawn by Yammerad before a turn is auctioned at once, the player whose turn it is bidding
first. A scoring card turned up with a character waits for its auction, so that the winner's
scoring powers count (the core holds the scoring while the auction holds play); the refill that
ends the game is resolved the same way, the last turn's player bidding first, before the last
market tiles are given out (ruling R11).

The effects and their symbols: ♦ on the owner's turns, at most one ♦ character per turn;
W at every scoring; 1× once, then the card leaves the game.

=====================  ======  =========================================================
action                 symbol  effect
=====================  ======  =========================================================
``karim buy 2``        1×      Abdul Karim: buy the tile on space 2 for nothing, as exact
``knihstig take C``    ♦       Abdul Knihstig: after a purchase paid with 10 or more
``el-schauf <redesign>`` ♦     Abdul El'Schauf: one more redesign once tiles are placed
(automatic)            ♦       Faruk Will'haben: take money up to 7 (used when over 5)
``fatime keep|swap``   1×      Fatime: ruling R9, chosen at once on acquiring her
(automatic)            W       Hakim Wahid: ruling R10 (the best type is named for him)
``laila swap 2``       ♦       Laila Wundabah: before the turn, a market tile for a new one
``machma swap A for B``  ♦     Machma Klain: before the turn, own card for a display card
``yammerad draw``      ♦       Yammerad: before the turn, fewer than 3 cards: draw one
(automatic)            W       Yusuf E'Passuff: +1 per 3 wall points
=====================  ======  =========================================================

State in ``state.extra["characters"]``: a :class:`~.state.CharactersState`, the characters
aside, owned and out of the game, those awaiting their auction and who bids first for them,
the running auction, Fatime's choice, the turn whose ♦ has been used and Abdul Knihstig's
chance.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from ...core.actions import Action, Buy, LegalActions, TakeMoney, made
from ...core.messages import SOURCE_LANGUAGE, render, shown
from ...core.money import (
    MARKET_SPACES,
    TAKE_LIMIT,
    VALUE,
    Cards,
    space_currency,
    total,
    total_in,
)
from ...core.payment import can_pay_exactly, minimal_payments, payable, purse, purse_of, sort_out
from ...core.phases import PHASE_PLAY
from ...core.socket import (
    Bonus,
    Components,
    Module,
    Turn,
    check_rules,
    redesign_groups,
    register,
)
from ...core.violations import RuleId, Violation
from . import messages  # noqa: F401  (the module's templates join the catalogue)
from .actions import (
    BEFORE_TURN,
    OWNED_ACTIONS,
    USES,
    Bid,
    ElSchaufRedesign,
    FatimeChoice,
    KarimBuy,
    KnihstigTake,
    LailaSwap,
    MachmaSwap,
    Pass,
    PayBid,
    YammeradDraw,
)
from .cards import (
    BY_ID,
    CHARACTERS,
    EL_SCHAUF,
    FARUK,
    FATIME,
    HAKIM,
    KARIM,
    KNIHSTIG,
    LAILA,
    MACHMA,
    YAMMERAD,
    YUSUF,
    Symbol,
)
from .cards import Character as Character  # the cards' public names, as the package's
from .cards import load_characters as load_characters
from .state import NAME, AuctionState, CharactersState, characters_of

if TYPE_CHECKING:
    from ...core.scoring import ScoreBreakdown
    from ...core.state import GameState
    from ...core.views import ModuleView

CHARACTER_PILES = (2, 3, 4)
"""The money piles that get two characters each."""
_CHARACTER_IDS = frozenset(c.id for c in CHARACTERS)
FATIME_POINTS = 8
"""What a kept Fatime is worth at the final scoring."""
KNIHSTIG_PAYMENT = 10
"""Abdul Knihstig acts after a purchase paid with cards totalling at least this."""
FARUK_LIMIT = 7
"""Faruk Will'haben's take-money limit."""
YAMMERAD_HAND = 3
"""Yammerad draws only for a player holding fewer money cards than this."""


def _detail(kind: str, **params: Any) -> str:
    """How a bonus was counted: a scoring record keeps it in English, written from the
    ``bonus.detail.…`` template that a reader's language translates (see
    :func:`.scoring.bonus_detail`)."""
    return render(f"bonus.detail.{kind}", params, SOURCE_LANGUAGE)


# -- money: what a hand can pay for a character (the highest bid: core.payment's payable) -----
def bid_payments(cards: Iterable[str], bid: int) -> list[tuple[str, ...]]:
    """The minimal payments of at least ``bid`` in one currency (or in diamonds)."""
    found: list[tuple[str, ...]] = []
    for group in purse(cards).values():
        if total(group) >= bid:
            found.extend(minimal_payments(group, bid))
    return found


# -- the module -----------------------------------------------------------------------------
def owner(state: GameState, character: str) -> int | None:
    """The seat owning ``character`` (a card id), or ``None``."""
    for seat, cards in enumerate(characters_of(state).owned):
        if character in cards:
            return seat
    return None


def _name(state: GameState, seat: int) -> str:
    return state.players[seat].name


def _character_name(card_id: str) -> str:
    return BY_ID[card_id].name


@register
class Characters(Module):
    """Character cards (RULES.md §9.3), Hakim Wahid scored as ruling R10 says."""

    name = NAME
    family = NAME
    state_type = CharactersState
    half_building: ClassVar[bool] = False
    """Hakim Wahid counts as half a building of the named type (the variant reading)."""

    # -- setup ----------------------------------------------------------------------------
    def components(self, players: int, rng: Any = None) -> Components:
        ids = [c.id for c in CHARACTERS]
        if rng is not None:
            rng.shuffle(ids)
        piles = {pile: tuple(ids[2 * i : 2 * i + 2]) for i, pile in enumerate(CHARACTER_PILES)}
        # The others lie face down aside (setup decides their order).
        return Components(piles=piles, aside=tuple(ids[2 * len(CHARACTER_PILES) :]))

    def setup(self, turn: Turn) -> None:
        in_deck = set(turn.state.deck)
        # Face down aside: the four not shuffled in, in a seeded random order.
        aside = [c.id for c in CHARACTERS if c.id not in in_deck]
        turn.random().shuffle(aside)
        turn.keep(NAME, CharactersState.new(len(turn.state.players), aside))

    def card_places(self, state: GameState) -> Iterable[tuple[str, Sequence[str]]]:
        data = characters_of(state)
        yield "extra.characters.aside", data.aside
        for seat, cards in enumerate(data.owned):
            yield f"extra.characters.owned[{seat}]", cards
        yield "extra.characters.removed", data.removed
        yield "extra.characters.queue", data.queue
        if data.auction is not None and data.auction.character is not None:
            yield "extra.characters.auction", [data.auction.character]

    def check_state(self, state: GameState, saved: Any) -> list[tuple[str, str]]:
        data, where = saved, "extra.characters"
        if not isinstance(data, dict):
            return [(where, render("save.characters", {}))]
        for key in ("aside", "owned", "removed", "queue"):
            if not isinstance(data.get(key), list):
                expected = render("save.json.array", {})
                words = {"expected": expected, "value": shown(data.get(key))}
                return [(f"{where}.{key}", render("save.expected", words))]
        if len(data["owned"]) != len(state.players):
            return [(f"{where}.owned", render("save.characters-owned", {}))]
        n = len(state.players)
        auction = data.get("auction")
        if auction is not None:
            if not isinstance(auction, dict) or not {
                "character",
                "order",
                "high",
                "leader",
                "resume",
                "paying",
            } <= set(auction):
                return [(f"{where}.auction", render("save.auction", {"value": shown(auction)}))]
            seats = [*auction["order"], auction["resume"]]
            if auction["leader"] is not None:
                seats.append(auction["leader"])
            if any(not isinstance(s, int) or not 0 <= s < n for s in seats):
                words = {"value": shown(auction)}
                return [(f"{where}.auction", render("save.auction-seat", words))]
        choice = data.get("choice")
        if choice is not None and (
            not isinstance(choice, int) or FATIME not in data["owned"][choice]
        ):
            return [(f"{where}.choice", render("save.choice", {"value": shown(choice)}))]
        first = data.get("first_bidder")  # absent from saves made before it was kept
        if first is not None and (not isinstance(first, int) or not 0 <= first < n):
            return [(f"{where}.first_bidder", render("save.receiver", {"value": shown(first)}))]
        if not isinstance(data.get("used"), int) or not isinstance(data.get("knihstig"), bool):
            return [(where, render("save.characters-fields", {}))]
        problem = _hold_problem(state, CharactersState.from_json(data))
        return [] if problem is None else [problem]

    # -- holding play: the auction and Fatime's choice ------------------------------------
    def interrupt(self, state: GameState) -> Violation | None:
        # Asked before every listing and check: the usual answer, play goes on, at once.
        data: CharactersState = state.extra[NAME]
        if data.choice is None and data.auction is None:
            return None
        return _held(state)

    def reveal(self, turn: Turn, card_id: str) -> bool:
        if card_id not in BY_ID:
            return False
        data = characters_of(turn.state)
        data.queue.append(card_id)
        # The refill (or Yammerad's draw) is the current player's, before play passes on:
        # that player is on turn and bids first (ruling R8).
        data.first_bidder = turn.state.current
        turn.note("event.character-revealed", character=_character_name(card_id))
        return True

    # -- listing --------------------------------------------------------------------------
    def legal_actions(self, state: GameState) -> Iterable[Action]:
        data: CharactersState = state.extra[NAME]  # asked on every action: no call
        seat = state.current
        if data.choice is not None:
            return [_FATIME_KEEP, *([_FATIME_SWAP] if data.aside else [])]
        auction = data.auction
        if auction is not None:
            hand = state.players[seat].money
            if auction.paying:
                return [made(PayBid, p) for p in bid_payments(hand, auction.high)]
            top = payable(hand)
            return [*map(_bid, range(auction.high + 1, top + 1)), _PASS]
        if _USABLE.isdisjoint(data.owned[seat]):
            return ()  # the usual case: no character to use (what _uses would find)
        return _uses(state, data, seat)

    # -- checking -------------------------------------------------------------------------
    def check(self, state: GameState, action: Action) -> list[Violation] | None:
        return _check(state, action)

    # -- applying -------------------------------------------------------------------------
    def apply(self, turn: Turn, action: Action) -> bool:
        do = _DOS.get(type(action))
        if do is None:
            return False
        character = USES.get(type(action))
        if character is not None and BY_ID[character].symbol is Symbol.TURN:
            characters_of(turn.state).used = turn.state.turn
        do(turn, action)
        return True

    def take_limit(self, state: GameState, seat: int, limit: int) -> int:
        data: CharactersState = state.extra[NAME]
        if FARUK in data.owned[seat] and data.used != state.turn:
            return max(limit, FARUK_LIMIT)
        return limit

    def after(self, turn: Turn, action: Action) -> None:
        state = turn.state
        data: CharactersState = state.extra[NAME]  # called after every action: no call
        seat = state.current
        if isinstance(action, Buy):
            # Only the fact of the purchase: the one-♦-per-turn rule is judged on its own,
            # so that a refusal names only the rules really broken.
            data.knihstig = KNIHSTIG in data.owned[seat] and total(action.cards) >= KNIHSTIG_PAYMENT
        elif data.knihstig and not isinstance(action, _AUCTION_ACTIONS):
            data.knihstig = False  # (asked only while it may still act)
        if (
            isinstance(action, TakeMoney)
            and FARUK in data.owned[seat]
            and total(action.cards) > TAKE_LIMIT
        ):
            data.used = state.turn
            turn.note(
                "event.character-faruk",
                player=_name(state, seat),
                total=total(action.cards),
            )
        if data.queue and data.auction is None and data.choice is None:
            _next_auction(turn)

    # -- scoring --------------------------------------------------------------------------
    def bonuses(self, state: GameState, round: int, breakdown: ScoreBreakdown) -> list[Bonus]:
        found: list[Bonus] = []
        hakim = owner(state, HAKIM)
        if hakim is not None:
            found += self._hakim(state, hakim, breakdown)
        yusuf = owner(state, YUSUF)
        if yusuf is not None:
            walls = breakdown.walls.get(_name(state, yusuf), 0)
            if walls // 3:
                found.append(
                    Bonus(yusuf, "Yusuf E'Passuff", walls // 3, _detail("yusuf", walls=walls))
                )
        fatime = owner(state, FATIME)
        if round == 3 and fatime is not None:
            found.append(Bonus(fatime, "Fatime", FATIME_POINTS, _detail("fatime")))
        return found

    def _hakim(self, state: GameState, seat: int, breakdown: ScoreBreakdown) -> list[Bonus]:
        """Ruling R10: 1.5 times the majority points of the type that gains most, rounded
        down (the owner would name that type)."""
        name = _name(state, seat)
        best = max(breakdown.types, key=lambda r: r.points.get(name, 0))
        points = best.points.get(name, 0)
        extra = points * 3 // 2 - points
        if not extra:
            return []
        detail = _detail("hakim", building=best.building, points=points, total=points + extra)
        return [Bonus(seat, "Hakim Wahid", extra, detail)]

    # -- computer players -----------------------------------------------------------------
    def conceal(self, turn: Turn, rng: Any) -> None:
        # Nobody knows which characters lie in the deck and which face down aside, nor their
        # order: any unseen character may be in any of those places.
        data = characters_of(turn.state).copy()
        deck = turn.state.deck
        slots = [index for index, card_id in enumerate(deck) if card_id in _CHARACTER_IDS]
        unseen = sorted([deck[index] for index in slots] + data.aside)
        rng.shuffle(unseen)
        for index, character in zip(slots, unseen, strict=False):
            turn.lay_in_deck(index, character)
        data.aside = unseen[len(slots) :]
        turn.keep(NAME, data)

    def advise(self, state: GameState, bot: Any) -> Action | None:
        return _advise(state, bot)

    # -- the tables -----------------------------------------------------------------------
    def view(self, state: GameState, seat: int | None, language: str | None = None) -> ModuleView:
        return characters_view(self, state, seat, language)


_USABLE = frozenset(USES.values())
"""The characters with a use of their own to list (the others act by themselves)."""
_AUCTION_ACTIONS = (Bid, Pass, PayBid, FatimeChoice)
"""The actions of a held play: they leave Abdul Knihstig's chance as it was."""

# The listings offer these actions again and again: actions are immutable, so each is made
# once and shared (making one checks its fields, a cost every listing would pay anew).
_PASS = Pass()
_FATIME_KEEP, _FATIME_SWAP = FatimeChoice(True), FatimeChoice(False)
_KARIM_BUYS = tuple(KarimBuy(space) for space in MARKET_SPACES)
"""Abdul Karim's purchase of each market space (by space - 1)."""
_LAILA_SWAPS = tuple(LailaSwap(space) for space in MARKET_SPACES)
"""Laila Wundabah's swap of each market space (by space - 1)."""
_YAMMERAD_DRAW = YammeradDraw()


@cache
def _bid(amount: int) -> Bid:
    """The bid of ``amount`` (bids run from 1 to what a hand pays: few)."""
    return Bid(amount)


def _uses(state: GameState, data: CharactersState, seat: int) -> Sequence[Action]:
    """The characters ``seat`` may use now (built lazily: a random player reads one)."""
    mine = data.owned[seat]
    if state.phase != PHASE_PLAY:
        return ()
    found: list[Action] = []
    if KARIM in mine and state.may_act:
        found += [_KARIM_BUYS[i] for i, t in enumerate(state.market) if t is not None]
    if data.used == state.turn:  # a ♦ character has acted this turn: no other may
        return found
    if data.knihstig and KNIHSTIG in mine:
        found += [made(KnihstigTake, c) for c in state.display]
    # Groups of uses in a fixed order, each built only when read: (items, make).
    groups: list[tuple[Sequence[Any], Any]] = [(found, _same)]
    player = state.players[seat]
    if _before_turn(state):
        if LAILA in mine and state.bag:
            found += [_LAILA_SWAPS[i] for i, t in enumerate(state.market) if t is not None]
        if MACHMA in mine:
            pairs = [
                (give, take)
                for give in sorted(player.money)
                for take in state.display
                if VALUE[take] <= VALUE[give]
            ]
            groups.append((pairs, _machma_swap))
        if YAMMERAD in mine and len(player.money) < YAMMERAD_HAND and _can_draw(state):
            groups.append(([_YAMMERAD_DRAW], _same))
    elif EL_SCHAUF in mine and state.actions and not player.bought:
        groups += [(items, _el_schauf(make)) for items, make in redesign_groups(player)]
    if len(groups) > 1:
        return LegalActions(groups)
    return found


def _same(action: Action) -> Action:
    return action


def _machma_swap(pair: tuple[str, str]) -> Action:
    return made(MachmaSwap, *pair)


def _el_schauf(make: Any) -> Any:
    return lambda item: made(ElSchaufRedesign, make(item))


def _hold_problem(state: GameState, data: CharactersState) -> tuple[str, str] | None:
    """What is wrong with the play held by a loaded save (an auction, Fatime's choice): the
    seat to act must be the one asked, and able to do what it is asked."""
    where = f"extra.{NAME}"
    auction, choice = data.auction, data.choice
    if choice is not None:
        if state.current != choice:
            words = {"seat": choice, "current": state.current}
            return f"{where}.choice", render("save.choice-seat", words)
        return None
    if auction is None:
        if data.queue:
            return f"{where}.queue", render("save.queue", {})
        return None
    if auction.character not in BY_ID:
        words = {"value": shown(auction.character)}
        return f"{where}.auction.character", render("save.auction-character", words)
    leader, high = auction.leader, auction.high
    if (leader is None) != (high == 0):
        words = {"high": high, "leader": shown(leader)}
        return f"{where}.auction.leader", render("save.auction-leader", words)
    if leader is not None and high > payable(state.players[leader].money):
        words = {"seat": leader, "high": high}
        return f"{where}.auction.high", render("save.auction-high", words)
    if auction.paying:
        if leader is None or state.current != leader:
            return f"{where}.auction.paying", render("save.auction-paying", {})
        return None
    order = auction.order
    if not order or state.current != order[0]:
        return f"{where}.auction.order", render("save.auction-order", {"value": shown(order)})
    if payable(state.players[order[0]].money) <= high:
        words = {"seat": order[0], "high": high}
        return f"{where}.auction.order", render("save.auction-top", words)
    return None


def _held(state: GameState) -> Violation | None:
    """Why play is held (an auction, Fatime's choice), or ``None`` when it goes on."""
    data = characters_of(state)
    # Fatime's choice comes first: her auction stays open (to know whose turn resumes)
    # until her new owner has chosen.
    if data.choice is not None:
        return Violation.of(RuleId.CHARACTER_CHOICE, player=_name(state, data.choice))
    auction = data.auction
    if auction is not None:
        return Violation.of(
            RuleId.CHARACTER_AUCTION,
            "paying" if auction.paying else None,
            character=_character_name(auction.character),
            player=_name(state, state.current),
        )
    return None


def _check(state: GameState, action: Action) -> list[Violation] | None:
    if not isinstance(action, OWNED_ACTIONS):
        return None
    held = _held(state)
    if held is not None and type(action) in USES:  # no character is used while play is held
        return [held]
    data = characters_of(state)
    seat = state.current
    player = state.players[seat]
    auction = data.auction
    if isinstance(action, (Bid, Pass, PayBid)):
        if data.choice is not None:
            return [Violation.of(RuleId.CHARACTER_CHOICE, player=_name(state, data.choice))]
        return _check_auction(state, auction, action)
    if isinstance(action, FatimeChoice):
        if data.choice is None:
            return [Violation.of(RuleId.CHARACTER_CONDITION, "fatime", player=player.name)]
        if not action.keep and not data.aside:
            return [Violation.of(RuleId.CHARACTER_CONDITION, "fatime-empty")]
        return []
    character = USES[type(action)]
    if character not in data.owned[seat]:
        return [
            Violation.of(
                RuleId.CHARACTER_NOT_OWNED,
                player=player.name,
                character=_character_name(character),
            )
        ]
    found = []
    if BY_ID[character].symbol is Symbol.TURN and data.used == state.turn:
        found.append(
            Violation.of(RuleId.CHARACTER_ONE_PER_TURN, character=_character_name(character))
        )
    if isinstance(action, BEFORE_TURN) and not _before_turn(state):
        found.append(
            Violation.of(
                RuleId.CHARACTER_BEFORE_TURN,
                player=player.name,
                character=_character_name(character),
            )
        )
    return found + _CONDITIONS[type(action)](state, action)


@register
class CharactersHalfHakim(Characters):
    """Character cards with Hakim Wahid counted as half a building of the type named for
    him at each scoring (the reading of a published score calculator, RULES.md R10)."""

    name = "characters-half-hakim"
    half_building = True

    def _hakim(self, state: GameState, seat: int, breakdown: ScoreBreakdown) -> list[Bonus]:
        """Half a building: every count doubled and his owner's raised by one, so ranks and
        ties come out as with 0.5; the type named is the one that gains him most among the
        types his owner holds (our reading: half a building of a type nobody holds would
        take its whole first place)."""
        from ...core.scoring import rank_type

        name = _name(state, seat)
        round_ = breakdown.round
        best: tuple[int, Any, dict[Any, int]] | None = None
        for result in breakdown.types:
            if not _count(result, name):
                continue  # our reading: he strengthens a type his owner holds, never founds one
            before = result.points
            counts = {p: 2 * _count(result, p) + (1 if p == name else 0) for p in breakdown.players}
            after = rank_type(result.building, counts, round_, variants=state.variants).points
            gain = after.get(name, 0) - before.get(name, 0)
            if best is None or gain > best[0]:
                deltas = {p: after.get(p, 0) - before.get(p, 0) for p in breakdown.players}
                best = (gain, result.building, deltas)
        if best is None or best[0] <= 0:
            return []
        gain, building, deltas = best
        # The neutral player of a two-player game takes part in majorities: a tie with him
        # broken by the half building changes his points too (seat None).
        seats: dict[str, int | None] = {p.name: i for i, p in enumerate(state.players)}
        detail = _detail("hakim-half", building=building, player=name)
        return [Bonus(seats.get(p), "Hakim Wahid", d, detail) for p, d in deltas.items() if d]


def _count(result: Any, player: Any) -> int:
    for place in result.places:
        if player in place.players:
            return place.count
    return 0


# -- the auction ----------------------------------------------------------------------------
def _check_auction(state: GameState, auction: Any, action: Action) -> list[Violation]:
    seat = state.current
    player = state.players[seat]
    if auction is None:
        return [Violation.of(RuleId.AUCTION_NOT_NOW)]
    if isinstance(action, PayBid):
        if not auction.paying:
            return [Violation.of(RuleId.AUCTION_NOT_NOW, "bidding")]
        return _check_pay(state, auction, action.cards)
    if auction.paying:
        return [Violation.of(RuleId.AUCTION_NOT_NOW, "paying", player=player.name)]
    if isinstance(action, Pass):
        return []
    assert isinstance(action, Bid)
    found = []
    if action.amount <= auction.high:
        found.append(
            Violation.of(RuleId.AUCTION_BID_TOO_LOW, amount=action.amount, high=auction.high)
        )
    most = payable(player.money)
    if action.amount > most:
        found.append(
            Violation.of(
                RuleId.AUCTION_UNAFFORDABLE, player=player.name, amount=action.amount, most=most
            )
        )
    return found


def _check_pay(state: GameState, auction: Any, cards: Sequence[str]) -> list[Violation]:
    player = state.players[state.current]
    payment = sort_out(cards, player.money, auction.high)
    found = []
    if payment.foreign:
        found.append(
            Violation.of(RuleId.BUY_NOT_IN_HAND, player=player.name, cards=Cards(payment.foreign))
        )
    if payment.mixed:
        found.append(Violation.of(RuleId.AUCTION_PAYMENT, "mixed", cards=Cards(payment.good)))
    # Too little is a reason of its own only when something was paid: cards not held are
    # already the whole reason why "no cards" pay.
    if payment.short and (payment.good or not found):
        found.append(
            Violation.of(
                RuleId.AUCTION_PAYMENT,
                cards=Cards(payment.good, none="cards.no-cards"),
                total=payment.paid,
                bid=auction.high,
            )
        )
    return found


def _next_auction(turn: Turn) -> None:
    """Begin the auction of the next revealed character: the player on turn when it came up
    bids first (ruling R8); the current player's turn goes on once it is over (after a
    refill, the player whose turn is next)."""
    state = turn.state
    data = characters_of(state)
    while data.queue and data.auction is None and data.choice is None:
        character = data.queue.pop(0)
        first = _first_bidder(state, data)
        if not data.queue:
            data.first_bidder = None
        n = len(state.players)
        order = [(first + k) % n for k in range(n)]
        data.auction = AuctionState(character, order, resume=state.current)
        turn.note(
            "event.auction-start",
            character=_character_name(character),
            player=_name(state, first),
        )
        _next_bidder(turn)


def _first_bidder(state: GameState, data: CharactersState) -> int:
    """The seat that bids first (ruling R8). A save made before the first bidder was kept
    names none: its characters are auctioned as they were then, from the current player."""
    return state.current if data.first_bidder is None else data.first_bidder


def _next_bidder(turn: Turn) -> None:
    """Hand the auction to the next player able to top the highest bid, or close it."""
    state = turn.state
    data = characters_of(state)
    auction = data.auction
    assert auction is not None
    while auction.order:
        seat = auction.order[0]
        if payable(state.players[seat].money) > auction.high:
            turn.hand_play_to(seat)
            return
        auction.order.pop(0)
        turn.note("event.auction-cannot", player=_name(state, seat), high=auction.high)
    character = auction.character
    if auction.leader is None:
        data.removed.append(character)
        turn.note("event.auction-none", character=_character_name(character))
        _close_auction(turn)
        return
    auction.paying = True
    turn.hand_play_to(auction.leader)


def _close_auction(turn: Turn) -> None:
    data = characters_of(turn.state)
    assert data.auction is not None
    turn.hand_play_to(data.auction.resume)
    data.auction = None
    _next_auction(turn)


def _do_bid(turn: Turn, action: Bid) -> None:
    auction = characters_of(turn.state).auction
    assert auction is not None
    seat = auction.order.pop(0)
    auction.high = action.amount
    auction.leader = seat
    turn.note("event.auction-bid", player=_name(turn.state, seat), amount=action.amount)
    _next_bidder(turn)


def _do_pass(turn: Turn, action: Pass) -> None:
    auction = characters_of(turn.state).auction
    assert auction is not None
    seat = auction.order.pop(0)
    turn.note("event.auction-pass", player=_name(turn.state, seat))
    _next_bidder(turn)


def _do_pay(turn: Turn, action: PayBid) -> None:
    state = turn.state
    data = characters_of(state)
    auction = data.auction
    assert auction is not None and auction.leader is not None
    seat = auction.leader
    player = state.players[seat]
    turn.pay(seat, action.cards)
    character = auction.character
    data.owned[seat].append(character)
    turn.note(
        "event.auction-won",
        player=player.name,
        character=_character_name(character),
        bid=auction.high,
        cards=list(action.cards),
    )
    if character == FATIME:
        data.choice = seat  # ruling R9: she is kept or swapped at once
        auction.character = None  # handed over; the auction only remembers whose turn
        return
    _close_auction(turn)


def _do_fatime(turn: Turn, action: FatimeChoice) -> None:
    data = characters_of(turn.state)
    seat = data.choice
    assert seat is not None
    data.choice = None
    name = _name(turn.state, seat)
    if action.keep:
        turn.note("event.fatime-keep", player=name, points=FATIME_POINTS)
    else:
        data.owned[seat].remove(FATIME)
        data.removed.append(FATIME)
        new = data.aside.pop(0)
        data.owned[seat].append(new)
        turn.note("event.fatime-swap", player=name, character=_character_name(new))
    if data.auction is not None:
        _close_auction(turn)


# -- the effects ----------------------------------------------------------------------------
def _before_turn(state: GameState) -> bool:
    return state.phase == PHASE_PLAY and state.may_act and not state.actions and not state.placing


def _can_draw(state: GameState) -> bool:
    return bool(state.deck or state.discard)


def _market_tile(state: GameState, space: int) -> list[Violation]:
    if space not in (1, 2, 3, 4):
        return [Violation.of(RuleId.BUY_NO_TILE, "space", space=space)]
    if state.market[space - 1] is None:
        return [Violation.of(RuleId.BUY_NO_TILE, space=space)]
    return []


def _check_karim(state: GameState, action: KarimBuy) -> list[Violation]:
    return _market_tile(state, action.space)


def _check_knihstig(state: GameState, action: KnihstigTake) -> list[Violation]:
    found = []
    if not characters_of(state).knihstig:
        found.append(Violation.of(RuleId.CHARACTER_CONDITION, "knihstig", least=KNIHSTIG_PAYMENT))
    if action.card not in state.display:
        found.append(
            Violation.of(
                RuleId.MONEY_NOT_DISPLAYED,
                cards=_card_words(action.card),
                count=1,
                display=Cards(state.display),
            )
        )
    return found


def _check_el_schauf(state: GameState, action: ElSchaufRedesign) -> list[Violation]:
    player = state.players[state.current]
    if state.phase != PHASE_PLAY or not state.actions or player.bought:
        return [Violation.of(RuleId.CHARACTER_CONDITION, "el-schauf", player=player.name)]
    return check_rules(state, action.redesign)


def _check_laila(state: GameState, action: LailaSwap) -> list[Violation]:
    found = _market_tile(state, action.space)
    if not state.bag:
        found.append(Violation.of(RuleId.CHARACTER_CONDITION, "laila"))
    return found


def _check_machma(state: GameState, action: MachmaSwap) -> list[Violation]:
    player = state.players[state.current]
    found = []
    if action.give not in player.money:
        found.append(
            Violation.of(RuleId.BUY_NOT_IN_HAND, player=player.name, cards=_card_words(action.give))
        )
    if action.take not in state.display:
        found.append(
            Violation.of(
                RuleId.MONEY_NOT_DISPLAYED,
                cards=_card_words(action.take),
                count=1,
                display=Cards(state.display),
            )
        )
    if not found and VALUE[action.take] > VALUE[action.give]:
        found.append(
            Violation.of(
                RuleId.CHARACTER_CONDITION,
                "machma",
                give=Cards([action.give]),
                take=Cards([action.take]),
            )
        )
    return found


def _card_words(card_id: str) -> Cards | str:
    """A card named in a refusal: its words, or the id quoted when no such card exists."""
    return Cards([card_id]) if card_id in VALUE else shown(card_id)


def _check_yammerad(state: GameState, action: YammeradDraw) -> list[Violation]:
    player = state.players[state.current]
    found = []
    if len(player.money) >= YAMMERAD_HAND:
        found.append(
            Violation.of(
                RuleId.CHARACTER_CONDITION,
                "yammerad",
                player=player.name,
                count=len(player.money),
                limit=YAMMERAD_HAND,
            )
        )
    if not _can_draw(state):
        found.append(Violation.of(RuleId.CHARACTER_CONDITION, "yammerad-empty"))
    return found


_CONDITIONS: dict[type, Any] = {
    KarimBuy: _check_karim,
    KnihstigTake: _check_knihstig,
    ElSchaufRedesign: _check_el_schauf,
    LailaSwap: _check_laila,
    MachmaSwap: _check_machma,
    YammeradDraw: _check_yammerad,
}


def _do_karim(turn: Turn, action: KarimBuy) -> None:
    data = characters_of(turn.state)
    seat = turn.state.current
    tile = turn.give_market_tile(action.space, seat)
    data.owned[seat].remove(KARIM)
    data.removed.append(KARIM)
    turn.note("event.karim", player=_name(turn.state, seat), tile=tile.code, space=action.space)
    turn.main_action_done(another=True)


def _do_knihstig(turn: Turn, action: KnihstigTake) -> None:
    seat = turn.state.current
    turn.take_from_display(seat, action.card)
    characters_of(turn.state).knihstig = False
    turn.note("event.knihstig", player=_name(turn.state, seat), cards=[action.card])


def _do_el_schauf(turn: Turn, action: ElSchaufRedesign) -> None:
    turn.note("event.el-schauf", player=_name(turn.state, turn.state.current))
    turn.carry_out(action.redesign)
    turn.close_turn()  # the extra redesign closes the turn: only ending it is left


def _do_laila(turn: Turn, action: LailaSwap) -> None:
    old, new = turn.renew_market_tile(action.space)
    turn.note(
        "event.laila",
        player=_name(turn.state, turn.state.current),
        old=old.code,
        tile=new.code,
        space=action.space,
    )


def _do_machma(turn: Turn, action: MachmaSwap) -> None:
    seat = turn.state.current
    turn.pay(seat, [action.give])
    turn.take_from_display(seat, action.take)
    turn.note(
        "event.machma",
        player=_name(turn.state, seat),
        give=[action.give],
        cards=[action.take],
    )


def _do_yammerad(turn: Turn, action: YammeradDraw) -> None:
    # A character on the way is auctioned and a scoring card scored, in that order, once
    # this action is done (see the module's docstring).
    seat = turn.state.current
    card_id = turn.draw_money()
    if card_id is not None:
        turn.give_card(seat, card_id)
        turn.note("event.yammerad", player=_name(turn.state, seat), cards=[card_id])


_DOS: dict[type, Any] = {
    Bid: _do_bid,
    Pass: _do_pass,
    PayBid: _do_pay,
    FatimeChoice: _do_fatime,
    KarimBuy: _do_karim,
    KnihstigTake: _do_knihstig,
    ElSchaufRedesign: _do_el_schauf,
    LailaSwap: _do_laila,
    MachmaSwap: _do_machma,
    YammeradDraw: _do_yammerad,
}


# -- a sensible player ----------------------------------------------------------------------
WORTH: dict[str, float] = {
    KARIM: 8,
    KNIHSTIG: 5,
    EL_SCHAUF: 3,
    FARUK: 5,
    FATIME: 8,
    HAKIM: 10,
    LAILA: 3,
    MACHMA: 4,
    YAMMERAD: 4,
    YUSUF: 6,
}
"""Roughly what each character is worth in money to a player at the start of the game."""


def estimate(state: GameState, character: str) -> int:
    """What a sensible player would pay for ``character`` now: less as the game goes on
    (fewer scorings and turns left), except for Fatime's fixed 8 points."""
    worth = WORTH[character]
    if character not in (FATIME, KARIM):
        worth *= (3 - len(state.scorings)) / 3
    return int(worth)


def _advise(state: GameState, bot: Any) -> Action | None:
    data = characters_of(state)
    seat = state.current
    player = state.players[seat]
    if data.choice is not None:
        return FatimeChoice(True)
    auction = data.auction
    if auction is not None:
        if auction.paying:
            options = bid_payments(player.money, auction.high)
            return PayBid(min(options, key=lambda p: (total(p), len(p))))
        bid = auction.high + 1
        if bid <= min(estimate(state, auction.character), payable(player.money)):
            return Bid(bid)
        return Pass()
    choice = _uses(state, data, seat)
    uses = {type(a): a for a in choice}
    if KnihstigTake in uses:
        return max((a for a in choice if isinstance(a, KnihstigTake)), key=lambda a: VALUE[a.card])
    if YammeradDraw in uses:
        return uses[YammeradDraw]
    if KarimBuy in uses:
        best = max(
            (a for a in choice if isinstance(a, KarimBuy)),
            key=lambda a: state.market[a.space - 1].price,  # type: ignore[union-attr]
        )
        tile = state.market[best.space - 1]
        if tile is not None and tile.price >= 8 and player.city.legal_cells(tile):
            return best
    swap = _useful_machma(state, player, [a for a in choice if isinstance(a, MachmaSwap)])
    if swap is not None:
        return swap
    if LailaSwap in uses and getattr(bot, "best_buy", lambda s: None)(state) is None:
        # Nothing worth buying: renew the tile of the space this player is richest in.
        spaces = [a.space for a in choice if isinstance(a, LailaSwap)]
        return LailaSwap(max(spaces, key=lambda space: _money_for(player.money, space)))
    if ElSchaufRedesign in uses:
        build = getattr(bot, "best_build", lambda s: None)(state)
        if build is not None:
            return ElSchaufRedesign(build)
    return None


def _money_for(cards: Sequence[str], space: int) -> int:
    return total_in(cards, space_currency(space))


def _exact_spaces(state: GameState, cards: Sequence[str]) -> set[int]:
    """The market spaces whose tile ``cards`` can pay exactly (in the space's currency)."""
    found = set()
    groups = purse_of(tuple(cards))
    for space, tile in enumerate(state.market, start=1):
        if tile is None:
            continue
        _, values = groups.get(space_currency(space).value, ((), ()))
        if can_pay_exactly(values, tile.price):
            found.add(space)
    return found


def _useful_machma(state: GameState, player: Any, swaps: list[MachmaSwap]) -> Action | None:
    """A Machma Klain swap that makes an exact payment possible, if there is one."""
    if not swaps:
        return None
    before = _exact_spaces(state, player.money)
    for swap in swaps:
        hand = [c for c in player.money if c != swap.give] + [swap.take]
        if _exact_spaces(state, hand) - before:
            return swap
    return None


# The view reads the public names above (it is imported last for that reason).
from .view import characters_view  # noqa: E402

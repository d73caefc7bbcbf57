"""Carrying actions out, and the end of a turn (RULES.md §3-§7), as functions on a
:class:`GameState`.

- :func:`apply_action` returns the state after an action, never changing the one given
  (:func:`apply_in_place` changes it, for simulations); every action is checked first
  (:mod:`.checks`); what may be done is listed by :mod:`.listing`, and a game is set up by
  :mod:`.new_game`;
- a rules module changes the game only through the :class:`Turn` handed to its hooks.

The end of a turn (refill, scoring cards, scorings, the end of the game and the last market
tiles, the final scoring) happens inside :func:`apply_action` of :class:`EndTurn` — or, when a
module holds play for what the refill turned up (a character's auction), inside the action that
releases it: every refill is resolved in the usual order, auctions before scorings, and the
game ends only after both (RULES.md §5, §6, ruling R11).
"""

from __future__ import annotations

import bisect
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import replace
from typing import Any

from .actions import (
    Action,
    BuildFromReserve,
    Buy,
    EndTurn,
    GiveToNeutral,
    IllegalActionError,
    MoveToReserve,
    PlaceTile,
    ReserveTile,
    SwapWithReserve,
    TakeMoney,
    parse_action,
)
from .checks import check_action
from .listing import CURRENCY_NAMES, holding_module
from .messages import render, shown
from .money import (
    SCORING_CARDS,
    VALUE,
    space_currency,
    total,
    total_in,
)
from .payment import (
    is_exact_payment,
    paid_in,
)
from .phases import PHASE_ENDING, PHASE_FINAL, PHASE_OVER
from .ruleset import RULESETS, ruleset_for
from .scoring import ScoreBreakdown, score_round
from .state import (
    GameState,
    GameStateError,
    PlayerState,
)
from .tiles import Building, Tile
from .variants import STANDARD, Variants

NEUTRAL_AFTER_FIRST = 6
"""Tiles the neutral player takes at setup and right after the first scoring (§7)."""

DISPLAY_SIZE = 4
"""The money cards the display holds, turned up at setup and after each turn."""


# -- what a module may do to the game: the socket's hooks that act are handed a Turn ----------
class Turn:
    """The one way a module changes the game: the hooks that act (:meth:`Module.setup`,
    :meth:`Module.reveal`, :meth:`Module.apply`, :meth:`Module.after`) are handed a turn, read
    the game from :attr:`state` and change it only through the turn's steps below. The other
    hooks only read the state they are given."""

    __slots__ = ("state",)

    def __init__(self, state: GameState) -> None:
        self.state = state
        """The game as it stands (to read: its changes go through this turn's steps)."""

    # -- the module's own part, the log, chance ------------------------------------------
    def keep(self, key: str, value: Any) -> None:
        """Keep ``value`` as the module's part of the game (``key``: :attr:`Module.key`)."""
        self.state.extra[key] = value

    def note(self, key: str, **params: Any) -> None:
        """Add an event to the game's log (its sentence is the catalogue's ``key``)."""
        self.state.note(key, **params)

    def random(self) -> random.Random:
        """The random generator of the game's next random step."""
        return self.state.random()

    # -- cards ----------------------------------------------------------------------------
    def draw_money(self) -> str | None:
        """The next money card of the deck, as the display is refilled (a scoring card on
        the way is set aside, a module's card dealt with by its module); ``None`` when deck
        and discard pile are both empty."""
        return draw_money(self.state)

    def give_card(self, seat: int, card_id: str) -> None:
        """Put ``card_id`` (drawn, or taken from nowhere else) into the hand of ``seat``."""
        self.state.players[seat].money.append(card_id)

    def take_from_display(self, seat: int, card_id: str) -> None:
        """Move ``card_id`` from the money display into the hand of ``seat``."""
        self.state.display.remove(card_id)
        self.give_card(seat, card_id)

    def pay(self, seat: int, cards: Iterable[str]) -> None:
        """Move ``cards`` from the hand of ``seat`` onto the discard pile."""
        hand = self.state.players[seat].money
        for card_id in cards:
            hand.remove(card_id)
            self.state.discard.append(card_id)

    def lay_in_deck(self, index: int, card_id: str) -> None:
        """Put ``card_id`` at ``index`` of the money deck in place of the card there (a
        search imagining the hidden cards, :meth:`Module.conceal`)."""
        self.state.deck[index] = card_id

    def discard(self, card_id: str) -> None:
        """Lay ``card_id`` (just drawn) onto the discard pile."""
        self.state.discard.append(card_id)

    # -- tiles ----------------------------------------------------------------------------
    def give_market_tile(self, space: int, seat: int) -> Tile:
        """Move the tile on market ``space`` to the tiles ``seat`` has bought this turn."""
        tile = self.state.market[space - 1]
        assert tile is not None, space
        self.state.market[space - 1] = None
        self.state.players[seat].bought.append(tile)
        return tile

    def renew_market_tile(self, space: int) -> tuple[Tile, Tile]:
        """Put the tile on market ``space`` back into the bag and draw a new one for it;
        returns (old, new). The bag keeps its fixed order (it tells nothing of the draws)."""
        state, index = self.state, space - 1
        old = state.market[index]
        assert old is not None and state.bag, space
        new = state.bag.pop(state.random().randrange(len(state.bag)))
        state.market[index] = new
        bisect.insort(state.bag, old, key=type(old).sort_key)
        return old, new

    # -- the turn -------------------------------------------------------------------------
    def hand_play_to(self, seat: int) -> None:
        """Let ``seat`` act now (an auction asks each bidder in turn)."""
        self.state.current = seat

    def main_action_done(self, another: bool = False) -> None:
        """Count a main action of the turn (a module's action that is one, such as taking
        the gate card); ``another``: the player may take one more."""
        main_action_done(self.state, another)

    def close_turn(self) -> None:
        """Leave the current player nothing but ending the turn (as placing a tile does)."""
        self.state.may_act = False
        self.state.placing = True

    def carry_out(self, action: Action) -> None:
        """Carry out ``action``, checked with :func:`check_rules` (and let every module react
        to it): the extra action a module grants."""
        carry_out(self.state, action, self)


# -- applying an action ---------------------------------------------------------------------
def apply_action(state: GameState, action: Action | str) -> GameState:
    """The state after ``action``; raises :class:`IllegalActionError` (listing every broken
    rule) and leaves ``state`` untouched when the action is not legal."""
    if not isinstance(state, GameState):
        raise GameStateError("state", render("refusal.state-kind", {"value": shown(state)}))
    action = parse_action(action)
    violations = check_action(state, action)
    if violations:
        raise IllegalActionError(violations)
    after = state.copy()
    carry_out(after, action)
    return after


def apply_in_place(state: GameState, action: Action, turn: Turn | None = None) -> None:
    """Like :func:`apply_action` but changes ``state`` itself (the same checks, no copy):
    for simulations that keep no earlier states (``turn``: see :func:`carry_out`)."""
    violations = check_action(state, action)
    if violations:
        raise IllegalActionError(violations)
    carry_out(state, action, turn)


def carry_out(state: GameState, action: Action, turn: Turn | None = None) -> None:
    """Carry out an action already checked (with :func:`check_rules`) on ``state`` itself,
    then let every module react to it: a module granting an extra action carries out the
    action it wraps with this, and a simulation the actions a random player picks from
    :func:`legal_actions`. ``turn`` is the modules' turn on ``state`` when the caller keeps
    one (a simulation changes one state throughout, and making a turn costs more than the
    step of many an action); one is made otherwise."""
    do = _DOS.get(type(action))
    if not state.modules:
        if do is not None:
            do(state, action)
    else:  # the base game's step (or the module owning the action), then the modules react
        # The ruleset state.hook_table() reads, found without its call: the rules ask for
        # the hooks twice on every action (a call costs more than the lookup itself).
        ruleset = RULESETS.get(state.modules) or ruleset_for(state.modules)
        if turn is None:  # the modules' one way to change the game: holds nothing else
            turn = Turn(state)
        if do is not None:
            do(state, action)
        else:
            for apply in ruleset.hook_table["apply"]:
                if apply(turn, action):
                    break
        for after in ruleset.reacting(type(action)):
            after(turn, action)
    if len(state.revealed) > len(state.scorings) or state.phase == PHASE_ENDING:
        _settle(state)  # only when a card set aside may wait for its scoring (rarely)


def main_action_done(state: GameState, another: bool = False) -> None:
    """Count a main action of the turn; ``another``: the player may take one more."""
    _main_action_done(state, another)


def _main_action_done(state: GameState, another: bool = False) -> None:
    state.actions += 1
    state.may_act = another


def _do_take(state: GameState, action: TakeMoney) -> None:
    player = state.players[state.current]
    for card_id in action.cards:
        state.display.remove(card_id)
        player.money.append(card_id)
    state.note("event.take", player=player.name, cards=list(action.cards))
    _main_action_done(state)


def _do_buy(state: GameState, action: Buy) -> None:
    player = state.players[state.current]
    tile = state.market[action.space - 1]
    assert tile is not None
    for card_id in action.cards:
        player.money.remove(card_id)
        state.discard.append(card_id)
    state.market[action.space - 1] = None
    player.bought.append(tile)
    paid = total(action.cards)
    exact = is_exact_payment(action.cards, tile.price)
    state.note(
        "event.buy-exact" if exact else "event.buy-over",
        player=player.name,
        total=paid,
        currency=paid_in(action.cards, space_currency(action.space)),
        tile=tile.code,
        price=tile.price,
        cards=list(action.cards),
    )
    _main_action_done(state, another=exact)


def _do_build(state: GameState, action: BuildFromReserve) -> None:
    player = state.players[state.current]
    state.own_city(state.current)._place_checked(action.tile, action.cell, action.gate)
    player.reserve.remove(action.tile)
    state.note("event.build", player=player.name, tile=action.tile.code, cell=list(action.cell))
    _main_action_done(state)


def _do_remove(state: GameState, action: MoveToReserve) -> None:
    player = state.players[state.current]
    tile = state.own_city(state.current)._remove_checked(action.cell)
    player.reserve.append(tile)
    state.note("event.remove", player=player.name, tile=tile.code, cell=list(action.cell))
    _main_action_done(state)


def _do_swap(state: GameState, action: SwapWithReserve) -> None:
    player = state.players[state.current]
    # Already checked (swap_is_legal): no second full check as City.swap would make.
    old = state.own_city(state.current)._swap_checked(action.cell, action.tile)
    player.reserve.remove(action.tile)
    player.reserve.append(old)
    state.note(
        "event.swap",
        player=player.name,
        old=old.code,
        tile=action.tile.code,
        cell=list(action.cell),
    )
    _main_action_done(state)


def _start_placing(state: GameState) -> PlayerState:
    state.may_act = False
    state.placing = True
    return state.players[state.current]


def _do_place(state: GameState, action: PlaceTile) -> None:
    player = _start_placing(state)
    state.own_city(state.current)._place_checked(action.tile, action.cell, action.gate)
    player.bought.remove(action.tile)
    state.note("event.place", player=player.name, tile=action.tile.code, cell=list(action.cell))


def _do_reserve(state: GameState, action: ReserveTile) -> None:
    player = _start_placing(state)
    player.bought.remove(action.tile)
    player.reserve.append(action.tile)
    state.note("event.reserve", player=player.name, tile=action.tile.code)


def _do_give(state: GameState, action: GiveToNeutral) -> None:
    player = _start_placing(state)
    assert state.neutral is not None
    player.bought.remove(action.tile)
    state.neutral.tiles.append(action.tile)
    state.note("event.give", player=player.name, tile=action.tile.code, neutral=state.neutral.name)


def _do_end(state: GameState, action: EndTurn) -> None:
    state.note("event.end", player=state.players[state.current].name)
    if state.phase == PHASE_FINAL:
        state.receivers.pop(0)
        if state.receivers:
            _begin_turn(state, state.receivers[0], may_act=False)
        else:
            _final_scoring(state)
        return
    short = _refill_market(state)
    _refill_display(state)
    _begin_turn(state, (state.current + 1) % len(state.players), may_act=not short)
    if short:
        # The game is over, but what the refill turned up comes first (ruling R11).
        state.phase = PHASE_ENDING
    else:
        state.turn += 1


_DOS: dict[type, Callable[[GameState, Any], None]] = {
    TakeMoney: _do_take,
    Buy: _do_buy,
    BuildFromReserve: _do_build,
    MoveToReserve: _do_remove,
    SwapWithReserve: _do_swap,
    PlaceTile: _do_place,
    ReserveTile: _do_reserve,
    GiveToNeutral: _do_give,
    EndTurn: _do_end,
}


def _begin_turn(state: GameState, seat: int, may_act: bool = True) -> None:
    state.current = seat
    state.actions = 0
    state.may_act = may_act
    state.placing = False


# -- the end of a turn ----------------------------------------------------------------------


def _refill_market(state: GameState) -> bool:
    """Fill empty market spaces in ascending order; ``True`` when the bag ran short."""
    if all(state.market):  # every space holds a tile
        return False
    empty = [i for i, t in enumerate(state.market) if t is None]
    rng = state.random() if state.bag else None
    short = False
    for index in empty:
        tile = draw_tile(state, rng)
        space = index + 1
        if tile is None:
            short = True
            state.note("event.market-short", space=space)
            continue
        state.market[index] = tile
        state.note("event.market", tile=tile.code, space=space, currency=CURRENCY_NAMES[index])
    return short


def _settle(state: GameState) -> None:
    """Carry out what the end of a turn left waiting, once no module holds play: the
    scorings whose cards were set aside, then, when the bag ran short, the end of the game.

    A character turned up with a scoring card is auctioned first (play stops at once for it,
    RULES.md §9.3), so its owner's scoring powers count; the scoring still comes before the
    next player's turn (§5). The last refill is resolved in the same order (ruling R11).
    """
    rounds = pending_rounds(state)
    if not rounds and state.phase != PHASE_ENDING:
        return
    if state.modules and holding_module(state) is not None:
        return
    scorings(state, rounds)
    if state.phase == PHASE_ENDING:
        _end_of_game(state)


def pending_rounds(state: GameState) -> list[int]:
    """The scoring rounds whose cards are set aside but not yet scored (they wait only
    while a module holds play)."""
    scored = {record["round"] for record in state.scorings}
    return [
        round_
        for round_ in (int(card_id[-1]) for card_id in state.revealed if card_id in SCORING_CARDS)
        if round_ not in scored
    ]


def scorings(state: GameState, rounds: Sequence[int]) -> None:
    """Score the rounds whose cards came up, each followed by the neutral player's draw."""
    for round_ in rounds:
        score(state, round_)
        if state.neutral is not None:
            neutral_draw(state, NEUTRAL_AFTER_FIRST if round_ == 1 else len(state.bag) // 3)


def _refill_display(state: GameState) -> None:
    """Turn up money cards to 4 (scoring cards on the way are set aside, see
    :func:`draw_money`)."""
    while len(state.display) < DISPLAY_SIZE:
        card_id = draw_money(state)
        if card_id is None:
            break
        state.display.append(card_id)


def draw_money(state: GameState) -> str | None:
    """The next money card of the deck (rebuilt from the discard pile when empty); a scoring
    card on the way is set aside, to be scored once play goes on (see :func:`_settle`), a
    module's card is dealt with by its module. ``None`` when deck and discard pile are both
    empty."""
    reveals = state.hooks("reveal")
    reshuffled = False
    while True:
        if not state.deck:
            # Once through a reshuffled pile with nothing to draw (only a module's cards,
            # laid aside again), there is nothing: all the money is in hand or on display.
            if not state.discard or reshuffled:
                state.note("event.deck-empty")
                return None
            _reshuffle(state)
            reshuffled = True
        card_id = state.deck.pop(0)
        if card_id in SCORING_CARDS:
            state.revealed.append(card_id)
            state.note("event.scoring-card", round=int(card_id[-1]))
        elif card_id in VALUE or not any(reveal(Turn(state), card_id) for reveal in reveals):
            return card_id


def _reshuffle(state: GameState) -> None:
    cards = state.discard
    state.discard = []
    state.random().shuffle(cards)
    state.deck = cards
    state.note("event.reshuffle", count=len(cards))


def score(state: GameState, round_: int) -> None:
    """Score round ``round_`` (1-3): majorities per type and walls (RULES.md §5)."""
    counts = {p.name: p.city.building_counts() for p in state.players}
    walls = {p.name: p.city.longest_wall(state.variants.ring) for p in state.players}
    if state.neutral is not None:
        counts[state.neutral.name] = state.neutral.building_counts()
    breakdown = score_round(counts, walls, round=round_, variants=state.variants)
    points = breakdown.totals
    bonuses: dict[str, list[list[Any]]] = {}
    for module in state.module_objects:  # every module: the default bonuses read score()
        for bonus in module.bonuses(state, round_, breakdown):
            name = _bonus_receiver(state, bonus.seat)
            points[name] += bonus.points
            bonuses.setdefault(name, []).append([bonus.source, bonus.points, bonus.detail])
    for player in state.players:
        player.score += points[player.name]
    if state.neutral is not None:
        state.neutral.score += points[state.neutral.name]
    state.scorings = (
        *state.scorings,
        {
            "round": round_,
            "counts": {n: {b.value: k for b, k in c.items()} for n, c in counts.items()},
            "walls": walls,
            "points": points,
            **({"bonuses": bonuses} if bonuses else {}),
        },
    )
    state.note("event.scoring", round=round_, points=[f"{n} {p}" for n, p in points.items()])


def _bonus_receiver(state: GameState, seat: int | None) -> str:
    """The name of the player a module's bonus goes to (``None``: the neutral player)."""
    if seat is None:
        assert state.neutral is not None, "a bonus for the neutral player of a larger game"
        return state.neutral.name
    return state.players[seat].name


def breakdown_of(record: dict[str, Any], variants: Variants = STANDARD) -> ScoreBreakdown:
    """The explained scoring behind a scoring record of a state played with ``variants``."""
    counts = {n: {Building(b): k for b, k in c.items()} for n, c in record["counts"].items()}
    breakdown = score_round(counts, record["walls"], round=record["round"], variants=variants)
    bonuses = record.get("bonuses")
    if not bonuses:
        return breakdown
    return replace(
        breakdown,
        bonuses={n: tuple((s, p, d) for s, p, d in found) for n, found in bonuses.items()},
    )


def _end_of_game(state: GameState) -> None:
    """The last market tiles go to the most money in their currency (RULES.md §6). The
    current seat is the one after the last turn's player: it receives first."""
    n = len(state.players)
    for index, tile in enumerate(state.market):
        if tile is None:
            continue
        space = index + 1
        currency = space_currency(space)
        amounts = [total_in(p.money, currency) for p in state.players]
        best = max(amounts)
        leaders = [seat for seat, a in enumerate(amounts) if a == best]
        common = {"tile": tile.code, "space": space, "currency": currency.value}
        if best == 0:
            state.note("event.final-none", **common)
        elif len(leaders) > 1:
            names = [state.players[s].name for s in leaders]
            state.note("event.final-tie", players=names, amount=best, **common)
        else:
            receiver = state.players[leaders[0]]
            receiver.bought.append(tile)
            state.market[index] = None
            state.note("event.final-tile", player=receiver.name, amount=best, **common)
    order = [(state.current + k) % n for k in range(n)]
    state.receivers = [seat for seat in order if state.players[seat].bought]
    if state.receivers:
        state.phase = PHASE_FINAL
        _begin_turn(state, state.receivers[0], may_act=False)
    else:
        _final_scoring(state)


def _final_scoring(state: GameState) -> None:
    score(state, 3)
    state.phase = PHASE_OVER
    state.may_act = False
    best = max(p.score for p in state.players)
    winners = [p.name for p in state.players if p.score == best]
    # The sentence takes its plural form from the number of winners; "verb" is no longer
    # read, but saved games have always held it, and a save keeps its form.
    state.note(
        "event.game-over",
        winners=winners,
        verb="wins" if len(winners) == 1 else "share the win",
        points=best,
    )


def winners(state: GameState) -> list[str]:
    """The names of the players with the most points (several on a tie; the neutral
    player never wins)."""
    best = max(p.score for p in state.players)
    return [p.name for p in state.players if p.score == best]


# -- tiles drawn from the bag -------------------------------------------------------------------
def draw_tile(state: GameState, rng: Any) -> Tile | None:
    if not state.bag:
        return None
    return state.bag.pop(rng.randrange(len(state.bag)))


def neutral_draw(state: GameState, count: int) -> None:
    assert state.neutral is not None
    rng = state.random()
    drawn = [t for t in (draw_tile(state, rng) for _ in range(count)) if t is not None]
    state.neutral.tiles.extend(drawn)
    state.note(
        "event.neutral",
        neutral=state.neutral.name,
        count=len(drawn),
        tiles=[t.code for t in drawn],
    )

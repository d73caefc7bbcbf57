"""What the player to play may do: every legal action of a state, listed (RULES.md §3, §4).

:func:`legal_actions` lists the takes, buys, redesigns and the end of the turn (and what the
switched-on modules add), as groups that make an action only when one is picked; the takes
and payments are worked out once per display and hand (:mod:`.payment`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache, lru_cache, partial
from itertools import combinations
from typing import Any, cast

from . import rules
from .actions import (
    Action,
    ActionGroup,
    BuildFromReserve,
    Buy,
    EndTurn,
    GiveToNeutral,
    LegalActions,
    MoveToReserve,
    PlaceTile,
    ReserveTile,
    SwapWithReserve,
    TakeMoney,
    made,
)
from .city import City
from .geometry import Cell
from .money import (
    CURRENCIES,
    TAKE_LIMIT,
    VALUE,
)
from .payment import (
    minimal_patterns,
    purse_of,
)
from .phases import PHASE_FINAL, PHASE_OVER, PHASE_PLAY
from .plugin import HOOKS
from .rules import upright
from .ruleset import RULESETS, ruleset_for
from .state import (
    GameState,
    PlayerState,
)
from .tiles import Tile


# -- legal actions --------------------------------------------------------------------------
# The listings make their actions with ``made``: from tiles, cells and card ids the rules
# already hold, so the checks an action typed by a learner gets would find nothing.
def legal_actions(state: GameState) -> LegalActions:
    """Every action the current player may take now, in a fixed order.

    Payments: for each market space only the *minimal* payments are listed — no card could
    be left out — one per set of card values (cards of equal value are interchangeable). So
    a player holding 4, 5 and 6 Dirham for a 9 sees ``4 + 5`` (exact) and ``4 + 6`` and
    ``5 + 6``, not ``4 + 5 + 6``. :func:`apply_action` still accepts *any* sufficient payment
    in the right currency, overpaying included: the list keeps bots from drowning in
    pointless overpayments, not the rules from allowing them.

    A swap of a tile for its identical twin is never listed (nor allowed): it changes nothing.

    A player who can take no action at all (an empty money display, nothing affordable,
    nothing to redesign — possible only when players hoard every card) may end the turn
    without acting; the rulebooks do not foresee the case, and a game must not stall.
    """
    if state.phase == PHASE_OVER:
        return LegalActions([])
    seat = state.current
    player = state.players[seat]
    # What state.hook_table() answers, read without a call (see carry_out).
    hooks = (
        (RULESETS.get(state.modules) or ruleset_for(state.modules)).hook_table
        if state.modules
        else _NO_HOOKS
    )
    interrupts, extras = hooks["interrupt"], hooks["legal_actions"]
    if not (state.may_act or player.bought or extras or interrupts):
        return _END_ONLY
    if interrupts:  # what holding_module asks, with the hooks at hand
        for interrupt in interrupts:
            if interrupt(state) is not None:  # play is held: only its module's actions count
                return LegalActions([(list(interrupt.__self__.legal_actions(state)), _identity)])
    groups: list[ActionGroup] = []
    if state.phase == PHASE_PLAY and state.may_act:
        groups.append(_take_group(state, seat, hooks["take_limit"]))
        groups += _buy_groups(state, player, seat, hooks["payment_groups"])
        groups += redesign_groups(player)
    for extra in extras:
        found = extra(state)  # a list, tuple or lazy LegalActions is kept as it is
        if found:  # the usual answer, nothing, adds no group
            groups.append((found if isinstance(found, _LISTED) else list(found), _identity))
    for tile in player.bought:
        cells = rules.legal_cells(player.city._facts(), upright(tile))
        groups.append((cells, partial(_place_at, tile)))
        groups.append(([tile], _make_reserve))
        if state.neutral is not None and state.phase == PHASE_PLAY:
            groups.append(([tile], _make_give))
    if not groups:  # nothing but (perhaps) the end of the turn: the shared listing
        return _END_ONLY
    if not player.bought and (state.actions or state.phase == PHASE_FINAL):
        groups.append(_END_GROUP)
    actions = LegalActions(groups)
    if not actions and not player.bought:
        return _END_ONLY
    return actions


_LISTED = (list, tuple, LegalActions)
_NO_HOOKS: Mapping[str, tuple[Any, ...]] = dict.fromkeys(HOOKS, ())
"""The hooks of a game without modules: none."""


def _identity(action: Action) -> Action:
    return action


def _place_at(tile: Tile, cell: Cell) -> Action:
    return made(PlaceTile, tile, cell)


def _make_reserve(tile: Tile) -> Action:
    return made(ReserveTile, tile)


def _make_give(tile: Tile) -> Action:
    return made(GiveToNeutral, tile)


def _build_at(tile: Tile, cell: Cell) -> Action:
    return made(BuildFromReserve, tile, cell)


def _make_remove(cell: Cell) -> Action:
    return made(MoveToReserve, cell)


def _make_swap(item: tuple[Cell, Tile]) -> Action:
    return made(SwapWithReserve, item[0], item[1])


def _make_end(_: None) -> Action:
    return _END_TURN


_END_TURN = EndTurn()
_END_GROUP: ActionGroup = ([None], _make_end)
_END_ONLY = LegalActions([_END_GROUP])
"""What a player who has acted and placed every bought tile may do (the usual last step
of a turn): shared, as actions are immutable."""


def holding_module(state: GameState) -> Any:
    """The module holding play (an auction, a choice to make), or ``None``."""
    for interrupt in state.hooks("interrupt"):
        if interrupt(state) is not None:
            return interrupt.__self__
    return None


def take_limit(state: GameState, seat: int) -> int:
    """The most several money cards taken together may total (5, unless a module says)."""
    return _limit_of(state, seat, state.hooks("take_limit"))


def _limit_of(state: GameState, seat: int, hooks: Sequence[Any]) -> int:
    """:func:`take_limit` as the ``take_limit`` ``hooks`` say."""
    limit = TAKE_LIMIT
    for hook in hooks:
        limit = hook(state, seat, limit)
    return limit


def take_options(state: GameState, seat: int) -> list[tuple[str, ...]]:
    """Every take open to ``seat``: one card of any value, or several totalling at most the
    take limit."""
    patterns, make = _take_group(state, seat, state.hooks("take_limit"))
    return [cast(TakeMoney, make(pattern)).cards for pattern in patterns]


def _take_group(state: GameState, seat: int, limits: Sequence[Any]) -> ActionGroup:
    """The takes as positions in the display, made into actions only when picked
    (``limits``: the ``take_limit`` hooks)."""
    display = tuple(state.display)
    limit = _limit_of(state, seat, limits) if limits else TAKE_LIMIT
    return _take_patterns(display, limit), partial(_take_from, display)


def _take_from(display: tuple[str, ...], positions: tuple[int, ...]) -> Action:
    return made(TakeMoney, tuple(map(display.__getitem__, positions)))


@lru_cache(maxsize=1024)  # displays and their values recur: 5.6 % of a game with both, measured
def _take_patterns(display: tuple[str, ...], limit: int) -> tuple[tuple[int, ...], ...]:
    """The takes from ``display`` as positions in it. A card above the take limit is taken
    only alone, so every such card counts as one more than the limit: the takes depend on
    the values alone, and :func:`_value_takes` remembers them."""
    above = limit + 1
    return _value_takes(tuple(min(VALUE.get(c, above), above) for c in display), limit)


@lru_cache(maxsize=4096)
def _value_takes(values: tuple[int, ...], limit: int) -> tuple[tuple[int, ...], ...]:
    """:func:`_take_patterns` by the cards' values: each card alone, then the cards taken
    together by number of cards, in the order of :func:`itertools.combinations`."""
    options: list[tuple[int, ...]] = [(i,) for i in range(len(values))]
    # Only cards that fit beside the cheapest card can be taken with another: the others
    # are left out of the search (their combinations would all be too dear).
    least = min(values, default=0)
    fitting = [i for i, value in enumerate(values) if value + least <= limit]
    for size in range(2, len(fitting) + 1):
        for combo in combinations(fitting, size):
            if sum(map(values.__getitem__, combo)) <= limit:
                options.append(combo)
    return tuple(options)


def buy_options(state: GameState, player: PlayerState) -> list[tuple[int, tuple[str, ...]]]:
    """Every buy open to ``player`` as (market space, cards paid): for each space the
    payments a module adds, then the minimal payments (see :func:`legal_actions`)."""
    seat = next(i for i, p in enumerate(state.players) if p is player)
    buys = [
        cast(Buy, make(item))
        for items, make in _buy_groups(state, player, seat, state.hooks("payment_groups"))
        for item in items
    ]
    return [(buy.space, buy.cards) for buy in buys]


def _buy_groups(
    state: GameState, player: PlayerState, seat: int, anywhere: Sequence[Any]
) -> list[ActionGroup]:
    """:func:`buy_options` as groups of legal actions (``anywhere``: the modules'
    ``payment_groups`` hooks): the minimal payments are kept as positions in the hand's
    cards of one group (a currency, or a module's cards that pay anywhere) until one is
    picked. Each space lists the groups paying anywhere first, then its own currency."""
    groups: list[ActionGroup] = []
    purse = purse_of(tuple(player.money))
    paying = _paying_anywhere(state, seat, anywhere) if anywhere else _PAYING
    # enumerate, not zip(..., strict=True): a call with a keyword is made the slow way,
    # and the market always has its four spaces.
    for space, tile in enumerate(state.market, 1):
        if tile is not None:
            for name in paying[space - 1]:
                held = purse.get(name)
                if held is not None:
                    patterns = minimal_patterns(held[1], tile.price)
                    if patterns:
                        groups.append((patterns, partial(_paid_with, space, held[0])))
    return groups


CURRENCY_NAMES = tuple(currency.value for currency in CURRENCIES)
"""The currencies of market spaces 1-4 by name: what a purse and the log call them."""
_PayingNames = tuple[tuple[str, ...], ...]
"""What pays on each market space (1-4): names of groups of a purse, in listing order."""
_PAYING: _PayingNames = tuple((name,) for name in CURRENCY_NAMES)
"""What pays on each market space in the base game: the space's currency alone."""


def _paying_anywhere(state: GameState, seat: int, hooks: Sequence[Any]) -> _PayingNames:
    """What pays on each market space with the groups the modules' ``payment_groups``
    ``hooks`` name for ``seat``: those groups first, then the space's currency."""
    anywhere: tuple[str, ...] = ()
    for hook in hooks:
        anywhere += tuple(hook(state, seat))
    return _paying_with(anywhere)


@cache  # few answers, asked at every listing: 4.5 % of a game with every module, measured
def _paying_with(anywhere: tuple[str, ...]) -> _PayingNames:
    """:data:`_PAYING` with the groups ``anywhere`` first on every space, each group once
    (few: remembered)."""
    return tuple(tuple(dict.fromkeys((*anywhere, *names))) for names in _PAYING)


def _paid_with(space: int, cards: tuple[str, ...], positions: tuple[int, ...]) -> Action:
    return made(Buy, space, tuple(map(cards.__getitem__, positions)))


def redesign_groups(player: PlayerState) -> list[ActionGroup]:
    """Build from the reserve, move to the reserve, swap: remembered with the city's layout
    for as long as the reserve stays as it is."""
    layout, reserve = player.city._facts(), player.reserve
    known = layout.memo.get("redesign")
    if known is not None and known[0] == reserve:
        return known[1]
    groups: list[ActionGroup] = [
        (rules.legal_cells(layout, upright(tile)), partial(_build_at, tile)) for tile in reserve
    ]
    groups.append((rules.removable_cells(layout), _make_remove))
    groups.append((swaps(player.city, reserve), _make_swap))
    layout.memo["redesign"] = (list(reserve), groups)
    return groups


def removable_cells(city: City) -> list[Cell]:
    """The cells whose tile may be taken out of the Alhambra (``check_removal`` is empty)."""
    return list(city.removable_cells())


def swaps(city: City, reserve: Sequence[Tile]) -> list[tuple[Cell, Tile]]:
    """Every (cell, reserve tile) swap the rules allow, in reading order, then reserve order.
    A swap of a tile for its identical twin is left out: it changes nothing."""
    if not reserve:
        return []
    layout = city._facts()
    masks = [(tile, rules.swap_bits(layout, upright(tile))) for tile in reserve]
    anywhere = 0
    for _, allowed in masks:
        anywhere |= allowed
    tiles = layout.tiles
    return [
        (cell, tile)
        for cell, bit in layout.cells_and_bits(anywhere)
        for tile, allowed in masks
        if allowed & bit and tile.code != tiles[cell].code
    ]


def swap_is_legal(city: City, cell: Cell, tile: Tile) -> bool:
    """Whether ``tile`` may take the place of the tile at ``cell`` (no explanations)."""
    layout = city._facts()
    return bool(rules.swap_bits(layout, upright(tile)) & layout.bit(cell))

"""The rules of the whole game as pure functions on a :class:`GameState` (RULES.md §2-§7).

- :func:`new_state` sets a game up (§2, and §7 for two players);
- :func:`legal_actions` lists what the current player may do;
- :func:`check_action` lists every rule an action breaks (``[]`` when legal);
- :func:`apply_action` returns the state after an action, never changing the one given.

The end of a turn (refill, scoring cards, scorings, the end of the game and the last market
tiles, the final scoring) happens inside :func:`apply_action` of :class:`EndTurn` — or, when a
module holds play for what the refill turned up (a character's auction), inside the action that
releases it: every refill is resolved in the usual order, auctions before scorings, and the
game ends only after both (RULES.md §5, §6, ruling R11).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
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
    IllegalActionError,
    LegalActions,
    MoveToReserve,
    PlaceTile,
    ReserveTile,
    SwapWithReserve,
    TakeMoney,
    check_module_on,
    made,
    parse_action,
    unknown_action,
)
from .city import City
from .errors import AlhambraError, shown
from .geometry import Cell, Side
from .i18n import check_language, get_language
from .messages import Phrase, render
from .money import (
    CURRENCIES,
    MARKET_SPACES,
    SCORING_CARDS,
    STARTING_MONEY,
    TAKE_LIMIT,
    VALUE,
    Cards,
    money_cards,
    not_among,
    space_currency,
    total,
    total_in,
)
from .payment import (
    RECENT_ANSWERS,
    in_group,
    is_exact_payment,
    minimal_patterns,
    paid_in,
    purse_of,
    sort_out,
)
from .phases import PHASE_ENDING, PHASE_FINAL, PHASE_OVER, PHASE_PLAY
from .rules import upright
from .ruleset import RULESETS, modules_for, ruleset_for
from .saves import MAX_NUMBER_BITS, MAX_SEED
from .scoring import ScoreBreakdown, score_round
from .socket import HOOKS, Turn
from .state import (
    NEUTRAL_NAMES,
    GameState,
    NeutralState,
    PlayerState,
)
from .tiles import TILES, Tile
from .variants import STANDARD, Variants, as_variants
from .violations import RuleId, Violation

NEUTRAL_AFTER_FIRST = 6
"""Tiles the neutral player takes at setup and right after the first scoring (§7)."""


class GameSetupError(AlhambraError):
    """Raised when a game is set up with a bad player count or names, e.g. ``players=7``."""


# -- setup ----------------------------------------------------------------------------------
DISPLAY_SIZE = 4
"""The money cards the display holds, turned up at setup and after each turn."""


def new_state(
    players: object = 2,
    seed: object = 0,
    modules: Sequence[str] = (),
    language: object = None,
    variants: object = None,
) -> GameState:
    """A new game set up as in RULES.md §2 (and §7 with two players). Names the game gives
    (the neutral player, players given as a count) are those of ``language`` (the session's
    by default); they are part of the game from then on. ``variants`` says how the disputed
    rules are read (:class:`~alhambra_nb.core.variants.Variants`, a mapping, or ``None``).

    ``players``, ``seed`` and ``language`` are typed as anything: they come from a learner,
    and a wrong one is refused here with its own sentence, before anything meets it."""
    chosen = get_language() if language is None else check_language(language)
    names = _player_names(players, chosen)
    if not isinstance(seed, int) or isinstance(seed, bool) or abs(seed) > MAX_SEED:
        words = {"bits": MAX_NUMBER_BITS, "value": shown(seed)}
        raise GameSetupError(render("refusal.seed", words))
    chosen_variants = as_variants(variants)
    loaded = ruleset_for(modules_for(tuple(modules), chosen_variants)).modules
    n = len(names)
    neutral = None
    if n == 2:
        neutral = NeutralState(_neutral_name(names, chosen))
    state = GameState(
        seed=seed,
        players=[PlayerState(name, City(holes=chosen_variants.holes)) for name in names],
        neutral=neutral,
        modules=tuple(m.name for m in loaded),
        variants=chosen_variants,
    )
    rng = state.random()
    brought = [m.components(n) for m in loaded]
    state.bag = sorted([*TILES, *(t for c in brought for t in c.tiles)], key=Tile.sort_key)
    if neutral is not None:  # ruling R6: before the market is filled
        _neutral_draw(state, NEUTRAL_AFTER_FIRST)
    for index in range(4):
        state.market[index] = _draw_tile(state, rng)
    money = [*money_cards(n), *(card for c in brought for card in c.money)]
    rng.shuffle(money)
    for player in state.players:
        while not has_starting_money(player.money, chosen_variants) and money:
            player.money.append(money.pop())
        state.note(
            "event.money",
            player=player.name,
            cards=list(player.money),
            total=total(player.money),
            count=len(player.money),
        )
    _choose_start(state)
    for _ in range(DISPLAY_SIZE):
        state.display.append(money.pop())
    state.deck = _stack_piles(money, loaded, n, rng)
    for module in loaded:
        module.setup(Turn(state))
    return state


def has_starting_money(cards: Sequence[str], variants: Variants) -> bool:
    """Whether a hand dealt at setup is complete: it totals at least 20 (RULES.md §2), or
    more than 20 in the variant that reads it so."""
    if variants.start_money == "more-than-20":
        return total(cards) > STARTING_MONEY
    return total(cards) >= STARTING_MONEY


MIN_PLAYERS, MAX_PLAYERS = 2, 6
"""The fewest and the most players of a game."""

MAX_NAME_LENGTH = 100
"""The longest player name, in characters: a name is written into nearly every sentence of
a game's log, so a save of a whole game with six such names stays far below the longest save
read (:data:`.saves.MAX_SAVE_LENGTH`)."""


def _neutral_name(names: Sequence[str], language: str | None) -> str:
    """The neutral player's name in ``language`` ("Dirk"; a Hungarian catalogue says "Géza"),
    or a name of another rulebook when a player bears it already."""
    choices = [render("neutral.name", {}, language), *NEUTRAL_NAMES]
    return next(name for name in choices if name not in names)


def _player_names(players: object, language: str | None = None) -> list[str]:
    """The names of the players, checked before any work proportional to what was given."""
    if isinstance(players, int) and not isinstance(players, bool):
        _check_player_count(players)
        return [render("player.default-name", {"number": i + 1}, language) for i in range(players)]
    if not isinstance(players, Sequence) or isinstance(players, str):
        words = {"least": MIN_PLAYERS, "most": MAX_PLAYERS, "value": shown(players)}
        raise GameSetupError(render("refusal.players", words))
    try:
        count = len(players)
    except OverflowError:  # a range too long to count
        count = MAX_PLAYERS + 1
    _check_player_count(count)
    names = [str(p) for p in players]
    if len(set(names)) != len(names) or not all(n.strip() for n in names):
        raise GameSetupError(render("refusal.player-names", {"value": shown(players)}))
    for name in names:
        _check_name(name)
    return names


def _check_player_count(count: int) -> None:
    if not MIN_PLAYERS <= count <= MAX_PLAYERS:
        words = {"least": MIN_PLAYERS, "most": MAX_PLAYERS, "value": shown(count)}
        key = "refusal.player-count-many" if count > MAX_PLAYERS else "refusal.player-count"
        raise GameSetupError(render(key, words))


def _check_name(name: str) -> None:
    """Refuse a name a saved game could not hold."""
    if len(name) > MAX_NAME_LENGTH:
        words = {"most": MAX_NAME_LENGTH, "count": len(name), "value": shown(name)}
        raise GameSetupError(render("refusal.player-name-long", words))
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate: no file can hold it
        words = {"value": shown(name)}
        raise GameSetupError(render("refusal.player-name-text", words)) from None


def _choose_start(state: GameState) -> None:
    """Fewest cards, then lowest total, then the lowest seat (ruling R2)."""
    keys = [(len(p.money), total(p.money), seat) for seat, p in enumerate(state.players)]
    count, lowest, seat = min(keys)
    same_count = [k for k in keys if k[0] == count]
    same_total = [k for k in same_count if k[1] == lowest]
    reason = "cards" if len(same_count) == 1 else "total" if len(same_total) == 1 else "seat"
    state.current = seat
    state.note(
        "event.start",
        player=state.players[seat].name,
        reason={"key": f"event.start:{reason}", "params": {"count": count, "total": lowest}},
    )


def _stack_piles(money: list[str], modules: Sequence[Any], n: int, rng: Any) -> list[str]:
    """Five roughly equal piles, scoring card 1 shuffled into pile 2 and 2 into pile 4."""
    piles: list[list[str]] = []
    start = 0
    for length in _money_pile_lengths(len(money)):
        piles.append(money[start : start + length])
        start += length
    for pile, cards in sorted(_pile_additions(modules, n, rng).items()):
        piles[pile - 1].extend(cards)
        rng.shuffle(piles[pile - 1])
    return [c for pile in piles for c in pile]


def _money_pile_lengths(count: int) -> list[int]:
    size, extra = divmod(count, 5)
    return [size + (1 if index < extra else 0) for index in range(5)]


def _pile_additions(modules: Sequence[Any], n: int, rng: Any) -> dict[int, list[str]]:
    """The cards shuffled into given piles: the scoring cards and the modules' cards."""
    additions: dict[int, list[str]] = {2: [SCORING_CARDS[0]], 4: [SCORING_CARDS[1]]}
    for module in modules:
        for pile, cards in module.components(n, rng).piles.items():
            additions.setdefault(pile, []).extend(cards)
    return additions


def pile_lengths(money: int, modules: Sequence[Any], n: int) -> list[int]:
    """The lengths of the five piles of the money deck set up for ``n`` players with
    ``modules`` from ``money`` cards (those left once the starting money and the display
    were dealt): what everyone at the table saw when the piles were made."""
    lengths = _money_pile_lengths(money)
    for pile, cards in _pile_additions(modules, n, None).items():
        lengths[pile - 1] += len(cards)
    return lengths


def money_at_setup(n: int, modules: Sequence[Any]) -> int:
    """How many money cards a game of ``n`` players with ``modules`` deals from."""
    return len(money_cards(n)) + sum(len(m.components(n).money) for m in modules)


def _draw_tile(state: GameState, rng: Any) -> Tile | None:
    if not state.bag:
        return None
    return state.bag.pop(rng.randrange(len(state.bag)))


def _neutral_draw(state: GameState, count: int) -> None:
    assert state.neutral is not None
    rng = state.random()
    drawn = [t for t in (_draw_tile(state, rng) for _ in range(count)) if t is not None]
    state.neutral.tiles.extend(drawn)
    state.note(
        "event.neutral",
        neutral=state.neutral.name,
        count=len(drawn),
        tiles=[t.code for t in drawn],
    )


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


@lru_cache(maxsize=RECENT_ANSWERS)
def _take_patterns(display: tuple[str, ...], limit: int) -> tuple[tuple[int, ...], ...]:
    """The takes from ``display`` as positions in it (displays repeat from step to step)."""
    return _value_takes(tuple(map(_capped_values(limit).__getitem__, display)), limit)


class _CappedValues(dict[str, int]):
    """Card values with any value above a take limit as one more than the limit (such a card
    is taken only alone: one key of :func:`_value_takes` for all of them), read by C-level
    lookups; a card is remembered once its value is known (a module's card, once registered)."""

    def __init__(self, limit: int) -> None:
        super().__init__()
        self.above = limit + 1

    def __missing__(self, card_id: str) -> int:
        value = VALUE.get(card_id)
        if value is None:
            return self.above
        self[card_id] = capped = min(value, self.above)
        return capped


@lru_cache(maxsize=16)
def _capped_values(limit: int) -> _CappedValues:
    """The capped card values for ``limit`` (a game has one or two limits)."""
    return _CappedValues(limit)


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


_CURRENCY_NAMES = tuple(currency.value for currency in CURRENCIES)
"""The currencies of market spaces 1-4 by name: what a purse and the log call them."""
_PayingNames = tuple[tuple[str, ...], ...]
"""What pays on each market space (1-4): names of groups of a purse, in listing order."""
_PAYING: _PayingNames = tuple((name,) for name in _CURRENCY_NAMES)
"""What pays on each market space in the base game: the space's currency alone."""


def _paying_anywhere(state: GameState, seat: int, hooks: Sequence[Any]) -> _PayingNames:
    """What pays on each market space with the groups the modules' ``payment_groups``
    ``hooks`` name for ``seat``: those groups first, then the space's currency."""
    anywhere: tuple[str, ...] = ()
    for hook in hooks:
        anywhere += tuple(hook(state, seat))
    return _paying_with(anywhere)


@cache
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
        return known[1]  # type: ignore[no-any-return]
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


# -- checking an action ---------------------------------------------------------------------
def check_action(state: GameState, action: Action | str) -> list[Violation]:
    """Every rule ``action`` breaks in ``state`` (``[]`` when it is legal)."""
    action = parse_action(action)
    check_module_on(action, state.modules)  # a module's action in a game without it
    for interrupt in state.hooks("interrupt"):
        held = interrupt(state)
        if held is not None:  # play is held: only the holding module's actions are judged
            asked = _check_seat(state, action)
            if asked:  # and only the player asked (to bid, to pay, to choose) takes them
                return [*asked, held]
            owned = interrupt.__self__.check(state, action)
            return [held] if owned is None else owned
    found = _check_turn(state, action)
    if found:
        return found
    return check_rules(state, action)


def check_rules(state: GameState, action: Action) -> list[Violation]:
    """The rules of ``action`` itself, without asking whose turn it is or whether an action
    is left (a module granting an extra action checks the action it wraps with this)."""
    checker = _CHECKS.get(type(action))
    if checker is not None:
        return checker(state, action)
    for check in state.hooks("check"):
        owned = check(state, action)
        if owned is not None:
            return owned
    raise unknown_action(action, state.modules)


def _name(state: GameState, seat: int) -> str:
    return state.players[seat].name


def _check_seat(state: GameState, action: Action) -> list[Violation]:
    """Refuse an action said to be taken by anyone but the player asked to act now."""
    seat = state.current
    if action.seat is None or action.seat == seat:
        return []
    other = (
        _name(state, action.seat)
        if isinstance(action.seat, int) and 0 <= action.seat < len(state.players)
        else Phrase("player.seat", seat=shown(action.seat))
    )
    return [Violation.of(RuleId.NOT_YOUR_TURN, current=_name(state, seat), player=other)]


def _check_turn(state: GameState, action: Action) -> list[Violation]:
    if state.phase == PHASE_OVER:
        return [Violation.of(RuleId.GAME_OVER)]
    seat = state.current
    wrong_seat = _check_seat(state, action)
    if wrong_seat:
        return wrong_seat
    if action.is_main and not state.may_act:
        variant = "final" if state.phase == PHASE_FINAL else "placing" if state.placing else None
        return [Violation.of(RuleId.NO_ACTION_LEFT, variant, player=_name(state, seat))]
    return []


def _check_take(state: GameState, action: TakeMoney) -> list[Violation]:
    cards = action.cards
    if not cards:
        return [Violation.of(RuleId.MONEY_NONE)]
    found = []
    missing = not_among(cards, state.display)
    if missing:
        found.append(
            Violation.of(
                RuleId.MONEY_NOT_DISPLAYED,
                cards=Cards(missing),
                count=len(missing),
                display=Cards(state.display),
            )
        )
    limit = take_limit(state, state.current)
    taken = total(cards)
    if len(cards) > 1 and taken > limit:
        found.append(
            Violation.of(RuleId.MONEY_OVER_LIMIT, cards=Cards(cards), total=taken, limit=limit)
        )
    return found


def _check_buy(state: GameState, action: Buy) -> list[Violation]:
    space, cards = action.space, action.cards
    if space not in MARKET_SPACES:
        return [Violation.of(RuleId.BUY_NO_TILE, "space", space=space)]
    tile = state.market[space - 1]
    if tile is None:
        return [Violation.of(RuleId.BUY_NO_TILE, space=space)]
    player = state.players[state.current]
    for check_payment in state.hooks("check_payment"):
        judged = check_payment(state, state.current, space, tile, cards)
        if judged is not None:
            return judged
    currency = space_currency(space)
    payment = sort_out(cards, player.money, tile.price, in_group(currency.value))
    found = []
    if payment.foreign:
        found.append(
            Violation.of(RuleId.BUY_NOT_IN_HAND, player=player.name, cards=Cards(payment.foreign))
        )
    if payment.wrong:
        found.append(
            Violation.of(
                RuleId.BUY_WRONG_CURRENCY,
                tile=tile,
                space=space,
                currency=_currency_word(currency),
                cards=Cards(payment.wrong),
                count=len(payment.wrong),
            )
        )
    # Too little is a reason of its own only when some right cards were paid: cards not
    # held or in another currency are already the whole reason why "no cards" pay.
    if payment.short and (payment.good or not found):
        found.append(
            Violation.of(
                RuleId.BUY_INSUFFICIENT,
                tile=tile,
                space=space,
                price=tile.price,
                currency=_currency_word(currency),
                cards=Cards(payment.good, none="cards.no-cards"),
                total=payment.paid,
            )
        )
    return found


def _currency_word(currency: Any) -> Any:
    return Phrase(f"currency.{currency.value}")


def _placement_violations(
    state: GameState, seat: int, tile: Tile, cell: Cell, gate: Side | None = None
) -> list[Violation]:
    city = state.players[seat].city
    if gate is None:
        found = [] if city.is_legal(tile, cell) else city.check(tile, cell)
    else:
        found = city.check(tile, cell, gate=gate)
        if not sum(gate_cards(state, seat) for gate_cards in state.hooks("gate_cards")):
            found.append(Violation.of(RuleId.GATE_NO_CARD, player=_name(state, seat)))
    for check_placement in state.hooks("check_placement"):
        found += check_placement(state, seat, tile, cell, gate)
    return found


def _check_build(state: GameState, action: BuildFromReserve) -> list[Violation]:
    player = state.players[state.current]
    if action.tile not in player.reserve:
        return [Violation.of(RuleId.REDESIGN_NOT_IN_RESERVE, player=player.name, tile=action.tile)]
    return _placement_violations(state, state.current, action.tile, action.cell, action.gate)


def _check_remove(state: GameState, action: MoveToReserve) -> list[Violation]:
    return state.players[state.current].city.check_removal(action.cell)


def _check_swap(state: GameState, action: SwapWithReserve) -> list[Violation]:
    player = state.players[state.current]
    if action.tile not in player.reserve:
        return [Violation.of(RuleId.REDESIGN_NOT_IN_RESERVE, player=player.name, tile=action.tile)]
    city = player.city
    if city.get(action.cell) == action.tile:
        return [
            Violation.of(
                RuleId.REDESIGN_SAME_TILE, cells=(action.cell,), tile=action.tile, cell=action.cell
            )
        ]
    if swap_is_legal(city, action.cell, action.tile):
        return []
    return city.check_swap(action.cell, action.tile) or [
        Violation.of(RuleId.REDESIGN_EMPTY, cells=(action.cell,), cell=action.cell)
    ]


def _check_bought(state: GameState, tile: Tile) -> list[Violation]:
    player = state.players[state.current]
    if tile not in player.bought:
        return [Violation.of(RuleId.PLACE_NOT_BOUGHT, player=player.name, tile=tile)]
    return []


def _check_place(state: GameState, action: PlaceTile) -> list[Violation]:
    return _check_bought(state, action.tile) or _placement_violations(
        state, state.current, action.tile, action.cell, action.gate
    )


def _check_reserve(state: GameState, action: ReserveTile) -> list[Violation]:
    return _check_bought(state, action.tile)


def _check_give(state: GameState, action: GiveToNeutral) -> list[Violation]:
    if state.neutral is None:
        return [Violation.of(RuleId.PLACE_NO_NEUTRAL)]
    if state.phase == PHASE_FINAL:
        return [Violation.of(RuleId.PLACE_NO_NEUTRAL, "final")]
    return _check_bought(state, action.tile)


def _check_end(state: GameState, action: EndTurn) -> list[Violation]:
    player = state.players[state.current]
    if player.bought:
        variant = "neutral" if state.neutral and state.phase == PHASE_PLAY else None
        return [
            Violation.of(RuleId.PLACE_FIRST, variant, player=player.name, tiles=list(player.bought))
        ]
    if state.phase == PHASE_PLAY and not state.actions and len(legal_actions(state)) > 1:
        return [Violation.of(RuleId.ACT_FIRST, player=player.name)]
    return []


_CHECKS: dict[type, Callable[[GameState, Any], list[Violation]]] = {
    TakeMoney: _check_take,
    Buy: _check_buy,
    BuildFromReserve: _check_build,
    MoveToReserve: _check_remove,
    SwapWithReserve: _check_swap,
    PlaceTile: _check_place,
    ReserveTile: _check_reserve,
    GiveToNeutral: _check_give,
    EndTurn: _check_end,
}


# -- applying an action ---------------------------------------------------------------------
def apply_action(state: GameState, action: Action | str) -> GameState:
    """The state after ``action``; raises :class:`IllegalActionError` (listing every broken
    rule) and leaves ``state`` untouched when the action is not legal."""
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
        tile = _draw_tile(state, rng)
        space = index + 1
        if tile is None:
            short = True
            state.note("event.market-short", space=space)
            continue
        state.market[index] = tile
        state.note("event.market", tile=tile.code, space=space, currency=_CURRENCY_NAMES[index])
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
            _neutral_draw(state, NEUTRAL_AFTER_FIRST if round_ == 1 else len(state.bag) // 3)


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
    from .tiles import Building

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

"""Every rule an action breaks: :func:`check_action` (whose turn, what is left of it) and
:func:`check_rules` (the rules of the action itself), each answering with all the violations.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .actions import (
    Action,
    BuildFromReserve,
    Buy,
    EndTurn,
    GiveToNeutral,
    MoveToReserve,
    PlaceTile,
    ReserveTile,
    SwapWithReserve,
    TakeMoney,
    check_module_on,
    parse_action,
    unknown_action,
)
from .geometry import Cell, Side
from .listing import legal_actions, swap_is_legal, take_limit
from .messages import Phrase, shown
from .money import (
    MARKET_SPACES,
    Cards,
    not_among,
    space_currency,
    total,
)
from .payment import (
    in_group,
    sort_out,
)
from .phases import PHASE_FINAL, PHASE_OVER, PHASE_PLAY
from .state import (
    GameState,
)
from .tiles import Tile
from .violations import RuleId, Violation


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
                money=Phrase(f"amount.{currency.value}", count=tile.price),
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

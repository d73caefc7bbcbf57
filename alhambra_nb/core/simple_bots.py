"""The simple computer players: a random one and a greedy one.

A bot is anything with ``choose(state) -> Action``; it sees the same
:class:`~.state.GameState` and the same legal actions as a learner.

- :class:`RandomBot` picks uniformly among the legal actions (seeded);
- :class:`GreedyBot` plays sensibly: exact payments first, tiles placed where they win
  majorities and lengthen the wall, money taken to make exact payments possible.

The searching player builds on the greedy one (:mod:`.search`); :mod:`.bots` names them all
and plays whole games with them.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import Protocol

from .actions import (
    Action,
    BuildFromReserve,
    Buy,
    EndTurn,
    IllegalActionError,
    PlaceTile,
    ReserveTile,
    TakeMoney,
)
from .camps import camp_points
from .city import City
from .errors import AlhambraError
from .geometry import Cell
from .limits import check_bot_seed
from .listing import buy_options, holding_module, legal_actions, take_options
from .money import CURRENCY, MARKET_SPACES, VALUE, space_currency, total
from .payment import can_pay_exactly
from .phases import PHASE_PLAY
from .scoring import POINTS
from .state import GameState
from .tiles import Tile
from .violations import RuleId, Violation


class Bot(Protocol):
    """A computer player."""

    def choose(self, state: GameState) -> Action:
        """The action to take in ``state`` (always one of its legal actions)."""
        ...


class BotError(AlhambraError):
    """Raised when :func:`simulate` is given something that is not a bot, e.g. ``'clever'``."""


class RandomBot:
    """Picks uniformly at random among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = check_bot_seed(seed, BotError)
        self._random = random.Random(seed)

    def choose(self, state: GameState) -> Action:
        actions = legal_actions(state)
        count = len(actions)
        if not count:  # the game is over
            raise IllegalActionError([Violation.of(RuleId.GAME_OVER)])
        return actions[self._random.randrange(count)]

    def __repr__(self) -> str:
        return f"RandomBot(seed={self.seed})"


class GreedyBot:
    """A sensible player that looks one action ahead.

    - buys with an exact payment whenever a tile is worth having (the extra action is free);
    - overpays only by a little, and only for a tile it wants;
    - otherwise takes the money that makes exact payments possible, or the most money;
    - builds bought and reserved tiles where they lengthen its longest wall, and keeps a
      tile in reserve only when no cell takes it.
    """

    def __init__(self, seed: int = 0) -> None:
        self.seed = check_bot_seed(seed, BotError)
        self._random = random.Random(seed)

    def __repr__(self) -> str:
        return f"GreedyBot(seed={self.seed})"

    def choose(self, state: GameState) -> Action:
        # The rules modules know their own moves: auction bids, characters, gates.
        holder = holding_module(state)
        if holder is not None:  # play is held: only its moves count
            return holder.advise(state, self) or legal_actions(state)[0]
        for advise in state.hooks("advise"):
            advice = advise(state, self)
            if advice is not None:
                return advice
        seat = state.current
        player = state.players[seat]
        if player.bought:
            return self._place(state, player.bought[0])
        if state.phase != PHASE_PLAY or not state.may_act:
            return EndTurn()
        buy = self.best_buy(state)
        if buy is not None:
            return buy
        build = self.best_build(state)
        if build is not None:
            return build
        return self._best_take(state)

    # -- valuing tiles --------------------------------------------------------------------
    def tile_value(self, state: GameState, tile: Tile) -> float:
        """How much ``tile`` is worth to the current player: the majority points it may
        win or secure, weighted by how contested its type is (a rules module may know
        better, e.g. what a camp's arrows score)."""
        for hook in state.hooks("tile_value"):
            value = hook(state, state.current, tile)
            if value is not None:
                return value
        if tile.building is None:
            return 1.0
        seat = state.current
        mine = state.players[seat].city.building_counts()[tile.building] + sum(
            1 for t in state.players[seat].reserve if t.building is tile.building
        )
        others = [
            p.city.building_counts()[tile.building]
            for i, p in enumerate(state.players)
            if i != seat
        ]
        if state.neutral is not None:
            others.append(sum(1 for t in state.neutral.tiles if t.building is tile.building))
        best_other = max(others)
        first = POINTS[3][tile.building][0]
        if mine + 1 > best_other:
            weight = 1.0 if mine <= best_other else 0.4  # winning vs. padding a lead
        elif mine + 1 == best_other:
            weight = 0.8
        elif best_other - mine <= 2:
            weight = 0.3
        else:
            weight = 0.1
        return first * weight + len(tile.walls)

    # -- what a rules module may ask of the bot when it advises (see Module.advise) --------
    def best_buy(self, state: GameState) -> Action | None:
        """The purchase this bot would make now, or ``None`` when none is worth it."""
        player = state.players[state.current]
        best: tuple[float, int, tuple[str, ...]] | None = None
        for space, cards in buy_options(state, player):
            tile = state.market[space - 1]
            assert tile is not None
            if not player.city.legal_cells(tile) and not state.actions:
                continue
            overpay = total(cards) - tile.price
            value = self.tile_value(state, tile)
            if overpay == 0:
                value += 6  # another action
            elif overpay > 2 or value < 10:
                continue
            value -= 2 * overpay
            if best is None or value > best[0]:
                best = (value, space, cards)
        if best is None:
            return None
        return Buy(best[1], best[2])

    def best_build(self, state: GameState) -> Action | None:
        """A tile of the reserve this bot would build now, or ``None``."""
        player = state.players[state.current]
        for tile in player.reserve:
            cells = player.city.legal_cells(tile)
            if cells:
                return BuildFromReserve(tile, self.best_cell(state, player.city, tile, cells))
        return None

    def _best_take(self, state: GameState) -> Action:
        player = state.players[state.current]
        best: tuple[float, tuple[str, ...]] | None = None
        for cards in take_options(state, state.current):
            value = float(total(cards))
            taken = {CURRENCY.get(c) for c in cards}
            for space, tile in exactly_payable(state, [*player.money, *cards]):
                if space_currency(space) in taken:
                    value += 0.5 * self.tile_value(state, tile)
            if best is None or value > best[0]:
                best = (value, cards)
        if best is None:  # an empty display: any legal action (at worst, a pass)
            return legal_actions(state)[0]
        return TakeMoney(best[1])

    # -- placing --------------------------------------------------------------------------
    def _place(self, state: GameState, tile: Tile) -> Action:
        city = state.players[state.current].city
        cells = city.legal_cells(tile)
        if not cells:
            return ReserveTile(tile)
        return PlaceTile(tile, self.best_cell(state, city, tile, cells))

    def best_cell(self, state: GameState, city: City, tile: Tile, cells: Iterable[Cell]) -> Cell:
        """Where this bot builds ``tile`` among ``cells``: the longest wall (with a camp's
        arrows), then the cell nearest the fountain."""
        best = None
        for cell in sorted(cells, key=lambda c: (c[1], c[0])):
            trial = city.copy()
            trial.place(tile, cell)
            # Longest wall first (with a camp's arrows); then keep the city compact.
            # The wall as this game scores it (a closed ring n or n - 1).
            wall = trial.longest_wall(state.variants.ring)
            points = wall + (camp_points(trial.tiles()) if tile.is_camp else 0)
            key = (points, -abs(cell[0]) - abs(cell[1]))
            if best is None or key > best[0]:
                best = (key, cell)
        assert best is not None
        return best[1]


def exactly_payable(state: GameState, hand: Sequence[str]) -> list[tuple[int, Tile]]:
    """The market's spaces and tiles that ``hand`` pays for exactly."""
    found = []
    for space in MARKET_SPACES:
        tile = state.market[space - 1]
        if tile is None:
            continue
        currency = space_currency(space)
        values = [VALUE[c] for c in hand if CURRENCY.get(c) is currency]
        if can_pay_exactly(values, tile.price):
            found.append((space, tile))
    return found

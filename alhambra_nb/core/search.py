"""A computer player that searches, and the hint that explains its choice.

:class:`SearchBot` is determinized Monte Carlo search (the root of information-set MCTS):

- it never looks at what the player to act cannot see. Each sample *imagines* the hidden
  parts anew (:func:`imagined`): the money deck's order (each scoring card stays in its
  pile, as at the table), the bag's draws, and what a rules module keeps face down
  (:meth:`~.socket.Module.conceal`);
- in each imagined game every candidate main action is played out by sensible players
  (:class:`~.bots.GreedyBot` for everyone, the searcher included) until every player has had
  two turns, and the position reached is valued by :func:`outlook`: points so far plus the
  points today's majorities and walls would bring at the scorings still to come, plus the
  money in hand;
- the candidates share the same imagined games (so luck cancels out between them) and the
  weaker half is dropped after each round of samples (sequential halving), until
  ``simulations`` play-outs are spent or ``time`` seconds have passed.

Placing bought tiles, and the moments a rules module holds play (an auction), are left to
the greedy player's judgement: the search weighs the choices that shape a game.

:func:`hint` asks the search for the current player's best move and the two runners-up, and
says in words what each does: majorities won or defended at the next scoring, wall gained,
an exact payment's extra action, money kept for the market.
"""

from __future__ import annotations

import math
import random
import time as clock
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from .actions import (
    Action,
    BuildFromReserve,
    Buy,
    EndTurn,
    MoveToReserve,
    PlaceTile,
    ReserveTile,
    SwapWithReserve,
    TakeMoney,
)
from .errors import AlhambraError
from .events import Event
from .geometry import Cell
from .limits import check_bot_seed
from .listing import holding_module, legal_actions
from .messages import Phrase, render, shown
from .money import VALUE, Cards, total
from .new_game import money_at_setup, pile_lengths
from .phases import PHASE_OVER, PHASE_PLAY
from .scoring import score_round
from .simple_bots import GreedyBot, exactly_payable
from .state import GameState
from .tiles import Building, Tile
from .turns import DISPLAY_SIZE, Turn, apply_in_place

ROUNDS_AHEAD = 2
"""How many rounds of turns a play-out looks ahead before the position is valued."""

PLAYOUT_ACTIONS = 400
"""A guard: a play-out stops after this many actions whatever happens."""


MAX_SIMULATIONS = 1_000_000
"""The most play-outs a searching bot is asked for per move (about an hour of thinking)."""


class SearchError(AlhambraError):
    """Raised when a :class:`SearchBot` is made with a bad setting (``simulations=0``)."""


# -- the hidden parts, imagined -----------------------------------------------------------
def imagined(state: GameState, rng: random.Random) -> GameState:
    """A copy of ``state`` where everything no player can see is dealt anew with ``rng``:
    what the bag gives next, the order of the money deck (scoring and module cards stay in
    their piles), and what the rules modules keep face down. What is on the table, in the
    players' hands and in the log is unchanged."""
    world = state.copy()
    # The bag's draws and every reshuffle come from the game's seed: a new seed, new luck.
    world.seed = rng.getrandbits(48)
    world.deck = _reshuffled_deck(state, rng)
    turn = Turn(world)
    for conceal in world.hooks("conceal"):
        conceal(turn, rng)
    return world


def _reshuffled_deck(state: GameState, rng: random.Random) -> list[str]:
    deck = state.deck
    # Sorted first: what the shuffle gives must not depend on the real order.
    money = sorted(card_id for card_id in deck if card_id in VALUE)
    rng.shuffle(money)
    if len(money) == len(deck):
        return money
    # Cards that are no money (scoring cards, characters) were shuffled into given piles, and
    # the deck is still the one set up (a reshuffle comes only once it is empty): each such
    # card may lie anywhere in its own pile, and the money anywhere else.
    piles = _piles_left(state)
    if not piles or piles[0][0] != 0 or piles[-1][1] != len(deck):
        # A deck that is not what its setup made (a game staged by hand): leave such cards
        # where they lie rather than guess.
        piles = [(index, index + 1) for index, card_id in enumerate(deck) if card_id not in VALUE]
    new: list[str | None] = [None] * len(deck)
    for start, stop in piles:
        special = sorted(card_id for card_id in deck[start:stop] if card_id not in VALUE)
        for card_id, index in zip(
            special, rng.sample(range(start, stop), len(special)), strict=True
        ):
            new[index] = card_id
    spare = iter(money)
    return [card_id if card_id is not None else next(spare) for card_id in new]


def _piles_left(state: GameState) -> list[tuple[int, int]]:
    """Where the piles set up at the start lie in what is left of the deck (drawn from the
    top, so the first piles go first). Read from what everyone saw: how many cards there
    are, and how many were dealt as starting money and to the display."""
    n, modules = len(state.players), state.ruleset.modules
    dealt = _dealt_at_setup(state)
    lengths = pile_lengths(money_at_setup(n, modules) - dealt - DISPLAY_SIZE, modules, n)
    drawn = sum(lengths) - len(state.deck)
    piles, start = [], 0
    for length in lengths:
        stop = start + length
        if stop > drawn:
            piles.append((max(start, drawn) - drawn, stop - drawn))
        start = stop
    return piles


def _dealt_at_setup(state: GameState) -> int:
    """How many money cards the players were dealt as starting money (as the log says)."""
    return sum(params["count"] for key, params in state.log.entries() if key == "event.money")


# -- what a position is worth --------------------------------------------------------------
PARTS = ("points", "next scoring", "later scorings", "coins", "reserve")
"""What a player's outlook is made of (see :func:`outlook_parts`)."""

WEIGHTS: tuple[float, ...] = (1.0, 1.0, 1.0, 0.2, 0.5)
"""What each of :data:`PARTS` is worth in points: a scoring to come as much as one scored
(today's majorities are the best guess at tomorrow's), a coin a fifth of a point, a reserve
tile half a point. Set by playing against ``GreedyBot`` (``benchmarks/bots.py``); weights
fitted to greedy games' final margins played far worse, as they value money at nothing."""


def outlook(state: GameState) -> dict[str, float]:
    """Each player's points as the game stands: points so far, and what today's majorities
    and walls bring at the scorings still to come, coins in hand and tiles on the reserve
    board, weighed by :data:`WEIGHTS` (the neutral player's too, by name). The final
    scores once the game is over."""
    parts = outlook_parts(state)
    if state.phase == PHASE_OVER:
        return {name: found[0] for name, found in parts.items()}
    return {
        name: sum(w * part for w, part in zip(WEIGHTS, found, strict=True))
        for name, found in parts.items()
    }


def outlook_parts(state: GameState) -> dict[str, list[float]]:
    """Each player's :data:`PARTS` (the neutral player's too, by name)."""
    counts = {p.name: p.city.building_counts() for p in state.players}
    walls = {p.name: p.city.longest_wall(state.variants.ring) for p in state.players}
    parts = {
        p.name: [float(p.score), 0.0, 0.0, float(total(p.money)), len(p.reserve)]
        for p in state.players
    }
    if state.neutral is not None:
        counts[state.neutral.name] = state.neutral.building_counts()
        walls[state.neutral.name] = 0
        parts[state.neutral.name] = [float(state.neutral.score), 0.0, 0.0, 0.0, 0.0]
    for later, round_ in enumerate(scorings_to_come(state)):
        totals = score_round(counts, walls, round=round_, variants=state.variants).totals
        for name, gained in totals.items():
            parts[name][2 if later else 1] += gained
    return parts


def scorings_to_come(state: GameState) -> list[int]:
    """The scoring rounds (1-3) not yet scored."""
    done = {record["round"] for record in state.scorings}
    return [round_ for round_ in (1, 2, 3) if round_ not in done]


def lead(state: GameState, seat: int) -> float:
    """How far ``seat`` is ahead of the best other player, in :func:`outlook` points."""
    points = outlook(state)
    names = state.names
    rivals = [points[name] for i, name in enumerate(names) if i != seat]
    return points[names[seat]] - max(rivals)


# -- the search -----------------------------------------------------------------------------
@dataclass(frozen=True)
class Rated:
    """A candidate action and what the search found: the mean lead over the best rival
    :data:`ROUNDS_AHEAD` rounds of turns later, over ``samples`` imagined games."""

    action: Action
    lead: float
    samples: int


@dataclass
class _Tally:
    action: Action
    total: float = 0.0
    samples: int = 0

    @property
    def mean(self) -> float:
        return self.total / self.samples if self.samples else -math.inf


class SearchBot:
    """A computer player that thinks ahead (see the module's docstring).

    ``simulations`` play-outs per decision, at most ``time`` seconds per decision (``None``:
    no limit). With a fixed ``seed`` and no time limit reached, the same position gets the
    same move: the count decides, not the clock.
    """

    def __init__(self, seed: int = 0, *, time: float | None = 1.0, simulations: int = 64) -> None:
        if not isinstance(simulations, int) or isinstance(simulations, bool) or simulations < 1:
            raise SearchError(render("refusal.simulations", {"value": shown(simulations)}))
        if simulations > MAX_SIMULATIONS:  # with no time limit, a move would never come
            words = {"most": MAX_SIMULATIONS, "value": shown(simulations)}
            raise SearchError(render("refusal.simulations-many", words))
        if time is not None and (
            not isinstance(time, (int, float)) or isinstance(time, bool) or not time > 0
        ):
            raise SearchError(render("refusal.search-time", {"value": shown(time)}))
        self.seed = check_bot_seed(seed, SearchError)
        self.time = time
        self.simulations = simulations
        self._random = random.Random(seed)
        self.greedy = GreedyBot(seed)
        """The player of the play-outs, and of the moves the search leaves alone."""

    def __repr__(self) -> str:
        return f"SearchBot(seed={self.seed}, time={self.time}, simulations={self.simulations})"

    def choose(self, state: GameState) -> Action:
        if not is_decision(state):
            return self.greedy.choose(state)
        return self.ranked(state)[0].action

    def ranked(self, state: GameState) -> list[Rated]:
        """The candidate actions of ``state``, best first, with what the search found."""
        tallies = [_Tally(action) for action in candidates(state, self.greedy)]
        if len(tallies) > 1:
            self._halve(state, tallies)
        order = sorted(tallies, key=lambda t: (-t.samples, -t.mean))
        return [Rated(t.action, t.mean if t.samples else 0.0, t.samples) for t in order]

    def _halve(self, state: GameState, tallies: list[_Tally]) -> None:
        deadline = None if self.time is None else clock.perf_counter() + self.time
        alive = list(tallies)
        rounds = max(1, math.ceil(math.log2(len(alive))))
        spent = 0
        for round_ in range(rounds):
            budget = (self.simulations - spent) // (rounds - round_)
            samples = max(1, budget // len(alive))
            for _ in range(samples):
                world = imagined(state, self._random)
                for tally in alive:
                    tally.total += playout(world, tally.action, self.greedy)
                    tally.samples += 1
                    spent += 1
                if deadline is not None and clock.perf_counter() > deadline:
                    return
            alive.sort(key=lambda t: -t.mean)
            alive = alive[: max(1, len(alive) // 2)]


def is_decision(state: GameState) -> bool:
    """Whether the player to act chooses a main action now (what the search weighs)."""
    if state.phase != PHASE_PLAY or not state.may_act:
        return False
    if state.players[state.current].bought:
        return False
    return not (state.modules and holding_module(state) is not None)


def candidates(state: GameState, greedy: GreedyBot) -> list[Action]:
    """The main actions worth searching: every way of taking money, each market tile bought
    with an exact payment or the smallest overpayment, each reserve tile built where the
    greedy player would build it, ending the turn, the modules' own actions, and whatever
    the greedy player would do. Moving tiles about in the Alhambra is left out."""
    found: dict[str, Action] = {}
    buys: dict[int, list[Buy]] = {}
    for action in legal_actions(state):
        if isinstance(action, Buy):
            buys.setdefault(action.space, []).append(action)
        elif not isinstance(action, (MoveToReserve, SwapWithReserve, BuildFromReserve)):
            found.setdefault(str(action), action)
    for space, options in buys.items():
        for action in _worth_paying(options, state.market[space - 1]):
            found.setdefault(str(action), action)
    built = greedy.best_build(state)
    for chosen in (built, greedy.choose(state)):
        if chosen is not None:
            found.setdefault(str(chosen), chosen)
    return list(found.values())


def _worth_paying(options: Sequence[Buy], tile: Tile | None) -> list[Buy]:
    """An exact payment, if there is one, and the smallest overpayment."""
    price = tile.price if tile is not None else 0
    exact = [buy for buy in options if total(buy.cards) == price]
    over = [buy for buy in options if total(buy.cards) != price]
    return exact[:1] + ([min(over, key=lambda buy: total(buy.cards))] if over else [])


def playout(world: GameState, action: Action, player: GreedyBot) -> float:
    """Play ``action`` in a copy of ``world`` and every turn after it for
    :data:`ROUNDS_AHEAD` rounds of turns (or until the game is over); the lead of the one who
    acted then."""
    state = world.copy()
    seat = state.current
    stop = state.turn + ROUNDS_AHEAD * len(state.players)
    apply_in_place(state, action)
    for _ in range(PLAYOUT_ACTIONS):
        if state.phase == PHASE_OVER or state.turn >= stop:
            break
        apply_in_place(state, player.choose(state))
    return lead(state, seat)


# -- the hint --------------------------------------------------------------------------------
class HintError(AlhambraError):
    """Raised when a hint is asked for where there is no move to make (a finished game)."""


@dataclass(frozen=True)
class Suggestion:
    """A move the hint suggests: the action, what it does in words, and how far ahead of the
    best rival it left the player :data:`ROUNDS_AHEAD` rounds later in the games played out
    (``samples`` of them; none when there was only this move to weigh)."""

    action: Action
    lead: float
    samples: int
    what: Phrase | Event
    """The move in words (a rules module's move: as the log says it once made)."""
    why: tuple[Phrase, ...] = field(default=())

    def move(self, language: str | None = None) -> str:
        """The move in words."""
        if isinstance(self.what, Event):
            return self.what.sentence(language)
        return render(self.what.key, self.what.params, language)

    def effects(self, language: str | None = None) -> list[str]:
        """What the move does, one sentence each."""
        return [render(p.key, p.params, language) for p in self.why]

    def describe(self, language: str | None = None) -> str:
        """The move, then what it does: a sentence a line (short lines read well in a
        notebook, and no language needs a space between its sentences)."""
        return "\n".join([self.move(language), *self.effects(language)])

    def __str__(self) -> str:
        return self.describe()


@dataclass(frozen=True)
class Hint:
    """The moves the search prefers for ``player``, best first."""

    player: str
    suggestions: tuple[Suggestion, ...]

    def describe(self, language: str | None = None) -> str:
        """A heading, then each move numbered with what it does indented below it."""
        lines = [render("hint.heading", {"player": self.player}, language)]
        for number, suggestion in enumerate(self.suggestions, 1):
            move, *effects = suggestion.describe(language).split("\n")
            lines += [f"{number}. {move}", *(f"   {effect}" for effect in effects)]
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.describe()


def hint(game: Any, *, seed: int = 0, simulations: int = 120, time: float | None = 2.0) -> Hint:
    """The current player's best move and the two runners-up, as the search sees them, each
    with what it does in words. ``game`` is a :class:`~.game.Game` or its state; ``seed``,
    ``simulations`` and ``time`` are the search's (see :class:`SearchBot`). Where the player
    only places bought tiles or answers a rules module, the one move a greedy player would
    make is suggested."""
    state = getattr(game, "state", game)
    if not isinstance(state, GameState):
        raise HintError(render("refusal.hint-game", {"value": shown(game)}))
    if state.phase == PHASE_OVER:
        raise HintError(render("refusal.hint-over", {}))
    bot = SearchBot(seed, time=time, simulations=simulations)
    decided = is_decision(state)
    rated = bot.ranked(state)[:3] if decided else [Rated(bot.choose(state), 0.0, 0)]
    player = state.players[state.current].name
    return Hint(player, tuple(_suggestion(state, r, rated[0], bot.greedy) for r in rated))


def _suggestion(state: GameState, rated: Rated, best: Rated, greedy: GreedyBot) -> Suggestion:
    action = rated.action
    why = [*_effects(state, action, greedy), *_search_words(rated, best)]
    return Suggestion(action, rated.lead, rated.samples, _move_words(state, action), tuple(why))


def _search_words(rated: Rated, best: Rated) -> list[Phrase]:
    """How the move did in the search, against the best one."""
    if not rated.samples:
        return []
    if rated is best:
        return [Phrase("hint.best")]
    worse = round(best.lead - rated.lead)
    return [Phrase("hint.worse", count=worse) if worse > 0 else Phrase("hint.as-good")]


def _move_words(state: GameState, action: Action) -> Phrase | Event:
    if isinstance(action, Buy):
        tile = state.market[action.space - 1]
        return Phrase("hint.buy", tile=tile, space=action.space, cards=Cards(action.cards))
    if isinstance(action, TakeMoney):
        return Phrase("hint.take", cards=Cards(action.cards))
    if isinstance(action, (BuildFromReserve, PlaceTile)):
        key = "hint.build" if isinstance(action, BuildFromReserve) else "hint.place"
        return Phrase(key, tile=action.tile, cell=action.cell)
    if isinstance(action, ReserveTile):
        return Phrase("hint.reserve", tile=action.tile)
    if isinstance(action, EndTurn):
        return Phrase("hint.end")
    # A rules module's own move: say it as the game's log would once it is made.
    after = state.copy()
    apply_in_place(after, action)
    made = after.log[len(state.log) :]
    return made[0] if made else Phrase("hint.other")


def _effects(state: GameState, action: Action, greedy: GreedyBot) -> list[Phrase]:
    seat = state.current
    player = state.players[seat]
    if isinstance(action, Buy):
        tile = state.market[action.space - 1]
        assert tile is not None
        paid = total(action.cards)
        pay = (
            Phrase("hint.exact")
            if paid == tile.price
            else Phrase("hint.overpay", count=paid - tile.price)
        )
        return [pay, *_tile_effects(state, seat, tile, None, greedy)]
    if isinstance(action, (BuildFromReserve, PlaceTile)):
        return _tile_effects(state, seat, action.tile, action.cell, greedy)
    if isinstance(action, TakeMoney):
        hand = [*player.money, *action.cards]
        found = [Phrase("hint.money-kept", count=total(hand))]
        before = exactly_payable(state, player.money)
        newly = [
            tile
            for found in exactly_payable(state, hand)
            if found not in before
            for tile in found[1:]
        ]
        if newly:
            found.append(Phrase("hint.exact-later", tiles=newly, count=len(newly)))
        return found
    if isinstance(action, EndTurn):
        return [Phrase("hint.money-kept", count=total(player.money))]
    return []


def _tile_effects(
    state: GameState, seat: int, tile: Tile | None, cell: Cell | None, greedy: GreedyBot
) -> list[Phrase]:
    """What building ``tile`` does: the wall it adds and the majority it wins or defends at
    the next scoring (built at ``cell``, or where the greedy player would build it)."""
    if tile is None:
        return []
    city = state.players[seat].city
    if cell is None:
        cells = city.legal_cells(tile)
        if not cells:
            return [Phrase("hint.no-cell", tile=tile)]
        cell = greedy.best_cell(state, city, tile, cells)
    found = []
    trial = city.copy()
    trial.place(tile, cell)
    ring = state.variants.ring
    before, after = city.longest_wall(ring), trial.longest_wall(ring)
    if after > before:
        found.append(Phrase("hint.wall", before=before, length=after))
    if tile.building is not None:
        found.append(_majority(state, seat, tile.building))
    return found


def _majority(state: GameState, seat: int, building: Building) -> Phrase:
    """Where one more ``building`` puts ``seat`` against the best rival, and what the most
    of that type is worth at the next scoring."""
    mine = state.players[seat].city.building_counts()[building]
    rivals = [
        (p.city.building_counts()[building], p.name)
        for i, p in enumerate(state.players)
        if i != seat
    ]
    if state.neutral is not None:
        rivals.append((state.neutral.building_counts()[building], state.neutral.name))
    best, rival = max(rivals, key=lambda item: item[0])
    coming = scorings_to_come(state)
    points = state.variants.points(coming[0], building)[0] if coming else 0
    words = {"building": building, "mine": mine + 1, "best": best, "rival": rival, "count": points}
    if mine + 1 > best:
        return Phrase("hint.majority-defend" if mine > best else "hint.majority-win", **words)
    if mine + 1 == best:
        return Phrase("hint.majority-level", **words)
    return Phrase("hint.majority-behind", **words)

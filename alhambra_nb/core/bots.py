"""Computer players by name, and whole simulated games.

- :class:`RandomBot` picks uniformly among the legal actions (seeded);
- :class:`GreedyBot` plays sensibly (both in :mod:`.simple_bots`);
- :class:`~.search.SearchBot` thinks ahead: it plays each candidate out in imagined games;
- :func:`bot_for` makes one of the :data:`LEVELS` by name;
- :func:`simulate` plays a whole game with bots and returns the finished :class:`Game`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .actions import Action
from .game import Game
from .messages import render, shown
from .phases import PHASE_OVER
from .search import SearchBot
from .simple_bots import Bot, BotError, GreedyBot, RandomBot, exactly_payable
from .turns import Turn, apply_in_place, carry_out
from .variants import Variants

__all__ = [
    "LEVELS",
    "Bot",
    "BotError",
    "GreedyBot",
    "RandomBot",
    "SearchBot",
    "SimulationError",
    "bot_for",
    "exactly_payable",
    "simulate",
]


LEVELS: tuple[str, ...] = ("random", "greedy", "search", "search-strong")
"""The computer players by name, weakest first: random, greedy, and a search at two
strengths (the stronger thinks longer)."""

_SEARCH_STRENGTH: dict[str, dict[str, Any]] = {"search": {"simulations": 24, "time": 0.5}}
_SEARCH_STRENGTH["search-strong"] = {"simulations": 64, "time": 1.0}


def bot_for(spec: object, seed: int = 0) -> Bot:
    """A computer player: one of :data:`LEVELS` by name (``None`` is ``"random"``), made with
    ``seed``; a bot class, made with ``seed``; or a bot itself."""
    if spec is None or spec == "random":
        return RandomBot(seed)
    if spec == "greedy":
        return GreedyBot(seed)
    if isinstance(spec, str) and spec in _SEARCH_STRENGTH:
        return SearchBot(seed, **_SEARCH_STRENGTH[spec])
    if isinstance(spec, type) and hasattr(spec, "choose"):
        return spec(seed)
    if hasattr(spec, "choose"):
        return spec
    raise BotError(render("refusal.bot", {"value": shown(spec)}))


MAX_ACTIONS = 10_000_000
"""The most actions a simulated game is given to end in (a real game takes about 700)."""


def simulate(
    players: int | Sequence[str] = 4,
    bots: Sequence[object] | object | None = None,
    seed: int = 0,
    *,
    max_actions: int = 20_000,
    modules: Sequence[str] = (),
    variants: Variants | Mapping[str, Any] | None = None,
) -> Game:
    """Play a whole game with bots and return it, finished (its history and log kept).

    ``bots`` is one bot spec for everyone or one per seat: ``'random'`` (the default),
    ``'greedy'``, ``'search'``, ``'search-strong'`` (see :data:`LEVELS`), a bot class (made
    with a seed derived from ``seed``) or a bot object.
    ``modules`` switches on expansion II rules modules and ``variants`` reads the disputed
    rules another way, as in :class:`Game`.
    """
    if (
        not isinstance(max_actions, int)
        or isinstance(max_actions, bool)
        or not (1 <= max_actions <= MAX_ACTIONS)
    ):
        words = {"most": MAX_ACTIONS, "value": shown(max_actions)}
        raise BotError(render("refusal.max-actions", words))
    game = Game(players, seed=seed, modules=modules, variants=variants)
    seed = game.state.seed  # the one Game chose when given None
    n = len(game.state.players)
    specs = list(bots) if isinstance(bots, Sequence) and not isinstance(bots, str) else [bots] * n
    if len(specs) != n:
        raise BotError(render("refusal.bots", {"count": n, "given": len(specs)}))
    seated = [bot_for(spec, seed * 1000 + seat) for seat, spec in enumerate(specs)]
    # The fast path: one private state changed in place by the same rules as Game.apply,
    # keeping the actions (undo replays them) but no state per action. A RandomBot draws
    # its action from legal_actions, so only other bots' actions are checked again.
    start = game.state
    state = start.copy()
    actions: list[Action] = []
    apply = [carry_out if type(bot) is RandomBot else apply_in_place for bot in seated]
    turn = Turn(state)  # the modules' turn on the one state changed: made once for the game
    for _ in range(max_actions):
        if state.phase == PHASE_OVER:
            return Game.from_playout(start, actions, state)
        seat = state.current
        action = seated[seat].choose(state)
        apply[seat](state, action, turn)
        actions.append(action)
    words = {"seed": seed, "count": max_actions}
    raise SimulationError(render("refusal.simulation", words))


class SimulationError(RuntimeError):
    """Raised when a simulated game does not end within its action budget."""

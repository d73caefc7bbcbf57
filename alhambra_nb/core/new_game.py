"""Setting a game up (RULES.md §2, and §7 for two players): :func:`new_state`.

The players and their names, the bag, the market and the money display, the starting money
dealt until each hand holds enough, the money piles with the scoring cards between them, the
start player, and what each switched-on module brings (:meth:`~.plugin.Module.setup`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .city import City
from .errors import AlhambraError
from .limits import check_seed
from .messages import check_language, get_language, render, shown
from .money import (
    SCORING_CARDS,
    STARTING_MONEY,
    money_cards,
    total,
)
from .ruleset import modules_for, ruleset_for
from .state import (
    NEUTRAL_NAMES,
    GameState,
    NeutralState,
    PlayerState,
)
from .tiles import TILES, Tile
from .turns import DISPLAY_SIZE, NEUTRAL_AFTER_FIRST, Turn, draw_tile, neutral_draw
from .variants import Variants, as_variants


class GameSetupError(AlhambraError):
    """Raised when a game is set up with a bad player count or names, e.g. ``players=7``."""


# -- setting a game up --------------------------------------------------------------------
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
    seed = check_seed(seed, GameSetupError)
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
        neutral_draw(state, NEUTRAL_AFTER_FIRST)
    for index in range(4):
        state.market[index] = draw_tile(state, rng)
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

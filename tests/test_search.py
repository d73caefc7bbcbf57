"""SearchBot and the hint: legal moves only in every module combination, seeded, blind to
what no player can see, and a hint that names the exact payment and the majority it wins."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

import alhambra_nb as alh
from alhambra_nb.chapters.stage import GameStage
from alhambra_nb.core.checks import check_action
from alhambra_nb.core.listing import legal_actions
from alhambra_nb.core.money import SCORING_CARDS, VALUE
from alhambra_nb.core.new_game import new_state
from alhambra_nb.core.search import (
    HintError,
    SearchBot,
    SearchError,
    _piles_left,
    hint,
    imagined,
    is_decision,
)

ALL_MODULES = ("gates", "diamonds", "characters", "camps")


class CheckedSearch(SearchBot):
    """A SearchBot whose every move is checked against the rules as it is made."""

    def choose(self, state):
        action = super().choose(state)
        assert check_action(state, action) == [], action
        if is_decision(state):
            assert action in list(legal_actions(state)), action
        return action


@pytest.mark.parametrize(
    ("players", "modules"),
    [
        (2, ()),
        (3, ("gates",)),
        (4, ("diamonds",)),
        (2, ("characters",)),
        (5, ("camps",)),
        (6, ALL_MODULES),
        (2, ALL_MODULES),
    ],
)
def test_search_bot_plays_only_legal_moves_in_every_module_combination(players, modules):
    bots = [CheckedSearch(seat, time=None, simulations=3) for seat in range(2)]
    bots += ["greedy"] * (players - 2)
    game = alh.simulate(players, bots, seed=players, modules=modules)
    assert game.is_over()


def test_search_bot_is_reproducible_for_a_seed_and_a_simulation_count():
    def play(seed):
        bots = [SearchBot(seed, time=None, simulations=6), "greedy"]
        return alh.simulate(2, bots, seed=11).history

    first = play(1)
    assert play(1) == first
    assert play(2) != first  # another seed imagines other games, and somewhere plays otherwise


def _decision(players=2, modules=(), seed=3):
    """A game played greedily up to its tenth main-action decision."""
    game = alh.Game(players, seed=seed, modules=modules)
    bot = alh.GreedyBot(0)
    decisions = 0
    while True:
        if is_decision(game.state):
            decisions += 1
            if decisions == 10:
                return game
        game.apply(bot.choose(game.state))


def _twin(state):
    """The same table with other hidden luck: another seed (the bag's draws) and the money
    cards of the deck in another order, each scoring card still where it lay."""
    twin = state.copy()
    twin.seed = state.seed + 1
    money_at = [i for i, card_id in enumerate(state.deck) if card_id in VALUE]
    cards = [state.deck[i] for i in money_at]
    random.Random(5).shuffle(cards)
    for i, card_id in zip(money_at, cards, strict=True):
        twin.deck[i] = card_id
    assert twin.deck != state.deck
    return twin


def test_search_bot_does_not_see_the_hidden_cards():
    state = _decision().state
    bot = SearchBot(4, time=None, simulations=24)
    ranked = bot.ranked(state)
    assert len({r.lead for r in ranked}) > 1  # the search told the moves apart
    assert SearchBot(4, time=None, simulations=24).ranked(_twin(state)) == ranked


def test_a_search_that_peeked_would_be_caught(monkeypatch):
    # The test above is not blind itself: a search that plays out the real deck and bag
    # instead of imagined ones ranks the twin's moves otherwise.
    from alhambra_nb.core import search

    state = _decision().state
    monkeypatch.setattr(search, "imagined", lambda real, rng: real.copy())
    ranked = SearchBot(4, time=None, simulations=24).ranked(state)
    assert SearchBot(4, time=None, simulations=24).ranked(_twin(state)) != ranked


@pytest.mark.parametrize(("players", "modules"), [(2, ()), (4, ("characters",)), (3, ALL_MODULES)])
def test_imagined_games_keep_what_is_seen_and_each_card_in_its_pile(players, modules):
    state = new_state(players, 9, modules)
    piles = _piles_left(state)
    assert piles[0][0] == 0 and piles[-1][1] == len(state.deck)
    assert all(a[1] == b[0] for a, b in itertools.pairwise(piles))
    pile_of = {i: p for p, (start, stop) in enumerate(piles) for i in range(start, stop)}
    rng = random.Random(2)
    orders = set()
    for _ in range(20):
        world = imagined(state, rng)
        assert _no_characters(world.deck) == _no_characters(state.deck)  # dealt anew below
        assert world.display == state.display and world.market == state.market
        assert [p.money for p in world.players] == [p.money for p in state.players]
        for card_id in SCORING_CARDS:
            assert pile_of[world.deck.index(card_id)] == pile_of[state.deck.index(card_id)]
        orders.add(tuple(world.deck))
    assert len(orders) == 20  # and the rest is dealt anew each time


def _no_characters(cards):
    return Counter(c for c in cards if not c.startswith("character-"))


def test_imagined_characters_are_dealt_anew_among_deck_and_aside():
    state = new_state(3, 4, ("characters",))
    hidden = state.extra["characters"].aside
    in_deck = [c for c in state.deck if c.startswith("character-")]
    rng = random.Random(0)
    seen_aside = set()
    for _ in range(30):
        world = imagined(state, rng)
        aside = world.extra["characters"].aside
        deck = [c for c in world.deck if c.startswith("character-")]
        assert len(aside) == len(hidden) and len(deck) == len(in_deck)
        assert sorted(aside + deck) == sorted(hidden + in_deck)
        seen_aside.update(aside)
    assert seen_aside - set(hidden)  # a character from the deck was imagined aside
    assert state.extra["characters"].aside == hidden  # the real game is untouched


# -- the hint ------------------------------------------------------------------------------
EXACT_TOWER = GameStage(
    players=("Ana", "Ben"),
    seed=2,
    hands={"Ana": ["dirham-3#1", "dirham-4#1", "denar-2#1"], "Ben": ["ducat-2#1", "ducat-3#1"]},
    display=["denar-1#1", "guilder-1#1", "ducat-1#1", "dirham-1#1"],
    market=["garden-12-S", "tower-7-NEW", "chambers-11", "arcades-10"],
    neutral=[],
    current="Ana",
)


def test_hint_names_the_exact_payment_and_the_majority_it_wins():
    game = EXACT_TOWER.game()
    found = hint(game, simulations=60, time=None)
    best = found.suggestions[0]
    assert isinstance(best.action, alh.Buy) and best.action.space == 2
    assert sorted(best.action.cards) == ["dirham-3#1", "dirham-4#1"]
    text = best.describe()
    assert "You pay exactly, so you get another action." in text
    assert "You would have the most tower tiles (1, Ben has 0)" in text
    assert "this move did best" in text
    assert 1 < len(found.suggestions) <= 3
    assert all(s.samples > 0 for s in found.suggestions)
    for other in found.suggestions[1:]:
        assert other.lead <= best.lead
    assert found.describe().startswith("Good moves for Ana now, best first:\n1. Buy the tower")


def test_hint_speaks_the_learners_language():
    found = hint(EXACT_TOWER.game(), simulations=20, time=None)
    german = found.describe("de")
    assert german != found.describe("en") and "Ana" in german
    assert "hint." not in german and "Buy(" not in german
    lines = found.describe().splitlines()
    assert lines[1].startswith("1. ") and all(line.startswith("   ") for line in lines[2:4])
    assert "。 " not in found.describe("ja")  # a sentence a line: no space between sentences


def test_hint_while_placing_suggests_the_greedy_cell_and_its_wall():
    game = EXACT_TOWER.game()
    game.apply("buy 2 with dirham-3#1 dirham-4#1")
    game.apply("end") if not game.state.players[0].bought else None
    found = hint(game)
    (only,) = found.suggestions
    assert isinstance(only.action, alh.PlaceTile) and only.samples == 0
    assert "Your longest wall goes from 0 to" in only.describe()


def test_hint_refuses_a_finished_game_and_what_is_no_game():
    over = alh.simulate(2, "greedy", seed=1)
    with pytest.raises(HintError, match="The game is over"):
        hint(over)
    with pytest.raises(HintError, match="'chess'"):
        hint("chess")


@pytest.mark.parametrize(
    ("settings", "field"),
    [({"simulations": 0}, "0"), ({"simulations": "many"}, "'many'"), ({"time": -1}, "-1")],
)
def test_search_bot_refuses_bad_settings(settings, field):
    with pytest.raises(SearchError, match=field):
        SearchBot(1, **settings)


def test_levels_name_the_bots():
    assert alh.bots.LEVELS == ("random", "greedy", "search", "search-strong")
    made = [alh.bots.bot_for(level, 3) for level in alh.bots.LEVELS]
    assert [type(b).__name__ for b in made] == ["RandomBot", "GreedyBot", "SearchBot", "SearchBot"]
    assert made[3].simulations > made[2].simulations
    assert alh.bots.SearchBot is SearchBot
    with pytest.raises(alh.bots.BotError, match="'search-strong'"):
        alh.bots.bot_for("clever")

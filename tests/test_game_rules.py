"""Each rule of RULES.md §2-§7 on staged positions, with the rulebook examples of §8."""

from __future__ import annotations

import itertools
import json

import pytest

import alhambra_nb as alh
from alhambra_nb.core.listing import legal_actions, removable_cells, swap_is_legal, take_options
from alhambra_nb.core.money import SCORING_CARDS, VALUE, money_cards
from alhambra_nb.core.new_game import new_state
from alhambra_nb.core.payment import minimal_payments
from alhambra_nb.core.phases import PHASE_FINAL, PHASE_OVER
from alhambra_nb.core.turns import apply_action
from tests.test_game_support import (
    build,
    check_invariants,
    set_display,
    set_hand,
    set_market,
    take_tile,
)


def game_of(state: alh.core.GameState) -> alh.Game:
    check_invariants(state)
    return alh.Game.from_state(state)


def rules_of(error: pytest.ExceptionInfo[alh.IllegalActionError]) -> set[str]:
    return {r.value for r in error.value.rules}


def assert_unchanged(game: alh.Game, action: str, *rules: str) -> None:
    """The action is refused with exactly these rule ids and the game is as it was."""
    before = game.to_json()
    with pytest.raises(alh.IllegalActionError) as error:
        game.apply(action)
    assert rules_of(error) == set(rules), error.value
    assert isinstance(error.value, ValueError)
    assert game.to_json() == before


# -- §2 setup -------------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup(players):
    for seed in range(5):
        state = new_state(players, seed)
        check_invariants(state)
        for player in state.players:
            total = sum(VALUE[c] for c in player.money)
            assert 20 <= total <= 28
            # dealt until >= 20: without the last card dealt the hand was short of 20
            assert total - VALUE[player.money[-1]] < 20
        keys = [
            (len(p.money), sum(VALUE[c] for c in p.money), i) for i, p in enumerate(state.players)
        ]
        assert state.current == min(keys)[2]
        assert len(state.display) == 4 and all(t is not None for t in state.market)
        expected_bag = 54 - 4 - (6 if players == 2 else 0)
        assert len(state.bag) == expected_bag
        assert (state.neutral is not None) == (players == 2)
        if state.neutral is not None:
            assert len(state.neutral.tiles) == 6
        _check_piles(state)


def _check_piles(state: alh.core.GameState) -> None:
    """Scoring card 1 lies within pile 2, scoring card 2 within pile 4."""
    money = len(state.deck) - 2
    size, extra = divmod(money, 5)
    sizes = [size + (1 if i < extra else 0) for i in range(5)]
    sizes[1] += 1
    sizes[3] += 1
    starts = [sum(sizes[:i]) for i in range(5)]
    first, second = state.deck.index(SCORING_CARDS[0]), state.deck.index(SCORING_CARDS[1])
    assert starts[1] <= first < starts[2]
    assert starts[3] <= second < starts[4]


def test_two_players_use_72_cards_and_the_neutral_player():
    game = alh.Game(["Ana", "Ben"], seed=3)
    assert len(money_cards(2)) == 72
    assert game.neutral is not None and game.neutral.name == "Dirk"
    assert len(game.neutral.tiles) == 6
    assert alh.Game(["Dirk", "Ana"], seed=3).neutral.name == "Géza"
    assert alh.Game(3, seed=3).neutral is None


def test_starting_player_ties_go_by_total_then_seat():
    state = new_state(3, 0)
    set_hand(state, 0, "denar-9#1", "denar-8#1", "denar-3#1")
    set_hand(state, 1, "dirham-9#1", "dirham-8#1", "dirham-4#1")
    set_hand(state, 2, "ducat-9#1", "ducat-8#1", "ducat-3#1")
    from alhambra_nb.core.new_game import _choose_start

    _choose_start(state)
    assert state.current == 0  # 20 vs 21 vs 20: lowest total, then seat order (ruling R2)
    assert "first seat among equals" in state.log[-1].sentence()


def test_bad_setups_are_refused():
    for players in (1, 7, "four", ["Ana", "Ana"], ["Ana", " "]):
        with pytest.raises(alh.GameSetupError):
            alh.Game(players, seed=0)
    with pytest.raises(alh.UnknownModuleError, match="'gate'"):
        alh.Game(3, seed=0, modules=("gate",))


def test_same_seed_same_game():
    assert alh.Game(4, seed=11).to_json() == alh.Game(4, seed=11).to_json()
    assert alh.Game(4, seed=11).to_json() != alh.Game(4, seed=12).to_json()


# -- §3 take money --------------------------------------------------------------------------
def test_display_2_3_7_9():
    """Rulebook: take the 2 and the 3 together, or the 7 alone, or the 9 alone (or one card)."""
    state = new_state(3, 1)
    set_display(state, "denar-2#1", "dirham-3#1", "ducat-7#1", "guilder-9#1")
    takes = {a.cards for a in legal_actions(state) if isinstance(a, alh.TakeMoney)}
    assert takes == {
        ("denar-2#1",),
        ("dirham-3#1",),
        ("ducat-7#1",),
        ("guilder-9#1",),
        ("denar-2#1", "dirham-3#1"),
    }
    game = game_of(state)
    assert_unchanged(game, "take ducat-7#1 denar-2#1", "money/over-limit")
    assert_unchanged(game, "take denar-5#1", "money/not-displayed")
    game.apply("take denar-2#1 dirham-3#1")
    assert [c.id for c in game.players[state.current].money][-2:] == ["denar-2#1", "dirham-3#1"]
    assert "takes 2 Denar and 3 Dirham" in game.log[-1]
    assert_unchanged(game, "take ducat-7#1", "turn/no-action-left")


@pytest.mark.parametrize(
    "display",
    [
        ("denar-1#1", "dirham-1#1", "ducat-1#1", "guilder-1#1"),
        ("denar-1#1", "dirham-4#1", "ducat-2#1", "guilder-5#1"),
        ("denar-9#1", "dirham-1#1", "ducat-8#1", "guilder-3#1"),
        ("denar-2#1", "dirham-2#1", "ducat-2#1"),
        ("denar-6#1",),
    ],
)
def test_takes_are_every_combination_within_the_limit_in_order(display: tuple[str, ...]):
    """The takes are each card alone, then every set of cards totalling at most 5, by number
    of cards in the order of itertools.combinations: the search that leaves out the cards
    too dear to go with another finds exactly these."""
    state = new_state(3, 1)
    set_display(state, *display)
    alone = [(card,) for card in display]
    together = [
        combo
        for size in range(2, len(display) + 1)
        for combo in itertools.combinations(display, size)
        if sum(VALUE[card] for card in combo) <= 5
    ]
    assert take_options(state, state.current) == alone + together


# -- §3 buying ------------------------------------------------------------------------------
def _buying_state(seat_cards, market):
    state = new_state(3, 2)
    seat = state.current
    set_hand(state, seat, *seat_cards)
    for space, code in market.items():
        set_market(state, space, code)
    return state, seat


def test_garden_for_10_paid_with_11_ends_the_turn():
    """Rulebook: paying 11 Denar for a 10 buys the garden but gives no change and no action."""
    state, seat = _buying_state(["denar-5#1", "denar-6#1"], {1: "garden-10"})
    game = game_of(state)
    game.apply("buy 1 with denar-5#1 denar-6#1")
    assert [t.code for t in game.players[seat].bought] == ["garden-10"]
    assert game.market[0].tile is None
    assert [c.id for c in game.discard][-2:] == ["denar-5#1", "denar-6#1"]
    assert "no change" in game.log[-1]
    assert not any(a.is_main for a in game.legal_actions())
    assert_unchanged(game, "take " + game.state.display[0], "turn/no-action-left")


def test_exact_payment_grants_another_action():
    state, seat = _buying_state(["dirham-4#1", "dirham-5#1"], {2: "tower-9-NE"})
    game = game_of(state)
    game.apply("buy 2 with dirham-4#1 dirham-5#1")
    assert game.log[-1] == (
        f"{game.players[seat].name} paid 9 Dirham exactly for the tower and takes another action."
    )
    assert any(isinstance(a, alh.TakeMoney) for a in game.legal_actions())


def test_four_exact_buys_then_a_fifth_action():
    cards = ["denar-5#1", "dirham-9#1", "ducat-2#1", "ducat-2#2", "guilder-8#1"]
    market = {1: "pavilion-5-NW", 2: "seraglio-9", 3: "pavilion-4-ES", 4: "pavilion-8"}
    for code in market.values():
        assert alh.Tile.parse(code).price in (4, 5, 8, 9)
    state, seat = _buying_state(cards, market)
    game = game_of(state)
    for action in (
        "buy 1 with denar-5#1",
        "buy 2 with dirham-9#1",
        "buy 3 with ducat-2#1 ducat-2#2",
        "buy 4 with guilder-8#1",
    ):
        game.apply(action)
        check_invariants(game.state)
    assert all(space.tile is None for space in game.market)
    assert len(game.players[seat].bought) == 4
    game.apply("take " + game.state.display[0])  # the fifth action
    assert_unchanged(game, "take " + game.state.display[0], "turn/no-action-left")
    assert_unchanged(game, "end", "turn/place-first")
    for tile in list(game.players[seat].bought):
        game.apply(alh.ReserveTile(tile))
    game.apply("end")
    assert game.current_player == (seat + 1) % 3
    assert all(space.tile is not None for space in game.market)  # refilled
    assert len(game.money_display) == 4


def test_payments_listed_are_minimal_but_any_sufficient_payment_is_accepted():
    pays = {
        tuple(VALUE[c] for c in p)
        for p in minimal_payments(["dirham-4#1", "dirham-5#1", "dirham-6#1", "dirham-6#2"], 9)
    }
    assert pays == {(6, 6), (6, 5), (6, 4), (5, 4)}
    state, _seat = _buying_state(["dirham-4#1", "dirham-5#1", "dirham-6#1"], {2: "tower-9-NE"})
    buys = {frozenset(a.cards) for a in legal_actions(state) if isinstance(a, alh.Buy)}
    assert buys == {
        frozenset({"dirham-5#1", "dirham-6#1"}),
        frozenset({"dirham-4#1", "dirham-6#1"}),
        frozenset({"dirham-4#1", "dirham-5#1"}),
    }
    game = game_of(state)
    game.apply("buy 2 with dirham-4#1 dirham-5#1 dirham-6#1")  # overpaying by 6: allowed
    assert not game.state.may_act


def test_buying_errors():
    state, seat = _buying_state(["dirham-4#1", "denar-5#1"], {2: "tower-9-NE", 3: None})
    other = state.players[(seat + 1) % 3].money[0]
    game = game_of(state)
    assert_unchanged(game, "buy 2 with dirham-4#1", "buy/insufficient-money")
    assert_unchanged(
        game, "buy 2 with dirham-4#1 denar-5#1", "buy/wrong-currency", "buy/insufficient-money"
    )
    # a card not held is the whole reason: "no cards total only 0" would be no reason of its own
    assert_unchanged(game, f"buy 2 with {other}", "buy/not-in-hand")
    assert_unchanged(game, "buy 2 with denar-5#1", "buy/wrong-currency")
    assert_unchanged(game, "buy 3 with dirham-4#1", "buy/no-tile")
    assert_unchanged(game, "buy 5 with dirham-4#1", "buy/no-tile")
    with pytest.raises(alh.IllegalActionError) as error:
        game.apply("buy 2 with dirham-4#1")
    assert error.value.rule is alh.RuleId.BUY_INSUFFICIENT
    assert "for 9 Dirham" in str(error.value)


def test_not_your_turn_and_game_over():
    game = alh.Game(3, seed=4)
    seat = game.current_player
    other = (seat + 1) % 3
    card_id = game.state.display[0]
    assert_unchanged(game, f"seat {other}: take {card_id}", "turn/not-your-turn")
    game.apply(f"seat {seat}: take {card_id}")
    assert_unchanged(game, "seat 9: end", "turn/not-your-turn")


def test_a_turn_is_at_least_one_action():
    game = alh.Game(3, seed=4)
    assert_unchanged(game, "end", "turn/act-first")
    assert not any(isinstance(a, alh.EndTurn) for a in game.legal_actions())


def test_a_player_who_cannot_act_passes():
    """Nothing to take, buy or redesign (every card hoarded): the turn may end unacted."""
    state = new_state(3, 5)
    seat = state.current
    money = [c for c in state.display + state.deck if c not in SCORING_CARDS]
    state.display, state.deck = [], [c for c in state.deck if c in SCORING_CARDS]
    state.players[(seat + 1) % 3].money.extend(money + state.players[seat].money)
    state.players[seat].money = []
    assert [str(a) for a in legal_actions(state)] == ["end"]
    after = apply_action(state, alh.EndTurn())
    assert after.current == (seat + 1) % 3


# -- §3 redesign ----------------------------------------------------------------------------
def _redesign_state():
    state = new_state(3, 6)
    seat = state.current
    build(state, seat, (1, 0), "garden-10")  # no walls
    build(state, seat, (2, 0), "tower-9-NE")
    player = state.players[seat]
    player.reserve.append(take_tile(state, "pavilion-8"))
    player.reserve.append(take_tile(state, "chambers-9-W"))
    return state, seat


def test_redesign_build_remove_swap():
    state, seat = _redesign_state()
    game = game_of(state)
    assert_unchanged(
        game, "redesign build pavilion-8 at 5,5", "placement/touches-city", "placement/walking"
    )
    assert_unchanged(game, "redesign build tower-7-NEW at 0,1", "redesign/not-in-reserve")
    assert_unchanged(game, "redesign remove 1,0", "redesign/disconnects")
    assert_unchanged(game, "redesign remove 0,0", "redesign/fountain")
    assert_unchanged(
        game, "redesign swap 2,0 for chambers-9-W", "placement/walls-match", "placement/walking"
    )
    game.apply("redesign swap 1,0 for pavilion-8")
    city = game.players[seat].city
    assert city[(1, 0)].code == "pavilion-8"
    assert {t.code for t in game.players[seat].reserve} == {"chambers-9-W", "garden-10"}
    assert "swaps the garden at (1, 0) for the pavilion from the reserve" in game.log[-1]
    assert_unchanged(game, "redesign remove 2,0", "turn/no-action-left")
    game.undo()
    game.apply("redesign remove 2,0")
    assert game.players[seat].reserve[-1].code == "tower-9-NE"
    game.undo()
    game.apply("redesign build pavilion-8 at 0,1")
    assert game.players[seat].city[(0, 1)].code == "pavilion-8"


def test_swap_for_an_identical_tile_is_refused():
    state = new_state(3, 6)
    seat = state.current
    build(state, seat, (1, 0), "garden-10")
    # a twin of a tile cannot exist in the base game: check the rule on a hand-made city
    state.players[seat].reserve.append(take_tile(state, "pavilion-8"))
    game = game_of(state)
    from alhambra_nb.core.checks import _check_swap

    state2 = game.state.copy()
    state2.players[seat].reserve.append(alh.Tile.parse("garden-10"))
    violations = _check_swap(state2, alh.SwapWithReserve((1, 0), "garden-10"))
    assert [v.rule for v in violations] == [alh.RuleId.REDESIGN_SAME_TILE]


def test_fast_redesign_checks_agree_with_the_city():
    for seed in range(6):
        game = alh.simulate(3, seed=seed)
        for player in game.state.players:
            city = player.city
            assert removable_cells(city) == sorted(
                (c for c, _ in city.items() if c != (0, 0) and not city.check_removal(c)),
                key=lambda c: (c[1], c[0]),
            )
            for cell, _ in city.items():
                for tile in alh.TILES[::3]:
                    if cell != (0, 0) and city.get(cell) != tile:
                        assert swap_is_legal(city, cell, tile) == (not city.check_swap(cell, tile))


# -- §3 end of turn: placing ----------------------------------------------------------------
def test_placing_bought_tiles_ends_the_main_actions():
    state, _seat = _buying_state(["dirham-4#1", "dirham-5#1"], {2: "tower-9-NE"})
    game = game_of(state)
    game.apply("buy 2 with dirham-4#1 dirham-5#1")
    assert_unchanged(game, "place tower-9-NE at -1,0", "placement/walls-match", "placement/walking")
    assert_unchanged(game, "place garden-10 at 1,0", "place/not-bought")
    game.apply("place tower-9-NE at 1,0")
    assert_unchanged(game, "take " + game.state.display[0], "turn/no-action-left")
    game.apply("end")


def test_giving_a_tile_to_the_neutral_player():
    state = new_state(["Ana", "Ben"], 2)
    seat = state.current
    set_hand(state, seat, "dirham-4#1", "dirham-5#1")
    set_market(state, 2, "tower-9-NE")
    game = game_of(state)
    game.apply("buy 2 with dirham-4#1 dirham-5#1")
    assert alh.GiveToNeutral("tower-9-NE") in game.legal_actions()
    game.apply("give tower-9-NE")
    assert game.neutral.tiles[-1].code == "tower-9-NE"
    assert "gives the tower to Dirk, the neutral player" in game.log[-1]
    three = game_of(_buying_state(["dirham-4#1", "dirham-5#1"], {2: "tower-9-NE"})[0])
    three.apply("buy 2 with dirham-4#1 dirham-5#1")
    assert_unchanged(three, "give tower-9-NE", "place/no-neutral")


# -- §3 refill, §5 scoring card timing ------------------------------------------------------
def _play_to_end_of_turn(game: alh.Game) -> None:
    game.apply("take " + game.state.display[0])
    game.apply("end")


def test_scoring_card_timing():
    state = new_state(3, 8)
    first = state.current
    state.deck.remove("scoring-1")
    state.deck.insert(0, "scoring-1")
    game = game_of(state)
    scores_before = game.scores()
    _play_to_end_of_turn(game)
    events = [e.key for e in game.events]
    # revealed during the refill, set aside, replaced, and scored before the next turn
    assert events[-2:] == ["event.scoring-card", "event.scoring"]
    assert game.state.revealed == ["scoring-1"]
    assert len(game.money_display) == 4
    assert len(game.scorings) == 1 and game.scorings[0].round == 1
    assert game.current_player == (first + 1) % 3
    breakdown = game.scorings[0]
    for name, points in breakdown.totals.items():
        assert game.scores()[name] == scores_before[name] + points
    check_invariants(game.state)


def test_round_1_chambers_majority_gets_4():
    """Rulebook: in the first scoring the player with most chambers gets 4."""
    state = new_state(3, 9)
    build(state, 0, (1, 0), "chambers-10")
    build(state, 0, (-1, 0), "chambers-11")
    build(state, 1, (1, 0), "chambers-9-S")
    state.deck.remove("scoring-1")
    state.deck.insert(0, "scoring-1")
    game = game_of(state)
    _play_to_end_of_turn(game)
    chambers = next(r for r in game.scorings[0].types if r.building is alh.Building.CHAMBERS)
    assert {p: n for p, n in chambers.points.items() if n} == {state.players[0].name: 4}


def test_neutral_player_takes_part_in_majorities_and_draws_tiles():
    state = new_state(["Ana", "Ben"], 10)
    neutral = state.neutral
    assert neutral is not None
    state.bag.extend(neutral.tiles)
    neutral.tiles = [take_tile(state, c) for c in ("tower-7-NEW", "tower-8-NES", "tower-9-NE")]
    build(state, 0, (1, 0), "tower-11")
    state.deck.remove("scoring-1")
    state.deck.insert(0, "scoring-1")
    game = game_of(state)
    bag_before = len(game.bag)
    _play_to_end_of_turn(game)
    towers = next(r for r in game.scorings[0].types if r.building is alh.Building.TOWER)
    assert {p: n for p, n in towers.points.items() if n} == {"Dirk": 6}
    assert game.neutral.score >= 6
    assert len(game.neutral.tiles) == 3 + 6
    assert len(game.bag) == bag_before - 6  # six to Dirk (taking money left the market full)
    # after the second scoring Dirk takes a third of the bag, rounded down
    state = game.state.copy()
    state.deck.remove("scoring-2")
    state.deck.insert(0, "scoring-2")
    game = game_of(state)
    bag = len(game.bag)
    _play_to_end_of_turn(game)
    assert len(game.neutral.tiles) == 9 + bag // 3
    assert "Dirk" not in game.scores() and game.neutral.score > 0


def test_round_2_tie_splits_13_and_6():
    """Rulebook: two players level on towers in round 2 share 13 + 6: 9 each."""
    counts = {"Ana": {alh.Building.TOWER: 4}, "Ben": {alh.Building.TOWER: 4}}
    assert alh.majority_points(counts, round=2) == {"Ana": 9, "Ben": 9}


def test_an_empty_deck_is_rebuilt_from_the_discard_pile():
    state = new_state(3, 12)
    state.discard.extend(c for c in state.deck if c not in SCORING_CARDS)
    state.revealed = list(SCORING_CARDS)
    state.deck = []
    state.scorings = ({"round": 1, "counts": {}, "walls": {}, "points": {}},) * 2
    game = game_of(state)
    discard = len(game.discard)
    _play_to_end_of_turn(game)
    assert "event.reshuffle" in [e.key for e in game.events]
    assert len(game.money_deck) == discard - 1
    assert len(game.discard) == 0 and len(game.money_display) == 4
    check_invariants(game.state)


# -- §6 end of the game ---------------------------------------------------------------------
def _end_state(players=3, seed=13):
    """The bag is empty; the current player buys space 1, so the refill falls short."""
    state = new_state(players, seed)
    seat = state.current
    set_market(state, 1, "pavilion-5-NW")
    state.bag, spare = [], list(state.bag)
    if state.neutral is not None:
        state.neutral.tiles.extend(spare)
    else:
        state.players[(seat + 1) % players].reserve.extend(spare)
    set_hand(state, seat, "denar-5#1")
    return state, seat


def test_a_refill_that_cannot_complete_ends_the_game():
    state, seat = _end_state()
    set_hand(state, (seat + 1) % 3, "guilder-9#1")  # the most Guilder: space 4's tile
    set_hand(state, (seat + 2) % 3, "dirham-5#1", "ducat-3#1")
    set_hand(state, seat, "denar-5#1", "ducat-3#2")
    game = game_of(state)
    game.apply("buy 1 with denar-5#1")
    game.apply(alh.ReserveTile(game.players[seat].bought[0]))
    market = [s.tile for s in game.market]
    game.apply("end")
    assert "event.market-short" in [e.key for e in game.events]
    assert game.phase == PHASE_FINAL
    # space 2 (Dirham) to the Dirham holder, space 3 (Ducat) tied 3 v 3: nobody,
    # space 4 (Guilder) to the Guilder holder
    assert [t.code for t in game.players[(seat + 2) % 3].bought] == [market[1].code]
    assert [t.code for t in game.players[(seat + 1) % 3].bought] == [market[3].code]
    assert game.market[2].tile == market[2]
    assert any("Nobody receives" in line and "tie with 3 Ducat" in line for line in game.log)
    assert game.current_player == (seat + 1) % 3
    assert_unchanged(game, "take " + game.state.display[0], "turn/no-action-left")
    assert_unchanged(game, "end", "turn/place-first")
    game.apply(alh.ReserveTile(market[3]))
    game.apply("end")
    assert game.current_player == (seat + 2) % 3
    game.apply(alh.ReserveTile(market[1]))
    game.apply("end")
    assert game.is_over() and game.current_player is None
    assert [s.round for s in game.scorings] == [3]
    assert game.log[-1].startswith("The game is over:")
    assert_unchanged(game, "end", "turn/game-over")
    assert game.legal_actions() == []
    check_invariants(game.state)


def test_last_tiles_nobody_holds_the_currency():
    state, seat = _end_state()
    for other in range(3):
        set_hand(state, other)
    set_hand(state, seat, "denar-5#1")
    game = game_of(state)
    game.apply("buy 1 with denar-5#1")
    game.apply(alh.ReserveTile(game.players[seat].bought[0]))
    game.apply("end")
    assert game.is_over()
    assert sum(1 for line in game.log if "nobody holds any" in line) == 3


def test_two_player_end_and_winner_excludes_neutral():
    state, seat = _end_state(players=2, seed=14)
    game = game_of(state)
    game.apply(f"buy 1 with {state.players[seat].money[0]}")
    game.apply(alh.ReserveTile(game.players[seat].bought[0]))
    game.apply("end")
    while not game.is_over():
        game.apply(game.legal_actions()[-1])
    assert set(game.winners()) <= {"Player 1", "Player 2"}
    assert "Dirk" in game.scorings[-1].totals
    assert game.scorings[-1].walls.get("Dirk", 0) == 0


# -- errors and values ----------------------------------------------------------------------
def test_actions_print_and_parse_back():
    for text in (
        "take denar-3#1 dirham-2#1",
        "buy 2 with dirham-5#1 dirham-4#2",
        "redesign build tower-9-NE at 1,0",
        "redesign remove -1,2",
        "redesign swap 1,0 for tower-9-NE",
        "place tower-9-NE at 1,0",
        "reserve tower-9-NE",
        "give tower-9-NE",
        "end",
        "seat 2: end",
    ):
        action = alh.parse_action(text)
        assert str(action) == text
        assert alh.Action.parse(str(action)) == action
        assert repr(action) == f"Action.parse({text!r})"
    with pytest.raises(alh.ActionParseError):
        alh.parse_action("buy a tower")
    with pytest.raises(alh.ActionParseError):
        alh.parse_action("take denar-0#9")
    with pytest.raises(alh.ActionParseError):
        alh.parse_action("place castle-3 at 1,0")
    assert alh.Buy(2, ["dirham-5#1"]).cards == ("dirham-5#1",)


def test_money_cards_have_stable_ids():
    card = alh.card("denar-5#2")
    assert (card.currency, card.value, card.copy, str(card)) == (
        alh.Currency.DENAR,
        5,
        2,
        "5 Denar",
    )
    assert [c.space for c in alh.CURRENCIES] == [1, 2, 3, 4]
    assert [c.colour for c in alh.CURRENCIES] == ["blue", "green", "orange", "yellow"]
    with pytest.raises(alh.CardError, match="'denar-10#1'"):
        alh.card("denar-10#1")


def test_undo_restores_exactly():
    game = alh.Game(4, seed=15)
    bot = alh.RandomBot(1)
    snapshots = []
    for _ in range(60):
        snapshots.append(game.to_json())
        game.apply(bot.choose(game.state))
    for snapshot in reversed(snapshots):
        game.undo()
        assert game.to_json() == snapshot
    with pytest.raises(alh.UndoError):
        game.undo()


def test_undo_after_a_simulation_replays():
    game = alh.simulate(3, seed=2)
    final = json.loads(game.to_json())
    last = game.history[-1]
    assert game.undo() == last
    assert game.phase != PHASE_OVER or final["phase"] != PHASE_OVER
    game.apply(last)
    assert json.loads(game.to_json()) == final


# -- the module hooks (expansion II plugs in here) ------------------------------------------
def test_a_module_plugs_in_through_the_hooks():
    from alhambra_nb.core.socket import MODULES, Module, register

    class GenerousTakeLimit(Module):
        """A stand-in module: the take-money limit is 7 (as Faruk Will'haben gives)."""

        name = "test-generous"

        def take_limit(self, state, seat, limit):
            return max(limit, 7)

        def score(self, state, round):
            return {0: 1}

    register(GenerousTakeLimit)
    try:
        state = new_state(3, 1, modules=("test-generous",))
        set_display(state, "denar-2#1", "dirham-3#1", "ducat-4#1", "guilder-9#1")
        takes = {a.cards for a in legal_actions(state) if isinstance(a, alh.TakeMoney)}
        assert ("dirham-3#1", "ducat-4#1") in takes  # 7 <= 7
        assert ("denar-2#1", "dirham-3#1", "ducat-4#1") not in takes  # 9 > 7
        game = alh.Game.from_json(alh.Game.from_state(state).to_json())
        assert game.state.modules == ("test-generous",)
        from alhambra_nb.core.turns import score

        before = state.players[0].score
        score(state, 1)
        name = state.players[0].name
        recorded = state.scorings[-1]["points"][name]
        assert state.players[0].score == before + recorded
        assert recorded == alh.Game.from_state(state).scorings[-1].totals[name]  # bonus shown
        assert alh.Game.from_state(state).scorings[-1].bonuses[name] == (("test-generous", 1, ""),)
    finally:
        MODULES.pop("test-generous")
    with pytest.raises(alh.UnknownModuleError, match="test-generous"):
        alh.Game(3, seed=0, modules=("test-generous",))


def test_an_action_the_engine_makes_is_the_action_a_learner_would_type():
    from alhambra_nb.core.actions import (
        Buy,
        MoveToReserve,
        PlaceTile,
        SwapWithReserve,
        TakeMoney,
        made,
    )

    tile = alh.Tile.parse("tower-9-NE")
    for cls, values in [
        (PlaceTile, (tile, (1, 0))),
        (MoveToReserve, ((2, -1),)),
        (SwapWithReserve, ((0, 1), tile)),
        (TakeMoney, (("denar-3#1", "ducat-2#1"),)),
        (Buy, (2, ("dirham-4#1", "dirham-5#2"))),
    ]:
        action = made(cls, *values)
        typed = alh.Action.parse(str(cls(*values)))
        assert action == cls(*values) == typed
        assert str(action) == str(typed) and action.seat is None

"""Expansion II, module "characters" in the game (RULES.md §9.3, rulings R8-R10)."""

from __future__ import annotations

import json

import pytest

import alhambra_nb as alh
from alhambra_nb.core.checks import check_action
from alhambra_nb.core.listing import legal_actions
from alhambra_nb.core.new_game import new_state
from alhambra_nb.core.state import GameState
from alhambra_nb.core.turns import apply_action, score
from alhambra_nb.modules import characters as ch
from tests.game_checks import check_invariants
from tests.test_game_support import build, set_display, set_hand, set_market

R = alh.RuleId
MODULES = ("characters",)


def _state(players: int = 3, seed: int = 5, modules=MODULES) -> GameState:
    return new_state(players, seed, modules=modules)


def _rules(state, action):
    return [v.rule for v in check_action(state, action)]


def _data(state):
    return state.extra["characters"]


def _give(state: GameState, seat: int, character: str) -> None:
    """Hand ``character`` to ``seat`` from wherever it lies (deck or face down aside)."""
    data = _data(state)
    for spot in (state.deck, data.aside, data.removed):
        if character in spot:
            spot.remove(character)
            data.owned[seat].append(character)
            return
    raise AssertionError(f"{character} is not in the deck or aside")


def _reveal(state: GameState, character: str) -> GameState:
    """End the current player's turn with ``character`` on top of the money deck."""
    data = _data(state)
    for spot in (state.deck, data.aside):
        if character in spot:
            spot.remove(character)
    state.deck.insert(0, character)
    state.discard.append(state.display.pop())
    state.actions, state.may_act = 1, False
    return apply_action(state, alh.EndTurn())


def _sentences(state):
    return [e.sentence() for e in state.log]


# -- the cards and the setup -----------------------------------------------------------------
def test_the_ten_characters():
    assert len(alh.CHARACTERS) == 10
    symbols = {c.slug: c.symbol.value for c in alh.CHARACTERS}
    assert [s for s in symbols.values()].count("♦") == 6
    assert symbols["hakim-wahid"] == symbols["yusuf-e-passuff"] == "W"
    assert symbols["abdul-karim"] == symbols["fatime"] == "1×"
    assert all(c.reading for c in alh.CHARACTERS)
    assert str(alh.card("character-fatime")) == "Fatime"


@pytest.mark.parametrize("players", [2, 4, 6])
def test_two_characters_in_each_of_piles_2_3_4_the_others_aside(players):
    state = new_state(players, 9, modules=MODULES)
    in_deck = [c for c in state.deck if c.startswith("character-")]
    assert len(in_deck) == 6 and len(_data(state).aside) == 4
    # Piles are stacked 1 (top) to 5: no character in pile 1 or pile 5.
    money = len(state.deck) - 6 - 2
    size = money // 5
    first = min(state.deck.index(c) for c in in_deck)
    last = max(state.deck.index(c) for c in in_deck)
    assert first >= size and last < len(state.deck) - size
    check_invariants(state, round_trip=True)


def test_the_setup_choice_of_characters_is_seeded():
    one = new_state(3, 1, modules=MODULES)
    two = new_state(3, 1, modules=MODULES)
    assert one.to_dict() == two.to_dict()
    picks = {tuple(sorted(_data(new_state(3, s, modules=MODULES)).aside)) for s in range(8)}
    assert len(picks) > 1


# -- the auction (ruling R8) -----------------------------------------------------------------
def test_a_revealed_character_stops_play_for_an_auction():
    state = _state()
    turn_player = state.current
    after = _reveal(state, ch.YUSUF)
    nxt = (turn_player + 1) % 3
    auction = _data(after).auction
    assert auction.character == ch.YUSUF and auction.resume == nxt
    assert after.current == turn_player  # the player on turn, whose refill it was, bids first
    assert len(after.display) == 4  # the replacement money card was drawn
    assert "Yusuf E'Passuff comes up: play stops for an auction." in _sentences(after)
    # Nothing but bidding now.
    assert _rules(after, alh.TakeMoney([after.display[0]])) == [R.CHARACTER_AUCTION]
    listed = list(legal_actions(after))
    assert alh.modules.characters.Pass() in listed and all(
        isinstance(a, (alh.modules.characters.Bid, alh.modules.characters.Pass)) for a in listed
    )
    check_invariants(after, round_trip=True)


def _auction(seed: int = 5) -> GameState:
    state = _state(seed=seed)
    for seat, cards in enumerate(
        (("denar-9#1", "denar-3#1"), ("dirham-6#1", "ducat-7#1"), ("guilder-2#1",))
    ):
        set_hand(state, seat, *cards)
    state.current = 0  # seat 0's refill turns Yusuf up: it bids first, seat 1 plays next
    return _reveal(state, ch.YUSUF)


def test_bidding_goes_round_once_in_seat_order():
    state = _auction()
    assert state.current == 0
    assert _rules(state, alh.modules.characters.Bid(13)) == [
        R.AUCTION_UNAFFORDABLE
    ]  # 9 + 3 Denar at most
    state = apply_action(state, "bid 5")
    assert state.current == 1
    assert _rules(state, alh.modules.characters.Bid(5)) == [R.AUCTION_BID_TOO_LOW]
    assert _rules(state, alh.modules.characters.PayBid(("dirham-6#1",))) == [R.AUCTION_NOT_NOW]
    state = apply_action(state, "bid 7")
    # Seat 2 holds 2 Guilder: it cannot top 7 and passes without being asked.
    assert "Player 3 cannot top the highest bid of 7 and passes." in _sentences(state)
    assert state.current == 1 and _data(state).auction.paying
    assert _rules(state, alh.modules.characters.Bid(8)) == [R.AUCTION_NOT_NOW]
    assert _rules(state, alh.modules.characters.PayBid(("dirham-6#1",))) == [R.AUCTION_PAYMENT]
    assert _rules(state, alh.modules.characters.PayBid(("dirham-6#1", "ducat-7#1"))) == [
        R.AUCTION_PAYMENT
    ]
    assert list(legal_actions(state)) == [alh.modules.characters.PayBid(("ducat-7#1",))]
    state = apply_action(state, "pay ducat-7#1")
    assert _data(state).owned[1] == [ch.YUSUF]
    assert state.current == 1 and _data(state).auction is None  # play goes on: seat 1's turn
    assert "ducat-7#1" in state.discard
    assert "Player 2 wins Yusuf E'Passuff for 7, paying 7 Ducat." in _sentences(state)
    check_invariants(state, round_trip=True)


def test_nobody_bids_and_the_character_leaves_the_game():
    state = _auction()
    for _ in range(3):
        state = apply_action(state, "pass")
    assert _data(state).auction is None and ch.YUSUF in _data(state).removed
    assert "Nobody bids for Yusuf E'Passuff: the card leaves the game." in _sentences(state)
    assert state.current == 1
    check_invariants(state)


def _all_can_bid(state: GameState) -> None:
    """Every seat holds money, so that nobody passes unasked and the order shows."""
    for seat, card in enumerate(("denar-9#1", "dirham-9#1", "ducat-9#1")):
        set_hand(state, seat, card)


def _loaded(state: GameState) -> GameState:
    return GameState.from_dict(json.loads(json.dumps(state.to_dict())))


def test_the_player_on_turn_bids_first_then_the_next_player_plays():
    """Ruling R8 (the rulebook: "Az éppen soron lévő játékos licitálhat elsőként"): seat 1's
    refill turns the character up, so seat 1 bids first, not seat 2 whose turn is next."""
    state = _state()
    _all_can_bid(state)
    state.current = 1
    state = _reveal(state, ch.YUSUF)
    assert state.current == 1 and _data(state).auction.order == [1, 2, 0]
    assert "The auction of Yusuf E'Passuff begins; Player 2 bids first." in _sentences(state)
    for seat in (1, 2, 0):  # each is asked once, in seat order
        assert state.current == seat
        state = apply_action(state, "pass")
    # The auction over, the next player's turn begins.
    assert _data(state).auction is None and state.current == 2
    assert state.may_act and state.actions == 0
    check_invariants(state)


def _two_characters_revealed() -> GameState:
    """Seat 1 ends its turn; its refill turns up Yusuf E'Passuff, then Hakim Wahid."""
    state = _state()
    _all_can_bid(state)
    state.current = 1
    for spot in (state.deck, _data(state).aside):
        if ch.HAKIM in spot:
            spot.remove(ch.HAKIM)
    state.deck.insert(0, ch.HAKIM)
    return _reveal(state, ch.YUSUF)  # Yusuf on top of the deck, Hakim under him


def test_every_character_of_one_refill_is_auctioned_from_the_player_on_turn():
    state = _two_characters_revealed()
    assert _data(state).queue == [ch.HAKIM] and _data(state).first_bidder == 1
    check_invariants(state, round_trip=True)
    state = _loaded(state)  # a save between the two auctions remembers who bids first
    for _ in range(3):
        state = apply_action(state, "pass")
    assert _data(state).auction.character == ch.HAKIM
    assert state.current == 1 and _data(state).auction.order == [1, 2, 0]
    assert _data(state).first_bidder is None  # no character waits any more
    for _ in range(3):
        state = apply_action(state, "pass")
    assert _data(state).auction is None and state.current == 2
    check_invariants(state, round_trip=True)


def test_a_save_without_the_first_bidder_auctions_its_waiting_character_as_before():
    """Saves made before the first bidder was kept still load: the character waiting is
    auctioned from the player whose turn goes on, as the engine did then."""
    data = _two_characters_revealed().to_dict()
    del data["extra"]["characters"]["first_bidder"]
    state = GameState.from_dict(json.loads(json.dumps(data)))
    for _ in range(3):
        state = apply_action(state, "pass")
    assert _data(state).auction.character == ch.HAKIM and state.current == 2


def test_loading_refuses_a_first_bidder_who_has_no_seat():
    data = _two_characters_revealed().to_dict()
    data["extra"]["characters"]["first_bidder"] = 3  # a seat of the save format, not of 3
    with pytest.raises(alh.GameStateError) as error:
        alh.Game.from_json(json.dumps(data))
    assert error.value.field == "extra.characters.first_bidder"
    assert "no seat 3" in str(error.value)


def test_diamonds_pay_for_a_character():
    state = _state(modules=("characters", "diamonds"))
    set_hand(state, 0, "diamond-8#1", "denar-1#1")
    for seat in (1, 2):
        set_hand(state, seat)
    state.current = 2
    state = _reveal(state, ch.FARUK)
    state = apply_action(state, "bid 8")
    assert list(legal_actions(state)) == [alh.modules.characters.PayBid(("diamond-8#1",))]
    assert _rules(state, alh.modules.characters.PayBid(("diamond-8#1", "denar-1#1"))) == [
        R.AUCTION_PAYMENT
    ]
    state = apply_action(state, "pay diamond-8#1")
    assert _data(state).owned[0] == [ch.FARUK]


def test_actions_print_and_parse_back():
    for text in (
        "bid 7",
        "pass",
        "pay denar-5#1 denar-3#2",
        "fatime keep",
        "fatime swap",
        "karim buy 2",
        "knihstig take denar-3#1",
        "el-schauf redesign remove 1,0",
        "el-schauf redesign build tower-9-NE at 1,0 gate W",
        "laila swap 3",
        "machma swap denar-5#1 for dirham-3#2",
        "yammerad draw",
        "seat 2: bid 4",
    ):
        assert str(alh.parse_action(text)) == text
    with pytest.raises(alh.ActionParseError):
        alh.parse_action("el-schauf take denar-3#1")


# -- the effects -----------------------------------------------------------------------------
def test_abdul_karim_buys_for_nothing_as_if_exact():
    state = _state()
    seat = state.current
    assert _rules(state, ch.KarimBuy(1)) == [R.CHARACTER_NOT_OWNED]
    _give(state, seat, ch.KARIM)
    tile = state.market[0]
    assert ch.KarimBuy(1) in list(legal_actions(state))
    after = apply_action(state, "karim buy 1")
    assert after.players[seat].bought == [tile] and after.may_act  # another action
    assert ch.KARIM in _data(after).removed  # 1×: used once
    assert "costs nothing" in after.log[-1].sentence()
    check_invariants(after)


def test_abdul_knihstig_after_a_purchase_of_ten_or_more():
    state = _state()
    seat = state.current
    _give(state, seat, ch.KNIHSTIG)
    set_market(state, 1, "garden-10")
    set_market(state, 2, "pavilion-2-NEW")
    set_hand(state, seat, "denar-9#1", "denar-1#1", "dirham-3#1")
    set_display(state, "ducat-4#1", "guilder-6#1", "denar-2#2", "dirham-1#2")
    knihstig = ch.KnihstigTake("guilder-6#1")
    assert _rules(state, knihstig) == [R.CHARACTER_CONDITION]
    small = apply_action(state, "buy 2 with dirham-3#1")  # 3: too little
    assert _rules(small, knihstig) == [R.CHARACTER_CONDITION]
    after = apply_action(state, "buy 1 with denar-9#1 denar-1#1")
    assert knihstig in list(legal_actions(after))
    after = apply_action(after, knihstig)
    assert "guilder-6#1" in after.players[seat].money and len(after.display) == 3
    assert _data(after).used == after.turn
    check_invariants(after)
    # The chance passes with the next action.
    other = apply_action(state, "buy 1 with denar-9#1 denar-1#1")
    other = apply_action(other, "buy 2 with dirham-3#1")
    assert _rules(other, knihstig) == [R.CHARACTER_CONDITION]


def test_abdul_el_schauf_one_more_redesign_at_the_end():
    state = _state()
    seat = state.current
    _give(state, seat, ch.EL_SCHAUF)
    build(state, seat, (1, 0), "garden-10")
    redesign = ch.ElSchaufRedesign(alh.MoveToReserve((1, 0)))
    assert _rules(state, redesign) == [R.CHARACTER_CONDITION]  # no action taken yet
    after = apply_action(state, alh.TakeMoney([state.display[0]]))
    assert not after.may_act
    assert redesign in list(legal_actions(after))
    after = apply_action(after, redesign)
    assert alh.Tile.parse("garden-10") in after.players[seat].reserve
    assert not after.may_act and after.placing
    assert _rules(after, redesign) == [R.CHARACTER_ONE_PER_TURN, R.REDESIGN_EMPTY]
    assert "Abdul El'Schauf grants" in _sentences(after)[-2]
    check_invariants(after)


def test_faruk_will_haben_takes_up_to_seven():
    state = _state()
    seat = state.current
    set_display(state, "denar-3#1", "dirham-4#1", "ducat-1#1", "guilder-9#1")
    seven = alh.TakeMoney(("denar-3#1", "dirham-4#1"))
    assert _rules(state, seven) == [R.MONEY_OVER_LIMIT]
    _give(state, seat, ch.FARUK)
    assert check_action(state, seven) == []
    assert _rules(state, alh.TakeMoney(("denar-3#1", "dirham-4#1", "ducat-1#1"))) == [
        R.MONEY_OVER_LIMIT
    ]
    after = apply_action(state, seven)
    assert _data(after).used == after.turn
    assert "Faruk Will'haben lets" in after.log[-1].sentence()
    # Another ♦ character used first: the limit stays 5.
    _give(state, seat, ch.YAMMERAD)
    set_hand(state, seat, "denar-1#2")
    state = apply_action(state, "yammerad draw")
    assert _rules(state, seven) == [R.MONEY_OVER_LIMIT]


def _fatime_auction():
    """Fatime turned up by seat 2's refill, only seat 0 able to pay."""
    state = _state()
    set_hand(state, 0, "denar-9#1")
    for seat in (1, 2):
        set_hand(state, seat)
    state.current = 2
    return _reveal(state, ch.FATIME)


def test_fatime_kept_scores_8_at_the_final_scoring():
    state = _fatime_auction()
    state = apply_action(state, "bid 3")
    state = apply_action(state, "pay denar-9#1")
    assert _rules(state, alh.TakeMoney([state.display[0]])) == [R.CHARACTER_CHOICE]
    assert list(legal_actions(state)) == [ch.FatimeChoice(True), ch.FatimeChoice(False)]
    check_invariants(state, round_trip=True)
    kept = apply_action(state, "fatime keep")
    assert _data(kept).owned[0] == [ch.FATIME] and kept.current == 0
    score(kept, 2)
    assert "bonuses" not in kept.scorings[-1]
    score(kept, 3)
    assert kept.scorings[-1]["bonuses"]["Player 1"] == [["Fatime", 8, "kept"]]
    check_invariants(kept)


def test_fatime_swapped_for_the_top_face_down_character():
    state = _fatime_auction()
    top = _data(state).aside[0]
    state = apply_action(state, "bid 1")
    state = apply_action(state, "pay denar-9#1")
    swapped = apply_action(state, "fatime swap")
    assert _data(swapped).owned[0] == [top]
    assert ch.FATIME in _data(swapped).removed
    assert f"swaps Fatime for the top face-down character: {alh.card(top).name}." in (
        swapped.log[-1].sentence()
    )
    check_invariants(swapped)


def test_hakim_wahid_one_and_a_half_times_one_type():
    state = _state()
    seat = state.current
    _give(state, seat, ch.HAKIM)
    build(state, seat, (1, 0), "garden-10")
    build(state, seat, (-1, 0), "pavilion-8")
    name = state.players[seat].name
    score(state, 2)  # garden first: 12 -> 18 (+6); pavilion 8 -> 12 (+4)
    assert state.scorings[-1]["bonuses"][name] == [["Hakim Wahid", 6, "garden: 12 × 1.5 = 18"]]
    score(state, 1)  # garden 5 -> 7 (rounded down)
    assert state.scorings[-1]["bonuses"][name][0][1] == 2


def _hakim_in_a_garden_tie(state: GameState) -> tuple[str, str]:
    """Hakim's owner and the next player level on gardens, scored in round 2: their names."""
    seat = state.current
    other = (seat + 1) % 3
    _give(state, seat, ch.HAKIM)
    build(state, seat, (1, 0), "garden-10")
    build(state, other, (1, 0), "garden-9-E")
    score(state, 2)  # a tie for gardens: (12 + 5) // 2 = 8 each
    return state.players[seat].name, state.players[other].name


@pytest.mark.parametrize(
    ("reading", "their_change"), [("one-and-a-half", None), ("half-building", -3)]
)
def test_the_hakim_variant_of_a_game_scores_him_its_way(reading, their_change):
    state = new_state(3, 5, modules=("characters",), variants={"hakim": reading})
    me, them = _hakim_in_a_garden_tie(state)  # 8 x 1.5 = 12, or half a garden: 12 and 5
    bonuses = state.scorings[-1]["bonuses"]
    assert bonuses[me][0][:2] == ["Hakim Wahid", 4]
    assert (bonuses[them][0][1] if them in bonuses else None) == their_change


def test_hakim_wahid_as_half_a_building_is_a_variant():
    state = _state(modules=("characters-half-hakim",))
    me, them = _hakim_in_a_garden_tie(state)  # half a garden: 12 and 5
    bonuses = state.scorings[-1]["bonuses"]
    assert bonuses[me][0][:2] == ["Hakim Wahid", 4] and bonuses[them][0][:2] == ["Hakim Wahid", -3]
    record = state.scorings[-1]
    assert record["points"][me] == 12 + record["walls"][me]
    assert record["points"][them] == 5 + record["walls"][them]
    with pytest.raises(alh.UnknownModuleError, match="characters"):
        alh.Game(3, modules=("characters", "characters-half-hakim"))


def test_laila_wundabah_swaps_a_market_tile_before_the_turn():
    state = _state()
    seat = state.current
    _give(state, seat, ch.LAILA)
    old = state.market[1]
    after = apply_action(state, "laila swap 2")
    assert after.market[1] != old and old in after.bag
    assert after.bag == sorted(after.bag, key=alh.Tile.sort_key)
    assert after.may_act and after.actions == 0
    assert _rules(after, ch.MachmaSwap(after.players[seat].money[0], after.display[0])) and (
        R.CHARACTER_NOT_OWNED in _rules(after, ch.MachmaSwap("denar-1#1", "denar-1#2"))
    )
    check_invariants(after)
    later = apply_action(state, alh.TakeMoney([state.display[0]]))
    assert R.CHARACTER_BEFORE_TURN in _rules(later, ch.LailaSwap(2))


def test_machma_klain_swaps_for_a_display_card_of_at_most_equal_value():
    state = _state()
    seat = state.current
    _give(state, seat, ch.MACHMA)
    set_hand(state, seat, "denar-5#1")
    set_display(state, "dirham-5#1", "ducat-6#1", "guilder-2#1", "denar-1#1")
    assert _rules(state, ch.MachmaSwap("denar-5#1", "ducat-6#1")) == [R.CHARACTER_CONDITION]
    after = apply_action(state, "machma swap denar-5#1 for dirham-5#1")
    assert after.players[seat].money == ["dirham-5#1"] and "denar-5#1" in after.discard
    assert len(after.display) == 3
    # One ♦ character per turn.
    _give(after, seat, ch.YAMMERAD)
    assert R.CHARACTER_ONE_PER_TURN in _rules(after, ch.YammeradDraw())
    check_invariants(after)


def test_yammerad_draws_with_fewer_than_three_cards():
    state = _state()
    seat = state.current
    _give(state, seat, ch.YAMMERAD)
    set_hand(state, seat, "denar-1#1", "denar-2#1", "denar-3#1")
    assert _rules(state, ch.YammeradDraw()) == [R.CHARACTER_CONDITION]
    set_hand(state, seat, "denar-1#1")
    top = next(c for c in state.deck if c in alh.core.money.VALUE)
    state.deck.remove(top)
    state.deck.remove("scoring-1")
    state.deck[:0] = ["scoring-1", top]
    after = apply_action(state, "yammerad draw")
    # The scoring card on top is resolved by its own rule (a scoring now), then the next card.
    assert top in after.players[seat].money
    assert len(after.scorings) == 1 and "scoring-1" in after.revealed
    check_invariants(after)


def test_yusuf_e_passuff_one_point_per_three_wall_points():
    state = _state()
    seat = state.current
    _give(state, seat, ch.YUSUF)
    for cell, code in (((1, 0), "tower-13-E"), ((-1, 0), "seraglio-7-W")):
        build(state, seat, cell, code)
    walls = state.players[seat].city.longest_wall()
    score(state, 1)
    name = state.players[seat].name
    found = state.scorings[-1].get("bonuses", {}).get(name, [])
    assert sum(b[1] for b in found) == walls // 3


def test_an_illegal_character_action_leaves_the_game_unchanged():
    game = alh.Game(3, seed=5, modules=MODULES)
    before = game.to_json()
    for text in ("bid 3", "fatime keep", "karim buy 1", "yammerad draw", "pay denar-1#1"):
        with pytest.raises(alh.IllegalActionError):
            game.apply(text)
        assert game.to_json() == before


def test_loading_refuses_a_character_in_two_places():
    state = _state()
    _give(state, 0, ch.YUSUF)
    data = state.to_dict()
    data["extra"]["characters"]["removed"].append(ch.YUSUF)
    with pytest.raises(alh.GameStateError, match="character-yusuf"):
        alh.Game.from_json(json.dumps(data))
    data = state.to_dict()
    data["extra"]["characters"]["owned"] = [[]]
    with pytest.raises(alh.GameStateError) as error:
        alh.Game.from_json(json.dumps(data))
    assert error.value.field.startswith("extra.characters")


# -- bots ------------------------------------------------------------------------------------
def test_greedy_bot_bids_within_its_estimate_and_pays_the_least():
    state = _auction()
    bot = alh.GreedyBot(0)
    action = bot.choose(state)
    assert action == alh.modules.characters.Bid(1)  # the smallest raise
    assert ch.estimate(state, ch.YUSUF) >= 1
    state = apply_action(state, action)
    state = apply_action(state, "pass")
    state = apply_action(state, "pass")
    assert isinstance(bot.choose(state), alh.modules.characters.PayBid)
    paid = bot.choose(state)
    assert sum(alh.card(c).value for c in paid.cards) == min(
        sum(alh.card(c).value for c in p) for p in ch.bid_payments(state.players[0].money, 1)
    )


def test_greedy_bots_win_and_use_characters():
    owned = used = 0
    for seed in range(3):
        game = alh.simulate(4, bots="greedy", seed=seed, modules=MODULES)
        data = game.state.extra["characters"]
        owned += sum(len(cards) for cards in data.owned)
        used += sum(
            isinstance(a, (ch.KarimBuy, ch.KnihstigTake, ch.YammeradDraw, ch.PayBid))
            for a in game.history
        )
        check_invariants(game.state)
    assert owned >= 3 and used >= 3


def test_a_variant_shows_its_state_under_its_own_name():
    game = alh.Game(2, seed=1, modules=("characters-half-hakim",))
    state = game.module_state("characters-half-hakim")
    assert state and state == game.module_state("characters")
    assert len(state["aside"]) == 4


# -- the module's typed state ----------------------------------------------------------------
def test_the_module_keeps_typed_state_that_each_state_owns():
    """A bid changes the auction of the state after it, never the one before (each state
    owns its CharactersState); a save keeps its JSON and a loaded game reads it back typed."""
    before = _auction()
    auction = _data(before).auction
    assert isinstance(_data(before), ch.CharactersState) and auction is not None
    after = apply_action(before, "bid 5")
    assert _data(after).auction.high == 5 and _data(after).auction.order == auction.order[1:]
    assert _data(before).auction.high == 0 and _data(before).auction.order == auction.order
    saved = json.loads(json.dumps(after.to_dict()))
    assert saved["extra"]["characters"]["auction"]["high"] == 5
    loaded = GameState.from_dict(saved)
    assert isinstance(_data(loaded), ch.CharactersState)
    assert _data(loaded) == _data(after) and _data(loaded) is not _data(after)

"""Rules situations of expansion II (seed ``001_…``, RULES.md §5, §6, §9.3, §9.4), each staged
as the rulebook describes it, where the engine once gave a wrong answer."""

from __future__ import annotations

import pytest

import alhambra_nb as alh
from alhambra_nb.core.checks import check_action
from alhambra_nb.core.listing import legal_actions, swap_is_legal
from alhambra_nb.core.new_game import new_state
from alhambra_nb.core.phases import PHASE_ENDING, PHASE_FINAL, PHASE_OVER
from alhambra_nb.core.state import GameState
from alhambra_nb.core.turns import apply_action, score
from alhambra_nb.modules import characters as ch
from tests.game_checks import check_invariants
from tests.test_game_support import build, set_display, set_hand, set_market, take_card

R = alh.RuleId


def _data(state: GameState) -> dict:
    return state.extra["characters"]


def _events(state: GameState) -> list[str]:
    return [event.key for event in state.log]


def _first_bidder(state: GameState) -> str:
    """The player the last auction began with."""
    starts = [event for event in state.log if event.key == "event.auction-start"]
    return starts[-1].params["player"]


def _on_top_of_deck(state: GameState, *cards: str) -> None:
    """Put ``cards`` on top of the money deck in this order, from wherever they lie."""
    data = _data(state)
    for card_id in reversed(cards):
        for spot in (data.aside, data.removed):
            if card_id in spot:
                spot.remove(card_id)
                break
        else:
            take_card(state, card_id)
        state.deck.insert(0, card_id)


def _own(state: GameState, seat: int, character: str) -> None:
    """Hand ``character`` to ``seat`` from the deck or the face-down characters."""
    for spot in (state.deck, _data(state).aside):
        if character in spot:
            spot.remove(character)
    _data(state).owned[seat].append(character)


def _end_turn_with_one_card_to_refill(state: GameState) -> GameState:
    """The current player has acted; one display card is gone, so the refill draws."""
    state.discard.append(state.display.pop())
    state.actions, state.may_act = 1, False
    return apply_action(state, alh.EndTurn())


def _win_auction_alone(state: GameState, seat: int, *cards: str) -> None:
    """Only ``seat`` holds money (``cards``): the others cannot bid and pass unasked."""
    for other in range(len(state.players)):
        set_hand(state, other, *(cards if other == seat else ()))


# -- 1. a character revealed with a scoring card is auctioned before the scoring -----------
def test_a_character_revealed_with_a_scoring_card_is_auctioned_before_it():
    state = new_state(3, 5, modules=("characters",))
    last = state.current
    bidder = (last + 1) % 3  # the only one with money: the player on turn passes unasked
    build(state, bidder, (1, 0), "garden-10")
    _win_auction_alone(state, bidder, "denar-4#1")
    _on_top_of_deck(state, "scoring-1", ch.HAKIM)
    after = _end_turn_with_one_card_to_refill(state)
    # Play stops at once for the auction: the scoring waits for it.
    assert after.scorings == () and after.revealed == ["scoring-1"]
    assert _data(after).auction.character == ch.HAKIM and after.current == bidder
    assert _first_bidder(after) == after.players[last].name  # ruling R8: the player on turn
    log = _events(after)
    assert log[log.index("event.end") :] == [
        "event.end",
        "event.scoring-card",
        "event.character-revealed",
        "event.auction-start",
        "event.auction-cannot",  # the player on turn holds no money
    ]
    check_invariants(after, round_trip=True)  # a save in the middle of it loads
    after = apply_action(after, alh.modules.characters.Bid(1))
    after = apply_action(after, ch.PayBid(("denar-4#1",)))
    # Then the scoring, before the next turn: the winner's Hakim Wahid already counts.
    assert [record["round"] for record in after.scorings] == [1]
    name = after.players[bidder].name
    assert after.scorings[0]["bonuses"][name] == [["Hakim Wahid", 2, "garden: 5 × 1.5 = 7"]]
    log = _events(after)
    assert log.index("event.auction-won") < log.index("event.scoring")
    assert after.current == bidder and after.may_act and after.actions == 0
    check_invariants(after, round_trip=True)


def test_a_yammerad_draw_auctions_the_character_before_the_scoring_it_turned_up():
    state = new_state(3, 5, modules=("characters",))
    seat = state.current
    _own(state, seat, ch.YAMMERAD)
    build(state, seat, (-1, 0), "chambers-5-NSW")  # a U of 3 walls: Yusuf adds 3 // 3 = 1
    _win_auction_alone(state, seat, "ducat-2#1")
    _on_top_of_deck(state, "scoring-1", ch.YUSUF, "denar-5#3")
    after = apply_action(state, ch.YammeradDraw())
    assert after.players[seat].money == ["ducat-2#1", "denar-5#3"]
    assert after.scorings == () and _data(after).auction.character == ch.YUSUF
    check_invariants(after, round_trip=True)
    after = apply_action(after, alh.modules.characters.Bid(2))
    after = apply_action(after, ch.PayBid(("ducat-2#1",)))
    name = after.players[seat].name
    assert after.scorings[0]["bonuses"][name] == [["Yusuf E'Passuff", 1, "3 wall points / 3"]]
    # The turn goes on where it was: before its first action.
    assert after.current == seat and after.may_act and after.actions == 0
    check_invariants(after)


def test_several_characters_with_a_scoring_card_are_all_auctioned_first():
    state = new_state(3, 2, modules=("characters",))
    bidder = (state.current + 1) % 3
    _win_auction_alone(state, bidder, "guilder-9#1", "guilder-8#1")
    _on_top_of_deck(state, ch.HAKIM, "scoring-1", ch.YUSUF)
    after = _end_turn_with_one_card_to_refill(state)
    after = apply_action(after, alh.modules.characters.Bid(1))
    after = apply_action(after, ch.PayBid(("guilder-8#1",)))
    assert after.scorings == () and _data(after).auction.character == ch.YUSUF
    after = apply_action(after, alh.modules.characters.Bid(1))
    after = apply_action(after, ch.PayBid(("guilder-9#1",)))
    assert [record["round"] for record in after.scorings] == [1]
    assert _data(after).owned[bidder] == [ch.HAKIM, ch.YUSUF]


# -- 2. ruling R11: the last refill is resolved in the usual order --------------------------
def _last_turn(seed: int = 5, towers_for_next: int = 0) -> tuple[GameState, int]:
    """Three players; scoring 1 is done, the bag is empty and the current player has bought
    the tiles of market spaces 1-3 and reserved them: the market cannot be refilled, one
    tile (space 4, Guilder) is left. The next player has built ``towers_for_next`` towers."""
    state = new_state(3, seed, modules=("characters",))
    last = state.current
    for cell, code in [((1, 0), "tower-11"), ((2, 0), "tower-12")][:towers_for_next]:
        build(state, (last + 1) % 3, cell, code)
    take_card(state, "scoring-1")
    state.revealed.append("scoring-1")
    score(state, 1)
    while state.bag:  # every tile must still lie somewhere
        state.players[last].reserve.append(state.bag.pop())
    for index in range(3):
        state.players[last].reserve.append(state.market[index])
        state.market[index] = None
    return state, last


def test_the_last_refill_auctions_a_character_before_its_scoring_and_the_end():
    state, last = _last_turn(towers_for_next=1)
    bidder = (last + 1) % 3  # the only one with money: the last turn's player passes unasked
    _win_auction_alone(state, bidder, "dirham-6#1", "guilder-1#1")
    _on_top_of_deck(state, "scoring-2", ch.HAKIM)
    after = _end_turn_with_one_card_to_refill(state)
    assert after.phase == PHASE_ENDING and after.current == bidder
    assert _data(after).auction.character == ch.HAKIM
    assert _first_bidder(after) == after.players[last].name  # R8 in the last refill too
    assert [record["round"] for record in after.scorings] == [1]
    assert "event.character-late" not in _events(after)
    # Nothing but the auction until it is over.
    assert {type(a) for a in legal_actions(after)} == {
        alh.modules.characters.Bid,
        alh.modules.characters.Pass,
    }
    assert [v.rule for v in check_action(after, alh.TakeMoney([after.display[0]]))] == [
        R.CHARACTER_AUCTION
    ]
    check_invariants(after, round_trip=True)
    after = apply_action(after, alh.modules.characters.Bid(3))
    after = apply_action(after, ch.PayBid(("dirham-6#1",)))
    # Scoring 2 with Hakim Wahid, then the last market tile goes out: space 4 pays in
    # Guilder, and the bidder alone holds some.
    assert [record["round"] for record in after.scorings] == [1, 2]
    name = after.players[bidder].name
    assert after.scorings[1]["bonuses"][name][0][:2] == ["Hakim Wahid", 6]  # 13 → 19
    log = _events(after)
    scoring_2 = log.index("event.scoring", log.index("event.end"))
    assert log.index("event.auction-won") < scoring_2 < log.index("event.final-tile")
    assert after.phase == PHASE_FINAL and after.receivers == [bidder] == [after.current]
    check_invariants(after, round_trip=True)
    # Then the final scoring, Hakim Wahid counting again.
    after = apply_action(after, alh.ReserveTile(after.players[bidder].bought[0]))
    after = apply_action(after, alh.EndTurn())
    assert after.phase == PHASE_OVER
    assert after.scorings[2]["bonuses"][name][0][:2] == ["Hakim Wahid", 10]  # 21 → 31


def test_a_last_refill_nobody_bids_on_ends_the_game_after_its_scoring():
    state, _ = _last_turn(seed=8)
    for seat in range(3):
        set_hand(state, seat)
    _on_top_of_deck(state, ch.FATIME, "scoring-2")
    after = _end_turn_with_one_card_to_refill(state)
    # Nobody can bid: the character leaves the game, then scoring 2 and the end.
    assert [record["round"] for record in after.scorings] == [1, 2, 3]
    assert after.phase == PHASE_OVER
    log = _events(after)
    assert log.index("event.auction-none") < log.index("event.scoring", log.index("event.end"))
    assert ch.FATIME in _data(after).removed


def test_without_characters_the_last_refill_ends_the_game_in_the_same_action():
    state = new_state(3, 5)
    last = state.current
    take_card(state, "scoring-1")
    state.revealed.append("scoring-1")
    score(state, 1)
    while state.bag:
        state.players[last].reserve.append(state.bag.pop())
    state.players[last].reserve.append(state.market[0])
    state.market[0] = None
    for seat in range(3):
        set_hand(state, seat)  # nobody receives the last market tiles
    state.deck.insert(0, take_card(state, "scoring-2"))
    after = _end_turn_with_one_card_to_refill(state)
    assert [record["round"] for record in after.scorings] == [1, 2, 3]
    assert after.phase == PHASE_OVER


# -- 3. Abdul Knihstig refused only for what is true ----------------------------------------
def _knihstig_and_laila() -> GameState:
    state = new_state(3, 5, modules=("characters",))
    seat = state.current
    for character in (ch.KNIHSTIG, ch.LAILA):
        _own(state, seat, character)
    set_market(state, 1, "garden-10")
    set_market(state, 2, "pavilion-2-NEW")
    set_hand(state, seat, "denar-9#1", "denar-1#1", "dirham-3#1")
    set_display(state, "ducat-4#1", "guilder-6#1", "denar-2#2", "dirham-1#2")
    return apply_action(state, ch.LailaSwap(3))  # the turn's ♦ character


def test_knihstig_after_another_diamond_character_is_refused_only_for_that():
    state = _knihstig_and_laila()
    paid_ten = apply_action(state, "buy 1 with denar-9#1 denar-1#1")
    found = check_action(paid_ten, ch.KnihstigTake("guilder-6#1"))
    assert [v.rule for v in found] == [R.CHARACTER_ONE_PER_TURN]
    assert "10 or more" not in " ".join(v.message for v in found)
    # Both reasons when both are true: a purchase of 3 does not call him either.
    paid_three = apply_action(state, "buy 2 with dirham-3#1")
    found = check_action(paid_three, ch.KnihstigTake("guilder-6#1"))
    assert [v.rule for v in found] == [R.CHARACTER_ONE_PER_TURN, R.CHARACTER_CONDITION]
    assert ch.KnihstigTake("guilder-6#1") not in list(legal_actions(paid_ten))


# -- 4. a camp left touching nothing is explained as such -----------------------------------
def test_a_removal_leaving_a_camp_alone_says_the_camp_would_no_longer_touch():
    city = alh.City.from_text("1,0 arcades-8-E; 2,0 camp-5-W")
    found = city.check_removal((1, 0))
    assert [v.rule for v in found] == [R.REDESIGN_DISCONNECTS]
    assert found[0].key == "redesign/disconnects:camp"
    assert found[0].cells == ((1, 0), (2, 0))
    assert "the camp at (2, 0) no longer touching the Alhambra" in found[0].message
    assert "pedestrian" not in found[0].message and "walk" not in found[0].message
    with pytest.raises(alh.IllegalRedesignError, match="no longer touching"):
        city.remove((1, 0))


def test_a_removal_cutting_off_a_building_and_a_camp_explains_each():
    city = alh.City.from_text("1,0 garden-10; 2,0 arcades-8-E; 3,0 camp-5-W")
    found = city.check_removal((1, 0))
    assert [v.key for v in found] == ["redesign/disconnects", "redesign/disconnects:camp"]
    assert found[0].cells == ((1, 0), (2, 0)) and "pedestrian" in found[0].message
    assert found[1].cells == ((1, 0), (3, 0)) and "camp at (3, 0)" in found[1].message


# -- 5. a fountain is never built -----------------------------------------------------------
def test_a_second_fountain_is_never_built():
    city = alh.City()
    found = city.check(alh.FOUNTAIN, (1, 0))
    assert [v.rule for v in found] == [R.FOUNTAIN]
    assert found[0].rule.value == "placement/fountain" and found[0].cells == ((1, 0),)
    assert found[0].message == (
        "A fountain cannot be built at (1, 0): every Alhambra has exactly one fountain, "
        "the one at (0, 0) that it grows from."
    )
    assert not city.is_legal(alh.FOUNTAIN, (1, 0))
    assert city.legal_cells(alh.FOUNTAIN) == set()
    assert city.legal_cells(alh.FOUNTAIN, gate=True) == set()
    with pytest.raises(alh.IllegalPlacementError) as raised:
        city.place(alh.FOUNTAIN, (0, 1))
    assert raised.value.rules == (R.FOUNTAIN,)
    assert len(city) == 1


def test_a_fountain_tried_anywhere_gets_its_one_true_reason():
    """A fountain is never built: that is the whole answer, wherever it is tried (no
    pedestrian "walking onto the fountain", no cell "already holding" a tile)."""
    city = alh.City.from_text("1,0 garden-10")
    for cell in ((1, 0), (5, 5), (2, 0), (0, 0)):
        assert [v.rule for v in city.check(alh.FOUNTAIN, cell)] == [R.FOUNTAIN], cell
        assert not city.is_legal(alh.FOUNTAIN, cell)


def test_a_fountain_is_never_swapped_in():
    city = alh.City.from_text("1,0 garden-10")
    assert [v.rule for v in city.check_swap((1, 0), alh.FOUNTAIN)] == [R.FOUNTAIN]
    assert not swap_is_legal(city, (1, 0), alh.FOUNTAIN)
    with pytest.raises(alh.IllegalRedesignError):
        city.swap((1, 0), alh.FOUNTAIN)
    assert city[(1, 0)] == alh.Tile.parse("garden-10")


# -- 6. Hakim Wahid as half a building against the neutral player ---------------------------
def _neutral_holds(state: GameState, *codes: str) -> None:
    """The neutral player holds exactly ``codes`` (his other tiles go back into the bag)."""
    assert state.neutral is not None
    state.bag.extend(state.neutral.tiles)
    state.neutral.tiles.clear()
    for code in codes:
        tile = alh.Tile.parse(code)
        state.bag.remove(tile)
        state.neutral.tiles.append(tile)


def test_half_a_building_breaking_a_tie_with_the_neutral_player_changes_his_points():
    state = new_state(2, 5, modules=("characters-half-hakim",))
    _own(state, 0, ch.HAKIM)
    _neutral_holds(state, "tower-12")
    build(state, 0, (1, 0), "tower-11")
    me, neutral = state.players[0].name, state.neutral.name
    score(state, 2)  # towers: a tie, (13 + 6) // 2 = 9 each; half a tower more: 13 and 6
    record = state.scorings[-1]
    assert record["bonuses"][me] == [["Hakim Wahid", 4, f"half a tower for {me}"]]
    assert record["bonuses"][neutral] == [["Hakim Wahid", -3, f"half a tower for {me}"]]
    assert record["points"][neutral] == 6 and state.neutral.score == 6
    assert record["points"][me] == 13 + record["walls"][me]
    breakdown = alh.Game.from_state(state).scorings[-1]
    assert breakdown.totals[neutral] == 6
    check_invariants(state, round_trip=True)

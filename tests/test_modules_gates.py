"""Expansion II, module "gates" in the game (RULES.md §9.1, ruling R7)."""

from __future__ import annotations

import json
import random
from collections import Counter
from dataclasses import FrozenInstanceError, replace

import pytest

import alhambra_nb as alh
from alhambra_nb.core.checks import check_action
from alhambra_nb.core.geometry import SIDES
from alhambra_nb.core.invariants import conservation_problems
from alhambra_nb.core.listing import legal_actions
from alhambra_nb.core.new_game import new_state
from alhambra_nb.core.socket import Turn
from alhambra_nb.core.state import GameState
from alhambra_nb.core.turns import apply_action, draw_money
from alhambra_nb.modules.gates import GATE_PILES, Gates, gate_cards, gated_placements
from alhambra_nb.modules.gates.state import GatesState, read_gates, write_gates
from tests.cities import grow
from tests.game_checks import check_invariants
from tests.test_game_support import build, take_tile

R = alh.RuleId


def _state(players: int = 3, seed: int = 1) -> GameState:
    return new_state(players, seed, modules=("gates",))


def _give_gate(state: GameState, seat: int) -> str:
    """Move a gate card from the deck (or discard pile) into the hand of ``seat``."""
    for spot in (state.deck, state.discard):
        for card_id in spot:
            if card_id.startswith("gate#"):
                spot.remove(card_id)
                gates = read_gates(state)
                hands = list(gates.hands)
                hands[seat] = (*hands[seat], card_id)
                write_gates(Turn(state), replace(gates, hands=tuple(hands)))
                return card_id
    raise AssertionError("no gate card left in deck or discard pile")


def _bought(state: GameState, seat: int, code: str) -> alh.Tile:
    tile = take_tile(state, code)
    state.players[seat].bought.append(tile)
    state.may_act = False
    return tile


def _rules(state, action):
    return [v.rule for v in check_action(state, action)]


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_one_gate_card_per_player_spread_over_piles_3_to_5(players):
    piles = Gates().components(players).piles
    assert set(piles) <= set(GATE_PILES)
    counts = [len(piles.get(p, [])) for p in GATE_PILES]
    assert sum(counts) == players and max(counts) - min(counts) <= 1
    state = new_state(players, 7, modules=("gates",))
    assert sorted(c for c in state.deck if c.startswith("gate#")) == gate_cards(players)
    # Piles 1 and 2 (the first part of the deck) hold no gate card.
    size = (len(state.deck) - players - 2) // 5
    assert not any(c.startswith("gate#") for c in state.deck[: 2 * size])
    check_invariants(state, round_trip=True)


def _end_turn_revealing(state: GameState, *cards: str) -> GameState:
    """End the current player's turn with ``cards`` on top of the deck and the display short."""
    for card_id in reversed(cards):
        state.deck.remove(card_id)
        state.deck.insert(0, card_id)
    state.discard.append(state.display.pop())
    state.actions = 1
    state.may_act = False
    return apply_action(state, alh.EndTurn())


def test_a_revealed_gate_card_lies_beside_the_market_then_a_money_card_is_drawn():
    state = _state()
    after = _end_turn_revealing(state, "gate#1")
    assert read_gates(after).display == "gate#1"
    assert len(after.display) == 4 and all(not c.startswith("gate") for c in after.display)
    assert "A gate card comes up and is laid beside the market." in [
        e.sentence() for e in after.log
    ]
    check_invariants(after)


def test_a_second_revealed_gate_card_is_discarded():
    state = _state()
    write_gates(Turn(state), read_gates(state).laid_out("gate#2"))
    state.deck.remove("gate#2")
    after = _end_turn_revealing(state, "gate#1")
    assert read_gates(after).display == "gate#2"
    assert "gate#1" in after.discard
    assert "one already lies beside the market: it is discarded" in after.log[-4].sentence() or any(
        "it is discarded" in e.sentence() for e in after.log
    )
    check_invariants(after)


def test_a_deck_of_nothing_but_discarded_gate_cards_runs_dry_instead_of_looping():
    # Every money card in hand, one gate card beside the market and the others discarded:
    # reshuffling the discard pile brings up gate cards only, each laid aside again.
    state = _state()
    write_gates(Turn(state), read_gates(state).laid_out("gate#2"))
    rest = [c for c in state.deck if c.startswith("gate#") and c != "gate#2"]
    hoard = [c for c in (*state.deck, *state.discard, *state.display) if not c.startswith("gate#")]
    state.players[0].money.extend(c for c in hoard if c not in state.revealed)
    state.deck, state.discard, state.display = [], list(rest), []
    assert draw_money(state) is None
    assert sorted(state.discard) == sorted(rest) and not state.deck
    assert state.log[-1].key == "event.deck-empty"


def test_taking_the_gate_card_is_a_whole_take_money_action():
    state = _state()
    seat = state.current
    assert _rules(state, "take gate") == [R.GATE_NOT_DISPLAYED]
    assert alh.modules.gates.TakeGate() not in list(legal_actions(state))
    state.deck.remove("gate#1")
    write_gates(Turn(state), read_gates(state).laid_out("gate#1"))
    assert alh.modules.gates.TakeGate() in list(legal_actions(state))
    after = apply_action(state, "take gate")
    assert read_gates(after).hands[seat] == ("gate#1",)
    assert read_gates(after).display is None
    assert not after.may_act  # ruling R7: the turn's action
    assert after.log[-1].sentence().endswith("takes the gate card from beside the market.")
    assert _rules(after, alh.TakeMoney([after.display[0]])) == [R.NO_ACTION_LEFT]
    assert (
        str(alh.modules.gates.TakeGate()) == "take gate"
        and alh.parse_action("take gate") == alh.modules.gates.TakeGate()
    )
    check_invariants(after)


DOUBLE_WALL = ((1, 0), "arcades-8-E")  # a seraglio-7-W at (2, 0) meets it wall to wall


def test_a_gate_makes_an_otherwise_walking_placement_legal_in_a_game():
    state = _state()
    seat = state.current
    build(state, seat, *DOUBLE_WALL)
    tile = _bought(state, seat, "seraglio-7-W")
    plain = alh.PlaceTile(tile, (2, 0))
    gated = alh.PlaceTile(tile, (2, 0), gate=alh.Side.W)
    assert _rules(state, plain) == [R.WALKING]
    assert _rules(state, gated) == [R.GATE_NO_CARD]  # no gate card yet
    assert gated not in list(legal_actions(state))
    card_id = _give_gate(state, seat)
    assert _rules(state, plain) == [R.WALKING]
    assert check_action(state, gated) == []
    assert gated in list(legal_actions(state))
    before = json.dumps(state.to_dict())
    after = apply_action(state, "place seraglio-7-W at 2,0 gate W")
    assert json.dumps(state.to_dict()) == before  # the pure function changed nothing
    city = after.players[seat].city
    assert city.gates == {((1, 0), alh.Side.E)} and city[(2, 0)] == tile
    assert read_gates(after).hands[seat] == ()
    assert read_gates(after).used == (card_id,)
    assert "puts up a gate on the west side of the seraglio at (2, 0)" in after.log[-1].sentence()
    check_invariants(after, round_trip=True)


def test_several_gates_in_one_turn():
    state = _state()
    seat = state.current
    build(state, seat, *DOUBLE_WALL)
    build(state, seat, (0, 1), "garden-12-S")  # a south wall for a north wall to meet
    first = _bought(state, seat, "seraglio-7-W")
    second = _bought(state, seat, "garden-10-N")
    _give_gate(state, seat)
    _give_gate(state, seat)
    state = apply_action(state, alh.PlaceTile(first, (2, 0), gate="W"))
    assert _rules(state, alh.PlaceTile(second, (0, 2))) == [R.WALKING]
    state = apply_action(state, alh.PlaceTile(second, (0, 2), gate="N"))
    assert len(state.players[seat].city.gates) == 2
    assert len(read_gates(state).used) == 2
    check_invariants(state)


@pytest.mark.parametrize("seed", range(4))
def test_gated_placements_are_where_only_a_gate_on_that_side_makes_the_tile_legal(seed):
    """The listing agrees with the full building check, in reading order, also once the
    city has gates of its own."""
    rng = random.Random(seed)
    city = grow(seed, 12 + 8 * seed)
    for _ in range(3):
        listed = {}
        for tile in alh.TILES:
            cells = sorted(city.candidate_cells(), key=lambda c: (c[1], c[0]))
            expected = [
                (cell, side)
                for cell in cells
                if not city.is_legal(tile, cell)
                for side in SIDES
                if city.check(tile, cell, gate=side) == []
            ]
            assert gated_placements(city, tile) == expected, tile
            listed.update({(tile, *place): None for place in expected})
        assert listed
        tile, cell, side = rng.choice(list(listed))
        city.place(tile, cell, gate=side)


@pytest.mark.parametrize("seed", range(4))
def test_a_city_given_gates_tile_by_tile_sees_what_one_built_afresh_sees(seed):
    """A tile built with a gate joins the city's facts step by step (walked to through the
    gate, the two tiles locked), and a tile built without one keeps the gates' locks: every
    rule answers as in the city built from scratch."""
    rng = random.Random(seed)
    city = grow(seed, 10 + 6 * seed)
    for step in range(8):
        if step % 2:
            tile = rng.choice([t for t in alh.TILES if city.legal_cells(t)])
            cell, side = rng.choice(sorted(city.legal_cells(tile))), None
        else:
            places = [(t, *at) for t in alh.TILES[::7] for at in gated_placements(city, t)]
            tile, cell, side = rng.choice(places)
        city.place(tile, cell, gate=side)
        fresh = alh.City(dict(city.items()), gates=city.gates)
        assert city.removable_cells() == fresh.removable_cells()
        assert city.check_removal(cell) == fresh.check_removal(cell)
        for other in alh.TILES[::5]:
            assert city.legal_cells(other) == fresh.legal_cells(other), other
            assert gated_placements(city, other) == gated_placements(fresh, other), other


def test_a_gate_needs_a_new_double_wall():
    state = _state()
    seat = state.current
    build(state, seat, *DOUBLE_WALL)
    _give_gate(state, seat)
    tile = _bought(state, seat, "seraglio-7-W")
    # The seraglio's north side touches nothing: no double wall there.
    assert _rules(state, alh.PlaceTile(tile, (2, 0), gate="N")) == [R.WALKING, R.GATE]


def test_a_redesign_may_put_up_a_gate_and_gated_tiles_are_locked():
    state = _state()
    seat = state.current
    build(state, seat, *DOUBLE_WALL)
    tile = take_tile(state, "seraglio-7-W")
    state.players[seat].reserve.append(tile)
    _give_gate(state, seat)
    build_gated = alh.BuildFromReserve(tile, (2, 0), gate=alh.Side.W)
    assert str(build_gated) == "redesign build seraglio-7-W at 2,0 gate W"
    assert alh.parse_action(str(build_gated)) == build_gated
    assert build_gated in list(legal_actions(state))
    after = apply_action(state, build_gated)
    assert after.players[seat].city.gates
    after.may_act, after.actions = True, 0  # a fresh turn for the same player
    for cell in ((1, 0), (2, 0)):
        assert R.REDESIGN_GATE_LOCKED in _rules(after, alh.MoveToReserve(cell))
        assert alh.MoveToReserve(cell) not in list(legal_actions(after))
    twin = take_tile(after, "seraglio-8-S")
    after.players[seat].reserve.append(twin)
    assert R.REDESIGN_GATE_LOCKED in _rules(after, alh.SwapWithReserve((2, 0), twin))
    check_invariants(after)


def test_an_illegal_gate_leaves_the_game_unchanged():
    game = alh.Game(3, seed=1, modules=("gates",))
    before = game.to_json()
    with pytest.raises(alh.IllegalActionError) as error:
        game.apply("place seraglio-7-W at 2,0 gate W")
    assert error.value.rules == (R.PLACE_NOT_BOUGHT,)
    assert game.to_json() == before


def test_without_the_module_a_gate_is_refused():
    state = new_state(3, 1)
    seat = state.current
    build(state, seat, *DOUBLE_WALL)
    tile = _bought(state, seat, "seraglio-7-W")
    assert _rules(state, alh.PlaceTile(tile, (2, 0), gate="W")) == [R.GATE_NO_CARD]
    assert (
        "holds no gate card"
        in check_action(state, alh.PlaceTile(tile, (2, 0), gate="W"))[0].message
    )


def test_loading_checks_the_gate_cards():
    state = _state()
    _give_gate(state, state.current)
    data = state.to_dict()
    alh.Game.from_json(json.dumps(data))
    doubled = json.loads(json.dumps(data))
    doubled["extra"]["gates"]["used"] = ["gate#1"]
    with pytest.raises(alh.GameStateError) as error:
        alh.Game.from_json(json.dumps(doubled))
    assert "gate#1" in str(error.value) or error.value.field.startswith("extra.gates")
    lost = json.loads(json.dumps(data))
    lost["extra"]["gates"]["hands"][state.current] = []
    with pytest.raises(alh.GameStateError, match="gate#"):
        alh.Game.from_json(json.dumps(lost))
    broken = json.loads(json.dumps(data))
    broken["extra"]["gates"]["hands"] = "none"
    with pytest.raises(alh.GameStateError) as error:
        alh.Game.from_json(json.dumps(broken))
    assert error.value.field.startswith("extra.gates")


def test_a_standing_gate_needs_a_played_card():
    state = _state()
    seat = state.current
    build(state, seat, *DOUBLE_WALL)
    state.own_city(seat).place(take_tile(state, "seraglio-7-W"), (2, 0), gate="W")
    with pytest.raises(alh.GameStateError, match="1 gate stands"):
        alh.core.GameState.from_dict(json.loads(json.dumps(state.to_dict())))


def test_the_invariants_ask_the_module_whether_its_gates_are_paid_for():
    state = _state()
    seat = state.current
    build(state, seat, *DOUBLE_WALL)
    assert conservation_problems(state) == []
    state.own_city(seat).place(take_tile(state, "seraglio-7-W"), (2, 0), gate="W")
    assert conservation_problems(state) == [
        "extra.gates.used: 1 gate stands in the cities but 0 gate cards were played"
    ]


def test_greedy_bots_take_gate_cards_and_use_them():
    used = taken = 0
    for seed in range(3):
        game = alh.simulate(3, bots="greedy", seed=seed, modules=("gates",))
        taken += sum(isinstance(a, alh.modules.gates.TakeGate) for a in game.history)
        gated = [a for a in game.history if getattr(a, "gate", None) is not None]
        used += len(gated)
        check_invariants(game.state)
    assert taken >= 3 and used >= 1


def test_gate_cards_are_counted_once():
    state = _state()
    kinds = Counter(c.split("#")[0] for c in state.deck if c.startswith("gate"))
    assert kinds == {"gate": 3}


def test_a_gate_in_a_game_without_gates_is_refused_on_loading():
    state = new_state(3, 1)
    seat = state.current
    build(state, seat, *DOUBLE_WALL)
    state.own_city(seat).place(take_tile(state, "seraglio-7-W"), (2, 0), gate="W")
    with pytest.raises(alh.GameStateError, match="no module has gates"):
        alh.core.GameState.from_dict(json.loads(json.dumps(state.to_dict())))


def test_the_module_state_is_typed_and_saved_as_before():
    game = alh.Game(3, seed=2, modules=["gates"])
    state = game.state
    assert read_gates(state) == GatesState(None, ((), (), ()))
    gates = GatesState.new(3).laid_out("gate#2").taken_by(1).laid_out("gate#3")
    assert gates == GatesState("gate#3", ((), ("gate#2",), ()))
    played = gates.played_by(1)
    assert played.hands[1] == () and played.used == ("gate#2",)
    write_gates(Turn(state), played)
    assert state.to_dict()["extra"]["gates"] == {
        "display": "gate#3",
        "hands": [[], [], []],
        "used": ["gate#2"],
    }
    assert read_gates(state) == played
    with pytest.raises(FrozenInstanceError):
        played.display = None  # type: ignore[misc]

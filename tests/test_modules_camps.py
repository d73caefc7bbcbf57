"""Expansion II, module "camps" in the game (RULES.md §9.4)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

import alhambra_nb as alh
from alhambra_nb.core.checks import check_action
from alhambra_nb.core.listing import legal_actions
from alhambra_nb.core.new_game import new_state
from alhambra_nb.core.state import GameState
from alhambra_nb.core.turns import apply_action, score
from tests.cities import gated_city
from tests.game_checks import check_invariants
from tests.test_game_support import build, take_tile

R = alh.RuleId
GOLDEN = Path(__file__).parent / "golden" / "camps_seed_example.json"

# The seed rulebook's picture: two camps facing each other across a row of five tiles
# (5 + 5) and a corner camp whose arrows score 1 + 1: 12 extra points in all.
SEED_EXAMPLE = (
    ((-1, 0), "garden-10"),
    ((-2, 0), "seraglio-7-W"),
    ((1, 0), "seraglio-8-S"),
    ((2, 0), "arcades-8-E"),
    ((0, 1), "garden-9-E"),
    ((-3, 0), "camp-4-E"),
    ((3, 0), "camp-5-W"),
    ((1, 1), "camp-9-WN"),
)


def _state(players: int = 3, seed: int = 3) -> GameState:
    return new_state(players, seed, modules=("camps",))


def _rules(state, action):
    return [v.rule for v in check_action(state, action)]


def _seed_example(state: GameState, seat: int) -> None:
    for cell, code in SEED_EXAMPLE:
        build(state, seat, cell, code)


def test_the_8_camps_go_into_the_bag():
    state = _state()
    camps = [t for t in [*state.bag, *state.market] if t.is_camp]
    assert sorted(camps, key=alh.Tile.sort_key) == sorted(alh.CAMPS, key=alh.Tile.sort_key)
    assert len(state.bag) + 4 == 54 + 8
    check_invariants(state, round_trip=True)
    assert all(row.source == "reconstructed" for row in alh.CAMP_TABLE)


def test_a_camp_is_bought_like_a_building():
    state = _state()
    seat = state.current
    from tests.test_game_support import set_hand, set_market

    set_market(state, 3, "camp-4-N")
    set_hand(state, seat, "ducat-4#1")
    after = apply_action(state, "buy 3 with ducat-4#1")
    assert after.players[seat].bought == [alh.Tile.parse("camp-4-N")] and after.may_act
    assert "for the camp" in after.log[-1].sentence()


def test_a_camps_green_side_against_a_building_is_refused_in_a_game():
    state = _state()
    seat = state.current
    build(state, seat, (1, 0), "arcades-8-E")
    camp = take_tile(state, "camp-4-N")
    state.players[seat].bought.append(camp)
    state.may_act = False
    # camp-4-N at (2, 0): its plain west side would face the arcades' east wall.
    action = alh.PlaceTile(camp, (2, 0))
    assert _rules(state, action) == [R.CAMP_SIDES]
    assert action not in list(legal_actions(state))
    game = alh.Game.from_state(state)
    before = game.to_json()
    with pytest.raises(alh.IllegalActionError) as error:
        game.apply(action)
    assert error.value.rules == (R.CAMP_SIDES,) and game.to_json() == before
    good = take_tile(state, "camp-5-W")
    state.players[seat].bought.append(good)
    assert check_action(state, alh.PlaceTile(good, (2, 0))) == []  # bastion against the wall
    after = apply_action(state, alh.PlaceTile(good, (2, 0)))
    check_invariants(after)


def test_camps_never_count_for_majorities():
    state = _state()
    seat = state.current
    _seed_example(state, seat)
    counts = state.players[seat].city.building_counts()
    assert sum(counts.values()) == 5


def test_the_seed_example_scores_12_at_every_scoring():
    state = _state()
    seat = state.current
    _seed_example(state, seat)
    name = state.players[seat].name
    for round_ in (1, 2, 3):
        score(state, round_)
        record = state.scorings[-1]
        assert record["bonuses"][name] == [["camps", 12, "4 arrows: 5 + 1 + 1 + 5"]]
        breakdown = alh.Game.from_state(state).scorings[-1]
        assert breakdown.totals[name] == record["points"][name]
        assert "camps: " + name + " +12 (4 arrows: 5 + 1 + 1 + 5)" in breakdown.explain()
    check_invariants(state, round_trip=True)


def _golden_record() -> dict:
    state = _state()
    seat = state.current
    _seed_example(state, seat)
    score(state, 2)
    city = state.players[seat].city
    return {
        "source": "the camps picture of the expansion II rulebook (seed 001): 5 + 5 + 2 = 12; "
        "regenerate with ALHAMBRA_GOLDEN=write and review the differences",
        "city": city.to_text().splitlines(),
        "arrows": [
            {
                "camp": list(line.camp),
                "side": line.side.name,
                "cells": [list(c) for c in line.cells],
            }
            for line in alh.arrow_lines(city.tiles())
        ],
        "camp_points": alh.camp_points(city.tiles()),
        "scoring": state.scorings[-1],
        "explained": alh.Game.from_state(state).scorings[-1].explain().splitlines(),
    }


def test_camp_scoring_golden_file():
    if os.environ.get("ALHAMBRA_GOLDEN") == "write":
        text = json.dumps(_golden_record(), indent=1, ensure_ascii=False)
        GOLDEN.write_text(text + "\n", encoding="utf-8")
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    assert _golden_record() == golden
    assert golden["camp_points"] == 12


def test_camps_are_exempt_from_walking():
    state = _state()
    seat = state.current
    build(state, seat, (1, 0), "arcades-8-E")
    camp = take_tile(state, "camp-5-W")
    assert state.players[seat].city.check(camp, (2, 0)) == []  # behind a wall, no pedestrian


def test_a_camp_in_the_reserve_or_with_the_neutral_player_scores_nothing():
    state = new_state(2, 4, modules=("camps",))
    seat = state.current
    state.players[seat].reserve.append(take_tile(state, "camp-4-E"))
    assert state.neutral is not None
    score(state, 1)
    assert "bonuses" not in state.scorings[-1]
    check_invariants(state)


def test_greedy_bot_values_a_camp_by_its_arrows():
    state = _state()
    seat = state.current
    for cell, code in SEED_EXAMPLE[:5]:
        build(state, seat, cell, code)
    bot = alh.GreedyBot(0)
    camp = alh.Tile.parse("camp-4-E")
    assert bot.tile_value(state, camp) >= 3 * 5  # five tiles in a row, three scorings to come
    state.players[seat].bought.append(take_tile(state, "camp-4-E"))
    state.may_act = False
    action = bot.choose(state)
    assert action == alh.PlaceTile(camp, (-3, 0))


def test_removals_and_swaps_keep_camps_attached():
    state = _state()
    seat = state.current
    build(state, seat, (1, 0), "arcades-8-E")
    build(state, seat, (2, 0), "camp-5-W")
    assert _rules(state, alh.MoveToReserve((1, 0))) == [R.REDESIGN_DISCONNECTS]
    assert alh.MoveToReserve((1, 0)) not in list(legal_actions(state))
    assert alh.MoveToReserve((2, 0)) in list(legal_actions(state))


def test_the_fast_redesign_lists_agree_with_the_city_checks():
    """Removals and swaps listed for cities with camps and gates equal what the city's own
    full checks allow, on the cities of finished games."""
    from alhambra_nb.core.listing import removable_cells, swap_is_legal, swaps

    pool = [*alh.CAMPS, *alh.TILES[::4]]
    for seed in range(6):
        game = alh.simulate(3, seed=seed, modules=("camps", "gates"))
        for player in game.state.players:
            city = player.city
            placed = [(c, t) for c, t in city.items() if c != (0, 0)]
            assert set(removable_cells(city)) == {c for c, _ in placed if not city.check_removal(c)}
            legal = {
                (c, t) for c, old in placed for t in pool if t != old and not city.check_swap(c, t)
            }
            assert set(swaps(city, pool)) == legal
            assert {
                (c, t) for c, old in placed for t in pool if t != old and swap_is_legal(city, c, t)
            } == legal


def test_a_camp_swapped_for_a_camp_leaves_the_facts_of_a_city_built_afresh():
    """Nobody walks through a camp, before the swap or after: the layout grows from the one
    before (what it found of the camps kept), and every rule answers as in the city built
    from scratch."""
    swapped = 0
    for seed in range(3):
        city = gated_city(seed, 30)
        city.removable_cells()  # what the camps need, found before the swap
        for cell, old in list(city.items()):
            for new in alh.CAMPS if old.is_camp else ():
                if new == old or city.check_swap(cell, new):
                    continue
                after = city.copy()
                after.swap(cell, new)
                swapped += 1
                fresh = alh.City(dict(after.items()), gates=after.gates)
                assert after._facts().camps == fresh._facts().camps
                assert after.removable_cells() == fresh.removable_cells()
                for other in after:
                    assert after.check_removal(other) == fresh.check_removal(other)
                for tile in [*alh.CAMPS, *alh.TILES[::11]]:
                    assert after.legal_cells(tile) == fresh.legal_cells(tile)
    assert swapped

import pytest

import alhambra_nb as alh

B = alh.Building


def counts(**per_player):
    """counts(ana={'tower': 4}) -> {'ana': {Building.TOWER: 4}}"""
    return {p: {B(k): n for k, n in types.items()} for p, types in per_player.items()}


def test_round_1_most_chambers_scores_4():
    points = alh.majority_points(counts(a={"chambers": 3}, b={"chambers": 2}), round=1)
    assert points == {"a": 4, "b": 0}


def test_round_2_most_towers_13_second_6():
    points = alh.majority_points(counts(a={"tower": 5}, b={"tower": 3}, c={"tower": 1}), round=2)
    assert points == {"a": 13, "b": 6, "c": 0}


def test_round_2_two_players_with_4_towers_share_13_plus_6():
    points = alh.majority_points(counts(a={"tower": 4}, b={"tower": 4}, c={"tower": 2}), round=2)
    assert points == {"a": 9, "b": 9, "c": 0}


def test_round_3_pavilions_16_8_1():
    points = alh.majority_points(
        counts(a={"pavilion": 3}, b={"pavilion": 2}, c={"pavilion": 1}), round=3
    )
    assert points == {"a": 16, "b": 8, "c": 1}


def test_round_3_pavilions_3_3_1_gives_12_12_1():
    points = alh.majority_points(
        counts(a={"pavilion": 3}, b={"pavilion": 3}, c={"pavilion": 1}), round=3
    )
    assert points == {"a": 12, "b": 12, "c": 1}


def test_round_2_three_way_tie_splits_rounded_down():
    points = alh.majority_points(
        counts(a={"pavilion": 2}, b={"pavilion": 2}, c={"pavilion": 2}), round=2
    )
    assert points == {"a": 3, "b": 3, "c": 3}  # (8 + 1 + 0) // 3


def test_four_players_4_3_2_1_towers_in_round_3():
    points = alh.majority_points(
        counts(a={"tower": 4}, b={"tower": 3}, c={"tower": 2}, d={"tower": 1}), round=3
    )
    assert points == {"a": 21, "b": 13, "c": 6, "d": 0}


def test_zero_never_scores_even_when_nobody_else_has_one():
    points = alh.majority_points(counts(a={"garden": 1}, b={"garden": 0}), round=3)
    assert points == {"a": 20, "b": 0}


def test_the_player_after_a_tie_takes_the_place_after_it():
    points = alh.majority_points(counts(a={"tower": 3}, b={"tower": 3}, c={"tower": 2}), round=3)
    assert points == {"a": 17, "b": 17, "c": 6}  # (21 + 13) // 2, then 3rd place


def test_types_add_up():
    points = alh.majority_points(counts(a={"tower": 1, "garden": 1}, b={"garden": 2}), round=1)
    assert points == {"a": 6, "b": 5}


def test_the_breakdown_explains_places_ties_and_walls():
    breakdown = alh.score_round(
        counts(ana={"tower": 4}, ben={"tower": 4}, cy={"tower": 1}),
        {"ana": 7, "ben": 2, "cy": 0},
        round=2,
    )
    tower = next(r for r in breakdown.types if r.building is B.TOWER)
    assert tower.places[0].players == ("ana", "ben")
    assert tower.places[0].places == (1, 2)
    assert tower.places[0].pool == (13, 6)
    assert tower.places[1].pool == ()
    assert "ana 4 and ben 4 tie for 1st and 2nd: 13 + 6 = 19 → 9 each" in breakdown.explain()
    assert breakdown.totals == {"ana": 16, "ben": 11, "cy": 0}


@pytest.mark.parametrize("bad_round", [0, 4, "2"])
def test_a_bad_round_is_refused(bad_round):
    with pytest.raises(alh.ScoringError, match="round"):
        alh.majority_points(counts(a={"tower": 1}), round=bad_round)


def test_bad_counts_are_refused_naming_the_player():
    with pytest.raises(alh.ScoringError, match="'a'"):
        alh.majority_points({"a": {B.TOWER: -1}})
    with pytest.raises(alh.ScoringError, match="not a building type"):
        alh.majority_points({"a": {"tower": 1}})

"""Each rule is one record: its mask and its explanation say the same thing, cell by cell.

For every building and redesign rule, on seeded random cities with camps and gates, at every
cell near the city (and one far away): the rule's ``explain`` reports a violation exactly where
its ``holds`` mask leaves the cell out, only under its own id, in sentences it declares.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import alhambra_nb as alh
from alhambra_nb.core import rules
from alhambra_nb.core.messages import ENGLISH
from alhambra_nb.core.rules import placement, redesign
from alhambra_nb.core.rules.shape import NO_GATE, Shape
from alhambra_nb.core.violations import RuleId
from tests.cities import FAR, around, gated_city, open_city

PATTERNS = sorted({t.wall_mask: t for t in alh.TILES}.values(), key=lambda t: t.wall_mask)
SHAPES = [*PATTERNS, *alh.CAMPS[:4], alh.FOUNTAIN]
seeds = st.integers(min_value=0, max_value=10**6)
sizes = st.integers(min_value=0, max_value=40)

# walls-match also speaks for the camps' sides: a side matches or it does not.
OWN_IDS = {rule.id: {rule.id} for rule in (*rules.RULES, *rules.REMOVAL_RULES, *rules.SWAP_RULES)}
OWN_IDS[RuleId.WALLS_MATCH] = {RuleId.WALLS_MATCH, RuleId.CAMP_SIDES}


def attempt_at(city: alh.City, tile: alh.Tile, cell, turns: int, gate) -> placement.Attempt:
    edges = tile.rotated_edges(turns)
    return placement.Attempt(tile, cell, edges, turns, city.tiles(), city._facts(), gate)


def holds(rule, layout, shape, cell) -> bool:
    bit = layout.probe_bit(cell)
    return bool(rule.holds(layout, shape, bit) & bit)


def assert_explained(rule, violations, kept: bool, where) -> None:
    assert (not violations) == kept, (rule.id, where, violations)
    for violation in violations:
        assert violation.rule in OWN_IDS[rule.id], (rule.id, violation)
        assert violation.key in rule.messages, (rule.id, violation.key)


@settings(max_examples=25, deadline=None)
@given(seeds, sizes, st.randoms(use_true_random=False))
def test_each_building_rule_explains_exactly_where_its_mask_leaves_a_cell_out(seed, size, rng):
    city = gated_city(seed, size)
    layout = city._facts()
    for tile in SHAPES:
        turns = rng.choice((0, 0, 1, 2, 3))
        gate = rng.choice((None, None, *alh.Side))
        shape = Shape.of(tile, turns, gate)
        for cell in around(city):
            attempt = attempt_at(city, tile, cell, turns, gate)
            for rule in rules.RULES:
                if cell in city and not rule.on_taken_cell:
                    continue
                kept = holds(rule, layout, shape, cell)
                assert_explained(rule, list(rule.explain(attempt)), kept, (tile, cell, gate))


@settings(max_examples=25, deadline=None)
@given(seeds, sizes)
def test_each_removal_rule_explains_exactly_where_its_mask_leaves_a_tile_out(seed, size):
    city = gated_city(seed, size)
    layout = city._facts()
    for cell in around(city):
        move = rules.Redesign(cell, city.tiles(), city.gates, layout)
        for rule in rules.REMOVAL_RULES:
            if not rule.whole_answer and (cell not in city or cell == (0, 0)):
                continue  # an empty cell or the fountain: the first rules are the whole answer
            kept = holds(rule, layout, None, cell)
            assert_explained(rule, list(rule.explain(move)), kept, cell)


@settings(max_examples=20, deadline=None)
@given(seeds, sizes, st.randoms(use_true_random=False))
def test_each_swap_rule_explains_exactly_where_its_mask_leaves_a_tile_out(seed, size, rng):
    city = gated_city(seed, size)
    layout = city._facts()
    for tile in rng.sample(SHAPES, 6):
        shape = Shape.of(tile)
        for cell, old in city.items():
            if cell == (0, 0):
                continue
            move = rules.Redesign(cell, city.tiles(), city.gates, layout, tile, shape)
            kept = holds(redesign.SWAP_DISCONNECTS, layout, shape, cell)
            violations = list(redesign.SWAP_DISCONNECTS.explain(move))
            assert_explained(redesign.SWAP_DISCONNECTS, violations, kept, (tile, cell))
            kept = holds(redesign.GATE_LOCKED, layout, shape, cell)
            violations = list(redesign.GATE_LOCKED.explain(move))
            assert_explained(redesign.GATE_LOCKED, violations, kept, (tile, cell))
            without = alh.City(
                {c: t for c, t in city.items() if c != cell and c != (0, 0)},
                gates=[g for g in city.gates if cell not in redesign.gate_cells(g)],
            )
            attempt = attempt_at(without, tile, cell, 0, None)
            bit = layout.bit(cell)
            for rule in redesign.SWAP_PLACEMENT:
                kept = bool(redesign.swap_placement_holds(rule, layout, shape, bit) & bit)
                assert_explained(rule, list(rule.explain(attempt)), kept, (tile, cell, old))


@settings(max_examples=20, deadline=None)
@given(seeds, sizes)
def test_the_fast_answers_are_the_and_of_the_masks(seed, size):
    city = gated_city(seed, size)
    layout = city._facts()
    cells = around(city)
    for tile in SHAPES:
        for gate in (None, True):
            shape = Shape.of(tile, gate=gate)
            every = [c for c in cells if all(holds(r, layout, shape, c) for r in rules.RULES)]
            assert city.legal_cells(tile, gate=bool(gate)) == set(every) - {FAR}
        if not tile.is_fountain:
            assert city.gate_openings(tile) == [
                (cell, side)
                for cell in sorted(cells, key=lambda c: (c[1], c[0]))
                for side in alh.Side
                if city.is_legal(tile, cell, gate=side) and not city.is_legal(tile, cell)
            ]
    removable = [c for c in cells if all(holds(r, layout, None, c) for r in rules.REMOVAL_RULES)]
    assert set(rules.removable_cells(layout)) == set(removable)
    assert all(city.check_removal(c) == [] for c in removable)


@settings(max_examples=15, deadline=None)
@given(seeds, sizes)
def test_a_rule_that_depends_on_the_tile_alone_holds_everywhere_or_nowhere(seed, size):
    # fits_the_tile asks such a rule once per shape: its answer must not depend on the city.
    layouts = [gated_city(seed, size)._facts(), alh.City()._facts()]
    flagged = [rule for rule in rules.RULES if rule.any_position]
    assert flagged
    for tile in SHAPES:
        for turns in range(4):
            for gate in (None, *alh.Side):
                shape = Shape.of(tile, turns, gate)
                for rule in flagged:
                    verdicts = set()
                    for layout in layouts:
                        mask = rule.holds(layout, shape, layout.full_bits)
                        assert mask in (0, layout.full_bits), (rule.id, tile, turns, gate)
                        verdicts.add(bool(mask))
                    assert len(verdicts) == 1, (rule.id, tile, turns, gate)


@settings(max_examples=15, deadline=None)
@given(seeds, sizes)
def test_check_says_every_broken_rule_and_only_those(seed, size):
    city = gated_city(seed, size)
    for tile in [*PATTERNS[::3], alh.CAMPS[0]]:
        shape = Shape.of(tile)
        for cell in around(city):
            said = {v.rule for v in city.check(tile, cell)}
            broken = placement.broken_rules(attempt_at(city, tile, cell, 0, None), shape)
            expected = set().union(*(OWN_IDS[r.id] for r in broken)) if broken else set()
            assert said <= expected and bool(said) == bool(broken), (tile, cell)


def test_every_record_names_sentences_the_catalogue_has():
    for rule in (*rules.RULES, *rules.REMOVAL_RULES, *rules.SWAP_RULES):
        assert rule.messages
        for key in rule.messages:
            assert key in ENGLISH, (rule.id, key)


def test_the_records_keep_the_teaching_order_of_the_explanations():
    assert [r.id.value for r in rules.RULES] == [
        "placement/occupied",
        "placement/orientation",
        "placement/fountain",
        "placement/touches-city",
        "placement/walls-match",
        "placement/walking",
        "placement/no-holes",
        "placement/gate",
    ]
    assert NO_GATE not in range(4)


def test_a_removal_rule_that_is_the_whole_answer_comes_before_the_others():
    """check_removal answers with the first broken rule that is the whole answer as soon as
    it meets it: so none of the others may come before it."""
    whole = [rule.whole_answer for rule in rules.REMOVAL_RULES]
    assert whole == sorted(whole, reverse=True) and any(whole)
    city = alh.City.from_text("1,0 garden-10")
    assert [v.rule for v in city.check_removal((0, 0))] == [alh.RuleId.REDESIGN_FOUNTAIN]
    assert [v.rule for v in city.check_removal((5, 5))] == [alh.RuleId.REDESIGN_EMPTY]


@pytest.mark.parametrize("rule", rules.RULES, ids=lambda r: r.id.value)
def test_each_building_rule_leaves_some_cell_out_for_some_tile(rule):
    """No mask is everywhere true: each rule excludes some cell for some tile."""
    # A ring open at (0, 1): a tile there encloses (1, 1).
    city = open_city((1, 0), (2, 0), (2, 1), (2, 2), (1, 2), (0, 2))
    city = alh.City({**dict(city.items()), (-1, 0): "tower-7-S", (1, -1): "garden-10-E"})
    layout = city._facts()
    excluded = False
    for tile in SHAPES:
        for gate in (None, *alh.Side):
            for turns in (0, 1):
                shape = Shape.of(tile, turns, gate)
                for cell in around(city):
                    if not (cell in city and not rule.on_taken_cell):
                        excluded |= not holds(rule, layout, shape, cell)
    assert excluded

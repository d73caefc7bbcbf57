"""The ruleset: the modules a game is played by, made once and asked for their hooks; the
game state itself keeps only the modules' names."""

from __future__ import annotations

import json

import pytest

import alhambra_nb as alh
from alhambra_nb.core.actions import Buy, TakeMoney
from alhambra_nb.core.listing import buy_options
from alhambra_nb.core.new_game import new_state
from alhambra_nb.core.ruleset import Ruleset, ruleset_for
from alhambra_nb.core.socket import HOOKS, MODULES, Module, register
from tests.test_game_support import set_hand, set_market


def test_a_ruleset_is_made_once_and_shared_by_games_with_the_same_modules():
    one = alh.Game(2, seed=1, modules=["gates", "camps"]).state
    other = alh.Game(3, seed=9, modules=["gates", "camps"]).state
    assert one.ruleset is other.ruleset is ruleset_for(("gates", "camps"))
    assert one.ruleset.names == ("gates", "camps")
    assert [type(m).__name__ for m in one.ruleset.modules] == ["Gates", "Camps"]
    assert one.ruleset.variants == alh.Variants()  # every rule read as ruled


def test_the_hooks_are_those_of_the_modules_that_override_them_in_order():
    ruleset = ruleset_for(("camps", "diamonds", "gates"))
    gates, diamonds = ruleset.module("gates"), ruleset.module("diamonds")
    assert ruleset.hooks("gate_cards") == (gates.gate_cards,)
    assert ruleset.hooks("payment_groups") == (diamonds.payment_groups,)
    assert ruleset.hooks("advise") == (gates.advise,)  # a bot uses gates, and only gates advise
    assert ruleset.module("characters") is None
    state = alh.Game(2, seed=1, modules=["camps", "diamonds", "gates"]).state
    table = state.hook_table()
    for hook in HOOKS:
        assert state.hooks(hook) == ruleset.hooks(hook) == table[hook]
    assert alh.Game(2, seed=1).state.hooks("payment_groups") == ()


def test_a_game_reads_the_hooks_of_the_modules_registered_now():
    # The hooks are read from a table per set of modules: a module registered again must
    # replace its hooks there too, for games already begun.
    def module_adding(extra):
        class Generous(Module):
            name = "test-ruleset-hooks"

            def take_limit(self, state, seat, limit):
                return limit + extra

        return register(Generous)

    module_adding(1)
    try:
        state = alh.Game(2, seed=1, modules=["test-ruleset-hooks"]).state
        assert state.hooks("take_limit")[0](state, 0, 5) == 6
        assert state.hook_table()["take_limit"][0](state, 0, 5) == 6
        module_adding(2)
        assert state.hook_table()["take_limit"][0](state, 0, 5) == 7
        assert state.hooks("take_limit")[0](state, 0, 5) == 7
    finally:
        MODULES.pop("test-ruleset-hooks")


def test_a_module_reacts_only_to_the_actions_it_names_and_their_subclasses():
    seen: list[tuple[str, str]] = []

    class Watcher(Module):
        name = "test-ruleset-watcher"
        reacts_to = (TakeMoney,)

        def after(self, turn, action):
            seen.append((self.name, type(action).__name__))

    class Everything(Module):
        name = "test-ruleset-everything"

        def after(self, turn, action):
            seen.append((self.name, type(action).__name__))

    class TakeAll(TakeMoney):
        pass

    register(Watcher)
    register(Everything)
    try:
        names = ("test-ruleset-watcher", "test-ruleset-everything")
        game = alh.simulate(2, seed=3, modules=names)
        kinds = [type(action).__name__ for action in game.history]
        assert "TakeMoney" in kinds and len(set(kinds)) > 1
        assert [kind for name, kind in seen if name == names[1]] == kinds
        assert [kind for name, kind in seen if name == names[0]] == [
            kind for kind in kinds if kind == "TakeMoney"
        ]
        ruleset = ruleset_for(names)
        watcher, everything = ruleset.modules
        assert ruleset.reacting(TakeAll) == (watcher.after, everything.after)
        assert ruleset.reacting(Buy) == (everything.after,)
    finally:
        MODULES.pop("test-ruleset-watcher")
        MODULES.pop("test-ruleset-everything")


@pytest.mark.parametrize(
    "change",
    [
        lambda cls: MODULES.__setitem__(cls.name, cls),
        lambda cls: MODULES.update({cls.name: cls}),
        lambda cls: MODULES.update([(cls.name, cls)]),
        lambda cls: MODULES.setdefault(cls.name, cls),
        lambda cls: MODULES.__ior__({cls.name: cls}),
    ],
    ids=["item", "update", "update-pairs", "setdefault", "in-place-or"],
)
def test_every_way_of_registering_a_module_is_noticed(change):
    # A ruleset made before the module was there must not be read afterwards.
    class Late(Module):
        name = "test-ruleset-late"

    with pytest.raises(alh.UnknownModuleError):
        ruleset_for(("test-ruleset-late",))
    gates = ruleset_for(("gates",))
    change(Late)
    try:
        assert ruleset_for(("gates",)) is not gates
        assert ruleset_for(("test-ruleset-late",)).names == ("test-ruleset-late",)
    finally:
        MODULES.pop("test-ruleset-late", None)


@pytest.mark.parametrize(
    "change",
    [
        lambda: MODULES.pop("test-ruleset-late"),
        lambda: MODULES.__delitem__("test-ruleset-late"),
        lambda: MODULES.popitem(),  # the last registered
        lambda: MODULES.clear(),
    ],
    ids=["pop", "del", "popitem", "clear"],
)
def test_every_way_of_removing_a_module_is_noticed(change):
    class Late(Module):
        name = "test-ruleset-late"

    kept = dict(MODULES)
    register(Late)
    late = ruleset_for(("test-ruleset-late",))
    try:
        change()
        assert "test-ruleset-late" not in MODULES
        with pytest.raises(alh.UnknownModuleError):
            ruleset_for(("test-ruleset-late",))
        assert late.names == ("test-ruleset-late",)  # a ruleset made before stays as it was
    finally:
        MODULES.pop("test-ruleset-late", None)
        MODULES.update(kept)


@pytest.mark.parametrize("name", ["typo", "_private", "name", ["check"], None])
def test_a_hook_no_module_has_is_refused_by_name(name):
    for state in (alh.Game(2, seed=1).state, alh.Game(2, seed=1, modules=["gates"]).state):
        with pytest.raises(alh.UnknownModuleError, match="hook") as refused:
            state.hooks(name)
        assert "payment_groups" in str(refused.value)  # the hooks there are, named
    assert alh.Game(2, seed=1).state.hooks("payment_groups") == ()


def test_the_state_saves_module_names_not_module_objects():
    state = alh.Game(2, seed=1, modules=["gates", "characters"]).state
    assert state.modules == ("gates", "characters")
    saved = state.to_dict()
    assert saved["modules"] == ["gates", "characters"]
    json.dumps(saved)  # plain data all through
    for name in state.__dataclass_fields__:
        assert not isinstance(getattr(state, name), (Module, Ruleset)), name


def test_a_module_registered_again_makes_a_new_ruleset():
    before = ruleset_for(("gates",))

    @register
    class Generous(Module):
        name = "test-ruleset-generous"

        def take_limit(self, state, seat, limit):
            return limit + 1

    try:
        after = ruleset_for(("gates",))
        assert after is not before and after.names == before.names
        assert len(ruleset_for(("test-ruleset-generous",)).hooks("take_limit")) == 1
    finally:
        MODULES.pop("test-ruleset-generous")
    with pytest.raises(alh.UnknownModuleError, match="test-ruleset-generous"):
        ruleset_for(("test-ruleset-generous",))
    with pytest.raises(alh.UnknownModuleError):
        ruleset_for(("gates", "gates"))


def test_a_group_a_module_names_pays_first_on_every_space_and_is_listed_once():
    class DenarsAnywhere(Module):
        name = "test-denars-anywhere"

        def payment_groups(self, state, seat):
            return ("denar", "denar")  # named twice, and on space 1 the space's own

    register(DenarsAnywhere)
    try:
        state = new_state(2, 1, modules=("test-denars-anywhere",))
        for space, code in enumerate(("pavilion-8", "seraglio-9", "arcades-10", "tower-13-E"), 1):
            set_market(state, space, code)
        seat = state.current
        set_hand(state, seat, "denar-9#1", "denar-4#1", "dirham-9#1")
        buys = buy_options(state, state.players[seat])
        denars = [("denar-9#1",), ("denar-9#1", "denar-4#1")]
        assert [cards for space, cards in buys if space == 1] == denars[:1]
        assert [cards for space, cards in buys if space == 2] == [*denars[:1], ("dirham-9#1",)]
        assert [cards for space, cards in buys if space == 3] == denars[1:]
        assert [cards for space, cards in buys if space == 4] == denars[1:]
    finally:
        MODULES.pop("test-denars-anywhere")

"""The socket is the modules' only way into the turn: they import no turn machinery, and the
turn's steps the socket offers are the turn's own."""

from __future__ import annotations

import ast
from pathlib import Path

import alhambra_nb as alh
from alhambra_nb.core import socket

MODULES = Path(alh.__file__).parent / "modules"


def imported_modules(path: Path) -> set[str]:
    """The modules a file imports from (relative imports written as they stand)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            found.add("." * node.level + (node.module or ""))
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
    return found


def test_no_module_reaches_into_the_turn_machinery():
    files = sorted(MODULES.rglob("*.py"))
    assert len(files) >= 8  # four packages, each with its messages at least
    for path in files:
        reaching = {m for m in imported_modules(path) if m.endswith(("core.turns", "core.bots"))}
        assert reaching == set(), path


def test_the_turn_steps_of_the_socket_are_the_turns_own():
    game = alh.Game(2, seed=3, modules=["gates"])
    state = game.state
    turn = socket.Turn(state)
    actions = state.actions
    turn.main_action_done(another=True)
    assert (state.actions, state.may_act) == (actions + 1, True)
    turn.main_action_done()
    assert (state.actions, state.may_act) == (actions + 2, False)
    state = game.state
    deck = list(state.deck)
    drawn = socket.Turn(state).draw_money()
    assert drawn == next(c for c in deck if not c.startswith(("scoring", "gate")))
    action = next(a for a in game.legal_actions() if isinstance(a, alh.TakeMoney))
    state = game.state
    assert socket.check_rules(state, action) == []
    socket.Turn(state).carry_out(action)
    game.apply(action)
    assert state.to_dict() == game.state.to_dict()
    player = state.players[0]
    assert socket.redesign_groups(player) == alh.core.listing.redesign_groups(player)


def test_the_hooks_are_handed_a_turn_on_the_state_being_changed():
    # A simulation changes one state throughout and hands the modules one turn on it; an
    # action carried out without a turn given gets a new one on its own state.
    seen: list[socket.Turn] = []  # kept, so that no turn's id is given to another

    class Watcher(socket.Module):
        name = "test-socket-watcher"

        def after(self, turn, action):
            seen.append(turn)

    socket.register(Watcher)
    try:
        game = alh.simulate(2, seed=3, modules=["test-socket-watcher"])
        assert len(seen) == len(game.history)
        assert len({id(turn) for turn in seen}) == 1
        assert seen[-1].state.to_dict() == game.state.to_dict()
        seen.clear()
        one = alh.Game(2, seed=3, modules=["test-socket-watcher"]).state
        other = one.copy()
        given = socket.Turn(one)
        alh.core.turns.carry_out(one, alh.core.listing.legal_actions(one)[0], given)
        alh.core.turns.carry_out(other, alh.core.listing.legal_actions(other)[0])
        assert seen[0] is given
        assert seen[1] is not given and seen[1].state is other
    finally:
        socket.MODULES.pop("test-socket-watcher")


def test_the_turn_moves_cards_and_tiles_between_their_places():
    state = alh.Game(3, seed=4).state
    turn = socket.Turn(state)
    shown, hand = state.display[0], list(state.players[1].money)
    turn.take_from_display(1, shown)
    assert shown not in state.display and state.players[1].money == [*hand, shown]
    turn.pay(1, [shown])
    assert state.players[1].money == hand and state.discard[-1] == shown
    tile = state.market[2]
    assert turn.give_market_tile(3, 0) == tile and state.market[2] is None
    assert state.players[0].bought == [tile]
    bag, old = len(state.bag), state.market[0]
    before, after = turn.renew_market_tile(1)
    assert before == old and after == state.market[0] and after not in state.bag
    assert old in state.bag and len(state.bag) == bag
    assert state.bag == sorted(state.bag, key=alh.Tile.sort_key)
    turn.hand_play_to(2)
    turn.close_turn()
    assert (state.current, state.may_act, state.placing) == (2, False, True)


_CHANGES = {"append", "extend", "insert", "remove", "pop", "clear", "sort", "update"}


def _changed_roots(tree: ast.AST) -> set[str]:
    """The names whose fields a piece of code sets or changes in place (``state.x = ...``,
    ``state.players[0].money.append(...)``, ``turn.state.current = ...``), written as the
    root name and, below a turn, its first field."""
    targets: list[ast.expr] = []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Assign, ast.AugAssign, ast.AnnAssign)):
            targets += node.targets if isinstance(node, ast.Assign) else [node.target]
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in _CHANGES
        ):
            targets.append(node.func.value)
    found = set()
    for target in targets:
        chain = []
        while isinstance(target, (ast.Attribute, ast.Subscript)):
            if isinstance(target, ast.Attribute):
                chain.append(target.attr)
            target = target.value
        if isinstance(target, ast.Name) and chain:
            found.add(f"{target.id}.{chain[-1]}" if target.id == "turn" else target.id)
    return found


def test_modules_change_the_game_only_through_the_turn():
    """No module sets or changes a field of the game state itself: its hooks that act are
    handed a Turn, whose steps do it (a module's own typed part is its own to change)."""
    for path in sorted(MODULES.rglob("*.py")):
        roots = _changed_roots(ast.parse(path.read_text(encoding="utf-8")))
        assert not roots & {"state", "turn.state", "player", "players"}, path


def test_the_guard_sees_a_change_made_past_the_turn():
    code = "def f(turn, state):\n    state.players[0].money.append('x')\n    turn.state.current = 1"
    assert _changed_roots(ast.parse(code)) == {"state", "turn.state"}

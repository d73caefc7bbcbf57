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
    actions = state.actions
    socket.main_action_done(state, another=True)
    assert (state.actions, state.may_act) == (actions + 1, True)
    socket.main_action_done(state)
    assert (state.actions, state.may_act) == (actions + 2, False)
    state = game.state
    deck = list(state.deck)
    drawn = socket.draw_money(state)
    assert drawn == next(c for c in deck if not c.startswith(("scoring", "gate")))
    action = next(a for a in game.legal_actions() if isinstance(a, alh.TakeMoney))
    state = game.state
    assert socket.check_rules(state, action) == []
    socket.carry_out(state, action)
    game.apply(action)
    assert state.to_dict() == game.state.to_dict()
    player = state.players[0]
    assert socket.redesign_groups(player) == alh.core.turns.redesign_groups(player)

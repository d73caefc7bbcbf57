"""The rules modules of expansion II (RULES.md §9), one package each: gates, diamonds,
characters and camps.

Each module plugs into the core's socket (:mod:`alhambra_nb.core.socket`): it subclasses
:class:`~alhambra_nb.core.socket.Module`, overrides the hooks it needs and registers itself by
name. Importing this package registers all four, so that ``Game(modules=("gates",))`` finds
them; ``import alhambra_nb`` does so. The modules import the core, never the other way round.
"""

from __future__ import annotations

from . import camps, characters, diamonds, gates

__all__ = ["camps", "characters", "diamonds", "gates"]

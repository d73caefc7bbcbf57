"""The socket for rules modules: everything a module of expansion II may use of the core.

A module subclasses :class:`Module`, registers itself with :func:`register`, keeps its state in
a :class:`ModuleState`, changes the game only through the :class:`Turn` handed to its hooks and
may ask the rules (:func:`check_rules`, :func:`redesign_groups`). What the hooks are and when
the core calls them: :mod:`.plugin`. This file sits above the turn machinery, as the modules
do; the core itself imports :mod:`.plugin`.
"""

from __future__ import annotations

from .checks import check_rules
from .listing import redesign_groups
from .plugin import (
    HOOKS,
    MODULES,
    Bonus,
    Components,
    Module,
    ModuleState,
    UnknownModuleError,
    load_modules,
    module_names,
    register,
    saved_form,
)
from .turns import Turn

__all__ = [
    "HOOKS",
    "MODULES",
    "Bonus",
    "Components",
    "Module",
    "ModuleState",
    "Turn",
    "UnknownModuleError",
    "check_rules",
    "load_modules",
    "module_names",
    "redesign_groups",
    "register",
    "saved_form",
]

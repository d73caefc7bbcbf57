"""The rules one game is played by: which modules are on, and which rule variants.

A :class:`Ruleset` is made once for a set of module names (and variants) and shared by every
game played by those rules: it holds the module instances, in the order the game was given
them, and each hook of the socket as the tuple of bound methods of the modules that override
it. The game state stays plain data (it keeps the module names); the rules ask
:func:`ruleset_for` (``state.hooks(name)`` is the short way) whenever they call the modules.

Its :class:`~alhambra_nb.core.variants.Variants` say how the disputed rules are read (a ring of
walls scored n or n - 1, holes of any size or single cells, ...): the scoring lab compares them.
"""

from __future__ import annotations

from typing import Any

from .messages import render, shown
from .plugin import HOOKS, Module, UnknownModuleError, load_modules, on_registry_change
from .variants import STANDARD, Variants


class Ruleset:
    """The switched-on modules of a game and their hooks, ready to call."""

    __slots__ = ("hook_table", "modules", "names", "reactions", "variants")

    def __init__(self, names: tuple[str, ...], variants: Variants = STANDARD) -> None:
        self.modules: tuple[Module, ...] = load_modules(names)
        """The module instances, in order (modules keep no state of their own: shared)."""
        self.names: tuple[str, ...] = tuple(m.name for m in self.modules)
        self.variants = variants
        self.hook_table: dict[str, tuple[Any, ...]] = {
            hook: overriding(self.modules, hook) for hook in HOOKS
        }
        """Each hook of :data:`HOOKS` by name, then any other asked for (see :meth:`hooks`):
        what the rules read on every action."""
        self.reactions: dict[type, tuple[Any, ...]] = {}
        """The ``after`` hooks reacting to each class of action met so far (see
        :meth:`reacting`): what the rules read after every action."""

    def hooks(self, name: str) -> tuple[Any, ...]:
        """The ``name`` hook of every module that overrides it, as bound methods in module
        order (the rules call hooks on every action: the modules that keep the default,
        which changes nothing, are left out)."""
        try:
            return self.hook_table[name]
        except (KeyError, TypeError):  # a hook of a module's own, not one of HOOKS
            check_hook_name(name)
            found = self.hook_table[name] = overriding(self.modules, name)
            return found

    def reacting(self, kind: type) -> tuple[Any, ...]:
        """The ``after`` hooks of the modules that react to an action of class ``kind``
        (:attr:`Module.reacts_to <alhambra_nb.core.socket.Module.reacts_to>`), in module
        order."""
        found = self.reactions.get(kind)
        if found is None:
            found = self.reactions[kind] = tuple(
                after for after in self.hook_table["after"] if reacts(after.__self__, kind)
            )
        return found

    def module(self, name: str) -> Module | None:
        """The switched-on module called ``name``, or ``None``."""
        return next((m for m in self.modules if m.name == name), None)

    def __repr__(self) -> str:
        if self.variants.is_standard:
            return f"Ruleset({list(self.names)!r})"
        return f"Ruleset({list(self.names)!r}, {self.variants.name!r})"


def check_hook_name(name: object) -> None:
    """Refuse ``name`` unless it names a method of :class:`Module` a module may override."""
    if not (isinstance(name, str) and name.isidentifier() and not name.startswith("_")) or (
        not callable(getattr(Module, name, None))
    ):
        words = {"value": shown(name), "known": ", ".join(HOOKS)}
        raise UnknownModuleError(render("refusal.hook", words))


def reacts(module: Module, kind: type) -> bool:
    """Whether ``module``'s ``after`` hook reacts to an action of class ``kind``."""
    return module.reacts_to is None or issubclass(kind, module.reacts_to)


def overriding(modules: tuple[Module, ...], name: str) -> tuple[Any, ...]:
    """The ``name`` hook of each of ``modules`` that overrides :class:`Module`'s default."""
    default = getattr(Module, name)
    return tuple(getattr(m, name) for m in modules if getattr(type(m), name) is not default)


RULESETS: dict[tuple[str, ...] | tuple[tuple[str, ...], Variants], Ruleset] = {}
"""The rulesets made so far: the standard one of a set of module names under the names alone
(what :meth:`GameState.hooks <alhambra_nb.core.state.GameState.hooks>` reads, a few thousand
times a game), any other under the names and its variants. Emptied whenever a module is
registered or removed: a module registered again makes new rulesets."""
on_registry_change(RULESETS.clear)


def ruleset_for(names: tuple[str, ...], variants: Variants = STANDARD) -> Ruleset:
    """The ruleset of a game with the modules ``names`` and ``variants`` (made once, then
    shared); unknown or repeated names are refused with
    :class:`~alhambra_nb.core.socket.UnknownModuleError`."""
    # The rules ask for the standard ruleset on every action of a module game: its key is
    # the names alone, so no variants are hashed there.
    key = names if variants is STANDARD else (names, variants)
    found = RULESETS.get(key)
    if found is None:
        found = RULESETS[key] = Ruleset(names, variants)
    return found


HALF_HAKIM = {"characters": "characters-half-hakim"}
"""The module that reads Hakim Wahid as half a building, for each module reading him as R10."""


def modules_for(names: tuple[str, ...], variants: Variants) -> tuple[str, ...]:
    """The modules a new game with ``variants`` switches on for the ``names`` asked: the
    character cards read Hakim Wahid as the variant says (a module of their family)."""
    if variants.hakim != "half-building":
        return names
    return tuple(HALF_HAKIM.get(name, name) for name in names)

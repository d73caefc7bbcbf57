"""The rules of building and redesigning an Alhambra, each written once as a record.

A record has the rule's id, the keys of its sentences, a ``holds`` mask (the cells where the
rule holds, for every cell at once, on the bitboards of a city's
:class:`~alhambra_nb.core.layout.Layout`) and an ``explain`` (the violation at one cell, with
what to highlight). Everything else asks them: ``City.check`` explains the rules whose masks
leave a cell out, ``City.legal_cells`` and the game's listings AND the masks.
"""

from __future__ import annotations

from .placement import RULES, Attempt, PlacementRule, check_attempt, legal_bits, legal_cells
from .redesign import (
    REMOVAL_RULES,
    SWAP_RULES,
    Redesign,
    RedesignRule,
    check_removal,
    check_swap,
    removable_bits,
    removable_cells,
    swap_bits,
)
from .shape import ANY_GATE, NO_GATE, Shape, upright

__all__ = [
    "ANY_GATE",
    "NO_GATE",
    "REMOVAL_RULES",
    "RULES",
    "SWAP_RULES",
    "Attempt",
    "PlacementRule",
    "Redesign",
    "RedesignRule",
    "Shape",
    "check_attempt",
    "check_removal",
    "check_swap",
    "legal_bits",
    "legal_cells",
    "removable_bits",
    "removable_cells",
    "swap_bits",
    "upright",
]

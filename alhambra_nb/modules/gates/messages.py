"""The English templates of the gates module: its rule, its log events and its saved state."""

from __future__ import annotations

from ...core.messages import Template, add_messages

MESSAGES: dict[str, Template] = {
    "save.gates": "the gates module keeps display, hands and used here",
    "save.gates-hands": "one list of gate cards per player, not {value}",
    "save.gates-fields": "needs 'display' and a list 'used'",
    "save.gates-used": (
        "{count} gate stands in the cities but {played} gate cards were played",
        "{count} gates stand in the cities but {played} gate cards were played",
    ),
    "card.gate": "a gate card",
    "gate/not-displayed": "No gate card lies beside the market to be taken.",
    # the game log
    "event.gate-revealed": "A gate card comes up and is laid beside the market.",
    "event.gate-discarded": (
        "A gate card comes up, but one already lies beside the market: it is discarded."
    ),
    "event.gate-taken": "{player} takes the gate card from beside the market.",
    "event.gate-built": (
        "{player} puts up a gate on the {side} side of the {tile} at {cell}; the gate card "
        "leaves the game."
    ),
}
"""Keys and English as the catalogues know them (``msgctxt`` is the key)."""

add_messages(MESSAGES)

"""The English templates of the diamonds module: how a payment in diamonds goes wrong."""

from __future__ import annotations

from ...core.messages import Template, add_messages

MESSAGES: dict[str, Template] = {
    "buy/mixed-currency": (
        "The {tile} on space {space} may be paid in diamonds, but diamonds are never "
        "combined with other cards, and {cards} is no diamonds.",
        "The {tile} on space {space} may be paid in diamonds, but diamonds are never "
        "combined with other cards, and {cards} are no diamonds.",
    ),
    "buy/insufficient-money:diamond": (
        "The {tile} on space {space} costs {price}, but the diamonds {cards} total only "
        "{total}: no building is sold for less than its price."
    ),
}
"""Keys and English as the catalogues know them (``msgctxt`` is the key)."""

add_messages(MESSAGES)

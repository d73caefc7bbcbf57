"""The one palette every picture of the game takes its colours from, keyed by role.

Static SVGs write these colours as presentation attributes, so a picture looks right anywhere
(GitHub, nbviewer, a PNG export). The widgets send the same mapping to the page, which turns it
into CSS custom properties; their stylesheet may then adapt the roles that sit on the page
background (empty cells, coordinates) to a dark theme. Tiles keep their colours in both themes,
like the cardboard they stand for.
"""

from __future__ import annotations

from types import MappingProxyType

PALETTE = MappingProxyType(
    {
        # tile faces: one hue per building type, close to the printed game
        "pavilion": "#6fb1e0",
        "seraglio": "#e07a6f",
        "arcades": "#d9b26f",
        "chambers": "#c9b3e6",
        "garden": "#7cc47a",
        "tower": "#9a83c9",
        "fountain": "#eef3f6",
        "camp": "#d8cca0",
        # drawing on the tiles
        "ink": "#1f1f1f",
        "tile-edge": "#5f5648",
        "water": "#3f95d1",
        "wall": "#5b3a21",
        "wall-top": "#8a6242",
        "bastion": "#2b2321",
        "gate": "#f4e4c1",
        # the board around the tiles
        "empty": "#a9a9a9",
        "coord": "#6b6b6b",
        # what the rules say
        "legal": "#1f8a3b",
        "violation": "#c8102e",
        "blocking": "#d81b60",
        "hole": "#c8102e",
        "highlight": "#1565c0",
        "longest": "#f2b705",
        "longest-casing": "#3a2a00",
        "camp-line": "#00695c",
        "badge-text": "#ffffff",
    }
)
"""Colour by role. Building roles are the :class:`~alhambra_nb.core.Building` values."""

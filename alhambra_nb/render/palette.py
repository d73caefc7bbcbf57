"""The one palette every picture of the game takes its colours from, keyed by role.

Tile faces take one colour per building type, chosen from colour-blind-safe sets (Paul Tol's
"muted" and "vibrant" schemes and the Okabe–Ito colours) so that the six types stay apart for
readers with protanopia, deuteranopia or tritanopia too; a pictogram on every face says the type
again without colour. Faces keep their colours in both themes, like the cardboard they stand for.

The roles drawn straight on the page (walls, coordinates, captions, the legend, violation markers,
the longest wall) have a light and a dark value: :data:`PALETTE` is the light theme, which the
static SVGs write as presentation attributes over a light paper of their own (so a picture looks
the same on GitHub, in nbviewer and in a dark notebook), and :data:`THEMES` holds both. The
widgets send both to the page, which follows JupyterLab's theme with them.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

BUILDING_COLOURS = MappingProxyType(
    {
        "pavilion": "#88ccee",  # Tol muted cyan
        "seraglio": "#ee7733",  # Tol vibrant orange
        "arcades": "#ddcc77",  # Tol muted sand
        "chambers": "#f5f5f5",  # near white, as printed
        "garden": "#009e73",  # Okabe–Ito bluish green
        "tower": "#9988dd",  # Tol light purple
    }
)
"""A face colour per :class:`~alhambra_nb.core.Building` value."""

_TILES = {
    **BUILDING_COLOURS,
    "fountain": "#eef3f6",
    "camp": "#bbbbbb",
    # drawing on the tiles, the same in both themes
    "ink": "#1f1f1f",
    "tile-edge": "#4a4238",
    "water": "#2b7fc0",
    "wall-edge": "#2b1a0e",
    "bastion": "#2b2321",
    "gate": "#f4e4c1",
    "hatch": "#c8102e",
}

_LIGHT_PAGE = {
    "paper": "#ffffff",
    "text": "#3d3d3d",
    "coord": "#595959",
    "wall": "#5b3a21",
    "wall-top": "#8a6242",
    "empty": "#767676",
    "legal": "#1b7a34",
    "violation": "#c8102e",
    "blocking": "#ad1457",
    "hole": "#c8102e",
    "highlight": "#1565c0",
    "longest": "#f2b705",
    "longest-casing": "#3a2a00",
    "camp-line": "#00695c",
    "marker-text": "#ffffff",
}

_DARK_PAGE = {
    "paper": "#111111",
    "text": "#e0e0e0",
    "coord": "#b3b3b3",
    "wall": "#d4a373",
    "wall-top": "#8a6242",
    "empty": "#9e9e9e",
    "legal": "#66d17f",
    "violation": "#ff8080",
    "blocking": "#f48fb1",
    "hole": "#ff8080",
    "highlight": "#64b5f6",
    "longest": "#f2b705",
    "longest-casing": "#3a2a00",
    "camp-line": "#4db6ac",
    "marker-text": "#111111",
}

THEMES: Mapping[str, Mapping[str, str]] = MappingProxyType(
    {
        "light": MappingProxyType({**_TILES, **_LIGHT_PAGE}),
        "dark": MappingProxyType({**_TILES, **_DARK_PAGE}),
    }
)
"""Colour by role for each theme; both themes have the same roles."""

PALETTE = THEMES["light"]
"""The light theme: what static pictures are drawn with."""

PAGE_BACKGROUNDS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        # JupyterLab's --jp-layout-color1 and color2 (light), color0 and color1 (dark)
        "light": ("#ffffff", "#eeeeee"),
        "dark": ("#111111", "#212121"),
    }
)
"""The backgrounds page-drawn roles must stand out from, per theme."""

TEXT_ROLES = ("text", "coord", "legal", "violation", "blocking")
"""Roles written as text on the page (captions, legend, coordinates, the widgets' notes)."""

MARKER_ROLES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "wall": ("wall",),
        "candidate outline": ("empty",),
        "highlight": ("highlight",),
        "violation": ("violation",),
        "blocking": ("blocking",),
        "hole": ("hole",),
        "legal": ("legal",),
        "camp line": ("camp-line",),
        # a dashed yellow line in a dark casing: one of the two tones carries it in each theme
        "longest wall": ("longest", "longest-casing"),
    }
)
"""Lines and marks drawn on the page, by what they show: the roles they are drawn in."""

MARKER_FILLS = ("legal", "violation", "blocking")
"""Roles that fill a numbered marker or a tick, written on in ``marker-text``."""

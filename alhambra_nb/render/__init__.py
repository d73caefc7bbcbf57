"""Static views: deterministic SVG pictures of tiles, cities and whole game tables (stdlib +
core only)."""

from .palette import PALETTE, THEMES
from .svg import UNIT, city_extent, city_svg, legend_svg, tile_fragment, tile_svg
from .table import game_svg
from .text import RULE_TAGS, describe_cell, describe_city, describe_tile, rule_tag

__all__ = [
    "PALETTE",
    "RULE_TAGS",
    "THEMES",
    "UNIT",
    "city_extent",
    "city_svg",
    "describe_cell",
    "describe_city",
    "describe_tile",
    "game_svg",
    "legend_svg",
    "rule_tag",
    "tile_fragment",
    "tile_svg",
]

"""The rules of Alhambra: tiles, cities, building rules, walls and scoring.

Pure Python (numpy allowed); never imports widgets, anywidget, traitlets or IPython.
"""

from .city import City, as_rotation, as_tile
from .generate import random_city
from .geometry import ORIGIN, SIDES, Cell, CellError, Side, format_cell, neighbour, neighbours
from .messages import CATALOGUES
from .notation import NotationError
from .placement import RULES
from .scoring import (
    POINTS,
    Place,
    ScoreBreakdown,
    ScoringError,
    TypeResult,
    majority_points,
    rank_type,
    score_round,
)
from .tiles import (
    BUILDINGS,
    FOUNTAIN,
    TILES,
    Building,
    Edge,
    Tile,
    TileError,
    TileKind,
    load_tiles,
)
from .violations import (
    PLACEMENT_RULES,
    IllegalPlacementError,
    IllegalRedesignError,
    RuleId,
    RuleViolationError,
    Violation,
)

__all__ = [
    "BUILDINGS",
    "CATALOGUES",
    "FOUNTAIN",
    "ORIGIN",
    "PLACEMENT_RULES",
    "POINTS",
    "RULES",
    "SIDES",
    "TILES",
    "Building",
    "Cell",
    "CellError",
    "City",
    "Edge",
    "IllegalPlacementError",
    "IllegalRedesignError",
    "NotationError",
    "Place",
    "RuleId",
    "RuleViolationError",
    "ScoreBreakdown",
    "ScoringError",
    "Side",
    "Tile",
    "TileError",
    "TileKind",
    "TypeResult",
    "Violation",
    "as_rotation",
    "as_tile",
    "format_cell",
    "load_tiles",
    "majority_points",
    "neighbour",
    "neighbours",
    "random_city",
    "rank_type",
    "score_round",
]

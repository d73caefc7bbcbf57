"""The rules of Alhambra: tiles, cities, building rules, walls and scoring.

Pure Python (numpy allowed); never imports widgets, anywidget, traitlets or IPython.
"""

from .camps import CAMP_TABLE, CAMPS, ArrowLine, arrow_lines, camp_points, load_camps
from .city import City, as_rotation, as_side, as_tile
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
    "CAMPS",
    "CAMP_TABLE",
    "CATALOGUES",
    "FOUNTAIN",
    "ORIGIN",
    "PLACEMENT_RULES",
    "POINTS",
    "RULES",
    "SIDES",
    "TILES",
    "ArrowLine",
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
    "arrow_lines",
    "as_rotation",
    "as_side",
    "as_tile",
    "camp_points",
    "format_cell",
    "load_camps",
    "load_tiles",
    "majority_points",
    "neighbour",
    "neighbours",
    "random_city",
    "rank_type",
    "score_round",
]

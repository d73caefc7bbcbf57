"""The rules of Alhambra: tiles, cities, building rules, walls and scoring.

Pure Python (numpy allowed); never imports widgets, anywidget, traitlets or IPython.
"""

from . import bots
from .actions import (
    Action,
    ActionParseError,
    BuildFromReserve,
    Buy,
    EndTurn,
    GiveToNeutral,
    IllegalActionError,
    MoveToReserve,
    PlaceTile,
    ReserveTile,
    SwapWithReserve,
    TakeMoney,
    parse_action,
)
from .bots import GreedyBot, RandomBot, simulate
from .camps import CAMP_TABLE, CAMPS, ArrowLine, arrow_lines, camp_points, load_camps
from .city import City, as_rotation, as_side, as_tile
from .events import Event
from .game import Game, MarketSpace, NeutralView, PlayerView, UndoError
from .generate import random_city
from .geometry import ORIGIN, SIDES, Cell, CellError, Side, format_cell, neighbour, neighbours
from .messages import CATALOGUES
from .modules import Module, UnknownModuleError
from .money import CURRENCIES, CardError, Currency, MoneyCard, ScoringCard, card
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
from .state import GameState, GameStateError
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
from .turns import GameSetupError, apply_action, check_action, legal_actions, new_state
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
    "CURRENCIES",
    "FOUNTAIN",
    "ORIGIN",
    "PLACEMENT_RULES",
    "POINTS",
    "RULES",
    "SIDES",
    "TILES",
    "Action",
    "ActionParseError",
    "ArrowLine",
    "BuildFromReserve",
    "Building",
    "Buy",
    "CardError",
    "Cell",
    "CellError",
    "City",
    "Currency",
    "Edge",
    "EndTurn",
    "Event",
    "Game",
    "GameSetupError",
    "GameState",
    "GameStateError",
    "GiveToNeutral",
    "GreedyBot",
    "IllegalActionError",
    "IllegalPlacementError",
    "IllegalRedesignError",
    "MarketSpace",
    "Module",
    "MoneyCard",
    "MoveToReserve",
    "NeutralView",
    "NotationError",
    "Place",
    "PlaceTile",
    "PlayerView",
    "RandomBot",
    "ReserveTile",
    "RuleId",
    "RuleViolationError",
    "ScoreBreakdown",
    "ScoringCard",
    "ScoringError",
    "Side",
    "SwapWithReserve",
    "TakeMoney",
    "Tile",
    "TileError",
    "TileKind",
    "TypeResult",
    "UndoError",
    "UnknownModuleError",
    "Violation",
    "apply_action",
    "arrow_lines",
    "as_rotation",
    "as_side",
    "as_tile",
    "bots",
    "camp_points",
    "card",
    "check_action",
    "format_cell",
    "legal_actions",
    "load_camps",
    "load_tiles",
    "majority_points",
    "neighbour",
    "neighbours",
    "new_state",
    "parse_action",
    "random_city",
    "rank_type",
    "score_round",
    "simulate",
]

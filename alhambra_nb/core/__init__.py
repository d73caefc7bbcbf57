"""The rules of Alhambra: tiles, cities, building rules, walls and scoring, and whole games.

Pure Python; never imports widgets, anywidget, traitlets or IPython.

A reader climbs it floor by floor, from the bottom; a file imports, at module level, only
files on its own floor or below, and no two files import each other (a test holds it so):

1. errors, templates: the package's error, and the English of every sentence a learner reads;
2. messages: the learner's language, and every sentence put into it (a value that has words
   of its own, such as a tile or a side, says them);
3. geometry, money, tiles, phases, walls, saves: cells and sides, cards, the tiles (the camps
   of expansion II too), the phases of a game, the longest wall, the save format's limits;
4. limits, notation, violations, picture, camps, payment: a city's bounds, the text notation,
   broken rules, the text picture, camp arrows, paying for a tile;
5. layout, rules.shape, rules.placement, rules.redesign, rules: a city's bitboards and the
   building and redesign rules, one record each;
6. variants, scoring, city, generate: the disputed rules' readings, majorities and walls
   scored, the city that asks the rules, random cities;
7. plugin, ruleset, actions, events, views, state: what a rules module is, the rules a game is
   played by, the actions, the log, the modules' views, the state of a game;
8. listing, checks, turns, new_game: what may be done, every rule an action breaks, carrying
   actions out and the end of a turn, setting a game up;
9. game, socket: a game to play and undo; the door through which the modules reach the core;
10. simple_bots, search, bots, invariants: the computer players, whole simulated games, and
    the checks that every state of a game holds together.
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
    UnknownActionError,
    parse_action,
)
from .bots import GreedyBot, RandomBot, simulate
from .camps import CAMP_TABLE, CAMPS, ArrowLine, arrow_lines, camp_points, load_camps
from .checks import check_action
from .city import City, CityError, as_rotation, as_side, as_tile
from .errors import AlhambraError
from .events import Event
from .game import Game, MarketSpace, NeutralView, PlayerView, SeatError, UndoError
from .generate import random_city
from .geometry import (
    ORIGIN,
    SIDES,
    Cell,
    CellError,
    Side,
    SideError,
    neighbour,
    neighbours,
)
from .limits import MAX_COORDINATE, MAX_TILES, CitySizeError
from .listing import legal_actions
from .messages import (
    ENGLISH,
    LanguageError,
    format_cell,
    get_language,
    languages,
    set_language,
    word,
)
from .money import (
    CURRENCIES,
    CardError,
    Currency,
    CurrencyError,
    DiamondCard,
    MoneyCard,
    ScoringCard,
    card,
)
from .new_game import GameSetupError, new_state
from .notation import NotationError
from .plugin import MODULES, Bonus, Module, UnknownModuleError
from .rules import RULES
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
from .search import Hint, HintError, SearchBot, Suggestion, hint
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
from .turns import apply_action
from .variants import VariantError, Variants
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
    "CURRENCIES",
    "ENGLISH",
    "FOUNTAIN",
    "MAX_COORDINATE",
    "MAX_TILES",
    "MODULES",
    "ORIGIN",
    "PLACEMENT_RULES",
    "POINTS",
    "RULES",
    "SIDES",
    "TILES",
    "Action",
    "ActionParseError",
    "AlhambraError",
    "ArrowLine",
    "Bonus",
    "BuildFromReserve",
    "Building",
    "Buy",
    "CardError",
    "Cell",
    "CellError",
    "City",
    "CityError",
    "CitySizeError",
    "Currency",
    "CurrencyError",
    "DiamondCard",
    "Edge",
    "EndTurn",
    "Event",
    "Game",
    "GameSetupError",
    "GameState",
    "GameStateError",
    "GiveToNeutral",
    "GreedyBot",
    "Hint",
    "HintError",
    "IllegalActionError",
    "IllegalPlacementError",
    "IllegalRedesignError",
    "LanguageError",
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
    "SearchBot",
    "SeatError",
    "Side",
    "SideError",
    "Suggestion",
    "SwapWithReserve",
    "TakeMoney",
    "Tile",
    "TileError",
    "TileKind",
    "TypeResult",
    "UndoError",
    "UnknownActionError",
    "UnknownModuleError",
    "VariantError",
    "Variants",
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
    "get_language",
    "hint",
    "languages",
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
    "set_language",
    "simulate",
    "word",
]

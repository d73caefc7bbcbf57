"""alhambra_nb: learn the board game Alhambra in Jupyter notebooks.

The public API. Importing it loads no widget code: widgets are imported on first use of
``CityWidget``, ``GameWidget`` or ``ChapterWidget``.
"""

from . import modules  # noqa: F401  (registers the four expansion modules with the core)
from .core import (
    BUILDINGS,
    CAMP_TABLE,
    CAMPS,
    CURRENCIES,
    FOUNTAIN,
    MODULES,
    POINTS,
    RULES,
    SIDES,
    TILES,
    Action,
    ActionParseError,
    AlhambraError,
    BuildFromReserve,
    Building,
    Buy,
    CardError,
    CellError,
    City,
    CityError,
    CitySizeError,
    Currency,
    CurrencyError,
    EndTurn,
    Game,
    GameSetupError,
    GameStateError,
    GiveToNeutral,
    GreedyBot,
    HintError,
    IllegalActionError,
    IllegalPlacementError,
    IllegalRedesignError,
    LanguageError,
    MoneyCard,
    MoveToReserve,
    NotationError,
    PlaceTile,
    RandomBot,
    ReserveTile,
    RuleId,
    RuleViolationError,
    ScoringError,
    SearchBot,
    SeatError,
    Side,
    SideError,
    SwapWithReserve,
    TakeMoney,
    Tile,
    TileError,
    UndoError,
    UnknownActionError,
    UnknownModuleError,
    VariantError,
    Variants,
    apply_action,
    arrow_lines,
    bots,
    camp_points,
    card,
    get_language,
    hint,
    languages,
    majority_points,
    parse_action,
    random_city,
    score_round,
    set_language,
    simulate,
    word,
)
from .modules.characters import CHARACTERS
from .modules.diamonds import DIAMOND_TABLE, DIAMONDS
from .modules.gates import GATE_CARDS

# What learners, teachers and lab users call (the README's and the tutorials' names). The
# helpers behind them live in their modules' namespaces: `alh.core.neighbours`,
# `alh.core.load_tiles`, the records a game hands out (`alh.core.GameState`,
# `alh.core.Violation`), the expansion's actions in `alh.modules.characters` and so on.
__all__ = [  # noqa: RUF022 (grouped by use, as the README presents them)
    # The game, its pieces and its actions.
    "Game", "City", "Tile", "Building", "Side", "Currency", "MoneyCard", "Variants", "RuleId",
    "RULES",
    "Action", "TakeMoney", "Buy", "PlaceTile", "ReserveTile", "MoveToReserve",
    "BuildFromReserve", "SwapWithReserve", "EndTurn", "GiveToNeutral", "parse_action",
    "apply_action",
    # Opponents, hints and whole games.
    "RandomBot", "GreedyBot", "SearchBot", "bots", "simulate", "hint",
    # Scoring.
    "majority_points", "score_round", "POINTS", "arrow_lines",
    "camp_points", "random_city",
    # The tables of the game and its expansion.
    "TILES", "BUILDINGS", "CURRENCIES", "SIDES", "FOUNTAIN", "CAMPS", "CAMP_TABLE",
    "DIAMONDS", "DIAMOND_TABLE", "CHARACTERS", "GATE_CARDS", "MODULES",
    # Languages and words.
    "set_language", "get_language", "languages", "word", "card",
    # The errors a learner may meet, each an AlhambraError.
    "AlhambraError", "ActionParseError", "CardError", "CellError", "CityError",
    "CitySizeError", "CurrencyError", "GameSetupError", "GameStateError", "HintError",
    "IllegalActionError", "IllegalPlacementError", "IllegalRedesignError", "LanguageError",
    "NotationError", "RuleViolationError", "ScoringError", "SeatError", "SideError",
    "TileError", "UndoError", "UnknownActionError", "UnknownModuleError", "VariantError",
]  # fmt: skip

# Submodules loaded on first use, so `import alhambra_nb` stays light: `alh.chapters`.
_LAZY_SUBMODULES: tuple[str, ...] = ("chapters",)
_LAZY_SUBMODULES += ("lab",)

# Widgets, imported (with anywidget) only when first named: `alh.CityWidget`.
_LAZY_WIDGETS = {"CityWidget": "widgets", "GameWidget": "widgets.game"}
_LAZY_WIDGETS["ChapterWidget"] = "widgets.chapter"


def __getattr__(name: str) -> object:
    if name in _LAZY_SUBMODULES:
        import importlib

        return importlib.import_module(f"{__name__}.{name}")
    if name in _LAZY_WIDGETS:
        import importlib

        return getattr(importlib.import_module(f"{__name__}.{_LAZY_WIDGETS[name]}"), name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

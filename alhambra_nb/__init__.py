"""alhambra_nb: learn the board game Alhambra in Jupyter notebooks.

The public API. Importing it loads no widget code: widgets are imported on first use of
``CityWidget``, ``GameWidget`` or ``ChapterWidget``.
"""

from . import modules  # noqa: F401  (registers the four expansion modules with the core)
from .core import *  # noqa: F403
from .core import __all__ as _core_all
from .modules.characters import (
    CHARACTERS,
    Bid,
    Character,
    ElSchaufRedesign,
    FatimeChoice,
    KarimBuy,
    KnihstigTake,
    LailaSwap,
    MachmaSwap,
    Pass,
    PayBid,
    YammeradDraw,
    load_characters,
)
from .modules.characters import Symbol as CharacterSymbol
from .modules.diamonds import DIAMOND_TABLE, DIAMONDS, load_diamonds
from .modules.gates import GATE_CARDS, GateCard, TakeGate

__all__ = [*_core_all]
# What the expansion II modules add to the public API (``alh.TakeGate``, ``alh.CHARACTERS``).
__all__ += [
    "CHARACTERS",
    "DIAMONDS",
    "DIAMOND_TABLE",
    "GATE_CARDS",
    "Bid",
    "Character",
    "CharacterSymbol",
    "ElSchaufRedesign",
    "FatimeChoice",
    "GateCard",
    "KarimBuy",
    "KnihstigTake",
    "LailaSwap",
    "MachmaSwap",
    "Pass",
    "PayBid",
    "TakeGate",
    "YammeradDraw",
    "load_characters",
    "load_diamonds",
]

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

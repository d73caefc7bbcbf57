"""alhambra_nb: learn the board game Alhambra in Jupyter notebooks.

The public API. Importing it loads no widget code: widgets are imported on first use of
``CityWidget``, ``GameWidget`` or ``ChapterWidget``.
"""

from .core import *  # noqa: F403
from .core import __all__ as _core_all

__all__ = [*_core_all]

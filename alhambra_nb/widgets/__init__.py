"""Interactive views (anywidget) over the core objects; imported only when first used."""

from .city import CityWidget

__all__ = ["CityWidget"]

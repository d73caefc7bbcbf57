"""The lab's own error, apart so that every part of the lab (its tables too) can raise it."""

from __future__ import annotations

from ..core.errors import AlhambraError


class LabError(AlhambraError):
    """Raised when the lab is asked for something it cannot do, naming what is wrong."""

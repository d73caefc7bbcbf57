"""The one base of every error the rules raise for bad input.

Each error the package raises when it refuses something (a tile code, a city, an action, a
save, a rule broken) subclasses :class:`AlhambraError`, itself a ``ValueError``: a notebook, a
widget or a scoring experiment can catch everything the rules refuse with one ``except``, and
anything else (a ``TypeError``, a ``KeyError``) is a fault of the package, never of the input.
"""

from __future__ import annotations


class AlhambraError(ValueError):
    """Raised when the rules refuse an input; the base of every error the package raises for
    bad input, and nothing has changed when it is raised."""

    def _render_traceback_(self) -> list[str]:
        """What a notebook shows of a refusal left uncaught: its sentences alone. A refusal
        answers the input in words; the frames of the package that refused it would bury the
        answer under lines a learner cannot read (``%debug`` still reaches them)."""
        return str(self).splitlines() or [type(self).__name__]

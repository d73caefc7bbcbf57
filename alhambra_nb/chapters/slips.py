"""Typing slips in a notebook, said in plain words: ``cells_answer = b`` (quotes left out) or
``{Ana: 12}`` makes Python stop with a red ``NameError`` that a learner new to Python cannot
read. Once the chapters are loaded (every exercise loads them), such an error first says, in
the learner's language, what to type instead; Python's own report follows, as usual.
"""

from __future__ import annotations

import sys
from typing import Any

from ..core.messages import add_messages, render

add_messages(
    {
        "slip.name": (
            "Python does not know the name {name}. If it is an answer (a letter, a word or a "
            "player's name), put it in quotes: '{name}'."
        ),
    }
)


def _explain_name_error(
    shell: Any, kind: type[BaseException], error: BaseException, tb: Any, tb_offset: Any = None
) -> None:
    name = getattr(error, "name", None)
    if isinstance(name, str) and name.isidentifier():
        print(render("slip.name", {"name": name}))
    shell.showtraceback((kind, error, tb), tb_offset=tb_offset)


def install() -> None:
    """Say a ``NameError`` in plain words in this IPython session (nothing outside IPython,
    and nothing where the session already handles its errors its own way)."""
    ipython = sys.modules.get("IPython")  # a notebook's kernel has it loaded; nothing else
    if ipython is None:  # here imports it (the chapters load no notebook machinery)
        return
    shell = ipython.get_ipython()
    if shell is None or getattr(shell, "custom_exceptions", ()) not in ((), None):
        return
    shell.set_custom_exc((NameError,), _explain_name_error)

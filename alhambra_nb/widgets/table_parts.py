"""The game table's buttons: what a live table adds to the picture ``render`` draws.

Shared by the table's controls (``game.py``) and its expansion II controls (``expansion.py``),
so that every button of the table looks and reads the same.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ..render.parts import label, node

BUTTON_HEIGHT = 30


def button_width(text: str) -> float:
    """How wide a button must be for ``text`` at the buttons' 13 px (an estimate: no fonts
    are measured in the kernel)."""
    return max(56.0, 7.4 * len(text) + 20)


def button(
    parent: ET.Element,
    text: str,
    x: float,
    y: float,
    *,
    off: bool = False,
    width: float = 112,
    pressed: bool | None = None,
    **data: object,
) -> None:
    """A button the page makes pressable; ``data`` names what it does (``do="take"`` becomes
    ``data-do="take"``)."""
    attrs = {f"data_{k}": v for k, v in data.items()}
    if pressed is not None:
        attrs["aria_pressed"] = str(pressed).lower()
    group = node(parent, "g", "button" + (" pressed" if pressed else ""),
                 transform=f"translate({x:.0f} {y:.0f})", data_off=str(off).lower(),
                 aria_label=text, **attrs)  # fmt: skip
    node(group, "rect", "button-face", width=f"{width:.0f}", height=BUTTON_HEIGHT, rx=5,
         fill="#fde9b8" if pressed else "#f3f3f3", stroke="#8a8a8a",
         stroke_width=2 if pressed else 1)  # fmt: skip
    label(group, "button-label", text, f"{width / 2:.0f}", 20, text_anchor="middle", font_size=13)

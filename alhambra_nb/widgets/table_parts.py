"""The small SVG pieces the game table is drawn with: elements, labels, buttons, panels.

Shared by the table itself (``game.py``) and its expansion II parts (``expansion.py``), so that
every button and label of the table looks and reads the same.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from ..render import PALETTE

INK = PALETTE["ink"]
MUTED = PALETTE["coord"]
BUTTON_HEIGHT = 30


def node(parent: ET.Element, tag: str, cls: str, **attrs: object) -> ET.Element:
    """A child element with a CSS class; ``data_x`` and ``font_size`` become ``data-x``, …"""
    clean = {k.replace("_", "-"): str(v) for k, v in attrs.items() if v is not None}
    if cls:
        clean["class"] = cls
    return ET.SubElement(parent, tag, clean)


def label(parent: ET.Element, cls: str, text: str, x: float, y: float, **attrs: object) -> None:
    """A line of text (ink colour, 14 px unless told otherwise)."""
    attrs.setdefault("font_size", 14)
    attrs.setdefault("fill", INK)
    node(parent, "text", f"label {cls}".strip(), x=x, y=y, **attrs).text = text


def plain(element: ET.Element) -> ET.Element:
    """Drop the SVG namespace ElementTree adds when parsing, so the node nests cleanly."""
    for child in element.iter():
        child.tag = child.tag.rsplit("}", 1)[-1]
    return element


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


def panel(root: ET.Element, cls: str, x: float, y: float, w: float, h: float, title: str):
    """A framed panel with a bold title; returns its group (children use its coordinates)."""
    group = node(root, "g", f"panel {cls}", transform=f"translate({x} {y})")
    node(group, "rect", "panel-bg", width=w, height=h, rx=8, fill="#ffffff",
         stroke="#d6cdb8", stroke_width=1.5)  # fmt: skip
    label(group, "panel-title", title, 10, 19, font_size=14, font_weight="bold")
    return group

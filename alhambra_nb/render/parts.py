"""The small SVG pieces the game table is drawn with: elements, labels, panels.

Shared by the table (``table.py``), its expansion II parts (``expansion.py``) and the live
table's buttons, so that every label and panel of the table looks and reads the same.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET

from .palette import PALETTE

INK = PALETTE["ink"]
MUTED = PALETTE["coord"]


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


def panel(
    root: ET.Element, cls: str, x: float, y: float, w: float, h: float, title: str
) -> ET.Element:
    """A framed panel with a bold title; returns its group (children use its coordinates)."""
    group = node(root, "g", f"panel {cls}", transform=f"translate({x} {y})")
    node(group, "rect", "panel-bg", width=w, height=h, rx=8, fill="#ffffff",
         stroke="#d6cdb8", stroke_width=1.5)  # fmt: skip
    label(group, "panel-title", title, 10, 19, font_size=14, font_weight="bold")
    return group

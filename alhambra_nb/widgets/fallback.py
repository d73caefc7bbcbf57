"""The static picture a widget leaves in a notebook for readers without a kernel (GitHub,
nbviewer, nbconvert's HTML): one SVG holding, one under the other, what the live widget shows
— a chapter step's words and board, a city and its tray of tiles.

The parts are pictures drawn by :mod:`alhambra_nb.render` (nested as they are) and lines of
text wrapped here; the whole sits on a light card so it reads the same on a light or a dark
page.
"""

from __future__ import annotations

import textwrap
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass

SVG_NS = "http://www.w3.org/2000/svg"
ET.register_namespace("", SVG_NS)

PAD = 12
GAP = 10
FONT = "DejaVu Sans, Verdana, Helvetica, Arial, sans-serif"
INK = "#1f1f1f"
CARD = "#ffffff"
EDGE = "#c9c2b1"
# An average character is about this share of the font size wide, for wrapping text.
CHAR_WIDTH = 0.56


@dataclass(frozen=True)
class Part:
    """One block of the picture: an element to place, its width and its height in pixels."""

    element: ET.Element
    width: float
    height: float


def picture(svg: str) -> Part:
    """A picture drawn elsewhere (an ``<svg>`` with ``width`` and ``height``), nested as is."""
    root = ET.fromstring(svg)
    return Part(root, float(root.get("width", "0")), float(root.get("height", "0")))


def text(content: str, width: float, *, size: int = 14, bold: bool = False) -> Part:
    """Paragraphs (separated by blank lines) wrapped to ``width`` pixels."""
    chars = max(20, int(width / (size * CHAR_WIDTH)))
    line_height = round(size * 1.35)
    group = ET.Element(f"{{{SVG_NS}}}g")
    y = 0.0
    for paragraph in content.split("\n\n"):
        for line in paragraph.split("\n"):
            for piece in textwrap.wrap(line, chars) or [""]:
                y += line_height
                node = ET.SubElement(group, f"{{{SVG_NS}}}text", {"x": "0", "y": f"{y - 4:g}"})
                node.set("font-size", str(size))
                if bold:
                    node.set("font-weight", "bold")
                node.text = piece
        y += line_height / 2
    return Part(group, width, y)


def tray(title: str, pictures: Sequence[tuple[str, str]], *, size: int = 64) -> Part:
    """A titled row of tiles: ``(caption, picture)`` pairs, each caption (the tile in words)
    written under its tile."""
    group = ET.Element(f"{{{SVG_NS}}}g")
    heading = ET.SubElement(group, f"{{{SVG_NS}}}text", {"x": "0", "y": "14"})
    heading.set("font-size", "14")
    heading.set("font-weight", "bold")
    heading.text = title
    step = size + 70
    for index, (caption, svg) in enumerate(pictures):
        tile = picture(svg).element
        tile.set("x", str(index * step))
        tile.set("y", "22")
        group.append(tile)
        label = ET.SubElement(
            group, f"{{{SVG_NS}}}text", {"x": f"{index * step + size / 2:g}", "y": f"{size + 40}"}
        )
        label.set("font-size", "12")
        label.set("text-anchor", "middle")
        label.text = caption
    return Part(group, max(len(pictures) * step, 200), size + 48)


def stacked(parts: Sequence[Part], description: str) -> str:
    """The parts one under the other on a card, as one SVG; ``description`` is its ``<desc>``
    (what a screen reader says of the picture)."""
    width = max((p.width for p in parts), default=0) + 2 * PAD
    height = sum(p.height for p in parts) + GAP * max(len(parts) - 1, 0) + 2 * PAD
    root = ET.Element(
        f"{{{SVG_NS}}}svg",
        {
            "class": "alhambra fallback",
            "viewBox": f"0 0 {width:g} {height:g}",
            "width": f"{width:g}",
            "height": f"{height:g}",
            "font-family": FONT,
            "fill": INK,
        },
    )
    ET.SubElement(root, f"{{{SVG_NS}}}desc").text = description
    card = {"width": f"{width:g}", "height": f"{height:g}", "rx": "8", "fill": CARD}
    ET.SubElement(root, f"{{{SVG_NS}}}rect", {**card, "stroke": EDGE})
    y = float(PAD)
    for part in parts:
        holder = ET.SubElement(root, f"{{{SVG_NS}}}g", {"transform": f"translate({PAD} {y:g})"})
        holder.append(part.element)
        y += part.height + GAP
    return ET.tostring(root, encoding="unicode")

"""A picture as a notebook output: the SVG, and the same picture as an HTML ``<img>`` whose
``alt`` is the picture's own description (its ``<desc>``, already in the learner's language).

Why the HTML: nbconvert's default HTML template ("lab") writes an ``image/svg+xml`` output as
an ``<img>`` without ``alt`` and reads no output metadata for one (an ``alt`` metadata key is
read by the "classic" template alone, and only for PNG and JPEG), so every board of an export
said "No description has been provided for this image". A ``text/html`` output is written as
given and ranks above the SVG there. JupyterLab ranks it above the SVG too, so the ``<img>``
is styled to look as JupyterLab's own SVG output does. The SVG stays in the bundle for what
shows no HTML (a LaTeX or PDF export, the tests' reading of a picture's words).
"""

from __future__ import annotations

import base64
import html
import xml.etree.ElementTree as ET

SVG = "image/svg+xml"
HTML = "text/html"


def _name(tag: str) -> str:
    """An element's name without its namespace: ``desc`` for ``{http://…/svg}desc``."""
    return tag.rpartition("}")[2]


def description(svg: str) -> str:
    """What a picture says of itself to a screen reader: its ``aria-label`` (or else its
    ``<title>``), then its ``<desc>``; the root's own, never a nested picture's."""
    root = ET.fromstring(svg)
    own: dict[str, str] = {}
    for child in root:
        own.setdefault(_name(child.tag), (child.text or "").strip())
    said = [root.get("aria-label", "").strip() or own.get("title", ""), own.get("desc", "")]
    return "\n".join(dict.fromkeys(s for s in said if s))


def picture_html(svg: str) -> str:
    """The picture as an ``<img>`` with its description as ``alt``."""
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    alt = html.escape(description(svg), quote=True)
    # JupyterLab (and nbconvert's page, which has its styles) shrinks an HTML output's image
    # to the pane and puts a margin under it, where an SVG output keeps its size and has
    # none: the style keeps the picture as the SVG output showed it.
    style = "display: block; margin: 0; max-width: none"
    return f'<img src="data:{SVG};base64,{data}" alt="{alt}" style="{style}">'


def picture_bundle(svg: str) -> dict[str, str]:
    """The mime types a picture is shown by: the SVG, and the HTML that carries its ``alt``."""
    return {SVG: svg, HTML: picture_html(svg)}

"""The lab's charts, drawn as SVG by pygal, a pure-Python chart library: the same picture in
JupyterLab, in Notebook 7, in an HTML export and in the classroom site, whose browser Python
has no compiled library such as matplotlib.

A :class:`Chart` shows itself in a notebook and carries its title as the picture's text, so a
screen reader and an exported page describe it. Its labels are drawn by the browser's own
fonts, so every language's letters show.
"""

from __future__ import annotations

import hashlib
import html
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..render.mime import picture_bundle

WIDTH, HEIGHT = 800, 380
FONTS = "system-ui, 'Noto Sans', 'Noto Sans CJK JP', 'Hiragino Sans', 'Yu Gothic', sans-serif"
BLUE, GREEN, DARK = "#4c72b0", "#55a868", "#222222"


@dataclass(frozen=True)
class Chart:
    """A chart of the lab: its SVG text and what it shows, in the learner's words."""

    svg: str
    title: str

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_mimebundle_(self, include: Any = None, exclude: Any = None) -> dict[str, str]:
        # An HTML export writes an SVG as an <img> with no text; this <img> carries the title.
        return picture_bundle(self.svg)

    def __repr__(self) -> str:
        return f"<Chart: {self.title}>"

    def save(self, path: str | Path) -> Path:
        """Write the chart to an ``.svg`` file that any browser opens; returns its path."""
        target = Path(path)
        target.write_text(self.svg, encoding="utf-8")
        return target


def _style(*colors: str) -> Any:
    from pygal.style import Style

    return Style(
        background="white",
        plot_background="white",
        foreground=DARK,
        foreground_strong=DARK,
        foreground_subtle="#666666",
        font_family=FONTS,
        title_font_size=18,
        label_font_size=13,
        major_label_font_size=13,
        legend_font_size=13,
        colors=colors or (BLUE,),
    )


def _options(title: str, *colors: str, **more: Any) -> dict[str, Any]:
    # No script: pygal's tooltips load from the internet, and the site works with none.
    return {
        "title": title,
        "style": _style(*colors),
        "width": WIDTH,
        "height": HEIGHT,
        "js": [],
        "disable_xml_declaration": True,
        "explicit_size": True,
        **more,
    }


def _finished(chart: Any, title: str) -> Chart:
    """The chart rendered, with a stable id (the same data, the same SVG) and its title as
    the picture's name."""
    chart.uuid = "lab-" + hashlib.sha256(repr(chart.raw_series).encode()).hexdigest()[:12]
    chart.uuid += hashlib.sha256(title.encode()).hexdigest()[:4]
    svg = chart.render(is_unicode=True)
    svg = _without(_without(svg, "<!--", "-->"), "<script", "</script>")
    # pygal writes the title as the SVG's <title>; the label names the picture as a whole.
    label = html.escape(title, quote=True)
    svg = svg.replace("<svg ", f'<svg role="img" aria-label="{label}" ', 1)
    return Chart(svg, title)


def _without(svg: str, start: str, end: str) -> str:
    """pygal's SVG without its comments (which carry the day it was drawn) or its scripts
    (its settings, for tooltips that would load from the internet)."""
    while (found := svg.find(start)) != -1:
        svg = svg[:found] + svg[svg.index(end, found) + len(end) :]
    return svg


def boxes(title: str, y_title: str, groups: dict[str, Sequence[float]]) -> Chart:
    """One box plot per group (median, quartiles, whiskers at 1.5 quartile ranges)."""
    import pygal

    chart = pygal.Box(**_options(title, BLUE, y_title=y_title, box_mode="tukey"))
    chart.show_legend = False
    chart.x_labels = list(groups)
    for name, values in groups.items():
        chart.add(name, list(values))
    return _finished(chart, title)


def counts(title: str, x_title: str, y_title: str, counted: dict[int, int], color: str) -> Chart:
    """How many times each whole number came up, one bar each."""
    import pygal

    options = _options(title, color, x_title=x_title, y_title=y_title)
    chart = pygal.Bar(**options, y_labels=_whole_steps(max(counted.values(), default=0)))
    chart.show_legend = False
    chart.x_labels = [str(value) for value in counted]
    chart.add(y_title, list(counted.values()))
    return _finished(chart, title)


def counts_and_share(
    title: str,
    x_title: str,
    labels: tuple[str, str],
    counted: dict[int, int],
    shares: Sequence[float],
) -> Chart:
    """How many times each whole number came up (a filled line), and a share at each of
    them (a line on its own axis, 0 to 1)."""
    import pygal

    # Five steps on both axes: the share's ticks then fall on 0, 0.2, … 1.
    step = max(1, -(-max(counted.values(), default=0) // 5))
    options = _options(title, BLUE, DARK, x_title=x_title, legend_at_bottom=True)
    chart = pygal.Line(
        **options,
        y_labels=[step * i for i in range(6)],
        range=(0, 5 * step),
        secondary_range=(0, 1),
        value_formatter=lambda value: f"{value:g}",
    )
    chart.x_labels = [str(value) for value in counted]
    chart.x_labels_major_every = 5
    chart.show_minor_x_labels = False
    chart.add(labels[0], list(counted.values()), fill=True, show_dots=False)
    chart.add(labels[1], [round(share, 3) for share in shares], secondary=True, show_dots=False)
    return _finished(chart, title)


def _whole_steps(most: int) -> list[int]:
    """Whole numbers from 0 to ``most`` (or a little past), at most about ten of them: a count
    has no 2.5 on its axis."""
    step = max(1, -(-most // 10))
    return list(range(0, most + step, step))


def intervals(title: str, x_title: str, rows: Sequence[tuple[str, float, float, float]]) -> Chart:
    """One bar per row (its label, the estimate), with the row's interval (low, high)."""
    import pygal

    low = min(0.0, *(row[2] for row in rows))
    high = max(0.0, *(row[3] for row in rows))
    if high == low:  # no difference at all: an axis around 0 still needs a width
        low, high = -1.0, 1.0
    ticks = [low + (high - low) * i / 4 for i in range(5)]
    longest = max(len(label) for label, *_ in rows)
    options = _options(title, BLUE, x_title=x_title, truncate_label=-1)
    chart = pygal.HorizontalBar(
        **options,
        y_labels=ticks,
        value_formatter=lambda value: f"{value:.3g}",
        margin_left=8 * longest,  # pygal does not measure the labels' text
    )
    chart.show_legend = False
    chart.x_labels = [label for label, *_ in rows]
    values = [{"value": d, "ci": {"low": lo, "high": hi}} for _, d, lo, hi in rows]
    chart.add(x_title, values)
    return _finished(chart, title)

"""The English templates of the pictures' words: descriptions (the SVG ``<desc>`` and the
widgets' ``aria-label`` texts), captions, the gate's label, the legend's description and the
short tags written beside a rule's highlight. Translations live in the gettext catalogues
beside the core's; importing this module adds the templates to the catalogue."""

from __future__ import annotations

from ..core.messages import add_messages

add_messages(
    {
        # a tile, a cell and a city in words
        "render.tile-walls": ("{tile}, wall {sides}", "{tile}, walls {sides}"),
        "render.tile-no-walls": "{tile}, no walls",
        "render.camp-bastions": ("{tile}, bastion {sides}", "{tile}, bastions {sides}"),
        "render.camp-no-bastions": "{tile}, no bastions",
        "render.tile-picture": "{code}: {description}",
        "render.cell": "{cell}: {what}",
        "render.cell-empty": "{cell}: empty",
        "render.city": ("An Alhambra of {count} tile.", "An Alhambra of {count} tiles."),
        "render.city-cell": "{cell}.",
        "render.city-wall": (
            "Longest outer wall: {count} side.",
            "Longest outer wall: {count} sides.",
        ),
        "render.try": "Trying {code} at {cell}: {verdict}",
        "render.try-turned": (
            "Trying {code} at {cell}, turned {count} quarter turn: {verdict}",
            "Trying {code} at {cell}, turned {count} quarter turns: {verdict}",
        ),
        "render.verdict-legal": "legal.",
        "render.verdict-broken": ("{count} rule broken: {why}", "{count} rules broken: {why}"),
        "render.highlighted": "Highlighted: {why}",
        "render.sentence-sep": " ",
        # captions under a city
        "render.caption-wall": "longest wall: {count}",
        "render.caption-camps": "camps: {points}",
        "render.caption-camps-sum": "camps: {detail} = {points}",
        "render.caption-sep": "; ",
        "render.camp-arrows": "Camp arrows: {caption}.",
        "render.gate-label": "gate",
        "render.legend-desc": "Legend: {entries}.",
        "render.legend-sep": "; ",
        # a word or two per rule, written beside its highlight so colour never speaks alone
        "render.tag.taken": "taken",
        "render.tag.turned": "turned",
        "render.tag.apart": "apart",
        "render.tag.walls": "walls",
        "render.tag.camp": "camp",
        "render.tag.no-path": "no path",
        "render.tag.hole": "hole",
        "render.tag.empty": "empty",
        "render.tag.fountain": "fountain",
        "render.tag.cut-off": "cut off",
        "render.tag.rule": "rule",
    }
)

"""Positions typed as text, scored round by round, and "what if" one tile changed.

::

    cities = alh.lab.positions(Ana="1,0 garden-10-N; 0,1 tower-10-W", Ben="1,0 tower-11-N")
    print(alh.lab.score_rounds(cities))            # every round, with the full breakdown
    change = alh.lab.what_if(cities, "Ben", "0,1 chambers-10")
    print(change)                                  # before, after and the difference

Everything is scored by the engine (``score_round``, ``City.longest_wall``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..core import City, ScoreBreakdown, Violation, score_round
from ..core.geometry import Cell
from ..core.messages import join, render, sentences, shown, template
from ..core.tiles import Tile
from ..core.variants import as_variants
from .games import ROUNDS, SOURCES, LabError, by_source, source_word


# -- positions and their scores --------------------------------------------------------------
def positions(**cities: City | str) -> dict[str, City]:
    """Players' Alhambras from the text notation (or cities): ``positions(Ana="1,0 …")``.

    Each Alhambra must be legal; an illegal one is refused with every broken rule."""
    found = {}
    for name, city in cities.items():
        if not isinstance(city, (City, str)):
            raise LabError(render("lab.position-kind", {"player": name, "value": shown(city)}))
        city = City.from_text(city) if isinstance(city, str) else city.copy()
        problems = city.validate()
        if problems:
            raise LabError(render("lab.illegal", {"player": name, "why": _messages(problems)}))
        found[name] = city
    return found


def _messages(violations: Iterable[Violation]) -> str:
    return sentences(v.message for v in violations)  # in the session's language, as each is


def score(cities: Mapping[str, City], round: int = 2, *, variants: object = None) -> ScoreBreakdown:
    """One scoring of these Alhambras with its reasons (majorities per type, walls), the
    rules read as ``variants`` say (a ring of walls, the majority table)."""
    chosen = as_variants(variants)
    counts = {name: city.building_counts() for name, city in cities.items()}
    walls = {name: city.longest_wall(chosen.ring) for name, city in cities.items()}
    return score_round(counts, walls, round=round, variants=chosen)


def score_rounds(
    cities: Mapping[str, City], language: str | None = None, *, variants: object = None
) -> str:
    """The three scorings of these Alhambras as they stand, each explained in ``language``
    (the session's by default)."""
    return "\n".join(score(cities, r, variants=variants).explain(language=language) for r in ROUNDS)


# -- what if ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class WhatIf:
    """One tile changed in one player's Alhambra, and what it does to every scoring."""

    player: str
    change: str
    before: dict[int, ScoreBreakdown]
    after: dict[int, ScoreBreakdown]
    cities: dict[str, City]

    def diff(self) -> dict[int, dict[str, int]]:
        """Per round, each player's points after minus before."""
        return {
            r: {p: self.after[r].totals[p] - self.before[r].totals[p] for p in self.cities}
            for r in ROUNDS
        }

    def changed_sources(self, round: int) -> dict[str, dict[str, tuple[int, int]]]:
        """Per player, the sources whose points changed in ``round``: ``(before, after)``."""
        old, new = by_source(self.before[round]), by_source(self.after[round])
        return {
            p: {s: (old[p][s], new[p][s]) for s in SOURCES if old[p][s] != new[p][s]}
            for p in self.cities
            if old[p] != new[p]
        }

    def explain(self, language: str | None = None) -> str:
        """Every scoring before and after, in ``language`` (the session's by default)."""
        lines = [render("lab.what-if", {"player": self.player, "change": self.change}, language)]
        separator = template("list.sep", language)
        for r in ROUNDS:
            totals = separator.join(self._player_change(r, p, language) for p in self.cities)
            lines.append(
                "  " + render("lab.what-if-round", {"round": r, "totals": totals}, language)
            )
            for p, sources in self.changed_sources(r).items():
                what = separator.join(
                    render(
                        "lab.what-if-source",
                        {"source": source_word(s, language), "before": a, "after": b},
                        language,
                    )
                    for s, (a, b) in sources.items()
                )
                words = {"player": p, "changes": what}
                lines.append("    " + render("lab.what-if-sources", words, language))
        return "\n".join(lines)

    def _player_change(self, round: int, player: str, language: str | None) -> str:
        words = {
            "player": player,
            "before": self.before[round].totals[player],
            "after": self.after[round].totals[player],
            "difference": f"{self.diff()[round][player]:+d}",
        }
        return render("lab.what-if-player", words, language)

    def __str__(self) -> str:
        return self.explain()


def what_if(
    cities: Mapping[str, City], player: str, change: str, *, variants: object = None
) -> WhatIf:
    """Score every round before and after one change to ``player``'s Alhambra.

    ``change`` is ``"x,y code"`` to build a tile at an empty cell or swap it for the tile
    there, or ``"x,y -"`` to take the tile there away. The engine checks the change (the
    building and redesign rules); an illegal one raises :class:`LabError` with its reasons.
    """
    if not isinstance(player, str) or player not in cities:
        words = {"value": shown(player), "players": join(list(cities))}
        raise LabError(render("lab.no-player", words))
    cell, tile = _read_change(change)
    changed = cities[player].copy()
    problems = _apply_change(changed, cell, tile)
    if problems:
        words = {"player": player, "change": repr(change), "why": _messages(problems)}
        raise LabError(render("lab.change-refused", words))
    after_cities = {**cities, player: changed}
    return WhatIf(
        player,
        change,
        {r: score(cities, r, variants=variants) for r in ROUNDS},
        {r: score(after_cities, r, variants=variants) for r in ROUNDS},
        dict(after_cities),
    )


def _read_change(change: object) -> tuple[Cell, Tile | None]:
    parts = change.strip().rsplit(maxsplit=1) if isinstance(change, str) else ()
    try:
        where, code = parts
        x, y = (int(v) for v in where.strip("() ").split(","))
    except ValueError:
        raise LabError(render("lab.change-form", {"value": shown(change)})) from None
    return (x, y), None if code == "-" else Tile.parse(code)


def _apply_change(city: City, cell: Cell, tile: Tile | None) -> list[Violation]:
    if tile is None:
        problems = city.check_removal(cell)
        if not problems:
            city.remove(cell)
        return problems
    if cell in city:
        problems = city.check_swap(cell, tile)
        if not problems:
            city.swap(cell, tile)
        return problems
    problems = city.check(tile, cell)
    if not problems:
        city.place(tile, cell)
    return problems

"""Scoring (RULES.md §5): majorities per building type and the longest wall.

:func:`majority_points` is the table arithmetic; :func:`score_round` keeps the reasons: for each
type who holds how many tiles, which places they take, who ties, and the points, plus walls.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Hashable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from .errors import AlhambraError
from .limits import MAX_TILES
from .messages import ENGLISH, join, render, shown, template
from .tiles import BUILDINGS, Building
from .variants import STANDARD, STANDARD_TABLE, Variants, as_variants

POINTS: dict[int, dict[Building, tuple[int, ...]]] = {
    round: dict(zip(BUILDINGS, row, strict=True)) for round, row in enumerate(STANDARD_TABLE, 1)
}
"""Points by scoring round and building type, for 1st, 2nd and 3rd place (the rulebooks'
table; a game's :class:`~alhambra_nb.core.variants.Variants` may give another)."""


MAX_WALL = 4 * (MAX_TILES + 1)
"""More wall points than any city could score: every side of every tile a wall."""


class ScoringError(AlhambraError):
    """Raised when a scoring is asked for with a bad round or bad tile counts."""


@dataclass(frozen=True)
class Place:
    """Players level on one count, the places they cover and what each of them gets."""

    players: tuple[Any, ...]
    count: int
    places: tuple[int, ...]
    """The places covered, 1-based: two players level in first cover (1, 2)."""
    pool: tuple[int, ...]
    """The points of the covered places that score this round."""

    @property
    def each(self) -> int:
        """The pool split evenly, rounded down."""
        return sum(self.pool) // len(self.players)


@dataclass(frozen=True)
class TypeResult:
    """How one building type was scored in one round."""

    building: Building
    places: tuple[Place, ...]

    @property
    def points(self) -> dict[Any, int]:
        """Points per player who has at least one tile of this type."""
        return {p: place.each for place in self.places for p in place.players}

    def explain(self, name: Callable[[Any], str] = str, language: str | None = None) -> str:
        """'tower: Ana 4 and Ben 4 tie for 1st and 2nd: 13 + 6 = 19 → 9 each', in ``language``
        (the session's by default)."""
        if not self.places:
            return render("scoring.type-none", {"building": self.building}, language)
        places = [_explain_place(p, name, language) for p in self.places]
        separator = template("scoring.separator", language)
        return render(
            "scoring.type", {"building": self.building, "places": separator.join(places)}, language
        )


def _explain_place(place: Place, name: Callable[[Any], str], language: str | None) -> str:
    holders = [
        render("scoring.holder", {"player": name(p), "count": place.count}, language)
        for p in place.players
    ]
    words: dict[str, Any] = {
        "who": join(holders, language),
        "places": join([_ordinal(n, language) for n in place.places], language),
        "each": place.each,
        "count": len(place.players),
    }
    if not place.pool:
        return render("scoring.place-nothing", words, language)
    if len(place.players) == 1:
        return render("scoring.place", words, language)
    if len(place.pool) == 1:  # the places after the first score nothing this round
        words.update(place=_ordinal(place.places[0], language), points=place.pool[0])
        return render("scoring.tie-first", words, language)
    scoring = place.places[: len(place.pool)]
    words.update(
        places=join([_ordinal(n, language) for n in scoring], language),
        sum=" + ".join(map(str, place.pool)),
        total=sum(place.pool),
    )
    return render("scoring.tie", words, language)


def _ordinal(n: int, language: str | None = None) -> str:
    """The place ``n`` in words ("1st"): a template per place, as each language writes it."""
    if f"scoring.place.{n}" in ENGLISH:
        return template(f"scoring.place.{n}", language)
    return render("scoring.place.n", {"number": n}, language)


def rank_type(
    building: Building,
    counts: Mapping[Any, int],
    round: int = 2,
    *,
    variants: Variants = STANDARD,
) -> TypeResult:
    """The places of one type: most tiles first; level players share the places they cover
    (the points of each place as ``variants`` give them)."""
    _check_round(round)
    table = variants.points(round, building)
    holders = sorted((n, p) for p, n in counts.items() if n > 0)
    levels = sorted({n for n, _ in holders}, reverse=True)
    places = []
    next_place = 1
    in_seat_order = _in_seat_order(holders, counts)
    for level in levels:
        players = tuple(p for n, p in in_seat_order if n == level)
        covered = tuple(range(next_place, next_place + len(players)))
        pool = tuple(table[i - 1] for i in covered if i <= len(table))
        places.append(Place(players, level, covered, pool))
        next_place += len(players)
    return TypeResult(building, tuple(places))


def _in_seat_order(holders: list[tuple[int, Any]], counts: Mapping[Any, int]):
    order = {p: i for i, p in enumerate(counts)}
    return sorted(holders, key=lambda item: order[item[1]])


def _check_round(round: object) -> None:
    if not isinstance(round, int) or isinstance(round, bool) or round not in POINTS:
        raise ScoringError(render("refusal.round", {"value": shown(round)}))


def _check_counts(counts: Mapping[Any, Mapping[Building, int]]) -> None:
    if not isinstance(counts, Mapping):
        raise ScoringError(render("refusal.counts", {"value": shown(counts)}))
    for player, per_type in counts.items():
        if not isinstance(per_type, Mapping):
            raise ScoringError(render("refusal.counts", {"value": shown(per_type)}))
        for building, n in per_type.items():
            if not isinstance(building, Building):
                words = {"player": shown(player), "value": shown(building)}
                raise ScoringError(render("refusal.counts-building", words))
            if not isinstance(n, int) or isinstance(n, bool) or n < 0:
                words = {"player": shown(player), "building": building.value, "value": shown(n)}
                raise ScoringError(render("refusal.counts-number", words))


def majority_points(
    counts: Mapping[Any, Mapping[Building, int]], round: int = 2, *, variants: Variants = STANDARD
) -> dict[Hashable, int]:
    """Majority points per player for one scoring round (RULES.md §5).

    ``counts`` maps each player to their tiles per type. Ties split the points of the places
    they cover, rounded down; a player with none of a type never scores for it.
    """
    return score_round(counts, round=round, variants=variants).majorities


@dataclass(frozen=True)
class ScoreBreakdown:
    """One scoring explained: per type who took which place, and walls, and the totals.

    ``bonuses`` holds the points of the expansion II modules per player, as
    ``(source, points, detail)`` triples (camps, Hakim Wahid, Yusuf E'Passuff, Fatime).
    """

    round: int
    types: tuple[TypeResult, ...]
    walls: dict[Any, int]
    players: tuple[Any, ...]
    bonuses: Mapping[Any, tuple[tuple[str, int, str], ...]] = field(default_factory=dict)

    @property
    def majorities(self) -> dict[Any, int]:
        """Majority points per player (every player, 0 for none)."""
        totals = dict.fromkeys(self.players, 0)
        for result in self.types:
            for player, points in result.points.items():
                totals[player] += points
        return totals

    @property
    def totals(self) -> dict[Any, int]:
        """Majorities plus wall points (plus the modules' bonuses) per player."""
        majorities = self.majorities
        return {
            p: majorities[p] + self.walls.get(p, 0) + sum(b[1] for b in self.bonuses.get(p, ()))
            for p in self.players
        }

    def explain(self, name: Callable[[Any], str] = str, language: str | None = None) -> str:
        """The scoring as lines a learner can follow, in ``language`` (the session's by
        default)."""
        lines = [render("scoring.heading", {"round": self.round}, language)]
        lines += [f"  {result.explain(name, language)}" for result in self.types]
        walls = _points_list({name(p): n for p, n in self.walls.items()}, language)
        if walls:
            lines.append("  " + render("scoring.walls", {"walls": walls}, language))
        else:
            lines.append("  " + render("scoring.walls-none", {}, language))
        for player, found in self.bonuses.items():
            for source, points, detail in found:
                lines.append("  " + _explain_bonus(name(player), source, points, detail, language))
        totals = _points_list({name(p): n for p, n in self.totals.items()}, language)
        lines.append("  " + render("scoring.totals", {"totals": totals}, language))
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.explain()


def _points_list(points: Mapping[str, int], language: str | None) -> str:
    """ "Ana 5, Ben 3": each player's points, in the language's words and list separator."""
    items = [
        render("scoring.player-points", {"player": player, "points": n}, language)
        for player, n in points.items()
    ]
    return template("list.sep", language).join(items)


def _explain_bonus(player: str, source: str, points: int, detail: str, language: str | None) -> str:
    """One line of a module's bonus: its source, the player, the points and how they came."""
    words = {
        "source": bonus_source(source, language),
        "player": player,
        "points": f"{points:+d}",
        "detail": bonus_detail(detail, language),
    }
    return render("scoring.bonus-why" if detail else "scoring.bonus", words, language)


def bonus_source(source: str, language: str | None = None) -> str:
    """Where a bonus comes from, in ``language``: a module's word ("camps"), or a
    character's name, which stays a name."""
    key = f"bonus.source.{source}"
    return template(key, language) if key in ENGLISH else source


def bonus_detail(detail: str, language: str | None = None) -> str:
    """How a bonus was counted, in ``language``.

    A scoring record keeps the detail as English text (the save format, and every save made
    so far, hold it so); it was written from one of the ``bonus.detail.…`` templates, so its
    parameters are read back from the English and the template is filled in ``language``.
    A detail no template wrote is shown as it is."""
    if not detail:
        return detail
    for key, pattern in _detail_patterns():
        found = pattern.fullmatch(detail)
        if found is not None:
            return render(key, _detail_params(found.groupdict()), language)
    return detail


@cache
def _detail_patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """Each bonus detail template's English forms as patterns that read its parameters."""
    patterns = []
    for key, english in ENGLISH.items():
        if not key.startswith("bonus.detail."):
            continue
        for form in english if isinstance(english, tuple) else (english,):
            parts = re.split(r"\{(\w+)\}", form)
            text = "".join(
                re.escape(part) if i % 2 == 0 else f"(?P<{part}>.+?)"
                for i, part in enumerate(parts)
            )
            patterns.append((key, re.compile(text)))
    return tuple(patterns)


def _detail_params(found: Mapping[str, str]) -> dict[str, Any]:
    """Parameters read back from English text: numbers as numbers, a building as its type."""
    params: dict[str, Any] = {}
    for name, value in found.items():
        if value.isdigit():
            params[name] = int(value)
        elif name == "building" and value in {b.value for b in BUILDINGS}:
            params[name] = Building(value)
        else:
            params[name] = value
    return params


def score_round(
    counts: Mapping[Any, Mapping[Building, int]],
    walls: Mapping[Any, int] | None = None,
    *,
    round: int = 2,
    variants: Variants = STANDARD,
) -> ScoreBreakdown:
    """Score one round with its reasons. ``walls`` holds wall points for the players who
    score them (the neutral player of a two-player game has none); ``variants`` may give
    another table of majority points."""
    _check_round(round)
    _check_counts(counts)
    variants = as_variants(variants)
    walls = _checked_walls(walls)
    types = tuple(
        rank_type(
            b, {p: per_type.get(b, 0) for p, per_type in counts.items()}, round, variants=variants
        )
        for b in BUILDINGS
    )
    return ScoreBreakdown(round, types, walls, tuple(counts))


def _checked_walls(walls: object) -> dict[Any, int]:
    """The wall points by player (none given: nobody scores walls)."""
    if walls is None:
        return {}
    if not isinstance(walls, Mapping) or not all(
        isinstance(n, int) and not isinstance(n, bool) and 0 <= n <= MAX_WALL
        for n in walls.values()
    ):
        raise ScoringError(render("refusal.walls", {"value": shown(walls)}))
    return dict(walls)

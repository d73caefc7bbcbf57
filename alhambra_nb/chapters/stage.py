"""Staged game positions for the chapters: a seeded game, arranged, then advanced by actions.

A lesson about money or the market needs a precise table: a money display of 2, 3, 7 and 9, a
garden costing 10 on the Denar space, a bag about to run out. :class:`GameStage` builds one
with the game's own API only: it sets up ``Game(players, seed)``, moves the named cards and
tiles into place in the saved form of that state, reads it back with ``GameState.from_dict``
(which refuses anything inconsistent: a card in two places, a tile missing, an illegal
Alhambra) and then applies the listed actions with ``Game.apply``, which checks every rule.
So a staged position is always one the engine accepts, and every check on it is the engine's.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core import City, Game, GameState, Tile
from ..core.tiles import FOUNTAIN


class StageError(ValueError):
    """Raised when a staged game names a card or tile that cannot be put where it asks."""


@dataclass(frozen=True)
class GameStage:
    """How to set the table for a step.

    ``hands`` gives players exactly these money cards (by card id, e.g. ``denar-4#1``);
    ``display`` the money display; ``deck_top`` the next cards of the money deck; ``market``
    the four market tiles (codes, ``None`` for an empty space); ``cities`` Alhambras in the
    text notation; ``reserves`` reserve boards; ``neutral`` the neutral player's tiles.
    ``bag`` set to a list keeps exactly those tiles in the bag; the other loose tiles go onto
    the reserve boards, in turn (a game near its end). ``current`` names who is to play.
    Cards taken from one place for another go to the bottom of the money deck; tiles to the
    bag. ``actions`` are then applied in order.

    Expansion II: ``modules`` switches rules modules on; ``extra`` sets fields of a module's
    state (``{"gates": {"display": "gate#1"}}``, ``{"characters": {"owned": [[...], []]}}``).
    Every card named there is first taken from wherever the game had put it.
    """

    players: tuple[str, ...] = ("Ana", "Ben", "Cem")
    seed: int = 1
    hands: Mapping[str, Sequence[str]] = field(default_factory=dict)
    display: Sequence[str] | None = None
    deck_top: Sequence[str] = ()
    market: Sequence[str | None] | None = None
    cities: Mapping[str, str] = field(default_factory=dict)
    reserves: Mapping[str, Sequence[str]] = field(default_factory=dict)
    neutral: Sequence[str] | None = None
    bag: Sequence[str] | None = None
    current: str | None = None
    actions: tuple[str, ...] = ()
    modules: tuple[str, ...] = ()
    extra: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)

    def game(self, *, advanced: bool = True) -> Game:
        """A fresh game at the staged moment (before the listed actions if not ``advanced``)."""
        game = Game(list(self.players), seed=self.seed, modules=self.modules)
        if self._arranges():
            data = game.state.to_dict()
            self._arrange(data)
            game = Game.from_state(GameState.from_dict(data))
        if advanced:
            for action in self.actions:
                game.apply(action)
        return game

    def _arranges(self) -> bool:
        return bool(
            self.hands
            or self.display is not None
            or self.deck_top
            or self.market is not None
            or self.cities
            or self.reserves
            or self.neutral is not None
            or self.bag is not None
            or self.current is not None
            or bool(self.extra)
        )

    # -- arranging the saved form of a state ----------------------------------------------
    def _arrange(self, data: dict[str, Any]) -> None:
        seats = {p["name"]: p for p in data["players"]}
        unknown = [n for n in (*self.hands, *self.cities, *self.reserves) if n not in seats]
        if unknown or (self.current is not None and self.current not in seats):
            raise StageError(f"no player {(unknown or [self.current])[0]!r} in {self.players}")
        self._arrange_extra(data)
        self._arrange_cards(data, seats)
        self._arrange_tiles(data, seats)
        if self.current is not None:
            data["current"] = list(seats).index(self.current)
        # The dealing logged at setup no longer describes the arranged hands.
        data["log"] = []

    def _arrange_extra(self, data: dict[str, Any]) -> None:
        """Set the modules' fields, after taking every card they name from its old place
        (the money piles, a hand, another module field)."""
        extra = data.get("extra", {})
        unknown = [name for name in self.extra if name not in extra]
        if unknown:
            raise StageError(f"no module {unknown[0]!r} keeps state in this game")
        named = [c for fields in self.extra.values() for c in _strings(fields)]
        if not named:
            return
        holders = [
            *(p["money"] for p in data["players"]),
            data["display"],
            data["deck"],
            data["discard"],
            *_lists(extra),
        ]
        for card_id in named:
            for cards in holders:
                if card_id in cards:
                    cards.remove(card_id)
                    break
        for name, fields in self.extra.items():
            extra[name].update(fields)

    def _arrange_cards(self, data: dict[str, Any], seats: dict[str, dict[str, Any]]) -> None:
        places: list[list[str]] = [
            *(p["money"] for p in data["players"]),
            data["display"],
            data["deck"],
            data["discard"],
        ]
        wanted = [c for cards in self.hands.values() for c in cards]
        wanted += [*(self.display or ()), *self.deck_top]
        for card_id in wanted:
            _take_card(places, card_id)
        loose: list[str] = []
        for name, cards in self.hands.items():
            loose += seats[name]["money"]
            seats[name]["money"] = list(cards)
        if self.display is not None:
            loose += data["display"]
            data["display"] = list(self.display)
        data["deck"] = [*self.deck_top, *data["deck"], *loose]

    def _arrange_tiles(self, data: dict[str, Any], seats: dict[str, dict[str, Any]]) -> None:
        market_before = list(data["market"])
        neutral_before = list(data["neutral"]["tiles"]) if data["neutral"] else None
        loose = _all_tiles(data, seats)
        cities = {name: City.from_text(text) for name, text in self.cities.items()}
        wanted: Counter[str] = Counter()
        for city in cities.values():
            wanted.update(t.code for _, t in city.items() if t != FOUNTAIN)
        for codes in self.reserves.values():
            wanted.update(codes)
        wanted.update(c for c in self.market or () if c is not None)
        wanted.update(self.neutral or ())
        wanted.update(self.bag or ())
        missing = wanted - loose
        if missing:
            raise StageError(f"the tiles {sorted(missing)} are not in the game (or asked twice)")
        loose -= wanted
        # Places the stage does not arrange keep what the game dealt them, except tiles the
        # stage asked for elsewhere: those are replaced by the next loose tiles.
        market = self.market if self.market is not None else _keep(market_before, loose)
        neutral = self.neutral if self.neutral is not None else _keep(neutral_before, loose)
        for name, city in cities.items():
            seats[name]["city"] = city.to_text()
        for name, codes in self.reserves.items():
            seats[name]["reserve"] = list(codes)
        data["market"] = list(market)
        if data["neutral"] is not None:
            data["neutral"]["tiles"] = list(neutral or ())
        rest = sorted(loose.elements(), key=lambda code: Tile.parse(code).sort_key())
        if self.bag is None:
            data["bag"] = rest
            return
        data["bag"] = list(self.bag)
        names = list(seats)
        for i, code in enumerate(rest):  # a game near its end: the rest is already built
            seats[names[i % len(names)]]["reserve"].append(code)

    def __repr__(self) -> str:
        return f"GameStage(players={self.players}, seed={self.seed}, actions={self.actions})"


def _strings(value: Any) -> list[str]:
    """Every string inside nested lists and dicts (the card ids a module field names)."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, Mapping):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, (list, tuple)):
        return [s for v in value for s in _strings(v)]
    return []


def _lists(value: Any) -> list[list[Any]]:
    """Every list inside nested dicts and lists (where a module keeps cards)."""
    if isinstance(value, Mapping):
        return [found for v in value.values() for found in _lists(v)]
    if isinstance(value, list):
        return [value, *(found for v in value for found in _lists(v))]
    return []


def _take_card(places: list[list[str]], card_id: str) -> None:
    for cards in places:
        if card_id in cards:
            cards.remove(card_id)
            return
    raise StageError(f"the card {card_id!r} is not in the game (or is asked for twice)")


def _keep(before: list[str | None] | None, loose: Counter[str]) -> list[str | None] | None:
    """``before`` with each tile still loose kept (and taken from ``loose``), the others
    replaced by loose tiles in a fixed order."""
    if before is None:
        return None
    kept: list[str | None] = []
    for code in before:
        if code is not None and loose[code] > 0:
            loose[code] -= 1
            kept.append(code)
        elif code is not None:
            spare = min(loose.elements(), key=lambda c: Tile.parse(c).sort_key())
            loose[spare] -= 1
            kept.append(spare)
        else:
            kept.append(None)
    loose += Counter()  # drop the zero counts
    return kept


def _all_tiles(data: dict[str, Any], seats: dict[str, dict[str, Any]]) -> Counter[str]:
    """Every tile of the state that the stage may move (cities, reserves, market, bag, ...),
    emptying those places: what the stage does not put back goes to the bag."""
    found: Counter[str] = Counter(data["bag"])
    found.update(c for c in data["market"] if c is not None)
    data["market"] = [None] * 4
    if data["neutral"] is not None:
        found.update(data["neutral"]["tiles"])
        data["neutral"]["tiles"] = []
    for player in seats.values():
        city = City.from_text(player["city"])
        found.update(t.code for _, t in city.items() if t != FOUNTAIN)
        found.update(player["reserve"])
        found.update(player["bought"])
        player["city"] = City().to_text()
        player["reserve"] = []
        player["bought"] = []
    return found


__all__ = ["GameStage", "StageError"]

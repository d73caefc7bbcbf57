"""The tiles: six building types, the fountain, and (expansion II) camps.

Tiles are immutable values. Each has a short code that reads well and parses back:
``tower-9-NE`` (type, price, walled sides), ``garden-10`` (no walls), ``fountain``, and for camps
``camp-8-NE`` (price, bastion sides).
"""

from __future__ import annotations

import csv
import difflib
import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from functools import cache
from importlib import resources

from .errors import AlhambraError
from .geometry import SIDES, Side
from .messages import Noun, render, shown, template


class Building(StrEnum):
    """The six building types, in the order of the scoring table (cheapest first)."""

    PAVILION = "pavilion"
    """Pavilion (Pavillon): 7 tiles, prices 2-8."""
    SERAGLIO = "seraglio"
    """Seraglio (Serail): 7 tiles, prices 3-9."""
    ARCADES = "arcades"
    """Arcades (Arkaden): 9 tiles, prices 4-10."""
    CHAMBERS = "chambers"
    """Chambers (Gemächer): 9 tiles, prices 5-11."""
    GARDEN = "garden"
    """Garden (Garten): 11 tiles, prices 6-12."""
    TOWER = "tower"
    """Tower (Turm): 11 tiles, prices 7-13."""

    @property
    def letter(self) -> str:
        """One capital letter for text pictures: P S A C G T."""
        return self.value[0].upper()

    def in_words(self, language: str) -> Noun:
        """The building type's name in ``language`` (a noun with its forms)."""
        return Noun(f"building.{self.value}", language)


BUILDINGS: tuple[Building, ...] = tuple(Building)


class TileKind(StrEnum):
    """The families of tiles an Alhambra can hold."""

    FOUNTAIN = "fountain"
    """The start tile: no walls, never moved."""
    BUILDING = "building"
    """One of the 54 building tiles."""
    CAMP = "camp"
    """An expansion II camp: bastion sides and plain sides, no building type."""


class Edge(IntEnum):
    """What one side of a tile is made of, for the side-matching rules."""

    OPEN = 0
    """An open side of a building or the fountain."""
    WALL = 1
    """A city wall on a building."""
    BASTION = 2
    """A camp's bastion: may face only a building's wall."""
    PLAIN = 3
    """A camp's plain (green) side: may face only another camp's plain side."""

    def in_words(self, language: str) -> str:
        """What the side is made of, in ``language``."""
        return template(f"edge.{int(self)}", language)


MATCHING_EDGES: frozenset[tuple[Edge, Edge]] = frozenset(
    {
        (Edge.OPEN, Edge.OPEN),
        (Edge.WALL, Edge.WALL),
        (Edge.WALL, Edge.BASTION),
        (Edge.BASTION, Edge.WALL),
        (Edge.PLAIN, Edge.PLAIN),
    }
)
"""The pairs of edges that may share a side (RULES.md §4 and §9.4)."""


class TileError(AlhambraError):
    """Raised when a tile description or tile code is not a valid tile."""


def _side_set(value: str | Iterable[Side | str] | None, what: str) -> frozenset[Side]:
    """The sides named by ``value`` (``"NE"``, ``[Side.N, "E"]``); a side named twice
    (``"NENE"``) is refused rather than read as once."""
    if value is None or value == "-":
        return frozenset()
    if not isinstance(value, Iterable):
        raise TileError(_said("refusal.sides-kind", what=what, value=shown(value)))
    sides: list[Side] = []
    # Five names are enough to find a repeat: read no further into a long text.
    for item in itertools.islice(value, len(SIDES) + 1):
        try:
            side = item if isinstance(item, Side) else Side.parse(item)
        except ValueError as exc:
            raise TileError(_said("refusal.tile-part", what=what, reason=str(exc))) from None
        if side in sides:
            raise TileError(_said("refusal.sides", what=what, value=shown(value), side=side))
        sides.append(side)
    return frozenset(sides)


def _sides_code(sides: frozenset[Side]) -> str:
    return "".join(s.letter for s in SIDES if s in sides)


@dataclass(frozen=True, slots=True, init=False, eq=False)
class Tile:
    """One tile: a building (type, price, walled sides), the fountain, or a camp.

    ``Tile(Building.GARDEN, 10, walls="NE")``; ``Tile.camp(8, bastions="NE")``; ``FOUNTAIN``.
    Two tiles are equal when they look alike (same kind, type, price and walls or bastions):
    exactly when their codes are equal.
    """

    building: Building | None
    price: int
    walls: frozenset[Side]
    bastions: frozenset[Side]
    kind: TileKind = field(compare=False, repr=False)
    edges: tuple[Edge, Edge, Edge, Edge] = field(compare=False, repr=False)
    wall_mask: int = field(compare=False, repr=False)
    edge_bits: int = field(compare=False, repr=False)
    is_camp: bool = field(compare=False, repr=False)
    """Whether this is an expansion II camp (stored: the rules ask it in their inner loops)."""
    is_fountain: bool = field(compare=False, repr=False)
    code: str = field(compare=False, repr=False)
    """The short code that :meth:`parse` reads back: ``tower-9-NE``, ``garden-10``."""

    def __init__(
        self,
        building: Building | str | None,
        price: int = 0,
        walls: str | Iterable[Side | str] | None = None,
        *,
        bastions: str | Iterable[Side | str] | None = None,
    ) -> None:
        if building is not None and not isinstance(building, Building):
            try:
                building = Building(str(building).lower())
            except ValueError:
                raise TileError(_unknown_building(building)) from None
        if not isinstance(price, int) or isinstance(price, bool) or not 0 <= price <= _MAX_PRICE:
            raise TileError(_said("refusal.tile-price", most=_MAX_PRICE, value=shown(price)))
        wall_set = _side_set(walls, "walls")
        bastion_set = _side_set(bastions, "bastions")
        if bastion_set and building is not None:
            raise TileError(_said("refusal.tile-bastions", building=building.value))
        if bastion_set and wall_set:
            raise TileError(_said("refusal.camp-walls"))
        if building is None and not bastion_set and (wall_set or price):
            raise TileError(_said("refusal.fountain-plain"))
        kind = (
            TileKind.BUILDING
            if building is not None
            else TileKind.CAMP
            if bastion_set
            else TileKind.FOUNTAIN
        )
        set_ = object.__setattr__
        set_(self, "building", building)
        set_(self, "price", price)
        set_(self, "walls", wall_set)
        set_(self, "bastions", bastion_set)
        set_(self, "kind", kind)
        edges = _edges(kind, wall_set, bastion_set)
        set_(self, "edges", edges)
        set_(self, "edge_bits", sum(int(e) << 2 * i for i, e in enumerate(edges)))
        set_(self, "wall_mask", sum(s.bit for s in wall_set))
        set_(self, "is_camp", kind is TileKind.CAMP)
        set_(self, "is_fountain", kind is TileKind.FOUNTAIN)
        set_(self, "code", self._make_code())

    @classmethod
    def camp(cls, price: int, bastions: str | Iterable[Side | str]) -> Tile:
        """An expansion II camp with the given price and bastion sides."""
        if not _side_set(bastions, "bastions"):
            raise TileError(_said("refusal.camp-bastion"))
        return cls(None, price, bastions=bastions)

    @property
    def name(self) -> str:
        """The tile's common noun: ``tower``, ``fountain``, ``camp``."""
        return self.building.value if self.building is not None else self.kind.value

    def __eq__(self, other: object) -> bool:
        if other.__class__ is Tile:
            return self.code == other.code
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self.code)

    def _make_code(self) -> str:
        if self.kind is TileKind.FOUNTAIN:
            return "fountain"
        sides = _sides_code(self.bastions if self.is_camp else self.walls)
        base = f"{self.name}-{self.price}"
        return f"{base}-{sides}" if sides else base

    def edge(self, side: Side | int) -> Edge:
        """What the tile's ``side`` is made of."""
        return self.edges[side]

    def has_wall(self, side: Side | int) -> bool:
        return self.edges[side] is Edge.WALL

    def rotated_edges(self, quarter_turns: int) -> tuple[Edge, Edge, Edge, Edge]:
        """The edges N, E, S, W of this tile turned clockwise by ``quarter_turns``."""
        k = quarter_turns % 4
        return tuple(self.edges[(i - k) % 4] for i in range(4))  # type: ignore[return-value]

    @classmethod
    def parse(cls, code: str, *, real: bool = False) -> Tile:
        """The tile named by a code such as ``tower-9-NE``, ``garden-10``, ``fountain``.

        A code no game could hold is refused, naming the nearest real tiles: a price outside
        its building type's range (``tower-99``, ``garden-1``), four walls (``tower-9-NESW``).
        A tile that could exist but is not printed (``garden-10-NE``) is read, so lessons can
        stage one on purpose; with ``real=True`` only the game's own tiles are read: the 54
        buildings, the camps of expansion II and the fountain.
        """
        if not isinstance(code, str):
            raise TileError(_said("refusal.tile-code-kind", value=shown(code)))
        text = code.strip().lower()
        if text == "fountain":
            return FOUNTAIN
        match = _CODE.fullmatch(text) if len(text) <= _LONGEST_CODE else None
        if match is None:
            raise TileError(_said("refusal.tile-code", value=shown(_shown(code))))
        name, price, sides = match["name"], int(match["price"]), (match["sides"] or "").upper()
        if name != "camp" and name not in _BUILDING_NAMES:
            raise TileError(_unknown_building(name))
        tile = cls.camp(price, sides) if name == "camp" else cls(name, price, sides)
        if (real or not is_possible(tile)) and tile not in real_tiles():
            nearest = ", ".join(t.code for t in nearest_tiles(tile))
            raise TileError(_said("refusal.tile-unreal", value=shown(code.strip()), near=nearest))
        return tile

    def sort_key(self) -> tuple[int, int, int, int]:
        """A total order: fountain, buildings by type, price and walls, then camps."""
        family = (TileKind.FOUNTAIN, TileKind.BUILDING, TileKind.CAMP).index(self.kind)
        building = BUILDINGS.index(self.building) if self.building is not None else 0
        bastion_mask = sum(s.bit for s in self.bastions)
        return (family, building, self.price, self.wall_mask | bastion_mask << 4)

    def in_words(self, language: str) -> Noun:
        """The tile's name in ``language``: its building type's, or the fountain's or a
        camp's (a noun with its forms)."""
        key = f"building.{self.building.value}" if self.building else f"tile.{self.kind.value}"
        return Noun(key, language)

    def described(self, *, price: bool = True) -> TileWords:
        """The tile as a sentence names it apart from the others of its type: "the tower
        (price 9, walls north and east)"; without the ``price`` where the sentence already
        says where the tile stands. (Its :attr:`code` is what code reads and writes.)"""
        return TileWords(self, price)

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        if self.kind is TileKind.FOUNTAIN:
            return "FOUNTAIN"
        if self.is_camp:
            return f"Tile.camp({self.price}, bastions={_sides_code(self.bastions)!r})"
        walls = f", walls={_sides_code(self.walls)!r}" if self.walls else ""
        return f"Tile(Building.{self.building.name}, {self.price}{walls})"  # type: ignore[union-attr]

    def _repr_svg_(self) -> str:
        from ..render import tile_svg

        return tile_svg(self)

    def _repr_mimebundle_(self, include: object = None, exclude: object = None) -> dict[str, str]:
        # The picture also as HTML, whose <img> carries the picture's description as alt text
        # for nbconvert's HTML export (see render.mime); IPython applies include/exclude.
        from ..render.mime import picture_bundle

        return picture_bundle(self._repr_svg_())


class TileWords:
    """A tile to be named in a sentence with what tells it apart: its type, price and walls
    (a camp's bastions), in the learner's language; see :meth:`Tile.described`."""

    __slots__ = ("price", "tile")

    def __init__(self, tile: Tile, price: bool = True) -> None:
        self.tile = tile
        self.price = price

    def in_words(self, language: str) -> TileName:
        """The tile's name and details in ``language``, in the form a template asks for."""
        return TileName(self.tile, language, self.price)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, TileWords):
            return (self.tile, self.price) == (other.tile, other.price)
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.tile, self.price))

    def __repr__(self) -> str:
        return f"{self.tile!r}.described(price={self.price})"


class TileName:
    """A tile's name with its details, as a template writes it: ``{tile}`` or, where the
    language bends the noun, ``{tile:acc}`` (the details follow the noun unbent)."""

    __slots__ = ("language", "price", "tile")

    def __init__(self, tile: Tile, language: str, price: bool = True) -> None:
        self.tile = tile
        self.language = language
        self.price = price

    def __format__(self, form: str) -> str:
        tile = self.tile
        name = format(tile.in_words(self.language), form)
        if tile.is_fountain:
            return render("tile-words.fountain", {"name": name}, self.language)
        sides = [s for s in SIDES if s in (tile.bastions if tile.is_camp else tile.walls)]
        kind = "camp" if tile.is_camp else "walls" if sides else "plain"
        key = f"tile-words.{kind}" if self.price else f"tile-words.{kind}-short"
        words = {"name": name, "price": tile.price, "sides": sides, "count": len(sides)}
        return render(key, words, self.language)

    def __str__(self) -> str:
        return format(self, "")


_CODE = re.compile(r"(?P<name>[a-z]+)-(?P<price>[0-9]{1,3})(?:-(?P<sides>[nesw]{1,4}))?")
_MAX_PRICE = 999
"""The dearest price a tile code can write (three digits); real tiles cost at most 13."""
_LONGEST_CODE = 32
"""Longer texts are no tile code (read no further: a code of thousands of digits is no price)."""


def _shown(text: str) -> str:
    """A bad input as quoted back: cut short when it is long."""
    return text if len(text) <= _LONGEST_CODE else text[:_LONGEST_CODE] + "..."


def _edges(
    kind: TileKind, walls: frozenset[Side], bastions: frozenset[Side]
) -> tuple[Edge, Edge, Edge, Edge]:
    if kind is TileKind.CAMP:
        return tuple(Edge.BASTION if s in bastions else Edge.PLAIN for s in SIDES)  # type: ignore[return-value]
    return tuple(Edge.WALL if s in walls else Edge.OPEN for s in SIDES)  # type: ignore[return-value]


def building_counts(tiles: Iterable[Tile]) -> dict[Building, int]:
    """How many of ``tiles`` there are of each building type (fountain and camps aside)."""
    counts = dict.fromkeys(BUILDINGS, 0)
    for tile in tiles:
        if tile.building is not None:
            counts[tile.building] += 1
    return counts


FOUNTAIN: Tile = Tile(None)
"""The start tile: every Alhambra grows from one fountain at (0, 0)."""


def load_tiles(text: str | None = None) -> tuple[Tile, ...]:
    """The building tiles of a ``type,price,walls`` table (default: the 54 of the base game)."""
    if text is None:
        text = resources.files("alhambra_nb.data").joinpath("tiles.csv").read_text("utf-8")
    rows = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    reader = csv.DictReader(rows)
    return tuple(Tile(row["type"], int(row["price"]), row["walls"]) for row in reader)


TILES: tuple[Tile, ...] = load_tiles()
"""The 54 building tiles of the base game, in the order of the printed table."""

TILES_BY_CODE: dict[str, Tile] = {t.code: t for t in TILES}


_BUILDING_NAMES: tuple[str, ...] = tuple(b.value for b in BUILDINGS)


def _unknown_building(name: object) -> str:
    close = (
        difflib.get_close_matches(name, [*_BUILDING_NAMES, "camp"], n=1)
        if isinstance(name, str)
        else []
    )
    hint = _said("refusal.building-hint", close=repr(close[0])) if close else ""
    names = ", ".join(repr(n) for n in _BUILDING_NAMES)  # the words a tile code is written with
    return _said("refusal.building", value=shown(name), hint=hint, names=names)


def _said(key: str, **words: object) -> str:
    """A refusal's sentence from the catalogue (which reads tiles: imported when needed)."""
    return render(key, words)


# -- the camps of expansion II: tiles too, read from their own table -----------------------
@dataclass(frozen=True)
class CampRow:
    """One line of the camp table: the tile and where its values come from."""

    name: str
    tile: Tile
    source: str
    """``printed`` or ``reconstructed``."""


def load_camps(text: str | None = None) -> tuple[CampRow, ...]:
    """The camps of a ``name,price,bastions,source`` table (default: the shipped one)."""
    if text is None:
        text = resources.files("alhambra_nb.data").joinpath("camps.csv").read_text("utf-8")
    rows = [line for line in text.splitlines() if line.strip() and not line.startswith("#")]
    return tuple(
        CampRow(row["name"], Tile.camp(int(row["price"]), row["bastions"]), row["source"])
        for row in csv.DictReader(rows)
    )


CAMP_TABLE: tuple[CampRow, ...] = load_camps()
CAMPS: tuple[Tile, ...] = tuple(row.tile for row in CAMP_TABLE)
"""The 8 camp tiles (prices and bastions reconstructed; see ``data/camps.csv``)."""


@cache
def real_tiles() -> frozenset[Tile]:
    """The tiles of the game: the 54 buildings, the camps of expansion II and the fountain."""
    return frozenset((*TILES, *CAMPS, FOUNTAIN))


@cache
def _camp_prices() -> tuple[int, int]:
    prices = [t.price for t in real_tiles() if t.is_camp]
    return min(prices), max(prices)


def is_possible(tile: Tile) -> bool:
    """Whether some game could hold ``tile``: a building priced within its type's range with
    at most three walls (like every printed tile), a camp priced like the camps, or the
    fountain. Lessons stage such tiles even when none is printed exactly so."""
    if tile.is_fountain:
        return True
    if tile.is_camp:
        low, high = _camp_prices()
        return low <= tile.price <= high and len(tile.bastions) < len(SIDES)
    low, high = _PRICE_RANGES[tile.building]  # type: ignore[index]
    return low <= tile.price <= high and len(tile.walls) < len(SIDES)


_PRICE_RANGES: dict[Building, tuple[int, int]] = {
    building: (
        min(t.price for t in TILES if t.building is building),
        max(t.price for t in TILES if t.building is building),
    )
    for building in BUILDINGS
}


def nearest_tiles(tile: Tile, count: int = 3) -> list[Tile]:
    """The ``count`` real tiles most like ``tile``: same kind and type first, then the
    closest price, then the fewest sides that differ."""

    def distance(other: Tile) -> tuple[int, int, int, str]:
        sides = (tile.bastions ^ other.bastions) if tile.is_camp else (tile.walls ^ other.walls)
        return (
            int(other.kind is not tile.kind or other.building is not tile.building),
            abs(other.price - tile.price),
            len(sides),
            other.code,
        )

    return sorted(real_tiles(), key=distance)[:count]

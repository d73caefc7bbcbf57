from collections import Counter

import pytest

import alhambra_nb as alh
from alhambra_nb.core.tiles import load_tiles


def test_the_table_has_54_tiles_with_the_counts_and_prices_of_the_rules():
    counts = Counter(t.building for t in alh.TILES)
    assert len(alh.TILES) == 54
    expected = {"pavilion": (7, 2, 8), "seraglio": (7, 3, 9), "arcades": (9, 4, 10)}
    expected |= {"chambers": (9, 5, 11), "garden": (11, 6, 12), "tower": (11, 7, 13)}
    for name, (count, low, high) in expected.items():
        prices = [t.price for t in alh.TILES if t.building == name]
        assert (counts[alh.Building(name)], min(prices), max(prices)) == (count, low, high)


def test_walls_are_distributed_as_the_rules_say():
    by_walls = Counter(len(t.walls) for t in alh.TILES)
    assert by_walls == {0: 10, 1: 16, 2: 20, 3: 8}
    assert sum(len(t.walls) for t in alh.TILES) == 80
    for tile in alh.TILES:
        two = tile.walls
        if len(two) == 2:  # always a corner, never two opposite sides
            assert {s.opposite for s in two}.isdisjoint(two)


def test_every_tile_code_is_unique_and_parses_back():
    codes = [t.code for t in alh.TILES]
    assert len(set(codes)) == 54
    for tile in alh.TILES:
        assert alh.Tile.parse(tile.code) == tile
        assert eval(repr(tile), {"Tile": alh.Tile, "Building": alh.Building}) == tile


def test_tile_codes_read_well():
    assert str(alh.Tile(alh.Building.TOWER, 9, walls="EN")) == "tower-9-NE"
    assert str(alh.Tile(alh.Building.GARDEN, 10)) == "garden-10"
    assert str(alh.FOUNTAIN) == "fountain" and repr(alh.FOUNTAIN) == "FOUNTAIN"
    assert alh.Tile.parse(" Garden-10-nw ") == alh.Tile("garden", 10, [alh.Side.N, alh.Side.W])
    assert str(alh.Tile.camp(8, "NE")) == "camp-8-NE"


def test_tiles_are_immutable_and_hashable():
    tile = alh.TILES[0]
    with pytest.raises(AttributeError):
        tile.price = 3  # type: ignore[misc]
    assert len(set(alh.TILES)) == 54


@pytest.mark.parametrize(
    ("code", "fragment"),
    [
        ("castle-3-N", "unknown building 'castle'"),
        ("tower-9-X", "unknown tile code"),
        ("tower", "unknown tile code"),
        ("", "unknown tile code"),
    ],
)
def test_bad_tile_codes_are_refused_with_a_named_error(code, fragment):
    with pytest.raises(alh.TileError, match=fragment):
        alh.Tile.parse(code)


def test_bad_tile_fields_are_refused():
    with pytest.raises(alh.TileError, match="price"):
        alh.Tile(alh.Building.TOWER, -1)
    with pytest.raises(alh.TileError, match="walls"):
        alh.Tile(alh.Building.TOWER, 9, walls="NQ")
    with pytest.raises(alh.TileError, match="bastions"):
        alh.Tile(alh.Building.TOWER, 9, bastions="N")
    with pytest.raises(alh.TileError):
        alh.Tile.parse(9)  # type: ignore[arg-type]


def test_turning_a_tile_moves_its_walls_clockwise():
    tile = alh.Tile.parse("tower-9-NE")
    assert tile.rotated_edges(1) == (
        alh.core.Edge.OPEN,
        alh.core.Edge.WALL,
        alh.core.Edge.WALL,
        alh.core.Edge.OPEN,
    )
    assert tile.rotated_edges(4) == tile.edges


def test_a_custom_table_loads():
    tiles = load_tiles("type,price,walls\ngarden,6,NE\ntower,7,-\n")
    assert [t.code for t in tiles] == ["garden-6-NE", "tower-7"]

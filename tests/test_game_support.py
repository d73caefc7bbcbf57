"""Helpers for the game tests: staging positions and checking the invariants of a state.

Staging moves real cards and tiles from wherever they lie, so a staged state still holds
every card and tile exactly once and passes the same consistency checks as a played one.
"""

from __future__ import annotations

from collections import Counter

from alhambra_nb.core.money import SCORING_CARDS, money_cards
from alhambra_nb.core.state import GameState, check_consistency, tile_places
from alhambra_nb.core.tiles import TILES, Tile


def take_card(state: GameState, card_id: str) -> str:
    """Remove ``card_id`` from wherever it lies in ``state``."""
    spots = [p.money for p in state.players]
    spots += [state.display, state.deck, state.discard, state.revealed]
    for spot in spots:
        if card_id in spot:
            spot.remove(card_id)
            return card_id
    raise AssertionError(f"{card_id} is nowhere")


def give_cards(state: GameState, seat: int, *cards: str) -> None:
    for card_id in cards:
        state.players[seat].money.append(take_card(state, card_id))


def set_hand(state: GameState, seat: int, *cards: str) -> None:
    """Make ``cards`` the whole hand of ``seat`` (the old hand goes to the discard pile)."""
    player = state.players[seat]
    state.discard.extend(player.money)
    player.money.clear()
    give_cards(state, seat, *cards)


def set_display(state: GameState, *cards: str) -> None:
    state.discard.extend(state.display)
    state.display.clear()
    for card_id in cards:
        state.display.append(take_card(state, card_id))


def take_tile(state: GameState, code: str) -> Tile:
    """Remove the tile ``code`` from the bag, market or neutral player."""
    tile = Tile.parse(code)
    if tile in state.bag:
        state.bag.remove(tile)
    elif tile in state.market:
        state.market[state.market.index(tile)] = None
    elif state.neutral is not None and tile in state.neutral.tiles:
        state.neutral.tiles.remove(tile)
    else:
        raise AssertionError(f"{code} is not in the bag, market or with the neutral player")
    return tile


def set_market(state: GameState, space: int, code: str | None) -> None:
    """Put tile ``code`` on market ``space`` (the tile there goes back into the bag)."""
    old = state.market[space - 1]
    if old is not None:
        state.bag.append(old)
        state.market[space - 1] = None
    if code is not None:
        state.market[space - 1] = take_tile(state, code)


def build(state: GameState, seat: int, cell: tuple[int, int], code: str) -> None:
    """Build tile ``code`` (taken from the bag) in the city of ``seat``."""
    state.own_city(seat).place(take_tile(state, code), cell)


def check_invariants(state: GameState) -> None:
    """Every card and tile in exactly one place, legal cities, a sane turn marker."""
    n = len(state.players)
    places: Counter[str] = Counter()
    for spot in [*(p.money for p in state.players), state.display, state.deck, state.discard]:
        places.update(spot)
    places.update(state.revealed)
    expected = Counter(money_cards(n)) + Counter(SCORING_CARDS)
    assert places == expected, (places - expected, expected - places)
    assert sum(places.values()) == (72 if n == 2 else 108) + 2
    assert sum(1 for c in places if c.startswith("scoring")) == 2
    tiles = tile_places(state)
    assert tiles == Counter(TILES), (tiles - Counter(TILES), Counter(TILES) - tiles)
    assert sum(tiles.values()) == 54
    for player in state.players:
        assert player.city.validate() == [], player.city.to_text()
    assert len(state.display) <= 4
    check_consistency(state)

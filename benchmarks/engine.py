"""Speed of the rules engine on 200 seeded random cities of about 50 tiles.

Prints three figures, each the mean over the cities, starting every city from its text so that
nothing is cached between measurements:

1. the board's answers: legal_cells for each of the 13 wall patterns + removable_cells (for
   every tile, whether it may be taken out) + longest_wall (about 0.15 ms per city today);
2. check, with full explanations, of one tile at every candidate cell (about 0.34 ms today);
3. the first figure with the removals explained: check_removal of every tile in place of
   removable_cells (no target; what a view pays to explain every removal of a city at once).

Today's figures are floors to keep, not targets to chase: a change may make neither more than
5 % slower (measured beside the code before it, in turns, on one machine). Times are CPU time
of this process (time.process_time), so other work on the machine does not count. With
``--parts``, the first figure is also broken down into its parts.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import alhambra_nb as alh

CITIES = 200
SIZE = 50
REPEATS = 5
PATTERNS = sorted({t.wall_mask: t for t in alh.TILES}.values(), key=lambda t: t.wall_mask)


def analyse(city: alh.City) -> int:
    """The board's answers: where each pattern may go, which tiles may be taken out, the
    longest wall."""
    found = sum(len(city.legal_cells(tile)) for tile in PATTERNS)
    return found + len(city.removable_cells()) + city.longest_wall()


def analyse_explained(city: alh.City) -> int:
    """:func:`analyse` with every tile's removal explained."""
    found = sum(len(city.legal_cells(tile)) for tile in PATTERNS)
    found += sum(len(city.check_removal(cell)) for cell in list(city))
    return found + city.longest_wall()


def explain_everywhere(city: alh.City, tile: alh.Tile) -> int:
    return sum(len(city.check(tile, cell)) for cell in city.candidate_cells())


def per_city(texts: list[str], work) -> float:
    """The best of REPEATS mean times per city, in milliseconds."""
    rounds = []
    for _ in range(REPEATS):
        cities = [alh.City.from_text(text) for text in texts]
        start = time.process_time()
        for index, city in enumerate(cities):
            work(city, index)
        rounds.append((time.process_time() - start) / len(cities) * 1000)
    return min(rounds)


PARTS = {
    "building the layout": lambda city: city._facts(),
    "legal_cells x13": lambda city: [city.legal_cells(tile) for tile in PATTERNS],
    "removable_cells": lambda city: len(city.removable_cells()),
    "longest_wall": lambda city: city.longest_wall(),
    "(third figure) check_removal of every tile": lambda city: [
        city.check_removal(cell) for cell in list(city)
    ],
}
"""The parts of the first figure, each timed on its own with the layout built beforehand
(so together they come to about the first figure)."""


def parts(texts: list[str]) -> None:
    """Where the first figure's time goes: each part alone, in milliseconds per city."""
    for name, work in PARTS.items():
        rounds = []
        for _ in range(REPEATS):
            cities = [alh.City.from_text(text) for text in texts]
            if name != "building the layout":
                for city in cities:
                    city._facts()
            start = time.process_time()
            for city in cities:
                work(city)
            rounds.append((time.process_time() - start) / len(cities) * 1000)
        print(f"  {name}: {min(rounds):.3f} ms/city")


def main() -> None:
    detail = "--parts" in sys.argv[1:]
    texts = [alh.random_city(seed, SIZE).to_text() for seed in range(CITIES)]
    sizes = [len(alh.City.from_text(t)) - 1 for t in texts]
    print(f"{CITIES} cities, {statistics.mean(sizes):.1f} tiles on average, best of {REPEATS}")
    first = per_city(texts, lambda city, _: analyse(city))
    answers = "legal_cells x13 + removable_cells + longest_wall"
    print(f"{answers}: {first:.3f} ms/city (floor: about 0.15)")
    if detail:
        parts(texts)
    second = per_city(texts, lambda city, i: explain_everywhere(city, PATTERNS[i % len(PATTERNS)]))
    print(
        "check (full explanations) of one tile at every candidate cell: "
        f"{second:.3f} ms/city (floor: about 0.34)"
    )
    third = per_city(texts, lambda city, _: analyse_explained(city))
    print(
        "legal_cells x13 + check_removal of every tile + longest_wall: "
        f"{third:.3f} ms/city (no target)"
    )


if __name__ == "__main__":
    main()

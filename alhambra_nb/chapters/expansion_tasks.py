"""Tasks for the expansion II chapters (RULES.md §9), every answer checked by the engine.

A gate that lets a tile in is judged by ``City.check(..., gate=side)``; camp points by
``arrow_lines``; an auction by the game playing it (``Game.legal_actions``, ``Game.check``,
the log); which actions a character allows by ``Game.check`` on each of them. Nothing here
decides a rule: it compares the learner's answer with what the engine says.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from string import ascii_lowercase
from typing import Any, ClassVar

from ..core import City, Game, Tile, Violation, arrow_lines, as_tile, format_cell
from ..core.geometry import SIDES, Cell, Side, neighbour
from ..core.modules.characters import Bid
from .game_tasks import GameTask, _need_stage, _read_name
from .tasks import (
    AnswerError,
    Task,
    _messages,
    _need_city,
    around,
    read_cell,
    read_letters,
    reading_order,
)
from .verdict import Verdict, right, wrong

_SIDE_WORDS = {"N": "north", "E": "east", "S": "south", "W": "west"}
_CELL_AND_SIDE = re.compile(r"\s*(\(?\s*-?\d+\s*,\s*-?\d+\s*\)?)\s+(?:gate\s+)?([NESWnesw])\s*")


def _whole_number(answer: object) -> int:
    if not isinstance(answer, int) or isinstance(answer, bool):
        raise AnswerError(f"an answer here is a whole number, not {answer!r}")
    return answer


# -- city gates -------------------------------------------------------------------------------
def read_gated_cell(answer: object) -> tuple[Cell, Side | None]:
    """A cell, maybe with the side of its gate: ``(2, 0)``, ``"2,0 W"``, ``((2, 0), "W")``."""
    if isinstance(answer, str):
        found = _CELL_AND_SIDE.fullmatch(answer)
        if found:
            return read_cell(found[1]), Side.parse(found[2])
    if isinstance(answer, (tuple, list)) and len(answer) == 2 and isinstance(answer[1], str):
        try:
            return read_cell(answer[0]), Side.parse(answer[1])
        except ValueError:
            pass
    try:
        return read_cell(answer), None
    except AnswerError:
        raise AnswerError(
            f"an answer here is a cell such as (2, 0), or a cell and the gate's side such as "
            f"'2,0 W', not {answer!r}"
        ) from None


def _double_wall_sides(city: City, tile: Tile, cell: Cell) -> list[Side]:
    """The sides where ``tile`` at ``cell`` would meet a neighbour wall to wall: where a gate
    could stand (the engine still judges each one)."""
    return [
        side
        for side in SIDES
        if tile.has_wall(side)
        and (other := city.get(neighbour(cell, side))) is not None
        and other.has_wall(side.opposite)
    ]


@dataclass(frozen=True)
class GatePlaceTask(Task):
    """Name a cell where ``tile`` may be built only thanks to a gate (optionally with the
    gate's side); the engine judges the placement without and with each gate."""

    kind: ClassVar[str] = "place"
    tile: Tile
    prompt: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "tile", as_tile(self.tile))

    def _check(self, city: City | None, answer: object) -> Verdict:
        city = _need_city(city, "gate")
        cell, side = read_gated_cell(answer)
        where = f"the {self.tile.name} at {format_cell(cell)}"
        plain = city.check(self.tile, cell)
        if not plain:
            return wrong(
                f"{where.capitalize()} is legal without a gate: a gate there would spend a "
                "card and lock the two tiles for nothing. Look for a cell the pedestrian "
                "cannot reach without one.",
                cells=[cell],
            )
        sides = [side] if side is not None else _double_wall_sides(city, self.tile, cell)
        for gate in sides:
            with_gate = city.check(self.tile, cell, gate=gate)
            if not with_gate:
                edge = [(cell, gate)]
                return right(
                    f"Yes. Without a gate, the engine says: {_messages(plain)} With a gate on its "
                    f"{_SIDE_WORDS[gate.name]} side, {where} breaks no rule: the gate opens "
                    "the double wall for the pedestrian.",
                    cells=[cell],
                    edges=edge,
                )
        if side is not None:
            found = city.check(self.tile, cell, gate=side)
            return wrong(
                f"A gate on the {_SIDE_WORDS[side.name]} side does not make {where} legal. "
                f"{_messages(found)}",
                found,
            )
        return wrong(
            f"No gate helps {where}: there is no double wall a gate would open that makes "
            f"it legal. {_messages(plain)}",
            plain,
        )

    def solutions(self, city: City | None) -> list[Cell]:
        """The cells (a gate's side may be added to an answer, but is not needed)."""
        return [cell for cell, _ in self.gated(_need_city(city, "gate"))]

    def gated(self, city: City) -> list[tuple[Cell, Side]]:
        """Each cell legal only with a gate, with a side the gate may go on."""
        found = []
        for cell in around(city):
            if cell in city or not city.check(self.tile, cell):
                continue
            sides = [
                side
                for side in _double_wall_sides(city, self.tile, cell)
                if not city.check(self.tile, cell, gate=side)
            ]
            if sides:
                found.append((cell, sides[0]))
        return found

    def _fields(self) -> dict[str, Any]:
        return {"tile": self.tile.code, "rotation": 0, "breaks": [], "variant": None}


# -- camps ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CampPointsTask(Task):
    """Say how many points the camps of the staged Alhambra score at a scoring."""

    kind: ClassVar[str] = "number"
    prompt: str

    def _check(self, city: City | None, answer: object) -> Verdict:
        city = _need_city(city, "camp points")
        given = _whole_number(answer)
        lines = arrow_lines(city.tiles())
        total = sum(line.points for line in lines)
        story = " ".join(_line_text(city, line) for line in lines)
        scored = reading_order({c for line in lines for c in line.cells})
        if given == total:
            return right(f"Yes, {total}. {story}", cells=scored)
        return wrong(f"Not {given}: the camps score {total}. {story}", cells=scored)

    def solutions(self, city: City | None) -> list[int]:
        city = _need_city(city, "camp points")
        return [sum(line.points for line in arrow_lines(city.tiles()))]


def _line_text(city: City, line: Any) -> str:
    start = f"The {_SIDE_WORDS[line.side.name]} arrow of the camp at {format_cell(line.camp)}"
    if not line.cells:
        return f"{start} points at no tile: 0."
    end = neighbour(line.cells[-1], line.side)
    stop = "a camp" if end in city else "an empty cell"
    points = f"{line.points} point{'s' if line.points != 1 else ''}"
    return (
        f"{start} runs over {len(line.cells)} tiles up to {stop} at {format_cell(end)}: {points}."
    )


# -- characters -------------------------------------------------------------------------------
@dataclass(frozen=True)
class HighestBidTask(GameTask):
    """The highest bid the player to act may make in the staged auction (the engine lists
    the bids it allows; a higher one is refused with its reason)."""

    kind: ClassVar[str] = "number"
    prompt: str

    def _highest(self, game: Game) -> int:
        bids = [a.amount for a in game.legal_actions() if isinstance(a, Bid)]
        if not bids:
            raise AnswerError("nobody is bidding here")
        return max(bids)

    def _check(self, stage: Any, answer: object) -> Verdict:
        game = _need_stage(stage).game()
        given = _whole_number(answer)
        best = self._highest(game)
        name = game.players[game.state.current].name
        refused = game.check(f"bid {best + 1}")
        if given == best:
            return right(f"Yes, {best}. {_messages(refused)}", refused)
        if given > best:
            found = game.check(f"bid {given}")
            return wrong(f"Not {given}. {_messages(found)}", found)
        return wrong(f"{name} may bid more than {given}: up to {best}. {_messages(refused)}")

    def solutions(self, stage: Any) -> list[int]:
        return [self._highest(_need_stage(stage).game())]


@dataclass(frozen=True)
class AuctionWinnerTask(GameTask):
    """Who wins the staged auction once the bids ``then`` are made (the engine plays them,
    passes for whoever cannot top the highest bid, and says who pays)."""

    kind: ClassVar[str] = "player"
    prompt: str
    then: tuple[str, ...] = ()

    def _auction(self, stage: Any) -> tuple[str, str, list[str]]:
        game = _need_stage(stage).game()
        before = len(game.log)
        for action in self.then:
            game.apply(action)
        auction = game.state.extra["characters"]["auction"]
        if auction is None or not auction["paying"]:
            raise AnswerError("the auction is not decided by these bids")
        winner = game.players[auction["leader"]].name
        return winner, " ".join(game.log[before:]), [p.name for p in game.players]

    def _check(self, stage: Any, answer: object) -> Verdict:
        winner, story, names = self._auction(stage)
        picked = _read_name(answer, names)
        if picked == winner:
            return right(f"Yes. {story}")
        return wrong(f"Not {picked}. {story}")

    def solutions(self, stage: Any) -> list[str]:
        return [self._auction(stage)[0]]

    def _fields(self) -> dict[str, Any]:
        return {"answer": "player"}


@dataclass(frozen=True)
class AllowedActionsTask(GameTask):
    """Which of these actions the engine allows now, in the staged game (a quiz whose right
    options and explanations come from ``Game.check``). ``options`` pairs each action, in
    the action notation, with the words a learner reads."""

    kind: ClassVar[str] = "quiz"
    prompt: str
    options: tuple[tuple[str, str], ...]

    def _verdicts(self, stage: Any) -> list[list[Violation]]:
        game = _need_stage(stage).game()
        return [game.check(action) for action, _ in self.options]

    def _check(self, stage: Any, answer: object) -> Verdict:
        verdicts = self._verdicts(stage)
        picked = read_letters(answer, len(self.options), none_allowed=True)
        allowed = {ascii_lowercase[i] for i, found in enumerate(verdicts) if not found}
        notes = [self._note(i, found) for i, found in enumerate(verdicts)]
        refused = [v for found in verdicts for v in found]
        if picked == allowed:
            return right("Yes. " + " ".join(notes), refused)
        off = ", ".join(f"({ch})" for ch in sorted(picked ^ allowed))
        return wrong(f"Not quite: look again at {off}. " + " ".join(notes), refused)

    def _note(self, index: int, found: list[Violation]) -> str:
        letter, words = ascii_lowercase[index], self.options[index][1]
        if not found:
            return f"({letter}) {words}: allowed."
        return f"({letter}) {words}: refused. {_messages(found)}"

    def solutions(self, stage: Any) -> list[str]:
        verdicts = self._verdicts(stage)
        return ["".join(ascii_lowercase[i] for i, found in enumerate(verdicts) if not found)]

    def choices(self) -> str:
        """The options as lines ``a) …``."""
        return "\n".join(f"{ascii_lowercase[i]}) {w}" for i, (_, w) in enumerate(self.options))

    @property
    def multiple(self) -> bool:
        return True

    def _fields(self) -> dict[str, Any]:
        return {"options": [words for _, words in self.options], "multiple": True}


__all__ = [
    "AllowedActionsTask",
    "AuctionWinnerTask",
    "CampPointsTask",
    "GatePlaceTask",
    "HighestBidTask",
    "read_gated_cell",
]

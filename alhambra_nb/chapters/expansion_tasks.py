"""Tasks for the expansion II chapters (RULES.md §9), every answer checked by the engine.

A gate that lets a tile in is judged by ``City.check(..., gate=side)``; camp points by
``arrow_lines``; an auction by the game playing it (``Game.check``, the log, and the auction
as the characters module shows it: its ``view()``); which actions a character allows by
``Game.check`` on each of them. Nothing here decides a rule: it compares the learner's answer
with what the engine says.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from string import ascii_lowercase
from typing import Any, ClassVar

from ..core import City, Game, Tile, Violation, arrow_lines, as_tile
from ..core.geometry import SIDES, Cell, Side, neighbour
from ..core.messages import Phrase, add_messages, shown
from ..core.views import Auction, module_views
from .game_tasks import GameTask, need_stage, read_name, told
from .tasks import (
    AnswerError,
    Task,
    capitalised,
    lettered,
    read_cell,
    read_letters,
    read_number,
    reading_order,
)
from .verdict import Verdict, Voice, right, wrong

add_messages(
    {
        "task.gate.needless": (
            "{where} is legal without a gate: a gate there would spend a card and lock the two "
            "tiles for nothing. Look for a cell the pedestrian cannot reach without one."
        ),
        "task.gate.right": (
            "Yes. Without a gate, the engine says: {reasons} With a gate on its {side} side, "
            "{where} breaks no rule: the gate opens the double wall for the pedestrian."
        ),
        "task.gate.wrong-side": (
            "A gate on the {side} side does not make {where} legal. {reasons}"
        ),
        "task.gate.no-help": (
            "No gate helps {where}: there is no double wall a gate would open that makes it "
            "legal. {reasons}"
        ),
        "task.camps.right": "Yes, {points}. {story}",
        "task.camps.too-many": "Not {answer}: that is too many. {hint}",
        "task.camps.too-few": "Not {answer}: that is too few. {hint}",
        "task.camps.hint": (
            "Hint: follow each arrow from its bastion straight into the Alhambra. Every tile of "
            "the unbroken line scores 1 (the fountain too); the line ends at the first empty "
            "cell or camp, and an arrow that points at no tile scores nothing."
        ),
        "task.camps.line.none": "The {side} arrow of the camp at {camp} points at no tile: 0.",
        "task.camps.line": (
            "The {side} arrow of the camp at {camp} runs over {tiles} up to {stop} at "
            "{end}: {points}."
        ),
        "task.camps.stop.camp": "a camp",
        "task.camps.stop.empty": "an empty cell",
        "task.camps.points-count": ("{count} point", "{count} points"),
        "task.camps.tiles-count": ("{count} tile", "{count} tiles"),
        "task.bid.right": "Yes, {bid}. {reasons}",
        "task.bid.too-high": "{name} cannot pay {bid}. {hint}",
        "task.bid.too-low": "{name} may bid more than {bid}. {hint}",
        "task.bid.hint": (
            "A bid is only what the bidder can pay in one currency alone, or in diamonds "
            "alone: add up the cards currency by currency."
        ),
        "task.auction.right": "Yes. {story}",
        "task.auction.cannot": (
            "{player} can pay at most {most} in one currency (or in diamonds), which does not "
            "top the highest bid of {high}, so {player} passes."
        ),
        "task.auction.wrong": (
            "Not {picked}. {about}Hint: the highest bid wins, and a player can bid only what "
            "they can pay in one currency alone, or in diamonds alone."
        ),
        "task.allowed.right": "Yes. {notes}",
        "task.allowed.wrong": "Not quite. {notes}",
        "task.allowed.allowed": "({letter}) {words}: allowed.",
        "task.allowed.refused": "({letter}) {words}: refused. {reasons}",
        "task.allowed.left-out": (
            "One option the engine allows is not among your choices.",
            "{count} options the engine allows are not among your choices.",
        ),
        # what an answer that cannot be read is told: the end of "Sorry, I cannot read that: …"
        "task.answer.gated-cell": (
            "an answer here is a cell such as (2, 0), or a cell and the gate's side such as "
            "'2,0 W', not {value}"
        ),
        "task.answer.no-bidding": "nobody is bidding here",
        "task.answer.undecided": "the auction is not decided by these bids",
    }
)
"""The words of the expansion tasks' feedback."""
_CELL_AND_SIDE = re.compile(r"\s*(\(?\s*-?\d+\s*,\s*-?\d+\s*\)?)\s+(?:gate\s+)?([NESWnesw])\s*")


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
        raise AnswerError("task.answer.gated-cell", value=shown(answer)) from None


def _need_city(city: City | None) -> City:
    if city is None:
        raise AnswerError("task.answer.no-city")
    return city


@dataclass(frozen=True)
class GatePlaceTask(Task):
    """Name a cell where ``tile`` may be built only thanks to a gate (optionally with the
    gate's side); the engine judges the placement without and with each gate."""

    kind: ClassVar[str] = "place"
    example: ClassVar[str] = "'1,2 S'"
    tile: Tile
    prompt: str

    def __post_init__(self) -> None:
        object.__setattr__(self, "tile", as_tile(self.tile))

    def _check(self, city: City | None, answer: object, voice: Voice) -> Verdict:
        city = _need_city(city)
        cell, side = read_gated_cell(answer)
        where = voice.say("tile-at", tile=self.tile, cell=cell)
        plain = city.check(self.tile, cell)
        if not plain:
            return wrong(voice.say("task.gate.needless", where=capitalised(where)), cells=[cell])
        sides = [side] if side is not None else SIDES
        for gate in sides:
            with_gate = city.check(self.tile, cell, gate=gate)
            if not with_gate:
                edge = [(cell, gate)]
                reasons = voice.reasons(plain)
                said = voice.say("task.gate.right", reasons=reasons, side=gate, where=where)
                return right(said, cells=[cell], edges=edge)
        if side is not None:
            found = city.check(self.tile, cell, gate=side)
            reasons = voice.reasons(found)
            said = voice.say("task.gate.wrong-side", side=side, where=where, reasons=reasons)
            return wrong(said, found)
        said = voice.say("task.gate.no-help", where=where, reasons=voice.reasons(plain))
        return wrong(said, plain)

    def solutions(self, city: City | None) -> list[Cell]:
        """The cells (a gate's side may be added to an answer, but is not needed)."""
        return [cell for cell, _ in self.gated(_need_city(city))]

    def gated(self, city: City) -> list[tuple[Cell, Side]]:
        """Each cell legal only with a gate, with the first side the gate may go on."""
        found: dict[Cell, Side] = {}
        for cell, side in city.gate_openings(self.tile):
            found.setdefault(cell, side)
        return list(found.items())

    def _fields(self) -> dict[str, Any]:
        return {"tile": self.tile.code, "rotation": 0, "breaks": [], "variant": None}


# -- camps ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class CampPointsTask(Task):
    """Say how many points the camps of the staged Alhambra score at a scoring."""

    kind: ClassVar[str] = "number"
    example: ClassVar[str] = "7"
    prompt: str

    def _check(self, city: City | None, answer: object, voice: Voice) -> Verdict:
        city = _need_city(city)
        given = read_number(answer)
        lines = arrow_lines(city.tiles())
        total = sum(line.points for line in lines)
        story = voice.sentences(_line_text(city, line, voice) for line in lines)
        if given == total:
            scored = reading_order({c for line in lines for c in line.cells})
            return right(voice.say("task.camps.right", points=total, story=story), cells=scored)
        # The camps are marked, not the tiles they score: those are what the learner counts.
        camps = reading_order({line.camp for line in lines})
        key = "task.camps.too-many" if given > total else "task.camps.too-few"
        return wrong(voice.say(key, answer=given, hint=voice.say("task.camps.hint")), cells=camps)

    def solutions(self, city: City | None) -> list[int]:
        city = _need_city(city)
        return [sum(line.points for line in arrow_lines(city.tiles()))]


def _line_text(city: City, line: Any, voice: Voice) -> str:
    if not line.cells:
        return voice.say("task.camps.line.none", side=line.side, camp=line.camp)
    end = neighbour(line.cells[-1], line.side)
    return voice.say(
        "task.camps.line",
        side=line.side,
        camp=line.camp,
        tiles=Phrase("task.camps.tiles-count", count=len(line.cells)),
        stop=Phrase("task.camps.stop.camp" if end in city else "task.camps.stop.empty"),
        end=end,
        points=Phrase("task.camps.points-count", count=line.points),
    )


# -- characters -------------------------------------------------------------------------------
def auction_of(game: Game) -> Auction | None:
    """The running auction, as the modules show it (``None``: none runs)."""
    return next((view.auction for view in module_views(game.state) if view.auction), None)


@dataclass(frozen=True)
class HighestBidTask(GameTask):
    """The highest bid the player to act may make in the staged auction (the engine lists
    the bids it allows; a higher one is refused with its reason)."""

    kind: ClassVar[str] = "number"
    example: ClassVar[str] = "7"
    prompt: str

    def _highest(self, game: Game) -> int:
        auction = auction_of(game)
        if auction is None or not auction.bids:
            raise AnswerError("task.answer.no-bidding")
        return max(auction.bids)

    def _check(self, stage: Any, answer: object, voice: Voice) -> Verdict:
        game = need_stage(stage).game()
        given = read_number(answer)
        best = self._highest(game)
        name = game.players[game.state.current].name
        refused = game.check(f"bid {best + 1}")  # the action notation, not words
        if given == best:
            said = voice.say("task.bid.right", bid=best, reasons=voice.reasons(refused))
            return right(said, refused)
        # The engine's refusal names the highest bid, so a wrong answer gets a hint instead.
        key = "task.bid.too-high" if given > best else "task.bid.too-low"
        return wrong(voice.say(key, name=name, bid=given, hint=voice.say("task.bid.hint")))

    def solutions(self, stage: Any) -> list[int]:
        return [self._highest(need_stage(stage).game())]


@dataclass(frozen=True)
class AuctionWinnerTask(GameTask):
    """Who wins the staged auction once the bids ``then`` are made (the engine plays them,
    passes for whoever cannot top the highest bid, and says who pays)."""

    kind: ClassVar[str] = "player"
    prompt: str
    then: tuple[str, ...] = ()

    def _auction(self, stage: Any) -> tuple[str, Game, int]:
        """The winner, the game once the bids are made, and where the bids start in its
        events."""
        game = need_stage(stage).game()
        before = len(game.events)
        for action in self.then:
            game.apply(action)
        auction = auction_of(game)
        if auction is None or not auction.paying or auction.leader is None:
            raise AnswerError("task.answer.undecided")
        return game.players[auction.leader].name, game, before

    def _check(self, stage: Any, answer: object, voice: Voice) -> Verdict:
        winner, game, before = self._auction(stage)
        story = game.events[before:]
        picked = read_name(answer, [p.name for p in game.players])
        if picked == winner:
            said = voice.sentences(self._about(game, event, voice) for event in story)
            return right(voice.say("task.auction.right", story=said))
        # What the auction says about the player picked, not who won it.
        about = "".join(
            voice.sentences([self._about(game, event, voice), ""])  # the hint follows
            for event in story
            if event.params.get("player") == picked
        )
        return wrong(voice.say("task.auction.wrong", picked=picked, about=about))

    @staticmethod
    def _about(game: Game, event: Any, voice: Voice) -> str:
        """An event of the auction as said to a learner; a pass for want of money says how
        much the player could pay (the engine's own figure), not only the bid to top."""
        if event.key != "event.auction-cannot":
            return told([event], voice)[0]
        name = event.params["player"]
        seat = next(s for s, p in enumerate(game.players) if p.name == name)
        auction = auction_of(game)
        most = auction.most[seat] if auction is not None else 0
        high = event.params["high"]
        return voice.say("task.auction.cannot", player=name, most=most, high=high)

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
    example: ClassVar[str] = "'a'"
    prompt: str
    options: tuple[tuple[str, str], ...]

    def _verdicts(self, stage: Any) -> list[list[Violation]]:
        game = need_stage(stage).game()
        return [game.check(action) for action, _ in self.options]

    def _check(self, stage: Any, answer: object, voice: Voice) -> Verdict:
        verdicts = self._verdicts(stage)
        picked = read_letters(answer, len(self.options), none_allowed=True)
        allowed = {ascii_lowercase[i] for i, found in enumerate(verdicts) if not found}
        notes = [self._note(i, found, voice) for i, found in enumerate(verdicts)]
        refused = [v for found in verdicts for v in found]
        if picked == allowed:
            return right(voice.say("task.allowed.right", notes=voice.sentences(notes)), refused)
        # Say why each wrongly picked option is refused, and only how many allowed ones were
        # left out: naming them would give the answer away.
        wrongly = [ascii_lowercase.index(ch) for ch in sorted(picked - allowed)]
        said = [self._note(i, verdicts[i], voice) for i in wrongly]
        left_out = len(allowed - picked)
        if left_out:
            said.append(voice.say("task.allowed.left-out", count=left_out))
        marked = [v for i in wrongly for v in verdicts[i]]
        return wrong(voice.say("task.allowed.wrong", notes=voice.sentences(said)), marked)

    def _note(self, index: int, found: list[Violation], voice: Voice) -> str:
        letter = ascii_lowercase[index]
        words = self.option_texts(voice)[index]
        if not found:
            return voice.say("task.allowed.allowed", letter=letter, words=words)
        reasons = voice.reasons(found)
        return voice.say("task.allowed.refused", letter=letter, words=words, reasons=reasons)

    def solutions(self, stage: Any) -> list[str]:
        verdicts = self._verdicts(stage)
        return ["".join(ascii_lowercase[i] for i, found in enumerate(verdicts) if not found)]

    def option_texts(self, voice: Voice) -> list[str]:
        """The options' words (not their actions) in the voice's language."""
        letters = ascii_lowercase[: len(self.options)]
        return [
            voice.own(f"option.{ch}", words)
            for ch, (_, words) in zip(letters, self.options, strict=True)
        ]

    def choices(self, language: str | None = None, step: str | None = None) -> str:
        """The options as lines ``a) …``, in ``language`` (the session's for ``None``)."""
        return lettered(self.option_texts(self.voice(language, step)))

    @property
    def multiple(self) -> bool:
        return True

    def _fields(self) -> dict[str, Any]:
        return {"multiple": True}

    def _said(self, voice: Voice) -> dict[str, Any]:
        return {"options": self.option_texts(voice)}


__all__ = [
    "AllowedActionsTask",
    "AuctionWinnerTask",
    "CampPointsTask",
    "GatePlaceTask",
    "HighestBidTask",
    "read_gated_cell",
]

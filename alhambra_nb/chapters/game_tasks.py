"""Tasks set in a staged game, checked by the game engine itself.

Each task gets the step's :class:`~.stage.GameStage`, builds a fresh game from it and asks the
engine: ``Game.check`` for whether an action is legal (and, when it is not, the violations
that explain why), ``Game.apply`` for what follows, the log and the scorings for what
happened. Nothing here decides a rule; it only compares the learner's answer with the engine.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core import (
    Buy,
    Currency,
    Game,
    PlaceTile,
    TakeMoney,
    Violation,
    card,
    format_cell,
)
from ..core.messages import add_messages, render
from ..core.money import MoneyCard, is_exact_payment
from .stage import GameStage
from .tasks import AnswerError, Task, read_cell, read_number, read_points
from .verdict import Verdict, right, wrong

add_messages(
    {
        "task.start.right": "Yes. {reason}",
        "task.start.wrong": (
            "Not {picked}. {dealt} Count each player's cards first: the fewest cards starts; "
            "between players with as few cards, the lowest total; if that is a tie too, the "
            "first in seat order (in this game the last tie goes by seat, not age)."
        ),
        "task.takes.right": "Yes: {takes}. Each of them leaves no card that could be added.",
        "task.takes.refused": "{take} is not allowed: {reasons}",
        "task.takes.smaller": (
            "{take} is allowed, but another card of the display could be taken with it."
        ),
        "task.takes.missed": (
            "{count} to which no card could be added {are} missing. Hint: several cards may "
            "be taken together while they total at most 5, and a single card of any value may "
            "always be taken."
        ),
        "task.takes.alone": "the {value} alone",
        "task.takes.together": "the {values} together ({sum_of} = {total})",
        "task.payment.refused": "That payment is refused. {reasons}",
        "task.payment.right": "Yes. {said}",
        "task.payment.not-exact": "That buys it, but: {said} Pay the price exactly to act again.",
        "task.actions.right": "Yes, {count}. {story}",
        "task.actions.refused": "Another action is refused: {reasons}",
        "task.actions.too-many": "Not {answer}: that is too many. {hint}",
        "task.actions.too-few": "Not {answer}: that is too few. {hint}",
        "task.actions.hint": (
            "Hint: a turn has one action, and each exact payment (no change) grants one more; "
            "taking money is never exact."
        ),
        "task.bought.right": "Yes: {where} is legal. {said}",
        "task.bought.wrong": "{where} is not legal. {reasons}",
        "task.points.right": "Yes. {explanation}",
        "task.points.wrong": "Not quite: {players}. {hint}",
        "task.points.too-high": "{player}'s {points} is too high",
        "task.points.too-low": "{player}'s {points} is too low",
        "task.points.hint": (
            "Hint: take the building types one at a time. The player with the most buildings "
            "of a type takes the first place's points; the second place scores from the second "
            "scoring on, the third only at the third. Tied players add up the points of their "
            "places and share them, rounded down. Then add each player's longest outer wall "
            "(a neutral player has none), and last what any character cards add."
        ),
        "task.receivers.right": "Yes. {story}",
        "task.receivers.wrong": (
            "Not quite: look again at {spaces}. Hint: for each space, add up only the cards of "
            "that space's currency in each hand (diamonds are no currency of the market); the "
            "player holding the most receives the building, and on a tie nobody does."
        ),
        "task.receivers.space": "space {space}",
    }
)
"""The words of the game tasks' feedback."""


def say(key: str, **params: Any) -> str:
    """A sentence of the catalogue, filled with ``params``."""
    return render(key, params)


def reasons_text(violations: Iterable[Violation]) -> str:
    """The engine's explanations of ``violations``, one sentence after the other."""
    return " ".join(v.message for v in violations)


def capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def need_stage(stage: object) -> GameStage:
    """``stage`` as a :class:`GameStage`, for a task that can only be asked in a staged game."""
    if not isinstance(stage, GameStage):
        raise AnswerError("this task needs a staged game")
    return stage


class GameTask(Task):
    """A task answered in a staged game: ``check(stage, answer)``."""

    example: ClassVar[str] = "'Ana'"

    needs_game: ClassVar[bool] = True


def _values_text(values: Iterable[int]) -> str:
    return " + ".join(str(v) for v in sorted(values)) or "nothing"


def _money_word(c: MoneyCard) -> str:
    """A card as a payment answer writes it: ``'denar 4'`` (``'diamond 5'``, expansion II)."""
    return f"{c.currency.value if c.currency is not None else 'diamond'} {c.value}"


# -- setup ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class StartPlayerTask(GameTask):
    """Say who starts the staged game (fewest cards, lowest total, then ruling R2)."""

    kind: ClassVar[str] = "player"
    prompt: str

    def _check(self, stage: Any, answer: object) -> Verdict:
        game = need_stage(stage).game()
        names = [p.name for p in game.players]
        picked = read_name(answer, names)
        starter = names[game.state.current]
        dealt = " ".join(e.sentence() for e in game.events if e.key == "event.money")
        reason = next(e.sentence() for e in game.events if e.key == "event.start")
        if picked == starter:
            return right(say("task.start.right", reason=reason))
        return wrong(say("task.start.wrong", picked=picked, dealt=dealt))

    def solutions(self, stage: Any) -> list[str]:
        game = need_stage(stage).game()
        return [game.players[game.state.current].name]

    def _fields(self) -> dict[str, Any]:
        return {"answer": "player"}


def read_name(answer: object, names: list[str], extra: tuple[str, ...] = ()) -> str:
    """The name among ``names`` (or ``extra``) that ``answer`` spells, in any case."""
    if isinstance(answer, str):
        for name in (*names, *extra):
            if answer.strip().lower() == name.lower():
                return name
    raise AnswerError(f"an answer here is one of {', '.join((*names, *extra))}, not {answer!r}")


# -- taking money ---------------------------------------------------------------------------
@dataclass(frozen=True)
class TakeMoneyTask(GameTask):
    """Name every take from the display to which no further card could be added.

    The answer is a list of takes, each a set of card values (``[{2, 3}, {7}]``) or card ids.
    The legal takes are the engine's ``legal_actions``; a take that is not legal is explained
    by the engine's violations.
    """

    kind: ClassVar[str] = "takes"
    example: ClassVar[str] = "[{1, 4}, {6}]"
    prompt: str

    def _check(self, stage: Any, answer: object) -> Verdict:
        game = need_stage(stage).game()
        display = game.money_display
        given = _read_takes(answer, display)
        best = _fullest_takes(game)
        if set(given) == set(best):
            takes = "; ".join(_take_text(t) for t in _ordered(best))
            return right(say("task.takes.right", takes=takes))
        notes: list[str] = []
        found: list[Violation] = []
        legal = _legal_takes(game)
        for take in _ordered(set(given) - set(best)):
            if take not in legal:
                reasons = game.check(TakeMoney(tuple(c.id for c in take)))
                found += reasons
                notes.append(
                    say("task.takes.refused", take=_take_text(take), reasons=reasons_text(reasons))
                )
            else:
                notes.append(say("task.takes.smaller", take=_take_text(take)))
        missing = len(set(best) - set(given))
        if missing:
            count = _count_text(missing, "take")
            notes.append(say("task.takes.missed", count=count, are=_is_are(missing)))
        return wrong(" ".join(capitalised(note) for note in notes), found)

    def solutions(self, stage: Any) -> list[list[set[int]]]:
        game = need_stage(stage).game()
        return [[{c.value for c in take} for take in _ordered(_fullest_takes(game))]]

    def _fields(self) -> dict[str, Any]:
        return {"answer": "takes"}


Take = frozenset[MoneyCard]


def _legal_takes(game: Game) -> set[Take]:
    return {
        frozenset(card(c) for c in a.cards)  # type: ignore[misc]
        for a in game.legal_actions()
        if isinstance(a, TakeMoney)
    }


def _fullest_takes(game: Game) -> set[Take]:
    """The legal takes that no other legal take contains."""
    legal = _legal_takes(game)
    return {t for t in legal if not any(t < other for other in legal)}


def _ordered(takes: Iterable[Take]) -> list[Take]:
    return sorted(takes, key=lambda t: (min(c.value for c in t), len(t)))


def _take_text(take: Take) -> str:
    cards = sorted(take, key=lambda c: c.value)
    if len(cards) == 1:
        return say("task.takes.alone", value=cards[0].value)
    values = " and the ".join(str(c.value) for c in cards)
    sum_of = _values_text(c.value for c in cards)
    return say("task.takes.together", values=values, sum_of=sum_of, total=_sum(cards))


def _count_text(count: int, noun: str) -> str:
    words = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five"}
    return f"{words.get(count, str(count))} {noun}{'' if count == 1 else 's'}"


def _is_are(count: int) -> str:
    return "is" if count == 1 else "are"


def _sum(cards: Iterable[MoneyCard]) -> int:
    return sum(c.value for c in cards)


def _read_takes(answer: object, display: tuple[MoneyCard, ...]) -> list[Take]:
    if isinstance(answer, (str, bytes)) or not isinstance(answer, Iterable):
        raise AnswerError(
            f"an answer here is a list of takes such as [{{2, 3}}, {{7}}], not {answer!r}"
        )
    takes = []
    for item in answer:
        values = [item] if isinstance(item, (int, str)) else item
        if isinstance(values, Iterable):
            takes.append(_read_take(list(values), display))
        else:
            raise AnswerError(f"a take is a set of card values such as {{2, 3}}, not {item!r}")
    return takes


def _read_take(values: list[object], display: tuple[MoneyCard, ...]) -> Take:
    chosen: list[MoneyCard] = []
    for value in values:
        match = [
            c
            for c in display
            if c not in chosen and (c.value == value or c.id == value or str(c.value) == value)
        ]
        if isinstance(value, bool) or not match:
            shown = ", ".join(str(c.value) for c in display)
            raise AnswerError(f"the display shows {shown}: there is no card {value!r} to take")
        chosen.append(match[0])
    if not chosen:
        raise AnswerError("a take holds at least one card")
    return frozenset(chosen)


# -- buying ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class PaymentTask(GameTask):
    """Pay for the building on market ``space`` so that you may take another action.

    The answer is the cards to pay with: ``["denar 4", "denar 6"]`` or card ids. The engine
    checks the payment (``Game.check``); a legal payment is then made (``Game.apply``) and the
    game says whether it was exact and another action follows.
    """

    kind: ClassVar[str] = "payment"
    example: ClassVar[str] = "['denar 4', 'denar 2']"
    space: int
    prompt: str

    def _check(self, stage: Any, answer: object) -> Verdict:
        game = need_stage(stage).game()
        cards = _read_payment(answer, game)
        action = Buy(self.space, tuple(c.id for c in cards))
        reasons = game.check(action)
        if reasons:
            return wrong(say("task.payment.refused", reasons=reasons_text(reasons)), reasons)
        game.apply(action)
        said = game.log[-1]
        if game.state.may_act:
            return right(say("task.payment.right", said=said))
        return wrong(say("task.payment.not-exact", said=said))

    def solutions(self, stage: Any) -> list[list[str]]:
        game = need_stage(stage).game()
        tile = game.market[self.space - 1].tile
        assert tile is not None
        return [
            [_money_word(card(c)) for c in a.cards]  # type: ignore[arg-type]
            for a in game.legal_actions()
            if isinstance(a, Buy)
            and a.space == self.space
            and is_exact_payment(a.cards, tile.price)  # type: ignore[union-attr]
        ]

    def _fields(self) -> dict[str, Any]:
        return {"answer": "cards", "space": self.space}


def _read_payment(answer: object, game: Game) -> list[MoneyCard]:
    if isinstance(answer, str):
        answer = [part for part in answer.replace(" and ", ",").split(",") if part.strip()]
    if not isinstance(answer, Iterable):
        raise AnswerError(
            f"an answer here lists cards such as ['denar 4', 'denar 6'], not {answer!r}"
        )
    hand = list(game.players[game.state.current].money)
    chosen: list[MoneyCard] = []
    for item in answer:
        wanted = _read_money(item)
        match = [c for c in hand if c not in chosen and wanted(c)]
        if not match:
            held = ", ".join(repr(_money_word(c)) for c in hand)
            again = "no second card" if any(wanted(c) for c in chosen) else "no card"
            raise AnswerError(f"the hand holds {again} {item!r}; it holds {held}")
        chosen.append(match[0])
    if not chosen:
        raise AnswerError("a payment uses at least one card")
    return chosen


def _read_money(item: object) -> Any:
    """A test for a card written ``'denar 4'``, ``'4 denar'``, ``('denar', 4)`` or an id."""
    if isinstance(item, str) and "#" in item:
        return lambda c: c.id == item.strip()
    words = item.replace("-", " ").split() if isinstance(item, str) else item
    if isinstance(words, (list, tuple)) and len(words) == 2:
        first, second = (str(w).strip().lower() for w in words)
        currency, value = (first, second) if not first.isdigit() else (second, first)
        if value.isdigit() and currency in {c.value for c in Currency}:
            return lambda c: (
                c.currency is not None and (c.currency.value == currency and c.value == int(value))
            )
        if value.isdigit() and currency in ("diamond", "diamonds"):
            return lambda c: c.currency is None and c.value == int(value)
    raise AnswerError(f"a card is written like 'denar 4' or 'diamond 5', not {item!r}")


@dataclass(frozen=True)
class ActionCountTask(GameTask):
    """How many actions the staged turn allows: the actions ``then`` (the longest turn) are
    played by the engine, the main ones counted, and one more main action is shown refused
    with the engine's reason."""

    kind: ClassVar[str] = "number"
    example: ClassVar[str] = "4"
    prompt: str
    then: tuple[str, ...] = ()

    def _count(self, stage: GameStage) -> tuple[int, list[str], list[Violation]]:
        game = stage.game()
        seat = game.state.current
        count = 0
        for text in self.then:
            game.apply(text)
            if game.state.current != seat:
                break
            count += game.history[-1].is_main
        refused: list[Violation] = []
        if game.state.current == seat and game.money_display:
            refused = game.check(TakeMoney((game.money_display[0].id,)))
        return count, game.log, refused

    def _check(self, stage: Any, answer: object) -> Verdict:
        answer = read_number(answer)
        count, log, refused = self._count(need_stage(stage))
        if answer == count:
            story = list(log)
            if refused:
                story.append(say("task.actions.refused", reasons=reasons_text(refused)))
            return right(say("task.actions.right", count=count, story=" ".join(story)), refused)
        key = "task.actions.too-many" if answer > count else "task.actions.too-few"
        return wrong(say(key, answer=answer, hint=say("task.actions.hint")))

    def solutions(self, stage: Any) -> list[int]:
        return [self._count(need_stage(stage))[0]]


# -- the end of a turn ----------------------------------------------------------------------
@dataclass(frozen=True)
class PlaceBoughtTask(GameTask):
    """Build the tile just bought at a cell of the Alhambra (the engine checks ``place``)."""

    kind: ClassVar[str] = "place"
    example: ClassVar[str] = "(2, 1)"
    prompt: str

    def _bought(self, game: Game) -> Any:
        bought = game.players[game.state.current].bought
        if not bought:
            raise AnswerError("nobody is holding a bought tile here")
        return bought[0]

    def _check(self, stage: Any, answer: object) -> Verdict:
        game = need_stage(stage).game()
        tile = self._bought(game)
        cell = read_cell(answer)
        reasons = game.check(PlaceTile(tile, cell))
        where = render("tile-at", {"tile": tile, "cell": format_cell(cell)})
        if not reasons:
            game.apply(PlaceTile(tile, cell))
            return right(say("task.bought.right", where=where, said=game.log[-1]), cells=[cell])
        return wrong(
            say("task.bought.wrong", where=capitalised(where), reasons=reasons_text(reasons)),
            reasons,
        )

    def solutions(self, stage: Any) -> list[tuple[int, int]]:
        game = need_stage(stage).game()
        tile = self._bought(game)
        return [
            a.cell
            for a in game.legal_actions()
            if isinstance(a, PlaceTile) and a.tile == tile  # reading order, from the engine
        ]

    def _fields(self) -> dict[str, Any]:
        return {"answer": "cell"}


# -- scorings and the end -------------------------------------------------------------------
def _then(stage: GameStage, then: tuple[str, ...]) -> tuple[Game, int]:
    """The staged game played on by ``then``; also how many log lines it had before."""
    game = stage.game()
    before = len(game.log)
    for action in then:
        game.apply(action)
    return game, before


@dataclass(frozen=True)
class ScoringTask(GameTask):
    """Points each player (the neutral player too) scores at the scoring that the actions
    ``then`` bring about; the answer maps names to points."""

    kind: ClassVar[str] = "points"
    example: ClassVar[str] = "{'Ana': 8, 'Ben': 4}"
    prompt: str
    then: tuple[str, ...] = ("end",)

    def _scoring(self, stage: GameStage) -> tuple[dict[str, int], str, list[str]]:
        game, before = _then(stage, self.then)
        if not game.scorings:
            raise AnswerError("no scoring happens here")
        breakdown = game.scorings[-1]
        return dict(breakdown.totals), breakdown.explain(), game.log[before:]

    def _check(self, stage: Any, answer: object) -> Verdict:
        expected, explained, _log = self._scoring(need_stage(stage))
        points = _read_points(answer, list(expected))
        off = [p for p in expected if points.get(p, 0) != expected[p]]
        if not off:
            text = explained.replace("\n  ", "; ").replace(":;", ":")
            return right(say("task.points.right", explanation=text))
        notes = "; ".join(
            say(
                "task.points.too-high" if points.get(p, 0) > expected[p] else "task.points.too-low",
                player=p,
                points=points.get(p, 0),
            )
            for p in off
        )
        return wrong(say("task.points.wrong", players=notes, hint=say("task.points.hint")))

    def solutions(self, stage: Any) -> list[dict[str, int]]:
        return [self._scoring(need_stage(stage))[0]]

    def _fields(self) -> dict[str, Any]:
        return {"answer": "points"}


def _read_points(answer: object, players: list[str]) -> dict[str, int]:
    """Points per player from ``{'Ana': 4, 'Ben': 0}`` (players left out score 0)."""
    return read_points(answer, players)


NOBODY = "nobody"


@dataclass(frozen=True)
class FinalTilesTask(GameTask):
    """Who receives each building left in the market when the game ends: the answer maps
    market spaces to a player's name or ``"nobody"`` (``None`` too)."""

    kind: ClassVar[str] = "receivers"
    example: ClassVar[str] = "{1: 'Ana', 2: 'nobody'}"
    prompt: str
    then: tuple[str, ...] = ("end",)

    def _receivers(self, stage: GameStage) -> tuple[dict[int, str], list[str], list[str]]:
        game, _ = _then(stage, self.then)
        found: dict[int, str] = {}
        sentences = []
        for event in game.events:
            if event.key in ("event.final-tile", "event.final-tie", "event.final-none"):
                found[event.params["space"]] = event.params.get("player", NOBODY)
                sentences.append(event.sentence())
        return found, sentences, [p.name for p in game.players]

    def _check(self, stage: Any, answer: object) -> Verdict:
        expected, sentences, names = self._receivers(need_stage(stage))
        if not isinstance(answer, Mapping):
            raise AnswerError(
                "an answer here maps market spaces to players, such as {1: 'Ana'}, "
                f"not {answer!r}"
            )
        given: dict[int, str] = {}
        for space, who in answer.items():
            if space not in expected:
                raise AnswerError(f"no building is left on space {space!r}")
            given[space] = NOBODY if who is None else read_name(who, names, (NOBODY,))
        off = [s for s in expected if given.get(s) != expected[s]]
        if not off:
            return right(say("task.receivers.right", story=" ".join(sentences)))
        spaces = [say("task.receivers.space", space=s) for s in off]
        return wrong(say("task.receivers.wrong", spaces=spaces))

    def solutions(self, stage: Any) -> list[dict[int, str]]:
        return [self._receivers(need_stage(stage))[0]]

    def _fields(self) -> dict[str, Any]:
        return {"answer": "receivers"}


__all__ = [
    "NOBODY",
    "ActionCountTask",
    "FinalTilesTask",
    "GameTask",
    "PaymentTask",
    "PlaceBoughtTask",
    "ScoringTask",
    "StartPlayerTask",
    "TakeMoneyTask",
    "capitalised",
    "need_stage",
    "read_name",
    "reasons_text",
    "say",
]

"""Tasks set in a staged game, checked by the game engine itself.

Each task gets the step's :class:`~.stage.GameStage`, builds a fresh game from it and asks the
engine: ``Game.check`` for whether an action is legal (and, when it is not, the violations
that explain why), ``Game.apply`` for what follows, the log and the scorings for what
happened. Nothing here decides a rule; it only compares the learner's answer with the engine.
"""

from __future__ import annotations

import re
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
)
from ..core.messages import (
    SOURCE_LANGUAGE,
    add_messages,
    render,
    resolve,
    sentences,
    shown,
    template,
    word,
)
from ..core.money import CURRENCIES, MARKET_SPACES, MoneyCard
from ..core.payment import is_exact_payment
from .stage import GameStage
from .tasks import (
    UNHEARD,
    AnswerError,
    Task,
    answer_word,
    answers_as,
    capitalised,
    read_cell,
    read_number,
    read_points,
)
from .verdict import Verdict, Voice, right, wrong

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
            "{number} take to which no card could be added is missing. Hint: several cards may "
            "be taken together while they total at most 5, and a single card of any value may "
            "always be taken.",
            "{number} takes to which no card could be added are missing. Hint: several cards "
            "may be taken together while they total at most 5, and a single card of any value "
            "may always be taken.",
        ),
        # how a count of a few is written out in a sentence ("two takes"); more in digits
        "task.number.1": "one",
        "task.number.2": "two",
        "task.number.3": "three",
        "task.number.4": "four",
        "task.number.5": "five",
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
        # what an answer that cannot be read is told: the end of "Sorry, I cannot read that: …"
        "task.answer.no-game": "this question needs a staged game, and none is staged here",
        "task.answer.name": "an answer here is one of {names}, not {value}",
        "task.answer.takes": (
            "an answer here is a list of takes such as [{{2, 3}}, {{7}}], not {value}"
        ),
        "task.answer.take": "a take is a set of card values such as {{2, 3}}, not {value}",
        "task.answer.not-displayed": (
            "the display shows {shown}: there is no card {value} to take"
        ),
        "task.answer.empty-take": "a take holds at least one card",
        "task.answer.payment": "an answer here lists cards such as {example}, not {value}",
        "task.answer.not-held": "the hand holds no card {value}; it holds {held}",
        "task.answer.not-held-twice": "the hand holds no second card {value}; it holds {held}",
        "task.answer.empty-payment": "a payment uses at least one card",
        "task.answer.card": "a card is written like {card} or {diamond}, not {value}",
        "task.answer.nothing-bought": "nobody is holding a bought tile here",
        "task.answer.no-scoring": "no scoring happens here",
        "task.answer.receivers": (
            "an answer here maps market spaces to players, such as {{1: 'Ana'}}, not {value}"
        ),
        "task.answer.no-building": "no building is left on space {value}",
        "task.answer.space": (
            "a market space is written as its number, 1 to 4, or its currency, such as "
            "{currency}, not {value}"
        ),
        # the words an answer may use, in the learner's language (the English is always read
        # too); several forms of one word are separated by | and the first is how feedback
        # and examples write it
        "answer.nobody": "nobody",
        "answer.currency.denar": "denar",
        "answer.currency.dirham": "dirham",
        "answer.currency.ducat": "ducat",
        "answer.currency.guilder": "guilder",
        "answer.currency.diamond": "diamond|diamonds",
    }
)
"""The words of the game tasks' feedback."""


def say(key: str, language: str | None = None, **params: Any) -> str:
    """A sentence of the catalogue, filled with ``params``, in ``language`` (the session's
    for ``None``)."""
    return render(key, params, language)


def reasons_text(violations: Iterable[Violation], language: str | None = None) -> str:
    """The engine's explanations of ``violations``, one sentence after the other, in
    ``language`` (the session's for ``None``)."""
    return sentences((v.explain(language) for v in violations), language)


def need_stage(stage: object) -> GameStage:
    """``stage`` as a :class:`GameStage`, for a task that can only be asked in a staged game."""
    if not isinstance(stage, GameStage):
        raise AnswerError("task.answer.no-game")
    return stage


def told(events: Iterable[Any], voice: Voice) -> list[str]:
    """What the game's ``events`` say, in the voice's language."""
    return [event.sentence(voice.language) for event in events]


class GameTask(Task):
    """A task answered in a staged game: ``check(stage, answer)``."""

    example: ClassVar[str] = "'Ana'"

    needs_game: ClassVar[bool] = True


def _values_text(values: Iterable[int]) -> str:
    # A sum written out: "2 + 3" (a take holds at least one card).
    return " + ".join(str(v) for v in sorted(values))


def _money_word(c: MoneyCard, language: str = SOURCE_LANGUAGE) -> str:
    """A card as a payment answer writes it in ``language``: ``'denar 4'`` (``'diamond 5'``,
    expansion II); ``'Dukat 4'`` in Hungarian."""
    return _card_words(c.currency, c.value, language)


def _card_words(currency: Currency | None, value: int, language: str) -> str:
    return f"{answer_word(_currency_key(currency), language)} {value}"


def _currency_key(currency: Currency | None) -> str:
    """The catalogue entry of the words an answer names ``currency`` by (``None``: diamonds)."""
    return f"answer.currency.{currency.value if currency is not None else 'diamond'}"


# -- setup ----------------------------------------------------------------------------------
@dataclass(frozen=True)
class StartPlayerTask(GameTask):
    """Say who starts the staged game (fewest cards, lowest total, then ruling R2)."""

    kind: ClassVar[str] = "player"
    prompt: str

    def _check(self, stage: Any, answer: object, voice: Voice) -> Verdict:
        game = need_stage(stage).game()
        names = [p.name for p in game.players]
        picked = read_name(answer, names)
        starter = names[game.state.current]
        dealt = voice.sentences(told((e for e in game.events if e.key == "event.money"), voice))
        reason = told((e for e in game.events if e.key == "event.start"), voice)[0]
        if picked == starter:
            return right(voice.say("task.start.right", reason=reason))
        return wrong(voice.say("task.start.wrong", picked=picked, dealt=dealt))

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
    raise AnswerError("task.answer.name", names=[*names, *extra], value=shown(answer))


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

    def _check(self, stage: Any, answer: object, voice: Voice) -> Verdict:
        game = need_stage(stage).game()
        display = game.money_display
        given = _read_takes(answer, display)
        best = _fullest_takes(game)
        if set(given) == set(best):
            separator = template("task.separator", voice.language)
            takes = separator.join(_take_text(t, voice) for t in _ordered(best))
            return right(voice.say("task.takes.right", takes=takes))
        notes: list[str] = []
        found: list[Violation] = []
        legal = _legal_takes(game)
        for take in _ordered(set(given) - set(best)):
            if take not in legal:
                reasons = game.check(TakeMoney(tuple(c.id for c in take)))
                found += reasons
                said = voice.reasons(reasons)
                notes.append(
                    voice.say("task.takes.refused", take=_take_text(take, voice), reasons=said)
                )
            else:
                notes.append(voice.say("task.takes.smaller", take=_take_text(take, voice)))
        missing = len(set(best) - set(given))
        if missing:
            number = number_word(missing, voice)
            notes.append(voice.say("task.takes.missed", count=missing, number=number))
        return wrong(voice.sentences(capitalised(note) for note in notes), found)

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


def _take_text(take: Take, voice: Voice) -> str:
    cards = sorted(take, key=lambda c: c.value)
    if len(cards) == 1:
        return voice.say("task.takes.alone", value=cards[0].value)
    values = [str(c.value) for c in cards]  # a list: put into words as the language lists
    sum_of = _values_text(c.value for c in cards)
    return voice.say("task.takes.together", values=values, sum_of=sum_of, total=_sum(cards))


def number_word(count: int, voice: Voice) -> str:
    """A count of a few in words ("two"), a larger one in digits."""
    key = f"task.number.{count}"
    return voice.say(key) if 1 <= count <= 5 else str(count)


def _sum(cards: Iterable[MoneyCard]) -> int:
    return sum(c.value for c in cards)


def _read_takes(answer: object, display: tuple[MoneyCard, ...]) -> list[Take]:
    if isinstance(answer, (str, bytes)) or not isinstance(answer, Iterable):
        raise AnswerError("task.answer.takes", value=shown(answer))
    if isinstance(answer, (set, frozenset)) and all(isinstance(v, (int, str)) for v in answer):
        answer = [answer]  # one set of values, {2, 3}: the cards taken together
    takes = []
    for item in answer:
        values = [item] if isinstance(item, (int, str)) else item
        if isinstance(values, Iterable):
            takes.append(_read_take(list(values), display))
        else:
            raise AnswerError("task.answer.take", value=shown(item))
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
            values = [str(c.value) for c in display]
            raise AnswerError("task.answer.not-displayed", shown=values, value=shown(value))
        chosen.append(match[0])
    if not chosen:
        raise AnswerError("task.answer.empty-take")
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

    def _check(self, stage: Any, answer: object, voice: Voice) -> Verdict:
        game = need_stage(stage).game()
        cards = _read_payment(answer, game, voice.language)
        action = Buy(self.space, tuple(c.id for c in cards))
        reasons = game.check(action)
        if reasons:
            return wrong(voice.say("task.payment.refused", reasons=voice.reasons(reasons)), reasons)
        game.apply(action)
        said = told(game.events[-1:], voice)[0]
        if game.state.may_act:
            return right(voice.say("task.payment.right", said=said))
        return wrong(voice.say("task.payment.not-exact", said=said))

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

    def answer_example(self, city: Any = None, language: str | None = None) -> str:
        """``['denar 4', 'denar 2']`` with the currency in the learner's words."""
        language = resolve(language)
        return repr([_card_words(Currency.DENAR, value, language) for value in (4, 2)])

    def _fields(self) -> dict[str, Any]:
        return {"answer": "cards", "space": self.space}


def _read_payment(answer: object, game: Game, language: str) -> list[MoneyCard]:
    if isinstance(answer, str):
        answer = [part for part in _split_cards(answer, language) if part.strip()]
    if not isinstance(answer, Iterable):
        example = [_card_words(Currency.DENAR, value, language) for value in (4, 6)]
        raise AnswerError("task.answer.payment", example=repr(example), value=shown(answer))
    hand = list(game.players[game.state.current].money)
    chosen: list[MoneyCard] = []
    for item in answer:
        wanted = _read_money(item, language)
        match = [c for c in hand if c not in chosen and wanted(c)]
        if not match:
            # The cards as an answer writes them ('denar 4'), one after the other.
            held = ", ".join(repr(_money_word(c, language)) for c in hand)
            twice = any(wanted(c) for c in chosen)
            key = "task.answer.not-held-twice" if twice else "task.answer.not-held"
            raise AnswerError(key, value=shown(item), held=held)
        chosen.append(match[0])
    if not chosen:
        raise AnswerError("task.answer.empty-payment")
    return chosen


def _split_cards(answer: str, language: str) -> list[str]:
    """The cards of a payment written as one text: ``'denar 4, denar 6'``, ``'denar 4 and
    denar 6'`` (the word "and" of English or of ``language``)."""
    for joining in {template("list.and", language).strip(), "and"} - {""}:
        # A word between spaces ("and", "i"), not inside another; a script written without
        # spaces ("と") joins the words themselves.
        spaced = not all(ord(ch) >= 0x3000 for ch in joining)
        pattern = rf"(?<!\w){re.escape(joining)}(?!\w)" if spaced else re.escape(joining)
        answer = re.sub(pattern, ",", answer)
    return answer.split(",")


_CARD_WORDS = re.compile(r"\s*(?:(\d+)\s*(\D+?)|(\D+?)\s*(\d+))\s*")
"""A card as an answer writes it: a currency and a value, either way round (``'denar 4'``,
``'4 Denar'``, ``'デナール4'``)."""


def _read_money(item: object, language: str = SOURCE_LANGUAGE) -> Any:
    """A test for a card written ``'denar 4'``, ``'4 denar'``, ``('denar', 4)``, an id, or
    with the currency's name in ``language`` (``'Dukat 4'``)."""
    if isinstance(item, str) and "#" in item:
        return lambda c: c.id == item.strip()
    if isinstance(item, (list, tuple)) and len(item) == 2:
        item = " ".join(str(part) for part in item)
    found = _CARD_WORDS.fullmatch(item.replace("-", " ")) if isinstance(item, str) else None
    if found is not None:
        name = (found[2] or found[3]).strip()
        value = int(found[1] or found[4])
        for currency in (*CURRENCIES, None):
            if answers_as(name, _currency_key(currency), language):
                return lambda c: c.currency is currency and c.value == value
    words = {
        "card": repr(_card_words(Currency.DENAR, 4, language)),
        "diamond": repr(_card_words(None, 5, language)),
        "value": shown(item),
    }
    raise AnswerError("task.answer.card", **words)


@dataclass(frozen=True)
class ActionCountTask(GameTask):
    """How many actions the staged turn allows: the actions ``then`` (the longest turn) are
    played by the engine, the main ones counted, and one more main action is shown refused
    with the engine's reason."""

    kind: ClassVar[str] = "number"
    example: ClassVar[str] = "4"
    prompt: str
    then: tuple[str, ...] = ()

    def _count(self, stage: GameStage) -> tuple[int, list[Any], list[Violation]]:
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
        return count, list(game.events), refused

    def _check(self, stage: Any, answer: object, voice: Voice) -> Verdict:
        answer = read_number(answer)
        count, events, refused = self._count(need_stage(stage))
        if answer == count:
            story = told(events, voice)
            if refused:
                story.append(voice.say("task.actions.refused", reasons=voice.reasons(refused)))
            return right(
                voice.say("task.actions.right", count=count, story=voice.sentences(story)),
                refused,
            )
        key = "task.actions.too-many" if answer > count else "task.actions.too-few"
        return wrong(voice.say(key, answer=answer, hint=voice.say("task.actions.hint")))

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
            raise AnswerError("task.answer.nothing-bought")
        return bought[0]

    def _check(self, stage: Any, answer: object, voice: Voice) -> Verdict:
        game = need_stage(stage).game()
        tile = self._bought(game)
        cell = read_cell(answer)
        reasons = game.check(PlaceTile(tile, cell))
        where = voice.say("tile-at", tile=tile, cell=cell)
        if not reasons:
            game.apply(PlaceTile(tile, cell))
            said = told(game.events[-1:], voice)[0]
            return right(voice.say("task.bought.right", where=where, said=said), cells=[cell])
        said = voice.say(
            "task.bought.wrong", where=capitalised(where), reasons=voice.reasons(reasons)
        )
        return wrong(said, reasons)

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

    def _scoring(self, stage: GameStage, voice: Voice) -> tuple[dict[str, int], str]:
        game, _before = _then(stage, self.then)
        if not game.scorings:
            raise AnswerError("task.answer.no-scoring")
        breakdown = game.scorings[-1]
        return dict(breakdown.totals), breakdown.explain(language=voice.language)

    def _check(self, stage: Any, answer: object, voice: Voice) -> Verdict:
        stage = need_stage(stage)
        expected, explained = self._scoring(stage, voice)
        neutral = stage.game().neutral
        answer = _neutral_by_english_name(answer, neutral.name if neutral else None, expected)
        points = _read_points(answer, list(expected))
        off = [p for p in expected if points.get(p, 0) != expected[p]]
        separator = template("task.separator", voice.language)
        if not off:
            # The explanation's lines on one line: its heading, then each line in turn.
            heading, *lines = explained.splitlines()
            text = voice.sentences([heading, separator.join(line.strip() for line in lines)])
            return right(voice.say("task.points.right", explanation=text))
        notes = separator.join(_points_off(p, points, expected[p], voice) for p in off)
        hint = voice.say("task.points.hint")
        return wrong(voice.say("task.points.wrong", players=notes, hint=hint))

    def solutions(self, stage: Any) -> list[dict[str, int]]:
        return [self._scoring(need_stage(stage), UNHEARD)[0]]

    def answer_example(self, city: Any = None, language: str | None = None) -> str:
        """The form of an answer with every player of the staged game named (the neutral
        player too): an example that leaves one out would suggest that it may be."""
        if not isinstance(city, GameStage):
            return self.example
        names = list(self._scoring(city, UNHEARD)[0])
        return repr(dict(zip(names, _EXAMPLE_POINTS, strict=False)))

    def _fields(self) -> dict[str, Any]:
        return {"answer": "points"}


_EXAMPLE_POINTS = (8, 4, 3, 5, 2, 6)
"""The points of an example answer, a player each (six at the most)."""


def _points_off(player: str, points: Mapping[str, int], expected: int, voice: Voice) -> str:
    """How ``player``'s points are off, never saying the right number: left out of the
    answer (though they score), too high or too low."""
    if player not in points:
        return voice.say("task.majority.missing", player=player)
    key = "task.points.too-high" if points[player] > expected else "task.points.too-low"
    return voice.say(key, player=player, points=points[player])


def _neutral_by_english_name(answer: object, neutral: str | None, players: Mapping) -> object:
    """``answer`` with the neutral player named as this game names them, when the answer
    uses the English game's name (the tutorials' code is the English code in every language,
    so a solution there names the neutral player "Dirk")."""
    english = template("neutral.name", SOURCE_LANGUAGE)
    if (
        neutral is None
        or neutral == english
        or not isinstance(answer, Mapping)
        or english not in answer
        or english in players
        or neutral in answer
    ):
        return answer
    return {neutral if name == english else name: value for name, value in answer.items()}


def _read_points(answer: object, players: list[str]) -> dict[str, int]:
    """Points per player from ``{'Ana': 4, 'Ben': 0}`` (players left out score 0)."""
    return read_points(answer, players)


NOBODY = "nobody"
"""The receiver of a building nobody receives, as the engine's story and the solutions name
it; an answer may also say it in the learner's language (the catalogue's ``answer.nobody``)."""


@dataclass(frozen=True)
class FinalTilesTask(GameTask):
    """Who receives each building left in the market when the game ends: the answer maps
    market spaces to a player's name or ``"nobody"`` (in the learner's language too, such as
    ``"senki"``; ``None`` too)."""

    kind: ClassVar[str] = "receivers"
    example: ClassVar[str] = "{1: 'Ana', 2: 'nobody'}"
    prompt: str
    then: tuple[str, ...] = ("end",)

    def _receivers(
        self, stage: GameStage, voice: Voice
    ) -> tuple[dict[int, str], list[str], list[str]]:
        game, _ = _then(stage, self.then)
        found: dict[int, str] = {}
        sentences = []
        for event in game.events:
            if event.key in ("event.final-tile", "event.final-tie", "event.final-none"):
                found[event.params["space"]] = event.params.get("player", NOBODY)
                sentences.append(event.sentence(voice.language))
        return found, sentences, [p.name for p in game.players]

    def _check(self, stage: Any, answer: object, voice: Voice) -> Verdict:
        expected, sentences, names = self._receivers(need_stage(stage), voice)
        if not isinstance(answer, Mapping):
            raise AnswerError("task.answer.receivers", value=shown(answer))
        given: dict[int, str] = {}
        for key, who in answer.items():
            space = _read_space(key, voice.language)
            receiver = _read_receiver(who, names, voice.language)
            if space in expected:
                given[space] = receiver
            elif receiver != NOBODY:  # an empty space given to nobody is simply true
                raise AnswerError("task.answer.no-building", value=shown(space))
        off = [s for s in expected if given.get(s) != expected[s]]
        if not off:
            return right(voice.say("task.receivers.right", story=voice.sentences(sentences)))
        spaces = [voice.say("task.receivers.space", space=s) for s in off]
        return wrong(voice.say("task.receivers.wrong", spaces=spaces))

    def solutions(self, stage: Any) -> list[dict[int, str]]:
        return [self._receivers(need_stage(stage), UNHEARD)[0]]

    def answer_example(self, city: Any = None, language: str | None = None) -> str:
        """``{1: 'Ana', 2: 'nobody'}`` with "nobody" in the learner's language."""
        return repr({1: "Ana", 2: answer_word("answer.nobody", language)})

    def _fields(self) -> dict[str, Any]:
        return {"answer": "receivers"}


def _read_receiver(who: object, names: list[str], language: str) -> str:
    """A player's name, or :data:`NOBODY` for ``None`` or the word for nobody in English or
    in ``language`` (a refusal lists the names and that word in ``language``)."""
    if who is None or answers_as(who, "answer.nobody", language):
        return NOBODY
    return read_name(who, names, (answer_word("answer.nobody", language),))


def _read_space(value: object, language: str) -> int:
    """A market space from its number (``3`` or ``"3"``) or the currency it sells for, as
    the market names it in English or in ``language`` (``"Ducat"``, ``"Dukaten"``), or as an
    answer may name it (the catalogue's ``answer.currency.…``)."""
    if isinstance(value, str):
        named = value.strip().casefold()
        for currency in CURRENCIES:
            if named in (
                currency.value,
                word(currency, language).casefold(),
            ) or answers_as(value, _currency_key(currency), language):
                return currency.space
    try:
        space = read_number(value)
    except AnswerError:
        space = 0  # no number: refused below with the numbers
    if space not in MARKET_SPACES:
        example = repr(word(CURRENCIES[0], language))
        raise AnswerError("task.answer.space", currency=example, value=shown(value))
    return space


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
    "number_word",
    "read_name",
    "reasons_text",
    "say",
    "told",
]

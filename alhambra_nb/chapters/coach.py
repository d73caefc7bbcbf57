"""The coach: while a learner plays a real game, it explains each rule the first time it
matters in this game for this learner, and links it to its chapter.

::

    coach = Coach(game, seat=0)        # the learner plays seat 0
    game.apply(...)                    # the learner, or a bot, plays
    for note in coach.observe():       # what the coach says about what just happened
        print(note.topic, note.text)
    coach.question                     # at a scoring: who has the most of one type?
    coach.answer("Ana")                # ... and the coach explains the scoring

Each topic is taught once, when the game first reaches it: the three kinds of action at the
learner's first turn, taking money at the first take, paying at the first purchase, and so on
to the final scoring. A mistake (a move the rules refuse), or a cell the learner points at
where the chosen tile may not go, is answered with the rule that decides, once per rule. The
coach reads the game's own log and scorings and never plays.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.errors import AlhambraError
from ..core.game import Game
from ..core.messages import Phrase, add_messages, join, render, resolve, shown
from ..core.money import Cards, Currency
from ..core.scoring import ScoreBreakdown, TypeResult
from ..core.tiles import Building, Tile
from ..core.violations import Violation

add_messages(
    {
        "coach.setup/start": (
            (
                "Before the first turn everyone was dealt money cards until they held 20 or "
                "more: you hold {total} in {count} card. {player} goes first: {reason}."
            ),
            (
                "Before the first turn everyone was dealt money cards until they held 20 or "
                "more: you hold {total} in {count} cards. {player} goes first: {reason}."
            ),
        ),
        "coach.turn/actions": (
            "Your turn. You do one of three things: take money from the money display, buy a "
            "building from the market, or redesign your Alhambra. After a purchase you may "
            "get another action; otherwise you end your turn."
        ),
        "coach.turn/take-money": (
            "You took {cards}. You may take several cards if together they are worth at most "
            "5, or one single card of any value."
        ),
        "coach.buying/pay": (
            "A building is paid in the currency shown at its market space, here {currency}: "
            "cards of other currencies do not count."
        ),
        "coach.buying/exact": (
            "You paid exactly {price}, so you may take another action this turn: take money, "
            "buy again or redesign."
        ),
        "coach.buying/overpay": (
            "You paid {total} for a building costing {price}: nobody gives change, and your "
            "turn has no further action. Paying exactly earns an extra action instead."
        ),
        "coach.end-of-turn/place": (
            "You bought the {tile}: it waits beside your Alhambra. Click a cell where it fits to "
            "build it, or "
            "press To reserve to keep it on your reserve board. Do it before your turn ends."
        ),
        "coach.building/rules": (
            "You built the {tile}. Every tile stands upright, touches your Alhambra along a "
            "side, meets its neighbours wall to wall and open side to open side, can be "
            "reached on foot from the fountain, and leaves no empty hole."
        ),
        "coach.end-of-turn/refill": (
            "Your turn is over. The money display is filled up to four cards and the market "
            "to four buildings, and the next player goes on."
        ),
        "coach.redesign/rules": (
            "A redesign is a whole action: one tile moves between your Alhambra and your "
            "reserve board, or the two swap places on one cell. Your Alhambra must still keep "
            "every building rule afterwards, and the fountain never moves."
        ),
        "coach.redesign/reserve": (
            "You put the {tile} on your reserve board. A later redesign action builds it from "
            "there, "
            "takes a tile of your Alhambra back, or swaps the two."
        ),
        "coach.scoring-cards/when": (
            "A scoring card came out of the money deck: a scoring happens now, before the next "
            "turn. Two scoring cards are hidden in the deck; the third scoring ends the game."
        ),
        "coach.scoring/majorities": (
            "In each building type, the player with the most buildings takes first place; in "
            "the second scoring second place scores too, in the third also third place, and "
            "players level share. Your buildings: {mine}."
        ),
        "coach.two-players/give": (
            "{player} gave the {tile} to {neutral}, the neutral player: in a game for two, a "
            "tile just bought may go to him instead of into an Alhambra or onto a reserve "
            "board, so that no opponent gets it. It counts for him at the scorings."
        ),
        "coach.scoring/ties": (
            "Players tied in a type share: they add up the points of the places they take "
            "together and split them evenly, rounded down. Here: {example}."
        ),
        "coach.scoring/walls": (
            "Walls score too: each tile side of your longest wall is worth one point. Yours is "
            "{length} long, so you score {length} for it."
        ),
        "coach.two-players/neutral": (
            "In a game for two, {neutral}, the neutral player, takes part in every scoring "
            "with the buildings he was given: you must beat him too to win a majority."
        ),
        "coach.end-of-game/last": (
            "The bag is empty, so the market cannot be filled: the game ends. Each building "
            "left on the market goes to the player holding the most money of its currency."
        ),
        "coach.end-of-game/end": (
            "The game is over: the third scoring counted every type and wall once more. The "
            "winner: {winners}, with {points} points.",
            "The game is over: the third scoring counted every type and wall once more. The "
            "winners: {winners}, with {points} points each.",
        ),
        "coach.mistake": "The rules do not allow that: {why}",
        "coach.pointed": "Not there: {why}",
        "coach.question": (
            "Scoring {round}: who has the most buildings of this type: {building}? Guess first."
        ),
        "coach.right": "Right! At this scoring the most of type {building}: {leaders}, {count}.",
        "coach.wrong": (
            "Not quite. At this scoring the most of type {building}: {leaders}, {count}; "
            "{choice} had {theirs}."
        ),
        "coach.none": "none",
        "coach.count": "{building} {count}",
        "coach.answer-unknown": "Answer with one of these: {options}; not {value}.",
        "coach.no-question": "There is no question to answer now.",
        "coach.seat": "The learner's seat is one of the game's seats, 0 to {last}, not {value}.",
    }
)

TOPICS: tuple[tuple[str, str], ...] = (
    ("setup/start", "setup"),
    ("two-players/neutral", "two-players"),
    ("two-players/give", "two-players"),
    ("turn/actions", "turn"),
    ("turn/take-money", "turn"),
    ("buying/pay", "buying"),
    ("buying/exact", "buying"),
    ("buying/overpay", "buying"),
    ("end-of-turn/place", "end-of-turn"),
    ("building/rules", "building"),
    ("redesign/reserve", "redesign"),
    ("redesign/rules", "redesign"),
    ("end-of-turn/refill", "end-of-turn"),
    ("scoring-cards/when", "scoring-cards"),
    ("scoring/majorities", "scoring"),
    ("scoring/ties", "scoring"),
    ("scoring/walls", "scoring"),
    ("end-of-game/last", "end-of-game"),
    ("end-of-game/end", "end-of-game"),
)
"""Every topic the coach teaches, in the order a game usually reaches them, with the chapter
that teaches it in full. A mistake's topic is its rule's id."""

CHAPTER_OF = dict(TOPICS)

RULE_CHAPTERS = (
    ("placement/", "building"),
    ("city/", "building"),
    ("redesign/", "redesign"),
    ("money/", "turn"),
    ("turn/take-money", "turn"),
    ("buy/", "buying"),
    ("turn/buy", "buying"),
    ("place/", "end-of-turn"),
    ("turn/place-first", "end-of-turn"),
    ("scoring/", "scoring"),
)
"""The chapter of a rule the learner broke, by the start of its id (others: the turn's)."""


class CoachError(AlhambraError):
    """Raised when the coach is asked something it cannot answer, naming what is wrong."""


@dataclass(frozen=True)
class Note:
    """What the coach said: its ``topic`` (a stable id such as ``turn/actions``, or a rule's id
    for a mistake), its ``text`` in the coach's language, and the ``chapter`` that teaches it."""

    topic: str
    text: str
    chapter: str


@dataclass(frozen=True)
class Question:
    """A scoring's question: who has the most buildings of one type? ``options`` are the
    players' names; ``leaders`` those who have the most (more than one when level)."""

    round: int
    building: str
    options: tuple[str, ...]
    leaders: tuple[str, ...]
    counts: Mapping[str, int]
    text: str


@dataclass(frozen=True)
class _Said:
    """A note as the coach keeps it: its words by key, so it can be said in any language."""

    topic: str
    key: str
    params: Mapping[str, Any]
    chapter: str


class Coach:
    """Teaches the player of ``seat`` each rule when it first matters in ``game``, in
    ``language`` (the session's by default). Call :meth:`observe` after every change of the
    game; :meth:`mistake` when the learner's move was refused."""

    def __init__(self, game: Game, seat: int = 0, language: str | None = None) -> None:
        if not isinstance(game, Game):
            raise CoachError(render("widget.refusal-game", {"value": shown(game)}, language))
        last = len(game.players) - 1
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= last:
            raise CoachError(render("coach.seat", {"last": last, "value": shown(seat)}, language))
        self._game = game
        self._seat = seat
        self.language = resolve(language)
        self._said: list[_Said] = []
        self._seen = 0
        self._question: tuple[int, str] | None = None
        self._ending: dict[str, Any] | None = None
        """The game-over note's words, kept until the last scoring's question is answered."""
        self._dealt: tuple[int, int] | None = None
        """The learner's starting money (its total and count), read from the log's deal."""

    # -- what the coach has said -------------------------------------------------------------
    @property
    def notes(self) -> list[Note]:
        """Every note shown so far, oldest first, in the coach's language."""
        return [self._note(said) for said in self._said]

    @property
    def topics(self) -> list[str]:
        """The topics taught so far, in the order they came."""
        return [said.topic for said in self._said]

    def met(self) -> list[str]:
        """The chapters of the rules met so far, in the order they were first met."""
        return list(dict.fromkeys(said.chapter for said in self._said))

    def to_come(self) -> list[str]:
        """The chapters of the topics still to come in this game."""
        met = set(self.met())
        ahead = [chapter for topic, chapter in self._topics() if chapter not in met]
        return list(dict.fromkeys(ahead))

    def _topics(self) -> list[tuple[str, str]]:
        two = self._game.neutral is not None
        return [(t, c) for t, c in TOPICS if two or not t.startswith("two-players/")]

    def _note(self, said: _Said) -> Note:
        return Note(said.topic, render(said.key, said.params, self.language), said.chapter)

    def _teach(self, topic: str, **params: Any) -> Note | None:
        """The note of a planned topic (its chapter from :data:`TOPICS`, its words from the
        catalogue's ``coach.<topic>``), unless it was taught already."""
        return self._say(topic, CHAPTER_OF[topic], f"coach.{topic}", params)

    def _say(self, topic: str, chapter: str, key: str, params: Mapping[str, Any]) -> Note | None:
        if topic in self.topics:
            return None
        said = _Said(topic, key, params, chapter)
        self._said.append(said)
        return self._note(said)

    # -- following the game ------------------------------------------------------------------
    @property
    def _name(self) -> str:
        return self._game.players[self._seat].name

    def observe(self) -> list[Note]:
        """The notes for what happened since the last call (the game's new log lines, and
        whose turn it is now); each topic once."""
        events = self._game.events
        if len(events) < self._seen:  # an undo: what was taught stays taught
            self._seen = len(events)
        new = [events[i] for i in range(self._seen, len(events))]
        self._seen = len(events)
        notes = [note for event in new for note in self._on_event(event.key, event.params)]
        if self._learners_turn():
            notes.append(self._teach("turn/actions"))
        return [note for note in notes if note is not None]

    def _learners_turn(self) -> bool:
        game = self._game
        return not game.is_over() and game.current_player == self._seat

    def _on_event(self, key: str, params: Mapping[str, Any]) -> list[Note | None]:
        mine = params.get("player") == self._name
        if key == "event.money" and mine:
            self._dealt = (params["total"], params["count"])
        if key == "event.start" and self._dealt is not None:
            total, count = self._dealt
            reason = Phrase.of(params["reason"]["key"], params["reason"]["params"])
            words = {"total": total, "count": count, "player": params["player"], "reason": reason}
            notes = [self._teach("setup/start", **words)]
            neutral = self._game.neutral
            if neutral is not None:  # on the table from the start: said at once
                notes.append(self._teach("two-players/neutral", neutral=neutral.name))
            return notes
        if key == "event.give":  # by anyone: a tile leaves the market for the neutral player
            tile = Tile.parse(params["tile"])
            words = {"player": params["player"], "tile": tile, "neutral": params["neutral"]}
            return [self._teach("two-players/give", **words)]
        if key in ("event.remove", "event.swap") and mine:
            return [self._teach("redesign/rules")]
        if key == "event.take" and mine:
            cards = Cards(params["cards"])
            return [self._teach("turn/take-money", cards=cards)]
        if key in ("event.buy-exact", "event.buy-over") and mine:
            return self._on_buy(key, params)
        if key in ("event.place", "event.build") and mine:
            tile = Tile.parse(params["tile"])
            notes = [self._teach("building/rules", tile=tile)]
            if key == "event.build":  # built from the reserve: that is a redesign
                notes.append(self._teach("redesign/rules"))
            return notes
        if key == "event.reserve" and mine:
            tile = Tile.parse(params["tile"])
            return [self._teach("redesign/reserve", tile=tile)]
        if key == "event.end" and mine:
            return [self._teach("end-of-turn/refill")]
        if key == "event.scoring-card":
            return [self._teach("scoring-cards/when")]
        if key == "event.scoring":
            return self._on_scoring(params["round"])
        if key == "event.market-short":
            return [self._teach("end-of-game/last")]
        if key == "event.game-over":
            winners = params["winners"]
            self._ending = {
                "winners": _Names(tuple(winners)),
                "points": params["points"],
                "count": len(winners),
            }
            # Guess first: the winner is told once the last scoring's question is answered.
            return [] if self._question is not None else [self._end()]
        return []

    def _end(self) -> Note | None:
        return None if self._ending is None else self._teach("end-of-game/end", **self._ending)

    def _on_buy(self, key: str, params: Mapping[str, Any]) -> list[Note | None]:
        tile = Tile.parse(params["tile"])
        notes = [self._teach("buying/pay", currency=_currency(params["currency"]))]
        if key == "event.buy-exact":
            notes.append(self._teach("buying/exact", price=params["price"]))
        else:
            words = {"total": params["total"], "price": params["price"]}
            notes.append(self._teach("buying/overpay", **words))
        notes.append(self._teach("end-of-turn/place", tile=tile))
        return notes

    def _on_scoring(self, round_: int) -> list[Note | None]:
        scorings = self._game.scorings
        if len(scorings) < round_:
            return []
        breakdown = scorings[round_ - 1]
        asked = _asked_type(breakdown, self._name)
        if asked is not None:
            self._question = (round_, asked.building.value)
        notes: list[Note | None] = []
        length = self._game.players[self._seat].city.longest_wall()
        notes.append(self._teach("scoring/walls", length=length))
        return notes

    # -- predict, then see -------------------------------------------------------------------
    @property
    def question(self) -> Question | None:
        """The open question of the last scoring, or ``None``."""
        if self._question is None:
            return None
        round_, building = self._question
        breakdown = self._game.scorings[round_ - 1]
        result = next(r for r in breakdown.types if r.building.value == building)
        counts = _counts(result)
        options = tuple(str(p) for p in breakdown.players)
        best = max(counts.values())
        leaders = tuple(p for p in options if counts.get(p, 0) == best)
        words = {"round": round_, "building": result.building}
        text = render("coach.question", words, self.language)
        return Question(round_, building, options, leaders, counts, text)

    def answer(self, choice: str | int) -> list[Note]:
        """Answer the open question with a player's name (or its place among the options):
        the coach says whether it was right, and explains the scoring the first time."""
        question = self.question
        if question is None:
            raise CoachError(render("coach.no-question", {}, self.language))
        options = question.options
        if isinstance(choice, int) and not isinstance(choice, bool) and 0 <= choice < len(options):
            choice = options[choice]
        if choice not in options:
            words = {"options": join(list(options), self.language), "value": shown(choice)}
            raise CoachError(render("coach.answer-unknown", words, self.language))
        self._question = None
        building = Building(question.building)
        words: dict[str, Any] = {
            "leaders": join(list(question.leaders), self.language),
            "building": building,
            "count": question.counts.get(question.leaders[0], 0),
        }
        if choice in question.leaders:
            key = "coach.right"
        else:
            key = "coach.wrong"
            words.update(choice=choice, theirs=question.counts.get(str(choice), 0))
        verdict = _Said(f"scoring/answer-{question.round}", key, words, "scoring")
        self._said.append(verdict)
        notes = [self._note(verdict), self._teach("scoring/majorities", mine=self._my_counts())]
        # Shared places once majorities are known: at this scoring, or a later one's answer.
        tie = _tie(self._game.scorings[question.round - 1], self._name)
        if tie is not None:
            notes.append(self._teach("scoring/ties", example=_Explained(tie)))
        notes.append(self._end())
        return [n for n in notes if n is not None]

    def _my_counts(self) -> str:
        counts = self._game.players[self._seat].city.building_counts()
        found = [
            render("coach.count", {"building": b, "count": n}, self.language)
            for b, n in counts.items()
            if n
        ]
        return join(found, self.language) if found else render("coach.none", {}, self.language)

    # -- mistakes ----------------------------------------------------------------------------
    def mistake(self, violations: Sequence[Violation], *, pointed: bool = False) -> Note | None:
        """The rule behind a refused move, the first time the learner breaks it; ``pointed``:
        the move was only pointed at (a cell where the chosen tile may not go), not made."""
        key = "coach.pointed" if pointed else "coach.mistake"
        for violation in violations:
            topic = violation.rule.value
            why = violation.explain(self.language)
            note = self._say(topic, _chapter_of(topic), key, {"why": why})
            if note is not None:
                return note
        return None

    def set_language(self, language: str | None) -> None:
        """Speak ``language`` from now on (the notes so far are said again in it)."""
        self.language = resolve(language)


def _currency(name: str) -> Phrase:
    """A currency as a sentence names it, in the sentence's language (as the log does)."""
    return Phrase(f"currency.{Currency(name).value}")


@dataclass(frozen=True)
class _Explained:
    """A type's scoring, said in the note's language as the scoring itself says it."""

    result: TypeResult

    def in_words(self, language: str) -> str:
        return self.result.explain(str, language)


def _tie(breakdown: ScoreBreakdown, learner: str) -> TypeResult | None:
    """A type whose players share a place in this scoring (one the learner shares, if any)."""
    shared = [(r, p) for r in breakdown.types for p in r.places if len(p.players) > 1]
    own = [r for r, place in shared if learner in map(str, place.players)]
    return next(iter(own or [r for r, _ in shared]), None)


def _counts(result: TypeResult) -> dict[str, int]:
    return {str(p): place.count for place in result.places for p in place.players}


def _asked_type(breakdown: ScoreBreakdown, learner: str) -> TypeResult | None:
    """The type a scoring asks about: one the learner has (the most contested, else the
    first), so the answer matters to them; ``None`` when nobody has any building."""
    contested = [r for r in breakdown.types if r.places]
    if not contested:
        return None
    own = [r for r in contested if learner in _counts(r)] or contested
    return max(own, key=lambda r: (len(_counts(r)), sum(_counts(r).values())))


@dataclass(frozen=True)
class _Names:
    """Players' names joined as a sentence joins them, in the note's language."""

    names: tuple[str, ...]

    def in_words(self, language: str) -> str:
        return join(list(self.names), language)


def _chapter_of(rule: str) -> str:
    return next((chapter for start, chapter in RULE_CHAPTERS if rule.startswith(start)), "turn")

"""The coach of the game table: each rule explained once, when it first matters in this game.

Whole two-player games are played through ``GameWidget.act`` (the learner's moves chosen by a
greedy bot, as a learner could click them); after every move the test checks that each new
note's topic could apply by then, reading the game's own log. Staged positions show each
kind of topic, the mistakes, the prediction at a scoring, and the panel.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

import alhambra_nb as alh
from alhambra_nb.chapters.coach import TOPICS, Coach, CoachError
from alhambra_nb.core.actions import (
    BuildFromReserve,
    Buy,
    EndTurn,
    GiveToNeutral,
    PlaceTile,
    ReserveTile,
    TakeMoney,
)
from alhambra_nb.core.bots import GreedyBot
from alhambra_nb.core.messages import render
from alhambra_nb.widgets.game import GameWidgetError


def logged(game: alh.Game, *keys: str, player: str | None = None) -> bool:
    """Whether the game's log holds an event of one of ``keys`` (by ``player``, if given)."""
    return any(
        e.key in keys and (player is None or e.params.get("player") == player) for e in game.events
    )


# What must have happened in the game before the coach may teach a topic.
APPLIES: dict[str, Callable[[alh.Game, str], bool]] = {
    "setup/start": lambda g, me: logged(g, "event.start"),
    "turn/actions": lambda g, me: True,
    "turn/take-money": lambda g, me: logged(g, "event.take", player=me),
    "buying/pay": lambda g, me: logged(g, "event.buy-exact", "event.buy-over", player=me),
    "buying/exact": lambda g, me: logged(g, "event.buy-exact", player=me),
    "buying/overpay": lambda g, me: logged(g, "event.buy-over", player=me),
    "end-of-turn/place": lambda g, me: logged(g, "event.buy-exact", "event.buy-over", player=me),
    "building/rules": lambda g, me: logged(g, "event.place", "event.build", player=me),
    "redesign/reserve": lambda g, me: logged(g, "event.reserve", player=me),
    "redesign/rules": lambda g, me: logged(
        g, "event.remove", "event.swap", "event.build", player=me
    ),
    "end-of-turn/refill": lambda g, me: logged(g, "event.end", player=me),
    "scoring-cards/when": lambda g, me: logged(g, "event.scoring-card"),
    "scoring/majorities": lambda g, me: logged(g, "event.scoring"),
    "scoring/walls": lambda g, me: logged(g, "event.scoring"),
    "scoring/ties": lambda g, me: any(
        len(place.players) > 1 for b in g.scorings for r in b.types for place in r.places
    ),
    "two-players/neutral": lambda g, me: logged(g, "event.start") and g.neutral is not None,
    "two-players/give": lambda g, me: logged(g, "event.give"),
    "end-of-game/last": lambda g, me: logged(g, "event.market-short"),
    "end-of-game/end": lambda g, me: g.is_over(),
}


def play_coached(seed: int, language: str = "en") -> tuple[alh.GameWidget, list[str]]:
    """A whole coached game: the learner (seat 0) plays a greedy bot's moves by ``act``,
    answers every question with the first option; checks each note as it comes."""
    table = alh.GameWidget(
        alh.Game(["Ana", "Ben"], seed=seed), {1: "greedy"}, coach=True, language=language
    )
    learner = GreedyBot(seed=seed)
    coach = table.coach
    assert coach is not None
    seen = 0
    while True:
        for note in coach.notes[seen:]:
            if not note.topic.startswith("scoring/answer-"):
                assert APPLIES[note.topic](table.game, "Ana"), (note.topic, table.game.turn)
        seen = len(coach.notes)
        if coach.question is not None:
            table.answer(0)
            continue
        if table.game.is_over():
            break
        assert table.act(learner.choose(table.game.state)) == []
    return table, coach.topics


@pytest.mark.parametrize("seed", [1, 7, 12])
def test_a_whole_coached_game_teaches_at_least_twelve_topics_each_once(seed):
    table, topics = play_coached(seed)
    taught = [t for t in topics if not t.startswith("scoring/answer-")]
    assert len(taught) == len(set(taught))  # each topic once
    assert len(set(taught)) >= 12, taught
    assert set(taught) <= set(APPLIES)
    # Every scoring asked its question, and got its answer.
    assert [t for t in topics if t.startswith("scoring/answer-")] == [
        f"scoring/answer-{r}" for r in (1, 2, 3)
    ]
    assert table.coach.to_come() == [] or set(table.coach.to_come()) <= {"redesign"}


def test_every_note_is_in_the_tables_language():
    table, _ = play_coached(7, language="pl")
    assert table.coach is not None
    for note in table.coach.notes:
        assert note.text
    # The same notes said in English differ in every note: each one was translated.
    table.coach.set_language("en")
    said_in_english = [n.text for n in table.coach.notes]
    table.coach.set_language("pl")
    assert all(
        pl != en
        for pl, en in zip((n.text for n in table.coach.notes), said_in_english, strict=True)
    )


def learner_turn_table(seed: int = 7) -> alh.GameWidget:
    table = alh.GameWidget(alh.Game(["Ana", "Ben"], seed=seed), {1: "greedy"}, coach=True)
    assert table.human_to_play
    return table


def test_the_first_turn_teaches_the_setup_the_neutral_player_and_the_three_actions():
    table = learner_turn_table()
    first = ["setup/start", "two-players/neutral", "turn/actions"]
    assert table.coach.topics == first
    assert [n["topic"] for n in table._coach["fresh"]] == first
    assert [c["id"] for c in table._coach["met"]] == ["setup", "two-players", "turn"]
    assert "Dirk, the neutral player" in table.coach.notes[1].text
    # The learner's own starting money, and who starts and why, from the game's deal.
    dealt = next(e for e in table.game.events if e.key == "event.money" and
                 e.params["player"] == "Ana")  # fmt: skip
    start = next(e for e in table.game.events if e.key == "event.start")
    setup = table.coach.notes[0].text
    assert f"you hold {dealt.params['total']} in {dealt.params['count']} cards" in setup
    assert setup.endswith(f"{start.params['player']} goes first: the fewest cards "
                          f"({start.params['reason']['params']['count']}).")  # fmt: skip


def test_taking_money_is_taught_with_the_cards_taken():
    table = learner_turn_table()
    take = next(a for a in table.game.legal_actions() if isinstance(a, TakeMoney))
    table.act(take)
    note = next(n for n in table.coach.notes if n.topic == "turn/take-money")
    for code in take.cards:
        card = alh.card(code)
        assert str(card.value) in note.text
    assert "at most 5" in note.text


def first_buy(table: alh.GameWidget, exact: bool) -> Buy | None:
    for action in table.game.legal_actions():
        if isinstance(action, Buy):
            space = table.game.market[action.space - 1] if action.space else None
            paid = sum(alh.card(c).value for c in action.cards)
            price = space.tile.price if space is not None else None
            if (paid == price) == exact:
                return action
    return None


@pytest.mark.parametrize("exact", [True, False])
def test_the_first_purchase_teaches_paying_and_what_the_payment_earns(exact):
    for seed in range(1, 60):
        table = learner_turn_table(seed)
        buy = first_buy(table, exact)
        if buy is not None:
            break
    else:
        pytest.fail("no seed offers such a purchase at the first turn")
    table.act(buy)
    topics = table.coach.topics
    assert topics[:3] == ["setup/start", "two-players/neutral", "turn/actions"]
    assert "buying/pay" in topics and "end-of-turn/place" in topics
    assert ("buying/exact" in topics) is exact and ("buying/overpay" in topics) is not exact
    # The table's prompt says, before the learner places, what placing now would cost.
    assert ("gives up that action" in table._prompt) is exact
    # The bought tile is kept on the reserve board: the coach says what a redesign can do.
    tile = table.game.state.players[0].bought[0]
    table.act(ReserveTile(tile))
    assert "redesign/reserve" in table.coach.topics


def test_a_mistake_is_answered_with_its_rule_once():
    for seed in range(1, 60):
        table = learner_turn_table(seed)
        buy = first_buy(table, True) or first_buy(table, False)
        if buy is not None:
            break
    table.act(buy)
    tile = table.game.state.players[0].bought[0]
    occupied = PlaceTile(tile, (0, 0))  # the fountain's cell
    violations = table.act(occupied)
    assert violations
    note = table.coach.notes[-1]
    assert note.topic == violations[0].rule.value and note.chapter == "building"
    assert violations[0].explain("en") in note.text
    count = len(table.coach.notes)
    table.act(occupied)
    assert len(table.coach.notes) == count  # the same rule is not taught twice


def a_bought_tile_in_hand() -> alh.GameWidget:
    """A coached table whose learner has just bought a tile, chosen to be placed."""
    for seed in range(1, 60):
        table = learner_turn_table(seed)
        buy = first_buy(table, True) or first_buy(table, False)
        if buy is not None:
            table.act(buy)
            assert table.choice == ("bought", 0)
            return table
    raise AssertionError("no seed offers a purchase at the first turn")


def point(table: alh.GameWidget, cell: str, version: int | None = None) -> None:
    """The page's message when the pointer rests on ``cell``."""
    message = {"kind": "coach", "do": "point", "cell": cell,
               "version": table._table["version"] if version is None else version}  # fmt: skip
    table._handle_message(table, message, [])


def test_resting_on_a_cell_where_the_tile_may_not_go_teaches_the_rule_that_decides_there():
    """Pointing is no move: the coach names the rule that decides at that cell (the first
    time only), the board and the game stay as they are, and a later click breaking the same
    rule is not taught again."""
    table = a_bought_tile_in_hand()
    cells = table._verdicts["cells"]
    refused = next(key for key, v in cells.items() if len(v["violations"]) == 1)
    rule = cells[refused]["violations"][0]["rule"]
    version, history = table._table["version"], table.game.history
    point(table, refused)
    note = table.coach.notes[-1]
    assert note.topic == rule and note.text.startswith("Not there: ")
    assert note.text.endswith(cells[refused]["violations"][0]["message"])
    # Said after the purchase's notes, which stay in the panel until the learner moves on.
    fresh = [n["topic"] for n in table._coach["fresh"]]
    assert fresh[-1] == rule and "buying/pay" in fresh
    assert rule in table._coach["taught"]
    assert table._table["version"] == version and table.game.history == history
    table.show_replay()  # a redraw that is no move: the notes stay
    assert [n["topic"] for n in table._coach["fresh"]] == fresh
    count = len(table.coach.notes)
    point(table, refused)
    assert len(table.coach.notes) == count  # the same rule, pointed at again: nothing new
    x, y = map(int, refused.split(","))
    assert table.act(PlaceTile(table.game.state.players[0].bought[0], (x, y)))
    assert table.coach.topics.count(rule) == 1  # pointed at, then clicked: taught once


def test_pointing_at_a_fitting_cell_or_at_a_table_redrawn_since_says_nothing():
    table = a_bought_tile_in_hand()
    cells = table._verdicts["cells"]
    fitting = next(key for key, v in cells.items() if v["ok"])
    refused = next(key for key, v in cells.items() if v["violations"])
    count = len(table.coach.notes)
    point(table, fitting)
    point(table, refused, version=table._table["version"] - 1)
    assert len(table.coach.notes) == count
    note = table.note
    point(table, "40,40")  # off the board: ignored, with a note
    assert len(table.coach.notes) == count and table.note != note


def play_to_the_first_scoring(seed: int = 7) -> alh.GameWidget:
    table = learner_turn_table(seed)
    learner = GreedyBot(seed=seed)
    while table.coach.question is None:
        table.act(learner.choose(table.game.state))
    return table


def test_at_a_scoring_the_coach_asks_first_and_explains_after_the_answer():
    table = play_to_the_first_scoring()
    question = table.coach.question
    assert "scoring/majorities" not in table.coach.topics  # not before the answer
    assert {"scoring-cards/when", "scoring/walls"} <= set(table.coach.topics)
    assert table._coach["question"]["options"] == list(question.options)
    assert set(question.options) == {"Ana", "Ben", "Dirk"}
    wrong = next(p for p in question.options if p not in question.leaders)
    with pytest.raises(CoachError, match="Answer with one of these"):
        table.answer("Nobody")
    assert table.coach.question == question  # still open
    said = len(table.coach.notes)
    table.answer(wrong)
    verdict, explained, tied = table.coach.notes[said:]
    assert verdict.text.startswith("Not quite") and question.leaders[0] in verdict.text
    assert explained.topic == "scoring/majorities"
    # This scoring has a shared place: how sharing works comes next, with its own numbers.
    shared = next(r for r in table.game.scorings[0].types if any(
        len(p.players) > 1 for p in r.places))  # fmt: skip
    assert tied.topic == "scoring/ties" and tied.text.endswith(f"Here: {shared.explain()}.")
    assert table.coach.question is None
    with pytest.raises(CoachError, match="no question"):
        table.answer(0)


def test_the_page_answers_with_a_button_and_a_stale_answer_changes_nothing():
    table = play_to_the_first_scoring()
    key = table._coach["question"]["key"]
    table._handle_message(None, {"kind": "coach", "do": "answer", "choice": 0, "key": key}, [])
    assert table.coach.question is None and table._coach["question"] is None
    count = len(table.coach.notes)
    table._handle_message(None, {"kind": "coach", "do": "answer", "choice": 0, "key": key}, [])
    assert len(table.coach.notes) == count
    assert "changed" in table.note


def test_hiding_the_coach_keeps_what_it_said():
    table = learner_turn_table()
    table._handle_message(None, {"kind": "coach", "do": "hide"}, [])
    assert table.coaching is False and table._coach["shown"] is False
    take = next(a for a in table.game.legal_actions() if isinstance(a, TakeMoney))
    table.act(take)
    table._handle_message(None, {"kind": "coach", "do": "show"}, [])
    assert table.coaching is True
    assert {"turn/actions", "turn/take-money"} <= set(table.coach.topics)


def test_the_switch_starts_a_coach_mid_game_and_the_language_follows_the_table():
    table = alh.GameWidget(alh.Game(["Ana", "Ben"], seed=7), {1: "greedy"})
    assert table.coach is None and table._coach == {"on": False}
    table.coaching = True
    assert table.coach.topics == ["setup/start", "two-players/neutral", "turn/actions"]
    table.language = "de"
    german = render("coach.turn/actions", {}, "de")
    assert table.coach.notes[2].text == german != render("coach.turn/actions", {}, "en")
    assert table._coach["met"][2]["title"] == alh.chapters.get("turn").title_in("de")


@pytest.mark.parametrize("junk", ["yes", 1, None])
def test_coach_must_be_true_or_false(junk):
    with pytest.raises(GameWidgetError, match="coach is True or False"):
        alh.GameWidget(alh.Game(["Ana", "Ben"], seed=7), {1: "greedy"}, coach=junk)


@pytest.mark.parametrize("seat", [-1, 2, "0", None])
def test_a_coach_needs_a_seat_of_the_game(seat):
    with pytest.raises(CoachError, match="seat"):
        Coach(alh.Game(["Ana", "Ben"], seed=7), seat)


def test_every_planned_topic_has_a_rule_to_wait_for_and_a_chapter():
    assert {topic for topic, _ in TOPICS} == set(APPLIES)
    for _, chapter_id in TOPICS:
        alh.chapters.get(chapter_id)


def test_the_first_redesign_teaches_what_a_redesign_may_do():
    """A tile kept in reserve is built from there on a later turn: that redesign teaches the
    redesign's rules (the reserve's note came when the tile was kept)."""
    for seed in range(1, 60):
        table = learner_turn_table(seed)
        buy = first_buy(table, True) or first_buy(table, False)
        if buy is None:
            continue
        table.act(buy)
        table.act(ReserveTile(table.game.state.players[0].bought[0]))
        while table.game.state.players[0].bought:  # a second purchase: reserve it as well
            table.act(ReserveTile(table.game.state.players[0].bought[0]))
        if not table.act(EndTurn()) and table.human_to_play:
            build = next((a for a in table.game.legal_actions()
                          if isinstance(a, BuildFromReserve)), None)  # fmt: skip
            if build is not None:
                break
    else:
        pytest.fail("no seed lets the learner build from the reserve at the next turn")
    assert "redesign/reserve" in table.coach.topics
    assert "redesign/rules" not in table.coach.topics
    table.act(build)
    note = table.coach.notes[-1]
    assert note.topic == "redesign/rules" and "the fountain never moves" in note.text
    assert note.chapter == "redesign"


def test_the_bots_wait_for_the_answer_so_the_table_stays_as_it_was_at_the_scoring():
    """A scoring that comes at the end of the learner's turn: the bot does not play on until
    the question is answered (the prompt says so); hidden, the coach holds nobody up."""
    for seed in range(1, 40):
        table = play_to_the_first_scoring(seed)
        if not table.human_to_play:
            break
    else:
        pytest.fail("no seed has its first scoring at the end of the learner's turn")
    history = table.game.history
    assert table._prompt == "Answer the coach's question first; then Ben (bot) plays on."
    table.play_bots(None)  # from code too: the bots wait
    assert table.game.history == history
    table.answer(0)
    assert len(table.game.history) > len(history) and table.human_to_play
    assert "Ben" in table.note  # what the bot did once it played on

    hidden = play_to_the_first_scoring(seed)
    hidden.coaching = False
    assert hidden.human_to_play and len(hidden.game.history) > len(history)


def test_the_winner_is_told_once_the_last_scorings_question_is_answered():
    table, _ = play_coached(7)
    topics = table.coach.topics
    assert topics.index("end-of-game/end") > topics.index("scoring/answer-3")


def test_a_tile_given_to_the_neutral_player_is_explained_the_first_time():
    table = a_bought_tile_in_hand()
    tile = table.game.state.players[0].bought[0]
    assert "two-players/give" not in table.coach.topics
    assert table.act(GiveToNeutral(tile)) == []
    note = table.coach.notes[-1]
    assert note.topic == "two-players/give" and note.chapter == "two-players"
    assert note.text.startswith(f"Ana gave the {tile.building.value} to Dirk, the neutral player")

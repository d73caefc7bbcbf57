"""The game table's Python side: traits, verdicts equal to the engine's, messages, display.

Every message here is exactly what the page sends (see ``static/game.js``); the last test
plays a whole two-player game against a GreedyBot through those messages alone.
"""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from typing import Any

import pytest

import alhambra_nb as alh
from alhambra_nb.core.bots import GreedyBot, RandomBot
from alhambra_nb.core.money import CURRENCY, space_currency
from alhambra_nb.core.search import HintError, SearchBot, hint
from alhambra_nb.modules.characters import (
    Bid,
    ElSchaufRedesign,
    FatimeChoice,
    KarimBuy,
    MachmaSwap,
    PayBid,
)
from alhambra_nb.render import describe_tile
from alhambra_nb.widgets import game as game_widget
from alhambra_nb.widgets.board import parse_cell_key
from alhambra_nb.widgets.expansion import BOARD_ACTIONS
from alhambra_nb.widgets.game import GameWidgetError, LevelError


def table(seed: int = 3, **kwargs: Any) -> alh.GameWidget:
    """Ana (seat 0) against a GreedyBot (seat 1); with seed 3 the bot starts."""
    return alh.GameWidget(
        alh.Game(["Ana", "Ben"], seed=seed), bots={1: alh.GreedyBot(seed=1)}, **kwargs
    )


def send(widget: alh.GameWidget, message: object) -> None:
    """Hand ``message`` to the widget the way a comm message from the page arrives."""
    widget._handle_message(widget, message, [])


def version(widget: alh.GameWidget) -> int:
    return widget._table["version"]


def rules(violations) -> list[str]:
    return [v.rule.value for v in violations]


def test_lazy_export_and_text_repr():
    from alhambra_nb.widgets.game import GameWidget

    assert alh.GameWidget is GameWidget
    w = table()
    # The bot (Ben) started and played turn 1 as soon as the table was made.
    assert repr(w) == "GameWidget(players=2, turn=2, current='Ana')"
    assert w.human_to_play and w.game.state.current == 0
    assert any(line.startswith("Ben ends the turn") for line in w.game.log)


def test_bad_bot_seats_are_refused():
    with pytest.raises(GameWidgetError, match="no seat 5"):
        alh.GameWidget(alh.Game(2, seed=1), bots={5: "greedy"})
    with pytest.raises(GameWidgetError, match="not 'clever'"):
        alh.GameWidget(alh.Game(2, seed=1), bots={1: "clever"})
    assert isinstance(alh.GameWidget().bots[1], alh.GreedyBot)


def test_mime_bundle_has_a_static_table_and_the_text():
    w = table()
    data, _ = w._repr_mimebundle_()
    assert data["text/plain"] == repr(w)
    assert "application/vnd.jupyter.widget-view+json" in data
    svg = ET.fromstring(data["image/svg+xml"])
    assert svg.tag.endswith("svg")
    text = data["image/svg+xml"]
    assert "Building market" in text and "Money display" in text and "Ana" in text
    assert "data-do" not in text  # no buttons where nothing can be pressed
    # The live table draws the controls and is the same picture otherwise.
    assert 'data-do="take"' in w._table["svg"]
    assert w._table["svg"].count('class="alhambra city player-city"') == 2


def test_market_shows_currency_names_and_colours():
    w = table()
    svg = w._table["svg"]
    for space, name in enumerate(("Denar", "Dirham", "Ducat", "Guilder"), 1):
        assert f"{space} · {name}" in svg  # the name, never the colour alone
    for card_id in w.game.state.display:
        assert f'data-card="{card_id}"' in svg


def test_take_verdicts_equal_the_engine():
    w = table()
    take = w._options["take"]
    display = w.game.state.display
    assert len(take) == 2 ** len(display) - 1
    for key, verdict in take.items():
        expected = w.game.check(alh.TakeMoney(tuple(key.split())))
        assert verdict["ok"] == (expected == [])
        assert [v["rule"] for v in verdict["violations"]] == rules(expected)
        for v in expected:
            assert v.message in verdict["text"] and v.rule.value not in verdict["text"]


def test_buy_verdicts_equal_the_engine_and_say_the_consequence():
    w = table()
    player = w.game.state.players[0]
    seen = {"exact": 0, "over": 0}
    for space, payments in w._options["buy"].items():
        tile = w.game.state.market[int(space) - 1]
        own = [c for c in player.money if CURRENCY[c] is space_currency(int(space))]
        assert len(payments) == 2 ** len(own) - 1
        for key, verdict in payments.items():
            cards = tuple(key.split())
            expected = w.game.check(alh.Buy(int(space), cards))
            assert verdict["ok"] == (expected == [])
            assert [v["rule"] for v in verdict["violations"]] == rules(expected)
            if verdict["ok"]:
                paid = sum(alh.card(c).value for c in cards)
                if paid == tile.price:
                    assert "exact, so you may take another action" in verdict["text"]
                    seen["exact"] += 1
                else:
                    assert "no change is given" in verdict["text"]
                    seen["over"] += 1
    assert seen["over"] > 0


def test_a_take_by_message_then_the_bot_plays_and_its_lines_are_marked():
    w = table()
    card = w.game.state.display[0]
    log_before = len(w.game.log)
    send(w, {"kind": "take", "cards": [card], "version": version(w)})
    assert w._note["kind"] == "done" and "Ana takes" in w.note
    log = w.game.log
    assert any(line.startswith("Ana takes") for line in log[log_before:])
    assert "press End turn" in w._prompt
    send(w, {"kind": "end", "version": version(w)})
    assert w.game.state.current == 0 and w.game.state.turn == 4  # the bot played at once
    marks = w._marks
    assert marks[log_before] == "human" and "bot" in marks[log_before:]
    assert 'data-mark="bot"' in w._table["svg"]


def test_an_illegal_take_is_explained_and_changes_nothing():
    w = table()
    cards = sorted(w.game.state.display)  # all four cards: more than 5 in all
    assert sum(alh.card(c).value for c in cards) > 5
    before = w.game.to_json()
    send(w, {"kind": "take", "cards": cards, "version": version(w)})
    assert w.game.to_json() == before
    assert w._note["kind"] == "refused"
    assert rules(w.last_verdict) == ["money/over-limit"]
    # The catalogue's sentence, with no rule id and no numbering.
    assert w.note == "✗ " + w.last_verdict[0].message


NOW = "the current version"


@pytest.mark.parametrize(
    "message",
    [
        "garbage",
        None,
        {"no": "kind"},
        {"kind": "fly"},
        {"kind": "take", "cards": "denar-3#1", "version": NOW},
        {"kind": "take", "cards": ["denar-99#1"], "version": NOW},
        {"kind": "buy", "space": "two", "cards": [], "version": NOW},
        {"kind": "act", "cell": "nowhere", "version": NOW},
        {"kind": "act", "cell": "40,40", "tile": None, "version": NOW},
        {"kind": "reserve", "version": NOW},
        {"kind": "select", "from": "pocket", "index": 0},
        {"kind": "select", "from": "bought", "index": "x"},
        {"kind": "select", "from": "bought", "index": 3},
        {"kind": "bot"},
    ],
)
def test_bad_messages_are_ignored_with_a_note(message):
    w = table()
    before = w.game.to_json()
    if isinstance(message, dict) and message.get("version") == NOW:
        message = {**message, "version": version(w)}
    send(w, message)
    assert w.game.to_json() == before
    assert w._note["kind"] == "ignored"
    assert w.note.startswith("Ignored a message from the page")


def test_a_stale_click_is_ignored():
    w = table()
    old = version(w)
    send(w, {"kind": "redesign"})  # the table changes: a new version
    send(w, {"kind": "take", "cards": [w.game.state.display[0]], "version": old})
    # A click made as the table was redrawn: a plain hint, not a fault.
    assert w.note == "The table changed just then: try again." and w._note["kind"] == "hint"
    assert w.game.state.actions == 0


def buy_something(w: alh.GameWidget) -> alh.Buy:
    """Let Ana buy with the first legal payment (seeded games where she can)."""
    buy = next(a for a in w.game.legal_actions() if isinstance(a, alh.Buy))
    send(w, {"kind": "buy", "space": buy.space, "cards": list(buy.cards), "version": version(w)})
    assert w._note["kind"] == "done", w.note
    return buy


def a_table_where_ana_can_buy() -> alh.GameWidget:
    for seed in range(40):
        w = table(seed)
        if w.human_to_play and any(isinstance(a, alh.Buy) for a in w.game.legal_actions()):
            return w
    raise AssertionError("no seed lets Ana buy at once")


def test_placement_verdicts_equal_the_engine_and_the_city_rules():
    w = a_table_where_ana_can_buy()
    buy_something(w)
    player = w.game.state.players[0]
    assert player.bought and w.choice == ("bought", 0)  # the bought tile is offered at once
    tile = player.bought[0]
    verdicts = w._verdicts
    assert verdicts["mode"] == "place" and verdicts["tile"] == tile.code
    assert verdicts["ghost"].startswith("<g")
    for key, verdict in verdicts["cells"].items():
        cell = parse_cell_key(key)
        expected = w.game.check(alh.PlaceTile(tile, cell))
        assert expected == player.city.check(tile, cell)  # the city widget's verdicts
        assert verdict["ok"] == (expected == [])
        assert [v["message"] for v in verdict["violations"]] == [v.message for v in expected]
        assert [v["edges"] for v in verdict["violations"]] == [
            v.to_dict()["edges"] for v in expected
        ]
    legal = sorted(k for k, v in verdicts["cells"].items() if v["ok"])
    assert legal == sorted(f"{x},{y}" for x, y in player.city.legal_cells(tile))


def test_clicking_cells_refuses_then_places():
    w = a_table_where_ana_can_buy()
    buy_something(w)
    tile = w.game.state.players[0].bought[0]
    cells = w._verdicts["cells"]
    bad = next(k for k, v in cells.items() if not v["ok"] and v["violations"])
    before = w.game.to_json()
    send(w, {"kind": "act", "cell": bad, "tile": tile.code, "version": version(w)})
    assert w.game.to_json() == before and w._note["kind"] == "refused"
    assert cells[bad]["violations"][0]["message"] in w.note
    assert cells[bad]["violations"][0]["rule"] not in w.note
    good = next(k for k, v in w._verdicts["cells"].items() if v["ok"])
    send(w, {"kind": "act", "cell": good, "tile": tile.code, "version": version(w)})
    assert w._note["kind"] == "done", w.note
    assert w.game.state.players[0].city[parse_cell_key(good)] == tile


def test_a_bought_tile_may_go_to_the_reserve_and_undo_takes_it_back():
    w = a_table_where_ana_can_buy()
    history = len(w.game.history)
    buy = buy_something(w)
    tile = w.game.state.players[0].bought[0]
    assert w._options["tile"]["reserve"]["ok"]
    send(w, {"kind": "reserve", "version": version(w)})
    assert tile in w.game.state.players[0].reserve
    send(w, {"kind": "undo"})
    assert tile not in w.game.state.players[0].reserve
    assert w.game.history[-1] == buy
    send(w, {"kind": "undo"})
    assert len(w.game.history) == history
    send(w, {"kind": "undo"})
    assert w.note == "Nothing to undo."


def test_undo_after_the_bot_played_goes_back_to_the_players_action():
    w = table()
    state_before = w.game.to_json()
    send(w, {"kind": "take", "cards": [w.game.state.display[0]], "version": version(w)})
    send(w, {"kind": "end", "version": version(w)})  # ends Ana's turn; Ben plays
    assert w.game.state.turn == 4
    send(w, {"kind": "undo"})
    assert "bot actions after it" in w.note
    send(w, {"kind": "undo"})
    assert w.game.to_json() == state_before


def test_redesign_shows_removal_verdicts_from_the_engine():
    w = a_table_where_ana_can_buy()
    buy_something(w)
    good = next(k for k, v in w._verdicts["cells"].items() if v["ok"])
    send(w, {"kind": "act", "cell": good, "tile": w._verdicts["tile"], "version": version(w)})
    send(w, {"kind": "end", "version": version(w)})
    while not w.human_to_play:  # pragma: no cover - the bot always hands back
        w.play_bots()
    assert len(w.game.state.players[0].city) >= 2
    send(w, {"kind": "redesign"})
    assert w.redesign and w._verdicts["mode"] == "remove"
    city = w.game.state.players[0].city
    for key, verdict in w._verdicts["cells"].items():
        cell = parse_cell_key(key)
        if cell in city:
            expected = w.game.check(alh.MoveToReserve(cell))
            assert [v["rule"] for v in verdict["violations"]] == rules(expected)
        else:
            assert verdict["action"] is None and not verdict["ok"]


def test_without_autoplay_the_bot_waits_for_its_button():
    w = alh.GameWidget(alh.Game(["Ana", "Ben"], seed=3), bots={1: "greedy"}, autoplay=False)
    assert w.game.state.current == 1 and not w.human_to_play
    assert "press Bot plays" in w._prompt
    send(w, {"kind": "take", "cards": [w.game.state.display[0]], "version": version(w)})
    assert "played by a bot" in w.note
    send(w, {"kind": "bot"})
    assert w.game.state.current == 0 and w.game.state.turn == 2
    assert "marked lines" in w.note


def test_hot_seat_for_three_players_draws_every_city():
    w = alh.GameWidget(alh.Game(3, seed=2))
    assert w.bots == {}
    assert set(w._table["cities"]) == {"0", "1", "2"}
    assert w._table["seat"] == w.game.state.current


def board_messages(w: alh.GameWidget, action: alh.Action) -> None:
    """Choose the gate a placement carries (expansion II), then click its cell."""
    gate = getattr(action, "gate", None)
    if gate is not None or w.gate is not None:
        send(w, {"kind": "gate", "side": gate.name if gate is not None else None})
    cell = f"{action.cell[0]},{action.cell[1]}"
    tile = getattr(action, "tile", None)
    send(
        w, {"kind": "act", "cell": cell, "tile": tile.code if tile else None, "version": version(w)}
    )


def module_messages(w: alh.GameWidget, action: alh.Action) -> bool:
    """Send what the page sends for an expansion II action; ``False`` for a base action."""
    if isinstance(action, ElSchaufRedesign):
        send(w, {"kind": "module", "action": "el-schauf", "version": version(w)})
        inner = action.redesign
        if isinstance(inner, alh.MoveToReserve):
            board_messages(w, inner)
        else:
            index = w.game.state.players[w.game.state.current].reserve.index(inner.tile)
            send(w, {"kind": "select", "from": "reserve", "index": index})
            board_messages(w, inner)
        return True
    if isinstance(action, BOARD_ACTIONS):
        return False
    send(w, {"kind": "module", "action": str(action), "version": version(w)})
    return True


def messages_for(w: alh.GameWidget, action: alh.Action) -> None:
    """Send what the page sends when a player takes ``action`` by clicking."""
    player = w.game.state.players[w.game.state.current]
    if module_messages(w, action):
        return
    if isinstance(action, alh.TakeMoney):
        send(w, {"kind": "take", "cards": list(action.cards), "version": version(w)})
    elif isinstance(action, alh.Buy):
        message = {"space": action.space, "cards": list(action.cards), "version": version(w)}
        send(w, {"kind": "buy", **message})
    elif isinstance(action, alh.EndTurn):
        send(w, {"kind": "end", "version": version(w)})
    elif isinstance(action, alh.PlaceTile | alh.ReserveTile | alh.GiveToNeutral):
        index = player.bought.index(action.tile)
        if w.choice != ("bought", index):
            send(w, {"kind": "select", "from": "bought", "index": index})
        if isinstance(action, alh.PlaceTile):
            board_messages(w, action)
        else:
            kind = "reserve" if isinstance(action, alh.ReserveTile) else "give"
            send(w, {"kind": kind, "version": version(w)})
    elif isinstance(action, alh.BuildFromReserve | alh.SwapWithReserve):
        send(w, {"kind": "select", "from": "reserve", "index": player.reserve.index(action.tile)})
        board_messages(w, action)
    elif isinstance(action, alh.MoveToReserve):
        if not w.redesign:
            send(w, {"kind": "redesign"})
        board_messages(w, action)
    else:  # pragma: no cover
        raise AssertionError(f"no clicks for {action}")


@pytest.mark.parametrize("seed", [3, 11])
def test_a_whole_game_against_a_greedy_bot_through_messages(seed):
    w = table(seed)
    kinds: set[str] = set()
    for _ in range(3000):
        if w.game.is_over():
            break
        assert w.human_to_play
        actions = w.game.legal_actions()
        action = actions[0]
        kinds.add(type(action).__name__)
        before = len(w.game.history)
        messages_for(w, action)
        assert w._note["kind"] == "done", (str(action), w.note)
        assert len(w.game.history) > before
    assert w.game.is_over()
    assert {"TakeMoney", "EndTurn", "Buy"} <= kinds
    assert repr(w).endswith("current=None)")
    assert w._table["seat"] is None and w._verdicts["cells"] == {}
    assert w._prompt.startswith("The game is over")
    assert "Game over" in w._table["svg"]


# -- expansion II -------------------------------------------------------------------------------
def test_a_table_with_every_module_draws_diamonds_by_name():
    game = alh.Game(["Ana", "Ben"], seed=3, modules=("gates", "diamonds", "characters", "camps"))
    w = alh.GameWidget(game)
    svg = w._table["svg"]
    held = [c for p in game.players for c in p.money if c.currency is None]
    assert held, "seed 3 deals a diamond"
    for diamond in held:
        assert f'data-hand="{diamond.id}"' in svg
    assert 'class="money-card diamond"' in svg
    hand = ET.fromstring(svg).find(f".//*[@data-hand='{held[0].id}']")
    assert [t.text for t in hand.iter() if t.text and t.text.strip()] == [str(held[0].value), "♦"]


# -- expansion II through the page's messages ---------------------------------------------------
ALL_MODULES = ("gates", "diamonds", "characters", "camps")


def module_table(seed: int = 3, **kwargs: Any) -> alh.GameWidget:
    """Ana against a GreedyBot with every expansion II module on."""
    game = alh.Game(["Ana", "Ben"], seed=seed, modules=ALL_MODULES)
    return alh.GameWidget(game, bots={1: alh.GreedyBot(seed=1)}, **kwargs)


def first_module_action(actions: list[alh.Action]) -> alh.Action:
    """The first expansion II action offered, or else the first action."""
    return next((a for a in actions if not isinstance(a, BOARD_ACTIONS) or a_gate(a)), actions[0])


def a_gate(action: alh.Action) -> bool:
    return getattr(action, "gate", None) is not None


def play_through_messages(w: alh.GameWidget, choose, limit: int = 4000) -> set[str]:
    """Play Ana's side with ``choose(legal actions)`` until the game ends, only by messages;
    every message must be taken (a ``done`` note and one more action in the history)."""
    kinds: set[str] = set()
    for _ in range(limit):
        if w.game.is_over():
            break
        assert w.human_to_play
        action = choose(w.game.legal_actions())
        kinds.add(type(action).__name__ + (" gated" if a_gate(action) else ""))
        before = len(w.game.history)
        messages_for(w, action)
        assert w._note["kind"] == "done", (str(action), w.note)
        assert len(w.game.history) > before
    return kinds


def a_module_table_where(wanted, choose=first_module_action) -> alh.GameWidget:
    """A table with every module, Ana playing ``choose`` by messages until ``wanted(w)``."""
    for seed in range(3, 20):
        w = module_table(seed)
        for _ in range(4000):
            if w.game.is_over():
                break
            if wanted(w):
                return w
            messages_for(w, choose(w.game.legal_actions()))
    raise AssertionError("no seeded game reaches the wanted table")


def offered(w: alh.GameWidget, kind: type) -> list[alh.Action]:
    return [a for a in w.game.legal_actions() if isinstance(a, kind)]


def ana_bids(w: alh.GameWidget) -> bool:
    return w.human_to_play and bool(offered(w, Bid))


@pytest.mark.parametrize(
    ("seed", "choose", "expected"),
    [
        (3, lambda actions: actions[0], {"Bid", "PayBid"}),
        (12, lambda actions: actions[0], {"Bid", "FatimeChoice", "ElSchaufRedesign"}),
        (2, first_module_action, {"TakeGate", "PlaceTile gated", "KarimBuy", "MachmaSwap"}),
    ],
)
def test_a_whole_game_with_every_module_through_messages(seed, choose, expected):
    w = module_table(seed)
    kinds = play_through_messages(w, choose)
    assert w.game.is_over()
    assert {"TakeMoney", "Buy", "EndTurn"} | expected <= kinds
    assert w._table["seat"] is None and "Game over" in w._table["svg"]


def test_the_table_draws_what_the_modules_keep():
    w = a_module_table_where(lambda w: any(w.game.module_state("characters")["owned"]))
    svg = w._table["svg"]
    assert "Expansion II: city gates, diamonds, character cards and camps" in svg
    for seat, player in enumerate(w.game.state.players):
        diamonds = sum(alh.card(c).value for c in player.money if c.startswith("diamond"))
        assert f"· Diamonds {diamonds}</text>" in svg
        for character in w.game.module_state("characters")["owned"][seat]:
            assert f'data-character="{character}"' in svg
    assert "Gate cards: " in svg
    assert "No auction running" in svg or "Auction of" in svg


def test_a_bid_and_a_pass_by_message():
    w = a_module_table_where(ana_bids)
    auction = w.game.module_state("characters")["auction"]
    bid = offered(w, Bid)[0]
    svg = w._table["svg"]
    assert f'data-module="{bid}"' in svg and 'data-module="pass"' in svg
    assert "Auction of" in svg and "to bid more or pass." in w._prompt  # no rule id after it
    assert w._buttons_off()["take"] and w._buttons_off()["end"]  # play is held
    send(w, {"kind": "module", "action": str(bid), "version": version(w)})
    assert w._note["kind"] == "done", w.note
    log = w.game.log
    assert f"Ana bids {bid.amount}." in log
    # Ben (a bot) answered at once; the auction went on or ended.
    assert w.game.module_state("characters")["auction"] != auction
    w = a_module_table_where(ana_bids)
    send(w, {"kind": "module", "action": "pass", "version": version(w)})
    assert "Ana passes." in w.game.log


def test_an_unaffordable_bid_is_refused_with_its_rule():
    w = a_module_table_where(ana_bids)
    before = w.game.to_json()
    send(w, {"kind": "module", "action": "bid 999", "version": version(w)})
    assert w.game.to_json() == before
    assert rules(w.last_verdict) == ["auction/unaffordable"]
    assert w._note["kind"] == "refused" and w.last_verdict[0].message in w.note
    assert "auction/" not in w.note  # the sentence, not the rule id


def test_paying_a_won_bid_with_picked_cards():
    w = a_module_table_where(
        lambda w: (
            w.human_to_play
            and bool(offered(w, PayBid))
            and len({c.split("-")[0] for c in w.game.state.players[0].money}) > 1
        )
    )
    pay = w._options["pay"]
    assert pay, "the one-currency payments are judged before Pay is pressed"
    for key, verdict in pay.items():
        expected = w.game.check(PayBid(tuple(key.split())))
        assert verdict["ok"] == (expected == [])
        assert [v["rule"] for v in verdict["violations"]] == rules(expected)
    assert 'data-do="pay"' in w._table["svg"]
    high = w.game.module_state("characters")["auction"]["high"]
    # Two currencies in one payment: checked when Pay is pressed, refused with its sentence.
    money = w.game.state.players[0].money
    mixed = [money[0], next(c for c in money if c.split("-")[0] != money[0].split("-")[0])]
    send(w, {"kind": "pay", "cards": sorted(mixed), "version": version(w)})
    assert w._note["kind"] == "refused" and rules(w.last_verdict) == ["auction/payment"]
    assert w.note == "✗ " + w.last_verdict[0].message
    good = next(k for k, v in pay.items() if v["ok"])
    assert sum(alh.card(c).value for c in good.split()) >= high
    send(w, {"kind": "pay", "cards": good.split(), "version": version(w)})
    assert w._note["kind"] == "done", w.note
    assert not set(good.split()) & set(w.game.state.players[0].money)


def test_fatime_is_chosen_by_message():
    w = a_module_table_where(
        lambda w: w.human_to_play and bool(offered(w, FatimeChoice)),
        choose=lambda actions: actions[0],
    )
    assert "Keep Fatime (8 points at the end)" in w._table["svg"]
    send(w, {"kind": "module", "action": "fatime keep", "version": version(w)})
    assert w._note["kind"] == "done"
    assert "character-fatime" in w.game.module_state("characters")["owned"][0]


def ana_may_gate(w: alh.GameWidget) -> bool:
    return w.human_to_play and any(
        isinstance(a, alh.PlaceTile) and a_gate(a) for a in w.game.legal_actions()
    )


def test_a_gate_placement_by_message_with_verdicts_computed_with_the_gate():
    w = a_module_table_where(ana_may_gate)
    gated = next(a for a in w.game.legal_actions() if isinstance(a, alh.PlaceTile) and a_gate(a))
    key = f"{gated.cell[0]},{gated.cell[1]}"
    index = w.game.state.players[0].bought.index(gated.tile)
    send(w, {"kind": "select", "from": "bought", "index": index})
    # Without a gate the cell is refused; the gate chooser says a gate would open it.
    assert not w._verdicts["cells"][key]["ok"]
    assert 'data-gate="W"' in w._table["svg"] and "Only with a gate" in w._table["svg"]
    send(w, {"kind": "gate", "side": gated.gate.name})
    assert w.gate == gated.gate.name and w._verdicts["gate"] == gated.gate.name
    city = w.game.state.players[0].city
    for cell_key, verdict in w._verdicts["cells"].items():
        cell = parse_cell_key(cell_key)
        expected = w.game.check(alh.PlaceTile(gated.tile, cell, gate=gated.gate))
        assert verdict["ok"] == (expected == [])
        assert [v["rule"] for v in verdict["violations"]] == rules(expected)
    assert (
        w._verdicts["cells"][key]["ok"]
        and "with a gate on its" in w._verdicts["cells"][key]["text"]
    )
    send(w, {"kind": "act", "cell": key, "tile": gated.tile.code, "version": version(w)})
    assert w._note["kind"] == "done", w.note
    city = w.game.state.players[0].city
    assert city[gated.cell] == gated.tile and city.gates
    assert 'class="gate"' in w._table["svg"]
    assert w.gate is None  # a gate is chosen for one placement


def test_a_character_is_used_by_its_button():
    uses = (MachmaSwap, KarimBuy)
    w = a_module_table_where(lambda w: w.human_to_play and bool(offered(w, uses)))
    action = offered(w, uses)[0]
    svg = w._table["svg"]
    assert f'data-module="{action}"' in svg
    assert ("Machma Klain: your" in svg) or ("Abdul Karim: the" in svg)
    send(w, {"kind": "module", "action": str(action), "version": version(w)})
    assert w._note["kind"] == "done", w.note
    owned = w.game.module_state("characters")["owned"][0]
    if isinstance(action, KarimBuy):
        assert "character-abdul-karim" not in owned  # 1×: used once, then gone
        assert w.game.state.players[0].bought
    else:
        assert action.take in w.game.state.players[0].money
        assert "used this turn" in w._table["svg"]
        again = offered(w, MachmaSwap)
        assert not again  # one ♦ character per turn


@pytest.mark.parametrize(
    "message",
    [
        {"kind": "module", "action": "fly", "version": NOW},
        {"kind": "module", "action": 5, "version": NOW},
        {"kind": "module", "action": "end", "version": NOW},
        {"kind": "gate", "side": "N"},
        {"kind": "pay", "cards": "denar-3#1", "version": NOW},
    ],
)
def test_bad_module_messages_are_ignored_with_a_note(message):
    w = module_table()
    before = w.game.to_json()
    if message.get("version") == NOW:
        message = {**message, "version": version(w)}
    send(w, message)
    assert w.game.to_json() == before
    assert w._note["kind"] == "ignored", w.note
    assert w.note.startswith("Ignored a message from the page")


def test_module_actions_that_break_rules_are_refused_with_their_sentences():
    w = module_table()
    for text, rule in (("bid 3", "auction/not-now"), ("knihstig take denar-3#1", None)):
        send(w, {"kind": "module", "action": text, "version": version(w)})
        assert w._note["kind"] == "refused", w.note
        assert rule is None or rules(w.last_verdict)[0] == rule
        assert all(v.message in w.note for v in w.last_verdict)
        assert all(v.rule.value not in w.note for v in w.last_verdict)


def test_a_click_on_the_board_with_no_tile_chosen_gets_a_plain_hint():
    w = table()
    assert w.chosen_tile is None and not w.redesign
    before = w.game.to_json()
    send(w, {"kind": "act", "cell": "1,0", "tile": None, "version": version(w)})
    assert w.game.to_json() == before
    assert w._note["kind"] == "hint" and not w.note.startswith("Ignored")
    assert w.note.startswith("Choose one of your bought tiles")


def buttons_off(w: alh.GameWidget) -> dict[str, str]:
    svg = ET.fromstring(w._table["svg"])
    return {g.get("data-do"): g.get("data-off") for g in svg.iter() if g.get("data-do")}


def test_take_buy_redesign_and_end_are_on_exactly_when_the_engine_lists_such_an_action():
    kinds = {
        "take": (alh.TakeMoney,),
        "buy": (alh.Buy,),
        "end": (alh.EndTurn,),
        "redesign": (alh.MoveToReserve, alh.SwapWithReserve, alh.BuildFromReserve),
    }
    checked = 0
    for seed in range(6):
        w = table(seed)
        for _ in range(12):
            if w.game.is_over() or not w.human_to_play:
                break
            legal = w.game.legal_actions()
            off = buttons_off(w)
            for do, types in kinds.items():
                on = any(isinstance(a, types) for a in legal)
                assert off[do] == str(not on).lower(), (seed, do, w._prompt)
                checked += 1
            action = next(iter(legal))  # the engine's first legal action, taken as a click
            w.act(action)
    assert checked > 100


def test_the_prompt_names_redesign_only_while_its_button_is_on():
    prompted = set()
    for seed in range(4):
        w, pick = table(seed), random.Random(seed)
        for _ in range(80):
            if w.game.is_over() or not w.human_to_play:
                break
            if "press Take money" in w._prompt:  # a turn's first action: every button named
                on = buttons_off(w)["redesign"] == "false"
                assert ("press Redesign" in w._prompt) == on, w._prompt
                prompted.add(on)
            w.act(pick.choice(list(w.game.legal_actions())))
    assert prompted == {True, False}  # both prompts were seen


def test_the_tables_prompts_and_notes_come_from_the_catalogue(monkeypatch):
    from alhambra_nb.core.messages import ENGLISH

    # Nothing is built yet: the prompt without Redesign.
    monkeypatch.setitem(ENGLISH, "prompt.act-no-redesign", "{player}: à toi de jouer.")
    monkeypatch.setitem(ENGLISH, "widget.game-undone", "Annulé : {action}")
    w = table()
    assert w._prompt == "Ana: à toi de jouer."
    send(w, {"kind": "take", "cards": [w.game.state.display[0]], "version": version(w)})
    send(w, {"kind": "undo"})
    # The move taken back in words, as the log said it (no notation such as "take …").
    assert w.note == "Annulé : Ana takes " + w.note.split("Ana takes ", 1)[1]
    assert w.note.endswith(" from the money display.")


# -- the hint and the bots' level ----------------------------------------------------------
PYTHON_WORDS = ("Action(", "Buy(", "TakeMoney(", "PlaceTile(", "Tile(", "None", "<", "#", "/")
"""What a learner must never read in a hint: reprs, Python words, card ids, rule ids."""


def test_a_hint_from_code_shows_legal_moves_of_the_player_to_play():
    w = table()
    found = w.show_hint()
    assert found is not None and found.player == "Ana" == w.game.state.players[0].name
    assert 1 <= len(found.suggestions) <= 3
    for suggestion in found.suggestions:
        assert w.game.check(suggestion.action) == []  # legal for Ana, now
    shown = w._hint["suggestions"]
    assert [s["action"] for s in shown] == [str(s.action) for s in found.suggestions]
    assert w._hint["title"].startswith("Hint for Ana")
    for s, suggestion in zip(shown, found.suggestions, strict=True):
        assert s["move"] == suggestion.move("en") and s["effects"] == suggestion.effects("en")
        for text in (s["move"], *s["effects"]):
            assert text and not any(word in text for word in PYTHON_WORDS), text
    # The same position gives the same hint: the search is seeded by the position.
    again = w.show_hint()
    assert [s.action for s in again.suggestions] == [s.action for s in found.suggestions]
    assert w._hint["serial"] == 2  # a repeated hint is still a change the page sees


def test_the_hint_button_message_shows_the_hint_and_it_goes_when_the_position_changes():
    w = table()
    send(w, {"kind": "hint"})
    suggestions = w._hint["suggestions"]
    assert suggestions and w._table["tools"]["hint"] is True
    w.act(suggestions[0]["action"])
    assert "suggestions" not in w._hint  # the position changed: the hint is gone
    send(w, {"kind": "hint"})
    assert w._hint["suggestions"]
    send(w, {"kind": "hint-hide"})
    assert "suggestions" not in w._hint


def test_the_hint_speaks_the_tables_language():
    w = table(language="de")
    w.show_hint()
    assert w._hint["title"].startswith("Tipp für Ana")
    w.language = "en"
    assert w._hint["title"].startswith("Hint for Ana")


def test_a_hint_on_a_finished_game_gives_the_message_and_nothing_escapes():
    game = alh.simulate(["Ana", "Ben"], seed=1)
    with pytest.raises(HintError) as raised:
        hint(game)
    w = alh.GameWidget(game)
    assert w._table["tools"]["hint"] is False  # the button is off
    assert w.show_hint() is None
    assert w.note == str(raised.value) and "suggestions" not in w._hint
    send(w, {"kind": "hint"})  # a press from the page all the same
    assert w.note == str(raised.value) and w._note["kind"] == "hint"


def test_a_hint_while_a_bot_is_to_play_says_so():
    w = table(autoplay=False)
    assert not w.human_to_play and w._table["tools"]["hint"] is False
    assert w.show_hint() is None
    assert w.note == "It is the turn of Ben, played by a bot: press Bot plays."


def test_a_search_that_fails_becomes_a_message_on_the_table(monkeypatch):
    def broken(*_args, **_kwargs):
        raise RuntimeError("search broke")

    monkeypatch.setattr(game_widget, "hint", broken)
    w = table()
    before = w.game.history
    send(w, {"kind": "hint"})
    assert w.note == "No hint could be found this time; the table has not changed."
    assert w.game.history == before and "suggestions" not in w._hint


def test_the_level_select_changes_the_bots_and_keeps_the_game():
    w = table()
    assert w.level is None and isinstance(w.bots[1], GreedyBot)  # a bot object: as given
    levels = [option["value"] for option in w._table["tools"]["levels"]]
    assert levels == ["", "random", "greedy", "search", "search-strong"]
    history, saved = w.game.history, w.game.to_json()
    send(w, {"kind": "level", "level": "search"})
    assert w.level == "search" and isinstance(w.bots[1], SearchBot)
    assert w.note.startswith("The bots now play at the level Medium (search)")
    send(w, {"kind": "level", "level": "random"})
    assert isinstance(w.bots[1], RandomBot)
    assert w.game.history == history and w.game.to_json() == saved  # never loses a game
    assert w._table["tools"]["levels"][0]["value"] == "random"  # no "as given" any more
    # The next bot turn is played by the new bot.
    w.act(alh.TakeMoney((w.game.state.display[0],)))
    w.act(alh.EndTurn())
    assert w.game.state.current == 0 and len(w.game.history) > len(history) + 2


def test_levels_by_name_and_by_argument():
    w = alh.GameWidget(alh.Game(["Ana", "Ben"], seed=4), bots={1: "search"})
    assert w.level == "search" and isinstance(w.bots[1], SearchBot)
    w = alh.GameWidget(alh.Game(3, seed=4), bots={1: GreedyBot(1), 2: "greedy"}, level="random")
    assert w.level == "random" and all(isinstance(b, RandomBot) for b in w.bots.values())
    assert alh.GameWidget(level="search-strong").bots[1].__class__ is SearchBot
    hot_seat = alh.GameWidget(alh.Game(2, seed=1))
    assert hot_seat._table["tools"]["levels"] == []  # no bots: no level to choose
    send(hot_seat, {"kind": "level", "level": "search"})
    assert hot_seat.note == (
        "Ignored a message from the page: no seat of this table is played by a bot: no level to set"
    )
    assert hot_seat.bots == {} and hot_seat.level is None


@pytest.mark.parametrize("bad", ["hard", "", 3, ["search"]])
def test_a_bad_level_is_refused_naming_the_field_and_the_table_is_unchanged(bad):
    w = table()
    bots, table_before, history = w.bots, w._table, w.game.history
    with pytest.raises(LevelError, match=r"^level must be one of 'random', 'greedy', ") as e:
        w.level = bad
    assert isinstance(e.value, GameWidgetError) and e.value.field == "level"
    assert w.level is None and w.bots == bots and w._table == table_before
    # From the page: ignored with the same reason, nothing changed.
    send(w, {"kind": "level", "level": bad})
    assert w.note.startswith("Ignored a message from the page: level must be one of")
    assert w.level is None and w.bots == bots and w.game.history == history
    with pytest.raises(LevelError, match=r"^level must be"):
        alh.GameWidget(alh.Game(2, seed=1), bots={1: "greedy"}, level=bad)
    with pytest.raises(GameWidgetError, match="'search-strong' or has choose"):
        alh.GameWidget(alh.Game(2, seed=1), bots={1: bad or None})


def test_after_the_learners_move_the_note_says_what_the_bot_did():
    """The bot plays in a blink and the log is at the table's foot: the note above the table
    tells the bot's moves after the learner's own."""
    table = alh.GameWidget(alh.Game(["Ana", "Ben"], seed=7), {1: "greedy"})
    take = next(a for a in table.game.legal_actions() if isinstance(a, alh.TakeMoney))
    table.act(take)
    start = len(table.game.state.log)
    table.act(alh.EndTurn())
    bot = [
        e.sentence("en")
        for e in table.game.state.log[start:]
        if e.params.get("player") == "Ben" and e.key != "event.end"
    ]
    assert bot, "the greedy bot did nothing in its turn"
    assert table.note.startswith("Ana ends the turn.")
    assert all(sentence in table.note for sentence in bot[:4])
    assert "Ben ends the turn" not in table.note  # the refills and ends stay in the log


def test_cards_still_being_picked_to_pay_get_the_total_so_far_not_a_refusal():
    """Picking the cards to pay one by one, the status line reads each pick's verdict: too
    little so far is no ✗ yet; pressing Buy with too little is still refused, with its rule."""
    table = alh.GameWidget(alh.Game(["Ana", "Ben"], seed=7), {1: "greedy"})
    short = None
    for space, verdicts in table._options["buy"].items():
        for cards, verdict in verdicts.items():
            action = alh.Buy(int(space), tuple(cards.split()))
            rules = {v.rule for v in table.game.check(action)}
            if rules == {alh.RuleId.BUY_INSUFFICIENT}:
                short = (action, verdict)
                break
        if short:
            break
    assert short, "no payment falls short at this table"
    action, verdict = short
    assert verdict["ok"] is False and "✗" not in verdict["text"]
    assert verdict["text"].startswith("So far ") and "pick more cards" in verdict["text"]
    violations = table.act(action)
    assert [v.rule for v in violations] == [alh.RuleId.BUY_INSUFFICIENT]
    assert table.note.startswith("✗")


def test_choosing_a_tile_puts_away_the_note_of_what_was_done_before():
    w = a_table_where_ana_can_buy()
    buy_something(w)
    assert w.note  # "Ana paid …"
    send(w, {"kind": "select", "from": "bought", "index": 0})
    assert w.choice == ("bought", 0) and w.note == ""
    w.act(alh.ReserveTile(w.game.state.players[0].bought[0]))
    assert w.note  # a refusal or what happened: said, not put away


def test_the_cells_a_bot_just_built_on_are_ringed_until_the_learner_moves_again():
    table = alh.GameWidget(alh.Game(["Ana", "Ben"], seed=7), {1: "greedy"})
    table.act(next(a for a in table.game.legal_actions() if isinstance(a, alh.TakeMoney)))
    start = len(table.game.state.log)
    table.act(alh.EndTurn())
    built = {
        ",".join(map(str, e.params["cell"]))
        for e in table.game.state.log[start:]
        if e.key == "event.place" and e.params["player"] == "Ben"
    }
    assert built, "the greedy bot built nothing in its turn"
    root = ET.fromstring(table._table["svg"])
    ringed = {
        (g.get("data-cell"), city.get("data-seat"))
        for city in root.iter()
        if "player-city" in (city.get("class") or "")
        for g in city.iter()
        if "spotlit" in (g.get("class") or "").split()
    }
    assert ringed == {(cell, "1") for cell in built}
    table.act(next(a for a in table.game.legal_actions() if isinstance(a, alh.TakeMoney)))
    assert "spotlit" not in table._table["svg"]


# -- the replay of the bots' moves -------------------------------------------------------------
def spotlit(svg: str) -> dict[str, set[str]]:
    """What a table picture rings, by kind: display cards, market spaces, and cells
    (``"seat:cell"``)."""
    found: dict[str, set[str]] = {"card": set(), "space": set(), "cell": set()}
    root = ET.fromstring(svg)
    for city in root.iter():
        if "player-city" in (city.get("class") or ""):
            for g in city.iter():
                if "spotlit" in (g.get("class") or "").split():
                    found["cell"].add(f"{city.get('data-seat')}:{g.get('data-cell')}")
    for g in root.iter():
        if "spotlit" in (g.get("class") or "").split():
            for kind in ("card", "space"):
                if g.get(f"data-{kind}") is not None:
                    found[kind].add(g.get(f"data-{kind}"))
    return found


def bot_turns(seed: int, turns: int):
    """Ana takes money each turn; after each, the table and the bot's actions of its turn as
    the log tells them: each a list of lines, from the one naming Ben on."""
    w = alh.GameWidget(alh.Game(["Ana", "Ben"], seed=seed), {1: "greedy"})
    for _ in range(turns):
        w.act(next(a for a in w.game.legal_actions() if isinstance(a, alh.TakeMoney)))
        start = len(w.game.state.log)
        w.act(alh.EndTurn())
        log = list(w.game.state.log)
        ended = next(i for i in range(start, len(log)) if log[i].key == "event.end")
        actions: list[list[Any]] = []
        for event in log[ended + 1 :]:
            if event.params.get("player") == "Ben" or not actions:
                actions.append([])
            actions[-1].append(event)
        yield w, actions


def test_the_replay_shows_each_bot_move_on_the_table_as_it_was_with_what_it_took_ringed():
    """Each step is one of the bot's actions, in the log's words; a take rings the display
    cards taken and a purchase the market space bought from (on the table before they went),
    a building the cell it stands on. Watching changes nothing in the game."""
    kinds: set[str] = set()
    for w, actions in bot_turns(seed=7, turns=6):
        history, log = w.game.history, len(w.game.state.log)
        texts = w.show_replay()
        steps = w._replay["steps"]
        assert texts == [step["text"] for step in steps]
        assert len(steps) == len(actions)
        for number, (step, lines) in enumerate(zip(steps, actions, strict=True), 1):
            assert step["title"] == f"Ben, move {number} of {len(steps)}"
            assert step["text"].split() == " ".join(e.sentence("en") for e in lines).split()
            rung = spotlit(step["svg"])
            first = lines[0]
            if first.key == "event.take":
                kinds.add("take")
                assert rung["card"] == set(first.params["cards"]) and not rung["space"]
            elif first.key.startswith("event.buy"):
                kinds.add("buy")
                (space,) = rung["space"]
                drawn = ET.fromstring(step["svg"]).find(f".//*[@data-space='{space}']")
                tile = alh.Tile.parse(first.params["tile"])
                assert describe_tile(tile, "en") in drawn.get("aria-label")
            elif first.key == "event.place":
                kinds.add("build")
                assert rung["cell"] == {"1:" + ",".join(map(str, first.params["cell"]))}
            else:
                assert rung == {"card": set(), "space": set(), "cell": set()}
        assert w.game.history == history and len(w.game.state.log) == log
    assert kinds == {"take", "buy", "build"}


def test_the_replay_is_asked_and_put_away_from_the_page_and_ends_with_the_position():
    w, _ = next(bot_turns(seed=7, turns=1))
    assert w._table["tools"]["replay"] and w._table["tools"]["replay_label"] == (
        "Show what the bot did"
    )
    send(w, {"kind": "replay"})
    first = w._replay
    assert first["steps"] and first["serial"] == 1
    send(w, {"kind": "replay", "do": "hide"})
    assert "steps" not in w._replay
    send(w, {"kind": "replay"})
    assert w._replay["serial"] == 2 and w._replay["steps"] == first["steps"]
    w.language = "de"  # said again in the table's language
    assert w._replay["steps"][0]["title"] != first["steps"][0]["title"]
    assert w._replay["steps"][0]["svg"] != first["steps"][0]["svg"]
    w.language = "en"
    w.act(next(a for a in w.game.legal_actions() if isinstance(a, alh.TakeMoney)))
    # The learner moved: the bot has not moved since, so there is nothing to replay.
    assert "steps" not in w._replay and not w._table["tools"]["replay"]
    assert w.show_replay() == [] and w.note == "No bot has moved since your last move."


def test_an_undo_takes_the_bots_moves_it_took_back_out_of_the_replay():
    w, _ = next(bot_turns(seed=7, turns=1))
    w.show_replay()
    assert w.undo()
    assert "steps" not in w._replay and not w._table["tools"]["replay"]
    assert "spotlit" not in w._table["svg"]


def test_buy_pressed_with_no_cards_picked_says_to_pick_them_and_changes_nothing():
    w = a_table_where_ana_can_buy()
    buy = next(a for a in w.game.legal_actions() if isinstance(a, alh.Buy))
    history = w.game.history
    send(w, {"kind": "buy", "space": buy.space, "cards": [], "version": version(w)})
    assert w.note == "Pick the money cards of your hand to pay with first, then press Buy."
    assert w._note["kind"] == "refused" and w.game.history == history


def test_the_redesign_mode_says_how_to_move_tiles_and_how_to_stop():
    w = table()
    pick = random.Random(5)
    for _ in range(200):
        if "press Redesign" in w._prompt:
            break
        w.act(pick.choice(list(w.game.legal_actions())))
    else:
        pytest.fail("Redesign never became possible")
    before = w._prompt
    send(w, {"kind": "redesign"})
    name = w.game.state.players[w.game.state.current].name
    assert w.redesign and w._prompt.startswith(f"{name}: redesign. Click a tile")
    assert w._prompt.endswith("press Redesign again to stop.")
    send(w, {"kind": "redesign"})
    assert not w.redesign and w._prompt == before

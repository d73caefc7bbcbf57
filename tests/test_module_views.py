"""Each module's view(): what the tables draw of it, on staged games.

A view is plain data (core/views.py): its texts already said in the language asked, its offers
the actions the rules allow now (or refuse, with their reasons), each written in the action
notation that Game.apply reads. The game table draws and acts from these alone; the last tests
play a module's controls end to end through the widget.
"""

from __future__ import annotations

import dataclasses
import json

import pytest

import alhambra_nb as alh
from alhambra_nb.chapters.expansion import AUCTION, FATIME_WON, TURN_CHARACTERS
from alhambra_nb.chapters.stage import GameStage
from alhambra_nb.core.socket import MODULES, Module, register
from alhambra_nb.core.views import ModuleView, module_views
from alhambra_nb.modules.characters import ElSchaufRedesign
from alhambra_nb.render import game_svg

GATE_SHOWN = GameStage(
    players=("Ana", "Ben"),
    modules=("gates",),
    current="Ana",
    display=("denar-2#1", "dirham-3#1", "ducat-4#1", "guilder-5#1"),
    extra={"gates": {"display": "gate#1"}},
)
GATE_IN_HAND = GameStage(
    players=("Ana", "Ben"),
    modules=("gates",),
    current="Ana",
    cities={"Ana": "1,0 garden-10-N; 0,1 tower-10-W; 0,-1 arcades-9"},
    reserves={"Ana": ("tower-12",)},
    extra={"gates": {"hands": [["gate#1"], []]}},
)
EL_SCHAUF = GameStage(
    players=("Ana", "Ben"),
    modules=("characters",),
    current="Ana",
    display=("denar-2#1", "dirham-3#1", "ducat-4#1", "guilder-5#1"),
    cities={"Ana": "1,0 garden-10-N; 0,1 tower-10-W; 0,-1 arcades-9"},
    extra={"characters": {"owned": [["character-abdul-el-schauf"], []]}},
    actions=("take denar-2#1",),
)


def view_of(game: alh.Game, name: str, seat: int | None, language: str = "en") -> ModuleView:
    return next(v for v in module_views(game.state, seat, language) if v.name == name)


def accepted(game: alh.Game, action: str) -> bool:
    """Whether ``Game.apply`` takes the action's text (on a copy of the game)."""
    copy = alh.Game.from_json(game.to_json())
    copy.apply(action)
    return True


def el_schauf_removal(game: alh.Game) -> alh.MoveToReserve:
    """A removal Abdul El'Schauf's extra redesign may make (as the engine lists it)."""
    return next(
        a.redesign
        for a in game.legal_actions()
        if isinstance(a, ElSchaufRedesign) and isinstance(a.redesign, alh.MoveToReserve)
    )


def as_json(view: ModuleView) -> str:
    return json.dumps(dataclasses.asdict(view), ensure_ascii=False)


# -- gates ------------------------------------------------------------------------------------
def test_the_gates_view_shows_the_gate_card_and_offers_to_take_it():
    game = GATE_SHOWN.game()
    view = view_of(game, "gates", 0)
    assert view.title == "city gates"
    [beside] = view.table
    assert beside.card is not None and beside.card.name == "Gate"
    assert beside.text.startswith("A gate card lies beside the market")
    assert [h.title for h in view.seats] == ["Gate cards: 0", "Gate cards: 0"]
    [offer] = view.offers
    assert (offer.action, offer.enabled, offer.reasons) == ("take gate", True, ())
    assert offer.label == "Take the gate card (a whole take-money action)"
    assert accepted(game, offer.action)
    # Someone else's turn, or a picture: nothing is offered.
    assert view_of(game, "gates", 1).offers == () and view_of(game, "gates", None).offers == ()
    game.apply(offer.action)
    after = view_of(game, "gates", game.state.current)
    assert after.table[0].card is None and after.offers == ()
    assert [h.title for h in after.seats] == ["Gate cards: 1", "Gate cards: 0"]


def test_taking_the_gate_card_after_acting_is_offered_off_with_the_rules_reason():
    game = GATE_SHOWN.game()
    game.apply("take denar-2#1")  # the turn's action is spent
    [offer] = view_of(game, "gates", 0).offers
    assert not offer.enabled
    assert offer.reasons == tuple(v.explain("en") for v in game.check("take gate"))
    assert offer.reasons and "no action left" in offer.reasons[0]


def test_the_gate_chooser_says_where_a_gate_lets_each_tile_in():
    game = GATE_IN_HAND.game()
    player = game.state.players[0]
    chooser = view_of(game, "gates", 0).gate
    assert chooser is not None and chooser.title == "Gate (1 gate card):"
    for tile in player.reserve:
        openings = player.city.gate_openings(tile)
        hint = chooser.hint(tile.code)
        named = alh.word(tile.described())  # the tile in words, never its code
        if openings:
            cell, _ = openings[0]
            assert hint.startswith(f"Only with a gate the {named} also fits at")
            assert str(cell) in hint or f"{cell[0]}, {cell[1]}" in hint
        else:
            assert hint == f"A gate opens no new cell for the {named}."
    assert chooser.hint("no-such-tile") == ""
    # Without a gate card there is no chooser.
    assert view_of(GATE_SHOWN.game(), "gates", 0).gate is None


# -- characters -------------------------------------------------------------------------------
def test_an_auction_is_shown_held_with_its_bids_as_offers():
    game = AUCTION.game()  # Hakim Wahid is up; Ben (8 in ducats) bids first
    view = view_of(game, "characters", 1)
    assert view.held.startswith("Auction of Hakim Wahid (W): no bid yet; Ben to bid")
    assert view.table[0].strong and view.table[0].text == view.held
    assert view.auction is not None and view.auction.bids == tuple(range(1, 9))
    assert view.auction.most == (9, 8, 12) and view.auction.leader is None
    assert [o.action for o in view.offers] == [*(f"bid {n}" for n in range(1, 9)), "pass"]
    assert [o.label for o in view.offers[:2]] == ["Bid 1", "Bid 2"] and view.offers[
        -1
    ].label == "Pass"
    assert all(o.enabled for o in view.offers)
    for offer in view.offers:
        assert accepted(game, offer.action)
    assert game.check("bid 9")  # one more than the offers is refused
    assert view_of(game, "characters", 0).offers == ()  # Ana waits for her turn to bid


def test_the_winner_of_an_auction_owes_a_payment_the_view_writes():
    stage = GameStage(**{**FATIME_WON.__dict__, "actions": ()})
    game = stage.game()  # Ana won Fatime with 6 and pays
    view = view_of(game, "characters", 0)
    assert view.payment is not None and view.auction is not None and view.auction.paying
    assert view.payment.groups == (("denar-4#1", "denar-5#1"),)
    action = view.payment.action_for(["denar-5#1", "denar-4#1"])
    assert action == "pay denar-4#1 denar-5#1" and accepted(game, action)
    [offer] = view.offers  # the one minimal payment, as its button
    assert sorted(offer.action.split()) == ["denar-4#1", "denar-5#1", "pay"]
    assert offer.label.startswith("Pay ") and offer.label.endswith("(9)")
    assert view_of(game, "characters", 1).payment is None  # Ben owes nothing


def test_fatime_s_new_owner_is_offered_her_choice():
    game = FATIME_WON.game()
    view = view_of(game, "characters", 0)
    assert view.auction is None and "Ana won Fatime" in view.held
    assert [(o.label, o.action) for o in view.offers] == [
        ("Keep Fatime (8 points at the end)", "fatime keep"),
        ("Swap Fatime for the top face-down character", "fatime swap"),
    ]
    assert all(accepted(game, o.action) for o in view.offers)


def test_characters_held_are_chips_and_a_used_one_is_spent_this_turn():
    game = TURN_CHARACTERS.game()  # Ana holds Faruk Will'haben and Yammerad, 2 cards
    view = view_of(game, "characters", 0)
    ana, ben = view.seats
    assert ana.title == "Characters:" and ben.title == "Characters: none" and not ben.chips
    assert [c.id for c in ana.chips] == ["character-faruk-will-haben", "character-yammerad"]
    assert not any(c.spent for c in ana.chips) and ana.chip_kind == "character"
    assert ana.chips[1].about.startswith("Yammerad: on your turns, one ♦ character per turn.")
    [yammerad] = [o for o in view.offers if o.action == "yammerad draw"]
    assert yammerad.label == "Yammerad: draw the top money card" and accepted(game, "yammerad draw")
    assert view.held == "" and not view.table[0].strong
    game.apply("yammerad draw")
    after = view_of(game, "characters", 0)
    spent = [c for c in after.seats[0].chips if c.spent]
    assert [c.id for c in spent] == ["character-faruk-will-haben", "character-yammerad"]
    assert spent[1].text == "Yammerad (♦) · used this turn"
    assert all(o.action != "yammerad draw" for o in after.offers)  # one ♦ character per turn


def test_abdul_el_schauf_is_one_offer_made_on_the_board():
    game = EL_SCHAUF.game()
    offers = view_of(game, "characters", 0).offers
    [el_schauf] = [o for o in offers if o.board is not None]
    assert el_schauf.action == "el-schauf" and el_schauf is offers[-1]
    assert el_schauf.board.prompt.startswith("Ana: Abdul El'Schauf's redesign")
    removal = el_schauf_removal(game)
    wrapped = el_schauf.board.action(str(removal))
    assert wrapped == f"el-schauf {removal}" and accepted(game, wrapped)


# -- every module -----------------------------------------------------------------------------
@pytest.mark.parametrize("language", ["en", "hu", "ja"])
def test_views_are_json_and_said_in_the_language_asked(language):
    for stage in (GATE_SHOWN, GATE_IN_HAND, AUCTION, FATIME_WON, TURN_CHARACTERS, EL_SCHAUF):
        game = stage.game()
        for view in module_views(game.state, game.state.current, language):
            json.loads(as_json(view))  # plain data
    game = alh.Game(2, seed=1, modules=("gates", "diamonds", "characters", "camps"))
    titles = [v.title for v in module_views(game.state, None, language)]
    english = ["city gates", "diamonds", "character cards", "camps"]
    assert (titles == english) == (language == "en")


def test_a_module_without_a_view_is_shown_by_its_name():
    @register
    class Quiet(Module):
        name = "test-quiet"

    try:
        game = alh.Game(2, seed=1, modules=("test-quiet", "camps"))
        views = module_views(game.state, 0, "en")
        assert views == (ModuleView("test-quiet", "test-quiet"), ModuleView("camps", "camps"))
        assert "Expansion II: test-quiet and camps" in game_svg(game, language="en")
    finally:
        MODULES.pop("test-quiet")


# -- the game table plays a module's controls through the views -------------------------------
def send(widget: alh.GameWidget, message: object) -> None:
    widget._handle_message(widget, message, [])


def test_a_bid_button_sends_the_offer_s_action_and_the_table_applies_it():
    w = alh.GameWidget(AUCTION.game(), bots={}, autoplay=False)
    view = view_of(w.game, "characters", 1)
    assert f'data-module="{view.offers[2].action}"' in w._table["svg"]
    assert w._buttons_off()["take"]  # play is held: only the module's buttons act
    send(w, {"kind": "module", "action": "bid 3", "version": w._table["version"]})
    assert w._note["kind"] == "done", w.note
    assert w.game.state.log[-1].key == "event.auction-bid"
    assert view_of(w.game, "characters", 2).auction.high == 3
    # A bid the rules refuse is the usual refusal sentence; the game does not change.
    before = w.game.to_json()
    send(w, {"kind": "module", "action": "bid 2", "version": w._table["version"]})
    assert w._note["kind"] == "refused" and w.game.to_json() == before


def test_an_off_offer_pressed_says_why_and_changes_nothing():
    game = GATE_SHOWN.game()
    game.apply("take denar-2#1")
    w = alh.GameWidget(game, bots={}, autoplay=False)
    svg = w._table["svg"]
    button = svg[svg.index('data-module="take gate"') - 120 : svg.index('data-module="take gate"')]
    assert 'data-off="true"' in button
    before = w.game.to_json()
    send(w, {"kind": "module", "action": "take gate", "version": w._table["version"]})
    [reason] = view_of(game, "gates", 0).offers[0].reasons
    assert w._note["kind"] == "refused" and reason in w.note
    assert w.game.to_json() == before


def test_abdul_el_schauf_s_redesign_is_made_on_the_board_through_his_offer():
    w = alh.GameWidget(EL_SCHAUF.game(), bots={}, autoplay=False)
    board = view_of(w.game, "characters", 0).offers[-1].board
    send(w, {"kind": "module", "action": "el-schauf", "version": w._table["version"]})
    assert w.el_schauf and w.redesign and w.note == board.note and w._prompt == board.prompt
    removal = el_schauf_removal(w.game)
    key = f"{removal.cell[0]},{removal.cell[1]}"
    assert w._verdicts["cells"][key]["ok"]  # judged as his redesign
    send(w, {"kind": "act", "cell": key, "tile": None, "version": w._table["version"]})
    assert w._note["kind"] == "done", w.note
    keys = [event.key for event in w.game.state.log[-3:]]
    assert "event.el-schauf" in keys and not w.el_schauf
    assert removal.cell not in w.game.state.players[0].city

"""What a new learner reads is words, in their language, written as their language writes.

- A tile is named in words ("the tower (price 9, walls north and east)"), never by the code
  that code reads and writes (``tower-9-NE``): in every catalogue sentence that takes a tile,
  in every language, and in what the widgets show and say (prompts, tray captions, verdicts,
  the pictures' descriptions and accessible names).
- An exercise reads the learner's words as well as the English notation: "senki", "niemand",
  "nikt", "なし" for "nobody", a currency by its name in the language; it judges them as the
  notation, and its feedback quotes the language's words.
- Sentences said one after the other are joined as the language joins them (no space in
  Japanese), and a number meets its noun through the catalogue's plural forms (Polish 1, 2-4,
  5+; Hungarian and Japanese one form).
"""

from __future__ import annotations

import re
import string
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

import alhambra_nb as alh
import alhambra_nb.lab  # every part adds its templates to the catalogue
import alhambra_nb.modules
import alhambra_nb.widgets
from alhambra_nb import chapters
from alhambra_nb.core.geometry import Side
from alhambra_nb.core.messages import (
    ENGLISH,
    LANGUAGES,
    Phrase,
    render,
    sentences,
    template,
    translations,
    word,
)
from alhambra_nb.core.money import CURRENCIES, Cards
from alhambra_nb.core.search import hint
from alhambra_nb.core.tiles import CAMPS, FOUNTAIN, TILES, Building, Tile, TileName
from alhambra_nb.render import city_svg, describe_cell, tile_svg
from alhambra_nb.render.text import describe_violations
from alhambra_nb.widgets.game import refusal

ROOT = Path(__file__).resolve().parent.parent
TRANSLATED = ("hu", "de", "pl", "ja")

# -- tiles in words ---------------------------------------------------------------------------
TILE_CODE = re.compile(
    r"(?<![\w-])(?:pavilion|seraglio|arcades|chambers|garden|tower|camp)-\d+(?:-[nesw]{1,4})?"
    r"(?!\w)",
    re.IGNORECASE,
)
"""A tile code as code writes it: ``tower-9-NE``, ``garden-10``, ``camp-8-NE`` (also inside
a word it was glued to, as in "garden-10-Plättchen")."""

QUOTED = re.compile(r"(?<![A-Za-z])'[^'\n]*'(?![A-Za-z])")
"""Quoted notation in a sentence ('tower-9-NE' as an example of what to type): code shown as
code, which the learner types."""


def tile_codes(text: str) -> list[str]:
    """The tile codes ``text`` shows a learner as words (quoted notation aside)."""
    return TILE_CODE.findall(QUOTED.sub(" ", text))


def test_the_code_finder_finds_what_a_learner_must_not_read():
    # The finder itself, fed the faults this file guards against: a finder that found
    # nothing would let every test below pass.
    assert tile_codes("Trying the tower-9-NE: it fits on 2 cells.") == ["tower-9-NE"]
    assert tile_codes("Probe mit dem garden-10-Plättchen: Es passt hier.") == ["garden-10"]
    assert tile_codes("camp-8-NE alt text") == ["camp-8-NE"]
    assert tile_codes("the tower (price 9, walls north and east)") == []
    assert tile_codes("a tile code is a text such as 'tower-9-NE', not 5") == []


SAMPLE_TILES: tuple[Tile, ...] = (
    next(t for t in TILES if not t.walls),  # no wall
    next(t for t in TILES if len(t.walls) == 1),  # one wall
    next(t for t in TILES if len(t.walls) == 3),  # several walls
    FOUNTAIN,
    CAMPS[0],  # expansion II: bastions
)
TILE_PARAMS = ("tile", "old", "other", "camp")
PLACEHOLDER = re.compile(r"(?<!\{)\{([a-z_]+)(?::[a-z]+)?\}")


def _names(key: str) -> set[str]:
    english = ENGLISH[key]
    texts = english if isinstance(english, tuple) else (english,)
    return {name for text in texts for name in PLACEHOLDER.findall(text)}


TILE_SENTENCES = sorted(
    key for key in ENGLISH if "@" not in key and _names(key) & {*TILE_PARAMS, "tiles"}
)
"""Every catalogue sentence that takes a tile."""


def _sample(name: str, tile: Any) -> Any:
    """A value of the kind the placeholder ``name`` takes, ``tile`` for a tile."""
    if name in TILE_PARAMS:
        return tile
    if name == "tiles":
        return [tile, tile]
    if name in ("cell", "other_cell", "end", "at"):
        return (1, 0)
    if name in ("side", "opposite"):
        return Side.N
    if name == "sides":
        return [Side.N, Side.E]
    if name == "building":
        return Building.TOWER
    if name == "currency":
        return Phrase("currency.denar")
    if name == "money":
        return Phrase("amount.denar", count=9)
    if name == "cards":
        return Cards(["denar-4#1", "denar-5#1"])
    if name == "edge":
        return tile.edges[0] if hasattr(tile, "edges") else "x"
    return 2 if name in ("count", "number", "price", "total", "space", "round") else "x"


def test_there_are_sentences_that_take_a_tile_to_check():
    assert len(TILE_SENTENCES) > 50
    assert {"page.fits", "widget.placed", "event.buy-exact", "tile-at"} <= set(TILE_SENTENCES)


def coded_sentences(language: str) -> list[str]:
    """Every sentence of the catalogue that takes a tile, filled with real tiles (no wall,
    one wall, several walls, the fountain, a camp) as a tile, as the tile described and as
    the tile described without its price, in ``language``: those that show a tile code."""
    faults = []
    for key in TILE_SENTENCES:
        for tile in SAMPLE_TILES:
            for value in (tile, tile.described(), tile.described(price=False)):
                params = {name: _sample(name, value) for name in _names(key)}
                params["count"] = params.get("count", 2)
                said = render(key, params, language)
                if tile_codes(said):
                    faults.append(f"{key} ({tile.code}): {said}")
    return faults


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_no_sentence_that_takes_a_tile_writes_its_code(language):
    faults = coded_sentences(language)
    assert not faults, "\n".join(faults)


def test_the_sentence_check_finds_a_tile_written_as_its_code(monkeypatch):
    # A broken copy: tiles put into words as their codes, as the widgets once did.
    monkeypatch.setattr(TileName, "__format__", lambda self, form: self.tile.code)
    faults = coded_sentences("en")
    assert any(fault.startswith("page.fits (") for fault in faults)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_a_described_tile_says_its_type_price_and_walls(language):
    tower = alh.Tile.parse("tower-9-NE")
    said = word(tower.described(), language)
    assert word(tower, language) in said and "9" in said
    assert all(word(side, language) in said for side in (Side.N, Side.E))
    short = word(tower.described(price=False), language)
    assert "9" not in short and word(Side.E, language) in short
    camp = CAMPS[0]
    assert word(camp, language) in word(camp.described(), language)
    assert word(FOUNTAIN.described(), language) == word(FOUNTAIN, language)


def test_a_described_tile_bends_its_noun_as_the_sentence_asks():
    tower = alh.Tile.parse("tower-9-NE").described()
    assert format(tower.in_words("de"), "acc") == "den Turm (Preis 9, Mauern im Norden und Osten)"
    assert format(tower.in_words("pl"), "gen").startswith("wieży (cena 9")


# -- what the widgets show and say -----------------------------------------------------------
SPOKEN_KEYS = {"text", "message", "tag", "label", "caption", "status", "title", "move"}
"""The keys of a widget's data whose values a learner reads (others are data the page
reads: an action's notation, a tile's code to answer with, colours)."""


def _spoken(data: Any, key: str = "") -> Iterator[str]:
    """Every text a learner reads in a widget's data: the spoken values, the cell labels,
    and the words of every picture (text, descriptions, titles and accessible names)."""
    if isinstance(data, dict):
        for name, value in data.items():
            yield from _spoken(value, "labels" if key == "labels" else str(name))
    elif isinstance(data, (list, tuple)):
        for value in data:
            yield from _spoken(value, key)
    elif isinstance(data, str):
        if data.lstrip().startswith("<svg"):
            yield from _picture_words(data)
        elif key in SPOKEN_KEYS or key == "labels" or key == "effects":
            yield data


def _picture_words(svg: str) -> Iterator[str]:
    for node in ET.fromstring(svg).iter():
        if node.text and node.text.strip():
            yield node.text
        for attribute in ("aria-label", "title"):
            if node.get(attribute):
                yield node.get(attribute)


def _no_codes(texts: Iterator[str]) -> list[str]:
    return [text for text in texts if tile_codes(text)]


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_city_widget_names_tiles_in_words(language):
    city = alh.City.from_text("0,0 fountain\n1,0 garden-10-NE\n1,1 tower-9-E\n")
    w = alh.CityWidget(
        city, tiles=["tower-9-NE", "garden-6"], reserve=["arcades-8-S"], selected=0,
        language=language,
    )  # fmt: skip
    tray = w._tray
    tower = alh.Tile.parse("tower-9-NE")
    # the tray: the code stays what the page answers with; caption and name are words
    assert tray[0]["code"] == "tower-9-NE"
    assert tray[0]["label"] == word(tower.described(), language)
    assert tray[0]["caption"] == render(
        "widget.tray-caption", {"tile": tower, "price": 9}, language
    )
    assert _no_codes(_spoken(tray)) == []
    assert w._verdicts["status"] and _no_codes(_spoken(w._verdicts)) == []
    assert _no_codes(_spoken(w._board)) == []
    legal = next(key for key, verdict in w._verdicts["cells"].items() if verdict["ok"])
    w.try_place(tuple(int(n) for n in legal.split(",")))
    assert w.note and not tile_codes(w.note)
    w.selected = 0
    w.try_place((3, 3))  # refused: the note names the tile in words too
    assert w.note and not tile_codes(w.note)
    w.mode = "redesign"
    w.reserve_selected = 0
    assert _no_codes(_spoken(w._verdicts)) == []
    picture = w._repr_mimebundle_()[0]["image/svg+xml"]
    assert _no_codes(_picture_words(picture)) == []


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_game_table_names_tiles_in_words(language):
    game = alh.Game(["Ana", "Ben"], seed=3)
    game.apply(next(a for a in game.legal_actions() if type(a).__name__ == "Buy"))
    w = alh.GameWidget(game, autoplay=False, language=language)
    w.choice = ("bought", 0)
    assert w._prompt and not tile_codes(w._prompt)
    for trait in (w._table, w._options, w._verdicts):
        assert _no_codes(_spoken(trait)) == []
    # the picture's description names the market in words; print(game) keeps the codes an
    # action is written with
    desc = ET.fromstring(w._table["svg"]).find("{http://www.w3.org/2000/svg}desc").text
    assert not tile_codes(desc)
    assert tile_codes(game.describe(language))


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_pictures_and_staged_games_name_tiles_in_words(language):
    tower = alh.Tile.parse("tower-9-NE")
    assert _no_codes(_picture_words(tile_svg(tower, language=language))) == []
    city = alh.City.from_text("0,0 fountain\n1,0 garden-10-NE\n")
    tried = city_svg(city, try_tile=tower, at=(0, 1), rotation=1, language=language)
    assert _no_codes(_picture_words(tried)) == []
    step = chapters.step("end-of-game/last/try")
    summary = step.to_dict(language=language)["game"]
    assert _no_codes(_spoken({"text": [m["tile"] for m in summary["market"] if m["tile"]]})) == []
    assert summary["market"][0]["tile"] in {
        word(t.described(), language) for t in step.staged_game().state.market if t
    }


def test_a_gate_on_a_tile_is_said_in_its_cells_description():
    city = alh.City.from_text("0,0 fountain\n1,0 garden-10-E\n2,0 tower-9-W\n")
    gated = alh.City(dict(city.items()), gates=[((1, 0), "E")])
    assert describe_cell(gated, (1, 0)).endswith("a gate on its east side")
    assert describe_cell(gated, (2, 0)).endswith("a gate on its west side")
    assert "gate" not in describe_cell(city, (1, 0))
    assert "城門" in describe_cell(gated, (1, 0), "ja")


# -- answers in the learner's language ---------------------------------------------------------
NOBODY = {"hu": "senki", "de": "niemand", "pl": "nikt", "ja": "なし"}
DIAMOND = {"hu": "gyémánt", "de": "Diamant", "pl": "diament", "ja": "ダイヤモンド"}
DENAR = {"hu": "Denar", "de": "Denar", "pl": "niebieska", "ja": "デナール"}


def _in_language(answer: dict[int, str], language: str) -> dict[int, str]:
    return {space: NOBODY[language] if who == "nobody" else who for space, who in answer.items()}


@pytest.mark.parametrize("language", TRANSLATED)
def test_nobody_in_the_learners_language_is_judged_as_nobody(language):
    step = chapters.step("end-of-game/last/try")
    notation = step.solutions()[0]
    assert "nobody" in notation.values()
    theirs = _in_language(notation, language)
    right = step.check(theirs, language=language)
    assert right.ok and right.message == step.check(notation, language=language).message
    wrong_notation = {**notation, 1: "nobody"}  # space 1 has a receiver
    wrong = step.check(_in_language(wrong_notation, language), language=language)
    assert not wrong.ok
    assert wrong.message == step.check(wrong_notation, language=language).message
    # a name that is nobody's: the refusal lists who may be named, nobody in the language
    refused = step.check({1: "Zed"}, language=language).message
    assert NOBODY[language] in refused and "nobody" not in refused
    example = step.check(..., language=language).message
    assert f"'{NOBODY[language]}'" in example and "'nobody'" not in example


@pytest.mark.parametrize("language", TRANSLATED)
def test_a_space_is_read_by_its_currency_in_the_learners_language(language):
    step = chapters.step("end-of-game/last/try")
    notation = step.solutions()[0]
    by_currency = {
        word(CURRENCIES[space - 1], language): who
        for space, who in _in_language(notation, language).items()
    }
    assert step.check(by_currency, language=language).ok


@pytest.mark.parametrize("language", TRANSLATED)
def test_cards_in_the_learners_language_pay_as_the_notation(language):
    step = chapters.step("diamonds/pay/try")
    notation = step.solutions()[0]  # ['diamond 5', 'diamond 3']
    theirs = [item.replace("diamond", DIAMOND[language]) for item in notation]
    right = step.check(theirs, language=language)
    assert right.ok and right.message == step.check(notation, language=language).message
    # a card not held: the feedback quotes the hand in the language's words
    refused = step.check([f"{DIAMOND[language]} 9"], language=language).message
    assert f"'{DIAMOND[language]} 5'" in refused and "'diamond 5'" not in refused
    buying = chapters.step("buying/exact/try")
    denars = [item.replace("denar", DENAR[language]) for item in buying.solutions()[0]]
    assert buying.check(denars, language=language).ok
    example = buying.check(..., language=language).message
    assert f"'{DENAR[language]} 4'" in example


def test_the_english_notation_is_read_in_every_language_and_the_english_words_only_in_it():
    step = chapters.step("end-of-game/last/try")
    notation = step.solutions()[0]
    for language in LANGUAGES:
        assert step.check(notation, language=language).ok
    # Hungarian words are read in Hungarian, not in English: each language reads its own
    assert not step.check(_in_language(notation, "hu"), language="en").ok


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_every_answer_word_entry_splits_into_forms(language):
    for key in (k for k in ENGLISH if k.startswith("answer.")):
        forms = template(key, language).split("|")
        assert all(form.strip() == form and form for form in forms), (key, forms)
        assert len(set(forms)) == len(forms), (key, forms)


# -- sentences joined, numbers counted, as each language writes them -------------------------
def test_japanese_sentences_are_joined_without_a_space():
    assert sentences(["一つ目です。", "二つ目です。"], "ja") == "一つ目です。二つ目です。"
    assert sentences(["One.", "Two."], "en") == "One. Two."
    assert sentences([], "ja") == "" and sentences(["Alone."], "de") == "Alone."


def _spaced_after_full_stop(text: str) -> bool:
    return re.search(r"[。！？] ", text) is not None


def test_a_japanese_verdict_of_two_sentences_has_no_space_after_the_full_stop():
    assert _spaced_after_full_stop("一つ目です。 二つ目です。")  # the check finds the fault
    step = chapters.step("turn/take-money/try")
    verdict = step.check([{2}], language="ja")
    assert not verdict.ok and verdict.message.count("。") >= 2
    assert not _spaced_after_full_stop(verdict.message)
    city = alh.City.from_text("0,0 fountain\n1,0 garden-10-NE\n")
    violations = city.check("tower-9-NE", (3, 3))
    assert len(violations) >= 2
    for said in (refusal(violations, "ja"), describe_violations(violations, "ja")):
        assert said.count("。") >= 2 and not _spaced_after_full_stop(said)
    assert " " in describe_violations(violations, "en")


def test_a_japanese_hint_has_no_space_after_the_full_stop():
    game = alh.Game(["Ana", "Ben"], seed=3)
    said = hint(game, simulations=4, seed=1, time=None).describe("ja")
    assert said.count("。") >= 2 and not _spaced_after_full_stop(said)


def test_a_polish_count_of_two_and_of_five_take_different_forms():
    for key in ("widget.table-bag", "widget.table-deck", "page.fits", "widget.table-neutral"):
        params = {"tile": alh.Tile.parse("tower-9-NE"), "player": "Ana", "held": "x"}
        two = render(key, {**params, "count": 2}, "pl")
        five = render(key, {**params, "count": 5}, "pl")
        assert two.replace("2", "") != five.replace("5", ""), key
    assert "2 żetony" in render("widget.table-bag", {"count": 2}, "pl")
    assert "5 żetonów" in render("widget.table-bag", {"count": 5}, "pl")
    assert "22 żetony" in render("widget.table-bag", {"count": 22}, "pl")
    assert "12 żetonów" in render("widget.table-bag", {"count": 12}, "pl")
    assert render("amount.ducat", {"count": 1}, "de") == "1 Dukat"
    assert render("amount.ducat", {"count": 9}, "de") == "9 Dukaten"


COUNTED_NOUN = re.compile(r"\{count\} (?!(?:more|missing|there)\b)[a-z]")
"""A count followed by a noun ("{count} cells"; "{count} more" names no noun)."""
AMOUNT = re.compile(r"\{(total|amount|price|paid)\} \{currency\}")
LABELS = {"game.money", "widget.table-price"}
"""Amounts written as a label, the currency naming the column and the number its value
(every catalogue writes them so: "Dukaten: 8")."""

PLURAL_FORMS = {
    "de": (2, {1: 0, 2: 1, 5: 1}),
    "hu": (1, {1: 0, 2: 0, 5: 0}),  # a noun after a number stays singular
    "ja": (1, {1: 0, 2: 0, 5: 0}),
    "pl": (3, {1: 0, 2: 1, 4: 1, 5: 2, 12: 2, 22: 1, 25: 2, 112: 2}),
}


@pytest.mark.parametrize("language", TRANSLATED)
def test_each_catalogue_declares_its_languages_plural_rule(language):
    count, forms = PLURAL_FORMS[language]
    path = ROOT / "alhambra_nb" / "locale" / language / "LC_MESSAGES" / "alhambra_nb.po"
    with path.open("rb") as stream:
        catalogue = read_po(stream, locale=language)
    assert catalogue.num_plurals == count
    header = dict(catalogue.mime_headers)["Plural-Forms"]
    assert header.startswith(f"nplurals={count};")
    compiled = translations(language)
    assert {n: compiled.plural(n) for n in forms} == forms
    for message in catalogue:
        if message.id and isinstance(message.id, tuple):
            assert len(message.string) == count, message.context


def test_a_number_meets_a_noun_only_through_a_plural_entry():
    """English templates where a count is followed by a word, or an amount by its
    currency, are plural entries (the amount through ``amount.*``), so every language can
    bend the noun by the number."""
    faults = []
    for key, english in ENGLISH.items():
        texts = english if isinstance(english, tuple) else (english,)
        for text in texts:
            if COUNTED_NOUN.search(text) and not isinstance(english, tuple):
                faults.append(key)
            if AMOUNT.search(text) and key not in LABELS:
                faults.append(key)
    assert not faults, faults
    assert all(isinstance(ENGLISH[f"amount.{c.value}"], tuple) for c in CURRENCIES)
    assert set(string.digits) & set(render("amount.denar", {"count": 7}, "pl"))

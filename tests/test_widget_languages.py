"""The widgets speak the language they are given: page words, notes, verdicts, prompts and
pictures come from the catalogue of that language, and a change of language says them again.

The catalogues used here are small ones compiled for the test (a few known translations in
Hungarian and Japanese), so the tests do not depend on how far the real catalogues are: a key
translated here reads differently from its English, and a widget that ignored its language
would show the English.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterator, Mapping
from pathlib import Path

import pytest

import alhambra_nb as alh
from alhambra_nb.core.messages import ENGLISH, LanguageError, Template, render, template
from alhambra_nb.render import city_svg, describe_cell, game_svg, legend_svg, tile_svg
from alhambra_nb.render.text import describe_city, describe_tile, describe_violations, rule_tag
from alhambra_nb.widgets.board import extent_cells, parse_cell_key
from alhambra_nb.widgets.chapter import ChapterWidget
from alhambra_nb.widgets.game import GameWidget
from tests.catalogues import reading, write_catalogue

SMALL = "0,0 fountain\n1,0 garden-10-NE\n1,1 tower-9-E\n"

KNOWN: dict[str, dict[str, Template]] = {
    "hu": {
        "building.tower": "torony",
        "building.garden": "kert",
        "tile.fountain": "szökőkút",
        "side.N": "észak",
        "side.E": "kelet",
        "list.and": " és ",
        "page.turn": "⟳ Forgatás",
        "page.undo": "Visszavonás",
        "page.redesign": "Átépítés",
        "page.gate-mark": "kapu",
        "page.fits-none": "A(z) {tile} sehová sem illik. Mutass egy mezőre, hogy lásd, miért.",
        "page.fits": (
            "A(z) {tile} {count} mezőre illik (✓). Mutass rá, hogy lásd, miért.",
            "A(z) {tile} {count} mezőre illik (✓). Mutass egy mezőre, hogy lásd, miért.",
        ),
        "widget.verdict-ok": "{cell}: {doing}.",
        "widget.verdict-broken": (
            "{cell}: {count} szabály sérül. {why}",
            "{cell}: {count} szabály sérül. {why}",
        ),
        "widget.doing-place": "a(z) {tile} ide illik{gate}; kattints a lerakáshoz",
        "widget.nothing-to-undo": "Nincs mit visszavonni.",
        "widget.ignored-message": "Figyelmen kívül hagyott üzenet: {reason}",
        "widget.bad-message-kind": "ismeretlen üzenetfajta: {value}",
        "placement/walls-match:wall-open": (
            "A(z) {other_cell} mezőn álló {other} nyitott oldala a(z) {cell} mezőn álló {tile} "
            "falával nézne szembe."
        ),
        "render.cell-empty": "{cell}: üres",
        "render.tile-walls": ("{tile}, fal: {sides}", "{tile}, falak: {sides}"),
        "render.city": ("Egy {count} lapkás Alhambra.", "Egy {count} lapkás Alhambra."),
        "render.tag.walls": "falak",
        "legend.wall": "fal",
        "widget.button-take": "Pénzt vesz",
        "widget.table-market": "Épületpiac",
        "widget.table-log": (
            "Napló (a legújabb alul; {count} bejegyzés)",
            "Napló (a legújabb alul; {count} bejegyzés)",
        ),
        "prompt.act": "{player}: vegyél pénzt, vásárolj vagy építs át.",
        "prompt.act-no-redesign": "{player}: vegyél pénzt vagy vásárolj.",
        "game-page.table": "Alhambra játékasztal",
        "game-page.press-take": "Nyomd meg a Pénzt vesz gombot.",
        "game-page.cell-idle": (
            "{label}. Válassz egy megvett vagy tartalék lapkát, vagy nyomd meg az Átépítést."
        ),
        "game-page.cell-idle-no-redesign": "{label}. Válassz egy megvett vagy tartalék lapkát.",
        "chapter-page.next": "Tovább ▶",
        "chapter-page.check": "Ellenőrzés",
        "widget.failed-mark": "✗ {text}",
    },
    "ja": {
        "building.tower": "塔",
        "building.garden": "庭園",
        "tile.fountain": "噴水",
        "side.N": "北",
        "side.E": "東",
        "list.and": "と",
        "page.turn": "⟳ 回転",
        "page.undo": "元に戻す",
        "page.redesign": "改築",
        "page.gate-mark": "門",
        "page.fits-none": "{tile}はどこにも置けません。マスを指すと理由が分かります。",
        "page.fits": ("{tile}は{count}マスに置けます（✓）。マスを指すと理由が分かります。",),
        "widget.verdict-ok": "{cell}：{doing}。",
        "widget.verdict-broken": ("{cell}：{count}個のルール違反。{why}",),
        "widget.doing-place": "{tile}はここに置けます{gate}。クリックで置きます",
        "widget.nothing-to-undo": "元に戻すものはありません。",
        "widget.ignored-message": "ページからのメッセージを無視しました：{reason}",
        "widget.bad-message-kind": "不明なメッセージ {value}",
        "placement/walls-match:wall-open": (
            "{cell}の{tile}の壁が{other_cell}の{other}の開いた側に面します。"
        ),
        "render.cell-empty": "{cell}：空き",
        "render.tile-walls": ("{tile}、壁：{sides}",),
        "render.city": ("{count}枚のタイルのアルハンブラ。",),
        "render.tag.walls": "壁",
        "legend.wall": "壁",
        "widget.button-take": "お金を取る",
        "widget.table-market": "建物市場",
        "widget.table-log": ("記録（新しいものが下；{count}件）",),
        "prompt.act": "{player}：お金を取る、買う、または改築する。",
        "prompt.act-no-redesign": "{player}：お金を取る、または買う。",
        "game-page.table": "アルハンブラのゲーム卓",
        "game-page.press-take": "「お金を取る」を押してください。",
        "game-page.cell-idle": (
            "{label}。購入したタイルか予備のタイルを選ぶか、改築を押してください。"
        ),
        "game-page.cell-idle-no-redesign": (
            "{label}。購入したタイルか予備のタイルを選んでください。"
        ),
        "chapter-page.next": "次へ ▶",
        "chapter-page.check": "確認",
        "widget.failed-mark": "✗ {text}",
    },
}
"""A few known translations per language; every other key reads as its English."""

LANGUAGES = tuple(KNOWN)


@pytest.fixture
def known_catalogues(tmp_path: Path) -> Iterator[None]:
    """The package reads the small catalogues of ``KNOWN`` instead of its own; the session
    speaks English."""
    for language, known in KNOWN.items():
        write_catalogue(tmp_path, language, known)
    with reading(tmp_path):
        alh.set_language("en")
        yield


def translated(key: str, language: str) -> str:
    """The template ``key`` in ``language``, checked to be a translation (not the English)."""
    text = template(key, language, count=2)
    english = ENGLISH[key]
    assert text != (english[1] if isinstance(english, tuple) else english), key
    return text


@pytest.fixture
def city() -> alh.City:
    return alh.City.from_text(SMALL)


# -- the pictures -------------------------------------------------------------------------
@pytest.mark.parametrize("language", LANGUAGES)
def test_descriptions_and_pictures_speak_the_language(known_catalogues, city, language):
    assert describe_cell(city, (2, 0), language) == render(
        "render.cell-empty", {"cell": (2, 0)}, language
    )
    garden = city[(1, 0)]
    sides = [alh.Side.N, alh.Side.E]
    expected = render("render.tile-walls", {"tile": garden, "sides": sides, "count": 2}, language)
    assert describe_tile(garden, language) == expected
    assert translated("building.garden", language) in expected
    assert describe_city(city, language=language).startswith(
        render("render.city", {"count": 3}, language)
    )
    assert rule_tag("placement/walls-match", language) == translated("render.tag.walls", language)
    picture = city_svg(city, try_tile="tower-9-NE", at=(-1, 0), language=language)
    violations = city.check("tower-9-NE", (-1, 0))
    assert describe_violations(violations, language) in picture
    # the key under the board: each broken rule's sentence, in the language
    key = "".join(text for text in re.findall(r'class="key-text"[^>]*>([^<]*)<', picture))
    sentences = "".join(v.explain(language) for v in violations).replace(" ", "")
    assert key.replace(" ", "") == html.escape(sentences, quote=False).replace(" ", "")
    assert any(v.explain(language) != v.explain("en") for v in violations)
    assert translated("legend.wall", language) in legend_svg(language=language)
    assert translated("building.tower", language) in tile_svg("tower-9-NE", language=language)
    # the session's language stays English, and so do pictures drawn without a language
    assert "An Alhambra of 3 tiles." in city_svg(city)


# -- the city widget ----------------------------------------------------------------------
def city_widget(language: str | None, city: alh.City) -> alh.CityWidget:
    return alh.CityWidget(city, tiles=["tower-9-NE", "garden-6"], selected=0, language=language)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_city_widget_speaks_its_language(known_catalogues, city, language):
    w = city_widget(language, city)
    assert w.language == language
    for name in ("turn", "undo", "redesign", "gate-mark"):
        assert w._words[name] == translated(f"page.{name}", language)
    cells = w._verdicts["cells"]
    ok = sum(verdict["ok"] for verdict in cells.values())
    tower = alh.Tile.parse("tower-9-NE")
    expected = render("page.fits", {"tile": tower.described(), "count": ok}, language)
    assert w._verdicts["status"] == expected
    assert expected != render("page.fits", {"tile": tower.described(), "count": ok}, "en")
    violations = w.verdict_at((-1, 0))
    why = describe_violations(violations, language)
    assert why != describe_violations(violations, "en")
    wanted = {"cell": (-1, 0), "count": len(violations), "why": why}
    assert cells["-1,0"]["text"] == render("widget.verdict-broken", wanted, language)
    assert cells["-1,0"]["violations"][0]["message"] == violations[0].explain(language)
    legal = next(key for key, verdict in cells.items() if verdict["ok"])
    words = {"tile": tower.described(price=False), "gate": ""}
    doing = render("widget.doing-place", words, language)
    assert doing != render("widget.doing-place", words, "en")
    x, y = (int(n) for n in legal.split(","))
    ok_text = render("widget.verdict-ok", {"cell": (x, y), "doing": doing}, language)
    assert cells[legal]["text"] == ok_text
    assert w._board["labels"]["2,0"] == translated("render.cell-empty", language).format(
        cell="(2, 0)"
    )
    assert translated("legend.wall", language) in w._board["legend"]
    w.undo()
    assert w.note == translated("widget.nothing-to-undo", language)
    w._handle_message(w, {"kind": "dance"}, [])
    assert w.note.startswith(translated("widget.ignored-message", language).split("{")[0])
    assert "dance" in w.note


@pytest.mark.parametrize("language", LANGUAGES)
def test_changing_the_city_widgets_language_says_everything_again(known_catalogues, city, language):
    w = city_widget("en", city)
    english = (w._words["turn"], w._verdicts["cells"]["-1,0"]["text"], w._board["svg"])
    w.language = language
    assert w._words["turn"] == translated("page.turn", language)
    assert w._verdicts["cells"]["-1,0"]["text"] != english[1]
    assert w._board["svg"] != english[2]
    assert render("render.city", {"count": 3}, language) in w._board["svg"]
    w.language = "en"
    assert (w._words["turn"], w._verdicts["cells"]["-1,0"]["text"], w._board["svg"]) == english


def test_a_widget_takes_the_sessions_language_when_given_none(known_catalogues, city):
    alh.set_language("hu")
    assert city_widget(None, city).language == "hu"
    assert GameWidget(language=None).language == "hu"
    assert ChapterWidget("turn").language == "hu"
    alh.set_language("en")
    assert city_widget(None, city).language == "en"


@pytest.mark.parametrize("bad", ["fr", "", 3, "english"])
def test_a_bad_language_is_refused_and_changes_nothing(known_catalogues, city, bad):
    with pytest.raises(LanguageError):
        city_widget(bad, city)
    with pytest.raises(LanguageError):
        GameWidget(language=bad)
    with pytest.raises(LanguageError):
        ChapterWidget("turn", language=bad)
    widgets = [
        city_widget("hu", city),
        GameWidget(language="hu"),
        ChapterWidget("turn", language="hu"),
    ]
    for w in widgets:
        before = dict(w._words)
        with pytest.raises(LanguageError):
            w.language = bad
        assert w.language == "hu" and w._words == before


def test_a_language_code_is_read_as_the_catalogue_does(known_catalogues, city):
    assert city_widget(" HU ", city).language == "hu"


# -- the game table -----------------------------------------------------------------------
def game() -> alh.Game:
    return alh.Game(["Ana", "Ben"], seed=3)


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_game_table_speaks_its_language(known_catalogues, language):
    w = GameWidget(game(), bots={1: "greedy"}, language=language)
    assert w._words["table"] == translated("game-page.table", language)
    assert w._words["press-take"] == translated("game-page.press-take", language)
    svg = w._table["svg"]
    assert translated("widget.table-market", language) in svg
    assert f'aria-label="{translated("widget.button-take", language)}"' in svg
    log = render("widget.table-log", {"count": len(w.game.state.log)}, language)
    assert log in svg and log != render("widget.table-log", {"count": 2}, "en")
    assert w._prompt == render("prompt.act-no-redesign", {"player": "Ana"}, language)
    assert translated("prompt.act-no-redesign", language)[-5:] in w._prompt
    for sentence in w.game.log_in(language)[-3:]:
        assert sentence[:20] in svg
    static = game_svg(w.game, language=language)
    assert translated("widget.table-market", language) in static
    w._handle_message(w, {"kind": "dance"}, [])
    assert w.note.startswith(translated("widget.ignored-message", language).split("{")[0])


@pytest.mark.parametrize("language", LANGUAGES)
def test_changing_the_game_tables_language_redraws_it(known_catalogues, language):
    w = GameWidget(game(), bots={1: "greedy"}, language="en")
    english = (w._table["svg"], w._prompt, dict(w._words))
    w.language = language
    assert translated("widget.table-market", language) in w._table["svg"]
    assert w._prompt == render("prompt.act-no-redesign", {"player": "Ana"}, language) != english[1]
    assert w._words["table"] == translated("game-page.table", language)
    w.language = "en"
    assert (w._table["svg"], w._prompt, dict(w._words)) == english


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_game_tables_cell_verdicts_speak_its_language(known_catalogues, language):
    w = GameWidget(game(), bots={1: "greedy"}, language=language)
    w.act(next(a for a in w.game.legal_actions() if isinstance(a, alh.Buy)))
    if w.chosen_tile is None:
        pytest.skip("the purchase left no tile to place")
    for key in extent_cells(tuple(w._table["cities"]["0"]["extent"])):
        label = w._table["cities"]["0"]["labels"][f"{key[0]},{key[1]}"]
        if key not in w.game.state.players[0].city:
            assert label == translated("render.cell-empty", language).format(
                cell=f"({key[0]}, {key[1]})"
            )


# -- the chapter widget -------------------------------------------------------------------
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_chapter_widget_speaks_its_language(known_catalogues, language):
    w = ChapterWidget("building", step="walls-match/try", language=language)
    assert w._words["next"] == translated("chapter-page.next", language)
    assert w._words["check"] == translated("chapter-page.check", language)
    step = w.step
    broken = {k: v for k, v in w._view["verdicts"].items() if not v["ok"]}
    assert broken, "the task's board has cells where the tile breaks a rule"
    for key, verdict in broken.items():
        cell = parse_cell_key(key)
        found = step.city.check(step.task.tile, cell, step.task.rotation)
        why = describe_violations(found, language)
        words = {"cell": cell, "count": len(found), "why": why}
        assert verdict["text"] == render("widget.verdict-broken", words, language)
        assert verdict["text"] != render("widget.verdict-broken", words, "en")
    assert any(translated("building.garden", language) in label
               for label in w._view["board"]["labels"].values())  # fmt: skip
    assert translated("legend.wall", language) in w._view["board"]["legend"]
    w._handle_message(w, {"kind": "dance"}, [])
    assert w._note["text"].startswith(translated("widget.ignored-message", language).split("{")[0])


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_chapter_widgets_feedback_follows_its_language(known_catalogues, language):
    w = ChapterWidget("building", step="walking/try", language="en")
    w.answer((1, 2))
    english = w._feedback["shown"]
    w.language = language
    assert w.last_verdict is not None and w._feedback["step"] == "building/walking/try"
    expected = w.step.check((1, 2), language=language).message
    assert w._feedback["shown"] == render("widget.failed-mark", {"text": expected}, language)
    assert w._words["next"] == translated("chapter-page.next", language)
    assert (
        w._view["board"]["svg"]
        != ChapterWidget("building", step="walking/try")._view["board"]["svg"]
    )
    assert english.startswith("✗ ")


def _catalogue_keys(mapping: Mapping[str, Template]) -> list[str]:
    return sorted(mapping)


def test_every_known_translation_names_a_real_template():
    for language, known in KNOWN.items():
        missing = [key for key in _catalogue_keys(known) if key not in ENGLISH]
        assert not missing, (language, missing)

"""Translations at run time: language choice, plurals, misses, safety, glossary."""

import shutil

import pytest
from babel.messages.pofile import read_po, write_po
from typer.testing import CliRunner

from machiavelli.cli import app
from machiavelli.core.cards import FRENCH
from machiavelli.core import glossary
from machiavelli.core import i18n
from machiavelli.core.i18n import PlaceholderError, UnknownLanguage, npgettext, pgettext, safe_format
from machiavelli.app.catalogs import shipped_languages

runner = CliRunner()
# Discovered: a translator adding a language gets these tests for it.
SHIPPED = shipped_languages()
NO_LOCALE_ENV = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": ""}


def run(*args, env=None):
    return runner.invoke(app, list(args), env={**NO_LOCALE_ENV, **(env or {})})


# -- safe formatting ----------------------------------------------------------------


@pytest.mark.parametrize("template", ["{n.__class__}", "{n[0]}", "{n!r}", "{n:>10}", "{0}"])
def test_safe_format_refuses_anything_but_plain_names(template):
    with pytest.raises(PlaceholderError):
        safe_format(template, n=5)


def test_safe_format_fills_plain_names_and_escaped_braces():
    assert safe_format("{player} draws {n} {{n}}", player="Ada", n=3) == "Ada draws 3 {n}"


# -- choosing the language --------------------------------------------------------------


def test_shipped_languages():
    # The kernel's list and the translators' tools find the same catalogs,
    # and the first five languages are among them.
    assert i18n.available_languages() == SHIPPED
    assert {"ar", "en", "it", "tr", "uk"} <= set(SHIPPED)


@pytest.mark.parametrize("environ, expected", [
    ({"LANG": "it_IT.UTF-8"}, "it"),
    ({"LANGUAGE": "fr:uk", "LANG": "it_IT.UTF-8"}, "uk"),
    ({"LANGUAGE": "fr", "LC_ALL": "tr_TR.UTF-8"}, "tr"),
    ({"LC_MESSAGES": "ar_EG.UTF-8", "LANG": "it_IT"}, "ar"),
    ({"LC_ALL": "C.UTF-8", "LANG": "it_IT.UTF-8"}, "en"),
    ({"LANG": "pt_BR.UTF-8"}, "en"),
    ({}, "en"),
])
def test_environment_language(environ, expected):
    assert i18n.environment_language(environ) == expected


def test_lang_option_overrides_environment():
    result = run("--lang", "tr", "meld", "check", "5C 6C 8C", env={"LANG": "it_IT.UTF-8"})
    assert result.exit_code == 1
    assert "ardışık değil" in result.stdout


def test_default_language_comes_from_the_environment():
    result = run("meld", "check", "5C 6C 8C", env={"LANG": "uk_UA.UTF-8"})
    assert "ранги не йдуть підряд" in result.stdout


def test_unknown_language_is_one_line_in_the_users_language_listing_the_available_ones():
    result = run("--lang", "fr", "meld", "check", "5C", env={"LANG": "it_IT.UTF-8"})
    assert result.exit_code == 2
    line = result.stderr.strip()
    assert len(line.splitlines()) == 1
    assert line.startswith("Lingua sconosciuta fr")
    for lang in SHIPPED:
        assert lang in line
    with pytest.raises(UnknownLanguage):
        i18n.resolve_language("klingon", environ={})


def test_region_codes_fall_back_to_the_language():
    assert i18n.resolve_language("it_CH", environ={}) == "it"
    assert i18n.resolve_language("uk-UA", environ={}) == "uk"


@pytest.mark.parametrize("code, expected", [
    ("zh_Hans", "zh_Hans"), ("zh-Hans", "zh_Hans"), ("zh-hans-CN", "zh_Hans"),
    ("zh_CN.UTF-8", "zh_Hans"), ("zh_SG", "zh_Hans"), ("zh", "zh_Hans"),
    # Traditional Chinese readers are not handed Simplified characters.
    ("zh_TW.UTF-8", None), ("zh_HK", None), ("zh_Hant", None),
])
def test_a_catalog_named_by_script_is_found_from_the_usual_region_codes(code, expected):
    assert i18n.match_language(code, ["en", "it", "zh_Hans"]) == expected


def test_a_chinese_environment_chooses_simplified_chinese():
    assert i18n.environment_language({"LANG": "zh_CN.UTF-8"}, ["en", "zh_Hans"]) == "zh_Hans"
    assert i18n.environment_language({"LANG": "zh_TW.UTF-8"}, ["en", "zh_Hans"]) == "en"


# -- plurals follow CLDR ------------------------------------------------------------------


def _cards(n):
    return npgettext("rule:hand_size", "The dealer deals {n} card to each player.",
                     "The dealer deals {n} cards to each player.", n)


def test_ukrainian_plural_forms():
    i18n.use_language("uk", environ={})
    assert _cards(1).endswith("по 1 карті.")
    assert _cards(3).endswith("по 3 карти.")
    assert _cards(5).endswith("по 5 карт.")
    assert _cards(11).endswith("по 11 карт.")
    assert _cards(21).endswith("по 21 карті.")
    assert _cards(22).endswith("по 22 карти.")
    assert i18n.misses() == []


def test_arabic_plural_forms():
    i18n.use_language("ar", environ={})
    assert "أي ورقة" in _cards(0)
    assert "ورقة واحدة" in _cards(1)
    assert "ورقتين" in _cards(2)
    assert "3 أوراق" in _cards(3)
    assert "11 ورقة" in _cards(11)
    assert "100 ورقة" in _cards(100)
    assert "103 أوراق" in _cards(103)
    assert i18n.misses() == []


def test_numbers_are_written_the_languages_way():
    i18n.use_language("it", environ={})
    assert _cards(1000).startswith("Il mazziere distribuisce 1.000 carte")
    i18n.use_language("uk", environ={})
    assert "1\u00a0000" in _cards(1000)


# -- misses and broken translations --------------------------------------------------------------


def _catalog_copy(tmp_path, lang, edit):
    """A copy of the shipped locales with one catalog edited by ``edit(catalog)``."""
    base = tmp_path / "locales"
    shutil.copytree(i18n.locales_dir(), base)
    path = i18n.catalog_path(lang, base)
    with path.open("rb") as f:
        catalog = read_po(f, locale=lang)
    edit(catalog)
    with path.open("wb") as f:
        write_po(f, catalog)
    return base


def test_a_missing_translation_is_shown_in_english_and_recorded(tmp_path, monkeypatch):
    monkeypatch.setenv(i18n.CACHE_ENV, str(tmp_path / "cache"))

    def drop(catalog):
        catalog.delete("The dealer is chosen at random.", context="rule:dealer")

    base = _catalog_copy(tmp_path, "it", drop)
    i18n.set_translations(i18n.load("it", base), "it")
    assert pgettext("rule:dealer", "The dealer is chosen at random.") == "The dealer is chosen at random."
    assert pgettext("rule:jokers", "There are no jokers.") == "Non ci sono jolly."
    assert [(m.language, m.context, m.message, m.why) for m in i18n.misses()] == [
        ("it", "rule:dealer", "The dealer is chosen at random.", "missing")]


def test_english_records_no_misses():
    i18n.use_language("en", environ={})
    assert pgettext("rule:jokers", "There are no jokers.") == "There are no jokers."
    assert i18n.misses() == []


def test_a_translation_reaching_for_attributes_is_not_used(tmp_path, monkeypatch):
    monkeypatch.setenv(i18n.CACHE_ENV, str(tmp_path / "cache"))
    source = "The dealer deals {n} card to each player."

    def poison(catalog):
        message = catalog.get(source, context="rule:hand_size")
        message.string = ("{n.__class__}",) * len(message.string)

    base = _catalog_copy(tmp_path, "ar", poison)
    i18n.set_translations(i18n.load("ar", base), "ar")
    assert _cards(5) == "The dealer deals 5 cards to each player."
    assert [m.why for m in i18n.misses()] == ["broken"]


def test_compiled_catalogs_are_cached_by_content(tmp_path, monkeypatch):
    cache = tmp_path / "cache"
    monkeypatch.setenv(i18n.CACHE_ENV, str(cache))

    def change(catalog):
        catalog.get("There are no jokers.", context="rule:jokers").string = "Niente jolly."

    base = _catalog_copy(tmp_path, "it", lambda c: None)
    first = i18n.load("it", base)
    assert len(list(cache.glob("it-*.mo"))) == 1
    assert first.pgettext("rule:jokers", "There are no jokers.") == "Non ci sono jolly."
    changed = _catalog_copy(tmp_path / "second", "it", change)
    assert i18n.load("it", changed).pgettext("rule:jokers", "There are no jokers.") == "Niente jolly."
    assert len(list(cache.glob("it-*.mo"))) == 2


@pytest.mark.parametrize("content", ['msgid "a"\nmsgtsr "b"\n'.encode(), b'msgid "\xff\xfe"\nmsgstr "b"\n'])
def test_a_broken_catalog_file_is_a_clear_error(tmp_path, monkeypatch, content):
    monkeypatch.setenv(i18n.CACHE_ENV, str(tmp_path / "cache"))
    base = tmp_path / "locales"
    shutil.copytree(i18n.locales_dir(), base)
    i18n.catalog_path("tr", base).write_bytes(content)
    with pytest.raises(i18n.CatalogError) as info:
        i18n.load("tr", base)
    assert "tr" in info.value.params["file"]


# -- glossary --------------------------------------------------------------------------------------


@pytest.mark.parametrize("lang, names", [
    ("it", ["Asso", "Fante", "Donna", "Re", "Picche", "Cuori", "Quadri", "Fiori"]),
    ("tr", ["As", "Vale", "Kız", "Papaz", "Maça", "Kupa", "Karo", "Sinek"]),
    ("uk", ["туз", "валет", "дама", "король", "піки", "черви", "бубни", "трефи"]),
    ("ar", ["آص", "ولد", "بنت", "شايب", "بستوني", "كبة", "ديناري", "سباتي"]),
])
def test_card_names(lang, names):
    i18n.use_language(lang, environ={})
    shown = [glossary.rank_name(c) for c in "AJQK"] + [glossary.suit_name(c) for c in "SHDC"]
    assert shown == names
    assert glossary.rank_name("7") == "7"
    assert i18n.misses() == []


@pytest.mark.parametrize("lang", SHIPPED)
def test_card_letters_can_be_typed_without_ambiguity(lang):
    """Every rank letter followed by every suit letter splits one way only."""
    i18n.use_language(lang, environ={})
    ranks, suits = glossary.letters(FRENCH)
    assert len(ranks) == len(FRENCH.ranks) and len(suits) == len(FRENCH.suits)
    for rank in ranks:
        for suit in suits:
            token = rank + suit
            splits = {(token[:i], token[i:]) for i in range(1, len(token)) if token[:i] in ranks and token[i:] in suits}
            assert splits == {(rank, suit)}, token
    assert i18n.misses() == []


def test_italian_and_turkish_letters():
    i18n.use_language("it", environ={})
    assert [glossary.letter(c) for c in "AJQK"] == ["A", "F", "D", "R"]
    i18n.use_language("tr", environ={})
    assert [glossary.letter(c) for c in "SHDC"] == ["M", "Ku", "Ka", "S"]


def test_ascii_option_shows_suit_letters():
    result = run("--ascii", "meld", "check", "5♣ 5♦ 5♥")
    assert result.exit_code == 0
    assert "5C" in result.stdout and "♣" not in result.stdout
    assert "♣" in run("meld", "check", "5C 5D 5H").stdout


def test_meld_check_names_the_kind_in_the_users_language():
    result = run("--lang", "it", "meld", "check", "QC KC AC")
    assert result.exit_code == 0 and "scala" in result.stdout


def test_sentences_are_joined_as_the_language_writes_them():
    assert i18n.join_sentences("Two decks.", "", "104 cards.") == "Two decks. 104 cards."
    assert i18n.join_sentences("使用 2 副牌。", "共计 104 张牌。") == "使用 2 副牌。共计 104 张牌。"
    assert i18n.join_sentences("每名玩家发 5 张牌，", "并把 4 张牌正面朝上放在牌桌上。") == \
        "每名玩家发 5 张牌，并把 4 张牌正面朝上放在牌桌上。"
    assert i18n.join_sentences("لعبة.", "ورقة.") == "لعبة. ورقة."


# -- lists and separators in the user's language ------------------------------------------


def test_chinese_lists_space_latin_items_from_the_connecting_word_but_not_from_the_list_comma():
    """CLDR joins Chinese lists without spaces (甲、乙和丙); a code or a number
    beside the connecting word 或/和 gets a space, as CJK typesetting puts
    one between Han and Latin text; the wide list comma needs none."""
    if "zh_Hans" not in SHIPPED:
        pytest.skip("no Chinese catalog")
    i18n.use_language("zh_Hans")
    assert i18n.format_list(["low", "high", "wrap"], "or") == "low、high 或 wrap"
    assert i18n.format_list(["随机", "贪心"]) == "随机和贪心"
    assert i18n.format_list(["2", "3"]) == "2 和 3"
    assert i18n.format_list(["bga", "经典"]) == "bga 和经典"


def test_lists_in_other_languages_are_babels_own():
    from babel.lists import format_list as babel_list

    for lang in ("en", "de", "ar"):
        if lang not in SHIPPED:
            continue
        i18n.use_language(lang)
        for items in (["a", "b"], ["low", "high", "wrap"], ["5♣", "6♣", "7♣", "8♣"]):
            assert i18n.format_list(items) == babel_list(items, locale=lang)
            assert i18n.format_list(items, "or") == babel_list(items, style="or", locale=lang)
    assert i18n.format_list(["only"]) == "only" and i18n.format_list([]) == ""


def test_italian_and_spanish_lists_take_the_conjunction_the_next_word_wants():
    """CLDR writes one "e"/"y"/"o"; Italian says "circolo ed esperto" (issue
    30's review), Spanish "e iguales", "u otro", but "y hierro"."""
    for lang, items, style, expected in (
        ("it", ["di circolo", "esperto"], "standard", "di circolo ed esperto"),
        ("it", ["asso", "re"], "standard", "asso e re"),
        ("it", ["bassi", "alti"], "standard", "bassi e alti"),
        ("es", ["altos", "iguales"], "standard", "altos e iguales"),
        ("es", ["cobre", "hierro"], "standard", "cobre y hierro"),
        ("es", ["uno", "otro"], "or", "uno u otro"),
        ("es", ["7", "8"], "or", "7 u 8"),
        ("es", ["bajos", "altos"], "standard", "bajos y altos"),
    ):
        if lang not in SHIPPED:
            continue
        i18n.use_language(lang)
        assert i18n.format_list(items, style) == expected


@pytest.mark.parametrize("lang", SHIPPED)
def test_separators_come_from_the_language(lang):
    i18n.use_language(lang)
    comma = i18n.pgettext("separator", ", ")
    assert i18n.join_values(["a", "b", "c"]) == f"a{comma}b{comma}c"
    assert i18n.labelled("x", "y").startswith("x") and i18n.labelled("x", "y").endswith("y")
    if lang == "zh_Hans":
        assert (i18n.join_values(["a", "b"]), i18n.join_clauses(["a", "b"]), i18n.labelled("牌", "5")) == \
            ("a、b", "a；b", "牌：5")
    if lang == "ar":
        assert i18n.join_values(["a", "b"]) == "a، b" and i18n.join_clauses(["a", "b"]) == "a؛ b"


def test_a_label_is_followed_by_a_space_except_after_a_full_width_colon():
    """"摸到： 6♦" and "用法： machiavelli" read as typos: the full-width colon carries its own space."""
    assert i18n.before_value("Drawn:") == "Drawn: "
    assert i18n.before_value("摸到：") == "摸到："
    assert i18n.before_value("") == " "


def test_the_chinese_usage_line_has_no_space_after_its_colon():
    env = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "", "COLUMNS": "100"}
    out = CliRunner().invoke(app, ["--lang", "zh_Hans", "play", "--help"], env=env).output
    assert "用法：machiavelli play" in out and "用法： " not in out


def test_a_wording_says_its_messages_instead_of_those_they_replace():
    """A game's wording for its pieces (a tile game's tiles): each lookup of
    a replaced message says the replacement, in the language, plurals and
    placeholders included; anything else as written; put back, as before."""
    i18n.use_language("de", environ={})
    wording = {(None, "{player} draws {n} card."): ("tile table", "{player} draws {n} tile.", "{player} draws {n} tiles."),
               (None, "Deck"): ("tile table", "Pool", None)}
    before = i18n.use_wording(wording)
    try:
        assert i18n.ngettext("{player} draws {n} card.", "{player} draws {n} cards.", 3, player="Anna") == \
            "Anna zieht 3 Steine."
        assert i18n._("Deck") == "Vorrat"
        assert i18n._("High contrast") == "Hoher Kontrast"
    finally:
        i18n.use_wording(before)
        i18n.use_language("en", environ={})
    assert i18n._("Deck") == "Deck" and i18n.wording() == before


@pytest.mark.parametrize("lang", SHIPPED)
def test_tile_letters_are_the_language_s_and_read_back_as_the_same_tile(lang):
    """Each language letters Rummikub's colours its own way (English: the
    notation); each shown tile reads back as itself, and 7K stays black."""
    from machiavelli.app.library import load_variant
    from machiavelli.core.words import CardReader

    deck = load_variant("rummikub").deck
    i18n.use_language(lang, environ={})
    shown = glossary.tile_letters(deck)
    assert len(set(shown.values())) == 4
    reader = CardReader(deck, None)
    for card in deck.parse_cards("7R 7B 7K 7O 13O 1K"):
        assert reader.readings(glossary.show_card(card, deck)) == {card}
        assert reader.readings(deck.card_text(card)) == {card}
    assert i18n.misses() == []


def test_spanish_and_chinese_tiles_carry_their_letters():
    from machiavelli.app.library import load_variant

    deck = load_variant("rummikub").deck
    cards = deck.parse_cards("7R 7B 7K 7O")
    i18n.use_language("es", environ={})
    assert glossary.show_cards(cards, deck) == "7R 7A 7N 7NA"
    i18n.use_language("zh_Hans", environ={})
    assert glossary.show_cards(cards, deck) == "7红 7蓝 7黑 7橙"
    i18n.use_language("en", environ={})
    assert glossary.show_cards(cards, deck) == "7R 7B 7K 7O"

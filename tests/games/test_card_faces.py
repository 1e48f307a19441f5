"""How each game says its cards look on a page (``Presentation.face``):
every card of every shipped variant's deck has a face the page can draw, no
two different cards look alike, and the name a screen reader says for a
card never holds its notation code, in any shipped language."""

from __future__ import annotations

import re

import pytest

import suite_paths
from machiavelli.app.catalogs import shipped_languages
from machiavelli.app.library import load_variant
from machiavelli.app.presented import presentation_of
from machiavelli.core import faces
from machiavelli.core.cards import Card
from machiavelli.core.glossary import describe_cards

SHIPPED = sorted(p.stem for p in (suite_paths.ROOT / "variants").glob("*.yaml"))
KIND_OF_GAME = {"machiavelli": "french", "cicera": "italian", "si-se-pai": "si-se-pai"}


def _cards(variant) -> list[Card]:
    return sorted(set(variant.deck.build(1)), key=variant.deck.sort_key)


@pytest.mark.parametrize("name", SHIPPED)
def test_every_card_of_every_shipped_deck_has_a_face_and_no_two_look_alike(name):
    variant = load_variant(name)
    present = presentation_of(variant.game)
    assert present is not None and present.face is not None
    looks = {}
    for card in _cards(variant):
        look = dict(present.face(card, variant.deck))
        assert faces.check(look) == [], (card, look)
        looks[variant.deck.card_text(card)] = tuple(sorted(look.items()))
    assert len(set(looks.values())) == len(looks), "two cards drawn alike"
    kinds = {dict(look)["face"] for look in looks.values()}
    # A Machiavelli variant played with tiles (Rummikub) draws tiles, not French cards.
    expected = "tile" if getattr(variant, "pieces", "cards") == "tiles" else KIND_OF_GAME[variant.game]
    assert expected in kinds
    if variant.deck.extras and variant.game == "machiavelli":
        assert "joker" in kinds


def test_the_french_faces_say_rank_and_suit_and_the_four_colour_suits_are_the_pages_business():
    variant = load_variant("jokers")
    face = presentation_of("machiavelli").face
    assert face(Card(12, "H"), variant.deck) == {"face": "french", "rank": "Q", "suit": "H"}
    assert face(Card(10, "D"), variant.deck) == {"face": "french", "rank": "10", "suit": "D"}
    joker = next(c for c in _cards(variant) if variant.deck.extra(c) is not None)
    assert face(joker, variant.deck)["face"] == "joker"


def test_a_deck_that_is_not_french_is_drawn_as_tiles():
    from machiavelli.core.cards import DeckSpec, ExtraSpec, RankSpec, SuitSpec

    deck = DeckSpec(suits=tuple(SuitSpec(code=c, symbol=s, colour=k) for c, s, k in
                                (("R", "r", "red"), ("B", "b", "blue"), ("K", "k", "black"), ("Y", "y", "yellow"))),
                    ranks=tuple(RankSpec(code=str(n), points=n) for n in range(1, 14)),
                    extras=(ExtraSpec(code="JK", symbol="☺", colour="black", points=30),))
    face = presentation_of("machiavelli").face
    # The colour's letter is shown in forced colours, where every tile is painted alike.
    assert face(Card(7, "B"), deck) == {"face": "tile", "number": "7", "colour": "blue", "letter": "B"}
    assert face(Card(0, "JK"), deck) == {"face": "joker", "colour": "black", "tile": "1"}
    assert faces.check(face(Card(13, "Y"), deck)) == []


def test_the_italian_faces_name_the_drawn_suits_and_the_courts():
    variant = load_variant("cicera")
    face = presentation_of("cicera").face
    assert face(Card(11, "C"), variant.deck) == {"face": "italian", "rank": "F", "suit": "cups", "court": "jack"}
    assert face(Card(12, "S"), variant.deck)["court"] == "knight"
    assert face(Card(13, "B"), variant.deck)["court"] == "king"
    assert face(Card(1, "D"), variant.deck) == {"face": "italian", "rank": "A", "suit": "coins", "court": ""}


def test_the_four_colour_faces_carry_both_scripts_and_the_letters_of_the_language():
    variant = load_variant("si-se-pai")
    face = presentation_of("si-se-pai").face
    horse = Card(5, "Y")
    assert face(horse, variant.deck) == {"face": "si-se-pai", "char": "馬", "simplified": "马", "colour": "yellow",
                                         "letter": "HY"}
    soldier = face(Card(7, "G"), variant.deck)
    assert soldier["char"] == soldier["simplified"] == "卒" and soldier["colour"] == "green"
    assert face(Card(0, "FL"), variant.deck)["char"] == "花"
    with _speaking("uk"):
        assert face(horse, variant.deck)["letter"] != "HY"  # the letters a Ukrainian types (КЖ)


def _speaking(lang):
    from machiavelli.app.web.speaking import speaking

    return speaking(lang)


@pytest.mark.parametrize("lang", shipped_languages())
@pytest.mark.parametrize("name", ["jokers", "cicera", "si-se-pai"])
def test_no_card_code_leaks_into_the_name_a_screen_reader_says(name, lang):
    variant = load_variant(name)
    deck = variant.deck
    cards = _cards(variant)
    with _speaking(lang):
        if variant.game == "si-se-pai":
            from machiavelli.games.si_se_pai.glossary import card_name

            names = {deck.card_text(c): card_name(c, deck) for c in cards}
        else:
            names = {code: d["name"] for code, d in describe_cards(set(cards), deck).items()}
    for code, spoken in names.items():
        assert spoken and code not in re.split(r"[\s,.()]+", spoken), (code, spoken)
    assert len(set(names.values())) == len(names), "two cards share a name"

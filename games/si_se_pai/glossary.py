"""Names, letters and Chinese characters of the four-colour cards, in the
user's language.

Names come from the catalogs (contexts ``sisepai character``, ``sisepai
colour``, and ``sisepai colour in a card name`` where a language inflects
the colour inside a card's name); the letters a player types come from the
contexts ``sisepai character letter`` and ``sisepai colour letter`` (a
Ukrainian types ``КЖ`` for the yellow Horse). The canonical letters
(``HY``) are always accepted too. ``--cards hanzi`` draws the characters as
printed on the cards (Traditional: 將 士 象 車 馬 砲 卒, flowers 花) with the
colour's character (白 黃 紅 綠), in Simplified characters (将 车 马 炮, 黄 红
绿) in the Simplified Chinese interface; either script, the colour before or
after, is read when typed.
"""

from __future__ import annotations

from typing import Iterable

from machiavelli.core.cards import Card, DeckSpec
from machiavelli.core.errors import NotationError
from machiavelli.core.i18n import NP_, labelled, language, pgettext

from .cards import CHARACTERS, COLOURS, FLOWER

CHARACTER_NAMES = {
    "G": NP_("sisepai character", "General"),
    "A": NP_("sisepai character", "Advisor"),
    "E": NP_("sisepai character", "Elephant"),
    "R": NP_("sisepai character", "Chariot"),
    "H": NP_("sisepai character", "Horse"),
    "C": NP_("sisepai character", "Cannon"),
    "S": NP_("sisepai character", "Soldier"),
}
COLOUR_NAMES = {
    "W": NP_("sisepai colour", "white"),
    "Y": NP_("sisepai colour", "yellow"),
    "R": NP_("sisepai colour", "red"),
    "G": NP_("sisepai colour", "green"),
}
# TRANSLATORS: the colour as it stands inside a card's name ("yellow Horse");
# languages that inflect it give that form here ("жовтих", "giallo").
COLOUR_IN_NAME = {
    "W": NP_("sisepai colour in a card name", "white"),
    "Y": NP_("sisepai colour in a card name", "yellow"),
    "R": NP_("sisepai colour in a card name", "red"),
    "G": NP_("sisepai colour in a card name", "green"),
}
# TRANSLATORS: the letter a player types for this character of the four-colour
# cards (General, Advisor, Elephant, chaRiot, Horse, Cannon, Soldier); the seven must differ.
CHARACTER_LETTERS = {
    "G": NP_("sisepai character letter", "G"),
    "A": NP_("sisepai character letter", "A"),
    "E": NP_("sisepai character letter", "E"),
    "R": NP_("sisepai character letter", "R"),
    "H": NP_("sisepai character letter", "H"),
    "C": NP_("sisepai character letter", "C"),
    "S": NP_("sisepai character letter", "S"),
}
# TRANSLATORS: the letter a player types for this colour (white, yellow, red, green); the four
# must differ.
COLOUR_LETTERS = {
    "W": NP_("sisepai colour letter", "W"),
    "Y": NP_("sisepai colour letter", "Y"),
    "R": NP_("sisepai colour letter", "R"),
    "G": NP_("sisepai colour letter", "G"),
}
# TRANSLATORS: the flower card's name ("3 points for each flower").
FLOWER_NAME = NP_("sisepai card", "flower")
# TRANSLATORS: the two letters a player types for a flower card (English FL).
FLOWER_LETTERS = NP_("sisepai card", "FL")
# TRANSLATORS: a card's full name, e.g. "yellow Horse" (Italian "Cavallo giallo"); {colour} is a
# colour as it stands in a card's name, {character} a character's name.
CARD_NAME = NP_("sisepai card name", "{colour} {character}")

GROUP_NAMES = {
    "general": NP_("sisepai group", "single General"),
    "flower": NP_("sisepai group", "flower"),
    "pair": NP_("sisepai group", "pair"),
    "triple": NP_("sisepai group", "triple"),
    "quad": NP_("sisepai group", "quad"),
    "one-colour": NP_("sisepai group", "one-colour group"),
    "soldiers": NP_("sisepai group", "three Soldiers"),
    "four-soldiers": NP_("sisepai group", "four Soldiers"),
}


def group_name(kind: str) -> str:
    """A kind of group in the user's language (a variant's own kinds by their key)."""
    return pgettext("sisepai group", GROUP_NAMES[kind]) if kind in GROUP_NAMES else kind


#: The characters as printed on the cards (Traditional), and as a reader of
#: Simplified Chinese writes them: the Simplified interface shows these.
HANZI = dict(zip(CHARACTERS, "將士象車馬砲卒"))
HANZI_COLOURS = dict(zip(COLOURS, "白黃紅綠"))
SIMPLIFIED = dict(zip(CHARACTERS, "将士象车马炮卒"))
SIMPLIFIED_COLOURS = dict(zip(COLOURS, "白黄红绿"))
HANZI_FLOWER = "花"
#: Other characters printed on some packs for the same cards (read when typed).
HANZI_ALIASES = {"帥": "G", "帅": "G", "仕": "A", "相": "E", "俥": "R", "傌": "H", "炮": "C", "包": "C", "兵": "S"}
#: Interface languages written in Simplified characters.
SIMPLIFIED_LANGUAGES = ("zh_Hans", "zh_CN", "zh_SG", "zh")


def simplified() -> bool:
    """Does the interface write Simplified Chinese (its cards drawn so too)?"""
    return language() in SIMPLIFIED_LANGUAGES


def hanzi(code: str) -> str:
    """A character's hanzi in the interface's script (``H`` -> 马 or 馬)."""
    return (SIMPLIFIED if simplified() else HANZI).get(code, code)


def hanzi_colour(code: str) -> str:
    """A colour's hanzi in the interface's script (``Y`` -> 黄 or 黃)."""
    return (SIMPLIFIED_COLOURS if simplified() else HANZI_COLOURS).get(code, code)


def character_name(code: str) -> str:
    return pgettext("sisepai character", CHARACTER_NAMES[code]) if code in CHARACTER_NAMES else code


def colour_name(code: str) -> str:
    return pgettext("sisepai colour", COLOUR_NAMES[code]) if code in COLOUR_NAMES else code


def flower_name() -> str:
    return pgettext("sisepai card", FLOWER_NAME)


def card_name(card: Card, deck: DeckSpec) -> str:
    """``HY`` -> "yellow Horse" in the user's language."""
    if card.rank == 0:
        return flower_name()
    colour = pgettext("sisepai colour in a card name", COLOUR_IN_NAME[card.suit]) if card.suit in COLOUR_IN_NAME \
        else card.suit
    return pgettext("sisepai card name", CARD_NAME, colour=colour,
                    character=character_name(deck.rank_code(card.rank)))


def character_letter(code: str) -> str:
    """The letter a player of the user's language types for a character."""
    return pgettext("sisepai character letter", CHARACTER_LETTERS[code]) if code in CHARACTER_LETTERS else code


def colour_letter(code: str) -> str:
    """The letter a player of the user's language types for a colour."""
    return pgettext("sisepai colour letter", COLOUR_LETTERS[code]) if code in COLOUR_LETTERS else code


def show(card: Card, deck: DeckSpec, faces: str = "") -> str:
    """A card as the player reads it: the language's letters (``HY``), or
    with ``faces="hanzi"`` the card's characters (``馬黃``)."""
    if card.rank == 0:
        return HANZI_FLOWER if faces == "hanzi" else pgettext("sisepai card", FLOWER_LETTERS)
    code = deck.rank_code(card.rank)
    if faces == "hanzi":
        return hanzi(code) + hanzi_colour(card.suit)
    return character_letter(code) + colour_letter(card.suit)


def show_all(cards: Iterable[Card], deck: DeckSpec, faces: str = "") -> str:
    return " ".join(show(c, deck, faces) for c in sorted(cards, key=deck.sort_key))


def hand_by_colour(cards: Iterable[Card], deck: DeckSpec, faces: str = "") -> list[str]:
    """A hand as one short line per colour (flowers last): ``yellow: GY AY AY SY``."""
    cards = sorted(cards, key=deck.sort_key)
    out = []
    for s in deck.suits:
        mine = [c for c in cards if c.suit == s.code and c.rank != 0]
        if mine:
            out.append(labelled(colour_name(s.code), " ".join(show(c, deck, faces) for c in mine)))
    flowers = [c for c in cards if c.rank == 0]
    if flowers:
        out.append(labelled(flower_name(), " ".join(show(c, deck, faces) for c in flowers)))
    return out


def readings(token: str, deck: DeckSpec) -> list[Card]:
    """Every card a typed token may mean: the canonical letters, the
    language's letters, the Chinese characters (one to three readings)."""
    token = token.strip()
    upper = token.upper()
    out: list[Card] = []
    try:
        out.append(deck.parse_card(token))
    except NotationError:
        pass
    flower = pgettext("sisepai card", FLOWER_LETTERS).upper()
    if upper in (flower, HANZI_FLOWER, flower_name().upper()) and any(e.code == FLOWER for e in deck.extras):
        out.append(Card(0, FLOWER))
    chars = {character_letter(k).upper(): k for k in CHARACTER_LETTERS}
    colours = {colour_letter(k).upper(): k for k in COLOUR_LETTERS}
    # Both scripts, whichever the interface shows: a player types what the pack or the keyboard gives.
    hanzi_chars = {v: k for k, v in HANZI.items()} | {v: k for k, v in SIMPLIFIED.items()} | HANZI_ALIASES
    hanzi_colours = {v: k for k, v in HANZI_COLOURS.items()} | {v: k for k, v in SIMPLIFIED_COLOURS.items()}
    codes = {r.code: i + 1 for i, r in enumerate(deck.ranks)}
    if len(upper) == 2:
        for table_c, table_s in ((chars, colours), (hanzi_chars, hanzi_colours), (hanzi_chars, colours)):
            char, colour = table_c.get(upper[0]), table_s.get(upper[1])
            if char in codes and colour is not None:
                out.append(Card(codes[char], colour))
        # In Chinese the colour comes first as often as not (黄卒, "yellow Soldier").
        char, colour = hanzi_chars.get(upper[1]), hanzi_colours.get(upper[0])
        if char in codes and colour is not None:
            out.append(Card(codes[char], colour))
    return list(dict.fromkeys(out))


def read_card(token: str, deck: DeckSpec, among: Iterable[Card] = ()) -> list[Card]:
    """The cards ``token`` may mean, those in ``among`` first (a hand);
    NotationError when it reads as no card."""
    found = readings(token, deck)
    if not found:
        raise NotationError("bad-card", token=token[:20])
    pool = set(among)
    inside = [c for c in found if c in pool]
    return inside or found

"""Card names in the user's language, and how cards are shown.

The glossary is part of the catalogs: contexts ``card rank`` and ``card
suit`` for names, ``card letter`` for the one-letter abbreviations a player
of that language would type (Italian R for Re, F for Fiori). Number ranks are
their own names. Decks other than the French one have no names: their codes
and symbols are shown as they are.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any, Iterable, Sequence

from machiavelli.core.i18n import NP_, format_list, is_rtl, npgettext, pgettext

if TYPE_CHECKING:  # the cards' module builds pydantic models: not needed to start
    from machiavelli.core.cards import Card, DeckSpec

RANK_NAMES: dict[str, str] = {
    "A": NP_("card rank", "ace"),
    "J": NP_("card rank", "jack"),
    "Q": NP_("card rank", "queen"),
    "K": NP_("card rank", "king"),
}
SUIT_NAMES: dict[str, str] = {
    "S": NP_("card suit", "spades"),
    "H": NP_("card suit", "hearts"),
    "D": NP_("card suit", "diamonds"),
    "C": NP_("card suit", "clubs"),
}
# TRANSLATORS: one letter (or two) that a player types for this rank or suit,
# e.g. Italian "R" for Re and "F" for Fiori; letters of ranks must differ from
# each other, and so must letters of suits.
LETTERS: tuple[str, ...] = (
    NP_("card letter", "A"),
    NP_("card letter", "J"),
    NP_("card letter", "Q"),
    NP_("card letter", "K"),
    NP_("card letter", "S"),
    NP_("card letter", "H"),
    NP_("card letter", "D"),
    NP_("card letter", "C"),
)

# TRANSLATORS: the letters a player types for a joker (English JK); they must
# not read as a card with your rank and suit letters (Italian JO: no rank J).
JOKER_LETTER = NP_("card letter", "JK")
#: Extra cards the glossary names (the joker of Machiavelli's house rules).
# TRANSLATORS: a joker's name as a screen reader says it.
EXTRA_NAMES: dict[str, str] = {"JK": NP_("card name", "joker")}

#: The printed colours (a suit's or an extra card's), for a deck whose suits
#: are only colours (Rummikub's tiles: the red 7).
COLOUR_NAMES: dict[str, str] = {
    "red": NP_("card colour", "red"),
    "black": NP_("card colour", "black"),
    "green": NP_("card colour", "green"),
    "yellow": NP_("card colour", "yellow"),
    "white": NP_("card colour", "white"),
    "blue": NP_("card colour", "blue"),
    "orange": NP_("card colour", "orange"),
}
#: The letter a language writes and types for a tile's colour (Rummikub's 7R: the red 7; Spanish N
#: for negro); its translators' note is the context's (app/catalogs.py): none may be the English
#: letter of another colour, so that 7K stays the black 7 in every language.
TILE_LETTERS: dict[str, str] = {
    "red": NP_("tile letter", "R"),
    "blue": NP_("tile letter", "B"),
    "black": NP_("tile letter", "K"),
    "orange": NP_("tile letter", "O"),
    "yellow": NP_("tile letter", "Y"),
}
# TRANSLATORS: a tile's name as a screen reader says it: "red 7"; {colour} is a colour's name,
# {rank} the tile's number.
TILE_NAME = NP_("card name", "{colour} {rank}")

# Meld kinds the glossary knows; a variant's other kinds are shown by their key.
KIND_NAMES: dict[str, str] = {"set": NP_("meld kind", "set"), "run": NP_("meld kind", "run")}

_ascii = False


def set_ascii(flag: bool) -> None:
    """Show suits as S H D C instead of ♠ ♥ ♦ ♣ (the global ``--ascii``)."""
    global _ascii
    _ascii = bool(flag)


def ascii_cards() -> bool:
    return _ascii


#: Other ways of drawing cards that a game may offer (``--cards hanzi``:
#: the Chinese characters of the four-colour cards); "letters" is the usual way.
FACES = ("hanzi", "letters")
_faces: str | None = None


def set_faces(value: str | None) -> None:
    """Draw cards this way for this run (None: the remembered choice)."""
    global _faces
    _faces = value


def card_faces() -> str:
    """How cards are drawn: chosen on the command line, else remembered, else ''."""
    if _faces is not None:
        return "" if _faces == "letters" else _faces
    from machiavelli.core import config

    found = config.get("faces")
    return "" if found in (None, "letters") else found


def is_french(deck: DeckSpec) -> bool:
    return [s.code for s in deck.suits] == ["S", "H", "D", "C"] or (
        {s.code for s in deck.suits} <= set(SUIT_NAMES) and {r.code for r in deck.ranks} >= set(RANK_NAMES)
    )


def is_tiles(deck: DeckSpec) -> bool:
    """Whether the deck's suits are colours without a symbol (tiles): its
    pieces are named and drawn by number and colour."""
    return not is_french(deck) and all(s.symbol == s.code for s in deck.suits)


def tile_letters(deck: DeckSpec) -> dict[str, str]:
    """(suit code -> the letter the user's language writes for its colour)
    for a tile deck (Spanish ``K`` -> ``N``); the codes themselves where the
    language has no letters of its own or where they would read two ways."""
    if not is_tiles(deck):
        return {}
    codes = {s.code: s.code for s in deck.suits}
    out = {}
    for s in deck.suits:
        english = TILE_LETTERS.get(s.colour or "")
        own = pgettext("tile letter", english) if english else s.code
        # An untranslated letter is the code (a house deck may letter yellow O).
        out[s.code] = s.code if own == english else own
    folded = [v.casefold() for v in out.values()]
    other_code = {c.casefold(): c for c in codes}
    # A letter that is another colour's code (or two colours alike) would read two ways: codes only.
    if len(set(folded)) < len(folded) or any(other_code.get(v.casefold(), c) != c for c, v in out.items()):
        return codes
    return out


def suit_letter(code: str, deck: DeckSpec) -> str:
    """The user's letter for a suit of ``deck`` (a tile's colour, or a French suit)."""
    return tile_letters(deck).get(code) or letter(code)


def colour_name(colour: str) -> str:
    """``"orange"`` in the user's language."""
    return pgettext("card colour", COLOUR_NAMES[colour]) if colour in COLOUR_NAMES else colour


def rank_name(code: str) -> str:
    """``"Q"`` -> ``"queen"`` in the user's language; numbers stay numbers."""
    return pgettext("card rank", RANK_NAMES[code]) if code in RANK_NAMES else code


def suit_name(code: str) -> str:
    return pgettext("card suit", SUIT_NAMES[code]) if code in SUIT_NAMES else code


def letter(code: str) -> str:
    """The user's letter for a rank or suit code (``"K"`` -> Italian ``"R"``)."""
    return pgettext("card letter", code) if code in LETTERS else code


def letters(deck: DeckSpec) -> tuple[dict[str, str], dict[str, str]]:
    """(rank letter -> rank code, suit letter -> suit code) in the user's
    language, for reading cards typed the local way."""
    ranks = {letter(r.code) if r.code in RANK_NAMES else r.code: r.code for r in deck.ranks}
    tiles = tile_letters(deck)
    suits = {tiles[s.code] if tiles else letter(s.code) if s.code in SUIT_NAMES else s.code: s.code
             for s in deck.suits}
    return ranks, suits


def extra_letters(deck: DeckSpec) -> dict[str, str]:
    """(the user's letters for an extra card -> its code) for the deck's
    extra cards the glossary knows (the joker)."""
    return {pgettext("card letter", JOKER_LETTER): e.code for e in deck.extras if e.code == "JK"}


def extra_name(code: str) -> str | None:
    """The name of an extra card the glossary knows (``JK`` -> "joker"), or None."""
    return pgettext("card name", EXTRA_NAMES[code]) if code in EXTRA_NAMES else None


def show_card(card: Card, deck: DeckSpec) -> str:
    """A card as the screens show it: ``10♥``; a tile with its colour's
    letter in the user's language (Spanish ``7N``, read back when typed);
    ``--ascii``: the notation (``10H``, ``7K``)."""
    if _ascii:
        return deck.card_text(card)
    tiles = tile_letters(deck)
    if tiles and card.rank:
        return deck.rank_code(card.rank) + tiles.get(card.suit, card.suit)
    return deck.card_symbol(card)


def show_cards(cards: Iterable[Card], deck: DeckSpec) -> str:
    if not _ascii and tile_letters(deck):
        return " ".join(show_card(c, deck) for c in cards)
    return deck.format_cards(cards, symbols=not _ascii)


def suit_mark(code: str, deck: DeckSpec) -> str:
    """The suit as cards show it: ``♥``, or ``H`` with ``--ascii``."""
    return code if _ascii else deck.suit(code).symbol


def kind_name(name: str) -> str:
    """A meld kind's name in the user's language (``set`` -> Italian ``tris``)."""
    return pgettext("meld kind", KIND_NAMES[name]) if name in KIND_NAMES else name


#: Most assignments of a meld's jokers shown (a run with two jokers may have many).
MAX_SHOWN_ASSIGNMENTS = 6


def jokers_text(assignments: "Sequence[Sequence[Card]]", deck: DeckSpec) -> str:
    """What a meld's jokers stand for, as a phrase: "the joker stands for
    7♥ or 4♥" (each choice one card per joker)."""
    n = len(assignments[0]) if assignments else 1
    choices = [show_cards(a, deck) for a in assignments[:MAX_SHOWN_ASSIGNMENTS]]
    if len(assignments) > MAX_SHOWN_ASSIGNMENTS:
        choices.append("…")
    # TRANSLATORS: What a meld's jokers stand for, beside the meld (table, meld check); {cards} is the
    # choices, one card per joker, joined with "or" ("7♥ or 4♥", "5♣ 5♦").
    return npgettext("joker", "the joker stands for {cards}", "the jokers stand for {cards}", n,
                     cards=format_list(choices, style="or"))


# TRANSLATORS: a card's name as a screen reader says it: "queen of hearts"; {rank} is a rank's
# name, {suit} a suit's name.
CARD_NAME = NP_("card name", "{rank} of {suit}")


def card_name(card: Card, deck: DeckSpec) -> str:
    """What a screen reader says for a card, in the page's language."""
    extra = deck.extra(card)
    if extra is not None:
        return extra_name(extra.code) or extra.symbol
    rank = deck.rank_code(card.rank)
    if is_french(deck):
        return pgettext("card name", CARD_NAME, rank=rank_name(rank), suit=suit_name(card.suit))
    if is_tiles(deck):
        return pgettext("card name", TILE_NAME, colour=colour_name(deck.colour(card)), rank=rank)
    return deck.card_symbol(card)


def card_runs(deck: DeckSpec) -> "re.Pattern[str]":
    """Runs of cards in symbol notation (``A♠ K♠ Q♠``) inside a sentence."""
    ranks = "|".join(sorted((re.escape(r.code) for r in deck.ranks), key=len, reverse=True))
    suits = "".join(re.escape(s.symbol) for s in deck.suits)
    extras = "|".join(re.escape(e.symbol) for e in deck.extras)
    card = f"\\*?(?:(?:{ranks})[{suits}]" + (f"|{extras}" if extras else "") + ")"
    return re.compile(f"(?<![\\w]){card}(?: {card})*")


def isolated(text: str, deck: DeckSpec) -> str:
    """In right-to-left text, each run of cards as a left-to-right isolate,
    so that the browser keeps ``A♠ K♠ Q♠`` in order inside Arabic."""
    if not is_rtl():
        return text
    from .bidi import isolate

    return card_runs(deck).sub(lambda m: isolate(m.group(0)), text)


def describe_cards(cards: set[Card], deck: DeckSpec) -> dict[str, dict[str, Any]]:
    """Every card the JSON names, by code: symbol, suit, rank, colour and name."""
    out = {}
    for card in sorted(cards, key=deck.sort_key):
        extra = deck.extra(card)
        out[deck.card_text(card)] = {
            "symbol": deck.card_symbol(card),
            "rank": "" if extra else deck.rank_code(card.rank),
            "suit": card.suit,
            "suit_symbol": extra.symbol if extra else deck.suit(card.suit).symbol,
            "colour": deck.colour(card),
            "name": card_name(card, deck),
            # A tile is drawn as its number in its colour (the web page's
            # "tile" face), the colour also in words for high contrast.
            **({"face": "tile", "colour_name": colour_name(deck.colour(card))}
               if is_tiles(deck) and extra is None else {}),
        }
    return out

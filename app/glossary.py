"""Card names in the user's language, and how cards are shown.

The glossary is part of the catalogs: contexts ``card rank`` and ``card
suit`` for names, ``card letter`` for the one-letter abbreviations a player
of that language would type (Italian R for Re, F for Fiori). Number ranks are
their own names. Decks other than the French one have no names: their codes
and symbols are shown as they are.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from machiavelli.core.i18n import NP_, pgettext

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
    from . import config

    found = config.get("faces")
    return "" if found in (None, "letters") else found


def is_french(deck: DeckSpec) -> bool:
    return [s.code for s in deck.suits] == ["S", "H", "D", "C"] or (
        {s.code for s in deck.suits} <= set(SUIT_NAMES) and {r.code for r in deck.ranks} >= set(RANK_NAMES)
    )


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
    suits = {letter(s.code) if s.code in SUIT_NAMES else s.code: s.code for s in deck.suits}
    return ranks, suits


def show_card(card: Card, deck: DeckSpec) -> str:
    return deck.card_text(card) if _ascii else deck.card_symbol(card)


def show_cards(cards: Iterable[Card], deck: DeckSpec) -> str:
    return deck.format_cards(cards, symbols=not _ascii)


def suit_mark(code: str, deck: DeckSpec) -> str:
    """The suit as cards show it: ``♥``, or ``H`` with ``--ascii``."""
    return code if _ascii else deck.suit(code).symbol


def kind_name(name: str) -> str:
    """A meld kind's name in the user's language (``set`` -> Italian ``tris``)."""
    return pgettext("meld kind", KIND_NAMES[name]) if name in KIND_NAMES else name

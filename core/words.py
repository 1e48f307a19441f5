"""What a person types at any game's table, in any language: words
compared as people type them, and cards read in the deck's notation or
with the language's own letters.

A card that reads differently in the two (Italian ``5C``: 5♣, or 5 di
Cuori?) is refused with the spellings that are not ambiguous, never
guessed, unless the player chose which letters win (``--cards en`` or
``--cards local``, remembered in the user's configuration).
"""

from __future__ import annotations

import re
import unicodedata

from machiavelli.core import glossary
from machiavelli.core.cards import Card, DeckSpec
from machiavelli.core.errors import NotationError
from machiavelli.core.i18n import _, format_list

_INVISIBLE = dict.fromkeys(map(ord, "\ufe0e\ufe0f\u200b\u200e\u200f\u2066\u2067\u2068\u2069\u061c"), None)
# Alef with hamza or madda is often typed as a plain alef; short vowels and
# tatweel are decoration; Ukrainian words are typed with any apostrophe.
_ARABIC = str.maketrans({"أ": "ا", "إ": "ا", "آ": "ا", "ٱ": "ا", "ى": "ي", "ة": "ه", "ـ": None,
                         "’": "'", "ʼ": "'", "`": "'"})
_MARKS = re.compile("[\u064b-\u065f\u0670]")



class InputError(NotationError):
    """A line the table cannot read (codes: ``unknown-command``,
    ``ambiguous-command``, ``ambiguous-card``, ``bad-arguments``, ``unknown-order``)."""


# Latin letters that look like Cyrillic ones (casefolded: T and т, H and н).
# A keyboard switched half-way types ``TЖ`` for ``ТЖ``: in a word that mixes
# the two scripts the look-alikes are read as Cyrillic, and the other way
# round for a card in the deck's Latin notation (``КS``).
_TO_CYRILLIC = str.maketrans("aceiopxykmthb", "асеіорхукмтнв")
_TO_LATIN = str.maketrans("асеіорхукмтнвАСЕІОРХУКМТНВ", "aceiopxykmthbACEIOPXYKMTHB")
_LATIN = re.compile("[a-z]")
_CYRILLIC = re.compile("[\u0400-\u04ff]")


def fold(text: str) -> str:
    """A word as compared: case, width, invisible marks, Arabic spelling
    variants and Latin look-alikes in a Cyrillic word do not matter."""
    text = unicodedata.normalize("NFKC", text.translate(_INVISIBLE)).casefold()
    text = _MARKS.sub("", text).translate(_ARABIC)
    if _CYRILLIC.search(text) and _LATIN.search(text):
        text = text.translate(_TO_CYRILLIC)
    return text


def latin_look_alikes(token: str) -> str:
    """``token`` with Cyrillic letters that look like Latin ones read as Latin."""
    return token.translate(_TO_LATIN)


# -- cards ------------------------------------------------------------------------

#: Which letters win when a card reads two ways: English (canonical) or the
#: language's own; "ask" (or nothing chosen) refuses the card with both spellings.
CARD_LETTERS = ("en", "local", "ask")
_letters: str | None = None
_letters_chosen = False


def set_card_letters(value: str | None) -> None:
    """Choose for this run which letters win ("en", "local", or "ask"/None: neither)."""
    global _letters, _letters_chosen
    _letters, _letters_chosen = (None if value == "ask" else value), True


def reset_card_letters() -> None:
    """Back to the remembered choice (the user's configuration)."""
    global _letters, _letters_chosen
    _letters, _letters_chosen = None, False


def card_letters() -> str | None:
    """Which letters win: chosen on the command line, else remembered, else None."""
    if _letters_chosen:
        return _letters
    from machiavelli.core import config

    return config.get("cards")


class CardReader:
    """Reads cards typed in canonical notation or with the language's letters."""

    def __init__(self, deck: DeckSpec, letters: str | None = None) -> None:
        self.deck = deck
        #: "en" or "local": which reading wins when a card reads two ways; None: refuse it.
        self.letters = letters if letters is not None else card_letters()
        rank_letters, suit_letters = glossary.letters(deck)
        self._ranks = {fold(k): v for k, v in rank_letters.items()}
        self._suits = {fold(k): v for k, v in suit_letters.items()}
        for suit in deck.suits:
            self._suits[fold(suit.symbol)] = suit.code
        self._rank_number = {r.code: i + 1 for i, r in enumerate(deck.ranks)}
        self._extras = {fold(k): v for k, v in glossary.extra_letters(deck).items()}

    def _canonical(self, token: str) -> Card | None:
        for spelled in dict.fromkeys((token, latin_look_alikes(token))):
            try:
                return self.deck.parse_card(spelled)
            except NotationError:
                continue
        return None

    def _local(self, token: str) -> Card | None:
        key = fold(token)
        extra = self._extras.get(key)
        if extra is not None:
            return Card(0, extra)
        for cut in range(1, len(key)):
            rank, suit = self._ranks.get(key[:cut]), self._suits.get(key[cut:])
            if rank is not None and suit is not None:
                return Card(self._rank_number[rank], suit)
        return None

    def readings(self, token: str) -> set[Card]:
        """Every card ``token`` may name (two when it reads differently in
        English and in the language's letters, and no letters win)."""
        canonical, local = self._canonical(token), self._local(token)
        if canonical is not None and local is not None and canonical != local:
            if self.letters == "en":
                return {canonical}
            if self.letters == "local":
                return {local}
        return {c for c in (canonical, local) if c is not None}

    def card(self, token: str) -> Card:
        found = self.readings(token)
        if len(found) == 1:
            return found.pop()
        if not found:
            raise NotationError("bad-card", token=token)
        raise InputError("ambiguous-card", token=token, choices=self._choices(sorted(found, key=self.deck.sort_key)))

    def spelling(self, card: Card) -> str:
        """How to type ``card`` without ambiguity: canonical if it is
        unambiguous, else with the language's letters, else with the symbol."""
        canonical = self.deck.card_text(card)
        if self.readings(canonical) == {card} or card.rank == 0:
            return canonical
        deck = self.deck
        rank, suit = deck.rank_code(card.rank), card.suit
        local = glossary.letter(rank) + glossary.suit_letter(suit, deck)
        if self.readings(local) == {card}:
            return local
        return self.deck.card_symbol(card)

    def _choices(self, cards: list[Card]) -> str:
        # TRANSLATORS: The table in the terminal: reading what the person types; {typed} is what the
        # person typed, {card} is one card (5♣).
        parts = [_("{typed} for {card}", typed=self.spelling(c), card=glossary.show_card(c, self.deck)) for c in cards]
        return format_list(parts, style="or")

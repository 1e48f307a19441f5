"""Names and letters of the Brescian cards in the user's language.

Names come from the catalogs (contexts ``card rank`` and ``card suit``,
shared with the French deck where the word is the same: ace, king; the
Fante has its own, ``cicera rank``: Spanish says sota, not the French jota);
the letters a player types come from the contexts ``italian rank letter``
and ``italian suit letter`` (a Ukrainian types ``7М`` for the 7 of coins).
The canonical letters (``7D``, ``FC``) are always accepted too.
"""

from __future__ import annotations

from typing import Iterable

from machiavelli.core.cards import Card, DeckSpec
from machiavelli.core.errors import NotationError
from machiavelli.core.i18n import NP_, pgettext

RANK_NAMES = {
    "A": NP_("card rank", "ace"),
    # TRANSLATORS: the Fante of the Italian-suited deck, which is not the French deck's jack
    # in every language (Spanish sota, not jota; English players of Italian-suited games say
    # knave, whose card shows F, not J).
    "F": NP_("cicera rank", "knave"),
    "C": NP_("card rank", "knight"),
    # TRANSLATORS: the Re of the Italian-suited deck: where the French deck's king is named by
    # its letter (Chinese K), this one needs a word, since its card shows R.
    "R": NP_("cicera rank", "king"),
}
SUIT_NAMES = {
    "D": NP_("card suit", "coins"),
    "C": NP_("card suit", "cups"),
    "S": NP_("card suit", "swords"),
    "B": NP_("card suit", "batons"),
}
# TRANSLATORS: the letter a player types for this rank of the Italian deck
# (A Asso, F Fante, C Cavallo, R Re); the four must differ from each other.
RANK_LETTERS = {
    "A": NP_("italian rank letter", "A"),
    "F": NP_("italian rank letter", "F"),
    "C": NP_("italian rank letter", "C"),
    "R": NP_("italian rank letter", "R"),
}
# TRANSLATORS: the letter a player types for this suit of the Italian deck
# (D denari/coins, C coppe/cups, S spade/swords, B bastoni/batons); the four must differ.
SUIT_LETTERS = {
    "D": NP_("italian suit letter", "D"),
    "C": NP_("italian suit letter", "C"),
    "S": NP_("italian suit letter", "S"),
    "B": NP_("italian suit letter", "B"),
}
# TRANSLATORS: a card's full name, e.g. "7 of coins", "knight of swords"; {rank} is a rank's name,
# {suit} a suit's name.
CARD_NAME = NP_("card name", "{rank} of {suit}")


#: Ranks whose name is the Italian deck's own, not the French deck's word.
OWN_RANKS = {"F": "cicera rank", "R": "cicera rank"}


def rank_name(code: str) -> str:
    return pgettext(OWN_RANKS.get(code, "card rank"), RANK_NAMES[code]) if code in RANK_NAMES else code


def suit_name(code: str) -> str:
    return pgettext("card suit", SUIT_NAMES[code]) if code in SUIT_NAMES else code


def card_name(card: Card, deck: DeckSpec) -> str:
    """``7D`` -> "7 of coins" in the user's language."""
    return pgettext("card name", CARD_NAME, rank=rank_name(deck.rank_code(card.rank)), suit=suit_name(card.suit))


def show(card: Card, deck: DeckSpec, symbols: bool = True) -> str:
    return deck.card_symbol(card) if symbols else deck.card_text(card)


def show_all(cards: Iterable[Card], deck: DeckSpec, symbols: bool = True) -> str:
    return " ".join(show(c, deck, symbols) for c in sorted(cards, key=deck.sort_key))


def _letters() -> tuple[dict[str, str], dict[str, str]]:
    ranks = {pgettext("italian rank letter", v).upper(): k for k, v in RANK_LETTERS.items()}
    suits = {pgettext("italian suit letter", v).upper(): k for k, v in SUIT_LETTERS.items()}
    return ranks, suits


def read_card(token: str, deck: DeckSpec) -> Card:
    """A card typed the canonical way (``7D``, ``7●``) or with the user's
    letters; NotationError otherwise."""
    try:
        return deck.parse_card(token)
    except NotationError:
        pass
    upper = token.strip().upper()
    ranks, suits = _letters()
    codes = {r.code for r in deck.ranks}
    for cut in (1, 2):
        rank_part, suit_part = upper[:-cut], upper[-cut:]
        rank = ranks.get(rank_part, rank_part)
        suit = suits.get(suit_part)
        if suit is not None and rank in codes:
            return deck.parse_card(rank + suit)
    raise NotationError("bad-card", token=token[:20])

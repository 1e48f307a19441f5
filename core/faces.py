"""How a card looks, as a game says it to a page: a small description that
names no game (``Presentation.face``). The web page draws each kind of face
(its own SVG, app/web/static/faces.js); a game only chooses the kind and
fills in what is printed on the card.

Kinds (``face`` key), with the keys each needs:

``french``
    ``rank`` (``A 2 … 10 J Q K``) and ``suit`` (``S H D C``): pips, or a
    court's marker; the page colours diamonds and clubs apart when the
    player asks for a four-colour deck;
``italian``
    ``rank`` (the index printed, ``A 2 … 10 F C R``; ``court`` says which
    court: ``jack``, ``knight``, ``king``) and ``suit`` (``coins cups swords
    batons``): drawn suit signs;
``si-se-pai``
    ``char`` (the character as printed, Traditional), ``simplified`` (the
    same in Simplified script), ``colour`` (``white yellow red green``) and
    ``letter`` (what the player types, in the user's language): a narrow
    card;
``tile``
    ``number`` and ``colour`` (a deck colour): a number in its colour;
    ``letter`` (optional): the colour's letter in the user's language;
``joker``
    ``colour``: a joker of any deck (a card or, with ``tile`` set, a tile).

Every value is a short string; the card's name for screen readers is the
game's ``name`` beside it, never the description.
"""

from __future__ import annotations

from typing import Mapping

from . import glossary
from .cards import Card, DeckSpec

#: A face description (see the module's docstring).
Look = Mapping[str, str]

FACE_KINDS = ("french", "italian", "si-se-pai", "tile", "joker")
FRENCH_SUITS = ("S", "H", "D", "C")
FRENCH_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
ITALIAN_SUITS = ("coins", "cups", "swords", "batons")
COURTS = ("jack", "knight", "king")


def is_french(deck: DeckSpec) -> bool:
    """Whether ``deck`` has the French deck's suits and ranks among the
    French ones (a short deck, whatever its points and extras)."""
    return (tuple(s.code for s in deck.suits) == FRENCH_SUITS
            and all(r.code in FRENCH_RANKS for r in deck.ranks))


def french(card: Card, deck: DeckSpec) -> dict[str, str]:
    """A card of the French deck; an extra card (a joker) drawn as a joker."""
    extra = deck.extra(card)
    if extra is not None:
        return {"face": "joker", "colour": extra.colour}
    return {"face": "french", "rank": deck.rank_code(card.rank), "suit": card.suit}


def tile(card: Card, deck: DeckSpec) -> dict[str, str]:
    """A card of any deck as a tile: its rank's number in its suit's colour."""
    extra = deck.extra(card)
    if extra is not None:
        return {"face": "joker", "colour": extra.colour, "tile": "1"}
    # The colour's letter too (the user's language's, as typed): where the system paints every tile
    # alike (forced colours) it tells them apart.
    return {"face": "tile", "number": deck.rank_code(card.rank), "colour": deck.colour(card),
            "letter": glossary.tile_letters(deck).get(card.suit, card.suit)}


def check(look: Look) -> list[str]:
    """What is wrong with a description (empty: a face the page can draw)."""
    kind = look.get("face")
    needs = {"french": ("rank", "suit"), "italian": ("rank", "suit", "court"),
             "si-se-pai": ("char", "simplified", "colour", "letter"), "tile": ("number", "colour"),
             "joker": ("colour",)}
    if kind not in needs:
        return [f"unknown face kind {kind!r}"]
    problems = [f"{kind}: no {key}" for key in needs[kind] if key not in look]
    problems += [f"{kind}: {key} is not a short string" for key, value in look.items()
                 if not isinstance(value, str) or len(value) > 12]
    if problems:
        return problems
    if kind == "french" and look.get("suit") not in FRENCH_SUITS:
        problems.append(f"french: suit {look.get('suit')!r}")
    if kind == "italian" and look.get("suit") not in ITALIAN_SUITS:
        problems.append(f"italian: suit {look.get('suit')!r}")
    if kind == "italian" and look.get("court") not in ("", *COURTS):
        problems.append(f"italian: court {look.get('court')!r}")
    return problems

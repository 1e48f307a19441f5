"""Sì Sè Pái deals staged by hand: chosen hands and a chosen public card,
shared by the claims' tests and the computer players' (tests/games/si_se_pai/)."""

from __future__ import annotations

from machiavelli.app.library import load_variant
from machiavelli.games.si_se_pai.game import Game, SiSePaiPosition

V = load_variant("si-se-pai", [])
# Cards that make no group with each other nor with the cards the tests use.
JUNK = ["AW EY", "AY EG", "AG EW", "AR EY"]


def cards(text):
    return list(V.deck.parse_cards(text))


def position(hands, public=None, source=0, drawn=True, discarding=None, top=(), variant=V):
    """A deal of four whose hands are ``hands`` (junk added so that no hand
    is complete by accident): the ``public`` card drawn or discarded by
    ``source``, or a seat ``discarding``; the stock holds the rest, ``top``
    first."""
    held = tuple(tuple(cards(h)) for h in hands)
    shown = tuple(cards(public)) if public else ()
    first = tuple(cards(" ".join(top)))
    stock = list(variant.physical_cards)
    for card in (*(c for h in held for c in h), *shown, *first):
        stock.remove(card)
    return SiSePaiPosition(hands=held, deck=first + tuple(stock), seed=1, public=shown[0] if shown else None,
                           source=source, drawn=drawn, discarding=discarding)


def staged(hands, public, source=0, drawn=True, variant=V):
    """A deal staged at ``public`` offered to the seats that may claim it (see :func:`position`)."""
    return Game.at_position(variant, position(hands, public, source, drawn, variant=variant))

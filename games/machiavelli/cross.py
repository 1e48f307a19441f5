"""The Cross of the Greek Makiaveli (issue 28): four cards laid face up
around the deck at the deal.

The engine keeps Cross cards where it keeps help cards (``Game._help``): a
card there is in no meld, so a single Cross card is never an invalid group,
and every player, person or computer, may complete it into a meld under
``help_cards_use`` exactly as a help card; the meld it goes into is then an
ordinary table meld. What differs is said here: how many cards the deal lays
face up, and that a Cross card, once used, is not replaced.
"""

from __future__ import annotations

from itertools import combinations
from typing import Sequence

from machiavelli.core.cards import Card

from . import finder
from .variant import MachiavelliVariant


def laid_at_deal(variant: MachiavelliVariant) -> int:
    """How many cards the deal lays face up: help cards or the Cross."""
    return variant.face_up


def replaced(variant: MachiavelliVariant) -> bool:
    """Whether a used face-up card is replaced from the deck at the end of
    the turn: help cards when help_cards_refill says so, Cross cards never
    (the Cross empties as it is completed)."""
    return bool(variant.help_cards) and variant.help_cards_refill


def is_cross(variant: MachiavelliVariant | None) -> bool:
    """Whether the face-up cards are the Cross (screens and rules name them
    so); no variant (a story told without one) speaks of help cards."""
    return bool(variant is not None and variant.cross)


def completions(hand: Sequence[Card], cross: Sequence[Card], variant: MachiavelliVariant
                ) -> list[tuple[tuple[Card, ...], Card]]:
    """Cross cards completed into new melds, each with two of the ``hand``
    cards (the smallest completion every help_cards_use allows), as (hand
    cards, Cross card); every card used once, the Cross in its order. For
    the players that never rearrange (greedy, beginner): a Cross is there
    to be completed, and a card left on it never comes back to the deck."""
    if not is_cross(variant):
        return []
    left = list(hand)
    out: list[tuple[tuple[Card, ...], Card]] = []
    for card in cross:
        pair = next((p for p in combinations(sorted(set(left), key=variant.deck.sort_key), 2)
                     if finder.valid((*p, card), variant)), None)
        if pair is None and len(set(left)) < len(left):  # two copies of one card
            pair = next(((c, c) for c in set(left) if left.count(c) > 1 and finder.valid((c, c, card), variant)),
                        None)
        if pair is not None:
            for c in pair:
                left.remove(c)
            out.append((pair, card))
    return out

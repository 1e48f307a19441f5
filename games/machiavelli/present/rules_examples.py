"""Examples of real cards for the rule text, and their proof.

Examples are built from the shape of each meld kind (a set of fives, a run
from five up, aces at either end), never picked by asking the kernel. Each
one carries its claim (valid, of which kind, or why not); :func:`agrees`
asks the kernel, and the rule text drops any example the kernel disputes, so
the rules never claim what the engine rejects. The tests require that no
example is dropped for the shipped variants.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from itertools import combinations
from typing import Iterable

from machiavelli.core.cards import Card
from machiavelli.core.melds import MeldKind
from machiavelli.core.variant import MeldVariant as Variant

Cards = tuple[Card, ...]


@dataclass(frozen=True)
class MeldExample:
    """``cards`` are a valid meld of ``kind`` (valid) or are no meld because of ``reason``."""

    cards: Cards
    valid: bool
    kind: str | None = None
    reason: str | None = None


@dataclass(frozen=True)
class TableExample:
    """A turn on a table: ``before`` + ``played`` from the hand gives ``after``
    (legal), or leaves ``left`` cards that form no melds (illegal)."""

    before: tuple[Cards, ...]
    played: Cards
    after: tuple[Cards, ...]
    legal: bool = True
    moved: Cards = ()
    left: Cards = ()


def agrees(example: MeldExample | TableExample, variant: Variant) -> bool:
    """Does the kernel agree with the example's claim?"""
    if isinstance(example, MeldExample):
        result = variant.check(example.cards)
        if example.valid:
            return result.valid and result.kind == example.kind
        return not result.valid and result.reason == example.reason
    if not all(variant.check(m).valid for m in example.before + example.after):
        return False
    cards_before = Counter(c for m in example.before for c in m) + Counter(example.played)
    cards_after = Counter(c for m in example.after for c in m) + Counter(example.left)
    if cards_before != cards_after or any(n > variant.decks for n in cards_before.values()):
        return False
    return example.legal == (not example.left) and (example.legal or not partitions_into_melds(example.left, variant))


def partitions_into_melds(cards: Cards, variant: Variant) -> bool:
    """Can ``cards`` (a handful) be split into valid melds? Exhaustive."""
    if not cards:
        return True
    first, rest = cards[0], cards[1:]
    for size in range(len(rest) + 1):
        for others in combinations(range(len(rest)), size):
            meld = (first, *(rest[i] for i in others))
            if variant.check(meld).valid:
                remaining = tuple(c for i, c in enumerate(rest) if i not in others)
                if partitions_into_melds(remaining, variant):
                    return True
    return False


# -- construction ---------------------------------------------------------------


def _suit_order(variant: Variant) -> list[str]:
    # Clubs first, as the sources write their examples (5♣ 5♦ 5♥).
    return [s.code for s in reversed(variant.deck.suits)]


def _start_rank(variant: Variant, length: int) -> int:
    top = len(variant.deck.ranks)
    return max(1, min(5, top - length + 1))


def base_meld(kind: MeldKind, variant: Variant, size: int | None = None) -> Cards | None:
    """A meld of ``kind`` built from its constraints (not yet checked)."""
    size = size or kind.min_size
    suits = _suit_order(variant)
    deck = variant.deck
    codes = {r.code: i + 1 for i, r in enumerate(deck.ranks)}
    if kind.patterns:
        ranks = [codes[c] for c in kind.patterns[0] if c in codes]
    elif kind.sequence:
        allowed = [codes[c] for c in kind.ranks if c in codes] if kind.ranks else []
        start = min(allowed) if allowed else _start_rank(variant, size)
        ranks = list(range(start, start + size))
        if ranks[-1] > len(deck.ranks):
            return None
    else:
        rank = codes[kind.ranks[0]] if kind.ranks and kind.ranks[0] in codes else _start_rank(variant, 1)
        ranks = [rank] * size
    if "suit" in kind.same:
        chosen = [suits[0]] * len(ranks)
    elif "suit" in kind.distinct or "card" in kind.distinct or not kind.sequence:
        if len(ranks) > len(suits) and "suit" in kind.distinct:
            return None
        chosen = [suits[i % len(suits)] for i in range(len(ranks))]
    else:
        chosen = [suits[0]] * len(ranks)
    return tuple(Card(r, s) for r, s in zip(ranks, chosen))


def meld_examples(name: str, kind: MeldKind, variant: Variant, *, first: bool) -> list[MeldExample]:
    """A small, a large and some broken melds of one kind; ``first`` adds
    the examples that need mentioning once (identical cards)."""
    base = base_meld(kind, variant)
    if base is None:
        return []
    out = [MeldExample(base, True, name)]
    bigger = kind.max_size if kind.max_size is not None else kind.min_size + 1
    if bigger > kind.min_size and not kind.patterns:
        large = base_meld(kind, variant, bigger)
        if large is not None:
            out.append(MeldExample(large, True, name))
    if len(base) > 1 and kind.min_size > 1:
        out.append(MeldExample(base[:-1], False, reason="too-few-cards"))
    if first and "card" in kind.distinct and variant.decks > 1 and len(base) > 1:
        out.append(MeldExample(base[:-1] + (base[-2],), False, reason="identical-cards"))
    if kind.sequence and len(base) > 2:
        last = base[-1]
        if last.rank + 1 <= len(variant.deck.ranks):
            out.append(MeldExample(base[:-1] + (Card(last.rank + 1, last.suit),), False, reason="gap"))
    return out


def ace_examples(name: str, kind: MeldKind, variant: Variant) -> list[MeldExample]:
    """A-2-3, Q-K-A and K-A-2 with the verdict of the variant's ace policy."""
    top = len(variant.deck.ranks)
    length = max(3, kind.min_size)
    if "suit" not in kind.same or not kind.sequence or variant.deck.ranks[0].code != "A" or length + 1 > top:
        return []
    if kind.max_size is not None and length > kind.max_size:
        return []
    suit = _suit_order(variant)[0]
    low = tuple(Card(r, suit) for r in range(1, length + 1))
    high = tuple(Card(r, suit) for r in range(top - length + 2, top + 1)) + (Card(1, suit),)
    corner = (Card(top, suit), Card(1, suit)) + tuple(Card(r, suit) for r in range(2, length))
    aces = variant.aces
    verdicts = {
        low: (aces != "high", "ace-low-not-allowed"),
        high: (aces != "low", "ace-high-not-allowed"),
        corner: (aces == "wrap", "ace-both-ways"),
    }
    return [MeldExample(cards, ok, name if ok else None, None if ok else why) for cards, (ok, why) in verdicts.items()]


def _kinds_by_shape(variant: Variant) -> tuple[str | None, str | None]:
    """(a kind of equal ranks, a kind of same-suit runs), if the variant has them."""
    same_rank = next((n for n, k in variant.melds.items() if "rank" in k.same and not k.patterns), None)
    run = next((n for n, k in variant.melds.items() if k.sequence and "suit" in k.same and not k.patterns), None)
    return same_rank, run


def playing_example(variant: Variant) -> TableExample | None:
    """A card added to a meld on the table (5♠ onto 5♣ 5♦ 5♥)."""
    for kind in variant.melds.values():
        if kind.patterns or (kind.max_size is not None and kind.max_size <= kind.min_size):
            continue
        base = base_meld(kind, variant)
        large = base_meld(kind, variant, kind.min_size + 1)
        if base and large and Counter(large) - Counter(base):
            extra = tuple((Counter(large) - Counter(base)).elements())
            if Counter(base) + Counter(extra) == Counter(large):
                return TableExample(before=(base,), played=extra, after=(large,))
    return None


def rearranging_examples(variant: Variant) -> list[TableExample]:
    """Board Game Arena's two examples: a legal move of 5♣ from a set into a
    run to make room for 4♣, and an illegal split that leaves cards over."""
    same_rank, run = _kinds_by_shape(variant)
    suits = _suit_order(variant)
    if same_rank is None or run is None or len(suits) < 4 or len(variant.deck.ranks) < 8:
        return []
    c, d, h, s = suits[:4]
    out: list[TableExample] = []
    legal = TableExample(
        before=((Card(5, c), Card(5, d), Card(5, h), Card(5, s)), (Card(6, c), Card(7, c), Card(8, c))),
        played=(Card(4, c),),
        after=((Card(5, d), Card(5, h), Card(5, s)), (Card(4, c), Card(5, c), Card(6, c), Card(7, c), Card(8, c))),
        moved=(Card(5, c),),
    )
    out.append(legal)
    illegal = TableExample(
        before=((Card(6, c), Card(6, d), Card(6, h)), (Card(7, c), Card(7, d), Card(7, h))),
        played=(Card(8, c),),
        after=((Card(6, c), Card(7, c), Card(8, c)),),
        legal=False,
        moved=(Card(6, c), Card(7, c)),
        left=(Card(6, d), Card(6, h), Card(7, d), Card(7, h)),
    )
    out.append(illegal)
    return out


def all_cards(examples: Iterable[MeldExample | TableExample]) -> list[Cards]:
    """Every group of cards the examples show (for tests)."""
    groups: list[Cards] = []
    for e in examples:
        if isinstance(e, MeldExample):
            groups.append(e.cards)
        else:
            groups.extend([*e.before, *e.after])
    return groups

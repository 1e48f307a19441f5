"""What a card may take, what a capture earns, and the end-of-deal awards:
pure functions of cards and the variant, shared by the engine, the rules
text's examples and the computer players."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable, Sequence

from machiavelli.core.cards import Card

from .variant import CiceraVariant

#: Capture bonuses, in the order they are told.
BONUSES = ("scopa", "picada", "simile", "quartet")
#: End-of-deal awards, in the order they are told.
AWARDS = ("most-cards", "most-suit", "special", "napola")


def value(card: Card, variant: CiceraVariant) -> int | None:
    """The card's value in sums, or None for a court that never sums."""
    if variant.is_court(card.rank) and not variant.courts_in_sums:
        return None
    return variant.deck.points(card)


def _sums(target: int, cards: Sequence[Card], values: Sequence[int], start: int) -> Iterable[tuple[Card, ...]]:
    for i in range(start, len(cards)):
        v = values[i]
        if v == target:
            yield (cards[i],)
        elif v < target:
            for rest in _sums(target - v, cards, values, i + 1):
                yield (cards[i], *rest)


def captures(card: Card, table: Sequence[Card], variant: CiceraVariant) -> list[tuple[Card, ...]]:
    """Every set of table cards ``card`` may take (each sorted in card
    order): one card of its rank, or (a number card, when sums are allowed)
    number cards adding up to its value. A court takes only one court of
    its rank. With ``match_first``, a card of the same rank forbids sums."""
    matches = [(t,) for t in table if t.rank == card.rank]
    target = value(card, variant)
    if target is None or not variant.sum_captures or (matches and variant.match_first):
        return sorted(set(matches))
    pool = sorted((t for t in table if value(t, variant) is not None), key=lambda c: (c.rank, c.suit))
    found: set[tuple[Card, ...]] = set(matches)
    found.update(tuple(sorted(s)) for s in _sums(target, pool, [value(t, variant) or 0 for t in pool], 0)
                 if len(s) > 1)
    return sorted(found, key=lambda s: (len(s), s))


@dataclass(frozen=True, slots=True)
class Bonus:
    """One capture bonus earned: its name (see :data:`BONUSES`) and points."""

    name: str
    points: int


def bonuses(card: Card, taken: Sequence[Card], table_before: Sequence[Card], left_by_previous: Card | None,
            variant: CiceraVariant, *, last_play: bool = False) -> tuple[Bonus, ...]:
    """The bonuses a capture earns; they add up. ``left_by_previous`` is the
    card the previous player just left on the table (None if that player
    captured or nobody has played)."""
    if not taken or (last_play and not variant.bonuses_on_last_play):
        return ()
    out = []
    if len(taken) == len(table_before) and variant.scopa_points:
        out.append(Bonus("scopa", variant.scopa_points))
    if (left_by_previous is not None and variant.picada_points and len(taken) == 1
            and taken[0] == left_by_previous and card.rank == left_by_previous.rank):
        out.append(Bonus("picada", variant.picada_points))
    if variant.simile_points and all(c.suit == card.suit for c in taken):
        out.append(Bonus("simile", variant.simile_points))
    if variant.quartet_points and len(taken) >= variant.quartet_min_taken:
        out.append(Bonus("quartet", variant.quartet_points))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class Award:
    """One end-of-deal award: its kind (see :data:`AWARDS`), the team that
    earned it, the points, and what it was for (a card's notation for
    ``special``, the run's length for ``napola``, the counts of every team
    for majorities)."""

    kind: str
    team: int
    points: int
    detail: str = ""


def napola_length(pile: Iterable[Card], variant: CiceraVariant) -> int:
    """The team's unbroken run of the napola suit from the Asso upward
    (up to ``napola_max``), or 0 when it is shorter than ``napola_min``."""
    ranks = {c.rank for c in pile if c.suit == variant.napola_suit}
    n = 0
    while n + 1 <= variant.napola_max and n + 1 in ranks:
        n += 1
    return n if n >= variant.napola_min else 0


def _majority(counts: Sequence[int]) -> int | None:
    best = max(counts)
    return counts.index(best) if counts.count(best) == 1 else None


def awards(piles: Sequence[Sequence[Card]], variant: CiceraVariant) -> tuple[Award, ...]:
    """The end-of-deal awards of each team's capture pile. A tied majority
    gives nobody the points."""
    out = []
    counts = [len(p) for p in piles]
    team = _majority(counts)
    if team is not None and variant.most_cards_points:
        out.append(Award("most-cards", team, variant.most_cards_points, "-".join(map(str, counts))))
    suited = [sum(1 for c in p if c.suit == variant.suit_award) for p in piles]
    team = _majority(suited)
    if team is not None and variant.most_suit_points:
        out.append(Award("most-suit", team, variant.most_suit_points, "-".join(map(str, suited))))
    for text, points in variant.special_cards.items():
        wanted = variant.deck.parse_card(text)
        for t, pile in enumerate(piles):
            if wanted in pile and points:
                out.append(Award("special", t, points, variant.deck.card_text(wanted)))
    if variant.napola:
        for t, pile in enumerate(piles):
            n = napola_length(pile, variant)
            if n:
                out.append(Award("napola", t, n, str(n)))
    return tuple(out)

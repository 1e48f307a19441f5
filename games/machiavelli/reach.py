"""A turn within reach: the solver's most cards among some melds of the
table (those nearest the hand, and only those the joker rules let the
player break), the rest of the table left as it is, then the hand's own
melds and additions. The one planner behind the levelled computer players,
the solver player in games with jokers, and hints with jokers."""

from __future__ import annotations

import random
from collections import Counter
from typing import Sequence

from machiavelli.core.cards import Card
from machiavelli.core.errors import SolverError
from machiavelli.core.table import MeldRules

from . import finder, moves
from .actions import DRAW, END, Action, Add, Move, Play, Swap, Take
from .cross import completions
from .variant import MachiavelliVariant
from .view import View, _internals

__all__ = ["breakable", "play_within"]


def breakable(variant: MachiavelliVariant, meld: Sequence[Card]) -> bool:
    """Whether the joker rules let a player break ``meld`` up freely (what
    the solver may rearrange): any meld without a joker; one with a joker
    only when jokers move like other cards and such melds may be rearranged."""
    wild = variant.wild
    if wild is None or not any(c.rank == 0 and c.suit == wild.code for c in meld):
        return True
    return variant.joker_release == "free" and bool(variant.joker_melds_rearranged)


def play_within(view: View, seen: list[Card], reach: int | None, rng: random.Random) -> list[Action]:
    """A turn with the cards ``seen``: with ``reach`` 0, the melds of the hand,
    the Cross's cards it completes, and additions; else the solver's most cards among the ``reach`` melds
    nearest the hand (None: all) that the joker rules let the player break,
    the rest of the table left alone, then the hand's melds with jokers
    and additions. When the solver gives up (unusual meld kinds, jokers it
    does not know), the same without the cards it cannot answer for."""
    fast = _internals(view)
    rules = fast.rules
    index = rules.index
    keys = fast.table_keys
    variant = view.variant
    if reach == 0 or not seen:
        # No rearrangement: the melds of the hand, then additions.
        new = finder.partition(seen, variant)
        left = Counter(index[c] for c in seen)
        for cards in new:
            left.subtract(index[c] for c in cards)
        actions: list[Action] = [Play(cards) for cards in new]
        values = rules.values
        # The Cross's cards that two of the cards left complete (cross.completions).
        for pair, card in completions([values[v] for v in left.elements()], view.help_cards, variant):
            actions.append(Play(pair, help=(card,)))
            new.append((*pair, card))
            left.subtract(index[c] for c in pair)
        actions.extend(_additions(rules, [*keys, *([index[c] for c in cards] for cards in new)], left))
        return [*actions, END] if actions else [DRAW]
    # A rearrangement among the melds within reach, the rest of the table
    # left alone. Meld tokens: the table's melds are 0..n-1, new ones count on.
    real: list[int] = list(range(len(keys)))
    content: dict[int, list[int]] = {t: list(k) for t, k in enumerate(keys)}
    left = Counter(index[c] for c in seen)
    melds = view.melds
    chosen = [t for t in _nearest(melds, seen, len(melds) if reach is None else reach, rng)
              if breakable(variant, melds[t])]
    wild = variant.wild
    hand, help = list(seen), view.help_cards
    try:
        found = moves.best(variant, [melds[t] for t in chosen], hand, help)
    except SolverError:
        if wild is None:  # only variants of unusual meld kinds: do without
            return play_within(view, seen, 0, rng)
        # The solver does not know jokers: the melds and cards without them.
        def plain(cards: Sequence[Card]) -> bool:
            return not any(c.rank == 0 and c.suit == wild.code for c in cards)
        chosen = [t for t in chosen if plain(melds[t])]
        hand, help = [c for c in seen if plain((c,))], tuple(c for c in help if plain((c,)))
        try:
            found = moves.best(variant, [melds[t] for t in chosen], hand, help)
        except SolverError:
            return play_within(view, seen, 0, rng)
    actions = []
    if found.placed:
        actions = _translate(found.actions, chosen, real, content, index)
        left.subtract(index[c] for c in found.placed)
    if wild is not None:
        # Jokers won back from the table, then the jokers the solver was not
        # given: pairs they complete, then additions.
        actions.extend(_swaps(rules, variant, real, content, left))
        rest = [rules.values[v] for v, n in left.items() for _ in range(max(n, 0))]
        for cards in finder.joker_pairs(rest, variant):
            actions.append(Play(cards))
            left.subtract(index[c] for c in cards)
            token = max(content, default=-1) + 1
            real.append(token)
            content[token] = [index[c] for c in cards]
    actions.extend(_additions(rules, [content[t] for t in real], left))
    return [*actions, END] if actions else [DRAW]


def _swaps(rules: MeldRules, variant: MachiavelliVariant, real: list[int], content: dict[int, list[int]],
           left: Counter[int]) -> list[Action]:
    """Jokers won back (``swap``): a hand card put in place of a table
    meld's joker, when the joker then completes a pair of the hand into a
    new meld (:func:`finder.joker_pairs`), so that the swap is worth a card
    more and the joker does not stay in the working area. ``content`` and
    ``left`` (value indices) follow the swaps."""
    wild = variant.wild
    joker = rules.index.get(Card(0, wild.code)) if wild is not None else None
    if joker is None:
        return []
    values, check = rules.values, rules.check_key
    out: list[Action] = []
    for t in list(real):
        meld = content[t]
        if joker not in meld:
            continue
        for v in sorted(v for v, n in left.items() if n > 0 and v != joker):
            trial = list(meld)
            trial.remove(joker)
            trial.append(v)
            if not check(tuple(sorted(trial))).valid:
                continue
            rest = [values[x] for x, n in left.items() for _ in range(max(n, 0) - (x == v))] + [values[joker]]
            if not finder.joker_pairs(rest, variant):
                continue
            out.append(Swap(real.index(t) + 1, values[v]))
            meld[:] = trial
            left[v] -= 1
            left[joker] += 1
            break
    return out


def _nearest(melds: Sequence[Sequence[Card]], hand: Sequence[Card], k: int, rng: random.Random) -> list[int]:
    """The numbers (from 0, in table order) of the ``k`` melds nearest the
    hand: most hand cards of a rank in the meld, or of a suit in the meld
    within two ranks of one of its cards; ties broken by chance."""
    if k >= len(melds):
        return list(range(len(melds)))
    scored = []
    for t, meld in enumerate(melds):
        ranks = {c.rank for c in meld}
        near = {(c.suit, c.rank + d) for c in meld for d in (-2, -1, 0, 1, 2)}
        score = sum(1 for c in hand if c.rank in ranks or (c.suit, c.rank) in near)
        scored.append((-score, rng.random(), t))
    scored.sort()
    return sorted(t for _, _, t in scored[:k])


def _translate(actions: Sequence[Action], chosen: list[int], real: list[int], content: dict[int, list[int]],
               index: dict[Card, int]) -> list[Action]:
    """The solver's actions on the table of the ``chosen`` melds alone,
    renumbered for the whole table; ``real`` (meld tokens in table order)
    and ``content`` (each token's value indices) follow the actions."""
    part = list(chosen)  # tokens of the partial table, in its order

    def at(n: int) -> int:
        return real.index(part[n - 1]) + 1

    out: list[Action] = []
    for action in actions:
        if isinstance(action, Take):
            out.append(Take(tuple(sorted(at(n) for n in action.melds)), action.cards))
            for n in sorted(action.melds, reverse=True):
                token = part.pop(n - 1)
                real.remove(token)
                del content[token]
        elif isinstance(action, Play):
            out.append(action)
            token = max(content, default=-1) + 1
            part.append(token)
            real.append(token)
            content[token] = [index[c] for c in (*action.cards, *action.help)]
        elif isinstance(action, Add):
            out.append(Add(at(action.meld), action.cards, action.help))
            content[part[action.meld - 1]].extend(index[c] for c in (*action.cards, *action.help))
        elif isinstance(action, Move):
            out.append(Move(action.cards, at(action.source), at(action.target)))
            source, target = content[part[action.source - 1]], content[part[action.target - 1]]
            for c in action.cards:
                source.remove(index[c])
                target.append(index[c])
        else:  # pragma: no cover - moves.realize makes only these
            raise AssertionError(f"unexpected action {action!r}")
    return out


def _additions(rules: MeldRules, melds: Sequence[Sequence[int]], hand: Counter[int]) -> list[Action]:
    """Hand cards added one by one to the melds (value indices, in table
    order) they fit, lowest card first, one card per meld and pass, until
    none fits: as the ``greedy`` player does."""
    values, check = rules.values, rules.check_key
    keys = [tuple(sorted(m)) for m in melds]
    have = {v for v, n in hand.items() if n > 0}
    actions: list[Action] = []
    added = True
    while added and have:
        added = False
        for i, key in enumerate(keys):
            # The hand's cards alone are tried: ``rules.fits`` tries every
            # card of the deck, and most tables of a game are new to it.
            hits = [v for v in have if check(tuple(sorted((*key, v)))).valid]
            if hits:
                card = min(hits)
                hand[card] -= 1
                if hand[card] <= 0:
                    have.discard(card)
                keys[i] = tuple(sorted((*key, card)))
                actions.append(Add(i + 1, (values[card],)))
                added = True
                if not have:
                    break
    return actions

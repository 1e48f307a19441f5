"""Computer players built on the move solver: ``greedy`` and ``solver``.

Both see the game through their seat's view and answer with the same turn
actions people type (see :mod:`core.bots`), planned once at the start of
each turn:

* ``greedy`` never touches the table: it plays new melds from the hand,
  largest first, then adds hand cards to melds one by one while any fits.
* ``solver`` plays the most hand cards it can, rearranging the table as the
  solver says: it takes every old meld that loses cards into the working
  area, adds to the melds that stay, plays the rest as new melds and ends.
* ``fallible`` is ``solver`` that sometimes gives up half-way through a
  rearrangement and restores the table, as people do.

Both draw when they can place nothing. They keep nothing back and watch no
one: stronger strategies can subclass :class:`PlannedBot` and override
:meth:`PlannedBot.plan`.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Iterator, Sequence

from .actions import DRAW, END, RESTORE, Action, Add, Move, Play, Take
from machiavelli.core.cards import Card
from .view import View


class PlannedBot:
    """A bot that plans each turn as a list of actions when the turn starts."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._turn: int | None = None
        self._plan: Iterator[Action] | None = None

    def choose(self, view: View) -> Action:
        if self._plan is None or self._turn != view.turn:
            self._turn = view.turn
            self._plan = iter(self.plan(view))
        return next(self._plan)

    def plan(self, view: View) -> list[Action]:
        raise NotImplementedError


class GreedyBot(PlannedBot):
    """Only new melds and additions to melds; never rearranges.

    New melds first, largest first, from the hand's groups of one rank and
    runs of one suit (each checked by the rules); then single hand cards
    added wherever they fit, until nothing fits. Help cards are left alone.
    Fast: it works on the engine's value indices and memoised checks."""

    def plan(self, view: View) -> list[Action]:
        rules = view.rules
        values = rules.values
        hand = Counter(view.hand_values)
        actions: list[Action] = []
        melds = [list(k) for k in view.table_keys]
        while True:
            meld = _largest_meld(rules, hand)
            if meld is None:
                break
            hand.subtract(meld)
            actions.append(Play(tuple(values[v] for v in meld)))
            melds.append(sorted(meld))
        fits = rules.fits
        added = True
        while added:
            added = False
            for n, meld in enumerate(melds, start=1):
                ok = fits(tuple(meld))
                card = next((v for v in sorted(hand) if hand[v] > 0 and v in ok), None)
                if card is not None:
                    hand[card] -= 1
                    meld.append(card)
                    meld.sort()
                    actions.append(Add(n, (values[card],)))
                    added = True
        return [*actions, END] if actions else [DRAW]


def _largest_meld(rules, hand: Counter) -> list[int] | None:
    """The largest valid meld of one rank or one suit among the hand's
    values (one copy of each), or None."""
    values = rules.values
    check = rules.check_key
    by_rank: dict[int, list[int]] = {}
    by_suit: dict[str, dict[int, int]] = {}
    for v, n in hand.items():
        if n > 0:
            card = values[v]
            by_rank.setdefault(card.rank, []).append(v)
            by_suit.setdefault(card.suit, {})[card.rank] = v
    best: list[int] | None = None
    for group in by_rank.values():
        if len(group) >= 3 and (best is None or len(group) > len(best)):
            key = tuple(sorted(group))
            while len(key) >= 3 and not check(key).valid:
                key = key[:-1]
            if len(key) >= 3 and (best is None or len(key) > len(best)):
                best = list(key)
    top = len(rules.deck.ranks)
    for ranks in by_suit.values():
        if len(ranks) < 3:
            continue
        # Ranks in order, the ace also after the top rank (Q-K-A).
        line = [*range(1, top + 1), 1]
        run: list[int] = []
        for r in line + [0]:
            if r in ranks and ranks[r] not in run:
                run.append(ranks[r])
                continue
            while len(run) >= 3 and (best is None or len(run) > len(best)):
                key = tuple(sorted(run))
                if check(key).valid:
                    best = list(key)
                    break
                run = run[1:]
            run = [ranks[r]] if r in ranks else []
    return best


class SolverBot(PlannedBot):
    """The most hand cards each turn, rearranging the table as needed.

    It skips the solver when nothing that matters changed since a turn on
    which it could place nothing: the same cards on the table and among the
    help cards, the same hand plus the cards drawn since, and no drawn card
    that could form even a three-card meld with the cards in sight. Any new
    play would have to use a drawn card (everything else was there before),
    and every meld of a plain variant holds a valid three-card part around
    each of its cards, so the answer is still "nothing"."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        #: (table values, help values, hand) of the last turn that placed nothing.
        self._quiet: tuple[tuple[int, ...], tuple[int, ...], Counter] | None = None

    def plan(self, view: View) -> list[Action]:
        from .solver import solve

        table = tuple(sorted(v for key in view.table_keys for v in key))
        index = view.rules.index
        help = tuple(sorted(index[c] for c in view.help_cards))
        hand = Counter(view.hand_values)
        if self._nothing_new(view, table, help, hand):
            self._quiet = (table, help, hand)
            return [DRAW]
        solution = solve(view.variant, view.melds, view.hand, view.help_cards)
        if not solution.placed:
            self._quiet = (table, help, hand)
            return [DRAW]
        self._quiet = None
        actions = realize(view.melds, solution)
        if actions is None:
            # Every help card must come with a hand card in the same action:
            # if no hand card can be lent to that, do without help cards.
            solution = solve(view.variant, view.melds, view.hand)
            if not solution.placed:
                return [DRAW]
            actions = realize(view.melds, solution)
            assert actions is not None, "without help cards there is nothing to lend"
        return [*actions, END]


    def _nothing_new(self, view: View, table: tuple[int, ...], help: tuple[int, ...], hand: Counter) -> bool:
        if self._quiet is None or not _triples_decide(view.rules):
            return False
        old_table, old_help, old_hand = self._quiet
        if table != old_table or help != old_help:
            return False
        drawn = hand - old_hand
        if old_hand - hand or not drawn:
            return False
        in_sight = Counter(table) + Counter(help) + hand
        fits = view.rules.fits
        for card in drawn:
            for other in in_sight:
                if other == card and in_sight[card] < 2:
                    continue
                for third in fits(tuple(sorted((card, other)))):
                    need = Counter((card, other, third))
                    if all(in_sight[v] >= n for v, n in need.items()):
                        return False
        return True


def _triples_decide(rules) -> bool:
    """True when every meld kind is at least three cards and every valid meld
    holds a valid three-card meld around each of its cards: true of sets
    (any three of them) and runs (any three in a row), not of fixed
    patterns or kinds of other sizes."""
    return all(k.min_size == 3 and k.patterns is None and (k.max_size is None or k.max_size >= 3)
               and (not k.sequence or "suit" in k.same) for k in rules.variant.melds.values())


def realize(old: Sequence[Sequence[Card]], solution) -> list[Action] | None:
    """Turn actions that lead from the table ``old`` to the solution's table;
    None when a meld that takes help cards cannot be given a hand card.

    Old melds that lose cards go whole into the working area; the melds that
    stay are added to; the others are played anew. The engine takes the
    cards of a play or an addition from the working area first, then the
    hand, then the help cards, and wants a hand card in every action that
    uses help cards: when such an action would take none, a hand card meant
    for another meld is lent to it, and a move puts the card where it
    belongs at the end."""
    changed = set(solution.changed)
    kept = [n for n in range(1, len(old) + 1) if n not in changed]
    number_of = {n: i for i, n in enumerate(kept, start=1)}  # old number -> number after the take
    content = {n: Counter(m) for n, m in zip(solution.numbers, solution.table)}
    helps: dict[int, Counter] = {}
    gains: dict[int, Counter] = {}  # what the melds that stay receive
    for step in solution.steps:
        if step.source == "help":
            helps.setdefault(step.target, Counter()).update(step.cards)
        elif step.target in number_of:
            gains.setdefault(step.target, Counter()).update(step.cards)
    wanted: dict[int, Counter] = {}  # cards other than help cards each action gives
    for n in solution.numbers:
        if n in number_of:
            if n in gains or n in helps:
                wanted[n] = gains.get(n, Counter())
        else:
            wanted[n] = content[n] - helps.get(n, Counter())
    hand_cards = {n: c for n, c in _hand_parts(solution).items()}
    working: Counter = Counter(c for n in changed for c in old[n - 1])
    hand: Counter = Counter(solution.placed)
    actions: list[Action] = [Take(tuple(sorted(changed)))] if changed else []
    # Melds with help cards first, while hand cards can still be lent to
    # them; then additions, then new melds.
    order = sorted(wanted, key=lambda n: (n not in helps, n not in number_of, n))
    lent: list[tuple[Card, int, int]] = []  # (card, meld it goes in first, meld it belongs to)
    new_melds = 0
    for n in order:
        cards = wanted[n]
        if n in helps and not any(cards[c] > working[c] for c in cards):
            loan = next(
                ((c, owner) for owner in order if owner not in helps and owner != n
                 for c in sorted(hand_cards.get(owner, ()))
                 if cards[c] + 1 > working[c] and hand[c] >= cards[c] + 1 - working[c]
                 and (owner in number_of or sum(wanted[owner].values()) > 1)),
                None,
            )
            if loan is None:
                return None
            card, owner = loan
            wanted[owner] = wanted[owner] - Counter([card])
            hand_cards[owner] = hand_cards[owner] - Counter([card])
            cards = cards + Counter([card])
            lent.append((card, n, owner))
        for card, count in cards.items():
            from_working = min(count, working[card])
            working[card] -= from_working
            hand[card] -= count - from_working
        listed = tuple(sorted(cards.elements()))
        if not listed and n not in helps:
            continue  # a meld that stays lent its only new card: the move brings it
        if n in number_of:
            actions.append(Add(number_of[n], listed, tuple(sorted(helps.get(n, Counter()).elements()))))
        else:
            actions.append(Play(listed, tuple(sorted(helps.get(n, Counter()).elements()))))
            new_melds += 1
            number_of[n] = len(kept) + new_melds
    for card, holder, owner in lent:
        actions.append(Move((card,), number_of[holder], number_of[owner]))
    return actions


def _hand_parts(solution) -> dict[int, Counter]:
    """The hand cards each meld of the solution receives."""
    parts: dict[int, Counter] = {}
    for step in solution.steps:
        if step.source == "hand":
            parts.setdefault(step.target, Counter()).update(step.cards)
    return parts


class FallibleBot(SolverBot):
    """A solver player that, like people, sometimes starts a rearrangement it
    cannot finish: on a turn whose best play rearranges the table, it takes
    the melds the play needs and then, with probability ``slip``, loses track
    and restores (paying the variant's restore penalty) instead.

    The perfect players never restore, so without this one rules about the
    restore penalty make no difference in a simulation."""

    slip = 0.25

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._rng = random.Random(seed)

    def plan(self, view: View) -> list[Action]:
        actions = super().plan(view)
        first = actions[0] if actions else None
        if isinstance(first, Take) and self._rng.random() < self.slip:
            return [first, RESTORE]
        return actions

"""The ``random`` computer player: legal moves chosen by chance.

Like every player it sees the game only through its seat's
:class:`~machiavelli.games.machiavelli.view.View` and answers with the turn
actions people type. The stronger players are in :mod:`.players`.
"""

from __future__ import annotations

import random
from typing import Iterator, Sequence

from machiavelli.core.bots import bot_seed, make_bot, play_out
from machiavelli.core.cards import Card
from machiavelli.core.variant import MeldVariant

from . import finder
from .actions import DRAW, END, RESTORE, UNDO, Action, Add, Join, Move, Play, Split, Take
from .around import plan_around
from .knocking import knock_instead
from .house import legal_plan, materialize, resume_plan
from .view import View, _internals

__all__ = ["RandomBot", "bot_seed", "make_bot", "play_out"]


class RandomBot:
    """Legal but aimless: it sometimes rearranges the table and puts it
    back, plays random melds and additions that fit, stops at random, and
    draws when it played nothing. It always ends its turn."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = random.Random(seed)
        self._turn: tuple[int, int] | None = None
        self._plan: Iterator[Action] | None = None

    def choose(self, view: View) -> Action:
        if self._plan is None or self._turn != (view.turn, view.turn_draws):
            # Re-seeded every turn, so that a game loaded from its record at
            # a turn boundary goes on exactly as it would have.
            self.rng.seed(self.seed * 1_000_003 + view.turn
                          + (7_919 * view.turn_draws if view.variant.draws_on else 0))
            self._turn = (view.turn, view.turn_draws)
            resumed = resume_plan(view)
            if resumed is not None:  # a turn under way: finished as it stands
                self._plan = iter(resumed)
            elif view.variant.leftover_invalid == "stay" and any(not m.check.valid for m in view.layout):
                # Invalid groups from an earlier turn: planned without them (see .around).
                self._plan = iter(legal_plan(view, plan_around(view, lambda v: materialize(v, self._turn_plan))))
            elif view.variant.house_rules:
                # Its aimless steps may break a house rule: play the turn out
                # on a copy first and keep what the rules accept.
                self._plan = iter(legal_plan(view, materialize(view, self._turn_plan)))
            else:
                self._plan = self._turn_plan(view)
        return knock_instead(view, next(self._plan))

    def _turn_plan(self, view: View) -> Iterator[Action]:
        rng = self.rng
        if view.melds and rng.random() < 0.35:
            for _ in range(rng.randint(1, 3)):
                yield from self._wander(view)
            if rng.random() < 0.03:
                yield RESTORE
                return
        while True:
            options = self._options(view)
            if not options or (view.played_from_hand and rng.random() < 0.1):
                break
            yield rng.choice(options)
            if rng.random() < 0.03:
                yield UNDO
        if view.played_from_hand:
            yield END
        else:
            # Restore only after touching the table (the rules refuse it
            # otherwise); the chance is drawn either way, so that seeded
            # games do not shift.
            yield RESTORE if rng.random() < 0.03 and view.disturbed else DRAW

    def _wander(self, view: View) -> Iterator[Action]:
        """One aimless rearrangement of a valid table, then its repair."""
        rng = self.rng
        melds = view.melds
        m = rng.randrange(len(melds))
        meld, n = melds[m], m + 1
        kind = rng.randrange(5)
        if kind == 0:
            yield Take((n,))
            yield Play(meld)
        elif kind == 1 and len(meld) > 1:
            card = rng.choice(meld)
            yield Take((n,), (card,))
            yield Add(n, (card,))
        elif kind == 2 and len(meld) > 1:
            card = meld[rng.randrange(1, len(meld))]
            if meld.index(card) > 0:
                yield Split(n, card)
                yield Join((n, len(view.melds)))
        elif kind == 3 and len(melds) > 1 and len(meld) > 1:
            other = rng.choice([k for k in range(1, len(melds) + 1) if k != n])
            card = rng.choice(meld)
            yield Move((card,), n, other)
            yield Move((card,), other, n)
        else:
            yield Take((n,))
            yield UNDO

    def _options(self, view: View) -> list[Action]:
        hand = view.hand
        options: list[Action] = [Play(cards, help)
                                 for cards, help in _new_melds(hand, view.help_cards, view.variant, self.rng)]
        fast = _internals(view)
        rules = fast.rules
        index = rules.index
        distinct = sorted(set(hand))
        for n, key in enumerate(fast.table_keys, 1):
            fits = rules.fits(key)
            options.extend(Add(n, (c,)) for c in distinct if index[c] in fits)
        return options


def _new_melds(hand: Sequence[Card], help: Sequence[Card], variant: MeldVariant, rng: random.Random
               ) -> list[tuple[tuple[Card, ...], tuple[Card, ...]]]:
    """Some valid new melds from the hand and help cards, each with at least
    one hand card: (hand part, help part). One random part of each group the
    finder offers: some cards of each rank, a stretch of each suit's run."""
    in_hand = set(hand)
    pool = [*sorted(in_hand), *(c for c in sorted(set(help)) if c not in in_hand)]
    found: list[tuple[tuple[Card, ...], tuple[Card, ...]]] = []
    for group in finder.groups(pool, variant.deck):
        cards = group.cards
        if group.run:
            lo = rng.randint(0, len(cards) - 3)
            part = cards[lo:rng.randint(lo + 2, len(cards) - 1) + 1]
        else:
            part = tuple(rng.sample(cards, rng.randint(3, len(cards))))
        if not in_hand.isdisjoint(part) and finder.valid(part, variant):
            found.append((tuple(c for c in part if c in in_hand), tuple(c for c in part if c not in in_hand)))
    return found

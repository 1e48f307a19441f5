"""Computer players built on the move solver: ``greedy`` and ``solver``.

Both see the game through their seat's view and answer with the same turn
actions people type (see :mod:`machiavelli.core.bots`), planned once at the start of
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
from typing import TYPE_CHECKING, Iterator

from . import finder, moves
from .actions import DRAW, END, RESTORE, Action, Add, Play, Take
from .around import plan_around
from .cross import completions
from .knocking import knock_instead
from .house import legal_plan, resume_plan
from .reach import play_within
from .view import View, _internals

if TYPE_CHECKING:
    from machiavelli.core.table import MeldRules


class PlannedBot:
    """A bot that plans each turn as a list of actions when the turn starts."""

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self._turn: tuple[int, int] | None = None
        self._plan: Iterator[Action] | None = None

    def choose(self, view: View) -> Action:
        if self._plan is None or self._turn != (view.turn, view.turn_draws):
            # A draw that leaves the turn going on (drawing: draw-first,
            # until-able) starts its planning again.
            self._turn = (view.turn, view.turn_draws)
            # A turn already under way (a server restarted, a record loaded
            # in the middle of it): its plan was made from a start this
            # player never saw, so it finishes the turn as it stands.
            resumed = resume_plan(view)
            self._plan = iter(resumed if resumed is not None else legal_plan(view, plan_around(view, self.plan)))
        return knock_instead(view, next(self._plan))

    def plan(self, view: View) -> list[Action]:
        raise NotImplementedError


class GreedyBot(PlannedBot):
    """Only new melds and additions to melds; never rearranges.

    New melds first, largest first, as the meld finder (:mod:`.finder`)
    sees them in the hand; then the Cross's cards it can complete with two
    hand cards (:func:`.cross.completions`); then single hand cards added
    wherever they fit, until nothing fits. Help cards are left alone. Fast: the additions work
    on the engine's value indices and memoised checks."""

    def plan(self, view: View) -> list[Action]:
        fast = _internals(view)
        rules = fast.rules
        values, index = rules.values, rules.index
        new = finder.partition(view.hand, view.variant)
        actions: list[Action] = [Play(cards) for cards in new]
        melds = [list(k) for k in fast.table_keys] + [sorted(index[c] for c in cards) for cards in new]
        hand = Counter(fast.hand_values)
        hand.subtract(index[c] for cards in new for c in cards)
        for pair, help_card in completions([values[v] for v in hand.elements()], view.help_cards, view.variant):
            actions.append(Play(pair, help=(help_card,)))
            melds.append(sorted(index[c] for c in (*pair, help_card)))
            hand.subtract(index[c] for c in pair)
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
        self._quiet: tuple[tuple[int, ...], tuple[int, ...], Counter[int]] | None = None

    def plan(self, view: View) -> list[Action]:
        if view.variant.jokers:
            # Jokers: the melds the rules let the player break, and the
            # jokers the solver cannot place yet (see reach.play_within).
            return play_within(view, list(view.hand), None, random.Random(self.seed))
        fast = _internals(view)
        table = tuple(sorted(v for key in fast.table_keys for v in key))
        index = fast.rules.index
        help = tuple(sorted(index[c] for c in view.help_cards))
        hand = Counter(fast.hand_values)
        if self._nothing_new(view, table, help, hand):
            self._quiet = (table, help, hand)
            return [DRAW]
        found = moves.best(view.variant, view.melds, view.hand, view.help_cards)
        if not found.placed:
            # Later turns may skip the solver only after a true "nothing", not
            # after a play given up for want of a hand card to go with help cards.
            self._quiet = None if found.help_left_out else (table, help, hand)
            return [DRAW]
        self._quiet = None
        return [*found.actions, END]

    def _nothing_new(self, view: View, table: tuple[int, ...], help: tuple[int, ...], hand: Counter[int]) -> bool:
        rules = _internals(view).rules
        if self._quiet is None or not _triples_decide(rules):
            return False
        old_table, old_help, old_hand = self._quiet
        if table != old_table or help != old_help:
            return False
        drawn = hand - old_hand
        if old_hand - hand or not drawn:
            return False
        in_sight = Counter(table) + Counter(help) + hand
        check, values = rules.check_key, rules.values
        for card in drawn:
            # Every pair of cards in sight, those of the same rank or of the
            # same suit two ranks away at most first: one of them nearly
            # always makes a meld with the drawn card, and it is found
            # before many checks of three cards never seen together.
            c = values[card]
            near = sorted(in_sight, key=lambda v: not (values[v].rank == c.rank or (
                values[v].suit == c.suit and abs(values[v].rank - c.rank) <= 2)))
            for j, third in enumerate(near):
                for other in near[: j + 1]:
                    three = (card, other, third)
                    if all(in_sight[v] >= three.count(v) for v in three) and check(tuple(sorted(three))).valid:
                        return False
        return True


def _triples_decide(rules: MeldRules) -> bool:
    """True when every meld kind is at least three cards and every valid meld
    holds a valid three-card meld around each of its cards: true of sets
    (any three of them) and runs (any three in a row), not of fixed
    patterns or kinds of other sizes."""
    return all(k.min_size == 3 and k.patterns is None and (k.max_size is None or k.max_size >= 3)
               and (not k.sequence or "suit" in k.same) for k in rules.variant.melds.values())


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

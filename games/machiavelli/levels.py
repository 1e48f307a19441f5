"""Player models with a meaning: computer players described by a few
behavioural parameters that people differ in, at four named levels.

A :class:`Level` says

* how much of their own hand a player takes in on a turn (``notice``: the
  rest is overlooked until the next turn);
* how far they look at the table for a rearrangement (``reach``: how many
  of the table's melds they consider breaking up, the ones nearest their
  cards; 0 never rearranges, None the whole table) and how often they try
  (``attempt``);
* how often they give a rearrangement up half-way and restore the table,
  paying the variant's penalty (``slip``): what makes restore penalties matter;
* whether they keep a meld back in the hand instead of playing it (``hold``).

A turn of a :class:`LevelBot`: it picks the cards it notices, perhaps puts
one of their melds aside, then either asks the solver for the most cards
among the melds within its reach (the rest of the table left as it is) or,
without a rearrangement, plays the melds of its hand; last, it adds the
cards it still holds to any meld they fit, one by one. With the whole table
in reach and every card noticed it plays as ``solver`` does.

Randomness comes only from the bot's seed, re-seeded at each turn (as
:class:`~.bots.RandomBot` does), so a game loaded at a turn boundary goes on
exactly as it would have.

Named levels (registered as computer players under these names):
:data:`BEGINNER`, :data:`CASUAL`, :data:`CLUB`, :data:`EXPERT`.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, fields
from typing import Sequence

from machiavelli.core.cards import Card
from machiavelli.core.errors import SolverError

from . import finder, moves
from .actions import DRAW, END, RESTORE, Action, Add, Move, Play, Take
from .players import SolverBot
from .view import View, _internals

__all__ = ["Level", "LevelBot", "BEGINNER", "CASUAL", "CLUB", "EXPERT", "LEVELS"]


@dataclass(frozen=True, slots=True)
class Level:
    """The behavioural parameters of a player model (see the module's docstring)."""

    name: str
    #: Chance that each hand card is taken into account on a turn.
    notice: float
    #: How many table melds (the nearest to the hand) a rearrangement may
    #: break up: 0 never rearranges, None the whole table.
    reach: int | None
    #: Chance of looking for a rearrangement on a turn (when ``reach`` allows one).
    attempt: float
    #: Chance of giving up a rearrangement after taking the melds, and restoring.
    slip: float
    #: Chance of keeping one meld of the hand back on a turn (never when
    #: the hand is nearly out).
    hold: float

    def __post_init__(self) -> None:
        for name in ("notice", "attempt", "slip", "hold"):
            value = getattr(self, name)
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"{name} must be between 0 and 1, got {value}")
        if self.notice <= 0.0:
            raise ValueError("notice must be more than 0")
        if self.reach is not None and self.reach < 0:
            raise ValueError(f"reach must be 0 or more, or None, got {self.reach}")
        if self.reach == 0 and (self.attempt or self.slip):
            raise ValueError("a player who never rearranges neither attempts nor gives up rearrangements")

    def parameters(self) -> dict[str, object]:
        """The parameters by name (the name left out)."""
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name != "name"}


BEGINNER = Level("beginner", notice=0.8, reach=0, attempt=0.0, slip=0.0, hold=0.0)
"""Knows what a meld is, not yet that the table is theirs to rearrange: plays
the melds of the hand and adds cards to the melds on the table, and
overlooks a card in five (a four among the sevens, the meld a card would
finish). Does not hold back: a beginner plays what they see."""

CASUAL = Level("casual", notice=0.9, reach=1, attempt=0.5, slip=0.3, hold=0.2)
"""Plays at home now and then: rearranges on half of the turns, and then only
the one meld nearest the hand; gives up three rearrangements in ten half-way
and puts the table back; keeps a meld in hand one turn in five "for later",
a habit from rummies where melding is not a race; overlooks a card in ten."""

CLUB = Level("club", notice=1.0, reach=3, attempt=1.0, slip=0.1, hold=0.05)
"""Plays every week: sees the whole hand and looks for a rearrangement every
turn, among the three melds nearest the hand; a rearrangement in ten is
lost track of and restored; rarely keeps a meld back."""

EXPERT = Level("expert", notice=1.0, reach=None, attempt=1.0, slip=0.0, hold=0.0)
"""The ceiling: the whole table, every card, every turn, never lost track of:
the most cards each turn, as the solver finds them (the ``solver`` player)."""

#: The named levels, weakest first.
LEVELS: dict[str, Level] = {level.name: level for level in (BEGINNER, CASUAL, CLUB, EXPERT)}


class LevelBot(SolverBot):
    """A computer player that plays as its :class:`Level` says."""

    def __init__(self, level: Level, seed: int = 0) -> None:
        super().__init__(seed)
        self.level = level
        self.rng = random.Random(seed)

    def plan(self, view: View) -> list[Action]:
        level, rng = self.level, self.rng
        rng.seed(self.seed * 1_000_003 + view.turn)
        # The hand by value indices (in the hand's order): the cards below
        # are the engine's own objects, which the meld finder handles fastest.
        fast = _internals(view)
        hand = fast.hand_values
        notice = level.notice
        values = fast.rules.values
        seen = [values[v] for v in (hand if notice >= 1.0 else [v for v in hand if rng.random() < notice])]
        held = False
        if level.hold and rng.random() < level.hold:
            melds = finder.partition(seen, view.variant)
            if melds:
                meld = melds[rng.randrange(len(melds))]
                if len(hand) - len(meld) >= 4:
                    held = True
                    for card in meld:
                        seen.remove(card)
        reach = level.reach
        rearrange = reach != 0 and (level.attempt >= 1.0 or rng.random() < level.attempt) and bool(view.melds)
        if rearrange and reach is None and not held and len(seen) == len(hand):
            actions = super().plan(view)  # the solver player's own turn, with its shortcuts
        else:
            self._quiet = None
            actions = self._play(view, seen, reach if rearrange else 0)
        if level.slip and actions and isinstance(actions[0], Take) and rng.random() < level.slip:
            return [actions[0], RESTORE]
        return actions

    def _play(self, view: View, seen: list[Card], reach: int | None) -> list[Action]:
        return play_within(view, seen, reach, self.rng)


def breakable(variant, meld: Sequence[Card]) -> bool:
    """Whether the joker rules let a player break ``meld`` up freely (what
    the solver may rearrange): any meld without a joker; one with a joker
    only when jokers move like other cards and such melds may be rearranged."""
    wild = variant.wild
    if wild is None or not any(c.rank == 0 and c.suit == wild.code for c in meld):
        return True
    return variant.joker_release == "free" and variant.joker_melds_rearranged


def play_within(view: View, seen: list[Card], reach: int | None, rng: random.Random) -> list[Action]:
    """A turn with the cards ``seen``: with ``reach`` 0, the melds of the hand
    and additions; else the solver's most cards among the ``reach`` melds
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
        # Jokers the solver was not given: pairs they complete, then additions.
        rest = [rules.values[v] for v, n in left.items() for _ in range(max(n, 0))]
        for cards in finder.joker_pairs(rest, variant):
            actions.append(Play(cards))
            left.subtract(index[c] for c in cards)
            token = max(content, default=-1) + 1
            real.append(token)
            content[token] = [index[c] for c in cards]
    actions.extend(_additions(rules, [content[t] for t in real], left))
    return [*actions, END] if actions else [DRAW]


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


def _additions(rules, melds: list[list[int]], hand: Counter) -> list[Action]:
    """Hand cards added one by one to the melds (value indices, in table
    order) they fit, lowest card first, one card per meld and pass, until
    none fits: as the ``greedy`` player does."""
    values, fits = rules.values, rules.fits
    keys = [tuple(sorted(m)) for m in melds]
    have = {v for v, n in hand.items() if n > 0}
    actions: list[Action] = []
    added = True
    while added and have:
        added = False
        for i, key in enumerate(keys):
            hits = fits(key) & have
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


def make(name: str, seed: int) -> LevelBot:
    """The computer player of the named level."""
    return LevelBot(LEVELS[name], seed)

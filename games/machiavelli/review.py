"""Machiavelli's review of a game: for each turn, the hand cards the seat
put down against the most it could have, found by the hint's solver
(:func:`.present.hints.best_play`) from the seat's view as the turn began:
its hand, the table and the help cards, never another hand or the deck.

Each position has a time budget (:mod:`machiavelli.core.budget`); a
search that runs past it, or that the solver gives up, is a give-up, not
a mistake. Going out was possible when the best play puts down the whole
hand. A restore (a rearrangement given up for the penalty) is counted.
"""

from __future__ import annotations

from collections import Counter, OrderedDict
from typing import Any, Callable, Iterable, Sequence

from machiavelli.core import budget
from machiavelli.core import review as core
from machiavelli.core.errors import MachiavelliError
from machiavelli.core.review import TurnFinding

from .actions import Draw, Restore
from .game import Game
from .view import View

#: What one judged position gives: (cards placed at best, the steps, the
#: table after them), or None when the search gave up.
Best = tuple[int, tuple[Any, ...], tuple[tuple[Any, ...], ...]] | None


#: Positions judged lately, by what the seat saw (a page that shows a review
#: in one language after another, or again, searches each position once).
#: The variant is kept with its answer, so that its id is not reused meanwhile.
_MEMO: "OrderedDict[tuple[Any, ...], tuple[Any, Best]]" = OrderedDict()
MEMO_SIZE = 4096


def best_from_view(view: View, seconds: float | None) -> Best:
    """The most the seat of ``view`` (whose turn begins) can put down, from
    its view alone, within ``seconds``."""
    from .present import hints

    key = (id(view.variant), view.melds, tuple(view.hand), view.help_cards, view.opened[view.seat], seconds)
    found_before = _MEMO.get(key)
    if found_before is not None:
        _MEMO.move_to_end(key)
        return found_before[1]
    try:
        with budget.within(seconds):
            found = hints.best_play(view)
        best: Best = (len(found.placed), tuple(found.actions), tuple(found.table))
    except (budget.OutOfTime, MachiavelliError, RecursionError):
        best = None
    _MEMO[key] = (view.variant, best)
    if len(_MEMO) > MEMO_SIZE:
        _MEMO.popitem(last=False)
    return best


def _codes(cards: Iterable[Any], deck: Any) -> tuple[str, ...]:
    return tuple(deck.card_text(c) for c in cards)


def review_game(game: Game, actions: Iterable[tuple[int, Any]], seats: Sequence[int] | None = None,
                seconds: float | None = core.DEFAULT_BUDGET,
                words: Callable[[TurnFinding, Game], str] | None = None) -> tuple[TurnFinding, ...]:
    """Play ``actions`` on ``game`` (as dealt) and judge each turn of ``seats``
    (None: every seat). ``words`` says each finding in the user's language."""
    deck = game.variant.deck
    wanted = set(range(game.players) if seats is None else seats)
    out: list[TurnFinding] = []
    start: tuple[int, int, tuple[Any, ...], Best, Any] | None = None  # (first index, turn, hand, best, table)
    played: list[str] = []
    restores = 0
    for index, (seat, action) in enumerate(actions):
        if start is None:
            view = game.view(seat)
            best = best_from_view(view, seconds) if seat in wanted else None
            start = (index, game.turn_number, tuple(view.hand), best, view.melds)
            played, restores = [], 0
        game.apply(action, seat)
        played.append(action.text(deck))
        entry = game.log[-1]
        restores += int(entry.penalty)
        if not entry.ends_turn:
            continue
        first, turn, hand, best, melds = start
        start = None
        if seat not in wanted:
            continue
        if isinstance(action, (Draw, Restore)) or entry.drew:
            did = 0
        else:
            did = sum((Counter(hand) - Counter(game.hand(seat))).values())
        could = None if best is None else max(best[0], did)
        out_possible = best is not None and best[0] == len(hand) > 0
        steps: tuple[str, ...] = ()
        table: tuple[tuple[str, ...], ...] = ()
        if best is not None and best[0] > did:
            steps = tuple(a.text(deck) for a in best[1])
            table = tuple(tuple(deck.card_text(c) for c in m) for m in best[2])
        finding = TurnFinding(seat, turn, first, index + 1, core.verdict_of(did, could, out_possible), did, could,
                              tuple(played), steps, table, restores, out_possible,
                              seen_hand=_codes(hand, deck), seen_table=tuple(_codes(m, deck) for m in melds))
        if words is not None:
            from dataclasses import replace

            finding = replace(finding, text=words(finding, game))
        out.append(finding)
    return tuple(out)

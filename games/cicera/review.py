"""Cicera's review of a deal: each play against the best capture the
seat could make at that moment, from its view (its hand, the table, the
card the previous player left), never another hand.

Plays are ranked by the bonus points they earn at once (a scopa, a
picada, ...), then by the cards they capture (the played card with the
taken ones), which count towards the majority of cards at the end. A
turn with one play open to the seat has no choice to judge.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable, Iterable, Sequence

from machiavelli.core import review as core
from machiavelli.core.review import TurnFinding

from .game import Game
from .rules import bonuses


def worth(view: Any, play: Any) -> tuple[int, int]:
    """(bonus points, cards captured) that ``play`` earns now, from ``view``."""
    if not play.take:
        return 0, 0
    last = sum(view.hand_sizes) == 1
    earned = bonuses(play.card, play.take, view.table, view.left, view.variant, last_play=last)
    return sum(b.points for b in earned), len(play.take) + 1


def review_game(game: Game, actions: Iterable[tuple[int, Any]], seats: Sequence[int] | None = None,
                words: Callable[[TurnFinding], str] | None = None) -> tuple[TurnFinding, ...]:
    """Play ``actions`` on ``game`` (as dealt) and judge each play of ``seats`` (None: every seat)."""
    deck = game.variant.deck
    wanted = set(range(game.players) if seats is None else seats)
    out: list[TurnFinding] = []
    for index, (seat, action) in enumerate(actions):
        view = game.view(seat)
        turn = game.turn_number
        finding = None
        if seat in wanted:
            options = view.legal_actions()
            # The first best play in the engine's order: the same record, the same answer.
            best = max(options, key=lambda p: worth(view, p))
            did, could = worth(view, action), worth(view, best)
            if len(options) <= 1:
                verdict = core.NO_CHOICE
            else:
                verdict = core.BEST if did >= could else core.MISSED
            shown = verdict == core.MISSED
            finding = TurnFinding(seat, turn, index, index + 1, verdict, did[1], could[1] if shown else did[1],
                                  (action.text(deck),), (best.text(deck),) if shown else (),
                                  points_missed=max(0, could[0] - did[0]) if shown else 0,
                                  seen_hand=tuple(deck.card_text(c) for c in view.hand),
                                  seen_table=(tuple(deck.card_text(c) for c in view.table),))
        game.apply(action, seat)
        if finding is not None:
            out.append(replace(finding, text=words(finding)) if words is not None else finding)
    return tuple(out)

"""Computer players on a table that holds invalid groups (``leftover_invalid: stay``).

The players and the solver read the table as valid melds. Where invalid
groups were left by an earlier turn (see :mod:`.leftover`), a player plans
its turn on a copy of the game without them, so every planner works
unchanged; the engine keeps those groups first on the table, so the plan's
meld numbers only shift by their count, whatever the plan does to the valid
melds after them. Then, before ending a turn that laid a hand card, it
takes what it can of the groups into valid melds, one card at a time (the
seed's "the other players will try to bring the cards back into their
groups"): hand cards that make a group valid again first, then
table cards of the groups moved into valid melds; what fits nowhere stays,
at no cost.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Callable

from machiavelli.core.errors import IllegalAction

from .actions import END, Action, Add, Join, Move, Split, Swap, Take
from .turn import Turn
from .view import View

if TYPE_CHECKING:
    from .game import Game


def _groups(game: "Game") -> int:
    """How many invalid groups lead the table at the start of the turn; -1
    when the turn is under way or an invalid meld is not among the first."""
    turn = game.turn
    if turn.steps or turn.working or turn.disturbed:
        return -1
    valid = game.rules.valid
    flags = [valid(m) for m in turn.table]
    k = next((n for n, ok in enumerate(flags) if ok), len(flags))
    return k if all(flags[k:]) else -1


def shifted(action: Action, k: int) -> Action:
    """``action`` with the meld numbers it names moved on by ``k``."""
    if isinstance(action, (Add, Split, Swap)):
        return replace(action, meld=action.meld + k)
    if isinstance(action, (Take, Join)):
        return replace(action, melds=tuple(n + k for n in action.melds))
    if isinstance(action, Move):
        return replace(action, source=action.source + k, target=action.target + k)
    return action


def plan_around(view: View, plan: Callable[[View], list[Action]]) -> list[Action]:
    """``plan(view)``, made without the invalid groups the turn began with
    and followed by the mending of what it can of them."""
    game: "Game" = view._game
    if game.variant.leftover_invalid != "stay":
        return plan(view)
    k = _groups(game)
    if k <= 0:
        return plan(view)
    twin = game.clone()
    seat = view.seat
    twin._aside.extend(i for meld in twin._table[:k] for i in meld)
    del twin._table[:k]
    twin._turn = Turn(seat, game.turn.number, game.rules, twin._table, twin._hands[seat], twin._help,
                      twin._working)
    actions = [shifted(a, k) for a in plan(twin.view(seat))]
    if actions and actions[-1] == END:
        actions[-1:] = [*mend(game, seat, actions[:-1]), END]
    return actions


def mend(game: "Game", seat: int, actions: list[Action]) -> list[Action]:
    """Moves that take cards of the invalid groups into valid melds after
    ``actions`` (which the game accepts), one card at a time, while any fits."""
    trial = game.clone()
    try:
        for action in actions:
            trial.apply(action, seat)
    except IllegalAction:
        return []
    if trial.outcome is not None:
        return []
    rules = trial.rules
    valid, fits, key, cards = rules.valid, rules.fits, rules.meld_key, rules.cards
    out: list[Action] = []
    # First hand cards that make a group valid again (one or two of them).
    for n in range(len(trial.turn.table), 0, -1):
        group = trial.turn.table[n - 1]
        if valid(group):
            continue
        hand = trial.turn.hand
        tries = [(i,) for i in hand] + [(i, j) for a, i in enumerate(hand) for j in hand[a + 1:]]
        found = next((t for t in tries if valid(tuple(sorted((*group, *t))))), None)
        if found is None:
            continue
        adding = Add(n, tuple(cards[i] for i in found))
        try:
            trial.apply(adding, seat)
        except IllegalAction:
            continue
        out.append(adding)
        if trial.outcome is not None:
            return out[:-1]  # going out this way is the plan's END's business: keep it simple
    moved = True
    while moved:
        moved = False
        table = trial.turn.table
        for s, source in enumerate(table):
            if valid(source):
                continue
            for t, target in enumerate(table):
                if t == s or not valid(target):
                    continue
                ok = fits(key(target))
                card = next((i for i in source if rules.value[i] in ok), None)
                if card is None:
                    continue
                step = Move((cards[card],), s + 1, t + 1)
                try:
                    trial.apply(step, seat)
                except IllegalAction:
                    continue
                out.append(step)
                moved = True
                break
            if moved:
                break
    return out

"""Computer players under house rules: a planned turn checked against the
rules before it is played.

The players plan as if the table were Board Game Arena's; when the variant
restricts plays (an opening, a limit of cards per turn, no rearranging
before one's first play, forced play), :func:`legal_plan` tries the plan on
a copy of the game and, if the rules refuse any step of it, falls back to
plays the rules accept: the opening the engine itself looks for
(:mod:`.opening`), then the hand's melds and additions as far as the limit
allows, then whatever the forced-play rule finds, then a draw. The copy is
only asked whether each of the player's own actions is legal; it tells the
player nothing it could not see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Iterator, Sequence

from machiavelli.core.errors import IllegalAction

from . import opening
from .actions import DRAW, END, RESTORE, Action, Play
from .view import View, _internals

if TYPE_CHECKING:
    from .game import Game


def _game(view: View) -> "Game":
    return _internals(view)._game


def accepted(game: "Game", actions: Sequence[Action]) -> bool:
    """Whether the rules accept every action, in order, on a copy of
    ``game``, and the last one ends the turn."""
    trial = game.clone()
    seat, number, draws = trial.current, trial.turn_number, trial.turn_draws
    try:
        for action in actions:
            if trial.outcome is not None:
                return action is END  # out one step early: only ``end`` was left
            trial.apply(action, seat)
    except IllegalAction:
        return False
    # A draw that leaves the turn going on (drawing: draw-first, until-able)
    # is the plan's end too: the player plans again after it.
    return trial.outcome is not None or trial.turn_number != number or trial.turn_draws != draws


def _as_far_as_allowed(game: "Game", actions: Sequence[Action]) -> list[Action]:
    """The steps of ``actions`` the rules accept one by one (a play beyond
    the limit is left out), then ``end`` if a hand card is down."""
    trial = game.clone()
    seat = trial.current
    kept: list[Action] = []
    for action in actions:
        if trial.outcome is not None:
            break
        for part in _shorter(action):
            try:
                trial.apply(part, seat)
            except IllegalAction:
                continue
            kept.append(part)
            break
    return [*kept, END] if kept else []


def _shorter(action: Action) -> Iterator[Action]:
    """The action, then (for a new meld) its shorter ends, longest first:
    what fits under a limit of cards per turn."""
    yield action
    if isinstance(action, Play) and not action.help:
        cards = action.cards
        for size in range(len(cards) - 1, 0, -1):
            yield Play(cards[:size])
            yield Play(cards[-size:])


def _fallbacks(view: View, plan: list[Action]) -> Iterator[list[Action]]:
    game = _game(view)
    variant = view.variant
    yield plan
    table, hand = view.melds, view.hand
    opened = game.opened(view.seat)
    if not opened and variant.opening != "none":
        melds = opening.best_opening(variant, hand)
        if melds:
            yield [*(Play(m) for m in melds), END]
    else:
        yield _as_far_as_allowed(game, opening._hand_only(variant, table, hand))
    forced = game.possible_play() if variant.forced_play else []
    if forced:
        yield [*forced, END]
    yield [DRAW]


def legal_plan(view: View, plan: list[Action]) -> list[Action]:
    """``plan`` if the rules accept it, else the first fallback they accept
    (see the module's docstring); unchanged under rules without restrictions."""
    if not view.variant.house_rules:
        return plan
    game = _game(view)
    for candidate in _fallbacks(view, plan):
        if candidate and accepted(game, candidate):
            return candidate
    return plan  # nothing better: the plan as it was (the caller hears the refusal)


def resume_plan(view: View) -> list[Action] | None:
    """How a player finishes a turn found under way (cards played or the
    table touched before it was asked): ``end`` when the rules accept the
    table as it is, else ``restore``. None for a turn not yet begun."""
    if not (view.played_from_hand or view.disturbed or view.working):
        return None
    legal = view.legal_actions()
    for closing in (END, RESTORE):
        if closing in legal:
            return [closing]
    return None  # neither is open (nothing to restore, the table invalid): the player plans as usual


def materialize(view: View, turn_plan: Callable[[View], Iterator[Action]]) -> list[Action]:
    """A plan made step by step from a live view (the random player's),
    played out on a copy of the game until the turn ends or a step is refused."""
    trial = _game(view).clone()
    seat = view.seat
    live = trial.view(seat)
    out: list[Action] = []
    for action in turn_plan(live):
        try:
            entry = trial.apply(action, seat)
        except IllegalAction:
            break
        out.append(action)
        if entry.ends_turn:
            break
    return out


__all__ = ["accepted", "legal_plan", "materialize"]

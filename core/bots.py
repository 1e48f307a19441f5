"""Driving players: every seat, person or computer, sees only its own view
and answers with the same actions, so every rule and every rejection
applies to all of them alike.

Computer players are chosen by name per seat (see
:mod:`machiavelli.core.registry`) and made from a seed derived from the
game's seed, so a game between bots is reproducible.
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from .errors import IllegalAction
from .fallback import fallback_action, tell
from .game import GameState, Outcome
from .registry import Bot, BotFactory, bots, make_bot, register_bot
from .seeds import LEGACY_BELOW, derived

__all__ = ["Bot", "BotFactory", "bots", "make_bot", "register_bot", "bot_seed", "play_out", "MAX_STEPS_PER_TURN"]

#: Most actions one turn may take before the loop gives up on a player.
MAX_STEPS_PER_TURN = 10_000


def bot_seed(game_seed: int, seat: int) -> int:
    """A bot's own seed, derived from the game's seed and the seat: by a
    one-way hash for a secret seed (the bot's moves, seen by all, must not
    give the game's seed away), by the old arithmetic for a small one (see
    :mod:`.seeds`)."""
    if game_seed >= LEGACY_BELOW:
        return derived(game_seed, "bot", seat)
    return (game_seed * 1_000_003 + seat * 7_919 + 1) % (1 << 63)


def play_out(game: GameState, players: Sequence[Bot], on_entry: Callable[[Any], None] | None = None, *,
             steady: bool = False, names: Sequence[str] | None = None) -> Outcome:
    """Let the players (one per seat) play the game to its end; ``on_entry``
    sees every accepted action. Each seat that may act is asked in turn;
    a player told of a rejection (one with ``rejected``) is asked again.

    A computer player's refused move is a bug and raises, unless ``steady``:
    then it is logged and a legal move is played for it (see
    :mod:`.fallback`), as it is when it fails while thinking, so that a
    game loaded in the middle of a computer's turn goes on. ``names``: the
    players' names, for that log."""
    views = [game.view(seat) for seat in range(game.players)]
    steps, turn = 0, game.turn_number
    while game.outcome is None:
        for seat in game.to_move():
            if game.outcome is not None or seat not in game.to_move():
                break
            player = players[seat]
            rejected = getattr(player, "rejected", None)
            entry = None
            try:
                entry = game.apply(player.choose(views[seat]), seat)
            except IllegalAction as error:
                if rejected is not None:
                    rejected(error)
                elif steady:
                    entry = _instead(game, seat, names, error.code)
                else:
                    raise
            except Exception as error:  # noqa: BLE001 - a computer that fails while thinking
                if rejected is not None or not steady:
                    raise
                entry = _instead(game, seat, names, type(error).__name__)
            if entry is not None and on_entry is not None:
                on_entry(entry)
            if game.turn_number != turn:
                steps, turn = 0, game.turn_number
            else:
                steps += 1
                if steps > MAX_STEPS_PER_TURN:
                    raise RuntimeError(f"the player in seat {seat} did not end turn {turn}")
    return game.outcome


def _instead(game: GameState, seat: int, names: Sequence[str] | None, why: str) -> Any:
    """Play a legal move for the computer in ``seat`` and log why."""
    action = fallback_action(game, seat)
    tell(game, seat, names[seat] if names else f"#{seat}", why, action)
    return game.apply(action, seat)

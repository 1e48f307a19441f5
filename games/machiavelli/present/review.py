"""Machiavelli's review in words: each turn's finding and each seat's
summary (the judgement itself is :mod:`machiavelli.games.machiavelli.review`)."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from machiavelli.core import review as core
from machiavelli.core.i18n import _, ngettext
from machiavelli.core.present import player_name
from machiavelli.core.review import Review, SeatSummary, TurnFinding

from machiavelli.games.machiavelli import review as judged
from machiavelli.games.machiavelli.actions import parse_action

UNIT = "cards"


def review(record: Any, seats: Sequence[int], seconds: float | None,
           names: Sequence[str | None], typed: Callable[[Any, Any], str]) -> Review:
    """The hook of the presentation protocol (see :mod:`machiavelli.core.present`);
    ``typed`` writes an action as the player types it (the presentation's ``typed_form``)."""
    game = record.new_game()
    deck = game.variant.deck

    def words(finding: TurnFinding, _game: Any) -> str:
        return turn_text(finding, player_name(finding.seat, names), deck, typed)

    turns = judged.review_game(game, record.actions, seats, seconds, words)
    return Review(record.variant.game, UNIT, turns,
                  core.summarise(turns, seats, lambda s: seat_text(s, player_name(s.seat, names))))


def steps_text(steps: Sequence[str], deck: Any, typed: Callable[[Any, Any], str]) -> str:
    """The best play as the commands the player would have typed."""
    return "; ".join(typed(parse_action(s, deck), deck) for s in steps)


def turn_text(finding: TurnFinding, player: str, deck: Any, typed: Callable[[Any, Any], str]) -> str:
    """One turn's finding in the user's language."""
    turn, did, could = finding.turn, finding.did, finding.could
    if finding.verdict == core.GAVE_UP:
        # TRANSLATORS: `machiavelli review`: one turn; {turn} is the turn's number, {player} a player's
        # name, {n} the hand cards they put down, {why} a sentence saying the turn was not judged.
        text = ngettext("Turn {turn}, {player}: {n} card put down. {why}",
                        "Turn {turn}, {player}: {n} cards put down. {why}", did,
                        turn=turn, player=player, why=core.gave_up_text())
    elif finding.verdict == core.BEST and did == 0:
        # TRANSLATORS: `machiavelli review`: one turn in which no card could go down (the player drew);
        # {turn} is the turn's number, {player} a player's name.
        text = _("Turn {turn}, {player}: no card could be put down.", turn=turn, player=player)
    elif finding.verdict == core.BEST:
        # TRANSLATORS: `machiavelli review`: one turn played as well as possible; {n} is the hand cards
        # put down, {turn} the turn's number, {player} a player's name.
        text = ngettext("Turn {turn}, {player}: {n} card put down, the most possible.",
                        "Turn {turn}, {player}: {n} cards put down, the most possible.", did,
                        turn=turn, player=player)
    elif finding.verdict == core.OUT_MISSED:
        # TRANSLATORS: `machiavelli review`: the player could have put down their whole hand ({n} cards)
        # and won, but put down only {did}; {turn} is the turn's number, {player} a player's name.
        text = ngettext("Turn {turn}, {player}: going out was possible with {n} card, but {did} went down.",
                        "Turn {turn}, {player}: going out was possible with all {n} cards, but {did} went down.",
                        could or 0, turn=turn, player=player, did=did)
    else:
        # TRANSLATORS: `machiavelli review`: the player put down {did} hand cards of the {could} they could
        # have; {n} is the difference, {turn} the turn's number, {player} a player's name.
        text = ngettext("Turn {turn}, {player}: {did} of {could} cards put down; {n} card missed.",
                        "Turn {turn}, {player}: {did} of {could} cards put down; {n} cards missed.",
                        finding.missed, turn=turn, player=player, did=did, could=could)
    if finding.best:
        # TRANSLATORS: `machiavelli review`: after a missed play; {steps} is the commands that make the best one.
        text += " " + _("Best: {steps}.", steps=steps_text(finding.best, deck, typed))
    if finding.restores:
        # TRANSLATORS: `machiavelli review`: the player gave up a rearrangement for the penalty {n} times.
        text += " " + ngettext("{n} restore.", "{n} restores.", finding.restores)
    return text


def seat_text(summary: SeatSummary, player: str) -> str:
    """A seat's summary line: cards missed, going out missed, restores."""
    parts = [
        # TRANSLATORS: `machiavelli review`, a part of a player's summary line: hand cards that could
        # have gone down and did not.
        ngettext("{n} card missed", "{n} cards missed", summary.missed),
        # TRANSLATORS: `machiavelli review`, a part of a player's summary line: turns in which the player
        # could have gone out (won) and did not.
        ngettext("going out missed {n} time", "going out missed {n} times", summary.out_missed),
        # TRANSLATORS: `machiavelli review`, a part of a player's summary line: rearrangements given up
        # for the penalty.
        ngettext("{n} restore", "{n} restores", summary.restores),
    ]
    return core.summary_text(summary, player, parts)

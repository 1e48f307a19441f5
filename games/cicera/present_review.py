"""Cicera's review in words (the judgement is :mod:`.review`)."""

from __future__ import annotations

from typing import Any, Callable, Sequence

from machiavelli.core import glossary
from machiavelli.core import review as core
from machiavelli.core.i18n import npgettext, pgettext
from machiavelli.core.present import Style, player_name
from machiavelli.core.review import Review, SeatSummary, TurnFinding

from .actions import parse_action
from .review import review_game

UNIT = "cards"


def review(record: Any, seats: Sequence[int], seconds: float | None, names: Sequence[str | None],
           describe_action: Callable[[Any, Any, Style], str]) -> Review:
    """The hook of the presentation protocol (every play is judged at once: no budget needed);
    ``describe_action`` is the presentation's."""
    game = record.new_game()
    style = Style(tuple(player_name(s, names) for s in range(len(record.seats))), not glossary.ascii_cards())

    class _Seen:  # describe_action reads only the variant of its view
        variant = game.variant

    def said(text: str) -> str:
        return describe_action(parse_action(text, game.variant.deck), _Seen, style)

    def words(finding: TurnFinding) -> str:
        player, turn = style.names[finding.seat], finding.turn
        played = said(finding.played[0])
        if finding.verdict == core.NO_CHOICE:
            # TRANSLATORS: `machiavelli review` of Cicera: a turn with a single possible play; {turn} is the
            # turn's number, {player} a player's name, {play} the play (take 5♣ with 5♥).
            return pgettext("cicera review", "Turn {turn}, {player}: {play} (the only play).",
                            turn=turn, player=player, play=played)
        if finding.verdict == core.BEST:
            # TRANSLATORS: `machiavelli review` of Cicera: a turn played as well as possible; {turn} is the turn's
            # number, {player} a player's name, {play} the play (take 5♣ with 5♥).
            return pgettext("cicera review", "Turn {turn}, {player}: {play}, the best play.",
                            turn=turn, player=player, play=played)
        if finding.points_missed:
            # TRANSLATORS: `machiavelli review` of Cicera: a better play scored {n} more bonus points (a
            # scopa, a picada); {turn} is the turn's number, {player} a player's name, {play} the play made,
            # {best} the better play.
            return npgettext("cicera review", "Turn {turn}, {player}: {play}; {best} would have scored {n} point more.",
                             "Turn {turn}, {player}: {play}; {best} would have scored {n} points more.",
                             finding.points_missed, turn=turn, player=player, play=played, best=said(finding.best[0]))
        # TRANSLATORS: `machiavelli review` of Cicera: a better play captured {n} more cards; {turn} is the
        # turn's number, {player} a player's name, {play} the play made, {best} the better play.
        return npgettext("cicera review", "Turn {turn}, {player}: {play}; {best} would have captured {n} card more.",
                         "Turn {turn}, {player}: {play}; {best} would have captured {n} cards more.",
                         finding.missed, turn=turn, player=player, play=played, best=said(finding.best[0]))

    def summary(s: SeatSummary) -> str:
        parts = [
            # TRANSLATORS: `machiavelli review` of Cicera, a part of a player's summary line: cards a
            # better capture would have taken.
            npgettext("cicera review", "{n} card missed", "{n} cards missed", s.missed),
            # TRANSLATORS: `machiavelli review` of Cicera, a part of a player's summary line: bonus points
            # (scopa, picada, ...) a better capture would have earned.
            npgettext("cicera review", "{n} bonus point missed", "{n} bonus points missed", s.points_missed),
        ]
        return core.summary_text(s, style.names[s.seat], parts)

    turns = review_game(game, record.actions, seats, words)
    return Review(record.variant.game, UNIT, turns, core.summarise(turns, seats, summary))

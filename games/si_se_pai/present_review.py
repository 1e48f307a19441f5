"""Sì Sè Pái's review in words (the judgement is :mod:`.review`)."""

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
           describe_action: Callable[[Any, Any, Style], str], card: Callable[[Any, Any, Style], str]) -> Review:
    """The hook of the presentation protocol (the grouping search is exact and quick: no budget needed);
    ``describe_action`` and ``card`` are the presentation's words for an action and a card."""
    game = record.new_game()
    deck = game.variant.deck
    style = Style(tuple(player_name(s, names) for s in range(len(record.seats))), not glossary.ascii_cards())

    def words(finding: TurnFinding, view: Any) -> str:
        player, turn = style.names[finding.seat], finding.turn
        played = describe_action(parse_action(finding.played[0], deck), view, style)
        if finding.verdict == core.OUT_MISSED:
            # TRANSLATORS: `machiavelli review` of Sì Sè Pái: the public card {card} completed the player's
            # hand and they did not claim the win; {play} is what they answered (pass, take ...), {turn} the
            # turn's number, {player} a player's name.
            return pgettext("sisepai review", "Turn {turn}, {player}: {card} would have won the deal; the answer was {play}.",
                            turn=turn, player=player, card=card(view.public, game.variant, style), play=played)
        if finding.verdict == core.BEST:
            # TRANSLATORS: `machiavelli review` of Sì Sè Pái: a choice made as well as possible; {play} is the
            # answer or the discard (discard 5♣), {turn} the turn's number, {player} a player's name.
            return pgettext("sisepai review", "Turn {turn}, {player}: {play}, the best choice.",
                            turn=turn, player=player, play=played)
        best = describe_action(parse_action(finding.best[0], deck), view, style)
        # TRANSLATORS: `machiavelli review` of Sì Sè Pái: another choice ({best}) would have left {n} fewer
        # cards of the concealed hand outside every group; {play} is the choice made, {turn} the turn's
        # number, {player} a player's name.
        return npgettext("sisepai review", "Turn {turn}, {player}: {play}; {best} would have left {n} loose card fewer.",
                         "Turn {turn}, {player}: {play}; {best} would have left {n} loose cards fewer.",
                         finding.missed, turn=turn, player=player, play=played, best=best)

    def summary(s: SeatSummary) -> str:
        parts = [
            # TRANSLATORS: `machiavelli review` of Sì Sè Pái, a part of a player's summary line: cards left
            # outside every group that better choices would have grouped.
            npgettext("sisepai review", "{n} loose card too many", "{n} loose cards too many", s.missed),
            # TRANSLATORS: `machiavelli review` of Sì Sè Pái, a part of a player's summary line: public cards
            # that would have won the deal and were not claimed.
            npgettext("sisepai review", "{n} win missed", "{n} wins missed", s.out_missed),
        ]
        return core.summary_text(s, style.names[s.seat], parts)

    turns = review_game(game, record.actions, seats, words)
    return Review(record.variant.game, UNIT, turns, core.summarise(turns, seats, summary))

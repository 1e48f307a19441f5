"""What happened in a game, in words, in the user's language: one sentence
per log entry (:class:`machiavelli.games.machiavelli.game.Entry`), and the result."""

from __future__ import annotations

from machiavelli.games.machiavelli.actions import Add, Draw, End, Join, Move, Play, Restore, Split, Take, Undo
from machiavelli.core.cards import DeckSpec
from machiavelli.games.machiavelli.game import BLOCKED, DECK_EXHAUSTED, WENT_OUT, Entry, Outcome

from . import glossary
from machiavelli.core.i18n import _, format_list, format_number, ngettext
from machiavelli.core.terminal import printable


def player_name(seat: int, names: list[str | None] | None = None) -> str:
    """``Player 1`` for seat 0, or the seat's own name (from a record: a
    stranger's text, shown without control characters)."""
    if names and seat < len(names) and names[seat]:
        return printable(names[seat]) or _("Player {n}", n=format_number(seat + 1))
    return _("Player {n}", n=format_number(seat + 1))


def _melds(numbers) -> str:
    return format_list([format_number(n) for n in numbers])


def entry_text(entry: Entry, deck: DeckSpec, names: list[str | None] | None = None) -> str:
    """One entry of the log as a sentence."""
    player = player_name(entry.seat, names)
    action = entry.action
    show = lambda cards: glossary.show_cards(cards, deck)  # noqa: E731
    if isinstance(action, Play):
        if action.help:
            return _("{player} plays {cards} with the help cards {help}.", player=player,
                     cards=show(action.cards), help=show(action.help))
        return _("{player} plays {cards}.", player=player, cards=show(action.cards))
    if isinstance(action, Add):
        cards = show((*action.cards, *action.help))
        return _("{player} adds {cards} to meld {meld}.", player=player, cards=cards, meld=action.meld)
    if isinstance(action, Take):
        if action.cards:
            return _("{player} takes {cards} from meld {meld}.", player=player, cards=show(action.cards),
                     meld=action.melds[0])
        return ngettext("{player} takes meld {melds}.", "{player} takes melds {melds}.", len(action.melds),
                        player=player, melds=_melds(action.melds))
    if isinstance(action, Move):
        return _("{player} moves {cards} from meld {source} to meld {target}.", player=player,
                 cards=show(action.cards), source=action.source, target=action.target)
    if isinstance(action, Split):
        return _("{player} splits meld {meld} before {card}.", player=player, meld=action.meld,
                 card=glossary.show_card(action.card, deck))
    if isinstance(action, Join):
        return _("{player} joins melds {melds}.", player=player, melds=_melds(action.melds))
    if isinstance(action, Undo):
        return _("{player} takes back a step.", player=player)
    if isinstance(action, Restore):
        return ngettext("{player} restores the table and draws {n} card.",
                        "{player} restores the table and draws {n} cards.", entry.drew, player=player)
    if isinstance(action, Draw):
        if not entry.drew:
            return _("{player} passes without drawing.", player=player)
        return ngettext("{player} draws {n} card.", "{player} draws {n} cards.", entry.drew, player=player)
    if isinstance(action, End):
        if entry.laid:
            return _("{player} ends the turn; new help cards: {cards}.", player=player, cards=show(entry.laid))
        return _("{player} ends the turn.", player=player)
    return f"{player}: {action}"


def outcome_text(outcome: Outcome, names: list[str | None] | None = None) -> str:
    """The result in one sentence."""
    winners = format_list([player_name(s, names) for s in outcome.winners])
    if outcome.reason == WENT_OUT:
        return _("{player} went out and wins.", player=winners)
    if outcome.reason == DECK_EXHAUSTED:
        return ngettext("The deck ran out. Winner: {players}.", "The deck ran out. Joint winners: {players}.",
                        len(outcome.winners), players=winners)
    if outcome.reason == BLOCKED:
        return ngettext("Nobody could play or draw any more. Winner: {players}.",
                        "Nobody could play or draw any more. Joint winners: {players}.",
                        len(outcome.winners), players=winners)
    return winners

"""What happened in a game, in words, in the user's language: one sentence
per log entry (:class:`machiavelli.games.machiavelli.game.Entry`), and the result."""

from __future__ import annotations

from collections import Counter

from machiavelli.games.machiavelli.actions import Add, Draw, End, Join, Move, Play, Restore, Split, Swap, Take, Undo
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
    """One sentence about a log entry (two when the next turn starts with a draw)."""
    text = _entry_text(entry, deck, names)
    if entry.next_drew:
        text += " " + ngettext("The next player draws {n} card to start the turn.",
                               "The next player draws {n} cards to start the turn.", entry.next_drew)
    return text


def _entry_text(entry: Entry, deck: DeckSpec, names: list[str | None] | None = None) -> str:
    """One entry of the log as a sentence. Melds are named by their cards as
    they were before the step (numbers change as melds come and go), and the
    cards of a play or an addition that came from the table or the help
    cards are named."""
    player = player_name(entry.seat, names)
    action = entry.action
    show = lambda cards: glossary.show_cards(cards, deck)  # noqa: E731
    named = entry.named
    if isinstance(action, (Play, Add)):
        if isinstance(action, Play):
            cards = show((*action.cards, *action.help))
            if action.help and not entry.from_help:
                text = _("{player} plays {cards} with the help cards {help}.", player=player,
                         cards=show(action.cards), help=show(action.help))
            else:
                text = _("{player} plays {cards}.", player=player, cards=cards)
        elif named:
            text = _("{player} adds {cards} to {meld}.", player=player, cards=show((*action.cards, *action.help)),
                     meld=show(named[0]))
        else:
            text = _("{player} adds {cards} to meld {meld}.", player=player,
                     cards=show((*action.cards, *action.help)), meld=action.meld)
        return " ".join([text, *sources(entry, deck)])
    if isinstance(action, Take):
        if named:
            if action.cards:
                return _("{player} takes {cards} from {meld}.", player=player, cards=show(action.cards),
                         meld=show(named[0]))
            return _("{player} takes {melds} off the table.", player=player, melds=_meld_list(named, deck))
        if action.cards:
            return _("{player} takes {cards} from meld {meld}.", player=player, cards=show(action.cards),
                     meld=action.melds[0])
        return ngettext("{player} takes meld {melds}.", "{player} takes melds {melds}.", len(action.melds),
                        player=player, melds=_melds(action.melds))
    if isinstance(action, Move):
        if named:
            return _("{player} moves {cards} from {source} to {target}.", player=player, cards=show(action.cards),
                     source=show(named[0]), target=show(named[1]))
        return _("{player} moves {cards} from meld {source} to meld {target}.", player=player,
                 cards=show(action.cards), source=action.source, target=action.target)
    if isinstance(action, Split):
        if named:
            meld = named[0]
            at = next((k for k, c in enumerate(meld) if c == action.card), 0)
            if at:
                return _("{player} splits {meld} into {first} and {second}.", player=player, meld=show(meld),
                         first=show(meld[:at]), second=show(meld[at:]))
        return _("{player} splits meld {meld} before {card}.", player=player, meld=action.meld,
                 card=glossary.show_card(action.card, deck))
    if isinstance(action, Join):
        if named:
            return _("{player} joins {melds} into one meld.", player=player, melds=_meld_list(named, deck))
        return _("{player} joins melds {melds}.", player=player, melds=_melds(action.melds))
    if isinstance(action, Swap):
        if named:
            return _("{player} puts {card} in place of the joker of {meld} and takes the joker.", player=player,
                     card=glossary.show_card(action.card, deck), meld=show(named[0]))
        return _("{player} puts {card} in place of the joker of meld {meld} and takes the joker.", player=player,
                 card=glossary.show_card(action.card, deck), meld=action.meld)
    if isinstance(action, Undo):
        return _("{player} takes back a step.", player=player)
    if isinstance(action, Restore):
        return ngettext("{player} restores the table and draws {n} card.",
                        "{player} restores the table and draws {n} cards.", entry.drew, player=player)
    if isinstance(action, Draw):
        if entry.penalty:
            return ngettext("{player} gives up a rearrangement of the table and draws {n} card as a penalty.",
                            "{player} gives up a rearrangement of the table and draws {n} cards as a penalty.",
                            entry.drew, player=player)
        if not entry.drew:
            return _("{player} passes without drawing.", player=player)
        return ngettext("{player} draws {n} card.", "{player} draws {n} cards.", entry.drew, player=player)
    if isinstance(action, End):
        if entry.laid:
            return _("{player} ends the turn; new help cards: {cards}.", player=player, cards=show(entry.laid))
        return _("{player} ends the turn.", player=player)
    return f"{player}: {action}"


def sources(entry: Entry, deck: DeckSpec) -> list[str]:
    """Where the cards of a play or an addition came from, when not all from the hand."""
    out = []
    if entry.from_table:
        out.append(_("From the table: {cards}.", cards=glossary.show_cards(_in_order(entry, entry.from_table), deck)))
    if entry.from_help:
        out.append(_("From the help cards: {cards}.", cards=glossary.show_cards(_in_order(entry, entry.from_help), deck)))
    return out


def _in_order(entry: Entry, cards) -> list:
    """``cards`` in the order the action names them."""
    left = Counter(cards)
    out = []
    for card in (*getattr(entry.action, "help", ()), *getattr(entry.action, "cards", ())):
        if left[card] > 0:
            left[card] -= 1
            out.append(card)
    return out + list(left.elements())


def _meld_list(melds, deck: DeckSpec) -> str:
    """Melds named by their cards, in a list (``4♦ 5♦ 6♦ and 7♣ 7♥ 7♠``)."""
    return format_list([glossary.show_cards(m, deck) for m in melds])


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

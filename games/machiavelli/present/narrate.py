"""What happened in a game, in words, in the user's language: one sentence
per log entry (:class:`machiavelli.games.machiavelli.game.Entry`), and the result."""

from __future__ import annotations

from collections import Counter
from typing import Any, Iterable, Sequence

from machiavelli.games.machiavelli.actions import Add, Draw, End, Join, Knock, Move, Play, Restore, Split, Swap, Take, Undo
from machiavelli.core.cards import Card, DeckSpec
from machiavelli.games.machiavelli.game import BLOCKED, DECK_EXHAUSTED, KNOCKED, WENT_OUT, Entry, Outcome

from machiavelli.core import glossary
from machiavelli.core.i18n import _, format_list, format_number, join_sentences, labelled, ngettext
from machiavelli.core.present import player_name
from machiavelli.core.terminal import printable
from machiavelli.games.machiavelli.cross import is_cross


def _melds(numbers: Iterable[int]) -> str:
    return format_list([format_number(n) for n in numbers])


def entry_text(entry: Entry, deck: DeckSpec, names: list[str | None] | None = None, variant: Any = None) -> str:
    """One sentence about a log entry (two when the next turn starts with a
    draw). With the ``variant``, a new meld's cards are named in the order
    the table lays them out (a run J♠ Q♠ K♠ A♠, never A♠ J♠ Q♠ K♠)."""
    text = _entry_text(entry, deck, names, variant)
    if entry.next_drew:
        # TRANSLATORS: The table: what a player just did, one line of the game's story; {n} is a number of
        # cards.
        text += " " + ngettext("The next player draws {n} card to start the turn.",
                               "The next player draws {n} cards to start the turn.", entry.next_drew)
    return text


def _entry_text(entry: Entry, deck: DeckSpec, names: list[str | None] | None = None, variant: Any = None) -> str:
    """One entry of the log as a sentence. Melds are named by their cards as
    they were before the step (numbers change as melds come and go), and the
    cards of a play or an addition that came from the table or the help
    cards are named."""
    player = player_name(entry.seat, names)
    action = entry.action

    def show(cards: Iterable[Card]) -> str:
        return glossary.show_cards(cards, deck)

    named = entry.named
    if isinstance(action, (Play, Add)):
        if isinstance(action, Play):
            cards = show(_laid_out((*action.cards, *action.help), variant))
            if action.help and not entry.from_help and is_cross(variant):
                # TRANSLATORS: The table: what a player just did, one line of the game's story; {player} is a
                # player's name (Player 2), {cards} is cards as shown at the table (5♣ 6♣ 7♣), {help} is
                # cards of the Cross (the cards laid face up around the deck) as shown (5♣ 6♣).
                text = _("{player} plays {cards} with the Cross's {help}.", player=player,
                         cards=show(action.cards), help=show(action.help))
            elif action.help and not entry.from_help:
                # TRANSLATORS: The table: what a player just did, one line of the game's story; {player} is a
                # player's name (Player 2), {cards} is cards as shown at the table (5♣ 6♣ 7♣), {help} is help
                # cards as shown (5♣ 6♣).
                text = _("{player} plays {cards} with the help cards {help}.", player=player,
                         cards=show(action.cards), help=show(action.help))
            else:
                # TRANSLATORS: The table: what a player just did, one line of the game's story; {player} is a
                # player's name (Player 2), {cards} is cards as shown at the table (5♣ 6♣ 7♣).
                text = _("{player} plays {cards}.", player=player, cards=cards)
        elif named:
            # TRANSLATORS: The table: what a player just did, one line of the game's story; {player} is a
            # player's name (Player 2), {cards} is cards as shown at the table (5♣ 6♣ 7♣), {meld} is a meld's
            # number on the table.
            text = _("{player} adds {cards} to {meld}.", player=player, cards=show((*action.cards, *action.help)),
                     meld=show(named[0]))
        else:
            # TRANSLATORS: The table: what a player just did, one line of the game's story; {player} is a
            # player's name (Player 2), {cards} is cards as shown at the table (5♣ 6♣ 7♣), {meld} is a meld's
            # number on the table.
            text = _("{player} adds {cards} to meld {meld}.", player=player,
                     cards=show((*action.cards, *action.help)), meld=action.meld)
        return join_sentences(text, *sources(entry, deck, variant))
    if isinstance(action, Take):
        if named:
            if action.cards:
                # TRANSLATORS: The table: what a player just did, one line of the game's story; {player} is a
                # player's name (Player 2), {cards} is cards as shown at the table (5♣ 6♣ 7♣), {meld} is a meld's
                # number on the table.
                return _("{player} takes {cards} from {meld}.", player=player, cards=show(action.cards),
                         meld=show(named[0]))
            # TRANSLATORS: The table: what a player just did, one line of the game's story; {player} is a
            # player's name (Player 2), {melds} is meld numbers, listed.
            return _("{player} takes {melds} off the table.", player=player, melds=_meld_list(named, deck))
        if action.cards:
            # TRANSLATORS: The table: what a player just did, one line of the game's story; {player} is a
            # player's name (Player 2), {cards} is cards as shown at the table (5♣ 6♣ 7♣), {meld} is a meld's
            # number on the table.
            return _("{player} takes {cards} from meld {meld}.", player=player, cards=show(action.cards),
                     meld=action.melds[0])
        # TRANSLATORS: The table: what a player just did, one line of the game's story; {player} is a
        # player's name (Player 2), {melds} is meld numbers, listed.
        return ngettext("{player} takes meld {melds}.", "{player} takes melds {melds}.", len(action.melds),
                        player=player, melds=_melds(action.melds))
    if isinstance(action, Move):
        if named:
            # TRANSLATORS: The table: what a player just did, one line of the game's story; {player} is a
            # player's name (Player 2), {cards} is cards as shown at the table (5♣ 6♣ 7♣), {source} is a
            # meld's number, {target} is a meld's number.
            return _("{player} moves {cards} from {source} to {target}.", player=player, cards=show(action.cards),
                     source=show(named[0]), target=show(named[1]))
        # TRANSLATORS: The table: what a player just did, one line of the game's story; {player} is
        # a player's name (Player 2), {cards} is cards as shown at the table (5♣ 6♣ 7♣), {source} is
        # a meld's number, {target} is a meld's number.
        return _("{player} moves {cards} from meld {source} to meld {target}.", player=player,
                 cards=show(action.cards), source=action.source, target=action.target)
    if isinstance(action, Split):
        if named:
            meld = named[0]
            at = next((k for k, c in enumerate(meld) if c == action.card), 0)
            if at:
                # TRANSLATORS: The table: what a player just did, one line of the game's story; {player} is a
                # player's name (Player 2), {meld} is a meld's number on the table, {first} is a meld's number,
                # {second} is a meld's number.
                return _("{player} splits {meld} into {first} and {second}.", player=player, meld=show(meld),
                         first=show(meld[:at]), second=show(meld[at:]))
        # TRANSLATORS: The table: what a player just did, one line of the game's story; {player} is a
        # player's name (Player 2), {meld} is a meld's number on the table, {card} is one card (5♣).
        return _("{player} splits meld {meld} before {card}.", player=player, meld=action.meld,
                 card=glossary.show_card(action.card, deck))
    if isinstance(action, Join):
        if named:
            # TRANSLATORS: The table: what a player just did, one line of the game's story; {player} is a
            # player's name (Player 2), {melds} is meld numbers, listed.
            return _("{player} joins {melds} into one meld.", player=player, melds=_meld_list(named, deck))
        # TRANSLATORS: The table: what a player just did, one line of the game's story; {player} is a
        # player's name (Player 2), {melds} is meld numbers, listed.
        return _("{player} joins melds {melds}.", player=player, melds=_melds(action.melds))
    if isinstance(action, Swap):
        if named:
            # TRANSLATORS: What a player did, told to the others; {player} is a player's name, {card} a card
            # as shown (7♥), {meld} the meld's cards as shown (5♥ 🃏 7♥).
            return _("{player} puts {card} in place of the joker of {meld} and takes the joker.", player=player,
                     card=glossary.show_card(action.card, deck), meld=show(named[0]))
        # TRANSLATORS: What a player did, told to the others; {player} is a player's name, {card} a card as
        # shown (7♥), {meld} a meld's number.
        return _("{player} puts {card} in place of the joker of meld {meld} and takes the joker.", player=player,
                 card=glossary.show_card(action.card, deck), meld=action.meld)
    if isinstance(action, Undo):
        # TRANSLATORS: The table: what a player just did, one line of the game's story; {player} is a
        # player's name (Player 2).
        return _("{player} takes back a step.", player=player)
    if isinstance(action, Restore):
        # TRANSLATORS: The table: what a player just did, one line of the game's story; {player} is a
        # player's name (Player 2), {n} is a number.
        return ngettext("{player} restores the table and draws {n} card.",
                        "{player} restores the table and draws {n} cards.", entry.drew, player=player)
    if isinstance(action, Draw) and entry.left_invalid:
        # TRANSLATORS: The table: what a player just did, one line of the game's story; {player} is a
        # player's name (Player 2), {n} is a number.
        return ngettext("{player} leaves invalid cards on the table and draws {n} card as a penalty.",
                        "{player} leaves invalid cards on the table and draws {n} cards as a penalty.",
                        entry.drew, player=player)
    if isinstance(action, Draw):
        if entry.penalty:
            # TRANSLATORS: The table: what a player just did, one line of the game's story; {player} is a
            # player's name (Player 2), {n} is a number.
            return ngettext("{player} gives up a rearrangement of the table and draws {n} card as a penalty.",
                            "{player} gives up a rearrangement of the table and draws {n} cards as a penalty.",
                            entry.drew, player=player)
        if not entry.drew:
            # TRANSLATORS: The table: what a player just did, one line of the game's story; {player} is a
            # player's name (Player 2).
            return _("{player} passes without drawing.", player=player)
        # TRANSLATORS: The table: what a player just did, one line of the game's story; {player} is a
        # player's name (Player 2), {n} is a number.
        return ngettext("{player} draws {n} card.", "{player} draws {n} cards.", entry.drew, player=player)
    if isinstance(action, End):
        if entry.laid:
            # TRANSLATORS: The table: what a player just did, one line of the game's story; {player} is a
            # player's name (Player 2), {cards} is cards as shown at the table (5♣ 6♣ 7♣).
            return _("{player} ends the turn; new help cards: {cards}.", player=player, cards=show(entry.laid))
        # TRANSLATORS: The table: what a player just did, one line of the game's story; {player} is a
        # player's name (Player 2).
        return _("{player} ends the turn.", player=player)
    if isinstance(action, Knock):
        # TRANSLATORS: The table: what a player just did, one line of the game's story; {player} is a
        # player's name (Player 2). Knocking ends the deal (Carousel).
        return _("{player} knocks.", player=player)
    return labelled(player, str(action))


def _laid_out(cards: Sequence[Card], variant: Any) -> Sequence[Card]:
    """A new meld's cards as the table lays them out (as typed without the variant)."""
    if variant is None:
        return cards
    try:
        return tuple(variant.arrange(tuple(cards)))
    except (ValueError, TypeError):
        return cards


def sources(entry: Entry, deck: DeckSpec, variant: Any = None) -> list[str]:
    """Where the cards of a play or an addition came from, when not all from the hand."""
    out = []
    if entry.from_table:
        # TRANSLATORS: The table: what a player just did, one line of the game's story; {cards} is cards
        # as shown at the table (5♣ 6♣ 7♣).
        out.append(_("From the table: {cards}.", cards=glossary.show_cards(_in_order(entry, entry.from_table, variant), deck)))
    if entry.from_help and is_cross(variant):
        # TRANSLATORS: The table: what a player just did, one line of the game's story; {cards} is cards
        # as shown at the table (5♣ 6♣ 7♣). The Cross: the cards laid face up around the deck.
        out.append(_("From the Cross: {cards}.", cards=glossary.show_cards(_in_order(entry, entry.from_help, variant), deck)))
    elif entry.from_help:
        # TRANSLATORS: The table: what a player just did, one line of the game's story; {cards} is cards
        # as shown at the table (5♣ 6♣ 7♣).
        out.append(_("From the help cards: {cards}.", cards=glossary.show_cards(_in_order(entry, entry.from_help, variant), deck)))
    return out


def _in_order(entry: Entry, cards: Iterable[Card], variant: Any = None) -> list[Card]:
    """``cards`` in the order the action names them (a new meld's: as the table lays it out)."""
    left = Counter(cards)
    out: list[Card] = []
    named = (*getattr(entry.action, "help", ()), *getattr(entry.action, "cards", ()))
    if isinstance(entry.action, Play):
        named = tuple(_laid_out(named, variant))
    for card in named:
        if left[card] > 0:
            left[card] -= 1
            out.append(card)
    return out + list(left.elements())


def _meld_list(melds: Iterable[Sequence[Card]], deck: DeckSpec) -> str:
    """Melds named by their cards, in a list (``4♦ 5♦ 6♦ and 7♣ 7♥ 7♠``)."""
    return format_list([glossary.show_cards(m, deck) for m in melds])


def outcome_text(outcome: Outcome, names: list[str | None] | None = None) -> str:
    """The result in one sentence."""
    winners = format_list([player_name(s, names) for s in outcome.winners])
    if outcome.reason == WENT_OUT:
        # TRANSLATORS: The table: what a player just did, one line of the game's story; {player} is a
        # player's name (Player 2).
        return _("{player} went out and wins.", player=winners)
    if outcome.reason == DECK_EXHAUSTED:
        # TRANSLATORS: The table: what a player just did, one line of the game's story; {players} is the
        # winners' names, listed.
        return ngettext("The deck ran out. Winner: {players}.", "The deck ran out. Joint winners: {players}.",
                        len(outcome.winners), players=winners)
    if outcome.reason == KNOCKED:
        # TRANSLATORS: The table: how a deal ended; {players} is the winners' names, listed: the lowest
        # hands in points after a player knocked (Carousel).
        return ngettext("A player knocked. Lowest hand: {players}.", "A player knocked. Lowest hands: {players}.",
                        len(outcome.winners), players=winners)
    if outcome.reason == BLOCKED:
        # TRANSLATORS: The table: what a player just did, one line of the game's story; {players} is the
        # winners' names, listed.
        return ngettext("Nobody could play or draw any more. Winner: {players}.",
                        "Nobody could play or draw any more. Joint winners: {players}.",
                        len(outcome.winners), players=winners)
    return winners

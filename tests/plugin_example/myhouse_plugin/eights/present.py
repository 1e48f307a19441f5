"""How Eights is shown to people, through the kernel's presentation
protocol (:mod:`machiavelli.core.present`) only: the table as a seat sees
it at the terminal and on the web page, one line per action, the commands
a person types (in English or in the language's words and card letters),
the result and the rules. Every text goes through the catalogs (this
plugin's own, see ``myhouse_plugin/locales``)."""

from __future__ import annotations

from typing import Any, Sequence

from machiavelli.core.actions import Action
from machiavelli.core.cards import FRENCH, Card, DeckSpec
from machiavelli.core.errors import IllegalAction, MachiavelliError, NotationError
from machiavelli.core.glossary import rank_name, show_card
from machiavelli.core.i18n import NP_, _, format_list, ngettext, npgettext, pgettext
from machiavelli.core.present import (Area, Move, Presentation, RuleExample, RulesDocument, RulesWriter,
                                      SimulateReport, Style, TableView, reason_text)
from machiavelli.core.words import CardReader, fold

from .actions import DRAW, PASS, Draw, Play
from .ending import Ending
from .game import fits

WORDS = {
    "play": NP_("eights command", "play"),
    "draw": NP_("eights command", "draw"),
    "pass": NP_("eights command", "pass"),
}
REASONS = {
    "card-not-in-hand": NP_("eights reason", "{card} is not in your hand."),
    "does-not-fit": NP_("eights reason", "{card} does not go on {top}: play the same suit or the same rank."),
    "must-play": NP_("eights reason", "You have a card to play: play it."),
    "must-draw": NP_("eights reason", "The stock is not empty: draw a card."),
    "stock-empty": NP_("eights reason", "The stock is empty."),
    "not-your-turn": NP_("eights reason", "It is not your turn."),
    "game-over": NP_("eights reason", "The game is over."),
    "bad-card": NP_("eights reason", "Not a card: {token}"),
    "bad-action": NP_("eights reason", "Not a move: {token}. Type: play CARD, draw or pass."),
}
ENDINGS = {
    Ending.WENT_OUT: NP_("eights ending", "a player went out"),
    Ending.BLOCKED: NP_("eights ending", "blocked, nobody won"),
}
COUNT_LABELS = {
    "plays": NP_("eights count", "Cards played per game"),
    "wild-plays": NP_("eights count", "Wild cards played per game"),
    "draws": NP_("eights count", "Cards drawn per game"),
    "passes": NP_("eights count", "Passes per game"),
}


def word(name: str) -> str:
    """A command word in the user's language."""
    return pgettext("eights command", WORDS[name])


def _show(card: Card, deck: DeckSpec, style: Style) -> str:
    return deck.card_symbol(card) if style.symbols else deck.card_text(card)


def _cards(cards: Sequence[Card], deck: DeckSpec, style: Style) -> str:
    return deck.format_cards(cards, symbols=style.symbols)


def ending_label(code: str) -> str:
    """How a game ended, for reports (simulate's rows)."""
    found = ENDINGS.get(Ending(code)) if code in set(Ending) else None
    return pgettext("eights ending", found) if found else code


def count_label(code: str) -> str | None:
    """One of the tally's counts, for simulate's report."""
    return pgettext("eights count", COUNT_LABELS[code]) if code in COUNT_LABELS else None


def result_text(outcome: Any, style: Style) -> str:
    if not outcome.winners:
        return pgettext("eights table", "The game is blocked: nobody wins.")
    return pgettext("eights table", "{player} played their last card and wins.",
                    player=style.names[outcome.winners[0]])


def _status(view: Any, style: Style) -> str:
    if view.outcome is not None:
        return result_text(view.outcome, style)
    return pgettext("eights table", "Turn {turn}: {player} to play.", turn=view.turn, player=style.names[view.current])


def _stock_text(count: int) -> str:
    if not count:
        return pgettext("eights table", "The stock is empty.")
    return npgettext("eights table", "{n} card in the stock.", "{n} cards in the stock.", count)


def seat_view(view: Any, style: Style) -> list[str]:
    deck = view.variant.deck
    lines = [_status(view, style),
             pgettext("eights table", "On the pile: {card}", card=_show(view.top, deck, style)),
             _stock_text(view.stock)]
    others = [pgettext("eights table", "{player} {n}", player=style.names[s], n=view.hand_sizes[s])
              for s in range(view.players) if s != view.seat]
    lines.append(pgettext("eights table", "Cards in hand: {list}", list=format_list(others)))
    lines.append(pgettext("eights table", "Your hand ({player}): {cards}", player=style.names[view.seat],
                          cards=_cards(view.hand, deck, style)))
    return lines


def narrate(entry: Any, variant: Any, style: Style) -> str:
    player, action = style.names[entry.seat], entry.action
    if isinstance(action, Play):
        text = pgettext("eights narration", "{player} plays {card}.", player=player,
                        card=_show(action.card, variant.deck, style))
    elif isinstance(action, Draw):
        text = pgettext("eights narration", "{player} draws a card.", player=player)
    else:
        text = pgettext("eights narration", "{player} passes.", player=player)
    if entry.outcome is not None:
        text += " " + result_text(entry.outcome, style)
    return text


def describe_action(action: Action, view: Any, style: Style) -> str:
    if isinstance(action, Play):
        return pgettext("eights narration", "play {card}", card=_show(action.card, view.variant.deck, style))
    if isinstance(action, Draw):
        return pgettext("eights narration", "draw a card")
    return pgettext("eights narration", "pass")


def _is(token: str, name: str) -> bool:
    return fold(token) in (name, fold(word(name)))


def read_command(text: str, view: Any) -> tuple[Action, ...]:
    """``play 7D`` (or the card alone), ``draw``, ``pass``: English or the
    language's words; cards with English or the language's letters."""
    words = text.split()
    if not words:
        raise NotationError("bad-action", token=text[:40])
    if len(words) == 1 and (_is(words[0], "draw") or _is(words[0], "pass")):
        return (DRAW if _is(words[0], "draw") else PASS,)
    if _is(words[0], "play"):
        words = words[1:]
    if len(words) != 1:
        raise NotationError("bad-action", token=text[:40])
    card = CardReader(view.variant.deck).card(words[0])
    if card not in view.hand:
        raise IllegalAction("card-not-in-hand", card=view.variant.deck.card_text(card))
    return (Play(card),)


def commands_help() -> list[str]:
    return [
        pgettext("eights help", "{play} CARD: put the card on the pile (same suit or same rank), e.g. {play} 7D.",
                 play=word("play")),
        pgettext("eights help", "{draw}: take a card from the stock (when you cannot play); your turn ends.",
                 draw=word("draw")),
        pgettext("eights help", "{word}: nothing to play and the stock is empty.", word=word("pass")),
    ]


def summary(game: Any, style: Style) -> list[str]:
    deck = game.variant.deck
    lines = [result_text(game.outcome, style) if game.outcome is not None else
             pgettext("eights table", "Turn {turn}: {player} to play.", turn=game.turn_number,
                      player=style.names[game.current]),
             pgettext("eights table", "On the pile: {card}", card=_show(game.top, deck, style)),
             _stock_text(len(game.stock))]
    for seat in range(game.players):
        hand = game.hand(seat)
        count = ngettext("{n} card", "{n} cards", len(hand))
        lines.append(f"  {style.names[seat]}: {count}: {_cards(hand, deck, style)}" if hand
                     else f"  {style.names[seat]}: {count}")
    return lines


def explain(error: MachiavelliError) -> str | None:
    """A refusal in words, its cards named as the screen shows them."""
    shown = dict(error.params)
    for key in ("card", "top"):
        try:
            shown[key] = show_card(FRENCH.parse_card(str(shown[key])), FRENCH)
        except (KeyError, NotationError):
            pass
    return reason_text(REASONS, "eights reason", type(error)(error.code, **shown))


def table(view: Any, style: Style) -> TableView:
    """The page's table: the pile (drop a card on it), the stock, the last
    action, the buttons for drawing and passing, the hand, the result."""
    deck = view.variant.deck
    over = view.outcome is not None
    areas = [Area(key="table", kind="cards", label=pgettext("eights table", "Pile"), cards=(view.top,),
                  target=not over),
             Area(key="stock", kind="text", label=pgettext("eights table", "Stock"), lines=(_stock_text(view.stock),))]
    last = (narrate(view.log[-1], view.variant, style),) if view.log else (
        pgettext("eights table", "No card played yet."),)
    areas.append(Area(key="last", kind="text", label=pgettext("eights table", "Last move"), lines=last))
    legal = view.legal_actions()
    if any(not isinstance(a, Play) for a in legal):
        areas.append(Area(key="answers", kind="moves", label=pgettext("eights table", "Instead of playing")))
    areas.append(Area(key="hand", kind="hand", label=_("Your hand"), cards=view.hand))
    if over:
        areas.append(Area(key="result", kind="result", label=_("Result"), lines=(result_text(view.outcome, style),)))
    moves = tuple(Move(action=a, card=a.card if isinstance(a, Play) else None, takes=(),
                       text=describe_action(a, view, style)) for a in legal)
    return TableView(areas=tuple(areas), moves=moves, current=None if over else view.current)


class _Rules(RulesWriter):
    def card(self, card: Card) -> str:
        return self.latin(self.v.deck.card_symbol(card))

    def example(self, text: str, holds: Any) -> None:
        """A sentence shown only if the engine agrees with it."""
        if self.checked(RuleExample(text, holds)):
            self.say(text)

    def compose(self) -> RulesDocument:
        v, deck = self.v, self.v.deck
        self.doc.title = pgettext("eights rules", "Eights: {variant}", variant=v.name)
        self.doc.subtitle = v.text("description", self.doc.language)[0]
        self.cover("name", "description", "extends", "game")
        self.open("deal", pgettext("eights rules", "The deal"))
        self.cover("deck", "decks", "players", "hand_size")
        self.say(npgettext("eights rules", "{low} to {high} players, one deck of {cards} cards.",
                           "{low} to {high} players, {n} decks of {cards} cards shuffled together.", v.decks,
                           low=v.players.min, high=v.players.max, cards=len(deck.cards())),
                 npgettext("eights rules", "Each player is dealt {n} card; one card is turned up to start the pile.",
                           "Each player is dealt {n} cards; one card is turned up to start the pile.", v.hand_size))
        self.open("turn", pgettext("eights rules", "A turn"))
        self.cover("wild_rank", "draw_when_able")
        self.say(pgettext("eights rules", "Put on the pile a card of the same suit or the same rank as its top card."))
        plain = [r.code for r in deck.ranks if r.code != v.wild_rank]
        low, high = deck.parse_card(plain[4] + "H"), deck.parse_card(plain[8] + "H")
        same_rank, other = deck.parse_card(plain[4] + "S"), deck.parse_card(plain[8] + "S")
        self.example(pgettext("eights rules", "For example, {card} goes on {rank} (the same rank) and on {suit} "
                              "(the same suit), not on {other}.", card=self.card(low), rank=self.card(same_rank),
                              suit=self.card(high), other=self.card(other)),
                     lambda: fits(low, same_rank, v) and fits(low, high, v) and not fits(low, other, v))
        if v.wild_rank is not None:
            self.say(pgettext("eights rules", "Every {rank} is wild: it goes on any card, and the next card must "
                              "match it.", rank=rank_name(v.wild_rank)))
        if v.draw_when_able:
            self.say(pgettext("eights rules", "Instead of playing you may draw a card from the stock; drawing ends "
                              "your turn."))
        else:
            self.say(pgettext("eights rules", "Only a player who cannot play draws a card from the stock; drawing "
                              "ends the turn."))
        self.say(pgettext("eights rules", "With nothing to play and the stock empty, you pass."))
        self.open("end", pgettext("eights rules", "The end"))
        self.say(pgettext("eights rules", "The first player to play their last card wins."),
                 pgettext("eights rules", "When every player passes in turn, the game is blocked and nobody wins."))
        self.notes_section(pgettext("eights rules", "Notes"))
        self.leftover(pgettext("eights rules", "Other rules"))
        return self.doc


def rules(variant: Any) -> RulesDocument:
    return _Rules(variant).compose()


#: What simulate's report takes from the game: its endings in words (the
#: tally's counts are named by the definition's count_label).
REPORT = SimulateReport(ending=ending_label, ending_clause=ending_label)


PRESENTATION = Presentation(seat_view=seat_view, narrate=narrate, read_command=read_command,
                            describe_action=describe_action, commands_help=commands_help, summary=summary,
                            explain=explain, rules=rules, table=table, simulate=REPORT)

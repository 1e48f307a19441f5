"""The complete rules of a Cicera variant, composed from its parameters in
the user's language (context ``cicera rules``): one sentence per value of
each parameter, and examples that the engine's own functions check before
they are shown (an example the engine disputes is dropped and named in
``RulesDocument.dropped``, a test failure)."""

from __future__ import annotations

from typing import Any

from machiavelli.core.cards import Card
from machiavelli.core.i18n import format_list, npgettext, pgettext
from machiavelli.core.present import RuleExample, RulesDocument, RulesWriter, variant_title

from .glossary import card_name, rank_name, suit_name
from .rules import Bonus, bonuses, captures, napola_length
from .variant import CiceraVariant

C = "cicera rules"


Example = RuleExample


class _Composer(RulesWriter):
    v: CiceraVariant

    def cards(self, cards: list[Card]) -> str:
        deck = self.v.deck
        return format_list([self.latin(deck.card_symbol(c)) for c in cards])

    def example(self, ex: Example) -> None:
        if self.checked(ex):
            # TRANSLATORS: One sentence of Cicera's rules; {text} is the example's sentence.
            self.say(pgettext("cicera rules", "Example: {text}", text=ex.text))

    def points(self, n: int) -> str:
        # TRANSLATORS: One sentence of Cicera's rules; {n} is a number.
        return npgettext("cicera rules", "{n} point", "{n} points", n)

    # -- sections -------------------------------------------------------------

    def compose(self) -> RulesDocument:
        from machiavelli.core.terminal import printable

        v = self.v
        if v.name == "cicera":  # the game's own variant: its name once in the title
            # TRANSLATORS: The title of the rules of Cicera's own variant.
            self.doc.title = pgettext("cicera rules", "Cicera: the rules")
        else:
            # TRANSLATORS: The title of the rules of a Cicera variant; {variant} is a variant's name.
            self.doc.title = pgettext("cicera rules", "Cicera: the rules of {variant}",
                                      variant=variant_title(v, self.doc.language, rtl=self.doc.rtl))
        self.cover("title")
        text, _used = v.text("description", self.doc.language)
        self.doc.subtitle = printable(text, lines=True)
        self.cover("name", "description", "game", "extends")
        for part in (self.overview, self.cards_section, self.deal, self.turn, self.capture_bonuses, self.end,
                     self.awards, self.result, self.notes):
            part()
        self.other()
        return self.doc

    def overview(self) -> None:
        v = self.v
        self.open("overview", pgettext("cicera rules", "Overview"))
        players = v.players.max
        if v.partners == "opposite":
            # TRANSLATORS: One sentence of Cicera's rules; {n} is a number.
            self.say(npgettext("cicera rules", "Cicera is a capture game for {n} player in teams of two: partners sit opposite "
                               "each other, share their captures and add up their points.",
                               "Cicera is a capture game for {n} players in teams of two: partners sit opposite "
                               "each other, share their captures and add up their points.", players))
        else:
            # TRANSLATORS: One sentence of Cicera's rules; {n} is a number.
            self.say(npgettext("cicera rules", "Cicera is a capture game for {n} player, each playing alone.",
                               "Cicera is a capture game for {n} players, each playing alone.", players))
        self.say(pgettext("cicera rules", "Take cards from the table with cards of your hand, by equal rank or equal sum, "
                          "earn bonuses for special captures and awards at the end of the deal. One deal is "
                          "played; the highest total wins."))
        self.cover("players", "partners")

    def cards_section(self) -> None:
        v = self.v
        self.open("cards", pgettext("cicera rules", "The cards"))
        ranks = [self.latin(r.code) for r in v.deck.ranks]
        # TRANSLATORS: One sentence of Cicera's rules; {name} is a suit's or card's name, {symbol} is a
        # suit's sign (♠).
        suits = [pgettext("cicera rules", "{name} ({symbol})", name=suit_name(s.code), symbol=self.latin(s.symbol))
                 for s in v.deck.suits]
        # TRANSLATORS: One sentence of Cicera's rules; {n} is a number, {suits} is suits, listed, {ranks}
        # is ranks, listed.
        self.say(npgettext("cicera rules", "The deck has {n} card: the suits {suits}, each with the ranks {ranks}.",
                           "The deck has {n} cards: the suits {suits}, each with the ranks {ranks}.",
                           v.card_count, suits=format_list(suits), ranks=" ".join(ranks)))
        courts = format_list([pgettext("rule:deck", "{name} ({letter})", name=rank_name(c), letter=self.latin(c))
                               for c in v.courts])
        if v.courts_in_sums:
            # TRANSLATORS: One sentence of Cicera's rules; {courts} is court cards, listed, {values} is
            # values, listed.
            self.say(pgettext("cicera rules", "The courts are {courts}. In sums every card counts its value: {values}.",
                              courts=courts, values=format_list(
                                  [f"{self.latin(r.code)} = {r.points}" for r in v.deck.ranks])))
        else:
            numbers = [r for r in v.deck.ranks if r.code not in v.courts]
            # TRANSLATORS: One sentence of Cicera's rules; {courts} is court cards, listed, {values} is
            # values, listed.
            self.say(pgettext("cicera rules", "The courts are {courts}: they never take part in sums. The other cards count "
                              "their value: {values}.", courts=courts, values=format_list(
                                  [f"{self.latin(r.code)} = {r.points}" for r in numbers])))
        # TRANSLATORS: One sentence of Cicera's rules; {example} is a card as typed (7D), {name} is a
        # suit's or card's name.
        self.say(pgettext("cicera rules", "Cards are written rank then suit: {example} is the {name}.",
                          example=self.latin("7D"), name=card_name(v.deck.parse_card("7D"), v.deck))
                 if "7D" in {v.deck.card_text(c) for c in v.deck.cards()} else "")
        self.cover("deck", "decks", "courts", "courts_in_sums")

    def deal(self) -> None:
        v = self.v
        self.open("deal", pgettext("cicera rules", "The deal"))
        dealer = (pgettext("cicera rules", "The dealer is chosen at random.") if v.dealer == "random"
                  else pgettext("cicera rules", "The last seat deals."))
        # TRANSLATORS: One sentence of Cicera's rules; {n} is a number.
        hands = npgettext("cicera rules", "Each player gets {n} card,", "Each player gets {n} cards,", v.hand_size)
        # TRANSLATORS: One sentence of Cicera's rules; {n} is a number.
        table = npgettext("cicera rules", "and {n} card is laid face up on the table.",
                          "and {n} cards are laid face up on the table.", v.table_cards)
        if v.direction == "counter-clockwise":
            order = pgettext("cicera rules", "The player to the dealer's right starts, and play goes counter-clockwise.")
        else:
            order = pgettext("cicera rules", "The player to the dealer's left starts, and play goes clockwise.")
        self.say(dealer, hands, table, order)
        self.cover("dealer", "hand_size", "table_cards", "direction")

    def turn(self) -> None:
        v = self.v
        self.open("turn", pgettext("cicera rules", "Your turn"))
        self.say(pgettext("cicera rules", "Play one card from your hand. It may take one table card of the same rank."))
        if v.sum_captures:
            self.say(pgettext("cicera rules", "A number card may instead take number cards whose values add up to its value."))
            self.say(pgettext("cicera rules", "When the card can take one of its rank, it must take that rather than a sum.")
                     if v.match_first else
                     pgettext("cicera rules", "When it can take a card of its rank and a sum, you choose."))
        else:
            self.say(pgettext("cicera rules", "Cards never take sums."))
        self.say(pgettext("cicera rules", "A court takes only one court of the same rank."))
        self.say(pgettext("cicera rules", "Capturing is optional: you may leave your card on the table even when it could "
                          "take.") if v.capture_optional else
                 pgettext("cicera rules", "A card that can take must take; a card that cannot stays on the table."))
        self.say(pgettext("cicera rules", "The card you play goes to your team's capture pile together with what it took."))
        self.cover("sum_captures", "match_first", "capture_optional")
        deck = v.deck
        try:
            seven, table = deck.parse_card("7D"), [deck.parse_card(t) for t in ("7C", "3B", "4S")]
            king, ktable = deck.parse_card("RD"), [deck.parse_card(t) for t in ("RC", "FC", "3B")]
        except ValueError:
            return
        expected = [(table[0],)] + ([(table[1], table[2])] if v.sum_captures and not v.match_first else [])

        def seven_holds() -> bool:
            return {frozenset(t) for t in captures(seven, table, v)} == {frozenset(t) for t in expected}

        options = [" + ".join(self.latin(deck.card_symbol(c)) for c in t) for t in expected]
        if v.capture_optional:
            options.append(pgettext("cicera rules", "nothing"))
        # TRANSLATORS: One sentence of Cicera's rules; {card} is one card (5♣), {table} is the table's
        # cards, {options} is the captures that card may make, listed.
        self.example(Example(pgettext("cicera rules", "{card} played onto {table} may take {options}.", card=self.cards([seven]),
                                      table=self.cards(table), options=format_list(options, "or")), seven_holds))
        if "R" in v.courts:
            # TRANSLATORS: One sentence of Cicera's rules; {card} is one card (5♣), {table} is the table's
            # cards, {court} is a court card.
            self.example(Example(pgettext("cicera rules", "{card} played onto {table} may take only {court}.",
                                          card=self.cards([king]), table=self.cards(ktable),
                                          court=self.cards([ktable[0]])),
                                 lambda: captures(king, ktable, v) == [(ktable[0],)]))

    def capture_bonuses(self) -> None:
        v = self.v
        self.open("bonuses", pgettext("cicera rules", "Capture bonuses"))
        items = []
        if v.scopa_points:
            # TRANSLATORS: One sentence of Cicera's rules; {points} is a number of points.
            items.append(pgettext("cicera rules", "Scopa: a capture that clears the table, {points}.",
                                  points=self.points(v.scopa_points)))
        if v.picada_points:
            # TRANSLATORS: One sentence of Cicera's rules; {points} is a number of points.
            items.append(pgettext("cicera rules", "Picada: taking, with a card of the same rank, the card the previous player "
                                  "just left on the table, {points}.", points=self.points(v.picada_points)))
        if v.simile_points:
            # TRANSLATORS: One sentence of Cicera's rules; {points} is a number of points.
            items.append(pgettext("cicera rules", "Simile: the card played and every card taken are of one suit, {points}.",
                                  points=self.points(v.simile_points)))
        if v.quartet_points:
            # TRANSLATORS: One sentence of Cicera's rules; {n} is a number, {points} is a number of points.
            items.append(npgettext("cicera rules", "Quartet: a capture of at least {n} table card at once, {points}.",
                                   "Quartet: a capture of at least {n} table cards at once, {points}.",
                                   v.quartet_min_taken, points=self.points(v.quartet_points)))
        if not items:
            self.say(pgettext("cicera rules", "Captures earn no bonuses."))
            self.cover("scopa_points", "picada_points", "simile_points", "quartet_points", "quartet_min_taken",
                       "bonuses_on_last_play")
            return
        self.bullets(items)
        self.say(pgettext("cicera rules", "The bonuses of one capture add up, the last play of the deal included.")
                 if v.bonuses_on_last_play else
                 pgettext("cicera rules", "The bonuses of one capture add up; the last play of the deal earns none."))
        self.cover("scopa_points", "picada_points", "simile_points", "quartet_points", "quartet_min_taken",
                   "bonuses_on_last_play")
        deck = v.deck
        try:
            five, table = deck.parse_card("5S"), [deck.parse_card("2S"), deck.parse_card("3S")]
        except ValueError:
            return
        if not v.sum_captures or v.is_court(five.rank):
            return
        expected = [Bonus(n, p) for n, p in (("scopa", v.scopa_points), ("simile", v.simile_points)) if p]
        if v.quartet_points and v.quartet_min_taken <= 2:
            expected.append(Bonus("quartet", v.quartet_points))
        total = sum(b.points for b in expected)
        # TRANSLATORS: One sentence of Cicera's rules; {card} is one card (5♣), {cards} is cards as shown
        # at the table (5♣ 6♣ 7♣), {n} is a number.
        self.example(Example(npgettext("cicera rules", "{card} takes {cards}, the whole table, all of one suit: {n} point.",
                                       "{card} takes {cards}, the whole table, all of one suit: {n} points.",
                                       total, card=self.cards([five]), cards=self.cards(table)),
                             lambda: bonuses(five, table, table, None, v) == tuple(expected)))

    def end(self) -> None:
        v = self.v
        self.open("end", pgettext("cicera rules", "End of the deal"))
        self.say(pgettext("cicera rules", "The deal ends when every hand is empty."))
        self.say(pgettext("cicera rules", "The cards still on the table go to the team that captured last, without any "
                          "bonus; if nobody captured, they stay unclaimed.") if v.leftover == "last-capturer" else
                 pgettext("cicera rules", "The cards still on the table stay unclaimed."))
        self.cover("leftover")

    def awards(self) -> None:
        v = self.v
        self.open("awards", pgettext("cicera rules", "Awards"))
        items = []
        if v.most_cards_points:
            # TRANSLATORS: One sentence of Cicera's rules; {points} is a number of points.
            items.append(pgettext("cicera rules", "Most cards captured: {points}.", points=self.points(v.most_cards_points)))
        if v.most_suit_points:
            # TRANSLATORS: One sentence of Cicera's rules; {suit} is a suit's name, {points} is a number of
            # points.
            items.append(pgettext("cicera rules", "Most {suit} captured: {points}.", suit=suit_name(v.suit_award),
                                  points=self.points(v.most_suit_points)))
        for text, p in v.special_cards.items():
            if p:
                # TRANSLATORS: One sentence of Cicera's rules; {card} is one card (5♣), {points} is a number of
                # points.
                items.append(pgettext("cicera rules", "The {card}: {points}.", card=card_name(v.deck.parse_card(text), v.deck),
                                      points=self.points(p)))
        self.bullets(items)
        if v.most_cards_points or v.most_suit_points:
            self.say(pgettext("cicera rules", "A tied majority gives nobody the points."))
        if v.napola:
            ace = rank_name(v.deck.ranks[0].code)
            # TRANSLATORS: One sentence of Cicera's rules; {n} is a number, {suit} is a suit's name, {ace} is
            # the ace's name, {top} is a number.
            self.say(npgettext("cicera rules", "Napola: a team holding the first {n} {suit} from the {ace} upward scores the length "
                               "of its unbroken run of {suit} from the {ace}, up to {top} at most.",
                               "Napola: a team holding the first {n} {suit} from the {ace} upward scores the length "
                               "of its unbroken run of {suit} from the {ace}, up to {top} at most.", v.napola_min,
                               suit=suit_name(v.napola_suit), ace=ace, top=v.napola_max))
            deck = v.deck
            if v.napola_min <= 4 <= v.napola_max:
                try:
                    run = [Card(r, v.napola_suit) for r in (1, 2, 3, 4)] + [Card(6, v.napola_suit)]
                except ValueError:
                    run = []
                if run and all(c.rank <= len(deck.ranks) for c in run):
                    # TRANSLATORS: One sentence of Cicera's rules; {cards} is cards as shown at the table (5♣ 6♣
                    # 7♣), {n} is a number.
                    self.example(Example(npgettext("cicera rules", "{cards} make a napola of {n}.", "{cards} make a napola of {n}.",
                                                   4, cards=self.cards(run)),
                                         lambda: napola_length(run, v) == 4))
        else:
            self.say(pgettext("cicera rules", "There is no napola."))
        self.cover("most_cards_points", "suit_award", "most_suit_points", "special_cards", "napola", "napola_suit",
                   "napola_min", "napola_max")

    def result(self) -> None:
        self.open("result", pgettext("cicera rules", "The result"))
        self.say(pgettext("cicera rules", "Add up each team's capture bonuses and awards. The higher total wins; equal "
                          "totals are a drawn deal."))

    def notes(self) -> None:
        self.notes_section(pgettext("cicera rules", "Notes"))

    def other(self) -> None:
        self.leftover(pgettext("cicera rules", "Other rules"))


def compose(variant: Any) -> RulesDocument:
    """The rules of ``variant`` in the current language."""
    return _Composer(variant).compose()

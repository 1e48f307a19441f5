"""The complete rules of a Sì Sè Pái variant, composed from its parameters
in the user's language (context ``sisepai rules``), with examples that the
engine's own functions check before they are shown (an example the engine
disputes is dropped and named in ``RulesDocument.dropped``, a test failure)."""

from __future__ import annotations

from typing import Any, Callable

from machiavelli.core.cards import Card
from machiavelli.core.i18n import format_list, npgettext, pgettext
from machiavelli.core.present import RuleExample, RulesDocument, RulesWriter, variant_title

from .glossary import (HANZI, HANZI_FLOWER, hanzi, card_name, character_letter, character_name, colour_letter, colour_name,
                       flower_name, group_name, show)
from .groups import groups_of
from .variant import NAME, SiSePaiVariant

C = "sisepai rules"


Example = RuleExample


class _Composer(RulesWriter):
    v: SiSePaiVariant

    def __init__(self, variant: SiSePaiVariant) -> None:
        super().__init__(variant)
        self.g = groups_of(variant)

    def cards(self, cards: list[Card]) -> str:
        return " ".join(self.latin(show(c, self.v.deck)) for c in cards)

    def example(self, ex: Example) -> None:
        if self.checked(ex):
            # TRANSLATORS: One sentence of Sì Sè Pái's rules; {text} is the example's sentence.
            self.say(pgettext("sisepai rules", "Example: {text}", text=ex.text))

    def points(self, n: int) -> str:
        # TRANSLATORS: One sentence of Sì Sè Pái's rules; {n} is a number.
        return npgettext("sisepai rules", "{n} point", "{n} points", n)

    def parse(self, text: str) -> list[Card]:
        return list(self.v.deck.parse_cards(text))

    # -- sections ---------------------------------------------------------------

    def compose(self) -> RulesDocument:
        from machiavelli.core.terminal import printable

        v = self.v
        if v.name == NAME:  # the game's own variant: its name once in the title
            # TRANSLATORS: The title of the rules of Sì Sè Pái's own variant.
            self.doc.title = pgettext("sisepai rules", "Sì Sè Pái: the rules")
        else:
            # TRANSLATORS: The title of the rules of a Sì Sè Pái variant; {variant} is a variant's name.
            self.doc.title = pgettext("sisepai rules", "Sì Sè Pái: the rules of {variant}",
                                      variant=variant_title(v, self.doc.language, rtl=self.doc.rtl))
        self.cover("title")
        text, _used = v.text("description", self.doc.language)
        self.doc.subtitle = printable(text, lines=True)
        self.cover("name", "description", "game", "extends")
        for part in (self.overview, self.cards_section, self.deal, self.groups, self.turn, self.claims, self.end,
                     self.notes):
            part()
        self.other()
        return self.doc

    def overview(self) -> None:
        v = self.v
        self.open("overview", pgettext("sisepai rules", "Overview"))
        low, high = v.players.min, v.players.max
        players = str(high) if low == high else f"{low}-{high}"
        # TRANSLATORS: One sentence of Sì Sè Pái's rules; {players} is a number of players.
        self.say(pgettext("sisepai rules", "Sì Sè Pái is a game of groups for {players} players, each playing alone. The first "
                          "player whose cards all form legal groups, with a public card just taken, wins the "
                          "deal; a stock that runs out first makes a drawn deal. One deal is played.",
                          players=players))
        self.cover("players")

    def _character(self, code: str) -> str:
        """A character with its letter, and its Chinese sign unless its name is that sign (Chinese: 将)."""
        name, letter, sign = character_name(code), self.latin(character_letter(code)), hanzi(code)
        if name == sign:
            # TRANSLATORS: a colour in the rules' card list; {name} is its name, {letter} the letter typed for
            # it.
            return pgettext("sisepai rules", "{name} ({letter})", name=name, letter=letter)
        # TRANSLATORS: a character in the rules' card list; {name} is its name, {letter} the letter typed
        # for it, {hanzi} its Chinese character.
        return pgettext("sisepai rules", "{name} ({letter}, {hanzi})", name=name, letter=letter, hanzi=sign)

    def cards_section(self) -> None:
        v = self.v
        self.open("cards", pgettext("sisepai rules", "The cards"))
        # The letters of the user's language, as the table shows the cards and reads them typed.
        chars = [self._character(r.code) for r in v.deck.ranks]
        # TRANSLATORS: a colour in the rules' card list; {name} is its name, {letter} the letter typed for
        # it.
        colours = [pgettext("sisepai rules", "{name} ({letter})", name=colour_name(s.code),
                            letter=self.latin(colour_letter(s.code))) for s in v.deck.suits]
        chess = len(v.deck.suits) * len(v.deck.ranks) * v.decks
        flowers = sum(1 for c in v.physical_cards if c.rank == 0)
        # TRANSLATORS: One sentence of Sì Sè Pái's rules; {colours} is colours, listed, {characters} is
        # characters, listed, {copies} is a number, {n} is a number.
        self.say(npgettext("sisepai rules", "Chinese chess cards in {colours}; each colour has the characters {characters}, "
                           "{copies} copy of each: {n} cards.",
                           "Chinese chess cards in {colours}; each colour has the characters {characters}, "
                           "{copies} copies of each: {n} cards.", v.decks, colours=format_list(colours),
                           characters=format_list(chars), copies=v.decks, n=chess))
        if flowers:
            # TRANSLATORS: One sentence of Sì Sè Pái's rules; {n} is a number, {hanzi} is Chinese characters,
            # {total} is a number.
            self.say(npgettext("sisepai rules", "Add {n} flower card ({hanzi}), {total} cards in all. A flower is a group on its "
                               "own; it is not a joker.",
                               "Add {n} flower cards ({hanzi}), {total} cards in all. A flower is a group on its "
                               "own; it is not a joker.", flowers, hanzi=HANZI_FLOWER, total=v.card_count))
        # TRANSLATORS: One sentence of Sì Sè Pái's rules; {example} is a card as typed (HY), {name} is a
        # card's name (yellow Horse).
        self.say(pgettext("sisepai rules", "A card is written with its character's letter, then its colour's: {example} is the "
                          "{name}.", example=self.cards(self.parse("HY")), name=card_name(self.parse("HY")[0], v.deck)))
        self.cover("deck", "decks")

    def deal(self) -> None:
        v = self.v
        self.open("deal", pgettext("sisepai rules", "The deal"))
        if v.dealer == "random":
            first = pgettext("sisepai rules", "A random player deals and draws the first public card.")
        else:
            first = pgettext("sisepai rules", "The first player deals and draws the first public card.")
        # TRANSLATORS: One sentence of Sì Sè Pái's rules; {n} is a number.
        self.say(npgettext("sisepai rules", "Deal {n} card to each player; the rest is the stock.",
                           "Deal {n} cards to each player; the rest is the stock.", v.hand_size), first)
        self.cover("hand_size", "dealer")

    def _is_kind(self, cards: list[Card], kind: str) -> Callable[[], bool]:
        """The check behind an example: ``cards`` still make a group of ``kind``."""
        return lambda: self.g.kind_of(cards) == kind

    def groups(self) -> None:
        v = self.v
        self.open("groups", pgettext("sisepai rules", "Legal groups"))
        items = []
        for name, kind in v.groups.items():
            # TRANSLATORS: One sentence of Sì Sè Pái's rules; {group} is a kind of group (pair), {description}
            # is a description.
            items.append(pgettext("sisepai rules", "{group}: {description}", group=group_name(name),
                                  description=self._describe(name, kind)))
        self.bullets(items)
        keep = format_list([character_name(k) if k in HANZI else flower_name() for k in v.keep])
        # TRANSLATORS: One sentence of Sì Sè Pái's rules; {cards} is cards as shown at the table (5♣ 6♣
        # 7♣).
        self.say(pgettext("sisepai rules", "Cards that may never be discarded: {cards}.", cards=keep))
        for text in ("HY HY HY", "GW AW EW", "SW SY SR"):
            cards = self.parse(text)
            found = self.g.kind_of(cards)
            if found is None:
                continue
            # TRANSLATORS: One sentence of Sì Sè Pái's rules; {cards} is cards as shown at the table (5♣ 6♣
            # 7♣), {group} is a kind of group (pair).
            self.example(Example(pgettext("sisepai rules", "{cards} is a {group}.", cards=self.cards(cards), group=group_name(found)),
                                 self._is_kind(cards, found)))
        bad = self.parse("GW GW")
        # TRANSLATORS: One sentence of Sì Sè Pái's rules; {cards} is cards as shown at the table (5♣ 6♣
        # 7♣).
        self.example(Example(pgettext("sisepai rules", "{cards} is not a group: Generals stand alone.", cards=self.cards(bad)),
                             lambda: self.g.kind_of(bad) is None))
        self.cover("groups", "keep")

    def _describe(self, name: str, kind: Any) -> str:
        size = str(kind.min_size) if kind.min_size == kind.max_size else f"{kind.min_size}-{kind.max_size}"
        if kind.extras:
            return pgettext("sisepai rules", "a flower on its own")
        if kind.patterns:
            combos = format_list([" + ".join(character_name(c) for c in p) for p in kind.patterns], "or")
            # TRANSLATORS: One sentence of Sì Sè Pái's rules; {combinations} is combinations, listed.
            return pgettext("sisepai rules", "one colour's {combinations}", combinations=combos)
        chars = format_list([character_name(c) for c in (kind.ranks or ())]) if kind.ranks else ""
        if kind.same == ("rank", "suit") or set(kind.same) == {"rank", "suit"}:
            # TRANSLATORS: One sentence of Sì Sè Pái's rules; {size} is a number of cards, {characters} is
            # characters, listed.
            return pgettext("sisepai rules", "{size} identical cards (same colour and character): {characters}", size=size,
                            characters=chars)
        if "rank" in kind.same and "suit" in kind.distinct:
            # TRANSLATORS: One sentence of Sì Sè Pái's rules; {size} is a number of cards, {characters} is
            # characters, listed.
            return pgettext("sisepai rules", "{size} cards of {characters} in different colours", size=size, characters=chars)
        # TRANSLATORS: One sentence of Sì Sè Pái's rules; {size} is a number of cards, {characters} is
        # characters, listed.
        return pgettext("sisepai rules", "{size} card: {characters}", size=size, characters=chars)

    def turn(self) -> None:
        self.open("turn", pgettext("sisepai rules", "A turn"))
        self.say(pgettext("sisepai rules", "The card drawn from the stock is public. Whoever takes it must lay it open at once in "
                          "a legal group with cards of their concealed hand; it is never kept hidden. If all their "
                          "cards then form groups they win; otherwise they discard one concealed card, which "
                          "becomes the public card. Open groups are never split or rearranged."))
        if self.v.unclaimed_draw == "discard":
            self.say(pgettext("sisepai rules", "A drawn card that nobody takes counts as the drawer's discard and is offered "
                              "again. A discard that nobody takes is set aside, and the player after its owner "
                              "draws."))
        else:
            self.say(pgettext("sisepai rules", "A card that nobody takes is set aside, and the player after its owner draws."))
        self.cover("unclaimed_draw")

    def claims(self) -> None:
        v = self.v
        self.open("claims", pgettext("sisepai rules", "Claims and their priority"))
        self.say(pgettext("sisepai rules", "When a card becomes public, every player who could claim it answers take, win or "
                          "pass; the answers are secret until all are in, so answering first gives no priority. "
                          "The owner of a discard cannot claim it."))
        anyone = format_list([group_name(k) for k in v.claim_anyone], "or")
        mixed = format_list([group_name(k) for k in v.claim_next], "or")
        never = format_list([group_name(k) for k in v.claim_never], "or")
        self.bullets([
            pgettext("sisepai rules", "First, the drawer's own win; then another player's win."),
            # TRANSLATORS: One sentence of Sì Sè Pái's rules; {groups} is kinds of groups, listed.
            pgettext("sisepai rules", "Then a {groups}, by anyone.", groups=anyone),
            # TRANSLATORS: One sentence of Sì Sè Pái's rules; {never} is a kind of group.
            pgettext("sisepai rules", "Then the drawer's own group: any group but a {never}.", never=never),
            # TRANSLATORS: One sentence of Sì Sè Pái's rules; {groups} is kinds of groups, listed.
            pgettext("sisepai rules", "Then the next player's {groups}.", groups=mixed),
            pgettext("sisepai rules", "Ties within a level go in turn order, from the card's owner."),
        ])
        # TRANSLATORS: One sentence of Sì Sè Pái's rules; {never} is a kind of group, {anyone} is a kind
        # of group, {mixed} is a kind of group.
        self.say(pgettext("sisepai rules", "Without a win, a claim may not make a {never}; other players may claim only a {anyone}; "
                          "the next player may also make a {mixed}. None of these limits applies to a claim that "
                          "completes the hand.", never=never, anyone=anyone, mixed=mixed))
        self.cover("claim_anyone", "claim_next", "claim_never")

    def end(self) -> None:
        v = self.v
        self.open("end", pgettext("sisepai rules", "Winning and scoring"))
        self.say(pgettext("sisepai rules", "The winner shows every group. The groups score:"))
        # TRANSLATORS: One sentence of Sì Sè Pái's rules; {group} is a kind of group (pair), {points} is a
        # number of points.
        self.bullets([pgettext("sisepai rules", "{group}: {points}", group=group_name(k), points=self.points(p))
                      for k, p in v.points.items()])
        self.say(pgettext("sisepai rules", "The winner's total is reported; there is no settlement in money. A stock that runs "
                          "out without a winner is a drawn deal."))
        rest = self.parse("GW AW EW RY HY CY SW SY SR HR HR HR CG CG CG CG EY EY FL RW")
        public = self.parse("RW")
        full = self.g.hand([*rest, public[0]])
        best = self.g.best(full)
        if best is not None:
            self.example(Example(
                # TRANSLATORS: One sentence of Sì Sè Pái's rules; {cards} is cards as shown at the table (5♣ 6♣
                # 7♣), {card} is one card (5♣), {points} is a number of points.
                pgettext("sisepai rules", "holding {cards}, a public {card} completes the hand: {points}.",
                         cards=self.cards(rest), card=self.cards(public[:1]), points=self.points(best)),
                lambda: self.g.best(full) == best and self.g.best(self.g.hand(rest)) is None))
        self.cover("points")

    def notes(self) -> None:
        self.notes_section(pgettext("sisepai rules", "Notes"))

    def other(self) -> None:
        self.leftover(pgettext("sisepai rules", "Other rules"))


def compose(variant: Any) -> RulesDocument:
    """The rules of ``variant`` in the current language."""
    return _Composer(variant).compose()

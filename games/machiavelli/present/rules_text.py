"""The complete rules of a variant, composed from its parameters.

Each parameter has its clause, one translated sentence per value
(``pgettext``/``npgettext`` with the context ``rule:<parameter>``), so a
house rule written a minute ago gets complete, correctly pluralised rules in
every language. The composition is a :class:`Document` (sections of
paragraphs, lists and examples) that :mod:`rules_render` prints as text,
Markdown or HTML.

This lives beside the CLI, not in ``core``: it speaks through the catalogs,
Babel's number and list formatting and the card glossary, all of which are
the application's concern; the kernel supplies only the variant and the
meld checks that prove every example.

Parameters no clause covers are listed under "Other rules" with their raw
value, never dropped, and named in :attr:`Document.uncovered` (a test
failure). Examples the kernel disputes are left out and named in
:attr:`Document.dropped` (also a test failure).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Iterable, cast

from machiavelli.core.cards import Card
from machiavelli.core.present import Block, Bullets, Heading, Paragraph, RulesDocument, Section, shown_title, variant_title
from machiavelli.core.variant import Variant

from machiavelli.core import glossary

from machiavelli.core import i18n
from machiavelli.core.bidi import isolate
from machiavelli.core.i18n import NP_, format_list, format_number, join_sentences, npgettext, pgettext
from machiavelli.core.reasons import meld_reason
from machiavelli.games.machiavelli.present.rules_tiles import TILES
from machiavelli.games.machiavelli.present.rules_examples import MeldExample, TableExample, ace_examples, agrees, meld_examples, playing_example, rearranging_examples

if TYPE_CHECKING:
    from machiavelli.core.melds import MeldKind
    from machiavelli.games.machiavelli.variant import MachiavelliVariant

# -- the document: the kernel's blocks (machiavelli.core.present) -------------------


@dataclass
class Document(RulesDocument):
    """Machiavelli's composed rules: the kernel's document, plus what the
    tests read of how it was written."""

    #: (parameter, value) of every clause used, e.g. ("aces", "wrap").
    clauses: set[tuple[str, str]] = field(default_factory=set)
    #: (context, English msgid) of every sentence and title used, in order
    #: (a dict as an ordered set): tests tie each rule to a game scenario.
    sentences: dict[tuple[str, str], None] = field(default_factory=dict)


# Meld kinds the glossary knows; others are shown by their key.
KIND_TITLES = {"set": NP_("meld kind title", "Sets"), "run": NP_("meld kind title", "Runs")}
KIND_EXAMPLES = {
    # TRANSLATORS: An example in the rules of a Machiavelli variant, checked by the engine before it
    # is shown; {cards} is cards as shown at the table (5♣ 6♣ 7♣).
    "set": NP_("rules example", "{cards} is a set."),
    # TRANSLATORS: An example in the rules of a Machiavelli variant, checked by the engine before it
    # is shown; {cards} is cards as shown at the table (5♣ 6♣ 7♣).
    "run": NP_("rules example", "{cards} is a run."),
}
SECTIONS = {
    "overview": NP_("rules section", "Overview"),
    "cards": NP_("rules section", "The cards"),
    "deal": NP_("rules section", "The deal"),
    "melds": NP_("rules section", "Combinations"),
    "turn": NP_("rules section", "Your turn"),
    "rearranging": NP_("rules section", "Rearranging the table"),
    "restore": NP_("rules section", "Restoring the table"),
    "ending": NP_("rules section", "Ending your turn"),
    "end": NP_("rules section", "End of the game"),
    "notes": NP_("rules section", "Notes"),
    "other": NP_("rules section", "Other rules"),
}


#: Kinds of meld whose examples the rules show and prove (in the variant's
#: order); the others are described by their clauses alone.
MAX_KINDS_WITH_EXAMPLES = 8


class _Composer:
    def __init__(self, variant: MachiavelliVariant) -> None:
        self.v = variant
        lang = i18n.language()
        self.doc = Document(language=lang, rtl=i18n.is_rtl(lang), title="")
        self.section: Section | None = None
        #: Whether the rules speak of tiles, a rack and a pool (``pieces: tiles``).
        self.tiles = getattr(variant, "pieces", "cards") == "tiles"
        #: Whether the cards' values were said already (opening, end, scoring).
        self._values_said = False

    # -- helpers ------------------------------------------------------------

    def _p(self, context: str, message: str, /, **values: object) -> str:
        """``pgettext``, noting the sentence (see :attr:`Document.sentences`);
        a tile game's wording where it has one (:mod:`rules_tiles`)."""
        self.doc.sentences.setdefault((context, message), None)
        tiles = TILES.get((context, message)) if self.tiles else None
        if tiles is not None:
            return pgettext(tiles[0], tiles[1], **values)
        return pgettext(context, message, **values)

    def _np(self, context: str, singular: str, plural: str, n: int, /, **values: object) -> str:
        self.doc.sentences.setdefault((context, singular), None)
        tiles = TILES.get((context, singular)) if self.tiles else None
        if tiles is not None and tiles[2] is not None:
            return npgettext(tiles[0], tiles[1], tiles[2], n, **values)
        return npgettext(context, singular, plural, n, **values)

    def cover(self, param: str, value: object = None) -> None:
        self.doc.covered.add(param)
        if value is not None:
            self.doc.clauses.add((param, str(value).lower() if isinstance(value, bool) else str(value)))

    def open(self, key: str) -> None:
        self.section = Section(key, self._p("rules section", SECTIONS[key]))
        self.doc.sections.append(self.section)

    def say(self, *texts: str) -> None:
        assert self.section is not None
        text = join_sentences(*texts)
        if text:
            self.section.blocks.append(Paragraph(text))

    def bullets(self, items: Iterable[str]) -> None:
        items = tuple(i for i in items if i)
        if items and self.section is not None:
            self.section.blocks.append(Bullets(items))

    def latin(self, text: str) -> str:
        """Text in Latin letters or card notation kept whole inside right-to-left text."""
        return isolate(text) if self.doc.rtl and not text.isdigit() else text

    def cards(self, cards: Iterable[Card]) -> str:
        return self.latin(glossary.show_cards(cards, self.v.deck))

    def table(self, melds: Iterable[Iterable[Card]]) -> str:
        return format_list([self.cards(m) for m in melds])

    def kind_name(self, name: str) -> str:
        return glossary.kind_name(name) if name in glossary.KIND_NAMES else self.latin(name)

    def proven(self, example: MeldExample | TableExample) -> bool:
        if agrees(example, self.v):
            self.doc.examples.append(example)
            return True
        self.doc.dropped.append(example)
        return False

    def free_text(self, field_name: str) -> str:
        from machiavelli.core.terminal import printable

        text, used = self.v.text(field_name, self.doc.language)
        # A variant file's own words: no control character reaches any output.
        text = printable(text, lines=True)
        if not text:
            return ""
        if used.split("_")[0] != self.doc.language.split("_")[0]:
            marker = self._p("rules", "[in English]") if used == "en" else f"[{used}]"
            return f"{marker} {text}"
        return text

    # -- sections -----------------------------------------------------------

    def compose(self) -> Document:
        v, doc = self.v, self.doc
        # TRANSLATORS: The rules of a Machiavelli variant (rules command, the table, the web page);
        # {variant} is a variant's name (bga).
        name = variant_title(v, doc.language, rtl=doc.rtl)
        if v.game_name == "title":
            # TRANSLATORS: The rules of a game of Machiavelli's family that has a name of its own (Rummikub);
            # {variant} is that name.
            doc.title = self._p("rule:game_name", "The rules of {variant}", variant=name)
        else:
            doc.title = self._p("rules", "Machiavelli: the rules of {variant}", variant=name)
        self.cover("game_name", v.game_name)
        self.cover("pieces", v.pieces)  # every sentence that names a piece is worded for it (rules_tiles)
        self.cover("name")
        self.cover("title")
        doc.subtitle = self.free_text("description")
        self.cover("description")
        for part in (self.overview, self.cards_section, self.deal, self.melds, self.turn, self.rearranging,
                     self.rearranging_rules, self.restore, self.ending, self.end, self.notes):
            part()
        self.other()
        return doc

    def overview(self) -> None:
        v = self.v
        self.open("overview")
        lo, hi = v.players.min, v.players.max
        game = self.latin(variant_title(v, self.doc.language, rtl=self.doc.rtl))
        if v.game_name == "title" and lo == hi:
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter game_name;
            # {game} is the game's name (Rummikub), {n} is a number.
            players = self._np("rule:game_name", "{game} is a rummy game for {n} player.",
                               "{game} is a rummy game for {n} players.", hi, game=game)
        elif v.game_name == "title":
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter game_name;
            # {game} is the game's name (Rummikub), {low} is the fewest players, {n} is a number.
            players = self._np("rule:game_name", "{game} is a rummy game for {low} to {n} player.",
                               "{game} is a rummy game for {low} to {n} players.", hi, game=game,
                               low=format_number(lo))
        elif lo == hi:
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter players;
            # {n} is a number.
            players = self._np("rule:players", "Machiavelli is a rummy game for {n} player.",
                                "Machiavelli is a rummy game for {n} players.", hi)
        else:
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter players;
            # {low} is the fewest players, {n} is a number.
            players = self._np("rule:players", "Machiavelli is a rummy game for {low} to {n} player.",
                                "Machiavelli is a rummy game for {low} to {n} players.", hi, low=format_number(lo))
        self.cover("players", "range")
        self.cover("game")  # the first sentence names the game
        if v.leftover_invalid == "stay":
            # Seed 003: cards a player cannot put back stay on the table.
            overview = self._p(
                "rule:leftover_invalid", "Players take turns laying cards from their hand on the table in "
                "combinations. During a turn a player may rearrange all the combinations on the table; cards that "
                "cannot be put back into valid combinations cost a penalty and stay on the table until later "
                "players take them into combinations. The first player to get rid of all their cards wins.")
        else:
            overview = self._p(
                "rules", "Players take turns laying cards from their hand on the table in combinations. During a "
                "turn a player may rearrange all the combinations on the table, as long as every card on the table "
                "is part of a valid combination when the turn ends. The first player to get rid of all their cards "
                "wins.")
        self.say(players, overview)
        if v.extends and v.game_name == "machiavelli":
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter extends;
            # {parent} is a variant's name.
            self.say(self._p("rule:extends", "This variant is based on {parent}.", parent=shown_title(v.extends_title_in(self.doc.language), rtl=self.doc.rtl)))
        self.cover("extends")

    def cards_section(self) -> None:
        v, deck = self.v, self.v.deck
        self.open("cards")
        self.say(
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter decks;
            # {n} is a number.
            self._np("rule:decks", "The game is played with {n} deck.",
                      "The game is played with {n} decks shuffled together.", v.decks),
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter decks;
            # {n} is a number.
            self._np("rule:decks", "That makes {n} card in all.", "That makes {n} cards in all.", v.card_count),
        )
        if not glossary.is_tiles(deck):
            # Seeds 000 and 004: "two or more French decks"; a variant names one number.
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter decks;
            # {n} is the number of cards in one deck.
            self.say(self._np("rule:decks", "More decks may be shuffled in as a house rule: each adds {n} card.",
                              "More decks may be shuffled in as a house rule: each adds {n} cards.",
                              v.card_count // max(1, v.decks)))
        self.cover("decks")
        for players, decks in sorted(v.decks_by_players.items()):
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter
            # decks_by_players; {players} is a number of players, {n} a number of decks.
            self.say(self._np("rule:decks_by_players", "With {players} players the game is played with {n} deck.",
                              "With {players} players the game is played with {n} decks.", decks, players=players))
        self.cover("decks_by_players", "some" if v.decks_by_players else "none")
        if v.jokers:
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter jokers; {n}
            # is a number of jokers.
            self.say(self._np("rule:jokers", "Each deck adds {n} joker.", "Each deck adds {n} jokers.", v.jokers))
        else:
            self.say(self._p("rule:jokers", "There are no jokers."))
        self.cover("jokers", "some" if v.jokers else "none")
        french = glossary.is_french(deck)
        suits = [
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter deck;
            # {name} is a colour's name (red), {code} the letter typed for it (R).
            self._p("rule:deck", "{name} ({code})", name=glossary.colour_name(s.colour),
                    code=self.latin(glossary.suit_letter(s.code, deck)))
            if glossary.is_tiles(deck) else
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter deck;
            # {name} is a suit's name, {symbol} is a suit's sign (♠).
            self._p("rule:deck", "{name} {symbol}", name=glossary.suit_name(s.code),
                     symbol=glossary.suit_mark(s.code, deck))
            if french and s.code in glossary.SUIT_NAMES else self.latin(glossary.suit_mark(s.code, deck))
            for s in deck.suits
        ]
        ranks = [self._rank(r.code) for r in deck.ranks]
        self.say(
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter deck;
            # {n} is a number, {suits} is suits, listed.
            self._np("rule:deck", "Each deck has {n} suit: {suits}.", "Each deck has {n} suits: {suits}.",
                      len(deck.suits), suits=format_list(suits)),
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter deck;
            # {n} is a number, {ranks} is ranks, listed.
            self._np("rule:deck", "Each suit has {n} rank, in this order: {ranks}.",
                      "Each suit has {n} ranks, in this order: {ranks}.", len(deck.ranks), ranks=format_list(ranks)),
        )
        self.cover("deck")

    def deal(self) -> None:
        v = self.v
        self.open("deal")
        self.say({"random": self._p("rule:dealer", "The dealer is chosen at random."),
                  "first-seat": self._p("rule:dealer", "The player in the first seat deals.")}[v.dealer])
        self.cover("dealer", v.dealer)
        if isinstance(v.hand_size, int):
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter
            # hand_size; {n} is a number.
            self.say(self._np("rule:hand_size", "The dealer deals {n} card to each player.",
                               "The dealer deals {n} cards to each player.", v.hand_size))
            self.cover("hand_size", "number")
        else:
            self.say(self._p("rule:hand_size", "How many cards each player is dealt depends on the number of players:"))
            self.bullets(self._hand_size_rows())
            self.cover("hand_size", "table")
        if v.help_cards:
            self.say(self._np(
                # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter
                # help_cards; {n} is a number.
                "rule:help_cards",
                "Then {n} card is laid face up on the table as a help card: any player may use it in a combination.",
                "Then {n} cards are laid face up on the table as help cards: any player may use them in "
                "combinations.", v.help_cards))
            # The engine lays the new help cards when the turn ends (Game._end), not
            # as each is used: undo and restore never have to take a card back to the deck.
            self.say({True: self._p("rule:help_cards_refill",
                                     "A help card that has been used is replaced with the top card of the deck "
                                     "when the turn ends."),
                      False: self._p("rule:help_cards_refill",
                                      "Help cards that have been used are not replaced.")}[v.help_cards_refill])
            self.cover("help_cards_refill", v.help_cards_refill)
        else:
            self.cover("help_cards_refill")  # nothing to refill
        self.cover("help_cards", "some" if v.help_cards else "none")
        self.cross()
        self.say(
            self._p("rules", "Players keep their cards hidden from the others. The remaining cards are placed face "
                     "down in the middle of the table: they are the deck."),
            self._p("rules", "The player to the dealer's left plays first, and play goes on clockwise.")
            if v.direction == "clockwise" else
            self._p("rule:direction", "The player to the dealer's right plays first, and play goes on "
                    "counter-clockwise."),
        )
        self.cover("direction", v.direction)

    def _hand_size_rows(self) -> list[str]:
        sizes = dict(sorted(self.v.hand_size.items()))  # type: ignore[union-attr]
        groups: list[tuple[int, int, int]] = []
        for players, cards in sizes.items():
            if groups and groups[-1][2] == cards and groups[-1][1] == players - 1:
                groups[-1] = (groups[-1][0], players, cards)
            else:
                groups.append((players, players, cards))
        rows = []
        for lo, hi, cards in groups:
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter players;
            # {n} is a number.
            who = (self._np("rule:players", "{n} player", "{n} players", hi) if lo == hi else
                   # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter
                   # players; {low} is the fewest players, {n} is a number.
                   self._np("rule:players", "{low} to {n} player", "{low} to {n} players", hi, low=format_number(lo)))
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter
            # hand_size; {players} is a number of players, {n} is a number.
            rows.append(self._np("rule:hand_size", "{players}: {n} card each", "{players}: {n} cards each", cards,
                                  players=who))
        return rows

    def melds(self) -> None:
        v = self.v
        self.open("melds")
        self.say(self._p("rule:leftover_invalid", "The cards on the table form combinations; only a player who "
                         "cannot make them all valid again may leave invalid groups, at a price.")
                 if v.leftover_invalid == "stay" else
                 self._p("rules", "The cards on the table must always form combinations."),
                 # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter melds;
                 # {n} is a number, {kinds} is kinds of meld, listed.
                 self._np("rule:melds", "This variant has {n} kind of combination: {kinds}.",
                           "This variant has {n} kinds of combination: {kinds}.", len(v.melds),
                           kinds=format_list([self.kind_name(n) for n in v.melds])))
        self.cover("melds")
        first = True
        shown_aces = False
        ace_tries = 0
        for k, (name, kind) in enumerate(v.melds.items()):
            title = (self._p("meld kind title", KIND_TITLES[name]) if name in KIND_TITLES
                     # TRANSLATORS: A heading of the rules, over one kind of meld; {kind} is a kind of meld (set,
                     # run).
                     else self._p("meld kind title", "Combinations of kind {kind}", kind=self.latin(name)))
            assert self.section is not None
            self.section.blocks.append(Heading(title))
            self.bullets(self._kind_clauses(kind))
            # Each example is proven against every kind of the variant: past
            # the first few kinds, examples would make the text's cost grow with
            # the square of the kinds a variant may list (hundreds in 64 kB).
            shown = k < MAX_KINDS_WITH_EXAMPLES
            examples = [e for e in meld_examples(name, kind, v, first=first) if self.proven(e)] if shown else []
            if not shown_aces and kind.sequence and "suit" in kind.same and ace_tries < MAX_KINDS_WITH_EXAMPLES:
                ace_tries += 1
                aces = [e for e in ace_examples(name, kind, v) if self.proven(e)]
                if aces or v.deck.ranks[0].code == "A":
                    self.say(self._aces_clause())
                    shown_aces = True
                examples += aces
            first = False
            if examples:
                self.say(self._p("rules", "For example:"))
                self.bullets(self._example_text(e) for e in examples)
        if not shown_aces:
            self.cover("aces")  # no run in which an ace could stand
        self.jokers()

    def jokers(self) -> None:
        """What a joker may do: one clause per joker rule (none without jokers)."""
        v = self.v
        if not v.jokers:
            for key in ("jokers_per_meld", "joker_release", "joker_melds_rearranged", "joker_points"):
                self.cover(key)  # rules about jokers, in a game without them
            return
        self.say(self._p("rule:jokers", "A joker stands for any card its combination needs. A combination must hold "
                          "at least one card that is not a joker."))
        if v.jokers_per_meld is None:
            self.say(self._p("rule:jokers_per_meld", "A combination may hold any number of jokers."))
        else:
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter jokers_per_meld;
            # {n} is a number of jokers.
            self.say(self._np("rule:jokers_per_meld", "A combination may hold at most {n} joker.",
                               "A combination may hold at most {n} jokers.", v.jokers_per_meld))
        self.cover("jokers_per_meld", "none" if v.jokers_per_meld is None else "some")
        self.say({
            "free": self._p("rule:joker_release", "When you rearrange the table, a joker moves like any other card."),
            "exchange": self._p("rule:joker_release", "A joker on the table leaves its combination only when you "
                                 "put in its place a card from your hand that it stands for (swap). You then hold "
                                 "the joker and must play it again before your turn ends."),
        }[v.joker_release])
        self.cover("joker_release", v.joker_release)
        self.say(self._p("rule:joker_melds_rearranged", "Combinations that hold a joker may be rearranged like any "
                          "other.") if v.joker_melds_rearranged else
                 self._p("rule:joker_melds_rearranged", "You may add cards to a combination that holds a joker, but "
                          "you may not take, move or split cards out of it."))
        self.cover("joker_melds_rearranged", v.joker_melds_rearranged)
        points = v.opening == "points" or v.deck_out_winners == "fewest-points" \
            or v.scoring in ("card-values", "losers-pay-winner", "lowest-takes-difference")
        self.cover("joker_points", "said" if points else "unused")  # with the card values, where points count

    def _aces_clause(self) -> str:
        aces = self.v.aces
        self.cover("aces", aces)
        return {
            "low": self._p("rule:aces", "An ace is always low: it comes before the 2, never after the king."),
            "high": self._p("rule:aces", "An ace is always high: it comes after the king, never before the 2."),
            "low-or-high": self._p(
                "rule:aces", "An ace may be low (before the 2) or high (after the king), but not both in one run: a run "
                "cannot go around the corner from the king to the 2."),
            "wrap": self._p(
                "rule:aces", "Runs may go around the corner: the ace comes both after the king and before the 2, so a "
                "run may go on from the king through the ace to the 2."),
        }[aces]

    def _kind_clauses(self, kind: MeldKind) -> list[str]:
        out = []
        lo, hi = kind.min_size, kind.max_size
        if hi == lo:
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter
            # melds.min_size; {n} is a number.
            out.append(self._np("rule:melds.min_size", "It has exactly {n} card.", "It has exactly {n} cards.", lo))
        elif hi is None:
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter
            # melds.min_size; {n} is a number.
            out.append(self._np("rule:melds.min_size", "It has at least {n} card.", "It has at least {n} cards.", lo))
        else:
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter
            # melds.max_size; {low} is the fewest players, {n} is a number.
            out.append(self._np("rule:melds.max_size", "It has from {low} to {n} card.", "It has from {low} to {n} cards.",
                                 hi, low=format_number(lo)))
        self.cover("melds.min_size")
        self.cover("melds.max_size")
        same = {"rank": self._p("rule:melds.same", "All its cards have the same rank."),
                "suit": self._p("rule:melds.same", "All its cards have the same suit.")}
        out += [same[a] for a in kind.same]
        self.cover("melds.same")
        distinct = {"card": self._p("rule:melds.distinct", "No two of its cards are identical."),
                    "rank": self._p("rule:melds.distinct", "No two of its cards have the same rank."),
                    "suit": self._p("rule:melds.distinct", "No two of its cards have the same suit.")}
        out += [distinct[a] for a in kind.distinct]
        self.cover("melds.distinct")
        if kind.sequence:
            out.append(self._p("rule:melds.sequence", "Its ranks follow each other without a gap."))
        self.cover("melds.sequence", kind.sequence)
        if kind.ranks is not None:
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter
            # melds.ranks; {ranks} is ranks, listed.
            out.append(self._p("rule:melds.ranks", "Only these ranks may be used: {ranks}.",
                                ranks=format_list([self._rank(c) for c in kind.ranks])))
        self.cover("melds.ranks")
        if kind.patterns is not None:
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter
            # melds.patterns; {patterns} is rank patterns, listed.
            out.append(self._p("rule:melds.patterns", "Only these combinations of ranks are allowed: {patterns}.",
                                patterns=format_list([self.latin("-".join(p)) for p in kind.patterns])))
        self.cover("melds.patterns")
        if kind.extras:
            out.append(self._p("rule:melds.extras", "It is made of the deck's extra cards only."))
        self.cover("melds.extras")
        return out

    def _rank(self, code: str) -> str:
        if code in glossary.RANK_NAMES and glossary.is_french(self.v.deck):
            name = glossary.rank_name(code)
            # A language that names the figures by their letters (Chinese K) says it once.
            if name != code:
                # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter deck;
                # {name} is a suit's name, {letter} is a letter.
                return self._p("rule:deck", "{name} ({letter})", name=name, letter=self.latin(code))
        return self.latin(code)

    def _example_text(self, e: MeldExample) -> str:
        cards = self.cards(e.cards)
        if e.valid:
            if e.kind in KIND_EXAMPLES:
                return self._p("rules example", KIND_EXAMPLES[e.kind], cards=cards)
            # TRANSLATORS: An example in the rules of a Machiavelli variant, checked by the engine before it
            # is shown; {cards} is cards as shown at the table (5♣ 6♣ 7♣), {kind} is a kind of meld (set,
            # run).
            return self._p("rules example", "{cards} is a valid combination of kind {kind}.", cards=cards,
                            kind=self.latin(e.kind or ""))
        # TRANSLATORS: An example in the rules of a Machiavelli variant, checked by the engine before it
        # is shown; {cards} is cards as shown at the table (5♣ 6♣ 7♣), {reason} is why, a clause without a
        # capital.
        return self._p("rules example", "{cards} is not a combination: {reason}.", cards=cards,
                        reason=meld_reason(e.reason, tiles=self.tiles))

    def turn(self) -> None:
        v = self.v
        self.open("turn")
        if v.cards_per_turn is None:
            self.say(self._p("rules", "On your turn you may lay down as many cards from your hand as you like: as "
                              "new combinations, or added to combinations already on the table. You may stop at any "
                              "time."))
        else:
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter
            # cards_per_turn; {n} is a number.
            self.say(self._np("rule:cards_per_turn", "On your turn you may lay down at most {n} card from your hand: "
                               "as new combinations, or added to combinations already on the table.",
                               "On your turn you may lay down at most {n} cards from your hand: as new "
                               "combinations, or added to combinations already on the table.", v.cards_per_turn))
        self.cover("cards_per_turn", "none" if v.cards_per_turn is None else "some")
        self.opening()
        example = playing_example(v)
        if example and self.proven(example):
            # TRANSLATORS: An example in the rules of a Machiavelli variant, checked by the engine before it
            # is shown; {before} is the table's cards before, {cards} is cards as shown at the table (5♣ 6♣
            # 7♣), {after} is the table's cards after.
            self.say(self._p("rules example", "For example, the table has {before}: you may add {cards} to it, "
                              "and the table then has {after}.", before=self.table(example.before),
                              cards=self.cards(example.played), after=self.table(example.after)))
        self.help_cards_use()

    def cross(self) -> None:
        """The Greek Makiaveli's Cross, laid at the deal (issue 28)."""
        v = self.v
        self.cover("cross", v.cross)
        if not v.cross:
            return
        self.say(self._np(
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter cross;
            # {n} is a number (4). The Cross: the Greek Makiaveli's face-up cards around the deck.
            "rule:cross",
            "Then {n} card is laid face up beside the deck: the Cross.",
            "Then {n} cards are laid face up around the deck, one on each side: they form the Cross.", v.cross),
            self._p("rule:cross", "A card of the Cross stays on its own, and counts as no invalid group, until a "
                    "player completes it into a combination; that combination is then part of the table like any "
                    "other. A card of the Cross that has been used is not replaced."))

    def help_cards_use(self) -> None:
        """How help cards (or the Cross's cards) may go down (seed 003's
        alternative version)."""
        v = self.v
        self.cover("help_cards_use", v.help_cards_use if v.face_up else None)
        if v.cross:
            self.cross_use()
            return
        if not v.help_cards:
            return
        if v.help_cards_use == "with-hand-card":
            self.say(self._p("rule:help_cards", "You may use the face-up help cards in your combinations, but only "
                             "together with at least one card from your hand in the same play."))
            return
        self.say(self._p("rule:help_cards_use", "You may lay a help card only in a new combination of at least "
                         "three cards whose other cards, two or more, all come from your hand: never added to a "
                         "combination already on the table, never with cards taken from the table."),
                 # TRANSLATORS: The sentence of Wikipedia's article (Turkish, "Alternatif versiyon") that the
                 # clause follows, quoted in the language of the rules.
                 self._p("rule:help_cards_use", "As Wikipedia puts it: “These cards can be placed only if you can "
                         "make at least three with other cards.”"))

    def cross_use(self) -> None:
        """How the Cross's cards may be completed (help_cards_use)."""
        if self.v.help_cards_use == "with-hand-card":
            # TRANSLATORS: A clause of the rules of a Machiavelli variant. The Cross: the face-up cards
            # around the deck.
            self.say(self._p("rule:cross", "You may complete a card of the Cross into a combination, or use it "
                             "in any of your plays, but only together with at least one card from your hand in "
                             "the same play."))
            return
        # TRANSLATORS: A clause of the rules of a Machiavelli variant. The Cross: the face-up cards around
        # the deck.
        self.say(self._p("rule:cross", "You may complete a card of the Cross only into a new combination of at "
                         "least three cards whose other cards, two or more, all come from your hand: never added "
                         "to a combination already on the table, never with cards taken from the table."))

    def opening(self) -> None:
        """What a player's first play must hold (issue 11)."""
        v = self.v
        if v.opening == "none":
            self.say(self._p("rule:opening", "Your first play may be any play: there is no opening requirement."))
        elif v.opening == "meld-from-hand":
            self.say(self._p("rule:opening", "Your first play must include a new combination made only of cards "
                              "from your hand."))
        elif v.opening == "run":
            self.say(self._p("rule:opening", "Your first play must include a new run made only of cards from "
                              "your hand."))
        else:
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter opening;
            # {n} is a number.
            self.say(self._np("rule:opening", "Your first play must be new combinations made only of cards from "
                               "your hand and worth at least {n} point in all; cards added to other combinations "
                               "do not count.", "Your first play must be new combinations made only of cards from "
                               "your hand and worth at least {n} points in all; cards added to other combinations "
                               "do not count.", v.opening_points))
            self.say(self._values_clause("rule:opening"))
        self.cover("opening", v.opening)
        self.cover("opening_points")  # said with the points opening, meaningless with the others

    def _values_clause(self, context: str) -> str:
        """The cards' values, once in the rules: in words when every rank is
        worth its number (Rummikub's tiles), else rank by rank."""
        if self._values_said:
            return ""
        self._values_said = True
        v = self.v
        if not all(r.code == str(r.points) for r in v.deck.ranks):
            return self._card_values(context)
        worth = self._p("rule:deck", "Each card is worth the number on it.")
        if not v.jokers:
            return worth
        if context == "rule:opening":
            joker = self._p("rule:opening", "In your first play a joker is worth the card it stands for (the "
                            "lowest, if it could stand for several).")
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter joker_points;
            # {n} is a number of points.
            left = self._np("rule:joker_points", "A joker left in hand costs {n} point.",
                            "A joker left in hand costs {n} points.", v.joker_points) \
                if v.scoring in ("card-values", "losers-pay-winner", "lowest-takes-difference") \
                    or v.deck_out_winners == "fewest-points" else ""
            return join_sentences(worth, joker, left)
        return join_sentences(worth, self._np("rule:joker_points", "A joker left in hand costs {n} point.",
                                              "A joker left in hand costs {n} points.", v.joker_points))

    def _card_values(self, context: str) -> str:
        v = self.v
        if context == "rule:opening":
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter opening;
            # {rank} is a rank, {n} is a number.
            values = [self._np("rule:opening", "{rank}: {n} point", "{rank}: {n} points", r.points,
                                rank=self._rank(r.code)) for r in v.deck.ranks]
            if v.jokers:
                values.append(self._p("rule:opening", "a joker: the value of the card it stands for (the lowest, "
                                       "if it could stand for several)"))
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter opening;
            # {values} is values, listed.
            return self._p("rule:opening", "Card values: {values}.", values=format_list(values))
        # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter scoring;
        # {rank} is a rank, {n} is a number.
        values = [self._np("rule:scoring", "{rank}: {n} point", "{rank}: {n} points", r.points,
                            rank=self._rank(r.code)) for r in v.deck.ranks]
        if v.jokers:
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter joker_points, in
            # the list of card values; {n} is a number of points.
            values.append(self._np("rule:joker_points", "a joker: {n} point", "a joker: {n} points", v.joker_points))
        # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter scoring;
        # {values} is values, listed.
        return self._p("rule:scoring", "Card values: {values}.", values=format_list(values))

    def rearranging(self) -> None:
        v = self.v
        self.open("rearranging")
        self.say(
            self._p("rules", "You may also rearrange the combinations on the table: take cards from them, split "
                     "them, join them and form new ones, together with cards from your hand."),
            self._p("rules", "Cards taken from the table never stay in your hand: all of them must be back on the "
                     "table, in valid combinations, before your turn ends."),
        )
        for e in rearranging_examples(self.v):
            if not self.proven(e):
                continue
            if e.legal:
                self.say(self._p(
                    # TRANSLATORS: An example in the rules of a Machiavelli variant, checked by the engine before it
                    # is shown; {before} is the table's cards before, {cards} is cards as shown at the table (5♣ 6♣
                    # 7♣), {moved} is cards, {after} is the table's cards after.
                    "rules example", "For example, the table has {before} and you want to play {cards}. Move {moved} "
                    "from the first combination to the second and add {cards} to it: the table now has {after}.",
                    before=self.table(e.before), cards=self.cards(e.played), moved=self.cards(e.moved),
                    after=self.table(e.after)))
            else:
                self.say(self._p(
                    # TRANSLATORS: An example in the rules of a Machiavelli variant, checked by the engine before it
                    # is shown; {before} is the table's cards before, {moved} is cards, {new} is cards, {cards} is
                    # cards as shown at the table (5♣ 6♣ 7♣), {left} is cards.
                    "rules example", "But if the table has {before}, you may not take {moved} to play {new} with "
                    "{cards}: {left} would be left over, and they form no combination.",
                    before=self.table(e.before), moved=self.cards(e.moved), new=self.cards(e.after[0]),
                    cards=self.cards(e.played), left=self.cards(e.left)))

    def rearranging_rules(self) -> None:
        v = self.v
        if v.rearrange_before_opening:
            self.say(self._p("rule:rearrange_before_opening", "You may rearrange the table from your very first "
                              "play."))
        else:
            self.say(self._p("rule:rearrange_before_opening", "Until your first play is on the table, you may not "
                              "take, move, split or join cards of the table."))
        self.cover("rearrange_before_opening", v.rearrange_before_opening)
        if v.rearranging == "free":
            self.say(self._p("rule:rearranging", "You may also rearrange the table without laying down a card of "
                              "your own: if every taken card is back and every combination is valid, you may keep "
                              "the new arrangement and end your turn with the usual draw. Only a table put back as "
                              "it was counts as restoring."))
        else:
            self.say(self._p("rule:rearranging", "A turn in which you touched the table must end with at least one "
                              "card from your hand laid down; otherwise you must restore."))
        self.cover("rearranging", v.rearranging)

    def restore(self) -> None:
        v = self.v
        self.open("restore")
        self.say(self._p("rules", "If you cannot leave the table valid, you restore it: the table is put back exactly "
                          "as it was at the start of your turn, and the cards you played return to your hand."))
        self.cover("restore", v.restore)
        if v.restore == "free":
            self.say(self._p("rule:restore", "Restoring costs nothing: your turn then ends as a turn in which you "
                             "lay down no card from your hand, and so does a turn in which you undid your steps "
                             "back to the start."))
            self.say(self._p("rules", "You may restore only after taking, moving, splitting or joining cards of the "
                              "table. Undoing a step that moved only cards of your own hand costs nothing."))
            if v.leftover_invalid == "forbidden":
                self.cover("restore_penalty")  # nothing charges it (the variant's check)
            return
        if v.restore_penalty:
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter
            # restore_penalty; {n} is a number.
            self.say(self._np("rule:restore_penalty", "Then you draw {n} card from the deck as a penalty, and your "
                               "turn ends.", "Then you draw {n} cards from the deck as a penalty, and your turn ends.",
                               v.restore_penalty))
        else:
            self.say(self._p("rule:restore_penalty", "Restoring costs nothing more, but your turn ends."))
        # The penalty is charged for giving the rearrangement up, however the
        # table went back: otherwise undoing every step and drawing dodges it.
        self.say(self._p("rules", "You may restore only after taking, moving, splitting or joining cards of the "
                          "table. Undoing a step that moved only cards of your own hand costs nothing."))
        if v.restore_penalty:
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter
            # restore_penalty; {n} is a number.
            self.say(self._np("rule:restore_penalty", "Putting the table back by undoing your steps and then "
                               "drawing counts as restoring: a turn in which you touched the table and that ends "
                               "without a card of your hand on it costs the penalty of {n} card, not the usual "
                               "draw.", "Putting the table back by undoing your steps and then drawing counts as "
                               "restoring: a turn in which you touched the table and that ends without a card of "
                               "your hand on it costs the penalty of {n} cards, not the usual draw.",
                               v.restore_penalty))
        else:
            self.say(self._p("rule:restore_penalty", "Putting the table back by undoing your steps and then drawing "
                              "counts as restoring: a turn in which you touched the table and that ends without a "
                              "card of your hand on it ends without drawing."))
        self.cover("restore_penalty", "some" if v.restore_penalty else "none")

    def ending(self) -> None:
        v = self.v
        self.open("ending")
        if v.leftover_invalid == "stay":
            self.leftover()
        else:
            self.say(self._p("rules", "You may end your turn only when every card on the table is part of a valid "
                              "combination and no card taken from the table is left in your hand."))
        self.cover("leftover_invalid", v.leftover_invalid)
        # A turn without a card from the hand ends with a draw, never by simply
        # passing (Board Game Arena, seeds 000 and 004): the engine refuses `end`.
        self.cover("draw_count", "some" if v.draw_count else "none")
        self.cover("drawing", v.drawing)
        self.cover("draw_limit", None if not v.draws_on else "none" if v.draw_limit is None else "some")
        if v.draws_on:
            self.drawing_on()
            return
        if v.drawing == "start-of-turn":
            if v.draw_count:
                # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter drawing;
                # {n} is a number.
                self.say(self._np("rule:drawing", "Every turn starts with a draw: you take {n} card from the deck "
                                  "before you play. A turn in which you lay down no card from your hand then simply "
                                  "ends.", "Every turn starts with a draw: you take {n} cards from the deck before "
                                  "you play. A turn in which you lay down no card from your hand then simply ends.",
                                  v.draw_count))
            else:
                self.say(self._p("rule:drawing", "Every turn would start with a draw, but in this variant the draw "
                                 "gives you no card. A turn in which you lay down no card from your hand simply "
                                 "ends."))
            return
        if v.draw_count:
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter
            # draw_count; {n} is a number.
            self.say(self._np("rule:draw_count", "A turn in which you lay down no card from your hand ends with a "
                              "draw: you take {n} card from the deck.", "A turn in which you lay down no card from "
                              "your hand ends with a draw: you take {n} cards from the deck.", v.draw_count))
        else:
            self.say(self._p("rule:draw_count", "A turn in which you lay down no card from your hand ends with a "
                             "draw, but in this variant the draw gives you no card."))
        if v.drawing == "only-if-unable":
            self.say(self._p("rule:drawing", "You may draw only when you cannot lay down any card from your hand: "
                             "a player who can play must play."))
        else:
            self.say(self._p("rule:drawing", "You may draw instead of playing, even when you could lay down "
                             "cards."))
        if v.leftover_invalid == "stay":
            self.say(self._p("rule:leftover_invalid", "If you laid down at least one card and left no new invalid "
                             "group, you draw nothing."))
        else:
            self.say(self._p("rules", "If you laid down at least one card, you draw nothing."))

    def drawing_on(self) -> None:
        """Draws that leave the turn going on: Carousel's and Guadalupe's
        (draw-first), Shanghai's and Finagle's (until-able)."""
        v = self.v
        limit = v.draw_limit
        if v.drawing == "draw-first":
            self.say(self._p("rule:drawing", "Every turn starts with a draw: you take a card from the deck before "
                             "you play. Then you either lay down cards or draw again, one card at a time, even when "
                             "you could lay down cards."))
        else:
            self.say(self._p("rule:drawing", "A player who can lay down a card from the hand must do so. A player "
                             "who cannot draws a card from the deck and goes on with the turn: if the card drawn "
                             "lets you play, you must play; if not, you draw again."))
        if limit is None:
            self.say(self._p("rule:draw_limit", "There is no limit to the cards drawn in one turn: the draws go on "
                             "until you play or the deck is empty."))
        else:
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter
            # draw_limit; {n} is a number.
            self.say(self._np("rule:draw_limit", "You draw at most {n} card in one turn: the draw that makes {n} "
                              "ends your turn, even if the card would let you play.", "You draw at most {n} cards "
                              "in one turn: the draw that makes {n} ends your turn, even if the card would let you "
                              "play.", limit))
        self.say(self._p("rule:drawing", "Once you have laid down a card from your hand, you draw no more."))

    def leftover(self) -> None:
        """Invalid cards left on the table (seed 003)."""
        v = self.v
        self.say(
            self._p("rule:leftover_invalid", "You may end your turn only when no card taken from the table is left "
                    "in your hand and every combination is valid, save the invalid groups an earlier turn left."),
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameters
            # leftover_invalid and restore_penalty; {n} is a number.
            self._np("rule:leftover_invalid", "If you cannot make every combination valid again, you may end your "
                     "turn with a draw and leave cards of the table in invalid groups: you then draw {n} card from "
                     "the deck as a penalty, and the groups stay on the table.",
                     "If you cannot make every combination valid again, you may end your turn with a draw and leave "
                     "cards of the table in invalid groups: you then draw {n} cards from the deck as a penalty, and "
                     "the groups stay on the table.", v.restore_penalty),
            self._p("rule:leftover_invalid", "Only cards that were on the table when your turn began may be left "
                    "so: cards from your hand and help cards must be in valid combinations or go back."),
            self._p("rule:leftover_invalid", "Any later player may take the cards of such groups into valid "
                    "combinations; leaving them as they are costs nothing."))
        self.cover("restore_penalty", "some" if v.restore_penalty else "none")
        self.say(self._p(
            # TRANSLATORS: The sentences of Wikipedia's article (Turkish) that the clause follows, quoted in the
            # language of the rules.
            "rule:leftover_invalid", "As Wikipedia puts it: “If they cannot do so, they must draw three cards. The "
            "other players will then try to bring the cards back into their groups. Invalid cards left on the "
            "table will later be taken into valid groups by other players.”"))

    def end(self) -> None:
        v = self.v
        self.open("end")
        self.say(self._p("rules", "A player who has no cards left in hand wins at once."))
        if v.knock_limit is not None:
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter
            # knock_limit (Carousel's knock); {n} is a number of points.
            self.say(self._np("rule:knock_limit", "On your turn, once every combination is valid and no taken card "
                              "is left in your hand, you may knock if the cards in your hand are worth at most {n} "
                              "point: the game ends, and the player whose cards in hand are worth the fewest points "
                              "wins, even if that is not you; tied players win together.",
                              "On your turn, once every combination is valid and no taken card is left in your hand, "
                              "you may knock if the cards in your hand are worth at most {n} points: the game ends, "
                              "and the player whose cards in hand are worth the fewest points wins, even if that is "
                              "not you; tied players win together.", v.knock_limit))
        self.cover("knock_limit", "none" if v.knock_limit is None else "some")
        self.say({
            "on-last-card": self._p("rule:deck_runs_out", "The game also ends as soon as the last card of the deck "
                                     "has been drawn."),
            "on-failed-draw": self._p("rule:deck_runs_out", "When the deck is empty, play goes on without drawing; "
                                       "the game ends when a player has to draw and cannot."),
            "when-all-pass": self._p("rule:deck_runs_out", "When the deck is empty, play goes on without drawing; "
                                      "the game ends when every player in a row has passed without laying a card "
                                      "down."),
        }[v.deck_runs_out])
        self.cover("deck_runs_out", v.deck_runs_out)
        self.say({
            "fewest-cards": self._p("rule:deck_out_winners", "Then the player with the fewest cards in hand wins; "
                                     "tied players win together."),
            "fewest-points": self._p("rule:deck_out_winners", "Then the player whose cards in hand are worth the "
                                      "fewest points wins; tied players win together."),
        }[v.deck_out_winners])
        if v.deck_out_winners == "fewest-points" and v.penalty_points:
            self.say(self._penalty_clause())
        elif v.deck_out_winners == "fewest-points" and self._values_said:
            pass  # the values were said with the opening
        elif v.deck_out_winners == "fewest-points" and all(r.code == str(r.points) for r in v.deck.ranks):
            self.say(self._values_clause("rule:scoring"))
        elif v.deck_out_winners == "fewest-points":
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter
            # deck_out_winners; {rank} is a rank, {n} is a number.
            values = [self._np("rule:deck_out_winners", "{rank}: {n} point", "{rank}: {n} points", r.points,
                                rank=self._rank(r.code)) for r in v.deck.ranks]
            if v.jokers:
                # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter joker_points,
                # in the list of card values; {n} is a number of points.
                values.append(self._np("rule:joker_points", "a joker: {n} point", "a joker: {n} points",
                                       v.joker_points))
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter
            # deck_out_winners; {values} is values, listed.
            self.say(self._p("rule:deck_out_winners", "Card values: {values}.", values=format_list(values)))
            self._values_said = True  # once is enough: scoring counts the same values
        self.cover("deck_out_winners", v.deck_out_winners)
        self.say({
            "winner-only": self._p("rule:scoring", "Scoring: each winner of a deal scores 1 point; over several "
                                    "deals, the most points win."),
            "cards-left": self._p("rule:scoring", "Scoring: at the end of a deal every player scores 1 penalty point "
                                   "for each card left in hand; over several deals, the fewest points win."),
            "card-values": self._p("rule:scoring", "Scoring: at the end of a deal every player scores the values of "
                                    "the cards left in hand as penalty points; over several deals, the fewest points "
                                    "win."),
            "losers-pay-winner": self._p("rule:scoring", "Scoring: at the end of a deal every loser scores the "
                                          "values of the cards left in hand as minus points, and the winner scores "
                                          "what the losers hold beyond the winner's own cards as plus points; over "
                                          "several deals, the most points win."),
            "lowest-takes-difference": self._p("rule:scoring", "Scoring: at the end of a deal every player counts "
                                                "the values of the cards left in hand; the winner, lowest in points, "
                                                "scores the difference between each other hand and the winner's own, "
                                                "and the others score nothing; over several deals, the most points "
                                                "win."),
        }[v.scoring])
        if v.scoring in ("card-values", "losers-pay-winner", "lowest-takes-difference"):
            self.say(self._penalty_clause() if v.penalty_points else self._values_clause("rule:scoring"))
        self.cover("scoring", v.scoring)
        self.cover("penalty_points", "some" if v.penalty_points else "none")
        self.match()

    def _penalty_clause(self) -> str:
        """What the cards left in hand cost (penalty_points), once in the rules."""
        if getattr(self, "_penalty_said", False):
            return ""
        self._penalty_said = True
        v = self.v
        costs: dict[int, list[str]] = {}
        for rank, spec in enumerate(v.deck.ranks, 1):
            costs.setdefault(v.penalty(Card(rank, v.deck.suits[0].code)), []).append(self._rank(spec.code))
        # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter
        # penalty_points, in the list of what cards left in hand cost; {ranks} is ranks, listed, {n} a number.
        values = [self._np("rule:penalty_points", "{ranks}: {n} point", "{ranks}: {n} points", n,
                           ranks=format_list(ranks)) for n, ranks in costs.items()]
        if v.jokers:
            values.append(self._np("rule:joker_points", "a joker: {n} point", "a joker: {n} points",
                                   v.penalty(Card(0, "JK"))))
        # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter
        # penalty_points; {values} is what cards cost, listed.
        return self._p("rule:penalty_points", "Cards left in hand cost: {values}. In combinations the cards keep "
                       "their own values.", values=format_list(values))

    def match(self) -> None:
        """A match of several deals: its target and who wins it."""
        v = self.v
        self.cover("match_target", "none" if v.match_target is None else "some")
        self.cover("match_winner", v.match_winner)
        if v.match_target is not None:
            # TRANSLATORS: A clause of the rules of a Machiavelli variant, written from its parameter
            # match_target; {n} is a number of points.
            self.say(self._np("rule:match_target", "A match is played to {n} point: deals go on until a player's "
                              "total reaches {n}.", "A match is played to {n} points: deals go on until a player's "
                              "total reaches {n}.", v.match_target))
        if v.match_winner == "lowest":
            self.say(self._p("rule:match_winner", "In a match of several deals, the lowest total wins."))
        elif v.match_winner == "highest":
            self.say(self._p("rule:match_winner", "In a match of several deals, the highest total wins."))

    def notes(self) -> None:
        text = self.free_text("notes")
        self.cover("notes")
        if text:
            self.open("notes")
            for paragraph in (p.strip() for p in text.split("\n\n")):
                self.say(paragraph)

    def other(self) -> None:
        """Parameters no clause knows: shown raw, and reported."""
        missing = [name for name in type(self.v).model_fields if name not in self.doc.covered]
        self.doc.uncovered = missing
        if missing:
            self.open("other")
            data = self.v.parameters()
            # TRANSLATORS: The rules of a Machiavelli variant (rules command, the table, the web page);
            # {parameter} is a variant parameter's key (hand_size), {value} is its value as written.
            self.bullets(self._p("rules", "{parameter}: {value}", parameter=self.latin(name),
                                  value=self.latin(json.dumps(data.get(name), ensure_ascii=False)))
                         for name in missing)


def compose(variant: Variant) -> Document:
    """The rules of ``variant`` in the current language."""
    # The kernel hands a game its own variants: Machiavelli's are MachiavelliVariants.
    return _Composer(cast("MachiavelliVariant", variant)).compose()

"""Machiavelli's rules on top of the kernel's meld-game schema: every rule
on which the sources disagree is a parameter here (type, default, allowed
values and description in one place). Defaults are Board Game Arena's."""

from typing import Annotated, Any, Literal

from pydantic import BaseModel, Field, field_validator, model_validator

from machiavelli.core.cards import Card, ExtraSpec
from machiavelli.core.checks import failed
from machiavelli.core.i18n import NP_
from machiavelli.core.melds import Wild
from machiavelli.core.variant import MeldVariant
from machiavelli.core.i18n import join_values

#: Most cards a hand may be dealt.
MAX_HAND = 200
#: The joker's notation code and display symbol (the deck's extra card).
JOKER_CODE = "JK"
JOKER_SYMBOL = "\U0001F0CF"
#: A joker as a card value.
JOKER = Card(0, JOKER_CODE)
#: The joker rules and their values without jokers (the defaults).
JOKER_RULES = {"joker_points": 25, "jokers_per_meld": None, "joker_release": "free", "joker_melds_rearranged": True}


def _plain(value: Any) -> Any:
    return value.model_dump(mode="python") if isinstance(value, BaseModel) else value


class MachiavelliVariant(MeldVariant):
    """A fully resolved Machiavelli rule set."""

    jokers: int = Field(
        default=0, ge=0, le=8,
        description=NP_("variant parameter", "Jokers per copy of the deck (2 with 2 decks: 4 jokers). A joker "
                        "stands for any card its meld needs."))
    joker_points: int = Field(
        default=25, ge=0, le=1000,
        description=NP_("variant parameter", "Points of a joker left in a hand when hands are counted in points."))
    jokers_per_meld: int | None = Field(
        default=None, ge=1, le=64,
        description=NP_("variant parameter", "Most jokers one meld may hold (none: no limit)."))
    joker_release: Literal["free", "exchange"] = Field(
        default="free",
        description=NP_("variant parameter", "free: a joker on the table moves like any table card when "
                        "rearranging; exchange: it leaves its meld only when a player puts in its place, from "
                        "the hand, a card it stands for, and must then be played again in the same turn."))
    joker_melds_rearranged: bool = Field(
        default=True,
        description=NP_("variant parameter", "Whether cards may be taken out of a meld that holds a joker (if not, "
                        "such a meld may be added to, never broken up)."))
    hand_size: int | dict[int, int] = Field(
        default=15,
        description=NP_("variant parameter", "Cards dealt to each player: one number, or a number per player count."),
    )
    dealer: Literal["random", "first-seat"] = Field(
        default="random", description=NP_("variant parameter", "Who deals; the player left of the dealer starts.")
    )
    restore_penalty: int = Field(
        default=1, ge=0, le=10,
        description=NP_("variant parameter", "Cards drawn by a player who gives up a rearrangement that touched the "
                        "table, by restoring or by undoing back and drawing (restore: penalty), and by a player who "
                        "leaves invalid cards on the table (leftover_invalid: stay).")
    )
    # Seed 003 charges the three cards to a player who cannot put the table
    # back; seed 004 (Board Game Arena) charges every restore.
    restore: Literal["penalty", "free"] = Field(
        default="penalty",
        description=NP_("variant parameter", "penalty: a player who gives up a rearrangement draws restore_penalty "
                        "cards; free: putting the table back costs nothing, and a turn that then plays no card ends "
                        "with the usual draw."))
    leftover_invalid: Literal["forbidden", "stay"] = Field(
        default="forbidden",
        description=NP_("variant parameter", "forbidden: a turn ends only with every meld valid; stay: a player may "
                        "end a turn leaving table cards in invalid groups, drawing restore_penalty cards, and the "
                        "groups stay on the table for the next players to take into valid melds (never the "
                        "player's own hand or help cards)."))
    draw_count: int = Field(
        default=1, ge=0, le=10,
        description=NP_("variant parameter", "Cards drawn by a player who ends a turn without playing.")
    )
    help_cards: int = Field(default=0, ge=0, le=16,
        description=NP_("variant parameter", "Cards laid face up that anyone may meld with."))
    # Seed 003: help cards "can be placed only if you can make at least
    # three with other cards" (of the hand).
    help_cards_use: Literal["with-hand-card", "new-meld-from-hand"] = Field(
        default="with-hand-card",
        description=NP_("variant parameter", "with-hand-card: a help card goes down in a play or an addition that "
                        "also lays a hand card; new-meld-from-hand: only in a new meld whose other cards, at least "
                        "two, all come from the hand."))
    help_cards_refill: bool = Field(
        default=True, description=NP_("variant parameter", "A help card that was used is replaced from the deck.")
    )
    # -- the Cross (issue 28): the Greek Makiaveli's four face-up cards ---------
    # Cross cards are help cards laid out differently and never replaced: the
    # engine keeps them in the help-card pool (turn, solver, finder and bots
    # already know that such cards may be used and need not all be), and
    # cross.py says how many are laid and whether they come back.
    cross: Literal[0, 4] = Field(
        default=0,
        description=NP_("variant parameter", "Cards laid face up around the deck at the deal, the Cross (0 or 4): "
                        "any player may complete a Cross card into a combination as help_cards_use says; the "
                        "combination is then a table combination like any other. A Cross card stays single, and "
                        "valid, until it is used, and it is never replaced. Not together with help_cards."))

    deck_runs_out: Literal["on-last-card", "on-failed-draw", "when-all-pass"] = Field(
        default="on-last-card",
        description=NP_("variant parameter", "When the game ends for lack of cards: on-last-card (as soon as the "
            "last card is drawn), on-failed-draw (only when a player must draw and cannot), when-all-pass (play goes "
            "on without drawing until every player in a row has passed without laying a card down)."),
    )
    deck_out_winners: Literal["fewest-cards", "fewest-points"] = Field(
        default="fewest-cards",
        description=NP_("variant parameter", "Who wins when the deck runs out: fewest cards (ties share the win) "
                        "or fewest points."),
    )

    # -- house rules (issue 11): the defaults are Board Game Arena's ----------
    opening: Literal["none", "meld-from-hand", "points", "run"] = Field(
        default="none",
        description=NP_("variant parameter", "What a player's first play must hold: none (anything), meld-from-hand "
                        "(a new meld of the player's own hand cards), points (new melds of hand cards worth at least "
                        "opening_points), run (a new run of hand cards)."))
    opening_points: int = Field(
        default=36, ge=1, le=500,
        description=NP_("variant parameter", "Points the new melds of a points opening must be worth (card values "
                        "of the deck)."))
    rearrange_before_opening: bool = Field(
        default=True,
        description=NP_("variant parameter", "Whether a player may take, move, split or join table cards before "
                        "and during their first play."))
    drawing: Literal["instead-of-playing", "only-if-unable", "start-of-turn", "draw-first", "until-able"] = Field(
        default="instead-of-playing",
        description=NP_("variant parameter", "When a player draws: instead-of-playing (a turn without a play ends "
                        "with a draw, by choice), only-if-unable (only a player who cannot place a card may draw), "
                        "start-of-turn (draw_count cards at the start of every turn; a turn may end without a play), "
                        "draw-first (every turn starts with a draw of one card; the player then plays or draws "
                        "again, one card at a time, and the draw that reaches draw_limit ends the turn), until-able "
                        "(a player who can place a card must; one who cannot draws one card at a time, the turn "
                        "going on after each, until able to play, or draw_limit cards, or an empty deck)."))
    # Pagat: Carousel draws "from one to three cards" a turn, Guadalupe "one
    # or two", Shanghai and Finagle have "unlimited drawing".
    draw_limit: int | None = Field(
        default=None, ge=1, le=MAX_HAND,
        description=NP_("variant parameter", "Most cards a player draws in one turn under drawing draw-first or "
                        "until-able (none: no limit, the draws go on until the player plays or the deck is empty)."))
    penalty_points: dict[str, int] = Field(
        default_factory=dict,
        description=NP_("variant parameter", "What a card left in hand costs when a deal is scored or the deck runs "
                        "out (scoring card-values, losers-pay-winner and lowest-takes-difference, deck_out_winners "
                        "fewest-points, knock_limit), by rank code "
                        "(JK: the joker), where it differs from the card's value in melds (none: the deck's values)."))
    match_target: int | None = Field(
        default=None, ge=1, le=100_000,
        description=NP_("variant parameter", "Points a match is played to when play is given neither --deals nor "
                        "--target: deals go on until a player's total reaches them (none: one deal)."))
    match_winner: Literal["by-scoring", "lowest", "highest"] = Field(
        default="by-scoring",
        description=NP_("variant parameter", "Who wins a match of several deals: by-scoring (the most points under "
                        "winner-only, losers-pay-winner and lowest-takes-difference, the fewest under cards-left and "
                        "card-values), lowest or "
                        "highest (the lowest or the highest total)."))
    # Board Game Arena's table is said to stop a turn at 13 new cards; neither
    # of its help pages (seeds 000, 004) states a limit, so none by default.
    cards_per_turn: int | None = Field(
        default=None, ge=1, le=MAX_HAND,
        description=NP_("variant parameter", "Most cards of the hand a player may lay down in one turn (none: no "
                        "limit)."))
    rearranging: Literal["with-hand-card", "free"] = Field(
        default="with-hand-card",
        description=NP_("variant parameter", "with-hand-card: a turn that touched the table must lay down a hand "
                        "card, or restore; free: a rearrangement that leaves the table valid may be kept and the "
                        "turn ended with the usual draw."))
    direction: Literal["clockwise", "counter-clockwise"] = Field(
        default="clockwise",
        description=NP_("variant parameter", "Which way play goes: clockwise (the dealer's left starts) or "
                        "counter-clockwise (the dealer's right starts)."))
    # Carousel (rummyrulebook, gathertogethergames): "If a player's hand has
    # a deadwood score of 5 or less then they can knock", "after they have
    # drawn their cards"; pagat's and Board Game Arena's games have no knock.
    knock_limit: int | None = Field(
        default=None, ge=0, le=1000,
        description=NP_("variant parameter", "Most points a hand may hold for its player to knock: on their turn, "
                        "with every meld valid, the player ends the deal, and the hand lowest in points wins it "
                        "(none: no knocking)."))
    # rummyrulebook: "For 2 players use a single 52-card deck plus one
    # joker. For 3 to 5 players use 2 decks plus 2 jokers."
    decks_by_players: dict[int, Annotated[int, Field(ge=1, le=8)]] = Field(
        default_factory=dict,
        description=NP_("variant parameter", "Copies of the deck for a number of players where it differs from "
                        "decks (jokers are per copy; a number of players the game does not allow is ignored)."))
    scoring: Literal["winner-only", "cards-left", "card-values", "losers-pay-winner", "lowest-takes-difference"] = Field(
        default="winner-only",
        description=NP_("variant parameter", "What a deal scores: winner-only (1 point to each winner), cards-left "
                        "(1 penalty point per card left in hand), card-values (the points of the cards left in "
                        "hand as penalty points), losers-pay-winner (Rummikub's: each loser scores minus the "
                        "points left in hand, each winner plus what the losers hold beyond the winner's own; the "
                        "most points win), lowest-takes-difference (Carousel's: the winner, lowest in points, "
                        "scores what each other hand holds beyond the winner's own; the others score nothing)."))
    game_name: Literal["machiavelli", "title"] = Field(
        default="machiavelli",
        description=NP_("variant parameter", "What the rules call the game: machiavelli, or the variant's title (a "
                        "game of the family with a name of its own, such as Rummikub)."))

    @model_validator(mode="before")
    @classmethod
    def _joker_cards(cls, data: Any) -> Any:
        """The jokers are an extra card of the deck (code JK, worth
        joker_points, jokers x decks of them), derived from the joker
        parameters: a resolved variant written out and read back gets the
        same deck, and a deck may not declare a joker of its own."""
        if not isinstance(data, dict):
            return data
        jokers, decks, points = data.get("jokers", 0), data.get("decks", 2), data.get("joker_points", 25)
        deck = _plain(data.get("deck", {}))
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in (jokers, decks, points)) \
                or not isinstance(deck, dict) or not isinstance(deck.get("extras", ()), (list, tuple)):
            return data  # the fields' own checks say what is wrong
        extras = [_plain(e) for e in deck.get("extras", ())]
        if any(isinstance(e, dict) and e.get("code") == JOKER_CODE and e.get("symbol") != JOKER_SYMBOL
               for e in extras):
            raise failed("deck", "joker-code-taken", "the code {code} is the joker's: set jokers instead",
                         code=JOKER_CODE)
        extras = [e for e in extras if not (isinstance(e, dict) and e.get("code") == JOKER_CODE)]
        if jokers > 0 and 1 <= decks <= 8 and 0 <= points <= 1000:
            extras.append({"code": JOKER_CODE, "symbol": JOKER_SYMBOL, "colour": "black", "points": points,
                           "copies": min(64, jokers * decks)})
        if extras or "deck" in data:
            data = {**data, "deck": {**deck, "extras": extras}}
        return data

    @field_validator("hand_size")
    @classmethod
    def _hand_size_positive(cls, value: int | dict[int, int]) -> int | dict[int, int]:
        sizes = value.values() if isinstance(value, dict) else [value]
        if any(not 1 <= s <= MAX_HAND for s in sizes):
            raise failed("", "hand-size-range", "a hand has from 1 to {max} cards", max=MAX_HAND)
        return value

    def at_table(self, players: int) -> "MachiavelliVariant":
        """The rules as ``players`` play them: ``decks`` set from
        ``decks_by_players`` (the same variant when it says nothing)."""
        decks = self.decks_by_players.get(players, self.decks)
        if decks == self.decks:
            return self
        data = {**self.parameters(), "decks": decks}
        data["deck"] = {**data["deck"], "extras": [e for e in data["deck"]["extras"] if e["code"] != JOKER_CODE]}
        table = type(self).model_validate(data)
        table._extends_title = dict(self._extends_title)
        return table

    @model_validator(mode="after")
    def _consistent(self) -> "MachiavelliVariant":
        if isinstance(self.hand_size, dict):
            missing = [n for n in range(self.players.min, self.players.max + 1) if n not in self.hand_size]
            if missing:
                raise failed("hand_size", "hand-sizes-missing", "gives no number for {missing} players",
                             missing=join_values(map(str, missing)))
        for n in range(self.players.min, self.players.max + 1):
            needed = n * self.hand_size_for(n) + self.face_up
            cards = self.card_count * self.decks_by_players.get(n, self.decks) // self.decks
            if needed > cards:
                values = dict(cards=cards, players=n, hand=self.hand_size_for(n), needed=needed,
                              help=self.face_up)
                if self.face_up:
                    raise failed("hand_size", "too-few-cards-with-help",
                                 "{cards} cards cannot deal {hand} cards to {players} players and {help} help "
                                 "cards", **values)
                raise failed("hand_size", "too-few-cards-to-deal",
                             "{cards} cards cannot deal {hand} cards to {players} players", **values)
        if self.jokers == 0:
            changed = [key for key, plain in JOKER_RULES.items() if getattr(self, key) != plain]
            if changed:
                raise failed(changed[0], "joker-rules-without-jokers",
                             "{keys}: rules about jokers in a game without jokers (set jokers)",
                             keys=", ".join(changed))
        if self.cross and self.help_cards:
            raise failed("cross", "cross-with-help-cards",
                         "the Cross and help cards cannot both be laid (set one of cross and help_cards to 0)")
        if self.help_cards_use != "with-hand-card" and not self.face_up:
            raise failed("help_cards_use", "help-rule-without-help-cards",
                         "a rule about help cards in a game without help cards (set help_cards)")
        if self.opening == "run" and not any(kind.sequence for kind in self.melds.values()):
            raise failed("opening", "opening-run-without-runs",
                         "a first play that must be a run needs a kind of meld that is a run")
        if self.drawing in ("draw-first", "until-able"):
            if self.draw_count != 1:
                raise failed("draw_count", "draws-one-at-a-time",
                             "drawing {drawing} draws one card at a time: draw_count must be 1",
                             drawing=self.drawing)
        elif self.draw_limit is not None:
            raise failed("draw_limit", "draw-limit-without-draws",
                         "a limit of cards drawn per turn needs drawing draw-first or until-able")
        codes = {r.code for r in self.deck.ranks} | ({JOKER_CODE} if self.jokers else set())
        for code, points in self.penalty_points.items():
            if code not in codes:
                raise failed("penalty_points", "penalty-unknown-rank",
                             "{code} is no rank of the deck (ranks: {ranks})", code=code,
                             ranks=join_values(sorted(codes)))
            if not 0 <= points <= 1000:
                raise failed("penalty_points", "penalty-points-range", "{code}: from 0 to 1000 points", code=code)
        if self.cards_per_turn is not None:
            if self.drawing in ("only-if-unable", "until-able"):
                raise failed("cards_per_turn", "forced-play-with-limit",
                             "a limit of cards per turn cannot go with drawing only-if-unable: a player able to "
                             "place cards beyond the limit only would be neither allowed to draw nor to play them")
            smallest = min(kind.min_size for kind in self.melds.values())
            if self.opening != "none" and self.cards_per_turn < smallest:
                raise failed("cards_per_turn", "opening-over-limit",
                             "an opening needs a new meld of at least {size} cards, more than the limit of {limit} "
                             "cards per turn", size=smallest, limit=self.cards_per_turn)
        return self

    @property
    def house_rules(self) -> bool:
        """Whether a house rule that restricts plays is in force (opening,
        limits, forced play): computer players then check their plans."""
        return (self.opening != "none" or not self.rearrange_before_opening or self.cards_per_turn is not None
                or self.forced_play or self.rearranging != "with-hand-card"
                or self.help_cards_use != "with-hand-card"
                or (self.jokers > 0 and (self.joker_release != "free" or not self.joker_melds_rearranged)))

    @property
    def face_up(self) -> int:
        """Cards laid face up at the deal for anyone to meld with: help cards or the Cross."""
        return self.help_cards + self.cross

    @property
    def forced_play(self) -> bool:
        """Whether a player who can place a card must (no draw by choice)."""
        return self.drawing in ("only-if-unable", "until-able")

    @property
    def starts_with_draw(self) -> bool:
        """Whether every turn starts with a draw (start-of-turn, draw-first)."""
        return self.drawing in ("start-of-turn", "draw-first")

    @property
    def draws_on(self) -> bool:
        """Whether a draw may leave the turn going on (draw-first, until-able)."""
        return self.drawing in ("draw-first", "until-able")

    def penalty(self, card: Card) -> int:
        """What ``card`` costs left in hand (penalty_points, else its value)."""
        extra = self.deck.extra(card)
        code = extra.code if extra is not None else self.deck.ranks[card.rank - 1].code
        found = self.penalty_points.get(code)
        return self.deck.points(card) if found is None else found

    @property
    def wild(self) -> Wild | None:
        """The jokers as the meld check sees them (None without jokers)."""
        return Wild(JOKER_CODE, self.jokers_per_meld) if self.jokers else None

    @property
    def step(self) -> int:
        """+1 when play goes clockwise (to the next seat), -1 otherwise."""
        return 1 if self.direction == "clockwise" else -1

    def hand_size_for(self, players: int) -> int:
        if isinstance(self.hand_size, dict):
            return self.hand_size[players]
        return self.hand_size

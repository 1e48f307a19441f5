"""Cicera's rules on top of the kernel's base schema: every number of the
game (hand, table, bonuses, awards, napola) is a parameter, so the scopa
family's house rules are variants. Defaults are seed 002's rules."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator

from machiavelli.core.cards import DeckSpec
from machiavelli.core.checks import failed
from machiavelli.core.i18n import NP_
from machiavelli.core.variant import Players, Variant

from .cards import COURTS, brescian


def _four() -> Players:
    return Players(min=4, max=4)


def _specials() -> dict[str, int]:
    return {"2S": 1, "10D": 1, "FC": 1}


class CiceraVariant(Variant):
    """A fully resolved rule set of Cicera or another game of the scopa family."""

    game: str = Field(default="cicera", min_length=1, max_length=64, pattern=r"^[a-z0-9][a-z0-9_.-]*$",
                      description=NP_("variant parameter", "The game this is a variant of."))
    deck: DeckSpec = Field(default_factory=brescian, description=NP_(
        "variant parameter", "Suits and ranks of one deck."))
    decks: int = Field(default=1, ge=1, le=1, description=NP_(
        "variant parameter", "Copies of the deck (one: every card is unique)."))
    players: Players = Field(default_factory=_four, description=NP_("variant parameter", "Number of players allowed."))
    partners: Literal["opposite", "none"] = Field(
        default="opposite",
        description=NP_("variant parameter",
                        "Teams: opposite (partners sit opposite each other, team totals decide) or none "
                        "(everyone alone)."))
    hand_size: int = Field(default=12, ge=1, le=52, description=NP_("variant parameter", "Cards dealt to each player."))
    table_cards: int = Field(default=4, ge=0, le=52, description=NP_(
        "variant parameter", "Cards dealt face up to the table."))
    dealer: Literal["random", "first-seat"] = Field(
        default="random", description=NP_(
            "variant parameter", "Who deals: a random player, or the last seat (seat 0 starts)."))
    direction: Literal["counter-clockwise", "clockwise"] = Field(
        default="counter-clockwise",
        description=NP_("variant parameter",
                        "Which way play goes round the table (the player after the dealer starts)."))
    courts: tuple[str, ...] = Field(
        default=COURTS, max_length=13,
        description=NP_("variant parameter", "Rank codes of the courts: a court takes only a card of its own rank."))
    courts_in_sums: bool = Field(
        default=False, description=NP_(
            "variant parameter", "Courts take part in sums with their deck points (scopa), or never (Cicera)."))
    sum_captures: bool = Field(default=True, description=NP_(
        "variant parameter", "A number card may take number cards adding up to it."))
    match_first: bool = Field(
        default=False,
        description=NP_("variant parameter",
                        "When a card of the same rank is on the table, it must be taken rather than a sum (scopa); "
                        "otherwise the player chooses."))
    capture_optional: bool = Field(
        default=True, description=NP_(
            "variant parameter", "A player may leave a card on the table even when it could capture."))
    scopa_points: int = Field(default=1, ge=0, le=100, description=NP_(
        "variant parameter", "Bonus for a capture that clears the table."))
    picada_points: int = Field(
        default=1, ge=0, le=100,
        description=NP_("variant parameter",
                        "Bonus for taking, by its rank, the card the previous player just left on the table."))
    simile_points: int = Field(
        default=1, ge=0, le=100,
        description=NP_("variant parameter",
                        "Bonus for a capture in which the played card and every card taken share one suit."))
    quartet_points: int = Field(
        default=1, ge=0, le=100, description=NP_(
            "variant parameter", "Bonus for a capture that takes many table cards at once."))
    quartet_min_taken: int = Field(
        default=3, ge=2, le=52, description=NP_(
            "variant parameter", "Table cards one capture must take for the quartet bonus."))
    bonuses_on_last_play: bool = Field(
        default=True, description=NP_(
            "variant parameter", "The deal's last play scores its capture bonuses like any other."))
    leftover: Literal["last-capturer", "unclaimed"] = Field(
        default="last-capturer",
        description=NP_("variant parameter",
                        "Where the table's cards go when the hands are empty: to the team that captured last "
                        "(no bonus), or nowhere."))
    most_cards_points: int = Field(default=2, ge=0, le=100, description=NP_(
        "variant parameter", "Award for capturing the most cards."))
    suit_award: str = Field(default="S", min_length=1, max_length=2, pattern=r"^[A-Z]+$",
                            description=NP_("variant parameter",
                                            "The suit whose majority earns an award (spade, swords)."))
    most_suit_points: int = Field(
        default=1, ge=0, le=100, description=NP_(
            "variant parameter", "Award for capturing the most cards of the award suit."))
    special_cards: dict[str, int] = Field(
        default_factory=_specials,
        description=NP_("variant parameter", "Cards worth an award to the team that captures them (notation: points); "
        "la mata 2S, 10D, FC. A variant drops one with null (10D: null)."))
    napola: bool = Field(default=True, description=NP_(
        "variant parameter", "A run of one suit from the Asso upward scores its length."))
    napola_suit: str = Field(default="S", min_length=1, max_length=2, pattern=r"^[A-Z]+$",
                             description=NP_("variant parameter", "The suit of the napola."))
    napola_min: int = Field(default=3, ge=1, le=13, description=NP_(
        "variant parameter", "Shortest run (from the Asso) that scores."))
    napola_max: int = Field(default=10, ge=1, le=13, description=NP_(
        "variant parameter", "Longest run that counts (up to this rank)."))

    @field_validator("game")
    @classmethod
    def _cicera(cls, value: str) -> str:
        if value != "cicera":
            raise failed("", "wrong-game", "this schema is for the game cicera, not {game}", game=value)
        return value

    @model_validator(mode="after")
    def _consistent(self) -> "CiceraVariant":
        codes = {r.code for r in self.deck.ranks}
        suits = {s.code for s in self.deck.suits}
        unknown = next((c for c in self.courts if c not in codes), None)
        if unknown is not None:
            raise failed("courts", "unknown-rank", "no rank {code} in the deck", code=unknown)
        for key in ("suit_award", "napola_suit"):
            if getattr(self, key) not in suits:
                raise failed(key, "unknown-suit", "no suit {code} in the deck", code=getattr(self, key))
        for text in self.special_cards:
            try:
                self.deck.parse_card(text)
            except ValueError:
                raise failed("special_cards", "unknown-card", "not a card of the deck: {card}",
                             card=text[:8]) from None
        if self.napola_min > self.napola_max:
            raise failed("napola_min", "napola-order", "napola_min {low} is above napola_max {high}",
                         low=self.napola_min, high=self.napola_max)
        needed = self.players.max * self.hand_size + self.table_cards
        if needed > self.card_count:
            raise failed("hand_size", "too-few-cards-to-deal",
                         "{cards} cards cannot deal {hand} cards to {players} players", cards=self.card_count,
                         hand=self.hand_size, players=self.players.max, needed=needed)
        if self.partners == "opposite" and (self.players.min != self.players.max or self.players.max % 2):
            raise failed("partners", "partners-seats",
                         "partners sit opposite: the number of players must be fixed and even")
        return self

    def is_court(self, rank: int) -> bool:
        return self.deck.rank_code(rank) in self.courts

    def teams(self, players: int) -> tuple[tuple[int, ...], ...]:
        """Seats of each team, in turn order: partners opposite, or everyone alone."""
        if self.partners == "none":
            return tuple((s,) for s in range(players))
        half = players // 2
        return tuple(tuple(range(t, players, half)) for t in range(half))

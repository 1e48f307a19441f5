"""Sì Sè Pái's rules on top of the kernel's base schema. The groups are the
kernel's meld kinds (data); which kinds a claim may make, what each scores
and which cards may not be discarded are parameters, so house rules of the
four-colour family are variants. Defaults are seed 001's rules."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator


from machiavelli.core.checks import failed
from machiavelli.core.i18n import NP_
from machiavelli.core.cards import Card, DeckSpec
from machiavelli.core.melds import MeldCheck, MeldKind, check
from machiavelli.core.variant import Players, Variant

from .cards import FLOWER, four_colour

NAME = "si-se-pai"
_NOT_GENERAL = ("A", "E", "R", "H", "C", "S")


def _groups() -> dict[str, MeldKind]:
    return {
        "general": MeldKind(min_size=1, max_size=1, ranks=("G",)),
        "flower": MeldKind(min_size=1, max_size=1, extras=True),
        "pair": MeldKind(same=("rank", "suit"), min_size=2, max_size=2, ranks=_NOT_GENERAL),
        "triple": MeldKind(same=("rank", "suit"), min_size=3, max_size=3, ranks=_NOT_GENERAL),
        "quad": MeldKind(same=("rank", "suit"), min_size=4, max_size=4, ranks=_NOT_GENERAL),
        "one-colour": MeldKind(same=("suit",), distinct=("rank",), min_size=3, max_size=3,
                               patterns=(("G", "A", "E"), ("R", "H", "C"))),
        "soldiers": MeldKind(same=("rank",), distinct=("suit",), min_size=3, max_size=3, ranks=("S",)),
        "four-soldiers": MeldKind(same=("rank",), distinct=("suit",), min_size=4, max_size=4, ranks=("S",)),
    }


def _points() -> dict[str, int]:
    return {"general": 1, "flower": 3, "pair": 0, "triple": 1, "quad": 2, "one-colour": 1, "soldiers": 1,
            "four-soldiers": 2}


def _four() -> Players:
    return Players(min=2, max=4)


class SiSePaiVariant(Variant):
    """A fully resolved rule set of Sì Sè Pái or another four-colour card game of groups."""

    game: str = Field(default=NAME, min_length=1, max_length=64, pattern=r"^[a-z0-9][a-z0-9_.-]*$",
                      description=NP_("variant parameter", "The game this is a variant of."))
    deck: DeckSpec = Field(default_factory=four_colour,
                           description=NP_("variant parameter",
                                           "Colours (suits) and characters (ranks) of one copy, and the flowers."))
    decks: int = Field(default=4, ge=1, le=8, description=NP_(
        "variant parameter", "Copies of the chess cards (the flowers have their own count)."))
    players: Players = Field(default_factory=_four, description=NP_("variant parameter", "Number of players allowed."))
    hand_size: int = Field(default=20, ge=1, le=40, description=NP_("variant parameter", "Cards dealt to each player."))
    groups: dict[str, MeldKind] = Field(
        default_factory=_groups,
        description=NP_("variant parameter",
                        "The legal groups, as the kernel's meld kinds; a winning hand is split into these."))
    points: dict[str, int] = Field(
        default_factory=_points,
        description=NP_("variant parameter",
                        "What each kind of group scores in the winner's hand (a kind not named scores 0)."))
    claim_anyone: tuple[str, ...] = Field(
        default=("triple", "quad"),
        description=NP_("variant parameter",
                        "Groups any player may make with a public card (the highest claims after a win)."))
    claim_next: tuple[str, ...] = Field(
        default=("one-colour", "soldiers", "four-soldiers"),
        description=NP_("variant parameter",
                        "Groups the player after the card's owner may also make with it (by default the "
                        "one-colour group and three or four Soldiers)."))
    claim_never: tuple[str, ...] = Field(
        default=("pair",),
        description=NP_("variant parameter",
                        "Groups no claim may make with a public card unless it completes a winning hand."))
    keep: tuple[str, ...] = Field(
        default=("G", FLOWER),
        description=NP_("variant parameter",
                        "Character or extra-card codes that may never be discarded (Generals and flowers)."))
    unclaimed_draw: Literal["discard", "next-draw"] = Field(
        default="discard",
        description=NP_("variant parameter",
                        "A drawn card nobody takes: counts as the drawer's discard, offered again (seed 001), "
                        "or is set aside at once and the next player draws."))
    dealer: Literal["random", "first-seat"] = Field(
        default="random", description=NP_(
            "variant parameter", "Who deals and draws the first public card: a random player, or seat 1."))

    @field_validator("game")
    @classmethod
    def _ours(cls, value: str) -> str:
        if value != NAME:
            raise failed("", "wrong-game", "this schema is for the game si-se-pai, not {game}", game=value)
        return value

    @model_validator(mode="after")
    def _consistent(self) -> "SiSePaiVariant":
        if not self.groups:
            raise failed("groups", "no-meld-kinds", "a variant needs at least one kind of group")
        for key in ("points", "claim_anyone", "claim_next", "claim_never"):
            unknown = next((k for k in getattr(self, key) if k not in self.groups), None)
            if unknown is not None:
                raise failed(key, "unknown-group", "no group kind {kind} in groups", kind=unknown[:40])
        codes = {r.code for r in self.deck.ranks} | {e.code for e in self.deck.extras}
        unknown = next((c for c in self.keep if c not in codes), None)
        if unknown is not None:
            raise failed("keep", "unknown-rank", "no character or extra card {code} in the deck", code=unknown[:8])
        needed = self.players.max * self.hand_size + 1
        if needed > self.card_count:
            raise failed("hand_size", "too-few-cards-to-deal",
                         "{cards} cards cannot deal {hand} cards to {players} players", cards=self.card_count,
                         hand=self.hand_size, players=self.players.max, needed=needed)
        return self

    def check(self, cards: tuple[Card, ...] | list[Card]) -> MeldCheck:
        """Is ``cards`` one legal group, and of which kind (``machiavelli meld check``)?"""
        return check(cards, self.groups, deck=self.deck)

    def arrange(self, cards: tuple[Card, ...] | list[Card]) -> tuple[Card, ...]:
        """The cards as a player lays them out: by colour, then character."""
        return tuple(sorted(cards, key=self.deck.sort_key))

    def code_of(self, rank: int, suit: str) -> str:
        """The character's code of a card, or an extra card's own code."""
        return suit if rank == 0 else self.deck.rank_code(rank)

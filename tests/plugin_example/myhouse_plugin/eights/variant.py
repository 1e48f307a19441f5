"""The rules of Eights that house rules may change: a schema on top of the
kernel's base (frozen, unknown keys refused), each parameter described
for ``machiavelli variants options`` and for the rules text."""

from __future__ import annotations

from pydantic import ConfigDict, Field, field_validator, model_validator

from machiavelli.core.checks import failed
from machiavelli.core.i18n import NP_
from machiavelli.core.variant import Players, Variant

NAME = "eights"


def _players() -> Players:
    return Players(min=2, max=5)


class EightsVariant(Variant):
    """A resolved rule set of Eights: one French deck, match the pile's top
    card by suit or rank, wild cards, drawing."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    game: str = Field(default=NAME, min_length=1, max_length=64, pattern=r"^[a-z0-9][a-z0-9_.-]*$",
                      description=NP_("variant parameter", "The game this is a variant of."))
    decks: int = Field(default=1, ge=1, le=2, description=NP_("variant parameter",
                                                              "Copies of the deck shuffled together."))
    players: Players = Field(default_factory=_players, description=NP_("variant parameter",
                                                                       "Number of players allowed."))
    hand_size: int = Field(default=5, ge=1, le=15, description=NP_("variant parameter",
                                                                   "Cards dealt to each player."))
    wild_rank: str | None = Field(default="8", description=NP_(
        "variant parameter", "The rank that may be played on any card (null: no wild cards)."))
    draw_when_able: bool = Field(default=False, description=NP_(
        "variant parameter", "A player who could play may draw instead."))

    @field_validator("game")
    @classmethod
    def _eights(cls, value: str) -> str:
        if value != NAME:
            raise failed("", "wrong-game", "this schema is for the game eights, not {game}", game=value)
        return value

    @model_validator(mode="after")
    def _consistent(self) -> "EightsVariant":
        if self.wild_rank is not None and self.wild_rank not in {r.code for r in self.deck.ranks}:
            raise failed("wild_rank", "unknown-rank", "no rank {code} in the deck", code=self.wild_rank)
        needed = self.players.max * self.hand_size + 1
        if needed > self.card_count:
            raise failed("hand_size", "too-few-cards-to-deal",
                         "{cards} cards cannot deal {hand} cards to {players} players", cards=self.card_count,
                         hand=self.hand_size, players=self.players.max, needed=needed)
        return self

    def wild(self, rank: int) -> bool:
        """Whether a card of ``rank`` is wild."""
        return self.wild_rank is not None and self.deck.rank_code(rank) == self.wild_rank

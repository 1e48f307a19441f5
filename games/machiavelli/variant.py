"""Machiavelli's rules on top of the kernel's meld-game schema: every rule
on which the sources disagree is a parameter here (type, default, allowed
values and description in one place). Defaults are Board Game Arena's."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, field_validator, model_validator

from machiavelli.core.checks import failed
from machiavelli.core.i18n import NP_
from machiavelli.core.variant import MeldVariant

#: Most cards a hand may be dealt.
MAX_HAND = 200


class MachiavelliVariant(MeldVariant):
    """A fully resolved Machiavelli rule set."""

    jokers: Literal[0] = Field(default=0,
        description=NP_("variant parameter", "Jokers per deck (reserved: no variant uses them yet)."))
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
                        "table, by restoring or by undoing back and drawing.")
    )
    draw_count: int = Field(
        default=1, ge=0, le=10,
        description=NP_("variant parameter", "Cards drawn by a player who ends a turn without playing.")
    )
    help_cards: int = Field(default=0, ge=0, le=16,
        description=NP_("variant parameter", "Cards laid face up that anyone may meld with."))
    help_cards_refill: bool = Field(
        default=True, description=NP_("variant parameter", "A help card that was used is replaced from the deck.")
    )
    deck_runs_out: Literal["on-last-card", "on-failed-draw"] = Field(
        default="on-last-card",
        description=NP_("variant parameter", "When the game ends for lack of cards: as soon as the last card is drawn, "
            "or only when a player must draw and cannot."),
    )
    deck_out_winners: Literal["fewest-cards", "fewest-points"] = Field(
        default="fewest-cards",
        description=NP_("variant parameter", "Who wins when the deck runs out: fewest cards (ties share the win) "
                        "or fewest points."),
    )

    @field_validator("hand_size")
    @classmethod
    def _hand_size_positive(cls, value: int | dict[int, int]) -> int | dict[int, int]:
        sizes = value.values() if isinstance(value, dict) else [value]
        if any(not 1 <= s <= MAX_HAND for s in sizes):
            raise failed("", "hand-size-range", "a hand has from 1 to {max} cards", max=MAX_HAND)
        return value

    @model_validator(mode="after")
    def _consistent(self) -> "MachiavelliVariant":
        if isinstance(self.hand_size, dict):
            missing = [n for n in range(self.players.min, self.players.max + 1) if n not in self.hand_size]
            if missing:
                raise failed("hand_size", "hand-sizes-missing", "gives no number for {missing} players",
                             missing=", ".join(map(str, missing)))
        for n in range(self.players.min, self.players.max + 1):
            needed = n * self.hand_size_for(n) + self.help_cards
            if needed > self.card_count:
                values = dict(cards=self.card_count, players=n, hand=self.hand_size_for(n), needed=needed,
                              help=self.help_cards)
                if self.help_cards:
                    raise failed("hand_size", "too-few-cards-with-help",
                                 "{cards} cards cannot deal {hand} cards to {players} players and {help} help "
                                 "cards", **values)
                raise failed("hand_size", "too-few-cards-to-deal",
                             "{cards} cards cannot deal {hand} cards to {players} players", **values)
        return self

    def hand_size_for(self, players: int) -> int:
        if isinstance(self.hand_size, dict):
            return self.hand_size[players]
        return self.hand_size

"""The kernel's base seat view: public facts alike for every game, the seat's own hand only."""

from __future__ import annotations

import pytest

from machiavelli.core.cards import Card
from machiavelli.core.errors import IllegalAction
from machiavelli.core.game import Outcome
from machiavelli.core.present import reason_text
from machiavelli.core.view import SeatWindow


class _Game:
    variant = None

    def __init__(self) -> None:
        self.players = 3
        self.outcome: Outcome | None = None
        self.hands = [(Card(1, "H"),), (Card(2, "S"), Card(3, "S")), ()]
        self.moving: tuple[int, ...] = (1,)
        self.turn_number = 4

    def to_move(self) -> tuple[int, ...]:
        return self.moving

    def hand(self, seat: int) -> tuple[Card, ...]:
        return self.hands[seat]

    def hand_size(self, seat: int) -> int:
        return len(self.hands[seat])


def test_a_window_shows_its_own_hand_and_only_the_sizes_of_others() -> None:
    game = _Game()
    view = SeatWindow(game, 1)
    assert view.hand == (Card(2, "S"), Card(3, "S"))
    assert view.hand_sizes == (1, 2, 0)
    assert (view.players, view.turn, view.my_turn) == (3, 4, True)
    assert not SeatWindow(game, 0).my_turn


def test_a_window_reads_the_game_live() -> None:
    game = _Game()
    view = SeatWindow(game, 0)
    game.hands[0] = ()
    game.moving = (0, 2)  # several seats may act (a claim)
    game.turn_number = 5
    assert view.hand == () and view.my_turn and view.turn == 5


@pytest.mark.parametrize("seat", [-1, 3])
def test_no_window_on_a_seat_the_game_lacks(seat: int) -> None:
    with pytest.raises(ValueError):
        SeatWindow(_Game(), seat)


def test_a_window_cannot_be_given_other_attributes() -> None:
    with pytest.raises(AttributeError):
        SeatWindow(_Game(), 0).other_hand = ()  # type: ignore[attr-defined]


def test_a_reason_fills_its_template_and_unknown_codes_give_none() -> None:
    reasons = {"card-not-in-hand": "{card} is not in your hand.", "bad": "No such card: {token}"}
    assert reason_text(reasons, "test reason", IllegalAction("card-not-in-hand", card="5C")) == "5C is not in your hand."
    assert reason_text(reasons, "test reason", IllegalAction("bad")) == "No such card: "
    assert reason_text(reasons, "test reason", IllegalAction("something-else", card="5C")) is None

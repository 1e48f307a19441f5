"""A computer player that never plays: it draws every turn."""

from machiavelli.games.machiavelli.actions import DRAW


class Patient:
    game = "machiavelli"

    def __init__(self, seed: int) -> None:
        self.seed = seed

    def choose(self, view):
        return DRAW

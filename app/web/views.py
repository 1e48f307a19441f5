"""Which JSON a seat gets: the view a game registered here
(:data:`.seat_json.BUILDERS`, Machiavelli's), or the table a game declares
through its presentation (:mod:`.declared`)."""

from __future__ import annotations

from typing import Any

from .declared import declared, declared_view
from machiavelli.games.machiavelli.present.seat_json import BUILDERS


def can_show(game: str) -> bool:
    """Whether the page can show ``game``."""
    return game in BUILDERS or declared(game) is not None


def seat_json(view: Any, seats: list[Any], order: str, links: dict[str, str],
              faces: str = "") -> dict[str, Any] | None:
    """The JSON of ``view``'s seat, or None when its game has no web view;
    ``faces``: a way of drawing cards the game offers (see :mod:`.declared`)."""
    builder = BUILDERS.get(view.variant.game)
    if builder is None:
        return declared_view(view, seats, order, links, faces)
    return builder(view, seats, order, links)

"""Which JSON a seat gets: the table its game declares through its
presentation (:mod:`.declared`), the same for every game."""

from __future__ import annotations

from typing import Any

from .declared import declared, declared_view


def can_show(game: str) -> bool:
    """Whether the page can show ``game``."""
    return declared(game) is not None


def seat_json(view: Any, seats: list[Any], order: str, links: dict[str, str],
              faces: str = "") -> dict[str, Any] | None:
    """The JSON of ``view``'s seat, or None when its game declares no table;
    ``order``: how the seat sorts its hand ("" for the game's usual order);
    ``faces``: a way of drawing cards the game offers (see :mod:`.declared`)."""
    present = declared(view.variant.game)
    if present is None:
        return None
    if present.orders is not None and order not in present.orders.names:
        order = present.orders.names[0]
    return declared_view(view, seats, order, links, faces)

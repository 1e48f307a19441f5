"""What a watch link shows: the public part of every seat's view, made from
the seats' own views so that it holds nothing some seat does not see.

A value is kept only where every seat's view holds the same value at the
same place (objects key by key; lists whole, or, for a list of objects
with a ``key`` or a meld's ``number``, object by object). The players' list is the one exception:
each seat is described as every other seat sees it (its card count, its
name), since a seat's own view names it apart."""

from __future__ import annotations

from typing import Any

#: The seat number of a watch link's page (no seat).
WATCHER = -1
_MISSING = object()


def common(values: list[Any]) -> Any:
    """The part of ``values`` (JSON data) that all of them share; ``_MISSING`` for none."""
    first = values[0]
    if all(isinstance(v, dict) for v in values):
        out = {}
        for key in first:
            if all(key in v for v in values):
                shared = common([v[key] for v in values])
                if shared is not _MISSING:
                    out[key] = shared
        return out
    key = _keyed(values) if all(isinstance(v, list) for v in values) else None
    if key is not None:
        found = []
        for item in first:
            same = [next((x for x in v if x[key] == item[key]), None) for v in values]
            if all(x is not None for x in same):
                found.append(common(same))
        return found
    return first if all(v == first for v in values) else _MISSING


def _keyed(values: list[list[Any]]) -> str | None:
    """What names each object of these lists: an area's ``key``, a meld's ``number`` (the
    same meld for every seat; its marks, such as changed since the seat's turn, differ)."""
    for key, kind in (("key", str), ("number", int)):
        if all(isinstance(x, dict) and isinstance(x.get(key), kind) for v in values for x in v):
            return key
    return None


def public_view(views: list[dict[str, Any]]) -> dict[str, Any]:
    """The spectator's view made from ``views``, every seat's own, seat by seat."""
    out = common(views)
    assert isinstance(out, dict)
    players = []
    for seat in range(len(views)):
        seen = [next((o for o in v.get("others", []) if o.get("seat") == seat), None)
                for k, v in enumerate(views) if k != seat]
        if seen and all(isinstance(o, dict) for o in seen):
            players.append(common(seen))
    out["players"] = players
    out["watching"] = True
    return out

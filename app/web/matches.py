"""Matches at the web table and every game's score table once it is over.

A match is several deals scored to an end, as the terminal's ``play --deals
N`` and ``--target POINTS``: the score sheet, each deal's seed and the next
dealer come from :mod:`machiavelli.app.match`. Each deal is a table of its
own, which keeps the match's plan in its settings (``match``: ``deals``,
``target``, the first deal's ``seed``, the ``earlier`` deals' ids, and the
``next`` deal's id once it is dealt). The sheet is worked out again from the
deals' games, never kept.

Who deals the next deal: any person at the table, once the deal is over,
made once whoever asks first (as a rematch). A match then never waits for
its starter, and each seat is given its own link to the next deal in its
view (``scores.next``); the watch link is given the next deal's watch link.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import TYPE_CHECKING, Any

from machiavelli.core.i18n import N_, _, format_list, ngettext
from machiavelli.core.present import player_name

from .. import match
from .requests import WebError

if TYPE_CHECKING:
    from .tables import Table, Tables

#: The highest target of points, as ``play --target`` allows.
MAX_TARGET = 100_000
#: Each finished deal's points by game id: a finished game does not change.
_ROWS: OrderedDict[str, tuple[int, ...]] = OrderedDict()
_ROWS_HELD = 2000


def plays_matches(variant: Any) -> bool:
    """Whether deals of this variant's game make a match (its screens say so, as at the terminal)."""
    from io import StringIO

    from rich.console import Console

    from ..presented import presentation_of
    from ..screen import screen_of

    return bool(screen_of(presentation_of(variant.game), Console(file=StringIO())).matches)


def asked_plan(data: dict[str, Any], variant: Any) -> dict[str, Any] | None:
    """The match a new game's request asks for (``deals``, ``target``), checked; None for one game."""
    deals, target = data.get("deals"), data.get("target")
    if deals is None and target is None:
        return None
    for value, high in ((deals, match.MAX_DEALS), (target, MAX_TARGET)):
        if value is not None and (not isinstance(value, int) or isinstance(value, bool) or not 1 <= value <= high):
            # TRANSLATORS: The web table, an answer to the browser; {deals} and {points} are numbers.
            raise WebError(400, N_("A match is a number of deals from 1 to {deals}, or a target from 1 to {points} "
                                   "points."), deals=match.MAX_DEALS, points=MAX_TARGET)
    if not plays_matches(variant):
        # TRANSLATORS: The web table, an answer to the browser; {game} is a game's name (cicera).
        raise WebError(400, N_("{game} is played one deal at a time: it has no matches."), game=variant.game)
    return {"deals": deals, "target": target}


def first_deal(plan: dict[str, Any], table: Table) -> dict[str, Any]:
    """The match settings of its first deal, ``table``."""
    return {**plan, "seed": table.game.seed, "earlier": [], "next": None}


def next_plan(table: Table) -> tuple[dict[str, Any], int, int]:
    """The next deal's match settings, seed and dealer."""
    plan = dict(table.match or {})
    earlier = [*plan.get("earlier", []), table.id]
    seed = match.deal_seed(int(plan.get("seed", table.game.seed)), len(earlier))
    return {**plan, "earlier": earlier, "next": None}, seed, match.next_dealer(table.game)


def sheet(tables: Tables, table: Table) -> match.Sheet:
    """The match's score sheet up to ``table`` (its deal counted once over)."""
    from .tables import TableError

    scoring = getattr(table.variant, "scoring", "winner-only")
    out = match.Sheet(scoring, table.game.players)
    for game_id in (table.match or {}).get("earlier", []):
        row = _ROWS.get(game_id)
        if row is None:
            try:
                earlier = tables.get(game_id).game
            except TableError:  # forgotten since (kept 30 days): the match goes on without its points
                continue
            if earlier.outcome is None:
                continue
            out.add(earlier)
            row = _ROWS[game_id] = out.deals.pop()
            while len(_ROWS) > _ROWS_HELD:
                _ROWS.popitem(last=False)
        out.deals.append(row)
    if table.game.outcome is not None:
        out.add(table.game)
    return out


def over(table: Table, drawn: match.Sheet) -> bool:
    """Whether the match ends with this deal (always, for one game)."""
    plan = table.match
    return plan is None or (table.game.outcome is not None and drawn.over(plan.get("deals"), plan.get("target")))


def scores(tables: Tables, table: Table, next_link: dict[str, Any] | None) -> dict[str, Any] | None:
    """What a view shows of the scores (in the current language): during a match,
    its heading; once the deal is over, the score table (each seat's points
    deal by deal and its total), and for a match whether it is over and who
    won, or the next deal's link (``next_link``, made for the seat asking)."""
    if table.game.outcome is None and table.match is None:
        return None
    names = [s.name for s in table.seats]
    drawn = sheet(tables, table)
    plan = table.match or {}
    out: dict[str, Any] = {"match": table.match is not None, "deal": len(plan.get("earlier", [])) + 1}
    if table.match is not None:
        totals = drawn.totals()
        listed = ", ".join(f"{player_name(s, names)} {totals[s]}" for s in range(drawn.players))
        if plan.get("deals") is not None:
            out["heading"] = _("Deal {deal} of {deals}. Score: {scores}", deal=out["deal"], deals=plan["deals"],
                               scores=listed)
        else:
            out["heading"] = _("Deal {deal}, to {target} points. Score: {scores}", deal=out["deal"],
                               target=plan["target"], scores=listed)
    if table.game.outcome is None:
        return out
    out.update(names=[player_name(s, names) for s in range(drawn.players)], deals=[list(d) for d in drawn.deals],
               totals=list(drawn.totals()), higher_wins=drawn.higher_wins)
    if table.match is None:
        return out
    out["over"] = over(table, drawn)
    if out["over"]:
        leaders = drawn.leaders()
        out["end"] = [ngettext("The match is over after {n} deal.", "The match is over after {n} deals.",
                               len(drawn.deals)),
                      ngettext("Winner: {players}, with a total of {points}.",
                               "Joint winners: {players}, with a total of {points}.", len(leaders),
                               players=format_list(player_name(s, names) for s in leaders),
                               points=drawn.totals()[leaders[0]])]
    elif next_link is not None:
        out["next"] = next_link
    return out


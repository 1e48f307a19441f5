"""Cicera's table for a graphical page (``Presentation.table``): the loose
table cards (where a hand card is played), each team's pile and points, the
card left for a picada, the last play and its bonuses, the hand, and the
result; every move open to the seat with the cards it takes."""

from __future__ import annotations

from typing import Any

from machiavelli.core.i18n import _, format_list, pgettext
from machiavelli.core.present import Area, Move, Style, TableView

from .glossary import show
from .present import _team_name, award_text, team_line, describe_action, narrate, result_text


def table(view: Any, style: Style) -> TableView:
    areas = [_loose_cards(view, style)]
    for t, seats in enumerate(view.teams):
        line = team_line(_team_name(seats, style), len(view.pile(t)), view.totals[t])
        mine = view.seat in seats
        # TRANSLATORS: heading of a team's capture pile on the web table.
        label = pgettext("cicera table", "Your team") if mine else pgettext("cicera table", "Opponents")
        areas.append(Area(key=f"team-{t}", kind="team", label=label, lines=(line,), seats=tuple(seats), mine=mine))
    if view.log:
        last = (narrate(view.log[-1], view.variant, style),)
    else:
        last = (pgettext("cicera table", "No card played yet."),)
    areas.append(Area(key="last", kind="text", label=pgettext("cicera table", "Last play"), lines=last))
    areas.append(Area(key="hand", kind="hand", label=_("Your hand"), cards=view.hand))
    if view.outcome is not None:
        areas.append(Area(key="result", kind="result", label=_("Result"), lines=tuple(_result(view, style))))
    moves = tuple(Move(action=a, card=a.card, takes=tuple(a.take), text=describe_action(a, view, style))
                  for a in view.legal_actions())
    return TableView(areas=tuple(areas), moves=moves)


def _loose_cards(view: Any, style: Style) -> Area:
    lines: tuple[str, ...] = ()
    marked: tuple[Any, ...] = ()
    mark = ""
    if view.left is not None and view.outcome is None:
        previous = (view.current - 1) % view.players
        mark = pgettext("cicera table", "{player} just left {card}: take it with a card of its rank for a picada.",
                        player=style.names[previous], card=show(view.left, view.variant.deck, style.symbols))
        marked, lines = (view.left,), (mark,)
    elif not view.table:
        lines = (pgettext("cicera table", "The table is empty."),)
    return Area(key="table", kind="cards", label=pgettext("cicera table", "Table"), cards=view.table,
                lines=lines, marked=marked, mark=mark, target=view.outcome is None)


def _result(view: Any, style: Style) -> list[str]:
    lines = [result_text(view.outcome, style)]
    for t, seats in enumerate(view.teams):
        awards = [a for a in view.awards if a.team == t]
        lines.append(team_line(_team_name(seats, style), len(view.pile(t)), view.totals[t], final=True))
        if awards:
            lines.append(pgettext("cicera table", "Awards: {list}", list=format_list(
                [f"{award_text(a, view.variant)} +{a.points}" for a in awards])))
        lines.append(pgettext("cicera table", "Capture bonuses: {n}", n=view.bonus_points[t]))
    return lines

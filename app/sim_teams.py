"""The figures of a simulation of a game of teams (Cicera), or of seats
playing alone that score points (Sì Sè Pái: one-seat teams): each team's
win share with its 95% Wilson interval, drawn deals, points per deal, the
distribution of the winners' points, and how often each counted event
(capture bonuses, awards, claims) happens per deal.

JSON, one entry per variant (``variants`` of the simulation document)::

    {"variant": "cicera", "games": 400,
     "teams": [{"team": 1, "seats": [0, 2], "players": ["partner", "partner"],
                "wins": SHARE, "points": MEAN}, ...],
     "drawn": SHARE, "point_difference": MEAN,   # team 1 minus team 2
     "winning_points": {"POINTS": SHARE, ...},   # of the deals won
     "per_deal": {"scopa": MEAN, "picada": MEAN, ...},
     "parameters": {...}}
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from machiavelli.core.i18n import N_, _, format_list
from machiavelli.core.simulate import GameSummary

from .sim_figures import _mean, _share

COUNT_LABELS = {
    # TRANSLATORS: Simulate's report for games of teams (Cicera) or of points (Sì Sè Pái).
    "captures": N_("Captures per deal"),
    "left": N_("Cards left on the table per deal"),
    "scopa": N_("Scopa bonuses per deal"),
    "picada": N_("Picada bonuses per deal"),
    "simile": N_("Simile bonuses per deal"),
    "quartet": N_("Quartet bonuses per deal"),
    "leftover-claimed": N_("Deals whose last cards went to a team"),
    "award-most-cards": N_("Most-cards awards given per deal"),
    "award-most-suit": N_("Suit-majority awards given per deal"),
    "award-special": N_("Card awards given per deal"),
    # TRANSLATORS: Simulate's report for games of teams (Cicera) or of points (Sì Sè Pái).
    "award-napola": N_("Napolas per deal"),
    "claims": N_("Public cards claimed per deal"),
    "set-aside": N_("Cards nobody took per deal"),
}


def figures(name: str, games: Sequence[GameSummary], seats: Sequence[str],
            parameters: dict[str, Any] | None = None) -> dict[str, Any]:
    n = len(games)
    teams = games[0].teams if games else ()
    out: dict[str, Any] = {"variant": name, "games": n, "teams": []}
    for t, team_seats in enumerate(teams):
        wins = sum(1 for g in games if g.reason != "drawn-deal" and set(team_seats) <= set(g.winners))
        out["teams"].append({"team": t + 1, "seats": list(team_seats), "players": [seats[s] for s in team_seats],
                             "wins": _share(wins, n), "points": _mean([g.points[t] for g in games])})
    out["drawn"] = _share(sum(1 for g in games if g.reason == "drawn-deal"), n)
    won = [max(g.points) for g in games if g.reason != "drawn-deal" and g.winners and g.points]
    out["winning_points"] = {str(p): _share(won.count(p), len(won)) for p in sorted(set(won))}
    if len(teams) >= 2:
        out["point_difference"] = _mean([g.points[0] - g.points[1] for g in games])
    names = list(dict.fromkeys(k for g in games for k, _v in g.counts))
    out["per_deal"] = {k: _mean([g.count(k) for g in games]) for k in names}
    if parameters is not None:
        out["parameters"] = parameters
    return out


def report(runs: Sequence[tuple[str, Sequence[GameSummary]]], seats: Sequence[str],
           parameters: Callable[[str], dict[str, Any]] | None = None) -> dict[str, Any]:
    return {"variants": [figures(name, games, seats, parameters(name) if parameters else None)
                         for name, games in runs]}


def print_report(report: dict[str, Any], pct: Callable[[Any], str], dec: Callable[[Any], str],
                 interval: Callable[[str, str], str], label: Callable[[str], str] = str,
                 count_label: Callable[[str], str | None] | None = None) -> None:
    """The figures as tables; ``label`` names a seat's player (its code in
    the JSON), ``count_label`` a game's own counts (None: not its own)."""
    from rich.console import Console
    from rich.table import Table as RichTable

    from machiavelli.core import i18n

    console = Console(soft_wrap=False)
    if not console.is_terminal:
        console = Console(soft_wrap=False, width=160)
    for fig in report["variants"]:
        table = RichTable(_("Figure"), _("Value"), _("95% interval"), box=None, pad_edge=False, title_justify="left",
                          title=i18n.ngettext("{variant}: {n} game", "{variant}: {n} games", fig["games"],
                                              variant=fig["variant"]))
        alone = all(len(team["seats"]) == 1 for team in fig["teams"])
        for team in fig["teams"]:
            # TRANSLATORS: Simulate's report for games of teams (Cicera) or of points (Sì Sè Pái); {seat} is
            # seat numbers with their players, {player} is a kind of computer player (greedy).
            who = format_list([_("{seat} ({player})", seat=i18n.format_number(s + 1), player=label(p))
                               for s, p in zip(team["seats"], team["players"])])
            w, p = team["wins"], team["points"]
            if alone:  # seats playing alone: name the seat
                # TRANSLATORS: simulate's report for seats playing alone (Sì Sè Pái); {seat} is a seat's number
                # with its player ("1 (greedy)").
                wins = _("Wins: seat {seat}", seat=who)
                # TRANSLATORS: simulate's report for seats playing alone (Sì Sè Pái); {n} is a seat's number.
                points = _("Points: seat {n}", n=team["seats"][0] + 1)
            else:
                # TRANSLATORS: simulate's report for teams (Cicera); {n} is the team's number, {seats} its seats'
                # numbers with their players, listed ("1 (greedy) and 3 (greedy)").
                wins = _("Wins: team {n}, seats {seats}", n=team["team"], seats=who)
                # TRANSLATORS: simulate's report for teams (Cicera); {n} is the team's number.
                points = _("Points: team {n}", n=team["team"])
            table.add_row(wins, pct(w["share"]), interval(pct(w["low"]), pct(w["high"])))
            table.add_row(points, dec(p["mean"]), interval(dec(p["low"]), dec(p["high"])))
        d = fig["drawn"]
        # TRANSLATORS: Simulate's report for games of teams (Cicera) or of points (Sì Sè Pái).
        table.add_row(_("Drawn deals"), pct(d["share"]), interval(pct(d["low"]), pct(d["high"])))
        for points, share in fig.get("winning_points", {}).items():
            # TRANSLATORS: Simulate's report for games of teams (Cicera) or of points (Sì Sè Pái); {n} is a
            # number.
            table.add_row(_("Won with {n} points", n=points), pct(share["share"]),
                          interval(pct(share["low"]), pct(share["high"])))
        for key, m in fig["per_deal"].items():
            if key.startswith("score-"):  # shown above as the distribution of winning points
                continue
            own = count_label(key) if count_label is not None else None
            name = own or (_(COUNT_LABELS[key]) if key in COUNT_LABELS else key)
            table.add_row(name, dec(m["mean"]), interval(dec(m["low"]), dec(m["high"])))
        console.print(table)
        console.print()

"""The figures of a simulation of a game of teams (Cicera), or of seats
playing alone that score points (Sì Sè Pái: one-seat teams), beside the
figures every game has (:mod:`.sim_figures`): each team's win share with
its 95% Wilson interval and its points per deal, drawn deals (no team won
alone), and the distribution of the winners' points.

JSON, added to a variant's figures (``variants`` of the simulation
document) when its games have teams::

    {"teams": [{"team": 1, "seats": [0, 2], "players": ["partner", "partner"],
                "wins": SHARE, "points": MEAN}, ...],
     "drawn": SHARE, "point_difference": MEAN,   # team 1 minus team 2
     "winning_points": {"POINTS": SHARE, ...}}   # of the deals won
"""

from __future__ import annotations

from typing import Any, Callable, Sequence

from machiavelli.core import i18n
from machiavelli.core.i18n import _, format_list
from machiavelli.core.simulate import GameSummary

from .stats import mean_entry as _mean, share_entry as _share


def drawn(game: GameSummary) -> bool:
    """Whether no team won alone: nobody won, or the winners are of
    several teams (equal totals)."""
    team_of = {seat: t for t, seats in enumerate(game.teams) for seat in seats}
    return len({team_of.get(w, -1 - w) for w in game.winners}) != 1


def figures(games: Sequence[GameSummary], seats: Sequence[str]) -> dict[str, Any]:
    """The teams' figures of one variant's games."""
    n = len(games)
    teams = games[0].teams if games else ()
    out: dict[str, Any] = {"teams": []}
    for t, team_seats in enumerate(teams):
        wins = sum(1 for g in games if not drawn(g) and set(team_seats) <= set(g.winners))
        out["teams"].append({"team": t + 1, "seats": list(team_seats), "players": [seats[s] for s in team_seats],
                             "wins": _share(wins, n), "points": _mean([g.points[t] for g in games])})
    out["drawn"] = _share(sum(1 for g in games if drawn(g)), n)
    won = [max(g.points) for g in games if not drawn(g) and g.winners and g.points]
    out["winning_points"] = {str(p): _share(won.count(p), len(won)) for p in sorted(set(won))}
    if len(teams) >= 2:
        out["point_difference"] = _mean([g.points[0] - g.points[1] for g in games])
    return out


def alone(fig: dict[str, Any]) -> bool:
    """Whether every team of a variant's figures is one seat playing alone."""
    return all(len(team["seats"]) == 1 for team in fig["teams"])


def team_labels(team: dict[str, Any], single: bool,
                label: Callable[[str], str] | None = str) -> tuple[str, str]:
    """The labels of a team's wins and points (``label`` names a seat's
    player; None: the seats' numbers alone, for a row whose columns have
    other players, such as --robust's)."""
    if label is None:
        who = format_list([i18n.format_number(s + 1) for s in team["seats"]])
    else:
        # TRANSLATORS: Simulate's report for games of teams (Cicera) or of points (Sì Sè Pái); {seat} is
        # seat numbers with their players, {player} is a kind of computer player (greedy).
        who = format_list([_("{seat} ({player})", seat=i18n.format_number(s + 1), player=label(p))
                           for s, p in zip(team["seats"], team["players"])])
    if single:  # seats playing alone: name the seat
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
    return wins, points


def rows(fig: dict[str, Any], pct: Callable[[Any], str], dec: Callable[[Any], str],
         interval: Callable[[str, str], str], label: Callable[[str], str] = str) -> list[tuple[str, str, str]]:
    """(label, value, 95% interval) of the teams' figures of one variant;
    ``label`` names a seat's player (its code in the JSON)."""
    out = []
    single = alone(fig)
    for team in fig["teams"]:
        wins, points = team_labels(team, single, label)
        w, p = team["wins"], team["points"]
        out.append((wins, pct(w["share"]), interval(pct(w["low"]), pct(w["high"]))))
        out.append((points, dec(p["mean"]), interval(dec(p["low"]), dec(p["high"]))))
    d = fig["drawn"]
    # TRANSLATORS: Simulate's report for games of teams (Cicera) or of points (Sì Sè Pái).
    out.append((_("Drawn deals"), pct(d["share"]), interval(pct(d["low"]), pct(d["high"]))))
    for points, share in fig.get("winning_points", {}).items():
        # TRANSLATORS: Simulate's report for games of teams (Cicera) or of points (Sì Sè Pái); {n} is a
        # number.
        out.append((_("Won with {n} points", n=points), pct(share["share"]),
                    interval(pct(share["low"]), pct(share["high"]))))
    return out

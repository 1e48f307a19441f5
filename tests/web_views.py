"""What the web application tells a seat, as the conformance kit reads it:
the page's JSON (an observer) and the server's per-seat version (a stream)."""

from __future__ import annotations

from machiavelli.core.records import Seat


def web_page(view):
    """What the browser gets for the seat (the application's JSON): held to the same checks as the view."""
    from machiavelli.app.web.views import seat_json

    seats = [Seat("random", f"Player {s + 1}") for s in range(view.players)]
    return seat_json(view, seats, "suit", {})


def web_version(seat):
    """The version the web server gives the seat's views (app/web/server.py,
    ``Server.view_json``), counted from its first: it may move on only
    with what the seat sees, and so must move alike in two games the seat
    cannot tell apart."""
    from types import SimpleNamespace

    from machiavelli.app.web.server import Server
    from machiavelli.app.web.tables import Table, Tables

    server = Server(Tables(save=False), "en", pause=0)
    first: list[int] = []

    def version(view):
        game = SimpleNamespace(view=lambda _seat: view, variant=view.variant)
        seats = [Seat("random", f"Player {s + 1}") for s in range(view.players)]
        table = Table(id="observed", game=game, seats=seats, tokens=["t"] * view.players, lang="en")
        number = server.view_json(table, seat, "en")["version"]
        first[:] = first or [number]
        return number - first[0]

    return version

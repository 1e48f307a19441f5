"""``machiavelli serve``: the table in a web browser (the ``web`` extra)."""

from __future__ import annotations

import ipaddress
import socket
from typing import Annotated, Optional

import typer

from .. import display
from ..options import fail, handles_errors
from machiavelli.core.i18n import N_, _


def register(app: typer.Typer) -> None:
    app.command("serve", help=N_(
        "Play in a web browser: a table on this computer for you against computer players, or with friends "
        "who open their own links. Games are saved as they go and can be continued from the start page."))(serve)


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable from this computer only."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


@handles_errors
def serve(
    host: Annotated[str, typer.Option("--host", help=N_("Address to listen on (default: this computer only)."))] = "127.0.0.1",
    port: Annotated[int, typer.Option("--port", help=N_("Port to listen on."))] = 8000,
    variant_name: Annotated[Optional[str], typer.Option(
        "--variant", "-V", help=N_("The variant chosen first on the start page (default: bga)."))] = None,
    lang: display.LangOpt = None,
    open_browser: Annotated[bool, typer.Option("--open", help=N_("Open the start page in the web browser."))] = False,
    pause: Annotated[float, typer.Option("--pause", help=N_(
        "Seconds the computer players wait before each of their moves, so that people can follow."))] = 0.6,
    header_timeout: Annotated[Optional[float], typer.Option("--header-timeout", help=N_(
        "Seconds a browser may take to send a request's headers (default 10, or MACHIAVELLI_HEADER_TIMEOUT)."))] = None,
    idle_timeout: Annotated[Optional[float], typer.Option("--idle-timeout", help=N_(
        "Seconds an open connection may wait for its next request (default 5, or MACHIAVELLI_IDLE_TIMEOUT)."))] = None,
    max_connections: Annotated[Optional[int], typer.Option("--max-connections", help=N_(
        "Most open connections; past it the oldest idle one is closed (default 1000, or "
        "MACHIAVELLI_MAX_CONNECTIONS)."))] = None,
    sockets_per_seat: Annotated[Optional[int], typer.Option("--sockets-per-seat", help=N_(
        "Most open pages of one seat; past it the oldest is closed (default 8, or MACHIAVELLI_SOCKETS_PER_SEAT)."))] = None,
    max_cost: Annotated[Optional[int], typer.Option("--max-cost", help=N_(
        "Most a new game may ask of the computer players: cards x seats x level (default 5000, or "
        "MACHIAVELLI_MAX_COST)."))] = None,
    move_budget: Annotated[Optional[float], typer.Option("--move-budget", help=N_(
        "Seconds a computer player may think about one move before it plays a simpler one (default 5, or "
        "MACHIAVELLI_MOVE_BUDGET)."))] = None,
    computer_workers: Annotated[Optional[int], typer.Option("--computer-workers", help=N_(
        "Computer players thinking at the same time, one per game at most (default 2, or "
        "MACHIAVELLI_COMPUTER_WORKERS)."))] = None,
) -> None:
    """Start the web table (help text: see :func:`register`)."""
    if lang is not None:
        display.apply(lang)
    try:
        import uvicorn

        from ..web.server import create_app
    except ImportError:
        raise fail(_("The web table needs the web extra: pip install \"machiavelli-variants[web]\"")) from None
    from machiavelli.core import i18n

    from .. import library

    if not 0 < port < 65536:
        # TRANSLATORS: Serve, in the terminal that starts the web table; {name} is what was typed.
        raise fail(_("--port must be a number from 1 to 65535, not {name}", name=port))
    if not 0 <= pause <= 60:
        # TRANSLATORS: serve, a mistake in its options; {name} is what was typed.
        raise fail(_("--pause must be a number of seconds from 0 to 60, not {name}", name=pause))
    from ..web.limits import Limits, config

    try:
        limits = Limits.from_env(header_timeout=header_timeout, idle_timeout=idle_timeout,
                                 connections=max_connections, sockets_per_seat=sockets_per_seat, max_cost=max_cost,
                                 move_budget=move_budget, workers=computer_workers)
    except ValueError as exc:
        named = str(exc)
        options = {"connections": "--max-connections", "workers": "--computer-workers"}
        shown_name = named if named.isupper() else options.get(named, "--" + named.replace("_", "-"))
        # TRANSLATORS: serve, a mistake in its options or settings; {name} is an option's or a setting's name.
        raise fail(_("{name} must be a number above 0.", name=shown_name)) from None
    variant = library.load_variant(variant_name or "bga")  # a bad --variant is said now, not in the page
    from ..web.store import StoreError
    from ..web.tables import Keeping, TableError

    try:
        keeping = Keeping.from_env()
    except TableError as exc:
        # TRANSLATORS: serve, a mistake in the environment; {name} is a variable's name, {value} what it holds,
        # {low} and {high} are numbers.
        raise fail(_("{name} must be a number from {low} to {high}, not {value}", **exc.params)) from None
    try:
        app = create_app(lang=i18n.language(), default_variant=variant.name, local=is_loopback(host), pause=pause,
                         limits=limits, keeping=keeping)
    except StoreError:
        # TRANSLATORS: serve, when the web table's games cannot be opened (no file name: see the log).
        raise fail(_("The web table cannot open its saved games (is the disk full or the data folder "
                     "not writable?)")) from None
    shown = f"[{host}]" if ":" in host else host
    address = f"http://{shown}:{port}/"
    # Listen before saying the table is open: a port in use or an unknown host is said in words, not by uvicorn.
    try:
        listening = socket.create_server((host.strip("[]"), port),
                                         family=socket.AF_INET6 if ":" in host else socket.AF_INET)
    except OSError as exc:
        # TRANSLATORS: An error message of the serve command; {address} is host:port, {reason} the system's reason.
        raise fail(_("Cannot listen on {address}: {reason}", address=address,
                     reason=exc.strerror or str(exc))) from None
    if not is_loopback(host):
        # TRANSLATORS: Serve, in the terminal that starts the web table; {host} is a host address.
        typer.echo(_("Warning: listening on {host}: anyone who can reach this computer on the network can open "
                     "the start page and start games. Seats stay private to their links.", host=host), err=True)
    # TRANSLATORS: Serve, in the terminal that starts the web table; {address} is a web address.
    typer.echo(_("The table is open at {address} (Ctrl-C stops the server; games are saved).", address=address))
    if open_browser:
        import webbrowser

        webbrowser.open(address)
    uvicorn.Server(config(app, limits, log_level="warning")).run(sockets=[listening])

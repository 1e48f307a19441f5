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
    variant = library.load_variant(variant_name or "bga")  # a bad --variant is said now, not in the page
    from ..web.store import StoreError
    from ..web.tables import Limits, TableError

    try:
        limits = Limits.from_env()
    except TableError as exc:
        # TRANSLATORS: serve, a mistake in the environment; {name} is a variable's name, {value} what it holds,
        # {low} and {high} are numbers.
        raise fail(_("{name} must be a number from {low} to {high}, not {value}", **exc.params)) from None
    try:
        app = create_app(lang=i18n.language(), default_variant=variant.name, local=is_loopback(host), pause=pause,
                         limits=limits)
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
    uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[listening])

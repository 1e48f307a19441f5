"""The clocks' part of the pages: the start page's choice of a clock and
the words of the table's clocks (``static/clocks.js`` draws both)."""

from __future__ import annotations

import html

from machiavelli.core.i18n import _

from .clocks import MAX_INCREMENT, MAX_SECONDS, MIN_SECONDS


def clock_choice() -> str:
    """The start page's clock: none, a time per move, or a bank per player (with its increment)."""
    e = html.escape
    return (
        # TRANSLATORS: The web start page: the choice of a clock for the game.
        '<fieldset id="clock-choice"><legend>' + e(_("Clock")) + "</legend>"
        + '<label>' + e(_("Clock")) + ' <select id="clock-kind">'
        # TRANSLATORS: The web start page: a game without a clock.
        + '<option value="">' + e(_("No clock")) + "</option>"
        # TRANSLATORS: The web start page: every move has the same number of seconds.
        + '<option value="move">' + e(_("A time for each move")) + "</option>"
        # TRANSLATORS: The web start page: each player has one bank of seconds for the whole game (as in chess).
        + '<option value="game">' + e(_("A bank of time for each player's whole game")) + "</option>"
        + "</select></label> "
        # TRANSLATORS: The web start page: the clock's number of seconds.
        + '<label class="clock-detail">' + e(_("Seconds")) + f' <input type="number" id="clock-seconds" '
        f'min="{MIN_SECONDS}" max="{MAX_SECONDS}" step="1" value="60"></label> '
        # TRANSLATORS: The web start page: seconds given back to a player after each of their moves.
        + '<label class="clock-detail clock-bank">' + e(_("Seconds added after each move"))
        + f' <input type="number" id="clock-increment" min="0" max="{MAX_INCREMENT}" step="1" value="0"></label>'
        # TRANSLATORS: The web start page, under the choice of a clock.
        + '<p class="note clock-detail">' + e(_("When a player's time runs out, a computer player makes that "
                                                 "move for them, and the table says so.")) + "</p>"
        + "</fieldset>\n"
    )


def clock_words() -> dict[str, str]:
    """The words of the table's clocks."""
    return {
        # TRANSLATORS: The web table: the title of the players' clocks.
        "clocks": _("Clocks"),
        # TRANSLATORS: The web table, a clock; {name} is a player's name, {time} a time left (1:05).
        "clock_of": _("{name}: {time}"),
        # TRANSLATORS: The web table: said of the clock that is running (that player's move).
        "clock_running": _("running"),
        # TRANSLATORS: The web table: the time left for every answer given unseen (Sì Sè Pái); {time} is 0:25.
        "answer_time": _("Time to answer: {time}"),
        # TRANSLATORS: The web table, a warning to the player; {time} is a time left (0:09).
        "low_time": _("Little time left: {time}"),
        # TRANSLATORS: The web table: the game's clock; {time} is a time (1:00).
        "clock_move": _("Clock: {time} for each move"),
        # TRANSLATORS: The web table: the game's clock; {time} is a time (10:00), {n} a number of seconds.
        "clock_game": _("Clock: {time} for each player's whole game, {n} s added after each move"),
    }

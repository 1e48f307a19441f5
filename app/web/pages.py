"""The HTML of the start page and the table page, in one language.

Pages are small shells: the server writes every piece of text into them in
the request's language (``<html lang dir>`` included; the browser lays
Arabic out right to left by itself), with the words the scripts need as a
JSON block. Everything is escaped: variant texts and names are strangers' data.
"""

from __future__ import annotations

import html
import json
from typing import Any

from machiavelli.core.i18n import _

from ..catalogs import native_name
from .speaking import direction, languages


def _json_block(element_id: str, data: Any) -> str:
    # "</" cannot close the script element from inside the JSON.
    text = json.dumps(data, ensure_ascii=False).replace("</", "<\\/")
    return f'<script type="application/json" id="{element_id}">{text}</script>'


def _language_options(current: str) -> str:
    out = []
    for code in languages():
        selected = " selected" if code == current else ""
        out.append(f'<option value="{html.escape(code)}" lang="{html.escape(code)}"{selected}>'
                   f"{html.escape(native_name(code))}</option>")
    return "".join(out)


def _head(lang: str, title: str) -> str:
    return (f'<!DOCTYPE html>\n<html lang="{html.escape(lang)}" dir="{direction(lang)}">\n<head>\n'
            '<meta charset="utf-8">\n<meta name="viewport" content="width=device-width, initial-scale=1">\n'
            f"<title>{html.escape(title)}</title>\n"
            '<link rel="icon" href="data:,">\n<link rel="stylesheet" href="/static/table.css">\n</head>\n')


def _settings(lang: str) -> str:
    """Language, contrast and deck colours: the same on both pages."""
    return (
        '<div class="settings" role="group" aria-label="{group}">'
        '<label>{language} <select id="language" name="lang">{options}</select></label>'
        '<label><input type="checkbox" id="four-colour"> {four}</label>'
        '<label><input type="checkbox" id="contrast"> {contrast}</label>'
        "</div>"
    ).format(group=html.escape(_("Settings")), language=html.escape(_("Language")),
             options=_language_options(lang), four=html.escape(_("Four-colour deck")),
             contrast=html.escape(_("High contrast")))


def start_page(lang: str, data: dict[str, Any]) -> str:
    """Choose the variant, the language and the seats; see the rules; resume a game."""
    title = _("Machiavelli: a table in the browser")
    words = {
        "you": _("You"), "friend": _("A friend (own link)"), "computer": _("Computer: {level}"),
        "seat": _("Seat {n}"), "start": _("Start the game"), "links": _("Send each friend their own link:"),
        "open": _("Open your seat"), "rules": _("Rules of {variant}"), "resume": _("Continue"),
        "no_games": _("No saved games yet."), "over": _("over"), "turn": _("turn {n}"),
        "not_playable": _("not playable in the browser yet"), "copy": _("Copy"),
        "seat_link": _("Link of seat {n}"), "players": _("Players"),
        "name": _("Name (optional)"), "error": _("The server did not answer: {detail}"),
        "mine": _("your seat"),
        # TRANSLATORS: next to a seat on the start page, for games played in teams.
        "team": _("team {n}"),
    }
    return (
        _head(lang, title)
        + '<body class="start">\n<header><h1>' + html.escape(title) + "</h1>" + _settings(lang) + "</header>\n"
        + '<main>\n<form id="new-game" aria-labelledby="new-title">\n'
        + '<h2 id="new-title">' + html.escape(_("New game")) + "</h2>\n"
        + '<label>' + html.escape(_("Variant")) + ' <select id="variant" name="variant"></select></label>\n'
        + '<p id="variant-description"></p>\n'
        + '<label>' + html.escape(_("Players")) + ' <select id="player-count" name="players"></select></label>\n'
        + '<fieldset id="seats"><legend>' + html.escape(_("Who sits where")) + "</legend></fieldset>\n"
        + '<p><button type="submit" id="start">' + html.escape(_("Start the game")) + "</button></p>\n"
        + '<p role="alert" id="start-error" class="error"></p>\n'
        + '<section id="created" hidden aria-live="polite"></section>\n'
        + "</form>\n"
        + '<section id="rules-section" aria-labelledby="rules-title"><h2 id="rules-title">'
        + html.escape(_("Rules")) + "</h2>"
        + '<iframe id="rules" title="' + html.escape(_("Rules of the chosen variant")) + '"></iframe></section>\n'
        + '<section id="saved" aria-labelledby="saved-title"><h2 id="saved-title">'
        + html.escape(_("Saved games")) + '</h2><ul id="saved-list"></ul></section>\n'
        + "</main>\n"
        + _json_block("words", words) + "\n" + _json_block("data", data) + "\n"
        + '<script src="/static/common.js"></script>\n<script src="/static/start.js"></script>\n'
        + "</body>\n</html>\n"
    )


def table_page(lang: str, game_id: str, token: str, variant: str, commands: list[str] | None = None) -> str:
    """The table of one seat: drawn by the script from the seat's JSON view.
    ``commands``: the game's own command help, for a game that declares its
    table (Machiavelli's commands otherwise)."""
    title = _("Machiavelli: {variant}", variant=variant)
    words = {
        "new_meld": _("New meld"), "play_new": _("Lay down the new meld"),
        "clear": _("Put back"), "put_here": _("Put the selected cards here"), "invalid": _("Not valid: {reason}"), "moved": _("moved this turn"),
        "changed": _("changed since your turn"), "drawn": _("You drew: {cards}"),
        "your_turn": _("Your turn."), "waiting": _("{player} is playing."),
        "since": _("Since your last turn"), "nothing_since": _("Nothing yet."),
        "selected": _("selected"), "split": _("Split before the selected card"),
        "take_meld": _("Take the whole meld"), "command": _("Command"),
        "send": _("Send"), "result": _("Result"), "record": _("Download the record"),
        "final_hands": _("Hands at the end"), "hint": _("Hint"), "help": _("Help"),
        "selection": _("Selected: {cards}"), "none_selected": _("No card selected."),
        "drop_here": _("Drop cards here"), "connection_lost": _("Connection lost: reconnecting…"),
        "new_card": _("just drawn"), "help_mark": _("help card"),
        "taken_mark": _("taken: must go back"), "start_page": _("Start page"),
        "order": _("Order of the hand"), "rules": _("Rules"), "others": _("Players"),
        "deck": _("Deck"),
        # TRANSLATORS: the web table lists the moves the engine allows for the card put down.
        "choose": _("Several moves fit: choose one."), "cancel": _("Cancel"),
        # TRANSLATORS: marks the player's partner (same team) in the list of players.
        "partner": _("your partner"),
        "put_card": _("Play the selected card here"),
        # TRANSLATORS: label of the choice of how cards are drawn (letters, Chinese characters...).
        "faces": _("Cards shown as"),
        "keyboard_note": _("Type the same commands as at the terminal: play 5♣ 6♣ 7♣, add 2 5♠, take 3, "
                          "move 5♣ 1 2, split 4 7♥, join 1 2, undo, restore, draw, end, hint, sort, help."),
        "keys_note": _("Tab goes from card to card, Space selects one; Alt with an arrow key moves a card of "
                       "your hand; Escape clears the selection."),
    }
    if commands is not None:
        words["keyboard_note"] = " ".join(commands)
        words["keys_note"] = _("Tab goes from card to card, Space selects one; Escape clears the selection.")
    config = {"id": game_id, "token": token, "lang": lang}
    return (
        _head(lang, title)
        + '<body class="table-page">\n<header><h1>' + html.escape(title) + "</h1>"
        + '<nav><a href="/?lang=' + html.escape(lang) + '">' + html.escape(_("Start page")) + "</a> "
        + '<a id="rules-link" target="_blank" rel="noopener" href="/rules?variant=' + html.escape(variant)
        + "&amp;lang=" + html.escape(lang) + '">' + html.escape(_("Rules")) + "</a></nav>"
        + _settings(lang) + "</header>\n"
        + '<main id="table-main">\n'
        + '<section id="status" aria-live="polite"></section>\n'
        + '<section id="others" aria-label="' + html.escape(_("Players")) + '"></section>\n'
        + '<section id="table" aria-label="' + html.escape(_("Table")) + '"></section>\n'
        + '<section id="extras"></section>\n'
        + '<section id="hand-area" aria-label="' + html.escape(_("Your hand")) + '"></section>\n'
        + '<section id="controls" aria-label="' + html.escape(_("Actions")) + '"></section>\n'
        + '<form id="command-form"><label for="command">' + html.escape(_("Command")) + "</label> "
        + '<input id="command" name="command" autocomplete="off" spellcheck="false" '
        + 'aria-describedby="keyboard-note"> <button type="submit">' + html.escape(_("Send")) + "</button>"
        + '<p id="keyboard-note" class="note">' + html.escape(words["keyboard_note"]) + " "
        + html.escape(words["keys_note"]) + "</p></form>\n"
        + '<section id="messages" role="status" aria-live="polite"></section>\n'
        + '<section id="since" aria-label="' + html.escape(_("Since your last turn")) + '"></section>\n'
        + '<section id="result" hidden></section>\n'
        + "</main>\n"
        + _json_block("words", words) + "\n" + _json_block("config", config) + "\n"
        + '<script src="/static/common.js"></script>\n<script src="/static/areas.js"></script>\n<script src="/static/table.js"></script>\n'
        + "</body>\n</html>\n"
    )


def error_page(lang: str, status: int, reason: str) -> str:
    return (_head(lang, reason) + '<body><main><h1>' + html.escape(reason) + "</h1>"
            + '<p><a href="/?lang=' + html.escape(lang) + '">' + html.escape(_("Start page")) + "</a></p>"
            + "</main></body></html>\n")

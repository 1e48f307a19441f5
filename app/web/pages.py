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
from urllib.parse import urlencode

from machiavelli.core import i18n
from machiavelli.core.i18n import _

from ..catalogs import native_name
from .speaking import direction, languages


def _json_block(element_id: str, data: Any) -> str:
    # No "<" at all inside the element: neither "</script" nor "<!--<script" (which
    # makes the HTML parser run past the real end) can come from a variant's text.
    text = json.dumps(data, ensure_ascii=False).replace("<", "\\u003c")
    return f'<script type="application/json" id="{element_id}">{text}</script>'


def _language_options(current: str) -> str:
    out = []
    for code in languages():
        selected = " selected" if code == current else ""
        out.append(f'<option value="{html.escape(code)}" lang="{html.escape(i18n.language_tag(code))}"{selected}>'
                   f"{html.escape(native_name(code))}</option>")
    return "".join(out)


def _head(lang: str, title: str) -> str:
    return (f'<!DOCTYPE html>\n<html lang="{html.escape(i18n.language_tag(lang))}" dir="{direction(lang)}">\n<head>\n'
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
    # TRANSLATORS: The web table's pages in the browser.
    ).format(group=html.escape(_("Settings")), language=html.escape(_("Language")),
             # TRANSLATORS: The web table's pages in the browser.
             options=_language_options(lang), four=html.escape(_("Four-colour deck")),
             # TRANSLATORS: The web table's pages in the browser.
             contrast=html.escape(_("High contrast")))


def start_page(lang: str, data: dict[str, Any]) -> str:
    """Choose the variant, the language and the seats; see the rules; resume a game."""
    title = _("Machiavelli: a table in the browser")
    words = {
        # TRANSLATORS: the web table's pages in the browser (you).
        "you": _("You"),
        "friend": _("A friend (own link)"),
        # TRANSLATORS: the web table's pages in the browser (computer); {level} is a kind of computer
        # player.
        "computer": _("Computer: {level}"),
        # TRANSLATORS: the web table's pages in the browser (seat); {n} is a number.
        "seat": _("Seat {n}"),
        # TRANSLATORS: the web table's pages in the browser (start).
        "start": _("Start the game"),
        "links": _("Send each friend their own link:"),
        # TRANSLATORS: the web table's pages in the browser (open).
        "open": _("Open your seat"),
        # TRANSLATORS: the web table's pages in the browser (rules); {variant} is a variant's name (bga).
        "rules": _("Rules of {variant}"),
        # TRANSLATORS: the web table's pages in the browser (resume).
        "resume": _("Continue"),
        "no_games": _("No saved games yet."),
        # TRANSLATORS: the web table's pages in the browser (over).
        "over": _("over"),
        # TRANSLATORS: the web table's pages in the browser (turn); {n} is a number.
        "turn": _("turn {n}"),
        "not_playable": _("not playable in the browser yet"),
        # TRANSLATORS: the web table's pages in the browser (copy).
        "copy": _("Copy"),
        # TRANSLATORS: the web table's pages in the browser (seat_link); {n} is a number.
        "seat_link": _("Link of seat {n}"),
        # TRANSLATORS: the web table's pages in the browser (players).
        "players": _("Players"),
        # TRANSLATORS: the web table's pages in the browser (name).
        "name": _("Name (optional)"),
        # TRANSLATORS: the web table's pages in the browser (error); {detail} is what went wrong.
        "error": _("The server did not answer: {detail}"),
        # TRANSLATORS: The web table's pages in the browser.
        "mine": _("your seat"),
        # TRANSLATORS: next to a seat on the start page, for games played in teams.
        "team": _("team {n}"),
    }
    return (
        _head(lang, title)
        + '<body class="start">\n<header><h1>' + html.escape(title) + "</h1>" + _settings(lang) + "</header>\n"
        + '<main>\n<form id="new-game" aria-labelledby="new-title">\n'
        # TRANSLATORS: The web table's pages in the browser.
        + '<h2 id="new-title">' + html.escape(_("New game")) + "</h2>\n"
        + '<label>' + html.escape(_("Variant")) + ' <select id="variant" name="variant"></select></label>\n'
        + '<p id="variant-description"></p>\n'
        + '<label>' + html.escape(_("Players")) + ' <select id="player-count" name="players"></select></label>\n'
        # TRANSLATORS: The web table's pages in the browser.
        + '<fieldset id="seats"><legend>' + html.escape(_("Who sits where")) + "</legend></fieldset>\n"
        + '<p><button type="submit" id="start">' + html.escape(_("Start the game")) + "</button></p>\n"
        + '<p role="alert" id="start-error" class="error"></p>\n'
        + '<section id="created" hidden aria-live="polite"></section>\n'
        + "</form>\n"
        + '<section id="rules-section" aria-labelledby="rules-title"><h2 id="rules-title">'
        # TRANSLATORS: The web table's pages in the browser.
        + html.escape(_("Rules")) + "</h2>"
        + '<iframe id="rules" title="' + html.escape(_("Rules of the chosen variant")) + '"></iframe></section>\n'
        + '<section id="saved" aria-labelledby="saved-title"><h2 id="saved-title">'
        # TRANSLATORS: The web table's pages in the browser.
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
    # TRANSLATORS: The web table's pages in the browser; {variant} is a variant's name (bga).
    title = _("Machiavelli: {variant}", variant=variant)
    words = {
        # TRANSLATORS: the web table's pages in the browser (new_meld).
        "new_meld": _("New meld"),
        "play_new": _("Lay down the new meld"),
        # TRANSLATORS: the web table's pages in the browser (clear).
        "clear": _("Put back"),
        "put_here": _("Put the selected cards here"),
        # TRANSLATORS: the web table's pages in the browser (invalid); {reason} is why, a clause without a
        # capital.
        "invalid": _("Not valid: {reason}"),
        # TRANSLATORS: the web table's pages in the browser (moved).
        "moved": _("moved this turn"),
        "changed": _("changed since your turn"),
        # TRANSLATORS: the web table's pages in the browser (drawn); {cards} is cards as shown at the
        # table (5♣ 6♣ 7♣).
        "drawn": _("You drew: {cards}"),
        # TRANSLATORS: the web table's pages in the browser (your_turn).
        "your_turn": _("Your turn."),
        # TRANSLATORS: the web table's pages in the browser (waiting); {player} is a player's name (Player
        # 2).
        "waiting": _("{player} is playing."),
        "since": _("Since your last turn"),
        # TRANSLATORS: the web table's pages in the browser (nothing_since).
        "nothing_since": _("Nothing yet."),
        # TRANSLATORS: the web table's pages in the browser (selected).
        "selected": _("selected"),
        "split": _("Split before the selected card"),
        "take_meld": _("Take the whole meld"),
        # TRANSLATORS: the web table's pages in the browser (command).
        "command": _("Command"),
        # TRANSLATORS: the web table's pages in the browser (send).
        "send": _("Send"),
        # TRANSLATORS: the web table's pages in the browser (result).
        "result": _("Result"),
        # TRANSLATORS: the web table's pages in the browser (record).
        "record": _("Download the record"),
        "final_hands": _("Hands at the end"),
        # TRANSLATORS: the web table's pages in the browser (hint).
        "hint": _("Hint"),
        # TRANSLATORS: the web table's pages in the browser (help).
        "help": _("Help"),
        # TRANSLATORS: the web table's pages in the browser (selection); {cards} is cards as shown at the
        # table (5♣ 6♣ 7♣).
        "selection": _("Selected: {cards}"),
        # TRANSLATORS: the web table's pages in the browser (none_selected).
        "none_selected": _("No card selected."),
        # TRANSLATORS: the web table's pages in the browser (drop_here).
        "drop_here": _("Drop cards here"),
        # TRANSLATORS: the web table's pages in the browser (connection_lost).
        "connection_lost": _("Connection lost: reconnecting…"),
        # TRANSLATORS: the web table's pages in the browser (new_card).
        "new_card": _("just drawn"),
        # TRANSLATORS: the web table's pages in the browser (help_mark).
        "help_mark": _("help card"),
        "taken_mark": _("taken: must go back"),
        # TRANSLATORS: the web table's pages in the browser (start_page).
        "start_page": _("Start page"),
        "order": _("Order of the hand"),
        # TRANSLATORS: the web table's pages in the browser (rules).
        "rules": _("Rules"),
        # TRANSLATORS: the web table's pages in the browser (others).
        "others": _("Players"),
        # TRANSLATORS: The web table's pages in the browser.
        "deck": _("Deck"),
        # TRANSLATORS: the web table lists the moves the engine allows for the card put down.
        "choose": _("Several moves fit: choose one."),
        # TRANSLATORS: the web table's pages in the browser (cancel).
        "cancel": _("Cancel"),
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
    words.update(_seat_link_words())
    if commands is not None:
        words["keyboard_note"] = " ".join(commands)
        words["keys_note"] = _("Tab goes from card to card, Space selects one; Escape clears the selection.")
    config = {"id": game_id, "token": token, "lang": lang}
    return (
        _head(lang, title)
        + '<body class="table-page">\n<header><h1>' + html.escape(title) + "</h1>"
        + '<nav><a href="/?lang=' + html.escape(lang) + '">' + html.escape(_("Start page")) + "</a> "
        + '<a id="rules-link" target="_blank" rel="noopener" href="' + html.escape(rules_link(game_id, token, lang))
        + '">' + html.escape(_("Rules")) + "</a></nav>"
        + _settings(lang) + "</header>\n"
        + '<main id="table-main">\n'
        + '<section id="status" aria-live="polite"></section>\n'
        + '<section id="others" aria-label="' + html.escape(_("Players")) + '"></section>\n'
        # TRANSLATORS: The web table's pages in the browser.
        + '<section id="table" aria-label="' + html.escape(_("Table")) + '"></section>\n'
        + '<section id="extras"></section>\n'
        # TRANSLATORS: The web table's pages in the browser.
        + '<section id="hand-area" aria-label="' + html.escape(_("Your hand")) + '"></section>\n'
        # TRANSLATORS: The web table's pages in the browser.
        + '<section id="controls" aria-label="' + html.escape(_("Actions")) + '"></section>\n'
        + '<form id="command-form"><label for="command">' + html.escape(_("Command")) + "</label> "
        + '<input id="command" name="command" autocomplete="off" spellcheck="false" '
        + 'aria-describedby="keyboard-note"> <button type="submit">' + html.escape(_("Send")) + "</button>"
        + '<p id="keyboard-note" class="note">' + html.escape(words["keyboard_note"]) + " "
        + html.escape(words["keys_note"]) + "</p></form>\n"
        + '<section id="messages" role="status" aria-live="polite"></section>\n'
        + '<section id="since" aria-label="' + html.escape(_("Since your last turn")) + '"></section>\n'
        + '<section id="result" hidden></section>\n'
        + '<section id="after" hidden></section>\n'
        + '<section id="chat" hidden></section>\n'
        + '<section id="seat-links" hidden></section>\n'
        + "</main>\n"
        + _json_block("words", words) + "\n" + _json_block("config", config) + "\n"
        + '<script src="/static/common.js"></script>\n<script src="/static/areas.js"></script>\n<script src="/static/seats.js"></script>\n<script src="/static/after.js"></script>\n<script src="/static/chat.js"></script>\n<script src="/static/table.js"></script>\n'
        + "</body>\n</html>\n"
    )


def _seat_link_words() -> dict[str, str]:
    """The words of the starter's friends' links (static/seats.js)."""
    return {
        # TRANSLATORS: The web table, the starter's box of the friends' seats.
        "friends_links": _("Friends' links"),
        # TRANSLATORS: The web table, the starter's box of the friends' seats.
        "reissue_note": _("If a link reached the wrong person, give that seat a new one: the old link stops "
                          "working at once."),
        # TRANSLATORS: The web table, a button; {name} is a player's name.
        "reissue": _("New link for {name}"),
        # TRANSLATORS: The web table, after a seat was given a new link.
        "new_link_given": _("The old link no longer works. Send this one:"),
        # TRANSLATORS: The web table, the label of a link's box; {name} is a player's name.
        "seat_link": _("Link of {name}"),
        # TRANSLATORS: The web table's pages in the browser (copy).
        "copy": _("Copy"),
        "link_withdrawn": _("This link is not valid for any game here."),
        # TRANSLATORS: The web table, a button once the game is over.
        "ask_rematch": _("Ask for a rematch"),
        # TRANSLATORS: The web table, a link to the rematch (the same players, a new deal).
        "play_rematch": _("Play the rematch"),
        # TRANSLATORS: The web table, the title of the seats' chat.
        "chat": _("Chat"),
        # TRANSLATORS: The web table, the label of the chat's line to send.
        "chat_line": _("A line for the table"),
    }


def rules_link(game_id: str, token: str, lang: str) -> str:
    """The rules of one game's own variant: a house rule (``bga(hand_size=9)``)
    is not the variant it is named after, so the link names the game, not the variant."""
    return "/rules?" + urlencode({"game": game_id, "token": token, "lang": lang})


def error_page(lang: str, status: int, reason: str) -> str:
    return (_head(lang, reason) + '<body><main><h1>' + html.escape(reason) + "</h1>"
            + '<p><a href="/?lang=' + html.escape(lang) + '">' + html.escape(_("Start page")) + "</a></p>"
            + "</main></body></html>\n")

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

from machiavelli.core.registry import game_title as game_title_of

from ..catalogs import native_name
from .clock_pages import clock_choice, clock_words
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
            '<link rel="icon" href="data:,">\n<link rel="stylesheet" href="/static/table.css">\n'
            '<link rel="stylesheet" href="/static/faces.css">\n<link rel="stylesheet" href="/static/clocks.css">\n'
            '</head>\n')


def _settings(lang: str, four_colour: bool = True) -> str:
    """Language, contrast and deck colours: the same on every page (a tile
    game's table has no four-colour deck to choose)."""
    return (
        '<div class="settings" role="group" aria-label="{group}">'
        '<label>{language} <select id="language" name="lang">{options}</select></label>'
        + ('<label><input type="checkbox" id="four-colour"> {four}</label>' if four_colour else "")
        + '<label><input type="checkbox" id="contrast"> {contrast}</label>'
        '<label class="script-setting">{script} <select id="script"><option value="">{auto}</option>'
        '<option value="traditional">{traditional} (馬 車 將)</option>'
        '<option value="simplified">{simplified} (马 车 将)</option></select></label>'
        "</div>"
    # TRANSLATORS: The web table's pages in the browser.
    ).format(group=html.escape(_("Settings")), language=html.escape(_("Language")),
             # TRANSLATORS: The web table's pages in the browser.
             options=_language_options(lang), four=html.escape(_("Four-colour deck")),
             # TRANSLATORS: The web table's pages in the browser.
             contrast=html.escape(_("High contrast")),
             # TRANSLATORS: the web pages' choice of how the Chinese characters on cards are written.
             script=html.escape(_("Chinese characters on cards")),
             # TRANSLATORS: a choice of the script of the Chinese characters on cards: the one the page's
             # language uses (Simplified for Simplified Chinese, else Traditional, as printed on the cards).
             auto=html.escape(_("As the page's language writes them")),
             # TRANSLATORS: Traditional Chinese characters (as printed on the cards).
             traditional=html.escape(_("Traditional")),
             # TRANSLATORS: Simplified Chinese characters.
             simplified=html.escape(_("Simplified")))


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
        # TRANSLATORS: the start page's title once a variant is chosen; {game} is its game's name (Cicera).
        "title_of": _("{game}: a table in the browser"),
        "games": {v["game"]: game_title_of(v["game"]) for v in data.get("variants", ()) if "game" in v},
        "watch_link": summary_words()["watch_link"],
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
        + clock_choice()
        + _table_rules()
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
        + '<script src="/static/common.js"></script>\n<script src="/static/faces.js"></script>\n'
        + '<script src="/static/clocks.js"></script>\n<script src="/static/rules_start.js"></script>\n<script src="/static/start.js"></script>\n'
        + "</body>\n</html>\n"
    )


def game_title(variant: Any, lang: str) -> str:
    """A table's title: its game's name and, when it says more, its variant's
    (``Machiavelli: Jokers``; ``Sì Sè Pái`` alone), in the user's language."""
    from machiavelli.core.present import variant_title

    game, title = game_title_of(variant.game), variant_title(variant, lang)
    if title.casefold() in (game.casefold(), variant.game.casefold()):
        return game
    if getattr(variant, "game_name", None) == "title":
        return title  # a game of the family with a name of its own (Rummikub), as its rules are titled
    # TRANSLATORS: a table's page title; {game} is a game's name (Machiavelli), {variant} a variant's (Jokers).
    return _("{game}: {variant}", game=game, variant=title)


def _table_rules() -> str:
    """The start page's choices of the table's rules: one game or a match, and the chat (static/rules_start.js)."""
    return (
        # TRANSLATORS: The web table's start page: the group of the table's own rules (match, chat).
        '<fieldset id="table-rules"><legend>' + html.escape(_("At the table")) + "</legend>\n"
        # TRANSLATORS: The web table's start page: the label of the choice of one game or a match.
        + '<p id="match-choice"><label>' + html.escape(_("Play")) + ' <select id="match-kind">'
        # TRANSLATORS: The web table's start page: a choice of what to play.
        + '<option value="">' + html.escape(_("one game")) + "</option>"
        # TRANSLATORS: The web table's start page: a choice of what to play (the number is chosen beside it).
        + '<option value="deals">' + html.escape(_("a match of a number of deals")) + "</option>"
        # TRANSLATORS: The web table's start page: a choice of what to play (the points are chosen beside it).
        + '<option value="target">' + html.escape(_("a match to a number of points")) + "</option>"
        + "</select></label> "
        # TRANSLATORS: The web table's start page: the number of deals, or of points, of a match.
        + '<label id="match-size-label" hidden>' + html.escape(_("How many")) + ' <input id="match-size" '
        + 'type="number" min="1" max="100000" value="3" inputmode="numeric"></label></p>\n'
        # TRANSLATORS: The web table's start page: a checkbox; unticked, the table has no chat.
        + '<p><label><input type="checkbox" id="chat-on" checked> ' + html.escape(_("Chat between the players"))
        + "</label></p>\n</fieldset>\n")


def table_page(lang: str, game_id: str, token: str, variant: str, commands: list[str] | None = None,
               title: str | None = None, *, watching: bool = False, tiles: bool = False) -> str:
    """The table of one seat: drawn by the script from the seat's JSON view.
    ``commands``: the game's own command help, for a game that declares its
    table (Machiavelli's commands otherwise); ``title``: the page's (see
    :func:`game_title`; else the variant's name); ``watching``: the watch
    link's page, the same table read only (no hand, no actions, no chat to send)."""
    if title is None:
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
        # TRANSLATORS: the web table's pages in the browser: a link to the review of the finished game.
        "review": _("Review the game turn by turn"),
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
        "keys_note": _("Tab goes from area to area and the arrow keys from card to card inside one; Space "
                       "selects a card; Alt with an arrow key moves a card of your hand; Escape clears the "
                       "selection."),
    }
    words.update(_seat_link_words())
    words.update(clock_words())
    words.update(summary_words())
    if commands is not None:
        words["keyboard_note"] = " ".join(commands)
        words["keys_note"] = _("Tab goes from area to area and the arrow keys from card to card inside one; "
                               "Space selects a card; Escape clears the selection.")
    config: dict[str, Any] = {"id": game_id, "token": token, "lang": lang}
    if watching:
        config["watching"] = True
        return _watch_page(lang, title, words, config, tiles)
    return (
        _head(lang, title)
        + '<body class="table-page">\n' + _skip_links()
        + '<header><h1>' + html.escape(title) + "</h1>"
        + '<nav><a href="/?lang=' + html.escape(lang) + '">' + html.escape(_("Start page")) + "</a> "
        + '<a id="rules-link" target="_blank" rel="noopener" href="' + html.escape(rules_link(game_id, token, lang))
        + '">' + html.escape(_("Rules")) + "</a></nav>"
        + _settings(lang, four_colour=not tiles) + _signals() + "</header>\n"
        + '<main id="table-main">\n'
        + '<section id="status" aria-live="polite"></section>\n'
        + '<section id="clocks" hidden aria-label="' + html.escape(_("Clocks")) + '"></section>\n'
        + '<section id="others" aria-label="' + html.escape(_("Players")) + '"></section>\n'
        # TRANSLATORS: The web table's pages in the browser.
        + '<section id="table" aria-label="' + html.escape(_("Table")) + '"></section>\n'
        + '<section id="extras"></section>\n'
        # The hand and what acts on it stay on screen at the bottom: the table scrolls above (layout.js).
        + '<div id="dock">'
        + '<p id="turn-banner" role="status" hidden></p>'
        + '<div id="dock-zones" hidden></div>'
        # TRANSLATORS: The web table's pages in the browser.
        + '<section id="hand-area" tabindex="-1" aria-label="' + html.escape(_("Your hand")) + '"></section>\n'
        # TRANSLATORS: The web table's pages in the browser.
        + '<section id="controls" tabindex="-1" aria-label="' + html.escape(_("Actions")) + '"></section>\n'
        + '<section id="messages" role="status" aria-live="polite"></section>\n'
        + "</div>\n"
        + '<form id="command-form"><label for="command">' + html.escape(_("Command")) + "</label> "
        + '<input id="command" name="command" autocomplete="off" spellcheck="false" '
        + 'aria-describedby="keyboard-note"> <button type="submit">' + html.escape(_("Send")) + "</button>"
        + '<p id="keyboard-note" class="note">' + html.escape(words["keyboard_note"]) + " "
        + html.escape(words["keys_note"]) + "</p></form>\n"
        + '<section id="since" aria-label="' + html.escape(_("Since your last turn")) + '"></section>\n'
        + '<section id="result" hidden></section>\n'
        + _summary_box()
        + '<section id="chat" hidden></section>\n'
        + '<section id="seat-links" hidden></section>\n'
        + _log_panel()
        + "</main>\n"
        + _json_block("words", words) + "\n" + _json_block("config", config) + "\n"
        + '<script src="/static/common.js"></script>\n<script src="/static/faces.js"></script>\n<script src="/static/areas.js"></script>\n'
        + '<script src="/static/layout.js"></script>\n<script src="/static/motion.js"></script>\n'
        + '<script src="/static/keys.js"></script>\n<script src="/static/seats.js"></script>\n'
        + '<script src="/static/after.js"></script>\n<script src="/static/chat.js"></script>\n'
        + '<script src="/static/clocks.js"></script>\n<script src="/static/summary.js"></script>\n'
        + '<script src="/static/table.js"></script>\n'
        + "</body>\n</html>\n"
    )


def _summary_box() -> str:
    """The game-over summary (static/summary.js): the score table, the review, the next deal, the rematch (after.js)."""
    return ('<section id="summary" hidden aria-labelledby="summary-title"><div id="summary-body"></div>'
            '<div id="after" hidden></div></section>\n')


def _watch_page(lang: str, title: str, words: dict[str, Any], config: dict[str, Any], tiles: bool) -> str:
    """The watch link's page: the table's areas as every seat sees them, drawn
    by the table's own scripts (table.js reads ``config.watching``), with no
    hand, no actions and a chat that is only read."""
    return (
        _head(lang, title)
        + '<body class="table-page watching">\n'
        + '<header><h1>' + html.escape(title) + "</h1>"
        + '<nav><a href="/?lang=' + html.escape(lang) + '">' + html.escape(_("Start page")) + "</a></nav>"
        + _settings(lang, four_colour=not tiles) + "</header>\n"
        + '<main id="table-main">\n'
        # TRANSLATORS: the watch link's page, under its title.
        + '<p id="watch-note" class="note">' + html.escape(_("You are watching: you see what every player "
                                                              "sees, no hand.")) + "</p>\n"
        + '<section id="status" aria-live="polite"></section>\n'
        + '<section id="clocks" hidden aria-label="' + html.escape(_("Clocks")) + '"></section>\n'
        + '<section id="others" aria-label="' + html.escape(_("Players")) + '"></section>\n'
        + '<section id="table" aria-label="' + html.escape(_("Table")) + '"></section>\n'
        + '<section id="extras"></section>\n'
        # The table script draws into these; a watcher has no hand and no actions: they stay hidden.
        + '<div id="dock" hidden><div id="dock-zones" hidden></div><p id="turn-banner" hidden></p>'
        + '<section id="hand-area" hidden></section><section id="controls" hidden></section>'
        + '<section id="messages" role="status" aria-live="polite"></section></div>\n'
        + '<section id="since" hidden></section>\n'
        + '<section id="result" hidden></section>\n'
        + _summary_box()
        + '<section id="chat" hidden></section>\n'
        + _log_panel()
        + "</main>\n"
        + _json_block("words", words) + "\n" + _json_block("config", config) + "\n"
        + '<script src="/static/common.js"></script>\n<script src="/static/faces.js"></script>\n'
        + '<script src="/static/areas.js"></script>\n<script src="/static/layout.js"></script>\n'
        + '<script src="/static/motion.js"></script>\n<script src="/static/keys.js"></script>\n'
        + '<script src="/static/chat.js"></script>\n<script src="/static/clocks.js"></script>\n'
        + '<script src="/static/summary.js"></script>\n'
        + '<script src="/static/table.js"></script>\n'
        + "</body>\n</html>\n"
    )


def summary_words() -> dict[str, str]:
    """The words of the game-over summary and of the watch link (static/summary.js, seats.js)."""
    return {
        # TRANSLATORS: The web table, the title of the box shown once a game (or a deal of a match) is over.
        "summary": _("Game over"),
        # TRANSLATORS: The web table, the title of the score table.
        "score_table": _("Score table"),
        # TRANSLATORS: The web table, the score table's first column.
        "player": _("Player"),
        # TRANSLATORS: The web table, a column of the score table; {n} is a deal's number.
        "deal_n": _("Deal {n}"),
        # TRANSLATORS: The web table, the score table's last column: the sum of the points.
        "total": _("Total"),
        # TRANSLATORS: The web table, under the score table: the points are penalties.
        "lowest_wins": _("The lowest total wins."),
        # TRANSLATORS: The web table, under the score table.
        "highest_wins": _("The highest total wins."),
        # TRANSLATORS: The web table, a button between two deals of a match.
        "next_deal": _("Deal the next deal"),
        # TRANSLATORS: The web table, a link to the match's next deal, once it is dealt.
        "play_next": _("Play the next deal"),
        # TRANSLATORS: The web table, the watch link's link to the match's next deal.
        "watch_next": _("Watch the next deal"),
        # TRANSLATORS: The web table, the watch link's page between two deals of a match.
        "next_wait": _("The next deal starts when a player deals it."),
        # TRANSLATORS: The web table, a link to the page that steps through the finished game move by move.
        "step_review": _("Step through the game move by move"),
        # TRANSLATORS: The web table, the label of the watch link's box on the starter's page.
        "watch_link": _("Watch link (it sees only what every player sees)"),
    }


def _skip_links() -> str:
    """Links to each area's first Tab stop, before anything else on the page."""
    links = [("hand-area", _("Skip to your hand")), ("table", _("Skip to the table")),
             # TRANSLATORS: a link for keyboard users at the top of the web table's page.
             ("controls", _("Skip to the actions"))]
    # TRANSLATORS: the name of the group of links that skip to a part of the web table's page.
    return ('<nav class="skip-links" aria-label="' + html.escape(_("Skip links")) + '">'
            + "".join(f'<a class="skip-link" href="#{key}">{html.escape(text)}</a>' for key, text in links) + "</nav>\n")


def _signals() -> str:
    """How the page tells the seat its turn has come, besides the banner and the tab's title (off until chosen)."""
    return ('<div class="settings signals" role="group" aria-label="' + html.escape(_("Your turn")) + '">'
            # TRANSLATORS: a setting of the web table: a short sound when the player's turn comes.
            + '<label><input type="checkbox" id="sound"> ' + html.escape(_("Sound on your turn")) + "</label>"
            # TRANSLATORS: a setting of the web table: a system notification when the player's turn comes
            # while the page is in the background.
            + '<label><input type="checkbox" id="notify"> ' + html.escape(_("Notify me when the page is hidden"))
            + "</label></div>")


def _log_panel() -> str:
    """The whole game's log, folded (motion.js fills it from the view's ``log``)."""
    # TRANSLATORS: the title of the panel that lists every move of the game so far.
    return ('<details id="log-panel"><summary>' + html.escape(_("Game log")) + ' <span id="log-count"></span></summary>'
            + '<div id="log-scroll" tabindex="0" role="region" aria-label="' + html.escape(_("Game log")) + '">'
            + '<ol id="log-list"></ol></div></details>\n')


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


def review_page(lang: str, game_id: str, token: str, game: str, *, watching: bool = False) -> str:
    """A finished game turn by turn (``static/review.js`` draws it from
    ``GET /api/games/{id}/review``): each turn's finding marked, the table and
    the hand as the turn began, and the best play's table."""
    # TRANSLATORS: The web table's review page; {variant} is the game's title as its table page is titled
    # (Machiavelli: Jokers, Rummikub).
    title = _("Review of a game of {variant}", variant=game)
    words = {
        # TRANSLATORS: The web table's review page: buttons that step through the turns.
        "previous": _("Previous turn"),
        "next": _("Next turn"),
        # TRANSLATORS: The web table's review page: the table and the hand as the turn began.
        "before": _("The table as the turn began"),
        "hand": _("Hand"),
        # TRANSLATORS: The web table's review page: the table after the best play found.
        "best": _("The table after the best play"),
        # TRANSLATORS: The web table's review page: a filter; "all" means every seat.
        "all_seats": _("Every player"),
        # TRANSLATORS: The web table's review page; {n} is the turn's position in the list, {total} the
        # number of turns listed.
        "position": _("Turn {n} of {total}"),
        # TRANSLATORS: The web table's review page: a turn's mark, the player did the most possible.
        "verdict_best": _("best play"),
        # TRANSLATORS: The web table's review page: a turn's mark, a better play was possible.
        "verdict_missed": _("missed play"),
        # TRANSLATORS: The web table's review page: a turn's mark, the player could have won there.
        "verdict_out-missed": _("win missed"),
        # TRANSLATORS: The web table's review page: a turn's mark, the search took too long to judge it.
        "verdict_gave-up": _("not judged"),
        # TRANSLATORS: The web table's review page: a turn's mark, there was a single possible play.
        "verdict_no-choice": _("no choice"),
        # TRANSLATORS: The web table's review page: while the review is worked out.
        "working": _("Reviewing the game…"),
        # TRANSLATORS: the web table's pages in the browser (error); {detail} is what went wrong.
        "error": _("The server did not answer: {detail}"),
        "empty": _("No turn to review."),
    }
    config = {"id": game_id, "token": token, "lang": lang}
    return (
        _head(lang, title)
        + '<body class="review-page">\n<header><h1>' + html.escape(title) + "</h1>"
        + '<nav><a href="/?lang=' + html.escape(lang) + '">' + html.escape(_("Start page")) + "</a> "
        + '<a href="/' + ("watch" if watching else "play") + "/" + html.escape(game_id) + "?"
        + html.escape(urlencode({"token": token, "lang": lang}))
        + '">' + html.escape(_("Table")) + "</a></nav>"
        + _settings(lang) + "</header>\n"
        + '<main id="review-main">\n'
        + '<p id="review-status" role="status" aria-live="polite">' + html.escape(words["working"]) + "</p>\n"
        + '<p><label>' + html.escape(_("Players")) + ' <select id="review-seat"></select></label></p>\n'
        + '<nav id="review-steps"><button type="button" id="review-previous">' + html.escape(words["previous"])
        + '</button> <span id="review-position"></span> <button type="button" id="review-next">'
        + html.escape(words["next"]) + "</button></nav>\n"
        + '<section id="review-turn" aria-live="polite"></section>\n'
        + '<ol id="review-list"></ol>\n'
        + '<section id="review-summary"></section>\n'
        + "</main>\n"
        + _json_block("words", words) + "\n" + _json_block("config", config) + "\n"
        + '<script src="/static/common.js"></script>\n<script src="/static/review.js"></script>\n'
        + "</body>\n</html>\n"
    )


def watch_link(game_id: str, token: str, lang: str) -> str:
    """The watch link's page of a game."""
    return f"/watch/{game_id}?" + urlencode({"token": token, "lang": lang})


def review_link(game_id: str, token: str, lang: str) -> str:
    """The review page of one seat's finished game."""
    return f"/review/{game_id}?" + urlencode({"token": token, "lang": lang})

"""The JSON of a seat of any game that declares its own table
(``Presentation.table``, see :mod:`machiavelli.core.present`): the page
draws the areas the game names, in the game's words, and offers the moves
the engine lists. Built from the seat's view alone, so no other hand can
reach a browser; the commands are the game's own notation, read back by
the game's ``read_command`` like a line typed at the terminal.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from machiavelli.core.cards import Card
from machiavelli.core.i18n import _, format_number
from machiavelli.core.present import Presentation

from machiavelli.core.present import player_name
from ..presented import presentation_of, style
from machiavelli.core.glossary import describe_cards, isolated
from machiavelli.core.present import MAX_SINCE, count_text, seat_label


def declared(game: str) -> Presentation | None:
    """The presentation of ``game`` when it declares a table for the page."""
    try:
        found = presentation_of(game)
    except Exception:  # noqa: BLE001 - an unknown or broken plugin is simply not playable here
        return None
    return found if found is not None and found.table is not None else None


def declared_view(view: Any, seats: list[Any], order: str, links: dict[str, str],
                  faces: str = "") -> dict[str, Any] | None:
    """The seat's JSON (see the README's API section), or None when the game
    declares no table. ``faces``: the way of drawing cards the user chose
    among those the game offers ("" for the game's usual letters)."""
    present = declared(view.variant.game)
    if present is None or present.table is None:
        return None
    deck = view.variant.deck
    code = deck.card_text
    seat, game = view.seat, view.variant.game
    names = [s.name for s in seats]
    look = replace(style(names), order=order)
    if faces:
        look = replace(look, faces=faces)
    drawn = present.table(view, look)
    choices = drawn.face_choices
    if faces and faces not in {key for key, _label in choices}:
        look = replace(look, faces="")
        drawn = present.table(view, look)
    shown: set[Card] = set(view.hand)
    areas: list[dict[str, Any]] = []
    melds: list[dict[str, Any]] | None = None
    hand = [code(c) for c in view.hand]
    for area in drawn.areas:
        cards = area.cards
        if area.kind == "hand":
            cards = tuple(c for _label, group in area.groups for c in group) if area.groups else (area.cards or view.hand)
            hand = [code(c) for c in cards]
        shown.update(cards)
        shown.update(area.marked)
        for _label, group in area.groups:
            shown.update(group)
        drawn_area = {"key": area.key, "kind": area.kind, "label": area.label, "cards": [code(c) for c in cards],
                      "groups": [{"label": isolated(label, deck), "cards": [code(c) for c in group]}
                                 for label, group in area.groups],
                      "lines": [isolated(line, deck) for line in area.lines],
                      "seats": list(area.seats), "names": [seat_label(s, seats, seat, game) for s in area.seats],
                      "marked": [code(c) for c in area.marked], "mark": isolated(area.mark, deck),
                      "target": area.target, "mine": area.mine}
        if area.kind == "melds":  # its melds are the seat's "table" (as scripts read them), not repeated here
            melds = [_meld(m, code, deck, shown) for m in area.melds]
        if area.prefix:
            drawn_area["prefix"] = area.prefix
        if area.command:
            drawn_area["command"] = area.command
        areas.append(drawn_area)
    teams = {s: a["key"] for a in areas if a["kind"] == "team" for s in a["seats"]}
    mine = teams.get(seat)
    moves = []
    for move in drawn.moves if view.my_turn else ():
        if move.card is not None:
            shown.add(move.card)
        shown.update(move.takes)
        moves.append({"card": None if move.card is None else code(move.card), "takes": [code(c) for c in move.takes],
                      "command": move.action.text(deck), "text": isolated(move.text, deck)})
    others = [{"seat": s, "name": seat_label(s, seats, seat, game), "cards": n, "cards_text": count_text(n),
               "partner": mine is not None and teams.get(s) == mine}
              for s, n in enumerate(view.hand_sizes) if s != seat]
    told = drawn.since if drawn.since is not None else [present.narrate(e, view.variant, look)
                                                        for e in _since(view.log, seat)[-MAX_SINCE:]]
    since = [isolated(line, deck) for line in told]
    log = _log(view.log, present, view.variant, look, deck)
    for other in others:  # what each other seat did last, beside its card count
        other["last"] = next((e["text"] for e in reversed(log) if e["seat"] == other["seat"]), "")
    result = None
    if view.outcome is not None:
        ending = next((a for a in areas if a["kind"] == "result"), None)
        lines: list[str] = ending["lines"] if ending else []
        hands = [{"seat": s, "name": seat_label(s, seats, seat, game), "cards": group["cards"]}
                 for s, group in zip(ending["seats"], ending["groups"])] if ending else []
        result = {"winners": list(view.outcome.winners), "reason": str(view.outcome.reason),
                  "text": lines[0] if lines else "", "lines": lines[1:], "hands": hands, "record": links.get("record")}
        if links.get("review"):  # the review page of a finished game, when the page offers one
            result["review"] = links["review"]
    # The table as scripts read it: a game's numbered melds, or the cards of its area "table".
    found = next((a for a in areas if a["key"] == "table"), None)
    table: list[Any] = melds if melds is not None else (found["cards"] if found else [])
    over = view.outcome is not None
    # Whose move it is: the game's seat, or none when several answer unseen (the game says so in words).
    current = drawn.current if drawn.current is not None or drawn.status else getattr(view, "current", None)
    described = describe_cards(shown, deck)
    for card, face in drawn.faces:
        found = described.get(code(card))
        if found is not None:
            found.update({"text": face.text, "name": face.name})
    if present.face is not None:  # how each card looks, for the page's drawn faces
        for card in shown:
            described[code(card)]["look"] = dict(present.face(card, deck))
    orders = present.orders
    # The buttons as the game declares them (in ``layout``, the same all game long) and their state now.
    buttons = [{"key": b.key, "command": b.command, "label": b.label, **({"needs": b.needs} if b.needs else {})}
               for b in drawn.buttons]
    layout: dict[str, Any] = {"kind": "areas", "areas": [{"key": a["key"], "kind": a["kind"], "label": a["label"]}
                                                         for a in areas], "buttons": buttons}
    if orders is not None:
        layout["orders"] = [{"order": o, "label": orders.word(o)} for o in orders.names]
    data: dict[str, Any] = {
        "game": view.variant.game,
        "variant": view.variant.name,
        "seat": seat,
        "name": seat_label(seat, seats, seat, game),
        "players": view.players,
        "hand": hand,
        "others": others,
        "table": table,
        "turn": view.turn,
        # TRANSLATORS: The web table; {n} is a number.
        "turn_text": _("Turn {n}", n=format_number(view.turn)),
        "to_play": None if over else current,
        "to_play_name": None if over or current is None else seat_label(current, seats, seat, game),
        "status": isolated(drawn.status, deck) if not over else "",
        "my_turn": view.my_turn,
        "since": since,
        "log": log,
        "result": result,
        "areas": areas,
        "moves": moves,
        "cards": described,
        "faces": {"chosen": look.faces if choices else "", "choices": [{"key": k, "label": label} for k, label in choices]},
        "layout": layout,
        "names": [player_name(s, names) for s in range(view.players)],
    }
    if drawn.buttons:
        data["enabled"] = {b.key: b.enabled and not over for b in drawn.buttons}
    if drawn.lines:
        data["lines"] = [{"key": key, "text": isolated(text, deck)} for key, text in drawn.lines]
    if drawn.compose:
        data["compose"] = [{"source": c.source, "target": c.target, "command": c.command, "gather": c.gather}
                           for c in drawn.compose]
    if orders is not None:
        data["order"] = order
    for key, value in drawn.fields.items():
        data.setdefault(key, value)
    return data


def _meld(meld: Any, code: Any, deck: Any, shown: set[Card]) -> dict[str, Any]:
    """A numbered meld with its marks, as scripts read it (the README's API table)."""
    shown.update(meld.cards)
    out: dict[str, Any] = {"number": meld.number, "label": meld.label, "cards": [code(c) for c in meld.cards],
                           "moved": list(meld.moved), "valid": meld.valid, "kind": meld.kind or None,
                           "reason": None if meld.valid else isolated(meld.reason, deck), "changed": meld.changed}
    if meld.note:  # what its jokers stand for
        out["jokers"] = isolated(meld.note, deck)
        out["stands_for"] = [[code(c) for c in combo] for combo in meld.stands_for]
    return out


def _since(log: Any, seat: int) -> list[Any]:
    """The plays of the others since this seat's last one."""
    entries = list(log)
    for k in range(len(entries) - 1, -1, -1):
        if entries[k].seat == seat:
            return entries[k + 1:]
    return entries



#: How much of the whole game's log a view carries (the newest entries).
MAX_LOG = 400


def _log(log: Any, present: Any, variant: Any, look: Any, deck: Any) -> list[dict[str, Any]]:
    """The whole game's public log as this seat reads it, in words: each entry with
    its seat and turn (the seat's own view: nothing another seat holds is named)."""
    entries = list(log)[-MAX_LOG:]
    return [{"seat": e.seat, "turn": getattr(e, "turn", None), "text": isolated(present.narrate(e, variant, look), deck)}
            for e in entries]

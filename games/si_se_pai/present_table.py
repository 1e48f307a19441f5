"""Sì Sè Pái's table for a graphical page (``Presentation.table``): the
public card and who may claim it, the seat's answers (take, win, pass) while
the claim window is open, every seat's open groups and set-aside cards, the
hand by colour, the last events and the result. Each card is drawn with the
letters of the user's language or, when chosen, the Chinese characters
printed on the cards, and named in words for screen readers.

Answers are given at once and unseen: the page is never told who else may
answer nor who has, only that the seat's own answer is in."""

from __future__ import annotations

from typing import Any

from machiavelli.core.cards import Card
from machiavelli.core.i18n import npgettext, pgettext
from machiavelli.core.present import Area, Face, Move, Style, TableView

from .actions import Discard
from .glossary import card_name, colour_name, flower_name, group_name, show
from .present import describe_action, narrate, result_text, rights


def table(view: Any, style: Style) -> TableView:
    v = view.variant
    deck = v.deck
    over = view.outcome is not None
    areas = [_public(view, style)]
    moves: list[Move] = []
    if view.my_turn:
        for action in view.legal_actions():
            card = action.card if isinstance(action, Discard) else None
            moves.append(Move(action=action, card=card, takes=(), text=describe_action(action, view, style)))
    if not over and not view.discarding and view.public is not None:
        areas.append(_answers(view, style))
    for s in range(view.players):
        areas.append(_open(view, s, style))
    last = _last(view, style)
    # TRANSLATORS: heading of the web table's area telling what happened last.
    areas.append(Area(key="last", kind="text", label=pgettext("sisepai table", "Last events"), lines=last))
    # TRANSLATORS: the web table's heading of the seat's concealed hand.
    areas.append(Area(key="hand", kind="hand", label=pgettext("sisepai table", "Your concealed hand"),
                      groups=_by_colour(view.hand, deck), mine=True, seats=(view.seat,)))
    if over:
        areas.append(Area(key="result", kind="result", label=pgettext("sisepai table", "Result"),
                          lines=tuple(_result(view, style))))
    shown = set(view.hand)
    if view.public is not None:
        shown.add(view.public)
    for s in range(view.players):
        shown.update(c for _k, cards in view.open_groups(s) for c in cards)
        shown.update(view.set_aside(s))
    for _k, cards in view.winning_groups if over else ():
        shown.update(cards)
    faces = tuple((c, Face(show(c, deck, style.faces), card_name(c, deck)))
                  for c in sorted(shown, key=deck.sort_key))
    # TRANSLATORS: a way of drawing the four-colour cards on the web table: the language's letters (HY).
    letters = pgettext("sisepai table", "letters")
    # TRANSLATORS: a way of drawing the four-colour cards: the Chinese characters printed on them (馬黃).
    hanzi = pgettext("sisepai table", "Chinese characters")
    return TableView(areas=tuple(areas), moves=tuple(moves), faces=faces,
                     face_choices=(("", letters), ("hanzi", hanzi)),
                     status=_status(view, style), current=_current(view))


def _current(view: Any) -> int | None:
    """The seat to play when one is (after a claim, the claimant discards); None during answers."""
    return None if view.outcome is not None else view.discarder


def _status(view: Any, style: Style) -> str:
    if view.outcome is not None:
        return ""
    if view.discarding:
        return pgettext("sisepai table", "Discard one concealed card (never a General or a flower).")
    if view.discarder is not None:
        return pgettext("sisepai table", "{player} is discarding.", player=style.names[view.discarder])
    if view.my_turn:
        return pgettext("sisepai table", "Answer: take the public card, win with it, or pass. The others answer "
                        "at the same time and nobody sees an answer before all are in.")
    if any(e.seat == view.seat for e in _pending(view)):
        return pgettext("sisepai table", "Your answer is in: waiting for the others'.")
    return pgettext("sisepai table", "Waiting for the answers to the public card.")


def _pending(view: Any) -> tuple[Any, ...]:
    """The seat's own answers since the public card was last decided."""
    out = []
    for entry in reversed(view.log):
        if entry.ends_turn:
            break
        out.append(entry)
    return tuple(out)


def _public(view: Any, style: Style) -> Area:
    v = view.variant
    lines: list[str] = []
    cards: tuple[Card, ...] = ()
    if view.outcome is None and view.public is not None:
        cards = (view.public,)
        name = card_name(view.public, v.deck)
        if view.drawn:
            lines.append(pgettext("sisepai table", "{card} ({name}), drawn by {player}.",
                                  card=show(view.public, v.deck, style.faces), name=name,
                                  player=style.names[view.source]))
        else:
            lines.append(pgettext("sisepai table", "{card} ({name}), discarded by {player}.",
                                  card=show(view.public, v.deck, style.faces), name=name,
                                  player=style.names[view.source]))
        lines.append(rights(view, style))
    elif view.discarding:
        lines.append(pgettext("sisepai table", "Put a card of your hand here to discard it."))
    lines.append(npgettext("sisepai table", "{n} card left in the stock.", "{n} cards left in the stock.", view.stock))
    # TRANSLATORS: the web table's area of the card every player may claim (drawn or discarded).
    return Area(key="table", kind="cards", label=pgettext("sisepai table", "Public card"), cards=cards,
                lines=tuple(lines), marked=cards, mark=pgettext("sisepai table", "public card"),
                target=bool(view.discarding))


def _answers(view: Any, style: Style) -> Area:
    if view.my_turn:
        lines = (pgettext("sisepai table", "Choose your answer; it stays hidden until everyone has answered."),)
    else:
        lines = (_status(view, style),)
    # TRANSLATORS: the web table's area with the buttons take / win / pass.
    return Area(key="answers", kind="moves", label=pgettext("sisepai table", "Your answer"), lines=lines,
                seats=(view.seat,), mine=True)


def _open(view: Any, seat: int, style: Style) -> Area:
    v = view.variant
    groups = [(group_name(kind), cards) for kind, cards in view.open_groups(seat)]
    aside = view.set_aside(seat)
    if aside:
        # TRANSLATORS: cards a player let pass, shown apart on the web table.
        groups.append((pgettext("sisepai table", "set aside"), tuple(sorted(aside, key=v.deck.sort_key))))
    lines = () if groups else (pgettext("sisepai table", "No open group yet."),)
    return Area(key=f"open-{seat}", kind="groups",
                label=pgettext("sisepai table", "{player}: open groups", player=style.names[seat]),
                groups=tuple(groups), lines=lines, seats=(seat,), mine=seat == view.seat)


def _by_colour(hand: tuple[Card, ...], deck: Any) -> tuple[tuple[str, tuple[Card, ...]], ...]:
    cards = sorted(hand, key=deck.sort_key)
    out = []
    for s in deck.suits:
        mine = tuple(c for c in cards if c.suit == s.code and c.rank != 0)
        if mine:
            out.append((colour_name(s.code), mine))
    flowers = tuple(c for c in cards if c.rank == 0)
    if flowers:
        out.append((flower_name(), flowers))
    return tuple(out)


def _last(view: Any, style: Style) -> tuple[str, ...]:
    if not view.log:
        from .present import _event

        lines = [_event(e, view.variant, style) for e in view.opening]
        return tuple(lines) or (pgettext("sisepai table", "Nothing yet."),)
    return tuple(narrate(view.log[-1], view.variant, style).split("\n"))


def _result(view: Any, style: Style) -> list[str]:
    v = view.variant
    lines = [result_text(view.outcome, style, _score(view))]
    for kind, cards in view.winning_groups:
        lines.append(f"{group_name(kind)}: {' '.join(show(c, v.deck, style.faces) for c in cards)}")
    return lines


def _score(view: Any) -> int:
    points = view.outcome.points
    return max(points) if points else 0

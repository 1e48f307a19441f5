"""How the application shows Sì Sè Pái: the table as one seat sees it
(open groups per seat, the public card, who may claim it and how, the hand
by colour), one line per event, a person's commands, the result (see
:mod:`machiavelli.core.present` for the contract). Every text goes through
the catalogs."""

from __future__ import annotations

import re
from typing import Any, Sequence

from machiavelli.core.errors import IllegalAction, MachiavelliError, NotationError
from machiavelli.core.i18n import NP_, format_list, join_clauses, npgettext, pgettext
from machiavelli.core.present import Presentation, Style, reason_text

from .actions import Answered, Discard, Pass, Take, Win
from .glossary import card_name, group_name, hand_by_colour, read_card, show, show_all

_SPLIT = re.compile(r"[\s,;]+")
# TRANSLATORS: the words typed at the Sì Sè Pái table; English always works too.
WORDS = {
    "pass": NP_("sisepai command", "pass"),
    "take": NP_("sisepai command", "take"),
    "win": NP_("sisepai command", "win"),
    "discard": NP_("sisepai command", "discard"),
}
REASONS = {
    # TRANSLATORS: Sì Sè Pái's table: why a move is refused; {card} is one card (5♣).
    "card-not-in-hand": NP_("sisepai reason", "{card} is not in your concealed hand."),
    # TRANSLATORS: Sì Sè Pái's table: why a move is refused; {card} is one card (5♣).
    "cannot-discard": NP_("sisepai reason", "{card} may not be discarded: Generals and flowers stay in the hand."),
    # TRANSLATORS: Sì Sè Pái's table: why a move is refused; {card} is one card (5♣).
    "not-a-group": NP_("sisepai reason", "Those cards do not make a group with {card}."),
    # TRANSLATORS: Sì Sè Pái's table: why a move is refused; {card} is one card (5♣).
    "pair-not-allowed": NP_("sisepai reason", "{card} may not make a pair unless it completes your hand."),
    # TRANSLATORS: Sì Sè Pái's table: why a move is refused; {card} is one card (5♣), {groups} the kinds
    # of group this player may claim it for, listed with "or" ("triple or one-colour group").
    "claim-not-allowed": NP_("sisepai reason", "You may not claim {card} for that group: you may claim it "
                             "only for a {groups}, or to win."),
    # TRANSLATORS: Sì Sè Pái's table: why a move is refused; {card} is one card (5♣).
    "no-claim": NP_("sisepai reason", "You cannot claim {card}: pass."),
    # TRANSLATORS: Sì Sè Pái's table: why a move is refused; {card} is one card (5♣).
    "no-win": NP_("sisepai reason", "{card} does not complete your hand."),
    "must-discard": NP_("sisepai reason", "Discard a card first."),
    "must-answer": NP_("sisepai reason", "Answer first: take, win or pass."),
    "not-your-turn": NP_("sisepai reason", "It is not your turn."),
    "game-over": NP_("sisepai reason", "The deal is over."),
    # TRANSLATORS: Sì Sè Pái's table: why a move is refused; {token} is what was typed, as typed.
    "bad-card": NP_("sisepai reason", "Not a card: {token}"),
    # TRANSLATORS: Sì Sè Pái's table: why a move is refused; {token} is what was typed, as typed.
    "bad-action": NP_("sisepai reason", "Not a command: {token}. Type: take CARD ..., win, pass, or discard CARD."),
}
# TRANSLATORS: Sì Sè Pái's table: why a claim is refused, when the groups open to the player are not
# known; {card} is one card (5♣).
CLAIM_REFUSED = NP_("sisepai reason", "You may not claim {card} for that group.")


def _word(key: str) -> set[str]:
    return {key, pgettext("sisepai command", WORDS[key]).casefold()}


def _cards(cards: Sequence[Any], variant: Any, style: Style) -> str:
    return show_all(cards, variant.deck, style.faces)


def _card(card: Any, variant: Any, style: Style) -> str:
    return show(card, variant.deck, style.faces)


def _groups(groups: Sequence[tuple[str, Sequence[Any]]], variant: Any, style: Style) -> str:
    return "  ".join("[" + _cards(cards, variant, style) + "]" for _kind, cards in groups)


def rights(view: Any, style: Style) -> str:
    """Who may claim the public card and for which groups (the rules, not anyone's cards)."""
    v = view.variant
    anyone = format_list([group_name(k) for k in v.claim_anyone], "or")
    nxt = style.names[(view.source + 1) % view.players]
    mixed = format_list([group_name(k) for k in v.claim_next], "or")
    never = format_list([group_name(k) for k in v.claim_never], "or")
    if view.drawn:
        # TRANSLATORS: Sì Sè Pái's table; {anyone} is a kind of group, {next} is a player's name, {mixed}
        # is a kind of group, {drawer} is a player's name, {never} is a kind of group.
        return pgettext("sisepai table", "Anyone may claim it to win, or for a {anyone}; {next} also for a {mixed}; "
                        "{drawer} for any group but a {never}.", anyone=anyone, next=nxt, mixed=mixed,
                        drawer=style.names[view.source], never=never)
    # TRANSLATORS: Sì Sè Pái's table; {anyone} is a kind of group, {next} is a player's name, {mixed}
    # is a kind of group.
    return pgettext("sisepai table", "The others may claim it to win, or for a {anyone}; {next} also for a {mixed}.",
                    anyone=anyone, next=nxt, mixed=mixed)


def seat_view(view: Any, style: Style) -> list[str]:
    v = view.variant
    lines = [_event(e, v, style) for e in view.opening] if not view.log else []
    # TRANSLATORS: Sì Sè Pái's table; {turn} is a turn's number, {n} is a number.
    lines += [npgettext("sisepai table", "Turn {turn}: {n} card left in the stock.",
                       "Turn {turn}: {n} cards left in the stock.", view.stock, turn=view.turn)]
    for s in range(view.players):
        # TRANSLATORS: Sì Sè Pái's table; {player} is a player's name (Player 2), {n} is a number.
        parts = [npgettext("sisepai table", "{player}: {n} concealed card", "{player}: {n} concealed cards",
                           view.hand_sizes[s], player=style.names[s])]
        groups = view.open_groups(s)
        if groups:
            # TRANSLATORS: Sì Sè Pái's table; {groups} is groups, listed.
            parts.append(pgettext("sisepai table", "open: {groups}", groups=_groups(groups, v, style)))
        aside = view.set_aside(s)
        if aside:
            # TRANSLATORS: Sì Sè Pái's table; {cards} is cards as shown at the table (5♣ 6♣ 7♣).
            parts.append(pgettext("sisepai table", "set aside: {cards}", cards=_cards(aside, v, style)))
        lines.append(("* " if s == view.seat else "  ") + join_clauses(parts))
    if view.public is not None and not view.discarding:
        # TRANSLATORS: Sì Sè Pái's table; {card} is one card (5♣), {name} is the card's name (yellow
        # Horse).
        card = pgettext("sisepai table", "{card} ({name})", card=_card(view.public, v, style),
                        name=card_name(view.public, v.deck))
        if view.drawn:
            # TRANSLATORS: Sì Sè Pái's table; {card} is one card (5♣), {player} is a player's name (Player 2).
            lines.append(pgettext("sisepai table", "Public card: {card}, drawn by {player}.", card=card,
                                  player=style.names[view.source]))
        else:
            # TRANSLATORS: Sì Sè Pái's table; {card} is one card (5♣), {player} is a player's name (Player 2).
            lines.append(pgettext("sisepai table", "Public card: {card}, discarded by {player}.", card=card,
                                  player=style.names[view.source]))
        lines.append(rights(view, style))
    if view.discarding:
        lines.append(pgettext("sisepai table", "Discard one concealed card (never a General or a flower)."))
    elif view.my_turn:
        options = [describe_action(c.action, view, style) for c in view.claims()]
        if options:
            # TRANSLATORS: Sì Sè Pái's table; {options} is what the player may do, listed.
            lines.append(pgettext("sisepai table", "You may: {options}; or pass.", options=format_list(options)))
        else:
            # Every seat is asked, also one whose hand can do nothing with the card (waiting must not tell).
            # TRANSLATORS: Sì Sè Pái's table: asked about the public card, the player can do nothing with it.
            lines.append(pgettext("sisepai table", "You can only pass."))
    # TRANSLATORS: Sì Sè Pái's table; {player} is a player's name (Player 2).
    lines.append(pgettext("sisepai table", "Your hand ({player}):", player=style.names[view.seat]))
    lines += ["  " + line for line in hand_by_colour(view.hand, v.deck, style.faces)]
    return lines


def _event(event: Any, variant: Any, style: Style) -> str:
    player = style.names[event.seat]
    if event.kind == "draw":
        # TRANSLATORS: Sì Sè Pái's table: what just happened; {player} is a player's name (Player 2),
        # {card} is one card (5♣), {name} is the card's name (yellow Horse).
        return pgettext("sisepai narration", "{player} draws {card} ({name}).", player=player,
                        card=_card(event.cards[0], variant, style), name=card_name(event.cards[0], variant.deck))
    if event.kind == "again":
        # TRANSLATORS: Sì Sè Pái's table: what just happened; {player} is a player's name (Player 2).
        return pgettext("sisepai narration", "Nobody takes it: it counts as {player}'s discard and is offered again.",
                        player=player)
    if event.kind == "set-aside":
        # TRANSLATORS: Sì Sè Pái's table: what just happened; {card} is one card (5♣).
        return pgettext("sisepai narration", "Nobody takes {card}: it is set aside.",
                        card=_card(event.cards[0], variant, style))
    if event.kind == "claim":
        # TRANSLATORS: Sì Sè Pái's table: what just happened; {player} is a player's name (Player 2),
        # {cards} is cards as shown at the table (5♣ 6♣ 7♣), {group} is a kind of group (pair).
        return pgettext("sisepai narration", "{player} takes it and lays open {cards} ({group}).", player=player,
                        cards=_cards(event.cards, variant, style), group=group_name(event.group or ""))
    if event.kind == "win":
        # TRANSLATORS: Sì Sè Pái's table: what just happened; {player} is a player's name (Player 2), {n}
        # is a number, {groups} is groups, listed.
        return npgettext("sisepai narration", "{player} wins: every card is in a group. {n} point: {groups}",
                         "{player} wins: every card is in a group. {n} points: {groups}", event.points,
                         player=player, groups=_groups(event.groups, variant, style))
    return pgettext("sisepai narration", "The stock is empty: a drawn deal.")


def narrate(entry: Any, variant: Any, style: Style) -> str:
    """An action and what followed, one line each. An answer that decides
    nothing yet is told without its choice (answers are secret until all are in)."""
    player = style.names[entry.seat]
    before = [_event(e, variant, style) for e in entry.before]
    if isinstance(entry.action, Discard):
        # TRANSLATORS: Sì Sè Pái's table: what just happened; {player} is a player's name (Player 2),
        # {card} is one card (5♣), {name} is the card's name (yellow Horse).
        lines = [pgettext("sisepai narration", "{player} discards {card} ({name}).", player=player,
                          card=_card(entry.action.card, variant, style),
                          name=card_name(entry.action.card, variant.deck))]
    elif isinstance(entry.action, Answered):
        # TRANSLATORS: Sì Sè Pái's table: every seat has answered the public card (who last is not said).
        lines = [pgettext("sisepai narration", "Everyone has answered.")]
    else:
        # TRANSLATORS: Sì Sè Pái's table: what just happened; {player} is a player's name (Player 2).
        lines = [pgettext("sisepai narration", "{player} has answered.", player=player)]
    lines += [_event(e, variant, style) for e in entry.events]
    return "\n".join(before + lines)


def _readings(token: str, view: Any) -> list[Any]:
    return read_card(token, view.variant.deck, view.hand)


def read_command(text: str, view: Any) -> tuple[Any, ...]:
    """``take HY HY``, ``take`` (every claim to choose from), ``win``,
    ``pass``, ``discard HY`` or just ``HY`` when discarding; the
    language's words and letters, and the Chinese characters, work too."""
    words = [w for w in _SPLIT.split(text.strip()) if w]
    if not words:
        raise NotationError("bad-action", token=text[:40])
    verb = words[0].casefold()
    deck = view.variant.deck
    public = deck.card_text(view.public) if view.public is not None else ""
    if view.discarding:
        if any(verb in _word(w) for w in ("take", "win", "pass")):
            raise IllegalAction("must-discard")
        rest = words[1:] if verb in _word("discard") else words
        if not rest:  # "discard" alone: every card that may go, to choose from
            return tuple(Discard(c) for c in dict.fromkeys(sorted(view.discardable(), key=deck.sort_key)))
        if len(rest) != 1:
            raise NotationError("bad-action", token=text[:40])
        readings = _readings(rest[0], view)
        found = [c for c in readings if c in view.hand]
        if not found:
            # The card as the player typed it (the reading whose letters or characters were typed).
            typed = rest[0].strip().upper()
            meant = next((c for c in readings if typed in (show(c, deck).upper(), show(c, deck, "hanzi"))),
                         readings[0])
            raise IllegalAction("card-not-in-hand", card=deck.card_text(meant))
        return tuple(Discard(c) for c in found)
    if verb in _word("discard"):
        raise IllegalAction("must-answer")
    if verb in _word("pass") and len(words) == 1:
        return (Pass(),)
    claims = view.claims()
    if verb in _word("win") and len(words) == 1:
        if not any(isinstance(c.action, Win) for c in claims):
            raise IllegalAction("no-win", card=public)
        return (Win(),)
    if verb not in _word("take"):
        raise NotationError("bad-action", token=text[:40])
    takes = [c for c in claims if isinstance(c.action, Take)]
    if not takes:
        raise IllegalAction("no-claim", card=public)
    typed = [_readings(w, view) for w in words[1:]]
    fits = []
    for claim in takes:
        pool = list(claim.cards)
        ok = True
        for options in typed:
            hit = next((c for c in options if c in pool), None)
            if hit is None:
                ok = False
                break
            pool.remove(hit)
        if ok:
            fits.append((claim, not pool))
    exact = [c for c, whole in fits if whole]
    if len(exact) == 1:
        return (exact[0].action,)
    if not fits:
        # The game's own reason: what the typed cards make with the public card, and what it may make.
        from .groups import groups_of

        hand = list(view.hand)
        for options in typed:
            held = next((c for c in options if c in hand), None)
            if held is None:
                raise IllegalAction("card-not-in-hand", card=deck.card_text(options[0]) if options else "")
            hand.remove(held)
        kind = None
        if all(typed) and view.public is not None:
            kind = groups_of(view.variant).kind_of([view.public, *(options[0] for options in typed)])
        if kind is None:
            raise IllegalAction("not-a-group", card=public)
        if kind in view.variant.claim_never:
            raise IllegalAction("pair-not-allowed", card=public)
        raise IllegalAction("claim-not-allowed", card=public, kind=kind)
    return tuple(c.action for c, _w in fits)


def describe_action(action: Any, view: Any, style: Style) -> str:
    v = view.variant
    if isinstance(action, Discard):
        # TRANSLATORS: Sì Sè Pái's table: what just happened; {card} is one card (5♣).
        return pgettext("sisepai narration", "discard {card}", card=_card(action.card, v, style))
    if isinstance(action, Win):
        return pgettext("sisepai command", WORDS["win"])
    if isinstance(action, Pass):
        return pgettext("sisepai command", WORDS["pass"])
    kind = None
    if view.public is not None:
        from .groups import groups_of

        kind = groups_of(v).kind_of([view.public, *action.cards])
    move = " ".join((pgettext("sisepai command", WORDS["take"]), _cards(action.cards, v, style)))
    # TRANSLATORS: Sì Sè Pái's table, a claim the player may make; {move} is the command with its cards ("take HY
    # HY"), {group} the kind of group it makes ("triple").
    return pgettext("sisepai table", "{move} ({group})", move=move, group=group_name(kind or ""))


def commands_help() -> list[str]:
    take, win = pgettext("sisepai command", WORDS["take"]), pgettext("sisepai command", WORDS["win"])
    pss, discard = pgettext("sisepai command", WORDS["pass"]), pgettext("sisepai command", WORDS["discard"])
    return [
        # TRANSLATORS: Sì Sè Pái's table: one line of its help; {take} is a command word.
        pgettext("sisepai help", "{take} CARD ...: claim the public card and lay it open with these cards of "
                 "your hand, e.g. {take} HY HY; {take} alone lists every claim open to you.", take=take),
        # TRANSLATORS: Sì Sè Pái's table: one line of its help; {win} is a command word, {leave} is a
        # command word.
        pgettext("sisepai help", "{win}: claim it when it completes your hand; {leave}: leave it.", win=win,
                 leave=pss),
        # TRANSLATORS: Sì Sè Pái's table: one line of its help; {discard} is a command word.
        pgettext("sisepai help", "{discard} CARD (or the card alone): after a claim, put a concealed card out.",
                 discard=discard),
        pgettext("sisepai help", "Cards: the character G A E R H C S (General, Advisor, Elephant, Chariot, Horse, "
                 "Cannon, Soldier) then the colour W Y R G (white, yellow, red, green); FL a flower. Your "
                 "language's letters and the Chinese characters work too."),
    ]


def summary(game: Any, style: Style) -> list[str]:
    v, lines = game.variant, []
    for s in range(game.players):
        groups = game.winning_groups if game.outcome is not None and s in game.outcome.winners else \
            game.open_groups(s)
        line = f"{style.names[s]}: {_groups(groups, v, style)}"
        if not (game.outcome is not None and s in game.outcome.winners) and game.hands[s]:
            # TRANSLATORS: Sì Sè Pái's table; {cards} is cards as shown at the table (5♣ 6♣ 7♣).
            line += "  " + pgettext("sisepai table", "concealed: {cards}", cards=_cards(game.hand(s), v, style))
        lines.append(line)
    if game.outcome is not None:
        lines.append(result_text(game.outcome, style, game.score))
    return lines


def result_text(outcome: Any, style: Style, score: int) -> str:
    if not outcome.winners:
        return pgettext("sisepai table", "Drawn deal: the stock ran out before anyone won.")
    # TRANSLATORS: Sì Sè Pái's table; {player} is a player's name (Player 2), {n} is a number.
    return npgettext("sisepai table", "{player} wins the deal with {n} point.",
                     "{player} wins the deal with {n} points.", score, player=style.names[outcome.winners[0]])


def explain(error: MachiavelliError) -> str | None:
    if error.code == "claim-not-allowed" and not error.params.get("groups"):
        return reason_text({error.code: CLAIM_REFUSED}, "sisepai reason", error)
    return reason_text(REASONS, "sisepai reason", error)


def _claimable(view: Any) -> str:
    """The kinds of group the viewer may claim the public card for, listed with "or"."""
    kinds = [group_name(k) for k in dict.fromkeys(_claim_kind(c.action, view) for c in view.claims()
                                                  if isinstance(c.action, Take)) if k]
    return format_list(kinds, "or") if kinds else ""


def _claim_kind(action: Any, view: Any) -> str | None:
    from .groups import groups_of

    return groups_of(view.variant).kind_of([view.public, *action.cards]) if view.public is not None else None


def rejection(view: Any, error: MachiavelliError, style: Style) -> list[str]:
    """Why a move is refused, its card as the table shows it (the
    language's letters or the Chinese characters, never the notation's
    ``GY``)."""
    deck = view.variant.deck
    card = error.params.get("card")
    if isinstance(card, str) and card:
        try:
            shown = _card(deck.parse_card(card), view.variant, style)
        except NotationError:
            shown = card
        error = type(error)(error.code, **{**error.params, "card": shown})
    if error.code == "claim-not-allowed" and hasattr(view, "claims"):
        error = type(error)(error.code, **{**error.params, "groups": _claimable(view)})
    text = explain(error)
    return [text] if text is not None else []


def _rules(variant: Any) -> Any:
    from .rules_text import compose

    return compose(variant)


def _meld_check(variant: Any, tokens: Sequence[str], faces: str) -> tuple[bool, str]:
    from .group_check import answer

    return answer(variant, tokens, faces)


def _review(record: Any, seats: Sequence[int], seconds: Any, names: Sequence[Any] = ()) -> Any:
    from .present_review import review

    return review(record, seats, seconds, names, describe_action, _card)


PRESENTATION = Presentation(seat_view=seat_view, narrate=narrate, read_command=read_command,
                            describe_action=describe_action, commands_help=commands_help, summary=summary,
                            explain=explain, rules=_rules, rejection=rejection, meld_check=_meld_check,
                            review=_review)

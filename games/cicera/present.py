"""How the application shows Cicera: the table as one seat sees it, one line
per play, a person's commands, the result (see
:mod:`machiavelli.core.present` for the contract). Every text goes through
the catalogs."""

from __future__ import annotations

import re
from typing import Any, Sequence

from machiavelli.core.errors import IllegalAction, MachiavelliError, NotationError
from machiavelli.core.i18n import NP_, _, format_list, join_sentences, ngettext, npgettext, pgettext
from machiavelli.core.present import Presentation, Style, reason_text

from .actions import Play
from .glossary import card_name, read_card, show, show_all
from .rules import captures

_SPLIT = re.compile(r"[\s,;]+")
# TRANSLATORS: the word typed at the table to play a card ("play 7D"); English always works too.
PLAY_WORD = NP_("cicera command", "play")
# TRANSLATORS: the word typed after the card to take table cards ("play 7D take 3C 4C").
TAKE_WORD = NP_("cicera command", "take")

BONUS_NAMES = {
    "scopa": NP_("cicera bonus", "scopa"),
    "picada": NP_("cicera bonus", "picada"),
    "simile": NP_("cicera bonus", "simile"),
    "quartet": NP_("cicera bonus", "quartet"),
}
REASONS = {
    # TRANSLATORS: Cicera's table: why a move is refused; {card} is one card (5♣).
    "card-not-in-hand": NP_("cicera reason", "{card} is not in your hand."),
    # TRANSLATORS: Cicera's table: why a move is refused; {card} is one card (5♣).
    "card-not-on-table": NP_("cicera reason", "{card} is not on the table."),
    # TRANSLATORS: Cicera's table: why a move is refused; {card} is one card (5♣).
    "cannot-take": NP_("cicera reason", "{card} cannot take those cards: one card of its rank, or number cards "
                       "adding up to it."),
    # TRANSLATORS: Cicera's table: why a move is refused; {card} is one card (5♣).
    "must-capture": NP_("cicera reason", "{card} can capture, and this variant makes capturing compulsory."),
    "not-your-turn": NP_("cicera reason", "It is not your turn."),
    "game-over": NP_("cicera reason", "The deal is over."),
    # TRANSLATORS: Cicera's table: why a move is refused; {token} is what was typed, as typed.
    "bad-card": NP_("cicera reason", "Not a card: {token}"),
    # TRANSLATORS: Cicera's table: why a move is refused; {token} is what was typed, as typed.
    "bad-action": NP_("cicera reason", "Not a play: {token}. Type: play CARD, or play CARD take CARD ..."),
}


def _word(context: str, word: str) -> set[str]:
    return {word, pgettext(context, word).casefold()}


def team_line(team: str, pile: int, points: int, *, final: bool = False) -> str:
    """A team's captures and points (so far, or at the end of the deal),
    each plural chosen from the number it counts."""
    # TRANSLATORS: Cicera's table, a team's capture pile; {n} is a number of cards.
    cards = npgettext("cicera table", "{n} card captured", "{n} cards captured", pile)
    if final:
        # TRANSLATORS: Cicera's table, a team's score at the end of the deal; {n} is a number of points.
        score = npgettext("cicera table", "{n} point", "{n} points", points)
    else:
        # TRANSLATORS: Cicera's table, a team's score during the deal; {n} is a number of points.
        score = npgettext("cicera table", "{n} point so far", "{n} points so far", points)
    # TRANSLATORS: Cicera's table; {team} is a team's name, {cards} says how many cards it captured
    # ("5 cards captured"), {points} its points ("1 point so far").
    return pgettext("cicera table", "{team}: {cards}, {points}.", team=team, cards=cards, points=score)


def _team_name(seats: Sequence[int], style: Style) -> str:
    return format_list([style.names[s] for s in seats])


def _cards(cards: Sequence[Any], variant: Any, style: Style) -> str:
    return show_all(cards, variant.deck, style.symbols)


def seat_view(view: Any, style: Style) -> list[str]:
    """The table, the piles and points, the card to picada, and the hand."""
    v, lines = view.variant, []
    deck = v.deck
    # TRANSLATORS: Cicera's table; {turn} is a turn's number, {player} is a player's name (Player 2).
    lines.append(pgettext("cicera table", "Turn {turn}: {player} to play.", turn=view.turn,
                          player=style.names[view.current]))
    if view.table:
        # TRANSLATORS: Cicera's table; {cards} is cards as shown at the table (5♣ 6♣ 7♣).
        lines.append(pgettext("cicera table", "On the table: {cards}", cards=_cards(view.table, v, style)))
    else:
        lines.append(pgettext("cicera table", "The table is empty."))
    if view.left is not None:
        previous = (view.current - 1) % view.players
        # TRANSLATORS: Cicera's table; {player} is a player's name (Player 2), {card} is one card (5♣).
        lines.append(pgettext("cicera table", "{player} just left {card}: take it with a card of its rank for "
                              "a picada.", player=style.names[previous], card=show(view.left, deck, style.symbols)))
    for t, seats in enumerate(view.teams):
        line = team_line(_team_name(seats, style), len(view.pile(t)), view.totals[t])
        lines.append(("* " if view.seat in seats else "  ") + line)
    # TRANSLATORS: Cicera's table; {player} is a player's name (Player 2), {n} is a number.
    others = [pgettext("cicera table", "{player} {n}", player=style.names[s], n=view.hand_sizes[s])
              for s in range(view.players) if s != view.seat]
    # TRANSLATORS: Cicera's table; {list} is cards, listed.
    lines.append(pgettext("cicera table", "Cards in hand: {list}", list=format_list(others)))
    # TRANSLATORS: Cicera's table; {player} is a player's name (Player 2), {cards} is cards as shown
    # at the table (5♣ 6♣ 7♣).
    lines.append(pgettext("cicera table", "Your hand ({player}): {cards}", player=style.names[view.seat],
                          cards=_cards(view.hand, v, style)))
    return lines


def _bonus_text(bonuses: Sequence[Any]) -> str:
    names = format_list([pgettext("cicera bonus", BONUS_NAMES.get(b.name, b.name)) for b in bonuses])
    points = sum(b.points for b in bonuses)
    # TRANSLATORS: Cicera's table: what just happened, a sentence after the play; {bonuses} is bonus
    # names, listed, {n} is a number.
    return npgettext("cicera narration", "{bonuses}: {n} point.", "{bonuses}: {n} points.", points, bonuses=names)


def narrate(entry: Any, variant: Any, style: Style) -> str:
    """One play in words: what was played, taken, earned; at the end, the last cards."""
    deck = variant.deck
    player = style.names[entry.seat]
    card = show(entry.action.card, deck, style.symbols)
    if entry.taken:
        # TRANSLATORS: Cicera's table: what just happened; {player} is a player's name (Player 2), {card}
        # is one card (5♣), {cards} is cards as shown at the table (5♣ 6♣ 7♣), {n} is a number.
        text = npgettext("cicera narration", "{player} plays {card} and takes {cards} ({n} card).",
                         "{player} plays {card} and takes {cards} ({n} cards).", len(entry.taken),
                         player=player, card=card, cards=_cards(entry.taken, variant, style))
        if entry.bonuses:
            text = join_sentences(text, _bonus_text(entry.bonuses))
    else:
        # TRANSLATORS: Cicera's table: what just happened; {player} is a player's name (Player 2), {card}
        # is one card (5♣).
        text = pgettext("cicera narration", "{player} leaves {card} on the table.", player=player, card=card)
    if entry.leftover:
        team = _team_of(entry.leftover_team, style, entry)
        # TRANSLATORS: Cicera's table: what just happened; {cards} is cards as shown at the table (5♣ 6♣
        # 7♣), {team} is a team's name.
        text = join_sentences(text, pgettext("cicera narration", "The last cards on the table, {cards}, go to {team}.",
                                             cards=_cards(entry.leftover, variant, style), team=team))
    return text


def _team_of(team: int | None, style: Style, entry: Any) -> str:
    teams = entry.outcome.teams if entry.outcome is not None else ()
    if team is None or team >= len(teams):
        return "-"
    return _team_name(teams[team], style)


def read_command(text: str, view: Any) -> tuple[Play, ...]:
    """``play 7D`` (leave it), ``play 7D take 3C 4C``; ``play 7D take`` or a
    part of the cards lists every capture that fits. The language's own
    words and letters work too."""
    deck = view.variant.deck
    words = [w for w in _SPLIT.split(text.strip()) if w]
    if words and words[0].casefold() in _word("cicera command", PLAY_WORD):
        words = words[1:]
    if not words:
        raise NotationError("bad-action", token=text[:40])
    card = read_card(words[0], deck)
    rest = words[1:]
    if rest and rest[0].casefold() not in _word("cicera command", TAKE_WORD):
        raise NotationError("bad-action", token=text[:40])
    named = [read_card(w, deck) for w in rest[1:]]
    if card not in view.hand:
        raise IllegalAction("card-not-in-hand", card=deck.card_text(card))
    if not rest:
        return (Play(card),)
    missing = next((c for c in named if c not in view.table), None)
    if missing is not None:
        raise IllegalAction("card-not-on-table", card=deck.card_text(missing))
    fits = [t for t in captures(card, view.table, view.variant) if set(named) <= set(t)]
    exact = [t for t in fits if len(t) == len(named)]
    if exact:
        return (Play(card, exact[0]),)
    if not fits:
        raise IllegalAction("cannot-take", card=deck.card_text(card))
    return tuple(Play(card, t) for t in fits)


def describe_action(action: Any, view: Any, style: Style) -> str:
    deck = view.variant.deck
    if not action.take:
        # TRANSLATORS: Cicera's table: what just happened; {card} is one card (5♣).
        return pgettext("cicera narration", "leave {card} on the table", card=show(action.card, deck, style.symbols))
    # TRANSLATORS: Cicera's table: what just happened; {cards} is cards as shown at the table (5♣ 6♣
    # 7♣), {card} is one card (5♣).
    return pgettext("cicera narration", "take {cards} with {card}", cards=_cards(action.take, view.variant, style),
                    card=show(action.card, deck, style.symbols))


def commands_help() -> list[str]:
    play, take = pgettext("cicera command", PLAY_WORD), pgettext("cicera command", TAKE_WORD)
    return [
        # TRANSLATORS: Cicera's table: one line of its help; {play} is a command word.
        pgettext("cicera help", "{play} CARD: leave the card on the table, e.g. {play} 7D.", play=play),
        # TRANSLATORS: Cicera's table: one line of its help; {play} is a command word, {take} is a command
        # word.
        pgettext("cicera help", "{play} CARD {take} CARD ...: take those table cards with it, e.g. "
                 "{play} 7D {take} 3C 4C; {play} 7D {take} alone lists every capture to choose from.",
                 play=play, take=take),
        pgettext("cicera help", "Cards: rank A 2-10 F C R (Asso, Fante, Cavallo, Re) and suit D C S B (coins, "
                 "cups, swords, batons); your language's letters work too."),
    ]


AWARD_TEXTS = {
    # TRANSLATORS: An award at the end of a Cicera deal; {detail} is the counts.
    "most-cards": NP_("cicera award", "most cards ({detail})"),
    # TRANSLATORS: An award at the end of a Cicera deal; {suit} is a suit's name (plural), {detail} is
    # the counts.
    "most-suit": NP_("cicera award", "most {suit} ({detail})"),
    # TRANSLATORS: An award at the end of a Cicera deal; {card} is one card (5♣).
    "special": NP_("cicera award", "the {card}"),
    # TRANSLATORS: An award at the end of a Cicera deal; {detail} is the counts.
    "napola": NP_("cicera award", "napola of {detail}"),
}


def _with_points(text: str, points: int) -> str:
    """An award and its points; a full-width closing mark carries its own space (Chinese ）)."""
    import unicodedata

    gap = "" if text and unicodedata.east_asian_width(text[-1]) in ("W", "F") and not text[-1].isalnum() else " "
    return f"{text}{gap}+{points}"


def award_text(award: Any, variant: Any) -> str:
    deck = variant.deck
    values: dict[str, Any] = {"detail": award.detail}
    from .glossary import suit_name

    if award.kind == "most-suit":
        values["suit"] = suit_name(variant.suit_award)
    if award.kind == "special":
        values["card"] = card_name(deck.parse_card(award.detail), deck)
    template = AWARD_TEXTS.get(award.kind, "{detail}")
    return pgettext("cicera award", template, **values)


def summary(game: Any, style: Style) -> list[str]:
    """The deal's state and result, every hand shown (after the game or a replay)."""
    v = game.variant
    lines = []
    if game.outcome is None:
        lines.append(pgettext("cicera table", "Turn {turn}: {player} to play.", turn=game.turn_number,
                              player=style.names[game.current]))
    if game.table:
        lines.append(pgettext("cicera table", "On the table: {cards}", cards=_cards(game.table_cards(), v, style)))
    for t, seats in enumerate(game.teams):
        awards = [a for a in game.awards if a.team == t]
        lines.append(team_line(_team_name(seats, style), len(game.piles[t]), game.totals()[t], final=True))
        if awards:
            # TRANSLATORS: Cicera's table; {list} is cards, listed.
            lines.append("  " + pgettext("cicera table", "Awards: {list}", list=format_list(
                [_with_points(award_text(a, v), a.points) for a in awards])))
        # TRANSLATORS: Cicera's table; {n} is a number.
        lines.append("  " + pgettext("cicera table", "Capture bonuses: {n}", n=game.bonus_points[t]))
    for s in range(game.players):
        if game.hands[s]:
            lines.append(f"  {style.names[s]}: {_cards(game.hand(s), v, style)}")
    if game.outcome is not None:
        lines.append(result_text(game.outcome, style))
    return lines


def result_text(outcome: Any, style: Style) -> str:
    points = outcome.points
    if str(outcome.reason) == "drawn-deal":
        # TRANSLATORS: Cicera's table; {points} is a number of points.
        return pgettext("cicera table", "Drawn deal: {points}.", points=" - ".join(map(str, points)))
    team = outcome.winning_teams[0]
    other = max((p for t, p in enumerate(points) if t != team), default=0)
    # TRANSLATORS: Cicera's table; {team} is a team's name, {points} is a number of points, {other} is
    # the other team's points.
    return pgettext("cicera table", "{team} win the deal, {points} to {other}.",
                    team=_team_name(outcome.teams[team], style), points=points[team], other=other)


def explain(error: MachiavelliError) -> str | None:
    return reason_text(REASONS, "cicera reason", error)


def rejection(view: Any, error: MachiavelliError, style: Style) -> list[str]:
    """Why a move is refused, its card as the table shows it (``7●``, never
    the notation's ``7D``)."""
    deck = view.variant.deck
    card = error.params.get("card")
    if isinstance(card, str):
        try:
            shown = show(deck.parse_card(card), deck, style.symbols)
        except NotationError:
            shown = card
        error = type(error)(error.code, **{**error.params, "card": shown})
    text = explain(error)
    return [text] if text is not None else []


def _rules(variant: Any) -> Any:
    from .rules_text import compose

    return compose(variant)


def _review(record: Any, seats: Sequence[int], seconds: Any, names: Sequence[Any] = ()) -> Any:
    from .present_review import review

    return review(record, seats, seconds, names, describe_action)


PRESENTATION = Presentation(seat_view=seat_view, narrate=narrate, read_command=read_command,
                            describe_action=describe_action, commands_help=commands_help, summary=summary,
                            explain=explain, rules=_rules, rejection=rejection, review=_review)

"""A plain presentation for a game that brings none of its own.

:func:`plain` builds a :class:`~machiavelli.core.present.Presentation`
from nothing but the kernel's protocol, so that a game plugin that leaves
``GameDefinition.presentation`` out is still played at the terminal and in
the browser, replayed and documented, never met with a traceback:

* the table a seat sees is its view's public properties, one line each
  (cards drawn as cards, a count per seat named by seat), its hand, and
  the moves open to it when the view lists them (``legal_actions()``),
  numbered;
* an action is told and described in the game's own notation
  (``Action.text``), the result by its winners and its
  :class:`~machiavelli.core.game.Termination` code;
* a typed line is a move's number in that list, a listed move's text, or
  anything the game's ``parse_action`` reads;
* the rules are generated from the variant: the players and the cards,
  then every parameter of the game's schema with its value and its
  description (the schema's ``Field(description=...)``, translated in
  catalog context ``variant parameter`` when a catalog has it);
* the web page gets a table of areas built from the same view: rows of
  cards, the hand, the other facts as lines, and the listed moves (a move
  that plays one hand card is played by dropping that card, any other is
  a button).

Every sentence is in the user's language; what stays as the game wrote it
is its own notation and the names of its view's properties and codes.
"""

from __future__ import annotations

import dataclasses
import enum
from typing import Any, Iterable, Sequence

from .actions import Action
from .cards import FRENCH, Card, DeckSpec
from .errors import IllegalAction, MachiavelliError, NotationError
from .i18n import _, format_list, format_number, join_clauses, join_values, labelled, npgettext, pgettext
from .present import Area, Move, Presentation, RulesDocument, RulesWriter, Style, TableView, count_text, variant_title
from .registry import GameDefinition
from .terminal import printable
from .words import fold

#: What every view has (see ``SeatView``) and the plain table shows in its own way.
_KERNEL = frozenset({"seat", "players", "turn", "my_turn", "outcome", "log", "variant", "legal_actions", "hand"})
#: Most moves listed at the terminal (a game with more lists its first ones).
MAX_LISTED = 40
#: Longest value shown for a property the plain table does not know how to draw.
MAX_VALUE_CHARS = 200
#: The keys of every variant, said in their own sentences (or not at all).
_BASE_KEYS = ("name", "title", "description", "notes", "extends", "game", "deck", "decks", "players")


# -- reading a view ------------------------------------------------------------


def _deck(view: Any) -> DeckSpec:
    deck = getattr(getattr(view, "variant", None), "deck", None)
    return deck if isinstance(deck, DeckSpec) else FRENCH


def legal(view: Any) -> list[Action] | None:
    """The actions the view lists for its seat (None: the view lists none)."""
    found = getattr(view, "legal_actions", None)
    if not callable(found):
        return None
    try:
        actions = list(found())
    except Exception:  # noqa: BLE001 - a view that cannot list its moves is read without the list
        return None
    return [a for a in actions if isinstance(a, Action)]


def _public_names(view: Any) -> list[str]:
    """The view's public properties and attributes, in the order its classes define them."""
    names: list[str] = []
    for cls in reversed(type(view).__mro__):
        for name, attr in vars(cls).items():
            if isinstance(attr, property) and not name.startswith("_"):
                names.append(name)
        if dataclasses.is_dataclass(cls):
            names += [f.name for f in dataclasses.fields(cls) if not f.name.startswith("_")]
    names += [n for n in getattr(view, "__dict__", {}) if not n.startswith("_")]
    return [n for n in dict.fromkeys(names) if n not in _KERNEL]


def public(view: Any) -> list[tuple[str, Any]]:
    """(name, value) of every public fact of the view but the kernel's own
    (its seat, turn, outcome, log, variant, hand): what a seat may see
    besides, as the game's view says it."""
    out = []
    for name in _public_names(view):
        try:
            value = getattr(view, name)
        except Exception:  # noqa: BLE001 - a property that cannot be read is left out
            continue
        if callable(value):
            continue
        out.append((name, value))
    return out


def _cards(value: Any) -> tuple[Card, ...] | None:
    """``value`` as cards when it is a card or a sequence of cards."""
    if isinstance(value, Card):
        return (value,)
    if isinstance(value, (tuple, list)) and value and all(isinstance(c, Card) for c in value):
        return tuple(value)
    return None


def _show(cards: Iterable[Card], deck: DeckSpec, style: Style) -> str:
    return deck.format_cards(cards, symbols=style.symbols)


def _seat_name(seat: int, style: Style) -> str:
    return style.names[seat] if 0 <= seat < len(style.names) else format_number(seat + 1)


def _value(name: str, value: Any, deck: DeckSpec, style: Style, players: int) -> str:
    """One fact of a view in words."""
    cards = _cards(value)
    if cards is not None:
        return _show(cards, deck, style)
    if isinstance(value, bool):
        return yes_no(value)
    if isinstance(value, int) and name in ("current", "dealer", "first"):
        return _seat_name(value, style)
    if isinstance(value, (int, float)):
        return format_number(value)
    if value is None:
        return "-"
    if isinstance(value, enum.Enum):
        return printable(value.value)
    if isinstance(value, (tuple, list)):
        if not value:
            return "-"
        if all(isinstance(v, int) and not isinstance(v, bool) for v in value) and len(value) == players:
            # One number per seat (cards in hand, points): each named by its seat.
            return join_clauses(labelled(_seat_name(s, style), format_number(v)) for s, v in enumerate(value))
        if all(_cards(v) is not None for v in value):
            return " | ".join(_show(_cards(v) or (), deck, style) for v in value)
        return join_values(_value("", v, deck, style, players) for v in value)
    text = printable(value)
    return text if len(text) <= MAX_VALUE_CHARS else text[:MAX_VALUE_CHARS] + "…"


def yes_no(value: bool) -> str:
    # TRANSLATORS: A fact of a game shown by the plain table or rules (a game without a
    # presentation of its own): a yes-or-no value.
    return pgettext("plain value", "yes") if value else pgettext("plain value", "no")


def _label(name: str) -> str:
    """A property's name as the plain table shows it: the game's own word."""
    return name.replace("_", " ")


# -- the presentation ----------------------------------------------------------


def result_text(outcome: Any, style: Style) -> str:
    """How the game ended: its winners (or none) and its termination code."""
    reason = printable(str(outcome.reason))
    winners = [s for s in outcome.winners if isinstance(s, int)]
    if not winners:
        # TRANSLATORS: The end of a game without a presentation of its own; {reason} is the game's
        # code for how it ended (went-out, blocked).
        return pgettext("plain table", "Game over ({reason}): nobody wins.", reason=reason)
    # TRANSLATORS: The end of a game without a presentation of its own; {players} is the winners' names,
    # listed, {reason} is the game's code for how it ended (went-out, blocked).
    return npgettext("plain table", "Game over ({reason}): {players} wins.", "Game over ({reason}): {players} win.",
                     len(winners),
                    players=format_list(_seat_name(s, style) for s in winners), reason=reason)


def _status(view: Any, style: Style) -> str:
    if view.outcome is not None:
        return result_text(view.outcome, style)
    current = getattr(view, "current", None)
    if isinstance(current, int) and not isinstance(current, bool):
        # TRANSLATORS: The table of a game without a presentation of its own; {turn} is a turn's number,
        # {player} is a player's name (Player 2).
        return pgettext("plain table", "Turn {turn}: {player} to play.", turn=view.turn,
                        player=_seat_name(current, style))
    if view.my_turn:
        # TRANSLATORS: The table of a game without a presentation of its own; {turn} is a turn's number.
        return pgettext("plain table", "Turn {turn}: your move.", turn=view.turn)
    # TRANSLATORS: The table of a game without a presentation of its own; {turn} is a turn's number.
    return pgettext("plain table", "Turn {turn}: waiting for the others.", turn=view.turn)


def _facts(view: Any, style: Style) -> list[tuple[str, str, str, tuple[Card, ...] | None]]:
    """(name, label, text, cards or None) of each public fact but the hand."""
    deck, out = _deck(view), []
    for name, value in public(view):
        if name == "hand_sizes":
            # TRANSLATORS: The table of a game without a presentation of its own: how many cards each
            # player holds.
            label = pgettext("plain table", "Cards in hand")
        elif name == "current":
            # TRANSLATORS: The table of a game without a presentation of its own: whose move it is.
            label = pgettext("plain table", "To play")
        elif name == "dealer":
            # TRANSLATORS: The table of a game without a presentation of its own: who dealt.
            label = pgettext("plain table", "Dealer")
        else:
            label = _label(name)
        out.append((name, label, _value(name, value, deck, style, view.players), _cards(value)))
    return out


def _hand(view: Any) -> tuple[Card, ...] | None:
    try:
        hand = getattr(view, "hand", None)
    except Exception:  # noqa: BLE001 - a view without a readable hand is shown without one
        return None
    return tuple(hand) if isinstance(hand, (tuple, list)) and all(isinstance(c, Card) for c in hand) else None


def _listed(actions: Sequence[Action], deck: DeckSpec) -> list[str]:
    lines = [f"  {k}. {printable(a.text(deck))}" for k, a in enumerate(actions[:MAX_LISTED], 1)]
    if len(actions) > MAX_LISTED:
        # TRANSLATORS: The table of a game without a presentation of its own, after its numbered list
        # of moves; {n} is a number of moves not listed.
        lines.append("  " + npgettext("plain table", "… and {n} more move", "… and {n} more moves",
                                      len(actions) - MAX_LISTED))
    return lines


def _card_of(action: Action, hand: Sequence[Card]) -> Card | None:
    """The one hand card an action plays, if it names exactly one card and nothing else of cards."""
    values: list[Any] = []
    if dataclasses.is_dataclass(action):
        values = [getattr(action, f.name) for f in dataclasses.fields(action)]
    found: list[Card] = []
    for value in values:
        found += list(_cards(value) or ())
    return found[0] if len(found) == 1 and found[0] in hand else None


class _PlainRules(RulesWriter):
    """The rules of a variant of a game with no rules text: generated from its parameters."""

    def __init__(self, variant: Any, definition: GameDefinition) -> None:
        super().__init__(variant)
        self.definition = definition

    def compose(self) -> RulesDocument:
        v, doc = self.v, self.doc
        # TRANSLATORS: The title of the rules of a game without a presentation of its own; {game} is the
        # game's name (a code), {variant} is a variant's name (a code).
        doc.title = pgettext("plain rules", "{game}: {variant}", game=printable(self.definition.name),
                             variant=variant_title(v, doc.language, rtl=doc.rtl))
        doc.subtitle = printable(v.text("description", doc.language)[0])
        self.cover(*_BASE_KEYS)
        # TRANSLATORS: A section title of the rules of a game without a presentation of its own.
        self.open("about", pgettext("plain rules", "About these rules"))
        self.say(pgettext("plain rules", "This game comes without a rules text of its own: what follows is "
                          "generated from its variant's parameters."))
        # TRANSLATORS: A section title of the rules of a game without a presentation of its own.
        self.open("cards", pgettext("plain rules", "Players and cards"))
        deck: DeckSpec = v.deck
        ranks = " ".join(r.code for r in deck.ranks)
        suits = " ".join(s.symbol for s in deck.suits)
        self.say(
            # TRANSLATORS: The rules of a game without a presentation of its own; {low} and {high} are
            # numbers of players.
            pgettext("plain rules", "{low} to {high} players.", low=v.players.min, high=v.players.max)
            if v.players.min != v.players.max else
            # TRANSLATORS: The rules of a game without a presentation of its own; {n} is a number of players.
            npgettext("plain rules", "{n} player.", "{n} players.", v.players.min),
            # TRANSLATORS: The rules of a game without a presentation of its own; {n} is a number of decks,
            # {cards} is a number of cards, {ranks} is the ranks' codes, {suits} is the suits' symbols.
            npgettext("plain rules", "One deck of {cards} cards: ranks {ranks}, suits {suits}.",
                      "{n} decks, {cards} cards in all: ranks {ranks}, suits {suits}.", v.decks,
                      cards=v.card_count, ranks=self.latin(ranks), suits=self.latin(suits)))
        items = []
        for key, info in type(v).model_fields.items():
            if key in _BASE_KEYS:
                continue
            self.cover(key)
            meaning = pgettext("variant parameter", info.description) if info.description else ""
            value = self.latin(parameter_text(getattr(v, key)))
            if meaning:
                # TRANSLATORS: One rule of a variant of a game without a presentation of its own;
                # {parameter} is the parameter's key (a code, as --set takes it), {value} its value,
                # {meaning} what the parameter means (a sentence).
                items.append(pgettext("plain rules", "{parameter} = {value}: {meaning}",
                                      parameter=self.latin(key), value=value, meaning=meaning))
            else:
                # TRANSLATORS: One rule of a variant of a game without a presentation of its own, whose
                # meaning the game does not say; {parameter} is the parameter's key (a code, as --set takes
                # it), {value} its value.
                items.append(pgettext("plain rules", "{parameter} = {value}", parameter=self.latin(key),
                                      value=value))
        if items:
            # TRANSLATORS: A section title of the rules of a game without a presentation of its own.
            self.open("parameters", pgettext("plain rules", "The rules of this variant"))
            self.bullets(items)
        endings = [printable(str(t.value)) for t in self.definition.terminations]
        if endings:
            # TRANSLATORS: A section title of the rules of a game without a presentation of its own.
            self.open("end", pgettext("plain rules", "The end of a game"))
            # TRANSLATORS: The rules of a game without a presentation of its own; {endings} is the game's
            # codes for how a game ends, listed.
            self.say(pgettext("plain rules", "A game ends in one of these ways (the game's own codes): {endings}.",
                              endings=format_list(self.latin(e) for e in endings)))
        # TRANSLATORS: A section title of the rules of a game without a presentation of its own.
        self.notes_section(pgettext("plain rules", "Notes"))
        # TRANSLATORS: A section title of the rules of a game without a presentation of its own.
        self.leftover(pgettext("plain rules", "Other rules"))
        return doc


def parameter_text(value: Any) -> str:
    """A variant parameter's value in words (lists and mappings shallowly)."""
    from pydantic import BaseModel

    if isinstance(value, BaseModel):
        value = value.model_dump(mode="json")
    if isinstance(value, bool):
        return yes_no(value)
    if value is None:
        # TRANSLATORS: A parameter of a game's variant that is not set (the plain rules).
        return pgettext("plain value", "none")
    if isinstance(value, (int, float)):
        return format_number(value)
    if isinstance(value, dict):
        return join_clauses(labelled(printable(k), parameter_text(v)) for k, v in value.items()) or "-"
    if isinstance(value, (list, tuple, set, frozenset)):
        return join_values(parameter_text(v) for v in value) or "-"
    text = printable(value.value if isinstance(value, enum.Enum) else value)
    return text if len(text) <= MAX_VALUE_CHARS else text[:MAX_VALUE_CHARS] + "…"


def plain(definition: GameDefinition) -> Presentation:
    """The plain presentation of ``definition``'s game (see the module's docstring)."""

    def seat_view(view: Any, style: Style) -> list[str]:
        deck = _deck(view)
        lines = [_status(view, style)]
        lines += [labelled(label, text)
                  for _name, label, text, _found in _facts(view, style)]
        hand = _hand(view)
        if hand is not None:
            # TRANSLATORS: The table of a game without a presentation of its own; {player} is a player's
            # name (Player 2), {cards} is cards as shown at the table (5♣ 6♣ 7♣).
            lines.append(pgettext("plain table", "Your hand ({player}): {cards}",
                                  player=_seat_name(view.seat, style), cards=_show(hand, deck, style) or "-"))
        actions = legal(view) if view.my_turn else None
        if actions:
            # TRANSLATORS: The table of a game without a presentation of its own, before the numbered list
            # of the moves open to the player.
            lines.append(pgettext("plain table", "Your moves (type one, or its number):"))
            lines += _listed(actions, deck)
        return lines

    def narrate(entry: Any, variant: Any, style: Style) -> str:
        text = labelled(_seat_name(entry.seat, style), printable(entry.action.text(variant.deck)))
        outcome = getattr(entry, "outcome", None)
        return text + " " + result_text(outcome, style) if outcome is not None else text

    def read_command(text: str, view: Any) -> tuple[Action, ...]:
        words = text.split()
        actions = legal(view) or []
        deck = _deck(view)
        if len(words) == 1 and words[0].isdigit() and actions:
            k = int(words[0])
            if 1 <= k <= len(actions):
                return (actions[k - 1],)
            raise NotationError("no-such-move", token=words[0][:20], n=len(actions))
        typed = fold(" ".join(words))
        same = [a for a in actions if fold(a.text(deck)) == typed]
        if same:
            return (same[0],)
        try:
            return (definition.parse_action(text, getattr(view, "variant", None)),)
        except MachiavelliError:
            raise
        except (AttributeError, TypeError, ValueError, KeyError, IndexError):
            # A parser that needs the variant where the view does not say it, or that fails on a line.
            raise NotationError("bad-move", token=text[:60]) from None

    def describe_action(action: Action, view: Any, style: Style) -> str:
        return printable(action.text(_deck(view)))

    def commands_help() -> list[str]:
        return [
            # TRANSLATORS: The help of the table of a game without a presentation of its own.
            pgettext("plain table", "Type a move as the game writes it (the list of your moves shows them), or "
                     "its number in that list."),
        ]

    def summary(game: Any, style: Style) -> list[str]:
        if game.outcome is not None:
            lines = [result_text(game.outcome, style)]
        else:
            seats = game.to_move()
            # TRANSLATORS: After or during a game without a presentation of its own; {turn} is a turn's
            # number, {player} is the players who may move, listed.
            lines = [pgettext("plain table", "Turn {turn}: {player} to play.", turn=game.turn_number,
                              player=format_list(_seat_name(s, style) for s in seats))]
        deck = getattr(game.variant, "deck", FRENCH)
        hand = getattr(game, "hand", None)
        for seat in range(game.players):
            cards = count_text(game.hand_size(seat))
            shown = _show(hand(seat), deck, style) if callable(hand) else ""
            lines.append(f"  {_seat_name(seat, style)}: {cards}" + (f": {shown}" if shown else ""))
        return lines

    def explain(error: MachiavelliError) -> str | None:
        from .i18n import placeholders
        from .reasons import ACTION_REASONS, ERRORS

        if error.code in ("no-such-move", "bad-move"):
            # TRANSLATORS: The table of a game without a presentation of its own, refusing a line; {token}
            # is what was typed, as typed.
            return pgettext("plain table", "Not a move: {token}. Type a move as the list of your moves writes "
                            "it, or its number.", token=printable(error.params.get("token", ""), visible=True))
        template = ERRORS.get(error.code) or ACTION_REASONS.get(error.code)
        if template is not None and placeholders(template) <= {*error.params, "where", "detail"}:
            return None  # the kernel's own reason says it, every value given
        if isinstance(error, NotationError):
            return pgettext("plain table", "Not a move: {token}. Type a move as the list of your moves writes "
                            "it, or its number.", token=printable(error.params.get("token", ""), visible=True))
        if isinstance(error, IllegalAction):
            # TRANSLATORS: The table of a game without a presentation of its own: the rules refused a move;
            # {reason} is the game's own code for why.
            return pgettext("plain table", "The rules refuse this move ({reason}).",
                            reason=printable(error.code))
        return None

    def rules(variant: Any) -> RulesDocument:
        return _PlainRules(variant, definition).compose()

    def table(view: Any, style: Style) -> TableView:
        areas: list[Area] = []
        lines: list[str] = []
        hand = _hand(view) or ()
        actions = legal(view) if view.my_turn and view.outcome is None else None
        moves = tuple(Move(action=a, card=_card_of(a, hand), takes=(), text=describe_action(a, view, style))
                      for a in actions or ())
        target = any(m.card is not None for m in moves)
        for k, (name, label, text, cards) in enumerate(_facts(view, style)):
            if name in ("hand_sizes", "current"):
                continue  # the page shows every seat's cards and whose move it is
            if cards is None:
                lines.append(labelled(label, text))
                continue
            areas.append(Area(key=f"fact-{k}", kind="cards", label=label, cards=cards,
                              target=target and not any(a.target for a in areas)))
        if target and not any(a.target for a in areas):
            # TRANSLATORS: The web table of a game without a presentation of its own: where a hand card is
            # dropped to play it.
            areas.insert(0, Area(key="table", kind="cards", label=pgettext("plain table", "Play a card here"),
                                 target=True))
        if lines:
            # TRANSLATORS: The web table of a game without a presentation of its own: the facts of the game
            # that are not cards.
            areas.append(Area(key="facts", kind="text", label=pgettext("plain table", "The game"),
                              lines=tuple(lines)))
        if any(m.card is None for m in moves):
            # TRANSLATORS: The web table of a game without a presentation of its own: the moves offered as
            # buttons.
            areas.append(Area(key="moves", kind="moves", label=pgettext("plain table", "Your moves")))
        areas.append(Area(key="hand", kind="hand", label=_("Your hand"), cards=hand))
        if view.outcome is not None:
            areas.append(Area(key="result", kind="result", label=_("Result"),
                              lines=(result_text(view.outcome, style),)))
        current = getattr(view, "current", None)
        known = isinstance(current, int) and not isinstance(current, bool)
        return TableView(areas=tuple(areas), moves=moves,
                         status="" if known or view.outcome is not None else _status(view, style),
                         current=current if known and view.outcome is None else None)

    return Presentation(seat_view=seat_view, narrate=narrate, read_command=read_command,
                        describe_action=describe_action, commands_help=commands_help, summary=summary,
                        explain=explain, rules=rules, table=table)

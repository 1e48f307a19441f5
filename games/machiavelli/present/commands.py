"""The commands Machiavelli adds to the command line (``core.present.GameCommand``):

``machiavelli solve``: the most cards a hand can put on a table.

One position from ``--table`` and ``--hand``: the steps from the old table
to the new one and the new table, or JSON with ``--json``::

    {"placed": ["4C"], "table": [["5S", "5H", "5D"], ["4C", "5C", "6C", "7C", "8C"]],
     "steps": [{"cards": ["5C"], "from": 1, "to": 2, "new": false}, ...],
     "numbers": [1, 2], "help_used": [], "changed": [1]}

``table[i]`` is the meld numbered ``numbers[i]`` in the steps: old melds keep
their numbers, new ones come after. A step's ``from`` is an old meld's
number, ``"hand"`` or ``"help"``; ``new`` marks the step that starts a meld.

``--batch FILE`` (``-`` for standard input) reads one position per line,
``{"table": [["5C", "5D", "5H"], ...], "hand": ["4C", ...], "help": [...]}``
(``help`` optional), and prints one JSON answer per line in the same order.
A line that is not a valid position gets ``{"error": {"code": ..., "message":
...}, "line": N}`` in its place; the other lines are still answered, and the
exit status is 2 when any line was bad.

``machiavelli meld check``: is this a valid meld under a variant's rules?
Any variant whose rules check melds is answered (Sì Sè Pái's groups too);
another game's (Cicera's) is refused in one line.

The command line lists both from the ``machiavelli.commands`` entry point
and imports this module to show their help: the solver and the engine are
imported when a command runs. (No ``from __future__ import annotations``:
the commands' options come from the :class:`~machiavelli.core.present.CommandKit`
the command line lends, and Typer reads them from the annotations.)
"""

import sys
from typing import TYPE_CHECKING, Annotated, Any, BinaryIO, Iterable, Iterator, Optional, Sequence

import typer

from machiavelli.core import glossary
from machiavelli.core.errors import MachiavelliError, NotationError, PositionError
from machiavelli.core.files import open_regular
from machiavelli.core.i18n import NP_, N_, _, format_list, ngettext
from machiavelli.core.numbers import parse_json_int
from machiavelli.core.command_line import CommandKit, GameCommand
from machiavelli.core.reasons import describe, meld_reason

if TYPE_CHECKING:
    from machiavelli.core.cards import Card, DeckSpec

    from ..solution import Solution, Step
    from ..variant import MachiavelliVariant

#: The game these commands belong to (the refusal names it).
GAME = "machiavelli"

#: Longest line of a batch file (a full table of four decks fits easily).
MAX_LINE_BYTES = 64 * 1024

TableOpt = Annotated[
    Optional[str],
    typer.Option("--table", help=N_('The melds on the table, separated by |: "5C 5D 5H 5S | 6C 7C 8C".')),
]
HandOpt = Annotated[Optional[str], typer.Option("--hand", help=N_('The cards in hand: "4C KD".'))]
HelpCardsOpt = Annotated[
    Optional[str], typer.Option("--help-cards", help=N_("The face-up help cards (help-cards variant)."))
]
BatchOpt = Annotated[
    Optional[str],
    typer.Option("--batch", help=N_("Solve one JSON position per line of this file (- for standard input); "
                 "answers are JSON lines in the same order.")),
]


SOLVE_HELP = N_(
    "The most cards your hand can put on the table, rearranging it freely, and the steps to get there.\n\n"
    "With --json, an object: placed (the cards from your hand that go down), help_used (the help cards "
    "used), table (the new table, one list of cards per meld), numbers (the number of each meld of table as "
    "the steps name it: old melds keep theirs, new ones come after), steps (in order, each with cards, from: "
    "an old meld's number, hand or help, to: a meld's number, and new: true for the step that starts a meld) "
    "and changed (the numbers of the old melds that lost cards). With --batch, one such object per line; a "
    "bad line gets an object with error (its code and message) and line (its number) instead.\n\n"
    "Exit status: 0 answered, 2 bad input (in --batch: any bad line).")


def register_solve(app: Any, kit: CommandKit) -> None:
    """``machiavelli solve`` (help text: :data:`SOLVE_HELP`)."""

    def solve(
        variant_name: Annotated[str, kit.variant_option] = "bga",
        overrides: Annotated[Optional[list[str]], kit.set_option] = None,
        table: TableOpt = None,
        hand: HandOpt = None,
        help_cards: HelpCardsOpt = None,
        batch: BatchOpt = None,
        as_json: Annotated[bool, kit.json_option] = False,
    ) -> None:
        """The most cards a hand can place (help text: see :data:`SOLVE_HELP`)."""
        from ..variant import MachiavelliVariant

        variant = kit.load_variant(variant_name, overrides or [])
        if not isinstance(variant, MachiavelliVariant):
            raise kit.not_for(variant_name, GAME)
        if batch is not None:
            if table is not None or hand is not None or help_cards is not None:
                raise kit.fail(_("--batch reads the positions from its file: leave out --table, --hand and "
                                 "--help-cards."))
            _batch(kit, variant, batch)
            return
        if hand is None:
            raise kit.fail(_("Say what is in your hand with --hand (or give --batch FILE)."))
        melds = variant.deck.parse_table(table or "")
        cards = variant.deck.parse_cards(hand)
        helps = variant.deck.parse_cards(help_cards or "")
        solution = _solve(kit, variant, melds, cards, helps)
        if as_json:
            kit.print_json(solution.as_dict(variant))
            return
        _print(variant, solution)

    app.command("solve", help=SOLVE_HELP)(kit.guard(solve))


def _solve(kit: CommandKit, variant: "MachiavelliVariant", melds: Iterable[Iterable["Card"]],
           cards: Iterable["Card"], helps: Iterable["Card"]) -> "Solution":
    from ..solver import solve as solve_position

    try:
        return solve_position(variant, melds, cards, helps)
    except PositionError as exc:
        raise kit.fail(_position_error(exc, variant.deck)) from None


def _position_error(exc: PositionError, deck: "DeckSpec") -> str:
    if exc.code == "invalid-meld":
        cards = exc.params["cards"]
        try:
            # The error carries canonical text; show it the way every other card is shown.
            cards = glossary.show_cards(deck.parse_cards(cards), deck)
        except NotationError:
            pass
        # TRANSLATORS: Solve's answer; {meld} is a meld's number on the table, {cards} is cards as shown
        # at the table (5♣ 6♣ 7♣), {reason} is why, a clause without a capital.
        return _("Meld {meld} on the table is not valid ({cards}): {reason}", meld=exc.params["meld"],
                 cards=cards, reason=meld_reason(exc.params.get("reason")))
    return describe(exc)


def _part(step: "Step", deck: "DeckSpec") -> str:
    cards = glossary.show_cards(step.cards, deck)
    if step.source == "hand":
        # TRANSLATORS: Solve's answer; {cards} is cards as shown at the table (5♣ 6♣ 7♣).
        return _("{cards} from your hand", cards=cards)
    if step.source == "help":
        # TRANSLATORS: Solve's answer; {cards} is cards as shown at the table (5♣ 6♣ 7♣).
        return ngettext("the help card {cards}", "the help cards {cards}", len(step.cards), cards=cards)
    # TRANSLATORS: Solve's answer; {cards} is cards as shown at the table (5♣ 6♣ 7♣), {source} is a
    # meld's number.
    return _("{cards} from meld {source}", cards=cards, source=step.source)


def steps_text(steps: Sequence["Step"], deck: "DeckSpec") -> list[str]:
    """The steps as sentences a person can follow at the table, one per meld
    that changes: what goes into it and where from."""
    lines: list[str] = []
    i = 0
    while i < len(steps):
        j = i
        while j < len(steps) and steps[j].target == steps[i].target:
            j += 1
        parts = format_list([_part(step, deck) for step in steps[i:j]])
        if steps[i].new:
            # TRANSLATORS: Solve's answer; {target} is a meld's number, {parts} is cards from the hand and
            # from other melds, listed.
            lines.append(_("New meld {target}: {parts}.", target=steps[i].target, parts=parts))
        else:
            # TRANSLATORS: Solve's answer; {target} is a meld's number, {parts} is cards from the hand and
            # from other melds, listed.
            lines.append(_("Meld {target}: add {parts}.", target=steps[i].target, parts=parts))
        i = j
    return lines


def _print(variant: "MachiavelliVariant", solution: "Solution") -> None:
    deck = variant.deck
    if solution.placed:
        # TRANSLATORS: Solve's answer; {n} is a number, {cards} is cards as shown at the table (5♣ 6♣ 7♣).
        typer.echo(ngettext("You can place {n} card: {cards}", "You can place {n} cards: {cards}",
                            len(solution.placed), cards=glossary.show_cards(solution.placed, deck)))
    else:
        typer.echo(_("No card from your hand can be placed."))
    if solution.help_used:
        # TRANSLATORS: Solve's answer; {n} is a number, {cards} is cards as shown at the table (5♣ 6♣ 7♣).
        typer.echo(ngettext("with {n} help card: {cards}", "with {n} help cards: {cards}", len(solution.help_used),
                            cards=glossary.show_cards(solution.help_used, deck)))
    if solution.steps:
        # TRANSLATORS: Solve's answer.
        typer.echo(_("Steps:"))
        for i, line in enumerate(steps_text(solution.steps, deck), start=1):
            typer.echo(f"  {i}. {line}")
    # TRANSLATORS: Solve's answer.
    typer.echo(_("New table:") if solution.steps else _("Table:"))
    width = len(str(max(solution.numbers, default=0)))
    for number, meld in zip(solution.numbers, solution.table):
        typer.echo(f"  {number:>{width}}: {glossary.show_cards(meld, deck)}")


# -- batch -------------------------------------------------------------------------


def _batch(kit: CommandKit, variant: "MachiavelliVariant", source: str) -> None:
    from ..solver import solve as solve_position

    bad = 0
    # A named file must be a regular one (a FIFO or a device would block or
    # never end); standard input is asked for with "-".
    stream = sys.stdin.buffer if source == "-" else open_regular(source)
    with stream:
        for number, raw in enumerate(_lines(stream), start=1):
            if raw is None:
                bad += 1
                _error_line(kit, number, "input-too-long", _("The input is too long."))
                continue
            if not raw.strip():
                continue
            try:
                melds, hand, helps = _position(variant, raw)
                answer: dict[str, Any] = solve_position(variant, melds, hand, helps).as_dict(variant)
            except PositionError as exc:
                bad += 1
                _error_line(kit, number, exc.code, _position_error(exc, variant.deck))
                continue
            except MachiavelliError as exc:
                bad += 1
                _error_line(kit, number, exc.code, describe(exc))
                continue
            kit.print_json(answer)
            sys.stdout.flush()
    if bad:
        raise typer.Exit(kit.bad_input)


def _lines(stream: BinaryIO) -> Iterator[str | None]:
    """Lines as text; None for a line longer than the limit (skipped whole)."""
    while True:
        line = stream.readline(MAX_LINE_BYTES + 1)
        if not line:
            return
        if len(line) > MAX_LINE_BYTES and not line.endswith(b"\n"):
            while line and not line.endswith(b"\n"):
                line = stream.readline(MAX_LINE_BYTES + 1)
            yield None
            continue
        yield line.decode("utf-8", errors="replace")


def _error_line(kit: CommandKit, number: int, code: str, message: str) -> None:
    kit.print_json({"error": {"code": code, "message": message}, "line": number})


def _position(variant: "MachiavelliVariant",
              raw: str) -> tuple[list[tuple["Card", ...]], tuple["Card", ...], tuple["Card", ...]]:
    """A batch line as (melds, hand, help cards); NotationError when it is
    not a position."""
    import json  # a batch's alone: `meld check` never reads JSON

    try:
        data = json.loads(raw, parse_int=parse_json_int)
    except ValueError:  # not JSON, or a number of more than MAX_DIGITS digits
        raise NotationError("bad-position-line", token=raw.strip()[:40]) from None
    if not isinstance(data, dict) or not isinstance(data.get("hand"), list):
        raise NotationError("bad-position-line", token=raw.strip()[:40])
    table = data.get("table", [])
    helps = data.get("help", [])
    if not isinstance(table, list) or not all(isinstance(m, list) for m in table) or not isinstance(helps, list):
        raise NotationError("bad-position-line", token=raw.strip()[:40])

    def cards(items: list[Any]) -> tuple["Card", ...]:
        if not all(isinstance(c, str) for c in items):
            raise NotationError("bad-position-line", token=raw.strip()[:40])
        return tuple(variant.deck.parse_card(c) for c in items)

    return [cards(m) for m in table if m], cards(data["hand"]), cards(helps)


# -- meld check ---------------------------------------------------------------------

MELD_HELP = N_("Check melds under a variant's rules.")
MELD_CHECK_HELP = N_(
    "Is this a valid meld? Prints its kind, or why not.\n\nExit status: 0 valid, 1 not a meld, 2 bad input.")


def register_meld(app: Any, kit: CommandKit) -> None:
    """``machiavelli meld check``."""
    meld_app = typer.Typer(help=MELD_HELP, no_args_is_help=True)
    app.add_typer(meld_app, name="meld")

    def meld_check(
        cards: Annotated[list[str], typer.Argument(metavar=NP_("argument", "CARDS"),
                                                   help=N_('The cards, e.g. "K♣ A♣ 2♣" or KC AC 2C.'))],
        variant_name: Annotated[str, kit.variant_option] = "bga",
        overrides: Annotated[Optional[list[str]], kit.set_option] = None,
        as_json: Annotated[bool, kit.json_option] = False,
    ) -> None:
        # Any game whose variant checks melds (Machiavelli's, Sì Sè Pái's groups): a plugin boundary.
        variant: Any = kit.load_variant(variant_name, overrides or [])
        if not callable(getattr(variant, "check", None)):  # Cicera has no melds to check
            raise kit.not_for(variant_name, GAME)
        from machiavelli.core import registry

        present = registry.game(variant.game).presentation
        own = present().meld_check if present is not None and variant.game != GAME else None
        if own is not None and not as_json:
            # Another game's melds in its own words: its cards as its table shows them, its reasons.
            valid, line = own(variant, cards, glossary.card_faces())
            typer.echo(line)
            raise typer.Exit(0 if valid else 1)
        parsed = variant.deck.parse_cards(" ".join(cards))
        result = variant.check(parsed)
        # What the jokers stand for, in a variant with jokers (other games' and
        # joker-less variants answer as before): every assignment.
        wild = getattr(variant, "wild", None)
        stands = variant.stands_for(parsed) if wild is not None and result.valid else ()
        if as_json:
            answer = result.as_dict()
            if wild is not None:
                answer["jokers"] = sum(1 for c in parsed if c.rank == 0 and c.suit == wild.code)
                answer["stands_for"] = [[variant.deck.card_text(c) for c in combo] for combo in stands]
            kit.print_json(answer)
            raise typer.Exit(0 if result.valid else 1)
        shown = glossary.show_cards(variant.arrange(parsed), variant.deck)
        if result.valid:
            kind = glossary.kind_name(result.kind or "")
            if stands:
                # TRANSLATORS: Meld check of a meld with jokers; {cards} is cards as shown at the table (5♥ 🃏 7♥),
                # {kind} is a kind of meld (set, run), {jokers} says what the jokers stand for ("the joker stands
                # for 6♥").
                typer.echo(_("{cards}: a valid {kind}; {jokers}", cards=shown, kind=kind,
                             jokers=glossary.jokers_text(stands, variant.deck)))
            else:
                # TRANSLATORS: Meld check; {cards} is cards as shown at the table (5♣ 6♣ 7♣), {kind} is a kind of
                # meld (set, run).
                typer.echo(_("{cards}: a valid {kind}", cards=shown, kind=kind))
        else:
            # TRANSLATORS: Meld check; {cards} is cards as shown at the table (5♣ 6♣ 7♣), {reason} is why, a
            # clause without a capital.
            typer.echo(_("{cards}: not a meld: {reason}", cards=shown, reason=meld_reason(result.reason)))
            raise typer.Exit(1)

    meld_app.command("check", help=MELD_CHECK_HELP)(kit.guard(meld_check))


SOLVE = GameCommand("solve", GAME, register_solve)
MELD = GameCommand("meld", GAME, register_meld)
#: Every command Machiavelli adds (``Presentation.commands``).
COMMANDS = (SOLVE, MELD)

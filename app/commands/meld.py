"""``machiavelli meld check``: is this a valid meld under a variant's rules?"""

from __future__ import annotations

from typing import Annotated, Any

import typer

from machiavelli.core.i18n import NP_, N_, _
from ..options import JsonOpt, SetOpt, VariantOpt, handles_errors, print_json


def register(app: typer.Typer) -> None:
    meld_app = typer.Typer(help=N_("Check melds under a variant's rules."), no_args_is_help=True)
    app.add_typer(meld_app, name="meld")
    meld_app.command("check", help=N_(
        "Is this a valid meld? Prints its kind, or why not.\n\nExit status: 0 valid, 1 not a meld, 2 bad input."))(
        meld_check)


@handles_errors
def meld_check(
    cards: Annotated[list[str], typer.Argument(metavar=NP_("argument", "CARDS"), help=N_('The cards, e.g. "K♣ A♣ 2♣" or KC AC 2C.'))],
    variant_name: VariantOpt = "bga",
    overrides: SetOpt = None,
    as_json: JsonOpt = False,
) -> None:
    from machiavelli.core import glossary
    from machiavelli.app import library
    from machiavelli.core.reasons import meld_reason

    # Any game whose variant checks melds (Machiavelli's, Sì Sè Pái's groups): a plugin boundary.
    variant: Any = library.load_variant(variant_name, overrides or [])
    if not callable(getattr(variant, "check", None)):  # Cicera has no melds to check
        raise library.not_for(variant_name, "machiavelli")
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
        print_json(answer)
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

"""The ``machiavelli`` command: a thin layer over the kernel in ``core``."""

from __future__ import annotations

import dataclasses
from typing import Annotated

import typer
import yaml
from rich.console import Console
from rich.table import Table as RichTable

from machiavelli.core import registry
from machiavelli.core.errors import MachiavelliError, VariantError
from machiavelli.core.variant import differences, parameters_of
from machiavelli.app import display, glossary, library
from machiavelli.app.commands import game as game_command, locales as locales_command, rules as rules_command
from machiavelli.app.commands import plugins as plugins_command, simulate as simulate_command
from machiavelli.app.commands import solve as solve_command
from machiavelli.app.help_text import LocalisedGroup
from machiavelli.app.i18n import N_, _, language
from machiavelli.app.options import JsonOpt, SetOpt, VariantOpt, handles_errors, print_json
from machiavelli.app.reasons import describe, meld_reason

app = typer.Typer(
    name="machiavelli",
    cls=LocalisedGroup,
    help=N_("Machiavelli, the Italian rummy card game, in any variant and any language."),
    no_args_is_help=True,
    add_completion=False,
)
variants_app = typer.Typer(help=N_("List, show and validate variants."), no_args_is_help=True)
meld_app = typer.Typer(help=N_("Check melds under a variant's rules."), no_args_is_help=True)
app.add_typer(variants_app, name="variants")
app.add_typer(meld_app, name="meld")

# -- command registrations --
rules_command.register(app)
locales_command.register(app)
game_command.register(app)
simulate_command.register(app)
solve_command.register(app)
plugins_command.register(app)


@app.callback()
@handles_errors
def global_options(lang: display.LangOpt = None, ascii_cards: display.AsciiOpt = False) -> None:
    """Machiavelli, the Italian rummy card game, in any variant and any language."""
    display.apply(lang, ascii_cards)


@variants_app.command("list", help=N_(
    "Name, one-line description and parent of every variant known by name: shipped, in your variants folder "
    "or from a plugin."))
@handles_errors
def variants_list(as_json: JsonOpt = False) -> None:
    rows = []
    for found, variant in library.all_known():
        if isinstance(variant, VariantError):
            rows.append({"name": found.name, "description": "", "extends": None, "game": None,
                         "source": found.source, "error": describe(variant)})
        else:
            rows.append({"name": variant.name, "description": variant.text("description", language())[0],
                         "extends": variant.extends, "game": variant.game, "source": found.source})
    if as_json:
        print_json(rows)
        return
    table = RichTable(_("Variant"), _("Description"), _("Extends"), _("From"), box=None, pad_edge=False)
    for row in rows:
        table.add_row(row["name"], row.get("error") or row["description"], row["extends"] or "",
                      _source_name(row["source"]))
    Console(soft_wrap=True).print(table)


def _source_name(source: str) -> str:
    kind, _sep, origin = source.partition(" ")
    if kind == library.SHIPPED:
        return _("shipped")
    if kind == library.USER:
        return _("your folder")
    return _("plugin {name}", name=origin)


@variants_app.command("show", help=N_("The fully resolved parameters of a variant (YAML; JSON with --json)."))
@handles_errors
def variants_show(
    name: Annotated[str, typer.Argument(help=N_("A shipped variant's name or a YAML file."))],
    overrides: SetOpt = None,
    as_json: JsonOpt = False,
) -> None:
    variant = library.load_variant(name, overrides or [])
    data = variant.parameters()
    if as_json:
        print_json(data)
    else:
        typer.echo(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), nl=False)


@variants_app.command("params", help=N_("Every rule a variant can set: type, default, allowed values, meaning."))
@handles_errors
def variants_params(
    game: Annotated[str, typer.Option("--game", help=N_("The game whose rules are listed."))] = "machiavelli",
    as_json: JsonOpt = False,
) -> None:
    params = parameters_of(registry.game(game).variant_schema)
    if as_json:
        print_json([dataclasses.asdict(p) for p in params])
        return
    table = RichTable(_("Key"), _("Type"), _("Default"), _("Allowed"), _("Meaning"), box=None, pad_edge=False)
    for p in params:
        if p.allowed:
            allowed = ", ".join(map(str, p.allowed))
        elif p.minimum is not None or p.maximum is not None:
            allowed = f"{'' if p.minimum is None else p.minimum}..{'' if p.maximum is None else p.maximum}"
        else:
            allowed = ""
        default = "" if isinstance(p.default, dict) and len(str(p.default)) > 30 else _shown(p.default)
        table.add_row(p.key, p.type, default, allowed, p.description)
    Console(soft_wrap=False).print(table)


@variants_app.command("diff", help=N_(
    "The parameters on which two variants differ, side by side, and the rule sentences that differ, in the "
    "chosen language.\n\n"
    "--set changes the second variant, so `diff bga bga --set aces=wrap` shows what a house rule changes."))
@handles_errors
def variants_diff(
    a: Annotated[str, typer.Argument(help=N_("The first variant: a shipped name or a YAML file."))],
    b: Annotated[str, typer.Argument(help=N_("The second variant; --set applies to this one."))],
    overrides: SetOpt = None,
    lang: display.LangOpt = None,
    as_json: JsonOpt = False,
) -> None:
    from machiavelli.app import rules_diff

    if lang is not None:
        display.apply(lang)
    left, right = library.load_variant(a), library.load_variant(b, overrides or [])
    rows = differences(left, right)
    sentences = rules_diff.differing(left, right)
    if as_json:
        print_json({"a": left.name, "b": right.name,
                    "parameters": [{"key": k, "a": va, "b": vb} for k, va, vb in rows],
                    "rules": [d.as_dict() for d in sentences]})
        return
    if not rows:
        typer.echo(_("{a} and {b} have the same rules.", a=left.name, b=right.name))
        return
    table = RichTable(_("Rule"), left.name, right.name, box=None, pad_edge=False)
    for key, va, vb in rows:
        table.add_row(key, _shown(va), _shown(vb))
    Console(soft_wrap=True).print(table)
    rules_diff.show(left.name, right.name, sentences)


def _shown(value: object) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "true" if value else "false"  # as written in YAML and --set
    if isinstance(value, dict):
        return ", ".join(f"{k}: {_shown(v)}" for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return ", ".join(map(_shown, value)) or "-"
    return str(value)


@variants_app.command("validate", help=N_("Exit 0 when every file is a valid variant, 1 with all errors otherwise."))
def variants_validate(
    files: Annotated[list[str], typer.Argument(help=N_("Variant files to check."))],
    as_json: JsonOpt = False,
) -> None:
    results = []
    for file in files:
        try:
            variant = library.load_variant_file(file)
            results.append({"file": file, "valid": True, "name": variant.name, "error": None})
        except MachiavelliError as exc:
            results.append({"file": file, "valid": False, "name": None, "error": describe(exc),
                            "code": exc.code, **({"path": exc.params.get("path"), "line": exc.params.get("line")}
                                                 if isinstance(exc, VariantError) else {})})
    if as_json:
        print_json(results)
    else:
        for r in results:
            if r["valid"]:
                typer.echo(_("{file}: valid ({name})", file=r["file"], name=r["name"]))
            else:
                typer.echo(r["error"], err=True)
    if not all(r["valid"] for r in results):
        raise typer.Exit(1)


@meld_app.command("check", help=N_(
    "Is this a valid meld? Prints its kind, or why not.\n\nExit status: 0 valid, 1 not a meld, 2 bad input."))
@handles_errors
def meld_check(
    cards: Annotated[list[str], typer.Argument(help=N_('The cards, e.g. "K♣ A♣ 2♣" or KC AC 2C.'))],
    variant_name: VariantOpt = "bga",
    overrides: SetOpt = None,
    as_json: JsonOpt = False,
) -> None:
    variant = library.load_variant(variant_name, overrides or [])
    parsed = variant.deck.parse_cards(" ".join(cards))
    result = variant.check(parsed)
    if as_json:
        print_json(result.as_dict())
        raise typer.Exit(0 if result.valid else 1)
    shown = glossary.show_cards(variant.arrange(parsed), variant.deck)
    if result.valid:
        typer.echo(_("{cards}: a valid {kind}", cards=shown, kind=glossary.kind_name(result.kind or "")))
    else:
        typer.echo(_("{cards}: not a meld: {reason}", cards=shown, reason=meld_reason(result.reason)))
        raise typer.Exit(1)


def main() -> None:
    app()


if __name__ == "__main__":
    main()

"""``machiavelli variants``: list, show, compare and validate variants."""

from __future__ import annotations

from typing import Annotated, Any

import typer

from .. import display
from machiavelli.core.i18n import N_, NP_, _, format_list, join_clauses, join_values, labelled, pgettext
from machiavelli.core.console import breaking
from ..options import JsonOpt, SetOpt, handles_errors, print_json


def register(app: typer.Typer) -> None:
    variants_app = typer.Typer(help=N_("List, show and validate variants."), no_args_is_help=True)
    app.add_typer(variants_app, name="variants")
    variants_app.command("list", help=N_(
        "Name, one-line description and parent of every variant known by name: shipped, in your variants folder "
        "or from a plugin."))(variants_list)
    variants_app.command("show", help=N_(
        "The fully resolved parameters of a variant (YAML; JSON with --json)."))(variants_show)
    variants_app.command("params", help=N_(
        "Every rule a variant can set: type, default, allowed values, meaning."))(variants_params)
    variants_app.command("options", help=N_(
        "Every parameter a variant can set, generated from the schema: its type, allowed values, default and "
        "meaning, in the chosen language."))(variants_options)
    variants_app.command("diff", help=N_(
        "The parameters on which two variants differ, side by side, and the rule sentences that differ, in the "
        "chosen language.\n\n"
        "--set changes the second variant, so `diff bga bga --set aces=wrap` shows what a house rule changes."))(
        variants_diff)
    variants_app.command("validate", help=N_(
        "Exit 0 when every file is a valid variant, 1 with all errors otherwise."))(variants_validate)


def _titled(row: dict[str, Any]) -> str:
    """A variant's description after its name as players say it ("Aces high — Board Game Arena with ..."),
    when its file gives one."""
    if not row["title"] or row["title"] == row["name"]:
        return str(row["description"])
    if not row["description"]:
        return str(row["title"])
    # TRANSLATORS: variants list; {title} is a variant's name as players say it (Aces high), {description}
    # is its one-line description, which may hold a colon of its own.
    return _("{title} — {description}", title=row["title"], description=row["description"])


@handles_errors
def variants_list(as_json: JsonOpt = False) -> None:
    from rich.console import Console
    from rich.table import Table
    from rich.text import Text

    from machiavelli.core.errors import VariantError
    from machiavelli.core.terminal import printable

    from .. import library
    from machiavelli.core.i18n import language
    from machiavelli.core.reasons import describe

    rows: list[dict[str, Any]] = []
    for found, variant in library.all_known():
        if isinstance(variant, VariantError):
            rows.append({"name": found.name, "title": "", "description": "", "extends": None, "game": None,
                         "source": found.source, "error": describe(variant)})
        else:
            rows.append({"name": variant.name, "title": variant.title_in(language()),
                         "description": variant.text("description", language())[0],
                         "extends": variant.extends, "game": variant.game, "source": found.source})
    if as_json:
        print_json(rows)
        return
    # TRANSLATORS: The variants commands (list, show, params, options, diff, validate).
    table = Table(_("Variant"), _("Description"), _("Extends"), _("From"), box=None, pad_edge=False)
    for row in rows:
        # A variant file or a plugin is a stranger's text: cells are plain
        # text (never Rich markup) without control characters.
        table.add_row(*(Text(printable(cell)) for cell in (
            row["name"], row.get("error") or _titled(row), row["extends"] or "",
            library.source_name(row["source"]))))
    Console(soft_wrap=True).print(table)


@handles_errors
def variants_show(
    name: Annotated[str, typer.Argument(metavar=NP_("argument", "VARIANT"), help=N_("A shipped variant's name or a YAML file."))],
    overrides: SetOpt = None,
    as_json: JsonOpt = False,
) -> None:
    import yaml

    from .. import library

    variant = library.load_variant(name, overrides or [])
    data = variant.parameters()
    if as_json:
        print_json(data)
    else:
        from machiavelli.core.terminal import printable

        # YAML escapes C0 and C1 controls itself, not bidi overrides.
        typer.echo(printable(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), lines=True), nl=False)


GameOpt = Annotated[str, typer.Option("--game", help=N_("The game whose rules are listed."))]

# How the schema's types read in a table (JSON keeps the schema's own words).
TYPE_NAMES = {
    "int": NP_("parameter type", "whole number"), "bool": NP_("parameter type", "true or false"),
    "str": NP_("parameter type", "text"), "choice": NP_("parameter type", "one of the allowed values"),
    "mapping": NP_("parameter type", "mapping"), "list": NP_("parameter type", "list"),
    "section": NP_("parameter type", "section"),
}


def _type_name(kind: str) -> str:
    words = [pgettext("parameter type", TYPE_NAMES[w]) if w in TYPE_NAMES else w for w in kind.split(" or ")]
    return format_list(words, "or")


def _meaning(description: str) -> str:
    """A parameter's description in the user's language (the schema marks
    each with the context ``variant parameter``)."""
    return pgettext("variant parameter", description) if description else ""


@handles_errors
def variants_options(game: GameOpt = "machiavelli", lang: display.LangOpt = None, as_json: JsonOpt = False) -> None:
    if lang is not None:
        display.apply(lang)
    _parameter_table(game, as_json, options=True)


@handles_errors
def variants_params(game: GameOpt = "machiavelli", as_json: JsonOpt = False) -> None:
    _parameter_table(game, as_json, options=False)


def _parameter_table(game: str, as_json: bool, *, options: bool) -> None:
    import dataclasses

    from rich.console import Console
    from rich.table import Table

    from machiavelli.core import registry
    from machiavelli.core.variant_parameters import parameters_of

    params = parameters_of(registry.game(game).variant_schema)
    if as_json:
        if options:
            print_json([{"key": p.key, "type": p.type, "allowed": list(p.allowed) if p.allowed else None,
                         "minimum": p.minimum, "maximum": p.maximum, "default": p.default,
                         "description": p.description, "meaning": _meaning(p.description)} for p in params])
        else:
            print_json([dataclasses.asdict(p) for p in params])
        return
    from rich.cells import cell_len

    console = Console(soft_wrap=False)
    # The key is what a variant file names: never cut; the meaning wraps instead.
    # TRANSLATORS: The variants commands (list, show, params, options, diff, validate).
    key_width = max([len(p.key) for p in params] + [cell_len(_("Key"))])
    rows = []
    for p in params:
        if p.allowed:
            allowed = join_values(map(str, p.allowed))
        elif p.minimum is not None or p.maximum is not None:
            allowed = f"{'' if p.minimum is None else p.minimum}..{'' if p.maximum is None else p.maximum}"
        else:
            allowed = ""
        default = "" if isinstance(p.default, dict) and len(str(p.default)) > 30 else _shown(p.default)
        rows.append((p.key, _type_name(p.type), default, allowed,
                     _meaning(p.description)))
    table = Table(box=None, pad_edge=False)
    table.add_column(_("Key"), no_wrap=True, min_width=key_width)
    if console.width >= key_width + 100:  # room for every column side by side
        # TRANSLATORS: The variants commands (list, show, params, options, diff, validate).
        for header in (_("Type"), _("Default"), _("Allowed")):
            table.add_column(header, overflow="fold")
        # TRANSLATORS: The variants commands (list, show, params, options, diff, validate).
        table.add_column(_("Meaning"), min_width=30)
        for row in rows:
            table.add_row(row[0], *(breaking(cell) for cell in row[1:]))
    else:  # narrower: type, default and allowed values above the meaning
        table.add_column(_("Meaning"), overflow="fold")
        for key, kind, default, allowed, meaning in rows:
            facts = [kind]
            if default:
                # TRANSLATORS: The variants commands (list, show, params, options, diff, validate); {value} is a
                # value as a variant file writes it.
                facts.append(_("default: {value}", value=default))
            if allowed:
                # TRANSLATORS: The variants commands (list, show, params, options, diff, validate); {values} is
                # values, listed.
                facts.append(_("allowed: {values}", values=allowed))
            table.add_row(key, breaking(join_clauses(facts) + "\n" + meaning))
    console.print(table)


@handles_errors
def variants_diff(
    a: Annotated[str, typer.Argument(metavar=NP_("argument", "VARIANT_A"), help=N_("The first variant: a shipped name or a YAML file."))],
    b: Annotated[str, typer.Argument(metavar=NP_("argument", "VARIANT_B"), help=N_("The second variant; --set applies to this one."))],
    overrides: SetOpt = None,
    lang: display.LangOpt = None,
    as_json: JsonOpt = False,
) -> None:
    from rich.console import Console
    from rich.table import Table

    from machiavelli.core.variant import differences

    from .. import library, rules_diff

    if lang is not None:
        display.apply(lang)
    left, right = library.load_variant(a), library.load_variant(b, overrides or [])
    rows = differences(left, right)
    sentences = rules_diff.differing(left, right)
    # Two variants of one name (bga and "bga(aces=wrap)"): each side as it was typed.
    name_a, name_b = left.name, right.name
    if name_a == name_b:
        name_a, name_b = a, " ".join([b, *(f"--set {o}" for o in overrides or ())])
    if as_json:
        print_json({"a": left.name, "b": right.name,
                    "parameters": [{"key": k, "a": va, "b": vb} for k, va, vb in rows],
                    "rules": [d.as_dict() for d in sentences]})
        return
    if not rows:
        # TRANSLATORS: The variants commands (list, show, params, options, diff, validate); {a} is a
        # variant's name, {b} is another variant's name.
        typer.echo(_("{a} and {b} have the same rules.", a=name_a, b=name_b))
        return
    from rich.text import Text

    from machiavelli.core.terminal import printable

    # TRANSLATORS: The variants commands (list, show, params, options, diff, validate).
    table = Table(_("Rule"), name_a, name_b, box=None, pad_edge=False)
    for key, va, vb in rows:
        table.add_row(key, Text(printable(_shown(va))), Text(printable(_shown(vb))))
    Console(soft_wrap=True).print(table)
    rules_diff.show(name_a, name_b, sentences)


def _shown(value: Any) -> str:
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "true" if value else "false"  # as written in YAML and --set
    if isinstance(value, dict):
        return join_values(labelled(k, _shown(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)):
        return join_values(map(_shown, value)) or "-"
    return str(value)


def variants_validate(
    files: Annotated[list[str], typer.Argument(metavar=NP_("argument", "FILES"), help=N_("Variant files to check."))],
    as_json: JsonOpt = False,
) -> None:
    from machiavelli.core.errors import MachiavelliError, VariantError

    from machiavelli.core.terminal import printable

    from .. import library
    from machiavelli.core.reasons import describe, problem_message

    results = []
    messages: list[list[str]] = []
    for file in files:
        try:
            variant = library.load_variant_file(file)
            results.append({"file": file, "valid": True, "name": variant.name, "error": None, "problems": []})
            messages.append([])
        except MachiavelliError as exc:
            problems = _problems(exc) if isinstance(exc, VariantError) else []
            lines = [problem_message(p) for p in exc.params.get("problems") or ()] or [describe(exc)]
            results.append({"file": file, "valid": False, "name": None,
                            "error": describe(exc, more=False),
                            "code": exc.code, **({"path": exc.params.get("path"), "line": exc.params.get("line")}
                                                 if isinstance(exc, VariantError) else {}),
                            "problems": problems})
            messages.append(lines)
    if as_json:
        print_json(results)
    else:
        for r, lines in zip(results, messages):
            if r["valid"]:
                # TRANSLATORS: The variants commands (list, show, params, options, diff, validate); {file} is a
                # file's path, {name} is a variant's name.
                typer.echo(_("{file}: valid ({name})", file=printable(r["file"]), name=r["name"]))
            for line in lines:
                typer.echo(line, err=True)
    if not all(r["valid"] for r in results):
        raise typer.Exit(1)


def _problems(exc: Any) -> list[dict[str, Any]]:
    """Every problem of a variant that does not load, as JSON rows: where
    (file, line, key path), ``code``, what was ``expected``, what it
    ``got``, a ``suggestion`` when there is one, the ``values`` a check
    across keys reports, and the ``message`` in
    the user's language. An error found before the schema (not YAML, a
    broken extends) is one row."""
    from machiavelli.core.reasons import describe, problem_message

    found = exc.params.get("problems") or ()
    if not found:
        return [{"file": exc.params.get("file"), "path": exc.params.get("path") or "",
                 "line": exc.params.get("line"), "code": exc.code, "expected": None,
                 "message": describe(exc)}]
    keys = ("file", "path", "line", "code", "expected", "got", "suggestion", "values")
    return [{**{k: p[k] for k in keys if k in p}, "message": problem_message(p)} for p in found]

"""``machiavelli plugins``: what was found, from where, and what could not be used."""

from __future__ import annotations

from typing import Any

import typer

from machiavelli.core.i18n import N_, _, format_number, join_values
from ..options import JsonOpt, handles_errors, print_json


def register(app: typer.Typer) -> None:
    app.command("plugins", help=N_(
        "Games, variants, computer players and languages found in installed plugins and in your variants "
        "folder, with where each comes from; then every plugin that could not be used, and why.\n\n"
        "Exit status: 0, or 1 when a plugin could not be used."))(plugins)


def gather() -> dict[str, Any]:
    """Everything found, as plain data (the JSON of ``plugins --json``)."""
    from machiavelli.core import plugins as found, registry

    from .. import game_commands, library

    from machiavelli.core import i18n

    def origin(plugin: found.Plugin) -> str:
        return plugin.origin

    games = [{"name": p.obj.name, "from": origin(p)} for p in found.load(found.GAMES)[0]
             if isinstance(p.obj, registry.GameDefinition)]
    bots = []
    bot_plugins = {p.name: origin(p) for p in found.load(found.BOTS)[0]}
    for game in registry.games():
        for name in sorted(registry.bots(game)):
            bots.append({"name": name, "game": game, "from": bot_plugins.get(name) or next(
                (g["from"] for g in games if g["name"] == game), "")})
    variants = [{"name": f.name, "from": f.source, "file": str(f.path)} for f in library.index().values()]
    locales = []
    for plugin, folder in found.folders(found.LOCALES)[0]:
        langs = sorted(p.parent.parent.name for p in folder.glob(f"*/LC_MESSAGES/{i18n.DOMAIN}.po"))
        locales.append({"languages": langs, "from": origin(plugin), "folder": str(folder)})
    problems = [{"group": p.group, "name": p.name, "from": p.origin, "problem": _problem(p)}
                for group in found.GROUPS for p in found.load(group)[1]]
    problems += [{"group": p.group, "name": p.name, "from": p.origin, "problem": p.detail}
                 for group in (found.VARIANTS, found.LOCALES) for p in found.folders(group)[1]
                 if p not in found.load(group)[1]]
    problems += [{"group": g, "name": n, "from": o, "problem": why} for g, n, o, why in registry.problems()]
    problems += [{"group": g, "name": n, "from": o, "problem": why} for g, n, o, why in game_commands.problems()]
    problems += [{"group": found.VARIANTS, "name": c.name, "from": c.source,
                  # TRANSLATORS: The plugins command; {source} is where the variant of that name comes from
                  # ("shipped", "your folder", "plugin NAME"), {file} is a file's path.
                  "problem": _("the name is already taken ({source}); {file} is not used",
                               source=library.source_name(c.taken_by), file=str(c.path))}
                 for c in library.conflicts()]
    return {"games": games, "variants": variants, "bots": bots, "locales": locales,
            "user_variants": str(library.user_dir()), "problems": problems}


def _problem(problem: Any) -> str:
    """Why a plugin did not load: the plugin's own error (in its words), or
    that it took too long, in the user's language."""
    from machiavelli.core import plugins as found

    if problem.code != found.TIMED_OUT:
        return str(problem.detail)
    # TRANSLATORS: The plugins command: a plugin whose loading took too long; {seconds} is a number.
    return _("it took longer than {seconds} s to load and was skipped",
             seconds=format_number(found.load_seconds()))


@handles_errors
def plugins(as_json: JsonOpt = False) -> None:
    """List plugins (help text: see :func:`register`)."""
    data = gather()
    if as_json:
        print_json(data)
    else:
        _show(data)
    if data["problems"]:
        raise typer.Exit(1)


def _show(data: dict[str, Any]) -> None:
    from rich.console import Console
    from rich.table import Table

    console = Console(soft_wrap=True, highlight=False)

    def section(title: str, headers: list[str], rows: list[list[str]]) -> None:
        console.print(title, style="bold")
        table = Table(*headers, box=None, pad_edge=False)
        for row in rows:
            table.add_row(*row)
        console.print(table)
        console.print()

    # TRANSLATORS: The plugins command.
    section(_("Games"), [_("Name"), _("From")], [[g["name"], g["from"]] for g in data["games"]])
    from .. import library

    # TRANSLATORS: The plugins command.
    section(_("Variants"), [_("Name"), _("From")], [[v["name"], library.source_name(v["from"])]
                                                    for v in data["variants"]])
    # TRANSLATORS: The plugins command.
    section(_("Computer players"), [_("Name"), _("Game"), _("From")],
            [[b["name"], b["game"], b["from"]] for b in data["bots"]])
    if data["locales"]:
        # TRANSLATORS: The plugins command.
        section(_("Languages"), [_("Languages"), _("From")],
                [[join_values(item["languages"]), item["from"]] for item in data["locales"]])
    # TRANSLATORS: The plugins command; {folder} is a folder's path.
    typer.echo(_("Your variants folder: {folder}", folder=data["user_variants"]))
    for problem in data["problems"]:
        if problem["from"].partition(" ")[0] == library.USER:
            # Your own variants folder holds no plugin: say whose the file is.
            # TRANSLATORS: The plugins command; {name} is a variant's name, {origin} is where it comes from
            # ("your folder"), {problem} is what is wrong, a clause without a capital.
            typer.echo(_("Variant {name} ({origin}) cannot be used: {problem}", name=problem["name"],
                         origin=library.source_name(problem["from"]), problem=problem["problem"]), err=True)
            continue
        # TRANSLATORS: The plugins command; {name} is a plugin's name, {group} is the kind of plugin (an
        # entry-point group), {origin} is the distribution it comes from, {problem} is what is wrong, a
        # clause without a capital.
        typer.echo(_("Plugin {name} ({group}, from {origin}) cannot be used: {problem}", name=problem["name"],
                     group=problem["group"], origin=problem["from"], problem=problem["problem"]), err=True)

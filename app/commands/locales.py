"""``machiavelli locales``: the translator's workflow (list, check, init, update)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Optional

import typer

from machiavelli.core.i18n import NP_, N_, _, format_number, ngettext
from ..options import JsonOpt, handles_errors, print_json

DirOpt = Annotated[
    Optional[Path],
    typer.Option("--dir", help=N_("The locales directory (default: the one shipped with the program).")),
]


WriteDirOpt = Annotated[
    Optional[Path],
    typer.Option("--dir", help=N_(
        "The locales directory (default: the one shipped with the program). It must exist and hold the template "
        "(messages.pot) or catalogs, or be empty to start new ones: a mistyped path is refused, never created.")),
]


def register(app: typer.Typer) -> None:
    locales_app = typer.Typer(help=N_("Translations: list, check, init and update the catalogs."), no_args_is_help=True)
    app.add_typer(locales_app, name="locales")

    @locales_app.command("list", help=N_("Every language: code, native name and how complete its catalog is."))
    @handles_errors
    def locales_list(directory: DirOpt = None, as_json: JsonOpt = False) -> None:
        from rich.console import Console
        from rich.table import Table

        from .. import catalogs

        rows = catalogs.stats(directory)
        if as_json:
            print_json([{"language": r.language, "name": r.name, "translated": r.translated, "total": r.total,
                         "percent": round(r.percent, 1)} for r in rows])
            return
        # TRANSLATORS: The locales commands.
        table = Table(_("Language"), _("Name"), _("Complete"), box=None, pad_edge=False)
        for r in rows:
            # TRANSLATORS: The locales commands; {percent} is a percentage, {translated} is a number of
            # messages, {total} is a number.
            table.add_row(r.language, r.name, _("{percent}% ({translated} of {total})",
                                                percent=format_number(int(r.percent)),
                                                translated=format_number(r.translated),
                                                total=format_number(r.total)))
        Console(soft_wrap=True).print(table)

    @locales_app.command("check", help=N_(
        "Exit 1 on any problem: missing or fuzzy entries, empty plural forms, plural counts unlike CLDR, "
        "placeholders unlike the source, a plural form without the number although it stands for several "
        "numbers, attribute or index access in a placeholder, a template older than the code. Without --dir: "
        "the shipped catalogs and your own."))
    @handles_errors
    def locales_check(directory: DirOpt = None, as_json: JsonOpt = False) -> None:
        from .. import catalogs

        if directory is None:
            problems = catalogs.check() + catalogs.check_user()
        elif not catalogs.template_path(directory).is_file():
            # A translator's own folder: its catalogs against the program's template.
            problems = catalogs.check(directory, template=catalogs.template_path())
        else:
            problems = catalogs.check(directory)
        if as_json:
            print_json([p.as_dict() for p in problems])
        else:
            from machiavelli.core.terminal import printable

            for p in problems:
                where = p.file
                what = f" [{p.context}] {p.message!r}" if p.context else (f" {p.message!r}" if p.message else "")
                # A broken catalog's own text (in Babel's error) is shown, never obeyed.
                typer.echo(printable(f"{where}: {p.problem}:{what} {p.detail}".rstrip(), visible=True, keep_bidi=True))
            if not problems:
                typer.echo(_("All catalogs are complete and correct."))
            else:
                # TRANSLATORS: The locales commands; {n} is a number.
                typer.echo(ngettext("{n} problem found.", "{n} problems found.", len(problems)), err=True)
        if problems:
            raise typer.Exit(1)

    @locales_app.command("init", help=N_(
        "Start a catalog for a new language, with CLDR's plural forms, in your own catalogs folder (or --dir); "
        "the program uses it at once, with English for what is not translated yet."))
    @handles_errors
    def locales_init(
        language: Annotated[str, typer.Argument(metavar=NP_("argument", "LANGUAGE"), help=N_("A language code Babel knows: fr, pt_BR, ..."))],
        directory: WriteDirOpt = None,
    ) -> None:
        from .. import catalogs

        path = catalogs.init(language, directory)
        # TRANSLATORS: The locales commands; {file} is a file's path.
        typer.echo(_("Created {file}: translate it, then run: machiavelli locales check", file=str(path)))

    @locales_app.command("update", help=N_(
        "Extract the messages from the code into the template and merge it into every catalog (new messages "
        "arrive empty, changed ones fuzzy)."))
    @handles_errors
    def locales_update(directory: WriteDirOpt = None) -> None:
        from .. import catalogs

        changed = catalogs.update(directory)
        for path in changed:
            # TRANSLATORS: The locales commands; {file} is a file's path.
            typer.echo(_("Updated {file}", file=str(path)))
        if not changed:
            typer.echo(_("Everything was up to date."))

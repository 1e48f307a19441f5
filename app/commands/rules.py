"""``machiavelli rules``: the complete rules of a variant, in any shipped language."""

from __future__ import annotations

import shutil
import sys
from typing import Annotated

import typer

from .. import display
from ..options import SetOpt, VariantOpt, fail, handles_errors
from machiavelli.core.i18n import N_, _
from machiavelli.core.i18n import join_values

FormatOpt = Annotated[str, typer.Option("--format", "-f", help=N_("text, markdown or html."))]
BidiOpt = Annotated[
    str,
    typer.Option("--bidi", help=N_("logical (default) or visual: reorder right-to-left lines for terminals "
                 "without bidi support. Output to a pipe or file stays logical.")),
]


def _is_terminal() -> bool:
    return sys.stdout.isatty()


def register(app: typer.Typer) -> None:
    @app.command("rules", help=N_("The complete rules of a variant, generated from its parameters."))
    @handles_errors
    def rules(
        variant_name: VariantOpt = "bga",
        overrides: SetOpt = None,
        lang: display.LangOpt = None,
        fmt: FormatOpt = "text",
        bidi: BidiOpt = "logical",
    ) -> None:
        from .. import library
        from ..rules_render import FORMATS, render
        from ..presented import rules_document

        if lang is not None:
            display.apply(lang)
        if fmt not in FORMATS:
            # TRANSLATORS: The rules command; {name} is a format as typed, {available} is the possible codes,
            # listed.
            raise fail(_("Unknown format {name}. Available: {available}", name=fmt, available=join_values(FORMATS)))
        if bidi not in ("logical", "visual"):
            raise fail(_("--bidi must be logical or visual, not {name}", name=bidi))
        variant = library.load_variant(variant_name, overrides or [])
        document = rules_document(variant)
        visual = bidi == "visual" and fmt == "text" and _is_terminal()
        width = shutil.get_terminal_size((80, 24)).columns
        sys.stdout.write(render(document, fmt, visual=visual, width=width))

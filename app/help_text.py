"""``--help`` in the user's language.

The help texts stay English in the source, marked with ``N_`` so that the
catalogs carry them. Typer builds a fresh Click command tree for every run;
the root group here picks the language before Click parses anything (an
eager ``--help`` would otherwise print before ``--lang`` is seen) and
translates the tree's texts in place: command help, short help, parameter
help and the titles of the help panels. Option and command names stay as
they are. The root's own texts are translated as it parses; a sub-command's
when it is looked up (to run it or to list it in ``--help``), so that a
command whose module is loaded on demand is translated too.
"""

from __future__ import annotations

import sys
from typing import Any, Callable, Sequence

import typer
from typer.core import TyperArgument, TyperGroup, TyperOption

from machiavelli.core.errors import MachiavelliError

from machiavelli.core import i18n
from machiavelli.core.i18n import N_, NP_, _, pgettext
from machiavelli.core.terminal import printable

from . import cli_words
from .options import fail
from machiavelli.core.reasons import describe

LANG_OPTION = "--lang"
PANEL = "help panel"
ARGUMENTS = NP_("help panel", "Arguments")
OPTIONS = NP_("help panel", "Options")
COMMANDS = NP_("help panel", "Commands")
# Click's own text, in the template so that it is translated like the rest.
HELP_OPTION = N_("Show this message and exit.")
#: Where the English source of a translated attribute is kept, so that a tree
#: translated twice (one Click command run twice) never looks up a translation.
_SOURCE = "_machiavelli_source"


def requested_language(args: Sequence[str]) -> str | None:
    """The last ``--lang`` value on the command line (the global option or a
    command's own), None when there is none. A ``--lang`` without a value is
    left to Click to report."""
    found = None
    tokens = iter(args)
    for token in tokens:
        if token == "--":
            break
        if token == LANG_OPTION:
            found = next(tokens, None)
        elif token.startswith(LANG_OPTION + "="):
            found = token[len(LANG_OPTION) + 1:]
    return found


def _translate(obj: Any, attribute: str, translate: Callable[..., str] = _) -> None:
    sources = obj.__dict__.setdefault(_SOURCE, {})
    if attribute not in sources:
        sources[attribute] = getattr(obj, attribute, None)
    source = sources[attribute]
    if source:
        text = translate(source)
        # Typer reads help as Rich markup: a translation's brackets are text
        # (and a stray "[/b]" in a catalog must not break --help).
        setattr(obj, attribute, source if text == source else _escape(text))


def _escape(text: str) -> str:
    """Rich's ``escape``, imported only for a text it would change (one
    with a bracket, or ending with a backslash)."""
    if "[" not in text and not text.endswith("\\"):
        return text
    from rich.markup import escape

    return escape(text)


def translate_command(command: Any, ctx: Any) -> None:
    """Translate the help texts of ``command`` and of every sub-command."""
    _translate_own(command, ctx)
    for sub in getattr(command, "commands", {}).values():
        _translate_sub(sub, ctx)


def _translate_sub(sub: Any, ctx: Any) -> None:
    """A sub-command: its panel title in the parent's help, and its whole tree."""
    if not getattr(sub, "rich_help_panel", None):
        sub.rich_help_panel = COMMANDS
    _translate(sub, "rich_help_panel", lambda panel: pgettext(PANEL, panel))
    translate_command(sub, ctx)


def _translate_own(command: Any, ctx: Any) -> None:
    """The help texts of ``command`` itself and of its parameters."""
    cli_words.localise_command(command)
    _translate(command, "help")
    _translate(command, "short_help")
    params = list(command.params)
    help_option = command.get_help_option(ctx)
    if help_option is not None:
        if _SOURCE not in help_option.__dict__:
            help_option.help = HELP_OPTION
        cli_words.localise_param(help_option)
        params.append(help_option)
    for param in params:
        _translate(param, "help")
        cli_words.fold_default(param)
        if isinstance(param, (TyperOption, TyperArgument)):
            if not getattr(param, "rich_help_panel", None):  # None or Typer's unset placeholder
                param.rich_help_panel = ARGUMENTS if isinstance(param, TyperArgument) else OPTIONS
            _translate(param, "rich_help_panel", lambda panel: pgettext(PANEL, panel))


class LocalisedGroup(TyperGroup):
    """The root command: chooses the language, then translates the help (its
    own as it parses, a sub-command's when it is looked up)."""

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        if ctx.parent is None:
            try:
                i18n.use_language(requested_language(args))
            except MachiavelliError as exc:
                raise fail(describe(exc)) from None
            cli_words.localise_library()
            _translate_own(self, ctx)
        return super().parse_args(ctx, args)

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, windows_expand_args: bool = True, **extra: Any) -> Any:
        """Click's run, with its usage errors told in one translated line
        (:func:`cli_words.explain`) instead of the library's English box."""
        exceptions = cli_words._exceptions()
        try:
            result = super().main(args, prog_name, complete_var, standalone_mode=False,
                                  windows_expand_args=windows_expand_args, **extra)
        except exceptions.NoArgsIsHelpError:
            if not standalone_mode:
                raise
            sys.exit(2)  # the help is already printed, as Typer does
        except exceptions.UsageError as exc:
            if not standalone_mode:
                raise
            typer.echo(printable(cli_words.explain(exc), lines=True, keep_bidi=True, visible=True), err=True)
            sys.exit(exc.exit_code)
        except typer.Abort:
            if not standalone_mode:
                raise
            # TRANSLATORS: Shown when the person stops a command (Ctrl-C, or no to a question).
            typer.echo(_("Aborted."), err=True)
            sys.exit(1)
        if not standalone_mode:
            return result
        sys.exit(result if isinstance(result, int) else 0)

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        if command is not None:
            _translate_sub(command, ctx)
        return command

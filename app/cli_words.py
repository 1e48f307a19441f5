"""The command-line library's own words, in the user's language.

Typer (0.29 and later) carries its own copy of Click whose words are English
literals: "Usage:", metavars such as ``<int>``, "[default: 2000]", and every
usage error ("No such option", "Invalid value ... Input should be a valid
integer"). This module replaces each of them where it is made:

* :func:`localise_library` sets Typer's help strings (defaults, "required",
  panel titles) for the current language;
* :func:`localise_command` gives a command its usage prefix and
  ``[OPTIONS]``, and each of its parameters a metavar in words;
* :func:`explain` turns a usage error into one translated line, naming the
  command and its ``--help``; the root group prints it and exits with 2.

A translation reaches the library only as a template the library formats
itself, so it is checked first (:func:`_library_template`): the library's
placeholders, nothing else.

No Typer version is pinned for these words: each place they go is looked
for first (:data:`HOOKS`, :func:`hooks`), and where a later Typer has
moved one, that word stays English and everything else works. Typer 0.29
has every hook; ``tests/test_words_library.py`` names any that a newer
version lacks.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import re
import sys
from importlib.machinery import ModuleSpec
from types import MethodType, ModuleType
from typing import Any, get_args

from machiavelli.core import i18n
from machiavelli.core.i18n import NP_, _, before_value, format_list, pgettext

from machiavelli.core.bidi import isolate

CONTEXT = "command line"

USAGE = NP_("command line", "Usage:")
OPTIONS_METAVAR = NP_("command line", "[OPTIONS]")
SUBCOMMAND_METAVAR = NP_("command line", "COMMAND [ARGS]...")
# TRANSLATORS: after an option's help in --help; {value} is the default value.
DEFAULT = NP_("command line", "[default: {value}]")
REQUIRED = NP_("command line", "[required]")
DEPRECATED = NP_("command line", "(deprecated) ")
# TRANSLATORS: The command-line library's own words in --help; {value} is a value.
ENVVAR = NP_("command line", "[env var: {value}]")

#: The metavar of a parameter by the kind of value it takes (``<number>``).
KINDS = {
    "int": NP_("value kind", "number"),
    "float": NP_("value kind", "decimal"),
    "str": NP_("value kind", "text"),
    "path": NP_("value kind", "path"),
    "file": NP_("value kind", "file"),
    "dir": NP_("value kind", "folder"),
    "bool": NP_("value kind", "yes|no"),
}

#: Typer's module-level help strings and the message each becomes.
_RICH_STRINGS = {
    "DEFAULT_STRING": DEFAULT,
    "ENVVAR_STRING": ENVVAR,
    "REQUIRED_LONG_STRING": REQUIRED,
    "REQUIRED_SHORT_STRING": None,  # "*": no words
    "DEPRECATED_STRING": DEPRECATED,
}
_SOURCE = "_machiavelli_cli_source"

#: Where the library's words are replaced, and what each gives: a name of
#: ``typer.rich_utils`` or a method of the library's Command and Parameter.
HOOKS = {
    "rich_utils.DEFAULT_STRING": "[default: ...] in --help",
    "rich_utils.ENVVAR_STRING": "[env var: ...] in --help",
    "rich_utils.REQUIRED_LONG_STRING": "[required] in --help",
    "rich_utils.DEPRECATED_STRING": "(deprecated) in --help",
    "rich_utils._make_rich_text": "help text broken into rows by Chinese rules too",
    "Command.collect_usage_pieces": "the translated Usage: line",
    "Parameter.display_type": "metavars in words (<number>)",
}


def hooks() -> dict[str, bool]:
    """Each of :data:`HOOKS` and whether the installed Typer has it."""
    import typer.core
    import typer.rich_utils

    owners = {"rich_utils": typer.rich_utils, "Command": typer.core.TyperCommand,
              "Parameter": typer.core.TyperOption}
    return {key: hasattr(owners[key.split(".")[0]], key.split(".", 1)[1]) for key in HOOKS}


def _library_template(message: str, fields: int) -> str:
    """The translation of ``message`` with its ``{value}`` turned into the
    ``{}`` the library formats; the English one when the translation would
    hand the library anything but that one placeholder (a catalog is data
    from strangers: no ``{0.__class__}`` may reach ``str.format``)."""
    english = message.replace("{value}", "{}")
    text = pgettext(CONTEXT, message, value="\0")
    if "{" in text or "}" in text or text.count("\0") != fields:
        return english
    return text.replace("\0", "{}")


def localise_library() -> None:
    """Typer's own help strings in the current language (call after the
    language is chosen, before help is drawn).

    Typer imports its Rich helpers only to draw help or an error; importing
    them here would cost every command that prints one line about 40 ms
    (Rich's Markdown and markdown-it come with them). So when they are not
    loaded yet, they are translated the moment Typer loads them."""
    rich_utils = sys.modules.get("typer.rich_utils")
    if rich_utils is None:
        _translate_when_loaded()
        return
    _translate(rich_utils)


class _WhenLoaded(importlib.abc.MetaPathFinder):
    """Finds nothing itself: wraps the loader of ``typer.rich_utils`` so that
    the module is translated as soon as it has run, then steps aside."""

    def find_spec(self, name: str, path: Any = None, target: Any = None) -> ModuleSpec | None:
        if name != _RICH_UTILS:
            return None
        sys.meta_path.remove(self)
        spec = importlib.machinery.PathFinder.find_spec(name, path)
        loader = spec.loader if spec is not None else None
        if spec is None or loader is None or not hasattr(loader, "exec_module"):
            return spec
        run = loader.exec_module

        def exec_module(module: ModuleType) -> None:
            with _drawing_deferred():
                run(module)
            _translate(module)

        loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


_RICH_UTILS = "typer.rich_utils"
#: Rich modules that Typer's helpers import at load for what this program's
#: help never draws, and the one name they take from each: ``Markdown`` (help
#: written in Markdown; this program's is Rich markup) brings markdown-it,
#: ``Traceback`` (the report of a crash) brings Pygments; about 40 and 12 ms.
_DEFERRED = {"rich.markdown": "Markdown", "rich.traceback": "Traceback"}


class _StandInType(type):
    """The class of a stand-in: what is asked of the class itself
    (``Traceback.from_exception``) is asked of the real class."""

    def __getattr__(cls, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(cls._real(), name)


def _stand_in(module: str, name: str) -> type:
    """Stands for ``module.name`` in Typer's helpers: makes the real one."""

    def real() -> Any:
        return getattr(_real_module(module), name)

    def __new__(cls: type, *args: Any, **kwargs: Any) -> Any:
        return real()(*args, **kwargs)

    return _StandInType(name, (), {"__new__": __new__, "_real": staticmethod(real), "__module__": __name__})


def _real_module(module: str) -> ModuleType:
    if isinstance(sys.modules.get(module), _DeferredModule):
        del sys.modules[module]
    return importlib.import_module(module)


class _DeferredModule(ModuleType):
    """One of :data:`_DEFERRED` while Typer's helpers load: the name they
    import from it is a stand-in; anything else asked of it loads the real
    module."""

    def __init__(self, module: str, name: str) -> None:
        super().__init__(module)
        self._machiavelli_stand_in = _stand_in(module, name)
        self._machiavelli_name = name

    def __getattr__(self, name: str) -> Any:
        if name.startswith("__") or name.startswith("_machiavelli"):  # the import system's questions
            raise AttributeError(name)
        if name == self._machiavelli_name:
            return self._machiavelli_stand_in
        return getattr(_real_module(self.__name__), name)


class _drawing_deferred:
    """While Typer's helpers load, each module of :data:`_DEFERRED` not yet
    loaded is a :class:`_DeferredModule`; after, the next import of it finds
    the real module."""

    def __enter__(self) -> None:
        self._stubs: dict[str, ModuleType] = {}
        for module, name in _DEFERRED.items():
            if module not in sys.modules:
                self._stubs[module] = sys.modules[module] = _DeferredModule(module, name)

    def __exit__(self, *exc: Any) -> None:
        for module, stub in self._stubs.items():
            if sys.modules.get(module) is stub:
                del sys.modules[module]


def _translate_when_loaded() -> None:
    if not any(isinstance(finder, _WhenLoaded) for finder in sys.meta_path):
        sys.meta_path.insert(0, _WhenLoaded())


def _translate(rich_utils: Any) -> None:
    for name, message in _RICH_STRINGS.items():
        if not hasattr(rich_utils, name) or message is None:
            continue
        setattr(rich_utils, name, _library_template(message, 1 if "{value}" in message else 0))
    if _tight() and hasattr(rich_utils, "REQUIRED_LONG_STRING"):
        rich_utils.REQUIRED_LONG_STRING = ""  # fold_default joins it to the help
    make = getattr(rich_utils, "_make_rich_text", None)
    if make is not None and not getattr(make, "_folds", False):
        setattr(rich_utils, "_make_rich_text", _folding(make))


def _folding(make: Any) -> Any:
    """Typer's help text maker, its text broken into rows between words or
    beside a Chinese character (Rich breaks at spaces only, and a Chinese
    sentence has none), and folded rather than cut with "…" where a word is
    wider than its column."""

    from rich.text import Text

    from machiavelli.core.console import breaking

    def make_text(**kwargs: Any) -> Any:
        text = make(**kwargs)
        if not isinstance(text, Text):
            return text
        if text.overflow is None:
            text.overflow = "fold"
        if not any(ord(ch) >= 0x2E80 for ch in text.plain):
            return text  # no CJK character (U+2E80 on): Rich's own breaking between words
        # Rows broken by the rules of Chinese too: never "。" first, never a word cut.
        return breaking(text)

    make_text._folds = True  # type: ignore[attr-defined]
    return make_text


# -- a command's usage line and metavars -------------------------------------------


def _format_usage(self: Any, ctx: Any, formatter: Any) -> None:
    pieces = self.collect_usage_pieces(ctx)
    formatter.write_usage(ctx.command_path, " ".join(pieces), prefix=before_value(pgettext(CONTEXT, USAGE)))


_BUILTIN_KINDS: dict[Any, str] = {int: "int", float: "float", bool: "bool", str: "str"}


def _kind(param: Any) -> str | None:
    """What a parameter takes, as a key of :data:`KINDS` (None: unknown)."""
    desc = getattr(param, "type_descriptor", None)
    if desc is None:
        return None
    if getattr(desc, "is_path", False):
        path_type = str(getattr(desc, "path_type", "path")).lower()
        return "dir" if "dir" in path_type else "file" if "file" in path_type else "path"
    annotation = getattr(desc, "annotation", None)
    if getattr(desc, "is_list", False) and get_args(annotation):
        annotation = get_args(annotation)[0]
    return _BUILTIN_KINDS.get(annotation)


def _display_type(original: Any) -> Any:
    def display_type(self: Any, ctx: Any) -> str | None:
        if getattr(self, "is_flag", False):
            return None  # a flag takes no value: nothing to name
        desc = getattr(self, "type_descriptor", None)
        if desc is not None and getattr(desc, "is_choice", False):
            return str(original(ctx))  # the choices themselves: codes, not words
        kind = _kind(self)
        if kind is None:
            return str(original(ctx))
        word = pgettext("value kind", KINDS[kind])
        many = desc is not None and getattr(desc, "is_list", False)
        return f"<{word}…>" if many else f"<{word}>"
    return display_type


def localise_command(command: Any) -> None:
    """The usage line and the parameters' metavars of one command, in the
    current language (the English source kept, so a second call translates
    from it again)."""
    sources = command.__dict__.setdefault(_SOURCE, {})
    if "format_usage" not in sources and callable(getattr(command, "collect_usage_pieces", None)):
        sources["format_usage"] = True
        command.format_usage = MethodType(_format_usage, command)
    for attribute, message in (("options_metavar", OPTIONS_METAVAR), ("subcommand_metavar", SUBCOMMAND_METAVAR)):
        if attribute not in sources:
            sources[attribute] = getattr(command, attribute, None)
        if sources[attribute] == message:
            setattr(command, attribute, pgettext(CONTEXT, message))
    for param in getattr(command, "params", []):
        localise_param(param)


def localise_param(param: Any) -> None:
    """A parameter's metavar in words (an argument's own, translated)."""
    own = param.__dict__.setdefault(_SOURCE, {})
    if "display_type" not in own and hasattr(param, "display_type"):
        own["display_type"] = True
        param.display_type = MethodType(_display_type(param.display_type), param)
    if "metavar" not in own:
        own["metavar"] = getattr(param, "metavar", None)
    if own["metavar"] and getattr(param, "param_type_name", "") == "argument":
        param.metavar = pgettext("argument", own["metavar"])


def fold_default(param: Any) -> None:
    """An option's default joined to its help as one more sentence, as the
    catalog joins sentences, where the library's own line would be wrong:
    in a language that joins sentences without a space (Chinese: Typer sets
    "[default: ...]" and "[required]" beside the help with a space), and for
    a decimal, which the library writes the Python way (2.0, not 2,0).
    Call after the help is translated."""
    own = param.__dict__.setdefault(_SOURCE, {})
    if "show_default" not in own:
        own["show_default"] = getattr(param, "show_default", None)
    shown = own["show_default"]
    param.show_default = shown
    help_text = getattr(param, "help", None)
    default = getattr(param, "default", None)
    # The library writes a decimal the Python way (2.0); the language writes it its own (2,0).
    decimal = shown is True and isinstance(default, float)
    if not help_text or not (_tight() or decimal):
        return
    from rich.markup import escape

    value = _default_text(param, shown)
    if value is not None:
        help_text = i18n.join_sentences(help_text, escape(pgettext(CONTEXT, DEFAULT, value=value)))
        param.show_default = False
    if getattr(param, "required", False) and _tight():
        help_text = i18n.join_sentences(help_text, escape(pgettext(CONTEXT, REQUIRED)))
    param.help = help_text


def _tight() -> bool:
    """Whether the language joins sentences without a space (Chinese)."""
    return i18n.join_sentences("a", "b") == "ab"


def _default_text(param: Any, shown: Any) -> str | None:
    """The default as the library would show it, or None where it shows none
    (flags, no default, a computed one)."""
    if isinstance(shown, str):
        return shown or None
    default = getattr(param, "default", None)
    if not shown or getattr(param, "is_flag", False) or default is None or callable(default):
        return None
    if isinstance(default, (list, tuple)):
        return ", ".join(str(getattr(d, "value", d)) for d in default) or None
    if isinstance(default, bool):
        return None
    if isinstance(default, float):
        from babel.numbers import format_decimal

        return format_decimal(default, format="#,##0.0##", locale=i18n.language())
    return str(getattr(default, "value", default))


# -- usage errors ------------------------------------------------------------------


def _exceptions() -> Any:
    """The module of the exceptions Typer raises (its own copy of Click's)."""
    import typer

    return sys.modules[typer.BadParameter.__module__]


# Compiled by ``re`` on first use (an error), and kept in its cache.
_EXTRA = r"(?s)^Got unexpected extra argument(?:s|\(s\))? \((?P<args>.*)\)$"
_NO_COMMAND = r"(?s)^No such command (?P<name>.+?)\.$"


def _param_name(param: Any) -> str:
    opts = [o for o in getattr(param, "opts", []) if o.startswith("--")] or list(getattr(param, "opts", []))
    if getattr(param, "param_type_name", "") == "argument":
        return getattr(param, "metavar", None) or str(getattr(param, "name", "")).upper()
    return opts[0] if opts else str(getattr(param, "name", ""))


def _expected(param: Any) -> str:
    # TRANSLATORS: the "expects ..." phrases follow an option's name ("--games expects a whole
    # number").
    desc = getattr(param, "type_descriptor", None)
    if desc is not None and getattr(desc, "is_choice", False):
        choices = [getattr(c, "value", c) for c in getattr(desc, "choices", ()) or ()]
        # TRANSLATORS: A mistake on the command line, or a word of --help; {choices} is the choices,
        # listed.
        return _("expects one of: {choices}", choices=format_list(map(str, choices), "or"))
    low, high = getattr(param, "min", None), getattr(param, "max", None)
    kind = _kind(param)
    if kind == "int":
        if low is not None and high is not None:
            # TRANSLATORS: A mistake on the command line, or a word of --help; {low} is the lowest number,
            # {high} is the highest number.
            return _("expects a whole number from {low} to {high}", low=low, high=high)
        if low is not None:
            # TRANSLATORS: A mistake on the command line, or a word of --help; {low} is the lowest number.
            return _("expects a whole number of at least {low}", low=low)
        return _("expects a whole number")
    if kind == "float":
        # TRANSLATORS: A mistake on the command line, or a word of --help.
        return _("expects a number")
    if kind == "bool":
        return _("expects yes or no")
    if kind in ("path", "file", "dir"):
        # TRANSLATORS: A mistake on the command line, or a word of --help.
        return _("expects a path")
    return _("has a value that is not valid")


def explain(error: Any) -> str:
    """One line in the user's language for a usage error of the command
    line (an unknown option, a missing or malformed value, an unknown
    command, extra arguments), naming the command and its --help."""
    exc = _exceptions()
    # In a right-to-left language, Latin names are isolates, so the line
    # takes the direction of its first word of the language (UAX #9, P2).
    iso = isolate if i18n.is_rtl() else str
    message = str(getattr(error, "message", "") or "")
    if isinstance(error, exc.NoSuchOption):
        # TRANSLATORS: A mistake on the command line, or a word of --help; {option} is an option as typed
        # (--games).
        problem = _("no such option: {option}", option=iso(error.option_name))
        if error.possibilities:
            # TRANSLATORS: A mistake on the command line, or a word of --help; {problem} is what is wrong, a
            # clause without a capital, {options} is options, listed.
            problem = _("{problem} (did you mean {options}?)", problem=problem,
                        options=format_list(map(iso, sorted(error.possibilities)), "or"))
    elif isinstance(error, exc.BadOptionUsage):
        if "does not take a value" in message:
            # TRANSLATORS: A mistake on the command line, or a word of --help; {option} is an option as typed
            # (--games).
            problem = _("{option} takes no value", option=iso(error.option_name))
        else:
            # TRANSLATORS: A mistake on the command line, or a word of --help; {option} is an option as typed
            # (--games).
            problem = _("{option} needs a value", option=iso(error.option_name))
    elif isinstance(error, exc.MissingParameter) and getattr(error, "param", None) is not None:
        # TRANSLATORS: A mistake on the command line, or a word of --help; {name} is an option or argument
        # (--games).
        problem = _("{name} is missing", name=iso(_param_name(error.param)))
    elif isinstance(error, exc.BadParameter) and getattr(error, "param", None) is not None:
        # TRANSLATORS: {name} is an option or argument (--games), {expected} one of the "expects ..."
        # phrases.
        problem = _("{name} {expected}", name=iso(_param_name(error.param)), expected=_expected(error.param))
    elif (found := re.match(_EXTRA, message)) is not None:
        # TRANSLATORS: A mistake on the command line, or a word of --help; {arguments} is arguments as
        # typed.
        problem = _("unexpected argument: {arguments}", arguments=iso(found["args"]))
    elif (found := re.match(_NO_COMMAND, message)) is not None:
        # TRANSLATORS: A mistake on the command line, or a word of --help; {name} is a command as typed.
        problem = _("no such command: {name}", name=iso(found["name"].strip("'\"")))
    elif message.startswith("Missing command"):
        problem = _("a command is missing")
    else:
        problem = message
    ctx = getattr(error, "ctx", None)
    command = ctx.command_path if ctx is not None else "machiavelli"
    # TRANSLATORS: a mistake on the command line; {command} is e.g. "machiavelli simulate", {problem}
    # one of the phrases above ("no such option: --nope").
    return _("{command}: {problem}; see {command} --help", command=iso(command), problem=problem)

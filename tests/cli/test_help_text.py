"""``--help`` in the user's language: command help, option and argument help, panel titles."""

import gettext
import re

import pytest
import typer.main
from typer.testing import CliRunner

from machiavelli.cli import app
from machiavelli.core import i18n
from machiavelli.app.help_text import requested_language, translate_command
from machiavelli.app.catalogs import shipped_languages

runner = CliRunner()
# Discovered: a translator adding a language gets these tests for it.
SHIPPED = shipped_languages()
NO_LOCALE_ENV = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": ""}


def run(*args, env=None):
    return runner.invoke(app, list(args), env={**NO_LOCALE_ENV, **(env or {})})


def flat(text):
    """The output without Rich's panel borders and line wrapping."""
    return " ".join(re.sub(r"[│╭╮╰╯─]", " ", text).split())


def commands(command=None, path=()):
    """Every command and sub-command of the CLI as its argument path."""
    command = command or typer.main.get_command(app)
    yield path
    for name, sub in sorted(getattr(command, "commands", {}).items()):
        yield from commands(sub, (*path, name))


ALL_COMMANDS = list(commands())


def test_the_walk_reaches_nested_commands():
    assert {(), ("play",), ("variants", "diff"), ("locales", "check"), ("meld", "check")} <= set(ALL_COMMANDS)


def test_main_help_in_italian():
    result = run("--lang", "it", "--help")
    assert result.exit_code == 0
    out = flat(result.stdout)
    for italian in ("Machiavelli, il gioco di carte italiano della famiglia del ramino",
                    "Lingua di tutto l'output (en, it, tr, uk, ar, ...).",
                    "Mostra questo messaggio ed esce.", "Opzioni", "Comandi",
                    "Elenca, mostra e convalida le varianti."):
        assert italian in out
    for english in ("Language of all output", "Show this message and exit.", "Options", "Commands",
                    "List, show and validate variants.", "Play a game"):
        assert english not in out
    assert i18n.misses() == []


def test_command_help_in_arabic():
    result = run("--lang", "ar", "solve", "--help")
    assert result.exit_code == 0
    out = flat(result.stdout)
    for arabic in ("أكبر عدد من الأوراق يمكن ليدك وضعه على الطاولة", "رمز الخروج: 0 تمت الإجابة",
                   'الأوراق في اليد: "4C KD".', "الخيارات"):
        assert arabic in out
    # Option names stay as they are.
    for name in ("--table", "--hand", "--help-cards", "--batch", "--variant"):
        assert name in out
    assert "The most cards" not in out and "Exit status" not in out and "The cards in hand" not in out
    assert i18n.misses() == []


def test_a_commands_own_lang_option_translates_its_help():
    result = run("rules", "--lang", "tr", "--help")
    assert result.exit_code == 0
    assert "Bir varyantın parametrelerinden üretilen eksiksiz kuralları." in flat(result.stdout)
    result = run("variants", "diff", "--lang=uk", "--help")
    assert "Аргументи" in flat(result.stdout) and "Другий варіант; --set застосовується до нього." in flat(result.stdout)


def test_help_follows_the_environment():
    result = run("play", "--help", env={"LANG": "uk_UA.UTF-8"})
    assert result.exit_code == 0
    out = flat(result.stdout)
    assert "Гра: ви проти комп'ютерних гравців" in out and "Параметри" in out
    assert "Play a game" not in out


def test_help_with_an_unknown_language_is_one_line_and_exit_2():
    result = run("--lang", "fr", "--help", env={"LANG": "it_IT.UTF-8"})
    assert result.exit_code == 2
    assert result.stdout == ""
    line = result.stderr.strip()
    assert len(line.splitlines()) == 1 and line.startswith("Lingua sconosciuta fr")


@pytest.mark.parametrize("lang", SHIPPED)
def test_every_commands_help_in_every_language(lang):
    """Every help text of the tree is looked up on each run: any untranslated
    one (a help= without N_, or a catalog entry missing) is a recorded miss."""
    tree = typer.main.get_command(app)
    for path in ALL_COMMANDS:
        i18n.clear_misses()
        result = run("--lang", lang, *path, "--help")
        assert result.exit_code == 0, (path, result.output)
        assert i18n.misses() == [], path
        command = tree
        for name in path:
            command = command.commands[name]
        english = command.help.split("\n\n")[0]
        i18n.use_language(lang, environ={})
        first = i18n._(command.help).split("\n\n")[0]
        # Compared without spaces: a Chinese line breaks where no space was.
        assert "".join(first.split()) in "".join(flat(result.stdout).split()), (lang, path)
        if lang != "en":
            assert first != english and english not in flat(result.stdout), (lang, path)


def test_a_tree_translated_twice_is_translated_from_english():
    command = typer.main.get_command(app)
    ctx = command.context_class(command)
    i18n.use_language("it", environ={})
    translate_command(command, ctx)
    i18n.use_language("tr", environ={})
    translate_command(command, ctx)
    assert command.commands["meld"].help == "Perleri bir varyantın kurallarına göre denetler."
    assert command.get_help_option(ctx).help == "Bu iletiyi gösterir ve çıkar."
    assert i18n.misses() == []


@pytest.mark.parametrize("args, expected", [
    ([], None),
    (["--lang", "it", "--help"], "it"),
    (["--lang=tr", "rules"], "tr"),
    (["--lang", "it", "rules", "--lang", "ar"], "ar"),
    (["meld", "check", "--", "--lang", "it"], None),
    (["--lang"], None),
])
def test_requested_language(args, expected):
    assert requested_language(args) == expected


class _Brackets(gettext.NullTranslations):
    """A catalog whose every translation carries Rich markup."""

    def gettext(self, message):
        return "[/bold] [red]" + message

    def pgettext(self, context, message):
        return message


def test_brackets_in_a_translation_are_shown_as_text(capsys):
    command = typer.main.get_command(app)
    ctx = command.context_class(command, info_name="machiavelli")
    i18n.set_translations(_Brackets(), "it")
    translate_command(command, ctx)
    command.get_help(ctx)
    assert "[/bold] [red]Machiavelli, the Italian rummy card game" in flat(capsys.readouterr().out)


def test_chinese_help_is_folded_at_the_column_never_cut():
    """Rich breaks lines at spaces; a Chinese sentence has none, so a help
    text wider than its column must fold, not end in an ellipsis."""
    result = run("--lang", "zh_Hans", "simulate", "--help", env={"COLUMNS": "70"})
    assert result.exit_code == 0, result.output
    shown = "".join(flat(result.stdout).split())
    for source in ("Replace existing files: the --json, --csv, --games-csv and --plot files and the game records in "
                   "--records (without it, an existing file is refused before any game is played).",
                   "Play many games between computer players and report, per variant: how games end, win share by "
                   "seat (first-player advantage), joint wins, game length, cards left to the losers, rearranging "
                   "turns, draws and restores, each with a 95% interval; with several variants, which differences "
                   "are significant and how many games would tell them apart."):
        i18n.use_language("zh_Hans", environ={})
        assert "".join(i18n._(source).split()) in shown


def test_chinese_help_joins_the_default_to_its_sentence_without_a_space():
    """Typer sets "[default: ...]" beside an option's help with a space;
    Chinese joins sentences with none (issue 30's review: "。 [默认：2000]")."""
    if "zh_Hans" not in SHIPPED:
        pytest.skip("no Chinese catalog")
    result = run("--lang", "zh_Hans", "simulate", "--help", env={"COLUMNS": "200"})
    assert result.exit_code == 0, result.output
    i18n.use_language("zh_Hans", environ={})
    default = i18n.pgettext("command line", "[default: {value}]", value="2000")
    assert result.stdout.count("。" + default) == 1 and " " + default not in result.stdout
    english = run("--lang", "en", "simulate", "--help", env={"COLUMNS": "200"})
    assert " [default: 2000]" in english.stdout  # other languages keep the library's own line
    meld = run("--lang", "zh_Hans", "meld", "check", "--help", env={"COLUMNS": "200"}).stdout
    i18n.use_language("zh_Hans", environ={})
    required = i18n.pgettext("command line", "[required]")
    assert "。" + required in meld and " " + required not in meld
    assert " [required]" in run("--lang", "en", "meld", "check", "--help", env={"COLUMNS": "200"}).stdout


def test_a_decimal_default_is_written_as_the_language_writes_numbers():
    """Typer shows "[default: 2.0]" whatever the language (issue 30's Spanish review)."""
    if "es" not in SHIPPED:
        pytest.skip("no Spanish catalog")
    spanish = flat(run("--lang", "es", "review", "--help", env={"COLUMNS": "200"}).stdout)
    assert "[predeterminado: 2,0]" in spanish and "2.0" not in spanish
    assert "[default: 2.0]" in flat(run("--lang", "en", "review", "--help", env={"COLUMNS": "200"}).stdout)

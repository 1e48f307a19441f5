"""The command-line library's own words (Typer's copy of Click) in the user's
language: usage errors as one translated line, and no English in --help."""

import re

import pytest
import typer.main
from typer.testing import CliRunner

from machiavelli.app import cli_words
from machiavelli.core.bidi import LRI, PDI
from machiavelli.app.catalogs import shipped_languages
from machiavelli.cli import app
from machiavelli.core import i18n

runner = CliRunner()
NO_LOCALE_ENV = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "", "COLUMNS": "120"}
OTHER_LANGUAGES = [lang for lang in shipped_languages() if lang != "en"]

#: Words of the library's English that must not reach a user of another language.
LIBRARY_ENGLISH = re.compile(
    r"Usage:|\[default:|\[required\]|\[env var|Error\b|Try '|Invalid value|Input should|No such|"
    r"Missing (argument|option|parameter|command)|Got unexpected|requires an argument|Possible options|"
    r"Did you mean|<(int|str|bool|float|path|list\[)|\bOPTIONS\b|COMMAND \[ARGS\]|Aborted")

#: (command line, what must be named in the message) for each kind of usage error.
MISTAKES = [
    (["simulate", "--games", "x"], "--games"),
    (["simulate", "--nope"], "--nope"),
    (["rules", "--variant"], "--variant"),
    (["no-such-command"], "no-such-command"),
    (["meld", "check"], None),
    (["variants", "show", "bga", "extra"], "extra"),
    (["play", "--players", "two"], "--players"),
]


def run(*args):
    return runner.invoke(app, list(args), env=NO_LOCALE_ENV)


def plain(text):
    return text.replace(LRI, "").replace(PDI, "")


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
@pytest.mark.parametrize("args, named", MISTAKES)
def test_usage_errors_are_one_translated_line(lang, args, named):
    result = run("--lang", lang, *args)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.output and not LIBRARY_ENGLISH.search(result.stderr), result.stderr
    assert "machiavelli" in lines[0] and "--help" in lines[0]
    if named:
        assert named in lines[0]


def test_usage_errors_in_english_say_what_is_wrong():
    cases = {
        ("simulate", "--games", "x"): "machiavelli simulate: --games expects a whole number; "
                                      "see machiavelli simulate --help",
        ("simulate", "--nope"): "machiavelli simulate: no such option: --nope (did you mean --force?); "
                                "see machiavelli simulate --help",
        ("rules", "--variant"): "machiavelli: --variant needs a value; see machiavelli --help",
        ("no-such-command",): "machiavelli: no such command: no-such-command; see machiavelli --help",
        ("meld", "check"): "machiavelli meld check: CARDS is missing; see machiavelli meld check --help",
        ("variants", "show", "bga", "extra"): "machiavelli variants show: unexpected argument: extra; "
                                              "see machiavelli variants show --help",
    }
    for args, expected in cases.items():
        result = run("--lang", "en", *args)
        assert result.exit_code == 2 and result.stderr.strip() == expected, (args, result.stderr)


def test_what_a_parameter_expects_follows_its_type():
    from types import SimpleNamespace

    def param(annotation=None, choices=(), low=None, high=None, is_list=False):
        desc = SimpleNamespace(annotation=annotation, is_choice=bool(choices), choices=choices, is_list=is_list,
                               is_path=False)
        return SimpleNamespace(type_descriptor=desc, min=low, max=high)

    assert cli_words._expected(param(choices=("text", "html"))) == "expects one of: text or html"
    assert cli_words._expected(param(int, low=2, high=8)) == "expects a whole number from 2 to 8"
    assert cli_words._expected(param(int, low=1)) == "expects a whole number of at least 1"
    assert cli_words._expected(param(list[int], is_list=True)) == "expects a whole number"
    assert cli_words._expected(param(float)) == "expects a number"
    assert cli_words._expected(param(object)) == "has a value that is not valid"


def test_right_to_left_lines_isolate_the_latin_names():
    result = run("--lang", "ar", "simulate", "--nope")
    line = result.stderr.strip()
    # The line starts with an isolate, so its first strong letter outside
    # isolates, the one that sets its direction, is Arabic.
    assert line.startswith(LRI + "machiavelli simulate" + PDI)
    assert LRI + "--nope" + PDI in line
    outside = re.sub(f"{LRI}.*?{PDI}", "", line)
    first = next(ch for ch in outside if ch.isalpha())
    assert "\u0600" <= first <= "\u06ff"


def commands(command=None, path=()):
    command = command or typer.main.get_command(app)
    yield path
    for name, sub in sorted(getattr(command, "commands", {}).items()):
        yield from commands(sub, (*path, name))


@pytest.mark.parametrize("lang", OTHER_LANGUAGES)
def test_no_library_english_in_any_help_page(lang):
    for path in commands():
        result = run("--lang", lang, *path, "--help")
        assert result.exit_code == 0, (path, result.output)
        found = LIBRARY_ENGLISH.search(result.stdout)
        assert found is None, (lang, path, found and found.group(0))


def test_help_pages_name_kinds_of_values_and_defaults_in_the_language():
    result = run("--lang", "it", "simulate", "--help")
    out = " ".join(re.sub(r"[│╭╮╰╯─]", " ", result.stdout).split())
    assert out.startswith("Uso: machiavelli simulate [OPZIONI]")
    assert "<numero> Partite per variante. [predefinito: 2000]" in out
    result = run("--lang", "it", "meld", "check", "--help")
    assert "CARTE" in result.stdout and "[obbligatorio]" in result.stdout


def test_a_hostile_translation_never_reaches_the_librarys_format(monkeypatch):
    """Typer formats "[default: {}]" itself: a catalog's "{value.__class__}"
    or a second field must not get there; the English one is used."""
    for hostile in ("[défaut : {0.__class__}]", "[défaut : \0 \0]", "[défaut]"):
        monkeypatch.setattr(cli_words, "pgettext", lambda context, message, **values: hostile)
        assert cli_words._library_template(cli_words.DEFAULT, 1) == "[default: {}]"
    monkeypatch.setattr(cli_words, "pgettext", lambda context, message, **values: "[défaut : \0]")
    assert cli_words._library_template(cli_words.DEFAULT, 1) == "[défaut : {}]"


def test_the_library_words_follow_the_language_of_each_run():
    run("--lang", "uk", "simulate", "--help")
    result = run("--lang", "en", "simulate", "--help")
    assert "Usage: machiavelli simulate [OPTIONS]" in result.stdout and "[default: 2000]" in result.stdout
    assert i18n.language() == "en"


def test_a_command_that_prints_one_line_loads_no_help_drawing():
    """Typer's Rich helpers (with Rich's Markdown and markdown-it, about 40 ms)
    are for help and errors: a command that prints one line does not load
    them, and help drawn after all is still in the user's language."""
    import subprocess
    import sys
    probe = ("import sys\n"
             "from machiavelli.cli import main\n"
             "sys.argv = ['machiavelli', '--lang', 'it', 'meld', 'check', '5H', '6H', '7H']\n"
             "try:\n    main()\nexcept SystemExit:\n    pass\n"
             "print('loaded' if 'typer.rich_utils' in sys.modules else 'not loaded')\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip().splitlines()[-1] == "not loaded"
    probe = probe.replace("'meld', 'check', '5H', '6H', '7H'", "'meld', 'check', '--help'")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert "Uso:" in out and "Opzioni" in out
    assert out.strip().splitlines()[-1] == "loaded"


def test_help_loads_no_markdown_and_markdown_help_still_works():
    """Help is written in Rich markup, not Markdown: drawing it does not load
    Rich's Markdown and markdown-it (about 40 ms); a Markdown text made
    through Typer's helpers after all is Rich's real Markdown, and a later
    import of ``rich.markdown`` finds the real module."""
    import subprocess
    import sys
    probe = ("import sys\n"
             "from machiavelli.cli import main\n"
             "sys.argv = ['machiavelli', '--lang', 'en', '--help']\n"
             "try:\n    main()\nexcept SystemExit:\n    pass\n"
             "print(sorted(m for m in ('rich.markdown', 'markdown_it') if m in sys.modules))\n"
             "import typer.rich_utils as helpers\n"
             "made = helpers._make_rich_text(text='**bold**', markup_mode='markdown')\n"
             "import rich.markdown\n"
             "print(type(made) is rich.markdown.Markdown, rich.markdown.Markdown.__module__)\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    lines = out.strip().splitlines()
    assert "Usage: machiavelli" in out
    assert lines[-2] == "[]"
    assert lines[-1] == "True rich.markdown"


def test_help_loads_no_traceback_drawing_and_a_crash_report_still_works():
    """Typer's helpers import Rich's Traceback (with Pygments, about 12 ms)
    for the report of a crash: help does not load it, and a report made
    through the helpers after all is Rich's real Traceback."""
    import subprocess
    import sys
    probe = ("import sys\n"
             "from machiavelli.cli import main\n"
             "sys.argv = ['machiavelli', '--lang', 'en', '--help']\n"
             "try:\n    main()\nexcept SystemExit:\n    pass\n"
             "print(sorted(m for m in ('rich.traceback', 'rich.syntax', 'pygments') if m in sys.modules))\n"
             "import typer.rich_utils as helpers\n"
             "try:\n    1 / 0\nexcept ZeroDivisionError as exc:\n"
             "    made = helpers.get_traceback(exc, helpers.DeveloperExceptionConfig(), [])\n"
             "import rich.traceback\n"
             "print(type(made) is rich.traceback.Traceback, rich.traceback.Traceback.__module__)\n")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    lines = out.strip().splitlines()
    assert "Usage: machiavelli" in out
    assert lines[-2] == "[]"
    assert lines[-1] == "True rich.traceback"

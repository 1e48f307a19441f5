"""Chinese as a Chinese reader expects it: rows broken by CJK rules in
``--help`` and ``variants options`` (issue 30, point 2)."""

import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

from machiavelli.cli import app
from machiavelli.core.console import breaking, row_starts

runner = CliRunner()
ENV = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "", "COLUMNS": "80"}
#: Punctuation that a Chinese row never starts with.
CLOSING = "、。，：；！？）」"


def rows(text: str, width: int) -> list[str]:
    console = Console(width=width, record=True, file=open("/dev/null", "w"))
    console.print(breaking(text))
    return console.export_text().splitlines()


def test_no_row_starts_with_closing_punctuation_and_no_word_is_cut():
    text = ("在顺子中的位置：low（A-2-3）、high（Q-K-A）、low-or-high（两端均可，但不能同时："
            "没有 K-A-2）、wrap（可以绕过去：K-A-2）。")
    for width in range(14, 40):
        found = rows(text, width)
        assert not any(row.lstrip()[:1] in CLOSING for row in found), (width, found)
        words = re.findall(r"[A-Za-z][A-Za-z-]+", "\n".join(found))
        assert "low-or-high" in words, (width, found)


def test_a_word_wider_than_the_row_is_folded_not_lost():
    assert row_starts("abcdefghij", 4) == [4, 8]
    assert "".join(rows("abcdefghij", 4)) == "abcdefghij"


def screen_rows(*args: str) -> list[str]:
    result = runner.invoke(app, ["--lang", "zh_Hans", *args], env=ENV)
    assert result.exit_code == 0, result.output
    # The cells of a panel, without its borders.
    return [cell.strip() for line in result.output.splitlines() for cell in re.split(r"[│]|\s{2,}", line)
            if cell.strip()]


@pytest.mark.parametrize("args", [("--help",), ("play", "--help"), ("simulate", "--help"),
                                  ("variants", "options")])
def test_chinese_help_and_options_break_rows_by_chinese_rules(args):
    cells = screen_rows(*args)
    assert not [c for c in cells if c[0] in CLOSING], cells
    assert not [c for c in cells if c in ("i", "-high", "able")], cells

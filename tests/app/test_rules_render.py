"""Rules as text at the terminal: lines measured in terminal columns, where
a Chinese character takes two (issue 18: display width, never len())."""

from hypothesis import given
from hypothesis import strategies as st
from rich.cells import cell_len

from machiavelli.app.rules_render import render_text
from machiavelli.core.console import PIECES, wrap
from machiavelli.core.present import Bullets, Paragraph, Section
from machiavelli.games.machiavelli.present.rules_text import Document

CHINESE = ("马基雅维利是一种供 2 到 5 名玩家玩的拉米类纸牌游戏。玩家轮流把手中的牌组成牌组放到牌桌上，"
           "只要回合结束时牌桌上的每张牌都属于某个有效的牌组（例如 5♣ 6♣ 7♣）。")


def _pieces(text):
    return "".join(text.split())


@given(st.text(alphabet="牌桌上顺子。，（）ab cde 5♣", max_size=120), st.integers(min_value=4, max_value=60))
def test_wrapped_lines_fit_the_width_and_keep_every_character(text, width):
    lines = wrap(text, width)
    assert _pieces("".join(lines)) == _pieces(text)
    for line in lines:
        # Only a piece that cannot be cut (a word, one character and its punctuation) may overflow.
        if cell_len(line) > width:
            assert len([p for p in PIECES.findall(line) if not p.isspace()]) == 1, (line, width)


def test_chinese_wraps_between_characters_by_display_width():
    lines = wrap(CHINESE, 30)
    assert len(lines) > 3
    assert all(cell_len(line) <= 30 for line in lines)
    assert max(cell_len(line) for line in lines) >= 28  # filled, not cut at 15 characters as len() would
    # Full-width punctuation never starts a line, an opening bracket never ends one.
    assert not any(line[0] in "。，）" for line in lines[1:])
    assert not any(line.endswith("（") for line in lines)


def test_words_still_wrap_between_spaces():
    assert wrap("the cards on the table", 10) == ["the cards", "on the", "table"]


def _doc():
    section = Section("overview", "概述")
    section.blocks.extend([Paragraph(CHINESE), Bullets(("它至少有 3 张牌。", CHINESE))])
    return Document(title="马基雅维利：bga 规则", sections=[section], language="zh_Hans", rtl=False)


def test_headings_are_underlined_to_their_display_width():
    lines = render_text(_doc()).splitlines()
    assert lines[0] == "马基雅维利：bga 规则"
    assert lines[1] == "=" * cell_len(lines[0]) == "=" * 20
    assert "----" in lines


def test_visual_lines_fit_a_narrow_terminal():
    for line in render_text(_doc(), visual=True, width=40).splitlines():
        assert cell_len(line) <= 40, line


def test_html_names_the_language_by_its_bcp47_tag():
    from machiavelli.app.rules_render import render

    page = render(_doc(), "html")
    assert '<html lang="zh-Hans"' in page and "zh_Hans" not in page

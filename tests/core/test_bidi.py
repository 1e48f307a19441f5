"""--bidi visual: the line order of app/bidi.py checked against python-bidi
(the Rust unicode-bidi engine), its mirroring and isolates, and Arabic
letters joined by arabic-reshaper."""

import arabic_reshaper
import pytest
from bidi import get_display
from hypothesis import given, settings
from hypothesis import strategies as st

from machiavelli.core import bidi

# Letters, digits, spaces and the punctuation our screens use, without the
# mirrored brackets and isolates that python-bidi's engine handles otherwise
# (it leaves mirroring to a renderer): on these the two must agree exactly.
ALPHABET = "بتثجحخدذرزسشصضطظعغفقكلمنهوي" + "abcKQJ" + "0123456789" + "  .,:;-+%/♠♥♦♣" + "٠١٢٣"


@settings(max_examples=400, deadline=None)
@given(line=st.text(alphabet=ALPHABET, min_size=1, max_size=40), rtl=st.booleans())
def test_the_order_agrees_with_python_bidi(line, rtl):
    assert bidi._visual(line, rtl) == get_display(line, base_dir="R" if rtl else "L")


@pytest.mark.parametrize("line, rtl, expected", [
    ("abc (def)", False, "abc (def)"),
    ("مرحبا ABC 123", True, "ABC 123 ابحرم"),
    ("عندي 15 ورقة", True, "ةقرو 15 يدنع"),
    ("قال (نعم) هنا", True, "انه (معن) لاق"),
    ("المجموعة: " + bidi.isolate("5♣ 6♣ 7♣") + " صحيحة.", True, ".ةحيحص 5♣ 6♣ 7♣ :ةعومجملا"),
    ("النتيجة (3)", True, "(3) ةجيتنلا"),
])
def test_order_with_brackets_mirrored_and_isolates_kept_whole(line, rtl, expected):
    assert bidi._visual(line, rtl) == expected


def test_arabic_letters_are_joined_then_ordered():
    word = "نظرة عامة"
    # Joined forms (U+FExx) from arabic-reshaper; a pure Arabic line in
    # display order is the reversed string.
    assert bidi.visual(word) == arabic_reshaper.reshape(word)[::-1]
    assert bidi.visual("لا") == "\ufefb"  # lam-alef: one ligature
    assert all(not "\u0600" <= ch <= "\u06ff" for ch in bidi.visual("الورقة على الطاولة"))


def test_latin_lines_are_left_alone():
    assert bidi.visual("Player 1 draws 10♥.", rtl=False) == "Player 1 draws 10♥."

"""Cicera's rules in the user's language: sentences whose grammar the catalog can keep."""

from __future__ import annotations

import pytest

from machiavelli.app.catalogs import shipped_languages
from machiavelli.app.library import load_variant
from machiavelli.app.rules_render import render
from machiavelli.core import i18n
from machiavelli.games.cicera.rules_text import compose


@pytest.mark.skipif("uk" not in shipped_languages(), reason="no Ukrainian catalog")
def test_ukrainian_napola_names_the_ace_where_the_nominative_fits():
    """The ace's name arrives in the nominative: "починаючи з карти «туз»"
    asked it to stand where a genitive belongs (issue 30's review); the
    sentence now names it as a predicate, its count agreeing with n."""
    i18n.use_language("uk", environ={})
    text = render(compose(load_variant("cicera")), "text", width=1000)
    napola = next(line for line in text.splitlines() if line.startswith("Напола:"))
    assert "щонайменше 3 карти масті «мечі» підряд, і перша з них — туз" in napola
    assert "«туз»" not in napola

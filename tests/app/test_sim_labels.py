"""Figures of simulate's report as the user's language writes them."""

import pytest

from machiavelli.app import sim_labels
from machiavelli.app.catalogs import shipped_languages
from machiavelli.core import i18n


@pytest.mark.parametrize("lang, expected", [("tr", "%25,0"), ("de", "25,0\u00a0%"), ("en", "25.0%"), ("it", "25,0%")])
def test_a_share_follows_the_languages_percent_pattern(lang, expected):
    """Turkish puts the sign first (issue 30's review: "100,0%" read wrong)."""
    if lang not in shipped_languages():
        pytest.skip(f"no {lang} catalog")
    i18n.use_language(lang, environ={})
    try:
        assert sim_labels.pct(0.25) == expected
        assert sim_labels.pct(None) == "-"
    finally:
        i18n.use_language("en", environ={})

"""The presentation boundary (machiavelli.core.present): a game the
application has no screens for is drawn, narrated, read and documented
through its GameDefinition's presentation, whatever the game."""

from __future__ import annotations

from dataclasses import replace

import pytest
from typer.testing import CliRunner

from machiavelli.cli import app
from machiavelli.core import registry
from machiavelli.core.present import Bullets, Heading, Paragraph, Presentation, RulesDocument, Section
from machiavelli.core.variant import Variant

runner = CliRunner()


def _toy_rules(variant):
    doc = RulesDocument(language="en", rtl=False, title=f"Toy: {variant.name}")
    doc.sections.append(Section("only", "The only rule", [Paragraph("Play <fair>."), Heading("Scoring"),
                                                         Bullets(("one", "two"))]))
    return doc


@pytest.fixture
def toy():
    cicera = registry.game("cicera")
    base = cicera.presentation()
    present = replace(base, rules=_toy_rules)
    registry.register_game(replace(cicera, name="toy", variant_schema=Variant, presentation=lambda: present))
    yield present
    registry._GAMES.pop("toy", None)
    registry._BOTS.pop("toy", None)


def test_every_shipped_game_is_shown_through_its_presentation():
    from machiavelli.app.presented import presentation_of

    for game in ("machiavelli", "cicera", "si-se-pai"):
        assert isinstance(presentation_of(game), Presentation)
    # Machiavelli's own page and terminal screens come through the same protocol's hooks.
    found = presentation_of("machiavelli")
    assert found.table is not None and found.screen is not None and found.hint is not None


@pytest.mark.parametrize("fmt, expected", [
    ("text", ["Toy: house", "The only rule", "Play <fair>.", "Scoring", "• one", "• two"]),
    ("markdown", ["# Toy: house", "## The only rule", "Play \\<fair\\>.", "### Scoring", "- one"]),
    ("html", ["<h1>Toy: house</h1>", "<p>Play &lt;fair&gt;.</p>", "<h3>Scoring</h3>", "<li>two</li>"]),
])
def test_any_game_s_rules_document_is_rendered(toy, tmp_path, fmt, expected):
    path = tmp_path / "house.yaml"
    path.write_text("game: toy\nname: house\n")
    result = runner.invoke(app, ["rules", "--variant", str(path), "-f", fmt])
    assert result.exit_code == 0, result.output
    for text in expected:
        assert text in result.output

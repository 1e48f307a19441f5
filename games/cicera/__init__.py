"""Cicera, the Brescian capture game for two teams of two (seed 002): play a
card to take a table card of its rank or number cards adding up to it;
bonuses for sweeps, picada, simile and big captures; awards at the end.
Registered with the kernel through the ``machiavelli.games`` entry point.

Public API: :data:`GAME`, :class:`.game.Game`, :class:`.view.View`,
:class:`.actions.Play` and :func:`.actions.parse_action`, the rules in
:mod:`.rules`, the computer players in :mod:`.players`, and how the
application shows the game in :mod:`.present` (and on a web page, :mod:`.present_table`).
"""

from __future__ import annotations

from operator import methodcaller
from typing import Any

from machiavelli.core.i18n import NP_
from machiavelli.core.registry import Deferred, GameDefinition

from .ending import Ending
from .variant import CiceraVariant

NAME = "cicera"


def _parse_action(text: str, variant: CiceraVariant) -> Any:
    from .actions import parse_action

    return parse_action(text, variant.deck)


def _presentation() -> Any:
    from dataclasses import replace

    from .present import PRESENTATION
    from .present_faces import face
    from .present_table import table
    from .simulate import REPORT

    # The page's table (present_table) builds on the terminal's texts (present).
    return replace(PRESENTATION, table=table, simulate=REPORT, face=face)


GAME = GameDefinition(
    name=NAME,
    variant_schema=CiceraVariant,
    new_game=Deferred(f"{__name__}.game:Game"),
    parse_action=_parse_action,
    terminations=Ending,
    position=methodcaller("position"),
    stage=Deferred(f"{__name__}.game:Game.at_position"),
    bots={name: Deferred(f"{__name__}.players:{bot}")
          for name, bot in (("random", "RandomBot"), ("greedy", "GreedyBot"), ("partner", "PartnerBot"))},
    tally=Deferred(f"{__name__}.tally:Tally"),
    count_label=Deferred(f"{__name__}.simulate:count_label"),
    default_variant="cicera",
    preferred_bots=("partner", "greedy", "random"),
    # TRANSLATORS: the game's name, as players of the language call it (page titles).
    title=NP_("game name", "Cicera"),
    description="Cicera: the Brescian capture game for two teams of two",
    presentation=_presentation,
    bot_labels={
        "random": NP_("player level", "random moves"),
        "greedy": NP_("player level", "greedy"),
        "partner": NP_("player level", "team player, the strongest"),
    },
)

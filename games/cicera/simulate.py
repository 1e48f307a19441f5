"""What Cicera adds to ``machiavelli simulate``'s report: its endings in
words, and the names of its tally's counts (captures, each capture bonus,
each award, where the last cards went) as rows per deal."""

from __future__ import annotations

from machiavelli.core.i18n import N_, NP_, _
from machiavelli.core.present import SimulateReport, in_words

from .ending import Ending

ENDINGS: dict[str, str] = {
    # TRANSLATORS: a row of simulate's report for Cicera: how many deals ended so.
    Ending.HIGHER_TOTAL: NP_("cicera simulate", "Ended: one team's total was higher"),
    # TRANSLATORS: a row of simulate's report for Cicera: how many deals ended so.
    Ending.DRAWN: NP_("cicera simulate", "Ended: a drawn deal (equal totals)"),
}
#: How a deal ended, as the end of a sentence.
CLAUSES: dict[str, str] = {
    # TRANSLATORS: simulate's warning that nearly every deal of Cicera ended one way: "...ended the same
    # way: one team's total was higher."
    Ending.HIGHER_TOTAL: NP_("cicera simulate", "one team's total was higher"),
    # TRANSLATORS: simulate's warning that nearly every deal of Cicera ended one way: "...ended the same
    # way: the totals were equal."
    Ending.DRAWN: NP_("cicera simulate", "the totals were equal"),
}

COUNT_LABELS = {
    # TRANSLATORS: Simulate's report for games of teams (Cicera) or of points (Sì Sè Pái).
    "captures": N_("Captures per deal"),
    "left": N_("Cards left on the table per deal"),
    "scopa": N_("Scopa bonuses per deal"),
    "picada": N_("Picada bonuses per deal"),
    "simile": N_("Simile bonuses per deal"),
    "quartet": N_("Quartet bonuses per deal"),
    "leftover-claimed": N_("Deals whose last cards went to a team"),
    "award-most-cards": N_("Most-cards awards given per deal"),
    "award-most-suit": N_("Suit-majority awards given per deal"),
    "award-special": N_("Card awards given per deal"),
    # TRANSLATORS: Simulate's report for games of teams (Cicera) or of points (Sì Sè Pái).
    "award-napola": N_("Napolas per deal"),
}


def count_label(key: str) -> str | None:
    """One of the tally's counts as a row of the report (None: not a count of Cicera's)."""
    return _(COUNT_LABELS[key]) if key in COUNT_LABELS else None


REPORT = SimulateReport(
    ending=in_words(ENDINGS, "cicera simulate"),
    ending_clause=in_words(CLAUSES, "cicera simulate"),
    # Drawn deals are rare between players who play to win.
    one_ending={Ending.DRAWN: 0.95},
)

"""What Sì Sè Pái adds to ``machiavelli simulate``'s report: its endings in
words, and the names of its tally's counts (claims, of each kind of group,
and cards set aside) as rows per deal."""

from __future__ import annotations

from machiavelli.core.i18n import N_, NP_, _

from machiavelli.core.present import SimulateReport, in_words

from .ending import Ending

ENDINGS: dict[str, str] = {
    # TRANSLATORS: a row of simulate's report for Sì Sè Pái: how many deals ended so.
    Ending.WON: NP_("sisepai simulate", "Ended: a player's cards all formed groups"),
    # TRANSLATORS: a row of simulate's report for Sì Sè Pái: how many deals ended so.
    Ending.DRAWN: NP_("sisepai simulate", "Ended: the stock ran out (a drawn deal)"),
}
#: How a deal ended, as the end of a sentence.
CLAUSES: dict[str, str] = {
    # TRANSLATORS: simulate's warning that nearly every deal of Sì Sè Pái ended one way: "...ended the
    # same way: a player won."
    Ending.WON: NP_("sisepai simulate", "a player won"),
    # TRANSLATORS: simulate's warning that nearly every deal of Sì Sè Pái ended one way: "...ended the
    # same way: the stock ran out."
    Ending.DRAWN: NP_("sisepai simulate", "the stock ran out"),
}

COUNT_LABELS = {
    # TRANSLATORS: Simulate's report for games of teams (Cicera) or of points (Sì Sè Pái).
    "claims": N_("Public cards claimed per deal"),
    "set-aside": N_("Cards nobody took per deal"),
}


def count_label(key: str) -> str | None:
    """One of the tally's counts as a row of the report: the claims of one
    kind of group by name; "" for the winner's score (one count per total:
    the report shows them as the distribution of the winners' points)."""
    if key.startswith("score-"):
        return ""
    if key.startswith("claim-"):
        from .glossary import group_name

        # TRANSLATORS: a row of simulate's report for Sì Sè Pái; {kind} is a kind of group ("pair", "three
        # Soldiers").
        return _("Claims per deal: {kind}", kind=group_name(key[len("claim-"):]))
    return _(COUNT_LABELS[key]) if key in COUNT_LABELS else None


REPORT = SimulateReport(
    ending=in_words(ENDINGS, "sisepai simulate"),
    ending_clause=in_words(CLAUSES, "sisepai simulate"),
    # Nearly every deal drawn: the players, not the rules, keep anyone from winning.
    one_ending={Ending.DRAWN: 0.95},
)

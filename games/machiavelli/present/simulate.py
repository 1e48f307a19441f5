"""What Machiavelli adds to ``machiavelli simulate``'s report: its endings
in words, its own figures from its tally (rearranging turns, draws and
restores per game) and the rules whose coming into play its counts show
(the warnings ``no-restores``, ``no-help-cards-used``, ``no-cross-cards-used``,
``deck-end-never-reached``, ``no-draws`` and ``no-rearrangements``)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from machiavelli.core.i18n import N_, _
from machiavelli.core.present import InPlay, SimFigure, SimulateReport, in_words

from ..ending import BLOCKED, DECK_EXHAUSTED, KNOCKED, WENT_OUT

if TYPE_CHECKING:
    from machiavelli.core.simulate import GameSummary

ENDINGS: dict[str, str] = {
    WENT_OUT: N_("Ended: a player went out"),
    DECK_EXHAUSTED: N_("Ended: the deck ran out"),
    BLOCKED: N_("Ended: nobody could play or draw"),
    KNOCKED: N_("Ended: a player knocked"),
}
#: How a game ended, as the end of a sentence.
CLAUSES: dict[str, str] = {WENT_OUT: N_("a player went out"), DECK_EXHAUSTED: N_("the deck ran out"),
           BLOCKED: N_("nobody could play or draw"), KNOCKED: N_("a player knocked")}

FIGURE_LABELS = {
    "rearranging_turns": N_("Turns that rearranged the table"),
    # TRANSLATORS: Simulate (its report, or a mistake in its options).
    "draws_per_game": N_("Draws per game"),
    # TRANSLATORS: Simulate (its report, or a mistake in its options).
    "restores_per_game": N_("Restores per game"),
}

#: What a warning that a rule never came into play says, by its code.
NOT_IN_PLAY_TEXT = {
    # TRANSLATORS: Simulate (its report, or a mistake in its options); {a} is a variant's name, {b} is
    # another variant's name, {parameter} is a variant parameter's key (hand_size), {value_a} is its
    # value in the first variant, {value_b} is its value in the second.
    "no-restores": N_("{a} and {b} differ in {parameter} ({value_a} against {value_b}), but nobody restored the "
                      "table in their games: the figures cannot show what this rule changes."),
    # TRANSLATORS: Simulate (its report, or a mistake in its options); {a} is a variant's name, {b} is
    # another variant's name, {parameter} is a variant parameter's key (cross), {value_a} is its value
    # in the first variant, {value_b} is its value in the second. The Cross: the Greek Makiaveli's
    # four face-up cards around the deck.
    "no-cross-cards-used": N_("{a} and {b} differ in {parameter} ({value_a} against {value_b}), but no card of "
                              "the Cross was used in their games: the figures cannot show what this rule "
                              "changes."),
    # TRANSLATORS: Simulate (its report, or a mistake in its options); {a} is a variant's name, {b} is
    # another variant's name, {parameter} is a variant parameter's key (hand_size), {value_a} is its
    # value in the first variant, {value_b} is its value in the second.
    "no-help-cards-used": N_("{a} and {b} differ in {parameter} ({value_a} against {value_b}), but no help card "
                             "was used in their games: the figures cannot show what this rule changes."),
    # TRANSLATORS: Simulate (its report, or a mistake in its options); {a} is a variant's name, {b} is
    # another variant's name, {parameter} is a variant parameter's key (hand_size), {value_a} is its
    # value in the first variant, {value_b} is its value in the second.
    "deck-end-never-reached": N_("{a} and {b} differ in {parameter} ({value_a} against {value_b}), but no game "
                                 "reached the end of the deck: the figures cannot show what this rule changes."),
    # TRANSLATORS: Simulate (its report, or a mistake in its options); {a} is a variant's name, {b} is
    # another variant's name, {parameter} is a variant parameter's key (hand_size), {value_a} is its
    # value in the first variant, {value_b} is its value in the second.
    "no-draws": N_("{a} and {b} differ in {parameter} ({value_a} against {value_b}), but nobody drew in their "
                   "games: the figures cannot show what this rule changes."),
    # TRANSLATORS: Simulate (its report, or a mistake in its options); {a} is a variant's name, {b} is
    # another variant's name, {parameter} is a variant parameter's key (hand_size), {value_a} is its
    # value in the first variant, {value_b} is its value in the second.
    "no-rearrangements": N_("{a} and {b} differ in {parameter} ({value_a} against {value_b}), but nobody "
                            "rearranged the table in their games: the figures cannot show what this rule changes."),
}


def _label(key: str) -> Any:
    return lambda: _(FIGURE_LABELS[key])


def _text(code: str) -> Any:
    return lambda **values: _(NOT_IN_PLAY_TEXT[code], **values)


def _scored_at_deck_end(game: GameSummary) -> bool:
    return game.reason in (DECK_EXHAUSTED, BLOCKED)


def _restored(game: GameSummary) -> bool:
    return game.restores > 0


def _helped(game: GameSummary) -> bool:
    return game.count("help_used") > 0


def _deck_emptied(game: GameSummary) -> bool:
    return game.count("deck_emptied") > 0


def _drew(game: GameSummary) -> bool:
    return game.draws > 0


def _rearranged(game: GameSummary) -> bool:
    return game.rearranged > 0 or game.restores > 0


def _in_play(parameter: str, code: str, count: str, seen: Any) -> InPlay:
    return InPlay(parameter, code, count, seen, _text(code))


#: A parameter and what shows that it came into play in a game: a
#: difference in a parameter whose test held in no game of either variant
#: cannot show in the figures.
IN_PLAY = (
    _in_play("restore_penalty", "no-restores", "restores", _restored),
    _in_play("help_cards", "no-help-cards-used", "help_used", _helped),
    _in_play("help_cards_refill", "no-help-cards-used", "help_used", _helped),
    _in_play("cross", "no-cross-cards-used", "help_used", _helped),
    _in_play("deck_runs_out", "deck-end-never-reached", "deck_emptied", _deck_emptied),
    _in_play("deck_out_winners", "deck-end-never-reached", "deck_emptied", _scored_at_deck_end),
    _in_play("draw_count", "no-draws", "draws", _drew),
    _in_play("draw_limit", "no-draws", "draws", _drew),
    _in_play("rearranging", "no-rearrangements", "rearranged", _rearranged),
    _in_play("rearrange_before_opening", "no-rearrangements", "rearranged", _rearranged),
)

REPORT = SimulateReport(
    ending=in_words(ENDINGS),
    ending_clause=in_words(CLAUSES),
    # Possible only when a variant draws nothing: shown when it happened.
    rare=(BLOCKED, KNOCKED),
    # Every game went out, or nearly every game ran the deck out or blocked:
    # the players, not the rules, decide how games end.
    one_ending={WENT_OUT: 1.0, DECK_EXHAUSTED: 0.95, BLOCKED: 0.95},
    figures=(
        SimFigure("rearranging_turns", "ratio", "rearranged", _label("rearranging_turns")),
        SimFigure("draws_per_game", "mean", "draws", _label("draws_per_game")),
        SimFigure("restores_per_game", "mean", "restores", _label("restores_per_game")),
    ),
    in_play=IN_PLAY,
    columns=("rearranged", "draws", "restores", "drawn"),
)

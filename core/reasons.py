"""Human sentences for the kernel's reason codes, in the user's language."""

from __future__ import annotations

from typing import Any, Callable, Mapping, Sequence

from machiavelli.core.errors import IllegalAction, MachiavelliError, NotationError
from machiavelli.core.terminal import printable

from machiavelli.core.i18n import N_, NP_, _, format_list, ngettext, pgettext

# Why a group of cards is not a meld (core.melds.REASONS).
MELD_REASONS: dict[str, str] = {
    "empty": NP_("meld reason", "there are no cards"),
    "no-meld-kinds": NP_("meld reason", "this variant allows no melds"),
    "extra-card-not-allowed": NP_("meld reason", "this kind of meld takes no extra cards (flowers, jokers)"),
    "not-an-extra-card": NP_("meld reason", "this kind of meld is made of extra cards only"),
    "mixed-ranks": NP_("meld reason", "the cards are not all of one rank"),
    "mixed-suits": NP_("meld reason", "the cards are not all of one suit"),
    "too-few-cards": NP_("meld reason", "there are too few cards"),
    "too-many-cards": NP_("meld reason", "there are too many cards"),
    "rank-not-allowed": NP_("meld reason", "a rank that this kind of meld does not allow"),
    "identical-cards": NP_("meld reason", "there are identical cards"),
    "repeated-rank": NP_("meld reason", "a rank appears twice"),
    "repeated-suit": NP_("meld reason", "a suit appears twice"),
    "not-a-pattern": NP_("meld reason", "the ranks are not one of the allowed combinations"),
    "gap": NP_("meld reason", "the ranks are not consecutive"),
    "ace-both-ways": NP_("meld reason", "an ace cannot be both low and high"),
    "ace-high-not-allowed": NP_("meld reason", "aces cannot be high in this variant"),
    "ace-low-not-allowed": NP_("meld reason", "aces cannot be low in this variant"),
    "jokers-only": NP_("meld reason", "a meld needs at least one card that is not a joker"),
    "too-many-jokers": NP_("meld reason", "there are more jokers than this meld may hold"),
}
#: The reasons that name a card, as players of a tile game say them
#: (``pieces: tiles``): tiles, numbers and colours.
TILE_MELD_REASONS: dict[str, str] = {
    "empty": NP_("meld reason", "there are no tiles"),
    "mixed-ranks": NP_("meld reason", "the tiles are not all of one number"),
    "mixed-suits": NP_("meld reason", "the tiles are not all of one colour"),
    "too-few-cards": NP_("meld reason", "there are too few tiles"),
    "too-many-cards": NP_("meld reason", "there are too many tiles"),
    "identical-cards": NP_("meld reason", "there are identical tiles"),
    "repeated-rank": NP_("meld reason", "a number appears twice"),
    "repeated-suit": NP_("meld reason", "a colour appears twice"),
    "gap": NP_("meld reason", "the numbers are not consecutive"),
    "jokers-only": NP_("meld reason", "a meld needs at least one tile that is not a joker"),
}

# Errors of input, files and setup: one line each.
ERRORS: dict[str, str] = {
    # TRANSLATORS: An error message (command line, table or web page); {token} is what was typed, as
    # typed.
    "bad-card": N_("Not a card: {token}"),
    "input-too-long": N_("The input is too long."),
    # TRANSLATORS: An error message (command line, table or web page); {where} is where the problem
    # is, {detail} is what went wrong, in words (may come from the system in English).
    "bad-variant": N_("Broken variant {where}: {detail}"),
    "bad-extends": N_("Broken variant {where}: {detail}"),
    # TRANSLATORS: An error message (command line, table or web page); {detail} is what went wrong, in
    # words (may come from the system in English).
    "bad-override": N_("Bad --set: {detail}"),
    # TRANSLATORS: An error message (command line, table or web page); {file} is a file's path.
    "missing-file": N_("No such file: {file}"),
    # TRANSLATORS: An error message (command line, table or web page); {name} is a name as typed,
    # {available} is the possible codes, listed.
    "unknown-variant": N_("Unknown variant {name}. Available: {available}"),
    # TRANSLATORS: An error message (command line, table or web page); {game} is a game's name as
    # written, {where} is where the problem is, {available} is the possible codes, listed.
    "unknown-game": N_("Unknown game {game} in {where}. Installed games: {available}"),
    # TRANSLATORS: An error message (command line, table or web page); {token} is what was typed, as
    # typed, {usage} is how to type it.
    "bad-action": N_("Not a valid action: {token} (expected: {usage})"),
    # TRANSLATORS: An error message (command line, table or web page); {token} is what was typed, as
    # typed, {verbs} is command words, listed.
    "unknown-action": N_("Unknown action {token}. Actions: {verbs}"),
    # TRANSLATORS: An error message (command line, table or web page); {seed} is a game's number, the
    # seed of its shuffle.
    "bad-seed": N_("Not a seed: {seed} (a whole number from 0)"),
    # TRANSLATORS: An error message (command line, table or web page); {dealer} is a player's name,
    # {players} is a number of players.
    "bad-dealer": N_("Not a dealer: {dealer} (a seat from 0 to fewer than {players})"),
    # TRANSLATORS: An error message (command line, table or web page); {seed} is a game's number, the
    # seed of its shuffle, {digits} is a number.
    "seed-too-large": N_("The seed {seed} is too large: a seed has at most {digits} digits."),
    # TRANSLATORS: An error message (command line, table or web page); {cards} is cards as shown, or a
    # number of cards, {players} is a number of players.
    "not-enough-cards": N_("{cards} cards are not enough to deal to {players} players."),
    # TRANSLATORS: An error message (command line, table or web page); {cards} is cards as shown, or a
    # number of cards, {decks} is a number of decks.
    "too-many-copies": N_("There are more {cards} than {decks} decks hold."),
    # TRANSLATORS: An error message (command line, table or web page); {player} is a player's name
    # (Player 2), {available} is the possible codes, listed.
    "unknown-player": N_("Unknown player {player}. Available: {available}"),
    # TRANSLATORS: A command of one game given another game's variant; {variant} is the variant's name,
    # {game} is a game's name as written (machiavelli).
    "variant-of-another-game": N_("The variant {variant} is not for the game {game}: this command works with "
                                  "{game} variants only."),
    # TRANSLATORS: An error message (command line, table or web page); {file} is a file's path.
    "record-too-large": N_("{file} is too large to be a game record."),
    # TRANSLATORS: An error message (command line, table or web page); {file} is a file's path,
    # {detail} is what went wrong, in words (may come from the system in English).
    "not-a-record": N_("{file} is not a Machiavelli game record ({detail})."),
    # TRANSLATORS: An error message (command line, table or web page); {file} is a file's path, {line}
    # is a line number, {detail} is what went wrong, in words (may come from the system in English).
    "record-damaged": N_("Game record {file} is damaged at line {line}: {detail}"),
    # TRANSLATORS: An error message (command line, table or web page); {file} is a file's path,
    # {version} is a version number, {supported} is a version number.
    "record-version": N_("Game record {file} has version {version}; this program reads up to version {supported}."),
    # TRANSLATORS: An error message (command line, table or web page); {file} is a file's path,
    # {detail} is what went wrong, in words (may come from the system in English).
    "record-field": N_("Game record {file} is damaged: {detail}"),
    # TRANSLATORS: An error message (command line, table or web page); {file} is a file's path,
    # {field} is a field of the record, {detail} is what went wrong, in words (may come from the
    # system in English).
    "record-variant": N_("Game record {file} has a broken variant ({field}): {detail}"),
    # TRANSLATORS: An error message (command line, table or web page); {file} is a file's path,
    # {detail} is what went wrong, in words (may come from the system in English).
    "record-setup": N_("Game record {file} cannot be set up: {detail}"),
    # TRANSLATORS: An error message (command line, table or web page); {file} is a file's path, {game}
    # is a game's name as written.
    "record-game": N_("Game record {file} is a game of {game}, which is not installed."),
    # TRANSLATORS: An error message (command line, table or web page); {file} is a file's path,
    # {index} is a number, {action} is an action as written in the record, {detail} is what went
    # wrong, in words (may come from the system in English).
    "record-action": N_("Game record {file} is damaged at action {index} ({action}): {detail}"),
    # TRANSLATORS: An error message (command line, table or web page); {file} is a file's path,
    # {detail} is what went wrong, in words (may come from the system in English).
    "record-result": N_("Game record {file} does not reach its own result: {detail}"),
    # TRANSLATORS: An error message (command line, table or web page); {file} is a file's path.
    "file-exists": N_("{file} exists and holds something else: choose another name or use --force."),
    # TRANSLATORS: An error message (command line, table or web page); {file} is a file's path,
    # {detail} is what went wrong, in words (may come from the system in English).
    "cannot-read": N_("Cannot read {file}: {detail}"),
    # TRANSLATORS: An error message (command line, table or web page); {file} is a file's path.
    "not-a-file": N_("{file} is not a regular file."),
    # TRANSLATORS: An error message (command line, table or web page); {file} is a file's path,
    # {limit} is a number, the limit.
    "too-large": N_("{file} is larger than the limit of {limit} bytes."),
    # TRANSLATORS: An error message (command line, table or web page); {card} is one card (5♣).
    "card-not-in-deck": N_("{card} is not a card of this variant's deck."),
    # TRANSLATORS: An error message (command line, table or web page); {meld} is a meld's number on
    # the table, {cards} is cards as shown, or a number of cards.
    "invalid-meld": N_("Meld {meld} on the table is not valid: {cards}"),
    # TRANSLATORS: An error message (command line, table or web page); {token} is what was typed, as
    # typed.
    "bad-position-line": N_('Not a position: {token} (expected a JSON object with "table" and "hand")'),
    "search-too-large": N_("This position is too large to answer exactly with this variant's kinds of meld."),
    "cannot-write": N_("Cannot write {file}: {detail}"),
    # TRANSLATORS: An error message (command line, table or web page); {name} is a name as typed,
    # {available} is the possible codes, listed.
    "unknown-language": N_("Unknown language {name}. Available: {available}"),
    # TRANSLATORS: An error message (command line, table or web page); {name} is a name as typed.
    "unknown-locale": N_("Babel knows no language {name}: use a code such as fr or pt_BR."),
    # TRANSLATORS: An error message (command line, table or web page); {file} is a file's path,
    # {detail} is what went wrong, in words (may come from the system in English).
    "bad-catalog": N_("Broken translation file {file}: {detail}"),
    # TRANSLATORS: An error message (command line, table or web page); {file} is a file's path.
    "catalog-exists": N_("{file} exists already."),
    # TRANSLATORS: An error message (command line, table or web page); {file} is a file's path,
    # {detail} is what went wrong, in words (may come from the system in English).
    "bad-glossary": N_("The glossary {file} cannot be used: {detail}"),
    # TRANSLATORS: An error message (command line, table or web page); {file} is a file's path.
    "missing-folder": N_("No such folder: {file}"),
    # TRANSLATORS: An error message (command line, table or web page); {file} is a file's path.
    "not-a-folder": N_("{file} is not a folder."),
    # TRANSLATORS: An error message (command line, table or web page); {file} is a file's path,
    # {template} is a file name.
    "not-a-locales-folder": N_("{file} is neither a locales folder (no {template}, no catalogs) nor empty: give the "
                               "right folder, or an empty one to start new catalogs."),
}


# What went wrong with a variant, a record or a file: the ``why`` of the kernel's error (its ``detail`` says it
# in English), a clause without a capital that fills {detail}. ``cause`` is the error behind it.
DETAILS: dict[str, str] = {
    # TRANSLATORS: An error message (variant files, records, files); {key} is a key of a variant file.
    "key-twice": N_("the key {key} is given twice"),
    # TRANSLATORS: An error message (variant files, records, files); {limit} is a number of bytes.
    "too-large": N_("the file is larger than the limit of {limit} bytes"),
    "not-utf8": N_("the file is not UTF-8 text"),
    # TRANSLATORS: An error message (variant files); {problem} is what the YAML reader found, in English.
    "not-yaml": N_("not valid YAML: {problem}"),
    "not-a-mapping": N_("a variant must be a mapping of keys to values"),
    "yaml-alias": N_("anchors and aliases (&name, *name) are not allowed in a variant"),
    "yaml-tag": N_("YAML tags (!name, !!type) are not allowed in a variant"),
    # TRANSLATORS: An error message (variant files); {limit} is a number of levels.
    "yaml-depth": N_("mappings and lists are nested more than {limit} levels deep"),
    # TRANSLATORS: An error message (variant files); {limit} is a number of digits.
    "long-number": N_("a number of more than {limit} digits"),
    # TRANSLATORS: An error message (--set or --variant "bga(...)"); {got} is what was typed.
    "override-form": N_("expected key=value, got {got}"),
    # TRANSLATORS: An error message (--set); {key} is a variant key, {limit} a number of characters.
    "override-too-long": N_("the value of {key} is longer than {limit} characters"),
    # TRANSLATORS: An error message (--set); {key} is a variant key, {cause} what is wrong with its value.
    "override-refused": N_("{key}: {cause}"),
    # TRANSLATORS: An error message (--variant "bga(...)"); {limit} is a number of characters.
    "call-too-long": N_("a one-line variant is longer than {limit} characters"),
    # TRANSLATORS: An error message (--variant "bga(hand_size=13, aces=wrap)"); {got} is what was typed;
    # NAME(key=value, ...) stays as it is.
    "call-form": N_("expected NAME(key=value, ...), got {got}"),
    # TRANSLATORS: An error message (--variant "bga(...)"); {bracket} is a bracket, {got} what was typed.
    "call-unmatched": N_("the bracket {bracket} has no pair in {got}"),
    # TRANSLATORS: An error message (--variant "bga(...)"); {got} is what was typed.
    "call-unclosed-bracket": N_("a bracket is not closed in {got}"),
    # TRANSLATORS: An error message (--variant "bga(...)"); {quote} is a quotation mark, {got} what was typed.
    "call-unclosed-quote": N_("the quotation mark {quote} is not closed in {got}"),
    "game-not-named": N_("game must name a game"),
    # TRANSLATORS: An error message (variant files); {game} and {other} are games' names (cicera).
    "extends-other-game": N_("a variant of {game} cannot extend a variant of {other}"),
    "extends-not-named": N_("extends must name a variant"),
    # TRANSLATORS: An error message (variant files); {limit} is a number of levels.
    "extends-too-deep": N_("more than {limit} levels of extends"),
    # TRANSLATORS: An error message (variant files); {parent} is the variant named by extends, {cause} why
    # it cannot be used.
    "cannot-extend": N_("cannot extend {parent}: {cause}"),
    # TRANSLATORS: An error message (variant files); {parent} is the variant named by extends.
    "extends-cycle": N_("extends forms a cycle through {parent}"),
    "extends-where": N_("extends names a variant, or a .yaml file in the same folder by its file name"),
    "link-out": N_("the file is a link that leads out of its folder"),
    "not-a-variant-file": N_("it is not a variant file"),
    "no-such-variant": N_("no such variant"),
    "no-such-file": N_("no such file"),
    "no-such-folder": N_("no such folder"),
    "permission-denied": N_("permission denied"),
    "not-a-folder-in-path": N_("a part of the path is not a folder"),
    "disk-full": N_("the disk is full"),
    "read-only": N_("the file system is read-only"),
    "directory": N_("it is a directory, not a file"),
    "pipe": N_("it is a pipe, not a regular file"),
    "socket": N_("it is a socket, not a regular file"),
    "device": N_("it is a device, not a regular file"),
    "special-file": N_("it is not a regular file"),
    "link": N_("it is a link, and files are never written through links"),
    "name-too-long": N_("the name is too long"),
    "bad-path": N_("not a valid path"),
    "no-chosen-dealer": N_("this game cannot be dealt by a chosen dealer"),
    "result-differs": N_("replaying the actions does not give the recorded result"),
    "empty-file": N_("the file is empty"),
    "not-json": N_("not JSON"),
    "json-depth": N_("nested too deeply"),
    # TRANSLATORS: An error message (records); {format} is the format's name, kept as it is.
    "no-format": N_("no \"format\": \"{format}\""),
    # A field of a record that is not what it must be: {field} is the field's name in the record (seed,
    # actions[3].seat), kept as it is.
    # TRANSLATORS: An error message (records); {field} is a field of the record, {low} a number.
    "field-whole-from": N_("{field} must be a whole number from {low}"),
    # TRANSLATORS: An error message (records); {field} is a field of the record, {low} a number; null is kept
    # as it is.
    "field-whole-or-null": N_("{field} must be a whole number from {low}, or null"),
    # TRANSLATORS: An error message (a match's record); {field} is a field of the record, {limit} a number.
    "field-deals": N_("{field} must hold from 1 to {limit} game records"),
    # TRANSLATORS: An error message (a match's record); {field} is a field of the record.
    "field-deals-alike": N_("{field}: every deal must have the same variant and seats"),
    # TRANSLATORS: An error message (records); {field} is a field of the record.
    "field-seat": N_("{field} must be a seat number"),
    # TRANSLATORS: An error message (records); {field} is a field of the record, {high} the last seat's number.
    "field-seat-up-to": N_("{field} must be a seat number from 0 to {high}"),
    # TRANSLATORS: An error message (records); {field} is a field of the record.
    "field-variant": N_("{field} must hold the variant's parameters"),
    # TRANSLATORS: An error message (records); {field} is a field of the record.
    "field-game": N_("{field} must be the name of a game"),
    # TRANSLATORS: An error message (records); {field} is a field of the record, {low} and {high} numbers.
    "field-seats": N_("{field} must be a list of {low} to {high} seats"),
    # TRANSLATORS: An error message (records); {field} is a field of the record, {limit} a number of characters.
    "field-name": N_("{field} must be a name of 1 to {limit} characters"),
    # TRANSLATORS: An error message (records); {field} is a field of the record, {limit} a number.
    "field-actions": N_("{field} must be a list of at most {limit} actions"),
    # TRANSLATORS: An error message (records); {field} is a field of the record; seat and action are field
    # names, kept as they are.
    "field-action": N_("{field} must be an object with seat and action"),
    # TRANSLATORS: An error message (records); {field} is a field of the record.
    "field-action-text": N_("{field} must be an action written as text"),
    # TRANSLATORS: An error message (records); {field} is a field of the record; null, winners and reason
    # are kept as they are.
    "field-result": N_("{field} must be null or an object with winners and reason"),
    # TRANSLATORS: An error message (records); {field} is a field of the record.
    "field-seats-list": N_("{field} must be a list of seat numbers"),
    # TRANSLATORS: An error message (records); {field} is a field of the record, {choices} the codes allowed.
    "field-choice": N_("{field} must be one of {choices}"),
    # TRANSLATORS: An error message (records); {field} is a field of the record.
    "field-teams": N_("{field} must be a list of teams, each a list of seat numbers"),
    # TRANSLATORS: An error message (records); {field} is a field of the record.
    "field-points": N_("{field} must hold one whole number per team"),
}


def detail_text(params: dict[str, Any]) -> str | None:
    """The ``detail`` of an error in the user's language, from its ``why``
    (and the ``cause`` behind it); None when it has none we know."""
    why = params.get("why")
    cause = params.get("cause")
    if why == "refused-action" and isinstance(cause, dict) and isinstance(cause.get("code"), str):
        # A record's action that the rules or the notation refuse: the engine's own sentence.
        code, rest = cause["code"], {k: v for k, v in cause.items() if k != "code"}
        if code in ERRORS:
            return describe(MachiavelliError(code, **rest), more=False)
        refused = IllegalAction(code, **rest)
        game = params.get("game")
        if code not in ACTION_REASONS and isinstance(game, str):
            # A game's own refusal (Machiavelli's invalid-table, Cicera's card-not-in-hand): its presentation says it.
            from machiavelli.core import registry
            from machiavelli.core.errors import VariantError

            try:
                factory = registry.game(game).presentation
            except VariantError:
                factory = None
            present = factory() if factory is not None else None
            said = present.explain(refused) if present is not None else None
            if said:
                return said
        return action_reason(refused)
    template = DETAILS.get(why) if isinstance(why, str) else None
    if template is None:
        return None
    values = {k: printable(v, visible=True) if isinstance(v, str) else v
              for k, v in params.items() if k != "cause"}
    if "{cause}" in template:
        if not isinstance(cause, dict):
            return None
        values["cause"] = detail_text(cause) or printable(str(cause.get("detail", "")), visible=True)
    try:
        return _(template, **values)
    except (KeyError, ValueError):
        return None


# Why the rules refuse a turn action (core.errors.IllegalAction codes) that
# any game may give: a game's own refusals come from its presentation
# (Presentation.explain; Machiavelli's in games/machiavelli/present/reasons.py).
ACTION_REASONS: dict[str, str] = {
    "game-over": N_("The game is over."),
    "not-your-turn": N_("It is not your turn."),
    "not-an-action": N_("That is not an action of this game."),
}


def action_reason(error: MachiavelliError, reasons: Mapping[str, str] | None = None, **values: Any) -> str:
    """Why a turn action was rejected, in the user's language: its template
    in ``reasons`` (a game's table; the kernel's by default), filled with
    the error's values and ``values`` (already words: a meld's reason)."""
    template = (ACTION_REASONS if reasons is None else reasons).get(error.code)
    if template is None:
        return printable(error.message, visible=True)
    params = {**_params(error), **values}
    try:
        return _(template, **params)
    except (KeyError, ValueError):
        return printable(error.message, visible=True)


def meld_reason(code: str | None, *, tiles: bool = False) -> str:
    """Why cards are not a meld, in words (of tiles with ``tiles``)."""
    if code is None:
        return ""
    template = (TILE_MELD_REASONS.get(code) if tiles else None) or MELD_REASONS.get(code)
    return pgettext("meld reason", template) if template else code


def _params(error: MachiavelliError) -> dict[str, Any]:
    """The error's parameters ready for a message: None as nothing, and
    text (the input that caused the error: a token, a name, a file, a
    damaged record's contents) as one line whose control characters are
    shown as escapes (``\\x1b``), never sent to the terminal."""
    return {k: "" if v is None else printable(v, visible=True) if isinstance(v, str) else v
            for k, v in error.params.items()}


def _where(params: dict[str, Any]) -> str:
    where = str(params.get("file", ""))
    if params.get("line"):
        where += f":{params['line']}"
    if params.get("path"):
        where += f" ({params['path']})"
    return where


def _counted(code: str, params: dict[str, Any]) -> str | None:
    """The sentence of an error that counts players (singular or plural), or None."""
    if code not in ("too-few-players", "too-many-players"):
        return None
    try:
        n = int(params.get("players", ""))
    except (TypeError, ValueError):
        return None
    if code == "too-few-players":
        # TRANSLATORS: An error message (command line, table or web page); {n} is a number, {min} is a
        # number, the fewest allowed.
        return ngettext("{n} player is too few: this variant needs at least {min}.",
                        "{n} players are too few: this variant needs at least {min}.", n, min=params.get("min", ""))
    # TRANSLATORS: An error message (command line, table or web page); {n} is a number, {max} is a
    # number, the most allowed.
    return ngettext("{n} player is too many: this variant allows at most {max}.",
                    "{n} players are too many: this variant allows at most {max}.", n, max=params.get("max", ""))


# What is wrong with one key of a variant (core.variant_problems.Problem codes).
PROBLEMS: dict[str, str] = {
    # TRANSLATORS: An error message (command line, table or web page); {got} is what was given.
    "unknown-key": N_("unknown key {got}"),
    "missing": N_("a value is required"),
    # TRANSLATORS: An error message (command line, table or web page); {expected} is what was
    # expected, {got} is what was given.
    "wrong-type": N_("expected {expected}, got {got}"),
    # TRANSLATORS: An error message (command line, table or web page); {expected} is what was
    # expected, {got} is what was given.
    "not-a-choice": N_("expected one of {expected}, got {got}"),
    # TRANSLATORS: An error message (command line, table or web page); {limit} is a number, the limit,
    # {got} is what was given.
    "too-small": N_("expected at least {limit}, got {got}"),
    # TRANSLATORS: An error message (command line, table or web page); {limit} is a number, the limit,
    # {got} is what was given.
    "too-large": N_("expected at most {limit}, got {got}"),
    # TRANSLATORS: An error message (command line, table or web page); {limit} is a number, the limit.
    "too-short": N_("too short: expected at least {limit} characters or items"),
    # TRANSLATORS: An error message (command line, table or web page); {limit} is a number, the limit.
    "too-long": N_("too long: expected at most {limit} characters or items"),
    # TRANSLATORS: An error message (command line, table or web page); {got} is what was given.
    "bad-format": N_("expected letters, digits, '.', '_' and '-', got {got}"),
    # Checks across keys (core.checks): their values fill the placeholders.
    # TRANSLATORS: An error message (command line, table or web page); {min} is a number, the fewest
    # allowed, {max} is a number, the most allowed.
    "players-order": N_("the fewest players ({min}) is more than the most players ({max})"),
    # TRANSLATORS: An error message (command line, table or web page); {min} is a number, the fewest
    # allowed, {max} is a number, the most allowed.
    "sizes-order": N_("the smallest meld ({min} cards) is larger than the largest ({max} cards)"),
    "no-meld-kinds": N_("a variant needs at least one kind of meld"),
    # TRANSLATORS: An error message about a variant; {kind} is a kind of meld's key (set, run), {size}
    # and {most} are numbers of cards.
    "meld-size-suits": N_("melds.{kind}: {size} cards, but no two of its cards may share a suit, so it holds at "
                          "most {most}"),
    # TRANSLATORS: An error message about a variant; {kind} is a kind of meld's key (set, run), {size}
    # and {most} are numbers of cards.
    "meld-size-ranks": N_("melds.{kind}: {size} cards, but no two of its cards may share a rank, so it holds at "
                          "most {most}"),
    # TRANSLATORS: An error message (command line, table or web page); {max} is a number, the most
    # allowed.
    "hand-size-range": N_("a hand has from 1 to {max} cards"),
    # TRANSLATORS: An error message (command line, table or web page); {missing} is numbers, listed.
    "hand-sizes-missing": N_("no hand size for these numbers of players: {missing}"),
    # TRANSLATORS: a variant that cannot be dealt; {hand} is the hand size, {players} the number of
    # players, {needed} players x hand, {cards} the number of cards of all the decks.
    "too-few-cards-to-deal": N_("not enough cards: hands of {hand} for {players} players take {needed}, "
                                "the decks hold {cards}"),
    # TRANSLATORS: a variant that cannot be dealt; {hand} is the hand size, {players} the number of
    # players, {help} the number of help cards, {needed} players x hand + help cards, {cards} the
    # cards of all the decks.
    "too-few-cards-with-help": N_("not enough cards: hands of {hand} for {players} players and {help} help "
                                  "cards take {needed}, the decks hold {cards}"),
    # TRANSLATORS: An error message about a variant; cross and help_cards are parameter names, kept as
    # they are; the Cross is the Greek Makiaveli's four face-up cards around the deck.
    "cross-with-help-cards": N_("the Cross and help cards cannot both be laid (set one of cross and help_cards "
                                "to 0)"),
    "opening-run-without-runs": N_("a first play that must be a run needs a kind of meld that is a run"),
    "forced-play-with-limit": N_("a limit of cards per turn cannot go with drawing only-if-unable"),
    # TRANSLATORS: An error message (command line, table or web page); {drawing} is a parameter's value
    # as written (draw-first).
    "draws-one-at-a-time": N_("drawing {drawing} draws one card at a time: draw_count must be 1"),
    "draw-limit-without-draws": N_("a limit of cards drawn per turn needs drawing draw-first or until-able"),
    # TRANSLATORS: An error message (command line, table or web page); {code} is a rank's code (Q), {ranks}
    # the deck's rank codes, listed.
    "penalty-unknown-rank": N_("{code} is no rank of the deck (ranks: {ranks})"),
    # TRANSLATORS: An error message (command line, table or web page); {code} is a rank's code (Q).
    "penalty-points-range": N_("{code}: from 0 to 1000 points"),
    # TRANSLATORS: An error message (command line, table or web page); {size} is a number of cards,
    # {limit} is a number, the limit.
    "opening-over-limit": N_("an opening needs a new meld of at least {size} cards, more than the limit of {limit} "
                             "cards per turn"),
    # TRANSLATORS: An error message (command line, table or web page); {code} is a code.
    "duplicate-suit-code": N_("two suits have the code {code}"),
    # TRANSLATORS: An error message (command line, table or web page); {code} is a code.
    "duplicate-rank-code": N_("two ranks have the code {code}"),
    # TRANSLATORS: An error message (command line, table or web page); {symbol} is a suit's sign (♠).
    "duplicate-suit-symbol": N_("two suits have the symbol {symbol}"),
    # TRANSLATORS: An error message (command line, table or web page); {keys} is the names of variant parameters
    # (joker_points, ...), kept as they are; "set jokers": give the parameter jokers a value.
    "joker-rules-without-jokers": N_("{keys}: rules about jokers in a game without jokers (set jokers)"),
    # TRANSLATORS: An error message (command line, table or web page); {code} is a card code (JK).
    "joker-code-taken": N_("the code {code} is the joker's: set jokers instead of adding it to the deck"),
    # TRANSLATORS: An error message (command line, table or web page); {code} is a code.
    "extra-code-taken": N_("the code {code} of an extra card is taken by another card"),
    # TRANSLATORS: An error message (command line, table or web page); {symbol} is a suit's sign (♠).
    "extra-symbol-taken": N_("the symbol {symbol} of an extra card is taken by a suit or another extra card"),
    # Checks of the other games' variants (Cicera, Sì Sè Pái).
    # TRANSLATORS: An error message (variant files); {game} is a game's name as written.
    "wrong-game": N_("this rule set is not for the game {game}"),
    # TRANSLATORS: An error message (variant files); {code} is a rank's or an extra card's code (F, G, FL).
    "unknown-rank": N_("the deck has no rank or extra card {code}"),
    # TRANSLATORS: An error message (variant files); {code} is a suit's code (S).
    "unknown-suit": N_("the deck has no suit {code}"),
    # TRANSLATORS: An error message (variant files); {card} is a card as written (2S).
    "unknown-card": N_("{card} is not a card of the deck"),
    # TRANSLATORS: An error message (variant files); {low} and {high} are numbers; napola_min and napola_max are
    # keys of the variant, kept as they are.
    "napola-order": N_("napola_min ({low}) is above napola_max ({high})"),
    "partners-seats": N_("partners sit opposite: the number of players must be fixed and even"),
    # TRANSLATORS: An error message (variant files); {kind} is a kind of group as written (triple).
    "unknown-group": N_("{kind} is not a kind of group in groups"),
}
# What a value should have been (core.variant_problems.Problem.types).
VALUE_TYPES: dict[str, str] = {
    # TRANSLATORS: An error message (command line, table or web page).
    "integer": N_("a whole number"),
    # TRANSLATORS: An error message (command line, table or web page).
    "boolean": N_("true or false"),
    # TRANSLATORS: An error message (command line, table or web page).
    "text": N_("text"),
    "mapping": N_("a mapping of keys to values"),
    # TRANSLATORS: An error message (command line, table or web page).
    "list": N_("a list"),
    # TRANSLATORS: An error message (command line, table or web page).
    "nothing": N_("nothing"),
}


def problem_text(problem: dict[str, Any]) -> str:
    """What is wrong with one key, in the user's language, without its
    place: ``expected one of low, high, low-or-high or wrap, got hihg; did
    you mean high?``. A check across keys (a deck too small for the
    hands) is said with the values it reports."""
    code = problem.get("code", "")
    extra = problem.get("values") or {}
    # Values may come as pairs (a check's own form) or as a mapping.
    given = {**problem, **(extra if isinstance(extra, dict) else dict(extra))}
    values = {k: printable(v, visible=True) if isinstance(v, str) else v for k, v in given.items()}
    if code == "wrong-type":
        values["expected"] = format_list([_(VALUE_TYPES[t]) if t in VALUE_TYPES else printable(str(t), visible=True)
                                          for t in problem.get("types", ())], style="or")
    elif code == "not-a-choice":
        values["expected"] = format_list([printable(str(c), visible=True) for c in problem.get("choices", ())],
                                         style="or")
    template = PROBLEMS.get(code)
    if template is None:
        text = printable(str(problem.get("detail") or problem.get("expected") or code), visible=True)
    elif problem.get("got") is None and "{got}" in template:
        # TRANSLATORS: An error message (command line, table or web page); {expected} is what was
        # expected.
        text = _("expected {expected}", expected=values.get("expected", ""))
    else:
        try:
            text = _(template, **values)
        except (KeyError, ValueError):
            text = printable(str(problem.get("detail", code)), visible=True)
    if problem.get("suggestion"):
        # TRANSLATORS: An error message (command line, table or web page); {problem} is what is wrong, a
        # clause without a capital, {suggestion} is a suggestion.
        text = _("{problem}; did you mean {suggestion}?", problem=text,
                 suggestion=printable(str(problem["suggestion"]), visible=True))
    return text


def problem_message(problem: dict[str, Any]) -> str:
    """One problem of a variant with its place: ``house.yaml:3 (aces): ...``."""
    # TRANSLATORS: An error message (command line, table or web page); {where} is where the problem
    # is, {problem} is what is wrong, a clause without a capital.
    return _("{where}: {problem}", where=printable(_where(problem), visible=True), problem=problem_text(problem))


def describe(error: MachiavelliError, *, more: bool = True) -> str:
    """One line that says what went wrong, in the user's language. For a
    variant with several problems: the first, and (``more``) how to see
    them all."""
    params = _params(error)
    params.setdefault("detail", "")
    params["where"] = printable(_where(error.params), visible=True)
    translated = detail_text(error.params)
    if translated is not None:
        params["detail"] = translated
    counted = _counted(error.code, params)
    if counted is not None:
        return counted
    problems = error.params.get("problems") or ()
    if problems:
        params["detail"] = problem_text(problems[0])
    template = ERRORS.get(error.code)
    if template is None:
        return action_reason(error)
    try:
        text = _(template, **params)
    except (KeyError, ValueError):
        return printable(error.message, visible=True)
    if more and len(problems) > 1:
        import os

        source = str(error.params.get("source") or error.params.get("file", ""))
        # variants validate takes files, without --set: it lists these problems only for a file alone.
        if os.path.isfile(source) and not any(str(p.get("file", "")).startswith("--set") for p in problems):
            # TRANSLATORS: An error message (command line, table or web page); {n} is a number, {file} is a
            # file's path.
            text += " " + ngettext("(and {n} more problem: run machiavelli variants validate {file})",
                                   "(and {n} more problems: run machiavelli variants validate {file})",
                                   len(problems) - 1, file=printable(source, visible=True))
        else:
            # TRANSLATORS: An error message (command line, table or web page); {n} is a number.
            text += " " + ngettext("(and {n} more problem)", "(and {n} more problems)", len(problems) - 1)
    return text

"""Golden playthroughs, after OpenSpiel's ``playthroughs/*.txt``: one
seeded game of each registered game's default variant between its
computer players, written step by step.

Each step is one accepted action. Before it, for every seat: its table as
the terminal prints it, its web JSON (what the web table's API returns for
that seat, less the server's ``version``), the legal moves when the game's
state has ``legal_actions(seat)``; then the action in its notation and the
narration line the terminal prints for it. After the last step: every
seat's final table and JSON, the outcome and the summary.

To keep the files small and their diffs readable, a seat's table or legal
moves that did not change since that seat's last step are written as
``unchanged since step N``; a seat's JSON is written whole the first time
(sorted keys, one top-level member a line, compact inside), then only the
top-level members that changed (``removed:`` names those that went). The
final tables and JSON are written whole.

Regenerate (after a deliberate change, and review the diff):

    python tests/playthroughs/make.py            # every game
    python tests/playthroughs/make.py cicera     # one game (or one file's stem: machiavelli-makiaveli)
    python tests/playthroughs/make.py --check    # compare only, exit 1 on a difference

``tests/playthroughs/test_playthroughs.py`` regenerates each transcript in memory and
compares it with the stored file.

Everything the transcripts draw comes from the application's and the
games' drawing code, imported only inside the functions marked
``DRAWING`` below (one per game): when the presentation moves, rewire
those functions and nothing else.
"""

from __future__ import annotations

import io
import json
import sys
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

HERE = Path(__file__).resolve().parent

#: The seed of every game's deal; each computer player gets ``bot_seed(SEED, seat)``.
SEED = 2026
#: Width of the terminal the tables are drawn for (the title's rule fills it).
WIDTH = 80
#: The fake table id and seat token in the JSON's record link (the server's are random).
GAME_ID, TOKEN = "GAME", "TOKEN"


@dataclass(frozen=True)
class Setup:
    """Which game is played: the file, the game, the players and their computer player."""

    file: str
    game: str
    players: int
    bot: str
    #: A shipped variant of the game (None: the game's ``default_variant``).
    variant: str | None = None


#: The transcripts. The variant is the game's ``default_variant`` unless the
#: setup names one; every seat plays the game's first ``preferred_bots`` (the
#: computer player a person meets). A transcript is named by its file's stem.
SETUPS = (
    Setup("machiavelli-bga.txt", "machiavelli", 3, "solver"),
    Setup("cicera.txt", "cicera", 4, "partner"),
    Setup("si-se-pai.txt", "si-se-pai", 4, "keeper"),
    # The test plugin's game, from its source folder (see ``plugin_game``).
    Setup("eights.txt", "eights", 3, "careful"),
    # The Greek Makiaveli (issue 28): the Cross in every seat's table and JSON
    # as its cards are completed, two seats to keep the file small.
    Setup("machiavelli-makiaveli.txt", "machiavelli", 2, "solver", "makiaveli"),
)
#: The test plugin (tests/plugin_example), whose game Eights is written here as a stranger's game.
PLUGIN = HERE.parent / "plugin_example"
PLUGIN_VARIANTS = PLUGIN / "myhouse_plugin" / "variants"


@dataclass(frozen=True)
class Drawing:
    """How one game is drawn. ``seats`` are the record's seats
    (:class:`machiavelli.core.records.Seat`).

    ``terminal(view, seats)``: the seat's table as the terminal prints it
    before its turn; ``final(view, seats)``: the seat's last screen once the
    game is over; ``web(view, seats)``: the seat's JSON; ``narrate(entry,
    game, seats)``: the line the terminal prints for an action;
    ``summary(game, seats)``: the lines printed after the game."""

    terminal: Callable[[Any, Sequence[Any]], list[str]]
    final: Callable[[Any, Sequence[Any]], list[str]]
    web: Callable[[Any, Sequence[Any]], dict[str, Any]]
    narrate: Callable[[Any, Any, Sequence[Any]], str]
    summary: Callable[[Any, Sequence[Any]], list[str]]


def _links() -> dict[str, str]:
    # As machiavelli.app.web.server.Server.view_json makes them.
    return {"record": f"/api/games/{GAME_ID}/record?token={TOKEN}"}


def _served(data: dict[str, Any] | None) -> dict[str, Any]:
    # What Server.view_json adds (its "version" counts the server's commits: left out).
    assert data is not None, "the game has no web view"
    return {**data, "id": GAME_ID, "lang": "en"}


def _console() -> tuple[Any, io.StringIO]:
    """A plain console as a pipe gets it: no colour, no wrapping, WIDTH columns."""
    from rich.console import Console

    out = io.StringIO()
    console = Console(file=out, width=WIDTH, height=50, force_terminal=False, force_interactive=False,
                      color_system=None, highlight=False, emoji=False, markup=False, soft_wrap=False,
                      legacy_windows=False)
    return console, out


# -- DRAWING: Machiavelli ------------------------------------------------------------


def drawing_machiavelli() -> Drawing:
    """DRAWING. Machiavelli's screens (games/machiavelli/present/screen.py,
    drawn by its ``screen`` hook in the terminal's loop, app/human.py),
    narration (present/narrate.py), web view (its declared table,
    present/table_view.py, through app/web/declared.py) and the summary of
    ``machiavelli play`` (its presentation's ``summary``)."""
    from machiavelli.app.presented import presentation_of, style
    from machiavelli.games.machiavelli.present import hand_order
    from machiavelli.games.machiavelli.present.narrate import entry_text
    from machiavelli.games.machiavelli.present.screen import Screen, Seats
    from machiavelli.app.web.views import seat_json
    from machiavelli.core.i18n import _

    def screen() -> tuple[Any, io.StringIO]:
        console, out = _console()
        drawn = Screen(console)
        drawn.fit = False  # as a pipe: every line, whatever LINES says
        return drawn, out

    def seats_of(seats: Sequence[Any]) -> Any:
        return Seats([s.player for s in seats], [s.name for s in seats])

    def terminal(view: Any, seats: Sequence[Any]) -> list[str]:
        # app/human.py Session.prepare (through the screen hook), the first time the seat's screen is
        # drawn in a turn.
        drawn, out = screen()
        drawn.turn(view, seats_of(seats), hand_order.SUIT, history=True)
        return out.getvalue().splitlines()

    def final(view: Any, seats: Sequence[Any]) -> list[str]:
        # app/human.py, the end of a game with one person at the terminal.
        drawn, out = screen()
        drawn.final(view, seats_of(seats), since=True)
        return out.getvalue().splitlines()

    def web(view: Any, seats: Sequence[Any]) -> dict[str, Any]:
        return _served(seat_json(view, list(seats), hand_order.SUIT, _links()))

    def narrate(entry: Any, game: Any, seats: Sequence[Any]) -> str:
        # As `machiavelli play --moves` prints each action.
        return _("Turn {turn}: {text}", turn=entry.turn, text=entry_text(entry, game.variant.deck, None, game.variant))

    def summary(game: Any, seats: Sequence[Any]) -> list[str]:
        present = presentation_of("machiavelli")
        assert present is not None
        return list(present.summary(game, style([s.name for s in seats])))

    return Drawing(terminal, final, web, narrate, summary)


# -- DRAWING: Cicera -------------------------------------------------------------------


def drawing_cicera() -> Drawing:
    """DRAWING. Cicera's presentation (games/cicera/present.py, drawn by the
    terminal's default screens, app/screen.py) and its declared web table
    (app/web/declared.py)."""
    from machiavelli.app.presented import presentation_of, style
    from machiavelli.app.web.views import seat_json

    return _presented(presentation_of("cicera"), style, seat_json)


# -- DRAWING: Sì Sè Pái ----------------------------------------------------------------


def drawing_si_se_pai() -> Drawing:
    """DRAWING. Sì Sè Pái's presentation (games/si_se_pai/present.py, drawn
    by the terminal's default screens, app/screen.py) and its declared web
    table (app/web/declared.py)."""
    from machiavelli.app.presented import presentation_of, style
    from machiavelli.app.web.views import seat_json

    return _presented(presentation_of("si-se-pai"), style, seat_json)


# -- DRAWING: Eights, the test plugin's game ---------------------------------------------


def drawing_eights() -> Drawing:
    """DRAWING. Eights' own presentation (tests/plugin_example/myhouse_plugin/eights/present.py),
    drawn as Cicera's and Sì Sè Pái's are: a stranger's game gets the same table."""
    from machiavelli.app.presented import presentation_of, style
    from machiavelli.app.web.views import seat_json

    return _presented(presentation_of("eights"), style, seat_json)


@contextmanager
def registered(game: str) -> Iterator[None]:
    """The test plugin's game registered in this process from its source
    folder while its transcript is made, as an installed plugin's entry
    point registers it; gone again afterwards, so that no other test of the
    process meets it."""
    from machiavelli.core import registry

    if game != "eights" or game in registry.games():
        yield
        return
    if str(PLUGIN) not in sys.path:
        sys.path.insert(0, str(PLUGIN))
    from myhouse_plugin.eights import GAME

    registry.register_game(GAME)
    try:
        yield
    finally:
        registry._GAMES.pop(GAME.name, None)
        registry._BOTS.pop(GAME.name, None)


DRAWINGS: dict[str, Callable[[], Drawing]] = {
    "machiavelli": drawing_machiavelli,
    "cicera": drawing_cicera,
    "si-se-pai": drawing_si_se_pai,
    "eights": drawing_eights,
}


def _presented(present: Any, style: Callable[[Sequence[str | None]], Any], seat_json: Callable[..., Any]) -> Drawing:
    """A game drawn through its ``Presentation`` as app/screen.py's default screens do."""
    from machiavelli.core.i18n import _

    assert present is not None, "the game has no presentation"

    def look(seats: Sequence[Any]) -> Any:
        return style([s.name for s in seats])

    def terminal(view: Any, seats: Sequence[Any]) -> list[str]:
        # DefaultScreen.turn: the seat's view before its prompt (after what happened since its last one).
        return list(present.seat_view(view, look(seats)))

    def web(view: Any, seats: Sequence[Any]) -> dict[str, Any]:
        return _served(seat_json(view, list(seats), "suit", _links(), ""))

    def narrate(entry: Any, game: Any, seats: Sequence[Any]) -> str:
        # As `machiavelli play --moves` prints each action (the turn's screen tells it without "Turn N:").
        return _("Turn {turn}: {text}", turn=entry.turn, text=present.narrate(entry, game.variant, look(seats)))

    def summary(game: Any, seats: Sequence[Any]) -> list[str]:
        return list(present.summary(game, look(seats)))

    return Drawing(terminal, terminal, web, narrate, summary)


# -- the game ------------------------------------------------------------------------


def load_variant(name: str) -> Any:
    """A shipped variant by name (the application's library of variants)."""
    from machiavelli.app.library import load_variant as load

    own = PLUGIN_VARIANTS / f"{name}.yaml"
    return load(str(own) if own.is_file() else name)


@contextmanager
def english() -> Iterator[None]:
    """English, suit symbols and the usual card faces, whatever
    the user's configuration says; the previous choices back afterwards."""
    from machiavelli.core import glossary
    from machiavelli.core import i18n

    language, ascii_cards = i18n.language(), glossary.ascii_cards()
    i18n.use_language("en", environ={})
    glossary.set_ascii(False)
    glossary.set_faces("letters")
    try:
        yield
    finally:
        glossary.set_faces(None)
        glossary.set_ascii(ascii_cards)
        i18n.use_language(language, environ={})


def _member(key: str, value: Any) -> str:
    """One top-level member of a JSON object, canonical: sorted keys, compact."""
    return " " + json.dumps(key) + ":" + json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))


def _json(data: dict[str, Any]) -> list[str]:
    """The JSON, canonical: sorted keys, one top-level member a line (compact inside)."""
    members = [_member(key, data[key]) for key in sorted(data)]
    return ["{", *[m + "," for m in members[:-1]], *members[-1:], "}"]


class _Writer:
    """The transcript. A seat's table (or legal moves) is written again only
    when it changed since that seat's last one; its JSON in full the first
    time, then only the top-level members that changed (the rest as they
    were last written for that seat)."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.last: dict[tuple[str, int], tuple[Any, int]] = {}

    def add(self, *lines: str) -> None:
        for line in lines:
            self.lines.extend(line.split("\n") if line else [""])

    def block(self, kind: str, seat: int, step: int, lines: list[str]) -> None:
        before = self.last.get((kind, seat))
        if before is not None and before[0] == lines:
            self.add(f"--- seat {seat} {kind}: unchanged since step {before[1]}")
            return
        self.last[(kind, seat)] = (lines, step)
        self.add(f"--- seat {seat} {kind}:")
        self.add(*(lines or ["(nothing)"]))

    def json(self, kind: str, seat: int, step: int, data: dict[str, Any]) -> None:
        # Compared as written text: 1 and 1.0, or True and 1, are not the same JSON.
        members = {key: _member(key, data[key]) for key in sorted(data)}
        before = self.last.get((kind, seat))
        self.last[(kind, seat)] = (members, step)
        if before is None:
            self.add(f"--- seat {seat} {kind}:", *_json(data))
            return
        old, since = before
        changed = [m for key, m in members.items() if old.get(key) != m]
        gone = [key for key in old if key not in members]
        if not changed and not gone:
            self.add(f"--- seat {seat} {kind}: unchanged since step {since}")
            self.last[(kind, seat)] = before
            return
        self.add(f"--- seat {seat} {kind}: the members that changed since step {since}:", *changed)
        if gone:
            self.add(" removed: " + ", ".join(json.dumps(key) for key in gone))

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def transcript(setup: Setup) -> str:
    """The playthrough of ``setup``, as the stored file holds it."""
    from machiavelli.core import registry
    from machiavelli.core.bots import bot_seed, make_bot, play_out
    from machiavelli.core.records import Seat

    with english(), registered(setup.game):
        drawing = DRAWINGS[setup.game]()
        definition = registry.game(setup.game)
        variant = load_variant(setup.variant or definition.default_variant or "")
        game = definition.new_game(variant, setup.players, SEED)
        deck = variant.deck
        seats = [Seat(setup.bot) for _seat in range(setup.players)]
        bots = [make_bot(setup.bot, bot_seed(SEED, s), setup.game) for s in range(setup.players)]
        legal = getattr(game, "legal_actions", None)
        out = _Writer()
        which = " (the default)" if setup.variant is None else ""
        out.add(f"# Playthrough of {setup.game}, variant {variant.name}{which}, {setup.players} players, "
                f"seed {SEED}.",
                "# Every seat: the computer player " + repr(setup.bot) + ", seeded bot_seed(seed, seat): "
                + ", ".join(str(bot_seed(SEED, s)) for s in range(setup.players)) + ".",
                "# Before each step, each seat's terminal table (80 columns, as a pipe gets it) and web JSON"
                + (", and its legal moves" if callable(legal) else "") + "; then the action and its narration.",
                "# Unchanged tables are not repeated; after a seat's first JSON, only its changed top-level members.",
                "# Regenerate: python tests/playthroughs/make.py " + (setup.game if setup.variant is None
                                                                      else Path(setup.file).stem),
                "")
        step = [0]

        def seats_now(numbers: Sequence[int]) -> str:
            return ", ".join(f"seat {s}" for s in numbers) or "nobody"

        def before_step() -> None:
            step[0] += 1
            n = step[0]
            out.add(f"=== step {n}: turn {game.turn_number}, to move: {seats_now(game.to_move())}")
            for seat in range(setup.players):
                view = game.view(seat)
                out.block("terminal", seat, n, drawing.terminal(view, seats))
                out.json("web", seat, n, drawing.web(view, seats))
                if callable(legal):
                    moves = sorted(a.text(deck) for a in legal(seat))
                    out.block("legal", seat, n, [f"({len(moves)})", *moves])

        class Recorder:
            """A computer player whose every choice is written down first."""

            def __init__(self, bot: Any) -> None:
                self.bot = bot

            def choose(self, view: Any) -> Any:
                before_step()
                action = self.bot.choose(view)
                out.add(f"action: seat {view.seat}: {action.text(deck)}")
                return action

            def __getattr__(self, name: str) -> Any:
                # A player told of its refused actions (none of today's): the refusal written down.
                if name == "rejected" and hasattr(self.bot, "rejected"):
                    def rejected(error: Any) -> None:
                        out.add(f"refused: {error.code} {json.dumps(error.params, sort_keys=True, default=str)}", "")
                        self.bot.rejected(error)

                    return rejected
                raise AttributeError(name)

        def on_entry(entry: Any) -> None:
            first, *more = drawing.narrate(entry, game, seats).split("\n")
            out.add("narration: " + first, *("  " + line for line in more), "")

        outcome = play_out(game, [Recorder(b) for b in bots], on_entry=on_entry)
        out.add(f"=== end after {step[0]} steps: turn {game.turn_number}")
        for seat in range(setup.players):
            view = game.view(seat)
            out.add(f"--- seat {seat} final terminal:", *drawing.final(view, seats))
            out.add(f"--- seat {seat} final web:", *_json(drawing.web(view, seats)))
        out.add("", "=== outcome", json.dumps(outcome.as_dict(), sort_keys=True), "", "=== summary")
        out.add(*drawing.summary(game, seats))
        return out.text()


def main(argv: Sequence[str]) -> int:
    check = "--check" in argv
    names = [a for a in argv if not a.startswith("--")]
    stems = [Path(s.file).stem for s in SETUPS]
    unknown = [n for n in names if n not in DRAWINGS and n not in stems]
    if unknown:
        print(f"unknown game {unknown[0]}; one of {', '.join([*DRAWINGS, *stems])}", file=sys.stderr)
        return 2
    status = 0
    for setup in SETUPS:
        if names and setup.game not in names and Path(setup.file).stem not in names:
            continue
        text = transcript(setup)
        path = HERE / setup.file
        if check:
            same = path.exists() and path.read_text(encoding="utf-8") == text
            print(f"{setup.file}: {'same' if same else 'DIFFERENT'}")
            status |= 0 if same else 1
        else:
            path.write_text(text, encoding="utf-8")
            print(f"{setup.file}: {len(text.encode('utf-8')):,} bytes")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""How a game is shown to people: the presentation a game supplies
through ``GameDefinition.presentation``, the one path by which the
application draws, narrates and reads every game (Machiavelli's own
included). The application imports no game: all it knows of one is here.

Every text a presentation returns is already in the user's language (a
game writes it with :mod:`machiavelli.core.i18n`, whose catalogs it may
extend through the ``machiavelli.locales`` entry point) and free of control
characters; the application only prints it, in logical order.

A presentation is plain functions of the kernel's values:

``seat_view(view, style)``
    the table as one seat sees it, as lines (drawn before each of a
    person's turns);
``narrate(entry, variant, style)``
    one line telling an accepted action (what was played, taken, earned);
``read_command(text, view)``
    a person's line, typed with the language's letters and words, as the
    actions it may mean: one action to play, several when the line is
    ambiguous (the application lists them with ``describe_action`` and
    asks which); raises :class:`~machiavelli.core.errors.NotationError`
    or :class:`~machiavelli.core.errors.IllegalAction` with the game's
    reason codes, which ``explain`` turns into a sentence;
``commands_help()``
    the lines that explain the game's commands at the table;
``summary(game, style)``
    the state and result after a game or a replay, every hand shown;
``rules(variant)``
    the complete rules as a :class:`RulesDocument`, every example checked
    by the game's engine.

Optional hooks (None: the application's default, never a traceback):

``table(view, style)``
    the table as a graphical page draws it: a :class:`TableView` of named
    areas (cards, groups of cards, teams, lines of text) and the moves open
    to the seat, each with the hand card it plays (or none: an answer the
    page offers as a button) and the table cards it takes; how each card
    is drawn and named, when the game says so. A game whose moves are
    composed from the cards picked (Machiavelli's) declares numbered melds,
    a working area, a new meld, buttons and how cards put on a target
    become its commands (:class:`Compose`) instead of listing its moves.
    The one table script of the page draws every game from it.
``rejection(view, error, style)``
    why the rules refused a seat's action, one line each, from its view
    (every invalid meld at the end of a turn); without it, ``explain``;
``read_line(text, view, letters)``
    a whole line as a :class:`Typed`, for a game whose words and table
    commands share one vocabulary (beginnings of words, short forms);
    ``letters`` says which letters win when a card reads two ways
    (``en``, ``local``, None: ask); without it, the table's own words are
    matched whole and the rest goes to ``read_command``;
``notes(variant)``
    lines after the commands' help (how the variant's cards are typed);
``variant_commands(variant)``
    the lines of ``commands_help`` for one variant: only the commands it
    offers (without it, ``commands_help()`` for every variant);
``hint(view)``
    the best play the game finds from what the seat sees. It may take a
    while (a page asks for it off its event loop) and says nothing yet: it
    returns ``words(style)``, which gives the :class:`Hint` in the current
    language;
``orders``
    the ways a hand can be sorted (:class:`HandOrders`), the first the usual;
``screen(console, visual)``
    the game's own terminal screens (colours, marks, fitting the terminal):
    a :class:`GameScreen` on a Rich console (``visual``: ``--bidi visual``
    was asked for). Without it the application's default screens print
    ``seat_view``, the narration since the seat's last turn (cut to fit the
    terminal; the ``table`` command shows it all) and ``summary``. A game's
    screens print through the kernel's :class:`~machiavelli.core.console.Printer`
    (lines wrapped before any bidi reordering), which they may extend;
``simulate``
    what the game adds to ``machiavelli simulate``'s report (a
    :class:`SimulateReport`): its endings in words, its own figures from
    its tally, the rules whose coming into play its counts show; without
    it the report is built from the game's ``Termination`` values and its
    tally's counts alone;
``commands``
    the commands the game adds to the command line (:class:`GameCommand`:
    Machiavelli's ``solve`` and ``meld check``), each also declared in the
    ``machiavelli.commands`` entry point so that the command line lists it
    without loading any game;
``meld_check(variant, tokens, faces)``
    the answer of ``machiavelli meld check`` for the cards typed, in the
    game's words: (whether they are one meld, the line to print), the cards
    read and shown as its table does and a refusal giving the game's own
    reason; without it the kernel's meld check answers;
``face(card, deck)``
    how the card looks, for a page that draws faces: a small description
    naming no game (:mod:`machiavelli.core.faces`: a French card, an
    Italian one, a Sì Sè Pái card, a tile, a joker); without it the page
    draws the card's letters and symbols;
``review(record, seats, seconds, names)``
    the game's judgement of a record (a :class:`~machiavelli.core.review.Review`):
    for each turn of ``seats``, what was done against the most that could
    be done from what the seat could see then (its view, never another
    hand or the stock), each search within ``seconds``, every text in the
    current language with the seats' ``names``; without it ``review``
    says in one line that the game has none.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Protocol, Sequence, Union

from .actions import Action
from .cards import Card
from .command_line import CommandKit as CommandKit, GameCommand as GameCommand
from .errors import MachiavelliError
from .i18n import NP_, Wording, _, format_number, labelled, ngettext, pgettext
from . import registry
from .variant import Variant

if TYPE_CHECKING:
    from .records import Seat
    from .simulate import GameSummary


@dataclass(frozen=True)
class Style:
    """How the application wants text drawn: the seats' names (in seat
    order, already safe to print), card symbols or ASCII letters, and the
    direction of the user's language."""

    names: tuple[str, ...]
    symbols: bool = True
    rtl: bool = False
    #: Another way of drawing cards that the user chose (``--cards hanzi``:
    #: the Chinese characters printed on the cards); a game without it ignores it.
    faces: str = ""
    #: How the seat sorts its hand (one of ``Presentation.orders``; "" the usual).
    order: str = ""


@dataclass(frozen=True)
class Paragraph:
    text: str


@dataclass(frozen=True)
class Bullets:
    items: tuple[str, ...]


@dataclass(frozen=True)
class Heading:
    text: str


Block = Union[Paragraph, Bullets, Heading]


@dataclass
class Section:
    key: str
    title: str
    blocks: list[Block] = field(default_factory=list)


@dataclass
class RulesDocument:
    """The rules of one variant in the current language: sections of
    paragraphs, lists and headings. ``covered`` names the parameters a
    clause was written for; ``uncovered`` those none was (listed with
    their raw value, never dropped); ``examples`` the examples shown and
    ``dropped`` those the engine disputed (both left out of the text)."""

    language: str
    rtl: bool
    title: str
    subtitle: str = ""
    sections: list[Section] = field(default_factory=list)
    covered: set[str] = field(default_factory=set)
    uncovered: list[str] = field(default_factory=list)
    examples: list[Any] = field(default_factory=list)
    dropped: list[Any] = field(default_factory=list)


@dataclass(frozen=True)
class RuleExample:
    """A sentence of the rules and the engine's check that it is true."""

    text: str
    holds: Callable[[], bool]


class RulesWriter:
    """What every game's rules composer does the same way: a
    :class:`RulesDocument` in the current language, written section by
    section; the parameters each clause covers; examples kept only when the
    engine agrees; and whatever no clause covered, listed raw. A game
    subclasses it and writes its own sentences (in its own catalog context)."""

    def __init__(self, variant: Any) -> None:
        from . import i18n

        self.v = variant
        lang = i18n.language()
        self.doc = RulesDocument(language=lang, rtl=i18n.is_rtl(lang), title="")
        self.section: Section | None = None

    def cover(self, *keys: str) -> None:
        self.doc.covered.update(keys)

    def open(self, key: str, title: str) -> None:
        self.section = Section(key, title)
        self.doc.sections.append(self.section)

    def say(self, *texts: str) -> None:
        from .i18n import join_sentences

        text = join_sentences(*texts)
        if text and self.section is not None:
            self.section.blocks.append(Paragraph(text))

    def bullets(self, items: list[str]) -> None:
        if items and self.section is not None:
            self.section.blocks.append(Bullets(tuple(items)))

    def latin(self, text: str) -> str:
        """Latin text (a card, a name) as one unit inside right-to-left text."""
        return "\u2066" + text + "\u2069" if self.doc.rtl else text

    def checked(self, example: RuleExample) -> bool:
        """Whether the engine agrees with ``example``: kept if so, else
        named in ``dropped`` (a test failure), never shown."""
        if example.holds():
            self.doc.examples.append(example)
            return True
        self.doc.dropped.append(example)
        return False

    def notes_section(self, title: str) -> None:
        """The variant's own notes, under ``title``, when it has any."""
        from .terminal import printable

        text, _used = self.v.text("notes", self.doc.language)
        self.cover("notes")
        if text:
            self.open("notes", title)
            self.say(printable(text, lines=True))

    def leftover(self, title: str) -> None:
        """Every parameter no clause covered, with its raw value, under ``title``."""
        params = self.v.parameters()
        rest = [k for k in params if k not in self.doc.covered]
        self.doc.uncovered = rest
        if rest:
            self.open("other", title)
            self.bullets([labelled(k, str(params[k])) for k in rest])


#: The kinds of area a page knows how to draw (see :class:`Area`).
AREA_KINDS = ("cards", "groups", "hand", "team", "moves", "text", "result", "melds", "working", "new")


@dataclass(frozen=True)
class Meld:
    """One numbered meld of a ``melds`` area, with its marks: its ``number``
    (what commands name it by) and ``label``; ``moved``, for each card,
    whether it came from elsewhere this turn; ``changed`` since the seat's
    last turn; ``valid`` or not, with the ``reason`` (a clause, in words);
    ``kind``, what it is in words; ``note``, a line under it (what its
    jokers stand for) and ``stands_for``, the cards each joker stands for."""

    number: int
    label: str
    cards: tuple[Card, ...]
    moved: tuple[bool, ...] = ()
    changed: bool = False
    valid: bool = True
    reason: str = ""
    kind: str = ""
    note: str = ""
    stands_for: tuple[tuple[Card, ...], ...] = ()


@dataclass(frozen=True)
class Area:
    """One part of a seat's table as a page draws it, already in words.

    ``kind``: ``cards`` (a row of face-up cards; ``target`` when a hand
    card is played by putting it there), ``groups`` (labelled ``groups`` of
    face-up cards, such as a seat's open melds), ``hand`` (the seat's own
    cards, in ``groups`` when the game arranges them so), ``team``
    (partners named by ``seats``, with ``lines`` such as their pile and
    points; ``mine`` for the seat's own team), ``moves`` (the moves that
    play no hand card, as buttons, with ``lines`` to explain them),
    ``text`` and ``result`` (lines; a result's ``groups`` are the hands at
    the end, one per seat of ``seats``), ``melds`` (numbered :class:`Meld`
    values, each a drop target), ``working`` (cards taken from the table
    that must go back by the end of the turn: a drop target) and ``new``
    (where a new meld is gathered: a drop target whose gathered cards are
    sent with ``command``, a template whose ``{cards}`` are their words).
    ``seats`` names the players an area belongs to; ``marked`` cards are
    drawn apart, ``mark`` says why; ``prefix`` is written before a card of
    this area in a command (``*`` for Machiavelli's help cards)."""

    key: str
    kind: str
    label: str
    cards: tuple[Card, ...] = ()
    lines: tuple[str, ...] = ()
    seats: tuple[int, ...] = ()
    marked: tuple[Card, ...] = ()
    mark: str = ""
    target: bool = False
    mine: bool = False
    groups: tuple[tuple[str, tuple[Card, ...]], ...] = ()
    melds: tuple[Meld, ...] = ()
    prefix: str = ""
    command: str = ""


@dataclass(frozen=True)
class Move:
    """One action open to the seat, as a page offers it: the hand ``card``
    it plays (None: a move that plays no single card, such as an answer,
    offered as a button), the table cards it ``takes`` (empty: none) and
    ``text``, the action in words (as ``describe_action`` says it)."""

    action: Action
    card: Card | None
    takes: tuple[Card, ...]
    text: str


@dataclass(frozen=True)
class Face:
    """A card as the game draws it: the ``text`` printed on it and the
    ``name`` a screen reader says, in the user's language."""

    text: str
    name: str


@dataclass(frozen=True)
class Button:
    """A button of the table: its ``label``, the ``command`` it sends (in
    the game's notation) and whether it is ``enabled`` now. ``needs``:
    ``""`` (a plain command) or ``table-card`` (one card of a meld chosen:
    ``{from}`` in the command is its meld's number, ``{cards}`` the card);
    ``key`` names it on the page."""

    key: str
    label: str
    command: str
    enabled: bool
    needs: str = ""


#: Where composed cards come from: the hand, a numbered meld's cards, a
#: whole meld (its handle), or the key of any other area.
COMPOSE_SOURCES = ("hand", "meld", "whole")


@dataclass(frozen=True)
class Compose:
    """How cards a person picks and puts on a target (by dragging them or
    by clicking them and then the target) become a command in the game's
    notation. ``source``: ``hand``, ``meld`` (cards of one numbered meld),
    ``whole`` (a whole meld) or an area's key; ``target``: ``meld`` (a
    numbered meld) or an area's key. ``command`` is a template: ``{cards}``
    the cards' words (each with its area's prefix), ``{from}`` the number
    of the meld they come from, ``{to}`` that of the meld they go to; empty
    for none. ``gather``: the cards then join the target's gathering (a
    ``new`` area), to be sent together with its command; after a command,
    they count as cards of the ``working`` area. A game without any is
    played through its ``moves``."""

    source: str
    target: str
    command: str = ""
    gather: bool = False


@dataclass(frozen=True)
class TableView:
    """A seat's table for a graphical page: its areas in reading order and
    every move open to the seat now (none when it is not its turn).

    Optional: ``faces``, how each card shown is drawn and named (else the
    page uses the deck's symbols); ``face_choices``, the other ways of
    drawing cards the user may choose (``Style.faces`` keys, with their
    names); ``status``, whose move it is in words when the page cannot
    name one player (several answer at once, unseen by each other), with
    ``current`` the seat to play when there is one; ``lines``, keyed
    lines under the turn's (the deck, the card just drawn); ``buttons``
    (:class:`Button`) and ``compose`` (:class:`Compose`), for a game whose
    moves are composed from the cards picked rather than listed;
    ``since``, what the others did since the seat's last turn, in words,
    when the game counts turns its own way (else the page narrates the log
    since the seat's last action); ``fields``, values the game adds to its
    seat's JSON for scripts (JSON values: card codes, numbers, words)."""

    areas: tuple[Area, ...]
    moves: tuple[Move, ...] = ()
    faces: tuple[tuple[Card, Face], ...] = ()
    face_choices: tuple[tuple[str, str], ...] = ()
    status: str = ""
    current: int | None = None
    lines: tuple[tuple[str, str], ...] = ()
    buttons: tuple[Button, ...] = ()
    compose: tuple[Compose, ...] = ()
    since: tuple[str, ...] | None = None
    fields: Mapping[str, Any] = field(default_factory=dict)


#: The commands every game's table answers alike, without a move, and
#: their words (catalog context ``command``).
TABLE_WORDS: dict[str, str] = {
    "hint": NP_("command", "hint"),
    "sort": NP_("command", "sort"),
    "table": NP_("command", "table"),
    "rules": NP_("command", "rules"),
    "save": NP_("command", "save"),
    "help": NP_("command", "help"),
    "quit": NP_("command", "quit"),
}
TABLE_COMMANDS = tuple(TABLE_WORDS)


def table_word(name: str) -> str:
    """A table command's word in the user's language."""
    return pgettext("command", TABLE_WORDS[name])


@dataclass(frozen=True)
class Typed:
    """One line a person typed: one of :data:`TABLE_COMMANDS` (its English
    name in ``command``, with its ``args`` as typed), or the game
    ``actions`` it may mean (several when the line is ambiguous)."""

    command: str = ""
    args: tuple[str, ...] = ()
    actions: tuple[Action, ...] = ()


@dataclass(frozen=True)
class Hint:
    """A game's advice to a seat, worked out from that seat's view alone:
    the ``lines`` to show (already in words), the hand ``cards`` it puts
    down (a page marks them) and the ``commands`` to type for it, in the
    player's words (empty when it cannot be typed as such)."""

    lines: tuple[str, ...]
    cards: tuple[Card, ...] = ()
    commands: tuple[str, ...] = ()


@dataclass(frozen=True)
class HandOrders:
    """The ways a seat's hand can be sorted: ``names`` (stable codes, the
    first the usual one) and ``word(name)``, its word in the user's language."""

    names: tuple[str, ...]
    word: Callable[[str], str]
    #: How the game reads a typed order, if not as below.
    read: Callable[[str], str] | None = None

    def named(self, word: str) -> str:
        """The order a typed word names (its code or its word, whole or
        begun); raises NotationError ``unknown-order``."""
        from .errors import NotationError
        from .words import fold

        if self.read is not None:
            return self.read(word)
        key = fold(word)
        whole = [n for n in self.names if key in (fold(n), fold(self.word(n)))]
        begun = [n for n in self.names if len(key) > 1 and fold(self.word(n)).startswith(key)]
        found = whole or begun
        if len(found) != 1:
            raise NotationError("unknown-order", token=word)
        return found[0]

    def after(self, name: str) -> str:
        """The order that follows ``name`` (``sort`` with no word)."""
        k = self.names.index(name) if name in self.names else -1
        return self.names[(k + 1) % len(self.names)]


class GameScreen(Protocol):
    """A game's terminal screens, as the ``screen`` hook makes them: what
    the one terminal loop of the application draws for every game. The
    printing pieces (``say`` ... ``visual_notice``) are the kernel's
    :class:`~machiavelli.core.console.Printer`'s; the rest draws the game.

    ``seats`` are the game's seats (:class:`~machiavelli.core.records.Seat`:
    who plays each, their names); ``news`` the log entries the seat has not
    yet been told, since its screen was last drawn for an earlier position
    (its own actions among them: every entry's narration is public), which
    a screen that reads the view's own history may ignore."""

    console: Any
    #: Right-to-left lines are reordered (a terminal without bidi support).
    visual: bool
    #: Whether several deals of the game make a match (``play --deals N``,
    #: ``--target POINTS``): its ``new_game`` takes the ``dealer`` and
    #: :meth:`outcome` says each deal's result in a line.
    matches: bool

    def say(self, text: str, style: str = "", *, whole: bool = False) -> None: ...

    def error(self, text: str) -> None: ...

    def lines(self, lines: Iterable[str], style: str = "") -> None: ...

    def prompt(self, text: str) -> str: ...

    def clear(self) -> None: ...

    def visual_notice(self) -> None: ...

    def turn(self, view: Any, seats: Sequence[Seat], order: str | None, news: Sequence[Any], *,
             history: bool) -> None:
        """Everything the seat needs before it types, fitting the terminal
        (with the prompt under it) when it can; ``order`` is the hand's
        order (one of ``Presentation.orders``, None without them);
        ``history``: what the others did since the seat's last turn is
        shown (false when the same turn's screen is drawn again)."""
        ...

    def waiting(self, view: Any, seats: Sequence[Seat]) -> None:
        """Between two people at one terminal: whose turn, and no hand."""
        ...

    def everything(self, view: Any, seats: Sequence[Seat], news: Sequence[Any]) -> None:
        """The ``table`` command: the whole table and everything played
        since the seat's last turn, nothing cut."""
        ...

    def final(self, game: Any, seats: Sequence[Seat], viewer: int, news: Sequence[Any], *, since: bool) -> None:
        """The end of the game: the result and every hand; with ``since``,
        the last moves ``viewer`` has not seen."""
        ...

    def help(self, view: Any, args: Sequence[str]) -> None:
        """The ``help`` command: the game's commands and the table's, or
        one command's (``args``)."""
        ...

    def outcome(self, game: Any, seats: Sequence[Seat]) -> str:
        """A finished game's result in one line (after each deal of a match)."""
        ...


# -- what a game adds to simulate's report ------------------------------------------

#: The kinds of a game's own figure (see :class:`SimFigure`).
SIM_FIGURE_KINDS = ("mean", "ratio")


@dataclass(frozen=True)
class SimFigure:
    """One of a game's own figures in ``machiavelli simulate``'s report,
    worked out from the counts of its tally (``GameDefinition.tally``).

    ``key`` names it in the JSON (``draws_per_game``); ``kind`` is ``mean``
    (the mean of ``count`` per game, with its 95% interval) or ``ratio``
    (``count`` out of the turns played, pooled over the games, with an
    interval that allows for the turns of one game being alike);
    ``label()`` is its row's label in the user's language. Variants are
    compared on it like on the application's own figures."""

    key: str
    kind: str
    count: str
    label: Callable[[], str]


@dataclass(frozen=True)
class InPlay:
    """A rule whose coming into play a game's counts show. When two
    compared variants differ in ``parameter`` (the first part of a dotted
    key) and ``seen(summary)`` holds in no game of either, the report warns
    that the figures cannot show what the rule changes: ``code`` names the
    warning in the JSON, ``count`` the count that stayed at zero, and
    ``text(a=, b=, parameter=, value_a=, value_b=)`` says it in the user's
    language (the variants' names, the parameter's key and its two values,
    as text)."""

    parameter: str
    code: str
    count: str
    seen: Callable[["GameSummary"], bool]
    text: Callable[..., str]


@dataclass(frozen=True)
class SimulateReport:
    """What a game adds to ``machiavelli simulate``'s report
    (``Presentation.simulate``); every part is optional.

    The application reports every game alike from its ``Termination``
    values and its tally (how games ended, win shares by position and seat,
    joint wins, length, cards left, each team's wins and points, the
    tally's counts per game named by ``GameDefinition.count_label``), and
    compares variants on those figures. A game adds:

    ``ending(value)``, ``ending_clause(value)``
        a way the game ends (a value of its ``Termination``) as a row's
        label (``Ended: a player went out``) and as the end of a sentence
        (``a player went out``), in the user's language; without them the
        value itself is shown;
    ``rare``
        endings shown only when some game ended that way;
    ``one_ending``
        by ending, the share of games at or above which ending that way
        says more about the players than about the rules (a warning names
        them); no warning for an ending not listed;
    ``figures``
        the game's own figures from its tally, in report order, shown and
        compared instead of the tally's counts per game;
    ``in_play``
        the rules whose coming into play its counts show;
    ``columns``
        the counts ``--games-csv`` writes, one column each (None: every
        count of the tally).
    """

    ending: Callable[[str], str] | None = None
    ending_clause: Callable[[str], str] | None = None
    rare: tuple[str, ...] = ()
    one_ending: Mapping[str, float] = field(default_factory=dict)
    figures: tuple[SimFigure, ...] = ()
    in_play: tuple[InPlay, ...] = ()
    columns: tuple[str, ...] | None = None


@dataclass(frozen=True)
class in_words:  # noqa: N801 (read as a function: ending=in_words(ENDINGS))
    """``SimulateReport.ending`` (or ``ending_clause``) from a game's table of
    endings: ``words[value]`` translated (in the message ``context``, if
    any), a value not in it shown as it is. A value, so that a report pickles."""

    words: Mapping[str, str]
    context: str | None = None

    def __call__(self, value: str) -> str:
        found = self.words.get(value)
        if found is None:
            return value
        return pgettext(self.context, found) if self.context else _(found)


# -- commands a game adds to the command line ---------------------------------------
# :class:`GameCommand` and :class:`CommandKit` live in the light module
# core.command_line (imported above): the command line imports a game's
# commands to list them in --help, and must not pay for this module's
# imports (the cards, the variants' schemas) to do so.


@dataclass(frozen=True)
class Presentation:
    """The functions through which the application shows a game (see the
    module's docstring for each)."""

    seat_view: Callable[[Any, Style], list[str]]
    narrate: Callable[[Any, Variant, Style], str]
    read_command: Callable[[str, Any], tuple[Action, ...]]
    describe_action: Callable[[Action, Any, Style], str]
    commands_help: Callable[[], list[str]]
    summary: Callable[[Any, Style], list[str]]
    explain: Callable[[MachiavelliError], str | None]
    rules: Callable[[Variant], RulesDocument]
    table: Callable[[Any, Style], TableView] | None = None
    rejection: Callable[[Any, MachiavelliError, Style], list[str]] | None = None
    read_line: Callable[[str, Any, str | None], Typed | None] | None = None
    notes: Callable[[Any], list[str]] | None = None
    hint: Callable[[Any], Callable[[Style], Hint]] | None = None
    orders: HandOrders | None = None
    screen: Callable[[Any, bool], GameScreen] | None = None
    simulate: SimulateReport | None = None
    commands: tuple[GameCommand, ...] = ()
    meld_check: Callable[[Any, Sequence[str], str], tuple[bool, str]] | None = None
    face: Callable[[Card, Any], Mapping[str, str]] | None = None
    review: Callable[..., Any] | None = None
    variant_commands: Callable[[Variant], list[str]] | None = None
    #: The messages worded for a variant's pieces (:data:`machiavelli.core.i18n.Wording`;
    #: a tile game's tiles, rack and pool).
    wording: Callable[[Variant], Wording] | None = None

    def commands_of(self, variant: Variant) -> list[str]:
        """The commands' help at a table of ``variant``."""
        return self.variant_commands(variant) if self.variant_commands is not None else self.commands_help()


def variant_title(variant: Variant, lang: str, *, rtl: bool = False) -> str:
    """A variant's name as a title says it: its ``title`` in ``lang`` (a
    file's own words, without control characters), else its short
    identifier; Latin text kept whole inside right-to-left text."""
    return shown_title(variant.title_in(lang), rtl=rtl)


def shown_title(title: str, *, rtl: bool = False) -> str:
    """A variant's name from its file, as :func:`variant_title` shows it."""
    import unicodedata

    from .terminal import printable

    title = printable(title)
    if rtl and not any(unicodedata.bidirectional(ch) in ("R", "AL") for ch in title):
        from .bidi import isolate

        return isolate(title)
    return title


def reason_text(reasons: dict[str, str], context: str, error: MachiavelliError) -> str | None:
    """A refusal in the user's language, from a game's table of reasons
    (English templates marked in catalog ``context``); None for a code the
    table lacks. The error's values fill the template as text, and the
    placeholders a template may name without a value read as empty."""
    template = reasons.get(error.code)
    if template is None:
        return None
    values = {k: str(v) for k, v in error.params.items()}
    values.setdefault("card", "")
    values.setdefault("token", "")
    return pgettext(context, template, **values)


def player_name(seat: int, names: "Sequence[str | None] | None" = None) -> str:
    """``Player 1`` for seat 0, or the seat's own name (from a record: a
    stranger's text, shown without control characters)."""
    from .terminal import printable

    if names and seat < len(names) and names[seat]:
        # TRANSLATORS: A player's default name in every game and screen; {n} is the seat's number.
        return printable(names[seat] or "") or _("Player {n}", n=format_number(seat + 1))
    return _("Player {n}", n=format_number(seat + 1))


#: How far back "since your last turn" goes (a long game's log stays out).
MAX_SINCE = 60


def level_name(name: str, game: str = registry.DEFAULT_GAME) -> str:
    return registry.player_label(name, game)


def seat_label(seat: int, seats: list[Any], viewer: int, game: str = registry.DEFAULT_GAME) -> str:
    name = player_name(seat, [s.name for s in seats])
    kind = seats[seat].player
    if seat == viewer:
        return _("{player} (you)", player=name)
    if kind == "human":
        return name
    # TRANSLATORS: The web table, a seat's screen; {player} is a player's name (Player 2), {level} is
    # a kind of computer player.
    return _("{player} (computer: {level})", player=name, level=level_name(kind, game))


def count_text(n: int) -> str:
    """Another seat's number of cards, in words."""
    return ngettext("{n} card", "{n} cards", n)

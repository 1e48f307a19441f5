"""The variant schema: every rule that differs between sources.

One place defines each parameter: its type, default, allowed values and
description (pydantic ``Field``); documentation and rule text are generated
from it. Variants are frozen, and unknown keys are errors.

Resolution (``extends:`` chains and ``--set key=value`` overrides) is pure:
the caller supplies a ``fetch(name)`` that returns a variant's YAML text, so
the kernel never touches files.
"""

from __future__ import annotations

import copy
import re
import threading
from functools import cached_property
from typing import TYPE_CHECKING, Any, Callable, Literal, Mapping, TypeVar

import yaml
from pydantic import BaseModel, ConfigDict, Field, PrivateAttr, ValidationError, field_validator, model_validator

from .cards import Card, DeckSpec
from .errors import VariantError
from .i18n import NP_
from .melds import AcePolicy, MeldCheck, MeldKind, Wild, arrange, check, stands_for

if TYPE_CHECKING:
    from .variant_yaml import _Source

# The YAML reader (.variant_yaml) is imported where a variant is read or an
# override parsed: a variant from the cache of resolved ones needs neither.

MAX_EXTENDS_DEPTH = 8
#: Keys a variant does not pass on to the variants that extend it.
NOT_INHERITED = ("name", "title", "description", "notes")

LocalText = dict[str, str]
#: The game of a variant that names none (files written before the family
#: had other games).
DEFAULT_GAME = "machiavelli"


def _default_melds() -> dict[str, MeldKind]:
    return {
        "set": MeldKind(same=("rank",), distinct=("card", "suit"), min_size=3, max_size=4),
        "run": MeldKind(same=("suit",), distinct=("card",), sequence=True, min_size=3),
    }


class Players(BaseModel):
    # defer_build: the validator is built on first use, so that importing the
    # schema costs little (a command that validates no variant never pays).
    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)
    min: int = Field(default=2, ge=2, le=16, description=NP_("variant parameter", "Fewest players."))
    max: int = Field(default=5, ge=2, le=16, description=NP_("variant parameter", "Most players."))

    @model_validator(mode="after")
    def _order(self) -> "Players":
        if self.min > self.max:
            from .checks import failed

            raise failed("min", "players-order", "players.min {min} is above players.max {max}",
                         min=self.min, max=self.max)
        return self


class Variant(BaseModel):
    """What every variant of every game has: its name and texts, the game it
    is a variant of, the cards and the number of players. Each game extends
    this schema with its own rules (see ``GameDefinition.variant_schema``)."""

    model_config = ConfigDict(frozen=True, extra="forbid", defer_build=True)

    name: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$",
                      description=NP_("variant parameter", "Short identifier, e.g. bga."))
    title: LocalText = Field(default_factory=dict,
        description=NP_("variant parameter", "The variant's name as players say it, per language code (en, it, ...); "
                        "titles and lists show it, or the short identifier where it is missing."))
    description: LocalText = Field(default_factory=dict,
                                   description=NP_("variant parameter",
                                                       "One line about the variant, per language code (en, it, ...)."))
    notes: LocalText = Field(default_factory=dict,
        description=NP_("variant parameter", "Free text about the variant, per language code."))
    extends: str | None = Field(default=None,
        description=NP_("variant parameter", "The variant this one was derived from."))
    game: str = Field(default=DEFAULT_GAME, min_length=1, max_length=64, pattern=r"^[a-z0-9][a-z0-9_.-]*$",
                      description=NP_("variant parameter", "The game this is a variant of (default: machiavelli)."))

    deck: DeckSpec = Field(default_factory=DeckSpec,
        description=NP_("variant parameter", "Suits and ranks of one deck."))
    decks: int = Field(default=2, ge=1, le=8,
        description=NP_("variant parameter", "Copies of the deck shuffled together."))
    players: Players = Field(default_factory=Players,
        description=NP_("variant parameter", "Number of players allowed."))

    #: The title of the variant named in ``extends`` (titles are not
    #: inherited, so the parent's is kept aside when the chain is resolved).
    _extends_title: LocalText = PrivateAttr(default_factory=dict)

    @field_validator("title", "description", "notes", mode="before")
    @classmethod
    def _local_text(cls, value: Any) -> Any:
        return {"en": value} if isinstance(value, str) else value

    def __eq__(self, other: object) -> bool:
        # The parameters decide; the parent's title is how a text names it.
        if not isinstance(other, BaseModel):
            return NotImplemented
        return type(self) is type(other) and self.__dict__ == other.__dict__

    __hash__ = BaseModel.__hash__

    # -- derived facts ------------------------------------------------------

    @property
    def card_count(self) -> int:
        return len(self.physical_cards)

    def text(self, field: str, lang: str = "en") -> tuple[str, str]:
        """A free-text field in ``lang``, falling back to English: (text, language used)."""
        texts: LocalText = getattr(self, field)
        for code in (lang, lang.split("_")[0], "en"):
            if texts.get(code):
                return texts[code], code
        return "", lang

    def title_in(self, lang: str = "en") -> str:
        """The variant's name as players of ``lang`` say it (its ``title``), else its short identifier."""
        return self.text("title", lang)[0] or self.name

    def extends_title_in(self, lang: str = "en") -> str:
        """The name of the variant this one extends, as players of ``lang``
        say it, else as ``extends`` writes it ("" when it extends none)."""
        texts = self._extends_title
        for code in (lang, lang.split("_")[0], "en"):
            if texts.get(code):
                return texts[code]
        return self.extends or ""

    @cached_property
    def physical_cards(self) -> tuple[Card, ...]:
        """Every physical card of the game; the index is the card's identity."""
        return self.deck.build(self.decks)

    def parameters(self) -> dict[str, Any]:
        """The resolved parameters as plain data (JSON- and YAML-friendly)."""
        return self.model_dump(mode="json")


def _most_cards(kind: MeldKind, deck: Any) -> tuple[str, int] | None:
    """The attribute that limits a kind's size and the most cards it allows
    (a meld whose cards differ pairwise in suit has at most one per suit);
    None when nothing does."""
    limits = []
    if "suit" in kind.distinct:
        limits.append(("suit", len(deck.suits)))
    if "rank" in kind.distinct:
        limits.append(("rank", len(kind.ranks) if kind.ranks is not None else len(deck.ranks)))
    return min(limits, key=lambda limit: limit[1]) if limits else None


class MeldVariant(Variant):
    """A variant of a meld game: the kinds of meld allowed, and where an ace
    may stand in a sequence."""

    aces: AcePolicy = Field(
        default="low-or-high",
        description=NP_("variant parameter", "Where an ace may stand in a run: low (A-2-3), high (Q-K-A), "
            "low-or-high (either end, never both: no K-A-2), wrap (around the corner: K-A-2)."),
    )
    melds: dict[str, MeldKind] = Field(default_factory=_default_melds,
        description=NP_("variant parameter", "The kinds of meld allowed."))
    # What a piece of the game is called: Rummikub's players speak of tiles
    # on a rack and a pool to draw from, never of cards, hands and a deck.
    pieces: Literal["cards", "tiles"] = Field(default="cards",
        description=NP_("variant parameter", "What the pieces are called in the rules and on the screen: cards "
                        "(held in a hand, drawn from the deck) or tiles (held on a rack, drawn from the pool)."))

    @model_validator(mode="after")
    def _some_melds(self) -> "MeldVariant":
        from .checks import failed

        if not self.melds:
            raise failed("melds", "no-meld-kinds", "a variant needs at least one kind of meld")
        for name, kind in self.melds.items():
            most = _most_cards(kind, self.deck)
            if most is None or kind.extras:
                continue
            asked = kind.max_size if kind.max_size is not None else kind.min_size
            if asked > most[1] or kind.min_size > most[1]:
                # Rules that say "from 3 to 8 cards" and "no two of the same
                # suit" (at most 4) cannot both hold: said, never printed as rules.
                raise failed("melds", f"meld-size-{most[0]}s",
                             "melds.{kind}: {size} cards, but no two of its cards may share a " + most[0]
                             + ", so it holds at most {most}", kind=name, size=asked, most=most[1])
        return self

    @property
    def wild(self) -> Wild | None:
        """The wild cards (jokers) of the game, if it has any: a game's
        schema says so (the kernel's meld games have none)."""
        return None

    def check(self, cards: tuple[Card, ...] | list[Card]) -> MeldCheck:
        return check(cards, self.melds, deck=self.deck, aces=self.aces, wild=self.wild)

    def arrange(self, cards: tuple[Card, ...] | list[Card]) -> tuple[Card, ...]:
        result = self.check(cards)
        return arrange(cards, self.melds.get(result.kind or ""), deck=self.deck, aces=self.aces, wild=self.wild)

    def stands_for(self, cards: tuple[Card, ...] | list[Card]) -> tuple[tuple[Card, ...], ...]:
        """What the jokers of a valid meld can stand for: every assignment
        (see :func:`~.melds.stands_for`); empty without jokers."""
        wild = self.wild
        if wild is None:
            return ()
        return stands_for(cards, self.melds, wild, deck=self.deck, aces=self.aces)


# -- resolution --------------------------------------------------------------


_V = TypeVar("_V", bound=Variant)
_T = TypeVar("_T")


def per_variant(build: Callable[[_V], _T], keep: int = 64) -> Callable[[_V], _T]:
    """``build`` made once per variant object: a variant is frozen, so what
    is derived from it (tables of melds, a game's fast encodings) never
    changes. The last ``keep`` variants' results are kept, each beside its
    variant (so an id is never mistaken for a later object's)."""
    made: dict[int, tuple[_V, _T]] = {}
    lock = threading.Lock()  # the web table's computer players and Dask workers run in threads

    def derived(variant: _V) -> _T:
        hit = made.get(id(variant))
        if hit is not None and hit[0] is variant:
            return hit[1]
        value = build(variant)
        with lock:
            hit = made.get(id(variant))
            if hit is not None and hit[0] is variant:
                return hit[1]  # another thread built it meanwhile: one value per variant
            if len(made) >= keep:
                made.pop(next(iter(made)))
            made[id(variant)] = (variant, value)
        return value

    derived.__doc__ = build.__doc__
    return derived


def _merge(base: dict[str, Any], over: Mapping[str, Any], top: bool = True) -> dict[str, Any]:
    """Deep merge: mappings merge key by key, a ``null`` removes a key of a
    nested mapping (``melds: {set: null}`` drops sets), anything else
    replaces."""
    out = copy.deepcopy(base)
    for key, value in over.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = _merge(out[key], value, top=False)
        elif value is None and not top and key in out:
            del out[key]
        else:
            out[key] = copy.deepcopy(value)
    return out


def _defaults(schema: type[Variant]) -> dict[str, Any]:
    """The schema's defaults as data, so that a variant that names one meld
    kind or one deck field changes only that."""
    fields = schema.model_fields
    data = {
        key: field.get_default(call_default_factory=True)
        for key, field in fields.items()
        if not field.is_required() and key not in NOT_INHERITED and key != "extends"
    }
    return {k: v.model_dump(mode="python") if isinstance(v, BaseModel) else
            {dk: dv.model_dump(mode="python") if isinstance(dv, BaseModel) else dv for dk, dv in v.items()}
            if isinstance(v, dict) else v for k, v in data.items()}


def parse_override(text: str) -> tuple[tuple[str, ...], Any]:
    """``"aces=wrap"`` -> (("aces",), "wrap"); the value is read as YAML
    (within a variant file's budget: no aliases, no deep nesting, no
    endless numbers) so numbers and booleans get their types; dotted keys
    reach nested values."""
    from .variant_yaml import MAX_VARIANT_BYTES, _load_checked, _Refused

    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key or any(not part for part in key.split(".")):
        raise VariantError("bad-override", file="--set", path=text, line=None,
                           detail=f"--set expects key=value, got {text!r}", why="override-form", got=text[:60])
    if len(raw) > MAX_VARIANT_BYTES:
        raise VariantError("bad-override", file="--set", path=key, line=None,
                           detail=f"the value of {key[:40]} is longer than {MAX_VARIANT_BYTES} characters",
                           why="override-too-long", key=key[:40], limit=MAX_VARIANT_BYTES)
    try:
        value = _load_checked(raw)[1] if raw.strip() else ""
    except _Refused as exc:
        raise VariantError("bad-override", file="--set", path=key, line=None,
                           detail=f"{key[:40]}: {exc.detail}", why="override-refused", key=key[:40],
                           cause={"detail": exc.detail, "why": exc.why, **exc.values}) from None
    except yaml.YAMLError:
        value = raw  # not YAML: the text as typed (name=a: b)
    return tuple(key.split(".")), value


#: Longest one-line variant (``bga(hand_size=13, aces=wrap)``).
MAX_CALL_CHARS = 4096
_CALL = r"(?s)\s*([^()\s][^()]*?)\s*\((.*)\)\s*"  # compiled by ``re`` on first use
_OPEN, _CLOSE = "[{(", "]})"


def split_call(text: str) -> tuple[str, list[str]] | None:
    """The one-line form of a house rule: ``"bga(hand_size=13, aces=wrap)"``
    -> ``("bga", ["hand_size=13", "aces=wrap"])``, each item a ``--set``
    override (read by :func:`parse_override`, never evaluated); None when
    ``text`` is not in that form. Commas inside brackets or quotes belong
    to the value (``melds.set.ranks=[5, 6, 7]``). Raises VariantError
    ``bad-override`` for text too long or brackets that do not match."""
    if "(" not in text:
        return None
    if len(text) > MAX_CALL_CHARS:
        raise VariantError("bad-override", file="--variant", path="", line=None,
                           detail=f"a one-line variant is longer than {MAX_CALL_CHARS} characters",
                           why="call-too-long", limit=MAX_CALL_CHARS)
    match = re.fullmatch(_CALL, text)
    if match is None:
        raise VariantError("bad-override", file="--variant", path="", line=None,
                           detail=f"expected NAME(key=value, ...), got {text[:60]!r}", why="call-form",
                           got=text[:60])
    name, inner = match.group(1), match.group(2)
    items: list[str] = []
    stack: list[str] = []
    quote = ""
    start = 0
    for k, ch in enumerate(inner):
        if quote:
            if ch == quote:
                quote = ""
        elif ch in "'\"":
            quote = ch
        elif ch in _OPEN:
            stack.append(_CLOSE[_OPEN.index(ch)])
        elif ch in _CLOSE:
            if not stack or stack.pop() != ch:
                raise VariantError("bad-override", file="--variant", path="", line=None,
                                   detail=f"unmatched {ch!r} in {text[:60]!r}", why="call-unmatched",
                                   bracket=ch, got=text[:60])
        elif ch == "," and not stack:
            items.append(inner[start:k])
            start = k + 1
    if quote or stack:
        raise VariantError("bad-override", file="--variant", path="", line=None,
                           detail=f"unclosed {quote or 'bracket'} in {text[:60]!r}",
                           why="call-unclosed-quote" if quote else "call-unclosed-bracket", quote=quote, got=text[:60])
    items.append(inner[start:])
    overrides = [item.strip() for item in items if item.strip()]
    for item in overrides:
        parse_override(item)  # the same checks and messages as --set, before anything is read
    return name, overrides


def _nest(path: tuple[str, ...], value: Any) -> dict[str, Any]:
    out: dict[str, Any] = {path[-1]: value}
    for part in reversed(path[:-1]):
        out = {part: out}
    return out


Fetch = Callable[[str], tuple[str | bytes, str]]
#: The variant schema of a game, by the game's name (raises VariantError).
Schemas = Callable[[str], type[Variant]]


def _game_of(chain: list[_Source], overrides: list[tuple[str, tuple[str, ...], Any]]) -> tuple[str, str, int | None]:
    """(game, file, line) that a chain of documents names; every document
    that names one must name the same."""
    from .variant_yaml import _line_of

    found: tuple[str, str, int | None] | None = None
    for src in chain:
        value = src.data.get("game")
        if value is None:
            continue
        line, _ = _line_of(src.root, ("game",))
        if not isinstance(value, str):
            raise VariantError(file=src.label, path="game", line=line, detail="game must name a game",
                               why="game-not-named")
        if found is not None and value != found[0]:
            raise VariantError("bad-extends", file=found[1], path="game", line=found[2],
                               detail=f"a variant of {found[0]!r} cannot extend a variant of {value!r}",
                               why="extends-other-game", game=found[0][:40], other=value[:40])
        found = found or (value, src.label, line)
    for text, path, value in overrides:
        if path == ("game",) and isinstance(value, str):
            found = (value, "--set " + text, None)
    return found or (DEFAULT_GAME, chain[0].label, None)


def resolve(
    source_text: str | bytes,
    label: str,
    fetch: Fetch,
    *,
    default_name: str,
    overrides: tuple[str, ...] | list[str] = (),
    schemas: Schemas,
) -> Variant:
    """Resolve one variant document: follow ``extends`` through ``fetch``
    (name -> (text, label)), apply ``overrides`` (``key=value``), validate
    against the schema of the game the documents name (``schemas``)."""
    from .variant_yaml import _line_of, parse_source

    chain = [parse_source(source_text, label)]
    seen = {label}
    while (parent := chain[-1].data.get("extends")) is not None:
        if not isinstance(parent, str) or not parent:
            line, _ = _line_of(chain[-1].root, ("extends",))
            raise VariantError("bad-extends", file=chain[-1].label, path="extends", line=line,
                               detail="extends must name a variant", why="extends-not-named")
        if len(chain) > MAX_EXTENDS_DEPTH:
            raise VariantError("bad-extends", file=label, path="extends", line=None,
                               detail=f"more than {MAX_EXTENDS_DEPTH} levels of extends", why="extends-too-deep",
                               limit=MAX_EXTENDS_DEPTH)
        try:
            text, parent_label = fetch(parent)
        except VariantError as exc:
            line, _ = _line_of(chain[-1].root, ("extends",))
            raise VariantError("bad-extends", file=chain[-1].label, path="extends", line=line,
                               detail=f"cannot extend {parent!r}: {exc.params.get('detail', exc.code)}",
                               why="cannot-extend", parent=parent[:60], cause=dict(exc.params)) from None
        if parent_label in seen:
            raise VariantError("bad-extends", file=chain[-1].label, path="extends", line=None,
                               detail=f"extends forms a cycle through {parent!r}", why="extends-cycle",
                               parent=parent[:60])
        seen.add(parent_label)
        chain.append(parse_source(text, parent_label))

    parsed_overrides = [(text, *parse_override(text)) for text in overrides]
    game, file, line = _game_of(chain, parsed_overrides)
    try:
        schema = schemas(game)
    except VariantError as exc:
        raise VariantError(exc.code, file=file, path="game", line=line,
                           detail=exc.params.get("detail", exc.code),
                           **{k: v for k, v in exc.params.items() if k not in ("file", "path", "line", "detail")}
                           ) from None
    data: dict[str, Any] = _defaults(schema)
    for index, src in enumerate(reversed(chain)):
        own = dict(src.data)
        if index < len(chain) - 1:
            for key in NOT_INHERITED:
                own.pop(key, None)
        data = _merge(data, own)
    data["extends"] = chain[0].data.get("extends")
    data.setdefault("name", default_name)

    for _, path, value in parsed_overrides:
        data = _merge(data, _nest(path, value))

    try:
        variant = schema.model_validate(data)
    except ValidationError as exc:
        # The explaining module is read only when a variant is wrong.
        from .variant_problems import _explain

        raise _explain(exc, data, schema, chain, parsed_overrides) from None
    if len(chain) > 1:
        title = chain[1].data.get("title")
        if isinstance(title, str):
            title = {"en": title}
        if isinstance(title, dict):
            variant._extends_title = {k: v for k, v in title.items() if isinstance(k, str) and isinstance(v, str)}
    return variant


def _compare(a: Any, b: Any, prefix: str, out: list[tuple[str, Any, Any]]) -> None:
    # Descend only where both sides are mappings, so a value that changes
    # shape (hand_size: 15 against a table per player count) stays one row.
    if isinstance(a, dict) and isinstance(b, dict):
        for key in list(a) + [k for k in b if k not in a]:
            _compare(a.get(key), b.get(key), f"{prefix}.{key}" if prefix else str(key), out)
    elif a != b:
        out.append((prefix, a, b))


def differences(a: Variant, b: Variant, *, free_text: bool = False) -> list[tuple[str, Any, Any]]:
    """The parameters on which two variants differ, as (dotted key, value in
    a, value in b), in schema order; a key missing on one side has None.
    Names, titles, descriptions and notes are left out unless ``free_text``."""
    skip = () if free_text else ("name", "title", "description", "notes", "extends")
    out: list[tuple[str, Any, Any]] = []
    _compare(a.parameters(), b.parameters(), "", out)
    return [row for row in out if row[0].split(".")[0] not in skip]

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
import types
from dataclasses import dataclass
from functools import cached_property
from typing import Any, Callable, Literal, Mapping, Union, get_args, get_origin

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from .cards import Card, DeckSpec
from .errors import VariantError
from .melds import AcePolicy, MeldCheck, MeldKind, arrange, check

MAX_VARIANT_BYTES = 64 * 1024
MAX_EXTENDS_DEPTH = 8
#: Keys a variant does not pass on to the variants that extend it.
NOT_INHERITED = ("name", "description", "notes")

LocalText = dict[str, str]


def _default_melds() -> dict[str, MeldKind]:
    return {
        "set": MeldKind(same=("rank",), distinct=("card", "suit"), min_size=3, max_size=4),
        "run": MeldKind(same=("suit",), distinct=("card",), sequence=True, min_size=3),
    }


class Players(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid")
    min: int = Field(default=2, ge=2, le=16, description="Fewest players.")
    max: int = Field(default=5, ge=2, le=16, description="Most players.")

    @model_validator(mode="after")
    def _order(self) -> "Players":
        if self.min > self.max:
            raise ValueError(f"min: players.min {self.min} is above players.max {self.max}")
        return self


class Variant(BaseModel):
    """A fully resolved rule set. Defaults are Board Game Arena's rules."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    name: str = Field(min_length=1, max_length=64, pattern=r"^[A-Za-z0-9][A-Za-z0-9_.-]*$",
                      description="Short identifier, e.g. bga.")
    description: LocalText = Field(default_factory=dict,
                                   description="One line about the variant, per language code (en, it, ...).")
    notes: LocalText = Field(default_factory=dict, description="Free text about the variant, per language code.")
    extends: str | None = Field(default=None, description="The variant this one was derived from.")

    deck: DeckSpec = Field(default_factory=DeckSpec, description="Suits and ranks of one deck.")
    decks: int = Field(default=2, ge=1, le=8, description="Copies of the deck shuffled together.")
    jokers: Literal[0] = Field(default=0, description="Jokers per deck (reserved: no variant uses them yet).")
    players: Players = Field(default_factory=Players, description="Number of players allowed.")
    hand_size: int | dict[int, int] = Field(
        default=15,
        description="Cards dealt to each player: one number, or a number per player count.",
    )
    dealer: Literal["random", "first-seat"] = Field(
        default="random", description="Who deals; the player left of the dealer starts."
    )
    aces: AcePolicy = Field(
        default="low-or-high",
        description="Where an ace may stand in a run: low (A-2-3), high (Q-K-A), "
        "low-or-high (either end, never both: no K-A-2), wrap (around the corner: K-A-2).",
    )
    melds: dict[str, MeldKind] = Field(default_factory=_default_melds, description="The kinds of meld allowed.")
    restore_penalty: int = Field(
        default=1, ge=0, le=10, description="Cards drawn by a player who restores the table and passes."
    )
    draw_count: int = Field(
        default=1, ge=0, le=10, description="Cards drawn by a player who ends a turn without playing."
    )
    help_cards: int = Field(default=0, ge=0, le=16, description="Cards laid face up that anyone may meld with.")
    help_cards_refill: bool = Field(
        default=True, description="A help card that was used is replaced from the deck."
    )
    deck_runs_out: Literal["on-last-card", "on-failed-draw"] = Field(
        default="on-last-card",
        description="When the game ends for lack of cards: as soon as the last card is drawn, "
        "or only when a player must draw and cannot.",
    )
    deck_out_winners: Literal["fewest-cards", "fewest-points"] = Field(
        default="fewest-cards",
        description="Who wins when the deck runs out: fewest cards (ties share the win) or fewest points.",
    )

    @field_validator("description", "notes", mode="before")
    @classmethod
    def _local_text(cls, value: Any) -> Any:
        return {"en": value} if isinstance(value, str) else value

    @field_validator("hand_size")
    @classmethod
    def _hand_size_positive(cls, value: int | dict[int, int]) -> int | dict[int, int]:
        sizes = value.values() if isinstance(value, dict) else [value]
        if any(s < 1 for s in sizes):
            raise ValueError("a hand must have at least 1 card")
        if any(s > 200 for s in sizes):
            raise ValueError("a hand may have at most 200 cards")
        return value

    @model_validator(mode="after")
    def _consistent(self) -> "Variant":
        if isinstance(self.hand_size, dict):
            missing = [n for n in range(self.players.min, self.players.max + 1) if n not in self.hand_size]
            if missing:
                raise ValueError(f"hand_size: gives no number for {missing} players")
        for n in range(self.players.min, self.players.max + 1):
            needed = n * self.hand_size_for(n) + self.help_cards
            if needed > self.card_count:
                raise ValueError(
                    f"hand_size: {self.decks} deck(s) of {self.deck.size} cards cannot deal {self.hand_size_for(n)} cards "
                    f"to {n} players" + (f" and {self.help_cards} help cards" if self.help_cards else "")
                )
        if not self.melds:
            raise ValueError("melds: a variant needs at least one kind of meld")
        return self

    # -- derived facts ------------------------------------------------------

    @property
    def card_count(self) -> int:
        return self.decks * self.deck.size

    def hand_size_for(self, players: int) -> int:
        if isinstance(self.hand_size, dict):
            return self.hand_size[players]
        return self.hand_size

    def text(self, field: str, lang: str = "en") -> tuple[str, str]:
        """A free-text field in ``lang``, falling back to English: (text, language used)."""
        texts: LocalText = getattr(self, field)
        for code in (lang, lang.split("_")[0], "en"):
            if texts.get(code):
                return texts[code], code
        return "", lang

    def check(self, cards: tuple[Card, ...] | list[Card]) -> MeldCheck:
        return check(cards, self.melds, deck=self.deck, aces=self.aces)

    def arrange(self, cards: tuple[Card, ...] | list[Card]) -> tuple[Card, ...]:
        result = self.check(cards)
        return arrange(cards, self.melds.get(result.kind or ""), deck=self.deck, aces=self.aces)

    @cached_property
    def physical_cards(self) -> tuple[Card, ...]:
        """Every physical card of the game; the index is the card's identity."""
        return self.deck.build(self.decks)

    def parameters(self) -> dict[str, Any]:
        """The resolved parameters as plain data (JSON- and YAML-friendly)."""
        return self.model_dump(mode="json")


# -- resolution --------------------------------------------------------------


@dataclass
class _Source:
    label: str
    data: dict[str, Any]
    root: yaml.Node | None


def _reject_duplicate_keys(node: yaml.Node, label: str) -> None:
    if isinstance(node, yaml.MappingNode):
        seen: set[Any] = set()
        for key, value in node.value:
            k = key.value if isinstance(key, yaml.ScalarNode) else id(key)
            if k in seen:
                raise VariantError(file=label, path=str(k), line=key.start_mark.line + 1,
                                   detail=f"key {k!r} is given twice")
            seen.add(k)
            _reject_duplicate_keys(value, label)
    elif isinstance(node, yaml.SequenceNode):
        for item in node.value:
            _reject_duplicate_keys(item, label)


# libyaml's safe loader when PyYAML was built with it: same documents, faster.
_SafeLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


def _compose_and_load(text: str) -> tuple[yaml.Node | None, Any]:
    """Parse once: the node tree (for line numbers and duplicate keys) and
    the data built from that same tree with the safe constructor."""
    loader = _SafeLoader(text)
    try:
        root = loader.get_single_node()
        return root, (loader.construct_document(root) if root is not None else None)
    finally:
        loader.dispose()


def parse_source(text: str | bytes, label: str) -> _Source:
    """Parse one variant document (untrusted): size limit, safe YAML only,
    a mapping at the top, no duplicate keys."""
    size = len(text.encode() if isinstance(text, str) else text)
    if size > MAX_VARIANT_BYTES:
        raise VariantError(file=label, path="", line=None,
                           detail=f"file is {size} bytes, more than the limit of {MAX_VARIANT_BYTES}")
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError:
            raise VariantError(file=label, path="", line=None, detail="file is not UTF-8 text") from None
    try:
        root, data = _compose_and_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
        raise VariantError(file=label, path="", line=mark.line + 1 if mark else None,
                           detail=f"not valid YAML: {problem}") from None
    if data is None:
        data = {}
    if not isinstance(data, dict):
        raise VariantError(file=label, path="", line=1, detail="a variant must be a mapping of keys to values")
    if root is not None:
        _reject_duplicate_keys(root, label)
    return _Source(label, data, root)


def _line_of(root: yaml.Node | None, path: tuple[Any, ...]) -> tuple[int | None, int]:
    """(line of the deepest node found along ``path``, how many keys matched)."""
    node, line, depth = root, None, 0
    for key in path:
        if isinstance(node, yaml.MappingNode):
            nxt = next(((k, v) for k, v in node.value if isinstance(k, yaml.ScalarNode) and k.value == str(key)), None)
            if nxt is None:
                break
            line, node = nxt[0].start_mark.line + 1, nxt[1]
        elif isinstance(node, yaml.SequenceNode) and isinstance(key, int) and key < len(node.value):
            node = node.value[key]
            line = node.start_mark.line + 1
        else:
            break
        depth += 1
    return line, depth


def _merge(base: dict[str, Any], over: Mapping[str, Any]) -> dict[str, Any]:
    """Deep merge: mappings merge key by key, a ``null`` removes a key of a
    mapping that is merged (``melds: {set: null}`` drops sets), anything else
    replaces."""
    out = copy.deepcopy(base)
    for key, value in over.items():
        if isinstance(value, Mapping) and isinstance(out.get(key), Mapping):
            out[key] = _merge(out[key], value)
        elif value is None and isinstance(base, Mapping) and key in out and key not in Variant.model_fields:
            del out[key]
        else:
            out[key] = copy.deepcopy(value)
    return out


def _defaults() -> dict[str, Any]:
    """The schema's defaults as data, so that a variant that names one meld
    kind or one deck field changes only that."""
    data = Variant(name="defaults").model_dump(mode="python", exclude=set(NOT_INHERITED) | {"extends"})
    return data


def parse_override(text: str) -> tuple[tuple[str, ...], Any]:
    """``"aces=wrap"`` -> (("aces",), "wrap"); the value is read as YAML so
    numbers and booleans get their types; dotted keys reach nested values."""
    key, sep, raw = text.partition("=")
    key = key.strip()
    if not sep or not key or any(not part for part in key.split(".")):
        raise VariantError("bad-override", file="--set", path=text, line=None,
                           detail=f"--set expects key=value, got {text!r}")
    try:
        value = yaml.safe_load(raw) if raw.strip() else ""
    except yaml.YAMLError:
        value = raw
    return tuple(key.split(".")), value


def _nest(path: tuple[str, ...], value: Any) -> dict[str, Any]:
    out: Any = value
    for part in reversed(path):
        out = {part: out}
    return out


Fetch = Callable[[str], tuple[str | bytes, str]]


def resolve(
    source_text: str | bytes,
    label: str,
    fetch: Fetch,
    *,
    default_name: str,
    overrides: tuple[str, ...] | list[str] = (),
) -> Variant:
    """Resolve one variant document: follow ``extends`` through ``fetch``
    (name -> (text, label)), apply ``overrides`` (``key=value``), validate."""
    chain = [parse_source(source_text, label)]
    seen = {label}
    while (parent := chain[-1].data.get("extends")) is not None:
        if not isinstance(parent, str) or not parent:
            line, _ = _line_of(chain[-1].root, ("extends",))
            raise VariantError("bad-extends", file=chain[-1].label, path="extends", line=line,
                               detail="extends must name a variant")
        if len(chain) > MAX_EXTENDS_DEPTH:
            raise VariantError("bad-extends", file=label, path="extends", line=None,
                               detail=f"more than {MAX_EXTENDS_DEPTH} levels of extends")
        try:
            text, parent_label = fetch(parent)
        except VariantError as exc:
            line, _ = _line_of(chain[-1].root, ("extends",))
            raise VariantError("bad-extends", file=chain[-1].label, path="extends", line=line,
                               detail=f"cannot extend {parent!r}: {exc.params.get('detail', exc.code)}") from None
        if parent_label in seen:
            raise VariantError("bad-extends", file=chain[-1].label, path="extends", line=None,
                               detail=f"extends forms a cycle through {parent!r}")
        seen.add(parent_label)
        chain.append(parse_source(text, parent_label))

    data: dict[str, Any] = _defaults()
    for index, src in enumerate(reversed(chain)):
        own = dict(src.data)
        if index < len(chain) - 1:
            for key in NOT_INHERITED:
                own.pop(key, None)
        data = _merge(data, own)
    data["extends"] = chain[0].data.get("extends")
    data.setdefault("name", default_name)

    parsed_overrides = [(text, *parse_override(text)) for text in overrides]
    for _, path, value in parsed_overrides:
        data = _merge(data, _nest(path, value))

    try:
        return Variant.model_validate(data)
    except ValidationError as exc:
        raise _explain(exc, chain, parsed_overrides) from None


def _explain(exc: ValidationError, chain: list[_Source], overrides: list[tuple[str, tuple[str, ...], Any]]) -> VariantError:
    """Turn pydantic's first error into one VariantError naming file, key path and line."""
    errors = exc.errors(include_url=False)
    first = errors[0]
    loc = tuple(p for p in first["loc"] if not (isinstance(p, str) and ("[" in p or p.startswith("function-"))))
    detail = first["msg"].removeprefix("Value error, ")
    field, sep, rest = detail.partition(": ")
    if sep and first["type"] == "value_error" and re.fullmatch(r"[a-z_]+", field):
        # Cross-field checks name the key they are about (see the validators).
        loc, detail = (*loc, field), rest
    path = ".".join(str(p) for p in loc)
    if first["type"] == "extra_forbidden":
        detail = f"unknown key {str(loc[-1])!r}" if loc else "unknown key"
    elif "input" in first and isinstance(first["input"], (str, int, float, bool)) and loc:
        shown = repr(first["input"])
        detail = f"{detail} (got {shown[:60]})"
    if len(errors) > 1:
        detail += f" (and {len(errors) - 1} more problem{'s' if len(errors) > 2 else ''})"
    for text, opath, _ in reversed(overrides):
        if loc and tuple(str(p) for p in loc[: len(opath)]) == opath:
            return VariantError(file="--set " + text, path=path, line=None, detail=detail)
    best = (chain[0].label, None, -1)
    for src in chain:
        line, depth = _line_of(src.root, loc)
        if depth > best[2]:
            best = (src.label, line, depth)
        if depth == len(loc):
            break
    return VariantError(file=best[0], path=path, line=best[1], detail=detail)


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
    Names, descriptions and notes are left out unless ``free_text``."""
    skip = () if free_text else ("name", "description", "notes", "extends")
    out: list[tuple[str, Any, Any]] = []
    _compare(a.parameters(), b.parameters(), "", out)
    return [row for row in out if row[0].split(".")[0] not in skip]


@dataclass(frozen=True)
class Parameter:
    """One documented variant parameter, generated from the schema."""

    key: str
    type: str
    default: Any
    allowed: tuple[Any, ...] | None
    minimum: int | None
    maximum: int | None
    description: str


def _type_name(annotation: Any) -> tuple[str, tuple[Any, ...] | None]:
    origin = get_origin(annotation)
    if origin is Literal:
        return "choice", get_args(annotation)
    if origin in (Union, types.UnionType):
        names = [_type_name(a)[0] for a in get_args(annotation) if a is not type(None)]
        optional = type(None) in get_args(annotation)
        return " or ".join(names) + (" or none" if optional else ""), None
    if origin is dict:
        return "mapping", None
    if origin is tuple or origin is list:
        inner = get_args(annotation)[:1]
        return "list", (_type_name(inner[0])[1] if inner else None)
    if isinstance(annotation, type) and issubclass(annotation, BaseModel):
        return "section", None
    return getattr(annotation, "__name__", str(annotation)), None


def parameters_of(model: type[BaseModel] = None, prefix: str = "") -> list[Parameter]:  # type: ignore[assignment]
    """Every parameter of the schema, nested sections flattened to dotted
    keys (``players.min``); the single source for documentation."""
    model = model or Variant
    out: list[Parameter] = []
    for name, field in model.model_fields.items():
        key = f"{prefix}{name}"
        kind, allowed = _type_name(field.annotation)
        lo = next((m.ge for m in field.metadata if getattr(m, "ge", None) is not None), None)
        hi = next((m.le for m in field.metadata if getattr(m, "le", None) is not None), None)
        default = None if field.is_required() else field.get_default(call_default_factory=True)
        if isinstance(default, BaseModel):
            default = default.model_dump(mode="json")
        elif isinstance(default, dict):
            default = {k: v.model_dump(mode="json") if isinstance(v, BaseModel) else v for k, v in default.items()}
        out.append(Parameter(key, kind, default, allowed, lo, hi, field.description or ""))
        annotation = field.annotation
        if isinstance(annotation, type) and issubclass(annotation, BaseModel) and annotation is not DeckSpec:
            out.extend(parameters_of(annotation, key + "."))
        elif get_origin(annotation) is dict:
            value_type = get_args(annotation)[1]
            if isinstance(value_type, type) and issubclass(value_type, BaseModel):
                out.extend(parameters_of(value_type, key + ".<kind>."))
    return out

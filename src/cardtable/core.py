"""The ground every game stands on: errors, the chance action, hand results, rule options and the
`Game` protocol.

A game object holds its frozen rules; a state is plain frozen data. A state covers one hand and
carries the match score from before that hand, so a whole match is a chain of hands joined by
`Game.next_hand`. Each hand starts with one chance action, a `Deal` that carries the whole deck
order, which makes replays exact and lets tests fix deals.

Errors subclass `ValueError`, and their messages name the action, the seat and the rule broken:

>>> str(IllegalAction("play 7H", 2, "R24", "must follow hearts"))
'seat 2 play 7H: must follow hearts (R24)'
"""

from __future__ import annotations

import dataclasses
import importlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Protocol, TypeVar, runtime_checkable

Seat = int

#: What `Game.actor` returns when the next step is the deal, not a seat's choice.
CHANCE: Final = -1


class CardtableError(ValueError):
    """Base of every error cardtable raises on bad input."""


class BadNotation(CardtableError):
    """Text that is not a card, an action or a record field of the right form."""


class BadRules(CardtableError):
    """An unknown rule option, a bad value for one, or options that cannot go together."""


class BadPosition(CardtableError):
    """A position (a mid-hand starting point) that breaks one of the position's conditions."""


class IllegalAction(CardtableError):
    """An action the rules do not allow in this state; names the action, the seat and the rule."""

    def __init__(self, action: str, seat: Seat | None, rule: str, reason: str) -> None:
        self.action = action
        self.seat = seat
        self.rule = rule
        self.reason = reason
        who = f"seat {seat} " if seat is not None and seat >= 0 else ""
        super().__init__(f"{who}{action}: {reason} ({rule})")


@dataclass(frozen=True, slots=True)
class Deal:
    """The chance action of a hand: the whole deck, top card first, dealt by the game's procedure."""

    deck: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HandResult:
    """How a finished hand ended.

    ``result`` is ``"played"``, ``"misdeal"``, ``"passed_out"``, ``"leaster"`` or ``"doubler"``;
    ``score`` holds one int per seat as the record contract's replay output defines it for the
    game; ``details`` is JSON-ready and game-specific (points, tricks, sweeps, who took what).
    """

    result: str
    score: tuple[int, ...]
    details: Mapping[str, Any] = field(default_factory=dict)


S = TypeVar("S")
A = TypeVar("A")
V_co = TypeVar("V_co", covariant=True)


@runtime_checkable
class View(Protocol):
    """A frozen per-seat observation: all that one seat may know."""

    def to_json(self) -> dict[str, Any]:
        """The view as JSON-ready data, cards as canonical strings."""
        ...


class Game(Protocol[S, A, V_co]):
    """A card game's rules, bound to one set of rule options.

    Every method is pure: states and actions are frozen values, and the only randomness comes in
    as an ``rng`` argument. A new game implements this and registers in `cardtable.registry`;
    the conformance suite then checks it.
    """

    name: ClassVar[str]
    seats: ClassVar[int]
    rules: Any

    def start(self, dealer: Seat = 0, match: Mapping[str, Any] | None = None) -> S:
        """The state before the deal of a hand, with the match score ``match`` (record §5)."""
        ...

    def actor(self, state: S) -> Seat | None:
        """The seat to act, `CHANCE` when the deal is next, or ``None`` once the hand is over."""
        ...

    def legal_actions(self, state: S) -> Sequence[A]:
        """Every legal action of the seat to act, each once, in canonical order."""
        ...

    def deal(self, state: S, rng: random.Random) -> Deal:
        """A shuffled deck for the chance step."""
        ...

    def apply(self, state: S, action: A | Deal) -> S:
        """The state after ``action``; raises `IllegalAction` and leaves ``state`` untouched."""
        ...

    def observe(self, state: S, seat: Seat) -> V_co:
        """What ``seat`` sees: never a card hidden from it."""
        ...

    def observe_public(self, state: S) -> View:
        """What a spectator sees, which is what every seat sees: cards played, the trick, the
        floor, the auction's public facts, trump, scores, each seat's number of cards, the dealer
        and the seat to act. Never a card that any seat holds unseen, nor a buried, discarded,
        undealt or kitty card, nor the blind before it is shown. Its JSON has ``"seat": null``."""
        ...

    def public_action(self, state: S, action: A) -> str:
        """``action``, taken in ``state`` by the seat to act, as the other seats see it when it is
        taken: the record notation, except that cards laid away or set aside face down are not
        named (``bury 2 cards face down``)."""
        ...

    def outcome(self, state: S) -> HandResult | None:
        """How the hand ended, or ``None`` while it is not over."""
        ...

    def teams(self, result: HandResult) -> tuple[tuple[Seat, ...], ...] | None:
        """Who played together in a finished hand, for ratings: the sides that played against
        each other (each a tuple of seats, every seat in one side), or ``None`` when the hand was
        no contest of play (a misdeal, a hand passed out). A side's standing in the hand is the
        sum of its seats' ``score``."""
        ...

    def parse(self, text: str) -> A:
        """Read an action in record notation (without the seat); raises `BadNotation`."""
        ...

    def format(self, action: A) -> str:
        """The canonical record notation of an action (without the seat)."""
        ...

    # --- the match: hands joined into a match (record contract §5) ---

    def dealer(self, state: S) -> Seat:
        """The dealer of this state's hand."""
        ...

    def match_json(self, state: S) -> dict[str, Any]:
        """The match state (record §5): after this hand when it is over, else before it."""
        ...

    def next_hand(self, state: S) -> S | None:
        """The start of the next hand (dealer and match by the rules) after a finished hand, or
        ``None`` when the match has been won."""
        ...

    def winner(self, state: S) -> tuple[Seat, ...] | None:
        """The seats that have won the match once this hand is over, else ``None``."""
        ...

    # --- records: deals and positions (record contract §3, §4) ---

    def deal_from_json(self, obj: object, dealer: Seat) -> Deal:
        """Read a record's ``deal`` (the ``deck`` form or the game's explicit form) as the
        equivalent deck order; raises `BadNotation` naming the fault (a bad card, a card twice,
        a wrong hand size)."""
        ...

    def position_start(self, obj: object, match: Mapping[str, Any] | None) -> S:
        """A state from a record's ``position`` (a mid-hand starting point); raises
        `BadPosition` (or `BadNotation`) naming the condition that failed."""
        ...

    def position_json(self, state: S) -> dict[str, Any] | None:
        """The current position of an unfinished hand in the game's position form, or ``None``."""
        ...

    # --- what the conformance suite checks ---

    def card_places(self, state: S) -> Mapping[str, int]:
        """After the deal: every place a card can be (``"hand 0"``, ``"floor"``, ``"blind"``,
        ``"pile 1"`` …) with its card set. The sets are disjoint and together make the deck."""
        ...

    def unseen(self, state: S, seat: Seat) -> int:
        """The cards whose place ``seat`` may not know in this state (its view holds none)."""
        ...

    def unseen_public(self, state: S) -> int:
        """The cards whose place a spectator may not know in this state (its public view holds
        none): every card some seat knows and the others do not, and every card nobody knows."""
        ...

    def card_point_totals(self, state: S) -> tuple[int, int]:
        """For a finished hand: (card points the hand's result counted, the total the rules say
        must be counted), e.g. Sheepshead (120, 120); Smear (game counts, 80 minus dead cards)."""
        ...


class ResultEntry(Protocol):
    """What a game's package offers tournaments, as its module ``entry`` (`registry.entry`): how a
    finished hand's result becomes each seat's points, and how a result entered by hand at a hall
    that plays with real cards is checked. Tournament code reads these and never the game's name.

    ``PARTNERS`` lists the seats that play as one side for the whole hand (``((0, 2), (1, 3))``),
    or nothing when sides change from hand to hand. ``FIELDS`` describes the entry for the entry
    page: each field's ``name``, ``label`` and ``per`` (``"seat"``, ``"side"`` or ``"one"``), and
    ``kind`` ``"seat"`` for a field whose value is a seat (a bidder: asked by the seat's player's
    name, empty for none)."""

    PARTNERS: tuple[tuple[int, ...], ...]
    FIELDS: tuple[dict[str, str], ...]

    def entry_of(self, game: Any, result: HandResult) -> dict[str, Any]:
        """The entry a scorer would write for a hand that ended as ``result``."""
        ...

    def points(self, game: Any, entry: object) -> tuple[int, ...]:
        """Each seat's points for the hand entered as ``entry``; raises `BadNotation` naming what
        the game's scoring says cannot be."""
        ...


@dataclass(frozen=True)
class PlayedHand:
    """A finished hand as its statistics read it: the state right after the deal (``dealt``),
    each action in order as ``(seat, action, state after it)``, and the game's result."""

    dealt: Any
    moves: tuple[tuple[Seat, Any, Any], ...]
    result: HandResult


@dataclass(frozen=True)
class Stat:
    """One statistic of a seat's hands, as the player's page shows it: the count ``key`` under
    ``label`` (English, marked `N_` where it is written, so that the page says it in its
    reader's language); with ``of``, a share of the count of that key ("won as picker" of
    "picked"), or with ``mean`` as well, the average over it ("points taken" a hand)."""

    key: str
    label: str
    of: str | None = None
    mean: bool = False


class HandStats(Protocol):
    """What a game's package offers the players' pages as its module ``stats``
    (`cardtable.stats`): the statistics its players talk about, in the order they are shown
    (``STATS``), and their counts in one finished hand for one seat. Every count is a whole
    number, zero when the hand says nothing of it; the generic counts (hands, won, lost, points)
    are the generic code's own."""

    STATS: tuple[Stat, ...]

    def counts(self, game: Any, hand: PlayedHand, seat: Seat) -> dict[str, int]:
        """The seat's counts of the game's statistics in ``hand``."""
        ...


# --- a game's parts: the modules of its package that generic code finds by their role ---

#: The parts found so far, by the game's package and the role asked for.
_PARTS: dict[tuple[str, str], Any] = {}
#: The same, by the class of a game object (not for an object that names its package itself).
_PARTS_BY_CLASS: dict[tuple[type, str], Any] = {}


def game_package(game: object) -> str:
    """The package a game (or a game class) belongs to: the one its class is defined in
    (``cardtable.games.seep`` for `Seep`, defined in ``cardtable.games.seep.game``), wherever that
    package lives. An object that stands for a game (the bots' facade) names it as ``package``."""
    named = getattr(game, "package", None)
    if isinstance(named, str):
        return named
    cls = game if isinstance(game, type) else type(game)
    return cls.__module__.rpartition(".")[0]


def game_part(game: object, role: str) -> Any:
    """The module named ``role`` of the package of ``game`` (a game or its class), imported on
    first use, or ``None`` when the package has none.

    This is how generic code reaches what only one game knows without naming the game: its
    narration (``narration``), how its table is drawn (``drawing``), its RL tokens and encoding
    (``tokens``, ``encoding``), the scripts its web table loads (the ``web`` folder). It is also how
    a game's engine reaches its sampler (``sample``) on the floor above it: at call time, so the
    engine modules import nothing of the bots' layer. See docs/architecture.md for the parts and
    what each must provide.
    """
    try:  # the quick way, for a game object found before (the search asks for its sampler often)
        return _PARTS_BY_CLASS[type(game), role]
    except KeyError:
        pass
    package = game_package(game)
    key = (package, role)
    if key in _PARTS:
        module: Any = _PARTS[key]
    else:
        module = _import_part(f"{package}.{role}")
        _PARTS[key] = module
    if not isinstance(getattr(game, "package", None), str) and not isinstance(game, type):
        _PARTS_BY_CLASS[type(game), role] = module  # a game's class names its package for good
    return module


def _import_part(name: str) -> Any:
    try:
        module: Any = importlib.import_module(name)
    except ModuleNotFoundError as e:
        if e.name != name:
            raise  # the part is there but something it imports is not: a real fault
        return None
    return module


def option(
    default: Any,
    *,
    doc: str,
    rule: str,
    choices: tuple[Any, ...] | None = None,
    kind: type | None = None,
    minimum: int | None = None,
    examples: tuple[Any, ...] = (),
) -> Any:
    """Declare a rule option as a dataclass field.

    Either ``choices`` lists every allowed value, or ``kind`` gives the type (``int``), optionally
    with a ``minimum``; ``None`` is allowed when it is the default. ``examples`` are non-default
    values the conformance suite switches on in turn for options that are not a list of choices.
    """
    meta = {
        "doc": doc,
        "rule": rule,
        "choices": choices,
        "kind": kind,
        "minimum": minimum,
        "examples": examples,
    }
    return field(default=default, metadata=meta)


def _same_type(a: object, b: object) -> bool:
    return type(a) is type(b) or (a is None) or (b is None)


def check_option(game: str, name: str, f: dataclasses.Field[Any], value: object) -> None:
    """Raise `BadRules` unless ``value`` is allowed for option ``f``."""
    meta = f.metadata
    choices = meta.get("choices")
    if choices is not None:
        if not any(value == c and type(value) is type(c) for c in choices):
            shown = ", ".join(_json_text(c) for c in choices)
            raise BadRules(f"{game} option {name}: {_json_text(value)} is not one of {shown}")
        return
    if value is None and f.default is None:
        return
    kind = meta.get("kind")
    if kind is int and (not isinstance(value, int) or isinstance(value, bool)):
        raise BadRules(f"{game} option {name}: expected a whole number, not {_json_text(value)}")
    if kind is int and isinstance(value, int) and abs(value) > MAX_OPTION:
        raise BadRules(f"{game} option {name}: at most {MAX_OPTION} either way")
    minimum = meta.get("minimum")
    if minimum is not None and isinstance(value, int) and value < minimum:
        raise BadRules(f"{game} option {name}: {value} is below the least allowed, {minimum}")


#: The largest size of a whole-number rule option (a target, a cap, points): far above any
#: table's, and small enough that no option can make the work of a hand grow without bound.
MAX_OPTION: Final = 1_000_000


def _json_text(value: object) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int) and abs(value) > MAX_OPTION:
        return f"a number of {len(str(value)) if value.bit_length() < 10000 else 'thousands of'} digits"
    text = (
        f'"{value}"'
        if isinstance(value, str)
        else repr(value)
        if isinstance(value, (int, float))
        else "a list or object"
    )
    return text if len(text) <= 40 else text[:40] + "…"


RulesT = TypeVar("RulesT")


def make_rules(cls: type[RulesT], game: str, options: Mapping[str, object]) -> RulesT:
    """Build a frozen rules dataclass from named options, checking every name and value up front."""
    fields = {f.name: f for f in dataclasses.fields(cls)}  # type: ignore[arg-type]
    for name, value in options.items():
        if name not in fields:
            known = ", ".join(sorted(fields))
            raise BadRules(f"unknown {game} option {name!r} (known: {known})")
        check_option(game, name, fields[name], value)
    return cls(**options)


def rules_json(rules: object) -> dict[str, Any]:
    """The options of a rules dataclass that differ from their defaults, for a record's ``rules``."""
    out: dict[str, Any] = {}
    for f in dataclasses.fields(rules):  # type: ignore[arg-type]
        value = getattr(rules, f.name)
        if value != f.default or type(value) is not type(f.default):
            out[f.name] = value
    return out


def option_variants(cls: type) -> list[tuple[str, Any]]:
    """Every (option, non-default value) pair worth testing: all other choices, or the examples."""
    out: list[tuple[str, Any]] = []
    for f in dataclasses.fields(cls):
        choices = f.metadata.get("choices") or f.metadata.get("examples") or ()
        for value in choices:
            if not (value == f.default and _same_type(value, f.default)):
                out.append((f.name, value))
    return out


def option_table(cls: type) -> list[tuple[str, Any, str, str]]:
    """(name, default, rule, meaning) for each option, for docs and the command line."""
    return [(f.name, f.default, f.metadata.get("rule", ""), f.metadata.get("doc", "")) for f in dataclasses.fields(cls)]

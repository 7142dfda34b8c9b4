"""Seep actions and their record notation (record contract §6).

An action names what it does, not how the groups were written: a capture is the played card, the
house taken (if any) and the set of loose cards taken; a build or a cement is the house value, the
played card and the set of loose cards it puts into the house. Two spellings of the same move
(groups in another order, another split of the same cards, or cards a house takes by itself
written out) compare equal. The groups as written are kept aside (``written``, not part of
equality): they must still be right, and an illegal move is explained group by group.

The canonical text writes each group's cards by value then suit, joined by ``+``; a capture puts
the house first, then the groups; a build or cement puts the played card's group first, the played
card written first in it. Cards a house takes automatically (I2) are never written, except that a
pair house whose only loose group is a single card of its value writes that card.

>>> from cardtable.cards import parse_card
>>> a = parse("capture 9d h9 6s+3c")
>>> format_action(a)
'capture 9D H9 3C+6S'
>>> parse(format_action(a)) == a
True
>>> format_action(parse("BUILD 11 5h+6s"))
'build 11 5H+6S'
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardtable.cards import format_card, parse_card
from cardtable.core import BadNotation
from cardtable.games.seep.floor import VALUE, VALUE_MASK, display_cards, partition, partition_with, show
from cardtable.strict import is_number_text, read_int


@dataclass(frozen=True, slots=True)
class Bid:
    """R8: the bidder names the value of a card among their first four."""

    value: int


@dataclass(frozen=True, slots=True)
class Throw:
    """M1: the card goes to the floor as a loose card."""

    card: int


@dataclass(frozen=True, slots=True)
class Capture:
    """M2: the card takes the house of its value (``house``, 0 for none) and the loose cards ``take``."""

    card: int
    house: int
    take: int
    written: tuple[int, ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Build:
    """M3: a new house of value ``value`` from the played card and the loose cards ``take``.

    Loose cards of value ``value`` join the new house by themselves (I2), so they are not part of
    ``take``; a pair house on such cards alone has an empty ``take`` (and writes one of them).
    """

    value: int
    card: int
    take: int
    written: tuple[int, ...] = field(default=(), compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Break:
    """M4: the card raises the uncemented house of value ``house`` (with loose cards ``take`` when
    the rules let a break use floor cards)."""

    house: int
    card: int
    take: int = 0


@dataclass(frozen=True, slots=True)
class Cement:
    """M5: the card and the loose cards ``take`` join the house of value ``house`` as new sets."""

    house: int
    card: int
    take: int
    written: tuple[int, ...] = field(default=(), compare=False, repr=False)


SeepAction = Bid | Throw | Capture | Build | Break | Cement
ACTION_TYPES = (Bid, Throw, Capture, Build, Break, Cement)


def _groups_text(groups: tuple[int, ...] | list[int]) -> list[str]:
    return [show(g) for g in sorted(groups, key=lambda g: [*map(_key, display_cards(g))])]


def _key(c: int) -> int:
    return (c % 13) * 4 + c // 13


def _with_card_text(card: int, value: int, take: int, written: tuple[int, ...]) -> str:
    split = partition_with(card, take, value)
    if split is None:  # not a valid split (an illegal move as parsed): show it as written
        split = written or (take,)
    first, rest = split[0], split[1:]
    head = format_card(card) + "".join("+" + format_card(c) for c in display_cards(first))
    return " ".join([head, *_groups_text(list(rest))])


def format_action(a: SeepAction) -> str:
    """The canonical record notation of an action (without the seat)."""
    if isinstance(a, Throw):
        return f"throw {format_card(a.card)}"
    if isinstance(a, Capture):
        parts = [f"capture {format_card(a.card)}"]
        if a.house:
            parts.append(f"H{a.house}")
        split = partition(a.take, VALUE[a.card])
        if split is None:
            split = a.written or ((a.take,) if a.take else ())
        parts += _groups_text(list(split))
        return " ".join(parts)
    if isinstance(a, Build):
        if not a.take and a.written[1:]:  # a pair house on loose cards of its value: write one
            return f"build {a.value} {format_card(a.card)} {show(a.written[1])}"
        return f"build {a.value} {_with_card_text(a.card, a.value, a.take, a.written)}"
    if isinstance(a, Cement):
        return f"cement H{a.house} {_with_card_text(a.card, a.house, a.take, a.written)}"
    if isinstance(a, Break):
        extra = "".join("+" + format_card(c) for c in display_cards(a.take))
        return f"break H{a.house} {format_card(a.card)}{extra}"
    return f"bid {a.value}"


def _number(text: str, what: str) -> int:
    return read_int(text, what, 1, 99)


def _house(text: str) -> int:
    if text[:1].upper() != "H":
        raise BadNotation(f"expected a house such as H11, not {text!r}")
    return _number(text[1:], f"house {text!r}")


class _Cards:
    """Reads groups of cards and refuses a card written twice."""

    def __init__(self) -> None:
        self.seen = 0

    def group(self, text: str) -> list[int]:
        out = []
        for item in text.split("+"):
            c = parse_card(item)
            if self.seen >> c & 1:
                raise BadNotation(f"{format_card(c)} is written twice")
            self.seen |= 1 << c
            out.append(c)
        return out


def _mask(cards: list[int]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def parse(text: str) -> SeepAction:
    """Read an action in record notation (case-insensitive, items in any order)."""
    words = text.split()
    if not words:
        raise BadNotation("empty action")
    verb, args = words[0].lower(), words[1:]
    try:
        return _parse(verb, args)
    except BadNotation as e:
        raise BadNotation(f"{text.strip()!r}: {e}") from None


def _parse(verb: str, args: list[str]) -> SeepAction:
    reader = _Cards()
    if verb == "bid":
        if len(args) != 1:
            raise BadNotation("write a bid as 'bid 12'")
        return Bid(_number(args[0], "bid"))
    if verb == "throw":
        if len(args) != 1:
            raise BadNotation("write a throw as 'throw 7C'")
        return Throw(parse_card(args[0]))
    if verb == "capture":
        if not args:
            raise BadNotation("write a capture as 'capture JH 5C+6H' or 'capture 9D H9 3C+6S'")
        card = reader.group(args[0])
        if len(card) != 1:
            raise BadNotation("a capture plays one card")
        houses = [i for i in args[1:] if i[:1].upper() == "H" and is_number_text(i[1:])]
        if len(houses) > 1:
            raise BadNotation("a capture takes at most one house")
        house = _house(houses[0]) if houses else 0
        groups = tuple(_mask(reader.group(i)) for i in args[1:] if i not in houses)
        return Capture(card[0], house, _union(groups), groups)
    if verb in ("build", "cement"):
        if len(args) < 2:
            raise BadNotation(f"write it as '{verb} {'11 5H+6S' if verb == 'build' else 'H12 8S+4S'}'")
        value = _number(args[0], "house value") if verb == "build" else _house(args[0])
        head = reader.group(args[1])
        groups = (_mask(head[1:]), *(_mask(reader.group(i)) for i in args[2:]))
        if verb == "build":
            # Cards of the house's own value join it by themselves (I2): not part of the move.
            own = VALUE_MASK[value] if 1 <= value <= 13 else 0
            return Build(value, head[0], _union(groups) & ~own, groups)
        return Cement(value, head[0], _union(groups), groups)
    if verb == "break":
        if len(args) != 2:
            raise BadNotation("write a break as 'break H9 2S'")
        head = reader.group(args[1])
        return Break(_house(args[0]), head[0], _mask(head[1:]))
    raise BadNotation(f"unknown action {verb!r} (bid, throw, capture, build, break, cement)")


def _union(groups: tuple[int, ...]) -> int:
    m = 0
    for g in groups:
        m |= g
    return m

"""The engine against a slow, plain reading of the rules (card names, lists, no bitmasks), on
many random hands with the called-card options switched on and off."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.cards import format_card
from cardtable.games.sheepshead import Phase, Sheepshead, State
from cardtable.games.sheepshead.state import CallKind
from cardtable.games.sheepshead.tables import TO_KERNEL

TRUMPS = ["QC", "QS", "QH", "QD", "JC", "JS", "JH", "JD", "AD", "10D", "KD", "9D", "8D", "7D"]  # R4, highest first
FAIL_ORDER = ["A", "10", "K", "9", "8", "7"]  # R5


def suit(c: str) -> str:
    """'T' for a trump, else the fail suit letter (R3)."""
    return "T" if c in TRUMPS else c[-1]


def name(i: int) -> str:
    return format_card(TO_KERNEL[i])


def winner(cards: list[str], leader: int, under: str | None, called_suit: str | None, ten_rule: bool) -> int:
    """R25 with R35a (the unknown never wins) and the called_ten_beats_ace rule (``ten_rule``)."""
    real = [(k, c) for k, c in enumerate(cards) if c != under]
    trumps = [(TRUMPS.index(c), k) for k, c in real if suit(c) == "T"]
    if trumps:
        return (leader + min(trumps)[1]) % 5
    led = called_suit if cards[0] == under else suit(cards[0])
    follow = [(FAIL_ORDER.index(c[:-1]), k, c) for k, c in real if suit(c) == led]
    if not follow:
        return leader
    if ten_rule:
        for _r, k, c in follow:
            if c == f"10{called_suit}":
                return (leader + k) % 5
    return (leader + min(follow)[1]) % 5


def reference_legal(game: Sheepshead, s: State) -> set[str]:
    """The legal cards of the seat to play, from the rules text."""
    rules = game.rules
    seat = s.actor
    setup = s.setup
    hand = [name(i) for i in range(32) if s.hands[seat] >> i & 1]
    under = name(setup.under) if setup.under >= 0 else None
    x = {0: "C", 1: "S", 2: "H"}.get(setup.suit)
    trick = [name(i) for i in s.trick]
    tricks_done = len(s.tricks)
    if tricks_done == 5:
        return set(hand)  # R31
    if trick:
        led = x if trick[0] == under else suit(trick[0])
        follow = [c for c in hand if suit(c) == led and c != under]
        legal = set(follow) if follow else set(hand)
    else:
        legal = set(hand)
    if x is None:
        return legal
    # has the called suit been led before this trick? is this trick the first one of it?
    leads = [name(cs[0]) for _l, cs, _w in s.tricks]
    opened_before = any(suit(c) == x or c == under for c in leads)
    if opened_before:
        return legal  # R33
    first_x_now = bool(trick) and (suit(trick[0]) == x or trick[0] == under)
    base = set(legal)
    called = name(setup.called)
    xs = [c for c in hand if suit(c) == x]
    ace = f"A{x}"
    ace_hold = setup.call_kind == CallKind.TEN and rules.ten_call_hold_must_be_ace
    if seat == setup.picker:
        if first_x_now:
            if under in hand:
                legal = {under}
            elif ace_hold and ace in hand:
                legal = {ace}
        elif trick:
            if under is not None:
                legal.discard(under)
            elif ace_hold:
                legal.discard(ace)
            elif len(xs) == 1:
                legal.discard(xs[0])  # R27
        elif ace_hold:
            legal -= {c for c in xs if c != ace}
    if called in hand:
        if first_x_now:
            if rules.partner_must_play_called_on_first_lead:
                legal = {called}  # R28
        elif trick:
            if rules.partner_cannot_discard_called:
                legal.discard(called)  # R29
        elif rules.partner_cannot_underlead_called_suit:
            legal -= {c for c in xs if c != called}  # R30
    return legal or base  # R32


OPTION_SETS: list[dict[str, Any]] = [
    {},
    {"allow_unknown_call": True},
    {"allow_call_own_ace": True},
    {"ten_call_hold_must_be_ace": True, "called_ten_beats_ace": True},
    {
        "partner_must_play_called_on_first_lead": False,
        "partner_cannot_discard_called": False,
        "partner_cannot_underlead_called_suit": False,
        "allow_unknown_call": True,
    },
    {"partner_mode": "jack_of_diamonds"},
]


@pytest.mark.parametrize("options", OPTION_SETS, ids=[str(o) for o in OPTION_SETS])
def test_engine_agrees_with_the_plain_reading(options: dict[str, Any]) -> None:
    game = Sheepshead(**options)
    rng = random.Random(str(options))
    checked = 0
    for _ in range(150):
        s = game.start(rng.randrange(5))
        s = game.apply(s, game.deal(s, rng))
        # prefer picking and calling so the called-card rules are exercised
        while game.actor(s) is not None:
            acts = list(game.legal_actions(s))
            if s.phase == Phase.PLAY:
                got = {game.format(a).split()[1] for a in acts}
                assert got == reference_legal(game, s), (s, got)
                checked += 1
                before = s
                s = game.apply(s, rng.choice(acts))
                if len(before.trick) == 4:
                    setup = before.setup
                    under = name(setup.under) if setup.under >= 0 else None
                    x = {0: "C", 1: "S", 2: "H"}.get(setup.suit)
                    cards = [name(i) for i in (*before.trick, s.tricks[-1][1][-1])]
                    leads = [name(cs[0]) for _l, cs, _w in before.tricks]
                    first = x is not None and not any(suit(c) == x or c == under for c in leads)
                    first = first and (suit(cards[0]) == x or cards[0] == under)
                    ten_rule = first and setup.call_kind == CallKind.TEN and game.rules.called_ten_beats_ace
                    assert s.tricks[-1][2] == winner(cards, before.leader, under, x, ten_rule)
            else:
                picks = [a for a in acts if game.format(a) in ("pick", "alone")]
                calls = [a for a in acts if game.format(a).startswith("call")]
                s = game.apply(s, rng.choice(calls or picks or acts) if rng.random() < 0.9 else rng.choice(acts))
    assert checked > 3000

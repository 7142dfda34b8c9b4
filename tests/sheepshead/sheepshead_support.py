"""Fixed deals and small tools shared by the Sheepshead tests."""

from __future__ import annotations

from typing import Any

from cardtable.cards import format_card, parse_card, parse_cards
from cardtable.core import CHANCE
from cardtable.games.sheepshead import Sheepshead, State

#: D2 ("deal A"), dealer s4.
DECK_A = "9C 8S 7S QC QS JC QD 10D KH AH 10H JS QH JD KD AS 8D 9D JH KC AD 7H 10S 9H 10C 8C 7D 9S KS AC 7C 8H"
#: D1: the pack in order of power, dealer s4.
DECK_D1 = "QC QS QH QD JC JS JH JD AD 10D KD 9D 8D 7D AC 10C KC 9C 8C 7C AS 10S KS 9S 8S 7S AH 10H KH 9H 8H 7H"

#: H-A's six tricks (leader first), after "0 pass", "1 pick", "1 bury AS 10S", "1 call AH".
HA_TRICKS = [
    (0, "KC 8D 8C KS 7C"),
    (1, "QC QD JS JD 9D"),
    (1, "7H 9H AH 8H JH"),
    (0, "8S JC KH 9S QH"),
    (4, "AC 9C QS 10C 10H"),
    (1, "AD 10D 7D KD 7S"),
]
#: X1's six tricks (everyone passes on deal A).
X1_TRICKS = [
    (0, "7S 10S 10C KS AC"),
    (1, "7H 9H 10H 8H KC"),
    (3, "9S 7C 8S JC 8C"),
    (1, "AD 10D 7D KD 9D"),
    (1, "QS QD JS JD JH"),
    (1, "QC KH AH QH 9C"),
]


def trick_actions(tricks: list[tuple[int, str]]) -> list[str]:
    """'<seat> play C' strings for tricks given as (leader, cards from the leader)."""
    out = []
    for leader, cards in tricks:
        for k, c in enumerate(cards.split()):
            out.append(f"{(leader + k) % 5} play {c}")
    return out


def dealt(game: Sheepshead, deck: str, dealer: int = 4) -> State:
    """The state after dealing ``deck`` (top card first)."""
    s = game.start(dealer=dealer)
    assert game.actor(s) == CHANCE
    return game.apply(s, game.deal_from_json({"deck": deck.split()}, dealer))


def run(game: Sheepshead, s: State, actions: list[str]) -> State:
    """Apply '<seat> <action>' strings, checking the seat."""
    for text in actions:
        seat, _, act = text.partition(" ")
        assert game.actor(s) == int(seat), (text, game.actor(s))
        s = game.apply(s, game.parse(act))
    return s


def legal(game: Sheepshead, s: State) -> list[str]:
    """The legal actions as text."""
    return [game.format(a) for a in game.legal_actions(s)]


def legal_cards(game: Sheepshead, s: State) -> set[str]:
    """The legal plays as a set of card names."""
    return {game.format(a).split()[1] for a in game.legal_actions(s)}


def cards(text: str) -> set[str]:
    """A set of canonical card names."""
    return {format_card(c) for c in parse_cards(text)}


def card(text: str) -> int:
    """A kernel card."""
    return parse_card(text)


def record(rules: dict[str, Any], hands: list[dict[str, Any]], match: dict[str, Any] | None = None) -> dict[str, Any]:
    """A record object."""
    obj: dict[str, Any] = {"format": "cardtable-record/1", "game": "sheepshead", "rules": rules, "hands": hands}
    if match is not None:
        obj["match"] = match
    return obj


def mask(text: str) -> int:
    """A Sheepshead-index card set from card text."""
    from cardtable.games.sheepshead.tables import FROM_KERNEL

    m = 0
    for c in parse_cards(text):
        m |= 1 << FROM_KERNEL[c]
    return m


def idx(text: str) -> int:
    """The Sheepshead index of one card."""
    from cardtable.games.sheepshead.tables import FROM_KERNEL

    return FROM_KERNEL[parse_card(text)]


def names(m: int) -> set[str]:
    """Card names of a Sheepshead-index card set."""
    from cardtable.games.sheepshead.tables import TO_KERNEL

    return {format_card(TO_KERNEL[i]) for i in range(32) if m >> i & 1}


def call_setup(
    called: str | None = "AH", picker: int = 0, partner: int = 1, under: str | None = None, kind: str = "ace"
) -> Any:
    """A play-phase `Setup` with a call (or none when ``called`` is None), for unit tests."""
    from cardtable.games.sheepshead.state import CallKind, initial
    from cardtable.games.sheepshead.tables import SUIT_CLASS

    setup = initial(4, (0,) * 5, 0).setup
    if called is None:
        return setup._replace(picker=picker, call_kind=CallKind.ALONE)
    c = idx(called)
    kinds = {"ace": CallKind.ACE, "ten": CallKind.TEN, "unknown": CallKind.UNKNOWN}
    return setup._replace(
        picker=picker,
        call_kind=kinds[kind],
        called=c,
        suit=SUIT_CLASS[c],
        partner=partner,
        under=-1 if under is None else idx(under),
    )


def trick_of(text: str) -> tuple[int, ...]:
    """A trick's cards as Sheepshead indices."""
    return tuple(idx(t) for t in text.split())


#: R35a deal (dealer s4): s0 picks eight trumps and can call no ace.
UNKNOWN_DEAL = {
    "hands": [
        ["QC", "QS", "QH", "QD", "JC", "JS"],
        ["AH", "10H", "KH", "9H", "AD", "10D"],
        ["AC", "10C", "KC", "9C", "8C", "7C"],
        ["AS", "10S", "KS", "9S", "8S", "7S"],
        ["8H", "7H", "KD", "9D", "8D", "7D"],
    ],
    "blind": ["JH", "JD"],
}
#: R19 deal (dealer s4): s0 picks holding all three fail aces.
TEN_DEAL = {
    "hands": [
        ["AC", "AS", "AH", "7H", "QC", "QS"],
        ["10H", "KH", "9H", "8H", "QH", "QD"],
        ["10C", "KC", "9C", "8C", "7C", "JC"],
        ["10S", "KS", "9S", "8S", "7S", "JS"],
        ["JH", "JD", "AD", "10D", "8D", "7D"],
    ],
    "blind": ["KD", "9D"],
}
#: R43 schwanzer deal: s0 and s1 tie at 6; s1 holds QC.
SCHWANZ_DEAL = {
    "hands": [
        ["QS", "JH", "7D", "AC", "10C", "KC"],
        ["QC", "JD", "8D", "9C", "8C", "7C"],
        ["QH", "JC", "AS", "10S", "KS", "9S"],
        ["QD", "JS", "8S", "7S", "AH", "10H"],
        ["AD", "10D", "KD", "9D", "KH", "9H"],
    ],
    "blind": ["8H", "7H"],
}


def dealt_explicit(game: Sheepshead, deal: dict[str, Any], dealer: int = 4) -> State:
    """The state after an explicit deal (record §3 form)."""
    return game.apply(game.start(dealer=dealer), game.deal_from_json(deal, dealer))

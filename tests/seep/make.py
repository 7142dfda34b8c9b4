"""Building Seep positions (record §4) for tests: the cards that matter are given, the rest are
filled in so that every condition of a position holds."""

from __future__ import annotations

from typing import Any

from cardtable.cards import format_card, parse_cards
from cardtable.games.seep import Seep
from cardtable.games.seep.records import played_by
from cardtable.games.seep.state import SeepState

#: Cards handed out to fill hands, least likely first to interfere with an example: no spades or
#: aces (no card points), middling values first.
_FILL_ORDER = sorted(range(52), key=lambda c: (c // 13 == 3 or c % 13 == 0, abs(c % 13 - 6), c))


def fit(mover: int, hand_size: int, late: bool = True) -> tuple[int, int]:
    """(dealer, plays) such that seat ``mover`` is next to play holding ``hand_size`` cards."""
    for plays in range(47, 0, -1) if late else range(1, 48):
        for dealer in range(4):
            if (dealer + plays + 1) % 4 == mover and 12 - played_by(dealer, plays, mover) == hand_size:
                return dealer, plays
    raise ValueError("no such position")


def position(
    *,
    hand: str,
    mover: int = 0,
    loose: str = "",
    houses: list[tuple[int, list[str], list[int]]] | None = None,
    hands: dict[int, str] | None = None,
    dealer: int | None = None,
    plays: int | None = None,
    bid: int = 12,
    sweeps: tuple[int, int] = (0, 0),
    piles: tuple[str, str] | None = None,
    keep: str = "",
) -> dict[str, Any]:
    """A valid position. ``hand`` is the mover's hand; ``houses`` are (value, sets, owners);
    other hands get a card of each house they own, then filler; every card left goes to team 1's
    pile (or as ``piles`` says, the rest still to team 1). ``keep`` lists cards that must go to
    neither a hand nor the floor (they are put in the piles)."""
    houses = houses or []
    if dealer is None or plays is None:
        dealer, plays = fit(mover, len(hand.split()))
    given: dict[int, list[int]] = {mover: list(parse_cards(hand))}
    for seat, text in (hands or {}).items():
        given[seat] = list(parse_cards(text))
    used = set(parse_cards(loose)) | set(parse_cards(keep))
    for cards in given.values():
        used |= set(cards)
    for _, sets, _ in houses:
        for st in sets:
            used |= set(parse_cards(st))
    pile_cards: list[list[int]] = [[], []]
    if piles is not None:
        for t in (0, 1):
            pile_cards[t] = list(parse_cards(piles[t]))
            used |= set(pile_cards[t])
    free = [c for c in _FILL_ORDER if c not in used]
    out_hands: list[list[int]] = []
    for seat in range(4):
        size = 12 - played_by(dealer, plays, seat)
        if seat in given:
            cards = given[seat]
            while len(cards) < size and seat != mover:
                cards.append(free.pop(0))
        else:
            cards = []
            for value, _, owners in houses:
                if seat in owners:
                    c = next(c for c in free if c % 13 + 1 == value)
                    free.remove(c)
                    cards.append(c)
            while len(cards) < size:
                cards.append(free.pop(0))
        assert len(cards) == size, f"seat {seat} needs {size} cards"
        out_hands.append(cards)
    pile_cards[1] += free + [c for c in parse_cards(keep) if c not in pile_cards[0] + pile_cards[1]]
    last = 1 if pile_cards[1] else (0 if pile_cards[0] else None)
    return {
        "dealer": dealer,
        "bid": bid,
        "plays": plays,
        "hands": [[format_card(c) for c in h] for h in out_hands],
        "floor": {
            "loose": loose.split(),
            "houses": [
                {"value": v, "sets": [st.split() for st in sets], "owners": owners} for v, sets, owners in houses
            ],
        },
        "piles": [[format_card(c) for c in p] for p in pile_cards],
        "sweeps": list(sweeps),
        "last_capture": last,
    }


def start(pos: dict[str, Any], **rules: Any) -> tuple[Seep, SeepState]:
    """The game with these rules and the state of this position."""
    game = Seep(**rules)
    return game, game.position_start(pos, None)


def legal_texts(game: Seep, state: SeepState) -> list[str]:
    """The legal actions in canonical text."""
    return [game.format(a) for a in game.legal_actions(state)]


def act(game: Seep, state: SeepState, text: str) -> SeepState:
    """Apply an action given as text."""
    return game.apply(state, game.parse(text))


def floor_text(state: SeepState) -> tuple[list[str], list[str]]:
    """(loose cards, houses as text) for comparing with the rules page's examples."""
    from cardtable.games.seep.floor import display_cards

    return [format_card(c) for c in display_cards(state.loose)], [str(h) for h in state.houses]


def record(pos: dict[str, Any], actions: list[str], rules: dict[str, Any] | None = None) -> dict[str, Any]:
    """A record starting from a position."""
    out: dict[str, Any] = {"format": "cardtable-record/1", "game": "seep"}
    if rules:
        out["rules"] = rules
    out["hands"] = [{"position": pos, "actions": actions}]
    return out

"""Shared fixtures for the Smear tests: the worked deals of the rules page and small drivers."""

from __future__ import annotations

import random
from typing import Any

from cardtable.cards import parse_card
from cardtable.games.smear import Smear, State
from cardtable.registry import get_game

#: V22's deal (dealer seat 3), seats 0-3 then the dead stock, top first.
V22_DEAL: dict[str, Any] = {
    "hands": [
        ["AS", "JS", "9S", "KH", "10D", "8C"],
        ["KS", "7S", "AH", "QD", "9D", "10C"],
        ["10S", "8S", "QH", "9H", "AD", "KC"],
        ["QS", "10H", "8H", "JD", "AC", "7C"],
    ],
    "stock": ["JH", "7H", "KD", "8D", "7D", "QC", "JC", "9C"],
}
V22_ACTIONS = [
    "0 bid 3", "1 pass", "2 pass", "3 pass",
    "0 play AS", "1 play 7S", "2 play 8S", "3 play QS",
    "0 play JS", "1 play KS", "2 play 10S", "3 play 8H",
    "1 play AH", "2 play 9H", "3 play 10H", "0 play 9S",
    "0 play KH", "1 play 9D", "2 play QH", "3 play 7C",
    "0 play 10D", "1 play QD", "2 play AD", "3 play JD",
    "2 play KC", "3 play AC", "0 play 8C", "1 play 10C",
]  # fmt: skip

#: V25's deal (dealer seat 3): trump diamonds, the ace of trump dead, Game tied 38-38.
V25_DEAL: dict[str, Any] = {
    "hands": [
        ["7D", "QC", "QH", "KS", "9D", "8D"],
        ["QD", "JC", "10D", "JS", "8C", "9C"],
        ["JD", "10C", "JH", "AS", "AH", "10S"],
        ["KD", "KC", "KH", "QS", "10H", "AC"],
    ],
    "stock": ["AD", "7S", "8S", "9S", "7H", "8H", "9H", "7C"],
}
V25_ACTIONS = [
    "0 pass", "1 pass", "2 bid 2", "3 pass",
    "2 play JD", "3 play KD", "0 play 7D", "1 play QD",
    "3 play KC", "0 play QC", "1 play JC", "2 play 10C",
    "3 play KH", "0 play QH", "1 play 10D", "2 play JH",
    "1 play JS", "2 play AS", "3 play QS", "0 play KS",
    "2 play AH", "3 play 10H", "0 play 9D", "1 play 8C",
    "0 play 8D", "1 play 9C", "2 play 10S", "3 play AC",
]  # fmt: skip


def mask(text: str) -> int:
    """A card set from space-separated cards."""
    m = 0
    for t in text.split():
        m |= 1 << parse_card(t)
    return m


def dealt(game: Smear, deal: dict[str, Any], dealer: int, match: dict[str, Any] | None = None) -> State:
    """The state right after dealing ``deal`` (record form) with ``dealer``."""
    start = game.start(dealer, match)
    return game.apply(start, game.deal_from_json(deal, dealer))


def run(game: Smear, state: State, actions: list[str]) -> State:
    """Apply record-style actions ("<seat> <action>"), checking the seat to act each time."""
    for text in actions:
        seat, _, action = text.partition(" ")
        assert game.actor(state) == int(seat), f"{text}: seat {game.actor(state)} is to act"
        state = game.apply(state, game.parse(action))
    return state


def legal_texts(game: Smear, state: State) -> list[str]:
    """The legal actions as canonical text."""
    return [game.format(a) for a in game.legal_actions(state)]


def smear(**options: Any) -> Smear:
    """A Smear game with these options."""
    game = get_game("smear", **options)
    assert isinstance(game, Smear)
    return game


def random_hand(game: Smear, rng: random.Random, dealer: int = 0, match: dict[str, Any] | None = None) -> State:
    """Deal and play one hand with uniformly random legal actions; returns the final state."""
    state = game.start(dealer, match)
    state = game.apply(state, game.deal(state, rng))
    while game.actor(state) is not None:
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    return state

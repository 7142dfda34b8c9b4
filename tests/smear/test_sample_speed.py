"""The sampler's and the bidder's sped-up helpers against their former, plainer selves: the same
worlds from the same random stream, the same estimates to the last bit, over many inputs."""

from __future__ import annotations

import random

from cardtable.games.smear.bots import suit_strength
from cardtable.games.smear.sample import _deal_hidden
from cardtable.games.smear.tables import DECK, POWER, SUIT, TRUMP_ACE, TRUMP_JACK, TRUMP_SEVEN


def _former_suit_strength(hand: int, suit: int, low_to_player: bool) -> float:
    cards = [c for c in range(52) if hand >> c & 1]
    trumps = hand & SUIT[suit]
    length = trumps.bit_count()
    if not length:
        return 0.0
    points = 0.0
    if trumps >> TRUMP_ACE[suit] & 1:
        points += 1.0
    if trumps >> TRUMP_SEVEN[suit] & 1:
        points += 0.9 if low_to_player else 0.4
    if trumps >> TRUMP_JACK[suit] & 1:
        guards = sum(1 for c in cards if trumps >> c & 1 and POWER[c] > POWER[TRUMP_JACK[suit]])
        points += 0.45 + 0.2 * min(guards, 2)
    tens = sum(1 for c in cards if c % 13 == 9)
    points += 0.15 * max(0, length - 2) + 0.1 * tens + (0.3 if length >= 4 else 0.0)
    return points


def _former_deal_hidden(
    places: list[tuple[str, int, int]], voids: list[int], hidden: list[int], rng: random.Random
) -> dict[str, int] | None:
    pool = hidden[:]
    rng.shuffle(pool)
    forbidden = {}
    for name, _, suits in places:
        block = suits
        if name.startswith("hand "):
            block |= voids[int(name[5:])]
        forbidden[name] = block
    order = sorted(places, key=lambda p: sum(1 for c in pool if not forbidden[p[0]] >> c & 1) - p[1])
    out = {}
    for name, size, _ in order:
        block = forbidden[name]
        chosen = [c for c in pool if not block >> c & 1][:size]
        if len(chosen) < size:
            return None
        m = 0
        for c in chosen:
            m |= 1 << c
            pool.remove(c)
        out[name] = m
    return out


def test_suit_strength_is_unchanged() -> None:
    rng = random.Random(41)
    for _ in range(3000):
        hand = sum(1 << c for c in rng.sample(DECK, rng.randint(1, 9)))
        for suit in range(4):
            for low in (True, False):
                assert suit_strength(hand, suit, low) == _former_suit_strength(hand, suit, low)


def test_deal_hidden_is_unchanged() -> None:
    rng = random.Random(42)
    for k in range(3000):
        hidden = rng.sample(DECK, 18)
        sizes = [rng.randint(1, 6) for _ in range(3)]
        places = [(f"hand {s}", sizes[i], 0) for i, s in enumerate((1, 2, 3))]
        places.append(("dead", 18 - sum(sizes), SUIT[k % 4] if k % 3 else 0))
        voids = [0] + [SUIT[rng.randrange(4)] if rng.random() < 0.4 else 0 for _ in range(3)]
        assert _deal_hidden(places, voids, hidden, random.Random(k)) == _former_deal_hidden(
            places, voids, hidden, random.Random(k)
        )

"""Hostile inputs shared by the hardening tests and `bench/web_attacks.py`: a long record to
upload, bodies nested deep, numbers past 64 bits."""

from __future__ import annotations

import functools
import json
import random

from cardtable.record import HandLog
from cardtable.registry import get_game


@functools.lru_cache(maxsize=4)
def long_record(target_bytes: int = 3_800_000, seed: int = 7) -> bytes:
    """A Sheepshead match of random play, hand after hand until its JSON is ``target_bytes`` long:
    a legal record that takes seconds to replay step by step."""
    game = get_game("sheepshead")
    rng = random.Random(seed)
    log = HandLog(game, dealer=4)
    size, hands = 0, 0
    while True:
        state = log.deal(rng)
        while game.actor(state) is not None:
            state = log.act(rng.choice(game.legal_actions(state)))
        hands += 1
        if hands % 100 == 0:
            size = len(json.dumps(log.record()))
            if size >= target_bytes:
                return json.dumps(log.record()).encode()
        log.next_hand()


def deep_json(depth: int = 5000) -> bytes:
    """An object nested ``depth`` deep: a JSON reader without a bound on depth recurses past its limit."""
    return ('{"a":' * depth + "1" + "}" * depth).encode()

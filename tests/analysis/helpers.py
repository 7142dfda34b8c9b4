"""Records for the analysis tests: hands played by bots from fixed seeds."""

from __future__ import annotations

import random
from typing import Any

from cardtable import registry
from cardtable.bots import rule_bot
from cardtable.record import HandLog


def played_record(game_name: str, seed: int, hands: int = 1, classic: bool = False) -> dict[str, Any]:
    """A record of ``hands`` hands of the rule-based bot (with ``classic``, its earlier version) at
    every seat, dealt from ``seed``; a match whose hands were not all played (a Seep misdeal) is
    dealt again."""
    game = registry.get_game(game_name)
    bot = rule_bot(game, classic=classic)
    rng = random.Random(seed)
    while True:
        log = HandLog(game)
        for h in range(hands):
            if h:
                log.next_hand()
            state = log.deal(rng)
            while (seat := game.actor(state)) is not None:
                legal = game.legal_actions(state)
                state = log.act(legal[0] if len(legal) == 1 else bot.act(game.observe(state, seat), legal, rng))
        record = log.record()
        if all(len(hand["actions"]) > 8 for hand in record["hands"]):
            return record

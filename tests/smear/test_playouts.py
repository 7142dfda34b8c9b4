"""Seeded random matches with each option value switched on in turn (and every preset): every
state keeps its cards in one place each, views never show a hidden card, illegal actions are
refused without touching the state, and the match written as a record replays exactly."""

from __future__ import annotations

import contextlib
import json
import random
from typing import Any

import pytest

from cardtable.cards import parse_card
from cardtable.core import BadNotation, IllegalAction, option_variants
from cardtable.games.smear import PRESETS, Action, Bid, Discard, Pass, Phase, Play, Smear, SmearRules, State
from cardtable.games.smear.tables import DECK_MASK
from cardtable.record import HandLog, replay_record

from .helpers import smear

CONFIGS: list[dict[str, Any]] = [dict(p) for p in PRESETS.values()]
CONFIGS += [{name: value} for name, value in option_variants(SmearRules)]

#: Actions of every phase, offered where they do not belong.
STRAYS: list[Action] = [
    Pass(),
    Bid(1),
    Bid(3),
    Bid(5),
    Play(parse_card("AS")),
    Play(parse_card("7C")),
    Discard((0, 13, 26)),
]


def _named_cards(obj: object) -> set[int]:
    out: set[int] = set()
    if isinstance(obj, str):
        for token in obj.split():
            with contextlib.suppress(BadNotation):
                out.add(parse_card(token))
    elif isinstance(obj, dict):
        for value in obj.values():
            out |= _named_cards(value)
    elif isinstance(obj, list):
        for value in obj:
            out |= _named_cards(value)
    return out


def _check(game: Smear, state: State) -> None:
    union = 0
    for cards in game.card_places(state).values():
        assert union & cards == 0
        union |= cards
    assert union == DECK_MASK
    for seat in range(4):
        hidden = game.unseen(state, seat)
        assert not any(hidden >> c & 1 for c in _named_cards(game.observe(state, seat).to_json()))
        assert hidden & state.hands[seat] == 0


@pytest.mark.parametrize("options", CONFIGS, ids=[json.dumps(c, sort_keys=True) for c in CONFIGS])
def test_random_matches(options: dict[str, Any]) -> None:
    game = smear(**options)
    rng = random.Random(json.dumps(options, sort_keys=True))
    for _ in range(6):
        log = HandLog(game, dealer=rng.randrange(4), match={"scores": [rng.randrange(12), rng.randrange(12)]})
        results = []
        for _ in range(5):
            state = log.deal(rng)
            while game.actor(state) is not None:
                _check(game, state)
                legal = game.legal_actions(state)
                assert legal and len(set(legal)) == len(legal)
                if state.phase is Phase.PLAY:  # every card of the deck: legal exactly when listed
                    for card in range(52):
                        if DECK_MASK >> card & 1 and Play(card) not in legal:
                            with pytest.raises(IllegalAction):
                                game.apply(state, Play(card))
                for stray in STRAYS:
                    if stray not in legal:
                        with pytest.raises(IllegalAction):
                            game.apply(state, stray)
                state = log.act(rng.choice(legal))
            _check(game, state)
            result = game.outcome(state)
            assert result is not None
            results.append(result)
            assert game.legal_actions(state) == ()
            if log.next_hand() is None:
                assert game.winner(state) is not None
                break
        status, report = replay_record(log.record())
        assert status == 0, report
        assert [h["score"] for h in report["hands"]] == [list(r.score) for r in results]
        assert report["match"] == game.match_json(log.state)

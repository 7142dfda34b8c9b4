"""Hidden information: the analysis of a decision changes not at all when the cards its seat
could not see lie elsewhere among the other seats (and the blind, the stock, the floor's face-down
cards). Each world is drawn by the game's sampler from the seat's own view, so it agrees with
everything the seat saw; the decision is analysed in the true state and in the world, by fresh
searches with the same random numbers, and the two analyses must be equal to the last digit."""

from __future__ import annotations

import random

import pytest

from cardtable import registry
from cardtable.analysis.review import analyze_position, decision_rng, search_bot
from cardtable.record import Record, replay
from tests.analysis.helpers import played_record

GAMES = ("seep", "sheepshead", "smear")
#: Decisions checked per game: every third decision with a choice of two records.
EVERY = 3


@pytest.mark.parametrize("name", GAMES)
def test_a_decision_is_analysed_alike_however_the_hidden_cards_lie(name: str) -> None:
    game = registry.get_game(name)
    rng = random.Random(34)
    checked = moved = 0
    for seed in (1, 2):
        record = played_record(name, seed)
        actions = record["hands"][0]["actions"]
        before = None
        choices = 0
        for step in replay(Record.from_json(record), game):
            if step.action is not None:
                seat = game.actor(before)
                legal = game.legal_actions(before)
                if len(legal) > 1:
                    choices += 1
                if len(legal) > 1 and choices % EVERY == 1:
                    view = game.observe(before, seat)
                    world = game.sample(view, rng)
                    assert game.observe(world, seat) == view
                    moved += world != before
                    made = game.parse(actions[step.action].split(" ", 1)[1])
                    mine = analyze_position(game, before, made, search_bot(game, "easy", None), decision_rng(0, 0, 1))
                    theirs = analyze_position(game, world, made, search_bot(game, "easy", None), decision_rng(0, 0, 1))
                    assert mine == theirs
                    checked += 1
            before = step.state
    assert checked >= 4 and moved >= checked // 2  # the hidden cards did lie elsewhere

"""Hidden information: the analysis of a decision changes not at all when the cards its seat
could not see lie elsewhere among the other seats (and the blind, the stock, the floor's face-down
cards). Each world is drawn by the game's sampler from the seat's own view, so it agrees with
everything the seat saw; the decision is analysed in the true state and in the world, by fresh
searches with the same random numbers, and the two analyses must be equal to the last digit."""

from __future__ import annotations

import random

import pytest

from cardtable import registry
from cardtable.analysis import analyze_record
from cardtable.analysis.review import analyze_position, decision_rng, search_bot
from cardtable.record import Record, replay
from cardtable.secrecy import hidden_from, named_cards
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


@pytest.mark.parametrize("name", GAMES)
def test_a_decision_s_analysis_names_no_card_its_seat_could_not_see(name: str) -> None:
    """The moves, values and sentences of each decision name only cards the deciding seat could
    see when it decided (the open-card value, given once the hand is over, is another matter)."""
    game = registry.get_game(name)
    record = played_record(name, 6)
    out = analyze_record(record, level="easy", open_card=False)
    before: dict[int, object] = {}
    previous: object = None
    for step in replay(Record.from_json(record), game):
        if step.action is not None:
            before[step.action] = previous
        previous = step.state
    decisions = [d for hand in out["hands"] for d in hand["decisions"]]
    assert len(decisions) == len(before) > 0
    for d in decisions:
        hidden = hidden_from(game, before[d["index"]], d["seat"])
        named = named_cards(d)
        assert not any(hidden >> c & 1 for c in named), d

"""The review's "why" in each game's terms: what the better move wins, keeps or denies (the
trick, the point, the sweep, the house, the hand), read from the analysis's own playouts of the
two moves over worlds sampled from the seat's view, never from a card the seat could not see.

Over many random positions of each game, two legal moves are played out by the search on the
same worlds (`SearchBot.hints` with ``ends``); the better of the two by those playouts is the
"best", and its why must name a concrete consequence with its numbers, and no card hidden from
the seat (the moves' own cards are the seat's options: a Sheepshead call names an ace it does not
hold). The numbers are the playouts' own (a why built from playouts set by hand says exactly
them), and a whole record's review says a consequence for every decision graded below good.
"""

from __future__ import annotations

import contextlib
import random
import re
from typing import Any

import pytest

from cardtable import registry
from cardtable.analysis import analyze_record, parts
from cardtable.analysis.review import search_bot
from cardtable.cards import parse_card
from cardtable.core import BadNotation
from cardtable.secrecy import hidden_from, named_cards
from tests.analysis.helpers import played_record
from tests.random_play import random_states

#: A consequence as each game's why says it, with its number.
CONSEQUENCE = {
    "smear": r"(your side takes|they take) (High|Low|the Jack|Game) \d+% of the time|(your side is|they are) set \d+%"
    r"|your side takes \d+(\.\d+)? of the \d tricks left",
    "sheepshead": r"(your side wins|you win) the hand \d+%|schneider(ed|s the others) \d+%"
    r"|takes \d+(\.\d+)? card points|you take \d+(\.\d+)? of the \d tricks left",
    "seep": r"sweeps \d+% of the time|the house of \d+ ends in your side's pile \d+%"
    r"|scores \d+(\.\d+)? points in the hand",
}
#: Positions looked at in each game (Seep's playouts are the longest).
POSITIONS = {"smear": 50, "sheepshead": 50, "seep": 20}


def two_moves_played_out(game: Any, state: Any, rng: random.Random) -> tuple[str, str, float, parts.Playouts]:
    """Two legal moves of the seat to act, played out on the same worlds by the easy search:
    (the move made, the better one, the loss, what each led to)."""
    seat = game.actor(state)
    view = game.observe(state, seat)
    seen = view.to_json()
    reader = parts.fact_reader(game)
    assert reader is not None
    a, b = rng.sample(list(game.legal_actions(state)), 2)
    ends: tuple[list[Any], list[Any]] = ([], [])
    ha, hb = search_bot(game, "easy", None).hints(
        view, [a, b], rng, lambda i, end: ends[i].append(reader(seen, end, seat))
    )
    if ha.value >= hb.value:
        return game.format(b), game.format(a), ha.value - hb.value, parts.Playouts(tuple(ends[0]), tuple(ends[1]))
    return game.format(a), game.format(b), hb.value - ha.value, parts.Playouts(tuple(ends[1]), tuple(ends[0]))


@pytest.mark.parametrize("name", sorted(CONSEQUENCE))
def test_why_names_a_consequence_and_no_hidden_card(name: str) -> None:
    game = registry.get_game(name)
    rng = random.Random(f"why {name}")
    states = [s for s in random_states(game, 60, 5) if (a := game.actor(s)) is not None and a >= 0]
    states = [s for s in states if len(game.legal_actions(s)) > 1]
    rng.shuffle(states)
    said = 0
    for state in states[: POSITIONS[name]]:
        seat = game.actor(state)
        made, best, loss, played = two_moves_played_out(game, state, rng)
        assert played.worlds >= 2
        text = parts.why(game, game.observe(state, seat).to_json(), made, best, loss, played)
        options = set()  # the moves' own cards: the seat's options (a called ace it does not hold)
        for token in f"{made} {best}".replace("+", " ").split():
            with contextlib.suppress(BadNotation):
                options.add(parse_card(token))
        hidden = hidden_from(game, state, seat)
        assert not [c for c in named_cards(text) - options if hidden >> c & 1], text
        if loss > 0:
            assert re.search(CONSEQUENCE[name], text), text
            said += 1
    assert said >= POSITIONS[name] // 2, "most pairs of moves differ, and each difference is told"


def playouts(best: list[dict[str, float]], made: list[dict[str, float]]) -> parts.Playouts:
    return parts.Playouts(tuple(best), tuple(made))


def test_the_numbers_are_the_playouts_own() -> None:
    smear_view: dict[str, Any] = {"seat": 0, "trump": "H", "trick": [], "tricks": [{}, {}]}
    # Game to the seat's side in 7 of 10 worlds after the better move, 3 of 10 after the one made
    best = [{"game": float(i < 7), "game_them": float(i >= 7), "game_worth": 1.0 if i < 7 else -1.0} for i in range(10)]
    made = [{"game": float(i < 3), "game_them": float(i >= 3), "game_worth": 1.0 if i < 3 else -1.0} for i in range(10)]
    text = parts.why(registry.get_game("smear"), smear_view, "play JS", "play 10C", 0.5, playouts(best, made))
    assert "after the 10♣ your side takes Game 70% of the time, after the J♠ 30%" in text, text

    seep_view: dict[str, Any] = {"seat": 1, "floor": {"loose": ["5C"], "houses": []}, "sweeps": [0, 0]}
    best = [{"swept_them": float(i < 1), "sweep_value": 50.0, "points": 60.0, "points_them": 40.0} for i in range(10)]
    made = [{"swept_them": float(i < 4), "sweep_value": 50.0, "points": 50.0, "points_them": 50.0} for i in range(10)]
    text = parts.why(registry.get_game("seep"), seep_view, "throw 5H", "capture 5D 5C", 20.0, playouts(best, made))
    assert "the other side sweeps 10% of the time, after throwing the 5♥ 40%" in text, text

    pick_view: dict[str, Any] = {"seat": 2, "trick": {"cards": []}, "tricks": []}
    best = [{"won": float(i < 6), "points": 70.0} for i in range(5)]
    made = [{"won": float(i < 2), "points": 50.0} for i in range(5)]
    text = parts.why(registry.get_game("sheepshead"), pick_view, "pass", "pick", 1.0, playouts(best, made))
    assert "after picking up the blind your side wins the hand 100% of the time, after passing 40%" in text, text


@pytest.mark.parametrize("name", sorted(CONSEQUENCE))
def test_a_review_says_a_consequence_for_every_decision_below_good(name: str) -> None:
    record = played_record(name, 4)
    out = analyze_record(record, level="easy", open_card=False)
    below = [d for h in out["hands"] for d in h["decisions"] if d["grade"] in ("inaccuracy", "mistake", "blunder")]
    for d in below:
        assert re.search(CONSEQUENCE[name], d["why"]), d
    assert below, "the rule-based bot's hand holds a decision the search grades below good"

"""The game told in words: snapshots of whole narrated matches for fixed deals of each game
(``tests/narration/*.txt``, read them to review the words), and hidden cards never named to a
seat or a spectator that may not see them, over many random games."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from cardtable import registry
from cardtable.bots import make_bot
from cardtable.cards import parse_card
from cardtable.narrate import narrate_hand_end, narrate_record, narrate_step
from cardtable.record import read_records
from tests.narration.make import CASES, told

HERE = Path(__file__).parent / "narration"


@pytest.mark.parametrize("case", sorted(CASES))
def test_narration_snapshot(case: str) -> None:
    record = read_records(HERE / f"{case}.json")[0]
    expected = (HERE / f"{case}.txt").read_text(encoding="utf-8")
    assert told(record, CASES[case][4]) == expected, (
        f"the narration of {case} changed: run PYTHONPATH=src python -m tests.narration.make and read the diff"
    )


def test_negative_numbers_carry_a_true_minus_sign() -> None:
    """Every number people read has one minus sign, U+2212, as the pages write it (never "-4")."""
    for case in CASES:
        text = _text(case)
        assert not re.search(r"(?<![\w-])-\d", text), case
    assert "\u22121" in _text("sheepshead") and "\u2212" in _text("smear")


def _text(case: str) -> str:
    return (HERE / f"{case}.txt").read_text(encoding="utf-8")


def test_the_snapshots_say_what_players_need() -> None:
    smear = _text("smear")
    assert "Seat 3 bids 2." in smear or "bids" in smear  # the auction as it goes
    assert re.search(r"takes trick \d with \S+: \d+ toward Game", smear)
    assert "Low is dead (7" in smear  # a dead Low said as such
    assert re.search(r"bid \d and took \d: set, \u2212\d\.", smear)
    assert re.search(r"bid \d and made it: \+\d\.", smear)
    seep = _text("seep")
    assert "Sweep! 50 to your team." in seep and "Sweep! 50 to seats" in seep
    for word in ("builds a house of", "cement the house of", "breaks the house of", "captures the cemented house"):
        assert word in seep
    assert "wins a baazi" in seep and "deals next." in seep
    misdeal = _text("seep_misdeal")
    assert misdeal.count("Misdeal:") == 2  # once told to the seat, once to the spectator
    sheepshead = _text("sheepshead")
    assert re.search(r"Seat \d calls the A.\.", sheepshead)
    assert "buries two cards face down" in sheepshead and "You bury " in sheepshead
    assert "schneider" in sheepshead and "Payments: " in sheepshead
    leaster = _text("sheepshead_leaster")
    assert "Nobody picks: a leaster" in leaster and "wins: the fewest points" in leaster
    for text in (smear, seep, misdeal, sheepshead):
        assert "null" not in text and "[" not in text and "team 0" not in text and "Hand 0" not in text
        spectator = text.split("=== told to a spectator")[1]
        assert not re.search(r"\b(you|your|You|Your)\b", spectator)


CARD = re.compile(r"(10|[2-9AKQJ])([♣♦♥♠])")
SUITS = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
#: Sentences that name a card without saying where it lies: the called card (its holder stays
#: secret), the jack of diamonds as partner, a point card that nobody played.
NAMES_ONLY = ("call", "J♦ is the picker's partner", "was not played")


def _named(line: str) -> set[int]:
    if any(word in line for word in NAMES_ONLY):
        return set()
    return {parse_card(rank + SUITS[suit]) for rank, suit in CARD.findall(line)}


def _cards(mask: int) -> set[int]:
    return {c for c in range(64) if mask >> c & 1}


@pytest.mark.parametrize("game_name", registry.names())
def test_narration_never_names_a_hidden_card(game_name: str) -> None:
    rng = random.Random(15)
    for n in range(60):
        variants: dict[str, dict[str, object]] = {
            "smear": {"kitty_size": 3},
            "sheepshead": {"allow_unknown_call": True, "cracking": True, "blitzing": True},
        }
        game = registry.get_game(game_name, **(variants.get(game_name, {}) if n % 2 else {}))
        bots = {s: make_bot(game, "random") for s in range(game.seats)}
        state = game.start(dealer=n % game.seats)
        state = game.apply(state, game.deal(state, rng))
        while (seat := game.actor(state)) is not None:
            action = bots[seat].act(game.observe(state, seat), game.legal_actions(state), rng)
            after = game.apply(state, action)
            hidden_from_all = set()
            for listener in range(game.seats):
                hidden = _cards(game.unseen(after, listener))
                hidden_from_all |= hidden
                lines = narrate_step(game, state, action, after, listener)
                if game.outcome(after) is not None:
                    lines += narrate_hand_end(game, after, listener)
                for line in lines:
                    assert not _named(line) & hidden, f"seat {listener} was told a hidden card: {line}"
            for line in narrate_step(game, state, action, after, None):
                assert not _named(line) & hidden_from_all, f"a spectator was told a hidden card: {line}"
            state = after


def test_a_record_told_from_the_start() -> None:
    record = read_records(HERE / "smear.json")[0]
    lines = narrate_record(record, 2)
    assert lines[0].startswith("Hand 1: ")
    assert any(line.startswith("Hand 2: ") for line in lines)


def test_players_names_are_said_where_given_and_seat_numbers_elsewhere() -> None:
    game = registry.get_game("sheepshead")
    rng = random.Random(3)
    state = game.apply(game.start(0), game.deal(game.start(0), rng))
    names = ["Ann", "Ben", None, "Dee", "Eve"]
    seat = game.actor(state)
    action = game.legal_actions(state)[0]
    after = game.apply(state, action)
    plain = narrate_step(game, state, action, after, None)
    named = narrate_step(game, state, action, after, None, names)
    assert plain[0].startswith(f"Seat {seat} ")
    assert named == [line.replace(f"Seat {seat}", names[seat] or f"Seat {seat}") for line in plain]
    mine = narrate_step(game, state, action, after, seat, names)
    assert mine[0].startswith("You ")


@pytest.mark.parametrize("case", ["seep", "seep_misdeal", "smear", "sheepshead"])
def test_a_hand_that_ends_the_match_names_nobody_to_deal_next(case: str) -> None:
    """A table whose match ends sooner than the game's own rule (a Seep match of one baazi at the
    web table) says so: the hand's end is told the same, without who deals next."""
    from cardtable.record import load_game, replay

    record = read_records(HERE / f"{case}.json")[0]
    game = load_game(record)
    ends = [step.state for step in replay(record, game) if game.outcome(step.state) is not None]
    assert ends
    for state in ends:
        told = narrate_hand_end(game, state, 0)
        assert told and re.search(r" deals? (next|again)\.$", told[-1])
        assert narrate_hand_end(game, state, 0, match_over=True) == told[:-1]


@pytest.mark.parametrize("case", ["seep", "smear"])
def test_a_spectator_hears_the_sides_by_their_players_names(case: str) -> None:
    """The end of a partnership hand told to a spectator names each side by its players where the
    table gives names (a seat without one by its number), and by seat numbers where it gives none;
    a seated player still hears "your team" and "them"."""
    from cardtable.record import load_game, replay

    record = read_records(HERE / f"{case}.json")[0]
    game = load_game(record)
    end = next(step.state for step in replay(record, game) if game.outcome(step.state) is not None)
    plain = narrate_hand_end(game, end, None)
    assert any("eats 0 and 2" in line for line in plain)
    named = narrate_hand_end(game, end, None, ["Ann", "Ben", "Cy", None])
    sides = {"0 and 2": "Ann and Cy", "1 and 3": "Ben and Seat 3"}
    seats = {"0": "Ann", "1": "Ben", "2": "Cy", "3": "Seat 3"}
    paired = [re.sub(r"\b[Ss]eats (0 and 2|1 and 3)\b", lambda m: sides[m[1]], line) for line in plain]
    expected = [re.sub(r"\bSeat ([0-3])\b", lambda m: seats[m[1]], line) for line in paired]
    assert named == expected and named != plain
    seated = narrate_hand_end(game, end, 1, ["Ann", "Ben", "Cy", None])
    assert not any("Ann and Cy" in line or "Seat 3" in line for line in seated)
    assert any(word in line for line in seated for word in ("your team", "Your team", "them", "They"))

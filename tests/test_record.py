"""Records and the `cardtable replay` / `cardtable legal` contract (record contract §2, §3, §7)."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardtable import registry
from cardtable.core import CHANCE
from cardtable.record import HandLog, Record, read_records, replay, replay_record, write_records


def _played(game_name: str, seed: int, hands: int = 2, stop_early: int | None = None) -> dict[str, Any]:
    """A record of ``hands`` random hands; with ``stop_early`` the last hand stops after that many actions."""
    game = registry.get_game(game_name)
    rng = random.Random(seed)
    log = HandLog(game, dealer=seed % game.seats, players=[f"P{i}" for i in range(game.seats)])
    for n in range(hands):
        state = log.deal(rng)
        count = 0
        while game.actor(state) is not None:
            if stop_early is not None and n == hands - 1 and count == stop_early:
                break
            state = log.act(rng.choice(list(game.legal_actions(state))))
            count += 1
        if n + 1 < hands and log.next_hand() is None:
            break
    return log.record()


def _cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "cardtable.cli", *args], capture_output=True, text=True, timeout=120)


@pytest.mark.parametrize("game", registry.names())
def test_a_played_match_replays_through_the_command(game: str, tmp_path: Path) -> None:
    rec = _played(game, 3)
    path = tmp_path / "match.json"
    path.write_text(json.dumps(rec))
    out = _cli("replay", "--json", str(path))
    assert out.returncode == 0, out.stderr
    status, expected = replay_record(rec)
    assert status == 0
    assert json.loads(out.stdout) == json.loads(json.dumps(expected))
    assert expected["to_act"] is None and expected["legal"] == [] and expected["position"] is None
    text = _cli("replay", str(path))
    assert text.returncode == 0 and "hand 0" in text.stdout


@pytest.mark.parametrize("game", registry.names())
def test_an_unfinished_hand_reports_the_seat_to_act_and_legal_actions(game: str, tmp_path: Path) -> None:
    rec = _played(game, 4, hands=1, stop_early=3)
    status, rep = replay_record(rec)
    assert status == 0
    assert rep["hands"][-1]["result"] == "unfinished" and "score" not in rep["hands"][-1]
    assert rep["next_dealer"] is None
    g = registry.get_game(game)
    *_, last = replay(Record.from_json(rec), g)
    assert rep["to_act"] == g.actor(last.state)
    assert rep["legal"] == [g.format(a) for a in g.legal_actions(last.state)]
    path = tmp_path / "open.json"
    path.write_text(json.dumps(rec))
    out = _cli("legal", "--json", str(path))
    assert out.returncode == 0 and json.loads(out.stdout) == rep["legal"]
    out = _cli("legal", str(path))
    assert out.stdout.split("\n")[:-1] == rep["legal"]
    assert not any(line[0].isdigit() for line in rep["legal"])  # no seat in front


def test_an_illegal_action_stops_the_replay_with_status_1(tmp_path: Path) -> None:
    rec = _played("smear", 5, hands=1)
    rec["hands"][0]["actions"][2] = "9 pass"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(rec))
    out = _cli("replay", "--json", str(path))
    assert out.returncode == 1
    err = json.loads(out.stdout)
    assert err["ok"] is False
    assert err["error"]["hand"] == 0 and err["error"]["action"] == 2 and err["error"]["text"] == "9 pass"
    assert "turn" in err["error"]["reason"]
    plain = _cli("replay", str(path))
    assert plain.returncode == 1 and plain.stderr.count("\n") == 1 and "Traceback" not in plain.stderr
    assert "hand 0, action 2" in plain.stderr


def test_nonsense_actions_are_status_1() -> None:
    rec = _played("smear", 6, hands=1)
    seat = rec["hands"][0]["actions"][0].split()[0]
    for text in (f"{seat} fly away", f"{seat} bid 9", "pass", f"{seat} play ZZ"):
        rec["hands"][0]["actions"][0] = text
        status, rep = replay_record(rec)
        assert status == 1, text
        assert rep["error"]["action"] == 0 and rep["error"]["text"] == text
        assert rep["error"]["reason"]


def test_actions_after_the_end_of_a_hand_are_illegal() -> None:
    rec = _played("smear", 7, hands=1)
    n = len(rec["hands"][0]["actions"])
    rec["hands"][0]["actions"].append("0 pass")
    status, rep = replay_record(rec)
    assert status == 1 and rep["error"]["action"] == n and "over" in rep["error"]["reason"]


BAD_RECORDS: list[tuple[str, object, str]] = [
    ("not an object", [1, 2], "JSON object"),
    ("wrong format", {"format": "x", "game": "smear", "hands": []}, "format"),
    (
        "unknown game",
        {"format": "cardtable-record/1", "game": "chess", "hands": [{"dealer": 0, "deal": {}, "actions": []}]},
        "unknown game",
    ),
    ("no hands", {"format": "cardtable-record/1", "game": "smear", "hands": []}, "hands"),
    (
        "unknown option",
        {
            "format": "cardtable-record/1",
            "game": "smear",
            "rules": {"jokers": 2},
            "hands": [{"dealer": 0, "deal": {}, "actions": []}],
        },
        "unknown smear option",
    ),
    (
        "bad option value",
        {
            "format": "cardtable-record/1",
            "game": "smear",
            "rules": {"kitty_size": 9},
            "hands": [{"dealer": 0, "deal": {}, "actions": []}],
        },
        "kitty_size",
    ),
    (
        "no dealer",
        {"format": "cardtable-record/1", "game": "smear", "hands": [{"deal": {}, "actions": []}]},
        "dealer",
    ),
    (
        "dealer not a seat",
        {
            "format": "cardtable-record/1",
            "game": "smear",
            "hands": [{"dealer": 7, "deal": {}, "actions": []}],
        },
        "not a seat",
    ),
    (
        "actions not strings",
        {
            "format": "cardtable-record/1",
            "game": "smear",
            "hands": [{"dealer": 0, "deal": {}, "actions": [1]}],
        },
        "actions",
    ),
]


@pytest.mark.parametrize(("why", "obj", "says"), BAD_RECORDS, ids=[b[0] for b in BAD_RECORDS])
def test_malformed_records_are_status_2(why: str, obj: object, says: str, tmp_path: Path) -> None:
    status, rep = replay_record(obj)
    assert status == 2
    assert rep["ok"] is False and rep["error"]["action"] is None
    assert says in rep["error"]["reason"]
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(obj))
    out = _cli("replay", str(path))
    assert out.returncode == 2 and out.stderr.count("\n") == 1 and "Traceback" not in out.stderr


@pytest.mark.parametrize("game", registry.names())
def test_bad_deals_are_status_2(game: str) -> None:
    rec = _played(game, 8, hands=1)
    deck = rec["hands"][0]["deal"]["deck"]
    for bad, says in (
        ([*deck[:-1], deck[0]], "twice"),
        ([*deck[:-1], "ZZ"], "unknown card"),
        (deck[:-1], ""),
        ("AS", ""),
    ):
        rec["hands"][0]["deal"] = {"deck": bad}
        status, rep = replay_record(rec)
        assert status == 2, bad
        assert rep["error"]["hand"] == 0
        assert says in rep["error"]["reason"]


def test_a_later_dealer_must_be_the_one_the_rules_choose() -> None:
    rec = _played("sheepshead", 9, hands=2)
    right = rec["hands"][1]["dealer"]
    rec["hands"][1]["dealer"] = (right + 1) % 5
    status, rep = replay_record(rec)
    assert status == 2 and rep["error"]["hand"] == 1 and "dealer" in rep["error"]["reason"]


def test_only_the_last_hand_may_be_unfinished() -> None:
    rec = _played("sheepshead", 10, hands=2)
    rec["hands"][0]["actions"] = rec["hands"][0]["actions"][:3]
    status, rep = replay_record(rec)
    assert status == 2 and rep["error"]["hand"] == 0 and "unfinished" in rep["error"]["reason"]


def test_files_that_cannot_be_read_are_status_2(tmp_path: Path) -> None:
    out = _cli("replay", str(tmp_path / "missing.json"))
    assert out.returncode == 2 and "cannot read" in out.stderr
    (tmp_path / "x.json").write_text("{not json")
    out = _cli("replay", "--json", str(tmp_path / "x.json"))
    assert out.returncode == 2 and json.loads(out.stdout)["ok"] is False
    assert "not JSON" in out.stderr and out.stderr.count("\n") == 1


def test_jsonl_holds_one_record_per_line(tmp_path: Path) -> None:
    recs = [Record.from_json(_played("smear", s, hands=1)) for s in (11, 12)]
    path = tmp_path / "two.jsonl"
    write_records(path, recs)
    assert [r.to_json() for r in read_records(path)] == [r.to_json() for r in recs]
    out = _cli("replay", "--json", str(path))
    assert out.returncode == 0
    assert [json.loads(line)["ok"] for line in out.stdout.splitlines()] == [True, True]


def test_command_line_nonsense_is_one_line_and_status_2() -> None:
    for args in ((), ("fly",), ("replay",), ("rules", "chess"), ("watch", "smear", "--hands", "x")):
        out = _cli(*args)
        assert out.returncode == 2, args
        assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr, out.stderr
    out = _cli("watch", "smear", "--rule", "kitty_size=9")
    assert out.returncode == 2 and "kitty_size" in out.stderr and out.stderr.count("\n") == 1
    bad_bots = (("genius", "unknown bot"), ("rule,random", "one per seat (4)"), ("search:hard@x", "time limit"))
    for bots, words in bad_bots:
        out = _cli("watch", "smear", "--bots", bots)
        assert out.returncode == 2 and words in out.stderr and out.stderr.count("\n") == 1, out.stderr


def test_watch_with_named_bots_deals_the_same_cards() -> None:
    """`watch --bots` seats the named bots; the seed alone sets the deal, whoever plays it."""
    plays = {}
    for bots in ("random", "rule", "rule,search:easy,rule,search:easy"):
        out = _cli("watch", "smear", "--seed", "7", "--bots", bots)
        assert out.returncode == 0, out.stderr
        lines = out.stdout.splitlines()
        plays[bots] = lines
        assert lines[:5] == plays["random"][:5]  # the hand header and the four hands dealt
    assert plays["rule"] != plays["random"]


@pytest.mark.parametrize("game", registry.names())
def test_watch_plays_and_saves_a_record_that_replays(game: str, tmp_path: Path) -> None:
    path = tmp_path / "w.json"
    out = _cli("watch", game, "--hands", "2", "--seed", "3", "--record", str(path))
    assert out.returncode == 0, out.stderr
    assert "result:" in out.stdout
    # Who deals is told after every hand but the last one watched, which ends the session.
    told = out.stdout.rpartition("saved ")[0].rstrip()
    ends = told.split("--- Hand 2:")
    if len(ends) == 2 and "The match is won" not in ends[0]:
        assert ends[0].rstrip().endswith(("next.", "again."))
    assert not ends[-1].endswith(("next.", "again."))
    assert _cli("replay", str(path)).returncode == 0
    rules = _cli("rules", game)
    assert rules.returncode == 0 and "standard" in rules.stdout


def test_replay_yields_every_state() -> None:
    rec = _played("smear", 13, hands=1)
    game = registry.get_game("smear")
    steps = list(replay(Record.from_json(rec), game))
    assert steps[0].action is None and game.actor(steps[0].state) != CHANCE
    assert [s.action for s in steps[1:]] == list(range(len(rec["hands"][0]["actions"])))
    assert game.outcome(steps[-1].state) is not None

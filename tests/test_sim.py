"""Duplicate-deal tournaments: deals and matches, the process backend, the command line.

The Ray backend's tests are in test_sim_ray.py.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from cardtable import registry, sim, sim_ray
from cardtable.cli import main
from cardtable.core import CardtableError
from cardtable.record import Record, replay, replay_record
from cardtable.sim_ray import RayMissing


def test_arrangements_rotate_bots_through_seats_and_teams() -> None:
    assert sim.arrangements(4, ["a", "b"]) == [("a", "b", "a", "b"), ("b", "a", "b", "a")]
    five = sim.arrangements(5, ["a", "b"])
    assert len(five) == 5
    assert all(sum(row[s] == "a" for row in five) == 3 for s in range(5))
    assert sim.arrangements(4, ["a"]) == [("a", "a", "a", "a")]


def test_interval() -> None:
    iv = sim.Interval.of([1.0, 2.0, 3.0, 4.0])
    assert iv.mean == 2.5 and iv.low < 2.5 < iv.high
    assert sim.Interval.of([5.0]).low == float("-inf")


@pytest.mark.parametrize("game", ["smear", "sheepshead", "seep"])
def test_a_tournament_reproduces_from_its_seed_whatever_the_workers(game: str) -> None:
    job = sim.job_for(game, {}, ["random", "random"], seed=9)
    one, results_one = sim.run(job, 6, jobs=1)
    two, results_two = sim.run(job, 6, jobs=2)
    for summary in (one, two):
        for row in summary.bots.values():
            row.pop("s_per_decision")
    assert one.to_json() == two.to_json()
    assert set(one.bots) == {"random", "random#2"}
    lines = list(sim.records_lines(results_one))
    assert lines == list(sim.records_lines(results_two))
    assert len(lines) == 6 * len(sim.arrangements(len(json.loads(lines[0])["players"]), sim.labels(job.bots)))
    assert all(replay_record(json.loads(line))[0] == 0 for line in lines)


def test_every_seat_of_a_deal_gets_the_same_cards_in_each_arrangement() -> None:
    job = sim.job_for("smear", {}, ["random", "random"], seed=1)
    result = sim.play_deal(job, 0)
    decks = {json.dumps(r["hands"][0]["deal"]) for r in result.records}
    assert len(decks) == 1 and len(result.records) == 2
    assert [r["players"] for r in result.records] == [list(a) for a in sim.arrangements(4, ["random", "random#2"])]


def test_sim_command_json(tmp_path: Path) -> None:
    records = tmp_path / "t.jsonl"
    out = subprocess.run(
        [
            sys.executable,
            "-m",
            "cardtable",
            "sim",
            "smear",
            "--bots",
            "random,random",
            "--deals",
            "4",
            "--seed",
            "2",
            "--json",
            "--records",
            str(records),
            "--quiet",
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert out.returncode == 0, out.stderr
    summary = json.loads(out.stdout)
    assert summary["game"] == "smear" and summary["deals"] == 4
    row = summary["bots"]["random"]
    assert {"mean", "ci_low", "ci_high", "s_per_decision"} <= set(row)
    assert len(records.read_text().splitlines()) == 8
    bad = subprocess.run(
        [sys.executable, "-m", "cardtable", "sim", "smear", "--bots", "genius", "--deals", "2", "--no-records"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and "unknown bot" in bad.stderr and bad.stderr.count("\n") == 1


def _without_timing(summary: sim.Summary) -> dict[str, Any]:
    """The summary's JSON without the decision times, which vary from run to run."""
    out = summary.to_json()
    out["bots"] = {name: {k: v for k, v in row.items() if k != "s_per_decision"} for name, row in out["bots"].items()}
    return out


def _hand_ends(record: dict[str, Any]) -> list[Any]:
    """The state at the end of each hand of a record, by replaying it."""
    ends: dict[int, Any] = {}
    for step in replay(Record.from_json(record)):
        ends[step.hand] = step.state
    return [ends[h] for h in sorted(ends)]


def _final_state(record: dict[str, Any]) -> Any:
    return _hand_ends(record)[-1]


@pytest.mark.parametrize("game", ["smear", "sheepshead", "seep"])
def test_a_match_tournament_reproduces_from_its_seed_whatever_the_workers(game: str) -> None:
    job = sim.job_for(game, {}, ["rule", "random"], seed=4, matches=True)
    one, results_one = sim.run(job, 4, jobs=1)
    two, results_two = sim.run(job, 4, jobs=2)
    assert _without_timing(one) == _without_timing(two)
    lines = list(sim.records_lines(results_one))
    assert lines == list(sim.records_lines(results_two))
    seats = registry.get_game(game).seats
    played = 4 * len(sim.arrangements(seats, ["rule", "random"]))
    counts = one.to_json()
    assert counts["matches"] == 4 and counts["played"] == played and "deals" not in counts
    assert len(lines) == played  # one record per match and arrangement, holding every hand
    assert counts["hands"] == sum(len(json.loads(line)["hands"]) for line in lines)
    assert all(replay_record(json.loads(line))[0] == 0 for line in lines)
    rows = counts["bots"]
    assert all("match_wins" in row and "deal_wins" not in row for row in rows.values())
    # Two bots: each played match has one winner or is drawn.
    assert rows["rule"]["match_wins"] + rows["random"]["match_wins"] + counts["drawn"] == played


def test_a_deal_tournament_reports_deal_wins_and_no_match_wins() -> None:
    job = sim.job_for("smear", {}, ["rule", "random"], seed=4)
    summary, _ = sim.run(job, 3)
    out = summary.to_json()
    assert out["deals"] == 3 and "matches" not in out
    assert all("deal_wins" in row and "match_wins" not in row for row in out["bots"].values())


def test_a_match_deals_the_same_decks_in_every_arrangement() -> None:
    job = sim.job_for("smear", {}, ["rule", "random"], seed=11, matches=True)
    result = sim.play_match(job, 3)
    assert len(result.records) == 2
    first, second = ([hand["deal"] for hand in record["hands"]] for record in result.records)
    shared = min(len(first), len(second))
    assert first[:shared] == second[:shared]
    assert all(record["hands"][0]["dealer"] == 3 % 4 for record in result.records)
    other = sim.play_match(job, 4)
    assert other.records[0]["hands"][0]["deal"] != first[0]


def test_a_smear_match_ends_when_a_team_reaches_the_target() -> None:
    job = sim.job_for("smear", {}, ["rule", "random"], seed=3, matches=True)
    result = sim.play_match(job, 0)
    game = registry.get_game("smear")
    for record in result.records:
        assert len(record["hands"]) > 1
        assert game.winner(_final_state(record)) is not None
    assert sum(result.wins.values()) + result.draws == 2


def test_a_seep_match_is_one_baazi() -> None:
    job = sim.job_for("seep", {}, ["random", "random"], seed=6, matches=True)
    game = registry.get_game("seep")
    for m in range(3):
        played = sim.play_match(job, m)
        wins = dict.fromkeys(played.wins, 0)
        for record in played.records:
            state = _final_state(record)
            result = game.outcome(state)
            assert result.details["baazi"] is not None
            wins[record["players"][result.details["baazi"]["team"]]] += 1
            assert sim.match_winners(game, state, result) == (
                (0, 2) if result.details["baazi"]["team"] == 0 else (1, 3)
            )
            earlier = [game.outcome(end) for end in _hand_ends(record)[:-1]]
            assert all(r is not None and r.details.get("baazi") is None for r in earlier)
        assert wins == played.wins and played.draws == 0


def test_a_sheepshead_match_lasts_hands_per_match_and_goes_to_the_most_points() -> None:
    default = sim.job_for("sheepshead", {}, ["rule", "random"], seed=1, matches=True)
    assert sim.hands_per_match(default) == sim.open_match_hands("sheepshead") == 5
    job = sim.job_for("sheepshead", {}, ["rule", "random"], seed=1, matches=True, hands=2)
    result = sim.play_match(job, 0)
    assert len(result.records) == 5 and all(len(record["hands"]) == 2 for record in result.records)
    assert result.hands == 10
    game = registry.get_game("sheepshead")
    wins = dict.fromkeys(["rule", "random"], 0)
    draws = 0
    for record in result.records:
        players = record["players"]
        totals = [0.0] * 5
        for end in _hand_ends(record):
            score = game.outcome(end).score
            totals = [t + p for t, p in zip(totals, score, strict=True)]
        won = sim.winning_bots(players, None, totals)
        for name in won:
            wins[name] += 1
        draws += not won
    assert wins == result.wins and draws == result.draws


def test_the_hand_cap_ends_a_match_by_points() -> None:
    job = sim.job_for("smear", {}, ["rule", "random"], seed=2, matches=True, hands=1)
    game = registry.get_game("smear")
    for m in range(4):
        result = sim.play_match(job, m)
        assert result.hands == 2 and all(len(record["hands"]) == 1 for record in result.records)
        for record in result.records:
            state = _final_state(record)
            assert game.winner(state) is None  # one hand never reaches the target: the cap ended it
        assert sum(result.wins.values()) + result.draws == 2


def test_a_bot_with_more_seats_is_not_favoured_for_match_wins() -> None:
    # a holds seats 0, 2, 4; b holds 1, 3. Seat 0 has the most points, but b's seats did better on average.
    assert sim.winning_bots(("a", "b", "a", "b", "a"), None, [6, 2, 4, 2, -14]) == ("b",)
    assert sim.winning_bots(("a", "b", "c", "a"), (0, 2), [1, -1, 1, -1]) == ("c",)
    assert sim.winning_bots(("a", "b", "a", "b"), None, [2, 2, 2, 2]) == ()


def test_a_job_checks_its_match_options() -> None:
    with pytest.raises(CardtableError, match="match mode only"):
        sim.job_for("smear", {}, ["rule"], 0, hands=3)
    with pytest.raises(CardtableError, match="at least 1"):
        sim.job_for("smear", {}, ["rule"], 0, matches=True, hands=0)
    with pytest.raises(CardtableError, match="at most 4 bots"):
        sim.job_for("smear", {}, ["rule", "random", "rule", "random", "rule"], 0)


def test_the_ray_backend_without_ray_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)  # as if Ray were not installed
    job = sim.job_for("smear", {}, ["random"], 0)
    with pytest.raises(RayMissing, match=r"pip install 'cardtable\[ray\]'"):
        sim_ray.run(job, 1)


def test_sim_command_without_ray(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setitem(sys.modules, "ray", None)
    status = main(["sim", "smear", "--bots", "rule,random", "--deals", "2", "--backend", "ray", "--no-records"])
    err = capsys.readouterr().err
    assert status == 2
    assert err == "cardtable sim: the ray backend needs Ray: pip install 'cardtable[ray]'\n"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--backend", "nonsense"], "invalid choice: 'nonsense'"),
        (["--address", "127.0.0.1:6379"], "--address is for --backend ray only"),
        (["--matches", "0"], "--matches must be at least 1 (got 0)"),
        (["--deals", "0"], "--deals must be at least 1 (got 0)"),
        (["--deals", "-3"], "--deals must be at least 1 (got -3)"),
        (["--jobs", "0"], "--jobs must be at least 1 (got 0)"),
        (["--deals", "2", "--matches", "2"], "give one or the other"),
        (["--hands-per-match", "2"], "--hands-per-match is for --matches only"),
        (["--matches", "2", "--hands-per-match", "0"], "--hands-per-match must be at least 1"),
        (["--matches", "x"], "invalid int value: 'x'"),
        (["--bots", "search:hard@soon"], "bad time limit in 'search:hard@soon'"),
    ],
)
def test_sim_command_bad_input(args: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    try:
        status = main(["sim", "smear", "--bots", "rule,random", "--no-records", *args])
    except SystemExit as e:  # the argument parser's own errors
        status = e.code  # type: ignore[assignment]
    err = capsys.readouterr().err
    assert status == 2
    assert message in err and err.count("\n") == 1 and err.startswith("cardtable sim")


def test_sim_command_matches(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    records = tmp_path / "m.jsonl"
    base = ["sim", "sheepshead", "--bots", "rule,random", "--matches", "3", "--hands-per-match", "2", "--seed", "5"]
    assert main([*base, "--records", str(records)]) == 0
    out, err = capsys.readouterr()
    assert "3/3" not in err  # progress is for a terminal only
    assert out.startswith("sheepshead: 3 matches (15 played over the arrangements")
    assert "matches won" in out and "interval over matches" in out
    lines = records.read_text().splitlines()
    assert len(lines) == 15 and all(len(json.loads(line)["hands"]) == 2 for line in lines)
    assert main([*base, "--json", "--quiet", "--jobs", "2", "--records", str(tmp_path / "two.jsonl")]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    summary = json.loads(out)
    assert summary["matches"] == 3 and summary["hands"] == 30 and summary["hands_per_match"] == 2
    assert (tmp_path / "two.jsonl").read_text().splitlines() == lines
    assert sum(row["match_wins"] for row in summary["bots"].values()) + summary["drawn"] == 15


def test_one_deal_is_said_as_one_and_an_interval_of_one_deal_as_none(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sim", "smear", "--bots", "rule,random", "--deals", "1", "--seed", "3", "--no-records"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("smear: 1 deal, seed 3\n")
    assert "inf" not in out and "none (one unit)" in out
    assert main(["sim", "smear", "--bots", "rule,random", "--matches", "1", "--seed", "3", "--no-records"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("smear: 1 match (2 played") and "inf" not in out


def test_the_ray_backend_stands_on_sim_and_sim_knows_nothing_of_it() -> None:
    """The import circle between the two is gone, and the contracts keep it so (``.importlinter``
    puts sim_ray on a floor above sim)."""
    grimp = pytest.importorskip("grimp")
    graph = grimp.build_graph("cardtable")
    assert "cardtable.sim" in graph.find_modules_directly_imported_by("cardtable.sim_ray")
    assert not graph.chain_exists(importer="cardtable.sim", imported="cardtable.sim_ray")
    layers = Path(__file__).resolve().parent.parent.joinpath(".importlinter").read_text()
    assert "cardtable.playthrough : cardtable.sim_ray\n    cardtable.sim\n" in layers

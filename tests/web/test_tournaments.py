"""Tournaments (docs/tournaments.md): reseating, standings and matchpoints, each game's result
entry, and whole events over HTTP on PostgreSQL: a Sheepshead event played by the server's tables,
a hall event with entered results, a duplicate Smear event, bad input refused with nothing changed,
and a server killed during a round losing nothing."""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Iterator
from typing import Any

import pytest

from cardtable import registry
from cardtable.core import BadNotation, HandResult
from cardtable.record import replay_record
from cardtable.registry import get_game
from cardtable.web.tournaments.seating import meetings, partnerships, repeats, seat_pairs, seat_round
from cardtable.web.tournaments.standings import Result, matchpoints, standings
from tests.web.client import Server

# --- seating, standings and entries, without a server ---


def test_23_players_over_3_rounds_at_tables_of_five_never_meet_twice() -> None:
    history: list[Any] = []
    for _ in range(3):
        tables = seat_round(list(range(1, 24)), 5, history)
        assert len(tables) == 5 and all(len(t) == 5 for t in tables)
        seated = [p for t in tables for p in t if p is not None]
        assert sorted(seated) == list(range(1, 24))  # everyone once, nobody in two seats
        assert all(sum(p is None for p in t) <= 1 for t in tables)  # the two bots at different tables
        history.append(tables)
    assert repeats(history) == 0
    assert sum(meetings(history).values()) == 3 * (3 * 10 + 2 * 6)  # 3 rounds of 3 full tables and 2 with a bot


def test_reseating_keeps_repeats_to_those_that_cannot_be_avoided() -> None:
    # 8 players at 2 tables of 4: in the second round each table holds at least two of each first
    # round table (pigeonhole), so 4 repeat meetings are the fewest there can be
    history: list[Any] = []
    for _ in range(2):
        history.append(seat_round(list(range(8)), 4, history, partners=((0, 2), (1, 3))))
    assert repeats(history) == 4
    # partners change: over 7 rounds of 8 players nobody partners the same player three times
    for _ in range(5):
        history.append(seat_round(list(range(8)), 4, history, partners=((0, 2), (1, 3))))
    assert max(partnerships(history, ((0, 2), (1, 3))).values()) <= 2


def test_progressive_seats_the_leaders_together_and_changes_partners() -> None:
    first = seat_round(list(range(8)), 4, [], "progressive", ((0, 2), (1, 3)), ranking=[7, 6, 5, 4, 3, 2, 1, 0])
    assert sorted(p for p in first[0] if p is not None) == [4, 5, 6, 7]
    second = seat_round(list(range(8)), 4, [first], "progressive", ((0, 2), (1, 3)), ranking=[7, 6, 5, 4, 3, 2, 1, 0])
    assert max(partnerships([first, second], ((0, 2), (1, 3))).values()) == 1


def test_fixed_pairs_round_robin_meets_every_pair_once_and_swiss_pairs_the_leaders_unmet() -> None:
    pairs: list[tuple[int | None, ...]] = [(1, 2), (3, 4), (5, 6), (7, 8), (9, 10)]
    sides = ((0, 2), (1, 3))
    history: list[Any] = []
    for r in range(5):
        history.append(seat_pairs(pairs, 4, sides, r, history, "round_robin"))
    opponents = [frozenset(((t[0], t[2]), (t[1], t[3]))) for tables in history for t in tables if None not in t]
    assert len(opponents) == 10 and len(set(opponents)) == 10  # 5 pairs: all 10 meetings, each once
    assert all(sum(None in t for t in tables) == 1 for tables in history)  # the odd pair out plays bots
    ranking = [7, 8, 1, 2, 3, 4, 5, 6]
    first = seat_pairs(pairs[:4], 4, sides, 0, [], "swiss", ranking)
    assert first[0] == [7, 1, 8, 2]  # the leaders meet
    second = seat_pairs(pairs[:4], 4, sides, 1, [first], "swiss", ranking)
    assert second[0] == [7, 3, 8, 4]  # and then the best they have not met


def test_standings_rank_by_points_then_the_written_tie_breaks() -> None:
    seatings = {1: {1: [1, 2, 3, 4, 5]}, 2: {1: [5, 4, 3, 2, 1]}}
    results = [
        Result(1, 1, 1, (4, -1, -1, -1, -1)),
        Result(1, 1, 2, (-1, 4, -1, -1, -1)),
        Result(2, 1, 1, (2, 2, -2, -1, -1)),  # seats: 5, 4, 3, 2, 1
    ]
    rows = standings([(n, f"P{n}") for n in range(1, 6)], seatings, results)
    by = {r.number: r for r in rows}
    assert [(by[n].points, by[n].rank) for n in range(1, 6)] == [(2, 1), (2, 1), (-4, 5), (0, 3), (0, 3)]
    # equal on points, on the best round (3) and on hands won (1): the same rank, by entrant number
    assert [r.number for r in rows] == [1, 2, 4, 5, 3]
    # equal on points (2), the better best round (5 against 3) ranks first
    same = {1: {1: [1, 2, 3, 4, 5]}, 2: {1: [1, 2, 3, 4, 5]}}
    rows = standings(
        [(n, f"P{n}") for n in range(1, 6)],
        same,
        [Result(1, 1, 1, (3, -3, 0, 0, 0)), Result(2, 1, 1, (-1, 5, -2, -1, -1))],
    )
    assert [(r.number, r.points, r.rank) for r in rows[:2]] == [(2, 2, 1), (1, 2, 2)]


def test_matchpoints_compare_a_seat_with_the_same_seat_at_the_other_tables() -> None:
    seatings = {1: {1: [1, 2, 3, 4], 2: [5, 6, 7, 8], 3: [9, 10, 11, 12]}}
    results = [
        Result(1, 1, 1, (2, 1, 2, 1)),
        Result(1, 2, 1, (3, 0, 3, 0)),
        Result(1, 3, 1, (2, 2, 2, 2)),
    ]
    mp = matchpoints(seatings, results)
    assert mp[5] == 4 and mp[1] == 1 and mp[9] == 1  # seat 0: 3 beats 2 and 2; 2 ties 2
    assert mp[10] == 4 and mp[2] == 2 and mp[6] == 0


def _random_hands(game_name: str, preset: str | None, n: int, seed: int) -> Iterator[tuple[Any, HandResult]]:
    game = get_game(game_name, preset)
    rng = random.Random(seed)
    for i in range(n):
        state = game.start(i % game.seats)
        state = game.apply(state, game.deal(state, rng))
        while game.outcome(state) is None:
            state = game.apply(state, rng.choice(list(game.legal_actions(state))))
        yield game, game.outcome(state)


@pytest.mark.parametrize(("name", "preset"), [("sheepshead", "tournament"), ("smear", None), ("seep", None)])
def test_each_games_entry_of_a_played_hand_scores_as_the_engine(name: str, preset: str | None) -> None:
    entry = registry.entry(name)
    for game, result in _random_hands(name, preset, 60, 3):
        assert entry.points(game, entry.entry_of(game, result)) == tuple(result.score)


@pytest.mark.parametrize(
    ("name", "bad", "words"),
    [
        ("sheepshead", {"score": [2, 1, -1, -1, 0]}, "sum to 1, not 0"),
        ("sheepshead", {"score": [2, -2, 0, 0]}, "5 payments"),
        ("sheepshead", {"score": [2.5, -2.5, 0, 0, 0]}, "whole number"),
        ("smear", {"bidder": 0, "bid": 2, "points": [3, 2]}, "at most 4 in all"),
        ("smear", {"bidder": 0, "bid": 2, "points": [5, 0]}, "each side takes 0 to 4"),
        ("smear", {"bidder": 0, "bid": 9, "points": [2, 0]}, "bid: expected a bid"),
        ("smear", {"bidder": 4, "bid": 2, "points": [2, 0]}, "bidder"),
        ("seep", {"card_points": [60, 39], "sweeps": [0, 0]}, "make 99, not 100"),
        ("seep", {"card_points": [60, 40], "sweeps": [-50, 0]}, "0 or more"),
        ("seep", "100", "expected"),
    ],
)
def test_impossible_entries_are_refused_by_the_games_scoring(name: str, bad: object, words: str) -> None:
    with pytest.raises(BadNotation, match=words):
        registry.entry(name).points(get_game(name), bad)


# --- whole events over HTTP, on PostgreSQL ---


@pytest.fixture
def pg_server(pg_db: str) -> Iterator[Server]:
    """A server of the test's own on a PostgreSQL database of its own; people who do not come to
    their seat are stood in for at once (a short grace), so that rounds play out by themselves."""
    server = Server(pg_db, "--grace", "0.2").start()
    try:
        yield server
    finally:
        server.stop()


def make(server: Server, **kw: Any) -> dict[str, Any]:
    r = server.post("/api/tournaments", {"name": "Germanfest", **kw})
    assert r.status_code == 201, r.text
    out: dict[str, Any] = r.json()
    return out


def register(server: Server, tid: str, names: list[str]) -> list[str]:
    tokens = []
    for name in names:
        r = server.post(f"/api/tournaments/{tid}/entrants", {"name": name})
        assert r.status_code == 201, r.text
        tokens.append(r.json()["token"])
    return tokens


def wait_round_over(server: Server, tid: str, timeout: float = 120) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got: dict[str, Any] = server.get(f"/api/tournaments/{tid}").json()
        if got["played"] and got["played"][-1]["status"] == "over":
            return got
        time.sleep(0.3)
    raise TimeoutError("the round did not end")


def entrant_meetings(event: dict[str, Any]) -> list[list[list[int | None]]]:
    return [[[s["entrant"] for s in t["seats"]] for t in r["tables"]] for r in event["played"]]


def test_a_sheepshead_tournament_of_23_plays_three_rounds_to_final_standings(pg_server: Server) -> None:
    server = pg_server
    t = make(server, game="sheepshead", preset="tournament", rounds=3, hands=6)
    tid = t["tournament"]
    tokens = register(server, tid, [f"Player {n}" for n in range(1, 24)])
    for n in range(1, 4):
        r = server.post(f"/api/tournaments/{tid}/rounds", {"director": t["director"]})
        assert r.status_code == 200, r.text
        during = r.json()
        if n == 1:
            # an entrant sees their table, and their entrant token is their seat's token there
            me = server.post(f"/api/tournaments/{tid}/me", {"token": tokens[0]}).json()
            assert me["table"]["round"] == 1 and me["table"]["table"]
            summary = server.get(f"/api/tables/{me['table']['table']}").json()
            assert summary["seats"][me["table"]["seat"]]["name"] == "Player 1"
            assert summary["rules"].get("double_on_the_bump") is True  # the tournament preset
        # a round being played shows no hand in the standings
        if during["played"][-1]["status"] == "playing":
            assert all(row["hands"] == 6 * (n - 1) for row in during["standings"])
        event = wait_round_over(server, tid)
        assert all(table["hands"] == 6 for table in event["played"][-1]["tables"])
    assert event["status"] == "over"
    assert repeats(entrant_meetings(event)) == 0
    # the standings are the sum of each seat's payments at the tables' records
    totals: dict[int, int] = {}
    for rnd in event["played"]:
        for table in rnd["tables"]:
            record = server.get(f"/api/tables/{table['table']}/record").json()
            from cardtable.record import Record, report

            hands = report(Record.from_json(record))["hands"]
            assert len(hands) == 6
            for seat, s in enumerate(table["seats"]):
                if s["entrant"] is not None:
                    totals[s["entrant"]] = totals.get(s["entrant"], 0) + sum(h["score"][seat] for h in hands)
    assert {row["entrant"]: row["points"] for row in event["standings"]} == totals
    assert [row["points"] for row in event["standings"]] == sorted(totals.values(), reverse=True)
    assert all(row["hands"] == 18 for row in event["standings"])
    csv_text = server.get(f"/api/tournaments/{tid}/results.csv").text
    assert csv_text.splitlines()[0].startswith("rank,entrant,name,points")
    assert len(csv_text.splitlines()) == 24
    r = server.post(f"/api/tournaments/{tid}/rounds", {"director": t["director"]})
    assert r.status_code == 409 and "all 3 rounds" in r.json()["error"]


def _enter_round(
    server: Server, tid: str, token: str, event: dict[str, Any], game_name: str, hands: int, seed: int
) -> dict[tuple[int, int], list[tuple[int, ...]]]:
    """Play each table's hands with the engine (random legal moves) and enter each hand's result
    as a scorer would write it; returns the engine's scores by (round, table)."""
    entry = registry.entry(game_name)
    rnd = event["played"][-1]
    out = {}
    for table in rnd["tables"]:
        played = list(_random_hands(game_name, None, hands, seed + table["number"]))
        out[(rnd["number"], table["number"])] = [tuple(res.score) for _, res in played]
        for i, (game, res) in enumerate(played, start=1):
            body = {"token": token, "round": rnd["number"], "table": table["number"], "hand": i}
            r = server.post(f"/api/tournaments/{tid}/results", {**body, "entry": entry.entry_of(game, res)})
            assert r.status_code == 201, r.text
            assert tuple(r.json()["score"]) == tuple(res.score)
    return out


@pytest.mark.parametrize(
    ("game_name", "movement"), [("smear", "progressive"), ("seep", "mixed"), ("sheepshead", "mixed")]
)
def test_a_hall_event_with_entered_results_stands_as_the_engine_scores_the_same_hands(
    pg_server: Server, game_name: str, movement: str
) -> None:
    server = pg_server
    t = make(server, game=game_name, rounds=2, hands=3, hall=True, format=movement)
    tid = t["tournament"]
    tokens = register(server, tid, [f"P{n}" for n in range(1, 11 if game_name == "sheepshead" else 9)])
    engine_scores: dict[tuple[int, int], list[tuple[int, ...]]] = {}
    seatings: dict[int, dict[int, list[int | None]]] = {}
    for n in range(1, 3):
        event = server.post(f"/api/tournaments/{tid}/rounds", {"director": t["director"]}).json()
        rnd = event["played"][-1]
        assert all(table["table"] is None for table in rnd["tables"])  # played with real cards
        seatings[n] = {table["number"]: [s["entrant"] for s in table["seats"]] for table in rnd["tables"]}
        # a captain (an entrant at the table) enters the first table's hands, the director the rest
        captain = tokens[next(p for p in seatings[n][1] if p is not None) - 1]
        first = {"played": [{**rnd, "tables": rnd["tables"][:1]}]}
        rest = {"played": [{**rnd, "tables": rnd["tables"][1:]}]}
        engine_scores |= _enter_round(server, tid, captain, first, game_name, 3, 10 * n)
        engine_scores |= _enter_round(server, tid, t["director"], rest, game_name, 3, 10 * n)
    event = server.get(f"/api/tournaments/{tid}").json()
    assert event["status"] == "over"
    expected = standings(
        [(e["entrant"], e["name"]) for e in event["entrants"]],
        seatings,
        [Result(r, tb, h, s) for (r, tb), scores in engine_scores.items() for h, s in enumerate(scores, start=1)],
    )
    assert event["standings"] == [row.to_json() for row in expected]


def test_a_duplicate_smear_event_of_8_ranks_by_matchpoints(pg_server: Server) -> None:
    server = pg_server
    t = make(server, game="smear", rounds=1, hands=4, hall=True, duplicate=True)
    tid = t["tournament"]
    register(server, tid, [f"P{n}" for n in range(1, 9)])
    event = server.post(f"/api/tournaments/{tid}/rounds", {"director": t["director"]}).json()
    tables = event["played"][0]["tables"]
    assert len(tables) == 2
    # both tables hold the same four boards; table 1's side 0 does better on every board but one
    boards = [
        ({"bidder": 0, "bid": 2, "points": [3, 1]}, {"bidder": 0, "bid": 2, "points": [1, 3]}),
        ({"bidder": 1, "bid": 3, "points": [2, 2]}, {"bidder": 1, "bid": 3, "points": [1, 3]}),
        ({"bidder": 0, "bid": 2, "points": [4, 0]}, {"bidder": 0, "bid": 2, "points": [2, 2]}),
        ({"bidder": 1, "bid": 2, "points": [1, 3]}, {"bidder": 1, "bid": 2, "points": [1, 3]}),
    ]
    for hand, pair in enumerate(boards, start=1):
        for table, entry in zip(tables, pair, strict=True):
            body = {"token": t["director"], "round": 1, "table": table["number"], "hand": hand, "entry": entry}
            assert server.post(f"/api/tournaments/{tid}/results", body).status_code == 201
    event = server.get(f"/api/tournaments/{tid}").json()
    assert event["status"] == "over"
    rows = {row["entrant"]: row for row in event["standings"]}
    side0 = [s["entrant"] for s in tables[0]["seats"] if s["seat"] % 2 == 0]
    other0 = [s["entrant"] for s in tables[1]["seats"] if s["seat"] % 2 == 0]
    # seat 0 of table 1 against seat 0 of table 2: wins boards 1-3 (2 each), ties board 4 (1)
    assert all(rows[p]["matchpoints"] == 7 for p in side0)
    assert all(rows[p]["matchpoints"] == 1 for p in other0)
    assert [row["matchpoints"] for row in event["standings"]] == sorted(
        (row["matchpoints"] for row in event["standings"]), reverse=True
    )
    assert {row["entrant"] for row in event["standings"][:4]} == set(side0) | {
        s["entrant"] for s in tables[1]["seats"] if s["seat"] % 2 == 1
    }


def test_bad_input_is_refused_in_one_line_and_changes_nothing(pg_server: Server) -> None:
    server = pg_server
    for body, status, words in [
        ({"game": "smear", "rounds": 2, "hands": 3, "max_entrants": 10000}, 422, "400 entrants"),
        ({"game": "smear", "rounds": 2, "hands": 3, "max_entrants": 1}, 422, "from 2 to"),
        ({"game": "poker", "rounds": 2, "hands": 3}, 422, "unknown game"),
        ({"game": "smear", "rounds": 0, "hands": 3}, 400, "rounds"),
        ({"game": "smear", "rounds": 2, "hands": 3, "format": "knockout"}, 400, "format"),
        ({"game": "smear", "rounds": 2, "hands": 3, "bot": "genius"}, 422, "unknown bot"),
    ]:
        r = server.post("/api/tournaments", {"name": "x", **body})
        assert r.status_code == status and words in r.json()["error"], (body, r.text)
        assert "\n" not in r.json()["error"]
    t = make(server, game="sheepshead", rounds=2, hands=2, hall=True, max_entrants=10)
    tid = t["tournament"]
    assert server.get("/api/tournaments/nope").status_code == 404
    tokens = register(server, tid, ["Ann"])
    r = server.post(f"/api/tournaments/{tid}/rounds", {"director": t["director"]})
    assert r.status_code == 409 and "at least 2 entrants" in r.json()["error"]  # a tournament of one
    assert server.post(f"/api/tournaments/{tid}/entrants", {"name": "ann"}).status_code == 409  # one person twice
    tokens += register(server, tid, ["Ben", "Cat", "Dan", "Eve", "Fay"])
    r = server.post(f"/api/tournaments/{tid}/rounds", {"director": t["director"]})
    assert r.status_code == 409 and "register 4 more or withdraw 1" in r.json()["error"]  # no bots at a hall
    tokens += register(server, tid, ["Gus", "Hal", "Ida", "Jo"])
    r = server.post(f"/api/tournaments/{tid}/entrants", {"name": "Kim"})
    assert r.status_code == 409 and "full" in r.json()["error"]
    assert server.post(f"/api/tournaments/{tid}/rounds", {"director": tokens[0]}).status_code == 403
    assert server.post(f"/api/tournaments/{tid}/me", {"token": "wrong"}).status_code == 403
    before = server.get(f"/api/tournaments/{tid}").json()
    assert before["played"] == []
    event = server.post(f"/api/tournaments/{tid}/rounds", {"director": t["director"]}).json()
    assert server.post(f"/api/tournaments/{tid}/rounds", {"director": t["director"]}).status_code == 409
    table = event["played"][0]["tables"][0]
    seated = [s["entrant"] for s in table["seats"] if s["entrant"] is not None]
    outsider = next(n for n in range(1, 11) if n not in seated)
    good = {"token": t["director"], "round": 1, "table": 1, "hand": 1, "entry": {"score": [4, -1, -1, -1, -1]}}
    snapshot = server.get(f"/api/tournaments/{tid}").json()
    for body, status, words in [
        ({**good, "entry": {"score": [4, -1, -1, -1, 0]}}, 422, "sum to 1"),
        ({**good, "entry": {"score": [4, -1]}}, 422, "5 payments"),
        ({**good, "token": "wrong"}, 403, "not this tournament's"),
        ({**good, "hand": 3}, 422, "hands 1 to 2"),
        ({**good, "table": 9}, 404, "no table 9"),
        ({**good, "round": "1"}, 400, "whole numbers"),
    ]:
        r = server.post(f"/api/tournaments/{tid}/results", body)
        assert r.status_code == status and words in r.json()["error"], (body, r.text)
    r = server.post(f"/api/tournaments/{tid}/results", {**good, "token": tokens[outsider - 1]})
    assert r.status_code == 403 and "the captain of that table" in r.json()["error"]
    assert server.get(f"/api/tournaments/{tid}").json() == snapshot  # nothing changed
    assert server.post(f"/api/tournaments/{tid}/results", good).status_code == 201
    r = server.post(f"/api/tournaments/{tid}/results", good)
    assert r.status_code == 409 and "entered already" in r.json()["error"]  # entered twice
    r = server.post(f"/api/tournaments/{tid}/rounds/1/end", {"director": t["director"]})
    assert r.status_code == 200 and r.json()["played"][0]["status"] == "over"
    r = server.post(f"/api/tournaments/{tid}/results", {**good, "hand": 2})
    assert r.status_code == 409 and "is over" in r.json()["error"]  # for a finished round
    r = server.post(f"/api/tournaments/{tid}/rounds/1/end", {"director": t["director"]})
    assert r.status_code == 409
    assert server.post(f"/api/tournaments/{tid}/entrants/99/bot", {"director": t["director"]}).status_code == 404


def test_a_server_killed_during_a_round_loses_nothing(pg_db: str) -> None:
    server = Server(pg_db, "--grace", "0.2", "--bot-pause", "0.05").start()
    try:
        t = make(server, game="sheepshead", preset="tournament", rounds=1, hands=6)
        tid = t["tournament"]
        tokens = register(server, tid, [f"P{n}" for n in range(1, 11)])
        event = server.post(f"/api/tournaments/{tid}/rounds", {"director": t["director"]}).json()
        time.sleep(1.0)
        during = server.get(f"/api/tournaments/{tid}").json()
        assert during["played"][0]["status"] == "playing"  # killed in the middle of the round
        server.kill()
    finally:
        server.kill()
    again = Server(pg_db, "--grace", "0.2").start()
    try:
        after = wait_round_over(again, tid)
        assert entrant_meetings(after) == entrant_meetings(event)
        assert all(table["hands"] == 6 for table in after["played"][0]["tables"])
        assert all(row["hands"] == 6 for row in after["standings"])
        assert again.post(f"/api/tournaments/{tid}/me", {"token": tokens[3]}).status_code == 200
    finally:
        again.stop()


def test_a_duplicate_round_deals_the_same_boards_at_every_table(pg_server: Server) -> None:
    server = pg_server
    t = make(server, game="smear", rounds=1, hands=2, duplicate=True)
    tid = t["tournament"]
    tokens = register(server, tid, [f"P{n}" for n in range(1, 9)])
    during = server.post(f"/api/tournaments/{tid}/rounds", {"director": t["director"]}).json()
    if during["played"][0]["status"] == "playing":
        # while the boards are played nobody learns another table's id (its record shows the cards)
        assert all(table["table"] is None for table in during["played"][0]["tables"])
        assert server.post(f"/api/tournaments/{tid}/me", {"token": tokens[0]}).json()["table"]["table"]
    event = wait_round_over(server, tid)
    decks = []
    for table in event["played"][0]["tables"]:
        # each board is a match of its own, dealt by seat k modulo 4 for board k
        records = [server.get(f"/api/tables/{table['table']}/record?match={m}").json() for m in range(2)]
        assert all(replay_record(rec)[0] == 0 for rec in records)
        decks.append([(h["dealer"], h["deal"]["deck"]) for rec in records for h in rec["hands"]])
    assert len(decks) == 2 and decks[0] == decks[1] and len(decks[0]) == 2
    assert [dealer for dealer, _ in decks[0]] == [0, 1]
    assert decks[0][0][1] != decks[0][1][1]  # the boards of a round differ from each other
    assert all(row["matchpoints"] >= 0 for row in event["standings"])
    assert sum(row["matchpoints"] for row in event["standings"]) == 8 * 2  # each board: 2 a pair of seats, shared


def test_the_pages_the_home_pages_entry_and_the_score_sheets_qr_code_are_served(server: Server) -> None:
    t = make(server, game="seep", rounds=1, hands=2, hall=True)
    tid = t["tournament"]
    assert "/tournaments/new" in server.get("/").text
    for path in ("new", tid, f"{tid}/director", f"{tid}/me", f"{tid}/enter", f"{tid}/sheets"):
        r = server.get(f"/tournaments/{path}")
        assert r.status_code == 200 and "/static/js/tournament.js" in r.text, path
    assert server.get("/static/js/tournament.js").status_code == 200
    # /tournaments typed by hand leads to making one (a tournament is reached by its own link)
    r = server.get("/tournaments")
    assert r.status_code == 307 and r.headers["location"] == "/tournaments/new"
    assert server.get(f"/api/tournaments/{tid}/qr/1/2.svg").status_code == 404  # no round yet
    register(server, tid, [f"P{n}" for n in range(1, 9)])
    assert server.post(f"/api/tournaments/{tid}/rounds", {"director": t["director"]}).status_code == 200
    r = server.get(f"/api/tournaments/{tid}/qr/1/2.svg")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg+xml") and "<svg" in r.text
    assert server.get("/api/tournaments/nope/qr/1/2.svg").status_code == 404
    # only the tournament's own rounds and tables, and no number of 900 digits is drawn
    for path in ("1/3", "2/1", "0/1", "9" * 900 + "/1", "1/" + "9" * 900, "1/-1", "1/1e3"):
        r = server.get(f"/api/tournaments/{tid}/qr/{path}.svg")
        assert r.status_code == 404 and len(r.json()["error"]) <= 300, (path[:20], r.text[:200])
    event = server.get(f"/api/tournaments/{tid}").json()
    assert event["partners"] == [[0, 2], [1, 3]] and [f["name"] for f in event["fields"]] == ["card_points", "sweeps"]
    assert "director" not in event and "token" not in str(event)  # no secret in what anyone may see


async def test_the_director_replaces_a_missing_entrant_by_a_bot(pg_db: str) -> None:
    from tests.web.client import Client

    server = Server(pg_db, "--grace", "0.2", "--bot-pause", "0.1").start()
    try:
        t = make(server, game="sheepshead", preset="tournament", rounds=2, hands=1)
        tid = t["tournament"]
        tokens = register(server, tid, [f"P{n}" for n in range(1, 8)])
        server.post(f"/api/tournaments/{tid}/rounds", {"director": t["director"]})
        me = server.post(f"/api/tournaments/{tid}/me", {"token": tokens[0]}).json()["table"]
        r = server.post(f"/api/tournaments/{tid}/entrants/1/bot", {"director": tokens[1]})
        assert r.status_code == 403
        r = server.post(f"/api/tournaments/{tid}/entrants/1/bot", {"director": t["director"], "bot": "random"})
        assert r.status_code == 200, r.text
        assert r.json()["entrants"][0]["replaced_by"] == "random"
        seat = server.get(f"/api/tables/{me['table']}").json()["seats"][me["seat"]]
        assert seat["player"] == "random"
        from websockets.exceptions import ConnectionClosed

        with pytest.raises(ConnectionClosed):  # the entrant's seat token no longer works
            client = await Client.connect(server, me["table"], tokens[0])
            await client.recv(5)
        r = server.post(f"/api/tournaments/{tid}/entrants/1/bot", {"director": t["director"]})
        assert r.status_code == 409
        wait_round_over(server, tid)
        event = server.post(f"/api/tournaments/{tid}/rounds", {"director": t["director"]}).json()
        assert all(1 not in [s["entrant"] for s in table["seats"]] for table in event["played"][1]["tables"])
        assert server.post(f"/api/tournaments/{tid}/me", {"token": tokens[0]}).json()["table"] is None
        event = wait_round_over(server, tid)
        first = next(row for row in event["standings"] if row["entrant"] == 1)
        assert first["hands"] == 1 and all(row["hands"] == 2 for row in event["standings"] if row["entrant"] != 1)
    finally:
        server.stop()


def test_fixed_partnerships_in_a_round_robin_meet_every_other_pair_once(pg_server: Server) -> None:
    server = pg_server
    r = server.post("/api/tournaments", {"name": "x", "game": "sheepshead", "rounds": 2, "hands": 1, "format": "swiss"})
    assert r.status_code == 422 and "fixed partners" in r.json()["error"]
    t = make(server, game="seep", rounds=3, hands=1, format="round_robin")
    tid = t["tournament"]
    r = server.post(f"/api/tournaments/{tid}/entrants", {"name": "Ann"})
    assert r.status_code == 400 and "partner" in r.json()["error"]
    r = server.post(f"/api/tournaments/{tid}/entrants", {"name": "Ann", "partner": "ann"})
    assert r.status_code == 400 and "two different people" in r.json()["error"]
    pairs = []
    for n in range(4):
        r = server.post(f"/api/tournaments/{tid}/entrants", {"name": f"A{n}", "partner": f"B{n}"})
        assert r.status_code == 201, r.text
        got = r.json()
        assert got["partner"]["token"] != got["token"]
        pairs.append((got["entrant"], got["partner"]["entrant"]))
    for _ in range(3):
        assert server.post(f"/api/tournaments/{tid}/rounds", {"director": t["director"]}).status_code == 200
        event = wait_round_over(server, tid)
    assert event["status"] == "over"
    met: dict[frozenset[tuple[int, int]], int] = {}
    for rnd in event["played"]:
        assert len(rnd["tables"]) == 2
        for table in rnd["tables"]:
            seats = [s["entrant"] for s in table["seats"]]
            sides = [(seats[0], seats[2]), (seats[1], seats[3])]
            assert all(side in pairs for side in sides)  # partners stay together
            met[frozenset(sides)] = met.get(frozenset(sides), 0) + 1
    assert len(met) == 6 and set(met.values()) == {1}  # each of the 6 meetings of 4 pairs, once
    points = {row["entrant"]: row["points"] for row in event["standings"]}
    assert all(points[a] == points[b] for a, b in pairs)
    other = make(server, game="smear", rounds=1, hands=1)
    r = server.post(f"/api/tournaments/{other['tournament']}/entrants", {"name": "Ann", "partner": "Ben"})
    assert r.status_code == 400 and "partners change" in r.json()["error"]


def test_a_tournament_table_plays_its_hands_whatever_matches_are_won(pg_server: Server) -> None:
    # Smear to 1 point: a match is won by nearly every hand, and each table plays on to 5 hands
    server = pg_server
    t = make(server, game="smear", rules={"target_score": 1}, rounds=1, hands=5)
    tid = t["tournament"]
    tokens = register(server, tid, [f"P{n}" for n in range(1, 9)])
    server.post(f"/api/tournaments/{tid}/rounds", {"director": t["director"]})
    event = wait_round_over(server, tid)
    assert all(table["hands"] == 5 for table in event["played"][0]["tables"])
    assert all(row["hands"] == 5 for row in event["standings"])
    for table in event["played"][0]["tables"]:
        summary = server.get(f"/api/tables/{table['table']}").json()
        assert summary["status"] == "over" and summary["match"] >= 1  # a match was won and another begun
        records = [
            server.get(f"/api/tables/{table['table']}/record?match={m}").json() for m in range(summary["match"] + 1)
        ]
        assert sum(len(rec["hands"]) for rec in records) == 5
        assert all(replay_record(rec)[0] == 0 for rec in records)
        who = next(seat["entrant"] for seat in table["seats"] if seat["entrant"] is not None)
        r = server.post(f"/api/tables/{table['table']}/again", {"token": tokens[who - 1], "match": summary["match"]})
        assert r.status_code == 409 and "once" in r.json()["error"]  # no play again at a tournament's table


def test_the_director_ends_a_round_by_time_and_only_finished_hands_count(pg_db: str) -> None:
    server = Server(pg_db, "--grace", "0.2", "--bot-pause", "0.05").start()
    try:
        t = make(server, game="sheepshead", preset="tournament", rounds=2, hands=6)
        tid = t["tournament"]
        register(server, tid, [f"P{n}" for n in range(1, 11)])
        server.post(f"/api/tournaments/{tid}/rounds", {"director": t["director"]})
        time.sleep(2.0)
        assert server.post(f"/api/tournaments/{tid}/rounds/1/end", {"director": "wrong"}).status_code == 403
        r = server.post(f"/api/tournaments/{tid}/rounds/1/end", {"director": t["director"]})
        assert r.status_code == 200, r.text
        event = r.json()
        assert event["played"][0]["status"] == "over" and event["status"] == "playing"
        for table in event["played"][0]["tables"]:
            summary = server.get(f"/api/tables/{table['table']}").json()
            assert summary["status"] == "closed"  # no hand is played on
            got = server.get(f"/api/tables/{table['table']}/record")
            finished = got.json()["hands"] if got.status_code == 200 else []  # 404: none finished
            assert table["hands"] == len(finished) < 6
            seated = [s["entrant"] for s in table["seats"] if s["entrant"] is not None]
            rows = {row["entrant"]: row for row in event["standings"]}
            assert all(rows[p]["hands"] == len(finished) for p in seated)
        time.sleep(0.5)
        assert server.get(f"/api/tournaments/{tid}").json()["standings"] == event["standings"]  # nothing more
        assert server.post(f"/api/tournaments/{tid}/rounds", {"director": t["director"]}).status_code == 200
    finally:
        server.stop()


def test_a_player_registers_as_themselves_and_the_rounds_hands_count_in_their_history_and_rating(
    pg_server: Server,
) -> None:
    server = pg_server
    made = server.post("/api/players", {"name": "Hilde"})
    assert made.status_code == 201, made.text
    player = made.json()["token"]
    t = make(server, game="sheepshead", rounds=1, hands=2)
    tid = t["tournament"]
    r = server.post(f"/api/tournaments/{tid}/entrants", {"player": player})
    assert r.status_code == 201 and r.json()["name"] == "Hilde", r.text  # the player's own name
    again = server.post(f"/api/tournaments/{tid}/entrants", {"player": player, "name": "Hilde II"})
    assert again.status_code == 409 and "already" in again.json()["error"], again.text
    wrong = server.post(f"/api/tournaments/{tid}/entrants", {"player": player + "x", "name": "Mallory"})
    assert wrong.status_code == 403, wrong.text
    register(server, tid, ["Ann", "Ben", "Cy", "Dot"])
    assert len(server.get(f"/api/tournaments/{tid}").json()["standings"]) == 5  # nothing else was stored
    assert server.post(f"/api/tournaments/{tid}/rounds", {"director": t["director"]}).status_code == 200
    event = wait_round_over(server, tid)
    (table,) = event["played"][0]["tables"]
    me = server.post("/api/players/me", {"token": player}).json()
    (row,) = me["tables"]
    assert row["table"] == table["table"]
    # every contested hand is rated (a doubled or passed-out one is no contest: docs/ratings.md)
    assert 1 <= row["rated_hands"] == me["ratings"]["sheepshead"]["hands"] <= 2


# --- hall results: the captain, the withdrawn, the director's corrections ---


def test_the_director_corrects_a_false_result_and_the_standings_follow(server: Server) -> None:
    t = make(server, game="sheepshead", rounds=2, hands=2, hall=True)
    tid, director = t["tournament"], t["director"]
    tokens = register(server, tid, [f"P{n}" for n in range(1, 11)])
    event = server.post(f"/api/tournaments/{tid}/rounds", {"director": director}).json()
    table = event["played"][0]["tables"][0]
    seats = [s["entrant"] for s in table["seats"]]
    assert table["captain"] == seats[0]  # the captain sits in the first seat
    entry = {"round": 1, "table": 1, "hand": 1}
    truth, false = [-2, 1, 1, -1, 1], [4, -1, -1, -1, -1]
    r = server.post(
        f"/api/tournaments/{tid}/results", {**entry, "token": tokens[seats[1] - 1], "entry": {"score": truth}}
    )
    assert r.status_code == 403 and "captain (P" in r.json()["error"]  # only the captain, named
    # the captain enters a false result first (their own seat wins)
    r = server.post(
        f"/api/tournaments/{tid}/results", {**entry, "token": tokens[seats[0] - 1], "entry": {"score": false}}
    )
    assert r.status_code == 201, r.text
    r = server.post(
        f"/api/tournaments/{tid}/results", {**entry, "token": tokens[seats[0] - 1], "entry": {"score": truth}}
    )
    assert r.status_code == 409 and "only the director changes it" in r.json()["error"]
    r = server.post(f"/api/tournaments/{tid}/results", {**entry, "token": director, "entry": {"score": truth}})
    assert r.status_code == 409 and "correction" in r.json()["error"]  # never changed by mistake
    fix = {**entry, "token": tokens[seats[0] - 1], "entry": {"score": truth}, "correct": True}
    assert server.post(f"/api/tournaments/{tid}/results", fix).status_code == 403  # only the director corrects
    r = server.post(f"/api/tournaments/{tid}/results", {**fix, "token": director})
    assert r.status_code == 200, r.text
    assert r.json()["change"]["was"] == false and r.json()["change"]["now"] == truth
    # the log: the director sees the scores; anyone sees which hand, its scores once the round is over
    log = server.post(f"/api/tournaments/{tid}/log", {"director": director}).json()["changes"]
    assert [(c["hand"], c["was"], c["now"]) for c in log] == [(1, false, truth)]
    assert server.post(f"/api/tournaments/{tid}/log", {"director": tokens[0]}).status_code == 403
    during = server.get(f"/api/tournaments/{tid}").json()
    assert during["corrections"] == [{"number": 1, "round": 1, "table": 1, "hand": 1}]
    entered = server.post(f"/api/tournaments/{tid}/entries", {"token": tokens[seats[2] - 1], "round": 1, "table": 1})
    assert [h["score"] for h in entered.json()["hands"]] == [truth]  # an entrant of the table sees them
    # the captain is withdrawn: their token enters nothing more, the next seat is captain
    assert server.post(f"/api/tournaments/{tid}/entrants/{seats[0]}/bot", {"director": director}).status_code == 200
    second = {"round": 1, "table": 1, "hand": 2, "entry": {"score": [0, 0, 0, 0, 0]}}
    r = server.post(f"/api/tournaments/{tid}/results", {**second, "token": tokens[seats[0] - 1]})
    assert r.status_code == 403 and "withdrawn" in r.json()["error"]
    assert server.get(f"/api/tournaments/{tid}").json()["played"][0]["tables"][0]["captain"] == seats[1]
    assert server.post(f"/api/tournaments/{tid}/results", {**second, "token": tokens[seats[1] - 1]}).status_code == 201
    other = event["played"][0]["tables"][1]
    for hand in (1, 2):
        body = {"token": director, "round": 1, "table": 2, "hand": hand, "entry": {"score": [1, 1, -1, -1, 0]}}
        assert server.post(f"/api/tournaments/{tid}/results", body).status_code == 201
    after = server.get(f"/api/tournaments/{tid}").json()
    assert after["played"][0]["status"] == "over"
    assert after["corrections"][0]["was"] == false and after["corrections"][0]["now"] == truth
    points = {row["entrant"]: row["points"] for row in after["standings"]}
    assert [points[p] for p in seats] == truth  # the corrected result counts, not the false one
    # a result of a round that is over is corrected by the director too, and the standings follow
    fixed = {
        "token": director,
        "round": 1,
        "table": 2,
        "hand": 2,
        "entry": {"score": [2, 0, -1, -1, 0]},
        "correct": True,
    }
    assert server.post(f"/api/tournaments/{tid}/results", fixed).status_code == 200
    points = {row["entrant"]: row["points"] for row in server.get(f"/api/tournaments/{tid}").json()["standings"]}
    assert [points[s["entrant"]] for s in other["seats"]] == [3, 1, -2, -2, 0]
    # the withdrawn captain is marked, in the standings and the CSV, and ranks after everyone else
    rows = server.get(f"/api/tournaments/{tid}").json()["standings"]
    gone = next(row for row in rows if row["entrant"] == seats[0])
    assert gone["replaced"] == "replaced by the rule bot in round 1" and gone is rows[-1]
    assert gone["rank"] > max(row["rank"] for row in rows if row["entrant"] != seats[0])
    csv_lines = server.get(f"/api/tournaments/{tid}/results.csv").text.splitlines()
    assert csv_lines[0].endswith(",replaced") and csv_lines[-1].endswith(",replaced by the rule bot in round 1")


def test_replaced_entrants_rank_after_everyone_who_was_not_whatever_they_scored() -> None:
    seatings = {1: {1: [1, 2, 3, 4, 5]}}
    results = [Result(1, 1, 1, (5, -2, 1, -2, -2)), Result(1, 1, 2, (3, 1, -2, -1, -1))]
    rows = standings([(n, f"P{n}") for n in range(1, 6)], seatings, results, replaced={1: ("rule", 1), 4: ("rule", 0)})
    assert [r.number for r in rows] == [2, 3, 5, 1, 4]  # 1 scored most, and ranks after the three who played
    assert [r.rank for r in rows] == [1, 1, 3, 4, 5]  # 2 and 3 equal on every tie-break
    assert rows[3].replaced == "replaced by the rule bot in round 1"
    assert rows[4].replaced == "replaced by the rule bot before the first round"
    assert rows[0].to_json()["replaced_by"] is None


def test_400_entrants_are_seated_apart_within_the_search_s_bound() -> None:
    from cardtable.web.tournaments import seating

    history: list[Any] = []
    for n in range(3):
        history.append(seat_round(list(range(1, 401)), 5, history, seed=n + 1))
    assert repeats(history) == 0
    # the bound: a search allowed almost no swaps stops at once, with every entrant seated once
    tables = seating._mixed(list(range(1, 401)), 5, history, (), 4, max_tries=1)
    assert sorted(p for t in tables for p in t if p is not None) == list(range(1, 401))


# --- duplicate boards: a table's record is held back until every table has finished the board ---


async def test_a_duplicate_boards_record_is_held_until_every_table_has_finished_it(tmp_path: Any) -> None:
    from tests.web.client import Client, play, running

    with running(f"sqlite:///{tmp_path / 't.db'}", "--grace", "600") as server:
        t = make(server, game="smear", rounds=1, hands=2, duplicate=True)
        tid = t["tournament"]
        tokens = register(server, tid, [f"P{n}" for n in range(1, 9)])
        server.post(f"/api/tournaments/{tid}/rounds", {"director": t["director"]})
        seats: dict[str, list[str]] = {}
        for token in tokens:
            me = server.post(f"/api/tournaments/{tid}/me", {"token": token}).json()["table"]
            seats.setdefault(me["table"], []).append(token)
        first, second = list(seats)

        async def play_board(table: str) -> None:
            clients = [await Client.connect(server, table, token) for token in seats[table]]
            rng = random.Random(table)
            ended = lambda m: m["t"] == "event" and m.get("result") is not None  # noqa: E731
            await asyncio.gather(*(play(c, lambda c: rng.choice(c.legal), ended) for c in clients))
            for c in clients:
                await c.close()

        await play_board(first)
        record = server.get(f"/api/tables/{first}/record?match=0")
        assert record.status_code == 409 and "still being played at another table" in record.json()["error"]
        assert server.get(f"/api/tables/{first}/record").status_code in (404, 409)
        review = server.post(f"/api/tables/{first}/review", {"hand": 0, "seat": 0, "match": 0})
        assert review.status_code == 409, review.text
        await play_board(second)
        deadline = time.monotonic() + 30
        while (record := server.get(f"/api/tables/{first}/record?match=0")).status_code == 409:
            assert time.monotonic() < deadline, record.text
            time.sleep(0.1)
        assert record.status_code == 200 and len(record.json()["hands"]) == 1

"""The review panel's endpoints, in process: a hand of a record reviewed as a job that says how far
it got and agrees with ``cardtable analyze``, answered from the cache when asked again, bad input
refused in one line, and a table's hand in play refused for every seat, with nothing of it told."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient

from cardtable.analysis.grades import GRADES
from cardtable.analysis.review import analyze_hand
from cardtable.web.app import create_app
from cardtable.web.review.jobs import ReviewLimits
from cardtable.web.settings import Settings
from tests.analysis.helpers import played_record

#: A card as the record and the views write it.
CARD = re.compile(r"\b(?:10|[2-9AJQK])[CDHS]\b")


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    db = tmp_path_factory.mktemp("review") / "tables.db"
    settings = Settings(
        db=f"sqlite:///{db}", bot_pause=0, summary_pause=0, bot_workers=0, allowed_hosts=("testserver",)
    )
    app = create_app(settings)
    # the worker runs at idle priority: on a busy machine a decision may wait long for the CPU
    app.state.review_limits = ReviewLimits(burst=1000, call_seconds=600, job_seconds=1200)
    with TestClient(app) as client:
        yield client


def finished(client: TestClient, answer: dict[str, Any]) -> dict[str, Any]:
    """Poll the job until it is done or failed (a hang guard, not a measure)."""
    seen = []
    deadline = time.monotonic() + 120
    while answer["state"] in ("queued", "running"):
        assert time.monotonic() < deadline, "the review did not finish"
        seen.append(answer["done"])
        time.sleep(0.05)
        answer = client.get(f"/api/review/{answer['job']}").json()
    assert seen == sorted(seen)  # the progress only goes forward
    return answer


@pytest.mark.parametrize("game_name", ["seep", "smear", "sheepshead"])
def test_a_records_hand_is_reviewed_as_the_analyze_command_does(client: TestClient, game_name: str) -> None:
    record = played_record(game_name, 11, hands=2)
    got = finished(client, client.post("/api/review?hand=1&seat=1", json=record).json())
    assert got["state"] == "done" and got["done"] == got["total"]
    review = got["review"]
    assert review["complete"] and review["seat"] == 1 and review["hand"] == 1
    expected = analyze_hand(record, 1, [1], None, review["level"], 0, open_card=True)
    assert review["decisions"] == expected["decisions"]
    assert review["open_card"] == expected["open_card"]["1"]
    assert [d["index"] for d in review["decisions"]] == review["turns"]
    assert all(d["grade"] in GRADES for d in review["decisions"])
    steps = review["steps"]
    assert len(steps) == len(record["hands"][1]["actions"]) + 1  # type: ignore[index]
    assert all(s["view"]["seat"] == 1 for s in steps)  # the seat's own view at every step
    assert review["score"] is not None and review["value"] is not None
    again = client.post("/api/review?hand=1&seat=1", json=record).json()
    assert again["state"] == "done" and again["review"] == review  # from the cache, at once


def test_bad_requests_are_refused_in_one_line(client: TestClient) -> None:
    record = played_record("smear", 4)
    for path, body, status in (
        ("/api/review", b"{not json", 400),
        ("/api/review", b'{"game": "chess"}', 422),
        ("/api/review?hand=3", None, 422),
        ("/api/review?seat=9", None, 422),
        ("/api/review?hand=-1", None, 400),
    ):
        content = body if body is not None else json.dumps(record).encode()
        got = client.post(path, content=content, headers={"content-type": "application/json"})
        assert got.status_code == status, path
        message = got.json()["error"]
        assert message and "\n" not in message and "Traceback" not in message
    assert "seat 9" in client.post("/api/review?seat=9", json=record).json()["error"]
    assert client.get("/api/review/nonesuch").status_code == 404


def test_a_hand_in_play_at_a_table_is_refused_for_every_seat(client: TestClient) -> None:
    t = client.post("/api/tables", json={"game": "smear", "seats": ["human", "rule", "rule", "rule"]}).json()
    client.post(f"/api/tables/{t['table']}/join", json={"invite": t["invite"], "name": "Ann"})
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{t['table']}").json()["status"] != "playing":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    for seat in range(4):  # the seat's own hand and another seat's: nothing of either is told
        got = client.post(f"/api/tables/{t['table']}/review", json={"hand": 0, "seat": seat})
        assert got.status_code == 409, got.text
        assert set(got.json()) == {"error"} and "still being played" in got.json()["error"]
        assert not CARD.search(got.text)
    assert client.post(f"/api/tables/{t['table']}/review", json={"hand": 1, "seat": 0}).status_code == 404
    assert client.post(f"/api/tables/{t['table']}/review", json={"hand": "x", "seat": 0}).status_code == 400


def test_a_finished_hand_at_a_table_is_reviewed_for_its_seat(client: TestClient) -> None:
    t = client.post("/api/tables", json={"game": "smear", "seats": ["rule"] * 4, "hands": 2}).json()
    deadline = time.monotonic() + 60
    while client.get(f"/api/tables/{t['table']}").json()["status"] != "over":
        assert time.monotonic() < deadline
        time.sleep(0.05)
    record = client.get(f"/api/tables/{t['table']}/record").json()
    got = finished(client, client.post(f"/api/tables/{t['table']}/review", json={"hand": 1, "seat": 2}).json())
    assert got["state"] == "done" and got["review"]["seat"] == 2
    same = client.post("/api/review?hand=1&seat=2", json=record).json()  # the viewer's, from the cache
    assert same["state"] == "done" and same["review"] == got["review"]


def test_a_review_past_its_time_says_how_far_it_got() -> None:
    import asyncio

    from cardtable.web.review.jobs import Reviewer

    record = played_record("smear", 12)

    async def run() -> dict[str, Any]:
        reviewer = Reviewer(ReviewLimits(job_seconds=0.0))
        try:
            job = reviewer.start("a", record, 0, 0)
            while job.state in ("queued", "running"):
                await asyncio.sleep(0.05)
            return job.to_json()
        finally:
            reviewer.close()

    got = asyncio.run(run())
    review = got["review"]
    assert got["state"] == "done" and not review["complete"] and review["open_card"] is None
    assert review["stopped"] == f"the review's 0 s ran out after {got['done']} of {got['total']} decisions"
    assert got["done"] < got["total"]

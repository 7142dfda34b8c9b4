"""The review panel's endpoints, in process: a hand of a record reviewed as a job that says how far
it got and agrees with ``cardtable analyze``, answered from the cache when asked again, bad input
refused in one line, and a table's hand in play refused for every seat, with nothing of it told."""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient
from sqlalchemy import select

from cardtable.analysis.grades import GRADES
from cardtable.analysis.review import analyze_hand
from cardtable.i18n import said_words, speaking
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
    """Poll the job until it is done or failed (a hang guard, not a measure: a Seep review's
    open-card solves run uncompiled and take a minute or two on a busy machine)."""
    seen = []
    deadline = time.monotonic() + 400
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
        assert set(got.json()) == {"error", "error_words"} and "still being played" in got.json()["error"]
        assert not CARD.search(got.text)
        with speaking("de"):  # the server's own words, for the page to say in its reader's language
            said = said_words(got.json()["error_words"], got.json()["error"])
        assert said.startswith("Spiel 1 wird an diesem Tisch noch gespielt: Seine Analyse öffnet sich, wenn")
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

    from cardtable.web.review.jobs import Reviewer, check_review

    record = played_record("smear", 12)

    async def run() -> dict[str, Any]:
        reviewer = Reviewer(ReviewLimits(job_seconds=0.0))
        try:
            status, checked = check_review(json.dumps(record).encode(), 0, 0, None, 0)
            assert status == 200
            reviewer.admit("a")
            job = await reviewer.start("a", checked["key"], checked["record"], 0, 0)
            while job.state in ("queued", "running"):
                await asyncio.sleep(0.05)
            out: dict[str, Any] = json.loads(job.answer().body)
            return out
        finally:
            reviewer.close()

    got = asyncio.run(run())
    review = got["review"]
    assert got["state"] == "done" and not review["complete"] and review["open_card"] is None
    assert review["stopped"] == f"the review's 0 s ran out after {got['done']} of {got['total']} decisions"
    assert got["done"] < got["total"]
    # and its words, for the page to say in its reader's language
    with speaking("de"):
        said = said_words(review["stopped_words"], review["stopped"])
    assert said == f"die 0 s der Analyse waren nach {got['done']} von {got['total']} Entscheidungen um"


def test_no_address_holds_more_than_its_share_of_the_review_queue() -> None:
    """Two addresses asking as fast as they may cannot keep the queue full: each holds at most its
    share (``429`` past it), and a third address always finds a place."""
    from cardtable.web.errors import Refused
    from cardtable.web.review.jobs import Reviewer

    limits = ReviewLimits(burst=1000)
    reviewer = Reviewer(limits)
    try:
        for address in ("a", "b"):
            taken = 0
            for _ in range(20):
                try:
                    reviewer.admit(address)
                    taken += 1
                except Refused as e:
                    assert e.status == 429 and "at once" in e.message
            assert taken == limits.per_address == 2
        for other in ("c", "d", "e"):
            reviewer.admit(other)  # a place for each newcomer
        for address in "fghijklmn":
            try:
                reviewer.admit(address)
            except Refused as e:  # only when every place is taken
                assert e.status == 503 and reviewer.admission.count == limits.queue + 1
                break
        else:
            raise AssertionError("the queue has no bound")
        reviewer.release("a")
        reviewer.admit("a")  # a place given back is taken again
    finally:
        reviewer.close()


def test_a_review_from_the_cache_counts_against_the_address_pace(tmp_path: Path) -> None:
    settings = Settings(
        db=f"sqlite:///{tmp_path / 't.db'}", bot_pause=0, summary_pause=0, bot_workers=0, allowed_hosts=("testserver",)
    )
    app = create_app(settings)
    app.state.review_limits = ReviewLimits(burst=3, every=3600, call_seconds=600, job_seconds=1200)
    record = played_record("smear", 4)
    with TestClient(app) as client:
        first = finished(client, client.post("/api/review?hand=0&seat=0", json=record).json())
        assert first["state"] == "done"
        codes = [client.post("/api/review?hand=0&seat=0", json=record).status_code for _ in range(4)]
        assert codes == [200, 200, 429, 429], codes  # answered from the cache, and still paced
        refused = client.post("/api/review?hand=0&seat=0", json=record)
        assert "try again in" in refused.json()["error"] and int(refused.headers["retry-after"]) >= 1


def test_a_job_is_read_from_the_database_by_a_process_that_did_not_make_it(tmp_path: Path) -> None:
    """The rows every process reads (`review.store`): another reviewer over the same database
    answers a job it never ran, a job whose process went silent reads as failed, and the rows are
    bounded in number and age."""
    import asyncio

    from sqlalchemy import update

    from cardtable.web.database import make_engine
    from cardtable.web.ops.migrate import upgrade
    from cardtable.web.review.jobs import STOPPED, Reviewer, check_review
    from cardtable.web.review.store import JobStore
    from cardtable.web.schema import review_jobs

    url = f"sqlite:///{tmp_path / 't.db'}"
    upgrade(url)
    engine = make_engine(url)
    record = json.dumps(played_record("smear", 4)).encode()

    async def run() -> None:
        limits = ReviewLimits(call_seconds=600, job_seconds=1200, stale_seconds=30)
        maker, other = Reviewer(limits, JobStore(engine)), Reviewer(limits, JobStore(engine))
        try:
            status, checked = check_review(record, 0, 0, None, 0)
            assert status == 200
            maker.admit("a")
            job = await maker.start("a", checked["key"], checked["record"], 0, 0)
            seen = json.loads((await other.answer(job.id)).body)
            assert seen["job"] == job.id and seen["state"] in ("queued", "running", "done")
            deadline = time.monotonic() + 600
            while job.state in ("queued", "running"):
                assert time.monotonic() < deadline
                await asyncio.sleep(0.1)
            mine = json.loads((await maker.answer(job.id)).body)
            theirs = json.loads((await other.answer(job.id)).body)
            assert theirs == mine and theirs["state"] == "done" and theirs["review"]["complete"]
            # the other process answers the same hand from the shared cache, at once
            other.admit("b")
            again = await other.start("b", checked["key"], checked["record"], 0, 0)
            assert again.state == "done" and json.loads(again.answer().body)["review"] == theirs["review"]
            # a job whose process stopped saying it works on it reads as failed
            JobStore(engine).add("silent", "k" * 64, "gone:1")
            with engine.begin() as conn:
                conn.execute(update(review_jobs).where(review_jobs.c.id == "silent").values(updated=time.time() - 31))
            dead = await other.answer("silent")
            failed = json.loads(dead.body)
            assert dead.status_code == 503 and failed["error"] == STOPPED
            with speaking("de"):
                said = said_words(failed["error_words"], failed["error"])
            assert said.startswith("der Server, der dieses Spiel analysierte, hat vor dem Ende aufgehört")
        finally:
            maker.close()
            other.close()

    asyncio.run(run())
    store = JobStore(engine)
    with engine.begin() as conn:
        conn.execute(review_jobs.delete())
    for n in range(10):
        store.add(f"j{n}", "k" * 64, "n", now=time.time() - 100 * n)
    store.sweep(kept=5, kept_seconds=450)
    with engine.connect() as conn:
        left = sorted(r[0] for r in conn.execute(select(review_jobs.c.id)))
    assert left == ["j0", "j1", "j2", "j3", "j4"]  # the newest five, none older than 450 s
    engine.dispose()

"""Random messages and bodies against the real server: every one gets its documented answer, the
connection stays usable, the table changes only by acknowledged moves, and nothing is a 500."""

from __future__ import annotations

import json
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.sync.client import connect

from tests.web.client import Server, create, join

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)

actions = st.sampled_from(["pass", "bid 2", "bid 9", "play 10D", "play ZZ", "discard", "", "  ", "bid", "play"])
messages = st.one_of(
    st.fixed_dictionaries(
        {"t": st.just("act"), "v": st.integers(-2, 40) | json_values, "action": actions | json_values},
        optional={"id": st.text(max_size=70) | json_values},
    ),
    st.fixed_dictionaries({"t": st.sampled_from(["hello", "ping", "again", "", "ACT"])}, optional={"v": json_values}),
    st.dictionaries(st.text(max_size=5), json_values, max_size=4),
    json_values,
)
raw = st.one_of(st.text(max_size=200), st.binary(max_size=200))


def recv_json(ws: Any) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(ws.recv(timeout=20))
    return out


# The WebSocket client draws its frame masks from `random` while an example runs.
@pytest.mark.filterwarnings("ignore::hypothesis.errors.HypothesisDeprecationWarning")
def test_random_messages_get_their_answers_and_change_nothing_unacknowledged(server: Server) -> None:
    t = create(server, "smear", ["human"] * 4)  # people only: the version moves only by acknowledged moves
    tokens = [join(server, t, name)["token"] for name in ("Ann", "Ben", "Cat", "Dan")]
    url = f"{server.ws}/ws/tables/{t['table']}"
    with connect(url) as ws, connect(url) as other:
        ws.send(json.dumps({"t": "hello", "token": tokens[0], "v": 0}))
        other.send(json.dumps({"t": "hello", "token": tokens[1], "v": 0}))
        assert recv_json(ws)["t"] == "snapshot"
        count = [0]

        @settings(max_examples=100, deadline=None, suppress_health_check=list(HealthCheck))
        @given(st.one_of(messages.map(json.dumps), raw))
        def check(msg: str | bytes) -> None:
            before = server.get(f"/api/tables/{t['table']}").json()["version"]
            count[0] += 1
            probe = f"probe-{count[0]}"
            ws.send(msg)
            ws.send(json.dumps({"t": "ping", "id": probe}))
            acked = False
            while True:
                got = recv_json(ws)
                assert got["t"] in ("rejected", "ack", "event", "pong", "table", "snapshot"), got
                if got["t"] == "rejected":
                    assert got["reason"] in ("bad_message", "stale", "not_your_turn", "illegal", "rate")
                    assert isinstance(got["message"], str) and "\n" not in got["message"]
                acked |= got["t"] == "ack"
                if got["t"] == "pong" and got.get("id") == probe:
                    break
            after = server.get(f"/api/tables/{t['table']}").json()["version"]
            assert after == before + acked

        check()


def test_random_bodies_never_break_the_http_api(server: Server) -> None:
    t = create(server, "sheepshead", ["human"] * 5)

    @settings(max_examples=120, deadline=None, suppress_health_check=list(HealthCheck))
    @given(
        st.sampled_from(["/api/tables", f"/api/tables/{t['table']}/join", f"/api/tables/{t['table']}/start"]),
        st.one_of(json_values.map(json.dumps).map(str.encode), st.binary(max_size=100)),
    )
    def check(path: str, body: bytes) -> None:
        headers = {"content-type": "application/json"}
        r = httpx.post(server.url + path, content=body, headers=headers, timeout=20)
        assert r.status_code in (200, 201, 400, 403, 404, 409, 413, 422, 429), r.text
        if r.status_code >= 400:
            assert set(r.json()) == {"error"} and "\n" not in r.json()["error"]

    check()
    assert server.get(f"/api/tables/{t['table']}").json()["status"] == "waiting"


def test_the_record_doors_refuse_every_hostile_record_in_one_short_line() -> None:
    """The hostile-record fuzzer's cases (tests/fuzzing.py: the targeted ones and seeded mutants of
    every game) sent to the doors that read records (`/api/replay`'s worker, the review's check):
    each refusal is one line of at most 300 characters, and nothing raises."""
    import random

    from cardtable.web.review.jobs import check_review
    from cardtable.web.review.replaywork import replay_bytes
    from tests import fuzzing

    seeds = fuzzing.seeds()
    chooser = fuzzing.RandomChooser(random.Random(23))
    texts = [text for _, text, _ in fuzzing.targeted()]
    texts += [fuzzing.mutate(chooser.choice(seeds), chooser).text for _ in range(200)]
    refused = 0
    for text in texts:
        raw = text.encode("utf-8", errors="surrogatepass")
        status, answer = replay_bytes(raw, False, None, False)
        if status != 200:
            refused += 1
            message = json.loads(answer)["error"]
            assert status in (400, 413, 422) and "\n" not in message and 0 < len(message) <= 300, message
        status, got = check_review(raw, 0, 0, None, 0)
        if status != 200:
            assert status in (400, 422) and isinstance(got, str) and "\n" not in got and 0 < len(got) <= 300, got
    assert refused > len(texts) // 2

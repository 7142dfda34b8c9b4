"""The Ray backends cancel only tasks whose results are not ready, and only when a run stops early:
a task whose result is already in the object store may not yet be marked done by the process
that submitted it, and cancelling it then aborts that process (a failed check in Ray's task
manager, met in a test run). A stand-in for the ``ray`` module records what is cancelled."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest

from cardtable import ray_cluster, sim, sim_ray
from cardtable.analysis import on_ray


class FakeRay:
    """Tasks run at once when submitted; ``ready`` says how many of them count as finished."""

    def __init__(self, ready: int) -> None:
        self.ready = ready
        self.submitted = 0
        self.cancelled: list[int] = []

    def remote(self, f: Any) -> Any:
        fake = self

        class Task:
            @staticmethod
            def remote(*args: Any) -> tuple[int, Any]:
                fake.submitted += 1
                return (fake.submitted - 1, f(*args))

        return Task

    def get(self, ref: tuple[int, Any]) -> Any:
        return ref[1]

    def wait(self, refs: list[Any], num_returns: int, timeout: float) -> tuple[list[Any], list[Any]]:
        return [r for r in refs if r[0] < self.ready], [r for r in refs if r[0] >= self.ready]

    def cancel(self, ref: tuple[int, Any]) -> None:
        self.cancelled.append(ref[0])


def _connected(fake: FakeRay) -> Any:
    @contextmanager
    def connected(address: str | None) -> Iterator[FakeRay]:
        yield fake

    return connected


def test_a_review_run_to_its_end_cancels_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeRay(ready=2)  # the last two look unfinished to Ray, as a reply not yet read would
    monkeypatch.setattr(on_ray, "connected", _connected(fake))
    got = list(on_ray.stream_hands(lambda h: {"hand": h}, [(h,) for h in range(4)], None))
    assert got == [{"hand": h} for h in range(4)]
    assert fake.cancelled == []


def test_a_review_stopped_early_cancels_only_what_is_unfinished(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeRay(ready=3)
    monkeypatch.setattr(on_ray, "connected", _connected(fake))
    hands = on_ray.stream_hands(lambda h: {"hand": h}, [(h,) for h in range(6)], None)
    assert next(hands) == {"hand": 0}
    hands.close()  # the reader stops after one hand (a budget spent, say)
    assert fake.cancelled == [3, 4, 5]


def test_a_sim_run_to_its_end_cancels_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = FakeRay(ready=0)
    monkeypatch.setattr(sim_ray, "connected", _connected(fake))
    job = sim.job_for("smear", {}, ["random", "random"], seed=1)
    results: list[Any] = []
    sim_ray.stream(None)(job, 3, 1, results.append)
    assert len(results) == 3 and fake.cancelled == []


def test_cancel_unfinished_leaves_ready_tasks_alone() -> None:
    fake = FakeRay(ready=2)
    ray_cluster.cancel_unfinished(fake, [(k, None) for k in range(5)])
    assert fake.cancelled == [2, 3, 4]
    ray_cluster.cancel_unfinished(fake, [])
    assert fake.cancelled == [2, 3, 4]

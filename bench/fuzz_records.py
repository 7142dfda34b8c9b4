"""The long fuzz run of records: mutants of valid records of every game through ``cardtable replay``.

    PYTHONPATH=src python bench/fuzz_records.py --mutants 20000 --jobs 2

Each case runs in a worker process with a deadline (``--deadline`` seconds) and a memory limit
(``--memory`` MB): a case past its deadline is a hang and its worker is replaced; a case that
runs out of memory is a memory error. The targeted cases of ``tests/fuzzing.py`` run first. The
counts are printed as a table (and as JSON with ``--json``); the exit status is 1 when any case
failed (an internal error, a hang, a memory error, a long refusal or a wrong acceptance).
"""

from __future__ import annotations

import argparse
import json
import multiprocessing as mp
import platform
import random
import resource
import sys
import tempfile
import time
from collections import Counter
from multiprocessing.connection import Connection, wait
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tests import fuzzing


def _worker(conn: Connection, seed: int, memory_mb: int) -> None:
    """Make and judge the cases whose numbers arrive on ``conn``; send back each verdict."""
    limit = memory_mb * 1024 * 1024
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    seeds = fuzzing.seeds()
    targeted = fuzzing.targeted()
    with tempfile.TemporaryDirectory() as folder:
        while True:
            n = conn.recv()
            if n is None:
                return
            if n < 0:
                name, text, want = targeted[-n - 1]
                ops = [f"targeted: {name}"]
            else:
                chooser = fuzzing.RandomChooser(random.Random(f"{seed}:{n}"))
                mutant = fuzzing.mutate(chooser.choice(seeds), chooser)
                text, ops, want = mutant.text, mutant.ops, None
            try:
                outcome = fuzzing.run_case(text, Path(folder))
                verdict, detail, status = outcome.verdict, outcome.detail, outcome.status
            except MemoryError:
                verdict, detail, status = "memory error", "", -1
            if verdict == "internal error" and "MemoryError" in detail:
                verdict = "memory error"
            if want is not None and verdict == "refused" and status != want:
                verdict, detail = "bad status", f"status {status}, expected {want}: {detail}"
            conn.send((n, verdict, status, detail[:300], ops))


class Pool:
    """Worker processes, each running one case at a time under a deadline."""

    def __init__(self, jobs: int, seed: int, memory_mb: int) -> None:
        self.seed, self.memory_mb = seed, memory_mb
        self.ctx = mp.get_context("fork")
        self.workers: list[dict[str, Any]] = [self._start() for _ in range(jobs)]

    def _start(self) -> dict[str, Any]:
        here, there = self.ctx.Pipe()
        proc = self.ctx.Process(target=_worker, args=(there, self.seed, self.memory_mb), daemon=True)
        proc.start()
        return {"proc": proc, "conn": here, "case": None, "since": 0.0}

    def run(self, cases: list[int], deadline: float, report: Any) -> None:
        todo = list(reversed(cases))
        while todo or any(w["case"] is not None for w in self.workers):
            for w in self.workers:
                if w["case"] is None and todo:
                    w["case"], w["since"] = todo.pop(), time.monotonic()
                    w["conn"].send(w["case"])
            busy = [w["conn"] for w in self.workers if w["case"] is not None]
            ready = wait(busy, timeout=0.5)
            now = time.monotonic()
            for i, w in enumerate(self.workers):
                if w["case"] is None:
                    continue
                if w["conn"] in ready:
                    try:
                        report(*w["conn"].recv())
                    except EOFError:  # the worker died: a crash
                        report(w["case"], "crash", -1, f"exit code {w['proc'].exitcode}", [])
                        self._replace(i)
                        continue
                    w["case"] = None
                elif now - w["since"] > deadline:
                    report(w["case"], "hang", -1, f"over {deadline} s", [])
                    self._replace(i)

    def _replace(self, i: int) -> None:
        old = self.workers[i]
        old["proc"].kill()
        old["proc"].join()
        self.workers[i] = self._start()

    def close(self) -> None:
        for w in self.workers:
            w["conn"].send(None)
            w["proc"].join(5)
            if w["proc"].is_alive():
                w["proc"].kill()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--mutants", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=19)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--deadline", type=float, default=10.0, help="seconds a case may take (default 10)")
    parser.add_argument("--memory", type=int, default=1024, help="memory limit of a worker in MB (default 1024)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)

    targeted = len(fuzzing.targeted())
    cases = [-(i + 1) for i in range(targeted)] + list(range(args.mutants))
    counts: Counter[str] = Counter()
    statuses: Counter[int] = Counter()
    failures: list[tuple[Any, ...]] = []
    started = time.monotonic()

    def report(n: int, verdict: str, status: int, detail: str, ops: list[str]) -> None:
        counts[("targeted " if n < 0 else "") + verdict] += 1
        statuses[status] += 1
        if verdict not in ("refused", "replayed"):
            failures.append((n, verdict, status, detail, ops))

    pool = Pool(args.jobs, args.seed, args.memory)
    try:
        pool.run(cases, args.deadline, report)
    finally:
        pool.close()
    seconds = time.monotonic() - started
    failed = sum(1 for f in failures)
    summary = {
        "mutants": args.mutants,
        "targeted": targeted,
        "seed": args.seed,
        "jobs": args.jobs,
        "deadline_s": args.deadline,
        "memory_mb": args.memory,
        "seconds": round(seconds, 1),
        "machine": f"{platform.machine()}, {mp.cpu_count()} CPUs, Python {platform.python_version()}",
        "verdicts": dict(sorted(counts.items())),
        "exit_statuses": {str(k): v for k, v in sorted(statuses.items())},
        "failures": failed,
    }
    if args.json:
        print(json.dumps(summary))
    else:
        for key, value in summary.items():
            print(f"{key:>14}: {value}")
    for f in failures[:20]:
        print("FAILED", f, file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

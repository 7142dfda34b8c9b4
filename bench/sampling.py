"""What the sampler benchmarks share (`smear_sample_fast.py`, `sheepshead_sample_fast.py`,
`smear_infer.py`): the machine's note, rounds timed in alternating order, the checked sampler
timed against a fast one world for world, and the command line.

Rounds alternate the order of what they compare, so that a loaded machine slows both alike; time
is this process's CPU time (`time.process_time`) and each figure the least of its rounds.
"""

from __future__ import annotations

import argparse
import inspect
import json
import os
import platform
import random
import time
from collections.abc import Callable, Sequence
from typing import Any

#: A sampler as the search calls it: ``draw(view, rng, infer)`` gives one world.
Draw = Callable[[Any, random.Random, bool], Any]


def machine() -> dict[str, Any]:
    """The machine, its Python and its load when this is called."""
    return {
        "machine": " ".join(part for part in (platform.machine(), platform.processor()) if part),
        "python": platform.python_version(),
        "cpus": os.cpu_count(),
        "load_average": [round(x, 2) for x in os.getloadavg()],
    }


def alternate(rounds: int, runs: dict[str, Callable[[], None]]) -> dict[str, float]:
    """Each run's least CPU time over ``rounds`` rounds, the order of the runs reversed every
    other round."""
    names = list(runs)
    times: dict[str, list[float]] = {name: [] for name in names}
    for r in range(rounds):
        for name in names if r % 2 == 0 else names[::-1]:
            t0 = time.process_time()
            runs[name]()
            times[name].append(time.process_time() - t0)
    return {name: min(t) for name, t in times.items()}


def fields(world: Any) -> Any:
    """A fast state's fields, to compare two worlds (``None`` stays ``None``)."""
    if world is None:
        return None
    cls = type(world)
    names = getattr(cls, "__slots__", None)
    if names is None:  # compiled by mypyc: no __slots__, the fields are the type's data descriptors
        names = sorted(n for n, v in vars(cls).items() if inspect.isdatadescriptor(v) and not n.startswith("__"))
    return tuple(getattr(world, name) for name in names)


def compare(
    views: Sequence[Any], checked: Draw, make_fast: Callable[[], Draw | None], worlds: int, rounds: int
) -> dict[str, Any]:
    """The checked sampler against a fast one, with the plays weighed (``infer``) and without:
    from every view, ``worlds`` worlds drawn with one stream seeded by the view's index, as a
    search draws them. ``make_fast()`` makes a new fast sampler (one per round, so that reading
    each view is counted; `SystemExit` if it gives none). First every world is checked to be the
    same from both, and the stream left in the same state, so that the times compare equal work;
    raises `SystemExit` if not.
    Returns microseconds per world of each and their ratio, keyed ``..._plain`` and ``..._infer``."""

    def fast() -> Draw:
        draw = make_fast()
        if draw is None:
            raise SystemExit("the fast sampler does not take these rules")
        return draw

    out: dict[str, Any] = {}
    n = len(views) * worlds
    for infer in (False, True):
        tag = "infer" if infer else "plain"
        draw = fast()
        for k, view in enumerate(views):
            a, b = random.Random(k), random.Random(k)
            for _ in range(worlds):
                if fields(checked(view, a, infer)) != fields(draw(view, b, infer)) or a.getstate() != b.getstate():
                    raise SystemExit(f"the samplers differ on view {k} ({tag})")

        def run(make: Callable[[], Draw], infer: bool = infer) -> Callable[[], None]:
            def go() -> None:
                draw = make()
                for k, view in enumerate(views):
                    rng = random.Random(k)
                    for _ in range(worlds):
                        draw(view, rng, infer)

            return go

        best = alternate(rounds, {"checked": run(lambda: checked), "fast": run(fast)})
        c, f = best["checked"] / n * 1e6, best["fast"] / n * 1e6
        out[f"us_per_world_checked_{tag}"] = round(c, 1)
        out[f"us_per_world_fast_{tag}"] = round(f, 1)
        out[f"checked_over_fast_{tag}"] = round(c / f, 2)
    return out


def main(
    doc: str, measure: Callable[..., dict[str, Any]], hands: int, worlds: int, rounds: int, options: bool = False
) -> None:
    """The command line of a sampler benchmark: ``--hands``, ``--worlds``, ``--rounds`` (these
    defaults), with ``options`` also ``--options`` (the rule options as JSON), and ``--json``;
    it calls ``measure(hands=, worlds=, rounds=[, options=])`` and prints the result as JSON or
    one figure a line."""
    p = argparse.ArgumentParser(description=doc.splitlines()[0])
    if options:
        p.add_argument("--options", default="{}", help="the rule options, as JSON")
    p.add_argument("--hands", type=int, default=hands)
    p.add_argument("--worlds", type=int, default=worlds)
    p.add_argument("--rounds", type=int, default=rounds)
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
    extra = {"options": json.loads(a.options)} if options else {}
    out = measure(hands=a.hands, worlds=a.worlds, rounds=a.rounds, **extra)
    if a.json:
        print(json.dumps(out))
    else:
        width = max(map(len, out)) + 2
        for k, v in out.items():
            print(f"{k:{width}} {v}")

"""The Ray backend of `cardtable.sim`: a tournament's units played as tasks on a Ray cluster.

It stands on `cardtable.sim`'s pieces (its units, `sim.play_unit`, and its way of handing them
over, `sim.Stream`), and `cardtable.sim` knows nothing of it: the command line chooses the
backend. The tasks are the process backend's, one unit each, so a tournament gives the same
results on either, and Ctrl-C keeps every unit finished. Ray is reached by
`cardtable.ray_cluster`: without an address a local Ray instance is started for the run and shut
down after it; with one, the run connects to that cluster, whose workers must be able to import
``cardtable``. If Ray is already initialised in this process, that is used as it is.
"""

from __future__ import annotations

from collections.abc import Callable

from cardtable import sim
from cardtable.ray_cluster import INSTALL, RayMissing, cancel_unfinished, check_reachable, connected, load_ray

__all__ = ["INSTALL", "RayMissing", "check_reachable", "load_ray", "run", "stream"]


def stream(address: str | None) -> sim.Stream:
    """The backend (`sim.Stream`) that plays on the Ray cluster at ``address`` (``None``: a local
    instance started for the run). Each unit is a task; results are handed over in unit order."""

    def play(job: sim.Job, units: int, jobs: int, done: Callable[[sim.Result], None]) -> None:
        with connected(address) as ray:
            task = ray.remote(sim.play_unit)
            refs = [task.remote(job, unit) for unit in range(units)]
            handed = 0
            try:
                for ref in refs:
                    result: sim.Result = ray.get(ref)
                    done(result)
                    handed += 1
            except KeyboardInterrupt:
                # Every unit finished before Ctrl-C is kept.
                later = refs[handed + 1 :]
                ready, _ = ray.wait(later, num_returns=len(later), timeout=0) if later else ([], [])
                for ref in ready:
                    done(ray.get(ref))
                raise
            finally:
                cancel_unfinished(ray, refs[handed:])

    return play


def run(
    job: sim.Job,
    units: int,
    jobs: int = 1,
    progress: Callable[[int, int], None] | None = None,
    address: str | None = None,
) -> tuple[sim.Summary, list[sim.Result]]:
    """`sim.run` on Ray (see `stream`)."""
    return sim.run(job, units, jobs, progress, stream=stream(address))

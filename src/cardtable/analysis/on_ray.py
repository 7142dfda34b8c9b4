"""The Ray backend of ``cardtable analyze``: a record's hands analysed as tasks on a Ray cluster.

The tasks are the process backend's (`review.analyze_hand`, one hand each, with the same seed,
settings and deadline), and each decision's random numbers come from the seed and its place in
the record only, so the analysis is the same on either backend. Ray is found, started and
reached by `cardtable.ray_cluster`, as for ``sim``: without an address a local Ray instance is
started for the run and shut down after it; with one, the run connects to that cluster, whose
workers must be able to import ``cardtable``; a Ray already initialised in this process is used
as it is.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from cardtable.ray_cluster import cancel_unfinished, connected


def stream_hands(
    analyze_hand: Callable[..., dict[str, Any]], calls: Sequence[tuple[Any, ...]], address: str | None
) -> Iterator[dict[str, Any]]:
    """Run ``analyze_hand`` (`review.analyze_hand`, passed in so that this module does not import
    the one that calls it) on each argument tuple of ``calls`` as a Ray task, yielding the hands'
    analyses in the order of ``calls``."""
    with connected(address) as ray:
        task = ray.remote(analyze_hand)
        refs = [task.remote(*call) for call in calls]
        handed = 0
        try:
            for ref in refs:
                done: dict[str, Any] = ray.get(ref)
                handed += 1
                yield done
        finally:
            cancel_unfinished(ray, refs[handed:])

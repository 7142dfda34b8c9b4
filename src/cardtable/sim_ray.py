"""The Ray backend of `cardtable.sim`: a tournament's tasks on a Ray cluster.

Ray is an optional extra (``pip install 'cardtable[ray]'``), imported only when this backend runs.
The tasks are the process backend's (`cardtable.sim.play_units` over the same unit numbers), so a
tournament gives the same results on either. Without an address a local Ray instance is started
for the run and shut down after it; with one, the run connects to that cluster, whose workers must
be able to import ``cardtable``. If Ray is already initialised in this process, that is used as is.
"""

from __future__ import annotations

import importlib
import logging
import socket
from collections.abc import Callable, Iterator, Sequence
from typing import TYPE_CHECKING, Any

from cardtable.core import CardtableError

if TYPE_CHECKING:
    from cardtable.sim import Job, Result

#: How to get the backend, for the error when it is missing.
INSTALL = "pip install 'cardtable[ray]'"


class RayMissing(CardtableError):
    """The Ray backend was asked for and Ray is not installed."""


def load_ray() -> Any:
    """The ``ray`` module, or `RayMissing` naming the extra to install."""
    try:
        return importlib.import_module("ray")
    except ImportError:
        raise RayMissing(f"the ray backend needs Ray: {INSTALL}") from None


def check_reachable(address: str) -> None:
    """Fail at once, with one line, when nothing listens at a ``host:port`` address (Ray itself
    would retry for minutes). Other forms (``auto``, ``ray://…``) are left to Ray."""
    host, sep, port = address.rpartition(":")
    if "://" in address or not sep or not host or not port.isdigit():
        return
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=10).close()
    except OSError as e:
        raise CardtableError(f"could not reach Ray at {address}: {e.strerror or e}") from None


def stream(
    job: Job,
    units: int,
    jobs: int,
    address: str | None,
    play_units: Callable[[Job, Sequence[int]], list[Result]],
    split: Callable[[int, int], list[list[int]]],
) -> Iterator[list[Result]]:
    """Play a job's units on Ray, yielding each task's results in task order (as the process
    backend does). Tasks are sized for the cluster's CPUs, or ``jobs`` if that is more.

    The process backend's ``play_units`` and ``split`` (`cardtable.sim`'s) come in as arguments,
    so that this backend, which `cardtable.sim` loads on demand, imports nothing back from it."""
    ray = load_ray()
    started = not ray.is_initialized()
    if started:
        if address is not None:
            check_reachable(address)
        try:
            ray.init(address=address, include_dashboard=False, logging_level=logging.ERROR)
        except (ConnectionError, RuntimeError, ValueError) as e:
            raise CardtableError(f"could not start or reach Ray{f' at {address}' if address else ''}: {e}") from None
    try:
        cpus = int(ray.cluster_resources().get("CPU", 1))
        task = ray.remote(play_units)
        refs = [task.remote(job, chunk) for chunk in split(units, max(jobs, cpus))]
        for ref in refs:
            done: list[Result] = ray.get(ref)
            yield done
    finally:
        if started:
            ray.shutdown()

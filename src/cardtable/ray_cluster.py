"""Reaching a Ray cluster, for the backends that run work on one (`cardtable.sim_ray` for
tournaments, `cardtable.analysis.on_ray` for reviews).

Ray is an optional extra (``pip install 'cardtable[ray]'``), imported only when a backend runs.
`connected` starts a local Ray instance for the run when there is no address, or joins the
cluster at the address, and shuts down only what it started; a Ray already initialised in this
process is used as it is.
"""

from __future__ import annotations

import importlib
import logging
import socket
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from cardtable.core import CardtableError

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


@contextmanager
def connected(address: str | None) -> Iterator[Any]:
    """The ``ray`` module, initialised: the cluster at ``address``, or a local instance started
    for the block and shut down after it; a Ray already initialised is used and left running."""
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
        yield ray
    finally:
        if started:
            ray.shutdown()


def cancel_unfinished(ray: Any, refs: list[Any]) -> None:
    """Cancel the tasks of ``refs`` whose results are not ready, as a run stops early. A task whose
    result is ready is left alone: its result can reach the object store before the process that
    submitted it has marked it done, and cancelling it in that moment aborts the whole process (a
    failed check in Ray's task manager, "Tried to complete task that was not pending")."""
    if not refs:
        return
    _, pending = ray.wait(refs, num_returns=len(refs), timeout=0)
    for ref in pending:
        ray.cancel(ref)

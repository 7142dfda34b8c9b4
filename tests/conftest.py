"""Shared test configuration.

A test that needs an outside service (PostgreSQL, a browser) skips with a message on a machine that
lacks it, but fails instead when ``CI`` is set: CI installs every service, so a skip there would
hide a failure.
"""

from __future__ import annotations

import fcntl
import os
import tempfile
from collections.abc import Iterator

import pytest

from cardtable import registry

# The toy game kept with the tests (tests/toygame): one line adds it, and every test that runs
# over the registered games runs over it too.
registry.register("toy", "tests.toygame")
# ... and the commands the tests start as programs know it too (`registry`, CARDTABLE_GAMES).
_ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
os.environ["CARDTABLE_GAMES"] = ",".join(filter(None, [os.environ.get("CARDTABLE_GAMES"), "toy=tests.toygame"]))
os.environ["PYTHONPATH"] = os.pathsep.join(filter(None, [os.environ.get("PYTHONPATH"), _ROOT]))


def need(available: bool, what: str) -> None:
    """Skip the calling test when ``what`` is missing, or fail when running in CI."""
    if available:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{what} is required in CI but was not found")
    pytest.skip(f"{what} not found")


# --- tests that measure a pace run alone -------------------------------------------------------
#
# The suite runs on two processes (pyproject's addopts). A test marked ``alone`` measures a ratio
# of two paces taken in turns (tests/web/flood.py): a test of the other process that takes the
# CPU during one kind of window only would move the ratio. So every test holds a shared lock for
# its run and an ``alone`` test an exclusive one, through a turnstile that keeps new tests from
# starting while an ``alone`` test waits (readers could otherwise starve it). The locks are POSIX
# record locks (``lockf``): they belong to the process, so the servers and programs a test starts
# do not inherit them, and one descriptor per file is kept open for the whole run (closing any
# descriptor of a file drops the process's locks on it).
_LOCKS = os.path.join(tempfile.gettempdir(), f"cardtable-tests-{os.getuid()}")
_fds: dict[str, int] = {}


def _fd(name: str) -> int:
    if name not in _fds:
        os.makedirs(_LOCKS, exist_ok=True)
        _fds[name] = os.open(os.path.join(_LOCKS, name), os.O_RDWR | os.O_CREAT, 0o600)
    return _fds[name]


@pytest.fixture(autouse=True)
def _alone_or_together(request: pytest.FixtureRequest) -> Iterator[None]:
    turnstile, room = _fd("turnstile"), _fd("room")
    alone = request.node.get_closest_marker("alone") is not None
    fcntl.lockf(turnstile, fcntl.LOCK_EX)
    try:
        fcntl.lockf(room, fcntl.LOCK_EX if alone else fcntl.LOCK_SH)
    finally:
        if not alone:
            fcntl.lockf(turnstile, fcntl.LOCK_UN)
    try:
        yield
    finally:
        fcntl.lockf(room, fcntl.LOCK_UN)
        if alone:
            fcntl.lockf(turnstile, fcntl.LOCK_UN)

"""Shared test configuration.

A test that needs an outside service (PostgreSQL, a browser) skips with a message on a machine that
lacks it, but fails instead when ``CI`` is set: CI installs every service, so a skip there would
hide a failure.
"""

from __future__ import annotations

import os

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

"""Shared test configuration.

A test that needs an outside service (PostgreSQL, a browser) skips with a message on a machine that
lacks it, but fails instead when ``CI`` is set: CI installs every service, so a skip there would
hide a failure.
"""

from __future__ import annotations

import os

import pytest


def need(available: bool, what: str) -> None:
    """Skip the calling test when ``what`` is missing, or fail when running in CI."""
    if available:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{what} is required in CI but was not found")
    pytest.skip(f"{what} not found")

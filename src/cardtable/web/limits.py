"""Rate limits per address: token buckets, kept for a bounded number of addresses.

A server on the internet meets clients that create tables, upload records or join in a loop.
Each such request takes a token from its address's bucket; an empty bucket is ``429`` with the
seconds to wait. The number of addresses remembered is bounded (the least recently seen are
forgotten first), so a flood of addresses cannot grow the server's memory.
"""

from __future__ import annotations

import math
import time
from collections import OrderedDict


class Bucket:
    """A token bucket: ``rate`` tokens a second on average, ``burst`` at once."""

    __slots__ = ("burst", "last", "rate", "tokens")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, float(burst)
        self.tokens = float(burst)
        self.last = time.monotonic()

    def take(self, now: float | None = None) -> float:
        """Take a token: 0.0 when there was one, else the seconds until there will be."""
        now = time.monotonic() if now is None else now
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            return 0.0
        return (1 - self.tokens) / self.rate if self.rate > 0 else math.inf

    def allow(self) -> bool:
        return self.take() == 0.0


class PerAddress:
    """A bucket per client address, for one kind of request."""

    def __init__(self, rate: float, burst: float, remember: int = 10_000) -> None:
        self.rate, self.burst, self.remember = rate, burst, remember
        self.buckets: OrderedDict[str, Bucket] = OrderedDict()

    def take(self, address: str, now: float | None = None) -> float:
        """Take a token for ``address``: 0.0, or the seconds to wait. ``now`` is the time on a
        clock of the caller's (the monotonic clock's by default), the same clock at every call."""
        bucket = self.buckets.get(address)
        if bucket is None:
            bucket = self.buckets[address] = Bucket(self.rate, self.burst)
            if now is not None:
                bucket.last = now
            while len(self.buckets) > self.remember:
                self.buckets.popitem(last=False)
        else:
            self.buckets.move_to_end(address)
        return bucket.take(now)


def wait_text(seconds: float) -> str:
    """How long to wait, in words, rounded up to a whole second."""
    whole = max(1, math.ceil(seconds)) if math.isfinite(seconds) else 60
    return f"{whole} second{'s' if whole != 1 else ''}"

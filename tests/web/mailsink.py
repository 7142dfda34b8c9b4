"""A local SMTP server for tests (aiosmtpd): it keeps every message it receives, so a test can
read the e-mail the server sent and follow its links."""

from __future__ import annotations

import email
import email.policy
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from email.message import EmailMessage
from typing import Any

from aiosmtpd.controller import Controller


@dataclass
class Sink:
    """The messages received, in order; `wait_for` blocks until one to an address arrives."""

    host: str = "127.0.0.1"
    port: int = 0
    messages: list[EmailMessage] = field(default_factory=list)
    lock: threading.Condition = field(default_factory=threading.Condition)

    @property
    def url(self) -> str:
        return f"smtp://{self.host}:{self.port}"

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:
        msg = email.message_from_bytes(envelope.content, policy=email.policy.default)
        assert isinstance(msg, EmailMessage)
        with self.lock:
            self.messages.append(msg)
            self.lock.notify_all()
        return "250 OK"

    def to(self, address: str) -> list[EmailMessage]:
        with self.lock:
            return [m for m in self.messages if m["To"] == address]

    def wait_for(self, address: str, count: int = 1, timeout: float = 30.0) -> list[EmailMessage]:
        """The messages to ``address`` once there are ``count`` of them (or `AssertionError`)."""
        end = time.monotonic() + timeout
        with self.lock:
            while len([m for m in self.messages if m["To"] == address]) < count:
                left = end - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"no {count} messages to {address} within {timeout} s")
                self.lock.wait(left)
            return [m for m in self.messages if m["To"] == address]


def _free_port(host: str) -> int:
    with socket.socket() as s:
        s.bind((host, 0))
        port: int = s.getsockname()[1]
        return port


@contextmanager
def smtp_sink(host: str = "127.0.0.1") -> Iterator[Sink]:
    """A running SMTP sink on a free port of ``host``."""
    sink = Sink(host=host, port=_free_port(host))
    controller = Controller(sink, hostname=host, port=sink.port)
    controller.start()
    try:
        yield sink
    finally:
        controller.stop()


def body(msg: EmailMessage) -> str:
    part = msg.get_body(preferencelist=("plain",))
    assert part is not None
    text: str = part.get_content()
    return text

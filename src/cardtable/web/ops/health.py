"""What an operator and the pages ask of the server itself (web.md §5, and additions):

- ``GET /healthz``: ``200`` while the process serves;
- ``GET /readyz``: ``200`` when the database answers too, ``503`` otherwise (a load balancer's check);
- ``GET /metrics``: the Prometheus metrics (`cardtable.web.ops.metrics`);
- ``GET /api/server``: where others reach this server (the public URL, or this machine's addresses
  on its networks), so the pages build invite links that work from another device;
- ``POST /api/qr`` ``{"text": URL}``: that link as a QR code in SVG, for a phone to scan.

A QR code is tens of milliseconds of drawing (a hundred for the longest link taken), so it is
drawn as every client-paid piece of work is (`cardtable.web.workers`): behind a per-address pace
(`QR_EVERY`, `QR_BURST`; cached answers count too) and a fair share of the places
(`QR_AT_ONCE`), in the server's worker processes, never on the tables' event loop. The codes
drawn are cached (`QR_CACHED`, least recently used out).
"""

from __future__ import annotations

import asyncio
from collections import Counter, OrderedDict
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from cardtable.i18n import N_
from cardtable.web.errors import Refused
from cardtable.web.limits import PerAddress, wait_text
from cardtable.web.network import Reach, qr_svg
from cardtable.web.ops import metrics
from cardtable.web.workers import Admission, CallFailed, WorkerPool

#: How long the readiness check waits for the database.
READY_TIMEOUT = 3.0
#: The longest text made into a QR code (an invite link is about 100 characters).
MAX_QR_TEXT = 1000
#: QR codes one address may ask for: one in this many seconds on average, this many at once.
QR_EVERY = 1.0
QR_BURST = 20
#: QR codes being drawn or waiting at once: in all, and for one address.
QR_AT_ONCE = (8, 2)
#: QR codes kept drawn.
QR_CACHED = 256
#: The longest one QR code may take to draw (a worker waits behind the tables for the CPU).
QR_SECONDS = 20.0


class QrCodes:
    """The QR codes' pace per address, their places, their cache and their worker."""

    def __init__(self, pool: WorkerPool) -> None:
        self.pool = pool
        self.per_address = PerAddress(1 / QR_EVERY, QR_BURST)
        self.admission = Admission(*QR_AT_ONCE, N_("QR codes asked"))
        self.cache: OrderedDict[str, str] = OrderedDict()

    async def svg(self, address: str, text: str) -> str:
        wait = self.per_address.take(address)
        if wait > 0:
            raise Refused(
                429, f"too many QR codes asked from your address; try again in {wait_text(wait)}", retry_after=wait
            )
        found = self.cache.get(text)
        if found is not None:
            self.cache.move_to_end(text)
            return found
        with self.admission.held(address):
            try:
                drawn: str = await self.pool.call(qr_svg, text, seconds=QR_SECONDS)
            except CallFailed:
                raise Refused(
                    503, "the QR code took too long to draw; try again in a few seconds", retry_after=5
                ) from None
        self.cache[text] = drawn
        while len(self.cache) > QR_CACHED:
            self.cache.popitem(last=False)
        return drawn


def qr_codes(app: FastAPI) -> QrCodes:
    """The app's QR codes, made on first use over the app's worker pool (`workers.pool_of`)."""
    from cardtable.web.workers import pool_of

    found: QrCodes | None = getattr(app.state, "qr_codes", None)
    if found is None:
        found = app.state.qr_codes = QrCodes(pool_of(app))
    return found


def install(app: FastAPI) -> None:
    """Add the operator's and the pages' server endpoints to ``app``."""

    @app.get("/healthz", include_in_schema=False)
    async def healthz() -> PlainTextResponse:
        return PlainTextResponse("ok\n")

    @app.get("/readyz", include_in_schema=False)
    async def readyz(request: Request) -> Response:
        hub = getattr(request.app.state, "hub", None)
        if hub is None:
            return JSONResponse({"error": "the server is starting"}, status_code=503)
        try:
            await asyncio.wait_for(asyncio.to_thread(hub.store.ping), READY_TIMEOUT)
        except Exception as e:  # any failure to answer is "not ready", said in one line
            return JSONResponse({"error": f"the database does not answer ({type(e).__name__})"}, status_code=503)
        return PlainTextResponse("ready\n")

    @app.get("/metrics", include_in_schema=False)
    async def metrics_page(request: Request) -> Response:
        hub = getattr(request.app.state, "hub", None)
        if hub is not None:
            counts = Counter(t.status for t in hub.tables.values())
            for status in ("waiting", "playing", "over", "closed"):
                metrics.TABLES.labels(status=status).set(counts.get(status, 0))
        return Response(generate_latest(metrics.REGISTRY), media_type=CONTENT_TYPE_LATEST)

    @app.get("/api/server")
    async def server(request: Request) -> dict[str, Any]:
        reach: Reach = request.app.state.reach
        return {"public_url": reach.public_url, "shared": reach.shared_urls(), "local": reach.local_url()}

    @app.post("/api/qr")
    async def qr(request: Request) -> Any:
        from cardtable.web.requests import body_of, client_address

        body = await body_of(request)
        text = body.get("text")
        if (
            not isinstance(text, str)
            or not 1 <= len(text) <= MAX_QR_TEXT
            or not text.startswith(("http://", "https://"))
        ):
            return JSONResponse(
                {"error": f"text: expected a link of at most {MAX_QR_TEXT} characters"}, status_code=400
            )
        return {"svg": await qr_codes(request.app).svg(client_address(request), text)}

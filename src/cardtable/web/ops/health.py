"""What an operator and the pages ask of the server itself (web.md §5, and additions):

- ``GET /healthz``: ``200`` while the process serves;
- ``GET /readyz``: ``200`` when the database answers too, ``503`` otherwise (a load balancer's check);
- ``GET /metrics``: the Prometheus metrics (`cardtable.web.ops.metrics`);
- ``GET /api/server``: where others reach this server (the public URL, or this machine's addresses
  on its networks), so the pages build invite links that work from another device;
- ``POST /api/qr`` ``{"text": URL}``: that link as a QR code in SVG, for a phone to scan.
"""

from __future__ import annotations

import asyncio
from collections import Counter
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse, PlainTextResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, generate_latest

from cardtable.web.network import Reach, qr_svg
from cardtable.web.ops import metrics

#: How long the readiness check waits for the database.
READY_TIMEOUT = 3.0
#: The longest text made into a QR code (an invite link is about 100 characters).
MAX_QR_TEXT = 1000


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
        from cardtable.web.requests import body_of

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
        return {"svg": qr_svg(text)}

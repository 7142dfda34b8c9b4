"""The notices' routes (docs/web.md, "Your turn"): a player reads and sets their preferences and
keeps their browsers' push subscriptions; anyone reads the server's VAPID public key.

- ``POST /api/players/me/notices`` ``{"token"}``: the preferences, whether the player's e-mail
  address is verified, and how many browsers are subscribed
- ``POST /api/players/me/notices/set`` ``{"token", "email"?, "push"?, "often"?, "quiet_from"?,
  "quiet_to"?, "zone"?}``: change the fields given (each checked; one bad field refuses all)
- ``GET /api/push/key``: ``{"key"}``, the server's VAPID public key (base64url)
- ``POST /api/players/me/push`` ``{"token", "subscription": {"endpoint", "keys": {"p256dh", "auth"}}}``
- ``POST /api/players/me/push/remove`` ``{"token", "endpoint"}``

A player is known only through `cardtable.web.players.routes.player_of`; every refusal is one line.
"""

from __future__ import annotations

import asyncio
import binascii
import dataclasses
from typing import Any
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo

from fastapi import APIRouter, Request

from cardtable.web.errors import Refused
from cardtable.web.notices import push, store
from cardtable.web.notices.store import OFTEN, Prefs
from cardtable.web.players.routes import player_of
from cardtable.web.schema import ENDPOINT, ZONE
from cardtable.web.tables.hub import Hub

router = APIRouter()

#: The fields of the preferences a player may set.
FIELDS = ("email", "push", "often", "quiet_from", "quiet_to", "zone")
#: Hosts a push endpoint may name over plain http (a test's own push service on this machine).
LOCAL = ("127.0.0.1", "localhost", "::1")


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


async def _body(request: Request) -> dict[str, Any]:
    from cardtable.web.requests import body_of

    return await body_of(request)


def check_zone(value: object) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= ZONE or not all(c.isalnum() or c in "/_+-" for c in value):
        raise Refused(400, "zone: expected a time zone's name such as Europe/Berlin")
    try:
        ZoneInfo(value)
    except (ValueError, KeyError, OSError):
        raise Refused(400, f"zone: no time zone {value!r}") from None
    return value


def _bool(body: dict[str, Any], name: str, now: bool) -> bool:
    value = body.get(name, now)
    if not isinstance(value, bool):
        raise Refused(400, f"{name}: expected true or false")
    return value


def _hour(body: dict[str, Any], name: str, now: int) -> int:
    value = body.get(name, now)
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 23:
        raise Refused(400, f"{name}: expected a whole hour from 0 to 23")
    return value


def check_prefs(body: dict[str, Any], now: Prefs) -> Prefs:
    """The preferences ``now`` with the fields of ``body`` changed, each checked."""
    unknown = sorted(k for k in body if k != "token" and k not in FIELDS)
    if unknown:
        raise Refused(400, f"{unknown[0][:40]!r}: not a preference (expected {', '.join(FIELDS)})")
    often = body.get("often", now.often)
    if often not in OFTEN:
        raise Refused(400, f"often: expected {' or '.join(OFTEN)}")
    zone = check_zone(body["zone"]) if "zone" in body else now.zone
    return Prefs(
        email=_bool(body, "email", now.email),
        push=_bool(body, "push", now.push),
        often=often,
        quiet_from=_hour(body, "quiet_from", now.quiet_from),
        quiet_to=_hour(body, "quiet_to", now.quiet_to),
        zone=zone,
    )


def _key(value: object, name: str, size: int) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= store.PUSH_KEY_TEXT:
        raise Refused(400, f"subscription: keys.{name} must be base64url text")
    try:
        raw = store.unb64url(value)
    except (binascii.Error, ValueError):
        raise Refused(400, f"subscription: keys.{name} must be base64url text") from None
    if len(raw) != size or (name == "p256dh" and raw[0] != 4):
        raise Refused(400, f"subscription: keys.{name} is not a {'P-256 public key' if name == 'p256dh' else 'secret'}")
    return value


def check_endpoint(value: object) -> str:
    if not isinstance(value, str) or not 0 < len(value) <= ENDPOINT:
        raise Refused(400, f"subscription: endpoint must be a URL of at most {ENDPOINT} characters")
    try:
        parts = urlsplit(value)
        host = parts.hostname
    except ValueError:
        host = None
        parts = urlsplit("")
    if not host or any(c.isspace() or not c.isprintable() for c in value):
        raise Refused(400, "subscription: endpoint must be an https:// URL")
    if parts.scheme != "https" and not (parts.scheme == "http" and host in LOCAL):
        raise Refused(400, "subscription: endpoint must be an https:// URL")
    return value


def _view(hub: Hub, player_id: str) -> dict[str, Any]:
    engine = hub.store.engine
    p = store.prefs(engine, player_id)
    return {
        **dataclasses.asdict(p),
        "saved": store.has_prefs(engine, player_id),
        "verified_email": store.verified_address(engine, player_id) is not None,
        "subscriptions": len(store.subscriptions(engine, player_id)),
    }


@router.post("/api/players/me/notices")
async def notices(request: Request) -> dict[str, Any]:
    hub = _hub(request)
    body = await _body(request)
    player = await player_of(hub, body.get("token"))
    return await asyncio.to_thread(_view, hub, player.id)


@router.post("/api/players/me/notices/set")
async def set_notices(request: Request) -> dict[str, Any]:
    hub = _hub(request)
    body = await _body(request)
    player = await player_of(hub, body.get("token"))
    now = await asyncio.to_thread(store.prefs, hub.store.engine, player.id)
    p = check_prefs(body, now)
    await asyncio.to_thread(store.set_prefs, hub.store.engine, player.id, p, hub.settings.clock.now())
    return await asyncio.to_thread(_view, hub, player.id)


@router.get("/api/push/key")
async def push_key(request: Request) -> dict[str, str]:
    hub = _hub(request)
    _, public = await asyncio.to_thread(push.vapid_keys, hub.store.engine, hub.settings.clock.now())
    return {"key": public}


@router.post("/api/players/me/push")
async def subscribe(request: Request) -> dict[str, Any]:
    hub = _hub(request)
    body = await _body(request)
    player = await player_of(hub, body.get("token"))
    sub = body.get("subscription")
    if not isinstance(sub, dict) or not isinstance(sub.get("keys"), dict):
        raise Refused(400, "subscription: expected {endpoint, keys: {p256dh, auth}} as the browser gives it")
    endpoint = check_endpoint(sub.get("endpoint"))
    p256dh = _key(sub["keys"].get("p256dh"), "p256dh", 65)
    auth = _key(sub["keys"].get("auth"), "auth", 16)
    await asyncio.to_thread(
        store.add_subscription, hub.store.engine, player.id, endpoint, p256dh, auth, hub.settings.clock.now()
    )
    return await asyncio.to_thread(_view, hub, player.id)


@router.post("/api/players/me/push/remove")
async def unsubscribe(request: Request) -> dict[str, Any]:
    hub = _hub(request)
    body = await _body(request)
    player = await player_of(hub, body.get("token"))
    endpoint = body.get("endpoint")
    if not isinstance(endpoint, str) or len(endpoint) > ENDPOINT:
        raise Refused(400, "endpoint: expected the subscription's endpoint URL")
    if not await asyncio.to_thread(store.remove_subscription, hub.store.engine, player.id, endpoint):
        raise Refused(404, "no such subscription of yours")
    return await asyncio.to_thread(_view, hub, player.id)

"""Signing in on any device (docs/web.md, "Signing in"): a player's sessions, e-mail address and
passkeys, and the ways a new device becomes the player: a one-time link sent by e-mail, or a
passkey (WebAuthn, discoverable, so no name is typed).

- ``POST /api/players/me/signin`` ``{"token"}``: the player's e-mail address, sessions and passkeys
- ``POST /api/players/me/sessions`` ``{"token"}``: the live sessions (``current``: this one), never a secret
- ``POST /api/players/me/sessions/end`` ``{"token", "id"}``: end one (``"others"``: all but this one)
- ``POST /api/players/me/email`` ``{"token", "address"}``: set the address; a link to confirm it is sent
- ``POST /api/signin/email`` ``{"address"}``: a sign-in link to that address if it is a player's
  confirmed one; the answer is the same whatever the address, and the work is done after it
- ``POST /api/signin/link`` ``{"token", "label"?}``: follow a link: a confirmation, or a session
- ``POST /api/players/me/passkeys`` ``{"token"}``, ``.../options``, ``.../add``, ``.../remove``
- ``POST /api/signin/passkey/options`` ``{}`` and ``POST /api/signin/passkey``: sign in with one
- ``GET /signin``: the page (``/signin#TOKEN`` is where a link lands)

A link's token travels in the address's fragment, so it never reaches a log (the access log, a
``Referer``); the page posts it. Sign-ins are limited per client address, per e-mail address and per
account, and an account whose sign-ins fail again and again (a used or expired link, a passkey's
failed answer) is locked for a while; no answer tells whether an account or address exists.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import re
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit

from fastapi import APIRouter, FastAPI, Request
from fastapi.responses import FileResponse
from webauthn import (
    generate_authentication_options,
    generate_registration_options,
    options_to_json,
    verify_authentication_response,
    verify_registration_response,
)
from webauthn.helpers import base64url_to_bytes, bytes_to_base64url
from webauthn.helpers.exceptions import WebAuthnException
from webauthn.helpers.structs import (
    AuthenticatorSelectionCriteria,
    PublicKeyCredentialDescriptor,
    ResidentKeyRequirement,
    UserVerificationRequirement,
)

from cardtable.i18n import _, speaking
from cardtable.web.accounts import store
from cardtable.web.errors import Refused
from cardtable.web.limits import PerAddress
from cardtable.web.mail import Mailer, MailError, check_address
from cardtable.web.pages import STATIC
from cardtable.web.players import store as players_store
from cardtable.web.players.routes import player_of
from cardtable.web.players.sessions import (
    PREFIX,
    create_session,
    end_sessions,
    live_sessions,
    session_id_of,
)
from cardtable.web.players.store import Player
from cardtable.web.requests import asked_language, body_of, client_address
from cardtable.web.schema import LABEL
from cardtable.web.tables.hub import Hub

router = APIRouter()
log = logging.getLogger("cardtable.web.accounts")

#: The one answer to a request for a sign-in link, whatever the address.
ON_ITS_WAY = "if this address belongs to a player, a link is on its way; it works once, within 15 minutes"
#: The one refusal of a link that cannot be followed (never made, used, expired, or another's).
BAD_LINK = "this link cannot be used: it is used already, out of date, or not a link of this server"
NO_MAIL = "this server sends no e-mail, so it cannot send a link"

_HEX = re.compile(r"[0-9a-f]{12}")
_LINK = re.compile(r"[A-Za-z0-9_-]{20,64}")


@dataclass
class Limits:
    """The server's limits on signing in, kept in memory per process (token buckets)."""

    #: Sign-in attempts (links asked for and followed, passkeys) from one client address.
    client: PerAddress = field(default_factory=lambda: PerAddress(1 / 6, 20))
    #: Links asked for one e-mail address, whether a player's or not.
    address: PerAddress = field(default_factory=lambda: PerAddress(1 / 300, 3))
    #: Sign-in attempts on one account.
    account: PerAddress = field(default_factory=lambda: PerAddress(1 / 60, 20))
    #: The mail sent in the background, kept until sent.
    sending: set[asyncio.Task[None]] = field(default_factory=set)


def limits_of(app: FastAPI) -> Limits:
    found = getattr(app.state, "signin_limits", None)
    if found is None:
        found = app.state.signin_limits = Limits()
    assert isinstance(found, Limits)
    return found


def _hub(request: Request) -> Hub:
    hub: Hub = request.app.state.hub
    return hub


def _now(hub: Hub) -> float:
    return hub.settings.clock.now()


def wait_words(seconds: float) -> str:
    """How long to wait, in whole seconds or minutes, rounded up."""
    whole = max(1, int(-(-seconds // 1)))
    if whole < 120:
        return f"{whole} second{'s' if whole != 1 else ''}"
    return f"{-(-whole // 60)} minutes"


def _limit(wait: float, what: str) -> None:
    if wait > 0:
        raise Refused(429, f"too many {what}; try again in {wait_words(wait)}", retry_after=wait)


def _locked(wait: float) -> None:
    if wait > 0:
        raise Refused(
            429, f"sign-ins to this account failed too often; try again in {wait_words(wait)}", retry_after=wait
        )


def device_label(user_agent: str | None) -> str:
    """The device and browser a request came from, in a few words (from its ``User-Agent``)."""
    ua = user_agent or ""
    browser = next(
        (name for key, name in _BROWSERS if key in ua),
        "a browser" if ua.startswith("Mozilla/") else "a program",
    )
    system = next((name for key, name in _SYSTEMS if key in ua), "")
    text = f"{browser} on {system}" if system else browser
    return "".join(ch for ch in text if ch.isprintable())[:LABEL]


_BROWSERS = (
    ("Edg/", "Edge"),
    ("OPR/", "Opera"),
    ("Firefox/", "Firefox"),
    ("HeadlessChrome/", "Chromium"),
    ("Chrome/", "Chrome"),
    ("Safari/", "Safari"),
    ("python-httpx", "a program"),
)
_SYSTEMS = (
    ("Android", "Android"),
    ("iPhone", "iPhone"),
    ("iPad", "iPad"),
    ("Windows", "Windows"),
    ("Mac OS X", "macOS"),
    ("CrOS", "ChromeOS"),
    ("Linux", "Linux"),
)


def _label(request: Request, body: dict[str, Any]) -> str:
    """The label of a session or a passkey: the one the page gives (a few words), else the device."""
    given = body.get("label")
    if isinstance(given, str) and given.strip() and given.isprintable():
        return given.strip()[:LABEL]
    return device_label(request.headers.get("user-agent"))


def _current(token: object) -> str | None:
    return session_id_of(token) if isinstance(token, str) and token.startswith(PREFIX) else None


def _base(request: Request, hub: Hub) -> str:
    """Where links point: the public URL, else the address this request came to."""
    if hub.settings.public_url:
        return hub.settings.public_url.rstrip("/")
    return f"{request.url.scheme}://{request.url.netloc}"


def _mailer(hub: Hub) -> Mailer:
    return Mailer(hub.settings.smtp, hub.settings.mail_from)


def _in_background(request: Request, work: Any) -> None:
    """Run ``work`` (a coroutine) after the answer, keeping it until done."""
    tasks = limits_of(request.app).sending
    task = asyncio.get_running_loop().create_task(work)
    tasks.add(task)
    task.add_done_callback(tasks.discard)


def confirm_message(name: str, link: str, language: str) -> tuple[str, str]:
    """The subject and text of the e-mail that confirms an address, in ``language``."""
    with speaking(language):
        return _("Confirm your e-mail address"), (
            _("Someone, probably you, gave this address to the player {name} at cardtable.").format(name=name)
            + "\n\n"
            + _("To confirm it is yours, open this link within 15 minutes:")
            + f"\n\n{link}\n\n"
            + _("If it was not you, do nothing: the address stays unconfirmed and gets nothing more.")
            + "\n"
        )


def signin_message(link: str, language: str) -> tuple[str, str]:
    """The subject and text of the e-mail with a sign-in link, in ``language``."""
    with speaking(language):
        return _("Your sign-in link"), (
            _(
                "To sign in at cardtable on the device where you asked, open this link within 15 minutes "
                "(it works once):"
            )
            + f"\n\n{link}\n\n"
            + _("If you did not ask, do nothing: nobody can use this link but someone who reads this message.")
            + "\n"
        )


async def _send(mailer: Mailer, to: str, subject: str, text: str, language: str) -> None:
    try:
        await asyncio.to_thread(mailer.send, to, subject, text, {"Content-Language": language})
    except MailError as e:
        log.warning("%s", e)


# --- the player's own: address, sessions ---


def _sessions(hub: Hub, player: Player, token: object) -> list[dict[str, Any]]:
    mine = _current(token)
    return [{**s.to_json(), "current": s.id == mine} for s in live_sessions(hub.store.engine, player.id, _now(hub))]


def _email(hub: Hub, player: Player) -> dict[str, Any] | None:
    found = store.email_of(hub.store.engine, player.id)
    return None if found is None else {"address": found.address, "verified": found.verified}


def _passkeys(hub: Hub, player: Player) -> list[dict[str, object]]:
    return [k.to_json() for k in store.passkeys_of(hub.store.engine, player.id)]


@router.post("/api/players/me/signin")
async def mine(request: Request) -> dict[str, Any]:
    hub = _hub(request)
    body = await body_of(request)
    player = await player_of(hub, body.get("token"))

    def read() -> dict[str, Any]:
        return {
            "email": _email(hub, player),
            "sessions": _sessions(hub, player, body.get("token")),
            "passkeys": _passkeys(hub, player),
            "mail": hub.settings.smtp is not None,
        }

    return await asyncio.to_thread(read)


@router.post("/api/players/me/sessions")
async def sessions(request: Request) -> dict[str, Any]:
    hub = _hub(request)
    body = await body_of(request)
    player = await player_of(hub, body.get("token"))
    return {"sessions": await asyncio.to_thread(_sessions, hub, player, body.get("token"))}


@router.post("/api/players/me/sessions/end")
async def end(request: Request) -> dict[str, Any]:
    hub = _hub(request)
    body = await body_of(request)
    token = body.get("token")
    player = await player_of(hub, token)
    which = body.get("id")
    if which == "others":
        await asyncio.to_thread(end_sessions, hub.store.engine, player.id, None, _current(token), _now(hub))
    elif isinstance(which, str) and _HEX.fullmatch(which):
        ended = await asyncio.to_thread(end_sessions, hub.store.engine, player.id, [which], None, _now(hub))
        if not ended:
            raise Refused(404, "no such session of yours is live")
    else:
        raise Refused(400, 'id: expected a session\'s id, or "others"')
    return {"sessions": await asyncio.to_thread(_sessions, hub, player, token)}


@router.post("/api/players/me/email")
async def set_email(request: Request) -> dict[str, Any]:
    hub = _hub(request)
    body = await body_of(request)
    player = await player_of(hub, body.get("token"))
    try:
        address = check_address(body.get("address"))
    except ValueError as e:
        raise Refused(400, str(e)) from None
    mailer = _mailer(hub)
    if not mailer.enabled:
        raise Refused(409, NO_MAIL)
    _limit(limits_of(request.app).account.take(player.id, _now(hub)), "addresses set on this account")
    now = _now(hub)
    taken = await asyncio.to_thread(store.set_email, hub.store.engine, player.id, address, now)
    email = await asyncio.to_thread(_email, hub, player)
    if taken and email is not None and email["verified"] is None:
        link = await asyncio.to_thread(store.new_link, hub.store.engine, player.id, store.VERIFY, address, now)
        language = await asyncio.to_thread(
            players_store.learn_language, hub.store.engine, player.id, asked_language(request, body)
        )
        said = language or "en"
        subject, text = confirm_message(player.name, f"{_base(request, hub)}/signin#{link}", said)
        _in_background(request, _send(mailer, address, subject, text, said))
    # another player's confirmed address is answered alike (nothing tells whose an address is)
    if taken and email is not None and email["verified"] is not None:
        return {"email": email, "message": "this address is confirmed already"}
    return {"email": email, "message": "a link to confirm the address is on its way" if taken else ON_ITS_WAY}


# --- signing in by e-mail ---


@router.post("/api/signin/email", status_code=202)
async def signin_email(request: Request) -> dict[str, Any]:
    hub = _hub(request)
    limits = limits_of(request.app)
    body = await body_of(request)
    try:
        address = check_address(body.get("address"))
    except ValueError as e:
        raise Refused(400, str(e)) from None
    mailer = _mailer(hub)
    if not mailer.enabled:
        raise Refused(409, NO_MAIL)
    _limit(limits.client.take(client_address(request), _now(hub)), "sign-ins from your address")
    _limit(limits.address.take(address, _now(hub)), "links asked for this e-mail address")
    base = _base(request, hub)
    asked = asked_language(request, body)

    async def work() -> None:
        engine = hub.store.engine
        now = _now(hub)
        await asyncio.to_thread(store.forget_old, engine, now)
        pid = await asyncio.to_thread(store.verified_player, engine, address)
        if pid is None or limits.account.take(pid, now) > 0:
            return
        if await asyncio.to_thread(store.locked_for, engine, pid, now) > 0:
            return
        link = await asyncio.to_thread(store.new_link, engine, pid, store.SIGNIN, address, now)
        # the player's own language; the request's when the player has none yet
        language = await asyncio.to_thread(players_store.language_of_player, engine, pid)
        said = language or asked or "en"
        subject, text = signin_message(f"{base}/signin#{link}", said)
        await _send(mailer, address, subject, text, said)

    _in_background(request, work())
    return {"message": ON_ITS_WAY}


async def _signed_in(request: Request, hub: Hub, player_id: str, label: str) -> dict[str, Any]:
    player = await asyncio.to_thread(players_store.player_by_id, hub.store.engine, player_id)
    if player is None:
        raise Refused(403, BAD_LINK)
    session, token = await asyncio.to_thread(create_session, hub.store.engine, player.id, label, _now(hub))
    return {"player": player.id, "name": player.name, "token": token, "session": session.id}


async def _failed(hub: Hub, player_id: str, message: str) -> Refused:
    """A failed sign-in on the account, counted: the refusal to raise (``429`` once it locks)."""
    wait = await asyncio.to_thread(store.note_failure, hub.store.engine, player_id, _now(hub))
    if wait > 0:
        return Refused(
            429, f"sign-ins to this account failed too often; try again in {wait_words(wait)}", retry_after=wait
        )
    return Refused(403, message)


@router.post("/api/signin/link")
async def follow(request: Request) -> dict[str, Any]:
    hub = _hub(request)
    limits = limits_of(request.app)
    body = await body_of(request)
    _limit(limits.client.take(client_address(request), _now(hub)), "sign-ins from your address")
    token = body.get("token")
    if not isinstance(token, str) or not _LINK.fullmatch(token):
        raise Refused(403, BAD_LINK)
    engine = hub.store.engine
    now = _now(hub)
    got = await asyncio.to_thread(store.follow_link, engine, token, now)
    if got is None:
        raise Refused(403, BAD_LINK)
    _locked(await asyncio.to_thread(store.locked_for, engine, got.player_id, now))
    _limit(limits.account.take(got.player_id, now), "sign-ins on this account")
    if not got.good:
        raise await _failed(hub, got.player_id, BAD_LINK)
    if got.purpose == store.VERIFY:
        await asyncio.to_thread(players_store.learn_language, engine, got.player_id, asked_language(request, body))
        return {"verified": got.address, "player": got.player_id}
    return await _signed_in(request, hub, got.player_id, _label(request, body))


# --- passkeys ---


def _party(request: Request, hub: Hub) -> tuple[str, str]:
    """The relying party's id (the host of the public URL, else of this request) and the origin
    the browser must report."""
    if hub.settings.public_url:
        parts = urlsplit(hub.settings.public_url)
        return parts.hostname or "localhost", f"{parts.scheme}://{parts.netloc}"
    return request.url.hostname or "localhost", f"{request.url.scheme}://{request.url.netloc}"


def _why(e: Exception) -> str:
    """Why py_webauthn refused an answer, in a short line (its own words, without the pointer to
    the exception's cause)."""
    text = str(e).split(". See __cause__")[0] if isinstance(e, WebAuthnException) else "not a passkey's answer"
    return text[:200] or "not a passkey's answer"


def _challenge_id(value: object) -> str:
    if not isinstance(value, str) or not _HEX.fullmatch(value):
        raise Refused(400, "challenge: expected the id the options gave")
    return value


def _credential(value: object) -> dict[str, Any]:
    if not isinstance(value, dict) or not isinstance(value.get("id"), str) or len(value["id"]) > 512:
        raise Refused(400, "credential: expected the browser's answer, as JSON")
    return value


@router.post("/api/players/me/passkeys")
async def list_passkeys(request: Request) -> dict[str, Any]:
    hub = _hub(request)
    player = await player_of(hub, (await body_of(request)).get("token"))
    return {"passkeys": await asyncio.to_thread(_passkeys, hub, player)}


@router.post("/api/players/me/passkeys/options")
async def passkey_options(request: Request) -> dict[str, Any]:
    hub = _hub(request)
    player = await player_of(hub, (await body_of(request)).get("token"))
    rp_id, _ = _party(request, hub)
    have = await asyncio.to_thread(store.passkeys_of, hub.store.engine, player.id)
    options = generate_registration_options(
        rp_id=rp_id,
        rp_name="cardtable",
        user_name=player.name,
        user_id=player.id.encode(),
        user_display_name=player.name,
        authenticator_selection=AuthenticatorSelectionCriteria(
            resident_key=ResidentKeyRequirement.REQUIRED, user_verification=UserVerificationRequirement.PREFERRED
        ),
        exclude_credentials=[PublicKeyCredentialDescriptor(id=base64url_to_bytes(k.credential_id)) for k in have],
    )
    now = _now(hub)
    await asyncio.to_thread(store.forget_old, hub.store.engine, now)
    cid = await asyncio.to_thread(
        store.new_challenge, hub.store.engine, bytes_to_base64url(options.challenge), player.id, now
    )
    return {"challenge": cid, "options": json.loads(options_to_json(options))}


@router.post("/api/players/me/passkeys/add")
async def add_passkey(request: Request) -> dict[str, Any]:
    hub = _hub(request)
    body = await body_of(request)
    player = await player_of(hub, body.get("token"))
    cid, credential = _challenge_id(body.get("challenge")), _credential(body.get("credential"))
    challenge = await asyncio.to_thread(store.take_challenge, hub.store.engine, cid, player.id, _now(hub))
    if challenge is None:
        raise Refused(409, "this passkey's challenge is used or out of date: start again")
    rp_id, origin = _party(request, hub)
    try:
        got = verify_registration_response(
            credential=credential,
            expected_challenge=base64url_to_bytes(challenge),
            expected_rp_id=rp_id,
            expected_origin=origin,
        )
    except Exception as e:  # whatever the parser of a browser's (or anyone's) answer raises
        raise Refused(400, f"the passkey could not be checked: {_why(e)}") from None
    key = store.Passkey(
        bytes_to_base64url(got.credential_id),
        player.id,
        bytes_to_base64url(got.credential_public_key),
        got.sign_count,
        _label(request, body),
        _now(hub),
        None,
    )
    if not await asyncio.to_thread(store.add_passkey, hub.store.engine, key):
        raise Refused(409, "this passkey is kept here already")
    return {"passkeys": await asyncio.to_thread(_passkeys, hub, player)}


@router.post("/api/players/me/passkeys/remove")
async def remove_passkey(request: Request) -> dict[str, Any]:
    hub = _hub(request)
    body = await body_of(request)
    player = await player_of(hub, body.get("token"))
    which = body.get("id")
    if not isinstance(which, str) or len(which) > 512:
        raise Refused(400, "id: expected a passkey's id")
    if not await asyncio.to_thread(store.remove_passkey, hub.store.engine, player.id, which):
        raise Refused(404, "no such passkey of yours")
    return {"passkeys": await asyncio.to_thread(_passkeys, hub, player)}


@router.post("/api/signin/passkey/options")
async def signin_options(request: Request) -> dict[str, Any]:
    hub = _hub(request)
    await body_of(request)
    _limit(limits_of(request.app).client.take(client_address(request), _now(hub)), "sign-ins from your address")
    rp_id, _ = _party(request, hub)
    options = generate_authentication_options(rp_id=rp_id, user_verification=UserVerificationRequirement.PREFERRED)
    now = _now(hub)
    await asyncio.to_thread(store.forget_old, hub.store.engine, now)
    cid = await asyncio.to_thread(
        store.new_challenge, hub.store.engine, bytes_to_base64url(options.challenge), None, now
    )
    return {"challenge": cid, "options": json.loads(options_to_json(options))}


@router.post("/api/signin/passkey")
async def signin_passkey(request: Request) -> dict[str, Any]:
    hub = _hub(request)
    limits = limits_of(request.app)
    body = await body_of(request)
    _limit(limits.client.take(client_address(request), _now(hub)), "sign-ins from your address")
    cid, credential = _challenge_id(body.get("challenge")), _credential(body.get("credential"))
    engine = hub.store.engine
    now = _now(hub)
    challenge = await asyncio.to_thread(store.take_challenge, engine, cid, None, now)
    if challenge is None:
        raise Refused(409, "this sign-in's challenge is used or out of date: start again")
    key = await asyncio.to_thread(store.passkey, engine, credential["id"])
    if key is None:
        raise Refused(403, "this passkey is not known here (it may have been removed)")
    _locked(await asyncio.to_thread(store.locked_for, engine, key.player_id, now))
    _limit(limits.account.take(key.player_id, now), "sign-ins on this account")
    rp_id, origin = _party(request, hub)
    try:
        got = verify_authentication_response(
            credential=credential,
            expected_challenge=base64url_to_bytes(challenge),
            expected_rp_id=rp_id,
            expected_origin=origin,
            credential_public_key=base64url_to_bytes(key.public_key),
            credential_current_sign_count=key.sign_count,
        )
    except Exception:  # whatever the parser of the answer raises: a failed sign-in
        raise await _failed(hub, key.player_id, "the passkey's answer does not check out") from None
    await asyncio.to_thread(store.used_passkey, engine, key.credential_id, got.new_sign_count, now)
    return await _signed_in(request, hub, key.player_id, _label(request, body))


@router.get("/signin", include_in_schema=False)
def signin_page() -> FileResponse:
    """The sign-in page (a link sent by e-mail lands on it as ``/signin#TOKEN``)."""
    return FileResponse(STATIC / "signin.html", media_type="text/html", headers={"Cache-Control": "no-cache"})


def close(app: FastAPI) -> None:
    """Let the mail still being sent go (a stopping server)."""
    for task in list(limits_of(app).sending):
        with contextlib.suppress(RuntimeError):
            task.cancel()

"""The sender: a task of the server that sends the notices of the outbox when they are due.

Every few seconds it reads the notices not yet taken. A notice whose turn already passed (the
table's latest action is newer than the notice's version, or the table is over) is dropped. The
rest wait while the player's quiet hours last in their own time zone; a player who asked for a
digest hears at most once an hour, one message listing every table that waits. A notice is taken
by one process only (`store.claim`) before it is sent, so a cluster sends it once; a process that
dies between taking and sending loses that notice rather than sending it twice.

A message says which game waits, that it is the player's turn and at which seat, the deadline in
words in the player's time zone, the link straight to the seat and the link to the preferences.
It is said in the player's language (their ``language``, English when none is known,
docs/languages.md): the words, the game's title (the game's own, `cardtable.registry.title`), the
plural forms and the days and months of the deadline; the links stay as they are. It never names a
card, not even one on the table: a notice is read on a lock screen. Every time here is the
server's wall clock (`Settings.clock`).
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from email.utils import parseaddr
from typing import Any
from zoneinfo import ZoneInfo

from babel.dates import format_date, format_time
from sqlalchemy import select
from sqlalchemy.engine import Engine

from cardtable import registry
from cardtable.core import BadRules
from cardtable.i18n import _, current, language_of, ngettext, speaking
from cardtable.web.mail import Mailer, MailError
from cardtable.web.notices import push, store
from cardtable.web.notices.store import Notice, Prefs
from cardtable.web.ops import logs
from cardtable.web.schema import players
from cardtable.web.settings import Settings

log = logging.getLogger("cardtable.web.notices")

#: Seconds between two looks at the outbox.
EVERY = 15.0
#: The least time between two digests to one player (seconds).
DIGEST_EVERY = 3600.0
#: How long notices already sent are kept (for the digest's pacing and for an operator's look).
KEEP = 7 * 86400.0


def game_title(name: str) -> str:
    """The game's title in the language spoken (`cardtable.registry.title`); a game no longer
    registered by its name."""
    try:
        return _(registry.title(name))
    except BadRules:
        return name


def zone_of(p: Prefs) -> ZoneInfo:
    try:
        return ZoneInfo(p.zone)
    except (ValueError, KeyError, OSError):
        return ZoneInfo("UTC")


def quiet(p: Prefs, now: float) -> bool:
    """Whether ``now`` falls in the player's quiet hours, in their time zone (from ``quiet_from``
    up to, not including, ``quiet_to``; equal hours: never quiet)."""
    hour = datetime.fromtimestamp(now, zone_of(p)).hour
    a, b = p.quiet_from, p.quiet_to
    if a == b:
        return False
    return a <= hour < b if a < b else (hour >= a or hour < b)


def span(seconds: float) -> str:
    """A length of time in words, to the minute, in the language spoken: ``2 days 3 hours``,
    ``40 minutes``."""
    minutes = max(1, int(seconds // 60))
    days, rest = divmod(minutes, 1440)
    hours, mins = divmod(rest, 60)
    words = []
    if days:
        words.append(ngettext("{n} day", "{n} days", days).format(n=days))
    if hours:
        words.append(ngettext("{n} hour", "{n} hours", hours).format(n=hours))
    if mins:
        words.append(ngettext("{n} minute", "{n} minutes", mins).format(n=mins))
    return " ".join(words[:2])


def deadline_words(deadline: float, now: float, p: Prefs) -> str:
    """When a move is due, in the player's time zone and the language spoken: ``by Tuesday 8
    December at 14:00 (Europe/Berlin), in 1 day 2 hours``."""
    if not deadline or deadline != deadline or deadline == float("inf"):
        return _("no deadline")
    when = datetime.fromtimestamp(deadline, zone_of(p))
    locale = current()
    # the date's pattern is the language's own (Unicode's date patterns: weekday, day, month)
    day = format_date(when, _("EEEE d MMMM"), locale=locale)
    at = _("{date} at {time} ({zone})").format(date=day, time=format_time(when, "HH:mm", locale=locale), zone=p.zone)
    left = deadline - now
    if left > 0:
        return _("by {at}, in {left}").format(at=at, left=span(left))
    return _("by {at}: the time is up").format(at=at)


@dataclass(frozen=True)
class Message:
    subject: str
    text: str
    push: dict[str, Any]
    language: str = "en"


def compose(notices: Sequence[Notice], name: str, p: Prefs, base: str, now: float, language: str = "en") -> Message:
    """The message for one notice, or the digest of several, in ``language``: game, whose turn,
    deadline, links; never a card."""
    with speaking(language):
        return _compose(notices, name, p, base, now, language)


def _compose(notices: Sequence[Notice], name: str, p: Prefs, base: str, now: float, language: str) -> Message:
    prefs_link = f"{base}/player#notices"
    footer = "\n\n" + _("To change or stop these messages: {link}").format(link=prefs_link) + "\n"
    if len(notices) == 1:
        n = notices[0]
        game, link = game_title(n.game), f"{base}/t/{n.table_id}"
        subject = _("Your turn at {game}").format(game=game)
        line = _("{name}, it is your turn at {game} (table {table}, seat {seat}).").format(
            name=name, game=game, table=n.table_id, seat=n.seat
        )
        due = _("Your move is due {when}.").format(when=deadline_words(n.deadline, now, p))
        text = f"{line}\n{due}\n\n" + _("Play: {link}").format(link=link) + footer
        push = {"title": subject, "body": f"{line} {due}", "url": link, "tag": n.table_id, "lang": language}
        return Message(subject, text, push, language)
    lines = []
    for n in sorted(notices, key=lambda n: n.deadline):
        said = _("{game}, table {table}, seat {seat}: due {when}").format(
            game=game_title(n.game), table=n.table_id, seat=n.seat, when=deadline_words(n.deadline, now, p)
        )
        lines.append(f"- {said}\n  {base}/t/{n.table_id}")
    count = len(notices)
    subject = ngettext("Your turn at {n} table", "Your turn at {n} tables", count).format(n=count)
    head = ngettext("{name}, {n} table waits for your move:", "{name}, {n} tables wait for your move:", count)
    text = head.format(name=name, n=count) + "\n\n" + "\n".join(lines) + footer
    first = min(notices, key=lambda n: n.deadline)
    body = ngettext("{name}, {n} table waits for your move.", "{name}, {n} tables wait for your move.", count)
    push = {
        "title": subject,
        "body": body.format(name=name, n=count),
        "url": f"{base}/t/{first.table_id}",
        "tag": "digest",
        "lang": language,
    }
    return Message(subject, text, push, language)


def push_subject(settings: Settings) -> str:
    """Who the push services may write to about this server (VAPID's ``sub``)."""
    address = parseaddr(settings.mail_from)[1]
    if "@" in address:
        return f"mailto:{address}"
    if settings.public_url and settings.public_url.startswith("https://"):
        return settings.public_url
    return "mailto:cardtable@localhost"


class Sender:
    """Sends the outbox's notices through e-mail (`Mailer`, to a verified address only) and Web
    Push; ``base`` is the server's address the links start with."""

    def __init__(self, engine: Engine, settings: Settings, base: str, mailer: Mailer | None = None) -> None:
        self.engine = engine
        self.settings = settings
        self.base = base.rstrip("/")
        self.mailer = mailer or Mailer(settings.smtp, settings.mail_from)
        self.task: asyncio.Task[None] | None = None

    def start(self, every: float | None = None) -> None:
        """Look at the outbox every ``every`` seconds (`EVERY` by default) until `stop`."""
        self.task = asyncio.create_task(self._forever(EVERY if every is None else every), name="notices")

    def stop(self) -> None:
        if self.task is not None:
            self.task.cancel()

    async def _forever(self, every: float) -> None:
        trouble = logs.Trouble(log, "sending the notices failed")
        purged = 0.0
        while True:
            await asyncio.sleep(every)
            try:
                await self.run_once()
                now = self.settings.clock.now()
                if now - purged > 3600:
                    purged = now
                    await asyncio.to_thread(store.purge, self.engine, now - KEEP)
                trouble.ok()
            except Exception as e:
                trouble.failed(e)

    async def run_once(self) -> int:
        """Send what is due now; returns how many messages went out (to any channel)."""
        now = self.settings.clock.now()
        waiting = await asyncio.to_thread(store.pending, self.engine)
        by_player: dict[str, list[Notice]] = defaultdict(list)
        for n in waiting:
            why = await asyncio.to_thread(store.passed, self.engine, n)
            if why is not None:
                if await asyncio.to_thread(store.claim, self.engine, [n.id], now):
                    await asyncio.to_thread(store.finish, self.engine, [n.id], {"skipped": why})
            else:
                by_player[n.player_id].append(n)
        sent = 0
        for pid, notices in by_player.items():
            p = await asyncio.to_thread(store.prefs, self.engine, pid)
            if quiet(p, now):
                continue  # held until the quiet hours end
            if not p.email and not p.push:
                ids = await asyncio.to_thread(store.claim, self.engine, [n.id for n in notices], now)
                await asyncio.to_thread(store.finish, self.engine, ids, {"skipped": "notices are off"})
                continue
            if p.often == "hourly":
                last = await asyncio.to_thread(store.last_sent, self.engine, pid)
                if last is not None and now - last < DIGEST_EVERY:
                    continue  # the next digest is due later
                groups = [notices]
            else:
                groups = [[n] for n in notices]
            for group in groups:
                ids = await asyncio.to_thread(store.claim, self.engine, [n.id for n in group], now)
                mine = [n for n in group if n.id in ids]
                if mine:
                    results = await self._send(pid, p, mine, now)
                    await asyncio.to_thread(store.finish, self.engine, ids, results)
                    sent += 1
        return sent

    async def _send(self, pid: str, p: Prefs, notices: Sequence[Notice], now: float) -> dict[str, Any]:
        name, language = await asyncio.to_thread(self._name, pid)
        msg = compose(notices, name, p, self.base, now, language)
        results: dict[str, Any] = {}
        if not p.email:
            results["email"] = "off"
        elif not self.mailer.enabled:
            results["email"] = "no --smtp"
        else:
            address = await asyncio.to_thread(store.verified_address, self.engine, pid)
            if address is None:
                results["email"] = "no verified address"
            else:
                headers = {"List-Unsubscribe": f"<{self.base}/player#notices>", "Content-Language": msg.language}
                try:
                    await asyncio.to_thread(self.mailer.send, address, msg.subject, msg.text, headers)
                    results["email"] = "sent"
                except MailError as e:
                    results["email"] = str(e)
                    log.warning("a notice's e-mail was not sent: %s", e)
        if not p.push:
            results["push"] = "off"
        else:
            subs = await asyncio.to_thread(store.subscriptions, self.engine, pid)
            ok = 0
            if subs:
                private, _ = await asyncio.to_thread(push.vapid_keys, self.engine, now)
                subject = push_subject(self.settings)
                for sub in subs:
                    answer = await asyncio.to_thread(push.send, sub, msg.push, private, subject)
                    if answer.gone:
                        await asyncio.to_thread(store.drop_subscription, self.engine, sub.id)
                    elif answer.error is None:
                        ok += 1
            results["push"] = f"{ok}/{len(subs)}"
        return results

    def _name(self, pid: str) -> tuple[str, str]:
        """The player's name and the language they read (English when none is known)."""
        with self.engine.connect() as conn:
            row = conn.execute(select(players.c.name, players.c.language).where(players.c.id == pid)).first()
        language = language_of(row.language) if row is not None and row.language else "en"
        if row is None or not row.name:
            with speaking(language):
                return _("Hello"), language
        return str(row.name), language

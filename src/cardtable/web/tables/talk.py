"""Talk at a table (web.md §4): who hears whom, what may be said when, and what is kept.

- A seated person's words go to every seat and every spectator; a spectator's go to spectators
  only, so that no watcher can signal a player.
- The host chooses ``free`` talk, ``phrases`` (while a hand is played only a phrase of the list
  below: the usual rule of partnership play, no signals about the cards; free text between hands
  and after the match) or ``off``.
- Talk is not part of the game's record; the last `KEPT` messages are kept in memory so that a
  page that reconnects soon sees the talk it missed, and nothing older.
- What people type is said as typed (any script, emoji sequences, a no-break space); a text with a
  character that cannot be seen for what it is (a control character, a bidi override, …) is
  refused (`cardtable.web.names.text_problem`).
- Talk has a pace of its own (`Pace`), far below a connection's message rate: each connection,
  each seat (whatever number of connections it opens) and each address's spectators may say
  `PER_SECOND` texts a second on average, `BURST` at once. Every text said is sent to everyone
  who may hear it, so without this a few connections of one person could make the server send
  thousands of messages a second to every page at the table; past the pace a text is refused
  with reason ``rate`` to its sender only, which costs the server next to nothing.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

from cardtable.i18n import N_
from cardtable.web.limits import Bucket, PerAddress, wait_text
from cardtable.web.names import text_problem

MODES = ("free", "phrases", "off")

#: What may be said while a hand is played at a ``phrases`` table: greetings, praise, thanks and
#: regret, none of which says anything about the cards. Said and checked in English (the pages
#: show each in the reader's language).
PHRASES = (
    N_("Hello!"),
    N_("Good luck!"),
    N_("Nice hand!"),
    N_("Well played!"),
    N_("Good game"),
    N_("Oops"),
    N_("Thanks!"),
    N_("Sorry!"),
    N_("Wow!"),
    N_("One moment, please"),
    N_("Bye!"),
)

#: The longest text, in characters (web.md §4).
MAX_TEXT = 200
#: How many messages a table keeps for pages that reconnect.
KEPT = 100
#: Texts a connection, a seat or an address's spectators may say: a second on average, and at once.
PER_SECOND = 1.0
BURST = 5


def refusal(text: object, mode: str, in_hand: bool) -> str | None:
    """Why ``text`` may not be said now at a table of ``mode`` (``None``: it may)."""
    if mode == "off":
        return "talk is switched off at this table"
    if not isinstance(text, str) or not text.strip():
        return "say: expected a text"
    if len(text) > MAX_TEXT:
        return f"say: at most {MAX_TEXT} characters"
    problem = text_problem(text)
    if problem is not None:
        return f"say: the text has {problem}"
    if mode == "phrases" and in_hand and text not in PHRASES:
        return "while a hand is played only the table's phrases may be said (no signals about the cards)"
    return None


@dataclass
class TalkLog:
    """The table's last messages, each with whether only spectators may see it."""

    kept: deque[tuple[bool, dict[str, Any]]] = field(default_factory=lambda: deque(maxlen=KEPT))

    def add(self, msg: dict[str, Any], spectators_only: bool) -> None:
        self.kept.append((spectators_only, msg))

    def for_seat(self, seat: int | None, spectators: bool | None = None) -> list[dict[str, Any]]:
        """What a recipient (``None``: a spectator) may see of the kept messages, oldest first:
        the spectators' words only to one that hears them (by default every spectator)."""
        hears = seat is None if spectators is None else spectators
        return [msg for only, msg in self.kept if hears or not only]


@dataclass
class Pace:
    """How fast a table's talk may go: a bucket per seat and per address of its spectators (a
    connection has its own too, `connection`); `take` answers ``None`` when a text may be said,
    else the refusal to send to its sender."""

    seats: dict[int, Bucket] = field(default_factory=dict)
    spectators: PerAddress = field(default_factory=lambda: PerAddress(PER_SECOND, BURST, remember=1000))

    @staticmethod
    def connection() -> Bucket:
        return Bucket(PER_SECOND, BURST)

    def take(self, own: Bucket, seat: int | None, address: str) -> str | None:
        wait = own.take()
        if wait == 0.0:
            if seat is None:
                wait = self.spectators.take(address)
            else:
                wait = self.seats.setdefault(seat, Bucket(PER_SECOND, BURST)).take()
        if wait > 0.0:
            return f"say: too much talk; wait {wait_text(wait)}"
        return None

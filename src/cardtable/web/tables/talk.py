"""Talk at a table (web.md §4): who hears whom, what may be said when, and what is kept.

- A seated person's words go to every seat and every spectator; a spectator's go to spectators
  only, so that no watcher can signal a player.
- The host chooses ``free`` talk, ``phrases`` (while a hand is played only a phrase of the list
  below: the usual rule of partnership play, no signals about the cards; free text between hands
  and after the match) or ``off``.
- Talk is not part of the game's record; the last `KEPT` messages are kept in memory so that a
  page that reconnects soon sees the talk it missed, and nothing older.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field
from typing import Any

MODES = ("free", "phrases", "off")

#: What may be said while a hand is played at a ``phrases`` table: greetings, praise, thanks and
#: regret, none of which says anything about the cards.
PHRASES = (
    "Hello!",
    "Good luck!",
    "Nice hand!",
    "Well played!",
    "Good game",
    "Oops",
    "Thanks!",
    "Sorry!",
    "Wow!",
    "One moment, please",
    "Bye!",
)

#: The longest text, in characters (web.md §4).
MAX_TEXT = 200
#: How many messages a table keeps for pages that reconnect.
KEPT = 100


def refusal(text: object, mode: str, in_hand: bool) -> str | None:
    """Why ``text`` may not be said now at a table of ``mode`` (``None``: it may)."""
    if mode == "off":
        return "talk is switched off at this table"
    if not isinstance(text, str) or not text.strip():
        return "say: expected a text"
    if len(text) > MAX_TEXT:
        return f"say: at most {MAX_TEXT} characters"
    if not text.isprintable():
        return "say: the text has characters that cannot be shown"
    if mode == "phrases" and in_hand and text not in PHRASES:
        return "while a hand is played only the table's phrases may be said (no signals about the cards)"
    return None


@dataclass
class TalkLog:
    """The table's last messages, each with whether only spectators may see it."""

    kept: deque[tuple[bool, dict[str, Any]]] = field(default_factory=lambda: deque(maxlen=KEPT))

    def add(self, msg: dict[str, Any], spectators_only: bool) -> None:
        self.kept.append((spectators_only, msg))

    def for_seat(self, seat: int | None) -> list[dict[str, Any]]:
        """What a recipient (``None``: a spectator) may see of the kept messages, oldest first."""
        return [msg for only, msg in self.kept if seat is None or not only]

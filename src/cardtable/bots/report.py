"""What a bot says of its last decision besides the action: whether a stand-in made the move for
it, and why (`StandIn`), and what it weighed (`Thought`: the candidates and the value it gave
each, from a program's ``info`` messages).

A bot in another program (`cardtable.bots.external`) has both; the places that play hands
(``sim``, the terminal table, its plain mode, ``watch``, a web table) ask every bot through
`stand_in_of` and `thought_of`, which answer ``None`` for a bot that has neither.

>>> why = StandIn("late", "no answer within 5 s")
>>> why.words()
'it answered late (no answer within 5 s)'
>>> Thought((("play KD", 0.42, 0.1), ("play 10D", 0.1, None)), "depth 3").to_json()["candidates"][1]
{'action': 'play 10D', 'value': 0.1}
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

from cardtable.i18n import _, ngettext, written

#: Why a stand-in made a program's move, by kind, in words for a table and a summary.
KINDS = {
    "late": "it answered late",
    "clock": "its clock had run out",
    "illegal": "its answer was not a legal action",
    "wrong_id": "it answered another question",
    "not_json": "it wrote something that is not JSON",
    "not_a_move": "its answer was not a move",
    "ended": "its program had ended",
    "flood": "it wrote too much",
    "not_started": "its program would not start",
}

#: The most candidates of one ``info`` kept, and the longest ``text``.
MAX_CANDIDATES = 64
MAX_TEXT = 200


@dataclass(frozen=True)
class StandIn:
    """A move made by a stand-in: the kind of failure (a key of `KINDS`) and its exact words."""

    kind: str
    message: str

    def words(self) -> str:
        """The reason as a table says it: ``it answered late (no answer within 5 s)``."""
        return f"{KINDS.get(self.kind, self.kind)} ({self.message})"


@dataclass(frozen=True)
class Thought:
    """What a bot weighed for one decision: each candidate action (record notation, without the
    seat) with its value (points a hand, as the bot reckons them) and the standard error of that
    value where the bot gives one; and a line of free text (depth, nodes, …)."""

    candidates: tuple[tuple[str, float, float | None], ...]
    text: str = ""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"candidates": []}
        for action, value, stderr in self.candidates:
            item: dict[str, Any] = {"action": action, "value": value}
            if stderr is not None:
                item["stderr"] = stderr
            out["candidates"].append(item)
        if self.text:
            out["text"] = self.text
        return out

    @classmethod
    def from_json(cls, obj: Any, legal: list[str] | None = None) -> Thought | None:
        """A thought from an ``info`` message (or a record's ``info`` entry): the candidates that
        are legal actions (all, when ``legal`` is ``None``) with finite values, best first; ``None``
        when nothing is left."""
        if not isinstance(obj, dict):
            return None
        found: list[tuple[str, float, float | None]] = []
        items = obj.get("candidates")
        for item in items[: MAX_CANDIDATES * 4] if isinstance(items, list) else []:
            if not isinstance(item, dict):
                continue
            action, value, stderr = item.get("action"), item.get("value"), item.get("stderr")
            if not isinstance(action, str) or (legal is not None and action not in legal):
                continue
            worth, margin = _number(value), _number(stderr)
            if worth is None:
                continue
            found.append((action, worth, margin if margin is not None and margin >= 0 else None))
        found.sort(key=lambda c: -c[1])
        text = obj.get("text")
        words = " ".join(text.split())[:MAX_TEXT] if isinstance(text, str) else ""
        if not found and not words:
            return None
        return cls(tuple(found[:MAX_CANDIDATES]), words)


def _number(value: Any) -> float | None:
    """A finite JSON number as a float, else ``None``."""
    if isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value):
        return float(value)
    return None


def stand_in_of(bot: object) -> StandIn | None:
    """Why a stand-in made ``bot``'s last move, or ``None`` when the bot made it itself."""
    why = getattr(bot, "last_stand_in", None)
    return why if isinstance(why, StandIn) else None


def thought_of(bot: object) -> Thought | None:
    """What ``bot`` weighed for its last decision, or ``None`` when it said nothing."""
    thought = getattr(bot, "last_thought", None)
    return thought if isinstance(thought, Thought) else None


def stand_in_line(who: str, why: StandIn) -> str:
    """A stand-in's move said at a table: ``The rule bot played for Seat 2: it answered late (no
    answer within 5 s).``"""
    return f"The rule bot played for {who}: {why.words()}."


def thought_line(who: str, thought: Thought, shown: Any = str) -> str:
    """What a bot weighed, in one line: ``Seat 2 weighed play KD +0.42 ±0.10, play 10D +0.10
    (depth 3).``; ``shown`` writes an action (suit symbols, say). Said in the language being
    spoken (`cardtable.i18n.speaking`; ``who`` said already), the bot's own words (``depth 3``)
    and the actions as they are."""
    parts = []
    for action, value, stderr in thought.candidates[:8]:
        margin = f" ±{written(f'{stderr:.2f}')}" if stderr is not None else ""
        parts.append(f"{shown(action)} {written(_signed(value))}{margin}")
    more = len(thought.candidates) - len(parts)
    listed = ", ".join(parts)
    if more > 0:
        listed = ngettext("{moves} and {n} more", "{moves} and {n} more", more).format(moves=listed, n=more)
    if not parts:
        said = _("{who} weighed nothing it named ({text}).") if thought.text else _("{who} weighed nothing it named.")
    else:
        said = _("{who} weighed {moves} ({text}).") if thought.text else _("{who} weighed {moves}.")
    return said.format(who=who, moves=listed, text=thought.text)


class Marks:
    """The marks a record's hands carry besides their actions, kept while the hands are played:
    the indices of the actions a stand-in made (``stand_ins``, as a web table marks a move made
    for an absent person) and what the bots that made them weighed (``info``). `new_hand` at
    every deal, `note` after every bot's action, `take_back` after a take-back; `apply` adds them
    to a record's hands."""

    def __init__(self) -> None:
        self.hands: list[dict[str, list[Any]]] = []

    def new_hand(self) -> None:
        self.hands.append({})

    def note(self, bot: object, index: int) -> tuple[StandIn | None, Thought | None]:
        """After ``bot`` chose the action numbered ``index`` of the current hand: its marks, if
        any, are kept; returned for the caller to say."""
        why, thought = stand_in_of(bot), thought_of(bot)
        if not self.hands:
            self.new_hand()
        hand = self.hands[-1]
        if why is not None:
            hand.setdefault("stand_ins", []).append(index)
        if thought is not None:
            hand.setdefault("info", []).append({"action": index, **thought.to_json()})
        return why, thought

    def take_back(self, actions: int) -> None:
        """The current hand now has ``actions`` actions: marks of later ones are dropped."""
        if not self.hands:
            return
        hand = self.hands[-1]
        if "stand_ins" in hand:
            hand["stand_ins"] = [i for i in hand["stand_ins"] if i < actions]
        if "info" in hand:
            hand["info"] = [i for i in hand["info"] if i["action"] < actions]
        for key in [k for k, v in hand.items() if not v]:
            del hand[key]

    def apply(self, record: dict[str, Any]) -> dict[str, Any]:
        """``record`` (contract JSON) with each hand's marks added to that hand."""
        for hand, marks in zip(record.get("hands") or [], self.hands, strict=False):
            hand.update({key: list(value) for key, value in marks.items() if value})
        return record


def _signed(x: float) -> str:
    """A value with its sign and two decimals, a true minus sign for people to read (as
    `cardtable.render.signed_value`, which the bots' layer does not import)."""
    shown = f"{x:+.2f}"
    return "\u2212" + shown[1:] if shown.startswith("-") else shown

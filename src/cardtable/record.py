"""Game records: read, write and replay them exactly as the record contract says.

A record is one JSON object (``.json``: one record; ``.jsonl``: one per line) that holds the game,
its rule options, the match state before the first hand and the hands, each as a deal (or, for
the first hand, a position) and the actions in order. Replaying a record yields its states one by
one; `replay_record` gives the contract's replay report.

>>> from cardtable.registry import get_game
>>> import random
>>> game = get_game("smear")
>>> log = HandLog(game, dealer=3)
>>> state = log.deal(random.Random(7))
>>> while game.actor(state) is not None:
...     state = log.act(game.legal_actions(state)[0])
>>> status, report = replay_record(log.record())
>>> first, *_ = report["hands"]
>>> status, report["ok"], first["result"] == game.outcome(state).result
(0, True, True)
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import stat
import tempfile
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardtable.cards import format_card
from cardtable.core import (
    CHANCE,
    BadNotation,
    BadPosition,
    BadRules,
    CardtableError,
    Deal,
    IllegalAction,
    rules_json,
)
from cardtable.registry import get_game_from_rules
from cardtable.shuffle import MISMATCH, NO_SHUFFLE, check_shuffle, read_shuffle
from cardtable.strict import BadJson, check_tree, excerpt, is_number_text, is_whole, loads, one_line

#: The largest record file read, in bytes (a thousand-hand record is under 2 MB).
MAX_FILE_BYTES = 64 * 1024 * 1024
#: The longest action string (a Seep capture of every card on the floor is under 200 characters).
MAX_ACTION_TEXT = 400
#: The longest display name of a player.
MAX_NAME = 200

FORMAT = "cardtable-record/1"

#: Exit statuses of ``cardtable replay`` and ``cardtable legal`` (contract §7).
OK, ILLEGAL, MALFORMED = 0, 1, 2


class BadRecord(CardtableError):
    """A record that breaks the contract: bad JSON, a missing field, an unknown game or option,
    a bad card, a card twice, wrong hand sizes, an invalid position."""

    def __init__(self, reason: str, hand: int | None = None) -> None:
        self.reason = one_line(reason)
        self.hand = hand
        where = f"hand {hand}: " if hand is not None else ""
        super().__init__(where + self.reason)


class ReplayStopped(CardtableError):
    """The first illegal or malformed action of a record, with where it stands."""

    def __init__(self, hand: int, action: int, text: str, reason: str) -> None:
        self.hand = hand
        self.action = action
        self.text = text if len(text) <= MAX_ACTION_TEXT else text[:MAX_ACTION_TEXT] + "…"
        self.reason = one_line(reason)
        super().__init__(f"hand {hand}, action {action} ({excerpt(text)}): {self.reason}")


@dataclass(frozen=True)
class HandRecord:
    """One hand of a record: its dealer (if given), its deal or position, its actions, and its
    verifiable shuffle (``{"commitment": HEX, "salt": HEX}``, the salt once revealed) if any."""

    dealer: int | None
    deal: Any
    position: Any
    actions: tuple[str, ...]
    shuffle: Any = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        if self.dealer is not None:
            out["dealer"] = self.dealer
        if self.position is not None:
            out["position"] = self.position
        else:
            out["deal"] = self.deal
        out["actions"] = list(self.actions)
        if self.shuffle is not None:
            out["shuffle"] = dict(self.shuffle)
        return out


@dataclass(frozen=True)
class Record:
    """A whole record (contract §2), checked for shape; the rules are checked when replayed."""

    game: str
    hands: tuple[HandRecord, ...]
    rules: Mapping[str, Any] = field(default_factory=dict)
    players: tuple[str, ...] | None = None
    match: Mapping[str, Any] | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": FORMAT, "game": self.game}
        if self.rules:
            out["rules"] = dict(self.rules)
        if self.players is not None:
            out["players"] = list(self.players)
        if self.match is not None:
            out["match"] = dict(self.match)
        out["hands"] = [h.to_json() for h in self.hands]
        return out

    @classmethod
    def from_json(cls, obj: object) -> Record:
        """Check a record's shape (contract §2); raises `BadRecord` saying what is wrong and where."""
        if not isinstance(obj, dict):
            raise BadRecord("a record must be a JSON object")
        try:
            check_tree(obj)
        except BadJson as e:
            raise BadRecord(str(e)) from None
        if obj.get("format") != FORMAT:
            raise BadRecord(f"format: expected {FORMAT!r}, found {excerpt(obj.get('format'))}")
        game = obj.get("game")
        if not isinstance(game, str):
            raise BadRecord('game: expected a game name such as "seep"')
        # Fields a record or a hand does not name here are passed over: the contract grows only
        # by optional fields, which a reader of this version must allow.
        rules = obj.get("rules", {})
        if not isinstance(rules, dict):
            raise BadRecord("rules: expected an object of rule options")
        for key in ("players", "match"):
            if key in obj and obj[key] is None:
                raise BadRecord(f"{key}: leave it out rather than null")
        players = obj.get("players")
        if players is not None and (
            not isinstance(players, list) or not all(isinstance(p, str) and len(p) <= MAX_NAME for p in players)
        ):
            raise BadRecord(f"players: expected a list of names of at most {MAX_NAME} characters")
        match = obj.get("match")
        if match is not None and not isinstance(match, dict):
            raise BadRecord("match: expected an object")
        hands = obj.get("hands")
        if not isinstance(hands, list) or not hands:
            raise BadRecord("hands: expected a non-empty list of hands")
        return cls(
            game=game,
            rules=rules,
            players=tuple(players) if players is not None else None,
            match=match,
            hands=tuple(_hand_from_json(h, i) for i, h in enumerate(hands)),
        )


def _hand_from_json(obj: object, index: int) -> HandRecord:
    if not isinstance(obj, dict):
        raise BadRecord("expected a hand object", index)
    dealer = obj.get("dealer")
    if "dealer" in obj and not is_whole(dealer, 0, 1000):
        raise BadRecord(f"dealer: expected a seat number, not {excerpt(dealer)}", index)
    if "shuffle" in obj and not isinstance(obj["shuffle"], dict):
        raise BadRecord("shuffle: expected an object {'commitment': HEX, 'salt': HEX}", index)
    has_deal, has_position = "deal" in obj, "position" in obj
    if has_deal == has_position:
        raise BadRecord("a hand needs exactly one of 'deal' and 'position'", index)
    if has_position and index > 0:
        raise BadRecord("only the first hand may start from a position", index)
    if index == 0 and has_deal and dealer is None:
        raise BadRecord("dealer: the first hand must name its dealer", index)
    actions = obj.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise BadRecord("actions: expected a list of strings", index)
    if has_position and obj.get("position") is None:
        raise BadRecord("position: expected a position object, not null", index)
    shuffle = obj.get("shuffle")
    if shuffle is not None:
        if has_position:
            raise BadRecord("shuffle: a hand that starts from a position has no deal to commit to", index)
        try:
            read_shuffle(shuffle)
        except BadNotation as e:
            raise BadRecord(str(e), index) from None
    return HandRecord(dealer, obj.get("deal"), obj.get("position"), tuple(actions), shuffle)


def read_records(path: str | Path) -> list[Record]:
    """Read a ``.json`` file (one record) or a ``.jsonl`` file (one record per line).

    The extension is matched without regard to case. The text is UTF-8, with or without a
    byte-order mark. Lines of a ``.jsonl`` file end at a line feed only (CR LF too), never at the
    other characters `str.splitlines` breaks on, which JSON strings may hold. Only a regular file
    of at most `MAX_FILE_BYTES` is read: a FIFO, a device or a directory is refused without
    opening it, so reading never blocks.
    """
    p = Path(path)
    text = _read_text(p)
    if p.suffix.lower() == ".jsonl":
        out = []
        for n, line in enumerate(text.split("\n"), 1):
            if line.strip(" \t\r"):
                where = f"{p.name} line {n}"
                try:
                    out.append(Record.from_json(_loads(line, "")))
                except BadRecord as e:
                    raise BadRecord(f"{where}: {e.reason}", e.hand) from None
        if not out:
            raise BadRecord(f"{p.name}: no records")
        return out
    return [Record.from_json(_loads(text, ""))]


def _read_text(p: Path) -> str:
    """The text of a regular file, refusing anything that could block or is too large."""
    try:
        st = p.stat()
        if stat.S_ISDIR(st.st_mode):
            raise BadRecord(f"cannot read {p}: it is a directory")
        if not stat.S_ISREG(st.st_mode):
            raise BadRecord(f"cannot read {p}: not a regular file (a FIFO, socket or device)")
        if st.st_size > MAX_FILE_BYTES:
            raise BadRecord(f"cannot read {p}: {st.st_size} bytes, more than the {MAX_FILE_BYTES} a record may have")
        fd = os.open(p, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        with os.fdopen(fd, "rb") as f:
            if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):  # replaced since the check
                raise BadRecord(f"cannot read {p}: not a regular file")
            data = f.read(MAX_FILE_BYTES + 1)
    except OSError as e:
        raise BadRecord(f"cannot read {p}: {e.strerror or e}") from None
    if len(data) > MAX_FILE_BYTES:
        raise BadRecord(f"cannot read {p}: more than the {MAX_FILE_BYTES} bytes a record may have")
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = data[: e.start].count(b"\n") + 1
        raise BadRecord(f"{p.name}: not UTF-8 (byte {e.start}, line {line})") from None


def _loads(text: str, where: str) -> object:
    try:
        return loads(text)
    except BadJson as e:
        raise BadRecord(f"{where}: {e}" if where else str(e)) from None


def write_records(path: str | Path, records: Sequence[Record], force: bool = False) -> None:
    """Write records: one indented record to ``.json``, one per line to ``.jsonl``.

    The file is written whole through a temporary file beside it and then renamed, so a reader
    never sees half a file; see `write_text` for what is refused.
    """
    p = Path(path)
    if p.suffix.lower() == ".jsonl":
        text = "".join(json.dumps(r.to_json()) + "\n" for r in records)
    else:
        if len(records) != 1:
            raise ValueError("a .json file holds exactly one record; use .jsonl for several")
        text = json.dumps(records[0].to_json(), indent=1) + "\n"
    write_text(p, text, force)


def check_writable(path: str | Path, force: bool = False) -> Path:
    """Check, before any work, that a file may be written at ``path``: refuse an existing file
    unless ``force``, a symbolic link, anything but a regular file, and a folder that does not
    exist or cannot be written. Raises `CardtableError` with one line."""
    p = Path(path)
    if p.is_symlink():
        raise CardtableError(f"{p}: is a symbolic link; give the path of the file itself")
    if p.exists():
        if not p.is_file():
            raise CardtableError(f"{p}: exists and is not a regular file")
        if not force:
            raise CardtableError(f"{p}: already exists (use --force to replace it)")
    folder = p.parent if str(p.parent) else Path(".")
    if not folder.is_dir():
        raise CardtableError(f"{p}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK | os.X_OK):
        raise CardtableError(f"{p}: cannot write in the folder {folder}")
    return p


def write_text(path: str | Path, text: str, force: bool = False) -> None:
    """Write ``text`` (UTF-8) at ``path`` through a temporary file and a rename, after
    `check_writable`; the temporary file is removed if anything fails."""
    p = check_writable(path, force)
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        if not force and p.exists():
            raise CardtableError(f"{p}: already exists (use --force to replace it)")
        os.replace(tmp, p)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def load_game(record: Record) -> Any:
    """The game a record names, with its rule options; raises `BadRecord` for an unknown one."""
    try:
        return get_game_from_rules(record.game, record.rules)
    except BadRules as e:
        raise BadRecord(str(e)) from None


@dataclass(frozen=True)
class Step:
    """One state of a replay: the hand (from 0), the action that led to it (``None`` for the state
    right after the deal or position), and the state."""

    hand: int
    action: int | None
    state: Any


def replay(record: Record, game: Any | None = None, shuffles: bool = True) -> Iterator[Step]:
    """Replay a record, yielding every state in order.

    Raises `BadRecord` for a malformed record (including a bad deal or position, and a revealed
    shuffle that does not match its deal unless ``shuffles`` is false) and `ReplayStopped` at the
    first illegal or malformed action.
    """
    game = game if game is not None else load_game(record)
    if record.players is not None and len(record.players) != game.seats:
        raise BadRecord(f"players: {game.name} has {game.seats} seats, the record names {len(record.players)} players")
    state: Any = None
    last = len(record.hands) - 1
    for h, hand in enumerate(record.hands):
        if hand.dealer is not None and not is_whole(hand.dealer, 0, game.seats - 1):
            raise BadRecord(f"dealer: {hand.dealer} is not a seat (0 to {game.seats - 1})", h)
        try:
            if h == 0:
                if hand.position is not None:
                    state = game.position_start(hand.position, record.match)
                else:
                    state = game.start(hand.dealer, record.match)
            else:
                nxt = game.next_hand(state)
                if nxt is None:
                    raise BadRecord("the match was already won before this hand", h)
                state = nxt
            if hand.dealer is not None and hand.dealer != game.dealer(state):
                raise BadRecord(f"dealer: the rules choose seat {game.dealer(state)} to deal, not {hand.dealer}", h)
            if hand.position is None:
                deal = game.deal_from_json(hand.deal, game.dealer(state))
                if shuffles and hand.shuffle is not None and check_shuffle(hand.shuffle, deal.deck) == MISMATCH:
                    raise BadRecord("shuffle: the commitment does not match the salt and the deal", h)
                state = game.apply(state, deal)
        except (BadNotation, BadPosition, BadRules, IllegalAction) as e:
            raise BadRecord(str(e), h) from None
        yield Step(h, None, state)
        for a, text in enumerate(hand.actions):
            state = _apply_text(game, state, h, a, text)
            yield Step(h, a, state)
        if h < last and game.actor(state) is not None:
            raise BadRecord("the hand is unfinished, but only the last hand may be", h)


def _apply_text(game: Any, state: Any, hand: int, index: int, text: str) -> Any:
    actor = game.actor(state)
    if actor is None:
        raise ReplayStopped(hand, index, text, "the hand is over")
    if len(text) > MAX_ACTION_TEXT:
        raise ReplayStopped(hand, index, text, f"an action is at most {MAX_ACTION_TEXT} characters")
    words = text.split(" ")
    if len(words) < 2 or not all(words) or not text.isascii() or not text.isprintable():
        raise ReplayStopped(
            hand, index, text, "expected '<seat> <action>' in words of ASCII letters and digits, one space apart"
        )
    seat_text, action_text = words[0], text[len(words[0]) + 1 :]
    if not is_number_text(seat_text):
        raise ReplayStopped(hand, index, text, f"expected a seat 0 to {game.seats - 1}, not {excerpt(seat_text)}")
    seat = int(seat_text)
    if seat != actor:
        raise ReplayStopped(hand, index, text, f"it is seat {actor}'s turn, not seat {seat}'s")
    try:
        return game.apply(state, game.parse(action_text))
    except IllegalAction as e:
        raise ReplayStopped(hand, index, text, f"{e.action}: {e.reason} ({e.rule})") from None
    except BadNotation as e:
        raise ReplayStopped(hand, index, text, str(e)) from None


def report(record: Record, game: Any | None = None) -> dict[str, Any]:
    """The replay report of contract §7 for a record that replays without error."""
    game = game if game is not None else load_game(record)
    ends: dict[int, Any] = {}
    for step in replay(record, game):
        ends[step.hand] = step.state
    state = ends[len(ends) - 1]
    hands = []
    for end in ends.values():
        row: dict[str, Any] = {"dealer": game.dealer(end)}
        result = game.outcome(end)
        if result is None:
            row["result"] = "unfinished"
        else:
            row |= {"result": result.result, "score": list(result.score), "details": result.details}
        hands.append(row)
    finished = game.outcome(state) is not None
    winner = game.winner(state) if finished else None
    next_dealer = None
    if finished and winner is None:
        nxt = game.next_hand(state)
        next_dealer = game.dealer(nxt) if nxt is not None else None
    actor = None if finished else game.actor(state)
    return {
        "ok": True,
        "hands": hands,
        "match": game.match_json(state),
        "winner": list(winner) if winner is not None else None,
        "next_dealer": next_dealer,
        "to_act": actor,
        "legal": [game.format(a) for a in game.legal_actions(state)] if not finished else [],
        "position": None if finished else game.position_json(state),
    }


def replay_record(obj: object) -> tuple[int, dict[str, Any]]:
    """Check and replay a record given as parsed JSON: (exit status, the §7 JSON report)."""
    try:
        record = Record.from_json(obj)
        return OK, report(record)
    except BadRecord as e:
        return MALFORMED, _error(e.hand, None, None, e.reason)
    except ReplayStopped as e:
        return ILLEGAL, _error(e.hand, e.action, e.text, e.reason)


def _error(hand: int | None, action: int | None, text: str | None, reason: str) -> dict[str, Any]:
    return {"ok": False, "error": {"hand": hand, "action": action, "text": text, "reason": reason}}


class HandLog:
    """Builds a record while a match is played: deal, act, next hand, then `record`.

    The log keeps the game's state, so the caller plays through it and gets records that
    replay exactly.
    """

    def __init__(
        self,
        game: Any,
        dealer: int = 0,
        match: Mapping[str, Any] | None = None,
        players: Sequence[str] | None = None,
    ) -> None:
        self.game = game
        self.match = dict(match) if match is not None else None
        self.players = tuple(players) if players is not None else None
        self.state: Any = game.start(dealer, match)
        self._hands: list[HandRecord] = []
        self._before: list[Any] = []  # the states before each action of the current hand

    def deal(self, rng: random.Random, deal: Deal | None = None, shuffle: Mapping[str, str] | None = None) -> Any:
        """Deal the hand (a shuffle from ``rng`` unless ``deal`` is given), with its verifiable
        ``shuffle`` field if any (`cardtable.shuffle`); returns the new state."""
        if self.game.actor(self.state) != CHANCE:
            raise ValueError("the hand has been dealt already")
        deal = deal if deal is not None else self.game.deal(self.state, rng)
        dealer = self.game.dealer(self.state)
        deck = {"deck": [format_card(c) for c in deal.deck]}
        self._hands.append(HandRecord(dealer, deck, None, (), dict(shuffle) if shuffle is not None else None))
        self.state = self.game.apply(self.state, deal)
        self._before = []
        return self.state

    def act(self, action: Any) -> Any:
        """Apply the action of the seat to act and log it; returns the new state."""
        seat = self.game.actor(self.state)
        before = self.state
        self.state = self.game.apply(self.state, action)
        self._before.append(before)
        hand = self._hands[-1]
        text = f"{seat} {self.game.format(action)}"
        self._hands[-1] = HandRecord(hand.dealer, hand.deal, hand.position, (*hand.actions, text), hand.shuffle)
        return self.state

    def undo(self) -> Any:
        """Take back the last action of the current hand; returns the state before it."""
        if not self._before:
            raise ValueError("nothing to take back in this hand")
        self.state = self._before.pop()
        hand = self._hands[-1]
        self._hands[-1] = HandRecord(hand.dealer, hand.deal, hand.position, hand.actions[:-1], hand.shuffle)
        return self.state

    def set_shuffle(self, shuffle: Mapping[str, str]) -> None:
        """Set the current hand's ``shuffle`` field: the salt is added once the hand is over."""
        hand = self._hands[-1]
        self._hands[-1] = HandRecord(hand.dealer, hand.deal, hand.position, hand.actions, dict(shuffle))

    @property
    def actions(self) -> tuple[str, ...]:
        """The actions of the current hand so far, as record strings."""
        return self._hands[-1].actions if self._hands else ()

    def next_hand(self) -> Any | None:
        """Move on to the next hand after a finished one (``None`` when the match is won)."""
        nxt = self.game.next_hand(self.state)
        if nxt is not None:
            self.state = nxt
        return nxt

    def record(self) -> dict[str, Any]:
        """The record of every hand so far, as contract JSON."""
        rec = Record(
            game=self.game.name,
            hands=tuple(self._hands),
            rules=rules_json(self.game.rules),
            players=self.players,
            match=self.match,
        )
        return rec.to_json()


def verify_shuffles(record: Record) -> list[str]:
    """The `check_shuffle` status of every hand of a `Record`, in order.

    A hand's deal is read in the record's deck order; an explicit deal needs its dealer, taken from
    the hand or, when it is not given, from replaying the hands before it. Raises
    `BadRecord` (naming the hand) for a malformed shuffle or deal. It lives here rather than in
    `cardtable.shuffle`, which this module uses to read shuffles, so that neither imports the other."""

    game = load_game(record)
    dealers: list[int | None] = [hand.dealer for hand in record.hands]
    if any(h.shuffle is not None and h.dealer is None and not _is_deck_form(h.deal) for h in record.hands):
        try:
            for step in replay(record, game, shuffles=False):
                if step.action is None:
                    dealers[step.hand] = game.dealer(step.state)
        except ReplayStopped:
            pass  # the hands after it keep an unknown dealer
    out = []
    for i, hand in enumerate(record.hands):
        if hand.shuffle is None:
            out.append(NO_SHUFFLE)
            continue
        dealer = dealers[i]
        if dealer is None:
            if not _is_deck_form(hand.deal):
                raise BadRecord("dealer: not given, and the hands before it do not replay to tell", i)
            dealer = 0  # the deck form lists the deck itself, whoever dealt it
        try:
            deck = game.deal_from_json(hand.deal, dealer).deck
            out.append(check_shuffle(hand.shuffle, deck))
        except BadNotation as e:
            raise BadRecord(str(e), i) from None
    return out


def _is_deck_form(deal: object) -> bool:
    return isinstance(deal, dict) and "deck" in deal

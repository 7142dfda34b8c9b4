"""A table where people and bots play a match: the model behind the terminal table and its plain
line mode.

The table owns the true state and hands each bot only its seat's view and legal actions. A person
acts in record notation; anything refused comes back as the engine's error, which names the rule.
Undo takes back to the person's previous decision (against bots only, so nobody else's choice is
taken back), and the whole match can be saved as a record at any time.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardtable.bots import Bot, Hint, SearchBot, make_bot, rule_bot
from cardtable.cards import parse_card
from cardtable.core import CHANCE, BadNotation, CardtableError, HandResult
from cardtable.record import HandLog, Record, write_records
from cardtable.render import pretty_card, table_lines


def pretty_action(text: str) -> str:
    """An action with its cards shown with suit symbols: ``play 10D`` as ``play 10♦``."""
    out = []
    for token in text.split(" "):
        parts = []
        for part in token.split("+"):
            try:
                parse_card(part)
            except BadNotation:
                parts.append(part)
            else:
                parts.append(pretty_card(part.upper()))
        out.append("+".join(parts))
    return " ".join(out)


#: The sides that score together: the partnerships of the team games (seats 0 and 2 against 1 and 3);
#: in any other game each seat plays for itself (Sheepshead's picker and partner change every hand).
TEAMS: dict[str, tuple[tuple[int, ...], ...]] = {"seep": ((0, 2), (1, 3)), "smear": ((0, 2), (1, 3))}


def sides_of(game: Any) -> tuple[tuple[int, ...], ...]:
    """The sides of ``game`` that score together, as tuples of seats."""
    return TEAMS.get(game.name, tuple((s,) for s in range(game.seats)))


@dataclass(frozen=True)
class ScoreLine:
    """One finished hand of the match on the scoreboard: each side's points in that hand and the
    match after it (``running``: each side's match score where the game keeps one per side)."""

    hand: int
    result: str
    points: tuple[int, ...]
    running: tuple[int, ...] | None
    match: dict[str, Any]


@dataclass(frozen=True)
class Move:
    """One action taken at the table: by whom, what, whether a bot chose it, and how the other
    seats saw it when it was taken (the game's `public_action`: a bury or a discard face down)."""

    seat: int
    text: str
    by_bot: bool
    public: str


class Table:
    """A match between people (``people``: their seats) and bots (the other seats)."""

    def __init__(
        self,
        game: Any,
        people: Sequence[int],
        bots: dict[int, str],
        seed: int | None = None,
        dealer: int | None = None,
        players: Sequence[str] | None = None,
    ) -> None:
        self.game = game
        self.people = frozenset(people)
        for seat in (*self.people, *bots):
            if not 0 <= seat < game.seats:
                raise CardtableError(f"seat {seat} is not a seat of {game.name} (0 to {game.seats - 1})")
        missing = set(range(game.seats)) - self.people - set(bots)
        if missing:
            raise CardtableError(f"nobody sits at seat(s) {sorted(missing)}")
        self.bot_names = dict(bots)
        self.bots: dict[int, Bot] = {seat: make_bot(game, name) for seat, name in bots.items()}
        self.rng = random.Random(seed)
        self.bot_rngs = {seat: random.Random(self.rng.random()) for seat in bots}
        first = dealer if dealer is not None else self.rng.randrange(game.seats)
        names = players or ["You" if s in self.people else f"{self.bot_names[s]}" for s in range(game.seats)]
        self.log = HandLog(game, dealer=first, players=names)
        self.players = tuple(names)
        self.moves: list[Move] = []
        self.hand_number = 0
        self._hint_bot: SearchBot | None = None
        self._finished: list[ScoreLine] = []
        self.log.deal(self.rng)

    # --- what the table shows ---

    @property
    def state(self) -> Any:
        return self.log.state

    def actor(self) -> int | None:
        """The seat to act, or ``None`` once the hand is over."""
        seat: int | None = self.game.actor(self.state)
        return None if seat == CHANCE else seat

    def person_to_act(self) -> bool:
        return self.actor() in self.people

    def view(self, seat: int) -> Any:
        return self.game.observe(self.state, seat)

    def legal_texts(self) -> list[str]:
        """The legal actions of the seat to act, in record notation."""
        return [self.game.format(a) for a in self.game.legal_actions(self.state)]

    def outcome(self) -> HandResult | None:
        result: HandResult | None = self.game.outcome(self.state)
        return result

    def winner(self) -> tuple[int, ...] | None:
        winner: tuple[int, ...] | None = self.game.winner(self.state)
        return winner

    # --- acting ---

    def play(self, text: str) -> Move:
        """A person's action in record notation; raises the engine's error if it is refused."""
        seat = self.actor()
        if seat is None:
            raise CardtableError("the hand is over")
        if seat not in self.people:
            raise CardtableError(f"it is seat {seat}'s turn ({self.players[seat]}), not yours")
        action = self.game.parse(text)
        public = self.game.public_action(self.state, action)
        self.log.act(action)
        move = Move(seat, self.game.format(action), False, public)
        self.moves.append(move)
        return move

    def why_not(self, text: str) -> str | None:
        """Why the person to act may not play ``text`` (the engine's words, naming the rule), or
        ``None`` if it is legal. Nothing is played."""
        try:
            self.game.apply(self.state, self.game.parse(text))
        except CardtableError as e:
            return str(e)
        return None

    def bot_move(self) -> Move | None:
        """Let the bot to act (if a bot is to act) choose and play; returns its move."""
        seat = self.actor()
        if seat is None or seat in self.people:
            return None
        legal = self.game.legal_actions(self.state)
        action = self.bots[seat].act(self.view(seat), legal, self.bot_rngs[seat])
        public = self.game.public_action(self.state, action)
        self.log.act(action)
        move = Move(seat, self.game.format(action), True, public)
        self.moves.append(move)
        return move

    def run_bots(self) -> list[Move]:
        """Let bots play until a person must act or the hand is over."""
        out = []
        while (move := self.bot_move()) is not None:
            out.append(move)
        return out

    def undo(self) -> bool:
        """Take back to the person's previous decision (and the bots' moves after it)."""
        if not self.people or not any(not m.by_bot for m in self.moves):
            return False
        while self.moves:
            move = self.moves.pop()
            self.log.undo()
            if not move.by_bot:
                return True
        return True

    def next_hand(self) -> bool:
        """Deal the next hand of the match; ``False`` when the match has been won."""
        line = self._score_line()
        if self.log.next_hand() is None:
            return False
        if line is not None:
            self._finished.append(line)
        self.moves = []
        self.hand_number += 1
        self.log.deal(self.rng)
        return True

    def hints(self, level: str = "medium") -> list[Hint]:
        """The search bot's estimate of every legal action for the person to act."""
        seat = self.actor()
        if seat is None:
            return []
        if self._hint_bot is None or self._hint_bot.level != level:
            try:
                policy = rule_bot(self.game)
            except CardtableError:
                policy = None
            self._hint_bot = SearchBot(self.game, level, policy)
        legal = self.game.legal_actions(self.state)
        hints = self._hint_bot.hints(self.view(seat), legal, random.Random(len(self.moves)))
        return sorted(hints, key=lambda h: -h.value)

    # --- the scoreboard ---

    @property
    def sides(self) -> tuple[tuple[int, ...], ...]:
        return sides_of(self.game)

    def scoreboard(self) -> list[ScoreLine]:
        """Every finished hand of the match so far, this one included once it is over."""
        line = self._score_line()
        return [*self._finished, *([line] if line is not None else [])]

    def _score_line(self) -> ScoreLine | None:
        result = self.outcome()
        if result is None:
            return None
        match = self.game.match_json(self.state)
        scores = match.get("scores")
        running = tuple(scores) if isinstance(scores, list) and len(scores) == len(self.sides) else None
        points = tuple(result.score[side[0]] for side in self.sides)
        return ScoreLine(self.hand_number + 1, result.result.replace("_", " "), points, running, match)

    def side_names(self) -> list[str]:
        """The sides in words: ``seats 0+2`` for a team, else ``seat 3``; ``(you)`` marks yours."""
        names = []
        for side in self.sides:
            name = ("seat " if len(side) == 1 else "seats ") + "+".join(map(str, side))
            names.append(name + (" (you)" if self.people & set(side) else ""))
        return names

    def scoreboard_lines(self) -> list[str]:
        """The scoreboard in words, one line per finished hand, for the plain line mode."""
        lines = self.scoreboard()
        if not lines:
            return ["No hand has been finished yet."]
        names = self.side_names()
        out = ["Scoreboard (" + ", ".join(names) + "):"]
        for line in lines:
            points = " ".join(f"{p:+d}" for p in line.points)
            match = " ".join(str(r) for r in line.running) if line.running is not None else _plain(line.match)
            out.append(f"  hand {line.hand} ({line.result}): {points} · match {match}")
        return out

    # --- records ---

    def record(self) -> dict[str, Any]:
        return self.log.record()

    def save(self, path: str | Path) -> Path:
        """Save the match so far as a record (``.json``, or ``.jsonl`` for one line)."""
        p = Path(path)
        write_records(p, [Record.from_json(self.record())])
        return p

    def history(self) -> list[str]:
        """The actions of this hand as record strings."""
        return list(self.log.actions)

    def seen_by(self, move: Move, seat: int) -> str:
        """``move`` as ``seat`` saw it: its own moves in full, the others' in their public form
        until the hand is over, when everything is shown."""
        return move.text if move.seat == seat or self.outcome() is not None else move.public

    def public_history(self, seat: int) -> list[str]:
        """The actions of this hand as ``seat`` saw them: cards laid away or played face down by
        the others are not named until the hand is over."""
        return [f"{m.seat} {self.seen_by(m, seat)}" for m in self.moves]

    def summary_lines(self) -> list[str]:
        """The end of a hand in words: the result, each seat's score, and the details."""
        result = self.outcome()
        if result is None:
            return []
        lines = [f"Hand {self.hand_number + 1}: {result.result.replace('_', ' ')}"]
        for seat, points in enumerate(result.score):
            lines.append(f"  seat {seat} ({self.players[seat]}): {points:+d}")
        for key, value in result.details.items():
            lines.append(f"  {key.replace('_', ' ')}: {_plain(value)}")
        lines.append(f"Match: {_plain(self.game.match_json(self.state))}")
        winner = self.winner()
        if winner is not None:
            lines.append(f"The match is won by seats {', '.join(map(str, winner))}.")
        return lines


def _plain(value: Any) -> str:
    if isinstance(value, dict):
        return ", ".join(f"{k.replace('_', ' ')} {_plain(v)}" for k, v in value.items())
    if isinstance(value, list):
        return "[" + ", ".join(_plain(v) for v in value) + "]"
    if isinstance(value, str):
        return pretty_action(value)
    return json.dumps(value)


def view_lines(game: str, view_json: dict[str, Any]) -> list[str]:
    """A seat's view as lines of text: the hand first, then the table as its players describe it."""
    lines = []
    hand = view_json.get("hand")
    if isinstance(hand, list):
        lines.append("Your hand: " + " ".join(pretty_card(c) for c in hand))
    return lines + table_lines(game, view_json)

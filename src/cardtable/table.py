"""A table where people and bots play a match: the model behind the terminal table and its plain
line mode.

The table owns the true state and hands each bot only its seat's view and legal actions. A person
acts in record notation; anything refused comes back as the engine's error, which names the rule.
Undo takes back to the person's previous decision (against bots only, so nobody else's choice is
taken back), and the whole match can be saved as a record at any time. Every move carries its
narration (`cardtable.narrate`) as the table's person hears it, or a spectator when only bots play.

`make_table` builds a table from a game's name, house rules, the person's seat and bot names: the
command line, the terminal table's menu and the web table all come through it.
"""

from __future__ import annotations

import dataclasses
import json
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Any, Final

from cardtable import registry
from cardtable.bots import LEVELS, Bot, Hint, SearchBot, make_bot, rule_bot
from cardtable.bots.external import close_bots
from cardtable.bots.listen import listeners, tell_action, tell_hand
from cardtable.bots.report import Marks, StandIn, Thought, stand_in_line
from cardtable.cards import parse_card
from cardtable.core import CHANCE, BadNotation, CardtableError, HandResult
from cardtable.narrate import narrate_deal, narrate_hand_end, narrate_step
from cardtable.record import HandLog, Record, load_game, replay, write_text
from cardtable.render import SUIT_SYMBOLS, pretty_card, signed_value, table_lines
from cardtable.voice import number, partnerships, signed

#: Suit symbols as the letters of record notation, so what is printed can be typed back.
SYMBOL_LETTERS = {symbol: letter for letter, symbol in SUIT_SYMBOLS.items()} | {"♤": "S", "♡": "H", "♢": "D", "♧": "C"}


def from_symbols(text: str) -> str:
    """An action typed with suit symbols in record notation: ``bury K♣ 10♥`` as ``bury KC 10H``."""
    return "".join(SYMBOL_LETTERS.get(ch, ch) for ch in text)


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


def sides_of(game: Any) -> tuple[tuple[int, ...], ...]:
    """The sides of ``game`` that score together, as tuples of seats: the partnerships (seats 0 and
    2 against 1 and 3) of a game whose narration says it has them (`voice.partnerships`); in any
    other game each seat plays for itself (Sheepshead's picker and partner change every hand)."""
    if partnerships(game):
        return tuple(tuple(range(side, game.seats, 2)) for side in (0, 1))
    return tuple((s,) for s in range(game.seats))


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
    """One action taken at the table: by whom, what, whether a bot chose it, how the other seats
    saw it when it was taken (the game's `public_action`: a bury or a discard face down), what it
    said to the table's listener (`narrate_step`, and the stand-in's line where the rule bot made
    the move for a bot), why a stand-in made it, if one did, and what the bot weighed, if it said."""

    seat: int
    text: str
    by_bot: bool
    public: str
    said: tuple[str, ...] = ()
    stand_in: StandIn | None = None
    thought: Thought | None = None


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
        hint_bot: str | None = None,
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
        #: A bot of its own for each seat (a program bot: a process of its own).
        self.bots: dict[int, Bot] = {}
        try:
            for seat, name in bots.items():
                self.bots[seat] = make_bot(game, name)
        except BaseException:
            close_bots(self.bots.values())
            raise
        self.rng = random.Random(seed)
        self.bot_rngs = {seat: random.Random(self.rng.random()) for seat in bots}
        first = dealer if dealer is not None else self.rng.randrange(game.seats)
        names = players or ["You" if s in self.people else self._short(s) for s in range(game.seats)]
        self.log = HandLog(game, dealer=first, players=names)
        self.players = tuple(names)
        self.moves: list[Move] = []
        self.hand_number = 0
        self._hint_bot: SearchBot | None = None
        #: Where hints come from: a search level's name, or a bot that gives them (a program).
        self.hint_spec = hint_bot or "search:medium"
        self._hint_source: Any = None
        self._finished: list[ScoreLine] = []
        #: The stand-ins' moves and what bots weighed, hand by hand, for the record.
        self.marks = Marks()
        #: Who the narration speaks to: the person (the lowest seat of several), else a spectator.
        self.listener: int | None = min(self.people) if self.people else None
        #: The bots that follow the hand as their seats see it (`cardtable.bots.listen`).
        self.listening = listeners(self.bots)
        self._deal()

    def _short(self, seat: int) -> str:
        """A bot's name at the table: a program's short name, else the name it was given."""
        title = getattr(self.bots[seat], "title", None)
        return title if isinstance(title, str) and title else self.bot_names[seat]

    def _deal(self) -> None:
        self.marks.new_hand()
        tell_hand(self.game, self.log.deal(self.rng), self.listening)

    def close(self) -> None:
        """End the bots' programs (and a program giving hints), if any."""
        close_bots([*self.bots.values(), self._hint_source])

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
        action = self.game.parse(from_symbols(text))
        move = self._act(seat, action, False)
        return move

    def _act(self, seat: int, action: Any, by_bot: bool) -> Move:
        before = self.state
        public = self.game.public_action(before, action)
        index = len(self.log.actions)
        after = self.log.act(action)
        why, thought = self.marks.note(self.bots[seat], index) if by_bot else (None, None)
        tell_action(self.game, before, action, after, self.listening)
        said = tuple(narrate_step(self.game, before, action, after, self.listener))
        if why is not None:
            said += (stand_in_line(f"Seat {seat}", why),)
        move = Move(seat, self.game.format(action), by_bot, public, said, why, thought)
        self.moves.append(move)
        return move

    def why_not(self, text: str) -> str | None:
        """Why the person to act may not play ``text`` (the engine's words, naming the rule), or
        ``None`` if it is legal. Nothing is played."""
        try:
            self.game.apply(self.state, self.game.parse(from_symbols(text)))
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
        return self._act(seat, action, True)

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
                break
        self.marks.take_back(len(self.log.actions))
        tell_hand(self.game, self.state, self.listening)  # the hand told again from where it now stands
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
        self._deal()
        return True

    def hints(self, level: str | None = None) -> list[Hint]:
        """The estimate of every legal action for the person to act: the search bot's at
        ``level`` (by default the hint bot's, `hint_spec`), or what a program bot weighed (its
        ``info``: the actions it named, best first)."""
        seat = self.actor()
        if seat is None:
            return []
        legal = self.game.legal_actions(self.state)
        rng = random.Random(len(self.moves))
        if level is None and not self.hint_spec.startswith("search:"):
            if self._hint_source is None:
                self._hint_source = make_bot(self.game, self.hint_spec)
            given = getattr(self._hint_source, "hints", None)
            if given is None:
                raise CardtableError(f"{self.hint_spec} gives no hints")
            found: list[Hint] = given(self.view(seat), legal, rng)
            return sorted(found, key=lambda h: -h.value)
        level = level or self.hint_spec.removeprefix("search:") or "medium"
        if self._hint_bot is None or self._hint_bot.level != level:
            try:
                policy = rule_bot(self.game)
            except CardtableError:
                policy = None
            self._hint_bot = SearchBot(self.game, level, policy)
        hints = self._hint_bot.hints(self.view(seat), legal, rng)
        return sorted(hints, key=lambda h: -h.value)

    def hint_source(self) -> str:
        """Where the hints come from, for the words that show them."""
        if self.hint_spec.startswith("search:"):
            return f"the search bot ({self.hint_spec})"
        title = getattr(self._hint_source, "title", None)
        return f"{title or self.hint_spec} (a program)"

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
            points = " ".join(signed(p) for p in line.points)
            match = " ".join(number(r) for r in line.running) if line.running is not None else match_words(line.match)
            out.append(f"  hand {line.hand} ({line.result}): {points} · match {match}")
        return out

    # --- records ---

    def record(self) -> dict[str, Any]:
        """The match so far as a record, its hands marked with the stand-ins' moves and what the
        bots weighed (`Marks`)."""
        return self.marks.apply(self.log.record())

    def save(self, path: str | Path, force: bool = False) -> Path:
        """Save the match so far as a record (``.json``, or ``.jsonl`` for one line). A file that
        is there is refused (`CardtableError`) unless ``force``: the tables ask before replacing
        one (saving again is how a match is kept up to date)."""
        p = Path(path)
        save_record(p, self.record(), force=force)
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

    def deal_lines(self) -> list[str]:
        """The start of this hand in words (``Hand 1: Seat 3 deals.``), hands counted from 1."""
        return narrate_deal(self.game, self.state, self.listener, self.hand_number + 1)

    def summary_lines(self) -> list[str]:
        """The end of a hand in sentences (`narrate_hand_end`), headed by its number from 1."""
        result = self.outcome()
        if result is None:
            return []
        lines = narrate_hand_end(self.game, self.state, self.listener) or [f"The hand is over: {result.result}."]
        lines[0] = f"Hand {self.hand_number + 1}: {lines[0]}"
        winner = self.winner()
        if winner is not None and not any("the match" in line and " win" in line for line in lines):
            names = " and ".join("you" if s == self.listener else f"Seat {s}" for s in winner)
            lines.append(f"The match is won by {names}.")
        return lines

    def last_trick_lines(self) -> list[str]:
        """The last finished trick as the listener saw it: each seat's card and who took it."""
        seat = self.listener if self.listener is not None else 0
        view = self.view(seat).to_json()
        tricks = view.get("tricks") or []
        if not tricks:
            return ["No trick has been finished yet in this hand."]
        last = tricks[-1]
        n = self.game.seats
        played = []
        for i, card in enumerate(last.get("cards") or []):
            who = (last["leader"] + i) % n
            name = "you" if who == self.listener else f"Seat {who}"
            played.append(f"{name} {pretty_card(card) if card else 'a card face down'}")
        winner = last.get("winner")
        taker = "you" if winner == self.listener else f"Seat {winner}"
        return [f"Trick {len(tricks)}: " + ", ".join(played) + f"; {taker} took it."]


def save_record(path: str | Path, record: dict[str, Any], force: bool = False) -> None:
    """Write one record (contract JSON) to ``path``: indented in a ``.json`` file, one line in a
    ``.jsonl`` file. It is checked by replaying it first, so a saved match always replays; its
    optional fields (a hand's ``stand_ins`` and ``info``) are written as they are."""
    checked = Record.from_json(record)
    for _ in replay(checked, load_game(checked)):
        pass
    single = Path(path).suffix.lower() == ".jsonl"
    write_text(path, (json.dumps(record) if single else json.dumps(record, indent=1)) + "\n", force)


def action_help(game_name: str, letters: bool = False) -> str:
    """How to write ``game_name``'s actions: examples of each, suit symbols or letters alike
    (``letters``: the examples in letters, as a table that prints letters shows cards)."""
    examples: tuple[str, ...] = getattr(registry.part(game_name, "drawing"), "ACTION_EXAMPLES", ())
    if not examples:
        return "Type an action in record notation."
    if letters:
        return (
            f"{game_name.capitalize()} actions: " + ", ".join(f"'{from_symbols(e)}'" for e in examples) + " (suits as "
            "the letters C D H S: clubs, diamonds, hearts, spades)."
        )
    last = examples[-1]
    return (
        f"{game_name.capitalize()} actions: " + ", ".join(f"'{e}'" for e in examples) + " (suits as symbols or as "
        f"the letters C D H S: '{from_symbols(last)}' is '{last}')."
    )


BEST: Final = "best"
ABOUT_EQUAL: Final = "about equal to the best"


def ranked_hints(hints: Sequence[Hint]) -> list[tuple[Hint, str]]:
    """The search bot's estimates, best first, each with its standing: `BEST` for the first,
    `ABOUT_EQUAL` for one whose ± interval overlaps the best one's (not shown to be worse), else
    ``""``. The terminal and the web table both say it this way."""
    ranked = sorted(hints, key=lambda h: -h.value)
    out = []
    for i, h in enumerate(ranked):
        best = ranked[0]
        standing = BEST if i == 0 else ABOUT_EQUAL if h.value + h.stderr >= best.value - best.stderr else ""
        out.append((h, standing))
    return out


def hint_heading(game: Any) -> str:
    """What the hints' numbers are, for ``game``: the search's estimate of the hand's points for the
    seat less the average of the other seats' (`cardtable.bots.search.hand_value`); with partners,
    whose points are the same, that is a fixed share of the side's lead, said as such."""
    others = game.seats - 1
    text = f"points per hand: yours less the other {others} seats' average"
    size = max(len(side) for side in sides_of(game))
    if size > 1:
        share = Fraction(game.seats - size, others)
        text += f" (your partner's among them: {share} of your side's lead)"
    return text


def _margin(h: Hint) -> str:
    """An estimate's margin in words: ``± 0.10``, or why there is none."""
    if math.isnan(h.stderr):
        return "no margin given"
    if math.isinf(h.stderr):
        return "too few playouts for a margin"
    return f"± {h.stderr:.2f}"


def hint_lines(hints: Sequence[Hint], fmt: Any) -> list[str]:
    """The estimates, best first, one sentence each that a person can read: which move is best
    and what it is worth, and for every other move how much worse it is and whether that
    difference is real (the ± margins do not overlap), not shown (they overlap), or not known (a
    margin is missing). `hint_heading` says what the numbers are."""
    ranked = ranked_hints(hints)
    if not ranked:
        return []
    best = ranked[0][0]
    lines = []
    for i, (h, standing) in enumerate(ranked):
        action = pretty_action(fmt(h.action))
        if i == 0:
            lines.append(f"1. {action} is the best: {signed_value(h.value)} a hand ({_margin(h)}).")
            continue
        gap = best.value - h.value
        if not (math.isfinite(h.stderr) and math.isfinite(best.stderr)):
            verdict = "whether the difference is real is not known"
        elif standing == ABOUT_EQUAL:
            verdict = "within the margins: not shown worse than the best"
        else:
            verdict = "a real difference: the margins do not overlap"
        lines.append(f"{i + 1}. {action}: {gap:.2f} a hand worse ({signed_value(h.value)}, {_margin(h)}); {verdict}.")
    return lines


def rule_value_words(value: Any) -> str:
    """A house rule's value in words: ``yes``, ``no``, ``none``, ``same dealer``, ``2``."""
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str):
        return value.replace("_", " ")
    return str(value)


def _default_of(f: dataclasses.Field[Any]) -> Any:
    if f.default is not dataclasses.MISSING:
        return f.default
    if f.default_factory is not dataclasses.MISSING:
        return f.default_factory()
    return dataclasses.MISSING


def house_rules(rules: Any) -> list[tuple[str, str, bool]]:
    """Every house rule of a game's rules: its name and value in words, and whether it differs
    from the game's default."""
    return [
        (f.name.replace("_", " "), rule_value_words(getattr(rules, f.name)), getattr(rules, f.name) != _default_of(f))
        for f in dataclasses.fields(rules)
    ]


def house_rules_line(rules: Any) -> str:
    """The house rules in force in one line: those that differ from the game's defaults."""
    changed = [f"{name} {value}" for name, value, differs in house_rules(rules) if differs]
    return "House rules: " + ("; ".join(changed) if changed else "the game's defaults")


def match_words(match: dict[str, Any]) -> str:
    """A match score (record §5) in words for a scoreboard: Seep's difference and baazis as
    ``difference +20 for seats 0+2 · baazis 1–0``; any other as its fields, lists spelled out."""
    if "difference" in match:
        baazis = match.get("baazis") or [0, 0]
        return f"difference {match['difference']:+d} for seats 0+2 · baazis {baazis[0]}–{baazis[1]}"
    parts = []
    for key, value in match.items():
        shown = "–".join(map(str, value)) if isinstance(value, list) else str(value)
        parts.append(f"{key.replace('_', ' ')} {shown}")
    return " · ".join(parts)


def view_lines(game: str, view_json: dict[str, Any]) -> list[str]:
    """A seat's view as lines of text: the hand first, then the table as its players describe it."""
    lines = []
    hand = view_json.get("hand")
    if isinstance(hand, list):
        lines.append("Your hand: " + " ".join(pretty_card(c) for c in hand))
    return lines + table_lines(game, view_json)


def seat_bots(bots: str, seats: Sequence[int], what: str = "seat") -> dict[int, str]:
    """The bot named for each of ``seats``: one name for all, or one per seat in order."""
    names = [b.strip() for b in bots.split(",") if b.strip()]
    if len(names) == 1:
        names = names * len(seats)
    if len(names) != len(seats):
        raise CardtableError(f"--bots: name one bot for all or one per {what} ({len(seats)})")
    return dict(zip(seats, names, strict=True))


def make_table(
    game_name: str,
    preset: str | None,
    options: Mapping[str, Any],
    seat: int,
    bots: str,
    seed: int | None,
    hint_bot: str | None = None,
) -> Table:
    """A table with a person at ``seat`` and the named bots at the others (``bots``: one name for
    all, or one per other seat in order; a program bot named once for several seats runs a
    process for each); hints from ``hint_bot`` (default the search bot's medium level)."""
    game = registry.get_game(game_name, preset, **options)
    others = [s for s in range(game.seats) if s != seat]
    if hint_bot is not None and hint_bot.startswith("search:"):
        level = hint_bot.removeprefix("search:")
        if level not in LEVELS:
            choices = "search:easy, search:medium, search:hard or cmd:COMMAND"
            raise CardtableError(f"--hint-bot {hint_bot}: expected {choices}")
    return Table(game, [seat], seat_bots(bots, others, "other seat"), seed=seed, hint_bot=hint_bot)

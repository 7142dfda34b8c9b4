"""A web table's bot programs (docs/bot-protocol.md): the programs an operator offers by name
(``serve --bot NAME=COMMAND``) sitting at a table, each seat in a process of its own.

A program at a web table is spoken to as in ``sim``: asked for its seat's decisions with the
seat's view and the legal actions, and, from protocol 2 on, told when a hand begins and every
action after as its seat sees it. Each seat runs its own process, so that no program learns more
than one seat's cards; and the process belongs to the table (it ends when the table leaves this
server), so that no program hears two tables' hands mixed. The program starts at its seat's first
decision (after a restart, too) and is then told the hand from where it stands, as after a
take-back.

No table's program can slow another table or the store of moves:

- Everything that waits on a program (its start, its answer) runs in a thread of this table's own
  (`TablePrograms.pool`, one thread), never on the event loop and never in the threads that store
  moves; what is told is queued for the program's writer thread, so telling never waits.
- A move's time limit is a deadline whatever the program writes: the table waits for its thread
  no longer than the program's time for the move (`MARGIN` more), then the rule bot makes the move
  (`cardtable.bots.external` bounds what the program may write and ends one that floods, hangs
  or keeps answering old questions; its output is never read without bound).
"""

from __future__ import annotations

import asyncio
import logging
import random
import threading
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from cardtable.bots.external import ExternalBot, close_bots, make_external, parse_spec
from cardtable.bots.listen import Listening, tell_action, tell_hand
from cardtable.core import CardtableError
from cardtable.strict import one_line

log = logging.getLogger("cardtable.web")

#: The bot kind that runs a program (``cmd:COMMAND``).
PREFIX = "cmd:"


def is_program(spec: str) -> bool:
    """Whether ``spec`` (resolved from an operator's name) runs a program."""
    return spec.startswith(PREFIX)


#: How much longer than a program's time for a move the table waits for its thread.
MARGIN = 0.5


class TablePrograms:
    """The bot programs seated at one table, by seat, and the one thread they wait in."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.bots: dict[int, ExternalBot] = {}
        #: The seats whose program would not start: stood in for until the table is loaded again.
        self.failed: set[int] = set()
        #: The programs being started, by seat (a start may outlast a move's deadline).
        self.starting: dict[int, Future[ExternalBot]] = {}
        self._pool: ThreadPoolExecutor | None = None
        #: The kinds of stand-in already logged, by seat (each is logged once).
        self._logged: set[tuple[int, str]] = set()

    @property
    def pool(self) -> ThreadPoolExecutor:
        """This table's thread for its programs (made at the first need)."""
        if self._pool is None:
            self._pool = ThreadPoolExecutor(1, thread_name_prefix="bot-program")
        return self._pool

    def _listening(self) -> Listening:
        return sorted(self.bots.items())

    async def choose(self, seat: int, spec: str, state: Any, legal: list[Any], seed: int | None) -> tuple[str, bool]:
        """The program's action at ``seat`` (its text) and whether the rule bot stood in for it
        (a late, illegal or missing answer, or a program that would not start), by the move's
        deadline whatever the program does."""
        text = spec[len(PREFIX) :]
        try:
            limit = parse_spec(text)[0]
        except CardtableError:
            limit = 5.0
        loop = asyncio.get_running_loop()
        deadline = loop.time() + limit + MARGIN
        bot = self.bots.get(seat)
        if bot is None:
            if seat in self.failed:
                return self._stand_in(state, seat, legal, seed), True
            if seat not in self.starting:
                self.starting[seat] = self.pool.submit(make_external, self.game, text)
            try:
                bot = await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(self.starting[seat])), limit + MARGIN)
            except TimeoutError:  # still starting: this move is the rule bot's, the start goes on
                return self._stand_in(state, seat, legal, seed), True
            except Exception as e:  # a program that will not start: the seat's moves are stood in for
                del self.starting[seat]
                log.warning("seat %d: the bot program did not start: %s", seat, one_line(str(e), 200))
                self.failed.add(seat)
                return self._stand_in(state, seat, legal, seed), True
            del self.starting[seat]
            self.bots[seat] = bot
            tell_hand(self.game, state, [(seat, bot)])  # from where the hand stands
            deadline = loop.time() + limit + MARGIN  # the move's own time, from now
        view = self.game.observe(state, seat)
        asked = self.pool.submit(bot.act, view, legal, random.Random(seed))
        try:
            action = await asyncio.wait_for(
                asyncio.shield(asyncio.wrap_future(asked)), max(0.0, deadline - loop.time())
            )
        except TimeoutError:  # its thread is still busy with it: the rule bot moves now
            self._say(seat, "late", f"no answer within {limit:g} s")
            return self._stand_in(state, seat, legal, seed), True
        why = bot.last_stand_in
        if why is not None:
            self._say(seat, why.kind, why.message)
        return self.game.format(action), why is not None

    def _say(self, seat: int, kind: str, message: str) -> None:
        """Log a stand-in for a program (each kind once a seat: a dead program stands in always)."""
        if (seat, kind) not in self._logged:
            self._logged.add((seat, kind))
            log.warning("seat %d: the rule bot played for the bot program: %s", seat, one_line(message, 200))

    def _stand_in(self, state: Any, seat: int, legal: list[Any], seed: int | None) -> str:
        from cardtable.bots import Bot, RandomBot, rule_bot
        from cardtable.core import BadRules

        try:
            stand_in: Bot = rule_bot(self.game)
        except BadRules:  # rules the rule bot does not play
            stand_in = RandomBot(self.game)
        action = stand_in.act(self.game.observe(state, seat), legal, random.Random(seed))
        text: str = self.game.format(action)
        return text

    def dealt(self, state: Any) -> None:
        """A hand was dealt: each program is told its seat's view."""
        if self.bots:
            tell_hand(self.game, state, self._listening())

    def acted(self, before: Any, action: Any, after: Any) -> None:
        """An action was taken: each program is told it as its seat sees it."""
        if self.bots:
            tell_action(self.game, before, action, after, self._listening())

    def close(self) -> None:
        """The table leaves this server: every program is told ``bye`` and ended (in a thread),
        those still starting once started, and the table's thread is let go."""
        bots, self.bots = list(self.bots.values()), {}
        starting, self.starting = list(self.starting.values()), {}

        def end() -> None:
            for fut in starting:
                try:
                    bots.append(fut.result())
                except Exception:  # a program that never started has nothing to end
                    continue
            close_bots(bots)

        threading.Thread(target=end, daemon=True, name="bot-program-stop").start()
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None

"""A web table's bot programs (docs/bot-protocol.md): the programs an operator offers by name
(``serve --bot NAME=COMMAND``) sitting at a table, each seat in a process of its own.

A program at a web table is spoken to as in ``sim``: asked for its seat's decisions with the
seat's view and the legal actions, and, from protocol 2 on, told when a hand begins and every
action after as its seat sees it. Unlike ``sim``, where one process may hold several seats, each
seat of a web table runs its own process, so that no program learns more than one seat's cards;
and the process belongs to the table (it ends when the table leaves this server), so that no
program hears two tables' hands mixed. The program starts at its seat's first decision (after a
restart, too) and is then told the hand from where it stands, as after a take-back.

Everything that waits on a program (its start, its answer) runs in a thread, never on the event
loop; what is told is queued for the program's writer thread, so telling never waits.
"""

from __future__ import annotations

import asyncio
import logging
import random
import threading
from typing import Any

from cardtable.bots.external import ExternalBot, make_external
from cardtable.bots.listen import Listening, tell_action, tell_hand
from cardtable.strict import one_line

log = logging.getLogger("cardtable.web")

#: The bot kind that runs a program (``cmd:COMMAND``).
PREFIX = "cmd:"


def is_program(spec: str) -> bool:
    """Whether ``spec`` (resolved from an operator's name) runs a program."""
    return spec.startswith(PREFIX)


class TablePrograms:
    """The bot programs seated at one table, by seat."""

    def __init__(self, game: Any) -> None:
        self.game = game
        self.bots: dict[int, ExternalBot] = {}
        #: The seats whose program would not start: stood in for until the table is loaded again.
        self.failed: set[int] = set()

    def _listening(self) -> Listening:
        return sorted(self.bots.items())

    async def choose(self, seat: int, spec: str, state: Any, legal: list[Any], seed: int | None) -> tuple[str, bool]:
        """The program's action at ``seat`` (its text) and whether the rule bot stood in for it
        (a late, illegal or missing answer, or a program that would not start)."""
        bot = self.bots.get(seat)
        if bot is None:
            if seat in self.failed:
                return self._stand_in(state, seat, legal, seed), True
            try:
                bot = await asyncio.to_thread(make_external, self.game, spec[len(PREFIX) :], True)
            except Exception as e:  # a program that will not start: the seat's moves are stood in for
                log.warning("seat %d: the bot program did not start: %s", seat, one_line(str(e), 200))
                self.failed.add(seat)
                return self._stand_in(state, seat, legal, seed), True
            self.bots[seat] = bot
            tell_hand(self.game, state, [(seat, bot)])  # from where the hand stands
        view = self.game.observe(state, seat)
        rng = random.Random(seed)
        action = await asyncio.to_thread(bot.act, view, legal, rng)
        return self.game.format(action), bot.stood_in

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
        """The table leaves this server: every program is told ``bye`` and ended (in threads)."""
        bots, self.bots = self.bots, {}
        for bot in bots.values():
            threading.Thread(target=bot.program.stop, daemon=True, name="bot-program-stop").start()

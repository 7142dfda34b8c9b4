"""Any cardtable bot as a policy for a seat of any cardtable environment.

`BotPolicy` wraps ``make_bot(game, name)`` (``"random"``, ``"rule"``, ``"search:easy"``, a plug-in
bot, …): asked for the next token of the seat to act at a `cardtable.rl.table.Table`, it lets the
bot choose a whole action from that seat's view and the engine's legal actions, then hands out the
action's spelling one token at a time. It works wherever a table is: the PettingZoo environments
(``env.unwrapped.table``), the Gymnasium environment (``VsBots.table``, whose other seats are
played this way), and each of `VectorTables`' tables, so a bot can be an opponent, a partner or a
teacher whose tokens are imitated. The bot sees only the seat's view, as at any other table.

>>> from cardtable.rl import BotPolicy, raw_env
>>> e = raw_env("smear")
>>> e.reset(seed=2)
>>> rule = BotPolicy("smear", "rule", seed=1)
>>> token = rule.token(e.table)
>>> bool(e.observe(e.agent_selection)["action_mask"][token])
True
"""

from __future__ import annotations

import random
from typing import Any

from cardtable.bots import make_bot
from cardtable.core import BadRules
from cardtable.rl.table import Table


class BotPolicy:
    """The bot ``bot`` of ``game`` (a game name or an engine game) as a token policy.

    ``seed`` seeds the bot's own random choices (``reseed`` starts them again). One `BotPolicy`
    may serve several seats and tables: it remembers, per table, the action it is spelling."""

    def __init__(self, game: str | Any, bot: str = "rule", *, seed: int | None = None, **house_rules: Any) -> None:
        self.engine: Any = Table(game, **house_rules).game if isinstance(game, str) else game
        self.name = bot
        self.bot = make_bot(self.engine, bot)
        self.rng = random.Random(seed)
        self._plans: dict[int, tuple[Any, tuple[int, ...]]] = {}

    def reseed(self, seed: int | None) -> None:
        """Start the bot's random choices again from ``seed``."""
        self.rng = random.Random(seed)

    def action(self, table: Table) -> Any:
        """The whole engine action the bot chooses for the seat to act at ``table``."""
        seat = table.actor()
        if seat is None or table.decision is None:
            raise BadRules("the episode is over: nobody is to act")
        return self.bot.act(table.view(seat), table.decision.actions, self.rng)

    def token(self, table: Table) -> int:
        """The next token of the action the bot chooses for the seat to act at ``table``.

        The action is chosen when the seat begins it (an action already half spelled by someone
        else is finished by the bot among the actions that begin that way)."""
        decision = table.decision
        if decision is None:
            raise BadRules("the episode is over: nobody is to act")
        plan = self._plans.get(id(table))
        if plan is None or plan[0] is not decision or plan[1][: len(decision.prefix)] != decision.prefix:
            k = len(decision.prefix)
            if k:
                seat = table.actor()
                assert seat is not None  # a decision is open
                legal = [decision.actions[i] for i in decision.alive]
                chosen = self.bot.act(table.view(seat), legal, self.rng)
            else:
                chosen = self.action(table)
            plan = (decision, table.vocab.spell(chosen))
            self._plans[id(table)] = plan
        return plan[1][len(decision.prefix)]

    def play(self, table: Table) -> tuple[int, ...] | None:
        """Play the seat to act's whole action at ``table``; the scores paid, if a hand ended."""
        paid: tuple[int, ...] | None = None
        seat = table.actor()
        while not table.done and table.actor() == seat:
            step = table.step(self.token(table))
            if step is not None:
                paid = step if paid is None else tuple(a + b for a, b in zip(paid, step, strict=True))
            if table.decision is not None and not table.decision.prefix:
                break  # the action is complete (the same seat may act again)
        return paid

"""An example bot plug-in: the game's rule-based bot, except that it passes whenever passing is
legal before any other seat has bid. ``factory`` is the entry point (``cardtable.bots``)."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from cardtable.bots import rule_bot


class Cautious:
    name = "cautious"

    def __init__(self, game: Any) -> None:
        self.game = game
        self.rule = rule_bot(game)

    def act(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        texts = [self.game.format(a) for a in legal]
        if "pass" in texts and any(t.startswith("bid ") for t in texts):
            return legal[texts.index("pass")]
        return self.rule.act(view, legal, rng)


def factory(game: Any, level: str) -> Cautious:
    if level:  # a plug-in refuses a name it does not know; cardtable says so in one line
        raise ValueError(f"cautious has no levels (got {level!r})")
    return Cautious(game)

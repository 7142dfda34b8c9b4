"""Bots: players that see only a seat's view and choose among its legal actions.

Named on the command line as ``random``, ``rule`` (the game's rule-based bot) and
``search:LEVEL`` (``easy``, ``medium``, ``hard``; the search plays out with the rule-based bot).
"""

from __future__ import annotations

import importlib
from typing import Any

from cardtable.bots.base import Bot, RandomBot, bot_names, make_bot, register_bot
from cardtable.bots.search import LEVELS, Hint, SearchBot
from cardtable.core import BadRules


def rule_bot(game: Any) -> Bot:
    """The game's rule-based bot (``cardtable.games.<game>.bots.RuleBot``)."""
    try:
        module = importlib.import_module(f"cardtable.games.{game.name}.bots")
    except ModuleNotFoundError:
        raise BadRules(f"{game.name} has no rule-based bot") from None
    bot: Bot = module.RuleBot(game)
    return bot


def _rule(game: Any, level: str) -> Bot:
    if level:
        raise BadRules(f"the rule-based bot has no levels (got 'rule:{level}')")
    return rule_bot(game)


def _search(game: Any, level: str) -> Bot:
    try:
        policy = rule_bot(game)
    except BadRules:
        policy = RandomBot(game)
    return SearchBot(game, level or "medium", policy)


register_bot("rule", _rule)
register_bot("search", _search)

__all__ = ["LEVELS", "Bot", "Hint", "RandomBot", "SearchBot", "bot_names", "make_bot", "rule_bot"]

"""Bots: players that see only a seat's view and choose among its legal actions."""

from cardtable.bots.base import Bot, RandomBot, bot_names, make_bot

__all__ = ["Bot", "RandomBot", "bot_names", "make_bot"]

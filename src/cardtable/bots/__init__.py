"""Bots: players that see only a seat's view and choose among its legal actions.

Named on the command line as ``random``, ``rule`` (the game's rule-based bot) and
``search:LEVEL`` (``easy``, ``medium``, ``hard``; the search plays out with the rule-based bot),
optionally with a time limit per move in seconds: ``search:hard@0.5``. The search weighs its
worlds by the other seats' plays where the game's sampler can, and spends a time limit whole, so
its choices then depend on the machine's speed; without one they depend only on the seed.
A game's levels may spend several times the classic levels' work, as its package's
``SEARCH_SETTINGS`` says (``search.SearchSettings``). ``search:classic:LEVEL`` (``search:classic``
alone is the medium level) is the earlier search: its worlds weighed by the auction only, its levels on the budgets they
always had, its playouts by the earlier rule-based bot (``rule:classic``), and a time limit only
capping its level's work budget (it stops after the round in which the limit passes).

``learned`` is the policy a small network learned by playing (`cardtable.bots.learned`, numpy
only), shipped for the games that have one; ``learned:PATH`` plays a policy file that
``cardtable train`` wrote. ``search:learned`` is the hard search with that policy playing its
playouts and its value cutting them short; ``search:guided`` is the hard search on the
rule-based bot's playouts that keeps the learned policy's choice unless it finds a clearly
better one (docs/bots.md, "The learned bot").

``cmd:COMMAND`` is a bot in another program, in any language, that speaks the cardtable bot
protocol over its standard input and output (docs/bot-protocol.md, `cardtable.bots.external`),
each bot in a process of its own; ``cmd:@2:COMMAND`` gives it 2 seconds a move, and
``cmd:depth=3:COMMAND`` sets an option it declares.

A bot of your own is any object with a ``name`` and an ``act(view, legal, rng)`` method (`Bot`);
`register_bot` gives it a name that ``make_bot`` and ``--bots`` know. What a view holds, game by
game, is in docs/writing-bots.md.
"""

from __future__ import annotations

import inspect
import math
from typing import Any

from cardtable.bots import base
from cardtable.bots.base import Bot, BotFactory, RandomBot, bot_names, make_bot
from cardtable.bots.facade import BotGame, for_bots
from cardtable.bots.search import LEVELS, Hint, SearchBot
from cardtable.core import BadRules, game_part


def register_bot(kind: str, factory: BotFactory) -> None:
    """Make ``kind`` a bot name: ``make_bot(game, "kind")`` (and ``--bots kind``, once the module
    that registers it is imported) then calls ``factory(game, level)``, where ``level`` is what
    follows the first colon of the name (``"hard"`` for ``kind:hard``, ``""`` for ``kind``), and
    uses what it returns: a `Bot`, anything with a ``name`` and an ``act(view, legal, rng)``
    method returning one of ``legal``. ``game`` is the bot's own game (`for_bots`): it answers
    questions about states (``legal_actions``, ``apply``, ``observe``…) but never reaches the
    table's true state. Registering a name again replaces the earlier factory.

    >>> import random
    >>> from cardtable.registry import get_game
    >>> class FirstBot:
    ...     name = "first"
    ...     def act(self, view, legal, rng):
    ...         return legal[0]
    >>> register_bot("first", lambda game, level: FirstBot())
    >>> game = get_game("smear")
    >>> state = game.apply(game.start(0), game.deal(game.start(0), random.Random(3)))
    >>> legal = game.legal_actions(state)
    >>> make_bot(game, "first").act(game.observe(state, game.actor(state)), legal, random.Random(1)) == legal[0]
    True
    >>> del base._FACTORIES["first"]  # the example's name is not kept
    """
    base.register_bot(kind, factory)


def _rule_module(game: Any) -> Any:
    """The game's module of its rule-based bot (the ``bots`` module of its package), or ``None``."""
    return game_part(game, "bots")


def rule_bot(game: Any, classic: bool = False) -> Bot:
    """The game's rule-based bot (``cardtable.games.<game>.bots.RuleBot``); with ``classic``, its
    version before the last change of its play, where the game keeps one (`has_classic_rule_bot`),
    else the bot itself."""
    module = _rule_module(game)
    if module is None:
        raise BadRules(f"{game.name} has no rule-based bot")
    bot: Bot = (
        module.RuleBot(for_bots(game), classic=True)
        if classic and has_classic_rule_bot(game)
        else module.RuleBot(for_bots(game))
    )
    return bot


def has_classic_rule_bot(game: Any) -> bool:
    """Whether the game's rule-based bot keeps its version before the last change of its play
    (``RuleBot(game, classic=True)``: every game's today)."""
    module = _rule_module(game)
    return module is not None and "classic" in inspect.signature(module.RuleBot).parameters


def _rule(game: Any, level: str) -> Bot:
    if level == "classic":
        if not has_classic_rule_bot(game):
            raise BadRules(f"{game.name}'s rule-based bot has no classic version ('rule' is the only one)")
        return rule_bot(game, classic=True)
    if level:
        earlier = "; 'rule:classic' is the earlier bot" if has_classic_rule_bot(game) else ""
        raise BadRules(f"the rule-based bot has no levels (got 'rule:{level}'{earlier})")
    return rule_bot(game)


def _search(game: Any, spec: str) -> Bot:
    level, at, limit = spec.partition("@")
    time_limit = _seconds(limit, spec) if at else None
    if level == "learned":
        # the search on the learned policy: its playouts, cut short by its value (`LearnedBot`)
        bot = SearchBot(game, "hard", _learned(game, ""), time_limit)
        bot.name = "search:learned" + (f"@{limit}" if at else "")
        return bot
    if level == "guided":
        # the hard search on the rule-based bot's playouts, keeping the learned policy's choice
        # unless it finds a clearly better one
        bot = SearchBot(game, "hard", rule_bot(game), time_limit, prior=_learned(game, ""))
        bot.name = "search:guided" + (f"@{limit}" if at else "")
        return bot
    classic = level == "classic" or level.startswith("classic:")
    if classic:
        level = level.removeprefix("classic").removeprefix(":")
    try:
        policy = rule_bot(game, classic=classic)  # the classic search plays out with the classic bot
    except BadRules:
        policy = RandomBot(game)
    bot = SearchBot(game, level or "medium", policy, time_limit, classic=classic)
    if time_limit is not None:
        bot.name = f"{bot.name}@{limit}"
    return bot


def _seconds(text: str, spec: str) -> float:
    """A time limit per move: a positive, finite number of seconds."""
    try:
        seconds = float(text)
    except ValueError:
        seconds = math.nan
    if not 0 < seconds < math.inf:
        raise BadRules(f"bad time limit in 'search:{spec}': expected seconds per move, a positive number such as 0.5")
    return seconds


def _external(game: Any, spec: str) -> Bot:
    from cardtable.bots.external import make_external  # a program in another language (cmd:COMMAND)

    return make_external(game, spec)


def _learned(game: Any, spec: str) -> Bot:
    try:
        from cardtable.bots import learned  # numpy: imported only when a learned bot is made
    except ImportError:
        raise BadRules("the learned bot needs numpy: pip install 'cardtable[batch]'") from None
    return learned.make(game, spec)


register_bot("rule", _rule)
register_bot("search", _search)
register_bot("cmd", _external)
register_bot("learned", _learned)

__all__ = [
    "LEVELS",
    "Bot",
    "BotFactory",
    "BotGame",
    "Hint",
    "RandomBot",
    "SearchBot",
    "bot_names",
    "for_bots",
    "has_classic_rule_bot",
    "make_bot",
    "register_bot",
    "rule_bot",
]

"""The `Bot` protocol, the random bot, and bots by name.

A bot gets a seat's **view** and that seat's legal actions, never the true state: a bot that wants
to know the hidden cards must guess them from the view. The legal actions follow from what the seat
may know (its own cards and the public play), so handing them over reveals nothing.

>>> import random
>>> from cardtable.registry import get_game
>>> game = get_game("smear")
>>> state = game.start(0)
>>> state = game.apply(state, game.deal(state, random.Random(3)))
>>> bot = make_bot(game, "random")
>>> legal = game.legal_actions(state)
>>> bot.act(game.observe(state, game.actor(state)), legal, random.Random(1)) in legal
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from cardtable.bots.facade import for_bots
from cardtable.core import BadRules


class Bot(Protocol):
    """A player: chooses one of ``legal`` from what ``view`` shows."""

    name: str

    def act(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """The chosen action, one of ``legal``."""
        ...


@runtime_checkable
class Ranker(Protocol):
    """A bot that can also order a decision's legal actions from best to worst, as the search
    bot's playout policy may (`SearchBot` then searches only the first few of a long list)."""

    def rank(self, view: Any, legal: Sequence[Any]) -> list[Any] | None:
        """``legal`` ordered best first, or ``None`` when the bot has no ordering for this
        decision (every action is then worth a look)."""
        ...


class RandomBot:
    """Chooses uniformly among the legal actions: the baseline every other bot must beat."""

    name = "random"

    def __init__(self, game: Any) -> None:
        self.game = for_bots(game)

    def act(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        return legal[rng.randrange(len(legal))]


BotFactory = Callable[[Any, str], Bot]

_FACTORIES: dict[str, BotFactory] = {"random": lambda game, level: RandomBot(game)}


def register_bot(kind: str, factory: BotFactory) -> None:
    """Make ``kind`` (or ``kind:level``) a bot name; ``factory(game, level)`` builds the bot."""
    _FACTORIES[kind] = factory


#: The entry-point group of bot plug-ins: a package that declares
#: ``[project.entry-points."cardtable.bots"] mybot = "mybot:factory"`` makes ``--bots mybot``
#: work once installed (``factory(game, level)`` returns the bot, as for `register_bot`).
PLUGIN_GROUP = "cardtable.bots"
_PLUGINS: dict[str, str] = {}  # a plug-in that failed to load: its name and why
_PLUGGED: set[str] = set()  # the names of the plug-ins loaded: a refusal of theirs is said in one line
_plugins_loaded = False


def load_plugins() -> None:
    """Register the installed bot plug-ins (once; a name already taken is not replaced)."""
    global _plugins_loaded
    if _plugins_loaded:
        return
    _plugins_loaded = True
    from importlib.metadata import entry_points

    for ep in entry_points(group=PLUGIN_GROUP):
        if ep.name in _FACTORIES:
            continue
        try:
            _FACTORIES[ep.name] = ep.load()
            _PLUGGED.add(ep.name)
        except Exception as e:  # a broken plug-in is said when it is named, and harms nothing else
            _PLUGINS[ep.name] = f"{type(e).__name__}: {e}"


def bot_names() -> list[str]:
    """The kinds of bot that can be named (``random``, …, and the installed plug-ins)."""
    load_plugins()
    return sorted(_FACTORIES)


def make_bot(game: Any, spec: str) -> Bot:
    """The bot named ``spec`` (``random``, ``rule``, ``search:hard`` …) for ``game``. The bot is
    given a game of its own (`cardtable.bots.facade`), through which it cannot reach the states
    ``game`` is asked about."""
    kind, _, level = spec.strip().partition(":")
    factory = _FACTORIES.get(kind)
    if factory is None:
        load_plugins()
        factory = _FACTORIES.get(kind)
    if factory is None and kind in _PLUGINS:
        raise BadRules(f"the bot plug-in {kind!r} failed to load ({_PLUGINS[kind][:200]})")
    if factory is None and kind.startswith("cmd@"):
        raise BadRules(f"unknown bot {spec[:60]!r}: a time limit goes after the colon, as in cmd:@2:COMMAND")
    if factory is None:
        raise BadRules(f"unknown bot {spec!r} (known: {', '.join(bot_names())})")
    if kind not in _PLUGGED:
        return factory(for_bots(game), level)
    try:
        return factory(for_bots(game), level)
    except BadRules:
        raise
    except Exception as e:  # a plug-in that refuses its name (a level it does not know …): one line
        said = f": {e}" if str(e) else ""
        raise BadRules(f"the bot plug-in {kind!r} refused {spec.strip()!r} ({type(e).__name__}{said})") from None

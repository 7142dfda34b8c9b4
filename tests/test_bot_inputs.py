"""Hidden information stays hidden from bots: nothing reachable from what a bot is given holds the
true state or a hidden hand.

"Reachable" is what a bot can get at by following attributes: an object's ``__dict__`` and
``__slots__``, the items of containers, a bound method's object and function, a function's
closure cells and defaults. Classes and modules are not followed: they are shared code, and a bot
that goes through a module's globals is looking on purpose (see `cardtable.bots.facade`).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from types import BuiltinMethodType, FunctionType, MethodType, ModuleType
from typing import Any

import pytest

from cardtable import registry
from cardtable.bots import SearchBot, make_bot, rule_bot
from cardtable.core import CHANCE
from cardtable.sim import Job, _Players
from cardtable.table import Table

_ATOMS = (str, bytes, int, float, complex, bool, type(None), range)


def reachable(*roots: object) -> Iterator[object]:
    """Every object reachable from ``roots`` (see the module docstring)."""
    seen: set[int] = set()
    stack: list[object] = list(roots)
    while stack:
        o = stack.pop()
        if id(o) in seen:
            continue
        seen.add(id(o))
        yield o
        if isinstance(o, (type, ModuleType, *_ATOMS)):
            continue
        if isinstance(o, dict):
            stack += o.keys()
            stack += o.values()
        elif isinstance(o, (list, tuple, set, frozenset)):
            stack += o
        elif isinstance(o, FunctionType):
            stack += [c.cell_contents for c in o.__closure__ or () if c.cell_contents is not None]
            stack += o.__defaults__ or ()
            stack += (o.__kwdefaults__ or {}).values()
        elif isinstance(o, (MethodType, BuiltinMethodType)):
            stack.append(o.__self__)
            stack.append(getattr(o, "__func__", None))
        else:
            stack += getattr(o, "__dict__", {}).values()
            for cls in type(o).__mro__:
                slots = cls.__dict__.get("__slots__", ())
                for name in (slots,) if isinstance(slots, str) else slots:
                    if hasattr(o, name) and not name.startswith("__"):
                        stack.append(getattr(o, name))


def secrets(game: Any, state: Any, seat: int) -> list[int]:
    """The hidden hands of the other seats and, for Seep, the cards still to be dealt, as card
    masks of two cards or more (one card alone is a small number that tables hold anyway)."""
    unseen = game.unseen(state, seat)
    out = [h for s, h in enumerate(state.hands) if s != seat and h & unseen]
    out += getattr(state, "stock", ())
    return [h for h in out if h.bit_count() >= 2 and h >> 13]


def leaks(roots: tuple[object, ...], game: Any, state: Any, seat: int, by_value: bool = True) -> list[str]:
    """What of the true state can be reached from ``roots``: the state itself or one equal to it,
    the engine that plays it, a hidden hand's very number, or (``by_value``) any number equal to a
    hidden hand. A bot that samples worlds makes sets of cards of its own, which may equal a hidden
    hand by chance; for it only the very objects of the true state count."""
    hidden = secrets(game, state, seat)
    ids = {id(h) for h in hidden}
    values = set(hidden) if by_value else set()
    found = []
    for o in reachable(*roots):
        if o is state or o is game or (type(o) is type(state) and o == state and hidden):
            found.append(f"the true state or its engine ({type(o).__name__})")
        elif type(o) is int and (id(o) in ids or o in values):
            found.append(f"a hidden hand {o:#x}")
    return found


def test_the_walk_finds_what_a_shared_cache_holds() -> None:
    """The check can fail: the table's own Seep engine keeps the state it last listed moves for."""
    game = registry.get_game("seep")
    rng = random.Random(3)
    state = game.start(0)
    while game.actor(state) == CHANCE or game.actor(state) is None:  # a misdeal is dealt again
        state = game.apply(game.start(0), game.deal(state, rng))
    while state.plays < 5:
        state = game.apply(state, rng.choice(game.legal_actions(state)))
    game.legal_actions(state)
    seat = game.actor(state)
    assert leaks((game,), game, state, seat)
    assert not leaks((make_bot(game, "rule"),), game, state, seat)


HANDS = {"random": 12, "rule": 12, "search:easy": 1}


@pytest.mark.parametrize("name", registry.names())
@pytest.mark.parametrize("spec", list(HANDS))
def test_nothing_reachable_from_a_bot_holds_the_true_state(name: str, spec: str) -> None:
    """Over random hands, at every decision, before and after the bot acts: nothing reachable
    from the bot, its view and its legal actions holds the true state or a hidden hand."""
    game = registry.get_game(name)
    bots = [make_bot(game, spec) for _ in range(game.seats)]
    rng = random.Random(f"{name}:{spec}")
    checked = 0
    for hand in range(HANDS[spec]):
        state = game.start(hand % game.seats)
        while (seat := game.actor(state)) is not None:
            if seat == CHANCE:
                state = game.apply(state, game.deal(state, rng))
                continue
            legal = game.legal_actions(state)  # the table's engine has just looked at the truth
            view = game.observe(state, seat)
            roots = (bots[seat], view, legal)
            by_value = not spec.startswith("search")
            assert not leaks(roots, game, state, seat, by_value)
            action = bots[seat].act(view, legal, rng)
            assert not leaks(roots, game, state, seat, by_value)
            checked += 1
            state = game.apply(state, action)
    assert checked > 10


@pytest.mark.parametrize("name", registry.names())
def test_tables_simulations_and_hints_give_bots_no_way_to_the_table(name: str) -> None:
    """Every place that builds bots gives them a game of their own, never the table's engine."""
    game = registry.get_game(name)
    table = Table(game, people=[0], bots={s: "rule" for s in range(1, game.seats)}, seed=1)
    hint = SearchBot(table.game, "easy", rule_bot(table.game))
    players = _Players(game, Job(name, {}, ("random", "rule", "search:easy"), 0))
    for bot in [*table.bots.values(), hint, *players.bots.values()]:
        for o in reachable(bot):
            assert o is not game and o is not table.state

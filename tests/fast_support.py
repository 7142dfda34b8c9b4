"""Shared checks for the games' fast layers (``games/<game>/fast.py``) against the checked engines.

Each check walks seeded random hands through the checked public API and, at every state, compares
what the fast layer says: the legal actions (same order), the state after each action, the
outcome, the converters both ways. Playouts and policies are compared by playing from the same
state with the same random stream. ``CARDTABLE_FAST_HANDS`` sets the hands per rule set (the long
run on demand); the default keeps the run short.
"""

from __future__ import annotations

import inspect
import os
import random
from typing import Any

from cardtable.bots.base import Bot

#: Hands per rule set: few by default, many with ``CARDTABLE_FAST_HANDS=20000``.
HANDS = int(os.environ.get("CARDTABLE_FAST_HANDS", "0")) or None


def hands(default: int) -> int:
    """The hands per rule set for this run."""
    return HANDS or default


def field_names(cls: type) -> tuple[str, ...]:
    """The fields of a fast layer's state class, in a fixed order: its ``__slots__`` in pure
    Python, the data descriptors of its type when mypyc compiled it (a compiled class has no
    ``__slots__``; the names are the same)."""
    names = getattr(cls, "__slots__", None)
    if names is None:
        names = [n for n, v in vars(cls).items() if inspect.isdatadescriptor(v) and not n.startswith("__")]
    return tuple(sorted(names))


def checked_playout(game: Any, state: Any, bot: Bot, rng: random.Random) -> tuple[Any, int]:
    """The search's checked playout: the final state and the moves it took."""
    steps = 0
    while (actor := game.actor(state)) is not None:
        legal = game.legal_actions(state)
        action = legal[0] if len(legal) == 1 else bot.act(game.observe(state, actor), legal, rng)
        state = game.apply(state, action)
        steps += 1
    return state, steps


def check_steps(game: Any, fast: Any, n_hands: int, seed: int) -> int:
    """Random hands: at every state the fast layer's moves, step, converters and score equal the
    checked engine's. Returns the number of states checked."""
    rng = random.Random(seed)
    checked_states = 0
    for i in range(n_hands):
        state = game.start(i % game.seats)
        state = game.apply(state, game.deal(state, rng))
        while True:
            fs = fast.from_state(state, game.rules)
            assert fs is not None
            assert fs.to_state() == state
            checked_states += 1
            if game.actor(state) is None:
                assert fs.moves() == []
                assert fs.score() == game.outcome(state).score
                break
            legal = game.legal_actions(state)
            ints = fs.moves()
            assert ints == [fast.to_int(a) for a in legal]
            assert [fast.to_action(a) for a in ints] == list(legal)
            k = rng.randrange(len(legal))
            copy = fs.copy()
            fs.apply(ints[k])
            state = game.apply(state, legal[k])
            assert fs.to_state() == state
            assert copy.to_state() != state
    return checked_states


def check_playouts(game: Any, fast: Any, bot: Bot, n_hands: int, seed: int, every: int = 3) -> int:
    """From every ``every``-th state of random hands, a fast playout with the fast policy of
    ``bot`` ends in the same state, after the same moves, as the checked playout with ``bot`` from
    the same random stream. Returns the number of playouts compared."""
    policy = fast.policy_for(bot, game.rules)
    assert policy is not None
    rng = random.Random(seed)
    compared = 0
    k = 0
    for i in range(n_hands):
        state = game.start(i % game.seats)
        state = game.apply(state, game.deal(state, rng))
        while game.actor(state) is not None:
            k += 1
            if k % every == 0:
                fs = fast.from_state(state, game.rules)
                play_seed = rng.random()
                steps = fast.playout(fs, policy, random.Random(play_seed))
                end, checked_steps = checked_playout(game, state, bot, random.Random(play_seed))
                assert steps == checked_steps
                assert fs.to_state() == end
                assert fs.score() == game.outcome(end).score
                compared += 1
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])
    return compared


def check_policy(game: Any, fast: Any, bot: Bot, n_hands: int, seed: int) -> int:
    """Hands played by ``bot`` in every seat: at each decision with a choice the fast policy
    chooses what ``bot`` chooses, from the same random stream. Returns the decisions compared."""
    policy = fast.policy_for(bot, game.rules)
    assert policy is not None
    rng = random.Random(seed)
    decisions = 0
    for i in range(n_hands):
        state = game.start(i % game.seats)
        state = game.apply(state, game.deal(state, rng))
        while (actor := game.actor(state)) is not None:
            legal = game.legal_actions(state)
            if len(legal) == 1:
                state = game.apply(state, legal[0])
                continue
            fs = fast.from_state(state, game.rules)
            s = rng.random()
            fast_choice = policy.choose(fs, fs.moves(), random.Random(s))
            action = bot.act(game.observe(state, actor), legal, random.Random(s))
            assert fast_choice == fast.to_int(action), (fs.to_state(), action)
            decisions += 1
            state = game.apply(state, action)
    return decisions

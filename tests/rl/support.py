"""Shared helpers of the RL tests: configurations, random decision points and mask walks."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from cardtable import registry
from cardtable.core import game_package, option_variants
from cardtable.rl.tokens import GAMES
from cardtable.rl.walk import Decision

#: The games cardtable ships (its own packages): those docs/rl.md documents and that have the named
#: PettingZoo modules (``smear_v1`` …). A game added from outside has environments all the same.
SHIPPED = tuple(name for name in GAMES if game_package(registry.game_class(name)).startswith("cardtable.games."))


def configs() -> list[tuple[str, str | None, dict[str, Any]]]:
    """Every game with each preset, then each rule option switched on in turn: (game, preset, options)."""
    out: list[tuple[str, str | None, dict[str, Any]]] = []
    for name in GAMES:
        for preset in sorted(registry.presets(name)):
            out.append((name, preset, {}))
        for option, value in option_variants(type(registry.get_game(name).rules)):
            out.append((name, None, {option: value}))
    return out


def config_id(c: tuple[str, str | None, dict[str, Any]]) -> str:
    name, preset, options = c
    return f"{name}-{preset}" if preset else f"{name}-" + ",".join(f"{k}={v}" for k, v in options.items())


def decision_points(game: Any, hands: int, seed: int) -> Iterator[Any]:
    """Every state of ``hands`` random hands where a seat is to act."""
    rng = random.Random(seed)
    for i in range(hands):
        state = game.start(i % game.seats)
        state = game.apply(state, game.deal(state, rng))
        while game.actor(state) is not None:
            yield state
            legal = game.legal_actions(state)
            state = game.apply(state, legal[rng.randrange(len(legal))])


def walk_all(decision: Decision) -> list[tuple[tuple[int, ...], Any]]:
    """Every complete spelling reachable by following the masks, with the action it decodes to."""
    out: list[tuple[tuple[int, ...], Any]] = []
    stack = [decision]
    while stack:
        d = stack.pop()
        for token in d.allowed():
            nxt = Decision.__new__(Decision)
            nxt.vocab, nxt.actions, nxt.spellings, nxt.prefix, nxt.alive = (
                d.vocab, d.actions, d.spellings, d.prefix, d.alive,
            )  # fmt: skip
            action = nxt.push(token)
            if action is None:
                stack.append(nxt)
            else:
                out.append((nxt.prefix, action))
    return out

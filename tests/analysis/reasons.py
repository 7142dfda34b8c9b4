"""Random decisions to say reasons of, fast: the views of random positions of a game, two of
the seat's legal moves, a loss, and playouts whose facts are drawn at random (each fact a game's
``facts`` reads, in its range), so that every kind of consequence a game's ``why`` can name comes
up without a search."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from cardtable.analysis import parts
from tests.random_play import random_states


@dataclass(frozen=True)
class Decision:
    """A decision to say a reason of: the seat's view (JSON), the move made, the better one, the
    loss and what each led to."""

    state: Any
    seat: int
    view: dict[str, Any]
    made: str
    best: str
    loss: float
    played: parts.Playouts | None


def _facts(name: str, view: dict[str, Any], rng: random.Random, leaster: bool) -> dict[str, float]:
    coin = lambda: float(rng.random() < rng.random())  # noqa: E731 - a share that varies between decisions
    if name == "seep":
        out = {
            "swept": coin(),
            "swept_them": coin(),
            "sweep_points": float(rng.choice([0, 50])),
            "sweep_points_them": float(rng.choice([0, 50])),
            "points": float(rng.randrange(0, 100)),
            "points_them": float(rng.randrange(0, 100)),
            "sweep_value": 50.0,
            "floor_points": float(rng.randrange(0, 20)),
        }
        for house in (view.get("floor") or {}).get("houses") or []:
            mine = coin()
            out[f"house{house['value']}"] = mine
            out[f"house{house['value']}_them"] = 0.0 if mine else coin()
            out[f"house{house['value']}_points"] = float(rng.randrange(0, 15))
        return out
    if name == "smear":
        out = {}
        for point in ("high", "low", "jack", "game"):
            ours = coin()
            out[point] = ours
            out[f"{point}_them"] = 0.0 if ours else 1.0
            out[f"{point}_worth"] = ours - (1 - ours)
        set_ours = coin()
        out |= {"bid": float(rng.randrange(2, 5)), "made_ours": 0.0, "set_ours": set_ours}
        out |= {"set_them": 0.0 if set_ours else coin(), "tricks": float(rng.randrange(0, 7))}
        return out
    if leaster:
        return {"won": coin(), "alone": 1.0, "tricks": float(rng.randrange(0, 7))}
    won = coin()
    return {
        "won": won,
        "schneidered": 0.0 if won else coin(),
        "schneider": coin() if won else 0.0,
        "points": float(rng.randrange(0, 121)),
        "tricks": float(rng.randrange(0, 7)),
        "picker": coin(),
    }


def decisions(game: Any, count: int, seed: str) -> Iterator[Decision]:
    """``count`` random decisions of ``game`` (a seat with two moves or more), with playouts of
    one to eight worlds drawn at random, and now and then none at all."""
    rng = random.Random(seed)
    states = [s for s in random_states(game, 40, rng.randrange(1000)) if (a := game.actor(s)) is not None and a >= 0]
    states = [s for s in states if len(game.legal_actions(s)) > 1]
    rng.shuffle(states)
    for state in states[:count]:
        seat = game.actor(state)
        view = game.observe(state, seat).to_json()
        made, best = (game.format(a) for a in rng.sample(list(game.legal_actions(state)), 2))
        if rng.random() < 0.1:
            played = None
        else:
            leaster = rng.random() < 0.2
            worlds = rng.randrange(1, 9)
            played = parts.Playouts(
                tuple(_facts(game.name, view, rng, leaster) for _ in range(worlds)),
                tuple(_facts(game.name, view, rng, leaster) for _ in range(worlds)),
            )
        loss = rng.choice([rng.random(), rng.random() * 40, 0.004, 12.25])
        yield Decision(state, seat, view, made, best, loss, played)

"""A policy against the rule-based bot on paired duplicate deals, over the batched engine.

Every deal is played once per seating arrangement of the two (`cardtable.sim.arrangements`: in
Smear the policy at seats 0 and 2, then at 1 and 3, with the same cards), and a deal's figure is
what ``cardtable sim --bots POLICY,rule`` reports for it: the policy's mean points over its seats
less the rule-based bot's, averaged over the arrangements. The deals are the batch's rows, dealt
from ``seed`` (row i as ``random.Random(seed * 1_000_003 + i)`` deals), so two runs with the same
seed play the same deals, and two policies measured with one seed are compared on the same deals.

The rule-based bot plays through its kernels over the batch (`cardtable.batch.protocol.Loadable`'s
``policy``), which choose exactly as the bot does; a game whose kernels do not play its whole
hands is refused in one line.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from cardtable.batch import Batch
from cardtable.batch.protocol import Loadable
from cardtable.bots import rule_bot
from cardtable.core import BadRules
from cardtable.sim import arrangements

Ints = npt.NDArray[np.int64]
#: A policy over the batch: (observations int8 (n, obs), masks bool (n, tokens), the rule-based
#: bot's tokens at those rows (n,): what a policy that starts from them reads) -> tokens (n,).
Policy = Callable[[npt.NDArray[np.int8], npt.NDArray[np.bool_], Ints], Ints]

LEARNER = "learner"
RULE = "rule"


@dataclass(frozen=True)
class Result:
    """Per-deal differences (the policy less the rule-based bot, points a hand) and their summary."""

    diffs: npt.NDArray[np.float64]

    @property
    def mean(self) -> float:
        return float(self.diffs.mean())

    @property
    def half(self) -> float:
        """Half the 95% interval of the mean (normal approximation over deals)."""
        n = len(self.diffs)
        return 1.96 * float(self.diffs.std(ddof=1)) / math.sqrt(n) if n > 1 else math.inf

    def summary(self) -> dict[str, Any]:
        return {
            "deals": len(self.diffs),
            "mean": round(self.mean, 4),
            "ci_low": round(self.mean - self.half, 4),
            "ci_high": round(self.mean + self.half, 4),
        }


def rule_chooser(batch: Batch) -> Callable[[Ints], None]:
    """The rule-based bot's token at every row of ``batch`` (its kernels), or `BadRules`."""
    tables = batch.tables
    choose = tables.policy(rule_bot(batch.game)) if isinstance(tables, Loadable) else None
    if choose is None:
        raise BadRules(f"{batch.name}'s rule-based bot is not written over the batch: no learned training yet")
    return choose


def play(
    game: str,
    lineup: tuple[str, ...],
    policies: Mapping[str, Policy | None],
    deals: int,
    seed: int,
    rules: Mapping[str, Any] | None = None,
) -> npt.NDArray[np.float32]:
    """Each seat's score of each of ``deals`` deals (float (deals, seats)), seat s played by
    ``policies[lineup[s]]`` (``None``: the rule-based bot)."""
    batch = Batch(game, deals, rules=rules, seed=seed, auto_reset=False, keep_records=0)
    choose = rule_chooser(batch)
    rule_out = np.zeros(deals, np.int64)
    scores = np.zeros((deals, batch.seats), np.float32)
    done_all = np.zeros(deals, np.bool_)
    who = np.array([list(policies).index(name) for name in lineup], np.int64)
    names = list(policies)
    while not done_all.all():
        seats = batch.to_play
        acting = seats >= 0
        if not acting.any():
            break
        choose(rule_out)
        tokens = rule_out.copy()
        for k, name in enumerate(names):
            policy = policies[name]
            if policy is None:
                continue
            rows = np.flatnonzero(acting & (who[np.maximum(seats, 0)] == k))
            if rows.size:
                obs = batch.observe(seats)[rows]
                mask = batch.legal_mask()[rows]
                tokens[rows] = policy(obs, mask, rule_out[rows])
        if (tokens[acting] < 0).any():
            raise BadRules(f"{game}'s rule-based bot over the batch does not play every decision of a hand")
        rewards, done = batch.step(tokens)
        if batch.errors.any():
            raise RuntimeError("a policy gave a token its mask forbids")
        scores[done] = rewards[done]
        done_all |= done
    return scores


def duel(
    game: str,
    policy: Policy,
    deals: int,
    seed: int,
    rules: Mapping[str, Any] | None = None,
    other: Policy | None = None,
) -> Result:
    """``policy`` against the rule-based bot (or against ``other``) on ``deals`` paired deals."""
    probe = Batch(game, 1, rules=rules, seed=seed, keep_records=0)
    total = np.zeros(deals, np.float64)
    lineups = arrangements(probe.seats, [LEARNER, RULE])
    for lineup in lineups:
        scores = play(game, lineup, {LEARNER: policy, RULE: other}, deals, seed, rules).astype(np.float64)
        mine = np.array([s == LEARNER for s in lineup])
        total += scores[:, mine].mean(axis=1) - scores[:, ~mine].mean(axis=1)
    return Result(total / len(lineups))

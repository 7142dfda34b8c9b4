"""The replay harness: a `Batch` held to the checked engine, action by action, for any game that
has a batched engine.

Each row of the batch is played beside a `cardtable.rl.table.Table` (the RL environments' table
on the checked engine) seeded as `cardtable.rl.VectorTables` seeds its row, so both deal the same
cards. At every step the harness compares, row by row: the seat to act, the legal tokens (the
engine's legal actions spelled as tokens), the observation of the seat to act and of another seat
chosen at random (byte for byte), then gives a random legal token (now and then an illegal or
out-of-range one, which the batch must refuse for that row alone, changing nothing), and compares
the episode's end, truncation, rewards and final observation. Every record the batch writes is
replayed by `cardtable.record.replay_record`, and a scored hand's replayed score must equal the
rewards the batch paid. Any difference raises `Mismatch` naming the game, rules, row, step and
what differed.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from cardtable import registry
from cardtable.batch import Batch, random_legal
from cardtable.batch.tables import MAX_REDEALS, SEED_STRIDE
from cardtable.core import BadRules
from cardtable.record import replay_record
from cardtable.rl.table import REDEALT, Table


class Mismatch(AssertionError):
    """The batch and the checked engine disagree."""


@dataclass
class Tally:
    """What one run compared."""

    hands: int = 0  # finished hands (records)
    episodes: int = 0
    decisions: int = 0  # tokens given and compared
    refused: int = 0  # illegal tokens the batch refused
    observations: int = 0
    truncated: int = 0  # episodes cut short (max_steps, max_redeals)
    redeals: int = 0  # hands ended without a score and dealt again


def random_rules(name: str, rng: random.Random, share: float = 0.5) -> dict[str, Any]:
    """A random valid rule set of ``name``: each option switched with chance ``share`` to one of
    its other choices (or examples), the set drawn again until the engine accepts it."""
    fields = dataclasses.fields(registry.game_class(name)().rules)
    while True:
        out: dict[str, Any] = {}
        for f in fields:
            values = f.metadata.get("choices") or f.metadata.get("examples") or ()
            others = [v for v in values if v != f.default]
            if others and rng.random() < share:
                out[f.name] = rng.choice(others)
        try:
            registry.get_game_from_rules(name, out)
        except BadRules:
            continue
        return out


def run(
    name: str,
    rules: Mapping[str, Any] | None = None,
    *,
    B: int = 32,
    seed: int = 1,
    hands: int = 200,
    rng_seed: int = 0,
    dealer: int | str = "random",
    max_redeals: int | None = MAX_REDEALS,
    max_steps: int | None = None,
    illegal: float = 0.03,
    low: float = 0.0,
    replay: bool = True,
) -> Tally:
    """Play ``B`` rows until ``hands`` hands have finished, comparing everything (module docstring).

    Each row's token is uniformly random among the legal ones, or with chance ``low`` a ``pass``
    where one is legal, else the lowest legal token (to reach the redeal bounds), or with chance
    ``illegal`` one that is not legal or not a token at all."""
    rules = dict(rules or {})
    where = f"{name} {rules}"
    batch = Batch(name, B, rules=rules, seed=seed, dealer=dealer, max_redeals=max_redeals, max_steps=max_steps)
    tables = [Table(name, dealer=dealer, max_redeals=max_redeals, max_steps=max_steps, **rules) for _ in range(B)]
    for i, t in enumerate(tables):
        t.reset(seed * SEED_STRIDE + i, {"episode": "hand"})
    rng = np.random.default_rng(rng_seed)
    seats, tokens = batch.seats, len(batch.action_names)
    tally = Tally()
    paid: dict[int, list[list[float]]] = {i: [] for i in range(B)}  # each row's episode rewards, in order
    step = 0
    while tally.hands < hands:
        to_play = batch.to_play
        mask = batch.legal_mask()
        other = (to_play + rng.integers(1, seats, B)) % seats
        obs, obs_other = batch.observe(to_play), batch.observe(other)
        for i, t in enumerate(tables):
            seat = t.actor()
            if to_play[i] != seat:
                raise Mismatch(f"{where} row {i} step {step}: seat to act {to_play[i]}, the engine's {seat}")
            allowed = np.flatnonzero(mask[i]).tolist()
            if allowed != t.allowed():
                raise Mismatch(
                    f"{where} row {i} step {step}: legal tokens {_names(batch, allowed)}, "
                    f"the engine's {_names(batch, t.allowed())}"
                )
            _same(where, i, step, f"observation of seat {seat}", obs[i], t.observe(seat))
            _same(where, i, step, f"observation of seat {other[i]}", obs_other[i], t.observe(int(other[i])))
            tally.observations += 2
        actions = random_legal(mask, rng)
        lowest = rng.random(B) < low
        actions[lowest] = np.argmax(mask[lowest], axis=1)
        if "pass" in batch.action_names:  # a pass where one is legal (Sheepshead's comes after pick)
            passing = lowest & mask[:, batch.action_names.index("pass")]
            actions[passing] = batch.action_names.index("pass")
        bad = rng.random(B) < illegal
        for i in np.flatnonzero(bad):
            wrong = np.flatnonzero(~mask[i])
            actions[i] = rng.choice(wrong) if rng.random() < 0.7 else rng.choice([-1, tokens, 10**6, -(10**6)])
        before = batch.observe(to_play)
        rewards, done = batch.step(actions)
        if not np.array_equal(batch.errors, bad):
            i = int(np.flatnonzero(batch.errors != bad)[0])
            raise Mismatch(f"{where} row {i} step {step}: refused {batch.errors[i]}, should be {bad[i]}")
        if bad.any():
            again = batch.observe(to_play)
            if not np.array_equal(again[bad], before[bad]) or done[bad].any() or rewards[bad].any():
                raise Mismatch(f"{where} step {step}: a refused token changed its row")
        tally.refused += int(bad.sum())
        finals = dict(zip(batch.final_rows.tolist(), range(len(batch.final_rows)), strict=True))
        final_seats = rng.integers(0, seats, len(finals))
        final_obs = batch.observe_final(final_seats)
        for i, t in enumerate(tables):
            if bad[i]:
                continue
            t.step(int(actions[i]))
            tally.decisions += 1
            if t.done != done[i] or t.truncated != batch.truncated[i]:
                raise Mismatch(
                    f"{where} row {i} step {step}: done {done[i]} truncated {batch.truncated[i]}, "
                    f"the engine's {t.done} {t.truncated}"
                )
            if not t.done:
                continue
            if list(rewards[i]) != [float(x) for x in t.returns]:
                raise Mismatch(f"{where} row {i} step {step}: rewards {rewards[i].tolist()}, the engine's {t.returns}")
            k = finals[i]
            _same(
                where,
                i,
                step,
                f"final observation of seat {final_seats[k]}",
                final_obs[k],
                t.observe(int(final_seats[k])),
            )
            if not t.truncated:  # a scored hand: its record comes with these rewards
                paid[i].append(rewards[i].tolist())
            tally.episodes += 1
            tally.truncated += int(t.truncated)
            t.reset(None, {"episode": "hand"})
        records = batch.finished_records(with_rows=True)
        tally.hands += len(records)
        if replay:
            _replay(where, records, paid)
        step += 1
        if step > 1_000 + 100 * hands:  # no hand finishes: each cut short (max_steps below a hand's length?)
            raise Mismatch(f"{where}: only {tally.hands} of {hands} hands finished in {step} steps")
    tally.redeals = batch.redeals
    return tally


def _replay(where: str, records: list[tuple[int, dict[str, Any]]], paid: dict[int, list[list[float]]]) -> None:
    """Every record replays; a scored hand's score is the next rewards its row was paid."""
    for row, record in records:
        status, report = replay_record(record)
        if status != 0:
            raise Mismatch(f"{where} row {row}: the record does not replay: {report} {record}")
        hand = report["hands"][-1]
        if hand["result"] == "unfinished":
            raise Mismatch(f"{where} row {row}: a finished hand's record is unfinished: {record}")
        if hand["result"] not in REDEALT:  # a scored hand (a leaster's wash scores zeros)
            if not paid[row]:
                raise Mismatch(f"{where} row {row}: a scored record, but no rewards were paid: {record}")
            got = paid[row].pop(0)
            if [float(x) for x in hand["score"]] != got:
                raise Mismatch(f"{where} row {row}: the record scores {hand['score']}, the batch paid {got}")


def _same(where: str, row: int, step: int, what: str, got: np.ndarray, want: np.ndarray) -> None:
    if not np.array_equal(got, want):
        at = np.flatnonzero(got != want)
        raise Mismatch(
            f"{where} row {row} step {step}: {what} differs at {at[:12].tolist()} "
            f"(batch {got[at[:12]].tolist()}, engine {want[at[:12]].tolist()})"
        )


def _names(batch: Batch, tokens: list[int]) -> list[str]:
    return [batch.action_names[t] for t in tokens]


def digest(name: str, rules: Mapping[str, Any] | None, *, B: int = 16, seed: int = 3, steps: int = 150) -> str:
    """A SHA-256 of everything a seeded run of the batch gives out (seats to act, masks, every
    seat's observations, rewards, ends, refusals, final observations and records): the same with
    the kernels compiled by numba or run as Python."""
    import hashlib
    import json

    batch = Batch(name, B, rules=dict(rules or {}), seed=seed)
    rng = np.random.default_rng(seed)
    h = hashlib.sha256()
    for _ in range(steps):
        mask = batch.legal_mask()
        h.update(batch.to_play.tobytes() + mask.tobytes())
        for s in range(batch.seats):
            h.update(batch.observe(s).tobytes())
        actions = random_legal(mask, rng)
        actions[rng.random(B) < 0.05] = len(batch.action_names)
        rewards, done = batch.step(actions)
        h.update(rewards.tobytes() + done.tobytes() + batch.errors.tobytes() + batch.truncated.tobytes())
        h.update(batch.observe_final(0).tobytes())
    h.update(json.dumps(batch.finished_records(with_rows=True), sort_keys=True).encode())
    return h.hexdigest()

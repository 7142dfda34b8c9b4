"""Outside agents as bots (`cardtable.rl.agents`: OpenSpiel's IS-MCTS, a MaskablePPO policy) and
the baselines table's helper (`cardtable.rl.evaluate`). These need the ``rl`` and ``train``
extras; without them they skip, and fail in CI."""

from __future__ import annotations

import importlib.util
import json
import os
import random
from pathlib import Path

import pytest


def _need(module: str) -> None:
    if importlib.util.find_spec(module) is not None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{module} (the rl and train extras) is required in CI but was not found", pytrace=False)
    pytest.skip(f"{module} not found", allow_module_level=True)


_need("pyspiel")
_need("sb3_contrib")

import gymnasium  # noqa: E402
from sb3_contrib import MaskablePPO  # noqa: E402

import cardtable.rl  # noqa: E402, F401 (registers the ids)
from cardtable import registry, sim  # noqa: E402
from cardtable.bots import bot_names, make_bot  # noqa: E402
from cardtable.core import BadRules  # noqa: E402
from cardtable.rl.evaluate import Row, evaluate, main, markdown  # noqa: E402
from cardtable.rl.registration import IDS  # noqa: E402


def _plays_legally(game_name: str, spec: str, hands: int = 1) -> int:
    """Plays ``hands`` hands with ``spec`` at every seat; each of its moves is checked legal.
    Returns the decisions it made with a choice."""
    game = registry.get_game(game_name)
    bot = make_bot(game, spec)
    rng = random.Random(3)
    chosen = 0
    for h in range(hands):
        state = game.start(h % game.seats)
        state = game.apply(state, game.deal(state, rng))
        while (seat := game.actor(state)) is not None:
            legal = game.legal_actions(state)
            action = bot.act(game.observe(state, seat), legal, rng)
            assert action in legal, (spec, action)
            chosen += len(legal) > 1
            state = game.apply(state, action)
    return chosen


def test_the_outside_agents_are_bot_names() -> None:
    assert {"ismcts", "sb3"} <= set(bot_names())


@pytest.mark.parametrize("name", ["smear", "sheepshead", "seep"])
def test_ismcts_plays_whole_hands_legally(name: str) -> None:
    assert _plays_legally(name, "ismcts:4", hands=3) > 5  # a Seep hand may end at its deal (R8)


def test_ismcts_beats_random_with_a_few_simulations() -> None:
    """Not a claim about its strength, a check that its search is wired to the right seat and
    points: 30 simulations a token against uniformly random moves, 16 paired Smear deals."""
    job = sim.job_for("smear", {}, ["ismcts:30", "random"], 11)
    summary, _ = sim.run(job, 16, 1)
    assert summary.pairs["ismcts:30 vs random"]["ci_low"] > 0


@pytest.mark.parametrize("level", ["0", "x", "-3", "1000001"])
def test_a_bad_ismcts_level_is_one_line(level: str) -> None:
    with pytest.raises(BadRules, match="expected simulations per token") as e:
        make_bot(registry.get_game("smear"), f"ismcts:{level}")
    assert "\n" not in str(e.value)


def test_a_maskable_ppo_policy_plays_as_a_bot(tmp_path: Path) -> None:
    """A MaskablePPO policy saved as sb3-contrib saves it (here untrained: its choices are its
    network's, whatever they are) plays whole hands with only legal moves."""
    env = gymnasium.make(IDS["smear"], opponents="random")
    model = MaskablePPO("MlpPolicy", env, n_steps=64, batch_size=32, seed=1, device="cpu")
    path = tmp_path / "smear_ppo.zip"
    model.save(str(path))
    assert _plays_legally("smear", f"sb3:{path}", hands=2) > 5


def test_a_bad_sb3_file_is_one_line(tmp_path: Path) -> None:
    game = registry.get_game("smear")
    with pytest.raises(BadRules, match="no such MaskablePPO file"):
        make_bot(game, f"sb3:{tmp_path / 'missing.zip'}")
    junk = tmp_path / "junk.zip"
    junk.write_bytes(b"not a zip")
    with pytest.raises(BadRules, match="not a MaskablePPO policy") as e:
        make_bot(game, f"sb3:{junk}")
    assert "\n" not in str(e.value)
    with pytest.raises(BadRules, match="expected the path"):
        make_bot(game, "sb3")


def test_evaluate_gives_a_row_and_its_command() -> None:
    row = evaluate("smear", "random", "rule", deals=12, seed=4)
    assert row.command == "cardtable sim smear --bots random,rule --deals 12 --seed 4 --jobs 1"
    assert row.low <= row.mean <= row.high and row.verdict == "worse"  # random is far below rule
    again = evaluate("smear", "random", "rule", deals=12, seed=4)
    assert again.mean == row.mean  # the command reproduces it
    table = markdown([row])
    assert "| random | rule | 12 |" in table and row.command in table


def test_the_verdict_follows_the_interval() -> None:
    def row(low: float, high: float) -> Row:
        return Row("smear", "a", "b", 2, 0, (low + high) / 2, low, high, 0.0, 0.0, "")

    assert [row(0.1, 0.3).verdict, row(-0.3, -0.1).verdict, row(-0.1, 0.1).verdict] == ["better", "worse", "not shown"]


def test_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["smear", "--bots", "random", "--deals", "4", "--seed", "2", "--json"]) == 0
    row = json.loads(capsys.readouterr().out)
    assert row["bot"] == "random" and row["deals"] == 4 and row["verdict"] in ("better", "worse", "not shown")
    assert main(["smear", "--bots", "nope", "--deals", "4"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardtable.rl.evaluate: unknown bot 'nope'") and err.count("\n") == 1
    assert main(["smear", "--bots", "rule", "--deals", "4"]) == 2
    assert "against itself" in capsys.readouterr().err

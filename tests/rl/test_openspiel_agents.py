"""OpenSpiel's DQN and NFSP trained on our OpenSpiel game (`cardtable.rl.openspiel_train`), saved
(`cardtable.rl.netfile`) and played as the bots ``dqn:PATH`` and ``nfsp:PATH``
(`cardtable.rl.agents`). Each run here is a few hundred decisions: the wiring, not the strength.
These need the ``rl`` and ``train`` extras; without them they skip, and fail in CI."""

from __future__ import annotations

import importlib.util
import json
import os
import random
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import Any

import pytest


def _need(module: str) -> None:
    if importlib.util.find_spec(module) is not None:
        return
    if os.environ.get("CI"):
        pytest.fail(f"{module} (the rl and train extras) is required in CI but was not found", pytrace=False)
    pytest.skip(f"{module} not found", allow_module_level=True)


_need("pyspiel")
_need("torch")
_need("tree")

import numpy as np  # noqa: E402
from open_spiel.python import rl_environment  # noqa: E402
from open_spiel.python.pytorch import nfsp  # noqa: E402

from cardtable import registry  # noqa: E402
from cardtable.bots.facade import for_bots  # noqa: E402
from cardtable.core import BadRules  # noqa: E402
from cardtable.rl import agents, netfile, openspiel_train  # noqa: E402
from cardtable.rl.encode import encode  # noqa: E402
from tests.rl.support import decision_points  # noqa: E402
from tests.test_bot_inputs import leaks  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
ALGOS = ("dqn", "nfsp")
FACTORIES = {"dqn": agents.dqn_bot, "nfsp": agents.nfsp_bot}


def _tiny(algo: str) -> openspiel_train.Settings:
    """Settings that learn within a few hundred decisions (small buffers and network)."""
    return openspiel_train.settings_for(
        algo,
        hidden=(16,),
        batch_size=32,
        min_buffer=64,
        learn_every=4,
        replay_capacity=2_000,
        reservoir_capacity=2_000,
        anticipatory=0.5,
    )


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, list[Any], Any]]:
    """Each algorithm trained for 12 Smear hands and saved: (path, agents, run)."""
    out = {}
    for algo in ALGOS:
        found, run = openspiel_train.train("smear", _tiny(algo), seed=3, hands=12)
        path = tmp_path_factory.mktemp(algo) / f"smear_{algo}.npz"
        netfile.save(path, algo, "smear", openspiel_train.acting_layers(algo, found[0]), {"hands": run.hands})
        out[algo] = (path, found, run)
    return out


def _site(tmp_path: Path) -> Path:
    """The bots declared as plug-ins the way pip leaves an installed package's entry points."""
    site = tmp_path / "site"
    info = site / "cardtable_networks-0.dist-info"
    info.mkdir(parents=True, exist_ok=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: cardtable-networks\nVersion: 0\n")
    (info / "entry_points.txt").write_text(
        "[cardtable.bots]\ndqn = cardtable.rl.agents:dqn_bot\nnfsp = cardtable.rl.agents:nfsp_bot\n"
    )
    return site


def _sim(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(_site(tmp_path)), str(ROOT / "src")])}
    return subprocess.run(
        [sys.executable, "-m", "cardtable", "sim", "smear", *args],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
        check=False,
    )


@pytest.mark.parametrize("algo", ALGOS)
def test_a_short_run_learns_and_its_file_holds_the_acting_network(algo: str, trained: Any) -> None:
    """The saved network is the one OpenSpiel's agent acts by: at every decision of a hand played
    greedily through OpenSpiel's environment, the file's choice is the agent's (DQN: its greedy
    action; NFSP: its average policy's most likely one), on the tensor the environment gives, which
    is the one rebuilt from the seat's view."""
    path, found, run = trained[algo]
    assert run.hands == 12 and run.decisions > 200
    loss = run.last_loss if algo == "dqn" else run.last_loss[0]
    assert loss is not None and np.isfinite(loss)  # it learned
    policy = netfile.load(str(path), algo, "smear")
    assert (policy.environment, policy.observation_size) == ("smear_v1", 601)
    assert [w.shape for w, _ in policy.layers] == [(16, 601), (69, 16)]
    env = rl_environment.Environment("python_smear")
    env.seed(9)
    step = env.reset()
    compared = 0
    while not step.last():
        seat = step.observations["current_player"]
        legal = step.observations["legal_actions"][seat]
        tensor = np.asarray(step.observations["info_state"][seat], np.float32)
        state = env.get_state
        assert np.array_equal(encode("smear", state.view(seat), state.partial(seat)), tensor)
        if algo == "dqn":
            theirs = found[seat].step(step, is_evaluation=True).action
        else:
            with found[seat].temp_mode_as(nfsp.MODE.AVERAGE_POLICY):
                probs = found[seat].step(step, is_evaluation=True).probs
            theirs = int(np.argmax(probs))
        assert policy.best(tensor, legal) == theirs
        compared += len(legal) > 1
        step = env.step([theirs])
    assert compared > 10


@pytest.mark.parametrize("algo", ALGOS)
def test_a_saved_policy_plays_whole_hands_in_sim(algo: str, trained: Any, tmp_path: Path) -> None:
    path = trained[algo][0]
    done = _sim(tmp_path, "--bots", f"{algo}:{path},rule", "--deals", "2", "--seed", "4", "--no-records")
    assert done.returncode == 0, done.stderr
    assert f"{algo}:{path} vs rule: " in done.stdout


@pytest.mark.parametrize("algo", ALGOS)
def test_the_bot_acts_on_the_view_alone(algo: str, trained: Any) -> None:
    """Nothing reachable from the bot holds a hidden hand or the true state, and every hidden card
    dealt again (a world the seat cannot tell from the true one) leaves its choice as it was."""
    game = registry.get_game("smear")
    bot = FACTORIES[algo](for_bots(game), str(trained[algo][0]))  # a game of its own, as make_bot gives
    rng = random.Random(5)
    checked = 0
    for state in decision_points(game, 6, seed=17):
        seat = game.actor(state)
        legal = game.legal_actions(state)
        view = game.observe(state, seat)
        assert not leaks((bot, view, legal), game, state, seat)
        action = bot.act(view, legal, rng)
        assert action in legal
        assert not leaks((bot, view, legal), game, state, seat)
        world = game.sample(view, rng)
        assert bot.act(game.observe(world, seat), game.legal_actions(world), rng) == action
        checked += 1
    assert checked > 50


def _rewrite(path: Path, to: Path, **changes: Any) -> Path:
    with np.load(path, allow_pickle=False) as archive:
        arrays = {k: archive[k] for k in archive.files}
    arrays.update({k: np.asarray(v) for k, v in changes.items()})
    with to.open("wb") as f:
        np.savez(f, **arrays)
    return to


def test_a_file_of_another_game_size_version_or_algorithm_is_refused_in_one_line(trained: Any, tmp_path: Path) -> None:
    game = registry.get_game("smear")
    path = trained["dqn"][0]
    seep = tmp_path / "seep_dqn.npz"
    assert openspiel_train.main(["seep", "--algo", "dqn", "--hands", "1", "--hidden", "8", "--save", str(seep)]) == 0
    w0 = np.zeros((16, 600), np.float32)
    cases = {
        seep: f"dqn:{seep}: trained on seep, not smear",
        _rewrite(path, tmp_path / "size.npz", observation_size=600, w0=w0): "trained on observations of size 600, "
        "smear's are of size 601",
        _rewrite(path, tmp_path / "v0.npz", environment="smear_v0"): "trained on the environment smear_v0, "
        "this cardtable's is smear_v1",
        trained["nfsp"][0]: "a saved nfsp policy, not dqn",
        _rewrite(path, tmp_path / "cut.npz", w1=np.zeros((69, 15), np.float32)): "layer 1 does not fit",
    }
    for file, said in cases.items():
        with pytest.raises(BadRules) as e:
            agents.dqn_bot(game, str(file))
        assert said in str(e.value) and str(e.value).startswith(f"dqn:{file}: ") and "\n" not in str(e.value)


def test_a_missing_or_malformed_path_is_refused_in_one_line(tmp_path: Path) -> None:
    game = registry.get_game("smear")
    junk = tmp_path / "junk.npz"
    junk.write_bytes(b"not an archive")
    other = tmp_path / "other.npz"
    np.savez(other, format=np.array("something else"))
    for spec, said in [
        (f"dqn:{tmp_path / 'missing.npz'}", "no such file"),
        (f"nfsp:{junk}", "not a saved DQN or NFSP policy"),
        (f"dqn:{other}", "not a saved DQN or NFSP policy"),
        (f"nfsp:{tmp_path}", "no such file"),
    ]:
        algo, _, level = spec.partition(":")
        with pytest.raises(BadRules, match=said) as e:
            FACTORIES[algo](game, level)
        assert "\n" not in str(e.value)
    with pytest.raises(BadRules, match="expected the path of a saved policy"):
        agents.dqn_bot(game, "")
    done = _sim(tmp_path, "--bots", f"nfsp:{junk},rule", "--deals", "1", "--no-records")
    assert done.returncode == 2
    assert done.stderr == f"cardtable sim: nfsp:{junk}: not a saved DQN or NFSP policy (ValueError)\n"
    done = _sim(tmp_path, "--bots", f"dqn:{tmp_path / 'missing.npz'},rule", "--deals", "1", "--no-records")
    assert done.returncode == 2 and done.stderr == f"cardtable sim: dqn:{tmp_path / 'missing.npz'}: no such file\n"


def test_the_training_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "runs" / "smear_nfsp.npz"
    argv = ["smear", "--algo", "nfsp", "--hands", "2", "--seed", "2", "--hidden", "8,8", "--save", str(path)]
    assert openspiel_train.main(argv) == 0
    said = json.loads(capsys.readouterr().out)
    assert said["saved"] == str(path) and said["hands"] == 2 and said["settings"]["hidden"] == [8, 8]
    policy = netfile.load(str(path), "nfsp", "smear")
    assert policy.training["seed"] == 2 and [w.shape for w, _ in policy.layers] == [(8, 601), (8, 8), (69, 8)]
    assert openspiel_train.main(["nogame", "--algo", "dqn", "--hands", "1", "--save", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("cardtable.rl.openspiel_train: ") and err.count("\n") == 1
    for bad in (["--hidden", "8,x"], []):
        with pytest.raises(SystemExit) as stop:
            openspiel_train.main(["smear", "--algo", "dqn", "--save", str(path), *bad])
        assert stop.value.code == 2


def test_the_package_declares_both_bots() -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["entry-points"]["cardtable.bots"]
    assert declared["dqn"] == "cardtable.rl.agents:dqn_bot" and declared["nfsp"] == "cardtable.rl.agents:nfsp_bot"


@pytest.mark.parametrize("algo", ALGOS)
def test_a_run_of_so_many_hands_is_played_again_from_its_seed(algo: str, trained: Any) -> None:
    """``--hands`` and ``--seed`` give the same network again (the runs of docs/rl.md are
    reproduced so), and another seed another one."""
    first = trained[algo][1][0]
    again, _ = openspiel_train.train("smear", _tiny(algo), seed=3, hands=12)
    other, _ = openspiel_train.train("smear", _tiny(algo), seed=4, hands=12)
    layers = [openspiel_train.acting_layers(algo, a) for a in (first, again[0], other[0])]
    same = all(np.array_equal(x, y) for (x, _), (y, _) in zip(layers[0], layers[1], strict=True))
    differ = any(not np.array_equal(x, y) for (x, _), (y, _) in zip(layers[0], layers[2], strict=True))
    assert same and differ

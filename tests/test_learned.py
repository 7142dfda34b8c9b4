"""The learned bot: trained for a few steps on the batch (`cardtable train`), written as plain
arrays with a description, loaded by numpy alone with its encoding's version checked, played from
a seat's view only; and the paired duel it is measured by. No test here judges its strength.

Training needs the ``train`` extra (torch); without it these skip, and fail in CI."""

from __future__ import annotations

import importlib.util
import json
import os
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from cardtable import registry
from cardtable.bots import make_bot
from cardtable.bots.learned import FORMAT, LearnedBot, load, version
from cardtable.cli import main
from cardtable.core import CHANCE, BadRules

if importlib.util.find_spec("torch") is None:  # pragma: no cover
    if os.environ.get("CI"):
        pytest.fail("torch (the train extra) is required in CI but was not found", pytrace=False)
    pytest.skip("torch (the train extra) not found", allow_module_level=True)

from cardtable.learned.duel import duel, play
from cardtable.learned.train import Settings, Trainer, arrays

from .test_bot_inputs import leaks

TINY = {"tables": 64, "imitate": 2, "updates": 2, "steps": 12, "hidden": [16], "eval_every": 2, "eval_deals": 16}


@pytest.fixture(scope="module")
def trained(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Trainer]:
    out = tmp_path_factory.mktemp("smear-run")
    trainer = Trainer(Settings(game="smear", seed=3, **TINY), out, command="cardtable train smear (test)")
    trainer.run(lambda text, keep=False: None)
    return out, trainer


def _hands(game: Any, bots: list[Any], hands: int, seed: int, check: Any = None) -> int:
    """Play ``hands`` random deals with a bot at each seat, each action legal (and given to
    ``check(view, legal, action)`` when there is one); the number of decisions."""
    rng = random.Random(seed)
    decisions = 0
    for hand in range(hands):
        state = game.start(hand % game.seats)
        while (seat := game.actor(state)) is not None:
            if seat == CHANCE:
                state = game.apply(state, game.deal(state, rng))
                continue
            legal = game.legal_actions(state)
            view = game.observe(state, seat)
            action = bots[seat].act(view, legal, rng)
            assert action in legal
            if check is not None:
                check(view, legal, action)
            state = game.apply(state, action)
            decisions += 1
    return decisions


def test_a_run_writes_its_curve_checkpoint_and_policy(trained: tuple[Path, Trainer]) -> None:
    out, _ = trained
    assert {p.name for p in out.iterdir()} >= {"checkpoint.pt", "curve.jsonl", "policy.npz", "policy.json"}
    curve = [json.loads(line) for line in (out / "curve.jsonl").read_text().splitlines()]
    assert [p["imitation_updates"] for p in curve] == [2, 2] and [p["ppo_updates"] for p in curve] == [0, 2]
    assert all(p["deals"] == 16 and p["ci_low"] <= p["mean"] <= p["ci_high"] for p in curve)
    meta = json.loads((out / "policy.json").read_text())
    assert meta["format"] == FORMAT and meta["game"] == "smear" and meta["version"] == version("smear")
    assert meta["trained"]["seed"] == 3 and meta["trained"]["ppo_updates"] == 2
    with np.load(out / "policy.npz", allow_pickle=False) as data:
        assert sorted(data.files) == ["b0", "bp", "bv", "w0", "wp", "wv"]


def test_numpy_serves_what_torch_trained(trained: tuple[Path, Trainer]) -> None:
    """The numpy forward pass gives the torch network's logits and value."""
    import torch

    out, trainer = trained
    net = load(out / "policy", "smear")
    obs = np.random.default_rng(0).integers(0, 2, (32, trainer.obs_size)).astype(np.int8)
    logits, value = net.forward(obs)
    with torch.no_grad():
        t_logits, t_value = trainer.net(torch.from_numpy(obs.astype(np.float32)))
    assert np.allclose(logits, t_logits.numpy(), atol=1e-5) and np.allclose(value, t_value.numpy(), atol=1e-5)
    assert set(arrays(trainer.net)) == {"w0", "b0", "wp", "bp", "wv", "bv"}


def test_resuming_goes_on_from_the_checkpoint(trained: tuple[Path, Trainer], tmp_path: Path) -> None:
    out, _ = trained
    for name in ("checkpoint.pt", "curve.jsonl"):
        (tmp_path / name).write_bytes((out / name).read_bytes())
    more = Trainer(Settings(game="smear", seed=3, **{**TINY, "updates": 3}), tmp_path, resume=True)
    assert (more.imitated, more.updates) == (2, 2)
    more.run(lambda text, keep=False: None)
    assert (more.imitated, more.updates) == (2, 3)
    said = json.loads((tmp_path / "policy.json").read_text())["trained"]["commands"]
    assert said == ["cardtable train smear (test)", ""]
    assert len((tmp_path / "curve.jsonl").read_text().splitlines()) == 3
    with pytest.raises(BadRules, match="another game or network shape"):
        Trainer(Settings(game="smear", seed=3, **{**TINY, "hidden": [8]}), tmp_path, resume=True)


def test_the_learned_bot_plays_legal_actions_by_name(trained: tuple[Path, Trainer]) -> None:
    out, _ = trained
    game = registry.get_game("smear")
    bots = [make_bot(game, f"learned:{out / 'policy'}") for _ in range(2)] + [make_bot(game, "rule")] * 2
    assert bots[0].name == "learned:policy"
    assert _hands(game, [bots[0], bots[2], bots[1], bots[3]], 6, 1) > 30


def test_the_learned_bot_sees_only_its_seat(trained: tuple[Path, Trainer]) -> None:
    """As every bot (tests/test_bot_inputs.py): nothing reachable from it holds the true state or a
    hidden hand, and a world with the hidden cards dealt anew gets the same action."""
    out, _ = trained
    game = registry.get_game("smear")
    bot = make_bot(game, f"learned:{out / 'policy'}")
    rng = random.Random(5)
    checked = 0
    for hand in range(4):
        state = game.start(hand % game.seats)
        while (seat := game.actor(state)) is not None:
            if seat == CHANCE:
                state = game.apply(state, game.deal(state, rng))
                continue
            legal = list(game.legal_actions(state))
            view = game.observe(state, seat)
            assert not leaks((bot, view, legal), game, state, seat)
            action = bot.act(view, legal, rng)
            assert not leaks((bot, view, legal), game, state, seat)
            world = game.sample(view, random.Random(checked))
            assert bot.act(game.observe(world, seat), list(game.legal_actions(world)), rng) == action
            checked += 1
            state = game.apply(state, action)
    assert checked > 30


def _copy(out: Path, tmp_path: Path, **meta: Any) -> Path:
    (tmp_path / "p.npz").write_bytes((out / "policy.npz").read_bytes())
    data = json.loads((out / "policy.json").read_text())
    data.update(meta)
    (tmp_path / "p.json").write_text(json.dumps(data))
    return tmp_path / "p"


def test_a_policy_of_another_encoding_or_game_is_refused_in_one_line(
    trained: tuple[Path, Trainer], tmp_path: Path
) -> None:
    out, _ = trained
    with pytest.raises(BadRules, match=r"observation v0, today's is v1: train it again"):
        load(_copy(out, tmp_path, version=0), "smear")
    with pytest.raises(BadRules, match="trained for 'smear', not 'sheepshead'"):
        load(out / "policy", "sheepshead")
    with pytest.raises(BadRules, match="sizes are not today's"):
        load(_copy(out, tmp_path, obs_size=600), "smear")
    with pytest.raises(BadRules, match="not a learned policy's description"):
        load(_copy(out, tmp_path, format="other/1"), "smear")
    (tmp_path / "p.json").unlink()
    with pytest.raises(BadRules, match=r"no p.json beside it"):
        load(tmp_path / "p", "smear")
    game = registry.get_game("smear")
    with pytest.raises(BadRules, match=r"learned policy p\.npz"):
        make_bot(game, f"learned:{tmp_path / 'p'}")


def test_weights_that_would_run_code_are_refused(trained: tuple[Path, Trainer], tmp_path: Path) -> None:
    """An .npz holding a pickled object is not loaded (``allow_pickle=False``); nor a wrong shape."""
    out, _ = trained
    stem = _copy(out, tmp_path)
    with np.load(out / "policy.npz", allow_pickle=False) as data:
        good = {k: data[k] for k in data.files}
    np.savez(tmp_path / "p.npz", **{**good, "w0": np.array([{"run": "code"}], dtype=object)})
    with pytest.raises(BadRules, match="not readable weights"):
        load(stem, "smear")
    np.savez(tmp_path / "p.npz", **{**good, "wp": good["wp"][:, :5]})
    with pytest.raises(BadRules, match="array wp missing or not of shape"):
        load(stem, "smear")


def test_a_game_with_no_shipped_policy_is_refused_in_one_line(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    import cardtable.bots.learned as learned

    monkeypatch.setattr(learned, "SHIPPED", tmp_path)  # a release that ships none
    with pytest.raises(BadRules, match="no learned policy is shipped for seep"):
        make_bot(registry.get_game("seep"), "learned")


def test_the_duel_pairs_the_deals(trained: tuple[Path, Trainer]) -> None:
    """Each deal is played under both arrangements with the same cards: the rule-based bot against
    itself comes out exactly even on every deal, and a policy's figure is the mean of its pairs."""
    out, _ = trained
    net = load(out / "policy", "smear")
    scores = play("smear", ("learner", "rule", "learner", "rule"), {"learner": None, "rule": None}, 24, 5)
    swapped = play("smear", ("rule", "learner", "rule", "learner"), {"learner": None, "rule": None}, 24, 5)
    assert np.array_equal(scores, swapped) and scores.shape == (24, 4)
    result = duel("smear", net.greedy, 24, 5)
    assert result.diffs.shape == (24,) and np.isfinite(result.half)
    mine = play("smear", ("learner", "rule", "learner", "rule"), {"learner": net.greedy, "rule": None}, 24, 5)
    theirs = play("smear", ("rule", "learner", "rule", "learner"), {"learner": net.greedy, "rule": None}, 24, 5)
    by_hand = ((mine[:, 0] - mine[:, 1]) + (theirs[:, 1] - theirs[:, 0])) / 2
    assert np.allclose(result.diffs, by_hand)


def test_cardtable_train_refuses_bad_settings_in_one_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["train", "smear", "--out", str(tmp_path), "--hidden", "16,x"]) == 2
    assert "expected layer sizes" in capsys.readouterr().err
    for bad, said in (("--minutes", "invalid minutes"), ("--self-share", "invalid share")):
        with pytest.raises(SystemExit):
            main(["train", "smear", "--out", str(tmp_path), bad, "nan"])
        assert said in capsys.readouterr().err
    assert main(["train", "smear", "--out", str(tmp_path / "none"), "--resume"]) == 2
    assert "no checkpoint" in capsys.readouterr().err
    assert main(["train", "seep", "--out", str(tmp_path / "r"), "--rollouts", "2"]) == 2
    assert "--rollouts needs --prior" in capsys.readouterr().err
    assert main(["train", "smear", "--out", str(tmp_path / "r"), "--rollouts", "2", "--prior", "1"]) == 2
    assert "cannot value moves by playouts" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["train", "smear", "--out", str(tmp_path), "--lr", "-1"])
    assert "invalid learning rate" in capsys.readouterr().err


def test_sheepshead_trains_on_the_rule_based_bot_over_the_batch(tmp_path: Path) -> None:
    """The rule-based bot over the batch gives every decision of a Sheepshead hand (the pick, the
    bury, the call, a crack and the play), so a run imitates it from the auction on and measures
    itself against it."""
    trainer = Trainer(
        Settings(game="sheepshead", seed=4, **TINY), tmp_path, command="cardtable train sheepshead (test)"
    )
    trainer.run(lambda text, keep=False: None)
    curve = [json.loads(line) for line in (tmp_path / "curve.jsonl").read_text().splitlines()]
    assert [p["imitation_updates"] for p in curve] == [2, 2] and [p["ppo_updates"] for p in curve] == [0, 2]
    assert json.loads((tmp_path / "policy.json").read_text())["game"] == "sheepshead"


def test_the_bot_takes_no_random_number(trained: tuple[Path, Trainer]) -> None:
    out, _ = trained
    game = registry.get_game("smear")
    bot = make_bot(game, f"learned:{out / 'policy'}")
    assert isinstance(bot, LearnedBot)
    state = game.start(0)
    state = game.apply(state, game.deal(state, random.Random(2)))
    view, legal = game.observe(state, game.actor(state)), game.legal_actions(state)
    assert len({bot.act(view, legal, random.Random(k)) for k in range(5)}) == 1


def test_the_bot_at_a_table_plays_what_the_batch_measured(trained: tuple[Path, Trainer]) -> None:
    """The policy played over the batch (as the duels and training measure it) and the bot played
    by the engine from each seat's view choose the same actions: every hand the batch played with
    the greedy policy at every seat, replayed from its record, gets the bot's own choice at every
    decision."""
    from cardtable.batch import Batch
    from cardtable.record import Record, replay

    out, _ = trained
    net = load(out / "policy", "smear")
    batch = Batch("smear", 24, seed=11, auto_reset=False)
    while (batch.to_play >= 0).any():
        seats = batch.to_play
        batch.step(np.where(seats >= 0, net.greedy(batch.observe(seats), batch.legal_mask()), 0))
    game = registry.get_game("smear")
    bot = LearnedBot(game, net)
    checked = 0
    for obj in batch.finished_records():
        record = Record.from_json(obj)
        before = None
        for step in replay(record, game):
            if step.action is not None and before is not None:
                seat = game.actor(before)
                legal = game.legal_actions(before)
                chosen = bot.act(game.observe(before, seat), legal, random.Random(0))
                given = record.hands[step.hand].actions[step.action]  # "SEAT ACTION"
                assert f"{seat} {game.format(chosen)}" == given
                checked += 1
            before = step.state
    assert checked > 24 * 20


def test_the_shipped_smear_policy_loads_and_says_how_it_was_made() -> None:
    """The policy shipped for Smear passes every check of today's encoding (a change to the
    observation without training it again fails here) and names the command that made it."""
    game = registry.get_game("smear")
    bot = make_bot(game, "learned")
    assert bot.name == "learned"
    meta = bot.net.meta  # type: ignore[attr-defined]
    assert all(c.startswith("cardtable train smear ") for c in meta["trained"]["commands"])
    assert meta["trained"]["seed"] == 1
    assert _hands(game, [bot, make_bot(game, "rule")] * 2, 2, 4) > 10


def test_a_run_is_repeated_by_its_seed(trained: tuple[Path, Trainer], tmp_path: Path) -> None:
    """The same settings and seed give the same weights (one torch thread, seeded batches)."""
    out, _ = trained
    again = Trainer(Settings(game="smear", seed=3, **TINY), tmp_path, command="again")
    again.run(lambda text, keep=False: None)
    with np.load(out / "policy.npz", allow_pickle=False) as a, np.load(tmp_path / "policy.npz") as b:
        assert all(np.array_equal(a[k], b[k]) for k in a.files)


def _imitation_data(game: str, tmp_path: Path) -> tuple[Trainer, dict[str, Any]]:
    """The decisions of the rule-based bot at every seat of 48 tables for 160 steps, as the
    imitation learns from them: observation, mask, the bot's token, the hand's return."""
    trainer = Trainer(Settings(game=game, seed=2, tables=48, steps=160, hidden=[16]), tmp_path)
    trainer.ep_id = np.arange(48, dtype=np.int64)
    trainer.next_ep = 48
    done, _going = trainer._returns(trainer._episodes(lambda rows, seats: None))
    return trainer, done


@pytest.mark.parametrize("game", ["seep", "smear"])
def test_the_imitation_targets_are_the_rule_bots_and_its_values_are_in_units(game: str, tmp_path: Path) -> None:
    """What the imitation learns can be learned: each decision's token is legal in its own row's
    mask, two decisions that look the same to the network (observation and mask) get the same
    token, and the value's targets (the returns over the game's ``RETURN_SCALE``) spread about
    one unit, so the value's squared error weighs as much as the policy's cross-entropy in the
    layers they share (in Seep's points, about 44 either way, it drowned the policy: imitation
    stalled at 0.38 agreement)."""
    trainer, done = _imitation_data(game, tmp_path)
    n = len(done["tok"])
    assert n > 1000
    assert done["mask"][np.arange(n), done["tok"]].all()
    seen: dict[bytes, int] = {}
    for k in range(n):
        key = done["obs"][k].tobytes() + np.packbits(done["mask"][k]).tobytes()
        assert seen.setdefault(key, int(done["tok"][k])) == done["tok"][k]
    spread = float((done["ret"] / trainer.scale).std())
    assert 0.2 < spread < 5, spread


def test_the_served_value_is_in_points_whatever_its_training_scale(tmp_path: Path) -> None:
    """Seep's value head is trained on returns over its ``RETURN_SCALE``; the weights written
    for numpy give the value in points (the torch head's output times the scale)."""
    import torch

    from cardtable.learned.train import return_scale

    assert return_scale("seep") > 1 and return_scale("smear") == 1
    trainer = Trainer(Settings(game="seep", seed=2, tables=8, hidden=[16]), tmp_path)
    trainer.export(tmp_path / "policy")
    net = load(tmp_path / "policy", "seep")
    obs = np.random.default_rng(0).integers(0, 2, (16, trainer.obs_size)).astype(np.int8)
    logits, value = net.forward(obs)
    with torch.no_grad():
        t_logits, t_value = trainer.net(torch.from_numpy(obs.astype(np.float32)))
    assert np.allclose(logits, t_logits.numpy(), atol=1e-5)
    assert np.allclose(value, t_value.numpy() * return_scale("seep"), rtol=1e-5, atol=1e-4)


@pytest.fixture(scope="module")
def prior_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A Seep run that starts from the rule-based bot's play with a weight no logit reaches."""
    out = tmp_path_factory.mktemp("seep-prior")
    settings = Settings(game="seep", seed=5, prior=50.0, **{**TINY, "imitate": 0, "eval_deals": 12})
    Trainer(settings, out, command="cardtable train seep --prior 50 (test)").run(lambda text, keep=False: None)
    return out


def test_a_policy_with_a_prior_starts_as_the_rule_based_bot(prior_run: Path) -> None:
    """With the rule-based bot's token given a weight the network's logits do not reach, the
    policy over the batch is the rule-based bot, token for token: every paired deal comes out
    exactly even. Its file says what it starts from."""
    curve = [json.loads(line) for line in (prior_run / "curve.jsonl").read_text().splitlines()]
    assert curve and all(p["mean"] == 0.0 and p["ci_low"] == p["ci_high"] == 0.0 for p in curve)
    meta = json.loads((prior_run / "policy.json").read_text())
    assert meta["prior"] == {"bot": "rule", "weight": 50.0}
    net = load(prior_run / "policy", "seep")
    assert net.prior == 50.0
    assert np.all(duel("seep", net.greedy, 12, 8).diffs == 0.0)
    with pytest.raises(ValueError, match="give them"):
        net.greedy(np.zeros((1, net.hidden[0][0].shape[0]), np.int8), np.ones((1, net.wp.shape[1]), np.bool_))


def test_the_bot_with_a_prior_plays_the_rule_based_bots_moves(prior_run: Path) -> None:
    """Served from a seat's view, the same policy plays the rule-based bot's move (its choice
    among the moves still open at every token) at every decision of random Seep hands."""
    game = registry.get_game("seep")
    bot = make_bot(game, f"learned:{prior_run / 'policy'}")
    assert isinstance(bot, LearnedBot) and bot.rule is not None
    from cardtable.bots import rule_bot

    ruler = rule_bot(game)
    chose: list[int] = []

    def same_as_the_rule_bot(view: Any, legal: Any, action: Any) -> None:
        assert action == ruler.act(view, legal, random.Random(0))
        chose.append(len(legal) > 1)

    _hands(game, [bot] * 4, 4, 6, same_as_the_rule_bot)
    assert sum(chose) > 80


def test_a_prior_not_of_the_known_shape_is_refused(prior_run: Path, tmp_path: Path) -> None:
    for prior, said in (({"bot": "search", "weight": 2}, "not"), ({"bot": "rule", "weight": -1}, "0 to 100")):
        with pytest.raises(BadRules, match=f"prior.*{said}"):
            load(_copy(prior_run, tmp_path, prior=prior), "seep")


def test_the_policy_with_a_prior_over_arrays_gives_the_rule_based_bots_tokens(prior_run: Path) -> None:
    """Over a batch's tables (the search's playouts), the same policy gives the rule-based bot's
    token at every row, step after step."""
    from cardtable.batch import Batch
    from cardtable.learned.duel import rule_chooser

    game = registry.get_game("seep")
    bot = LearnedBot(game, load(prior_run / "policy", "seep"))
    batch = Batch("seep", 16, seed=3, auto_reset=False)
    policy = bot.over_arrays(batch.tables)
    assert policy is not None
    rule = rule_chooser(batch)
    mine, theirs = np.zeros(16, np.int64), np.zeros(16, np.int64)
    steps = 0
    while (batch.to_play >= 0).any():
        policy(mine)
        rule(theirs)
        assert np.array_equal(mine, theirs)
        batch.step(np.where(batch.to_play >= 0, theirs, 0))
        steps += 1
    assert steps > 50


def test_the_rollout_stage_learns_where_a_head_beats_the_bots(tmp_path: Path) -> None:
    """The rollout stage (``--rollouts``, Seep): it values the heads of many decisions by playouts,
    the best of them on average above the bot's own (the hands as they lay); a run counts its
    rollout updates in its curve and its file, and with a weight no logit reaches its policy is
    still the rule-based bot's (every paired deal even)."""
    settings = Settings(game="seep", seed=6, prior=50.0, rollouts=2, **{**TINY, "imitate": 0, "updates": 0})
    trainer = Trainer(settings, tmp_path, command="cardtable train seep --rollouts 2 (test)")
    gain, valued = trainer.rollout_round()
    assert valued > 50 and gain > 0
    assert trainer.samples > valued
    trainer.rolled = 1
    trainer.run(lambda text, keep=False: None)
    curve = [json.loads(line) for line in (tmp_path / "curve.jsonl").read_text().splitlines()]
    assert [p["rollout_updates"] for p in curve] == [2] and curve[0]["mean"] == 0.0
    meta = json.loads((tmp_path / "policy.json").read_text())
    assert meta["trained"]["rollout_updates"] == 2 and meta["prior"]["weight"] == 50.0
    # the calibration bench reads the policy's ratings beside the gains (a smoke run)
    spec = importlib.util.spec_from_file_location(
        "calibration", Path(__file__).parents[1] / "bench/learned_calibration.py"
    )
    assert spec is not None and spec.loader is not None
    bench = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench)
    result = bench.measure(str(tmp_path / "policy"), "seep", 16, 30, 3)
    assert result["heads"] > 50 and sum(b["heads"] for b in result["bands"]) == result["heads"]
    assert result["best_head_over_the_bots"] > 0


def test_a_factored_head_is_served_as_plain_logits(tmp_path: Path) -> None:
    """With ``--factored`` a token's logit is the sum of its words' (its kind, card, rank and
    suit), learned across tokens; numpy serves it as the same ``x @ wp + bp``, giving torch's
    logits, and a run cannot be resumed with the other head."""
    import torch

    from cardtable.bots.learned import encoder
    from cardtable.learned.train import token_features

    names = tuple(encoder("seep").names)
    feats = token_features(names)
    at = {n: i for i, n in enumerate(names)}
    shared = feats[at["throw 7C"]] * feats[at["capture 7S"]]  # the rank 7, nothing else
    assert shared.sum() == 1.0 and (feats[at["throw 7C"]] * feats[at["throw 7S"]]).sum() == 3.0
    assert feats[at["end"]].sum() == 1.0 and len({tuple(r) for r in feats}) == len(names)
    settings = Settings(game="seep", seed=2, factored=True, **{**TINY, "imitate": 1, "updates": 0, "eval_every": 1})
    trainer = Trainer(settings, tmp_path, command="cardtable train seep --factored (test)")
    trainer.run(lambda text, keep=False: None)
    net = load(tmp_path / "policy", "seep")
    obs = np.random.default_rng(1).integers(0, 2, (16, trainer.obs_size)).astype(np.int8)
    logits, _ = net.forward(obs)
    with torch.no_grad():
        t_logits, _ = trainer.net(torch.from_numpy(obs.astype(np.float32)))
    assert np.allclose(logits, t_logits.numpy(), atol=1e-4)
    with pytest.raises(BadRules, match="--factored"):
        Trainer(Settings(game="seep", seed=2, **{**TINY, "imitate": 1, "updates": 0}), tmp_path, resume=True)

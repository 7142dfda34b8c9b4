"""Training a learned policy on the batched engine: ``cardtable train GAME`` (PyTorch on CPU).

Two stages, on B tables stepped at once (`cardtable.batch.Batch`):

1. **Imitation.** The rule-based bot plays every seat (its kernels over the batch); the network
   learns its token at every decision with a choice (cross-entropy over the legal tokens), and its
   value head learns each decision's outcome: the points of the acting seat's side over the other
   side's, for the hand.
2. **PPO.** At each table the learner holds the seats of one side of an arrangement (in Smear a
   partnership), the rule-based bot (or, at a share of the tables, an earlier copy of the learner)
   the others. A decision's return is the hand's points of the learner's side over the other's;
   its advantage that return less the value, and the clipped PPO objective with the value head
   and an entropy bonus. Decisions with one legal token are not learned from.

**A prior.** With ``prior`` W above 0, W is added to the logit of the token the rule-based bot
would give next (its kernels over the batch, at every row and step): the policy starts as the
rule-based bot's play, softened, and PPO learns where to leave it; imitation is then not needed
(``--imitate 0``). The policy file says so (``"prior"``), and `cardtable.bots.learned` adds the
same weight to the rule-based bot's token when it plays.

**Learning from every move played out** (``rollouts``, with a prior; a game whose batch tables
have ``move_values``, `cardtable.batch.protocol.MOVE_VALUES`). Updates between the two stages in
which the rule-based bot plays every seat and each head token of each decision is played out on
the same cards (`Trainer.rollout_round`): the logits learn what each head gains over the
position's others, where PPO's return mixes every decision of a hand with the luck of the deal.

The value head learns the returns divided by the game's ``environment.RETURN_SCALE`` (the size
of a typical hand's return; 1 where the game gives none), so that its loss stays as large as the
policy's cross-entropy in every game: in points, a Seep hand's return (about 44 points either
way) would give a squared error of thousands, and its gradients through the shared layers would
drown the policy's. The exported value head is multiplied back: the served value is in points.

After every few updates the greedy policy, as numpy serves it (`cardtable.bots.learned`), plays
the rule-based bot on paired duplicate deals (`cardtable.learned.duel`, the same deals each time),
and a line is added to ``curve.jsonl`` (in imitation with the agreement since the line before:
the share of the decisions learned from where the network's most likely token was the bot's).
``checkpoint.pt`` lets a run go on where it stopped (``--resume``); ``policy.npz`` and
``policy.json`` are the policy to play (``--bots learned:DIR/policy``) or to ship.
"""

from __future__ import annotations

import json
import math
import shlex
import sys
import time
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from cardtable import registry
from cardtable.batch import Batch
from cardtable.batch.protocol import MOVE_VALUES
from cardtable.bots import rule_bot
from cardtable.bots.learned import FORMAT, Network, encoder, version
from cardtable.cards import parse_card, rank_of, suit_of
from cardtable.core import BadRules
from cardtable.learned.duel import LEARNER, RULE, duel, rule_chooser
from cardtable.progress import duration, on_terminal
from cardtable.sim import arrangements

Ints = npt.NDArray[np.int64]


@dataclass
class Settings:
    """What a run is told: its game, seed, budget and the shape of its network and updates."""

    game: str
    seed: int = 1
    hidden: list[int] = field(default_factory=lambda: [256, 256])
    tables: int = 1024
    imitate: int = 300
    updates: int = 200
    minutes: float | None = None
    steps: int = 24
    lr: float = 1e-3
    imitate_minibatch: int = 512
    imitate_epochs: int = 2
    ppo_lr: float = 1e-4
    epochs: int = 3
    minibatch: int = 4096
    clip: float = 0.2
    entropy: float = 0.003
    value_coef: float = 0.5
    self_share: float = 0.25
    refresh: int = 20
    eval_every: int = 25
    eval_deals: int = 2000
    eval_seed: int = 99
    prior: float = 0.0
    rollouts: int = 0
    factored: bool = False
    most_moves: int = 64  # the most head tokens a decision of the rollout stage values


def return_scale(game: str) -> float:
    """What the value head's targets are divided by in training: ``game``'s
    ``environment.RETURN_SCALE`` (the size of a typical hand's return), 1 if it gives none."""
    env = registry.part(game, "environment")
    scale = float(getattr(env, "RETURN_SCALE", 1.0)) if env is not None else 1.0
    if not scale > 0:
        raise BadRules(f"{game}: its RETURN_SCALE must be above zero")
    return scale


def _torch() -> Any:
    try:
        import torch
    except ImportError:
        raise BadRules("cardtable train needs PyTorch: pip install 'cardtable[train,batch]'") from None
    torch.set_num_threads(1)
    return torch


def token_features(names: tuple[str, ...]) -> npt.NDArray[np.float32]:
    """Each token's features for a factored policy head (`make_net`): each word of its name, and
    for each word that names a card (a leading ``+`` aside) the card's rank and suit and the first
    word with the rank (``throw`` with a seven). A token's logit is the sum of its features', so
    tokens that share a word share what was learned of it: a throw of the seven of clubs learns
    from the other sevens and the other throws. A (tokens, features) 0/1 array; no game is named."""
    index: dict[str, int] = {}
    rows: list[list[int]] = []
    for name in names:
        words = name.split()
        feats = [f"word {w}" for w in words]
        for w in words:
            try:
                c = parse_card(w.lstrip("+"))
            except ValueError:
                continue
            rank = f"rank {rank_of(c)}"
            feats += [rank, f"suit {suit_of(c)}", f"{words[0]} {rank}"]
        rows.append([index.setdefault(f, len(index)) for f in dict.fromkeys(feats)])
    out = np.zeros((len(names), len(index)), np.float32)
    for t, cols in enumerate(rows):
        out[t, cols] = 1.0
    return out


def make_net(
    torch: Any, obs: int, hidden: list[int], tokens: int, features: npt.NDArray[np.float32] | None = None
) -> Any:
    """The policy and value network: ``hidden`` ReLU layers, a logit per token and a value. With
    ``features`` (`token_features`), the policy head gives a number per feature and a token's
    logit is the sum of its features' (served as the same ``x @ wp + bp``: `arrays`)."""
    nn = torch.nn

    class Net(nn.Module):  # type: ignore[misc,name-defined]
        def __init__(self) -> None:
            super().__init__()
            sizes = [obs, *hidden]
            self.layers = nn.ModuleList(nn.Linear(sizes[i], sizes[i + 1]) for i in range(len(hidden)))
            self.factors = None if features is None else torch.from_numpy(features)
            self.policy = nn.Linear(sizes[-1], tokens if features is None else features.shape[1])
            self.value = nn.Linear(sizes[-1], 1)

        def forward(self, x: Any) -> tuple[Any, Any]:
            for layer in self.layers:
                x = torch.relu(layer(x))
            logits = self.policy(x)
            if self.factors is not None:
                logits = logits @ self.factors.T
            return logits, self.value(x)[:, 0]

    return Net()


def arrays(net: Any, scale: float = 1.0) -> dict[str, npt.NDArray[np.float32]]:
    """The network's weights as the numpy bot reads them (``x @ w + b``), the value head's
    multiplied by ``scale`` (the one its targets were divided by: the value served is in points)."""
    out: dict[str, npt.NDArray[np.float32]] = {}
    for i, layer in enumerate(net.layers):
        out[f"w{i}"] = layer.weight.detach().numpy().T.astype(np.float32).copy()
        out[f"b{i}"] = layer.bias.detach().numpy().astype(np.float32).copy()
    wp = net.policy.weight.detach().numpy().T
    bp = net.policy.bias.detach().numpy()
    if net.factors is not None:  # a token's logit is the sum of its features'
        factors = net.factors.numpy().T
        wp, bp = wp @ factors, bp @ factors
    out["wp"] = wp.astype(np.float32).copy()
    out["bp"] = bp.astype(np.float32).copy()
    out["wv"] = (net.value.weight.detach().numpy().T * scale).astype(np.float32)
    out["bv"] = (net.value.bias.detach().numpy() * scale).astype(np.float32)
    return out


def greedy(net: Network) -> Callable[[npt.NDArray[np.int8], npt.NDArray[np.bool_], Ints], Ints]:
    return net.greedy


class Trainer:
    """One run: the network, its optimiser, the batch, the counts; `run` spends the budget."""

    def __init__(self, settings: Settings, out: Path, resume: bool = False, command: str = "") -> None:
        self.torch = torch = _torch()
        self.s = settings
        self.out = out
        self.command = command
        enc = encoder(settings.game)
        self.obs_size = enc.layout.size
        self.tokens = len(enc.names)
        self.scale = return_scale(settings.game)
        torch.manual_seed(settings.seed)
        features = token_features(tuple(enc.names)) if settings.factored else None
        self.net = make_net(torch, self.obs_size, settings.hidden, self.tokens, features)
        self.opt = torch.optim.Adam(self.net.parameters(), lr=settings.lr)
        self.imitated = 0
        self.rolled = 0
        self.updates = 0
        self.samples = 0
        self.cpu = 0.0
        self.curve: list[dict[str, Any]] = []
        #: The imitation's agreement since the last measure: the decisions where the network's most
        #: likely token was the rule-based bot's (before it learned from them), of those judged.
        self.agreed = 0.0
        self.judged = 0
        #: The commands of the run so far, one per start (a resumed run adds its own).
        self.commands: list[str] = []
        self.returns: dict[int, float] = {}
        self.ep_id = np.zeros(0, np.int64)
        self.next_ep = 0
        if resume:
            self._load()
        self.commands.append(command)
        # a run with no rollout stage draws as runs did before there was one (its commands repeat it)
        counts = [settings.seed, self.imitated, self.updates] + ([self.rolled] if self.rolled else [])
        self.rng = np.random.default_rng(counts)
        seed = settings.seed * 7919 + self.imitated * 31 + self.updates + self.rolled * 104729
        self.batch = Batch(settings.game, settings.tables, seed=seed, keep_records=0)
        self.rule = rule_chooser(self.batch)
        if settings.rollouts and not settings.prior:
            raise BadRules("--rollouts needs --prior: the policy learns where to leave the rule-based bot's move")
        #: The rollout stage's values of moves (`protocol.MOVE_VALUES`), or None where the game has none.
        self._move_values: Callable[[Ints], tuple[Ints, Ints, Any]] | None = None
        if settings.rollouts:
            values = getattr(self.batch.tables, MOVE_VALUES, None)
            bot = rule_bot(registry.get_game(settings.game))
            if values is None or values(bot, np.zeros(0, np.int64), 1) is None:
                raise BadRules(f"{settings.game}'s batch cannot value moves by playouts: no rollout stage")
            most = settings.most_moves
            self._move_values = lambda rows: values(bot, rows, most)
        lineups = arrangements(self.batch.seats, [LEARNER, RULE])
        # each table keeps one arrangement: mine[row, seat] says the learner holds that seat
        self.mine = np.array([[x == LEARNER for x in lineups[r % len(lineups)]] for r in range(settings.tables)])
        self.frozen: Network | None = None
        self.against_self = self.rng.random(settings.tables) < settings.self_share
        #: The rule-based bot's token at every row at the step being played (for the prior).
        self._rule_now: Ints = np.zeros(settings.tables, np.int64)

    # ------------------------------------------------------------------ saving and loading

    def _load(self) -> None:
        path = self.out / "checkpoint.pt"
        if not path.exists():
            raise BadRules(f"--resume: no checkpoint at {path}")
        state = self.torch.load(path, weights_only=True)
        if state["settings"]["game"] != self.s.game or state["settings"]["hidden"] != self.s.hidden:
            raise BadRules(f"--resume: {path} is a run of another game or network shape")
        if bool(state["settings"].get("factored", False)) != self.s.factored:
            raise BadRules(f"--resume: {path} was trained with{'out' if self.s.factored else ''} --factored")
        if float(state["settings"].get("prior", 0.0)) != self.s.prior:
            raise BadRules(f"--resume: {path} was trained with another --prior")
        self.net.load_state_dict(state["net"])
        self.opt.load_state_dict(state["opt"])
        self.imitated, self.updates = int(state["imitated"]), int(state["updates"])
        self.rolled = int(state.get("rolled", 0))
        self.samples, self.cpu = int(state["samples"]), float(state["cpu"])
        self.commands = [str(c) for c in state.get("commands", [])]
        curve = self.out / "curve.jsonl"
        if curve.exists():
            self.curve = [json.loads(line) for line in curve.read_text().splitlines() if line.strip()]

    def save(self) -> None:
        self.out.mkdir(parents=True, exist_ok=True)
        state = {
            "settings": asdict(self.s),
            "net": self.net.state_dict(),
            "opt": self.opt.state_dict(),
            "imitated": self.imitated,
            "rolled": self.rolled,
            "updates": self.updates,
            "samples": self.samples,
            "cpu": self.cpu,
            "commands": self.commands,
        }
        tmp = self.out / "checkpoint.pt.tmp"
        self.torch.save(state, tmp)
        tmp.replace(self.out / "checkpoint.pt")
        self.export(self.out / "policy")

    def meta(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "game": self.s.game,
            "version": version(self.s.game),
            "obs_size": self.obs_size,
            "tokens": self.tokens,
            "hidden": list(self.s.hidden),
            **({"prior": {"bot": "rule", "weight": self.s.prior}} if self.s.prior else {}),
            "trained": {
                "command": self.command,
                "commands": self.commands,
                "seed": self.s.seed,
                "imitation_updates": self.imitated,
                "rollout_updates": self.rolled,
                "ppo_updates": self.updates,
                "samples": self.samples,
                "cpu_minutes": round(self.cpu / 60, 1),
                "settings": asdict(self.s),
            },
            "last_duel": self.curve[-1] if self.curve else None,
        }

    def export(self, stem: Path) -> None:
        stem.parent.mkdir(parents=True, exist_ok=True)
        weights: dict[str, Any] = dict(arrays(self.net, self.scale))
        np.savez_compressed(stem.with_suffix(".npz"), **weights)
        stem.with_suffix(".json").write_text(json.dumps(self.meta(), indent=1) + "\n", encoding="utf-8")

    def network(self) -> Network:
        meta: dict[str, Any] = {"hidden": self.s.hidden}
        if self.s.prior:
            meta["prior"] = {"bot": "rule", "weight": self.s.prior}
        return Network(arrays(self.net, self.scale), meta)

    # ------------------------------------------------------------------ the two stages

    def _forward(
        self, obs: npt.NDArray[np.int8], mask: npt.NDArray[np.bool_], prior: Ints | None = None
    ) -> tuple[Any, Any]:
        torch = self.torch
        logits, value = self.net(torch.from_numpy(obs.astype(np.float32)))
        if self.s.prior and prior is not None:
            at = np.flatnonzero(prior >= 0)
            bonus = torch.zeros_like(logits)
            bonus[torch.from_numpy(at), torch.from_numpy(prior[at])] = self.s.prior
            logits = logits + bonus
        logits = logits.masked_fill(~torch.from_numpy(mask), -1e9)
        return logits, value

    def _position(self, rule_out: Ints) -> tuple[Ints, npt.NDArray[np.bool_], npt.NDArray[np.bool_], Any]:
        """The batch as it stands: the seat to act at each row, where one acts, the legal tokens
        and the acting seat's observation; the rule-based bot's token at each row into
        ``rule_out`` (`BadRules` where it gives none for a seat to act)."""
        b = self.batch
        seats = b.to_play
        acting = seats >= 0
        mask = b.legal_mask()
        obs = b.observe(seats)
        self.rule(rule_out)
        if (rule_out[acting] < 0).any():
            raise BadRules(f"{self.s.game}'s rule-based bot over the batch does not play every decision of a hand")
        return seats, acting, mask, obs

    def _episodes(self, policy_rows: Callable[[Ints, Ints], Ints | None]) -> dict[str, Any]:
        """Step the batch ``steps`` times; ``policy_rows(rows, seats)`` gives the learner's tokens
        at rows where it acts (``None``: the rule-based bot plays every seat). Collects every
        decision with a choice and the return of the episodes that end."""
        b, B = self.batch, self.s.tables
        rule_out = np.zeros(B, np.int64)
        keep: dict[str, list[Any]] = {k: [] for k in ("obs", "mask", "tok", "rule", "ep", "sign", "logp", "val", "own")}
        for _ in range(self.s.steps):
            seats, acting, mask, obs = self._position(rule_out)
            tokens = rule_out.copy()
            self._rule_now = rule_out
            learner_rows = policy_rows(np.flatnonzero(acting), seats)
            chosen = acting & (mask.sum(axis=1) > 1)
            if learner_rows is not None:
                rows, toks, logp, val, own = learner_rows
                tokens[rows] = toks
                pick = np.zeros(B, np.bool_)
                pick[rows] = True
                sel = pick & chosen
                lp = np.zeros(B, np.float32)
                vv = np.zeros(B, np.float32)
                ow = np.zeros(B, np.bool_)
                lp[rows], vv[rows], ow[rows] = logp, val, own
                keep["logp"].append(lp[sel])
                keep["val"].append(vv[sel])
                keep["own"].append(ow[sel])
            else:
                sel = chosen
            idx = np.flatnonzero(sel)
            keep["obs"].append(obs[idx])
            keep["mask"].append(mask[idx])
            keep["tok"].append(tokens[idx])
            keep["rule"].append(rule_out[idx])
            keep["ep"].append(self.ep_id[idx].copy())
            keep["sign"].append(np.where(self.mine[idx, seats[idx]], 1.0, -1.0).astype(np.float32))
            rewards, done = b.step(tokens)
            if b.errors.any():
                raise RuntimeError("a token the mask forbids was given")
            for row in np.flatnonzero(done):
                m = self.mine[row]
                self.returns[int(self.ep_id[row])] = float(rewards[row, m].mean() - rewards[row, ~m].mean())
                self.ep_id[row] = self.next_ep
                self.next_ep += 1
        out = {k: np.concatenate(v) if v else np.zeros(0) for k, v in keep.items()}
        return out

    def _returns(self, data: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
        """Split ``data`` into decisions whose episode has ended (with their return, from the
        acting side's point of view) and those still going (kept for the next round)."""
        eps = data["ep"]
        ended = np.array([int(e) in self.returns for e in eps], np.bool_)
        ret = np.array([self.returns.get(int(e), 0.0) for e in eps], np.float32) * data["sign"]
        done = {k: v[ended] for k, v in data.items() if len(v) == len(eps)}
        done["ret"] = ret[ended]
        going = {k: v[~ended] for k, v in data.items() if len(v) == len(eps)}
        return done, going

    def _carry(self, going: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
        if not going or len(going["ep"]) == 0:
            return data
        return {k: np.concatenate([going[k], data[k]]) for k in data if k in going}

    def _prune(self) -> None:
        live = set(int(e) for e in self.ep_id)
        low = min(live)
        self.returns = {e: r for e, r in self.returns.items() if e >= low - 1}

    def imitation_round(self, going: dict[str, Any]) -> tuple[float, float, dict[str, Any]]:
        torch = self.torch
        data = self._carry(going, self._episodes(lambda rows, seats: None))
        done, going = self._returns(data)
        self._prune()
        n = len(done["tok"])
        if n == 0:
            return 0.0, 0.0, going
        agree = 0.0
        loss_sum = 0.0
        batches = [
            order[start : start + self.s.imitate_minibatch]
            for _ in range(self.s.imitate_epochs)
            for order in [self.rng.permutation(n)]
            for start in range(0, n, self.s.imitate_minibatch)
        ]
        for i in batches:
            logits, value = self._forward(done["obs"][i], done["mask"][i], done["rule"][i])
            tok = torch.from_numpy(done["tok"][i])
            ce = torch.nn.functional.cross_entropy(logits, tok)
            vloss = ((value - torch.from_numpy(done["ret"][i] / self.scale)) ** 2).mean()
            loss = ce + self.s.value_coef * vloss
            self.opt.zero_grad()
            loss.backward()
            self.opt.step()
            agree += float((logits.argmax(dim=1) == tok).float().sum())
            loss_sum += float(ce.detach()) * len(i)
        self.samples += n
        self.agreed += agree
        self.judged += n * self.s.imitate_epochs
        return agree / (n * self.s.imitate_epochs), loss_sum / (n * self.s.imitate_epochs), going

    def rollout_round(self) -> tuple[float, float]:
        """One update of the rollout stage: the rule-based bot plays every seat of the batch for
        ``steps`` steps; at each start of a move with a choice, each head token's move is played
        out by the bot at every seat from the position as it truly lies (the game's
        ``move_values``), and the policy's logit of each head learns its outcome less the mean of
        that position's heads, in the value head's scale (the logits of two heads then differ by
        what one is expected to gain over the other, from what the seat sees); at every other
        decision with a choice (a bid, a move's later tokens) the logits learn 0, so the prior
        keeps the bot's token. With the prior W, the greedy policy leaves the bot's head where it
        expects another to gain more than W. The value head learns the outcome of the bot's move.
        Gives the mean gain the best head would have had over the bot's, the hands as they lay,
        and the decisions valued."""
        torch = self.torch
        assert self._move_values is not None
        b, B, T = self.batch, self.s.tables, self.tokens
        rule_out = np.zeros(B, np.int64)
        keep: dict[str, list[Any]] = {k: [] for k in ("obs", "mask", "target", "valued", "base", "ahead")}
        for _ in range(self.s.steps):
            _, acting, mask, obs = self._position(rule_out)
            idx = np.flatnonzero(acting & (mask.sum(axis=1) > 1))
            counts, heads, values = self._move_values(idx)
            best = np.full((idx.size, T), -np.inf)
            at = np.flatnonzero(counts > 0)
            i, k = np.nonzero(heads[at] >= 0)
            np.maximum.at(best, (at[i], heads[at][i, k]), values[at][i, k])
            base = best[np.arange(idx.size), rule_out[idx]]
            valued = counts > 0
            if not np.isfinite(base[valued]).all():
                raise RuntimeError("the rule-based bot's head token is not among the moves valued")
            # each head's outcome less the mean of the row's heads: the same world's luck cancels,
            # and no logit has to know which head is the bot's to be learned
            centre = np.where(valued, values.sum(axis=1) / np.maximum(counts, 1), 0.0)
            with np.errstate(invalid="ignore"):  # -inf less -inf where nothing was valued: replaced by 0
                gain = (best - centre[:, None]) / self.scale
                ahead = best.max(axis=1) - base
            target = np.where(valued[:, None] & mask[idx], gain, 0.0).astype(np.float32)
            keep["obs"].append(obs[idx])
            keep["mask"].append(mask[idx])
            keep["target"].append(target)
            keep["valued"].append(valued)
            keep["base"].append(np.where(valued, base, 0.0).astype(np.float32))
            keep["ahead"].append(np.where(valued, ahead, 0.0).astype(np.float32))
            b.step(rule_out)
            if b.errors.any():
                raise RuntimeError("the rule-based bot gave a token its mask forbids")
        data = {key: np.concatenate(v) for key, v in keep.items()}
        n = len(data["obs"])
        if n == 0:
            return 0.0, 0.0
        gains = data["ahead"][data["valued"]]
        for _ in range(self.s.imitate_epochs):
            order = self.rng.permutation(n)
            for start in range(0, n, self.s.imitate_minibatch):
                j = order[start : start + self.s.imitate_minibatch]
                logits, value = self.net(torch.from_numpy(data["obs"][j].astype(np.float32)))
                legal = torch.from_numpy(data["mask"][j]).float()
                err = (logits - torch.from_numpy(data["target"][j])) ** 2 * legal
                ploss = (err.sum(dim=1) / legal.sum(dim=1)).mean()
                valued_j = torch.from_numpy(data["valued"][j]).float()
                vtarget = torch.from_numpy(data["base"][j] / self.scale)
                vloss = (((value - vtarget) ** 2) * valued_j).sum() / valued_j.sum().clamp(min=1.0)
                loss = ploss + self.s.value_coef * vloss
                self.opt.zero_grad()
                loss.backward()
                self.opt.step()
        self.samples += n
        return float(gains.mean()) if gains.size else 0.0, float(gains.size)

    def _learner(self, rows: Ints, seats: Ints) -> Any:
        torch = self.torch
        b = self.batch
        mine = self.mine[rows, seats[rows]]
        frozen_rows = rows[~mine & self.against_self[rows]]
        lrows = rows[mine]
        out_rows, out_tok, out_lp, out_v = [lrows], [], [], []
        out_own = [np.ones(lrows.size, np.bool_), np.zeros(frozen_rows.size, np.bool_)]
        if lrows.size:
            obs = b.observe(seats)[lrows]
            mask = b.legal_mask()[lrows]
            with torch.no_grad():
                logits, value = self._forward(obs, mask, self._rule_now[lrows])
                dist = torch.distributions.Categorical(logits=logits)
                tok = dist.sample()
                out_tok.append(tok.numpy().astype(np.int64))
                out_lp.append(dist.log_prob(tok).numpy())
                out_v.append(value.numpy() * self.scale)
        else:
            out_tok.append(np.zeros(0, np.int64))
            out_lp.append(np.zeros(0, np.float32))
            out_v.append(np.zeros(0, np.float32))
        if frozen_rows.size and self.frozen is not None:
            obs = b.observe(seats)[frozen_rows]
            mask = b.legal_mask()[frozen_rows]
            out_rows.append(frozen_rows)
            out_tok.append(self.frozen.greedy(obs, mask, self._rule_now[frozen_rows]))
            out_lp.append(np.zeros(frozen_rows.size, np.float32))
            out_v.append(np.zeros(frozen_rows.size, np.float32))
        if self.frozen is None:
            out_own = out_own[:1]
        cat = np.concatenate
        return cat(out_rows), cat(out_tok), cat(out_lp), cat(out_v), cat(out_own)

    def ppo_round(self, going: dict[str, Any]) -> tuple[float, float, dict[str, Any]]:
        torch = self.torch
        data = self._carry(going, self._episodes(self._learner))
        done, going = self._returns(data)
        self._prune()
        # learn only from the learner's own decisions (the rule-based bot's were not kept)
        done = {k: v[done["own"]] for k, v in done.items()}
        n = len(done["tok"])
        if n == 0:
            return 0.0, 0.0, going
        adv = done["ret"] - done["val"]
        adv = (adv - adv.mean()) / (adv.std() + 1e-6)
        mean_return = float(done["ret"].mean())
        for _ in range(self.s.epochs):
            order = self.rng.permutation(n)
            for start in range(0, n, self.s.minibatch):
                i = order[start : start + self.s.minibatch]
                logits, value = self._forward(done["obs"][i], done["mask"][i], done["rule"][i])
                dist = torch.distributions.Categorical(logits=logits)
                tok = torch.from_numpy(done["tok"][i])
                ratio = torch.exp(dist.log_prob(tok) - torch.from_numpy(done["logp"][i]))
                a = torch.from_numpy(adv[i].astype(np.float32))
                pg = -torch.min(ratio * a, torch.clamp(ratio, 1 - self.s.clip, 1 + self.s.clip) * a).mean()
                vloss = ((value - torch.from_numpy(done["ret"][i] / self.scale)) ** 2).mean()
                ent = dist.entropy().mean()
                loss = pg + self.s.value_coef * vloss - self.s.entropy * ent
                self.opt.zero_grad()
                loss.backward()
                torch.nn.utils.clip_grad_norm_(self.net.parameters(), 1.0)
                self.opt.step()
        self.samples += n
        return mean_return, float(n), going

    # ------------------------------------------------------------------ the run

    def evaluate(self) -> dict[str, Any]:
        result = duel(self.s.game, greedy(self.network()), self.s.eval_deals, self.s.eval_seed)
        point = {
            "imitation_updates": self.imitated,
            **({"rollout_updates": self.rolled} if self.s.rollouts else {}),
            "ppo_updates": self.updates,
            "samples": self.samples,
            "cpu_minutes": round(self.cpu / 60, 2),
            **result.summary(),
        }
        if self.judged:
            point["agreement"] = round(self.agreed / self.judged, 4)
            self.agreed, self.judged = 0.0, 0
        self.curve.append(point)
        self.out.mkdir(parents=True, exist_ok=True)
        with open(self.out / "curve.jsonl", "a", encoding="utf-8") as f:
            f.write(json.dumps(point) + "\n")
        return point

    def _measure(self, where: str, say: Callable[..., None], spent: Callable[[], float]) -> str:
        """A measure (`evaluate`) kept on the progress display after ``where`` (the stage and its
        count), then the run saved; gives the measure's words for the progress lines after it."""
        p = self.evaluate()
        last = f"vs rule {p['mean']:+.3f} [{p['ci_low']:+.3f}, {p['ci_high']:+.3f}]"
        if "agreement" in p:
            last = f"agreed {p['agreement']:.3f} · {last}"
        say(f"{where} · {last} · {duration(spent())} CPU", keep=True)
        self.save()
        return last

    def run(self, say: Callable[..., None]) -> dict[str, Any]:
        B = self.s.tables
        self.ep_id = np.arange(B, dtype=np.int64)
        self.next_ep = B
        self.returns = {}
        budget = self.s.minutes * 60 if self.s.minutes is not None else math.inf
        going: dict[str, Any] = {}
        last = ""
        start = time.process_time() - self.cpu

        def spent() -> float:
            self.cpu = time.process_time() - start
            return self.cpu

        while self.imitated < self.s.imitate and spent() < budget:
            _agree, _ce, going = self.imitation_round(going)
            self.imitated += 1
            agree = f"agrees with rule {self.agreed / self.judged:.3f} · " if self.judged else ""
            say(f"imitation {self.imitated}/{self.s.imitate} · {agree}{last}")
            if self.imitated % self.s.eval_every == 0 or self.imitated == self.s.imitate:
                last = self._measure(f"imitation {self.imitated}/{self.s.imitate}", say, spent)
        while self.imitated >= self.s.imitate and self.rolled < self.s.rollouts and spent() < budget:
            gain, n = self.rollout_round()
            self.rolled += 1
            say(f"rollouts {self.rolled}/{self.s.rollouts} · best move {gain:+.2f} over the bot's on {int(n)} · {last}")
            if self.rolled % self.s.eval_every == 0 or self.rolled == self.s.rollouts:
                last = self._measure(f"rollouts {self.rolled}/{self.s.rollouts}", say, spent)
        done_before = self.imitated >= self.s.imitate and self.rolled >= self.s.rollouts
        if done_before:
            for group in self.opt.param_groups:
                group["lr"] = self.s.ppo_lr
        going = {}
        while done_before and self.updates < self.s.updates and spent() < budget:
            if self.frozen is None or self.updates % self.s.refresh == 0:
                self.frozen = self.network()
            ret, n, going = self.ppo_round(going)
            self.updates += 1
            say(f"PPO {self.updates}/{self.s.updates} · return {ret:+.3f} over {int(n)} decisions · {last}")
            if self.updates % self.s.eval_every == 0 or self.updates == self.s.updates:
                last = self._measure(f"PPO {self.updates}/{self.s.updates}", say, spent)
        spent()
        if not self.curve or self.curve[-1]["samples"] != self.samples:
            self.evaluate()
        self.save()
        return self.curve[-1]


def speaker(stream: Any = None) -> Callable[..., None]:
    """A progress line on a terminal (rewritten in place), kept lines on a log."""
    out = stream or sys.stderr
    tty = on_terminal(out)

    def say(text: str, keep: bool = False) -> None:
        if tty:
            out.write("\r\033[K" + text + ("\n" if keep else ""))
            out.flush()
        elif keep:
            out.write(text + "\n")
            out.flush()

    return say


def command_line(argv: list[str]) -> str:
    return "cardtable train " + " ".join(shlex.quote(a) for a in argv)

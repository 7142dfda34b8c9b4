"""The bot that learned by playing: a small network's policy, served by numpy alone.

A learned policy is two files: ``NAME.npz``, the network's weights as plain arrays (read with
``allow_pickle=False``, so loading runs no code), and ``NAME.json``, what they are: the game, the
version of the observation they were trained on (the game's ``environment.VERSION``), the sizes
of the observation and of the token vocabulary, the layers, and how they were made (the command,
the seed, the budget). A file trained on another version of the encoding is refused in one line:
its inputs would not mean what they meant in training.

The bot sees what its seat sees and nothing more: it is handed the seat's view and legal actions,
as every bot is, builds from the view the observation the RL environments give that seat (the
game's own ``encoding``), and spells its action token by token in the game's vocabulary (the
game's ``tokens``), each token the policy's most likely one among those the legal actions allow
next. It draws no random number, so two views that look the same get the same action.

numpy is the only need (the ``batch`` or ``rl`` extra); the engines stay standard library only,
and this module is imported only when a learned bot is made (``learned`` in ``make_bot``).

The network: the observation (int8, as float) through ``hidden`` layers of ReLU units, then one
linear layer to a logit per token (the policy) and one to a single number (the value: the points
a hand the seat's team is expected to make over the other team, from here). Arrays ``w0, b0, w1,
b1, …`` are the hidden layers, ``wp, bp`` the policy head, ``wv, bv`` the value head; ``x @ w + b``.

A policy may start from the rule-based bot's play (its JSON's ``"prior": {"bot": "rule",
"weight": W}``): then W is added to the logit of the token the rule-based bot would give next,
and the network learned where to leave that token (trained so, `cardtable.learned.train`'s
``prior``). At a move's first token that is the rule-based bot's own move's; at a later one, the
next token of the rule-based bot's choice among the moves the tokens given so far leave open.
The bot asks the rule-based bot with a generator of fixed seed, so it still draws no random
number of its own and a view gets the same action every time.
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from cardtable import registry
from cardtable.core import BadRules
from cardtable.planes import Layout

#: The format written in each policy's JSON, so a reader can refuse one it does not know.
FORMAT: Final = "cardtable-learned/1"

#: Where the policies shipped with cardtable are kept: ``<game>.npz`` and ``<game>.json``.
SHIPPED: Final = Path(__file__).resolve().parent.parent / "data" / "learned"

Floats = npt.NDArray[np.float32]


def version(game: str) -> int:
    """The version of ``game``'s RL observation and tokens (its ``environment.VERSION``; 0 when
    its package gives none, as `cardtable.rl.environment` takes it)."""
    env = registry.part(game, "environment")
    return int(getattr(env, "VERSION", 0)) if env is not None else 0


@dataclass(frozen=True)
class Encoder:
    """A game's observation and tokens, from its package: the encoder of `cardtable.rl.encode`
    and the spelling of `cardtable.rl.tokens`, read the same way (the game's own parts)."""

    game: str
    layout: Layout
    encoding: Any
    names: tuple[str, ...]
    spell: Any

    def encode(self, view: Any, partial: Sequence[int]) -> npt.NDArray[np.int8]:
        """The observation of a seat's ``view`` with the tokens ``partial`` it has given."""
        buf = bytearray(self.layout.size)
        self.encoding.encode(self.layout.start, view, partial, buf)
        return np.frombuffer(buf, np.int8)


@cache
def encoder(game: str) -> Encoder:
    """``game``'s `Encoder`; `BadRules` when its package has no RL tokens or encoding."""
    tokens = registry.part(game, "tokens")
    encoding = registry.part(game, "encoding")
    if tokens is None or encoding is None:
        raise BadRules(f"{game} has no learned bot: its package has no RL tokens and encoding")
    names, _cards, spell = tokens.spelling()
    lay = Layout()
    encoding.planes(lay, len(names))
    return Encoder(game, lay, encoding, tuple(names), spell)


@cache
def _blas() -> Any:
    """threadpoolctl's controller of the BLAS that numpy uses, or ``None`` without threadpoolctl."""
    try:
        from threadpoolctl import ThreadpoolController
    except ImportError:
        return None
    return ThreadpoolController()


def one_blas_thread() -> AbstractContextManager[Any]:
    """The network's products on one BLAS thread: a bot thinks on one core (the server and the
    simulations give each bot process its own), and BLAS threads fighting over busy cores made a
    batch of a few hundred observations about twenty times slower on the 2-core machine."""
    blas = _blas()
    return blas.limit(limits=1, user_api="blas") if blas is not None else nullcontext()


class Network:
    """The policy and value network, its arrays as loaded; `forward` is numpy only."""

    def __init__(self, arrays: dict[str, Floats], meta: dict[str, Any]) -> None:
        self.meta = meta
        #: The weight added to the rule-based bot's token's logit (0: the network alone).
        self.prior = prior_weight(meta)
        self.hidden = [(arrays[f"w{i}"], arrays[f"b{i}"]) for i in range(len(meta["hidden"]))]
        self.wp, self.bp = arrays["wp"], arrays["bp"]
        self.wv, self.bv = arrays["wv"], arrays["bv"]

    def trunk(self, obs: npt.NDArray[Any]) -> Floats:
        x = np.asarray(obs, np.float32)
        with one_blas_thread():
            for w, b in self.hidden:
                x = np.maximum(x @ w + b, np.float32(0))
        return x

    def forward(self, obs: npt.NDArray[Any]) -> tuple[Floats, Floats]:
        """Logits per token and the value, for one observation or a batch of them (rows)."""
        x = self.trunk(obs)
        with one_blas_thread():
            value: Floats = (x @ self.wv + self.bv)[..., 0]
            logits: Floats = x @ self.wp + self.bp
        return logits, value

    def value(self, obs: npt.NDArray[Any]) -> Floats:
        """The value alone (no logits), for one observation or a batch of them (rows)."""
        x = self.trunk(obs)
        with one_blas_thread():
            out: Floats = (x @ self.wv + self.bv)[..., 0]
        return out

    def greedy(
        self, obs: npt.NDArray[Any], mask: npt.NDArray[np.bool_], prior: npt.NDArray[np.int64] | None = None
    ) -> npt.NDArray[np.int64]:
        """Each row's most likely token among those its mask allows (the first of equal ones);
        ``prior``: the rule-based bot's token at each row (-1 for none), for a policy that
        starts from it (`prior`; required there)."""
        logits, _ = self.forward(obs)
        if self.prior:
            if prior is None:
                raise ValueError("this policy plays from the rule-based bot's tokens: give them (prior)")
            logits = with_prior(logits, prior, self.prior)
        masked = np.where(mask, logits, np.float32(-np.inf))
        out: npt.NDArray[np.int64] = np.argmax(masked, axis=-1).astype(np.int64)
        return out


def prior_weight(meta: dict[str, Any]) -> float:
    """The weight a policy's JSON gives the rule-based bot's token (0 when it has no prior);
    `ValueError` for a prior not of that shape."""
    prior = meta.get("prior")
    if prior is None:
        return 0.0
    weight = prior.get("weight") if isinstance(prior, dict) else None
    if not isinstance(prior, dict) or prior.get("bot") != "rule" or not isinstance(weight, (int, float)):
        raise ValueError('its "prior" is not {"bot": "rule", "weight": a number}')
    if isinstance(weight, bool) or not 0 <= weight <= 100:
        raise ValueError("its prior's weight is not a number from 0 to 100")
    return float(weight)


def with_prior(logits: npt.NDArray[Any], prior: npt.NDArray[np.int64], weight: float) -> Floats:
    """``logits`` (one row or rows of them) with ``weight`` added at each row's ``prior`` token
    (none where it is -1)."""
    out = np.array(logits, np.float32)
    rows = np.atleast_2d(out)
    tok = np.atleast_1d(np.asarray(prior, np.int64))
    at = np.flatnonzero(tok >= 0)
    rows[at, tok[at]] += np.float32(weight)
    return out


def _refuse(path: Path, why: str) -> BadRules:
    return BadRules(f"learned policy {path.name}: {why}")


def load(path: str | Path, game: str) -> Network:
    """The network kept at ``path`` (``NAME.npz`` beside ``NAME.json``), checked for ``game``:
    its game, format, observation version and sizes must be those of today's encoding, else
    `BadRules` in one line."""
    npz = Path(path).with_suffix(".npz")
    meta_path = npz.with_suffix(".json")
    try:
        meta = json.loads(meta_path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise _refuse(npz, f"no {meta_path.name} beside it (it says what the weights are)") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as e:
        raise _refuse(npz, f"{meta_path.name} is not readable JSON ({type(e).__name__})") from None
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        raise _refuse(npz, f"{meta_path.name} is not a learned policy's description (format {FORMAT})")
    if meta.get("game") != game:
        raise _refuse(npz, f"trained for {meta.get('game')!r}, not {game!r}")
    enc = encoder(game)
    if meta.get("version") != version(game):
        raise _refuse(
            npz,
            f"trained on {game}'s observation v{meta.get('version')}, today's is v{version(game)}: train it again",
        )
    if meta.get("obs_size") != enc.layout.size or meta.get("tokens") != len(enc.names):
        raise _refuse(npz, "its observation or token sizes are not today's encoding's: train it again")
    hidden = meta.get("hidden")
    if not isinstance(hidden, list) or not all(isinstance(h, int) and h > 0 for h in hidden):
        raise _refuse(npz, "its layers are not a list of sizes")
    try:
        prior_weight(meta)
    except ValueError as e:
        raise _refuse(npz, str(e)) from None
    try:
        with np.load(npz, allow_pickle=False) as data:
            arrays = {k: np.asarray(data[k], np.float32) for k in data.files}
    except FileNotFoundError:
        raise _refuse(npz, "no such file") from None
    except (OSError, ValueError) as e:
        raise _refuse(npz, f"not readable weights ({type(e).__name__})") from None
    sizes = [enc.layout.size, *hidden]
    want: dict[str, tuple[int, ...]] = {f"w{i}": (sizes[i], sizes[i + 1]) for i in range(len(hidden))}
    want |= {f"b{i}": (sizes[i + 1],) for i in range(len(hidden))}
    want |= {"wp": (sizes[-1], len(enc.names)), "bp": (len(enc.names),), "wv": (sizes[-1], 1), "bv": (1,)}
    for name, shape in want.items():
        if name not in arrays or arrays[name].shape != shape:
            raise _refuse(npz, f"array {name} missing or not of shape {shape}")
    return Network(arrays, meta)


@cache
def shipped(game: str) -> Network:
    """The policy shipped with cardtable for ``game``; `BadRules` when there is none."""
    path = SHIPPED / f"{game}.npz"
    if not path.exists():
        have = sorted(p.stem for p in SHIPPED.glob("*.npz")) if SHIPPED.is_dir() else []
        raise BadRules(f"no learned policy is shipped for {game} (shipped: {', '.join(have) or 'none'})")
    return load(path, game)


class LearnedBot:
    """Plays the learned policy (`Network`): at each token, the most likely one the legal actions
    allow next, from the observation of the seat's view."""

    def __init__(self, game: Any, net: Network, name: str = "learned") -> None:
        self.game = game
        self.net = net
        self.name = name
        self.encoder = encoder(game.name)
        #: The rule-based bot whose tokens a policy with a prior starts from (`Network.prior`).
        self.rule: Any = None
        if net.prior:
            from cardtable.bots import rule_bot

            self.rule = rule_bot(game)

    def _prior(self, view: Any, legal: Sequence[Any], spellings: list[tuple[int, ...]], alive: list[int]) -> int:
        """The rule-based bot's next token among the moves still open (``alive``), with a
        generator of fixed seed: the same view, the same token."""
        if len(alive) == 1:
            return spellings[alive[0]][0]
        chosen = self.rule.act(view, [legal[i] for i in alive], random.Random(0))
        return spellings[legal.index(chosen)][0]

    def act(self, view: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        """One of ``legal``, chosen from ``view`` alone (``rng`` is not used)."""
        if len(legal) == 1:
            return legal[0]
        spellings = [tuple(self.encoder.spell(a)) for a in legal]
        alive = list(range(len(legal)))
        partial: list[int] = []
        size = len(self.encoder.names)
        while True:
            k = len(partial)
            mask = np.zeros(size, np.bool_)
            for i in alive:
                mask[spellings[i][k]] = True
            if mask.sum() == 1:
                token = int(np.flatnonzero(mask)[0])
            else:
                prior = None
                if self.rule is not None:
                    rest = [s[k:] for s in spellings]
                    prior = np.array([self._prior(view, legal, rest, alive)], np.int64)
                token = int(self.net.greedy(self.encoder.encode(view, partial)[None, :], mask[None, :], prior)[0])
            alive = [i for i in alive if spellings[i][k] == token]
            partial.append(token)
            for i in alive:
                if len(spellings[i]) == k + 1:
                    return legal[i]

    def over_arrays(self, tables: Any) -> ArrayPolicy | None:
        """This policy over a game's batch ``tables`` (`ArrayPolicy`), for the playouts over arrays
        (`cardtable.batch.playouts`); ``None`` when the tables give no observations of this
        policy's size and vocabulary."""
        size = self.encoder.layout.size
        if getattr(tables, "obs_size", None) != size or len(getattr(tables, "action_names", ())) != len(
            self.encoder.names
        ):
            return None
        rule = None
        if self.net.prior:
            rule = tables.policy(self.rule) if callable(getattr(tables, "policy", None)) else None
            if rule is None:
                return None
        return ArrayPolicy(self.net, tables, size, len(self.encoder.names), rule)


class ArrayPolicy:
    """A learned policy and its value over the rows of a game's batch tables: called with
    ``out``, it writes at every row the token `LearnedBot.act` would give there (the most likely
    one the next token's legal mask allows, from the observation of the seat to act; -1 where no
    seat acts); `only` does it at some rows; `values` gives every seat's value at some rows."""

    def __init__(
        self, net: Network, tables: Any, obs_size: int, tokens: int, rule: Callable[[Any], None] | None = None
    ) -> None:
        self.net, self.tables, self.obs_size, self.tokens = net, tables, obs_size, tokens
        #: The rule-based bot over the tables, for a policy with a prior (`Network.prior`).
        self.rule = rule

    def __call__(self, out: npt.NDArray[np.int64]) -> None:
        seats = self.tables.to_act()
        out[:] = -1
        self.only(out, np.flatnonzero(seats >= 0))

    def only(self, out: npt.NDArray[np.int64], rows: npt.NDArray[np.int64]) -> None:
        """The tokens at ``rows`` only (each a row where a seat acts)."""
        if rows.size == 0:
            return
        seats = self.tables.to_act()
        picked = np.full(len(seats), -1, np.int64)
        picked[rows] = seats[rows]
        obs = np.zeros((len(seats), self.obs_size), np.int8)
        self.tables.observe(picked, obs)
        mask = np.zeros((len(seats), self.tokens), np.bool_)
        self.tables.legal_mask(mask)
        prior = None
        if self.rule is not None:
            ruled = np.zeros(len(seats), np.int64)
            self.rule(ruled)
            prior = ruled[rows]
        out[rows] = self.net.greedy(obs[rows], mask[rows], prior)

    def values(self, rows: npt.NDArray[np.int64], seats: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
        """The value from seat ``seats[i]``'s observation at row ``rows[i]`` (the points a hand
        its side is expected to make over the other side, from here)."""
        n = len(self.tables.to_act())
        picked = np.full(n, -1, np.int64)
        picked[rows] = seats
        obs = np.zeros((n, self.obs_size), np.int8)
        self.tables.observe(picked, obs)
        out: npt.NDArray[np.float64] = self.net.value(obs[rows]).astype(np.float64)
        return out


def make(game: Any, level: str) -> LearnedBot:
    """The bot named ``learned`` (the policy shipped for the game) or ``learned:PATH`` (a policy
    file, ``PATH.npz`` with its ``PATH.json``, such as ``cardtable train`` writes)."""
    if not level:
        return LearnedBot(game, shipped(game.name))
    return LearnedBot(game, load(level, game.name), name=f"learned:{Path(level).stem}")

"""Saved policies of OpenSpiel's DQN and NFSP (`cardtable.rl.openspiel_train`): a network that maps
a seat's OpenSpiel information-state tensor (`cardtable.rl.encode`) to one value per token, kept as
a numpy ``.npz`` archive that loads without executing anything (``allow_pickle=False``).

The archive holds the layers' weights (``w0``, ``b0``, ``w1``, … of the fully connected layers,
each hidden one followed by a ReLU, as OpenSpiel's ``MLP``) and what the policy was trained on:
the algorithm (``dqn``: the Q-network; ``nfsp``: the average-policy network, its values logits),
the game, the environment's versioned name (``smear_v1``), the observation size and the number of
tokens. `load` refuses in one line a file that is missing, not such an archive, of the other
algorithm, or trained on another game, environment version or observation size; `Policy.values`
runs the network in numpy, so playing needs neither torch nor OpenSpiel.
"""

from __future__ import annotations

import json
import os
import zipfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Final

import numpy as np
import numpy.typing as npt

from cardtable.core import BadRules
from cardtable.rl.encode import layout
from cardtable.rl.environment import environment
from cardtable.rl.tokens import vocabulary

#: What the archive says it is, and the version of its layout.
FORMAT: Final = "cardtable-openspiel-policy"
FORMAT_VERSION: Final = 1
ALGORITHMS: Final = ("dqn", "nfsp")

Array = npt.NDArray[np.float32]


@dataclass(frozen=True)
class Policy:
    """A loaded network and what it was trained on (``training``: the run's figures, as saved)."""

    algo: str
    game: str
    environment: str
    observation_size: int
    num_actions: int
    layers: tuple[tuple[Array, Array], ...]
    training: Mapping[str, Any] = field(default_factory=dict)

    def values(self, observation: npt.ArrayLike) -> Array:
        """The network's output for one observation: a value (DQN) or logit (NFSP) per token."""
        x = np.asarray(observation, dtype=np.float32)
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            x = w @ x + b
            if i < last:
                x = np.maximum(x, 0.0)
        return x

    def best(self, observation: npt.ArrayLike, allowed: Sequence[int]) -> int:
        """The allowed token of the highest value (the first of equal ones)."""
        values = self.values(observation)
        return int(allowed[int(np.argmax(values[list(allowed)]))])


def expected(game: str) -> tuple[str, int, int]:
    """What a policy for ``game`` must have been trained on: the environment's versioned name,
    the observation size, the number of tokens."""
    return environment(game).name, layout(game).size, vocabulary(game).size


def save(
    path: str | os.PathLike[str],
    algo: str,
    game: str,
    layers: Sequence[tuple[npt.ArrayLike, npt.ArrayLike]],
    training: Mapping[str, Any],
) -> Path:
    """Writes the network ``layers`` (weight of shape (out, in), bias) of a policy of ``algo``
    trained on ``game`` to ``path`` (whole or not at all), with the run's ``training`` figures."""
    env_name, size, actions = expected(game)
    arrays: dict[str, Any] = {
        "format": np.array(FORMAT),
        "format_version": np.array(FORMAT_VERSION),
        "algo": np.array(algo),
        "game": np.array(game),
        "environment": np.array(env_name),
        "observation_size": np.array(size),
        "num_actions": np.array(actions),
        "training": np.array(json.dumps(dict(training), sort_keys=True)),
    }
    for i, (w, b) in enumerate(layers):
        arrays[f"w{i}"] = np.asarray(w, dtype=np.float32)
        arrays[f"b{i}"] = np.asarray(b, dtype=np.float32)
    _check_layers([(arrays[f"w{i}"], arrays[f"b{i}"]) for i in range(len(layers))], size, actions, str(path))
    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    part = out.with_name(out.name + ".part")
    with part.open("wb") as f:
        np.savez(f, **arrays)
    part.replace(out)
    return out


def _check_layers(layers: Sequence[tuple[Array, Array]], size: int, actions: int, where: str) -> None:
    width = size
    for i, (w, b) in enumerate(layers):
        if w.ndim != 2 or b.shape != (w.shape[0],) or w.shape[1] != width:
            raise BadRules(f"{where}: layer {i} does not fit the one before it (weights {w.shape}, bias {b.shape})")
        width = w.shape[0]
    if not layers or width != actions:
        raise BadRules(f"{where}: the network gives {width if layers else 0} values, not one per token ({actions})")


def _text(archive: Any, key: str) -> str:
    value = archive[key]
    if value.shape != () or value.dtype.kind != "U":
        raise ValueError(f"{key} is not a text")
    return str(value[()])


def _number(archive: Any, key: str) -> int:
    value = archive[key]
    if value.shape != () or value.dtype.kind not in "iu":
        raise ValueError(f"{key} is not a whole number")
    return int(value[()])


def load(path: str, algo: str, game: str) -> Policy:
    """The policy of ``algo`` saved at ``path``, for ``game``; refused in one line (`BadRules`)
    unless it was trained with that algorithm on that game, environment version and observation
    size."""
    where = f"{algo}:{path}"
    file = Path(path)
    if not file.is_file():
        raise BadRules(f"{where}: no such file")
    try:
        with np.load(file, allow_pickle=False) as archive:
            if _text(archive, "format") != FORMAT:
                raise ValueError("another kind of archive")
            version = _number(archive, "format_version")
            saved_algo = _text(archive, "algo")
            saved_game = _text(archive, "game")
            env_name = _text(archive, "environment")
            size = _number(archive, "observation_size")
            actions = _number(archive, "num_actions")
            training = json.loads(_text(archive, "training"))
            count = sum(1 for k in archive.files if k.startswith("w"))
            layers = tuple(
                (np.asarray(archive[f"w{i}"], np.float32), np.asarray(archive[f"b{i}"], np.float32))
                for i in range(count)
            )
    except (OSError, ValueError, KeyError, zipfile.BadZipFile, EOFError) as e:
        raise BadRules(f"{where}: not a saved DQN or NFSP policy ({type(e).__name__})") from None
    if version != FORMAT_VERSION:
        raise BadRules(f"{where}: saved in layout {version}, this cardtable reads layout {FORMAT_VERSION}")
    if saved_algo != algo:
        raise BadRules(f"{where}: a saved {saved_algo[:20]} policy, not {algo}: name it {saved_algo[:20]}:{path}")
    want_env, want_size, want_actions = expected(game)
    if saved_game != game:
        raise BadRules(f"{where}: trained on {saved_game[:40]}, not {game}")
    if env_name != want_env:
        raise BadRules(f"{where}: trained on the environment {env_name[:40]}, this cardtable's is {want_env}")
    if size != want_size:
        raise BadRules(f"{where}: trained on observations of size {size}, {game}'s are of size {want_size}")
    if actions != want_actions:
        raise BadRules(f"{where}: trained on {actions} tokens, {game} has {want_actions}")
    _check_layers(layers, size, actions, where)
    return Policy(saved_algo, saved_game, env_name, size, actions, layers, training)

"""``sheepshead_v0``, replaced by ``sheepshead_v1``: its observation did not show which cards each side had
taken in tricks. Each call here refuses with the name to use instead, as PettingZoo does for its
own retired versions.
"""

from __future__ import annotations

from typing import Any, NoReturn

from cardtable.core import BadRules

MESSAGE = (
    "sheepshead_v0 is replaced by sheepshead_v1 (its observation now shows the cards each side has taken): "
    "use cardtable.rl.sheepshead_v1"
)


def env(*args: Any, **kwargs: Any) -> NoReturn:
    """Refused: see the module docstring."""
    raise BadRules(MESSAGE)


raw_env = parallel_env = env

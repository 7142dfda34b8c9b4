"""Collection rules for the whole repository.

The doctests of ``cardtable.rl`` and of docs/rl.md need the optional ``rl`` extra (numpy,
pettingzoo, gymnasium, open_spiel), those of the batched engines numpy. Without it they are left
out of a local run; CI (``CI`` set) installs the extra and collects them, so a missing package
fails there instead of hiding.
"""

from __future__ import annotations

import importlib.util
import os

_RL = ("numpy", "pettingzoo", "gymnasium", "pyspiel")

collect_ignore_glob: list[str] = []
if not os.environ.get("CI") and any(importlib.util.find_spec(m) is None for m in _RL):
    collect_ignore_glob += ["src/cardtable/rl/*.py", "docs/rl.md"]
# The batched engines (the ``batch`` extra) need numpy; numba is optional (the kernels then run as
# plain Python), so only a missing numpy leaves them out of a local run.
if not os.environ.get("CI") and importlib.util.find_spec("numpy") is None:
    collect_ignore_glob += ["src/cardtable/batch/*.py", "src/cardtable/games/*/batch.py"]
    collect_ignore_glob += ["src/cardtable/games/*/kernels.py", "docs/batch.md"]

"""The batched engines: B tables of a game held as arrays and stepped at once (the optional
``batch`` extra: numpy, and numba to compile the kernels; without numba the same kernels run as
plain Python and give the same results).

>>> from cardtable.batch import Batch
>>> b = Batch("smear", 1024, rules=None, seed=7)
>>> b.legal_mask().shape
(1024, 69)

See `cardtable.batch.tables.Batch` for the interface, `cardtable.batch.protocol` for what a game
provides, and docs/batch.md.
"""

from __future__ import annotations

from cardtable.batch.jit import NUMBA
from cardtable.batch.policy import random_legal
from cardtable.batch.tables import Batch, games

__all__ = ["NUMBA", "Batch", "games", "random_legal"]

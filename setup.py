"""The optional compiled build: ``CARDTABLE_MYPYC=1`` compiles the fast layers (and Seep's move
generation) with mypyc.

A plain install (``pip install .``) is pure Python and needs no C compiler; everything is declared
in ``pyproject.toml``. With ``CARDTABLE_MYPYC=1`` in the environment, the modules of
`COMPILED` are compiled to C extensions by mypyc, which needs mypy (the ``compiled`` extra) and a
C compiler with the Python headers at build time, so install with the build environment at hand:

    pip install -e '.[compiled]'
    CARDTABLE_MYPYC=1 pip install --no-build-isolation .
"""

from __future__ import annotations

import os

from setuptools import setup

#: The modules compiled by the opt-in build: the games' fast layers, and the Seep engine's move
#: generator and effects, which Seep's fast layer plays by (compiling its fast layer alone makes it
#: no faster; with these it and the checked engine play about twice as many hands a second),
#: Sheepshead's card tables (their `indices` and `points_of` run in every hand of its fast layer),
#: and Smear's fast sampler. (Sheepshead's fast sampler is left pure: its tests watch the rule policy's
#: kept choices by replacing a dictionary's lookup, which a compiled module would not call.)
COMPILED = [
    "src/cardtable/games/smear/fast.py",
    "src/cardtable/games/smear/fastsample.py",
    "src/cardtable/games/sheepshead/fast.py",
    "src/cardtable/games/sheepshead/play.py",
    "src/cardtable/games/sheepshead/scoring.py",
    "src/cardtable/games/sheepshead/tables.py",
    "src/cardtable/games/smear/scoring.py",
    "src/cardtable/games/seep/fast.py",
    "src/cardtable/games/seep/fastgen.py",
    "src/cardtable/games/seep/moves.py",
    "src/cardtable/games/seep/play.py",
]

if os.environ.get("CARDTABLE_MYPYC", "") not in ("", "0"):
    from mypyc.build import mypycify

    setup(ext_modules=mypycify(COMPILED, opt_level="3"))
else:
    setup()

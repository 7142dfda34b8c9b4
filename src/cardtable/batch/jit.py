"""The compiler of the batch's kernels: numba's ``njit`` when numba is installed, else nothing.

Every kernel of the batched engines (`cardtable.batch` and each game's ``batch`` part) is written
once, as plain Python loops over numpy arrays, and decorated with `jit`. With numba importable the
kernels are compiled to machine code (and cached on disk beside their source, so a second process
loads them in a moment); without it they run as the Python they are, slower but the same
computation, so the results are the same to the bit. ``CARDTABLE_NO_NUMBA=1`` in the environment
runs the Python kernels even where numba is installed: the tests compare the two that way.

numba keys a kernel's disk cache on the kernel's own source file only: after changing a kernel
that kernels in other files call (`cardtable.batch.mt`, say), delete the caches
(``find src -name '*.nb[ic]' -delete``) or run with ``CARDTABLE_NUMBA_CACHE=0``. An installed
release rewrites every file, so it is never served a stale kernel.

>>> NUMBA in (True, False)
True
>>> @jit
... def twice(x: int) -> int:
...     return 2 * x
>>> twice(21)
42
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, Final, TypeVar, cast

F = TypeVar("F", bound=Callable[..., Any])

#: The environment variable that turns the compiler off (any value but empty or ``0``).
NO_NUMBA_VARIABLE: Final = "CARDTABLE_NO_NUMBA"


def _compiler() -> Any:
    """numba's ``njit``, or ``None`` when numba is missing or turned off."""
    if os.environ.get(NO_NUMBA_VARIABLE, "") not in ("", "0"):
        return None
    try:
        import numba
    except ImportError:
        return None
    return numba.njit


_NJIT: Final = _compiler()

#: Whether the kernels are compiled by numba (``False``: they run as plain Python).
NUMBA: Final = _NJIT is not None


def jit(f: F) -> F:
    """Compile ``f`` with numba (``njit``, cached on disk where it can be) when it is available; else ``f``."""
    return _compile(f, {})


def inline(f: F) -> F:
    """`jit` for a small helper called from other kernels: compiled into each caller (numba's
    ``inline="always"``), which spares a call per use (with its reference counting of the arrays
    passed) in the innermost loops."""
    return _compile(f, {"inline": "always"})


def borrowing(f: F) -> F:
    """`jit` for an outer kernel, called from Python, that allocates no array: the arrays it is
    given are borrowed for the call, so neither it nor the kernels it calls count references to
    them (numba's ``_nrt=False``: each array keeps no reference count of its own inside). Every
    array passed down to another kernel and every slice of one then costs nothing to hand on,
    where counting costs an atomic increment and decrement each time. Such a kernel cannot make
    an array (``np.zeros`` and the like are refused when it is compiled), nor can any kernel it
    calls, which numba compiles for it the same way: working space comes from the caller."""
    return _compile(f, {"_nrt": False})


#: The environment variable that turns the disk cache of compiled kernels off (``0``).
CACHE_VARIABLE: Final = "CARDTABLE_NUMBA_CACHE"
_CACHE: Final = os.environ.get(CACHE_VARIABLE, "1") != "0"


def _compile(f: F, options: dict[str, Any]) -> F:
    if _NJIT is None:
        return f
    if not _CACHE:
        return cast(F, _NJIT(**options)(f))
    try:
        return cast(F, _NJIT(cache=True, **options)(f))
    except RuntimeError:  # no place to keep a cache (a function typed in at a prompt): compile anew
        return cast(F, _NJIT(**options)(f))

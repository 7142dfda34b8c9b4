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


# --- bits of a 64-bit word, as one machine instruction each when compiled ---
#
# A kernel must not find a set's lowest card or count a word's bytes by a multiplication that runs
# past 64 bits: numba multiplies signed integers as LLVM's ``mul nsw``, whose overflow is undefined,
# and LLVM, where it can bound a factor (a set masked to a few values, say), folds the product as if
# it could not overflow and gives a wrong answer. These two are exact in both builds.


def _popcount_python(m: int) -> int:
    return (int(m) & 0xFFFF_FFFF_FFFF_FFFF).bit_count()  # a negative word counted as its 64 bits


def _lowest_bit_python(m: int) -> int:
    m = int(m)
    return (m & -m).bit_length() - 1


def _bit_instructions() -> tuple[Callable[[int], int], Callable[[int], int]]:
    """(popcount, lowest_bit): LLVM's ``ctpop`` and ``cttz`` for the compiled kernels (numba
    intrinsics in small compiled functions that kernels take into themselves, and Python may call),
    or the Python equivalents when the kernels run as Python."""
    if _NJIT is None:
        return _popcount_python, _lowest_bit_python
    from llvmlite import ir
    from numba.core import types
    from numba.extending import intrinsic

    def typed(instruction: Callable[[Any, Any], Any]) -> Callable[[Any, Any], Any]:
        """The typing of an intrinsic of one integer to an integer of its type."""

        def typing(typingctx: Any, m: Any) -> Any:
            if not isinstance(m, types.Integer):
                return None

            def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
                return instruction(builder, args[0])

            return m(m), codegen

        return typing

    false = ir.Constant(ir.IntType(1), 0)  # cttz of zero is the width, not undefined
    ctpop: Any = intrinsic(typed(lambda builder, m: builder.ctpop(m)))
    cttz: Any = intrinsic(typed(lambda builder, m: builder.cttz(m, false)))

    def popcount(m: int) -> Any:
        return ctpop(m)

    def lowest_bit(m: int) -> Any:
        return cttz(m)

    return _NJIT(inline="always")(popcount), _NJIT(inline="always")(lowest_bit)


_POPCOUNT, _LOWEST_BIT = _bit_instructions()

#: The number of bits set in an integer (of a mask read as 64-bit words whose bytes are each 0 or 1:
#: the number of its entries that are set).
popcount: Final = _POPCOUNT

#: The place of the lowest set bit of a non-zero integer (the lowest card of a set of cards);
#: 64 for zero when compiled.
lowest_bit: Final = _LOWEST_BIT

"""The one strict reader of numbers, seats and record JSON that every parser shares.

Records, typed input and command-line options are hostile input: a record may come from anyone.
Python's own readers are generous where a record must not be: ``str.isdigit`` is true for
superscripts and other scripts' digits (``"²"``, ``"١"``), ``int`` accepts them and spaces and
underscores, thousands of digits raise the integer-string limit, and JSON nested a thousand deep
raises `RecursionError`. Everything here is ASCII-only and bounded:

- a number is ASCII digits (after an optional ``-`` where negatives are allowed), at most
  `MAX_DIGITS` of them, with no leading zero, within the range asked for;
- record JSON is at most `MAX_DEPTH` deep, has no duplicate keys, no ``NaN``/``Infinity``, and no
  number longer than `MAX_NUMBER_TEXT` characters;
- a message quoting bad input quotes at most `EXCERPT` characters of it, on one line.

>>> read_int("12", "bid", 9, 13)
12
>>> read_int("²", "bid", 9, 13)
Traceback (most recent call last):
...
cardtable.core.BadNotation: bid: expected a number from 9 to 13, not '²'
>>> read_seat("01", 5)
Traceback (most recent call last):
...
cardtable.core.BadNotation: expected a seat 0 to 4, not '01'
>>> excerpt("x" * 100)
"'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (100 characters)"
"""

from __future__ import annotations

import json
import math
from typing import Final

from cardtable.core import BadNotation

#: The most digits a number in a record, an action or an option may have.
MAX_DIGITS: Final = 12
#: The largest score, lead or count a record's match state may hold, either way: far beyond any
#: match (a Sheepshead hand under 64 compound doublers moves a score by at most about 10^22).
MAX_SCORE: Final = 10**30
#: The deepest nesting of arrays and objects a record may have (a real record needs 6).
MAX_DEPTH: Final = 32
#: The longest a JSON number may be written (digits, sign, point and exponent).
MAX_NUMBER_TEXT: Final = 40
#: How many characters of a bad value a message quotes.
EXCERPT: Final = 40
#: The longest a refusal message may be.
MAX_MESSAGE: Final = 400

_DIGITS: Final = frozenset("0123456789")


def is_number_text(text: str, negative: bool = False) -> bool:
    """True when ``text`` is a plain decimal number: ASCII digits (with a leading ``-`` if
    ``negative``), at most `MAX_DIGITS`, no leading zero."""
    body = text[1:] if negative and text.startswith("-") else text
    if not body or len(body) > MAX_DIGITS or not set(body) <= _DIGITS:
        return False
    return body == "0" or body[0] != "0"


def read_int(text: str, what: str, lo: int, hi: int) -> int:
    """Read a whole number from ``lo`` to ``hi``; `BadNotation` naming ``what`` otherwise."""
    if not is_number_text(text, negative=lo < 0):
        raise BadNotation(f"{what}: expected a number from {lo} to {hi}, not {excerpt(text)}")
    value = int(text)
    if not lo <= value <= hi:
        raise BadNotation(f"{what}: expected a number from {lo} to {hi}, not {excerpt(text)}")
    return value


def read_seat(text: str, seats: int) -> int:
    """Read a seat number ``0 … seats-1`` written as ASCII digits without a leading zero."""
    if not is_number_text(text) or int(text) >= seats:
        raise BadNotation(f"expected a seat 0 to {seats - 1}, not {excerpt(text)}")
    return int(text)


def is_whole(value: object, lo: int, hi: int) -> bool:
    """True when a JSON value is a whole number (not a bool) from ``lo`` to ``hi``."""
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def excerpt(value: object, limit: int = EXCERPT) -> str:
    """A short, one-line quotation of a bad value: its ``repr`` cut to ``limit`` characters."""
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        cut = repr(value[:limit])
        return f"{cut[:-1]}…{cut[-1]} ({len(value)} characters)"
    if isinstance(value, (list, dict)):
        return f"a JSON {'list' if isinstance(value, list) else 'object'} of {len(value)} items"
    if isinstance(value, int) and not isinstance(value, bool):
        text = str(value) if abs(value).bit_length() < 128 else f"a number of {abs(value).bit_length()} bits"
        return text if len(text) <= limit else text[:limit] + "…"
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "…"


def one_line(message: str, limit: int = MAX_MESSAGE) -> str:
    """A message on one line, at most ``limit`` characters (control characters escaped)."""
    flat = "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in message[: limit * 2])
    return flat if len(flat) <= limit and len(message) <= limit * 2 else flat[: limit - 1] + "…"


class BadJson(BadNotation):
    """Text that is not record JSON: not JSON at all, too deep, a key twice, or a number too long."""


def _int(text: str) -> int:
    if len(text) > MAX_NUMBER_TEXT:
        raise BadJson(f"a number of {len(text)} characters (at most {MAX_NUMBER_TEXT})")
    return int(text)


def _float(text: str) -> float:
    if len(text) > MAX_NUMBER_TEXT:
        raise BadJson(f"a number of {len(text)} characters (at most {MAX_NUMBER_TEXT})")
    value = float(text)
    if not math.isfinite(value):
        raise BadJson(f"{excerpt(text)} is not a finite number")
    return value


def _constant(text: str) -> object:
    raise BadJson(f"{text} is not JSON")


def _object(pairs: list[tuple[str, object]]) -> dict[str, object]:
    out: dict[str, object] = {}
    for key, value in pairs:
        if key in out:
            raise BadJson(f"the key {excerpt(key)} appears twice in one object")
        out[key] = value
    return out


def nesting_depth(text: str, stop: int = MAX_DEPTH) -> int:
    """The deepest nesting of ``[`` and ``{`` in JSON text (strings skipped), counted without
    recursion; stops counting once past ``stop``."""
    depth = deepest = 0
    in_string = escaped = False
    for ch in text:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
                if deepest > stop:
                    return deepest
        elif ch in "]}":
            depth -= 1
    return deepest


def loads(text: str) -> object:
    """Read record JSON strictly; `BadJson` (one line) for anything else."""
    if nesting_depth(text) > MAX_DEPTH:
        raise BadJson(f"nested more than {MAX_DEPTH} deep")
    try:
        return json.loads(text, parse_int=_int, parse_float=_float, parse_constant=_constant, object_pairs_hook=_object)
    except json.JSONDecodeError as e:
        raise BadJson(f"not JSON ({e.msg} at line {e.lineno} column {e.colno})") from None
    except RecursionError:  # cannot happen below MAX_DEPTH; kept so no input ever escapes as one
        raise BadJson(f"nested more than {MAX_DEPTH} deep") from None


def check_tree(value: object, limit: int = MAX_DEPTH) -> None:
    """Refuse a parsed JSON value nested deeper than ``limit`` (for values that did not come
    through `loads`), without recursion."""
    stack: list[tuple[object, int]] = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, (list, dict)):
            if depth > limit:
                raise BadJson(f"nested more than {limit} deep")
            children = item.values() if isinstance(item, dict) else item
            stack.extend((child, depth + 1) for child in children)

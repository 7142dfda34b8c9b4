"""Names and talk as people type them, checked the same way wherever they come in and whatever
the database: what a text may hold, how long a name may be, when two names look alike, and which
bots' names a table may seat.

**What a text may hold** (`text_problem`, for names and talk alike): anything people type (any
script, emoji with their skin tones, joiners and flag tags, a no-break space), but no character
that cannot be seen for what it is: control characters, line and paragraph separators, the
invisible formatting characters (the bidi controls that turn text around, a zero-width space, a
soft hyphen, a byte order mark), lone surrogates, private-use characters, more than
`MAX_MARKS` combining marks on one letter ("Zalgo" text that runs over the lines above and
below), and characters unknown to this Python's Unicode tables (except in the emoji blocks, where
a newer phone's emoji are expected). Two joiners are allowed because text needs them: the
zero-width joiner (U+200D) that binds an emoji sequence such as a family, and the zero-width
non-joiner (U+200C) of Persian and Indic writing. The tag characters (U+E0020–U+E007F) are
allowed only where they spell a flag after U+1F3F4 (Scotland's, Wales's), so they cannot carry
hidden text. A text must also show something: a letter, digit, punctuation mark or symbol.

**Names** (`person`, `title`): people at a table, players, entrants and their partners have at
most `MAX_PERSON` characters, a tournament `MAX_TITLE`; both fit their columns in
`cardtable.web.schema` (checked below), so PostgreSQL's ``VARCHAR`` and SQLite (which would store
anything) see the same names. A name is kept as typed, in NFC, with its runs of spaces (a no-break
space among them) made one space and its ends trimmed.

**Look-alikes** (`looks_alike`): two names are the same name to a person when their keys meet:
each key is the name in NFKC (full-width and mathematical letters, ligatures and circled letters
become plain ones), without the invisible characters that only join or vary a glyph, its spaces
and dashes and apostrophes made one of each, then drawn through `LOOKS` (the letters of the
Cyrillic, Greek, Armenian and Cherokee scripts drawn like Latin ones, digits and signs drawn like
letters) and case-folded, once folded first and once with the case kept (so that "Ian" meets
"lan" and "ANN" meets "ann"); "rn" is "m" and "vv" is "w". This is our own small table in the
spirit of Unicode's confusables skeleton (UTS #39), not that whole list: Python has no well-kept
library that computes the skeleton without compiling ICU, and a table of the characters a person
would use to pass for another at a card table is enough to refuse "Аnn" (a Cyrillic А) beside
"Ann". A false meeting costs a person a letter of their name; a missed one is a look-alike seat.

**Bots** (`bot_name`): a seat's bot is kept under the bot's own name (``search`` is kept as
``search:medium``, ``search:hard@.5`` as ``search:hard@0.5``), or an operator's program under the
name the operator gave it; a spec that the bot does not account for in its name (``random:`` and
a hundred letters, which the random bot would ignore) is refused, so that every name on a
leaderboard is a real bot.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping
from typing import Any

from cardtable.core import CardtableError
from cardtable.web.errors import Refused
from cardtable.web.schema import KIND, NAME

#: The longest name of a person (at a table, a player, an entrant), in characters.
MAX_PERSON = 40
#: The longest name of a tournament, in characters (its column holds 80).
MAX_TITLE = 80
#: The most combining marks one letter may carry (Vietnamese and Hebrew use up to three or four).
MAX_MARKS = 8

assert MAX_PERSON <= NAME and MAX_TITLE <= 80, "a name must fit its column (cardtable.web.schema)"

_JOINERS = frozenset("\u200c\u200d")
_BIDI = frozenset("\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
_BLACK_FLAG = "\U0001f3f4"
_CANCEL_TAG = "\U000e007f"


def _is_tag(ch: str) -> bool:
    return "\U000e0020" <= ch <= "\U000e007e"


def _future_emoji(ch: str) -> bool:
    """A character of the emoji blocks that this Python's Unicode tables do not know yet."""
    return "\U0001f000" <= ch <= "\U0001faff"


def _describe(ch: str) -> str:
    return f"U+{ord(ch):04X}"


def text_problem(text: str) -> str | None:
    """What in ``text`` cannot be shown as what it is (``None``: nothing), in a few words."""
    marks = 0
    visible = False
    n = 0
    while n < len(text):
        ch = text[n]
        cat = unicodedata.category(ch)
        if cat in ("Mn", "Me"):
            marks += 1
            if marks > MAX_MARKS:
                return f"more than {MAX_MARKS} marks on one letter"
        else:
            marks = 0
        if ch == _BLACK_FLAG:  # a flag's tag sequence: tags then the cancel tag
            end = n + 1
            while end < len(text) and _is_tag(text[end]):
                end += 1
            if end > n + 1:
                if end >= len(text) or text[end] != _CANCEL_TAG:
                    return "a flag's tag characters without their end"
                n = end + 1
                visible = True
                continue
        if cat == "Cf" and ch not in _JOINERS:
            if ch in _BIDI:
                return f"a character that turns the direction of the text ({_describe(ch)})"
            return f"an invisible formatting character ({_describe(ch)})"
        if cat == "Cc":
            return f"a control character ({_describe(ch)})"
        if cat in ("Zl", "Zp"):
            return f"a line break ({_describe(ch)})"
        if cat == "Cs":
            return "a lone surrogate (half of a character)"
        if cat == "Co":
            return f"a private-use character ({_describe(ch)})"
        if cat == "Cn" and not _future_emoji(ch):
            return f"a character that is not in Unicode's tables ({_describe(ch)})"
        if cat[0] in "LNPS" or cat == "Cn":
            visible = True
        n += 1
    if not visible:
        return "nothing to show"
    return None


def _tidy(text: str) -> str:
    """NFC, each run of spaces one space, the ends trimmed."""
    return " ".join(unicodedata.normalize("NFC", text).split())


def _checked(value: object, field: str, most: int, what: str) -> str:
    if not isinstance(value, str):
        raise Refused(400, f"{field}: expected {what} of 1 to {most} characters")
    if len(value) > 4 * most:  # far too long: refused before any work on it
        raise Refused(400, f"{field}: at most {most} characters")
    problem = text_problem(value)
    if problem is not None:
        raise Refused(400, f"{field}: the name has {problem}")
    name = _tidy(value)
    if not 1 <= len(name) <= most:
        raise Refused(400, f"{field}: expected {what} of 1 to {most} characters")
    return name


def person(value: object, field: str = "name") -> str:
    """A person's name as kept (at a table, a player, an entrant, a partner), or ``400`` saying
    what is wrong with it."""
    return _checked(value, field, MAX_PERSON, "a name")


def title(value: object, field: str = "name") -> str:
    """A tournament's name as kept, or ``400``."""
    return _checked(value, field, MAX_TITLE, "a name")


# --- look-alikes ---

#: Characters drawn like a Latin letter or like each other, by the character they pass for.
LOOKS: dict[str, str] = {
    "a": "аɑα⍺",
    "c": "сϲᴄⅽ",
    "d": "ԁⅾ",
    "e": "еҽ℮",
    "g": "ɡ",
    "h": "һ",
    "i": "іιıɩ",
    "j": "јϳ",
    "m": "ⅿ",
    "n": "ո",
    "o": "оοօᴏ",
    "p": "рρ",
    "q": "ԛ",
    "s": "ѕ",
    "u": "υսᴜ",
    "v": "νѵᴠ",
    "w": "ԝѡᴡ",
    "x": "хχ",
    "y": "уү",
    "z": "ᴢ",
    "A": "АΑᎪ",
    "B": "ВΒᏴ",
    "C": "СϹᏟ",
    "D": "Ꭰ",
    "E": "ЕΕᎬ",
    "G": "Ꮐ",
    "H": "НΗᎻ",
    "J": "ЈᎫ",
    "K": "КΚᏦ",
    "L": "Ꮮ",
    "M": "МΜᎷ",
    "N": "Ν",
    "O": "ОΟՕᎾ0",
    "P": "РΡᏢ",
    "S": "ЅᏚ",
    "T": "ТΤᎢ",
    "V": "Ꮩ",
    "W": "Ꮃ",
    "X": "ХΧ",
    "Y": "ΥҮ",
    "Z": "ΖᏃ",
    "l": "1|ǀӏӀІΙI",
    "-": "‐‑‒–—―−﹘﹣",
    "'": "‘’ʼ′`´ʹ",
}
_LOOK = {ch: target for target, chars in LOOKS.items() for ch in chars}
#: Letter pairs drawn like one letter.
PAIRS = (("rn", "m"), ("vv", "w"))
#: Characters that only join or vary a glyph: left out when names are compared.
_IGNORED = frozenset("\u034f\u115f\u1160\u3164\uffa0\u200b\u2060\ufeff") | frozenset(
    chr(c) for c in [*range(0xFE00, 0xFE10), *range(0xE0100, 0xE01F0)]
)


def _drawn(text: str) -> str:
    out = "".join(_LOOK.get(ch, ch) for ch in text)
    for pair, one in PAIRS:
        out = out.replace(pair, one)
    return out


def keys(name: str) -> frozenset[str]:
    """The keys under which ``name`` is compared (see the module's docstring)."""
    base = unicodedata.normalize("NFKC", name)
    base = "".join(ch for ch in base if ch not in _IGNORED and unicodedata.category(ch) != "Cf")
    base = " ".join(base.split())
    return frozenset({_drawn(_drawn(base.casefold()).casefold()), _drawn(_drawn(base).casefold())})


def looks_alike(a: str, b: str) -> bool:
    """Whether a person could take the names ``a`` and ``b`` for one name."""
    return not keys(a).isdisjoint(keys(b))


def alike(name: str, others: Iterable[str | None]) -> str | None:
    """The first of ``others`` that looks like ``name``, or ``None``."""
    mine = keys(name)
    return next((o for o in others if o is not None and not mine.isdisjoint(keys(o))), None)


# --- bots ---


def _seconds_written_short(spec: str) -> str:
    """``spec`` with its time limit (``@SECONDS``) in its shortest form: ``@.50`` is ``@0.5``."""
    head, at, limit = spec.rpartition("@")
    if not at:
        return spec
    try:
        seconds = float(limit)
    except ValueError:
        return spec
    short = repr(seconds)
    return f"{head}@{short.removesuffix('.0')}"


#: Bot kinds that run a program (`cardtable.web.tables.bots.PROGRAM_KINDS`): never made here, so
#: that no name read from a table or a database starts a program.
RUNS_A_PROGRAM = frozenset({"cmd"})


_OWN_NAMES: dict[tuple[str, Any, str], str] = {}


def _own_name(game: Any, wanted: str) -> str:
    """The name the bot ``wanted`` gives itself at a table of ``game`` (a searching bot takes a
    tenth of a second to make: made once per game, rules and spec, for the 512 last asked)."""
    from cardtable.bots import make_bot

    key = (str(game.name), game.rules, wanted)
    name = _OWN_NAMES.get(key)
    if name is None:
        name = str(getattr(make_bot(game, wanted), "name", "") or "").strip()
        if len(_OWN_NAMES) >= 512:
            _OWN_NAMES.clear()
        _OWN_NAMES[key] = name
    return name


def bot_name(game: Any, spec: object, programs: Mapping[str, str] | None = None) -> str:
    """The name under which the bot ``spec`` sits at a table of ``game``: the bot's own name, or
    an operator's program by the name the operator gave it; ``422`` for a spec that is no bot's
    name (``random:`` and a hundred letters), ``400`` for one that is not a short text. Whether
    the server lets the bot sit (a program named by a table, a time limit) is asked apart
    (`cardtable.web.tables.bots.refusal`)."""
    if isinstance(spec, str) and spec not in (programs or {}) and spec.strip().partition(":")[0] in RUNS_A_PROGRAM:
        raise Refused(422, "a table cannot name a program to run; the server's operator offers bot programs by name")
    if not isinstance(spec, str) or not 1 <= len(spec.strip()) <= KIND:
        raise Refused(400, f'bot: expected a bot name of 1 to {KIND} characters such as "rule"')
    problem = text_problem(spec)
    if problem is not None:
        raise Refused(400, f"bot: the name has {problem}")
    spec = spec.strip()
    if spec in (programs or {}):
        return spec
    wanted = _seconds_written_short(spec)
    kind = wanted.partition(":")[0]
    try:
        name = _own_name(game, wanted)
    except CardtableError as e:
        raise Refused(422, str(e)) from None
    if name == wanted:
        return name
    if not name or name.partition(":")[0].partition("@")[0] != kind:
        return wanted  # a plug-in that names itself apart from its kind keeps the name it was asked by
    parts, have = wanted.split(":"), iter(name.split(":"))
    if len(name) <= KIND and all(part in have for part in parts):  # defaults filled in: search → search:medium
        return name
    raise Refused(422, f"unknown bot {spec[:40]!r}: the {kind} bot takes no such level (it plays as {name!r})")


def is_bot_name(game: Any, name: str, programs: Mapping[str, str] | None = None) -> bool:
    """Whether ``name`` is a bot's own name as `bot_name` keeps it (a leaderboard shows no other)."""
    try:
        return bot_name(game, name, programs) == name
    except Refused:
        return False

"""The languages people play in: the game told, refused and taught in English, German or Hindi.

Messages are marked in the code with `_` (one message), `ngettext` (a message that depends on a
number: "1 point", "2 points") and `N_` (a message kept in a table and translated where it is
said). English is the message itself; German and Hindi come from the gettext catalogs under
``cardtable/locale/{de,hi}/LC_MESSAGES/cardtable.mo``, compiled from their ``.po`` files
(docs/languages.md), and each catalog's ``Plural-Forms`` says how its plurals go.

Who hears the words chooses the language: a table says each person's narration and refusals in
their own (`speaking`), while records, logs and the engine's own errors stay in English, the
language of the data. Without `speaking` everything is English. At the terminal the same line
holds: what a person reads (a command's refusal of its options, the lessons, the puzzles, the
analysis's text) is said in the terminal's locale (`language_of_environment`) or ``--lang``;
what a script reads (a record's refusal, ``--json``, the output of the commands without
``--lang``) stays English. The server's own words that a page shows later (why a review stopped
or failed, its refusals) are kept beside their English as words (`words_of`) for the page to
say in its reader's language.

Standard library only (`gettext`), so the engine's and the narration's floors may use it.
"""

from __future__ import annotations

import contextvars
import functools
import gettext
import string
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

#: The gettext domain: one catalog per language for the whole project.
DOMAIN = "cardtable"
#: Where the catalogs are: ``LOCALE_DIR / "de" / "LC_MESSAGES" / "cardtable.mo"``.
LOCALE_DIR = Path(__file__).resolve().parent / "locale"
#: The languages spoken, English first (the messages themselves).
LANGUAGES = ("en", "de", "hi")
#: Each language by its own name, for the pickers.
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "hi": "हिन्दी"}

_ENGLISH = gettext.NullTranslations()
_current: contextvars.ContextVar[gettext.NullTranslations] = contextvars.ContextVar("cardtable_words", default=_ENGLISH)


def language_of(text: object) -> str:
    """The language a tag asks for, among `LANGUAGES` (``de-AT`` → ``de``), English for anything
    else (a tag is a browser's word, never trusted further than this)."""
    if not isinstance(text, str):
        return "en"
    base = text.strip().lower().replace("_", "-").split("-")[0][:8]
    return base if base in LANGUAGES else "en"


def named_language(text: object) -> str | None:
    """The language among `LANGUAGES` a tag names (``de-AT`` → ``de``), or ``None`` when it names
    none of them: a wish a request sends, kept only when it is one of ours."""
    if not isinstance(text, str) or len(text) > 64:
        return None
    base = text.strip().lower().replace("_", "-").split("-")[0]
    return base if base in LANGUAGES else None


def language_of_header(header: object) -> str | None:
    """The first language among `LANGUAGES` that an ``Accept-Language`` header asks for, by its
    weights (``fr-CH, de;q=0.8, en;q=0.5`` → ``de``), or ``None`` when it asks for none of them
    (a missing or malformed header, ``*``): the pages choose the same way from
    ``navigator.languages``."""
    if not isinstance(header, str):
        return None
    wishes: list[tuple[float, int, str]] = []
    for n, part in enumerate(header[:1000].split(",")[:32]):
        tag, _, params = part.partition(";")
        weight = 1.0
        if params.strip().startswith("q="):
            try:
                weight = float(params.strip()[2:])
            except ValueError:
                continue
        lang = named_language(tag)
        if lang is not None and weight > 0:
            wishes.append((-weight, n, lang))
    return min(wishes)[2] if wishes else None


def language_of_environment(environ: Mapping[str, str]) -> str:
    """The language a terminal's locale names, as gettext reads it: the first of ``LANGUAGE``
    (its first entry), ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` that is set (``de_DE.UTF-8`` →
    ``de``); English when none is, or it names a language not spoken here (``C``)."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = environ.get(name, "")
        if value:
            return language_of(value.split(":")[0].split(".")[0])
    return "en"


@functools.cache
def translations(language: str) -> gettext.NullTranslations:
    """The catalog of ``language`` (English, or an unknown language, says the messages as they are)."""
    lang = language_of(language)
    if lang == "en":
        return _ENGLISH
    return gettext.translation(DOMAIN, LOCALE_DIR, [lang])


def current() -> str:
    """The language being spoken now (`speaking`), ``en`` outside it."""
    words = _current.get()
    info = words.info() if words is not _ENGLISH else {}
    return language_of(info.get("language", "en"))


@contextmanager
def speaking(language: str) -> Iterator[None]:
    """Say everything inside in ``language``: ``with speaking("de"): narrate_step(...)``."""
    token = _current.set(translations(language))
    try:
        yield
    finally:
        _current.reset(token)


def _(message: str) -> str:
    """``message`` in the language being spoken."""
    return _current.get().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of a message for the number ``n``, by the language's own plural rule."""
    return _current.get().ngettext(singular, plural, n)


def N_(message: str) -> str:
    """Marks a message to translate where it is said (a table of messages), and returns it as is."""
    return message


class Phrase(str):
    """English words that keep their message and its parts, so that they can be said again in
    another language (`say`): the engine's refusals are made of these, and stay plain English
    text everywhere else (records, logs, ``str``)."""

    template: str
    params: dict[str, object]

    def __new__(cls, template: str, params: dict[str, object]) -> Phrase:
        made = super().__new__(cls, template.format(**{k: _listed(v, str) for k, v in params.items()}))
        made.template = template
        made.params = params
        return made


def _listed(value: object, said: Callable[[object], str]) -> object:
    """A list of parts as ``a, b, c`` (each part said by ``said``); anything else as it is."""
    if isinstance(value, list | tuple):
        return ", ".join(said(v) for v in value)
    return value


def phrase(template: str, /, **params: object) -> Phrase:
    """``template`` with ``params`` put in, as English text that `say` can translate: the
    parts may be phrases too (``phrase("must follow {suit}", suit=phrase("hearts"))``), or lists
    of them, said ``a, b, c``."""
    return Phrase(template, params)


#: How each language writes the decimal point (the pages' ``Intl.NumberFormat`` writes them alike).
DECIMAL_POINT = {"de": ","}
#: The true minus sign a negative amount is said with outside English (as the pages write it).
MINUS = "\u2212"


class Amount(str):
    """A number with a fixed count of decimals inside a `Phrase`: in English as Python writes it
    (``f"{value:.{places}f}"``: ``2.4``), said (`say`) as the language writes it (``2,4`` in
    German, a true minus sign outside English)."""

    value: float
    places: int

    def __new__(cls, value: float, places: int) -> Amount:
        made = super().__new__(cls, f"{value:.{places}f}")
        made.value = float(value)
        made.places = places
        return made

    def said(self) -> str:
        """The amount as the language being spoken writes it."""
        lang = current()
        if lang == "en":
            return str(self)
        shown = f"{abs(self.value):.{self.places}f}".replace(".", DECIMAL_POINT.get(lang, "."))
        return MINUS + shown if str(self).startswith("-") else shown


def written(number: str) -> str:
    """A number Python wrote (``+1.25``, ``0.40``) as the language being spoken writes it: its
    decimal point as the language's (``+1,25`` in German); its sign as it was."""
    return number.replace(".", DECIMAL_POINT.get(current(), "."))


def say(text: object) -> str:
    """``text`` in the language being spoken when it is a `Phrase` (its parts too) or an
    `Amount`, else as it is."""
    if isinstance(text, Amount):
        return text.said()
    if not isinstance(text, Phrase):
        return str(text)
    return _(text.template).format(
        **{k: _listed(v, say) if isinstance(v, list | tuple) else say(v) for k, v in text.params.items()}
    )


#: How deep a phrase's parts may nest when it is read back (`phrase_of`), and how long a message may be.
_DEEPEST, _LONGEST = 24, 400


def words_of(text: object) -> object:
    """``text`` as JSON-ready words that `phrase_of` (or the review panel's ``saidWords``) can say
    again in any language: a `Phrase` as ``{"m": message, "p": {name: part}}``, an `Amount` as
    ``{"n": value, "places": places}`` (the value it shows: ``12.25`` shown with one place is kept
    as ``12.2``, so that a page rounds nothing again), a list of parts as a list, a whole number
    as a number and anything else as its text (a card, ``10♦``, said as it is in every language)."""
    if isinstance(text, Phrase):
        return {"m": text.template, "p": {k: words_of(v) for k, v in text.params.items()}}
    if isinstance(text, Amount):
        return {"n": float(text), "places": text.places}  # as shown: rounded once, by Python
    if isinstance(text, list | tuple):
        return [words_of(v) for v in text]
    if isinstance(text, int) and not isinstance(text, bool):
        return text
    return str(text)


def _fields(message: str) -> set[str] | None:
    """The parts a message names, or ``None`` when it names one in any other way than ``{name}``
    (an index, an attribute, a conversion or a format: never read from stored words)."""
    names: set[str] = set()
    try:
        for _text, name, spec, conversion in string.Formatter().parse(message):
            if name is None:
                continue
            if not name.isidentifier() or spec or conversion:
                return None
            names.add(name)
    except ValueError:
        return None
    return names


def phrase_of(words: object, depth: int = 0) -> object:
    """The `Phrase` (or part) that `words_of` made ``words`` of; raises ``ValueError`` when the
    words are not such (stored data is read no further than it is well made)."""
    if depth > _DEEPEST:
        raise ValueError("words nest too deep")
    if isinstance(words, str) and len(words) <= _LONGEST:
        return words
    if isinstance(words, int) and not isinstance(words, bool):
        return words
    if isinstance(words, list) and len(words) <= 16:
        return [phrase_of(w, depth + 1) for w in words]
    if isinstance(words, dict) and set(words) == {"n", "places"}:
        value, places = words["n"], words["places"]
        if isinstance(value, int | float) and not isinstance(value, bool) and places in (0, 1, 2, 3):
            return Amount(float(value), places)
    if isinstance(words, dict) and set(words) == {"m", "p"}:
        message, params = words["m"], words["p"]
        if isinstance(message, str) and len(message) <= _LONGEST and isinstance(params, dict):
            names = _fields(message)
            if names is not None and names <= set(params) and all(isinstance(k, str) for k in params):
                return Phrase(message, {k: phrase_of(v, depth + 1) for k, v in params.items() if k in names})
    raise ValueError("not words of a phrase")


def said_words(words: object, english: str) -> str:
    """Stored words (`words_of`) said in the language being spoken; ``english`` (the sentence
    stored beside them) when there are none or they are not well made."""
    if words is None:
        return english
    try:
        return say(phrase_of(words))
    except ValueError:
        return english

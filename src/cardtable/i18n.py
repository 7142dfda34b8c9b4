"""The languages people play in: the game told, refused and taught in English, German or Hindi.

Messages are marked in the code with `_` (one message), `ngettext` (a message that depends on a
number: "1 point", "2 points") and `N_` (a message kept in a table and translated where it is
said). English is the message itself; German and Hindi come from the gettext catalogs under
``cardtable/locale/{de,hi}/LC_MESSAGES/cardtable.mo``, compiled from their ``.po`` files
(docs/languages.md), and each catalog's ``Plural-Forms`` says how its plurals go.

Who hears the words chooses the language: a table says each person's narration and refusals in
their own (`speaking`), while records, logs and the engine's own errors stay in English, the
language of the data. Without `speaking` everything is English.

Standard library only (`gettext`), so the engine's and the narration's floors may use it.
"""

from __future__ import annotations

import contextvars
import functools
import gettext
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


def say(text: object) -> str:
    """``text`` in the language being spoken when it is a `Phrase` (its parts too), else as it is."""
    if not isinstance(text, Phrase):
        return str(text)
    return _(text.template).format(
        **{k: _listed(v, say) if isinstance(v, list | tuple) else say(v) for k, v in text.params.items()}
    )

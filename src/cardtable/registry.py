"""Find games by name, with their rule options and named presets.

>>> game = get_game("smear", kitty_size=2)
>>> game.name, game.rules.kitty_size
('smear', 2)
>>> get_game("smear", colour="red")
Traceback (most recent call last):
...
cardtable.core.BadRules: unknown smear option 'colour' (known: ...)

Each game package exposes ``GAME`` (the class, built from keyword options) and ``PRESETS``
(preset name to options). Packages load on first use, so the kernel imports no game it does not need.

A game from outside this package is added by one line: ``register("name", "some.package")`` in the
program that uses it, or, for every program started with it in the environment,
``CARDTABLE_GAMES="name=some.package"`` (several separated by commas).
"""

from __future__ import annotations

import dataclasses
import importlib
import os
from collections.abc import Mapping
from typing import Any

from cardtable.core import BadRules, game_part
from cardtable.strict import excerpt

_MODULES: dict[str, str] = {
    "seep": "cardtable.games.seep",
    "smear": "cardtable.games.smear",
    "sheepshead": "cardtable.games.sheepshead",
}


def _from_environment(text: str) -> dict[str, str]:
    """The games named in ``CARDTABLE_GAMES`` (``name=package,…``); a malformed entry is left out.

    >>> _from_environment("toy=tests.toygame, bad,=x")
    {'toy': 'tests.toygame'}
    """
    out: dict[str, str] = {}
    for entry in text.split(","):
        name, _, module = entry.strip().partition("=")
        if name.strip() and module.strip():
            out[name.strip()] = module.strip()
    return out


_MODULES.update(_from_environment(os.environ.get("CARDTABLE_GAMES", "")))


#: The game a menu offers first (the terminal table's menu, the leaderboards) unless told another.
DEFAULT_GAME = "sheepshead"


def register(name: str, module: str) -> None:
    """Register a game package (one that exposes ``GAME`` and ``PRESETS``) under ``name``."""
    _MODULES[name] = module


def names() -> list[str]:
    """The names of every registered game, in alphabetical order."""
    return sorted(_MODULES)


def offered() -> list[str]:
    """The names of every registered game, `DEFAULT_GAME` first, then in alphabetical order: the
    order menus offer them in."""
    return sorted(_MODULES, key=lambda name: (name != DEFAULT_GAME, name))


def playthrough_presets(name: str) -> tuple[str, ...]:
    """The presets of the game called ``name`` whose playthroughs are kept as golden transcripts:
    its package's ``PLAYTHROUGH_PRESETS`` (none if it names none)."""
    presets = getattr(_module(name), "PLAYTHROUGH_PRESETS", ())
    return tuple(presets)


def _module(name: str) -> Any:
    if name not in _MODULES:
        raise BadRules(f"unknown game {name!r} (known: {', '.join(names())})")
    return importlib.import_module(_MODULES[name])


def presets(name: str) -> dict[str, dict[str, Any]]:
    """The named presets of a game: preset name to rule options."""
    return dict(_module(name).PRESETS)


def entry(name: str) -> Any:
    """The game's tournament scoring, its module ``entry`` (`cardtable.core.ResultEntry`)."""
    _module(name)  # an unknown game is refused here
    return importlib.import_module(_MODULES[name] + ".entry")


def game_class(name: str) -> Any:
    """The game class registered under ``name``."""
    return _module(name).GAME


def title(name: str) -> str:
    """The game's name for people, in English (its class's ``title``, a message to translate where
    it is said: ``_(title("smear"))``); a game that gives none is called by its registered name
    (``toy_game`` → ``Toy game``). Raises `BadRules` for an unknown game."""
    given = getattr(game_class(name), "title", None)
    if isinstance(given, str) and given:
        return given
    return name.replace("_", " ").capitalize()


def part(name: str, role: str) -> Any:
    """The module ``role`` of the package of the game named ``name`` (`core.game_part`): its
    ``narration``, ``drawing`` and so on, or ``None`` when it has none. Raises `BadRules` for an
    unknown game."""
    return game_part(game_class(name), role)


def get_game(name: str, preset: str | None = None, **options: Any) -> Any:
    """A game with rule options: those of ``preset`` first, then ``options`` on top.

    An unknown game, preset or option, or a bad value, raises `BadRules` at once.
    """
    module = _module(name)
    merged: dict[str, Any] = {}
    if preset is not None:
        if preset not in module.PRESETS:
            known = ", ".join(sorted(module.PRESETS))
            raise BadRules(f"unknown {name} preset {preset!r} (known: {known})")
        merged.update(module.PRESETS[preset])
    merged.update(options)
    return module.GAME(**merged)


def get_game_from_rules(name: str, rules: Mapping[str, Any] | None) -> Any:
    """A game from a record's ``name`` and ``rules`` object (record contract §2)."""
    if rules is not None and not isinstance(rules, Mapping):
        raise BadRules("rules: expected an object of rule options")
    # Check the names here: passed on as keywords, "preset" or "name" would be taken as
    # get_game's own parameters instead of refused as unknown options.
    options = dict(rules or {})
    cls = _module(name).GAME
    known = {f.name for f in dataclasses.fields(cls().rules)}
    for key in options:
        if key not in known:
            raise BadRules(f"unknown {name} option {excerpt(key)} (known: {', '.join(sorted(known))})")
    return cls(**options)

"""One decision spelled token by token, its masks read off the engine's legal actions.

The engine is the only rulebook: a `Decision` holds the seat's legal actions as the engine lists
them, spelled in the game's vocabulary; the tokens allowed next are the next tokens of the
spellings that begin with what the seat has given so far, and a finished spelling is exactly one
engine action.

>>> from cardtable.registry import get_game
>>> from cardtable.rl.tokens import vocabulary
>>> game = get_game("smear", kitty_size=2)
>>> vocab = vocabulary("smear")
>>> d = Decision(vocab, [game.parse("discard 9C QD"), game.parse("discard 9C AH"), game.parse("discard QD AH")])
>>> [vocab.names[t] for t in d.allowed()]
['discard 9C', 'discard QD']
>>> d.push(vocab.names.index("discard 9C")) is None
True
>>> [vocab.names[t] for t in d.allowed()]
['discard QD', 'discard AH']
>>> game.format(d.push(vocab.names.index("discard AH")))
'discard 9C AH'
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from cardtable.core import CardtableError
from cardtable.rl.tokens import Vocabulary


class IllegalToken(CardtableError):
    """A token that no legal action of the seat spells next."""


class Decision:
    """A seat's legal actions and the tokens it has given so far toward one of them."""

    __slots__ = ("actions", "alive", "prefix", "spellings", "vocab")

    def __init__(self, vocab: Vocabulary, legal: Sequence[Any]) -> None:
        self.vocab = vocab
        self.actions = tuple(legal)
        self.spellings = tuple(vocab.spell(a) for a in self.actions)
        self.prefix: tuple[int, ...] = ()
        #: The indices of the actions whose spelling begins with ``prefix``.
        self.alive: tuple[int, ...] = tuple(range(len(self.actions)))

    def allowed(self) -> list[int]:
        """The tokens that may come next, in token order."""
        k = len(self.prefix)
        return sorted({self.spellings[i][k] for i in self.alive})

    def push(self, token: int) -> Any | None:
        """Give one token: the engine action once its spelling is complete, else ``None``.

        Raises `IllegalToken` (and changes nothing) when no legal action is spelled that way."""
        k = len(self.prefix)
        alive = tuple(i for i in self.alive if self.spellings[i][k] == token)
        if not alive:
            name = self.vocab.names[token] if 0 <= token < self.vocab.size else repr(token)
            allowed = self.allowed()
            shown = ", ".join(self.vocab.names[t] for t in allowed[:8]) + (", …" if len(allowed) > 8 else "")
            raise IllegalToken(f"token {name!r} spells no legal action here (allowed: {shown})")
        self.prefix = (*self.prefix, token)
        self.alive = alive
        for i in alive:
            if len(self.spellings[i]) == k + 1:
                return self.actions[i]
        return None

    def spell(self, choose: Callable[[list[int]], int]) -> Any:
        """The engine action spelled token by token, each token the only one allowed or
        ``choose(allowed)`` (a policy's pick among the tokens that may come next)."""
        while True:
            allowed = self.allowed()
            done = self.push(allowed[0] if len(allowed) == 1 else choose(allowed))
            if done is not None:
                return done

"""The rule-based bot of Toy Tricks: last to a trick, win it as cheaply as it can; earlier, play
its highest card that beats the trick so far; else throw its lowest card. ``classic``: the
earlier bot, which always threw its lowest card."""

from __future__ import annotations

import random
from typing import Any

from .game import SEATS, Play, ToyView, power, suit_of


class RuleBot:
    """Plays the cheapest sure winner, a high card that may win, or its lowest card."""

    def __init__(self, game: Any, classic: bool = False) -> None:
        self.game = game
        self.classic = classic
        self.name = "rule:classic" if classic else "rule"

    def act(self, view: ToyView, legal: list[Play], rng: random.Random) -> Play:
        if view.trick and not self.classic:
            led = suit_of(view.trick[0])
            best = max(power(c) for c in view.trick if suit_of(c) == led)
            winners = [a for a in legal if suit_of(a.card) == led and power(a.card) > best]
            if winners and len(view.trick) == SEATS - 1:
                return min(winners, key=lambda a: power(a.card))
            if winners:
                return max(winners, key=lambda a: power(a.card))
        return min(legal, key=lambda a: (power(a.card), a.card))

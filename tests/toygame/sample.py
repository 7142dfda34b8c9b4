"""Worlds for the search bot: the cards a seat cannot see dealt at random to the other seats,
each keeping its number of cards and showing no card of a suit it has shown void in; with
``infer``, worlds in which every card the others played is the one the rule-based bot would have
played are preferred (the first such among a few draws)."""

from __future__ import annotations

import random
from typing import Any

from .bots import RuleBot
from .game import CHANCE, DECK, SEATS, Play, ToyState, ToyView, suit_of

#: Draws tried for a world that agrees with the rule-based bot before the last draw is taken.
INFER_DRAWS = 8


def _voids(view: ToyView) -> list[set[int]]:
    """The suits each seat has shown it lacks (it did not follow the suit led)."""
    voids: list[set[int]] = [set() for _ in range(SEATS)]
    for leader, cards in (*((t.leader, t.cards) for t in view.tricks), (view.leader, view.trick)):
        for i, card in enumerate(cards):
            if suit_of(card) != suit_of(cards[0]):
                voids[(leader + i) % SEATS].add(suit_of(cards[0]))
    return voids


def _draw(view: ToyView, rng: random.Random) -> ToyState:
    assert view.seat is not None and view.hand is not None
    seen = set(view.hand) | set(view.trick) | {c for t in view.tricks for c in t.cards}
    hidden = [c for c in DECK if c not in seen]
    voids = _voids(view)
    others = [s for s in range(SEATS) if s != view.seat]
    hands = [0] * SEATS
    for _ in range(1000):
        rng.shuffle(hidden)
        hands = [0] * SEATS
        hands[view.seat] = sum(1 << c for c in view.hand)
        at = 0
        fits = True
        for s in others:
            mine = hidden[at : at + view.hand_sizes[s]]
            at += view.hand_sizes[s]
            fits = fits and not any(suit_of(c) in voids[s] for c in mine)
            hands[s] = sum(1 << c for c in mine)
        if fits:
            break
    dealt = view.to_act != CHANCE
    return ToyState(view.dealer, view.scores, dealt, tuple(hands), view.leader, view.trick, view.tricks)


def _agrees(game: Any, world: ToyState, seat: int) -> bool:
    """Whether every card the other seats played in ``world``'s hand is the rule-based bot's choice,
    replayed from the deal the world implies."""
    plays = [(t.leader, t.cards) for t in world.tricks] + [(world.leader, world.trick)]
    hands = list(world.hands)
    for leader, cards in plays:
        for i, card in enumerate(cards):
            hands[(leader + i) % SEATS] |= 1 << card
    state = ToyState(world.dealer, world.scores, True, tuple(hands), plays[0][0] if world.tricks else world.leader)
    bot = RuleBot(game)
    rng = random.Random(0)
    for leader, cards in plays:
        for i, card in enumerate(cards):
            actor = (leader + i) % SEATS
            if actor != seat:
                legal = list(game.legal_actions(state))
                if bot.act(game.observe(state, actor), legal, rng).card != card:
                    return False
            state = game.apply(state, Play(card))
    return True


def sample(game: Any, view: ToyView, rng: random.Random, infer: bool = False) -> ToyState:
    world = _draw(view, rng)
    if infer and view.seat is not None:
        for _ in range(INFER_DRAWS - 1):
            if _agrees(game, world, view.seat):
                break
            world = _draw(view, rng)
    return world

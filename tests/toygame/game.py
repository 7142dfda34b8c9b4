"""The engine of Toy Tricks: rules, state, actions, play, views and records in one small module.

Rule ids: T1 the deal (card i of the deck to seat dealer+1+i, around the table), T2 follow suit,
T3 the highest card of the suit led wins and leads next, T4 a trick is a point, T5 the match.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from cardtable.cards import check_deck, format_card, parse_card, parse_card_list
from cardtable.core import (
    CHANCE,
    BadNotation,
    BadPosition,
    Deal,
    HandResult,
    IllegalAction,
    game_part,
    make_rules,
    option,
)

SEATS = 3
TRICKS = 5
#: Ace, king, queen, jack and ten (kernel ranks, ace 0 … king 12) of clubs, diamonds and hearts.
DECK: tuple[int, ...] = tuple(suit * 13 + rank for suit in range(3) for rank in (0, 12, 11, 10, 9))
DECK_MASK = sum(1 << c for c in DECK)
#: T3: the order within a suit, highest first.
ORDER = {0: 5, 12: 4, 11: 3, 10: 2, 9: 1}


def suit_of(card: int) -> int:
    return card // 13


def power(card: int) -> int:
    return ORDER[card % 13]


def cards_of(mask: int) -> list[int]:
    return [c for c in DECK if mask >> c & 1]


@dataclass(frozen=True)
class ToyRules:
    """The options of Toy Tricks."""

    target: int = option(21, doc="points that win the match", rule="T5", kind=int, minimum=1, examples=(3, 11))
    lead: str = option(
        "left", doc="who leads the first trick: the dealer's left or the dealer", rule="T1", choices=("left", "dealer")
    )


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card to the trick."""

    card: int


@dataclass(frozen=True, slots=True)
class Trick:
    leader: int
    cards: tuple[int, ...]
    winner: int


@dataclass(frozen=True, slots=True)
class ToyState:
    """One hand: the dealer, the hands (card sets; empty before the deal), the trick in play and
    its leader, the tricks taken, and the match score from before the hand."""

    dealer: int
    scores: tuple[int, ...]
    dealt: bool = False
    hands: tuple[int, ...] = (0, 0, 0)
    leader: int = 0
    trick: tuple[int, ...] = ()
    tricks: tuple[Trick, ...] = ()


@dataclass(frozen=True, slots=True)
class ToyView:
    """What one seat sees (``seat`` ``None``: a spectator): its own hand, the trick, the tricks
    taken and every seat's number of cards."""

    seat: int | None
    dealer: int
    hand: tuple[int, ...] | None
    hand_sizes: tuple[int, ...]
    leader: int
    trick: tuple[int, ...]
    tricks: tuple[Trick, ...]
    scores: tuple[int, ...]
    to_act: int | None

    @property
    def phase(self) -> str:
        """``deal`` before the deal, ``play`` while cards are played, ``over`` after the last trick."""
        if self.to_act is not None and self.to_act >= 0:
            return "play"
        return "over" if self.tricks else "deal"

    def to_json(self) -> dict[str, Any]:
        """The view as JSON; a spectator's has no ``hand``."""
        own = {} if self.hand is None else {"hand": [format_card(c) for c in self.hand]}
        return {
            "seat": self.seat,
            "dealer": self.dealer,
            **own,
            "hand_sizes": list(self.hand_sizes),
            "phase": self.phase,
            "trick": {"leader": self.leader, "cards": [format_card(c) for c in self.trick]},
            "tricks": [
                {"leader": t.leader, "cards": [format_card(c) for c in t.cards], "winner": t.winner}
                for t in self.tricks
            ],
            "scores": list(self.scores),
            "to_act": self.to_act,
        }


class Toy:
    """Toy Tricks for three players (see the package's docstring)."""

    name: ClassVar[str] = "toy"
    seats: ClassVar[int] = SEATS

    def __init__(self, **options: Any) -> None:
        self.rules: ToyRules = make_rules(ToyRules, "toy", options)

    def __repr__(self) -> str:
        return "Toy()"

    # --- the hand ---

    def start(self, dealer: int = 0, match: Mapping[str, Any] | None = None) -> ToyState:
        scores = tuple(match["scores"]) if match and "scores" in match else (0,) * SEATS
        return ToyState(dealer=dealer, scores=scores)

    def actor(self, state: ToyState) -> int | None:
        if not state.dealt:
            return CHANCE
        if len(state.tricks) == TRICKS:
            return None
        return (state.leader + len(state.trick)) % SEATS

    def legal_actions(self, state: ToyState) -> Sequence[Play]:
        seat = self.actor(state)
        if seat is None or seat == CHANCE:
            return []
        hand = state.hands[seat]
        if state.trick:
            led = suit_of(state.trick[0])
            follow = [c for c in cards_of(hand) if suit_of(c) == led]
            if follow:  # T2
                return [Play(c) for c in follow]
        return [Play(c) for c in cards_of(hand)]

    def deal(self, state: ToyState, rng: random.Random) -> Deal:
        deck = list(DECK)
        rng.shuffle(deck)
        return Deal(tuple(deck))

    def apply(self, state: ToyState, action: Play | Deal) -> ToyState:
        seat = self.actor(state)
        if isinstance(action, Deal):
            if seat != CHANCE:
                raise IllegalAction("deal", None, "T1", "the cards are already dealt")
            if sorted(action.deck) != sorted(DECK):
                raise IllegalAction("deal", None, "T1", "the deck is not the game's fifteen cards")
            hands = [0] * SEATS
            for i, card in enumerate(action.deck):
                hands[(state.dealer + 1 + i) % SEATS] |= 1 << card
            leader = state.dealer if self.rules.lead == "dealer" else (state.dealer + 1) % SEATS
            return ToyState(state.dealer, state.scores, True, tuple(hands), leader)
        if not isinstance(action, Play) or seat is None or seat == CHANCE:
            raise IllegalAction(self._text(action), seat, "T2", "no play is due")
        if action not in self.legal_actions(state):
            why = "you must follow suit" if state.hands[seat] >> action.card & 1 else "you do not hold that card"
            raise IllegalAction(self.format(action), seat, "T2", why)
        hands = list(state.hands)
        hands[seat] &= ~(1 << action.card)
        trick = (*state.trick, action.card)
        if len(trick) < SEATS:
            return ToyState(state.dealer, state.scores, True, tuple(hands), state.leader, trick, state.tricks)
        led = suit_of(trick[0])
        best = max((i for i in range(SEATS) if suit_of(trick[i]) == led), key=lambda i: power(trick[i]))
        winner = (state.leader + best) % SEATS  # T3
        done = Trick(state.leader, trick, winner)
        return ToyState(state.dealer, state.scores, True, tuple(hands), winner, (), (*state.tricks, done))

    def _text(self, action: object) -> str:
        return self.format(action) if isinstance(action, Play) else "that action"

    def observe(self, state: ToyState, seat: int) -> ToyView:
        return self._view(state, seat)

    def observe_public(self, state: ToyState) -> ToyView:
        return self._view(state, None)

    def _view(self, state: ToyState, seat: int | None) -> ToyView:
        hand = None if seat is None else tuple(cards_of(state.hands[seat]))
        return ToyView(
            seat,
            state.dealer,
            hand,
            tuple(h.bit_count() for h in state.hands),
            state.leader,
            state.trick,
            state.tricks,
            state.scores,
            self.actor(state),
        )

    def public_action(self, state: ToyState, action: Play) -> str:
        return self.format(action)  # a card played is seen by all

    def outcome(self, state: ToyState) -> HandResult | None:
        if len(state.tricks) < TRICKS:
            return None
        won = [0] * SEATS
        for t in state.tricks:
            won[t.winner] += 1  # T4
        scores = [a + b for a, b in zip(state.scores, won, strict=True)]
        return HandResult("played", tuple(won), {"tricks": won, "scores": scores})

    def parse(self, text: str) -> Play:
        verb, _, rest = text.strip().partition(" ")
        if verb.lower() != "play" or not rest.strip() or " " in rest.strip():
            raise BadNotation(f"not a toy action: {text[:40]!r} (expected 'play CARD')")
        card = parse_card(rest.strip())
        if card not in DECK:
            raise BadNotation(f"{rest.strip()[:8]!r} is not a card of this game")
        return Play(card)

    def format(self, action: Play) -> str:
        return f"play {format_card(action.card)}"

    # --- the match ---

    def dealer(self, state: ToyState) -> int:
        return state.dealer

    def match_json(self, state: ToyState) -> dict[str, Any]:
        result = self.outcome(state)
        return {"scores": list(result.details["scores"]) if result else list(state.scores)}

    def next_hand(self, state: ToyState) -> ToyState | None:
        if self.outcome(state) is None or self.winner(state) is not None:
            return None
        return self.start((state.dealer + 1) % SEATS, self.match_json(state))

    def winner(self, state: ToyState) -> tuple[int, ...] | None:
        result = self.outcome(state)
        if result is None:
            return None
        scores = result.details["scores"]
        top = max(scores)
        if top < self.rules.target:
            return None
        return tuple(s for s in range(SEATS) if scores[s] == top)  # T5: a tie shares the match

    # --- records ---

    def deal_from_json(self, obj: object, dealer: int) -> Deal:
        if not isinstance(obj, dict) or "deck" not in obj:
            raise BadNotation("deal: expected {'deck': [15 cards]}")
        return Deal(check_deck(parse_card_list(obj["deck"], "deal"), DECK_MASK, "deal"))

    def position_start(self, obj: object, match: Mapping[str, Any] | None) -> ToyState:
        raise BadPosition("toy has no position form")

    def position_json(self, state: ToyState) -> dict[str, Any] | None:
        return None

    # --- checks ---

    def card_places(self, state: ToyState) -> Mapping[str, int]:
        places = {f"hand {s}": state.hands[s] for s in range(SEATS)}
        places["trick"] = sum(1 << c for c in state.trick)
        for s in range(SEATS):
            places[f"taken {s}"] = sum(1 << c for t in state.tricks if t.winner == s for c in t.cards)
        return places

    def unseen(self, state: ToyState, seat: int) -> int:
        return sum(state.hands[s] for s in range(SEATS) if s != seat)

    def unseen_public(self, state: ToyState) -> int:
        return sum(state.hands)

    def card_point_totals(self, state: ToyState) -> tuple[int, int]:
        result = self.outcome(state)
        return (sum(result.score) if result else 0, TRICKS)

    # --- bots ---

    def sample(self, view: ToyView, rng: random.Random, infer: bool = False) -> ToyState:
        """A state the viewing seat cannot tell from the true one; with ``infer``, one in which the
        other seats played their cards as the rule-based bot would, where one is found
        (`sample.sample`, on the floor above the engine, found through `core.game_part`)."""
        sampler: Any = game_part(self, "sample")
        state: ToyState = sampler.sample(self, view, rng, infer)
        return state

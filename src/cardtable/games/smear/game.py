"""The Smear game object: `cardtable.core.Game` for Four-Point (Northeastern Wisconsin) Smear.

>>> import random
>>> game = Smear(kitty_size=2)
>>> state = game.apply(game.start(dealer=3), game.deal(game.start(3), random.Random(1)))
>>> game.actor(state), [game.format(a) for a in game.legal_actions(state)]
(0, ['pass', 'bid 2', 'bid 3', 'bid 4'])
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, ClassVar

from cardtable.cards import format_card
from cardtable.core import BadNotation, Deal, HandResult, IllegalAction, make_rules, rules_json

from . import position
from .actions import CALL_TEXTS, Action, format_action, parse_action
from .play import apply_action, apply_play, legal_actions, playable, plays_of, start_state
from .rules import SmearRules
from .sample import sample
from .state import Phase, State
from .tables import DECK, DECK_MASK, SEATS, SUIT_LETTERS, value_of
from .view import SmearView, observe

_PLAY = Phase.PLAY
_OVER = Phase.OVER


def _team_or_none(team: int) -> int | None:
    return team if team >= 0 else None


class Smear:
    """Four-Point (Northeastern Wisconsin) Smear for four players in two partnerships.

    Build it from rule options by their names in the rules page's option table (§3.2); every
    method is pure and the states are frozen `State` values.
    """

    name: ClassVar[str] = "smear"
    seats: ClassVar[int] = SEATS

    def __init__(self, **options: Any) -> None:
        self.rules: SmearRules = make_rules(SmearRules, "smear", options)
        self._strict = self.rules.follow_rule == "strict"

    def __repr__(self) -> str:
        args = ", ".join(f"{k}={v!r}" for k, v in rules_json(self.rules).items())
        return f"Smear({args})"

    # --- a hand ---

    def start(self, dealer: int = 0, match: Mapping[str, Any] | None = None) -> State:
        """The state before the deal, with the match score of record §5 (0-0 when ``None``)."""
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < SEATS:
            raise BadNotation(f"dealer: {dealer!r} is not a seat (0 to 3)")
        return start_state(dealer, _read_match(match))

    def actor(self, state: State) -> int | None:
        """The seat to act, `cardtable.core.CHANCE` before the deal, ``None`` once the hand is over."""
        return state.to_act

    def legal_actions(self, state: State) -> tuple[Action, ...]:
        """Every legal action of the seat to act, in canonical order."""
        if state.phase is _PLAY:
            return plays_of(playable(self._strict, state))
        return legal_actions(self.rules, self._strict, state)

    def deal(self, state: State, rng: random.Random) -> Deal:
        """R8/R10: a uniformly shuffled 32-card deck, top card first."""
        return Deal(shuffled(rng))

    def apply(self, state: State, action: Action | Deal) -> State:
        """The state after ``action``; raises `IllegalAction` (the input is never changed)."""
        if state.phase is _PLAY:
            return apply_play(self.rules, self._strict, state, action)
        return apply_action(self.rules, self._strict, state, action)

    def observe(self, state: State, seat: int) -> SmearView:
        """What ``seat`` may know (§3 item 18)."""
        return observe(state, seat, self.rules.kitty_size)

    def outcome(self, state: State) -> HandResult | None:
        """``played`` with each seat's team score change, or ``passed_out`` with zeros (R15)."""
        if state.phase is not _OVER:
            return None
        auction = [CALL_TEXTS[c] for c in state.calls]
        t = state.tally
        if t is None:
            return HandResult("passed_out", (0, 0, 0, 0), {"auction": auction})
        details = {
            "auction": auction,
            "bidder": state.bidder,
            "bid": state.bid,
            "trump": SUIT_LETTERS[state.trump],
            "points": {
                "high": _team_or_none(t.high),
                "low": _team_or_none(t.low),
                "jack": _team_or_none(t.jack),
                "game": _team_or_none(t.game),
            },
            "high_card": format_card(t.high_card) if t.high_card >= 0 else None,
            "low_card": format_card(t.low_card) if t.low_card >= 0 else None,
            "game_counts": list(t.counts),
            "team_points": list(t.points),
            "made": t.made,
            "change": list(t.change),
            "scores": list(t.scores),
            "trick_winners": [tr.winner for tr in state.tricks],
            "discard": position.cards_text(state.discard),
            "dead": position.cards_text(state.dead),
            "winner": list(self.winner(state) or ()) or None,
        }
        a, b = t.change
        return HandResult("played", (a, b, a, b), details)

    def parse(self, text: str) -> Action:
        """Read ``pass``, ``bid N``, ``discard C …`` or ``play C`` (any case)."""
        return parse_action(text)

    def format(self, action: Action) -> str:
        """The canonical text of an action."""
        return format_action(action)

    # --- the match ---

    def dealer(self, state: State) -> int:
        """The dealer of this hand."""
        return state.dealer

    def scores_after(self, state: State) -> tuple[int, int]:
        """The team scores after this hand if it is over, else before it."""
        return state.tally.scores if state.tally is not None else state.scores

    def match_json(self, state: State) -> dict[str, Any]:
        """Record §5: ``{"scores": [team 0, team 1]}``."""
        return {"scores": list(self.scores_after(state))}

    def winner(self, state: State) -> tuple[int, ...] | None:
        """The seats of the team that has won the match with this hand (R34-R37), else ``None``."""
        t = state.tally
        if t is None or t.winner < 0:
            return None
        return (t.winner, t.winner + 2)

    def next_hand(self, state: State) -> State | None:
        """R9/R15: the next hand's start, or ``None`` once the match is won."""
        if state.phase is not _OVER:
            raise IllegalAction("next hand", None, "R34", "the hand is not over")
        if self.winner(state) is not None:
            return None
        dealer = state.dealer
        if state.tally is not None or self.rules.all_pass == "redeal_next_dealer":
            dealer = (dealer + 1) % SEATS
        return start_state(dealer, self.scores_after(state))

    # --- records ---

    def deal_from_json(self, obj: object, dealer: int) -> Deal:
        """Record §3: the ``deck`` form or ``{"hands": [...], "stock": [...]}``."""
        return position.deal_from_json(obj, dealer)

    def position_start(self, obj: object, match: Mapping[str, Any] | None) -> State:
        """A hand in progress from the position form (docs/smear.md); `BadPosition` says why not."""
        return position.position_start(self.rules, self._strict, obj, _read_match(match))

    def position_json(self, state: State) -> dict[str, Any] | None:
        """The position of an unfinished hand, or ``None``."""
        return position.position_json(state)

    # --- card accounting ---

    def card_places(self, state: State) -> dict[str, int]:
        """Where every card is: hands, stock (kitty and dead), discard, trick and team piles."""
        if state.phase is Phase.DEAL:
            return {"deck": DECK_MASK}
        places = {f"hand {s}": state.hands[s] for s in range(SEATS)}
        if state.phase is Phase.AUCTION or (state.tally is None and state.phase is _OVER):
            places["stock"] = state.kitty | state.dead
            return places
        piles = [0, 0]
        for t in state.tricks:
            for c in t.cards:
                piles[t.winner & 1] |= 1 << c
        trick = 0
        for c in state.trick:
            trick |= 1 << c
        places |= {
            "dead": state.dead,
            "discard": state.discard,
            "trick": trick,
            "pile 0": piles[0],
            "pile 1": piles[1],
        }
        return places

    def unseen(self, state: State, seat: int) -> int:
        """The cards whose place ``seat`` may not know now (§3 item 18)."""
        if state.phase is Phase.DEAL:
            return DECK_MASK
        others = 0
        for s in range(SEATS):
            if s != seat:
                others |= state.hands[s]
        if state.phase is Phase.AUCTION or (state.tally is None and state.phase is _OVER):
            return others | state.kitty | state.dead  # before the kitty is taken, or passed out
        hidden = others | (0 if seat == state.bidder else state.discard)
        return hidden if state.tally is not None else hidden | state.dead  # the dead stock shows at the end

    def card_point_totals(self, state: State) -> tuple[int, int]:
        """(Game counts of both teams, 80 less the dead stock and any discards that do not count)."""
        t = state.tally
        if t is None:
            return (0, 0)
        expected = 80 - value_of(state.dead)
        if not self.rules.discards_count_for_game:
            expected -= value_of(state.discard)
        return (t.counts[0] + t.counts[1], expected)

    def sample(self, view: SmearView, rng: random.Random) -> State:
        """A state the viewing seat cannot tell from the true one: the hidden cards dealt at random
        to the places it cannot see, hands avoiding the suits their owners showed void in."""
        return sample(self.rules, self._strict, view, rng)

    def playable(self, state: State) -> int:
        """The cards the seat to act may play now, as a card set (0 outside the play)."""
        return playable(self._strict, state) if state.phase is _PLAY else 0


_BITS_NEEDED = tuple(n.bit_length() for n in range(33))


def shuffled(rng: random.Random) -> tuple[int, ...]:
    """The deck shuffled exactly as ``rng.shuffle`` would (the same swaps from the same random bits),
    written out so a playout does not pay two calls per card."""
    deck = list(DECK)
    bits = rng.getrandbits
    for i in range(31, 0, -1):
        n = i + 1
        k = _BITS_NEEDED[n]
        j = bits(k)
        while j >= n:
            j = bits(k)
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


def _read_match(match: Mapping[str, Any] | None) -> tuple[int, int]:
    """Record §5: ``{"scores": [team 0, team 1]}``."""
    if match is None:
        return (0, 0)
    if not isinstance(match, Mapping):
        raise BadNotation('match: expected an object {"scores": [team 0, team 1]}')
    scores = match.get("scores")
    if (
        not isinstance(scores, list | tuple)
        or len(scores) != 2
        or not all(isinstance(x, int) and not isinstance(x, bool) for x in scores)
    ):
        raise BadNotation("match.scores: expected two whole numbers [team 0, team 1]")
    return (scores[0], scores[1])

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
from cardtable.core import BadNotation, Deal, HandResult, IllegalAction, game_part, make_rules, rules_json
from cardtable.i18n import N_
from cardtable.strict import MAX_SCORE, excerpt, is_whole

from . import position
from .actions import CALL_TEXTS, Action, Discard, format_action, parse_action
from .play import apply_action, apply_play, legal_actions, playable, plays_of, start_state
from .rules import SmearRules
from .state import Phase, State
from .tables import DECK, DECK_MASK, SEATS, SUIT, SUIT_LETTERS, value_of
from .view import PublicSmearView, SmearView, observe, observe_public

_PLAY = Phase.PLAY
_OVER = Phase.OVER
_SUIT = SUIT

#: The plays of each card set met so far: a hand has few distinct legal sets, and a playout meets
#: the same ones again and again. Bounded: cleared when it grows past `_PLAYS_OF_LIMIT` entries.
_PLAYS_OF: dict[int, tuple[Action, ...]] = {}
_PLAYS_OF_LIMIT = 100_000


def _plays_of(cards: int) -> tuple[Action, ...]:
    """`play.plays_of`, remembered in `_PLAYS_OF`."""
    if len(_PLAYS_OF) >= _PLAYS_OF_LIMIT:
        _PLAYS_OF.clear()
    got = _PLAYS_OF[cards] = plays_of(cards)
    return got


class Smear:
    """Four-Point (Northeastern Wisconsin) Smear for four players in two partnerships.

    Build it from rule options by their names in the rules page's option table (§3.2); every
    method is pure and the states are frozen `State` values.
    """

    name: ClassVar[str] = "smear"
    #: The game's name for people (a message: said in the reader's language, `cardtable.registry.title`).
    title: ClassVar[str] = N_("Four-Point Smear")
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
            # The play's R24-R25 written out (as in `play.playable`): this runs at every card of a playout.
            _, seat, hands, trump, _, trick, tricks, setup, _ = state
            hand: int = hands[seat]  # type: ignore[index]
            if not trick:
                cards = hand if tricks else hand & setup.lead_ok
            else:
                led = trick[0] // 13
                cards = hand & _SUIT[led]
                if not cards:
                    cards = hand
                elif led != trump and not self._strict:
                    cards |= hand & _SUIT[trump]
            got = _PLAYS_OF.get(cards)
            return got if got is not None else _plays_of(cards)
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

    def observe_public(self, state: State) -> PublicSmearView:
        """What a spectator may know: what every seat sees (§3 item 18), no hand, kitty or discard."""
        return observe_public(state)

    def public_action(self, state: State, action: Action) -> str:
        """The action as the other seats see it: a discard is made face down, so its cards are not
        named (§3 item 18); everything else reads as its notation."""
        if isinstance(action, Discard):
            n = len(action.cards)
            return f"discard {n} card{'s' if n != 1 else ''} face down"
        return format_action(action)

    def outcome(self, state: State) -> HandResult | None:
        """``played`` with each seat's team score change, or ``passed_out`` with zeros (R15)."""
        if state.phase is not _OVER:
            return None
        _, _, _, trump, _, _, tricks, setup, t = state
        auction = [CALL_TEXTS[c] for c in setup.calls]
        if t is None:
            return HandResult("passed_out", (0, 0, 0, 0), {"auction": auction})
        high, low, jack, game, high_card, low_card, counts, points, made, change, scores, _ = t
        a, b = change
        details = {
            "auction": auction,
            "bidder": setup.bidder,
            "bid": setup.bid,
            "trump": SUIT_LETTERS[trump],
            "points": {
                "high": high if high >= 0 else None,
                "low": low if low >= 0 else None,
                "jack": jack if jack >= 0 else None,
                "game": game if game >= 0 else None,
            },
            "high_card": format_card(high_card) if high_card >= 0 else None,
            "low_card": format_card(low_card) if low_card >= 0 else None,
            "game_counts": list(counts),
            "team_points": list(points),
            "made": made,
            "change": [a, b],
            "scores": list(scores),
            "trick_winners": [tr[2] for tr in tricks],
            "discard": position.cards_text(setup.discard),
            "dead": position.cards_text(setup.dead),
            "winner": list(self.winner(state) or ()) or None,
        }
        return HandResult("played", (a, b, a, b), details)

    def teams(self, result: HandResult) -> tuple[tuple[int, ...], ...] | None:
        """Fixed partnerships, seats 0 and 2 against 1 and 3 (R1); a hand passed out is no contest."""
        if result.result != "played":
            return None
        return ((0, 2), (1, 3))

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
        if state.tally is not None:  # a played hand is over: its result names the discard and the dead
            return others
        return others | state.dead | (0 if seat == state.bidder else state.discard)

    def unseen_public(self, state: State) -> int:
        """The cards whose place a spectator may not know now: every hand, the stock until the hand
        is played out, and the discard until then."""
        if state.phase is Phase.DEAL:
            return DECK_MASK
        hidden = 0
        for h in state.hands:
            hidden |= h
        if state.phase is Phase.AUCTION or (state.tally is None and state.phase is _OVER):
            return hidden | state.kitty | state.dead  # before the kitty is taken, or passed out
        if state.tally is not None:  # a played hand is over: its result names the discard and the dead
            return hidden
        return hidden | state.dead | state.discard

    def card_point_totals(self, state: State) -> tuple[int, int]:
        """(Game counts of both teams, 80 less the dead stock and any discards that do not count)."""
        t = state.tally
        if t is None:
            return (0, 0)
        expected = 80 - value_of(state.dead)
        if not self.rules.discards_count_for_game:
            expected -= value_of(state.discard)
        return (t.counts[0] + t.counts[1], expected)

    def sample(self, view: SmearView, rng: random.Random, infer: bool = False) -> State:
        """A state the viewing seat cannot tell from the true one: the hidden cards dealt at random
        to the places it cannot see, hands avoiding the suits their owners showed void in, worlds
        that fit the auction preferred, and with ``infer`` also those in which the other seats
        played their cards as the rule-based bot would (`infer`). The sampler (`sample.sample`) sits
        with the bots above the engine, so it is found through `core.game_part`."""
        sampler: Any = game_part(self, "sample")
        state: State = sampler.sample(self.rules, self._strict, view, rng, infer)
        return state

    def playable(self, state: State) -> int:
        """The cards the seat to act may play now, as a card set (0 outside the play)."""
        return playable(self._strict, state) if state.phase is _PLAY else 0


#: The Fisher-Yates steps of a 32-card shuffle: (position, cards left, random bits needed to draw one).
_SWAPS = tuple((i, i + 1, (i + 1).bit_length()) for i in range(31, 0, -1))


def shuffled(rng: random.Random) -> tuple[int, ...]:
    """The deck shuffled exactly as ``rng.shuffle`` would (the same swaps from the same random bits),
    written out so a playout does not pay two calls per card."""
    deck = list(DECK)
    bits = rng.getrandbits
    for i, n, k in _SWAPS:
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
    unknown = set(match) - {"scores"}
    if unknown:
        raise BadNotation(f"match: unknown field {excerpt(sorted(unknown)[0])} (Smear has scores)")
    scores = match.get("scores")
    if (
        not isinstance(scores, list | tuple)
        or len(scores) != 2
        or not all(is_whole(x, -MAX_SCORE, MAX_SCORE) for x in scores)
    ):
        raise BadNotation(f"match.scores: expected two whole numbers [team 0, team 1], at most {MAX_SCORE} either way")
    return (scores[0], scores[1])

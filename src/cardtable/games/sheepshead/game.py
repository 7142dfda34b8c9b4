"""The Sheepshead game: five players, called ace, the seed rule set and every option of §2.13.

>>> import random
>>> from cardtable.games.sheepshead import Sheepshead
>>> game = Sheepshead()
>>> s = game.start(dealer=4)
>>> s = game.apply(s, game.deal(s, random.Random(1)))
>>> game.actor(s), [game.format(a) for a in game.legal_actions(s)]
(0, ['pick', 'pass'])
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardtable.cards import DECK32, format_card
from cardtable.core import BadNotation, Deal, HandResult, IllegalAction, game_part, make_rules
from cardtable.i18n import N_
from cardtable.strict import MAX_SCORE, excerpt, is_whole

from . import records
from .actions import Action, Bury, Call, Crack, Pass, Pick, Play, format_action, parse
from .explain import explain
from .play import (
    _LEGAL_CACHE,
    SEATS,
    after_deal,
    apply_bury,
    apply_call,
    apply_crack,
    apply_pass,
    apply_pick,
    apply_play,
    bury_choices,
    call_choices,
    deal_hands,
    play_actions,
)
from .rules import SheepsheadRules
from .scoring import counted_points, max_pending, pending_after, result
from .state import Phase, State, initial
from .tables import ALL, FROM_KERNEL, to_kernel_mask
from .view import PublicView, View, known, known_public, observe, observe_public

_DEAL, _PICK, _BURY, _CALL, _PLAY, _DONE = Phase.DEAL, Phase.PICK, Phase.BURY, Phase.CALL, Phase.PLAY, Phase.DONE


#: The positions of the 32-card pack, for the shuffle.
_PACK_POSITIONS = range(32)


def _bit(card: int) -> int:
    idx = FROM_KERNEL[card] if type(card) is int and 0 <= card < 52 else -1
    return 1 << idx if idx >= 0 else 0


class Sheepshead:
    """Five-handed Sheepshead (rules/sheepshead.md), bound to one set of rule options."""

    name: ClassVar[str] = "sheepshead"
    #: The game's name for people (a message: said in the reader's language, `cardtable.registry.title`).
    title: ClassVar[str] = N_("Sheepshead")
    seats: ClassVar[int] = SEATS

    def __init__(self, **options: Any) -> None:
        self.rules: SheepsheadRules = make_rules(SheepsheadRules, "sheepshead", options)

    def __repr__(self) -> str:
        from cardtable.core import rules_json

        opts = ", ".join(f"{k}={v!r}" for k, v in rules_json(self.rules).items())
        return f"Sheepshead({opts})"

    # --- a hand ---

    def start(self, dealer: int = 0, match: Mapping[str, Any] | None = None) -> State:
        """The state before the deal; ``match`` is the record §5 object (None: a new match)."""
        if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < SEATS:
            raise BadNotation(f"dealer: expected a seat 0-4, not {dealer!r}")
        scores, pending = _read_match(self.rules, match)
        return initial(dealer, scores, pending)

    def actor(self, state: State) -> int | None:
        """The seat to act, CHANCE before the deal, None once the hand is over."""
        return None if state.phase == _DONE else state.actor

    def legal_actions(self, state: State) -> Sequence[Action]:
        """Every legal action of the seat to act, in canonical order."""
        phase = state.phase
        if phase == _PLAY:
            got = _LEGAL_CACHE.get(state.legal)
            return got if got is not None else play_actions(state.legal)
        if phase == _BURY:
            return bury_choices(state.hands[state.actor])
        if phase == _CALL:
            return call_choices(self.rules, state.hands[state.actor], state.setup.bury)
        return state.choices  # type: ignore[return-value]

    def deal(self, state: State, rng: random.Random) -> Deal:
        """R8: a shuffled 32-card pack."""
        # Uniform: the pack sorted by 32 random keys, drawn in pack order (the keys are looked up
        # by position rather than by a key function called per card: the same deal, faster).
        r = rng.random
        keys = [r() for _ in _PACK_POSITIONS]
        return Deal(tuple(map(DECK32.__getitem__, sorted(_PACK_POSITIONS, key=keys.__getitem__))))

    def apply(self, state: State, action: Action | Deal) -> State:
        """The state after ``action``; raises `IllegalAction` naming the rule broken."""
        phase = state.phase
        rules = self.rules
        if phase == _PLAY:
            card = action.card if isinstance(action, Play) else -1
            if card.__class__ is int and 0 <= card < 52:
                idx = FROM_KERNEL[card]
                if idx >= 0 and state.legal >> idx & 1:
                    return apply_play(rules, state, idx)
        elif phase == _DEAL:
            if isinstance(action, Deal):
                dealt = deal_hands(action.deck, state.setup.dealer)
                if dealt is None:
                    raise IllegalAction("deal", None, "R2", records.deal_fault(action.deck))
                return after_deal(rules, state, dealt[0], dealt[1])
        elif phase == _BURY:
            if type(action) is Bury:
                a, b = action.cards
                bury = _bit(a) | _bit(b)
                if a != b and bury & state.hands[state.actor] == bury and bury.bit_count() == 2:
                    return apply_bury(rules, state, bury)
        elif phase == _CALL:
            if action in call_choices(rules, state.hands[state.actor], state.setup.bury):
                assert isinstance(action, Call)
                called = -1 if action.card is None else FROM_KERNEL[action.card]
                under = -1 if action.unknown is None else FROM_KERNEL[action.unknown]
                return apply_call(rules, state, called, under)
        elif action in state.choices:
            if phase == _PICK:
                if type(action) is Pass:
                    return apply_pass(rules, state)
                assert isinstance(action, Pick)
                return apply_pick(rules, state, action.blitz)
            return apply_crack(rules, state, isinstance(action, Crack))
        if isinstance(action, Deal):
            raise IllegalAction("deal", None, "R9", "the cards have been dealt already")
        text = _text(action)
        rule, reason = explain(rules, state, action)
        seat = state.actor if phase not in (Phase.DONE, Phase.DEAL) else None
        raise IllegalAction(text, seat, rule, reason)

    def observe(self, state: State, seat: int) -> View:
        """What ``seat`` may know (R13, R16, R22, R35a)."""
        return observe(state, seat, self.rules.partner_mode, self.rules.no_pick_rule)

    def observe_public(self, state: State) -> PublicView:
        """What a spectator may know: what every seat sees (R13, R16, R22, R35a)."""
        return observe_public(state, self.rules.partner_mode, self.rules.no_pick_rule)

    def public_action(self, state: State, action: Action) -> str:
        """The action as the other seats see it: the bury is laid away face down (R16), and the
        unknown card is set aside and later played face down (R35a), so their cards are not named."""
        if isinstance(action, Bury):
            return "bury 2 cards face down"
        if isinstance(action, Call) and action.unknown is not None and action.card is not None:
            return f"call {format_card(action.card)} unknown with a card face down"
        if isinstance(action, Play) and state.setup.under >= 0 and _bit(action.card) == 1 << state.setup.under:
            return "play a card face down"
        return format_action(action)

    def outcome(self, state: State) -> HandResult | None:
        """The result of a finished hand, or None."""
        if state.phase != Phase.DONE:
            return None
        return result(self.rules, state)

    def teams(self, result: HandResult) -> tuple[tuple[int, ...], ...] | None:
        """The picker and his partner against the defenders (R22); in a leaster and the other
        no-pick games every one for himself (R41, R43); a doubler, a schwanzer (no play) or a hand
        passed out is no contest."""
        if result.result == "played":
            picker, partner = result.details["picker"], result.details["partner"]
            side = (picker,) if partner is None else tuple(sorted((picker, partner)))
            return (side, tuple(x for x in range(SEATS) if x not in side))
        if result.result == "leaster" and result.details.get("no_pick") != "schwanzer":
            return tuple((x,) for x in range(SEATS))
        return None

    def parse(self, text: str) -> Action:
        """An action from record notation (case-insensitive)."""
        return parse(text)

    def format(self, action: Action) -> str:
        """The canonical record notation of an action."""
        return format_action(action)

    # --- the match ---

    def dealer(self, state: State) -> int:
        """The dealer of this hand."""
        return state.setup.dealer

    def match_json(self, state: State) -> dict[str, Any]:
        """Record §5: after this hand if it is over, else before it."""
        setup = state.setup
        if state.phase != Phase.DONE:
            return {"scores": list(setup.scores), "pending_doublers": setup.pending}
        score = result(self.rules, state).score
        return {
            "scores": [a + b for a, b in zip(setup.scores, score, strict=True)],
            "pending_doublers": pending_after(self.rules, setup),
        }

    def next_hand(self, state: State) -> State | None:
        """R7: the deal passes to the left after every hand, a thrown-in one included."""
        if state.phase != Phase.DONE:
            raise IllegalAction("next hand", None, "R7", "the hand is not over")
        match = self.match_json(state)
        return initial((state.setup.dealer + 1) % SEATS, tuple(match["scores"]), match["pending_doublers"])

    def winner(self, state: State) -> tuple[int, ...] | None:
        """R39: a Sheepshead session has no fixed end, so no match winner."""
        return None

    # --- records ---

    def deal_from_json(self, obj: object, dealer: int) -> Deal:
        """Record §3: a deck, or hands and blind, as the deck that deals them (R9)."""
        return records.deal_from_json(obj, dealer)

    def position_start(self, obj: object, match: Mapping[str, Any] | None) -> State:
        """A state from a record's position (docs/sheepshead.md)."""
        return records.position_start(self.rules, obj, self.start(0, match))

    def position_json(self, state: State) -> dict[str, Any] | None:
        """The position of a hand in trick play, else None."""
        return records.position_json(state)

    # --- conformance ---

    def card_places(self, state: State) -> dict[str, int]:
        """Where every card is: hands, blind, bury, the current trick, each seat's won tricks."""
        setup = state.setup
        places = {f"hand {i}": to_kernel_mask(h) for i, h in enumerate(state.hands)}
        blind = setup.blind if setup.picker < 0 else 0
        places["blind"] = to_kernel_mask(blind)
        places["bury"] = to_kernel_mask(setup.bury)
        trick = 0
        for c in state.trick:
            trick |= 1 << c
        places["trick"] = to_kernel_mask(trick)
        taken = [0] * SEATS
        for _l, cards, w in state.tricks:
            for c in cards:
                taken[w] |= 1 << c
        for i, t in enumerate(taken):
            places[f"taken {i}"] = to_kernel_mask(t)
        return places

    def unseen(self, state: State, seat: int) -> int:
        """The cards whose place ``seat`` may not know now."""
        return to_kernel_mask(ALL & ~known(state, seat, self.rules.no_pick_rule))

    def unseen_public(self, state: State) -> int:
        """The cards whose place a spectator may not know now."""
        return to_kernel_mask(ALL & ~known_public(state, self.rules.no_pick_rule))

    def card_point_totals(self, state: State) -> tuple[int, int]:
        """(points counted, points that must be counted): 120 in a picked hand."""
        return counted_points(self.rules, state)

    # --- bots ---

    def sample(self, view: View, rng: random.Random, infer: bool = False) -> State:
        """A state the viewing seat cannot tell from the true one: the hidden cards dealt at random
        to the places it cannot see, agreeing with every play, void, call and crack it has seen;
        with ``infer``, worlds in which the other seats played as the rule bot would are likelier
        (`sample.sample`, which sits with the bots above the engine and is found through
        `core.game_part`)."""
        sampler: Any = game_part(self, "sample")
        state: State = sampler.sample(self.rules, view, rng, infer)
        return state


def _text(action: object) -> str:
    """An action's text for an error message, even for a malformed action."""
    if isinstance(action, (Pick, Pass, Bury, Call, Crack, Play)):
        try:
            return format_action(action)
        except (IndexError, TypeError, ValueError):
            pass
    return repr(action)


def _read_match(rules: SheepsheadRules, match: Mapping[str, Any] | None) -> tuple[tuple[int, ...], int]:
    if match is None:
        return (0,) * SEATS, 0
    if not isinstance(match, Mapping):
        raise BadNotation("match: expected an object {'scores': [5 ints], 'pending_doublers': int}")
    unknown = set(match) - {"scores", "pending_doublers"}
    if unknown:
        raise BadNotation(f"match: unknown field {excerpt(sorted(unknown)[0])}")
    scores = match.get("scores", [0] * SEATS)
    if (
        not isinstance(scores, list | tuple)
        or len(scores) != SEATS
        or not all(is_whole(x, -MAX_SCORE, MAX_SCORE) for x in scores)
    ):
        raise BadNotation(f"match.scores: expected a list of 5 whole numbers, at most {MAX_SCORE} either way")
    pending = match.get("pending_doublers", 0)
    most = max_pending(rules)
    if not is_whole(pending, 0, most):
        raise BadNotation(
            f"match.pending_doublers: expected a whole number from 0 to {most} (R42, doubler_stacking "
            f"{rules.doubler_stacking}), not {excerpt(pending)}"
        )
    return tuple(scores), pending

"""The Seep game: the `cardtable.core.Game` protocol over the pieces of this package.

>>> import random
>>> game = Seep()
>>> s = game.start(dealer=0)
>>> s = game.apply(s, game.deal(s, random.Random(1)))
>>> game.actor(s) in (1, None)
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar

from cardtable.cards import DECK52, DECK52_MASK, check_deck
from cardtable.core import CHANCE, BadNotation, Deal, HandResult, IllegalAction, game_part, make_rules
from cardtable.games.seep import actions, fastgen, play, records, scoring
from cardtable.games.seep.actions import Bid, SeepAction, Throw
from cardtable.games.seep.explain import why_illegal, written_ok
from cardtable.games.seep.joins import may_join
from cardtable.games.seep.rules import SeepRules
from cardtable.games.seep.state import Phase, SeepState, start_state
from cardtable.games.seep.view import PublicSeepView, SeepView, observe, observe_public, unseen, unseen_public
from cardtable.i18n import N_


class Seep:
    """Seep (Sweep, Sip, Shiv), the four-player partnership fishing game, 100-point scoring."""

    name: ClassVar[str] = "seep"
    #: The game's name for people (a message: said in the reader's language, `cardtable.registry.title`).
    title: ClassVar[str] = N_("Seep")
    seats: ClassVar[int] = 4
    #: Bumped whenever the engine's behaviour under the same rules changes.
    version: ClassVar[str] = "1.1.0"

    def __init__(self, **options: object) -> None:
        self.rules: SeepRules = make_rules(SeepRules, "seep", options)
        self._gen = fastgen.generator(self.rules)
        # The moves worked out by the last call of legal_actions, reused when apply follows on the
        # same state (a memo only: every method stays a pure function of its arguments).
        self._memo: tuple[SeepState, tuple[SeepAction, ...]] | None = None

    def private_copy(self) -> Seep:
        """The same game with caches of its own (the moves last listed, the move tables), shared
        with no other game: what a bot is given, so that its caches see only its own states."""
        other = Seep.__new__(Seep)
        other.rules = self.rules
        other._gen = fastgen.Generator(self.rules)
        other._memo = None
        return other

    def __repr__(self) -> str:
        from cardtable.core import rules_json

        opts = ", ".join(f"{k}={v!r}" for k, v in rules_json(self.rules).items())
        return f"Seep({opts})"

    # ---------------------------------------------------------------- a hand

    def start(self, dealer: int = 0, match: Mapping[str, Any] | None = None) -> SeepState:
        """The state before the deal of a hand."""
        if not isinstance(dealer, int) or not 0 <= dealer <= 3:
            raise BadNotation(f"dealer: expected a seat 0-3, not {dealer!r}")
        return start_state(dealer, records.match_from_json(match, self.rules))

    def actor(self, state: SeepState) -> int | None:
        """The seat to act, `CHANCE` before the deal, None once the hand is over."""
        phase = state.phase
        if phase is Phase.PLAY or phase is Phase.OPENING or phase is Phase.BID:
            return play.mover(state)
        if phase is Phase.DEAL:
            return CHANCE
        return None

    def legal_actions(self, state: SeepState) -> Sequence[SeepAction]:
        """Every legal action once, in canonical order (see `play`)."""
        phase = state.phase
        if phase is Phase.PLAY or phase is Phase.OPENING:
            out = self._gen.legal(state)
            self._memo = (state, tuple(out))
            return out
        return play.legal(self.rules, state)

    def deal(self, state: SeepState, rng: random.Random) -> Deal:
        """A shuffled 52-card deck."""
        deck = list(DECK52)
        rng.shuffle(deck)
        return Deal(tuple(deck))

    def apply(self, state: SeepState, action: SeepAction | Deal) -> SeepState:
        """The state after ``action``; raises `IllegalAction` (naming the rule) if it is not legal."""
        phase = state.phase
        if isinstance(action, Deal):
            if phase is not Phase.DEAL:
                raise IllegalAction("deal", None, "R7", "the cards have already been dealt")
            try:
                check_deck(action.deck, DECK52_MASK, "deal")
            except BadNotation as e:
                raise IllegalAction("deal", None, "R1", str(e)) from None
            if len(action.deck) != 52:
                raise IllegalAction("deal", None, "R1", "a deal is the 52-card deck")
            return play.apply_deal(state, action)
        if phase is Phase.PLAY or phase is Phase.OPENING:
            memo = self._memo
            legal = memo[1] if memo is not None and memo[0] is state else None
            if legal is not None:
                for a in legal:
                    if a is action:  # one of the moves just listed: legal
                        if not getattr(action, "written", ()) or written_ok(state, action):
                            return play.apply_move(self.rules, state, action)
                        break
            card = getattr(action, "card", None)
            if card is not None and 0 <= card < 52 and state.hands[play.mover(state)] >> card & 1:
                if legal is None:  # the moves of the card's rank only
                    legal = tuple(self._gen.legal(state, 1 << card % 13))
                # The legal moves that play another card never equal this one.
                if action in legal and (not getattr(action, "written", ()) or written_ok(state, action)):
                    return play.apply_move(self.rules, state, action)
                # Rules §3.2: a throw equal to a listed cement is not listed, and still accepted.
                joins = action.__class__ is Throw and state.houses and may_join(self.rules)
                if joins and action in self._gen.legal(state, 1 << card % 13, once=False):
                    return play.apply_move(self.rules, state, action)
        elif phase is Phase.BID and isinstance(action, Bid) and action in play.bids(state):
            return play.apply_bid(state, action)
        raise self._refusal(state, action)

    def _refusal(self, state: SeepState, action: object) -> IllegalAction:
        seat = self.actor(state)
        if not isinstance(action, actions.ACTION_TYPES):
            return IllegalAction(repr(action), seat, "R12", "not a Seep action")
        rule, reason = why_illegal(self.rules, state, action)
        return IllegalAction(actions.format_action(action), seat, rule, reason)

    def observe(self, state: SeepState, seat: int) -> SeepView:
        """What ``seat`` may know."""
        return observe(state, seat)

    def observe_public(self, state: SeepState) -> PublicSeepView:
        """What a spectator may know: what every seat sees (R24), no hand."""
        return observe_public(state)

    def public_action(self, state: SeepState, action: SeepAction) -> str:
        """The action as the other seats see it: every Seep move is made face up, so its notation."""
        return actions.format_action(action)

    def outcome(self, state: SeepState) -> HandResult | None:
        """The result once the hand is over: each seat's team's deal total (record §7)."""
        if state.phase is not Phase.OVER:
            return None
        return scoring.outcome(self.rules, state)

    def teams(self, result: HandResult) -> tuple[tuple[int, ...], ...] | None:
        """Fixed partnerships, seats 0 and 2 against 1 and 3 (R4); a misdeal is no contest."""
        if result.result != "played":
            return None
        return ((0, 2), (1, 3))

    def parse(self, text: str) -> SeepAction:
        """Read an action in record notation (§6)."""
        return actions.parse(text)

    def format(self, action: SeepAction) -> str:
        """The canonical record notation of an action."""
        return actions.format_action(action)

    # ---------------------------------------------------------------- the match

    def dealer(self, state: SeepState) -> int:
        """The dealer of this hand."""
        return state.dealer

    def match_json(self, state: SeepState) -> dict[str, Any]:
        """Record §5: after this hand if it is over, else before it."""
        if state.phase is Phase.OVER:
            return records.match_json(scoring.match_after(self.rules, state))
        return records.match_json(state.match)

    def next_hand(self, state: SeepState) -> SeepState | None:
        """The next hand: the dealer by R23 (or R8 after a misdeal), the match carried on. A Seep
        match has no fixed end (the players agree how many baazis to play), so never None."""
        if state.phase is not Phase.OVER:
            raise IllegalAction("next hand", None, "R15", "the hand is not over")
        return start_state(scoring.next_dealer(self.rules, state), scoring.match_after(self.rules, state))

    def winner(self, state: SeepState) -> tuple[int, ...] | None:
        """Always None: baazis are counted, the match has no fixed end (R22)."""
        return None

    # ---------------------------------------------------------------- records

    def deal_from_json(self, obj: object, dealer: int) -> Deal:
        """Record §3, both forms."""
        return records.deal_from_json(obj, dealer)

    def position_start(self, obj: object, match: Mapping[str, Any] | None) -> SeepState:
        """A state from a record §4 position."""
        return records.position_start(self.rules, obj, records.match_from_json(match, self.rules))

    def position_json(self, state: SeepState) -> dict[str, Any] | None:
        """Record §4 for an unfinished hand past the opening; None otherwise."""
        return records.position_json(state)

    # ---------------------------------------------------------------- bots

    def sample(self, view: SeepView, rng: random.Random) -> SeepState:
        """A state the viewing seat cannot tell from the true one: the hidden cards dealt at
        random to the places it cannot see, every house owner keeping a card of its value (I3).
        The sampler (`sample.sample`) sits with the bots above the engine, so it is found through
        `core.game_part`."""
        sampler: Any = game_part(self, "sample")
        state: SeepState = sampler.sample(self.rules, view, rng)
        return state

    # ---------------------------------------------------------------- checks

    def card_places(self, state: SeepState) -> dict[str, int]:
        """Hands, floor (loose cards and houses), the two piles and the cards still to be dealt."""
        if state.phase is Phase.DEAL:
            return {"stock": DECK52_MASK}
        floor = state.loose
        for h in state.houses:
            floor |= h.cards
        places = {f"hand {i}": state.hands[i] for i in range(4)}
        places["floor"] = floor
        places["pile 0"] = state.piles[0]
        places["pile 1"] = state.piles[1]
        places["stock"] = state.stock[0] | state.stock[1] | state.stock[2] | state.stock[3]
        return places

    def unseen(self, state: SeepState, seat: int) -> int:
        """Cards whose place ``seat`` may not know now."""
        return unseen(state, seat)

    def unseen_public(self, state: SeepState) -> int:
        """Cards whose place a spectator may not know now."""
        return unseen_public(state)

    def card_point_totals(self, state: SeepState) -> tuple[int, int]:
        """(card points counted, card points that must be counted) for a finished hand (R17)."""
        return scoring.point_totals(self.rules, state)

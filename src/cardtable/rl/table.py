"""A table that plays one engine game token by token: the core under every environment.

`Table` deals (at random from its own seeded generator, or a fixed deal), keeps the seat to act
and the `Decision` it is spelling, applies each finished action to the engine, and settles the
end of a hand: a hand that ends at the deal (a Seep misdeal, a Smear pass-out, a Sheepshead
doubler) is dealt again at once and counted; a scored hand pays its scores, and in a match the
next hand is dealt until the match is over.

>>> t = Table("smear")
>>> t.reset(seed=7)
>>> t.actor() in range(4), t.done
(True, False)
>>> while not t.done:
...     _ = t.step(t.allowed()[-1])
>>> len(t.returns), t.hands
(4, 1)
"""

from __future__ import annotations

import json
import random
from collections.abc import Mapping
from typing import Any, Final

import numpy as np

from cardtable.core import BadRules, HandResult
from cardtable.registry import get_game
from cardtable.rl.encode import Vector, encode, layout
from cardtable.rl.environment import environment
from cardtable.rl.tokens import vocabulary
from cardtable.rl.walk import Decision

#: Results of a hand that ended at the deal without a score: dealt again inside the episode.
REDEALT: Final = frozenset({"misdeal", "passed_out", "doubler"})

#: Hands in a row that may end at the deal inside one episode before it is truncated (an agent
#: that always passes in Smear would otherwise be dealt hand after hand for ever).
MAX_REDEALS: Final = 100

#: Dealer choices for an episode's first hand: a seat number, or one of these.
DEALER_POLICIES: Final = ("random", "rotate")


def check_dealer(dealer: object, seats: int) -> int | str:
    """``dealer`` if it is a seat number or one of `DEALER_POLICIES`; `BadRules` otherwise."""
    if dealer in DEALER_POLICIES:
        return str(dealer)
    if isinstance(dealer, int) and not isinstance(dealer, bool) and 0 <= dealer < seats:
        return dealer
    raise BadRules(f'dealer: expected a seat 0-{seats - 1}, "random" or "rotate", not {dealer!r}')


def _bound(name: str, value: object) -> int | None:
    """A step or redeal bound: ``None`` (no bound) or a whole number 1 or more."""
    if value is None:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 1:
        raise BadRules(f"{name}: expected a whole number 1 or more or None, not {value!r}")
    return value


class Table:
    """One hand (or match) of a game, driven one token at a time.

    ``dealer`` deals an episode's first hand: ``"random"`` (the default: drawn from the table's
    seeded generator, so every seat is trained in every position relative to the dealer),
    ``"rotate"`` (seat 0, then 1, … episode after episode) or a fixed seat. ``max_steps`` (tokens)
    and ``max_redeals`` (hands in a row ended at the deal, 100 by default) truncate an episode that
    would otherwise go on for ever; ``None`` lifts a bound.
    """

    def __init__(
        self,
        name: str,
        *,
        preset: str | None = None,
        auto_forced: bool = False,
        dealer: int | str = "random",
        max_steps: int | None = None,
        max_redeals: int | None = MAX_REDEALS,
        **house_rules: Any,
    ) -> None:
        self.game: Any = get_game(name, preset, **house_rules)
        self.name = name
        self.vocab = vocabulary(name)
        self.layout = layout(name)
        self.env = environment(name)
        self.seats: int = self.game.seats
        self.auto_forced = auto_forced
        self.rng = random.Random()
        self._index = [-1] * 52
        for i, c in enumerate(self.vocab.cards):
            self._index[c] = i
        self.state: Any = None
        self.decision: Decision | None = None
        self.episode = "hand"
        self.hands_limit: int | None = None
        self.redeals = 0
        self.hands = 0
        self.returns = [0] * self.seats
        self.results: list[HandResult] = []
        self.done = True
        #: The episode was cut short by ``max_steps`` or ``max_redeals`` (then ``done`` too).
        self.truncated = False
        self.dealer_policy = check_dealer(dealer, self.seats)
        self.max_steps = _bound("max_steps", max_steps)
        self.max_redeals = _bound("max_redeals", max_redeals)
        self.steps = 0
        #: The dealer of the episode's first hand.
        self.dealer = 0
        self._unscored = 0
        self._episodes = 0
        self._match_start: dict[str, Any] = {}

    # ------------------------------------------------------------------ episodes

    def reset(self, seed: int | None = None, options: Mapping[str, Any] | None = None) -> None:
        """Start an episode: one hand, or a match with ``options={"episode": "match"}``.

        ``options`` may also give ``"deal"`` (a record's deal, either form) with ``"match"`` (the
        record §5 match state) to play a fixed deal, ``"dealer"`` (a seat, ``"random"`` or
        ``"rotate"``) for this episode instead of the table's ``dealer``, and ``"hands"`` to cap a
        match; other keys are ignored. ``seed`` reseeds the dealing; without it the dealing carries on from the last
        episode's generator.
        """
        opts = dict(options or {})  # other keys are left to wrappers (PettingZoo's own tests pass some)
        episode = opts.get("episode", "hand")
        if episode not in ("hand", "match"):
            raise BadRules(f'episode: expected "hand" or "match", not {episode!r}')
        hands = opts.get("hands", self.env.match_hands if episode == "match" else None)
        if hands is not None and (not isinstance(hands, int) or isinstance(hands, bool) or hands < 1):
            raise BadRules(f"hands: expected a whole number 1 or more, not {hands!r}")
        if seed is not None:
            self.rng = random.Random(seed)
        dealer = self.dealer = self._first_dealer(check_dealer(opts.get("dealer", self.dealer_policy), self.seats))
        start = self.game.start(dealer, opts.get("match"))
        deal = self.game.deal_from_json(opts["deal"], dealer) if "deal" in opts else None
        self.episode, self.hands_limit = episode, hands
        self.redeals = self.hands = 0
        self.returns = [0] * self.seats
        self.results = []
        self.done = self.truncated = False
        self.steps = self._unscored = 0
        self._episodes += 1
        self._match_start = self.game.match_json(start)
        self._deal(start, deal)

    def _deal(self, start: Any, deal: Any = None) -> None:
        game = self.game
        self.state = game.apply(start, deal if deal is not None else game.deal(start, self.rng))
        self._settle()

    def _settle(self) -> tuple[int, ...] | None:
        """After an action: redeal hands that ended at the deal, pay a scored hand, go on in a
        match, and open the next decision. Returns the scores paid, if a hand was scored."""
        game = self.game
        paid = None
        while game.actor(self.state) is None:
            result = game.outcome(self.state)
            nxt = game.next_hand(self.state)
            if result.result in REDEALT:
                self.redeals += 1
                self._unscored += 1
                if self.max_redeals is not None and self._unscored > self.max_redeals:
                    self._truncate()
                    return paid
                if nxt is None:  # cannot happen: a hand without a score wins no match
                    raise BadRules(f"{self.name}: a {result.result} ended the match")
                self._deal_next(nxt)
                continue
            self.hands += 1
            self._unscored = 0
            self.results.append(result)
            paid = (
                tuple(result.score) if paid is None else tuple(a + b for a, b in zip(paid, result.score, strict=True))
            )
            self.returns = [a + b for a, b in zip(self.returns, result.score, strict=True)]
            if self.episode == "hand" or nxt is None or self._match_over(nxt):
                self.done = True
                self.decision = None
                return paid
            self._deal_next(nxt)
        self.decision = Decision(self.vocab, game.legal_actions(self.state))
        if self.auto_forced:
            self._force()
        return paid

    def _truncate(self) -> None:
        """End the episode before its natural end (a bound was reached): nothing more is paid."""
        self.done = self.truncated = True
        self.decision = None

    def _first_dealer(self, policy: int | str) -> int:
        """The dealer of an episode's first hand under ``policy`` (see `check_dealer`)."""
        if policy == "random":
            return self.rng.randrange(self.seats)
        if policy == "rotate":
            return (self._episodes) % self.seats
        assert isinstance(policy, int)
        return policy

    def _deal_next(self, nxt: Any) -> None:
        self.state = self.game.apply(nxt, self.game.deal(nxt, self.rng))

    def _match_over(self, nxt: Any) -> bool:
        if self.hands_limit is not None and self.hands >= self.hands_limit:
            return True
        return self.env.match_over(self._match_start, self.game.match_json(nxt))

    def _force(self) -> None:
        while self.decision is not None and not self.done:
            allowed = self.decision.allowed()
            if len(allowed) != 1:
                return
            self._push(allowed[0])

    # ------------------------------------------------------------------ acting

    def actor(self) -> int | None:
        """The seat spelling an action, or ``None`` once the episode is over."""
        return None if self.done else self.game.actor(self.state)

    def allowed(self) -> list[int]:
        """The tokens the seat to act may give next (none once the episode is over)."""
        return [] if self.decision is None else self.decision.allowed()

    def mask(self, seat: int | None = None) -> Vector:
        """The action mask of ``seat`` (default: the seat to act): zeros unless it is to act."""
        out = np.zeros(self.vocab.size, np.int8)
        if self.decision is not None and (seat is None or seat == self.actor()):
            out[self.decision.allowed()] = 1
        return out

    def step(self, token: int) -> tuple[int, ...] | None:
        """Give one token for the seat to act; the scores of a hand it finished, if any.

        Raises `cardtable.rl.walk.IllegalToken` (changing nothing) for a token no legal action spells."""
        paid = self._push(token)
        if self.auto_forced and not self.done:
            self._force()
        if not self.done and self.max_steps is not None and self.steps >= self.max_steps:
            self._truncate()
        return paid

    def _push(self, token: int) -> tuple[int, ...] | None:
        if self.decision is None:
            raise BadRules("the episode is over: reset the table")
        action = self.decision.push(int(token))
        self.steps += 1
        if action is None:
            return None
        self.state = self.game.apply(self.state, action)
        return self._settle()

    # ------------------------------------------------------------------ what is seen

    def view(self, seat: int) -> Any:
        """The engine's view of ``seat``: all the observation is built from."""
        return self.game.observe(self.state, seat)

    def partial(self, seat: int) -> tuple[int, ...]:
        """The tokens ``seat`` has given toward its current action (empty unless it is to act)."""
        if self.decision is None or seat != self.actor():
            return ()
        return self.decision.prefix

    def observe(self, seat: int) -> Vector:
        """The observation vector of ``seat`` (from its view and its own partial action only)."""
        return encode(self.name, self.view(seat), self.partial(seat))

    def full_state(self) -> Vector:
        """Training only: where every card lies (hidden ones too), then every seat's observation."""
        n = len(self.vocab.cards)
        places = self.env.places
        out = np.zeros(len(places) * n + self.seats * self.layout.size, np.int8)
        where = self.game.card_places(self.state)
        for k, place in enumerate(places):
            m = where.get(place, 0)
            while m:
                low = m & -m
                out[k * n + self._index[low.bit_length() - 1]] = 1
                m ^= low
        base = len(places) * n
        for s in range(self.seats):
            out[base + s * self.layout.size : base + (s + 1) * self.layout.size] = self.observe(s)
        return out

    def full_state_size(self) -> int:
        """The length of `full_state`."""
        return len(self.env.places) * len(self.vocab.cards) + self.seats * self.layout.size

    def legal_actions(self) -> list[str]:
        """The complete legal actions still open to the seat to act, in record notation."""
        if self.decision is None:
            return []
        return [self.game.format(self.decision.actions[i]) for i in self.decision.alive]

    def action_features(self) -> Vector:
        """One fixed-length row per complete legal action still open (`legal_actions` order):
        the tokens of its spelling, one entry per token of the vocabulary."""
        if self.decision is None:
            return np.zeros((0, self.vocab.size), np.int8)
        rows = np.zeros((len(self.decision.alive), self.vocab.size), np.int8)
        for r, i in enumerate(self.decision.alive):
            rows[r, list(self.decision.spellings[i])] = 1
        return rows

    def render_text(self) -> str:
        """The seat to act's view and the tokens it has given, as text (what that seat knows)."""
        seat = self.actor()
        if seat is None:
            return f"{self.name}: episode over after {self.hands} hand(s); returns {self.returns}"
        given = " ".join(self.vocab.names[t] for t in self.partial(seat))
        view = json.dumps(self.view(seat).to_json(), sort_keys=True)
        return f"{self.name} seat {seat} to act; given: [{given}]\n{view}"

"""Worlds from a view: full states that agree with everything one seat has seen.

A search bot may not look at the true state; it samples the hidden cards from a view instead. The
hidden cards are dealt at random to the places the seat cannot see (the other hands, the stock,
the bidder's discard), each place getting the number of cards the view says it holds, and each
hand avoiding the suits its owner has shown to be void in (R24). The bidder's discard holds no
trump (R18 allows one only from more than six). A few random tries fill the places in order of
how constrained they are; if they all fail the voids are dropped, so a world always comes back.

Among the worlds that agree with the view, the likely ones are preferred: the auction (R12) tells
what the others were dealt. A seat that bid holds a suit worth its bid (`bots.bid_estimate` at
least the bid less a quarter point, the rule-based bidder's margin); a seat that passed holds none
worth the lowest bid it could have made. A world is kept only with probability `UNLIKELY` for each
call it makes a misfit of, else another is drawn (rejection sampling, so every world returned still
agrees with the view); after `WEIGHED_TRIES` refusals the likeliest world refused is kept.

With ``infer=True`` the other seats' card plays are weighed too (`infer`): a world is kept with
probability ``UNLIKELY ** call_misfits * PLAY_UNLIKELY ** play_misfits``, a play misfit being a
card the rule-based bot would not have played from the hand the world deals, and after
`infer.PLAY_TRIES` refusals the likeliest refused is kept. ``infer=False`` draws exactly the
worlds it always has from the same random stream.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from .bots import bid_estimate
from .play import ALL_CARDS, lead_cards, start_state
from .rules import SmearRules
from .scoring import score_hand
from .state import Phase, Setup, State
from .tables import DECK_MASK, SEATS, STOCK_SIZE, SUIT
from .view import SmearView

if TYPE_CHECKING:
    from .infer import PlayCheck

_TRIES = 30
#: How likely a world is kept for each call its hands make unlikely.
UNLIKELY = 0.2
#: Worlds refused as unlikely before one is kept anyway.
WEIGHED_TRIES = 10


def _voids(view: SmearView, strict: bool) -> list[int]:
    """For each seat, the suits (as a card set) its play has shown it no longer holds."""
    voids = [0, 0, 0, 0]
    trump = view.trump
    plays = [(t.leader, t.cards) for t in view.tricks]
    if view.trick:
        plays.append((view.leader if view.leader is not None else 0, view.trick))
    for leader, cards in plays:
        led = cards[0] // 13
        for i, c in enumerate(cards[1:], 1):
            seat = (leader + i) % SEATS
            suit = c // 13
            if suit == led:
                continue
            if led == trump or suit != trump or strict:
                voids[seat] |= SUIT[led]  # R24: did not follow, so could not
    return voids


def _places(view: SmearView, kitty_size: int) -> list[tuple[str, int, int]]:
    """(place, size, suits it may not hold) for every place the seat cannot see."""
    seat = view.seat
    places = [(f"hand {s}", view.hand_sizes[s], 0) for s in range(SEATS) if s != seat]
    if view.phase is Phase.AUCTION or (view.phase is Phase.OVER and view.bidder is None):
        places.append(("stock", STOCK_SIZE, 0))
        return places
    if view.discard is None and kitty_size and view.phase is not Phase.DISCARD:
        places.append(("discard", kitty_size, SUIT[view.trump] if view.trump is not None else 0))
    if view.dead is None:
        places.append(("dead", STOCK_SIZE - kitty_size, 0))
    return places


def _shuffle(pool: list[int], rng: random.Random) -> None:
    """``rng.shuffle(pool)``, the same swaps from the same random bits, written out."""
    bits = rng.getrandbits
    for i in range(len(pool) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = bits(k)
        while j >= n:
            j = bits(k)
        pool[i], pool[j] = pool[j], pool[i]


def fill_order(places: list[tuple[str, int, int]], voids: list[int], pool_mask: int) -> list[tuple[str, int, int]]:
    """The places in the order `_deal_hidden` fills them, each as (place, size, the cards it may
    not hold): the fewest spare cards of the pool ``pool_mask`` it may hold first, ties in the
    order of ``places``."""
    forbidden = []
    for name, size, suits in places:
        block = suits
        if name.startswith("hand "):
            block |= voids[int(name[5:])]
        forbidden.append((name, size, block))
    return sorted(forbidden, key=lambda p: (pool_mask & ~p[2]).bit_count() - p[1])


def _deal_hidden(
    places: list[tuple[str, int, int]], voids: list[int], hidden: list[int], rng: random.Random
) -> dict[str, int] | None:
    """One random filling of the places with the hidden cards, or ``None`` if it got stuck: the
    most constrained place first, each taking the first cards of the shuffled pool it may hold."""
    pool = hidden[:]
    _shuffle(pool, rng)
    pool_mask = 0
    for c in pool:
        pool_mask |= 1 << c
    out = {}
    for name, size, forbidden in fill_order(places, voids, pool_mask):
        block = forbidden & pool_mask
        m = 0
        if not block:  # every card left may go here: the first ones
            if len(pool) < size:
                return None
            for c in pool[:size]:
                m |= 1 << c
            pool = pool[size:]
        else:
            taken = 0
            rest = []
            for c in pool:
                if taken < size and not block >> c & 1:
                    m |= 1 << c
                    taken += 1
                else:
                    rest.append(c)
            if taken < size:
                return None
            pool = rest
        pool_mask ^= m
        out[name] = m
    return out


def sample(rules: SmearRules, strict: bool, view: SmearView, rng: random.Random, infer: bool = False) -> State:
    """A state that ``view.seat`` cannot tell from the true one; with ``infer``, worlds in which
    the other seats played their cards as the rule-based bot would are preferred (see above)."""
    if view.phase is Phase.DEAL:
        return start_state(view.dealer, view.scores)
    unseen = hidden_mask(view)
    hidden = [c for c in range(52) if unseen >> c & 1]
    places = _places(view, rules.kitty_size)
    voids = _voids(view, strict)
    by_seat = played_by(view)
    if infer:
        from .infer import for_view  # here: the fast layer it replays on imports the game

        check = for_view(rules, view)
        if check:
            return _sample_weighed(rules, view, rng, places, voids, hidden, by_seat, check)
    refused: State | None = None
    fewest = 0
    weighed = 0
    attempt = 0
    while attempt < 2 * _TRIES:
        filled = _deal_hidden(places, voids if attempt < _TRIES else [0, 0, 0, 0], hidden, rng)
        state = _assemble(rules, view, filled, by_seat, rng) if filled is not None else None
        if state is None:
            attempt += 1
            if attempt == _TRIES and refused is not None:
                return refused
            continue
        misfits = unlikely_calls(rules, view, state, by_seat)
        if not misfits or rng.random() < UNLIKELY**misfits:
            return state
        if refused is None or misfits < fewest:
            refused, fewest = state, misfits
        weighed += 1
        if weighed >= WEIGHED_TRIES:
            return refused
    raise ValueError("no world agrees with this view")  # pragma: no cover - the views come from states


def _sample_weighed(
    rules: SmearRules,
    view: SmearView,
    rng: random.Random,
    places: list[tuple[str, int, int]],
    voids: list[int],
    hidden: list[int],
    by_seat: list[int],
    check: PlayCheck,
) -> State:
    """`sample`, weighing the worlds by the auction and by the other seats' card plays. The
    keeping number is drawn before the plays are replayed, so the replay stops as soon as the
    world can be neither kept nor the likeliest refused."""
    from . import infer

    play_unlikely = infer.PLAY_UNLIKELY
    tries = infer.PLAY_TRIES
    refused: State | None = None
    best = 0.0  # the likeliest refused world's weight
    weighed = 0
    attempt = 0
    while attempt < 2 * _TRIES:
        filled = _deal_hidden(places, voids if attempt < _TRIES else [0, 0, 0, 0], hidden, rng)
        state = _assemble(rules, view, filled, by_seat, rng) if filled is not None else None
        if state is None:
            attempt += 1
            if attempt == _TRIES and refused is not None:
                return refused
            continue
        weight = UNLIKELY ** unlikely_calls(rules, view, state, by_seat)
        keep = rng.random()
        bar = min(keep, best)  # a world no likelier than this is of no use
        if weight > bar:
            # The most play misfits that leave the world likelier than the bar.
            most = 0
            if play_unlikely < 1.0:
                while most < 64 and weight * play_unlikely ** (most + 1) > bar:
                    most += 1
                misfits = check.misfits(state, most)
            else:
                misfits = 0
            weight *= play_unlikely**misfits
            if keep < weight:
                return state
            if weight > best:
                refused, best = state, weight
        if refused is None:  # a world of weight 0 (a constant set to 0): still the one to fall back on
            refused = state
        weighed += 1
        if weighed >= tries and refused is not None:
            return refused
    raise ValueError("no world agrees with this view")  # pragma: no cover - the views come from states


def unlikely_calls(rules: SmearRules, view: SmearView, world: State, played: list[int] | None = None) -> int:
    """How many of the other seats' auction calls the hands they were dealt in ``world`` make
    unlikely (see the module docstring); ``played`` is `played_by` of the view, if at hand."""
    if played is None:
        played = played_by(view)
    misfits = 0
    bidder = world.setup.bidder if view.phase is not Phase.AUCTION else -1
    for s, bound, bid in call_tests(rules, view):
        dealt = world.hands[s] | played[s]
        if s == bidder:  # what it was dealt: the kitty it took is not, its discard is
            dealt = (dealt | world.setup.discard) & ~world.setup.kitty
        estimate = bid_estimate(rules, dealt) + 0.25
        if estimate < bound if bid else estimate >= bound:
            misfits += 1
    return misfits


def call_tests(rules: SmearRules, view: SmearView) -> list[tuple[int, int, bool]]:
    """The other seats' auction calls that a dealt hand can make unlikely, as (seat, bound, is a
    bid): a bid is unlikely from a hand whose `bid_estimate` plus a quarter point is below the bid
    (``bound``), a pass from one whose estimate plus a quarter reaches the lowest bid the seat
    could have made (``bound``). A stuck dealer's call (R15) tells nothing, nor does a pass when
    no bid was left to make."""
    tests = []
    high = 0
    for i, call in enumerate(view.calls):
        s = (view.dealer + 1 + i) % SEATS
        lowest = max(high + 1, rules.min_bid)
        if s == view.dealer and high and rules.dealer_may_equal:
            lowest = high
        stuck = s == view.dealer and not high and rules.all_pass == "stick_dealer"  # R15: it could not pass
        if s != view.seat and not stuck and (call or lowest <= rules.max_bid):
            tests.append((s, call or lowest, call > 0))
        high = max(high, call)
    return tests


def _assemble(
    rules: SmearRules, view: SmearView, filled: dict[str, int], played: list[int], rng: random.Random
) -> State | None:
    n = rules.kitty_size
    seat = view.seat
    hands = tuple(view.hand if s == seat else filled[f"hand {s}"] for s in range(SEATS))
    phase = view.phase
    bidder = view.bidder if view.bidder is not None else -1
    bid = view.bid if view.bid is not None else 0
    if "stock" in filled:  # before the kitty is taken: its top n cards are the kitty
        stock = [c for c in range(52) if filled["stock"] >> c & 1]
        rng.shuffle(stock)
        kitty = sum(1 << c for c in stock[:n])
        dead = filled["stock"] & ~kitty
        discard = 0
    else:
        dead = view.dead if view.dead is not None else filled["dead"]
        discard = view.discard if view.discard is not None else filled.get("discard", 0)
        if view.kitty is not None:
            kitty = view.kitty
        else:  # the bidder took n of the cards it has held, discarded or played
            cards = [c for c in range(52) if (hands[bidder] | discard | played[bidder]) >> c & 1]
            kitty = sum(1 << c for c in rng.sample(cards, n)) if n else 0
    lead_ok = 0
    if phase is Phase.PLAY or (phase is Phase.OVER and bidder >= 0):
        if n:
            before = discard | hands[bidder] | played[bidder]
            lead_ok = lead_cards(before, discard)
            if not lead_ok:
                return None  # this discard would have left no suit to lead
        else:
            lead_ok = ALL_CARDS
    setup = Setup(view.dealer, view.scores, kitty, dead, view.calls, bidder, bid, discard, lead_ok)
    trump = view.trump if view.trump is not None else -1
    leader = leader_of(view, bidder)
    tally = None
    if phase is Phase.OVER and bidder >= 0:
        tally = score_hand(rules, bidder, bid, trump, view.tricks, discard, view.scores)
    return State(phase, view.to_act, hands, trump, leader, view.trick, view.tricks, setup, tally)


def played_cards(view: SmearView) -> int:
    """Every card played so far, as a card set."""
    played = 0
    for t in view.tricks:
        for c in t.cards:
            played |= 1 << c
    for c in view.trick:
        played |= 1 << c
    return played


def hidden_mask(view: SmearView) -> int:
    """The cards ``view.seat`` cannot see, as a card set."""
    known = view.hand | played_cards(view)
    for m in (view.kitty, view.discard, view.dead):
        if m is not None:
            known |= m
    return DECK_MASK & ~known


def leader_of(view: SmearView, bidder: int) -> int:
    """The state's ``leader`` for a view: the leader of the trick in progress, the bidder before
    its first lead, the last trick's winner once the hand is over (-1 before the play)."""
    phase = view.phase
    if phase is Phase.PLAY:
        return view.leader if view.leader is not None else bidder
    if phase is Phase.DISCARD:
        return bidder
    if phase is Phase.OVER and view.tricks:
        return view.tricks[-1].winner
    return -1


def played_by(view: SmearView) -> list[int]:
    """For each seat, the cards it has played (as a card set)."""
    by = [0] * SEATS
    plays = [(t.leader, t.cards) for t in view.tricks]
    if view.trick and view.leader is not None:
        plays.append((view.leader, view.trick))
    for leader, cards in plays:
        for i, c in enumerate(cards):
            by[(leader + i) % SEATS] |= 1 << c
    return by

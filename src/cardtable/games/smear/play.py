"""Legal actions and their effect, one small function per phase (R10-R37).

Every function is pure: it reads a `State` and returns a new one. Legality checks are cheap
mask tests; the words of an `IllegalAction` are built only when a check fails.
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from cardtable.cards import format_card
from cardtable.core import Deal, IllegalAction
from cardtable.i18n import Phrase, phrase

from .actions import BIDS, PASS, PLAYS, Action, Bid, Discard, Pass, Play, format_action
from .rules import SmearRules
from .scoring import score_hand
from .state import Phase, Setup, State, Trick
from .tables import DECK, DECK_MASK, HAND_SIZE, SEATS, SUIT, SUIT_NAMES, TRICK_KEY, TRICKS, suit_patterns

DEAL, AUCTION, DISCARD, PLAY, OVER = Phase.DEAL, Phase.AUCTION, Phase.DISCARD, Phase.PLAY, Phase.OVER
ALL_CARDS: Final = DECK_MASK


_new = tuple.__new__  # builds a State from a tuple of its fields, without the keyword machinery
#: The bit of each card of the deck, by card number (a card outside it has none).
_DECK_BIT: Final = {c: 1 << c for c in DECK}


def start_state(dealer: int, scores: tuple[int, int]) -> State:
    """The state before the deal (R8-R10)."""
    setup = _new(Setup, (dealer, scores, 0, 0, (), -1, 0, 0, 0))
    return _new(State, (DEAL, -1, (0, 0, 0, 0), -1, -1, (), (), setup, None))


# --- the deal (R10) ---


def apply_deal(rules: SmearRules, s: State, deal: Deal) -> State:
    """R10: cards 0-5 to seat dealer+1, 6-11 to dealer+2, 12-17 to dealer+3, 18-23 to the dealer,
    24-31 the stock, top first; the top ``kitty_size`` stock cards are the kitty (R16)."""
    d = deal.deck
    b = _DECK_BIT
    try:
        # Written out: this runs once per hand of every playout.
        batches = (
            b[d[0]] | b[d[1]] | b[d[2]] | b[d[3]] | b[d[4]] | b[d[5]],
            b[d[6]] | b[d[7]] | b[d[8]] | b[d[9]] | b[d[10]] | b[d[11]],
            b[d[12]] | b[d[13]] | b[d[14]] | b[d[15]] | b[d[16]] | b[d[17]],
            b[d[18]] | b[d[19]] | b[d[20]] | b[d[21]] | b[d[22]] | b[d[23]],
        )
        stock = b[d[24]] | b[d[25]] | b[d[26]] | b[d[27]] | b[d[28]] | b[d[29]] | b[d[30]] | b[d[31]]
    except (KeyError, IndexError, TypeError):
        stock = -1  # a card not in the deck, or fewer than 32
    # 32 cards whose sets join to the whole deck: each of its 32 cards exactly once (R3).
    if stock < 0 or len(d) != 32 or batches[0] | batches[1] | batches[2] | batches[3] | stock != DECK_MASK:
        raise IllegalAction("deal", None, "R3", "the deck must hold each of the 32 Smear cards once")
    first = (s.setup.dealer + 1) & 3  # R11: the auction starts at the dealer's left
    hands = batches[-first:] + batches[:-first] if first else batches  # batch i goes to seat first+i
    kitty = 0
    for c in d[24 : 24 + rules.kitty_size]:
        kitty |= b[c]
    setup = _new(Setup, (s.setup.dealer, s.setup.scores, kitty, stock ^ kitty, (), -1, 0, 0, 0))
    return _new(State, (AUCTION, first, hands, -1, -1, (), (), setup, None))


# --- the auction (R11-R15) ---


def call_range(rules: SmearRules, s: State) -> tuple[bool, int]:
    """(may the seat to act pass, its lowest bid); its highest bid is ``max_bid`` (R12)."""
    dealer_turn = s.to_act == s.dealer
    high = s.bid
    lowest = max(high + 1, rules.min_bid)
    if dealer_turn and high and rules.dealer_may_equal:
        lowest = high  # §3.7: the dealer may take it at the same bid
    may_pass = not (dealer_turn and high == 0 and rules.all_pass == "stick_dealer")  # §3.6
    return may_pass, lowest


_CALLS: dict[tuple[bool, int, int], tuple[Action, ...]] = {}


def auction_actions(rules: SmearRules, s: State) -> tuple[Action, ...]:
    """Pass (unless the stuck dealer), then every bid from the lowest allowed to ``max_bid``."""
    may_pass, lowest = call_range(rules, s)
    key = (may_pass, lowest, rules.max_bid)
    calls = _CALLS.get(key)
    if calls is None:
        bids: tuple[Action, ...] = tuple(BIDS[n] for n in range(lowest, rules.max_bid + 1))
        calls = _CALLS[key] = ((PASS,) if may_pass else ()) + bids
    return calls


def apply_call(rules: SmearRules, s: State, action: Action) -> State:
    """R12-R15: record a pass or a bid; end the auction after a max bid or the dealer's turn."""
    seat = s.to_act
    assert seat is not None
    may_pass, lowest = call_range(rules, s)
    if isinstance(action, Pass):
        if not may_pass:
            reason = phrase("the dealer may not pass after three passes (stick_dealer)")
            raise IllegalAction("pass", seat, "R15", reason)
        call, bidder, bid = 0, s.bidder, s.bid
    elif isinstance(action, Bid):
        call = action.points
        if not lowest <= call <= rules.max_bid:
            raise IllegalAction(format_action(action), seat, "R12", _bid_reason(rules, s, call, lowest))
        bidder, bid = seat, call
    else:
        raise _wrong_phase(s, action, "the auction", "R12")
    calls = (*s.calls, call)
    ended = len(calls) == SEATS or (call == rules.max_bid and rules.max_bid_ends_auction)  # R13
    if not ended:
        phase, to_act, hands, lead_ok = AUCTION, (seat + 1) & 3, s.hands, 0
    elif bidder < 0:  # R15: four passes, nothing is scored
        phase, to_act, hands, lead_ok = OVER, None, s.hands, 0
    elif rules.kitty_size:  # R16: the bidder takes the kitty, then discards (R17)
        taken = list(s.hands)
        taken[bidder] |= s.kitty
        phase, to_act, hands, lead_ok = DISCARD, bidder, tuple(taken), 0
    else:  # R21: the bidder leads, any card
        phase, to_act, hands, lead_ok = PLAY, bidder, s.hands, ALL_CARDS
    u = s.setup
    setup = _new(Setup, (u.dealer, u.scores, u.kitty, u.dead, calls, bidder, bid, 0, lead_ok))
    return _new(State, (phase, to_act, hands, -1, bidder if ended else -1, (), (), setup, None))


def _bid_reason(rules: SmearRules, s: State, call: int, lowest: int) -> Phrase:
    if not rules.min_bid <= call <= rules.max_bid:
        return phrase("bids run from {low} to {high}", low=rules.min_bid, high=rules.max_bid)
    if call == s.bid:
        return phrase("an equal bid is not allowed: bid more than {bid} or pass", bid=s.bid)
    if lowest > rules.max_bid:
        return phrase("nobody can bid more than the {bid} already bid: pass", bid=s.bid)
    return phrase("a bid must be higher than the {bid} already bid", bid=s.bid)


# --- the discard (R16-R18) ---


def lead_cards(hand: int, discard: int) -> int:
    """R18: the cards the bidder may lead to trick 1 after discarding ``discard`` from ``hand``.

    A suit T may be led (and so become trump) when the bidder holds a card of it and discarded
    exactly max(0, t - 6) of its t cards in the (6+N)-card hand.
    """
    ok = 0
    for suit_mask in SUIT:
        held = hand & suit_mask
        if held:
            t = held.bit_count()
            if (discard & suit_mask).bit_count() == max(0, t - HAND_SIZE):
                ok |= held & ~discard
    return ok


def discard_actions(rules: SmearRules, s: State) -> tuple[Action, ...]:
    """Every discard of ``kitty_size`` cards that leaves a suit to lead as trump (R17, R18).

    Per R18 a held suit of ``t`` cards stays eligible when exactly ``max(0, t - 6)`` of it go, so
    for each discard it is enough to count the cards it takes from each suit.
    """
    hand = s.hands[s.bidder]
    cards = [c for c in range(52) if hand >> c & 1]
    need = [(hand & SUIT[suit]).bit_count() for suit in range(4)]
    need = [max(0, t - HAND_SIZE) if t else -1 for t in need]  # -1: not held, never eligible
    out: list[Action] = []
    for combo in combinations(cards, rules.kitty_size):
        taken = [0, 0, 0, 0]
        for c in combo:
            taken[c // 13] += 1
        if taken[0] == need[0] or taken[1] == need[1] or taken[2] == need[2] or taken[3] == need[3]:
            out.append(_discard(combo))
    return tuple(out)


def _discard(cards: tuple[int, ...]) -> Discard:
    """A `Discard` of cards already in card order (combinations keep it), built without sorting."""
    d = object.__new__(Discard)
    object.__setattr__(d, "cards", cards)
    return d


def apply_discard(rules: SmearRules, s: State, action: Action) -> State:
    """R17-R18: the bidder lays ``kitty_size`` cards face down; trick 1 may then be led only in a
    suit the discard leaves eligible as trump."""
    seat = s.bidder
    if not isinstance(action, Discard):
        raise _wrong_phase(s, action, "the discard", "R17")
    hand = s.hands[seat]
    m = action.mask
    if len(action.cards) != rules.kitty_size:
        reason = phrase("discard exactly {size}, not {count}", size=rules.kitty_size, count=len(action.cards))
        raise IllegalAction(format_action(action), seat, "R17", reason)
    if m & ~hand:
        missing = next(c for c in action.cards if not hand >> c & 1)
        raise IllegalAction(
            format_action(action), seat, "R17", phrase("{card} is not in your hand", card=format_card(missing))
        )
    ok = lead_cards(hand, m)
    if not ok:
        raise IllegalAction(format_action(action), seat, "R18", _discard_reason(hand, m))
    hands = list(s.hands)
    hands[seat] = hand & ~m
    u = s.setup
    setup = _new(Setup, (u.dealer, u.scores, u.kitty, u.dead, u.calls, seat, u.bid, m, ok))
    return _new(State, (PLAY, seat, tuple(hands), -1, seat, (), (), setup, None))


def _discard_reason(hand: int, discard: int) -> Phrase:
    parts = []
    for suit, suit_mask in enumerate(SUIT):
        t = (hand & suit_mask).bit_count()
        if t:
            d = (discard & suit_mask).bit_count()
            allowed = max(0, t - HAND_SIZE)
            named = phrase(SUIT_NAMES[suit])
            part = phrase(
                "{suit} ({held} held, {discarded} discarded, {allowed} allowed)",
                suit=named,
                held=t,
                discarded=d,
                allowed=allowed,
            )
            parts.append(part)
    return phrase("this discard leaves no suit to lead as trump: {suits}", suits=parts)


# --- the play (R21-R26) ---


def playable(strict: bool, s: State) -> int:
    """R24-R25: the cards the seat to act may play, as a card set."""
    _, seat, hands, trump, _, trick, tricks, setup, _ = s
    hand: int = hands[seat]  # type: ignore[index]
    if not trick:
        return hand if tricks else hand & setup.lead_ok  # R25; R18: the bidder's first lead
    led = trick[0] // 13
    follow = hand & SUIT[led]
    if not follow:
        return hand  # R24c: void in the suit led
    if strict or led == trump:
        return follow  # R24a (trump led), or the strict option (§3 item 5)
    return follow | (hand & SUIT[trump])  # R24b: follow suit or trump


def _suit_plays(suit: int) -> list[tuple[Action, ...]]:
    """The plays of every set of one suit's Smear cards, indexed by the suit's 13-bit pattern."""
    table: list[tuple[Action, ...]] = [()] * (1 << 13)
    for pattern in suit_patterns():
        table[pattern] = tuple(PLAYS[13 * suit + r] for r in range(13) if pattern >> r & 1)
    return table


# The legal plays of a card set are four lookups joined, one per suit.
_CLUBS, _DIAMONDS, _HEARTS, _SPADES = (_suit_plays(suit) for suit in range(4))


def plays_of(cards: int) -> tuple[Action, ...]:
    """The plays of a card set, in card-number order."""
    return (
        _CLUBS[cards & 0x1FFF] + _DIAMONDS[cards >> 13 & 0x1FFF] + _HEARTS[cards >> 26 & 0x1FFF] + _SPADES[cards >> 39]
    )


def play_actions(strict: bool, s: State) -> tuple[Action, ...]:
    """The legal plays in card-number order (R24-R25)."""
    return plays_of(playable(strict, s))


def apply_play(rules: SmearRules, strict: bool, s: State, action: object) -> State:
    """R22-R26: play a card; the first card led sets trump; a full trick goes to its winner, who
    leads next; after the sixth trick the hand is scored."""
    if action.__class__ is not Play:
        raise _wrong_phase(s, action, "the play of the cards", "R23")
    card = action.card
    bit = 1 << card
    _, seat, h, trump, leader, trick, tricks, setup, _ = s
    hand = h[seat]  # type: ignore[index]
    legal: int | bool
    if trick:
        # R24: a card of the suit led is always allowed; any card when void in it; a trump too,
        # unless the strict option holds (§3 item 5).
        led = trick[0] // 13
        suit = card // 13
        legal = hand & bit and (suit == led or not hand & SUIT[led] or (suit == trump and not strict))
    elif tricks:
        legal = hand & bit  # R25: any card may be led to tricks 2-6
    else:
        legal = hand & setup.lead_ok & bit  # R18: the bidder's first lead
        trump = card // 13  # R22: the first card led sets trump
    if not legal:
        raise IllegalAction(format_action(action), seat, *_play_reason(strict, s, card))
    if seat == 0:
        hands = (hand ^ bit, h[1], h[2], h[3])
    elif seat == 1:
        hands = (h[0], hand ^ bit, h[2], h[3])
    elif seat == 2:
        hands = (h[0], h[1], hand ^ bit, h[3])
    else:
        hands = (h[0], h[1], h[2], hand ^ bit)
    trick = trick + (card,)  # noqa: RUF005 (faster than unpacking on this hot path)
    if len(trick) < SEATS:
        return _new(State, (PLAY, (seat + 1) & 3, hands, trump, leader, trick, tricks, setup, None))  # type: ignore[operator]
    t0, t1, t2, t3 = trick
    key = TRICK_KEY[trump * 4 + t0 // 13]  # R26
    best, first = key[t0], 0
    if key[t1] > best:
        best, first = key[t1], 1
    if key[t2] > best:
        best, first = key[t2], 2
    if key[t3] > best:
        first = 3
    winner = (leader + first) & 3
    tricks = tricks + (_new(Trick, (leader, trick, winner)),)  # noqa: RUF005
    if len(tricks) < TRICKS:
        return _new(State, (PLAY, winner, hands, trump, winner, (), tricks, setup, None))
    tally = score_hand(rules, setup.bidder, setup.bid, trump, tricks, setup.discard, setup.scores)
    return _new(State, (OVER, None, hands, trump, winner, (), tricks, setup, tally))


def _play_reason(strict: bool, s: State, card: int) -> tuple[str, Phrase]:
    """(rule, reason) for a card that may not be played now."""
    hand = s.hands[s.to_act]  # type: ignore[index]
    name = format_card(card)
    if not hand >> card & 1:
        return "R23", phrase("{card} is not in your hand", card=name)
    if not s.trick:
        allowed = [phrase(SUIT_NAMES[t]) for t in range(4) if s.lead_ok & SUIT[t]]
        either = allowed[0]
        for other in allowed[1:]:
            either = phrase("{a} or {b}", a=either, b=other)
        named = phrase(SUIT_NAMES[card // 13])
        return "R18", phrase("{suit} cannot be trump after your discard: lead {allowed}", suit=named, allowed=either)
    led = phrase(SUIT_NAMES[s.trick[0] // 13])
    if s.trick[0] // 13 == s.trump:
        return "R24", phrase("must play a trump ({suit} were led)", suit=led)
    if strict:
        return "R24", phrase("must follow {suit} (strict follow rule)", suit=led)
    return "R24", phrase("must follow {suit} or play a trump ({trump})", suit=led, trump=phrase(SUIT_NAMES[s.trump]))


def _text(action: object) -> str:
    return format_action(action) if isinstance(action, Pass | Bid | Discard | Play) else repr(action)


def _wrong_phase(s: State, action: object, phase: str, rule: str) -> IllegalAction:
    return IllegalAction(_text(action), s.to_act, rule, f"not an action of {phase}")


def legal_actions(rules: SmearRules, strict: bool, s: State) -> tuple[Action, ...]:
    """Every legal action of the seat to act, in canonical order; empty at the deal and at the end."""
    phase = s.phase
    if phase is PLAY:
        return play_actions(strict, s)
    if phase is AUCTION:
        return auction_actions(rules, s)
    if phase is DISCARD:
        return discard_actions(rules, s)
    return ()


def apply_action(rules: SmearRules, strict: bool, s: State, action: Action | Deal) -> State:
    """The state after ``action``; raises `IllegalAction` for anything the rules forbid."""
    phase = s.phase
    if isinstance(action, Deal):
        if phase is not DEAL:
            raise IllegalAction("deal", None, "R10", "the hand has been dealt already")
        return apply_deal(rules, s, action)
    if phase is PLAY:
        return apply_play(rules, strict, s, action)
    if phase is AUCTION:
        return apply_call(rules, s, action)
    if phase is DISCARD:
        return apply_discard(rules, s, action)
    if phase is DEAL:
        raise _wrong_phase(s, action, "the deal: the cards have not been dealt yet", "R10")
    raise IllegalAction(_text(action), None, "R34", "the hand is over")

"""A rule-based Sheepshead player: the way club players describe picking, burying, calling and play.

It sees only its view and its legal actions, and it works on card sets as bit masks over the
Sheepshead index of `tables` (0 = QC, strongest ... 31 = 7H), so that a lower index is a stronger
card within a suit and most questions are one ``&``.

- **Pick** on trump strength and position: queens and jacks count most, then diamonds, fail aces
  and short fail suits; the later a seat decides (the dealer last), the lighter it picks. A very
  strong hand with a queen pair blitzes (R45).
- **Bury** for points and voids: never a trump if it can be helped, fail tens and kings before
  aces, emptying short suits, and always keeping a hold card for an ace it can call (R18).
- **Call** the ace of the suit where it holds the fewest and lowest hold cards; a ten (R19) or the
  unknown (R35a) when nothing else can be called; alone with a monster hand.
- **Crack** (R44) with a strong hand against the picker; the picker re-cracks with a very strong one.
- **Play**: the picker and a partner who knows himself lead trump, the master first; defenders lead
  the called suit, then fail aces and short fail suits, never trump when they can help it. A seat
  whose teammate is winning the trick safely throws on points (tens and aces); otherwise it wins
  the trick with its cheapest winning card, and else throws its least useful card. (The
  `classic` bot, the one before this version, took a trick it could not yet be sure of with its
  cheapest card that nobody could beat, or a high trump when points were on it: it gave away
  about 0.16 points a hand to this one, see docs/sheepshead.md.)
- **Leaster** (and the other no-pick games): avoid tricks; play the highest card that still loses,
  shedding high trumps and points early; a seat with no trick yet takes one cheap, late trick.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

from cardtable.bots.facade import SearchSettings, for_bots

from .actions import ALONE, BLITZ, CRACK, PASS, PICK, PLAYS, RECRACK, Call
from .play import SEATS, call_choices
from .rules import SheepsheadRules
from .tables import BLACK_QUEENS, FAIL_ACES, FAIL_LETTERS, FAIL_SUITS, FOLLOW, FROM_KERNEL, POINTS, TRUMP
from .view import View

#: Kernel card number -> its bit in a Sheepshead card set (0 for a card not in the pack).
_BIT: Final = tuple((1 << FROM_KERNEL[c]) if FROM_KERNEL[c] >= 0 else 0 for c in range(52))
#: Kernel card number -> Sheepshead index.
_IDX: Final = FROM_KERNEL

QUEENS: Final = 0b1111
JACKS: Final = 0b1111 << 4
HIGH_TRUMP: Final = QUEENS | JACKS
DIAMONDS: Final = TRUMP & ~HIGH_TRUMP
ACES: Final = sum(1 << a for a in FAIL_ACES)
POINT_CARDS: Final = sum(1 << i for i in range(32) if POINTS[i] >= 10)
FAIL: Final = ((1 << 32) - 1) & ~TRUMP

#: Pick strength of each card: queens and jacks by rank, diamonds, fail aces; fail tens without
#: their ace are a liability.
_WEIGHT: Final = tuple(
    (3.6, 3.3, 3.0, 2.8, 2.4, 2.2, 2.0, 1.9, 1.6, 1.5, 1.3, 1.2, 1.2, 1.2)[i]
    if i < 14
    else (1.3 if i in FAIL_ACES else 0.0)
    for i in range(32)
)
#: R45: the queen pairs a blitz shows.
_PAIRS: Final = ((1 << 0) | (1 << 1), (1 << 2) | (1 << 3))

#: Lowest set bit -> index, for masks of up to 32 bits.
_LOW: Final = {1 << i: i for i in range(32)}


def _mask(cards: Sequence[int | None]) -> int:
    m = 0
    for c in cards:
        if c is not None:
            m |= _BIT[c]
    return m


def _top(mask: int) -> int:
    """The strongest card of a non-empty set."""
    return _LOW[mask & -mask]


def _bottom(mask: int) -> int:
    """The weakest card of a non-empty set."""
    return mask.bit_length() - 1


def strength(hand: int) -> float:
    """How well ``hand`` would play as the picker's: trumps by rank, fail aces, short fail suits."""
    s = 0.0
    m = hand
    while m:
        low = m & -m
        i = _LOW[low]
        s += _WEIGHT[i]
        m ^= low
    trumps = (hand & TRUMP).bit_count()
    for suit in FAIL_SUITS:
        f = hand & suit
        if not f:
            s += 0.6 if trumps >= 3 else 0.2
        elif f & POINT_CARDS and not f & ACES:
            s -= 0.4
    if trumps >= 5:
        s += 1.0
    return s


def pick_threshold(rules: SheepsheadRules, position: int) -> float:
    """The `strength` a seat wants before it picks: lighter the later it decides (``position`` 0
    decides first, 4 is the dealer), and lighter still for a dealer facing a doubler (R42)."""
    need = 8.2 - 0.6 * position
    if rules.no_pick_rule == "doubler" and position == SEATS - 1:
        need -= 0.5
    return need


#: The fail cards by rank: aces, tens, kings, and the 9s, 8s and 7s (each fail suit is A, 10, K,
#: 9, 8, 7 from its first index).
_FAIL_RANKS: Final = tuple(
    sum(1 << (14 + 6 * k + r) for k in range(3) for r in ranks) for ranks in ((0,), (1,), (2,), (3, 4, 5))
)


def pick_features(hand: int, position: int) -> list[float]:
    """What the taught pick (`PICK_MODEL`) reads of a hand: each of the 14 trumps, the fail aces,
    tens, kings and low cards, the fail tens without their ace, the fail suits void, four and
    five trumps or more, and the seat's place in the auction (0 decides first, 4 is the dealer)."""
    f = [float(hand >> i & 1) for i in range(14)]
    f += [float((hand & ranks).bit_count()) for ranks in _FAIL_RANKS]
    f.append(float(sum(1 for k in range(3) if hand & 1 << (15 + 6 * k) and not hand & 1 << (14 + 6 * k))))
    f.append(float(sum(1 for suit in FAIL_SUITS if not hand & suit)))
    trumps = (hand & TRUMP).bit_count()
    f += [float(trumps >= 4), float(trumps >= 5)]
    f += [float(position == p) for p in range(SEATS)]
    return f


#: The taught pick: weights of `pick_features` in a linear model of what picking brings over
#: passing, in points a hand, against rule-based players under the standard rules; fitted by
#: ``bench/sheepshead_teach.py --deals 80000 --seed 71`` to 148,848 pick decisions, each played
#: out from the true deal after a pick and after a pass, with the first round's taught pick in
#: the other seats (a third round moves no weight by more than 0.03; docs/sheepshead.md, "The
#: taught pick and bury"). The bot picks where the value is above zero.
# fmt: off
PICK_MODEL: Final[tuple[float, ...]] = (
    +2.077, +1.816, +1.409, +1.161, +0.956, +0.858,
    +0.947, +0.786, +0.755, +0.651, +0.574, +0.513,
    +0.566, +0.484, -0.727, -0.111, -0.300, -0.401,
    +0.088, -0.584, +0.244, +0.581, -0.913, -1.162,
    -0.802, +0.338, +4.542,
)
# fmt: on


def taught_rules(rules: SheepsheadRules) -> bool:
    """Whether `PICK_MODEL` was taught on these rules: the standard rules (the defaults). Any
    option changes what a pick is worth (a doubled loss on the bump, a partner by the jack of
    diamonds, no leaster), so the bot picks by its threshold under any other."""
    return rules == _STANDARD


def pick_value(hand: int, position: int) -> float:
    """The taught model's value of picking over passing, in points a hand (`PICK_MODEL`)."""
    return _dot(PICK_MODEL, pick_features(hand, position))


def _dot(weights: Sequence[float], features: Sequence[float]) -> float:
    """The weighted sum, term by term from the first (not ``sum``, whose float addition differs
    between Python versions), as the bot over arrays adds it (`botkernels`)."""
    total = 0.0
    for w, x in zip(weights, features, strict=True):
        total += w * x
    return total


#: The taught bury: weights of `RuleBot.bury_features` in a linear model of a bury's value against
#: the other first few of the same hand, in points a hand; fitted by the same run to 80,000
#: buries, each of the written judgement's first `BURY_SHORTLIST` played out from the true deal.
# fmt: off
BURY_MODEL: Final[tuple[float, ...]] = (
    +0.426, -0.728, +0.206, -0.375, -0.104, -0.012,
    -0.121, +0.119, +1.340, +0.643,
)
# fmt: on
#: How many of the written judgement's best buries the taught model chooses among.
BURY_SHORTLIST: Final = 4


#: The standard rules, on which the pick was taught.
_STANDARD: Final = SheepsheadRules()


#: How the search spends its work in Sheepshead (`cardtable.bots.search.SearchSettings`). Each
#: level spends its budgets once: eleven times the hard level's time gained nothing measurable
#: in 400 deals, so it stays as quick as the fast layer made it. A world is replayed from its
#: deal (about 12 moves of play); weighed by the other seats' plays too, 3.6 times that, and the
#: search asks for it: it gained nothing measurable at equal work, and led the classic search at
#: 0.05 s a move in both runs made (+0.06 a hand, 200 deals each, neither interval above zero;
#: ``infer.py``).
SEARCH_SETTINGS = SearchSettings(
    moves={"easy": 550, "medium": 2000, "hard": 7600},
    world_moves=12,
    infer_world_moves=43,
    infer=True,
)


#: The weights of `RuleBot._bury_score`.
BURY_WEIGHTS: Final = {"points": 0.35, "trump": 4.0, "ace": 7.0, "void": 4.0}


class RuleBot:
    """Plays Sheepshead by the rules club players teach (see the module docstring)."""

    name = "rule"

    def __init__(self, game: Any, classic: bool = False) -> None:
        self.game = game = for_bots(game)  # a game of its own: no way to the true state
        self.rules = game.rules
        #: The bot before this version (`rule:classic`): it took a trick it could not yet be sure
        #: of with its cheapest card that nobody could beat, or a high trump with points on it.
        self.classic = classic
        if classic:
            self.name = "rule:classic"
        #: Pick by the taught model (`PICK_MODEL`) where the rules are those it was taught on,
        #: else by `strength` against `pick_threshold`; bury by the taught model (`BURY_MODEL`)
        #: among the written judgement's first few there, else by that judgement alone. The
        #: classic bot does neither.
        self.taught_pick = self.taught_bury = not classic
        #: What the seat adds to `pick_threshold`, by its place in the auction (0 decides first,
        #: 4 is the dealer).
        self.pick_shift: tuple[float, ...] = (0.0,) * SEATS
        #: How a bury is judged (`_bury_score`): per point put away, per trump and per fail ace
        #: buried (taken off), per fail suit emptied.
        self.bury_weights: dict[str, float] = dict(BURY_WEIGHTS)

    def act(self, view: View, legal: Sequence[Any], rng: random.Random) -> Any:
        """One of ``legal``, chosen from ``view`` alone."""
        if len(legal) == 1:
            return legal[0]
        phase = view.phase
        if phase == "play":
            return self._play(view, legal)
        if phase == "pick":
            return self._pick(view, legal)
        if phase == "bury":
            return self._bury(view, legal)
        if phase == "call":
            return self._call(view, legal)
        return self._crack(view, legal)

    # --- picking (R11, R45) ---

    def _pick(self, view: View, legal: Sequence[Any]) -> Any:
        hand = _mask(view.hand)
        position = (view.seat - view.dealer - 1) % SEATS
        need = pick_threshold(self.rules, position) + self.pick_shift[position]
        s = strength(hand)
        taught = self.taught_pick and taught_rules(self.rules)
        passes = pick_value(hand, position) <= 0.0 if taught else s < need
        if passes and PASS in legal:
            return PASS
        if BLITZ in legal and s >= need + 3.0:
            return BLITZ
        return PICK if PICK in legal else legal[0]

    # --- the bury (R14) ---

    def _bury(self, view: View, legal: Sequence[Any]) -> Any:
        ranked = self.rank(view, legal)
        return ranked[0] if ranked else legal[0]

    def _bury_score(self, hand: int, action: Any) -> float:
        """How good burying ``action``'s two cards is: points kept, trumps and aces not wasted,
        voids made, and the call the rest of the hand leaves."""
        a, b = action.cards
        bury = _BIT[a] | _BIT[b]
        keep = hand & ~bury
        w = self.bury_weights
        score = w["points"] * _points(bury)  # the bury's points are the picker's (R15)
        for bit in (_BIT[a], _BIT[b]):
            i = _LOW[bit]
            if bit & TRUMP:
                score -= w["trump"] + 1.5 * (14 - i)
            elif bit & ACES:
                score -= w["ace"]  # an ace takes a trick of its own
        for suit in FAIL_SUITS:
            if hand & suit and not keep & suit:
                score += w["void"]  # a void to trump into
        if self.rules.partner_mode == "called_ace":
            score += 12.0 if self._monster(keep) else self._call_quality(keep, bury)
        return score

    def bury_features(self, hand: int, action: Any) -> list[float]:
        """What the taught bury (`BURY_MODEL`) reads of burying ``action``'s two cards from
        ``hand``: its points (in tens), the trumps it puts away and how high they are, the fail
        aces, tens and kings, the fail suits it empties, the quality of the best call the rest
        leaves (as `_call_quality` judges it), whether the rest goes alone, and the bury's
        `_bury_score` (in tens): the model corrects that judgement among its first few."""
        bury = _mask(action.cards)
        keep = hand & ~bury
        return [
            _points(bury) / 10.0,
            float((bury & TRUMP).bit_count()),
            sum(14 - i for i in _bits(bury & TRUMP)) / 14.0,
            float((bury & ACES).bit_count()),
            float((bury & _FAIL_RANKS[1]).bit_count()),
            float((bury & _FAIL_RANKS[2]).bit_count()),
            float(sum(1 for suit in FAIL_SUITS if hand & suit and not keep & suit)),
            self._call_quality(keep, bury) / 10.0 if self.rules.partner_mode == "called_ace" else 0.0,
            float(self._monster(keep)),
            self._bury_score(hand, action) / 10.0,
        ]

    def shortlist(self, hand: int, legal: Sequence[Any]) -> list[Any]:
        """The legal buries best first by `_bury_score` (the judgement the bot was written with)."""
        scores = [self._bury_score(hand, action) for action in legal]
        order = sorted(range(len(legal)), key=lambda i: (-scores[i], i))
        return [legal[i] for i in order]

    def rank(self, view: View, legal: Sequence[Any]) -> list[Any] | None:
        """The bury's legal actions best first (the first is `act`'s choice); no ordering for
        the other decisions."""
        if view.phase != "bury" or len(legal) < 2:
            return None
        hand = _mask(view.hand)
        ranked = self.shortlist(hand, legal)
        if self.taught_bury and taught_rules(self.rules):
            # the taught model chooses among the written judgement's first few (`BURY_SHORTLIST`)
            first = ranked[:BURY_SHORTLIST]
            values = [_dot(BURY_MODEL, self.bury_features(hand, a)) for a in first]
            order = sorted(range(len(first)), key=lambda i: (-values[i], i))
            ranked = [first[i] for i in order] + ranked[BURY_SHORTLIST:]
        return ranked

    def _call_quality(self, keep: int, bury: int) -> float:
        """How good the best call left by this bury is: an ace call with a short, low hold card
        (R18); a ten or unknown call (R19, R35a) is a poor second, and no call at all the worst."""
        eight = keep | bury
        rules = self.rules
        best = -14.0
        for k in range(3):
            ace = 1 << FAIL_ACES[k]
            hold = keep & FAIL_SUITS[k] & ~ace
            if hold and (rules.allow_call_own_ace or not eight & ace):
                best = max(best, 4.0 - hold.bit_count() - 0.2 * _points(hold))
        if best == -14.0 and (
            (rules.allow_ten_call and eight & ACES == ACES) or (rules.allow_unknown_call and eight & ACES != ACES)
        ):
            for c in call_choices(rules, keep, bury):
                if isinstance(c, Call) and c.card is not None:
                    return -3.0
        return best

    def _monster(self, hand: int) -> bool:
        """A hand that goes alone: five or six trumps, four of them queens or jacks with a black
        queen among them, and no fail card but an ace."""
        trumps = hand & TRUMP
        return (
            trumps.bit_count() >= 5
            and (trumps & HIGH_TRUMP).bit_count() >= 4
            and bool(trumps & BLACK_QUEENS)
            and not hand & FAIL & ~ACES
        )

    # --- the call (R17-R21, R35a) ---

    def _call(self, view: View, legal: Sequence[Any]) -> Any:
        hand = _mask(view.hand)
        if self._monster(hand) and ALONE in legal:
            return ALONE
        best: Any = None
        best_score = -1e9
        for action in legal:
            if not isinstance(action, Call) or action.card is None:
                continue
            x = _IDX[action.card]
            suit = FAIL_SUITS[(x - 14) // 6]
            hold = hand & suit & ~(1 << x)
            if action.unknown is not None:
                u = _BIT[action.unknown]
                # the unknown card: a low fail card, never a high trump
                score = -5.0 - 2.0 * POINTS[_LOW[u]] / 11 - (6.0 if u & HIGH_TRUMP else 2.0 if u & TRUMP else 0.0)
            else:
                score = 2.0 - hold.bit_count() - 0.15 * _points(hold) + (1.0 if x in FAIL_ACES else 0.0)
            if score > best_score:
                best, best_score = action, score
        if best is None or (best_score < -6.5 and strength(hand) >= 14.0):
            return ALONE
        return best

    # --- crack and re-crack (R44) ---

    def _crack(self, view: View, legal: Sequence[Any]) -> Any:
        hand = _mask(view.hand)
        s = strength(hand)
        if RECRACK in legal:
            return RECRACK if s >= 16.0 else PASS
        if CRACK in legal and (hand & HIGH_TRUMP).bit_count() >= 3 and s >= 12.5:
            return CRACK
        return PASS

    # --- trick play (R23-R35a) ---

    def _play(self, view: View, legal: Sequence[Any]) -> Any:
        seat = view.seat
        hand = _mask(view.hand)
        ok = 0
        for a in legal:
            ok |= _BIT[a.card]
        gone = hand | _mask(view.blind) | _mask(view.bury)
        won = 0
        for _ld, cs, w in view.tricks:
            gone |= _mask(cs)
            if w == seat:
                won += 1
        trick = view.trick
        gone |= _mask(trick)
        out = ~gone & ((1 << 32) - 1)  # cards whose place this seat does not know
        picker = view.picker
        x = FAIL_LETTERS.index(view.call_suit) if view.call_suit is not None else -1
        if picker is None:
            return PLAYS[self._leaster(view, ok, trick, out, won)]
        partner = view.partner if view.partner_known else None
        team: tuple[int, ...]
        if seat == picker:
            team = (seat, partner) if partner is not None else (seat,)
        elif partner == seat:
            team = (seat, picker)
        elif view.partner_known:
            team = tuple(s for s in range(SEATS) if s != picker and s != partner)
        else:
            team = (seat,)
        on_picker_team = seat == picker or partner == seat
        if not trick:
            return PLAYS[self._lead(view, hand, ok, out, on_picker_team, x)]
        led, best, best_pos, points = _trick_state(trick, x)
        leader = view.trick_leader
        winner = (leader + best_pos) % SEATS
        follow = FAIL_SUITS[x] if led < 0 else FOLLOW[led]
        last = len(trick) == SEATS - 1
        best_is_trump = best < 14
        beat = ok & TRUMP & (1 << best) - 1 if best_is_trump else ok & TRUMP | ok & follow & (1 << best) - 1
        if winner in team:
            if last or _safe(best, out, follow, best_is_trump):
                return PLAYS[_schmear(ok)]
            if beat and points >= 10:
                safe = [c for c in _bits(beat) if _safe(c, out, follow, c < 14)]
                if safe:
                    return PLAYS[max(safe)]
            return PLAYS[_discard(ok)]
        if (
            not on_picker_team
            and not view.partner_known
            and winner != picker
            and _played_in(trick, leader, picker)
            and (not beat or points < 10)
        ):
            return PLAYS[_discard(ok)]  # the picker has already lost this trick: no need to overtake
        if beat:
            if last or not self.classic:
                return PLAYS[_cheapest_winner(beat)]
            safe_beat = 0
            for c in _bits(beat):
                if _safe(c, out, follow, c < 14):
                    safe_beat |= 1 << c
            if safe_beat:
                # take it with the cheapest card that cannot be beaten
                return PLAYS[_cheapest_winner(safe_beat)]
            if points >= 10:
                return PLAYS[_top(beat)]  # trump high when points are on the trick
            if not beat & TRUMP:
                return PLAYS[_cheapest_winner(beat)]
        return PLAYS[_discard(ok)]

    def _lead(self, view: View, hand: int, ok: int, out: int, picker_team: bool, x: int) -> int:
        trumps = ok & TRUMP
        if picker_team and trumps:
            top = _top(trumps)
            if not out & TRUMP & ((1 << top) - 1):
                return top  # the master trump draws the others
            return _bottom(trumps)  # a low trump to find the partner
        fails = ok & FAIL
        if not fails:
            return _bottom(ok)
        if not picker_team and x >= 0 and _first_x_open(view, x):
            xs = fails & FAIL_SUITS[x]
            if xs:
                return _bottom(xs)  # lead the called suit: the ace must come out
        aces = fails & ACES
        for a in FAIL_ACES:
            if aces >> a & 1 and out & FAIL_SUITS[(a - 14) // 6]:
                return a
        # the shortest fail suit, its lowest card
        best_suit = 0
        best_len = 99
        for suit in FAIL_SUITS:
            f = fails & suit
            if f and f.bit_count() < best_len:
                best_suit, best_len = f, f.bit_count()
        return _bottom(best_suit)

    def _leaster(self, view: View, ok: int, trick: tuple[int | None, ...], out: int, won: int) -> int:
        """R41 (`leaster_card`)."""
        state = _trick_state(trick, -1) if trick else None
        return leaster_card(self.rules, ok, len(view.hand), state, len(trick) == SEATS - 1, out, won)


def leaster_card(
    rules: SheepsheadRules, ok: int, held: int, state: tuple[int, int, int, int] | None, last: bool, out: int, won: int
) -> int:
    """R41: the rule bot's card in a leaster (the rule bot and its fast policy both play by this):
    avoid tricks, shed power and points; a seat with no trick takes one cheap trick.

    ``ok`` is the cards it may play, ``held`` how many it holds, ``state`` the trick so far as
    `_trick_state` gives it (``None`` when it leads), ``last`` whether it plays last to the trick,
    ``out`` the cards it has not seen and ``won`` whether it has taken a trick."""
    if state is None:
        fails = ok & FAIL
        if fails:
            # a low card of the longest outstanding suit is the likeliest loser
            best = -1
            best_key = -99
            for suit in FAIL_SUITS:
                f = fails & suit
                if f:
                    low = _bottom(f)
                    key = (out & suit & ((1 << low) - 1)).bit_count()
                    if key > best_key:
                        best, best_key = low, key
            return best
        return _bottom(ok)
    led, best, _pos, points = state
    follow = FOLLOW[led]
    beat = ok & TRUMP & (1 << best) - 1 if best < 14 else ok & TRUMP | ok & follow & (1 << best) - 1
    lose = ok & ~beat
    need = rules.leaster_requires_trick and not won
    if need and beat and last and points <= 4:
        return _top(beat)  # one cheap trick, shedding the strongest card
    if lose:
        if need and held <= 3:
            # keep the strong cards for the one trick still needed, give away points
            return max(_bits(lose), key=lambda c: (POINTS[c], c))
        # the highest card that still loses, points first
        return max(_bits(lose), key=_shed_key)
    return _top(beat)


def _played_in(trick: tuple[int | None, ...], leader: int, seat: int) -> bool:
    return (seat - leader) % SEATS < len(trick)


def _shed_key(c: int) -> tuple[int, int]:
    return (POINTS[c] + (8 if c < 8 else 0), -c if c >= 14 else 14 - c)


def _bits(mask: int) -> list[int]:
    out = []
    while mask:
        low = mask & -mask
        out.append(_LOW[low])
        mask ^= low
    return out


def _points(mask: int) -> int:
    total = 0
    while mask:
        low = mask & -mask
        total += POINTS[_LOW[low]]
        mask ^= low
    return total


def _trick_state(trick: tuple[int | None, ...], x: int) -> tuple[int, int, int, int]:
    """(the led card or -1 for the unknown, the winning card, its position, the points seen)."""
    first = trick[0]
    led = -1 if first is None else _IDX[first]
    follow = FAIL_SUITS[x] if led < 0 else FOLLOW[led]
    best = 99
    best_pos = 0
    best_trump = False
    points = 0
    for pos, c in enumerate(trick):
        if c is None:
            continue
        i = _IDX[c]
        points += POINTS[i]
        if i < 14:
            if not best_trump or i < best:
                best, best_pos, best_trump = i, pos, True
        elif not best_trump and follow >> i & 1 and i < best:
            best, best_pos = i, pos
    if best == 99:  # only the unknown so far: any card of the suit wins
        best = FAIL_SUITS[x].bit_length()
    return led, best, best_pos, points


def _safe(card: int, out: int, follow: int, trump: bool) -> bool:
    """Whether no card still out can beat ``card`` (the players after may still trump a fail card)."""
    if trump:
        return not out & TRUMP & ((1 << card) - 1)
    return not out & TRUMP and not out & follow & ((1 << card) - 1)


def _schmear(ok: int) -> int:
    """The most points to give a winning teammate, sparing queens and jacks."""
    best = _bottom(ok)
    best_key = -99.0
    m = ok
    while m:
        low = m & -m
        i = _LOW[low]
        key = POINTS[i] - (12.0 if low & HIGH_TRUMP else 3.0 if low & TRUMP else 0.0)
        if key > best_key:
            best, best_key = i, key
        m ^= low
    return best


def _discard(ok: int) -> int:
    """The least useful card: no points, not a trump, the weakest."""
    best = _bottom(ok)
    best_key = 99.0
    m = ok
    while m:
        low = m & -m
        i = _LOW[low]
        key = POINTS[i] + (20.0 - i if low & TRUMP else 0.0) + (4.0 if low & ACES else 0.0)
        if key < best_key:
            best, best_key = i, key
        m ^= low
    return best


def _cheapest_winner(beat: int) -> int:
    """The weakest winning card, counting fail points as a gain."""
    fails = beat & FAIL
    if fails:
        return max(_bits(fails), key=lambda c: (POINTS[c], c))
    return _bottom(beat)


def _first_x_open(view: View, x: int) -> bool:
    """Whether the called suit has not been led yet (R27-R33)."""
    suit = FAIL_SUITS[x]
    for _ld, cs, _w in view.tricks:
        c = cs[0]
        if c is None or suit >> _IDX[c] & 1:
            return False
    return True


__all__ = ["SEARCH_SETTINGS", "RuleBot", "pick_threshold", "strength"]

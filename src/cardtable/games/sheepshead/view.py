"""What one seat may know: the per-seat `View` and the `known` card set behind `unseen`.

R13, R16: the blind and the bury only to the picker until the hand ends; in a played no-pick
hand nobody sees the blind until the end. R22: the partner is known only to himself until the
called card (or JD) is played. R35a: the unknown card lies face down; the picker knows it, the
winner of its trick may look at it, everyone sees it when the hand ends.

A spectator (`observe_public`) sees what every seat sees: the pick and the passes, the call (its
rank and suit, not where it lies), cracks and blitzes, every card played face up, each seat's
number of cards, the partner once the called card is played; the blind, the bury and the unknown
card only once the hand ends.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.cards import format_card

from .state import CallKind, Phase, State
from .tables import ALL, FAIL_LETTERS, TO_KERNEL, TRUMP, kernel_cards

_KINDS = {CallKind.ALONE: "alone", CallKind.ACE: "ace", CallKind.TEN: "ten", CallKind.UNKNOWN: "unknown"}


@dataclass(frozen=True, slots=True)
class View:
    """One seat's view of a hand. Cards are kernel card numbers; ``None`` is a face-down card."""

    seat: int
    dealer: int
    phase: str
    actor: int | None
    hand: tuple[int, ...]
    scores: tuple[int, ...]
    pending_doublers: int
    passes: int
    picker: int | None
    blitz: tuple[str, ...]
    blind: tuple[int, ...]
    bury: tuple[int, ...]
    call: str | None  # "ace", "ten", "unknown", "alone", "jack_of_diamonds" or None
    call_suit: str | None  # the called fail suit letter
    unknown: int | None  # the unknown card (R35a), when this seat may know it
    partner_known: bool
    partner: int | None
    cracks: int
    cracker: int | None
    tricks: tuple[tuple[int, tuple[int | None, ...], int], ...]
    trick_leader: int
    trick: tuple[int | None, ...]
    shown: tuple[tuple[int, ...], ...] = ()  # R43 schwanzer: each seat's trumps, shown at the end

    @property
    def to_act(self) -> int | None:
        """The seat to act, by the name every game's view uses (``actor`` is the same seat)."""
        return self.actor

    def to_json(self) -> dict[str, Any]:
        """The view as JSON-ready data, cards as canonical strings, face-down cards as null."""

        def cards(cs: tuple[int | None, ...]) -> list[str | None]:
            return [None if c is None else format_card(c) for c in cs]

        return {
            "seat": self.seat,
            "dealer": self.dealer,
            "phase": self.phase,
            "actor": self.actor,
            "to_act": self.actor,  # the name the other games' views use; "actor" stays for its readers
            "hand": cards(self.hand),
            "scores": list(self.scores),
            "pending_doublers": self.pending_doublers,
            "passes": self.passes,
            "picker": self.picker,
            "blitz": list(self.blitz),
            "blind": cards(self.blind),
            "bury": cards(self.bury),
            # the called card as rank and suit: public, but where it lies is not
            "call": None if self.call is None else {"kind": self.call, "suit": self.call_suit},
            "unknown": None if self.unknown is None else format_card(self.unknown),
            "partner_known": self.partner_known,
            "partner": self.partner,
            "cracks": self.cracks,
            "cracker": self.cracker,
            "tricks": [{"leader": ld, "cards": cards(cs), "winner": w} for ld, cs, w in self.tricks],
            "trick": {"leader": self.trick_leader, "cards": cards(self.trick)},
            "shown": [cards(h) for h in self.shown],
        }


def revealed(s: State) -> bool:
    """Whether everything is shown: a hand that was played (or scored from the hands) is over."""
    return s.phase == Phase.DONE and (bool(s.tricks) or s.setup.picker >= 0)


def known(s: State, seat: int, no_pick_rule: str) -> int:
    """The cards (Sheepshead indices) whose place ``seat`` knows now."""
    setup = s.setup
    if s.phase == Phase.DEAL:
        return 0
    if revealed(s):
        return ALL
    k = s.hands[seat] | s.played
    if setup.picker == seat:
        k |= setup.blind | setup.bury
    elif setup.under >= 0 and s.played >> setup.under & 1 and not _may_see_under(s, seat):
        k &= ~(1 << setup.under)
    if s.phase == Phase.DONE and no_pick_rule == "schwanzer" and setup.passes == 5:
        # R43 schwanzer: every hand's trumps are shown (a thrown-in deal shows nothing)
        for h in s.hands:
            k |= h & TRUMP
    return k


def _may_see_under(s: State, seat: int) -> bool:
    """R35a: the winner of the trick holding the unknown card may look at it."""
    u = s.setup.under
    return any(w == seat and u in cards for _l, cards, w in s.tricks)


_DONE, _CRACK = Phase.DONE, Phase.CRACK
#: Each phase's name in a view, by phase number.
_PHASE_NAMES = tuple(p.name.lower() for p in Phase)
_BLITZ = ((), ("black",), ("red",), ("black", "red"))


def _face_up(cards: tuple[int, ...]) -> tuple[int, ...]:
    """Cards (Sheepshead indices) as kernel card numbers."""
    return tuple(map(TO_KERNEL.__getitem__, cards))


def observe(s: State, seat: int, call_mode: str, no_pick_rule: str) -> View:
    """The view of ``seat``.

    A search bot observes at every step of its playouts, so the common case (no card lying aside
    unknown, R35a) converts the played cards in one pass and builds the view positionally."""
    setup = s.setup
    phase = s.phase
    k = known(s, seat, no_pick_rule)
    show_all = revealed(s)
    picker = setup.picker
    picked = picker >= 0
    blind = setup.blind if (show_all or (picked and picker == seat)) else 0
    bury = setup.bury if (show_all or picker == seat) else 0
    call: str | None = _KINDS.get(setup.call_kind)
    if call_mode == "jack_of_diamonds" and picked and phase >= _CRACK:
        call = "jack_of_diamonds"
    partner_known, partner = partner_view(s, seat)
    under = setup.under
    unknown = None
    if under >= 0 and k >> under & 1:
        unknown = TO_KERNEL[under]
    tricks: tuple[tuple[int, tuple[int | None, ...], int], ...]
    trick: tuple[int | None, ...]
    if under < 0 or unknown is not None:  # every played card is face up to this seat
        tricks = tuple([(ld, _face_up(cs), w) for ld, cs, w in s.tricks])
        trick = _face_up(s.trick)
    else:

        def shown(c: int) -> int | None:
            return TO_KERNEL[c] if k >> c & 1 else None

        tricks = tuple([(ld, tuple([shown(c) for c in cs]), w) for ld, cs, w in s.tricks])
        trick = tuple([shown(c) for c in s.trick])
    done = phase == _DONE
    return View(
        seat,
        setup.dealer,
        _PHASE_NAMES[phase],
        None if done else s.actor,
        kernel_cards(s.hands[seat]),
        setup.scores,
        setup.pending,
        setup.passes,
        picker if picked else None,
        _BLITZ[setup.blitz & 3],
        kernel_cards(blind),
        kernel_cards(bury),
        call,
        FAIL_LETTERS[setup.suit] if setup.suit >= 0 else None,
        unknown,
        partner_known,
        partner,
        setup.cracks,
        setup.cracker if setup.cracker >= 0 else None,
        tricks,
        s.leader,
        trick,
        tuple(kernel_cards(h & TRUMP) for h in s.hands)
        if done and no_pick_rule == "schwanzer" and setup.passes == 5
        else (),
    )


def partner_view(s: State, seat: int) -> tuple[bool, int | None]:
    """R22: (whether ``seat`` knows who the partner is, the partner or None for none)."""
    setup = s.setup
    if setup.picker < 0 or s.phase < Phase.CRACK:
        return False, None
    partner = setup.partner if setup.partner >= 0 else None
    if setup.call_kind == CallKind.ALONE or revealed(s):
        return True, partner
    if setup.called < 0:
        return True, partner
    if seat == setup.partner or s.played >> setup.called & 1:
        return True, partner  # he holds it, or it has been played
    if seat == setup.picker and partner is None:
        return True, None  # the picker holds the called card (or JD) himself: secretly alone
    return False, None


@dataclass(frozen=True, slots=True)
class PublicView:
    """A spectator's view of a hand: what every seat sees. Cards are kernel card numbers; ``None``
    is a face-down card."""

    dealer: int
    phase: str
    actor: int | None
    hand_sizes: tuple[int, ...]
    scores: tuple[int, ...]
    pending_doublers: int
    passes: int
    picker: int | None
    blitz: tuple[str, ...]
    blind: tuple[int, ...]
    bury: tuple[int, ...]
    call: str | None
    call_suit: str | None
    unknown: int | None
    partner_known: bool
    partner: int | None
    cracks: int
    cracker: int | None
    tricks: tuple[tuple[int, tuple[int | None, ...], int], ...]
    trick_leader: int
    trick: tuple[int | None, ...]
    shown: tuple[tuple[int, ...], ...] = ()

    @property
    def to_act(self) -> int | None:
        """The seat to act, by the name every game's view uses (``actor`` is the same seat)."""
        return self.actor

    def to_json(self) -> dict[str, Any]:
        """JSON-ready data in the seat view's shape, with ``"seat": null``, no ``hand`` and each
        seat's number of cards in ``hand_sizes``."""

        def cards(cs: tuple[int | None, ...]) -> list[str | None]:
            return [None if c is None else format_card(c) for c in cs]

        return {
            "seat": None,
            "dealer": self.dealer,
            "phase": self.phase,
            "actor": self.actor,
            "to_act": self.actor,  # the name the other games' views use; "actor" stays for its readers
            "hand_sizes": list(self.hand_sizes),
            "scores": list(self.scores),
            "pending_doublers": self.pending_doublers,
            "passes": self.passes,
            "picker": self.picker,
            "blitz": list(self.blitz),
            "blind": cards(self.blind),
            "bury": cards(self.bury),
            "call": None if self.call is None else {"kind": self.call, "suit": self.call_suit},
            "unknown": None if self.unknown is None else format_card(self.unknown),
            "partner_known": self.partner_known,
            "partner": self.partner,
            "cracks": self.cracks,
            "cracker": self.cracker,
            "tricks": [{"leader": ld, "cards": cards(cs), "winner": w} for ld, cs, w in self.tricks],
            "trick": {"leader": self.trick_leader, "cards": cards(self.trick)},
            "shown": [cards(h) for h in self.shown],
        }


def known_public(s: State, no_pick_rule: str) -> int:
    """The cards (Sheepshead indices) whose place every seat knows now: the cards played (the
    unknown card once it is shown), everything once the hand ends, the trumps a schwanzer shows."""
    setup = s.setup
    if s.phase == Phase.DEAL:
        return 0
    if revealed(s):
        return ALL
    k = s.played
    if setup.under >= 0:
        k &= ~(1 << setup.under)
    if s.phase == Phase.DONE and no_pick_rule == "schwanzer" and setup.passes == 5:
        for h in s.hands:
            k |= h & TRUMP
    return k


def public_partner(s: State) -> tuple[bool, int | None]:
    """R22: (whether every seat knows who the partner is, the partner or None for none)."""
    setup = s.setup
    if setup.picker < 0 or s.phase < Phase.CRACK:
        return False, None
    partner = setup.partner if setup.partner >= 0 else None
    if setup.call_kind == CallKind.ALONE or revealed(s) or setup.called < 0 or s.played >> setup.called & 1:
        return True, partner
    return False, None


def observe_public(s: State, call_mode: str, no_pick_rule: str) -> PublicView:
    """The view of a spectator: the seat views' common part."""
    setup = s.setup
    phase = s.phase
    k = known_public(s, no_pick_rule)
    show_all = revealed(s)
    picked = setup.picker >= 0
    call: str | None = _KINDS.get(setup.call_kind)
    if call_mode == "jack_of_diamonds" and picked and phase >= _CRACK:
        call = "jack_of_diamonds"
    partner_known, partner = public_partner(s)
    under = setup.under
    unknown = TO_KERNEL[under] if under >= 0 and k >> under & 1 else None

    def shown(c: int) -> int | None:
        return TO_KERNEL[c] if k >> c & 1 else None

    done = phase == _DONE
    return PublicView(
        setup.dealer,
        _PHASE_NAMES[phase],
        None if done else s.actor,
        tuple(h.bit_count() for h in s.hands),
        setup.scores,
        setup.pending,
        setup.passes,
        setup.picker if picked else None,
        _BLITZ[setup.blitz & 3],
        kernel_cards(setup.blind if show_all else 0),
        kernel_cards(setup.bury if show_all else 0),
        call,
        FAIL_LETTERS[setup.suit] if setup.suit >= 0 else None,
        unknown,
        partner_known,
        partner,
        setup.cracks,
        setup.cracker if setup.cracker >= 0 else None,
        tuple([(ld, tuple([shown(c) for c in cs]), w) for ld, cs, w in s.tricks]),
        s.leader,
        tuple([shown(c) for c in s.trick]),
        tuple(kernel_cards(h & TRUMP) for h in s.hands)
        if done and no_pick_rule == "schwanzer" and setup.passes == 5
        else (),
    )

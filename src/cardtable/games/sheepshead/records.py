"""Deals and positions in record form (record contract §3, §4).

A Sheepshead position is a hand during trick play, with everything needed to go on:

    {"dealer": 4, "picker": 1, "call": "AH", "unknown": null,
     "blitz": [], "cracks": 0, "cracker": null,
     "hands": [[...6 or fewer cards...] x 5],
     "bury": ["AS", "10S"], "blind": [],
     "tricks": [{"leader": 0, "cards": ["KC", "8D", "8C", "KS", "7C"]}],
     "trick": {"leader": 1, "cards": ["QC"]}}

``picker`` is null for a played no-pick hand (leaster, moster, mittler, schneidster); then
``bury`` is empty and ``blind`` holds the two blind cards. ``call`` is a called card, "alone",
or null (partner modes jack_of_diamonds and none, and no-pick hands). Cards of a trick are listed
from its leader. The position is checked by replaying its tricks from the hands they imply.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.cards import DECK32_MASK, format_card, parse_card
from cardtable.core import BadNotation, BadPosition, Deal
from cardtable.strict import excerpt, is_whole

from .actions import Call
from .play import SEATS, apply_play, call_choices, start_play
from .rules import SheepsheadRules
from .scoring import PLAYED_NO_PICK
from .state import CallKind, Phase, State
from .tables import FROM_KERNEL, JD, SUIT_CLASS, TO_KERNEL, indices, kernel_cards


def _card(x: object, where: str, error: type[Exception]) -> int:
    if not isinstance(x, str):
        raise error(f"{where}: expected a card string, not {excerpt(x)}")
    try:
        c = parse_card(x)
    except BadNotation:
        raise error(f"{where}: unknown card {excerpt(x)}") from None
    if FROM_KERNEL[c] < 0:
        raise error(f"{where}: {format_card(c)} is not in the Sheepshead pack (7 to ace)")
    return c


def _cards(items: object, where: str, size: int | None, error: type[Exception]) -> list[int]:
    if not isinstance(items, list):
        raise error(f"{where}: expected a list of cards")
    if size is not None and len(items) != size:
        raise error(f"{where}: expected {size} cards, found {len(items)}")
    return [_card(x, f"{where}[{i}]", error) for i, x in enumerate(items)]


class _Seen:
    """Checks that every card of the pack appears once, naming where a card repeats."""

    def __init__(self, error: type[Exception]) -> None:
        self.where: dict[int, str] = {}
        self.error = error

    def add(self, cards: list[int], where: str) -> None:
        for i, c in enumerate(cards):
            if c in self.where:
                raise self.error(f"{format_card(c)} appears twice ({self.where[c]} and {where}[{i}])")
            self.where[c] = f"{where}[{i}]"

    def check_complete(self, where: str) -> None:
        missing = [c for c in kernel_cards((1 << 32) - 1) if c not in self.where]
        if missing:
            raise self.error(f"{where}: missing {' '.join(format_card(c) for c in missing)}")


def deal_from_json(obj: object, dealer: int) -> Deal:
    """A record's deal (§3) as the deck that deals it by R9."""
    if not isinstance(obj, Mapping):
        raise BadNotation("deal: expected an object with 'deck' or 'hands' and 'blind'")
    if set(obj) not in ({"deck"}, {"hands", "blind"}):
        raise BadNotation("deal: expected 'deck', or 'hands' and 'blind', and nothing else")
    if "deck" in obj:
        deck = _cards(obj["deck"], "deal.deck", None, BadNotation)
        seen = _Seen(BadNotation)
        seen.add(deck, "deal.deck")
        seen.check_complete("deal.deck")
        return Deal(tuple(deck))
    if "hands" not in obj or "blind" not in obj:
        raise BadNotation("deal: expected 'deck', or 'hands' and 'blind'")
    hands_obj = obj["hands"]
    if not isinstance(hands_obj, list) or len(hands_obj) != SEATS:
        raise BadNotation(f"deal.hands: expected {SEATS} hands")
    hands = [_cards(h, f"deal.hands[{i}]", 6, BadNotation) for i, h in enumerate(hands_obj)]
    blind = _cards(obj["blind"], "deal.blind", 2, BadNotation)
    seen = _Seen(BadNotation)
    for i, h in enumerate(hands):
        seen.add(h, f"deal.hands[{i}]")
    seen.add(blind, "deal.blind")
    seen.check_complete("deal")
    if not 0 <= dealer < SEATS:
        raise BadNotation(f"dealer: {dealer} is not a seat")
    # R9: three to each from the dealer's left, two to the blind, three to each
    order = [c for k in range(SEATS) for c in hands[(dealer + 1 + k) % SEATS][:3]]
    order += blind
    order += [c for k in range(SEATS) for c in hands[(dealer + 1 + k) % SEATS][3:]]
    return Deal(tuple(order))


# --- positions ---


def _seat(x: object, where: str) -> int:
    if not isinstance(x, int) or isinstance(x, bool) or not 0 <= x < SEATS:
        raise BadPosition(f"{where}: expected a seat 0-4, not {excerpt(x)}")
    return x


_POSITION_FIELDS = frozenset(
    {"dealer", "picker", "call", "unknown", "blitz", "cracks", "cracker", "hands", "bury", "blind", "tricks", "trick"}
)


def position_start(rules: SheepsheadRules, obj: object, base: State) -> State:
    """A play-phase state from a position object; `BadPosition` names the failed condition."""
    if not isinstance(obj, Mapping):
        raise BadPosition("position: expected an object")
    for key in ("dealer", "picker", "hands", "tricks", "trick"):
        if key not in obj:
            raise BadPosition(f"position.{key}: missing")
    extra = set(obj) - _POSITION_FIELDS
    if extra:
        raise BadPosition(f"position: unknown field {excerpt(sorted(extra)[0])}")
    dealer = _seat(obj["dealer"], "position.dealer")
    picker = None if obj["picker"] is None else _seat(obj["picker"], "position.picker")
    hands_obj = obj["hands"]
    if not isinstance(hands_obj, list) or len(hands_obj) != SEATS:
        raise BadPosition("position.hands: expected 5 hands")
    hands = [_cards(h, f"position.hands[{i}]", None, BadPosition) for i, h in enumerate(hands_obj)]
    bury = _cards(obj.get("bury", []), "position.bury", None, BadPosition)
    blind = _cards(obj.get("blind", []), "position.blind", None, BadPosition)
    tricks_obj = obj["tricks"]
    if not isinstance(tricks_obj, list) or len(tricks_obj) > 6:
        raise BadPosition("position.tricks: expected a list of at most 6 finished tricks")
    tricks: list[tuple[int, list[int]]] = []
    for i, t in enumerate(tricks_obj):
        if not isinstance(t, Mapping) or set(t) != {"leader", "cards"}:
            raise BadPosition(f"position.tricks[{i}]: expected {{'leader': seat, 'cards': [...]}}")
        tricks.append(
            (
                _seat(t["leader"], f"position.tricks[{i}].leader"),
                _cards(t["cards"], f"position.tricks[{i}].cards", 5, BadPosition),
            )
        )
    cur = obj["trick"]
    if not isinstance(cur, Mapping) or set(cur) != {"leader", "cards"}:
        raise BadPosition("position.trick: expected {'leader': seat, 'cards': [...]}")
    cur_leader = _seat(cur["leader"], "position.trick.leader")
    cur_cards = _cards(cur["cards"], "position.trick.cards", None, BadPosition)
    if len(cur_cards) > 4 or (len(tricks) == 6 and cur_cards):
        raise BadPosition("position.trick.cards: the current trick holds 0 to 4 cards")
    seen = _Seen(BadPosition)
    for i, h in enumerate(hands):
        seen.add(h, f"position.hands[{i}]")
    seen.add(bury, "position.bury")
    seen.add(blind, "position.blind")
    for i, (_l, cs) in enumerate(tricks):
        seen.add(cs, f"position.tricks[{i}].cards")
    seen.add(cur_cards, "position.trick.cards")
    seen.check_complete("position")

    # the hands as they were when play began
    start_hands = [sum(1 << FROM_KERNEL[c] for c in h) for h in hands]
    for leader, cs in [*tricks, (cur_leader, cur_cards)]:
        for k, c in enumerate(cs):
            start_hands[(leader + k) % SEATS] |= 1 << FROM_KERNEL[c]
    for i, m in enumerate(start_hands):
        if m.bit_count() != 6:
            raise BadPosition(
                f"position.hands[{i}]: seat {i} holds {len(hands[i])} cards but should hold "
                f"{len(hands[i]) + 6 - m.bit_count()} after the cards it has played"
            )
    bury_mask = sum(1 << FROM_KERNEL[c] for c in bury)
    blind_mask = sum(1 << FROM_KERNEL[c] for c in blind)
    setup = base.setup._replace(dealer=dealer)
    if picker is None:
        _no_pick_extras(obj)
        if rules.no_pick_rule not in PLAYED_NO_PICK:
            raise BadPosition(f"position.picker: null, but no_pick_rule {rules.no_pick_rule} plays no hand")
        if len(blind) != 2 or bury:
            raise BadPosition("position.blind: a hand nobody picked has the two blind cards and no bury")
        setup = setup._replace(blind=blind_mask, passes=5)
    else:
        if len(bury) != 2 or blind:
            raise BadPosition("position.bury: a picked hand has two buried cards and no blind")
        setup = setup._replace(passes=(picker - dealer - 1) % SEATS, picker=picker, bury=bury_mask)
        setup = _position_call(rules, obj, setup, start_hands, picker, bury_mask)
    s = start_play(rules, base._replace(setup=setup, hands=tuple(start_hands), phase=Phase.PLAY))
    for i, (leader, cs) in enumerate([*tricks, (cur_leader, cur_cards)]):
        where = f"position.tricks[{i}]" if i < len(tricks) else "position.trick"
        if s.phase != Phase.PLAY:
            break
        if s.leader != leader:
            raise BadPosition(f"{where}.leader: seat {s.leader} leads this trick, not seat {leader}")
        for k, c in enumerate(cs):
            idx = FROM_KERNEL[c]
            if not s.legal >> idx & 1:
                raise BadPosition(f"{where}.cards[{k}]: seat {s.actor} may not play {format_card(c)} there")
            s = apply_play(rules, s, idx)
    return s


_QUEENS = {"black": ("QC", "QS"), "red": ("QH", "QD")}


def _no_pick_extras(obj: Mapping[str, Any]) -> None:
    """A hand nobody picked has no call, blitz or crack: refuse a position that claims one."""
    for key, empty in (("call", None), ("unknown", None), ("blitz", []), ("cracks", 0), ("cracker", None)):
        if key in obj and obj[key] != empty:
            raise BadPosition(f"position.{key}: a hand nobody picked has none, not {excerpt(obj[key])}")


def _position_call(
    rules: SheepsheadRules, obj: Mapping[str, Any], setup: Any, hands: list[int], picker: int, bury: int
) -> Any:
    call = obj.get("call")
    unknown = obj.get("unknown")
    blitz = obj.get("blitz", [])
    cracks = obj.get("cracks", 0)
    cracker = obj.get("cracker")
    if (
        not isinstance(blitz, list)
        or not all(isinstance(b, str) and b in _QUEENS for b in blitz)
        or len(set(blitz)) != len(blitz)
        or (blitz and not rules.blitzing)
    ):
        raise BadPosition("position.blitz: a list of 'black' and 'red', each at most once, with blitzing on (R45)")
    eight = hands[picker] | bury
    for pair in blitz:
        if any(not eight >> FROM_KERNEL[parse_card(q)] & 1 for q in _QUEENS[pair]):
            raise BadPosition(f"position.blitz: the picker does not hold both {pair} queens (R45)")
    if not is_whole(cracks, 0, 2) or (cracks and not rules.cracking):
        raise BadPosition(f"position.cracks: 0, 1 or 2, with cracking on (R44), not {excerpt(cracks)}")
    if cracks and picker == setup.dealer:
        raise BadPosition("position.cracks: nobody may crack when the dealer picked (R44)")
    if bool(cracks) != (cracker is not None):
        raise BadPosition("position.cracker: the seat that cracked, given exactly when cracks is 1 or 2 (R44)")
    cracker_seat = -1 if cracker is None else _seat(cracker, "position.cracker")
    if cracker_seat >= 0 and not 0 < (cracker_seat - picker) % SEATS <= (setup.dealer - picker) % SEATS:
        raise BadPosition(f"position.cracker: seat {cracker_seat} had a chance to pick, so may not crack (R44)")
    setup = setup._replace(
        blitz=(1 if "black" in blitz else 0) | (2 if "red" in blitz else 0),
        cracks=cracks,
        cracker=cracker_seat,
    )
    if rules.partner_mode in ("jack_of_diamonds", "none"):
        want = None if rules.partner_mode == "jack_of_diamonds" else "alone"
        if call != want or unknown is not None:
            raise BadPosition(
                f"position.call: {json_text(want)} with partner_mode {rules.partner_mode}, not {excerpt(call)}"
            )
        if rules.partner_mode == "none":
            return _partner_checked(setup._replace(call_kind=CallKind.ALONE))
        partner = next((x for x in range(SEATS) if x != picker and hands[x] >> JD & 1), -1)
        return _partner_checked(setup._replace(called=JD, partner=partner))
    hand = hands[picker]
    if call == "alone":
        if unknown is not None:
            raise BadPosition("position.unknown: a picker alone sets no card aside")
        if Call(None) not in call_choices(rules, hand, bury):
            raise BadPosition("position.call: the picker may not go alone here")
        return _partner_checked(setup._replace(call_kind=CallKind.ALONE))
    called = _card(call, "position.call", BadPosition)
    under = None if unknown is None else _card(unknown, "position.unknown", BadPosition)
    action = Call(called, under)
    if action not in call_choices(rules, hand, bury):
        raise BadPosition(f"position.call: the picker may not call {excerpt(call)} with this hand and bury")
    c = FROM_KERNEL[called]
    u = -1 if under is None else FROM_KERNEL[under]
    kind = CallKind.UNKNOWN if u >= 0 else CallKind.ACE if TO_KERNEL[c] % 13 == 0 else CallKind.TEN
    partner = next((x for x in range(SEATS) if x != picker and hands[x] >> c & 1), -1)
    return _partner_checked(setup._replace(call_kind=kind, called=c, suit=SUIT_CLASS[c], under=u, partner=partner))


def _partner_checked(setup: Any) -> Any:
    """R44: the partner may not crack his own team."""
    if setup.cracker >= 0 and setup.cracker == setup.partner:
        raise BadPosition(f"position.cracker: seat {setup.cracker} is the picker's partner and may not crack (R44)")
    return setup


def json_text(value: object) -> str:
    """A short JSON value for a message."""
    return "null" if value is None else f'"{value}"'


def position_json(s: State) -> dict[str, Any] | None:
    """The position of a hand during trick play, else None."""
    if s.phase != Phase.PLAY:
        return None
    setup = s.setup

    def cards(cs: Any) -> list[str]:
        return [format_card(TO_KERNEL[c]) for c in cs]

    call: str | None = None
    if setup.call_kind == CallKind.ALONE:
        call = "alone"
    elif setup.call_kind != CallKind.NONE:
        call = format_card(TO_KERNEL[setup.called])
    return {
        "dealer": setup.dealer,
        "picker": setup.picker if setup.picker >= 0 else None,
        "call": call,
        "unknown": format_card(TO_KERNEL[setup.under]) if setup.under >= 0 else None,
        "blitz": [name for bit, name in ((1, "black"), (2, "red")) if setup.blitz & bit],
        "cracks": setup.cracks,
        "cracker": setup.cracker if setup.cracker >= 0 else None,
        "hands": [cards(indices(h)) for h in s.hands],
        "bury": cards(indices(setup.bury)),
        "blind": cards(indices(setup.blind)) if setup.picker < 0 else [],
        "tricks": [{"leader": ld, "cards": cards(cs)} for ld, cs, _w in s.tricks],
        "trick": {"leader": s.leader, "cards": cards(s.trick)},
    }


def deal_fault(deck: object) -> str:
    """Why a deal's deck is not the 32-card pack."""
    if not isinstance(deck, tuple) or len(deck) != 32:
        return "a deal is the 32 cards of the pack"
    mask = 0
    for c in deck:
        if not isinstance(c, int) or not 0 <= c < 52 or not DECK32_MASK >> c & 1:
            return f"{c!r} is not a card of the Sheepshead pack"
        if mask >> c & 1:
            return f"{format_card(c)} appears twice"
        mask |= 1 << c
    return "a deal is the 32 cards of the pack"


__all__ = ["deal_fault", "deal_from_json", "position_json", "position_start"]

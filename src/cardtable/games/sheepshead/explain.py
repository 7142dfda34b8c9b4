"""Why an action is not legal: the rule it breaks, in words. Built only when a check fails."""

from __future__ import annotations

from cardtable.cards import format_card
from cardtable.i18n import N_, Phrase, phrase

from .actions import Action, Bury, Call, Crack, Pass, Pick, Play
from .rules import SheepsheadRules
from .state import CallKind, Phase, State
from .tables import FAIL_ACES, FAIL_SUITS, FOLLOW, FROM_KERNEL, TO_KERNEL, TRUMP

_SUIT_WORDS = ("clubs", "spades", "hearts")
_PHASE_RULE = {
    Phase.PICK: ("R11", N_("seat {seat} must pick or pass")),
    Phase.BURY: ("R14", N_("the picker must bury two cards")),
    Phase.CALL: ("R17", N_("the picker must call a card or go alone")),
    Phase.CRACK: ("R44", N_("seat {seat} may crack or pass")),
    Phase.RECRACK: ("R44", N_("the picker may re-crack or pass")),
    Phase.PLAY: ("R23", N_("seat {seat} must play a card")),
}


def _is_card(c: object) -> bool:
    return c is None or (type(c) is int and 0 <= c < 52 and FROM_KERNEL[c] >= 0)


def _name(idx: int) -> str:
    return format_card(TO_KERNEL[idx])


def explain(rules: SheepsheadRules, s: State, action: Action) -> tuple[str, Phrase]:
    """(rule id, reason) for an action that is not among the legal ones."""
    if s.phase == Phase.DONE:
        return "R23", phrase("the hand is over")
    if s.phase == Phase.DEAL:
        return "R9", phrase("the cards must be dealt first")
    seat = s.actor
    rule, text = _PHASE_RULE[s.phase]
    if isinstance(action, Play) and s.phase == Phase.PLAY:
        if action.card is None or not _is_card(action.card):
            return "R2", phrase("{card} is not a card of the Sheepshead pack", card=repr(action.card))
        return _explain_play(rules, s, FROM_KERNEL[action.card])
    if isinstance(action, Pick) and s.phase == Phase.PICK:
        if not rules.blitzing:
            return "R45", phrase("blitzing is not played at this table (option blitzing)")
        return "R45", phrase(
            "a blitz shows both black queens or both red queens, and seat {seat} holds neither pair", seat=seat
        )
    if isinstance(action, Pass) and s.phase == Phase.PICK:
        return "R43", phrase("after four passes the dealer must pick (forced_pick)")
    if isinstance(action, Bury) and s.phase == Phase.BURY and all(_is_card(c) for c in action.cards):
        missing = [c for c in action.cards if FROM_KERNEL[c] < 0 or not s.hands[seat] >> FROM_KERNEL[c] & 1]
        if missing:
            return "R14", phrase("{card} is not among the picker's eight cards", card=format_card(missing[0]))
        return "R14", phrase("the bury is two different cards")
    if isinstance(action, Call) and s.phase == Phase.CALL and all(_is_card(c) for c in (action.card, action.unknown)):
        return _explain_call(rules, s, action)
    if isinstance(action, Crack) and s.phase == Phase.RECRACK:
        return "R44", phrase("after a crack the picker may re-crack or pass")
    if isinstance(action, Crack) and s.phase == Phase.CRACK:
        if action.back:
            return "R44", phrase("only the picker may re-crack, after a crack")
        return "R44", phrase("the partner may not crack his own team")
    return rule, phrase(text, seat=seat) if "{seat}" in text else phrase(text)


def _explain_play(rules: SheepsheadRules, s: State, idx: int) -> tuple[str, Phrase]:
    seat = s.actor
    hand = s.hands[seat]
    setup = s.setup
    if not hand >> idx & 1:
        return "R23", phrase("{card} is not in seat {seat}'s hand", card=_name(idx), seat=seat)
    if s.trick and s.trick_no < 5:
        led = s.trick[0]
        follow = FAIL_SUITS[setup.suit] if led == setup.under else FOLLOW[led]
        if hand & follow and not follow >> idx & 1:
            what = phrase("trump") if follow == TRUMP else phrase(_SUIT_WORDS[FAIL_SUITS.index(follow)])
            return "R24", phrase("must follow {what}", what=what)
    x = setup.suit
    suit: object = phrase(_SUIT_WORDS[x]) if x >= 0 else ""
    c = setup.called
    in_first = s.first_x == s.trick_no
    if c >= 0 and hand >> c & 1 and x >= 0:
        if in_first:
            first = N_("the partner must play the called {card} on the first {suit} trick")
            return "R28", phrase(first, card=_name(c), suit=suit)
        if s.trick and idx == c:
            return "R29", phrase("the called {card} may not be thrown before {suit} is led", card=_name(c), suit=suit)
        if not s.trick:
            return (
                "R30",
                phrase(
                    "the holder of the called {card} may lead no other {suit} card before {suit} is led",
                    card=_name(c),
                    suit=suit,
                ),
            )
    if seat == setup.picker and x >= 0:
        if setup.under >= 0:
            if in_first:
                return "R35a", phrase("the unknown card must be played on the first {suit} trick", suit=suit)
            either = N_("the unknown card may be played only on the first {suit} trick or the last trick")
            return "R35a", phrase(either, suit=suit)
        if setup.call_kind == CallKind.TEN and rules.ten_call_hold_must_be_ace:
            ace = _name(FAIL_ACES[x])
            if in_first:
                return "R19", phrase("the picker must play {ace} on the first {suit} trick", ace=ace, suit=suit)
            if s.trick:
                return "R19", phrase("the picker must keep {ace} until {suit} is led", ace=ace, suit=suit)
            return "R19", phrase("the picker may open {suit} only with {ace}", ace=ace, suit=suit)
        return "R27", phrase("the picker must keep his last {suit} card (the hold card) until {suit} is led", suit=suit)
    return "R24", phrase("seat {seat} may not play {card} now", seat=seat, card=_name(idx))


def _explain_call(rules: SheepsheadRules, s: State, action: Call) -> tuple[str, Phrase]:
    hand = s.hands[s.actor]
    eight = hand | s.setup.bury
    if action.card is None:
        return "R21", phrase("alone is always allowed")
    idx = FROM_KERNEL[action.card]
    name = format_card(action.card)
    if (idx not in FAIL_ACES and (idx - 15) % 6 != 0) or idx < 14:
        return "R18", phrase("{card} cannot be called: only a fail ace (or ten, R19) is called", card=name)
    x = (idx - 14) // 6
    suit = phrase(_SUIT_WORDS[x])
    if action.unknown is not None:
        if not rules.allow_unknown_call:
            return "R35a", phrase("the unknown call is not played at this table (option allow_unknown_call)")
        if idx not in FAIL_ACES:
            return "R35a", phrase("an unknown call names a fail ace")
        u = FROM_KERNEL[action.unknown]
        if u < 0 or not hand >> u & 1:
            return "R35a", phrase("{card} is not in the picker's hand", card=format_card(action.unknown))
        if hand & FAIL_SUITS[x]:
            return "R35a", phrase("an unknown call is for a suit the picker is void in, and he holds {suit}", suit=suit)
        if eight >> idx & 1:
            return "R35a", phrase("the picker holds {card} himself", card=name)
        return "R35a", phrase("an unknown call is made only when no ace can be called and not all three aces are held")
    if idx in FAIL_ACES:
        if eight >> idx & 1 and not rules.allow_call_own_ace:
            return "R18", phrase("the picker holds {card} himself", card=name)
        return "R18", phrase("the picker holds no {suit} card to keep as the hold card", suit=suit)
    if not rules.allow_ten_call:
        return "R19", phrase("ten calls are not played at this table (option allow_ten_call)")
    if any(isinstance(a, Call) and a.card is not None and FROM_KERNEL[a.card] in FAIL_ACES for a in _calls(rules, s)):
        return "R19", phrase("a ten may be called only when no ace can be")
    aces = sum(1 << a for a in FAIL_ACES)
    if eight & aces != aces:
        return "R19", phrase("a ten may be called only by a picker holding all three fail aces")
    if eight >> idx & 1:
        return "R19", phrase("the picker holds {card} himself", card=name)
    if rules.ten_call_hold_must_be_ace:
        return "R19", phrase("the picker's hand must hold {ace} to call {card}", ace=_name(FAIL_ACES[x]), card=name)
    return "R19", phrase("the picker holds no {suit} card to keep as the hold card", suit=suit)


def _calls(rules: SheepsheadRules, s: State) -> tuple[object, ...]:
    from .play import call_choices

    return call_choices(rules, s.hands[s.actor], s.setup.bury)

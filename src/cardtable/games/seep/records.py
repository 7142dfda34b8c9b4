"""Seep deals, positions and match state in record form (record contract §3, §4, §5).

The deck form is dealt by R7 and R11: deck positions 0-3 to the bidder, 4-7 to the floor, then
eleven packets of four (see `play.packet_seats`). The explicit form lists twelve cards per seat,
the bidder's first four being those dealt before the bid; it is turned into the deck that deals
exactly those hands (each seat's remaining cards in the order listed, packet by packet).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.cards import DECK52_MASK, check_deck, format_card, parse_card_list
from cardtable.core import BadNotation, BadPosition, Deal
from cardtable.games.seep.floor import VALUE_MASK, display_cards, floor_sums, show, total
from cardtable.games.seep.play import finish, packet_seats
from cardtable.games.seep.rules import SeepRules
from cardtable.games.seep.state import House, Match, Phase, SeepState
from cardtable.games.seep.view import house_json
from cardtable.strict import MAX_SCORE, excerpt, is_whole


def match_from_json(obj: Mapping[str, Any] | None, rules: SeepRules | None = None) -> Match:
    """Record §5: ``{"difference": int, "baazis": [int, int]}``; None is the start of a match.

    With ``rules``, a difference that a baazi in progress cannot have is refused too: a lead of
    ``baazi_lead`` or more wins the baazi and the difference starts again from 0 (R22)."""
    if obj is None:
        return Match()
    if not isinstance(obj, Mapping):
        raise BadNotation("match: expected an object")
    unknown = set(obj) - {"difference", "baazis"}
    if unknown:
        raise BadNotation(f"match: unknown field {sorted(unknown)[0]!r} (Seep has difference, baazis)")
    d = obj.get("difference", 0)
    if not is_whole(d, -MAX_SCORE, MAX_SCORE):
        raise BadNotation(f"match: difference must be a whole number, at most {MAX_SCORE} either way")
    b = obj.get("baazis", [0, 0])
    if not isinstance(b, list) or len(b) != 2 or not all(is_whole(x, 0, MAX_SCORE) for x in b):
        raise BadNotation(f"match: baazis must be a list of two whole numbers from 0 to {MAX_SCORE}")
    if rules is not None and d and abs(d) >= rules.baazi_lead:
        raise BadNotation(
            f"match: difference {d} cannot stand between deals: a lead of {rules.baazi_lead} or more "
            "wins the baazi and the difference starts again from 0 (R22)"
        )
    return Match(d, (b[0], b[1]))


def match_json(m: Match) -> dict[str, Any]:
    """Record §5."""
    return {"difference": m.difference, "baazis": list(m.baazis)}


def deal_from_json(obj: object, dealer: int) -> Deal:
    """Record §3: either ``{"deck": [52 cards]}`` or ``{"hands": [[12] × 4], "floor": [4]}``."""
    if not isinstance(obj, Mapping):
        raise BadNotation("deal: expected an object")
    if "deck" in obj:
        if set(obj) != {"deck"}:
            raise BadNotation("deal: the deck form has only the field 'deck'")
        deck = parse_card_list(obj["deck"], "deal.deck")
        if len(deck) != 52:
            raise BadNotation(f"deal.deck: expected 52 cards, got {len(deck)}")
        return Deal(check_deck(deck, DECK52_MASK, "deal.deck"))
    if set(obj) != {"hands", "floor"}:
        raise BadNotation("deal: expected {'deck': [...]} or {'hands': [...], 'floor': [...]}")
    raw = obj["hands"]
    if not isinstance(raw, list) or len(raw) != 4:
        raise BadNotation("deal.hands: expected 4 hands")
    hands = []
    for i, h in enumerate(raw):
        cards = _cards(h, f"deal.hands[{i}]")
        if len(cards) != 12:
            raise BadNotation(f"deal.hands[{i}]: expected 12 cards, got {len(cards)}")
        hands.append(cards)
    floor = _cards(obj["floor"], "deal.floor")
    if len(floor) != 4:
        raise BadNotation(f"deal.floor: expected 4 cards, got {len(floor)}")
    b = (dealer + 1) % 4
    order = [*hands[b][:4], *floor]
    taken = [4 if s == b else 0 for s in range(4)]
    for seat in packet_seats(dealer):
        order += hands[seat][taken[seat] : taken[seat] + 4]
        taken[seat] += 4
    return Deal(check_deck(order, DECK52_MASK, "deal"))


def _cards(items: object, where: str) -> tuple[int, ...]:
    if isinstance(items, list):
        for j, x in enumerate(items):
            if not isinstance(x, str):
                raise BadNotation(f"{where}[{j}]: expected a card string")
            try:
                parse_card_list([x], where)
            except BadNotation:
                raise BadNotation(f"{where}[{j}]: unknown card {excerpt(x)}") from None
    return parse_card_list(items, where)


# ---------------------------------------------------------------- positions


def played_by(dealer: int, plays: int, seat: int) -> int:
    """R12: how many of plays 1 … ``plays`` seat ``seat`` made (play j is seat dealer + j's)."""
    first = (seat - dealer) % 4 or 4  # the first play number that is this seat's
    return 0 if plays < first else (plays - first) // 4 + 1


def _int(obj: Mapping[str, Any], key: str, lo: int, hi: int) -> int:
    v = obj.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise BadPosition(f"position.{key}: expected a whole number from {lo} to {hi}, got {excerpt(v)}")
    return v


def _mask(items: object, where: str, seen: list[int]) -> int:
    try:
        cards = parse_card_list(items, where)
    except BadNotation as e:
        raise BadPosition(str(e)) from None
    m = 0
    for c in cards:
        if (seen[0] | m) >> c & 1:
            raise BadPosition(f"{where}: {format_card(c)} appears twice in the position")
        m |= 1 << c
    seen[0] |= m
    return m


def position_start(rules: SeepRules, obj: object, match: Match) -> SeepState:
    """A state from a record §4 position; `BadPosition` names the condition that fails."""
    if not isinstance(obj, Mapping):
        raise BadPosition("position: expected an object")
    need = {"dealer", "bid", "plays", "hands", "floor", "piles", "sweeps", "last_capture"}
    missing = need - set(obj)
    if missing:
        raise BadPosition(f"position: missing field {sorted(missing)[0]!r}")
    extra = set(obj) - need
    if extra:
        raise BadPosition(f"position: unknown field {sorted(extra)[0]!r}")
    dealer = _int(obj, "dealer", 0, 3)
    bid = _int(obj, "bid", 9, 13)
    plays = _int(obj, "plays", 1, 48)
    seen = [0]
    raw = obj["hands"]
    if not isinstance(raw, list) or len(raw) != 4:
        raise BadPosition("position.hands: expected 4 hands")
    hands = [_mask(h, f"position.hands[{i}]", seen) for i, h in enumerate(raw)]
    for i, h in enumerate(hands):
        size = 12 - played_by(dealer, plays, i)
        if h.bit_count() != size:
            raise BadPosition(
                f"position.hands[{i}]: seat {i} must hold {size} cards after {plays} plays, not {h.bit_count()}"
            )
    fl = obj["floor"]
    if not isinstance(fl, Mapping) or set(fl) != {"loose", "houses"}:
        raise BadPosition("position.floor: expected an object with 'loose' and 'houses'")
    loose = _mask(fl["loose"], "position.floor.loose", seen)
    houses = _houses(rules, fl["houses"], seen, hands, loose)
    rp = obj["piles"]
    if not isinstance(rp, list) or len(rp) != 2:
        raise BadPosition("position.piles: expected 2 piles (team 0, team 1)")
    piles = (_mask(rp[0], "position.piles[0]", seen), _mask(rp[1], "position.piles[1]", seen))
    if seen[0] != DECK52_MASK:
        gone = [format_card(c) for c in display_cards(DECK52_MASK & ~seen[0])]
        raise BadPosition(f"position: every card must appear once; missing {' '.join(gone)}")
    sw = obj["sweeps"]
    least, most = sweep_range(rules, plays)
    if not isinstance(sw, list) or len(sw) != 2 or not all(is_whole(x, least, most) for x in sw):
        raise BadPosition(
            f"position.sweeps: expected two whole numbers (team 0, team 1) from {least} to {most}, "
            f"what {plays} plays can score (R20)"
        )
    for team, points in enumerate(sw):
        if _sweep_list(rules, points) is None:
            raise BadPosition(f"position.sweeps[{team}]: {points} is not a sum of sweeps these rules score (R20)")
    lc = obj["last_capture"]
    if lc is not None and (not isinstance(lc, int) or isinstance(lc, bool) or lc not in (0, 1)):
        raise BadPosition("position.last_capture: expected 0, 1 or null")
    last = -1 if lc is None else lc
    if last < 0 and (piles[0] or piles[1]):
        raise BadPosition("position.last_capture: null, yet a pile holds captured cards")
    if last >= 0 and not piles[last]:
        raise BadPosition(f"position.last_capture: team {last} has captured nothing")
    sweeps = (_sweep_list(rules, sw[0]) or (), _sweep_list(rules, sw[1]) or ())
    s = SeepState(
        dealer, match, Phase.PLAY, bid, plays, (hands[0], hands[1], hands[2], hands[3]), (0, 0, 0, 0),
        loose, houses, piles, sweeps, last,
    )  # fmt: skip
    return finish(rules, s) if plays == 48 else s


def sweep_range(rules: SeepRules, plays: int) -> tuple[int, int]:
    """The least and most sweep points one team can have scored in ``plays`` plays (R20): every
    play a sweep, at the smallest or largest sweep value (the sweep cap bounds the count)."""
    sweeps = plays if rules.sweep_cap is None else min(plays, rules.sweep_cap)
    values = (rules.sweep_points, rules.first_play_sweep_points, rules.last_play_sweep_points, 0)
    return sweeps * min(values), sweeps * max(values)


def _sweep_list(rules: SeepRules, points: int) -> tuple[int, ...] | None:
    """A team's sweep points as separate sweeps (only their number matters, for the sweep cap):
    as many mid-deal sweeps as fit, plus an opening sweep and a last-play sweep when that makes
    the sum; ``None`` when no such sum makes it."""
    if points == 0:
        return ()
    first, mid, end = rules.first_play_sweep_points, rules.sweep_points, rules.last_play_sweep_points
    for opening in (0, 1):
        for last in (0, 1):
            rest = points - opening * first - last * end
            if rest == 0:
                n = 0
            elif mid != 0 and rest % mid == 0 and rest // mid > 0:
                n = rest // mid
            else:
                continue
            return (first,) * opening + (mid,) * n + (end,) * last
    return None


def _houses(rules: SeepRules, raw: object, seen: list[int], hands: list[int], loose: int) -> tuple[House, ...]:
    if not isinstance(raw, list):
        raise BadPosition("position.floor.houses: expected a list of houses")
    out: dict[int, House] = {}
    for i, h in enumerate(raw):
        where = f"position.floor.houses[{i}]"
        if not isinstance(h, Mapping) or set(h) != {"value", "sets", "owners"}:
            raise BadPosition(f"{where}: expected an object with 'value', 'sets' and 'owners'")
        v = h["value"]
        if not isinstance(v, int) or isinstance(v, bool) or not 9 <= v <= 13:
            raise BadPosition(f"{where}: a house value is 9 to 13, not {excerpt(v)}")
        if v in out:
            raise BadPosition(f"{where}: there is already a house of value {v} (I1)")
        sets = h["sets"]
        if not isinstance(sets, list) or not sets:
            raise BadPosition(f"{where}: expected a non-empty list of sets")
        masks = []
        for j, st in enumerate(sets):
            m = _mask(st, f"{where}.sets[{j}]", seen)
            if not m or total(m) != v:
                raise BadPosition(f"{where}.sets[{j}]: {show(m) or 'an empty set'} does not sum to {v}")
            masks.append(m)
        if len(masks) == 1 and masks[0].bit_count() < 2:
            raise BadPosition(f"{where}: a house holds at least 2 cards (R13)")
        owners_raw = h["owners"]
        if (
            not isinstance(owners_raw, list)
            or not owners_raw
            or not all(isinstance(o, int) and not isinstance(o, bool) and 0 <= o <= 3 for o in owners_raw)
            or len(set(owners_raw)) != len(owners_raw)
        ):
            raise BadPosition(f"{where}: owners must be a non-empty list of different seats 0-3")
        owners = 0
        for o in owners_raw:
            # I3: every owner holds a card of the value (with retention_scope "team" too: an owner
            # who gives up the last one while the partner owns the house stops being an owner).
            if not hands[o] & VALUE_MASK[v]:
                raise BadPosition(f"{where}: owner {o}: seat {o} holds no card of value {v} (I3)")
            owners |= 1 << o
        out[v] = House(v, tuple(masks), owners)
    for v in out:
        bad = loose & VALUE_MASK[v]
        if bad:
            raise BadPosition(
                f"position.floor.loose: {format_card(display_cards(bad)[0])} has the value of house {v} (I2)"
            )
        if rules.auto_merge_loose_sets and floor_sums(loose).groups[v]:
            g = floor_sums(loose).groups[v][0]
            raise BadPosition(f"position.floor.loose: {show(g)} sums to the value of house {v} (I2)")
    if rules.max_houses is not None and len(out) > rules.max_houses:
        raise BadPosition(f"position.floor.houses: at most {rules.max_houses} houses are allowed (A31)")
    return tuple(out[v] for v in sorted(out))


def position_json(s: SeepState) -> dict[str, Any] | None:
    """Record §4: the position of an unfinished hand past the opening, else None."""
    if s.phase is not Phase.PLAY:
        return None
    return {
        "dealer": s.dealer,
        "bid": s.bid,
        "plays": s.plays,
        "hands": [[format_card(c) for c in display_cards(h)] for h in s.hands],
        "floor": {
            "loose": [format_card(c) for c in display_cards(s.loose)],
            "houses": [house_json(h) for h in s.houses],
        },
        "piles": [[format_card(c) for c in display_cards(p)] for p in s.piles],
        "sweeps": [sum(s.sweeps[0]), sum(s.sweeps[1])],
        "last_capture": None if s.last_capture < 0 else s.last_capture,
    }

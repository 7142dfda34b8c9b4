"""Deals and positions of Smear in record form (record contract §3 and §4).

A deal is ``{"deck": [32 cards, top first]}`` dealt by R10, or the explicit
``{"hands": [6 cards × 4 seats], "stock": [8 cards, top first]}``.

A Smear position is a hand in progress::

    {"dealer": 3,
     "auction": ["bid 3", "pass", "pass", "pass"],
     "hands": [["JS", "9S", …], …],          # what each seat holds now
     "stock": ["JH", "7H", …],               # undealt cards still in the stock, top first
     "kitty": ["KD"],                        # the cards the bidder took (after the auction)
     "discard": ["10H"],                     # the bidder's discard (after it is made)
     "tricks": [{"leader": 0, "cards": ["AS", "7S", "8S", "QS"]},
                {"leader": 0, "cards": ["JS"]}]}   # in order; the last may be unfinished

``auction``, ``kitty``, ``discard`` and ``tricks`` may be left out when empty. The position is
checked by rebuilding the deal it implies and replaying the auction, discard and tricks through
the rules, so every rule holds of an accepted position.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from cardtable.cards import cards_of, format_card, format_cards, parse_card
from cardtable.core import BadNotation, BadPosition, Deal, IllegalAction
from cardtable.strict import excerpt

from .actions import CALL_TEXTS, Bid, Discard, Pass, Play, parse_action
from .play import apply_action, start_state
from .rules import SmearRules
from .state import Phase, State
from .tables import DECK_MASK, HAND_SIZE, SEATS, STOCK_SIZE, suit_patterns


def read_cards(items: object, where: str, size: int | None = None) -> list[int]:
    """Read a JSON list of Smear cards, naming ``where[i]`` at a fault; `BadNotation` otherwise."""
    if not isinstance(items, list):
        raise BadNotation(f"{where}: expected a list of cards")
    if size is not None and len(items) != size:
        raise BadNotation(f"{where}: {len(items)} cards, expected {size}")
    out = []
    for i, text in enumerate(items):
        if not isinstance(text, str):
            raise BadNotation(f"{where}[{i}]: expected a card string, not {excerpt(text)}")
        try:
            c = parse_card(text)
        except BadNotation:
            raise BadNotation(f"{where}[{i}]: unknown card {excerpt(text)}") from None
        if not DECK_MASK >> c & 1:
            raise BadNotation(f"{where}[{i}]: {format_card(c)} is not in the Smear deck")
        out.append(c)
    return out


def check_once(cards: list[int], where: str) -> None:
    """Every Smear card exactly once in ``cards``; `BadNotation` names a card twice or missing."""
    seen = 0
    for c in cards:
        if seen >> c & 1:
            raise BadNotation(f"{where}: {format_card(c)} appears twice")
        seen |= 1 << c
    if seen != DECK_MASK:
        raise BadNotation(f"{where}: missing {format_cards(cards_of(DECK_MASK & ~seen))}")


def deal_from_json(obj: object, dealer: int) -> Deal:
    """A record's deal (either form) as the deck order that R10 deals into the same hands."""
    if not isinstance(obj, dict):
        raise BadNotation('deal: expected an object: {"deck": [...]} or {"hands": [...], "stock": [...]}')
    if "deck" in obj:
        if "hands" in obj or "stock" in obj:
            raise BadNotation("deal: give either 'deck' or 'hands' and 'stock', not both")
        if set(obj) != {"deck"}:
            raise BadNotation("deal: the deck form has only the field 'deck'")
        deck = read_cards(obj["deck"], "deal.deck")
        check_once(deck, "deal.deck")
        return Deal(tuple(deck))
    hands = obj.get("hands")
    if not isinstance(hands, list):
        raise BadNotation("deal.hands: expected a list of 4 hands")
    if len(hands) != SEATS:
        raise BadNotation(f"deal.hands: {len(hands)} hands, expected {SEATS}")
    read = [read_cards(h, f"deal.hands[{i}]", HAND_SIZE) for i, h in enumerate(hands)]
    if "stock" not in obj:
        raise BadNotation("deal.stock: missing (the 8 undealt cards, top first)")
    if set(obj) != {"hands", "stock"}:
        raise BadNotation("deal: the explicit form has only the fields 'hands' and 'stock'")
    stock = read_cards(obj["stock"], "deal.stock", STOCK_SIZE)
    deck = [c for i in range(1, SEATS + 1) for c in read[(dealer + i) % SEATS]] + stock
    check_once(deck, "deal")
    return Deal(tuple(deck))


def position_json(s: State) -> dict[str, Any] | None:
    """The position of an unfinished hand after the deal; ``None`` before the deal or at the end."""
    if s.phase is Phase.DEAL or s.phase is Phase.OVER:
        return None
    taken = s.phase is not Phase.AUCTION
    tricks: list[dict[str, Any]] = [{"leader": t.leader, "cards": [format_card(c) for c in t.cards]} for t in s.tricks]
    if s.trick:
        tricks.append({"leader": s.leader, "cards": [format_card(c) for c in s.trick]})
    return {
        "dealer": s.dealer,
        "auction": [CALL_TEXTS[c] for c in s.calls],
        "hands": [cards_text(h) for h in s.hands],
        "stock": cards_text(s.dead) if taken else cards_text(s.kitty) + cards_text(s.dead),
        "kitty": cards_text(s.kitty) if taken else [],
        "discard": cards_text(s.discard),
        "tricks": tricks,
    }


def _list(obj: Mapping[str, Any], key: str) -> list[Any]:
    value = obj.get(key, [])
    if not isinstance(value, list):
        raise BadPosition(f"{key}: expected a list")
    return value


def position_start(rules: SmearRules, strict: bool, obj: object, scores: tuple[int, int]) -> State:
    """The state of a position (see the module docstring); `BadPosition` names what fails."""
    if not isinstance(obj, dict):
        raise BadPosition("position: expected an object")
    extra = set(obj) - {"dealer", "auction", "hands", "stock", "kitty", "discard", "tricks"}
    if extra:
        raise BadPosition(f"position: unknown field {excerpt(sorted(extra)[0])}")
    dealer = obj.get("dealer")
    if not isinstance(dealer, int) or isinstance(dealer, bool) or not 0 <= dealer < SEATS:
        raise BadPosition("dealer: expected a seat number 0-3")
    try:
        calls: list[Pass | Bid] = []
        for i, text in enumerate(_list(obj, "auction")):
            call = parse_action(text) if isinstance(text, str) else None
            if not isinstance(call, Pass | Bid):
                raise BadPosition(f"auction[{i}]: expected 'pass' or 'bid N'")
            calls.append(call)
        hands_obj = obj.get("hands")
        if not isinstance(hands_obj, list) or len(hands_obj) != SEATS:
            raise BadPosition("hands: expected a list of 4 hands")
        hands = [read_cards(h, f"hands[{i}]") for i, h in enumerate(hands_obj)]
        if "stock" not in obj:
            raise BadPosition("stock: missing (the undealt cards still in the stock, top first)")
        stock = read_cards(obj["stock"], "stock")
        kitty = read_cards(obj.get("kitty", []), "kitty")
        discard = read_cards(obj.get("discard", []), "discard")
        tricks = []
        for i, t in enumerate(_list(obj, "tricks")):
            leader = t.get("leader") if isinstance(t, dict) and set(t) == {"leader", "cards"} else None
            if not isinstance(leader, int) or isinstance(leader, bool) or not 0 <= leader < SEATS:
                raise BadPosition(f"tricks[{i}].leader: expected a seat number 0-3")
            size = SEATS if i < len(obj["tricks"]) - 1 else None
            cards = read_cards(t.get("cards"), f"tricks[{i}].cards", size)
            if not 1 <= len(cards) <= SEATS:
                raise BadPosition(f"tricks[{i}].cards: a trick holds 1 to 4 cards")
            tricks.append((leader, cards))
        check_once(
            [c for h in hands for c in h] + stock + discard + [c for _, cs in tricks for c in cs],
            "position: hands, stock, discard and tricks",
        )
    except BadNotation as e:
        raise BadPosition(str(e)) from None
    bids = [i for i, c in enumerate(calls) if isinstance(c, Bid)]
    bidder = (dealer + 1 + bids[-1]) % SEATS if bids else -1

    # The cards each seat was dealt: what it holds, what it played, and for the bidder its
    # discard less the kitty it took (R16-R17).
    dealt = [set(h) for h in hands]
    for leader, cards in tricks:
        for j, c in enumerate(cards):
            dealt[(leader + j) % SEATS].add(c)
    if kitty or discard:
        if bidder < 0:
            raise BadPosition("kitty/discard: nobody has bid, so nobody took the kitty or discarded")
        dealt[bidder] |= set(discard)
        if not set(kitty) <= dealt[bidder]:
            raise BadPosition(
                f"kitty: each kitty card must be in the hand, tricks or discard of the bidder, seat {bidder}"
            )
        dealt[bidder] -= set(kitty)
    for seat in range(SEATS):
        if len(dealt[seat]) != HAND_SIZE:
            what = "in hand and played" + (", discarded, less the kitty," if seat == bidder and kitty else "")
            raise BadPosition(f"hands[{seat}]: the cards {what} make {len(dealt[seat])}, not {HAND_SIZE}")
    if len(kitty) + len(stock) != STOCK_SIZE:
        raise BadPosition(f"stock and kitty: {len(kitty) + len(stock)} cards, not the {STOCK_SIZE} undealt")
    deck = [c for i in range(1, SEATS + 1) for c in sorted(dealt[(dealer + i) % SEATS])] + kitty + stock

    state = apply_action(rules, strict, start_state(dealer, scores), Deal(tuple(deck)))
    for i, call in enumerate(calls):
        try:
            state = apply_action(rules, strict, state, call)
        except IllegalAction as e:
            raise BadPosition(f"auction[{i}]: {e}") from None
    taken = state.phase is not Phase.AUCTION and state.bidder >= 0
    want = rules.kitty_size if taken else 0
    if len(kitty) != want:
        raise BadPosition(f"kitty: {len(kitty)} cards, but the bidder took {want}")
    if discard:
        if state.phase is not Phase.DISCARD:
            raise BadPosition("discard: there is no discard at this point of the hand")
        try:
            state = apply_action(rules, strict, state, Discard(tuple(discard)))
        except IllegalAction as e:
            raise BadPosition(f"discard: {e}") from None
    for i, (leader, cards) in enumerate(tricks):
        if state.phase is not Phase.PLAY:
            raise BadPosition(f"tricks[{i}]: no card may be played yet ({state.phase.value})")
        if leader != state.to_act:
            raise BadPosition(f"tricks[{i}].leader: seat {state.to_act} leads this trick, not seat {leader}")
        for j, c in enumerate(cards):
            try:
                state = apply_action(rules, strict, state, Play(c))
            except IllegalAction as e:
                raise BadPosition(f"tricks[{i}].cards[{j}]: {e}") from None
    return state


def _suit_names(suit: int) -> list[tuple[str, ...]]:
    table: list[tuple[str, ...]] = [()] * (1 << 13)
    for pattern in suit_patterns():
        table[pattern] = tuple(format_card(13 * suit + r) for r in range(13) if pattern >> r & 1)
    return table


_C, _D, _H, _S = (_suit_names(suit) for suit in range(4))


def cards_text(m: int) -> list[str]:
    """A card set as canonical card strings, in card-number order."""
    return list(_C[m & 0x1FFF] + _D[m >> 13 & 0x1FFF] + _H[m >> 26 & 0x1FFF] + _S[m >> 39])

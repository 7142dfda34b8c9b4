"""Random playouts with every option value in turn: the engine's invariants on many deals."""

from __future__ import annotations

import contextlib
import random
from typing import Any

import pytest

from cardtable.cards import DECK32_MASK, format_card, parse_card
from cardtable.core import CHANCE, IllegalAction, option_variants
from cardtable.games.sheepshead import Play, Sheepshead, SheepsheadRules, State

VARIANTS: list[tuple[str, Any]] = [("standard", None), *option_variants(SheepsheadRules)]
ALL_ON = {
    "allow_call_own_ace": True,
    "allow_unknown_call": True,
    "ten_call_hold_must_be_ace": True,
    "called_ten_beats_ace": True,
    "cracking": True,
    "blitzing": True,
    "double_on_the_bump": True,
    "multiplier_limit": 8,
}


def _json_cards(obj: object) -> set[int]:
    """Every card string anywhere in a JSON value."""
    out: set[int] = set()
    if isinstance(obj, str):
        with contextlib.suppress(ValueError):
            out.add(parse_card(obj))
    elif isinstance(obj, dict):
        for v in obj.values():
            out |= _json_cards(v)
    elif isinstance(obj, list):
        for v in obj:
            out |= _json_cards(v)
    return out


def _check_state(game: Sheepshead, s: State, rng: random.Random) -> None:
    places = game.card_places(s)
    union = 0
    for m in places.values():
        assert union & m == 0
        union |= m
    assert union == DECK32_MASK
    for seat in range(5):
        hidden = game.unseen(s, seat)
        shown = _json_cards(game.observe(s, seat).to_json())
        assert not {c for c in shown if hidden >> c & 1}, (seat, s)
    acts = game.legal_actions(s)
    assert acts, "a seat to act has no legal action"
    assert len(set(acts)) == len(acts)
    for a in acts:
        assert game.parse(game.format(a)) == a
    if isinstance(acts[0], Play):
        legal = {a.card for a in acts}
        for c in range(52):
            if DECK32_MASK >> c & 1 and c not in legal:
                with pytest.raises(IllegalAction):
                    game.apply(s, Play(c))
                break


def play_hand(game: Sheepshead, rng: random.Random, dealer: int, match: Any = None, check: bool = True) -> State:
    """Play one random hand, checking invariants at every step."""
    s = game.start(dealer=dealer, match=match)
    while (seat := game.actor(s)) is not None:
        if seat == CHANCE:
            s = game.apply(s, game.deal(s, rng))
            continue
        if check:
            _check_state(game, s, rng)
        before = s
        s = game.apply(s, rng.choice(game.legal_actions(s)))
        assert before == before  # frozen: nothing to mutate
    return s


@pytest.mark.parametrize(("name", "value"), VARIANTS, ids=[f"{n}={v}" for n, v in VARIANTS])
def test_random_playouts_every_option(name: str, value: Any) -> None:
    game = Sheepshead() if name == "standard" else Sheepshead(**{name: value})
    rng = random.Random(f"{name}={value}")
    match: Any = None
    dealer = 0
    for _ in range(60):
        s = play_hand(game, rng, dealer, match)
        result = game.outcome(s)
        assert result is not None
        assert sum(result.score) == 0
        counted, expected = game.card_point_totals(s)
        assert counted == expected
        for seat in range(5):
            assert game.unseen(s, seat) & ~DECK32_MASK == 0
        nxt = game.next_hand(s)
        assert nxt is not None
        assert game.dealer(nxt) == (dealer + 1) % 5  # R7
        match = game.match_json(s)
        assert sum(match["scores"]) == 0
        dealer = game.dealer(nxt)


@pytest.mark.parametrize("mode", ["called_ace", "jack_of_diamonds", "none"])
@pytest.mark.parametrize("no_pick", ["leaster", "doubler", "forced_pick", "schwanzer", "moster"])
def test_random_playouts_option_mixes(mode: str, no_pick: str) -> None:
    game = Sheepshead(partner_mode=mode, no_pick_rule=no_pick, **ALL_ON)
    rng = random.Random(f"{mode}/{no_pick}")
    for i in range(40):
        s = play_hand(game, rng, i % 5)
        result = game.outcome(s)
        assert result is not None and sum(result.score) == 0
        assert game.card_point_totals(s)[0] == game.card_point_totals(s)[1]


def test_views_never_show_hidden_cards_during_whole_hands() -> None:
    """R16, R22, R35a: the check above, with the unknown call and leasters made common."""
    game = Sheepshead(allow_unknown_call=True, allow_call_own_ace=True)
    rng = random.Random(5)
    for i in range(120):
        play_hand(game, rng, i % 5)


def test_explicit_deal_form_gives_the_same_deck() -> None:
    """Record §3: hands and blind convert to the deck that deals them."""
    game = Sheepshead()
    rng = random.Random(3)
    for dealer in range(5):
        s0 = game.start(dealer=dealer)
        deal = game.deal(s0, rng)
        s = game.apply(s0, deal)
        places = game.card_places(s)
        hands = [[format_card(c) for c in range(52) if places[f"hand {i}"] >> c & 1] for i in range(5)]
        blind = [format_card(c) for c in range(52) if places["blind"] >> c & 1]
        again = game.apply(s0, game.deal_from_json({"hands": hands, "blind": blind}, dealer))
        assert again.hands == s.hands and again.setup.blind == s.setup.blind

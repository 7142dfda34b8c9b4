"""The rule-based Seep bot plays only legal moves, sees only its view, and beats random play."""

from __future__ import annotations

import random
from typing import Any

from cardtable.bots import make_bot
from cardtable.games.seep import Seep


def test_rule_bot_beats_random_play() -> None:
    g = Seep()
    rule, rand = make_bot(g, "rule"), make_bot(g, "random")
    rng = random.Random(12)
    totals = [0, 0]
    for hand in range(40):
        s = g.start(hand % 4)
        s = g.apply(s, g.deal(s, rng))
        while (seat := g.actor(s)) is not None:
            bot = rule if seat % 2 == 0 else rand
            legal = g.legal_actions(s)
            a = bot.act(g.observe(s, seat), legal, rng)
            assert a in legal
            s = g.apply(s, a)
        out = g.outcome(s)
        assert out is not None
        totals[0] += out.score[0]
        totals[1] += out.score[1]
    assert totals[0] > totals[1]


def test_rule_bot_takes_a_sweep() -> None:
    from tests.seep.make import position, start

    g, s = start(position(hand="JH 4C 9S", loose="5C 6H"))
    bot = make_bot(g, "rule")
    assert g.format(bot.act(g.observe(s, 0), g.legal_actions(s), random.Random(1))) == "capture JH 5C+6H"


def _choice(game: Any, state: Any, bot: str = "rule") -> str:
    seat = game.actor(state)
    player = make_bot(game, bot)
    return str(game.format(player.act(game.observe(state, seat), game.legal_actions(state), random.Random(3))))


def test_rule_bot_throws_the_card_that_opens_no_sweep() -> None:
    """A throw of 4H would let a 9 take 9D and 5C+4H, sweeping; the J opens nothing."""
    from tests.seep.make import position, start

    g, s = start(position(hand="4H JH", loose="5C 9D", hands={1: "9H"}))
    assert _choice(g, s) == "throw JH"


def test_rule_bot_values_captures_by_the_rules_in_force() -> None:
    """A jack takes 10D+AC or AC+5S+5H: the first is worth 7 card points when the 10 of
    diamonds scores 6 and 3 when it scores 2 (and the majority bonus pays for the third card)."""
    from tests.seep.make import position, start

    pos = position(hand="JH 8C", loose="10D AC 5S 5H 7D")
    g, s = start(pos)
    assert _choice(g, s) == "capture JH AC+10D"
    g, s = start(pos, ten_diamonds_points=2, majority_bonus=4)
    assert _choice(g, s) == "capture JH AC+5H+5S"


def test_rule_bot_bids_the_value_it_holds_most() -> None:
    """Two 9s among the first four make a safe house of 9 (one to build with, one to keep); the
    classic bot bid its highest card."""
    from cardtable.cards import mask_of, parse_cards
    from cardtable.games.seep.state import Phase

    g = Seep()
    s = g.start(0)
    s = g.apply(s, g.deal(s, random.Random(1)))
    hand = mask_of(parse_cards("9C 9D KH 2S"))
    others = [c for c in range(52) if not hand >> c & 1]
    rest = mask_of(others[:4])
    stock = (s.stock[0], s.stock[1], s.stock[2], s.stock[3])
    # The same deal with the bidder's four cards swapped for these (the swapped-out cards go to the floor's place).
    moved = (s.hands[1] | s.loose | stock[0] | stock[1] | stock[2] | stock[3]) & ~hand & ~rest
    assert moved.bit_count() == 44
    s = s._replace(hands=(0, hand, 0, 0), loose=rest)
    s = s._replace(stock=_stock_of(moved, s.stock))
    assert s.phase is Phase.BID
    assert _choice(g, s) == "bid 9"
    assert _choice(g, s, "rule:classic") == "bid 13"


def _stock_of(cards: int, like: tuple[int, ...]) -> tuple[int, int, int, int]:
    """``cards`` dealt into four stocks of the sizes of ``like``."""
    from cardtable.games.seep.floor import bits

    left = bits(cards)
    out = []
    for stock in like:
        n = stock.bit_count()
        part = 0
        for c in left[:n]:
            part |= 1 << c
        left = left[n:]
        out.append(part)
    return (out[0], out[1], out[2], out[3])


def test_the_fast_rule_policy_chooses_alike_in_every_world_the_view_allows() -> None:
    """`FastRulePolicy` reads only what the mover sees: in worlds sampled from the mover's view
    (the other hands dealt anew), it makes the same choice from the same random stream."""
    from cardtable.games.seep import fast
    from cardtable.games.seep.bots import FastRulePolicy

    g = Seep()
    policy = FastRulePolicy(g.rules)
    rng = random.Random(5)
    checked = 0
    for hand in range(12):
        s = g.start(hand % 4)
        s = g.apply(s, g.deal(s, rng))
        while (seat := g.actor(s)) is not None:
            legal = g.legal_actions(s)
            if len(legal) > 1:
                choices = set()
                for w in range(3):
                    world = g.sample(g.observe(s, seat), random.Random(w)) if w else s
                    st = fast.from_state(world, g.rules)
                    assert st is not None
                    choices.add(policy(st, fast.moves_of(st), random.Random(9)))
                assert len(choices) == 1
                checked += 1
            s = g.apply(s, legal[rng.randrange(len(legal))])
    assert checked > 100

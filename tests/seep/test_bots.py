"""The rule-based Seep bot plays only legal moves, sees only its view, and beats random play."""

from __future__ import annotations

import random

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

"""Illegal actions are refused with the rule they break and the reason in words."""

from __future__ import annotations

import random
from typing import Any

import pytest

from cardtable.cards import DECK32
from cardtable.core import IllegalAction
from cardtable.games.sheepshead import Bury, Call, Crack, Pass, Pick, Play, Sheepshead

from .sheepshead_support import DECK_A, TEN_DEAL, UNKNOWN_DEAL, card, dealt, dealt_explicit, run

HA_OPENING = ["0 pass", "1 pick", "1 bury AS 10S", "1 call AH"]


@pytest.mark.parametrize(
    ("options", "deal", "actions", "bad", "rule", "words"),
    [
        ({}, DECK_A, [], "bury 8D AS", "R11", "seat 0 must pick or pass"),
        ({}, DECK_A, ["0 pass", "1 pick"], "play QC", "R14", "bury two cards"),
        ({}, DECK_A, ["0 pass", "1 pick"], "bury KC AS", "R14", "KC is not among"),
        ({}, DECK_A, ["0 pass", "1 pick", "1 bury AS 10S"], "call AS", "R18", "holds AS himself"),
        ({}, DECK_A, ["0 pass", "1 pick", "1 bury AS 10S"], "call AC", "R18", "no clubs card"),
        ({}, DECK_A, ["0 pass", "1 pick", "1 bury AS 10S"], "call QD", "R18", "only a fail ace"),
        ({}, DECK_A, ["0 pass", "1 pick", "1 bury AS 10S"], "call 10H", "R19", "no ace can be"),
        ({}, DECK_A, ["0 pass", "1 pick", "1 bury AS 10S"], "call AH unknown QC", "R35a", "not played"),
        ({}, DECK_A, [*HA_OPENING, "0 play KC"], "play 7H", "R27", "hold card"),
        ({}, DECK_A, [*HA_OPENING, "0 play KC"], "play KC", "R23", "not in seat 1's hand"),
        ({}, DECK_A, [*HA_OPENING, "0 play KC", "1 play 8D"], "play QD", "R24", "must follow clubs"),
        ({}, DECK_A, [*HA_OPENING, "0 play KC", "1 play 8D", "2 play 8C"], "play AH", "R29", "called AH"),
        ({}, DECK_A, [*HA_OPENING, "0 play 9D"], "play 7H", "R24", "must follow trump"),
        ({"blitzing": True}, DECK_A, [], "blitz", "R45", "seat 0 holds neither pair"),
        ({}, DECK_A, [], "blitz", "R45", "option blitzing"),
        ({"no_pick_rule": "forced_pick"}, DECK_A, ["0 pass", "1 pass", "2 pass", "3 pass"], "pass", "R43", "dealer"),
        ({"cracking": True}, DECK_A, HA_OPENING, "recrack", "R44", "only the picker"),
        ({"cracking": True}, DECK_A, [*HA_OPENING, "2 pass"], "crack", "R44", "partner may not crack"),
        ({"cracking": True}, DECK_A, [*HA_OPENING, "2 crack"], "crack", "R44", "re-crack or pass"),
    ],
)
def test_illegal_actions_name_rule_and_reason(
    options: dict[str, Any], deal: str, actions: list[str], bad: str, rule: str, words: str
) -> None:
    game = Sheepshead(**options)
    s = run(game, dealt(game, deal), actions)
    with pytest.raises(IllegalAction) as info:
        game.apply(s, game.parse(bad))
    assert info.value.rule == rule
    assert words in info.value.reason
    assert info.value.action == bad


def test_explanations_of_calls_on_special_hands() -> None:
    ten = Sheepshead(ten_call_hold_must_be_ace=True)
    s = run(ten, dealt_explicit(ten, TEN_DEAL), ["0 pick", "0 bury AH 7H"])
    with pytest.raises(IllegalAction, match="R19"):
        ten.apply(s, ten.parse("call 10H"))  # the ace of hearts is buried: no hold card
    unknown = Sheepshead(allow_unknown_call=True)
    s = run(unknown, dealt_explicit(unknown, UNKNOWN_DEAL), ["0 pick", "0 bury JH JD"])
    with pytest.raises(IllegalAction, match="not in the picker's hand"):
        unknown.apply(s, unknown.parse("call AH unknown 7C"))
    with pytest.raises(IllegalAction, match="R35a"):
        unknown.apply(s, unknown.parse("call 10H unknown QC"))


def test_every_foreign_action_is_refused_cleanly() -> None:
    """Any action of the game, tried in any state where it is not legal, raises IllegalAction."""
    game = Sheepshead(allow_unknown_call=True, cracking=True, blitzing=True, no_pick_rule="forced_pick")
    pool: list[Any] = [Pick(), Pick(True), Pass(), Call(None), Crack(), Crack(True)]
    pool += [Play(c) for c in DECK32]
    pool += [Call(c) for c in (card("AC"), card("AS"), card("AH"), card("10H"), card("QC"))]
    pool += [Call(card("AH"), card("QC")), Bury((card("QC"), card("QS"))), Bury((card("7H"), card("7H")))]
    rng = random.Random(2)
    for _ in range(40):
        s = game.start(rng.randrange(5))
        s = game.apply(s, game.deal(s, rng))
        while game.actor(s) is not None:
            legal = set(game.legal_actions(s))
            for a in pool:
                if a not in legal:
                    with pytest.raises(IllegalAction) as info:
                        game.apply(s, a)
                    assert info.value.reason and info.value.rule.startswith("R")
            s = game.apply(s, rng.choice(list(legal)))
        with pytest.raises(IllegalAction, match="the hand is over"):
            game.apply(s, Pass())

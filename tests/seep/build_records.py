"""Write the worked examples of the Seep rules page (§4) as records in ``tests/seep/records/``.

Run ``python -m tests.seep.build_records`` from the repository root after changing an example;
``test_records.py`` replays every file and checks it against the rules page.

A position's play number is chosen so that the hand sizes are exact (the examples give only the
mover's relevant cards); it matters only for sweeps, where the examples name it (T21).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from tests.seep.make import position, record

HERE = Path(__file__).parent / "records"

#: R3: the scoring cards, most valuable first, for dealing out exact card points.
_POINT_CARDS = [("KS", 13), ("QS", 12), ("JS", 11), ("10S", 10), ("9S", 9), ("8S", 8), ("7S", 7), ("10D", 6),
                ("6S", 6), ("5S", 5), ("4S", 4), ("3S", 3), ("2S", 2), ("AS", 1), ("AH", 1), ("AD", 1),
                ("AC", 1)]  # fmt: skip


def _worth(n: int) -> tuple[str, str]:
    """Team piles (point cards only) giving team 0 exactly n card points and team 1 the rest."""
    mine, theirs = [], []
    for name, v in _POINT_CARDS:
        if v <= n:
            mine.append(name)
            n -= v
        else:
            theirs.append(name)
    assert n == 0
    return " ".join(mine), " ".join(theirs)


def finished(dealer: int, a_points: int, sweeps: tuple[int, int] = (0, 0), **extra: Any) -> dict[str, Any]:
    """A position after play 48: team 0 holds ``a_points`` card points, team 1 the rest."""
    return position(hand="", mover=dealer, dealer=dealer, plays=48, piles=_worth(a_points), sweeps=sweeps, **extra)


def examples() -> dict[str, dict[str, Any]]:
    """Every record, by file name."""
    out: dict[str, dict[str, Any]] = {}

    # T01: two different maximal captures, and compulsory capture.
    t01 = position(hand="JH 4C", loose="2S 3D 5C 6H")
    for key, act in [("a", "capture JH 5C+6H"), ("b", "capture JH 2S+3D+6H"), ("c", "capture JH 2S+3D"),
                     ("d", "throw JH"), ("e", "throw 4C")]:  # fmt: skip
        out[f"t01{key}"] = record(t01, [f"0 {act}"])

    # T03: houses are taken only at their exact value.
    t03 = position(hand="KD QC", loose="AH", houses=[(12, ["7H 5D"], [1])])
    for key, act in [("a", "capture KD H12 AH"), ("b", "throw KD"), ("c", "capture QC H12"), ("d", "throw QC")]:
        out[f"t03{key}"] = record(t03, [f"0 {act}"])

    # T05: building a house.
    t05 = position(hand="5H JC 2D", loose="6S 9D")
    out["t05a"] = record(t05, ["0 build 11 5H+6S"])
    out["t05b"] = record(t05, ["0 build 11 2D+9D"])
    out["t05c"] = record(position(hand="5H 2D 9C", loose="6S 9D"), ["0 build 11 5H+6S"])
    out["t05d"] = record(t05, ["0 build 8 2D+6S"])

    # T06: a loose card of the house's value merges automatically.
    out["t06"] = record(position(hand="5H JC", loose="6S JD"), ["0 build 11 5H+6S"])

    # T08: breaking an opponent's house.
    for key, hand, card in [("a", "2S JH", "2S"), ("b", "2S QH", "2S"), ("c", "4S KD", "4S"), ("d", "5D KD", "5D")]:
        pos = position(hand=hand, loose="KC", houses=[(9, ["4H 5C"], [1])])
        out[f"t08{key}"] = record(pos, [f"0 break H9 {card}"])

    # T10: a break that merges into an existing house.
    for key, owners in [("a", [0]), ("b", [3])]:
        pos = position(hand="2S JH", houses=[(9, ["4H 5C"], [1]), (11, ["5D 6D"], owners)])
        out[f"t10{key}"] = record(pos, ["0 break H9 2S"])

    # T12: adding to a partner's cemented house.
    t12 = [("a", [2], "9S 2D", "cement H13 9S+4H"), ("b", [1], "9S 2D", "cement H13 9S+4H"),
           ("c", [1], "9S KD", "cement H13 9S+4H"), ("d", [2], "9S 2D", "cement H13 2D")]  # fmt: skip
    for key, owners, hand, act in t12:
        pos = position(hand=hand, loose="4H", houses=[(13, ["6C 7D", "KH"], owners)])
        out[f"t12{key}"] = record(pos, [f"0 {act}"])

    # T16: a capture must include the matching house and every matching set.
    t16 = position(hand="9D 7H", loose="6S 3C KD", houses=[(9, ["4H 5C"], [1])])
    out["t16a"] = record(t16, ["0 capture 9D H9"])
    out["t16b"] = record(t16, ["0 capture 9D 6S+3C"])
    out["t16c"] = record(t16, ["0 capture 9D H9 6S+3C"])
    out["t16d"] = record(position(hand="9D 7H", loose="6S 3C", houses=[(9, ["4H 5C"], [1])]), ["0 capture 9D H9 6S+3C"])

    # T18: the bid and the opening move (dealer 0, bidder 1).
    rest = [c for c in _deck() if c not in {"QH", "7C", "3D", "2S", "5S", "9H", "4C", "10D"}]
    hands = [rest[0:12], ["QH", "7C", "3D", "2S", *rest[12:20]], rest[20:32], rest[32:44]]
    deal = {"hands": hands, "floor": ["5S", "9H", "4C", "10D"]}

    def t18(actions: list[str]) -> dict[str, Any]:
        return {
            "format": "cardtable-record/1",
            "game": "seep",
            "hands": [{"dealer": 0, "deal": deal, "actions": actions}],
        }

    out["t18_bid"] = t18(["1 bid 12"])
    for v in (9, 10, 11, 13):
        out[f"t18_bid_{v}"] = t18([f"1 bid {v}"])
    for key, act in [("build_7c", "build 12 7C+5S"), ("build_3d_9h", "build 12 3D+9H"),
                     ("build_3d_5s_4c", "build 12 3D+5S+4C"), ("build_2s_10d", "build 12 2S+10D"),
                     ("build_11", "build 11 2S+5S+4C"), ("throw_qh", "throw QH"), ("capture_qh", "capture QH"),
                     ("throw_7c", "throw 7C")]:  # fmt: skip
        out[f"t18_{key}"] = t18(["1 bid 12", f"1 {act}"])

    # T21: a sweep on the last play scores 0; on play 47 it would score 50.
    out["t21_play48"] = record(position(hand="9S", mover=0, dealer=0, plays=47, loose="4C 5D"), ["0 capture 9S 4C+5D"])
    out["t21_play47"] = record(
        position(hand="9S", mover=0, dealer=1, plays=46, loose="4C 5D", hands={1: "8H"}),
        ["0 capture 9S 4C+5D", "1 throw 8H"],
    )

    # T23: scoring a deal, and a baazi by the lead.
    t23 = position(hand="", mover=0, dealer=0, plays=48, sweeps=(100, 25),
                   piles=("AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS AH AD 10D", "QS KS AC"))  # fmt: skip
    out["t23"] = record(t23, [])

    # T25: the running difference over six deals (each deal a finished position).
    for n, (before, a_points, sweeps) in enumerate(
        [((0, [0, 0]), 60, (0, 0)), ((20, [0, 0]), 25, (0, 0)), ((-30, [0, 0]), 30, (0, 50)),
         ((0, [0, 1]), 74, (0, 0)), ((48, [0, 1]), 75, (0, 0)), ((98, [0, 1]), 51, (0, 0))], 1):  # fmt: skip
        rec = record(finished(0, a_points, sweeps), [])
        rec["match"] = {"difference": before[0], "baazis": before[1]}
        out[f"t25_deal{n}"] = rec

    # T26: who deals next (D is team 0's lead after the deal).
    for key, dealer, before, a_points in [("a", 0, 0, 60), ("b", 1, -15, 60), ("c", 1, -20, 60), ("d", 1, 0, 45),
                                          ("e", 2, -90, 40), ("f", 2, 90, 60)]:  # fmt: skip
        rec = record(finished(dealer, a_points), [])
        rec["match"] = {"difference": before, "baazis": [0, 0]}
        out[f"t26{key}"] = rec
    # R8: a misdeal ends the hand at once; the same dealer deals again (a record of two hands).
    out["r8_misdeal_then_redeal"] = {
        "format": "cardtable-record/1",
        "game": "seep",
        "hands": [
            {"dealer": 3, "deal": _explicit(3, "8H 7D 3H 2C", "5S 9H 4C 10D"), "actions": []},
            {"dealer": 3, "deal": _explicit(3, "QH 7C 3D 2S", "5S 9H 4C 10D"), "actions": ["0 bid 12"]},
        ],
    }
    return out


def _explicit(dealer: int, first4: str, floor: str) -> dict[str, Any]:
    """An explicit deal: the bidder's first four and the floor given, the rest in card order."""
    rest = [c for c in _deck() if c not in set(first4.split()) | set(floor.split())]
    hands: list[list[str]] = [[], [], [], []]
    hands[(dealer + 1) % 4] = first4.split()
    for seat in range(4):
        while len(hands[seat]) < 12:
            hands[seat].append(rest.pop(0))
    return {"hands": hands, "floor": floor.split()}


def _deck() -> list[str]:
    return [r + s for s in "CDHS" for r in ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]]


def main() -> None:
    HERE.mkdir(exist_ok=True)
    for old in HERE.glob("*.json"):
        old.unlink()
    for name, rec in examples().items():
        (HERE / f"{name}.json").write_text(json.dumps(rec, indent=1) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()

"""How a Toy Tricks table is drawn at the terminal (`cardtable.render`): the trick in the middle,
the tricks each seat has won and the match score."""

from __future__ import annotations

from typing import Any

from cardtable.render import History, SeatInfo, seat_word, trick_text, tricks_won

#: A trick game: the trick is drawn in the middle of the table.
TRICKS = True


def lines(view: dict[str, Any]) -> list[str]:
    scores = ", ".join(f"{seat_word(view, s)} {n}" for s, n in enumerate(view["scores"]))
    out = [f"Match: {scores}", f"Trick: {trick_text(view, view['trick'], 3)}"]
    won = tricks_won(view, 3, False)
    if won:
        out.append(f"Tricks won: {won}")
    return out


def seats(view: dict[str, Any], history: History = ()) -> list[SeatInfo]:
    won = [0, 0, 0]
    for t in view["tricks"]:
        won[t["winner"]] += 1
    return [
        SeatInfo(s, view["hand_sizes"][s], f"tricks {won[s]}", ("dealer",) if s == view["dealer"] else ())
        for s in range(3)
    ]

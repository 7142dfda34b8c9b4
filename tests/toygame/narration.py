"""Toy Tricks told in words (`cardtable.narrate`): each card played, who took each trick, and the
hand's points and the match score."""

from __future__ import annotations

from typing import Any

from cardtable.render import pretty_card
from cardtable.voice import Step, Voice, plural


def step(s: Step) -> list[str]:
    out = [s.does("play", pretty_card(s.words[1]))]
    tricks_b, tricks_a = s.before.get("tricks") or [], s.after.get("tricks") or []
    if len(tricks_a) > len(tricks_b):
        trick = tricks_a[-1]
        out.append(f"{s.voice.subject(trick['winner'], 'take')} trick {len(tricks_a)}.")
    return out


def hand_end(game: Any, state: Any, result: Any, view: dict[str, Any], v: Voice) -> list[str]:
    won = result.details["tricks"]
    scores = result.details["scores"]
    out = [f"{v.subject(s, 'take')} {plural(won[s], 'trick')}." for s in range(game.seats)]
    out.append("Match: " + ", ".join(f"{v.name(s)} {scores[s]}" for s in range(game.seats)) + ".")
    champions = game.winner(state)
    if champions:
        out.append(" and ".join(v.cap(s) if i == 0 else v.name(s) for i, s in enumerate(champions)) + " win the match.")
    return out

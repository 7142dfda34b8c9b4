#!/usr/bin/env python3
"""A bot in the cardtable bot protocol, version 3 (docs/bot-protocol.md), in plain Python with no
imports from cardtable. It plays every game: of the legal actions it prefers a card play whose
rank no seat has played this hand, the highest such card with the option ``style=high`` (the
default) or the lowest with ``style=low``; else the first action that is not a pass; else the
first. It follows the hand through the ``hand`` and ``action`` messages to know what has been
played, breaks ties with the ``seed`` of each question, tells what it weighed in an ``info``
message before each move, and answers at once when told ``stop``.

    cardtable sim smear --bots "cmd:python3 examples/bots/first_legal.py,rule" --deals 20
    cardtable sim smear --bots "cmd:style=low:python3 examples/bots/first_legal.py,rule" --deals 20
"""

import json
import random
import sys

RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]

HELLO = {
    "t": "hello",
    "protocol": 3,
    "name": "first-legal (Python)",
    "author": "cardtable examples",
    "games": ["seep", "smear", "sheepshead"],
    "options": [
        {
            "name": "style",
            "type": "choice",
            "default": "high",
            "values": ["high", "low"],
            "doc": "play the highest fresh card, or the lowest",
        },
    ],
}


def rank(card):
    return card[:-1]


def value(action, played, style):
    """The bot's own score of an action (higher is better): not points, only its preference."""
    words = action.split()
    if words[0] == "play":
        order = RANKS.index(rank(words[1])) if rank(words[1]) in RANKS else 0
        fresh = 20 if rank(words[1]) not in played else 0
        return fresh + (order if style == "high" else 12 - order)
    return 1 if action != "pass" else 0


def choose(legal, played, style, rng):
    """The chosen action and every action's score, best first."""
    scored = sorted(((value(a, played, style), rng.random(), a) for a in legal), reverse=True)
    return scored[0][2], [{"action": a, "value": v} for v, _, a in scored]


def say(msg):
    sys.stdout.write(json.dumps(msg) + "\n")
    sys.stdout.flush()


def main():
    played = {}  # by seat of ours: the ranks played this hand, as that seat saw them
    style = "high"
    for line in sys.stdin:
        msg = json.loads(line)
        kind = msg["t"]
        if kind == "hello":
            say(HELLO)
        elif kind == "options":
            style = msg["values"].get("style", style)
        elif kind == "hand":
            played[msg["seat"]] = set()
        elif kind == "action":
            words = msg["action"].split()
            if words[0] == "play":
                played.setdefault(msg["seat"], set()).add(rank(words[1]))
        elif kind == "act":
            seat = msg["view"]["seat"]
            rng = random.Random(msg.get("seed", 0))
            action, candidates = choose(msg["legal"], played.get(seat, set()), style, rng)
            say({"t": "info", "id": msg["id"], "candidates": candidates[:5], "text": f"style {style}"})
            say({"t": "move", "id": msg["id"], "action": action})
        elif kind == "bye":
            return
        # "error", "stop" (this bot answers at once anyway) and messages of later versions: nothing to answer


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""A bot in the cardtable bot protocol, version 2 (docs/bot-protocol.md), in plain Python with no
imports from cardtable: it plays every game, and of the legal actions it takes the last card play
listed that no seat has played the like of this hand (same rank), else the last card play, else
the first action that is not a pass, else the first. It follows the hand through the ``hand`` and
``action`` messages to know what has been played.

    cardtable sim smear --bots "cmd:python3 examples/bots/first_legal.py,rule" --deals 20
"""

import json
import sys


def rank(card):
    return card[:-1]


def choose(view, legal, played):
    plays = [a for a in legal if a.startswith("play ")]
    if plays:
        fresh = [a for a in plays if rank(a.split()[-1]) not in played]
        return (fresh or plays)[-1]  # the last listed play: in these engines, often the highest card
    others = [a for a in legal if a != "pass"]
    return (others or legal)[0]


def main():
    played = {}  # by seat of ours: the ranks played this hand, as that seat saw them
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["t"] == "hello":
            reply = {
                "t": "hello",
                "protocol": 2,
                "name": "first-legal (Python)",
                "author": "cardtable examples",
                "games": ["seep", "smear", "sheepshead"],
            }
        elif msg["t"] == "hand":
            played[msg["seat"]] = set()
            continue
        elif msg["t"] == "action":
            words = msg["action"].split()
            if words[0] == "play":
                played.setdefault(msg["seat"], set()).add(rank(words[1]))
            continue
        elif msg["t"] == "act":
            seat = msg["view"]["seat"]
            reply = {"t": "move", "id": msg["id"], "action": choose(msg["view"], msg["legal"], played.get(seat, set()))}
        elif msg["t"] == "bye":
            return
        else:  # "error" and messages of later versions: nothing to answer
            continue
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()

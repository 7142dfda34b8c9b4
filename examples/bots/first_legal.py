#!/usr/bin/env python3
"""A bot in the cardtable bot protocol (docs/bot-protocol.md), in plain Python with no imports
from cardtable: it plays every game, and of the legal actions it takes a card play that follows
the lead when it can, else the first action that is not a pass, else the first.

    cardtable sim smear --bots "cmd:python3 examples/bots/first_legal.py,rule" --deals 20
"""

import json
import sys


def choose(view, legal):
    plays = [a for a in legal if a.startswith("play ")]
    if plays:
        return plays[-1]  # the last listed play: in these engines, often the highest card
    others = [a for a in legal if a != "pass"]
    return (others or legal)[0]


def main():
    for line in sys.stdin:
        msg = json.loads(line)
        if msg["t"] == "hello":
            reply = {
                "t": "hello",
                "protocol": 1,
                "name": "first-legal (Python)",
                "author": "cardtable examples",
                "games": ["seep", "smear", "sheepshead"],
            }
        elif msg["t"] == "act":
            reply = {"t": "move", "id": msg["id"], "action": choose(msg["view"], msg["legal"])}
        elif msg["t"] == "bye":
            return
        else:  # "error" and messages of later versions: nothing to answer
            continue
        sys.stdout.write(json.dumps(reply) + "\n")
        sys.stdout.flush()


if __name__ == "__main__":
    main()

"""Secrecy of what a table sends: every view, log and result of random hands scanned for hidden cards.

    python bench/secrecy_views.py [--hands 1000] [--games seep,smear,sheepshead] [--seed 0] [--json]

For each game it plays ``--hands`` random hands, spread evenly over the game's default rules, every
preset and the house rules that hide more cards (Smear with a kitty and discard, Sheepshead with the
unknown card, cracks and blitzes). At every step, before each action and once the hand is over, it
builds what a table would send to the spectator and to every seat: the recipient's view (the
spectator's public view), the hand's log so far as the recipient saw it (its own actions in full,
the others' in their public form, everything once the hand is over), the legal actions for the seat
to act, the last action as an event, and at the end the hand's result. Each message is scanned with
`cardtable.secrecy.leaks` against the cards the recipient may not know at that moment, strictly:
the lower-case words ``as``, ``ad`` and ``ah``, which the scanner passes in prose, count as cards
here, since these messages hold no prose.

A control shows the scanner is awake: into each scanned log it plants one card the recipient may
not know (``play X``, the card written in one of the notation's forms), and counts how many of the
planted cards the scan finds. The run reports hands, steps, messages, cards named, the actions
whose public form hides cards, leaks (which must be 0), and planted/found (which must be equal),
with the machine and the time taken; the exit status is 1 if either fails.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import sys
import time
from typing import Any

from cardtable import registry
from cardtable.cards import format_card, iter_cards
from cardtable.secrecy import leaks, named_cards

#: House rules that hide more cards than any preset does, measured beside the presets.
HIDING: dict[str, list[dict[str, Any]]] = {
    "seep": [],
    "smear": [{"kitty_size": 2}, {"kitty_size": 3, "discards_as_captured": True}],
    "sheepshead": [
        {"allow_unknown_call": True, "cracking": True, "blitzing": True},
        {"no_pick_rule": "schwanzer"},
    ],
}


def configs(name: str) -> list[tuple[str, Any]]:
    """(label, game) for the default rules, each preset and each hiding rule set."""
    out = [("default", registry.get_game(name))]
    out += [(f"preset {p}", registry.get_game(name, p)) for p in sorted(registry.presets(name))]
    out += [(json.dumps(o), registry.get_game(name, **o)) for o in HIDING.get(name, [])]
    return out


def _form(card: str, rng: random.Random) -> str:
    """A card written in one of the forms the notation accepts."""
    forms = [card, card.lower()]
    if card.startswith("10"):
        forms += ["T" + card[2:], "t" + card[2:].lower()]
    return rng.choice(forms)


class Counts:
    def __init__(self) -> None:
        self.hands = self.steps = self.messages = self.named = 0
        self.leaks: list[str] = []
        self.planted = self.found = 0
        self.face_down = 0  # actions whose public form hides cards (a bury, a discard, the unknown card)

    def as_json(self) -> dict[str, Any]:
        return {
            "hands": self.hands,
            "steps": self.steps,
            "messages": self.messages,
            "cards_named": self.named,
            "face_down_actions": self.face_down,
            "leaks": len(self.leaks),
            "planted": self.planted,
            "found": self.found,
        }


def scan_step(game: Any, state: Any, log: list[tuple[int, str, str]], counts: Counts, rng: random.Random) -> None:
    """Scan what every recipient would be sent in ``state``; ``log`` holds (seat, text, public)."""
    over = game.outcome(state) is not None
    actor = game.actor(state)
    for recipient in [None, *range(game.seats)]:
        view = game.observe_public(state) if recipient is None else game.observe(state, recipient)
        seen = [f"{s} {text if s == recipient or over else public}" for s, text, public in log]
        message: dict[str, Any] = {"t": "snapshot", "seat": recipient, "view": view.to_json(), "log": seen}
        if recipient is not None and recipient == actor:
            message["legal"] = [game.format(a) for a in game.legal_actions(state)]
        messages = [message]
        if seen:
            messages.append({"t": "event", "action": seen[-1]})
        if over:
            result = game.outcome(state)
            messages.append({"t": "summary", "result": result.result, "details": result.details})
        for m in messages:
            counts.messages += 1
            counts.named += len(named_cards(m, ignore=()))
            found = leaks(game, state, recipient, m, ignore=())
            if found:
                counts.leaks.append(f"{game.name} {recipient}: {found} in {json.dumps(m)[:300]}")
        hidden = [
            format_card(c)
            for c in iter_cards(game.unseen_public(state) if recipient is None else game.unseen(state, recipient))
        ]
        if hidden:
            card = rng.choice(hidden)
            planted = {**message, "log": [*seen, f"{(actor or 0) % game.seats} play {_form(card, rng)}"]}
            counts.planted += 1
            counts.found += card in leaks(game, state, recipient, planted, ignore=())


def run_game(name: str, hands: int, seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    per: dict[str, Counts] = {}
    games = configs(name)
    for i in range(hands):
        label, game = games[i % len(games)]
        counts = per.setdefault(label, Counts())
        state = game.start(rng.randrange(game.seats))
        state = game.apply(state, game.deal(state, rng))
        log: list[tuple[int, str, str]] = []
        while True:
            counts.steps += 1
            scan_step(game, state, log, counts, rng)
            seat = game.actor(state)
            if seat is None:
                break
            legal = game.legal_actions(state)
            action = legal[rng.randrange(len(legal))]
            text, public = game.format(action), game.public_action(state, action)
            counts.face_down += text != public
            log.append((seat, text, public))
            state = game.apply(state, action)
        counts.hands += 1
    total = Counts()
    for c in per.values():
        for key in ("hands", "steps", "messages", "named", "planted", "found", "face_down"):
            setattr(total, key, getattr(total, key) + getattr(c, key))
        total.leaks += c.leaks
    return {
        "configs": {label: c.as_json() for label, c in per.items()},
        "total": total.as_json(),
        "examples": total.leaks[:5],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--hands", type=int, default=1000, help="random hands per game (default 1000)")
    parser.add_argument("--games", default=",".join(registry.names()))
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    machine = f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}, {platform.system()}"
    report: dict[str, Any] = {"machine": machine, "hands_per_game": args.hands, "seed": args.seed, "games": {}}
    bad = False
    for name in args.games.split(","):
        start = time.perf_counter()
        result = run_game(name, args.hands, args.seed)
        result["seconds"] = round(time.perf_counter() - start, 1)
        report["games"][name] = result
        t = result["total"]
        bad |= t["leaks"] > 0 or t["found"] != t["planted"]
        if not args.json:
            print(
                f"{name}: {t['hands']} hands, {t['steps']} steps, {t['messages']} messages, "
                f"{t['cards_named']} cards named, leaks {t['leaks']}, planted {t['planted']} found {t['found']} "
                f"({result['seconds']} s)"
            )
            for label, c in result["configs"].items():
                print(
                    f"  {label}: {c['hands']} hands, {c['messages']} messages, "
                    f"{c['face_down_actions']} face-down actions, leaks {c['leaks']}"
                )
            for example in result["examples"]:
                print(f"  LEAK {example}")
    if args.json:
        print(json.dumps(report, indent=1))
    else:
        print(f"machine: {machine}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())

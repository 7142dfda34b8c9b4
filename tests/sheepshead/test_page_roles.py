"""The table page's Sheepshead roles say no more than the reader may know (R22).

Over many random hands, in every partner mode (a called ace, a called ten, the unknown card, the
jack of diamonds, an ace of the picker's own, alone, no partner at all) and in leasters, every
view of every step is drawn by the page's own code (`tests/js/labels.mjs` runs `seatMarks` and
`whoAmI` of the pages on the engine's views) for each seat and for a spectator. Each label that
names a side ("picker", "picker's partner", "defender") must be true, and must hold in every
world the reader cannot tell from the true one: worlds sampled from the reader's own view (the
search bots' sampler, which deals the unseen cards anywhere the view allows) for a seat, and from
every seat's view for a spectator, who knows only what all of them know. A partner's "secret"
must be one: the called card not yet seen by all.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from cardtable.games.sheepshead import Sheepshead, State
from cardtable.games.sheepshead.actions import PASS, PICK
from cardtable.games.sheepshead.view import public_partner
from tests.conftest import need

ROOT = Path(__file__).resolve().parents[2]

#: Rule sets that between them reach every way of having (or not having) a partner.
CONFIGS: list[dict[str, Any]] = [
    {},  # a called ace, a called ten (R19), alone (R21), leasters (R41)
    {"partner_mode": "jack_of_diamonds", "cracking": True},  # R34
    {"allow_call_own_ace": True, "cracking": True},  # R18: secretly alone
    {"allow_unknown_call": True, "allow_ten_call": False},  # R35a
    {"partner_mode": "none"},  # always alone
    {"no_pick_rule": "schwanzer"},
]
HANDS = 12
#: Worlds drawn from each seat's view at each step (a spectator's labels are held to all of them).
WORLDS = 4

#: The words a label names a side with, and that side.
SIDES = {"picker": "picker", "picker's partner": "partner", "defender": "defender"}


def role(state: State, seat: int) -> str | None:
    """A seat's side in ``state``: picker, partner or defender; ``None`` with no picker."""
    setup = state.setup
    if setup.picker < 0:
        return None
    if seat == setup.picker:
        return "picker"
    return "partner" if seat == setup.partner else "defender"


def claims(label: str) -> tuple[str | None, bool]:
    """The side a label names (``None``: none) and whether it calls the partner a secret."""
    base = label.split(" (")[0]
    return SIDES.get(base), "secret" in label


def who_claims(text: str) -> list[str]:
    """The side named in "who am I" ("You are ..., seat 2 · the picker's partner (secret)")."""
    if " · " not in text:
        return []
    role_words = text.split(" · ", 1)[1]
    return [role_words.removeprefix("the ")]


def hands_of_play(game: Sheepshead, rng: random.Random) -> list[tuple[State, list[tuple[Any, int | None]]]]:
    """Random hands (one in four passed out into the no-pick rule), each state with its views:
    every seat's and the spectator's (``None``)."""
    out = []
    for i in range(HANDS):
        state = game.start(i % 5)
        state = game.apply(state, game.deal(state, rng))
        everyone_passes = rng.random() < 0.25
        while True:
            if game.outcome(state) is None or game.actor(state) is None:
                views: list[tuple[Any, int | None]] = [(game.observe(state, s), s) for s in range(5)]
                views.append((game.observe_public(state), None))
                out.append((state, views))
            if game.actor(state) is None:
                break
            legal = list(game.legal_actions(state))
            choice = rng.choice(legal)
            if PASS in legal and PICK in legal:
                choice = PASS if everyone_passes or rng.random() < 0.4 else PICK
            state = game.apply(state, choice)
    return out


def page_labels(asked: list[dict[str, Any]]) -> list[dict[str, Any]]:
    node = shutil.which("node")
    need(node is not None, "node")
    assert node is not None
    done = subprocess.run(
        [node, "tests/js/labels.mjs"],
        cwd=ROOT,
        input=json.dumps(asked),
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    answer: list[dict[str, Any]] = json.loads(done.stdout)
    return answer


@pytest.mark.parametrize("options", CONFIGS, ids=[str(c) for c in CONFIGS])
def test_every_label_is_what_the_reader_may_know(options: dict[str, Any]) -> None:
    game = Sheepshead(**options)
    rng = random.Random(f"roles {options}")
    steps = hands_of_play(game, rng)
    asked = [{"game": "sheepshead", "view": v.to_json(), "me": me} for _, views in steps for v, me in views]
    answers = iter(page_labels(asked))
    checked = dict.fromkeys(("picker", "partner", "defender", "secret", "hidden from the picker"), 0)
    for state, views in steps:
        # the worlds each seat cannot tell from the true one, drawn once a step when needed
        worlds: dict[int, list[State]] = {}
        for view, me in views:
            shown = next(answers)
            said: list[tuple[int, str]] = [(s, m) for s, marks in enumerate(shown["marks"]) for m in marks]
            if me is not None:
                said += [(me, m) for m in shown["own"]] + [(me, m) for m in who_claims(shown["who"])]
            readers = [(me, view)] if me is not None else [(s, v) for v, s in views if s is not None]
            for seat, label in said:
                side, secret = claims(label)
                where = f"{options} {view.phase}: {label!r} at seat {seat} to reader {me}"
                if secret:
                    assert seat == state.setup.partner and not public_partner(state)[0], where
                    checked["secret"] += 1
                if side is None:
                    continue
                assert role(state, seat) == side, f"untrue: {where}"
                checked[side] += 1
                if side == "picker":
                    continue  # the pick is public (R11)
                for reader, its_view in readers:
                    if reader not in worlds:
                        worlds[reader] = [game.sample(its_view, rng) for _ in range(WORLDS)]
                    for world in worlds[reader]:
                        assert role(world, seat) == side, f"not known: {where} (a world where it is not)"
            # the picker's partner, while the called card is hidden, has no side to the picker
            if me is not None and me == state.setup.picker and state.setup.partner >= 0 and not view.partner_known:
                labels = [m for m in shown["marks"][state.setup.partner] if claims(m)[0] is not None]
                assert not labels, f"the picker is told the hidden partner's side: {labels}"
                checked["hidden from the picker"] += 1
    # the hands reached every kind of label the rules allow, so that the checks checked something
    kinds = {"picker", "defender"} if options.get("partner_mode") == "none" else set(checked)
    assert all(checked[k] for k in kinds), checked

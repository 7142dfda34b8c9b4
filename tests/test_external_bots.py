"""Bots in other programs, in the cardtable bot protocol (docs/bot-protocol.md): the reference
bots in Python and JavaScript play a ``sim`` against ``rule``; a bot that answers wrongly, late
or not at all is stood in for by the rule bot for that move, and the record marks it; a bot that
cannot start or does not play the game is refused in one line."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from cardtable.bots import external, make_bot
from cardtable.bots.external import ExternalBot
from cardtable.bots.listen import tell_action, tell_hand
from cardtable.core import CHANCE
from cardtable.record import Record, load_game, replay, replay_record
from cardtable.registry import get_game
from cardtable.secrecy import leaks, seen_action
from tests.conftest import need

ROOT = Path(__file__).resolve().parent.parent
PY_BOT = f"{sys.executable} {ROOT / 'examples' / 'bots' / 'first_legal.py'}"
JS_BOT = f"node {ROOT / 'examples' / 'bots' / 'first_legal.mjs'}"


def sim(
    tmp_path: Path, game: str, bots: str, deals: int = 6, rules: Sequence[str] = ()
) -> tuple[subprocess.CompletedProcess[str], list]:
    out = tmp_path / "records.jsonl"
    done = subprocess.run(
        [sys.executable, "-m", "cardtable", "sim", game, "--bots", bots, "--deals", str(deals), "--seed", "3",
         "--jobs", "1", "--records", str(out), "--quiet", "--json", *(x for r in rules for x in ("--rule", r))],
        capture_output=True, text=True, timeout=300, cwd=ROOT, check=False,
    )  # fmt: skip
    records = [json.loads(line) for line in out.read_text().splitlines()] if out.exists() else []
    return done, records


@pytest.mark.parametrize("game", ["seep", "smear", "sheepshead"])
def test_the_python_reference_bot_plays_a_sim_against_rule(tmp_path: Path, game: str) -> None:
    done, records = sim(tmp_path, game, f"cmd:{PY_BOT},rule")
    assert done.returncode == 0, done.stderr
    assert records and all(replay_record(r)[0] == 0 for r in records)
    assert not any("stand_ins" in h for r in records for h in r["hands"])  # every move its own


def test_the_javascript_reference_bot_plays_a_sim_against_rule(tmp_path: Path) -> None:
    need(shutil.which("node") is not None, "node")
    done, records = sim(tmp_path, "smear", f"cmd:{JS_BOT},rule")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert records and all(replay_record(r)[0] == 0 for r in records)
    assert not any("stand_ins" in h for r in records for h in r["hands"])
    assert summary


def bad_bot(tmp_path: Path, body: str) -> str:
    """A bot program whose answer to ``act`` is ``body`` (Python, with ``msg`` the request)."""
    path = tmp_path / "bad.py"
    path.write_text(
        "import json, sys, time\n"
        "for line in sys.stdin:\n"
        "    msg = json.loads(line)\n"
        "    if msg['t'] == 'hello':\n"
        "        print(json.dumps({'t': 'hello', 'protocol': 1, 'name': 'bad', 'games': ['smear']}), flush=True)\n"
        "    elif msg['t'] == 'act':\n" + "".join(f"        {line}\n" for line in body.splitlines())
    )
    return f"{sys.executable} {path}"


@pytest.mark.parametrize(
    "body",
    [
        "print(json.dumps({'t': 'move', 'id': msg['id'], 'action': 'play 2Z'}), flush=True)",  # not legal
        "print('oops', flush=True)",  # not JSON
        "time.sleep(0.5); print(json.dumps({'t': 'move', 'id': msg['id'], 'action': msg['legal'][0]}), flush=True)",
        "sys.exit(3)",  # the program ends
    ],
)
def test_a_wrong_late_or_dead_bot_is_stood_in_for_and_marked(tmp_path: Path, body: str) -> None:
    done, records = sim(tmp_path, "smear", f"cmd:@0.2:{bad_bot(tmp_path, body)},rule", deals=2)
    assert done.returncode == 1, done.stderr  # every move stood in for: no result for the bot
    marked = [h["stand_ins"] for r in records for h in r["hands"] if "stand_ins" in h]
    assert marked and all(replay_record(r)[0] == 0 for r in records)
    row = json.loads(done.stdout)["bots"]["bad"]
    assert row["stand_ins"] == row["decisions"] > 0 and row["mean"] is None and "withheld" in row


def test_a_bot_is_refused_in_one_line_when_it_cannot_play(tmp_path: Path) -> None:
    game = get_game("seep")
    for spec, words in (
        ("cmd:/no/such/program", "cannot start it"),
        (f"cmd:{bad_bot(tmp_path, 'pass')}", "not seep"),
        (f"cmd:{sys.executable} -c pass", "the program ended before its hello (it exited with status 0)"),
        ("cmd:", "expected a command"),
        ("cmd:@x:python3", "time limit"),
    ):
        with pytest.raises(Exception) as refused:
            make_bot(game, spec)
        assert words in str(refused.value) and "\n" not in str(refused.value), spec
    done = subprocess.run(
        [sys.executable, "-m", "cardtable", "sim", "smear", "--bots", "cmd:/no/such/program,rule", "--deals", "1"],
        capture_output=True, text=True, timeout=120, cwd=ROOT, check=False,
    )  # fmt: skip
    assert done.returncode == 2 and "cannot start it" in done.stderr and "Traceback" not in done.stderr


def listening_bot(tmp_path: Path, protocol: int) -> tuple[str, Path]:
    """A bot program speaking ``protocol`` that writes every message it is sent to a file of its
    own process (in the folder returned), one a line, and plays the first legal action."""
    path, heard = tmp_path / f"listen{protocol}.py", tmp_path / f"heard{protocol}"
    heard.mkdir()
    path.write_text(
        "import json, os, sys\n"
        f"out = open(os.path.join({str(heard)!r}, f'{{os.getpid()}}.jsonl'), 'w')\n"
        "for line in sys.stdin:\n"
        "    out.write(line); out.flush()\n"
        "    msg = json.loads(line)\n"
        "    if msg['t'] == 'hello':\n"
        f"        print(json.dumps({{'t': 'hello', 'protocol': {protocol}, 'name': 'ear'}}), flush=True)\n"
        "    elif msg['t'] == 'act':\n"
        "        print(json.dumps({'t': 'move', 'id': msg['id'], 'action': msg['legal'][0]}), flush=True)\n"
    )
    return f"{sys.executable} {path}", heard


def heard_by(folder: Path) -> list[list[dict]]:
    """What each process was told (those that were told a hand, or asked), one list each."""
    out = []
    for p in sorted(folder.glob("*.jsonl")):
        messages = [json.loads(line) for line in p.read_text().splitlines()]
        if any(m["t"] not in ("hello", "bye") for m in messages):
            out.append(messages)
    return out


@pytest.mark.parametrize(("game", "rules"), [("smear", ["kitty_size=2"]), ("sheepshead", []), ("seep", [])])
def test_a_version_2_bot_is_told_each_hand_and_every_action_as_its_seat_sees_it(
    tmp_path: Path, game: str, rules: list[str]
) -> None:
    """Each hand of the sim begins with a ``hand`` message per seat of the program (that seat's
    view), and every action of the record follows, once per seat, as that seat sees it: a
    discard or bury by another seat without its cards."""
    command, folder = listening_bot(tmp_path, 2)
    done, records = sim(tmp_path, game, f"cmd:{command},rule", deals=3, rules=rules)
    assert done.returncode == 0, done.stderr
    told: list[tuple[int, list[dict]]] = []  # each hand told: its seat, the messages
    for heard in heard_by(folder):
        assert heard[0]["t"] == "hello" and heard[0]["protocol"] == 3
        for msg in heard[1:]:
            if msg["t"] == "hand":
                told.append((msg["seat"], []))
            if msg["t"] in ("hand", "action"):
                assert msg["seat"] == told[-1][0]
                told[-1][1].append(msg)
    want: list[tuple[int, list]] = []  # each hand a seat of the program sat in, as it should be told
    face_down = 0
    for record in records:
        g = load_game(Record.from_json(record))
        steps = [s.state for s in replay(Record.from_json(record), g)]
        texts = record["hands"][0]["actions"]
        for seat, name in enumerate(record["players"]):
            if name == "rule":
                continue
            expected: list = [("hand", g.observe(steps[0], seat).to_json())]
            for before, after, text in zip(steps, steps[1:], texts, strict=False):
                by, _, action = text.partition(" ")
                seen = seen_action(g, before, g.parse(action), seat).partition(" ")[2]
                expected.append((int(by), seen, g.observe(after, seat).to_json()))
                face_down += "face down" in seen
            want.append((seat, expected))
    got = [
        (seat, [("hand", m["view"]) if m["t"] == "hand" else (m["by"], m["action"], m["view"]) for m in messages])
        for seat, messages in told
    ]
    assert len(got) == len(want) > 0
    assert sorted(map(repr, got)) == sorted(map(repr, want))
    if game == "smear":
        assert face_down > 0  # the check met another seat's discard


def test_a_version_1_bot_is_sent_only_decisions(tmp_path: Path) -> None:
    command, folder = listening_bot(tmp_path, 1)
    done, _ = sim(tmp_path, "smear", f"cmd:{command},rule", deals=1)
    assert done.returncode == 0, done.stderr
    kinds = {m["t"] for heard in heard_by(folder) for m in heard}
    assert kinds == {"hello", "act", "bye"}


class Recorder:
    """Stands for a program of protocol 2: keeps the bytes it is sent and answers every ``act``
    with the first legal action."""

    def __init__(self) -> None:
        self.sent: list[bytes] = []

    def alive(self) -> bool:
        return True

    def drain(self) -> int:
        return 0

    def send(self, msg: dict) -> None:
        self.sent.append(json.dumps(msg, separators=(",", ":")).encode())
        self.last = msg

    def receive(self, deadline: float) -> dict:
        return {"t": "move", "id": self.last["id"], "action": self.last["legal"][0]}


def recorded(game: object, monkeypatch: pytest.MonkeyPatch) -> tuple[ExternalBot, Recorder]:
    """An `ExternalBot` speaking to a `Recorder`, not to a program."""
    rec = Recorder()
    monkeypatch.setattr(external, "start", lambda game, spec: external.Started(rec, 2, "rec", "", {}))  # type: ignore[arg-type]
    return ExternalBot(game, external.read_spec("recorder")), rec


def bytes_told(bot: ExternalBot, rec: Recorder, game: object, state: object, seat: int, action: object) -> list[bytes]:
    """What the program of ``seat`` is sent when ``action`` is taken in ``state``: the ``act``
    message if ``seat`` is to act, then the ``action`` message (the stand-in is never asked)."""
    start, bot.asked = len(rec.sent), 0  # the question's number is the same in every world
    if game.actor(state) == seat:  # type: ignore[attr-defined]
        bot.act(game.observe(state, seat), game.legal_actions(state), random.Random(0))  # type: ignore[attr-defined]
    tell_action(game, state, action, game.apply(state, action), [(seat, bot)])
    return rec.sent[start:]


def without_view(told: list[bytes]) -> tuple[list[bytes], bytes]:
    """The messages with the ``action`` message's view taken out, and that view (its bytes)."""
    *asked, said = told
    msg = json.loads(said)
    view = json.dumps(msg.pop("view"), separators=(",", ":")).encode()
    return [*asked, json.dumps(msg, separators=(",", ":")).encode()], view


@pytest.mark.parametrize(
    ("name", "rules"),
    [("smear", {"kitty_size": 2}), ("sheepshead", {"allow_unknown_call": True, "cracking": True}), ("seep", {})],
)
def test_what_a_program_is_sent_does_not_change_when_the_cards_its_seat_cannot_see_are_swapped(
    name: str, rules: dict, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Over many random hands, at every action and for every seat: the bytes the seat's program
    is sent (the ``hand`` message, its ``act`` messages, each ``action`` message) are the same in
    every world the engine's sampler makes from that seat's view, where the other seats' unseen
    cards are dealt again (an action message is compared where the same action is legal there;
    the view after the action, which may show more, in the worlds of that view), and they never
    name a card the seat may not see."""
    game = get_game(name, **rules)
    bot, rec = recorded(game, monkeypatch)
    rng = random.Random(f"swap:{name}")
    compared = {"hand": 0, "own": 0, "other": 0, "view": 0}
    for hand in range(25):
        state = game.start(hand % game.seats)
        while game.actor(state) in (CHANCE, None):  # a Seep hand thrown in at the deal: dealt again
            state = game.apply(game.start(hand % game.seats), game.deal(state, rng))
        for seat in range(game.seats):
            rec.sent.clear()
            tell_hand(game, state, [(seat, bot)])
            told = rec.sent[:]
            assert len(told) == 1 and not leaks(game, state, seat, json.loads(told[0]))
            for _ in range(2):
                world = game.sample(game.observe(state, seat), rng)
                rec.sent.clear()
                tell_hand(game, world, [(seat, bot)])
                assert rec.sent == told
                compared["hand"] += 1
        while (actor := game.actor(state)) is not None:
            action = rng.choice(game.legal_actions(state))
            after = game.apply(state, action)
            for seat in range(game.seats):
                told = bytes_told(bot, rec, game, state, seat, action)
                assert not any(leaks(game, after, seat, json.loads(b)) for b in told)
                messages, view = without_view(told)
                for _ in range(2):
                    # the act and the action as the seat saw them before it: worlds of that view
                    world = game.sample(game.observe(state, seat), rng)
                    if game.actor(world) == actor and action in game.legal_actions(world):
                        assert without_view(bytes_told(bot, rec, game, world, seat, action))[0] == messages
                        compared["own" if seat == actor else "other"] += 1
                    # the view after it (which may show more: a kitty taken up): worlds of that view
                    if game.actor(after) is not None:
                        later = game.sample(game.observe(after, seat), rng)
                        assert json.dumps(game.observe(later, seat).to_json(), separators=(",", ":")).encode() == view
                        compared["view"] += 1
            state = after
    assert compared["hand"] >= 100 and compared["own"] >= 200 and compared["other"] >= 200, compared
    assert compared["view"] >= 1000, compared


class Ear:
    """An in-process bot that listens (`cardtable.bots.listen.Listener`) and plays the first
    legal action: what it is told, in order."""

    name = "ear"

    def __init__(self) -> None:
        self.heard: list[tuple] = []
        self.views: list[dict] = []

    def hand_begins(self, seat: int, view: object) -> None:
        self.heard.append(("hand", seat, view.to_json()))  # type: ignore[attr-defined]

    def seen(self, seat: int, by: int, text: str, view: object) -> None:
        self.heard.append(("action", seat, by, text))
        self.views.append(view.to_json())  # type: ignore[attr-defined]

    def act(self, view: object, legal: list, rng: random.Random) -> object:
        return legal[0]


def test_the_terminal_table_tells_a_listening_bot_the_hand_and_again_after_a_take_back() -> None:
    from cardtable.bots import base
    from cardtable.table import Table

    ears: list[Ear] = []
    base.register_bot("ear", lambda game, level: ears.append(Ear()) or ears[-1])
    try:
        game = get_game("smear", kitty_size=2)
        table = Table(game, people=[0], bots={1: "ear", 2: "ear", 3: "ear"}, seed=4, dealer=3)
    finally:
        del base._FACTORIES["ear"]
    ear = ears[0]
    assert [h[:2] for h in ear.heard] == [("hand", 1)]
    assert ear.heard[0][2] == game.observe(table.state, 1).to_json()
    table.run_bots()
    table.play(table.legal_texts()[0])
    table.run_bots()
    moves = table.moves
    assert len(moves) >= 4
    assert [h[2:] for h in ear.heard[1:]] == [(m.seat, m.text if m.seat == 1 else m.public) for m in moves]
    assert ear.views[-1] == game.observe(table.state, 1).to_json()
    told = len(ear.heard)
    assert table.undo()
    assert ear.heard[told:] == [("hand", 1, game.observe(table.state, 1).to_json())]


def test_a_bot_that_stops_reading_does_not_hold_up_the_game(tmp_path: Path) -> None:
    """A program that answers ``hello`` and then never reads again: its pipe fills with the
    messages of version 2, and the game still goes on, every move of its stood in for."""
    path = tmp_path / "deaf.py"
    path.write_text(
        "import json, sys, time\n"
        "sys.stdin.readline()\n"
        "print(json.dumps({'t': 'hello', 'protocol': 2, 'name': 'deaf'}), flush=True)\n"
        "time.sleep(600)\n"
    )
    done, records = sim(tmp_path, "smear", f"cmd:@0.05:{sys.executable} {path},rule", deals=3)
    assert done.returncode == 1, done.stderr  # no result for a bot whose every move was stood in for
    assert sum(len(h.get("stand_ins", [])) for r in records for h in r["hands"]) > 30

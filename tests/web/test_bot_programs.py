"""Bot programs at a web table (docs/bot-protocol.md): the operator offers them by name
(``serve --bot NAME=COMMAND``); a table can seat only those, never name a command of its own
(which would run it on the server)."""

from __future__ import annotations

import json
import shutil
import sys
import time
from pathlib import Path

import pytest

from tests.conftest import need
from tests.web.client import Client, create, join, play, running

ROOT = Path(__file__).resolve().parents[2]


def test_a_table_cannot_name_a_program_to_run(tmp_path: Path) -> None:
    planted = tmp_path / "planted"
    with running(f"sqlite:///{tmp_path / 't.db'}") as server:
        for spec in (f"cmd:touch {planted}", f"cmd:@1:touch {planted}", " cmd:touch x"):
            r = server.post("/api/tables", {"game": "smear", "seats": ["human", spec, "rule", "rule"]})
            assert r.status_code == 422 and "cannot name a program" in r.json()["error"], r.text
        t = create(server, "smear", ["human", "human", "rule", "rule"])
        r = server.post(f"/api/tables/{t['table']}/start", {"host": t["host"], "bot": f"cmd:touch {planted}"})
        assert r.status_code == 422
    assert not planted.exists()


async def test_the_operators_program_sits_at_a_table_and_plays(tmp_path: Path) -> None:
    need(shutil.which("node") is not None, "node")
    js = f"js=node {ROOT / 'examples' / 'bots' / 'first_legal.mjs'}"
    py = f"py={sys.executable} {ROOT / 'examples' / 'bots' / 'first_legal.py'}"
    with running(f"sqlite:///{tmp_path / 't.db'}", "--bot", js, "--bot", py) as server:
        offered = {b["name"] for b in server.get("/api/games").json()["bots"]}
        assert {"js", "py"} <= offered
        t = create(server, "smear", ["human", "js", "py", "js"], hands=1)
        ann = await Client.connect(server, t["table"], join(server, t, "Ann")["token"])
        await play(ann, lambda c: c.legal[0], lambda m: m["t"] == "table" and m["table"]["status"] == "over")
        record = server.get(f"/api/tables/{t['table']}/record").json()
        assert record["players"][1:] == ["js", "py", "js"]
        assert not any("stand_ins" in h for h in record["hands"])
        await ann.close()


def ear(tmp_path: Path) -> str:
    """A protocol-2 program that writes every message it is sent to a file of its own process
    (``heard-PID.jsonl``) and plays the first legal action."""
    path = tmp_path / "ear.py"
    path.write_text(
        "import json, os, sys\n"
        f"out = open(os.path.join({str(tmp_path)!r}, f'heard-{{os.getpid()}}.jsonl'), 'w')\n"
        "for line in sys.stdin:\n"
        "    out.write(line); out.flush()\n"
        "    msg = json.loads(line)\n"
        "    if msg['t'] == 'hello':\n"
        "        print(json.dumps({'t': 'hello', 'protocol': 2, 'name': 'ear'}), flush=True)\n"
        "    elif msg['t'] == 'act':\n"
        "        print(json.dumps({'t': 'move', 'id': msg['id'], 'action': msg['legal'][0]}), flush=True)\n"
    )
    return f"ear={sys.executable} {path}"


async def test_a_program_at_a_web_table_is_told_the_hand_as_its_seat_sees_it(tmp_path: Path) -> None:
    """Each program seat of a web table runs a process of its own, is told the hand from its first
    decision on (its seat's view), then every action as its seat sees it, with its seat's view
    after it: never another seat's cards (the other program's seat included)."""
    from cardtable.record import Record, load_game, replay
    from cardtable.secrecy import seen_action

    with running(f"sqlite:///{tmp_path / 't.db'}", "--bot", ear(tmp_path)) as server:
        t = create(server, "smear", ["human", "ear", "rule", "ear"], hands=2)
        ann = await Client.connect(server, t["table"], join(server, t, "Ann")["token"])
        await play(ann, lambda c: c.legal[0], lambda m: m["t"] == "table" and m["table"]["status"] == "over")
        record = server.get(f"/api/tables/{t['table']}/record").json()
        await ann.close()
    assert not any("stand_ins" in h for h in record["hands"])
    logs = sorted(tmp_path.glob("heard-*.jsonl"))
    assert len(logs) == 2  # a process for each of the two program seats
    game = load_game(Record.from_json(record))
    told_seats = set()
    for log in logs:
        heard = [json.loads(line) for line in log.read_text().splitlines()]
        assert heard[0]["t"] == "hello" and heard[0]["protocol"] == 3
        seats = {m["seat"] for m in heard if m["t"] in ("hand", "action")}
        assert len(seats) == 1  # one seat a process
        (seat,) = seats
        told_seats.add(seat)
        # the messages of each hand, from its "hand" message on
        hands: list[list[dict]] = []
        for msg in heard[1:]:
            if msg["t"] == "hand":
                hands.append([msg])
            elif msg["t"] == "action":
                hands[-1].append(msg)
        assert len(hands) == len(record["hands"]) == 2
        every = list(replay(Record.from_json(record), game))
        for number, (told, hand) in enumerate(zip(hands, record["hands"], strict=True)):
            steps = [s.state for s in every if s.hand == number]
            want = []
            for before, after, text in zip(steps, steps[1:], hand["actions"], strict=False):
                by, _, action = text.partition(" ")
                seen = seen_action(game, before, game.parse(action), seat).partition(" ")[2]
                want.append({"t": "action", "seat": seat, "by": int(by), "action": seen,
                             "view": game.observe(after, seat).to_json()})  # fmt: skip
            start = [k for k, s in enumerate(steps) if game.observe(s, seat).to_json() == told[0]["view"]]
            assert start, f"hand {number}: the hand message is not the seat's view at any point"
            # the first hand is told from the seat's first decision, the second from its deal
            assert number == 0 or start[0] == 0
            assert told[1:] == want[start[0] :]
    assert told_seats == {1, 3}


async def test_a_program_that_answers_wrong_at_a_web_table_is_stood_in_for_and_marked(tmp_path: Path) -> None:
    """A program's illegal answer is replaced for that move by the rule bot, the record marks the
    move, and the table plays on; a program that will not start is stood in for the same way."""
    wrong = tmp_path / "wrong.py"
    wrong.write_text(
        "import json, sys\n"
        "for line in sys.stdin:\n"
        "    msg = json.loads(line)\n"
        "    if msg['t'] == 'hello':\n"
        "        print(json.dumps({'t': 'hello', 'protocol': 2}), flush=True)\n"
        "    elif msg['t'] == 'act':\n"
        "        print(json.dumps({'t': 'move', 'id': msg['id'], 'action': 'no such move'}), flush=True)\n"
    )
    programs = ["--bot", f"wrong={sys.executable} {wrong}", "--bot", f"gone={tmp_path / 'missing-program'}"]
    with running(f"sqlite:///{tmp_path / 't.db'}", *programs) as server:
        t = create(server, "smear", ["human", "wrong", "rule", "gone"], hands=1)
        ann = await Client.connect(server, t["table"], join(server, t, "Ann")["token"])
        await play(ann, lambda c: c.legal[0], lambda m: m["t"] == "table" and m["table"]["status"] == "over")
        record = server.get(f"/api/tables/{t['table']}/record").json()
        await ann.close()
    (hand,) = record["hands"]
    marked = {hand["actions"][i].split()[0] for i in hand["stand_ins"]}
    assert marked == {"1", "3"}


#: Programs that misbehave at every question (protocol 2: no ``stop``), by name: one that never
#: answers, one that writes lines without end, one that writes one line without end, one that keeps
#: answering an old question.
BAD = {
    "hang": "for line in sys.stdin:\n    pass\n",
    "flood": "while True:\n    say({'t': 'info', 'id': msg['id'], 'text': 'x' * 200})\n",
    "long": "while True:\n    sys.stdout.write('x' * 65536)\n",
    "oldid": "while True:\n    say({'t': 'move', 'id': 0, 'action': msg['legal'][0]})\n",
}


def bad_program(tmp_path: Path, name: str) -> str:
    path = tmp_path / f"{name}.py"
    body = "".join(f"        {line}\n" for line in BAD[name].splitlines())
    path.write_text(
        "import json, sys\n"
        "def say(obj):\n"
        "    sys.stdout.write(json.dumps(obj) + '\\n'); sys.stdout.flush()\n"
        "for line in sys.stdin:\n"
        "    msg = json.loads(line)\n"
        "    if msg['t'] == 'hello':\n"
        "        say({'t': 'hello', 'protocol': 2, 'name': " + repr(name) + "})\n"
        "    elif msg['t'] == 'act':\n" + body
    )
    return f"{name}=@0.5:{sys.executable} {path}"


def _rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


@pytest.mark.alone
def test_no_tables_program_slows_another_table(tmp_path: Path) -> None:
    """A table of bots plays at its own pace (moves a second, set by the bot pause) while eight
    tables seat programs that hang, flood, write one endless line or keep answering an old
    question: at least half its quiet pace, measured in the same run; and the server's memory does
    not grow with what the programs write."""
    programs = [x for name in BAD for x in ("--bot", bad_program(tmp_path, name))]
    with running(f"sqlite:///{tmp_path / 't.db'}", "--bot-pause", "0.05", *programs) as server:
        assert server.proc is not None
        watched = create(server, "smear", ["random"] * 4, hands=1000)["table"]

        def pace(seconds: float) -> float:
            before, began = server.get(f"/api/tables/{watched}").json()["version"], time.monotonic()
            time.sleep(seconds)
            after = server.get(f"/api/tables/{watched}").json()["version"]
            return (after - before) / (time.monotonic() - began)

        pace(1.0)  # under way
        quiet = pace(5.0)
        memory = _rss_mb(server.proc.pid)
        for n in range(8):
            name = list(BAD)[n % len(BAD)]
            create(server, "smear", [name, "rule", name, "rule"], hands=1000)
        busy = pace(5.0)
        grown = _rss_mb(server.proc.pid) - memory
        log = server.log.read_text(errors="replace")
    print(f"pace quiet {quiet:.1f} moves/s, beside 8 bad programs {busy:.1f} moves/s; memory +{grown:.0f} MB")
    assert quiet > 0 and busy / quiet >= 0.5, (quiet, busy)
    assert grown < 150, grown
    assert "the rule bot played for the bot program" in log

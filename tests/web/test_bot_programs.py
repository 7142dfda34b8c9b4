"""Bot programs at a web table (docs/bot-protocol.md): the operator offers them by name
(``serve --bot NAME=COMMAND``); a table can seat only those, never name a command of its own
(which would run it on the server)."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

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

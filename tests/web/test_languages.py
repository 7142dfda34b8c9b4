"""The tables in each person's language (docs/languages.md): the pages' catalogs as JSON, and the
narration and refusals of a live table said to each connection in the language its hello names,
while the record stays in English."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("fastapi")

from fastapi.testclient import TestClient

from cardtable.web.app import create_app
from cardtable.web.settings import Settings


def _client(tmp_path: Path) -> TestClient:
    db = f"sqlite:///{tmp_path / 'tables.db'}"
    settings = Settings(db=db, bot_pause=0, summary_pause=0, bot_workers=0, allowed_hosts=("testserver",))
    return TestClient(create_app(settings))


def test_the_catalogs_are_served_to_the_pages(tmp_path: Path) -> None:
    with _client(tmp_path) as client:
        de = client.get("/i18n/de.json")
        assert de.status_code == 200 and de.headers["content-type"].startswith("application/json")
        messages = de.json()["messages"]
        assert messages["You pass."] == "Du passt."
        # a plural by the categories of Intl.PluralRules
        assert messages["{n} card"] == {"one": "{n} Karte", "other": "{n} Karten"}
        assert client.get("/i18n/hi.json").json()["messages"]["{n} card"] == {"one": "{n} पत्ता", "other": "{n} पत्ते"}
        for path in ("/i18n/en.json", "/i18n/fr.json", "/i18n/de", "/i18n/..%2fde.json"):
            assert client.get(path).status_code == 404, path
        assert "no such language" in client.get("/i18n/fr.json").json()["error"]


def test_each_connection_hears_the_table_in_its_own_language(tmp_path: Path) -> None:
    with _client(tmp_path) as client:
        t = client.post("/api/tables", json={"game": "smear", "seats": ["human"] * 4}).json()
        tokens = [
            client.post(f"/api/tables/{t['table']}/join", json={"invite": t["invite"], "name": f"P{n}"}).json()["token"]
            for n in range(4)
        ]
        with client.websocket_connect(f"/ws/tables/{t['table']}") as watch:
            watch.send_json({"t": "hello", "token": None, "v": 0, "lang": "hi-IN"})
            actor = watch.receive_json()["view"]["to_act"]
            with client.websocket_connect(f"/ws/tables/{t['table']}") as ws:
                ws.send_json({"t": "hello", "token": tokens[actor], "v": 0, "lang": "de"})
                mine = ws.receive_json()
                # R12: a bid below the lowest is refused, its reason in German, the rule as it is
                ws.send_json({"t": "act", "v": mine["v"], "action": "bid 1", "id": "low"})
                refused = ws.receive_json()
                while refused["t"] != "rejected":
                    refused = ws.receive_json()
                assert refused["reason"] == "illegal"
                assert refused["message"] == f"seat {actor} bid 1: Gebote gehen von 2 bis 4 (R12)", refused
                ws.send_json({"t": "act", "v": mine["v"], "action": "pass", "id": "one"})
                own = ws.receive_json()
                while own["t"] != "event":
                    own = ws.receive_json()
                seen = watch.receive_json()
                while seen["t"] != "event":
                    seen = watch.receive_json()
        assert own["say"] == ["Du passt."]
        assert seen["say"] == [f"P{actor} पास करते हैं।"]
        assert own["action"] == seen["action"] == f"{actor} pass"  # the record's spelling, in every language


def test_a_lesson_is_served_and_judged_in_the_language_asked(tmp_path: Path) -> None:
    """``/api/learn?lang=``, ``/api/learn/GAME?lang=`` and the check's ``"lang"``: the lesson's
    words and the verdicts in German and Hindi, English without a language."""
    with _client(tmp_path) as client:
        titles = {x["game"]: x["title"] for x in client.get("/api/learn?lang=de").json()["lessons"]}
        assert titles["seep"] == "Seep: deine erste Lektion"
        les = client.get("/api/learn/seep?lang=hi-IN").json()
        assert les["title"] == "सीप: आपका पहला पाठ" and les["steps"][0]["title"] == "बोली"
        assert les["steps"][0]["choices"] == ["bid 13", "bid 9", "bid 11"]
        assert client.get("/api/learn/seep").json()["steps"][0]["title"] == "The bid"
        wrong = client.post("/api/learn/seep/check", json={"step": 0, "move": "bid 11", "lang": "de"}).json()
        assert (
            wrong["kind"] == "illegal" and wrong["text"].startswith("Nicht erlaubt: ") and "(Regel R8)" in wrong["text"]
        )
        other = client.post("/api/learn/seep/check", json={"step": 0, "move": "bid 9", "lang": "hi"}).json()
        assert other["kind"] == "other" and other["move"] == "bid 9" and other["why"].startswith("आपका बादशाह")
        right = client.post("/api/learn/seep/check", json={"step": 0, "move": "bid 13", "lang": "xx"}).json()
        assert right == {
            "kind": "right",
            "text": "You bid 13. The floor is turned face up, and you make the first move.",
            "rule": "",
            "move": "",
            "why": "",
        }


def test_puzzles_are_asked_and_judged_in_the_language_asked(tmp_path: Path) -> None:
    """``/api/puzzles?lang=`` and an answer's ``"lang"``: the prompt, the verdict, its reason
    (``why_said``, in the verdict too) and the theme in Hindi or German; ``why`` stays the
    analysis's English sentence."""
    with _client(tmp_path) as client:
        got = client.get("/api/puzzles?lang=hi").json()
        p = got["puzzles"][0]
        assert p["prompt"] == f"आप सीट {p['seat']} पर हैं। यहाँ एक चाल साफ़ तौर पर सबसे अच्छी है: उसे ढूँढिए।"
        daily = client.get("/api/puzzles/daily?lang=de").json()
        assert daily["prompt"].startswith("Du sitzt auf Platz ")
        assert client.get(f"/api/puzzles/{p['id']}").json()["prompt"].startswith("You are seat ")
        answer = client.post(f"/api/puzzles/{p['id']}/answer", json={"move": p["legal"][0], "lang": "de"}).json()
        assert answer["text"].startswith(("Richtig. In dem Spiel, aus dem es stammt: ", "Nicht der beste. In dem")), (
            answer
        )
        assert answer["theme_said"] in answer["text"] and answer["why"] not in answer["text"]
        assert answer["why_said"] and answer["why_said"] in answer["text"] and "Punkte pro Spiel" in answer["why_said"]
        english = client.post(f"/api/puzzles/{p['id']}/answer", json={"move": p["legal"][0]}).json()
        assert english["why_said"] == english["why"] and english["why"] in english["text"]
        bad = client.post(f"/api/puzzles/{p['id']}/answer", json={"move": "jump", "lang": "de"})
        assert bad.status_code == 400 and bad.json()["error"].startswith("Das ist keiner deiner Züge hier")

"""``cardtable analyze`` and `analyze_record`: what they give, and how they refuse bad input."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from cardtable.analysis import analyze_record
from cardtable.analysis.command import decision_line
from cardtable.cli import main
from cardtable.i18n import phrase_of, say, speaking
from tests.analysis.helpers import played_record

GAMES = ("seep", "sheepshead", "smear")


@pytest.mark.parametrize("name", GAMES)
def test_every_decision_of_the_seat_is_graded(name: str) -> None:
    record = played_record(name, 3)
    out = analyze_record(record, seats=[1], level="easy", open_card=False)
    decisions = out["hands"][0]["decisions"]
    assert out["complete"] and out["analysed"] == out["decisions"] == len(decisions) > 0
    actions = record["hands"][0]["actions"]
    assert [d["index"] for d in decisions] == [i for i, a in enumerate(actions) if a.startswith("1 ")]
    for d in decisions:
        assert d["seat"] == 1 and d["grade"] in ("best", "good", "inaccuracy", "mistake", "blunder")
        if d["forced"]:  # one legal move: best, without a search
            assert d["grade"] == "best" and d["best"] == d["made"] and d["made_value"] is None
        else:
            low, high = d["made_interval"]
            assert low <= d["made_value"] <= high and d["loss"] >= 0
            assert (d["grade"] == "best") == (d["loss"] == 0 or d["made"] == d["best"])
            assert bool(d["why"]) == (d["grade"] != "best")
    summary = out["summary"]["1"]
    assert summary["decisions"] == len(decisions)
    assert summary["points_lost"] == pytest.approx(sum(d["loss"] for d in decisions), abs=1e-3)
    json.dumps(out)  # JSON-ready


def test_the_command_prints_the_review_and_the_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(played_record("smear", 5)))
    assert main(["analyze", str(path), "--seat", "0,2", "--level", "easy", "--quiet"]) == 0
    text = capsys.readouterr().out
    assert "seat 0:" in text and "seat 2:" in text and "With every card shown, the hand was worth" in text
    assert main(["analyze", str(path), "--seat", "0", "--level", "easy", "--json", "--quiet"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["seats"] == [0] and out["hands"][0]["open_card"]["0"]["value"] is not None


def test_the_reasons_are_said_in_the_language_asked(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--lang de``: each reason in German, from the words the analysis keeps beside its English
    sentence (``why_words``, which say that sentence again); the JSON stays English; a language
    not spoken here is refused in one line."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(played_record("sheepshead", 4)))
    assert main(["analyze", str(path), "--seat", "1", "--level", "easy", "--json", "--quiet", "--lang", "de"]) == 0
    out = json.loads(capsys.readouterr().out)
    reasons = [d for d in out["hands"][0]["decisions"] if d["why"]]
    assert reasons, "the hand has a decision graded below best"
    for d in reasons:
        assert str(phrase_of(d["why_words"])) == d["why"]
    assert all(d["why_words"] is None for d in out["hands"][0]["decisions"] if not d["why"])
    assert main(["analyze", str(path), "--seat", "1", "--level", "easy", "--quiet", "--lang", "de"]) == 0
    german = capsys.readouterr().out
    assert main(["analyze", str(path), "--seat", "1", "--level", "easy", "--quiet"]) == 0
    english = capsys.readouterr().out
    for d in reasons:
        with speaking("de"):
            said = say(phrase_of(d["why_words"]))
        assert f"{said[:1].upper()}{said[1:]}." in german and said != d["why"]
        assert f"{d['why'][:1].upper()}{d['why'][1:]}." in english
    assert " cost about " not in german and "Punkte pro Spiel" in german
    # an analysis kept before reasons had words says its English sentence
    old = reasons[0] | {"why_words": None, "index": 3, "bot_info": None}
    with speaking("de"):
        assert old["why"][1:] in decision_line(old)
    assert main(["analyze", str(path), "--level", "easy", "--quiet", "--lang", "fr"]) != 0
    err = capsys.readouterr().err
    assert "--lang" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize(
    "text",
    [
        '{"game": "smear", "hands": []}',
        '{"format": "cardtable-record/1", "game": "smear", "hands": [{"deal": {"deck": ["AS"]}, "actions": []}]}',
        "not json",
    ],
)
def test_a_malformed_record_is_refused_as_replay_refuses_it(
    text: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(text)
    replay_status = main(["replay", str(path)])
    replay_err = capsys.readouterr().err
    status = main(["analyze", str(path)])
    err = capsys.readouterr().err
    assert status == replay_status == 2
    assert err == replay_err.replace("cardtable replay:", "cardtable analyze:")
    assert err.count("\n") == 1


def test_an_illegal_action_is_refused_as_replay_refuses_it(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = played_record("smear", 5)
    record["hands"][0]["actions"][4] = "0 play ZZ"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 1
    replay_err = capsys.readouterr().err
    assert main(["analyze", str(path)]) == 1
    assert capsys.readouterr().err == replay_err.replace("cardtable replay:", "cardtable analyze:")


@pytest.mark.parametrize(
    "args",
    [["--seat", "x"], ["--seconds", "0"], ["--jobs", "0"], ["--level", "huge"], ["--budget", "-1"]],
)
def test_bad_options_get_one_line(args: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(played_record("smear", 5)))
    with pytest.raises(SystemExit) as stop:
        main(["analyze", str(path), "--quiet", *args])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err


def test_a_seat_the_game_lacks_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(played_record("smear", 5)))
    assert main(["analyze", str(path), "--seat", "7"]) == 2
    assert capsys.readouterr().err == "cardtable analyze: seat 7: smear has seats 0 to 3\n"


def test_a_spent_budget_says_how_far_it_got(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "hands.json"
    path.write_text(json.dumps(played_record("smear", 5, hands=2)))
    assert main(["analyze", str(path), "--budget", "0.000001", "--json", "--quiet"]) == 0
    captured = capsys.readouterr()
    out = json.loads(captured.out)
    assert not out["complete"] and out["analysed"] < out["decisions"]
    assert f"ran out after {out['analysed']} of {out['decisions']} decisions" in captured.err


def test_several_processes_give_the_same_analysis() -> None:
    record = played_record("smear", 8, hands=2)
    one = analyze_record(record, seats=[3], level="easy")
    two = analyze_record(record, seats=[3], level="easy", jobs=2)
    assert one == two


def test_a_hand_still_being_played_gets_no_open_card_value() -> None:
    record = played_record("smear", 5)
    hand = record["hands"][0]
    record["hands"] = [hand | {"actions": hand["actions"][:-3]}]
    out = analyze_record(record, seats=[0, 1, 2, 3], level="easy")
    assert out["complete"] and "open_card" not in out["hands"][0]
    record["hands"] = [hand]
    assert "open_card" in analyze_record(record, seats=[0], level="easy")["hands"][0]


def test_a_file_of_records_gets_an_overall_summary_with_names_and_the_bots_own_values(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A ``.jsonl`` of a ``sim`` between a bot program (which says what it weighed) and ``rule``:
    each record's hands numbered from 1, its seats named, the program's own values beside the
    grades, and at the end a summary over every record, per seat and per player."""
    import sys

    bot = Path(__file__).resolve().parents[2] / "examples" / "bots" / "first_legal.py"
    path = tmp_path / "sim.jsonl"
    assert main(["sim", "smear", "--bots", f"cmd:{sys.executable} {bot},rule", "--deals", "1", "--seed", "4",
                 "--records", str(path), "--quiet"]) == 0  # fmt: skip
    capsys.readouterr()
    assert main(["analyze", str(path), "--seat", "0,1", "--level", "easy", "--quiet"]) == 0
    text = capsys.readouterr().out
    assert "Record 1 of 2" in text and "Record 2 of 2" in text and "Hand 1\n" in text and "Hand 0" not in text
    assert "seat 0 (first-legal (Python)):" in text and "seat 1 (rule):" in text
    assert "weighed play " in text
    overall = text[text.index("Overall, 2 records") :].splitlines()
    assert [line.split(":")[0].strip() for line in overall[1:]] == [
        "seat 0", "seat 1", "player first-legal (Python)", "player rule"
    ]  # fmt: skip
    assert all("points lost a hand, accuracy" in line for line in overall[1:])
    assert main(["analyze", str(path), "--seat", "0,1", "--level", "easy", "--quiet", "--json"]) == 0
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(lines) == 3 and set(lines[-1]) == {"overall"}
    total = lines[-1]["overall"]
    decisions = sum(len(h["decisions"]) for out in lines[:2] for h in out["hands"])
    assert sum(t["decisions"] for t in total["players"].values()) == decisions
    assert any(d.get("bot_info") for out in lines[:2] for h in out["hands"] for d in h["decisions"])


def test_analyze_shows_its_progress_on_a_terminal_only(tmp_path: Path) -> None:
    import subprocess
    import sys

    from tests.test_progress import run_on_a_terminal

    path = tmp_path / "hands.jsonl"
    path.write_text("".join(json.dumps(played_record("smear", seed)) + "\n" for seed in (5, 6)))
    args = ["analyze", str(path), "--seat", "0", "--level", "easy"]
    status, seen = run_on_a_terminal(args)
    assert status == 0, seen
    lines = [part for part in seen.split("\r") if " decisions · " in part]
    assert lines and any("record 2 of 2" in line for line in lines), seen
    piped = subprocess.run([sys.executable, "-m", "cardtable", *args], capture_output=True, text=True, timeout=300)
    assert piped.returncode == 0 and piped.stderr == ""


#: English the text of ``cardtable analyze`` would keep if one of its messages were left
#: untranslated (the moves stay as the record writes them: ``play 7♠``, ``pass``; the level is the
#: option's own word: ``easy``).
ANALYZE_ENGLISH = re.compile(
    r"\b(seats?|action|best|good|inaccurac(y|ies)|mistakes?|blunders?|lost|points?|hands?|accuracy|decisions?|"
    r"choice|with|the|of|records?|Summary|Overall|largest|level|search|values|shown|worth|budget|ran out|after|"
    r"done|per|intervals|player|none|weighed|more|It|it|and)\b"
)


@pytest.mark.parametrize("lang", ["de", "hi"])
def test_every_line_of_the_analysis_is_said_in_the_language_asked(
    lang: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--lang de`` and ``--lang hi``: the header, the hands, each decision, the open-card value,
    the summary, the overall summary of several records, what a bot weighed and the line saying
    the budget ran out, with no English left; the numbers written as the language writes them."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    one, many = tmp_path / "hand.json", tmp_path / "hands.jsonl"
    one.write_text(json.dumps(played_record("sheepshead", 4)))
    many.write_text("".join(json.dumps(played_record("smear", s)) + "\n" for s in (5, 6)))
    assert main(["analyze", str(one), "--seat", "1", "--level", "easy", "--quiet", "--lang", lang]) == 0
    said = capsys.readouterr().out.splitlines()
    assert main(["analyze", str(many), "--seat", "0", "--level", "easy", "--quiet", "--lang", lang]) == 0
    said += capsys.readouterr().out.splitlines()
    assert main(["analyze", str(many), "--level", "easy", "--quiet", "--lang", lang, "--budget", "0.001"]) == 0
    out, err = capsys.readouterr()
    said += out.splitlines()
    assert len(err.strip().splitlines()) == 1
    said.append(err.strip().split(": ", 2)[2])  # after "cardtable analyze: FILE: ", said in the language
    graded = {"index": 3, "seat": 1, "made": "play 7S", "best": "play 8D", "forced": False, "grade": "mistake"}
    graded |= {"made_value": -0.42, "made_interval": [-1.45, 0.62], "best_value": 0.62, "best_interval": [-0.6, 1.85]}
    graded |= {"loss": 1.04, "loss_interval": [-0.56, 2.64], "why": "", "why_words": None}
    graded["bot_info"] = {
        "candidates": [
            {"action": f"play {c}", "value": 0.5} for c in ["7S", "8D", "9D", "AS", "KS", "QS", "JS", "10S", "9S"]
        ]
    }
    with speaking(lang):
        said.append(decision_line(graded))
    assert len(said) > 30
    left = [line for line in said if ANALYZE_ENGLISH.search(line)]
    assert not left, f"{lang}: English left: {left[:3]}"
    text = "\n".join(said)
    if lang == "de":
        assert "Zusammenfassung" in text and "Insgesamt, 2 Aufzeichnungen" in text and "Platz 1" in text
        assert re.search(r"\d,\d\d \[", text) and not re.search(r"\d\.\d\d", text)  # a decimal comma
        assert "Fehler" in text and "die Zeit von 0,001 s war nach" in text and "und 1 weiterer" in text
    else:
        assert "सारांश" in text and "कुल मिलाकर, 2 रिकॉर्ड" in text and "सीट 1" in text and "ग़लती" in text
    # and in English, as it always was
    assert main(["analyze", str(one), "--seat", "1", "--level", "easy", "--quiet", "--lang", "en"]) == 0
    english = capsys.readouterr().out
    assert english.startswith("sheepshead: seats 1; the search at level easy; values in points per hand")
    assert "Summary\n  seat 1: 7 decisions (" in english


def test_the_command_lines_refusals_are_said_in_the_terminals_language(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Under ``LANG=de_DE.UTF-8`` the command line's own refusals are said in German; a record's
    refusal (the data's) stays English; without a locale, English."""
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(played_record("smear", 5)))
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert main(["analyze", str(path), "--quiet", "--lang", "fr"]) == 2
    assert capsys.readouterr().err == "cardtable analyze: --lang: erwartet eine von en, de, hi, nicht 'fr'\n"
    assert main(["analyze", str(path), "--quiet", "--address", "x:1"]) == 2
    assert capsys.readouterr().err == "cardtable analyze: --address gilt nur für --backend ray\n"
    assert main(["sim", "smear", "--bots", " , ", "--deals", "1"]) == 2
    assert capsys.readouterr().err == "cardtable sim: --bots: nenne mindestens einen Bot\n"
    bad = tmp_path / "bad.json"
    bad.write_text("not json")
    assert main(["analyze", str(bad), "--quiet"]) == 2
    assert "JSON" in capsys.readouterr().err  # the record's refusal, in the data's English
    monkeypatch.setenv("LANG", "hi_IN.UTF-8")
    assert main(["sim", "smear", "--bots", " , ", "--deals", "1"]) == 2
    assert capsys.readouterr().err == "cardtable sim: --bots: कम से कम एक बॉट का नाम दें\n"
    monkeypatch.delenv("LANG")
    assert main(["sim", "smear", "--bots", " , ", "--deals", "1"]) == 2
    assert capsys.readouterr().err == "cardtable sim: --bots: name at least one bot\n"

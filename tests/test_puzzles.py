"""Puzzles cut from records: each holds the deciding seat's view and nothing the seat could not
see (checked over many cut positions of each game with `cardtable.secrecy`), answers are judged
against the puzzle's accepted moves, the rating is Elo's, and the command makes and asks them."""

from __future__ import annotations

import io
import json
import random
from pathlib import Path
from typing import Any

import pytest

from cardtable import puzzles, registry, secrecy
from cardtable.analysis.review import search_bot
from cardtable.cli import main
from cardtable.record import HandLog, Record, replay

GAMES = ("smear", "sheepshead", "seep")


def random_records(game: Any, hands: int, seed: int) -> list[Record]:
    """One-hand records of random play: a random seat's moves are often clearly worse."""
    rng = random.Random(seed)
    out = []
    for i in range(hands):
        log = HandLog(game, dealer=i % game.seats)
        state = log.deal(rng)
        while game.actor(state) is not None:
            legal = game.legal_actions(state)
            state = log.act(legal[rng.randrange(len(legal))])
        out.append(Record.from_json(log.record()))
    return out


@pytest.mark.parametrize("game_name", GAMES)
def test_a_puzzle_names_no_card_its_seat_could_not_see(game_name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every decision of random hands cut as a puzzle (the filters that keep only clear ones set
    aside, so that many are cut): the puzzle, its reason and moves included, names no card hidden
    from the seat in the true state, and its view is the seat's own."""
    monkeypatch.setattr(puzzles, "is_clear", lambda decision: True)
    monkeypatch.setattr(puzzles, "MOST_ACCEPTED", 99)
    game = registry.get_game(game_name)
    bot = search_bot(game, "easy", None)
    checked = 0
    hands = 1 if game_name == "seep" else 4  # a Seep hand has 48 decisions, each searched longer
    most = 8 if game_name == "seep" else 40
    for r, record in enumerate(random_records(game, hands, seed=5)):
        before: Any = None
        for step in replay(record, game):
            if step.action is not None and game.actor(before) >= 0 and checked < most:
                seat = game.actor(before)
                made = game.parse(record.hands[step.hand].actions[step.action].split(" ", 1)[1])
                p = puzzles.cut(game, before, made, bot, random.Random(f"{r}:{step.action}"), {})
                if p is not None:
                    checked += 1
                    assert p.seat == seat
                    assert p.view == game.observe(before, seat).to_json()
                    assert not secrecy.leaks(game, before, seat, p.to_json())
            before = step.state
    assert checked >= 8


def test_shipped_puzzles_are_sound() -> None:
    found = puzzles.shipped()
    assert {p.game for p in found} == set(GAMES)
    for p in found:
        game = registry.get_game_from_rules(p.game, p.rules)
        assert p.best in p.accepted and set(p.accepted) <= set(p.legal) and len(p.accepted) < len(p.legal)
        assert all(game.format(game.parse(m)) == m for m in p.legal)
        assert p.view["seat"] == p.seat and p.theme and p.why
        assert "best" not in p.question_json() and "why" not in p.question_json()
        assert puzzles.judge(p, p.best).kind == "right"
        wrong = next(m for m in p.legal if m not in p.accepted)
        assert puzzles.judge(p, wrong).kind == "wrong"
        assert puzzles.judge(p, "dance").kind == "bad"


def test_themes_come_from_the_game_words() -> None:
    smear = registry.get_game("smear")
    why = "bidding 4 cost about 3 points a hand: after passing your side is set 0% of the time; passing was better"
    assert puzzles.theme(smear, why, "pass") == "a set to avoid"
    seep = registry.get_game("seep")
    why = "throwing the 9♦ cost about 35 points a hand: after throwing the 3♦ the other side sweeps 0% of the time"
    assert puzzles.theme(seep, why, "throw 3D") == "a sweep to deny"
    assert puzzles.theme(seep, "x cost 1 point", "capture 9S H9") == "a capture"


def test_the_rating_is_elo() -> None:
    assert puzzles.expected(1500, 1500) == pytest.approx(0.5)
    up, puzzle = puzzles.rated(puzzles.Rating(), 1500, True)
    assert up.value == pytest.approx(1516) and up.solved == 1 and puzzle == pytest.approx(1492)
    down, puzzle = puzzles.rated(puzzles.Rating(), 1500, False)
    assert down.value == pytest.approx(1484) and down.failed == 1 and puzzle == pytest.approx(1508)
    # beating a much harder puzzle gains more than beating an easy one
    assert puzzles.rated(puzzles.Rating(), 1900, True)[0].value > puzzles.rated(puzzles.Rating(), 1100, True)[0].value
    assert (
        puzzles.start_rating(2, 1) == 1250 and puzzles.start_rating(4, 1) == 1500 and puzzles.start_rating(8, 1) == 1750
    )


def test_the_puzzle_of_the_day_is_the_same_all_day() -> None:
    found = puzzles.shipped()
    assert puzzles.of_the_day(found, 20000) == puzzles.of_the_day(list(reversed(found)), 20000)
    assert len({puzzles.of_the_day(found, d).id for d in range(30)}) > 1  # type: ignore[union-attr]
    assert puzzles.of_the_day([], 1) is None


def test_make_and_solve_at_the_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    game = registry.get_game("smear")
    records = tmp_path / "smear.jsonl"
    records.write_text("".join(json.dumps(r.to_json()) + "\n" for r in random_records(game, 6, seed=3)))
    out = tmp_path / "puzzles.jsonl"
    assert main(["puzzles", "make", str(records), "--out", str(out), "--most", "3"]) == 0
    said = capsys.readouterr().out
    made = puzzles.read(out)
    assert 1 <= len(made) <= 3 and f"{len(made)} puzzles from 6 records" in said
    first = made[0]
    one = tmp_path / "one.jsonl"
    puzzles.write(one, [first])
    wrong = next(m for m in first.legal if m not in first.accepted)
    rating = tmp_path / "rating.json"
    monkeypatch.setattr("sys.stdin", io.StringIO(f"dance\n{wrong}\n"))
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")  # a terminal in no language of ours: English
    assert main(["puzzles", "--file", str(one), "--rating", str(rating)]) == 0
    said = capsys.readouterr().out
    assert "The puzzle of the day" in said
    assert "That is not one of your moves here" in said and "Not the best" in said
    assert json.loads(rating.read_text())["failed"] == 1
    # refused with one line: a file that is not puzzles, a game without puzzles
    bad = tmp_path / "bad.jsonl"
    bad.write_text("{}\n")
    assert main(["puzzles", "--file", str(bad)]) == 2
    assert main(["puzzles", "--file", str(out), "--game", "seep"]) == 2
    assert main(["puzzles", "make", str(records), "--out", str(out)]) == 2  # exists: needs --force
    err = capsys.readouterr().err
    assert err.count("\n") == 3

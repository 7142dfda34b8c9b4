"""The first lessons: every step's position is reached by the engine, its expected move is legal
and accepted, the moves it offers are judged by the engine (an illegal one refused with the rule
it breaks in plain words, a legal other one explained), and the terminal runs a lesson through."""

from __future__ import annotations

import io

import pytest

from cardtable import learn, registry, secrecy
from cardtable.cli import main

GAMES = ("seep", "smear", "sheepshead")


def test_every_game_has_a_lesson() -> None:
    assert sorted(learn.games()) == sorted(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_every_expected_move_is_legal_and_right(game: str) -> None:
    les = learn.lesson(game)
    assert les.steps and les.bots == "random"
    for i, step in enumerate(les.steps):
        g, state = learn.position(les, i)
        legal = {g.format(a) for a in g.legal_actions(state)}
        for move in step.expect:
            assert g.format(g.parse(move)) in legal, (game, i, move)
            assert learn.check(les, i, move).kind == "right"
        assert step.expect[0] in step.choices


@pytest.mark.parametrize("game", GAMES)
def test_offered_moves_are_judged_by_the_engine(game: str) -> None:
    les = learn.lesson(game)
    kinds = set()
    for i, step in enumerate(les.steps):
        g, state = learn.position(les, i)
        legal = {g.format(a) for a in g.legal_actions(state)}
        for move in step.choices:
            verdict = learn.check(les, i, move)
            kinds.add(verdict.kind)
            if verdict.kind == "illegal":
                # refused by the engine with the rule, said in plain words
                assert verdict.rule and f"(rule {verdict.rule})" in verdict.text
                assert les.words.get(verdict.rule, "") in verdict.text
                assert g.format(g.parse(move)) not in legal
            elif verdict.kind == "other":
                assert "is allowed, but" in verdict.text and step.other in verdict.text
    # each lesson shows a refused move and a legal move that is not the lesson's
    assert {"illegal", "other", "right"} <= kinds


def test_rule_words_by_rule_id() -> None:
    """R24 (Sheepshead): the queen of hearts is a trump, not a heart: must follow hearts."""
    les = learn.lesson("sheepshead")
    follow = next(i for i, s in enumerate(les.steps) if s.title == "Following suit")
    verdict = learn.check(les, follow, "play QH")
    assert verdict.kind == "illegal" and verdict.rule == "R24"
    assert "not a heart" in verdict.text


@pytest.mark.parametrize("game", GAMES)
def test_a_refusal_speaks_to_the_learner_not_of_a_seat(game: str) -> None:
    """The engine's refusal names the seat ("A♠ is not in seat 1's hand", R23; "seat 1 must pick
    or pass", R11); the learner in that seat is told "your hand", "you must"."""
    les = learn.lesson(game)
    told = 0
    for i in range(len(les.steps)):
        seat = learn.learner(les, i)
        for move in ("play AS", "play 7D", "play QC", "pass", "capture 5H", "bid 9"):
            verdict = learn.check(les, i, move)
            if verdict.kind == "illegal":
                told += 1
                assert f"seat {seat}'s" not in verdict.text and f"seat {seat} must" not in verdict.text, verdict.text
    assert told, "no illegal move was tried"


def test_to_you_leaves_other_seats_alone() -> None:
    assert learn.to_you("A♠ is not in seat 1's hand", 1) == "A♠ is not in your hand"
    assert learn.to_you("seat 1 must pick or pass", 1) == "you must pick or pass"
    assert learn.to_you("seat 2 must play; seat 12 may", 1) == "seat 2 must play; seat 12 may"


def test_bad_moves_get_one_line() -> None:
    les = learn.lesson("smear")
    for move in ("", "dance", "play ZZ", "x" * 500):
        verdict = learn.check(les, 0, move)
        assert verdict.kind == "bad" and "\n" not in verdict.text


@pytest.mark.parametrize("game", GAMES)
def test_the_learner_sees_only_their_view(game: str) -> None:
    les = learn.lesson(game)
    for i in range(len(les.steps)):
        g, state = learn.position(les, i)
        seat = g.actor(state)
        shown = learn.lesson_json(les)["steps"][i]
        assert shown["view"] == g.observe(state, seat).to_json()
        assert not secrecy.leaks(g, state, seat, shown["view"])


def test_unknown_game_and_step() -> None:
    with pytest.raises(ValueError, match="no lesson"):
        learn.lesson("chess")
    with pytest.raises(ValueError, match="steps 1 to"):
        learn.position(learn.lesson("seep"), 99)


def test_terminal_lesson_to_the_end(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    les = learn.lesson("smear")
    lines = ["bid 5", "pass", "bid 4", "play A♠", "play JS", "play 9C", "play KD", "play 7S", "n"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C.UTF-8")  # a terminal in no language of ours: English
    assert main(["learn", "smear"]) == 0
    out = capsys.readouterr().out
    assert "Not allowed: bids run from 2 to 4 (rule R12)" in out
    assert "is allowed, but it is not this step's move" in out
    assert "That is the lesson." in out and les.finish in out
    assert "Play your first hand now?" in out


def test_terminal_lesson_unknown_game(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["learn", "chess"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no lesson" in err


def test_lessons_use_registered_games() -> None:
    for game in learn.games():
        assert game in registry.names()

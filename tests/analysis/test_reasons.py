"""The analysis's reasons in the reader's language: each game's ``why`` is a `Phrase` made of
marked messages, whose English is the sentence the analysis has always written (a golden file
written by the sentences' earlier code, before they were made of messages), and whose every
message is in the German and the Hindi catalog, so that said in either it holds no English; the
words kept beside the sentence (``why_words``) say it again, and stored words that are not well
made are refused, never formatted."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardtable import registry
from cardtable.analysis import parts
from cardtable.i18n import Amount, Phrase, phrase, phrase_of, said_words, say, speaking, translations, words_of
from cardtable.secrecy import named_cards
from tests.analysis.reasons import decisions

GAMES = ("seep", "smear", "sheepshead")
GOLDEN = json.loads((Path(__file__).parent / "reasons_golden.json").read_text())


def pieces(text: object) -> list[Phrase]:
    """Every phrase a reason is made of, itself first."""
    out: list[Phrase] = []
    stack = [text]
    while stack:
        item = stack.pop()
        if isinstance(item, Phrase):
            out.append(item)
            stack.extend(item.params.values())
    return out


@pytest.mark.parametrize("name", GAMES)
def test_the_english_sentence_is_the_one_always_written(name: str) -> None:
    game = registry.get_game(name)
    said = [parts.why(game, d.view, d.made, d.best, d.loss, d.played) for d in decisions(game, 40, f"golden {name}")]
    assert said == GOLDEN[name]
    assert all(isinstance(s, Phrase) for s in said)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("lang", ["de", "hi"])
def test_a_reason_is_said_whole_in_german_and_hindi(name: str, lang: str) -> None:
    game = registry.get_game(name)
    catalog: dict[str, str] = getattr(translations(lang), "_catalog")  # noqa: B009 - gettext keeps its messages here
    seen: set[str] = set()
    for d in decisions(game, 150, f"said {name}"):
        english = parts.why(game, d.view, d.made, d.best, d.loss, d.played)
        for piece in pieces(english):
            assert catalog.get(piece.template), f"not in the {lang} catalog: {piece.template!r} (in {english!r})"
            seen.add(piece.template)
        with speaking(lang):
            said = say(english)
            again = said_words(json.loads(json.dumps(words_of(english))), "")
        assert said == again
        assert said != english
        # the cards named, said or kept as words, are the English sentence's: the seat's own to know
        assert named_cards(said) == named_cards(english) == named_cards(words_of(english))
        if lang == "de":
            assert "." not in said.replace("...", ""), said  # its amounts with a decimal comma
    # the moves, the consequences and the sentence's frame all came up
    assert {"{move} cost about {loss} points a hand", "{cost}; {better} was better", "{cost}: {notes}"} <= seen
    assert "after {best} {subject} {share} of the time, after {made} {other}" in seen


def test_the_words_say_the_sentence_again() -> None:
    reason = phrase(
        "{cost}; {better} was better",
        cost=phrase(
            "{move} cost about {loss} points a hand", move=phrase("playing the {card}", card="10♦"), loss=Amount(0.4, 2)
        ),
        better=phrase("leading the {card}", card="A♣"),
    )
    assert reason == "playing the 10♦ cost about 0.40 points a hand; leading the A♣ was better"
    words: Any = json.loads(json.dumps(words_of(reason)))
    assert words["p"]["cost"]["p"]["loss"] == {"n": 0.4, "places": 2}
    assert phrase_of(words) == reason
    with speaking("de"):
        assert (
            said_words(words, reason)
            == "Spielen von 10♦ kostete etwa 0,40 Punkte pro Spiel; Ausspielen von A♣ wäre besser gewesen"
        )
        assert said_words(None, reason) == reason  # kept without words: the English sentence
    with speaking("hi"):
        assert said_words(words, reason).startswith("10♦ चलना — प्रति दौर लगभग 0.40 अंक")
    with speaking("de"):
        assert say(Amount(-1.5, 1)) == "\u22121,5"


@pytest.mark.parametrize(
    "words",
    [
        {"m": "{x.__class__}", "p": {"x": "a"}},
        {"m": "{x[0]}", "p": {"x": "a"}},
        {"m": "{x!r}", "p": {"x": "a"}},
        {"m": "{x:>99999}", "p": {"x": "a"}},
        {"m": "{0}", "p": {"0": "a"}},
        {"m": "{x}", "p": {}},
        {"m": "{x", "p": {"x": "a"}},
        {"m": 3, "p": {}},
        {"m": "x" * 401, "p": {}},
        {"n": "1", "places": 2},
        {"n": 1.0, "places": 9},
        {"n": True, "places": 1},
        {"m": "{x}", "p": {"x": {"bad": 1}}},
        True,
        None,
        1.5,
    ],
)
def test_words_not_well_made_are_refused(words: object) -> None:
    with pytest.raises(ValueError):
        phrase_of(words)
    with speaking("de"):
        assert said_words(words, "the English sentence") == "the English sentence"


def test_words_nested_too_deep_are_refused() -> None:
    words: object = "10♦"
    for _ in range(30):
        words = {"m": "the {card}", "p": {"card": words}}
    with pytest.raises(ValueError):
        phrase_of(words)


def test_a_game_without_words_of_its_own_says_the_plain_sentence_in_any_language() -> None:
    plain = parts.plain_why("play 9C", "play AC", 0.5)
    assert plain == "play 9♣ gave up about 0.50 points a hand against play A♣"
    with speaking("de"):
        assert say(plain) == "play 9♣ verlor gegenüber play A♣ etwa 0,50 Punkte pro Spiel"

"""The translation catalogs (docs/languages.md): every message the code marks is translated in
German and Hindi, each translation keeps its message's ``{names}``, the committed ``.mo`` files
are the ``.po`` files compiled, and a hand told in German or Hindi is told in that language."""

from __future__ import annotations

import dataclasses
import io
import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po

from cardtable import i18n
from cardtable.narrate import narrate_hand_end, narrate_step
from cardtable.registry import get_game

ROOT = Path(__file__).resolve().parents[1]
TRANSLATED = [lang for lang in i18n.LANGUAGES if lang != "en"]


def _marked() -> set[str | tuple[str, str]]:
    """The messages the code marks, found as `pybabel extract` finds them (babel.cfg)."""
    with (ROOT / "babel.cfg").open() as f:
        method_map, options_map = parse_mapping_cfg(f)
    found: set[str | tuple[str, str]] = set()
    for _name, _line, message, _comments, _context in extract_from_dir(str(ROOT), method_map, options_map):
        found.add(message if isinstance(message, str) else (message[0], message[1]))
    return found


def _catalog(lang: str):  # type: ignore[no-untyped-def]
    with (i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "cardtable.po").open("rb") as f:
        return read_po(f, locale=lang)


@pytest.fixture(scope="module")
def marked() -> set[str | tuple[str, str]]:
    return _marked()


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_marked_message_is_translated(lang: str, marked: set[str | tuple[str, str]]) -> None:
    catalog = _catalog(lang)
    missing, untranslated = [], []
    for message in sorted(marked, key=str):
        key = message if isinstance(message, str) else message[0]
        entry = catalog.get(key)
        if entry is None:
            missing.append(message)
            continue
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        if entry.fuzzy or not all(strings):
            untranslated.append(message)
    assert not missing, f"{lang}: not in the catalog (run the commands of docs/languages.md): {missing[:10]}"
    assert not untranslated, f"{lang}: not translated, or fuzzy: {untranslated[:10]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_the_names_of_their_message(lang: str) -> None:
    names = re.compile(r"\{(\w*)\}")
    wrong = []
    for entry in _catalog(lang):
        if not entry.id:
            continue
        ids = entry.id if isinstance(entry.id, tuple) else (entry.id,)
        strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
        wanted = set(names.findall(ids[-1])) | set(names.findall(ids[0]))
        for said in strings:
            if said and not set(names.findall(said)) <= wanted:
                wrong.append((entry.id, said))
    assert not wrong, f"{lang}: a translation names what its message does not: {wrong[:5]}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_committed_mo_is_the_po_compiled(lang: str) -> None:
    made = io.BytesIO()
    write_mo(made, _catalog(lang))
    kept = (i18n.LOCALE_DIR / lang / "LC_MESSAGES" / "cardtable.mo").read_bytes()
    assert kept == made.getvalue(), f"{lang}: cardtable.mo is not cardtable.po compiled (pybabel compile)"


def test_a_message_missing_from_a_catalog_is_found(tmp_path: Path) -> None:
    """The check above can fail: a message marked in new code and in no catalog is reported."""
    (tmp_path / "src" / "cardtable").mkdir(parents=True)
    (tmp_path / "src" / "cardtable" / "new.py").write_text('from cardtable.i18n import _\n_("A brand new sentence.")\n')
    (tmp_path / "babel.cfg").write_text((ROOT / "babel.cfg").read_text())
    with (tmp_path / "babel.cfg").open() as f:
        method_map, options_map = parse_mapping_cfg(f)
    found = {m[2] for m in extract_from_dir(str(tmp_path), method_map, options_map)}
    assert found == {"A brand new sentence."}
    assert _catalog("de").get("A brand new sentence.") is None


def _play_out(name: str, seed: int) -> tuple[Any, list[tuple[Any, Any, Any]]]:
    """A whole hand of ``name`` played by the first legal action, step by step."""
    import random

    from cardtable.core import CHANCE

    game = get_game(name)
    rng = random.Random(seed)
    state = game.start()
    steps = []
    while game.outcome(state) is None:
        actor = game.actor(state)
        if actor == CHANCE:
            state = game.apply(state, game.deal(state, rng))
            continue
        action = rng.choice(game.legal_actions(state))
        after = game.apply(state, action)
        steps.append((state, action, after))
        state = after
    return game, steps


@pytest.mark.parametrize(
    ("name", "lang", "words"),
    [
        ("smear", "de", r"Stich|Trumpf"),
        ("smear", "hi", r"हाथ|तुरुप"),
        ("seep", "de", r"Haus|nimmt|Tisch"),
        ("seep", "hi", r"घर|उठाते|बोली"),
        ("sheepshead", "de", r"Stich|Spieler|Leaster"),
        ("sheepshead", "hi", r"हाथ|पिकर|लीस्टर"),
    ],
)
def test_a_hand_is_told_in_the_language_spoken(name: str, lang: str, words: str) -> None:
    game, steps = _play_out(name, 7)
    told: list[str] = []
    with i18n.speaking(lang):
        for before, action, after in steps:
            told += narrate_step(game, before, action, after, 0)
        told += narrate_hand_end(game, steps[-1][2], 0)
    english = [line for line in told if re.search(r"\b(you|your|takes|plays|the|with)\b", line)]
    assert not english, f"{name} in {lang}: English words left: {english[:3]}"
    assert re.search(words, " ".join(told)), told[:5]
    # and outside `speaking`, English as before
    plain = narrate_step(game, *steps[0], 0)
    assert re.match(r"(You|Seat \d) (bid|bids|pass|passes|pick|picks)\b", plain[0]), plain


@pytest.mark.parametrize(
    ("name", "words"), [("smear", r"bedienen|Trumpf|Hand"), ("sheepshead", r"bedienen|Hand|spielen")]
)
def test_a_refused_card_is_refused_in_the_language_spoken(name: str, words: str) -> None:
    """R24 (both games): a card that does not follow is refused with a reason that `say` turns
    into German, while the error's own text stays English."""
    from cardtable.core import IllegalAction

    game, steps = _play_out(name, 11)
    for before, _action, _after in steps:
        actor = game.actor(before)
        view = game.observe(before, actor).to_json()
        legal = {game.format(a) for a in game.legal_actions(before)}
        wrong = [f"play {c}" for c in view.get("hand") or [] if f"play {c}" not in legal]
        if not wrong or not any(a.startswith("play ") for a in legal):
            continue
        with pytest.raises(IllegalAction) as refused:
            game.apply(before, game.parse(wrong[0]))
        reason = refused.value.reason
        with i18n.speaking("de"):
            said = i18n.say(reason)
        assert said != str(reason) and re.search(words, said), (str(reason), said)
        assert re.search(r"\b(must|follow|not in)\b", str(refused.value)), str(refused.value)
        return
    pytest.fail("no card to refuse in the hand played")


def _refusals(name: str, seed: int, tries: Any) -> dict[str, Any]:
    """The reasons of the moves ``tries(view)`` names that the rules refuse, over a hand of
    ``name`` played by random legal moves: one of each kind, by its rule."""
    from cardtable.core import BadNotation, IllegalAction

    game, steps = _play_out(name, seed)
    reasons: dict[str, Any] = {}
    for before, _action, _after in steps:
        view = game.observe(before, game.actor(before)).to_json()
        legal = {game.format(a) for a in game.legal_actions(before)}
        for text in tries(view):
            if text in legal:
                continue
            try:
                action = game.parse(text)
            except BadNotation:
                continue
            with pytest.raises(IllegalAction) as refused:
                game.apply(before, action)
            reason = refused.value.reason
            reasons.setdefault(f"{getattr(reason, 'template', reason)} {refused.value.rule}", reason)
    return reasons


def _seep_tries(view: dict[str, Any]) -> list[str]:
    hand = view.get("hand") or []
    return [f"bid {v}" for v in range(8, 14)] + [f"throw {c}" for c in hand] + [f"break H9 {c}" for c in hand[:2]]


def _sheepshead_tries(view: dict[str, Any]) -> list[str]:
    hand = view.get("hand") or []
    outside = [c for c in ("7D", "8D", "9D", "KH", "AS", "10S") if c not in hand]
    return [
        "blitz",
        "crack",
        "recrack",
        "call AC",
        "call KC",
        "call 10S",
        "call AS unknown " + (hand[0] if hand else "7D"),
        f"bury {outside[0]} {outside[1]}",
    ]


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize(
    ("name", "tries", "rules"),
    [("seep", _seep_tries, {"R8", "R10", "M1"}), ("sheepshead", _sheepshead_tries, {"R14", "R18", "R45"})],
)
def test_refusals_outside_the_play_of_a_card_are_said_in_the_language_spoken(
    name: str, tries: Any, rules: set[str], lang: str
) -> None:
    """Seep's refusals (the bid, the opening, throws, houses) and Sheepshead's before the play
    (pick, bury, call, crack) are said in German and Hindi, their English text unchanged."""
    english = re.compile(r"\b(the|must|may|not|seat|card|cards|house|picker|is|of|value|bid|hand)\b")
    reasons: dict[str, Any] = {}
    for seed in (7, 8, 9):
        reasons |= _refusals(name, seed, tries)
    assert rules <= {key.split()[-1] for key in reasons}, sorted(reasons)
    for key, reason in reasons.items():
        with i18n.speaking(lang):
            said = i18n.say(reason)
        assert english.search(str(reason)), (key, str(reason))
        assert not english.search(said), (key, str(reason), said)


def _server_words() -> list[str]:
    """The words of the server's data the pages show: each of the three games' house rules (their
    names, named choices and meanings), its presets' names, and the talk's quick phrases."""
    import dataclasses

    from cardtable import registry
    from cardtable.web.tables.talk import PHRASES

    words: list[str] = list(PHRASES)
    for name in registry.names():
        if not registry.game_class(name).__module__.startswith("cardtable."):
            continue  # a game registered by the tests (the toy game) speaks English only
        for f in dataclasses.fields(type(registry.get_game(name).rules)):
            words += [f.metadata["doc"], f.name.replace("_", " ")]
            words += [c.replace("_", " ") for c in f.metadata.get("choices") or () if isinstance(c, str)]
        words += [p.replace("_", " ") for p in registry.presets(name)]
    return words


@pytest.mark.parametrize("lang", TRANSLATED)
def test_house_rules_presets_and_quick_phrases_are_translated(lang: str, marked: set[str | tuple[str, str]]) -> None:
    """The pages say the server's data in the reader's language from these messages
    (``t(o.doc)``, ``t("kitty size")``, ``t("Good luck!")``): each is marked, so that it stays
    in the catalogs, and translated."""
    pytest.importorskip("fastapi")
    catalog = _catalog(lang)
    words = _server_words()
    assert "Good luck!" in words and "kitty size" in words and "bid out" in words
    unmarked = [w for w in words if w not in marked]
    assert not unmarked, f"not marked in the code: {unmarked[:10]}"
    untranslated = [w for w in words if catalog.get(w) is None or not catalog.get(w).string]
    assert not untranslated, f"{lang}: not translated: {untranslated[:10]}"


#: English a lesson's words or a verdict would keep if a message were left untranslated (the moves
#: themselves stay in the record's notation: ``play K♦``, ``bid 13``).
LESSON_ENGLISH = re.compile(r"\b(Not allowed|rule|allowed|step|lesson|the|you|your|must|with|and|is|Type a move)\b")


@pytest.mark.parametrize("lang", TRANSLATED)
@pytest.mark.parametrize("name", ["smear", "seep", "sheepshead"])
def test_a_lesson_is_taught_in_the_language_spoken(name: str, lang: str) -> None:
    """Each game's first lesson, written once in English, said in German and Hindi: its title,
    introduction, steps and end, and every verdict on the moves each step offers (an illegal
    one with the engine's reason and the rule in plain words); English outside `speaking`."""
    from cardtable import learn

    les = learn.lesson(name)
    english = learn.lesson_json(les)
    with i18n.speaking(lang):
        said = learn.lesson_json(les)
        verdicts = [learn.check(les, i, move) for i, step in enumerate(les.steps) for move in step.choices]
        typed = [learn.check(les, 0, "  "), learn.check(les, 0, "jump 9X")]
    words = [said["title"], said["intro"], said["finish"]] + [s[k] for s in said["steps"] for k in ("title", "text")]
    texts = words + [v.text for v in verdicts + typed]
    left = [t for t in texts if LESSON_ENGLISH.search(t)]
    assert not left, f"{name} in {lang}: English left: {left[:3]}"
    assert said["title"] != english["title"] and said["steps"][0]["text"] != english["steps"][0]["text"]
    assert [s["choices"] for s in said["steps"]] == [s["choices"] for s in english["steps"]]
    illegal = [v for v in verdicts if v.kind == "illegal"]
    assert illegal and all(("Regel" if lang == "de" else "नियम") + f" {v.rule}" in v.text for v in illegal)
    assert {v.kind for v in typed} == {"bad"}
    assert english["title"].endswith(": your first lesson")


def test_a_terminal_lesson_in_the_language_asked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``cardtable learn smear --lang de``, and the terminal's own locale without ``--lang``."""
    from cardtable.cli import main

    lines = ["bid 5", "pass", "bid 4", "q"]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(lines) + "\n"))
    assert main(["learn", "smear", "--lang", "de"]) == 0
    out = capsys.readouterr().out
    assert "Smear: deine erste Lektion" in out and "Schritt 1 von 5: Das Gebot" in out
    assert "Nicht erlaubt: Gebote gehen von 2 bis 4 (Regel R12). Ein Gebot ist" in out
    assert "pass ist erlaubt, aber nicht der Zug dieses Schritts." in out
    assert "Deine Hand (Platz 1):" in out and "dein Zug> " in out
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "hi_IN.UTF-8")
    monkeypatch.setattr("sys.stdin", io.StringIO("bid 5\nq\n"))
    assert main(["learn", "smear"]) == 0
    out = capsys.readouterr().out
    assert "स्मियर: आपका पहला पाठ" in out and "अनुमति नहीं: बोली 2 से 4 तक होती है (नियम R12)" in out
    assert main(["learn", "smear", "--lang", "fr"]) == 2
    assert "--lang" in capsys.readouterr().err


def test_the_language_of_a_terminal() -> None:
    assert i18n.language_of_environment({"LANG": "de_DE.UTF-8"}) == "de"
    assert i18n.language_of_environment({"LANGUAGE": "hi:en", "LANG": "de_DE.UTF-8"}) == "hi"
    assert i18n.language_of_environment({"LC_ALL": "C", "LANG": "de_DE.UTF-8"}) == "en"
    assert i18n.language_of_environment({"LANG": "fr_FR.UTF-8"}) == "en"
    assert i18n.language_of_environment({}) == "en"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_a_puzzle_is_asked_and_judged_in_the_language_spoken(lang: str) -> None:
    """The puzzles that come with cardtable in German and Hindi: the prompt, the verdicts with
    their reasons (each puzzle keeps its reason's words) and every theme a game's analysis can
    give (its ``THEMES`` and `puzzles.MOVE_THEMES`); a puzzle kept with the analysis's English
    sentence only says it in English only."""
    from cardtable import puzzles
    from cardtable.analysis import parts

    found = puzzles.shipped()
    assert {p.game for p in found} == {"smear", "seep", "sheepshead"}
    themes = {name for _v, name in puzzles.MOVE_THEMES} | {"the best move"}
    for name in ("smear", "seep", "sheepshead"):
        themes |= {name for _v, name in parts.part(get_game(name)).THEMES}
    catalog = _catalog(lang)
    untranslated = sorted(t for t in themes if catalog.get(t) is None or not catalog.get(t).string)
    assert not untranslated, untranslated
    said: list[str] = []
    with i18n.speaking(lang):
        for p in found:
            wrong = next(m for m in p.legal if m not in p.accepted)
            answers = [puzzles.judge(p, p.best), puzzles.judge(p, wrong), puzzles.judge(p, "jump")]
            assert [a.kind for a in answers] == ["right", "wrong", "bad"]
            said += [p.question_json()["prompt"], *(a.text for a in answers)]
    left = [t for t in said if LESSON_ENGLISH.search(t) or re.search(r"\b(Right|Theme|seat|cost|better)\b", t)]
    assert not left, f"{lang}: English left: {left[:3]}"
    assert all(p.why_words is not None for p in found)
    with i18n.speaking(lang):
        reason = found[0].reason()
        assert reason and reason != found[0].why and reason in puzzles.judge(found[0], found[0].best).text
        old = dataclasses.replace(found[0], why_words=None)  # kept before reasons had words
        assert old.reason() is None and found[0].why not in puzzles.judge(old, old.best).text
    english = puzzles.judge(found[0], found[0].best).text
    assert english.startswith("Right. In the hand it comes from, ") and found[0].why in english


def test_puzzles_at_the_terminal_in_the_language_asked(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``cardtable puzzles --game seep --lang hi``: the title, the prompt, the moves' line, the
    verdict with its theme and the rating, in Hindi."""
    import time

    from cardtable import puzzles
    from cardtable.cli import main

    seep = [p for p in puzzles.shipped() if p.game == "seep"]
    first = puzzles.of_the_day(seep, int(time.time() // 86400)) or seep[0]  # asked first, as today's
    wrong = next(m for m in first.legal if m not in first.accepted)
    monkeypatch.setattr("sys.stdin", io.StringIO(f"dance\n{wrong}\nq\n"))
    assert main(["puzzles", "--game", "seep", "--lang", "hi"]) == 0
    out = capsys.readouterr().out
    assert "रेटिंग" in out and "आप सीट" in out and "आपकी चालें: " in out
    assert "यह यहाँ आपकी चाल नहीं है" in out and "सबसे अच्छी चाल नहीं। जिस दौर से यह ली गई है, उसमें " in out
    assert "अंक का नुकसान" in out and "विषय: " in out  # the reason in Hindi too
    assert "आपकी पहेली रेटिंग: " in out
    left = [line for line in out.splitlines() if re.search(r"\b(Your|rated|Theme|Right|Not the best|the)\b", line)]
    assert not left, left[:3]


def test_the_lessons_and_puzzles_commands_refuse_in_the_terminals_language(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Under ``LANG=de_DE.UTF-8``: the list of lessons, and the refusal of a game without one or
    without puzzles, in German; in English without a locale."""
    from cardtable.cli import main

    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert main(["learn"]) == 0
    assert capsys.readouterr().out.startswith("Lektionen: ")
    assert main(["learn", "chess"]) == 2
    assert capsys.readouterr().err.startswith("cardtable learn: keine Lektion für 'chess': Lektionen gibt es für ")
    assert main(["puzzles", "--game", "chess"]) == 2
    assert capsys.readouterr().err.startswith("cardtable puzzles: kein Spiel 'chess': erwartet eines von ")
    monkeypatch.delenv("LANG")
    assert main(["learn", "chess"]) == 2
    assert capsys.readouterr().err.startswith("cardtable learn: no lesson for 'chess': lessons are for ")

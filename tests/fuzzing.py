"""Mutated records and the oracle that judges what cardtable does with them.

A mutant is a valid record of one of the games with one to three faults put in: a value of the
wrong type, a key taken out or added, a bad card or seat, a huge or non-ASCII number, deep
nesting, a broken position or match state. Some mutations keep the meaning (a card in lower case,
``T`` for ``10``, the items of a Seep capture in another order). For every mutant the command must
either refuse it (exit status 1 or 2, one short line) or accept it (status 0) and then the record
it read, written out again, must be the mutant up to the contract's allowed normalisations: see
`equivalent`. Anything else is a failure: an internal error (status 3), a refusal of more than
one line or of an unbounded length, or a *wrong acceptance*.

The mutations take their choices from a `Chooser`: a seeded `random.Random` for the long run in
``bench/fuzz_records.py``, Hypothesis's data for the test run (so a failure shrinks).
"""

from __future__ import annotations

import contextlib
import copy
import dataclasses
import io
import json
import random
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from cardtable import cli, registry
from cardtable.cards import parse_card
from cardtable.core import rules_json
from cardtable.record import HandLog, Record, load_game, replay

ROOT = Path(__file__).resolve().parent
#: The longest a refusal may be (one line, cut with an ellipsis): longer is an unbounded echo of the input.
MAX_REFUSAL = 300
#: The nesting of a "deep" mutant: far past the reader's bound and Python's recursion limit.
DEEP = 5000


class Chooser(Protocol):
    def choice(self, options: Sequence[Any]) -> Any: ...

    def integer(self, lo: int, hi: int) -> int: ...


class RandomChooser:
    """Choices from a seeded `random.Random`."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choice(self, options: Sequence[Any]) -> Any:
        return options[self.rng.randrange(len(options))]

    def integer(self, lo: int, hi: int) -> int:
        return self.rng.randint(lo, hi)


# ------------------------------------------------------------------ seeds


def _played(game_name: str, seed: int, rules: dict[str, Any], hands: int, stop: int | None) -> dict[str, Any]:
    game = registry.get_game(game_name, **rules)
    rng = random.Random(seed)
    log = HandLog(game, dealer=seed % game.seats, players=[f"P{i}" for i in range(game.seats)])
    for n in range(hands):
        state = log.deal(rng)
        count = 0
        while game.actor(state) is not None:
            if stop is not None and n == hands - 1 and count == stop:
                break
            state = log.act(rng.choice(list(game.legal_actions(state))))
            count += 1
        if n + 1 < hands and log.next_hand() is None:
            break
    return log.record()


def _position_record(record: dict[str, Any]) -> dict[str, Any] | None:
    """The same unfinished hand started from its position, when the game gives one."""
    from cardtable.record import report

    rec = Record.from_json(record)
    rep = report(rec)
    if rep["position"] is None:
        return None
    out = {k: v for k, v in record.items() if k != "hands"}
    out["match"] = rep["match"] if len(record["hands"]) > 1 else record.get("match", rep["match"])
    out["hands"] = [{"position": rep["position"], "actions": []}]
    return out


_RULES = {
    "seep": [{}, {"sweep_cap": 2}, {"throw_policy": "free"}],
    "smear": [{}, {"kitty_size": 2}],
    "sheepshead": [
        {},
        {"blitzing": True, "cracking": True},
        {"no_pick_rule": "doubler", "doubler_stacking": "compound"},
        {"partner_mode": "jack_of_diamonds"},
    ],
}


def seeds() -> list[dict[str, Any]]:
    """Valid records of every game: the project's test records that replay, and played ones
    (finished and unfinished, from a deal and from a position) under several rule sets."""
    from cardtable.record import replay_record

    out: list[dict[str, Any]] = []
    for path in sorted(ROOT.glob("*/records/*.json")):
        obj = json.loads(path.read_text(encoding="utf-8"))
        if replay_record(obj)[0] == 0:
            out.append(obj)
    for game_name, rule_sets in _RULES.items():
        for r, rules in enumerate(rule_sets):
            for seed in range(3):
                valid = {k: v for k, v in rules.items() if _option_exists(game_name, k)}
                out.append(_played(game_name, seed * 7 + r, valid, 2, None))
                unfinished = _played(game_name, seed * 7 + r + 1, valid, 1, 9 + seed * 6)
                out.append(unfinished)
                pos = _position_record(unfinished)
                if pos is not None:
                    out.append(pos)
    return out


def _option_exists(game_name: str, name: str) -> bool:
    return name in {f.name for f in dataclasses.fields(registry.get_game(game_name).rules)}


# ------------------------------------------------------------------ mutations

_CARD = re.compile(r"^(10|[2-9TAJQK])([CDHS])$", re.IGNORECASE)
_ODD_NUMBERS = ["¹", "²", "١", "٣", "０", "1_0", " 1", "01", "00", "+1", "-0", "1e3", "9" * 5000, "٢٣", "1.0"]
_ODD_VALUES: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    1.5,
    1e308,
    "",
    "x",
    "١",
    [],
    {},
    10**30,
    -(10**30),
    "Q" * 5000,
    [[[[["QC"]]]]],
    {"a": {"b": {"c": []}}},
]
_ODD_KEYS = ["preset", "name", "self", "options", "__class__", "x", "Dealer", "deal ", "hands", "ok", "\u2028"]
_ODD_CARDS = [" QC", "QC ", "Q C", "QC\n", "1OD", "11C", "QX", "ＱC", "Q♣", "10", "D10", "qc qc", "", "AAS", "JK"]


@dataclass
class Mutant:
    """A record's text, the game it came from, and what was done to it."""

    text: str
    ops: list[str]


def _paths(obj: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    out = [path]
    if isinstance(obj, dict):
        for k, v in obj.items():
            out += _paths(v, (*path, k))
    elif isinstance(obj, list):
        for i, v in enumerate(obj):
            out += _paths(v, (*path, i))
    return out


def _get(obj: Any, path: tuple[Any, ...]) -> Any:
    for p in path:
        obj = obj[p]
    return obj


def _set(obj: Any, path: tuple[Any, ...], value: Any) -> Any:
    if not path:
        return value
    _get(obj, path[:-1])[path[-1]] = value
    return obj


def _strings(obj: Any, pred: Callable[[str], bool]) -> list[tuple[Any, ...]]:
    return [p for p in _paths(obj) if p and isinstance(_get(obj, p), str) and pred(_get(obj, p))]


def _mutate_action(text: str, ch: Chooser) -> tuple[str, str]:
    words = text.split(" ")
    kind = ch.choice(["seat", "case", "space", "tab", "junk", "drop", "card", "number", "items", "tenT", "empty"])
    if kind == "seat":
        words[0] = ch.choice([*_ODD_NUMBERS, "5", "4", "3", "-1", "x"])
    elif kind == "case":
        return text.upper() if ch.integer(0, 1) else text.swapcase(), "action case"
    elif kind == "space":
        i = ch.integer(0, len(text))
        return text[:i] + " " + text[i:], "action extra space"
    elif kind == "tab":
        return text.replace(" ", "\t", 1), "action tab"
    elif kind == "junk":
        words.append(ch.choice(["x", "QC", "2", "H9", "+", "unknown"]))
    elif kind == "drop" and len(words) > 2:
        del words[ch.integer(1, len(words) - 1)]
    elif kind == "card":
        spots = [i for i, w in enumerate(words) if _CARD.match(w)]
        if spots:
            i = ch.choice(spots)
            words[i] = ch.choice([*_ODD_CARDS, "AS", "10H", "KD", "7C", "2S", "9D"])
    elif kind == "number":
        spots = [i for i, w in enumerate(words[1:], 1) if re.fullmatch(r"H?\d+", w)]
        if spots:
            i = ch.choice(spots)
            prefix = "H" if words[i].startswith("H") else ""
            words[i] = prefix + ch.choice([*_ODD_NUMBERS, "9", "13", "14", "0", "1" * 30])
    elif kind == "items" and len(words) > 3:
        rest = words[3:]
        k = ch.integer(0, len(rest) - 1)
        rest = rest[k:] + rest[:k]
        words = words[:3] + rest
    elif kind == "tenT":
        return text.replace("10", "T"), "action T for 10"
    elif kind == "empty":
        return ch.choice(["", " ", words[0], words[0] + " "]), "action emptied"
    return " ".join(words), f"action {kind}"


def mutate(record: dict[str, Any], ch: Chooser) -> Mutant:
    """One to three faults (or normalisations) put into a copy of a valid record, as JSON text."""
    obj = copy.deepcopy(record)
    ops: list[str] = []
    deep_at: tuple[Any, ...] | None = None
    raw: str | None = None
    for _ in range(ch.integer(1, 3)):
        kind = ch.choice(
            ["type", "drop", "add", "card", "action", "action", "number", "deep", "position", "match", "text"]
        )
        paths = _paths(obj)
        if kind == "type":
            p = ch.choice(paths)
            obj = _set(obj, p, copy.deepcopy(ch.choice(_ODD_VALUES)))
            ops.append(f"type {p}")
        elif kind == "drop":
            dicts = [p for p in paths if isinstance(_get(obj, p), dict) and _get(obj, p)]
            lists = [p for p in paths if isinstance(_get(obj, p), list) and _get(obj, p)]
            if dicts and (not lists or ch.integer(0, 1)):
                p = ch.choice(dicts)
                key = ch.choice(sorted(_get(obj, p)))
                del _get(obj, p)[key]
                ops.append(f"drop {(*p, key)}")
            elif lists:
                p = ch.choice(lists)
                del _get(obj, p)[ch.integer(0, len(_get(obj, p)) - 1)]
                ops.append(f"drop item of {p}")
        elif kind == "add":
            dicts = [p for p in paths if isinstance(_get(obj, p), dict)]
            lists = [p for p in paths if isinstance(_get(obj, p), list)]
            if dicts and (not lists or ch.integer(0, 1)):
                p = ch.choice(dicts)
                key = ch.choice(_ODD_KEYS)
                _get(obj, p)[key] = copy.deepcopy(ch.choice([*_ODD_VALUES, "seep", "smear", "QC", 2]))
                ops.append(f"add {(*p, key)}")
            elif lists:
                p = ch.choice(lists)
                target = _get(obj, p)
                value = copy.deepcopy(ch.choice([*_ODD_VALUES, *(target[:1] or ["QC"])]))
                target.insert(ch.integer(0, len(target)), value)
                ops.append(f"add item to {p}")
        elif kind == "card":
            spots = _strings(obj, lambda s: bool(_CARD.match(s)))
            if spots:
                p = ch.choice(spots)
                card = _get(obj, p)
                new = ch.choice([*_ODD_CARDS, card.lower(), card.replace("10", "T"), "AS", "10H", "7C", "KD"])
                obj = _set(obj, p, new)
                ops.append(f"card {p} {card!r}->{new!r}")
        elif kind == "action":
            spots = [p for p in _paths(obj) if len(p) >= 2 and p[-2] == "actions" and isinstance(_get(obj, p), str)]
            if spots:
                p = ch.choice(spots)
                new, what = _mutate_action(_get(obj, p), ch)
                obj = _set(obj, p, new)
                ops.append(f"{what} {p}")
        elif kind == "number":
            spots = [p for p in paths if p and isinstance(_get(obj, p), int) and not isinstance(_get(obj, p), bool)]
            if spots:
                p = ch.choice(spots)
                value = ch.choice(
                    [10**9, -(10**9), 10**18, 10**30, 10**30 + 1, -1, 5, 48, 49, 64, 65, 14300, 10**400, True, "0", 0.0]
                )
                obj = _set(obj, p, value)
                ops.append(f"number {p}={str(value)[:20]}")
        elif kind == "deep":
            deep_at = ch.choice(paths)
            ops.append(f"deep {deep_at}")
        elif kind == "position":
            hands = obj.get("hands") if isinstance(obj, dict) else None
            if isinstance(hands, list) and hands and isinstance(hands[0], dict) and "position" in hands[0]:
                pos = hands[0]["position"]
                if isinstance(pos, dict):
                    key = ch.choice(
                        ["sweeps", "blitz", "cracks", "cracker", "call", "plays", "last_capture", "picker", "auction"]
                    )
                    value = ch.choice(
                        [
                            [10**9, 0],
                            [-50, 0],
                            [25, 0],
                            [["black"]],
                            ["black"],
                            ["red", "red"],
                            1,
                            2,
                            0,
                            None,
                            "alone",
                            "AH",
                            0,
                            4,
                            48,
                            ["bid 2", "pass"],
                            ["bid ²"],
                        ]
                    )
                    pos[key] = copy.deepcopy(value)
                    ops.append(f"position.{key}={value!r}"[:60])
        elif kind == "match":
            if isinstance(obj, dict):
                m = obj.setdefault("match", {})
                if isinstance(m, dict):
                    key = ch.choice(["pending_doublers", "scores", "difference", "baazis", "target", "x"])
                    value = ch.choice([10**9, 14300, 64, 65, 2, -1, [0, 0], [0] * 5, [10**20, 0], [-1, 0], "1"])
                    m[key] = copy.deepcopy(value)
                    ops.append(f"match.{key}={str(value)[:20]}")
        elif kind == "text":
            raw = ch.choice(["bom", "u2028", "nan", "dupkey", "bigint", "trailing", "truncate"])
            ops.append(f"text {raw}")
    text = json.dumps(obj, ensure_ascii=False)
    if deep_at is not None:
        marker = "\u0000DEEP\u0000"
        with contextlib.suppress(Exception):
            text = json.dumps(_set(copy.deepcopy(obj), deep_at, marker), ensure_ascii=False)
            text = text.replace(json.dumps(marker), "[" * DEEP + "]" * DEEP, 1)
    if raw == "bom":
        text = "\ufeff" + text
    elif raw == "u2028":
        text = text.replace('"P0"', '"P\u2028\u0085"', 1)
    elif raw == "nan":
        text = text.replace("0", "NaN", 1)
    elif raw == "dupkey":
        text = text.replace('"hands":', '"game": "seep", "hands":', 1)
    elif raw == "bigint":
        text = text.replace(": 0", ": " + "1" * 5000, 1)
    elif raw == "trailing":
        text = text + " x"
    elif raw == "truncate":
        text = text[: len(text) // 2]
    return Mutant(text, ops)


# ------------------------------------------------------------------ the oracle


def card_text(text: Any) -> str | None:
    """A card written as the contract allows, in canonical form (an independent reader)."""
    if not isinstance(text, str):
        return None
    m = _CARD.match(text)
    if m is None:
        return None
    rank = m.group(1).upper()
    return ("10" if rank == "T" else rank) + m.group(2).upper()


def _norm_group(group: str, keep_first: bool) -> str | None:
    cards = [card_text(c) for c in group.split("+")]
    if any(c is None for c in cards):
        return None
    head, rest = (cards[:1], cards[1:]) if keep_first else ([], cards)
    return "+".join([*head, *sorted(rest)])  # type: ignore[list-item]


def action_text(game: str, text: str) -> str | None:
    """An action string up to the allowed normalisations: case, ``T`` for ``10``, the order of
    a Seep capture's, build's or cement's items. ``None`` if it is not written as the contract
    says (one space between words)."""
    words = text.split(" ")
    if len(words) < 2 or not all(words):
        return None
    seat, verb, args = words[0], words[1].lower(), words[2:]
    out = [seat, verb]
    if game == "seep" and verb in ("capture", "build", "cement", "break"):
        if not args:
            return None
        head_at = 0 if verb == "capture" else 1
        fixed = [a.upper() if a[:1] in "hH" else a for a in args[:head_at]]
        head = _norm_group(args[head_at], keep_first=True) if len(args) > head_at else None
        items = []
        for a in args[head_at + 1 :]:
            items.append(a.upper() if re.fullmatch(r"[hH]\d+", a) else _norm_group(a, keep_first=False))
        if head is None or any(i is None for i in items):
            return None
        return " ".join([*out, *fixed, head, *sorted(items)])  # type: ignore[list-item]
    rest = []
    for a in args:
        c = card_text(a)
        rest.append(c if c is not None else a.lower())
    if verb in ("discard", "bury"):  # a set of cards, in any order
        rest.sort()
    return " ".join(out + rest)


def _norm(value: Any) -> Any:
    """A position value up to the allowed normalisations: cards canonical, lists of cards and of
    houses in any order, empty optional fields dropped."""
    if isinstance(value, str):
        c = card_text(value)
        return c if c is not None else value
    if isinstance(value, list):
        items = [_norm(v) for v in value]
        if all(isinstance(i, str) for i in items) or all(isinstance(i, dict) and "value" in i for i in items):
            return sorted(items, key=lambda i: json.dumps(i, sort_keys=True))
        if all(isinstance(i, int) and not isinstance(i, bool) for i in items):
            return items
        return items
    if isinstance(value, dict):
        out = {k: _norm(v) for k, v in value.items()}
        if "owners" in out and isinstance(out["owners"], list):
            out["owners"] = sorted(out["owners"], key=str)
        if "sets" in out and isinstance(out["sets"], list):
            out["sets"] = sorted(out["sets"], key=lambda i: json.dumps(i))
        return out
    return value


_POSITION_DEFAULTS = {
    "sheepshead": {"call": None, "unknown": None, "blitz": [], "cracks": 0, "cracker": None, "bury": [], "blind": []},
    "smear": {"auction": [], "kitty": [], "discard": [], "tricks": []},
    "seep": {},
}
_MATCH_DEFAULTS = {
    "seep": {"difference": 0, "baazis": [0, 0]},
    "sheepshead": {"scores": [0] * 5, "pending_doublers": 0},
    "smear": {"scores": [0, 0]},
}
_EXPLICIT = {
    "seep": ({"hands", "floor"}, 12, {"floor": 4}),
    "smear": ({"hands", "stock"}, 6, {"stock": 8}),
    "sheepshead": ({"hands", "blind"}, 6, {"blind": 2}),
}


def _same(a: Any, b: Any) -> bool:
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _mask(cards: list[Any]) -> int | None:
    m = 0
    for c in cards:
        t = card_text(c)
        if t is None:
            return None
        m |= 1 << parse_card(t)
    return m


def equivalent(obj: Any) -> str | None:
    """For a record the command accepted: ``None`` when writing out again what was read gives
    the record back up to the allowed normalisations, else what differs (a wrong acceptance)."""
    if not isinstance(obj, dict):
        return "accepted something that is not an object"
    record = Record.from_json(obj)
    game = load_game(record)
    name = game.name
    if obj.get("game") != name:
        return "game name"
    rules = obj.get("rules", {})
    written = {k: v for k, v in rules.items() if not _same(v, getattr(type(game.rules)(), k, object()))}
    if not _same(written, rules_json(game.rules)):
        return f"rules {rules!r} read as {rules_json(game.rules)!r}"
    if "players" in obj and (not isinstance(obj["players"], list) or len(obj["players"]) != game.seats):
        return "players"
    steps = list(replay(record, game))
    by_hand: dict[int, list[Any]] = {}
    for step in steps:
        by_hand.setdefault(step.hand, []).append(step.state)
    first = by_hand[0][0]
    if "match" in obj:
        start = game.start(game.dealer(first), obj["match"]) if "deal" in obj["hands"][0] else first
        got = game.match_json(start) if game.outcome(start) is None else None
        if got is not None:
            want = dict(_MATCH_DEFAULTS[name]) | obj["match"]
            if not _same(want, got):
                return f"match {obj['match']!r} read as {got!r}"
    for h, hand in enumerate(obj["hands"]):
        states = by_hand[h]
        if "dealer" in hand and hand["dealer"] != game.dealer(states[0]):
            return f"hand {h}: dealer"
        if len(hand["actions"]) != len(states) - 1:
            return f"hand {h}: actions"
        if "deal" in hand:
            fault = _deal_fault(game, hand["deal"], states[0])
            if fault:
                return f"hand {h}: {fault}"
        else:
            got = game.position_json(states[0])
            if got is not None:
                want = dict(_POSITION_DEFAULTS[name]) | hand["position"]
                full = dict(_POSITION_DEFAULTS[name]) | got
                if not _same(_norm(want), _norm(full)):
                    return f"hand {h}: position read differently"
        for a, text in enumerate(hand["actions"]):
            canonical = _format_from(game, text)
            mine = action_text(name, text)
            if mine is None or mine != action_text(name, canonical):
                return f"hand {h} action {a}: {text[:60]!r} read as {canonical!r}"
    return None


def _format_from(game: Any, text: str) -> str:
    """The canonical text of the action the replay read from ``text`` (seat and all)."""
    seat, _, rest = text.partition(" ")
    return f"{seat} {game.format(game.parse(rest))}"


def _deal_fault(game: Any, deal: Any, state: Any) -> str | None:
    if not isinstance(deal, dict):
        return "deal is not an object"
    places = game.card_places(state)
    if set(deal) == {"deck"}:
        cards = [card_text(c) for c in deal["deck"]]
        if any(c is None for c in cards) or len(set(cards)) != len(cards):
            return "deck cards"
        # The deck as dealt: every card in the place the game's procedure puts it, checked by
        # dealing the canonical deck again.
        again = game.apply(
            game.start(game.dealer(state), None), game.deal_from_json({"deck": cards}, game.dealer(state))
        )
        if game.card_places(again) != places:
            return "deck read differently"
        return None
    keys, size, extra = _EXPLICIT[game.name]
    if set(deal) != keys:
        return f"deal fields {sorted(deal)}"
    hands = deal["hands"]
    if not isinstance(hands, list) or len(hands) != game.seats:
        return "deal.hands"
    for key, n in extra.items():
        if not isinstance(deal[key], list) or len(deal[key]) != n or _mask(deal[key]) is None:
            return f"deal.{key}"
    for i, cards in enumerate(hands):
        if not isinstance(cards, list) or len(cards) != size or _mask(cards) is None:
            return f"deal.hands[{i}]"
    if game.name == "seep":
        bidder = (game.dealer(state) + 1) % 4
        if _mask(hands[bidder][:4]) != places[f"hand {bidder}"] or _mask(deal["floor"]) != places["floor"]:
            return "seep deal read differently"
        return None
    if any(_mask(hands[i]) != places[f"hand {i}"] for i in range(game.seats)):
        return "deal hands read differently"
    for key in extra:
        if _mask(deal[key]) != places[key]:
            return f"deal.{key} read differently"
    return None


# ------------------------------------------------------------------ one case


@dataclass
class Outcome:
    """What the command did with one mutant, and whether that is right."""

    status: int
    verdict: str  # "refused", "replayed", or a failure: "internal error", "long refusal", "wrong acceptance"
    detail: str = ""


FAILURES = ("internal error", "long refusal", "wrong acceptance", "bad status")


def run_case(text: str, folder: Path, suffix: str = ".json") -> Outcome:
    """Run ``cardtable replay --json`` on the mutant (in this process) and judge the result."""
    path = folder / f"mutant{suffix}"
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        status = cli.main(["replay", "--json", str(path)])
    lines = err.getvalue().splitlines()
    if status == 3:
        return Outcome(status, "internal error", err.getvalue()[:300])
    if status in (1, 2):
        if len(lines) != 1 or len(lines[0]) > MAX_REFUSAL or len(out.getvalue()) > 4 * MAX_REFUSAL:
            return Outcome(status, "long refusal", err.getvalue()[:300])
        return Outcome(status, "refused", lines[0])
    if status != 0:
        return Outcome(status, "bad status", err.getvalue()[:300])
    try:
        obj = json.loads(text.removeprefix("\ufeff"))
        fault = equivalent(obj)
    except Exception as e:
        fault = f"the oracle could not follow it: {type(e).__name__}: {e}"[:300]
    if fault is not None:
        return Outcome(status, "wrong acceptance", fault)
    return Outcome(status, "replayed")


__all__ = ["Chooser", "Mutant", "Outcome", "RandomChooser", "equivalent", "mutate", "run_case", "seeds", "targeted"]


# ------------------------------------------------------------------ targeted cases


def _first(name: str, want: Callable[[dict[str, Any]], bool] = lambda r: True) -> dict[str, Any]:
    for rec in seeds():
        if rec.get("game") == name and want(rec):
            return copy.deepcopy(rec)
    raise LookupError(name)


def _with_action(rec: dict[str, Any], index: int, text: str) -> dict[str, Any]:
    rec = copy.deepcopy(rec)
    rec["hands"][0]["actions"][index] = text
    return rec


def targeted() -> list[tuple[str, str, int]]:
    """The causes of hostile-input faults found before, each as (name, record text, exit status)."""
    smear = _first("smear", lambda r: "deal" in r["hands"][0] and len(r["hands"][0]["actions"]) > 4)
    seep = _first("seep", lambda r: "deal" in r["hands"][0] and r["hands"][0]["actions"][:1] != [])
    seep_pos = _first("seep", lambda r: "position" in r["hands"][0])
    sheep_pos = _first(
        "sheepshead", lambda r: "position" in r["hands"][0] and r["hands"][0]["position"]["picker"] is not None
    )
    out: list[tuple[str, Any, int]] = []
    a0 = smear["hands"][0]["actions"][0]
    seat, _, rest = a0.partition(" ")
    for odd in ("¹", "١", "٣", "０", "0" + seat, "9" * 5000, "+" + seat):
        out.append((f"smear seat {odd[:8]!r}", _with_action(smear, 0, f"{odd} {rest}"), 1))
    out.append(("smear bid of 5000 digits", _with_action(smear, 0, f"{seat} bid {'9' * 5000}"), 1))
    out.append(("smear bid 03", _with_action(smear, 0, f"{seat} bid 03"), 1))
    s0 = seep["hands"][0]["actions"][0]
    sseat = s0.split(" ")[0]
    for odd in ("¹²", "١٢", "012", "1" * 5000):
        out.append((f"seep bid {odd[:8]!r}", _with_action(seep, 0, f"{sseat} bid {odd}"), 1))
    out.append(("seep house H²", _with_action(seep, 0, f"{sseat} capture KH H²"), 1))
    for key, value in (("preset", "tuesday"), ("name", "x"), ("self", 1), ("options", {})):
        rec = copy.deepcopy(smear)
        rec["rules"] = {key: value}
        out.append((f"rules {key}", rec, 2))
    rec = copy.deepcopy(smear)
    rec["rules"] = {"target_score": 10**30}
    out.append(("rules option of 31 digits", rec, 2))
    rec = copy.deepcopy(smear)
    rec["rules"] = {"target_score": 10**50}
    out.append(("rules option of 51 digits", rec, 2))
    for pending in (10**9, 14300, 65):
        rec = _first("sheepshead", lambda r: "deal" in r["hands"][0])
        rec["rules"] = {"no_pick_rule": "doubler", "doubler_stacking": "compound"}
        rec["match"] = {"scores": [0] * 5, "pending_doublers": pending}
        out.append((f"pending doublers {pending}", rec, 2))
    rec = _first("sheepshead", lambda r: "deal" in r["hands"][0])
    rec["rules"] = {"doubler_stacking": "cap"}
    rec["match"] = {"scores": [0] * 5, "pending_doublers": 2}
    out.append(("pending doublers 2 under cap", rec, 2))
    # R22: a lead of baazi_lead or more ends the baazi, so no hand starts with one
    for difference, rules in ((100, {}), (-100, {}), (10**6, {}), (60, {"baazi_lead": 50})):
        rec = copy.deepcopy(seep)
        rec["rules"] = rules
        rec["match"] = {"difference": difference, "baazis": [0, 0]}
        out.append((f"seep difference {difference} {rules}", rec, 2))
    for sweeps in ([10**9, 0], [-50, 0], [10**400, 0], [25, 1]):
        rec = copy.deepcopy(seep_pos)
        rec["hands"][0]["position"]["sweeps"] = sweeps
        out.append((f"seep sweeps {str(sweeps)[:12]}", rec, 2))
    for key, value in (("blitz", [["black"]]), ("blitz", ["black"]), ("blitz", ["red", "red"]), ("cracks", 1)):
        rec = copy.deepcopy(sheep_pos)
        rec["rules"] = {"blitzing": True, "cracking": True}
        rec["hands"][0]["position"][key] = value
        out.append((f"sheepshead position {key}={value}", rec, 2))
    rec = copy.deepcopy(smear)
    rec["players"] = ["A", "B", "C"]
    out.append(("three players for four seats", rec, 2))
    rec = copy.deepcopy(smear)
    rec["match"] = {"scores": [0, 0], "target": 11}
    out.append(("smear match unknown field", rec, 2))
    rec = copy.deepcopy(smear)
    rec["hands"][0]["dealer"] = "03"
    out.append(("dealer as a string", rec, 2))
    rec = copy.deepcopy(smear)
    deal = rec["hands"][0]["deal"]
    key = "deck" if "deck" in deal else "stock"
    deal[key][0] = " " + deal[key][0] + " "
    out.append(("card with spaces", rec, 2))
    texts: list[tuple[str, str, int]] = [(n, json.dumps(r, ensure_ascii=False), s) for n, r, s in out]
    base = json.dumps(smear)
    texts.append(("JSON 1000 deep", base.replace('"hands":', '"x": ' + "[" * 1000 + "]" * 1000 + ', "hands":', 1), 2))
    texts.append(("JSON 100000 deep", "[" * 100000 + "]" * 100000, 2))
    texts.append(
        ("players 5000 deep", base.replace('"format"', '"players": ' + "[" * 5000 + "]" * 5000 + ', "format"'), 2)
    )
    texts.append(
        (
            "number of 5000 digits",
            base.replace('"dealer": ', '"dealer": ' + "1" * 5000 + "0 * ", 1).replace("0 * ", "", 1),
            2,
        )
    )
    texts.append(("NaN", base.replace('"dealer": ', '"dealer": NaN, "x": ', 1), 2))
    texts.append(("a key twice", base.replace('"hands":', '"game": "seep", "hands":', 1), 2))
    return texts

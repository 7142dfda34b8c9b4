"""The review of a record: every decision of the chosen seats valued by the search and graded.

Each decision is valued from the deciding seat's view alone (`analyze_decision` is given the
view, the legal moves and the move made, never the state), by the search bot's
`SearchBot.hints`: every legal move's mean value in points per hand with its standard error. The
best move is the one with the best mean among the moves the search measured most (its finalists:
a move dropped early has few, noisy values). When the move made is not the best, the two are
searched again, alone, on fresh worlds, and the values and the loss are theirs there: the best of
several noisy means flatters itself, and a loss measured on the worlds that chose it would add
that flattery to every decision's loss. The random numbers of a decision come from the
seed, the hand and the action's place in it, so the same decision gets the same analysis however
the hidden cards lie and in whichever process it runs.

Work is cut into hands: `analyze_hand` replays the record up to one hand and analyses it, so
several processes (``jobs``) can share a record. An overall ``budget`` (seconds) stops the work
after the decision that ran past it, and the result says how far it got.
"""

from __future__ import annotations

import math
import multiprocessing
import random
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from cardtable.analysis import grades, opencard, parts
from cardtable.bots import make_bot
from cardtable.core import CHANCE, CardtableError
from cardtable.i18n import Phrase, words_of
from cardtable.record import Record, load_game, replay

#: The search level used when no time per move is given and the game names none (`parts.level`).
DEFAULT_LEVEL = "medium"


def _interval(value: float, stderr: float) -> list[float] | None:
    if not math.isfinite(stderr):
        return None
    return [round(value - grades.Z95 * stderr, 4), round(value + grades.Z95 * stderr, 4)]


def search_bot(game: Any, level: str, seconds: float | None) -> Any:
    """The search that values the moves: ``level``, spending ``seconds`` a decision when given."""
    spec = f"search:{level}" + (f"@{seconds}" if seconds is not None else "")
    return make_bot(game, spec)


def analyze_decision(
    game: Any, view: Any, legal: Sequence[Any], made: Any, bot: Any, rng: random.Random
) -> dict[str, Any]:
    """One decision from the seat's view: the move made and the best one, each valued with its
    95% interval, the loss, its interval, the grade and why (JSON-ready): ``why`` the English
    sentence, ``why_words`` the same reason as words any language can say (`cardtable.i18n.words_of`;
    ``null`` for a best move, or a game whose reason is plain text)."""
    made_text = game.format(made)
    out: dict[str, Any] = {"seat": view.seat, "made": made_text, "legal": len(legal), "forced": len(legal) == 1}
    if len(legal) == 1:
        return out | {
            "best": made_text,
            "made_value": None,
            "made_interval": None,
            "best_value": None,
            "best_interval": None,
            "loss": 0.0,
            "loss_interval": None,
            "grade": "best",
            "why": "",
            "why_words": None,
        }
    hints = bot.hints(view, legal, rng)
    most = max(h.playouts for h in hints)
    best = max((h for h in hints if h.playouts == most), key=lambda h: h.value)
    mine = hints[list(legal).index(made)]
    if mine.playouts == most and mine.value >= best.value:
        best = mine  # a tie with the best: the move made is as good
    same = mine is best
    seen = view.to_json()
    played = None
    if not same:
        # The best is the largest of several noisy means, which flatters it (and a move dropped
        # early was measured on few worlds): the two are measured again, alike, on fresh worlds
        # where neither was chosen, so that the loss is not noise taken for a loss. What each led
        # to in those playouts (the game's facts) is kept to say why in the game's terms.
        # Where the batch reads the facts off its rows at once, it shows them in place of the ends.
        reader = parts.fact_reader(game)
        ends: tuple[list[Any], list[Any]] = ([], [])

        def keep(i: int, end: Any) -> None:
            assert reader is not None
            ends[i].append(reader(seen, end, view.seat))

        def kept(i: int, facts: Any) -> None:
            ends[i].append(facts)

        if reader is None:
            best, mine = bot.hints(view, [best.action, made], rng)
        else:
            best, mine = bot.hints(view, [best.action, made], rng, keep, kept)
        played = parts.Playouts(tuple(ends[0]), tuple(ends[1])) if reader is not None else None
    loss = 0.0 if same else max(0.0, best.value - mine.value)
    spread = math.hypot(best.stderr, mine.stderr)
    grade = grades.grade(loss, spread, parts.thresholds(game), same)
    best_text = game.format(best.action)
    why = "" if grade == "best" else parts.why(game, seen, made_text, best_text, loss, played)
    return out | {
        "best": best_text,
        "made_value": round(mine.value, 4),
        "made_interval": _interval(mine.value, mine.stderr),
        "best_value": round(best.value, 4),
        "best_interval": _interval(best.value, best.stderr),
        "loss": round(loss, 4),
        "loss_interval": None if same else _interval(loss, spread),
        "grade": grade,
        "why": str(why),
        "why_words": words_of(why) if isinstance(why, Phrase) else None,
    }


def decision_rng(seed: int, hand: int, index: int) -> random.Random:
    """The random numbers of one decision's search: from the seed and the decision's place only."""
    return random.Random(f"{seed}:{hand}:{index}")


def analyze_position(game: Any, state: Any, made: Any, bot: Any, rng: random.Random) -> dict[str, Any]:
    """`analyze_decision` of the seat to act in ``state``, given only its view and legal moves."""
    seat = game.actor(state)
    return analyze_decision(game, game.observe(state, seat), game.legal_actions(state), made, bot, rng)


def _decisions(record: Record, game: Any, seats: Sequence[int] | None, hand: int | None = None) -> Any:
    """(hand, action index, state before, seat, action) for each decision of ``seats``."""
    before: Any = None
    for step in replay(record, game):
        if step.action is not None and (hand is None or step.hand == hand):
            seat = game.actor(before)
            if seat != CHANCE and (seats is None or seat in seats):
                text = record.hands[step.hand].actions[step.action]
                yield step.hand, step.action, before, seat, game.parse(text.split(" ", 1)[1])
        if hand is not None and step.hand > hand:
            return
        before = step.state


def analyze_hand(
    record_json: Mapping[str, Any],
    hand: int,
    seats: Sequence[int] | None,
    seconds: float | None,
    level: str | None = None,
    seed: int = 0,
    deadline: float = math.inf,
    open_card: bool = True,
    progress: Callable[[], None] | None = None,
) -> dict[str, Any]:
    """One hand of a record analysed: its decisions and, once the hand is over and where the game's
    solver can, the hand's open-card value to each chosen seat (``open_card``; absent for a hand
    still being played, whose hidden cards it would betray); ``complete`` is false when
    ``deadline`` (a `time.time`) passed first."""
    record = Record.from_json(record_json)
    game = load_game(record)
    bot = search_bot(game, level or parts.level(game, DEFAULT_LEVEL), seconds)
    out: dict[str, Any] = {"hand": hand, "decisions": [], "complete": True}
    asked: list[int] = []  # the seats with a decision in the card play, in order
    for h, index, state, seat, action in _decisions(record, game, seats, hand):
        if time.time() > deadline:
            out["complete"] = False
            break
        decision = analyze_position(game, state, action, bot, decision_rng(seed, h, index))
        out["decisions"].append({"hand": h, "index": index} | decision)
        if seat not in asked and opencard.in_play(game, state):
            asked.append(seat)
        if progress is not None:
            progress()
    if open_card and out["complete"] and _over(record, game, hand):
        values = opencard.hand_values(game, plays(record, game, hand), asked)
        out["open_card"] = {str(s): values[s] for s in asked}
    return out


def plays(record: Record, game: Any, hand: int) -> dict[int, list[tuple[int, Any]]]:
    """Every seat's decisions in the card play of hand ``hand`` (``(action index, state)`` in
    order), the seats in the order of their first (`opencard.hand_values`)."""
    out: dict[int, list[tuple[int, Any]]] = {}
    for _, index, state, seat, _ in _decisions(record, game, None, hand):
        if opencard.in_play(game, state):
            out.setdefault(seat, []).append((index, state))
    return out


def _over(record: Record, game: Any, hand: int) -> bool:
    """Whether the record plays hand ``hand`` to its end (its open-card value, which every hidden
    card decides, is given only then)."""
    last = None
    for step in replay(record, game):
        if step.hand > hand:
            break
        last = step.state
    return last is not None and game.actor(last) is None


def count_decisions(record: Record, seats: Sequence[int] | None) -> list[int]:
    """How many decisions of ``seats`` each hand of the record holds."""
    game = load_game(record)
    counts = [0] * len(record.hands)
    for h, *_ in _decisions(record, game, seats):
        counts[h] += 1
    return counts


def analyze_record(
    record_json: Mapping[str, Any],
    seats: Sequence[int] | None = None,
    seconds: float | None = None,
    level: str | None = None,
    seed: int = 0,
    budget: float | None = None,
    jobs: int = 1,
    open_card: bool = True,
    progress: Callable[[int, int], None] | None = None,
    backend: str = "process",
    address: str | None = None,
) -> dict[str, Any]:
    """The whole review of one record as JSON-ready data (its shape: docs/analysis.md).

    ``seats``: whose decisions (default every seat); ``seconds``: the search's time a decision
    (default: the work budget of ``level``, which makes the analysis repeatable; by default the
    game's own level, `parts.level`); ``budget``: the
    most seconds for the whole analysis; ``jobs``: worker processes, one hand each at a time;
    ``progress(done, total)`` is called as decisions (one process) or hands (several) finish;
    ``backend="ray"`` runs the hands as tasks on a Ray cluster (`on_ray`; ``address``: the
    cluster, default a local instance started for the run), with the same result.
    Raises `BadRecord` or `ReplayStopped` for a record that `cardtable replay` refuses.
    """
    record = Record.from_json(record_json)
    game = load_game(record)
    level = level or parts.level(game, DEFAULT_LEVEL)
    if seats is not None:
        for s in seats:
            if not 0 <= s < game.seats:
                raise CardtableError(f"seat {s}: {game.name} has seats 0 to {game.seats - 1}")
    counts = count_decisions(record, seats)  # replays the whole record: refuses a bad one first
    total = sum(counts)
    deadline = time.time() + budget if budget is not None else math.inf
    plain = record.to_json()
    hands: list[dict[str, Any]] = []
    done = 0

    def tick() -> None:
        nonlocal done
        done += 1
        if progress is not None:
            progress(done, total)

    if backend == "ray":
        from cardtable.analysis import on_ray

        calls = [(plain, h, seats, seconds, level, seed, deadline, open_card) for h in range(len(record.hands))]
        for hand in on_ray.stream_hands(analyze_hand, calls, address):
            hands.append(hand)
            done += len(hand["decisions"])
            if progress is not None:
                progress(done, total)
    elif jobs <= 1:
        for h in range(len(record.hands)):
            hands.append(analyze_hand(plain, h, seats, seconds, level, seed, deadline, open_card, tick))
            if not hands[-1]["complete"]:
                break
    else:
        # a fresh server process forks the workers, not this one, which may hold other threads
        # (a Ray client's, a web server's) and so locks a fork would inherit mid-call
        with ProcessPoolExecutor(max_workers=jobs, mp_context=multiprocessing.get_context("forkserver")) as pool:
            futures = [
                pool.submit(analyze_hand, plain, h, seats, seconds, level, seed, deadline, open_card)
                for h in range(len(record.hands))
            ]
            try:
                for fut in futures:
                    hands.append(fut.result())
                    done += len(hands[-1]["decisions"])
                    if progress is not None:
                        progress(done, total)
            except BaseException:
                pool.shutdown(wait=True, cancel_futures=True)
                raise
    analysed = sum(len(h["decisions"]) for h in hands)
    complete = analysed == total and all(h["complete"] for h in hands)
    chosen = sorted(seats) if seats is not None else list(range(game.seats))
    return {
        "game": game.name,
        "seats": chosen,
        "level": level,
        "seconds": seconds,
        "seed": seed,
        "complete": complete,
        "analysed": analysed,
        "decisions": total,
        "hands": hands,
        "summary": {str(s): summary(hands, s) for s in chosen},
    }


def summary(hands: Sequence[dict[str, Any]], seat: int) -> dict[str, Any]:
    """A seat's summary: decisions, points lost in all and per hand, the largest losses (up to
    three), its accuracy and how many decisions got each grade."""
    mine = [d for h in hands for d in h["decisions"] if d["seat"] == seat]
    played = {d["hand"] for d in mine}
    lost = sum(d["loss"] for d in mine)
    largest = sorted((d for d in mine if d["loss"] > 0), key=lambda d: -d["loss"])[:3]
    return {
        "decisions": len(mine),
        "choices": sum(not d["forced"] for d in mine),
        "hands": len(played),
        "points_lost": round(lost, 4),
        "points_lost_per_hand": round(lost / len(played), 4) if played else None,
        "accuracy": None if (a := grades.accuracy(mine)) is None else round(a, 1),
        "grades": {g: sum(d["grade"] == g for d in mine) for g in grades.GRADES},
        "largest": [{k: d[k] for k in ("hand", "index", "made", "best", "loss", "grade")} for d in largest],
    }

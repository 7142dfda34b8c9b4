"""The fixed deals behind the narration snapshots: each case is a match of rule bots, dealt and
played from a seed, saved as a record (``CASE.json``) with its narration for one seat and for a
spectator (``CASE.txt``). The test replays the records, so the bots may change without changing
the snapshots. Run ``PYTHONPATH=src python -m tests.narration.make`` to write the texts again from
the records (a missing record is played anew), then read the diff."""

from __future__ import annotations

import random
from pathlib import Path

from cardtable import registry
from cardtable.bots import make_bot
from cardtable.narrate import narrate_record
from cardtable.record import HandLog, Record, read_records, write_records

HERE = Path(__file__).parent

#: Cases that begin with given actions (the rest played by the bots): a leaster needs all to pass.
OPENINGS: dict[str, tuple[str, ...]] = {"sheepshead_leaster": ("pass",) * 5}

#: name: (game, rule options, seed, hands, the seat that listens)
CASES: dict[str, tuple[str, dict[str, object], int, int, int]] = {
    "sheepshead_leaster": ("sheepshead", {"cracking": True}, 2, 1, 3),
    "smear": ("smear", {"kitty_size": 2}, 13, 4, 0),
    "sheepshead": ("sheepshead", {}, 8, 4, 0),
    "seep": ("seep", {}, 8, 2, 1),
    "seep_misdeal": ("seep", {}, 3, 2, 0),
}


def play(game_name: str, options: dict[str, object], seed: int, hands: int, opening: tuple[str, ...] = ()) -> Record:
    """A match of ``hands`` hands (or fewer, if it is won) of rule bots, from ``seed``; the first
    hand begins with the actions ``opening``."""
    game = registry.get_game(game_name, **options)
    rng = random.Random(seed)
    log = HandLog(game, dealer=seed % game.seats)
    bots = {s: make_bot(game, "rule") for s in range(game.seats)}
    for n in range(hands):
        state = log.deal(rng)
        for text in opening if n == 0 else ():
            state = log.act(game.parse(text))
        while (seat := game.actor(state)) is not None:
            state = log.act(bots[seat].act(game.observe(state, seat), game.legal_actions(state), rng))
        if n + 1 < hands and log.next_hand() is None:
            break
    return Record.from_json(log.record())


def told(record: Record, seat: int) -> str:
    """The snapshot text: the record told to ``seat``, then to a spectator."""
    parts = [f"=== told to seat {seat}", *narrate_record(record, seat), "", "=== told to a spectator"]
    parts += narrate_record(record, None)
    return "\n".join(parts) + "\n"


def main() -> None:
    """Write each case's text from its record; a case without a record is played and saved first
    (delete a record to have its match played again by today's bots)."""
    for name, (game, options, seed, hands, seat) in CASES.items():
        saved = HERE / f"{name}.json"
        if saved.exists():
            record = read_records(saved)[0]
        else:
            record = play(game, options, seed, hands, OPENINGS.get(name, ()))
            write_records(saved, [record])
        (HERE / f"{name}.txt").write_text(told(record, seat), encoding="utf-8")


if __name__ == "__main__":
    main()

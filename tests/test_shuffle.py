"""The verifiable shuffle: commitments as the record contract defines them, carried by records,
checked by replay and by ``cardtable verify``."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from cardtable import registry, shuffle
from cardtable.cards import cards_of, format_card
from cardtable.cli import main
from cardtable.record import HandLog, Record, replay_record, verify_shuffles


def test_the_commitment_is_sha256_of_salt_and_deck_as_the_contract_says() -> None:
    # sha256(b"00ff AC 10C KS"), worked out independently of the code under test
    expected = "fe182757a5c905bfb09837621b2f551e5091b5054ab1a7f6e62d071d30edbdb1"
    assert shuffle.commitment("00ff", ["AC", "10C", "KS"]) == expected
    assert shuffle.commitment("00ff", ["ac", "TC", "ks"]) == expected  # any accepted card form
    assert shuffle.commitment("00ff", [0, 9, 51]) == expected  # card numbers
    assert shuffle.commitment("00fe", ["AC", "10C", "KS"]) != expected
    assert shuffle.commitment("00ff", ["10C", "AC", "KS"]) != expected


@pytest.mark.parametrize("name", registry.names())
def test_a_drawn_deal_is_a_fresh_shuffle_with_its_commitment(name: str) -> None:
    game = registry.get_game(name)
    start = game.start(0)
    (d1, s1), (d2, s2) = shuffle.draw(game, start), shuffle.draw(game, start)
    assert sorted(d1.deck) == sorted(game.deal(start, random.Random(0)).deck)
    assert d1.deck != d2.deck and s1.salt != s2.salt  # OS randomness: equal by chance once in 10**35
    assert len(s1.salt) == 2 * shuffle.SALT_BYTES and int(s1.salt, 16) >= 0
    assert s1.commitment == shuffle.commitment(s1.salt, d1.deck)
    assert s1.public_json() == {"commitment": s1.commitment}
    assert shuffle.check_shuffle(s1.to_json(), d1.deck) == shuffle.VERIFIED
    assert shuffle.check_shuffle(s1.public_json(), d1.deck) == shuffle.COMMITMENT_ONLY
    assert shuffle.check_shuffle(s1.to_json(), d2.deck) == shuffle.MISMATCH
    assert shuffle.check_shuffle(None, d1.deck) == shuffle.NO_SHUFFLE


def _match(name: str, hands: int = 3, reveal_last: bool = False) -> dict[str, Any]:
    """A match dealt with committed shuffles; the last hand is left unfinished unless asked."""
    game = registry.get_game(name)
    log = HandLog(game, dealer=1)
    rng = random.Random(5)
    for h in range(hands):
        deal, sh = shuffle.draw(game, log.state)
        state = log.deal(rng, deal, shuffle=sh.public_json())
        last = h == hands - 1
        while game.actor(state) is not None and (not last or reveal_last or len(log.actions) < 3):
            state = log.act(rng.choice(game.legal_actions(state)))
        if not last or reveal_last:
            log.set_shuffle(sh.to_json())
        if not last:
            assert log.next_hand() is not None
    return log.record()


@pytest.mark.parametrize("name", registry.names())
def test_records_carry_the_shuffle_and_replay_checks_it(name: str) -> None:
    rec = _match(name)
    assert [set(h["shuffle"]) for h in rec["hands"]] == [{"commitment", "salt"}] * 2 + [{"commitment"}]
    assert Record.from_json(rec).to_json() == rec
    status, report = replay_record(rec)
    assert status == 0, report
    bad = copy.deepcopy(rec)
    deck = bad["hands"][1]["deal"]["deck"]
    deck[0], deck[1] = deck[1], deck[0]  # the same cards in another order
    status, report = replay_record(bad)
    assert status == 2 and report["error"]["hand"] == 1
    assert "shuffle" in report["error"]["reason"]


@pytest.mark.parametrize(
    ("field", "says"),
    [
        ("not an object", "expected an object"),
        ({"salt": "00"}, "commitment must be"),
        ({"commitment": "AB" * 32}, "commitment must be"),
        ({"commitment": "ab" * 31}, "commitment must be"),
        ({"commitment": "ab" * 32, "salt": "xyz"}, "salt must be hex"),
        ({"commitment": "ab" * 32, "salt": 7}, "salt must be hex"),
        ({"commitment": "ab" * 32, "pepper": "00"}, "unknown field 'pepper'"),
    ],
)
def test_a_malformed_shuffle_is_a_malformed_record(field: object, says: str) -> None:
    rec = _match("smear", hands=1)
    rec["hands"][0]["shuffle"] = field
    status, report = replay_record(rec)
    assert status == 2 and report["error"]["hand"] == 0 and says in report["error"]["reason"]


def test_verify_prints_a_line_per_hand_and_says_how_it_stands(tmp_path: Path, capsys: Any) -> None:
    rec = _match("sheepshead", hands=3)
    del rec["hands"][0]["shuffle"]
    good = tmp_path / "good.json"
    good.write_text(json.dumps(rec))
    assert main(["verify", str(good)]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "hand 0: no shuffle",
        "hand 1: verified",
        "hand 2: commitment only (the salt is not revealed yet)",
    ]
    salt = rec["hands"][1]["shuffle"]["salt"]
    rec["hands"][1]["shuffle"]["salt"] = ("1" if salt[0] == "0" else "0") + salt[1:]  # one hex digit changed
    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(_match("seep", hands=2, reveal_last=True)) + "\n" + json.dumps(rec) + "\n")
    assert main(["verify", str(bad)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[:2] == ["record 0, hand 0: verified", "record 0, hand 1: verified"]
    assert out[3] == "record 1, hand 1: MISMATCH: the commitment does not match the salt and the deal"
    rec["hands"][1]["shuffle"]["commitment"] = "not hex"
    malformed = tmp_path / "malformed.json"
    malformed.write_text(json.dumps(rec))
    assert main(["verify", str(malformed)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "hand 1: shuffle: commitment must be" in err
    malformed.write_text("{")
    assert main(["verify", str(malformed)]) == 2
    assert "not JSON" in capsys.readouterr().err


def test_verify_reads_an_explicit_deal_and_finds_its_dealer() -> None:
    game = registry.get_game("smear")
    rec = _match("smear", hands=2, reveal_last=True)
    second = rec["hands"][1]
    deck = second["deal"]["deck"]
    dealer = second.pop("dealer")  # left out: verify replays the first hand to find it
    deal = game.deal_from_json({"deck": deck}, dealer)
    state = game.apply(game.start(dealer), deal)
    hands = [[format_card(c) for c in cards_of(state.hands[s])] for s in range(4)]
    stock = [c for c in deck if not any(c in h for h in hands)]
    second["deal"] = {"hands": hands, "stock": stock}
    # an explicit deal stands for the deck order it converts to (record contract §3)
    order = game.deal_from_json(second["deal"], dealer).deck
    second["shuffle"] = {"commitment": shuffle.commitment("0a1b", order), "salt": "0a1b"}
    assert verify_shuffles(Record.from_json(rec)) == [shuffle.VERIFIED, shuffle.VERIFIED]
    assert verify_shuffles(Record.from_json(rec | {"hands": [rec["hands"][0], {**second, "dealer": 3}]}))[1] == (
        shuffle.MISMATCH
    )


def test_a_position_has_no_deal_to_commit_to() -> None:
    rec = {"format": "cardtable-record/1", "game": "seep", "hands": [{"position": {}, "actions": []}]}
    rec["hands"][0]["shuffle"] = {"commitment": "ab" * 32}
    status, report = replay_record(rec)
    assert status == 2 and "position has no deal" in report["error"]["reason"]

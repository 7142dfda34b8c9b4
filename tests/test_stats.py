"""The statistics of a seat's hands (`cardtable.stats` and each game's ``stats`` part), checked over
many random hands against what the record and the result say, counted another way: every count of
a hand adds up over the seats as the rules say it must (one picker, one bidder, each side's
sweeps), and each count matches the record's own texts or the result's details."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from cardtable import registry, stats
from cardtable.core import HandResult, Stat
from cardtable.record import HandLog, Record, replay_record

HANDS = 120


def random_records(game: Any, hands: int, seed: int) -> list[Record]:
    """One-hand records of random play (hand ``i`` dealt by seat ``i % seats``)."""
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


def each_seat(game: Any, record: Record) -> list[dict[str, int]]:
    return [stats.record_counts(record, seat, game) for seat in range(game.seats)]


def seat_actions(record: Record, seat: int) -> list[str]:
    """The seat's action texts, without the seat."""
    return [a.partition(" ")[2] for a in record.hands[0].actions if a.partition(" ")[0] == str(seat)]


def details(record: Record) -> dict[str, Any]:
    status, report = replay_record(record.to_json())
    assert status == 0
    hand: dict[str, Any] = report["hands"][0]
    return hand


@pytest.mark.parametrize("name", ["seep", "smear", "sheepshead"])
def test_every_contested_hand_is_won_tied_or_lost_and_the_points_are_the_results(name: str) -> None:
    game = registry.get_game(name)
    for record in random_records(game, HANDS, 1):
        hand = details(record)
        got = each_seat(game, record)
        contest = game.teams(HandResult(hand["result"], tuple(hand["score"]), hand["details"]))
        if contest is None or len(contest) < 2:
            assert got == [{}] * game.seats, "a hand that is no contest counts nothing"
            continue
        for seat, counts in enumerate(got):
            assert counts["hands"] == 1 and counts["won"] + counts["tied"] + counts["lost"] == 1
            assert counts["points"] == hand["score"][seat]
        # the sides' places agree: a side that won has no other side winning or tied
        winners = [s for s in range(game.seats) if got[s]["won"]]
        if winners:
            side = next(side for side in contest if winners[0] in side)
            assert set(winners) == set(side), (winners, contest)


def test_sheepshead_one_picker_a_partner_at_most_and_the_others_defend() -> None:
    """R22, R23: one picker, a partner unless alone, the rest defenders; the picker's side wins
    with 61 points or more (R36), schneider from 91 or under 31 (R36)."""
    game = registry.get_game("sheepshead")
    picked = no_pick = 0
    for record in random_records(game, HANDS, 2):
        hand = details(record)
        got = each_seat(game, record)
        d = hand.get("details", {})
        if hand["result"] == "played":
            picked += 1
            assert [s for s in range(5) if got[s].get("picked")] == [d["picker"]]
            partners = [s for s in range(5) if got[s].get("partner")]
            assert partners == ([] if d["partner"] is None else [d["partner"]])
            assert sum(c.get("alone", 0) for c in got) == (1 if d["partner"] is None else 0)
            side = {d["picker"], *partners}
            assert [s for s in range(5) if got[s].get("defender")] == [s for s in range(5) if s not in side]
            picker_won = hand["score"][d["picker"]] > 0
            for s in range(5):
                won_key = "picker_won" if s == d["picker"] else "partner_won" if s in side else "defender_won"
                assert got[s][won_key] == int(picker_won if s in side else not picker_won)
                big = d["picker_points"] >= 91 or d["picker_points"] <= 30 or d["picker_tricks"] in (0, 6)
                assert got[s].get("schneider", 0) + got[s].get("schneidered", 0) == int(big)
        elif hand["result"] == "leaster" and d.get("no_pick") != "schwanzer":
            no_pick += 1
            assert [s for s in range(5) if got[s].get("no_pick_won")] == sorted(d["winners"])
            assert all(c["no_pick"] == 1 for c in got)
        else:
            assert got == [{}] * 5
    assert picked > 20 and no_pick > 3  # both kinds of hand were met


def test_smear_one_bidder_made_when_the_bidding_side_scores_and_the_points_taken() -> None:
    """R32: the bidding side scores what it took if that is at least the bid, else loses the bid;
    R27-R31: High, Low, Jack and Game each go to one side or none."""
    game = registry.get_game("smear")
    played = 0
    for record in random_records(game, HANDS, 3):
        hand = details(record)
        got = each_seat(game, record)
        if hand["result"] != "played":
            assert got == [{}] * 4
            continue
        played += 1
        d = hand["details"]
        bidders = [s for s in range(4) if got[s].get("bids")]
        assert bidders == [d["bidder"]] and got[d["bidder"]]["bid_total"] == d["bid"]
        assert got[d["bidder"]]["made"] == int(hand["score"][d["bidder"]] > 0)
        for point in ("high", "low", "jack", "game"):
            takers = {s % 2 for s in range(4) if got[s].get(point)}
            assert takers == ({d["points"][point]} if d["points"][point] is not None else set())
        assert got[0]["taken"] + got[1]["taken"] == sum(1 for v in d["points"].values() if v is not None)
    assert played > 50


@pytest.mark.parametrize("preset", [None, "family"])
def test_seep_bids_sweeps_and_houses_as_the_record_and_the_result_say(preset: str | None) -> None:
    """R8: one bid a hand, of the bidder; R20: each side's sweeps that scored are the result's;
    M3, M5, M2: houses built, cemented and taken, as the seat's own action texts say."""
    game = registry.get_game("seep", preset) if preset else registry.get_game("seep")
    sweeps_seen = 0
    for record in random_records(game, HANDS // 2, 4):
        hand = details(record)
        got = each_seat(game, record)
        if hand["result"] != "played":
            assert got == [{}] * 4
            continue
        assert sum(c.get("bids", 0) for c in got) == 1
        for seat in range(4):
            texts = seat_actions(record, seat)
            bid = [int(t.split()[1]) for t in texts if t.startswith("bid")]
            assert got[seat].get("bids", 0) == len(bid) and got[seat].get("bid_total", 0) == sum(bid)
            assert got[seat].get("built", 0) == sum(t.startswith("build") for t in texts)
            assert got[seat].get("cemented", 0) == sum(t.startswith("cement") for t in texts)
            taken = sum(t.startswith("capture") and re.search(r" H\d+\b", t) is not None for t in texts)
            assert got[seat].get("houses_taken", 0) == taken
        if game.rules.sweep_cap is None:  # with a cap, sweeps made are more than those kept
            for team in (0, 1):
                kept = [w for w in hand["details"]["sweep_list"][team] if w]
                assert got[team].get("sweeps", 0) + got[team + 2].get("sweeps", 0) == len(kept)
                assert got[team].get("sweep_points", 0) + got[team + 2].get("sweep_points", 0) == sum(kept)
                sweeps_seen += len(kept)
    if game.rules.sweep_cap is None:
        assert sweeps_seen > 0


def test_a_game_without_sides_counts_nothing_and_one_without_a_stats_part_has_the_generic_ones() -> None:
    toy = registry.get_game("toy")
    assert stats.stats_of(toy) == stats.GENERIC
    assert all(each_seat(toy, r) == [{}] * toy.seats for r in random_records(toy, 10, 5))
    smear = stats.stats_of(registry.get_game("smear"))
    assert smear[: len(stats.GENERIC)] == stats.GENERIC and len(smear) > len(stats.GENERIC)
    keys = [s.key for s in smear]
    assert len(keys) == len(set(keys)) and all(s.of in keys for s in smear if s.of is not None)


@pytest.mark.parametrize("name", ["seep", "smear", "sheepshead"])
def test_each_games_statistics_name_counts_it_makes(name: str) -> None:
    game = registry.get_game(name)
    shown: tuple[Stat, ...] = stats.stats_of(game)
    keys = {s.key for s in shown}
    assert all(s.of in keys for s in shown if s.of is not None)
    seen: dict[str, int] = {}
    for record in random_records(game, HANDS, 6):
        for counts in each_seat(game, record):
            stats.add(seen, counts)
    assert set(seen) <= keys, set(seen) - keys  # every count made is shown


def test_a_hand_replayed_from_the_state_before_its_deal_counts_as_the_record_does() -> None:
    """`stats.played` (a live table's finished hand) and `stats.played_hands` (a record) agree,
    for a hand in the middle of a match."""
    game = registry.get_game("seep")
    rng = random.Random(8)
    log = HandLog(game, dealer=0)
    befores = []
    for _ in range(3):
        befores.append(log.state)
        state = log.deal(rng)
        while game.actor(state) is not None:
            legal = game.legal_actions(state)
            state = log.act(legal[rng.randrange(len(legal))])
        if log.next_hand() is None:
            break
    record = Record.from_json(log.record())
    from_record = list(stats.played_hands(record, game))
    assert len(from_record) == len(befores) >= 2
    for n, before in enumerate(befores):
        live = stats.played(game, before, record.hands[n].to_json())
        for seat in range(4):
            assert stats.counts(game, live, seat) == stats.counts(game, from_record[n], seat)


@pytest.mark.parametrize("lang", ["de", "hi"])
def test_every_statistic_has_its_name_in_german_and_hindi(lang: str) -> None:
    """The statistics' names are marked where they are written, so each is in the catalog of
    every language the pages speak, translated (the player page says them with its ``t``)."""
    from cardtable.i18n import translations

    catalog: dict[str, str] = getattr(translations(lang), "_catalog")  # noqa: B009 - gettext keeps its messages here
    names = [s.label for s in stats.GENERIC]
    for name in registry.names():
        names += [s.label for s in stats.stats_of(registry.game_class(name))]
    assert len(names) > len(stats.GENERIC) + 20
    missing = [n for n in names if not catalog.get(n)]
    assert not missing, missing

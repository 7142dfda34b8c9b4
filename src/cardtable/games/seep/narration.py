"""Seep told in words (`cardtable.narrate`): the bid, captures and sweeps, houses built,
cemented and broken, and the hand's end (card points and sweeps per team, the difference or a
baazi, who deals next)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.render import pretty_card
from cardtable.voice import Step as _Step
from cardtable.voice import Voice
from cardtable.voice import and_ as _and
from cardtable.voice import cards as _cards
from cardtable.voice import plural as _plural

#: Seats 0 and 2 play against 1 and 3.
PARTNERSHIPS = True
#: House values by number, said as the players say them.
RANK_WORDS = {1: "ace", 11: "jack", 12: "queen", 13: "king"}


def _seep_points(game: Any, cards: Sequence[str]) -> int:
    total = 0
    for c in cards:
        rank, suit = c[:-1], c[-1]
        value = {"A": 1, "J": 11, "Q": 12, "K": 13}.get(rank) or int(rank)
        if suit == "S":
            total += value
        elif rank == "A":
            total += 1
        elif c == "10D":
            total += game.rules.ten_diamonds_points
    return total


def _house_name(value: int) -> str:
    word = RANK_WORDS.get(value)
    return f"house of {value}" + (f" ({word})" if word else "")


def _sets_text(house: dict[str, Any]) -> str:
    return " | ".join("+".join(pretty_card(c) for c in s) for s in house["sets"])


def _house(view: dict[str, Any], value: int) -> dict[str, Any] | None:
    for h in (view.get("floor") or {}).get("houses") or []:
        if h["value"] == value:
            house: dict[str, Any] = h
            return house
    return None


def _house_with(view: dict[str, Any], card: str) -> dict[str, Any] | None:
    """The house of the floor that holds ``card``, if any."""
    for h in (view.get("floor") or {}).get("houses") or []:
        if any(card in group for group in h["sets"]):
            house: dict[str, Any] = h
            return house
    return None


def _seep_step(s: _Step) -> list[str]:
    v = s.voice
    b, a = s.before, s.after
    game = s.game
    out: list[str] = []
    words = s.words
    team = s.seat % 2
    if s.verb == "bid":
        out.append(s.does("bid", words[1]))
        if a.get("phase") == "over":
            return out  # a misdeal is said at the hand's end
        loose = (a.get("floor") or {}).get("loose") or []
        out.append(f"The floor is turned up: {_cards(loose)}.")
        return out
    card = words[1]
    if s.verb == "throw":
        joined = _house_with(a, card)
        if joined is not None:
            out.append(s.does("throw", f"{pretty_card(card)}, which joins the {_house_name(joined['value'])}"))
        else:
            out.append(s.does("throw", f"{pretty_card(card)} loose"))
    elif s.verb == "capture":
        piles_b, piles_a = b.get("piles") or [[], []], a.get("piles") or [[], []]
        taken = [c for c in piles_a[team] if c not in piles_b[team]]
        house = next((w for w in words[2:] if w.startswith("H")), None)
        what = []
        if house is not None:
            h = _house(b, int(house[1:]))
            state = " cemented" if h is not None and len(h["sets"]) > 1 else ""
            what.append(f"the{state} {_house_name(int(house[1:]))}")
        groups = [w for w in words[2:] if not w.startswith("H")]
        if groups:
            what.append(" and ".join(_cards(g.split("+")).replace(" ", "+") for g in groups))
        if a.get("phase") == "over":
            # the last play: the floor's leftovers join this capture (R20), said below
            loose = {c for g in groups for c in g.split("+")}
            taken = [c for c in taken if c == card or c in loose]
        points = _seep_points(game, taken)
        out.append(s.does("capture", f"{_and(what) or 'nothing'} with {pretty_card(card)}: {_plural(points, 'point')}"))
    elif s.verb == "build":
        value = int(words[1])
        h = _house(a, value)
        sets = f": {_sets_text(h)}" if h is not None else ""
        played = pretty_card(words[2].split("+")[0])
        out.append(s.does("build", f"a {_house_name(value)} with {played}{sets}"))
    elif s.verb == "cement":
        value = int(words[1][1:])
        h = _house(a, value)
        sets = f" ({_plural(len(h['sets']), 'set')}: {_sets_text(h)})" if h is not None else ""
        out.append(s.does("cement", f"the {_house_name(value)}{sets}"))
    elif s.verb == "break":
        old = int(words[1][1:])
        played = words[2].split("+")[0]
        new = _house_with(a, played)
        into = f", making a {_house_name(new['value'])}: {_sets_text(new)}" if new is not None else ""
        out.append(s.does("break", f"the {_house_name(old)} with {_cards(words[2].split('+'))}{into}"))
    else:
        out.append(s.does("play", s.public))
    sweeps_b, sweeps_a = b.get("sweeps") or [0, 0], a.get("sweeps") or [0, 0]
    for t in (0, 1):
        if sweeps_a[t] > sweeps_b[t]:
            out.append(f"Sweep! {sweeps_a[t] - sweeps_b[t]} to {v.team(t)}.")
    if a.get("phase") == "over" and b.get("phase") != "over":
        piles_b, piles_a = b.get("piles") or [[], []], a.get("piles") or [[], []]
        for t in (0, 1):
            gained = len(piles_a[t]) - len(piles_b[t])
            if s.verb == "capture" and t == team:
                gained -= 1 + sum(len(g.split("+")) for g in words[2:] if not g.startswith("H"))
                house = next((w for w in words[2:] if w.startswith("H")), None)
                h = _house(b, int(house[1:])) if house else None
                if h is not None:
                    gained -= sum(len(x) for x in h["sets"])
            if gained == 1:
                out.append(f"The last card on the floor goes to {v.team(t)}, who captured last.")
            elif gained > 1:
                out.append(f"The last {gained} cards on the floor go to {v.team(t)}, who captured last.")
    return out


def _seep_end(game: Any, state: Any, result: Any, view: dict[str, Any], v: Voice) -> list[str]:
    d = result.details
    if result.result == "misdeal":  # who deals again is said after it (`narrate_hand_end`)
        bidder = d["bidder"]
        text = f"Misdeal: {v.name(bidder)} held no card above 8 ({_cards(d['bidder_cards'])}), so there is no bid"
        return [text[:1].upper() + text[1:] + "."]
    me = v.me % 2 if v.me is not None else 0
    order = (me, 1 - me)
    cp, sw, totals = d["card_points"], d["sweeps"], d["totals"]
    sweep_list = d["sweep_list"]
    out = ["Card points: " + ", ".join(v.score(t, cp[t]) for t in order) + "."]
    if any(d.get("majority_bonus") or []):
        t = 0 if d["majority_bonus"][0] else 1
        out.append(f"{v.team_subject(t)} took the most cards: {d['majority_bonus'][t]} of those points.")
    sweeps = []
    for t in order:
        if sweep_list[t]:
            n = len(sweep_list[t])
            sweeps.append(v.score(t, f"{_plural(n, 'sweep')} ({sw[t]})"))
        else:
            sweeps.append(v.score(t, "none"))
    out.append("Sweeps: " + ", ".join(sweeps) + ".")
    out.append("This hand: " + ", ".join(v.score(t, totals[t]) for t in order) + ".")
    if list(d["counted"]) != list(totals):
        out.append(
            "Under 9 card points, only sweeps count: " + ", ".join(v.score(t, d["counted"][t]) for t in order) + "."
        )
    after = d["difference_after"]
    baazi = d.get("baazi")
    if baazi is not None:
        t = baazi["team"]
        why = (
            "the other side took fewer than 9 points"
            if baazi["why"] == "nine_point_rule"
            else f"a lead of {game.rules.baazi_lead} or more"
        )
        out.append(f"{v.team_does(t, 'win')} a baazi ({why}); the difference starts again from 0.")
        baazis = game.match_json(state).get("baazis") or [0, 0]
        out.append("Baazis: " + ", ".join(v.score(t, baazis[t]) for t in order) + ".")
    elif after == 0:
        out.append("The difference is level at 0.")
    else:
        lead = 0 if after > 0 else 1
        out.append(f"{v.team_does(lead, 'lead')} the match by {abs(after)}.")
    return out


def spectator_avoids(game: Any, state: Any) -> tuple[set[int], set[int]]:
    """The seat whose view holds more than a spectator may know: the bidder, who sees its four
    cards first. See `cardtable.narrate.public_seat`."""
    return {(game.dealer(state) + 1) % 4}, set()


step = _seep_step
hand_end = _seep_end

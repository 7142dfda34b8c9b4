"""Seep told in words (`cardtable.narrate`): the bid, captures and sweeps, houses built,
cemented and broken, and the hand's end (card points and sweeps per team, the difference or a
baazi, who deals next)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.i18n import N_, _, ngettext
from cardtable.render import pretty_card
from cardtable.voice import Step as _Step
from cardtable.voice import Voice
from cardtable.voice import and_ as _and
from cardtable.voice import cards as _cards
from cardtable.voice import plural as _plural

#: Seats 0 and 2 play against 1 and 3.
PARTNERSHIPS = True
#: The languages Seep is told in (docs/languages.md).
LANGUAGES = ("en", "de", "hi")
#: House values by number, said as the players say them.
RANK_WORDS = {1: N_("ace"), 11: N_("jack"), 12: N_("queen"), 13: N_("king")}


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
    if word:
        return _("house of {value} ({word})").format(value=value, word=_(word))
    return _("house of {value}").format(value=value)


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


def _both(items: Sequence[str]) -> str:
    """``a and b and c``: the groups of one capture."""
    said = items[0]
    for item in items[1:]:
        said = _("{a} and {b}").format(a=said, b=item)
    return said


def _seep_step(s: _Step) -> list[str]:
    v = s.voice
    b, a = s.before, s.after
    game = s.game
    out: list[str] = []
    words = s.words
    me = s.seat
    team = s.seat % 2
    if s.verb == "bid":
        out.append(v.says(me, _("You bid {bid}."), _("{who} bids {bid}."), bid=words[1]))
        if a.get("phase") == "over":
            return out  # a misdeal is said at the hand's end
        loose = (a.get("floor") or {}).get("loose") or []
        out.append(_("The floor is turned up: {cards}.").format(cards=_cards(loose)))
        return out
    card = words[1]
    if s.verb == "throw":
        joined = _house_with(a, card)
        if joined is not None:
            joins = (
                _("You throw {card}, which joins the {house}."),
                _("{who} throws {card}, which joins the {house}."),
            )
            out.append(v.says(me, *joins, card=pretty_card(card), house=_house_name(joined["value"])))
        else:
            out.append(
                v.says(me, _("You throw {card} loose."), _("{who} throws {card} loose."), card=pretty_card(card))
            )
    elif s.verb == "capture":
        piles_b, piles_a = b.get("piles") or [[], []], a.get("piles") or [[], []]
        taken = [c for c in piles_a[team] if c not in piles_b[team]]
        house = next((w for w in words[2:] if w.startswith("H")), None)
        what = []
        if house is not None:
            h = _house(b, int(house[1:]))
            named = _house_name(int(house[1:]))
            cemented = h is not None and len(h["sets"]) > 1
            what.append((_("the cemented {house}") if cemented else _("the {house}")).format(house=named))
        groups = [w for w in words[2:] if not w.startswith("H")]
        if groups:
            what.append(_both([_cards(g.split("+")).replace(" ", "+") for g in groups]))
        if a.get("phase") == "over":
            # the last play: the floor's leftovers join this capture (R20), said below
            loose = {c for g in groups for c in g.split("+")}
            taken = [c for c in taken if c == card or c in loose]
        points = _seep_points(game, taken)
        captures = (_("You capture {what} with {card}: {points}."), _("{who} captures {what} with {card}: {points}."))
        said = _and(what) or _("nothing")
        out.append(v.says(me, *captures, what=said, card=pretty_card(card), points=_plural(points, "point")))
    elif s.verb == "build":
        value = int(words[1])
        h = _house(a, value)
        played = pretty_card(words[2].split("+")[0])
        if h is not None:
            builds = (_("You build a {house} with {card}: {sets}."), _("{who} builds a {house} with {card}: {sets}."))
            out.append(v.says(me, *builds, house=_house_name(value), card=played, sets=_sets_text(h)))
        else:
            builds = (_("You build a {house} with {card}."), _("{who} builds a {house} with {card}."))
            out.append(v.says(me, *builds, house=_house_name(value), card=played))
    elif s.verb == "cement":
        value = int(words[1][1:])
        h = _house(a, value)
        if h is not None:
            cements = (
                _("You cement the {house} ({count}: {sets})."),
                _("{who} cements the {house} ({count}: {sets})."),
            )
            count = _plural(len(h["sets"]), "set")
            out.append(v.says(me, *cements, house=_house_name(value), count=count, sets=_sets_text(h)))
        else:
            out.append(
                v.says(me, _("You cement the {house}."), _("{who} cements the {house}."), house=_house_name(value))
            )
    elif s.verb == "break":
        old = int(words[1][1:])
        played = words[2].split("+")[0]
        new = _house_with(a, played)
        cards = _cards(words[2].split("+"))
        if new is not None:
            breaks = (
                _("You break the {house} with {cards}, making a {new}: {sets}."),
                _("{who} breaks the {house} with {cards}, making a {new}: {sets}."),
            )
            made = _house_name(new["value"])
            out.append(v.says(me, *breaks, house=_house_name(old), cards=cards, new=made, sets=_sets_text(new)))
        else:
            breaks = (_("You break the {house} with {cards}."), _("{who} breaks the {house} with {cards}."))
            out.append(v.says(me, *breaks, house=_house_name(old), cards=cards))
    else:
        out.append(v.says(me, _("You play {card}."), _("{who} plays {card}."), card=s.public))
    sweeps_b, sweeps_a = b.get("sweeps") or [0, 0], a.get("sweeps") or [0, 0]
    for t in (0, 1):
        if sweeps_a[t] > sweeps_b[t]:
            out.append(_("Sweep! {n} to {team}.").format(n=sweeps_a[t] - sweeps_b[t], team=v.team(t)))
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
            if gained >= 1:
                last = ngettext(
                    "The last card on the floor goes to {team}, who captured last.",
                    "The last {n} cards on the floor go to {team}, who captured last.",
                    gained,
                )
                out.append(last.format(n=gained, team=v.team(t)))
    return out


def _seep_end(game: Any, state: Any, result: Any, view: dict[str, Any], v: Voice) -> list[str]:
    d = result.details
    if result.result == "misdeal":  # who deals again is said after it (`narrate_hand_end`)
        misdeal = (
            _("Misdeal: you held no card above 8 ({cards}), so there is no bid."),
            _("Misdeal: {who} held no card above 8 ({cards}), so there is no bid."),
        )
        return [v.says(d["bidder"], *misdeal, cards=_cards(d["bidder_cards"]))]
    me = v.me % 2 if v.me is not None else 0
    order = (me, 1 - me)
    cp, sw, totals = d["card_points"], d["sweeps"], d["totals"]
    sweep_list = d["sweep_list"]
    out = [_("Card points: {scores}.").format(scores=", ".join(v.score(t, cp[t]) for t in order))]
    if any(d.get("majority_bonus") or []):
        t = 0 if d["majority_bonus"][0] else 1
        most = (
            _("Your team took the most cards: {n} of those points."),
            _("{team} took the most cards: {n} of those points."),
        )
        out.append(v.team_says(t, *most, n=d["majority_bonus"][t]))
    sweeps = []
    for t in order:
        if sweep_list[t]:
            n = len(sweep_list[t])
            sweeps.append(v.score(t, f"{_plural(n, 'sweep')} ({sw[t]})"))
        else:
            sweeps.append(v.score(t, _("none")))
    out.append(_("Sweeps: {scores}.").format(scores=", ".join(sweeps)))
    out.append(_("This hand: {scores}.").format(scores=", ".join(v.score(t, totals[t]) for t in order)))
    if list(d["counted"]) != list(totals):
        counted = ", ".join(v.score(t, d["counted"][t]) for t in order)
        out.append(_("Under 9 card points, only sweeps count: {scores}.").format(scores=counted))
    after = d["difference_after"]
    baazi = d.get("baazi")
    if baazi is not None:
        t = baazi["team"]
        if baazi["why"] == "nine_point_rule":
            why = _("the other side took fewer than 9 points")
        else:
            why = _("a lead of {n} or more").format(n=game.rules.baazi_lead)
        won = (
            _("Your team wins a baazi ({why}); the difference starts again from 0."),
            _("{team} win a baazi ({why}); the difference starts again from 0."),
        )
        out.append(v.team_says(t, *won, why=why))
        baazis = game.match_json(state).get("baazis") or [0, 0]
        out.append(_("Baazis: {scores}.").format(scores=", ".join(v.score(t, baazis[t]) for t in order)))
    elif after == 0:
        out.append(_("The difference is level at 0."))
    else:
        lead = 0 if after > 0 else 1
        leads = (_("Your team leads the match by {n}."), _("{team} lead the match by {n}."))
        out.append(v.team_says(lead, *leads, n=abs(after)))
    return out


def spectator_avoids(game: Any, state: Any) -> tuple[set[int], set[int]]:
    """The seat whose view holds more than a spectator may know: the bidder, who sees its four
    cards first. See `cardtable.narrate.public_seat`."""
    return {(game.dealer(state) + 1) % 4}, set()


step = _seep_step
hand_end = _seep_end

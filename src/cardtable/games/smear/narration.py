"""Smear told in words (`cardtable.narrate`): the auction, the lead that sets trump, each trick
with its Game count and the High, Low and Jack it holds, and the hand's end (High, Low, Jack and
Game, a dead point said as such, the bid made or set, the match score)."""

from __future__ import annotations

from typing import Any

from cardtable.render import SUIT_NAMES, pretty_card
from cardtable.voice import Step as _Step
from cardtable.voice import Voice
from cardtable.voice import and_ as _and
from cardtable.voice import cards as _cards
from cardtable.voice import number as _number
from cardtable.voice import plural as _plural
from cardtable.voice import signed as _signed

#: Seats 0 and 2 play against 1 and 3.
PARTNERSHIPS = True
#: R5: each card's value toward Game.
SMEAR_GAME_VALUES = {"A": 4, "K": 3, "Q": 2, "J": 1, "10": 10}


def _smear_step(s: _Step) -> list[str]:
    v = s.voice
    b, a = s.before, s.after
    out: list[str] = []
    if s.verb == "pass":
        out.append(s.does("pass"))
    elif s.verb == "bid":
        out.append(s.does("bid", s.words[1]))
    elif s.verb == "discard":
        if s.words[1:2] and s.words[1].isdigit():  # "discard 2 cards face down"
            out.append(s.does("discard", f"{_plural(int(s.words[1]), 'card')} face down"))
        else:
            out.append(s.does("discard", _cards(s.words[1:])))
    elif s.verb == "play":
        card = s.words[1]
        if b.get("trump") is None and a.get("trump") is not None:
            suit = a["trump"]
            out.append(s.does("lead", f"{pretty_card(card)}: {SUIT_NAMES[suit]} are trump"))
        else:
            out.append(s.does("play", pretty_card(card)))
    else:
        out.append(s.does("play", s.public))
    if b.get("phase") == "auction" and a.get("phase") != "auction":
        if a.get("bidder") is None:
            out.append("Everyone passes: the hand is thrown in.")
        else:
            out.append(f"{v.subject(a['bidder'], 'win')} the bid at {a['bid']}.")
            kitty = s.game.rules.kitty_size
            if kitty:
                took = f": {_cards(a['kitty'])}" if a.get("kitty") else ""
                out.append(f"{v.subject(a['bidder'], 'take')} the kitty of {_plural(kitty, 'card')}{took}.")
    tricks_b, tricks_a = b.get("tricks") or [], a.get("tricks") or []
    if len(tricks_a) > len(tricks_b):
        out.append(_smear_trick(s, tricks_a[-1], len(tricks_a), a.get("trump")))
    return out


def _smear_trick(s: _Step, trick: dict[str, Any], number: int, trump: str | None) -> str:
    v = s.voice
    leader, cards, winner = trick["leader"], trick["cards"], trick["winner"]
    won_with = cards[(winner - leader) % 4]
    game_points = sum(SMEAR_GAME_VALUES.get(c[:-1], 0) for c in cards)
    text = f"{v.subject(winner, 'take')} trick {number} with {pretty_card(won_with)}"
    text += f": {game_points} toward Game" if game_points else ": nothing toward Game"
    notes: dict[int, list[str]] = {}
    rules = s.game.rules
    if trump is not None:
        if rules.high_rule == "ace_only" and "A" + trump in cards:
            notes.setdefault(winner % 2, []).append("High")
        seven = "7" + trump
        if rules.low_rule == "seven_only" and seven in cards:
            player = (leader + cards.index(seven)) % 4
            notes.setdefault(player % 2 if rules.low_awarded_to == "player" else winner % 2, []).append("Low")
        if "J" + trump in cards:
            notes.setdefault(winner % 2, []).append("the Jack")
    if notes:
        text += "; " + "; ".join(f"{_and(labels)} to {v.team(team)}" for team, labels in notes.items())
    return text + "."


def _smear_end(game: Any, state: Any, result: Any, view: dict[str, Any], v: Voice) -> list[str]:
    d = result.details
    if result.result == "passed_out":
        return ["Everyone passed: no score this hand."]
    bidder, bid, trump = d["bidder"], d["bid"], d["trump"]
    bidding = bidder % 2
    out = [f"{v.cap(bidder)} bid {bid} with {SUIT_NAMES[trump]} trump."]
    points = d["points"]
    by_team: dict[int, list[str]] = {0: [], 1: []}
    dead: list[str] = []
    dead_stock = set(view.get("dead") or [])
    own_discard = set(view.get("discard") or [])
    for key, label, rank in (("high", "High", "A"), ("low", "Low", "7"), ("jack", "Jack", "J")):
        team = points[key]
        card = d.get(f"{key}_card") if key != "jack" else "J" + trump
        shown = f" {pretty_card(card)}" if card and key != "jack" else ""
        if team is not None:
            by_team[team].append(f"{label}{shown}")
            continue
        card = rank + trump
        if key == "jack" and game.rules.discards_as_captured:
            pass
        if card in dead_stock:
            dead.append(f"{label} is dead ({pretty_card(card)} in the dead stock)")
        elif card in own_discard:
            dead.append(f"{label} is dead ({v.name(bidder)} discarded {pretty_card(card)})")
        else:
            dead.append(f"{label} is dead ({pretty_card(card)} was not played)")
    counts = d["game_counts"]
    if points["game"] is not None:
        g = points["game"]
        by_team[g].append(f"Game {counts[g]}–{counts[1 - g]}")
    else:
        dead.append(f"Game is tied {counts[0]}–{counts[1]}: nobody scores it")
    said = [f"{_and(by_team[t])} to {v.team(t)}" for t in (bidding, 1 - bidding) if by_team[t]]
    if said:
        text = "; ".join(said)
        out.append(text[:1].upper() + text[1:] + ".")
    for line in dead:
        out.append(line + ".")
    made = d["made"]
    change, scores = d["change"], d["scores"]
    bid_team = v.team_subject(bidding)
    if made:
        out.append(f"{bid_team} bid {bid} and made it: {_signed(change[bidding])}.")
    else:
        got = d["team_points"][bidding]
        out.append(f"{bid_team} bid {bid} and took {got}: set, {_signed(change[bidding])}.")
    other = 1 - bidding
    if change[other]:
        out.append(f"{v.team_does(other, 'score')} {_signed(change[other])}.")
    else:
        out.append(f"{v.team_does(other, 'score')} nothing.")
    first = v.me % 2 if v.me is not None else 0
    out.append(f"Match: {v.score(first, scores[first])}, {v.score(1 - first, scores[1 - first])}.")
    if d.get("winner"):
        team = d["winner"][0] % 2
        out.append(f"{v.team_does(team, 'win')} the match, {_number(scores[team])} to {_number(scores[1 - team])}.")
    return out


def spectator_avoids(game: Any, state: Any) -> tuple[set[int], set[int]]:
    """The seats whose view holds more than a spectator may know: the bidder (the kitty and
    discard). See `cardtable.narrate.public_seat`."""
    bidder = game.observe(state, 0).bidder
    return ({bidder} if bidder is not None else set()), set()


step = _smear_step
hand_end = _smear_end

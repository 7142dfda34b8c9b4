"""Smear told in words (`cardtable.narrate`): the auction, the lead that sets trump, each trick
with its Game count and the High, Low and Jack it holds, and the hand's end (High, Low, Jack and
Game, a dead point said as such, the bid made or set, the match score)."""

from __future__ import annotations

from typing import Any

from cardtable.i18n import N_, _
from cardtable.render import pretty_card
from cardtable.voice import Step as _Step
from cardtable.voice import Voice
from cardtable.voice import and_ as _and
from cardtable.voice import cards as _cards
from cardtable.voice import number as _number
from cardtable.voice import plural as _plural
from cardtable.voice import signed as _signed
from cardtable.voice import suit as _suit

#: Seats 0 and 2 play against 1 and 3.
PARTNERSHIPS = True
#: The languages Smear is told in (docs/languages.md).
LANGUAGES = ("en", "de", "hi")
#: R5: each card's value toward Game.
SMEAR_GAME_VALUES = {"A": 4, "K": 3, "Q": 2, "J": 1, "10": 10}
#: The four points of a hand (R6-R9), by the names Smear players give them.
POINT_NAMES = {"high": N_("High"), "low": N_("Low"), "jack": N_("Jack"), "game": N_("Game")}


def _smear_step(s: _Step) -> list[str]:
    v = s.voice
    b, a = s.before, s.after
    out: list[str] = []
    me = s.seat
    if s.verb == "pass":
        out.append(v.says(me, _("You pass."), _("{who} passes.")))
    elif s.verb == "bid":
        out.append(v.says(me, _("You bid {bid}."), _("{who} bids {bid}."), bid=s.words[1]))
    elif s.verb == "discard":
        if s.words[1:2] and s.words[1].isdigit():  # "discard 2 cards face down"
            count = _plural(int(s.words[1]), "card")
            out.append(
                v.says(me, _("You discard {cards} face down."), _("{who} discards {cards} face down."), cards=count)
            )
        else:
            out.append(v.says(me, _("You discard {cards}."), _("{who} discards {cards}."), cards=_cards(s.words[1:])))
    elif s.verb == "play":
        card = pretty_card(s.words[1])
        if b.get("trump") is None and a.get("trump") is not None:
            lead = (_("You lead {card}: {suit} are trump."), _("{who} leads {card}: {suit} are trump."))
            out.append(v.says(me, *lead, card=card, suit=_suit(a["trump"])))
        else:
            out.append(v.says(me, _("You play {card}."), _("{who} plays {card}."), card=card))
    else:
        out.append(v.says(me, _("You play {card}."), _("{who} plays {card}."), card=s.public))
    if b.get("phase") == "auction" and a.get("phase") != "auction":
        if a.get("bidder") is None:
            out.append(_("Everyone passes: the hand is thrown in."))
        else:
            bidder = a["bidder"]
            out.append(v.says(bidder, _("You win the bid at {bid}."), _("{who} wins the bid at {bid}."), bid=a["bid"]))
            kitty = s.game.rules.kitty_size
            if kitty:
                count = _plural(kitty, "card")
                if a.get("kitty"):
                    took = (
                        _("You take the kitty of {count}: {cards}."),
                        _("{who} takes the kitty of {count}: {cards}."),
                    )
                    out.append(v.says(bidder, *took, count=count, cards=_cards(a["kitty"])))
                else:
                    took = (_("You take the kitty of {count}."), _("{who} takes the kitty of {count}."))
                    out.append(v.says(bidder, *took, count=count))
    tricks_b, tricks_a = b.get("tricks") or [], a.get("tricks") or []
    if len(tricks_a) > len(tricks_b):
        out.append(_smear_trick(s, tricks_a[-1], len(tricks_a), a.get("trump")))
    return out


def _smear_trick(s: _Step, trick: dict[str, Any], number: int, trump: str | None) -> str:
    v = s.voice
    leader, cards, winner = trick["leader"], trick["cards"], trick["winner"]
    won_with = pretty_card(cards[(winner - leader) % 4])
    game_points = sum(SMEAR_GAME_VALUES.get(c[:-1], 0) for c in cards)
    if game_points:
        took = (
            _("You take trick {n} with {card}: {points} toward Game"),
            _("{who} takes trick {n} with {card}: {points} toward Game"),
        )
    else:
        took = (
            _("You take trick {n} with {card}: nothing toward Game"),
            _("{who} takes trick {n} with {card}: nothing toward Game"),
        )
    text = v.says(winner, *took, n=number, card=won_with, points=game_points)
    notes: dict[int, list[str]] = {}
    rules = s.game.rules
    if trump is not None:
        if rules.high_rule == "ace_only" and "A" + trump in cards:
            notes.setdefault(winner % 2, []).append(_("High"))
        seven = "7" + trump
        if rules.low_rule == "seven_only" and seven in cards:
            player = (leader + cards.index(seven)) % 4
            notes.setdefault(player % 2 if rules.low_awarded_to == "player" else winner % 2, []).append(_("Low"))
        if "J" + trump in cards:
            notes.setdefault(winner % 2, []).append(_("the Jack"))
    if notes:
        text += "; " + "; ".join(
            _("{what} to {team}").format(what=_and(labels), team=v.team(team)) for team, labels in notes.items()
        )
    return text + "."


def _smear_end(game: Any, state: Any, result: Any, view: dict[str, Any], v: Voice) -> list[str]:
    d = result.details
    if result.result == "passed_out":
        return [_("Everyone passed: no score this hand.")]
    bidder, bid, trump = d["bidder"], d["bid"], d["trump"]
    bidding = bidder % 2
    trumped = (_("You bid {bid} with {suit} trump."), _("{who} bid {bid} with {suit} trump."))
    out = [v.says(bidder, *trumped, bid=bid, suit=_suit(trump))]
    points = d["points"]
    by_team: dict[int, list[str]] = {0: [], 1: []}
    dead: list[str] = []
    dead_stock = set(view.get("dead") or [])
    own_discard = set(view.get("discard") or [])
    for key, rank in (("high", "A"), ("low", "7"), ("jack", "J")):
        label = _(POINT_NAMES[key])
        team = points[key]
        card = d.get(f"{key}_card") if key != "jack" else "J" + trump
        shown = f" {pretty_card(card)}" if card and key != "jack" else ""
        if team is not None:
            by_team[team].append(f"{label}{shown}")
            continue
        card = rank + trump
        if card in dead_stock:
            dead.append(_("{label} is dead ({card} in the dead stock)").format(label=label, card=pretty_card(card)))
        elif card in own_discard:
            if bidder == v.me:
                dead.append(_("{label} is dead (you discarded {card})").format(label=label, card=pretty_card(card)))
            else:
                gone = _("{label} is dead ({who} discarded {card})")
                dead.append(gone.format(label=label, who=v.name(bidder), card=pretty_card(card)))
        else:
            dead.append(_("{label} is dead ({card} was not played)").format(label=label, card=pretty_card(card)))
    counts = d["game_counts"]
    if points["game"] is not None:
        g = points["game"]
        by_team[g].append(f"{_(POINT_NAMES['game'])} {counts[g]}–{counts[1 - g]}")
    else:
        dead.append(_("Game is tied {a}–{b}: nobody scores it").format(a=counts[0], b=counts[1]))
    said = [
        _("{what} to {team}").format(what=_and(by_team[t]), team=v.team(t))
        for t in (bidding, 1 - bidding)
        if by_team[t]
    ]
    if said:
        text = "; ".join(said)
        out.append(text[:1].upper() + text[1:] + ".")
    for line in dead:
        out.append(line + ".")
    made = d["made"]
    change, scores = d["change"], d["scores"]
    if made:
        made_it = (_("Your team bid {bid} and made it: {change}."), _("{team} bid {bid} and made it: {change}."))
        out.append(v.team_says(bidding, *made_it, bid=bid, change=_signed(change[bidding])))
    else:
        got = d["team_points"][bidding]
        set_ = (
            _("Your team bid {bid} and took {got}: set, {change}."),
            _("{team} bid {bid} and took {got}: set, {change}."),
        )
        out.append(v.team_says(bidding, *set_, bid=bid, got=got, change=_signed(change[bidding])))
    other = 1 - bidding
    if change[other]:
        scored = (_("Your team scores {change}."), _("{team} score {change}."))
        out.append(v.team_says(other, *scored, change=_signed(change[other])))
    else:
        out.append(v.team_says(other, _("Your team scores nothing."), _("{team} score nothing.")))
    first = v.me % 2 if v.me is not None else 0
    both = f"{v.score(first, scores[first])}, {v.score(1 - first, scores[1 - first])}"
    out.append(_("Match: {scores}.").format(scores=both))
    if d.get("winner"):
        team = d["winner"][0] % 2
        won = (_("Your team wins the match, {a} to {b}."), _("{team} win the match, {a} to {b}."))
        out.append(v.team_says(team, *won, a=_number(scores[team]), b=_number(scores[1 - team])))
    return out


def spectator_avoids(game: Any, state: Any) -> tuple[set[int], set[int]]:
    """The seats whose view holds more than a spectator may know: the bidder (the kitty and
    discard). See `cardtable.narrate.public_seat`."""
    bidder = game.observe(state, 0).bidder
    return ({bidder} if bidder is not None else set()), set()


step = _smear_step
hand_end = _smear_end

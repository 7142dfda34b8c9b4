"""Sheepshead told in words (`cardtable.narrate`): picking, burying face down, the call, each
trick with its points, and the hand's end (the picker and partner, their points, schneider or
schwarz, each seat's payment and the multiplier with its reasons)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.render import pretty_card
from cardtable.voice import Step as _Step
from cardtable.voice import Voice
from cardtable.voice import and_ as _and
from cardtable.voice import cards as _cards
from cardtable.voice import number as _number
from cardtable.voice import plural as _plural
from cardtable.voice import signed as _signed

from .drawing import CARD_POINTS as SHEEPSHEAD_CARD_POINTS


def _sheepshead_points(cards: Sequence[str | None]) -> int:
    return sum(SHEEPSHEAD_CARD_POINTS.get(c[:-1], 0) for c in cards if c)


def _sheepshead_step(s: _Step) -> list[str]:
    v = s.voice
    b, a = s.before, s.after
    out: list[str] = []
    verb = s.verb
    if verb == "pass":
        phase = b.get("phase")
        out.append(
            s.does("pass")
            if phase == "pick"
            else s.does("decline", "to re-crack" if phase == "recrack" else "to crack")
        )
    elif verb == "pick":
        out.append(s.does("pick") + (f" The blind: {_cards(a['blind'])}." if a.get("blind") else ""))
    elif verb == "blitz":
        out.append(s.does("pick", "and shows a pair of queens (blitz: the hand counts double)"))
    elif verb == "bury":
        if s.words[1].isdigit():
            out.append(s.does("bury", "two cards face down"))
        else:
            cards = s.words[1:]
            out.append(s.does("bury", f"{_cards(cards)} ({_plural(_sheepshead_points(cards), 'point')})"))
    elif verb == "alone":
        out.append(s.does("go", "alone"))
    elif verb == "call":
        called = pretty_card(s.words[1])
        if "unknown" in s.words:
            hidden = s.words[s.words.index("unknown") + 1 :]
            under = "a card face down" if hidden[:1] == ["with"] else pretty_card(hidden[0]) + " face down"
            out.append(s.does("call", f"the {called}, setting {under} under it (an unknown call)"))
        else:
            out.append(s.does("call", f"the {called}"))
    elif verb == "crack":
        out.append(s.does("crack", "(the hand counts double)"))
    elif verb == "recrack":
        out.append(s.does("re-crack", "(double again)"))
    elif verb == "play":
        if s.public == "play a card face down":
            out.append(s.does("play", "a card face down"))
        else:
            out.append(s.does("play", pretty_card(s.words[1])))
    else:
        out.append(s.does("play", s.public))
    if b.get("call") is None and isinstance(a.get("call"), dict) and a["call"].get("kind") == "jack_of_diamonds":
        out.append("The J♦ is the picker's partner.")
    if b.get("phase") == "pick" and a.get("picker") is None and a.get("phase") != "pick":
        rule = s.game.rules.no_pick_rule
        played = {"leaster": "a leaster, where the fewest points win", "doubler": "the next hand counts double"}
        out.append(f"Nobody picks: {played.get(rule, rule.replace('_', ' '))}.")
    if not b.get("partner_known") and a.get("partner_known") and a.get("partner") is not None:
        picker = a.get("picker")
        partner = a["partner"]
        if partner != s.voice.me:
            out.append(
                f"{v.subject(partner, 'be')} {v.name(picker)}{'r' if picker == v.me else chr(39) + 's'} partner."
            )
    tricks_b, tricks_a = b.get("tricks") or [], a.get("tricks") or []
    if len(tricks_a) > len(tricks_b):
        trick = tricks_a[-1]
        leader, cards, winner = trick["leader"], trick["cards"], trick["winner"]
        won_with = cards[(winner - leader) % 5]
        with_text = "a card face down" if won_with is None else pretty_card(won_with)
        points = _plural(_sheepshead_points(cards), "point")
        if None in cards:
            points += " and a card face down"
        out.append(f"{v.subject(winner, 'take')} trick {len(tricks_a)} with {with_text}: {points}.")
    return out


OUTCOME_WORDS = {
    "win": "wins (61 points or more)",
    "schneider": "wins with schneider (91 or more)",
    "all tricks": "takes every trick: schwarz",
    "loss": "loses (60 points or fewer)",
    "schneidered": "loses and is schneidered (30 or less)",
    "no trick": "takes no trick: schwarz",
}


def _possessive(v: Voice, seat: int) -> str:
    return "your" if seat == v.me else f"{v.name(seat)}'s"


def _sheepshead_end(game: Any, state: Any, result: Any, view: dict[str, Any], v: Voice) -> list[str]:
    d = result.details
    kind = result.result
    out: list[str] = []
    if kind == "played":
        picker, partner = d["picker"], d["partner"]
        call = d["call"]
        if call == "alone":
            out.append(f"{v.cap(picker)} picked and went alone.")
        elif call is None:
            out.append(f"{v.cap(picker)} picked.")
        else:
            called = pretty_card(call)
            if partner is None:
                out.append(f"{v.cap(picker)} picked and called the {called}, held by nobody else: alone.")
            else:
                out.append(f"{v.cap(picker)} picked and called the {called}; {v.name(partner)} held it.")
        side = f"{v.name(picker)}, alone" if partner is None else f"{v.name(picker)} and {v.name(partner)}"
        side = side[:1].upper() + side[1:]
        bury = view.get("bury") or []
        bury_text = f"{_possessive(v, picker)} bury: {_cards(bury)}, {_plural(d['bury_points'], 'point')}"
        out.append(bury_text[:1].upper() + bury_text[1:] + ".")
        tricks = _plural(d["picker_tricks"], "trick")
        out.append(
            f"{side}: {_plural(d['picker_points'], 'point')} in {tricks} (the bury counted); "
            f"the defenders {d['defender_points']}."
        )
        words = OUTCOME_WORDS.get(d["outcome"], d["outcome"])
        out.append(f"The picker's side {words}.")
        out.append(_multiplier(game, view, d, v))
    elif kind == "leaster":
        out.extend(_no_pick_end(d, v, game.rules.leaster_requires_trick))
    elif kind == "doubler":
        out.append("Nobody picked: the hand is thrown in and the next one counts double.")
    else:
        out.append("Nobody picked: the hand is thrown in.")
    if any(result.score):
        pays = [f"{v.name(s)} {_signed(p)}" for s, p in enumerate(result.score)]
        out.append("Payments: " + ", ".join(pays) + ".")
    scores = game.match_json(state).get("scores") or []
    if scores:
        out.append("Totals: " + ", ".join(f"{v.name(s)} {_number(p)}" for s, p in enumerate(scores)) + ".")
    return out


def _multiplier(game: Any, view: dict[str, Any], d: dict[str, Any], v: Voice) -> str:
    m = d["multiplier"]
    why = []
    pending = view.get("pending_doublers") or 0
    if pending:
        why.append("a doubler" if pending == 1 else f"{pending} doublers")
    cracks = view.get("cracks") or 0
    if cracks:
        why.append(f"cracked by {v.name(view.get('cracker'))}" + (" and re-cracked" if cracks > 1 else ""))
    for pair in view.get("blitz") or []:
        why.append(f"blitz ({pair} queens)")
    limit = game.rules.multiplier_limit
    capped = f", limited to ×{limit}" if limit is not None and m == limit and why else ""
    bump = game.rules.double_on_the_bump and d["outcome"] in ("loss", "schneidered", "no trick")
    text = f"Multiplier ×{m}"
    text += f": {_and(why)}{capped}" if why else " (no doubler, crack or blitz)"
    if d["level"] > 1:
        text += "; schneider doubles it" if d["level"] == 2 else "; schwarz triples it"
    if bump:
        text += "; the picker's loss is doubled (double on the bump)"
    return text + "."


def _no_pick_end(d: dict[str, Any], v: Voice, needs_trick: bool) -> list[str]:
    game = d["no_pick"]
    out = [f"Nobody picked: a {game}."]
    if game == "schwanzer":
        out.append(f"{v.subject(d['loser'], 'hold')} the most trumps and pays each of the others.")
        return out
    points = d["points"]
    out.append("Points: " + ", ".join(f"{v.name(s)} {p}" for s, p in enumerate(points)) + ".")
    if d.get("blind_to") is not None:
        blind = f"{_cards(d['blind'])}, {_plural(d['blind_points'], 'point')}"
        out.append(f"The blind ({blind}) went to {v.name(d['blind_to'])}.")
    winners = d.get("winners") or []
    if d.get("loser") is not None:
        out.append(f"{v.subject(d['loser'], 'have')} the most points and pays.")
    elif winners:
        names = _and([v.name(w) for w in winners])
        why = {
            "leaster": "the fewest points" + (" among the seats that took a trick" if needs_trick else ""),
            "mittler": "the middle total",
            "schneidster": "the total closest to 30 without going over",
        }.get(game, "")
        verb = "win" if len(winners) > 1 or winners[0] == v.me else "wins"
        out.append(f"{names[:1].upper()}{names[1:]} {verb}" + (f": {why}." if why else "."))
    else:
        out.append("A tie: nobody wins.")
    return out


def spectator_avoids(game: Any, state: Any) -> tuple[set[int], set[int]]:
    """The seats whose view holds more than a spectator may know: the picker and partner (asked
    to avoid before the others), and a seat that has looked at cards face down. See
    `cardtable.narrate.public_seat`."""
    setup = state.setup
    first = {s for s in (setup.picker, setup.partner) if s >= 0}
    avoid = set(first)
    for seat in range(game.seats):
        if seat not in avoid and game.observe(state, seat).unknown is not None:
            avoid.add(seat)
    return avoid, first


step = _sheepshead_step
hand_end = _sheepshead_end

"""Sheepshead told in words (`cardtable.narrate`): picking, burying face down, the call, each
trick with its points, and the hand's end (the picker and partner, their points, schneider or
schwarz, each seat's payment and the multiplier with its reasons)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.i18n import N_, _, ngettext
from cardtable.render import pretty_card
from cardtable.voice import Step as _Step
from cardtable.voice import Voice
from cardtable.voice import and_ as _and
from cardtable.voice import cap as _cap
from cardtable.voice import cards as _cards
from cardtable.voice import number as _number
from cardtable.voice import plural as _plural
from cardtable.voice import signed as _signed

from .drawing import CARD_POINTS as SHEEPSHEAD_CARD_POINTS

#: The languages Sheepshead is told in (docs/languages.md).
LANGUAGES = ("en", "de", "hi")


def _sheepshead_points(cards: Sequence[str | None]) -> int:
    return sum(SHEEPSHEAD_CARD_POINTS.get(c[:-1], 0) for c in cards if c)


#: What happens when nobody picks, by the rule (R14).
NO_PICK_WORDS = {"leaster": N_("a leaster, where the fewest points win"), "doubler": N_("the next hand counts double")}


def _sheepshead_step(s: _Step) -> list[str]:
    v = s.voice
    b, a = s.before, s.after
    out: list[str] = []
    verb = s.verb
    me = s.seat
    if verb == "pass":
        phase = b.get("phase")
        if phase == "pick":
            out.append(v.says(me, _("You pass."), _("{who} passes.")))
        elif phase == "recrack":
            out.append(v.says(me, _("You decline to re-crack."), _("{who} declines to re-crack.")))
        else:
            out.append(v.says(me, _("You decline to crack."), _("{who} declines to crack.")))
    elif verb == "pick":
        picks = v.says(me, _("You pick."), _("{who} picks."))
        blind = " " + _("The blind: {cards}.").format(cards=_cards(a["blind"])) if a.get("blind") else ""
        out.append(picks + blind)
    elif verb == "blitz":
        out.append(
            v.says(
                me,
                _("You pick and show a pair of queens (blitz: the hand counts double)."),
                _("{who} picks and shows a pair of queens (blitz: the hand counts double)."),
            )
        )
    elif verb == "bury":
        if s.words[1].isdigit():
            out.append(v.says(me, _("You bury two cards face down."), _("{who} buries two cards face down.")))
        else:
            cards = s.words[1:]
            points = _plural(_sheepshead_points(cards), "point")
            out.append(
                v.says(
                    me,
                    _("You bury {cards} ({points})."),
                    _("{who} buries {cards} ({points})."),
                    cards=_cards(cards),
                    points=points,
                )
            )
    elif verb == "alone":
        out.append(v.says(me, _("You go alone."), _("{who} goes alone.")))
    elif verb == "call":
        called = pretty_card(s.words[1])
        if "unknown" in s.words:
            hidden = s.words[s.words.index("unknown") + 1 :]
            under = (
                _("a card face down")
                if hidden[:1] == ["with"]
                else _("{card} face down").format(card=pretty_card(hidden[0]))
            )
            calls = (
                _("You call the {card}, setting {under} under it (an unknown call)."),
                _("{who} calls the {card}, setting {under} under it (an unknown call)."),
            )
            out.append(v.says(me, *calls, card=called, under=under))
        else:
            out.append(v.says(me, _("You call the {card}."), _("{who} calls the {card}."), card=called))
    elif verb == "crack":
        out.append(v.says(me, _("You crack (the hand counts double)."), _("{who} cracks (the hand counts double).")))
    elif verb == "recrack":
        out.append(v.says(me, _("You re-crack (double again)."), _("{who} re-cracks (double again).")))
    elif verb == "play":
        shown = _("a card face down") if s.public == "play a card face down" else pretty_card(s.words[1])
        out.append(v.says(me, _("You play {card}."), _("{who} plays {card}."), card=shown))
    else:
        out.append(v.says(me, _("You play {card}."), _("{who} plays {card}."), card=s.public))
    if b.get("call") is None and isinstance(a.get("call"), dict) and a["call"].get("kind") == "jack_of_diamonds":
        out.append(_("The J♦ is the picker's partner."))
    if b.get("phase") == "pick" and a.get("picker") is None and a.get("phase") != "pick":
        rule = s.game.rules.no_pick_rule
        said = _(NO_PICK_WORDS[rule]) if rule in NO_PICK_WORDS else rule.replace("_", " ")
        out.append(_("Nobody picks: {what}.").format(what=said))
    if not b.get("partner_known") and a.get("partner_known") and a.get("partner") is not None:
        picker = a.get("picker")
        partner = a["partner"]
        if partner != s.voice.me:
            if picker == v.me:
                out.append(v.says(partner, "", _("{who} is your partner.")))
            else:
                out.append(v.says(partner, "", _("{who} is {picker}'s partner."), picker=v.name(picker)))
    tricks_b, tricks_a = b.get("tricks") or [], a.get("tricks") or []
    if len(tricks_a) > len(tricks_b):
        trick = tricks_a[-1]
        leader, cards, winner = trick["leader"], trick["cards"], trick["winner"]
        won_with = cards[(winner - leader) % 5]
        with_text = _("a card face down") if won_with is None else pretty_card(won_with)
        points = _plural(_sheepshead_points(cards), "point")
        if None in cards:
            points = _("{points} and a card face down").format(points=points)
        takes = (_("You take trick {n} with {card}: {points}."), _("{who} takes trick {n} with {card}: {points}."))
        out.append(v.says(winner, *takes, n=len(tricks_a), card=with_text, points=points))
    return out


#: How the picker's side did, by the engine's outcome (R30-R33).
OUTCOME_WORDS = {
    "win": N_("The picker's side wins (61 points or more)."),
    "schneider": N_("The picker's side wins with schneider (91 or more)."),
    "all tricks": N_("The picker's side takes every trick: schwarz."),
    "loss": N_("The picker's side loses (60 points or fewer)."),
    "schneidered": N_("The picker's side loses and is schneidered (30 or less)."),
    "no trick": N_("The picker's side takes no trick: schwarz."),
}


def _sheepshead_end(game: Any, state: Any, result: Any, view: dict[str, Any], v: Voice) -> list[str]:
    d = result.details
    kind = result.result
    out: list[str] = []
    if kind == "played":
        picker, partner = d["picker"], d["partner"]
        call = d["call"]
        if call == "alone":
            out.append(v.says(picker, _("You picked and went alone."), _("{who} picked and went alone.")))
        elif call is None:
            out.append(v.says(picker, _("You picked."), _("{who} picked.")))
        else:
            called = pretty_card(call)
            if partner is None:
                alone = (
                    _("You picked and called the {card}, held by nobody else: alone."),
                    _("{who} picked and called the {card}, held by nobody else: alone."),
                )
                out.append(v.says(picker, *alone, card=called))
            elif partner == v.me:
                out.append(v.says(picker, "", _("{who} picked and called the {card}; you held it."), card=called))
            else:
                held = (
                    _("You picked and called the {card}; {partner} held it."),
                    _("{who} picked and called the {card}; {partner} held it."),
                )
                out.append(v.says(picker, *held, card=called, partner=v.name(partner)))
        if partner is None:
            side = _("{picker}, alone").format(picker=v.name(picker))
        else:
            side = _("{a} and {b}").format(a=v.name(picker), b=v.name(partner))
        bury = view.get("bury") or []
        buried = (_("Your bury: {cards}, {points}."), _("{who}'s bury: {cards}, {points}."))
        out.append(v.says(picker, *buried, cards=_cards(bury), points=_plural(d["bury_points"], "point")))
        counted = _("{side}: {points} in {tricks} (the bury counted); the defenders {n}.")
        points, tricks = _plural(d["picker_points"], "point"), _plural(d["picker_tricks"], "trick")
        out.append(_cap(counted.format(side=side, points=points, tricks=tricks, n=d["defender_points"])))
        outcome = d["outcome"]
        out.append(_(OUTCOME_WORDS[outcome]) if outcome in OUTCOME_WORDS else f"The picker's side {outcome}.")
        out.append(_multiplier(game, view, d, v))
    elif kind == "leaster":
        out.extend(_no_pick_end(d, v, game.rules.leaster_requires_trick))
    elif kind == "doubler":
        out.append(_("Nobody picked: the hand is thrown in and the next one counts double."))
    else:
        out.append(_("Nobody picked: the hand is thrown in."))
    if any(result.score):
        pays = ", ".join(f"{v.name(s)} {_signed(p)}" for s, p in enumerate(result.score))
        out.append(_("Payments: {list}.").format(list=pays))
    scores = game.match_json(state).get("scores") or []
    if scores:
        out.append(
            _("Totals: {list}.").format(list=", ".join(f"{v.name(s)} {_number(p)}" for s, p in enumerate(scores)))
        )
    return out


def _multiplier(game: Any, view: dict[str, Any], d: dict[str, Any], v: Voice) -> str:
    m = d["multiplier"]
    why = []
    pending = view.get("pending_doublers") or 0
    if pending:
        why.append(ngettext("a doubler", "{n} doublers", pending).format(n=pending))
    cracks = view.get("cracks") or 0
    if cracks:
        cracker = v.name(view.get("cracker"))
        cracked = _("cracked by {who} and re-cracked") if cracks > 1 else _("cracked by {who}")
        why.append(cracked.format(who=cracker))
    for pair in view.get("blitz") or []:
        why.append(_("blitz ({pair} queens)").format(pair=_(pair) if pair in ("black", "red") else pair))
    limit = game.rules.multiplier_limit
    capped = _(", limited to ×{n}").format(n=limit) if limit is not None and m == limit and why else ""
    bump = game.rules.double_on_the_bump and d["outcome"] in ("loss", "schneidered", "no trick")
    if why:
        text = _("Multiplier ×{m}: {why}").format(m=m, why=_and(why) + capped)
    else:
        text = _("Multiplier ×{m} (no doubler, crack or blitz)").format(m=m)
    if d["level"] > 1:
        text += _("; schneider doubles it") if d["level"] == 2 else _("; schwarz triples it")
    if bump:
        text += _("; the picker's loss is doubled (double on the bump)")
    return text + "."


#: Colours of a blitz's pair of queens, as the engine names them.
BLITZ_COLOURS = (N_("black"), N_("red"))

#: Who wins a hand nobody picked, by the game played (R14).
NO_PICK_WHY = {
    "mittler": N_("the middle total"),
    "schneidster": N_("the total closest to 30 without going over"),
}


def _no_pick_end(d: dict[str, Any], v: Voice, needs_trick: bool) -> list[str]:
    game = d["no_pick"]
    out = [_("Nobody picked: a {game}.").format(game=game)]
    if game == "schwanzer":
        most = (
            _("You hold the most trumps and pay each of the others."),
            _("{who} holds the most trumps and pays each of the others."),
        )
        out.append(v.says(d["loser"], *most))
        return out
    points = d["points"]
    out.append(_("Points: {list}.").format(list=", ".join(f"{v.name(s)} {p}" for s, p in enumerate(points))))
    if d.get("blind_to") is not None:
        blind = f"{_cards(d['blind'])}, {_plural(d['blind_points'], 'point')}"
        out.append(_("The blind ({blind}) went to {who}.").format(blind=blind, who=v.name(d["blind_to"])))
    winners = d.get("winners") or []
    if d.get("loser") is not None:
        out.append(v.says(d["loser"], _("You have the most points and pay."), _("{who} has the most points and pays.")))
    elif winners:
        names = _and([v.name(w) for w in winners])
        if game == "leaster":
            why = _("the fewest points among the seats that took a trick") if needs_trick else _("the fewest points")
        else:
            why = _(NO_PICK_WHY[game]) if game in NO_PICK_WHY else ""
        if winners == [v.me]:
            said = _("You win: {why}.") if why else _("You win.")
        elif len(winners) > 1:
            said = _("{names} win: {why}.") if why else _("{names} win.")
        else:
            said = _("{names} wins: {why}.") if why else _("{names} wins.")
        out.append(_cap(said.format(names=names, why=why)))
    else:
        out.append(_("A tie: nobody wins."))
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

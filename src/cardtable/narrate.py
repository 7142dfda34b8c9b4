"""The game told in words: each step of a hand and its end, as one recipient may hear them.

Every table (the terminal table, its plain line mode, ``cardtable watch``, the record viewer and
the web table) says the same things the same way. A table calls

- `narrate_step` after each action: who did what, who took the trick and with what, a Seep
  sweep, a house built, cemented or broken, the auction as it goes;
- `narrate_hand_end` once the hand is over: what it was worth and why, in sentences.

The recipient is a seat (its own cards are "you", its partner "your partner", its side "your
team" against "them") or ``None`` for a spectator, who hears only what every seat may know.
Everything said comes from the recipient's views of the states, so nothing hidden from it is
named: another seat's bury or discard is "two cards face down", the dead stock is named only
once the hand is over. Seats keep their numbers ("Seat 3"); hands are not numbered here (a table
says "Hand 1" for the first, counting from 1).

Standard library and the kernel only; no screen, no terminal.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardtable.record import load_game, replay
from cardtable.render import SHEEPSHEAD_CARD_POINTS, SUIT_NAMES, pretty_card

__all__ = ["Voice", "narrate_deal", "narrate_hand_end", "narrate_record", "narrate_step", "public_seat"]

#: The partnerships of the team games (seats 0 and 2 against 1 and 3).
TEAM_GAMES = ("seep", "smear")
#: R5 (Smear): each card's value toward Game.
SMEAR_GAME_VALUES = {"A": 4, "K": 3, "Q": 2, "J": 1, "10": 10}
#: Seep's house values by number, said as the players say them.
RANK_WORDS = {1: "ace", 11: "jack", 12: "queen", 13: "king"}


def _third(verb: str) -> str:
    """The third-person form of a verb: take → takes, pass → passes, bury → buries."""
    irregular = {"go": "goes", "have": "has", "be": "is", "do": "does"}
    if verb in irregular:
        return irregular[verb]
    if verb.endswith(("s", "sh", "ch", "x")):
        return verb + "es"
    if verb.endswith("y") and verb[-2:-1] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def _cards(items: Sequence[str | None]) -> str:
    return " ".join("a card face down" if c is None else pretty_card(c) for c in items)


def _and(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    items = list(items)
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + " and " + items[-1]


def _signed(n: int) -> str:
    return f"{n:+d}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" + ("" if n == 1 else "s")


class Voice:
    """How seats and sides are named for one recipient (a seat, or ``None`` for a spectator)."""

    def __init__(self, game: Any, recipient: int | None, names: Sequence[str | None] | None = None) -> None:
        self.seats: int = game.seats
        self.me = recipient
        self.teams = game.name in TEAM_GAMES
        self.names = list(names) if names is not None else []

    def name(self, seat: int | None) -> str:
        """``you``, ``your partner``, the seat's player's name when one is given, else ``Seat 3``
        (``nobody`` for none)."""
        if seat is None:
            return "nobody"
        if seat == self.me:
            return "you"
        if self.teams and self.me is not None and seat % 2 == self.me % 2:
            return "your partner"
        given = self.names[seat] if 0 <= seat < len(self.names) else None
        return given or f"Seat {seat}"

    def subject(self, seat: int | None, verb: str) -> str:
        """The seat doing something, at the start of a sentence: ``You take``, ``Seat 3 takes``."""
        who = self.name(seat)
        return f"{who[:1].upper()}{who[1:]} {verb if seat == self.me else _third(verb)}"

    def team(self, team: int | None) -> str:
        """A side of a team game: ``your team`` or ``them``; a spectator hears its players' names
        where the table gives them (``Ann and Carl``), else ``seats 0 and 2``."""
        if team is None:
            return "nobody"
        if self.me is None:
            return self._pair(team) or f"seats {team} and {team + 2}"
        return "your team" if team == self.me % 2 else "them"

    def _pair(self, team: int) -> str | None:
        """The two players of a side by name (a seat without one by its number), or None when the
        table names nobody on that side."""
        given = [self.names[s] if s < len(self.names) else None for s in (team, team + 2)]
        if not any(given):
            return None
        return " and ".join(g or f"Seat {s}" for g, s in zip(given, (team, team + 2), strict=True))

    def score(self, team: int, n: object) -> str:
        """A side and a number in a list: ``your team 85`` (``seats 0 and 2: 85`` to a spectator)."""
        return f"{self.team(team)}{':' if self.me is None else ''} {n}"

    def team_does(self, team: int, verb: str) -> str:
        """A side doing something: ``Your team wins``, ``They win``, ``Seats 1 and 3 win``."""
        subject = self.team_subject(team)
        return f"{subject} {_third(verb) if subject == 'Your team' else verb}"

    def cap(self, seat: int | None) -> str:
        """The seat's name at the start of a sentence."""
        who = self.name(seat)
        return who[:1].upper() + who[1:]

    def team_subject(self, team: int) -> str:
        """A side at the start of a sentence: ``Your team``, ``They``, ``Seats 1 and 3``."""
        if self.me is None:
            return self._pair(team) or f"Seats {team} and {team + 2}"
        return "Your team" if team == self.me % 2 else "They"

    def team_of_seat(self, seat: int) -> int:
        return seat % 2


def public_seat(game: Any, state: Any) -> int:
    """A seat whose view holds nothing a spectator may not know apart from its own hand (which a
    spectator's narration never names): not Smear's bidder (the kitty and discard), not
    Sheepshead's picker, partner or a seat that has looked at the card set face down."""
    name = game.name
    avoid: set[int] = set()
    first: set[int] = set()  # avoided before the rest
    if name == "smear":
        bidder = game.observe(state, 0).bidder
        if bidder is not None:
            avoid.add(bidder)
    elif name == "sheepshead":
        setup = state.setup
        first.update(s for s in (setup.picker, setup.partner) if s >= 0)
        avoid.update(first)
        for seat in range(game.seats):
            if seat not in avoid and game.observe(state, seat).unknown is not None:
                avoid.add(seat)
    elif name == "seep":
        avoid.add((game.dealer(state) + 1) % 4)  # the bidder sees its four cards first
    for skip in (avoid, first):  # once the hand is over every seat has seen everything
        for seat in range(game.seats):
            if seat not in skip:
                return seat
    return 0


def _view(game: Any, state: Any, seat: int) -> dict[str, Any]:
    view: dict[str, Any] = game.observe(state, seat).to_json()
    return view


def narrate_deal(
    game: Any,
    state: Any,
    recipient: int | None,
    hand_number: int | None = None,
    names: Sequence[str | None] | None = None,
) -> list[str]:
    """The start of a hand (``hand_number`` counts from 1 for people): who deals. ``names``
    (optional, by seat) are the players' names, said instead of ``Seat N`` where given."""
    voice = Voice(game, recipient, names)
    head = f"Hand {hand_number}: " if hand_number is not None else ""
    return [f"{head}{voice.subject(game.dealer(state), 'deal')}."]


def narrate_step(
    game: Any,
    before: Any,
    action: Any,
    after: Any,
    recipient: int | None,
    names: Sequence[str | None] | None = None,
    open_hands: bool = False,
) -> list[str]:
    """One action in words, as ``recipient`` may hear it (``None``: a spectator), with the
    players' ``names`` where given; ``open_hands`` (a spectator who sees every hand, as
    ``cardtable watch`` shows them) names the cards of a move made face down too.

    ``before`` and ``after`` are the states either side of ``action``; a deal (the chance step)
    says nothing here (see `narrate_deal`)."""
    seat = game.actor(before)
    if seat is None or seat < 0:
        return []
    ref = recipient if recipient is not None else public_seat(game, after)
    shown = open_hands or recipient == seat or game.outcome(after) is not None
    public = game.format(action) if shown else game.public_action(before, action)
    step = _Step(game, seat, public, _view(game, before, ref), _view(game, after, ref), recipient, names)
    teller = _STEPS.get(game.name)
    if teller is None:
        return [f"{step.voice.subject(seat, 'play')}: {step.public}."]
    return teller(step)


def narrate_hand_end(
    game: Any,
    state: Any,
    recipient: int | None,
    names: Sequence[str | None] | None = None,
    match_over: bool = False,
) -> list[str]:
    """A finished hand in sentences, with its breakdown, as ``recipient`` may hear it (with the
    players' ``names`` where given), ending with who deals next unless the match is over: won by
    the game's own rule, or ``match_over`` (a table that ends its matches sooner, such as a Seep
    match of one baazi)."""
    result = game.outcome(state)
    if result is None:
        return []
    ref = recipient if recipient is not None else public_seat(game, state)
    view = _view(game, state, ref)
    voice = Voice(game, recipient, names)
    teller = _ENDS.get(game.name)
    lines = teller(game, state, result, view, voice) if teller is not None else [f"The hand is over: {result.result}."]
    nxt = game.next_hand(state) if game.winner(state) is None and not match_over else None
    if nxt is not None and not any(" next." in line or " again." in line for line in lines):
        again = "again" if game.dealer(nxt) == game.dealer(state) else "next"
        lines.append(f"{voice.subject(game.dealer(nxt), 'deal')} {again}.")
    return lines


def narrate_record(record: Any, recipient: int | None, game: Any | None = None) -> list[str]:
    """A whole record told as ``recipient`` would have heard it at the table: each hand's deal,
    every step and the hand's end (a record that does not replay raises as `record.replay` does)."""
    game = game if game is not None else load_game(record)
    out: list[str] = []
    before: Any = None
    for step in replay(record, game):
        if step.action is None:
            out.append(narrate_deal(game, step.state, recipient, step.hand + 1)[0])
            if game.outcome(step.state) is not None:  # over at the deal: a Seep misdeal
                out.extend(narrate_hand_end(game, step.state, recipient))
        else:
            text = record.hands[step.hand].actions[step.action]
            action = game.parse(text.strip().partition(" ")[2])
            out.extend(narrate_step(game, before, action, step.state, recipient))
            if game.outcome(step.state) is not None:
                out.extend(narrate_hand_end(game, step.state, recipient))
        before = step.state
    return out


class _Step:
    """What one step's teller works from: the actor, the action as the recipient saw it (the
    game's `public_action` for cards it may not see), and the recipient's views before and after."""

    def __init__(
        self,
        game: Any,
        seat: int,
        public: str,
        before: dict[str, Any],
        after: dict[str, Any],
        recipient: int | None,
        names: Sequence[str | None] | None = None,
    ) -> None:
        self.game = game
        self.seat = seat
        self.before = before
        self.after = after
        self.voice = Voice(game, recipient, names)
        self.public = public
        self.words = self.public.split()
        self.verb = self.words[0] if self.words else ""
        self.who = self.voice.subject

    def does(self, verb: str, rest: str = "") -> str:
        return f"{self.who(self.seat, verb)}{' ' + rest if rest else ''}."


# --- Smear ---


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
        out.append(f"{v.team_does(team, 'win')} the match, {scores[team]} to {scores[1 - team]}.")
    return out


# --- Sheepshead ---


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
        out.append("Totals: " + ", ".join(f"{v.name(s)} {p}" for s, p in enumerate(scores)) + ".")
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


# --- Seep ---


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


_STEPS = {"smear": _smear_step, "sheepshead": _sheepshead_step, "seep": _seep_step}
_ENDS = {"smear": _smear_end, "sheepshead": _sheepshead_end, "seep": _seep_end}

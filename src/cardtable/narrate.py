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

from collections.abc import Callable, Sequence
from typing import Any

from cardtable.core import game_part
from cardtable.record import load_game, replay
from cardtable.voice import Step, Voice

__all__ = ["Voice", "narrate_deal", "narrate_hand_end", "narrate_record", "narrate_step", "public_seat"]


def public_seat(game: Any, state: Any) -> int:
    """A seat whose view holds nothing a spectator may not know apart from its own hand (which a
    spectator's narration never names). The game's narration names the seats to avoid
    (``spectator_avoids(game, state)``: those to avoid, and those among them to avoid before the
    rest), such as Smear's bidder, who has seen the kitty and discard."""
    told = game_part(game, "narration")
    avoids = getattr(told, "spectator_avoids", None)
    avoid, first = avoids(game, state) if avoids is not None else (set(), set())
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
    step = Step(game, seat, public, _view(game, before, ref), _view(game, after, ref), recipient, names)
    teller: Callable[[Step], list[str]] | None = getattr(game_part(game, "narration"), "step", None)
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
    teller = getattr(game_part(game, "narration"), "hand_end", None)
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

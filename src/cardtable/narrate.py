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

The words are in the language being spoken (`cardtable.i18n.speaking`), English by default; a
game whose narration is not translated into that language (its ``LANGUAGES``) is told in English.

Standard library and the kernel only; no screen, no terminal.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from cardtable.core import game_part
from cardtable.i18n import _, current, speaking
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


@contextlib.contextmanager
def _spoken(game: Any) -> Iterator[None]:
    """In the language being spoken if the game's narration is translated into it (its
    ``LANGUAGES``), else in English: a sentence is never half in one language."""
    told = game_part(game, "narration")
    if current() in getattr(told, "LANGUAGES", ("en",)):
        yield
    else:
        with speaking("en"):
            yield


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
    with _spoken(game):
        voice = Voice(game, recipient, names)
        deals = voice.says(game.dealer(state), _("You deal."), _("{who} deals."))
        return [_("Hand {n}: {said}").format(n=hand_number, said=deals) if hand_number is not None else deals]


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
    with _spoken(game):
        return _step(game, before, action, after, recipient, names, open_hands, seat)


def _step(
    game: Any,
    before: Any,
    action: Any,
    after: Any,
    recipient: int | None,
    names: Sequence[str | None] | None,
    open_hands: bool,
    seat: int,
) -> list[str]:
    ref = recipient if recipient is not None else public_seat(game, after)
    shown = open_hands or recipient == seat or game.outcome(after) is not None
    public = game.format(action) if shown else game.public_action(before, action)
    step = Step(game, seat, public, _view(game, before, ref), _view(game, after, ref), recipient, names)
    teller: Callable[[Step], list[str]] | None = getattr(game_part(game, "narration"), "step", None)
    if teller is None:
        return [step.voice.says(seat, _("You play: {action}."), _("{who} plays: {action}."), action=step.public)]
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
    with _spoken(game):
        return _hand_end(game, state, result, recipient, names, match_over)


def _hand_end(
    game: Any, state: Any, result: Any, recipient: int | None, names: Sequence[str | None] | None, match_over: bool
) -> list[str]:
    ref = recipient if recipient is not None else public_seat(game, state)
    view = _view(game, state, ref)
    voice = Voice(game, recipient, names)
    teller = getattr(game_part(game, "narration"), "hand_end", None)
    if teller is not None:
        lines: list[str] = teller(game, state, result, view, voice)
    else:
        lines = [_("The hand is over: {result}.").format(result=result.result)]
    nxt = game.next_hand(state) if game.winner(state) is None and not match_over else None
    if nxt is not None:
        if game.dealer(nxt) == game.dealer(state):
            lines.append(voice.says(game.dealer(nxt), _("You deal again."), _("{who} deals again.")))
        else:
            lines.append(voice.says(game.dealer(nxt), _("You deal next."), _("{who} deals next.")))
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

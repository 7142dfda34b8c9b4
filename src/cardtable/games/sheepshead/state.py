"""The frozen state of a Sheepshead hand.

A state is two named tuples: `Setup`, the facts fixed before the first lead (dealer, match,
blind, picker, bury, call, crack and blitz), and `State`, which adds what changes during play.
During trick play only `State` is rebuilt, and `Setup` is shared, which keeps a step cheap.
Card sets are masks over the Sheepshead card index of `tables` (0 = QC ... 31 = 7H).
"""

from __future__ import annotations

from enum import IntEnum
from typing import NamedTuple

from cardtable.core import CHANCE

#: `State.actor` once the hand is over.
NOBODY = -2


class Phase(IntEnum):
    """The steps of a hand, in order."""

    DEAL = 0  # R8-R10: the chance step
    PICK = 1  # R11: each seat in turn picks or passes
    BURY = 2  # R14: the picker lays away two cards
    CALL = 3  # R17-R21: the picker calls a card or goes alone
    CRACK = 4  # R44: seats after the picker may crack
    RECRACK = 5  # R44: the picker may re-crack
    PLAY = 6  # R23-R35a: six tricks
    DONE = 7

    def __repr__(self) -> str:
        return f"Phase.{self.name}"


class CallKind(IntEnum):
    """What the picker called (R17-R21, R35a)."""

    NONE = 0  # no call step yet, a leaster, or partner_mode jack_of_diamonds / none
    ALONE = 1  # R21: declared alone, or forced alone (R20)
    ACE = 2  # R18
    TEN = 3  # R19
    UNKNOWN = 4  # R35a

    def __repr__(self) -> str:
        return f"CallKind.{self.name}"


class Setup(NamedTuple):
    """What is settled before the first lead."""

    dealer: int
    scores: tuple[int, ...]  # R39: the running totals before this hand
    pending: int  # R42: pending doublers before this hand
    blind: int  # R10: the two blind cards as dealt
    passes: int  # R11: passes before the pick (5 = nobody picked)
    picker: int  # -1: nobody (yet)
    bury: int  # R14
    call_kind: CallKind
    called: int  # index of the called card (or of JD in jack_of_diamonds mode); -1 if none
    suit: int  # the called fail suit (0 C, 1 S, 2 H) while called-card rules apply, else -1
    under: int  # R35a: index of the card set aside face down, else -1
    partner: int  # R22: the seat holding the called card (never the picker), else -1
    blitz: int  # R45: bit 1 black queens shown, bit 2 red queens shown
    cracks: int  # R44: 0, 1 (cracked) or 2 (re-cracked)
    cracker: int  # R44: the seat that cracked, else -1


class State(NamedTuple):
    """A Sheepshead hand at one moment (frozen, hashable, cheap to step)."""

    setup: Setup
    phase: Phase
    actor: int  # a seat, CHANCE, or NOBODY once the hand is over
    hands: tuple[int, ...]  # each seat's cards (the picker's eight while he buries)
    trick_no: int  # 0-5: the trick being played
    leader: int  # who led (or leads) the current trick
    trick: tuple[int, ...]  # the cards of the current trick, leader first
    tricks: tuple[tuple[int, tuple[int, ...], int], ...]  # finished tricks: (leader, cards, winner)
    played: int  # every card played so far, the current trick included
    first_x: int  # the trick number of the first trick of the called suit (R27-R33), else -1
    legal: int  # PLAY: the cards the actor may play
    choices: tuple[object, ...]  # other phases: the actions the actor may take


def initial(dealer: int, scores: tuple[int, ...], pending: int) -> State:
    """The state before the deal."""
    setup = Setup(dealer, scores, pending, 0, 0, -1, 0, CallKind.NONE, -1, -1, -1, -1, 0, 0, -1)
    return State(setup, Phase.DEAL, CHANCE, (0, 0, 0, 0, 0), 0, (dealer + 1) % 5, (), (), 0, -1, 0, ())

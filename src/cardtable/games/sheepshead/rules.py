"""The rule options of Sheepshead, named as in the option table (§2.13) of the rules page.

Every option defaults to the seed rule set; `PRESETS` names common sets of options.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from cardtable.core import option
from cardtable.i18n import N_


@dataclass(frozen=True, slots=True)
class SheepsheadRules:
    """The frozen options of one Sheepshead table."""

    partner_mode: str = option(
        "called_ace",
        doc=N_(
            "how the picker gets a partner: called_ace (call a fail ace, R17-R22), "
            "jack_of_diamonds (the holder of JD, R34) or none (the picker always plays alone)"
        ),
        rule="R17",
        choices=("called_ace", "jack_of_diamonds", "none"),
    )
    no_pick_rule: str = option(
        "leaster",
        doc=N_(
            "what happens when all five pass: leaster (R41), doubler (R42), forced_pick, redeal, "
            "moster, mittler, schneidster, schwanzer (R43)"
        ),
        rule="R12",
        choices=(
            "leaster",
            "doubler",
            "forced_pick",
            "redeal",
            "moster",
            "mittler",
            "schneidster",
            "schwanzer",
        ),
    )
    double_on_the_bump: bool = option(
        False,
        doc=N_("a losing picker team pays double, the no-trick row included"),
        rule="R40",
        choices=(False, True),
    )
    no_trick_partner_exempt: bool = option(
        True,
        doc=N_("on a no-trick loss with a partner the picker pays 3 units and the partner nothing"),
        rule="R38",
        choices=(True, False),
    )
    schwarz_by_points: bool = option(
        False,
        doc=N_("'all tricks' and 'no trick' are decided by 120 / 0 points instead of by trick count"),
        rule="R36",
        choices=(False, True),
    )
    bury_requires_trick: bool = option(
        False,
        doc=N_("the bury counts for the picker team only if it wins a trick, else for the defenders"),
        rule="R15",
        choices=(False, True),
    )
    allow_call_own_ace: bool = option(
        False,
        doc=N_("the picker may call an ace among his own eight cards and so play secretly alone"),
        rule="R18",
        choices=(False, True),
    )
    allow_ten_call: bool = option(
        True,
        doc=N_("a picker holding all three fail aces and able to call none may call a ten"),
        rule="R19",
        choices=(True, False),
    )
    ten_call_hold_must_be_ace: bool = option(
        False,
        doc=N_("on a ten call the hold card must be the ace of that suit, played on the first trick of the suit"),
        rule="R19",
        choices=(False, True),
    )
    called_ten_beats_ace: bool = option(
        False,
        doc=N_("on the first trick of the called suit a called ten outranks the ace unless trumped"),
        rule="R19",
        choices=(False, True),
    )
    allow_unknown_call: bool = option(
        False,
        doc=N_(
            "a picker who can call no ace may call the ace of a suit he is void in, setting a card "
            "aside face down (the unknown, under)"
        ),
        rule="R35a",
        choices=(False, True),
    )
    partner_must_play_called_on_first_lead: bool = option(
        True,
        doc=N_("the partner must play the called card on the first trick of the called suit"),
        rule="R28",
        choices=(True, False),
    )
    partner_cannot_discard_called: bool = option(
        True,
        doc=N_("before the called suit is led the partner may not throw the called card on another suit"),
        rule="R29",
        choices=(True, False),
    )
    partner_cannot_underlead_called_suit: bool = option(
        True,
        doc=N_("before the called suit is led the partner may lead no other card of it"),
        rule="R30",
        choices=(True, False),
    )
    leaster_blind: str = option(
        "last_trick",
        doc=N_("who gets the blind in a leaster: the winner of the last trick, of the first, or nobody"),
        rule="R41",
        choices=("last_trick", "first_trick", "nobody"),
    )
    leaster_requires_trick: bool = option(
        True,
        doc=N_("only a player who won a trick can win a leaster"),
        rule="R41",
        choices=(True, False),
    )
    leaster_tie: str = option(
        "wash",
        doc=N_(
            "a tie for the fewest points in a leaster: wash (no score) or split (each tied winner "
            "collects 1 from each loser)"
        ),
        rule="R41",
        choices=("wash", "split"),
    )
    doubler_stacking: str = option(
        "queue",
        doc=N_(
            "pending doublers: queue (one doubled hand each), compound (the next picked hand doubles "
            "once per doubler), cap (at most one doubled hand pending)"
        ),
        rule="R42",
        choices=("queue", "compound", "cap"),
    )
    cracking: bool = option(
        False,
        doc=N_("a defender seated after the picker may crack (x2) and the picker may re-crack (x2)"),
        rule="R44",
        choices=(False, True),
    )
    blitzing: bool = option(
        False,
        doc=N_("a player picking with both black or both red queens may blitz: x2 per pair shown"),
        rule="R45",
        choices=(False, True),
    )
    multiplier_limit: int | None = option(
        None,
        doc=N_("the largest hand multiplier (doubler, crack, blitz together); null = no limit"),
        rule="R46",
        kind=int,
        minimum=1,
        examples=(4,),
    )


#: Named option sets. ``standard`` is the seed rule set of the rules page.
PRESETS: dict[str, dict[str, Any]] = {
    "standard": {},
    # R40: Bushnell and Wikipedia play double on the bump; tournaments do.
    "tournament": {"double_on_the_bump": True},
    # R34: the Jack of Diamonds partner game of the Wisconsin tournaments.
    "jack_of_diamonds": {"partner_mode": "jack_of_diamonds"},
    # R42: no leasters; a pass-out doubles the next hand.
    "doubler": {"no_pick_rule": "doubler"},
}


#: The options', their named choices' and the presets' names in words (``kitty_size`` is "kitty
#: size"), for the pages to say in the reader's language (docs/languages.md).
WORDS = (
    N_("partner mode"),
    N_("called ace"),
    N_("jack of diamonds"),
    N_("none"),
    N_("no pick rule"),
    N_("leaster"),
    N_("doubler"),
    N_("forced pick"),
    N_("redeal"),
    N_("moster"),
    N_("mittler"),
    N_("schneidster"),
    N_("schwanzer"),
    N_("double on the bump"),
    N_("no trick partner exempt"),
    N_("schwarz by points"),
    N_("bury requires trick"),
    N_("allow call own ace"),
    N_("allow ten call"),
    N_("ten call hold must be ace"),
    N_("called ten beats ace"),
    N_("allow unknown call"),
    N_("partner must play called on first lead"),
    N_("partner cannot discard called"),
    N_("partner cannot underlead called suit"),
    N_("leaster blind"),
    N_("last trick"),
    N_("first trick"),
    N_("nobody"),
    N_("leaster requires trick"),
    N_("leaster tie"),
    N_("wash"),
    N_("split"),
    N_("doubler stacking"),
    N_("queue"),
    N_("compound"),
    N_("cap"),
    N_("cracking"),
    N_("blitzing"),
    N_("multiplier limit"),
    N_("standard"),
    N_("tournament"),
)

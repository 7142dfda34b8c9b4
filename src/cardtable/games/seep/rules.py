"""The rule options of Seep, one frozen dataclass field per row of the rules page's option table."""

from __future__ import annotations

from dataclasses import dataclass

from cardtable.core import option
from cardtable.i18n import N_


@dataclass(frozen=True, slots=True)
class SeepRules:
    """Every Seep rule option; the defaults are the standard North-Indian 100-point game."""

    ten_diamonds_points: int = option(
        6, doc=N_("points of the 10 of diamonds (2 goes with majority_bonus 4)"), rule="R3", choices=(6, 2)
    )
    majority_bonus: int = option(
        0, doc=N_("points to the team that captured more cards (none on a 26-26 tie)"), rule="R3", choices=(0, 4)
    )
    redeal_by: str = option(
        "same",
        doc=N_("who deals again after a misdeal: the same dealer or the next"),
        rule="R8",
        choices=("same", "next"),
    )
    opening_throw_always_allowed: bool = option(
        False,
        doc=N_("the bidder may throw a bid-value card at the opening even if it could capture"),
        rule="R10",
        choices=(False, True),
    )
    throw_policy: str = option(
        "no_capture_possible",
        doc=N_("when a throw is legal: the card captures nothing / always / it can neither capture nor build"),
        rule="M1",
        choices=("no_capture_possible", "free", "no_capture_or_build_possible"),
    )
    capture_policy: str = option(
        "maximal",
        doc=N_("a capture takes a maximal selection, or any valid selection"),
        rule="M2",
        choices=("maximal", "any_valid_subset"),
    )
    auto_merge_loose_sets: bool = option(
        False,
        doc=N_("loose sets summing to a house's value join it too, not only single cards"),
        rule="I2",
        choices=(False, True),
    )
    allow_multi_set_build: bool = option(
        True,
        doc=N_("a new house may be built with several complete sets at once"),
        rule="M3",
        choices=(True, False),
    )
    allow_pair_house: bool = option(
        True,
        doc=N_("a card of value V on a loose set of V builds a cemented V-house"),
        rule="M3",
        choices=(True, False),
    )
    may_break_partner_house: bool = option(
        True, doc=N_("a player may break a house of their partner"), rule="M4", choices=(True, False)
    )
    break_may_use_floor_cards: bool = option(
        False,
        doc=N_("a break may add loose cards along with the card from hand"),
        rule="M4",
        choices=(False, True),
    )
    partner_add_requires_card: bool = option(
        False,
        doc=N_("cementing or adding to a partner's house needs a card of its value kept in hand"),
        rule="M5",
        choices=(False, True),
    )
    partner_becomes_owner: bool = option(
        False,
        doc=N_("a player who cements or adds to a partner's house becomes a co-owner"),
        rule="M5",
        choices=(False, True),
    )
    opponent_add_becomes_owner: bool = option(
        True,
        doc=N_("an opponent who adds to an already cemented house becomes a co-owner"),
        rule="M5",
        choices=(True, False),
    )
    retention_scope: str = option(
        "player",
        doc=N_("who must keep a card of a house's value: every owner, or one owner of a team owning it"),
        rule="I3",
        choices=("player", "team"),
    )
    max_houses: int | None = option(
        None,
        doc=N_("most houses on the floor at once (null: no limit)"),
        rule="A31",
        kind=int,
        minimum=1,
        examples=(2,),
    )
    sweep_points: int = option(50, doc=N_("points of a sweep in mid-deal"), rule="R20", kind=int, examples=(30,))
    first_play_sweep_points: int = option(
        25, doc=N_("points of a sweep made by the opening move (play 1)"), rule="R20", kind=int, examples=(50,)
    )
    last_play_sweep_points: int = option(
        0, doc=N_("points of a sweep made by the last play (play 48)"), rule="R20", kind=int, examples=(50,)
    )
    sweep_cap: int | None = option(
        None,
        doc=N_("most sweeps a team keeps in a deal; a sweep by the other team cancels one (null: no cap)"),
        rule="A32",
        kind=int,
        minimum=1,
        examples=(2,),
    )
    nine_point_basis: str = option(
        "total",
        doc=N_("what the 9-point rule looks at: the deal total or the card points only"),
        rule="R21",
        choices=("total", "cards_only"),
    )
    nine_point_effect: str = option(
        "instant_baazi_loss",
        doc=N_("what scoring under 9 does: lose the baazi, count no card points, nothing"),
        rule="R21",
        choices=("instant_baazi_loss", "zero_card_points", "off"),
    )
    baazi_lead: int = option(
        100,
        doc=N_("the running lead that wins a baazi (reached or passed)"),
        rule="R22",
        kind=int,
        minimum=1,
        examples=(50,),
    )
    dealer_rotation: str = option(
        "behind_team",
        doc=N_("who deals next: the team that is behind keeps the deal, or one seat on"),
        rule="R23",
        choices=("behind_team", "rotate"),
    )
    leftover_if_no_capture: str = option(
        "none",
        doc=N_("who takes the leftover floor when nobody captured in the deal"),
        rule="R16",
        choices=("none", "dealer_team"),
    )


#: The options', their named choices' and the presets' names in words (``kitty_size`` is "kitty
#: size"), for the pages to say in the reader's language (docs/languages.md).
WORDS = (
    N_("ten diamonds points"),
    N_("majority bonus"),
    N_("redeal by"),
    N_("same"),
    N_("next"),
    N_("opening throw always allowed"),
    N_("throw policy"),
    N_("no capture possible"),
    N_("free"),
    N_("no capture or build possible"),
    N_("capture policy"),
    N_("maximal"),
    N_("any valid subset"),
    N_("auto merge loose sets"),
    N_("allow multi set build"),
    N_("allow pair house"),
    N_("may break partner house"),
    N_("break may use floor cards"),
    N_("partner add requires card"),
    N_("partner becomes owner"),
    N_("opponent add becomes owner"),
    N_("retention scope"),
    N_("player"),
    N_("team"),
    N_("max houses"),
    N_("sweep points"),
    N_("first play sweep points"),
    N_("last play sweep points"),
    N_("sweep cap"),
    N_("nine point basis"),
    N_("total"),
    N_("cards only"),
    N_("nine point effect"),
    N_("instant baazi loss"),
    N_("zero card points"),
    N_("off"),
    N_("baazi lead"),
    N_("dealer rotation"),
    N_("behind team"),
    N_("rotate"),
    N_("leftover if no capture"),
    N_("none"),
    N_("dealer team"),
    N_("family"),
    N_("limited houses"),
    N_("standard"),
)

"""Sheepshead's first lesson, as data for the generic lesson runner (`cardtable.learn`): which
cards are trump and in what order, following suit, picking and burying, and the call.

Each step is a prepared deal (the explicit form of records: five hands of six and the blind) and
the moves played on it up to the learner's turn; `_deal` fills the seats the lesson does not set
with the cards left, in a fixed order, so every deal is the same each time it is read.
"""

from __future__ import annotations

from typing import Any

from cardtable.i18n import N_

_RANKS = ("7", "8", "9", "10", "J", "Q", "K", "A")
_DECK = tuple(r + s for s in "CSHD" for r in _RANKS)


def _deal(hands: dict[int, list[str]], blind: list[str]) -> dict[str, Any]:
    """An explicit deal: the given hands and blind, every other seat filled from the cards left."""
    used = {c for h in hands.values() for c in h} | set(blind)
    rest = [c for c in _DECK if c not in used]
    out = []
    for seat in range(5):
        if seat in hands:
            out.append(list(hands[seat]))
        else:
            out.append(rest[:6])
            rest = rest[6:]
    return {"hands": out, "blind": list(blind)}


#: The picker's deal: seat 1, first to speak, holds the two black queens.
_PICKER = _deal({1: ["QC", "QS", "JD", "AD", "10S", "KS"]}, ["7H", "9C"])
#: A defender's deal: seat 1 picks and calls the ace of clubs; the learner sits at seat 2.
_DEFENDER = _deal({1: ["JC", "10H", "7C", "QS", "8D", "9D"], 2: ["QH", "JS", "9H", "7S", "8S", "KC"]}, ["KH", "8H"])

LESSON: dict[str, Any] = {
    "title": N_("Sheepshead: your first lesson"),
    "intro": N_(
        "Five players, 32 cards, six each and two in the blind. Fourteen cards are trump: the four "
        "queens, the four jacks and the diamonds. Whoever picks up the blind plays against the "
        "others with a secret partner, the one who holds the ace he calls. A hand is 120 card "
        "points: the picker's side needs 61."
    ),
    "bots": "random",
    "finish": N_("Now a whole hand against gentle bots: they play any legal card, so you can try what you learned."),
    "words": {
        "R11": N_("Each player in turn picks up the blind or passes, once."),
        "R14": N_("The picker lays exactly two cards face down: the bury. Their points still count for him."),
        "R18": N_(
            "You may call the ace of a fail suit only when you hold a card of that suit and not its "
            "ace: that card is how you will answer when the ace is led."
        ),
        "R24": N_(
            "You must follow the suit led when you can. Trump is a suit of its own: a queen or jack "
            "of hearts is a trump, not a heart."
        ),
        "R27": N_("The picker must keep a card of the called suit until that suit is led."),
    },
    "steps": [
        {
            "title": N_("Picking"),
            "dealer": 0,
            "deal": _PICKER,
            "text": N_(
                "You speak first. Your hand has the queen of clubs and the queen of spades, the two "
                "highest trumps, and two more trumps (J♦, A♦). With four trumps, two of them the "
                "best, pick up the blind."
            ),
            "expect": ["pick"],
            "choices": ["pick", "pass"],
            "done": N_("You picked: the blind's two cards are in your hand now, and you are the picker."),
            "other": N_("With the two best queens you want the blind and its points: pick."),
        },
        {
            "title": N_("Burying"),
            "dealer": 0,
            "deal": _PICKER,
            "moves": ["pick"],
            "text": N_(
                "You hold eight cards and must lay two away, face down: the bury. Their points count "
                "for you, so bury points the others could win from you: the 10♠ and the K♠ (14 "
                "points), and leaves you with no spades: when spades are led, you may trump."
            ),
            "expect": ["bury 10S KS"],
            "choices": ["bury 10S KS", "bury QC QS", "bury 10S"],
            "done": N_("Buried: those 14 points are yours whatever happens."),
            "other": N_("Keep your trumps to win tricks; bury fail cards with points, the 10♠ and the K♠."),
        },
        {
            "title": N_("The call"),
            "dealer": 0,
            "deal": _PICKER,
            "moves": ["pick", "bury 10S KS"],
            "text": N_(
                "Now choose your partner: call an ace. You may call the ace of a fail suit you hold a "
                "card of, without its ace. You hold the 7♥ and the 9♣: call the A♥ (or the A♣). "
                "Whoever holds it is your partner, and nobody knows who until it is played."
            ),
            "expect": ["call AH", "call AC"],
            "choices": ["call AH", "call AS", "alone"],
            "done": N_("Called. Somewhere at the table your partner knows he is yours; the others do not."),
            "other": N_("Going alone is for a hand that can take 61 points by itself: call a partner."),
        },
        {
            "title": N_("Trump order"),
            "dealer": 0,
            "deal": _PICKER,
            "moves": ["pick", "bury 10S KS", "call AH"],
            "text": N_(
                "You lead the first trick. The trumps, highest first: Q♣ Q♠ Q♥ Q♦, J♣ J♠ J♥ J♦, then "
                "A♦ 10♦ K♦ 9♦ 8♦ 7♦. Lead your best trump, the Q♣: nobody can beat it, and it draws "
                "trumps out of the other hands."
            ),
            "expect": ["play QC"],
            "choices": ["play QC", "play AD", "play 7H"],
            "done": N_("The Q♣ is the highest card in the game: this trick is yours."),
            "other": N_("The Q♣ is the card nobody can beat; lead it to draw out the trumps."),
        },
        {
            "title": N_("Taking a trick with trump"),
            "dealer": 0,
            "deal": _DEFENDER,
            "moves": ["pick", "bury KH 8H", "call AC", "play JC"],
            "text": N_(
                "The picker led the J♣, a trump. You hold the Q♥ and the J♠, both trumps, so you must "
                "play one of them. Every queen beats every jack: the Q♥ takes the trick, the J♠ "
                "(below the J♣) would not."
            ),
            "expect": ["play QH"],
            "choices": ["play QH", "play JS", "play 9H"],
            "done": N_("The Q♥ beats the J♣: queens rank above jacks."),
            "other": N_("The jacks go clubs, spades, hearts, diamonds: the J♠ is below the J♣. Play the Q♥."),
        },
        {
            "title": N_("Following suit"),
            "dealer": 0,
            "deal": _DEFENDER,
            "moves": ["pick", "bury KH 8H", "call AC", "play 10H"],
            "text": N_(
                "The picker led the 10♥, a heart. You must follow hearts if you can. The Q♥ is a "
                "trump, not a heart; your only heart is the 9♥."
            ),
            "expect": ["play 9H"],
            "choices": ["play QH", "play 9H"],
            "done": N_("Right: the 9♥ follows suit. Only a player with no heart may trump."),
            "other": N_("Follow the suit led with the 9♥."),
        },
    ],
}

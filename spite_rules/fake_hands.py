"""Hands of face-down fake jokers (the July 2023 revision, difference V6; ruling V6): five or more
fake jokers played face-down together, and what may be played on them.

Layer: Spite: rules of play — may import Spite's values, the core, the cards and the errors.

The revision: five or more face-down fake jokers played together are "a hand that beats any hand,
ignores direction and consecs, and is beaten only by a hand of more face-down fake jokers whatever
the direction; the previous players' duty to announce 'unbeatable' is unchanged; the player may
not come-at-me or announce 'unbeatable' with it". Seed 000 has no such hand (fake jokers are
played alone, ruling T19); ``Rules.face_down_fake_joker_hands`` says whether it is in force.

>>> trick = judge_fake_hand(Trick.start(0), Direction.LOWER, 0, parse_cards("~4♣ ~8♥ ~10♠ ~Q♦ ~A♣"))
>>> trick.trick.fake_hand, fake_hand_breach(trick.trick, 5).rule
(5, 'fake-jokers.hand.beaten-by-more')
"""

from __future__ import annotations

from spite_rules.core.frozen import replace
from spite_rules.cards import Card
from spite_rules.direction import announcement_breach
from spite_rules.trick_state import Breach, Outcome, Trick, TrickPlay, face_down_description
from spite_rules.vocabulary import Direction

__all__ = ["FAKE_JOKER_HAND", "is_fake_hand", "fake_hand_breach", "judge_fake_hand"]

#: The fewest face-down fake jokers that make a hand (the revision: "five or more").
FAKE_JOKER_HAND = 5


def is_fake_hand(cards: tuple[Card, ...], face_down: bool) -> bool:
    """Are ``cards``, played ``face_down``, a hand of face-down fake jokers (five or more, every
    one a fake joker)? Whether the rules in force allow such a hand is asked separately."""
    return face_down and len(cards) >= FAKE_JOKER_HAND and all(card.fake for card in cards)


def fake_hand_breach(
    trick: Trick,
    count: int,
    announce: Direction | None = None,
    unbeatable: bool = False,
    come_at_me: bool = False,
) -> Breach | None:
    """Why ``count`` face-down fake jokers (a hand of them, or a single one) may not be played on
    ``trick`` with these announcements as the revision's rules have it, or None: on a hand of them
    only more of them (``fake-jokers.hand.beaten-by-more``); no "come at me" or "unbeatable" with a
    hand of them (``fake-jokers.hand.announcements``), nor a direction (``direction.sevens``).

    >>> fake_hand_breach(Trick.start(0), 5) is None
    True
    >>> fake_hand_breach(Trick.start(0), 6, come_at_me=True).rule
    'fake-jokers.hand.announcements'
    """
    if trick.fake_hand and count <= trick.fake_hand:
        on_top = trick.fake_hand
        return Breach(
            lambda: f"{face_down_description(count)} cannot beat the "
            f"{face_down_description(on_top)} in play: only a hand of more face-down fake jokers "
            "beats it",
            "fake-jokers.hand.beaten-by-more",
        )
    if come_at_me or unbeatable:
        said = "'come at me'" if come_at_me else "'unbeatable'"
        return Breach(
            lambda: f"{said} announced with {face_down_description(count)}: a hand of face-down "
            "fake jokers may not come at me or announce 'unbeatable'",
            "fake-jokers.hand.announcements",
        )
    if announce is not None:
        return announcement_breach(announce, False, face_down_description(count))
    return None


def judge_fake_hand(
    trick: Trick,
    direction: Direction,
    seat: int,
    cards: tuple[Card, ...],
    announce: Direction | None = None,
    unbeatable: bool = False,
    come_at_me: bool = False,
) -> Breach | Outcome:
    """A hand of face-down fake jokers played by ``seat``: its breach (:func:`fake_hand_breach`),
    or the trick with it on top, the arity, the hand below, the consecs and the direction left as
    they were (ruling V6)."""
    breach = fake_hand_breach(trick, len(cards), announce, unbeatable, come_at_me)
    if breach is not None:
        return breach
    play = TrickPlay(seat, cards, None, face_down=True)
    after = replace(trick, plays=trick.plays + (play,), passes=frozenset(), fake_hand=len(cards))
    return Outcome(after, direction, None)

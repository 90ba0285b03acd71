"""Following in a trick (seed 000, "Valid Following Hands", "Joker Hands", "Consecutives"): the rule
a hand breaks just by following (:func:`follow_fault`), its words and breach, and the hands that may
follow, worked out in bulk for ``legal_moves`` (:func:`followers`). Rulings T15-T17.

Layer: Spite: rules of play — may import Spite's values, the core, the cards and the errors.

>>> trick = judge_play(Trick.start(0), Direction.HIGHER, 0, parse_cards("9♠ 9♦")).trick
>>> follow_fault(trick, Direction.HIGHER, classify(parse_cards("8♠")))
'trick.follow.arity'
"""

from __future__ import annotations


from collections.abc import Iterable

from spite_rules.consecs import required_value
from spite_rules.constants import HIGHER
from spite_rules.direction import is_seven_on_seven, sevens_on_top
from spite_rules.hands import Hand, compare
from spite_rules.trick_state import Breach, Trick, face_down_description
from spite_rules.vocabulary import Direction


__all__ = ["follow_fault", "followers", "follow_breach"]


def follow_fault(trick: Trick, direction: Direction, hand: Hand) -> str | None:
    """The rule ``hand`` breaks just by following in ``trick``, whatever is announced with it, or
    None. :func:`judge_play` asks this first, so a hand at fault here is a misplay in every form;
    ``legal_moves`` asks it to skip such hands without judging each of their announcements.

    >>> trick = judge_play(Trick.start(0), Direction.HIGHER, 0, parse_cards("9♠")).trick
    >>> follow_fault(trick, Direction.HIGHER, classify(parse_cards("8♠")))
    'trick.follow.strictly-better'
    >>> follow_fault(trick, Direction.HIGHER, classify(parse_cards("10♠"))) is None
    True
    """
    return _follow_fault(trick, direction, hand, is_seven_on_seven(trick, hand))


def followers(trick: Trick, direction: Direction, hands: Iterable[Hand]) -> list[Hand]:
    """The hands among ``hands`` that may follow in ``trick``: those :func:`follow_fault` finds no
    fault with, in their order. ``legal_moves`` asks this of every hand a seat could form.

    In the commonest trick (no consec in force, a regular hand to beat) the rule is worked out in
    bulk: there a joker hand may follow ("Joker hands can be played without following the arity of
    the trick when there are no consecutives in force"), and a regular hand may follow if it has
    the trick's arity and is strictly higher (lower) than the hand to beat, which for hands of one
    arity is their ranking key's order (:func:`~spite_rules.hands.compare`), or is a 7 on a 7.

    >>> trick = judge_play(Trick.start(0), Direction.HIGHER, 0, parse_cards("9♠")).trick
    >>> [hand.describe() for hand in followers(trick, Direction.HIGHER, hands_in(parse_cards("8♠ 9♦ 10♣ 🃏")))]
    ['single 10', 'natural joker']
    """
    beat = trick.beat
    if trick.consec_in_force or beat is None or beat.is_joker or trick.fake_hand:
        return [hand for hand in hands if follow_fault(trick, direction, hand) is None]
    arity, key = trick.arity, beat.key
    higher = direction is HIGHER
    if sevens_on_top(trick) is None:  # no 7 on a 7 to play (the commonest trick): rank decides
        if higher:
            return [hand for hand in hands if hand.is_joker or (hand.size == arity and hand.key > key)]
        return [hand for hand in hands if hand.is_joker or (hand.size == arity and hand.key < key)]
    return [
        hand
        for hand in hands
        if hand.is_joker
        or (hand.size == arity and ((hand.key > key) if higher else (hand.key < key)))
        or (hand.size == arity and is_seven_on_seven(trick, hand))
    ]


def _follow_fault(
    trick: Trick, direction: Direction, hand: Hand, seven_on_seven: bool
) -> str | None:
    """Seed 000, "Valid Following Hands", "Joker Hands", "Consecutives": the rule id broken, or
    None. The words for each are :func:`_follow_reason`'s."""
    if trick.fake_hand:  # the July 2023 revision: only more face-down fake jokers beat them (V6)
        return "fake-jokers.hand.beaten-by-more"
    beat = trick.beat
    arity = trick.arity
    if trick.consec_in_force:
        # "13s and joker hands may not be played when any consec restriction is in force",
        # numerical consecs fix the next value, suited consecs fix the suits.
        if hand.is_joker or any(card.is_thirteen for card in hand.cards):
            return "consec.no-13s-or-jokers"
        if arity is not None and len(hand.cards) != arity:
            return "trick.follow.arity"
        needed = required_value(trick, direction)
        if needed is not None and hand.value is not needed:
            return "consec.numerical"
        if trick.suited is not None and hand.suits != trick.suited:
            return "consec.suited"
        if needed is None and beat is not None and not _beats(hand, beat, direction):
            return "trick.follow.strictly-better"
        return None
    if hand.is_joker:
        # "Joker hands can be played without following the arity of the trick when there are no
        # consecutives in force." While higher they beat any non-joker hand; while lower they reset.
        # Five or more natural 7s on as many natural 7s stand as a 7 on a 7 (ruling T12).
        if seven_on_seven:
            return None
        if beat is not None and beat.is_joker and direction is HIGHER:
            both_natural = beat.value is None and hand.value is None
            if not both_natural and compare(hand, beat) <= 0:
                return "joker-hands.beaten-by-higher-jokers"
        return None
    if beat is not None and beat.is_joker and direction is HIGHER:
        return "joker-hands.beaten-by-higher-jokers"
    if arity is not None and len(hand.cards) != arity:
        return "trick.follow.arity"
    if seven_on_seven or beat is None:
        return None
    if not _beats(hand, beat, direction):
        return "trick.follow.strictly-better"
    return None


def _follow_reason(rule: str, trick: Trick, direction: Direction, hand: Hand) -> str:
    """Why ``hand`` breaks ``rule`` (one of :func:`_follow_fault`'s ids), in plain English."""
    beat = trick.beat
    if rule == "fake-jokers.hand.beaten-by-more":
        on_top = face_down_description(trick.fake_hand)
        return (f"{hand.describe()} cannot beat the {on_top} in play: only a hand of more "
                "face-down fake jokers beats them")
    if rule == "consec.no-13s-or-jokers":
        return f"{hand.describe()}: 13s and joker hands may not be played while a consec is in force"
    if rule == "trick.follow.arity":
        arity = trick.arity
        assert arity is not None
        return (f"{hand.describe()} does not follow the trick's arity: the trick is "
                f"{_arity_name(arity)}")
    if rule == "consec.numerical":
        needed = required_value(trick, direction)
        assert needed is not None
        return (f"{hand.describe()}: a numerical consec is in force and the next hand must be "
                f"{needed.plural}")
    if rule == "consec.suited":
        wanted = "".join(s.value for s in trick.suited or () if s is not None)
        return f"{hand.describe()}: a suited consec is in force and the next hand must be of {wanted}"
    assert beat is not None
    if rule == "joker-hands.beaten-by-higher-jokers":
        verb = "does not beat" if hand.is_joker else "cannot beat"
        return (f"{hand.describe()} {verb} the {beat.describe()} in play: while the direction is "
                "higher a joker hand is beaten only by a higher joker hand")
    return f"{hand.describe()} is not strictly {direction.value} than the {beat.describe()} in play"


def follow_breach(
    trick: Trick, direction: Direction, hand: Hand, seven_on_seven: bool
) -> Breach | None:
    """Why ``hand`` may not follow in ``trick``, or None (see :func:`_follow_fault`)."""
    rule = _follow_fault(trick, direction, hand, seven_on_seven)
    if rule is None:
        return None
    return Breach(lambda: _follow_reason(rule, trick, direction, hand), rule)


def _beats(hand: Hand, beat: Hand, direction: Direction) -> bool:
    """Strictly better than ``beat`` in ``direction`` (seed 000, "Valid Following Hands")."""
    order = compare(hand, beat)
    return order > 0 if direction is HIGHER else order < 0


def _arity_name(arity: int) -> str:
    return {1: "singles", 2: "pairs", 3: "trips", 4: "quads", 5: "poker hands"}.get(
        arity, f"{arity}-card hands"
    )

"""The consec rules (seed 000, "Consecutives"): which hands take part, the run they form, the
value a numerical consec requires next, and the "unbeatable" 2 of a suited consec.

Layer: Spite: rules of play — may import Spite's values, the core, the cards and the errors.

A :class:`~spite_rules.trick_state.Trick` carries the run (its
:class:`~spite_rules.trick_state.RunEntry` entries) and the consecs in force;
:mod:`spite_rules.trick` places hands on it with these rules (and re-exports them).

>>> trick = Trick.start(0)
>>> for seat, text in enumerate(["9♠", "10♦", "11♣"]):
...     trick = judge_play(trick, Direction.HIGHER, seat, parse_cards(text)).trick
>>> trick.numerical, required_value(trick, Direction.HIGHER), [entry.step for entry in trick.run]
(1, <Rank.TWELVE: 12>, [None, 1, 1])
"""

from __future__ import annotations


from spite_rules.cards import CONSEC_ORDER, Rank, Suit
from spite_rules.constants import HIGHER, THIRTEEN, TWO
from spite_rules.hands import Hand
from spite_rules.trick_state import Trick
from spite_rules.vocabulary import Direction


__all__ = [
    "is_consec_eligible",
    "consec_step",
    "required_value",
    "needs_unbeatable",
]


def is_consec_eligible(hand: Hand) -> bool:
    """Seed 000, "Consecutives": "Consecs only apply to hands that consist of cards of the same value
    (i.e. single cards, pairs, trips, quads, etc., without any 13s) and not to poker hands."

    Ruling T14/T12: hands of only 13s take no part (draft 001: "13s may not start or take part in
    consecs") and joker hands take no part.

    >>> from spite_rules.cards import parse_cards
    >>> is_consec_eligible(classify(parse_cards("9♠ 9♦"))), is_consec_eligible(classify(parse_cards("9♠ 13♦")))
    (True, False)
    """
    return hand.is_multiple and hand.is_natural and hand.value is not THIRTEEN


def consec_step(previous: int, position: int, direction: Direction) -> int:
    """The distance from one consec position to the next, travelling in ``direction`` (wrapping)."""
    span = len(CONSEC_ORDER)
    if direction is HIGHER:
        return (position - previous) % span
    return (previous - position) % span


def required_value(trick: Trick, direction: Direction) -> Rank | None:
    """The value the next hand must have under a numerical consec, or ``None`` if none is in force.

    Seed 000, "Numerical Consec": "if the last three hands played were 11, Q, 2, the next valid hand
    is a 5"; going lower "8, 6, 4, the next valid hand is a 2"; "4, 3, 4, the next valid hand is a
    5". The step continues from the last hand in the direction now in force (ruling T14).

    >>> trick = Trick.start(0)
    >>> for seat, text in enumerate(["11♦", "Q♣", "2♣"]):
    ...     trick = judge_play(trick, Direction.HIGHER, seat, parse_cards(text)).trick
    >>> required_value(trick, Direction.HIGHER)
    <Rank.FIVE: 5>
    """
    if trick.numerical is None or not trick.run:
        return None
    last = trick.run[-1].position
    span = len(CONSEC_ORDER)
    step = trick.numerical if direction is HIGHER else -trick.numerical
    return CONSEC_ORDER[(last + step) % span]


def needs_unbeatable(
    numerical: int | None, suited: tuple[Suit | None, ...] | None, direction: Direction, hand: Hand
) -> bool:
    """Seed 000, "Suited Consec": "a 2 is the highest card during a suited-but-not-numerical consec
    when the direction is higher. When a player plays the 2 (or 2s), they must announce
    'unbeatable'". Ruling T17: judged with the consecs in force once the 2 is down; multiples too."""
    return (
        suited is not None
        and numerical is None
        and direction is HIGHER
        and hand.value is TWO
        and hand.is_multiple
    )

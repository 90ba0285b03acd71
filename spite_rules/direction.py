"""The game direction's rules (seed 000, "Game Direction"): the direction after a hand (natural 7s
announcing the opposite, a 7 on a 7 reversing it, 3s bouncing it while lower), and the breaches of
announcements. The direction itself is :class:`~spite_rules.vocabulary.Direction`. Rulings T12,
T13.

Layer: Spite: rules of play — may import Spite's values, the core, the cards and the errors.

>>> trick = judge_play(Trick.start(0), Direction.HIGHER, 0, parse_cards("7♠")).trick
>>> direction_after(trick, Direction.HIGHER, classify(parse_cards("7♦")), None, True)[:2]
(<Direction.LOWER: 'lower'>, 'seven-on-seven')
"""

from __future__ import annotations

from spite_rules.constants import HIGHER, LOWER, SEVEN, THREE
from spite_rules.hands import Hand
from spite_rules.trick_state import Breach, Trick
from spite_rules.vocabulary import Direction


__all__ = ["direction_after", "is_seven_on_seven", "sevens_on_top", "announcement_breach"]


def is_seven_on_seven(trick: Trick, hand: Hand) -> bool:
    """Seed 000, "Game Direction": "A player may play a 7 (or a hand of natural 7s with the same
    arity) on top of a 7 (or a hand of natural 7s), which will immediately reverse the direction".
    Ruling T12: not while a consec is in force (draft 001); a joker hand of five or more natural 7s
    is a hand of natural 7s too, so it reverses on as many 7s.

    >>> sevens = judge_play(Trick.start(0), Direction.HIGHER, 0, parse_cards("7♠ 7♠ 7♦ 7♣ 7♥")).trick
    >>> is_seven_on_seven(sevens, classify(parse_cards("7♠ 7♦ 7♦ 7♣ 7♥")))
    True
    >>> is_seven_on_seven(sevens, classify(parse_cards("7♠ 7♦ 7♦ 7♣ 7♥ 7♥")))
    False
    """
    # Asked first: most hands are not 7s, and a poker hand (the commonest candidate) never is.
    if hand.is_poker or not hand.is_natural_set_of(SEVEN):
        return False
    return sevens_on_top(trick) == hand.size


def sevens_on_top(trick: Trick) -> int | None:
    """The size of the hand of natural 7s on top of ``trick`` that natural 7s of that size would
    reverse (see :func:`is_seven_on_seven`), or None.

    >>> sevens_on_top(judge_play(Trick.start(0), Direction.HIGHER, 0, parse_cards("7♠ 7♦")).trick)
    2
    """
    if trick.consec_in_force or not trick.plays:
        return None
    previous = trick.plays[-1].hand
    if previous is not None and previous.is_natural_set_of(SEVEN):
        return previous.size
    return None


def direction_after(
    trick: Trick,
    direction: Direction,
    hand: Hand,
    announce: Direction | None,
    seven_on_seven: bool,
) -> tuple[Direction, str | None, Breach | None]:
    """The direction after ``hand`` (seed 000, "Game Direction"), or the announcement's breach.

    Ruling T12: "a hand of natural 7s" and "a hand consisting solely of natural 3s" are any number
    of them with no 13s, a joker hand of five or more included
    (:meth:`~spite_rules.hands.Hand.is_natural_set_of`): five 7s may announce, five 3s bounce.

    >>> five_3s = classify(parse_cards("3♠ 3♠ 3♦ 3♣ 3♥"))
    >>> direction_after(Trick.start(0), Direction.LOWER, five_3s, None, False)[:2]
    (<Direction.HIGHER: 'higher'>, 'bounce')
    """
    sevens = not hand.is_poker and hand.is_natural_set_of(SEVEN)
    if seven_on_seven:
        if announce is not None:
            return direction, None, Breach(
                lambda: (f"'{announce.value}' announced on a 7 played on a 7: the direction reverses by "
                "itself and any announcement is a misplay"),
                "direction.seven-on-seven",
            )
        return direction.opposite, "seven-on-seven", None
    if announce is not None:
        if not sevens:
            return direction, None, announcement_breach(announce, False, hand.describe())
        if announce is direction:
            return direction, None, Breach(
                lambda: (f"'{announce.value}' announced while the direction is already {direction.value}: "
                "an announcement must be the opposite of the current direction"),
                "direction.announce-opposite",
            )
        return announce, "sevens", None
    if direction is LOWER and hand.is_natural_set_of(THREE):
        return HIGHER, "bounce", None
    return direction, None, None


def announcement_breach(announce: Direction | None, unbeatable: bool, what: str) -> Breach:
    if announce is not None:
        return Breach(
            lambda: (f"'{announce.value}' announced with {what}: only a hand of natural 7s may change "
            "the direction"),
            "direction.sevens",
        )
    return Breach(
        lambda: (f"'unbeatable' announced with {what}, which is not a 2 under a suited-but-not-numerical "
        "consec going higher"),
        "consec.suited.unbeatable",
    )

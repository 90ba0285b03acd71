"""One trick: judging a play in it, and the trick after the play (arity, the hand to beat, the consec
run, jokers and fake jokers, "come at me"), and the buy-back count.

Layer: Spite: rules of play — may import Spite's values, the core, the cards and the errors.

Everything here is a pure function of a :class:`Trick` (the cards on the table and the restrictions
they have put in force) and the game :class:`Direction`. :func:`judge_play` is the single source of
truth for whether a play stands: ``apply`` uses it to detect misplays and ``legal_moves`` uses it to
keep only the plays that stand. Rulings T10-T19 in docs/rulings.md settle what the seeds leave open.

It builds on the rules below it, and re-exports their public names: the trick as data
(:mod:`~spite_rules.trick_state`), following (:mod:`~spite_rules.following`), the direction
(:mod:`~spite_rules.direction`), the consecs (:mod:`~spite_rules.consecs`) and the words they share
(:mod:`~spite_rules.vocabulary`).

>>> from spite_rules.cards import parse_cards
>>> trick = Trick.start(leader=0)
>>> for seat, text in enumerate(["3♦", "4♣", "5♣"]):
...     outcome = judge_play(trick, Direction.HIGHER, seat, parse_cards(text))
...     trick = outcome.trick
>>> trick.numerical, required_value(trick, Direction.HIGHER)
(1, <Rank.SIX: 6>)
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Final, NamedTuple

from spite_rules.constants import HIGHER, LOWER, NUMERICAL, SEVEN, SUITED, THIRTEEN, TWO
from spite_rules.core.frozen import replace
from spite_rules.card import _CONSEC_POSITION
from spite_rules.cards import Card, Suit, format_cards, parse_cards, spite_deck
from spite_rules.errors import IllegalAction, InvalidHand, shown
from spite_rules.hand_search import hands_in
from spite_rules.hands import Hand, classify
from spite_rules.consecs import consec_step, is_consec_eligible, needs_unbeatable, required_value
from spite_rules.direction import announcement_breach, direction_after, is_seven_on_seven
from spite_rules.fake_hands import fake_hand_breach, is_fake_hand, judge_fake_hand
from spite_rules.following import follow_breach, follow_fault, followers
from spite_rules.rules import Rules
from spite_rules.state import MAX_BUY_BACK_STEP
from spite_rules.trick_state import Breach, Outcome, RunEntry, Trick, TrickPlay
from spite_rules.vocabulary import ConsecKind, Direction



__all__ = [
    "Direction",
    "ConsecKind",
    "RunEntry",
    "TrickPlay",
    "Trick",
    "Breach",
    "Outcome",
    "fibonacci_buy_back",
    "judge_play",
    "required_value",
    "is_consec_eligible",
    "only_jokers_beat",
    "judge_hand",
    "follow_fault",
    "followers",
    "stands",
    "Standing",
]


def fibonacci_buy_back(step: int) -> int:
    """Seed 000, "Buy Back" (the count): see :func:`spite_rules.public.fibonacci_buy_back`."""
    try:
        if step >= 0:
            return _FIBONACCI[step]
    except (IndexError, TypeError):
        pass
    raise IllegalAction(f"buy-back step {shown(step)} is out of range (0 to {MAX_BUY_BACK_STEP}, ruling X8)")


def _fibonacci(count: int) -> tuple[int, ...]:
    numbers = [1, 1]
    while len(numbers) < count:
        numbers.append(numbers[-1] + numbers[-2])
    return tuple(numbers[:count])


_FIBONACCI: Final = _fibonacci(MAX_BUY_BACK_STEP + 1)


def judge_play(
    trick: Trick,
    direction: Direction,
    seat: int,
    cards: Sequence[Card],
    *,
    face_down: bool = False,
    earned: bool = False,
    announce: Direction | None = None,
    unbeatable: bool = False,
    come_at_me: bool = False,
    rules: Rules | None = None,
) -> Breach | Outcome:
    """One play in a trick judged: see :func:`spite_rules.public.judge_play`."""
    cards = tuple(cards)
    rules = _SEED_000 if rules is None else rules
    if rules.face_down_fake_joker_hands and is_fake_hand(cards, face_down):
        return judge_fake_hand(trick, direction, seat, cards, announce, unbeatable, come_at_me)
    verdict = _judge(
        trick, direction, seat, cards, face_down, earned, announce, unbeatable,
        rules.face_up_fake_lead_opens_arity, earned and rules.earned_cards_free,
    )
    return _with_come_at_me(verdict, seat, come_at_me)


#: Seed 000's rules, for a judgement given none.
_SEED_000: Final = Rules()


def _with_come_at_me(verdict: Breach | Outcome, seat: int, come_at_me: bool) -> Breach | Outcome:
    """Seed 000, "Come At Me": the announcement is a misplay with a hand only jokers can beat."""
    if not come_at_me or isinstance(verdict, Breach):
        return verdict
    hand = verdict.hand
    if hand is not None and only_jokers_beat(hand, verdict.trick, verdict.direction):
        return _come_at_me_breach(hand)
    after = replace(verdict.trick, come_at_me=verdict.trick.come_at_me + (seat,))
    return replace(verdict, trick=after)


def _come_at_me_breach(hand: Hand) -> Breach:
    """Seed 000, "Come At Me": "It is a misplay to come-at-me when the hand played can only be
    beaten by joker hands ... or cannot be beaten" (see :func:`only_jokers_beat`)."""
    return Breach(
        lambda: f"'come at me' announced with {hand.describe()}, which only a joker hand could "
        "beat (or nothing could)",
        "come-at-me.unbeatable-hand",
    )


def _judge(
    trick: Trick,
    direction: Direction,
    seat: int,
    cards: tuple[Card, ...],
    face_down: bool,
    earned: bool,
    announce: Direction | None,
    unbeatable: bool,
    fake_lead_opens: bool = True,
    earned_free: bool = False,
) -> Breach | Outcome:
    fake = any(card.fake for card in cards)
    if (fake or (earned and not earned_free)) and len(cards) != 1:
        what = "a fake joker" if fake else "an earned card"
        return Breach(
            lambda: f"{format_cards(cards)}: {what} is played on its own, never combined with other cards",
            "fake-jokers.alone",
        )
    if face_down and not fake:
        what = "an earned card" if earned else "a regular card"
        return Breach(
            lambda: f"{format_cards(cards)}: only a fake joker may be played face-down, not {what}",
            "fake-jokers.face-down",
        )
    if face_down:
        return _judge_face_down(trick, direction, seat, cards, announce, unbeatable)
    try:
        hand = classify(cards)
    except InvalidHand as error:
        message = str(error)
        return Breach(lambda: message, "hands.valid")
    opens = fake and fake_lead_opens  # a face-up fake joker lead leaves the arity open (T18, V2)
    return _judge_classified(trick, direction, seat, hand, opens, announce, unbeatable)


def _judge_classified(
    trick: Trick,
    direction: Direction,
    seat: int,
    hand: Hand,
    fake: bool,
    announce: Direction | None,
    unbeatable: bool,
) -> Breach | Outcome:
    if fake and trick.is_lead:
        return _judge_open_lead(trick, direction, seat, hand, announce, unbeatable)
    standing = stands(trick, direction, hand, announce=announce, unbeatable=unbeatable)
    if isinstance(standing, Breach):
        return standing
    return _outcome(trick, seat, hand, standing)


def judge_hand(
    trick: Trick,
    direction: Direction,
    seat: int,
    hand: Hand,
    *,
    announce: Direction | None = None,
    unbeatable: bool = False,
    come_at_me: bool = False,
    standing: Standing | None = None,
) -> Breach | Outcome:
    """:func:`judge_play` for regular cards already classified (as :func:`hands_in` gives them):
    the same judgement, without classifying the cards again. ``standing``, if given, must be what
    :func:`stands` gives for these arguments (a caller that has it is spared asking again).

    >>> hand = classify(parse_cards("9♠ 9♦"))
    >>> judge_hand(Trick.start(0), Direction.HIGHER, 0, hand) == judge_play(
    ...     Trick.start(0), Direction.HIGHER, 0, hand.cards)
    True
    """
    if standing is None:
        verdict = _judge_classified(trick, direction, seat, hand, False, announce, unbeatable)
        return _with_come_at_me(verdict, seat, come_at_me)
    # As _with_come_at_me does, with the outcome's trick built once, "come at me" and all.
    if come_at_me and standing.only_jokers_beat(hand):
        return _come_at_me_breach(hand)
    return _outcome(trick, seat, hand, standing, come_at_me)


def _judge_face_down(
    trick: Trick,
    direction: Direction,
    seat: int,
    cards: tuple[Card, ...],
    announce: Direction | None,
    unbeatable: bool,
) -> Breach | Outcome:
    """Seed 000, "Fake Jokers": "When played face-down during a trick, they reset the ranking in play
    such that any valid hand that follows the trick's arity may be played on top of it."
    Ruling T19: not while a consec is in force (a fake joker plays the part of a joker). Ruling V6:
    nor on a hand of face-down fake jokers, which only more of them beat."""
    if trick.fake_hand:
        breach = fake_hand_breach(trick, len(cards))
        assert breach is not None  # one fake joker never beats a hand of five or more
        return breach
    if trick.consec_in_force:
        return Breach(
            lambda: "a fake joker may not be played face-down while a consec is in force",
            "consec.no-13s-or-jokers",
        )
    if announce is not None or unbeatable:
        return announcement_breach(announce, unbeatable, "a face-down fake joker")
    play = TrickPlay(seat, cards, None, face_down=True)
    after = replace(trick, plays=trick.plays + (play,), beat=None, run=(), passes=frozenset())
    return Outcome(after, direction, None)


def _judge_open_lead(
    trick: Trick,
    direction: Direction,
    seat: int,
    hand: Hand,
    announce: Direction | None,
    unbeatable: bool,
) -> Breach | Outcome:
    """Seed 000, "Fake Jokers": "When played face-up to lead a trick, the arity of the trick is
    indeterminate, regardless of current game direction. The next player may play any valid hand,
    and that hand determines the arity of the trick." (Ruling T18.)"""
    if unbeatable or (announce is not None and not hand.is_natural_set_of(SEVEN)):
        return announcement_breach(announce, unbeatable, "a fake joker lead")
    new_direction, cause, breach = direction_after(trick, direction, hand, announce, False)
    if breach is not None:
        return breach
    play = TrickPlay(seat, hand.cards, hand)
    after = replace(trick, plays=(play,), arity=None, beat=None, run=(), passes=frozenset())
    return Outcome(after, new_direction, hand, cause)


class Standing(NamedTuple):
    """A regular hand judged to stand, before it is placed on the trick: the direction after it,
    what changed the direction, and the trick's consec state once it is down (see :func:`stands`)."""

    direction: Direction
    direction_cause: str | None
    arity: int | None
    beat: Hand | None
    run: tuple[RunEntry, ...]
    numerical: int | None
    suited: tuple[Suit | None, ...] | None

    def only_jokers_beat(self, hand: Hand) -> bool:
        """:func:`only_jokers_beat` for ``hand`` once it stands.

        >>> two = classify(parse_cards("2♠"))
        >>> stands(Trick.start(0), Direction.HIGHER, two).only_jokers_beat(two)
        True
        """
        return _only_jokers_beat(hand, self.numerical, self.suited, self.direction)


def stands(
    trick: Trick,
    direction: Direction,
    hand: Hand,
    *,
    announce: Direction | None = None,
    unbeatable: bool = False,
    may_follow: bool = False,
) -> Breach | Standing:
    """:func:`judge_hand`'s verdict without building the trick after the play: a :class:`Breach`,
    or the :class:`Standing` the outcome is built from. ``legal_moves`` asks this of every
    candidate, and :func:`judge_hand` builds on it, so the two never disagree. ``may_follow`` says
    the caller has found no :func:`follow_fault` with ``hand`` already (so it is not asked again).

    >>> stands(Trick.start(0), Direction.HIGHER, classify(parse_cards("9♠ 9♦"))).arity
    2
    """
    seven_on_seven = is_seven_on_seven(trick, hand)
    if not may_follow:
        breach = follow_breach(trick, direction, hand, seven_on_seven)
        if breach is not None:
            return breach
    new_direction, cause, breach = direction_after(trick, direction, hand, announce, seven_on_seven)
    if breach is not None:
        return breach
    # A joker hand's effect on what may follow is that of the direction its own play leaves in
    # force (ruling T12: five 7s announcing, five 3s bouncing); any other hand is placed (its
    # consec step counted) in the direction it was played in (ruling T14).
    placed_in = new_direction if hand.is_joker else direction
    arity, beat, run, numerical, suited = _placed(trick, placed_in, hand)
    needs = needs_unbeatable(numerical, suited, new_direction, hand)
    if needs and not unbeatable:
        return Breach(
            lambda: (f"{hand.describe()} under a suited-but-not-numerical consec going higher cannot be "
            "beaten, and the player must announce 'unbeatable'"),
            "consec.suited.unbeatable",
        )
    if unbeatable and not needs:
        return announcement_breach(None, True, hand.describe())
    # tuple.__new__ skips the named tuple's Python-level __new__ (docs/performance.md)
    return tuple.__new__(Standing, (new_direction, cause, arity, beat, run, numerical, suited))


def _outcome(
    trick: Trick, seat: int, hand: Hand, standing: Standing, come_at_me: bool = False
) -> Outcome:
    """The outcome of ``hand``, judged to stand (``standing``), played by ``seat`` on ``trick``,
    announcing "come at me" if ``come_at_me`` (already judged allowed)."""
    numerical, suited = standing.numerical, standing.suited
    calls = trick.come_at_me + (seat,) if come_at_me else trick.come_at_me
    after = Trick(
        trick.leader, trick.plays + (TrickPlay(seat, hand.cards, hand),), standing.arity, standing.beat,
        standing.run, numerical, suited, trick.passed, trick.barred, frozenset(), calls, 0,
    )  # fmt: skip
    formed: tuple[ConsecKind, ...] = ()
    if numerical is not None and trick.numerical is None:
        formed += (NUMERICAL,)
    if suited is not None and trick.suited is None:
        formed += (SUITED,)
    return Outcome(after, standing.direction, hand, standing.direction_cause, formed)


def _placed(
    trick: Trick, direction: Direction, hand: Hand
) -> tuple[int | None, Hand | None, tuple[RunEntry, ...], int | None, tuple[Suit | None, ...] | None]:
    """The trick's arity, hand to beat, run and consecs once ``hand`` (judged to stand) is on it:
    a joker hand's as ``direction`` is the direction after its play, any other's as it is the
    direction it was played in (see :func:`stands`)."""
    arity, beat, run = trick.arity, trick.beat, trick.run
    numerical, suited = trick.numerical, trick.suited
    if hand.is_joker:
        run = ()
        if direction is LOWER:
            # "When the direction is lower, joker hands reset the ranking in play"; led while lower
            # "the arity of the trick is indeterminate".
            beat = None
            arity = None if trick.is_lead else arity
        else:
            beat = hand
    else:
        arity = arity if arity is not None else hand.size
        beat = hand
        if is_consec_eligible(hand):
            value = hand.value
            position = _CONSEC_POSITION[value] if value is not None else 0
            step = consec_step(run[-1].position, position, direction) if run else None
            suits = hand.suits
            run = (run + (RunEntry(position, suits, step),))[-3:]
            if len(run) == 3:
                if numerical is None and step and run[1].step == step:
                    numerical = step
                if suited is None and run[0].suits == run[1].suits == suits:
                    suited = suits
        else:
            run = ()
    return arity, beat, run, numerical, suited


@functools.cache
def _extreme_keys(size: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The lowest and highest ranking keys any non-joker hand of ``size`` cards can have."""
    if size == 5:  # four 13s and a 3 make the lowest straight; J-Q-K-A-2 suited the highest hand
        low = classify(parse_cards("3♠ 13♥ 13♥ 13♦ 13♦")).key
        return low, classify(parse_cards("J♠ Q♠ K♠ A♠ 2♠")).key
    # A multiple's key leads with its value: the extremes are among the deck's lowest and highest values' hands
    ranks = [card.rank for card in spite_deck() if card.rank is not THIRTEEN and not card.is_joker]
    ends = (min(ranks), max(ranks), THIRTEEN)
    keys = [hand.key for hand in hands_in([card for card in spite_deck() if card.rank in ends], (size,), jokers=False)]
    return min(keys), max(keys)


def only_jokers_beat(hand: Hand, trick: Trick, direction: Direction) -> bool:
    """Can only a joker hand beat ``hand`` (or nothing at all), once it is on ``trick``?

    Seed 000, "Come At Me": "It is a misplay to come-at-me when the hand played can only be beaten
    by joker hands (e.g. a single 2 when not under numerical consec) or cannot be beaten (e.g. a 2
    when under suited consec)". Judged with the direction after the play (a 3 that bounces can be
    beaten) and never under a numerical consec, which always names a next value (ruling R26).

    >>> trick = judge_play(Trick.start(0), Direction.HIGHER, 0, parse_cards("2♠")).trick
    >>> only_jokers_beat(trick.plays[-1].hand, trick, Direction.HIGHER)
    True
    """
    return _only_jokers_beat(hand, trick.numerical, trick.suited, direction)


def _only_jokers_beat(
    hand: Hand, numerical: int | None, suited: tuple[Suit | None, ...] | None, direction: Direction
) -> bool:
    if numerical is not None:
        return False
    if hand.is_joker:
        return direction is HIGHER
    if suited is not None:
        return direction is HIGHER and hand.value is TWO
    low, high = _extreme_keys(hand.size)
    return hand.key >= high if direction is HIGHER else hand.key <= low

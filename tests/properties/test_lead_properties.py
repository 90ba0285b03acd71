"""The shortcut of a lead's poker hands gives what the rule functions give.

``legal_moves`` judges a lead's poker hands with :func:`spite_rules.moves.poker_lead_standing`
(the verdict built directly) and tells whether only jokers beat one by its key against the
extreme keys of five-card hands. Here :func:`spite_rules.trick.stands` and
:func:`spite_rules.trick.only_jokers_beat` are the oracle, for every poker hand of random cards,
led in either direction, and the lead's moves are those of the plain path (``_judged_plays``).
A fresh lead (``_fresh_lead``, on ``lead_hands``' poker cards and keys, no poker ``Hand`` made)
offers the plays and verdicts of judging each of ``hands_in``'s hands in turn.
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import spite_rules as sr
from spite_rules.cards import Card
from spite_rules.hand_search import lead_hands
from spite_rules.hands import classify_sorted
from spite_rules.moves import (
    _fresh_lead,
    _judge_lead,
    _judged_plays,
    _NEW_TRICK,
    _POKER_EXTREMES,
    poker_lead_standing,
)
from spite_rules.trick import Standing, Trick, only_jokers_beat, stands
from spite_rules.vocabulary import Direction

SETTINGS = settings(max_examples=150, deadline=None)
DECK = sr.spite_deck()


@st.composite
def held(draw: st.DrawFn) -> list[Card]:
    """5 to 19 cards of the deck, from few values or from all of them, with up to six 13s."""
    naturals = [card for card in DECK if not (card.is_thirteen or card.is_joker)]
    if draw(st.booleans()):
        values = sorted({card.rank for card in naturals}, key=lambda rank: rank.value)
        low = draw(st.integers(0, len(values) - 5))
        kept = set(values[low : low + draw(st.integers(5, 7))])
        naturals = [card for card in naturals if card.rank in kept]
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    count = draw(st.integers(5, min(19, len(naturals))))
    thirteens = [card for card in DECK if card.is_thirteen][: draw(st.integers(0, 6))]
    return rng.sample(naturals, count) + thirteens


@SETTINGS
@given(held(), st.sampled_from(list(Direction)), st.integers(0, 8))
def test_a_lead_poker_hand_is_judged_as_stands_judges_it(
    cards: list[Card], direction: Direction, seat: int
) -> None:
    for hand in sr.hands_in(cards, (5,), jokers=False):
        assert hand.is_poker
        expected = stands(Trick.start(seat), direction, hand, may_follow=True)
        found = poker_lead_standing(direction, hand)
        assert isinstance(expected, Standing)
        assert type(found) is Standing and found == expected
        low, high = _POKER_EXTREMES
        shortcut = hand.key >= high if direction is Direction.HIGHER else hand.key <= low
        assert shortcut == only_jokers_beat(hand, Trick.start(seat), direction)
        assert shortcut == expected.only_jokers_beat(hand)
        fast: list = []
        _judge_lead(fast, seat, hand, direction)
        plain: list = []
        base = sr.Play(seat, hand.cards)
        _judged_plays(plain, _NEW_TRICK, direction, base, hand, 0, may_follow=True)
        # the lead's verdict is left to verdict_of, which makes it with poker_lead_standing
        assert [(plays, judged, None) for plays, judged, _ in plain] == fast


@settings(max_examples=60, deadline=None)
@given(held(), st.booleans(), st.sampled_from(list(Direction)), st.integers(0, 8))
def test_a_fresh_lead_offers_the_plays_of_each_of_its_hands_in_turn(
    cards: list[Card], joker: bool, direction: Direction, seat: int
) -> None:
    held = tuple(sr.sort_cards(cards + [sr.Card("JK")] if joker else cards))
    hands = sr.hands_in(held)
    multiples, poker_cards, poker_keys = lead_hands(held)
    assert multiples == [hand for hand in hands if not hand.is_poker]
    assert poker_cards == [hand.cards for hand in hands if hand.is_poker]
    assert poker_keys == [hand.key for hand in hands if hand.is_poker]
    plain: list = []
    for hand in hands:
        _judge_lead(plain, seat, hand, direction)
    fast = _fresh_lead(seat, held, direction, len(held) + 1)  # nothing empties the hand
    assert fast is not None
    assert [play for plays, _, _ in fast for play in plays] == [play for plays, _, _ in plain for play in plays]
    hand_of = {play: judged for plays, judged, _ in plain for play in plays}
    for plays, hand, _ in fast:
        for play in plays:  # what verdict_of makes of a fresh lead's poker play
            assert (classify_sorted(play.cards) if hand is None else hand) == hand_of[play]
    emptied = _fresh_lead(seat, held, direction, max(hand.size for hand in hands)) if hands else None
    assert emptied is None  # a hand that would empty the seat's: left to the general path

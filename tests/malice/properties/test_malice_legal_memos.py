"""The memos of ``legal_moves`` answer as the work they stand for: seed 002's side moves under
``SideRule.ANY`` kept by the shape of the stacks (``legal._any_side_paths``) equal ``legal.side_paths``
on the very stacks, and seed 004's groups kept by the hand's int code (``legal._code``) equal the
groups found afresh; two different tuples of cards never share a code. ``order.sort_key``, kept by
``Card.order``, is the key worked out from the card.
"""

from __future__ import annotations

import random
from itertools import combinations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spite_rules.malice as sm
from spite_rules.cards import Card, standard_deck
from spite_rules.malice import legal
from spite_rules.malice.order import sort_key

CARDS = sorted(set(standard_deck(1, 2)), key=sort_key)
SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

stacks_ = st.lists(st.lists(st.sampled_from(CARDS), max_size=4).map(tuple), min_size=1, max_size=6).map(tuple)


@SETTINGS
@given(stacks_, stacks_)
def test_side_moves_kept_by_shape_equal_the_side_moves_of_the_stacks(
    first: tuple[tuple[Card, ...], ...], second: tuple[tuple[Card, ...], ...]
) -> None:
    rules = sm.Rules.preset("jacks")
    assert rules.side_rule is sm.SideRule.ANY
    # the first stacks fill the memo; the second, of the same shape where the sizes agree, read it
    assert legal._any_side_paths(rules, first) == legal.side_paths(rules, first)
    assert legal._any_side_paths(rules, second) == legal.side_paths(rules, second)
    legal._ANY_PATHS.clear()
    assert legal._any_side_paths(rules, second) == legal.side_paths(rules, second)


hands = st.lists(st.sampled_from(CARDS), min_size=2, max_size=8).map(lambda cards: tuple(sorted(cards, key=sort_key)))


def _fresh_groups(hand: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    legal._GROUPS.clear()
    return legal._groups(hand)


@SETTINGS
@given(hands, hands)
def test_groups_kept_by_code_equal_the_groups_of_the_hand(first: tuple[Card, ...], second: tuple[Card, ...]) -> None:
    expected = _fresh_groups(second)
    legal._groups(first)
    assert legal._groups(second) == expected
    assert (legal._code(first) == legal._code(second)) == (first == second)


def _groups_by_definition(hand: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """Seed 004's groups as ``legal._groups`` defines them, without its shortcut for two cards."""
    found: list[tuple[Card, ...]] = []
    for rank in dict.fromkeys(card.rank for card in hand):
        same = [card for card in hand if card.rank is rank]
        for size in range(2, len(same) + 1):
            found += sorted(set(combinations(same, size)), key=lambda cards: [sort_key(c) for c in cards])
    return found


@SETTINGS
@given(hands)
def test_groups_equal_their_definition(hand: tuple[Card, ...]) -> None:
    assert _fresh_groups(hand) == _groups_by_definition(hand)


@SETTINGS
@given(hands, hands)
def test_group_discards_are_interned_by_their_cards(first: tuple[Card, ...], second: tuple[Card, ...]) -> None:
    one, other = legal.discard(0, first, 1), legal.discard(0, second, 1)
    assert (one is other) == (first == second)
    assert one.cards == first and other.cards == second


def test_sort_key_kept_by_order_is_the_key_worked_out() -> None:
    """``sort_key`` (kept by ``Card.order``) gives every card, of either back, the key
    ``worked_out_sort_key`` works out from its rank and suit, whichever card of a kind asked first."""
    from spite_rules.malice.order import worked_out_sort_key

    cards = list(standard_deck(2, 4))
    cards += [Card(card.rank, card.suit, fake=True) for card in standard_deck(1, 2)]
    random.Random(7).shuffle(cards)
    for card in cards + cards[::-1]:
        assert sort_key(card) == worked_out_sort_key(card), card

"""``table.sort_hand``, the hand sort of ``apply`` (the quick turn end's draw, ``_draw``,
``Table.give_back``, the redeal), is ``sorted(cards, key=sort_key)``: the same cards, the very
objects, in the same order, ties (cards of the same rank and suit, of either back) kept in the order
they came in, and a card's key kept by ``Card.order`` the key ``sort_key`` gives it.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spite_rules.cards import Card, standard_deck
from spite_rules.malice.order import sort_key
from spite_rules.malice.table import sort_hand

#: Every card of the decks Spite and Malice deals, of either back, each kind twice as separate
#: objects (equal cards from two packs), so ties are common.
_KINDS = sorted(set(standard_deck(1, 2)), key=sort_key)
CARDS = [Card(card.rank, card.suit, fake=fake) for card in _KINDS for fake in (False, True) for _ in range(2)]
SETTINGS = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(st.lists(st.sampled_from(CARDS), max_size=16))
def test_sort_hand_is_sorted_by_sort_key(cards: list[Card]) -> None:
    expected = sorted(cards, key=sort_key)
    found = sort_hand(tuple(cards))
    assert type(found) is tuple
    assert found == tuple(expected)
    assert [id(card) for card in found] == [id(card) for card in expected]


@SETTINGS
@given(st.lists(st.sampled_from(CARDS), min_size=4, max_size=5), st.lists(st.sampled_from(CARDS), min_size=1, max_size=5))
def test_sort_hand_of_a_sorted_hand_and_its_draw_is_sorted_by_sort_key(hand: list[Card], drawn: list[Card]) -> None:
    """The quick turn end's case: a hand in order, then the cards drawn."""
    held = tuple(sorted(hand, key=sort_key)) + tuple(drawn)
    assert [id(card) for card in sort_hand(held)] == [id(card) for card in sorted(held, key=sort_key)]

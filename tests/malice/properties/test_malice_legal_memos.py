"""The memos of ``legal_moves`` answer as the work they stand for: seed 004's groups kept by the
hand's int code (``legal._code``) equal the groups found afresh; two different tuples of cards never
share a code.
"""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from spite_rules.cards import Card, standard_deck
from spite_rules.malice import legal
from spite_rules.malice.order import sort_key

CARDS = sorted(set(standard_deck(1, 2)), key=sort_key)
SETTINGS = settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])

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

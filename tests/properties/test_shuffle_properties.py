"""The round's shuffle is the standard library's: :func:`spite_rules.stock.shuffle` (written out so
that the compiled build runs it natively) gives exactly ``random.Random(f"{seed}:{n}").shuffle``'s
order, for any seed, shuffle number and pile (empty, one card, a deal of any number of decks).
"""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

import spite_rules as sr
from spite_rules.stock import shuffle

DECKS = {decks: sr.spite_deck(decks) for decks in (1, 2, 3)}


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**64),
    shuffles=st.integers(min_value=0, max_value=50),
    decks=st.integers(min_value=1, max_value=3),
    cut=st.floats(min_value=0, max_value=1),
)
def test_shuffle_orders_the_cards_as_random_shuffle_does(
    seed: int, shuffles: int, decks: int, cut: float
) -> None:
    pile = list(DECKS[decks][: round(cut * len(DECKS[decks]))])
    expected = list(pile)
    random.Random(f"{seed}:{shuffles}").shuffle(expected)
    shuffle(pile, seed, shuffles)
    assert pile == expected
    assert [id(card) for card in pile] == [id(card) for card in expected]  # the same objects moved

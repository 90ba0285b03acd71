"""``shuffling.shuffle`` (the games' seeded shuffles, compiled) leaves a list in the order
``random.Random.shuffle`` leaves it in, for any seed and any length: every deal and reshuffle of
both games is the same through either."""

from __future__ import annotations

import random

from hypothesis import given
from hypothesis import strategies as st

from spite_rules.cards import spite_deck, standard_deck
from spite_rules.shuffling import shuffle


@given(st.text(max_size=12) | st.integers(), st.integers(0, 300))
def test_shuffle_leaves_any_list_in_the_order_random_shuffle_leaves_it(seed: str | int, length: int) -> None:
    ours = list(range(length))
    shuffle(random.Random(seed), ours)
    theirs = list(range(length))
    random.Random(seed).shuffle(theirs)
    assert ours == theirs


@given(st.integers(0, 10**6), st.integers(0, 30))
def test_shuffle_deals_both_games_decks_as_random_shuffle_does(seed: int, shuffles: int) -> None:
    for deck in (spite_deck(1), standard_deck(2, jokers=4), standard_deck(3)):
        ours = list(deck)
        shuffle(random.Random(f"{seed}:{shuffles}"), ours)
        theirs = list(deck)
        random.Random(f"{seed}:{shuffles}").shuffle(theirs)
        assert ours == theirs

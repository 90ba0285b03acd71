"""``shuffling.shuffle`` (the games' seeded shuffles, compiled) leaves a list in the order
``random.Random.shuffle`` leaves it in, for any seed and any length: every deal and reshuffle of
both games is the same through either. Spite's round shuffle (``stock.shuffle``, the loop on a
fresh ``random.Random(f"{seed}:{n}")``) gives exactly that stream's order, for any seed, shuffle
number and pile (empty, one card, a deal of any number of decks), moving the same objects."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from spite_rules import stock
from spite_rules.cards import spite_deck, standard_deck
from spite_rules.core.shuffling import shuffle

DECKS = {decks: spite_deck(decks) for decks in (1, 2, 3)}


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


@settings(max_examples=300, deadline=None)
@given(
    seed=st.integers(min_value=0, max_value=2**64),
    shuffles=st.integers(min_value=0, max_value=50),
    decks=st.integers(min_value=1, max_value=3),
    cut=st.floats(min_value=0, max_value=1),
)
def test_the_rounds_shuffle_orders_the_cards_as_random_shuffle_does(
    seed: int, shuffles: int, decks: int, cut: float
) -> None:
    pile = list(DECKS[decks][: round(cut * len(DECKS[decks]))])
    expected = list(pile)
    random.Random(f"{seed}:{shuffles}").shuffle(expected)
    stock.shuffle(pile, seed, shuffles)
    assert pile == expected
    assert [id(card) for card in pile] == [id(card) for card in expected]  # the same objects moved

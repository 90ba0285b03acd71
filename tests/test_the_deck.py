"""Seed 000, "The Deck": three six-handed 500 decks, 63 cards each, 189 in all."""

from collections import Counter

import pytest

import spite_rules as sr
from spite_rules import Card, Rank, Suit


def test_deck_has_189_cards_of_three_63_card_decks() -> None:
    deck = sr.spite_deck()
    assert len(deck) == 189
    assert len(sr.spite_deck(decks=1)) == 63


def test_deck_each_suit_has_2_to_A_three_times_plus_11_and_12() -> None:
    counts = Counter(sr.spite_deck())
    for suit in Suit:
        for rank in sr.GAME_ORDER:
            if rank is not Rank.THIRTEEN:
                assert counts[Card(rank, suit)] == 3, (rank, suit)


def test_deck_has_six_13s_only_hearts_and_diamonds() -> None:
    counts = Counter(sr.spite_deck())
    assert counts[Card("13", "♥")] == 3
    assert counts[Card("13", "♦")] == 3
    assert sum(card.is_thirteen for card in sr.spite_deck()) == 6


def test_deck_has_three_jokers_and_no_fake_jokers() -> None:
    deck = sr.spite_deck()
    assert deck.count(Card("JK")) == 3
    assert not any(card.fake for card in deck)


def test_deck_per_rank_counts() -> None:
    ranks = Counter(card.rank for card in sr.spite_deck())
    assert ranks[Rank.THIRTEEN] == 6
    assert ranks[Rank.JOKER] == 3
    for rank in sr.GAME_ORDER:
        if rank is not Rank.THIRTEEN:
            assert ranks[rank] == 12, rank


def test_deck_needs_at_least_one_deck() -> None:
    with pytest.raises(ValueError, match="at least one"):
        sr.spite_deck(decks=0)

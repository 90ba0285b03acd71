"""Seed 000, "Card Swapping" (ruling S35 in docs/rulings-scoring-draft.md).

"Players with positive scores shall put down their lowest ranked card(s) into a pile, and those with
negative scores shall put down their highest ranked card(s) into another pile. The absolute value of
a player's score indicates the number of cards they shall put down. Then, players with positive
scores shall pick up cards from the high cards pile, and players with negative scores shall pick up
cards from the low cards pile, equal to the number of cards they previously put down. If there is an
imbalance between the number of cards in the two piles, random cards from the top of the deck shall
be added to the short pile. If there are excess cards remaining after card swapping has occurred,
they shall be revealed and discarded."

Ruling S35: no choice, so no misplay: game order (jokers highest, 13s between 12 and J), ties by the
suit order ♣ ♦ ♥ ♠ (the lowest takes clubs first, the highest spades first); each pile is shuffled
from the seed and seats pick up in seat order; a short pile is topped up from the top of the deck;
a seat puts down at most its whole hand.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import attrs
import pytest

import spite_rules as sr
from spite_rules.scoring import Swap, highest_cards, lowest_cards
from tests.helpers import finished

DECK = "7♣ 8♦ 9♥ 10♠ J♣ Q♦ K♥"


def cards(text: str) -> tuple[sr.Card, ...]:
    return sr.parse_cards(text)


def same(first: Sequence[sr.Card], second: Sequence[sr.Card]) -> bool:
    """The same cards, in any order (a multiset)."""
    return Counter(first) == Counter(second)


def swap(hands: Sequence[str], scores: Sequence[int], deck: str = DECK, seed: int = 0) -> Swap:
    """Swap ``hands`` (notation) by ``scores`` over ``deck`` (top card first)."""
    hand_cards = [cards(hand) for hand in hands]
    return sr.swap_cards(hand_cards, scores, cards(deck), random.Random(seed))


# -- what is put down --------------------------------------------------------------------------


@pytest.mark.rule("swapping.put-down")
def test_positive_score_puts_down_its_lowest_cards() -> None:
    result = swap(["2♥ K♦ 3♣ 9♠", "4♦ 5♦ 6♦ A♠", "3♦ 4♥ 5♠ 6♥"], [2, -2, 0])
    assert same(result.put_down[0], cards("3♣ 9♠"))


@pytest.mark.rule("swapping.put-down")
def test_negative_score_puts_down_its_highest_cards() -> None:
    result = swap(["2♥ K♦ 3♣ 9♠", "4♦ 5♦ 6♦ A♠", "3♦ 4♥ 5♠ 6♥"], [2, -2, 0])
    assert same(result.put_down[1], cards("6♦ A♠"))


@pytest.mark.rule("swapping.put-down")
@pytest.mark.parametrize("score", [-3, -2, -1, 1, 2, 3])
def test_cards_put_down_number_the_absolute_score(score: int) -> None:
    result = swap(["3♣ 5♦ 7♥ 9♠ J♣ K♦", "4♣ 6♦", "8♣ 10♦"], [score, 0, 0])
    assert len(result.put_down[0]) == abs(score)


@pytest.mark.rule("swapping.put-down")
def test_zero_score_puts_down_nothing_and_picks_up_nothing() -> None:
    result = swap(["3♣ 9♠", "4♦ A♠", "5♥ 6♥"], [1, -1, 0])
    assert result.put_down[2] == () and result.picked_up[2] == ()
    assert same(result.hands[2], cards("5♥ 6♥"))


@pytest.mark.rule("swapping.put-down")
def test_all_zero_scores_leave_hands_and_deck_untouched() -> None:
    result = swap(["3♣ 9♠", "4♦ A♠", "5♥ 6♥"], [0, 0, 0])
    assert [sr.sort_cards(hand) for hand in result.hands] == [
        sr.sort_cards(cards(hand)) for hand in ("3♣ 9♠", "4♦ A♠", "5♥ 6♥")
    ]
    assert result.deck == cards(DECK) and result.discarded == ()


@pytest.mark.rule("swapping.put-down")
def test_seat_puts_down_at_most_its_whole_hand() -> None:
    result = swap(["3♣ 4♣", "5♦ 6♦ 7♦ 8♦ 9♦ A♠", "5♥ 6♥"], [5, -5, 0])
    assert same(result.put_down[0], cards("3♣ 4♣"))
    assert len(result.picked_up[0]) == 2 and len(result.hands[0]) == 2


# -- ties, jokers and 13s ----------------------------------------------------------------------


@pytest.mark.rule("swapping.put-down")
def test_lowest_cards_tie_takes_clubs_then_diamonds() -> None:
    assert lowest_cards(cards("5♠ 5♥ 5♦ 5♣ 9♠"), 2) == cards("5♣ 5♦")


@pytest.mark.rule("swapping.put-down")
def test_highest_cards_tie_takes_spades_then_hearts() -> None:
    assert highest_cards(cards("A♣ A♦ A♥ A♠ 3♣"), 2) == cards("A♠ A♥")


@pytest.mark.rule("swapping.put-down")
def test_lowest_cards_tie_of_three_of_four_suits_leaves_spades() -> None:
    assert lowest_cards(cards("3♠ 3♥ 3♦ 3♣"), 3) == cards("3♣ 3♦ 3♥")


@pytest.mark.rule("swapping.put-down")
def test_swap_puts_down_the_clubs_copy_of_a_tied_lowest_card() -> None:
    result = swap(["4♠ 4♣ 9♠", "2♦ 2♥ 2♣", "5♥ 6♥"], [1, -1, 0])
    assert result.put_down[0] == cards("4♣")


@pytest.mark.rule("swapping.put-down")
def test_swap_puts_down_the_spades_copy_of_a_tied_highest_card() -> None:
    result = swap(["3♠ 3♣ 9♠", "2♦ 2♠ 2♣", "5♥ 6♥"], [1, -1, 0])
    assert result.put_down[1] == cards("2♠")


@pytest.mark.rule("swapping.put-down")
def test_joker_counts_highest_for_swapping() -> None:
    assert highest_cards(cards("2♠ 🃏 3♣"), 1) == cards("🃏")


@pytest.mark.rule("swapping.put-down")
def test_joker_is_never_among_the_lowest_cards() -> None:
    assert lowest_cards(cards("2♠ 🃏 A♣"), 2) == cards("A♣ 2♠")


@pytest.mark.rule("swapping.put-down")
def test_13_ranks_above_12_for_swapping() -> None:
    assert lowest_cards(cards("13♥ J♣ 12♠"), 1) == cards("12♠")


@pytest.mark.rule("swapping.put-down")
def test_13_ranks_below_J_for_swapping() -> None:
    assert highest_cards(cards("12♠ 13♥ J♣"), 1) == cards("J♣")


@pytest.mark.rule("swapping.put-down")
def test_13_is_second_lowest_between_12_and_J() -> None:
    assert lowest_cards(cards("J♣ 13♥ 12♠"), 2) == cards("12♠ 13♥")


@pytest.mark.rule("swapping.put-down")
def test_13_is_second_highest_between_12_and_J() -> None:
    assert highest_cards(cards("12♠ 13♦ J♣"), 2) == cards("J♣ 13♦")


# -- what is picked up -------------------------------------------------------------------------


@pytest.mark.rule("swapping.pick-up")
def test_positive_score_picks_up_from_the_high_pile() -> None:
    result = swap(["3♣ 9♠", "4♦ A♠", "5♥ 6♥"], [1, -1, 0])
    assert result.picked_up[0] == cards("A♠")
    assert same(result.hands[0], cards("9♠ A♠"))


@pytest.mark.rule("swapping.pick-up")
def test_negative_score_picks_up_from_the_low_pile() -> None:
    result = swap(["3♣ 9♠", "4♦ A♠", "5♥ 6♥"], [1, -1, 0])
    assert result.picked_up[1] == cards("3♣")
    assert same(result.hands[1], cards("3♣ 4♦"))


@pytest.mark.rule("swapping.pick-up")
def test_positive_seats_share_the_high_pile_and_negative_seats_the_low_pile() -> None:
    result = swap(
        ["3♣ 4♣ 9♠", "5♦ 6♦ 9♥", "J♠ Q♠ 2♠", "10♥ K♥ 2♥"], [2, 1, -2, -1]
    )
    assert same(result.picked_up[0] + result.picked_up[1], cards("Q♠ 2♠ 2♥"))
    assert same(result.picked_up[2] + result.picked_up[3], cards("3♣ 4♣ 5♦"))
    assert [len(taken) for taken in result.picked_up] == [2, 1, 2, 1]


@pytest.mark.rule("swapping.top-up", "swapping.extras")
def test_balanced_piles_leave_the_deck_alone_and_discard_nothing() -> None:
    result = swap(["3♣ 4♣ 9♠", "J♠ Q♠ 2♠", "5♥ 6♥"], [2, -2, 0])
    assert result.deck == cards(DECK) and result.discarded == ()


# -- uneven piles: top-ups from the deck and extras discarded -----------------------------------


@pytest.mark.rule("swapping.top-up")
def test_short_high_pile_is_topped_up_from_the_top_of_the_deck() -> None:
    # Only positive scores: the high pile is empty and takes the deck's top 2 cards.
    result = swap(["3♣ 4♣ 9♠", "5♥ 6♥", "5♦ 6♦"], [2, 0, 0])
    assert same(result.picked_up[0], cards("7♣ 8♦"))
    assert result.deck == cards("9♥ 10♠ J♣ Q♦ K♥")


@pytest.mark.rule("swapping.top-up")
def test_short_low_pile_is_topped_up_from_the_top_of_the_deck() -> None:
    # Seat 0 puts down 1 low card, seat 1 needs 3: the deck's top 2 cards join the low pile.
    result = swap(["3♣ 9♠", "J♠ Q♠ K♠ 2♠", "5♥ 6♥"], [1, -3, 0])
    assert same(result.picked_up[1], cards("3♣ 7♣ 8♦"))
    assert result.deck == cards("9♥ 10♠ J♣ Q♦ K♥")


@pytest.mark.rule("swapping.extras")
def test_excess_cards_of_the_long_pile_are_discarded() -> None:
    # The high pile holds 3 (Q♠ K♠ 2♠), seat 0 takes 1: the other 2 are revealed and discarded.
    result = swap(["3♣ 9♠", "J♠ Q♠ K♠ 2♠", "5♥ 6♥"], [1, -3, 0])
    assert len(result.discarded) == 2
    assert same(result.picked_up[0] + result.discarded, cards("Q♠ K♠ 2♠"))


@pytest.mark.rule("swapping.top-up", "swapping.extras")
def test_only_positive_scores_discard_their_own_low_cards() -> None:
    result = swap(["3♣ 4♣ 9♠", "5♥ 6♥", "5♦ 6♦"], [2, 0, 0])
    assert same(result.discarded, cards("3♣ 4♣"))


@pytest.mark.rule("swapping.put-down", "swapping.pick-up")
def test_swapping_keeps_every_hand_size() -> None:
    result = swap(["3♣ 9♠ 10♠", "J♠ Q♠ K♠ 2♠", "5♥ 6♥", "4♦ 5♦ 6♦"], [2, -3, 0, 1])
    assert [len(hand) for hand in result.hands] == [3, 4, 2, 3]


@pytest.mark.rule("swapping.pick-up", "swapping.top-up", "swapping.extras")
def test_swapping_conserves_the_cards_of_hands_and_deck() -> None:
    hands = ["3♣ 9♠ 10♠", "J♠ Q♠ K♠ 2♠", "5♥ 6♥", "4♦ 5♦ 6♦"]
    result = swap(hands, [2, -3, 0, 1])
    before = Counter(cards(" ".join(hands) + " " + DECK))
    held = tuple(card for hand in result.hands for card in hand)
    after = Counter(result.deck + result.discarded + held)
    assert after == before


@pytest.mark.rule("swapping.pick-up")
def test_swap_piles_are_shuffled_from_the_seed() -> None:
    # Seats 0 and 2 (+1 each) share the high pile A♠ 2♠: which takes which follows the seed.
    hands = ["3♣ 9♠", "4♦ 5♦ A♠ 2♠", "3♦ 9♥"]
    taken = {swap(hands, [1, -2, 1], seed=seed).picked_up[0] for seed in range(20)}
    assert taken == {cards("A♠"), cards("2♠")}


@pytest.mark.rule("swapping.pick-up")
def test_swap_from_the_same_seed_is_the_same() -> None:
    hands = ["3♣ 4♣ 5♣ 9♠", "J♠ Q♠ K♠ 2♠", "5♥ 6♥ 7♥ 8♥", "4♦ 5♦ 6♦ 7♦"]
    assert swap(hands, [2, -2, 2, -2], seed=4) == swap(hands, [2, -2, 2, -2], seed=4)


# -- swapping when the next round is dealt ------------------------------------------------------


def swaps_of(events: Sequence[sr.Event]) -> dict[int, sr.CardsSwapped]:
    return {event.player: event for event in events if isinstance(event, sr.CardsSwapped)}


def dealt_hand(state: sr.State, event: sr.CardsSwapped) -> tuple[sr.Card, ...]:
    """The hand a seat was dealt, before swapping: its hand with the swap undone."""
    held = Counter(state.hands[event.player])
    held.subtract(event.picked_up)
    held.update(event.put_down)
    return tuple(held.elements())


@pytest.mark.rule("swapping.put-down")
def test_next_round_positive_scores_put_down_their_lowest_cards() -> None:
    state = finished(5, seed=7)
    state, events = sr.next_round(state)
    swapped = swaps_of(events)
    positive = [seat for seat in range(5) if state.scores[seat] > 0]
    assert positive
    for seat in positive:
        event = swapped[seat]
        dealt = dealt_hand(state, event)
        assert same(event.put_down, lowest_cards(dealt, state.scores[seat]))


@pytest.mark.rule("swapping.put-down")
def test_next_round_negative_scores_put_down_their_highest_cards() -> None:
    state = finished(5, seed=7)
    state, events = sr.next_round(state)
    swapped = swaps_of(events)
    negative = [seat for seat in range(5) if state.scores[seat] < 0]
    assert negative
    for seat in negative:
        event = swapped[seat]
        dealt = dealt_hand(state, event)
        assert same(event.put_down, highest_cards(dealt, -state.scores[seat]))


@pytest.mark.rule("swapping.put-down")
def test_next_round_zero_scores_are_not_swapped() -> None:
    state = finished(5, seed=7)
    state, events = sr.next_round(state)
    zero = {seat for seat in range(5) if state.scores[seat] == 0}
    assert zero and not zero & set(swaps_of(events))


@pytest.mark.rule("swapping.put-down", "swapping.pick-up")
def test_next_round_swaps_as_many_cards_as_the_absolute_score() -> None:
    state = finished(6, seed=2)
    state, events = sr.next_round(state)
    assert {seat: len(event.put_down) for seat, event in swaps_of(events).items()} == {
        seat: abs(score) for seat, score in enumerate(state.scores) if score
    }


@pytest.mark.rule("swapping.extras")
def test_next_round_discards_the_swap_extras_revealed() -> None:
    state = finished(3, seed=1)
    state = attrs.evolve(state, scores=(3, 0, -1))
    state, events = sr.next_round(state)
    extras = [event for event in events if isinstance(event, sr.SwapExtrasDiscarded)]
    assert len(extras) == 1 and len(extras[0].cards) == 2
    assert state.discard == extras[0].cards


@pytest.mark.rule("swapping.top-up")
def test_next_round_tops_up_the_short_pile_from_the_deck_after_bounty() -> None:
    # Scores 3, 0, -1: the low pile gets 3, the high pile 1 and 2 from the deck.
    state = finished(3, seed=1)
    state = attrs.evolve(state, scores=(3, 0, -1))
    state, _ = sr.next_round(state)
    assert state.bounty is not None
    assert len(state.deck) == 189 - 3 * 11 - 1 - 2


@pytest.mark.rule("swapping.pick-up", "swapping.extras")
def test_next_round_swap_conserves_the_189_cards() -> None:
    state = finished(4, seed=8)
    state = attrs.evolve(state, scores=(4, -1, 2, -2))
    state, _ = sr.next_round(state)
    assert state.real_cards() == Counter(sr.spite_deck())


def test_scores_whose_imbalance_the_deck_cannot_cover_are_refused_not_dealt_short() -> None:
    # Nine seats of 11 leave 90 cards in the deck; eight seats at +11 and one at +3 owe 91 low
    # cards and nobody puts down high ones, so the high pile would need 91 cards from a deck of 90.
    # A seat was dealt 10 (found by the property test); no table reaches such scores.
    cards = sr.spite_deck()
    hands = [tuple(cards[seat * 11 : seat * 11 + 11]) for seat in range(9)]
    deck = tuple(cards[99:])
    with pytest.raises(sr.IllegalAction, match=r"needs 91 cards from the deck, which holds 90"):
        sr.swap_cards(hands, [3] + [11] * 8, deck, random.Random(0))
    swap = sr.swap_cards(hands, [2] + [11] * 8, deck, random.Random(0))  # 90: the deck covers it
    assert [len(hand) for hand in swap.hands] == [11] * 9 and swap.deck == ()

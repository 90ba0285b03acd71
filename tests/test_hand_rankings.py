"""Seed 000, "Valid Leading Hands" and "Hand Rankings" (rulings H5, H6, H7 in docs/rulings.md).

"A single card. Two, three, or four cards of the same value (pairs, trips, or quads). Poker hands
(i.e. exactly five cards) of a straight, full house, flush, or four-of-a-kind (i.e. four cards of
the same value, plus another card of a different value). A joker hand."

"Individual cards are ranked by their face value, with 3 being the lowest and 2 being the highest
(i.e. 3 to 13, J, Q, K, A, 2), with all suits being equal. A hand consisting of multiple cards of the
same value (pairs, trips, quads) are ranked by the value as above. Two hands with the same face
value are ranked by the 'similarity' of cards within the hand, from low to high: Mixed ...,
Coloured ..., Suited ... Poker hands shall follow the usual poker ranking rules, except: Flushes are
ranked higher than full houses. Poker hand values are modified to the extent that allows 2 to be
the highest card. For example, J-Q-K-A-2 is a valid (and the highest) straight."
"""

import pytest

import spite_rules as sr
from spite_rules import HandKind, Rank, Similarity
from tests.helpers import hand, ranks


# -- valid leading hands ------------------------------------------------------------------------


@pytest.mark.rule("hands.valid", "hands.single")
def test_single_card_is_a_single_of_its_value() -> None:
    single = hand("9♦")
    assert (single.kind, single.value) == (HandKind.SINGLE, Rank.NINE)


@pytest.mark.rule("hands.valid")
def test_pair_5s_5d_is_a_pair_of_5s() -> None:
    pair = hand("5♠ 5♦")
    assert (pair.kind, pair.value, pair.wilds) == (HandKind.PAIR, Rank.FIVE, 0)


@pytest.mark.rule("hands.valid")
def test_three_cards_of_one_value_are_trips() -> None:
    trips = hand("Q♠ Q♦ Q♣")
    assert (trips.kind, trips.value) == (HandKind.TRIPS, Rank.QUEEN)


@pytest.mark.rule("hands.valid")
def test_four_cards_of_one_value_are_quads() -> None:
    quads = hand("2♠ 2♦ 2♣ 2♥")
    assert (quads.kind, quads.value) == (HandKind.QUADS, Rank.TWO)


@pytest.mark.rule("hands.poker")
@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("5♠ 6♦ 7♣ 8♥ 9♠", HandKind.STRAIGHT),
        ("9♠ 9♦ 9♣ 5♥ 5♠", HandKind.FULL_HOUSE),
        ("J♥ 9♥ 6♥ 5♥ 3♥", HandKind.FLUSH),
        ("9♠ 9♦ 9♣ 9♥ 5♠", HandKind.FOUR_OF_A_KIND),
        ("5♣ 6♣ 7♣ 8♣ 9♣", HandKind.STRAIGHT_FLUSH),
    ],
)
def test_five_natural_cards_form_each_poker_hand_kind(text: str, kind: HandKind) -> None:
    poker = hand(text)
    assert poker.kind is kind
    assert poker.is_poker


@pytest.mark.rule("hands.poker")
def test_four_of_a_kind_is_four_of_a_value_plus_a_different_value() -> None:
    poker = hand("9♠ 9♦ 9♣ 9♥ 5♠")
    assert (poker.kind, poker.value, poker.values) == (
        HandKind.FOUR_OF_A_KIND, Rank.NINE, ranks("5 9 9 9 9"),
    )


# -- singles ------------------------------------------------------------------------------------


@pytest.mark.rule("hands.single")
def test_singles_rank_by_face_value_from_3_to_13_J_Q_K_A_2() -> None:
    singles = [hand(f"{symbol}♥") for symbol in "3 4 5 6 7 8 9 10 11 12 13 J Q K A 2".split()]
    for lower, higher in zip(singles, singles[1:]):
        assert sr.compare(lower, higher) < 0, (lower, higher)
        assert sr.compare(higher, lower) > 0, (lower, higher)


@pytest.mark.rule("hands.single")
def test_single_3_is_the_lowest_single() -> None:
    three = hand("3♠")
    assert all(sr.compare(three, hand(f"{r.symbol}♥")) < 0 for r in sr.GAME_ORDER[1:])


@pytest.mark.rule("hands.single")
def test_single_2_is_the_highest_single() -> None:
    two = hand("2♣")
    assert all(sr.compare(two, hand(f"{r.symbol}♥")) > 0 for r in sr.GAME_ORDER[:-1])


@pytest.mark.rule("hands.single")
@pytest.mark.parametrize("other", ["5♥", "5♦", "5♣"])
def test_singles_of_one_value_are_level_whatever_the_suit(other: str) -> None:
    assert sr.compare(hand("5♠"), hand(other)) == 0


# -- multiples: value, then similarity ----------------------------------------------------------


@pytest.mark.rule("hands.multiple")
def test_pairs_rank_by_value_before_similarity() -> None:
    assert sr.compare(hand("6♠ 6♦"), hand("5♥ 5♥")) > 0


@pytest.mark.rule("hands.multiple")
def test_trips_rank_by_value_before_similarity() -> None:
    assert sr.compare(hand("A♠ A♦ A♣"), hand("K♥ K♥ K♥")) > 0


@pytest.mark.rule("hands.multiple")
def test_quads_rank_by_value_before_similarity() -> None:
    assert sr.compare(hand("4♠ 4♦ 4♣ 4♥"), hand("3♥ 3♥ 3♥ 3♦")) > 0


@pytest.mark.rule("hands.similarity")
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("5♠ 5♦", Similarity.MIXED),
        ("5♠ 5♣", Similarity.COLOURED),
        ("5♥ 5♦", Similarity.COLOURED),
        ("5♠ 5♠", Similarity.SUITED),
        ("5♠ 5♣ 5♥", Similarity.MIXED),
        ("5♦ 5♥ 5♦", Similarity.COLOURED),
        ("5♣ 5♣ 5♣", Similarity.SUITED),
        ("5♠ 5♣ 5♠ 5♦", Similarity.MIXED),
        ("5♠ 5♣ 5♠ 5♣", Similarity.COLOURED),
    ],
)
def test_similarity_is_mixed_for_both_colours_coloured_for_one_colour_suited_for_one_suit(
    text: str, expected: Similarity
) -> None:
    assert hand(text).similarity is expected


@pytest.mark.rule("hands.similarity")
def test_pair_5s_5d_is_beaten_by_a_coloured_pair_of_5s() -> None:
    assert sr.compare(hand("5♥ 5♦"), hand("5♠ 5♦")) > 0


@pytest.mark.rule("hands.similarity")
def test_pair_mixed_ranks_below_coloured_of_the_same_value() -> None:
    assert sr.compare(hand("8♠ 8♥"), hand("8♣ 8♠")) < 0


@pytest.mark.rule("hands.similarity")
def test_pair_coloured_ranks_below_suited_of_the_same_value() -> None:
    assert sr.compare(hand("8♣ 8♠"), hand("8♦ 8♦")) < 0


@pytest.mark.rule("hands.similarity")
def test_trips_rank_mixed_below_coloured_below_suited() -> None:
    mixed, coloured, suited = hand("J♠ J♥ J♦"), hand("J♥ J♦ J♥"), hand("J♣ J♣ J♣")
    assert sr.compare(mixed, coloured) < 0
    assert sr.compare(coloured, suited) < 0


@pytest.mark.rule("hands.similarity")
def test_quads_rank_mixed_below_coloured_below_suited() -> None:
    mixed, coloured, suited = hand("7♠ 7♥ 7♠ 7♠"), hand("7♠ 7♣ 7♣ 7♠"), hand("7♦ 7♦ 7♦ 7♦")
    assert sr.compare(mixed, coloured) < 0
    assert sr.compare(coloured, suited) < 0


@pytest.mark.rule("hands.similarity")
def test_mixed_pairs_of_one_value_are_level() -> None:
    assert sr.compare(hand("5♠ 5♦"), hand("5♣ 5♥")) == 0


@pytest.mark.rule("hands.similarity")
def test_coloured_pairs_of_one_value_are_level_black_or_red() -> None:
    assert sr.compare(hand("5♠ 5♣"), hand("5♥ 5♦")) == 0


@pytest.mark.rule("hands.similarity")
def test_suited_pairs_of_one_value_are_level_whatever_the_suit() -> None:
    assert sr.compare(hand("5♠ 5♠"), hand("5♥ 5♥")) == 0


# -- poker hands: kinds (ruling H5) -------------------------------------------------------------


@pytest.mark.rule("hands.poker.order")
def test_poker_full_house_ranks_above_straight() -> None:
    assert sr.compare(hand("3♠ 3♦ 3♣ 4♥ 4♠"), hand("J♠ Q♦ K♣ A♥ 2♠")) > 0


@pytest.mark.rule("hands.poker.order")
def test_poker_flush_ranks_above_full_house() -> None:
    assert sr.compare(hand("3♥ 4♥ 5♥ 6♥ 8♥"), hand("2♠ 2♦ 2♣ A♥ A♠")) > 0


@pytest.mark.rule("hands.poker.order")
def test_poker_four_of_a_kind_ranks_above_flush() -> None:
    assert sr.compare(hand("3♠ 3♦ 3♣ 3♥ 4♠"), hand("2♥ A♥ K♥ Q♥ 12♥")) > 0


@pytest.mark.rule("hands.poker.order")
def test_poker_straight_flush_ranks_above_four_of_a_kind() -> None:
    assert sr.compare(hand("3♣ 4♣ 5♣ 6♣ 7♣"), hand("2♠ 2♦ 2♣ 2♥ A♠")) > 0


@pytest.mark.rule("hands.poker")
def test_poker_natural_suited_run_is_a_straight_flush() -> None:
    poker = hand("J♦ Q♦ K♦ A♦ 2♦")
    assert (poker.kind, poker.value) == (HandKind.STRAIGHT_FLUSH, Rank.TWO)


@pytest.mark.rule("hands.poker")
def test_poker_cards_forming_a_flush_and_a_full_house_are_a_flush() -> None:
    assert hand("9♥ 9♥ 9♥ 5♥ 5♥").kind is HandKind.FLUSH


# -- straights (ruling H6) ----------------------------------------------------------------------


@pytest.mark.rule("hands.poker.top-straight")
def test_straight_J_Q_K_A_2_is_valid_and_tops_at_2() -> None:
    straight = hand("J♠ Q♦ K♣ A♥ 2♠")
    assert (straight.kind, straight.value) == (HandKind.STRAIGHT, Rank.TWO)


@pytest.mark.rule("hands.poker.top-straight")
def test_straight_J_Q_K_A_2_is_the_highest_straight() -> None:
    assert sr.compare(hand("J♠ Q♦ K♣ A♥ 2♠"), hand("12♠ J♦ Q♣ K♥ A♠")) > 0


@pytest.mark.rule("hands.poker.top-straight")
def test_straight_3_to_7_is_the_lowest_straight() -> None:
    assert sr.compare(hand("3♠ 4♦ 5♣ 6♥ 7♠"), hand("4♠ 5♦ 6♣ 7♥ 8♠")) < 0


@pytest.mark.rule("hands.poker.top-straight")
def test_straight_11_12_J_Q_K_is_a_straight_because_13_is_skipped() -> None:
    straight = hand("11♠ 12♦ J♣ Q♥ K♠")
    assert (straight.kind, straight.value) == (HandKind.STRAIGHT, Rank.KING)


@pytest.mark.rule("hands.poker.top-straight")
def test_straight_10_J_Q_K_A_is_not_a_straight_because_11_and_12_come_between() -> None:
    with pytest.raises(sr.InvalidHand):
        hand("10♠ J♦ Q♣ K♥ A♠")


@pytest.mark.rule("hands.poker.top-straight")
def test_straight_does_not_wrap_A_2_3_4_5() -> None:
    with pytest.raises(sr.InvalidHand):
        hand("A♠ 2♦ 3♣ 4♥ 5♠")


@pytest.mark.rule("hands.poker.top-straight")
def test_straight_does_not_wrap_Q_K_A_2_3() -> None:
    with pytest.raises(sr.InvalidHand):
        hand("Q♠ K♦ A♣ 2♥ 3♠")


@pytest.mark.rule("hands.poker.order")
def test_straights_rank_by_their_top_card() -> None:
    assert sr.compare(hand("8♠ 9♦ 10♣ 11♥ 12♠"), hand("7♠ 8♦ 9♣ 10♥ 11♠")) > 0


# -- equal poker hands (ruling H7) --------------------------------------------------------------


@pytest.mark.rule("hands.poker.order")
def test_straights_of_the_same_top_are_level_whatever_the_suits() -> None:
    assert sr.compare(hand("5♠ 6♠ 7♠ 8♠ 9♥"), hand("5♦ 6♣ 7♥ 8♠ 9♦")) == 0


@pytest.mark.rule("hands.poker.order")
def test_straight_flushes_of_the_same_top_are_level_whatever_the_suit() -> None:
    assert sr.compare(hand("5♠ 6♠ 7♠ 8♠ 9♠"), hand("5♥ 6♥ 7♥ 8♥ 9♥")) == 0


@pytest.mark.rule("hands.poker.order")
def test_flushes_of_the_same_values_are_level_whatever_the_suit() -> None:
    assert sr.compare(hand("J♥ 9♥ 6♥ 5♥ 3♥"), hand("J♣ 9♣ 6♣ 5♣ 3♣")) == 0


@pytest.mark.rule("hands.poker.order")
def test_full_houses_of_the_same_values_are_level_whatever_their_similarity() -> None:
    assert sr.compare(hand("9♥ 9♦ 9♥ 5♥ 5♦"), hand("9♠ 9♦ 9♣ 5♥ 5♠")) == 0


@pytest.mark.rule("hands.poker.order")
def test_four_of_a_kinds_of_the_same_values_are_level_whatever_the_suits() -> None:
    assert sr.compare(hand("9♠ 9♦ 9♣ 9♥ 5♠"), hand("9♠ 9♠ 9♣ 9♣ 5♥")) == 0


@pytest.mark.rule("hands.poker.order")
def test_flushes_compare_their_highest_cards_first() -> None:
    assert sr.compare(hand("J♥ 4♥ 5♥ 6♥ 3♥"), hand("10♠ 9♠ 8♠ 6♠ 4♠")) > 0


@pytest.mark.rule("hands.poker.order")
def test_flushes_with_equal_highest_cards_compare_the_next_card() -> None:
    assert sr.compare(hand("J♥ 9♥ 6♥ 5♥ 3♥"), hand("J♠ 8♠ 7♠ 6♠ 5♠")) > 0


@pytest.mark.rule("hands.poker.order")
def test_flushes_compare_down_to_the_lowest_card() -> None:
    assert sr.compare(hand("J♥ 9♥ 6♥ 5♥ 4♥"), hand("J♠ 9♠ 6♠ 5♠ 3♠")) > 0


@pytest.mark.rule("hands.poker.order")
def test_full_houses_compare_trips_before_pair() -> None:
    assert sr.compare(hand("9♠ 9♦ 9♣ 3♥ 3♠"), hand("8♠ 8♦ 8♣ 2♥ 2♠")) > 0


@pytest.mark.rule("hands.poker.order")
def test_full_houses_with_equal_trips_compare_the_pair() -> None:
    assert sr.compare(hand("9♠ 9♦ 9♣ 5♥ 5♠"), hand("9♠ 9♦ 9♥ 4♥ 4♠")) > 0


@pytest.mark.rule("hands.poker.order")
def test_four_of_a_kinds_compare_quads_before_kicker() -> None:
    assert sr.compare(hand("9♠ 9♦ 9♣ 9♥ 3♠"), hand("8♠ 8♦ 8♣ 8♥ 2♠")) > 0


@pytest.mark.rule("hands.poker.order")
def test_four_of_a_kinds_with_equal_quads_compare_the_kicker() -> None:
    assert sr.compare(hand("9♠ 9♦ 9♣ 9♥ 4♠"), hand("9♠ 9♦ 9♣ 9♥ 3♠")) > 0


# -- malformed sets -----------------------------------------------------------------------------


@pytest.mark.rule("hands.valid")
def test_empty_play_is_not_a_hand() -> None:
    with pytest.raises(sr.InvalidHand, match="empty"):
        sr.classify(())


@pytest.mark.rule("hands.valid")
def test_two_cards_of_different_values_are_not_a_hand() -> None:
    with pytest.raises(sr.InvalidHand, match="different values"):
        hand("5♠ 6♠")


@pytest.mark.rule("hands.valid")
@pytest.mark.parametrize("text", ["5♠ 5♦ 6♠", "5♠ 6♦ 7♣", "5♠ 5♦ 6♠ 6♦", "5♠ 5♦ 5♣ 6♠"])
def test_three_or_four_cards_of_mixed_values_are_not_a_hand(text: str) -> None:
    with pytest.raises(sr.InvalidHand, match="different values"):
        hand(text)


@pytest.mark.rule("hands.valid")
@pytest.mark.parametrize("text", ["5♠ 6♦ 7♣ 8♥ 9♠ 10♦", "5♠ 5♦ 5♣ 5♥ 5♠ 6♦", "5♠ 5♦ 5♣ 6♥ 6♠ 6♦"])
def test_six_cards_that_are_not_a_joker_hand_are_not_a_hand(text: str) -> None:
    with pytest.raises(sr.InvalidHand, match="joker hand"):
        hand(text)


@pytest.mark.rule("hands.valid", "hands.poker")
@pytest.mark.parametrize(
    "text", ["5♠ 6♦ 8♣ 10♥ Q♠", "5♠ 5♦ 6♣ 6♥ 8♠", "5♠ 5♦ 5♣ 6♥ 8♠", "5♥ 6♥ 8♥ 10♥ Q♠"]
)
def test_five_cards_forming_nothing_are_not_a_hand(text: str) -> None:
    with pytest.raises(sr.InvalidHand, match="no straight, full house, flush or four of a kind"):
        hand(text)


def test_invalid_hand_message_names_the_cards() -> None:
    with pytest.raises(sr.InvalidHand) as caught:
        hand("6♣ 5♠")
    assert "5♠" in str(caught.value) and "6♣" in str(caught.value)


def test_invalid_hand_is_a_spite_error_and_a_value_error() -> None:
    with pytest.raises(sr.SpiteError):
        hand("5♠ 6♠")
    with pytest.raises(ValueError):
        hand("5♠ 6♠")


# -- hands that never meet ----------------------------------------------------------------------


def test_compare_raises_for_a_pair_and_a_straight() -> None:
    with pytest.raises(sr.InvalidHand, match="never meet"):
        sr.compare(hand("5♠ 5♦"), hand("5♠ 6♦ 7♣ 8♥ 9♠"))


def test_compare_raises_for_a_single_and_a_pair() -> None:
    with pytest.raises(sr.InvalidHand, match="never meet"):
        sr.compare(hand("2♠"), hand("3♠ 3♦"))


def test_compare_raises_for_trips_and_quads() -> None:
    with pytest.raises(sr.InvalidHand, match="never meet"):
        sr.compare(hand("3♠ 3♦ 3♣ 3♥"), hand("2♠ 2♦ 2♣"))


def test_classify_ignores_the_order_the_cards_are_given_in() -> None:
    assert hand("9♠ 5♥ 9♦ 5♠ 9♣") == hand("5♠ 5♥ 9♣ 9♦ 9♠")

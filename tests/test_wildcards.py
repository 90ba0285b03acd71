"""Seed 000, "Wildcards" (rulings H1, H2, H3, H4, H6, H7, H8 in docs/rulings.md).

"Whilst 13 is ranked between 12 and J when played in a hand that consists solely of 13s, they can
also be used as wildcards when played in combination with other cards. For example, any card X plus
a 13 is considered a pair of Xs.

When 13s are used in a poker hand, it shall always form the lowest valid hand. For example, a full
house with 4-4-J-J-13 is always considered to be 4s full of jacks; a straight with 8-9-10-11-13 is
always considered to be 7-8-9-10-11.

A hand that includes one or more 13s is ranked lower than the 'natural' version of that hand (i.e.
without 13s), and a hand with more 13s is ranked lower than the same hand with fewer 13s."
"""

import pytest

import spite_rules as sr
from spite_rules import HandKind, Rank, Similarity
from tests.helpers import hand, ranks


# -- X plus 13 ----------------------------------------------------------------------------------


@pytest.mark.rule("wildcards.stand-in")
def test_wildcard_pair_X_plus_13_is_pair_of_X() -> None:
    pair = hand("9♣ 13♦")
    assert (pair.kind, pair.value, pair.wilds) == (HandKind.PAIR, Rank.NINE, 1)


@pytest.mark.rule("wildcards.stand-in")
def test_wildcard_pair_X_plus_13_is_not_natural() -> None:
    assert not hand("9♣ 13♦").is_natural


@pytest.mark.rule("wildcards.stand-in", "hands.multiple")
def test_wildcard_pair_of_X_beats_a_natural_pair_of_a_lower_value() -> None:
    assert sr.compare(hand("9♣ 13♦"), hand("8♦ 8♦")) > 0


@pytest.mark.rule("wildcards.stand-in", "hands.multiple")
def test_wildcard_pair_of_X_is_beaten_by_a_natural_pair_of_a_higher_value() -> None:
    assert sr.compare(hand("9♣ 13♦"), hand("10♠ 10♦")) < 0


@pytest.mark.rule("wildcards.below-natural")
def test_wildcard_pair_ranks_below_the_natural_pair_of_X() -> None:
    assert sr.compare(hand("9♣ 13♦"), hand("9♠ 9♦")) < 0


@pytest.mark.rule("wildcards.stand-in")
def test_wildcard_X_plus_13_is_a_pair_of_X_even_for_2s() -> None:
    pair = hand("2♠ 13♥")
    assert (pair.kind, pair.value) == (HandKind.PAIR, Rank.TWO)
    assert sr.compare(pair, hand("A♥ A♥")) > 0


# -- hands of only 13s (ruling H2) --------------------------------------------------------------


@pytest.mark.rule("wildcards.thirteens-alone")
def test_hand_of_only_13s_is_13s_and_natural() -> None:
    pair = hand("13♥ 13♦")
    assert (pair.kind, pair.value, pair.wilds) == (HandKind.PAIR, Rank.THIRTEEN, 0)
    assert pair.is_natural


@pytest.mark.rule("wildcards.thirteens-alone")
def test_single_13_ranks_between_12_and_J() -> None:
    assert sr.compare(hand("13♥"), hand("12♠")) > 0
    assert sr.compare(hand("13♥"), hand("J♠")) < 0


@pytest.mark.rule("wildcards.thirteens-alone")
def test_pair_of_only_13s_ranks_between_pairs_of_12s_and_Js() -> None:
    assert sr.compare(hand("13♥ 13♦"), hand("12♠ 12♠")) > 0
    assert sr.compare(hand("13♥ 13♦"), hand("J♠ J♦")) < 0


@pytest.mark.rule("wildcards.thirteens-alone")
def test_trips_of_only_13s_rank_between_trips_of_12s_and_Js() -> None:
    assert sr.compare(hand("13♥ 13♦ 13♥"), hand("12♠ 12♠ 12♠")) > 0
    assert sr.compare(hand("13♥ 13♦ 13♥"), hand("J♠ J♦ J♣")) < 0


@pytest.mark.rule("wildcards.thirteens-alone")
def test_quads_of_only_13s_rank_between_quads_of_12s_and_Js() -> None:
    assert sr.compare(hand("13♥ 13♦ 13♥ 13♦"), hand("12♠ 12♠ 12♠ 12♠")) > 0
    assert sr.compare(hand("13♥ 13♦ 13♥ 13♦"), hand("J♠ J♦ J♣ J♥")) < 0


@pytest.mark.rule("wildcards.thirteens-alone", "wildcards.stand-in")
def test_pair_of_only_13s_beats_a_wildcard_pair_of_12s() -> None:
    assert sr.compare(hand("13♥ 13♦"), hand("12♠ 13♥")) > 0


@pytest.mark.rule("wildcards.thirteens-alone", "wildcards.stand-in")
def test_pair_of_only_13s_is_beaten_by_a_wildcard_pair_of_Js() -> None:
    assert sr.compare(hand("13♥ 13♦"), hand("J♠ 13♥")) < 0


@pytest.mark.rule("wildcards.thirteens-alone", "hands.similarity")
def test_hands_of_only_13s_rank_by_similarity() -> None:
    assert sr.compare(hand("13♥ 13♥"), hand("13♥ 13♦")) > 0


# -- how many 13s (ruling H2) -------------------------------------------------------------------


@pytest.mark.rule("wildcards.stand-in")
def test_wild_trips_may_hold_two_13s() -> None:
    trips = hand("5♠ 13♥ 13♦")
    assert (trips.kind, trips.value, trips.wilds) == (HandKind.TRIPS, Rank.FIVE, 2)


@pytest.mark.rule("wildcards.stand-in")
def test_wild_quads_may_hold_three_13s() -> None:
    quads = hand("5♠ 13♥ 13♦ 13♥")
    assert (quads.kind, quads.value, quads.wilds) == (HandKind.QUADS, Rank.FIVE, 3)


@pytest.mark.rule("wildcards.stand-in", "hands.multiple")
def test_wild_quads_with_three_13s_beat_natural_quads_of_a_lower_value() -> None:
    assert sr.compare(hand("5♠ 13♥ 13♦ 13♥"), hand("4♠ 4♠ 4♠ 4♠")) > 0


@pytest.mark.rule("wildcards.below-natural")
def test_wild_quads_with_more_13s_rank_lower_than_with_fewer() -> None:
    chain = [hand("5♠ 5♦ 5♣ 5♥"), hand("5♠ 5♦ 5♣ 13♥"), hand("5♠ 5♦ 13♦ 13♥"),
             hand("5♠ 13♦ 13♦ 13♥")]
    for fewer, more in zip(chain, chain[1:]):
        assert sr.compare(more, fewer) < 0, (more, fewer)


@pytest.mark.rule("wildcards.below-natural")
def test_wild_trips_with_two_13s_rank_below_wild_trips_with_one() -> None:
    assert sr.compare(hand("5♥ 13♥ 13♥"), hand("5♠ 5♦ 13♥")) < 0


# -- 13s and similarity (ruling H1) -------------------------------------------------------------


@pytest.mark.rule("wildcards.stand-in", "hands.similarity")
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("5♥ 13♥", Similarity.SUITED),
        ("5♥ 13♦", Similarity.COLOURED),
        ("5♠ 13♥", Similarity.MIXED),
        ("5♦ 5♦ 13♦", Similarity.SUITED),
        ("5♠ 5♠ 13♦", Similarity.MIXED),
        ("5♥ 13♦ 13♥ 13♦", Similarity.COLOURED),
    ],
)
def test_13_keeps_its_printed_suit_for_similarity(text: str, expected: Similarity) -> None:
    assert hand(text).similarity is expected


@pytest.mark.rule("wildcards.below-natural", "hands.similarity")
def test_natural_mixed_pair_beats_wildcard_suited_pair_of_the_same_value() -> None:
    assert sr.compare(hand("5♠ 5♦"), hand("5♥ 13♥")) > 0


@pytest.mark.rule("wildcards.below-natural", "hands.similarity")
def test_wildcard_trips_with_one_13_beat_suited_trips_with_two_13s_of_the_same_value() -> None:
    assert sr.compare(hand("5♠ 5♣ 13♥"), hand("5♥ 13♥ 13♥")) > 0


@pytest.mark.rule("hands.similarity")
def test_wildcard_pairs_of_the_same_value_and_13_count_rank_by_similarity() -> None:
    assert sr.compare(hand("5♥ 13♥"), hand("5♦ 13♥")) > 0
    assert sr.compare(hand("5♦ 13♥"), hand("5♠ 13♥")) > 0


@pytest.mark.rule("hands.similarity")
def test_wildcard_pairs_of_the_same_value_13_count_and_similarity_are_level() -> None:
    assert sr.compare(hand("5♠ 13♥"), hand("5♣ 13♦")) == 0


@pytest.mark.rule("hands.similarity")
def test_wildcard_suited_pairs_of_the_same_value_are_level_whatever_the_suit() -> None:
    assert sr.compare(hand("5♥ 13♥"), hand("5♦ 13♦")) == 0


# -- 13s in poker hands: the seed's examples ----------------------------------------------------


@pytest.mark.rule("wildcards.poker-lowest")
def test_wildcard_full_house_4_4_J_J_13_is_4s_full_of_jacks() -> None:
    full_house = hand("4♠ 4♦ J♣ J♥ 13♥")
    assert (full_house.kind, full_house.value, full_house.values) == (
        HandKind.FULL_HOUSE, Rank.FOUR, ranks("4 4 4 J J"),
    )


@pytest.mark.rule("wildcards.poker-lowest")
def test_wildcard_full_house_4_4_J_J_13_ranks_below_natural_Js_full_of_4s() -> None:
    assert sr.compare(hand("4♠ 4♦ J♣ J♥ 13♥"), hand("J♠ J♦ J♣ 4♥ 4♠")) < 0


@pytest.mark.rule("wildcards.below-natural")
def test_wildcard_full_house_4_4_J_J_13_ranks_below_natural_4s_full_of_jacks() -> None:
    assert sr.compare(hand("4♠ 4♦ J♣ J♥ 13♥"), hand("4♠ 4♦ 4♣ J♥ J♠")) < 0


@pytest.mark.rule("wildcards.poker-lowest", "hands.poker.order")
def test_wildcard_full_house_4_4_J_J_13_beats_natural_4s_full_of_12s() -> None:
    assert sr.compare(hand("4♠ 4♦ J♣ J♥ 13♥"), hand("4♠ 4♦ 4♣ 12♥ 12♠")) > 0


@pytest.mark.rule("wildcards.poker-lowest")
def test_wildcard_straight_8_9_10_11_13_is_7_8_9_10_11() -> None:
    straight = hand("8♠ 9♦ 10♣ 11♥ 13♥")
    assert (straight.kind, straight.value, straight.values) == (
        HandKind.STRAIGHT, Rank.ELEVEN, ranks("7 8 9 10 11"),
    )


@pytest.mark.rule("wildcards.poker-lowest")
def test_wildcard_straight_8_9_10_11_13_ranks_below_natural_8_to_12() -> None:
    assert sr.compare(hand("8♠ 9♦ 10♣ 11♥ 13♥"), hand("8♠ 9♦ 10♣ 11♥ 12♥")) < 0


@pytest.mark.rule("wildcards.poker-lowest", "hands.poker.order")
def test_wildcard_straight_8_9_10_11_13_beats_natural_6_to_10() -> None:
    assert sr.compare(hand("8♠ 9♦ 10♣ 11♥ 13♥"), hand("6♠ 7♦ 8♣ 9♥ 10♥")) > 0


@pytest.mark.rule("wildcards.below-natural")
def test_wild_hand_ranks_below_its_natural_version() -> None:
    assert sr.compare(hand("8♠ 9♦ 10♣ 11♥ 13♥"), hand("7♠ 8♦ 9♣ 10♥ 11♥")) < 0


@pytest.mark.rule("wildcards.below-natural")
def test_wild_straight_with_more_13s_ranks_lower_than_with_fewer() -> None:
    two_13s = hand("9♠ 10♦ 11♣ 13♥ 13♦")
    one_13 = hand("8♠ 9♦ 10♣ 11♥ 13♥")
    assert two_13s.values == one_13.values == ranks("7 8 9 10 11")
    assert sr.compare(two_13s, one_13) < 0


@pytest.mark.rule("wildcards.below-natural")
def test_wild_full_house_with_more_13s_ranks_lower_than_with_fewer() -> None:
    assert sr.compare(hand("9♠ 9♦ 13♥ 5♥ 13♦"), hand("9♠ 9♦ 9♣ 5♥ 13♦")) < 0


# -- 13s in poker hands: the lowest valid hand (ruling H4) --------------------------------------


@pytest.mark.rule("wildcards.poker-lowest")
def test_wild_suited_run_5_6_7_8_13_is_a_straight_4_to_8() -> None:
    straight = hand("5♥ 6♥ 7♥ 8♥ 13♥")
    assert (straight.kind, straight.values) == (HandKind.STRAIGHT, ranks("4 5 6 7 8"))


@pytest.mark.rule("wildcards.poker-lowest")
def test_wild_hand_is_never_a_straight_flush() -> None:
    assert hand("J♦ Q♦ K♦ A♦ 13♦").kind is HandKind.STRAIGHT


@pytest.mark.rule("wildcards.poker-lowest")
def test_wild_straight_takes_the_lowest_run_holding_its_natural_cards() -> None:
    assert hand("9♠ 13♥ 13♦ 13♥ 13♦").values == ranks("5 6 7 8 9")


@pytest.mark.rule("wildcards.poker-lowest", "hands.poker.top-straight")
def test_wild_straight_3_plus_four_13s_is_3_to_7() -> None:
    assert hand("3♠ 13♥ 13♦ 13♥ 13♦").values == ranks("3 4 5 6 7")


@pytest.mark.rule("wildcards.poker-lowest", "hands.poker.top-straight")
def test_wild_straight_2_plus_four_13s_is_J_to_2() -> None:
    assert hand("2♠ 13♥ 13♦ 13♥ 13♦").values == ranks("J Q K A 2")


@pytest.mark.rule("wildcards.poker-lowest", "hands.poker.top-straight")
def test_wildcard_straight_3_4_5_6_13_is_3_to_7_because_straights_do_not_wrap() -> None:
    # Draft 001's example, "(13♠, 3♦, 4♣, 5♣, 6♠) is a poker straight of (3, 4, 5, 6, 7)", with a
    # red 13: the 13 cannot be a 2 below the 3.
    assert hand("13♥ 3♦ 4♣ 5♣ 6♠").values == ranks("3 4 5 6 7")


@pytest.mark.rule("wildcards.poker-lowest", "hands.poker.top-straight")
def test_13_in_a_run_is_a_wildcard_not_a_card_between_12_and_J() -> None:
    straight = hand("10♠ 11♦ 12♣ 13♥ J♠")
    assert (straight.kind, straight.values, straight.wilds) == (
        HandKind.STRAIGHT, ranks("9 10 11 12 J"), 1,
    )


@pytest.mark.rule("wildcards.poker-lowest")
def test_wild_13s_make_the_straight_before_the_full_house() -> None:
    poker = hand("5♠ 6♦ 13♥ 13♦ 13♥")
    assert (poker.kind, poker.values) == (HandKind.STRAIGHT, ranks("3 4 5 6 7"))


@pytest.mark.rule("wildcards.poker-lowest")
def test_wild_full_house_5_5_13_13_13_is_3s_full_of_5s() -> None:
    full_house = hand("5♠ 5♦ 13♥ 13♦ 13♦")
    assert (full_house.kind, full_house.values) == (HandKind.FULL_HOUSE, ranks("3 3 3 5 5"))


@pytest.mark.rule("wildcards.poker-lowest")
def test_wild_full_house_3_3_13_13_13_is_3s_full_of_4s() -> None:
    full_house = hand("3♠ 3♦ 13♥ 13♦ 13♦")
    assert (full_house.kind, full_house.values) == (HandKind.FULL_HOUSE, ranks("3 3 3 4 4"))


@pytest.mark.rule("wildcards.poker-lowest")
def test_wild_full_house_trips_X_plus_two_13s_is_X_full_of_3s() -> None:
    full_house = hand("A♠ A♦ A♣ 13♥ 13♦")
    assert (full_house.kind, full_house.value, full_house.values) == (
        HandKind.FULL_HOUSE, Rank.ACE, ranks("3 3 A A A"),
    )


@pytest.mark.rule("wildcards.poker-lowest")
def test_wild_13s_make_the_full_house_before_the_flush() -> None:
    poker = hand("5♥ 5♥ 9♥ 9♥ 13♥")
    assert (poker.kind, poker.values) == (HandKind.FULL_HOUSE, ranks("5 5 5 9 9"))


@pytest.mark.rule("wildcards.poker-lowest")
def test_wild_13s_make_the_flush_before_the_four_of_a_kind() -> None:
    # Four 5♥ need a fourth deck (sr.spite_deck(4)); the ordering is the ruling either way.
    assert hand("5♥ 5♥ 5♥ 5♥ 13♥").kind is HandKind.FLUSH


@pytest.mark.rule("wildcards.poker-lowest")
def test_wild_13_completes_a_flush_in_its_own_suit() -> None:
    assert hand("5♥ 6♥ 9♥ J♥ 13♥").kind is HandKind.FLUSH


@pytest.mark.rule("wildcards.poker-lowest")
def test_wild_13_does_not_complete_a_flush_in_another_suit() -> None:
    with pytest.raises(sr.InvalidHand):
        hand("5♠ 6♠ 9♠ J♠ 13♥")


@pytest.mark.rule("wildcards.poker-lowest")
def test_wild_13_in_a_flush_reads_as_a_3() -> None:
    assert hand("5♥ 6♥ 9♥ J♥ 13♥").values == ranks("3 5 6 9 J")


@pytest.mark.rule("wildcards.below-natural")
def test_wild_flush_ranks_below_the_natural_flush_it_reads_as() -> None:
    assert sr.compare(hand("5♥ 6♥ 9♥ J♥ 13♥"), hand("J♦ 9♦ 6♦ 5♦ 3♦")) < 0


@pytest.mark.rule("wildcards.poker-lowest", "wildcards.below-natural")
def test_wild_flush_ranks_below_a_natural_flush_with_a_4_for_the_13() -> None:
    assert sr.compare(hand("5♥ 6♥ 9♥ J♥ 13♥"), hand("J♦ 9♦ 6♦ 5♦ 4♦")) < 0


# -- X X X X 13 (ruling H3) ---------------------------------------------------------------------


@pytest.mark.rule("hands.poker", "wildcards.poker-lowest")
def test_four_X_plus_13_is_four_of_a_kind_with_a_3_kicker() -> None:
    poker = hand("9♠ 9♦ 9♣ 9♥ 13♥")
    assert (poker.kind, poker.value, poker.values) == (
        HandKind.FOUR_OF_A_KIND, Rank.NINE, ranks("3 9 9 9 9"),
    )


@pytest.mark.rule("hands.poker", "wildcards.poker-lowest")
def test_four_3s_plus_13_is_four_of_a_kind_with_a_4_kicker() -> None:
    assert hand("3♠ 3♦ 3♣ 3♥ 13♥").values == ranks("3 3 3 3 4")


@pytest.mark.rule("wildcards.below-natural")
def test_four_X_plus_13_ranks_below_natural_four_X_with_a_3_kicker() -> None:
    assert sr.compare(hand("9♠ 9♦ 9♣ 9♥ 13♥"), hand("9♠ 9♦ 9♣ 9♥ 3♥")) < 0


@pytest.mark.rule("wildcards.below-natural")
def test_four_3s_plus_13_ranks_below_natural_four_3s_with_a_4_kicker() -> None:
    assert sr.compare(hand("3♠ 3♦ 3♣ 3♥ 13♥"), hand("3♠ 3♦ 3♣ 3♥ 4♥")) < 0


@pytest.mark.rule("hands.poker.order")
def test_four_X_plus_13_beats_a_natural_four_of_a_lower_value() -> None:
    assert sr.compare(hand("9♠ 9♦ 9♣ 9♥ 13♥"), hand("8♠ 8♦ 8♣ 8♥ 2♥")) > 0


@pytest.mark.rule("hands.poker", "wildcards.stand-in")
def test_four_X_plus_13_is_not_a_joker_hand() -> None:
    poker = hand("9♠ 9♦ 9♣ 9♥ 13♥")
    assert not poker.is_joker
    assert sr.compare(poker, hand("JK")) < 0


@pytest.mark.rule("hands.valid")
def test_five_X_plus_13_is_not_a_hand() -> None:
    with pytest.raises(sr.InvalidHand):
        hand("9♠ 9♦ 9♣ 9♥ 9♠ 13♥")


# -- equal wild poker hands (ruling H7) ---------------------------------------------------------


@pytest.mark.rule("hands.poker.order")
def test_wild_straights_of_the_same_values_and_13_count_are_level() -> None:
    assert sr.compare(hand("8♠ 9♦ 10♣ 11♥ 13♥"), hand("8♥ 9♥ 10♥ 11♥ 13♦")) == 0


@pytest.mark.rule("hands.poker.order")
def test_wild_flushes_of_the_same_values_and_13_count_are_level_whatever_the_suit() -> None:
    assert sr.compare(hand("5♥ 6♥ 9♥ J♥ 13♥"), hand("5♦ 6♦ 9♦ J♦ 13♦")) == 0


# -- five or more 13s (ruling H8) ---------------------------------------------------------------


@pytest.mark.rule("wildcards.thirteens-alone", "hands.valid")
def test_five_13s_are_not_a_hand() -> None:
    with pytest.raises(sr.InvalidHand, match="13s are not natural"):
        hand("13♥ 13♦ 13♥ 13♦ 13♥")


@pytest.mark.rule("wildcards.thirteens-alone", "hands.valid")
def test_six_13s_are_not_a_hand() -> None:
    with pytest.raises(sr.InvalidHand, match="13s are not natural"):
        hand("13♥ 13♦ 13♥ 13♦ 13♥ 13♦")

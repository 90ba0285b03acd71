"""Seed 000, "Joker Hands": the ranking part (rulings H3, H8, H9 in docs/rulings.md).

"A natural joker is the lowest ranked joker hand. It can beat any non-joker hand and other natural
jokers. Five or more natural cards of the same value are also joker hands, and are ranked higher
than natural jokers. These joker hands are ranked by hand size, and then by numeric value within
the same hand size."

"It can beat ... other natural jokers" is a trick rule (a natural joker may follow a natural joker),
not a ranking: as hands, two natural jokers are level (ruling H9).
"""

import pytest

import spite_rules as sr
from spite_rules import HandKind, Rank
from tests.helpers import hand


NON_JOKER_HANDS = [
    "2♠",
    "13♥",
    "2♠ 2♠",
    "2♣ 2♣ 2♣",
    "2♥ 2♥ 2♥ 2♦",
    "J♠ Q♦ K♣ A♥ 2♠",
    "2♠ 2♦ 2♣ A♥ A♠",
    "2♥ A♥ K♥ Q♥ 12♥",
    "2♠ 2♦ 2♣ 2♥ A♠",
    "J♦ Q♦ K♦ A♦ 2♦",
    "5♠ 13♥ 13♦ 13♥",
]


# -- natural jokers -----------------------------------------------------------------------------


@pytest.mark.rule("joker-hands.natural-joker", "hands.valid")
def test_natural_joker_alone_is_a_joker_hand() -> None:
    joker = hand("🃏")
    assert (joker.kind, joker.value, joker.is_joker) == (HandKind.JOKER, None, True)


@pytest.mark.rule("joker-hands.natural-joker")
@pytest.mark.parametrize("other", NON_JOKER_HANDS)
def test_natural_joker_ranks_above_every_non_joker_hand(other: str) -> None:
    assert sr.compare(hand("JK"), hand(other)) > 0
    assert sr.compare(hand(other), hand("JK")) < 0


@pytest.mark.rule("joker-hands.natural-joker")
def test_two_natural_jokers_compare_level() -> None:
    assert sr.compare(hand("JK"), hand("🃏")) == 0


@pytest.mark.rule("joker-hands.natural-joker", "joker-hands.five-of-a-kind")
def test_natural_joker_is_the_lowest_joker_hand() -> None:
    assert sr.compare(hand("JK"), hand("3♠ 3♦ 3♣ 3♥ 3♠")) < 0


# -- five or more natural cards of one value ----------------------------------------------------


@pytest.mark.rule("joker-hands.five-of-a-kind")
def test_five_natural_cards_of_one_value_are_a_joker_hand() -> None:
    joker = hand("5♠ 5♦ 5♣ 5♥ 5♠")
    assert (joker.kind, joker.value) == (HandKind.JOKER, Rank.FIVE)


@pytest.mark.rule("joker-hands.five-of-a-kind")
def test_twelve_natural_cards_of_one_value_are_a_joker_hand() -> None:
    joker = hand(" ".join(["5♠ 5♦ 5♣ 5♥"] * 3))
    assert (joker.kind, joker.value, joker.size) == (HandKind.JOKER, Rank.FIVE, 12)


@pytest.mark.rule("joker-hands.five-of-a-kind")
def test_joker_hand_of_five_ranks_above_the_natural_joker() -> None:
    assert sr.compare(hand("3♠ 3♦ 3♣ 3♥ 3♠"), hand("JK")) > 0


@pytest.mark.rule("joker-hands.five-of-a-kind")
@pytest.mark.parametrize("other", NON_JOKER_HANDS)
def test_joker_hand_of_five_ranks_above_every_non_joker_hand(other: str) -> None:
    assert sr.compare(hand("3♠ 3♦ 3♣ 3♥ 3♠"), hand(other)) > 0


@pytest.mark.rule("joker-hands.five-of-a-kind")
def test_joker_hands_rank_by_size_before_value() -> None:
    assert sr.compare(hand("3♠ 3♦ 3♣ 3♥ 3♠ 3♦"), hand("2♠ 2♦ 2♣ 2♥ 2♠")) > 0


@pytest.mark.rule("joker-hands.five-of-a-kind")
def test_joker_hands_of_one_size_rank_by_value() -> None:
    assert sr.compare(hand("6♠ 6♦ 6♣ 6♥ 6♠"), hand("5♠ 5♦ 5♣ 5♥ 5♠")) > 0


@pytest.mark.rule("joker-hands.five-of-a-kind")
def test_joker_hands_of_one_size_rank_2s_above_As() -> None:
    assert sr.compare(hand("2♠ 2♦ 2♣ 2♥ 2♠"), hand("A♠ A♦ A♣ A♥ A♠")) > 0


@pytest.mark.rule("joker-hands.five-of-a-kind")
def test_joker_hands_of_12s_rank_just_below_joker_hands_of_Js() -> None:
    assert sr.compare(hand("12♠ 12♦ 12♣ 12♥ 12♠"), hand("J♠ J♦ J♣ J♥ J♠")) < 0


@pytest.mark.rule("joker-hands.five-of-a-kind")
def test_joker_hands_of_one_size_and_value_are_level_whatever_the_suits() -> None:
    assert sr.compare(hand("5♥ 5♥ 5♥ 5♦ 5♦"), hand("5♠ 5♦ 5♣ 5♥ 5♠")) == 0


@pytest.mark.rule("joker-hands.five-of-a-kind")
def test_five_natural_cards_of_one_value_are_not_a_poker_hand() -> None:
    assert not hand("5♥ 5♥ 5♥ 5♦ 5♦").is_poker


# -- no 13s in joker hands (rulings H3, H8) -----------------------------------------------------


@pytest.mark.rule("hands.poker", "wildcards.stand-in")
def test_five_cards_of_one_value_with_a_13_are_not_a_joker_hand() -> None:
    assert hand("5♠ 5♦ 5♣ 5♥ 13♥").kind is HandKind.FOUR_OF_A_KIND


@pytest.mark.rule("hands.valid")
def test_six_cards_of_one_value_with_a_13_are_not_a_hand() -> None:
    with pytest.raises(sr.InvalidHand):
        hand("5♠ 5♦ 5♣ 5♥ 5♠ 13♥")


@pytest.mark.rule("hands.valid", "wildcards.thirteens-alone")
def test_five_13s_are_not_a_joker_hand() -> None:
    with pytest.raises(sr.InvalidHand):
        hand("13♥ 13♦ 13♥ 13♦ 13♥")


# -- jokers never combine (ruling H9) -----------------------------------------------------------


@pytest.mark.rule("hands.valid")
def test_two_jokers_are_not_a_pair() -> None:
    with pytest.raises(sr.InvalidHand, match="joker"):
        hand("JK JK")


@pytest.mark.rule("hands.valid")
def test_joker_plus_a_card_is_not_a_pair() -> None:
    with pytest.raises(sr.InvalidHand, match="joker"):
        hand("JK 5♠")


@pytest.mark.rule("hands.valid")
def test_joker_plus_13_is_not_a_hand() -> None:
    with pytest.raises(sr.InvalidHand, match="joker"):
        hand("JK 13♥")


@pytest.mark.rule("hands.valid", "wildcards.stand-in")
def test_joker_is_not_a_wildcard_in_multiples() -> None:
    with pytest.raises(sr.InvalidHand, match="joker"):
        hand("5♠ 5♦ 5♣ JK")


@pytest.mark.rule("hands.valid", "wildcards.stand-in")
def test_joker_is_not_a_wildcard_in_poker_hands() -> None:
    with pytest.raises(sr.InvalidHand, match="joker"):
        hand("5♠ 6♦ 7♣ 8♥ JK")


@pytest.mark.rule("hands.valid")
def test_joker_does_not_join_five_of_a_value() -> None:
    with pytest.raises(sr.InvalidHand, match="joker"):
        hand("5♠ 5♦ 5♣ 5♥ 5♠ JK")

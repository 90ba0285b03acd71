"""Card notation (docs/api.md, "Cards") and the ranks and suits behind it.

Seed 000, "Hand Rankings": "Individual cards are ranked by their face value, with 3 being the lowest
and 2 being the highest (i.e. 3 to 13, J, Q, K, A, 2), with all suits being equal."
Seed 000, "Numerical Consec": "13s are not part of the ranking when determining numerical
consecutiveness, i.e. the card ranked immediately after 12 is J."
"""

import pytest

import spite_rules as sr
from spite_rules import Card, Colour, Rank, Suit


# -- reading one card ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "suit"),
    [("5♠", Suit.SPADES), ("5♥", Suit.HEARTS), ("5♦", Suit.DIAMONDS), ("5♣", Suit.CLUBS)],
)
def test_parse_card_reads_unicode_suits(text: str, suit: Suit) -> None:
    assert sr.parse_card(text) == Card(Rank.FIVE, suit)


@pytest.mark.parametrize(
    ("text", "suit"),
    [
        ("5S", Suit.SPADES), ("5s", Suit.SPADES), ("5H", Suit.HEARTS), ("5h", Suit.HEARTS),
        ("5D", Suit.DIAMONDS), ("5d", Suit.DIAMONDS), ("5C", Suit.CLUBS), ("5c", Suit.CLUBS),
    ],
)
def test_parse_card_reads_ascii_suit_letters_in_either_case(text: str, suit: Suit) -> None:
    assert sr.parse_card(text) == Card(Rank.FIVE, suit)


@pytest.mark.parametrize(
    ("text", "rank"),
    [
        ("J♠", Rank.JACK), ("j♠", Rank.JACK), ("Q♠", Rank.QUEEN), ("q♠", Rank.QUEEN),
        ("K♠", Rank.KING), ("k♠", Rank.KING), ("A♠", Rank.ACE), ("a♠", Rank.ACE),
    ],
)
def test_parse_card_reads_face_ranks_in_either_case(text: str, rank: Rank) -> None:
    assert sr.parse_card(text) == Card(rank, Suit.SPADES)


@pytest.mark.parametrize("text", ["10♠", "T♠", "t♠", "10S", "TS", "ts", "10s"])
def test_parse_card_reads_ten_as_T_or_10(text: str) -> None:
    assert sr.parse_card(text) == Card(Rank.TEN, Suit.SPADES)


@pytest.mark.parametrize(
    ("text", "rank"),
    [("2♣", Rank.TWO), ("3♣", Rank.THREE), ("9♣", Rank.NINE), ("11♣", Rank.ELEVEN),
     ("12♣", Rank.TWELVE), ("13♥", Rank.THIRTEEN)],
)
def test_parse_card_reads_numeric_ranks_2_to_13(text: str, rank: Rank) -> None:
    assert sr.parse_card(text).rank is rank


@pytest.mark.parametrize("text", ["JK", "jk", "Jk", "jK", "🃏", "🃏\ufe0f"])
def test_parse_card_reads_the_joker_as_JK_in_any_case_or_the_joker_symbol(text: str) -> None:
    card = sr.parse_card(text)
    assert card == Card(Rank.JOKER)
    assert card.is_joker and card.suit is None and not card.fake


def test_parse_card_reads_tilde_prefix_as_a_fake_joker_back() -> None:
    card = sr.parse_card("~4♣")
    assert (card.rank, card.suit, card.fake) == (Rank.FOUR, Suit.CLUBS, True)


def test_fake_joker_differs_from_the_same_face_on_the_ordinary_back() -> None:
    assert sr.parse_card("~4♣") != sr.parse_card("4♣")
    assert sr.parse_card("~4♣").as_real() == sr.parse_card("4♣")
    assert sr.parse_card("4♣").as_fake() == sr.parse_card("~4c")


def test_parse_card_reads_a_fake_joker_with_a_joker_face() -> None:
    assert sr.parse_card("~JK") == Card(Rank.JOKER, fake=True)


def test_parse_card_ignores_surrounding_whitespace() -> None:
    assert sr.parse_card("  Q♦\t") == Card(Rank.QUEEN, Suit.DIAMONDS)


def test_parse_card_ignores_the_emoji_variation_selector_on_suits() -> None:
    assert sr.parse_card("5♠\ufe0f") == Card(Rank.FIVE, Suit.SPADES)


# -- reading several cards ----------------------------------------------------------------------


def test_parse_cards_splits_on_whitespace_and_commas() -> None:
    assert sr.parse_cards("5♠ 5♦,13H,  q♦\tJK\n~4c") == (
        Card("5", "♠"), Card("5", "♦"), Card("13", "♥"), Card("Q", "♦"), Card("JK"),
        Card("4", "♣", fake=True),
    )


def test_parse_cards_keeps_the_given_order_and_identical_copies() -> None:
    cards = sr.parse_cards("5♠ 3♦ 5♠")
    assert cards == (Card("5", "♠"), Card("3", "♦"), Card("5", "♠"))
    assert cards[0] == cards[2]


def test_parse_cards_of_empty_text_is_no_cards() -> None:
    assert sr.parse_cards("") == ()
    assert sr.parse_cards(" , ") == ()


def test_identical_copies_of_a_card_are_equal_and_hash_alike() -> None:
    assert Card("5", "♠") == Card(Rank.FIVE, Suit.SPADES)
    assert len({Card("5", "♠"), sr.parse_card("5s"), sr.parse_card("5♠")}) == 1


# -- canonical text -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("10s", "10♠"), ("Th", "10♥"), ("13h", "13♥"), ("13D", "13♦"), ("qd", "Q♦"),
        ("jk", "🃏"), ("2c", "2♣"), ("11d", "11♦"), ("12S", "12♠"), ("a♥", "A♥"),
        ("~4c", "~4♣"), ("~jk", "~🃏"),
    ],
)
def test_str_of_a_card_is_canonical_unicode(text: str, canonical: str) -> None:
    assert str(sr.parse_card(text)) == canonical


@pytest.mark.parametrize(
    ("text", "ascii_text"),
    [("10♠", "10S"), ("T♥", "10H"), ("13♥", "13H"), ("Q♦", "QD"), ("🃏", "JK"), ("~4♣", "~4C")],
)
def test_ascii_of_a_card_is_canonical_ascii(text: str, ascii_text: str) -> None:
    assert sr.parse_card(text).ascii == ascii_text


def test_format_cards_joins_canonical_cards_with_spaces() -> None:
    assert sr.format_cards(sr.parse_cards("5s, 5d 13h jk")) == "5♠ 5♦ 13♥ 🃏"


def test_parse_card_reads_back_str_and_ascii_of_every_card_of_the_deck() -> None:
    for card in set(sr.spite_deck()):
        assert sr.parse_card(str(card)) == card
        assert sr.parse_card(card.ascii) == card


# -- bad notation -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "token",
    ["1♠", "5", "5X", "14♠", "JK♠", "", "♠5", "~", "0♠", "10", "5♠♠", "13", "🃏♠", "X", " "],
)
def test_parse_card_rejects_bad_notation_naming_the_token(token: str) -> None:
    with pytest.raises(sr.NotationError) as caught:
        sr.parse_card(token)
    assert repr(token) in str(caught.value)


def test_parse_cards_error_names_the_bad_token_among_good_ones() -> None:
    with pytest.raises(sr.NotationError, match="'1♠'"):
        sr.parse_cards("5♠ 1♠ 6♦")


def test_joker_with_a_suit_is_bad_notation_saying_a_joker_has_no_suit() -> None:
    with pytest.raises(sr.NotationError, match="joker has no suit"):
        sr.parse_card("JK♠")


def test_notation_error_is_a_spite_error_and_a_value_error() -> None:
    with pytest.raises(sr.SpiteError):
        sr.parse_card("1♠")
    with pytest.raises(ValueError):
        sr.parse_card("1♠")


def test_card_of_a_value_without_a_suit_cannot_be_built() -> None:
    with pytest.raises(sr.NotationError):
        Card("5")


def test_joker_card_with_a_suit_cannot_be_built() -> None:
    with pytest.raises(sr.NotationError):
        Card("JK", "♠")


# -- ranks and suits ----------------------------------------------------------------------------


@pytest.mark.rule("hands.single")
def test_game_order_is_3_to_12_then_13_J_Q_K_A_2() -> None:
    assert [rank.symbol for rank in sr.GAME_ORDER] == [
        "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "J", "Q", "K", "A", "2",
    ]


@pytest.mark.rule("hands.single")
def test_rank_less_than_is_game_order() -> None:
    assert sorted(sr.GAME_ORDER) == list(sr.GAME_ORDER)
    assert Rank.THREE < Rank.TWELVE < Rank.THIRTEEN < Rank.JACK < Rank.ACE < Rank.TWO


def test_joker_is_not_a_face_value_of_the_game_order() -> None:
    assert Rank.JOKER not in sr.GAME_ORDER


@pytest.mark.rule("consec.numerical.skip-13")
def test_consec_order_skips_13_so_J_follows_12() -> None:
    assert Rank.THIRTEEN not in sr.CONSEC_ORDER
    assert [rank.symbol for rank in sr.CONSEC_ORDER] == [
        "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "J", "Q", "K", "A", "2",
    ]
    assert sr.consec_position(Rank.JACK) - sr.consec_position(Rank.TWELVE) == 1


@pytest.mark.rule("consec.numerical.skip-13")
def test_13_has_no_consec_position() -> None:
    with pytest.raises(ValueError):
        sr.consec_position(Rank.THIRTEEN)


@pytest.mark.rule("hands.similarity")
@pytest.mark.parametrize(
    ("suit", "colour"),
    [(Suit.HEARTS, Colour.RED), (Suit.DIAMONDS, Colour.RED),
     (Suit.SPADES, Colour.BLACK), (Suit.CLUBS, Colour.BLACK)],
)
def test_hearts_and_diamonds_are_red_spades_and_clubs_black(suit: Suit, colour: Colour) -> None:
    assert suit.colour is colour


def test_card_colour_is_its_suits_colour_and_a_joker_has_none() -> None:
    assert sr.parse_card("13♦").colour is Colour.RED
    assert sr.parse_card("9♣").colour is Colour.BLACK
    assert sr.parse_card("JK").colour is None

"""Invariants of classify and compare over random valid hands (seed 000, "Hand Rankings",
"Wildcards", "Joker Hands"; rulings H1-H9 in docs/rulings.md).

The strategies build hands validly, from cards three decks can hold: multiples of one value with
0-3 13s (and hands of only 13s), natural poker hands of every kind, wild poker hands made from them
by turning 1-4 cards into 13s, and joker hands. Where the rules give an order, the tests check
compare against an independent oracle written from the seed's words (for wild poker hands, a brute
force over every value the 13s could take).
"""

import itertools
import random
from collections import Counter
from collections.abc import Callable, Sequence

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import spite_rules as sr
from spite_rules import CONSEC_ORDER, GAME_ORDER, Card, HandKind, Rank, Suit

SETTINGS = settings(max_examples=150, deadline=None)

RED = (Suit.HEARTS, Suit.DIAMONDS)
THIRTEEN_POOL = tuple(Card(Rank.THIRTEEN, suit) for suit in RED) * 3
POKER_ORDER = (
    HandKind.STRAIGHT,
    HandKind.FULL_HOUSE,
    HandKind.FLUSH,
    HandKind.FOUR_OF_A_KIND,
    HandKind.STRAIGHT_FLUSH,
)

Cards = tuple[Card, ...]

suits = st.sampled_from(tuple(Suit))
natural_values = st.sampled_from(CONSEC_ORDER)
thirteens = st.sampled_from(RED).map(lambda suit: Card(Rank.THIRTEEN, suit))


def sign(n: int) -> int:
    return (n > 0) - (n < 0)


def fits_three_decks(cards: Sequence[Card]) -> bool:
    """Three decks hold three copies of each card (13s only in ♥ and ♦)."""
    return all(count <= 3 for count in Counter(cards).values())


def is_hand(cards: Sequence[Card]) -> bool:
    try:
        sr.classify(cards)
    except sr.InvalidHand:
        return False
    return True


# -- strategies ---------------------------------------------------------------------------------


@st.composite
def multiple_of(
    draw: st.DrawFn, value: Rank, size: int, max_wilds: int = 3, min_wilds: int = 0
) -> Cards:
    """``size`` cards: natural ``value`` cards plus min_wilds..max_wilds 13s (at least one
    natural)."""
    wilds = draw(st.integers(min_wilds, min(max_wilds, size - 1)))
    naturals = draw(st.permutations([Card(value, suit) for suit in Suit] * 3))[: size - wilds]
    thirteens_drawn = draw(st.permutations(THIRTEEN_POOL))[:wilds]
    return tuple(draw(st.permutations(naturals + thirteens_drawn)))


def only_13s(size: int) -> st.SearchStrategy[Cards]:
    return st.permutations(THIRTEEN_POOL).map(lambda cards: tuple(cards[:size]))


def multiple_cards(size: int, max_wilds: int = 3) -> st.SearchStrategy[Cards]:
    """A single, pair, trips or quads: one value plus 0..max_wilds 13s, or (when 13s are allowed)
    only 13s."""
    of_a_value = natural_values.flatmap(lambda value: multiple_of(value, size, max_wilds))
    if not max_wilds:
        return of_a_value
    return st.one_of(of_a_value, of_a_value, of_a_value, only_13s(size))


@st.composite
def natural_poker_cards(draw: st.DrawFn) -> Cards:
    """Five natural cards shaped as one poker kind (they may form a higher one: a suited full house
    is a flush)."""
    shape = draw(st.sampled_from(POKER_ORDER))
    values: tuple[Rank, ...]
    if shape in (HandKind.STRAIGHT, HandKind.STRAIGHT_FLUSH):
        top = draw(st.integers(4, len(CONSEC_ORDER) - 1))
        values = CONSEC_ORDER[top - 4 : top + 1]
    elif shape is HandKind.FULL_HOUSE:
        trips, pair = draw(st.lists(natural_values, min_size=2, max_size=2, unique=True))
        values = (trips,) * 3 + (pair,) * 2
    elif shape is HandKind.FOUR_OF_A_KIND:
        quads, kicker = draw(st.lists(natural_values, min_size=2, max_size=2, unique=True))
        values = (quads,) * 4 + (kicker,)
    else:
        values = tuple(
            draw(
                st.lists(natural_values, min_size=5, max_size=5).filter(
                    lambda vs: max(Counter(vs).values()) <= 3
                )
            )
        )
    if shape in (HandKind.FLUSH, HandKind.STRAIGHT_FLUSH):
        card_suits = [draw(suits)] * 5
    else:
        card_suits = [draw(suits) for _ in range(5)]
    cards = tuple(Card(value, suit) for value, suit in zip(values, card_suits))
    assume(fits_three_decks(cards))
    return tuple(draw(st.permutations(cards)))


@st.composite
def wild_poker_cards(draw: st.DrawFn) -> Cards:
    """A natural poker hand with 1-4 of its cards turned into 13s, kept when still a hand."""
    cards = list(draw(natural_poker_cards()))
    wilds = draw(st.integers(1, 4))
    for position in draw(st.permutations(range(5)))[:wilds]:
        cards[position] = draw(thirteens)
    assume(fits_three_decks(cards) and is_hand(cards))
    return tuple(cards)


def poker_cards() -> st.SearchStrategy[Cards]:
    return st.one_of(natural_poker_cards(), wild_poker_cards())


@st.composite
def five_or_more_of_a_value(draw: st.DrawFn, max_size: int = 12) -> Cards:
    """Five or more natural cards of one value (three decks hold twelve of each)."""
    value = draw(natural_values)
    size = draw(st.integers(5, max_size))
    return tuple(draw(st.permutations([Card(value, suit) for suit in Suit] * 3))[:size])


def joker_hand_cards() -> st.SearchStrategy[Cards]:
    """A natural joker, or five or more natural cards of one value."""
    return st.one_of(st.just((Card(Rank.JOKER),)), five_or_more_of_a_value())


def non_joker_cards() -> st.SearchStrategy[Cards]:
    return st.one_of(
        *(multiple_cards(size) for size in (1, 2, 3, 4)), natural_poker_cards(), wild_poker_cards()
    )


def any_hand_cards() -> st.SearchStrategy[Cards]:
    return st.one_of(non_joker_cards(), joker_hand_cards())


def natural_hand_cards() -> st.SearchStrategy[Cards]:
    """Hands with no 13 in them, each with a natural card that a 13 could replace."""
    return st.one_of(
        *(multiple_cards(size, max_wilds=0) for size in (1, 2, 3, 4)),
        natural_poker_cards(),
        five_or_more_of_a_value(max_size=5),
    )


def wild_hand_cards() -> st.SearchStrategy[Cards]:
    """Hands holding at least one 13 as a wildcard and at least two natural cards."""
    multiples = (
        natural_values.flatmap(lambda value: multiple_of(value, size, size - 2, min_wilds=1))
        for size in (3, 4)
    )
    return st.one_of(
        *multiples, wild_poker_cards().filter(lambda cards: sum(c.is_thirteen for c in cards) < 4)
    )


# -- oracles written from the seed --------------------------------------------------------------

_Reading = tuple[int, tuple[Rank, ...], tuple[Rank, ...]]  # kind order, tie-break, sorted values


def poker_readings(values: Sequence[Rank], suits_of_cards: Sequence[Suit | None]) -> list[_Reading]:
    """Every poker kind five valued cards form, each with its tie-break (H5, H6, H7)."""
    counts = Counter(values)
    by_count = sorted(counts, key=lambda v: (counts[v], v), reverse=True)
    shape = sorted(counts.values(), reverse=True)
    positions = sorted(CONSEC_ORDER.index(v) for v in values)
    straight = positions == list(range(positions[0], positions[0] + 5))
    flush = len(set(suits_of_cards)) == 1
    ordered = tuple(sorted(values))
    found: list[_Reading] = []
    if straight:
        found.append((POKER_ORDER.index(HandKind.STRAIGHT), (max(values),), ordered))
    if straight and flush:
        found.append((POKER_ORDER.index(HandKind.STRAIGHT_FLUSH), (max(values),), ordered))
    if shape == [3, 2]:
        found.append((POKER_ORDER.index(HandKind.FULL_HOUSE), tuple(by_count), ordered))
    if flush:
        found.append((POKER_ORDER.index(HandKind.FLUSH), tuple(reversed(ordered)), ordered))
    if shape == [4, 1]:
        found.append((POKER_ORDER.index(HandKind.FOUR_OF_A_KIND), tuple(by_count), ordered))
    return found


def expected_poker_reading(cards: Cards) -> _Reading:
    """Natural cards: the highest kind they form. With 13s: the lowest hand any values of the 13s
    make (seed 000: "it shall always form the lowest valid hand"), each 13 keeping its suit."""
    naturals = [card.rank for card in cards if not card.is_thirteen]
    card_suits = [card.suit for card in cards]
    wilds = len(cards) - len(naturals)
    if wilds == 0:
        return max(poker_readings(naturals, card_suits))
    readings = [
        reading
        for filler in itertools.combinations_with_replacement(CONSEC_ORDER, wilds)
        for reading in poker_readings(naturals + list(filler), card_suits)
    ]
    return min(readings)


def expected_key(cards: Cards) -> tuple[object, ...]:
    """What the seed ranks a hand by, within the family of hands it can meet."""
    wild_count = sum(card.is_thirteen for card in cards)
    if any(card.is_joker for card in cards):
        return (0, 0)
    naturals = {card.rank for card in cards if not card.is_thirteen}
    if len(cards) >= 5 and wild_count == 0 and len(naturals) == 1:
        return (len(cards), next(iter(naturals)))
    if len(cards) == 5:
        kind_order, tie_break, _ = expected_poker_reading(cards)
        return (kind_order, tie_break, -wild_count)
    if not naturals:  # only 13s: 13s, ranked between 12 and J, natural
        value, wild_count = Rank.THIRTEEN, 0
    else:
        (value,) = naturals
    card_suits = {card.suit for card in cards}
    colours = {suit.colour for suit in card_suits if suit is not None}
    similarity = 2 if len(card_suits) == 1 else 1 if len(colours) == 1 else 0
    return (value, -wild_count, similarity)


def key_sign(a: tuple[object, ...], b: tuple[object, ...]) -> int:
    return (a > b) - (a < b)


# -- compare is a total preorder ----------------------------------------------------------------


def assert_total_preorder(a: sr.Hand, b: sr.Hand, c: sr.Hand) -> None:
    hands = (a, b, c)
    for x in hands:
        assert sr.compare(x, x) == 0
    for x, y in itertools.permutations(hands, 2):
        assert sign(sr.compare(x, y)) == -sign(sr.compare(y, x)), (x, y)
    for x, y, z in itertools.permutations(hands, 3):
        xy, yz, xz = sr.compare(x, y), sr.compare(y, z), sr.compare(x, z)
        if xy <= 0 and yz <= 0:
            assert xz <= 0, (x, y, z)
        if xy < 0 and yz <= 0 or xy <= 0 and yz < 0:
            assert xz < 0, (x, y, z)


def hands_of(strategy: st.SearchStrategy[Cards]) -> st.SearchStrategy[sr.Hand]:
    return strategy.map(sr.classify)


@pytest.mark.rule("hands.single")
@SETTINGS
@given(hands_of(multiple_cards(1)), hands_of(multiple_cards(1)), hands_of(multiple_cards(1)))
def test_compare_is_a_total_preorder_on_singles(a: sr.Hand, b: sr.Hand, c: sr.Hand) -> None:
    assert_total_preorder(a, b, c)


@pytest.mark.rule("hands.multiple", "hands.similarity")
@SETTINGS
@given(hands_of(multiple_cards(2)), hands_of(multiple_cards(2)), hands_of(multiple_cards(2)))
def test_compare_is_a_total_preorder_on_pairs(a: sr.Hand, b: sr.Hand, c: sr.Hand) -> None:
    assert_total_preorder(a, b, c)


@pytest.mark.rule("hands.multiple", "hands.similarity")
@SETTINGS
@given(hands_of(multiple_cards(3)), hands_of(multiple_cards(3)), hands_of(multiple_cards(3)))
def test_compare_is_a_total_preorder_on_trips(a: sr.Hand, b: sr.Hand, c: sr.Hand) -> None:
    assert_total_preorder(a, b, c)


@pytest.mark.rule("hands.multiple", "hands.similarity")
@SETTINGS
@given(hands_of(multiple_cards(4)), hands_of(multiple_cards(4)), hands_of(multiple_cards(4)))
def test_compare_is_a_total_preorder_on_quads(a: sr.Hand, b: sr.Hand, c: sr.Hand) -> None:
    assert_total_preorder(a, b, c)


@pytest.mark.rule("hands.poker.order")
@SETTINGS
@given(hands_of(poker_cards()), hands_of(poker_cards()), hands_of(poker_cards()))
def test_compare_is_a_total_preorder_on_poker_hands(a: sr.Hand, b: sr.Hand, c: sr.Hand) -> None:
    assert_total_preorder(a, b, c)


@pytest.mark.rule("joker-hands.five-of-a-kind")
@SETTINGS
@given(hands_of(joker_hand_cards()), hands_of(joker_hand_cards()), hands_of(joker_hand_cards()))
def test_compare_is_a_total_preorder_on_joker_hands(a: sr.Hand, b: sr.Hand, c: sr.Hand) -> None:
    assert_total_preorder(a, b, c)


@pytest.mark.rule("joker-hands.natural-joker", "joker-hands.five-of-a-kind")
@SETTINGS
@given(hands_of(joker_hand_cards()), hands_of(non_joker_cards()))
def test_joker_hand_ranks_above_every_non_joker_hand(joker: sr.Hand, other: sr.Hand) -> None:
    assert sr.compare(joker, other) > 0
    assert sr.compare(other, joker) < 0


# -- compare follows the seed's order (oracles) -------------------------------------------------


@pytest.mark.rule("hands.multiple", "hands.similarity", "wildcards.below-natural")
@SETTINGS
@given(st.integers(1, 4).flatmap(lambda size: st.tuples(multiple_cards(size), multiple_cards(size))))
def test_multiples_rank_by_value_then_fewer_13s_then_similarity(pair: tuple[Cards, Cards]) -> None:
    a, b = pair
    assert sign(sr.compare(sr.classify(a), sr.classify(b))) == key_sign(
        expected_key(a), expected_key(b)
    )


@pytest.mark.rule("hands.poker")
@SETTINGS
@given(natural_poker_cards())
def test_natural_poker_hand_is_the_highest_kind_its_cards_form(cards: Cards) -> None:
    kind_order, _, values = expected_poker_reading(cards)
    poker = sr.classify(cards)
    assert (poker.kind, poker.values) == (POKER_ORDER[kind_order], values)


@pytest.mark.rule("wildcards.poker-lowest")
@SETTINGS
@given(wild_poker_cards())
def test_wild_poker_hand_is_the_lowest_hand_its_13s_can_make(cards: Cards) -> None:
    kind_order, _, values = expected_poker_reading(cards)
    poker = sr.classify(cards)
    assert (poker.kind, poker.values) == (POKER_ORDER[kind_order], values)


@pytest.mark.rule("hands.poker.order", "wildcards.below-natural")
@SETTINGS
@given(poker_cards(), poker_cards())
def test_poker_hands_rank_by_kind_then_values_then_fewer_13s(a: Cards, b: Cards) -> None:
    assert sign(sr.compare(sr.classify(a), sr.classify(b))) == key_sign(
        expected_key(a), expected_key(b)
    )


@pytest.mark.rule("joker-hands.natural-joker", "joker-hands.five-of-a-kind")
@SETTINGS
@given(joker_hand_cards(), joker_hand_cards())
def test_joker_hands_rank_natural_joker_lowest_then_by_size_then_value(a: Cards, b: Cards) -> None:
    assert sign(sr.compare(sr.classify(a), sr.classify(b))) == key_sign(
        expected_key(a), expected_key(b)
    )


# -- 13s never raise a hand ---------------------------------------------------------------------


def with_a_13(cards: Cards, position: int, suit: Suit) -> Cards:
    return cards[:position] + (Card(Rank.THIRTEEN, suit),) + cards[position + 1 :]


def natural_positions(cards: Cards) -> list[int]:
    return [i for i, card in enumerate(cards) if not card.is_thirteen and not card.is_joker]


@pytest.mark.rule("wildcards.below-natural")
@SETTINGS
@given(natural_hand_cards(), st.data())
def test_replacing_a_natural_card_by_a_13_never_raises_a_hand(
    cards: Cards, data: st.DataObject
) -> None:
    position = data.draw(st.sampled_from(natural_positions(cards)), label="position")
    suit = data.draw(st.sampled_from(RED), label="suit of the 13")
    wild = with_a_13(cards, position, suit)
    assume(natural_positions(wild) and is_hand(wild))  # only 13s are 13s, not a wild hand
    assert sr.compare(sr.classify(wild), sr.classify(cards)) < 0


@pytest.mark.rule("wildcards.below-natural")
@SETTINGS
@given(wild_hand_cards(), st.data())
def test_replacing_another_natural_card_of_a_wild_hand_by_a_13_never_raises_it(
    cards: Cards, data: st.DataObject
) -> None:
    position = data.draw(st.sampled_from(natural_positions(cards)), label="position")
    suit = data.draw(st.sampled_from(RED), label="suit of the 13")
    wilder = with_a_13(cards, position, suit)
    assume(natural_positions(wilder) and is_hand(wilder))
    assert sr.compare(sr.classify(wilder), sr.classify(cards)) < 0


@pytest.mark.rule("wildcards.thirteens-alone")
@SETTINGS
@given(
    st.integers(1, 4).flatmap(
        lambda size: st.tuples(
            only_13s(size), multiple_of(Rank.TWELVE, size), multiple_of(Rank.JACK, size)
        )
    )
)
def test_a_hand_of_only_13s_ranks_between_12s_and_Js_of_its_size(
    drawn: tuple[Cards, Cards, Cards]
) -> None:
    thirteens_only, twelves, jacks = (sr.classify(cards) for cards in drawn)
    assert sr.compare(thirteens_only, twelves) > 0
    assert sr.compare(thirteens_only, jacks) < 0


# -- classify does not care about card order ----------------------------------------------------


@pytest.mark.rule("hands.valid")
@SETTINGS
@given(any_hand_cards().flatmap(lambda cards: st.tuples(st.just(cards), st.permutations(cards))))
def test_classify_is_independent_of_card_order(drawn: tuple[Cards, list[Card]]) -> None:
    cards, shuffled = drawn
    assert sr.classify(shuffled) == sr.classify(cards)


DECK_CARDS = sorted(set(sr.spite_deck()), key=str)


@pytest.mark.rule("hands.valid")
@SETTINGS
@given(
    st.lists(st.sampled_from(DECK_CARDS), min_size=1, max_size=6).flatmap(
        lambda cards: st.tuples(st.just(cards), st.permutations(cards))
    )
)
def test_classify_accepts_or_rejects_a_set_of_cards_in_every_order(
    drawn: tuple[list[Card], list[Card]]
) -> None:
    cards, shuffled = drawn
    if is_hand(cards):
        assert sr.classify(shuffled) == sr.classify(cards)
    else:
        assert not is_hand(shuffled)


# -- notation round trips -----------------------------------------------------------------------

FAKE_CARDS = [Card(rank, suit, fake=True) for rank in GAME_ORDER for suit in Suit] + [
    Card(Rank.JOKER, fake=True)
]


def test_parse_card_reads_back_str_of_every_card_of_the_deck_and_every_fake_card() -> None:
    for card in DECK_CARDS + FAKE_CARDS:
        assert sr.parse_card(str(card)) == card, card


def test_parse_card_reads_back_ascii_of_every_card_of_the_deck_and_every_fake_card() -> None:
    for card in DECK_CARDS + FAKE_CARDS:
        assert sr.parse_card(card.ascii) == card, card


notation: dict[str, Callable[[Card], str]] = {"unicode": str, "ascii": lambda card: card.ascii}


@SETTINGS
@given(
    st.lists(st.sampled_from(DECK_CARDS + FAKE_CARDS), max_size=12),
    st.sampled_from(sorted(notation)),
    st.sampled_from([" ", ", ", ",", "\t", "  ,\n"]),
)
def test_parse_cards_reads_back_any_cards_joined_by_spaces_or_commas(
    cards: list[Card], form: str, separator: str
) -> None:
    text = separator.join(notation[form](card) for card in cards)
    assert sr.parse_cards(text) == tuple(cards)



DECK = sr.spite_deck()
SIZE_CHOICES = [(1,), (2,), (3,), (4,), (5,), (1, 2, 3, 4, 5)]


@st.composite
def dealt(draw: st.DrawFn) -> list[Card]:
    """Up to 9 different cards of the 189-card deck (so a face appears at most 3 times), of one to
    five natural values and one to four suits, plus 13s and jokers: few values and suits, so joker
    hands, straights and flushes turn up."""
    values = draw(st.lists(natural_values, min_size=1, max_size=5, unique=True))
    kept = draw(st.lists(suits, min_size=1, max_size=4, unique=True))
    pool = [
        card
        for card in DECK
        if card.is_joker or (card.suit in kept and (card.rank in values or card.is_thirteen))
    ]
    picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=1, max_size=9, unique=True))
    return [pool[i] for i in picks]


@SETTINGS
@given(dealt(), st.sampled_from(SIZE_CHOICES), st.booleans())
def test_hands_in_is_every_distinct_hand_the_cards_form(
    cards: list[Card], sizes: tuple[int, ...], jokers: bool
) -> None:
    # Oracle: classify every sub-multiset of the cards; joker hands go by ``jokers``, others by size.
    expected = set()
    for size in range(1, len(cards) + 1):
        for combo in set(itertools.combinations(sr.sort_cards(cards), size)):
            try:
                hand = sr.classify(combo)
            except sr.InvalidHand:
                continue
            if (jokers if hand.is_joker else hand.size in sizes):
                expected.add(hand)
    found = sr.hands_in(cards, sizes, jokers=jokers)
    assert len(found) == len(set(found)), "a hand is listed twice"
    assert set(found) == expected
    # The same cards as one tuple (as a state holds a hand), asked about every size and joker
    # choice twice over (the second answers come from memory), agree with the cards as a list.
    held = sr.sort_cards(cards)
    for _ in range(2):
        for other_sizes in SIZE_CHOICES:
            for other_jokers in (True, False):
                assert sr.hands_in(held, other_sizes, jokers=other_jokers) == sr.hands_in(
                    list(held), other_sizes, jokers=other_jokers
                )


@st.composite
def poker_rich(draw: st.DrawFn) -> tuple[list[Card], Rank]:
    """7 to 12 cards of five or six values in a row and one or two suits, with 13s and jokers (so
    straights, flushes, full houses and fours of a kind abound), and a rank: mostly one of them."""
    low = draw(st.integers(0, len(CONSEC_ORDER) - 5))
    values = CONSEC_ORDER[low : low + draw(st.integers(5, 6))]
    kept = draw(st.lists(suits, min_size=1, max_size=2, unique=True))
    pool = [
        card
        for card in DECK
        if card.is_joker or (card.suit in kept and (card.rank in values or card.is_thirteen))
    ]
    picks = draw(st.lists(st.integers(0, len(pool) - 1), min_size=7, max_size=12, unique=True))
    rank = draw(st.sampled_from(values) | st.sampled_from([*GAME_ORDER, Rank.JOKER]))
    return [pool[i] for i in picks], rank


@SETTINGS
@given(poker_rich(), st.sampled_from(SIZE_CHOICES), st.booleans())
def test_hands_in_including_a_rank_is_the_hands_holding_a_card_of_it_in_order(
    drawn: tuple[list[Card], Rank], sizes: tuple[int, ...], jokers: bool
) -> None:
    # The opening lead's enumeration skips what cannot hold the rank on offer: it must keep every
    # hand that does, in the order of the whole enumeration.
    cards, rank = drawn
    every = sr.hands_in(cards, sizes, jokers=jokers)
    expected = tuple(hand for hand in every if any(card.rank is rank for card in hand.cards))
    assert sr.hands_in(cards, sizes, jokers=jokers, including=rank) == expected
    held = sr.sort_cards(cards)
    assert sr.hands_in(held, sizes, jokers=jokers, including=rank) == expected


def test_hands_in_never_answers_for_another_tuple_that_reuses_a_freed_tuples_address() -> None:
    # hands_in remembers answers by tuple identity, in a bounded table. Many short-lived hands,
    # more than the table holds, make Python reuse the addresses of freed tuples for new ones.
    rng = random.Random(0)
    for _ in range(3 * 4096):
        held = sr.sort_cards(rng.sample(DECK, 4))
        assert sr.hands_in(held, (1, 2)) == sr.hands_in(list(held), (1, 2))


@pytest.mark.rule("hands.poker")
def test_every_full_house_and_four_of_a_kind_reading_stands_for_its_trips_or_quads() -> None:
    # Every reading five cards can have (1-5 natural values, the rest 13s, suited or not): the
    # reading takes the trips (quads) as the middle of its five sorted values; held here to the
    # value it holds most of, and the tiebreak to (that value, the other one).
    from spite_rules.hands import _poker_reading

    for naturals in range(1, 6):
        for values in itertools.combinations_with_replacement(CONSEC_ORDER, naturals):
            for flush in (False, True):
                found = _poker_reading(values, 5 - naturals, flush)
                if found is None or found[0] not in (HandKind.FULL_HOUSE, HandKind.FOUR_OF_A_KIND):
                    continue
                read = found[1]
                most = max(set(read), key=read.count)
                other = next(value for value in read if value is not most)
                assert found[3] is most and found[2][1:3] == (most.value, other.value)

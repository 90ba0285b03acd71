"""The fast paths of the hand enumeration give what the plain ones give.

:func:`spite_rules.hand_search._poker_hands_in` searches on each card's order and reads each set of
five cards once per set of values, building each hand from that reading. Here the enumeration
it replaced, which read every set of cards with :func:`spite_rules.hands.reading`, is the oracle:
the same hands, in the same order, every field equal (those that take no part in ``==`` included).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterable

from hypothesis import given, settings
from hypothesis import strategies as st

import spite_rules as sr
from spite_rules.cards import _ORDER, CONSEC_ORDER, Card, Rank, Suit, consec_position
from spite_rules.hand_search import _FLUSHES, _SUIT_BITS, _SUIT_FIELDS, _WEIGHT, _learn, _poker_hands_in
from spite_rules.hands import Hand, classify_sorted, reading

SETTINGS = settings(max_examples=200, deadline=None)
DECK = sr.spite_deck()


def reference_poker_hands_in(
    by_value: dict[Rank, list[tuple[Card, int]]],
    totals: dict[Rank, int],
    thirteens: list[tuple[Card, int]],
    value: Rank | None = None,
) -> list[Hand]:
    """The poker enumeration as it was before the search ran on card orders (every distinct set
    of cards classified by ``reading``)."""
    combos: dict[tuple[Card, ...], None] = {}

    def spread(groups: Iterable[list[tuple[Card, int]]]) -> list[Card]:
        return [card for group in groups for card, count in group for _ in range(count)]

    def add(found: Iterable[tuple[Card, ...]]) -> None:
        for combo in found:
            combos[tuple(sorted(combo, key=_ORDER))] = None

    wilds = spread([thirteens])
    wild_total = len(wilds)
    fills = {
        gaps: list(dict.fromkeys(itertools.combinations(wilds, gaps)))
        for gaps in range(min(wild_total, 4) + 1)
    } if wild_total else {0: [()]}
    windows = range(len(CONSEC_ORDER) - 4) if len(by_value) + wild_total >= 5 else range(0)
    present = sum(1 << i for i, rank in enumerate(CONSEC_ORDER) if rank in by_value) if windows else 0
    if value is None:
        lowest, highest = 0, len(CONSEC_ORDER)
    else:
        lowest, highest = consec_position(value) - 4, consec_position(value)
    for low in windows:
        if ((present >> low) & 0b11111).bit_count() + wild_total < 5:
            continue
        if not lowest <= low <= highest:
            continue
        window = CONSEC_ORDER[low : low + 5]
        gap: list[Card | None] = [None] if wild_total else []
        options = [[*(card for card, _ in by_value.get(rank, [])), *gap] for rank in window]
        for picks in itertools.product(*options):
            naturals = [card for card in picks if card is not None]
            gaps = 5 - len(naturals)
            if not naturals or gaps > wild_total:
                continue
            for wild in fills[gaps]:
                combos[tuple(sorted(naturals + list(wild), key=_ORDER))] = None
    suits: dict[Suit | None, list[Card]] = {}
    for group in [*by_value.values(), thirteens]:
        for card, count in group:
            suits.setdefault(card.suit, []).extend([card] * count)
    for pool in suits.values():
        if len(pool) >= 5 and (value is None or any(card.rank is value for card in pool)):
            add(itertools.combinations(pool, 5))
    floor = 5 - wild_total - max(totals.values(), default=0)
    values = [rank for rank, total in totals.items() if total >= floor]
    for i, first in enumerate(values):
        for second in values[i:]:
            if value is not None and first is not value and second is not value:
                continue
            both = totals[first] + (totals[second] if second is not first else 0)
            if both + wild_total < 5:
                continue
            groups = [by_value[first], thirteens]
            if second is not first:
                groups.insert(1, by_value[second])
            add(itertools.combinations(spread(groups), 5))
    readings = [reading(cards) for cards in combos]
    return [found for found in readings if isinstance(found, Hand) and found.is_poker]


def grouped(
    cards: Iterable[Card],
) -> tuple[dict[Rank, list[tuple[Card, int]]], dict[Rank, int], list[tuple[Card, int]]]:
    """The enumeration's input: each value's (card, count) pairs in game order, each value's card
    count, and the 13s' (card, count) pairs (jokers left out, as the enumeration leaves them)."""
    by_value: dict[Rank, list[tuple[Card, int]]] = {}
    totals: dict[Rank, int] = {}
    thirteens: list[tuple[Card, int]] = []
    for card, copies in _counted(sr.sort_cards(cards)):
        if card.is_thirteen:
            thirteens.append((card, copies))
        elif not card.is_joker:
            by_value.setdefault(card.rank, []).append((card, copies))
            totals[card.rank] = totals.get(card.rank, 0) + copies
    return by_value, totals, thirteens


def _counted(cards: tuple[Card, ...]) -> list[tuple[Card, int]]:
    counted: list[tuple[Card, int]] = []
    for card in cards:
        if counted and counted[-1][0] == card:
            counted[-1] = (card, counted[-1][1] + 1)
        else:
            counted.append((card, 1))
    return counted


def same_in_every_field(found: Hand, expected: Hand) -> bool:
    """``==`` and the fields that take no part in it."""
    return (
        found == expected
        and found.size == expected.size
        and found.is_joker == expected.is_joker
        and found.is_poker == expected.is_poker
        and found.is_multiple == expected.is_multiple
        and found.is_natural_set_of(Rank.SEVEN) == expected.is_natural_set_of(Rank.SEVEN)
        and found._face is expected._face
        and found.suits == expected.suits
        and found.describe() == expected.describe()
        and hash(found) == hash(expected)
    )


@st.composite
def held(draw: st.DrawFn) -> list[Card]:
    """A seat's cards: 5 to 24 cards of the 189-card deck, from few values and suits (so poker
    hands abound) or from all of them, with up to all six 13s and some jokers."""
    naturals = [card for card in DECK if not (card.is_thirteen or card.is_joker)]
    if draw(st.booleans()):
        low = draw(st.integers(0, len(CONSEC_ORDER) - 5))
        values = set(CONSEC_ORDER[low : low + draw(st.integers(5, 8))])
        kept = set(draw(st.lists(st.sampled_from(list(Suit)), min_size=1, max_size=3, unique=True)))
        naturals = [card for card in naturals if card.rank in values and card.suit in kept]
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    count = draw(st.integers(5, min(24, len(naturals))))
    thirteens = [card for card in DECK if card.is_thirteen][: draw(st.integers(0, 6))]
    jokers = [Card("JK")] * draw(st.integers(0, 2))
    return rng.sample(naturals, count) + thirteens + jokers


@SETTINGS
@given(held(), st.sampled_from([None, *CONSEC_ORDER]))
def test_the_poker_search_on_card_orders_finds_the_hands_reading_finds_in_its_order(
    cards: list[Card], value: Rank | None
) -> None:
    by_value, totals, thirteens = grouped(cards)
    spread = {int(rank): [card.order for card, n in group for _ in range(n)] for rank, group in by_value.items()}
    wild = [card.order for card, n in thirteens for _ in range(n)]
    found = _poker_hands_in(spread, wild, 0 if value is None else int(value))
    expected = reference_poker_hands_in(by_value, totals, thirteens, value)
    assert len(found) == len(expected)
    for hand, reference in zip(found, expected):
        assert same_in_every_field(hand, reference), (hand, reference)


@SETTINGS
@given(held())
def test_every_poker_hand_hands_in_builds_is_the_hand_classify_builds(cards: list[Card]) -> None:
    for hand in sr.hands_in(cards, (5,), jokers=False):
        assert same_in_every_field(hand, classify_sorted(hand.cards))


@SETTINGS
@given(st.lists(st.sampled_from([card for card in DECK if not card.is_joker]), min_size=5, max_size=5))
def test_a_learnt_poker_reading_is_the_one_reading_gives(cards: list[Card]) -> None:
    """``_learn`` reads five cards from ``hands._poker_reading`` without building the hand: the
    fields it remembers are those of the hand ``reading`` builds (none where that is no poker hand)."""
    ordered = tuple(sorted(cards, key=_ORDER))
    combo = tuple(card.order for card in ordered)
    weight = sum(_WEIGHT[card.order] for card in ordered)
    signature = (weight >> _SUIT_BITS << 1) | ((weight & _SUIT_FIELDS) in _FLUSHES)
    read = reading(ordered)
    if isinstance(read, Hand) and read.is_poker:
        assert _learn(signature, combo) == (read.kind, read.value, read.wilds, read.key, read.values)
    else:
        assert _learn(signature, combo) == ()

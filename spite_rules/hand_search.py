"""Every hand a set of cards can form: :func:`hands_in`, the enumeration ``legal_moves`` asks of a
seat's cards, with the caches that make asking again cheap.

Classifying one set of cards and ranking hands is :mod:`spite_rules.hands`' (which re-exports
:func:`hands_in`); this module builds on it.

>>> [hand.describe() for hand in hands_in(parse_cards("5♠ 5♦ 13♥"), sizes=(2,))]
['pair of 5s (mixed)', 'pair of 5s (coloured) (with one 13)', 'pair of 5s (mixed) (with one 13)']
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Iterator, Sequence

from spite_rules.cards import (
    CONSEC_ORDER,
    Card,
    Rank,
    Suit,
    _ORDER,
    consec_position,
    sort_cards,
)
from spite_rules.hands import Hand, classify_sorted, reading

__all__ = ["HAND_SIZES", "hands_in", "sub_multisets"]


#: The sizes of multiples and poker hands: singles to quads, and five-card poker hands.
HAND_SIZES = (1, 2, 3, 4, 5)


def hands_in(
    cards: Iterable[Card],
    sizes: Iterable[int] = HAND_SIZES,
    *,
    jokers: bool = True,
    including: Rank | None = None,
) -> tuple[Hand, ...]:
    """Every distinct hand that some of ``cards`` form: multiples and poker hands of the given
    sizes, and (if ``jokers``) joker hands. Identical cards give one hand, not three. With
    ``including``, only the hands holding a card of that rank (as the opening lead must, seed 000,
    "The First Player"), in the same order.

    >>> [hand.describe() for hand in hands_in(parse_cards("9♠ 9♠ 13♥"), sizes=(2,))]
    ['pair of 9s (suited)', 'pair of 9s (mixed) (with one 13)']
    >>> [hand.describe() for hand in hands_in(parse_cards("3♠ 4♦ 13♥"), including=Rank.THREE)]
    ['single 3', 'pair of 3s (mixed) (with one 13)']

    Asked again about the very same tuple of cards (a seat's hand, carried unchanged from state to
    state until the seat plays or draws), it answers from memory without sorting or hashing them.
    """
    sizes = tuple(sizes)
    if type(cards) is not tuple:
        return tuple(_generate_hands(sort_cards(cards), sizes, jokers, including))
    key = (id(cards), sizes, jokers, including)
    found = _BY_TUPLE.get(key)
    if found is not None and found[0] is cards:
        return found[1]
    hands = tuple(_generate_hands(sort_cards(cards), sizes, jokers, including))
    if len(_BY_TUPLE) >= 1 << 12:
        _BY_TUPLE.clear()  # bounded; the entries are rebuilt as the same hands are asked about
    _BY_TUPLE[key] = (cards, hands)  # the tuple is kept with its hands, so its id stays its own
    return hands


#: :func:`hands_in`'s answers by the identity of the cards' tuple: (that tuple, its hands).
_BY_TUPLE: dict[
    tuple[int, tuple[int, ...], bool, Rank | None], tuple[tuple[Card, ...], tuple[Hand, ...]]
] = {}


def _generate_hands(
    cards: tuple[Card, ...], sizes: tuple[int, ...], jokers: bool, including: Rank | None = None
) -> list[Hand]:
    """:func:`hands_in`'s enumeration of sorted ``cards``."""
    if including is None:
        if sizes == (1,):  # the commonest follow: singles alone
            singles = _singles_in(cards, jokers)
            if singles is not None:
                return singles
        return _enumerate(cards, sizes, jokers, None)
    natural = None if including is Rank.THIRTEEN or including is Rank.JOKER else including
    found = _enumerate(cards, sizes, jokers, natural)
    return [hand for hand in found if any(card.rank is including for card in hand.cards)]


def _enumerate(
    cards: tuple[Card, ...], sizes: tuple[int, ...], jokers: bool, value: Rank | None
) -> list[Hand]:
    """Every distinct hand of sorted ``cards``; with a natural ``value``, only those that can hold
    a card of it, in the same order: its multiples and joker hands, and the poker hands
    :func:`_poker_hands_in` keeps for it (13s alone, other values and the natural joker hold none)."""
    by_value: dict[Rank, list[tuple[Card, int]]] = {}  # each value's distinct cards, in order
    totals: dict[Rank, int] = {}  # each value's card count
    thirteens: list[tuple[Card, int]] = []
    joker: Hand | None = None
    distinct: list[Card] = []  # identical cards sit together, in order: each once,
    counts: list[int] = []  # with how many of it there are
    last = -1
    for card in cards:
        if card.order == last:
            counts[-1] += 1
        else:
            distinct.append(card)
            counts.append(1)
            last = card.order
    for card, copies in zip(distinct, counts):
        rank = card.rank
        if rank is Rank.THIRTEEN:
            thirteens.append((card, copies))
        elif rank is Rank.JOKER:
            joker = classify_sorted((card,))
        elif rank in by_value:
            by_value[rank].append((card, copies))
            totals[rank] += copies
        else:
            by_value[rank] = [(card, copies)]
            totals[rank] = copies
    wild = tuple(thirteens)
    wild_total = sum(count for _, count in thirteens)
    found: list[Hand] = []
    small = [size for size in sizes if size <= 4]
    if small:
        # A value with fewer cards, 13s included, than the smallest size asked forms none of them.
        least = min(small)
        multiples = [
            _multiples_of(tuple(group), wild)
            for rank, group in by_value.items()
            if (value is None or rank is value) and totals[rank] + wild_total >= least
        ]
        if value is None and wild_total >= least:
            multiples.append(_multiples_of((), wild))
        for size in small:
            for by_size in multiples:
                found += by_size[size - 1]
    if 5 in sizes and sum(totals.values()) + wild_total >= 5:
        found += _poker_hands_in(by_value, totals, thirteens, value)
    if jokers:
        if joker is not None and value is None:
            found.append(joker)
        for rank, total in totals.items():
            if value is None or rank is value:
                for size in range(5, total + 1):
                    found += [classify_sorted(combo) for combo in sub_multisets(by_value[rank], size)]
    return found


def _singles_in(cards: tuple[Card, ...], jokers: bool) -> list[Hand] | None:
    """:func:`_generate_hands` for singles alone, in one pass over the sorted ``cards``: each
    distinct card of a value, then each distinct 13, then (if ``jokers``) the joker. None where
    five or more cards share a value and ``jokers`` asks for joker hands, which the general path
    enumerates."""
    found: list[Hand] = []
    wild: list[Hand] = []
    joker: Card | None = None
    last = -1
    value: Rank | None = None
    run = 0  # the cards so far of ``value`` (identical cards sit together, values too)
    for card in cards:
        rank = card.rank
        if rank is value:
            run += 1
        else:
            value, run = rank, 1
        if card.order == last:
            if jokers and run >= 5 and rank is not Rank.THIRTEEN and rank is not Rank.JOKER:
                return None
            continue
        last = card.order
        if rank is Rank.THIRTEEN:
            wild.append(_single(card))
        elif rank is Rank.JOKER:
            joker = card
        else:
            if jokers and run >= 5:
                return None
            found.append(_single(card))
    found += wild
    if jokers and joker is not None:
        found.append(classify_sorted((joker,)))
    return found


def _single(card: Card) -> Hand:
    """The single ``card`` (what :func:`_multiples_of` gives as its singles), by the card's
    :attr:`~spite_rules.cards.Card.order`, which is one number per distinct card."""
    hand = _SINGLES.get(card.order)
    if hand is None:
        hand = _SINGLES[card.order] = classify_sorted((card,))
    return hand


#: :func:`_single`'s hands (at most one per distinct card of the deck).
_SINGLES: dict[int, Hand] = {}


@functools.lru_cache(maxsize=1 << 12)
def _multiples_of(
    group: tuple[tuple[Card, int], ...], thirteens: tuple[tuple[Card, int], ...]
) -> tuple[tuple[Hand, ...], ...]:
    """The singles, pairs, trips and quads of one value: its (card, count) ``group`` with 13s as
    wildcards, at least one natural card in each; with an empty group, the hands of 13s alone.
    Cached: hands share their groups of one value far more often than they share all their cards."""
    if not group:
        return tuple(
            tuple(classify_sorted(combo) for combo in sub_multisets(thirteens, size)) for size in range(1, 5)
        )
    return tuple(
        tuple(
            classify_sorted(sort_cards(combo))
            for combo in sub_multisets(group + thirteens, size)
            if not combo[0].is_thirteen
        )
        for size in range(1, 5)
    )


def _poker_hands_in(
    by_value: dict[Rank, list[tuple[Card, int]]],
    totals: dict[Rank, int],
    thirteens: list[tuple[Card, int]],
    value: Rank | None = None,
) -> list[Hand]:
    """Every distinct poker hand: each is a straight (five values in a row, 13s filling gaps), a
    flush (one suit), or a full house / four of a kind (at most two natural values). ``by_value``
    holds each value's (card, count) pairs and ``totals`` its card count. With a natural ``value``,
    the windows, suits and pairs of values that cannot give a hand holding a card of it are
    skipped: every such hand is still found, at the same place in the order."""
    combos: dict[tuple[Card, ...], None] = {}  # distinct card sets, each in game order

    def spread(groups: Iterable[list[tuple[Card, int]]]) -> list[Card]:
        return [card for group in groups for card, count in group for _ in range(count)]

    def add(found: Iterable[tuple[Card, ...]]) -> None:
        for combo in found:  # in game order, whatever order the pool had
            combos[tuple(sorted(combo, key=_ORDER))] = None

    wilds = spread([thirteens])
    wild_total = len(wilds)
    fills = {
        gaps: list(dict.fromkeys(itertools.combinations(wilds, gaps)))
        for gaps in range(min(wild_total, 4) + 1)
    } if wild_total else {0: [()]}
    windows = range(len(CONSEC_ORDER) - 4) if len(by_value) + wild_total >= 5 else range(0)
    # The values held, as a bitmask over CONSEC_ORDER.
    present = sum(1 << i for i, rank in enumerate(CONSEC_ORDER) if rank in by_value) if windows else 0
    lowest, highest = (0, len(CONSEC_ORDER)) if value is None else _windows_holding(value)
    for low in windows:  # straights, by window
        if ((present >> low) & 0b11111).bit_count() + wild_total < 5:
            continue  # too few of the window's values, even with every 13 filling a gap
        if not lowest <= low <= highest:
            continue  # the window has no place for ``value``
        window = CONSEC_ORDER[low : low + 5]
        gap: list[Card | None] = [None] if wild_total else []  # a 13 may stand in for the value
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
    for pool in suits.values():  # flushes
        if len(pool) >= 5 and (value is None or any(card.rank is value for card in pool)):
            add(itertools.combinations(pool, 5))
    # Full houses and fours of a kind: only values with enough cards (13s included) take part.
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


def _windows_holding(value: Rank) -> tuple[int, int]:
    """The lowest and highest start (in :data:`CONSEC_ORDER`) of a five-value window holding the
    natural ``value``."""
    position = consec_position(value)
    return position - 4, position


def sub_multisets(items: Sequence[tuple[Card, int]], size: int) -> Iterator[tuple[Card, ...]]:
    """Every sub-multiset of ``size`` cards from (card, count) pairs, each once, in their order.

    >>> [format_cards(c) for c in sub_multisets([(Card("9", "S"), 2), (Card("13", "H"), 1)], 2)]
    ['9♠ 9♠', '9♠ 13♥']
    """
    if size == 0:
        yield ()
        return
    if not items:
        return
    (card, count), rest = items[0], items[1:]
    available = sum(c for _, c in rest)
    for take in range(min(count, size), -1, -1):
        if size - take > available:
            continue
        for tail in sub_multisets(rest, size - take):
            yield (card,) * take + tail

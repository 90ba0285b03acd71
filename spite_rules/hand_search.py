"""Every hand a set of cards can form: :func:`hands_in`, the enumeration ``legal_moves`` asks of a
seat's cards, with the caches that make asking again cheap.

Layer: Spite: rules of play — may import Spite's values, the core, the cards and the errors.

Classifying one set of cards and ranking hands is :mod:`spite_rules.hands`' (which re-exports
:func:`hands_in`); this module builds on it.

>>> [hand.describe() for hand in hands_in(parse_cards("5♠ 5♦ 13♥"), sizes=(2,))]
['pair of 5s (mixed)', 'pair of 5s (coloured) (with one 13)', 'pair of 5s (mixed) (with one 13)']
"""

from __future__ import annotations

from typing import Final

import functools
import itertools
from collections.abc import Iterable, Iterator, Sequence

from spite_rules.cards import (
    CONSEC_ORDER,
    Card,
    Rank,
    Suit,
    _SUIT_ORDER,
    consec_position,
    sort_cards,
)
from spite_rules.hands import (
    Hand,
    HandKind,
    Similarity,
    _poker_reading,
    _similarity,
    classify_sorted,
    poker_hand,
)

#: Enum members as C statics (speed device: ``Enum.MEMBER`` read in their place, +10% instructions).
_JOKER: Final = Rank.JOKER
_THIRTEEN: Final = Rank.THIRTEEN
_THREE: Final = Rank.THREE

__all__ = ["HAND_SIZES", "hands_in", "sub_multisets"]


#: The sizes of multiples and poker hands: singles to quads, and five-card poker hands.
HAND_SIZES: Final = (1, 2, 3, 4, 5)


def hands_in(
    cards: Iterable[Card],
    sizes: Iterable[int] = HAND_SIZES,
    *,
    jokers: bool = True,
    including: Rank | None = None,
) -> tuple[Hand, ...]:
    """Every hand some of ``cards`` form: :func:`spite_rules.public.hands_in` documents it (a
    compiled function keeps no docstring, so the public one calls this)."""
    sizes = tuple(sizes)
    if type(cards) is not tuple:
        return tuple(_generate_hands(sort_cards(cards), sizes, jokers, including))
    key = (id(cards), sizes, jokers, including)
    found = _BY_TUPLE.get(key)
    if found is not None and found[0] is cards:
        return found[1]
    hands = tuple(_generate_hands(sort_cards(cards), sizes, jokers, including))
    if len(_BY_TUPLE) >= _BY_TUPLE_BOUND:
        _BY_TUPLE.clear()  # bounded; the entries are rebuilt as the same hands are asked about
    _BY_TUPLE[key] = (cards, hands)  # the tuple is kept with its hands, so its id stays its own
    return hands


#: How many answers :func:`hands_in` keeps. Only the hands the seats hold now are asked about
#: again (at most a few keys per seat), so a small table keeps nearly every hit (4-player random
#: playouts enumerate 0.8% more often than with 4,096 entries, 7- and 9-player ones 3% more),
#: while a large one keeps thousands of past rounds' hands alive for the cyclic garbage collector
#: to traverse again and again: with 256 in place of 4,096, compiled random playouts ran 1.07x
#: faster with 4 players and 1.19x with 7 (interleaved, CPU time).
_BY_TUPLE_BOUND: Final = 1 << 8
#: :func:`hands_in`'s answers by the identity of the cards' tuple: (that tuple, its hands).
_BY_TUPLE: Final[dict[
    tuple[int, tuple[int, ...], bool, Rank | None], tuple[tuple[Card, ...], tuple[Hand, ...]]
]] = {}


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
    natural = None if including is _THIRTEEN or including is _JOKER else including
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
        if rank is _THIRTEEN:
            thirteens.append((card, copies))
        elif rank is _JOKER:
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
            if jokers and run >= 5 and rank is not _THIRTEEN and rank is not _JOKER:
                return None
            continue
        last = card.order
        if rank is _THIRTEEN:
            wild.append(_single(card))
        elif rank is _JOKER:
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
_SINGLES: Final[dict[int, Hand]] = {}


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
    skipped: every such hand is still found, at the same place in the order.

    The search runs on each card's :attr:`~spite_rules.cards.Card.order` (one small int per
    distinct card, in game order), and each set of five is read once per set of values (see the loop's comment)."""
    combos: dict[tuple[int, ...], None] = {}  # distinct card sets, each in game order
    card_of: dict[int, Card] = {}
    codes: dict[Rank, list[tuple[int, int]]] = {}  # by_value, each card as its order
    for rank, group in by_value.items():
        codes[rank] = pairs = []
        for card, count in group:
            card_of[card.order] = card
            pairs.append((card.order, count))
    for card, _ in thirteens:
        card_of[card.order] = card

    def spread(groups: Iterable[list[tuple[int, int]]]) -> list[int]:
        return [code for group in groups for code, count in group for _ in range(count)]

    def add(pool: list[int]) -> None:
        if pool == sorted(pool):  # each combination is then in game order already
            combos.update(dict.fromkeys(itertools.combinations(pool, 5)))
        else:
            for combo in itertools.combinations(pool, 5):
                combos[tuple(sorted(combo))] = None

    wild_codes = [(card.order, count) for card, count in thirteens]
    wilds = spread([wild_codes])
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
        if not wild_total:  # five naturals, one per value of the window: in game order already
            options = [[code for code, _ in codes[rank]] for rank in window]
            combos.update(dict.fromkeys(itertools.product(*options)))
            continue
        gapped = [[*(code for code, _ in codes.get(rank, [])), None] for rank in window]
        for picks in itertools.product(*gapped):
            naturals = [code for code in picks if code is not None]
            gaps = 5 - len(naturals)
            if not naturals or gaps > wild_total:
                continue
            for wild in fills[gaps]:
                combos[tuple(sorted(naturals + list(wild)))] = None
    suits: dict[Suit | None, list[int]] = {}
    for group in [*by_value.values(), thirteens]:
        for card, count in group:
            suits.setdefault(card.suit, []).extend([card.order] * count)
    for pool in suits.values():  # flushes
        if len(pool) >= 5 and (value is None or any(card_of[code].rank is value for code in pool)):
            add(pool)
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
            groups = [codes[first], wild_codes]
            if second is not first:
                groups.insert(1, codes[second])
            add(spread(groups))
    # Each set of five read: a poker reading depends only on the values and on whether the five
    # share a suit, and the similarity only on the set of suits (see hands.reading), so each set
    # of values is read once (_learn: the fields hands.reading builds), from the first cards that
    # have it.
    # _BY_VALUES remembers the reading by one sum of the cards' weights (_WEIGHT: the values in
    # its high bits, how many cards of each suit in its low bits). The loop is inlined: it runs
    # hundreds of times per enumeration. The weights are summed and the cards gathered by plain
    # loops over the list and dict rather than sum(map(...)) and tuple(map(...)): the compiled
    # build runs those loops natively (a weight fits a machine int), and a cold 19-card lead's
    # search took 0.80 -> 0.65 ms there (the same in the pure build).
    found: list[Hand] = []
    weights = _WEIGHT
    known_readings, similarities, flushes = _BY_VALUES, _SIMILARITY, _FLUSHES
    for combo in combos:
        weight = 0
        for code in combo:
            weight += weights[code]
        counts = weight & _SUIT_FIELDS  # how many cards of each suit
        signature = (weight >> _SUIT_BITS << 1) | (counts in flushes)
        cards = tuple([card_of[code] for code in combo])
        known = known_readings.get(signature)
        if known is None:
            known = _learn(signature, cards)
        if known:
            kind, top, wild_count, key, read = known
            found.append(poker_hand(kind, cards, top, wild_count, similarities[counts], key, read))
    return found


def _learn(signature: int, cards: tuple[Card, ...]) -> _Known | tuple[()]:
    """The reading of five ``cards`` (in game order, no joker) that ``signature`` stands for,
    remembered in ``_BY_VALUES``: the fields :func:`~spite_rules.hands.reading` gives a poker hand
    of them, taken straight from :func:`~spite_rules.hands._poker_reading` (what ``reading``
    builds them from) without building the hand (2.5x cheaper, compiled: a cold 19-card lead
    learns some 25 readings). Five cards form no poker hand when all are 13s, or all naturals of
    one value (a joker hand). A property test holds it to ``reading``."""
    naturals = [card.rank for card in cards if card.rank is not _THIRTEEN]
    known: _Known | tuple[()] = ()
    if naturals and not (len(naturals) == 5 and len(set(naturals)) == 1):
        flush = len({card.suit for card in cards}) == 1
        wilds = 5 - len(naturals)
        found = _poker_reading(tuple(sorted(naturals)), wilds, flush)
        if found is not None:
            kind, values, key, top = found
            known = (kind, top, wilds, key, values)
    if len(_BY_VALUES) >= 1 << 16:
        _BY_VALUES.clear()  # bounded (it holds far fewer: one entry per set of values)
    _BY_VALUES[signature] = known
    return known


#: The bits of a weight's suit fields (five fields of 3 bits: no suit, then ♣ ♦ ♥ ♠, as numbered
#: in bits 1-3 of a card's order), and a mask of them.
_SUIT_BITS: Final = 3 * 5
_SUIT_FIELDS: Final = (1 << _SUIT_BITS) - 1


def _card_weight(order: int) -> int:
    """The weight of the card with :attr:`~spite_rules.cards.Card.order` ``order``: 1 in its
    value's field (3 bits per value, above the suit fields) plus 1 in its suit's field."""
    rank, suit = order >> 4, (order >> 1) & 7
    return (1 << (_SUIT_BITS + 3 * (rank - _THREE))) + (1 << (3 * suit))


#: Each card order's weight, by order (an order is at most the joker's, 19 * 16 + 15).
_WEIGHT: Final[list[int]] = [_card_weight(order) for order in range(_JOKER * 16 + 16)]
#: The suit fields of five cards of one suit.
_FLUSHES: Final = frozenset(5 << (3 * _SUIT_ORDER[suit]) for suit in _SUIT_ORDER)


def _suit_similarities() -> dict[int, Similarity]:
    """The similarity of five cards by their suit fields, for every way five cards share suits."""
    table: dict[int, Similarity] = {}
    for suited in itertools.combinations_with_replacement(list(_SUIT_ORDER), 5):
        fields = sum(1 << (3 * _SUIT_ORDER[suit]) for suit in suited)
        table[fields] = _similarity(set(suited))
    return table


#: :func:`_poker_hands_in`'s similarities, by the suit fields of five cards.
_SIMILARITY: Final = _suit_similarities()
#: A poker hand's reading, all of it but the similarity: (kind, value, wilds, key, values).
_Known = tuple[HandKind, Rank, int, tuple[int, ...], tuple[Rank, ...]]
#: :func:`_poker_hands_in`'s readings by their signature (``()``: the cards form no poker hand).
_BY_VALUES: Final[dict[int, _Known | tuple[()]]] = {}


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

"""Every hand a set of cards can form: :func:`hands_in`, the enumeration ``legal_moves`` asks of a
seat's cards, run on each card's :attr:`~spite_rules.cards.Card.order` (a small int) with tables
built once at import; the public :class:`~spite_rules.hands.Hand` values are made only for the
hands found.

Layer: Spite: rules of play — may import Spite's values, the core, the cards and the errors.

Classifying one set of cards and ranking hands is :mod:`spite_rules.hands`' (which re-exports
:func:`hands_in`); this module builds on it. A card's order is ``rank * 16 + suit * 2 + fake``, so
its value is ``order >> 4`` and its suit ``(order >> 1) & 7``; sorted orders are game order, and
each value's cards sit together in them.

>>> [hand.describe() for hand in hands_in(parse_cards("5♠ 5♦ 13♥"), sizes=(2,))]
['pair of 5s (mixed)', 'pair of 5s (coloured) (with one 13)', 'pair of 5s (mixed) (with one 13)']
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Iterable, Sequence
from typing import Final, cast

from spite_rules.card import _CONSEC_POSITION, _SUIT_ORDER, CONSEC_ORDER, Card, Rank, Suit
from spite_rules.errors import NotationError
from spite_rules.hands import Hand, HandKind, Similarity, _poker_reading, _similarity, classify_sorted

__all__ = ["HAND_SIZES", "hands_in", "lead_hands"]


#: The sizes of multiples and poker hands: singles to quads, and five-card poker hands.
HAND_SIZES: Final = (1, 2, 3, 4, 5)

#: The values of 13s (wildcards) and of the joker, as a card's ``order >> 4`` gives them.
_THIRTEEN: Final = 13
_JOKER: Final = 19
#: One more than the highest order a card has (the joker's, on a fake back, is 19 * 16 + 1).
_ORDERS: Final = (_JOKER + 1) * 16


def _every_card() -> list[Card | None]:
    """The card of each order (None where no card has it: a suited joker, an unsuited value)."""
    cards: list[Card | None] = [None] * _ORDERS
    for rank in Rank:
        for suit in (None, *Suit):
            for fake in (False, True):
                try:
                    card = Card(rank, suit, fake=fake)
                except NotationError:
                    continue
                cards[card.order] = card
    return cards


#: The card of each order: the hands found are made of these.
_CARD: Final = _every_card()
#: The values of :data:`~spite_rules.cards.CONSEC_ORDER`, as ints.
_CONSEC_VALUES: Final = tuple(int(rank) for rank in CONSEC_ORDER)
#: The :class:`~spite_rules.cards.Rank` of each natural value (an order's ``>> 4``), by value.
_RANK: Final = {rank.value: rank for rank in Rank}


def _cards(orders: Iterable[int]) -> tuple[Card, ...]:
    """The cards of ``orders``, in order (orders of cards: none is a None of :data:`_CARD`)."""
    return cast("tuple[Card, ...]", tuple([_CARD[order] for order in orders]))


def hands_in(
    cards: Iterable[Card],
    sizes: Iterable[int] = HAND_SIZES,
    *,
    jokers: bool = True,
    including: Rank | None = None,
) -> tuple[Hand, ...]:
    """Every hand some of ``cards`` form: see :func:`spite_rules.public.hands_in`."""
    orders = tuple(sorted([card.order for card in cards]))
    key = (orders, tuple(sizes), jokers, including)
    found = _ASKED.get(key)
    if found is None:
        found = tuple(_generate_hands(orders, key[1], jokers, including))
        if 5 in key[1]:
            return found  # a lead's hands, seldom asked again: not kept (see _ASKED)
        if len(_ASKED) >= _ASKED_BOUND:
            _ASKED.clear()  # bounded; the entries are rebuilt as the same hands are asked about
        _ASKED[key] = found
    return found


def lead_hands(cards: Iterable[Card]) -> tuple[list[Hand], list[tuple[Card, ...]], list[tuple[int, ...]]]:
    """``hands_in(cards)`` for a lead (every size, joker hands too) with its poker hands given by
    their cards and ranking keys, no :class:`~spite_rules.hands.Hand` made for them: (the
    multiples then the joker hands, as ``hands_in`` orders them; each poker hand's cards; its
    key). ``hands_in`` puts the poker hands between the multiples and the joker hands. A new
    lead in ``legal_moves`` needs only each poker hand's cards and key (some 270 at 19 cards).

    >>> hands, cards, keys = lead_hands(parse_cards("3♠ 4♦ 5♣ 6♥ 7♠ 7♠"))
    >>> [hand.describe() for hand in hands], [format_cards(five) for five in cards]
    (['single 3', 'single 4', 'single 5', 'single 6', 'single 7', 'pair of 7s (suited)'], ['3♠ 4♦ 5♣ 6♥ 7♠'])
    """
    orders = tuple(sorted([card.order for card in cards]))
    poker: _PokerSets = ([], [])
    return _enumerate(orders, HAND_SIZES, True, 0, poker), poker[0], poker[1]


#: Where :func:`lead_hands` has :func:`_poker_hands_in` put each poker hand's cards and key.
_PokerSets = tuple[list[tuple[Card, ...]], list[tuple[int, ...]]]


#: How many answers :func:`hands_in` keeps: only the hands the seats hold now are asked about
#: again, and a larger bound keeps past rounds' hands alive for the cyclic garbage collector
#: (docs/performance.md: 256 in place of 4,096, 1.07x with 4 players, 1.19x with 7).
_ASKED_BOUND: Final = 1 << 8
#: :func:`hands_in`'s answers by what it was asked: (the cards' orders, sizes, jokers, including).
#: Only follows' answers are kept: a lead's are seldom asked again (docs/performance.md).
_ASKED: Final[dict[tuple[tuple[int, ...], tuple[int, ...], bool, Rank | None], tuple[Hand, ...]]] = {}


def _generate_hands(
    orders: tuple[int, ...], sizes: tuple[int, ...], jokers: bool, including: Rank | None
) -> list[Hand]:
    """:func:`hands_in`'s enumeration of the sorted ``orders``."""
    if including is None:
        if sizes == (1,):  # the commonest follow: singles alone
            singles = _singles_in(orders, jokers)
            if singles is not None:
                return singles
        return _enumerate(orders, sizes, jokers, 0)
    value = int(including)
    found = _enumerate(orders, sizes, jokers, 0 if value == _THIRTEEN or value == _JOKER else value)
    return [hand for hand in found if any(card.rank is including for card in hand.cards)]


def _enumerate(
    orders: tuple[int, ...], sizes: tuple[int, ...], jokers: bool, value: int, poker: _PokerSets | None = None
) -> list[Hand]:
    """Every distinct hand of the sorted ``orders``; with a natural ``value`` (0: any), only those
    that can hold a card of it, in the same order: its multiples and joker hands, and the poker
    hands :func:`_poker_hands_in` keeps for it (13s alone, other values and the natural joker
    hold none). With ``poker``, the poker hands' cards and keys go there instead (see
    :func:`lead_hands`)."""
    groups: dict[int, list[int]] = {}  # each natural value's orders, in game order
    wild: list[int] = []  # the 13s' orders
    joker = -1
    for order in orders:
        rank = order >> 4
        if rank == _THIRTEEN:
            wild.append(order)
        elif rank == _JOKER:
            joker = order
        elif rank in groups:
            groups[rank].append(order)
        else:
            groups[rank] = [order]
    found: list[Hand] = []
    small = [size for size in sizes if size <= 4]
    if small:
        # A value with fewer cards, 13s included, than the smallest size asked forms none of them.
        least = min(small)
        wilds = tuple(wild)
        multiples = [
            _multiples_of(tuple(group), wilds)
            for rank, group in groups.items()
            if (value == 0 or rank == value) and len(group) + len(wild) >= least
        ]
        if value == 0 and len(wild) >= least:
            multiples.append(_multiples_of((), wilds))
        for size in small:
            for by_size in multiples:
                found += by_size[size - 1]
    if 5 in sizes and len(orders) - orders.count(joker) >= 5:  # jokers (-1: none) take no part
        found += _poker_hands_in(groups, wild, value, poker)
    if jokers:
        if joker >= 0 and value == 0:
            found.append(_single(joker))
        for rank, group in groups.items():
            if value == 0 or rank == value:
                for size in range(5, len(group) + 1):
                    found += [classify_sorted(_cards(combo)) for combo in _distinct(group, size)]
    return found


def _singles_in(orders: tuple[int, ...], jokers: bool) -> list[Hand] | None:
    """:func:`_generate_hands` for singles alone, in one pass over the sorted ``orders``: each
    distinct card of a value, then each distinct 13, then (if ``jokers``) the joker. None where
    five or more cards share a value and ``jokers`` asks for joker hands, which the general path
    enumerates."""
    found: list[Hand] = []
    wild: list[Hand] = []
    joker = last = value = -1
    run = 0  # the cards so far of ``value`` (identical cards sit together, values too)
    for order in orders:
        rank = order >> 4
        if rank == value:
            run += 1
        else:
            value, run = rank, 1
        if order == last:
            if jokers and run >= 5 and rank != _THIRTEEN and rank != _JOKER:
                return None
            continue
        last = order
        if rank == _THIRTEEN:
            wild.append(_single(order))
        elif rank == _JOKER:
            joker = order
        else:
            if jokers and run >= 5:
                return None
            found.append(_single(order))
    found += wild
    if jokers and joker >= 0:
        found.append(_single(joker))
    return found


def _single(order: int) -> Hand:
    """The single card of ``order`` (what :func:`_multiples_of` gives as its singles)."""
    hand = _SINGLES[order]
    if hand is None:
        hand = _SINGLES[order] = classify_sorted(_cards((order,)))
    return hand


#: :func:`_single`'s hands, by order (made when first asked).
_SINGLES: Final[list[Hand | None]] = [None] * _ORDERS


def _distinct(orders: Sequence[int], size: int) -> Iterable[tuple[int, ...]]:
    """Every distinct choice of ``size`` of the sorted ``orders`` (copies repeated), each once, in
    game order: the choices of :func:`itertools.combinations` (lexicographic by place, so a value's
    copies are taken most first) with the repeats that identical cards make dropped.

    >>> list(_distinct((80, 80, 210), 2))
    [(80, 80), (80, 210)]
    """
    return dict.fromkeys(itertools.combinations(orders, size))


@functools.lru_cache(maxsize=1 << 12)
def _multiples_of(group: tuple[int, ...], wild: tuple[int, ...]) -> tuple[tuple[Hand, ...], ...]:
    """The singles, pairs, trips and quads of one value: the orders of its cards, ``group``, with
    the 13s of ``wild`` as wildcards, at least one natural card in each; with an empty group, the
    hands of 13s alone. Cached: hands share their groups of one value far more often than they
    share all their cards."""
    pool = group + wild
    return tuple(
        tuple(
            classify_sorted(_cards(sorted(combo)))
            for combo in _distinct(pool, size)
            if not group or combo[0] >> 4 != _THIRTEEN
        )
        for size in range(1, 5)
    )


def _poker_hands_in(
    groups: dict[int, list[int]], wild: list[int], value: int = 0, into: _PokerSets | None = None
) -> list[Hand]:
    """Every distinct poker hand: each is a straight (five values in a row, 13s filling gaps), a
    flush (one suit), or a full house / four of a kind (at most two natural values). ``groups``
    holds each natural value's orders (in game order, copies repeated), ``wild`` the 13s'. With a
    natural ``value`` (0: any), the windows, suits and pairs of values that cannot give a hand
    holding a card of it are skipped: every such hand is still found, at the same place in the
    order. Each set of five is read once per set of values (see the loop's comment). With
    ``into``, each hand's cards and key are added there and no hand is made."""
    combos: dict[tuple[int, ...], None] = {}  # distinct sets of five, each in game order
    distinct: dict[int, list[int]] = {}  # each value's distinct orders, found when a window asks

    def add(pool: list[int]) -> None:
        if pool == sorted(pool):  # each combination is then in game order already
            combos.update(dict.fromkeys(itertools.combinations(pool, 5)))
        else:
            for combo in itertools.combinations(pool, 5):
                combos[tuple(sorted(combo))] = None

    wild_total = len(wild)
    fills = {
        gaps: list(_distinct(wild, gaps))
        for gaps in range(min(wild_total, 4) + 1)
    } if wild_total else {0: [()]}
    windows = range(len(_CONSEC_VALUES) - 4) if len(groups) + wild_total >= 5 else range(0)
    present = 0  # the values held, as a bitmask over CONSEC_ORDER
    for rank in groups:
        present |= 1 << _CONSEC_POSITION[rank]
    lowest, highest = (0, len(_CONSEC_VALUES)) if value == 0 else (_CONSEC_POSITION[value] - 4, _CONSEC_POSITION[value])
    for low in windows:  # straights, by window
        if ((present >> low) & 0b11111).bit_count() + wild_total < 5:
            continue  # too few of the window's values, even with every 13 filling a gap
        if not lowest <= low <= highest:
            continue  # the window has no place for ``value``
        window = _CONSEC_VALUES[low : low + 5]
        for rank in window:
            if rank in groups and rank not in distinct:
                distinct[rank] = list(dict.fromkeys(groups[rank]))
        if not wild_total:  # five naturals, one per value of the window: in game order already
            combos.update(dict.fromkeys(itertools.product(*[distinct[rank] for rank in window])))
            continue
        gapped = [[*distinct.get(rank, []), -1] for rank in window]  # -1: a gap
        for picks in itertools.product(*gapped):
            naturals = [order for order in picks if order >= 0]
            gaps = 5 - len(naturals)
            if not naturals or gaps > wild_total:
                continue
            for fill in fills[gaps]:
                combos[tuple(sorted(naturals + list(fill)))] = None
    suits: dict[int, list[int]] = {}
    for group in [*groups.values(), wild]:
        for order in group:
            suits.setdefault((order >> 1) & 7, []).append(order)
    for pool in suits.values():  # flushes
        if len(pool) >= 5 and (value == 0 or any(order >> 4 == value for order in pool)):
            add(pool)
    # Full houses and fours of a kind: only values with enough cards (13s included) take part.
    floor = 5 - wild_total - max([len(group) for group in groups.values()], default=0)
    values = [rank for rank, group in groups.items() if len(group) >= floor]
    for i, first in enumerate(values):
        for second in values[i:]:
            if value != 0 and first != value and second != value:
                continue
            pool = groups[first] + (groups[second] if second != first else []) + wild
            if len(pool) >= 5:
                add(pool)
    # Each set of five read: a poker reading depends only on the values and on whether the five
    # share a suit, and the similarity only on the set of suits (see hands.reading), so each set
    # of values is read once (_learn: the fields hands.reading builds), from the first cards that
    # have it. _BY_VALUES remembers the reading by one sum of the cards' weights (_WEIGHT: the
    # values in its high bits, how many cards of each suit in its low bits: a machine int).
    found: list[Hand] = []
    for combo in combos:
        weight = 0
        for order in combo:
            weight += _WEIGHT[order]
        counts = weight & _SUIT_FIELDS  # how many cards of each suit
        signature = (weight >> _SUIT_BITS << 1) | (counts in _FLUSHES)
        known = _BY_VALUES.get(signature)
        if known is None:
            known = _learn(signature, combo)
        if known:
            kind, top, wild_count, key, read = known
            if into is not None:
                into[0].append(_cards(combo))
                into[1].append(key)
            else:
                found.append(Hand(kind, _cards(combo), top, wild_count, _SIMILARITY[counts], key, read))
    return found


def _learn(signature: int, combo: tuple[int, ...]) -> _Known | tuple[()]:
    """The reading of the five cards of orders ``combo`` (in game order, no joker) that
    ``signature`` stands for, remembered in ``_BY_VALUES``: the fields
    :func:`~spite_rules.hands.reading` gives a poker hand of them, taken straight from
    :func:`~spite_rules.hands._poker_reading` (what ``reading`` builds them from) without building
    the hand. Five cards form no poker hand when all are 13s, or all naturals of one value (a
    joker hand). A property test holds it to ``reading``."""
    naturals = [order >> 4 for order in combo if order >> 4 != _THIRTEEN]
    known: _Known | tuple[()] = ()
    if naturals and not (len(naturals) == 5 and len(set(naturals)) == 1):
        flush = len({(order >> 1) & 7 for order in combo}) == 1
        wilds = 5 - len(naturals)
        found = _poker_reading(tuple([_RANK[rank] for rank in sorted(naturals)]), wilds, flush)
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
    """The weight of the card of ``order``: 1 in its value's field (3 bits per value, above the
    suit fields) plus 1 in its suit's field."""
    rank, suit = order >> 4, (order >> 1) & 7
    return (1 << (_SUIT_BITS + 3 * (rank - 3))) + (1 << (3 * suit))


#: Each card order's weight, by order.
_WEIGHT: Final[list[int]] = [_card_weight(order) for order in range(_ORDERS)]
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

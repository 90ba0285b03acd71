"""What a set of cards forms when played together, and how hands rank.

Implements seed 000's "Valid Leading Hands", "Hand Rankings", "Wildcards" and the ranking part of
"Joker Hands". The decisions the seeds leave open are rulings H1-H9 in docs/rulings.md.

>>> classify(parse_cards("5♠ 5♦")).describe()
'pair of 5s (mixed)'
>>> classify(parse_cards("8♠ 9♦ 10♣ 11♥ 13♥")).describe()
'straight 7 to 11 (with one 13)'
>>> compare(classify(parse_cards("5♥ 5♦")), classify(parse_cards("5♠ 5♦"))) > 0
True
"""

from __future__ import annotations

import enum
import functools
import itertools
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence

import attrs

from spite_rules.cards import (
    _HashedByIdentity,
    CONSEC_ORDER,
    Card,
    Rank,
    Suit,
    _ORDER,
    consec_position,
    format_cards,
    sort_cards,
)
from spite_rules.errors import InvalidHand

__all__ = [
    "HandKind",
    "Similarity",
    "Hand",
    "classify",
    "compare",
    "similarity",
    "MULTIPLE_KINDS",
    "POKER_KINDS",
    "hands_in",
]


class HandKind(_HashedByIdentity, enum.Enum):
    """Every kind of hand the rules allow (seed 000, "Valid Leading Hands")."""

    SINGLE = "single"
    PAIR = "pair"
    TRIPS = "trips"
    QUADS = "quads"
    STRAIGHT = "straight"
    FULL_HOUSE = "full house"
    FLUSH = "flush"
    FOUR_OF_A_KIND = "four of a kind"
    STRAIGHT_FLUSH = "straight flush"
    JOKER = "joker hand"


#: Hands of one value: "a single card" and "two, three, or four cards of the same value".
MULTIPLE_KINDS = (HandKind.SINGLE, HandKind.PAIR, HandKind.TRIPS, HandKind.QUADS)
_MULTIPLE_BY_SIZE = dict(zip((1, 2, 3, 4), MULTIPLE_KINDS))
_MULTIPLE_KIND_SET = frozenset(MULTIPLE_KINDS)

#: Poker hands, from low to high. Seed 000: "Poker hands shall follow the usual poker ranking rules,
#: except: Flushes are ranked higher than full houses." (Ruling H5: the straight flush exists and
#: tops them; four of a kind stays above the flush.)
POKER_KINDS = (
    HandKind.STRAIGHT,
    HandKind.FULL_HOUSE,
    HandKind.FLUSH,
    HandKind.FOUR_OF_A_KIND,
    HandKind.STRAIGHT_FLUSH,
)
_POKER_ORDER = {kind: i for i, kind in enumerate(POKER_KINDS)}


class Similarity(enum.IntEnum):
    """How alike the cards of a multiple are, from low to high (seed 000, "Hand Rankings").

    "Mixed (a hand consisting of both black and red cards); Coloured (a hand consisting of cards of
    the same colour, but different suits); Suited (a hand consisting of cards of the same suit)".
    """

    MIXED = 0
    COLOURED = 1
    SUITED = 2


def similarity(cards: Iterable[Card]) -> Similarity:
    """The similarity of cards by their printed suits; 13s count with their own suit (ruling H1).

    >>> similarity(parse_cards("5♥ 5♦")), similarity(parse_cards("5♠ 13♥"))
    (<Similarity.COLOURED: 1>, <Similarity.MIXED: 0>)
    """
    return _similarity({card.suit for card in cards})


def _similarity(suits: set[Suit | None]) -> Similarity:
    if len(suits) <= 1:
        return Similarity.SUITED
    if suits <= _RED or not suits & _RED:
        return Similarity.COLOURED
    return Similarity.MIXED


_RED = frozenset({Suit.HEARTS, Suit.DIAMONDS})


@attrs.frozen(cache_hash=True)
class Hand:
    """A classified hand: its kind, the cards, and what it stands for.

    - ``value``: the face value of a multiple or joker hand of a value; the top of a straight, the
      trips of a full house, the quads of a four of a kind, the highest card of a flush; ``None``
      for a natural joker.
    - ``values``: for poker hands, the five values the hand is read as once its 13s are placed.
    - ``wilds``: how many 13s stand in as wildcards (0 for a natural hand, and for a hand of only
      13s, whose 13s are 13s).
    - ``key``: the ranking within its comparison class; :func:`compare` uses it.

    >>> hand = classify(parse_cards("9♣ 13♦"))
    >>> hand.kind, hand.value, hand.wilds, hand.is_natural
    (<HandKind.PAIR: 'pair'>, <Rank.NINE: 9>, 1, False)
    """

    kind: HandKind
    cards: tuple[Card, ...]
    value: Rank | None
    wilds: int
    similarity: Similarity
    key: tuple[int, ...]
    values: tuple[Rank, ...] = ()
    #: The number of cards: the arity a non-joker hand sets or must follow.
    size: int = attrs.field(init=False, eq=False, repr=False)
    #: A joker hand: a natural joker, or five or more natural cards of one value.
    is_joker: bool = attrs.field(init=False, eq=False, repr=False)
    #: A five-card poker hand.
    is_poker: bool = attrs.field(init=False, eq=False, repr=False)
    #: A single, pair, trips or quads: cards of one value (13s included as wildcards).
    is_multiple: bool = attrs.field(init=False, eq=False, repr=False)
    #: The face value every card shares (13s included only in a hand of 13s), or None.
    _face: Rank | None = attrs.field(init=False, eq=False, repr=False)
    #: :attr:`suits`, worked out when first asked (most hands are never asked).
    _suits: tuple[Suit | None, ...] | None = attrs.field(init=False, eq=False, repr=False, default=None)
    #: :meth:`describe`'s words, worked out when first asked (each play that stands asks).
    _description: str | None = attrs.field(init=False, eq=False, repr=False, default=None)

    def __attrs_post_init__(self) -> None:
        # Facts the trick asks for every candidate hand, worked out once (the hand is immutable).
        kind, cards = self.kind, self.cards
        first = cards[0].rank if cards else None
        put = object.__setattr__
        put(self, "size", len(cards))
        put(self, "is_joker", kind is HandKind.JOKER)
        put(self, "is_poker", kind in _POKER_ORDER)
        put(self, "is_multiple", kind in _MULTIPLE_KIND_SET)
        face = first
        for card in cards:
            if card.rank is not first:
                face = None
                break
        put(self, "_face", face)

    @property
    def is_natural(self) -> bool:
        """No 13 stands in as a wildcard (a hand of only 13s is natural 13s)."""
        return self.wilds == 0

    def is_natural_set_of(self, rank: Rank) -> bool:
        """Cards all of face value ``rank`` with no 13s: "a hand of natural 7s" (seed 000,
        "Game Direction"), "a hand consisting solely of natural 3s".

        >>> classify(parse_cards("7♠ 7♦")).is_natural_set_of(Rank.SEVEN)
        True
        >>> classify(parse_cards("7♠ 13♦")).is_natural_set_of(Rank.SEVEN)
        False
        """
        return self._face is rank

    @property
    def suits(self) -> tuple[Suit | None, ...]:
        """The suits of the cards as a sorted multiset (what a suited consec compares)."""
        suits = self._suits
        if suits is None:
            suits = tuple(sorted([card.suit for card in self.cards], key=_SUIT_KEY.__getitem__))
            object.__setattr__(self, "_suits", suits)
        return suits

    def describe(self) -> str:
        """Plain English, e.g. ``pair of 5s (mixed)``, ``4s full of Js (with one 13)``."""
        text = self._description
        if text is None:
            text = _describe(self)
            if self.wilds:
                text += f" (with {_count_words(self.wilds)} 13{'s' if self.wilds > 1 else ''})"
            object.__setattr__(self, "_description", text)
        return text

    def __str__(self) -> str:
        return f"{format_cards(self.cards)} ({self.describe()})"


#: The order :attr:`Hand.suits` lists suits in (by symbol; no suit first).
_SUIT_KEY: dict[Suit | None, str] = {None: "", **{suit: suit.value for suit in Suit}}


def _count_words(n: int) -> str:
    return {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}.get(n, str(n))


def _describe(hand: Hand) -> str:
    kind, value, values = hand.kind, hand.value, hand.values
    if kind is HandKind.SINGLE:
        assert value is not None
        return f"single {value.symbol}"
    if hand.is_multiple:
        assert value is not None
        return f"{kind.value} of {value.plural} ({hand.similarity.name.lower()})"
    if kind is HandKind.JOKER:
        if value is None:
            return "natural joker"
        return f"joker hand of {_count_words(hand.size)} {value.plural}"
    if kind in (HandKind.STRAIGHT, HandKind.STRAIGHT_FLUSH):
        return f"{kind.value} {values[0].symbol} to {values[-1].symbol}"
    if kind is HandKind.FULL_HOUSE:
        pair = next(v for v in values if v is not value)
        assert value is not None
        return f"{value.plural} full of {pair.plural}"
    if kind is HandKind.FOUR_OF_A_KIND:
        kicker = next(v for v in values if v is not value)
        assert value is not None
        return f"four {value.plural} with a {kicker.symbol}"
    return f"flush {'-'.join(v.symbol for v in reversed(values))}"


def classify(cards: Iterable[Card]) -> Hand:
    """Classify cards played together into a :class:`Hand`, or raise :class:`InvalidHand`.

    Seed 000, "Valid Leading Hands": a single card; two, three or four cards of the same value;
    poker hands of exactly five cards (straight, full house, flush, four-of-a-kind); a joker hand.
    "Wildcards": "any card X plus a 13 is considered a pair of Xs", and "When 13s are used in a
    poker hand, it shall always form the lowest valid hand."

    >>> classify(parse_cards("4♠ 4♦ J♣ J♥ 13♥")).describe()
    '4s full of Js (with one 13)'
    >>> classify(parse_cards("13♥ 13♦")).describe()
    'pair of 13s (coloured)'
    >>> classify(parse_cards("5♠ 6♠"))
    Traceback (most recent call last):
    ...
    spite_rules.errors.InvalidHand: 5♠ 6♠ is not a hand: two cards of different values (5 and 6)...

    The order the cards are given in does not matter. A fake joker's face counts like any card's.
    """
    return _classify(sort_cards(cards))


def _classify(cards: tuple[Card, ...]) -> Hand:
    """Classify cards already in :func:`sort_cards` order."""
    found = _reading(cards)
    if isinstance(found, str):
        raise InvalidHand(found)
    return found


@functools.lru_cache(maxsize=1 << 13)
def _reading(cards: tuple[Card, ...]) -> Hand | str:
    """The hand sorted ``cards`` form, or why they form none (cached either way)."""
    try:
        return _read(cards)
    except InvalidHand as error:
        return str(error)


def _read(cards: tuple[Card, ...]) -> Hand:
    if not cards:
        raise InvalidHand("an empty play is not a hand")
    size = len(cards)
    ranks = [card.rank for card in cards]
    if Rank.JOKER in ranks:
        if size == 1:
            return Hand(HandKind.JOKER, cards, None, 0, Similarity.SUITED, (0, 0))
        raise InvalidHand(
            f"{format_cards(cards)} is not a hand: a joker is a hand on its own and combines with "
            "no other card (ruling H9)"
        )
    wilds = ranks.count(Rank.THIRTEEN)
    naturals: list[Rank] = [rank for rank in ranks if rank is not Rank.THIRTEEN] if wilds else ranks
    natural_values = set(naturals)

    if not naturals:  # only 13s: "13 is ranked between 12 and J" (seed 000, "Wildcards")
        if size <= 4:
            return _multiple(cards, Rank.THIRTEEN, 0)
        raise InvalidHand(
            f"{format_cards(cards)} is not a hand: {size} 13s are no joker hand, because a joker "
            "hand needs five or more natural cards and 13s are not natural (ruling H8)"
        )
    if len(natural_values) == 1:
        (value,) = natural_values
        if size <= 4:
            return _multiple(cards, value, wilds)
        if wilds == 0:  # "Five or more natural cards of the same value are also joker hands"
            return Hand(
                HandKind.JOKER, cards, value, 0, similarity(cards), (size, value.value)
            )
    if size == 5:
        return _poker(cards, naturals, wilds)
    if size < 5:
        listed = " and ".join(sorted({rank.symbol for rank in naturals}, key=Rank.parse))
        raise InvalidHand(
            f"{format_cards(cards)} is not a hand: {_count_words(size)} cards of different values "
            f"({listed}); only a poker hand of exactly five cards may mix values"
        )
    raise InvalidHand(
        f"{format_cards(cards)} is not a hand: {size} cards are only a hand as a joker hand, "
        "which needs every card a natural card of one value (no 13s)"
    )


def _multiple(cards: tuple[Card, ...], value: Rank, wilds: int) -> Hand:
    """A single, pair, trips or quads of ``value``.

    Ranked "by the value", then (seed 000, "Wildcards") "a hand that includes one or more 13s is
    ranked lower than the natural version of that hand ... and a hand with more 13s is ranked lower
    than the same hand with fewer 13s", then by similarity (ruling H1: the 13 count comes before
    similarity). A single has no similarity to speak of: all suits are equal.
    """
    kind = _MULTIPLE_BY_SIZE[len(cards)]
    sim = similarity(cards) if len(cards) > 1 else Similarity.SUITED
    return Hand(kind, cards, value, wilds, sim, (int(value), -wilds, int(sim)))


# -- poker hands ------------------------------------------------------------------------------


def _poker(cards: tuple[Card, ...], naturals: list[Rank], wilds: int) -> Hand:
    suits = {card.suit for card in cards}
    flush = len(suits) == 1
    found = _poker_reading(tuple(sorted(naturals)), wilds, flush)
    if found is None:
        raise InvalidHand(
            f"{format_cards(cards)} is not a hand: five cards that form no straight, full house, "
            "flush or four of a kind"
        )
    kind, values, key, top = found
    return Hand(kind, cards, top, wilds, _similarity(suits), key, values)


#: A poker reading: the kind, the five values read, the ranking key, and the hand's value.
_Reading = tuple[HandKind, tuple[Rank, ...], tuple[int, ...], Rank]


@functools.lru_cache(maxsize=1 << 14)
def _poker_reading(values: tuple[Rank, ...], wilds: int, flush: bool) -> _Reading | None:
    """The reading of five cards from what decides it: the natural values (sorted), the number of
    13s, and whether all five share a suit. Many card sets share one, so it is cached."""
    found = _natural_poker(values, flush) if wilds == 0 else _lowest_wild_poker(values, wilds, flush)
    if found is None:
        return None
    kind, read, tiebreak = found
    return kind, read, (_POKER_ORDER[kind], *tiebreak, -wilds), _poker_value(kind, read)


#: A poker kind, the five values read, and the tiebreak within the kind.
_Kinded = tuple[HandKind, tuple[Rank, ...], tuple[int, ...]]


def _poker_value(kind: HandKind, values: tuple[Rank, ...]) -> Rank:
    counts = Counter(values)
    if kind in (HandKind.FULL_HOUSE, HandKind.FOUR_OF_A_KIND):
        return max(counts, key=lambda v: (counts[v], v))
    if kind in (HandKind.STRAIGHT, HandKind.STRAIGHT_FLUSH):
        return values[-1]
    return max(values)


def _straight_top(positions: list[int]) -> int | None:
    """The consec position of the top of the lowest straight the positions fit, or None.

    Ruling H6: straights run in the consec order (13 skipped), do not wrap, 3-4-5-6-7 is the lowest
    and J-Q-K-A-2 the highest.
    """
    if len(set(positions)) != len(positions):
        return None
    low, high = min(positions), max(positions)
    if high - low > 4:
        return None
    return max(high, 4)


def _straight_values(top: int) -> tuple[Rank, ...]:
    return CONSEC_ORDER[top - 4 : top + 1]


def _natural_poker(values: tuple[Rank, ...], flush: bool) -> _Kinded | None:
    """Five natural cards read the usual poker way: the highest kind they form."""
    counts = sorted(Counter(values).values(), reverse=True)
    top = _straight_top([consec_position(v) for v in values])
    straight = top is not None and top == max(consec_position(v) for v in values)
    if straight and top is not None:
        kind = HandKind.STRAIGHT_FLUSH if flush else HandKind.STRAIGHT
        return kind, values, (top,)
    if counts == [4, 1]:
        quads = Counter(values).most_common(1)[0][0]
        kicker = next(v for v in values if v is not quads)
        return HandKind.FOUR_OF_A_KIND, values, (quads.value, kicker.value)
    if flush:
        return HandKind.FLUSH, values, tuple(v.value for v in reversed(values))
    if counts == [3, 2]:
        by_count = Counter(values).most_common()
        return HandKind.FULL_HOUSE, values, (by_count[0][0].value, by_count[1][0].value)
    return None


def _lowest_wild_poker(naturals: tuple[Rank, ...], wilds: int, flush: bool) -> _Kinded | None:
    """The lowest poker hand the 13s can make (seed 000: "it shall always form the lowest valid
    hand"), across kinds as well as within one (ruling H4). A 13 takes any value but keeps its own
    suit, so it completes a flush only in its own suit."""
    counts = Counter(naturals)
    positions = [consec_position(rank) for rank in naturals]
    top = _straight_top(positions)
    if top is not None:
        return HandKind.STRAIGHT, _straight_values(top), (top,)
    # Full houses and fours of a kind hold at most two natural values, and only those values and
    # the two lowest values can be the lowest trips, pair, quads or kicker.
    options = sorted(set(counts) | set(CONSEC_ORDER[:2])) if len(counts) <= 2 else []
    for trips in options:  # full house: lowest trips, then lowest pair
        for pair in options:
            if pair is trips or counts[trips] > 3 or counts[pair] > 2:
                continue
            if counts[trips] + counts[pair] == len(naturals):
                values = tuple(sorted((trips,) * 3 + (pair,) * 2))
                return HandKind.FULL_HOUSE, values, (trips.value, pair.value)
    if flush:
        values = tuple(sorted(list(naturals) + [CONSEC_ORDER[0]] * wilds))
        return HandKind.FLUSH, values, tuple(v.value for v in reversed(values))
    for quads in options:
        for kicker in options:
            if kicker is quads or counts[quads] > 4 or counts[kicker] > 1:
                continue
            if counts[quads] + counts[kicker] == len(naturals):
                values = tuple(sorted((quads,) * 4 + (kicker,)))
                return HandKind.FOUR_OF_A_KIND, values, (quads.value, kicker.value)
    return None


# -- comparison -------------------------------------------------------------------------------


def compare(a: Hand, b: Hand) -> int:
    """Negative, zero or positive as ``a`` ranks below, level with, or above ``b`` (higher direction).

    Hands compare when they can meet in one trick: two hands of the same arity (a poker hand with a
    poker hand), or when either is a joker hand. Seed 000, "Joker Hands": "A natural joker is the
    lowest ranked joker hand. It can beat any non-joker hand ... Five or more natural cards of the
    same value are also joker hands, and are ranked higher than natural jokers. These joker hands
    are ranked by hand size, and then by numeric value within the same hand size."

    >>> pair_of = lambda text: classify(parse_cards(text))
    >>> compare(pair_of("5♠ 13♥"), pair_of("5♠ 5♥")) < 0   # wild below natural
    True
    >>> compare(pair_of("5♠ 5♥"), pair_of("5♣ 5♦")) == 0   # both mixed: level
    True

    Raises InvalidHand for hands that can never meet (e.g. a pair and a straight).
    """
    if a.is_joker or b.is_joker:
        if not (a.is_joker and b.is_joker):
            return 1 if a.is_joker else -1
    elif a.size != b.size:
        raise InvalidHand(
            f"a {a.kind.value} ({format_cards(a.cards)}) and a {b.kind.value} "
            f"({format_cards(b.cards)}) never meet in one trick: their arities differ"
        )
    return (a.key > b.key) - (a.key < b.key)


# -- enumeration ------------------------------------------------------------------------------


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
            joker = _classify((card,))
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
                    found += [_classify(combo) for combo in sub_multisets(by_value[rank], size)]
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
        found.append(_classify((joker,)))
    return found


def _single(card: Card) -> Hand:
    """The single ``card`` (what :func:`_multiples_of` gives as its singles), by the card's
    :attr:`~spite_rules.cards.Card.order`, which is one number per distinct card."""
    hand = _SINGLES.get(card.order)
    if hand is None:
        hand = _SINGLES[card.order] = _classify((card,))
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
            tuple(_classify(combo) for combo in sub_multisets(thirteens, size)) for size in range(1, 5)
        )
    return tuple(
        tuple(
            _classify(sort_cards(combo))
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
    readings = [_reading(cards) for cards in combos]
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

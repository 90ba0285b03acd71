"""What a set of cards forms when played together, and how hands rank.

Layer: Spite: values — may import the core, the cards and the errors.

Implements seed 000's "Valid Leading Hands", "Hand Rankings", "Wildcards" and the ranking part of
"Joker Hands". The decisions the seeds leave open are rulings H1-H9 in docs/rulings.md. Every hand a
set of cards can form (:func:`~spite_rules.hand_search.hands_in`) is :mod:`spite_rules.hand_search`'s, which builds on this one.

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
from collections.abc import Iterable
from typing import Any, Final

from spite_rules.card import _CONSEC_POSITION
from spite_rules.cards import CONSEC_ORDER, Card, Rank, Suit, format_cards, sort_cards
from spite_rules.core.frozen import Frozen, declare_fields
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
]


class HandKind(enum.Enum):
    """Every kind of hand the rules allow (seed 000, "Valid Leading Hands")."""

    __hash__ = object.__hash__  # members are singletons: hashed by identity, C-level

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
MULTIPLE_KINDS: Final = (HandKind.SINGLE, HandKind.PAIR, HandKind.TRIPS, HandKind.QUADS)
_MULTIPLE_BY_SIZE: Final = dict(zip((1, 2, 3, 4), MULTIPLE_KINDS))
_MULTIPLE_KIND_SET: Final = frozenset(MULTIPLE_KINDS)

#: Poker hands, from low to high. Seed 000: "Poker hands shall follow the usual poker ranking rules,
#: except: Flushes are ranked higher than full houses." (Ruling H5: the straight flush exists and
#: tops them; four of a kind stays above the flush.)
POKER_KINDS: Final = (
    HandKind.STRAIGHT,
    HandKind.FULL_HOUSE,
    HandKind.FLUSH,
    HandKind.FOUR_OF_A_KIND,
    HandKind.STRAIGHT_FLUSH,
)
_POKER_ORDER: Final = {kind: i for i, kind in enumerate(POKER_KINDS)}


class Similarity(enum.IntEnum):
    """How alike the cards of a multiple are, from low to high (seed 000, "Hand Rankings").

    "Mixed (a hand consisting of both black and red cards); Coloured (a hand consisting of cards of
    the same colour, but different suits); Suited (a hand consisting of cards of the same suit)".
    """

    MIXED = 0
    COLOURED = 1
    SUITED = 2


def similarity(cards: Iterable[Card]) -> Similarity:
    """Ruling H1, how alike the cards' suits are: see :func:`spite_rules.public.similarity`."""
    return _similarity({card.suit for card in cards})


def _similarity(suits: set[Suit | None]) -> Similarity:
    if len(suits) <= 1:
        return Similarity.SUITED
    if suits <= _RED or not suits & _RED:
        return Similarity.COLOURED
    return Similarity.MIXED


_RED: Final = frozenset({Suit.HEARTS, Suit.DIAMONDS})


class Hand(Frozen):
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
    values: tuple[Rank, ...]
    #: The number of cards: the arity a non-joker hand sets or must follow.
    size: int
    #: A joker hand: a natural joker, or five or more natural cards of one value.
    is_joker: bool
    #: A five-card poker hand.
    is_poker: bool
    #: A single, pair, trips or quads: cards of one value (13s included as wildcards).
    is_multiple: bool
    #: The face value every card shares (13s included only in a hand of 13s), or None.
    _face: Rank | None
    #: :attr:`suits`, worked out when first asked (most hands are never asked).
    _suits: tuple[Suit | None, ...] | None
    #: :meth:`describe`'s words, worked out when first asked (each play that stands asks).
    _description: str | None
    #: The hash, worked out when first asked (-1 before; Python never gives -1).
    _hash: int

    def __init__(
        self,
        kind: HandKind,
        cards: tuple[Card, ...],
        value: Rank | None,
        wilds: int,
        similarity: Similarity,
        key: tuple[int, ...],
        values: tuple[Rank, ...] = (),
    ) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "value", value)
        object.__setattr__(self, "wilds", wilds)
        object.__setattr__(self, "similarity", similarity)
        object.__setattr__(self, "key", key)
        object.__setattr__(self, "values", values)
        # Facts the trick asks for every candidate hand, worked out once (the hand is immutable).
        object.__setattr__(self, "size", len(cards))
        object.__setattr__(self, "is_joker", kind is HandKind.JOKER)
        object.__setattr__(self, "is_poker", kind in _POKER_ORDER)
        object.__setattr__(self, "is_multiple", kind in _MULTIPLE_KIND_SET)
        face = cards[0].rank if cards else None
        for card in cards:
            if card.rank is not face:
                face = None
                break
        object.__setattr__(self, "_face", face)
        object.__setattr__(self, "_suits", None)
        object.__setattr__(self, "_description", None)
        object.__setattr__(self, "_hash", -1)

    def __hash__(self) -> int:
        known = self._hash
        if known == -1:
            known = super().__hash__()
            object.__setattr__(self, "_hash", known)
        return known

    def _values(self) -> tuple[Any, ...]:
        return (self.kind, self.cards, self.value, self.wilds, self.similarity, self.key, self.values)

    @property
    def is_natural(self) -> bool:
        """No 13 stands in as a wildcard (a hand of only 13s is natural 13s)."""
        return self.wilds == 0

    def is_natural_set_of(self, rank: Rank) -> bool:
        """Cards all of face value ``rank`` with no 13s: "a hand of natural 7s" (seed 000,
        "Game Direction"), "a hand consisting solely of natural 3s". A single up to a joker hand
        of five or more (ruling T12); never a poker hand, which holds two values at least.

        >>> classify(parse_cards("7♠ 7♦")).is_natural_set_of(Rank.SEVEN)
        True
        >>> classify(parse_cards("7♠ 13♦")).is_natural_set_of(Rank.SEVEN)
        False
        >>> classify(parse_cards("3♠ 3♠ 3♦ 3♣ 3♥")).is_natural_set_of(Rank.THREE)
        True
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


declare_fields(
    Hand,
    ("kind", HandKind), ("cards", tuple[Card, ...]), ("value", Rank | None), ("wilds", int),
    ("similarity", Similarity), ("key", tuple[int, ...]), ("values", tuple[Rank, ...], ()),
    ("size", int), ("is_joker", bool), ("is_poker", bool), ("is_multiple", bool),
    ("_face", Rank | None), ("_suits", tuple[Suit | None, ...] | None, None),
    ("_description", str | None, None), ("_hash", int, -1),
    computed=("size", "is_joker", "is_poker", "is_multiple", "_face"),
    hidden=("_suits", "_description", "_hash"),
)

#: The order :attr:`Hand.suits` lists suits in (by symbol; no suit first).
_SUIT_KEY: Final[dict[Suit | None, str]] = {None: "", **{suit: suit.value for suit in Suit}}


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
    """Seed 000, "Valid Leading Hands", "Wildcards": see :func:`spite_rules.public.classify`."""
    return classify_sorted(sort_cards(cards))


def classify_sorted(cards: tuple[Card, ...]) -> Hand:
    """Classify cards already in :func:`sort_cards` order."""
    found = reading(cards)
    if isinstance(found, str):
        raise InvalidHand(found)
    return found


@functools.lru_cache(maxsize=1 << 13)
def reading(cards: tuple[Card, ...]) -> Hand | str:
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
            return Hand(HandKind.JOKER, cards, value, 0, similarity(cards), (size, int(value)))
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
    """The value a poker hand of the five sorted ``values`` stands for (see :class:`Hand`): the
    trips of a full house or the quads of a four of a kind (the middle one of five sorted values
    is theirs), the top of a straight, the highest card of a flush."""
    if kind is HandKind.FULL_HOUSE or kind is HandKind.FOUR_OF_A_KIND:
        return values[2]
    return values[-1]


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


def _natural_poker(values: tuple[Rank, ...], flush: bool) -> _Kinded | None:
    """Five natural cards read the usual poker way: the highest kind they form."""
    positions = [_CONSEC_POSITION[v] for v in values]
    top = _straight_top(positions)
    if top is not None and top == max(positions):
        kind = HandKind.STRAIGHT_FLUSH if flush else HandKind.STRAIGHT
        return kind, values, (top,)
    counts = sorted([values.count(v) for v in set(values)], reverse=True)
    middle = values[2]  # of five sorted values, one of the quads or the trips if there are any
    if counts == [4, 1]:
        kicker = next(v for v in values if v is not middle)
        return HandKind.FOUR_OF_A_KIND, values, (int(middle), int(kicker))
    if flush:
        return HandKind.FLUSH, values, tuple([int(v) for v in reversed(values)])
    if counts == [3, 2]:
        pair = next(v for v in values if v is not middle)
        return HandKind.FULL_HOUSE, values, (int(middle), int(pair))
    return None


def _lowest_wild_poker(naturals: tuple[Rank, ...], wilds: int, flush: bool) -> _Kinded | None:
    """The lowest poker hand the 13s can make (seed 000: "it shall always form the lowest valid
    hand"), across kinds as well as within one (ruling H4). A 13 takes any value but keeps its own
    suit, so it completes a flush only in its own suit."""
    counts = {rank: naturals.count(rank) for rank in naturals}
    positions = [_CONSEC_POSITION[rank] for rank in naturals]
    top = _straight_top(positions)
    if top is not None:
        return HandKind.STRAIGHT, CONSEC_ORDER[top - 4 : top + 1], (top,)
    # Full houses and fours of a kind hold at most two natural values, and only those values and
    # the two lowest values can be the lowest trips, pair, quads or kicker.
    options = sorted(set(counts) | set(CONSEC_ORDER[:2])) if len(counts) <= 2 else []
    for low in CONSEC_ORDER[:2]:
        counts.setdefault(low, 0)  # the two lowest values, which 13s alone may stand for
    for trips in options:  # full house: lowest trips, then lowest pair
        for pair in options:
            if pair is trips or counts[trips] > 3 or counts[pair] > 2:
                continue
            if counts[trips] + counts[pair] == len(naturals):
                values = tuple(sorted((trips,) * 3 + (pair,) * 2))
                return HandKind.FULL_HOUSE, values, (int(trips), int(pair))
    if flush:
        values = tuple(sorted(list(naturals) + [CONSEC_ORDER[0]] * wilds))
        return HandKind.FLUSH, values, tuple([int(v) for v in reversed(values)])
    for quads in options:
        for kicker in options:
            if kicker is quads or counts[quads] > 4 or counts[kicker] > 1:
                continue
            if counts[quads] + counts[kicker] == len(naturals):
                values = tuple(sorted((quads,) * 4 + (kicker,)))
                return HandKind.FOUR_OF_A_KIND, values, (int(quads), int(kicker))
    return None


# -- comparison -------------------------------------------------------------------------------


def compare(a: Hand, b: Hand) -> int:
    """Seed 000, "Joker Hands", how two hands rank: see :func:`spite_rules.public.compare`."""
    if a.is_joker or b.is_joker:
        if not (a.is_joker and b.is_joker):
            return 1 if a.is_joker else -1
    elif a.size != b.size:
        raise InvalidHand(
            f"a {a.kind.value} ({format_cards(a.cards)}) and a {b.kind.value} "
            f"({format_cards(b.cards)}) never meet in one trick: their arities differ"
        )
    return (a.key > b.key) - (a.key < b.key)

"""Cards, ranks, suits, their notation, and the 189-card Spite deck.

Layer: shared values — used by both games: imports nothing of theirs.

Seed 000, "The Deck": "The Spite deck is approximately 3 'six-handed 500' decks combined (63 cards
each, a total of 189 cards). Each 63-card deck includes: a regular 52-card deck; 11s and 12s of each
suit; 13♥ and 13♦; a joker."

Three decks mean identical cards exist: two ``Card("5", "♠")`` are equal, and a hand is a multiset.

>>> Card("10", "S")
Card('10♠')
>>> parse_cards("13h, q♦ JK")
(Card('13♥'), Card('Q♦'), Card('🃏'))
>>> len(spite_deck())
189
"""

from __future__ import annotations

import enum
import functools
import operator
from collections.abc import Callable, Iterable

from attrs.exceptions import FrozenInstanceError

from spite_rules.errors import IllegalAction, NotationError, kind_of, shown

__all__ = [
    "Colour",
    "Suit",
    "Rank",
    "Card",
    "GAME_ORDER",
    "CONSEC_ORDER",
    "consec_position",
    "parse_card",
    "parse_cards",
    "cards_of",
    "format_cards",
    "spite_deck",
    "standard_deck",
    "sort_cards",
    "card_sort_key",
]


class Colour(enum.Enum):
    """The colour of a suit: similarity is judged by colour and suit."""

    BLACK = "black"
    RED = "red"


class Suit(enum.Enum):
    """The four suits. All suits are equal in ranking; they matter for similarity and suited consecs."""

    __hash__ = object.__hash__  # members are singletons: hashed by identity, C-level

    SPADES = "♠"
    HEARTS = "♥"
    DIAMONDS = "♦"
    CLUBS = "♣"

    @property
    def colour(self) -> Colour:
        """``Suit.HEARTS.colour is Colour.RED``."""
        return Colour.RED if self in (Suit.HEARTS, Suit.DIAMONDS) else Colour.BLACK

    @property
    def symbol(self) -> str:
        """The Unicode symbol, e.g. ``♠``."""
        return self.value

    @property
    def letter(self) -> str:
        """The ASCII letter, e.g. ``S``."""
        return _SUIT_LETTERS[self]

    @classmethod
    def parse(cls, text: object) -> Suit:
        """``Suit.parse("h") is Suit.HEARTS``; raises NotationError for anything else."""
        if type(text) is not str:
            raise NotationError(_not_text("a suit", "'♠' or 'S'", text))
        try:
            return _SUIT_BY_TEXT[text.replace("\ufe0f", "").upper()]
        except KeyError:
            raise NotationError(f"{text!r} is not a suit (use ♠ ♥ ♦ ♣ or S H D C)") from None


_SUIT_LETTERS = {Suit.SPADES: "S", Suit.HEARTS: "H", Suit.DIAMONDS: "D", Suit.CLUBS: "C"}
_SUIT_BY_TEXT = {**{s.value: s for s in Suit}, **{v: s for s, v in _SUIT_LETTERS.items()}}


class Rank(enum.IntEnum):
    """Face values, numbered in game order so that ``<`` is "ranks below".

    Seed 000, "Hand Rankings": "Individual cards are ranked by their face value, with 3 being the
    lowest and 2 being the highest (i.e. 3 to 13, J, Q, K, A, 2)". The joker is not a face value
    and ranks above them all (it is only ever compared as a joker hand).

    >>> Rank.THIRTEEN < Rank.JACK < Rank.TWO
    True
    """

    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    ELEVEN = 11
    TWELVE = 12
    THIRTEEN = 13
    JACK = 14
    QUEEN = 15
    KING = 16
    ACE = 17
    TWO = 18
    JOKER = 19

    @property
    def symbol(self) -> str:
        """The notation, e.g. ``10``, ``13``, ``J``, ``2``; the joker is ``JK``."""
        return _RANK_SYMBOLS[self]

    @property
    def plural(self) -> str:
        """``Rank.SIX.plural == "6s"``, for messages."""
        return "jokers" if self is Rank.JOKER else f"{self.symbol}s"

    @classmethod
    def parse(cls, text: object) -> Rank:
        """``Rank.parse("t") is Rank.TEN``; raises NotationError for anything else."""
        if type(text) is not str:
            raise NotationError(_not_text("a rank", "'10' or 'T'", text))
        try:
            return _RANK_BY_TEXT[text.upper()]
        except KeyError:
            raise NotationError(
                f"{text!r} is not a rank (use 2-13, J, Q, K, A, T for 10, or JK for the joker)"
            ) from None


_RANK_SYMBOLS = {r: str(r.value) for r in Rank if r.value <= 13}
_RANK_SYMBOLS.update(
    {Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K", Rank.ACE: "A", Rank.TWO: "2", Rank.JOKER: "JK"}
)
_RANK_BY_TEXT = {symbol: rank for rank, symbol in _RANK_SYMBOLS.items()}
_RANK_BY_TEXT["T"] = Rank.TEN

#: Every face value from lowest to highest (seed 000, "Hand Rankings"). The joker is not included.
GAME_ORDER: tuple[Rank, ...] = tuple(r for r in Rank if r is not Rank.JOKER)

#: The order in which values follow one another in straights and numerical consecs: 13 is skipped.
#: Seed 000, "Numerical Consec": "13s are not part of the ranking when determining numerical
#: consecutiveness, i.e. the card ranked immediately after 12 is J."
CONSEC_ORDER: tuple[Rank, ...] = tuple(r for r in GAME_ORDER if r is not Rank.THIRTEEN)

#: The place in :data:`CONSEC_ORDER` of each value, by its int (-1: 13s, the joker, and no value):
#: the one consec-order table (:func:`consec_position`; the hand search reads it by a card's
#: ``order >> 4``).
_CONSEC_POSITION: tuple[int, ...] = tuple(
    CONSEC_ORDER.index(Rank(value)) if value in CONSEC_ORDER else -1 for value in range(Rank.JOKER + 1)
)


def consec_position(rank: Rank) -> int:
    """The place of ``rank`` in :data:`CONSEC_ORDER` (3 is 0, 12 is 9, J is 10, 2 is 14).

    >>> consec_position(Rank.JACK) - consec_position(Rank.TWELVE)
    1

    Raises ValueError for 13 and the joker, which have no place in the sequence.
    """
    position = _CONSEC_POSITION[rank] if 0 <= rank < len(_CONSEC_POSITION) else -1
    if position < 0:
        raise ValueError(f"{rank.plural} have no place in the consec order")
    return position


_SUIT_ORDER: dict[Suit | None, int] = {
    None: 0, Suit.CLUBS: 1, Suit.DIAMONDS: 2, Suit.HEARTS: 3, Suit.SPADES: 4,
}


def _to_rank(value: object) -> Rank:
    if isinstance(value, Rank):
        return value
    if isinstance(value, int) and not isinstance(value, bool):
        return Rank.parse(str(value))
    return Rank.parse(value)  # NotationError naming anything else


def _to_suit(value: object) -> Suit | None:
    if value is None or isinstance(value, Suit):
        return value
    return Suit.parse(value)


class Card:
    """One card: a rank and a suit (jokers have no suit), and which back it has.

    ``fake`` marks a fake joker: a card with the other back design (seed 000, "Fake Jokers"). A fake
    joker shows a face like any card but is never part of a regular hand.

    >>> Card("5", "♠") == Card(Rank.FIVE, Suit.SPADES)
    True
    >>> Card("JK").is_joker, Card("13", "H").is_thirteen
    (True, True)

    A frozen value written by hand rather than with ``attrs.frozen`` (docs/performance.md, "Cards
    and hands"): compiled, its fields are a C struct the engine reads natively, where an attrs
    class's are a generic attribute lookup (some 40 a Spite action). It compares and hashes by
    :attr:`order`, which says rank, suit and back in one int, and refuses assignment as attrs does.
    """

    rank: Rank
    suit: Suit | None
    fake: bool
    #: The card's place in :func:`sort_cards` order, computed once: ``rank * 16 + suit * 2 + fake``.
    order: int

    def __init__(self, rank: object, suit: object = None, *, fake: object = False) -> None:
        # the parameters are typed object so that this door, not the compiled build's argument
        # check, refuses a wrong type, naming it
        face = _to_rank(rank)
        colour = _to_suit(suit)
        if type(fake) is not bool:
            raise NotationError(f"Card.fake must be true or false, not {shown(fake)}")
        if face is Rank.JOKER and colour is not None:
            raise NotationError(f"a joker has no suit (got {colour.value})")
        if face is not Rank.JOKER and colour is None:
            raise NotationError(f"a {face.symbol} needs a suit")
        object.__setattr__(self, "rank", face)
        object.__setattr__(self, "suit", colour)
        object.__setattr__(self, "fake", fake)
        object.__setattr__(self, "order", face.value * 16 + _SUIT_ORDER[colour] * 2 + fake)

    def __setattr__(self, name: str, value: object) -> None:
        raise FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.order == other.order

    def __ne__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.order != other.order

    def __hash__(self) -> int:
        return self.order

    def __reduce__(self) -> tuple[Callable[[str], Card], tuple[str]]:
        return (parse_card, (self.ascii,))

    @property
    def is_joker(self) -> bool:
        """A (natural) joker face."""
        return self.rank is Rank.JOKER

    @property
    def is_thirteen(self) -> bool:
        """A 13: the wildcard of seed 000, "Wildcards"."""
        return self.rank is Rank.THIRTEEN

    @property
    def colour(self) -> Colour | None:
        """The suit's colour; ``None`` for a joker."""
        return None if self.suit is None else self.suit.colour

    def as_fake(self) -> Card:
        """The same face on the fake-joker back: ``Card("4", "♣").as_fake()`` prints ``~4♣``."""
        return Card(self.rank, self.suit, fake=True)

    def as_real(self) -> Card:
        """The same face on the ordinary back."""
        return Card(self.rank, self.suit, fake=False)

    def __str__(self) -> str:
        face = "🃏" if self.suit is None else f"{self.rank.symbol}{self.suit.value}"
        return f"~{face}" if self.fake else face

    @property
    def ascii(self) -> str:
        """ASCII notation: ``10S``, ``13H``, ``JK``, ``~4C`` for a fake joker."""
        face = "JK" if self.suit is None else f"{self.rank.symbol}{self.suit.letter}"
        return f"~{face}" if self.fake else face

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"


#: :func:`card_sort_key` as a C-level getter, for sorting in the engine's hot paths.
_ORDER: Callable[[Card], int] = operator.attrgetter("order")


def card_sort_key(card: Card) -> int:
    """The key of :func:`sort_cards`: game order, then suit (♣ ♦ ♥ ♠), real before fake.

    >>> card_sort_key(Card("4", "♣")) < card_sort_key(Card("4", "♠")) < card_sort_key(Card("5", "♣"))
    True
    """
    return card.order


def sort_cards(cards: Iterable[Card]) -> tuple[Card, ...]:
    """Cards in game order (low to high, then by suit), the order hands are kept and printed in.

    >>> sort_cards(parse_cards("2♠ 3♦ 13♥ J♣"))
    (Card('3♦'), Card('13♥'), Card('J♣'), Card('2♠'))
    """
    return tuple(sorted(cards, key=_ORDER))


def parse_card(text: str) -> Card:
    """Read one card in Unicode or ASCII notation.

    Ranks ``2``-``13``, ``J Q K A`` (``T`` or ``10`` for ten), suits ``♠ ♥ ♦ ♣`` or ``S H D C`` in
    either case; the joker is ``JK`` or ``🃏``. A leading ``~`` marks a fake joker (the other back).

    >>> parse_card("10s"), parse_card("Th"), parse_card("jk"), parse_card("~4♣")
    (Card('10♠'), Card('10♥'), Card('🃏'), Card('~4♣'))

    Raises NotationError naming the token, e.g. for ``"1♠"`` or ``"5"``, and for anything that is
    not a string (bytes, None, a number):

    >>> parse_card(b"3S")
    Traceback (most recent call last):
    ...
    spite_rules.errors.NotationError: a card is written as a string like '3♠' or '3S', not b'3S' (a bytes)
    """
    if type(text) is not str:
        raise NotationError(_not_text("a card", "'3♠' or '3S'", text))
    token = text.strip()
    body = token[1:] if token.startswith("~") else token
    fake = body is not token
    body = body.replace("\ufe0f", "")
    if not body:
        raise NotationError(f"{text!r} is not a card: it is empty")
    if body == "🃏" or body.upper() == "JK":
        return Card(Rank.JOKER, None, fake=fake)
    if len(body) < 2:
        raise NotationError(f"{text!r} is not a card: it needs a rank and a suit, like 5♠ or 5S")
    rank_text, suit_text = body[:-1], body[-1]
    try:
        rank = Rank.parse(rank_text)
        suit = Suit.parse(suit_text)
    except NotationError as error:
        raise NotationError(f"{text!r} is not a card: {error}") from None
    if rank is Rank.JOKER:
        raise NotationError(f"{text!r} is not a card: a joker has no suit")
    return Card(rank, suit, fake=fake)


def _not_text(what: str, example: str, value: object) -> str:
    """The message for notation given as something other than a string."""
    verb = "are" if what == "cards" else "is"
    return f"{what} {verb} written as a string like {example}, not {shown(value)} ({kind_of(value)})"


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by whitespace and/or commas, in the order given.

    >>> parse_cards("5♠ 5♦, 13H")
    (Card('5♠'), Card('5♦'), Card('13♥'))
    >>> parse_cards("")
    ()
    """
    if type(text) is not str:
        raise NotationError(_not_text("cards", "'5♠ 5♦'", text))
    return tuple(parse_card(token) for token in text.replace(",", " ").split())


def cards_of(cards: str | Iterable[Card | str]) -> tuple[Card, ...]:
    """Cards given in notation (``"5♠ 5♦"``) or as an iterable of cards, each a
    :class:`Card` or one card in notation, in the order given. Anything else
    (bytes, a number, None, a list inside the list) raises NotationError naming it.

    >>> cards_of(["9♠", "3♦"])
    (Card('9♠'), Card('3♦'))
    >>> cards_of([["7♥"]])
    Traceback (most recent call last):
    ...
    spite_rules.errors.NotationError: a card is written as a string like '3♠' or '3S', not ['7♥'] (a list)
    """
    if isinstance(cards, str):
        return parse_cards(cards)
    try:
        if isinstance(cards, (bytes, bytearray, Card)):
            raise TypeError
        items = tuple(cards)
    except TypeError:
        raise NotationError(_not_text("cards", "'5♠ 5♦' (or a list of cards)", cards)) from None
    if set(map(type, items)) <= {Card}:  # all cards (a loop in C: a deck is 200 of them)
        return items  # type: ignore[return-value]
    return tuple(item if type(item) is Card else parse_card(item) for item in items)  # type: ignore[arg-type]


def format_cards(cards: Iterable[Card]) -> str:
    """Cards in notation, space-separated: ``format_cards(parse_cards("5s 5d")) == "5♠ 5♦"``.

    >>> format_cards(parse_cards("10s jk"))
    '10♠ 🃏'
    """
    return " ".join(str(card) for card in cards)


_STANDARD_RANKS = (
    Rank.TWO, Rank.THREE, Rank.FOUR, Rank.FIVE, Rank.SIX, Rank.SEVEN, Rank.EIGHT, Rank.NINE,
    Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE,
)


@functools.cache
def six_handed_500_deck() -> tuple[Card, ...]:
    """One 63-card six-handed 500 deck: 52 regular cards, 11s and 12s of each suit, 13♥ 13♦, a joker.

    Built once: every deal then holds the same card objects, so identical cards are one object and
    the engine's comparisons and cache lookups of cards succeed on identity.
    """
    cards = [Card(rank, suit) for suit in Suit for rank in _STANDARD_RANKS]
    cards += [Card(rank, suit) for suit in Suit for rank in (Rank.ELEVEN, Rank.TWELVE)]
    cards += [Card(Rank.THIRTEEN, Suit.HEARTS), Card(Rank.THIRTEEN, Suit.DIAMONDS)]
    cards.append(Card(Rank.JOKER))
    return tuple(cards)


def spite_deck(decks: int = 3) -> tuple[Card, ...]:
    """The Spite deck: ``decks`` six-handed 500 decks combined, in a fixed (unshuffled) order.

    >>> deck = spite_deck()
    >>> len(deck), deck.count(Card("JK")), sum(c.is_thirteen for c in deck)
    (189, 3, 6)
    """
    if type(decks) is not int or decks < 1:
        raise IllegalAction(f"a Spite deck needs at least one 63-card deck (got decks={shown(decks)})")
    return six_handed_500_deck() * decks


@functools.cache
def _standard_pack() -> tuple[Card, ...]:
    return tuple(Card(rank, suit) for suit in Suit for rank in _STANDARD_RANKS)


def standard_deck(decks: int = 1, jokers: int = 0) -> tuple[Card, ...]:
    """``decks`` standard 52-card packs and ``jokers`` jokers in all, in a fixed (unshuffled) order:
    the cards of Spite and Malice (seed 003: "Two 52 card packs"; its book version's pack B is
    ``standard_deck(1, jokers=4)``; seed 002: "two standard poker decks, including the jokers").

    >>> deck = standard_deck(2, jokers=4)
    >>> len(deck), deck.count(parse_card("K♠")), deck.count(parse_card("JK"))
    (108, 2, 4)
    """
    if type(decks) is not int or type(jokers) is not int or decks < 0 or jokers < 0 or decks + jokers == 0:
        raise IllegalAction(f"a deck needs some cards (got decks={shown(decks)}, jokers={shown(jokers)})")
    return _standard_pack() * decks + (Card(Rank.JOKER),) * jokers

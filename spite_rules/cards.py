"""Cards, ranks, suits, their notation, and the 189-card Spite deck (the values themselves are
:mod:`spite_rules.card`'s, compiled in the compiled build; this module re-exports them).

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

import functools
import operator
from collections.abc import Callable, Iterable

from spite_rules.card import _CONSEC_POSITION, CONSEC_ORDER, GAME_ORDER, Card, Colour, Rank, Suit, _not_text
from spite_rules.errors import IllegalAction, NotationError, shown

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
_STANDARD_PACK = tuple(Card(rank, suit) for suit in Suit for rank in _STANDARD_RANKS)


@functools.cache
def six_handed_500_deck() -> tuple[Card, ...]:
    """One 63-card six-handed 500 deck: 52 regular cards, 11s and 12s of each suit, 13♥ 13♦, a joker.
    Built once: every deal holds the same card objects (identical cards are one object)."""
    cards = list(_STANDARD_PACK)
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
    return _STANDARD_PACK * decks + (Card(Rank.JOKER),) * jokers

"""One card as a value: its rank, suit and back (:class:`Card`), the ranks and suits, and the game
and consec orders of the values.

Layer: shared values — used by both games: imports nothing of theirs (only the errors).

A module the compiled build compiles (docs/performance.md, "Cards, hands and actions native").
Their notation, the decks and sorting are :mod:`spite_rules.cards`', which re-exports these and is
where everyone imports them from.

>>> Card("10", "S"), Card(Rank.JOKER), Rank.THIRTEEN < Rank.JACK
(Card('10♠'), Card('🃏'), True)
"""

from __future__ import annotations

import enum
from collections.abc import Callable

from attrs.exceptions import FrozenInstanceError

from spite_rules.errors import NotationError, kind_of, shown

__all__ = ["Colour", "Suit", "Rank", "Card", "GAME_ORDER", "CONSEC_ORDER"]


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

    A frozen value written by hand rather than with ``attrs.frozen``, so that compiled code reads
    its fields natively (see the module). It compares and hashes by :attr:`order`, which says rank,
    suit and back in one int, and refuses assignment as attrs does.
    """

    rank: Rank
    suit: Suit | None
    fake: bool
    #: The card's place in :func:`sort_cards` order, computed once: ``rank * 16 + suit * 2 + fake``.
    order: int

    def __init__(self, rank: object, suit: object = None, *, fake: object = False) -> None:
        # typed object: this door, not the compiled build's argument check, names a wrong type
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

    def __hash__(self) -> int:
        return self.order

    def __reduce__(self) -> tuple[Callable[[Rank, Suit | None, bool], Card], tuple[Rank, Suit | None, bool]]:
        return (_made, (self.rank, self.suit, self.fake))

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


def _not_text(what: str, example: str, value: object) -> str:
    """The message for notation given as something other than a string."""
    verb = "are" if what == "cards" else "is"
    return f"{what} {verb} written as a string like {example}, not {shown(value)} ({kind_of(value)})"


def _made(rank: Rank, suit: Suit | None, fake: bool) -> Card:
    """A pickled card read back (``fake`` is keyword-only in :class:`Card`)."""
    return Card(rank, suit, fake=fake)

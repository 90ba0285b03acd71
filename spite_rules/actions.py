"""What a seat can do: the actions ``apply`` takes and ``legal_moves`` offers.

Layer: Spite: values — may import the core, the cards and the errors.

Every action carries ``player`` (the seat acting). Cards are given in notation or as
:class:`~spite_rules.cards.Card` objects; announcements are the words said with the play.

>>> print(Play(2, "7♠ 7♦", direction="lower"))
seat 2: 7♦ 7♠ "lower"
>>> Pass(1)
Pass(player=1)
"""

from __future__ import annotations

from collections.abc import Iterable
import enum

import attrs

from spite_rules.cards import Card, cards_of, format_cards, parse_card, parse_cards, sort_cards
from spite_rules.errors import IllegalAction, shown
from spite_rules.core.fields import check_fields
from spite_rules.vocabulary import Direction

__all__ = [
    "Action",
    "Play",
    "Pass",
    "CallMisplay",
    "TakeReward",
    "DiscardAndDraw",
    "Timeout",
    "DropCards",
    "Surface",
    "to_cards",
]


def to_cards(cards: str | Iterable[Card | str]) -> tuple[Card, ...]:
    """Cards from notation or Card objects, in game order (identical plays compare equal).

    >>> to_cards("5♠ 5♦"), to_cards(["5♠", Card("5", "♦")])
    ((Card('5♦'), Card('5♠')), (Card('5♦'), Card('5♠')))
    """
    if isinstance(cards, str):
        return sort_cards(parse_cards(cards))
    return sort_cards(cards_of(cards))


def _to_direction(value: Direction | str | None) -> Direction | None:
    if value is None or isinstance(value, Direction):
        return value
    if type(value) is str and value.lower() in _DIRECTION_WORDS:
        return Direction(value.lower())
    raise IllegalAction(
        f"Play.direction must be 'higher', 'lower' or None, not {shown(value)}"
    )


_DIRECTION_WORDS = frozenset(direction.value for direction in Direction)


class _CheckedAtTheDoor:
    """Every action checks its fields' types when made (:func:`~spite_rules.core.fields.check_fields`):
    ``Play(False, "3♦")`` (a bool seat) raises IllegalAction naming ``Play.player``. The engine's
    own plays and rewards are made by ``spite_rules.moves.play_of`` and ``take_reward_of``, which
    skip it."""

    __slots__ = ()

    def __attrs_post_init__(self) -> None:
        check_fields(self)


@attrs.frozen
class Play(_CheckedAtTheDoor):
    """Play cards into the trick, with what is announced.

    - ``buy_back``: the count announced to buy back into a trick after passing ("buy back X").
    - ``direction``: "higher" or "lower" announced with a hand of natural 7s.
    - ``come_at_me``: "come at me" announced with the play.
    - ``unbeatable``: "unbeatable" announced with a 2 under a suited-but-not-numerical consec.
    - ``face_down``: a fake joker played face-down (a reset).
    - ``earned``: the card is one earned in place of a fake joker (held apart from the hand).
    - ``bounty_claim``: the number of fake jokers claimed when going out on the bounty's value.

    >>> Play(0, "~4♣", face_down=True).cards
    (Card('~4♣'),)
    """

    player: int
    cards: tuple[Card, ...] = attrs.field(converter=to_cards)
    buy_back: int | None = attrs.field(default=None, kw_only=True)
    direction: Direction | None = attrs.field(default=None, kw_only=True, converter=_to_direction)
    come_at_me: bool = attrs.field(default=False, kw_only=True)
    unbeatable: bool = attrs.field(default=False, kw_only=True)
    face_down: bool = attrs.field(default=False, kw_only=True)
    earned: bool = attrs.field(default=False, kw_only=True)
    bounty_claim: int | None = attrs.field(default=None, kw_only=True)

    def __str__(self) -> str:
        words = [f"seat {self.player}:"]
        if self.buy_back is not None:
            words.append(f"buy back {self.buy_back},")
        words.append("face-down fake joker" if self.face_down else format_cards(self.cards))
        if self.earned:
            words.append("(earned card)")
        if self.direction is not None:
            words.append(f'"{self.direction.value}"')
        if self.unbeatable:
            words.append('"unbeatable"')
        if self.come_at_me:
            words.append('"come at me"')
        if self.bounty_claim is not None:
            words.append(f'"bounty {self.bounty_claim}"')
        return " ".join(words)


@attrs.frozen
class Pass(_CheckedAtTheDoor):
    """Pass: drop out of the trick until buying back (seed 000, "Playing Tricks")."""

    player: int

    def __str__(self) -> str:
        return f"seat {self.player}: pass"


def _to_card(value: Card | str | None) -> Card | None:
    if value is None or type(value) is Card:
        return value
    return parse_card(value)  # type: ignore[arg-type]  # NotationError for anything not a card


@attrs.frozen
class CallMisplay(_CheckedAtTheDoor):
    """Call "misplay!" on seat ``accused`` (seed 000, "Fake Jokers": "Being the quickest to call
    another player's misplay correctly"). Any seat may call, whether or not it is its turn."""

    player: int
    accused: int

    def __str__(self) -> str:
        return f"seat {self.player}: misplay {self.accused}"


@attrs.frozen
class TakeReward(_CheckedAtTheDoor):
    """Take a come-at-me reward: declare its count and optionally swap one card of the hand
    (``give``) for one of the viewed cards (``take``). Seed 000, "Come At Me": "they must declare
    what their reward count is. An incorrect declaration is a misplay."

    >>> TakeReward(1, 3, give="4♣", take="2♠").take
    Card('2♠')
    """

    player: int
    count: int
    give: Card | None = attrs.field(default=None, converter=_to_card)
    take: Card | None = attrs.field(default=None, converter=_to_card)

    def __str__(self) -> str:
        swap = f", swap {self.give} for {self.take}" if self.give and self.take else ""
        return f"seat {self.player}: reward {self.count}{swap}"


@attrs.frozen
class DiscardAndDraw(_CheckedAtTheDoor):
    """Take a come-at-me reward under the July 2023 revision (``Rules.come_at_me_reward_kind`` is
    ``RewardKind.DISCARD_AND_DRAW``): discard the cards ``discard`` from the hand and draw ``draw``
    cards from the top of the deck. The revision (docs/ruleset-2023-07.md, V7): "discard
    between 1 and N cards from the hand and draw as many from the deck; discarding zero or too
    many, or drawing a wrong number, is a misplay".

    >>> print(DiscardAndDraw(1, "9♦ 4♣", 2))
    seat 1: reward, discard 4♣ 9♦ and draw 2
    """

    player: int
    discard: tuple[Card, ...] = attrs.field(converter=to_cards)
    draw: int

    @classmethod
    def canonical(cls, player: int, discard: tuple[Card, ...], draw: int) -> DiscardAndDraw:
        """A reward taken, from cards already a tuple in game order, built without converting
        them again: ``legal_moves`` offers every way to discard from a hand.

        >>> DiscardAndDraw.canonical(1, to_cards("9♦ 4♣"), 2) == DiscardAndDraw(1, "4♣ 9♦", 2)
        True
        """
        move = object.__new__(cls)
        put = object.__setattr__
        put(move, "player", player)
        put(move, "discard", discard)
        put(move, "draw", draw)
        return move

    def __str__(self) -> str:
        discarded = format_cards(self.discard) or "nothing"
        return f"seat {self.player}: reward, discard {discarded} and draw {self.draw}"


@attrs.frozen
class Timeout(_CheckedAtTheDoor):
    """The countdown ran out on the seat to act: "they shall be deemed to have passed"."""

    player: int

    def __str__(self) -> str:
        return f"seat {self.player}: timed out"


class Surface(enum.Enum):
    """Where dropped cards land (seed 000, "Misplays")."""

    TABLE = "table"
    FOOD = "food"
    FLOOR = "floor"


@attrs.frozen
class DropCards(_CheckedAtTheDoor):
    """Cards dropped. Seed 000: "Any card(s) dropped face-up on the table ... shall be considered to
    have been 'played' for the purpose of determining misplays"; dropping cards "on any food,
    liquid, sticky, or greasy substance ... or on the floor" is a misplay."""

    player: int
    cards: tuple[Card, ...] = attrs.field(converter=to_cards)
    onto: Surface = Surface.TABLE

    def __str__(self) -> str:
        return f"seat {self.player}: dropped {format_cards(self.cards)} on the {self.onto.value}"


Action = Play | Pass | CallMisplay | TakeReward | Timeout | DropCards | DiscardAndDraw

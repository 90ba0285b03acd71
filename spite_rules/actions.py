"""What a seat can do: the actions ``apply`` takes and ``legal_moves`` offers.

Layer: Spite: values — may import the core, the cards and the errors.

Every action carries ``player`` (the seat acting). Cards are given in notation or as
:class:`~spite_rules.cards.Card` objects; announcements are the words said with the play.

Each action is a :class:`~spite_rules.core.frozen.Frozen` value whose ``__init__`` is its door:
cards in notation are read and put in game order, and a field of the wrong type is refused by
:func:`~spite_rules.core.fields.check_arguments`, naming it (``Play(False, "3♦")``: a bool seat).
Fields already in their canonical form (the engine's own: cards a tuple in game order) pass at the
cost of a type test each, so ``legal_moves`` builds its moves with the classes themselves; compiled,
the construction and every field read are native. The parameters are typed ``object`` so that the
door, not the compiled build's own argument check, refuses a wrong type.

>>> print(Play(2, "7♠ 7♦", direction="lower"))
seat 2: 7♦ 7♠ "lower"
>>> Pass(1)
Pass(player=1)
"""

from __future__ import annotations

import enum
from typing import Final

from spite_rules.cards import Card, cards_of, format_cards, parse_card, parse_cards, sort_cards
from spite_rules.core.fields import check_arguments
from spite_rules.core.frozen import Frozen, declare_fields
from spite_rules.errors import IllegalAction, shown
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


def to_cards(cards: object) -> tuple[Card, ...]:
    """Cards from notation or Card objects, in game order (identical plays compare equal).

    >>> to_cards("5♠ 5♦"), to_cards(["5♠", Card("5", "♦")])
    ((Card('5♦'), Card('5♠')), (Card('5♦'), Card('5♠')))
    """
    if isinstance(cards, str):
        return sort_cards(parse_cards(cards))
    return sort_cards(cards_of(cards))  # type: ignore[arg-type]  # NotationError naming anything else


def _in_order(cards: object) -> tuple[Card, ...] | None:
    """``cards`` as they are when already canonical (a tuple of cards in game order), else None."""
    if type(cards) is not tuple:
        return None
    last = -1
    for card in cards:
        if type(card) is not Card or card.order < last:
            return None
        last = card.order
    return cards


def _to_direction(value: object) -> Direction | None:
    if value is None or isinstance(value, Direction):
        return value
    if type(value) is str and value.lower() in _DIRECTION_WORDS:
        return Direction(value.lower())
    raise IllegalAction(f"Play.direction must be 'higher', 'lower' or None, not {shown(value)}")


_DIRECTION_WORDS = frozenset(direction.value for direction in Direction)

#: Below it an int has far fewer than ``MAX_DIGITS`` digits: a seat or a count passes the door's
#: first test natively, and ``check_arguments`` is asked only beyond it (or of a wrong type).
_SHORT: Final = 1 << 62


def _whole(value: object) -> bool:
    return type(value) is int and -_SHORT < value < _SHORT


def _whole_or_none(value: object) -> bool:
    return value is None or _whole(value)


def _to_card(value: object) -> Card | None:
    if value is None or type(value) is Card:
        return value
    return parse_card(value)  # type: ignore[arg-type]  # NotationError for anything not a card


class Play(Frozen):
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

    __match_args__: Final = ("player", "cards")

    player: int
    cards: tuple[Card, ...]
    buy_back: int | None
    direction: Direction | None
    come_at_me: bool
    unbeatable: bool
    face_down: bool
    earned: bool
    bounty_claim: int | None

    def __init__(
        self,
        player: object,
        cards: object,
        buy_back: object = None,
        direction: object = None,
        come_at_me: object = False,
        unbeatable: object = False,
        face_down: object = False,
        earned: object = False,
        bounty_claim: object = None,
    ) -> None:
        played = _in_order(cards) or to_cards(cards)
        announced = direction if direction is None or type(direction) is Direction else _to_direction(direction)
        if not (  # the door's first test, inline (in the pure build a call each cost a fifth of a play)
            type(player) is int and -_SHORT < player < _SHORT and type(come_at_me) is bool
            and type(unbeatable) is bool and type(face_down) is bool and type(earned) is bool
            and _whole_or_none(buy_back) and _whole_or_none(bounty_claim)
        ):  # fmt: skip
            check_arguments(Play, {
                "player": player, "cards": played, "buy_back": buy_back, "direction": announced,
                "come_at_me": come_at_me, "unbeatable": unbeatable, "face_down": face_down,
                "earned": earned, "bounty_claim": bounty_claim,
            })  # fmt: skip
        self._fill(player, played, buy_back, announced, come_at_me, unbeatable, face_down, earned, bounty_claim)

    def _fill(
        self,
        player: object,
        cards: object,
        buy_back: object,
        direction: object,
        come_at_me: object,
        unbeatable: object,
        face_down: object,
        earned: object,
        bounty_claim: object,
    ) -> None:
        """Store the fields the door let through (:func:`~spite_rules.core.frozen.declare_fields`)."""
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "cards", cards)
        object.__setattr__(self, "buy_back", buy_back)
        object.__setattr__(self, "direction", direction)
        object.__setattr__(self, "come_at_me", come_at_me)
        object.__setattr__(self, "unbeatable", unbeatable)
        object.__setattr__(self, "face_down", face_down)
        object.__setattr__(self, "earned", earned)
        object.__setattr__(self, "bounty_claim", bounty_claim)

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


class Pass(Frozen):
    """Pass: drop out of the trick until buying back (seed 000, "Playing Tricks")."""

    __match_args__: Final = ("player",)

    player: int

    def __init__(self, player: object) -> None:
        if not _whole(player):
            check_arguments(Pass, {"player": player})
        object.__setattr__(self, "player", player)

    def __str__(self) -> str:
        return f"seat {self.player}: pass"


class CallMisplay(Frozen):
    """Call "misplay!" on seat ``accused`` (seed 000, "Fake Jokers": "Being the quickest to call
    another player's misplay correctly"). Any seat may call, whether or not it is its turn."""

    __match_args__: Final = ("player", "accused")

    player: int
    accused: int

    def __init__(self, player: object, accused: object) -> None:
        if not (_whole(player) and _whole(accused)):
            check_arguments(CallMisplay, {"player": player, "accused": accused})
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "accused", accused)

    def __str__(self) -> str:
        return f"seat {self.player}: misplay {self.accused}"


class TakeReward(Frozen):
    """Take a come-at-me reward: declare its count and optionally swap one card of the hand
    (``give``) for one of the viewed cards (``take``). Seed 000, "Come At Me": "they must declare
    what their reward count is. An incorrect declaration is a misplay."

    >>> TakeReward(1, 3, give="4♣", take="2♠").take
    Card('2♠')
    """

    __match_args__: Final = ("player", "count", "give", "take")

    player: int
    count: int
    give: Card | None
    take: Card | None

    def __init__(self, player: object, count: object, give: object = None, take: object = None) -> None:
        given = give if give is None or type(give) is Card else _to_card(give)
        taken = take if take is None or type(take) is Card else _to_card(take)
        if not (type(player) is int and type(count) is int and -_SHORT < player < _SHORT and -_SHORT < count < _SHORT):
            check_arguments(TakeReward, {"player": player, "count": count, "give": given, "take": taken})
        self._fill(player, count, given, taken)

    def _fill(self, player: object, count: object, give: object, take: object) -> None:
        """Store the fields the door let through (:func:`~spite_rules.core.frozen.declare_fields`)."""
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "give", give)
        object.__setattr__(self, "take", take)

    def __str__(self) -> str:
        swap = f", swap {self.give} for {self.take}" if self.give and self.take else ""
        return f"seat {self.player}: reward {self.count}{swap}"


class DiscardAndDraw(Frozen):
    """Take a come-at-me reward under the July 2023 revision (``Rules.come_at_me_reward_kind`` is
    ``RewardKind.DISCARD_AND_DRAW``): discard the cards ``discard`` from the hand and draw ``draw``
    cards from the top of the deck. The revision (docs/ruleset-2023-07.md, V7): "discard
    between 1 and N cards from the hand and draw as many from the deck; discarding zero or too
    many, or drawing a wrong number, is a misplay".

    >>> print(DiscardAndDraw(1, "9♦ 4♣", 2))
    seat 1: reward, discard 4♣ 9♦ and draw 2
    """

    __match_args__: Final = ("player", "discard", "draw")

    player: int
    discard: tuple[Card, ...]
    draw: int

    def __init__(self, player: object, discard: object, draw: object) -> None:
        discarded = _in_order(discard) or to_cards(discard)
        if not (_whole(player) and _whole(draw)):
            check_arguments(DiscardAndDraw, {"player": player, "discard": discarded, "draw": draw})
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "discard", discarded)
        object.__setattr__(self, "draw", draw)

    def __str__(self) -> str:
        discarded = format_cards(self.discard) or "nothing"
        return f"seat {self.player}: reward, discard {discarded} and draw {self.draw}"


class Timeout(Frozen):
    """The countdown ran out on the seat to act: "they shall be deemed to have passed"."""

    __match_args__: Final = ("player",)

    player: int

    def __init__(self, player: object) -> None:
        if not _whole(player):
            check_arguments(Timeout, {"player": player})
        object.__setattr__(self, "player", player)

    def __str__(self) -> str:
        return f"seat {self.player}: timed out"


class Surface(enum.Enum):
    """Where dropped cards land (seed 000, "Misplays")."""

    TABLE = "table"
    FOOD = "food"
    FLOOR = "floor"


class DropCards(Frozen):
    """Cards dropped. Seed 000: "Any card(s) dropped face-up on the table ... shall be considered to
    have been 'played' for the purpose of determining misplays"; dropping cards "on any food,
    liquid, sticky, or greasy substance ... or on the floor" is a misplay."""

    __match_args__: Final = ("player", "cards", "onto")

    player: int
    cards: tuple[Card, ...]
    onto: Surface

    def __init__(self, player: object, cards: object, onto: object = Surface.TABLE) -> None:
        dropped = _in_order(cards) or to_cards(cards)
        if not (_whole(player) and isinstance(onto, Surface)):
            check_arguments(DropCards, {"player": player, "cards": dropped, "onto": onto})
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "cards", dropped)
        object.__setattr__(self, "onto", onto)

    def __str__(self) -> str:
        return f"seat {self.player}: dropped {format_cards(self.cards)} on the {self.onto.value}"


Action = Play | Pass | CallMisplay | TakeReward | Timeout | DropCards | DiscardAndDraw

declare_fields(
    Play, ("player", int), ("cards", tuple[Card, ...]), ("buy_back", int | None, None),
    ("direction", Direction | None, None), ("come_at_me", bool, False), ("unbeatable", bool, False),
    ("face_down", bool, False), ("earned", bool, False), ("bounty_claim", int | None, None),
    kw_only=("buy_back", "direction", "come_at_me", "unbeatable", "face_down", "earned", "bounty_claim"),
)
declare_fields(Pass, ("player", int))
declare_fields(CallMisplay, ("player", int), ("accused", int))
declare_fields(TakeReward, ("player", int), ("count", int), ("give", Card | None, None), ("take", Card | None, None))
declare_fields(DiscardAndDraw, ("player", int), ("discard", tuple[Card, ...]), ("draw", int))
declare_fields(Timeout, ("player", int))
declare_fields(DropCards, ("player", int), ("cards", tuple[Card, ...]), ("onto", Surface, Surface.TABLE))

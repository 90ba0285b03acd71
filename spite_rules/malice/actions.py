"""What a seat can do in Spite and Malice: the actions ``apply`` takes and ``legal_moves`` offers,
their text notation, and :func:`parse_action` that reads it.

Layer: Spite and Malice: values — may import the core, the cards and the errors; never Spite.
Compiled: every action is a ``core.frozen.Frozen`` value (that module says why); the notation's
reader, :func:`~spite_rules.malice.notation.parse_action`, lives in ``malice/notation.py``.

Every action carries ``player`` (the seat acting). Stacks are numbered from 0 in the fields and
from 1 in the text ("centre 2" is ``centre=1``), as a player counts them. A pile of another seat is
named by ``owner`` (None: the acting seat's own).

>>> print(Play(0, "7♠", centre=1))
seat 0: play 7♠ from hand to centre 2
>>> print(Play(1, "K♦", centre=0, origin=Origin.SIDE, side=2, owner=3))
seat 1: play K♦ from seat 3's side 3 to centre 1
>>> print(Discard(0, "9♣", side=0)), print(EndTurn(1))
seat 0: discard 9♣ to side 1
seat 1: end turn
(None, None)

Each action's ``__init__`` is its door: it takes a card as a ``Card`` or its notation, an
``origin`` as an ``Origin`` or its value, and refuses anything else naming the field (its
parameters are typed ``object`` so that the door, not the compiled build's type check, refuses).
A canonical value passes each check at the cost of a type test.

The notation (``str(action)``; the ``seat N:`` prefix is optional when reading; words are read
in any case, ``payoff`` and ``center`` too):

- ``play <card> from <place> to centre <n>``, where ``<place>`` is ``hand``, ``pay-off`` or
  ``side <n>``, or one of them after ``seat <s>'s`` for another seat's
- ``discard <card> [<card> ...] to side <n>``
- ``move <card> from side <n> to side <n>`` (seed 002's discard-stage move)
- ``swap <card> from <place> for centre <n>`` (seed 002's wild substitution)
- ``load <card> from hand|pay-off|side onto seat <s>'s pay-off`` (seed 003's loading; never from a
  side stack, but the text says so and ``apply`` refuses it naming the rule)
- ``place <card> on centre <n>`` (seed 002: where a forced card goes)
- ``end turn`` (also read: ``end``, ``pass``, ``do nothing``)

Every action value reads back as itself (``parse_action(state, str(action)) == action``), the
forbidden ones too: whether a seat, a stack or a source exists is for ``apply`` to say, naming the
rule. Only text that is not the notation raises NotationError, naming the word at fault.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Any, Final, Union

from spite_rules.cards import Card, format_cards, parse_card, parse_cards
from spite_rules.core.fields import MAX_DIGITS, too_long
from spite_rules.core.frozen import Frozen, declare_fields
from spite_rules.errors import IllegalAction, NotationError, shown
from spite_rules.malice.order import is_malice_card

__all__ = [
    "Action",
    "Origin",
    "Play",
    "Discard",
    "EndTurn",
    "MoveSide",
    "Substitute",
    "Load",
    "PlaceForced",
]


class Origin(enum.Enum):
    """Where a card comes from: a hand, the top of a pay-off pile, the top of a side stack."""

    HAND = "hand"
    PAYOFF = "pay-off"
    SIDE = "side"


def _card_of(value: object, what: str) -> Card:
    """``value`` as a card of Spite and Malice's packs (a Card, or its notation); anything else
    refused naming the field ``what``."""
    if type(value) is Card:
        card = value
    elif isinstance(value, str):
        try:
            card = parse_card(value)
        except NotationError as error:
            raise NotationError(f"{what}: {error}") from None
    else:
        raise IllegalAction(f"{what} must be a Card or card notation such as '7♠', not {shown(value)}")
    if not is_malice_card(card):
        raise IllegalAction(f"{what}: {card} is not a card of Spite and Malice's packs (A to K and the joker)")
    return card


def _to_card(value: object) -> Card:
    if type(value) is Card and is_malice_card(value):
        return value
    return _card_of(value, "card")


def _to_cards(value: object) -> tuple[Card, ...]:
    if type(value) is tuple and all(type(card) is Card and is_malice_card(card) for card in value):
        return value
    if isinstance(value, Card):
        return (_card_of(value, "cards"),)
    if isinstance(value, str):
        try:
            cards = parse_cards(value)
        except NotationError as error:
            raise NotationError(f"cards: {error}") from None
        return tuple(_card_of(card, "cards") for card in cards)
    if not isinstance(value, (tuple, list)):
        raise IllegalAction(f"cards must be cards or their notation, such as '7♠ 7♦', not {shown(value)}")
    given: Iterable[object] = value
    return tuple(_card_of(card, "cards") for card in given)


def _to_origin(value: object) -> Origin:
    if isinstance(value, Origin):
        return value
    for origin in Origin:
        if value == origin.value:
            return origin
    raise IllegalAction(f"origin must be one of {', '.join(repr(o.value) for o in Origin)}, not {shown(value)}")


#: A bound below which an int has far fewer than ``MAX_DIGITS`` digits (every seat and stack): the
#: interpreted ``too_long`` is asked only beyond it (a speed device: 1,250 instructions a field).
_SHORT: Final = 1 << 62


def _whole(value: object, name: str) -> int:
    """A seat or stack field ``name``: a whole number, given back unchanged; anything else refused
    naming the field (whether the seat or the stack exists is for ``apply`` to say)."""
    if type(value) is not int:
        raise IllegalAction(f"{name} must be a whole number, not {shown(value)}")
    if not -_SHORT < value < _SHORT and too_long(value):  # the notation could not write it back
        raise IllegalAction(f"{name} must have at most {MAX_DIGITS} digits, not {shown(value)}")
    return value


def _whole_or_none(value: object, name: str) -> int | None:
    """:func:`_whole`, or None."""
    return None if value is None else _whole(value, name)


def _from(origin: Origin, side: int | None, owner: int | None) -> str:
    """The place in the notation: ``hand``, ``pay-off``, ``side <n>`` (``side`` alone when no stack
    is named), each after ``seat <s>'s`` for another seat's."""
    pile = f"side {side + 1}" if origin is Origin.SIDE and side is not None else origin.value
    return pile if owner is None else f"seat {owner}'s {pile}"


def _at_centre(
    player: object, card: object, centre: object, origin: object, side: object, owner: object
) -> tuple[int, Card, int, Origin, int | None, int | None]:
    """The fields of a move to the centre (a play, a substitution), checked, in their one spelling:
    the acting seat's own pile is written ``owner=None``, and ``side`` (which side stack) is None
    unless the card comes from a side stack."""
    seat = _whole(player, "player")
    made = _to_card(card)
    space = _whole(centre, "centre")
    where = _to_origin(origin)
    stack = _whole_or_none(side, "side")
    whose = _whole_or_none(owner, "owner")
    return seat, made, space, where, stack if where is Origin.SIDE else None, None if whose == seat else whose


class _ToCentre(Frozen):
    """A move of one card to a centre stack (a :class:`Play`, a :class:`Substitute`): its fields,
    checked and written in their one spelling by :func:`_at_centre`."""

    player: int
    card: Card
    centre: int
    origin: Origin
    side: int | None
    owner: int | None

    def __init__(
        self,
        player: object,
        card: object,
        centre: object,
        origin: object = Origin.HAND,
        side: object = None,
        owner: object = None,
    ) -> None:
        seat, made, space, where, stack, whose = _at_centre(player, card, centre, origin, side, owner)
        object.__setattr__(self, "player", seat)
        object.__setattr__(self, "card", made)
        object.__setattr__(self, "centre", space)
        object.__setattr__(self, "origin", where)
        object.__setattr__(self, "side", stack)
        object.__setattr__(self, "owner", whose)


class Play(_ToCentre):
    """Play ``card`` to centre stack ``centre`` from the hand, a pay-off top or a side-stack top
    (``origin``; ``side`` says which side stack; ``owner`` whose pile, None for the seat's own).
    Seed 003: "The card played may come from your hand, from the top of one of your side stacks,
    or from the top of your pay-off pile". An ace (or a wild card as an ace) names the space its
    new stack takes.

    >>> Play(0, "7♠", 1, origin="side", side=0, owner=0)
    Play(player=0, card=Card('7♠'), centre=1, origin=<Origin.SIDE: 'side'>, side=0, owner=None)
    """

    def __str__(self) -> str:
        where = _from(self.origin, self.side, self.owner)
        return f"seat {self.player}: play {self.card} from {where} to centre {self.centre + 1}"


class Discard(Frozen):
    """Discard ``cards`` (one card, or seed 004's several equal cards) from the hand onto side stack
    ``side``. Seed 003: "To play a card from your hand face-up on top of one of your side stacks.
    This ends your turn." (Massachusetts: a card to an empty side stack before the ending discard
    does not end it.)

    >>> Discard(1, "9♣ 9♦", 2).cards
    (Card('9♣'), Card('9♦'))
    """

    player: int
    cards: tuple[Card, ...]
    side: int

    def __init__(self, player: object, cards: object, side: object) -> None:
        object.__setattr__(self, "player", _whole(player, "player"))
        object.__setattr__(self, "cards", _to_cards(cards))
        object.__setattr__(self, "side", _whole(side, "side"))

    def __str__(self) -> str:
        cards = f" {format_cards(self.cards)}" if self.cards else ""
        return f"seat {self.player}: discard{cards} to side {self.side + 1}"


class EndTurn(Frozen):
    """End the turn without a discard: the book's "you may decide to end your turn without playing
    to a side stack" and its pass; seed 002's "Do nothing".

    >>> EndTurn(1)
    EndTurn(player=1)
    """

    player: int

    def __init__(self, player: object) -> None:
        object.__setattr__(self, "player", _whole(player, "player"))

    def __str__(self) -> str:
        return f"seat {self.player}: end turn"


class MoveSide(Frozen):
    """Seed 002's discard stage: "move one of the top cards in your discard pile to any other
    discard pile". Ends the turn.

    >>> print(MoveSide(0, "5♥", 0, 2))
    seat 0: move 5♥ from side 1 to side 3
    """

    player: int
    card: Card
    source: int
    side: int

    def __init__(self, player: object, card: object, source: object, side: object) -> None:
        object.__setattr__(self, "player", _whole(player, "player"))
        object.__setattr__(self, "card", _to_card(card))
        object.__setattr__(self, "source", _whole(source, "source"))
        object.__setattr__(self, "side", _whole(side, "side"))

    def __str__(self) -> str:
        return f"seat {self.player}: move {self.card} from side {self.source + 1} to side {self.side + 1}"


class Substitute(_ToCentre):
    """Seed 002's wild substitution: put the real ``card`` (from any legally playable place) on
    centre stack ``centre`` in place of the exposed wild card there; "The wild card goes back to
    wherever the real card came from".

    >>> print(Substitute(1, "6♦", 0, origin=Origin.PAYOFF, owner=0))
    seat 1: swap 6♦ from seat 0's pay-off for centre 1
    """

    def __str__(self) -> str:
        where = _from(self.origin, self.side, self.owner)
        return f"seat {self.player}: swap {self.card} from {where} for centre {self.centre + 1}"


class Load(Frozen):
    """Seed 003's loading: move ``card`` from the hand or the top of the seat's own pay-off pile
    (``origin``) onto the top of seat ``target``'s pay-off pile.

    >>> print(Load(0, "4♠", 1))
    seat 0: load 4♠ from hand onto seat 1's pay-off
    """

    player: int
    card: Card
    target: int
    origin: Origin

    def __init__(self, player: object, card: object, target: object, origin: object = Origin.HAND) -> None:
        object.__setattr__(self, "player", _whole(player, "player"))
        object.__setattr__(self, "card", _to_card(card))
        object.__setattr__(self, "target", _whole(target, "target"))
        object.__setattr__(self, "origin", _to_origin(origin))

    def __str__(self) -> str:
        where = self.origin.value  # "hand", "pay-off", or "side" (never legal: malice.loading.source)
        return f"seat {self.player}: load {self.card} from {where} onto seat {self.target}'s pay-off"


class PlaceForced(Frozen):
    """Seed 002: a card that "must be immediately played" fits more than one centre stack: the seat
    to act says which (``centre``).

    >>> print(PlaceForced(0, "Q♥", 2))
    seat 0: place Q♥ on centre 3
    """

    player: int
    card: Card
    centre: int

    def __init__(self, player: object, card: object, centre: object) -> None:
        object.__setattr__(self, "player", _whole(player, "player"))
        object.__setattr__(self, "card", _to_card(card))
        object.__setattr__(self, "centre", _whole(centre, "centre"))

    def __str__(self) -> str:
        return f"seat {self.player}: place {self.card} on centre {self.centre + 1}"


#: Every Spite and Malice action.
Action = Union[Play, Discard, EndTurn, MoveSide, Substitute, Load, PlaceForced]

#: The fields of a move to the centre (a play, a substitution), as the attrs table gives them.
_AT_CENTRE: Any = (
    ("player", int),
    ("card", Card),
    ("centre", int),
    ("origin", Origin, Origin.HAND),
    ("side", int | None, None),
    ("owner", int | None, None),
)

declare_fields(Play, *_AT_CENTRE, kw_only=("origin", "side", "owner"))
declare_fields(Discard, ("player", int), ("cards", tuple[Card, ...]), ("side", int))
declare_fields(EndTurn, ("player", int))
declare_fields(MoveSide, ("player", int), ("card", Card), ("source", int), ("side", int))
declare_fields(Substitute, *_AT_CENTRE, kw_only=("origin", "side", "owner"))
declare_fields(
    Load, ("player", int), ("card", Card), ("target", int), ("origin", Origin, Origin.HAND), kw_only=("origin",)
)
declare_fields(PlaceForced, ("player", int), ("card", Card), ("centre", int))

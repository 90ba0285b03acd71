"""The position of the "must be sure" search (``sure_search``) in values: a move and a card the
seat may play as one int of bit fields (:func:`move_code`), what a search needs of the rules for
one seat and what the rules make of a position in values (:class:`Seat`: where each value may go,
the position after a move), and the piles of a state in values (each card's value read by its
``Card.order``).

Layer: Spite and Malice: rules of play — may import its values, the core, the cards and the errors; never Spite.

>>> move_code(PLAY, HAND, 0, -1, 5, 2) >> VALUE_AT & 31, move_code(PLAY, HAND, 0, -1, 5, 2) & 1023
(5, 2)
"""

from __future__ import annotations

from typing import Final

from spite_rules.cards import Card
from spite_rules.malice.actions import Origin
from spite_rules.malice.rules import Rules
from spite_rules.malice.order import WILD, rules_table, values_by_order
from spite_rules.malice.sources import pile_owners
from spite_rules.malice.state import State, opposes

__all__ = [
    "Values", "Packed", "Built", "Position", "Move", "Source", "PLAY", "SUBSTITUTE", "PAYOFF", "SIDE", "HAND", "VALUE_AT", "SIDE_AT", "OWNER_AT",
    "ORIGIN_AT", "KIND_AT", "BELOW_AT", "CARD_PART", "move_code", "Seat", "seat_table",
    "side_values", "centre_values",
]

#: A pile as the values of its cards, bottom to top.
Values = tuple[int, ...]
#: A side stack as one int: each card's value plus one in four bits, the top card lowest (0: empty).
Packed = int
#: A centre stack as one int (its card at place ``i`` stands for ``i + 1`` or is wild): its size in
#: the low five bits, and bit ``5 + i`` set where the card at place ``i`` is wild (0: empty).
Built = int
#: (centre, hand, side, payoff, owed, exchange), in values (``side``: each seat's stacks packed).
Position = tuple[
    tuple[Built, ...], Values, tuple[tuple[Packed, ...], ...], tuple[Values, ...], tuple[tuple[int, int], ...], int
]
#: (kind, origin, owner, side, value, space) in one int (:func:`move_code`).
Move = int

PLAY: Final = 0
SUBSTITUTE: Final = 1
PAYOFF: Final = 0
SIDE: Final = 1
HAND: Final = 2

#: A card the seat may play: a move's code without its kind and space (a play onto space 0), and
#: the value of the card below it plus one (0 for none) from bit :data:`BELOW_AT` up.
Source = int

# The bit fields of a move (and a source): the space from bit 0, the value from bit VALUE_AT, the
# side stack plus one from SIDE_AT, the owner from OWNER_AT, the origin from ORIGIN_AT, the kind at
# KIND_AT; a source's card below plus one from BELOW_AT. Each field is wider than any table needs (a
# centre of at most 162 cards has fewer than 1,024 spaces).
VALUE_AT: Final = 10
SIDE_AT: Final = 15
OWNER_AT: Final = 23
ORIGIN_AT: Final = 31
KIND_AT: Final = 33
BELOW_AT: Final = 34
#: The fields a source shares with the moves made of it (value, side, owner, origin).
CARD_PART: Final = (1 << KIND_AT) - (1 << VALUE_AT)


def move_code(kind: int, origin: int, owner: int, side: int, worth: int, space: int) -> Move:
    """The move of kind ``kind`` (:data:`PLAY` or :data:`SUBSTITUTE`) of a card of value ``worth``
    from ``origin`` (:data:`PAYOFF`, :data:`SIDE` or :data:`HAND`) of seat ``owner`` (side stack
    ``side``, -1 for none) to centre space ``space``, as one int.

    >>> move = move_code(SUBSTITUTE, SIDE, 1, 3, 7, 2)
    >>> move >> KIND_AT & 1, move >> ORIGIN_AT & 3, move >> OWNER_AT & 255, (move >> SIDE_AT & 255) - 1, move >> VALUE_AT & 31
    (1, 1, 1, 3, 7)
    """
    return (
        (kind << KIND_AT) + (origin << ORIGIN_AT) + (owner << OWNER_AT) + ((side + 1) << SIDE_AT)
        + (worth << VALUE_AT) + space
    )


class Seat:
    """What a search needs of the rules for one seat at a table of ``players`` (the same for every
    position of the game), and what the rules make of a position in values: the position after a
    move (:meth:`after`).

    >>> from spite_rules.malice.deal import setup
    >>> table = seat_table(setup(payoff=["9♦", "Q♣"], hands=["2♥", ""], centre=["A♣"]))
    >>> table.after(((1,), (2,), ((), ()), ((9,), (12,)), (), 0), move_code(PLAY, HAND, 0, -1, 2, 0))[:2]
    ((2,), ())
    """

    __slots__ = (
        "seat", "players", "top", "wild_queen_stays", "wild_ace_covered", "wild_on_wild_covered",
        "substitution", "payoff_owners", "side_owners", "opponents", "values", "table",
    )

    def __init__(self, state: State) -> None:
        rules = state.rules
        seat = state.to_act
        players = len(state.payoff)
        self.seat = seat
        self.players = players
        self.top = rules.top_value
        self.wild_queen_stays = rules.wild_queen_stays
        self.wild_ace_covered = rules.wild_ace_covered
        self.wild_on_wild_covered = rules.wild_on_wild_covered
        self.substitution = rules.substitution
        self.payoff_owners = pile_owners(state, seat, Origin.PAYOFF)
        self.side_owners = pile_owners(state, seat, Origin.SIDE)
        self.opponents = frozenset(
            other for other in range(players) if opposes(players, rules.partnerships, seat, other)
        )
        #: Each card's value, by ``Card.order``.
        self.values = values_by_order(rules)
        #: The rules' table (``order.rules_table``), which keeps the centres' needs (``piles.values_needs_row``).
        self.table = rules_table(rules)

    # -- a move (moves.core_move) in values ---------------------------------------------------------

    def stays(self, stack: Built) -> bool:
        """``piles.stays_complete`` in values."""
        return self.wild_queen_stays and stack & 31 >= self.top and stack >> (4 + (stack & 31)) & 1 == 1

    def after(self, position: Position, move: Move) -> Position:
        """The position after ``move`` (``sure._after``: ``core_move`` on the masked table)."""
        centre_, hand, side, payoff, owed, exchange = position
        origin = move >> ORIGIN_AT & 3
        owner = move >> OWNER_AT & 255
        index = (move >> SIDE_AT & 255) - 1
        worth = move >> VALUE_AT & 31
        space = move & 1023
        seat = self.seat
        centre = list(centre_)
        # the card leaves its pile (``Table.take``), each changed tuple rebuilt through one list
        if origin == HAND:
            held = list(hand)
            del held[held.index(worth)]
            hand = tuple(held)
        elif origin == PAYOFF:
            piles = list(payoff)
            piles[owner] = piles[owner][:-1]
            payoff = tuple(piles)
        else:
            own = list(side[owner])
            own[index] >>= 4
            seats = list(side)
            seats[owner] = tuple(own)
            side = tuple(seats)
        if move >> KIND_AT & 1 == SUBSTITUTE:
            stack = centre[space]
            top = 1 << (4 + (stack & 31))  # the top card's bit: set where it is wild
            wild = WILD if stack & top else stack & 31
            if origin == HAND:
                hand = (wild,) + hand if wild == WILD else tuple(sorted(hand + (wild,)))
            elif origin == PAYOFF:
                payoff = payoff[:owner] + (payoff[owner] + (wild,),) + payoff[owner + 1:]
            else:
                stacks = side[owner]
                stacks = stacks[:index] + (stacks[index] << 4 | (wild + 1),) + stacks[index + 1:]
                side = side[:owner] + (stacks,) + side[owner + 1:]
            stack = stack - (stack & top) + (top if worth == WILD else 0)
            centre[space] = stack
            if owed:
                owed = _settled(owed, space, stack)
            if stack & 31 >= self.top and not self.stays(stack):
                centre[space] = 0
                if owed:
                    owed = tuple([entry for entry in owed if entry[0] != space])
            return tuple(centre), hand, side, payoff, owed, exchange
        if owner != seat and origin != HAND and owner in self.opponents:
            exchange += -1 if origin == PAYOFF else 1
        if space == len(centre):
            centre.append(0)
        stack = centre[space]
        if stack and self.stays(stack):
            if owed:
                owed = tuple([entry for entry in owed if entry[0] != space])
            stack = 0
        size = (stack & 31) + 1
        if worth == WILD:
            if (self.wild_ace_covered and size == 1) or (self.wild_on_wild_covered and size > 1 and stack >> (3 + size) & 1):
                owed = owed + ((space, size - 1),)
            stack += 1 << (4 + size)
        stack += 1
        centre[space] = stack
        if owed:
            owed = _settled(owed, space, stack)
        if size >= self.top and not self.stays(stack):
            centre[space] = 0
            if owed:
                owed = tuple([entry for entry in owed if entry[0] != space])
        return tuple(centre), hand, side, payoff, owed, exchange


def seat_table(state: State) -> Seat:
    """The :class:`Seat` of the seat to act, kept in the rules' table (``order.rules_table``) by the
    number of seats and the seat."""
    seats = rules_table(state.rules).seats
    key = len(state.payoff) * 256 + state.to_act
    found: Seat | None = seats.get(key)
    if found is None:
        found = seats[key] = Seat(state)
    return found


def side_values(
    side: tuple[tuple[tuple[Card, ...], ...], ...], values: tuple[int, ...]
) -> tuple[tuple[tuple[Packed, ...], ...], int]:
    """Every seat's side stacks in values, each packed in one int (:data:`Packed`), and the values in
    them as a mask (bit ``v`` for value ``v``; ``values``: ``order.values_by_order`` of the rules).

    >>> from spite_rules.cards import parse_cards
    >>> from spite_rules.malice.order import values_by_order
    >>> side_values(((parse_cards("9♠ 8♦"), ()), ((), ())), values_by_order(Rules()))
    (((169, 0), (0, 0)), 768)
    """
    found = []
    seen = 0
    for stacks in side:
        packed: list[Packed] = []
        for stack in stacks:
            one = 0
            for card in stack:
                worth = values[card.order]
                seen |= 1 << worth
                one = one << 4 | (worth + 1)
            packed.append(one)
        found.append(tuple(packed))
    return tuple(found), seen


def centre_values(centre: tuple[tuple[Card, ...], ...], values: tuple[int, ...]) -> tuple[Built, ...]:
    """The centre stacks in values, each one int (:data:`Built`; ``values``: ``order.values_by_order``
    of the rules).

    >>> from spite_rules.cards import parse_cards
    >>> from spite_rules.malice.order import values_by_order
    >>> centre_values((parse_cards("A♠ K♦"), ()), values_by_order(Rules()))
    (66, 0)
    """
    found = []
    for stack in centre:
        built = len(stack)
        bit = 32
        for card in stack:
            if values[card.order] == WILD:
                built |= bit
            bit <<= 1
        found.append(built)
    return tuple(found)


def _settled(owed: tuple[tuple[int, int], ...], space: int, stack: Built) -> tuple[tuple[int, int], ...]:
    """``Table.settle`` in values: the covers owed on ``space`` that ``stack`` has not met yet
    (``table.obligation_met``). ``owed`` itself where all are still owed (most
    moves meet none, and rebuilding boxes each entry into a new tuple)."""
    size = stack & 31
    kept: list[tuple[int, int]] | None = None
    at = 0
    for entry in owed:
        where, place = entry
        if where == space and (size <= place or not stack >> (5 + place) & 1 or (size > place + 1 and not stack >> (6 + place) & 1)):
            if kept is None:
                kept = list(owed[:at])
        elif kept is not None:
            kept.append(entry)
        at += 1
    return owed if kept is None else tuple(kept)

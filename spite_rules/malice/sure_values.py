"""The position of the "must be sure" search (``sure_search``) in values: a move and a card the
seat may play as one int of bit fields (:func:`move_code`), what a search needs of the rules for
one seat and what the rules make of a position in values (:class:`Seat`: where each value may go,
the position after a move), and the piles of a state in values, kept by their identity (a speed
device: a state shares most of its piles with the one before it).

Layer: Spite and Malice: rules of play — may import its values, the core, the cards and the errors; never Spite.

>>> move_fields(move_code(PLAY, HAND, 0, -1, 5, 2))
(0, 2, 0, -1, 5, 2)
"""

from __future__ import annotations

from typing import Final

from spite_rules.cards import Card, Rank
from spite_rules.malice.actions import Origin
from spite_rules.malice.order import WILD, value_table
from spite_rules.malice.piles import centre_limit
from spite_rules.malice.sources import pile_owners
from spite_rules.malice.state import State, opposes

__all__ = [
    "Values", "Position", "Move", "Source", "PLAY", "SUBSTITUTE", "PAYOFF", "SIDE", "HAND", "VALUE_AT", "SIDE_AT", "OWNER_AT",
    "ORIGIN_AT", "KIND_AT", "BELOW_AT", "CARD_PART", "move_code", "move_fields", "Seat", "seat_table",
    "side_values", "centre_values",
]

#: A pile as the values of its cards, bottom to top.
Values = tuple[int, ...]
#: (centre, hand, side, payoff, owed, exchange), in values.
Position = tuple[
    tuple[Values, ...], Values, tuple[tuple[Values, ...], ...], tuple[Values, ...], tuple[tuple[int, int], ...], int
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

    >>> move_fields(move_code(SUBSTITUTE, SIDE, 1, 3, 7, 2))
    (1, 1, 1, 3, 7, 2)
    """
    return (
        (kind << KIND_AT) + (origin << ORIGIN_AT) + (owner << OWNER_AT) + ((side + 1) << SIDE_AT)
        + (worth << VALUE_AT) + space
    )


def move_fields(move: Move) -> tuple[int, int, int, int, int, int]:
    """The fields of ``move`` (:func:`move_code`): (kind, origin, owner, side, value, space).

    >>> move_fields(move_code(PLAY, HAND, 0, -1, 0, 4))
    (0, 2, 0, -1, 0, 4)
    """
    return (
        move >> KIND_AT & 1, move >> ORIGIN_AT & 3, move >> OWNER_AT & 255, (move >> SIDE_AT & 255) - 1,
        move >> VALUE_AT & 31, move & 1023,
    )


class Seat:
    """What a search needs of the rules for one seat at a table of ``players`` (the same for every
    position of the game), the centres' needs found so far under those rules, and what the rules
    make of a position in values: where each value may go (:meth:`fits`) and the position after a
    move (:meth:`after`).

    >>> from spite_rules.malice.deal import setup
    >>> table = seat_table(setup(payoff=["9♦", "Q♣"], hands=["2♥", ""], centre=["A♣"]))
    >>> table.fits(((1,),))[2], table.after((((1,),), (2,), ((), ()), ((9,), (12,)), (), 0), move_code(PLAY, HAND, 0, -1, 2, 0))[:2]
    ((0,), (((1, 2),), ()))
    """

    __slots__ = (
        "rules", "seat", "players", "top", "wild_queen_stays", "wild_ace_covered", "wild_on_wild_covered",
        "substitution", "cannot", "limit", "payoff_owners", "side_owners", "opponents", "values", "needs",
    )

    def __init__(self, state: State) -> None:
        rules = state.rules
        seat = state.to_act
        players = len(state.payoff)
        self.rules = rules
        self.seat = seat
        self.players = players
        self.top = rules.top_value
        self.wild_queen_stays = rules.wild_queen_stays
        self.wild_ace_covered = rules.wild_ace_covered
        self.wild_on_wild_covered = rules.wild_on_wild_covered
        self.substitution = rules.substitution
        self.cannot = frozenset(rules.wild_cannot_be)
        self.limit = centre_limit(rules, players)
        self.payoff_owners = pile_owners(state, seat, Origin.PAYOFF)
        self.side_owners = pile_owners(state, seat, Origin.SIDE)
        self.opponents = frozenset(
            other for other in range(players) if opposes(players, rules.partnerships, seat, other)
        )
        self.values = value_table(rules)
        #: :meth:`fits` of the centres met so far, by their shape.
        self.needs = _needs(rules, players)


    # -- the centre's needs (piles.centre_needs) and a move (moves.core_move) in values ------------

    def fits(self, centre: tuple[Values, ...]) -> dict[int, tuple[int, ...]]:
        """``piles.centre_needs`` in values: for each value (and WILD) the spaces it may go on. Kept
        by the shape of the centre (a speed device: the answer reads only each stack's size and
        whether a wild tops it, so those, in five bits a stack behind a leading 1, are an exact int
        key, which hashes and compares in C where the centre's tuples hash and compare value by
        value; a stack of 16 or more cards, which no rules allow, is not kept)."""
        shape = 1
        for stack in centre:
            size = len(stack)
            if size >= 16:
                shape = 0
                break
            shape = shape * 32 + size * 2 + (1 if size and stack[-1] == WILD else 0)
        if shape:
            found = self.needs.get(shape)
            if found is not None:
                return found
        top = self.top
        cannot = self.cannot
        needs: dict[int, list[int]] = {}
        free = self.free_space(centre)
        for space, stack in enumerate(centre):
            size = len(stack)
            if size == 0 or (size >= top and self.wild_queen_stays and stack[-1] == WILD):
                if space == free:
                    needs.setdefault(1, []).append(space)
                    if 1 not in cannot:
                        needs.setdefault(WILD, []).append(space)
            elif size < top:
                needed = size + 1
                needs.setdefault(needed, []).append(space)
                jack_queen = self.wild_on_wild_covered and needed == top and stack[-1] == WILD
                if needed not in cannot and not jack_queen:
                    needs.setdefault(WILD, []).append(space)
        if free == len(centre) and self.limit is None:
            needs.setdefault(1, []).append(free)
            if 1 not in cannot:
                needs.setdefault(WILD, []).append(free)
        found = {worth: tuple(spaces) for worth, spaces in needs.items()}
        if shape:
            if len(self.needs) > 4096:
                self.needs.clear()
            self.needs[shape] = found
        return found

    def free_space(self, centre: tuple[Values, ...]) -> int:
        """``piles.new_stack_space`` in values (-1 for none)."""
        for space, stack in enumerate(centre):
            if not stack:
                return space
        if self.wild_queen_stays:
            for space, stack in enumerate(centre):
                if self.stays(stack):
                    return space
        if self.limit is None or len(centre) < self.limit:
            return len(centre)
        return -1

    def stays(self, stack: Values) -> bool:
        """``piles.stays_complete`` in values."""
        return self.wild_queen_stays and len(stack) >= self.top and stack[-1] == WILD

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
        if move >> KIND_AT & 1 == SUBSTITUTE:
            stack = centre[space]
            wild = stack[-1]
            hand, side, payoff = _take(hand, side, payoff, origin, owner, index, worth)
            if origin == HAND:
                hand = (wild,) + hand if wild == WILD else tuple(sorted(hand + (wild,)))
            elif origin == PAYOFF:
                payoff = payoff[:owner] + (payoff[owner] + (wild,),) + payoff[owner + 1:]
            else:
                stacks = side[owner]
                stacks = stacks[:index] + (stacks[index] + (wild,),) + stacks[index + 1:]
                side = side[:owner] + (stacks,) + side[owner + 1:]
            stack = stack[:-1] + (worth,)
            centre[space] = stack
            if owed:
                owed = _settled(owed, space, stack)
            if len(stack) >= self.top and not self.stays(stack):
                centre[space] = ()
                if owed:
                    owed = tuple([entry for entry in owed if entry[0] != space])
            return tuple(centre), hand, side, payoff, owed, exchange
        # a play, the commonest move: ``_take`` inlined, each changed tuple rebuilt through one list
        # (a speed device: fewer tuples made than by slicing and joining); the owed covers, most
        # often none, rebuilt only where there are some
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
            own[index] = own[index][:-1]
            seats = list(side)
            seats[owner] = tuple(own)
            side = tuple(seats)
        if owner != seat and origin != HAND and owner in self.opponents:
            exchange += -1 if origin == PAYOFF else 1
        if space == len(centre):
            centre.append(())
        stack = centre[space]
        if stack and self.stays(stack):
            if owed:
                owed = tuple([entry for entry in owed if entry[0] != space])
            stack = ()
        stack = stack + (worth,)
        centre[space] = stack
        size = len(stack)
        if worth == WILD and (
            (self.wild_ace_covered and size == 1)
            or (self.wild_on_wild_covered and size > 1 and stack[-2] == WILD)
        ):
            owed = owed + ((space, size - 1),)
        if owed:
            owed = _settled(owed, space, stack)
        if size >= self.top and not self.stays(stack):
            centre[space] = ()
            if owed:
                owed = tuple([entry for entry in owed if entry[0] != space])
        return tuple(centre), hand, side, payoff, owed, exchange


def _needs(rules: object, players: int) -> dict[int, dict[int, tuple[int, ...]]]:
    """The table of the centres' needs (:meth:`Seat.fits`) under ``rules`` at a table of ``players``,
    one for every seat (a speed device: the needs read only the rules and the number of players,
    so the seats share what each found), kept by the identity of the rules (the entry holds them,
    so their id stays theirs)."""
    key = (id(rules) << 8) + players if 0 <= players < 256 else -1
    found = _NEEDS.get(key)
    if found is not None and found[0] is rules:
        return found[1]
    if len(_NEEDS) > 64:
        _NEEDS.clear()
    needs: dict[int, dict[int, tuple[int, ...]]] = {}
    if key >= 0:
        _NEEDS[key] = (rules, needs)
    return needs


_NEEDS: Final[dict[int, tuple[object, dict[int, dict[int, tuple[int, ...]]]]]] = {}


def seat_table(state: State) -> Seat:
    """The :class:`Seat` of the seat to act, kept by the identity of the rules (the entry holds
    them, so their id stays theirs)."""
    rules = state.rules
    players = len(state.payoff)
    seat = state.to_act
    # one int where the seats fit eight bits (an int key hashes and compares in C, a tuple item by item)
    key: object = (id(rules) << 16) + (players << 8) + seat if 0 <= seat < players < 256 else (id(rules), players, seat)
    found = _SEATS.get(key)
    if found is None or found.rules is not rules:
        if len(_SEATS) > 256:
            _SEATS.clear()
        found = _SEATS[key] = Seat(state)
    return found


_SEATS: Final[dict[object, Seat]] = {}


def _values(stack: tuple[Card, ...], values: dict[Rank, int]) -> Values:
    """A pile in values."""
    return tuple([values[card.rank] for card in stack])


def side_values(
    side: tuple[tuple[tuple[Card, ...], ...], ...], values: dict[Rank, int]
) -> tuple[tuple[tuple[Values, ...], ...], int]:
    """Every seat's side stacks in values, and the values in them as a mask (bit ``v`` for value
    ``v``)."""
    found = []
    seen = 0
    for stacks in side:
        known = _SIDE.get(id(stacks))
        if known is None or known[0] is not stacks or known[1] is not values:
            if len(_SIDE) > 256:
                _SIDE.clear()
            converted: list[Values] = []
            inside = 0
            for stack in stacks:
                if stack:
                    one = _stack_values(stack, values)
                    converted.append(one[0])
                    inside |= one[1]
                else:
                    converted.append(())
            known = _SIDE[id(stacks)] = (stacks, values, tuple(converted), inside)
        found.append(known[2])
        seen |= known[3]
    return tuple(found), seen


#: One seat's side stacks in values and the values in them, by the identity of the stacks (a speed
#: device: a seat's side stacks are the same object from state to state until they change; the
#: entry holds them, so their id stays theirs).
_SIDE: Final[dict[int, tuple[object, object, tuple[Values, ...], int]]] = {}


def _stack_values(stack: tuple[Card, ...], values: dict[Rank, int]) -> tuple[Values, int]:
    """One side stack in values and the mask of its values, kept by the identity of the stack (a
    speed device: a discard or a side move makes one new stack and leaves a seat's other stacks the
    same objects, so when a seat's stacks change, all but one of them are known; the entry holds
    the stack, so its id stays its)."""
    known = _STACKS.get(id(stack))
    if known is not None and known[0] is stack and known[1] is values:
        return known[2], known[3]
    if len(_STACKS) > 1024:
        _STACKS.clear()
    converted = _values(stack, values)
    mask = 0
    for worth in converted:
        mask |= 1 << worth
    _STACKS[id(stack)] = (stack, values, converted, mask)
    return converted, mask


#: :func:`_stack_values`'s answers by the identity of the stack.
_STACKS: Final[dict[int, tuple[object, object, Values, int]]] = {}


def centre_values(centre: tuple[tuple[Card, ...], ...], values: dict[Rank, int]) -> tuple[Values, ...]:
    """The centre stacks in values, kept for the last centre asked about, by its identity (a speed
    device: a discard, a side move or ending the turn leaves the centre the same object, so the
    next turn's first search finds it; the entry holds the centre, so its id stays its)."""
    last = _LAST_CENTRE
    if last[0] is centre and last[1] is values:
        return last[2]  # type: ignore[return-value]
    converted = tuple([_values(stack, values) for stack in centre])
    _LAST_CENTRE[:] = [centre, values, converted]
    return converted


_LAST_CENTRE: Final[list[object]] = [None, None, ()]


def _take(
    hand: Values, side: tuple[tuple[Values, ...], ...], payoff: tuple[Values, ...], origin: int, owner: int,
    index: int, worth: int,
) -> tuple[Values, tuple[tuple[Values, ...], ...], tuple[Values, ...]]:
    """``Table.take`` in values: the card leaves the hand, a pay-off top or a side-stack top."""
    if origin == HAND:
        at = hand.index(worth)
        return hand[:at] + hand[at + 1:], side, payoff
    if origin == PAYOFF:
        return hand, side, payoff[:owner] + (payoff[owner][:-1],) + payoff[owner + 1:]
    stacks = side[owner]
    stacks = stacks[:index] + (stacks[index][:-1],) + stacks[index + 1:]
    return hand, side[:owner] + (stacks,) + side[owner + 1:], payoff


def _settled(owed: tuple[tuple[int, int], ...], space: int, stack: Values) -> tuple[tuple[int, int], ...]:
    """``Table.settle`` in values: the covers owed on ``space`` that ``stack`` has not met yet
    (``table.obligation_met``). ``owed`` itself where all are still owed (a speed device: most
    moves meet none, and rebuilding boxes each entry into a new tuple)."""
    size = len(stack)
    kept: list[tuple[int, int]] | None = None
    at = 0
    for entry in owed:
        where, place = entry
        if where == space and (size <= place or stack[place] != WILD or (size > place + 1 and stack[place + 1] != WILD)):
            if kept is None:
                kept = list(owed[:at])
        elif kept is not None:
            kept.append(entry)
        at += 1
    return owed if kept is None else tuple(kept)

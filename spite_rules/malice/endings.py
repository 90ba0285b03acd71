"""The moves that end a turn, interned: discards (one card, or seed 004's groups of equal cards)
with their runs onto the side spaces, seed 002's side moves with their paths, and ending the turn
without a discard. ``legal_moves`` lists them from here; each is built once and is the same object
every time it is met (a playout allocates no actions).

Layer: Spite and Malice: rules of play — may import its values, the core, the cards and the errors; never Spite.

>>> from spite_rules.cards import parse_card
>>> discard(0, (parse_card("7♣"),), 1) is discard(0, (parse_card("7♣"),), 1)
True
>>> move_side(0, parse_card("7♣"), 0, 1).side
1
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from spite_rules.cards import Card, Rank, parse_card  # noqa: F401 (the doctests read cards)
from spite_rules.malice.actions import Discard, EndTurn, MoveSide
from spite_rules.malice.order import MALICE_INDEX, MALICE_KINDS, sort_key
from spite_rules.malice.side_stacks import side_spaces, side_spaces_by_rank
from spite_rules.malice.rules import Rules
from spite_rules.malice.state import Stack
from spite_rules.malice.table import RANK_ACE

__all__ = [
    "discard", "move_side", "end_turn", "discard_run", "Runs", "runs_onto", "discard_spaces", "side_moves",
    "side_paths", "AnyShape", "any_shape", "groups",
]


#: The rows of discards of two or more cards, by ``_code(cards) * 8 + player`` (an int key hashes in
#: C, a tuple of cards calls ``Card.__hash__`` per card).
_DISCARDS: Final[dict[int, dict[int, Discard]]] = {}
#: The rows of one-card discards, by ``card.order * 8 + player`` (an int key hashes in C).
_SINGLES: Final[dict[int, dict[int, Discard]]] = {}
_MOVES_SIDE: Final[dict[tuple[int, int, int, int], MoveSide]] = {}
_ENDS: Final[dict[int, EndTurn]] = {}

#: Seed 004's groups of equal cards a hand may discard together, by the hand's :func:`_code` (a
#: key: an int hashes in C, where a tuple of cards calls ``Card.__hash__`` per card).
_GROUPS: Final[dict[int, list[tuple[Card, ...]]]] = {}


def discard(player: int, cards: tuple[Card, ...], side: int) -> Discard:
    """The one ``Discard`` object for this move.

    >>> discard(0, (parse_card("7♣"),), 1) is discard(0, (parse_card("7♣"),), 1)
    True
    """
    row = _discard_row(player, cards)
    found = row.get(side)
    if found is None:
        found = row[side] = Discard(player, cards, side)
    return found


def _discard_row(player: int, cards: tuple[Card, ...]) -> dict[int, Discard]:
    """The ``Discard`` objects of these cards, by side space."""
    if len(cards) == 1:
        code = cards[0].order * 8 + player
        row = _SINGLES.get(code)
        if row is None:
            row = _SINGLES[code] = {}
        return row
    key = _code(cards) * 8 + player
    found = _DISCARDS.get(key)
    if found is None:
        found = _DISCARDS[key] = {}
    return found


def discard_run(player: int, cards: tuple[Card, ...], spaces: tuple[int, ...]) -> tuple[Discard, ...]:
    """The ``Discard`` objects of these cards onto each of ``spaces``, in order, kept by the spaces
    and an int code of the cards (:func:`_code`: a card's ``order`` names it exactly, and an int
    hashes in C where a ``Card`` hashes in Python) and the player.

    >>> from spite_rules.cards import parse_cards
    >>> [move.side for move in discard_run(0, parse_cards("7♣ 7♦"), (0, 2))]
    [0, 2]
    """
    runs = runs_onto(spaces)
    if len(cards) == 1:
        return runs.single(player, cards[0], cards[0].order)
    key = _code(cards) * 8 + player
    run = runs.groups.get(key)
    if run is None:
        if len(runs.groups) > 65536:
            runs.groups.clear()
        run = runs.groups[key] = tuple([discard(player, cards, space) for space in spaces])
    return run


class Runs:
    """The runs of interned discards onto one tuple of side spaces: a card's by a list index (an
    index reads the list in C with no key to box, hash or compare), seed 004's groups by
    :func:`_code` of their cards * 8 + player.

    >>> seven = parse_card("7♣")
    >>> [move is discard(0, (seven,), move.side) for move in Runs((0, 1)).single(0, seven, seven.order)]
    [True, True]
    """

    __slots__ = ("spaces", "singles", "groups")

    def __init__(self, spaces: tuple[int, ...]) -> None:
        self.spaces = spaces
        #: By ``player * MALICE_KINDS + MALICE_INDEX[order]``, None where not built yet.
        self.singles: list[tuple[Discard, ...] | None] = []
        self.groups: dict[int, tuple[Discard, ...]] = {}

    def single(self, player: int, card: Card, order: int) -> tuple[Discard, ...]:
        """The discards of ``card`` (whose ``order`` is ``order``) by ``player`` onto the spaces."""
        index = MALICE_INDEX[order]
        if 0 <= player < 8 and index >= 0:
            index += player * MALICE_KINDS
            singles = self.singles
            if index < len(singles):
                run = singles[index]
                if run is not None:
                    return run
            else:
                singles += [None] * (index + 1 - len(singles))
            run = singles[index] = tuple([discard(player, (card,), space) for space in self.spaces])
            return run
        return tuple([discard(player, (card,), space) for space in self.spaces])


def runs_onto(spaces: tuple[int, ...]) -> Runs:
    """The runs of interned discards onto ``spaces`` (the spaces are looked up once a position,
    and each card by a list index).

    >>> runs_onto((0, 1)) is runs_onto((0, 1))
    True
    """
    runs = _RUNS.get(spaces)
    if runs is None:
        if len(_RUNS) > 1024:
            _RUNS.clear()
        runs = _RUNS[spaces] = Runs(spaces)
    return runs


#: Runs of interned discards, by side spaces.
_RUNS: Final[dict[tuple[int, ...], Runs]] = {}


def _code(cards: tuple[Card, ...]) -> int:
    """Two or more cards as one int: their ``order`` (below 512, and at least 16) in 9 bits each,
    the first lowest. Equal tuples of cards give equal codes and, as ``order`` names a card exactly,
    unequal ones unequal codes; one card's code is its ``order``, below any longer tuple's.

    >>> _code((parse_card("7♣"), parse_card("7♦"))) == parse_card("7♣").order + (parse_card("7♦").order << 9)
    True
    """
    code = 0
    shift = 0
    for card in cards:
        code += card.order << shift
        shift += 9
    return code


def move_side(player: int, card: Card, source: int, side: int) -> MoveSide:
    """The one ``MoveSide`` object for this move.

    >>> move_side(0, parse_card("7♣"), 0, 1) is move_side(0, parse_card("7♣"), 0, 1)
    True
    """
    if 0 <= player < 8 and 0 <= source < 256 and 0 <= side < 256:
        # the move as one int (it hashes and compares in C, a tuple field by field); each field
        # in its own bits, so unequal moves get unequal codes
        number = ((card.order * 8 + player) * 256 + source) * 256 + side
        found = _MOVES_SIDE_BY_NUMBER.get(number)
        if found is None:
            found = _MOVES_SIDE_BY_NUMBER[number] = MoveSide(player, card, source, side)
        return found
    key = (player, card.order, source, side)
    found = _MOVES_SIDE.get(key)
    if found is None:
        found = _MOVES_SIDE[key] = MoveSide(player, card, source, side)
    return found


#: The interned side moves whose fields fit the bits of :func:`move_side`'s int code, by that code.
_MOVES_SIDE_BY_NUMBER: Final[dict[int, MoveSide]] = {}


def end_turn(player: int) -> EndTurn:
    """The one ``EndTurn`` object for this seat.

    >>> end_turn(1) is end_turn(1)
    True
    """
    found = _ENDS.get(player)
    if found is None:
        found = _ENDS[player] = EndTurn(player)
    return found

def discard_spaces(rules: Rules, stacks: tuple[Stack, ...], ranks: list[Rank]) -> dict[Rank, tuple[int, ...]]:
    """The side spaces a card of each of ``ranks`` may be discarded on (``side_stacks.side_spaces``), only
    the empty ones where ``fill_empty_side_stacks`` holds and one is empty. Ranks given the same
    spaces in a row share one tuple (``legal_moves`` finds each tuple's runs once).

    >>> from spite_rules.cards import parse_cards
    >>> found = discard_spaces(Rules(), (parse_cards("7♠"), (), ()), [Rank.FIVE, Rank.NINE])
    >>> found[Rank.FIVE], found[Rank.FIVE] is found[Rank.NINE]
    ((0, 1), True)
    """
    fill = rules.fill_empty_side_stacks and any(not stack for stack in stacks)
    by_rank: dict[Rank, tuple[int, ...]] = {}
    previous: list[int] | None = None
    spaces: tuple[int, ...] = ()
    for rank, listed in side_spaces_by_rank(rules, stacks, ranks).items():
        if fill:
            listed = [space for space in listed if not stacks[space]]
        if listed != previous:
            spaces = tuple(listed)
            previous = listed
        by_rank[rank] = spaces
    return by_rank


def side_moves(rules: Rules, seat: int, stacks: tuple[Stack, ...], shape: AnyShape | None) -> list[MoveSide]:
    """Seed 002's side moves from ``stacks`` (before the turn's rules judge them), in order;
    ``shape`` is the stacks' :class:`AnyShape` under ``SideRule.ANY`` (None under the other rules).

    >>> from spite_rules.cards import parse_cards
    >>> stacks = (parse_cards("7♠"), parse_cards("9♦ 4♣"), (), ())
    >>> [(move.source, move.side) for move in side_moves(Rules(), 0, stacks, any_shape(Rules(), stacks))]
    [(0, 1), (1, 0), (1, 2)]
    """
    found: list[MoveSide] = []
    if shape is not None:
        # each source's spaces from the shape of the stacks, each stack top's moves from its row
        source = 0
        for spaces in shape.targets:
            if spaces:
                card = stacks[source][-1]
                top_row = _side_row(seat, card, source)
                for space in spaces:
                    found.append(_row_move(top_row, seat, card, source, space))
            source += 1
    else:
        row: list[MoveSide | None] = []
        last = -1
        for source, space in side_paths(rules, stacks):
            if source != last:
                row = _side_row(seat, stacks[source][-1], source)
                last = source
            found.append(_row_move(row, seat, stacks[source][-1], source, space))
    return found


def _row_move(row: list[MoveSide | None], seat: int, card: Card, source: int, space: int) -> MoveSide:
    """The interned side move of ``card`` from ``source`` to ``space``, read from (or added to) the
    row of its stack top (:func:`_side_row`)."""
    if space < len(row):
        move = row[space]
        if move is None:
            move = row[space] = move_side(seat, card, source, space)
        return move
    move = move_side(seat, card, source, space)
    if space < 256:
        row += [None] * (space + 1 - len(row))
        row[space] = move
    return move


def _side_row(seat: int, card: Card, source: int) -> list[MoveSide | None]:
    """The interned side moves of ``card`` from side stack ``source``, by the space they go to (None
    where not built yet), kept by a list index, ``(seat * 8 + source) * MALICE_KINDS`` plus the
    card's ``MALICE_INDEX`` (a stack's top is looked up once, then each of its moves by a list index)."""
    if 0 <= seat < 8 and 0 <= source < 8:
        index = MALICE_INDEX[card.order]
        if index >= 0:
            index += (seat * 8 + source) * MALICE_KINDS
            rows = _SIDE_ROWS
            if index < len(rows):
                row = rows[index]
                if row is not None:
                    return row
            else:
                rows += [None] * (index + 1 - len(rows))
            row = rows[index] = []
            return row
    return []


#: :func:`_side_row`'s rows (each a list the moves are added to as they are met), by their index.
_SIDE_ROWS: Final[list[list[MoveSide | None] | None]] = []


def side_paths(rules: Rules, stacks: tuple[Stack, ...]) -> list[tuple[int, int]]:
    """Seed 002's side moves from ``stacks`` as (source, space) pairs, in order: each side-stack top
    onto each space ``side_stacks.side_spaces`` allows it once it has left its stack, other than its own (the
    rule itself; :attr:`AnyShape.paths` is its fast twin under ``SideRule.ANY``).

    >>> from spite_rules.cards import parse_cards
    >>> side_paths(Rules(), (parse_cards("7♠"), parse_cards("9♦ 4♣"), (), ()))
    [(0, 1), (1, 0), (1, 2)]
    """
    found: list[tuple[int, int]] = []
    for source, stack in enumerate(stacks):
        if stack:
            rest = tuple(stacks[:source]) + (stack[:-1],) + tuple(stacks[source + 1:])
            for space in side_spaces(rules, rest, (stack[-1],)):
                if space != source:
                    found.append((source, space))
    return found


class AnyShape:
    """What seed 002's side moves and the discards under ``SideRule.ANY`` are for stacks of one
    shape (each stack's size, counted up to 2): :func:`side_paths` of stacks of that shape, the
    spaces each source's top may go to, and the discards' spaces (which depend on which stacks are
    empty alone). Exact: under ``ANY`` a card may go on any stack that has cards or
    on the first empty one (``side_stacks.side_spaces``), so the answer depends on which stacks are empty
    once the top has left its stack, and a stack is left empty exactly when it held one card.
    ``tests/malice/properties`` holds the two equal.

    >>> from spite_rules.cards import parse_cards
    >>> AnyShape(Rules(), (parse_cards("7♠"), parse_cards("9♦ 4♣"), (), ())).targets
    [(1,), (0, 2), (), ()]
    """

    __slots__ = ("rules", "paths", "targets", "runs")

    def __init__(self, rules: Rules, stacks: tuple[Stack, ...]) -> None:
        self.rules = rules
        #: The discards onto the spaces any card may be discarded on (:func:`discard_spaces`: under
        #: ``ANY`` they are the stacks with cards and the first empty one, whatever the card, or the
        #: first empty one alone where ``fill_empty_side_stacks`` holds).
        self.runs = runs_onto(discard_spaces(rules, stacks, [RANK_ACE])[RANK_ACE])
        self.paths = side_paths(rules, stacks)
        targets: list[list[int]] = [[] for _ in stacks]
        for source, space in self.paths:
            targets[source].append(space)
        #: By source, the spaces its top may go to (empty for an empty stack).
        self.targets = [tuple(spaces) for spaces in targets]


def any_shape(rules: Rules, stacks: tuple[Stack, ...]) -> AnyShape:
    """The :class:`AnyShape` of ``stacks`` under ``rules``, kept by one int code of their shape
    (a leading 1, then each stack's size counted up to 2 as a base-3 digit: an int key hashes in C,
    and shapes of any number of stacks get unequal codes); the entry holds the rules.

    >>> from spite_rules.cards import parse_cards
    >>> rules = Rules()
    >>> any_shape(rules, (parse_cards("7♠"), (), ())) is any_shape(rules, (parse_cards("8♦"), (), ()))
    True
    """
    code = 1
    for stack in stacks:
        size = len(stack)
        code = code * 3 + (size if size < 2 else 2)
    known = _ANY_PATHS.get(code)
    if known is not None and known.rules is rules:
        return known
    if len(_ANY_PATHS) > 1024:
        _ANY_PATHS.clear()
    found = _ANY_PATHS[code] = AnyShape(rules, stacks)
    return found


#: :func:`any_shape`'s answers by the code of the shape of the stacks (each entry holds its rules).
_ANY_PATHS: Final[dict[int, AnyShape]] = {}


def groups(hand: tuple[Card, ...]) -> list[tuple[Card, ...]]:
    """Seed 004: "A player may place two or more cards from their hand with the same number on a
    column at the same time": the groups of two or more equal cards, in a fixed order.

    >>> from spite_rules.cards import parse_cards
    >>> [" ".join(map(str, cards)) for cards in groups(parse_cards("7♣ 7♦ 9♠"))]
    ['7♣ 7♦']
    """
    # A hand is kept sorted, so cards of one rank sit together: most hands have no two, and no group.
    previous = None
    for card in hand:
        if card.rank is previous:
            break
        previous = card.rank
    else:
        return []
    key = _code(hand)
    found = _GROUPS.get(key)
    if found is not None:
        return found
    found = []
    for rank in dict.fromkeys(card.rank for card in hand):
        same = [card for card in hand if card.rank is rank]
        if len(same) == 2:
            # the one group of two cards, what the general line below gives for them
            found.append((same[0], same[1]))
            continue
        for size in range(2, len(same) + 1):
            found += sorted(set(combinations(same, size)), key=lambda cards: [sort_key(c) for c in cards])
    if len(_GROUPS) > 4096:
        _GROUPS.clear()
    _GROUPS[key] = found
    return found

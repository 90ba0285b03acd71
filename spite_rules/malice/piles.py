"""The rules of the centre stacks: what may go on one, how many may stand, and when one is
complete (the side stacks' are :mod:`spite_rules.malice.side_stacks`'s).

Layer: Spite and Malice: rules of play — may import its values, the core, the cards and the errors; never Spite.

Which copy is the rule: the generator. :func:`needs_of_shape` (read through :func:`centre_needs`
and :func:`fits`, and by the "must be sure" search in values) is the centre's rules;
``legal_moves`` reads it. :func:`centre_breach` asks the generator and, only when it refuses, words
the refusal: each ``<clause>_breach`` function quotes its seed and gives the words of its clause
(None where its clause is not the one broken). :func:`tag` and :func:`rule_of` tag a refusal with
its clause, for every rule of the piles.

A centre stack's top stands for the stack's length (the first card an ace, the next a 2, ...), so
a wild card on it stands for the value its place needs (seed 003: "When a king is placed on a centre
stack it represents the next higher value than the card it covers").

>>> from spite_rules.cards import parse_card, parse_cards
>>> rules = Rules()
>>> next_higher_breach(rules, parse_card("9♠"), parse_cards("A♣ 2♦ 3♣ 4♥ 5♠ 6♦"), 1)
'a 9♠ cannot go on centre 2 showing 6: it needs a 7 [malice.centre.next-higher]'
>>> next_higher_breach(rules, parse_card("K♠"), parse_cards("A♣ 2♦ 3♣ 4♥ 5♠ 6♦"), 1) is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from spite_rules.cards import Card, Rank
from spite_rules.malice.order import WILD, RulesTable, rules_table, value, value_name, value_table, wild_may_be
from spite_rules.malice.rules import CentreLimit, Rules
from spite_rules.malice.state import Stack

__all__ = [
    "centre_limit",
    "rule_of",
    "stays_complete",
    "new_stack_space",
    "shape_of",
    "free_space_of_shape",
    "needs_of_shape",
    "ace_starts_breach",
    "next_higher_breach",
    "wild_value_breach",
    "wild_jack_queen_breach",
    "centre_limit_breach",
    "new_stack_space_breach",
    "centre_breach",
    "centre_clauses_breach",
    "fits",
    "centre_needs",
    "centre_needs_row",
    "tag",
]


def tag(message: str, rule: str) -> str:
    """A breach in words, naming its rule: ``tag("...", "centre.next-higher")``.

    >>> tag("a 9♠ cannot go there", "centre.next-higher")
    'a 9♠ cannot go there [malice.centre.next-higher]'
    """
    return f"{message} [malice.{rule}]"


def rule_of(breach: str) -> str | None:
    """The id of the rule a breach names (what :func:`tag` appended), or None.

    >>> rule_of(tag("a 9♠ cannot go there", "centre.next-higher"))
    'malice.centre.next-higher'
    >>> rule_of("no rule named") is None
    True
    """
    if breach.endswith("]") and " [malice." in breach:
        return breach[breach.rindex(" [") + 2 : -1]
    return None


def centre_limit(rules: Rules, players: int) -> int | None:
    """How many centre stacks may stand at once (None: no limit).

    Seed 003: "There cannot be more than three centre stacks at one time." Variations: "a maximum of
    four", "an unlimited number", "limited to one more than the number of players". Seed 002: "four
    playable spaces"; seed 004: "Up to four pools".

    >>> centre_limit(Rules(), 2), centre_limit(Rules(centre_limit=CentreLimit.PLAYERS_PLUS_ONE), 4)
    (3, 5)
    """
    limit = rules.centre_limit
    if limit is CentreLimit.THREE:
        return 3
    if limit is CentreLimit.FOUR:
        return 4
    if limit is CentreLimit.PLAYERS_PLUS_ONE:
        return players + 1
    return None


def stays_complete(stack: Stack, rules: Rules) -> bool:
    """Does a completed stack stay in its space? Seed 002: "if a wild card is used to finish off a
    stack (played as a wild-12), the stack stays until: a 1 (Ace) can be played nowhere else in
    another vacant spot, and room needs to be made so it may be played; cards are needed to shuffle
    into the draw pile".

    >>> from spite_rules.cards import parse_cards
    >>> stays_complete(parse_cards("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ JK"), Rules.preset("jacks"))
    True
    """
    return (
        rules.wild_queen_stays
        and len(stack) >= rules.top_value
        and value_table(rules)[stack[-1].rank] == WILD
    )


def new_stack_space(centre: Sequence[Stack], rules: Rules, players: int) -> int | None:
    """The space a new centre stack takes: the first empty space; else (seed 002) the first stack a
    wild queen completed, which is set aside to make room; else, with no limit, a new space at the
    end. None when no stack may be started (ruling M9: one space per new stack, the first free one).
    :func:`free_space_of_shape` of the centre's shape.

    >>> from spite_rules.cards import parse_cards
    >>> new_stack_space(((), parse_cards("A♠"), ()), Rules(), 2)
    0
    >>> new_stack_space(tuple((card,) for card in parse_cards("A♠ A♦ A♣")), Rules(), 2) is None
    True
    """
    free = free_space_of_shape(rules_table(rules), players, shape_of(centre, value_table(rules)))
    return None if free < 0 else free


def shape_of(centre: Sequence[Stack], values: dict[Rank, int]) -> list[int]:
    """What the centre's rules read of the centre: each stack as ``size * 2``, plus one where a wild
    card tops it (``values``: ``order.value_table`` of the rules).

    >>> from spite_rules.cards import parse_cards
    >>> shape_of((parse_cards("A♠ K♦"), (), parse_cards("A♣")), value_table(Rules()))
    [5, 0, 2]
    """
    return [len(stack) * 2 + (values[stack[-1].rank] == WILD) if stack else 0 for stack in centre]


def free_space_of_shape(table: RulesTable, players: int, shape: Sequence[int]) -> int:
    """Ruling M9's first free space of a centre of ``shape`` (:func:`shape_of`) under the rules of
    ``table`` (``order.rules_table``): the first empty space; else (seed 002's ``wild_queen_stays``)
    the first stack a wild queen completed; else, below the limit, a new space at the end; -1 for none.

    >>> free_space_of_shape(rules_table(Rules()), 2, [2, 0, 0]), free_space_of_shape(rules_table(Rules()), 2, [2, 2, 2])
    (1, -1)
    """
    for space, entry in enumerate(shape):
        if entry == 0:
            return space
    if table.wild_queen_stays:
        top = table.top_value
        for space, entry in enumerate(shape):
            if entry & 1 and entry >> 1 >= top:
                return space
    limit = centre_limit(table.rules, players)
    if limit is None or len(shape) < limit:
        return len(shape)
    return -1


def needs_of_shape(table: RulesTable, players: int, shape: Sequence[int]) -> dict[int, tuple[int, ...]]:
    """The centre's rules (those of ``table``, ``order.rules_table``): for each value (and :data:`WILD`), the spaces of a centre of ``shape``
    (:func:`shape_of`: they read nothing else of it) a card of that value may go on. Seed 003: "The
    first card in each centre stack must be an ace", "the next higher card than the card showing",
    "There cannot be more than three centre stacks at one time"; the wild cards' restrictions
    (``wild_cannot_be``); seed 002's wild J and Q ("Wild cards cannot be used for both a Jack and a
    Queen"); ruling M9's first free space (:func:`free_space_of_shape`). :func:`centre_needs` reads
    it for the cards at the table, ``sure_values.Seat.fits`` for the search's centres in values.

    >>> needs_of_shape(rules_table(Rules()), 2, [4, 0, 0])
    {3: (0,), 0: (0, 1), 1: (1,)}
    """
    top = table.top_value
    cannot = table.wild_cannot_be
    stays = table.wild_queen_stays
    jack_queen_rule = table.wild_on_wild_covered
    needs: dict[int, list[int]] = {}
    free = free_space_of_shape(table, players, shape)
    for space, entry in enumerate(shape):
        size = entry >> 1
        wild_top = entry & 1
        if size == 0 or (size >= top and stays and wild_top):
            if space == free:
                needs.setdefault(1, []).append(space)
                if 1 not in cannot:
                    needs.setdefault(WILD, []).append(space)
        elif size < top:
            needed = size + 1
            needs.setdefault(needed, []).append(space)
            jack_queen = jack_queen_rule and needed == top and wild_top
            if needed not in cannot and not jack_queen:
                needs.setdefault(WILD, []).append(space)
    if free == len(shape) and centre_limit(table.rules, players) is None:
        needs.setdefault(1, []).append(free)
        if 1 not in cannot:
            needs.setdefault(WILD, []).append(free)
    return {worth: tuple(spaces) for worth, spaces in needs.items()}


def ace_starts_breach(rules: Rules, card: Card, stack: Stack, centre: int) -> str | None:
    """Seed 003: "The first card in each centre stack must be an ace" (seed 004: "Cards must be
    placed on a pool in numerical order, A, 2-10, J, Q, K").

    >>> from spite_rules.cards import parse_card
    >>> ace_starts_breach(Rules(), parse_card("2♠"), (), 0)
    'a 2♠ cannot start a centre stack: only an ace can [malice.centre.ace-starts]'
    """
    if stack and not stays_complete(stack, rules):
        return None
    worth = value(card, rules)
    if worth == 1 or worth == WILD:
        return None
    return tag(f"a {card} cannot start a centre stack: only an ace can", "centre.ace-starts")


def next_higher_breach(rules: Rules, card: Card, stack: Stack, centre: int) -> str | None:
    """Seed 003: "to play to a centre stack the next higher card than the card showing (for example a
    six on a five, or a jack on a ten, irrespective of suit)"; a stack ends at its last value.

    >>> from spite_rules.cards import parse_cards
    >>> next_higher_breach(Rules(), parse_cards("Q♠")[0], parse_cards("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ K♥"), 0)
    'centre 1 is complete: nothing goes on it [malice.centre.next-higher]'
    """
    if not stack or stays_complete(stack, rules):
        return None
    if len(stack) >= rules.top_value:
        return tag(f"centre {centre + 1} is complete: nothing goes on it", "centre.next-higher")
    worth = value(card, rules)
    needed = len(stack) + 1
    if worth == WILD or worth == needed:
        return None
    return tag(
        f"a {card} cannot go on centre {centre + 1} showing {value_name(len(stack))}: "
        f"it needs a {value_name(needed)}",
        "centre.next-higher",
    )


def wild_value_breach(rules: Rules, card: Card, stack: Stack, centre: int) -> str | None:
    """Seed 003: "Some play that a wild card (King, or Joker if used) cannot be used to represent an
    ace. Others play that a wild card cannot represent an ace or a seven." Book: "A joker cannot be
    used to start a centre stack, because a joker cannot represent an ace."

    >>> from spite_rules.cards import parse_card
    >>> wild_value_breach(Rules.preset("book"), parse_card("JK"), (), 0)
    'a wild 🃏 cannot stand for an A here [malice.wild.cannot-be]'
    """
    if value(card, rules) != WILD or not rules.wild_cannot_be:
        return None
    stands_for = 1 if not stack or stays_complete(stack, rules) else len(stack) + 1
    if wild_may_be(rules, stands_for):
        return None
    return tag(f"a wild {card} cannot stand for an {value_name(stands_for)} here", "wild.cannot-be")


def wild_jack_queen_breach(rules: Rules, card: Card, stack: Stack, centre: int) -> str | None:
    """Seed 002: "Wild cards cannot be used for both a Jack and a Queen (11 and 12), as they cannot
    be covered." (A wild card on a wild jack would stand for the queen.)

    >>> from spite_rules.cards import parse_card, parse_cards
    >>> wild_jack_queen_breach(Rules.preset("jacks"), parse_card("JK"), parse_cards("A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ K♥"), 0)
    'a wild 🃏 cannot stand for Q on a wild J: wild cards cannot be both J and Q [malice.jacks.wild-jack-queen]'
    """
    if not rules.wild_on_wild_covered or len(stack) != rules.top_value - 1:
        return None
    values = value_table(rules)
    if values[card.rank] != WILD or values[stack[-1].rank] != WILD:
        return None
    return tag(
        f"a wild {card} cannot stand for {value_name(rules.top_value)} on a wild "
        f"{value_name(rules.top_value - 1)}: wild cards cannot be both J and Q",
        "jacks.wild-jack-queen",
    )


def centre_limit_breach(rules: Rules, centre: Sequence[Stack], players: int, space: int) -> str | None:
    """Seed 003: "There cannot be more than three centre stacks at one time." (or the variation's
    limit). Asked only when a card would start a new stack.

    >>> from spite_rules.cards import parse_cards
    >>> full = tuple((card,) for card in parse_cards("A♠ A♦ A♣"))
    >>> centre_limit_breach(Rules(), full, 2, 3)
    'no new centre stack: there cannot be more than 3 at one time [malice.centre.limit]'
    """
    if new_stack_space(centre, rules, players) is not None:
        return None
    limit = centre_limit(rules, players)
    return tag(f"no new centre stack: there cannot be more than {limit} at one time", "centre.limit")


def new_stack_space_breach(rules: Rules, centre: Sequence[Stack], players: int, space: int) -> str | None:
    """Ruling M9: a new centre stack takes the first free space (an empty space, then seed 002's
    stack completed by a wild queen, then a new space where there is no limit).

    >>> new_stack_space_breach(Rules(), ((), (), ()), 2, 2)
    'a new centre stack goes in the first free space, centre 1, not centre 3 [malice.centre.first-free-space]'
    """
    free = new_stack_space(centre, rules, players)
    if free is None or free == space:
        return None
    return tag(
        f"a new centre stack goes in the first free space, centre {free + 1}, not centre {space + 1}",
        "centre.first-free-space",
    )


def centre_breach(rules: Rules, centre: Sequence[Stack], players: int, card: Card, space: int) -> str | None:
    """Why ``card`` may not go on centre space ``space``, naming the clause; None where
    :func:`fits` (the rule) allows it. The words are built only on a refusal.

    >>> from spite_rules.cards import parse_card, parse_cards
    >>> centre_breach(Rules(), ((), (), ()), 2, parse_card("A♠"), 0) is None
    True
    >>> centre_breach(Rules(), ((), (), ()), 2, parse_card("A♠"), 7)
    'centre 8 does not exist (there are 3 spaces) [malice.centre.space]'
    >>> full = tuple((card,) for card in parse_cards("A♠ A♦ A♣"))
    >>> centre_breach(Rules(), full, 2, parse_card("A♥"), 3)
    'no new centre stack: there cannot be more than 3 at one time [malice.centre.limit]'
    """
    if type(space) is not int or space < 0 or space > len(centre):  # the space after the last is a new stack's
        return tag(f"centre {space + 1 if type(space) is int else space} does not exist "
                   f"(there are {len(centre)} spaces)", "centre.space")
    if space in fits(rules, centre, players, card):
        return None
    found = centre_clauses_breach(rules, centre, players, card, space)
    assert found is not None, f"centre_needs refuses {card} on centre {space + 1} but no clause words it"
    return found


def centre_clauses_breach(rules: Rules, centre: Sequence[Stack], players: int, card: Card, space: int) -> str | None:
    """The centre's clauses one by one (each ``<clause>_breach`` of putting ``card`` on ``space``,
    an existing space or the one after the last), the first broken in words: the words
    :func:`centre_breach` gives a refusal of :func:`centre_needs`, and the clause-by-clause statement
    ``tests/malice/properties`` holds :func:`centre_needs` to.

    >>> from spite_rules.cards import parse_card
    >>> centre_clauses_breach(Rules(), ((), (), ()), 2, parse_card("7♥"), 0)
    'a 7♥ cannot start a centre stack: only an ace can [malice.centre.ace-starts]'
    """
    stack = centre[space] if space < len(centre) else ()
    if not stack or stays_complete(stack, rules):
        return (
            ace_starts_breach(rules, card, stack, space)
            or wild_value_breach(rules, card, stack, space)
            or centre_limit_breach(rules, centre, players, space)
            or new_stack_space_breach(rules, centre, players, space)
        )
    return (
        next_higher_breach(rules, card, stack, space)
        or wild_value_breach(rules, card, stack, space)
        or wild_jack_queen_breach(rules, card, stack, space)
    )


def fits(rules: Rules, centre: Sequence[Stack], players: int, card: Card) -> tuple[int, ...]:
    """The centre spaces ``card`` may go on now, in order (:func:`centre_needs` of its value).

    >>> from spite_rules.cards import parse_card, parse_cards
    >>> fits(Rules(), (parse_cards("A♠ 2♠"), (), parse_cards("A♦ 2♦")), 2, parse_card("3♥"))
    (0, 2)
    """
    return centre_needs(rules, centre, players).get(value_table(rules)[card.rank], ())


def centre_needs(rules: Rules, centre: Sequence[Stack], players: int) -> dict[int, tuple[int, ...]]:
    """For each value (and :data:`WILD`), the centre spaces a card of that value may go on now: the
    centre's rules, :func:`needs_of_shape` of the centre's shape, kept by the shape. What
    :func:`fits` reads and :func:`centre_breach` asks; :func:`centre_clauses_breach` states the
    same rules clause by clause (``tests/malice/properties`` holds the two equal).

    >>> from spite_rules.cards import parse_cards
    >>> centre_needs(Rules(), (parse_cards("A♠ 2♠"), (), ()), 2)
    {3: (0,), 0: (0, 1), 1: (1,)}
    """
    return _needs(rules_table(rules), centre, players).by_value


def centre_needs_row(table: RulesTable, centre: Sequence[Stack], players: int) -> tuple[tuple[int, ...], ...]:
    """:func:`centre_needs` under the rules of ``table`` (``order.rules_table``, which the caller
    holds) as a tuple indexed by value (an index where a dict lookup hashes and compares the
    value), one entry for every value a card may have (empty where it goes on no space).

    >>> from spite_rules.cards import parse_cards
    >>> centre_needs_row(rules_table(Rules()), (parse_cards("A♠ 2♠"), (), ()), 2)[:5]
    ((0, 1), (1,), (), (0,), ())
    """
    return _needs(table, centre, players).row


#: A row of :class:`_Needs` has an entry for every value, WILD (0) to 13: a value needs no bounds test.
_EVERY_VALUE: Final = 14


class _Needs:
    """What :func:`needs_of_shape` found for one shape of centre, by value both as a dict and as a
    tuple indexed by value (empty where the dict has no entry; a tuple of tuples of ints, which the
    cyclic collector stops tracking, where a list is traversed at every full collection)."""

    __slots__ = ("by_value", "row")

    def __init__(self, by_value: dict[int, tuple[int, ...]]) -> None:
        self.by_value = by_value
        row: list[tuple[int, ...]] = [()] * _EVERY_VALUE
        for worth, spaces in by_value.items():
            row[worth] = spaces
        self.row = tuple(row)


def _needs(table: RulesTable, centre: Sequence[Stack], players: int) -> _Needs:
    """The :class:`_Needs` of ``centre``, kept in its rules' ``table`` (``order.rules_table``) by
    the shape of the centre and the number of seats, and for the last centre asked about."""
    if centre is table.last_centre and players == table.last_players:  # a speed device: 15M instructions, 2k an action
        return table.last_needs  # type: ignore[no-any-return]
    worths = table.worths
    shape = [len(stack) * 2 + (worths[stack[-1].order] == WILD) if stack else 0 for stack in centre]
    known = _kept_needs(table, shape, players)
    if type(centre) is tuple:  # a list (a Table's centre) changes in place: never remembered
        table.last_centre = centre
        table.last_players = players
        table.last_needs = known
    return known


def values_needs_row(table: RulesTable, centre: tuple[int, ...], players: int) -> tuple[tuple[int, ...], ...]:
    """:func:`centre_needs_row` of a centre in values (``sure_values``' positions: a stack's size in
    its low five bits, bit ``5 + i`` set where its card ``i`` is wild), kept in the same table by the
    same code of its shape.

    >>> values_needs_row(rules_table(Rules()), (2, 0, 0), 2)[:5]
    ((0, 1), (1,), (), (0,), ())
    """
    code = 1  # :func:`_kept_needs`' key, found without the shape's list (made on a miss)
    for stack in centre:
        code = code * 64 + (stack & 31) * 2 + (stack >> (4 + (stack & 31)) & 1)
    if 0 <= players < 16:
        known: _Needs | None = table.centre_needs.get(code * 16 + players)
        if known is not None:
            return known.row
    return _kept_needs(table, [(stack & 31) * 2 + (stack >> (4 + (stack & 31)) & 1) for stack in centre], players).row


def _kept_needs(table: RulesTable, shape: list[int], players: int) -> _Needs:
    """:func:`needs_of_shape` of ``shape`` (:func:`shape_of`), kept in ``table`` by one int code of
    the shape (a leading 1, then each entry in six bits) and the number of seats; not kept where
    the two do not fit that key (an entry of 64 or more, 16 seats or more: no rules make them)."""
    code = 1
    for entry in shape:
        if entry >= 64:
            code = -1
            break
        code = code * 64 + entry
    key = code * 16 + players if code >= 0 and 0 <= players < 16 else -1
    known: _Needs | None = table.centre_needs.get(key) if key >= 0 else None
    if known is None:
        known = _Needs(needs_of_shape(table, players, shape))
        if key >= 0:
            if len(table.centre_needs) > 4096:
                table.centre_needs.clear()
            table.centre_needs[key] = known
    return known

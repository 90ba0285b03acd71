"""The rules of the side stacks: which side spaces a discard (one card, or seed 004's group) may go
on, and what a side stack accepts.

Layer: Spite and Malice: rules of play — may import its values, the core, the cards and the errors; never Spite.

Which copy is the rule: the generator. :func:`side_spaces` is the side stacks' rules, worked out
(for several ranks at once) by :func:`side_spaces_by_rank`, which ``legal_moves`` reads.
:func:`side_breach` asks the generator and, only when it refuses, words the refusal: each
``<clause>_breach`` function quotes its seed and gives the words of its clause (None where its
clause is not the one broken); :func:`side_clauses_breach` asks them in turn.
``tests/malice/properties`` holds the clauses equal to :func:`side_spaces`.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from spite_rules.cards import Card, Rank
from spite_rules.malice.order import WILD, RulesTable, rules_table, sort_key, value
from spite_rules.malice.piles import tag
from spite_rules.malice.rules import Rules, SideRule
from spite_rules.malice.state import Stack

__all__ = [
    "side_spaces",
    "side_spaces_by_rank",
    "side_accepts",
    "side_order_breach",
    "side_empty_first_breach",
    "side_first_empty_breach",
    "side_group_breach",
    "side_breach",
    "side_clauses_breach",
]


def side_spaces(rules: Rules, stacks: Sequence[Stack], cards: Sequence[Card]) -> list[int]:
    """The side spaces ``cards`` (one card, or seed 004's group of one rank) may be discarded on, in
    order: the side stacks' rules (ruling M10's first empty space; seed 004's "Cards are placed in
    empty columns first"; the book's "equal to or one less than the card showing").

    >>> from spite_rules.cards import parse_cards
    >>> side_spaces(Rules.preset("book"), (parse_cards("7♠"), parse_cards("9♦"), (), ()), parse_cards("6♣"))
    [0, 2]
    """
    rank = cards[0].rank
    return side_spaces_by_rank(rules, stacks, (rank,))[rank]


def side_spaces_by_rank(rules: Rules, stacks: Sequence[Stack], ranks: Sequence[Rank]) -> dict[Rank, list[int]]:
    """:func:`side_spaces` of a card of each of ``ranks`` at once, the work shared by every rank
    done once.

    >>> from spite_rules.cards import parse_cards
    >>> side_spaces_by_rank(Rules.preset("book"), (parse_cards("7♠"), parse_cards("9♦"), (), ()), (Rank.SIX, Rank.NINE))
    {<Rank.SIX: 6>: [0, 2], <Rank.NINE: 9>: [1, 2]}
    """
    table = rules_table(rules)
    found: dict[Rank, list[int]] = {}
    if table.equal_or_one_less:
        values = table.values
        every = _side_accepts_all(table, stacks)
        for rank in ranks:
            worth = values[rank]
            found[rank] = [space for space, accepts in every
                           if accepts is None or worth == WILD or worth in accepts]
        return found
    spaces, empty = _open_spaces(stacks)
    if table.empty_first and empty != -1:
        for rank in ranks:
            found[rank] = [space for space in spaces if space == empty or stacks[space][-1].rank is rank]
        return found
    for rank in ranks:
        found[rank] = list(spaces)
    return found


def _open_spaces(stacks: Sequence[Stack]) -> tuple[list[int], int]:
    """The spaces a card may be considered for where the stacks are not the book's (every non-empty
    stack and the first empty one, ruling M10), and that first empty space (-1: none)."""
    empty = -1
    spaces = []
    for space, stack in enumerate(stacks):
        if not stack:
            if empty == -1:
                empty = space
                spaces.append(space)
        else:
            spaces.append(space)
    return spaces, empty


def _side_accepts_all(table: RulesTable, stacks: Sequence[Stack]) -> list[tuple[int, frozenset[int] | None]]:
    """For the book's rule: each space a card may be considered for (the non-empty stacks and the
    first empty one) with the values it accepts (None: any)."""
    rules = table.rules
    found: list[tuple[int, frozenset[int] | None]] = []
    empty = False
    for space, stack in enumerate(stacks):
        if stack:
            found.append((space, side_accepts(stack, rules)))
        elif not empty:
            empty = True
            found.append((space, None))
    return found


@functools.lru_cache(maxsize=4096)
def _reachable(natural: int, wilds: int, cannot_be: tuple[int, ...]) -> frozenset[int]:
    tops = {natural}
    for _ in range(wilds):
        tops = {v for top in tops for v in (top, top - 1) if v >= 1 and v not in cannot_be}
    return frozenset(tops)


def side_accepts(stack: Stack, rules: Rules) -> frozenset[int] | None:
    """The values a side stack accepts on top under the book's rule (None: any card).

    Book: "If a side-stack already contains a card or cards, the card played on top of it must be
    equal to or one less than the card showing ... if a side stack has a nine followed by two jokers
    on top, the next card placed on the side stack could be a six (counting the jokers as an eight
    and a seven), a seven, an eight or a nine". A wild card on a side stack keeps its value open.

    >>> from spite_rules.cards import parse_cards
    >>> sorted(side_accepts(parse_cards("9♠ JK JK"), Rules.preset("book")))
    [6, 7, 8, 9]
    """
    table = rules_table(rules).values
    wilds = 0
    for card in reversed(stack):
        worth = table[card.rank]
        if worth != WILD:
            return _accepts(worth, wilds, rules.wild_cannot_be)
        wilds += 1
    return None


@functools.lru_cache(maxsize=4096)
def _accepts(natural: int, wilds: int, cannot_be: tuple[int, ...]) -> frozenset[int]:
    """The values a side stack accepts whose top real card is ``natural`` under ``wilds`` wild
    cards (kept by those small numbers: hashing the stack and the rules would cost more)."""
    tops = _reachable(natural, wilds, cannot_be)
    return frozenset(v for top in tops for v in (top, top - 1) if v >= 1)


def side_order_breach(rules: Rules, stack: Stack, cards: Sequence[Card], side: int) -> str | None:
    """Book: "Any card may be played to an empty side stack. If a side-stack already contains a card
    or cards, the card played on top of it must be equal to or one less than the card showing".

    >>> from spite_rules.cards import parse_cards
    >>> side_order_breach(Rules.preset("book"), parse_cards("7♠"), parse_cards("5♦"), 0)
    'a 5♦ cannot go on side 1 showing 7: it must be equal to it or one less [malice.side.equal-or-one-less]'
    """
    if rules.side_rule is not SideRule.EQUAL_OR_ONE_LESS or not stack:
        return None
    accepts = side_accepts(stack, rules)
    worth = value(cards[0], rules)
    if accepts is None or worth == WILD or worth in accepts:
        return None
    return tag(
        f"a {cards[0]} cannot go on side {side + 1} showing {stack[-1].rank.symbol}: "
        f"it must be equal to it or one less",
        "side.equal-or-one-less",
    )


def side_empty_first_breach(rules: Rules, stacks: Sequence[Stack], cards: Sequence[Card], side: int) -> str | None:
    """Seed 004: "Cards are placed in empty columns first." and "Cards with the same number as a
    card in a column may be placed on that column even if there are empty columns."

    >>> from spite_rules.cards import parse_cards
    >>> side_empty_first_breach(Rules.preset("three_decks"), (parse_cards("7♠"), ()), parse_cards("5♦"), 0)
    'a 5♦ must go to an empty column first (side 2) unless it matches the top card [malice.side.empty-first]'
    """
    if rules.side_rule is not SideRule.EMPTY_FIRST or not stacks[side]:
        return None
    empty = next((index for index, stack in enumerate(stacks) if not stack), None)
    if empty is None or stacks[side][-1].rank is cards[0].rank:
        return None
    return tag(
        f"a {cards[0]} must go to an empty column first (side {empty + 1}) unless it matches the top card",
        "side.empty-first",
    )


def side_first_empty_breach(rules: Rules, stacks: Sequence[Stack], cards: Sequence[Card], side: int) -> str | None:
    """Ruling M10: a new side stack starts in the first empty space (side stacks have no order of
    their own; one spelling per move).

    >>> side_first_empty_breach(Rules(), ((), ()), (), 1)
    'a new side stack starts in the first empty space, side 1, not side 2 [malice.side.first-empty-space]'
    """
    if stacks[side]:
        return None
    empty = next(index for index, stack in enumerate(stacks) if not stack)
    if empty == side:
        return None
    return tag(
        f"a new side stack starts in the first empty space, side {empty + 1}, not side {side + 1}",
        "side.first-empty-space",
    )


def side_group_breach(rules: Rules, cards: Sequence[Card]) -> str | None:
    """One card per discard; seed 004: "A player may place two or more cards from their hand with the
    same number on a column at the same time." Ruling M43: a group goes down in one order, the
    hand's (``order.sort_key``, as ``legal_moves`` lists it), so its top card is not a second choice.

    >>> from spite_rules.cards import parse_cards
    >>> side_group_breach(Rules(), parse_cards("7♠ 7♦"))
    'one card is discarded at a time [malice.side.one-card]'
    >>> side_group_breach(Rules.preset("three_decks"), parse_cards("2♠ 2♣"))
    'cards discarded together go down in the order of the hand, 2♣ 2♠, not 2♠ 2♣ [malice.side.equal-group]'
    """
    if len(cards) == 1:
        return None
    if not cards:
        return tag("a discard needs a card", "side.one-card")
    if not rules.discard_groups:
        return tag("one card is discarded at a time", "side.one-card")
    if any(card.rank is not cards[0].rank for card in cards):
        return tag(f"cards discarded together must have the same number, not {' '.join(map(str, cards))}",
                   "side.equal-group")
    ordered = sorted(cards, key=sort_key)
    if list(cards) != ordered:
        return tag(f"cards discarded together go down in the order of the hand, {' '.join(map(str, ordered))}, "
                   f"not {' '.join(map(str, cards))}", "side.equal-group")
    return None


def side_breach(rules: Rules, stacks: Sequence[Stack], cards: Sequence[Card], side: int) -> str | None:
    """Why ``cards`` may not be discarded onto side space ``side`` of ``stacks``, naming the clause;
    None where :func:`side_spaces` (the rule) allows it. Seed 003: "you cannot have more than four
    side stacks" (the spaces are fixed). The words are built only on a refusal.

    >>> from spite_rules.cards import parse_cards
    >>> side_breach(Rules(), ((), (), (), ()), parse_cards("7♠"), 4)
    'side 5 does not exist: there are 4 side stacks [malice.side.limit]'
    """
    if type(side) is not int or not 0 <= side < len(stacks):
        return tag(f"side {side + 1 if type(side) is int else side} does not exist: "
                   f"there are {len(stacks)} side stacks", "side.limit")
    grouped = side_group_breach(rules, cards)
    if grouped:
        return grouped
    if side in side_spaces(rules, stacks, cards):
        return None
    found = side_clauses_breach(rules, stacks, cards, side)
    assert found is not None, f"side_spaces refuses {cards[0]} on side {side + 1} but no clause words it"
    return found


def side_clauses_breach(rules: Rules, stacks: Sequence[Stack], cards: Sequence[Card], side: int) -> str | None:
    """The side stacks' clauses one by one (each ``<clause>_breach`` of discarding ``cards`` onto
    ``side``, an existing space), the first broken in words: the words :func:`side_breach` gives a
    refusal of :func:`side_spaces`.

    >>> from spite_rules.cards import parse_cards
    >>> side_clauses_breach(Rules.preset("book"), (parse_cards("7♠"), ()), parse_cards("5♦"), 0)
    'a 5♦ cannot go on side 1 showing 7: it must be equal to it or one less [malice.side.equal-or-one-less]'
    """
    return (
        side_group_breach(rules, cards)
        or side_first_empty_breach(rules, stacks, cards, side)
        or side_empty_first_breach(rules, stacks, cards, side)
        or side_order_breach(rules, stacks[side], cards, side)
    )

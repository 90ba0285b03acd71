"""Where a seat may take a card from to play it: its hand, its pay-off top, its side-stack tops,
and, by the rules, its partner's or its opponent's piles. One function per rule, quoting the seed.

Layer: Spite and Malice: rules of play — may import its values, the core, the cards and the errors; never Spite.

Seed 003: "The card played may come from your hand, from the top of one of your side stacks, or
from the top of your pay-off pile" and, with partners, "At your turn you can play from your
partner's pay-off pile or side stacks to the centre stacks". Seed 002 adds "Your opponent's play
deck" and "Your opponent's discard pile" (the latter at a 1:1 exchange, ``sure.py``).

>>> from spite_rules.malice.deal import setup
>>> state = setup(payoff=["3♠ 9♦", "Q♣"], hands=["A♠ A♠ K♥", ""], side=[["4♣ 5♣"], []])
>>> [(origin.value, owner, side, str(card)) for origin, owner, side, card in sources(state, 0)]
[('pay-off', None, None, '9♦'), ('side', None, 0, '5♣'), ('hand', None, None, 'A♠'), ('hand', None, None, 'K♥')]
"""

from __future__ import annotations

from spite_rules.cards import Card, format_cards
from spite_rules.malice.actions import Origin
from spite_rules.malice.order import RulesTable, rules_table
from spite_rules.malice.piles import tag
from spite_rules.malice.state import Stack, State, opposes, partners_of
from spite_rules.malice.table import ORIGIN_HAND, ORIGIN_PAYOFF, ORIGIN_SIDE

__all__ = [
    "Source", "sources", "pile_sources", "tops_of", "hand_cards", "pile_owners", "pile_owner_breach",
    "card_at_source_breach", "is_opponent",
]


#: A place a card can be taken from: (origin, owner or None for the seat's own, side index, card).
Source = tuple[Origin, "int | None", "int | None", Card]


def is_opponent(state: State, seat: int, other: int) -> bool:
    """Is ``other`` an opponent of ``seat`` (neither the seat nor its partner)?

    >>> from spite_rules.malice.deal import setup
    >>> is_opponent(setup(payoff=["5♠", "6♠"]), 0, 1)
    True
    """
    return opposes(len(state.payoff), state.rules.partnerships, seat, other)


def pile_owners(state: State, seat: int, origin: Origin) -> tuple[int, ...]:
    """The seats whose ``origin`` piles ``seat`` may play from, its own first.

    >>> from spite_rules.malice.deal import setup
    >>> from spite_rules.malice.rules import Rules
    >>> pile_owners(setup(payoff=["5♠", "6♠"], rules=Rules.preset("jacks")), 0, Origin.SIDE)
    (0, 1)
    """
    if origin is Origin.HAND:
        return (seat,)
    rules = state.rules
    players = len(state.payoff)
    owners = [seat, *partners_of(players, rules.partnerships, seat)]
    if (origin is Origin.PAYOFF and rules.opponent_payoff) or (
        origin is Origin.SIDE and rules.opponent_discards
    ):
        owners += [other for other in range(players) if is_opponent(state, seat, other)]
    return tuple(owners)


def sources(state: State, seat: int) -> list[tuple[Origin, int | None, int | None, Card]]:
    """Every card ``seat`` may take to play now, in a fixed order: pay-off tops (its own, then the
    other seats' it may use), side-stack tops likewise, then its hand (one entry per distinct card).

    >>> from spite_rules.malice.deal import setup
    >>> [str(card) for _, _, _, card in sources(setup(payoff=["5♠", "6♠"], hands=["7♣ 7♣", ""]), 0)]
    ['5♠', '7♣']
    """
    found = pile_sources(state, seat)
    for card in hand_cards(state.hands[seat])[0]:
        found.append((ORIGIN_HAND, None, None, card))
    return found


def pile_sources(state: State, seat: int) -> list[tuple[Origin, int | None, int | None, Card]]:
    """:func:`sources` but the hand: the pay-off tops, then the side-stack tops, in its order.

    >>> from spite_rules.malice.deal import setup
    >>> [str(card) for _, _, _, card in pile_sources(setup(payoff=["5♠", "6♠"], hands=["7♣", ""]), 0)]
    ['5♠']
    """
    return tops_of(state, rules_table(state.rules), state.payoff, state.side, seat)


def tops_of(
    state: State, table: RulesTable, payoff: tuple[Stack, ...], side: tuple[tuple[Stack, ...], ...], seat: int
) -> list[tuple[Origin, int | None, int | None, Card]]:
    """:func:`pile_sources` of ``state``, whose rules' table (``order.rules_table``), pay-off
    piles and side stacks the caller has read once and hands down.

    >>> from spite_rules.malice.deal import setup
    >>> state = setup(payoff=["5♠", "6♠"], hands=["7♣", ""])
    >>> tops_of(state, rules_table(state.rules), state.payoff, state.side, 0) == pile_sources(state, 0)
    True
    """
    found: list[tuple[Origin, int | None, int | None, Card]] = []
    owners = _owners(state, table, len(payoff), seat)
    for owner in owners.payoff:
        pile = payoff[owner]
        if pile:
            found.append((ORIGIN_PAYOFF, None if owner == seat else owner, None, pile[-1]))
    for owner in owners.side:
        index = 0
        for stack in side[owner]:
            if stack:
                found.append((ORIGIN_SIDE, None if owner == seat else owner, index, stack[-1]))
            index += 1
    return found


def hand_cards(hand: tuple[Card, ...]) -> tuple[list[Card], list[int]]:
    """The cards of a hand a seat may play, one per distinct card (the hand is kept sorted, so equal
    cards sit together), and each one's ``Card.order`` (read once, for callers that want it).

    >>> from spite_rules.cards import parse_cards
    >>> [str(card) for card in hand_cards(parse_cards("7♣ 7♣ 9♦"))[0]]
    ['7♣', '9♦']
    """
    cards: list[Card] = []
    orders: list[int] = []
    previous = -1
    for card in hand:
        order = card.order
        if order != previous:
            cards.append(card)
            orders.append(order)
            previous = order
    return cards, orders


class _Owners:
    """:func:`pile_owners` of the pay-off piles and the side stacks for one seat."""

    __slots__ = ("payoff", "side")

    def __init__(self, payoff: tuple[int, ...], side: tuple[int, ...]) -> None:
        self.payoff = payoff
        self.side = side


def _owners(state: State, table: RulesTable, players: int, seat: int) -> _Owners:
    """:func:`pile_owners` of the pay-off piles and the side stacks (``table`` is the state's
    rules' table, ``order.rules_table``, and ``players`` its seats), kept in that table by the
    seats and the seat."""
    owners = table.owners
    key = players * 256 + seat
    known: _Owners | None = owners.get(key)
    if known is None:
        payoff, side = pile_owners(state, seat, ORIGIN_PAYOFF), pile_owners(state, seat, ORIGIN_SIDE)
        known = owners[key] = _Owners(payoff, side)
    return known


def pile_owner_breach(state: State, seat: int, origin: Origin, owner: int) -> str | None:
    """Whose piles a seat may play from. Seed 003: "you can play from your partner's pay-off pile or
    side stacks to the centre stacks"; seed 002: "Your opponent's play deck", "Your opponent's
    discard pile"; never another seat's hand.

    >>> from spite_rules.malice.deal import setup
    >>> pile_owner_breach(setup(payoff=["5♠", "6♠"]), 0, Origin.PAYOFF, 1)
    "seat 0 may not play from seat 1's pay-off pile [malice.sources.whose-piles]"
    """
    if type(owner) is not int or not 0 <= owner < len(state.payoff):
        return tag(f"seat {owner} does not exist (seats are 0 to {len(state.payoff) - 1})", "sources.seat")
    if owner in pile_owners(state, seat, origin):
        return None
    pile = "hand" if origin is Origin.HAND else "pay-off pile" if origin is Origin.PAYOFF else "side stacks"
    return tag(f"seat {seat} may not play from seat {owner}'s {pile}", "sources.whose-piles")


def card_at_source_breach(state: State, origin: Origin, owner: int, side: int | None, card: Card) -> str | None:
    """The card must be where the action says: in the hand, or the top of the pile. Seed 003: "Only
    the top card of your pay-off pile is available for play at any time"; "making the card you
    cover temporarily unavailable for play".

    >>> from spite_rules.malice.deal import setup
    >>> from spite_rules.cards import parse_card
    >>> card_at_source_breach(setup(payoff=["3♠ 9♦", "Q♣"]), Origin.PAYOFF, 0, None, parse_card("3♠"))
    "3♠ is not the top of seat 0's pay-off pile (9♦ is) [malice.sources.top-card]"
    """
    if origin is Origin.HAND:
        hand = state.hands[owner]
        if card in hand:
            return None
        return tag(f"seat {owner} does not hold {card} (holds {format_cards(hand) or 'nothing'})",
                   "sources.in-hand")
    if origin is Origin.PAYOFF:
        pile = state.payoff[owner]
        if pile and pile[-1] == card:
            return None
        shown = f"{pile[-1]} is" if pile else "it is empty"
        return tag(f"{card} is not the top of seat {owner}'s pay-off pile ({shown})", "sources.top-card")
    stacks = state.side[owner]
    if type(side) is not int or not 0 <= side < len(stacks):
        return tag(f"side {side + 1 if type(side) is int else side} does not exist: "
                   f"there are {len(stacks)} side stacks", "side.limit")
    stack = stacks[side]
    if stack and stack[-1] == card:
        return None
    shown = f"{stack[-1]} is" if stack else "it is empty"
    return tag(f"{card} is not the top of seat {owner}'s side {side + 1} ({shown})", "sources.top-card")

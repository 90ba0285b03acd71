"""A working copy of a state inside one ``apply``: :class:`Table`, mutable, frozen back into a
:class:`~spite_rules.malice.state.State` at the end. It holds the card movements every rule uses
(take a card from where it is, put it on a centre stack, complete a stack) and nothing automatic:
drawing, reshuffling, forced plays and the end of the game are ``turn.py``'s, so the "must be sure"
search (``sure.py``) can move cards on a table without learning anything hidden.

Layer: Spite and Malice: rules of play — may import its values, the core, the cards and the errors; never Spite.

>>> from spite_rules.malice.deal import setup
>>> table = Table(setup(payoff=["3♠ A♦", "Q♣"], hands=["2♠", ""]))
>>> table.take(Origin.PAYOFF, 0, None, table.payoff[0][-1])
>>> table.put_centre(0, parse_card("A♦")), table.freeze().centre[0]
(1, (Card('A♦'),))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from spite_rules.cards import Card, Rank, parse_card
from spite_rules.malice.actions import Origin
from spite_rules.malice.events import Event, StackCompleted, StackSetAside
from spite_rules.malice.order import SORT_KEYS, WILD, rules_table, value_table  # noqa: F401 (value_table: the doctests)
from spite_rules.malice.piles import stays_complete
from spite_rules.malice.rules import Completed, Rules, Stalemate
from spite_rules.malice.scoring import Result
from spite_rules.malice.state import Phase, Stack, State

__all__ = ["Table", "obligation_met", "without", "sort_hand"]

#: The enum members the machine compares against, once for every module (a speed device of the pure
#: build: on Python 3.11 ``Phase.PLAY`` goes through ``EnumType.__getattr__``'s hook, 108 ns a read
#: where a module constant takes 19 ns; without these the pure build ran 5.8% more instructions on
#: jacks playouts). The compiled build reads an enum of a compiled module as a C static either way.
PHASE_PLAY: Final = Phase.PLAY
PHASE_FILL: Final = Phase.FILL
PHASE_PLACE: Final = Phase.PLACE
PHASE_OVER: Final = Phase.OVER
ORIGIN_HAND: Final = Origin.HAND
ORIGIN_PAYOFF: Final = Origin.PAYOFF
ORIGIN_SIDE: Final = Origin.SIDE
RANK_ACE: Final = Rank.ACE
RANK_TWO: Final = Rank.TWO
COMPLETED_SHUFFLE_INTO_STOCK: Final = Completed.SHUFFLE_INTO_STOCK
STALEMATE_ENDS: Final = Stalemate.ENDS


def obligation_met(stack: Stack, position: int, table: Mapping[Rank, int]) -> bool:
    """Seed 002's cover: is the wild at ``position`` of ``stack`` no longer owed (a real card stands
    there now, or a real card covers it)? "If a wild card is played as an Ace, it MUST be covered
    with a real 2"; "if a wild card is played on top of another wild card, it MUST be covered with a
    real numbered card."

    >>> from spite_rules.cards import parse_cards
    >>> obligation_met(parse_cards("K♠ 2♦"), 0, value_table(Rules())), obligation_met(parse_cards("K♠"), 0, value_table(Rules()))
    (True, False)
    """
    if len(stack) <= position:
        return True
    if table[stack[position].rank] != WILD:
        return True
    return len(stack) > position + 1 and table[stack[position + 1].rank] != WILD


class Table:
    """A mutable copy of a state's fields, with the events of the changes made so far."""

    __slots__ = (
        "rules", "names", "payoff", "hands", "side", "centre", "stock", "used", "to_act", "phase",
        "moved", "passes", "owed", "exchange", "pending", "finisher", "final_turn", "game_over", "winner",
        "result", "series", "seed", "shuffles", "events", "removed", "values",
    )

    rules: Rules
    names: tuple[str, ...]
    stock: Stack
    used: Stack
    to_act: int
    phase: Phase
    moved: bool
    passes: int
    exchange: int
    finisher: int | None
    final_turn: bool
    game_over: bool
    winner: int | None
    result: Result | None
    series: tuple[Result, ...]
    seed: int
    shuffles: int

    def __init__(self, state: State) -> None:
        # every field but the verdicts (test_malice_table_freeze holds the table's state equal to the state)
        self.rules = state.rules
        self.names = state.names
        self.payoff: list[Stack] = list(state.payoff)
        self.hands: list[Stack] = list(state.hands)
        self.side: list[tuple[Stack, ...]] = list(state.side)
        self.centre: list[Stack] = list(state.centre)
        self.stock = state.stock
        self.used = state.used
        self.to_act = state.to_act
        self.phase = state.phase
        self.moved = state.moved
        self.passes = state.passes
        self.owed: list[tuple[int, int]] = list(state.owed)
        self.exchange = state.exchange
        self.pending: list[tuple[int, int, int]] = list(state.pending)
        self.finisher = state.finisher
        self.final_turn = state.final_turn
        self.game_over = state.game_over
        self.winner = state.winner
        self.result = state.result
        self.series = state.series
        self.seed = state.seed
        self.shuffles = state.shuffles
        self.events: list[Event] = []
        #: Cards that left a pay-off pile in this action, (seat, card), for seed 002's forced plays.
        self.removed: list[tuple[int, Card]] = []
        self.values = rules_table(self.rules).values

    def copy(self) -> Table:
        """An independent copy (for the search), without events."""
        return Table(self.freeze())

    def freeze(self) -> State:
        """The state this table now shows."""
        # positional, in the order of State's fields (test_malice_table_freeze holds every field
        # equal to the state the table came from)
        return State(
            self.rules, self.names, tuple(self.payoff), tuple(self.hands), tuple(self.side), tuple(self.centre),
            self.stock, self.used, self.to_act, self.phase, self.moved, self.passes, tuple(self.owed), self.exchange,
            tuple(self.pending), self.finisher, self.final_turn, self.game_over, self.winner, self.result,
            self.series, self.seed, self.shuffles,
        )

    # -- taking a card from where it is --------------------------------------------------------

    def take(self, origin: Origin, owner: int, side: int | None, card: Card) -> None:
        """Remove ``card`` from ``owner``'s hand, pay-off top or side-stack top (a card leaving a
        pay-off pile is noted in ``removed`` for seed 002's forced plays)."""
        if origin is ORIGIN_HAND:
            self.hands[owner] = without(self.hands[owner], card)
        elif origin is ORIGIN_PAYOFF:
            pile = self.payoff[owner][:-1]
            self.payoff[owner] = pile
            self.removed.append((owner, card))
        else:
            assert side is not None
            stacks = list(self.side[owner])
            stacks[side] = stacks[side][:-1]
            self.side[owner] = tuple(stacks)

    def give_back(self, origin: Origin, owner: int, side: int | None, card: Card) -> None:
        """Put ``card`` where a card was taken from (seed 002: "The wild card goes back to wherever
        the real card came from")."""
        if origin is ORIGIN_HAND:
            self.hands[owner] = sort_hand(self.hands[owner] + (card,))
        elif origin is ORIGIN_PAYOFF:
            self.payoff[owner] = self.payoff[owner] + (card,)
        else:
            assert side is not None
            stacks = list(self.side[owner])
            stacks[side] = stacks[side] + (card,)
            self.side[owner] = tuple(stacks)

    # -- the centre ----------------------------------------------------------------------------

    def put_centre(self, space: int, card: Card) -> int:
        """Put ``card`` on centre space ``space`` (a new stack where the space is free or new);
        return the value it stands for. Keeps seed 002's owed covers and completes the stack."""
        rules = self.rules
        centre = self.centre
        if space == len(centre):
            centre.append(())
        stack = centre[space]
        if stack and stays_complete(stack, rules):
            self.set_aside(space)
            stack = ()
        stack = stack + (card,)
        centre[space] = stack
        stands_for = len(stack)
        if self.values[card.rank] == WILD:
            if (rules.wild_ace_covered and stands_for == 1) or (
                rules.wild_on_wild_covered and stands_for > 1 and self.values[stack[-2].rank] == WILD
            ):
                self.owed.append((space, stands_for - 1))
        if self.owed:
            self.settle(space)
        if stands_for >= rules.top_value:
            self.complete(space)
        return stands_for

    def settle(self, space: int) -> None:
        """Drop the covers owed on ``space`` that are met now."""
        stack = self.centre[space]
        self.owed = [
            (where, position) for where, position in self.owed
            if where != space or not obligation_met(stack, position, self.values)
        ]

    def complete(self, space: int) -> None:
        """A stack reached its last value: seed 002's wild-queen stack stays; any other is set
        aside (``turn.py`` then shuffles it into the stock where the rules say so at once)."""
        stack = self.centre[space]
        self.events.append(StackCompleted(space, stack))
        if not stays_complete(stack, self.rules):
            self.set_aside(space)

    def set_aside(self, space: int) -> None:
        """Move centre stack ``space`` to the used cards, freeing its space."""
        stack = self.centre[space]
        self.used = self.used + stack
        self.centre[space] = ()
        self.owed = [(where, position) for where, position in self.owed if where != space]
        self.events.append(StackSetAside(space, len(stack)))


def without(hand: tuple[Card, ...], card: Card) -> tuple[Card, ...]:
    """``hand`` without the first ``card`` in it, looking for the very object first (the cards of a
    game are the deck's objects, and ``tuple.index`` calls ``Card.__eq__``, a Python function, on
    each card before it); the two slices about it joined, with no list made.

    >>> without((parse_card("2♠"), parse_card("7♥"), parse_card("9♣")), parse_card("7♥"))
    (Card('2♠'), Card('9♣'))
    """
    index = 0
    for held in hand:
        if held is card:
            return hand[:index] + hand[index + 1:]
        index += 1
    index = hand.index(card)
    return hand[:index] + hand[index + 1:]


def sort_hand(cards: tuple[Card, ...]) -> tuple[Card, ...]:
    """``tuple(sorted(cards, key=sort_key))``: a hand in the order hands are kept in.

    A stable insertion of each card after those whose key is not greater, each key read from
    ``order.SORT_KEYS`` by the card's ``order`` (what ``sort_key`` reads): a hand is a few cards,
    most often in order already but for the ones just drawn, and this loop compares plain ints with
    no call a card, where ``sorted`` parses its keyword, builds its lists of keys and calls
    ``sort_key`` for every card (in the pure build a Python call each: 2,610 calls on 10 common
    games). A stable sort by one key has one answer, so the two agree, as
    ``test_sort_hand_is_sorted_by_sort_key`` holds.

    >>> from spite_rules.cards import parse_cards
    >>> sort_hand(parse_cards("JK 2♠ K♦ A♥ 10♣"))
    (Card('A♥'), Card('2♠'), Card('10♣'), Card('K♦'), Card('🃏'))
    """
    held: list[Card] = []
    keys: list[int] = []
    for card in cards:
        key = SORT_KEYS[card.order]
        place = len(keys)
        if place == 0 or keys[place - 1] <= key:
            keys.append(key)
            held.append(card)
            continue
        place -= 1
        while place > 0 and keys[place - 1] > key:
            place -= 1
        keys.insert(place, key)
        held.insert(place, card)
    return tuple(held)


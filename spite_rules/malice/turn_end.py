"""A turn's end, written once: what a discard or seed 002's side move does to its seat's hand and
side stacks (:func:`ending_move`), the draw that fills a hand (:func:`drawing`), the events of a
turn handed over (:func:`turn_ended`, :func:`turn_began`), and the turn's end made straight into
the next ``State`` (:func:`quick_turn_end`) where none of its exceptional steps can happen. These
are the rule: ``turn.py``'s handlers (``_discard``, ``_move_side``, ``_end_turn``, ``begin_turn``,
``_draw``) ask them for each step and add only the exceptional ones (filling Massachusetts' empty
side stacks, seed 002's lapsed obligations and last turn, stalemates, reshuffles, compulsory aces).
``turn.apply`` asks :func:`quick_turn_end` first and takes the general path where it answers None;
``test_the_quick_turn_end_equals_the_general_path`` holds the two compositions equal.

Layer: Spite and Malice: machine — may import its rules of play and values, the core, the cards and the errors; never Spite.

>>> from spite_rules.malice.deal import setup
>>> from spite_rules.malice.actions import Discard
>>> state = setup(payoff=["3♠ A♦", "Q♣ 9♣"], hands=["2♠ 7♥", "4♦"], stock="5♣ 6♣ 10♦ J♦ 8♠")
>>> after, events = quick_turn_end(state, Discard(0, "7♥", 0))
>>> [type(event).__name__ for event in events], after.to_act, len(after.hands[1])
(['Discarded', 'TurnEnded', 'TurnBegan', 'Drew'], 1, 5)
"""

from __future__ import annotations

from typing import Final, TypeVar

from spite_rules.malice.actions import Discard, EndTurn, MoveSide
from spite_rules.malice.events import Discarded, Drew, Event, SideCardMoved, TurnBegan, TurnEnded
from spite_rules.malice.order import rules_table
from spite_rules.malice.state import Stack, State
from spite_rules.malice.table import PHASE_PLAY, sort_hand, without

__all__ = ["quick_turn_end", "ending_move", "drawing", "turn_ended", "turn_began"]

T = TypeVar("T")


def ending_move(action: Discard | MoveSide, hand: Stack, stacks: tuple[Stack, ...]) -> tuple[Stack, tuple[Stack, ...], Event]:
    """The seat's hand and side stacks after ``action``, and its event. Seed 003's discard: "To play
    a card from your hand face-up on top of one of your side stacks" (seed 004: a group of equal
    cards together); seed 002's side move: "move one of the top cards in your discard pile to any
    other discard pile".

    >>> from spite_rules.cards import parse_cards
    >>> hand, stacks, event = ending_move(Discard(0, "7♥", 1), parse_cards("2♠ 7♥"), ((), parse_cards("9♣")))
    >>> hand, stacks, type(event).__name__
    ((Card('2♠'),), ((), (Card('9♣'), Card('7♥'))), 'Discarded')
    """
    seat = action.player
    side = action.side
    changed = list(stacks)
    if type(action) is Discard:
        cards = action.cards
        held = hand
        for card in cards:
            held = without(held, card)
        changed[side] = stacks[side] + cards
        if len(cards) > 1:
            return held, tuple(changed), Discarded(seat, cards, side)
        key = (cards[0].order * 8 + seat) * 16 + side
        event = _DISCARDED.get(key)
        if event is None:
            event = _DISCARDED[key] = Discarded(seat, cards, side)
        return held, tuple(changed), event
    moved: MoveSide = action  # type: ignore[assignment]
    card = moved.card
    source = moved.source
    changed[source] = stacks[source][:-1]
    changed[side] = stacks[side] + (card,)
    key = ((card.order * 8 + seat) * 16 + source) * 16 + side
    event = _SIDE_MOVED.get(key)
    if event is None:
        event = _SIDE_MOVED[key] = SideCardMoved(seat, card, source, side)
    return hand, tuple(changed), event


#: The events of one-card discards and side moves, made once each (events are immutable values),
#: by an int code of their fields (``Card.order`` names a card exactly; a seat is below 8 and a side
#: space below 16).
_DISCARDED: Final[dict[int, Event]] = {}
_SIDE_MOVED: Final[dict[int, Event]] = {}


def drawing(seat: int, hand: Stack, drawn: Stack) -> tuple[Stack, Drew]:
    """``seat``'s hand with the cards ``drawn`` (hands are kept in ``order.sort_key``'s order), and
    its event.

    >>> from spite_rules.cards import parse_cards
    >>> drawing(1, parse_cards("9♣"), parse_cards("2♦ K♠"))[0]
    (Card('2♦'), Card('9♣'), Card('K♠'))
    """
    return sort_hand(hand + drawn), Drew(seat, len(drawn), drawn)


def quick_turn_end(state: State, action: Discard | EndTurn | MoveSide) -> tuple[State, tuple[Event, ...]] | None:
    """A turn's end made straight into the next ``State``, with no ``Table``: a discard that ends
    the turn, ending it without one, or seed 002's side move (:func:`ending_move`, then the turn
    handed over and the next seat's draw, :func:`drawing`), where none of the exceptional steps of
    ``turn._end_turn``, ``begin_turn`` and ``_automatic`` can happen: no empty side stack to fill
    (Massachusetts), no obligation lapsing (seed 002), no last turn under way (seed 002's
    backstab), no stalemate (every seat passed), enough stock to draw from (no reshuffle, no running
    out), no completed stack waiting to be shuffled in, every pay-off pile still standing, no
    compulsory aces. None where one might: ``turn.general_apply`` then takes every step, asking
    this module for the ordinary ones. The state shares every unchanged part."""
    flags = rules_table(state.rules)
    if state.owed or (state.exchange > 0 and not state.final_turn):
        return None
    if (flags.backstab and state.finisher is not None) or flags.compulsory_aces:
        return None
    if flags.shuffle_completed and state.used:
        return None
    payoff = state.payoff
    for pile in payoff:
        if not pile:
            return None
    players = len(payoff)
    seat = action.player
    following = (seat + 1) % players
    every_hand = state.hands
    need = flags.hand_size - len(every_hand[following])
    stock = state.stock
    if need > len(stock):
        return None
    passes = 0
    if type(action) is EndTurn:
        hand = every_hand[seat]
        how = "end" if state.moved else "pass"
        if how == "pass":
            passes = state.passes + 1
            if passes >= players and flags.end_without_discard:
                return None
        events: tuple[Event, ...] = _handed_over(seat, how, following)
        every_side = state.side
    else:
        stacks = state.side[seat]
        if type(action) is Discard:
            if flags.fill_empty_side_stacks and not stacks[action.side]:
                return None
            how = "discard"
        else:
            how = "side move"
        hand, side_stacks, event = ending_move(action, every_hand[seat], stacks)  # type: ignore[arg-type]
        every_side = _with(state.side, seat, side_stacks)
        ended, began = _handed_over(seat, how, following)
        events = (event, ended, began)
    drawer = every_hand[following]
    if need > 0:
        drawer, drew = drawing(following, drawer, stock[:need])
        stock = stock[need:]
        events = (events[0], events[1], events[2], drew) if len(events) == 3 else (events[0], events[1], drew)
    if not drawer:
        return None
    hands: tuple[Stack, ...]
    if players == 2:  # the new hands as a pair (seat and following differ)
        hands = (hand, drawer) if seat == 0 else (drawer, hand)
    else:
        hands = _with(_with(every_hand, seat, hand), following, drawer)
    # the fields that change made into the next state, the others copied (in State's order;
    # test_the_quick_turn_end_equals_the_general_path holds the state equal to the general path's)
    return State(
        state.rules, state.names, payoff, hands, every_side, state.centre, stock, state.used,
        following,  # to_act
        PHASE_PLAY,  # phase
        False,  # moved
        passes,
        (),  # owed
        0,  # exchange
        (),  # pending
        state.finisher, state.final_turn,
        False,  # game_over
        state.winner, state.result, state.series, state.seed, state.shuffles,
    ), events


def _with(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """``values`` with ``value`` at ``index`` (two seats, the commonest table, as a pair)."""
    if len(values) == 2:
        return (value, values[1]) if index == 0 else (values[0], value)
    changed = list(values)
    changed[index] = value
    return tuple(changed)


def _handed_over(seat: int, how: str, following: int) -> tuple[TurnEnded, TurnBegan]:
    """``turn_ended(seat, how)`` and ``turn_began(following)``, the pair made once (one call a turn
    end, not two)."""
    by_seats = _HANDED.get(how)
    if by_seats is None:
        by_seats = _HANDED[how] = {}
    key = seat * 16 + following
    pair = by_seats.get(key)
    if pair is None:
        pair = by_seats[key] = (turn_ended(seat, how), turn_began(following))
    return pair


def turn_ended(seat: int, how: str) -> TurnEnded:
    """The one ``TurnEnded(seat, how)`` (events are immutable values: one object will do).

    >>> turn_ended(0, "discard") is turn_ended(0, "discard")
    True
    """
    row = _ENDED.get(how)
    if row is None:
        row = _ENDED[how] = []
    while len(row) <= seat:
        row.append(TurnEnded(len(row), how))
    return row[seat]


def turn_began(seat: int) -> TurnBegan:
    """The one ``TurnBegan(seat)``.

    >>> turn_began(1).player
    1
    """
    found = _BEGINS.get(seat)
    if found is None:
        found = _BEGINS[seat] = TurnBegan(seat)
    return found


#: :func:`turn_ended`'s events, by how the turn ended, then by seat.
_ENDED: Final[dict[str, list[TurnEnded]]] = {}
_BEGINS: Final[dict[int, TurnBegan]] = {}
#: :func:`_handed_over`'s pairs, by how the turn ended, then by both seats.
_HANDED: Final[dict[str, dict[int, tuple[TurnEnded, TurnBegan]]]] = {}

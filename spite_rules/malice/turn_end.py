"""The fast path of a turn's end (:func:`quick_turn_end`): a discard that ends the turn, ending it
without one, or seed 002's side move, where none of the turn end's exceptional steps can happen,
made straight into the next ``State`` with no ``Table``; and the events every turn end makes, built
once. ``turn.apply`` asks it first and takes the general path (``turn.general_apply``) where it
answers None. Which copy is the rule: ``turn.general_apply``'s handlers; this is the fast path for
the commonest case, held equal to them (``test_the_quick_turn_end_equals_the_general_path``), and a
change to a turn's end goes there first.

Layer: Spite and Malice: machine — may import its rules of play and values, the core, the cards and the errors; never Spite.

>>> from spite_rules.malice.deal import setup
>>> from spite_rules.malice.actions import Discard
>>> state = setup(payoff=["3♠ A♦", "Q♣ 9♣"], hands=["2♠ 7♥", "4♦"], stock="5♣ 6♣ 10♦ J♦ 8♠")
>>> after, events = quick_turn_end(state, Discard(0, "7♥", 0))
>>> [type(event).__name__ for event in events], after.to_act, len(after.hands[1])
(['Discarded', 'TurnEnded', 'TurnBegan', 'Drew'], 1, 5)
"""

from __future__ import annotations

from typing import Final

from spite_rules.cards import Card
from spite_rules.malice.actions import Discard, EndTurn, MoveSide
from spite_rules.malice.events import Event, TurnBegan, TurnEnded
from spite_rules.malice.legal import flags_of
from spite_rules.malice.rules import Rules
from spite_rules.malice.state import Phase, State
from spite_rules.malice.table import (
    DISCARDED,
    DREW,
    PHASE_PLAY,
    SIDE_CARD_MOVED,
    TURN_BEGAN,
    TURN_ENDED,
    remove_card,
    sort_hand,
)
from spite_rules.malice.table import READ_TURN_END as _READ_TURN_END
from spite_rules.malice.table import TURN_END_STATE as _TURN_END_STATE

__all__ = ["quick_turn_end"]


def quick_turn_end(state: State, action: Discard | EndTurn | MoveSide) -> tuple[State, tuple[Event, ...]] | None:
    """The fast twin of ``turn.general_apply`` for the commonest actions of a game: a discard that
    ends the turn, ending it without one, or seed 002's side move (``turn``'s ``_discard``, ``_end``
    or ``_move_side``, then ``_end_turn``, ``begin_turn``, ``_draw`` and ``_automatic``) where none of their exceptional steps can happen: no empty side
    stack to fill (Massachusetts), no obligation lapsing (seed 002), no last turn under way (seed
    002's backstab), no stalemate (every seat passed), enough stock to draw from (no reshuffle, no
    running out), no completed stack waiting to be shuffled in, every pay-off pile still standing, no
    compulsory aces. None where one might: ``general_apply`` then does it all. The state is built
    directly, sharing every unchanged part. A property test holds the two equal
    (``test_the_quick_turn_end_equals_the_general_path``)."""
    # every field the turn end reads, read at once (table.READ_TURN_END)
    rules: Rules
    payoff: tuple[tuple[Card, ...], ...]
    every_hand: tuple[tuple[Card, ...], ...]
    every_side: tuple[tuple[tuple[Card, ...], ...], ...]
    stock: tuple[Card, ...]
    (rules, owed, exchange, final_turn, finisher, used, payoff, every_hand, every_side, stock, moved,
     passes_before) = _READ_TURN_END(state)
    flags = flags_of(rules)
    if owed or (exchange > 0 and not final_turn):
        return None
    if (flags.backstab and finisher is not None) or flags.compulsory_aces:
        return None
    if flags.shuffle_completed and used:
        return None
    for pile in payoff:
        if not pile:
            return None
    players = len(payoff)
    passes = 0
    began: tuple[Event, ...]
    if type(action) is EndTurn:
        seat = action.player
        following = (seat + 1) % players
        need = flags.hand_size - len(every_hand[following])
        if need > len(stock):
            return None
        hand = every_hand[seat]
        how = "end" if moved else "pass"
        if how == "pass":
            passes = passes_before + 1
            if passes >= players and flags.end_without_discard:
                return None
        began = (_turn_ended(seat, how), _turn_began(following))
    else:
        known = _ending(action, players)  # type: ignore[arg-type]
        seat = known.seat
        following = (seat + 1) % players
        need = flags.hand_size - len(every_hand[following])
        if need > len(stock):
            return None
        stacks = every_side[seat]
        side = known.side
        side_stacks = list(stacks)
        if known.discard:
            if flags.fill_empty_side_stacks and not stacks[side]:
                return None
            held = list(every_hand[seat])
            for card in known.cards:
                remove_card(held, card)
            hand = tuple(held)
            side_stacks[side] = stacks[side] + known.cards
        else:
            hand = every_hand[seat]
            source = known.source
            side_stacks[source] = side_stacks[source][:-1]
            side_stacks[side] = side_stacks[side] + known.cards
        if players == 2:
            # two seats: the new side as a pair (seat and following differ)
            every_side = (tuple(side_stacks), every_side[1]) if seat == 0 else (every_side[0], tuple(side_stacks))
        else:
            changed = list(every_side)
            changed[seat] = tuple(side_stacks)
            every_side = tuple(changed)
        began = known.began
    hands: tuple[tuple[Card, ...], ...]
    if players == 2:
        # two seats: the new hands as a pair, the drawer's last (seat and following differ)
        drawer = every_hand[following]
        if need > 0:
            drawn = stock[:need]
            stock = stock[need:]
            drawer = sort_hand(drawer + drawn)
            drew = DREW(following, need, drawn)
            events: tuple[Event, ...] = (
                (began[0], began[1], began[2], drew) if len(began) == 3 else began + (drew,)
            )
        else:
            events = began
        if not drawer:
            return None
        hands = (hand, drawer) if seat == 0 else (drawer, hand)
    else:
        listed = list(every_hand)
        listed[seat] = hand
        if need > 0:
            drawn = stock[:need]
            stock = stock[need:]
            listed[following] = sort_hand(listed[following] + drawn)
            events = began + (DREW(following, need, drawn),)
        else:
            events = began
        if not listed[following]:
            return None
        hands = tuple(listed)
    # through table.TURN_END_STATE, which copies the other fields itself
    # (test_the_quick_turn_end_equals_the_general_path holds the state equal to the general path's)
    return _TURN_END_STATE(
        state, hands, every_side, stock,
        following,  # to_act
        PHASE_PLAY,  # phase
        False,  # moved
        passes,
        (),  # owed
        0,  # exchange
        (),  # pending
        False,  # game_over
    ), events


class _Ending:
    """What ``quick_turn_end`` reads of a discard or side move that ends the turn: its seat, side
    stack (the one it goes to), source stack (a side move's), cards, and its events up to the next
    turn's beginning (its ``Discarded`` or ``SideCardMoved``, ``TurnEnded``, ``TurnBegan``)."""

    __slots__ = ("action", "seat", "discard", "side", "source", "cards", "began")

    def __init__(self, action: Discard | MoveSide, players: int) -> None:
        self.action = action
        seat = self.seat = action.player
        following = (seat + 1) % players
        self.side = action.side
        if isinstance(action, Discard):
            self.discard = True
            self.source = -1
            self.cards = action.cards
            self.began: tuple[Event, ...] = (
                DISCARDED(seat, action.cards, action.side), _turn_ended(seat, "discard"), _turn_began(following)
            )
        else:
            self.discard = False
            self.source = action.source
            self.cards = (action.card,)
            self.began = (
                SIDE_CARD_MOVED(seat, action.card, action.source, action.side), _turn_ended(seat, "side move"),
                _turn_began(following),
            )


def _ending(action: Discard | MoveSide, players: int) -> _Ending:
    """The :class:`_Ending` of ``action`` with ``players`` seats, made once per interned action:
    kept by the identity of the action (the entry holds it, so its id stays its)."""
    key = id(action) * 16 + players  # a speed device: an int code of the move's fields cost 6.6M, 1%
    known = _ENDINGS.get(key)
    if known is not None and known.action is action:
        return known
    known = _Ending(action, players)
    if len(_ENDINGS) > 4096:
        _ENDINGS.clear()
    _ENDINGS[key] = known
    return known


#: :func:`_ending`'s records, by the identity of the action and the number of seats.
_ENDINGS: Final[dict[int, _Ending]] = {}


def _turn_ended(seat: int, how: str) -> TurnEnded:
    """The one ``TurnEnded(seat, how)`` (events are immutable values: one object will do)."""
    key = (seat, how)
    found = _ENDED.get(key)
    if found is None:
        found = _ENDED[key] = TURN_ENDED(seat, how)
    return found


def _turn_began(seat: int) -> TurnBegan:
    """The one ``TurnBegan(seat)``."""
    found = _BEGINS.get(seat)
    if found is None:
        found = _BEGINS[seat] = TURN_BEGAN(seat)
    return found


_ENDED: Final[dict[tuple[int, str], TurnEnded]] = {}
_BEGINS: Final[dict[int, TurnBegan]] = {}

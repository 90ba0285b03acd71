"""Seed 004's hint button: :func:`hints` gives the legal moves one at a time, most useful first,
and then nothing, and then starts again, as the seed's button does: "Each time you click the hint
button, a different move will be shown ... When the game can't find any more moves no hint will be
shown, until the hint button is clicked again, then the game will start with the first move it
showed."

Layer: Spite and Malice: surface — may import its machine, rules of play and values, the core, the cards and the errors; never Spite.

The order (ruling M33): plays from the pay-off pile ("the goal is for a player to use up all the
cards in their stack"); plays that let the pay-off top be played next; plays from a column; plays
from the hand (lower pools first); then the discards, equal cards on an equal top first.

>>> from spite_rules.malice.deal import setup
>>> from spite_rules.malice.rules import Rules
>>> state = setup(payoff=["9♦ 4♠", "Q♣"], hands=["3♥ 8♣", ""], centre=["A♦ 2♦"], rules=Rules.preset("three_decks"))
>>> button = hints(state)
>>> [str(next(button)) for _ in range(2)]
['seat 0: play 3♥ from hand to centre 1', 'seat 0: discard 3♥ to side 1']
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence

from spite_rules.malice.actions import Action, Discard, Origin, Play
from spite_rules.malice.order import value
from spite_rules.malice.state import State
from spite_rules.malice.turn import legal_moves

__all__ = ["hints", "hint_order"]


def _usefulness(state: State, move: Action) -> tuple[int, int]:
    rules = state.rules
    seat = state.to_act
    pile = state.payoff[seat]
    if type(move) is Play:
        if move.origin is Origin.PAYOFF and move.owner is None:
            return 0, 0
        if pile and move.centre < len(state.centre):
            shown = len(state.centre[move.centre])
            if value(pile[-1], rules) == shown + 2:
                return 1, shown
        stack = state.centre[move.centre] if move.centre < len(state.centre) else ()
        return (2 if move.origin is Origin.SIDE else 3), len(stack)
    if type(move) is Discard:
        stack = state.side[seat][move.side]
        matches = bool(stack) and stack[-1].rank is move.cards[0].rank
        return (4 if matches else 5), -len(move.cards)
    return 6, 0


def hint_order(state: State, moves: Sequence[Action] | None = None) -> tuple[Action, ...]:
    """The legal moves in the order the hint button shows them. ``moves``: the state's legal
    moves, when the caller has them already (a server computes them once per change).

    >>> from spite_rules.malice.deal import setup
    >>> hint_order(setup(payoff=["5♠", "6♠"], hands=["7♣", ""]))
    (Discard(player=0, cards=(Card('7♣'),), side=0),)
    """
    if moves is None:
        moves = legal_moves(state)
    return tuple(sorted(moves, key=lambda move: _usefulness(state, move)))


def hints(state: State) -> Iterator[Action | None]:
    """An endless iterator of hints: each legal move in :func:`hint_order`, then None ("no hint will
    be shown"), then the first move again.

    >>> from spite_rules.malice.deal import setup
    >>> button = hints(setup(payoff=["5♠", "6♠"], hands=["7♣", ""]))
    >>> [str(next(button)) for _ in range(3)]
    ['seat 0: discard 7♣ to side 1', 'None', 'seat 0: discard 7♣ to side 1']
    """
    return itertools.cycle(hint_order(state) + (None,))


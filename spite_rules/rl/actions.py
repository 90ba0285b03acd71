"""Game-neutral: the fixed-size action index of the RL environments and of OpenSpiel's Spite, for a
game without a fixed action table (Spite; Spite and Malice numbers its moves by the table of
:mod:`spite_rules.malice.action_ids`). No numpy needed here.

Layer: surface over both games — may import either game, the core, the cards and the errors.

Action ``i`` is the ``i``-th of the moves the seat to act may choose now (:func:`turn_moves`: the
game's ``legal_moves`` of that seat in their fixed order, out-of-turn moves left out), for ``i``
below :data:`ACTION_BOUND`; the moves past it are cut, counted in ``info["moves_cut"]`` (how rare
that is: docs/rl.md, "The action index").

>>> import spite_rules as sr
>>> state = sr.setup(hands=["5♠", "6♦", "7♣"])
>>> [str(move) for move in turn_moves(state)]
['seat 0: 5♠', 'seat 0: 5♠ "come at me"']
"""

from __future__ import annotations

from typing import Any

from spite_rules.core.engine import game_of

__all__ = ["ACTION_BOUND", "turn_moves"]

#: The size of the action index: no decision measured in benchmarks/rl_actions.py came near it.
ACTION_BOUND = 512


def turn_moves(state: Any) -> tuple[Any, ...]:
    """The moves of the seat to act, in the game's order, without out-of-turn moves; () when
    nobody is to act."""
    played = game_of(state)
    seat = played.to_act(state)
    if seat is None or played.is_over(state):
        return ()
    return tuple(
        move for move in played.legal_moves(state) if move.player == seat and not played.out_of_turn(move)
    )

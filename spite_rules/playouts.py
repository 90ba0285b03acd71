"""Many Spite rounds played to their end in one call: the bulk API for bots, self-play and
simulations (issue 23, lever 4).

Layer: Spite: surface — may import Spite's machine, rules of play and values, the core, the cards and the errors; never Spite and Malice.

:func:`playouts` plays exactly what a loop through the public API plays (``legal_moves`` then
``apply``, the same functions; a table of bots through ``next_table_action``): tests/test_playouts.py
holds the two equal.

>>> results = playouts(4, 3, seed=10)
>>> [result.seed for result in results], [sorted(result.order) for result in results][0]
([10, 11, 12], [0, 1, 2, 3])
>>> results == playouts(4, 3, seed=10)   # the same seed, the same rounds
True
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import attrs

from spite_rules.actions import Action
from spite_rules.events import RoundOver, TrickWon
from spite_rules.round import apply, legal_moves, new_game
from spite_rules.rules import Referee, Rules
from spite_rules.state import State

if TYPE_CHECKING:  # the bots build on the engine; ``import spite_rules`` does not load them
    from spite_rules.bots import Bot

__all__ = ["Playout", "playouts"]


@attrs.frozen
class Playout:
    """One round played out: the seed it was dealt (and, with no bot, chosen) from, the actions it
    took, the tricks won in it, the seats from first out to the loser, and each seat's points."""

    seed: int
    actions: int
    tricks: int
    order: tuple[int, ...]
    points: tuple[int, ...]


def playouts(
    players: int,
    rounds: int,
    *,
    seed: int = 0,
    bot: Callable[[int], Bot[Any, Any]] | None = None,
    rules: Rules | None = None,
    max_actions: int = 100_000,
) -> tuple[Playout, ...]:
    """Play ``rounds`` rounds of ``players`` seats, round ``i`` dealt by ``new_game(players,
    seed=seed + i, rules=rules)``, each to its end, and tell what each round came to.

    With no ``bot``, every action is drawn uniformly from ``legal_moves(state)`` by
    ``random.Random(seed + i)`` (the random playout of the benchmarks and ``same_play.py``). With
    ``bot`` (a maker taking a seed, as :data:`~spite_rules.bots.BOTS` holds), seat ``s`` of round
    ``i`` is ``bot((seed + i) * players + s)``, and the table plays as
    :func:`~spite_rules.bots.play_round` plays it. ``rules``: default seed 000's under the
    automatic referee. Raises ``RuntimeError`` for a round that takes more than ``max_actions``.

    >>> from spite_rules.bots import GreedyBot
    >>> [result.actions > 0 for result in playouts(3, 2, seed=1, bot=GreedyBot)]
    [True, True]
    """
    if rules is None:
        rules = Rules(referee=Referee.AUTOMATIC)
    results = []
    for number in range(seed, seed + rounds):
        state = new_game(players, seed=number, rules=rules)
        choose: Callable[[State], Action | None]
        if bot is None:  # uniformly random legal moves drawn by ``random.Random(number)``
            choice = random.Random(number).choice
            choose = lambda state: choice(legal_moves(state))
        else:  # one bot per seat, as :func:`~spite_rules.bots.play_round`
            from spite_rules.bots import next_table_action

            table = [bot(number * players + seat) for seat in range(players)]
            choose = lambda state: next_table_action(state, table)
        results.append(_round(state, number, choose, max_actions))
    return tuple(results)


def _round(state: State, number: int, choose: Callable[[State], Action | None], max_actions: int) -> Playout:
    """Round ``number`` played from ``state`` to its end, each action ``choose(state)``."""
    tricks = actions = 0
    events: tuple[Any, ...] = ()
    while not state.round_over:
        if actions == max_actions:
            raise RuntimeError(f"round {number} did not end within {max_actions} actions")
        action = choose(state)
        if action is None:
            raise RuntimeError(f"round {number} stopped with no seat to act before it ended")
        state, events = apply(state, action)
        actions += 1
        for event in events:
            if type(event) is TrickWon:
                tricks += 1
    ended = [event for event in events if isinstance(event, RoundOver)]
    return Playout(number, actions, tricks, ended[-1].order, ended[-1].points)

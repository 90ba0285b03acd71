"""Many Spite rounds played to their end in one call: the bulk API for bots, self-play and
simulations (issue 23, lever 4).

Layer: Spite: surface — may import Spite's machine, rules of play and values, the core, the cards and the errors; never Spite and Malice.

:func:`playouts` asks the rules the same questions as a loop through the public API
(``legal_moves`` then ``apply``, the same functions) and skips what only a caller of one action
needs (the dispatch, the scan for calls while no misplay is open, views for bots not acting or
never reading them, events; docs/performance.md, "Lever 4: the bulk API"). It plays exactly what
the public loop plays (tests/test_playouts.py holds the two equal).

>>> results = playouts(4, 3, seed=10)
>>> [result.seed for result in results], [sorted(result.order) for result in results][0]
([10, 11, 12], [0, 1, 2, 3])
>>> results == playouts(4, 3, seed=10)   # the same seed, the same rounds
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

import attrs

from spite_rules.actions import Action, CallMisplay
from spite_rules.events import RoundOver, TrickWon
from spite_rules.round import apply, legal_moves, new_game
from spite_rules.rules import Referee, Rules
from spite_rules.state import State
from spite_rules.views import view

if TYPE_CHECKING:  # the bots build on the engine; ``import spite_rules`` does not load them
    from spite_rules.bots import Bot

__all__ = ["Playout", "playouts", "table_action"]


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
            from spite_rules.bots import Interrupting

            table = [bot(number * players + seat) for seat in range(players)]
            interrupters = [seat for seat, seated in enumerate(table) if isinstance(seated, Interrupting)]
            choose = lambda state: table_action(state, table, interrupters)
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


def table_action(state: State, table: Sequence[Any], interrupters: Sequence[int] = ()) -> Action | None:
    """What a table of Spite bots does next in ``state``: exactly
    :func:`~spite_rules.bots.fallible.next_table_action`, for Spite alone and without the
    per-action costs it pays to serve every game. ``interrupters``: the seats whose bot is
    :class:`~spite_rules.bots.fallible.Interrupting` (none by default).

    >>> from spite_rules.bots import GreedyBot, next_table_action
    >>> state = new_game(3, seed=2)
    >>> table_action(state, [GreedyBot()] * 3) == next_table_action(state, [GreedyBot()] * 3)
    True
    """
    from spite_rules.bots import Caller

    actor = state.to_act
    if actor is None or state.round_over:
        return None
    seats = state.players
    if interrupters:
        for offset in range(1, seats):
            seat = (actor + offset) % seats
            if seat in interrupters:
                interruption: Action | None = table[seat].interrupt(view(state, seat))
                if interruption is not None:
                    return interruption
    moves = legal_moves(state)
    if state.open_misplays:
        calls = [move for move in moves if isinstance(move, CallMisplay)]
        for offset in range(1, seats + 1) if calls else ():
            seat = (actor + offset) % seats
            seated = table[seat]
            mine = [call for call in calls if call.player == seat]
            if mine and isinstance(seated, Caller):
                called: Action | None = seated.wants_to_call(view(state, seat), mine)
                if called is not None:
                    return called
        moves = tuple(move for move in moves if not isinstance(move, CallMisplay))
    seated = table[actor]
    if seated is None:
        return None
    # A bot that says it never reads its view (``reads_view = False``, as RandomBot) is spared one.
    seen = view(state, actor) if getattr(seated, "reads_view", True) else None
    choice: Action = seated.choose(seen, [move for move in moves if move.player == actor])
    return choice

"""Bots that play Spite from what their seat may see, and a driver that runs a table of them.

A bot sees only its :class:`~spite_rules.views.SeatView` and its own legal moves: it cannot peek.

>>> state = new_game(4, seed=1, rules=Rules(referee=Referee.AUTOMATIC))
>>> table = [GreedyBot(), RandomBot(seed=1), RandomBot(seed=2), RandomBot(seed=3)]
>>> state, events = play_round(state, table)
>>> state.round_over, sorted(events[-1].order)
(True, [0, 1, 2, 3])
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Protocol

from spite_rules.actions import Action, CallMisplay
from spite_rules.bots.greedy import GreedyBot
from spite_rules.events import Event
from spite_rules.round import apply, legal_moves
from spite_rules.state import State
from spite_rules.views import SeatView, view

__all__ = ["Bot", "RandomBot", "GreedyBot", "BOTS", "moves_for", "next_bot_action", "play_round"]


class Bot(Protocol):
    """Anything that picks one of its legal moves from its seat's view."""

    name: str

    def choose(self, seen: SeatView, moves: Sequence[Action]) -> Action:
        """One of ``moves`` (never empty)."""
        ...

    def wants_to_call(self, seen: SeatView, calls: Sequence[CallMisplay]) -> CallMisplay | None:
        """A correct misplay call to make now (out of turn), or None."""
        ...


class RandomBot:
    """Picks uniformly among its legal moves, from its own seeded generator; calls half the time."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, seen: SeatView, moves: Sequence[Action]) -> Action:
        """A uniformly random legal move."""
        return self._rng.choice(list(moves))

    def wants_to_call(self, seen: SeatView, calls: Sequence[CallMisplay]) -> CallMisplay | None:
        """Calls one of its open calls with probability 1/2."""
        return self._rng.choice(list(calls)) if self._rng.random() < 0.5 else None


#: Bot makers (taking a seed) by the names the command line uses.
BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "greedy": GreedyBot}


def moves_for(state: State, seat: int) -> tuple[Action, ...]:
    """The legal moves that ``seat`` itself may make now (its turn's moves and its calls).

    >>> state = setup(hands=["5♠", "6♦", "7♣"])
    >>> [str(move) for move in moves_for(state, 0)]
    ['seat 0: 5♠', 'seat 0: 5♠ "come at me"']
    """
    return tuple(move for move in legal_moves(state) if move.player == seat)


def next_bot_action(state: State, bots: Sequence[Bot | None]) -> Action | None:
    """What the bots do next: a misplay call by a bot that wants one (asked clockwise from the seat
    to act), else the move of the bot to act; None when a seat without a bot (a human) is to act
    or nothing can happen.

    >>> state = setup(hands=["5♠", "6♦", "7♣"])
    >>> next_bot_action(state, [None, GreedyBot(), GreedyBot()]) is None   # a human is to act
    True
    """
    actor = state.to_act
    if state.round_over or actor is None:
        return None
    moves = legal_moves(state)
    calls = [move for move in moves if isinstance(move, CallMisplay)]
    for offset in range(1, state.players + 1) if calls else ():
        seat = (actor + offset) % state.players
        bot = bots[seat]
        mine = [call for call in calls if call.player == seat]
        if bot is not None and mine:
            called = bot.wants_to_call(view(state, seat), mine)
            if called is not None:
                return called
    bot = bots[actor]
    if bot is None:
        return None
    mine_moves = [move for move in moves if move.player == actor and not isinstance(move, CallMisplay)]
    return bot.choose(view(state, actor), mine_moves)


def play_round(
    state: State, bots: Sequence[Bot], *, max_actions: int = 100_000
) -> tuple[State, tuple[Event, ...]]:
    """Play the round in ``state`` to its end with one bot per seat; every event in order.

    >>> state, events = play_round(new_game(3, seed=4), [GreedyBot(), GreedyBot(), RandomBot()])
    >>> state.round_over
    True
    """
    if len(bots) != state.players:
        raise ValueError(f"{len(bots)} bots for {state.players} seats")
    stream: list[Event] = []
    for _ in range(max_actions):
        action = next_bot_action(state, bots)
        if action is None:
            return state, tuple(stream)
        state, events = apply(state, action)
        stream.extend(events)
    raise RuntimeError(f"the round did not end within {max_actions} actions")

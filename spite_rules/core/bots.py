"""Bots that play any registered game, and the driver that runs a table of them (layer: core).

Layer: core — knows no game: may import only the cards and the errors.

A bot sees only its seat's view and its own legal moves: it cannot peek. The game's own rules come
through the registry (:func:`~spite_rules.core.engine.game_of`), so nothing here knows a game;
each game's bots live with it (Spite's :mod:`spite_rules.bots`, Spite and Malice's
:mod:`spite_rules.malice.bots`).

>>> import spite_rules as sr
>>> state, events = play_deal(sr.new_game(3, seed=4), [RandomBot(1), RandomBot(2), RandomBot(3)])
>>> state.round_over
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from spite_rules.core.engine import AnyGame, game_of

__all__ = ["Bot", "Caller", "RandomBot", "next_bot_action", "play_deal"]

ViewT = TypeVar("ViewT", contravariant=True)
ActionT = TypeVar("ActionT")


class Bot(Protocol[ViewT, ActionT]):
    """Anything that picks one of its legal moves from its seat's view, in any game: a Spite bot
    is a ``Bot[SeatView, Action]``, a Spite and Malice bot a ``Bot[malice.SeatView,
    malice.Action]``."""

    name: str

    def choose(self, seen: ViewT, moves: Sequence[ActionT]) -> ActionT:
        """One of ``moves`` (never empty)."""
        ...


@runtime_checkable
class Caller(Protocol):
    """A bot that may also act out of turn where its game allows it (Spite's misplay calls)."""

    def wants_to_call(self, seen: Any, calls: Sequence[Any]) -> Any | None:
        """One of ``calls`` to make now, or None."""
        ...


class RandomBot:
    """Picks uniformly among its legal moves, from its own seeded generator; calls half the time.
    Plays any registered game."""

    name = "random"
    #: It never looks at its view: :func:`next_bot_action` builds none for it.
    reads_view = False

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, seen: object, moves: Sequence[ActionT]) -> ActionT:
        """A uniformly random legal move."""
        return self._rng.choice(list(moves))

    def wants_to_call(self, seen: object, calls: Sequence[ActionT]) -> ActionT | None:
        """Calls one of its open calls with probability 1/2."""
        return self._rng.choice(list(calls)) if self._rng.random() < 0.5 else None


def next_bot_action(
    state: Any, bots: Sequence[Any | None], moves: Sequence[Any] | None = None
) -> Any | None:
    """What the bots do next, in any game: a move out of turn (a Spite misplay call) by a bot that
    wants one (asked clockwise from the seat to act), else the move of the bot to act; None when a
    seat without a bot (a human) is to act or nothing can happen. ``moves``: the state's legal
    moves, when the caller has them already (a server computes them once per change).

    >>> import spite_rules as sr
    >>> state = sr.setup(hands=["5♠", "6♦", "7♣"])
    >>> next_bot_action(state, [None, RandomBot(1), RandomBot(2)]) is None   # a human is to act
    True
    """
    played = game_of(state)
    actor = played.to_act(state)
    if actor is None or played.is_over(state):
        return None
    if moves is None:
        moves = played.legal_moves(state)
    calls, turn = [], []
    for move in moves:
        if played.out_of_turn(move):
            calls.append(move)
        elif move.player == actor:
            turn.append(move)
    seats = played.seats(state)
    for offset in range(1, seats + 1) if calls else ():
        seat = (actor + offset) % seats
        mine = [call for call in calls if call.player == seat]
        wants_to_call = getattr(bots[seat], "wants_to_call", None) if mine else None  # a Caller, cheaply
        if wants_to_call is not None:
            called = wants_to_call(played.view(state, seat), mine)
            if called is not None:
                return called
    bot = bots[actor]
    if bot is None:
        return None
    # a bot that never reads its view (``reads_view = False``, as RandomBot) is spared one
    return bot.choose(played.view(state, actor) if getattr(bot, "reads_view", True) else None, turn)


def play_deal(
    state: Any, bots: Sequence[Any], *, max_actions: int = 100_000, told: list[str] | None = None
) -> tuple[Any, tuple[Any, ...]]:
    """Play the deal in ``state`` (a Spite round, a Spite and Malice game) to its end with one bot
    per seat, through the state's game; every event in order. ``told``: a list to which each
    action and then each of its events (indented) are added in the game's words, as the
    transcripts print them.

    >>> import spite_rules as sr
    >>> state, events = play_deal(sr.new_game(3, seed=4), [RandomBot(1), RandomBot(2), RandomBot()])
    >>> state.round_over
    True
    """
    played: AnyGame = game_of(state)
    if len(bots) != played.seats(state):
        raise ValueError(f"{len(bots)} bots for {played.seats(state)} seats")
    stream: list[Any] = []
    for _ in range(max_actions):
        action = next_bot_action(state, bots)
        if action is None:
            return state, tuple(stream)
        state, events = played.apply(state, action)
        stream.extend(events)
        if told is not None:
            names = played.names(state)
            told.append(played.describe_action(action, names))
            told.extend(f"  {played.describe_event(event, names)}" for event in events)
    raise RuntimeError(f"the deal did not end within {max_actions} actions")

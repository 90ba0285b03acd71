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
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, TypeVar, runtime_checkable

from spite_rules.actions import Action
from spite_rules.bots.greedy import GreedyBot
from spite_rules.bots.search import SearchBot, SearchStats
from spite_rules.bots.fallible import Fallible, Interrupting, next_table_action
from spite_rules.engine import AnyGame, game_of
from spite_rules.events import Event
from spite_rules.round import legal_moves
from spite_rules.state import State

__all__ = [
    "Bot",
    "Caller",
    "RandomBot",
    "GreedyBot",
    "SearchBot",
    "SearchStats",
    "strong_bot",
    "STRONG_ITERATIONS",
    "STRONG_THINK_TIME",
    "Fallible",
    "Interrupting",
    "next_table_action",
    "BOTS",
    "bots_for",
    "moves_for",
    "next_bot_action",
    "play_round",
    "play_deal",
]

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
    #: It never looks at its view: the bulk API (:func:`spite_rules.playouts`) builds none for it.
    reads_view = False

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, seen: object, moves: Sequence[ActionT]) -> ActionT:
        """A uniformly random legal move."""
        return self._rng.choice(list(moves))

    def wants_to_call(self, seen: object, calls: Sequence[ActionT]) -> ActionT | None:
        """Calls one of its open calls with probability 1/2."""
        return self._rng.choice(list(calls)) if self._rng.random() < 0.5 else None


#: The strongest Spite bot's search, and the bound on its think time for a person's table
#: (docs/research.md: the search bot against the greedy bot).
STRONG_ITERATIONS, STRONG_THINK_TIME = 150, 1.0


def strong_bot(seed: int) -> SearchBot:
    """The strongest Spite bot, as a person's opponent: the search bot at
    :data:`STRONG_ITERATIONS` iterations a move, its think time bounded by
    :data:`STRONG_THINK_TIME` seconds.

    >>> strong_bot(3).think_time
    1.0
    """
    return SearchBot(iterations=STRONG_ITERATIONS, seed=seed, think_time=STRONG_THINK_TIME)


#: Spite's bot makers (taking a seed) by the names the command line and the web tables use.
BOTS: dict[str, Callable[[int], Bot[Any, Any]]] = {"random": RandomBot, "greedy": GreedyBot, "strong": strong_bot}


def bots_for(name: str) -> Mapping[str, Callable[[int], Bot[Any, Any]]]:
    """The bots that play game ``name``, by name, each made from a seed: Spite's :data:`BOTS`,
    Spite and Malice's (:data:`spite_rules.malice.bots.BOTS`: its greedy bot and the random one),
    and for any other registered game the random bot, which plays every game. ``strong`` names
    each game's strongest bot, its think time bounded for a person's table.

    >>> sorted(bots_for("spite")), sorted(bots_for("malice")), sorted(bots_for("toy"))
    (['greedy', 'random', 'strong'], ['greedy', 'random', 'strong'], ['random'])
    >>> type(bots_for("malice")["greedy"](7)).__module__
    'spite_rules.malice.bots'
    """
    if name == "spite":
        return BOTS
    if name == "malice":
        from spite_rules.malice.bots import BOTS as MALICE_BOTS

        return MALICE_BOTS
    return {"random": RandomBot}


def moves_for(state: State, seat: int) -> tuple[Action, ...]:
    """The legal moves that ``seat`` itself may make now (its turn's moves and its calls).

    >>> state = setup(hands=["5♠", "6♦", "7♣"])
    >>> [str(move) for move in moves_for(state, 0)]
    ['seat 0: 5♠', 'seat 0: 5♠ "come at me"']
    """
    return tuple(move for move in legal_moves(state) if move.player == seat)


def next_bot_action(
    state: Any, bots: Sequence[Any | None], moves: Sequence[Any] | None = None
) -> Any | None:
    """What the bots do next, in any game: a move out of turn (a Spite misplay call) by a bot that
    wants one (asked clockwise from the seat to act), else the move of the bot to act; None when a
    seat without a bot (a human) is to act or nothing can happen. ``moves``: the state's legal
    moves, when the caller has them already (a server computes them once per change).

    >>> state = setup(hands=["5♠", "6♦", "7♣"])
    >>> next_bot_action(state, [None, GreedyBot(), GreedyBot()]) is None   # a human is to act
    True
    """
    played = game_of(state)
    actor = played.to_act(state)
    if actor is None or played.is_over(state):
        return None
    if moves is None:
        moves = played.legal_moves(state)
    calls = [move for move in moves if played.out_of_turn(move)]
    seats = played.seats(state)
    for offset in range(1, seats + 1) if calls else ():
        seat = (actor + offset) % seats
        bot = bots[seat]
        mine = [call for call in calls if call.player == seat]
        if isinstance(bot, Caller) and mine:
            called = bot.wants_to_call(played.view(state, seat), mine)
            if called is not None:
                return called
    bot = bots[actor]
    if bot is None:
        return None
    turn = [move for move in moves if move.player == actor and not played.out_of_turn(move)]
    return bot.choose(played.view(state, actor), turn)


def play_deal(
    state: Any, bots: Sequence[Any], *, max_actions: int = 100_000
) -> tuple[Any, tuple[Any, ...]]:
    """Play the deal in ``state`` (a Spite round, a Spite and Malice game) to its end with one bot
    per seat, through the state's game; every event in order.

    >>> state, events = play_deal(new_game(3, seed=4), [GreedyBot(), GreedyBot(), RandomBot()])
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
    raise RuntimeError(f"the deal did not end within {max_actions} actions")


def play_round(
    state: State, bots: Sequence[Bot[Any, Any]], *, max_actions: int = 100_000
) -> tuple[State, tuple[Event, ...]]:
    """Play the Spite round in ``state`` to its end with one bot per seat; every event in order
    (:func:`play_deal` typed for Spite).

    >>> state, events = play_round(new_game(3, seed=4), [GreedyBot(), GreedyBot(), RandomBot()])
    >>> state.round_over
    True
    """
    try:
        return play_deal(state, bots, max_actions=max_actions)
    except RuntimeError:
        raise RuntimeError(f"the round did not end within {max_actions} actions") from None

"""Spite's bots (the greedy bot, the fallible one, the strongest one as a person's opponent), with
the bots that play any game (:mod:`spite_rules.core.bots`, :mod:`spite_rules.core.search`)
re-exported, and the bots of every game by name (:func:`bots_for`).

Layer: Spite: surface — may import Spite's machine, rules of play and values, the core, the cards and the errors; never Spite and Malice.

>>> state = new_game(4, seed=1, rules=Rules(referee=Referee.AUTOMATIC))
>>> table = [GreedyBot(), RandomBot(seed=1), RandomBot(seed=2), RandomBot(seed=3)]
>>> state, events = play_round(state, table)
>>> state.round_over, sorted(events[-1].order)
(True, [0, 1, 2, 3])
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from spite_rules.actions import Action
from spite_rules.bots.greedy import GreedyBot
from spite_rules.bots.fallible import Fallible, Interrupting, next_table_action
from spite_rules.core.bots import Bot, Caller, RandomBot, next_bot_action, play_deal
from spite_rules.core.engine import GAMES
from spite_rules.core.search import SearchBot, SearchStats
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
    found: Mapping[str, Callable[[int], Bot[Any, Any]]] | None = getattr(GAMES.get(name), "bots", None)
    return found if found is not None else {"random": RandomBot}


def moves_for(state: State, seat: int) -> tuple[Action, ...]:
    """The legal moves that ``seat`` itself may make now (its turn's moves and its calls).

    >>> state = setup(hands=["5♠", "6♦", "7♣"])
    >>> [str(move) for move in moves_for(state, 0)]
    ['seat 0: 5♠', 'seat 0: 5♠ "come at me"']
    """
    return tuple(move for move in legal_moves(state) if move.player == seat)


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

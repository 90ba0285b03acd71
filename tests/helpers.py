"""Shared helpers for the trick-engine tests: play a sequence of actions, read the events back.

>>> state = sr.setup(hands=["3♦ 9♠", "4♣ 9♦", "5♣ 9♣"])
>>> state, events = play_through(state, sr.Play(0, "3♦"), sr.Play(1, "4♣"))
>>> [type(event).__name__ for event in events]
['Played', 'Played']
"""

from __future__ import annotations

from collections.abc import Iterable

import spite_rules as sr

__all__ = [
    "play_through",
    "misplay_rules",
    "first_misplay",
    "of_type",
    "moves",
    "plays",
]


def play_through(state: sr.State, *actions: sr.Action) -> tuple[sr.State, tuple[sr.Event, ...]]:
    """Apply ``actions`` in order: the final state and every event, in order (like ``sr.apply``)."""
    events: list[sr.Event] = []
    for action in actions:
        state, happened = sr.apply(state, action)
        events.extend(happened)
    return state, tuple(events)


def of_type(events: Iterable[sr.Event], kind: type) -> list[sr.Event]:
    """The events of one type, in order."""
    return [event for event in events if isinstance(event, kind)]


def misplay_rules(events: Iterable[sr.Event]) -> list[str]:
    """The ``rule`` of every Misplay event, in order."""
    return [event.rule for event in events if isinstance(event, sr.Misplay)]


def first_misplay(events: Iterable[sr.Event]) -> sr.Misplay:
    """The first Misplay event (the test fails if there is none)."""
    found = [event for event in events if isinstance(event, sr.Misplay)]
    assert found, f"no misplay in {list(events)!r}"
    return found[0]


def moves(state: sr.State) -> set[sr.Action]:
    """The seat to act's passes and plays in ``legal_moves``, as a set, to compare with the exact
    moves a trick clause allows. Left out: the "come at me" variant of each play (its own section,
    tests/test_come_at_me.py) and misplay calls (tests/test_misplays.py)."""
    return {
        move
        for move in sr.legal_moves(state)
        if isinstance(move, sr.Pass) or (isinstance(move, sr.Play) and not move.come_at_me)
    }


def plays(state: sr.State) -> set[sr.Action]:
    """:func:`moves` without the pass."""
    return {move for move in moves(state) if isinstance(move, sr.Play)}

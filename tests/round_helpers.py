"""Helpers for the round-level tests (opening, going out, bounty, come at me, misplays).

>>> state, events = play_through(sr.setup(hands=["5♠ 9♠", "3♦ 6♦", "3♣ 4♣"]), sr.Play(0, "5♠"))
>>> [type(event).__name__ for event in events], state.to_act
(['Played'], 1)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TypeVar

import spite_rules as sr

__all__ = [
    "AUTOMATIC",
    "CALLED",
    "play_through",
    "of_type",
    "one",
    "misplay_rules",
    "all_pass",
    "random_action",
    "play_random_round",
]

AUTOMATIC = sr.Rules(referee=sr.Referee.AUTOMATIC)
"""Rules with the automatic referee: no CallMisplay moves in legal_moves, fakes go to the pile."""

CALLED = sr.Rules(referee=sr.Referee.CALLED)
"""The default referee, spelt out."""

EventT = TypeVar("EventT")


def play_through(state: sr.State, *actions: sr.Action) -> tuple[sr.State, list[sr.Event]]:
    """Apply ``actions`` in order: the final state and every event, in order."""
    events: list[sr.Event] = []
    for action in actions:
        state, happened = sr.apply(state, action)
        events.extend(happened)
    return state, events


def of_type(events: Iterable[object], kind: type[EventT]) -> list[EventT]:
    """The events of one type, in order."""
    return [event for event in events if isinstance(event, kind)]


def one(events: Iterable[object], kind: type[EventT]) -> EventT:
    """The single event of ``kind`` (the test fails unless there is exactly one)."""
    found = of_type(events, kind)
    assert len(found) == 1, f"expected one {kind.__name__} in {list(events)!r}"
    return found[0]


def misplay_rules(events: Iterable[object]) -> list[str]:
    """The ``rule`` of every Misplay event, in order."""
    return [event.rule for event in events if isinstance(event, sr.Misplay)]


def all_pass(state: sr.State, *seats: int) -> tuple[sr.State, list[sr.Event]]:
    """Each of ``seats`` passes, in order."""
    return play_through(state, *(sr.Pass(seat) for seat in seats))


def _favour_plays(moves: Sequence[sr.Action], rng: random.Random) -> sr.Action:
    """A legal move chosen to end rounds quickly: mostly one of the biggest plays, else anything."""
    plays = [m for m in moves if isinstance(m, sr.Play) and not m.come_at_me]
    if plays and rng.random() < 0.9:
        biggest = max(len(m.cards) for m in plays)
        return rng.choice([m for m in plays if len(m.cards) == biggest])
    return rng.choice(list(moves))


def random_action(
    state: sr.State, rng: random.Random, *, misplay_rate: float = 0.03, pass_rate: float = 0.4
) -> tuple[sr.Action, bool]:
    """A random action for the seat to act, and whether it came from ``legal_moves``.

    Mostly a legal move favouring big plays; sometimes a plain pass in a trick (always legal there,
    and cheap); now and then a misplay: a random held card played regardless of the trick."""
    seat = state.to_act
    assert seat is not None, "nobody is to act while the round is not over"
    in_trick = state.reward is None and state.opening is None
    if in_trick and not state.trick.is_lead and rng.random() < pass_rate:
        return sr.Pass(seat), True
    if in_trick and state.hands[seat] and rng.random() < misplay_rate:
        return sr.Play(seat, [rng.choice(state.hands[seat])]), False
    moves = sr.legal_moves(state)
    assert moves, "legal_moves is empty while the round is not over"
    return _favour_plays(moves, rng), True


def play_random_round(
    players: int, seed: int, rules: sr.Rules, *, max_actions: int = 3000
) -> tuple[sr.State, int]:
    """Play a new game's first round with :func:`random_action` until it ends (or ``max_actions``).

    Checks on the way that a legal move never yields a misplay for its actor. Returns the final
    state and the number of actions taken."""
    rng = random.Random(seed)
    state = sr.new_game(players, seed=seed, rules=rules)
    actions = 0
    while not state.round_over and actions < max_actions:
        action, legal = random_action(state, rng)
        state, events = sr.apply(state, action)
        if legal:
            misplays = [e for e in events if isinstance(e, sr.Misplay) and e.player == action.player]
            assert not misplays, f"legal move {action} was judged a misplay: {misplays}"
        actions += 1
    return state, actions

"""Misplays (seed 000, "Misplays"): what a misplay costs (:func:`misplayed`: the penalty, the
forfeited fake jokers, the bar from the trick), the window in which one may be called
(:func:`close_calls`, ruling R27), and out-of-turn plays, which wait for their seat's turn
(:func:`out_of_turn`, ruling R29). Moving the turn on after a misplay, and calls, are the round's
(:mod:`spite_rules.turns`, :mod:`spite_rules.round`). Rulings R27-R30.

Layer: Spite: rules of play — may import Spite's values, the core, the cards and the errors.

>>> state = setup(hands=["9♠ 3♦", "9♦ 4♣", "9♣ 5♣"], fake_jokers=["", "~4♣", ""])
>>> state, events = apply(state, Play(0, "9♠"))
>>> state, events = apply(state, Play(1, "9♦"))
>>> [type(event).__name__ for event in events], state.penalties, state.fake_jokers[1]
(['Misplay'], (0, 1, 0), ())
"""

from __future__ import annotations

from typing import TypedDict

from spite_rules.core.frozen import replace
from spite_rules.actions import Play
from spite_rules.cards import Card
from spite_rules.changes import check_holds, replace_seat
from spite_rules.errors import IllegalAction
from spite_rules.events import Event, FakeJokersForfeited, Misplay, OutOfTurnPlay
from spite_rules.rules import Referee
from spite_rules.state import OpenMisplay, State
from spite_rules.trick import Breach

__all__ = ["misplayed", "penalise", "close_calls", "out_of_turn"]


def misplayed(
    state: State, seat: int, breach: Breach, events: list[Event], *, bar: bool = True
) -> State:
    """Seed 000, "Misplays": "Any fake jokers held by that player are immediately forfeited ... They
    are not allowed to play in the current trick, without the possibility of buying back ... They
    must skip the number of turns in the next trick(s) equal to their misplay penalty count." The
    misplayed cards are taken back: a play that is not valid does not stand (ruling R28). The turn
    does not move here: see :func:`~spite_rules.turns.misplay`."""
    events.append(Misplay(seat, breach.reason, breach.rule))
    state = penalise(state, seat, 1, events, open_for_call=True)
    if bar and state.reward is None:  # "if the misplay occurred during a trick"
        trick = state.trick
        state = replace(state, trick=replace(trick, barred=trick.barred | {seat}))
    return state


class _Penalised(TypedDict, total=False):
    """What :func:`penalise` changes: the penalties, and the forfeited fake jokers' whereabouts."""

    penalties: tuple[int, ...]
    fake_jokers: tuple[tuple[Card, ...], ...]
    open_misplays: tuple[OpenMisplay, ...]
    fake_pile: tuple[Card, ...]


def penalise(
    state: State, seat: int, count: int, events: list[Event], *, open_for_call: bool
) -> State:
    """Add ``count`` misplay penalties to ``seat`` and forfeit its fake jokers: to the pile, or (a
    misplay under the called referee) held until the call window closes."""
    forfeited = state.fake_jokers[seat]
    changes: _Penalised = {
        "penalties": replace_seat(state.penalties, seat, state.penalties[seat] + count)
    }
    if forfeited:
        changes["fake_jokers"] = replace_seat(state.fake_jokers, seat, ())
    if open_for_call and state.rules.referee is Referee.CALLED:
        changes["open_misplays"] = state.open_misplays + (OpenMisplay(seat, forfeited),)
    elif forfeited:
        events.append(FakeJokersForfeited(seat, forfeited))
        changes["fake_pile"] = state.fake_pile + forfeited
    return replace(state, **changes)


def close_calls(state: State) -> tuple[State, list[Event]]:
    """Ruling R27: a misplay may be called until the next action that is not a call; then "the
    table has reached a consensus" and its forfeited fake jokers return to the pile. The seat is
    kept in ``State.called`` for the rest of the round: a call on it after the consensus is late
    but correct, and wins nothing ("fake jokers are not awarded if a misplay was only called after
    the table has reached a consensus").

    >>> state = setup(hands=["9♠ 3♦", "9♦ 4♣", "9♣ 5♣"], fake_jokers=["", "~4♣", ""],
    ...               rules=Rules(referee=Referee.CALLED))
    >>> state, _ = apply(state, Play(0, "9♠"))
    >>> state, _ = apply(state, Play(1, "9♦"))
    >>> state, events = close_calls(state)
    >>> [type(event).__name__ for event in events], state.called, state.fake_pile[-1]
    (['FakeJokersForfeited'], (1,), Card('~4♣'))
    """
    events: list[Event] = []
    if not state.open_misplays:
        return state, events
    pile, called = state.fake_pile, state.called
    for open_misplay in state.open_misplays:
        pile += open_misplay.forfeited
        if open_misplay.forfeited:
            events.append(FakeJokersForfeited(open_misplay.accused, open_misplay.forfeited))
        if open_misplay.accused not in called:
            called += (open_misplay.accused,)
    return replace(state, fake_pile=pile, open_misplays=(), called=called), events


def out_of_turn(state: State, play: Play, events: list[Event]) -> tuple[State, tuple[Event, ...]]:
    """Seed 000, "Misplays": "If a player plays out of turn, all player(s) who could have played
    shall still have the option to play. If, after those players have played or passed, the
    out-of-turn play is still valid then it shall stand, otherwise it is a misplay." Ruling R29:
    the play waits, cards committed, and is judged when its seat's turn comes."""
    seat = play.player
    if state.opening is not None or state.reward is not None:
        raise IllegalAction(
            f"it is seat {state.to_act}'s turn: no out-of-turn play during the opening or a reward"
        )
    if any(waiting.player == seat for waiting in state.pending):
        raise IllegalAction(f"seat {seat} already has an out-of-turn play waiting")
    check_holds(state, seat, play.cards, play.earned)
    if seat in state.trick.barred:
        breach = Breach(
            lambda: f"seat {seat} misplayed in this trick and may not play in it again",
            "misplays.barred",
        )
        state = misplayed(state, seat, breach, events)
        return state, tuple(events)  # not the seat to act: the turn stays where it is
    events.append(OutOfTurnPlay(seat, play.cards, play.face_down))
    return replace(state, pending=state.pending + (play,)), tuple(events)

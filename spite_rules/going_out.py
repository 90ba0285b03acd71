"""Leaving the round after a play stands (seed 000, "Objective", "Buy Back", "Joker Hands", "Fake
Jokers"): going out, the instant losses (a joker hand or a face-down fake joker as the last or
second last play, twenty cards held), and the round's end when one seat is left
(:func:`after_play`). Rulings R22-R24.

Layer: Spite: rules of play — may import Spite's values, the core, the cards and the errors.

>>> state = setup(hands=["5♠", "6♦ 7♦", "7♣ 8♣"])
>>> state, events = apply(state, Play(0, "5♠"))
>>> [type(event).__name__ for event in events], state.finished
(['Played', 'WentOut'], (0,))
"""

from __future__ import annotations

from spite_rules.core.frozen import replace
from spite_rules.changes import Deferred, replace_seat
from spite_rules.events import Event, InstantLoss, RoundOver, WentOut
from spite_rules.misplays import close_calls
from spite_rules.scoring import round_points, score_round
from spite_rules.state import State

__all__ = ["after_play", "joker_last_mark", "loses_going_out"]


def loses_going_out(state: State, seat: int, jokerish: bool) -> bool:
    """Does ``seat`` lose instead of finishing if its play, a joker hand or a face-down fake joker
    if ``jokerish``, empties its hand? Seed 000, "Joker Hands": "If a player plays a joker hand as
    their last or second last play, the play stands but they immediately become the loser of the
    round." Ruling R22: the last play or the one that stood before it (``State.joker_last``).
    Such a seat does not finish, so it claims no bounty either (ruling R25).

    >>> state = setup(hands=["9♠ 9♠ 9♦ 9♣ 9♥", "6♦", "7♣"])
    >>> loses_going_out(state, 0, True), loses_going_out(state, 0, False)
    (True, False)
    """
    return jokerish or state.joker_last[seat]


def after_play(state: State, seat: int, jokerish: bool, events: list[Event]) -> State:
    """Going out, and the instant losses (seed 000, "Buy Back", "Joker Hands", "Fake Jokers")."""
    hand = state.hands[seat]
    if not hand:
        if loses_going_out(state, seat, jokerish):
            which = "last" if jokerish else "second last"
            state = _lose(
                state,
                seat,
                f"seat {seat} played a joker hand or a face-down fake joker as its {which} play: "
                "the play stands and the seat becomes the loser",
                "joker-hands.last-plays",
                events,
            )
        else:
            state = replace(state, finished=state.finished + (seat,))
            events.append(WentOut(seat, len(state.finished)))
    else:
        marked = joker_last_mark(state, seat, jokerish)
        if marked:
            state = replace(state, **marked)
        if len(hand) >= state.rules.losing_hand_size:
            state = _lose(
                state,
                seat,
                f"seat {seat} holds {len(hand)} cards: reaching {state.rules.losing_hand_size} "
                "loses the round at once",
                "buy-back.twenty-cards",
                events,
            )
    return _check_round_over(state, events)


def joker_last_mark(state: State, seat: int, jokerish: bool) -> Deferred:
    """The change marking whether ``seat``'s latest play was a joker hand or a face-down fake
    joker (seed 000: a joker hand as the "second last" play loses), or none if the mark stands."""
    if state.joker_last[seat] == jokerish:
        return {}
    return {"joker_last": replace_seat(state.joker_last, seat, jokerish)}


def _lose(state: State, seat: int, reason: str, rule: str, events: list[Event]) -> State:
    events.append(InstantLoss(seat, reason, rule))
    return replace(state, losers=state.losers + (seat,))


def _check_round_over(state: State, events: list[Event]) -> State:
    """Seed 000, "Objective": "The round is played until there is only one player with cards
    remaining." Ruling R23: instant losers take the last places, the earliest loser last."""
    if len(state.active) > 1:
        return state
    order = state.finished + state.active + tuple(reversed(state.losers))
    state, closing = close_calls(state)
    events.extend(closing)
    scores = score_round(state.scores, state.previous_order, order)
    points = tuple(round_points(order.index(seat), len(order)) for seat in range(state.players))
    events.append(RoundOver(order, points, scores))
    return replace(
        state,
        round_over=True,
        to_act=None,
        reward=None,
        pending=(),
        scores=scores,
        previous_order=order,
        losers_by_round=state.losers_by_round + (order[-1],),
    )

""""Come at me" (seed 000, "Come At Me"), settled when a trick is won: the penalties of those who
announced and did not win (:func:`failed_come_at_me`), whether the winner succeeded, the
streaks, and the winner's reward (:func:`come_at_me_reward`) or penalty
(:func:`settle_come_at_me`). Announcing it is judged with the play
(:func:`~spite_rules.trick.only_jokers_beat`); taking a reward is the round's
:class:`~spite_rules.actions.TakeReward`. Ruling R26.

>>> state = setup(hands=["9♠ 3♦", "10♦ 4♣", "5♣ 6♣"], deck="2♠ 2♥ 2♦ 2♣")
>>> state, events = apply(state, Play(0, "9♠", come_at_me=True))
>>> state, events = apply(state, Play(1, "10♦"))
>>> state, events = apply(state, Pass(2))
>>> state, events = apply(state, Pass(0))
>>> [type(event).__name__ for event in events]
['Passed', 'TrickWon', 'ComeAtMeFailed']
"""

from __future__ import annotations

from collections import Counter

from spite_rules._evolve import evolve
from spite_rules.events import ComeAtMeFailed, ComeAtMeWon, Event
from spite_rules.misplays import penalise
from spite_rules.state import Reward, State
from spite_rules.stock import restock
from spite_rules.trick import Trick

__all__ = ["come_at_me_reward", "failed_come_at_me", "come_at_me_succeeded", "streaks_after", "settle_come_at_me"]


def come_at_me_reward(calls: int, streak: int) -> int:
    """The cards a successful come-at-me lets its announcer view.

    Seed 000, "Come At Me": "The base reward for a successful come-at-me is being allowed to view 3
    cards. The reward increases by 1 for each additional come-at-me by that player during the same
    trick, and decreases by 1 for each successful previous come-at-me by that player with no tricks
    being won by other players in between."

    >>> come_at_me_reward(calls=2, streak=0), come_at_me_reward(calls=1, streak=1)
    (4, 2)
    """
    return 3 + (calls - 1) - streak


def failed_come_at_me(state: State, calls: Counter[int], winner: int, events: list[Event]) -> State:
    """Seed 000, "Come At Me": "The base penalty for a failed come-at-me is a misplay penalty, and
    it increases by 1 for each additional come-at-me during the same trick." Each seat but the
    ``winner`` that announced in the trick (``calls``: announcements by seat) takes it, not open to
    a call (rulings R26, R28)."""
    for seat in sorted(calls):
        if seat != winner:
            events.append(ComeAtMeFailed(seat, calls[seat], "come-at-me.failed"))
            state = penalise(state, seat, calls[seat], events, open_for_call=False)
    return state


def come_at_me_succeeded(trick: Trick, called: int) -> bool:
    """Did the winner of ``trick``, which announced "come at me" ``called`` times in it, succeed?
    Not if it won with a joker hand or a face-down fake joker (seed 000, "Come At Me": the
    come-at-me fails "if the player wins the trick by playing a joker hand")."""
    winning = trick.plays[-1].hand
    return bool(called) and winning is not None and not winning.is_joker


def streaks_after(streaks: tuple[int, ...], winner: int, won: bool) -> tuple[int, ...] | None:
    """Each seat's come-at-me streak once ``winner`` wins a trick (``won``: with a successful
    come-at-me), or None if none changes. Seed 000, "Come At Me": the reward "decreases by 1 for
    each successful previous come-at-me by that player with no tricks being won by other players
    in between"."""
    # Every other seat's streak ends; the winner's grows if its come-at-me succeeded.
    if won or any(s and seat != winner for seat, s in enumerate(streaks)):
        return tuple((s + won if seat == winner else 0) for seat, s in enumerate(streaks))
    return None


def settle_come_at_me(
    state: State, winner: int, called: int, won: bool, streak: int, events: list[Event]
) -> State:
    """The ``winner``'s come-at-me, once the next trick is set up: none announced, nothing; won
    with a joker, the failed penalty; else its reward (:func:`come_at_me_reward` with ``streak``,
    the winner's streak before this trick), negative as misplay penalties, positive as cards to
    view from the deck, which the winner then takes (ruling R26)."""
    if not called:
        return state
    if not won:
        events.append(ComeAtMeFailed(winner, called, "come-at-me.won-with-joker"))
        return penalise(state, winner, called, events, open_for_call=False)
    reward = come_at_me_reward(called, streak)
    events.append(ComeAtMeWon(winner, reward))
    if reward < 0:
        return penalise(state, winner, -reward, events, open_for_call=False)
    if reward > 0 and state.in_round(winner):
        state = restock(state, reward)
        return evolve(state, reward=Reward(winner, reward), to_act=winner)
    return state

""""Come at me" (seed 000, "Come At Me"), settled when a trick is won: the penalties of those who
announced and did not win (:func:`failed_come_at_me`), whether the winner succeeded, the
streaks, and the winner's reward (:func:`come_at_me_reward`) or penalty
(:func:`settle_come_at_me`). Announcing it is judged with the play
(:func:`~spite_rules.trick.only_jokers_beat`); taking a reward is the round's
:class:`~spite_rules.actions.TakeReward`. Ruling R26.

Layer: Spite: rules of play — may import Spite's values, the core, the cards and the errors.

>>> state = setup(hands=["9♠ 3♦", "10♦ 4♣", "5♣ 6♣"], deck="2♠ 2♥ 2♦ 2♣")
>>> state, events = apply(state, Play(0, "9♠", come_at_me=True))
>>> state, events = apply(state, Play(1, "10♦"))
>>> state, events = apply(state, Pass(2))
>>> state, events = apply(state, Pass(0))
>>> [type(event).__name__ for event in events]
['Passed', 'TrickWon', 'ComeAtMeFailed']
"""

from __future__ import annotations


from spite_rules.core import grammar
from spite_rules.core.frozen import replace
from spite_rules.actions import DiscardAndDraw, Play
from spite_rules.events import ComeAtMeFailed, ComeAtMeWon, Event
from spite_rules.misplays import penalise
from spite_rules.state import Reward, State
from spite_rules.stock import restock
from spite_rules.trick import Breach, Trick

__all__ = [
    "come_at_me_reward",
    "failed_come_at_me",
    "come_at_me_succeeded",
    "streaks_after",
    "settle_come_at_me",
    "two_players_breach",
    "discard_and_draw_breach",
]


def come_at_me_reward(calls: int, streak: int) -> int:
    """Seed 000, "Come At Me": the reward: see :func:`spite_rules.public.come_at_me_reward`."""
    return 3 + (calls - 1) - streak


def two_players_breach(state: State, play: Play) -> Breach | None:
    """Why ``play``'s "come at me" is a misplay with only two players left, or None.

    The July 2023 revision (``Rules.come_at_me_two_players`` False; seed 000 allows it: "Any number
    of players are allowed to come-at-me during a trick"): come-at-me "with two active players" is
    "a misplay". Ruling V8: the seats still in the round, counted when the play is made.

    >>> state = setup(hands=["5♠ 9♠", "6♦ 10♦", "4♣"], rules="2023-07")
    >>> two_players_breach(state, Play(0, "5♠", come_at_me=True)) is None
    True
    """
    if not play.come_at_me or state.rules.come_at_me_two_players or len(state.active) != 2:
        return None
    return Breach(
        lambda: f"'come at me' announced by seat {play.player} with only two players left in the "
        "round",
        "come-at-me.two-players",
    )


def discard_and_draw_breach(state: State, take: DiscardAndDraw) -> Breach | None:
    """Why taking the come-at-me reward by discarding ``take.discard`` and drawing ``take.draw``
    is a misplay, or None (the July 2023 revision, ``RewardKind.DISCARD_AND_DRAW``; ruling V7).

    The revision: "discard between 1 and N cards from the hand and draw as many from the deck;
    discarding zero or too many, or drawing a wrong number, is a misplay".

    >>> state = setup(hands=["5♠ 8♠ 9♠", "3♦", "3♣"], rules="2023-07")
    >>> state = replace(state, reward=Reward(0, 2))
    >>> discard_and_draw_breach(state, DiscardAndDraw(0, "8♠ 9♠", 2)) is None
    True
    >>> discard_and_draw_breach(state, DiscardAndDraw(0, "5♠ 8♠ 9♠", 3)).rule
    'come-at-me.discard-count'
    >>> discard_and_draw_breach(state, DiscardAndDraw(0, "8♠", 2)).rule
    'come-at-me.draw-count'
    """
    reward = state.reward
    assert reward is not None, "no come-at-me reward is being taken"
    count, due = len(take.discard), reward.count
    if not 1 <= count <= due:
        return Breach(
            lambda: f"seat {take.player} discarded {grammar.count(count, 'card')} for a reward of {due}: between "
            f"1 and {due} are discarded",
            "come-at-me.discard-count",
        )
    if take.draw != count:
        return Breach(
            lambda: f"seat {take.player} discarded {grammar.count(count, 'card')} and drew {take.draw}: it draws "
            "as many as it discards",
            "come-at-me.draw-count",
        )
    return None


def failed_come_at_me(state: State, calls: tuple[int, ...], winner: int, events: list[Event]) -> State:
    """Seed 000, "Come At Me": "The base penalty for a failed come-at-me is a misplay penalty, and
    it increases by 1 for each additional come-at-me during the same trick." Each seat but the
    ``winner`` that announced in the trick (``calls``: the seat of each announcement,
    ``Trick.come_at_me``) takes it, not open to a call (rulings R26, R28)."""
    for seat in sorted(set(calls)):
        if seat != winner:
            count = calls.count(seat)
            events.append(ComeAtMeFailed(seat, count, "come-at-me.failed"))
            state = penalise(state, seat, count, events, open_for_call=False)
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
        return replace(state, reward=Reward(winner, reward), to_act=winner)
    return state

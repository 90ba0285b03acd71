"""The one judgement of a play in turn (:func:`judge_in_turn`): the round's breaches first (the
opening's, the buy-back's, the bounty claim's), then the trick's
(:func:`~spite_rules.trick.judge_play`, or :func:`~spite_rules.trick.judge_hand` for a hand
already classified). ``apply`` asks it of a play, and ``legal_moves`` asks its parts of every
candidate, so the two never disagree.

Layer: Spite: rules of play — may import Spite's values, the core, the cards and the errors.

>>> state = setup(hands=["9♠ 3♦", "9♦ 4♣", "9♣ 5♣"])
>>> judge_in_turn(state, Play(0, "9♠")).hand.describe()
'single 9'
>>> judge_in_turn(state, Play(0, "9♠", buy_back=1)).rule
'buy-back.count'
"""

from __future__ import annotations

from spite_rules.actions import Play
from spite_rules.bounty import bounty_breach
from spite_rules.buy_back import buy_back_breach
from spite_rules.come_at_me import two_players_breach
from spite_rules.hands import Hand
from spite_rules.opening import opening_breach
from spite_rules.state import State
from spite_rules.trick import Breach, Outcome, Standing, judge_hand, judge_play

__all__ = ["judge_in_turn", "judge_in_trick"]


def judge_in_turn(state: State, play: Play, hand: Hand | None = None) -> Breach | Outcome:
    """The one judgement of a play in turn: opening, buy-back, bounty claim, "come at me" with two
    players left (the July 2023 revision), then the trick. ``hand`` is the play's regular cards
    already classified (legal_moves has it from hands_in)."""
    breach = opening_breach(state, play) or buy_back_breach(state, play)
    breach = breach or bounty_breach(state, play) or two_players_breach(state, play)
    if breach is not None:
        return breach
    return judge_in_trick(state, play, hand)


def judge_in_trick(
    state: State, play: Play, hand: Hand | None, standing: Standing | None = None
) -> Breach | Outcome:
    """The trick's part of :func:`judge_in_turn`; ``standing`` as for :func:`judge_hand`."""
    if hand is not None and not (play.face_down or play.earned):
        return judge_hand(
            state.trick,
            state.direction,
            play.player,
            hand,
            announce=play.direction,
            unbeatable=play.unbeatable,
            come_at_me=play.come_at_me,
            standing=standing,
        )
    return judge_play(
        state.trick,
        state.direction,
        play.player,
        play.cards,
        face_down=play.face_down,
        earned=play.earned,
        announce=play.direction,
        unbeatable=play.unbeatable,
        come_at_me=play.come_at_me,
        rules=state.rules,
    )

"""The verdict memo is only a speed device: ``apply`` gives the same states and events without it.

``legal_moves`` remembers the verdicts behind the plays it offers (``spite_rules.moves.VERDICTS``)
and ``apply``, given the very state and play object, builds on the verdict instead of judging the
play again. Random seeded rounds (3 to 9 seats, either referee) apply every chosen legal move twice
from the same state: once with the memo warm from ``legal_moves``, once with it cleared first.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spite_rules as sr
from spite_rules.moves import VERDICTS

pytestmark = pytest.mark.rule("objective.round-end")

MAX_ACTIONS = 5_000


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=3, max_value=9),
    seed=st.integers(min_value=0, max_value=2**32),
    moves_seed=st.integers(min_value=0, max_value=2**32),
    referee=st.sampled_from(list(sr.Referee)),
)
def test_apply_gives_the_same_states_and_events_with_the_verdict_memo_cleared(
    players: int, seed: int, moves_seed: int, referee: sr.Referee
) -> None:
    rng = random.Random(moves_seed)
    state = sr.new_game(players, seed=seed, rules=sr.Rules(referee=referee))
    reused = 0
    for _ in range(MAX_ACTIONS):
        if state.round_over:
            break
        move = rng.choice(sr.legal_moves(state))  # the memo now holds this state's verdicts
        reused += VERDICTS.offered(state, move)
        warm = sr.apply(state, move)
        VERDICTS.clear()
        cold = sr.apply(state, move)
        assert cold[0] == warm[0], f"a different state after {move} with the memo cleared"
        assert cold[1] == warm[1], f"different events after {move} with the memo cleared"
        state = warm[0]
    assert state.round_over
    assert reused > 0, "no move was applied from a remembered verdict: the test checks nothing"

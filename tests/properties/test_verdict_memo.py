"""The verdicts a state keeps change nothing: ``apply`` gives the same states and events without them.

``legal_moves`` keeps the verdicts behind the plays it offers with the state it was asked about
(``State.verdicts``, a ``spite_rules.moves.Verdicts``) and ``apply``, given that very state and play
object, builds on the verdict instead of judging the play again. Random seeded rounds (3 to 9
seats, either referee) apply every chosen legal move twice: once to the state ``legal_moves`` was
asked about, once to an equal copy of it, which carries its verdicts over and must ignore them.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spite_rules as sr
from spite_rules.moves import verdict_of

pytestmark = pytest.mark.rule("objective.round-end")

MAX_ACTIONS = 5_000


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=3, max_value=9),
    seed=st.integers(min_value=0, max_value=2**32),
    moves_seed=st.integers(min_value=0, max_value=2**32),
    referee=st.sampled_from(list(sr.Referee)),
)
def test_apply_gives_the_same_states_and_events_without_the_verdicts_a_state_keeps(
    players: int, seed: int, moves_seed: int, referee: sr.Referee
) -> None:
    rng = random.Random(moves_seed)
    state = sr.new_game(players, seed=seed, rules=sr.Rules(referee=referee))
    reused = 0
    for _ in range(MAX_ACTIONS):
        if state.round_over:
            break
        move = rng.choice(sr.legal_moves(state))  # the state now keeps its verdicts
        reused += verdict_of(state, move) is not None
        copy = attrs.evolve(state)
        assert verdict_of(copy, move) is None, "a copy of the state used the verdicts of another"
        warm = sr.apply(state, move)
        cold = sr.apply(copy, move)
        assert cold[0] == warm[0], f"a different state after {move} without the verdicts"
        assert cold[1] == warm[1], f"different events after {move} without the verdicts"
        state = warm[0]
    assert state.round_over
    assert reused > 0, "no move was applied from a remembered verdict: the test checks nothing"

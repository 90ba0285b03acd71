"""``Table.freeze`` (which builds its ``State`` positionally, a speed device) gives back every field
of the state the table was made from, at every position of random play of every preset."""

from __future__ import annotations

import random

import attrs
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spite_rules.malice as sm
from spite_rules.malice.table import Table


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(sorted(sm.PRESETS)), st.integers(0, 10**6))
def test_a_table_freezes_back_into_its_state(preset: str, seed: int) -> None:
    state = sm.new_game(2, seed=seed, rules=sm.Rules.preset(preset))
    rng = random.Random(seed)
    for _ in range(300):
        frozen = Table(state).freeze()
        for field in attrs.fields(sm.State):
            assert getattr(frozen, field.name) == getattr(state, field.name), field.name
        if state.game_over:
            break
        state, _ = sm.apply(state, rng.choice(sm.legal_moves(state)))

"""Spite's engine makes no reference cycles: everything ``legal_moves`` and ``apply`` leave behind
is freed by reference counting alone, so CPython's cyclic collector finds nothing to collect.

Why it matters (issue 23): in random playouts the cyclic collector costs about a tenth of the time
(it runs every few hundred allocations and traverses the young objects for nothing), so a bulk
playout may pause it while it runs, and this test is what makes that safe. Seeded random rounds
(3 to 9 seats, either referee, both rulesets) run with the collector off; then a collection must
find no unreachable object.
"""

from __future__ import annotations

import gc
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spite_rules as sr

pytestmark = pytest.mark.rule("objective.round-end")


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=3, max_value=9),
    seed=st.integers(min_value=0, max_value=2**32),
    referee=st.sampled_from(list(sr.Referee)),
    ruleset=st.sampled_from([None, "2023-07"]),
)
def test_random_rounds_leave_no_cyclic_garbage(
    players: int, seed: int, referee: sr.Referee, ruleset: str | None
) -> None:
    rules = sr.Rules(referee=referee) if ruleset is None else sr.Rules.ruleset(ruleset, referee=referee)
    rng = random.Random(seed)
    # With the collector off, every container the round makes stays in the youngest generation,
    # so collecting that generation alone finds any cycle among them (what older objects refer to
    # is reachable anyway): the whole heap of the test session is not walked twice an example.
    gc.collect(0)
    enabled = gc.isenabled()
    gc.disable()
    try:
        state = sr.new_game(players, seed=seed, rules=rules)
        for _ in range(5_000):
            if state.round_over:
                break
            state, _ = sr.apply(state, rng.choice(sr.legal_moves(state)))
        assert state.round_over
        del state
        assert gc.collect(0) == 0, "a round left objects only a cyclic collection frees"
    finally:
        if enabled:
            gc.enable()

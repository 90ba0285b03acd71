"""The engine's ``evolve`` is only a speed device: it builds what ``attrs.evolve`` builds.

``spite_rules._evolve.evolve`` makes a frozen instance without the class's generated ``__init__``
where that initialiser only stores its arguments (it fills an unfrozen twin and gives it the frozen
class). Here ``attrs.evolve`` is the oracle: for states and tricks met in random seeded rounds,
with fields changed to values taken from other moments of the round, the two give equal instances
of exactly the class, frozen, with the same hash; and classes whose initialiser converts its
arguments still go through it.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spite_rules as sr
from spite_rules._evolve import evolve
from spite_rules.cards import parse_cards

pytestmark = pytest.mark.rule("objective.round-end")


def _round(players: int, seed: int) -> list[sr.State]:
    rng = random.Random(seed)
    state = sr.new_game(players, seed=seed)
    states = [state]
    while not state.round_over and len(states) < 400:
        state, _ = sr.apply(state, rng.choice(sr.legal_moves(state)))
        states.append(state)
    return states


def _same(built: object, expected: object) -> None:
    assert type(built) is type(expected)
    assert built == expected
    for field in attrs.fields(type(expected)):
        assert getattr(built, field.name) is getattr(expected, field.name), field.name
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.__setattr__("to_act", 0)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=3, max_value=9),
    seed=st.integers(min_value=0, max_value=2**32),
    picks=st.randoms(use_true_random=False),
)
def test_evolve_builds_what_attrs_evolve_builds(players: int, seed: int, picks: random.Random) -> None:
    states = _round(players, seed)
    state_fields = [field.name for field in attrs.fields(sr.State)]
    trick_fields = [field.name for field in attrs.fields(sr.Trick)]
    for _ in range(30):
        state, other = picks.choice(states), picks.choice(states)
        names = picks.sample(state_fields, picks.randint(0, 5))
        changes = {name: getattr(other, name) for name in names}
        _same(evolve(state, **changes), attrs.evolve(state, **changes))
        names = picks.sample(trick_fields, picks.randint(0, 4))
        changes = {name: getattr(other.trick, name) for name in names}
        built, expected = evolve(state.trick, **changes), attrs.evolve(state.trick, **changes)
        _same(built, expected)
        assert hash(built) == hash(expected)


def test_evolve_of_a_play_converts_its_cards_as_its_initialiser_does() -> None:
    play = sr.Play(0, "3♦")
    changed = evolve(play, cards="9♠ 9♦", direction="lower")
    assert changed == attrs.evolve(play, cards="9♠ 9♦", direction="lower")
    assert set(changed.cards) == set(parse_cards("9♠ 9♦")) and len(changed.cards) == 2
    assert changed.direction is sr.Direction.LOWER

"""The engine's copies with changes (``core.frozen.replace``) build what ``attrs.evolve`` builds.

Every value the engine copies at every action is a :class:`~spite_rules.core.frozen.Frozen` class
(Spite's state and trick, Spite and Malice's state), copied by ``replace`` (compiled: the class's own
``__init__`` given the value's fields, then the changes stored; interpreted: the instance's dict
copied, the changes laid over it). Here ``attrs.evolve``, reading the class's field table, is the
oracle: for states and tricks met in random seeded games, with fields changed to values taken from
other moments of the game, the two give equal instances of exactly the class, frozen, holding the
very same field values (an int the compiled build holds unboxed: an equal int), with no verdicts
carried over.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spite_rules as sr
from spite_rules.core.frozen import replace

if TYPE_CHECKING:
    from spite_rules.malice.state import State as MaliceState


def _round(players: int, seed: int) -> list[sr.State]:
    rng = random.Random(seed)
    state = sr.new_game(players, seed=seed)
    states = [state]
    while not state.round_over and len(states) < 400:
        state, _ = sr.apply(state, rng.choice(sr.legal_moves(state)))
        states.append(state)
    return states


def _malice_game(preset: str, seed: int, steps: int = 200) -> list[MaliceState]:
    """The states of a random two-seat Spite and Malice game of ``preset``, up to ``steps`` actions."""
    import spite_rules.malice as sm

    rng = random.Random(seed)
    state = sm.new_game(2, seed=seed, rules=sm.Rules.preset(preset))
    states = [state]
    for _ in range(steps):
        if state.game_over:
            break
        state, _ = sm.apply(state, rng.choice(sm.legal_moves(state)))
        states.append(state)
    return states


def _same(built: object, expected: object) -> None:
    assert type(built) is type(expected)
    assert built == expected
    for field in attrs.fields(type(expected)):
        got, wanted = getattr(built, field.name), getattr(expected, field.name)
        # the very same values (a compiled Frozen class holds an int unboxed: an equal int, read back)
        assert got is wanted or (type(got) is type(wanted) is int and got == wanted), field.name
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        built.__setattr__(attrs.fields(type(expected))[0].name, 0)


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    players=st.integers(min_value=3, max_value=9),
    seed=st.integers(min_value=0, max_value=2**32),
    picks=st.randoms(use_true_random=False),
)
def test_replace_builds_what_attrs_evolve_builds(players: int, seed: int, picks: random.Random) -> None:
    """``core.frozen.replace``, the engine's copy of a ``State`` or ``Trick`` with changes, against
    ``attrs.evolve`` reading the same field table."""
    states = _round(players, seed)
    state_fields = [field.name for field in attrs.fields(sr.State) if field.init]
    trick_fields = [field.name for field in attrs.fields(sr.Trick)]
    for _ in range(30):
        state, other = picks.choice(states), picks.choice(states)
        names = picks.sample(state_fields, picks.randint(0, 5))
        changes = {name: getattr(other, name) for name in names}
        _same(replace(state, **changes), attrs.evolve(state, **changes))
        names = picks.sample(trick_fields, picks.randint(0, 4))
        changes = {name: getattr(other.trick, name) for name in names}
        built, expected = replace(state.trick, **changes), attrs.evolve(state.trick, **changes)
        _same(built, expected)
        assert hash(built) == hash(expected)


#: The Spite and Malice values ``apply`` builds through ``constructor`` (``malice/turn.py``,


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    preset=st.sampled_from(["jacks", "common", "book", "three_decks"]),
    seed=st.integers(0, 10**6),
    picks=st.randoms(use_true_random=False),
)
def test_replace_builds_what_attrs_evolve_builds_for_malice_states(
    preset: str, seed: int, picks: random.Random
) -> None:
    import spite_rules.malice as sm

    states = _malice_game(preset, seed)
    names = [field.name for field in attrs.fields(sm.State) if field.init]
    for _ in range(30):
        state, other = picks.choice(states), picks.choice(states)
        sm.legal_moves(state)  # verdicts kept with it, which no copy carries over
        chosen = picks.sample(names, picks.randint(0, 6))
        changes = {name: getattr(other, name) for name in chosen}
        built = replace(state, **changes)
        _same(built, attrs.evolve(state, **changes))
        assert built.verdicts is None

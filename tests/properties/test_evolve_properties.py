"""The engine's ``evolve`` and ``constructor`` are only speed devices: they build what
``attrs.evolve`` and the class itself build.

``spite_rules.core._evolve`` makes a frozen instance without the class's generated ``__init__`` where
that initialiser only stores its arguments (it fills an unfrozen twin and gives it the frozen
class). Here ``attrs.evolve`` and the class are the oracles: for states and tricks met in random
seeded rounds, with fields changed to values taken from other moments of the round, and for every
event and trick value those rounds produce, rebuilt from its fields (by position and by keyword),
the two give equal instances of exactly the class, frozen, holding the very same field values and
with the same hash; and classes whose initialiser converts its arguments still go through it.
"""

from __future__ import annotations

import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spite_rules as sr
from spite_rules.core._evolve import constructor, evolve
from spite_rules.core.frozen import replace
from spite_rules.cards import parse_cards


def _round(
    players: int, seed: int, events: list[object] | None = None, rewards: list[object] | None = None
) -> list[sr.State]:
    rng = random.Random(seed)
    state = sr.new_game(players, seed=seed)
    states = [state]
    while not state.round_over and len(states) < 400:
        moves = sr.legal_moves(state)
        state, happened = sr.apply(state, rng.choice(moves))
        states.append(state)
        if events is not None:
            events += happened
        if rewards is not None:
            rewards += [move for move in moves if isinstance(move, sr.TakeReward)]
    return states


def _same(built: object, expected: object) -> None:
    assert type(built) is type(expected)
    assert built == expected
    for field in attrs.fields(type(expected)):
        assert getattr(built, field.name) is getattr(expected, field.name), field.name
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


def test_evolve_of_a_play_converts_its_cards_as_its_initialiser_does() -> None:
    play = sr.Play(0, "3♦")
    changed = evolve(play, cards="9♠ 9♦", direction="lower")
    assert changed == attrs.evolve(play, cards="9♠ 9♦", direction="lower")
    assert set(changed.cards) == set(parse_cards("9♠ 9♦")) and len(changed.cards) == 2
    assert changed.direction is sr.Direction.LOWER


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(min_value=3, max_value=9), seed=st.integers(min_value=0, max_value=2**32))
def test_constructor_builds_what_the_class_builds(players: int, seed: int) -> None:
    values: list[object] = []
    _round(players, seed, values)  # the events (the trick's values are Frozen, built natively)
    assert values
    for value in values:
        cls = type(value)
        make = constructor(cls)
        fields = attrs.fields(cls)
        by_name = {field.name: getattr(value, field.name) for field in fields}
        positional = [by_name[field.name] for field in fields if not field.kw_only]
        keywords = {field.name: by_name[field.name] for field in fields if field.kw_only}
        _same(make(**by_name), cls(**by_name))
        _same(make(*positional, **keywords), value)
        assert hash(make(**by_name)) == hash(value)
        required = {field.name: by_name[field.name] for field in fields if field.default is attrs.NOTHING}
        _same(make(**required), cls(**required))  # the defaults are the class's


def test_constructor_of_a_class_that_converts_is_the_class() -> None:
    assert constructor(sr.Play) is sr.Play


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.integers(min_value=3, max_value=9), seed=st.integers(min_value=0, max_value=2**32))
def test_a_converted_constructor_builds_what_the_class_builds_from_converted_values(
    players: int, seed: int
) -> None:
    rewards: list[object] = []
    _round(players, seed, rewards=rewards)
    # normal=True: TakeReward's post-init only checks its fields' types (issue 34), which
    # converted values already have
    make = constructor(sr.TakeReward, converted=True, normal=True)
    assert make is not sr.TakeReward
    for reward in rewards:
        assert isinstance(reward, sr.TakeReward)
        fields = (reward.player, reward.count, reward.give, reward.take)
        _same(make(*fields), sr.TakeReward(*fields))


def test_the_hot_value_classes_are_built_without_their_initialiser() -> None:
    for cls in (sr.Passed, sr.Played, sr.TrickWon):
        assert constructor(cls) is not cls, cls  # else the tests above compare the class to itself

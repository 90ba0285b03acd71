"""The engine's ``evolve`` and ``constructor`` are only speed devices: they build what
``attrs.evolve`` and the class itself build.

``spite_rules.core._evolve`` makes a frozen instance without the class's generated ``__init__`` where
that initialiser only stores its arguments (it fills an unfrozen twin and gives it the frozen
class). Here ``attrs.evolve`` and the class are the oracles: for the Spite and Malice values met in
random seeded games, rebuilt from their fields (by position and by keyword), the two give equal
instances of exactly the class, frozen, holding the very same field values and with the same hash;
and classes whose initialiser converts its arguments still go through it. Spite makes none of its
values this way now (its state, trick and events are ``core.frozen`` values, whose class and
:func:`~spite_rules.core.frozen.replace` tests/properties/test_frozen_values.py holds to their
tables); its ``State`` and ``Trick`` copied with changes by ``replace`` are held to ``attrs.evolve``
here, for states and tricks met in random rounds with fields changed to values taken from other
moments of the round.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import spite_rules as sr
from spite_rules.core._evolve import constructor
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
#: ``malice/table.py``, ``malice/moves.py``).
def _malice_built() -> tuple[type, ...]:
    import spite_rules.malice as sm
    from spite_rules.malice import events as me

    return (sm.State, me.Drew, me.Played, me.PayoffTurnedUp, me.StackCompleted, me.StackSetAside, me.Discarded,
            me.SideCardMoved, me.TurnEnded, me.TurnBegan)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["jacks", "common", "book", "three_decks"]), seed=st.integers(0, 10**6))
def test_constructor_builds_the_malice_values_the_class_builds(preset: str, seed: int) -> None:
    import spite_rules.malice as sm

    rng = random.Random(seed)
    state = sm.new_game(2, seed=seed, rules=sm.Rules.preset(preset))
    values: list[object] = [state]
    for _ in range(300):
        if state.game_over:
            break
        state, happened = sm.apply(state, rng.choice(sm.legal_moves(state)))
        values.append(state)
        values += happened
    built = _malice_built()
    for value in values:
        cls = type(value)
        if cls not in built:
            continue
        make = constructor(cls)
        fields = attrs.fields(cls)
        by_name = {field.name: getattr(value, field.name) for field in fields}
        _same(make(**by_name), cls(**by_name))
        _same(make(*by_name.values()), value)
        assert hash(make(**by_name)) == hash(value) == hash(cls(**by_name))
        required = {field.name: by_name[field.name] for field in fields if field.default is attrs.NOTHING}
        _same(make(**required), cls(**required))  # the defaults are the class's


def test_the_malice_values_apply_makes_are_built_without_their_initialiser() -> None:
    for cls in _malice_built():
        assert constructor(cls) is not cls, cls  # else the test above compares the class to itself


def test_constructor_of_a_class_with_a_post_init_hook_is_the_class_unless_the_values_are_normal() -> None:
    from spite_rules.malice.actions import Play

    assert constructor(Play) is Play
    assert constructor(Play, converted=True) is Play  # its __attrs_post_init__ still runs
    assert constructor(Play, converted=True, normal=True) is not Play


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["jacks", "common", "book", "three_decks"]), seed=st.integers(0, 10**6),
       picks=st.randoms(use_true_random=False))
def test_malice_plays_are_built_as_the_class_builds_them(preset: str, seed: int, picks: random.Random) -> None:
    """``moves.play`` (through ``constructor(Play, converted=True, normal=True)``) gives what
    ``Play(...)`` gives for the same arguments, spelled any way its post-init hook accepts (the
    player's own pile named by its seat, a side stack named for a card not from a side stack)."""
    import spite_rules.malice as sm
    from spite_rules.malice.actions import Origin, Play
    from spite_rules.malice.moves import play

    make = constructor(Play, converted=True, normal=True)
    rng = random.Random(seed)
    state = sm.new_game(2, seed=seed, rules=sm.Rules.preset(preset))
    plays: list[Play] = []
    for _ in range(300):
        if state.game_over:
            break
        moves = sm.legal_moves(state)
        plays += [move for move in moves if type(move) is Play]
        state, _ = sm.apply(state, rng.choice(moves))
    for move in plays:
        fields = (move.player, move.card, move.centre)
        keywords = {"origin": move.origin, "side": move.side, "owner": move.owner}
        _same(make(*fields, **keywords), Play(*fields, **keywords))
        assert hash(make(*fields, **keywords)) == hash(move)
        owner = move.player if move.owner is None and picks.random() < 0.5 else move.owner
        side = picks.randrange(4) if move.origin is not Origin.SIDE and picks.random() < 0.5 else move.side
        _same(play(move.player, move.card, move.centre, move.origin, side, owner),
              Play(*fields, origin=move.origin, side=side, owner=owner))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["jacks", "common", "book", "three_decks"]), seed=st.integers(0, 10**6),
       picks=st.randoms(use_true_random=False))
def test_replacer_builds_what_attrs_evolve_builds(preset: str, seed: int, picks: random.Random) -> None:
    """``replacer(State, names)`` (``quick_turn_end``'s ``_TURN_END_STATE``, and any other set of fields)
    gives ``attrs.evolve`` of the same changes, for states of random games."""
    import spite_rules.malice as sm
    from spite_rules.core._evolve import replacer
    from spite_rules.malice.turn_end import _TURN_END_STATE

    states = _malice_game(preset, seed)
    names = [field.name for field in attrs.fields(sm.State)]
    turn_end = ("hands", "side", "stock", "to_act", "phase", "moved", "passes", "owed", "exchange", "pending",
                "game_over", "verdicts")
    for _ in range(30):
        state, other = picks.choice(states), picks.choice(states)
        values = [getattr(other, name) for name in turn_end]
        built, expected = _TURN_END_STATE(state, *values), attrs.evolve(state, **dict(zip(turn_end, values)))
        _same(built, expected)
        assert hash(built) == hash(expected)
        chosen = tuple(picks.sample(names, picks.randint(0, 6)))
        values = [getattr(other, name) for name in chosen]
        _same(replacer(sm.State, chosen)(state, *values), attrs.evolve(state, **dict(zip(chosen, values))))


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(preset=st.sampled_from(["jacks", "common", "book", "three_decks"]), seed=st.integers(0, 10**6),
       picks=st.randoms(use_true_random=False))
def test_reader_reads_what_getattr_reads(preset: str, seed: int, picks: random.Random) -> None:
    """``reader(State, names)`` (``quick_turn_end``'s ``_READ_TURN_END``, ``Table``'s ``_READ_STATE``,
    and any other fields in any order) gives the very objects ``getattr`` gives, for states of random
    games; a name that is not a field is refused when the reader is made."""
    import spite_rules.malice as sm
    from spite_rules.core._evolve import reader
    from spite_rules.malice.table import READ_STATE as _READ_STATE
    from spite_rules.malice.turn_end import _READ_TURN_END

    states = _malice_game(preset, seed)
    names = [field.name for field in attrs.fields(sm.State)]
    turn_end = ("rules", "owed", "exchange", "final_turn", "finisher", "used", "payoff", "hands", "side", "stock",
                "moved", "passes")
    for _ in range(30):
        state = picks.choice(states)
        chosen = tuple(picks.sample(names, picks.randint(1, len(names))))
        every = [name for name in names if name != "verdicts"]  # what a Table copies
        for read, fields in ((_READ_TURN_END, turn_end), (_READ_STATE, every), (reader(sm.State, chosen), chosen)):
            found = read(state)
            assert type(found) is tuple and len(found) == len(fields)
            for value, name in zip(found, fields):
                assert value is getattr(state, name), name
    with pytest.raises(TypeError, match=r"State has no fields \['player'\]"):
        reader(sm.State, ("hands", "player"))
